"""Bots for the Cluedo Card Game.  A bot answers ``choose(game, actions, chance)``.

``chance`` is the game's own source of randomness, so bot games replay
exactly from their seed.  No bot peeks at a miniature: they are face down.

After a Dagger a player *can* choose a rival to miss a turn or let nobody
miss one (``SkipNobody()``, rule 6).  Shedder and Revolverist always choose a
victim (a missed turn for a rival never hurts them); Random picks among all
the choices, declining included.
"""
from __future__ import annotations

from boardkit.core.bots import Random  # noqa: F401 (any legal action, equally likely)

from .actions import Play, Skip, SkipNobody, SwapWith
from .rules import SWAP_HANDS


def follow_ups(hand, played, fits) -> int:
    """How many of the other cards in ``hand`` could go on ``played`` (options kept for later).

    ``fits`` is the set of cards that may go on ``played`` (``game.matching[played]``),
    worked out once per deck rather than card by card.  ``played`` itself is in
    it, so its copies in the hand are taken off again.
    """
    return len([c for c in hand if c in fits]) - hand.count(played)


def most_follow_ups(plays, hand, game):
    """The first of these Play actions whose card leaves most cards of ``hand`` able to follow it.

    The same as ``max(plays, key=lambda a: follow_ups(...))``, written as a
    loop because bots call it at most turns of every simulated game.
    """
    if len(plays) == 1:
        return plays[0]
    matching = game.matching
    # With one copy of each card (the rulebook's deck) no card is in a hand
    # twice, so a set intersection counts the follow-ups -- the same number as
    # follow_ups(), found faster.
    held = set(hand) if game.rules.copies == 1 else None
    best, most = None, -1
    for action in plays:
        played = action.card
        fits = matching[played]
        count = len(fits & held) - 1 if held is not None else follow_ups(hand, played, fits)
        if count > most:
            best, most = action, count
    return best


def action_cards(plays, powers) -> list:
    """The Play actions whose card has a power (``powers``: ``rules.power_of``).

    The same as ``[a for a in plays if a.card.picture in powers]``, written as
    a loop because bots call it at most turns of every simulated game.
    """
    kept = []
    for action in plays:
        if action.card.picture in powers:
            kept.append(action)
    return kept


def rivals_only(choices) -> list:
    """The Skip choices of a Dagger without ``SkipNobody()``: the bots that use it always pick a victim."""
    return [choice for choice in choices if type(choice) is not SkipNobody]


def fewest_cards(game, choices):
    """The Skip or SwapWith choice aimed at the rival nearest going out: the
    fewest cards (ties: the higher score, then the first choice, in turn order).

    The same as ``min(choices, key=lambda a: (len(game.hands[a.player]), -game.scores[a.player]))``,
    written as a loop because bots call it after every Dagger and Revolver.
    """
    hands, scores = game.hands, game.scores
    best = choices[0]
    for choice in choices[1:]:
        fewer = len(hands[choice.player]) - len(hands[best.player])
        if fewer < 0 or (fewer == 0 and scores[choice.player] > scores[best.player]):
            best = choice
    return best


class Shedder:
    """Gets rid of cards fast.

    * Plays an action card whenever it can (they slow rivals down or, with
      the Rope, play again), then the card that leaves most cards of its hand
      able to follow it.
    * Dagger: the rival with fewest cards misses a turn (it never lets
      nobody miss one, though the rules allow it).
    * Revolver: swaps with the rival holding fewest cards.
    """

    name = "Shedder"

    def choose(self, game, actions, chance):
        kind = type(actions[0])
        if kind is Play:
            with_power = action_cards(actions, game.rules.power_of)
            return most_follow_ups(with_power or actions, game.hands[game.current], game)
        if kind is Skip:
            return fewest_cards(game, rivals_only(actions))
        if kind is SwapWith:
            return fewest_cards(game, actions)
        return actions[0]

    def __repr__(self):
        return f"{type(self).__name__}()"


class Revolverist:
    """Saves the Revolver for the right moment and stabs the leader.

    * Keeps the Revolver until its hand holds at least ``margin`` more cards
      than the smallest rival hand, then plays it as soon as it can; it plays
      it anyway when nothing else can be played.
    * Otherwise plays plain cards before action cards (keeping them in
      reserve), the one that leaves most cards able to follow it.
    * Dagger: the rival with the highest score misses a turn (ties: fewest
      cards, then the first in turn order); it never lets nobody miss one.
    * Revolver: swaps with the rival holding fewest cards.
    """

    name = "Revolverist"

    def __init__(self, margin: int = 3):
        self.margin = margin

    def choose(self, game, actions, chance):
        kind = type(actions[0])
        if kind is Play:
            return self._play(game, actions)
        if kind is Skip:
            return max(rivals_only(actions), key=lambda a: (game.scores[a.player], -len(game.hands[a.player])))
        if kind is SwapWith:
            return fewest_cards(game, actions)
        return actions[0]

    def _play(self, game, actions):
        hand, powers = game.hands[game.current], game.rules.power_of
        revolvers, plain_cards, other_action_cards = [], [], []
        for action in actions:
            power = powers.get(action.card.picture)
            if power == SWAP_HANDS:
                revolvers.append(action)
            elif power is None:
                plain_cards.append(action)
            else:
                other_action_cards.append(action)
        if revolvers:
            smallest = min(len(game.hands[p]) for p in game.others())
            if len(hand) - smallest >= self.margin:
                return revolvers[0]
        return most_follow_ups(plain_cards or other_action_cards or revolvers, hand, game)

    def __repr__(self):
        return f"{type(self).__name__}(margin={self.margin})"

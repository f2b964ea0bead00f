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

from .actions import Play, Skip, SwapWith
from .rules import SWAP_HANDS


def follow_ups(hand, played) -> int:
    """How many of the other cards in ``hand`` could go on ``played`` (options kept for later).

    A card follows ``played`` with the same picture or the same number (``game.matches``); ``played``
    matches itself, so it and its copies in the hand are taken off again.
    """
    picture, number = played
    fits = 0
    for c in hand:
        if c.picture == picture or c.number == number:
            fits += 1
    return fits - hand.count(played)


def most_follow_ups(plays, hand):
    """The first of these Play actions whose card leaves most cards of ``hand`` able to follow it."""
    if len(plays) == 1:
        return plays[0]  # the only choice
    best, most = None, -1
    for action in plays:
        count = follow_ups(hand, action.card)
        if count > most:
            best, most = action, count
    return best


def action_cards(plays, powers) -> list:
    """The Play actions whose card has a power (``powers``: ``rules.power_of``)."""
    return [action for action in plays if action.card.picture in powers]


def rivals_only(choices) -> list:
    """The Skip choices of a Dagger without ``SkipNobody()``: the bots that use it always pick a victim."""
    return [choice for choice in choices if isinstance(choice, Skip)]


def fewest_cards(game, choices):
    """The Skip or SwapWith choice aimed at the rival nearest going out: the
    fewest cards (ties: the higher score, then the first choice, in turn order)."""
    return min(choices, key=lambda action: (len(game.hands[action.player]), -game.scores[action.player]))


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
        if isinstance(actions[0], Play):
            with_power = action_cards(actions, game.rules.power_of)
            return most_follow_ups(with_power or actions, game.hands[game.current])
        if isinstance(actions[0], Skip):
            return fewest_cards(game, rivals_only(actions))
        if isinstance(actions[0], SwapWith):
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
        if isinstance(actions[0], Play):
            return self._play(game, actions)
        if isinstance(actions[0], Skip):
            return max(rivals_only(actions), key=lambda a: (game.scores[a.player], -len(game.hands[a.player])))
        if isinstance(actions[0], SwapWith):
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
        return most_follow_ups(plain_cards or other_action_cards or revolvers, hand)

    def __repr__(self):
        return f"{type(self).__name__}(margin={self.margin})"

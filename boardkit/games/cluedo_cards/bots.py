"""Bots for the Cluedo Card Game.  A bot answers ``choose(game, actions, chance)``.

``chance`` is the game's own source of randomness, so bot games replay
exactly from their seed.  No bot peeks at a miniature: they are face down.
"""
from __future__ import annotations

from boardkit.core.bots import Random  # noqa: F401 (any legal action, equally likely)

from .actions import Play, Skip, SwapWith
from .rules import SWAP_HANDS


def follow_ups(hand, played) -> int:
    """How many of the other cards in ``hand`` could go on ``played`` (options kept for later)."""
    picture, number = played
    return sum(1 for c in hand if c is not played and (c.picture == picture or c.number == number))


def fewest_cards(game, seats) -> int:
    """The seat nearest going out (ties: the higher score, then seat order)."""
    return min(seats, key=lambda p: (len(game.hands[p]), -game.scores[p]))


class Shedder:
    """Gets rid of cards fast.

    * Plays an action card whenever it can (they slow rivals down or, with
      the Rope, play again), then the card that leaves most cards of its hand
      able to follow it.
    * Dagger: the rival with fewest cards misses a turn.
    * Revolver: swaps with the rival holding fewest cards.
    """

    name = "Shedder"

    def choose(self, game, actions, chance):
        kind = type(actions[0])
        if kind is Play:
            hand, powers = game.hands[game.current], game.rules.power_of
            return max(actions, key=lambda a: (a.card.picture in powers, follow_ups(hand, a.card)))
        if kind is Skip:
            return Skip(fewest_cards(game, [a.player for a in actions]))
        if kind is SwapWith:
            return SwapWith(fewest_cards(game, [a.player for a in actions]))
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
    * Dagger: the rival with the highest score misses a turn (ties: fewest cards).
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
            return max(actions, key=lambda a: (game.scores[a.player], -len(game.hands[a.player])))
        if kind is SwapWith:
            return SwapWith(fewest_cards(game, [a.player for a in actions]))
        return actions[0]

    def _play(self, game, actions):
        hand, powers = game.hands[game.current], game.rules.power_of
        revolvers = [a for a in actions if powers.get(a.card.picture) == SWAP_HANDS]
        smallest = min(len(game.hands[p]) for p in game.others())
        if revolvers and len(hand) - smallest >= self.margin:
            return revolvers[0]
        others = [a for a in actions if powers.get(a.card.picture) != SWAP_HANDS] or actions
        return max(others, key=lambda a: (a.card.picture not in powers, follow_ups(hand, a.card)))

    def __repr__(self):
        return f"{type(self).__name__}(margin={self.margin})"

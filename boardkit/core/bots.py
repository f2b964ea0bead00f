"""Bots every game can use.  A bot answers ``choose(game, actions, chance)``.

``chance`` is the game's own source of randomness, so bot games replay
exactly from their seed.
"""
from __future__ import annotations


class Random:
    """Picks any legal action, each equally likely."""

    name = "Random"

    def choose(self, game, actions, chance):
        return chance.pick(actions)

    def __repr__(self):
        return f"{type(self).__name__}()"

"""Decisions many games share.

A game's decisions are small named tuples with a ``kind`` tag as their last
field, so two different decisions that carry the same value (a card to give
and the same card to discard) are never equal, and comparing them is fast.
"""
from __future__ import annotations

from typing import NamedTuple


class Roll(NamedTuple):
    """Throw the die and move your pawn."""

    kind: str = "roll"

    def __str__(self):
        return "roll the die"

    def __repr__(self):
        return "Roll()"


#: The one Roll decision every game hands out (so a check finds it identical at once).
ROLL = Roll()

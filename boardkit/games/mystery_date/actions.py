"""The decisions a Mystery Date player makes.  Each is a small printable value.

They are named tuples with a ``kind`` tag as their last field, so that two
different decisions about the same card (``Discard(card)`` and
``Give(card)``) are never equal, and comparing them is fast.
"""
from __future__ import annotations

from typing import NamedTuple

from boardkit.core.actions import ROLL, Roll  # noqa: F401 (the shared roll decision)

from .events import Card, seat


class Discard(NamedTuple):
    """Put a card from the hand face up on the discard pile (hand over the limit)."""

    card: Card
    kind: str = "discard"

    def __str__(self):
        return f"discard the {self.card}"

    def __repr__(self):
        return f"Discard({self.card!r})"


class TakeFrom(NamedTuple):
    """On TAKE 1 FROM EITHER: take the top card of the 'draw' or the 'discard' pile."""

    pile: str
    kind: str = "take from"

    def __str__(self):
        return f"take from the {self.pile} pile"

    def __repr__(self):
        return f"TakeFrom({self.pile!r})"


class SwapWith(NamedTuple):
    """On SWAP ANY PLAYER: choose whom to swap with."""

    opponent: int
    kind: str = "swap with"

    def __str__(self):
        return f"swap with {seat(self.opponent)}"

    def __repr__(self):
        return f"SwapWith({self.opponent!r})"


class Give(NamedTuple):
    """In a swap: the card laid face down in front of the opponent."""

    card: Card
    kind: str = "give"

    def __str__(self):
        return f"give the {self.card}"

    def __repr__(self):
        return f"Give({self.card!r})"


class ShowOutfit(NamedTuple):
    """On OPEN THE DOOR with a 1-2-3 of one colour: show it and open the door."""

    colour: str
    kind: str = "show outfit"

    def __str__(self):
        return f"show the {self.colour} outfit and open the door"

    def __repr__(self):
        return f"ShowOutfit({self.colour!r})"


#: the two piles of TAKE 1 FROM EITHER, made once and handed out every time
TAKE_DRAW = TakeFrom("draw")
TAKE_DISCARD = TakeFrom("discard")

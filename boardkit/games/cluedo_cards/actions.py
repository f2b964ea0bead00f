"""The decisions a Cluedo Card Game player makes.  Each is a small printable value.

Named tuples with a ``kind`` tag as their last field, so two different
decisions about the same seat (``Skip(1)`` and ``SwapWith(1)``) are never equal.
"""
from __future__ import annotations

from typing import NamedTuple

from .events import Card, seat


class Play(NamedTuple):
    """Lay ``card`` on the discard pile (same picture or same number as the top card)."""

    card: Card
    kind: str = "play"

    def __str__(self):
        return f"play the {self.card}"

    def __repr__(self):
        return f"Play({self.card!r})"


class Draw(NamedTuple):
    """No card can be played: take the top card of the draw pile; play passes."""

    kind: str = "draw"

    def __str__(self):
        return "draw a card"

    def __repr__(self):
        return "Draw()"


class Pass(NamedTuple):
    """No card can be played and there is none to draw: play passes."""

    kind: str = "pass"

    def __str__(self):
        return "pass"

    def __repr__(self):
        return "Pass()"


class Skip(NamedTuple):
    """After a Dagger: ``player`` must miss a turn."""

    player: int
    kind: str = "skip"

    def __str__(self):
        return f"make {seat(self.player)} miss a turn"

    def __repr__(self):
        return f"Skip({self.player!r})"


class SkipNobody(NamedTuple):
    """After a Dagger: nobody misses a turn.  Rule 6: "they *can* choose a player
    to miss a turn" -- a choice the player may also decline."""

    kind: str = "skip nobody"

    def __str__(self):
        return "let nobody miss a turn"

    def __repr__(self):
        return "SkipNobody()"


class SwapWith(NamedTuple):
    """After a Revolver: swap whole hands with ``player``."""

    player: int
    kind: str = "swap with"

    def __str__(self):
        return f"swap hands with {seat(self.player)}"

    def __repr__(self):
        return f"SwapWith({self.player!r})"


#: the decisions that carry no value, made once and handed out every time
DRAW = Draw()
PASS = Pass()
SKIP_NOBODY = SkipNobody()

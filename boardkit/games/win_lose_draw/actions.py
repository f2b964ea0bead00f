"""The decisions of Win, Lose or Draw.  Each is a small printable value.

Named tuples with a ``kind`` tag as their last field, so two different
decisions about the same seat (``PickSketcher(2)`` and ``Award((2,))``) are
never equal.  The sketch itself and the shouting are not decisions: what the
model needs of them is their outcome, which the table decides --

* ``Award(seats)``: the Sketcher says these Guessers got it (a called-out
  guess, or overruling the matcher to accept a typed one);
* ``TimeUp()``: the timer ran out with nobody right (an App's countdown
  takes it; a bot table takes it when its drawing fails).

A *typed* guess is not a decision in turn (guessing "is NOT done in turn"):
it goes through ``Game.guess(seat, text)``, and a guess the matcher accepts
waits for the Sketcher's ``Confirm()`` or ``Overrule()``.
"""
from __future__ import annotations

from typing import NamedTuple

from boardkit.core.actions import ROLL, Roll
from boardkit.core.events import seat


def _seats(seats) -> str:
    names = [seat(s) for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class Award(NamedTuple):
    """The Sketcher rules that ``seats`` guessed right (more than one: at exactly the same time)."""

    seats: tuple
    kind: str = "award"

    def __str__(self):
        return f"{_seats(self.seats)} guessed it"

    def __repr__(self):
        return f"Award({self.seats!r})"


class TimeUp(NamedTuple):
    """The timer ran out and nobody guessed right."""

    kind: str = "time up"

    def __str__(self):
        return "time's up"

    def __repr__(self):
        return "TimeUp()"


class Confirm(NamedTuple):
    """The Sketcher agrees with the matcher's verdict on a typed guess."""

    kind: str = "confirm"

    def __str__(self):
        return "agree with the matcher"

    def __repr__(self):
        return "Confirm()"


class Overrule(NamedTuple):
    """The Sketcher overrules the matcher's verdict on a typed guess (right becomes wrong or wrong right)."""

    kind: str = "overrule"

    def __str__(self):
        return "overrule the matcher"

    def __repr__(self):
        return "Overrule()"


class PickSketcher(NamedTuple):
    """Team Play with ``team_picks_sketcher``: the team picks ``player`` to sketch next."""

    player: int
    kind: str = "pick sketcher"

    def __str__(self):
        return f"{seat(self.player)} sketches"

    def __repr__(self):
        return f"PickSketcher({self.player})"


class PlacePawn(NamedTuple):
    """Gameboard Play: the first Sketcher puts the white square pawn on the Spade Space ``space``."""

    space: int
    kind: str = "place pawn"

    def __str__(self):
        return f"put the white pawn on space {self.space}"

    def __repr__(self):
        return f"PlacePawn({self.space})"


class TakePawn(NamedTuple):
    """Gameboard Play: the correct Guesser takes a pawn of ``colour`` (one she doesn't own yet)."""

    colour: str
    kind: str = "take pawn"

    def __str__(self):
        return f"take {'an' if self.colour[0] in 'aeiou' else 'a'} {self.colour} pawn"

    def __repr__(self):
        return f"TakePawn({self.colour!r})"


CONFIRM = Confirm()
OVERRULE = Overrule()
TIME_UP = TimeUp()

__all__ = ["Award", "CONFIRM", "Confirm", "OVERRULE", "Overrule", "PickSketcher", "PlacePawn", "ROLL", "Roll",
           "TIME_UP", "TakePawn", "TimeUp"]

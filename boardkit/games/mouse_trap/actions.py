"""The decisions a Mouse Trap player makes.  Each is a small printable value.

Named tuples with a ``kind`` tag as their last field, so two different
decisions about the same seat (``Push(1)`` and a split) are never equal.
"""
from __future__ import annotations

from typing import NamedTuple

from boardkit.core.actions import ROLL, Roll  # noqa: F401 (the shared roll decision)

from .events import seat


class Build(NamedTuple):
    """On a build space for this many players: build the next part(s) and take a cheese per part.

    The rulebook says the player "may build", so building is her choice (see :class:`DoNotBuild`)."""

    kind: str = "build"

    def __str__(self):
        return "build"

    def __repr__(self):
        return "Build()"


class DoNotBuild(NamedTuple):
    """On a build space: decline to build (no part, no cheese) and end the turn."""

    kind: str = "do not build"

    def __str__(self):
        return "do not build"

    def __repr__(self):
        return "DoNotBuild()"


class Push(NamedTuple):
    """On TURN CRANK: pay a cheese, roll, and move ``opponent``'s mouse that many spaces."""

    opponent: int
    kind: str = "push"

    def __str__(self):
        return f"pay a cheese to push {seat(self.opponent)}'s mouse"

    def __repr__(self):
        return f"Push({self.opponent!r})"


class Crank(NamedTuple):
    """Turn the crank: set the trap in motion on the mice on the Cheese Wheel."""

    kind: str = "crank"

    def __str__(self):
        return "turn the crank"

    def __repr__(self):
        return "Crank()"


class Stop(NamedTuple):
    """On TURN CRANK with no mouse on the wheel: stop paying and end the turn."""

    kind: str = "stop"

    def __str__(self):
        return "stop and end the turn"

    def __repr__(self):
        return "Stop()"


class Split(NamedTuple):
    """Taking cheese from rivals tied for the most: how many from each.

    ``amounts`` is a tuple of ``(seat, cheese)`` pairs in seat order (zeros left out).
    """

    amounts: tuple
    kind: str = "split"

    def __str__(self):
        return "take " + ", ".join(f"{n} from {seat(p)}" for p, n in self.amounts)

    def __repr__(self):
        return f"Split({self.amounts!r})"


BUILD_IT = Build()
DONT_BUILD = DoNotBuild()
CRANK = Crank()
STOP = Stop()

"""The decisions a Philo Vance player makes.  Each is a small printable value.

Named tuples with a ``kind`` tag as their last field, so two decisions that
carry the same number (turning up juror 3, keeping a clue on juror 3) are
never equal.  Jurors and hand places are numbered from 1, as on the court card.
"""
from __future__ import annotations

from typing import NamedTuple

from boardkit.core.actions import ROLL, Roll  # noqa: F401 (throw the dice: the shared decision)

from .components import CLUES, SUSPECTS

#: Bump(piece, QUEUE): a piece bumped off X goes to the Radio Car queue
QUEUE = -1


def suspect_name(index: int) -> str:
    return SUSPECTS[index].name


def clue_text(clue: int) -> str:
    return CLUES[clue].text


class Arrest(NamedTuple):
    """Before the dice: "I arrest ... on suspicion" (then name the clues one by one)."""

    suspect: int
    kind: str = "arrest"

    def __str__(self):
        return f"arrest {suspect_name(self.suspect)} on suspicion"


class Name(NamedTuple):
    """Name one of your face-up clues as applying to the suspect you are arresting."""

    clue: int
    kind: str = "name"

    def __str__(self):
        return f"name the clue '{clue_text(self.clue)}'"


class Convict(NamedTuple):
    """Before the dice: "I wish to convict ..." your own suspect with the clues in play."""

    kind: str = "convict"

    def __str__(self):
        return "try to convict your suspect"


class TurnUp(NamedTuple):
    """Turn up the face-down clue on this juror: after doubles any one, after a total equal to a
    juror's number that juror's."""

    juror: int
    kind: str = "turn up"

    def __str__(self):
        return f"turn up the clue on juror {self.juror}"


class LeaveDown(NamedTuple):
    """After doubles or a juror's total: turn no clue up ("which allows him to turn up any Clue Card,
    or a total ...": he may decline)."""

    kind: str = "leave down"

    def __str__(self):
        return "leave the clues face down"


class Move(NamedTuple):
    """Move the piece whose move it is to this space (the whole throw, one way)."""

    space: int
    kind: str = "move"

    def __str__(self):
        return f"move to space {self.space}"


class LeavePhiloVance(NamedTuple):
    """Do not move Philo Vance this turn ("he may use the Two Pieces"): he stays where he is."""

    kind: str = "leave Philo Vance"

    def __str__(self):
        return "leave Philo Vance where he is"


class Bump(NamedTuple):
    """Bump ``piece`` (a seat, or PHILO_VANCE) from the space you landed on to ``to``
    (an adjoining space; ``QUEUE`` for a piece bumped off X)."""

    piece: int
    to: int
    kind: str = "bump"

    def __str__(self):
        where = "the Radio Car" if self.to == QUEUE else f"space {self.to}"
        return f"bump piece {self.piece} to {where}"


class NoBump(NamedTuple):
    """Leave the pieces you landed beside where they are."""

    kind: str = "no bump"

    def __str__(self):
        return "do not bump"


class PushOn(NamedTuple):
    """Multiple bumping: where the next piece down the line goes (a fork in the path)."""

    space: int
    kind: str = "push on"

    def __str__(self):
        return f"bump the next piece on to space {self.space}"


class TurnDown(NamedTuple):
    """Turn face down the clue on this juror of the player you bumped."""

    juror: int
    kind: str = "turn down"

    def __str__(self):
        return f"turn down the clue on juror {self.juror}"


class Spare(NamedTuple):
    """Bumped a player but turn none of his clues down."""

    kind: str = "spare"

    def __str__(self):
        return "turn no clue down"


class Keep(NamedTuple):
    """Keep the clue you drew, on this juror (or hand place), discarding the clue there."""

    slot: int
    kind: str = "keep"

    def __str__(self):
        return f"keep the clue in place of number {self.slot}"


class Discard(NamedTuple):
    """Discard the clue you drew (it lies face up on the discard pile)."""

    kind: str = "discard"

    def __str__(self):
        return "discard the clue"


class NoDraw(NamedTuple):
    """On a red clue spot: do not draw ("he may draw a Clue Card")."""

    kind: str = "no draw"

    def __str__(self):
        return "do not draw a clue"


class Claim(NamedTuple):
    """ "I claim that clue": take the top discard, to keep if you land on a clue spot next turn."""

    kind: str = "claim"

    def __str__(self):
        return "claim the clue on the discard pile"


class Pass(NamedTuple):
    """Do not claim the discard."""

    kind: str = "pass"

    def __str__(self):
        return "do not claim it"


class Demand(NamedTuple):
    """On X after a failed conviction: demand this clue from the first player showing it."""

    clue: int
    kind: str = "demand"

    def __str__(self):
        return f"demand the clue '{clue_text(self.clue)}'"


class Draw(NamedTuple):
    """Draw a clue from the pile: on a red clue spot, or on X after a failed conviction
    (in the regular way instead of demanding)."""

    kind: str = "draw"

    def __str__(self):
        return "draw a clue from the pile"


class Pick(NamedTuple):
    """Children's game: choose the confirmation card to play for."""

    suspect: int
    kind: str = "pick"

    def __str__(self):
        return f"play for {suspect_name(self.suspect)}'s card"


CONVICT = Convict()
LEAVE_DOWN = LeaveDown()
LEAVE_PHILO_VANCE = LeavePhiloVance()
NO_DRAW = NoDraw()
NO_BUMP = NoBump()
SPARE = Spare()
DISCARD = Discard()
CLAIM = Claim()
PASS = Pass()
DRAW = Draw()

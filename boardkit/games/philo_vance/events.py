"""What can happen in a game of Philo Vance, as records a view can animate.

Clues are clue ids and suspects are indexes into ``components``; each event's
``describe()`` turns them into the words of the game.
"""
from __future__ import annotations

from dataclasses import dataclass

from boardkit.core.events import Event, NothingHappens, TurnCap, seat  # noqa: F401 (shared events)

from .components import CLUES, SUSPECTS
from .rules import PHILO_VANCE


def piece_name(piece: int) -> str:
    return "Philo Vance" if piece == PHILO_VANCE else f"{seat(piece)}'s detective"


def clue(clue_id: int) -> str:
    return f"'{CLUES[clue_id].text}'"


def suspect(index: int) -> str:
    return SUSPECTS[index].name


@dataclass(frozen=True)
class FirstThrows(Event):
    """Everybody threw both dice; ``totals`` per seat, and the seat that starts (highest, ties thrown again)."""

    totals: tuple
    starter: int

    def describe(self):
        return f"Highest throw starts: {seat(self.starter)} begins."


@dataclass(frozen=True)
class Thrown(Event):
    """The player threw the white and the coloured die."""

    white: int
    coloured: int

    def describe(self):
        double = " (doubles)" if self.white == self.coloured else ""
        return f"{seat(self.player)} throws {self.white} (white) and {self.coloured} (coloured){double}."


@dataclass(frozen=True)
class Moved(Event):
    """A piece moved.  ``how``: "throw", "arrow" (a green arrow sent it to X),
    "bumped", "queue" (bumped onto X: sent to the Radio Car queue) or "start"
    (Philo Vance set on START)."""

    piece: int
    start: int | None
    end: int
    where: str
    how: str

    def describe(self):
        verbs = {"throw": "moves to", "arrow": "follows the green arrow to", "bumped": "is bumped to",
                 "queue": "is sent to", "start": "enters the game at"}
        return f"{piece_name(self.piece)} {verbs[self.how]} {self.where}."


@dataclass(frozen=True)
class CantMove(Event):
    """The piece had no space it could reach with this throw (or must wait in the queue)."""

    piece: int
    reason: str

    def describe(self):
        return f"{piece_name(self.piece)} cannot move: {self.reason}."


@dataclass(frozen=True)
class ReceivedClues(Event):
    """First to X: twelve clues from the top of the pile, laid on jurors 1-12 unsorted."""

    clues: tuple

    def describe(self):
        return f"{seat(self.player)} reaches X and lays {len(self.clues)} clues on the jurors."


@dataclass(frozen=True)
class DrewClue(Event):
    """The player took a clue: ``source`` "pile", "claim" (the clue claimed) or a seat (a demand)."""

    clue: int
    source: object

    def describe(self):
        whence = {"pile": "from the pile", "claim": "that was claimed"}.get(self.source)
        whence = whence or f"demanded from {seat(self.source)}"
        return f"{seat(self.player)} takes the clue {clue(self.clue)} {whence}."


@dataclass(frozen=True)
class KeptClue(Event):
    """The drawn clue went on ``slot`` (a juror, or a hand place), and ``discarded`` left (None: the place was empty)."""

    clue: int
    slot: int
    discarded: int | None

    def describe(self):
        gone = "" if self.discarded is None else f", discarding {clue(self.discarded)}"
        return f"{seat(self.player)} keeps {clue(self.clue)} on number {self.slot}{gone}."


@dataclass(frozen=True)
class DiscardedClue(Event):
    clue: int

    def describe(self):
        return f"{seat(self.player)} discards {clue(self.clue)}."


@dataclass(frozen=True)
class Claimed(Event):
    clue: int

    def describe(self):
        return f"{seat(self.player)}: \"I claim that clue\" ({clue(self.clue)})."


@dataclass(frozen=True)
class ReturnedClaim(Event):
    """The claimer landed on no clue spot and returns the claimed clue to the discards."""

    clue: int

    def describe(self):
        return f"{seat(self.player)} landed on no clue spot and returns {clue(self.clue)}."


@dataclass(frozen=True)
class Bumped(Event):
    """``player`` bumped ``piece`` from ``start`` to ``end`` (None: to the Radio Car queue)."""

    piece: int
    start: int
    end: int | None

    def describe(self):
        return f"{seat(self.player)} bumps {piece_name(self.piece)}."


@dataclass(frozen=True)
class TurnedDown(Event):
    """``player`` turned face down the clue on ``victim``'s juror ``juror``."""

    victim: int
    juror: int
    clue: int

    def describe(self):
        return f"{seat(self.player)} turns down {seat(self.victim)}'s clue on juror {self.juror}."


@dataclass(frozen=True)
class TurnedUp(Event):
    """A face-down clue turned up again, by ``why``: "doubles" or "total"."""

    juror: int
    clue: int
    why: str

    def describe(self):
        return f"{seat(self.player)} turns up the clue on juror {self.juror} ({self.why})."


@dataclass(frozen=True)
class LeftFaceDown(Event):
    """After doubles the player turned none of his face-down clues up."""

    def describe(self):
        return f"{seat(self.player)} leaves the face-down clues face down."


@dataclass(frozen=True)
class PhiloVanceStays(Event):
    """Philo Vance's owner did not move him this turn."""

    def describe(self):
        return f"{seat(self.player)} leaves Philo Vance where he is."


@dataclass(frozen=True)
class DidNotDraw(Event):
    """The player's piece (or Philo Vance) stood on a red clue spot and he drew no clue."""

    def describe(self):
        return f"{seat(self.player)} draws no clue on the clue spot."


@dataclass(frozen=True)
class Declared(Event):
    """An arrest on suspicion: the clues named aloud and the verdict ("successful" or not), never which were right."""

    suspect: int
    named: tuple
    successful: bool
    attempt: int

    def describe(self):
        verdict = "a Successful Declaration" if self.successful else "an Unsuccessful Declaration"
        return f"{seat(self.player)} arrests {suspect(self.suspect)} on suspicion: {verdict}."


@dataclass(frozen=True)
class NewClues(Event):
    """After an unsuccessful declaration: the named clues went under the pile, these came from the top."""

    clues: tuple

    def describe(self):
        return f"{seat(self.player)} puts the named clues under the pile and draws {len(self.clues)} new ones."


@dataclass(frozen=True)
class Retired(Event):
    def describe(self):
        return f"{seat(self.player)} failed for the last time and retires from the game."


@dataclass(frozen=True)
class PhiloVanceJoins(Event):
    """A 7 after a successful declaration: the player brings in (or takes over) Philo Vance."""

    previous_owner: int | None

    def describe(self):
        if self.previous_owner is None:
            return f"{seat(self.player)} throws a 7: Philo Vance joins the case!"
        return f"{seat(self.player)} throws a 7 and takes Philo Vance from {seat(self.previous_owner)}."


@dataclass(frozen=True)
class JudgeArrives(Event):
    def describe(self):
        return f"{seat(self.player)} throws double ones or sixes: the Judge arrives; the Court is ready."


@dataclass(frozen=True)
class ConvictionTried(Event):
    """The confirmation card turned face up: ``correct`` clues in play were right, ``needed`` to convict."""

    suspect: int
    correct: int
    needed: int

    def describe(self):
        if self.correct >= self.needed:
            return f"{seat(self.player)} proves {self.correct} clues against {suspect(self.suspect)}."
        return (f"{seat(self.player)} shows only {self.correct} correct clues against "
                f"{suspect(self.suspect)} (needed {self.needed}) and must now collect more.")


@dataclass(frozen=True)
class ExtraTurn(Event):
    def describe(self):
        return f"{seat(self.player)} reached X again: an extra turn."


@dataclass(frozen=True)
class Picked(Event):
    """Children's game: the player chose this suspect's confirmation card."""

    suspect: int

    def describe(self):
        return f"{seat(self.player)} plays for {suspect(self.suspect)}."


@dataclass(frozen=True)
class Reshuffled(Event):
    """The draw pile ran out: the discards became the new pile."""

    cards: int

    def describe(self):
        return f"The clue pile is empty: {self.cards} discards are shuffled into a new pile."


@dataclass(frozen=True)
class Won(Event):
    """The player proved the case: ``correct`` clues right against ``suspect``."""

    suspect: int
    correct: int

    def describe(self):
        return f"{seat(self.player)} convicts {suspect(self.suspect)} with {self.correct} correct clues and wins!"


EVENT_TYPES = {cls.__name__: cls for cls in (
    FirstThrows, Thrown, Moved, CantMove, ReceivedClues, DrewClue, KeptClue, DiscardedClue, Claimed,
    ReturnedClaim, Bumped, TurnedDown, TurnedUp, LeftFaceDown, PhiloVanceStays, DidNotDraw, Declared, NewClues,
    Retired, PhiloVanceJoins, JudgeArrives, ConvictionTried, ExtraTurn, Picked, Reshuffled, Won, NothingHappens, TurnCap)}

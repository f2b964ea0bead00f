"""What can happen in a game of Mouse Trap, as records a view can animate."""
from __future__ import annotations

from dataclasses import dataclass

from boardkit.core.events import Event, NothingHappens, Rolled, TurnCap, seat  # noqa: F401 (shared events)

from .rules import PARTS, STAGES



def cheese(n: int) -> str:
    return f"{n} cheese card" + ("" if n == 1 else "s")


@dataclass(frozen=True)
class Moved(Event):
    """A mouse moved.  ``how``: "roll" (its own roll), "sent" (GO BACK / MOVE AHEAD /
    GO TO CHEESE), "pushed" (by the cranker) or "missed" (the trap failed: to SAFE)."""

    start: int
    end: int
    label: str
    how: str

    def describe(self):
        where = self.label or "a blank space"
        verbs = {"roll": "moves to", "sent": "is sent to", "pushed": "is pushed to",
                 "missed": "escapes to"}
        return f"{seat(self.player)}'s mouse {verbs[self.how]} {where}."


@dataclass(frozen=True)
class Built(Event):
    """Part number ``part`` (1-24) of the trap is built."""

    part: int

    def describe(self):
        name = PARTS[self.part - 1] if self.part <= len(PARTS) else "a part"
        return f"{seat(self.player)} builds part {self.part} ({name})."


@dataclass(frozen=True)
class TrapDone(Event):
    def describe(self):
        return "The Mouse Trap is complete: the crank can be turned!"


@dataclass(frozen=True)
class TookCheese(Event):
    """Cheese from the pile (``source`` None) or from another player (``source`` her seat)."""

    source: int | None
    amount: int

    def describe(self):
        whence = "the pile" if self.source is None else seat(self.source)
        return f"{seat(self.player)} takes {cheese(self.amount)} from {whence}."


@dataclass(frozen=True)
class ReturnedCheese(Event):
    amount: int

    def describe(self):
        return f"{seat(self.player)} returns {cheese(self.amount)} to the pile."


@dataclass(frozen=True)
class Pushed(Event):
    """The cranker paid and rolled ``value`` to push ``target``'s mouse."""

    target: int
    value: int

    def describe(self):
        return f"{seat(self.player)} pays a cheese and rolls {self.value} for {seat(self.target)}'s mouse."


@dataclass(frozen=True)
class CrankTurned(Event):
    """The chain reaction ran.  ``stopped_at`` is the index of the stage that
    failed (``len(STAGES)`` when the whole chain worked); ``backups_used``
    lists the stages whose backup saved the run."""

    targets: tuple
    stopped_at: int
    backups_used: tuple

    @property
    def caught(self) -> bool:
        return self.stopped_at == len(STAGES)

    @property
    def failed_stage(self) -> str | None:
        return None if self.caught else STAGES[self.stopped_at][0]

    def describe(self):
        if self.caught:
            return f"{seat(self.player)} turns the crank: the whole chain works and the cage falls!"
        letter, what = STAGES[self.stopped_at]
        return f"{seat(self.player)} turns the crank: it stops at stage {letter} ({what} fails)."


@dataclass(frozen=True)
class Caught(Event):
    """``victim``'s mouse is caught: she is out, and hands ``cheese`` to the cranker."""

    victim: int
    cheese: int

    def describe(self):
        return f"{seat(self.victim)} is caught and hands {cheese(self.cheese)} to {seat(self.player)}."


@dataclass(frozen=True)
class Won(Event):
    def describe(self):
        return f"{seat(self.player)}'s mouse is the last on the board: {seat(self.player)} wins!"


EVENT_TYPES = {cls.__name__: cls for cls in (
    Rolled, Moved, Built, TrapDone, TookCheese, ReturnedCheese, Pushed, CrankTurned, Caught,
    NothingHappens, Won, TurnCap)}

"""What can happen in a game of Win, Lose or Draw, as records a view can show and a lesson can count.

No event before a card is finished names its answer: the log can be shown to
the Guessers.  ``CardDone`` (the card is guessed or leaves play) names it.
"""
from __future__ import annotations

from dataclasses import dataclass

from boardkit.core.events import Event, NothingHappens, Rolled, TurnCap, seat

TEAM_NAMES = ("Team A", "Team B")


@dataclass(frozen=True)
class TeamsRolled(Event):
    """Team Play starts: each team rolled (``rolls``, rerolled while tied); ``first_team`` sketches first."""

    rolls: tuple
    first_team: int

    def __post_init__(self):
        # each roll a pair (a tuple also when read back from a save's lists)
        object.__setattr__(self, "rolls", tuple(tuple(pair) for pair in self.rolls))

    def describe(self):
        shown = " then ".join(f"{a}-{b}" for a, b in self.rolls)
        return f"Team A and Team B roll {shown}: {TEAM_NAMES[self.first_team]} sketches first."


@dataclass(frozen=True)
class PawnPlaced(Event):
    """Gameboard Play starts: the first Sketcher put the white square pawn on Spade Space ``space``."""

    space: int

    def describe(self):
        return f"{seat(self.player)} puts the white square pawn on the Spade Space at {self.space}."


@dataclass(frozen=True)
class SketchStarted(Event):
    """The Sketcher (``player``) looked at the front card, announced ``category`` and turned the timer.

    ``guessers`` are the seats who may guess; ``again`` counts earlier
    Sketchers of this same card (Gameboard Play: an unguessed card stays).
    """

    category: str
    guessers: tuple
    again: int

    def describe(self):
        again = f" (the same card again, try {self.again + 1})" if self.again else ""
        return f"{seat(self.player)} sketches: the category is {self.category}{again}."


@dataclass(frozen=True)
class GuessTyped(Event):
    """A Guesser (``player``) typed ``text``; the matcher found it ``correct`` or not (``score`` 0-100).

    ``parts`` are words of the answer the guess got right, which the Sketcher
    may write beside the sketch.
    """

    text: str
    correct: bool
    score: float
    parts: tuple

    def describe(self):
        verdict = "the matcher says right" if self.correct else "not it"
        parts = f" (right words: {', '.join(self.parts)})" if self.parts and not self.correct else ""
        return f"{seat(self.player)} guesses {self.text!r}: {verdict}{parts}."


@dataclass(frozen=True)
class Ruled(Event):
    """The Sketcher (``player``) ruled on ``guesser``'s typed guess: ``correct`` in the end, ``overruled`` or not."""

    guesser: int
    correct: bool
    overruled: bool

    def describe(self):
        how = "overrules the matcher" if self.overruled else "agrees"
        verdict = "right" if self.correct else "wrong"
        return f"{seat(self.player)} {how}: {seat(self.guesser)}'s guess is {verdict}."


@dataclass(frozen=True)
class Guessed(Event):
    """``guessers`` got the Sketcher's (``player``) card; ``stolen`` when the other team stole it."""

    guessers: tuple
    stolen: bool

    def describe(self):
        names = " and ".join(seat(s) for s in self.guessers)
        if len(self.guessers) > 1:
            return f"{names} guess it at the same moment!"
        return f"{names} {'steals' if self.stolen else 'guesses'} it!"


@dataclass(frozen=True)
class TimeRanOut(Event):
    """Nobody guessed the Sketcher's (``player``) card in time (``steal``: the stealing guess failed)."""

    steal: bool

    def describe(self):
        if self.steal:
            return "The steal fails: nobody wins the point."
        return f"Time's up: nobody guessed {seat(self.player)}'s sketch."


@dataclass(frozen=True)
class StealOpen(Event):
    """Team Play: ``team`` has a few seconds for one guess at the missed card."""

    team: int
    seconds: int

    def describe(self):
        return f"{TEAM_NAMES[self.team]} has {self.seconds} seconds for one guess to steal the point."


@dataclass(frozen=True)
class Scored(Event):
    """Team Play: ``team`` scores a point and now has ``score``."""

    team: int
    score: int

    def describe(self):
        return f"{TEAM_NAMES[self.team]} scores: {self.score} point{'s' if self.score != 1 else ''}."


@dataclass(frozen=True)
class CardDone(Event):
    """The front card leaves play (``guessed`` or not) and goes to the back of the box; its answer is shown."""

    category: str
    answer: str
    guessed: bool

    def describe(self):
        how = "was guessed" if self.guessed else "goes to the back of the box unguessed"
        return f"The answer, {self.answer!r} ({self.category}), {how}."


@dataclass(frozen=True)
class CardStays(Event):
    """Gameboard Play: the card was not guessed and stays in play for the next Sketcher (``player``)."""

    def describe(self):
        return f"The card stays in play: {seat(self.player)} sketches it next."


@dataclass(frozen=True)
class PawnTaken(Event):
    """The player takes a pawn of ``colour`` from the centre, as a correct Guesser or as the Sketcher."""

    colour: str
    as_sketcher: bool

    def describe(self):
        role = "Sketcher" if self.as_sketcher else "correct Guesser"
        article = "an" if self.colour[0] in "aeiou" else "a"
        return f"{seat(self.player)} ({role}) takes {article} {self.colour} pawn."


@dataclass(frozen=True)
class PawnMoved(Event):
    """The white square pawn moved from ``start`` to ``end``, a space of kind ``lands_on``."""

    start: int
    end: int
    lands_on: str

    def describe(self):
        if self.lands_on == "spade":
            return "The white square pawn moves clockwise onto a Spade Space."
        article = "an" if self.lands_on[0] in "aeiou" else "a"
        return f"The white square pawn moves clockwise onto {article} {self.lands_on} square."


@dataclass(frozen=True)
class AceWon(Event):
    """The player, owning every colour, guessed right and the white pawn landed on a Spade: the Ace is hers."""

    def describe(self):
        return f"{seat(self.player)} wins the Ace-In-The-Hole card and the game!"


@dataclass(frozen=True)
class TeamWon(Event):
    """Team Play: ``team`` reached the target first (``player`` is None)."""

    team: int
    score: int

    def describe(self):
        return f"{TEAM_NAMES[self.team]} wins with {self.score} correct guesses!"


EVENT_TYPES = {cls.__name__: cls for cls in (
    TeamsRolled, PawnPlaced, SketchStarted, GuessTyped, Ruled, Guessed, TimeRanOut, StealOpen, Scored,
    CardDone, CardStays, PawnTaken, PawnMoved, Rolled, AceWon, TeamWon, NothingHappens, TurnCap)}

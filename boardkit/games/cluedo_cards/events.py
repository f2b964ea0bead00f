"""What can happen in a game of the Cluedo Card Game, as records a view can animate.

Each event's ``describe()`` is one sentence of the game log.  Cards are
written as the rulebook writes them in a sentence, with a capital letter:
"the Dagger 3", "the Lead piping 1", "the Mrs. White 2"; a miniature's
picture alone is "the Rope" but "Mrs. White" (a person's name takes no "the").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from boardkit.core.events import Event, NothingHappens, seat  # noqa: F401 (shared events)


def picture_name(picture: str) -> str:
    """A picture as a sentence writes it: "Dagger", "Lead piping", "Col. Mustard" (the first letter a capital)."""
    return picture[:1].upper() + picture[1:]


def the_picture(picture: str) -> str:
    """ "the Dagger", but "Mrs. White": a weapon (written in lower case in ``rules``) takes "the", a name does not."""
    name = picture_name(picture)
    return name if picture[:1].isupper() else f"the {name}"


class Card(NamedTuple):
    """A picture card: a weapon or suspect and its number."""

    picture: str
    number: int

    def __str__(self) -> str:
        """ "Dagger 3", "Col. Mustard 1": the card as the table and the log write it."""
        return f"{picture_name(self.picture)} {self.number}"


def points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


@dataclass(frozen=True)
class RoundStarted(Event):
    """Round ``number`` (1, 2, ...) begins; ``player`` starts it."""

    number: int

    def describe(self):
        return f"Round {self.number}: {seat(self.player)} starts."


@dataclass(frozen=True)
class MiniatureTaken(Event):
    """The player takes a miniature face down (nobody looks until the round ends)."""

    def describe(self):
        return f"{seat(self.player)} takes a miniature card face down."


@dataclass(frozen=True)
class Dealt(Event):
    cards: tuple

    def describe(self):
        return f"{seat(self.player)} is dealt {len(self.cards)} cards."


@dataclass(frozen=True)
class DiscardStarted(Event):
    card: Card

    def describe(self):
        return f"The {self.card} is turned up to start the discard pile."


@dataclass(frozen=True)
class Played(Event):
    card: Card

    def describe(self):
        return f"{seat(self.player)} plays the {self.card}."


@dataclass(frozen=True)
class Drew(Event):
    """The player could not play, drew ``card`` and play passes."""

    card: Card

    def describe(self):
        return f"{seat(self.player)} cannot play and draws a card."


@dataclass(frozen=True)
class Reshuffled(Event):
    """The discards, less the top card, became a new draw pile of ``size`` cards."""

    size: int

    def describe(self):
        return f"The discards are shuffled into a new draw pile of {self.size} cards."


@dataclass(frozen=True)
class MustMiss(Event):
    """``victim`` will miss her next turn, because of ``card`` played by ``player``."""

    victim: int
    card: Card

    def describe(self):
        return f"{seat(self.player)}'s {picture_name(self.card.picture)}: {seat(self.victim)} must miss a turn."


@dataclass(frozen=True)
class NobodyMisses(Event):
    """The player played a Dagger (``card``) and chose to let nobody miss a turn (rule 6: she *can* choose)."""

    card: Card

    def describe(self):
        return f"{seat(self.player)}'s {picture_name(self.card.picture)}: she lets nobody miss a turn."


@dataclass(frozen=True)
class MissedTurn(Event):
    def describe(self):
        return f"{seat(self.player)} misses a turn."


@dataclass(frozen=True)
class AnotherTurn(Event):
    def describe(self):
        return f"{seat(self.player)} has another turn."


@dataclass(frozen=True)
class SwappedHands(Event):
    """The player swapped whole hands with ``other``."""

    other: int

    def describe(self):
        return f"{seat(self.player)} swaps hands with {seat(self.other)}."


@dataclass(frozen=True)
class WentOut(Event):
    """The player got rid of all her cards and scores ``points``."""

    points: int

    def describe(self):
        return f"{seat(self.player)} is out of cards and scores {points(self.points)}."


@dataclass(frozen=True)
class Revealed(Event):
    """The player's miniature shows ``picture``; she loses ``lost`` points (0 or its penalty)."""

    picture: str
    penalty: int
    lost: int

    def describe(self):
        text = f"{seat(self.player)}'s miniature shows {the_picture(self.picture)} ({self.penalty})"
        return text + (f": she loses {points(self.lost)}." if self.lost else ".")


@dataclass(frozen=True)
class RoundScored(Event):
    """The scores after round ``number``."""

    number: int
    scores: tuple

    def describe(self):
        return f"After round {self.number}: " + ", ".join(
            f"{seat(p)} has {points(s)}" for p, s in enumerate(self.scores)) + "."


@dataclass(frozen=True)
class RoundVoid(Event):
    """Nobody went out within the rules' ``max_turns``: the round scores nothing."""

    number: int
    turns: int

    def describe(self):
        return f"Round {self.number} is void: nobody went out in {self.turns} turns."


@dataclass(frozen=True)
class Won(Event):
    score: int

    def describe(self):
        return f"{seat(self.player)} wins the game with {points(self.score)}!"


@dataclass(frozen=True)
class RoundCap(Event):
    """The game reached the rules' ``max_rounds`` and stops with no winner."""

    rounds: int

    def describe(self):
        return f"Stalemate: the game stops after {self.rounds} rounds with no winner."


EVENT_TYPES = {cls.__name__: cls for cls in (
    RoundStarted, MiniatureTaken, Dealt, DiscardStarted, Played, Drew, Reshuffled, MustMiss, NobodyMisses, MissedTurn,
    AnotherTurn, SwappedHands, WentOut, Revealed, RoundScored, RoundVoid, Won, RoundCap, NothingHappens)}
#: event fields that hold one card, and the one that holds several
CARD_FIELDS = ("card",)
CARDS_FIELDS = ("cards",)

"""What can happen in a game of Mystery Date, as records a view can animate."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from boardkit.core.events import Event, NothingHappens, Rolled, TurnCap, seat  # noqa: F401 (shared events)

from .rules import COLOURS, NUMBERS, OUTCOME_NAMES, SPACE_LABELS


class Card(NamedTuple):
    """An outfit card: a colour and a number 1-3."""

    colour: str
    number: int

    def __str__(self) -> str:
        return f"{self.colour} {self.number}"


#: The twelve different cards, in colour-then-number order.  The game deals
#: only these objects, so comparing two cards usually finds them identical at once.
CARDS = tuple(Card(colour, number) for colour in COLOURS for number in NUMBERS)
#: The three cards of each colour's 1-2-3 outfit.
OUTFITS = {colour: tuple(card for card in CARDS if card.colour == colour) for colour in COLOURS}



@dataclass(frozen=True)
class Dealt(Event):
    cards: tuple

    def describe(self):
        return f"{seat(self.player)} is dealt {len(self.cards)} cards."


@dataclass(frozen=True)
class DiscardStarted(Event):
    card: Card

    def describe(self):
        return f"{self.card} is turned up to start the discard pile."


@dataclass(frozen=True)
class Moved(Event):
    start: int
    end: int
    space: str

    def describe(self):
        return f"{seat(self.player)} moves to {SPACE_LABELS[self.space]}."


@dataclass(frozen=True)
class Took(Event):
    source: str
    card: Card

    def describe(self):
        shown = f" the {self.card}" if self.source == "discard" else " a card"
        return f"{seat(self.player)} takes{shown} from the {self.source} pile."


@dataclass(frozen=True)
class Discarded(Event):
    card: Card

    def describe(self):
        return f"{seat(self.player)} discards the {self.card}."


@dataclass(frozen=True)
class Swapped(Event):
    opponent: int
    given: Card
    received: Card

    def describe(self):
        return f"{seat(self.player)} swaps a card with {seat(self.opponent)}."


@dataclass(frozen=True)
class DoorOpened(Event):
    colour: str
    outcome: str

    def describe(self):
        what = "the Dud" if self.outcome == "dud" else f"the {OUTCOME_NAMES[self.outcome]} date"
        return f"{seat(self.player)} shows the {self.colour} outfit and opens the door: {what}!"


@dataclass(frozen=True)
class Won(Event):
    colour: str

    def describe(self):
        return f"{seat(self.player)} is ready for the {OUTCOME_NAMES[self.colour]} date and wins!"


@dataclass(frozen=True)
class Reshuffled(Event):
    n_cards: int

    def describe(self):
        return f"The discards ({self.n_cards} cards) are shuffled into a new draw pile."


@dataclass(frozen=True)
class PileEmpty(Event):
    pile: str

    def describe(self):
        return f"{seat(self.player)} cannot take: the {self.pile} pile is empty."


EVENT_TYPES = {cls.__name__: cls for cls in (
    Dealt, DiscardStarted, Rolled, Moved, Took, Discarded, Swapped, NothingHappens,
    DoorOpened, Won, Reshuffled, PileEmpty, TurnCap)}

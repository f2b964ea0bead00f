"""A player's hand of outfit cards, and which different cards it holds.

Most questions about a hand in Mystery Date depend only on *which different
cards* it holds, not on how many copies: which dates she is ready for, how
near she is to an outfit, which cards she could give away.  There are only
12 different cards, so "which ones" fits in a 12-bit whole number, ``held``:
bit ``i`` is 1 when she holds at least one ``CARDS[i]``.  For example a hand
of red 1, red 2 and green 1 has ``held == 0b1011`` (bits 0, 1 and 3).

A :class:`Hand` keeps ``held`` up to date as cards come and go, and answers
those questions from it: an outfit is three bits, so "is she ready for the
red date" is ``held & OUTFIT_BITS["red"] == OUTFIT_BITS["red"]``.  The fast
lane (``fast.py``) keeps a hand the same way.  Cards change only through
``add``, ``remove`` and ``pop``; everything else reads a hand like a list.
"""
from __future__ import annotations

from .events import CARDS, OUTFITS
from .rules import COLOURS

#: The bit of each different card: CARDS[i] is bit i.
BIT = {card: 1 << i for i, card in enumerate(CARDS)}


def held_bits(cards) -> int:
    """Which different cards ``cards`` include, as bits (see the module docstring)."""
    held = 0
    for card in cards:
        try:
            held |= BIT[card]
        except (KeyError, TypeError):
            raise ValueError(f"{card!r} is not a Mystery Date card; cards are {', '.join(map(str, CARDS))}") \
                from None
    return held


def in_card_order(cards) -> list:
    """``cards`` sorted in CARDS order (red 1, red 2, ..., orange 3), as the fast lane keeps them."""
    return sorted(cards, key=BIT.__getitem__)


def cards_in(held: int) -> tuple:
    """The different cards of ``held``, in CARDS order."""
    return tuple(card for card, bit in BIT.items() if held & bit)


#: Each colour's 1-2-3 outfit as bits.
OUTFIT_BITS = {colour: held_bits(OUTFITS[colour]) for colour in COLOURS}


def outfits_in(held: int) -> tuple:
    """The colours whose whole 1-2-3 outfit ``held`` includes: the dates she is ready for."""
    return tuple(colour for colour, bits in OUTFIT_BITS.items() if held & bits == bits)


def outfit_progress(held: int) -> int:
    """How near ``held`` is to a date: the most different numbers of one colour (0-3)."""
    most = 0
    for bits in OUTFIT_BITS.values():
        numbers = (held & bits).bit_count()  # the different numbers she holds of this colour
        if numbers > most:
            most = numbers
    return most


class Hand:
    """A player's cards, in the order she took them, and ``held``: which different ones.

        hand = Hand([Card("red", 1), Card("red", 2)])
        hand.add(Card("red", 3))
        hand.ready                  # ('red',): ready for the Formal Dance
        hand == [Card("red", 1), Card("red", 2), Card("red", 3)]   # reads like a list
    """

    __slots__ = ("cards", "held")

    def __init__(self, cards=()):
        self.cards = list(cards)
        self.held = held_bits(self.cards)

    def add(self, card) -> None:
        """She takes ``card`` into her hand."""
        self.cards.append(card)
        self.held |= BIT[card]

    def remove(self, card) -> None:
        """She gives up one copy of ``card`` (ValueError if she has none)."""
        self.cards.remove(card)
        if card not in self.cards:  # that was her last copy
            self.held &= ~BIT[card]

    def pop(self, index: int):
        """She gives up the ``index``-th of her cards counted in CARDS order (a blind draw
        from her hand: any card equally likely, counted as the fast lane counts them)."""
        card = in_card_order(self.cards)[index]
        self.remove(card)
        return card

    @property
    def standing(self) -> int:
        """How near she is to a date: the most different numbers she holds of one colour (0-3)."""
        return outfit_progress(self.held)

    @property
    def ready(self) -> tuple:
        """The dates she is ready for: the colours whose 1, 2 and 3 she holds, in colour order."""
        return outfits_in(self.held)

    @property
    def has_spares(self) -> bool:
        """Does she hold two or more copies of some card?"""
        return len(self.cards) != self.held.bit_count()

    # -- reading it like a list --------------------------------------------------
    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)

    def __getitem__(self, index):
        return self.cards[index]

    def __contains__(self, card) -> bool:
        return card in self.cards

    def __eq__(self, other) -> bool:
        if isinstance(other, Hand):
            return self.cards == other.cards
        if isinstance(other, list):
            return self.cards == other
        return NotImplemented

    __hash__ = None  # a hand changes, so it cannot be a dict key

    def __repr__(self) -> str:
        return f"Hand({self.cards!r})"

"""Cards and piles.

A :class:`Pile` is a stack of cards with its top at the end of the list, so
drawing and discarding are cheap.  Cards can be any hashable, printable value
(each game chooses); the piles never look inside them.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from .rng import Chance


class EmptyPileError(LookupError):
    """Raised when a card is asked of an empty pile."""


class Pile:
    """A stack of cards; ``cards[-1]`` is the top."""

    def __init__(self, cards: Iterable = (), name: str = "pile"):
        self.cards = list(cards)
        self.name = name

    def __len__(self) -> int:
        return len(self.cards)

    def __bool__(self) -> bool:
        return bool(self.cards)

    def __iter__(self):
        return iter(self.cards)

    def __repr__(self) -> str:
        return f"Pile({self.name!r}, {len(self.cards)} cards)"

    @property
    def top(self):
        """The top card, or ``None`` when the pile is empty."""
        return self.cards[-1] if self.cards else None

    def draw(self):
        """Take the top card."""
        if not self.cards:
            raise EmptyPileError(f"the {self.name} is empty")
        return self.cards.pop()

    def put(self, card) -> None:
        """Lay a card on top."""
        self.cards.append(card)

    def shuffle(self, chance: Chance) -> None:
        chance.shuffle(self.cards)

    def counts(self) -> Counter:
        return Counter(self.cards)


def refill_from(draw_pile: Pile, discard_pile: Pile, chance: Chance) -> bool:
    """Turn the discards, less their top card, into a new shuffled draw pile.

    The usual rule "when the draw pile is used up, shuffle the discards
    (leaving the top card)".  Returns ``False`` when there was nothing to
    shuffle in.
    """
    if len(discard_pile) < 2:
        return False
    top = discard_pile.cards.pop()
    draw_pile.cards.extend(discard_pile.cards)
    discard_pile.cards[:] = [top]
    draw_pile.shuffle(chance)
    return True


def hand_counts(hands: Iterable[Iterable]) -> Counter:
    """All the cards of several hands or piles counted together."""
    total: Counter = Counter()
    for hand in hands:
        total.update(hand)
    return total

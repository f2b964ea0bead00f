"""Bots for Mystery Date.  A bot answers ``choose(game, actions, chance)``.

``chance`` is the game's own source of randomness, so bot games replay
exactly from their seed.
"""
from __future__ import annotations

from boardkit.core.bots import Random  # noqa: F401 (any legal action, equally likely)

from functools import lru_cache

from .actions import DISCARDS, GIFTS, TAKE_DISCARD, TAKE_DRAW, Discard, Give, ShowOutfit, SwapWith, TakeFrom
from .rules import COLOURS, OUTCOMES


class Collector:
    """Keeps the colour nearest completion and gives away what it needs least.

    * Target colour: the one with the most different numbers in hand (ties:
      the most cards of it, then the door's likelier date).
    * Discard / give: first a spare copy of a card already held, then a card
      of the colour furthest from completion, never the target if avoidable.
    * TAKE 1 FROM EITHER: the face-up discard if it adds a missing number to
      the target colour, otherwise a blind draw.
    * SWAP ANY: the opponent holding the most cards (more to draw from).
    * Ready for two dates: show the outfit whose date the door shows most.
    """

    name = "Collector"

    def choose(self, game, actions, chance):
        kind = type(actions[0])
        hand = game.hands[game.current]
        if kind is Discard:
            return DISCARDS[least_needed(hand, game.rules.live_weights)]
        if kind is Give:
            return GIFTS[least_needed(hand, game.rules.live_weights)]
        if kind is TakeFrom:
            top = game.discard_pile.top
            if (TAKE_DISCARD in actions and top is not None and top not in hand
                    and top.colour == target_colour(hand, game.rules.live_weights)):
                return TAKE_DISCARD
            return TAKE_DRAW if TAKE_DRAW in actions else actions[0]
        if kind is SwapWith:
            return max(actions, key=lambda a: len(game.hands[a.opponent]))
        if kind is ShowOutfit:
            weights = dict(zip(OUTCOMES, game.rules.live_weights))
            return max(actions, key=lambda a: weights[a.colour])
        return actions[0]

    def __repr__(self):
        return f"{type(self).__name__}()"


#: A count of 0 for each colour, copied to start a count (copying is quicker than building it).
NONE_OF_EACH = dict.fromkeys(COLOURS, 0)


def progress(hand) -> dict:
    """How many different numbers of each colour the hand holds."""
    numbers = NONE_OF_EACH.copy()
    for card in set(hand):
        numbers[card.colour] += 1
    return numbers


def colour_counts(hand) -> dict:
    """How many cards of each colour the hand holds (spare copies too)."""
    counts = NONE_OF_EACH.copy()
    for card in hand:
        counts[card.colour] += 1
    return counts


def target_colour(hand, weights, numbers: dict | None = None) -> str:
    """The colour nearest a full 1-2-3 (ties: more cards of it, then the likelier date)."""
    numbers = progress(hand) if numbers is None else numbers
    counts = colour_counts(hand)
    best, best_key = COLOURS[0], None
    for colour, weight in zip(COLOURS, weights):
        key = (numbers[colour], counts[colour], weight)
        if best_key is None or key > best_key:
            best, best_key = colour, key
    return best


def least_needed(hand, weights):
    """The card whose loss hurts least: a spare copy, else the weakest colour's card."""
    held = frozenset(hand)
    if len(held) == len(hand):  # no spare copies (the usual case): look the answer up
        return weakest_card(held, tuple(weights))
    seen, spares = set(), []
    for card in hand:
        if card in seen:
            spares.append(card)
        seen.add(card)
    return min(spares)  # the lowest spare copy


@lru_cache(maxsize=2**16)
def weakest_card(held: frozenset, weights: tuple):
    """The card of the colour furthest from completion, never the target if avoidable.

    ``held`` is a hand without spare copies.  There are only 4,096 such hands
    (sets of the 12 cards), so each answer is worked out once per door and
    remembered (``lru_cache``).
    """
    numbers = progress(held)
    target = target_colour(held, weights, numbers)
    others = [card for card in held if card.colour != target] or held
    return min(others, key=lambda card: (numbers[card.colour], card))

"""Bots for Mystery Date.  A bot answers ``choose(game, actions, chance)``.

``chance`` is the game's own source of randomness, so bot games replay
exactly from their seed.
"""
from __future__ import annotations

from boardkit.core.bots import Random  # noqa: F401 (any legal action, equally likely)

from functools import lru_cache

from .actions import DISCARDS, GIFTS, TAKE_DISCARD, TAKE_DRAW, Discard, Give, ShowOutfit, SwapWith, TakeFrom
from .hand import Hand, cards_in, held_bits, in_card_order, numbers_held
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

    A tie that is still left is broken at random, through the game's own
    chance, never by the order of the colours: a bot that always kept red
    and gave away blue would find the Formal Dance more often than the
    Skiing date, and a student counting which dates win would blame a fair
    door.
    """

    name = "Collector"

    def choose(self, game, actions, chance):
        kind = type(actions[0])
        hand = game.hands[game.current]
        if kind is Discard:
            return DISCARDS[one_of(least_needed(hand, game.rules.live_weights), chance)]
        if kind is Give:
            return GIFTS[one_of(least_needed(hand, game.rules.live_weights), chance)]
        if kind is TakeFrom:
            top = game.discard_pile.top
            if (TAKE_DISCARD in actions and top is not None and top not in hand
                    and top.colour in target_colours(hand, game.rules.live_weights)):
                return TAKE_DISCARD
            return TAKE_DRAW if TAKE_DRAW in actions else actions[0]
        if kind is SwapWith:
            return max(actions, key=lambda a: len(game.hands[a.opponent]))
        if kind is ShowOutfit:
            weights = dict(zip(OUTCOMES, game.rules.live_weights))
            likeliest = max(weights[a.colour] for a in actions)
            return one_of([a for a in actions if weights[a.colour] == likeliest], chance)
        return actions[0]

    def __repr__(self):
        return f"{type(self).__name__}()"


def one_of(equally_good, chance):
    """The only choice, or one of several equally good ones drawn at random."""
    return equally_good[0] if len(equally_good) == 1 else chance.pick(equally_good)


#: A count of 0 for each colour, copied to start a count (copying is quicker than building it).
NONE_OF_EACH = dict.fromkeys(COLOURS, 0)


def progress(hand) -> dict:
    """How many different numbers of each colour the hand holds."""
    return numbers_held(held_bits(hand))


def colour_counts(hand) -> dict:
    """How many cards of each colour the hand holds (spare copies too)."""
    counts = NONE_OF_EACH.copy()
    for card in hand:
        counts[card.colour] += 1
    return counts


def target_colours(hand, weights, numbers: dict | None = None) -> tuple[str, ...]:
    """The colours nearest a full 1-2-3, in colour order: the most different numbers,
    then the most cards of it, then the likelier date (more than one only on a full tie)."""
    numbers = progress(hand) if numbers is None else numbers
    counts = colour_counts(hand)
    keys = [(numbers[colour], counts[colour], weight) for colour, weight in zip(COLOURS, weights)]
    best = max(keys)
    return tuple(colour for colour, key in zip(COLOURS, keys) if key == best)


def least_needed(hand, weights) -> tuple:
    """The cards whose loss hurts least, all equally: the spare copies, else the
    cards of the weakest colour that is not a target.  In CARDS order, so the
    same seed draws the same one of them in both engines.  ``hand``: a Hand,
    or any list of cards."""
    if not isinstance(hand, Hand):
        hand = Hand(hand)
    if not hand.has_spares:  # the usual case: look the answer up
        return weakest_cards(hand.held, tuple(weights))
    seen, spares = set(), set()
    for card in hand:
        if card in seen:
            spares.add(card)
        seen.add(card)
    return tuple(in_card_order(spares))


@lru_cache(maxsize=2**16)
def weakest_cards(held: int, weights: tuple) -> tuple:
    """The cards of the colour furthest from completion, never a target colour if avoidable.

    ``held`` is which different cards a hand without spare copies holds (see
    :mod:`.hand`).  There are only 4,096 such hands, so each answer is worked
    out once per door and remembered (``lru_cache``).
    """
    cards = cards_in(held)
    numbers = numbers_held(held)
    targets = target_colours(cards, weights, numbers)
    others = [card for card in cards if card.colour not in targets] or cards
    fewest = min(numbers[card.colour] for card in others)
    return tuple(card for card in others if numbers[card.colour] == fewest)  # in CARDS order

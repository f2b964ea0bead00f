"""Bots for Mystery Date.  A bot answers ``choose(game, actions, chance)``.

``chance`` is the game's own source of randomness, so bot games replay
exactly from their seed.
"""
from __future__ import annotations

from boardkit.core.bots import Random  # noqa: F401 (any legal action, equally likely)

from .actions import TAKE_DISCARD, TAKE_DRAW, Discard, Give, ShowOutfit, SwapWith, TakeFrom
from .hand import in_card_order
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
            return Discard(one_of(least_needed(hand, game.rules.live_weights), chance))
        if kind is Give:
            return Give(one_of(least_needed(hand, game.rules.live_weights), chance))
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


def colour_counts(cards) -> dict:
    """How many of ``cards`` are of each colour (spare copies too)."""
    counts = dict.fromkeys(COLOURS, 0)
    for card in cards:
        counts[card.colour] += 1
    return counts


def progress(hand) -> dict:
    """How many different numbers of each colour the hand holds (0-3 each)."""
    return colour_counts(set(hand))


def target_colours(hand, weights) -> tuple[str, ...]:
    """The colours nearest a full 1-2-3, in colour order: the most different numbers,
    then the most cards of it, then the likelier date (more than one only on a full tie)."""
    return nearest_colours(progress(hand), colour_counts(hand), weights)


def nearest_colours(numbers: dict, counts: dict, weights) -> tuple[str, ...]:
    """``target_colours`` of a hand whose different numbers and cards of each colour are counted."""
    nearest, best = [], None
    for colour, weight in zip(COLOURS, weights):
        key = (numbers[colour], counts[colour], weight)  # compared item by item: numbers first
        if best is None or key > best:
            nearest, best = [colour], key
        elif key == best:
            nearest.append(colour)
    return tuple(nearest)


def least_needed(hand, weights) -> tuple:
    """The cards whose loss hurts least, all equally: the spare copies, else the cards of
    the colour furthest from completion, never a target colour if avoidable.  In CARDS
    order, so the same seed draws the same one of them in both engines.  ``hand``: a
    Hand, or any list of cards."""
    seen, spares = set(), set()
    for card in hand:
        (spares if card in seen else seen).add(card)
    if spares:
        return tuple(in_card_order(spares))
    cards = in_card_order(seen)          # no spares: each card once,
    numbers = colour_counts(cards)       # so a colour's cards are its different numbers
    targets = nearest_colours(numbers, numbers, weights)
    others = [card for card in cards if card.colour not in targets] or cards
    fewest = min(numbers[card.colour] for card in others)
    return tuple(card for card in others if numbers[card.colour] == fewest)

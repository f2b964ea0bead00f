"""Exact odds of having no legal play, beside a vectorised Monte Carlo deal.

A card may go on the discard pile if it shows the *same picture* or the
*same number* as the top card.  In the standard deck (12 pictures, each
numbered 1, 2, 3) the top card ``(picture, n)`` is matched by

* the 2 other cards of its picture, and
* the 11 other cards numbered ``n`` (one for each other picture),

so 13 of the 35 cards left match and 22 do not.  A hand with no legal play
is a hand drawn entirely from the 22: counting hands,

    P(stuck) = C(22, h) / C(35, h)          (h = hand size)

which is 26334 / 324632 = 171 / 2108 (about 8.1 %) for the usual 5 cards.
This is the *hypergeometric* chance of 0 successes: draw ``h`` cards without
replacement from ``N`` cards of which ``K`` are successes.

The deck comes from the rules: ``rules=cc.Rules(copies=2)`` (or any
variant's pictures, numbers and copies) gives that variant's exact odds, and
the hand size defaults to the rules' ``hand_size``.  A lesson may also pass
a deck as plain data -- a sequence of ``(picture, number)`` cards -- to try
smaller or lopsided decks.  A deck may hold two identical cards; each copy
counts as a card.  Answers are exact ``Fraction`` values.

* :func:`deck_of` -- the playing cards of a ``Rules`` (the rulebook's 36 by
  default; the miniature cards are never in the deck played from).
* :func:`matches`, :func:`matching_count` -- the matching rule and the count K.
* :func:`no_match_odds` -- P(no legal play) for a known top card.
* :func:`first_player_stuck`, :func:`stuck_table` -- the first turn, averaged
  over the card turned up.
* :func:`simulate_first_turn` -- the same by shuffling many decks at once.
* :func:`deals_stuck` -- the same read from the deals of games played (a
  lesson's own games start its convergence chart).
"""
from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import numpy as np

from boardkit.core.rng import new_generator

from . import events as ev
from .game import full_deck
from .rules import NUMBERS, PICTURES, SUSPECTS, WEAPONS, Rules  # noqa: F401 (the rulebook's deck, for lessons)


def deck_of(rules: Rules | None = None) -> list[tuple[str, int]]:
    """The playing cards of ``rules`` (the rulebook when None): every picture with
    every number, ``copies`` times, picture by picture in the rules' order."""
    rules = _rules(rules)
    return [(c.picture, c.number) for c in full_deck(rules)]


def standard_deck() -> list[tuple[str, int]]:
    """The rulebook's 36 playing cards (``deck_of(Rules())``)."""
    return deck_of(Rules())


def _rules(rules) -> Rules:
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Cluedo Card Game cc.Rules(), got {rules!r:.60}")
    return rules


def matches(card, top) -> bool:
    """True if ``card`` may be played on ``top``: same picture or same number."""
    return card[0] == top[0] or card[1] == top[1]


def _deck(deck, rules=None) -> list[tuple]:
    """The deck as a list of ``(picture, number)`` tuples (the deck of ``rules`` for None)."""
    if deck is None:
        return deck_of(rules)
    if rules is not None:
        raise ValueError("give a deck or rules, not both (the rules' deck is deck_of(rules))")
    cards = []
    for card in deck:
        try:
            if isinstance(card, (str, bytes)):  # "B2" would unpack into "B", "2"
                raise TypeError
            picture, number = card
        except (TypeError, ValueError):
            raise ValueError(f"deck must hold (picture, number) cards, got {card!r}") from None
        cards.append((picture, number))
    if not cards:
        raise ValueError("deck must hold at least one card, got an empty deck")
    return cards


def _remove(cards: Counter, card, name: str) -> None:
    """Take one copy of ``card`` out of ``cards``; ``name`` is the argument it came from."""
    try:
        if isinstance(card, (str, bytes)):
            raise TypeError
        card = tuple(card)
    except TypeError:
        raise ValueError(f"{name} must be a (picture, number) card, got {card!r}") from None
    if cards[card] == 0:
        raise ValueError(f"{name} must be a card left in the deck, got {card!r}")
    cards[card] -= 1


def _check_whole(name: str, value, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, got {value!r}")


def _hand_size(hand_size, rules) -> int:
    """The hand size asked for, else the rules' (the rulebook's 5 when neither is given)."""
    return _rules(rules).hand_size if hand_size is None else hand_size


def matching_count(top, deck=None, rules: Rules | None = None) -> int:
    """K: how many cards of the deck (``deck``, or that of ``rules``), other than ``top`` itself, match ``top``.

    13 for every card of the standard deck (2 of its picture + 11 of its number).
    """
    left = Counter(_deck(deck, rules))
    _remove(left, top, "top")
    return sum(copies for card, copies in left.items() if matches(card, top))


def _no_match(pool_size: int, matching: int, hand_size: int) -> Fraction:
    """Hypergeometric P(0 successes): C(N - K, h) / C(N, h)."""
    return Fraction(math.comb(pool_size - matching, hand_size), math.comb(pool_size, hand_size))


def no_match_odds(top, hand_size: int | None = None, deck=None, seen=(), rules: Rules | None = None) -> Fraction:
    """The chance that ``hand_size`` cards drawn at random hold no card to play on ``top``.

    The hand comes from the deck less the top card and less the ``seen``
    cards (cards you know are elsewhere, e.g. in your own hand or the
    discard pile).  Of those ``N`` cards, ``K`` match the top card (same
    picture or same number).  Every set of ``hand_size`` cards is equally
    likely, so counting sets

        P(no match) = C(N - K, h) / C(N, h)

    -- the hypergeometric chance of drawing 0 of the K matching cards.
    Equivalently, card by card: (N-K)/N * (N-K-1)/(N-1) * ... (h factors).
    The deck is ``deck``, else that of ``rules``; ``hand_size`` defaults to the rules'.
    """
    hand_size = _hand_size(hand_size, rules if deck is None else None)
    left = Counter(_deck(deck, rules))
    _remove(left, top, "top")
    if isinstance(seen, (str, bytes)):
        raise ValueError(f"seen must be a list of (picture, number) cards, got {seen!r}")
    for card in seen:
        _remove(left, card, "seen")
    pool_size = sum(left.values())
    _check_whole("hand_size", hand_size, 0, pool_size)
    matching = sum(copies for card, copies in left.items() if matches(card, top))
    return _no_match(pool_size, matching, hand_size)


def _average_over_tops(hand_size: int, cards: list) -> Fraction:
    """P(stuck) when the top card is any card of ``cards`` with equal chance."""
    _check_whole("hand_size", hand_size, 0, len(cards) - 1)
    total = Fraction(0)
    for top, copies in Counter(cards).items():
        total += copies * no_match_odds(top, hand_size, cards)
    return total / len(cards)


def first_player_stuck(hand_size: int | None = None, n_players: int = 4, deck=None,
                       rules: Rules | None = None) -> Fraction:
    """The chance the first player cannot play on the first turn.

    After a fair shuffle every arrangement of the deck is equally likely,
    so the turned-up card is any card of the deck with equal chance, and --
    given which card it is -- the first player's hand is a uniformly random
    set of ``hand_size`` cards from the rest (the other hands and the draw
    pile are just other positions in the same random order).  Hence

        P(stuck) = average over cards t of the deck of no_match_odds(t).

    ``n_players`` does not change the answer; it only checks that the deck
    holds enough cards to deal every hand and turn one up.  In the standard
    deck every card has K = 13, so the average is just C(22, h) / C(35, h).
    The deck and hand size are those of ``rules`` (the rulebook) unless given:
    ``first_player_stuck(rules=cc.Rules(copies=2))`` is that variant's chance.
    """
    hand_size = _hand_size(hand_size, rules if deck is None else None)
    cards = _deck(deck, rules)
    _check_whole("n_players", n_players, Rules.min_players, Rules.max_players)
    most = (len(cards) - 1) // n_players
    _check_whole("hand_size", hand_size, 0, most)
    return _average_over_tops(hand_size, cards)


def stuck_table(hand_sizes=range(1, 11), deck=None, rules: Rules | None = None):
    """The first-turn chance of no legal play for each hand size, as a DataFrame.

    Columns: ``exact`` (a Fraction), ``probability`` (a float) and
    ``most players`` -- how many players (at most 4) the deck can deal that
    many cards to and still turn one up; below 2 the hand size is not
    playable, but the chance is still shown.  Hand sizes may go up to the
    deck size less one.  The deck is ``deck``, else that of ``rules`` (the rulebook).
    """
    import pandas as pd

    cards = _deck(deck, rules)
    sizes = list(hand_sizes)
    exact = [_average_over_tops(h, cards) for h in sizes]
    return pd.DataFrame({
        "exact": exact,
        "probability": [float(p) for p in exact],
        "most players": [min(Rules.max_players, (len(cards) - 1) // h) if h else Rules.max_players for h in sizes],
    }, index=pd.Index(sizes, name="hand size"))


def _codes(values) -> np.ndarray:
    """Number the distinct values 0, 1, 2, ... so numpy can compare them."""
    code = {}
    return np.array([code.setdefault(v, len(code)) for v in values], dtype=np.int64)


def simulate_first_turn(n_deals: int, seed: int | None, hand_size: int | None = None, deck=None,
                        rules: Rules | None = None) -> np.ndarray:
    """Shuffle the deck ``n_deals`` times: for each, True if the first player had no legal play.

    Each row of a table is one shuffled deck (``rng.permuted`` shuffles the
    rows independently).  The first ``hand_size`` cards of a row are the
    first player's hand and the next card is the one turned up; any fixed
    positions give the same odds, since every position of a shuffled deck
    is equally likely to hold any card.  Pictures and numbers are compared
    for the whole table at once (broadcasting the top card against the hand).
    Seeded: the same seed gives the same deals.  The deck and hand size are
    those of ``rules`` (the rulebook) unless given.
    """
    hand_size = _hand_size(hand_size, rules if deck is None else None)
    cards = _deck(deck, rules)
    if isinstance(n_deals, bool) or not isinstance(n_deals, (int, np.integer)) or n_deals < 1:
        raise ValueError(f"n_deals must be a whole number >= 1, got {n_deals!r}")
    _check_whole("hand_size", hand_size, 0, len(cards) - 1)
    pictures = _codes(card[0] for card in cards)
    numbers = _codes(card[1] for card in cards)
    rng = new_generator(seed)
    stuck = np.empty(n_deals, dtype=bool)
    block = 100_000  # rows shuffled at a time, to keep memory small
    for start in range(0, n_deals, block):
        n = min(block, n_deals - start)
        order = rng.permuted(np.tile(np.arange(len(cards)), (n, 1)), axis=1)
        hand, top = order[:, :hand_size], order[:, hand_size:hand_size + 1]
        playable = (pictures[hand] == pictures[top]) | (numbers[hand] == numbers[top])
        stuck[start:start + n] = ~playable.any(axis=1)
    return stuck


def deals_stuck(events) -> list[bool]:
    """For every hand dealt in ``events`` (a game's event list): True if it holds no card for the card turned up.

    A deal is the ``Dealt`` events of a round followed by the ``DiscardStarted``
    card.  Each hand dealt is a random set of cards from those that are not
    the turned-up card, so each hand -- not only the first player's -- is
    stuck on that card with the chance :func:`first_player_stuck` gives
    (171/2108 for the rulebook).  The hands of one deal share a deck, so
    they are not independent of each other, but each one is a fair sample.
    Hands in seat order, deal after deal; a round still being dealt counts
    once its card is turned up.
    """
    stuck, hands = [], []
    for event in events or ():
        if isinstance(event, ev.RoundStarted):
            hands = []
        elif isinstance(event, ev.Dealt):
            hands.append(event.cards)
        elif isinstance(event, ev.DiscardStarted):
            top = event.card
            stuck.extend(not any(matches(card, top) for card in hand) for hand in hands)
            hands = []
    return stuck

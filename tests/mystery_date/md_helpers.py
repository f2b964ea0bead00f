"""Helpers for the Mystery Date tests: build a situation, then play into it.

``arrange`` sets a game's state directly (hands, piles, positions, whose
turn) and keeps every card of the deck somewhere, so the tests can also
check that no card is made or lost; the lead tracker starts afresh from the
arranged hands.  ``land`` makes the current player's next roll stop on a
chosen space.
"""
from __future__ import annotations

from collections import Counter

from boardkit.core import LeadTracker, ScriptedChance
from boardkit.games import mystery_date as md
from boardkit.games.mystery_date.hand import Hand
from boardkit.games.mystery_date import Card
from game_helpers import saved  # noqa: F401 (the tests import it from here)

COLOUR_OF = {"r": "red", "g": "green", "b": "blue", "o": "orange"}
ALL_CARDS = [Card(c, n) for c in md.COLOURS for n in (1, 2, 3)]


def card(spec: str) -> Card:
    """``card("r1")`` is the red 1."""
    return Card(COLOUR_OF[spec[0]], int(spec[1]))


def cards(specs: str) -> list[Card]:
    """``cards("r1 r2 g3")``."""
    return [card(s) for s in specs.split()]


def deck(rules) -> Counter:
    return Counter({c: rules.copies for c in ALL_CARDS})


def new_game(n_players=4, seed=0, record_events=True, chance=None, **changes):
    rules = md.Rules().replace(**changes) if changes else md.Rules()
    return md.Game(rules, n_players=n_players, seed=seed, record_events=record_events, chance=chance)


def arrange(game, hands=None, discard=None, draw_top="", positions=None, current=0, phase="roll",
            draw_rest=True):
    """Set the state.  ``draw_top`` lists the draw pile's top cards, top first.

    Every card of the deck not placed elsewhere goes under ``draw_top`` (or,
    with ``draw_rest=False``, on the discard pile under the given discards).
    """
    rules = game.rules
    hands = [[] for _ in range(game.n_players)] if hands is None else hands
    hands = [cards(h) if isinstance(h, str) else list(h) for h in hands]
    assert len(hands) == game.n_players
    discard = cards(discard) if isinstance(discard, str) else list(discard or [])
    top = cards(draw_top) if isinstance(draw_top, str) else list(draw_top)
    rest = deck(rules)
    for c in [c for h in hands for c in h] + discard + top:
        assert rest[c] > 0, f"more {c} placed than the deck holds"
        rest[c] -= 1
    rest_cards = sorted(rest.elements())
    game.hands = [Hand(hand) for hand in hands]
    if draw_rest:
        game.draw_pile.cards = rest_cards + top[::-1]
        game.discard_pile.cards = discard
    else:
        game.draw_pile.cards = top[::-1]
        game.discard_pile.cards = rest_cards + discard
    if positions is not None:
        game.positions = list(positions)
    game.current = current
    game.phase = phase
    game.swap_with = None
    game.standing = [hand.standing for hand in game.hands]
    game.lead = LeadTracker(game.n_players)
    game.lead.update(game.standing)
    game._legal = None  # the legal actions are cached per decision
    assert game.card_counts() == deck(rules)
    return game


def space(game, kind: str, nth: int = 0) -> int:
    """Index of the ``nth`` space of ``kind`` on the board."""
    return [i for i, k in enumerate(game.rules.board) if k == kind][nth]


def land(game, kind: str, roll: int = 1, nth: int = 0):
    """The current player rolls ``roll`` and stops on the ``nth`` space of ``kind``."""
    target = space(game, kind, nth)
    player = game.current
    game.positions[player] = (target - roll) % len(game.rules.board)
    ScriptedChance.onto(game, rolls=[roll])
    events_before = len(game.events) if game.events is not None else 0
    game.apply(md.Roll())
    assert game.positions[player] == target
    assert game.last_roll == roll
    return game.events[events_before:] if game.events is not None else None


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]

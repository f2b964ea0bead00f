"""Restoring a saved Mystery Date game, checking everything on the way in."""
from __future__ import annotations

from collections import Counter

from boardkit.core import LeadTracker, Pile, event_from_dict
from boardkit.core.saving import reading_save, start_loading

from .events import EVENT_TYPES, Card
from .hand import Hand
from .rules import COLOURS, NUMBERS, Rules

CARD_FIELDS = {"card", "given", "received"}


def _card(value) -> Card:
    try:
        colour, number = value
    except (TypeError, ValueError):
        raise ValueError(f"a card must be [colour, number], got {value!r}") from None
    if colour not in COLOURS or number not in NUMBERS:
        raise ValueError(f"no such card {value!r}: colours {COLOURS}, numbers {NUMBERS}")
    return Card(colour, number)


def _event(data: dict):
    event = event_from_dict(data, EVENT_TYPES)
    changes = {name: _card(getattr(event, name)) for name in CARD_FIELDS if hasattr(event, name)}
    if hasattr(event, "cards"):
        changes["cards"] = tuple(_card(c) for c in event.cards)
    return type(event)(**{**event.__dict__, **changes}) if changes else event


def load_game(cls, data: dict):
    with reading_save():
        game = start_loading(cls, Rules, data, "mystery_date", "Mystery Date game")
        rules, n_players = game.rules, game.n_players
        game.positions = [int(p) for p in data["positions"]]
        game.hands = [Hand(_card(c) for c in hand) for hand in data["hands"]]
        game.draw_pile = Pile([_card(c) for c in data["draw_pile"]], "draw")
        game.discard_pile = Pile([_card(c) for c in data["discard_pile"]], "discard")
        game.current, game.phase = data["current"], data["phase"]
        game.swap_with, game.last_roll = data["swap_with"], data["last_roll"]
        game.turns, game.winner = data["turns"], data["winner"]
        game.won_date, game.end_reason = data["won_date"], data["end_reason"]
        game.lead = LeadTracker.from_dict(data["lead"], n_players)
        events = data["events"]
        game.events = None if events is None else [_event(e) for e in events]
    game._legal = None
    from .game import GIVING, PHASES
    if game.phase not in PHASES:
        raise ValueError(f"phase must be one of {PHASES}, got {game.phase!r}")
    if game.phase == GIVING:
        if not (isinstance(game.swap_with, int) and 0 <= game.swap_with < n_players
                and game.swap_with != game.current):
            raise ValueError(f"swap_with must be another seat 0..{n_players - 1} while giving, "
                             f"got {game.swap_with!r}")
    elif game.swap_with is not None:
        raise ValueError(f"swap_with must be None outside the 'give' phase, got {game.swap_with!r}")
    if len(game.hands) != n_players or len(game.positions) != n_players:
        raise ValueError(f"saved game must have {n_players} hands and positions")
    if any(not 0 <= p < len(rules.board) for p in game.positions):
        raise ValueError(f"positions must be spaces 0..{len(rules.board) - 1}, got {game.positions}")
    if not (isinstance(game.current, int) and 0 <= game.current < n_players):
        raise ValueError(f"current must be a seat 0..{n_players - 1}, got {game.current!r}")
    standing = game.lead.scores
    if standing is None or any(not (isinstance(s, int) and 0 <= s <= 3) for s in standing):
        raise ValueError(f"saved lead scores must be each seat's outfit progress, a whole number 0..3, "
                         f"got {standing!r}")
    game.standing = list(standing)
    from .game import full_deck
    if game.card_counts() != Counter(full_deck(rules)):
        raise ValueError("saved game does not hold exactly the full deck of cards")
    if game.legal_actions() == [] and not game.is_over:
        raise ValueError(f"saved game is stuck in phase {game.phase!r} with no legal action")
    return game

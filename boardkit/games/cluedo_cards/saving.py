"""Restoring a saved Cluedo Card Game, checking everything on the way in."""
from __future__ import annotations

from collections import Counter

from boardkit.core import LeadTracker, Pile, event_from_dict
from boardkit.core.saving import reading_save, start_loading

from .events import CARD_FIELDS, CARDS_FIELDS, EVENT_TYPES, Card, card
from .rules import Rules


def _whole(value, name: str, low: int | None = None, high: int | None = None) -> int:
    if (not isinstance(value, int) or isinstance(value, bool) or (low is not None and value < low)
            or (high is not None and value > high)):
        allowed = f"{low}..{high}" if high is not None else f">= {low}" if low is not None else "any"
        raise ValueError(f"saved {name} must be a whole number ({allowed}), got {value!r}")
    return value


def _seat(value, name: str, n_players: int) -> int | None:
    return None if value is None else _whole(value, name, 0, n_players - 1)


def _card(value, rules: Rules) -> Card:
    try:
        picture, number = value
    except (TypeError, ValueError):
        raise ValueError(f"a card must be [picture, number], got {value!r}") from None
    if picture not in rules.pictures or number not in rules.numbers or isinstance(number, bool):
        raise ValueError(f"no such card {value!r}: pictures {rules.pictures}, numbers {rules.numbers}")
    return card(picture, number)


def _cards(values, rules: Rules, name: str) -> list[Card]:
    if not isinstance(values, list):
        raise ValueError(f"saved {name} must be a list of cards, got {values!r}")
    return [_card(v, rules) for v in values]


def _event(data, rules: Rules):
    event = event_from_dict(data, EVENT_TYPES)
    changes = {name: _card(getattr(event, name), rules) for name in CARD_FIELDS if hasattr(event, name)}
    for name in CARDS_FIELDS:
        if hasattr(event, name):
            changes[name] = tuple(_card(c, rules) for c in getattr(event, name))
    return type(event)(**{**event.__dict__, **changes}) if changes else event


def load_game(cls, data: dict):
    from .game import PHASES, PLAYING, full_deck
    with reading_save():
        game = start_loading(cls, Rules, data, "cluedo_cards", "Cluedo Card Game")
        rules, n_players = game.rules, game.n_players
        game._use_deck_tables()  # the per-deck tables a new game looks up
        if not isinstance(data["hands"], list):
            raise ValueError(f"saved hands must be a list, got {data['hands']!r}")
        game.hands = [_cards(hand, rules, "hand") for hand in data["hands"]]
        game.draw_pile = Pile(_cards(data["draw_pile"], rules, "draw_pile"), "draw")
        game.discard_pile = Pile(_cards(data["discard_pile"], rules, "discard_pile"), "discard")
        n_minis = len(rules.miniatures)
        game.miniatures = [_whole(m, "miniature", 0, n_minis - 1) for m in data["miniatures"]]
        game.set_aside = [_whole(m, "set-aside miniature", 0, n_minis - 1) for m in data["set_aside"]]
        game.scores = [_whole(s, "score") for s in data["scores"]]
        game.missing = [_whole(m, "missing", 0) for m in data["missing"]]
        game.round = _whole(data["round"], "round", 1, rules.max_rounds)
        game.round_turns = _whole(data["round_turns"], "round_turns", 0, rules.max_turns)
        game.starter = _whole(data["starter"], "starter", 0, n_players - 1)
        game.current = _whole(data["current"], "current", 0, n_players - 1)
        game.phase = data["phase"]
        game.round_winners = [_seat(w, "round winner", n_players) for w in data["round_winners"]]
        game.leaders = list(data["leaders"])
        game.lead = LeadTracker.from_dict(data["lead"], n_players)
        game.penalties = _whole(data["penalties"], "penalties", 0)
        game.turns = _whole(data["turns"], "turns", 0)
        game.winner = _seat(data["winner"], "winner", n_players)
        game.end_reason = data["end_reason"]
        events = data["events"]
        game.events = None if events is None else [_event(e, rules) for e in events]
    game._legal = None
    if game.phase not in PHASES:
        raise ValueError(f"phase must be one of {PHASES}, got {game.phase!r}")
    for name in ("hands", "miniatures", "scores", "missing"):
        if len(getattr(game, name)) != n_players:
            raise ValueError(f"saved {name} must have one entry for each of the {n_players} players")
    if game.card_counts() != Counter(full_deck(rules)):
        raise ValueError("saved hands and piles do not hold exactly the deck the rules describe")
    if sorted(game.miniatures + game.set_aside) != list(range(len(rules.miniatures))):
        raise ValueError("saved miniatures and set-aside miniatures must be each miniature exactly once")
    if not game.discard_pile.cards:
        raise ValueError("the saved discard pile is empty; it always holds at least the card turned up")
    if len(game.round_winners) != len(game.leaders) or len(game.round_winners) not in (game.round - 1, game.round):
        raise ValueError("saved round_winners and leaders must have one entry per finished round")
    if game.end_reason not in (None, "target reached", "round cap"):
        raise ValueError(f"end_reason must be None, 'target reached' or 'round cap', got {game.end_reason!r}")
    if not game.is_over and not all(game.hands):
        raise ValueError("a round in play cannot have a player with no cards")
    if game.phase != PLAYING and game.is_over:
        raise ValueError(f"a finished game must be in phase {PLAYING!r}")
    return game

"""Restoring a saved Mouse Trap game, checking everything on the way in."""
from __future__ import annotations

from boardkit.core import LeadTracker, event_from_dict
from boardkit.core.saving import reading_save, start_loading

from .events import EVENT_TYPES
from .rules import Rules


def _whole(value, name: str, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        allowed = f"{low}..{high}" if high is not None else f">= {low}"
        raise ValueError(f"saved {name} must be a whole number {allowed}, got {value!r}")
    return value


def load_game(cls, data: dict):
    from .game import PHASES, SPLITTING
    with reading_save():
        game = start_loading(cls, Rules, data, "mouse_trap", "Mouse Trap game")
        rules, n_players = game.rules, game.n_players
        last = len(rules.spaces) - 1
        game.positions = [None if p is None else _whole(p, "position", 0, last) for p in data["positions"]]
        game.cheese = [_whole(c, "cheese", 0) for c in data["cheese"]]
        game.pile = _whole(data["pile"], "pile", 0)
        game.parts = _whole(data["parts"], "parts", 0, rules.n_parts)
        game.current = _whole(data["current"], "current", 0, n_players - 1)
        game.phase, game.owed = data["phase"], _whole(data["owed"], "owed", 0)
        game.last_roll, game.turns = data["last_roll"], _whole(data["turns"], "turns", 0)
        game.winner, game.end_reason = data["winner"], data["end_reason"]
        counts = data["counts"]
        game.trap_done_turn = counts["trap_done_turn"]
        game.cranks, game.catches, game.pushes = counts["cranks"], counts["catches"], counts["pushes"]
        game.lead = LeadTracker.from_dict(data["lead"], n_players)
        events = data["events"]
        game.events = None if events is None else [event_from_dict(e, EVENT_TYPES) for e in events]
    game._legal = None
    if game.phase not in PHASES:
        raise ValueError(f"phase must be one of {PHASES}, got {game.phase!r}")
    if len(game.positions) != n_players or len(game.cheese) != n_players:
        raise ValueError(f"saved game must have {n_players} positions and cheese counts")
    if game.cheese_total() != rules.cheese_count:
        raise ValueError(f"saved game holds {game.cheese_total()} cheese, the rules say {rules.cheese_count}")
    if game.positions[game.current] is None and not game.is_over:
        raise ValueError(f"player {game.current} is to play but her mouse was caught")
    if any(c for p, c in zip(game.positions, game.cheese) if p is None):
        raise ValueError("a caught player cannot hold cheese")
    if game.lead.scores is None or any(not isinstance(s, int) or s < 0 for s in game.lead.scores):
        raise ValueError(f"saved lead scores must be the cheese each seat held after the last turn, "
                         f"got {game.lead.scores!r}")
    if (game.phase == SPLITTING) != (game.owed > 0):
        raise ValueError(f"owed must be above 0 exactly while splitting, got {game.owed} in phase {game.phase!r}")
    if not game.is_over and not game.legal_actions():
        raise ValueError(f"saved game is stuck in phase {game.phase!r} with no legal action")
    return game

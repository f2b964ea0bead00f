"""Restoring a saved Mouse Trap game, checking every field on the way in.

A save is plain data from anywhere (a file, a student's notebook), so every
key is read, type-checked and range-checked, and the state it describes must
be one a game can reach: the cheese adds up, caught mice hold none, the
counts agree with the board.  Anything else is a ``ValueError`` naming the key.
The loaded game holds its own lists, never the save's.
"""
from __future__ import annotations

from boardkit.core import LeadTracker, event_from_dict
from boardkit.core.saving import read_outcome, reading_save, start_loading

from .events import EVENT_TYPES
from .rules import BUILD, STAGE_LETTERS, Rules

KEYS = ("game", "rules", "n_players", "seed", "chance", "positions", "cheese", "pile", "parts", "current",
        "phase", "owed", "last_roll", "turns", "winner", "end_reason", "counts", "lead", "events")
COUNT_KEYS = ("trap_done_turn", "cranks", "catches", "pushes")


def _whole(value, name: str, low: int, high: int) -> int:
    """``value`` as a whole number ``low``..``high``, else ValueError naming ``name``."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"saved '{name}' must be a whole number {low}..{high}, got {value!r:.80}")
    return value


def _seat_list(value, name: str, n_players: int) -> list:
    if not isinstance(value, list) or len(value) != n_players:
        raise ValueError(f"saved '{name}' must be a list of {n_players} values (one per seat), got {value!r:.80}")
    return value


def load_game(cls, data: dict):
    from .game import LAST_MOUSE, PHASES, BUILDING, ROLLING, SPLITTING, TURN_CAP
    if isinstance(data, dict):
        missing = [key for key in KEYS if key not in data]
        unknown = sorted(map(str, set(data) - set(KEYS)))
        if missing or unknown:
            raise ValueError(f"saved game is missing {', '.join(map(repr, missing))}" if missing
                             else f"saved game has unknown keys {', '.join(map(repr, unknown))}")
    with reading_save():
        game = start_loading(cls, Rules, data, "mouse_trap", "Mouse Trap game")
    rules, n = game.rules, game.n_players
    read_outcome(game, data, (LAST_MOUSE, TURN_CAP))
    _whole(game.turns, "turns", 0, rules.max_turns)

    # -- the board ---------------------------------------------------------------------
    last = len(rules.spaces) - 1
    game.positions = [None if p is None else _whole(p, f"positions[{i}]", 0, last)
                      for i, p in enumerate(_seat_list(data["positions"], "positions", n))]
    total = rules.cheese_count
    game.cheese = [_whole(c, f"cheese[{i}]", 0, total)
                   for i, c in enumerate(_seat_list(data["cheese"], "cheese", n))]
    game.pile = _whole(data["pile"], "pile", 0, total)
    if game.pile + sum(game.cheese) != total:
        raise ValueError(f"saved 'pile' and 'cheese' hold {game.pile + sum(game.cheese)} cheese together, "
                         f"the rules say {total}")
    if any(c for p, c in zip(game.positions, game.cheese) if p is None):
        raise ValueError("saved 'cheese': a caught player (position None) cannot hold cheese")
    game.parts = _whole(data["parts"], "parts", 0, rules.n_parts)
    game.current = _whole(data["current"], "current", 0, n - 1)

    # -- the decision now ------------------------------------------------------------------
    game.phase = data["phase"]
    if not isinstance(game.phase, str) or game.phase not in PHASES:
        raise ValueError(f"saved 'phase' must be one of {', '.join(map(repr, PHASES))}, got {game.phase!r:.80}")
    owes = max([space.amount for space in rules.spaces] + [rules.wheel_cheese, 1])
    game.owed = _whole(data["owed"], "owed", 0, owes)
    if (game.phase == SPLITTING) != (game.owed > 0):
        raise ValueError(f"saved 'owed' must be above 0 exactly while splitting, got {game.owed} "
                         f"in phase {game.phase!r}")
    last_roll = data["last_roll"]
    if game.turns == 0:
        if last_roll is not None:
            raise ValueError(f"saved 'last_roll' must be None before the first roll, got {last_roll!r:.80}")
        game.last_roll = None
    else:
        game.last_roll = _whole(last_roll, "last_roll", 1, rules.die_sides)
    if game.phase != ROLLING and game.turns == 0:
        raise ValueError(f"saved 'phase' {game.phase!r} comes after a roll, but no turn was played")
    if game.phase == BUILDING:
        space = None if game.positions[game.current] is None else rules.spaces[game.positions[game.current]]
        if (space is None or space.kind != BUILD or n not in space.players
                or game.parts == rules.n_parts):
            raise ValueError("saved 'phase' is 'build' but the player to move is not on a build space "
                             "for this many players with parts left to build")

    # -- how the game stands ------------------------------------------------------------------
    alive = [p for p, pos in enumerate(game.positions) if pos is not None]
    if game.end_reason == LAST_MOUSE:
        if len(alive) != 1 or game.winner != alive[0]:
            raise ValueError(f"saved 'winner' must be the last mouse on the board (seats left: {alive}), "
                             f"got {game.winner!r}")
    elif game.end_reason == TURN_CAP:
        if game.winner is not None or game.turns != rules.max_turns:
            raise ValueError(f"saved 'end_reason' 'turn cap' needs no winner and turns = max_turns "
                             f"({rules.max_turns}), got winner {game.winner!r}, turns {game.turns}")
    if not game.is_over and game.phase == ROLLING and game.turns >= rules.max_turns:
        raise ValueError(f"saved 'end_reason' must be 'turn cap': {game.turns} turns were played and "
                         f"max_turns is {rules.max_turns}, so the game has ended")
    if game.is_over and game.phase != ROLLING:
        raise ValueError(f"saved 'phase' of a finished game must be 'roll', got {game.phase!r}")
    if not game.is_over and (len(alive) < 2 or game.positions[game.current] is None):
        raise ValueError("saved 'positions': the game goes on, so at least two mice are on the board "
                         "and the player to move is one of them")

    # -- the counts of the simulation row -------------------------------------------------------
    counts = data["counts"]
    if not isinstance(counts, dict) or set(counts) != set(COUNT_KEYS):
        raise ValueError(f"saved 'counts' must be a dict with the keys {', '.join(COUNT_KEYS)}, "
                         f"got {counts!r:.120}")
    done = counts["trap_done_turn"]
    if game.parts < rules.n_parts:
        if done is not None:
            raise ValueError(f"saved 'counts.trap_done_turn' must be None while the trap is unfinished, got {done!r}")
    else:
        _whole(done, "counts.trap_done_turn", 0, game.turns)
    game.trap_done_turn = done
    game.cranks = _whole(counts["cranks"], "counts.cranks", 0, game.turns)
    game.catches = _whole(counts["catches"], "counts.catches", 0, n - 1)
    if game.catches != n - len(alive):
        raise ValueError(f"saved 'counts.catches' must be the number of caught mice ({n - len(alive)}), "
                         f"got {game.catches}")
    if game.catches and not game.cranks:  # one crank may catch several mice at once
        raise ValueError(f"saved 'counts.catches' ({game.catches}) needs a crank, got cranks = 0")
    # each push costs push_cost cheese, so one turn holds at most cheese_count // push_cost of them
    game.pushes = _whole(counts["pushes"], "counts.pushes", 0, game.turns * (total // rules.push_cost))
    if game.cranks and game.parts < rules.n_parts or game.pushes and game.parts < rules.n_parts:
        raise ValueError("saved 'counts': cranks and pushes need a finished trap")

    # -- the drama and the story ------------------------------------------------------------------
    game.lead = LeadTracker.from_dict(data["lead"], n, range(total + 1), game.turns)  # noted once a turn
    scores = game.lead.scores
    if scores is None or any(isinstance(s, bool) or not isinstance(s, int) or s < 0 for s in scores) \
            or sum(scores) > total:
        raise ValueError(f"saved 'lead' scores must be the cheese each seat held after the last turn, "
                         f"got {scores!r:.80}")
    if (game.phase == ROLLING or game.is_over) and scores != game.cheese:
        raise ValueError(f"saved 'lead' scores {scores} must equal the cheese held between turns {game.cheese}")
    events = data["events"]
    if events is not None and not isinstance(events, list):
        raise ValueError(f"saved 'events' must be None or a list of event records, got {events!r:.80}")
    allowed = _event_values(rules, n)
    game.events = None if events is None else [event_from_dict(e, EVENT_TYPES, allowed) for e in events]
    game._legal = None
    if not game.is_over and not game.legal_actions():
        raise ValueError(f"saved game is stuck in phase {game.phase!r} with no legal action")
    return game


def _event_values(rules: Rules, n_players: int) -> dict:
    """The values each field of a saved event may take in a game of ``rules`` (see ``event_from_dict``)."""
    seats = range(n_players)
    return {"player": seats, "target": seats, "victim": seats, "targets": seats,
            "source": seats, "start": range(len(rules.spaces)), "end": range(len(rules.spaces)),
            "label": set(rules.labels), "how": ("roll", "sent", "pushed", "missed"),
            "part": range(1, rules.n_parts + 1), "amount": range(rules.cheese_count + 1),
            "cheese": range(rules.cheese_count + 1), "value": range(1, rules.die_sides + 1),
            "stopped_at": range(len(STAGE_LETTERS) + 1), "backups_used": rules.backups,
            "turns": (rules.max_turns,)}

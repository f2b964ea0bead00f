"""Helpers for the Mouse Trap tests: build a situation, then play into it.

``arrange`` sets a game's state directly (mice, cheese, parts, whose turn)
and keeps the cheese total right, so tests can check none is made or lost.
The lead tracker starts afresh from the arranged cheese.
``land`` makes the current player's next roll stop on a chosen space.

Default track positions: 0 START, 1 build 2, 2 take 1, 3 build 2-3-4,
4 build 2-3, 5 lose 1, 6 build 2-3-4, 7 back 3, 9 take 2, 12 ahead 4,
15 lose 2, 19 rival 3, 22 back 5, 26 go to cheese, 34 blank; the Loop:
35 SAFE, 36 take 1, 37 build 2-3-4 x2, 38 TURN CRANK, 39 lose 1, 40 CHEESE WHEEL.
"""
from __future__ import annotations

from boardkit import ScriptedChance
from boardkit.core import LeadTracker
from boardkit.games import mouse_trap as mt
from game_helpers import saved  # noqa: F401 (every game's tests share it)

SAFE, CRANK_SPACE, WHEEL = 35, 38, 40
ALWAYS = (1,) * 16  # stage odds of a trap that always works


def never_past(stage: int) -> tuple:
    """Stage odds of a trap that always stops at stage number ``stage`` (0 = A)."""
    return (1,) * stage + (0,) + (1,) * (15 - stage)


def new_game(n_players=4, seed=0, record_events=True, **changes):
    rules = mt.Rules().replace(**changes) if changes else mt.Rules()
    return mt.Game(rules, n_players=n_players, seed=seed, record_events=record_events)


def arrange(game, positions=None, cheese=None, parts=0, current=0):
    """Set the state; the pile holds whatever cheese the players do not."""
    n = game.n_players
    game.positions = list(positions) if positions is not None else [0] * n
    game.cheese = list(cheese) if cheese is not None else [0] * n
    game.pile = game.rules.cheese_count - sum(game.cheese)
    assert game.pile >= 0
    game.parts = game.rules.n_parts if parts == "all" else parts
    game.current = current
    game.phase = "roll"
    game.owed = 0
    game.trap_done_turn = 0 if game.parts == game.rules.n_parts else None  # as if built before
    game.catches = game.positions.count(None)
    game.cranks = max(game.cranks, game.catches)
    game.lead = LeadTracker(n)
    game.lead.update(game.cheese)
    game._legal = None  # the legal actions are cached per decision
    return game


def complete(game, **kwargs):
    return arrange(game, parts="all", **kwargs)


def where(game, text: str, nth: int = 0) -> int:
    """Position of the ``nth`` space written ``text``."""
    texts = game.rules.path + game.rules.loop
    return [i for i, t in enumerate(texts) if t == text][nth]


def land(game, target: int, roll: int = 1, *more_rolls):
    """The current player rolls ``roll`` from ``target - roll`` and stops on ``target``;
    returns the events of the move."""
    player = game.current
    game.positions[player] = target - roll
    game._legal = None
    ScriptedChance.onto(game, rolls=[roll, *more_rolls])
    before = len(game.events) if game.events is not None else 0
    game.apply(mt.Roll())
    assert game.last_roll == roll
    return game.events[before:] if game.events is not None else None


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]

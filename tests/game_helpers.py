"""Helpers the tests of every game's model share.

    from game_helpers import assert_restores_and_continues, force_rolls, saved

(``tests/conftest.py`` puts this folder on ``sys.path``.)
"""
import json

import boardkit as bk
from boardkit.games import cluedo_cards as cc
from boardkit.games import mouse_trap as mt
from boardkit.games import mystery_date as md
from boardkit.games import philo_vance as pv
from boardkit.games import win_lose_draw as wld

#: the five games' modules
GAMES = [md, mt, cc, wld, pv]


def saved(game) -> str:
    """The game's saved state as JSON text (for exact before/after comparisons)."""
    return json.dumps(game.to_dict(), sort_keys=True)


def force_rolls(monkeypatch, game, *values):
    """The next rolls of the die are ``values`` (then the last one again)."""
    queue = list(values)

    def roll(sides=6):
        return queue.pop(0) if len(queue) > 1 else queue[0]
    monkeypatch.setattr(game.chance, "roll", roll)


def assert_restores_and_continues(original, bots, stops):
    """Save ``original`` after each number of decisions in ``stops`` and restore it
    through JSON; the last copy, played on to the end, replays the original exactly."""
    copy, step = None, 0
    for stop in sorted(stops):
        while step < stop and not original.is_over:
            bk.step(original, bots)
            step += 1
        state = original.to_dict()
        copy = type(original).from_dict(json.loads(json.dumps(state)))
        assert copy.to_dict() == state
        assert copy.legal_actions() == original.legal_actions()
    bk.play(original, bots)
    bk.play(copy, bots)
    assert copy.events == original.events
    assert copy.to_dict() == original.to_dict()


def assert_refused_unchanged(game, wrong) -> None:
    """``wrong`` (not a legal action now) raises IllegalAction and leaves the save exactly as it was."""
    from boardkit import IllegalAction

    before = saved(game)
    try:
        game.apply(wrong)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{wrong!r} was accepted")
    assert saved(game) == before

"""Helpers the tests of every game's model share.

    from game_helpers import GAMES, force_rolls, saved

(``tests/conftest.py`` puts this folder on ``sys.path``.)
"""
import json

import boardkit as bk
from boardkit.core import ScriptedChance
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


def force_rolls(game, *values):
    """The next rolls of the die are ``values`` (``ScriptedChance``), after which the seed rolls."""
    ScriptedChance.onto(game, rolls=values)


def containers(value) -> list:
    """Every list and dict inside ``value`` (itself included), outermost first."""
    found = []
    if isinstance(value, (list, dict)):
        found.append(value)
        for item in (value.values() if isinstance(value, dict) else value):
            found.extend(containers(item))
    return found


def assert_saves_are_snapshots(game, decisions: int = 10_000):
    """Play ``game`` with its own bots, saving before every decision: changing every list
    and dict of one save changes neither the game nor the next save; then the game, and a
    copy loaded from the text of a save taken halfway, both play on as a fresh game of the
    same seed does."""
    def bots():
        return game.rules.default_bots(game.n_players)

    fresh = type(game)(game.rules, n_players=game.n_players, seed=game.seed)
    own_bots, halfway, last = bots(), None, None
    for decision in range(decisions):
        save = game.to_dict()
        text = json.dumps(save, sort_keys=True)
        if last is not None:
            for container in containers(last):        # every nested list and dict of the previous save
                if isinstance(container, list):
                    container.append("changed")
                else:
                    container["changed"] = "changed"
            assert saved(game) == text, f"changing a save changed the game (decision {decision})"
            assert json.dumps(save, sort_keys=True) == text, f"changing a save changed the next one ({decision})"
        last = save
        if game.is_over:
            break
        if decision == 20:
            halfway = text
        bk.step(game, own_bots)
    assert halfway is not None, "the game ended too soon to test a restored copy"
    bk.play(fresh, bots())
    assert saved(game) == saved(fresh)                 # the changed saves never reached the game
    copy = type(game).from_dict(json.loads(halfway))
    bk.play(copy, bots())
    assert saved(copy) == saved(fresh)

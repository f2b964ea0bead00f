"""Bots, bk.simulate with Mouse Trap, and saving."""
import json

import pandas as pd
import pytest

import boardkit as bk
from boardkit.games import mouse_trap as mt
from mt_helpers import CRANK_SPACE, WHEEL, complete, land, new_game


def test_trapper_pushes_the_rival_nearest_the_wheel():
    game = complete(new_game(n_players=4), positions=[0, 36, 39, 20], cheese=[5, 0, 0, 0])
    land(game, CRANK_SPACE)
    action = mt.bots.Trapper().choose(game, game.legal_actions(), game.chance)
    assert action == mt.Push(2)  # one step from the wheel


def test_trapper_only_pushes_rivals_a_roll_can_reach():
    game = complete(new_game(n_players=2), positions=[0, 20], cheese=[5, 0])
    land(game, CRANK_SPACE)
    assert mt.bots.Trapper().choose(game, game.legal_actions(), game.chance) == mt.Stop()


def test_trapper_stops_paying_when_cheese_runs_low():
    game = complete(new_game(n_players=2), positions=[0, 36], cheese=[2, 0])
    land(game, CRANK_SPACE)
    assert mt.bots.Trapper(reserve=2).choose(game, game.legal_actions(), game.chance) == mt.Stop()
    assert mt.bots.Trapper(reserve=0).choose(game, game.legal_actions(), game.chance) == mt.Push(1)


def test_trapper_cranks_when_a_mouse_is_on_the_wheel():
    game = complete(new_game(n_players=2), positions=[0, WHEEL], cheese=[9, 0])
    land(game, CRANK_SPACE)
    assert mt.bots.Trapper().choose(game, game.legal_actions(), game.chance) == mt.Crank()


def test_trapper_splits_a_tie_evenly():
    game = complete(new_game(), positions=[0, 1, 2, 3], cheese=[0, 5, 5, 0])
    land(game, 19)
    choice = mt.bots.Trapper().choose(game, game.legal_actions(), game.chance)
    assert sorted(n for _, n in choice.amounts) == [1, 2]


def test_bots_print():
    assert repr(mt.bots.Random()) == "Random()" and repr(mt.bots.Trapper(1)) == "Trapper(reserve=1)"


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_simulate_finds_the_game_and_its_bots(n_players):
    """The reference engine: each row replays with bk.play from its seed (the fast lane's
    rows do not: it draws other numbers; see test_mt_fast.py)."""
    frame = bk.simulate(mt.Rules(), n_players=n_players, n_games=30, seed=5, progress=False, engine="reference")
    for column in ("game", "seed", "winner", "turns", "end", "n_players", "stalemate", "parts", "cranks",
                   "catches", "pushes", "trap_done"):
        assert column in frame.columns
    assert set(frame["end"]) <= {"last mouse", "turn cap"}
    won = frame[frame["end"] == "last mouse"]
    assert won["winner"].isin(range(n_players)).all() and (won["catches"] == n_players - 1).all()
    pd.testing.assert_frame_equal(frame, bk.simulate(mt.Rules(), n_players=n_players, n_games=30, seed=5,
                                                     progress=False, engine="reference"))
    row = frame.iloc[3]
    record = bk.play(mt.Game(mt.Rules(), n_players=n_players, seed=int(row["seed"])))
    assert (record.winner, record.turns, record.end) == (row["winner"], row["turns"], row["end"])


def test_metrics_work_on_a_mouse_trap_frame():
    frame = bk.simulate(mt.Rules(), n_players=3, n_games=60, seed=1, progress=False,
                        bots=[mt.bots.Trapper(), mt.bots.Random(), mt.bots.Random()])
    assert len(bk.metrics.win_rates(frame)) == 3
    assert bk.metrics.length_summary(frame)["games"] == 60
    assert "last mouse" in bk.metrics.end_reasons(frame).index


def test_save_restore_mid_split_and_mid_crank():
    game = complete(new_game(), positions=[0, 1, 2, 3], cheese=[0, 5, 5, 0])
    land(game, 19)
    assert game.phase == "split"
    copy = mt.Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert copy.legal_actions() == game.legal_actions() and copy.owed == 3
    game = complete(new_game(n_players=2), positions=[0, 36], cheese=[3, 0])
    land(game, CRANK_SPACE)
    copy = mt.Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert copy.phase == "crank" and copy.legal_actions() == game.legal_actions()


def test_public_shape():
    for name in ("Rules", "Game", "bots", "analysis", "Roll", "Push", "Crank", "Stop", "Split", "STAGES"):
        assert hasattr(mt, name)
    assert hasattr(mt, "App")  # the view, imported only when asked for (see test_mt_view.py)
    assert mt.Rules().default_bots(3)[0].name == "Trapper"

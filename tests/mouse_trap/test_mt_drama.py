"""The drama columns: each seat's standing is the cheese it holds after each turn."""
import json

import pandas as pd
import pytest

import boardkit as bk
from boardkit.games import mouse_trap as mt
from mt_helpers import ALWAYS, CRANK_SPACE, WHEEL, arrange, complete, land, new_game

TAKE_2, LOSE_1, BLANK = 9, 5, 34


def test_the_start_is_a_tie_with_no_leader():
    game = new_game()
    assert game.lead.scores == [0, 0, 0, 0]
    assert game.lead.leader is None and game.lead.lead_changes == 0


def test_taking_cheese_takes_the_lead():
    game = arrange(new_game(seed=1), cheese=[1, 2, 0, 0])
    assert game.lead.leader == 1 and game.lead.worst_deficit == [1, 0, 2, 2]
    land(game, TAKE_2)
    assert game.cheese == [3, 2, 0, 0]
    assert game.lead.leader == 0 and game.lead.lead_changes == 1
    assert game.lead.worst_deficit == [1, 1, 3, 3]
    assert game.result()["lead_changes"] == 1 and game.result()["winner_worst_deficit"] is None


def test_a_tie_for_the_lead_is_skipped():
    game = arrange(new_game(seed=2), cheese=[2, 3, 0, 0])
    land(game, LOSE_1, 1)  # seat 0: 1 cheese; seat 1 still leads
    land(game, LOSE_1, 1)  # seat 1: 2 cheese; 1 and 2: no change of leader
    assert game.cheese == [1, 2, 0, 0] and game.lead.leader == 1 and game.lead.lead_changes == 0
    game.current = 0
    land(game, TAKE_2)  # seat 0: 3 cheese, the sole leader
    assert game.lead.leader == 0 and game.lead.lead_changes == 1


def test_a_turn_without_cheese_changing_hands_leaves_the_lead_alone():
    game = arrange(new_game(seed=3), cheese=[0, 4, 1, 0])
    before = game.lead.to_dict()
    land(game, BLANK)
    assert game.current == 1 and game.lead.to_dict() == before


def test_the_last_catch_counts_for_the_winner():
    game = complete(new_game(n_players=2, seed=4, stage_odds=ALWAYS), cheese=[1, 5], positions=[0, WHEEL])
    assert game.lead.leader == 1 and game.lead.worst_deficit == [4, 0]
    land(game, CRANK_SPACE, 6)
    game.apply(mt.Crank())
    row = game.result()
    assert (row["winner"], row["end"]) == (0, "last mouse")
    assert game.cheese == [6, 0] and game.lead.scores == [6, 0]
    assert row["lead_changes"] == 1 and row["winner_worst_deficit"] == 4


def test_simulation_frame_has_sane_drama_columns():
    frame = bk.simulate(mt.Rules(), n_players=4, n_games=30, seed=7, progress=False)
    assert {"lead_changes", "winner_worst_deficit"} <= set(frame.columns)
    assert (frame["lead_changes"] >= 0).all() and frame["lead_changes"].dtype.kind == "i"
    won = frame["winner"].notna()
    deficits = pd.to_numeric(frame.loc[won, "winner_worst_deficit"])
    assert deficits.between(0, mt.Rules().cheese_count).all()
    assert frame.loc[~won, "winner_worst_deficit"].isna().all()


@pytest.mark.parametrize("change,message", [
    (lambda d: d.pop("lead"), "lead"),
    (lambda d: d["lead"].update(scores=[0, 0]), "scores"),
    (lambda d: d["lead"].update(scores=[0.5, 0, 0, 0], worst_deficit=[0, 0.5, 0.5, 0.5], leader=0), "standing"),
    (lambda d: d["lead"].update(worst_deficit=[0, 0, 0, -1]), "worst_deficit"),
    (lambda d: d["lead"].update(lead_changes=2), "lead_changes"),
])
def test_a_broken_lead_raises_value_error(change, message):
    data = json.loads(json.dumps(new_game(seed=9).to_dict()))
    change(data)
    with pytest.raises(ValueError, match=message):
        mt.Game.from_dict(data)

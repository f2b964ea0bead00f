"""The drama columns: each seat's standing is the case it has proved (right clues in play for its suspect)."""
import json

import pandas as pd
import pytest

import boardkit as bk
from boardkit.games import philo_vance as pv
from pv_helpers import BUTLER, WIFE, court_for, declared, give_court, new_game, place, quiet_move, ready, throw


def end_a_quiet_turn(game, player):
    """``player`` throws 1 and 2 (no doubles, no 7, no juror) and moves to a quiet space."""
    ready(game, player)
    throw(game, 1, 2)
    game.apply(quiet_move(game))
    assert game.current != player or game.is_over


def two_detectives(right_0: int, right_1: int):
    game = new_game(n_players=2, seed=0)
    give_court(game, 0, court_for(BUTLER, right_0))
    give_court(game, 1, court_for(WIFE, right_1))
    declared(game, 0, BUTLER)
    declared(game, 1, WIFE)
    return place(game, p0=10, p1=34)  # Turning circle SE and a space far away, quiet all round


def test_nobody_has_a_case_at_the_start():
    game = new_game(n_players=3)
    assert game.lead.scores == [0, 0, 0] and game.lead.leader is None


def test_the_standing_is_the_referees_count_for_the_arrested_suspect():
    game = two_detectives(3, 5)
    assert [game.correct_in_play(p) for p in (0, 1)] == [3, 5]
    end_a_quiet_turn(game, 0)
    assert game.lead.scores == [3, 5] and game.lead.leader == 1 and game.lead.lead_changes == 0
    assert game.lead.worst_deficit == [2, 0]
    give_court(game, 0, court_for(BUTLER, 6))  # seat 0's case grows past seat 1's
    end_a_quiet_turn(game, 1)
    assert game.lead.scores == [6, 5] and game.lead.leader == 0 and game.lead.lead_changes == 1
    assert game.lead.worst_deficit == [2, 1]
    assert game.result()["lead_changes"] == 1 and game.result()["winner_worst_deficit"] is None


def test_a_player_who_has_arrested_nobody_has_no_case():
    game = two_detectives(3, 5)
    game.suspect[1] = None
    game.declared[1] = False
    end_a_quiet_turn(game, 0)
    assert game.lead.scores == [3, 0]


def test_the_winning_conviction_is_counted():
    game = two_detectives(7, 5)
    game.judge = True
    end_a_quiet_turn(game, 1)  # seat 1 ends a turn: 7 against 5
    assert game.lead.leader == 0
    ready(game, 1)
    give_court(game, 1, court_for(WIFE, 8))
    game.apply(pv.Convict())
    row = game.result()
    assert (row["winner"], row["end"]) == (1, "convicted")
    assert game.lead.scores == [7, 8]
    assert row["lead_changes"] == 1 and row["winner_worst_deficit"] == 2


def test_simulation_frame_has_sane_drama_columns():
    frame = bk.simulate(pv.Rules(), n_players=3, n_games=6, seed=7, progress=False)
    assert {"lead_changes", "winner_worst_deficit"} <= set(frame.columns)
    assert (frame["lead_changes"] >= 0).all()
    won = frame["winner"].notna()
    deficits = pd.to_numeric(frame.loc[won, "winner_worst_deficit"])
    assert deficits.between(0, pv.Rules().court_size).all()
    assert frame.loc[~won, "winner_worst_deficit"].isna().all()


@pytest.mark.parametrize("change,message", [
    (lambda d: d.pop("lead"), "lead"),
    (lambda d: d["lead"].update(scores=[0, 0, 0]), "scores"),
    (lambda d: d["lead"].update(scores=[0, 1.5], leader=1, worst_deficit=[1.5, 0]), "standing"),
    (lambda d: d["lead"].update(worst_deficit=None), "worst_deficit"),
    (lambda d: d["lead"].update(extra=1), "keys"),
])
def test_a_broken_lead_raises_value_error(change, message):
    data = json.loads(json.dumps(new_game(seed=9).to_dict()))
    change(data)
    with pytest.raises(ValueError, match=message):
        pv.Game.from_dict(data)


def test_children_play_for_the_suspect_they_picked():
    game = new_game(n_players=2, seed=3, rules=pv.Rules.children_game())
    bots = [pv.bots.Detective(), pv.bots.Detective()]
    bk.play(game, bots)
    row = game.result()
    assert row["lead_changes"] >= 0
    if row["winner"] is not None:
        assert game.lead.scores[row["winner"]] >= game.rules.children_win

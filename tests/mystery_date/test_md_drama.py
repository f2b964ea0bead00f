"""The drama columns: each seat's standing is how near its hand is to a complete outfit (0-3)."""
import json

import pandas as pd
import pytest

import boardkit as bk
from boardkit.core import ScriptedChance
from boardkit import ScriptedChance
from boardkit.games import mystery_date as md
from boardkit.games.mystery_date.hand import held_bits, outfit_progress
from boardkit.games.mystery_date.rules import DOOR, SWAP_LEFT, TAKE_2
from md_helpers import arrange, card, cards, land, new_game

WRONG_DATE = (0, 1, 0, 0, 0)  # the door always shows the green date


@pytest.mark.parametrize("hand,progress", [
    ("", 0), ("r1", 1), ("r1 g2 b3 o1", 1), ("r1 r1 r1", 1), ("r1 r3 g1", 2), ("b1 b2 b3", 3),
    ("r1 r2 g1 g2 g3 o3", 3), ("o3 o2 o2 o1", 3),
])
def test_outfit_progress_counts_different_numbers_of_one_colour(hand, progress):
    assert outfit_progress(held_bits(cards(hand))) == progress


def test_the_deal_gives_the_first_standings():
    game = new_game(seed=4)
    assert game.standing == [h.standing for h in game.hands]
    assert game.lead.scores == game.standing


def test_a_take_that_completes_an_outfit_takes_the_lead():
    # seat 1 leads with a blue 1 and 2; seat 0 is one behind and draws the red 2 and 3
    game = arrange(new_game(seed=1), hands=["r1 g1", "b1 b2", "o1", ""], discard="o3", draw_top="r2 r3")
    assert game.standing == [1, 2, 1, 0] and game.lead.leader == 1
    land(game, TAKE_2)
    assert game.hands[0] == cards("r1 g1 r2 r3")
    assert game.standing == [3, 2, 1, 0]
    assert game.lead.leader == 0 and game.lead.lead_changes == 1
    assert game.lead.worst_deficit == [1, 1, 2, 3]
    assert game.result()["lead_changes"] == 1
    assert game.result()["winner_worst_deficit"] is None  # nobody has won yet


def test_a_swap_moves_both_standings():
    game = arrange(new_game(n_players=2, seed=2), hands=["r1 r2 g1", "r3 b1"], discard="o1")
    assert game.standing == [2, 1] and game.lead.leader == 0
    land(game, SWAP_LEFT)
    ScriptedChance.onto(game, below=[0])  # she draws the opponent's first card, the red 3
    game.apply(md.Give(card("g1")))
    assert sorted(game.hands[0]) == cards("r1 r2 r3") and sorted(game.hands[1]) == cards("b1 g1")
    assert game.standing == [3, 1]
    assert game.lead.leader == 0 and game.lead.lead_changes == 0
    assert game.lead.worst_deficit == [0, 2]


def test_a_turn_that_changes_no_hand_leaves_the_lead_alone():
    game = arrange(new_game(seed=3, door_weights=WRONG_DATE), hands=["r1 r2 r3", "b1", "", ""], discard="o1")
    before = game.lead.to_dict()
    land(game, DOOR)
    game.apply(md.ShowOutfit("red"))  # a wrong date: the turn ends, hands unchanged
    assert game.current == 1
    assert game.lead.to_dict() == before


def test_the_winner_who_was_behind():
    game = arrange(new_game(seed=5, door_weights=(1, 0, 0, 0, 0)),  # the door always shows the red date
                   hands=["r1 r2", "b1 b2 b3", "", ""], discard="o1", draw_top="r3 o2")
    assert game.standing == [2, 3, 0, 0] and game.lead.leader == 1
    land(game, TAKE_2)  # seat 0 draws the red 3: level with seat 1, who stays the last sole leader
    for _ in range(3):  # seats 1-3 take two cards each
        land(game, TAKE_2)
    assert game.current == 0 and game.standing[:2] == [3, 3]
    land(game, DOOR)
    game.apply(md.ShowOutfit("red"))
    row = game.result()
    assert (row["winner"], row["end"]) == (0, "date found")
    assert row["winner_worst_deficit"] == 1  # one card short of seat 1's outfit after the deal
    assert row["lead_changes"] == 0


def test_simulation_frame_has_sane_drama_columns():
    frame = bk.simulate(md.Rules(), n_players=4, n_games=30, seed=7, progress=False)
    assert {"lead_changes", "winner_worst_deficit"} <= set(frame.columns)
    assert (frame["lead_changes"] >= 0).all()
    assert frame["lead_changes"].dtype.kind == "i"
    won = frame["winner"].notna()
    deficits = pd.to_numeric(frame.loc[won, "winner_worst_deficit"])
    assert deficits.between(0, 3).all()
    assert frame.loc[~won, "winner_worst_deficit"].isna().all()
    figures = bk.metrics.drama(frame)
    assert figures["games"] == 30 and 0 <= figures["comeback share"] <= 1


@pytest.mark.parametrize("change,message", [
    (lambda d: d.pop("lead"), "lead"),
    (lambda d: d.update(lead=None), "lead"),
    (lambda d: d["lead"].update(scores=[1, 2]), "scores"),
    (lambda d: d["lead"].update(scores=[1, 2, 5, 0], leader=2, worst_deficit=[4, 3, 0, 5]), "0..3"),
    (lambda d: d["lead"].update(leader=7), "leader"),
    (lambda d: d["lead"].update(scores=None, leader=None, lead_changes=0, worst_deficit=[0] * 4), "0..3"),
    (lambda d: d["lead"].update(lead_changes=-1), "lead_changes"),
    (lambda d: d["lead"].update(worst_deficit=[0, 0, "1", 0]), "worst_deficit"),
])
def test_a_broken_lead_raises_value_error(change, message):
    data = json.loads(json.dumps(new_game(seed=9).to_dict()))
    change(data)
    with pytest.raises(ValueError, match=message):
        md.Game.from_dict(data)


def test_the_tracker_never_draws_a_random_number():
    """Same seed, same game: tracking the lead changes nothing (the pins in test_simulation_pins say so too)."""
    game = new_game(seed=10, record_events=False)
    ScriptedChance.onto(game, rolls=[2])
    state = game.chance.to_dict()
    game.lead.update([3, 0, 0, 0])
    game.lead.columns(0)
    assert game.chance.to_dict() == state

"""boardkit.metrics on small hand-made simulation frames (known answers), and on real games."""
from collections import Counter

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

import boardkit as bk
from boardkit.core.bots import Random
from boardkit.core.stats import mean_interval, wilson_interval
from boardkit.games import cluedo_cards as cc
from boardkit.games import mouse_trap as mt
from boardkit.games import mystery_date as md
from boardkit.games import philo_vance as pv

FRAME = pd.DataFrame({
    "seed": [10, 11, 12, 13, 14, 15, 16, 17],
    "winner": [0, 1, 0, None, 2, 0, None, 1],
    "turns": [10, 20, 30, 40, 50, 60, 70, 100],
    "end": ["date found"] * 3 + ["turn cap"] + ["date found"] * 2 + ["turn cap", "date found"],
    "n_players": 3,
})


def test_win_rates_by_seat():
    table = bk.metrics.win_rates(FRAME)
    assert table.index.name == "seat"
    assert table.index.tolist() == [0, 1, 2]
    assert table["wins"].tolist() == [3, 2, 1]
    assert table["win rate"].tolist() == pytest.approx([3 / 6, 2 / 6, 1 / 6])
    assert table["fair share"].tolist() == pytest.approx([1 / 3] * 3)
    for seat, wins in enumerate([3, 2, 1]):
        assert (table.loc[seat, "low"], table.loc[seat, "high"]) == pytest.approx(wilson_interval(wins, 6))


def test_win_rates_lists_seats_that_never_won():
    frame = FRAME.assign(n_players=4)
    table = bk.metrics.win_rates(frame)
    assert table.index.tolist() == [0, 1, 2, 3]
    assert table.loc[3, "wins"] == 0
    assert table["fair share"].iloc[0] == 0.25


def test_seat_fairness_is_a_chi_square_test():
    fit = bk.metrics.seat_fairness(FRAME)
    expected = sps.chisquare([3, 2, 1])
    assert fit.p_value == pytest.approx(expected.pvalue)
    assert fit.dof == 2


def test_length_summary():
    summary = bk.metrics.length_summary(FRAME)
    turns = FRAME["turns"].to_numpy(dtype=float)
    assert summary["games"] == 8
    assert summary["mean"] == pytest.approx(turns.mean())
    assert summary["median"] == pytest.approx(np.median(turns))
    assert summary["90th percentile"] == pytest.approx(np.percentile(turns, 90))
    assert summary["99th percentile"] == pytest.approx(np.percentile(turns, 99))
    assert summary["shortest"] == 10 and summary["longest"] == 100
    assert summary["mean low"] < summary["mean"] < summary["mean high"]


def test_end_reasons():
    table = bk.metrics.end_reasons(FRAME)
    assert table.index.name == "end"
    assert table.loc["date found", "count"] == 6
    assert table.loc["turn cap", "count"] == 2
    assert table["share"].sum() == pytest.approx(1)
    assert table.loc["turn cap", "share"] == pytest.approx(0.25)
    assert table.loc["turn cap", "low"] < 0.25 < table.loc["turn cap", "high"]


def test_end_reasons_counts_unfinished_games():
    frame = FRAME.assign(end=[None] + FRAME["end"].tolist()[1:])
    table = bk.metrics.end_reasons(frame)
    assert table.loc["not ended", "count"] == 1


# -- length histogram ---------------------------------------------------------------------------

def test_length_histogram_with_given_edges():
    table = bk.metrics.length_histogram(FRAME, bins=[0, 50, 100])
    assert table.columns.tolist() == ["low", "high", "games", "share"]
    assert table["low"].tolist() == [0, 50] and table["high"].tolist() == [50, 100]
    assert table["games"].tolist() == [4, 4]  # 10-40, then 50-100 (the last bar includes its top)
    assert table["share"].tolist() == [0.5, 0.5]


def test_length_histogram_with_a_number_of_bars():
    table = bk.metrics.length_histogram(FRAME, bins=3)
    assert table["low"].tolist() == [10, 40, 70] and table["high"].tolist() == [40, 70, 100]
    assert table["games"].tolist() == [3, 3, 2]
    auto = bk.metrics.length_histogram(FRAME)
    assert auto["games"].sum() == 8 and auto["share"].sum() == pytest.approx(1)


@pytest.mark.parametrize("kwargs,message", [
    ({"column": "rounds"}, "rounds"), ({"bins": "nonsense"}, "bins"), ({"bins": 0}, "bins"),
])
def test_length_histogram_bad_input(kwargs, message):
    with pytest.raises(ValueError, match=message):
        bk.metrics.length_histogram(FRAME, **kwargs)


# -- drama ------------------------------------------------------------------------------------

DRAMA = FRAME.assign(lead_changes=[0, 2, 1, 3, 0, 4, 1, 0],
                     winner_worst_deficit=[0, 2, 0, None, 0, 1, None, 3])


def test_drama_on_a_hand_made_frame():
    figures = bk.metrics.drama(DRAMA)
    assert figures["games"] == 8 and figures["won games"] == 6
    mean, low, high = mean_interval([0, 2, 1, 3, 0, 4, 1, 0])
    assert figures["mean lead changes"] == pytest.approx(11 / 8) == pytest.approx(mean)
    assert (figures["mean lead changes low"], figures["mean lead changes high"]) == pytest.approx((low, high))
    assert figures["share with a lead change"] == pytest.approx(5 / 8)
    assert (figures["share with a lead change low"], figures["share with a lead change high"]) == \
        pytest.approx(wilson_interval(5, 8))
    # won games' deficits 0, 2, 0, 0, 1, 3: three winners came from behind
    assert figures["comeback share"] == pytest.approx(3 / 6)
    assert (figures["comeback share low"], figures["comeback share high"]) == pytest.approx(wilson_interval(3, 6))
    assert figures["mean winner deficit"] == pytest.approx(1.0)


def test_drama_with_no_won_games():
    frame = DRAMA.assign(winner=None, winner_worst_deficit=None)
    figures = bk.metrics.drama(frame)
    assert figures["won games"] == 0
    assert np.isnan(figures["comeback share"]) and np.isnan(figures["mean winner deficit"])


@pytest.mark.parametrize("frame,message", [
    (FRAME, "lead_changes"),
    (FRAME.assign(lead_changes=0), "winner_worst_deficit"),
    (DRAMA.assign(lead_changes=-1), "lead_changes"),
    (DRAMA.assign(winner_worst_deficit=None), "winner_worst_deficit"),
    (DRAMA.iloc[:0], "no games"),
    ("frame", "DataFrame"),
])
def test_drama_bad_input(frame, message):
    with pytest.raises(ValueError, match=message):
        bk.metrics.drama(frame)


# -- luck and skill ---------------------------------------------------------------------------

@pytest.mark.parametrize("n_players", [2, 3, 4, 6])
def test_skill_figure_ends(n_players):
    assert bk.metrics.skill_figure(1 / n_players, n_players) == pytest.approx(0)  # its fair share: pure luck
    assert bk.metrics.skill_figure(1.0, n_players) == pytest.approx(1)           # always wins: pure skill
    assert bk.metrics.skill_figure(0.0, n_players) == pytest.approx(-1 / (n_players - 1))


def test_skill_figure_on_arrays_and_a_worked_example():
    figures = bk.metrics.skill_figure(np.array([0.25, 0.4375, 1.0]), 4)
    assert figures.tolist() == pytest.approx([0, 0.25, 1])
    assert isinstance(bk.metrics.skill_figure(0.5, 2), float)


@pytest.mark.parametrize("rate,n_players,message", [
    (0.5, 1, "n_players"), (0.5, 0, "n_players"), (0.5, 2.5, "n_players"), (0.5, True, "n_players"),
    (0.5, "4", "n_players"), (1.5, 4, "win_rate"), (-0.1, 4, "win_rate"), ([0.2, 2.0], 4, "win_rate"),
])
def test_skill_figure_bad_input(rate, n_players, message):
    with pytest.raises(ValueError, match=message):
        bk.metrics.skill_figure(rate, n_players)


def test_seat_rotation_splits_the_games_evenly():
    assert bk.metrics.seat_rotation(10, 4) == [3, 3, 2, 2]
    assert bk.metrics.seat_rotation(40, 4) == [10] * 4
    assert bk.metrics.seat_rotation(2, 3) == [1, 1, 0]


class Spy(Random):
    """A random bot that writes down the seat it plays in, game by game."""

    name = "Spy"

    def __init__(self):
        self.seats = {}

    def choose(self, game, actions, chance):
        self.seats.setdefault(game.seed, set()).add(game.current_player)
        return super().choose(game, actions, chance)


def test_skill_test_on_mystery_date():
    result = bk.metrics.skill_test(md.Rules(), md.bots.Collector(), md.bots.Random(), n_players=4, n_games=40,
                                   seed=3, progress=False)
    assert result["games"] == 40
    assert 0 <= result["wins"] <= result["won games"] <= 40
    assert result["win rate"] == pytest.approx(result["wins"] / result["won games"])
    assert result["low"] <= result["win rate"] <= result["high"]
    assert (result["low"], result["high"]) == pytest.approx(wilson_interval(result["wins"], result["won games"]))
    assert result["fair share"] == 0.25
    assert result["skill"] == pytest.approx(bk.metrics.skill_figure(result["win rate"], 4))
    assert result["skill low"] <= result["skill"] <= result["skill high"]
    assert (result["strong"], result["weak"]) == ("Collector", "Random")
    again = bk.metrics.skill_test(md.Rules(), md.bots.Collector(), md.bots.Random(), n_players=4, n_games=40,
                                  seed=3, progress=False)
    pd.testing.assert_series_equal(again, result)


def test_skill_test_rotates_the_strong_seat():
    spy = Spy()
    bk.metrics.skill_test(mt.Rules(), spy, mt.bots.Trapper(), n_players=4, n_games=40, seed=1, progress=False)
    assert len(spy.seats) <= 40
    assert all(len(seats) == 1 for seats in spy.seats.values())  # one seat a game
    seats = Counter(seat for (seat,) in spy.seats.values())
    assert set(seats) == {0, 1, 2, 3} and all(count <= 10 for count in seats.values())


def test_skill_test_fills_a_bar_handed_in_and_leaves_it_open():
    class Bar:
        total, closed = 0, False

        def update(self, n):
            self.total += n

        def close(self):
            self.closed = True
    bar = Bar()
    bk.metrics.skill_test(md.Rules(), md.bots.Collector(), md.bots.Random(), n_players=3, n_games=10, progress=bar)
    assert bar.total == 10 and not bar.closed


@pytest.mark.parametrize("kwargs,message", [
    ({"n_games": 0}, "n_games"), ({"n_games": 2.5}, "n_games"), ({"n_players": 7}, "n_players"),
    ({"weak": "Random"}, "weak"), ({"strong": None}, "strong"),
])
def test_skill_test_bad_input(kwargs, message):
    args = {"strong": md.bots.Collector(), "weak": md.bots.Random(), **kwargs}
    with pytest.raises(ValueError, match=message):
        bk.metrics.skill_test(md.Rules(), progress=False, **args)


def test_tournament_shape():
    bots = {"Random": md.bots.Random(), "Collector": md.bots.Collector(), "Spy": Spy()}
    table = bk.metrics.tournament(md.Rules(), bots, n_players=3, n_games=6, seed=2, progress=False)
    assert table.columns.tolist() == ["bot", "against", "games", "wins", "win rate", "low", "high", "skill"]
    assert len(table) == 6 and (table["games"] == 6).all()
    assert set(zip(table["bot"], table["against"])) == {(a, b) for a in bots for b in bots if a != b}
    matrix = table.pivot(index="bot", columns="against", values="skill")
    assert matrix.shape == (3, 3) and np.isnan(matrix.loc["Random", "Random"])
    single = bk.metrics.skill_test(md.Rules(), bots["Collector"], bots["Random"], n_players=3, n_games=6, seed=2,
                                   progress=False)
    row = table[(table["bot"] == "Collector") & (table["against"] == "Random")].iloc[0]
    assert row["wins"] == single["wins"] and row["skill"] == pytest.approx(single["skill"], nan_ok=True)


@pytest.mark.parametrize("bots,message", [
    ({"Random": Random()}, "two"), ([Random(), Random()], "dict"), ({"a": Random(), "b": 3}, "bots"),
])
def test_tournament_bad_input(bots, message):
    with pytest.raises(ValueError, match=message):
        bk.metrics.tournament(md.Rules(), bots, n_games=4, progress=False)


# -- summary and comparison -------------------------------------------------------------------

def test_summary_of_a_hand_made_frame():
    figures = bk.metrics.summary(DRAMA)
    turns = FRAME["turns"].to_numpy(dtype=float)
    assert figures["games"] == 8 and figures["players"] == 3
    assert figures["mean length"] == pytest.approx(turns.mean())
    assert figures["median length"] == pytest.approx(np.median(turns))
    assert figures["90th percentile"] == pytest.approx(np.percentile(turns, 90))
    assert figures["99th percentile"] == pytest.approx(np.percentile(turns, 99))
    assert figures["first seat win rate"] == pytest.approx(3 / 6)
    assert figures["seat test p"] == pytest.approx(sps.chisquare([3, 2, 1]).pvalue)
    assert figures["won share"] == pytest.approx(6 / 8)
    assert figures["mean lead changes"] == pytest.approx(11 / 8)
    assert figures["comeback share"] == pytest.approx(0.5)


def test_summary_without_drama_columns_or_winners():
    figures = bk.metrics.summary(FRAME)
    assert np.isnan(figures["mean lead changes"]) and np.isnan(figures["comeback share"])
    nobody = bk.metrics.summary(FRAME.assign(winner=None))
    assert nobody["won share"] == 0 and np.isnan(nobody["first seat win rate"]) and np.isnan(nobody["seat test p"])


def test_summary_bad_input():
    with pytest.raises(ValueError, match="player count"):
        bk.metrics.summary(FRAME.assign(n_players=[3, 4] * 4))
    with pytest.raises(ValueError, match="turns"):
        bk.metrics.summary(FRAME.drop(columns="turns"))


def test_compare_two_games():
    table = bk.metrics.compare({"Hand-made": DRAMA, "Plain": FRAME}, skill={"Hand-made": 0.2})
    assert table.index.name == "game" and table.index.tolist() == ["Hand-made", "Plain"]
    assert table.loc["Hand-made", "comeback share"] == pytest.approx(0.5)
    assert np.isnan(table.loc["Plain", "comeback share"])
    assert table.loc["Hand-made", "skill"] == 0.2 and np.isnan(table.loc["Plain", "skill"])
    assert table["games"].dtype.kind == "i"
    assert "skill" not in bk.metrics.compare({"Plain": FRAME}).columns


@pytest.mark.parametrize("frames,skill,message", [
    ({}, None, "frames"), ([FRAME], None, "frames"), ({"A": "frame"}, None, "A"),
    ({"A": FRAME}, {"B": 0.1}, "B"), ({"A": FRAME}, [0.1], "skill"),
])
def test_compare_bad_input(frames, skill, message):
    with pytest.raises(ValueError, match=message):
        bk.metrics.compare(frames, skill=skill)


def test_the_measures_work_on_every_game():
    frames = {game.Rules.game_name: bk.simulate(game.Rules(), n_players=3, n_games=n, seed=4, progress=False)
              for game, n in ((md, 20), (mt, 20), (pv, 3), (cc, 4))}
    table = bk.metrics.compare(frames)
    assert table.index.tolist() == list(frames)
    assert table["mean lead changes"].notna().all() and (table["games"] > 0).all()


def test_a_team_games_win_rates_count_the_two_teams_in_playing_order():
    """Win, Lose or Draw's Team Play: the winner is a team; the first team is whichever played first."""
    frame = pd.DataFrame({"winner": [0, 1, 1, 0, 1, np.nan], "first_team": [0, 1, 0, 1, 1, 0],
                          "play": ["team"] * 6, "turns": [5] * 6, "n_players": [4] * 6})
    rates = bk.metrics.win_rates(frame)
    assert list(rates.index) == [0, 1] and rates.index.name == "team (in playing order)"
    assert list(rates["wins"]) == [3, 2] and list(rates["fair share"]) == [0.5, 0.5]
    assert bk.metrics.summary(frame)["first seat win rate"] == pytest.approx(3 / 5)
    assert bk.metrics.seat_fairness(frame).p_value > 0.5
    seats = frame.assign(play="individual")                  # the same winners read as seats: four sides
    assert len(bk.metrics.win_rates(seats)) == 4

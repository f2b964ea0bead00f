"""md.analysis: the door's exact odds beside simulations, and the pawn's Markov chain."""
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from boardkit.core import Chance
from boardkit.core.stats import mean_interval, wilson_interval
from boardkit.games import mystery_date as md
from boardkit.games.mystery_date import analysis as an


# -- the door ------------------------------------------------------------------------------------

def test_door_odds_default_is_one_fifth_each_exactly():
    odds = an.door_odds()
    assert list(odds) == list(md.OUTCOMES)
    assert all(isinstance(p, Fraction) for p in odds.values())
    assert set(odds.values()) == {Fraction(1, 5)}
    assert sum(odds.values()) == 1


def test_door_odds_integer_weights_are_fractions():
    odds = an.door_odds(md.Rules(door_weights=(1, 2, 3, 4, 5)))
    assert odds == {"red": Fraction(1, 15), "green": Fraction(2, 15), "blue": Fraction(3, 15),
                    "orange": Fraction(4, 15), "dud": Fraction(5, 15)}


def test_door_odds_without_the_dud():
    odds = an.door_odds(md.Rules(door_weights=(1, 1, 1, 1, 9), dud_in_play=False))
    assert odds["dud"] == 0 and odds["red"] == Fraction(1, 4)


def test_door_odds_fractional_weights_are_floats():
    odds = an.door_odds(md.Rules(door_weights=(0.5, 1, 1, 1, 1.5)))
    assert all(isinstance(p, float) for p in odds.values())
    assert odds["red"] == pytest.approx(0.1) and odds["dud"] == pytest.approx(0.3)
    assert sum(odds.values()) == pytest.approx(1)


def test_door_table():
    table = an.door_table(md.Rules(door_weights=(1, 2, 3, 4, 5)))
    assert table.index.tolist() == list(md.OUTCOMES)
    assert table.loc["red", "date"] == "Formal Dance" and table.loc["dud", "date"] == "Dud"
    assert table.loc["green", "exact"] == "2/15"
    assert table["probability"].sum() == pytest.approx(1)


@pytest.mark.parametrize("weights,colour", [((1, 1, 1, 1, 1), "red"), ((1, 2, 3, 4, 5), "blue"),
                                            ((2, 1, 1, 1, 7), "red"), ((1, 1, 1, 4, 0), "orange")])
def test_expected_duds_before_date_is_w_dud_over_w_date(weights, colour):
    rules = md.Rules(door_weights=weights)
    value = an.expected_duds_before_date(rules, colour)
    assert value == Fraction(weights[4], weights[md.OUTCOMES.index(colour)])


def test_expected_duds_edge_cases():
    assert an.expected_duds_before_date(md.Rules(door_weights=(0, 1, 1, 1, 1)), "red") == float("inf")
    assert an.expected_duds_before_date(md.Rules(dud_in_play=False)) == 0


@pytest.mark.parametrize("weights", [(1, 1, 1, 1, 1), (2, 1, 1, 1, 3)])
def test_expected_duds_matches_a_simulation_of_door_openings(weights):
    rules = md.Rules(door_weights=weights)
    outcomes = an.open_door(rules, times=60_000, seed=7)
    # split the openings at each red date: the duds in each stretch are the duds met before it
    duds, count = [], 0
    for outcome in outcomes:
        if outcome == "dud":
            count += 1
        elif outcome == "red":
            duds.append(count)
            count = 0
    assert len(duds) > 5000
    mean, low, high = mean_interval(duds, 0.999)
    exact = float(an.expected_duds_before_date(rules, "red"))
    assert low <= exact <= high, (mean, low, high, exact)


def test_expected_duds_matches_the_games_own_door():
    # the same, opening the door through Chance.weighted as Game does
    rules = md.Rules(door_weights=(1, 1, 1, 1, 2))
    chance = Chance(3)
    runs = []
    for _ in range(4000):
        duds = 0
        while (outcome := md.OUTCOMES[chance.weighted(rules.live_weights)]) != "green":
            duds += outcome == "dud"
        runs.append(duds)
    _, low, high = mean_interval(runs, 0.999)
    assert low <= 2 <= high


def test_openings_until_date_is_geometric():
    series = an.openings_until_date(md.Rules(), "red", up_to=200)
    assert series.index[0] == 1 and len(series) == 200
    assert series.iloc[0] == pytest.approx(0.2)
    assert series.iloc[1] == pytest.approx(0.8 * 0.2)
    assert series.sum() == pytest.approx(1)
    assert (series.index * series).sum() == pytest.approx(5)  # mean W / w_date


def test_open_door_is_reproducible_and_converges():
    rules = md.Rules(door_weights=(1, 2, 3, 4, 5))
    outcomes = an.open_door(rules, times=20_000, seed=1)
    assert (outcomes == an.open_door(rules, times=20_000, seed=1)).all()
    assert len(outcomes) == 20_000 and set(outcomes) <= set(md.OUTCOMES)
    counts = an.count_outcomes(outcomes)
    assert counts.index.tolist() == list(md.OUTCOMES) and counts.sum() == 20_000
    for outcome, exact in an.door_odds(rules).items():
        low, high = wilson_interval(counts[outcome], 20_000, 0.999)
        assert low <= exact <= high, outcome
    running = an.running_estimate(outcomes, "dud")
    assert len(running) == 20_000
    assert running["estimate"].iloc[-1] == counts["dud"] / 20_000
    assert running["low"].iloc[-1] <= 1 / 3 <= running["high"].iloc[-1]
    assert (running["high"] - running["low"]).iloc[-1] < (running["high"] - running["low"]).iloc[99]


def test_open_door_without_the_dud():
    outcomes = an.open_door(md.Rules(dud_in_play=False), times=2000, seed=0)
    assert "dud" not in set(outcomes)


@pytest.mark.parametrize("times", [0, -1, 2.5])
def test_open_door_bad_times(times):
    with pytest.raises(ValueError, match="times"):
        an.open_door(times=times)


def test_running_estimate_bad_outcome():
    with pytest.raises(ValueError, match="outcome"):
        an.running_estimate(["red"], "purple")


def test_door_fairness_on_fair_counts():
    fit = an.door_fairness({"red": 200, "green": 198, "blue": 205, "orange": 197, "dud": 200})
    assert fit.p_value > 0.9
    assert fit.dof == 4
    assert fit.table.loc["dud", "expected"] == pytest.approx(0.2)


def test_door_fairness_on_rigged_counts():
    fit = an.door_fairness([200, 200, 200, 200, 500])
    assert fit.p_value < 1e-20
    assert "rare" in fit.verdict()


def test_door_fairness_against_a_given_door():
    rules = md.Rules(door_weights=(1, 1, 1, 1, 6))
    assert an.door_fairness([100, 100, 100, 100, 600], rules).p_value > 0.9
    assert an.door_fairness(pd.Series({"red": 100, "dud": 600, "green": 100, "blue": 100, "orange": 100}),
                            rules).p_value > 0.9
    # a door that cannot show the Dud, yet the Dud was seen: impossible
    assert an.door_fairness([10, 10, 10, 10, 1], md.Rules(dud_in_play=False)).p_value == 0


def test_door_fairness_bad_counts():
    with pytest.raises(ValueError, match="5"):
        an.door_fairness([1, 2, 3])


def test_rigged_door_hides_its_weights_and_is_reproducible():
    door = an.RiggedDoor(12345)
    text = repr(door)
    assert "hidden" in text
    for w in door.reveal().door_weights:
        assert str(w) not in text.replace("0 times", "")
    counts = door.open(500)
    assert counts.sum() == 500 and "500" in repr(door)
    again = an.RiggedDoor(12345)
    assert again.open(500).tolist() == counts.tolist()
    assert again.reveal() == door.reveal()
    assert door.open(1).sum() == 501  # counts accumulate
    assert not (counts is door.counts)


def test_rigged_door_reveal_returns_rules_matching_its_counts():
    for secret in range(12):
        door = an.RiggedDoor(secret)
        rules = door.reveal()
        assert isinstance(rules, md.Rules)
        counts = door.open(20_000)
        assert an.door_fairness(counts, rules).p_value > 1e-4


def test_rigged_door_is_rigged_by_default_for_one_outcome_drawn_from_the_secret():
    favoured = []
    for secret in range(40):
        weights = an.RiggedDoor(secret).reveal().door_weights
        assert sorted(weights) == [1, 1, 1, 1, 2]
        favoured.append(md.OUTCOMES[weights.index(2)])
    assert set(favoured) == set(md.OUTCOMES)          # the secret decides which one
    assert an.door_odds(an.RiggedDoor(7).reveal())[favoured[7]] == Fraction(1, 3)
    assert an.door_fairness(an.RiggedDoor(2).open(5_000)).p_value < 1e-6


def test_rigged_door_teacher_choices():
    assert an.RiggedDoor(1, fair=True).reveal().door_weights == (1, 1, 1, 1, 1)
    assert an.RiggedDoor(1, favoured="green").reveal().door_weights == (1, 2, 1, 1, 1)
    assert an.RiggedDoor(1, favoured="dud", weight=3).reveal().door_weights == (1, 1, 1, 1, 3)
    assert an.RiggedDoor(1, fair=True).describe() == "A fair door: each of the five outcomes comes up 1/5 of the time."
    assert an.RiggedDoor(1, favoured="red").describe() == (
        "A rigged door: the Formal Dance date comes up 1/3 (33%) of the time, each other outcome 1/6 (17%).")
    assert an.RiggedDoor(1, favoured="dud", weight=1.5).describe() == (
        "A rigged door: the Dud comes up 27% of the time, each other outcome 18%.")
    # the same secret and choices open the same way
    assert an.RiggedDoor(5, favoured="blue").open(300).tolist() == an.RiggedDoor(5, favoured="blue").open(300).tolist()


@pytest.mark.parametrize("kwargs,match", [
    (dict(favoured="purple"), "favoured must be one of"),
    (dict(fair=True, favoured="red"), "a fair door favours no outcome"),
    (dict(fair="yes"), "fair must be True or False"),
    (dict(weight=1), "weight must be a number above 1"),
    (dict(weight=11), "weight must be a number above 1"),
    (dict(weight=True), "weight must be a number above 1"),
])
def test_rigged_door_bad_choices_are_clear_errors(kwargs, match):
    with pytest.raises(ValueError, match=match):
        an.RiggedDoor(1, **kwargs)


def test_rigged_door_bad_times():
    with pytest.raises(ValueError):
        an.RiggedDoor(1).open(0)


# -- the pawn on the ring ---------------------------------------------------------------------------

def test_transition_matrix_rows_sum_to_one():
    matrix = an.transition_matrix()
    assert matrix.shape == (28, 28)
    assert np.allclose(matrix.sum(axis=1), 1)
    assert matrix[0, 1] == pytest.approx(1 / 6) and matrix[0, 7] == 0
    assert matrix[27, 5] == pytest.approx(1 / 6) and matrix[27, 6] == 0  # wraps round


@pytest.mark.parametrize("turns", [1, 2, 5, 30])
@pytest.mark.parametrize("start", [0, 13])
def test_landing_odds_rows_sum_to_one(turns, start):
    odds = an.landing_odds(md.Rules(), turns=turns, start=start)
    assert len(odds) == 28
    assert odds.sum() == pytest.approx(1)
    assert (odds >= 0).all()


def test_landing_odds_after_one_roll():
    odds = an.landing_odds(turns=1, start=25)
    assert odds[[26, 27, 0, 1, 2, 3]].tolist() == pytest.approx([1 / 6] * 6)
    assert odds.drop([26, 27, 0, 1, 2, 3]).sum() == 0


def test_landing_odds_match_a_simulated_pawn():
    chance = Chance(0)
    ends = []
    for _ in range(6000):
        position = 0
        for _ in range(3):
            position = (position + chance.roll(6)) % 28
        ends.append(position)
    odds = an.landing_odds(turns=3)
    for space in (10, 3, 18):
        low, high = wilson_interval(ends.count(space), len(ends), 0.999)
        assert low <= odds[space] <= high


def test_long_run_door_share_default_board():
    assert an.long_run_door_share() == Fraction(4, 28) == an.long_run_door_share(md.Rules())
    assert isinstance(an.long_run_door_share(), Fraction)


@pytest.mark.parametrize("rules", [md.Rules(), md.Rules(board=("door",) + ("take1",) * 9, die_sides=4),
                                   md.Rules(board=("door", "take1", "door", "take2", "swap_any"), die_sides=3),
                                   md.Rules(die_sides=100)])
def test_long_run_door_share_is_the_stationary_distributions(rules):
    """The exact answer is what the chain's eigenvector (stationary distribution) gives."""
    values, vectors = np.linalg.eig(an.transition_matrix(rules).T)
    stationary = np.real(vectors[:, np.argmin(np.abs(values - 1))])
    stationary = stationary / stationary.sum()
    doors = sum(stationary[i] for i in rules.door_spaces)
    assert float(an.long_run_door_share(rules)) == pytest.approx(doors, abs=1e-12)


def test_long_run_door_share_of_other_boards():
    board = ("door",) + ("take1",) * 9
    assert an.long_run_door_share(md.Rules(board=board)) == Fraction(1, 10)
    rules = md.Rules(board=board, die_sides=4)
    assert an.long_run_door_share(rules) == Fraction(1, 10)
    # the long run is where the k-step odds settle
    assert an.door_stop_chance(rules, turns=200) == pytest.approx(0.1, abs=1e-6)


def test_door_stop_chance():
    # from a corner a die of 1-6 cannot reach the next corner, 7 spaces away
    assert an.door_stop_chance(turns=1, start=0) == 0
    assert an.door_stop_chance(turns=1, start=1) == pytest.approx(1 / 6)  # a 6 reaches space 7
    assert an.door_stop_chance(turns=2, start=0) == pytest.approx(6 / 36)  # 1+6, 2+5, ..., 6+1
    assert an.door_stop_chance(turns=100, start=0) == pytest.approx(4 / 28, abs=1e-6)

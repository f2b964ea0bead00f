"""The Win, Lose or Draw gameboard path and its probability analysis, exact against brute force."""
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from boardkit.games.win_lose_draw.analysis import (
    expected_to_collect, landing_odds, long_run_landings, simulate_collect, simulate_race,
    sketches_before_spade, spade_wait_table, team_race)
from boardkit.games.win_lose_draw.track import COLOURS, DEFAULT_TRACK, KINDS, SPADE, check_track

SMALL_TRACK = (SPADE, "red", "green", "red", "blue", SPADE, "orange", "red", "blue")


# --- the track ----------------------------------------------------------------------------

def test_default_track_has_28_spaces_4_spades_and_6_of_each_colour():
    counts = Counter(DEFAULT_TRACK)
    assert len(DEFAULT_TRACK) == 28
    assert counts[SPADE] == 4
    assert all(counts[colour] == 6 for colour in COLOURS)
    assert set(counts) == set(KINDS)


def test_default_track_has_a_spade_at_each_corner_and_no_colour_twice_in_a_row():
    assert [i for i, kind in enumerate(DEFAULT_TRACK) if kind == SPADE] == [0, 7, 14, 21]
    ring = DEFAULT_TRACK + DEFAULT_TRACK[:1]
    assert all(a != b for a, b in zip(ring, ring[1:]))


def test_check_track_returns_a_valid_track():
    assert check_track(DEFAULT_TRACK) is DEFAULT_TRACK
    assert check_track(SMALL_TRACK) is SMALL_TRACK


@pytest.mark.parametrize("track", [
    list(DEFAULT_TRACK),                                  # not a tuple
    (),                                                   # empty
    ("red", "green", "blue", "orange"),                   # no spade
    (SPADE, "red", "green", "blue"),                      # a colour missing
    (SPADE, "red", "green", "blue", "orange", "purple"),  # unknown kind
])
def test_check_track_rejects_bad_tracks(track):
    with pytest.raises(ValueError, match="track="):
        check_track(track)


# --- landing odds -------------------------------------------------------------------------

def brute_force_landings(track, sides, start):
    """Roll every face of the die once and count where the pawn ends."""
    counts = Counter(track[(start + roll) % len(track)] for roll in range(1, sides + 1))
    return {kind: Fraction(counts[kind], sides) for kind in KINDS}


@pytest.mark.parametrize("track, sides", [(DEFAULT_TRACK, 6), (SMALL_TRACK, 6), (SMALL_TRACK, 20), (DEFAULT_TRACK, 1)])
def test_landing_odds_rows_sum_to_one_and_match_enumerating_the_die(track, sides):
    table = landing_odds(track, sides)
    assert list(table.columns) == list(KINDS)
    assert len(table) == len(track)
    for start, row in table.iterrows():
        assert sum(row) == 1
        assert all(isinstance(value, Fraction) for value in row)
        assert row.to_dict() == brute_force_landings(track, sides, start)


def test_from_a_spade_on_the_default_board_a_d6_never_reaches_the_next_spade():
    assert landing_odds().loc[0, SPADE] == 0
    assert landing_odds().loc[1, SPADE] == Fraction(1, 6)


# --- the long run -------------------------------------------------------------------------

def test_stationary_distribution_is_uniform_on_the_default_ring():
    long_run = long_run_landings()
    assert list(long_run.position) == [Fraction(1, 28)] * 28
    assert long_run.by_kind[SPADE] == Fraction(1, 7)
    assert all(long_run.by_kind[colour] == Fraction(3, 14) for colour in COLOURS)
    assert sum(long_run.by_kind) == 1


def test_stationary_distribution_is_invariant_under_one_roll_on_a_small_track():
    pi = np.array([float(p) for p in long_run_landings(SMALL_TRACK, 4).position])
    matrix = np.zeros((len(SMALL_TRACK), len(SMALL_TRACK)))
    for start in range(len(SMALL_TRACK)):
        for roll in range(1, 5):
            matrix[start, (start + roll) % len(SMALL_TRACK)] += 0.25
    np.testing.assert_allclose(pi @ matrix, pi)
    np.testing.assert_allclose(pi, 1 / len(SMALL_TRACK))


def test_a_long_track_is_solved_with_floats_and_is_still_uniform():
    long_run = long_run_landings(DEFAULT_TRACK * 3, 6)
    np.testing.assert_allclose(long_run.position.astype(float), 1 / 84)
    assert long_run.by_kind[SPADE] == pytest.approx(1 / 7)


# --- waiting for a Spade ------------------------------------------------------------------

def simulated_spade_wait(track, sides, start, n, seed):
    rng = np.random.default_rng(seed)
    waits = []
    for _ in range(n):
        space, rolls = start, 0
        while True:
            space = (space + rng.integers(1, sides + 1)) % len(track)
            rolls += 1
            if track[space] == SPADE:
                break
        waits.append(rolls)
    return np.mean(waits)


@pytest.mark.parametrize("track, start", [(DEFAULT_TRACK, 0), (DEFAULT_TRACK, 3), (SMALL_TRACK, 2)])
def test_sketches_before_spade_agrees_with_simulation(track, start):
    exact = sketches_before_spade(track, 6, start)
    assert isinstance(exact, Fraction)
    assert simulated_spade_wait(track, 6, start, 4000, seed=11) == pytest.approx(float(exact), rel=0.05)


def test_return_to_a_spade_takes_seven_rolls_on_average_on_the_default_board():
    # Kac's lemma: the mean return time to the Spades is 1 / (their long-run share 1/7).
    assert sketches_before_spade() == 7
    assert spade_wait_table()[0] == 7


def test_sketches_before_spade_with_a_one_sided_die_counts_the_spaces_to_the_next_spade():
    assert sketches_before_spade(DEFAULT_TRACK, 1, 3) == 4


# --- collecting the colours ---------------------------------------------------------------

def test_a_player_who_always_guesses_collects_in_exactly_four_cards():
    assert expected_to_collect(1) == 4
    assert np.all(simulate_collect(1, n=100, seed=0) == 4)


def test_guessing_alone_is_four_geometric_waits():
    assert expected_to_collect(Fraction(1, 3)) == 12
    assert expected_to_collect(0.25) == pytest.approx(16)


def test_sketching_alone_is_a_coupon_collector_with_spades():
    # Each colour has share 3/14: sum over k lacking of 1 / (k * 3/14).
    assert expected_to_collect(0, 1) == Fraction(14, 3) * (1 + Fraction(1, 2) + Fraction(1, 3) + Fraction(1, 4))


@pytest.mark.parametrize("p_guess, p_sketch", [(Fraction(1, 2), 0), (Fraction(1, 4), Fraction(1, 4)), (0.1, 0.6)])
def test_expected_to_collect_agrees_with_simulate_collect(p_guess, p_sketch):
    exact = float(expected_to_collect(p_guess, p_sketch))
    cards = simulate_collect(p_guess, n=20_000, seed=3, p_sketch=p_sketch)
    assert cards.min() >= 4
    assert cards.mean() == pytest.approx(exact, rel=0.03)


# --- the team race ------------------------------------------------------------------------

def test_equal_teams_the_first_to_sketch_has_an_edge():
    odds = team_race(Fraction(1, 2), Fraction(1, 2))
    assert isinstance(odds.a_wins, Fraction)
    assert Fraction(1, 2) < odds.a_wins < 1
    assert odds.expected_cards >= 15


def test_perfect_teams_a_always_wins_in_fifteen_cards():
    assert team_race(1, 1) == (1, 15)


def test_with_only_steals_b_effectively_sketches_first():
    # Nobody guesses their own sketch; every miss is stolen, so B scores on A's cards first.
    assert team_race(0, 0, steal=1) == (0, 15)


def test_one_point_match_is_a_geometric_race():
    p = Fraction(1, 3)
    # A wins on card 1, 3, 5, ...: p / (1 - (1-p)^2).
    assert team_race(p, p, target=1).a_wins == p / (1 - (1 - p) ** 2)


@pytest.mark.parametrize("p_a, p_b, steal", [(Fraction(1, 2), Fraction(1, 2), 0), (0.6, 0.5, 0.3), (0.3, 0.7, 0.5)])
def test_team_race_agrees_with_simulate_race(p_a, p_b, steal):
    exact = team_race(p_a, p_b, steal=steal)
    estimate = simulate_race(p_a, p_b, steal=steal, n=20_000, seed=5)
    assert estimate.a_wins == pytest.approx(float(exact.a_wins), abs=0.015)
    assert estimate.expected_cards == pytest.approx(float(exact.expected_cards), rel=0.02)


# --- bad input ----------------------------------------------------------------------------

@pytest.mark.parametrize("call, name", [
    (lambda: landing_odds(DEFAULT_TRACK, 0), "sides="),
    (lambda: landing_odds(DEFAULT_TRACK, 2.5), "sides="),
    (lambda: landing_odds(DEFAULT_TRACK, True), "sides="),
    (lambda: landing_odds(("red",), 6), "track="),
    (lambda: long_run_landings(DEFAULT_TRACK, -1), "sides="),
    (lambda: sketches_before_spade(DEFAULT_TRACK, 6, 28), "start="),
    (lambda: sketches_before_spade(DEFAULT_TRACK, 6, -1), "start="),
    (lambda: expected_to_collect(1.5), "p_guess="),
    (lambda: expected_to_collect(float("nan")), "p_guess="),
    (lambda: expected_to_collect("1/2"), "p_guess="),
    (lambda: expected_to_collect(0.5, -0.1), "p_sketch="),
    (lambda: expected_to_collect(0.7, 0.5), "p_guess \\+ p_sketch="),
    (lambda: expected_to_collect(0, 0), "p_guess="),
    (lambda: simulate_collect(0.5, n=0), "n="),
    (lambda: simulate_collect(0.5, seed=-3), "the seed must be"),
    (lambda: team_race(2, 0.5), "p_a="),
    (lambda: team_race(0.5, -1), "p_b="),
    (lambda: team_race(0.5, 0.5, target=0), "target="),
    (lambda: team_race(0.5, 0.5, steal=1.1), "steal="),
    (lambda: team_race(0, 0), "p_a="),
    (lambda: simulate_race(0.5, 0.5, n=-5), "n="),
])
def test_bad_arguments_raise_value_error_naming_them(call, name):
    with pytest.raises(ValueError, match=name):
        call()

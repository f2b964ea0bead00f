"""The fast lane of Win, Lose or Draw (``fast.py``) against the reference engine and the exact odds.

Game for game, the two engines are proved equal by ``test_wld_lockstep.py`` (issue 26).  Here:
one comparison in distribution on the rulebook (a smoke test: winner and end by chi-square,
the numeric columns by KS, at p < 0.001), the exact answers (the first team's chance in the
race to 8, ``analysis.team_race``; the white pawn's share of landings on the Spade Spaces,
1/7 on the reconstructed board, ``long_run_landings``), and the lane's pieces one rule at a time.
"""
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from scipy.stats import chi2_contingency, ks_2samp

import boardkit as bk
from boardkit.core.bots import Random
from boardkit.core.fast import new_chance, seed_chance
from boardkit.games import win_lose_draw as wld
from boardkit.games.win_lose_draw import analysis
from boardkit.games.win_lose_draw import fast
from boardkit.games.win_lose_draw.bots import Skilled

P_THRESHOLD = 0.001
CATEGORICAL = ("winner", "end", "first_team", "first_team_won")
NUMERIC = ("turns", "cards", "score_a", "score_b", "steals", "colours_held", "lead_changes", "winner_worst_deficit")

SHORT_TRACK = ("spade", "red", "green", "spade", "blue", "orange", "red", "blue")


def skilled(n, p_guess=0.5, p_steal=0.2):
    return [Skilled(p_guess, p_steal) for _ in range(n)]


def mixed(n):
    """Every third seat Random, the others Skilled with different chances."""
    return [Random() if seat % 3 == 2 else Skilled(0.3 + 0.1 * (seat % 5), 0.1 + 0.05 * (seat % 4))
            for seat in range(n)]


def differences(reference, lane):
    """p-values of every column compared: {column: p}."""
    found = {}
    both = pd.concat([reference.assign(engine="reference"), lane.assign(engine="fast")], ignore_index=True)
    for column in CATEGORICAL:
        if column in both and both[column].astype(str).nunique() > 1:
            table = pd.crosstab(both[column].astype(str), both["engine"])
            found[column] = chi2_contingency(table.to_numpy())[1]
    for column in NUMERIC:
        if column in both:
            a, b = reference[column].dropna().to_numpy(float), lane[column].dropna().to_numpy(float)
            if len(a) and len(b) and np.ptp(np.concatenate([a, b])) > 0:
                found[column] = ks_2samp(a, b).pvalue
    return found


def test_the_lane_agrees_with_the_reference_engine_in_distribution():
    """A smoke test on the Team Play rulebook: 2,000 reference games against 20,000 fast ones
    (other seeds), every column."""
    reference = bk.simulate(wld.Rules(), 4, 2000, seed=2026, bots=skilled(4), progress=False, engine="reference")
    lane = bk.simulate(wld.Rules(), 4, 20_000, seed=7, bots=skilled(4), progress=False, engine="fast")
    assert list(lane.columns) == list(reference.columns)
    found = differences(reference, lane)
    assert {"winner", "turns", "lead_changes"} <= set(found)
    assert all(p > P_THRESHOLD for p in found.values()), found


# -- exact answers ---------------------------------------------------------------------------------

def test_the_race_to_8_matches_the_exact_odds():
    """All four seats Skilled(0.5, steal 0.2): the first team wins with team_race's exact chance."""
    odds = analysis.team_race(Fraction(1, 2), Fraction(1, 2), steal=Fraction(1, 5))
    n = 200_000
    frame = bk.simulate(wld.Rules(), 4, n, seed=11, bots=skilled(4), progress=False, engine="fast")
    share = frame["first_team_won"].astype(bool).mean()
    p = float(odds.a_wins)
    assert abs(share - p) < 4 * (p * (1 - p) / n) ** 0.5
    cards = frame["cards"].to_numpy(float)
    assert abs(cards.mean() - float(odds.expected_cards)) < 4 * cards.std() / n ** 0.5


def test_a_better_team_wins_the_race_as_often_as_the_exact_odds_say():
    """Team A (even seats) guesses 60%, team B 40%; whoever sketches first is decided by the die."""
    first_a = analysis.team_race(Fraction(3, 5), Fraction(2, 5), steal=Fraction(1, 10)).a_wins
    first_b = analysis.team_race(Fraction(2, 5), Fraction(3, 5), steal=Fraction(1, 10)).a_wins
    p = float((first_a + 1 - first_b) / 2)
    n = 200_000
    bots = [Skilled(0.6, 0.1), Skilled(0.4, 0.1)] * 3
    frame = bk.simulate(wld.Rules(), 6, n, seed=12, bots=bots, progress=False, engine="fast")
    share = (frame["winner"] == 0).mean()
    assert abs(share - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_the_white_pawn_lands_on_a_spade_one_time_in_seven():
    counts = fast.white_pawn_landings(new_chance(), fast.track_array(wld.DEFAULT_TRACK), 6, 0, 700_000, 5)
    share = counts[fast.track_array(wld.DEFAULT_TRACK) == 0].sum() / counts.sum()
    exact = analysis.long_run_landings().by_kind["spade"]
    assert exact == Fraction(1, 7)
    assert abs(share - 1 / 7) < 4 * (1 / 7 * 6 / 7 / 700_000) ** 0.5


# -- the pieces, one rule at a time --------------------------------------------------------------

def test_the_white_pawn_moves_clockwise_round_the_ring():
    assert fast.move_white_pawn(0, 6, 28) == 6
    assert fast.move_white_pawn(25, 6, 28) == 3                                 # round the corner
    assert fast.move_white_pawn(27, 1, 28) == 0


def test_the_sketcher_collects_only_a_colour_she_may():
    held = np.zeros((3, 4), np.bool_)
    centre = np.array([6, 6, 6, 0], np.int64)
    assert not fast.sketcher_collects(held, centre, 0, 0, 4)                    # a Spade Space gives nothing
    assert fast.sketcher_collects(held, centre, 0, 1, 4)                        # red: she takes it
    assert held[0, 0] and centre[0] == 5
    assert not fast.sketcher_collects(held, centre, 0, 1, 4)                    # she owns red already
    assert not fast.sketcher_collects(held, centre, 1, 4, 4)                    # no orange left
    held[2, :3] = True
    assert not fast.sketcher_collects(held, centre, 2, 4, 3)                    # she owns all she needs
    assert centre.tolist() == [5, 6, 6, 0]


def test_a_skilled_guesser_takes_the_rarest_colour_she_lacks_and_nobody_takes_from_an_empty_centre():
    state = new_chance()
    seed_chance(state, 1)
    held = np.zeros((2, 4), np.bool_)
    centre = np.array([1, 1, 0, 1], np.int64)
    rank = np.array([2, 3, 0, 1], np.int64)                                     # blue, orange, red, green
    assert fast.take_pawn(state, held, centre, 0, fast.SKILLED, rank)
    assert held[0].tolist() == [False, False, False, True]                     # no blue left: orange
    assert fast.take_pawn(state, held, centre, 1, fast.SKILLED, rank)
    assert held[1].tolist() == [True, False, False, False]                     # then red
    assert fast.take_pawn(state, held, centre, 0, fast.SKILLED, rank)          # green for seat 0
    assert not fast.take_pawn(state, held, centre, 1, fast.SKILLED, rank)      # nothing left for seat 1
    assert centre.tolist() == [0, 0, 0, 0]


def test_the_rotation_takes_the_least_sketched_in_seat_order():
    state = new_chance()
    seed_chance(state, 2)
    sketches = np.array([1, 0, 1, 1, 0, 1], np.int64)
    assert fast.least_sketched(sketches, 0, 6, state, False) == 4            # team A: 0, 2, 4
    assert fast.least_sketched(sketches, 1, 6, state, False) == 1            # team B: 1, 3, 5
    sketches[:] = 0
    picks = [fast.least_sketched(sketches, 1, 6, state, True) for _ in range(3000)]
    assert set(picks) == {1, 3, 5} and min(picks.count(s) for s in (1, 3, 5)) > 850   # a Random pick: any
    assert [fast.team_size(t, n) for t in (0, 1) for n in (4, 5, 40)] == [2, 3, 20, 2, 2, 20]


def test_a_random_sketcher_offers_every_group_of_guessers_and_times_up_equally():
    state = new_chance()
    seed_chance(state, 4)
    guessers, correct = np.array([3, 4, 0], np.int64), np.zeros(3, np.int64)
    seen = {}
    for _ in range(16_000):
        count = fast.who_guessed(state, fast.RANDOM, 0.0, guessers, 3, correct)
        key = tuple(sorted(correct[:count]))
        seen[key] = seen.get(key, 0) + 1
    assert set(seen) == {(), (3,), (4,), (0,), (3, 4), (0, 3), (0, 4), (0, 3, 4)}
    assert min(seen.values()) > 1700 and max(seen.values()) < 2300                     # each 1/8
    hits = sum(fast.team_guesses(state, fast.RANDOM, 0.0, 2) for _ in range(9000))
    assert 5700 < hits < 6300                                                          # 2 Guessers of 3 actions
    assert not any(fast.team_guesses(state, fast.SKILLED, 0.0, 2) for _ in range(100))
    assert all(fast.team_guesses(state, fast.SKILLED, 1.0, 2) for _ in range(100))


def test_a_pawn_colour_runs_out_and_a_game_still_ends():
    rules = wld.Rules(play="gameboard", pawns_per_colour=1, colours_to_collect=2, max_sketches=300)
    columns = fast.play_games(rules, 6, np.arange(2000, dtype=np.int64), skilled(6, 0.8))
    assert (np.asarray(columns["colours_held"]) <= 4).all()                  # 4 pawns in all
    assert set(columns["end"]) <= {"ace", "sketch cap"}


# -- the same seed, the same game; the columns of Game.result() --------------------------------

def test_the_same_seed_gives_the_same_game_whatever_the_chunking():
    rules = wld.Rules(play="gameboard")
    seeds = np.array(bk.core.rng.game_seeds(9, 60), np.int64)
    whole = pd.DataFrame(fast.play_games(rules, 5, seeds, mixed(5)))
    parts = pd.concat([pd.DataFrame(fast.play_games(rules, 5, seeds[i:i + 7], mixed(5)))
                       for i in range(0, 60, 7)], ignore_index=True)
    pd.testing.assert_frame_equal(whole, parts)


@pytest.mark.parametrize("play", wld.PLAYS)
def test_the_columns_are_those_of_game_result(play):
    rules = wld.Rules(play=play)
    game = wld.Game(rules, 4, seed=1, record_events=False)
    bk.play(game, skilled(4))
    columns = fast.play_games(rules, 4, np.array([1, 2, 3], np.int64), skilled(4))
    assert list(columns) == list(game.result())
    row = {name: values[0] for name, values in columns.items()}
    for name, value in game.result().items():
        assert type(row[name]) is type(value) or isinstance(row[name], (np.integer, np.floating)), name


# -- bad input and the fallback ------------------------------------------------------------------

class Cautious(Skilled):
    """A bot the lane has no twin for (a subclass may decide differently)."""

    def choose(self, game, actions, chance):
        return actions[-1]


def test_the_fast_engine_names_a_bot_it_cannot_play():
    bots = [Skilled(), Skilled(), Cautious(), Skilled()]
    with pytest.raises(ValueError, match=r"engine='fast' cannot play.*Cautious.*seat 2"):
        bk.simulate(wld.Rules(), 4, 10, bots=bots, progress=False, engine="fast")
    assert "plays only the Skilled and Random bots, not Cautious" in fast.unsupported(wld.Rules(), 4, bots)
    with pytest.raises(ValueError, match="seat 2"):
        fast.play_games(wld.Rules(), 4, np.arange(3, dtype=np.int64), bots)


def test_auto_falls_back_to_the_reference_engine():
    bots = [Skilled(), Cautious(), Skilled(), Skilled()]
    frame = bk.simulate(wld.Rules(), 4, 20, bots=bots, progress=False, engine="auto")
    assert frame.attrs["engine"] == "reference"
    assert bk.simulate(wld.Rules(), 4, 20, progress=False).attrs["engine"] == "fast"


def test_the_lane_plays_every_rule_a_teacher_can_set():
    extreme = wld.Rules(play="gameboard", track=("spade",) + ("red", "green", "blue", "orange") * 49 + ("red",) * 3,
                        die_sides=100, colours_to_collect=1, pawns_per_colour=100, max_sketches=100_000,
                        timer_seconds=1, steal_seconds=1, categories=("Books",), partial_answers=False,
                        match_threshold=1)
    assert len(extreme.track) == 200 and fast.unsupported(extreme, 6, skilled(6)) is None
    frame = bk.simulate(extreme, 6, 50, progress=False, engine="fast")
    assert frame["end"].isin(["ace", "sketch cap"]).all()
    big = wld.Rules(team_target=100, max_sketches=100_000)
    frame = bk.simulate(big, 40, 50, progress=False, engine="fast", bots=mixed(40))
    assert (frame[["score_a", "score_b"]].max(axis=1) == 100).all()

"""Mouse Trap's fast lane (``boardkit/games/mouse_trap/fast.py``) against the reference engine.

**Equivalence.**  For the rulebook and three variants (2, 3 and 4 players,
both bots, every kind of rule changed somewhere), the fast frame and the
reference frame must agree in distribution: winner seat (no winner counted as
its own category), end reason and catches by a two-sample chi-square test;
turns and every other numeric column by a two-sample Kolmogorov-Smirnov test.

Power arithmetic.  Each case plays N_REF = 13,000 reference games and
N_FAST = 130,000 fast games.  A win rate near p = 0.5 (the worst case; the
4-player rates near 0.25 are estimated better) has a standard error of the
difference sqrt(p(1-p)(1/13000 + 1/130000)) = 0.0046, so a real difference of
2 percentage points is 4.35 standard errors: caught at p < 0.001 (|z| > 3.29)
with probability about 0.85 in the worst case and 0.96 at p = 0.25.  Game
length: turns have a coefficient of variation of about 0.5 here, so the
standard error of the difference of mean lengths is
0.5 * sqrt(1/13000 + 1/130000) = 0.46% of the mean; a 3% difference is 6.5
standard errors, which the KS test (comparing the
whole distribution, somewhat less powerful than a t-test for a pure shift)
catches nearly always.  Each test uses p < 0.001; with 4 cases x 12 columns
(48 tests) the chance of any false alarm is at most 0.048 (Bonferroni), and
the seeds are fixed, so the outcome is deterministic.

**Teeth.**  The same comparison between the rulebook (reference) and a variant
(fast) that differs by one small rule must fail.

**Exact answer.**  The lane's crank, and the catches per crank of 2-player
games (one mouse on the wheel at a time), agree with
``mt.analysis.trap_reliability``.

Everything plays on one core with ``executor=None``; the reference side is
most of the file's time.
"""
import functools
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from scipy.stats import chi2_contingency, ks_2samp

import boardkit as bk
from boardkit.core import fast as core_fast
from boardkit.core.bots import Random
from boardkit.games import mouse_trap as mt
from boardkit.games.mouse_trap import fast

pytestmark = pytest.mark.skipif(not core_fast.numba_available(), reason="numba is not installed")

N_REF, N_FAST = 13_000, 130_000
ALPHA = 0.001
CATEGORICAL = ("winner", "end", "stalemate", "catches")
NUMERIC = ("turns", "parts", "trap_done", "cranks", "pushes", "lead_changes", "winner_worst_deficit")

SHORT_PATH = ("start", "build 2-3-4", "take 2", "build 2-3", "rival 3", "build 2-3-4", "back 4",
              "build 2 x2", "lose 1", "cheese", "build 2-3-4", "ahead 3", "blank")
CASES = {
    "rulebook, 4 Trappers": (mt.Rules(), 4, lambda: [mt.bots.Trapper() for _ in range(4)]),
    "2 players, house readings, backups": (
        mt.Rules(wheel_cheese_when_sent=True, crank_when_sent=True, backups=("F", "H", "M"), push_cost=2,
                 wheel_cheese=3),
        2, lambda: [mt.bots.Trapper(reserve=0), Random()]),
    "3 players, short track, scarce cheese": (
        mt.Rules(path=SHORT_PATH, loop=("safe", "rival 2", "build 2-3-4 x2", "crank", "take 1", "wheel"),
                 cheese_count=8, n_parts=12, die_sides=4),
        3, lambda: [Random(), mt.bots.Trapper(), mt.bots.Trapper(reserve=1)]),
    "4 players, weak trap, turn cap": (
        mt.Rules(stage_odds=tuple(float(p) ** 3 for p in mt.Rules().stage_odds), max_turns=150,
                 cheese_count=14, n_parts=20),
        4, lambda: [mt.bots.Trapper(), Random(), mt.bots.Trapper(reserve=4), Random()]),
}


def frames(rules, n_players, bots, n_ref=N_REF, n_fast=N_FAST, seed=20261124):
    reference = bk.simulate(rules, n_players=n_players, n_games=n_ref, seed=seed, bots=bots(),
                            engine="reference", progress=False)
    lane = bk.simulate(rules, n_players=n_players, n_games=n_fast, seed=seed + 1, bots=bots(), engine="fast",
                       progress=False)
    assert reference.attrs["engine"] == "reference" and lane.attrs["engine"] == "fast"
    return reference, lane


def category(column: pd.Series) -> pd.Series:
    """A column's values as category names: a seat is "1" whether stored as int64 or as the
    fast frame's compact float32, and a missing winner is "none"."""
    if column.dtype.kind in "iuf":
        return column.map(lambda v: "none" if pd.isna(v) else str(int(v)))
    return column.map(lambda v: "none" if v is None else str(v))


def p_values(reference, lane) -> dict:
    """The p-value of each column's two-sample test (chi-square or KS)."""
    assert list(reference.columns) == list(lane.columns)
    found = {}
    for column in CATEGORICAL:
        a, b = category(reference[column]), category(lane[column])
        table = pd.crosstab(pd.concat([a, b]), np.repeat([0, 1], [len(a), len(b)]))
        found[column] = 1.0 if len(table) == 1 else chi2_contingency(table)[1]
    for column in NUMERIC:
        a = reference[column].astype(float).fillna(-1).to_numpy()
        b = lane[column].astype(float).fillna(-1).to_numpy()
        found[column] = 1.0 if (a == a[0]).all() and (b == a[0]).all() else ks_2samp(a, b).pvalue
    return found


@functools.cache
def case_frames(name):
    """A case's (reference, fast) frames, played once (this file runs on one worker: conftest.py)."""
    rules, n_players, bots = CASES[name]
    return frames(rules, n_players, bots)


@pytest.fixture(scope="module", params=list(CASES))
def case(request):
    return request.param, case_frames(request.param)


def test_the_fast_lane_agrees_with_the_reference_engine(case):
    name, (reference, lane) = case
    found = p_values(reference, lane)
    failed = {column: p for column, p in found.items() if p < ALPHA}
    assert not failed, f"{name}: columns that differ (p < {ALPHA}): {failed}"
    # the means side by side, a plain check a reader can follow
    for column in ("turns", "cranks", "pushes"):
        ref, fst = reference[column].mean(), lane[column].mean()
        assert abs(fst - ref) <= 0.05 * max(ref, 1), (name, column, ref, fst)


def test_metrics_work_on_a_fast_frame_and_match_the_reference(case):
    name, (reference, lane) = case
    ref_summary, fast_summary = bk.metrics.summary(reference), bk.metrics.summary(lane)
    assert list(ref_summary.index) == list(fast_summary.index)
    rates_ref, rates_fast = bk.metrics.win_rates(reference), bk.metrics.win_rates(lane)
    assert list(rates_ref.index) == list(rates_fast.index)
    assert (rates_fast["win rate"] - rates_ref["win rate"]).abs().max() < 0.035, name
    assert list(bk.metrics.end_reasons(lane).index.sort_values()) \
        == list(bk.metrics.end_reasons(reference).index.sort_values())


def test_a_planted_difference_is_caught():
    """The rulebook (reference) against one changed rule (fast): a push costs two cheese
    instead of one, so fewer pushes are bought -- the comparison must notice."""
    rules, n_players, bots = CASES["rulebook, 4 Trappers"]
    reference, _ = case_frames("rulebook, 4 Trappers")
    planted = bk.simulate(rules.replace(push_cost=2), n_players=n_players, n_games=N_FAST // 4, seed=8,
                          bots=bots(), engine="fast", progress=False)
    found = p_values(reference, planted)
    assert min(found.values()) < ALPHA, found


# -- exact answers ------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [mt.Rules(), mt.Rules(backups=("F", "M")),
                                   mt.Rules(stage_odds=(Fraction(9, 10),) * 16)])
def test_the_lanes_crank_catches_at_the_exact_rate(rules):
    exact = float(mt.analysis.trap_reliability(rules))
    stops = fast.crank_many(rules, 400_000, seed=3)
    se = (exact * (1 - exact) / stops.size) ** 0.5
    assert abs((stops == 16).mean() - exact) < 4 * se
    expected = mt.analysis.stop_odds(rules).to_numpy()
    seen = np.bincount(stops, minlength=17) / stops.size
    assert np.abs(seen - expected).max() < 4 * (0.25 / stops.size) ** 0.5


def test_a_stage_works_exactly_when_the_reference_uniform_draw_is_below_its_chance():
    """The lane compares whole numbers (53 random bits against ceil(p * 2**53)); the same
    draws compared as core.fast.uniform() < p give the same answers."""
    for p in (0.0, 1e-12, 0.3, 0.93, 0.97, 1 - 2**-53, 1.0):
        threshold = np.int64(__import__("math").ceil(p * 2.0**53))
        a, b = core_fast.new_chance(), core_fast.new_chance()
        core_fast.seed_chance(a, 9)
        core_fast.seed_chance(b, 9)
        for _ in range(2000):
            assert fast.works(threshold, a) == (core_fast.uniform(b) < p)


def test_catches_per_crank_in_two_player_games_is_the_trap_reliability():
    """In a 2-player game one mouse is on the wheel at each crank: catches / cranks -> R."""
    rules = mt.Rules()
    frame = bk.simulate(rules, n_players=2, n_games=60_000, seed=11, engine="fast", progress=False)
    cranks, catches = frame["cranks"].sum(), frame["catches"].sum()
    exact = float(mt.analysis.trap_reliability(rules))
    assert abs(catches / cranks - exact) < 4 * (exact * (1 - exact) / cranks) ** 0.5


# -- the pieces, a rule at a time ------------------------------------------------------------------

def lane(rules=None, n_players=4, bots=None, positions=None, cheese=None, current=0, parts=0):
    """(r, s) of a game arranged by hand: mice, cheese (the pile holds the rest), parts."""
    rules = rules or mt.Rules()
    bots = bots or [mt.bots.Trapper() for _ in range(n_players)]
    r, s = fast.lane_arrays(rules, n_players, bots)
    fast.new_game(r, s)
    if positions is not None:
        s[fast.S_POS:fast.S_POS + n_players] = positions
    if cheese is not None:
        s[fast.S_CHEESE:fast.S_CHEESE + n_players] = cheese
        s[fast.S_PILE] = rules.cheese_count - sum(cheese)
    s[fast.S_CURRENT], s[fast.S_PARTS] = current, parts
    return r, s


def seats(s, first, n=4):
    return list(s[first:first + n])


def test_forward_back_and_steps_to_the_wheel_match_the_rules():
    for rules in (mt.Rules(), mt.Rules(path=SHORT_PATH, loop=("safe", "crank", "wheel"))):
        r = lane(rules)[0]
        for position in range(len(rules.spaces)):
            for steps in range(1, 13):
                assert fast.forward(r, position, steps) == rules.forward(position, steps)
                assert fast.back(r, position, steps) == rules.back(position, steps)
            assert fast.steps_to_wheel(r, position) == rules.steps_to_wheel(position)


def test_the_splits_are_listed_in_the_reference_order():
    from boardkit.games.mouse_trap.game import _shares
    for n in (2, 3):
        for most in (1, 2, 5):
            for total in range(1, most * n + 1):
                shares = np.zeros(n, dtype=np.int64)
                fast.first_split(shares, 0, n, total, most)
                listed = [tuple(shares)]
                while fast.next_split(shares, 0, n, most):
                    listed.append(tuple(shares))
                assert listed == list(_shares(total, n, most))
                assert fast.count_splits(np.zeros(n, dtype=np.int64), 0, n, total, most) == len(listed)


def test_the_trapper_splits_most_evenly_like_the_reference_bot():
    from boardkit.games.mouse_trap.game import _shares
    r, s = lane()
    for n, total, most in [(2, 3, 5), (3, 3, 5), (3, 7, 3), (2, 4, 2)]:
        fast.choose_split(r, s, core_fast.new_chance(), n, total, most)
        assert tuple(s[fast.S_SHARES:fast.S_SHARES + n]) == min(_shares(total, n, most), key=max)


def test_a_take_from_an_empty_pile_robs_the_richest_rival_off_safe():
    rules = mt.Rules(cheese_count=30)
    r, s = lane(rules, positions=[3, rules.safe, 5, 6], cheese=[0, 20, 6, 4])
    assert s[fast.S_PILE] == 0
    fast.give(r, s, core_fast.new_chance(), 2)
    assert seats(s, fast.S_CHEESE) == [2, 20, 4, 4] and s[fast.S_CURRENT] == 1   # SAFE is not robbed


def test_a_build_space_builds_for_its_player_counts_and_the_double_space_builds_two():
    rules = mt.Rules()
    for n_players, text, built in [(4, "build 2-3", 0), (4, "build 2-3-4", 1), (2, "build 2", 1),
                                   (4, "build 2-3-4 x2", 2)]:
        r, s = lane(rules, n_players, parts=5)
        s[fast.S_POS] = (rules.path + rules.loop).index(text)
        fast.land(r, s, core_fast.new_chance())
        assert s[fast.S_PARTS] == 5 + built and s[fast.S_CHEESE] == built, (n_players, text)
    r, s = lane(rules, 4, parts=23)   # one part left on the double space
    s[fast.S_POS] = rules.loop_start + 2
    fast.land(r, s, core_fast.new_chance())
    assert s[fast.S_PARTS] == 24 and s[fast.S_CHEESE] == 1 and s[fast.S_TRAP_DONE] == s[fast.S_TURNS]


def test_random_declines_to_build_about_half_the_time():
    rules = mt.Rules()
    chance, built = core_fast.new_chance(), 0
    core_fast.seed_chance(chance, 5)
    for _ in range(4000):
        built += fast.wants_to_build(fast.BOT_RANDOM, chance)
    assert abs(built / 4000 - 0.5) < 0.03
    assert fast.wants_to_build(fast.BOT_TRAPPER, chance)


def test_a_sent_mouse_follows_no_message_unless_the_house_reading_says_so():
    for sent_cheese in (False, True):
        rules = mt.Rules(wheel_cheese_when_sent=sent_cheese)
        r, s = lane(rules)
        s[fast.S_POS] = rules.path.index("cheese")
        fast.land(r, s, core_fast.new_chance())
        assert s[fast.S_POS] == rules.wheel and s[fast.S_CHEESE] == (2 if sent_cheese else 0)


def test_the_trapper_pushes_the_nearest_reachable_rival_then_the_richest():
    rules = mt.Rules()
    wheel = rules.wheel
    for reserve, on_wheel, expected in [(2, False, 2), (5, False, fast.STOP), (5, True, fast.TURN_THE_CRANK)]:
        bots = [mt.bots.Trapper(reserve=reserve)] * 4
        r, s = lane(rules, bots=bots, positions=[rules.crank, wheel - 2, wheel - 2, 10], cheese=[5, 1, 3, 0])
        s[fast.S_PUSHABLE:fast.S_PUSHABLE + 3] = [1, 2, 3]
        assert fast.trapper_at_crank(r, s, 3, on_wheel) == expected   # 1 and 2 tie on steps: 2 is richer


def test_a_crank_catches_every_mouse_on_the_wheel_or_sends_them_all_to_safe():
    for odds, caught in (((1.0,) * 16, True), ((1.0,) * 15 + (0.0,), False)):
        rules = mt.Rules(stage_odds=odds)
        wheel = rules.wheel
        r, s = lane(rules, positions=[rules.crank, wheel, wheel, 3], cheese=[1, 2, 3, 4], parts=24)
        fast.crank(r, s, core_fast.new_chance())
        if caught:
            assert seats(s, fast.S_POS) == [rules.crank, -1, -1, 3] and seats(s, fast.S_CHEESE) == [6, 0, 0, 4]
            assert s[fast.S_CATCHES] == 2 and s[fast.S_END] == fast.GOES_ON and s[fast.S_CURRENT] == 3
        else:
            assert seats(s, fast.S_POS) == [rules.crank, rules.safe, rules.safe, 3]
        assert s[fast.S_CRANKS] == 1


def test_the_last_mouse_wins_and_the_lead_is_noted_as_the_reference_does():
    rules = mt.Rules(stage_odds=(1,) * 16)
    r, s = lane(rules, 2, positions=[rules.crank, rules.wheel], cheese=[1, 5], parts=24)
    fast.note_lead(r, s)
    fast.crank(r, s, core_fast.new_chance())
    assert s[fast.S_END] == fast.ENDS_LAST_MOUSE and s[fast.S_WINNER] == 0
    assert seats(s, fast.S_WORST, 2) == [4, 6] and s[fast.S_LEAD_CHANGES] == 1


def test_same_seed_same_frame_whatever_the_chunks():
    rules, n_players, bots = CASES["3 players, short track, scarce cheese"]
    seeds = np.arange(400, dtype=np.int64) * 7919
    whole = pd.DataFrame(fast.play_games(rules, n_players, seeds, bots()))
    parts = pd.concat([pd.DataFrame(fast.play_games(rules, n_players, seeds[i:i + 37], bots()))
                       for i in range(0, 400, 37)], ignore_index=True)
    pd.testing.assert_frame_equal(whole, parts)
    assert list(whole.columns) == list(fast.COLUMNS)


def test_the_columns_are_those_of_game_result():
    game = mt.Game(mt.Rules(), n_players=3, seed=1)
    bk.play(game)
    assert tuple(game.result()) == fast.COLUMNS


# -- bad input ------------------------------------------------------------------------------------

class Timid(mt.bots.Trapper):
    """A bot the lane does not know (even a subclass of one it does)."""


def test_a_bot_the_lane_cannot_play_is_refused_or_falls_back():
    bots = [mt.bots.Trapper(), Timid()]
    with pytest.raises(ValueError, match="Timid.*seat 1"):
        bk.simulate(mt.Rules(), n_players=2, n_games=5, bots=bots, engine="fast", progress=False)
    frame = bk.simulate(mt.Rules(), n_players=2, n_games=5, bots=bots, engine="auto", progress=False)
    assert frame.attrs["engine"] == "reference"
    assert fast.unsupported(mt.Rules(), 2, [mt.bots.Trapper(reserve=2.5), Random()]) is not None
    with pytest.raises(ValueError, match="engine='warp'"):
        bk.simulate(mt.Rules(), n_players=2, n_games=5, engine="warp", progress=False)
    with pytest.raises(ValueError, match="Timid"):
        fast.play_games(mt.Rules(), 2, np.arange(3), bots)


def test_auto_takes_the_lane_for_every_rules_field():
    rules = mt.Rules(path=SHORT_PATH, loop=("safe", "crank", "wheel"), cheese_count=0, n_parts=0,
                     stage_odds=(Fraction(1, 2),) * 16, backups=tuple("ABCDEFGHIJKLMNOP"), wheel_cheese=0,
                     wheel_cheese_when_sent=True, crank_when_sent=True, push_cost=3, die_sides=1, max_turns=40)
    frame = bk.simulate(rules, n_players=4, n_games=50, seed=1, progress=False,
                        bots=[Random(), mt.bots.Trapper(), Random(), mt.bots.Trapper(reserve=-1)])
    assert frame.attrs["engine"] == "fast" and len(frame) == 50

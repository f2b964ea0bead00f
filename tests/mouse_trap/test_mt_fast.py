"""Mouse Trap's fast lane (``boardkit/games/mouse_trap/fast.py``) against the reference engine and the exact odds.

Game for game, the two engines are proved equal by ``test_mt_lockstep.py`` (issue 26).  Here:
one comparison in distribution on the rulebook (a smoke test: winner, end reason, stalemate and
catches by chi-square, the numeric columns by KS, at p < 0.001, other seeds on each side), the
exact answers (the lane's crank, and the catches per crank of 2-player games, against
``mt.analysis.trap_reliability``), and the lane's pieces one rule at a time.
"""
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

ALPHA = 0.001
CATEGORICAL = ("winner", "end", "stalemate", "catches")
NUMERIC = ("turns", "parts", "trap_done", "cranks", "pushes", "lead_changes", "winner_worst_deficit")

SHORT_PATH = ("start", "build 2-3-4", "take 2", "build 2-3", "rival 3", "build 2-3-4", "back 4",
              "build 2 x2", "lose 1", "cheese", "build 2-3-4", "ahead 3", "blank")
SHORT_LOOP = ("safe", "rival 2", "build 2-3-4 x2", "crank", "take 1", "wheel")


def p_values(reference, lane) -> dict:
    """The p-value of each column's two-sample test (chi-square or KS); a missing value is its own category."""
    assert list(reference.columns) == list(lane.columns)
    found = {}
    for column in CATEGORICAL:
        a, b = reference[column].astype(str), lane[column].astype(str)
        table = pd.crosstab(pd.concat([a, b]), np.repeat([0, 1], [len(a), len(b)]))
        found[column] = 1.0 if len(table) == 1 else chi2_contingency(table)[1]
    for column in NUMERIC:
        a = reference[column].astype(float).fillna(-1).to_numpy()
        b = lane[column].astype(float).fillna(-1).to_numpy()
        found[column] = 1.0 if (a == a[0]).all() and (b == a[0]).all() else ks_2samp(a, b).pvalue
    return found


def test_the_lane_agrees_with_the_reference_engine_in_distribution():
    """A smoke test on the rulebook with four Trappers: 1,000 reference games against 10,000 fast
    ones, from other seeds, every column."""
    reference = bk.simulate(mt.Rules(), 4, 1000, seed=2026, progress=False, engine="reference")
    lane = bk.simulate(mt.Rules(), 4, 10_000, seed=7, progress=False, engine="fast")
    assert reference.attrs["engine"] == "reference" and lane.attrs["engine"] == "fast"
    found = p_values(reference, lane)
    assert all(p > ALPHA for p in found.values()), found


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
    rules, n_players = mt.Rules(path=SHORT_PATH, loop=SHORT_LOOP, cheese_count=8, n_parts=12, die_sides=4), 3
    bots = [Random(), mt.bots.Trapper(), mt.bots.Trapper(reserve=1)]
    seeds = np.arange(400, dtype=np.int64) * 7919
    whole = pd.DataFrame(fast.play_games(rules, n_players, seeds, bots))
    parts = pd.concat([pd.DataFrame(fast.play_games(rules, n_players, seeds[i:i + 37], bots))
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

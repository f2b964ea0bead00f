"""The fast lane agrees with the reference engine in distribution (issue 13).

For the rulebook and three variants (2, 3 and 4 players, the largest count;
every Rules field off its default in at least one of them, and all three
bots), the reference engine and the lane each play their own games from
fixed seeds, and every column is compared:

* categorical columns (winner seat -- "none" for no winner --, end reason,
  the first round's winner -- "-" for a void round --; categories too rare
  for the test pooled into "other") by a two-sample chi-square test
  (scipy.stats.chi2_contingency);
* numeric columns (turns, rounds, void_rounds, every score, penalties,
  lead_changes, winner_worst_deficit, and the rounds each seat won) by a
  two-sample Kolmogorov-Smirnov test (scipy.stats.ks_2samp).

The text columns ``round_winners`` and ``leaders`` (one entry a round) are
not compared as they are: almost every game has its own string, so nearly
all of them would be pooled into "other" and the test would see nothing.
Their figures above are what a lesson reads from them.

**Power.** A difference d in one seat's win rate p, with n reference and
m = 5n fast games, is caught by a two-sided test at alpha = 0.001 with power
0.8 when d >= (3.29 + 0.84) * sqrt(p(1-p)(1/n + 1/m)).  For d = 2 percentage
points that needs n >= 10,000 at p = 1/4 (4 players), 11,500 at p = 1/3 and
13,000 at p = 1/2 (2 players) -- the sizes used below.  Mean length: the
turns' coefficient of variation is about 0.3, so a 3% shift needs n of about
2,000 for a t-test; KS, somewhat less powerful for a shift, has 5x that.

**Threshold.** Each test uses p < 0.001.  About 14 tests per case and 4 cases:
with Bonferroni the chance of any false alarm is below 56 x 0.001 = 5.6%;
the seeds are fixed, so the result does not change from run to run.

The planted-difference tests show the comparison has teeth: the lane playing
a slightly different game (one more card in hand; a miniature's penalty
changed) is caught against the rulebook's reference frame.  And the lane's
deal gives the exact first-turn stuck chance 171/2108 (lesson 04,
cc.analysis), and a variant's too.
"""
import functools
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import boardkit as bk
from boardkit.games import cluedo_cards as cc
from boardkit.games.cluedo_cards import fast
from fast_helpers import category_counts, distribution_differences

B = cc.bots
P_THRESHOLD = 0.001
FAST_PER_REFERENCE = 5

CASES = {
    "rulebook, 4 Shedders": (cc.Rules(), 4, None, 10_000),
    "2 players: double deck, pass, floor at zero, round-winner ties, rotate": (
        cc.Rules(copies=2, empty_draw="pass", floor_at_zero=True, ties="round winner", starter="rotate", target=8),
        2, [B.Random(), B.Revolverist()], 13_000),
    "3 players: more powers, hands of 7, the winner starts": (
        cc.Rules(powers=cc.POWERS + (("spanner", "swap hands"), ("Mrs. White", "skip chosen")), hand_size=7,
                 target=8, starter="winner"), 3, [B.Shedder(), B.Random(), B.Revolverist(margin=2)], 11_500),
    "4 players: 4 numbers, 5 miniatures, void rounds, round cap": (
        cc.Rules(numbers=(1, 2, 3, 4), miniatures=(("rope", 3), ("dagger", 2), ("Mrs. Peacock", 4), ("spanner", 1),
                 ("Rev. Green", 2)), going_out_points=4, target=9, max_turns=45, max_rounds=5),
        4, [B.Random(), B.Shedder(), B.Revolverist(), B.Random()], 10_000),
}
CATEGORICAL = ("winner", "end", "first_round_winner")

def play_case(name):
    """(reference, fast) frames of a case."""
    rules, n_players, bots, n = CASES[name]
    reference = bk.simulate(rules, n_players, n_games=n, seed=20261124, bots=bots, progress=False,
                            engine="reference")
    lane = bk.simulate(rules, n_players, n_games=FAST_PER_REFERENCE * n, seed=1124, bots=bots,
                       progress=False, engine="fast")
    assert reference.attrs["engine"] == "reference" and lane.attrs["engine"] == "fast"
    return reference, lane


@pytest.fixture(scope="module")
def frames():
    """``frames(name)``: :func:`play_case`, each case played once.

    A module fixture, so the root conftest.py runs this file's tests on one pytest-xdist worker: each
    case's games are played once in the suite, not once on each worker that happens to need them."""
    return functools.cache(play_case)


def comparable(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame with its text columns as figures a test can compare: who won the first round
    (a seat, or "-": nobody), and how many rounds each seat won."""
    rounds = frame["round_winners"].str.split(",")
    figures = frame.drop(columns=["round_winners", "leaders"])
    figures["first_round_winner"] = rounds.str[0]
    for seat in range(int(frame["n_players"].iloc[0])):
        figures[f"rounds_won_{seat}"] = rounds.map(lambda won, seat=str(seat): won.count(seat))
    return figures


def differences(reference: pd.DataFrame, lane: pd.DataFrame) -> dict:
    """Every column whose two samples differ at P_THRESHOLD: {column: p-value}."""
    return distribution_differences(comparable(reference), comparable(lane), CATEGORICAL, P_THRESHOLD)


@pytest.mark.parametrize("name", list(CASES))
def test_the_lane_agrees_with_the_reference_in_distribution(name, frames):
    reference, lane = frames(name)
    assert differences(reference, lane) == {}
    # and the figures a lesson reads agree closely
    assert abs(reference["turns"].mean() / lane["turns"].mean() - 1) < 0.03
    ref_rates = bk.metrics.win_rates(reference)["win rate"]
    lane_rates = bk.metrics.win_rates(lane)["win rate"]
    assert (abs(ref_rates - lane_rates) < 0.025).all()


@pytest.mark.parametrize("name", list(CASES))
def test_every_compared_category_is_common_enough_to_compare(name, frames):
    """A chi-square test sees only categories seen often enough; if most games fell into the
    pooled "other" (as whole round-by-round strings did), it would compare nothing."""
    reference, lane = (comparable(frame) for frame in frames(name))
    for column in CATEGORICAL:
        counts = category_counts(reference[column], lane[column])
        pooled = counts.loc["other"].sum() if "other" in counts.index else 0
        assert pooled / counts.to_numpy().sum() < 0.01, (column, counts)


def test_the_variants_reach_what_they_are_for(frames):
    """The cases really exercise their rules: void rounds, the round cap, draws from an empty pile end in passes."""
    _, lane = frames("4 players: 4 numbers, 5 miniatures, void rounds, round cap")
    assert lane["void_rounds"].mean() > 0.2 and 0.1 < (lane["end"] == "round cap").mean() < 0.9
    reference, _ = frames("2 players: double deck, pass, floor at zero, round-winner ties, rotate")
    assert (reference[["score_0", "score_1"]] >= 0).all().all()


@pytest.mark.parametrize("changes", [{"hand_size": 6}, {"miniatures": (("Mrs. White", 1), ("rope", 2),
                                                                       ("Prof. Plum", 3), ("revolver", 5))}],
                         ids=["one more card", "the revolver miniature costs 5"])
def test_a_planted_difference_is_caught(changes, frames):
    """The same comparison, the lane playing a slightly different game: it must notice."""
    reference, _ = frames("rulebook, 4 Shedders")
    lane = bk.simulate(cc.Rules().replace(**changes), 4, n_games=FAST_PER_REFERENCE * len(reference), seed=1124,
                       progress=False, engine="fast")
    assert differences(reference, lane)


def test_the_lanes_deal_gives_the_exact_first_turn_stuck_chance():
    """171/2108 (lesson 04): the lane's own deal, 400,000 times; and a double deck's exact chance."""
    for rules, exact in ((cc.Rules(), Fraction(171, 2108)),
                         (cc.Rules(copies=2), cc.analysis.first_player_stuck(rules=cc.Rules(copies=2)))):
        stuck = fast.stuck_on_first_turn(rules, 4, np.arange(400_000, dtype=np.int64))
        test = stats.binomtest(int(stuck.sum()), len(stuck), float(exact))
        assert test.pvalue > P_THRESHOLD, (rules.changes(), stuck.mean(), float(exact))
    # with teeth: a hand of 6 is stuck less often, and 400,000 deals see it
    six = fast.stuck_on_first_turn(cc.Rules(hand_size=6), 4, np.arange(400_000, dtype=np.int64))
    assert stats.binomtest(int(six.sum()), len(six), 171 / 2108).pvalue < P_THRESHOLD

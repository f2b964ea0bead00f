"""The fast lane of the Cluedo Card Game (``fast.py``) against the reference engine and the exact odds.

Game for game, the two engines are proved equal by ``test_cc_lockstep.py`` (issue 26).  Here: one
comparison in distribution on the rulebook (a smoke test: 2,000 reference games against 10,000 fast
ones from other seeds; the winner, the end and the first round's winner by chi-square, every
numeric column and the rounds each seat won by Kolmogorov-Smirnov, at p < 0.001), and the lane's
deal against the exact first-turn stuck chance 171/2108 (lesson 04, cc.analysis) and a variant's.

The text columns ``round_winners`` and ``leaders`` (one entry a round) are not compared as they
are: almost every game has its own string, so nearly all of them would be pooled into "other" and
the test would see nothing.  Their figures above are what a lesson reads from them.
"""
from fractions import Fraction

import numpy as np
import pandas as pd
from scipy import stats

import boardkit as bk
from boardkit.games import cluedo_cards as cc
from boardkit.games.cluedo_cards import fast
from fast_helpers import category_counts, distribution_differences

P_THRESHOLD = 0.001
CATEGORICAL = ("winner", "end", "first_round_winner")


def comparable(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame with its text columns as figures a test can compare: who won the first round
    (a seat, or "-": nobody), and how many rounds each seat won."""
    rounds = frame["round_winners"].str.split(",")
    figures = frame.drop(columns=["round_winners", "leaders"])
    figures["first_round_winner"] = rounds.str[0]
    for seat in range(int(frame["n_players"].iloc[0])):
        figures[f"rounds_won_{seat}"] = rounds.map(lambda won, seat=str(seat): won.count(seat))
    return figures


def test_the_lane_agrees_with_the_reference_engine_in_distribution():
    """The smoke test, on the rulebook with 4 Shedders: every column, and no category pooled away."""
    reference = bk.simulate(cc.Rules(), 4, 2000, seed=20261124, progress=False, engine="reference")
    lane = bk.simulate(cc.Rules(), 4, 10_000, seed=1124, progress=False, engine="fast")
    assert reference.attrs["engine"] == "reference" and lane.attrs["engine"] == "fast"
    reference, lane = comparable(reference), comparable(lane)
    assert distribution_differences(reference, lane, CATEGORICAL, P_THRESHOLD) == {}
    for column in CATEGORICAL:  # a chi-square test sees only categories seen often enough
        counts = category_counts(reference[column], lane[column])
        pooled = counts.loc["other"].sum() if "other" in counts.index else 0
        assert pooled / counts.to_numpy().sum() < 0.01, (column, counts)


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

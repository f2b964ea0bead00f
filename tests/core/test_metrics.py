"""boardkit.metrics on a small hand-made simulation frame."""
import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

import boardkit as bk
from boardkit.core.stats import wilson_interval

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

"""boardkit.core.stats: intervals and goodness of fit, checked against scipy."""
import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

from boardkit.core.stats import (FitResult, chi_square_fit, mean_interval, proportions, running_mean,
                                 running_proportion, wilson_interval)

CASES = [(0, 1), (1, 1), (0, 10), (10, 10), (3, 10), (1, 2), (7, 13), (50, 100), (999, 1000), (0, 5000)]


@pytest.mark.parametrize("k,n", CASES)
@pytest.mark.parametrize("confidence", [0.9, 0.95, 0.99])
def test_wilson_matches_scipy(k, n, confidence):
    expected = sps.binomtest(k, n).proportion_ci(confidence_level=confidence, method="wilson")
    low, high = wilson_interval(k, n, confidence)
    assert low == pytest.approx(expected.low, abs=1e-12)
    assert high == pytest.approx(expected.high, abs=1e-12)
    assert 0 <= low <= high <= 1
    assert low <= k / n + 1e-12 and k / n <= high + 1e-12


@pytest.mark.parametrize("n", [1, 10, 1000])
@pytest.mark.parametrize("confidence", [0.9, 0.95, 0.99])
def test_wilson_is_exact_at_the_edges(n, confidence):
    # All successes: the upper end is exactly 1 (scipy's value); no successes: the lower end
    # is exactly 0.  Otherwise the interval misses its own estimate (1.0 > 0.9999999999999999)
    # and a lesson's "does the interval contain the estimate?" check fails.
    _, high = wilson_interval(n, n, confidence)
    low, _ = wilson_interval(0, n, confidence)
    assert high == 1.0
    assert low == 0.0
    lows, highs = wilson_interval(np.arange(n + 1), np.full(n + 1, n), confidence)
    estimates = np.arange(n + 1) / n
    assert np.all(lows <= estimates) and np.all(estimates <= highs)


def test_wilson_default_is_95_percent():
    expected = sps.binomtest(3, 10).proportion_ci(method="wilson")
    assert wilson_interval(3, 10) == pytest.approx((expected.low, expected.high), abs=1e-12)


def test_wilson_vectorised_equals_scalar():
    ks = np.array([k for k, _ in CASES])
    ns = np.array([n for _, n in CASES])
    low, high = wilson_interval(ks, ns)
    assert isinstance(low, np.ndarray) and low.shape == (len(CASES),)
    for i, (k, n) in enumerate(CASES):
        assert (low[i], high[i]) == pytest.approx(wilson_interval(k, n), abs=1e-15)


def test_wilson_zero_trials_is_the_whole_range():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(np.array([0, 2]), np.array([0, 4]))
    assert (low[0], high[0]) == (0.0, 1.0)
    assert 0 < low[1] < 0.5 < high[1] < 1


@pytest.mark.parametrize("k,n", [(-1, 5), (6, 5)])
def test_wilson_bad_counts(k, n):
    with pytest.raises(ValueError):
        wilson_interval(k, n)


@pytest.mark.parametrize("confidence", [0, 1, 1.5, -0.2])
def test_bad_confidence(confidence):
    with pytest.raises(ValueError, match="confidence"):
        wilson_interval(1, 2, confidence)


def test_running_mean_has_the_mean_so_far_and_a_normal_band():
    values = [3.0, 5.0, 4.0, 8.0, 1.0, 6.0]
    table = running_mean(values)
    assert list(table.columns) == ["trials", "estimate", "low", "high"]
    assert table["estimate"].tolist() == pytest.approx([np.mean(values[:k]) for k in range(1, 7)])
    assert table["low"].iloc[0] == table["high"].iloc[0] == 3.0        # no spread known after one value
    sem = np.std(values, ddof=1) / np.sqrt(len(values))
    z = sps.norm.ppf(0.975)
    assert (table["low"].iloc[-1], table["high"].iloc[-1]) == pytest.approx(
        (np.mean(values) - z * sem, np.mean(values) + z * sem))
    with pytest.raises(ValueError, match="confidence"):
        running_mean(values, confidence=1.5)


def test_running_proportion():
    hits = [1, 0, 0, 1, 1, 1, 0, 1]
    table = running_proportion(hits)
    assert list(table.columns) == ["trials", "estimate", "low", "high"]
    assert table["trials"].tolist() == list(range(1, 9))
    assert table["estimate"].tolist() == pytest.approx(np.cumsum(hits) / np.arange(1, 9))
    assert table["estimate"].iloc[-1] == pytest.approx(5 / 8)
    assert (table["low"] <= table["estimate"]).all() and (table["estimate"] <= table["high"]).all()
    last = sps.binomtest(5, 8).proportion_ci(method="wilson")
    assert (table["low"].iloc[-1], table["high"].iloc[-1]) == pytest.approx((last.low, last.high), abs=1e-12)


def test_running_proportion_narrows():
    rng = np.random.default_rng(0)
    table = running_proportion(rng.random(5000) < 0.3)
    width = table["high"] - table["low"]
    assert width.iloc[-1] < width.iloc[99] < width.iloc[9]
    assert table["low"].iloc[-1] < 0.3 < table["high"].iloc[-1]


def test_proportions_table():
    table = proportions(pd.Series({"a": 30, "b": 10}))
    assert table.loc["a", "count"] == 30
    assert table["share"].tolist() == [0.75, 0.25]
    low, high = wilson_interval(30, 40)
    assert (table.loc["a", "low"], table.loc["a", "high"]) == pytest.approx((low, high))


def test_mean_interval_matches_scipy_t():
    values = [3, 5, 4, 8, 6, 5, 7]
    mean, low, high = mean_interval(values, 0.95)
    expected = sps.t.interval(0.95, len(values) - 1, loc=np.mean(values), scale=sps.sem(values))
    assert mean == pytest.approx(np.mean(values))
    assert (low, high) == pytest.approx(expected)


def test_mean_interval_edge_cases():
    assert mean_interval([4.0]) == (4.0, float("-inf"), float("inf"))
    assert mean_interval([2, 2, 2]) == (2.0, 2.0, 2.0)
    with pytest.raises(ValueError):
        mean_interval([])


def test_chi_square_fit_matches_scipy():
    observed = pd.Series({"a": 18, "b": 22, "c": 40})
    probs = {"a": 0.25, "b": 0.25, "c": 0.5}
    fit = chi_square_fit(observed, probs)
    expected = sps.chisquare([18, 22, 40], [20, 20, 40])
    assert isinstance(fit, FitResult)
    assert fit.statistic == pytest.approx(expected.statistic)
    assert fit.p_value == pytest.approx(expected.pvalue)
    assert fit.dof == 2
    assert "consistent" in fit.verdict()
    assert list(fit.table.columns[:3]) == ["count", "share", "expected"]


def test_chi_square_fit_normalises_weights():
    a = chi_square_fit([10, 20, 30], [1, 2, 3])
    b = chi_square_fit([10, 20, 30], [1 / 6, 2 / 6, 3 / 6])
    assert a.p_value == pytest.approx(b.p_value) and a.p_value == pytest.approx(1.0)


def test_chi_square_fit_impossible_outcome_gives_p_zero():
    fit = chi_square_fit({"a": 50, "b": 50, "never": 1}, {"a": 0.5, "b": 0.5, "never": 0})
    assert fit.p_value == 0.0
    assert fit.statistic == float("inf")
    assert "rare" in fit.verdict()


def test_chi_square_fit_leaves_out_unobserved_impossible_outcomes():
    fit = chi_square_fit({"a": 50, "b": 50, "never": 0}, {"a": 0.5, "b": 0.5, "never": 0})
    assert fit.dof == 1
    assert fit.p_value == pytest.approx(1.0)


def test_chi_square_fit_detects_a_bad_fit():
    fit = chi_square_fit([900, 100], [0.5, 0.5])
    assert fit.p_value < 1e-10
    assert fit.verdict(0.05).startswith("p = ")


@pytest.mark.parametrize("observed,probs", [
    ({"a": 1, "b": 2}, {"a": 1}),            # no probability for b
    ({"a": -1, "b": 2}, {"a": 1, "b": 1}),   # negative count
    ({"a": 1, "b": 2}, {"a": -1, "b": 1}),   # negative probability
    ({"a": 1, "b": 2}, {"a": 0, "b": 0}),    # probabilities sum to 0
    ({"a": 0, "b": 0}, {"a": 1, "b": 1}),    # nothing observed
])
def test_chi_square_fit_bad_input(observed, probs):
    with pytest.raises(ValueError):
        chi_square_fit(observed, probs)

"""Statistics for lessons: intervals around estimates, and goodness of fit.

Every Monte Carlo answer in boardkit comes with an interval, so a student
sees how sure the estimate is, and every exact answer can be checked against
a simulation with :func:`chi_square_fit`.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import special  # the distributions' functions; scipy.stats takes ~1 s to import


def _upper_tail_point(confidence: float) -> float:
    """The share below an interval's upper end: 0.975 for a 95% interval."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence!r}")
    return 0.5 + confidence / 2


def _z(confidence: float) -> float:
    return float(special.ndtri(_upper_tail_point(confidence)))  # the normal quantile, as stats.norm.ppf


def wilson_interval(successes, trials, confidence: float = 0.95):
    """Wilson score interval for a proportion (works on numbers or arrays).

    Better than "estimate +- 2 standard errors" for small samples and for
    proportions near 0 or 1.  Same values as
    ``scipy.stats.binomtest(k, n).proportion_ci(method="wilson")``, but
    vectorised, so a running estimate over 10,000 trials is one call.
    Returns ``(low, high)``; where ``trials`` is 0 the interval is (0, 1).
    """
    k = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    if np.any(k < 0) or np.any(k > n):
        raise ValueError("successes must be between 0 and trials")
    z = _z(confidence)
    safe_n = np.where(n > 0, n, 1.0)
    p = k / safe_n
    centre = (p + z * z / (2 * safe_n)) / (1 + z * z / safe_n)
    half = z * np.sqrt(p * (1 - p) / safe_n + z * z / (4 * safe_n * safe_n)) / (1 + z * z / safe_n)
    low = np.where(n > 0, np.clip(centre - half, 0, 1), 0.0)
    high = np.where(n > 0, np.clip(centre + half, 0, 1), 1.0)
    # At k == 0 and k == n the interval reaches 0 and 1 exactly; rounding must not
    # leave it a hair short (0.9999999999999999), or it would miss its own estimate.
    low = np.where(k == 0, 0.0, low)
    high = np.where(k == n, 1.0, high)
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


def proportions(counts, confidence: float = 0.95) -> pd.DataFrame:
    """A table of counts with each share and its Wilson interval."""
    counts = pd.Series(counts, dtype=float)
    total = counts.sum()
    low, high = wilson_interval(counts.to_numpy(), np.full(len(counts), total), confidence)
    return pd.DataFrame(
        {"count": counts.astype(int), "share": counts / total if total else np.nan, "low": low, "high": high},
        index=counts.index,
    )


def running_proportion(hits, confidence: float = 0.95) -> pd.DataFrame:
    """The estimate after 1, 2, ..., n trials with its interval: watch it converge."""
    hits = np.asarray(hits, dtype=float)
    n = np.arange(1, len(hits) + 1)
    k = np.cumsum(hits)
    low, high = wilson_interval(k, n, confidence)
    return pd.DataFrame({"trials": n, "estimate": k / n, "low": low, "high": high})


def running_mean(values, confidence: float = 0.95) -> pd.DataFrame:
    """The mean after 1, 2, ..., n values with a normal-approximation band: watch an average converge.

    The band is mean +- z standard errors, the spread estimated from the values so far
    (zero width after the first value, before any spread is known).
    """
    values = np.asarray(values, dtype=float)
    n = np.arange(1, len(values) + 1)
    mean = np.cumsum(values) / n
    variance = (np.cumsum(values ** 2) - n * mean ** 2) / np.maximum(n - 1, 1)
    half = _z(confidence) * np.sqrt(np.maximum(variance, 0) / n)
    return pd.DataFrame({"trials": n, "estimate": mean, "low": mean - half, "high": mean + half})


def mean_interval(values, confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean with a Student-t interval: ``(mean, low, high)``."""
    values = np.asarray(values, dtype=float)
    if values.size == 0:
        raise ValueError("mean_interval needs at least one value")
    mean = float(values.mean())
    if values.size == 1:
        return mean, float("-inf"), float("inf")
    tail = _upper_tail_point(confidence)
    sem = float(values.std(ddof=1) / np.sqrt(values.size))   # the standard error of the mean
    if sem == 0:
        return mean, mean, mean
    t = float(special.stdtrit(values.size - 1, tail))  # Student-t quantile, as stats.t.ppf
    return mean, mean - t * sem, mean + t * sem


@dataclass(frozen=True)
class FitResult:
    """Outcome of a chi-square goodness-of-fit test."""

    statistic: float
    p_value: float
    dof: int
    table: pd.DataFrame

    def verdict(self, alpha: float = 0.05) -> str:
        if self.p_value < alpha:
            return (f"p = {self.p_value:.3g} < {alpha}: counts this far from the expected odds "
                    "would be rare if the odds were right")
        return (f"p = {self.p_value:.3g} >= {alpha}: the counts are consistent with the expected odds")


def chi_square_fit(observed, expected_probs, confidence: float = 0.95) -> FitResult:
    """Do ``observed`` counts fit the ``expected_probs``?  (chi-square goodness of fit)

    Outcomes with expected probability 0 are left out of the test; if one of
    them was observed anyway the fit is impossible and ``p_value`` is 0.
    """
    observed = pd.Series(observed, dtype=float)
    probs = pd.Series(expected_probs, dtype=float).reindex(observed.index)
    if probs.isna().any():
        raise ValueError(f"expected_probs has no value for {list(probs[probs.isna()].index)}")
    if (observed < 0).any() or (probs < 0).any():
        raise ValueError("counts and probabilities must not be negative")
    if probs.sum() <= 0:
        raise ValueError("expected_probs must sum to a positive number")
    probs = probs / probs.sum()
    total = observed.sum()
    if total <= 0:
        raise ValueError("observed counts must not all be zero")
    table = proportions(observed, confidence)
    table.insert(2, "expected", probs)
    possible = probs > 0
    if (observed[~possible] > 0).any():
        return FitResult(float("inf"), 0.0, int(possible.sum() - 1), table)
    expected = probs[possible] * total
    statistic = float(((observed[possible] - expected) ** 2 / expected).sum())
    dof = int(possible.sum() - 1)
    p_value = float(special.chdtrc(dof, statistic)) if dof > 0 else 1.0  # chi-square tail, as stats.chi2.sf
    return FitResult(statistic, p_value, dof, table)

"""What every fast lane's equivalence test shares: do two engines' frames differ in distribution?"""
from __future__ import annotations

import pandas as pd
from scipy import stats

#: columns that are bookkeeping, not outcomes
NOT_COMPARED = ("game", "seed", "n_players")


def category_labels(column: pd.Series) -> pd.Series:
    """Labels of a categorical column: a seat or suspect as "2" whatever its number type, "none" for none."""
    if column.dtype.kind in "iuf":
        return column.map(lambda v: "none" if pd.isna(v) else str(int(v)))
    return column.astype(str)


def category_counts(reference: pd.Series, lane: pd.Series) -> pd.DataFrame:
    """The two samples' counts of each category (rows; columns 0 and 1), the categories expected
    fewer than 5 times pooled into "other", as the chi-square test compares them."""
    a, b = category_labels(reference), category_labels(lane)
    counts = pd.concat([a.value_counts(), b.value_counts()], axis=1, keys=[0, 1]).fillna(0)
    expected_small = counts.sum(axis=1) * len(a) / (len(a) + len(b)) < 5
    if expected_small.any():  # pool the rare categories
        counts = pd.concat([counts[~expected_small], counts[expected_small].sum().to_frame("other").T])
    return counts[counts.sum(axis=1) > 0]


def distribution_differences(reference: pd.DataFrame, lane: pd.DataFrame, categorical, threshold: float) -> dict:
    """Every column whose two samples differ at ``threshold``: {column: p-value}.

    Columns in ``categorical`` are compared with a chi-square test of the two
    samples' counts (categories expected fewer than 5 times pooled into
    "other"); every other column with a two-sample Kolmogorov-Smirnov test.
    """
    assert list(reference.columns) == list(lane.columns)
    found = {}
    for name in reference.columns:
        if name in NOT_COMPARED:
            continue
        if name in categorical:
            counts = category_counts(reference[name], lane[name])
            if len(counts) < 2:
                continue
            p = stats.chi2_contingency(counts.to_numpy()).pvalue
        else:
            a, b = reference[name].dropna().to_numpy(float), lane[name].dropna().to_numpy(float)
            if len(a) == 0 or len(b) == 0:
                assert len(a) + len(b) < 10, f"{name}: one engine has values, the other none"
                continue
            p = stats.ks_2samp(a, b).pvalue
        if p < threshold:
            found[name] = p
    return found

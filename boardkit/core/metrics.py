"""Game-design measures from a simulation frame (``bk.metrics``).

Works for every game, because every frame from ``bk.simulate`` has the
columns ``winner`` (seat, or missing when nobody won), ``turns``, ``end`` and
``n_players``.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from .stats import FitResult, chi_square_fit, mean_interval, proportions


def win_rates(frame: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Each seat's share of the won games, with Wilson intervals.

    With no advantage for any seat each share would be ``1 / n_players``.
    """
    n_players = int(frame["n_players"].max())
    wins = frame["winner"].dropna().astype(int).value_counts().reindex(range(n_players), fill_value=0)
    table = proportions(wins, confidence)
    table.index.name = "seat"
    table = table.rename(columns={"count": "wins", "share": "win rate"})
    table["fair share"] = 1 / n_players
    return table


def seat_fairness(frame: pd.DataFrame) -> FitResult:
    """Chi-square test: do the seats win equally often?"""
    wins = win_rates(frame)["wins"]
    return chi_square_fit(wins, np.ones(len(wins)) / len(wins))


def length_summary(frame: pd.DataFrame, column: str = "turns", confidence: float = 0.95) -> pd.Series:
    """How long games last: not only the mean but the median and the long tail."""
    values = frame[column].to_numpy(dtype=float)
    mean, low, high = mean_interval(values, confidence)
    return pd.Series({
        "games": len(values), "mean": mean, "mean low": low, "mean high": high,
        "median": float(np.median(values)),
        "90th percentile": float(np.percentile(values, 90)),
        "99th percentile": float(np.percentile(values, 99)),
        "shortest": float(values.min()), "longest": float(values.max()),
    }, name=column)


def end_reasons(frame: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Share of games ending each way (a win, a turn cap, ...)."""
    table = proportions(frame["end"].fillna("not ended").value_counts(), confidence)
    table.index.name = "end"
    return table

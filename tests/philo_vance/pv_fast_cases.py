"""The cases Philo Vance's fast lane is compared on, and how many games each needs.

Shared by ``tools/record_pv_reference.py`` (which plays each case's reference
games once and records them) and ``tests/philo_vance/test_pv_fast.py`` (which
plays the fast lane live and compares), so the two cannot disagree about what
a case is.

A case is the rules, the player count, the bots, the seed of the recorded
reference run and ``n``, its number of reference games.  The fast lane plays
``m = FAST_PER_REFERENCE * n`` games in the test.

**How n is chosen.**  At a two-sided alpha = 0.001 with power 0.8 a difference
is caught when it is at least ``Z = 3.29 + 0.84 = 4.13`` standard errors:

* a difference d in a win rate p (any seat's, or the share of games nobody
  wins) when ``d >= Z * sqrt(p(1-p)(1/n + 1/m))``;
* a relative difference r in mean length (turns), by a Welch t-test, when
  ``r >= Z * CV * sqrt(1/n + 1/m)``, CV being the turns' coefficient of
  variation (standard deviation / mean).

So ``n = Z**2 * (1 + n/m) * max(p(1-p) / d**2, CV**2 / r**2)`` for d = 0.02 and
r = 0.03.  ``PILOT`` holds p (the rate nearest one half among the seats and
"no winner") and CV measured on 20,000 fast-lane games a case
(``python tools/record_pv_reference.py --pilot`` prints them again); ``n`` is
that formula's answer rounded up to the next thousand.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd

from boardkit.core.bots import Random
from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance.components import DECK_COPIES

#: the recorded reference games (written by tools/record_pv_reference.py)
RECORDING = Path(__file__).parent / "data" / "reference_games.npz"
#: z for alpha = 0.001 two-sided (3.29) plus z for power 0.8 (0.84)
Z = 4.13
#: the win-rate difference (probability) and mean-length difference (relative) to catch
WIN_RATE_DIFFERENCE = 0.02
LENGTH_DIFFERENCE = 0.03
#: fast-lane games (played live in the test) per recorded reference game
FAST_PER_REFERENCE = 2
#: the columns compared by a chi-square test; every other outcome column by KS
CATEGORICAL = ("winner", "end", "winner_suspect", "philo_vance", "judge")
#: every column the test compares (the frames' other columns are bookkeeping)
COMPARED = ("winner", "turns", "end", "winner_suspect", "declarations", "successful", "retired", "bumps",
            "philo_vance", "judge", "lead_changes", "winner_worst_deficit")

D = pv.bots.Detective
NEVER_RETIRE = pv.Rules(retire_after_failures=None, court_size=9, named_clues=5, declare_correct=3,
                        convict_correct=5, convict_fallback=7, arrow_rewards=False, max_turns=400)


def random_bots(n_players):
    return [Random() for _ in range(n_players)]


@dataclass(frozen=True)
class Case:
    """One comparison: ``n`` reference games from ``seed`` (recorded), m = 2n fast ones (live)."""

    rules: pv.Rules
    n_players: int
    make_bots: Callable | None  # None: Random at every seat
    n: int
    seed: int = 20261125

    def bots(self):
        return random_bots(self.n_players) if self.make_bots is None else self.make_bots()

    @property
    def m(self) -> int:
        return FAST_PER_REFERENCE * self.n

    def fingerprint(self) -> str:
        """What the recording was made from: rules, players, bots, n and seed, as text."""
        bots = ", ".join(f"{type(bot).__module__}.{bot!r}" for bot in self.bots())
        return f"{self.rules!r} | {self.n_players} players | bots [{bots}] | n={self.n} | seed={self.seed}"


def games_needed(p: float, cv: float, ratio: int = FAST_PER_REFERENCE) -> int:
    """Reference games n (with m = ratio * n fast ones) that catch the 2 points and the 3%,
    rounded up to the next thousand."""
    per_game = max(p * (1 - p) / WIN_RATE_DIFFERENCE ** 2, cv ** 2 / LENGTH_DIFFERENCE ** 2)
    return 1000 * math.ceil(Z ** 2 * (1 + 1 / ratio) * per_game / 1000)


def caught(p: float, cv: float, n: int, m: int) -> tuple[float, float]:
    """(win-rate points, mean-length %) caught with n reference and m fast games."""
    root = math.sqrt(1 / n + 1 / m)
    return 100 * Z * math.sqrt(p * (1 - p)) * root, 100 * Z * cv * root


#: Claims only when a card is turned up (``claim_any_time=False``), the reading of the cases recorded before
#: the book's "at any time" became the default; their recorded games are those of that time.
WHEN_TURNED_UP = dict(claim_any_time=False)

#: name: (rules, players, the bots (None: Random at every seat))
DEFINITIONS = {
    "2 players, claims only when turned up": (pv.Rules(**WHEN_TURNED_UP), 2, None),
    "6 players: no Judge needed, no demand refill, 300-turn cap, claims only when turned up": (
        pv.Rules(judge_needed=False, demand_refill=False, max_turns=300, **WHEN_TURNED_UP), 6, None),
    "2 players: never retire, 9 jurors, name 5 with 3 right, convict 5 then 7, arrows give nothing, claims only "
    "when turned up": (replace(NEVER_RETIRE, **WHEN_TURNED_UP), 2, None),
    "5 children: hands of 6, 4 matching clues win": (
        pv.Rules.children_game(hand_limit=6, children_win=4), 5, None),
    "4 experts (5-8-10): a double deck, no reshuffle, 600-turn cap, claims only when turned up": (
        pv.Rules.expert(deck=tuple(2 * c for c in DECK_COPIES), reshuffle_discards=False, max_turns=600,
                        **WHEN_TURNED_UP), 4, None),
    "Detectives: 4 players, claims only when turned up": (
        pv.Rules(**WHEN_TURNED_UP), 4, lambda: [D() for _ in range(4)]),
    "Detectives: 2 experts, bold and cautious, never retiring, arrows give nothing, claims only when turned up": (
        pv.Rules.expert(retire_after_failures=None, arrow_rewards=False, **WHEN_TURNED_UP), 2,
        lambda: [D(boldness=0.4), D(boldness=0.8, last_try_boldness=0.95)]),
    "Detectives and Random: 6 players, 10 jurors, name 5, convict 6 then 8, no Judge, no refill, claims only "
    "when turned up": (
        pv.Rules(judge_needed=False, demand_refill=False, court_size=10, named_clues=5, convict_correct=6,
                 convict_fallback=8, **WHEN_TURNED_UP), 6,
        lambda: [D(), Random(), D(boldness=0.5), D(), Random(), D(last_try_boldness=0.7)]),
    "Detectives and Random: 3 children": (
        pv.Rules.children_game(), 3, lambda: [D(), D(), Random()]),
    # the book's claims at any time
    "rulebook, 6 players, 300-turn cap": (pv.Rules(max_turns=300), 6, None),
    "Detectives: the rulebook, 4 players (the default bots)": (pv.Rules(), 4, lambda: [D() for _ in range(4)]),
}

#: name: (p nearest 1/2 among the win rates and "no winner", CV of turns), from the pilot
#: (20,000 fast-lane games a case, seed 7); the comment says the n that games_needed makes of them
PILOT = {
    # n = 92,000 (for the 3%: Random's games run 20 to 3,000 turns)
    "2 players, claims only when turned up": (0.983, 1.796),
    "6 players: no Judge needed, no demand refill, 300-turn cap, claims only when turned up": (
        0.951, 0.545),  # n = 9,000
    "2 players: never retire, 9 jurors, name 5 with 3 right, convict 5 then 7, arrows give nothing, claims only "
    "when turned up": (0.650, 0.547),  # n = 15,000
    "5 children: hands of 6, 4 matching clues win": (0.206, 0.847),  # n = 21,000
    "4 experts (5-8-10): a double deck, no reshuffle, 600-turn cap, claims only when turned up": (
        0.999, 1.348),  # n = 52,000
    "Detectives: 4 players, claims only when turned up": (0.253, 0.411),  # n = 13,000
    "Detectives: 2 experts, bold and cautious, never retiring, arrows give nothing, claims only when turned up": (
        1.000, 0.749),  # n = 16,000
    "Detectives and Random: 6 players, 10 jurors, name 5, convict 6 then 8, no Judge, no refill, claims only "
    "when turned up": (0.269, 0.455),  # n = 13,000
    "Detectives and Random: 3 children": (0.508, 0.277),  # n = 16,000
    "rulebook, 6 players, 300-turn cap": (0.963, 0.530),  # n = 8,000
    "Detectives: the rulebook, 4 players (the default bots)": (0.252, 0.412),  # n = 13,000
}

CASES = {name: Case(rules, players, bots, games_needed(*PILOT[name]))
         for name, (rules, players, bots) in DEFINITIONS.items()}


# -- the recording's format ---------------------------------------------------------------------------
# One array per column, every case's games one after another (``sizes`` says how many each), in the
# smallest integer type that holds them.  A missing value ("no winner", so no winner's suspect and no
# winner's deficit) is -1; the end reason is a code into ``end_labels``.

def encode(frame: pd.DataFrame, end_labels) -> dict:
    """The compared columns and ``seed`` of a reference frame (or rows) as small arrays."""
    frame = pd.DataFrame(frame)
    arrays = {"seed": frame["seed"].to_numpy(np.int64)}
    for name in COMPARED:
        column = frame[name]
        if name == "end":
            codes = column.map({label: code for code, label in enumerate(end_labels)})
            assert not codes.isna().any(), f"an end reason not in {end_labels}"
            arrays[name] = codes.to_numpy(np.uint8)
        elif column.dtype == bool:
            arrays[name] = column.to_numpy(bool)
        else:
            values = column.to_numpy(float)
            present = values[~np.isnan(values)]
            assert (present >= 0).all() and (present == np.round(present)).all(), f"{name}: not a count"
            values = np.where(np.isnan(values), -1, values)
            arrays[name] = values.astype(next(t for t in (np.int8, np.int16, np.int32) if values.max() <= np.iinfo(t).max))
    return arrays


def decode(arrays: dict, end_labels, n_players: int) -> pd.DataFrame:
    """A frame with the columns, order and missing values (NaN) of ``bk.simulate``'s frames."""
    n = len(arrays["seed"])
    frame = {"game": np.arange(n, dtype=np.int64), "seed": arrays["seed"]}
    for name in COMPARED:
        values = arrays[name]
        if name == "end":
            frame[name] = np.asarray(end_labels, dtype=object)[values]
        elif values.dtype == bool:
            frame[name] = values
        elif (values < 0).any():
            frame[name] = np.where(values < 0, np.nan, values.astype(float))
        else:
            frame[name] = values.astype(np.int64)
    frame["n_players"] = np.full(n, n_players, dtype=np.int64)
    return pd.DataFrame(frame)


def load_recording(path=RECORDING) -> dict:
    """{case name: (fingerprint, encoded arrays)} of the recorded reference games, and "end_labels"."""
    with np.load(path) as data:
        names, fingerprints, sizes = list(data["names"]), list(data["fingerprints"]), data["sizes"]
        columns = {key: data[key] for key in ("seed",) + COMPARED}
        end_labels = [str(label) for label in data["end_labels"]]
    starts = np.concatenate([[0], np.cumsum(sizes)])
    recording = {"end_labels": end_labels}
    for i, name in enumerate(names):
        recording[str(name)] = (str(fingerprints[i]),
                                {key: values[starts[i]:starts[i + 1]] for key, values in columns.items()})
    return recording

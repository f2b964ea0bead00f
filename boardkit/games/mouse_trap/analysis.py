"""The contraption as a reliability model: exact answers beside Monte Carlo cranks.

The trap is a *series system*: the cage falls only if every stage A-P works,
so one crank catches the mice with probability

    R = p_A * p_B * ... * p_P

(a product: 16 stages of 99 % each give only 85 %).  A stage with a backup
(a parallel pair) fails only if both copies fail: it works with chance
``1 - (1 - p)^2``.  The answers are ``Fraction`` values when the stage odds
are Fractions (or 0 and 1), floats otherwise.

* :func:`trap_reliability`, :func:`stage_table`, :func:`stop_odds` -- one crank.
* :func:`stage_importance` -- how much the whole improves if a stage never failed.
* :func:`fixed_reliability`, :func:`best_fixes` -- stages made perfect: how far can
  fixing two stages go?  (Not to 9 in 10: the best two give 0.645.)
* :func:`redundant_reliability`, :func:`backup_table` -- backups for chosen stages.
* :func:`cranks_until_catch`, :func:`mean_cranks_until_catch` -- the geometric
  wait for the first catch.
* :func:`crank_many`, :func:`convergence`, :func:`simulate_cranks_until_catch` --
  vectorised Monte Carlo cranks (numpy, seeded) converging to the exact values.
* :func:`cranks_in_game` -- the cranks of a played game (caught or not), to start
  a convergence chart with the cranks a student saw.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pandas as pd

from boardkit.core.rng import new_generator
from boardkit.core.stats import running_proportion, wilson_interval

from .rules import STAGE_LETTERS, STAGES, Rules

N_STAGES = len(STAGES)


def _exact(p):
    """A probability as a Fraction when it is exact (a Fraction or a whole number), else a float."""
    return Fraction(p) if isinstance(p, (int, Fraction)) else float(p)


def _rules(rules):
    return Rules() if rules is None else rules


def stage_chances(rules: Rules | None = None) -> list:
    """Each stage's chance to work, a backup counted in (exact when the odds are)."""
    rules = _rules(rules)
    chances = []
    for letter, p in zip(STAGE_LETTERS, rules.stage_odds):
        p = _exact(p)
        chances.append(1 - (1 - p) ** 2 if letter in rules.backups else p)
    return chances


def trap_reliability(rules: Rules | None = None):
    """Exact chance one crank catches the mice: the product of the stages' chances."""
    return math.prod(stage_chances(rules), start=Fraction(1) if _all_exact(rules) else 1.0)


def _all_exact(rules) -> bool:
    return all(isinstance(p, (int, Fraction)) for p in _rules(rules).stage_odds)


def stage_table(rules: Rules | None = None) -> pd.DataFrame:
    """The stages A-P: what happens, the chance each works, backups."""
    rules = _rules(rules)
    return pd.DataFrame({
        "stage": [what for _, what in STAGES],
        "probability": [float(p) for p in rules.stage_odds],
        "backup": [letter in rules.backups for letter in STAGE_LETTERS],
        "with backup": [float(p) for p in stage_chances(rules)],
    }, index=pd.Index(STAGE_LETTERS, name="letter"))


def stop_odds(rules: Rules | None = None) -> pd.Series:
    """Where one crank stops: P(stage i is the first to fail), and P("caught") at the end."""
    chances = stage_chances(rules)
    odds, reach = [], 1
    for p in chances:
        odds.append(reach * (1 - p))
        reach = reach * p
    odds.append(reach)
    return pd.Series([float(p) for p in odds], index=pd.Index(STAGE_LETTERS + ("caught",), name="stopped at"),
                     name="probability")


def stage_importance(rules: Rules | None = None) -> pd.DataFrame:
    """For each stage: the trap's reliability if that stage never failed, and the gain.

    Sorted with the stage that matters most first: fixing the weakest link
    helps most, because every stage multiplies the whole.
    """
    rules = _rules(rules)
    chances = stage_chances(rules)
    whole = trap_reliability(rules)
    perfect = []
    for i in range(N_STAGES):
        others = chances[:i] + chances[i + 1:]
        perfect.append(math.prod(others, start=Fraction(1) if _all_exact(rules) else 1.0))
    table = pd.DataFrame({
        "stage": [what for _, what in STAGES],
        "probability": [float(p) for p in chances],
        "reliability if perfect": [float(p) for p in perfect],
        "gain": [float(p - whole) for p in perfect],
    }, index=pd.Index(STAGE_LETTERS, name="letter"))
    table = table.sort_values("gain", ascending=False, kind="stable")
    table["rank"] = range(1, N_STAGES + 1)
    return table


def _letters(stages) -> tuple:
    stages = tuple(stages)
    unknown = [s for s in stages if s not in STAGE_LETTERS]
    if unknown:
        raise ValueError(f"stages must be letters from {STAGE_LETTERS}, got {unknown}")
    return tuple(dict.fromkeys(stages))


def fixed_reliability(rules: Rules | None = None, stages=()):
    """Exact reliability when each of ``stages`` (letters, e.g. ``"FH"``) never fails."""
    rules = _rules(rules)
    fixed = set(_letters(stages))
    chances = [1 if letter in fixed else p for letter, p in zip(STAGE_LETTERS, stage_chances(rules))]
    return math.prod(chances, start=Fraction(1) if _all_exact(rules) else 1.0)


def best_fixes(rules: Rules | None = None, how_many: int = 2) -> tuple:
    """The ``how_many`` stages whose fixing (never failing) helps most, and the reliability then:
    ``(letters, reliability)``.  Every set of that size is tried; on a tie the earliest
    letters win.  With the rulebook's odds the best two are F and H, and the trap then
    works with chance 0.645: no two fixes reach 9 in 10."""
    if not isinstance(how_many, int) or isinstance(how_many, bool) or not 0 <= how_many <= N_STAGES:
        raise ValueError(f"how_many must be a whole number from 0 to {N_STAGES}, got {how_many!r}")
    rules = _rules(rules)
    best_letters, best = (), None
    for letters in itertools.combinations(STAGE_LETTERS, how_many):
        value = fixed_reliability(rules, letters)
        if best is None or value > best:
            best_letters, best = letters, value
    return best_letters, best


def redundant_reliability(rules: Rules | None = None, stages=()):
    """Exact reliability when each of ``stages`` (letters, e.g. ``"FM"`` or ``["F", "M"]``)
    has a parallel backup (on top of the backups the rules already have)."""
    rules = _rules(rules)
    stages = tuple(stages)
    unknown = [s for s in stages if s not in STAGE_LETTERS]
    if unknown:
        raise ValueError(f"stages must be letters from {STAGE_LETTERS}, got {unknown}")
    backups = rules.backups + tuple(s for s in dict.fromkeys(stages) if s not in rules.backups)
    return trap_reliability(rules.replace(backups=backups))


def backup_table(rules: Rules | None = None) -> pd.DataFrame:
    """The reliability with one backup added at each stage in turn, best first."""
    rules = _rules(rules)
    whole = trap_reliability(rules)
    values = [redundant_reliability(rules, letter) for letter in STAGE_LETTERS]
    table = pd.DataFrame({
        "stage": [what for _, what in STAGES],
        "reliability with backup": [float(v) for v in values],
        "gain": [float(v - whole) for v in values],
    }, index=pd.Index(STAGE_LETTERS, name="letter"))
    return table.sort_values("gain", ascending=False, kind="stable")


# -- cranks until a catch (geometric) -------------------------------------------------------

def chance_first_catch_at(k: int, rules: Rules | None = None):
    """Exact chance that the first catch comes at crank number ``k``: R (1 - R)^(k - 1)."""
    if not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be a whole number >= 1, got {k!r}")
    r = trap_reliability(rules)
    return r * (1 - r) ** (k - 1)


def cranks_until_catch(rules: Rules | None = None, up_to: int = 20) -> pd.DataFrame:
    """P(first catch at crank k) and P(caught within k cranks), k = 1 .. up_to."""
    if not isinstance(up_to, int) or up_to < 1:
        raise ValueError(f"up_to must be a whole number >= 1, got {up_to!r}")
    r = float(trap_reliability(rules))
    k = np.arange(1, up_to + 1)
    return pd.DataFrame({"probability": r * (1 - r) ** (k - 1), "within": 1 - (1 - r) ** k},
                        index=pd.Index(k, name="cranks"))


def mean_cranks_until_catch(rules: Rules | None = None):
    """Mean number of cranks up to and including the first catch: 1 / R (inf if R = 0)."""
    r = trap_reliability(rules)
    return float("inf") if r == 0 else 1 / r


# -- Monte Carlo ---------------------------------------------------------------------------

def crank_many(rules: Rules | None = None, times: int = 100_000, seed: int | None = None) -> np.ndarray:
    """Turn the crank ``times`` times: for each, the index of the stage where the chain
    stopped (``16`` = it ran through and the cage fell).  Vectorised, seeded."""
    if not isinstance(times, int) or times < 1:
        raise ValueError(f"times must be a whole number >= 1, got {times!r}")
    chances = np.array([float(p) for p in stage_chances(rules)])
    rng = new_generator(seed)
    stops = np.empty(times, dtype=np.int64)
    block = 250_000
    for start in range(0, times, block):
        n = min(block, times - start)
        works = rng.random((n, N_STAGES)) < chances
        stops[start:start + n] = np.where(works.all(axis=1), N_STAGES, works.argmin(axis=1))
    return stops


def stop_counts(stops) -> pd.Series:
    """How many cranks stopped at each stage (and how many caught), in chain order."""
    counts = np.bincount(np.asarray(stops), minlength=N_STAGES + 1)
    return pd.Series(counts, index=pd.Index(STAGE_LETTERS + ("caught",), name="stopped at"), name="count")


def running_reliability(stops, confidence: float = 0.95) -> pd.DataFrame:
    """The share of catches after each crank, with its Wilson interval."""
    return running_proportion(np.asarray(stops) == N_STAGES, confidence)


def convergence(rules: Rules | None = None, times: int = 100_000, seed: int | None = 0,
                confidence: float = 0.95, checkpoints=None) -> pd.DataFrame:
    """The Monte Carlo estimate of R after 10, 100, 1000, ... cranks, with its Wilson
    interval and whether the exact value lies inside it."""
    stops = crank_many(rules, times, seed)
    caught = np.cumsum(stops == N_STAGES)
    if checkpoints is None:
        checkpoints = [n for n in (10 ** k for k in range(1, 10)) if n < times] + [times]
    n = np.array([c for c in checkpoints if 1 <= c <= times], dtype=int)
    hits = caught[n - 1]
    low, high = wilson_interval(hits, n, confidence)
    exact = float(trap_reliability(rules))
    return pd.DataFrame({"estimate": hits / n, "low": low, "high": high, "exact": exact,
                         "inside": (low <= exact) & (exact <= high)},
                        index=pd.Index(n, name="cranks"))


def simulate_cranks_until_catch(rules: Rules | None = None, catches: int = 10_000,
                                seed: int | None = None) -> np.ndarray:
    """Crank until a catch, ``catches`` times over: how many cranks each catch took."""
    if not isinstance(catches, int) or catches < 1:
        raise ValueError(f"catches must be a whole number >= 1, got {catches!r}")
    r = float(trap_reliability(rules))
    if r == 0:
        raise ValueError("this trap never works (reliability 0): a catch never comes")
    rng = new_generator(seed)
    chances = np.array([float(p) for p in stage_chances(rules)])
    waits: list[np.ndarray] = []
    count, carried = 0, 0
    while count < catches:
        n = int((catches - count) / r * 1.1) + 100
        caught = (rng.random((n, N_STAGES)) < chances).all(axis=1)
        where = np.flatnonzero(caught) + 1
        if where.size:
            gaps = np.diff(where, prepend=0)
            gaps[0] += carried
            waits.append(gaps)
            count += gaps.size
            carried = n - where[-1]
        else:
            carried += n
    return np.concatenate(waits)[:catches]


def cranks_in_game(game) -> list[int]:
    """The cranks turned in ``game`` (its recorded events), in order: 1 for a catch, 0 for a
    chain that stopped.  A game played without events has none to tell."""
    return [int(event.caught) for event in (game.events or ()) if type(event).__name__ == "CrankTurned"]

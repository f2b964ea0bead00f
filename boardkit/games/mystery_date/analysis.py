"""The exact maths of Mystery Date's door, beside its Monte Carlo estimates.

* :func:`door_odds` -- the chance of each outcome when the door opens
  (``Fraction`` values when the weights are whole numbers).
* :func:`expected_duds_before_date` -- on average how many times the Dud
  takes a ready outfit before the right date comes: exactly
  ``w_dud / w_date`` (each opening ends the wait with chance ``w_date / W``
  and is the Dud with chance ``w_dud / W``).
* :func:`openings_until_date` -- the geometric distribution of openings until
  the right date, and its mean ``W / w_date``.
* :func:`open_door` and :func:`running_estimate` -- open the door many times
  and watch the estimate converge to the exact value inside its interval.
* :func:`door_fairness` -- chi-square test of observed counts against a door.
* :class:`RiggedDoor` -- a door with hidden weights, for "is this door fair?".
* :func:`landing_odds` -- the pawn as a Markov chain on the ring: where it
  stops after k turns, and the long-run share of turns ending on a door.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from boardkit.core.rng import new_generator
from boardkit.core.stats import FitResult, chi_square_fit, running_proportion

from .rules import DOOR, OUTCOME_NAMES, OUTCOMES, Rules


def _exact(weights) -> list:
    """Weights as Fractions when they are whole numbers, else as floats."""
    if all(float(w).is_integer() for w in weights):
        return [Fraction(int(w)) for w in weights]
    return [float(w) for w in weights]


def door_odds(rules: Rules | None = None) -> dict:
    """The chance of each door outcome: ``{"red": 1/5, ..., "dud": 1/5}``."""
    rules = Rules() if rules is None else rules
    weights = _exact(rules.live_weights)
    total = sum(weights)
    return {outcome: w / total for outcome, w in zip(OUTCOMES, weights)}


def door_table(rules: Rules | None = None) -> pd.DataFrame:
    """:func:`door_odds` as a table with the dates' names and decimals."""
    odds = door_odds(rules)
    return pd.DataFrame({
        "date": [OUTCOME_NAMES[o] for o in odds],
        "exact": [str(p) for p in odds.values()],
        "probability": [float(p) for p in odds.values()],
    }, index=pd.Index(list(odds), name="outcome"))


def expected_duds_before_date(rules: Rules | None = None, colour: str = "red"):
    """Mean number of Duds met, with a ready ``colour`` outfit, before its date: w_dud / w_date."""
    odds = door_odds(rules)
    if odds[colour] == 0:
        return float("inf")
    return odds["dud"] / odds[colour]


def openings_until_date(rules: Rules | None = None, colour: str = "red", up_to: int = 20) -> pd.Series:
    """P(the right date first comes at opening k), k = 1 .. up_to (geometric)."""
    p = float(door_odds(rules)[colour])
    k = np.arange(1, up_to + 1)
    return pd.Series(p * (1 - p) ** (k - 1), index=pd.Index(k, name="opening"), name="probability")


def open_door(rules: Rules | None = None, times: int = 1000, seed: int | None = None) -> np.ndarray:
    """Open the door ``times`` times: an array of outcome names."""
    rules = Rules() if rules is None else rules
    if not isinstance(times, int) or times < 1:
        raise ValueError(f"times must be a whole number >= 1, got {times!r}")
    weights = np.asarray(rules.live_weights, dtype=float)
    rng = new_generator(seed)
    return np.asarray(OUTCOMES)[rng.choice(len(OUTCOMES), size=times, p=weights / weights.sum())]


def count_outcomes(outcomes) -> pd.Series:
    """How many times each outcome came up, in the door's order."""
    return pd.Series(outcomes).value_counts().reindex(OUTCOMES, fill_value=0).rename("count")


def running_estimate(outcomes, outcome: str = "red", confidence: float = 0.95) -> pd.DataFrame:
    """The share of ``outcome`` after each opening, with its Wilson interval."""
    if outcome not in OUTCOMES:
        raise ValueError(f"outcome must be one of {OUTCOMES}, got {outcome!r}")
    return running_proportion(np.asarray(outcomes) == outcome, confidence)


def door_fairness(counts, rules: Rules | None = None, confidence: float = 0.95) -> FitResult:
    """Chi-square test: do these door counts fit the door of ``rules`` (fair by default)?

    ``counts`` maps outcomes to how often each was seen (a dict, a Series or a
    list in the order red, green, blue, orange, dud).  The result's ``table``
    has each outcome's share with its interval beside the expected chance.
    """
    if isinstance(counts, dict) or isinstance(counts, pd.Series):
        counts = pd.Series(counts, dtype=float).reindex(OUTCOMES, fill_value=0)
    else:
        values = list(counts)
        if len(values) != len(OUTCOMES):
            raise ValueError(f"counts must give {len(OUTCOMES)} numbers for {OUTCOMES}, got {len(values)}")
        counts = pd.Series(values, index=list(OUTCOMES), dtype=float)
    odds = door_odds(rules)
    return chi_square_fit(counts, pd.Series({o: float(p) for o, p in odds.items()}), confidence)


class RiggedDoor:
    """A door whose weights are a secret: students open it and test whether it is fair.

    ``RiggedDoor(secret)`` is rigged: one outcome, drawn from the secret
    number, comes up ``weight`` times as often as each of the others (with the
    default 2, it shows 1/3 of the time and each other outcome 1/6), so "which
    outcome is favoured?" has an answer.  A teacher may choose instead:
    ``favoured="dud"`` rigs it for that outcome, ``fair=True`` makes an honest
    door (then "is it rigged?" is answered "no evidence").  The same secret and
    choices give the same door and the same openings.
    """

    def __init__(self, secret: int, fair: bool = False, favoured: str | None = None, weight: float = 2):
        if not isinstance(fair, bool):
            raise ValueError(f"fair must be True or False, got {fair!r}")
        if favoured is not None and favoured not in OUTCOMES:
            raise ValueError(f"favoured must be one of {OUTCOMES} (or None: drawn from the secret), got {favoured!r}")
        if fair and favoured is not None:
            raise ValueError(f"a fair door favours no outcome, got favoured={favoured!r}")
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 1 < weight <= 10:
            raise ValueError(f"weight must be a number above 1 and at most 10, got {weight!r}")
        rng = np.random.default_rng(secret)
        drawn = OUTCOMES[int(rng.integers(len(OUTCOMES)))]
        self._fair = fair
        self._favoured = None if fair else (favoured or drawn)
        weight = int(weight) if float(weight).is_integer() else float(weight)
        self._weights = tuple(weight if outcome == self._favoured else 1 for outcome in OUTCOMES)
        self._rng = np.random.default_rng(rng.integers(2**32))
        self.counts = pd.Series(0, index=list(OUTCOMES), name="count")

    def __repr__(self):
        return f"RiggedDoor(opened {int(self.counts.sum())} times; weights hidden)"

    def open(self, times: int = 1) -> pd.Series:
        """Open the door ``times`` more times; returns the counts so far."""
        if not isinstance(times, int) or times < 1:
            raise ValueError(f"times must be a whole number >= 1, got {times!r}")
        weights = np.asarray(self._weights, dtype=float)
        seen = self._rng.choice(len(OUTCOMES), size=times, p=weights / weights.sum())
        self.counts += np.bincount(seen, minlength=len(OUTCOMES))
        return self.counts.copy()

    def reveal(self) -> Rules:
        """For the teacher: the rules of this door."""
        return Rules(door_weights=self._weights)

    def describe(self) -> str:
        """For the teacher: the door in one sentence, with its exact odds."""
        odds = door_odds(self.reveal())
        if self._fair:
            return "A fair door: each of the five outcomes comes up 1/5 of the time."
        name = OUTCOME_NAMES[self._favoured]
        favoured = "the Dud" if self._favoured == "dud" else f"the {name} date"
        other = next(p for o, p in odds.items() if o != self._favoured)

        def chance(p):
            return f"{p} ({float(p):.0%})" if isinstance(p, Fraction) else f"{float(p):.0%}"
        return (f"A rigged door: {favoured} comes up {chance(odds[self._favoured])} of the time, "
                f"each other outcome {chance(other)}.")


def transition_matrix(rules: Rules | None = None) -> np.ndarray:
    """P[a, b]: chance a pawn on space a stops on space b after one roll."""
    rules = Rules() if rules is None else rules
    n = len(rules.board)
    matrix = np.zeros((n, n))
    for a in range(n):
        for face in range(1, rules.die_sides + 1):
            matrix[a, (a + face) % n] += 1 / rules.die_sides
    return matrix


def landing_odds(rules: Rules | None = None, turns: int = 1, start: int = 0) -> pd.Series:
    """Where a pawn starting on ``start`` stops after ``turns`` rolls (a distribution over spaces)."""
    rules = Rules() if rules is None else rules
    matrix = np.linalg.matrix_power(transition_matrix(rules), turns)
    return pd.Series(matrix[start], index=pd.Index(range(len(rules.board)), name="space"), name="probability")


def door_stop_chance(rules: Rules | None = None, turns: int = 1, start: int = 0) -> float:
    """Chance the pawn stops on an OPEN THE DOOR space on roll number ``turns``."""
    rules = Rules() if rules is None else rules
    odds = landing_odds(rules, turns, start)
    return float(sum(odds[i] for i, kind in enumerate(rules.board) if kind == DOOR))


def long_run_door_share(rules: Rules | None = None) -> Fraction:
    """Long-run share of turns that end on a door, exactly: the doors' share of the board
    (4/28 = 1/7 on the rulebook's).

    Every space is reached from ``die_sides`` spaces, each with chance 1/die_sides,
    so the pawn's chain is doubly stochastic and the even spread over the ring is
    its stationary distribution; a roll of 1 joins every space to the next, so it is
    the only one.  In the long run the pawn is on each space 1/len(board) of the time.
    (``door_stop_chance(turns=k)`` settles there as k grows, on a board where it settles.)"""
    rules = Rules() if rules is None else rules
    return Fraction(len(rules.door_spaces), len(rules.board))

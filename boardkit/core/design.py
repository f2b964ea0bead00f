"""The design lab (``bk.design``): say what a good game is, and let a search find the rules.

A designer rarely wants "the best" game; she wants one that is fair to every
seat, lasts 20 to 40 turns, and where the winner often comes from behind.
Each wish is a :class:`Goal` on one figure of ``bk.metrics.summary``
(:data:`FIGURES`; :data:`FIGURE_WORDS` says each in words):

    goals = [bd.between("median length", 20, 40),
             bd.at_most("largest seat gap", 3),       # no seat wins 3 points more (or less) than its share
             bd.as_high("comeback share")]

or, shorter, a dict: ``{"median length": (20, 40), "largest seat gap": (None,
3), "comeback share": "max"}``.  :func:`score` says, for every variant of a
table (``bk.sweep``'s, or hand-made), whether each goal is **met** (the
figure's whole interval inside the goal), **missed** (the whole interval
outside) or **not sure yet** (the interval straddles the line: play more
games), and how far it misses.  :func:`search` asks Optuna (a well-kept search
library) to try variants in a space of rules, plays each one, re-checks the
leaders with ten times the games, and names a winner, saying plainly when no
variant met every goal; :func:`trade_off` draws the Pareto front when two goals
pull against each other; :func:`variant_code` writes a variant as the line of
Python that rebuilds it, to paste in a cell::

    found = bk.design.search(md.Rules(), {"hand_limit": (3, 9), "dud_redraw": (0, 5)}, goals,
                             n_trials=50, n_games=2000, seed=0)
    print(found.verdict)
    bk.design.variant_code(found.best)     # "md.Rules().replace(hand_limit=5, dud_redraw=2)"

:func:`knobs` lists every rule of a game that a search, a map or a slider can
vary, and :func:`lab_space` the sensible ones with their ranges.
"""
from __future__ import annotations

import dataclasses
import importlib
import inspect
import itertools
import math
import re
from fractions import Fraction
from numbers import Integral, Real

import numpy as np
import pandas as pd
from scipy import special

from .fast import ENGINES
from .rng import game_seeds
from .simulate import bar_for_run
from .sweep import (PLAYERS, Variant, check_confidence, check_field, check_games, check_skill, make_variant_rules,
                    measure, plain_value, prepare_runs)

#: the figures a goal can be set on: ``bk.metrics.summary``'s (but the counts), and ``skill``
FIGURES = ("mean length", "median length", "90th percentile", "99th percentile", "first seat win rate",
           "largest seat gap", "seat test p", "won share", "mean lead changes", "comeback share", "skill")
#: each figure in words, for a page's goal builder
FIGURE_WORDS = {
    "mean length": "the average number of turns a game lasts",
    "median length": "the number of turns half the games are shorter than",
    "90th percentile": "the number of turns only 1 game in 10 lasts longer than",
    "99th percentile": "the number of turns only 1 game in 100 lasts longer than",
    "first seat win rate": "the share of the won games the first player (or first team) wins",
    "largest seat gap": "how unfair the game is: the most any seat wins above or below its fair share, "
                        "in percentage points (0 is perfectly fair)",
    "seat test p": "the seat test's p-value: how often chance alone would make the seats differ this much",
    "won share": "the share of games somebody wins (the others stop at a turn limit)",
    "mean lead changes": "how often the lead changes hands in a game, on average",
    "comeback share": "the share of the won games whose winner was behind at some point",
    "skill": "how much a better player wins: 0 is pure luck, 1 is pure skill",
}
#: the unit each figure is counted in (a share is a number from 0 to 1)
FIGURE_UNITS = {"mean length": "turns", "median length": "turns", "90th percentile": "turns",
                "99th percentile": "turns", "first seat win rate": "share", "largest seat gap": "points",
                "seat test p": "p-value", "won share": "share", "mean lead changes": "lead changes",
                "comeback share": "share", "skill": "from luck (0) to skill (1)"}
#: why a figure makes a poor goal (the page says it beside the figure)
POOR_GOALS = {
    "seat test p": "A p-value is not a good goal: it falls as more games are played, so the same game "
                   "passes with 2,000 games and fails with 20,000; set a goal on the largest seat gap instead.",
}
#: the lowest and highest value each figure can take (None: no limit); where a
#: figure has a limit, "as high/low as possible" means "as close to it as possible"
LIMITS = {
    "mean length": (0, None), "median length": (0, None), "90th percentile": (0, None),
    "99th percentile": (0, None), "first seat win rate": (0, 1), "largest seat gap": (0, 100),
    "seat test p": (0, 1), "won share": (0, 1), "mean lead changes": (0, None), "comeback share": (0, 1),
    "skill": (None, 1),
}
DIRECTIONS = ("max", "min")
#: what a goal says of a variant: its figure's whole interval inside the goal, outside it, or across its line
MET, MISSED, NOT_SURE = "met", "missed", "not sure yet"
#: what a goal says of a variant with no figure (e.g. a comeback share when no game was won)
NO_FIGURE = "no figure"


def _number(value) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool) and math.isfinite(value)


def _positive_part_mean(mean, sd):
    """E[max(X, 0)] for X normal with ``mean`` and ``sd`` (arrays; sd 0 gives max(mean, 0))."""
    mean, sd = np.asarray(mean, dtype=float), np.asarray(sd, dtype=float)
    safe = np.where(sd > 0, sd, 1.0)
    d = mean / safe
    smooth = mean * special.ndtr(d) + safe * np.exp(-d * d / 2) / math.sqrt(2 * math.pi)
    return np.where(sd > 0, smooth, np.maximum(mean, 0.0))


@dataclasses.dataclass(frozen=True)
class Goal:
    """What a good game should show on one figure of ``bk.metrics.summary``.

    Either a target range (``low`` and/or ``high``; an end left at None is
    open), or a ``direction``: ``"max"`` (as high as possible) or ``"min"``.

    * A range goal's :meth:`status` on a figure with its interval is
      ``"met"`` (the whole interval inside the range), ``"missed"`` (the
      whole interval outside) or ``"not sure yet"`` (the interval straddles
      an end: more games would tell).  Its **miss** is how far outside the
      figure lies (0 inside), in the figure's own units: a median of 46
      turns misses "20 to 40 turns" by 6.
    * A direction goal is never simply met (its status is None): its miss is
      how far the figure is from its ``ideal`` (by default the figure's
      limit: 1 for a share, so a comeback share of 0.7 misses "as high as
      possible" by 0.3).  Figures with no limit (a length, lead changes)
      need an ``ideal``.

    ``scale`` puts the misses of different goals on one footing for the
    search's score (miss / scale; by default the range's width, or the size
    of its one bound, or for a direction the distance from the figure's
    other limit to the ideal); ``weight`` counts a goal more (or less).
    """

    figure: str
    low: float | None = None
    high: float | None = None
    direction: str | None = None
    ideal: float | None = None
    scale: float | None = None
    weight: float = 1.0

    def __post_init__(self):
        if self.figure not in FIGURES:
            raise ValueError(f"a goal's figure must be one of {', '.join(map(repr, FIGURES))}; "
                             f"got {self.figure!r}")
        for name in ("low", "high", "ideal", "scale"):
            value = getattr(self, name)
            if value is not None and not _number(value):
                raise ValueError(f"goal {self.figure!r}: {name}={value!r} is not allowed: a finite number or None")
        if not _number(self.weight) or self.weight <= 0:
            raise ValueError(f"goal {self.figure!r}: weight={self.weight!r} is not allowed: a number above 0")
        if self.scale is not None and self.scale <= 0:
            raise ValueError(f"goal {self.figure!r}: scale={self.scale!r} is not allowed: a number above 0")
        if self.direction is None:
            if self.low is None and self.high is None:
                raise ValueError(f"goal {self.figure!r} needs a range (low and/or high) or a direction "
                                 f"('max' or 'min')")
            if self.low is not None and self.high is not None and self.low > self.high:
                raise ValueError(f"goal {self.figure!r}: low={self.low!r} is above high={self.high!r}")
            if self.ideal is not None:
                raise ValueError(f"goal {self.figure!r}: ideal= goes with a direction ('max' or 'min'), "
                                 f"not with a range")
            return
        if self.direction not in DIRECTIONS:
            raise ValueError(f"goal {self.figure!r}: direction={self.direction!r} is not allowed: 'max' or 'min'")
        if self.low is not None or self.high is not None:
            raise ValueError(f"goal {self.figure!r}: give a range (low/high) or a direction, not both")
        if self.ideal is None and self._limit() is None:
            word = "highest" if self.direction == "max" else "lowest"
            raise ValueError(f"goal {self.figure!r}: this figure has no {word} value, so "
                             f"'{self.direction}' needs an ideal= (or use a range, e.g. at_least/at_most)")

    def _limit(self):
        low, high = LIMITS[self.figure]
        return high if self.direction == "max" else low

    @property
    def target(self) -> float:
        """A direction goal's ideal value (its figure's limit unless given)."""
        return self.ideal if self.ideal is not None else self._limit()

    @property
    def label(self) -> str:
        """The goal in words, used to name its columns: ``"median length 20 to 40"``."""
        if self.direction == "max":
            return f"{self.figure} as high as possible"
        if self.direction == "min":
            return f"{self.figure} as low as possible"
        if self.low is not None and self.high is not None:
            return f"{self.figure} {self.low:g} to {self.high:g}"
        if self.low is not None:
            return f"{self.figure} at least {self.low:g}"
        return f"{self.figure} at most {self.high:g}"

    @property
    def unit(self) -> float:
        """What one unit of miss counts for in the score (the goal's scale)."""
        if self.scale is not None:
            return float(self.scale)
        if self.direction is None:
            if self.low is not None and self.high is not None and self.high > self.low:
                return float(self.high - self.low)
            size = abs(self.low if self.low is not None else self.high)
            return float(size) if size > 0 else 1.0
        low, high = LIMITS[self.figure]
        other = low if self.direction == "max" else high
        if other is not None and other != self.target:
            return float(abs(self.target - other))
        return float(abs(self.target)) or 1.0

    def _bounds(self) -> tuple[float, float]:
        """The values the goal accepts, as (lowest, highest); a direction goal accepts only its ideal."""
        if self.direction == "max":
            return self.target, math.inf
        if self.direction == "min":
            return -math.inf, self.target
        return (self.low if self.low is not None else -math.inf,
                self.high if self.high is not None else math.inf)

    def miss(self, value):
        """How far ``value`` (a number or an array) is from meeting the goal, in the figure's units."""
        value = np.asarray(value, dtype=float)
        lowest, highest = self._bounds()
        with np.errstate(invalid="ignore"):
            missed = np.maximum(np.maximum(lowest - value, value - highest), 0.0)
        missed = np.where(np.isnan(value), np.nan, missed)
        return float(missed) if missed.ndim == 0 else missed

    def met(self, value):
        """Whether a range goal is met by the figure alone (NaN never meets it); None for a direction
        goal.  With an interval, :meth:`status` says whether it is *confidently* met."""
        if self.direction is not None:
            return None
        value = np.asarray(value, dtype=float)
        ok = ~np.isnan(value) & (self.miss(np.nan_to_num(value)) == 0)
        return bool(ok) if ok.ndim == 0 else ok

    def status(self, value, low=None, high=None):
        """``"met"``, ``"missed"`` or ``"not sure yet"`` for a figure with its interval (numbers or arrays).

        Met: the whole interval ``low`` to ``high`` lies inside the goal.  Missed:
        the whole interval lies outside.  Not sure yet: the interval straddles an
        end of the goal.  Without an interval (None or NaN ends, e.g. the seat
        test's p-value) the figure alone decides.  ``"no figure"`` where the
        figure is NaN; None for a direction goal (it is never simply met)."""
        if self.direction is not None:
            return None
        value, low, high = _interval(value, low, high)
        inside, outside = self._inside(low, high), self._outside(low, high)
        result = np.where(np.isnan(value), NO_FIGURE, np.where(inside, MET, np.where(outside, MISSED, NOT_SURE)))
        return str(result) if result.ndim == 0 else result.astype(object)

    def _inside(self, low, high):
        lowest, highest = self._bounds()
        return (low >= lowest) & (high <= highest)

    def _outside(self, low, high):
        lowest, highest = self._bounds()
        return (high < lowest) | (low > highest)

    def miss_interval(self, value, low=None, high=None):
        """``(least, most)``: the smallest and largest miss of any value in the interval ``low`` to ``high``."""
        value, low, high = _interval(value, low, high)
        ends = np.stack([np.atleast_1d(self.miss(low)), np.atleast_1d(self.miss(high))])
        least = np.where(self._outside(low, high), ends.min(axis=0), 0.0)
        most = ends.max(axis=0)
        least, most = (np.where(np.isnan(value), np.nan, end) for end in (least, most))
        return (float(least[0]), float(most[0])) if value.ndim == 0 else (least, most)

    def expected_miss(self, value, low=None, high=None, confidence: float = 0.95):
        """The miss to expect of the game itself, given its figure and interval (a normal guess).

        The interval, read as ``confidence`` of a normal estimate, gives the
        figure's uncertainty; the expected miss counts what lies beyond the goal
        over that spread.  A figure far inside the goal expects 0; one just
        inside expects a little (it may truly lie outside); one far outside
        expects about its miss.  Without an interval it is the miss."""
        value, low, high = _interval(value, low, high)
        sd = (high - low) / (2 * float(special.ndtri(0.5 + confidence / 2)))
        lowest, highest = self._bounds()
        expected = np.zeros_like(value)
        if math.isfinite(lowest):
            expected = expected + _positive_part_mean(lowest - value, sd)
        if math.isfinite(highest):
            expected = expected + _positive_part_mean(value - highest, sd)
        expected = np.where(np.isnan(value), np.nan, expected)
        return float(expected) if expected.ndim == 0 else expected


def _interval(value, low, high):
    """``value``, ``low``, ``high`` as float arrays, the interval filled in with the value where it is
    missing and widened to hold the value."""
    value = np.asarray(value, dtype=float)
    low = value if low is None else np.asarray(low, dtype=float)
    high = value if high is None else np.asarray(high, dtype=float)
    low = np.fmin(np.where(np.isnan(low), value, low), value)
    high = np.fmax(np.where(np.isnan(high), value, high), value)
    return value, low, high


def between(figure: str, low: float, high: float, **options) -> Goal:
    """The figure should lie from ``low`` to ``high``: ``between("median length", 20, 40)``."""
    return Goal(figure, low=low, high=high, **options)


def at_least(figure: str, low: float, **options) -> Goal:
    """The figure should be ``low`` or more: ``at_least("comeback share", 0.3)``."""
    return Goal(figure, low=low, **options)


def at_most(figure: str, high: float, **options) -> Goal:
    """The figure should be ``high`` or less: ``at_most("largest seat gap", 3)``."""
    return Goal(figure, high=high, **options)


def maximise(figure: str, **options) -> Goal:
    """The figure as high as possible: ``maximise("comeback share")``."""
    return Goal(figure, direction="max", **options)


def minimise(figure: str, **options) -> Goal:
    """The figure as low as possible: ``minimise("largest seat gap")`` (an ideal= is needed where the
    figure has no lowest value of its own)."""
    return Goal(figure, direction="min", **options)


#: the same, by the words a page shows
as_high, as_low = maximise, minimise
#: each kind of goal by its words, and how many values it takes (for a page's goal builder)
GOAL_KINDS = {"between": (between, 2), "at least": (at_least, 1), "at most": (at_most, 1),
              "as high as possible": (maximise, 0), "as low as possible": (minimise, 0)}


def goal(figure: str, kind: str, *values, **options) -> Goal:
    """A goal from a page's words: ``goal("largest seat gap", "at most", 3)``, ``goal("median length",
    "between", 20, 40)``, ``goal("comeback share", "as high as possible")``."""
    if kind not in GOAL_KINDS:
        raise ValueError(f"a goal's kind must be one of {', '.join(map(repr, GOAL_KINDS))}; got {kind!r}")
    make, count = GOAL_KINDS[kind]
    if len(values) != count:
        raise ValueError(f"a goal '{kind}' takes {count} value{'s' if count != 1 else ''}, got {len(values)}")
    return make(figure, *values, **options)


def fairness(points: float = 3) -> Goal:
    """The lab's usual fairness goal: no seat wins more than ``points`` percentage points above or below
    its fair share (``at_most("largest seat gap", points)``)."""
    return at_most("largest seat gap", points)


def make_goals(goals) -> list[Goal]:
    """Goals from a list of :class:`Goal` or a dict: ``{"median length": (20, 40),
    "largest seat gap": (None, 3), "comeback share": "max"}`` (a range's open end is None)."""
    if isinstance(goals, Goal):
        goals = [goals]
    if isinstance(goals, dict):
        made = []
        for figure, target in goals.items():
            if isinstance(target, Goal):
                made.append(target)
            elif isinstance(target, str):
                made.append(Goal(figure, direction=target))
            elif isinstance(target, (tuple, list)) and len(target) == 2:
                made.append(Goal(figure, low=target[0], high=target[1]))
            else:
                raise ValueError(f"goals[{figure!r}] = {target!r} is not allowed: a (low, high) range "
                                 f"(None for an open end), 'max' or 'min'")
        goals = made
    if not isinstance(goals, (list, tuple)) or not goals or not all(isinstance(g, Goal) for g in goals):
        raise ValueError(f"goals must be a non-empty list of Goal (between, at_least, at_most, maximise, "
                         f"minimise) or a dict of figure to range or direction, got {goals!r}")
    labels = [goal.label for goal in goals]
    twice = sorted({label for label in labels if labels.count(label) > 1})
    if twice:
        raise ValueError(f"the same goal is set twice: {twice}")
    return list(goals)


def _figure_columns(table: pd.DataFrame, figure: str):
    """The figure's values and its interval's ends (None where the table has no interval)."""
    values = pd.to_numeric(table[figure], errors="coerce").to_numpy(dtype=float)
    ends = [pd.to_numeric(table[f"{figure} {end}"], errors="coerce").to_numpy(dtype=float)
            if f"{figure} {end}" in table else None for end in ("low", "high")]
    return values, ends[0], ends[1]


def _table_confidence(table: pd.DataFrame, confidence) -> float:
    return check_confidence(confidence if confidence is not None else table.attrs.get("confidence", 0.95))


def score(table: pd.DataFrame, goals, confidence: float | None = None) -> pd.DataFrame:
    """How well each row (a variant) of ``table`` meets the ``goals``.

    ``table`` has a column for each goal's figure, and where it has them
    the figure's interval ``<figure> low`` / ``<figure> high`` (``bk.sweep``'s
    table, a search's trials, or a frame you made).  Returns, row for row:

    * ``status: <goal>``: ``"met"``, ``"missed"`` or ``"not sure yet"``
      (:meth:`Goal.status`), for each range goal;
    * ``miss: <goal>``: how far the figure misses the goal, in its own units
      (0 inside it), with ``miss low: <goal>`` / ``miss high: <goal>``: the
      least and most miss of any value in the figure's interval, and
      ``expected miss: <goal>`` (:meth:`Goal.expected_miss`);
    * ``goals met``: how many range goals are confidently met, ``goals not
      sure``: how many are not sure yet; ``all met``: every range goal met;
    * ``score``: the sum of the expected misses, each divided by its goal's scale and multiplied by its weight: near 0
      when every goal is met with room to spare, lower is better (NaN where a
      figure is).  A figure just inside a goal scores a little above 0, as it
      may truly lie outside.

    ``confidence``: the intervals' (by default ``table.attrs["confidence"]``, else 0.95).
    """
    goals = make_goals(goals)
    if not isinstance(table, pd.DataFrame):
        raise ValueError(f"table must be a pandas DataFrame with a column per goal figure, "
                         f"got {type(table).__name__}")
    missing = sorted({goal.figure for goal in goals} - set(table.columns))
    if missing:
        raise ValueError(f"table has no column {', '.join(map(repr, missing))} for the goals; "
                         f"its columns are: {', '.join(map(str, table.columns))}")
    confidence = _table_confidence(table, confidence)
    result = pd.DataFrame(index=table.index)
    total = np.zeros(len(table))
    met_count = np.zeros(len(table), dtype=int)
    unsure_count = np.zeros(len(table), dtype=int)
    ranges = 0
    for goal in goals:
        values, low, high = _figure_columns(table, goal.figure)
        if goal.direction is None:
            status = np.atleast_1d(goal.status(values, low, high))
            result[f"status: {goal.label}"] = status
            met_count += status == MET
            unsure_count += status == NOT_SURE
            ranges += 1
        result[f"miss: {goal.label}"] = np.atleast_1d(goal.miss(values))
        least, most = goal.miss_interval(values, low, high)
        result[f"miss low: {goal.label}"], result[f"miss high: {goal.label}"] = least, most
        expected = np.atleast_1d(goal.expected_miss(values, low, high, confidence))
        result[f"expected miss: {goal.label}"] = expected
        total = total + goal.weight * expected / goal.unit
    result["goals met"] = met_count
    result["goals not sure"] = unsure_count
    result["all met"] = met_count == ranges
    result["score"] = total
    return result


def goal_report(row, goals, confidence: float | None = None) -> pd.DataFrame:
    """One variant against each goal, a row per goal: ``goal``, ``figure``, ``value``, ``low``, ``high``
    (its interval), ``status`` (met / missed / not sure yet; empty for an "as high/low as possible"
    goal), ``miss``, ``miss low``, ``miss high``.  ``row``: a row of a table (a ``pandas.Series``)."""
    goals = make_goals(goals)
    if isinstance(row, dict):
        row = pd.Series(row)
    if not isinstance(row, pd.Series):
        raise ValueError(f"row must be one row of a table (a pandas Series), got {type(row).__name__}")
    table = row.to_frame().T
    table.attrs = dict(getattr(row, "attrs", {}))
    scores = score(table, goals, confidence)
    lines = []
    for goal in goals:
        values, low, high = _figure_columns(table, goal.figure)
        value, low, high = _interval(values, low, high)
        status = scores[f"status: {goal.label}"].iloc[0] if goal.direction is None else ""
        lines.append({"goal": goal.label, "figure": goal.figure, "value": value[0], "low": low[0], "high": high[0],
                      "status": status, **{name: scores[f"{name}: {goal.label}"].iloc[0]
                                            for name in ("miss", "miss low", "miss high")}})
    return pd.DataFrame(lines)


# -- the search ---------------------------------------------------------------------------
def _primitive(value) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def check_space(rules, space: dict, n_players: int) -> dict:
    """The space, checked: field -> ``("int", low, high)``, ``("float", low, high)`` or
    ``("choice", values)``.  Each end of a range and each choice is tried on the rules alone."""
    if not isinstance(space, dict) or not space:
        raise ValueError(f"space must be a dict of rule names to ranges (low, high) or lists of choices, "
                         f"got {space!r}")
    checked = {}
    for name, spec in space.items():
        check_field(rules, name)
        tuple_field = name != PLAYERS and isinstance(getattr(rules, name), tuple)
        if isinstance(spec, range):
            spec = list(spec)
        if isinstance(spec, tuple) and not tuple_field:
            if len(spec) != 2 or not all(_number(end) for end in spec):
                raise ValueError(f"space[{name!r}] = {spec!r} is not allowed: a range is (low, high), "
                                 f"two numbers; a list gives choices")
            low, high = (plain_value(end) for end in spec)
            if not low < high:
                raise ValueError(f"space[{name!r}] = {spec!r} is not allowed: low must be below high")
            kind = "int" if isinstance(low, Integral) and isinstance(high, Integral) else "float"
            entry, tried = (kind, low, high), [low, high]
        elif isinstance(spec, (list, np.ndarray)) and len(spec) > 0:
            values = [plain_value(v) for v in spec]
            for i, value in enumerate(values):
                if value in values[:i]:
                    raise ValueError(f"space[{name!r}] lists the choice {value!r} twice")
            entry, tried = ("choice", values), values
        else:
            hint = " (it takes tuples, so give a list of them)" if tuple_field else ""
            raise ValueError(f"space[{name!r}] = {spec!r} is not allowed: a (low, high) range or a non-empty "
                             f"list of choices{hint}")
        checked[name] = (entry, tried)
    for name, (_, tried) in checked.items():
        others = {other: values for other, (_, values) in checked.items() if other != name}
        for value in tried:
            _check_value(rules, name, value, others, n_players)
    return {name: entry for name, (entry, _) in checked.items()}


def _check_value(rules, name, value, others: dict, n_players: int) -> None:
    """ValueError (the rules' own, naming ``name`` and ``value``) unless some variant of the
    space holds ``value``: alone, or beside some end or choice of the other fields (a deal
    of 8 cards needs a hand limit of 8 beside it)."""
    try:
        make_variant_rules(rules, {name: value}, n_players)
        return
    except ValueError as err:
        refusal = err
    for chosen in itertools.islice(itertools.product(*others.values()), 4096):
        try:
            make_variant_rules(rules, {name: value, **dict(zip(others, chosen))}, n_players)
            return
        except ValueError:
            continue
    raise refusal


def _suggest(trial, space: dict) -> dict:
    params = {}
    for name, entry in space.items():
        if entry[0] == "int":
            params[name] = trial.suggest_int(name, entry[1], entry[2])
        elif entry[0] == "float":
            params[name] = trial.suggest_float(name, float(entry[1]), float(entry[2]))
        elif all(_primitive(v) for v in entry[1]):
            params[name] = trial.suggest_categorical(name, entry[1])
        else:  # Optuna's choices must be plain values: choose a tuple by its place in the list
            params[name] = entry[1][trial.suggest_categorical(name, list(range(len(entry[1]))))]
    return params


def _params_of(rules, space: dict, n_players: int) -> dict | None:
    """Optuna's parameters for ``rules``' own values, or None if one lies outside the space."""
    params = {}
    for name, entry in space.items():
        value = n_players if name == PLAYERS else getattr(rules, name)
        if entry[0] in ("int", "float"):
            if not (_number(value) and entry[1] <= value <= entry[2]) or (
                    entry[0] == "int" and not isinstance(value, Integral)):
                return None
            params[name] = value
        elif value not in entry[1]:
            return None
        else:
            params[name] = value if all(_primitive(v) for v in entry[1]) else entry[1].index(value)
    return params


def _plain_params(row, space: dict) -> dict:
    return {name: plain_value(row[name]) for name in space}


def _play_trials(rules, proposals_of, n_games, engine, executor, bar, skill, confidence, n_players, seeds):
    """Play proposals (``(number, params)`` pairs, from ``proposals_of`` one batch at a time, all of a
    batch at once) and yield each batch's rows: ``trial``, the params, the figures, ``error`` (why the
    rules refused it).  Trial ``number`` plays from ``seeds[2 * number]`` (its skill test from the next)."""
    per_trial = n_games * (2 if skill is not None else 1)
    for batch in proposals_of():
        playable, variants, runs = [], [], []
        for number, params in batch:
            try:   # rules the game refuses, or a variant engine="fast" cannot play
                variant, players = make_variant_rules(rules, params, n_players)
                variant = Variant(variant, players, seeds[2 * number], seeds[2 * number + 1])
                runs += prepare_runs([variant], n_games, engine, skill)
            except ValueError as err:
                playable.append((number, params, None, str(err)))
                if bar is not None:
                    bar.update(per_trial)
                continue
            variants.append(variant)
            playable.append((number, params, variant, ""))
        figures = iter(measure(variants, n_games, engine, executor, bar, skill, confidence, runs=runs))
        yield [{"trial": number, **params, **(next(figures) if variant else {}), "error": error}
               for number, params, variant, error in playable]


def _finish_table(rows: list[dict], goals, rules, space, n_games, confidence) -> pd.DataFrame:
    table = pd.DataFrame(rows)
    errors = table.pop("error") if "error" in table else pd.Series([""] * len(table))
    if "engine" not in table:
        table["engine"] = None
    for goal in goals:   # a search whose every trial was refused still has the goals' columns
        if goal.figure not in table:
            table[goal.figure] = np.nan
    table = pd.concat([table, score(table, goals, confidence)], axis=1)
    table["error"] = errors.to_numpy()
    table.attrs.update(game=rules.game_name, fields=list(space), n_games=n_games, confidence=confidence)
    return table


@dataclasses.dataclass
class SearchResult:
    """What :func:`search` found.

    ``trials``: one row per trial, in the order tried: ``trial``, the space's
    fields, the figures with their intervals (``bk.sweep``'s columns),
    ``engine``, the goal columns of :func:`score` (each goal's status, met /
    missed / not sure yet, and its miss), and ``error`` (why a trial's rules
    were refused; empty otherwise).

    ``rechecked``: the leaders of the trials played again with ``recheck``
    times the games (fresh seeds), the same columns plus ``first score`` (the
    trial's score on the first, fewer games); empty without a re-check.
    ``best``: the winner, a ``Rules`` object (of the re-check, or of the
    trials without one: a variant that met every goal before one that did
    not, then the lowest score), ``best_players`` its number of
    players, ``best_row`` its row (from ``rechecked`` when there is one).
    ``all_met``: whether the winner confidently met every range goal;
    ``verdict``: the outcome in plain words (which goal failed, by how much,
    and the nearest variant, when none met them all); ``study``: Optuna's study.
    """

    trials: pd.DataFrame
    best: object
    best_players: int | None
    goals: list
    study: object
    rechecked: pd.DataFrame = dataclasses.field(default_factory=pd.DataFrame)

    @property
    def best_row(self) -> pd.Series | None:
        """The winner's row: of ``rechecked`` when the leaders were re-checked, else of ``trials``."""
        table = self.rechecked if len(self.rechecked) else self.trials
        ranked = _ranked(table)
        return ranked.iloc[0] if len(ranked) else None

    @property
    def best_code(self) -> str:
        """The best variant as Python (:func:`variant_code`)."""
        return variant_code(self.best)

    @property
    def all_met(self) -> bool:
        row = self.best_row
        return bool(row is not None and row["all met"])

    @property
    def report(self) -> pd.DataFrame:
        """The winner against each goal (:func:`goal_report`): value, interval, status and miss."""
        table = self.rechecked if len(self.rechecked) else self.trials
        row = self.best_row
        if row is None:
            raise ValueError("the search has no winner: the rules refused every variant it tried")
        row = row.copy()
        row.attrs = dict(table.attrs)
        return goal_report(row, self.goals)

    @property
    def verdict(self) -> str:
        """The outcome in plain words."""
        if self.best is None:
            reasons = self.trials["error"].replace("", np.nan).dropna()
            first = f" The first reason: {reasons.iloc[0]}" if len(reasons) else ""
            return f"No variant could be played: the rules refused every one tried.{first}"
        report, row = self.report, self.best_row
        games = int(row["games"]) if "games" in row else None
        name = f"{variant_code(self.best)}" + (f" with {self.best_players} players" if self.best_players else "")
        played = f" (on {games:,} games)" if games else ""
        ranged = report[report["status"] != ""]
        if len(ranged) == 0:
            return f"The best variant found{played}: {name}. Every goal is 'as high/low as possible', " \
                   f"so there is no line to meet."
        if (ranged["status"] == MET).all():
            return f"The best variant{played}, {name}, met every goal: each figure's whole interval lies " \
                   f"inside its goal."
        missed = ranged[ranged["status"].isin([MISSED, NO_FIGURE])]
        unsure = ranged[ranged["status"] == NOT_SURE]
        lines = []
        if len(missed):
            lines.append(f"No variant met every goal. The nearest{played} is {name}, and it missed: " + "; ".join(
                f"'{r.goal}' by {_amount(r)} (the figure is {r.value:.3g}, interval {r.low:.3g} to {r.high:.3g})"
                if r.status == MISSED else f"'{r.goal}' (no figure: no game gave one)"
                for r in missed.itertuples()) + ".")
        else:
            lines.append(f"No variant is sure to meet every goal yet. The nearest{played} is {name}.")
        if len(unsure):
            lines.append("Not sure yet (the interval straddles the goal; more games would tell): " + "; ".join(
                f"'{r.goal}' (the figure is {r.value:.3g}, interval {r.low:.3g} to {r.high:.3g})"
                for r in unsure.itertuples()) + ".")
        return " ".join(lines)

    def top(self, k: int = 5) -> pd.DataFrame:
        """The ``k`` best trials, best first (as :func:`search` ranks them)."""
        return _ranked(self.trials).head(k)


def _ranked(table: pd.DataFrame) -> pd.DataFrame:
    """The rows with a score, best first: those that met every goal first, then by score (the expected
    miss; "as high/low as possible" goals count in it), then in the order tried."""
    played = table[table["score"].notna()]
    order = np.lexsort((played["trial"].to_numpy(), played["score"].to_numpy(), ~played["all met"].to_numpy(bool)))
    return played.iloc[order]


def _amount(row) -> str:
    """A miss with its unit where the unit is a count: "52 turns", "1.5 points", "0.04"."""
    unit = FIGURE_UNITS[row.figure]
    return f"{row.miss:.3g} {unit}" if unit in ("turns", "points", "lead changes") else f"{row.miss:.3g}"


def _check_search(rules, space, goals, n_games, confidence, skill, n_trials, batch, n_players, engine):
    n_games = check_games(n_games)
    confidence = check_confidence(confidence)
    skill = check_skill(skill)
    goals = make_goals(goals)
    if skill is None and any(goal.figure == "skill" for goal in goals):
        raise ValueError("a goal on 'skill' needs skill=(strong, weak): the bots whose skill test measures it")
    for name, value in (("n_trials", n_trials), ("batch", batch)):
        if not isinstance(value, Integral) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{name} must be a whole number >= 1, got {value!r}")
    rules.check_players(n_players)
    space = check_space(rules, space, n_players)
    if engine not in ENGINES:
        raise ValueError(f"engine={engine!r} is not allowed: choose one of {', '.join(map(repr, ENGINES))}")
    return n_games, confidence, skill, goals, space


def _asked(study, space, n_trials, batch, pending):
    """Optuna's proposals in batches of ``(number, params)``; ``pending`` keeps each trial to tell."""
    def batches():
        for start in range(0, n_trials, batch):
            trials = [study.ask() for _ in range(min(batch, n_trials - start))]
            for trial in trials:
                pending[trial.number] = trial
            yield [(trial.number, _suggest(trial, space)) for trial in trials]
    return batches


def _run_study(objectives: int, objective, rules, space, goals, n_trials, batch, rules_first, n_games, engine,
               executor, bar, skill, confidence, n_players, seeds) -> tuple:
    """Make an Optuna study (a TPE sampler seeded from ``seeds[0]``, minimising ``objectives`` numbers),
    let it propose ``n_trials`` variants, ``batch`` at a time; play each and tell the study its
    ``objective(row)`` (a number, or a list for several goals), or that it failed (rules refused, or a
    figure missing).  Returns ``(study, rows)``: the rows of every trial, in the order tried."""
    import optuna

    verbosity = optuna.logging.get_verbosity()
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    rows, pending = [], {}
    try:
        study = optuna.create_study(directions=["minimize"] * objectives,
                                    sampler=optuna.samplers.TPESampler(seed=int(seeds[0] % 2**32)))
        if rules_first and (start := _params_of(rules, space, n_players)) is not None:
            study.enqueue_trial(start)
        for done in _play_trials(rules, _asked(study, space, n_trials, batch, pending), n_games,
                                 engine, executor, bar, skill, confidence, n_players, seeds[1:]):
            for row in done:
                trial = pending.pop(row["trial"])
                value = objective(row) if not row["error"] else math.nan
                if np.isfinite(value).all():
                    study.tell(trial, value)
                else:
                    study.tell(trial, state=optuna.trial.TrialState.FAIL)
            rows += done
    finally:
        optuna.logging.set_verbosity(verbosity)
    return study, rows


def search(rules, space: dict, goals, n_trials: int = 50, n_games: int = 2000, seed: int | None = 0,
           engine: str = "auto", executor=None, progress=True, n_players: int = 4, batch: int = 4,
           skill=None, confidence: float = 0.95, rules_first: bool = True, recheck: int = 10,
           leaders: int = 3, trade_off: bool = False):
    """Search the ``space`` of rules for the variant that best meets the ``goals``.

    ``space`` maps rule names (and ``"n_players"``) to a range, ``(low,
    high)`` (whole numbers if both ends are, else any number between), or a
    list of choices (``[True, False]``, ``["pass", "reshuffle"]``, or
    ``[(1, 1, 1, 1, 1), (2, 1, 1, 1, 1)]`` for a tuple rule); :func:`knobs`
    lists what each game allows.  Fields not in the space keep ``rules``'
    values.  ``goals``: see :func:`make_goals`.

    Optuna's TPE sampler (seeded from ``seed``) proposes ``batch`` variants at
    a time; each is played (``n_games`` games, from a seed derived from
    ``seed`` and the trial's number), all of the batch at once through the
    ``executor``, and its score (:func:`score`: the expected miss) told back.
    A proposal the rules refuse is recorded with its ``error`` and told to
    Optuna as failed.  ``skill``: a ``(strong, weak)`` pair of bots, needed
    for goals on ``skill``.  ``engine``, ``progress`` as for ``bk.simulate``.

    **The re-check.**  A variant can look best on a few games by luck.  So the
    ``leaders`` best different variants (those that met every goal first,
    then by score) are played again with ``recheck``
    times the games, from fresh seeds, and the winner is the best of that
    re-check (``recheck=1`` names the winner from the trials alone).
    ``result.verdict`` says in words whether the winner met every goal, and
    if not, which goal failed, by how much, and that the winner is the
    nearest variant found.

    ``rules_first``: when ``rules``' own values (and ``n_players``) lie in
    the space, trial 0 plays them, so the table starts with the game you
    began from.  ``trade_off=True``: the same as :func:`trade_off` (two goals
    that pull against each other; ``recheck`` and ``leaders`` do not apply).
    """
    if trade_off:   # (the argument hides the function of the same name: fetch the function by its name)
        return globals()["trade_off"](rules, space, goals, n_trials=n_trials, n_games=n_games, seed=seed,
                                      engine=engine, executor=executor, progress=progress, n_players=n_players,
                                      batch=batch, skill=skill, confidence=confidence, rules_first=rules_first)
    n_games, confidence, skill, goals, space = _check_search(rules, space, goals, n_games, confidence, skill,
                                                             n_trials, batch, n_players, engine)
    for name, value in (("recheck", recheck), ("leaders", leaders)):
        if not isinstance(value, Integral) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{name} must be a whole number >= 1, got {value!r}")
    seeds = game_seeds(seed, 2 * (n_trials + leaders) + 1)
    per_trial = n_games * (2 if skill is not None else 1)
    total = (n_trials + (leaders * recheck if recheck > 1 else 0)) * per_trial
    bar = bar_for_run(progress, total, f"{rules.game_name}: search of {n_trials} variants")
    try:
        study, rows = _run_study(1, lambda row: float(score(pd.DataFrame([row]), goals, confidence)["score"].iloc[0]),
                                 rules, space, goals, n_trials, batch, rules_first, n_games, engine, executor, bar,
                                 skill, confidence, n_players, seeds)
        table = _finish_table(rows, goals, rules, space, n_games, confidence)
        rechecked = pd.DataFrame()
        if recheck > 1 and table["score"].notna().any():
            rechecked = _recheck(rules, space, goals, table, leaders, n_games * recheck, engine, executor, bar,
                                 skill, confidence, n_players, seeds[1 + 2 * n_trials:])
    finally:
        if bar is not progress:
            bar.close()
    result = SearchResult(table, None, None, goals, study, rechecked)
    if result.best_row is not None:
        result.best, result.best_players = make_variant_rules(rules, _plain_params(result.best_row, space),
                                                              n_players)
    return result


def _recheck(rules, space, goals, table, leaders, n_games, engine, executor, bar, skill, confidence, n_players,
             seeds) -> pd.DataFrame:
    """The ``leaders`` best different variants of ``table``, played again with ``n_games`` games each."""
    chosen = _ranked(table).drop_duplicates(subset=list(space)).head(leaders)
    proposals = [(place, _plain_params(row, space)) for place, (_, row) in enumerate(chosen.iterrows())]
    rows = []
    for done in _play_trials(rules, lambda: [proposals], n_games, engine, executor, bar, skill,
                             confidence, n_players, seeds):
        rows += done
    for place, row in enumerate(rows):
        row["trial"] = int(chosen["trial"].iloc[place])
    rechecked = _finish_table(rows, goals, rules, space, n_games, confidence)
    rechecked["first score"] = chosen["score"].to_numpy()
    return rechecked


# -- trade-offs: the Pareto front of two goals ------------------------------------------------------
@dataclasses.dataclass
class TradeOff:
    """What :func:`trade_off` found.

    ``trials``: as :class:`SearchResult`'s, plus ``on front`` (True for the
    trials no other trial beats on both goals).  ``front``: those trials
    only (a variant the search tried twice, the first time only), sorted along
    the first goal's figure, with ``code`` (each variant as
    a line of Python, :func:`variant_code`) and ``players``.  ``goals``: the
    two goals; ``study``: Optuna's multi-objective study (its
    ``best_trials`` are the front).
    """

    trials: pd.DataFrame
    front: pd.DataFrame
    goals: list
    study: object

    @property
    def figures(self) -> tuple[str, str]:
        """The two figures the front is drawn on."""
        return self.goals[0].figure, self.goals[1].figure

    def rules(self, point: int):
        """The rules of the front's row ``point`` (counting from 0), as a ``Rules`` object."""
        if not isinstance(point, Integral) or isinstance(point, bool) or not 0 <= point < len(self.front):
            raise ValueError(f"point must be a whole number from 0 to {len(self.front) - 1} (a row of the front), "
                             f"got {point!r}")
        return self.front["rules"].iloc[point]


def trade_off(rules, space: dict, goals, n_trials: int = 100, n_games: int = 1000, seed: int | None = 0,
              engine: str = "auto", executor=None, progress=True, n_players: int = 4, batch: int = 4,
              skill=None, confidence: float = 0.95, rules_first: bool = True) -> TradeOff:
    """When two goals pull against each other: every best compromise between them (the Pareto front).

    ``goals``: exactly two goals (:func:`make_goals`), e.g. ``[bd.fairness(),
    bd.as_high("comeback share")]``.  Optuna's multi-objective search (a TPE
    sampler with two directions, both "minimize": each goal's expected miss,
    as :func:`score` counts it) tries ``n_trials`` variants of the ``space``,
    each played on ``n_games`` games as in :func:`search`.  A variant is on
    the front when no other variant tried is at least as good on both goals
    and better on one: moving along the front, one goal gets better only as
    the other gets worse.  Returns a :class:`TradeOff`; draw
    ``result.front`` with each figure's interval (``<figure> low`` /
    ``high``), pick a point, and play ``result.rules(point)``.
    """
    n_games, confidence, skill, goals, space = _check_search(rules, space, goals, n_games, confidence, skill,
                                                             n_trials, batch, n_players, engine)
    if len(goals) != 2:
        raise ValueError(f"a trade-off is between exactly two goals, got {len(goals)}: "
                         f"{', '.join(goal.label for goal in goals)}")
    if goals[0].figure == goals[1].figure:
        raise ValueError(f"a trade-off needs two different figures, got two goals on {goals[0].figure!r}")
    seeds = game_seeds(seed, 2 * n_trials + 1)
    per_trial = n_games * (2 if skill is not None else 1)
    bar = bar_for_run(progress, n_trials * per_trial, f"{rules.game_name}: trade-off of {n_trials} variants")
    try:
        study, rows = _run_study(2, lambda row: list(_objectives(pd.DataFrame([row]), goals, confidence)[0]),
                                 rules, space, goals, n_trials, batch, rules_first, n_games, engine, executor, bar,
                                 skill, confidence, n_players, seeds)
    finally:
        if bar is not progress:
            bar.close()
    table = _finish_table(rows, goals, rules, space, n_games, confidence)
    best = {trial.number for trial in study.best_trials}
    table.insert(table.columns.get_loc("goals met"), "on front", table["trial"].isin(best))
    front = table[table["on front"]].drop_duplicates(subset=list(space))   # a variant tried twice: its first
    front = front.sort_values([goals[0].figure, "trial"]).copy()
    made = [make_variant_rules(rules, _plain_params(row, space), n_players) for _, row in front.iterrows()]
    front["rules"] = [variant for variant, _ in made]
    front["players"] = [players for _, players in made]
    front["code"] = [variant_code(variant) for variant, _ in made]
    front = front.reset_index(drop=True)
    front.attrs = dict(table.attrs)
    return TradeOff(table, front, goals, study)


def _objectives(table: pd.DataFrame, goals, confidence) -> np.ndarray:
    """Each row's two objectives: each goal's expected miss, divided by its scale."""
    scores = score(table, goals, confidence)
    return np.column_stack([scores[f"expected miss: {goal.label}"].to_numpy() / goal.unit for goal in goals])


# -- knobs: the rules a search, a map or a slider can vary --------------------------------------
KNOB_KINDS = ("players", "whole number", "number", "switch", "choice")


def _rule_words(rules) -> dict:
    """Each field's ``#:`` comment in the game's ``Rules`` class: its words."""
    try:
        source = inspect.getsource(type(rules))
    except (OSError, TypeError):
        return {}
    words, comment = {}, []
    for line in source.splitlines():
        line = line.strip()
        if line.startswith("#:"):
            comment.append(line[2:].strip())
            continue
        field = re.match(r"(\w+)\s*:", line)
        if field and comment:
            words[field.group(1)] = " ".join(comment)
        comment = []
    return words


def _game_knobs(rules, what: str):
    """The game's ``knobs`` module (``boardkit/games/<game>/knobs.py``): its ``LAB`` and ``CHOICES``."""
    return importlib.import_module(f"boardkit.games.{_game(rules, what)}.knobs")


def _allowed(rules, name, value, n_players: int) -> bool:
    try:
        make_variant_rules(rules, {name: value}, n_players)
        return True
    except ValueError:
        return False


#: how far a number rule is tried, either way from its value, when finding its range
FAR = 10**9


def _edge(rules, name, inside, outside, n_players: int):
    """The last value from ``inside`` towards ``outside`` that the rules allow (whole numbers if
    ``inside`` is one; else to a millionth).  The rules allow ``inside``; if they allow ``outside``
    too, that is the edge."""
    if _allowed(rules, name, outside, n_players):
        return outside
    whole = isinstance(inside, int)
    while abs(outside - inside) > (1 if whole else 1e-6 * max(1.0, abs(inside))):
        middle = (inside + outside) // 2 if whole else (inside + outside) / 2
        if _allowed(rules, name, middle, n_players):
            inside = middle
        else:
            outside = middle
    return inside


def _number_range(rules, name, value, n_players: int):
    """The smallest and largest values the rules allow ``name`` to take for ``n_players`` players, the
    other rules as they are (a number is tried from 0 up, never below: no rule counts below nothing)."""
    low = _edge(rules, name, value, type(value)(0), n_players)
    return low, _edge(rules, name, value, type(value)(FAR), n_players)


def knobs(rules, n_players: int | None = None) -> pd.DataFrame:
    """Every rule of a game a search, a map or a slider can vary, and the number of players.

    One row per knob (index: the rule's name, and ``"n_players"``): ``kind``
    (``"players"``, ``"whole number"``, ``"number"``, ``"switch"`` (True or
    False) or ``"choice"``), ``low`` / ``high`` (the smallest and largest
    value the rules allow for ``n_players`` players (by default 4, or the
    nearest count the game allows), the other rules as in ``rules``; within the
    game's ``LIMITS``), ``choices`` (a switch's or a choice's values),
    ``default`` (``rules``' value), ``in the lab`` (the page offers it),
    ``lab range`` (the page's sensible range or choices) and ``words`` (the
    rule's own description).  Rules holding tuples (a board, a deck) are not
    knobs here; a search still takes them as a list of choices.
    """
    module = _game_knobs(rules, "knobs")
    lab = dict(module.LAB)
    choices_of = dict(getattr(module, "CHOICES", {}))
    words = _rule_words(rules)
    if n_players is None:
        n_players = min(max(4, rules.min_players), rules.max_players)
    rules.check_players(n_players)
    rows = [{"knob": PLAYERS, "kind": "players", "low": rules.min_players, "high": rules.max_players,
             "choices": None, "default": n_players,
             "in the lab": PLAYERS in lab, "lab range": lab.get(PLAYERS), "words": "the number of players"}]
    for field in dataclasses.fields(rules):
        name, value = field.name, getattr(rules, field.name)
        row = {"knob": name, "low": None, "high": None, "choices": None, "default": value,
               "in the lab": name in lab, "lab range": lab.get(name), "words": words.get(name, "")}
        if isinstance(value, bool):
            row.update(kind="switch", choices=[v for v in (False, True) if _allowed(rules, name, v, n_players)])
        elif isinstance(value, str) or name in choices_of:
            row.update(kind="choice", choices=[v for v in choices_of.get(name, [value])
                                               if _allowed(rules, name, v, n_players)])
        elif isinstance(value, (int, float)):
            low, high = _number_range(rules, name, value, n_players)
            whole = isinstance(value, int) and field.type not in ("float", float)
            row.update(kind="whole number" if whole else "number", low=low, high=high)
        else:
            continue
        rows.append(row)
    return pd.DataFrame(rows, dtype=object).set_index("knob")


def lab_space(rules) -> dict:
    """The knobs the lab offers for a game, as a search's space: ``{"hand_limit": (3, 9), ...}``
    (a range for a number, a list for a switch or a choice)."""
    return dict(_game_knobs(rules, "lab_space").LAB)


# -- a variant as code --------------------------------------------------------------------
#: each game's usual short name in the lessons and the README
ALIASES = {"mystery_date": "md", "mouse_trap": "mt", "philo_vance": "pv", "cluedo_cards": "cc",
           "win_lose_draw": "wld"}


def _literal(value, needs: set) -> str:
    """Python text for one rule value; ``needs`` collects the names the text uses."""
    value = plain_value(value) if isinstance(value, np.generic) else value
    if value is None or isinstance(value, (bool, int, str)):
        return repr(value)
    if isinstance(value, float):
        if math.isfinite(value):
            return repr(value)
        return f"float({str(value)!r})"
    if isinstance(value, Fraction):
        needs.add("Fraction")
        return f"Fraction({value.numerator}, {value.denominator})"
    if isinstance(value, tuple):
        items = [_literal(v, needs) for v in value]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if isinstance(value, list):
        return "[" + ", ".join(_literal(v, needs) for v in value) + "]"
    raise ValueError(f"variant_code cannot write the rule value {value!r} ({type(value).__name__}) as Python")


def _game(rules, what: str = "variant_code") -> str:
    """The game's package name (``"mystery_date"``), or ValueError unless ``rules`` is a game's Rules."""
    parts = type(rules).__module__.split(".")
    if len(parts) < 3 or parts[:2] != ["boardkit", "games"] or isinstance(rules, type) or \
            not dataclasses.is_dataclass(rules):
        raise ValueError(f"{what} needs the Rules of a boardkit game (md.Rules(), ...), got {rules!r}")
    return parts[2]


def variant_code(rules, imports: bool = False) -> str:
    """The shortest Python that rebuilds ``rules``: the rulebook and the fields that differ.

    ``md.Rules().replace(hand_limit=5, door_weights=(2, 1, 1, 1, 1))``, with
    the game's usual short name (``md``, ``mt``, ``pv``, ``cc``, ``wld``);
    ``md.Rules()`` for the rulebook itself.  ``imports=True`` puts the
    import lines first (the game's module, and ``Fraction`` if a rule is a
    fraction), so the text runs on its own.
    """
    game = _game(rules)
    alias = ALIASES.get(game, game)
    needs: set = set()
    fields = [f.name for f in dataclasses.fields(rules)]
    changes = rules.changes()
    arguments = ", ".join(f"{name}={_literal(changes[name], needs)}" for name in fields if name in changes)
    text = f"{alias}.Rules()" + (f".replace({arguments})" if arguments else "")
    if imports:
        lines = [f"from boardkit.games import {game} as {alias}"]
        if "Fraction" in needs:
            lines.insert(0, "from fractions import Fraction")
        text = "\n".join(lines + [text])
    return text

"""The design lab (``bk.design``): say what a good game is, and let a search find the rules.

A designer rarely wants "the best" game; she wants one that is fair to every
seat, lasts 20 to 40 turns, and where the winner often comes from behind.
Each wish is a :class:`Goal` on one figure of ``bk.metrics.summary``:

    goals = [bd.between("median length", 20, 40),
             bd.at_least("seat test p", 0.05),
             bd.maximise("comeback share")]

or, shorter, a dict: ``{"median length": (20, 40), "seat test p": (0.05,
None), "comeback share": "max"}``.  :func:`score` says, for every variant
of a table (``bk.sweep``'s, or hand-made), how far it misses each goal in
the goal's own units (turns for a length, a share for a share) and which
goals it meets.  :func:`search` asks Optuna (a well-kept search library) to
try variants in a space of rules, plays each one, and returns every trial
and the best variant as a ``Rules`` object; :func:`variant_code` writes that
variant as the line of Python that rebuilds it, to paste in a cell::

    result = bk.design.search(md.Rules(), {"hand_limit": (3, 9), "dud_redraw": (0, 5)}, goals,
                              n_trials=50, n_games=2000, seed=0)
    result.trials.sort_values("score").head()
    bk.design.variant_code(result.best)     # "md.Rules().replace(hand_limit=5, dud_redraw=2)"

A figure is an estimate from simulated games: a variant that "meets" a goal
by a hair may miss it with more games.  The tables keep each figure's
interval beside it, so a reader can see how sure the estimate is.
"""
from __future__ import annotations

import dataclasses
import itertools
import math
from fractions import Fraction
from numbers import Integral, Real

import numpy as np
import pandas as pd

from .fast import ENGINES
from .rng import game_seeds
from .simulate import bar_for_run
from .sweep import (PLAYERS, Variant, check_confidence, check_field, check_games, check_skill, make_variant_rules,
                    measure, plain_value, prepare_runs)

#: the figures a goal can be set on: ``bk.metrics.summary``'s (but the counts), and ``skill``
FIGURES = ("mean length", "median length", "90th percentile", "99th percentile", "first seat win rate",
           "seat test p", "won share", "mean lead changes", "comeback share", "skill")
#: the lowest and highest value each figure can take (None: no limit); where a
#: figure has a limit, "as high/low as possible" means "as close to it as possible"
LIMITS = {
    "mean length": (0, None), "median length": (0, None), "90th percentile": (0, None),
    "99th percentile": (0, None), "first seat win rate": (0, 1), "seat test p": (0, 1),
    "won share": (0, 1), "mean lead changes": (0, None), "comeback share": (0, 1), "skill": (None, 1),
}
DIRECTIONS = ("max", "min")


def _number(value) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool) and math.isfinite(value)


@dataclasses.dataclass(frozen=True)
class Goal:
    """What a good game should show on one figure of ``bk.metrics.summary``.

    Either a target range (``low`` and/or ``high``; an end left at None is
    open), or a ``direction``: ``"max"`` (as high as possible) or ``"min"``.

    * A range goal is **met** when the figure lies in the range; its **miss**
      is how far outside it lies (0 when met), in the figure's own units:
      a median of 46 turns misses "20 to 40 turns" by 6.
    * A direction goal is never simply met: its miss is how far the figure
      is from its ``ideal`` (by default the figure's limit: 1 for a share,
      so a comeback share of 0.7 misses "as high as possible" by 0.3).
      Figures with no limit (a length, lead changes) need an ``ideal``.

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

    def miss(self, value):
        """How far ``value`` (a number or an array) is from meeting the goal, in the figure's units."""
        value = np.asarray(value, dtype=float)
        if self.direction == "max":
            missed = np.maximum(self.target - value, 0.0)
        elif self.direction == "min":
            missed = np.maximum(value - self.target, 0.0)
        else:
            below = self.low - value if self.low is not None else np.zeros_like(value)
            above = value - self.high if self.high is not None else np.zeros_like(value)
            missed = np.maximum(np.maximum(below, above), 0.0)
        missed = np.where(np.isnan(value), np.nan, missed)
        return float(missed) if missed.ndim == 0 else missed

    def met(self, value):
        """Whether a range goal is met (NaN figures never meet it); None for a direction goal."""
        if self.direction is not None:
            return None
        value = np.asarray(value, dtype=float)
        ok = ~np.isnan(value)
        if self.low is not None:
            ok &= np.nan_to_num(value, nan=-np.inf) >= self.low
        if self.high is not None:
            ok &= np.nan_to_num(value, nan=np.inf) <= self.high
        return bool(ok) if ok.ndim == 0 else ok


def between(figure: str, low: float, high: float, **options) -> Goal:
    """The figure should lie from ``low`` to ``high``: ``between("median length", 20, 40)``."""
    return Goal(figure, low=low, high=high, **options)


def at_least(figure: str, low: float, **options) -> Goal:
    """The figure should be ``low`` or more: ``at_least("seat test p", 0.05)``."""
    return Goal(figure, low=low, **options)


def at_most(figure: str, high: float, **options) -> Goal:
    """The figure should be ``high`` or less: ``at_most("99th percentile", 120)``."""
    return Goal(figure, high=high, **options)


def maximise(figure: str, **options) -> Goal:
    """The figure as high as possible: ``maximise("comeback share")``."""
    return Goal(figure, direction="max", **options)


def minimise(figure: str, **options) -> Goal:
    """The figure as low as possible: ``minimise("first seat win rate", ideal=0.25)`` (an ideal
    is needed where the figure has no lowest value of its own)."""
    return Goal(figure, direction="min", **options)


def make_goals(goals) -> list[Goal]:
    """Goals from a list of :class:`Goal` or a dict: ``{"median length": (20, 40),
    "seat test p": (0.05, None), "comeback share": "max"}`` (a range's open end is None)."""
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


def score(table: pd.DataFrame, goals) -> pd.DataFrame:
    """How well each row (a variant) of ``table`` meets the ``goals``.

    ``table`` has a column for each goal's figure (``bk.sweep``'s table, a
    search's trials, or a frame you made).  Returns, row for row:

    * ``miss: <goal>``: how far the figure misses the goal, in its own units
      (0 when met);
    * ``met: <goal>``: True or False, for each range goal;
    * ``goals met``: how many range goals are met; ``all met``: all of them;
    * ``score``: the sum of the misses, each divided by its goal's scale and
      multiplied by its weight: 0 when every range goal is met and every
      direction goal at its ideal, lower is better (NaN where a figure is).
    """
    goals = make_goals(goals)
    if not isinstance(table, pd.DataFrame):
        raise ValueError(f"table must be a pandas DataFrame with a column per goal figure, "
                         f"got {type(table).__name__}")
    missing = sorted({goal.figure for goal in goals} - set(table.columns))
    if missing:
        raise ValueError(f"table has no column {', '.join(map(repr, missing))} for the goals; "
                         f"its columns are: {', '.join(map(str, table.columns))}")
    result = pd.DataFrame(index=table.index)
    total = np.zeros(len(table))
    met_count = np.zeros(len(table), dtype=int)
    ranges = 0
    for goal in goals:
        values = pd.to_numeric(table[goal.figure], errors="coerce").to_numpy(dtype=float)
        missed = np.atleast_1d(goal.miss(values))
        result[f"miss: {goal.label}"] = missed
        total = total + goal.weight * missed / goal.unit
        if goal.direction is None:
            met = np.atleast_1d(goal.met(values))
            result[f"met: {goal.label}"] = met
            met_count += met
            ranges += 1
    result["goals met"] = met_count
    result["all met"] = met_count == ranges
    result["score"] = total
    return result


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


@dataclasses.dataclass
class SearchResult:
    """What :func:`search` found.

    ``trials``: one row per trial, in the order tried: ``trial``, the space's
    fields, the figures with their intervals (``bk.sweep``'s columns),
    ``engine``, the goal columns of :func:`score`, and ``error`` (why a
    trial's rules were refused; empty otherwise).  ``best``: the variant with
    the lowest score (the first tried among equals), a ``Rules`` object, and
    ``best_players`` its number of players; ``study``: Optuna's study.
    """

    trials: pd.DataFrame
    best: object
    best_players: int | None
    goals: list
    study: object

    @property
    def best_row(self) -> pd.Series:
        """The best trial's row of ``trials``."""
        scores = self.trials["score"]
        return self.trials.loc[scores.idxmin()] if scores.notna().any() else None

    @property
    def best_code(self) -> str:
        """The best variant as Python (:func:`variant_code`)."""
        return variant_code(self.best)

    def top(self, k: int = 5) -> pd.DataFrame:
        """The ``k`` best trials, best first."""
        return self.trials.sort_values(["score", "trial"], na_position="last").head(k)


def search(rules, space: dict, goals, n_trials: int = 50, n_games: int = 2000, seed: int | None = 0,
           engine: str = "auto", executor=None, progress=True, n_players: int = 4, batch: int = 4,
           skill=None, confidence: float = 0.95, rules_first: bool = True) -> SearchResult:
    """Search the ``space`` of rules for the variant that best meets the ``goals``.

    ``space`` maps rule names (and ``"n_players"``) to a range, ``(low,
    high)`` (whole numbers if both ends are, else any number between), or a
    list of choices (``[(1, 1, 1, 1, 1), (2, 1, 1, 1, 1)]`` for a tuple
    rule).  Fields not in the space keep ``rules``' values.  ``goals``: see
    :func:`make_goals`.

    Optuna's TPE sampler (seeded from ``seed``) proposes ``batch`` variants at
    a time; each is played (``n_games`` games, from a seed derived from
    ``seed`` and the trial's number), all of the batch at once through the
    ``executor``, and its score (:func:`score`) told back.  The same seed
    gives the same trials with or without an executor (the batches do not
    depend on it).  A proposal the rules refuse (e.g. a deal larger than
    the hand limit) is recorded with its ``error`` and told to Optuna as
    failed.  ``skill``: a ``(strong, weak)`` pair of bots, needed for goals
    on ``skill``.  ``engine``, ``progress`` as for ``bk.simulate``: one bar
    over every game of the search.

    ``rules_first``: when ``rules``' own values (and ``n_players``) lie in
    the space, trial 0 plays them, so the table starts with the game you
    began from and the best variant is never one the search scored worse.
    """
    import optuna

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
    seeds = game_seeds(seed, 2 * n_trials + 1)
    sampler = optuna.samplers.TPESampler(seed=int(seeds[0] % 2**32))
    verbosity = optuna.logging.get_verbosity()
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    per_trial = n_games * (2 if skill is not None else 1)
    bar = bar_for_run(progress, n_trials * per_trial, f"{rules.game_name}: search of {n_trials} variants")
    rows = []
    try:
        study = optuna.create_study(direction="minimize", sampler=sampler)
        start_params = _params_of(rules, space, n_players) if rules_first else None
        if start_params is not None:
            study.enqueue_trial(start_params)
        for start in range(0, n_trials, batch):
            trials = [study.ask() for _ in range(min(batch, n_trials - start))]
            proposals, variants, runs = [], [], []
            for trial in trials:
                params = _suggest(trial, space)
                number = trial.number
                try:   # rules the game refuses, or a variant engine="fast" cannot play
                    variant, players = make_variant_rules(rules, params, n_players)
                    variant = Variant(variant, players, seeds[1 + 2 * number], seeds[2 + 2 * number])
                    runs += prepare_runs([variant], n_games, engine, skill)
                except ValueError as err:
                    proposals.append((trial, params, None, str(err)))
                    bar.update(per_trial)
                    continue
                variants.append(variant)
                proposals.append((trial, params, variant, ""))
            figures = iter(measure(variants, n_games, engine, executor, bar, skill, confidence, runs=runs))
            for trial, params, variant, error in proposals:
                row = {"trial": trial.number, **params, **(next(figures) if variant else {}), "error": error}
                value = float(score(pd.DataFrame([row]), goals)["score"].iloc[0]) if variant else math.nan
                if math.isfinite(value):
                    study.tell(trial, value)
                else:
                    study.tell(trial, state=optuna.trial.TrialState.FAIL)
                rows.append(row)
    finally:
        optuna.logging.set_verbosity(verbosity)
        if bar is not progress:
            bar.close()
    table = pd.DataFrame(rows)
    errors = table.pop("error")
    if "engine" not in table:
        table["engine"] = None
    for goal in goals:   # a search whose every trial was refused still has the goals' columns
        if goal.figure not in table:
            table[goal.figure] = np.nan
    table = pd.concat([table, score(table, goals)], axis=1)
    table["error"] = errors
    best = best_players = None
    if table["score"].notna().any():
        row = table.loc[table["score"].idxmin()]
        params = {name: row[name] for name in space}
        best, best_players = make_variant_rules(rules, {k: plain_value(v) for k, v in params.items()}, n_players)
    table.attrs["game"] = rules.game_name
    table.attrs["fields"] = list(space)
    table.attrs["n_games"] = n_games
    table.attrs["confidence"] = confidence
    return SearchResult(table, best, best_players, goals, study)


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


def _game(rules) -> str:
    parts = type(rules).__module__.split(".")
    if len(parts) < 3 or parts[:2] != ["boardkit", "games"] or not dataclasses.is_dataclass(rules):
        raise ValueError(f"variant_code needs the Rules of a boardkit game (md.Rules(), ...), got {rules!r}")
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

"""Many variants of one game, one row of figures each (``bk.sweep``).

A design question is rarely about one variant: "how does the hand limit
change the length of the game, and with two players?"  A sweep plays every
combination of the values in a grid and tabulates, for each, the headline
figures of :func:`boardkit.core.metrics.summary` with their intervals::

    grid = {"hand_limit": [4, 5, 6, 7, 8], "n_players": [2, 3, 4]}
    table = bk.sweep(md.Rules(), grid, n_games=2000, seed=0)
    table.plot(x="hand_limit", y="median length")

Every combination is checked (``rules.replace``) before any game is played,
so a typo fails at once.  Each combination's games get their own seed,
derived from the sweep's seed and the combination's place in the grid: the
same seed gives the same table, with or without an ``executor``, and each
row is exactly the frame ``bk.simulate`` would give for that variant with
that seed.  With an executor, the games of all the combinations are played
in chunks at once, so a process pool's cores stay busy from the first
combination to the last.

:func:`play_variants` does the playing for ``bk.sweep`` and for the design
lab's search (:mod:`boardkit.core.design`).
"""
from __future__ import annotations

import copy
import dataclasses
import itertools
import math
from numbers import Integral, Real

import numpy as np

from .rng import game_seeds
from .simulate import N_UPDATES, _finish, bar_for_run, frame_of, play_many, seed_array

#: the grid key that sets the number of players rather than a rule
PLAYERS = "n_players"


@dataclasses.dataclass
class Variant:
    """One variant to measure: its rules, its players and its two seeds.

    ``seed`` plays the games of the summary (as ``bk.simulate(rules,
    n_players, n_games, seed=seed)``); ``skill_seed`` plays the skill test,
    when there is one (as ``bk.metrics.skill_test(..., seed=skill_seed)``).
    """

    rules: object
    n_players: int
    seed: int
    skill_seed: int


@dataclasses.dataclass
class _Run:
    """One simulation's worth of games: what ``bk.simulate`` would play with these arguments."""

    rules: object
    n_players: int
    n_games: int
    seed: int
    bots: list
    #: the engine that plays it (``core.fast.EngineChoice``)
    choice: object
    #: in a skill test's run, the seat of the strong bot
    strong_seat: int | None = None

    @property
    def engine(self) -> str:
        return self.choice.engine

    @property
    def lane(self):
        return self.choice.lane

    def chunks(self, size: int):
        seeds = seed_array(self.seed, self.n_games)   # bk.simulate's seeds for this run
        return [seeds[i:i + size] for i in range(0, self.n_games, size)]


def plain_value(value):
    """A grid value as Python's own type: numpy's numbers become int, float or bool
    (the rules check for ``int``), lists become tuples (rules are frozen)."""
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if isinstance(value, (list, np.ndarray)):
        return tuple(plain_value(v) for v in value)
    return value


def check_field(rules, name) -> None:
    """ValueError unless ``name`` is a rule of ``rules`` or ``"n_players"``."""
    known = [f.name for f in dataclasses.fields(rules)]
    if not isinstance(name, str) or (name not in known and name != PLAYERS):
        raise ValueError(f"{name!r} is not a rule of {rules.game_name}; the rules are: "
                         f"{', '.join(sorted(known))} (and {PLAYERS!r} for the number of players)")


def make_variant_rules(rules, fields: dict, n_players: int):
    """``rules`` with ``fields`` changed (``n_players`` among them or not), checked for
    ``n_players`` players: ``(variant, players)``, or ValueError naming what is wrong."""
    changes = {k: v for k, v in fields.items() if k != PLAYERS}
    players = fields.get(PLAYERS, n_players)
    try:
        variant = rules.replace(**changes) if changes else rules
        variant.check_players(players)
    except ValueError as err:
        shown = ", ".join(f"{k}={v!r}" for k, v in fields.items())
        raise ValueError(f"the variant {shown} is not allowed: {err}") from None
    return variant, players


def grid_combinations(rules, grid: dict, n_players: int, skipped: list | None = None) -> list[tuple[dict, object, int]]:
    """Every combination of the grid's values, checked: ``(fields, rules, players)`` each.

    The first field of the grid varies slowest (as ``itertools.product``).  A
    combination the rules refuse raises ValueError, or, when a ``skipped``
    list is given, is left out and appended to it as ``(fields, reason)``.
    """
    if not isinstance(grid, dict) or not grid:
        raise ValueError(f"grid must be a dict of rule names to lists of values, got {grid!r}")
    options = {}
    for name, values in grid.items():
        check_field(rules, name)
        tuple_field = name != PLAYERS and isinstance(getattr(rules, name), tuple)
        if isinstance(values, tuple) and tuple_field:
            raise ValueError(f"grid[{name!r}] = {values!r}: {name} takes tuples, so give a list of "
                             f"them, e.g. [{getattr(rules, name)!r}]")
        if not isinstance(values, (list, tuple, range, np.ndarray)) or len(values) == 0:
            raise ValueError(f"grid[{name!r}] must be a non-empty list of values, got {values!r}")
        values = [plain_value(v) for v in values]
        for i, value in enumerate(values):
            if value in values[:i]:
                raise ValueError(f"grid[{name!r}] lists the value {value!r} twice")
        options[name] = values
    combinations = []
    for chosen in itertools.product(*options.values()):
        fields = dict(zip(options, chosen))
        try:
            variant, players = make_variant_rules(rules, fields, n_players)
        except ValueError as err:
            if skipped is None:
                raise
            skipped.append((fields, str(err)))
            continue
        combinations.append((fields, variant, players))
    if not combinations:
        raise ValueError(f"the rules allow no combination of the grid; the first refused: {skipped[0][1]}")
    return combinations


def check_skill(skill):
    """``None``, or a ``(strong, weak)`` pair of bots; ValueError otherwise."""
    if skill is None:
        return None
    if not isinstance(skill, (tuple, list)) or len(skill) != 2 or not all(
            callable(getattr(bot, "choose", None)) for bot in skill):
        raise ValueError(f"skill must be None or a (strong, weak) pair of bots (objects with a "
                         f"choose(game, actions, chance) method), got {skill!r}")
    return tuple(skill)


def check_games(n_games) -> int:
    if not isinstance(n_games, Integral) or isinstance(n_games, bool) or n_games < 1:
        raise ValueError(f"n_games must be a whole number >= 1, got {n_games!r}")
    return int(n_games)


def check_confidence(confidence) -> float:
    if not isinstance(confidence, Real) or isinstance(confidence, bool) or not 0 < confidence < 1:
        raise ValueError(f"confidence must be a number between 0 and 1, got {confidence!r}")
    return float(confidence)


def _runs_for(variant: Variant, n_games: int, engine: str, skill) -> list[_Run]:
    """The simulations that measure one variant: its games, then (with ``skill``) one
    run per seat with the strong bot in that seat, as ``bk.metrics.skill_test`` plays them."""
    from .fast import choose_engine
    from .metrics import seat_rotation

    rules, players = variant.rules, variant.n_players
    plans = [(rules.default_bots(players), n_games, variant.seed, None)]
    if skill is not None:
        strong, weak = skill
        for seat, (part, part_seed) in enumerate(zip(seat_rotation(n_games, players),
                                                     game_seeds(variant.skill_seed, players))):
            if part:
                bots = [strong if s == seat else copy.deepcopy(weak) for s in range(players)]
                plans.append((bots, part, part_seed, seat))
    runs = []
    for bots, games, seed, strong_seat in plans:
        runs.append(_Run(rules, players, games, seed, bots, choose_engine(engine, rules, players, bots),
                         strong_seat))
    return runs


def prepare_runs(variants: list[Variant], n_games: int, engine: str, skill) -> list[list[_Run]]:
    """Every variant's runs, with each run's engine chosen: raises (``engine="fast"``
    with a variant the lane cannot play) before any game is played."""
    return [_runs_for(variant, n_games, engine, skill) for variant in variants]


def _frame(run: _Run, parts: list):
    """The chunks of one run put together as ``bk.simulate`` puts them together: the same frame."""
    return _finish(frame_of(run.rules, parts, run.lane), 0, run.n_players, run.choice, {})


#: games per fast-lane chunk, at least (unless a run is split in four): the lane plays a
#: chunk in milliseconds, so a chunk costs more in its frame's making than in its games
FAST_CHUNK = 2000


def _chunk_size(run: _Run, size: int) -> int:
    """``size`` for the reference engine; for the fast lane, bigger chunks: up to FAST_CHUNK
    games, or a quarter of the run (so two workers still share a single variant)."""
    if run.lane is None:
        return size
    return max(size, min(math.ceil(run.n_games / 4), FAST_CHUNK))


def play_runs(runs: list[_Run], executor=None, bar=None) -> list:
    """Play every run, in chunks (all at once through ``executor``); one frame per run,
    each the frame ``bk.simulate`` gives with the run's arguments."""
    from .fast import play_fast

    total = sum(run.n_games for run in runs)
    size = max(1, math.ceil(total / N_UPDATES))   # about a hundred updates of the progress bar
    work = [(index, run, chunk) for index, run in enumerate(runs) for chunk in run.chunks(_chunk_size(run, size))]

    def player(run):
        return play_fast if run.lane is not None else play_many

    if executor is None:
        results = (player(run)(run.rules, run.n_players, chunk, run.bots) for _, run, chunk in work)
    else:
        futures = [executor.submit(player(run), run.rules, run.n_players, chunk, run.bots)
                   for _, run, chunk in work]
        results = (future.result() for future in futures)   # in order: the same frames as without
    parts: list[list] = [[] for _ in runs]
    for (index, _, _), part in zip(work, results):
        parts[index].append(part)
        if bar is not None:
            bar.update(len(part))
    return [_frame(run, run_parts) for run, run_parts in zip(runs, parts)]


def measure(variants: list[Variant], n_games: int, engine: str = "auto", executor=None, bar=None,
            skill=None, confidence: float = 0.95, runs: list[list[_Run]] | None = None) -> list[dict]:
    """Play and measure several variants at once: one dict of figures per variant.

    Each dict holds :func:`~boardkit.core.metrics.summary_with_intervals`' figures,
    then (with ``skill``, a ``(strong, weak)`` pair of bots) ``skill``, ``skill low``
    and ``skill high`` as :func:`~boardkit.core.metrics.skill_test` gives them,
    then ``engine``: the engine that played the summary's games.
    """
    from .metrics import summary_with_intervals

    if runs is None:
        runs = prepare_runs(variants, n_games, engine, skill)
    flat = [run for variant_runs in runs for run in variant_runs]
    frames = iter(play_runs(flat, executor, bar))
    rows = []
    for variant_runs in runs:
        own = [next(frames) for _ in variant_runs]
        row = dict(summary_with_intervals(own[0], confidence))
        if skill is not None:
            row.update(_skill_test_figures(variant_runs[1:], own[1:], confidence))
        row["engine"] = variant_runs[0].engine
        rows.append(row)
    return rows


def _skill_test_figures(runs: list[_Run], frames: list, confidence: float) -> dict:
    """``skill``, ``skill low``, ``skill high`` from the runs of one skill test."""
    from .metrics import skill_figure
    from .stats import wilson_interval

    wins = won = 0
    for run, frame in zip(runs, frames):
        seat = run.strong_seat
        winners = frame["winner"].dropna()
        won += len(winners)
        wins += int((winners == seat).sum())
    players = runs[0].n_players
    low, high = wilson_interval(wins, won, confidence)
    return {"skill": skill_figure(wins / won, players) if won else np.nan,
            "skill low": skill_figure(low, players), "skill high": skill_figure(high, players)}


def sweep(rules, grid: dict, n_players: int = 4, n_games: int = 2000, seed: int | None = 0,
          engine: str = "auto", executor=None, progress=True, skill=None,
          confidence: float = 0.95, invalid: str = "raise") -> "pandas.DataFrame":
    """Simulate every combination of ``grid`` and tabulate: one row per variant.

    ``grid`` maps rule names (and ``"n_players"``) to lists of values, e.g.
    ``{"hand_limit": [4, 5, 6], "n_players": [2, 4]}``; every combination is
    played (``n_games`` games each, on ``n_players`` players unless the grid
    sets them).  The table's columns: the grid's fields, then every figure of
    ``bk.metrics.summary`` each followed by its interval (``<figure> low`` /
    ``<figure> high`` at ``confidence``; see
    ``bk.metrics.summary_with_intervals``), then ``engine`` (which engine
    played that row's games).

    ``skill``: a ``(strong, weak)`` pair of bots adds ``skill``, ``skill
    low`` and ``skill high``: ``bk.metrics.skill_test`` of the strong bot
    against copies of the weak one, ``n_games`` more games per variant.

    An unknown field, a value the rules refuse, or a combination they refuse
    raises ``ValueError`` naming it before any game is played.  With
    ``invalid="skip"`` the combinations the rules refuse (a deal bigger than
    the hand limit) are left out instead, and listed with the reason in
    ``table.attrs["skipped"]``: a map over two rules with a few impossible
    cells.  ``seed``,
    ``engine``, ``executor`` and ``progress`` are as for ``bk.simulate``;
    variant ``i`` (counting from 0 in the order of the rows) plays its games
    from seed ``game_seeds(seed, 2 * n)[2 * i]`` (and its skill test from the
    next one), so its row is ``bk.simulate(variant, n_players, n_games,
    seed=that seed)`` summed up.  One progress bar covers every game.
    """
    import pandas as pd

    n_games = check_games(n_games)
    confidence = check_confidence(confidence)
    skill = check_skill(skill)
    if invalid not in ("raise", "skip"):
        raise ValueError(f"invalid={invalid!r} is not allowed: 'raise' or 'skip'")
    skipped = [] if invalid == "skip" else None
    combinations = grid_combinations(rules, grid, n_players, skipped)
    seeds = game_seeds(seed, 2 * len(combinations))
    variants = [Variant(variant, players, seeds[2 * i], seeds[2 * i + 1])
                for i, (_, variant, players) in enumerate(combinations)]
    runs = prepare_runs(variants, n_games, engine, skill)
    total = sum(run.n_games for variant_runs in runs for run in variant_runs)
    bar = bar_for_run(progress, total, f"{rules.game_name}: {len(variants)} variants x {n_games:,} games")
    try:
        rows = measure(variants, n_games, engine, executor, bar, skill, confidence, runs=runs)
    finally:
        if bar is not progress:   # a bar handed in is the caller's to close
            bar.close()
    table = pd.DataFrame([{**fields, **row} for (fields, _, _), row in zip(combinations, rows)])
    for column in ("games", "players"):
        table[column] = table[column].astype(int)
    table.attrs["game"] = rules.game_name
    table.attrs["fields"] = list(grid)
    table.attrs["skipped"] = skipped or []
    table.attrs["n_games"] = n_games
    table.attrs["confidence"] = confidence
    return table

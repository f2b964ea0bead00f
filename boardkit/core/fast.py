"""The fast lane: a second, compiled engine for big simulations.

boardkit has two engines that play the same rules:

* the **reference engine** (each game's ``game.py`` and ``bots.py``): the
  readable definition of the rules, the one students step through, the Apps
  play and custom bots plug into;
* the **fast lane** (each game's ``fast.py``): the same rules written as plain
  loops over small integer arrays and compiled with numba, for simulations of
  hundreds of thousands of games.  Its comments cite the same rule numbers as
  ``game.py``.

Both engines draw from one random stream: xoshiro256** seeded by splitmix64,
written in plain Python in ``core/rng.py`` (the reference engine's ``Chance``)
and compiled below (:func:`seed_chance`, :func:`uniform`, :func:`below`,
:func:`shuffle`, :func:`weighted`), number for number the same.  A game *in
lockstep* draws them in the same order in both engines, for every roll,
shuffle, door, deal and bot tie-break, so the same seed gives the same game
in both: ``bk.simulate(..., engine="reference")`` and ``engine="fast"`` return
identical frames, and ``engine="auto"`` changes only the speed.  Each game's
``tests/<game>/test_*_lockstep.py`` proves it on the rulebook and variants,
hundreds of seeds each.  Every game is in lockstep: Mystery Date, Mouse Trap,
Philo Vance, the Cluedo Card Game, Win, Lose or Draw.

Without numba a lane is not played as plain Python (numpy's numbers do not
add up as Python's do): calling one says so, and ``engine="auto"`` plays the
reference engine.

A game's lane is the module ``boardkit.games.<game>.fast``, which provides

``unsupported(rules, n_players, bots) -> str | None``
    ``None`` when the lane can play these rules with these bots, else a
    sentence saying which ``Rules`` field (or which bot) it cannot play;
``play_games(rules, n_players, seeds, bots) -> dict``
    one game per seed (a numpy ``int64`` array); the columns of
    ``Game.result()``, same names and meanings, each a sequence of
    ``len(seeds)`` values (``winner`` is -1 where nobody won).

This module picks the engine (``engine="auto" | "reference" | "fast"``) and
holds the lane's shared source of chance (:func:`seed_chance`,
:func:`uniform`, :func:`below`), so every lane draws its numbers the same way.
"""
from __future__ import annotations

import importlib
import warnings
from typing import NamedTuple

import numpy as np

ENGINES = ("auto", "reference", "fast")

_numba = None          # the numba module, once imported
_numba_failed = None   # why numba could not be imported (warned once)


def numba_available() -> bool:
    """Whether numba imports here; the first failure gives one warning, and
    every game is then played on the reference engine."""
    global _numba, _numba_failed
    if _numba is None and _numba_failed is None:
        try:
            _numba = importlib.import_module("numba")
        except Exception as err:  # ImportError, or a broken install (llvmlite)
            _numba_failed = f"{type(err).__name__}: {err}"
            warnings.warn(f"numba could not be imported ({_numba_failed}); boardkit plays every "
                          "simulation on the reference engine, which is slower but gives the same "
                          "results (the same games, for a game in lockstep with its lane)", RuntimeWarning, stacklevel=3)
    return _numba is not None


def game_package(rules) -> str | None:
    """The package of the game these rules belong to (``"boardkit.games.mystery_date"``), or None.

    A tinkerer's subclass of a game's ``Rules`` (made in a notebook, whose
    module is ``__main__``) belongs to the game of the ``Rules`` it extends."""
    for cls in type(rules).__mro__:
        parts = cls.__module__.split(".")
        if parts[:2] == ["boardkit", "games"] and len(parts) > 2:
            return ".".join(parts[:3])
    return None


def lane_for(rules):
    """The fast-lane module of the game these rules belong to, or None if it has none."""
    package = game_package(rules)
    if package is None:
        return None
    try:
        return importlib.import_module(package + ".fast")
    except ModuleNotFoundError as err:
        if err.name in (package + ".fast", "numba"):
            return None
        raise


class EngineChoice(NamedTuple):
    """Which engine plays a run: ``engine`` ("fast" or "reference"), the ``lane`` module
    (None on the reference engine), and ``fallback``: why ``engine="auto"`` could not take
    the fast lane (None when it did, or when the reference engine was asked for)."""
    engine: str
    lane: object
    fallback: str | None = None


_fallbacks_warned: set = set()   # the reasons ``engine="auto"`` has already warned of


def choose_engine(engine: str, rules, n_players: int, bots) -> EngineChoice:
    """The engine for a run of these rules and bots.

    ``"reference"`` always plays the readable engine; ``"fast"`` plays the
    lane or raises ``ValueError`` saying why it cannot; ``"auto"`` takes the
    lane when it can play every seat's bot under these rules and numba
    imports, else the reference engine, and then says why: in the choice's
    ``fallback`` (``bk.simulate`` puts it in ``frame.attrs["fallback"]``) and in
    a warning, once per reason.
    """
    if engine not in ENGINES:
        raise ValueError(f"engine={engine!r} is not allowed: choose one of "
                         f"{', '.join(map(repr, ENGINES))}")
    if engine == "reference":
        return EngineChoice("reference", None)
    why = _why_not_fast(rules, n_players, bots)
    if why is None:
        return EngineChoice("fast", lane_for(rules))
    if engine == "fast":
        raise ValueError(f"engine='fast' cannot play this simulation: {why}; "
                         "use engine='reference' (or 'auto', which falls back to it)")
    if why not in _fallbacks_warned:
        _fallbacks_warned.add(why)
        warnings.warn(f"engine='auto' plays the reference engine (slower, same rules): {why}",
                      RuntimeWarning, stacklevel=5)  # at the caller of bk.simulate
    return EngineChoice("reference", None, why)


def _why_not_fast(rules, n_players, bots) -> str | None:
    if not numba_available():
        return f"numba could not be imported ({_numba_failed})"
    lane = lane_for(rules)
    if lane is None:
        return f"{rules.game_name} has no fast lane yet"
    game_rules = importlib.import_module(game_package(rules)).Rules
    if type(rules) is not game_rules:
        return _subclass_reason(rules, game_rules)
    return lane.unsupported(rules, n_players, bots)


def _subclass_reason(rules, game_rules) -> str:
    """Why the lane does not play a subclass of its game's ``Rules``: it knows only the rulebook's fields."""
    import dataclasses

    known = {field.name for field in dataclasses.fields(game_rules)}
    extra = [field.name for field in dataclasses.fields(rules) if field.name not in known]
    name = f"{game_rules.__module__.rsplit('.', 1)[0]}.Rules"
    if extra:
        return (f"{type(rules).__name__} adds the rule{'s' if len(extra) > 1 else ''} "
                f"{', '.join(map(repr, extra))}, which the fast lane of {rules.game_name} does not know "
                f"(it plays the fields of {name})")
    return (f"{type(rules).__name__} is a subclass of {name}, and the fast lane plays only {name} itself "
            "(a subclass may change how the game is played)")


def result_types(rules) -> dict:
    """The type of each result column of the game these rules belong to (its ``Game.RESULT_TYPES``)."""
    return importlib.import_module(game_package(rules)).Game.RESULT_TYPES


def typed_frame(columns, types: dict) -> "pandas.DataFrame":
    """A frame of result columns (a dict of columns, or a list of ``Game.result()`` rows) with
    the game's column ``types``, so both engines' frames have the same columns and dtypes.

    A missing value (no winner, so no winner's deficit) is None in the reference engine's rows
    and -1 in a lane's columns; in a column that may have none (a nullable ``Int`` type) either
    becomes pandas' missing value.  Each column is typed as an array and the frame made once
    (typing a frame's columns one by one costs more than a small chunk's games)."""
    import pandas as pd

    if not isinstance(columns, dict):  # the reference engine's rows
        columns = {name: [row[name] for row in columns] for name in columns[0]}
    return pd.DataFrame({name: typed_column(values, types.get(name)) for name, values in columns.items()})


def typed_column(values, dtype: str | None):
    """One column (a list or an array) as an array of ``dtype`` (None: as it is)."""
    import pandas as pd

    if dtype is None:
        return values
    if dtype == "object":  # a Series, or pandas would make text its own str type (None becoming NaN)
        return pd.Series(np.asarray(values, dtype=object), dtype=object, copy=False)
    if dtype.startswith("Int"):  # -1, None or NaN: missing
        whole = np.array([-1 if v is None else v for v in values]) if isinstance(values, list) else values
        whole = np.asarray(whole)
        missing = (whole < 0) | np.isnan(whole) if whole.dtype.kind == "f" else whole < 0
        return pd.arrays.IntegerArray(np.where(missing, 0, whole).astype(dtype.lower()), missing)
    return np.asarray(values).astype(dtype, copy=False)


def play_fast(rules, n_players: int, seeds, bots) -> "pandas.DataFrame":
    """One chunk of a fast-lane simulation as a frame (a worker process runs this), with the
    game's column types (:func:`typed_frame`)."""
    lane = lane_for(rules)
    columns = lane.play_games(rules, n_players, seeds, bots)
    return typed_frame(columns, result_types(rules))


def lanes() -> list[str]:
    """The games that have a fast lane (``boardkit/games/<game>/fast.py``), by package name."""
    import importlib.util
    import pkgutil

    import boardkit.games

    return [info.name for info in pkgutil.iter_modules(boardkit.games.__path__)
            if info.ispkg and importlib.util.find_spec(f"boardkit.games.{info.name}.fast") is not None]


def warm_up(n_games: int = 3, verbose: bool = True, games=None) -> dict:
    """Compile every game's fast lane (or those of ``games``, e.g. ``cold_lanes()``) now, so no
    student waits for it later.

    Plays ``n_games`` games of each lane's rulebook (or of each way to play
    its ``warm_up_rules()`` lists) with its default bots
    and with ``Random`` (the smallest and the largest table), which compiles
    every function of the lane and stores it in numba's on-disk cache
    (``__pycache__`` beside each ``fast.py``).  ``binder/postBuild`` calls it
    when a Binder image is built.  Returns ``{game: seconds}``; a lane that
    fails is reported and the others still warm up (its seconds are NaN).
    """
    import time

    from .bots import Random

    if not numba_available():
        return {}
    timings = {}
    for name in lanes() if games is None else games:
        started = time.perf_counter()
        try:
            rulebook = importlib.import_module(f"boardkit.games.{name}").Rules()
            lane = lane_for(rulebook)
            # a lane whose ways to play compile apart lists them (Win, Lose or Draw: team and gameboard)
            every_way = lane.warm_up_rules() if hasattr(lane, "warm_up_rules") else [rulebook]
            seeds = np.arange(n_games, dtype=np.int64)
            for rules in every_way:
                for n_players in sorted({rules.min_players, rules.max_players}):
                    for bots in (rules.default_bots(n_players), [Random() for _ in range(n_players)]):
                        if lane.unsupported(rules, n_players, bots) is None:
                            lane.play_games(rules, n_players, seeds, bots)
            timings[name] = time.perf_counter() - started
        except Exception as err:  # one broken lane must not stop the others warming up
            timings[name] = float("nan")
            warnings.warn(f"the fast lane of {name} did not compile: {type(err).__name__}: {err}",
                          RuntimeWarning, stacklevel=2)
        if verbose:
            print(f"fast lane {name}: ready in {timings[name]:.1f} s", flush=True)
    return timings



def entry_functions(module) -> list:
    """The compiled functions a lane's ``play_games`` calls, itself or through the lane's other Python
    functions: its entry points.  numba compiles such a function at its first call unless its disk
    cache holds it; what it calls in turn is compiled into it, and loaded with it from the cache."""
    import types

    from numba.core.dispatcher import Dispatcher

    def names(code):     # the names a function's code uses, its nested functions' included
        return set(code.co_names).union(*(names(c) for c in code.co_consts if isinstance(c, types.CodeType)))

    found, seen, todo = set(), set(), ["play_games"]
    while todo:
        value = getattr(module, todo.pop(), None)
        if isinstance(value, Dispatcher):
            found.add(value)
        elif isinstance(value, types.FunctionType) and value.__module__ == module.__name__:
            todo.extend(names(value.__code__) - seen)
            seen.update(names(value.__code__))
    return sorted(found, key=lambda function: function.__name__)


def is_compiled(module) -> bool:
    """Whether ``module``'s lane plays without compiling: each of its ``entry_functions`` is
    compiled in this process already, or numba's disk cache holds a copy that numba would load
    here (same numba, unchanged sources, this machine's processor).  Asked as numba asks its
    cache before it compiles: this reads the cache's index only, and compiles nothing."""
    if not numba_available():
        return False
    from numba.core.registry import cpu_target

    codegen = cpu_target.target_context.codegen()
    functions = entry_functions(module)
    for function in functions:
        if function.signatures:                      # compiled in this process
            continue
        cache = function._cache
        index = cache._cache_file._load_index() if hasattr(cache, "_cache_file") else {}   # {}: missing,
        if not any(key == cache._index_key(key[0], codegen) for key in index):            # stale, another numba
            return False
    return bool(functions)


def cold_lanes() -> list[str]:
    """The games whose fast lane would compile before it plays (``is_compiled`` is False)."""
    if not numba_available():
        return []
    return [name for name in lanes() if not is_compiled(importlib.import_module(f"boardkit.games.{name}.fast"))]

# -- the lane's source of chance ------------------------------------------------
# Each game of the fast lane draws from its own small generator (xoshiro256**,
# seeded from the game's 64-bit seed by splitmix64), kept in four unsigned
# 64-bit words: the compiled twin of core/rng.py's Chance, which the reference
# engine draws from, number for number (tests/core/test_rng.py proves it).
# numba's own np.random takes 32-bit seeds only, so a million games seeded
# from it would repeat some games; this one takes the whole seed.

def njit(function=None, *, allocates=True, **options):
    """``numba.njit(cache=True)`` of ``function``; the plain function where numba is missing.

    Every lane compiles with this, so a lane's functions are cached on disk
    (compiled once per machine, not once per kernel).  ``options`` go to
    numba: ``@njit(inline="always")`` copies a small function that is called
    once a turn into its caller, which saves the cost of the call (each array
    passed to a compiled call is reference-counted) at some compile time.

    ``@njit(allocates=False)`` promises that the function makes no new array
    (it only reads and writes the arrays it is given, and calls only other
    such functions).  numba then compiles it without reference counting (its
    flag ``_nrt=False``, which numba uses for its own string functions): every
    array a compiled function receives otherwise costs an atomic increment and
    decrement of a counter, and in a lane's inner loop, where each turn calls
    helpers with a dozen arrays, that counting took a third of the time.  A
    function that does make an array then fails to compile, saying so; make
    the work arrays in the caller and pass them in.

    The disk cache follows everything the function is built from: its file
    and every boardkit file that file imports from (this one's generator, the
    game's rules), so a change to any of them compiles the lane anew
    (:mod:`boardkit.core.lane_cache`; numba alone notices only the file itself).
    """
    if function is None:
        return lambda f: njit(f, allocates=allocates, **options)
    if not numba_available():
        return _needs_numba(function)
    from .lane_cache import LaneCache

    if not allocates:
        options["_nrt"] = False
    compiled = _numba.njit(**options)(function)
    compiled._cache = LaneCache(function)  # what cache=True does (Dispatcher.enable_caching), with our stamp
    _compile_for_plain_types(compiled)
    return compiled


def _compile_for_plain_types(compiled):
    """Compile ``compiled`` once for plain numbers, not again for each constant a caller passes.

    numba compiles a function called from compiled code for the exact types of the call, and a
    constant is a type of its own: ``move(PV, ...)`` (``Literal[int](6)``) and ``move(piece, ...)``
    (``int64``) were two copies of ``move`` and of everything it calls, compiled and optimised
    twice.  Here a call's constants count as the plain ``int64`` or ``bool`` they are (what numba
    already does for a call from Python), so each function of a lane is compiled once."""
    from numba.core.types import unliteral

    exact_template = compiled.get_call_template   # what numba asks when compiled code calls this function

    def get_call_template(args, kws):
        return exact_template([unliteral(arg) for arg in args], {name: unliteral(arg) for name, arg in kws.items()})

    compiled.get_call_template = get_call_template


def _needs_numba(function):
    """Without numba a lane's function is not played as plain Python (numpy's whole numbers and
    bools do not add up as Python's do, so it would not give the lane's results): calling it
    says so, and ``engine="auto"`` plays the reference engine instead."""
    import functools

    @functools.wraps(function)
    def refuse(*args, **kwargs):
        raise RuntimeError(f"the fast lane ({function.__module__}.{function.__name__}) needs numba, which "
                           f"could not be imported ({_numba_failed}); play engine='reference' (or 'auto')")
    return refuse


@njit
def seed_chance(state, seed):
    """Fill ``state`` (4 x uint64) from one game seed (splitmix64)."""
    x = np.uint64(seed)
    for i in range(4):
        x = x + np.uint64(0x9E3779B97F4A7C15)
        z = x
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        state[i] = z ^ (z >> np.uint64(31))


@njit(inline="always")
def rotate_left(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit(inline="always")
def next_bits(state):
    """The next 64 random bits (xoshiro256**)."""
    result = rotate_left(state[1] * np.uint64(5), 7) * np.uint64(9)
    t = state[1] << np.uint64(17)
    state[2] ^= state[0]
    state[3] ^= state[1]
    state[1] ^= state[2]
    state[0] ^= state[3]
    state[2] ^= t
    state[3] = rotate_left(state[3], 45)
    return result


@njit(inline="always")
def uniform(state):
    """A number in [0, 1), from the top 53 bits."""
    return float(next_bits(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(inline="always")
def below(state, n):
    """A whole number 0 .. n-1, each equally likely (n >= 1)."""
    k = int(uniform(state) * n)
    return k if k < n else n - 1


@njit(allocates=False)
def weighted(weights, state):
    """An index drawn with probability proportional to ``weights`` (one ``uniform``
    laid along their running total; a zero weight is never drawn)."""
    total = 0.0
    for w in weights:
        total += w
    target = uniform(state) * total
    running, last = 0.0, 0
    for i in range(weights.shape[0]):
        if weights[i] > 0:
            running += weights[i]
            last = i
            if target < running:
                return i
    return last


def new_chance():
    """An empty generator state for :func:`seed_chance` (4 x uint64)."""
    return np.zeros(4, dtype=np.uint64)


# -- what every lane plays the same way --------------------------------------------
@njit(allocates=False)
def shuffle(cards, n, chance):
    """Shuffle the first ``n`` of ``cards`` in place (Fisher-Yates): every order equally likely."""
    for i in range(n - 1, 0, -1):
        j = below(chance, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


@njit(allocates=False)
def seat_after(seat, k, n_players):
    """The seat ``k`` places after ``seat`` in turn order (0 <= k <= n_players).
    Written without ``%``: a division is slow, and this is asked several times a turn."""
    seat += k
    return seat - n_players if seat >= n_players else seat


# -- the lead (core/lead.py's LeadTracker), for every lane ----------------------------
# A lane keeps each seat's standing (its score, cheese, progress ...) in ``standing``,
# each seat's worst deficit in ``worst``, and ``lead``: [the sole leader (NO_LEADER
# before anyone led alone), the lead changes so far].
NO_LEADER = -1


@njit(allocates=False)
def sole_leader(standing, n):
    """The seat of ``standing[:n]`` ahead of every other, or NO_LEADER when the best is shared."""
    best = standing[0]
    for seat in range(1, n):
        best = max(best, standing[seat])
    leader, n_best = NO_LEADER, 0
    for seat in range(n):
        if standing[seat] == best:
            n_best += 1
            leader = seat
    return leader if n_best == 1 else NO_LEADER


@njit(allocates=False)
def note_lead(standing, worst, lead, n):
    """LeadTracker.update with the standings ``standing[:n]``: each seat's worst deficit (the
    most it was ever behind the best), and a change of sole leader (a tie for the lead is skipped)."""
    best = standing[0]
    for seat in range(1, n):
        best = max(best, standing[seat])
    for seat in range(n):
        worst[seat] = max(worst[seat], best - standing[seat])
    leader = sole_leader(standing, n)
    if leader != NO_LEADER and leader != lead[0]:
        if lead[0] != NO_LEADER:
            lead[1] += 1
        lead[0] = leader


# -- from Python to a lane and back ---------------------------------------------------
def unsupported_bot(bots, twins: dict, game_name: str) -> str | None:
    """None when every seat's bot is one the lane plays (``twins``: {bot class: the lane's
    number for it}); else a sentence naming the first other bot and its seat.  A subclass
    is refused too: it may decide differently, and the lane plays only the class's policy."""
    for seat, bot in enumerate(bots):
        if type(bot) not in twins:
            names = list(dict.fromkeys(cls.__name__ for cls in twins))  # two classes may share a name
            listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            return (f"the {game_name} fast lane plays only the {listed} bots, not {bot!r} (seat {seat}); "
                    "a bot of your own is played by the reference engine")
    return None


def bot_codes(bots, twins: dict) -> np.ndarray:
    """Each seat's bot as the lane's number for it (``twins``: {bot class: number})."""
    return np.array([twins[type(bot)] for bot in bots], np.int64)


def lane_seeds(seeds) -> np.ndarray:
    """The seeds as a lane's compiled code takes them: a fresh ``int64`` array of its own.

    A copy, because numba compiles a function again for every new kind of array it is
    given, and a read-only one (a frame's ``frame["seed"].to_numpy()``) is a new kind:
    without the copy, such seeds would wait for a whole lane to compile a second time."""
    return np.array(seeds, dtype=np.int64)


def result_columns(seeds, out, names, labels: dict) -> dict:
    """A lane's results as the columns of ``Game.result()``: ``out[i, k]`` is game ``i``'s
    value of column ``names[k]``; a column in ``labels`` holds codes into its labels
    (the end reason's words ...).  -1 stands for a missing value (no winner, no deficit):
    :func:`typed_frame` makes it one."""
    columns = {"seed": np.asarray(seeds, dtype=np.int64)}
    for k, name in enumerate(names):
        values = out[:, k]
        columns[name] = np.asarray(labels[name], dtype=object)[values] if name in labels else values
    return columns

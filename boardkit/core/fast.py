"""The fast lane: a second, compiled engine for big simulations.

boardkit has two engines that play the same rules:

* the **reference engine** (each game's ``game.py`` and ``bots.py``): the
  readable definition of the rules, the one students step through, the Apps
  play and custom bots plug into;
* the **fast lane** (each game's ``fast.py``): the same rules written as plain
  loops over small integer arrays and compiled with numba, for simulations of
  hundreds of thousands of games.  Its comments cite the same rule numbers as
  ``game.py``, and tests prove that its games agree *in distribution* with the
  reference engine's, on the rulebook and on variants.

The two engines use different random numbers, so the same seed does not give
the same game in both; each engine on its own gives the same frame from the
same seed, on every machine.

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
                          "results in distribution", RuntimeWarning, stacklevel=3)
    return _numba is not None


def lane_for(rules):
    """The fast-lane module of the game these rules belong to, or None if it has none."""
    package = type(rules).__module__.rsplit(".", 1)[0]
    try:
        return importlib.import_module(package + ".fast")
    except ModuleNotFoundError as err:
        if err.name in (package + ".fast", "numba"):
            return None
        raise


def choose_engine(engine: str, rules, n_players: int, bots) -> tuple[str, object]:
    """``("fast", lane)`` or ``("reference", None)`` for a run of these rules and bots.

    ``"reference"`` always plays the readable engine; ``"fast"`` plays the
    lane or raises ``ValueError`` saying why it cannot; ``"auto"`` takes the
    lane when it can play every seat's bot under these rules and numba
    imports, else the reference engine.
    """
    if engine not in ENGINES:
        raise ValueError(f"engine={engine!r} is not allowed: choose one of "
                         f"{', '.join(map(repr, ENGINES))}")
    if engine == "reference":
        return "reference", None
    why = _why_not_fast(rules, n_players, bots)
    if why is None:
        return "fast", lane_for(rules)
    if engine == "fast":
        raise ValueError(f"engine='fast' cannot play this simulation: {why}; "
                         "use engine='reference' (or 'auto', which falls back to it)")
    return "reference", None


def _why_not_fast(rules, n_players, bots) -> str | None:
    if not numba_available():
        return f"numba could not be imported ({_numba_failed})"
    lane = lane_for(rules)
    if lane is None:
        return f"{rules.game_name} has no fast lane yet"
    return lane.unsupported(rules, n_players, bots)


def play_fast(rules, n_players: int, seeds, bots) -> "pandas.DataFrame":
    """One chunk of a fast-lane simulation as a frame (a worker process runs this).

    The frame is compact, so ten million games fit in memory: whole-number
    columns take the smallest integer type that holds them (``seed`` stays
    ``int64``), and a column of whole numbers with gaps (``winner`` where
    nobody won) is ``float32`` with NaN.  Values are the same as in a frame
    of ``int64``/``float64``; only the memory differs.  Each column is made
    small as a numpy array, and the frame built once from them (changing a
    frame's columns one by one costs more than a small chunk's games).
    """
    import pandas as pd

    lane = lane_for(rules)
    columns = lane.play_games(rules, n_players, np.asarray(seeds, dtype=np.int64), bots)
    if "winner" in columns:
        winner = np.asarray(columns["winner"])
        if (winner < 0).any():  # as the reference frame: no winner is a missing value
            columns["winner"] = np.where(winner < 0, np.nan, winner)
    return pd.DataFrame({name: small_column(name, values) for name, values in columns.items()})


def compact(frame):
    """``frame`` with small number types: integers downcast, whole numbers with NaN as float32."""
    for name in frame.columns:
        values = frame[name].to_numpy()
        smaller = small_column(name, values)
        if smaller is not values:
            frame[name] = smaller
    return frame


#: the integer types a column may shrink to, smallest first (pandas' downcast="integer")
SMALL_INTEGERS = (np.int8, np.int16, np.int32, np.int64)


def small_column(name: str, values):
    """``values`` (a numpy array) in the smallest type that holds them exactly, as ``compact`` says;
    ``seed``, text and anything else not numeric come back as they are."""
    if name == "seed" or not isinstance(values, np.ndarray) or values.size == 0:
        return values
    if values.dtype.kind in "iu":
        low, high = values.min(), values.max()
        for small in SMALL_INTEGERS:
            limits = np.iinfo(small)
            if limits.min <= low and high <= limits.max:
                return values.astype(small) if values.dtype != small else values
        return values  # a uint64 beyond int64 stays as it is
    if values.dtype.kind == "f":
        finite = values[np.isfinite(values)]
        if (finite == np.round(finite)).all() and (np.abs(finite) < 2**24).all():
            return values.astype(np.float32)  # exact for whole numbers below 2**24
    return values


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
# 64-bit words.  numba's own np.random takes 32-bit seeds only, so a million
# games seeded from it would repeat some games; this one takes the whole seed.

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

    numba's cache notices a change to a lane's own file, not to this one:
    after changing the generator below, delete the lanes' ``__pycache__``
    (or set ``NUMBA_CACHE_DIR`` to a fresh folder) so they compile it anew.
    """
    if function is None:
        return lambda f: njit(f, allocates=allocates, **options)
    if not numba_available():
        return function
    if not allocates:
        options["_nrt"] = False
    return _numba.njit(cache=True, **options)(function)


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


def new_chance():
    """An empty generator state for :func:`seed_chance` (4 x uint64)."""
    return np.zeros(4, dtype=np.uint64)

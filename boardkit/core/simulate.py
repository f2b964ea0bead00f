"""Many games at once: ``bk.simulate`` returns one pandas row per game.

Games are played in about a hundred chunks so the progress bar moves about a
hundred times a run (more updates would flood a notebook's output), and so
the chunks can be sent to an ``executor``: a ``ProcessPoolExecutor`` for the
cores of one machine, or a Dask cluster's ``client.get_executor()``.  Each
game's seed comes from the run's seed, so the same ``seed`` gives the same
frame whatever the executor.

A run too big to keep (ten million games) can be streamed instead:
``bk.simulate_stream`` yields the same rows one chunk at a time, so a study
can count what it needs and let each chunk go.
"""
from __future__ import annotations

import itertools
import math
import os
from collections import deque

import numpy as np

from .play import play
from .rng import check_seed
from .pool import process_pool  # noqa: F401 -- bk.process_pool's home is core.pool; kept importable from here

N_UPDATES = 100
#: The most games in one chunk of a stream (about 5 MB of fast-lane frame).
STREAM_CHUNK = 100_000


def seed_array(seed: int | None, n: int) -> np.ndarray:
    """The ``n`` game seeds of a run as an ``int64`` array: the same numbers as
    ``core.rng.game_seeds`` (tested), in 8 bytes each instead of a Python int."""
    states = np.random.SeedSequence(check_seed(seed)).generate_state(n, dtype=np.uint64)
    return (states >> np.uint64(1)).astype(np.int64)


def play_many(rules, n_players: int, seeds: list[int], bots) -> list[dict]:
    """Play one game per seed, events off; the rows of a simulation frame."""
    rows = []
    for seed in seeds:
        game = rules.new_game(n_players, seed=seed, record_events=False)
        play(game, bots)
        rows.append(game.result())
    return rows


def bar_for_run(progress, total: int, description: str):
    """The bar a run of games updates: the caller's own (anything with ``update(n)``),
    else a new tqdm bar over ``total`` games, hidden when ``progress`` is False.

    A bar made here is the run's to close; a bar handed in is the caller's.
    """
    if hasattr(progress, "update"):
        return progress
    from tqdm.auto import tqdm  # here, not at import: a lesson page that never runs a study never loads it

    # What it counts, in words ("250 of 1,000 games"), never tqdm's "?it/s"
    return tqdm(total=total, desc=description, disable=not progress, mininterval=0.2,
                bar_format="{desc}: {percentage:3.0f}%|{bar}| {n:,} of {total:,} games, {elapsed}")


def _check_run(rules, n_players, n_games, bots, engine):
    rules.check_players(n_players)
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 1:
        raise ValueError(f"n_games must be a whole number >= 1, got {n_games!r}")
    if bots is None:
        bots = rules.default_bots(n_players)
    if len(bots) != n_players or any(bot is None for bot in bots):
        raise ValueError(f"bots must give a bot for each of the {n_players} seats")
    from .fast import choose_engine

    return bots, choose_engine(engine, rules, n_players, bots)


def _played_chunks(rules, n_players, seeds, size, bots, lane, executor):
    """Each chunk's games, in order: a fast-lane frame, or the reference engine's rows.

    With an executor, the first chunk is played here while the workers start (which takes
    seconds), so a progress bar moves at once; the seeds, and so the frame, are the same.

    With an executor, only a few chunks are out at a time (two per worker), so
    a long run never holds more finished chunks than it has handed back."""
    from .fast import play_fast

    play_chunk = play_fast if lane is not None else play_many
    starts = range(0, len(seeds), size)

    def chunk(start):
        part = seeds[start:start + size]
        return part if lane is not None else part.tolist()  # the reference engine takes Python ints

    if executor is None:
        for start in starts:
            yield play_chunk(rules, n_players, chunk(start), bots)
        return
    window = 2 * (getattr(executor, "_max_workers", None) or os.cpu_count() or 2)
    first, *rest = starts
    later = (executor.submit(play_chunk, rules, n_players, chunk(start), bots) for start in rest)
    pending: deque = deque(itertools.islice(later, window))   # the workers start up on these (seconds)...
    yield play_chunk(rules, n_players, chunk(first), bots)    # ...while this process plays the first chunk: the bar moves
    for future in later:
        pending.append(future)
        yield pending.popleft().result()  # in order: the same frame as without an executor
    while pending:
        yield pending.popleft().result()


def _run(rules, n_players, n_games, seed, bots, progress, executor, engine, size):
    """(the engine chosen, the parts of the run, one per chunk, as they come)."""
    from .fast import is_compiled

    bots, choice = _check_run(rules, n_players, n_games, bots, engine)
    lane = choice.lane
    seeds = seed_array(seed, n_games)
    description = f"{rules.game_name}: {n_games:,} games"

    def parts():
        bar = bar_for_run(progress, n_games, description)
        # "compiling" only where numba will compile: a lane in numba's disk cache loads at once
        compiling = (lane is not None and hasattr(bar, "set_description") and not getattr(bar, "disable", False)
                     and not is_compiled(lane))
        if compiling:
            bar.set_description(f"{rules.game_name}: compiling the fast lane (once)")
        try:
            for i, part in enumerate(_played_chunks(rules, n_players, seeds, size, bots, lane, executor)):
                if i == 0 and compiling:
                    bar.set_description(description)
                bar.update(len(part))
                yield part
        finally:
            if bar is not progress:  # a bar that was handed in is the caller's to close
                bar.close()

    return choice, parts()


def frame_of(rules, parts: list, lane) -> "pandas.DataFrame":
    """Chunks of one run as one frame: the lane's frames put together, or the reference
    engine's rows made into a frame; either way with the game's column types
    (``Game.RESULT_TYPES``), so the two engines' frames have the same columns and dtypes."""
    import pandas as pd  # imported here: pandas is slow to load and an app may never simulate

    from .fast import result_types, typed_frame

    if lane is not None:
        return pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]
    return typed_frame([row for part in parts for row in part], result_types(rules))


def _finish(frame, first_game, n_players, choice, columns):
    """The run's own columns (``game``, ``n_players``, the caller's constants) and ``attrs``:
    ``engine``, and ``fallback`` (why ``engine="auto"`` played the reference engine) if it did."""
    frame.insert(0, "game", np.arange(first_game, first_game + len(frame), dtype=np.int64))
    frame["n_players"] = np.full(len(frame), n_players, dtype=np.int8)
    for name, value in columns.items():
        frame[name] = value
    frame.attrs["engine"] = choice.engine
    if choice.fallback is not None:
        frame.attrs["fallback"] = choice.fallback
    return frame


def simulate(
    rules,
    n_players: int = 4,
    n_games: int = 1000,
    seed: int | None = 0,
    bots=None,
    progress=True,
    executor=None,
    engine: str = "auto",
    **columns,
) -> "pandas.DataFrame":
    """Play ``n_games`` games of ``rules`` and tabulate them.

    ``bots`` is one bot per seat (default: the game's own heuristic bots).
    ``progress``: True for a tqdm progress bar (a widget in a notebook), False
    for none, or a bar you made yourself, which is updated and left open for
    you to close (anything with ``update(n)``, such as
    ``tqdm.notebook.tqdm(total=n_games, display=False)``, whose widget you can
    place where you like).
    ``engine``: ``"reference"`` plays the readable engine (``game.py`` and
    ``bots.py``); ``"fast"`` the game's compiled lane (``fast.py``, numba),
    or raises ``ValueError`` saying why it cannot; ``"auto"`` (the default)
    takes the fast lane when it can play these rules with every seat's bot,
    else the reference engine.  ``frame.attrs["engine"]`` says which played,
    and when ``"auto"`` fell back to the reference engine,
    ``frame.attrs["fallback"]`` says why (a warning says it too, once).
    Every game is in lockstep with its lane (Mystery Date, Mouse Trap, Philo
    Vance, the Cluedo Card Game, Win, Lose or Draw; see ``core/fast.py``): the
    two engines give the same frame from the same seed, so the engine changes
    only the speed.
    Both give the same columns with the same types (the game's
    ``Game.RESULT_TYPES``: ``int32`` counts, pandas' nullable ``Int8`` for
    ``winner``, missing where nobody won), about 40 bytes a game; for runs
    too big to keep, use :func:`simulate_stream`.
    Extra keyword arguments become constant columns (e.g. ``variant="no dud"``)
    so frames of several variants can be concatenated and compared.
    """
    size = max(1, math.ceil(n_games / N_UPDATES)) if isinstance(n_games, int) and n_games > 0 else 1
    choice, parts = _run(rules, n_players, n_games, seed, bots, progress, executor, engine, size)
    return _finish(frame_of(rules, list(parts), choice.lane), 0, n_players, choice, columns)


def simulate_stream(
    rules,
    n_players: int = 4,
    n_games: int = 1000,
    seed: int | None = 0,
    bots=None,
    progress=True,
    executor=None,
    engine: str = "auto",
    chunk_size: int = STREAM_CHUNK,
    **columns,
):
    """:func:`simulate`, a chunk at a time: yields frames of at most ``chunk_size`` games.

    The frames hold the same rows as ``simulate`` with the same arguments
    (``game`` counts on from chunk to chunk), so a study of ten million games
    can add up what it needs and keep only that::

        wins = 0
        for part in bk.simulate_stream(md.Rules(), n_games=10_000_000, executor=pool):
            wins += (part["winner"] == 0).sum()

    Memory stays at a few chunks (with an executor, two per worker), about
    40 bytes a game: 100,000-game chunks are a few MB.  Every chunk has the
    same column types, whichever engine plays it (``Game.RESULT_TYPES``).
    """
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise ValueError(f"chunk_size must be a whole number >= 1, got {chunk_size!r}")
    choice, parts = _run(rules, n_players, n_games, seed, bots, progress, executor, engine, chunk_size)
    return _stream(rules, parts, n_players, choice, columns)


def _stream(rules, parts, n_players, choice, columns):
    first = 0
    for part in parts:
        frame = frame_of(rules, [part], choice.lane)
        yield _finish(frame, first, n_players, choice, columns)
        first += len(frame)

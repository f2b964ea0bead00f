"""Many games at once: ``bk.simulate`` returns one pandas row per game.

Games are played in about a hundred chunks so the progress bar moves about a
hundred times a run (more updates would flood a notebook's output), and so
the chunks can be sent to an ``executor``: a ``ProcessPoolExecutor`` for the
cores of one machine, or a Dask cluster's ``client.get_executor()``.  Each
game's seed comes from the run's seed, so the same ``seed`` gives the same
frame whatever the executor.
"""
from __future__ import annotations

import math
import multiprocessing
import os
import signal
from concurrent.futures import ProcessPoolExecutor

from tqdm.auto import tqdm

from .play import play
from .rng import game_seeds

N_UPDATES = 100


def play_many(rules, n_players: int, seeds: list[int], bots) -> list[dict]:
    """Play one game per seed, events off; the rows of a simulation frame."""
    rows = []
    for seed in seeds:
        game = rules.new_game(n_players, seed=seed, record_events=False)
        play(game, bots)
        rows.append(game.result())
    return rows


def process_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """Worker processes for ``simulate(..., executor=pool)``, safe to use in a notebook.

    A Jupyter kernel runs several threads.  Forking it (the default way to
    start a worker on Linux) can copy a lock that another thread holds at that
    moment, and the worker then waits for it for ever.  This pool starts its
    workers from a small clean "forkserver" process instead ("spawn" where
    there is none).  ``workers`` defaults to the number of CPU cores.
    Workers ignore Ctrl-C (a notebook's "interrupt kernel"): the notebook
    stops waiting for them, and they finish their chunk quietly.
    """
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    return ProcessPoolExecutor(max_workers=workers or os.cpu_count(), mp_context=context,
                               initializer=_ignore_interrupts)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def bar_for_run(progress, total: int, description: str):
    """The bar a run of games updates: the caller's own (anything with ``update(n)``),
    else a new tqdm bar over ``total`` games, hidden when ``progress`` is False.

    A bar made here is the run's to close; a bar handed in is the caller's.
    """
    if hasattr(progress, "update"):
        return progress
    return tqdm(total=total, desc=description, disable=not progress, unit="game", mininterval=0.2)


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
    else the reference engine.  ``frame.attrs["engine"]`` says which played.
    The two engines agree in distribution, not game for game: each gives the
    same frame from the same seed, but not the same frame as the other.
    Extra keyword arguments become constant columns (e.g. ``variant="no dud"``)
    so frames of several variants can be concatenated and compared.
    """
    rules.check_players(n_players)
    if not isinstance(n_games, int) or n_games < 1:
        raise ValueError(f"n_games must be a whole number >= 1, got {n_games!r}")
    if bots is None:
        bots = rules.default_bots(n_players)
    if len(bots) != n_players or any(bot is None for bot in bots):
        raise ValueError(f"bots must give a bot for each of the {n_players} seats")
    from .fast import choose_engine, play_fast

    engine, lane = choose_engine(engine, rules, n_players, bots)
    play_chunk = play_fast if lane is not None else play_many
    seeds = game_seeds(seed, n_games)
    size = max(1, math.ceil(n_games / N_UPDATES))
    chunks = [seeds[i:i + size] for i in range(0, n_games, size)]
    description = f"{rules.game_name}: {n_games:,} games"
    bar = bar_for_run(progress, n_games, description)
    if lane is not None and hasattr(bar, "set_description"):
        bar.set_description(f"{rules.game_name}: compiling the fast lane (once)")
    parts: list = []
    try:
        if executor is None:
            results = (play_chunk(rules, n_players, chunk, bots) for chunk in chunks)
        else:
            futures = [executor.submit(play_chunk, rules, n_players, chunk, bots) for chunk in chunks]
            results = (future.result() for future in futures)  # in order: the same frame as without
        for part in results:
            if not parts and lane is not None and hasattr(bar, "set_description"):
                bar.set_description(description)
            parts.append(part)
            bar.update(len(part))
    finally:
        if bar is not progress:  # a bar that was handed in is the caller's to close
            bar.close()
    import pandas as pd  # imported here: pandas is slow to load and an app may never simulate

    if lane is not None:
        frame = pd.concat(parts, ignore_index=True)
    else:
        frame = pd.DataFrame([row for part in parts for row in part])
    frame.insert(0, "game", range(n_games))
    frame["n_players"] = n_players
    for name, value in columns.items():
        frame[name] = value
    frame.attrs["engine"] = engine
    return frame

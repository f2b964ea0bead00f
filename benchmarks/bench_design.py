"""The design lab's speed (issue 15): a slider move, a 6x5 grid and a 50-trial search of Mystery Date.

    python benchmarks/bench_design.py                 # the issue's sizes
    python benchmarks/bench_design.py --scale 0.1     # a tenth of the games, for a quick look
    python benchmarks/bench_design.py --engine reference

The issue's goals, on a 2-core machine with the fast lane:

* one slider move (5,000 games of one variant, and its figures) in under 1 s;
* a 6x5 grid of 5,000 games each (``bk.sweep``, 2 worker processes) in under 10 s;
* a 50-trial search of 2,000 games each (``bk.design.search``, 2 workers) in under 60 s.

Each line says which engine played (``engine="auto"`` takes Mystery Date's
fast lane when it has one, else the reference engine) and the time of one
run (wall clock; the pool is started, and any lane compiled, beforehand);
the one-core line adds the CPU time, which other work on a shared machine
disturbs less.
"""
from __future__ import annotations

import argparse
import os
import platform
import time

import boardkit as bk
from boardkit.games import mystery_date as md

GRID = {"hand_limit": [3, 4, 5, 6, 7, 8], "dud_redraw": [0, 1, 2, 3, 4]}
SPACE = {"hand_limit": (3, 9), "dud_redraw": (0, 6), "deal_size": (0, 3)}
GOALS = {"median length": (40, 60), "seat test p": (0.05, None), "comeback share": "max"}


def clock(run):
    """(wall-clock seconds, result) of one ``run()``; ``clock.cpu``: this process's CPU seconds."""
    start, cpu = time.perf_counter(), time.process_time()
    result = run()
    clock.cpu = time.process_time() - cpu
    return time.perf_counter() - start, result


def engines(table) -> str:
    return ", ".join(f"{engine} x{count}" for engine, count in table["engine"].value_counts().items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="share of the issue's games to play")
    parser.add_argument("--engine", default="auto", choices=["auto", "reference", "fast"])
    parser.add_argument("--workers", type=int, default=2, help="worker processes for the grid and the search")
    args = parser.parse_args()
    slider_games = max(1, round(5000 * args.scale))
    grid_games = max(1, round(5000 * args.scale))
    trials, search_games = 50, max(1, round(2000 * args.scale))
    rules = md.Rules()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
          f"Mystery Date, engine={args.engine!r}")

    bk.sweep(rules, {"hand_limit": [5]}, n_games=20, engine=args.engine, progress=False)   # imports, compile
    wall, table = clock(lambda: bk.sweep(rules, {"hand_limit": [5]}, n_games=slider_games, seed=1,
                                         engine=args.engine, progress=False))
    print(f"slider move, {slider_games:,} games of one variant, one core : {wall:7.2f} s "
          f"(CPU {clock.cpu:.2f} s; {slider_games / wall:,.0f} games/s; {engines(table)})")

    with bk.process_pool(workers=args.workers) as pool:
        bk.sweep(rules, {"hand_limit": [5, 6]}, n_games=40, engine=args.engine, executor=pool, progress=False)
        wall, table = clock(lambda: bk.sweep(rules, {"hand_limit": [5]}, n_games=slider_games, seed=1,
                                             engine=args.engine, executor=pool, progress=False))
        print(f"slider move, {slider_games:,} games, {args.workers} workers          : {wall:7.2f} s "
              f"({engines(table)})")
        games = 30 * grid_games
        wall, table = clock(lambda: bk.sweep(rules, GRID, n_games=grid_games, seed=0, engine=args.engine,
                                             executor=pool, progress=False))
        print(f"6x5 grid, {grid_games:,} games each ({games:,}), {args.workers} workers : {wall:7.2f} s "
              f"({games / wall:,.0f} games/s; {engines(table)})")
        games = trials * search_games
        wall, result = clock(lambda: bk.design.search(rules, SPACE, GOALS, n_trials=trials, n_games=search_games,
                                                      seed=0, engine=args.engine, executor=pool,
                                                      progress=False))
        print(f"search, {trials} trials of {search_games:,} games ({games:,}), {args.workers} workers: "
              f"{wall:7.2f} s ({games / wall:,.0f} games/s; {engines(result.trials.dropna(subset=['engine']))})")
        best = result.best_row
        print(f"  best: {bk.design.variant_code(result.best)} -- goals met {best['goals met']} of 2, "
              f"median length {best['median length']:g}, seat test p {best['seat test p']:.3g}, "
              f"comeback share {best['comeback share']:.3f}")


if __name__ == "__main__":
    main()

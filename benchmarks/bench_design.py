"""The design lab's speed (issues 15, 23): a slider move, a 6x5 grid, a 50-trial search with its re-check
and a 100-trial Pareto search of Mystery Date.

    python benchmarks/bench_design.py                 # the issue's sizes
    python benchmarks/bench_design.py --scale 0.1     # a tenth of the games, for a quick look
    python benchmarks/bench_design.py --engine reference

The issue's goals, on a 2-core machine with the fast lane:

* one slider move (5,000 games of one variant, and its figures) in under 1 s;
* a 6x5 grid of 5,000 games each (``bk.sweep``, 2 worker processes) in under 10 s;
* the lab page's map, 4x5 variants of 2,000 games each, in under 5 s;
* a 50-trial search of 2,000 games each (``bk.design.search``, 2 workers), with its re-check (the
  3 leaders played again with ten times the games: 60,000 more), in under 60 s;
* a Pareto search (``bk.design.trade_off``) of 100 trials of 2,000 games each in under 90 s.

Each line says which engine played (``engine="auto"`` takes Mystery Date's
fast lane when it has one, else the reference engine) and the time of one
run (wall clock; the pool is started, and any lane compiled, beforehand)
and the CPU time (this process's on the one-core line; with workers, this
process's plus the workers', read from ``resource.getrusage``), which other
work on a shared machine disturbs less than the wall clock.
"""
from __future__ import annotations

import argparse
import os
import platform
import time

import boardkit as bk
from boardkit.games import mystery_date as md

GRID = {"hand_limit": [3, 4, 5, 6, 7, 8], "dud_redraw": [0, 1, 2, 3, 4]}
LAB_MAP = {"hand_limit": [3, 4, 5, 6], "dud_redraw": [0, 1, 2, 3, 4]}   # the size of the lab's map
SPACE = {"hand_limit": (3, 9), "dud_redraw": (0, 6), "deal_size": (0, 3)}
GOALS = [bk.design.between("median length", 40, 60), bk.design.fairness(3), bk.design.as_high("comeback share")]
TRADE_OFF = [bk.design.as_low("median length"), bk.design.as_high("comeback share")]   # short, yet exciting


def _workers_cpu(pool) -> float:
    """CPU seconds the pool's worker processes have used so far (Linux: read from /proc; the workers
    are the forkserver's children, not ours, so ``resource`` cannot see them)."""
    total = 0
    for pid in pool._executor._processes:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])    # utime, stime (fields 14 and 15 of proc(5))
    return total / os.sysconf("SC_CLK_TCK")


def clock(run):
    """(wall-clock seconds, result) of one ``run()``; ``clock.cpu``: this process's CPU seconds."""
    start, cpu = time.perf_counter(), time.process_time()
    result = run()
    clock.cpu = time.process_time() - cpu
    return time.perf_counter() - start, result


def in_fresh_pool(workers: int, engine: str, work):
    """``work(pool)`` in a pool warmed up first (started, lanes compiled): ``(wall, result)`` of
    ``work`` alone; ``clock.cpu`` as for :func:`clock`, ``clock.workers`` the workers' CPU seconds."""
    with bk.process_pool(workers=workers) as pool:
        bk.sweep(md.Rules(), {"hand_limit": [5, 6]}, n_games=40, engine=engine, executor=pool, progress=False)
        start, cpu, workers_cpu = time.perf_counter(), time.process_time(), _workers_cpu(pool)
        result = work(pool)
        wall = time.perf_counter() - start
        clock.cpu, clock.workers = time.process_time() - cpu, _workers_cpu(pool) - workers_cpu
    return wall, result


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
        map_games = max(1, round(2000 * args.scale))        # the lab page's map: 20 variants of 2,000 games
        wall, table = clock(lambda: bk.sweep(rules, LAB_MAP, n_games=map_games, seed=2, engine=args.engine,
                                             executor=pool, progress=False))
        print(f"the lab's map, 4x5 variants of {map_games:,} games ({20 * map_games:,}), {args.workers} workers : "
              f"{wall:7.2f} s ({engines(table)})")
    recheck_games = 3 * 10 * search_games
    games = trials * search_games + recheck_games
    wall, result = in_fresh_pool(args.workers, args.engine, lambda pool: bk.design.search(
        rules, SPACE, GOALS, n_trials=trials, n_games=search_games, seed=0, engine=args.engine, executor=pool,
        progress=False))
    print(f"search, {trials} trials of {search_games:,} games + re-check of 3 x {10 * search_games:,} "
          f"({games:,}), {args.workers} workers: {wall:7.2f} s (CPU {clock.cpu:.1f} s here + "
          f"{clock.workers:.1f} s in the workers; {games / wall:,.0f} games/s; "
          f"{engines(result.trials.dropna(subset=['engine']))})")
    print(f"  verdict: {result.verdict}")
    pareto_trials = 100
    games = pareto_trials * search_games
    wall, front = in_fresh_pool(args.workers, args.engine, lambda pool: bk.design.trade_off(
        rules, SPACE, TRADE_OFF, n_trials=pareto_trials, n_games=search_games, seed=0, engine=args.engine,
        executor=pool, progress=False))
    print(f"Pareto search, {pareto_trials} trials of {search_games:,} games ({games:,}), {args.workers} workers: "
          f"{wall:7.2f} s (CPU {clock.cpu:.1f} s here + {clock.workers:.1f} s in the workers; "
          f"{games / wall:,.0f} games/s)")
    shown = front.front[["median length", "comeback share", "code"]]
    print(f"  front of {len(shown)} variants:\n" + shown.round(3).to_string(index=False))


if __name__ == "__main__":
    main()

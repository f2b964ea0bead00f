"""Mystery Date throughput: full 4-player games with Collector bots on one core.

    python benchmarks/bench_mystery_date.py            # prints a table
    python benchmarks/bench_mystery_date.py --games 3000 --repeat 5

Measures (1) games per second of ``bk.play`` with events off, (2) the time
of ``bk.simulate`` for 10,000 games (progress bar off), and (3) the same with
a 2-process executor.  Each figure is the best of ``--repeat`` runs.  Beside
the wall-clock time it shows the process (CPU) time, which other work on the
machine disturbs less: compare versions by it when the machine is busy.
"""
from __future__ import annotations

import argparse
import os
import platform

from timing import timed  # benchmarks/timing.py

import boardkit as bk
from boardkit.games import mystery_date as md


def play_games(n_games: int) -> None:
    rules = md.Rules()
    bots = [md.bots.Collector() for _ in range(4)]
    for seed in range(n_games):
        bk.play(md.Game(rules, 4, seed=seed, record_events=False), bots)


def simulate(n_games: int, executor=None) -> None:
    bk.simulate(md.Rules(), n_players=4, n_games=n_games, seed=0, progress=False, executor=executor)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games for the games/second figure")
    parser.add_argument("--simulate", type=int, default=10_000, help="games for the bk.simulate figure")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (the best is shown)")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    play_games(50)  # warm up: imports, caches
    wall, cpu = timed(lambda: play_games(args.games), args.repeat)
    print(f"bk.play, 4 Collector bots, events off : {args.games / wall:8.0f} games/s "
          f"(one core; {args.games / cpu:.0f} games/s of CPU time)")
    wall, cpu = timed(lambda: simulate(args.simulate), args.repeat)
    print(f"bk.simulate {args.simulate:,} games            : {wall:8.2f} s (one core; {cpu:.2f} s CPU)")
    with bk.process_pool(workers=2) as pool:
        wall, _ = timed(lambda: simulate(args.simulate, pool), args.repeat)
        print(f"bk.simulate {args.simulate:,} games, 2 processes: {wall:8.2f} s")


if __name__ == "__main__":
    main()

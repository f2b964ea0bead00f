"""Mystery Date throughput: full 4-player games with Collector bots on one core.

    python benchmarks/bench_mystery_date.py            # prints a table
    python benchmarks/bench_mystery_date.py --games 3000

Measures (1) games per second of ``bk.play`` with events off, (2) the wall
time of ``bk.simulate`` for 10,000 games (progress bar off), and (3) the same
with a 2-process executor.  Uses wall-clock time on an otherwise idle machine;
run it a few times and quote the median.
"""
from __future__ import annotations

import argparse
import os
import platform
import time
from concurrent.futures import ProcessPoolExecutor

import boardkit as bk
from boardkit.games import mystery_date as md


def games_per_second(n_games: int) -> float:
    rules = md.Rules()
    bots = [md.bots.Collector() for _ in range(4)]
    start = time.perf_counter()
    for seed in range(n_games):
        bk.play(md.Game(rules, 4, seed=seed, record_events=False), bots)
    return n_games / (time.perf_counter() - start)


def simulate_seconds(n_games: int, executor=None) -> float:
    start = time.perf_counter()
    bk.simulate(md.Rules(), n_players=4, n_games=n_games, seed=0, progress=False, executor=executor)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games for the games/second figure")
    parser.add_argument("--simulate", type=int, default=10_000, help="games for the bk.simulate figure")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    print(f"bk.play, 4 Collector bots, events off : {games_per_second(args.games):8.0f} games/s (one core)")
    print(f"bk.simulate {args.simulate:,} games            : {simulate_seconds(args.simulate):8.2f} s (one core)")
    with ProcessPoolExecutor(max_workers=2) as pool:
        print(f"bk.simulate {args.simulate:,} games, 2 processes: "
              f"{simulate_seconds(args.simulate, pool):8.2f} s")


if __name__ == "__main__":
    main()

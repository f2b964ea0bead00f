"""Mouse Trap throughput: full 4-player games with Trapper bots on one core, and simulated cranks.

    python benchmarks/bench_mouse_trap.py
    python benchmarks/bench_mouse_trap.py --games 3000 --repeat 5

Each figure is the best of ``--repeat`` runs; beside the wall-clock time it
shows the process (CPU) time, which other work on the machine disturbs less.
"""
from __future__ import annotations

import argparse
import os
import platform

from timing import timed  # benchmarks/timing.py

import boardkit as bk
from boardkit.games import mouse_trap as mt


def play_games(n_games: int) -> None:
    rules = mt.Rules()
    bots = rules.default_bots(4)
    for seed in range(n_games):
        bk.play(mt.Game(rules, 4, seed=seed, record_events=False), bots)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games for the games/second figure")
    parser.add_argument("--cranks", type=int, default=100_000, help="cranks for the crank figure")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (the best is shown)")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    play_games(50)  # warm up: imports, caches
    wall, cpu = timed(lambda: play_games(args.games), args.repeat)
    print(f"bk.play, 4 Trapper bots, events off : {args.games / wall:8.0f} games/s "
          f"(one core; {args.games / cpu:.0f} games/s of CPU time)")
    rules = mt.Rules()
    mt.analysis.crank_many(rules, times=1000, seed=0)
    wall, cpu = timed(lambda: mt.analysis.crank_many(rules, times=args.cranks, seed=0), args.repeat)
    print(f"mt.analysis.crank_many, {args.cranks:,} cranks: {wall:8.3f} s (CPU {cpu:.3f} s)")


if __name__ == "__main__":
    main()

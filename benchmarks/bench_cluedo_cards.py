"""Cluedo Card Game throughput: full 4-player games to 10 points with heuristic bots on one core.

    python benchmarks/bench_cluedo_cards.py
    python benchmarks/bench_cluedo_cards.py --games 3000 --repeat 5

Each figure is the best of ``--repeat`` runs; beside the wall-clock time it
shows the process (CPU) time, which other work on the machine disturbs less.
"""
from __future__ import annotations

import argparse
import os
import platform

from timing import timed  # benchmarks/timing.py

import boardkit as bk
from boardkit.games import cluedo_cards as cc


def play_games(n_games: int) -> None:
    rules = cc.Rules()
    bots = [cc.bots.Shedder(), cc.bots.Revolverist(), cc.bots.Shedder(), cc.bots.Revolverist()]
    for seed in range(n_games):
        bk.play(cc.Game(rules, 4, seed=seed, record_events=False), bots)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games for the games/second figure")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (the best is shown)")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    play_games(50)  # warm up: imports, caches
    wall, cpu = timed(lambda: play_games(args.games), args.repeat)
    print(f"bk.play, Shedder and Revolverist bots, events off : {args.games / wall:8.0f} games/s "
          f"(one core; {args.games / cpu:.0f} games/s of CPU time)")


if __name__ == "__main__":
    main()

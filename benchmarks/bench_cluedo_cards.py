"""Cluedo Card Game throughput: full 4-player games to 10 points with heuristic bots on one core.

    python benchmarks/bench_cluedo_cards.py
    python benchmarks/bench_cluedo_cards.py --games 3000 --repeat 5

The first figure is the issue's: the game's default bots (4 Shedders).  The
second seats two Revolverists among them, which think longer at a Play.
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


def default_bots() -> list:
    return cc.Rules().default_bots(4)  # 4 Shedders


def mixed_bots() -> list:
    return [cc.bots.Shedder(), cc.bots.Revolverist(), cc.bots.Shedder(), cc.bots.Revolverist()]


def play_games(n_games: int, make_bots=default_bots) -> None:
    rules = cc.Rules()
    bots = make_bots()
    for seed in range(n_games):
        bk.play(cc.Game(rules, 4, seed=seed, record_events=False), bots)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games for the games/second figure")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (the best is shown)")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    play_games(50)  # warm up: imports, caches
    for label, make_bots in (("4 Shedder bots (the default)", default_bots),
                             ("Shedder and Revolverist bots", mixed_bots)):
        wall, cpu = timed(lambda: play_games(args.games, make_bots), args.repeat)
        print(f"bk.play, {label:28s}, events off : {args.games / wall:6.0f} games/s "
              f"(one core; {args.games / cpu:.0f} games/s of CPU time)")


if __name__ == "__main__":
    main()

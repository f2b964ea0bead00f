"""Win, Lose or Draw throughput: whole games with Skilled bots on one core, and the lesson's exact odds.

    python benchmarks/bench_win_lose_draw.py
    python benchmarks/bench_win_lose_draw.py --games 3000 --repeat 5

Team Play: 4 players, every bot ``Skilled(p_guess=0.5)``, to 8 points.
Gameboard Play: 4 players, the same bots, to the Ace-In-The-Hole.  Then the
exact answers the lesson asks for: the race to 8 and the expected cards to
collect four colours.  Each figure is the best of ``--repeat`` runs; beside
the wall-clock time it shows the process (CPU) time.
"""
from __future__ import annotations

import argparse
from fractions import Fraction
import os
import platform

from timing import timed  # benchmarks/timing.py

import boardkit as bk
from boardkit.games import win_lose_draw as wld
from boardkit.games.win_lose_draw import analysis


def play_games(rules, n_games: int) -> None:
    bots = rules.default_bots(4)
    for seed in range(n_games):
        bk.play(wld.Game(rules, 4, seed=seed, record_events=False), bots)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games for the games/second figures")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (the best is shown)")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    for play in wld.PLAYS:
        rules = wld.Rules(play=play)
        play_games(rules, 50)  # warm up: imports, the card box
        wall, cpu = timed(lambda: play_games(rules, args.games), args.repeat)
        print(f"bk.play, {play:9s} play, 4 Skilled bots, events off : {args.games / wall:6.0f} games/s "
              f"(one core; {args.games / cpu:.0f} games/s of CPU time)")
    wall, _ = timed(lambda: analysis.team_race(Fraction(1, 2), Fraction(1, 2), steal=Fraction(1, 5)), args.repeat)
    print(f"analysis.team_race (exact Fractions, target 8)      : {wall * 1000:6.1f} ms")
    wall, _ = timed(lambda: analysis.expected_to_collect(Fraction(1, 8), Fraction(1, 8)), args.repeat)
    print(f"analysis.expected_to_collect (exact, long run cached): {wall * 1000:6.1f} ms")


if __name__ == "__main__":
    main()

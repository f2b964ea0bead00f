"""Win, Lose or Draw throughput: whole games with Skilled bots on one core, and the lesson's exact odds.

    python benchmarks/bench_win_lose_draw.py
    python benchmarks/bench_win_lose_draw.py --games 3000 --repeat 5
    python benchmarks/bench_win_lose_draw.py --fast-games 500000     # the fast lane on more games

The engines side by side (issue 13): ``bk.simulate`` of the same rules and
bots on the reference engine and on the fast lane (``fast.py``), one core
(no executor), games/s of each and the ratio; then the fast lane's first
compile (a fresh subprocess with an empty numba cache, ``NUMBA_CACHE_DIR``
set to a new temporary folder) and its cached start (another fresh
subprocess with that cache filled): import, compile or load, and one game of
each way to play.

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

from timing import print_first_compile_and_cached_start, timed  # benchmarks/timing.py

import boardkit as bk
from boardkit.games import win_lose_draw as wld
from boardkit.games.win_lose_draw import analysis


def play_games(rules, n_games: int) -> None:
    bots = rules.default_bots(4)
    for seed in range(n_games):
        bk.play(wld.Game(rules, 4, seed=seed, record_events=False), bots)


def simulate(rules, n_games: int, engine: str) -> None:
    frame = bk.simulate(rules, 4, n_games, seed=1, progress=False, engine=engine)
    assert frame.attrs["engine"] == engine


def engines_side_by_side(args) -> None:
    print(f"\nreference engine vs fast lane, bk.simulate, 4 players, 4 Skilled bots, one core "
          f"({args.games:,} reference games, {args.fast_games:,} fast games, best of {args.repeat}):")
    for play in wld.PLAYS:
        rules = wld.Rules(play=play)
        simulate(rules, 1000, "fast")                           # compiled (or loaded from the cache) here
        ref_wall, ref_cpu = timed(lambda: simulate(rules, args.games, "reference"), args.repeat)
        fast_wall, fast_cpu = timed(lambda: simulate(rules, args.fast_games, "fast"), args.repeat)
        ref, lane = args.games / ref_wall, args.fast_games / fast_wall
        print(f"  {play:9s} play: reference {ref:8,.0f} games/s   fast {lane:10,.0f} games/s   "
              f"ratio {lane / ref:5.0f}x   (CPU time: {args.games / ref_cpu:,.0f} vs "
              f"{args.fast_games / fast_cpu:,.0f} games/s, {args.fast_games / fast_cpu / (args.games / ref_cpu):.0f}x)")
    print_first_compile_and_cached_start("win_lose_draw", "[game.Rules(play=play) for play in game.PLAYS]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games for the games/second figures")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (the best is shown)")
    parser.add_argument("--fast-games", type=int, default=200_000, help="games for the fast lane's games/second")
    parser.add_argument("--only-engines", action="store_true", help="only the reference vs fast comparison")
    args = parser.parse_args()
    if args.only_engines:
        print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
        engines_side_by_side(args)
        return
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
    engines_side_by_side(args)


if __name__ == "__main__":
    main()

"""Cluedo Card Game throughput: full 4-player games to 10 points with heuristic bots on one core.

    python benchmarks/bench_cluedo_cards.py
    python benchmarks/bench_cluedo_cards.py --games 3000 --repeat 5
    python benchmarks/bench_cluedo_cards.py --only-engines --fast-games 500000

The first figure is the issue's: the game's default bots (4 Shedders).  The
second seats two Revolverists among them, which think longer at a Play.
Each figure is the best of ``--repeat`` runs; beside the wall-clock time it
shows the process (CPU) time, which other work on the machine disturbs less.

Then the engines side by side (issue 13): ``bk.simulate`` of the same rules
and bots on the reference engine and on the fast lane (``fast.py``), one core
(no executor), games/s of each and the ratio; then the fast lane's first
compile (a fresh process with an empty numba cache: ``NUMBA_CACHE_DIR`` set
to a new temporary folder) and its cached start (another fresh process with
that cache filled): import, then compile or load and play one game.
"""
from __future__ import annotations

import argparse
import os
import platform

from timing import print_first_compile_and_cached_start, timed  # benchmarks/timing.py

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


def simulate(n_games: int, engine: str, make_bots=default_bots) -> None:
    frame = bk.simulate(cc.Rules(), 4, n_games, seed=1, bots=make_bots(), progress=False, engine=engine)
    assert frame.attrs["engine"] == engine


def engines_side_by_side(args) -> None:
    print(f"\nreference engine vs fast lane, bk.simulate, 4 players, one core ({args.games:,} reference games, "
          f"{args.fast_games:,} fast games, best of {args.repeat}):")
    for label, make_bots in (("4 Shedder bots (the default)", default_bots),
                             ("Shedder and Revolverist bots", mixed_bots)):
        simulate(1000, "fast", make_bots)  # compiled (or loaded from the cache) here
        ref_wall, ref_cpu = timed(lambda: simulate(args.games, "reference", make_bots), args.repeat)
        fast_wall, fast_cpu = timed(lambda: simulate(args.fast_games, "fast", make_bots), args.repeat)
        ref, lane = args.games / ref_wall, args.fast_games / fast_wall
        ref_c, lane_c = args.games / ref_cpu, args.fast_games / fast_cpu
        print(f"  {label:28s}: reference {ref:7,.0f} games/s   fast {lane:9,.0f} games/s   ratio {lane / ref:4.0f}x"
              f"   (CPU time: {ref_c:,.0f} vs {lane_c:,.0f} games/s, {lane_c / ref_c:.0f}x)")
    print_first_compile_and_cached_start("cluedo_cards")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games for the games/second figure")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (the best is shown)")
    parser.add_argument("--fast-games", type=int, default=200_000, help="games for the fast lane's games/second")
    parser.add_argument("--only-engines", action="store_true", help="only the reference vs fast comparison")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    if args.only_engines:
        engines_side_by_side(args)
        return
    play_games(50)  # warm up: imports, caches
    for label, make_bots in (("4 Shedder bots (the default)", default_bots),
                             ("Shedder and Revolverist bots", mixed_bots)):
        wall, cpu = timed(lambda: play_games(args.games, make_bots), args.repeat)
        print(f"bk.play, {label:28s}, events off : {args.games / wall:6.0f} games/s "
              f"(one core; {args.games / cpu:.0f} games/s of CPU time)")
    engines_side_by_side(args)


if __name__ == "__main__":
    main()

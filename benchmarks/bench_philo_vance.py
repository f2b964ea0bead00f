"""Philo Vance throughput: full 4-player adult games with Detective bots on one core,
how long the deduction's calls take, and the fast lane beside the reference engine.

    python benchmarks/bench_philo_vance.py
    python benchmarks/bench_philo_vance.py --games 2000 --calls 5000 --repeat 5
    python benchmarks/bench_philo_vance.py --only-engines --random-games 300 --fast-games 20000

Each figure is the best of ``--repeat`` runs; games/second also shows the
process (CPU) time, which other work on the machine disturbs less.  The
deduction's figures are milliseconds per call (``time.perf_counter``);
``best_declaration`` (the best 6 of 12 clues, all 924 ways) must stay under 50 ms.

The fast lane (issue 13) beside the reference engine in the same run, on the
rulebook with 2, 4 and 6 players of Detectives (the default bots) and of
``Random``, one core, ``bk.simulate`` with no executor: games/s of each and
the ratio (wall clock, and CPU time, which a busy machine disturbs less);
then the first compile (a fresh process with an empty ``NUMBA_CACHE_DIR``)
and the cached start (a second fresh process on that cache), each less the
time that process takes to import the lane.
"""
from __future__ import annotations

import argparse
import os
import platform
import time

import numpy as np
from timing import print_first_compile_and_cached_start, timed  # benchmarks/timing.py

import boardkit as bk
from boardkit.core.bots import Random
from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import analysis as an
from boardkit.games.philo_vance.components import CLUES, SUSPECTS


def per_call_ms(run, calls: int, repeat: int) -> float:
    """Best of ``repeat`` runs: milliseconds per call of ``run()``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(calls):
            run()
        best = min(best, (time.perf_counter() - start) / calls)
    return best * 1000


def play_games(n_games: int) -> None:
    rules = pv.Rules()
    bots = rules.default_bots(4)
    for seed in range(n_games):
        bk.play(pv.Game(rules, 4, seed=seed, record_events=False), bots)


def simulate(n_players: int, n_games: int, engine: str, bot=Random) -> None:
    bots = [bot() for _ in range(n_players)]
    frame = bk.simulate(pv.Rules(), n_players, n_games, seed=1, bots=bots, progress=False, executor=None,
                        engine=engine)
    assert frame.attrs["engine"] == engine


def engines_side_by_side(args) -> None:
    print(f"\nreference engine vs fast lane, bk.simulate, the rulebook, one core (Detectives: {args.games:,} "
          f"reference games and {10 * args.fast_games:,} fast; Random: {args.random_games:,} and "
          f"{args.fast_games:,}; best of {args.repeat}):")
    for bot, n_ref, n_fast in ((pv.bots.Detective, args.games, 10 * args.fast_games),
                               (Random, args.random_games, args.fast_games)):
        for n_players in (2, 4, 6):
            simulate(n_players, 10, "fast", bot)  # compiled (or loaded from the cache) here
            ref_wall, ref_cpu = timed(lambda: simulate(n_players, n_ref, "reference", bot), args.repeat)
            fast_wall, fast_cpu = timed(lambda: simulate(n_players, n_fast, "fast", bot), args.repeat)
            ref, lane = n_ref / ref_wall, n_fast / fast_wall
            ref_c, lane_c = n_ref / ref_cpu, n_fast / fast_cpu
            print(f"  {n_players} {bot.__name__:10s}: reference {ref:6,.0f} games/s   fast {lane:8,.0f} games/s   "
                  f"ratio {lane / ref:4.0f}x   (CPU time: {ref_c:,.0f} vs {lane_c:,.0f} games/s, "
                  f"{lane_c / ref_c:.0f}x)")
    print_first_compile_and_cached_start("philo_vance")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games for the games/second figure")
    parser.add_argument("--calls", type=int, default=2000, help="calls per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (the best is shown)")
    parser.add_argument("--random-games", type=int, default=300,
                        help="reference games of Random bots for the engines' comparison")
    parser.add_argument("--fast-games", type=int, default=20_000,
                        help="fast-lane games of Random for the engines' comparison (of Detectives: 10 times more)")
    parser.add_argument("--only-engines", action="store_true", help="only the reference vs fast comparison")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    if args.only_engines:
        engines_side_by_side(args)
        return
    play_games(50)  # warm up: imports, caches
    wall, cpu = timed(lambda: play_games(args.games), args.repeat)
    print(f"bk.play, 4 Detective bots, events off : {args.games / wall:8.0f} games/s "
          f"(one core; {args.games / cpu:.0f} games/s of CPU time)")

    rng = np.random.default_rng(0)
    grid = an.KnowledgeGrid.from_prior()
    beliefs = grid.beliefs.copy()
    held = rng.choice(len(CLUES), size=12, replace=False).tolist()  # 12 different clues: 924 combinations
    named = list(grid.most_likely(0, 9)[3:])  # six clues the Wife may well have, none sure
    everybody = list(range(len(SUSPECTS)))
    figures = {
        "declaration_odds (6 clues)": lambda: an.declaration_odds(beliefs[0], named),
        "best_declaration (924 combinations)": lambda: an.best_declaration(beliefs[0], held),
        "top_k_declaration": lambda: an.top_k_declaration(beliefs[0], held),
        "best_arrest (10 suspects)": lambda: an.best_arrest(beliefs, held, everybody),
        "update_on_verdict": lambda: an.update_on_verdict(beliefs[0], named, False),
        "KnowledgeGrid.on_declaration": lambda: grid.copy().on_declaration(0, named, True),
        "hand_match_odds (exact Fraction)": lambda: an.hand_match_odds(0, exact=True),
    }
    for name, run in figures.items():
        run()  # warm up: caches, imports
        calls = args.calls if "hand_match" not in name else max(1, args.calls // 20)
        print(f"{name:38s} {per_call_ms(run, calls, args.repeat):9.4f} ms per call")
    start = time.perf_counter()
    an.simulate_hand_matches(100_000, seed=0)
    print(f"{'simulate_hand_matches, 100,000 hands':38s} {time.perf_counter() - start:9.4f} s")
    engines_side_by_side(args)


if __name__ == "__main__":
    main()

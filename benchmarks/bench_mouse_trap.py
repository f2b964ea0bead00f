"""Mouse Trap throughput: full 4-player games with Trapper bots on one core, and simulated cranks.

    python benchmarks/bench_mouse_trap.py
    python benchmarks/bench_mouse_trap.py --games 3000 --repeat 5 --fast-games 100000

Each figure is the best of ``--repeat`` runs; beside the wall-clock time it
shows the process (CPU) time, which other work on the machine disturbs less.

The two engines side by side (issue 13): ``bk.simulate`` of the rulebook with
4 Trappers, one core (``executor=None``), ``engine="reference"`` and
``engine="fast"``, games/s and the ratio; then the fast lane's first compile
(a fresh process with an empty numba cache, ``NUMBA_CACHE_DIR`` set to a new
temporary folder) and its cached start (another fresh process, the cache now
filled): the seconds from starting Python to the first game played.
"""
from __future__ import annotations

import argparse
import time
import os
import platform
import subprocess
import sys
import tempfile

from timing import timed  # benchmarks/timing.py

import boardkit as bk
from boardkit.games import mouse_trap as mt


def play_games(n_games: int) -> None:
    rules = mt.Rules()
    bots = rules.default_bots(4)
    for seed in range(n_games):
        bk.play(mt.Game(rules, 4, seed=seed, record_events=False), bots)


def simulate(engine: str, n_games: int) -> None:
    bk.simulate(mt.Rules(), n_players=4, n_games=n_games, seed=0, engine=engine, progress=False)


#: a fresh process: import, play one game in the fast lane, print how long each took
START = """
import time
t0, c0 = time.perf_counter(), time.process_time()
import boardkit as bk
from boardkit.games import mouse_trap as mt
t1, c1 = time.perf_counter(), time.process_time()
bk.simulate(mt.Rules(), n_players=4, n_games=1, seed=0, engine="fast", progress=False)
t2, c2 = time.perf_counter(), time.process_time()
print(t1 - t0, t2 - t1, c2 - c1)
"""


def start_up(cache_dir: str) -> tuple[float, float, float, float]:
    """(whole process, imports, first fast game, its CPU time) in seconds, numba's cache in ``cache_dir``."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache_dir}
    wall = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", START], env=env, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - wall
    imports, first, first_cpu = map(float, out.stdout.split())
    return wall, imports, first, first_cpu


def engines(args) -> None:
    """Reference and fast lane side by side, one core, and the fast lane's start-up."""
    simulate("fast", 100)          # compile (or load the cache) before timing
    simulate("reference", 50)
    ref_wall, ref_cpu = timed(lambda: simulate("reference", args.games), args.repeat)
    fast_wall, fast_cpu = timed(lambda: simulate("fast", args.fast_games), args.repeat)
    ref_rate, fast_rate = args.games / ref_wall, args.fast_games / fast_wall
    print(f"bk.simulate, 4 Trappers, one core, engine='reference': {ref_rate:9.0f} games/s "
          f"({args.games / ref_cpu:.0f} games/s of CPU time; {args.games:,} games)")
    print(f"bk.simulate, 4 Trappers, one core, engine='fast'     : {fast_rate:9.0f} games/s "
          f"({args.fast_games / fast_cpu:.0f} games/s of CPU time; {args.fast_games:,} games)")
    print(f"fast / reference: {fast_rate / ref_rate:.1f}x wall-clock, "
          f"{(args.fast_games / fast_cpu) / (args.games / ref_cpu):.1f}x CPU time (goal: 30x)")
    with tempfile.TemporaryDirectory() as cache_dir:
        wall, imports, first, cpu = start_up(cache_dir)
        print(f"first compile (empty numba cache): first fast game after {first:.1f} s, CPU {cpu:.1f} s "
              f"(imports {imports:.1f} s; whole process {wall:.1f} s)")
        wall, imports, first, cpu = start_up(cache_dir)
        print(f"cached start (a fresh process)   : first fast game after {first:.2f} s, CPU {cpu:.2f} s "
              f"(imports {imports:.1f} s; whole process {wall:.1f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games for the games/second figure")
    parser.add_argument("--cranks", type=int, default=100_000, help="cranks for the crank figure")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (the best is shown)")
    parser.add_argument("--fast-games", type=int, default=100_000, help="games for the fast lane's figure")
    parser.add_argument("--no-engines", action="store_true", help="skip the reference-vs-fast comparison")
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
    if not args.no_engines:
        engines(args)


if __name__ == "__main__":
    main()

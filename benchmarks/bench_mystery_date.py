"""Mystery Date throughput: full 4-player games with Collector bots on one core.

    python benchmarks/bench_mystery_date.py            # prints a table
    python benchmarks/bench_mystery_date.py --games 3000 --repeat 5
    python benchmarks/bench_mystery_date.py --fast-only --stream-games 10000000

Measures (1) games per second of ``bk.play`` with events off, (2) the time
of ``bk.simulate`` for 10,000 games (progress bar off), and (3) the same with
a 2-process executor.  Each figure is the best of ``--repeat`` runs.  Beside
the wall-clock time it shows the process (CPU) time, which other work on the
machine disturbs less: compare versions by it when the machine is busy.

The fast lane (issue 13), beside the reference engine in the same run:
(4) games per second of both engines on one core and the ratio; (5) the
first compile (a fresh subprocess with an empty ``NUMBA_CACHE_DIR``) and the
cached start (a second fresh subprocess on that cache), each less the time
the same subprocess takes to import boardkit; (6) 1,000,000 games on 2
cores (``bk.process_pool(2)``); (7) the peak memory (RSS of the parent, and of
the parent and its workers together, with psutil) of a ``--stream-games``
run through ``bk.simulate_stream``.
"""
from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time

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


def fast_games_per_second(n_games: int, repeat: int) -> tuple[float, float]:
    """Games per second (wall, CPU) of the fast lane on one core (compiled beforehand)."""
    bk.simulate(md.Rules(), n_players=4, n_games=1000, seed=0, progress=False, engine="fast")
    wall, cpu = timed(lambda: bk.simulate(md.Rules(), n_players=4, n_games=n_games, seed=0, progress=False,
                                          engine="fast"), repeat)
    return n_games / wall, n_games / cpu


PLAY_A_FEW = ("import time; t, c = time.perf_counter(), time.process_time(); import boardkit as bk; "
              "from boardkit.games import mystery_date as md; i, j = time.perf_counter(), time.process_time(); "
              "bk.simulate(md.Rules(), 4, 10, progress=False, engine={engine!r}); "
              "print(i - t, j - c, time.perf_counter() - i, time.process_time() - j)")


def start_times() -> dict:
    """Seconds (wall, CPU) to import boardkit, then to play 10 fast games: compiling first
    (an empty cache), then from the cache; each in a fresh subprocess."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)

        def run(engine):
            out = subprocess.run([sys.executable, "-c", PLAY_A_FEW.format(engine=engine)], env=env, check=True,
                                 capture_output=True, text=True).stdout.split()
            return [float(x) for x in out]

        imported = run("reference")[:2]
        first = run("fast")[2:]
        cached = run("fast")[2:]
    return {"import": imported, "first compile": first, "cached start": cached}


def million_on_two_cores(n_games: int) -> float:
    with bk.process_pool(workers=2) as pool:
        bk.simulate(md.Rules(), 4, 20_000, seed=1, progress=False, executor=pool, engine="fast")  # workers up
        started = time.perf_counter()
        bk.simulate(md.Rules(), 4, n_games, seed=0, progress=False, executor=pool, engine="fast")
        return time.perf_counter() - started


STREAM = """
import resource, sys, time
import boardkit as bk
from boardkit.games import mystery_date as md
try:
    import psutil
except ImportError:
    psutil = None

def tree_rss_mb():
    # the resident memory of this process and every worker it started (the pool's processes)
    if psutil is None:
        return float("nan")
    me = psutil.Process()
    total = 0
    for process in [me] + me.children(recursive=True):
        try:
            total += process.memory_info().rss
        except psutil.Error:
            pass
    return total / 2**20

n = int(sys.argv[1]); wins = 0; games = 0; peak = 0.0; t = time.perf_counter()
with bk.process_pool(workers=2) as pool:
    for part in bk.simulate_stream(md.Rules(), 4, n, seed=0, progress=False, executor=pool, engine="fast"):
        wins += int((part["winner"] == 0).sum()); games += len(part)
        peak = max(peak, tree_rss_mb())
me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(games, wins, time.perf_counter() - t, me, peak)
"""


def streamed_run(n_games: int) -> tuple[float, float, float, float]:
    """(seconds, seat 0's win share, the parent's peak RSS MB, the peak RSS MB of the parent and
    its workers together, sampled after every chunk; NaN without psutil)."""
    out = subprocess.run([sys.executable, "-c", STREAM, str(n_games)], check=True, capture_output=True,
                         text=True).stdout.split()
    games, wins, seconds, parent, tree = int(out[0]), int(out[1]), float(out[2]), float(out[3]), float(out[4])
    assert games == n_games
    return seconds, wins / games, parent, tree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games for the games/second figure")
    parser.add_argument("--simulate", type=int, default=10_000, help="games for the bk.simulate figure")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (the best is shown)")
    parser.add_argument("--fast-games", type=int, default=200_000, help="games for the fast lane's games/second")
    parser.add_argument("--million", type=int, default=1_000_000, help="games on 2 cores (0: skip)")
    parser.add_argument("--stream-games", type=int, default=0,
                        help="games of the streamed memory run (10000000 for the issue's figure; 0: skip)")
    parser.add_argument("--fast-only", action="store_true", help="skip the reference engine's bk.simulate figures")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    play_games(50)  # warm up: imports, caches
    wall, cpu = timed(lambda: play_games(args.games), args.repeat)
    reference_wall, reference_cpu = args.games / wall, args.games / cpu
    print(f"bk.play, 4 Collector bots, events off : {reference_wall:8.0f} games/s "
          f"(one core; {reference_cpu:.0f} games/s of CPU time)")
    if not args.fast_only:
        wall, cpu = timed(lambda: simulate(args.simulate), args.repeat)
        print(f"bk.simulate {args.simulate:,} games            : {wall:8.2f} s (one core; {cpu:.2f} s CPU)")
        with bk.process_pool(workers=2) as pool:
            wall, _ = timed(lambda: simulate(args.simulate, pool), args.repeat)
            print(f"bk.simulate {args.simulate:,} games, 2 processes: {wall:8.2f} s")
    fast_wall, fast_cpu = fast_games_per_second(args.fast_games, args.repeat)
    print(f"fast lane, bk.simulate {args.fast_games:,} games: {fast_wall:8.0f} games/s "
          f"(one core; {fast_cpu:.0f} games/s of CPU time)")
    print(f"fast / reference                       : {fast_wall / reference_wall:8.1f}x wall, "
          f"{fast_cpu / reference_cpu:.1f}x CPU")
    for what, (wall, cpu) in start_times().items():
        print(f"fresh process, {what:<14}          : {wall:8.2f} s ({cpu:.2f} s CPU)")
    if args.million:
        seconds = million_on_two_cores(args.million)
        print(f"fast lane, {args.million:,} games on 2 cores : {seconds:8.2f} s ({args.million / seconds:,.0f} games/s)")
    if args.stream_games:
        seconds, share, parent, tree = streamed_run(args.stream_games)
        print(f"bk.simulate_stream {args.stream_games:,} games, 2 cores: {seconds:.1f} s, peak RSS "
              f"{parent:.0f} MB (parent), {tree:.0f} MB (parent and workers together); seat 0 won {share:.4f}")


if __name__ == "__main__":
    main()

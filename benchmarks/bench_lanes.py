"""Every game's two engines side by side in one run: reference vs fast lane, games/s and the ratio.

    python benchmarks/bench_lanes.py                      # every game, 4 players, its default bots
    python benchmarks/bench_lanes.py --games 1000 --fast-games 100000 --repeat 3
    python benchmarks/bench_lanes.py --only mystery_date win_lose_draw --reference-only

For each game (Win, Lose or Draw in both ways to play) ``bk.simulate`` plays the
rulebook with 4 players and the game's default bots, the same call on both
engines, one core (no executor), progress bar off: ``--games`` games on the
reference engine (``engine="reference"``, ``game.py`` and ``bots.py``) and
``--fast-games`` on the fast lane (``engine="fast"``, compiled or loaded from the
cache beforehand).  Each figure is the best of ``--repeat`` runs, in games per
second of process (CPU) time, which other work on the machine disturbs less
than the wall clock (shown too).  The ratio is the lane's CPU games/s over the
reference engine's.

The readable engine's speed is a regression guard only (issue 26): at least
half of what it was before it was made plain.  ``benchmarks/speed_guard.py``
measures the engine of then and of now side by side in one run and fails
below half.
"""
from __future__ import annotations

import argparse
import os
import platform

from timing import timed  # benchmarks/timing.py

import boardkit as bk
from boardkit.games import cluedo_cards as cc
from boardkit.games import mouse_trap as mt
from boardkit.games import mystery_date as md
from boardkit.games import philo_vance as pv
from boardkit.games import win_lose_draw as wld

#: name: the rules every figure plays (4 players, the game's default bots)
RULEBOOKS = {
    "mystery_date": md.Rules(),
    "mouse_trap": mt.Rules(),
    "cluedo_cards": cc.Rules(),
    "win_lose_draw (Team Play)": wld.Rules(play="team"),
    "win_lose_draw (Gameboard Play)": wld.Rules(play="gameboard"),
    "philo_vance": pv.Rules(),
}
N_PLAYERS = 4
def simulate(rules, n_games: int, engine: str) -> None:
    frame = bk.simulate(rules, N_PLAYERS, n_games, seed=1, progress=False, engine=engine)
    assert frame.attrs["engine"] == engine and len(frame) == n_games


def games_per_second(rules, n_games: int, engine: str, repeat: int) -> tuple[float, float]:
    """(wall, CPU) games per second of ``engine``, the best of ``repeat`` runs after one warm-up run."""
    simulate(rules, min(n_games, 200), engine)         # imports, caches; the lane compiles or loads here
    wall, cpu = timed(lambda: simulate(rules, n_games, engine), repeat)
    return n_games / wall, n_games / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games on the reference engine")
    parser.add_argument("--fast-games", type=int, default=100_000, help="games on the fast lane")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (the best is shown)")
    parser.add_argument("--only", nargs="+", default=None, help="these games only (names start with them)")
    parser.add_argument("--reference-only", action="store_true", help="the reference engine only (no lanes)")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {', '.join(f'{x:.1f}' for x in os.getloadavg())} (busy if above the cores)")
    print(f"bk.simulate, rulebook, {N_PLAYERS} players, default bots, one core; best of {args.repeat}; "
          f"games/s of CPU time (wall clock in brackets)")
    print(f"{'game':32s} {'reference':>20s} {'fast lane':>24s} {'ratio':>8s}")
    for name, rules in RULEBOOKS.items():
        if args.only and not any(name.startswith(only) for only in args.only):
            continue
        ref_wall, ref_cpu = games_per_second(rules, args.games, "reference", args.repeat)
        line = f"{name:32s} {ref_cpu:9,.0f} ({ref_wall:8,.0f})"
        if not args.reference_only:
            fast_wall, fast_cpu = games_per_second(rules, args.fast_games, "fast", args.repeat)
            line += f" {fast_cpu:11,.0f} ({fast_wall:10,.0f}) {fast_cpu / ref_cpu:7,.0f}x"
        print(line, flush=True)


if __name__ == "__main__":
    main()

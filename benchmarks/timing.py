"""What the benchmark scripts share: timing a run the same way."""
from __future__ import annotations

import time


def timed(run, repeat: int) -> tuple[float, float]:
    """Best wall-clock and best process (CPU) time of ``repeat`` calls of ``run()``, in seconds."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


#: what a fresh process does to play its first fast games: GAME is the game's package, RULES a list of Rules
_FIRST_GAMES = """
import time
started = time.perf_counter()
import numpy as np
from boardkit.games import GAME as game
from boardkit.games.GAME import fast
imported, imported_cpu = time.perf_counter(), time.process_time()
for rules in RULES:
    fast.play_games(rules, 4, np.array([1], np.int64), rules.default_bots(4))
print(imported - started, time.perf_counter() - imported, time.process_time() - imported_cpu)
"""


def first_fast_games(package: str, rules_code: str, cache_dir: str) -> tuple[float, float, float]:
    """(import seconds, compile-or-load and first games seconds, the same in CPU seconds) in a fresh
    process whose numba cache is ``cache_dir``: one 4-player game of each of ``rules_code`` (Python
    source of a list of the game's Rules, naming the game's package ``game``)."""
    import os
    import subprocess
    import sys

    script = _FIRST_GAMES.replace("GAME", package).replace("RULES", rules_code)
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    imported, played, played_cpu = map(float, out.stdout.split())
    return imported, played, played_cpu


def print_first_compile_and_cached_start(package: str, rules_code: str = "[game.Rules()]") -> None:
    """Measure the lane's first compile (an empty numba cache) and its cached start (a fresh process), and print them."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix=f"{package}-numba-") as cache:
        imported, compiled, compiled_cpu = first_fast_games(package, rules_code, cache)
        _, loaded, loaded_cpu = first_fast_games(package, rules_code, cache)
    print(f"  first compile (empty numba cache): import {imported:.2f} s, compile + first game {compiled:.2f} s "
          f"({compiled_cpu:.2f} s CPU)")
    print(f"  cached start (a fresh process):    load from the cache + first game {loaded:.2f} s "
          f"({loaded_cpu:.2f} s CPU)")

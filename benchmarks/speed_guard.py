"""The readable engine's speed guard (issue 26): at least half of its speed before it was made plain.

    python benchmarks/speed_guard.py                 # every game; exit status 1 if one is below half
    python benchmarks/speed_guard.py --only cluedo_cards --games 400 --repeat 3

Once the fast lane carried the speed, the readable engines (``game.py``, ``bots.py``) dropped
their speed tricks; their speed is now a regression guard only. This script measures, side
by side in one run, each game's readable engine as it was before (commit ``BEFORE``, unpacked
from git into a temporary folder) and as it is now, with the same code: ``bk.play`` of
``--games`` seeded games, 4 players, the default bots, events off, one core, the best of
``--repeat`` rounds in games per second of CPU time (which other work disturbs less than the
wall clock). In each round the engine of then and of now take turns, each in a fresh Python
process playing the games twice, so a change in the machine's load falls on both.

Before it was made plain, Mouse Trap, the Cluedo Card Game and Philo Vance still drew their
random numbers from numpy (``CHANCE = PCGChance``: "the old stream, until this game is in
lockstep with its fast lane"). Lockstep (issue 26's first item) moved every game onto the one
pure-Python stream (``core.rng.Chance``), which costs about 1 us a number. So the guard
compares like with like: the old engine is measured drawing from the same ``Chance``
(``Game.CHANCE = Chance``), and its speed on numpy's stream is shown beside it.
"""
from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
#: the last commit before the readable engines were made plain
BEFORE = "0ccd8e6"
#: name: (the game's package, its rulebook as Python source)
GAMES = {
    "mystery_date": ("mystery_date", "Rules()"),
    "mouse_trap": ("mouse_trap", "Rules()"),
    "cluedo_cards": ("cluedo_cards", "Rules()"),
    "win_lose_draw (Team Play)": ("win_lose_draw", "Rules(play='team')"),
    "philo_vance": ("philo_vance", "Rules()"),
}

#: what each measuring process runs (the same for both trees)
PLAY_RATE = """
import importlib, time
import boardkit as bk
from boardkit.core.rng import Chance
package = importlib.import_module("boardkit.games.{package}")
if {shared_stream}:
    importlib.import_module("boardkit.games.{package}.game").Game.CHANCE = Chance
rules = package.{rules}
bots = rules.default_bots(4)
best = 0.0
for _ in range({repeat}):
    start = time.process_time()
    for seed in range({games}):
        bk.play(rules.new_game(4, seed=seed, record_events=False), bots)
    best = max(best, {games} / (time.process_time() - start))
print(best)
"""


def unpack_before(folder: Path) -> Path:
    """Commit ``BEFORE``'s ``boardkit`` package, unpacked into ``folder``; returns the folder."""
    try:
        archive = subprocess.run(["git", "-C", str(REPO), "archive", BEFORE, "boardkit"],
                                 check=True, capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        raise SystemExit(f"cannot read commit {BEFORE} from git in {REPO} (a shallow clone has no history: "
                         f"fetch it with `git fetch --unshallow`): {error}") from None
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def games_per_second(tree: Path, name: str, shared_stream: bool, games: int, repeat: int = 2) -> float:
    """CPU games/s of ``name``'s readable engine in ``tree``: the best of ``repeat`` runs in a fresh process."""
    package, rules = GAMES[name]
    code = PLAY_RATE.format(package=package, rules=rules, shared_stream=shared_stream, games=games,
                            repeat=repeat)
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=tree, check=True, capture_output=True,
                         text=True).stdout
    return float(out.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per run (Philo Vance: a tenth)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (the best of each figure is shown)")
    parser.add_argument("--only", nargs="+", default=None, help="these games only (names start with them)")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {', '.join(f'{x:.1f}' for x in os.getloadavg())} (busy if above the cores)")
    print(f"bk.play, rulebook, 4 players, default bots, events off; best of {args.repeat} rounds; "
          f"games/s of CPU time")
    print(f"{'game':28s} {'before, numpy stream':>21s} {'before, same stream':>20s} {'now':>8s} {'now/before':>11s}")
    below = []
    with tempfile.TemporaryDirectory(prefix="boardkit-before-") as folder:
        before = unpack_before(Path(folder))
        for name in GAMES:
            if args.only and not any(name.startswith(only) for only in args.only):
                continue
            games = args.games // 10 if name == "philo_vance" else args.games
            old_own = old = now = 0.0
            for _ in range(args.repeat):   # the three take turns, so a change in the machine's load hits all
                old_own = max(old_own, games_per_second(before, name, False, games))
                old = max(old, games_per_second(before, name, True, games))
                now = max(now, games_per_second(REPO, name, True, games))
            if now < old / 2:
                below.append(name)
            print(f"{name:28s} {old_own:21,.0f} {old:20,.0f} {now:8,.0f} {now / old:10.0%}"
                  f"{'' if now >= old / 2 else '  BELOW HALF'}", flush=True)
    if below:
        print(f"below half of the readable engine's speed before it was made plain: {', '.join(below)}")
        raise SystemExit(1)
    print("every readable engine keeps at least half of its speed before it was made plain")


if __name__ == "__main__":
    main()

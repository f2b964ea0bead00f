"""numba's disk cache of a lane follows everything the lane is built from (core/lane_cache.py)."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import boardkit
from boardkit.core.lane_cache import ROOT, imported_from, sources_stamp

PACKAGE = Path(boardkit.__file__).resolve().parent

#: a lane function (Mystery Date's Random bot choosing a pile) that inlines the generator of core/fast.py
DOOR = """
import json, numpy as np, boardkit.core.fast as cf
from boardkit.games.mystery_date import fast as lane
chance = cf.new_chance()
cf.seed_chance(chance, 7)
hands, piles, heights = np.zeros((1, 12), np.int64), np.zeros((2, 4), np.int64), np.ones(2, np.int64)
doors = [int(lane.choose_pile(lane.RANDOM, hands, 0, np.ones(5), piles, heights, chance)) for _ in range(40)]
stats = lane.choose_pile.stats
print(json.dumps({"doors": doors, "hits": sum(stats.cache_hits.values()), "misses": sum(stats.cache_misses.values())}))
"""


def run_door(copy: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}  # the cache beside the files
    env["PYTHONPATH"] = str(copy)
    done = subprocess.run([sys.executable, "-c", DOOR], env=env, cwd=copy, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_lane_is_stamped_by_the_files_it_imports_from():
    lane = PACKAGE / "games" / "mystery_date" / "fast.py"
    sources = {path.relative_to(ROOT).as_posix() for path in imported_from(lane)}
    assert {"boardkit/core/fast.py", "boardkit/games/mystery_date/rules.py"} <= sources
    assert not any("view" in source or "lessons" in source for source in sources)
    assert sources_stamp(lane) != sources_stamp(PACKAGE / "games" / "mouse_trap" / "fast.py")


def test_a_change_to_the_shared_generator_compiles_the_lane_again(tmp_path):
    copy = tmp_path / "src"
    shutil.copytree(PACKAGE, copy / "boardkit", ignore=shutil.ignore_patterns("__pycache__", "*.ipynb"))
    first = run_door(copy)
    assert first["misses"] == 1
    view = copy / "boardkit" / "games" / "mystery_date" / "view.py"
    view.write_text(view.read_text() + "\n# a change to a file the lane is not built from\n")
    again = run_door(copy)
    assert again == {**first, "hits": 1, "misses": 0}  # read from the disk cache

    shared = copy / "boardkit" / "core" / "fast.py"
    text = shared.read_text()
    assert "(1.0 / 9007199254740992.0)" in text
    shared.write_text(text.replace("(1.0 / 9007199254740992.0)", "(0.25 / 9007199254740992.0)"))  # [0, 1/4)
    changed = run_door(copy)
    assert changed["misses"] == 1 and changed["hits"] == 0  # compiled anew, not the stale copy
    assert set(first["doors"]) == {0, 1} and set(changed["doors"]) == {0}  # below(2) is 0 on [0, 1/4)

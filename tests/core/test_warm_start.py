"""The fast lanes compile when a server starts (boardkit.warm_start), and "compiling" is said only
when numba really compiles (core.fast.is_compiled reads numba's disk cache as numba does).

A tiny lane in a temporary folder keeps the compiling cheap: a function numba caches on disk, and
the Python function that calls it.  The servers that start the compilation are tested in
tests/browser/test_warm_start.py.
"""
import fcntl
import io
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from tqdm import tqdm

import boardkit as bk
from boardkit import warm_start
from boardkit.core import fast
from boardkit.games import mystery_date as md

pytest.importorskip("numba")

ROOT = Path(__file__).resolve().parents[2]
LANE = """
from boardkit.core.fast import njit


@njit
def add(a, b):
    return a + b + {constant}


def play_games(x):
    return twice(x)


def twice(x):
    return add(x, add(x, 0))


def not_played(x):
    return sub(x)


@njit
def sub(a):
    return -a
"""


def ask(folder, code):
    """Run ``code`` in a fresh Python (a kernel's view of the disk cache) and return what it prints."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(folder), str(ROOT)]))
    env.pop("NUMBA_CACHE_DIR", None)                     # the cache beside the lane's file
    done = subprocess.run([sys.executable, "-c", f"import tiny_lane\nfrom boardkit.core import fast\n{code}"],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_lane_is_compiled_once_numbas_disk_cache_holds_its_entry_points(tmp_path):
    (tmp_path / "tiny_lane.py").write_text(LANE.format(constant=0))
    names = "[f.__name__ for f in fast.entry_functions(tiny_lane)]"
    # nothing cached yet; compiled at the first call, in this process and on disk
    assert ask(tmp_path, f"print({names}, fast.is_compiled(tiny_lane), tiny_lane.play_games(2), "
                         "fast.is_compiled(tiny_lane))") == "['add'] False 4 True"
    cached = {path: path.stat().st_mtime_ns for path in (tmp_path / "__pycache__").iterdir()}
    # another process (a kernel) finds it compiled, and plays it without compiling: the cache is untouched
    assert ask(tmp_path, "print(fast.is_compiled(tiny_lane), tiny_lane.play_games(2))") == "True 4"
    assert {path: path.stat().st_mtime_ns for path in (tmp_path / "__pycache__").iterdir()} == cached
    (tmp_path / "tiny_lane.py").write_text(LANE.format(constant=10))                # its source changes
    assert ask(tmp_path, "print(fast.is_compiled(tiny_lane))") == "False"


class Descriptions(tqdm):
    """A progress bar that remembers every description it was given."""

    def __init__(self, **kwargs):
        self.said = []
        super().__init__(file=io.StringIO(), **kwargs)

    def set_description(self, desc=None, refresh=True):
        self.said.append(desc)
        super().set_description(desc, refresh)


def test_a_study_says_compiling_only_when_the_lane_would_compile():
    bk.simulate(md.Rules(), n_players=3, n_games=2, seed=1, progress=False)        # compiled (or loaded) here
    assert fast.is_compiled(fast.lane_for(md.Rules()))
    bar = Descriptions(total=200)
    frame = bk.simulate(md.Rules(), n_players=3, n_games=200, seed=1, progress=bar)
    assert frame.attrs["engine"] == "fast"
    assert not any("compiling" in said for said in bar.said)


def test_a_second_warm_up_leaves_the_compiling_to_the_first(capsys):
    with open(warm_start.lock_path(), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)        # a first server's process holds it
        assert warm_start.main() == 0
    assert "another process is compiling the fast lanes already" in capsys.readouterr().err


"""bk.process_pool starts nothing until it is given work, then plays exactly what it did before.

A lesson's setup cell makes a pool in every student's kernel; most pages
never use it, so making one must cost no process.  Process counts are read in
a fresh interpreter, where nothing else has started multiprocessing's helpers.
"""
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

import boardkit as bk
from boardkit.core.pool import ProcessPool
from boardkit.games import mystery_date as md

REPO_ROOT = Path(__file__).resolve().parents[2]

# Run in a fresh interpreter: the pool's processes at each step, and what `import boardkit` loaded.
PROBE = r"""
import json, os, sys, time
from pathlib import Path
import boardkit as bk
from boardkit.games import mystery_date as md

def children():
    # how many processes descend from this one (read from /proc)
    time.sleep(0.3)        # a process being started would show by now
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            pass
    ours, grew = {os.getpid()}, True
    while grew:
        found = {pid for pid, parent in parents.items() if parent in ours} - ours
        ours |= found
        grew = bool(found)
    return len(ours) - 1

seen = {"loaded": sorted(m for m in sys.modules
                         if m.split(".")[0] in ("tqdm", "multiprocessing", "concurrent", "scipy", "optuna")
                         or m == "boardkit.core.sweep")}
seen["before"] = children()
pool = bk.process_pool(workers=2)
seen["made"], seen["started_when_made"] = children(), pool.started
frame = bk.simulate(md.Rules(), n_players=3, n_games=30, seed=4, progress=False, engine="reference", executor=pool)
seen["used"], seen["started_when_used"] = children(), pool.started
seen["frame"] = frame.to_json()
pool.shutdown()
seen["first_shut_down"] = children()
idle = bk.process_pool(workers=2)
idle.shutdown()
seen["idle_shut_down"] = children()
print(json.dumps(seen))
"""


@pytest.fixture(scope="module")
def probe():
    if not Path("/proc/self/stat").exists():
        pytest.skip("counts processes through /proc (Linux)")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, env=env,
                          cwd=REPO_ROOT)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_making_a_pool_starts_no_process(probe):
    assert probe["before"] == 0
    assert probe["made"] == 0 and probe["started_when_made"] is False


def test_the_first_run_starts_the_workers(probe):
    assert probe["started_when_used"] is True
    assert probe["used"] >= 2          # the workers (and multiprocessing's forkserver and resource tracker)


def test_a_pool_shut_down_unused_never_started_anything(probe):
    # the first pool's workers have gone (multiprocessing's forkserver and resource tracker stay);
    # making and shutting down an unused pool changed nothing
    assert probe["first_shut_down"] < probe["used"]
    assert probe["idle_shut_down"] == probe["first_shut_down"]


def test_the_pool_plays_the_same_frame_as_no_pool(probe):
    plain = bk.simulate(md.Rules(), n_players=3, n_games=30, seed=4, progress=False, engine="reference")
    assert len(plain) == 30
    assert probe["frame"] == plain.to_json()


def test_import_boardkit_loads_no_pool_progress_bar_sweep_or_statistics(probe):
    assert probe["loaded"] == [m for m in probe["loaded"] if m in ("concurrent", "concurrent.futures",
                                                                   "concurrent.futures._base")]


def test_one_pool_serves_every_run_and_map_gives_the_builtin_answers():
    with bk.process_pool(workers=2) as pool:
        assert not pool.started
        first = bk.simulate(md.Rules(), n_players=4, n_games=24, seed=1, progress=False, executor=pool)
        executor = pool._executor
        second = bk.simulate(md.Rules(), n_players=4, n_games=24, seed=1, progress=False, executor=pool)
        assert pool._executor is executor          # started once, reused
        assert list(pool.map(abs, [-3, 2, -1], chunksize=2)) == [3, 2, 1]
        assert pool.submit(pow, 2, 10).result(timeout=60) == 1024
    pd.testing.assert_frame_equal(first, second)
    pd.testing.assert_frame_equal(first, bk.simulate(md.Rules(), n_players=4, n_games=24, seed=1, progress=False))


def test_a_shut_down_pool_refuses_new_work():
    pool = bk.process_pool(workers=1)
    pool.shutdown()
    with pytest.raises(RuntimeError, match="after shutdown"):
        pool.submit(abs, -1)
    with pytest.raises(RuntimeError, match="after shutdown"):
        pool.map(abs, [1])
    assert not pool.started


def test_workers_default_to_the_cores_and_bad_counts_are_refused():
    assert bk.process_pool()._max_workers == (os.cpu_count() or 1)
    assert bk.process_pool(workers=3)._max_workers == 3
    for bad in (0, -1, 2.5, True, "2"):
        with pytest.raises(ValueError, match=rf"workers must be .*got {bad!r}"):
            bk.process_pool(workers=bad)


def test_the_workers_start_from_a_clean_process_never_a_fork_of_the_kernel():
    pool = ProcessPool(2)
    assert pool._mp_context.get_start_method() in ("forkserver", "spawn")
    assert "not started yet" in repr(pool)


# A kernel that uses its pool and is then killed (as a server kills a kernel that does not stop in time).
KILLED_OWNER = r"""
import json, os, signal
import boardkit as bk
pool = bk.process_pool(workers=2)
assert sorted(pool.map(abs, [-2, -1, 0, 1])) == [0, 1, 1, 2]
print(json.dumps(sorted(process.pid for process in pool._executor._processes.values())), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_the_workers_end_when_the_process_that_started_them_is_killed(tmp_path):
    if not Path("/proc/self/stat").exists():
        pytest.skip("looks for the workers in /proc (Linux)")
    said = tmp_path / "workers.json"        # a file, not a pipe: on the old code the workers held a pipe open
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")])))
    with open(said, "w") as out:
        owner = subprocess.run([sys.executable, "-c", KILLED_OWNER], stdout=out, timeout=120, env=env, cwd=REPO_ROOT)
    assert owner.returncode == -signal.SIGKILL
    workers = json.loads(said.read_text())
    assert len(workers) == 2
    deadline = time.monotonic() + 20
    try:
        while any(Path(f"/proc/{pid}").exists() for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()], "the workers outlived their kernel"
    finally:
        for pid in workers:                 # on the old code they would wait for work for ever
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

"""How the suite is shared between pytest-xdist's workers (``pytest -n auto``, ``--dist loadgroup``).

pytest-xdist sends each test to whichever worker is free, unless tests carry the same
``xdist_group``: a group runs whole, in order, on one worker.  Here a group is one file's tests when
they share something a worker makes for them:

* a notebook run by nbval (its cells run in order in one kernel);
* a browser test file (its Voilà servers, Chromium and JupyterLab are made once per worker);
* a file whose tests share a module- or class-scoped fixture (it is computed once, not once per worker);
* a file that calls a fast lane's numba functions one at a time (``FAST_PIECES``): ``warm_up`` compiles
  only each lane's games, so a piece called on its own is compiled at its first call, on a fresh clone,
  and every worker that meets it first would compile it again beside the others.

Every other test runs wherever a worker is free.  The longest groups are handed out first (the
files in LONGEST_FIRST, then the browser files, then the notebooks and the shared-fixture files, then
the single tests), so that no worker starts a long group when the others are almost done.

``-n auto`` starts half as many workers again as the machine has cores (3 on 2 cores): a browser test's
worker sits idle while its page animates or Playwright waits between two looks at the page (on a quiet
2-core machine two workers kept the cores 61% busy: 883 CPU seconds in 724 s), and the extra worker runs
other tests meanwhile.  ``PYTEST_XDIST_AUTO_NUM_WORKERS=N`` or ``-n N`` chooses otherwise.
"""
import os
from pathlib import Path

import pytest

BROWSER_TESTS = Path(__file__).parent / "tests" / "browser"
SHARED_SCOPES = ("class", "module", "package")
#: the files that take a worker longest (half a minute or more each on 2 cores, measured with
#: ``--durations``), longest first: started at once, they run beside everything else instead of
#: leaving one worker busy at the end
LONGEST_FIRST = ("tests/browser/test_jupyterlab.py", "tests/browser/test_warm_start_voila.py",
                 "tests/browser/test_wld_lesson.py", "tests/browser/test_mouse_trap_app.py",
                 "tests/browser/test_toolkit_page.py", "tests/browser/test_index.py",
                 "tests/browser/test_cluedo_cards_lesson.py", "tests/browser/test_wld_app.py",
                 "tests/browser/test_mystery_date_lesson.py", "tests/browser/test_mystery_date_app.py",
                 "tests/browser/test_mouse_trap_lesson.py", "tests/browser/test_philo_vance_lesson.py",
                 "tests/browser/test_design_lab.py", "tests/browser/test_class_together_browser.py",
                 "tests/browser/test_teacher_controls.py", "tests/browser/test_philo_vance_app.py",
                 "tests/philo_vance/test_pv_fast.py")

#: the files that call a lane's numba functions on their own (see the module's docstring); measured on a
#: fresh numba cache after ``warm_up``, ``-n 2``: tests/mystery_date/test_md_fast.py took 35.3 CPU s spread
#: over two workers (both compiled ``take_turn``), 30.1 on one
FAST_PIECES = ("tests/mystery_date/test_md_fast.py", "tests/mouse_trap/test_mt_fast.py",
               "tests/cluedo_cards/test_cc_fast_pieces.py", "tests/win_lose_draw/test_wld_fast.py")


@pytest.hookimpl(optionalhook=True)     # a hook of pytest-xdist: unknown without it
def pytest_xdist_auto_num_workers(config):
    """The number of workers ``-n auto`` starts (see the module's docstring)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None                     # pytest-xdist's own hook reads it
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores + max(1, cores // 2)


def _file_of(item) -> str:
    return item.nodeid.split("::", 1)[0]


def _shares_a_fixture(item) -> bool:
    info = getattr(item, "_fixtureinfo", None)        # nbval's cells have none
    if info is None:
        return False
    return any(fixture.scope in SHARED_SCOPES for defs in info.name2fixturedefs.values() for fixture in defs)


def _order(item) -> int:
    """0: a browser file; 1: a notebook; 2: another group; 3: a test on its own."""
    if BROWSER_TESTS in Path(item.path).parents:
        return 0
    if item.path.suffix == ".ipynb":
        return 1
    return 2 if _shares_a_fixture(item) or _file_of(item) in FAST_PIECES else 3


def _longest_first(item) -> int:
    """A file's place in LONGEST_FIRST (every other file after them)."""
    file = _file_of(item)
    return LONGEST_FIRST.index(file) if file in LONGEST_FIRST else len(LONGEST_FIRST)


@pytest.hookimpl(tryfirst=True)      # before pytest-xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items):
    for item in items:
        if _longest_first(item) < len(LONGEST_FIRST) or _order(item) < 3:
            item.add_marker(pytest.mark.xdist_group(_file_of(item)))
    items.sort(key=lambda item: (_longest_first(item), _order(item)))   # stable: a file's tests keep their order

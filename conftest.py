"""How the suite is shared between pytest-xdist's workers (``pytest -n auto``, ``--dist loadgroup``).

pytest-xdist sends each test to whichever worker is free, unless tests carry the same
``xdist_group``: a group runs whole, in order, on one worker.  Here a group is one file's tests when
they share something a worker makes for them:

* a notebook run by nbval (its cells run in order in one kernel);
* a browser test file (its Voilà servers, Chromium and JupyterLab are made once per worker);
* a file whose tests share a module- or class-scoped fixture (it is computed once, not once per worker).

Every other test runs wherever a worker is free.  The longest groups are handed out first (the
browser files, then the notebooks and the shared-fixture files, then the single tests), so that no
worker starts a long group when the others are almost done.
"""
from pathlib import Path

import pytest

BROWSER_TESTS = Path(__file__).parent / "tests" / "browser"
SHARED_SCOPES = ("class", "module", "package")


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
    return 2 if _shares_a_fixture(item) else 3


@pytest.hookimpl(tryfirst=True)      # before pytest-xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items):
    for item in items:
        if _order(item) < 3:
            item.add_marker(pytest.mark.xdist_group(_file_of(item)))
    items.sort(key=_order)            # a stable sort: each file's tests keep their order

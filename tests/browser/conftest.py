"""Fixtures for browser tests: Voilà serves a notebook, headless Chromium opens it.

    chromium_path   Debian's Chromium (skipped locally if missing, a failure when CI=true)
    voila_server    factory: ``url = voila_server("tests/browser/fixtures/x.ipynb")``
    browser         one headless Chromium for the whole session
    browser_page    a fresh page that records console errors and page errors

Page helpers live in ``harness.py`` (``from harness import wait_for_canvas, ...``).
Every test in this folder gets the ``browser`` mark, so ``-m "not browser"``
leaves them out. Playwright never downloads a browser: it is always handed
Debian's Chromium through ``executable_path``.
"""

import os
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
# Every Voilà server the tests start has a teacher's key: the teacher's page is ``?teacher=<that key>``
# (read it from the environment; a key of your own in your shell is kept).
os.environ.setdefault("BOARDKIT_TEACHER_KEY", "test-teacher-key")
# ... and keeps its class store in a file of this test run, never the user's own store (a class left open
# there would turn a teacher's page into a projector with its notes hidden, and a test must never write to a
# school's real store). A test that needs a store of its own sets it before it starts its server.
os.environ["BOARDKIT_CLASS_DB"] = "sqlite:///" + str(Path(tempfile.mkdtemp(prefix="boardkit-class-")) / "class.db")

from harness import CHROMIUM, CHROMIUM_ARGS, NO_POOL, NO_WARM_START, VoilaServer, new_page  # noqa: E402

# The fixture notebooks are served by Voilà, not run by nbval.
collect_ignore_glob = ["fixtures/*.ipynb"]

HERE = Path(__file__).parent
FIXTURES = Path("tests/browser/fixtures")     # the App fixtures' folder, from the repository root


def pytest_collection_modifyitems(items):
    """Mark every test collected from this folder as a browser test."""
    for item in items:
        if HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def _unavailable(reason):
    """Skip on a developer's machine, but fail in CI, where a missing browser is a bug."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: the browser tests must run in CI)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium_path():
    """Path of the Chromium executable that Playwright drives."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        _unavailable(f"Chromium not found at {CHROMIUM}: `apt-get install -y chromium` "
                     "(or set BOARDKIT_CHROMIUM) to run the browser tests")
    return CHROMIUM


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    """Factory: ``voila_server(notebook_relpath) -> base URL`` such as "http://127.0.0.1:PORT/".

    The path is relative to the repository root. Each notebook (and set of
    ``extra_args`` for Voilà's command line) gets one Voilà process for the
    whole session; every page load still gets a fresh kernel.  A server of one
    notebook is ready once its pre-heated kernel has started, so the first page
    takes it (as a class's pages do on a server started before the lesson)
    instead of running the notebook a second time beside it.  The servers start
    no background check of the fast lanes' cache (``harness.NO_WARM_START``).

    The App fixtures (``tests/browser/fixtures/*.ipynb``, with no ``extra_args``) share one server of
    their folder, ``voila tests/browser/fixtures`` with no pool (``harness.NO_POOL``): each of their
    pages gets a kernel started for it, and the worker starts one Voilà instead of one per fixture
    (about 3.5 CPU-s each).  They test the Apps, not how Voilà serves a lesson: the lessons keep a
    server of their own, with the pool a class's server has.
    All servers are stopped, kernels included, at the end of the session (or of the
    pytest-xdist worker: each worker has its own servers and Chromium).
    """
    servers = {}

    def start(notebook_relpath, timeout=60, extra_args=()):
        if not extra_args and Path(notebook_relpath).parent == FIXTURES:
            return start(FIXTURES, timeout, (NO_POOL,)) + "voila/render/" + Path(notebook_relpath).name
        key = str(notebook_relpath) if not extra_args else (str(notebook_relpath), *extra_args)
        if key not in servers:
            log = tmp_path_factory.mktemp("voila") / "voila.log"
            servers[key] = VoilaServer(notebook_relpath, log, timeout, (NO_WARM_START, *extra_args))
            if str(notebook_relpath).endswith(".ipynb"):
                servers[key].wait_for_pool(max(timeout, 120))
        return servers[key].url

    start.servers = servers  # for tests that want a server's log: start.servers[path].log_text()
    yield start
    with ThreadPoolExecutor() as stopping:      # all at once: each waits seconds for its kernels to stop
        list(stopping.map(VoilaServer.stop, servers.values()))


@pytest.fixture(scope="session")
def browser(chromium_path):
    """One headless Chromium for the session."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed: pip install playwright")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def browser_page(browser):
    """A new page in its own context; read its errors with ``harness.console_errors(page)``."""
    page = new_page(browser)
    yield page
    page.context.close()

"""Every notebook opened in JupyterLab and run with Run -> Run All Cells, as a Binder student does.

The README's Binder badge opens ``notebooks/00_index.ipynb`` in JupyterLab, so
this is the first thing a student sees. For each notebook the test checks:

* before anything runs, the notebook shows its "how to start" guide and no
  widget error (a widget saved in the file would say "Error displaying widget:
  model not found", since a fresh kernel never made its model);
* after Run All Cells, every code cell ran, each lesson's board is drawn on its
  canvas (pixels, not just the element), the design lab shows its controls, no
  output holds a traceback, a warning or a widget error;
* no answer shows before its prediction: the "For coders" printouts stay in closed
  folds, and Run All ends with the page at part 1, not at the last cell (where
  JupyterLab leaves it);
* the index's links open the lessons as Voilà apps (the server's Voilà extension);
* the browser's console shows no error, at any moment of any test here: read
  after the test, once every widget output has been drawn (a widget output whose
  model is gone logs "Error: widget model not found" only after JupyterLab has
  looked for the model for 2 s, so a check made at once can miss it).

One JupyterLab server (lab_harness.JupyterLabServer: 127.0.0.1, a token, fresh
settings and workspace, no news or update checks) serves all six, to one browser page:
JupyterLab loads once, and each test after the first closes the last notebook (its
changes discarded, its kernel shut down) and opens its own with File -> Open from Path...

The warm path: Binder's build runs ``binder/postBuild``, which compiles every
game's fast lane (numba) into its on-disk cache. The last test runs that script,
then presses the Mystery Date lesson's first study that calls ``bk.simulate``
("Play 10,000 games") in JupyterLab: the games are played by the fast lane and
nothing is compiled again (numba's cache files are untouched).

    python -m pytest -q -p no:randomly tests/browser/test_jupyterlab.py
"""

import os
import re
import subprocess
import time

import pytest
from playwright.sync_api import expect

from a11y import assert_accessible
from harness import REPO_ROOT, click_button, console_errors, new_page
from lab_harness import (NOTEBOOK, JupyterLabServer, open_in_lab, run_all_cells, run_new_cell,
                         wait_for_a_drawn_board, wait_for_idle_kernel, wait_until_every_cell_ran)

pytestmark = pytest.mark.browser

OPEN_TIMEOUT_MS = 120_000      # JupyterLab's page and a kernel on a busy CI machine; ~6-12 s here
RUN_TIMEOUT_MS = 180_000       # every cell of one notebook; 8-30 s here
LESSONS = ["01_mystery_date.ipynb", "02_mouse_trap.ipynb", "03_philo_vance.ipynb",
           "04_cluedo_cards.ipynb", "05_win_lose_draw.ipynb"]
WIDGET_ERRORS = ("Error displaying widget", "model not found")
STDERR = f"{NOTEBOOK} .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"


@pytest.fixture(scope="module")
def lab_page(browser):
    """The file's one page (1280x900), which loads JupyterLab once for every test here."""
    page = new_page(browser)
    yield page
    page.context.close()


@pytest.fixture
def browser_page(lab_page):
    """This file's tests share ``lab_page`` (conftest's browser_page would load JupyterLab each time)."""
    return lab_page


@pytest.fixture(autouse=True)
def no_console_error(browser_page):
    """After each test: every widget output has been drawn (or has failed to), and the console holds no
    error.  In JupyterLab none at all; on the Voilà page, none but harness.console_errors' network
    errors (that page asks for a few files off this machine, which has no network)."""
    yield
    page = browser_page
    expect(page.locator(".jp-OutputArea-output", has_text="Loading widget...")).to_have_count(0)
    assert (page.boardkit_errors if "/lab/" in page.url else console_errors(page)) == []


@pytest.fixture(scope="module")
def lab_server(tmp_path_factory):
    server = JupyterLabServer(tmp_path_factory.mktemp("jupyterlab"))
    yield server
    server.stop()


@pytest.fixture
def jupyterlab(lab_server):
    """The server; the test's kernels are shut down after it, passed or not."""
    yield lab_server
    lab_server.shut_down_kernels()


def open_notebook(page, jupyterlab, name):
    """Open ``notebooks/<name>`` and wait for its kernel; check what shows before anything runs."""
    open_in_lab(page, jupyterlab, f"notebooks/{name}", OPEN_TIMEOUT_MS)
    wait_for_idle_kernel(page, OPEN_TIMEOUT_MS)
    jupyterlab.wait_for_one_kernel(OPEN_TIMEOUT_MS / 1000)
    notebook = page.locator(NOTEBOOK)
    guide = notebook.locator(".jp-Cell").first.locator(".jp-RenderedMarkdown")
    expect(guide).to_contain_text("Run → Run All Cells")
    for error in WIDGET_ERRORS:
        expect(notebook.get_by_text(error)).to_have_count(0)
    return notebook


def run_every_cell(page, notebook, record_property):
    """Run -> Run All Cells; wait until every code cell ran; return the seconds it took."""
    start = time.monotonic()
    run_all_cells(page)
    wait_until_every_cell_ran(page, RUN_TIMEOUT_MS)
    wait_for_idle_kernel(page, RUN_TIMEOUT_MS)
    seconds = time.monotonic() - start
    record_property("seconds_to_run_all_cells", round(seconds, 2))
    return seconds


def assert_no_answer_shows(notebook, heading):
    """The printouts of answers are folded, and the page is back at ``heading`` (part 1) after Run All."""
    printouts = notebook.locator("details.boardkit-printout")
    expect(printouts.first).to_be_attached()
    assert printouts.count() >= 1
    expect(notebook.locator("details.boardkit-printout[open]")).to_have_count(0)
    expect(notebook.locator("details.boardkit-printout pre").filter(visible=True)).to_have_count(0)
    expect(notebook.get_by_role("heading", name=heading).first).to_be_in_viewport(timeout=30_000)


def assert_clean(page, notebook):
    """No traceback or warning in any output, no widget error (the console: no_console_error)."""
    expect(page.locator(STDERR)).to_have_count(0)
    expect(notebook.locator(".jp-OutputArea-output", has_text="Traceback")).to_have_count(0)
    for error in WIDGET_ERRORS:
        expect(notebook.get_by_text(error)).to_have_count(0)


def assert_controls_named(page):
    """Every slider of the lesson has an accessible name (ipywidgets gives its handle none: boardkit's
    control_names does), and axe-core finds no critical or serious WCAG 2.1 A/AA problem in the outputs."""
    handles = page.locator(f"{NOTEBOOK} .noUi-handle[role=slider]")
    expect(handles.first).to_be_attached()
    page.wait_for_function("s => Array.from(document.querySelectorAll(s)).every(h => h.getAttribute('aria-label'))",
                           arg=f"{NOTEBOOK} .noUi-handle[role=slider]", timeout=15_000)
    assert_accessible(page, "in JupyterLab's outputs", within=f"{NOTEBOOK} .jp-OutputArea")


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_runs_in_jupyterlab_and_draws_its_board(jupyterlab, browser_page, name, record_property):
    page = browser_page
    notebook = open_notebook(page, jupyterlab, name)
    seconds = run_every_cell(page, notebook, record_property)
    canvases = wait_for_a_drawn_board(page, RUN_TIMEOUT_MS)
    assert_no_answer_shows(notebook, re.compile(r"^1\. Play"))
    for answer in ("171/2108 = 0.0811", re.compile(r"Player 1 won \d"), "0.5399", "1/7 = 0.1429"):   # folded
        expect(notebook.get_by_text(answer).filter(visible=True)).to_have_count(0)
    assert_clean(page, notebook)
    assert_controls_named(page)
    boards = sum(canvas["board"] for canvas in canvases)
    print(f"\n{name}: Run All Cells -> every cell ran in {seconds:.1f} s; {boards} of {len(canvases)} canvases "
          "show a board")


def test_the_index_runs_in_jupyterlab(jupyterlab, browser_page, record_property):
    page = browser_page
    notebook = open_notebook(page, jupyterlab, "00_index.ipynb")
    seconds = run_every_cell(page, notebook, record_property)
    expect(notebook.locator(".jp-OutputArea-output", has_text="first seat win rate")).to_have_count(1)
    assert_no_answer_shows(notebook, re.compile(r"^boardkit: probability"))  # the answer folded, the page at its top
    expect(notebook.get_by_text(re.compile(r"boardkit version|Python module"))).to_have_count(0)
    links = notebook.locator("a", has_text="open as a Voilà app")
    expect(links).to_have_count(6)                                          # five lessons, the lab
    expect(notebook.locator(".boardkit-prediction")).to_have_count(1)        # predict first: which game is luck?
    expect(notebook.locator(".jp-OutputArea-output img")).to_have_count(0)   # the chart waits for the reveal
    assert_clean(page, notebook)
    # A link opens its lesson as a Voilà app, through the server's Voilà extension.
    assert links.first.get_attribute("href") == "/voila/render/notebooks/01_mystery_date.ipynb"
    with page.context.expect_page() as opened:
        links.first.click()
    lesson = opened.value
    expect(lesson.get_by_role("heading", name=re.compile("Mystery Date"))).to_be_visible(timeout=OPEN_TIMEOUT_MS)
    lesson.close()
    print(f"\n00_index.ipynb: Run All Cells -> every cell ran in {seconds:.1f} s")


def test_the_design_lab_runs_in_jupyterlab(jupyterlab, browser_page, record_property):
    page = browser_page
    notebook = open_notebook(page, jupyterlab, "06_design_lab.ipynb")
    seconds = run_every_cell(page, notebook, record_property)
    for control in ("Game", "Players", "Goal", "Hand limit", "Across", "Trials"):     # 1 to 4's controls
        expect(notebook.locator(".widget-label", has_text=re.compile(f"^{control}"))).not_to_have_count(0)
    for button in ("Play these rules", "Draw the map", "Search", "Play it"):
        expect(notebook.get_by_role("button", name=re.compile(rf"^\W*{button}$"))).to_have_count(1)
    expect(notebook).to_contain_text("md.Rules().replace(hand_limit=9, dud_redraw=6)")   # the search, printed
    assert_no_answer_shows(notebook, re.compile(r"^1\. Pick"))              # folded; Run All ends at part 1
    assert_clean(page, notebook)
    print(f"\n06_design_lab.ipynb: Run All Cells -> every cell ran in {seconds:.1f} s")


def test_jupyterlab_starts_compiling_the_fast_lanes(lab_server):
    """boardkit.warm_start is a Jupyter server extension, enabled by the file pip installs from
    jupyter-config/: at start, JupyterLab runs the background process that compiles the lanes numba's
    cache lacks (tests/browser/test_warm_start.py follows it under Voilà), which says what it found."""
    started = time.monotonic()
    found = r"\[boardkit\] (the fast lanes are compiled|another process is compiling|compiling the fast lanes of)"
    while not re.search(found, lab_server.log_text(last=10**7)):
        assert time.monotonic() - started < OPEN_TIMEOUT_MS / 1000, lab_server.log_text()
        time.sleep(0.5)
    assert "[boardkit] checking the fast lanes' compiled copies in the background" in lab_server.log_text(last=10**7)


# --- The warm path: postBuild compiles the fast lane, the first study plays it at once -------------------

POSTBUILD = REPO_ROOT / "binder" / "postBuild"
LANE_CACHES = [REPO_ROOT / "boardkit" / "core" / "__pycache__",
               REPO_ROOT / "boardkit" / "games" / "mystery_date" / "__pycache__"]
STUDY_TIMEOUT_MS = 120_000


def numba_cache():
    """numba's cache files of Mystery Date's fast lane (and core.fast's shared pieces), with their times."""
    return {path: path.stat().st_mtime_ns for folder in LANE_CACHES for path in sorted(folder.glob("*.nb[ic]"))}


def test_after_postbuild_the_first_study_plays_the_warm_fast_lane(jupyterlab, browser_page, record_property):
    started = time.monotonic()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
    subprocess.run(["bash", str(POSTBUILD)], cwd=REPO_ROOT, env=env, check=True, timeout=900,
                   stdin=subprocess.DEVNULL, capture_output=True)
    postbuild_seconds = time.monotonic() - started
    record_property("seconds_postbuild", round(postbuild_seconds, 2))
    warm = numba_cache()
    assert any("mystery_date" in str(path) for path in warm), "postBuild left no cache of the Mystery Date lane"

    page = browser_page
    notebook = open_notebook(page, jupyterlab, "01_mystery_date.ipynb")
    run_every_cell(page, notebook, record_property)
    notebook.locator(".boardkit-going-further").get_by_text("Going further:").first.click()   # the study is folded there
    click_button(page, "Play 10,000 games")
    played = notebook.locator(".jp-OutputArea-output", has_text=re.compile(r"10,000 games in \d+ seconds?")).last
    played.wait_for(timeout=STUDY_TIMEOUT_MS)
    played_text = played.inner_text().strip()
    record_property("study_text", played_text)
    # Which engine played? Asked in a new cell, as a student would.
    engine = run_new_cell(page, 'results["1965 rules"].attrs["engine"]', STUDY_TIMEOUT_MS)
    assert engine.strip() == "'fast'"
    assert numba_cache() == warm, "the study compiled the lane again instead of loading postBuild's cache"
    assert_clean(page, notebook)
    print(f"\nbinder/postBuild ran in {postbuild_seconds:.1f} s; the first study: {played_text}, "
          f"engine {engine.strip()}, numba's cache untouched")


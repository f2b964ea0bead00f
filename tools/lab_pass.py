"""A look at the lessons as a Binder student gets them: JupyterLab, Run -> Run All Cells, screenshots.

One JupyterLab on a copy of ``notebooks/`` (127.0.0.1 only, tests/browser/lab_harness.py) and one headless
Chromium at 1280x900.  For each lesson named: open it, Run All Cells from the menu, wait until every cell
ran, photograph where the page landed (nothing may give an answer away there: Run All ends at part 1), then
photograph the notebook one screen at a time as the student scrolls it::

    PYTHONPATH=$PWD nice python tools/lab_pass.py /tmp/shots 01 04      # lessons 01 and 04

Screenshots: ``<folder>/<lesson>-jupyterlab-opened.png``, ``-ran.png``, ``-landed.png`` and ``<folder>/<lesson>-jupyterlab_NN.png``.
It prints how long Run All took and any error output.  This tool is for looking at the pages, not a test.
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from harness import CHROMIUM, CHROMIUM_ARGS, new_page  # noqa: E402
from lab_harness import (ERRORS_JS, NOTEBOOK, JupyterLabServer, open_in_lab, run_all_cells,  # noqa: E402
                         wait_for_idle_kernel, wait_until_every_cell_ran)

LESSONS = sorted(path.name for path in (REPO / "notebooks").glob("0[0-6]_*.ipynb"))
TIMEOUT_MS = 240_000        # opening a notebook, or running all its cells, on a shared 2-core machine
MOST_SCREENS = 40


def screens(page, prefix: str) -> None:
    """The notebook one screen at a time, from its top."""
    scroller = (f"(document.querySelector('{NOTEBOOK} .jp-WindowedPanel-outer')"
                f" || document.querySelector('{NOTEBOOK} .jp-Notebook'))")
    total, height = page.evaluate(f"() => [{scroller}.scrollHeight, {scroller}.clientHeight]")
    for number, top in enumerate(range(0, int(total), int(height)), start=1):
        if number > MOST_SCREENS:
            break
        page.evaluate(f"(top) => {{ {scroller}.scrollTop = top; }}", top)
        page.wait_for_timeout(500)
        page.screenshot(path=f"{prefix}_{number:02d}.png")


def look(page, server, name: str, folder: Path) -> None:
    prefix = str(folder / f"{name[:2]}-jupyterlab")
    open_in_lab(page, server, f"notebooks/{name}", TIMEOUT_MS)
    wait_for_idle_kernel(page, TIMEOUT_MS)
    server.wait_for_one_kernel(TIMEOUT_MS / 1000)     # (a busy JupyterLab may start a second kernel at first)
    page.screenshot(path=f"{prefix}-opened.png")
    started = time.monotonic()
    run_all_cells(page)
    try:
        wait_until_every_cell_ran(page, TIMEOUT_MS)
    finally:
        page.screenshot(path=f"{prefix}-ran.png")
    wait_for_idle_kernel(page, TIMEOUT_MS)
    page.wait_for_timeout(3_000)                # the last cell's scroll back to part 1
    print(f"{name}: Run All Cells ran every cell in {time.monotonic() - started:.1f} s", flush=True)
    page.screenshot(path=f"{prefix}-landed.png")
    for error in page.evaluate(ERRORS_JS):
        print(f"  ! error output: {error[:300]!r}", flush=True)
    screens(page, prefix)


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    folder = Path(argv[0] if argv else "shots")
    folder.mkdir(parents=True, exist_ok=True)
    wanted = [name for name in LESSONS if not argv[1:] or name[:2] in argv[1:]]
    server = JupyterLabServer(Path(tempfile.mkdtemp(prefix="boardkit-lab-pass-")), timeout=120)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = new_page(browser)
            for name in wanted:
                look(page, server, name, folder)
            browser.close()
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

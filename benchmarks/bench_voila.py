"""How long a Voilà app takes from the page request to a drawn board.

    python benchmarks/bench_voila.py                      # the Mystery Date lesson and the bare app
    python benchmarks/bench_voila.py notebooks/01_mystery_date.ipynb --repeat 5

For each notebook, Voilà is started on 127.0.0.1 from the repository root (so
it reads ``voila.json``: one pre-heated kernel per notebook) and headless
Chromium opens the page:

* **cold**: the request comes the moment the server answers, so the page
  waits for a kernel to start and run every cell;
* **warm**: the request comes once Voilà has filled its pool of pre-heated
  kernels (the usual case for a teacher who starts Voilà before the lesson).

"Drawn" means the app's canvas has at least 50,000 painted pixels.  Each
figure is the best of ``--repeat`` page loads (warm: a new server each time,
so every load finds a filled pool).  Needs Chromium at /usr/bin/chromium (or
``BOARDKIT_CHROMIUM``) and the ``playwright`` package.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
from harness import CHROMIUM, CHROMIUM_ARGS, VoilaServer, wait_for_canvas  # noqa: E402

NOTEBOOKS = ["notebooks/01_mystery_date.ipynb", "tests/browser/fixtures/mystery_date_app.ipynb"]


def seconds_to_drawn(browser, url: str) -> float:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        start = time.monotonic()
        page.goto(url, wait_until="commit", timeout=180_000)
        wait_for_canvas(page, timeout=180_000, min_drawn=50_000)
        return time.monotonic() - start
    finally:
        page.close()


def wait_for_filled_pool(server: VoilaServer, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while "is filled with" not in server.log_text(last=100_000):
        if time.monotonic() > deadline:
            raise RuntimeError(f"Voilà's kernel pool was not filled in {timeout} s:\n{server.log_text()}")
        time.sleep(0.2)


def measure(browser, notebook: str, warm: bool) -> float:
    with tempfile.TemporaryDirectory() as folder:
        server = VoilaServer(notebook, Path(folder) / "voila.log", timeout=60)
        try:
            if warm:
                wait_for_filled_pool(server)
            return seconds_to_drawn(browser, server.url)
        finally:
            server.stop()


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", default=NOTEBOOKS, help="paths from the repository root")
    parser.add_argument("--repeat", type=int, default=3, help="page loads of each kind (the best is shown)")
    args = parser.parse_args()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for notebook in args.notebooks:
                for warm in (False, True):
                    times = [measure(browser, notebook, warm) for _ in range(args.repeat)]
                    label = "warm (pre-heated kernel)" if warm else "cold (kernel starts on request)"
                    print(f"{notebook}: {label:32} best {min(times):.2f} s, "
                          f"all {', '.join(f'{t:.2f}' for t in times)}", flush=True)
        finally:
            browser.close()


if __name__ == "__main__":
    main()

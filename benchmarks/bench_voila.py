"""How long a Voilà app takes from the page request to a drawn board.

    python benchmarks/bench_voila.py                      # the Mystery Date lesson and the bare app
    python benchmarks/bench_voila.py notebooks/01_mystery_date.ipynb --repeat 5
    python benchmarks/bench_voila.py --kernel notebooks/01_mystery_date.ipynb   # what a kernel does at page load

For each notebook, Voilà is started on 127.0.0.1 from the repository root (so
it reads ``voila.json``: one pre-heated kernel per notebook) and headless
Chromium opens the page:

* **cold**: the request comes the moment the server answers, so the page
  waits for a kernel to start and run every cell;
* **warm**: the request comes once Voilà's pre-heated kernel has run every
  cell (the usual case for a teacher who starts Voilà before the lesson).
  Voilà logs "pool ... is filled" as soon as the kernel has *started*, while
  its cells are still running, so this waits until the kernel has done its
  work and fallen quiet (``classroom.wait_for_pool``) before the request.

"Drawn" means the app's canvas has at least 50,000 painted pixels.  Each
figure is the best of ``--repeat`` page loads (warm: a new server each time,
so every load finds a filled pool).  Needs Chromium at /usr/bin/chromium (or
``BOARDKIT_CHROMIUM``) and the ``playwright`` package.

``--kernel`` measures instead what one kernel does when a page opens (no
server, no browser): it runs the notebook's cells in a fresh kernel, as Voilà
does, and prints the kernel's CPU seconds and memory (RSS) once every cell
has run, and the slowest cells.  This is the work each student's kernel
costs the machine, best of ``--repeat`` kernels.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
sys.path.insert(0, str(REPO_ROOT / "benchmarks"))
from classroom import wait_for_pool  # noqa: E402
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


def measure(browser, notebook: str, warm: bool) -> float:
    with tempfile.TemporaryDirectory() as folder:
        server = VoilaServer(notebook, Path(folder) / "voila.log", timeout=60)
        try:
            if warm:   # a bare app's kernel does about 0.7 CPU seconds of work, a lesson's more than 1
                wait_for_pool(server, size=1, timeout=180, quiet=1.0, min_cpu=0.6)
            return seconds_to_drawn(browser, server.url)
        finally:
            server.stop()


def _proc_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")   # utime + stime


def _proc_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def kernel_load(notebook: str) -> dict:
    """Run ``notebook``'s cells in a fresh kernel (from the notebook's folder, with VOILA_BASE_URL set, like
    Voilà, so a lesson does what it does on a Voilà page: slow printouts wait in their folds): wall seconds,
    the kernel's CPU seconds and RSS (MB) after the last cell, and each cell's CPU seconds (the kernel's own
    work, which the machine's other load does not change)."""
    import nbformat
    from nbclient import NotebookClient

    path = REPO_ROOT / notebook
    nb = nbformat.read(path, as_version=4)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")])),
               VOILA_BASE_URL="/")
    client = NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}})
    start = time.monotonic()
    with client.setup_kernel(env=env):
        pid = client.km.provisioner.process.pid
        started = time.monotonic() - start
        cells = []
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            before = _proc_cpu_seconds(pid)
            client.execute_cell(cell, index)
            cells.append((_proc_cpu_seconds(pid) - before, index, cell.source.splitlines()[0][:60]))
        wall = time.monotonic() - start
        cpu, rss = _proc_cpu_seconds(pid), _proc_rss_mb(pid)
        startup = cells and cpu - sum(c[0] for c in cells)
    return {"wall": wall, "start": started, "cpu": cpu, "startup": startup, "rss": rss, "cells": cells}


def main_kernel(notebooks, repeat: int) -> None:
    for notebook in notebooks:
        runs = [kernel_load(notebook) for _ in range(repeat)]
        best = min(runs, key=lambda r: r["cpu"])
        cpus = ", ".join(f"{r['cpu']:.2f}" for r in runs)
        print(f"{notebook}: kernel CPU {best['cpu']:.2f} s (all {cpus}), "
              f"RSS {best['rss']:.0f} MB, wall {best['wall']:.2f} s (kernel start {best['start']:.2f} s), "
              f"{len(best['cells'])} code cells; CPU to start the kernel {best['startup']:.2f} s, slowest cells:",
              flush=True)
        for seconds, index, first_line in sorted(best["cells"], reverse=True)[:6]:
            print(f"    cell {index:3}: {seconds:6.2f} CPU s  {first_line}")


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", default=NOTEBOOKS, help="paths from the repository root")
    parser.add_argument("--repeat", type=int, default=3, help="page loads of each kind (the best is shown)")
    parser.add_argument("--kernel", action="store_true",
                        help="measure one kernel running the notebook (CPU, memory, slowest cells), no browser")
    args = parser.parse_args()
    if args.kernel:
        main_kernel(args.notebooks if args.notebooks != NOTEBOOKS else NOTEBOOKS[:1], args.repeat)
        return
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

"""A class opens a lesson at once: N students' pages in headless Chromium, on this machine only.

    python benchmarks/classroom.py                          # 5, 15 and 30 students, lesson 01
    python benchmarks/classroom.py --students 30 --pool 0   # no pre-heated pool: kernels start on request
    python benchmarks/classroom.py --students 30 --voila-arg=--VoilaKernelManager.fill_delay=1

For each class size N, as a teacher would before a lesson:

1. start Voilà on 127.0.0.1 from the repository root (so it reads
   ``voila.json``) with a pool of pre-heated kernels sized for the class
   (``--pool_size=N``, or ``--pool``), and wait until the pool is ready: every
   kernel started and the server idle, i.e. every kernel has run the lesson
   (the start-up wait; its memory is the idle class's);
2. open N pages, each in its own browser context (a student), spread evenly
   over ``--spread`` seconds (2 s);
3. time each page from its request to a **drawn board**: the lesson's game
   canvas with at least 50,000 painted pixels.  A page with no drawn board
   after ``--timeout`` seconds is a **failure** (for example a page that
   arrived without the game app);
4. sample the memory (RSS) of the Voilà server and all its kernels every
   second, and stop everything.

Prints one line per class size: drawn pages, failures, median / p90 / max
seconds to a drawn board, the pool's fill time, the memory with the pool
filled and at the peak, and memory per kernel; and how often Voilà logged
"Timeout waiting for IOPub output".  Every step has a time limit, so the run
stops by itself.  Traffic goes to 127.0.0.1 only.  Needs Chromium at
/usr/bin/chromium (or ``BOARDKIT_CHROMIUM``) and the ``playwright`` package.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
from harness import CHROMIUM, CHROMIUM_ARGS, VoilaServer, _descendants  # noqa: E402

LESSON = "notebooks/01_mystery_date.ipynb"
MIN_DRAWN = 50_000          # painted pixels that make a drawn board (as benchmarks/bench_voila.py)
STRIDE = 7                  # the check reads every 7th pixel, so 30 pages polling stay cheap
POLL_MS = 500               # how often each page is checked (the times are as precise)
# Painted pixels of the page's canvases, estimated from every STRIDE-th pixel.
DRAWN_JS = f"""
() => {{
    const canvases = document.querySelectorAll('canvas');
    if (!canvases.length) return false;      // cheap until the app's canvas exists
    let drawn = 0;
    for (const canvas of canvases) {{
        if (!canvas.width || !canvas.height) continue;
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 3; i < data.length; i += 4 * {STRIDE}) if (data[i] > 0) drawn += {STRIDE};
    }}
    return drawn >= {MIN_DRAWN};
}}
"""


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


class MemorySampler:
    """Samples the RSS of a process and all its descendants every second, in a thread."""

    def __init__(self, pid: int):
        self.pid, self.peak, self.last = pid, 0.0, 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def total(self) -> tuple[float, list[float]]:
        """(RSS of the process and its descendants in MB, each kernel's RSS)."""
        children = _descendants(self.pid)
        kernels = [rss_mb(pid) for pid in children if b"ipykernel" in _cmdline(pid)]
        return rss_mb(self.pid) + sum(rss_mb(pid) for pid in children), kernels

    def _run(self):
        while not self._stop.is_set():
            self.last = self.total()[0]
            self.peak = max(self.peak, self.last)
            self._stop.wait(1.0)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join(timeout=5)


def cpu_seconds(pid: int, descendants: bool = True) -> float:
    """CPU seconds a process (and, by default, all its descendants) has used so far."""
    total = 0.0
    for one in [pid, *(_descendants(pid) if descendants else [])]:
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def kernel_pids(server: VoilaServer) -> list[int]:
    return [pid for pid in _descendants(server.process.pid) if b"ipykernel" in _cmdline(pid)]


def wait_for_pool(server: VoilaServer, size: int, timeout: float, quiet: float = 3.0) -> float:
    """Seconds until the pool is ready: Voilà has started its ``size`` kernels (it logs "is filled
    with" then, before they have run the notebook) and every kernel has done its work (at least
    1 CPU second) and then used less than 0.05 CPU seconds over ``quiet`` seconds: it has run the
    lesson and waits for its page.  (Per kernel, so a busy machine, where a kernel gets little
    CPU, does not pass for a quiet one.)  0 with no pool; RuntimeError past ``timeout``."""
    if size <= 0:
        return 0.0
    start = time.monotonic()
    while True:
        if server.process.poll() is not None or time.monotonic() - start > timeout:
            raise RuntimeError(f"the pool of {size} kernels was not ready in {timeout:.0f} s:\n{server.log_text()}")
        kernels = kernel_pids(server)
        if f"is filled with {size} kernel" in server.log_text(last=1_000_000) and len(kernels) >= size:
            before = {pid: cpu_seconds(pid, descendants=False) for pid in kernels}
            time.sleep(quiet)
            after = {pid: cpu_seconds(pid, descendants=False) for pid in kernels}
            if all(after[pid] >= 1.0 and after[pid] - before[pid] < 0.05 for pid in kernels):
                return time.monotonic() - start - quiet
        else:
            time.sleep(0.5)


async def student(browser, url: str, delay: float, timeout: float) -> tuple[bool, float, str]:
    """One student: wait ``delay`` s, open the page; (drawn?, seconds from the request, why not)."""
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    start = time.monotonic()
    try:
        page = await context.new_page()
        await page.goto(url, wait_until="commit", timeout=timeout * 1000)
        left = max(timeout - (time.monotonic() - start), 0.1)
        await page.wait_for_function(DRAWN_JS, timeout=left * 1000, polling=POLL_MS)
        return True, time.monotonic() - start, ""
    except Exception as error:  # noqa: BLE001 -- a timeout or a crashed page is a failure to report
        return False, time.monotonic() - start, f"{type(error).__name__}: {str(error).splitlines()[0][:120]}"
    finally:
        # The page stays open until the whole class is measured (a class keeps its pages).
        student.contexts.append(context)


async def open_class(url: str, n: int, spread: float, timeout: float, server_pid: int):
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        student.contexts = []
        try:
            results = await asyncio.gather(*(student(browser, url, i * spread / n, timeout) for i in range(n)))
            # The CPU the Playwright driver and Chromium used (read before they close).
            return results, cpu_seconds(os.getpid()) - cpu_seconds(server_pid)
        finally:
            for context in student.contexts:
                await context.close()
            await browser.close()


def percentile(values, q):
    """The q-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * q // 100) - 1)] if ordered else float("nan")


def one_class(n: int, args) -> dict:
    pool = n if args.pool is None else args.pool
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "voila.log"
        extra = [f"--pool_size={pool}"] + ([] if pool > 0 else ["--preheat_kernel=False"]) + args.voila_arg
        server = VoilaServer(args.notebook, log, timeout=120, extra_args=extra)
        try:
            with MemorySampler(server.process.pid) as memory:
                fill = wait_for_pool(server, pool, args.fill_timeout)
                idle, kernels = memory.total()
                server_alone = rss_mb(server.process.pid)
                began = time.monotonic()
                server_cpu = cpu_seconds(server.process.pid)
                ours = cpu_seconds(os.getpid()) - server_cpu     # this process and what it started
                results, browser_cpu = asyncio.run(open_class(server.url, n, args.spread, args.timeout,
                                                              server.process.pid))
                browser_cpu -= ours
                wall = time.monotonic() - began
                server_cpu = cpu_seconds(server.process.pid) - server_cpu
                peak = max(memory.peak, memory.total()[0])
        finally:
            server.stop()
        text = log.read_text(errors="replace")
        if args.keep_logs:
            kept = Path(args.keep_logs) / f"voila-{n}-students.log"
            kept.parent.mkdir(parents=True, exist_ok=True)
            kept.write_text(text)
    times = [t for ok, t, _ in results if ok]
    failures = [why for ok, _, why in results if not ok]
    return {"n": n, "pool": pool, "drawn": len(times), "failures": failures, "times": times, "fill": fill,
            "idle_mb": idle, "peak_mb": peak, "server_mb": server_alone,
            "kernel_mb": statistics.median(kernels) if kernels else 0.0, "kernels": len(kernels),
            "iopub": text.count("Timeout waiting for IOPub output"), "wall": wall,
            "preheated": text.count("Using pre-heated kernel"),
            "server_cpu": server_cpu, "browser_cpu": browser_cpu}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, nargs="+", default=[5, 15, 30], help="class sizes (default 5 15 30)")
    parser.add_argument("--pool", type=int, default=None,
                        help="pre-heated kernels (default: one per student; 0: none, kernels start on request)")
    parser.add_argument("--notebook", default=LESSON, help="path from the repository root (default lesson 01)")
    parser.add_argument("--spread", type=float, default=2.0, help="seconds over which the pages are opened")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds a page may take to draw its board")
    parser.add_argument("--fill-timeout", type=float, default=600.0, help="seconds the pool may take to fill")
    parser.add_argument("--keep-logs", metavar="FOLDER", help="keep Voilà's log of each class size there")
    parser.add_argument("--voila-arg", action="append", default=[], help="one more Voilà option (repeatable)")
    args = parser.parse_args(argv)
    if any(n < 1 or n > 60 for n in args.students):
        parser.error("--students: class sizes from 1 to 60")

    print(f"{args.notebook}, pages opened within {args.spread:g} s, {os.cpu_count()} cores; pool: "
          f"{'one pre-heated kernel per student' if args.pool is None else args.pool}"
          f"{'; ' + ' '.join(args.voila_arg) if args.voila_arg else ''}", flush=True)
    print(f"{'students':>8} {'drawn':>5} {'failed':>6} {'median s':>8} {'p90 s':>6} {'max s':>6} {'fill s':>6} "
          f"{'idle MB':>8} {'peak MB':>8} {'MB/kernel':>9} {'IOPub timeouts':>14}", flush=True)
    failed = False
    for n in args.students:
        r = one_class(n, args)
        times = r["times"]
        cell = (lambda v: f"{v:.1f}") if times else (lambda v: "-")
        print(f"{n:>8} {r['drawn']:>5} {len(r['failures']):>6} {cell(statistics.median(times) if times else 0):>8} "
              f"{cell(percentile(times, 90)):>6} {cell(max(times) if times else 0):>6} {r['fill']:>6.0f} "
              f"{r['idle_mb']:>8,.0f} {r['peak_mb']:>8,.0f} {r['kernel_mb']:>9.0f} {r['iopub']:>14}", flush=True)
        print(f"{'':>8} {r['preheated']} pages got a pre-heated kernel; CPU seconds while the pages opened: "
              f"Voilà and its kernels {r['server_cpu']:.0f}, the browser {r['browser_cpu']:.0f} "
              f"(in {r['wall']:.0f} s)", flush=True)
        for why in sorted(set(r["failures"])):
            print(f"         failed ({r['failures'].count(why)}x): {why}", flush=True)
        failed = failed or bool(r["failures"])
    print("seconds: from a page's request to its drawn board; fill: the pre-heated pool's start-up wait; "
          "idle MB: the Voilà server and its kernels with the pool filled; peak MB: the most while the class "
          "opened its pages; MB/kernel: median RSS of a kernel with the pool filled.")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

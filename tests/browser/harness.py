"""Helpers for browser tests: a Voilà server process and canvas/page inspection.

The fixtures in ``conftest.py`` use these; tests import the page helpers::

    from harness import canvas_pixel_stats, click_button, console_errors, wait_for_canvas

(pytest puts this folder on ``sys.path``, so ``harness`` imports as a plain module.)
"""

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("BOARDKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
# Voilà's page asks for a few resources from off the machine; with no network
# those fail with this error, which is harmless (design.md §5). Nothing else is.
IGNORED_CONSOLE_ERRORS = ("net::ERR_NAME_NOT_RESOLVED",)
#: A test's Voilà never refills its pool: its first page takes the pre-heated kernel and every later page
#: gets a kernel started for it at once (boardkit.voila_pool), so a refill would only run the notebook
#: again for nobody. (A test may give its own fill_delay in ``extra_args``.)
NO_REFILL = "--VoilaKernelManager.fill_delay=86400"
#: no pool at all: ``voila <folder>`` pre-heats a kernel for every notebook of the folder, each running its
#: notebook for nobody until a page asks for it; with this, each page gets a kernel started for it
NO_POOL = "--pool_size=0"
#: jupyter_client's own kernel spec manager instead of voila.json's boardkit.warm_start.KernelSpecManager,
#: which starts a process that checks numba's cache of every lane (about 1 s of CPU) each time a server
#: starts: the tests' servers start with the lanes compiled (tests/browser/test_warm_start_voila.py and
#: test_jupyterlab.py test that process)
NO_WARM_START = "--VoilaConfiguration.kernel_spec_manager_class=jupyter_client.kernelspec.KernelSpecManager"


# --- Voilà ---------------------------------------------------------------------

def free_port():
    """A TCP port that is free on 127.0.0.1 right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers_http(url):
    """True once the server answers HTTP at all (any status code)."""
    try:
        urllib.request.urlopen(url, timeout=2).close()
        return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def _descendants(pid):
    """Ids of all processes started (directly or not) by ``pid``, read from /proc."""
    children = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def stop_server(process) -> None:
    """Stop a server started in a process group of its own (Voilà, JupyterLab) and every
    kernel it started: SIGTERM to the kernels first (they run in sessions of their own, so the
    group's signal misses them; a server asked to stop waits for its live kernels to shut down,
    about 1.5 s more each time), then to the group; SIGKILL to the kernels if it has not gone
    1 s later, to the group if it will not go, and to any kernel left."""
    kernels = _descendants(process.pid)
    _signal_all(kernels, signal.SIGTERM)
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            # The server waits for its kernels to stop, and a lesson's kernel takes seconds (on a busy machine over 5 s,
            # then Voilà terminates it; several at once took over 15 s at a worker's end): nothing of theirs is kept.
            _signal_all(kernels, signal.SIGKILL)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
    _signal_all(kernels, signal.SIGKILL)


def _signal_all(pids, sig) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            pass


class VoilaServer:
    """One ``voila`` process serving one notebook (or a folder, as ``voila notebooks/``), on 127.0.0.1 only.

    Started from the repository root, with the root on PYTHONPATH so the
    notebook's kernel (which runs in the notebook's own folder) imports the
    working copy of ``boardkit``.  ``extra_args`` go on Voilà's command line,
    e.g. ``["--progressive_rendering=True"]``.  ``wait_for_pool()`` waits until
    its pre-heated kernels have started, so that a page opened then takes one.
    """

    def __init__(self, notebook_relpath, log_path, timeout=60, extra_args=()):
        if not (REPO_ROOT / notebook_relpath).exists():
            raise FileNotFoundError(REPO_ROOT / notebook_relpath)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1")
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
        self.log_path = Path(log_path)
        self._log = open(log_path, "wb")
        if not any(arg.startswith(NO_REFILL.split("=")[0] + "=") for arg in extra_args):
            extra_args = (NO_REFILL, *extra_args)
        self.process = subprocess.Popen(
            # port_retries=0: if the port was taken meanwhile, fail instead of moving elsewhere.
            [sys.executable, "-m", "voila", str(notebook_relpath), "--no-browser",
             f"--port={self.port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
             "--show_tracebacks=True", *extra_args],
            cwd=REPO_ROOT, env=env, stdin=subprocess.DEVNULL, stdout=self._log,
            stderr=subprocess.STDOUT, start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        # /voila/static/ answers without starting a kernel (the page itself would start one).
        while not _answers_http(self.url + "voila/static/"):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"Voilà did not start on {self.url}:\n{self.log_text()}")
            time.sleep(0.2)

    def wait_for_pool(self, timeout=120):
        """Wait until Voilà's pool of pre-heated kernels is filled (their kernels have started and run the
        notebook for the first page).  A page opened sooner gets a kernel started for it while the pool's
        runs the same notebook beside it, for a later page or for nobody: twice the work, each half slower."""
        deadline = time.monotonic() + timeout
        while "is filled with" not in self.log_text(last=10**7):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Voilà's pool on {self.url} was not filled in {timeout} s:\n{self.log_text()}")
            time.sleep(0.2)

    def log_text(self, last=4000):
        """The end of Voilà's log (its stdout and stderr), for failure messages."""
        if not self._log.closed:
            self._log.flush()
        return self.log_path.read_text(errors="replace")[-last:]

    def stop(self):
        """Ask Voilà to stop (it shuts its kernels down), then make sure all is gone."""
        stop_server(self.process)
        self._log.close()


# --- Page helpers ------------------------------------------------------------------

def record_errors(page):
    """Start collecting the page's console errors and uncaught exceptions."""
    page.boardkit_errors = []
    page.on("console", lambda msg: msg.type == "error" and page.boardkit_errors.append(
        f"console: {msg.text} @ {msg.location.get('url', '')}"))
    page.on("pageerror", lambda error: page.boardkit_errors.append(f"pageerror: {error}"))


def new_page(browser, width=1280, height=900):
    """A page in a browser context of its own (a ``width`` x ``height`` window) that records its errors."""
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    record_errors(page)
    return page


def console_errors(page):
    """Errors seen on ``page`` so far, except those in IGNORED_CONSOLE_ERRORS."""
    return [e for e in page.boardkit_errors if not any(i in e for i in IGNORED_CONSOLE_ERRORS)]


def click_button(page, text, timeout=10_000):
    """Click the ipywidgets Button whose label is exactly ``text``.

    A button with an ``icon`` has the icon's glyph (a private-use character
    drawn by Font Awesome's CSS) in its accessible name, e.g. "\uf522 Step",
    so anything that is not a letter or digit before the label is allowed.
    """
    name = re.compile(r"^\W*" + re.escape(text) + r"$")
    page.get_by_role("button", name=name).click(timeout=timeout)


#: ``[selector, index, tally]``: with ``tally`` false only ``drawn`` and ``digest`` are counted, about ten times
#: faster (no tally of the colours), for waits that look at the canvas many times a second
_PIXEL_STATS_JS = """
([selector, index, tally]) => {
    let canvases = Array.from(document.querySelectorAll(selector));
    if (index !== null) canvases = canvases.slice(index, index + 1);
    const counts = new Map();
    let drawn = 0, total = 0, digest = 0;
    for (const canvas of canvases) {
        if (!canvas.width || !canvas.height) continue;
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 0; i < data.length; i += 4) {
            const key = (data[i] << 24 | data[i + 1] << 16 | data[i + 2] << 8 | data[i + 3]) >>> 0;
            if (tally) counts.set(key, (counts.get(key) || 0) + 1);
            if (data[i + 3] > 0) drawn++;
            digest = (Math.imul(digest, 31) + key) | 0;
        }
        total += canvas.width * canvas.height;
    }
    if (!tally) return {canvases: canvases.length, pixels: total, drawn: drawn, digest: digest};
    let background = 0, major = 0;
    for (const n of counts.values()) {
        background = Math.max(background, n);
        if (n >= total / 1000) major++;
    }
    return {canvases: canvases.length, pixels: total, drawn: drawn,
            non_background: total - background, colours: counts.size,
            major_colours: major, digest: digest};
}
"""


def canvas_pixel_stats(page, selector_or_index="canvas"):
    """Read the pixels of the canvas(es) on the page.

    ``selector_or_index``: a CSS selector (all matching canvases are added
    up), or an int to pick the n-th ``<canvas>`` of the page. ipycanvas
    0.14 shows a MultiCanvas as ONE ``<canvas>`` holding all its layers
    composited, so the default reads everything that is on screen.

    Returns a dict: ``canvases``, ``pixels`` (total), ``drawn`` (not fully
    transparent), ``non_background`` (differing from the most common colour),
    ``colours`` (distinct RGBA values, antialiasing included),
    ``major_colours`` (colours covering at least 0.1% of the pixels) and
    ``digest`` (a checksum that changes when any pixel changes).
    """
    if isinstance(selector_or_index, int):
        return page.evaluate(_PIXEL_STATS_JS, ["canvas", selector_or_index, True])
    return page.evaluate(_PIXEL_STATS_JS, [selector_or_index, None, True])


def canvas_digest(page, selector="canvas"):
    """The ``digest`` of canvas_pixel_stats alone (the same number), without its tally of the colours."""
    return page.evaluate(_PIXEL_STATS_JS, [selector, None, False])["digest"]


def wait_for_canvas(page, timeout=30_000, selector="canvas", min_drawn=1000):
    """Wait until the page's canvases show at least ``min_drawn`` drawn pixels.

    A ``<canvas>`` element appears before anything is drawn on it (design.md
    §4, the blank-canvas trap), so this waits for pixels, not for the element.
    Returns the seconds waited. ``timeout`` is in milliseconds, like Playwright's.
    """
    start = time.monotonic()
    _wait_for_pixels(page, f"([selector, minDrawn]) => ({_PIXEL_STATS_JS})([selector, null, false]).drawn >= minDrawn",
                     [selector, min_drawn], timeout)
    return time.monotonic() - start


def wait_for_pixels_to_change(page, digest, timeout=10_000, selector="canvas"):
    """Wait until the canvas pixels no longer match ``digest`` (from canvas_pixel_stats)."""
    _wait_for_pixels(page, f"([selector, old]) => ({_PIXEL_STATS_JS})([selector, null, false]).digest !== old",
                     [selector, digest], timeout)


#: in the page, once: count the calls that may draw on any 2D canvas (every method but the get..., is...,
#: measure... and create... ones), so a look at the pixels can be skipped when nothing can have changed them
COUNT_DRAWING_JS = """() => {
    if (window.boardkitDrawingCalls) return;
    const calls = window.boardkitDrawingCalls = {count: 0};
    const proto = CanvasRenderingContext2D.prototype;
    for (const name of Object.getOwnPropertyNames(proto)) {
        const method = Object.getOwnPropertyDescriptor(proto, name).value;
        if (typeof method !== 'function' || name === 'constructor' || /^(get|is|measure|create)/.test(name)) continue;
        proto[name] = function (...args) { calls.count++; return method.apply(this, args); };
    }
}"""

#: what may have changed the pixels of the canvases ``selector`` picks: the drawing calls so far, and their sizes
DRAWING_KEY_JS = """selector => window.boardkitDrawingCalls.count + ' '
    + Array.from(document.querySelectorAll(selector)).map(c => `${c.width}x${c.height}`).join(',')"""


def _wait_for_pixels(page, test_js, arg, timeout):
    """Wait until ``test_js`` (a page function of ``arg``, whose first item is the canvases' selector, that reads
    their pixels) is true.  The page looks every 100 ms, and reads the pixels again only when something may
    have been drawn on a canvas (or one came, went or changed its size) since its last look (a page loaded
    meanwhile counts from its start)."""
    page.evaluate("() => { window.boardkitLastLook = null; }")
    page.wait_for_function(f"""arg => {{
        ({COUNT_DRAWING_JS})();
        const key = ({DRAWING_KEY_JS})(arg[0]);
        if (key === window.boardkitLastLook) return false;
        window.boardkitLastLook = key;
        return ({test_js})(arg);
    }}""", arg=arg, timeout=timeout, polling=100)

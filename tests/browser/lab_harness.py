"""A JupyterLab server for browser tests, as a Binder student gets it, but kept on this machine.

    from lab_harness import JupyterLabServer, run_all_cells

JupyterLab serves a copy of ``notebooks/`` (JupyterLab writes checkpoints, and
would autosave a run notebook, outputs and widgets included, over the repository's
file). It listens on 127.0.0.1 (a free port, a random token) and starts with
fresh settings, workspaces, config and runtime folders in a temporary folder,
so nothing a developer saved changes what the test sees, and it never reaches
off the machine: no news feed (``LabApp.news_url=None``), no update check
(``jupyterlab.handlers.announcements.NeverCheckForUpdate``) and no extension
manager asking PyPI (``LabApp.extension_manager=readonly``), as ``jupyter lab
--help-all`` documents them.
"""

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from harness import REPO_ROOT, _answers_http, free_port, stop_server

NOTEBOOKS_DIR = REPO_ROOT / "notebooks"    # what the server serves (a copy of it)
NEVER_CHECK = "jupyterlab.handlers.announcements.NeverCheckForUpdate"
# A fresh settings folder: the notification centre does not ask whether to fetch news, and
# nothing is autosaved (the served files are copies anyway).
SETTINGS = {
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
}


class JupyterLabServer:
    """One ``jupyter lab`` process serving a copy of the repository's notebooks, on 127.0.0.1 only.

    ``url("notebooks/01_mystery_date.ipynb")`` opens one; the kernels import the
    working copy of ``boardkit`` (the repository's root is on their PYTHONPATH).
    """

    def __init__(self, workdir, timeout=90):
        workdir = Path(workdir)
        self.token = secrets.token_hex(16)
        self._pages = 0
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        settings = workdir / "user-settings"
        for plugin, values in SETTINGS.items():
            path = settings / f"{plugin}.jupyterlab-settings"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values))
        self.root = workdir / "root"
        shutil.copytree(NOTEBOOKS_DIR, self.root / "notebooks",
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1",
                   JUPYTER_CONFIG_DIR=str(workdir / "config"), JUPYTER_RUNTIME_DIR=str(workdir / "runtime"))
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), env.get("PYTHONPATH")]))
        self.log_path = workdir / "jupyterlab.log"
        self._log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.open_browser=False",
             "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}", "--ServerApp.port_retries=0",
             f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={self.root}",
             f"--LabApp.user_settings_dir={settings}", f"--LabApp.workspaces_dir={workdir / 'workspaces'}",
             "--LabApp.news_url=None", f"--LabApp.check_for_updates_class={NEVER_CHECK}",
             "--LabApp.extension_manager=readonly",      # the default asks PyPI about extensions
             *(["--ServerApp.allow_root=True"] if os.geteuid() == 0 else [])],   # CI runs as root
            cwd=self.root, env=env, stdin=subprocess.DEVNULL, stdout=self._log,
            stderr=subprocess.STDOUT, start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while not _answers_http(self.base + "api/status"):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"JupyterLab did not start on {self.base}:\n{self.log_text()}")
            time.sleep(0.2)

    def url(self, notebook_relpath):
        """The page that opens ``notebook_relpath`` (from the repository root) in JupyterLab.

        Each page gets a workspace of its own, so JupyterLab restores no tab of an
        earlier page: the student's first visit, with this notebook the only one open.
        """
        self._pages += 1
        return f"{self.base}lab/workspaces/page{self._pages}/tree/{notebook_relpath}?token={self.token}"

    def _api(self, method, path):
        request = urllib.request.Request(self.base + path, method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            body = answer.read()
        return json.loads(body) if body else None

    def wait_for_one_kernel(self, timeout=60):
        """Wait until the server runs exactly one kernel, idle, for one session (opening a notebook
        under heavy load, JupyterLab 4.6 may start a second kernel and shut the first down)."""
        deadline = time.monotonic() + timeout
        steady = 0
        kernels = sessions = None
        while steady < 3:
            try:
                kernels, sessions = self._api("GET", "api/kernels"), self._api("GET", "api/sessions")
            except (urllib.error.URLError, TimeoutError) as error:
                # While a kernel starts or shuts down (the last test's, or the first of two that
                # JupyterLab started) jupyter_server 2 can fail a listing: its session list asks for
                # each session's kernel, which may be half made (500) or just gone (404); a busy
                # server may not answer in 10 s. Not settled yet: ask again. The deadline's
                # message says the last answer.
                kernels = sessions = f"no listing ({error})"
                ok = False
            else:
                ok = (len(kernels) == 1 and len(sessions) == 1 and kernels[0]["execution_state"] == "idle"
                      and sessions[0]["kernel"]["id"] == kernels[0]["id"])
            steady = steady + 1 if ok else 0
            if steady < 3 and time.monotonic() > deadline:
                raise AssertionError(f"JupyterLab did not settle on one kernel: {kernels} {sessions}\n"
                                     f"{self.log_text()}")
            time.sleep(0.5)

    def shut_down_kernels(self):
        """Stop every kernel of the server (each notebook's), so the next one has the cores."""
        for kernel in self._api("GET", "api/kernels"):
            try:
                self._api("DELETE", f"api/kernels/{kernel['id']}")
            except urllib.error.HTTPError as error:
                if error.code != 404:    # 404: it was already gone (JupyterLab shut it down itself)
                    raise

    def log_text(self, last=4000):
        """The end of JupyterLab's log, for failure messages."""
        if not self._log.closed:
            self._log.flush()
        return self.log_path.read_text(errors="replace")[-last:]

    def stop(self):
        """Stop JupyterLab and every kernel it started."""
        stop_server(self.process)
        self._log.close()


# --- The notebook page ---------------------------------------------------------------

NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden)"


def open_in_lab(page, server, notebook_relpath, timeout):
    """Open ``notebook_relpath`` in JupyterLab as the page's only tab.

    The page's first notebook loads JupyterLab itself (``server.url``: about 7 CPU-s of Chromium's
    work). Later notebooks are opened in the same JupyterLab as a student who moves on to the next
    lesson would: every tab closed (changes discarded), then File -> Open from Path... (about 2.5
    CPU-s). The server's kernels are shut down once their tabs are closed.
    """
    if "/lab/" not in page.url:
        page.goto(server.url(notebook_relpath), timeout=timeout)
        return
    close_every_tab(page, timeout)
    server.shut_down_kernels()
    menu_item(page, "File", "Open from Path")
    page.locator(".jp-Dialog input").fill(notebook_relpath)
    page.locator(".jp-Dialog button", has_text=re.compile(r"^Open$")).click()
    page.locator(NOTEBOOK).wait_for(timeout=timeout)


def menu_item(page, menu, item):
    """Click ``item`` (the start of its label) in the menu bar's ``menu``."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{menu}$")).click()
    page.locator(".lm-Menu-item", has_text=item).first.click()


def close_every_tab(page, timeout):
    """File -> Close All Tabs, answering Discard for each notebook with changes."""
    menu_item(page, "File", "Close All Tabs")
    deadline = time.monotonic() + timeout / 1000
    while page.locator(".jp-NotebookPanel").count():
        discard = page.locator(".jp-Dialog button", has_text="Discard")
        if discard.count():
            discard.first.click()
        if time.monotonic() > deadline:
            raise AssertionError("JupyterLab kept a notebook open after Close All Tabs")
        time.sleep(0.2)


def wait_for_idle_kernel(page, timeout):
    """Wait until the open notebook's kernel has started and is idle."""
    page.locator(f"{NOTEBOOK} .jp-Notebook").wait_for(timeout=timeout)
    page.wait_for_function(
        """() => {
            const status = document.querySelector(
                '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator');
            return status && status.getAttribute('data-status') === 'idle';
        }""", timeout=timeout, polling=200)


PROMPTS_JS = """
() => Array.from(document.querySelectorAll(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputArea-prompt'))
      .map(prompt => prompt.textContent.trim())
"""
ERRORS_JS = """
() => Array.from(document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) '
                                           + '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))
      .map(output => output.textContent.slice(0, 2000))
"""


def run_all_cells(page, timeout=30_000):
    """Run -> Run All Cells, from the menu bar, as a student would.

    The menu acts on the notebook that has the focus, and greys the item out while
    none has (a page still settling): the student's click on the notebook comes first,
    and the item is clicked once it is enabled. Returns once a cell has started.
    """
    before = page.evaluate(PROMPTS_JS)
    page.locator(f"{NOTEBOOK} .jp-Notebook").click(position={"x": 5, "y": 5})
    deadline = time.monotonic() + timeout / 1000
    while True:
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        item = page.locator(".lm-Menu-item", has_text="Run All Cells").first
        item.wait_for(timeout=timeout)
        if "lm-mod-disabled" not in (item.get_attribute("class") or ""):
            item.click()
            break
        page.keyboard.press("Escape")
        if time.monotonic() > deadline:
            raise AssertionError("Run -> Run All Cells stayed greyed out")
        time.sleep(0.5)
    page.wait_for_function(f"before => JSON.stringify(({PROMPTS_JS})()) !== JSON.stringify(before)",
                           arg=before, timeout=timeout, polling=100)


def wait_until_every_cell_ran(page, timeout):
    """Wait until every code cell shows a run count ([n]:): none waiting ([*]:) or never run ([ ]:).

    Fails at once, with what the cells printed to stderr, when a cell's error stopped the run
    (Run All Cells runs no further cell after an error). ``timeout`` is in milliseconds.
    """
    deadline = time.monotonic() + timeout / 1000
    while True:
        prompts = page.evaluate(PROMPTS_JS)
        if prompts and all(re.fullmatch(r"\[\d+\]:", p) for p in prompts):
            return
        errors = page.evaluate(ERRORS_JS)
        if errors and not any(p == "[*]:" for p in prompts):
            raise AssertionError(f"Run All Cells stopped: prompts {prompts}; stderr:\n" + "\n---\n".join(errors))
        if time.monotonic() > deadline:
            raise AssertionError(f"not every cell ran in {timeout / 1000:.0f} s: prompts {prompts}; "
                                 f"stderr: {errors}")
        time.sleep(0.25)


BOARDS_JS = """
([minDrawn, minColours]) => Array.from(document.querySelectorAll(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output canvas')).map(canvas => {
    if (!canvas.width || !canvas.height) return {drawn: 0, major_colours: 0, board: false};
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const counts = new Map();
    let drawn = 0;
    for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] > 0) drawn++;
        const key = (data[i] << 24 | data[i + 1] << 16 | data[i + 2] << 8 | data[i + 3]) >>> 0;
        counts.set(key, (counts.get(key) || 0) + 1);
    }
    const pixels = canvas.width * canvas.height;
    const major = Array.from(counts.values()).filter(n => n >= pixels / 1000).length;
    return {width: canvas.width, height: canvas.height, drawn: drawn, major_colours: major,
            board: drawn >= minDrawn && major >= minColours};
})
"""


def wait_for_a_drawn_board(page, timeout, min_drawn=50_000, min_colours=3):
    """Wait until some canvas in the notebook's outputs shows a board, and return every canvas's stats.

    A board: at least ``min_drawn`` pixels drawn and ``min_colours`` colours that each
    cover 0.1% of it (an empty sketch pad is drawn, but in one colour). A canvas element
    appears before anything is drawn on it, so this reads pixels, not elements.
    """
    page.wait_for_function(f"args => ({BOARDS_JS})(args).some(c => c.board)",
                           arg=[min_drawn, min_colours], timeout=timeout, polling=200)
    return page.evaluate(BOARDS_JS, [min_drawn, min_colours])


def run_new_cell(page, code, timeout):
    """Add a code cell at the end of the notebook, type ``code`` into it and run it, as a student
    would (select the last cell, B, Enter, type, Shift+Enter); returns the text of its output."""
    page.locator(f"{NOTEBOOK} .jp-Cell").last.locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")                       # a new cell below, in command mode
    page.keyboard.press("Enter")                   # edit it
    page.keyboard.insert_text(code)                # as typed, without the editor closing brackets
    page.keyboard.press("Shift+Enter")
    cell = page.locator(f"{NOTEBOOK} .jp-CodeCell", has_text=code).last
    output = cell.locator(".jp-OutputArea-output").first
    output.wait_for(timeout=timeout)
    return output.inner_text()

"""A class opens a lesson at once: N students' pages against one Voilà server, on this machine only.

    python benchmarks/classroom.py                       # 5, 15 and 30 students, lesson 01
    python benchmarks/classroom.py --students 30 --browsers 0
    python benchmarks/classroom.py --all-browsers        # the old method: every student a headless Chromium
    python benchmarks/classroom.py --kernel-cost         # CPU seconds a kernel spends on the lesson

**What it measures.**  In a classroom each student's browser runs on the
student's own computer; only Voilà and its kernels run on the teacher's
machine.  If thirty test browsers ran here they would share this machine's
cores with Voilà and the measurement would mostly time the browsers (thirty
headless Chromium pages needed 153 CPU seconds to Voilà's 6).  So most
students are **protocol clients**: they do over HTTP and the kernel's
websocket what Voilà's page does in a browser, and nothing a browser does by
itself (parsing, layout, painting):

1. GET the page (Voilà hands it a pre-heated kernel, which has already run
   the lesson) and read the kernel's id from the page's configuration;
2. GET the page's files, the ones a Chromium page fetched when the teacher
   opened the lesson (below), six at a time as a browser does;
3. GET ``api/kernels/<id>``, open the kernel's websocket
   (``api/kernels/<id>/channels``, jupyter-server's
   ``v1.kernel.websocket.jupyter.org`` protocol) and ask for the kernel's
   info, as ``@jupyterlab/services``' KernelConnection does on connecting;
4. ask for every widget's state through a ``jupyter.widget.control`` comm
   (``request_states``), as the ipywidgets manager of Voilà's page does;
5. for every ipycanvas canvas send the ``client_ready`` message its model sends
   when it is created, and wait until the kernel has answered with the board's
   drawing commands: at least ``MIN_BOARD_COMMANDS`` on the bottom layer of the
   game's ``MultiCanvas`` (the first one in the page's widgets).  The board is
   then ready to draw.

A few students (``--browsers``: 1 below 10 students, else 2, spread through
the arrival window) are **real headless Chromium pages**, timed from the
request to a drawn board (at least 50,000 painted pixels on the canvases), so
a page that arrives but cannot draw is still caught.  Before the class, the
teacher opens the lesson (``?teacher=1``) in Chromium too: that page must draw,
its files are the ones the protocol clients fetch, and it stays open through
the class (it takes one more kernel from the pool).

For each class size N, as a teacher would before a lesson:

1. start Voilà on 127.0.0.1 from the repository root (so it reads
   ``voila.json``) with a pool of pre-heated kernels for the class and the
   teacher (``--pool_size=N+1``, or ``--pool``), and wait until every kernel
   has run the lesson: it has run the notebook's last cell (the start-up
   wait; see ``cells_run``);
2. the teacher's page, then (if Voilà replaces the teacher's kernel within two
   minutes) wait until the replacement has run the lesson too and the server
   is idle again;
3. N students open their pages spread evenly over ``--spread`` seconds (2 s);
   a student with no ready board after ``--timeout`` seconds is a **failure**
   (for example a page that arrived without the game app);
4. sample the memory (RSS) of the Voilà server and its kernels every second;
   count the CPU seconds of Voilà and its kernels, of the browsers and of the
   protocol clients while the pages open, and the load average; stop
   everything.

``--all-browsers`` measures as this benchmark did before: every student is a
Chromium page on this machine, no teacher's page, a pool of N.

Every step has a time limit, so the run stops by itself.  However it ends
(a failure, a time limit, Ctrl-C or a SIGTERM), it stops every process it
started (Voilà, its kernels, Playwright and Chromium) and says so.  Traffic goes to
127.0.0.1 only.  Needs the ``playwright`` package and Chromium at
/usr/bin/chromium (or ``BOARDKIT_CHROMIUM``), for the teacher's page at least.
``--kernel-cost`` instead runs the lesson in a few kernels, one after
another, and prints the CPU seconds each spends to start, to run the setup
cell (the imports) and the other cells, and what processes it leaves running.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import queue
import re
import signal
import statistics
import sys
import tempfile
import threading
import time
import traceback
import uuid
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "browser"))
from harness import CHROMIUM, CHROMIUM_ARGS, VoilaServer, _descendants  # noqa: E402

LESSON = "notebooks/01_mystery_date.ipynb"
CLASS_LESSON = "notebooks/02_mouse_trap.ipynb"     # --class-mode: its crank button is a play a protocol client can press
MIN_DRAWN = 50_000          # painted pixels that make a drawn board (as benchmarks/bench_voila.py)
MIN_BOARD_COMMANDS = 50     # drawing commands on the board's bottom layer that make a ready board
STRIDE = 7                  # the check reads every 7th pixel, so 30 pages polling stay cheap
POLL_MS = 500               # how often each page is checked (the times are as precise)
FILES_AT_ONCE = 6           # a browser's connections to one server
WS_PROTOCOL = "v1.kernel.websocket.jupyter.org"
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


# --- stopping: however the run ends, nothing it started keeps running -----------------------

STOP = threading.Event()        # set when the run is interrupted: every wait, in any thread, ends


def pause(seconds: float) -> None:
    """``time.sleep`` that ends the wait (RuntimeError) once the run is interrupted."""
    if STOP.wait(seconds):
        raise RuntimeError("the run was interrupted")


def _start_time(pid: int) -> int | None:
    """When the process started (clock ticks after boot), None if it has ended (or is a zombie)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return None if fields[0] in "ZX" else int(fields[19])


def _what(pid: int) -> str:
    command = _cmdline(pid).replace(b"\0", b" ")
    for needle, name in ((b"ipykernel", "kernel"), (b"voila", "Voil\u00e0"), (b"chrom", "Chromium"),
                         (b"playwright", "Playwright's driver"), (b"boardkit.warm_start", "the lanes' compiler")):
        if needle in command:
            return name
    return command.split(b" ", 1)[0].decode(errors="replace") or "process"


class Started:
    """Every process this run starts: the descendants of this one, noted every second (and when
    the run is interrupted) with their start times, so that a process the run started is still
    found after its parent has gone (a kernel whose Voilà died, a Chromium whose Playwright
    driver took the Ctrl-C) and a reused pid is never taken for it."""

    def __init__(self):
        self.seen: dict[int, tuple[int, str]] = {}
        self._done = threading.Event()
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self):
        while not self._done.wait(1.0):
            self.note()

    def note(self) -> None:
        for pid in _descendants(os.getpid()):
            if pid not in self.seen and (started := _start_time(pid)) is not None:
                self.seen[pid] = (started, _what(pid))

    def interrupt(self, signum, frame) -> None:
        """Ctrl-C, SIGTERM or SIGHUP: note what runs, end every wait and unwind the run (its
        ``finally`` blocks stop the servers and browsers).  A second signal does not cut that short."""
        if not STOP.is_set():
            STOP.set()
            self.note()
            raise KeyboardInterrupt(signal.Signals(signum).name)

    def running(self) -> dict[int, str]:
        self.note()
        return {pid: what for pid, (started, what) in list(self.seen.items()) if _start_time(pid) == started}

    def stop(self) -> dict[int, str]:
        """End what is still running (SIGTERM, SIGKILL after 5 s); returns what it ended."""
        self._done.set()
        left = self.running()
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for pid in self.running():
                try:
                    os.kill(pid, sig)
                except ProcessLookupError:
                    pass
            deadline = time.monotonic() + 5
            while self.running() and time.monotonic() < deadline:
                time.sleep(0.1)
        return left


def counted(names) -> str:
    """"Voilà, 6 kernels and Chromium (9 processes)" from a list of process names."""
    counts = {name: list(names).count(name) for name in dict.fromkeys(names)}
    parts = [(f"{n} kernels" if n > 1 else "1 kernel") if name == "kernel" else
             name + (f" ({n} processes)" if n > 1 else "") for name, n in counts.items()]
    return " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts) or "nothing"


# --- the server's processes: memory, CPU, the pool -------------------------------------

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


def own_cpu_seconds() -> float:
    """CPU seconds of this process alone (the protocol clients and the Playwright client)."""
    times = os.times()
    return times.user + times.system


def kernel_pids(server: VoilaServer) -> list[int]:
    return [pid for pid in _descendants(server.process.pid) if b"ipykernel" in _cmdline(pid)]


def code_cells(notebook: str) -> int:
    """How many cells a kernel runs for the notebook's page: its code cells with code in them
    (Voilà's executor, nbclient's, skips the empty ones and those tagged ``skip-execution``)."""
    import nbformat

    cells = nbformat.read(REPO_ROOT / notebook, as_version=4).cells
    return sum(c.cell_type == "code" and bool(c.source.strip())
               and "skip-execution" not in c.get("metadata", {}).get("tags", []) for c in cells)


def connection_file(pid: int) -> str | None:
    """The connection file a kernel was started with (``ipykernel_launcher -f FILE``)."""
    args = _cmdline(pid).split(b"\0")
    return args[args.index(b"-f") + 1].decode() if b"-f" in args[:-1] else None


def cells_run(pid: int, timeout: float) -> int | None:
    """How many cells the kernel ``pid`` has run, or None if it has not answered within ``timeout``.

    Asked the way a page asks a kernel anything, on its shell channel: an empty, silent
    execute request, which runs nothing and leaves the count as it is, and whose reply
    carries the count of cells run so far.  The kernel answers requests in order, so the
    reply waits behind a cell it is running."""
    from jupyter_client import BlockingKernelClient

    path = connection_file(pid)
    if path is None or not Path(path).is_file():
        return None
    client = BlockingKernelClient(connection_file=path)
    client.load_connection_file()
    client.start_channels(iopub=False, stdin=False, hb=False, control=False)
    try:
        asked = client.execute("", silent=True, store_history=False, allow_stdin=False)
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                reply = client.get_shell_msg(timeout=left)
            except queue.Empty:
                return None
            if reply["parent_header"].get("msg_id") == asked:
                return reply["content"].get("execution_count")
        return None
    finally:
        client.stop_channels()


def wait_for_kernels(server: VoilaServer, size: int, cells: int, timeout: float) -> float:
    """Seconds until Voilà runs at least ``size`` kernels and every one of them has run the
    notebook's ``cells`` cells (``cells_run``): the pre-heated kernels have run the lesson and
    wait for their pages.  What a kernel has done, not how much CPU it used, says so: a
    threshold of CPU seconds holds on one machine and one version of the lesson only.
    0 with no kernel to wait for; RuntimeError past ``timeout``."""
    if size <= 0:
        return 0.0
    start = time.monotonic()
    counts: list[int | None] = []
    while True:
        left = timeout - (time.monotonic() - start)
        if server.process.poll() is not None or left <= 0:
            done = sum(count is not None and count >= cells for count in counts)
            raise RuntimeError(f"the kernels were not ready in {timeout:.0f} s: {done} of {size} had run the "
                               f"notebook's {cells} cells (cells run: {', '.join(map(str, counts)) or 'no kernel'};"
                               f" None: busy)\n{server.log_text()}")
        counts = [cells_run(pid, min(5.0, left)) for pid in kernel_pids(server)]
        if len(counts) >= size and all(count is not None and count >= cells for count in counts):
            return time.monotonic() - start
        pause(0.5)


def wait_until_idle(pid: int, timeout: float, quiet: float = 2.0) -> float:
    """Seconds until a process and its descendants are idle: less than 0.1 CPU seconds over
    ``quiet`` seconds, and 0.005 more for each process (an idle kernel still answers its
    heartbeat); RuntimeError past ``timeout``."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        before = cpu_seconds(pid)
        pause(quiet)
        if cpu_seconds(pid) - before < 0.1 + 0.005 * len(_descendants(pid)):
            return time.monotonic() - start
    raise RuntimeError(f"the server was still busy after {timeout:.0f} s")


def fill_delay(voila_args: list[str]) -> float:
    """Seconds Voilà waits before it replaces a kernel a page took: the last
    ``--VoilaKernelManager.fill_delay`` given, else ``voila.json``'s, else Voilà's own 1."""
    for arg in reversed(voila_args):
        if arg.startswith("--VoilaKernelManager.fill_delay="):
            return float(arg.split("=", 1)[1])
    try:
        config = json.loads((REPO_ROOT / "voila.json").read_text())
        return float(config.get("VoilaKernelManager", {}).get("fill_delay", 1))
    except (OSError, ValueError):
        return 1.0


def voila_args(pool: int, voila_arg: list[str]) -> list[str]:
    """Voilà's command line for a class: a pool of ``pool`` kernels (0: none), and its refill delay said
    outright, so the class's server refills its pool as a teacher's does (the tests' ``VoilaServer`` never
    refills one unless told a delay: ``harness.NO_REFILL``), then ``--voila-arg``'s."""
    return ([f"--pool_size={pool}", f"--VoilaKernelManager.fill_delay={fill_delay(voila_arg):g}"]
            + ([] if pool > 0 else ["--preheat_kernel=False"]) + voila_arg)


def wait_for_refill(server: VoilaServer, started_before: int, size: int, cells: int, timeout: float) -> float:
    """Seconds until Voilà has started a kernel to replace the one a page took (the log's
    "Kernel started:" count passes ``started_before``), its ``size`` kernels have run the
    notebook (``wait_for_kernels``) and the server is idle again."""
    start = time.monotonic()
    while server.log_text(last=10_000_000).count("Kernel started:") <= started_before:
        if server.process.poll() is not None or time.monotonic() - start > timeout:
            raise RuntimeError(f"Voilà replaced no kernel in {timeout:.0f} s")
        pause(0.5)
    wait_for_kernels(server, size, cells, max(timeout - (time.monotonic() - start), 1.0))
    wait_until_idle(server.process.pid, max(timeout - (time.monotonic() - start), 1.0))
    return time.monotonic() - start


def percentile(values, q):
    """The q-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * q // 100) - 1)] if ordered else float("nan")


@dataclass
class Result:
    """One student's page: ``kind`` "browser" or "protocol"; ready board or not, after how long."""
    kind: str
    ok: bool
    seconds: float
    why: str = ""
    phases: dict = field(default_factory=dict)   # protocol clients: seconds from the request to each step
    commands: int = 0                            # protocol clients: drawing commands seen on the board's layer


# --- a student in headless Chromium ---------------------------------------------------------

async def browser_student(browser, url: str, delay: float, timeout: float, contexts: list) -> Result:
    """One student's Chromium page: wait ``delay`` s, open it; time from the request to a drawn board."""
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    contexts.append(context)      # the page stays open until the whole class is measured
    start = time.monotonic()
    try:
        page = await context.new_page()
        await page.goto(url, wait_until="commit", timeout=timeout * 1000)
        left = max(timeout - (time.monotonic() - start), 0.1)
        await page.wait_for_function(DRAWN_JS, timeout=left * 1000, polling=POLL_MS)
        return Result("browser", True, time.monotonic() - start)
    except Exception as error:  # noqa: BLE001 -- a timeout or a crashed page is a failure to report
        return Result("browser", False, time.monotonic() - start,
                      f"{type(error).__name__}: {str(error).splitlines()[0][:120]}")


async def teacher_page(browser, url: str, timeout: float, contexts: list, files: list[str], query: str = "?teacher=1"):
    """The teacher opens the lesson before the class: the page must draw its board.  Adds to
    ``files`` the paths of the files it fetched from the server (scripts, styles, fonts; not the
    page itself, not the kernel's API), which is what each protocol client fetches."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    contexts.append(context)

    def heard(request):
        if (request.method == "GET" and request.url.startswith(url) and request.resource_type != "document"
                and "/api/" not in request.url):
            files.append(request.url[len(url):])

    page = await context.new_page()
    page.on("request", heard)
    start = time.monotonic()
    await page.goto(url + query, wait_until="commit", timeout=timeout * 1000)
    left = max(timeout - (time.monotonic() - start), 0.1)
    await page.wait_for_function(DRAWN_JS, timeout=left * 1000, polling=POLL_MS)
    await page.wait_for_load_state("networkidle", timeout=timeout * 1000)
    return page


# --- a student as a protocol client ---------------------------------------------------------

class Browserless:
    """A student's HTTP/1.1 GETs to one server as a browser makes them: up to ``FILES_AT_ONCE``
    kept-alive connections, the cookies the server sets sent back.  Small and cheap on purpose:
    it shares this machine's cores with the server it measures."""

    def __init__(self, url: str):
        match = re.match(r"http://([^:/]+):(\d+)/", url)
        self.host, self.port = match.group(1), int(match.group(2))
        self.cookies: dict[str, str] = {}
        self._idle: list = []
        self._slots = asyncio.Semaphore(FILES_AT_ONCE)

    def cookie_header(self) -> dict:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())} if self.cookies else {}

    async def get(self, path: str) -> bytes:
        """The body of ``path`` (from the server's root); ConnectionError unless the status is 200."""
        async with self._slots:
            reader, writer = self._idle.pop() if self._idle else await asyncio.open_connection(self.host, self.port)
            cookie = "".join(f"{k}: {v}\r\n" for k, v in self.cookie_header().items())
            writer.write(f"GET /{path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n{cookie}\r\n".encode())
            status = (await reader.readline()).decode("latin-1").split()
            headers: dict[str, str] = {}
            while (line := (await reader.readline()).decode("latin-1").strip()):
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
                if name.strip().lower() == "set-cookie":
                    key, _, rest = value.strip().partition("=")
                    self.cookies[key] = rest.split(";", 1)[0]
            if headers.get("transfer-encoding", "").lower() == "chunked":
                parts = []
                while (size := int((await reader.readline()).split(b";")[0], 16)):
                    parts.append(await reader.readexactly(size))
                    await reader.readline()
                await reader.readline()
                body = b"".join(parts)
            elif "content-length" in headers:
                body = await reader.readexactly(int(headers["content-length"]))
            else:
                body = await reader.read()
            if headers.get("connection", "").lower() == "close" or "content-length" not in headers and \
                    headers.get("transfer-encoding", "").lower() != "chunked":
                writer.close()
            else:
                self._idle.append((reader, writer))
            if len(status) < 2 or status[1] != "200":
                raise ConnectionError(f"GET /{path}: {' '.join(status[1:]) or 'no answer'}")
            return body

    def close(self):
        for _, writer in self._idle:
            writer.close()
        self._idle.clear()


def ws_frame(channel: str, parts: list[bytes]) -> bytes:
    """A kernel message as jupyter-server's v1 websocket protocol carries it: how many offsets
    there are, the offsets (8-byte little-endian, from the frame's start), the channel's name,
    then the message's parts (header, parent header, metadata, content, buffers)."""
    name = channel.encode()
    offsets = [8 * (len(parts) + 3)]
    offsets.append(offsets[-1] + len(name))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    return b"".join([len(offsets).to_bytes(8, "little"), *(o.to_bytes(8, "little") for o in offsets),
                     name, *parts])


def read_ws_frame(frame: bytes) -> tuple[str, list[bytes]]:
    """(channel, parts) of a v1 websocket frame (see ``ws_frame``)."""
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    return frame[offsets[0]:offsets[1]].decode(), [frame[a:b] for a, b in zip(offsets[1:-1], offsets[2:])]


class KernelSocket:
    """A kernel's websocket as a page uses it: send shell messages, wait for the kernel's answers.

    A reader task reads every frame as it comes (so the server never waits on us) and
    shows each message to every waiting predicate; a message no predicate waits for is
    dropped, so expect an answer before the request that causes it can be answered."""

    def __init__(self, connection):
        self.connection = connection
        self.session = uuid.uuid4().hex
        self._waiting: list[tuple] = []
        self.reader = asyncio.ensure_future(self._read())

    def send(self, msg_type: str, content: dict, metadata: dict | None = None, channel: str = "shell") -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "session": self.session, "username": "student",
                  "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "version": "5.3"}
        parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
        self.connection.write_message(ws_frame(channel, parts), binary=True)
        return msg_id

    def expect(self, predicate) -> asyncio.Future:
        """A future for the first message (channel, header, parent, content, buffers) with predicate true."""
        future = asyncio.get_running_loop().create_future()
        self._waiting.append((predicate, future))
        return future

    async def _read(self):
        while True:
            frame = await self.connection.read_message()
            if frame is None:          # closed
                for _, future in self._waiting:
                    if not future.done():
                        future.set_exception(ConnectionError("the kernel's websocket closed"))
                return
            channel, parts = read_ws_frame(frame)
            header, parent, _, content = (json.loads(part) for part in parts[:4])
            message = (channel, header, parent, content, parts[4:])
            for entry in list(self._waiting):
                predicate, future = entry
                if not future.done() and predicate(message):
                    future.set_result(message)
                    self._waiting.remove(entry)

    def close(self):
        self.connection.close()
        self.reader.cancel()


async def widget_states(socket: KernelSocket) -> dict:
    """Every widget's state, asked through a ``jupyter.widget.control`` comm as Voilà's page does."""
    control = uuid.uuid4().hex
    states_reply = socket.expect(lambda m: m[1]["msg_type"] == "comm_msg" and m[3].get("comm_id") == control
                                 and m[3].get("data", {}).get("method") == "update_states")
    socket.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                metadata={"version": "1.0.0"})
    socket.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
    _, _, _, content, _ = await states_reply
    socket.send("comm_close", {"comm_id": control, "data": {}})
    return content["data"]["states"]


def _model_ids(value) -> list[str]:
    """The widget ids a state value refers to ("IPY_MODEL_<id>", alone or in lists)."""
    if isinstance(value, str):
        return [value[len("IPY_MODEL_"):]] if value.startswith("IPY_MODEL_") else []
    if isinstance(value, list):
        return [found for item in value for found in _model_ids(item)]
    return []


def find_board(states: dict, shown: list[str]) -> str | None:
    """The id of the board's bottom layer: the first layer of the first ``MultiCanvas`` reached
    from the widgets the page shows (``shown``, in page order), following every widget reference."""
    seen, todo = set(), list(reversed(shown))
    while todo:
        model_id = todo.pop()
        if model_id in seen or model_id not in states:
            continue
        seen.add(model_id)
        state = states[model_id]["state"]
        if state.get("_model_name") == "MultiCanvasModel" and _model_ids(state.get("_canvases")):
            return _model_ids(state["_canvases"])[0]
        for key in sorted(state):
            todo.extend(reversed(_model_ids(state[key])))
    return None


@cache
def switch_canvas() -> int:
    """The number of ipycanvas's switchCanvas command.  (Importing ipycanvas loads ipywidgets
    and IPython: done once, before the class opens its pages.)"""
    from ipycanvas.canvas import COMMANDS

    return COMMANDS["switchCanvas"]


def board_commands(buffer: bytes, board: str, current: str | None, switch: int) -> tuple[int, str | None]:
    """(drawing commands on ``board``, the canvas drawn on after) in one ipycanvas message: its
    commands (JSON, one command or a list) go to the canvas of the last ``switchCanvas``."""
    commands = json.loads(bytes(buffer))
    if commands and not isinstance(commands[0], list):
        commands = [commands]
    drawn = 0
    for command in commands:
        if command[0] == switch:
            current = _model_ids(command[1][0])[0] if command[1] and _model_ids(command[1][0]) else None
        elif current == board:
            drawn += 1
    return drawn, current


async def protocol_student(url: str, delay: float, timeout: float, files: list[str], query: str = "",
                           then=None) -> Result:
    """One student as a protocol client (see the module's docstring): wait ``delay`` s, then time
    from the page's request (``query`` at the end of its address) to the board's drawing commands,
    each step within ``timeout``; then ``await then(socket, states)`` (the class mode's actions)."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    await asyncio.sleep(delay)
    start = time.monotonic()
    phases: dict[str, float] = {}
    client = Browserless(url)
    socket = None

    def left() -> float:
        remaining = timeout - (time.monotonic() - start)
        if remaining <= 0:
            raise TimeoutError(f"no ready board after {timeout:.0f} s")
        return remaining

    async def within(awaitable):
        return await asyncio.wait_for(awaitable, left())

    try:
        html = (await within(client.get(query))).decode("utf-8", errors="replace")
        phases["page"] = time.monotonic() - start
        config = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', html, re.S)
        kernel_id = json.loads(config.group(1)).get("kernelId") if config else None
        if not kernel_id:
            return Result("protocol", False, time.monotonic() - start, "the page names no kernel", phases)
        shown = re.findall(r'\\?"model_id\\?": \\?"([0-9a-f]{32})\\?"', html)
        if not shown:
            return Result("protocol", False, time.monotonic() - start,
                          "the page arrived without the game app (no widget in it)", phases)
        await within(asyncio.gather(*(client.get(path) for path in files)))
        phases["files"] = time.monotonic() - start

        await within(client.get(f"api/kernels/{kernel_id}?{int(time.time() * 1000)}"))
        channels = f"{url.replace('http', 'ws', 1)}api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}"
        headers = {"Origin": url.rstrip("/"), **client.cookie_header()}
        connection = await within(websocket_connect(
            HTTPRequest(channels, headers=headers, connect_timeout=left(), request_timeout=left()),
            subprotocols=[WS_PROTOCOL], max_message_size=1 << 30))
        socket = KernelSocket(connection)
        info_reply = socket.expect(lambda m: m[1]["msg_type"] == "kernel_info_reply")
        socket.send("kernel_info_request", {})
        await within(info_reply)
        phases["kernel"] = time.monotonic() - start

        states = await within(widget_states(socket))
        phases["widgets"] = time.monotonic() - start

        board = find_board(states, shown)
        managers = {i for i, s in states.items() if s["state"].get("_model_name") == "CanvasManagerModel"}
        if board is None or not managers:
            return Result("protocol", False, time.monotonic() - start,
                          "the page's widgets hold no game board (no MultiCanvas)", phases)
        # Every canvas model says client_ready when the page creates it; the kernel answers on the
        # canvas manager's comm with drawing commands (in reply to those messages).
        ready_ids: set[str] = set()
        seen = {"drawn": 0, "canvas": None}

        def board_ready(message) -> bool:
            _, header, parent, content, buffers = message
            if (header["msg_type"] == "comm_msg" and parent.get("msg_id") in ready_ids and buffers
                    and content.get("comm_id") in managers and content.get("data", {}).get("method") == "custom"):
                drawn, seen["canvas"] = board_commands(buffers[0], board, seen["canvas"], switch_canvas())
                seen["drawn"] += drawn
            return seen["drawn"] >= MIN_BOARD_COMMANDS

        ready = socket.expect(board_ready)
        for model_id, model in states.items():
            if model["state"].get("_model_name") == "CanvasModel" and model["state"].get("_send_client_ready_event"):
                ready_ids.add(socket.send("comm_msg", {"comm_id": model_id, "data": {
                    "method": "custom", "content": {"event": "client_ready"}}}))
        await within(ready)
        phases["board"] = time.monotonic() - start
        if then is not None:
            await asyncio.wait_for(then(socket, states), timeout)
            phases["class"] = time.monotonic() - start
        return Result("protocol", True, phases["board"], "", phases, seen["drawn"])
    except Exception as error:  # noqa: BLE001 -- a timeout, a refused request or a closed socket is a failure
        return Result("protocol", False, time.monotonic() - start,
                      f"{type(error).__name__}: {str(error).splitlines()[0][:120] if str(error) else ''}", phases)
    finally:
        client.close()
        # The page stays open until the whole class is measured (a class keeps its pages).
        protocol_student.sockets.append(socket)


protocol_student.sockets = []


# --- the class together (--class-mode): students join, lock and play; the teacher's page counts -----

#: the button a class-mode student presses to play, and how many times (lesson 02: ten cranks a press)
PLAY_BUTTON, PLAYS = "Turn it 10 times", 3


def _with_class(states: dict, name: str) -> list[str]:
    """The ids of the widgets that carry the CSS class ``name``."""
    return [i for i, model in states.items() if name in model["state"].get("_dom_classes", [])]


def _send_state(socket: KernelSocket, model_id: str, state: dict) -> None:
    socket.send("comm_msg", {"comm_id": model_id, "data": {"method": "update", "state": state, "buffer_paths": []}})


def _click(socket: KernelSocket, model_id: str) -> None:
    socket.send("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}})


def a_guess(state: dict, rng) -> dict:
    """A random guess for a prediction's input: a choice of its radio buttons, or a step of its slider."""
    if state["_model_name"] == "RadioButtonsModel":
        return {"index": rng.randrange(len(state["_options_labels"]))}
    steps = round((state["max"] - state["min"]) / state["step"])
    value = state["min"] + rng.randint(0, steps) * state["step"]
    return {"value": int(value) if state["_model_name"] == "IntSliderModel" else round(value, 6)}


async def class_student(socket: KernelSocket, states: dict, sent: dict) -> None:
    """A student in the class: the page joins (its tab says which page it is, as page_memory's script does),
    locks a random guess for every prediction and plays; each lock's time goes to ``sent["locks"]``."""
    import random

    rng = random.Random()
    deadline = time.monotonic() + 60
    while not (_with_class(states, "boardkit-class-status") and any("remembered" in m["state"] for m in states.values())):
        if time.monotonic() > deadline:
            raise TimeoutError("the page has no Join your class box")
        await asyncio.sleep(0.5)               # the page's class bar is built once Voilà hands the kernel its page
        states = await widget_states(socket)
    status = _with_class(states, "boardkit-class-status")[0]
    joined = socket.expect(lambda m: m[1]["msg_type"] == "comm_msg" and m[3].get("comm_id") == status
                           and "You are in class" in str(m[3].get("data", {}).get("state", {}).get("value", "")))
    memory = next(i for i, m in states.items() if "remembered" in m["state"])
    if not states[memory]["state"]["remembered"]:
        _send_state(socket, memory, {"remembered": states[memory]["state"]["page_id"]})   # a first visit
    states = await widget_states(socket)     # read after ``joined`` waits: a join in between is not missed
    if "You are in class" not in states[status]["state"].get("value", ""):
        await asyncio.wait_for(joined, 60)
    sent["joined"] += 1
    for box in _with_class(states, "boardkit-prediction"):
        _, input_box, buttons = _model_ids(states[box]["state"]["children"])[:3]
        field = _model_ids(states[input_box]["state"]["children"])[-1]
        lock = _model_ids(states[buttons]["state"]["children"])[0]
        _send_state(socket, field, a_guess(states[field]["state"], rng))
        _click(socket, lock)
        sent["locks"].append(time.time())        # (wall-clock: the teacher's page times its changes with Date.now())
        await asyncio.sleep(rng.uniform(0.5, 1.5))     # a student reads the next question
    play = next((i for i, m in states.items() if m["state"].get("description") == PLAY_BUTTON), None)
    for _ in range(PLAYS if play else 0):
        _click(socket, play)
        sent["plays"] += 10
        sent["presses"].append(time.time())
        await asyncio.sleep(1.0)


def settle(together: dict, sent: dict, timeout: float) -> None:
    """Wait up to ``timeout`` s until the store holds every lock and play the students sent."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        view = together["store"].class_view(together["code"])
        if (sum(p.locked for p in view.predictions.values()) >= len(sent["locks"])
                and sum(p.trials for p in view.plays.values()) >= sent["plays"]):
            return
        time.sleep(0.25)


# The teacher's projected page notes, itself, when (Date.now(), wall-clock seconds) the locks and the plays it shows
# in all change: "23 of 30 locked" under each prediction, "The class's 1,230 cranks: ..." under each prediction that
# pools plays.  (Timed on the page by a MutationObserver, not by this script's polling: this script's event loop is
# busy with the 30 protocol clients and would read the page late.)
TEACHER_WATCH_JS = """() => {
    const total = css => [...document.querySelectorAll(css)]
        .map(e => parseInt(e.innerText.replace(/^\\D*/, '').replace(/,/g, ''))).filter(n => !isNaN(n))
        .reduce((a, b) => a + b, 0);
    window.boardkitSeen = [[Date.now() / 1000, 0, 0]];
    const check = () => {
        const [locks, plays] = [total('.boardkit-class-locks'), total('.boardkit-class-plays')];
        const last = window.boardkitSeen[window.boardkitSeen.length - 1];
        if (locks !== last[1] || plays !== last[2]) window.boardkitSeen.push([Date.now() / 1000, locks, plays]);
    };
    new MutationObserver(check).observe(document.body, {subtree: true, childList: true, characterData: true});
    check();
}"""


async def watch_teacher(page, expected: list, timeout: float) -> list[tuple[float, int, int]]:
    """(time, locks, plays) the teacher's projected page showed in all, each time they changed (as the page timed
    them), until it shows ``expected`` = [locks, plays] (filled in once the students have sent everything)."""
    await page.evaluate(TEACHER_WATCH_JS)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen = await page.evaluate("() => window.boardkitSeen")
        if expected and all(a >= b for a, b in zip(seen[-1][1:], expected)):
            break
        await asyncio.sleep(0.5)
    return [tuple(row) for row in seen]


def watch_store(url: str, code: str, stop, answer) -> None:
    """Send ``answer`` the (time, locks, plays) the class store holds, each time they change, read every 50 ms until
    ``stop`` is set (the class's version first: the whole class only when it changed, as the teacher's pages read
    it).  Run in a process of its own: in this script's, busy with the protocol clients, it read the store late."""
    from boardkit.classroom import ClassStore

    store = ClassStore(url)
    seen, version = [(time.time(), 0, 0)], None
    while not stop.wait(0.05):
        if store.class_version(code) == version:
            continue
        view = store.class_view(code)
        version = view.version
        seen.append((time.time(), sum(p.locked for p in view.predictions.values()),
                     sum(p.trials for p in view.plays.values())))
    answer.send(seen)


def latencies(sent: list[float], seen: list[tuple], column: int, each: int = 1) -> list[float]:
    """For the k-th thing sent (a lock, or a press that plays ``each`` times), the seconds until ``seen`` (times and
    totals) first showed k of them (k * ``each`` plays) in all in its ``column``."""
    found = []
    for k, sent_at in enumerate(sorted(sent), start=1):
        shown_at = next((row[0] for row in seen if row[column] >= k * each), None)
        if shown_at is not None:
            found.append(max(shown_at - sent_at, 0.0))
    return found


# --- the class --------------------------------------------------------------------------------

def default_browsers(n: int) -> int:
    """How many of ``n`` students are Chromium pages unless ``--browsers`` says: 1 below 10, else 2.
    (Each needs 2 to 5 CPU seconds of this machine, more than Voilà spends on ten pages.)"""
    return 1 if n < 10 else 2


def browser_places(n: int, browsers: int) -> set[int]:
    """Which of the ``n`` students (in arrival order) are Chromium pages: ``browsers`` of them,
    spread evenly through the arrival window."""
    browsers = max(0, min(browsers, n))
    return {min(n - 1, int((j + 0.5) * n / browsers)) for j in range(browsers)} if browsers else set()


async def open_class(server: VoilaServer, n: int, browsers: set[int], args, teacher: bool, pool: int,
                     cells: int, together: dict | None = None) -> dict:
    """The teacher's page (if ``teacher``), then the class: student i arrives at i * spread / n s.

    A teacher opens the lesson a while before the class: if Voilà replaces the teacher's kernel
    within two minutes (``fill_delay``), the class waits for that kernel to be ready too."""
    url, server_pid = server.url, server.process.pid
    out = {"files": [], "teacher": None, "teacher_failed": "", "refill": None}
    contexts: list = []
    protocol_student.sockets = []
    playwright = browser = None
    try:
        if browsers or teacher:
            from playwright.async_api import async_playwright

            playwright = await async_playwright().start()
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        projected = None
        if teacher:
            began = time.monotonic()
            started = server.log_text(last=10_000_000).count("Kernel started:")
            files: list[str] = []
            try:
                projected = await asyncio.wait_for(teacher_page(
                    browser, url, args.timeout, contexts, files,
                    f"?teacher={together['key']}" if together else "?teacher=1"), args.timeout + 30)
                out["teacher"] = time.monotonic() - began
            except Exception as error:  # noqa: BLE001 -- reported; the class still opens, with the files seen
                out["teacher_failed"] = f"{type(error).__name__}: {str(error).splitlines()[0][:120]}"
            out["files"] = list(dict.fromkeys(files))
            delay = fill_delay(args.voila_arg)
            if pool != 0 and delay <= 120:
                out["refill"] = await asyncio.to_thread(wait_for_refill, server, started, pool + 1, cells,
                                                         delay + args.fill_timeout)
            await asyncio.to_thread(wait_until_idle, server_pid, args.fill_timeout)
        switch_canvas()                             # the protocol clients' imports, before the class
        import tornado.websocket  # noqa: F401
        started = server.log_text(last=10_000_000).count("Kernel started:")
        out["load_before"] = os.getloadavg()[0]
        out["began"], out["began_wall"] = time.monotonic(), time.time()
        server_cpu = cpu_seconds(server_pid)
        voila_cpu = cpu_seconds(server_pid, descendants=False)
        everything = cpu_seconds(os.getpid())
        own = own_cpu_seconds()
        students = []
        if together:
            sent = out["sent"] = {"joined": 0, "locks": [], "plays": 0, "presses": []}
            query = f"?class={together['code']}"
            act = lambda socket, states: class_student(socket, states, sent)   # noqa: E731
        for i in range(n):
            delay = i * args.spread / n
            if i in browsers and not together:
                students.append(browser_student(browser, url, delay, args.timeout, contexts))
            elif together:
                students.append(protocol_student(url, delay, args.timeout, out["files"], query, act))
            else:
                students.append(protocol_student(url, delay, args.timeout, out["files"]))
        forked = multiprocessing.get_context("fork")
        stop_store, expected = forked.Event(), []
        if together:
            heard, answer = forked.Pipe(duplex=False)
            store_watcher = forked.Process(target=watch_store, daemon=True,
                                           args=(together["store"].url, together["code"], stop_store, answer))
            store_watcher.start()
        if together and projected is not None:
            watching = asyncio.ensure_future(watch_teacher(projected, expected, args.spread + 2 * args.timeout))
        # Each student stops by itself within its timeout; this is the backstop.
        out["results"] = await asyncio.wait_for(asyncio.gather(*students), args.spread + args.timeout + 60)
        if together:       # the last writes leave the kernels' queues within a few seconds
            await asyncio.to_thread(settle, together, out["sent"], 15.0)
            out["load_class"] = os.getloadavg()
            stop_store.set()
            out["in_store"] = await asyncio.to_thread(heard.recv)
            store_watcher.join(10)
        if together and projected is not None:
            expected.extend((len(out["sent"]["locks"]), out["sent"]["plays"]))
            out["seen"] = await asyncio.wait_for(watching, 2 * args.timeout + args.spread + 10)
        out["wall"] = time.monotonic() - out["began"]
        out["started_during"] = server.log_text(last=10_000_000).count("Kernel started:") - started
        out["load_after"] = os.getloadavg()[0]
        out["server_cpu"] = cpu_seconds(server_pid) - server_cpu
        out["voila_cpu"] = cpu_seconds(server_pid, descendants=False) - voila_cpu
        out["client_cpu"] = own_cpu_seconds() - own
        # Everything this process started, less Voilà and the protocol clients: the browsers.
        out["browser_cpu"] = cpu_seconds(os.getpid()) - everything - out["server_cpu"] - out["client_cpu"]
        return out
    finally:
        for socket in protocol_student.sockets:
            if socket is not None:
                socket.close()
        closing = [context.close for context in contexts]
        closing += [browser.close] if browser is not None else []
        closing += [playwright.stop] if playwright is not None else []
        for close in closing:
            try:
                await asyncio.wait_for(close(), 15)
            except Exception:  # noqa: BLE001 -- the driver may be gone (Ctrl-C reaches it too): main() ends the rest
                pass


def one_class(n: int, args) -> dict:
    teacher = not args.all_browsers
    if args.all_browsers:
        browsers = set(range(n))
    else:
        browsers = browser_places(n, args.browsers if args.browsers is not None else default_browsers(n))
    pool = (n + teacher) if args.pool is None else args.pool
    cells = code_cells(args.notebook)
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "voila.log"
        extra = voila_args(pool, args.voila_arg)
        together, saved = None, dict(os.environ)
        if args.class_mode:       # a class store of its own, a teacher's key, and a class started for the lesson
            from boardkit.classroom import ClassStore

            store = ClassStore(f"sqlite:///{Path(folder) / 'class.db'}")
            os.environ.update(BOARDKIT_CLASS_DB=store.url, BOARDKIT_TEACHER_KEY=uuid.uuid4().hex)
            together = {"store": store, "key": os.environ["BOARDKIT_TEACHER_KEY"],
                        "code": store.start_class(Path(args.notebook).stem), "predictions": predictions_in(args.notebook)}
        try:
            server = VoilaServer(args.notebook, log, timeout=120, extra_args=extra)   # the environment as set above
        finally:
            os.environ.clear()
            os.environ.update(saved)
        try:
            with MemorySampler(server.process.pid) as memory:
                fill = wait_for_kernels(server, pool, cells, args.fill_timeout)
                idle, kernels = memory.total()
                out = asyncio.run(open_class(server, n, browsers, args, teacher, pool, cells, together))
                peak = max(memory.peak, memory.total()[0])
        finally:
            server.stop()
        if together:
            view = together["store"].class_view(together["code"])
            out["class"] = {"pages": view.pages, "locks": sum(p.locked for p in view.predictions.values()),
                            "plays": sum(p.trials for p in view.plays.values()), "size": together["store"].size()}
        text = log.read_text(errors="replace")
        if args.keep_logs:
            kept = Path(args.keep_logs) / f"voila-{n}-students.log"
            kept.parent.mkdir(parents=True, exist_ok=True)
            kept.write_text(text)
            if together:        # when each lock and press was sent, and what the store and the projector held when
                (kept.parent / f"class-{n}-students.json").write_text(json.dumps(
                    {"began": out["began_wall"], "sent": out["sent"], "in_store": out["in_store"],
                     "seen": out.get("seen", [])}))
    return {**out, "n": n, "with_teacher": teacher, "pool": pool, "fill": fill, "idle_mb": idle, "peak_mb": peak,
            "kernel_mb": statistics.median(kernels) if kernels else 0.0, "browsers": sorted(browsers),
            "iopub": text.count("Timeout waiting for IOPub output"), "preheated": text.count("Using pre-heated kernel")}


def predictions_in(notebook: str) -> int:
    """How many predictions the notebook's code makes (``Prediction(`` in its code cells)."""
    import nbformat

    cells = nbformat.read(REPO_ROOT / notebook, as_version=4).cells
    return sum(cell.source.count("Prediction(") for cell in cells if cell.cell_type == "code")


def describe(results: list[Result]) -> str:
    times = [r.seconds for r in results if r.ok]
    if not times:
        return f"{len(results)} pages, none ready"
    return (f"{len(times)} of {len(results)} ready, median / p90 / max {statistics.median(times):.1f} / "
            f"{percentile(times, 90):.1f} / {max(times):.1f} s")


def report(r: dict) -> bool:
    """Print one class size's lines; True if every page was ready."""
    results = r["results"]
    times = [x.seconds for x in results if x.ok]
    failures = [x for x in results if not x.ok]
    cell = (lambda v: f"{v:.1f}") if times else (lambda v: "-")
    print(f"{r['n']:>8} {len(times):>5} {len(failures):>6} {cell(statistics.median(times) if times else 0):>8} "
          f"{cell(percentile(times, 90)):>6} {cell(max(times) if times else 0):>6} {r['fill']:>6.0f} "
          f"{r['idle_mb']:>8,.0f} {r['peak_mb']:>8,.0f} {r['kernel_mb']:>9.0f} {r['iopub']:>7} "
          f"{r['load_before']:>5.1f}-{r['load_after']:.1f}", flush=True)
    protocol = [x for x in results if x.kind == "protocol"]
    browsers = [x for x in results if x.kind == "browser"]
    if protocol:
        steps = ("page", "files", "kernel", "widgets", "board")
        medians = ", ".join(f"{s} {statistics.median(x.phases[s] for x in protocol if s in x.phases):.1f}"
                            for s in steps if any(s in x.phases for x in protocol))
        commands = [x.commands for x in protocol if x.ok]
        print(f"{'':>9}protocol clients: {describe(protocol)}; median s from the request to: {medians}"
              f"{f'; {min(commands)} or more drawing commands on the board' if commands else ''}", flush=True)
    if browsers:
        at = ", ".join(f"{x.seconds:.1f} s" if x.ok else "failed" for x in browsers)
        print(f"{'':>9}Chromium pages: {describe(browsers)} (students {', '.join(str(i + 1) for i in r['browsers'])}"
              f" of {r['n']}: {at})", flush=True)
    if r["teacher"] is not None:
        refill = f"; Voilà replaced its kernel {r['refill']:.0f} s later" if r["refill"] is not None else ""
        print(f"{'':>9}the teacher's page drew in {r['teacher']:.1f} s{refill}; each protocol client fetched its "
              f"{len(r['files'])} files", flush=True)
    if r["teacher_failed"]:
        print(f"{'':>9}FAILED: the teacher's page drew no board ({r['teacher_failed']}); the protocol clients "
              f"fetched the {len(r['files'])} files it asked for", flush=True)
    if "sent" in r:
        report_class(r)
    teachers = " (the teacher's included)" if r["with_teacher"] else ""
    print(f"{'':>9}CPU seconds while the pages opened: Voilà {r['voila_cpu']:.1f} and its kernels "
          f"{r['server_cpu'] - r['voila_cpu']:.1f}, the browsers {r['browser_cpu']:.1f}, this script (the protocol "
          f"clients) {r['client_cpu']:.1f} (in {r['wall']:.0f} s); {r['preheated']} pages{teachers} got a pre-heated "
          f"kernel; "
          f"{r['started_during']} kernels started meanwhile", flush=True)
    for why in sorted({x.why for x in failures}):
        print(f"{'':>9}failed ({sum(x.why == why for x in failures)}x): {why}", flush=True)
    return not failures and not r["teacher_failed"]


def report_class(r: dict) -> None:
    """The class mode's lines: lock-to-teacher latency, writes lost, the store's size."""
    sent, kept = r["sent"], r["class"]

    def spread(times: list[float], what: str) -> str:
        return (f"median {statistics.median(times):.2f} s, p90 {percentile(times, 90):.2f} s, max {max(times):.2f} s "
                f"over {len(times)} {what}" if times else f"no {what}")

    lost = (len(sent["locks"]) - kept["locks"]) + (sent["plays"] - kept["plays"])
    load = ", ".join(f"{x:.1f}" for x in r["load_class"])
    print(f"{'':>9}class: {sent['joined']} of {r['n']} pages joined ({kept['pages']} in the store); writes lost: "
          f"{lost} ({len(sent['locks'])} locks and {sent['plays']} plays sent, {kept['locks']} and {kept['plays']} in "
          f"the store); the store: {kept['size'] / 1024:.0f} KB; load average (1, 5, 15 min) as the class ended: "
          f"{load}", flush=True)
    for what, column, each, times in (("locks", 1, 1, sent["locks"]), ("presses", 2, 10, sent["presses"])):
        print(f"{'':>9}from a student's click, {what[:-1] if what == 'locks' else 'a press of ' + repr(PLAY_BUTTON)} "
              f"reached the store: {spread(latencies(times, r['in_store'], column, each), what)}; the teacher's "
              f"projected page: {spread(latencies(times, r.get('seen', []), column, each), what)}", flush=True)


# --- what a kernel does for its page ---------------------------------------------------------

def kernel_cost(notebook: str, repeats: int, pythonpath: str | None) -> None:
    """Run ``notebook`` in ``repeats`` fresh kernels, one after another, as Voilà does for a page
    (in the notebook's folder, VOILA_BASE_URL set, the working copy of boardkit first on the path),
    and print the median CPU seconds of each (the kernel's process and every process it started)."""
    import nbformat
    from jupyter_client.manager import KernelManager

    path = REPO_ROOT / notebook
    cells = [c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
    setup = next((i for i, c in enumerate(cells) if "setup" in c.get("metadata", {}).get("tags", [])), 0)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [pythonpath or str(REPO_ROOT), env.get("PYTHONPATH")]))
    env["VOILA_BASE_URL"] = "/"          # the lesson takes its Voilà page's paths (folds instead of printouts)
    runs = []
    for _ in range(repeats):
        manager = KernelManager(kernel_name="python3")
        manager.start_kernel(cwd=str(path.parent), env=env)
        client = manager.client()
        try:
            client.start_channels()
            client.wait_for_ready(timeout=120)
            pid = manager.provisioner.process.pid
            start = cpu_seconds(pid)
            per_cell = []
            for cell in cells:
                before = cpu_seconds(pid)
                client.execute_interactive(cell.source, store_history=False, timeout=300,
                                           output_hook=lambda message: None)
                per_cell.append(cpu_seconds(pid) - before)
            time.sleep(0.5)
            helpers = [_cmdline(p).replace(b"\0", b" ").decode(errors="replace")[:110] for p in _descendants(pid)]
            runs.append({"start": start, "setup": per_cell[setup], "others": sum(per_cell) - per_cell[setup],
                         "total": cpu_seconds(pid), "helpers": helpers, "cells": per_cell,
                         "rss": rss_mb(pid) + sum(rss_mb(p) for p in _descendants(pid))})
        finally:
            client.stop_channels()
            manager.shutdown_kernel(now=True)
    median = {key: statistics.median(run[key] for run in runs) for key in ("start", "setup", "others", "total", "rss")}
    print(f"{notebook}: CPU seconds per kernel (median of {repeats}, load average {os.getloadavg()[0]:.1f}): "
          f"start {median['start']:.2f}, setup cell (imports) {median['setup']:.2f}, the other "
          f"{len(cells) - 1} cells {median['others']:.2f}, total {median['total']:.2f}; memory {median['rss']:.0f} MB")
    for i, cell in enumerate(cells):
        cost = statistics.median(run["cells"][i] for run in runs)
        if cost >= 0.05:
            first = next((line for line in cell.source.splitlines() if line.strip() and not line.startswith("#")), "")
            print(f"    cell {i + 1} of {len(cells)}: {cost:.2f} s  {first[:90]}")
    helpers = runs[-1]["helpers"]
    print(f"processes the kernel left running: {len(helpers)}" + "".join(f"\n    {h}" for h in helpers))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, nargs="+", default=[5, 15, 30], help="class sizes (default 5 15 30)")
    parser.add_argument("--browsers", type=int, default=None,
                        help="students who are Chromium pages (default 1 below 10 students, else 2); "
                             "the rest are protocol clients")
    parser.add_argument("--all-browsers", action="store_true",
                        help="the old method: every student a Chromium page on this machine, no teacher's page")
    parser.add_argument("--pool", type=int, default=None,
                        help="pre-heated kernels (default: one per student and one for the teacher; "
                             "0: none, kernels start on request)")
    parser.add_argument("--notebook", default=None, help="path from the repository root (default lesson 01; "
                                                          "with --class-mode lesson 02)")
    parser.add_argument("--spread", type=float, default=2.0, help="seconds over which the pages are opened")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds a page may take to be ready")
    parser.add_argument("--fill-timeout", type=float, default=600.0, help="seconds the pool may take to fill")
    parser.add_argument("--keep-logs", metavar="FOLDER", help="keep Voilà's log of each class size there")
    parser.add_argument("--voila-arg", action="append", default=[], help="one more Voilà option (repeatable)")
    parser.add_argument("--class-mode", action="store_true",
                        help="the class together: a class is started, every student joins it (?class=CODE), locks a "
                             "guess for every prediction and plays; the teacher's projected page counts the locks "
                             "(default lesson 02, whose crank button plays)")
    parser.add_argument("--kernel-cost", action="store_true",
                        help="instead: the CPU seconds a kernel spends to run the lesson (no server, no pages)")
    parser.add_argument("--repeat", type=int, default=3, help="kernels for --kernel-cost (default 3)")
    parser.add_argument("--boardkit", metavar="DIR",
                        help="--kernel-cost with the boardkit found in DIR (e.g. an older commit from git archive)")
    args = parser.parse_args(argv)
    args.notebook = args.notebook or (CLASS_LESSON if args.class_mode else LESSON)
    if args.kernel_cost and not 1 <= args.repeat <= 20:
        parser.error("--repeat: from 1 to 20 kernels")
    if any(n < 1 or n > 60 for n in args.students):
        parser.error("--students: class sizes from 1 to 60")
    if args.browsers is not None and args.browsers < 0:
        parser.error("--browsers: 0 or more")
    if not 0 < args.timeout <= 1800 or not 0 <= args.spread <= 600:
        parser.error("--timeout: 0 to 1800 s; --spread: 0 to 600 s")
    if not (REPO_ROOT / args.notebook).is_file():
        parser.error(f"--notebook: there is no notebook {args.notebook} (give its path from the repository root)")

    STOP.clear()
    started = Started()
    handlers = {sig: signal.signal(sig, started.interrupt) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    ended = ""
    try:
        if args.kernel_cost:
            kernel_cost(args.notebook, args.repeat, args.boardkit)
            return 0
        return run_classes(args)
    except KeyboardInterrupt as stop:
        ended = f"was interrupted ({stop.args[0] if stop.args else 'Ctrl-C'})"
        return 130
    except Exception as error:  # noqa: BLE001 -- said below, after everything is stopped
        traceback.print_exc()
        ended = f"failed ({type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''})"
        return 1
    finally:
        for sig in handlers:
            signal.signal(sig, signal.SIG_IGN)          # nothing cuts the clean-up short
        seen = [what for _, what in started.seen.values()]
        left = started.stop()
        still = started.running()
        if ended or left:
            print(f"The run {ended or 'ended'}. It stopped everything it had started: {counted(seen)}"
                  + (f" ({counted(left.values())} of them ended only now)" if left else "")
                  + (f"; STILL RUNNING: {counted(still.values())}, pids {sorted(still)}" if still else
                     "; nothing of it is left running."), file=sys.stderr, flush=True)
        for sig, handler in handlers.items():
            signal.signal(sig, handler)


def run_classes(args) -> int:
    """Measure each class size of ``args.students`` in turn; 0 if every page of every class was ready."""
    method = ("every student a headless Chromium page on this machine (--all-browsers)" if args.all_browsers else
              "protocol clients and a few Chromium pages, after the teacher's page")
    print(f"{args.notebook}, pages opened within {args.spread:g} s, {os.cpu_count()} cores; {method}; pool: "
          f"{'one pre-heated kernel per page' if args.pool is None else args.pool}"
          f"{'; ' + ' '.join(args.voila_arg) if args.voila_arg else ''}", flush=True)
    print(f"{'students':>8} {'ready':>5} {'failed':>6} {'median s':>8} {'p90 s':>6} {'max s':>6} {'fill s':>6} "
          f"{'idle MB':>8} {'peak MB':>8} {'MB/kernel':>9} {'IOPub':>7} {'load avg':>9}", flush=True)
    ok = True
    for n in args.students:
        ok = report(one_class(n, args)) and ok
    print("seconds: from a page's request to its ready board (a protocol client: the board's drawing commands "
          "arrived; a Chromium page: the board drawn), over every page; fill: the pre-heated pool's start-up wait; "
          "idle MB: the Voilà server and its kernels with the pool filled; peak MB: the most while the class "
          "opened its pages; MB/kernel: median RSS of a kernel with the pool filled; IOPub: Voilà's 'Timeout "
          "waiting for IOPub output'; load avg: the 1-minute load average before and after the pages opened.")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

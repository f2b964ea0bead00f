"""Compile the fast lanes when a Jupyter server starts, so that no student waits for numba at a button.

The first study that plays a game's fast lane on a fresh install would
otherwise wait for numba to compile it (15 s for lesson 01, 31 s for
Philo Vance).  When JupyterLab or Voilà starts, :func:`start` runs
``python -m boardkit.warm_start`` beside the server: a background process, at
low priority, which asks numba's disk cache which lanes would compile
(:func:`boardkit.core.fast.cold_lanes`) and, if any would, compiles them
with :func:`boardkit.core.fast.warm_up` into the cache every kernel loads
from.  Then it ends.  Nothing else changes: a kernel plays the same engine
from the same seed as before, and one that needs a lane before the
background process is done compiles it itself, as it did before (its
progress bar then says "compiling the fast lane (once)").

Two hooks start it, one per kind of server:

* **JupyterLab, Jupyter Server, Binder**: this module is a Jupyter server
  extension, which pip enables by installing
  ``jupyter-config/jupyter_server_config.d/boardkit.json`` (see
  ``pyproject.toml``);
* **Voilà** (``voila notebooks/``) loads no Jupyter server extension when it
  runs on its own (voila-dashboards/voila#495), so ``voila.json`` names
  :class:`KernelSpecManager`, which Voilà builds once when it starts.

Two servers starting at once do not compile twice: the second process finds
the first one's lock and ends.  The server's log says what happens, each line
starting with ``[boardkit]``.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from jupyter_client.kernelspec import KernelSpecManager as _JupyterKernelSpecManager

PREFIX = "[boardkit]"


def start(log=None) -> subprocess.Popen:
    """Start the background process that compiles the lanes not yet in numba's cache; it writes
    to the server's standard error (its log)."""
    process = subprocess.Popen([sys.executable, "-m", "boardkit.warm_start"], stdin=subprocess.DEVNULL)
    if log is not None:
        log.info("%s checking the fast lanes' compiled copies in the background (pid %d)", PREFIX, process.pid)
    return process


# --- the two hooks ---------------------------------------------------------------------------

def _jupyter_server_extension_points():
    """What Jupyter Server loads from this module (its server extension API)."""
    return [{"module": "boardkit.warm_start"}]


def _load_jupyter_server_extension(serverapp) -> None:
    start(serverapp.log)


class KernelSpecManager(_JupyterKernelSpecManager):
    """jupyter_client's kernel spec manager, which also starts the lanes' compilation: Voilà builds
    it once, when it starts (``voila.json``: ``VoilaConfiguration.kernel_spec_manager_class``)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        start(self.log)


# --- the background process ------------------------------------------------------------------

def lock_path() -> Path:
    """One lock file per boardkit installation (its folder's hash), in the temporary folder."""
    here = hashlib.sha256(str(Path(__file__).resolve().parent).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"boardkit-warm-{here}.lock"


def main() -> int:
    os.nice(10)                           # the server and its kernels come first
    with open(lock_path(), "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(f"{PREFIX} another process is compiling the fast lanes already", file=sys.stderr, flush=True)
            return 0
        from boardkit.core.fast import cold_lanes, numba_available, warm_up

        if not numba_available():
            print(f"{PREFIX} numba is missing: every game plays on the reference engine", file=sys.stderr,
                  flush=True)
            return 0
        cold = cold_lanes()
        if not cold:
            print(f"{PREFIX} the fast lanes are compiled already", file=sys.stderr, flush=True)
            return 0
        print(f"{PREFIX} compiling the fast lanes of {', '.join(cold)} in the background (once)", file=sys.stderr,
              flush=True)
        sys.stdout = sys.stderr               # warm_up's lines go to the server's log
        warm_up(games=cold)
        left = cold_lanes()
        print(f"{PREFIX} the fast lanes are compiled" + (f", except {', '.join(left)}" if left else ""),
              file=sys.stderr, flush=True)
        return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())

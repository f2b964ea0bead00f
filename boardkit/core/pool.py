"""Worker processes for many games at once, started only when a run first needs them.

A lesson's setup cell says ``pool = bk.process_pool(workers=2)`` so that its
study buttons can play games on both cores.  Most pages never press such a
button, and a Voilà kernel runs the setup cell for every student's page, so
the pool costs nothing until it is given work: no worker, no helper process
and no semaphore exist until the first ``submit`` or ``map``.  (A
``ProcessPoolExecutor`` made up front starts multiprocessing's resource
tracker at once, a Python process of about 15 MB in every kernel.)
"""
from __future__ import annotations

import os
import re
import signal
import sys
import threading
from concurrent.futures import Executor

#: the guard a script needs before it starts worker processes
MAIN_GUARD = re.compile(r"""__name__\s*==\s*['"]__main__['"]""")


class ProcessPool(Executor):
    """A ``ProcessPoolExecutor`` that starts when it is first given work.

    ``submit``, ``map`` and ``shutdown`` (and ``with pool:``) do what they do
    on a ``ProcessPoolExecutor``; the first ``submit`` or ``map`` makes the real
    executor, and every later one reuses it.  ``started`` says whether that
    has happened.  After ``shutdown`` new work is refused, as by any executor.

    The workers start from a small clean "forkserver" process ("spawn" where
    there is none), never by forking the caller: a Jupyter kernel runs several
    threads, and a fork can copy a lock another thread holds at that moment,
    which the worker then waits for for ever.  Workers ignore Ctrl-C (a
    notebook's "interrupt kernel"): the notebook stops waiting for them, and
    they finish their chunk quietly.  A worker ends when the process that started it ends, even
    when that process is killed (as a server kills a kernel that does not stop in time), instead of
    waiting for work for ever beside the forkserver it keeps alive.
    """

    def __init__(self, workers: int | None = None):
        if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
            raise ValueError(f"workers must be a whole number >= 1, or None for one per CPU core; got {workers!r}")
        #: How many worker processes the pool runs at most (read by ``bk.simulate``).
        self._max_workers = workers or os.cpu_count() or 1
        self._executor = None
        self._closed = False
        self._lock = threading.Lock()

    @property
    def started(self) -> bool:
        """True once the pool has been given work (its processes exist)."""
        return self._executor is not None

    @property
    def _mp_context(self):
        """The multiprocessing context the workers start from (forkserver, else spawn)."""
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")

    def _running(self):
        """The real executor, made on first use."""
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot schedule new futures after shutdown")
            if self._executor is None:
                from concurrent.futures import ProcessPoolExecutor

                _check_main_guard()

                self._executor = ProcessPoolExecutor(max_workers=self._max_workers, mp_context=self._mp_context,
                                                     initializer=_start_worker)
            return self._executor

    def submit(self, fn, /, *args, **kwargs):
        return self._running().submit(fn, *args, **kwargs)

    def map(self, fn, *iterables, timeout=None, chunksize=1):
        return self._running().map(fn, *iterables, timeout=timeout, chunksize=chunksize)

    def shutdown(self, wait=True, *, cancel_futures=False):
        with self._lock:
            self._closed = True
            executor = self._executor
        if executor is not None:
            executor.shutdown(wait=wait, cancel_futures=cancel_futures)

    def __repr__(self):
        state = "shut down" if self._closed else "started" if self.started else "not started yet"
        return f"<boardkit ProcessPool: {self._max_workers} workers, {state}>"


def process_pool(workers: int | None = None) -> ProcessPool:
    """Worker processes for ``simulate(..., executor=pool)``, safe to use in a notebook.

    ``workers`` defaults to the number of CPU cores.  Nothing starts until the
    pool is first given work (see :class:`ProcessPool`), so a setup cell can
    make one for every page at no cost.
    """
    return ProcessPool(workers)


def _check_main_guard() -> None:
    """RuntimeError, in one sentence, when the program is a script with no ``if __name__ ==
    "__main__":``: each worker starts by running the script again, which would start workers of its
    own, and the pool would break with a bare ``BrokenProcessPool``.  (A notebook, Voilà or the
    Python prompt has no script, and runs no such risk.)"""
    path = getattr(sys.modules.get("__main__"), "__file__", None)
    if not path or not str(path).endswith(".py"):
        return
    try:
        with open(path, encoding="utf-8") as source:
            text = source.read()
    except OSError:
        return
    if not MAIN_GUARD.search(text):
        raise RuntimeError(f"{os.path.basename(path)} starts worker processes, and each worker runs the script "
                           f"again first: put the script's lines under 'if __name__ == \"__main__\":' (or play "
                           f"on one core, without executor=).")


def _start_worker() -> None:
    """Run in each worker as it starts: ignore Ctrl-C, and end with the process that started it."""
    import multiprocessing

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    owner = multiprocessing.parent_process()      # its sentinel is ready once the owner has ended
    if owner is not None:
        threading.Thread(target=_end_with, args=(owner,), name="boardkit-end-with-owner", daemon=True).start()


def _end_with(owner) -> None:
    owner.join()
    os._exit(0)

"""A page's link to its class: writes that never block the page and never raise into it.

The page's code calls ``link.lock_prediction(...)``, ``link.record_plays(...)``
and returns at once: the write waits in a queue that one background thread
sends to the store, retrying with a growing pause while the store is missing,
locked, full or unreachable.  Only the latest write per question or stream is
kept in the queue (the store keeps totals, not increments), so an outage never
makes it grow.  The page shows ``link.status``, one line such as "Not connected
to the class: the class store's server cannot be reached." while the lesson goes
on working on its own.
"""
from __future__ import annotations

import logging
import threading
import time

from .store import (ClassNotOpen, ClassStore, ClassStoreError, Refused, StoreUnavailable, new_page_id,
                    normal_code)

log = logging.getLogger("boardkit.classroom")


class ClassLink:
    """Page ``page_id``'s link to class ``code`` (joined at once, in the background).

    ``store`` is a :class:`ClassStore`, an address, or None for the default store;
    it is opened in the background too, so even a store that cannot be opened
    only shows in :attr:`status`.  ``on_status(text)`` is called (from the
    background thread) whenever the status line changes.
    """

    def __init__(self, code, page_id: str | None = None, nickname: str | None = None, *, store=None,
                 on_status=None, retry: tuple[float, float] = (0.5, 10.0)):
        self.page_id = page_id or new_page_id()
        self.nickname = nickname
        self._store, self._retry = store, retry
        self._status_callbacks = [on_status] if on_status else []
        self._pending: dict = {}               # {key: (method name, arguments)}, oldest first
        self._wake = threading.Condition()
        self._closed = False
        self._ended = False                    # the class is gone: nothing more to send
        self._joined = threading.Event()       # the join was answered (joined, refused or the store failed)
        self._watch = None                     # (on_view, on_settings, every, teacher)
        self.class_ended = False               # the page was in the class, and the teacher has ended it
        self.connected: bool | None = None     # None until the store first answers
        self.state = None                      # the PageState the store returned on joining
        self.view = None                       # the latest ClassView, while watching
        self.settings: dict = {}               # the class's latest settings, while watching
        self.refusal: str | None = None        # why the class refused this page (no such class, full...), if it did
        try:
            self.code = normal_code(code)
        except ClassNotOpen as error:
            self.code, self._ended, self.connected = str(code)[:20], True, False
            self.refusal = f"{error}."
            self.status = f"Not connected to the class: {error}."
            self._joined.set()
            return
        self.status = f"Joining class {self.code}..."
        self._queue(("join",), "join", self.page_id, nickname)
        self._thread = threading.Thread(target=self._run, name=f"boardkit class {self.code}", daemon=True)
        self._thread.start()

    @property
    def ended(self) -> bool:
        """True once this link has stopped for good: the class has ended or never existed, the class
        refused this page, or the store is of another version (:attr:`status` says which).  A store
        that is only out of reach does not end the link: it keeps trying."""
        return self._ended

    # --- what the page calls (all return at once) --------------------------------------------------
    def lock_prediction(self, prediction_id: str, value, *, choices=None, between=None) -> None:
        """Send this page's locked guess (see :meth:`ClassStore.lock_prediction`)."""
        self._queue(("prediction", prediction_id), "lock_prediction", self.page_id, prediction_id, value,
                    choices=choices, between=between)

    def answer_check(self, check_id: str, choice, choices) -> None:
        """Send this page's answer to a quick check."""
        self._queue(("check", check_id), "answer_check", self.page_id, check_id, choice, choices)

    def record_plays(self, stream: str, successes: int, trials: int) -> None:
        """Send this page's running totals in one play stream (only the latest totals are kept in the queue)."""
        self._queue(("plays", stream), "record_plays", self.page_id, stream, successes, trials)

    def watch(self, on_view=None, on_settings=None, every: float = 1.0, teacher: bool = False) -> None:
        """Read the class every ``every`` seconds in the background: ``on_view(ClassView)`` and
        ``on_settings(dict)`` are called (from the background thread) when they change.  Each beat reads
        only the class's version, and the whole class when that has changed."""
        with self._wake:
            self._watch = (on_view, on_settings, every, teacher)
            self._wake.notify()

    def on_status(self, callback) -> None:
        """Call ``callback(status_line)`` whenever the status changes."""
        self._status_callbacks.append(callback)

    def wait_joined(self, timeout: float = 2.0) -> bool:
        """Wait up to ``timeout`` seconds for the join's answer; True if the page is in the class
        (otherwise :attr:`status` says why: no such class, or the store cannot be reached)."""
        self._joined.wait(timeout)
        return self.state is not None

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait up to ``timeout`` seconds until every queued write is in the store; True if they are."""
        deadline = time.monotonic() + timeout
        with self._wake:
            while self._pending and not self._ended and not self._closed:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._wake.wait(min(left, 0.1))
            return not self._pending

    def close(self) -> None:
        """Stop the background thread (writes still queued are dropped)."""
        with self._wake:
            self._closed = True
            self._wake.notify_all()

    # --- the background thread -------------------------------------------------------------------
    def _queue(self, key, method, *args, **options) -> None:
        with self._wake:
            if self._ended or self._closed:
                return
            self._pending[key] = (method, args, options)
            self._wake.notify()

    def _run(self) -> None:
        pause, next_read = self._retry[0], 0.0
        while True:
            with self._wake:
                while not self._closed and not self._ended and not self._pending and \
                        (self._watch is None or time.monotonic() < next_read):
                    self._wake.wait(None if self._watch is None else max(0.0, next_read - time.monotonic()))
                if self._closed or self._ended:
                    return
                item = next(iter(self._pending.items()), None)
            try:
                store = self._open_store()
                if item is not None:
                    self._send(store, *item)
                else:
                    self._read(store)
                    next_read = time.monotonic() + self._watch[2]
                pause = self._retry[0]
                self._set_status(True, f"Connected to class {self.code}.")
            except StoreUnavailable as error:
                self._set_status(False, f"Not connected to the class: {error}. This page works on its own "
                                        "and keeps trying.")
                self._joined.set()
                self._rest(pause)
                pause = min(pause * 2, self._retry[1])
            except ClassStoreError as error:        # the class has ended, or the store is of another version
                with self._wake:
                    self._ended = True
                    self.class_ended = isinstance(error, ClassNotOpen) and self.state is not None
                    if self.class_ended:            # (its rows are deleted: nothing of it to show any more)
                        self.view, self.settings = None, {}
                    else:
                        self.refusal = f"{error}."
                    self._pending.clear()
                    self._wake.notify_all()
                self._set_status(False, f"Class {self.code} has ended." if self.class_ended else
                                 f"Not connected to the class: {error}.")
                self._joined.set()
            except Exception:                       # a bug must not reach the page either
                log.exception("class link for class %s failed", self.code)
                if item is not None:
                    self._done(*item)
                next_read = time.monotonic() + (self._watch[2] if self._watch else 0)
                self._rest(pause)

    def _rest(self, seconds: float) -> None:
        """Wait ``seconds`` before trying again (new writes do not cut it short; close() does)."""
        deadline = time.monotonic() + seconds
        with self._wake:
            while not self._closed and time.monotonic() < deadline:
                self._wake.wait(deadline - time.monotonic())

    def _open_store(self) -> ClassStore:
        if not isinstance(self._store, ClassStore):
            self._store = ClassStore(self._store)
        return self._store

    def _send(self, store, key, call) -> None:
        method, args, options = call
        try:
            answer = getattr(store, method)(self.code, *args, **options)
        except Refused as error:
            if method == "join" or isinstance(error, ClassNotOpen):
                raise                               # this page cannot be in the class: the link stops
            log.warning("class %s: %s", self.code, error)   # a forged or impossible value: dropped
        else:
            if method == "join":
                self.state = answer
                self._set_status(True, f"Connected to class {self.code}.")   # before a waiting page hears of it
                self._joined.set()
        self._done(key, call)

    def _done(self, key, call) -> None:
        with self._wake:
            if self._pending.get(key) is call:     # a newer write for the same key stays queued
                del self._pending[key]
            self._wake.notify_all()

    def _read(self, store) -> None:
        """Read the class, if it changed since the last read (one small read when it has not)."""
        on_view, on_settings, _every, teacher = self._watch
        if self.view is not None and store.class_version(self.code) == self.view.version:
            return
        view = store.class_view(self.code, teacher=teacher)
        settings = store.settings(self.code)
        for callback, old, new in ((on_view, self.view, view), (on_settings, self.settings, settings)):
            if callback is not None and new != old:
                _call(callback, new)
        self.view, self.settings = view, settings

    def _set_status(self, connected: bool, text: str) -> None:
        self.connected = connected
        if text != self.status:
            self.status = text
            for callback in self._status_callbacks:
                _call(callback, text)


def _call(callback, value) -> None:
    try:
        callback(value)
    except Exception:
        log.exception("a class link's callback failed")

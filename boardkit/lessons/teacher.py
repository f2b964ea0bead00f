"""Teacher controls: what only a teacher's page shows (``?teacher=1``)."""
from __future__ import annotations

#
# A lesson served by Voilà is the same page for the teacher and the students; a
# teacher's page is one opened with ``?teacher=1`` at the end of its address.
# Voilà hands a page's query string to its kernel as the environment variable
# QUERY_STRING: at once for a kernel started for the page, and only once the
# page arrives for a pre-heated kernel (which ran the notebook before anybody
# asked for it), over a websocket Voilà opens for that (``_wait_for_request``).

#: the query parameter that makes a page a teacher's: ``?teacher=1``
TEACHER_PARAMETER = "teacher"
_YES = ("1", "true", "yes", "on")
_page_callbacks: list = []
_page_waiter = None
_page_lock = None


def _teacher_in(query: str) -> bool:
    """Does the query string ``query`` ask for a teacher's page?

    ``?teacher=1`` (or true/yes/on) does; if the environment variable
    BOARDKIT_TEACHER_KEY is set, only ``?teacher=<that key>`` does.
    """
    import hmac
    import os
    from urllib.parse import parse_qs

    values = parse_qs(query or "").get(TEACHER_PARAMETER, [])
    key = os.environ.get("BOARDKIT_TEACHER_KEY", "")
    if key:
        return any(hmac.compare_digest(value.encode(), key.encode()) for value in values)
    return any(value.strip().lower() in _YES for value in values)


def _page_not_yet_known() -> bool:
    """True in a pre-heated Voilà kernel whose page has not been asked for yet."""
    import os

    return os.environ.get("VOILA_PREHEAT") == "True" and os.environ.get("QUERY_STRING") is None


def teacher_mode(wait: bool = True):
    """Is this a teacher's page?  True, False, or None (not known yet, with ``wait=False``).

    * In Voilà: True for a page opened with ``?teacher=1`` at the end of its
      address (with ``BOARDKIT_TEACHER_KEY`` set: ``?teacher=<key>``).
    * Anywhere (JupyterLab too): True when the environment variable
      ``BOARDKIT_TEACHER`` is 1 (or true/yes/on) where Jupyter or Voilà was started.

    A pre-heated Voilà kernel runs the notebook before its page is asked for,
    so the page's address is not known yet: ``teacher_mode()`` then waits for
    the page (the cells after it run only once a student or the teacher opens
    it); ``teacher_mode(wait=False)`` returns None instead.  ``teacher_only``
    never waits.  This keeps teacher controls out of the students' view; it
    is not a lock (a student who knows the address can type it: set
    ``BOARDKIT_TEACHER_KEY`` for that).
    """
    import os

    if os.environ.get("BOARDKIT_TEACHER", "").strip().lower() in _YES:
        return True
    if _page_not_yet_known():
        if not wait:
            return None
        _wait_for_request()
    return _teacher_in(os.environ.get("QUERY_STRING", ""))


def _request_info_address() -> str:
    """The websocket on which Voilà hands a pre-heated kernel its page's request (as voila.utils builds it)."""
    import os

    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID')}"


def _wait_for_request() -> None:
    """Wait until Voilà hands this pre-heated kernel its page's request, then put it in the environment
    (called only while ``_page_not_yet_known()``).

    Voilà's own ``voila.utils.wait_for_request`` does the same, but importing
    ``voila.utils`` loads Voilà's whole server (jupyter_server, jupyterlab_server,
    jsonschema): about 1 CPU second in every kernel, as much as a lesson's own
    cells.  This asks the same address for the same message, with the same
    library (``websockets``); tests/test_teacher_mode.py checks both ask alike.
    """
    import asyncio
    import json
    import os
    import threading
    import warnings

    address = _request_info_address()
    received = []

    async def receive():
        from websockets.asyncio.client import connect

        async with connect(address, open_timeout=5, proxy=None) as connection:    # Voilà's own server: no proxy
            received.append(await connection.recv())

    def in_its_own_loop():          # the kernel's own event loop may be running in this thread
        try:
            asyncio.run(receive())
        except Exception as error:      # no page known: the teacher's controls stay hidden
            warnings.warn(f"could not hear the page's request from Voila at {address}: {error!r}")

    thread = threading.Thread(target=in_its_own_loop, name="boardkit-voila-request", daemon=True)
    thread.start()
    thread.join()
    if received:
        os.environ.update(json.loads(received[0]))


def _when_page_known(callback) -> None:
    """Call ``callback()`` once Voilà hands this pre-heated kernel its page, from a background thread.

    Voilà keeps one waiting connection per kernel, so one thread waits for all callbacks.
    """
    import threading

    global _page_waiter, _page_lock
    if _page_lock is None:
        _page_lock = threading.Lock()
    with _page_lock:
        if not _page_not_yet_known():
            known = True
        else:
            known = False
            _page_callbacks.append(callback)
            if _page_waiter is None:
                _page_waiter = threading.Thread(target=_wait_for_page, name="boardkit-teacher-mode", daemon=True)
                _page_waiter.start()
    if known:
        callback()


def _wait_for_page() -> None:
    global _page_waiter
    try:
        _wait_for_request()
    finally:
        with _page_lock:
            callbacks = list(_page_callbacks)
            _page_callbacks.clear()
            _page_waiter = None
        for callback in callbacks:
            callback()


def teacher_only(*children):
    """A box of teacher controls (``children``, widgets) shown only on a teacher's page (``teacher_mode``).

    On a student's page the box is hidden (and holds nothing a student can
    press).  In a pre-heated Voilà kernel the page is not known while the
    notebook runs, so the box starts hidden and shows itself when the page
    turns out to be a teacher's; the notebook never waits for it.
    """
    import ipywidgets as widgets

    box = widgets.VBox(layout=widgets.Layout(display="none"))
    box.add_class("boardkit-teacher")

    def decide():
        if teacher_mode(wait=False):
            box.children = children
            box.layout.display = None

    if teacher_mode(wait=False) is None:
        _when_page_known(decide)
    else:
        decide()
    return box

"""Teacher controls: built only in a kernel that has verified the teacher.

A teacher control that a student's page merely hides is not a control: any page
can ask ipywidgets for every widget in its kernel and send it a click.  So a
lesson hands over a *builder*, a function that makes its teacher controls, and
the kernel calls it only once it knows that it serves the teacher:

* in Voilà (one page per kernel, the students' pages too): the page was opened
  with ``?teacher=<key>``, where the key is the environment variable
  ``BOARDKIT_TEACHER_KEY`` of the Voilà server.  No key set: no teacher's page
  at all (a page that asks for one shows a one-line hint, and nothing else).
  ``BOARDKIT_TEACHER=1`` is refused under Voilà, with a line in its log: it would
  make every student's page a teacher's;
* elsewhere (JupyterLab, Binder: the teacher is the only user of the kernel):
  ``BOARDKIT_TEACHER=1`` where Jupyter was started.

A student's kernel never creates the widgets at all::

    from boardkit.lessons import teacher_controls, teacher_note, teacher_notes

    def reveal_controls():                       # runs in the teacher's kernel only
        button = widgets.Button(description="Reveal")
        button.on_click(lambda _: ...)
        return button                            # a widget, or a list of widgets

    widgets.HBox([lesson_page(), teacher_notes()])   # the page's one Teacher notes control (closed)
    teacher_note("The secret door", reveal_controls)  # a section in it, on the teacher's page only
    teacher_controls(reveal_controls)                 # or: controls where this box is shown

A pre-heated Voilà kernel runs the notebook before its page is asked for, so
the builders run later, once Voilà tells the kernel which page it serves; the
notebook never waits for that.
"""
from __future__ import annotations

#
# Voilà hands a page's query string to its kernel as the environment variable
# QUERY_STRING: at once for a kernel started for the page, and only once the
# page arrives for a pre-heated kernel (which ran the notebook before anybody
# asked for it), over a websocket Voilà opens for that (``_wait_for_request``).

#: the query parameter that makes a page a teacher's: ``?teacher=<key>``
TEACHER_PARAMETER = "teacher"
#: the environment variable (of the Voilà server) that holds the teacher's key
KEY_VARIABLE = "BOARDKIT_TEACHER_KEY"
_YES = ("1", "true", "yes", "on")
_page_callbacks: list = []
#: the Teacher notes' box, shown: its button and its panel join the row of the page's buttons it sits in
NOTES_SHOWN = "contents"
#: a pre-heated kernel fills its page's boxes once the page is drawn (or after this long anyway)
WIDGETS_SECONDS = 60
_drawn = None           # the page's "drawn" signal (page_drawn)
_page_waiter = None
_page_lock = None
_refusal_logged = False
_notes = None


def _asked_for(query: str) -> list[str]:
    """The values of ``teacher=`` in the query string ``query``."""
    from urllib.parse import parse_qs

    return parse_qs(query or "", keep_blank_values=True).get(TEACHER_PARAMETER, [])


def _key_in(query: str) -> bool:
    """Does the query string ``query`` hold the teacher's key (``?teacher=<BOARDKIT_TEACHER_KEY>``)?

    Without a key set, no query does.
    """
    import hmac
    import os

    key = os.environ.get(KEY_VARIABLE, "").strip()
    return bool(key) and any(hmac.compare_digest(value.encode(), key.encode()) for value in _asked_for(query))


def _page_not_yet_known() -> bool:
    """True in a pre-heated Voilà kernel whose page has not been asked for yet."""
    import os

    return os.environ.get("VOILA_PREHEAT") == "True" and os.environ.get("QUERY_STRING") is None


def _refuse_teacher_everywhere() -> None:
    """Under Voilà, ``BOARDKIT_TEACHER=1`` would make every student's page a teacher's: log that it is ignored."""
    import os
    import sys

    global _refusal_logged
    if _refusal_logged or os.environ.get("BOARDKIT_TEACHER", "").strip().lower() not in _YES:
        return
    _refusal_logged = True
    # the Voilà server's own log (the kernel's stderr; a Voilà page shows no stderr)
    print("boardkit: BOARDKIT_TEACHER=1 is IGNORED under Voila: it would make every student's page a teacher's. "
          f"Start Voila with {KEY_VARIABLE}=<a word of yours> and open the teacher's page with "
          f"?{TEACHER_PARAMETER}=<that word>.", file=sys.__stderr__, flush=True)


def teacher_mode(wait: bool = True):
    """Has this kernel verified that it serves the teacher?  True, False, or None (not known yet, with ``wait=False``).

    * In Voilà: True only for a page opened with ``?teacher=<key>``, the key being
      ``BOARDKIT_TEACHER_KEY`` where Voilà was started.  Without a key, never.
      ``BOARDKIT_TEACHER`` is ignored there (and the Voilà log says so).
    * Elsewhere (JupyterLab): True when ``BOARDKIT_TEACHER`` is 1 (or true/yes/on)
      where Jupyter was started.

    A pre-heated Voilà kernel runs the notebook before its page is asked for:
    ``teacher_mode()`` then waits for the page (the cells after it run only once
    a student or the teacher opens it); ``teacher_mode(wait=False)`` returns None
    instead.  ``teacher_controls`` never waits.
    """
    import os

    from .output import in_voila

    if not in_voila():
        return os.environ.get("BOARDKIT_TEACHER", "").strip().lower() in _YES
    _refuse_teacher_everywhere()
    if _page_not_yet_known():
        if not wait:
            return None
        _wait_for_request()
    return _key_in(os.environ.get("QUERY_STRING", ""))


def _hint() -> str | None:
    """One line for a Voilà page that asked for the teacher's controls and did not get them (None otherwise)."""
    import os

    from .output import in_voila

    if not (in_voila() and _asked_for(os.environ.get("QUERY_STRING", ""))):
        return None
    if not os.environ.get(KEY_VARIABLE, "").strip():
        return (f"No teacher controls: this server has no teacher's key. Start Voilà with {KEY_VARIABLE}="
                f"&lt;a word of yours&gt; and open this page with ?{TEACHER_PARAMETER}=&lt;that word&gt;.")
    return f"No teacher controls: ?{TEACHER_PARAMETER}= does not hold this server's teacher key."


def _request_info_address() -> str:
    """The websocket on which Voilà hands a pre-heated kernel its page's request (as voila.utils builds it)."""
    import os

    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    host = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID')}"


def _wait_for_request() -> bool:
    """Wait until Voilà hands this pre-heated kernel its page's request, then put it in the environment
    (called only while ``_page_not_yet_known()``); False if Voilà could not be heard.

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
    return bool(received)


def page_drawn():
    """The page's "drawn" signal: a widget that shows nothing, whose view, once the browser draws it, sets its
    ``drawn`` to True.  A view is drawn only after the page's widget manager has loaded the kernel's widgets, so
    from then on a new widget, or a widget's new value, reaches the page.  One per kernel; the boxes that a
    pre-heated kernel fills when its page arrives hold it until then (``drawn_signal``)."""
    global _drawn
    if _drawn is None:
        import anywidget          # (a few milliseconds: ipywidgets is loaded already)
        import ipywidgets as widgets
        import traitlets

        class PageDrawn(anywidget.AnyWidget):
            _esm = """
            function render({ model }) { model.set("drawn", true); model.save_changes(); }
            export default { render };
            """
            drawn = traitlets.Bool(False).tag(sync=True)

        _drawn = PageDrawn(layout=widgets.Layout(display="none"))
    return _drawn


def drawn_signal() -> tuple:
    """What a box that a pre-heated Voilà kernel fills when its page is drawn holds until then: the page's
    ``page_drawn`` signal (one view of it is enough); nothing in any other kernel, which fills its boxes at once."""
    return (page_drawn(),) if _page_not_yet_known() else ()


def _wait_until_drawn(timeout: float = WIDGETS_SECONDS) -> None:
    """Wait until the page is drawn (``page_drawn``), or ``timeout`` seconds.

    Voilà hands a pre-heated kernel its page's request before the browser has
    the page.  Between the moment the browser connects to the kernel and the
    moment its widget manager has loaded the kernel's widgets, a new widget is
    refused by the page (nothing listens for it yet) and a new value is dropped
    (its widget is not loaded yet): a teacher's Start button, the class's code
    or the lessons' links made or set then never showed, on a busy machine.
    Made before the browser connects, or once the page is drawn, they show.
    """
    import time

    deadline = time.monotonic() + timeout
    while not (_drawn is not None and _drawn.drawn) and time.monotonic() < deadline:
        time.sleep(0.05)


def _when_page_known(callback) -> None:
    """Call ``callback()`` once Voilà hands this pre-heated kernel its page and the page is drawn,
    from a background thread.

    Voilà keeps one waiting connection per kernel, so one thread waits for all callbacks, and runs them in the
    order they came (a callback that comes while the thread still waits for the page to be drawn waits too).
    """
    import threading

    global _page_waiter, _page_lock
    if _page_lock is None:
        _page_lock = threading.Lock()
    with _page_lock:
        if _page_waiter is None and not _page_not_yet_known():
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
    """The waiting thread: hear the page, wait until it is drawn, then run every callback (those that
    came while they ran too)."""
    import sys
    import traceback

    global _page_waiter
    try:
        if _wait_for_request():
            _wait_until_drawn()
    finally:
        while True:
            with _page_lock:
                callbacks = list(_page_callbacks)
                _page_callbacks.clear()
                if not callbacks:
                    _page_waiter = None
                    break
            for callback in callbacks:
                try:
                    callback()
                except Exception:       # one lesson's broken builder must not keep the others' controls away
                    traceback.print_exc(file=sys.__stderr__)


def _when_known(callback) -> None:
    """``callback(teacher)`` once this kernel knows whether it serves the teacher: at once, or (in a pre-heated
    Voilà kernel) when its page arrives and the page is drawn, in the order they were asked for."""
    from .output import in_voila

    if in_voila():
        _refuse_teacher_everywhere()         # said in Voilà's log at once, before any page arrives
    _when_page_known(lambda: callback(bool(teacher_mode(wait=False))))


def _built(build) -> tuple:
    """The widgets ``build()`` makes: a widget or a list of widgets."""
    import ipywidgets as widgets

    made = build()
    made = tuple(made) if isinstance(made, (list, tuple)) else (made,)
    if not all(isinstance(widget, widgets.Widget) for widget in made):
        raise TypeError(f"a teacher controls' builder must return a widget or a list of widgets, got {made!r}")
    return made


def _placeholder(*classes):
    """An empty box (hidden until it holds something): all a student's kernel ever holds of the teacher's controls."""
    import ipywidgets as widgets

    box = widgets.VBox(drawn_signal(), layout=widgets.Layout(display="none"))
    for name in ("boardkit-teacher", *classes):
        box.add_class(name)
    return box


def _fill(box, children) -> None:
    box.children = children
    box.layout.display = None


def teacher_controls(build):
    """A box that holds the teacher's controls made by ``build()``, on the teacher's page only.

    ``build`` is a function with no arguments that returns a widget or a list of
    widgets.  It is called only in a kernel that has verified the teacher
    (``teacher_mode``): a student's kernel never makes those widgets, so no page
    can press them.  In a pre-heated Voilà kernel it is called once the page
    arrives (the box fills itself then); the notebook never waits for it.

        def door_controls():
            reveal = widgets.Button(description="Reveal the door")
            reveal.on_click(show_the_door)
            return [reveal, reveal_view]

        teacher_controls(door_controls)
    """
    if not callable(build):
        raise TypeError(f"teacher_controls needs a function that makes the controls, got {build!r}")
    box = _placeholder()
    _when_known(lambda teacher: teacher and _fill(box, _built(build)))
    return box


class _TeacherNotes:
    """The page's one **Teacher notes** control: closed at first, it opens a panel of the lesson's teacher-only
    settings and notes (``teacher_note``).  A student's kernel holds only its empty box."""

    def __init__(self):
        self.box = _placeholder("boardkit-teacher-notes")
        self.panel = None
        self.hidden = False       # the projected page hides its notes while a class runs (the console has them)
        _when_known(self._open_for)

    def _open_for(self, teacher: bool) -> None:
        import ipywidgets as widgets

        if not teacher:
            hint = _hint()
            if hint:
                _fill(self.box, (widgets.HTML(f"<span class='boardkit-teacher-hint'>{hint}</span>",
                                              layout=widgets.Layout(margin="8px 0 0 8px")),))
            return
        self.toggle = widgets.ToggleButton(value=False, description="Teacher notes", icon="eye-slash",
                                           tooltip="Teacher-only settings and notes (closed: the class sees none)",
                                           layout=widgets.Layout(width="auto", height="40px",
                                                                 align_self="flex-start"))
        # opened, the panel takes a line of its own under the page's buttons (flex: 1 1 100% in their row,
        # which the box joins: NOTES_SHOWN), not a column beside them with empty space under the others; its
        # sections keep a readable width (a maximum width on the panel would keep it beside them)
        self.panel = widgets.VBox(layout=widgets.Layout(display="none", flex="1 1 100%",
                                                        border="2px solid #0072B2", padding="4px 12px"))
        self.panel.add_class("boardkit-teacher-panel")
        self.toggle.observe(self._toggled, names="value")
        self.box.children = (self.toggle, self.panel)

    def show(self, shown: bool, opened: bool = False) -> None:
        """Show the control (``opened``: open it, on the teacher's own console), or hide it, closed, and keep it
        hidden when later sections are added."""
        self.hidden = not shown
        if self.panel is not None:
            if opened or not shown:
                self.toggle.value = opened and shown
            self._show_box()

    def _show_box(self) -> None:
        self.box.layout.display = NOTES_SHOWN if self.panel.children and not self.hidden else "none"  # no section: no control

    def _toggled(self, change) -> None:
        self.toggle.icon = "eye" if change["new"] else "eye-slash"
        self.panel.layout.display = None if change["new"] else "none"

    def add(self, title: str, build) -> None:
        if not callable(build):
            raise TypeError(f"teacher_note needs a function that makes the section, got {build!r}")
        _when_known(lambda teacher: teacher and self._add(title, _built(build)))

    def _add(self, title: str, made: tuple) -> None:
        import ipywidgets as widgets

        from ..render.app import scaled
        from .page import escape

        self.panel.children += (widgets.VBox([widgets.HTML(f"<h4>{escape(title)}</h4>"), *made],
                                             layout=widgets.Layout(max_width=scaled("760px"))),)
        self._show_box()


def teacher_notes():
    """The page's one **Teacher notes** control: put it in the page's first line, beside ``lesson_page()``.

    On the teacher's page it is a button, closed at first, that opens a panel of
    the sections ``teacher_note`` adds, so that nothing teacher-only sits in the
    projected flow.  On a student's page it holds nothing (a page that asked for
    the teacher's controls without the key shows a one-line hint why).
    """
    global _notes
    _notes = _TeacherNotes()
    return _notes.box


def teacher_note(title: str, build) -> None:
    """Add a section called ``title`` to the page's Teacher notes, made by ``build()`` on the teacher's page only.

    ``build`` returns a widget or a list of widgets (a setting, a button, an
    Output for notes), as for ``teacher_controls``; a student's kernel never
    calls it.
    """
    if _notes is None:
        raise RuntimeError("teacher_note needs the page's Teacher notes: show teacher_notes() first, "
                           "e.g. widgets.HBox([lesson_page(), teacher_notes()])")
    _notes.add(title, build)

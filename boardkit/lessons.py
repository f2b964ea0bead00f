"""Small helpers the lesson notebooks share (they need ipywidgets and matplotlib).

Models never import this module: it is for notebooks and Voilà apps only.
"""
from __future__ import annotations

import matplotlib.pyplot as plt

from .render.palette import BLACK, BLUE, BLUISH_GREEN, ORANGE, REDDISH_PURPLE, SKY_BLUE, VERMILLION

#: Colour-blind-safe colours (Okabe-Ito) for charts, in the order charts use them,
#: with a hatch pattern each, so bars differ in more than their hue.
CHART_COLOURS = (BLUE, ORANGE, BLUISH_GREEN, VERMILLION, REDDISH_PURPLE, SKY_BLUE, BLACK)
CHART_HATCHES = ("", "//", "..", "xx", "\\\\", "--", "oo")


def show(view, *items) -> None:
    """Make the Output widget ``view`` show ``items``, replacing what it showed.

    Text (a ``str``) is printed; anything else (a pandas table, a matplotlib
    figure, a widget) is displayed as Jupyter would show it.  Setting the
    widget's outputs directly, rather than printing inside ``with view:``,
    behaves the same in JupyterLab and in Voilà, even while Voilà is still
    running the notebook's cells (capturing output at that moment can stall
    Voilà 0.5).  A figure is closed once shown, so it is not shown twice.
    """
    view.outputs = ()
    for item in items:
        if isinstance(item, str):
            view.append_stdout(item + "\n")
        else:
            view.append_display_data(item)
        if isinstance(item, plt.Figure):
            plt.close(item)


def study_button(description: str, study, icon: str = "play"):
    """A big button that runs ``study(view)``, and the Output ``view`` where the study shows its results.

    Lessons put their longer studies (thousands of games) behind a button, so
    a Voilà page opens quickly and the class decides when to run them.  While
    a study runs its button is greyed out, so a second click cannot start it
    twice.  A ``ValueError`` (a rule variant that makes no sense) is shown in
    the view as a sentence instead of a traceback.

    Returns ``(button, view)``; put them on the page with ``widgets.VBox([button, view])``.
    """
    import ipywidgets as widgets

    button = widgets.Button(description=description, button_style="primary", icon=icon,
                            layout=widgets.Layout(width="250px", height="50px"))
    view = widgets.Output()

    def run(_button=None):
        button.disabled = True
        try:
            study(view)
        except ValueError as error:
            show(view, f"That makes no sense: {error}")
        finally:
            button.disabled = False

    button.on_click(run)
    return button, view


def progress_bar(view, total: int, description: str):
    """A progress bar for ``total`` games, shown in the Output ``view``; hand it to ``bk.simulate(progress=...)``."""
    from tqdm.notebook import tqdm

    bar = tqdm(total=total, desc=description, display=False)
    show(view, bar.container)
    return bar


# --- teacher controls ----------------------------------------------------------------------
#
# A lesson served by Voilà is the same page for the teacher and the students; a
# teacher's page is one opened with ``?teacher=1`` at the end of its address.
# Voilà hands a page's query string to its kernel as the environment variable
# QUERY_STRING: at once for a kernel started for the page, and only once the
# page arrives for a pre-heated kernel (which ran the notebook before anybody
# asked for it), through ``voila.utils.wait_for_request``.

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
        from voila.utils import wait_for_request

        wait_for_request()
    return _teacher_in(os.environ.get("QUERY_STRING", ""))


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
        from voila.utils import wait_for_request

        wait_for_request()
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

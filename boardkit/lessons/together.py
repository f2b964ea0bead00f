"""The class together: a teacher starts a class, the students' pages join it, and the class's guesses,
quick-check answers and plays pool live on the teacher's page.

One line in the lesson's first cell puts the class on the page: ``class_bar("01_mystery_date")``.

* On a student's page it is a small **Join your class** box (a code and, if the student wants, a nickname
  that only the teacher sees); a page opened with ``?class=K7QF`` joins at once.
* On the teacher's console (``?teacher=KEY&console=1``, the teacher's own device) it holds **Start a class**
  and **End the class**, the join code, the nicknames, and the page's *Teacher notes*, open (secrets such as
  lesson 01's secret door, ``teacher.teacher_note``).
* On the teacher's projected page (``?teacher=KEY``) it shows the class: the join code in big type, its
  address, how many pages joined; under each prediction how many locked and, once the answer is shown, the
  class's guesses; under each quick check the share choosing each answer; the class's pooled plays.  While
  a class runs its Teacher notes are hidden: no secret on the projector.

A joined page sends every locked guess (``Prediction``), every quick check's first answer and the plays each
lesson pools (:func:`pool_plays`) to the class's store (``boardkit.classroom``), through a link that never
blocks the page. A page that cannot reach the store says so in one line and works on its own, as a page
without a class does.
"""
from __future__ import annotations

import logging
import os
import re
import secrets
import statistics
import threading
from urllib.parse import parse_qs

import ipywidgets as widgets

from .output import CHART_COLOURS, CHART_HATCHES, show
from .page import escape, number, share_with_interval, with_interval
from . import predict
from .predict import _QUICK_CHECKS, listen, predictions, unlisten

#: the query parameters: ``?class=K7QF`` joins a class, ``&console=1`` opens the teacher's console
CLASS_PARAMETER = "class"
CONSOLE_PARAMETER = "console"
#: how often a student's page reads the class (seconds): only the class's version, and the whole class when it
#: changed (for the teacher's settings, where the student stands, the class's layer of a chart)
POLL_SECONDS = 1.0
#: how often a student's page sends its new plays (seconds); a locked guess or a checked answer goes at once
SEND_SECONDS = 0.25
#: how often the teacher's pages look for changes (seconds): a lock waits for the next look to reach the projector.
#: A look is one small read (the class's version); the whole class is read only when it changed.
TEACHER_POLL_SECONDS = 0.2
#: how long a student's Join waits for the class's answer (seconds)
JOIN_SECONDS = 3.0
#: how long joining by the address waits for the browser tab to say which page it is (seconds)
MEMORY_SECONDS = 20.0
#: the join code's type on the teacher's pages: big enough to read from the back of a room, and bigger still
#: with Large type (lesson_css sets --boardkit-text-scale); an inline block, so its line grows with it (a widget's
#: HTML has a 34 px line: the code overflowed onto the Start and End buttons above it)
CODE_STYLE = ("font-size: calc(64px * var(--boardkit-text-scale, 1)); letter-spacing: 0.12em; "
              "font-family: var(--jp-code-font-family, monospace); display: inline-block; line-height: 1.15")
_PAGE_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
_YES = ("1", "true", "yes", "on")
#: what ClassPage._call returns when the store could not be used
FAILED = object()
log = logging.getLogger("boardkit.classroom")


def _query() -> dict:
    return parse_qs(os.environ.get("QUERY_STRING", "") or "")


def _asked_for_console() -> bool:
    return any(value.strip().lower() in _YES for value in _query().get(CONSOLE_PARAMETER, []))


def _code_in_address() -> str | None:
    codes = _query().get(CLASS_PARAMETER, [])
    return codes[0] if codes else None


def page_memory(page_id: str):
    """A widget that keeps this page's id in the browser tab (``sessionStorage``), so that a reloaded page, which
    gets a new kernel, is the same page to the class and counts once.  It shows nothing.  Its ``remembered``
    value arrives from the browser: the id the tab kept, or ``page_id`` the first time.  None outside Voilà: in
    JupyterLab a reloaded page keeps its kernel, and so its id.  (There anywidget's model, given 2 s to start,
    logged "[anywidget] Failed to initialize model." on a busy machine.)
    """
    from .output import in_voila

    if not in_voila():
        return None
    import anywidget          # (imported only on a Voilà page that may join a class)
    import traitlets

    class PageMemory(anywidget.AnyWidget):
        _esm = """
        function render({ model, el }) {
          const key = "boardkit-page-id:" + window.location.pathname;
          let id = window.sessionStorage.getItem(key);
          if (!id) { id = model.get("page_id"); window.sessionStorage.setItem(key, id); }
          model.set("remembered", id);
          model.save_changes();
        }
        export default { render };
        """
        page_id = traitlets.Unicode().tag(sync=True)
        remembered = traitlets.Unicode("").tag(sync=True)

    return PageMemory(page_id=page_id, layout=widgets.Layout(display="none"))


def join_address():
    """A widget that shows the address a student opens to join the class: the teacher's page's own address, as the
    browser has it (so behind a school's server or proxy it is the one students can type), with ``?class=CODE`` in
    place of its query (never the teacher's key).  Set its ``code``; empty shows nothing.  None outside Voilà (there
    a page's address is not one a student can open)."""
    from .output import in_voila

    if not in_voila():
        return None
    import anywidget          # (imported only on a teacher's Voilà page)
    import traitlets

    class JoinAddress(anywidget.AnyWidget):
        _esm = """
        function render({ model, el }) {
          const show = () => {
            const code = model.get("code");
            el.textContent = "";
            if (!code) return;
            const line = document.createElement("p");
            const address = document.createElement("code");
            address.textContent = window.location.origin + window.location.pathname + "?class=" + code;
            const where = document.createElement("i");
            where.textContent = "Join your class";
            line.append("Students open ", address, " or type the code into ", where, " on the lesson's page.");
            el.append(line);
          };
          model.on("change:code", show);
          show();
        }
        export default { render };
        """
        _css = """
        .boardkit-join-address p { font-size: var(--jp-widgets-font-size, 16px); margin: 4px 0; }
        .boardkit-join-address code { font-size: 1.3em; font-weight: bold; word-break: break-all; }
        """
        code = traitlets.Unicode("").tag(sync=True)

    address = JoinAddress()
    address.add_class("boardkit-join-address")
    return address


class Stream:
    """The plays one lesson pools for one prediction: ``outcomes()`` returns this page's 0/1 plays so far."""

    def __init__(self, prediction, outcomes, many: str, yes: str):
        self.prediction, self.outcomes, self.many, self.yes = prediction, outcomes, many, yes
        self.sent = (0, 0)      # the (yes, plays) totals this page last sent to the store
        self.base = (0, 0)      # what this page had sent before a reload (the class keeps it)

    def totals(self, most: int) -> tuple[int, int]:
        """This page's (yes, plays) so far, counting those before a reload, over at most ``most`` plays
        (the store takes at most that many a page)."""
        outcomes = [int(outcome) for outcome in self.outcomes()][:max(most - self.base[1], 0)]
        return self.base[0] + sum(outcomes), self.base[1] + len(outcomes)


class ClassPage:
    """This page's place in a class (one per kernel): who it is, which class, and its link to the store."""

    def __init__(self, lesson: str | None = None, role: str | None = None, store=None):
        self.lesson = lesson
        self.page_id = secrets.token_urlsafe(12)   # random: the store never learns who a student is
        self.code = None            # the class this page is in (a student) or shows (the teacher)
        self.role = role            # "student", "teacher" (the projected page) or "console"
        self.store = store          # a boardkit.classroom.ClassStore, opened on first use (the teacher's pages)
        self.link = None            # a student's ClassLink: writes that never block the page
        self.memory = None          # a student's page_memory widget (the tab keeps the page's id)
        self.form = None            # a student's Join your class box
        self._carried = None        # the PageState whose plays this page carries on from (after a reload)
        self.address = None         # the teacher's pages: the address students open (join_address), in Voilà
        self._remembered = threading.Event()
        self.streams: dict[str, Stream] = {}
        self.followers: dict[str, list] = {}      # class settings this page follows: name -> callbacks
        self.settings: dict = {}
        self.status = widgets.HTML()
        self.status.add_class("boardkit-class-status")
        self.box = widgets.VBox()
        self.box.add_class("boardkit-class")
        self._clock = None
        self._stop = threading.Event()
        self._lock = threading.RLock()
        self._drawn: dict = {}      # what each class view shows now, so it is redrawn only when it changes
        self._lines: dict = {}      # (key, part) -> the widget that shows it on a teacher's page (see _line)
        self.view = None            # the class as a teacher's page last read it (a student's is its link's view)
        self.notes_line = None      # the projected page: how to start a class, in its Teacher notes
        self.ended = None           # the code of the class that has just ended (its pages say so)
        self._revealed: set = set()
        listen(self._heard)

    # --- the store ---------------------------------------------------------------------------------
    def _open_store(self):
        if self.store is None:
            from ..classroom import ClassStore

            self.store = ClassStore()
        return self.store

    def _call(self, what: str, *args, **kwargs):
        """``store.what(*args)``; on any fault the page says in one line that it is not connected, and
        returns ``FAILED``."""
        try:
            result = getattr(self._open_store(), what)(*args, **kwargs)
        except Exception as error:       # missing, locked, full, unreachable: the lesson goes on on its own
            self.disconnected(error)
            return FAILED
        if "boardkit-class-off" in self.status.value:
            self._say_connected()
        return result

    def disconnected(self, error) -> None:
        """Say in one line that this page is not connected to the class (and why, in plain words); log it."""
        from ..classroom import ClassStoreError

        log.warning("not connected to the class: %r", error)
        reason = str(error) if isinstance(error, ClassStoreError) else "the class's store cannot be reached"
        self.status.value = (f"<span class='boardkit-class-off'><i class='fa fa-chain-broken' aria-hidden='true'>"
                             f"</i> Not connected to the class ({escape(reason)}): this page works on its own."
                             "</span>")

    def _say_connected(self) -> None:
        if self.role == "student" and self.code:
            self.status.value = (f"<i class='fa fa-users' aria-hidden='true'></i> You are in class "
                                 f"<b>{escape(self.code)}</b>: your locked guesses and plays join the class's.")
        else:
            self.status.value = ""

    # --- joining ----------------------------------------------------------------------------------
    def join(self, code: str, nickname: str = "") -> bool:
        """Join the class ``code`` (a student's page); False if the class refused it (the status says why).  A class
        that has not answered within ``JOIN_SECONDS`` is joined in the background (the status follows)."""
        code = (code or "").strip().upper()
        nickname = (nickname or "").strip()
        if not code:
            self.status.value = "<span class='boardkit-rule-error'>Type your class's code first.</span>"
            return False
        self.status.value = f"<i>Joining class {escape(code)}...</i>"
        from ..classroom import MAX_NICKNAME, ClassLink     # (SQLAlchemy: loaded only by a page that joins)

        if len(nickname) > MAX_NICKNAME:
            self.status.value = (f"<span class='boardkit-rule-error'>A nickname is at most {MAX_NICKNAME} "
                                 "letters.</span>")
            return False
        self._remember_page()
        link = ClassLink(code, self.page_id, nickname or None, store=self.store)
        if not link.wait_joined(JOIN_SECONDS) and link.ended:
            self._refused(link)           # no such class (or it has ended): the student's words, nothing joined
            return False
        # joined, or the store is out of reach for now: the link joins as soon as it can
        self.link, self.code = link, link.code
        link.on_status(self._link_status)
        link.watch(on_view=self._view_changed, on_settings=self._follow_settings, every=POLL_SECONDS)
        self._link_status(link.status)
        self._send_what_is_locked()
        self._start_clock()
        return self.link is link

    def _carry_on(self, state) -> None:
        """A reloaded page (a new kernel, the same page to the class): its locked guesses are locked again and its plays
        carry on from what the class has (once, when the join is answered)."""
        with self._lock:
            if self._carried is not state:
                self._carried = state
                for key, totals in state.plays.items():
                    if key in self.streams:
                        self.streams[key].base = self.streams[key].sent = totals
                for prediction in predictions():        # its guesses come back locked, as the class keeps them
                    if prediction.key in state.predictions:
                        prediction.restore(state.predictions[prediction.key])
                for check in list(_QUICK_CHECKS):        # the class keeps the first answer it checked
                    if check.key in state.checks:
                        check.checked = True

    def _remember_page(self) -> None:
        """Take the page id the browser tab remembers (a reloaded page is the same page: it counts once)."""
        if self.memory is None:          # outside Voilà (or a page without its Join box): the kernel's own id
            return
        if not self.memory.remembered and threading.current_thread() is not threading.main_thread():
            self._remembered.wait(MEMORY_SECONDS)     # the tab answers once the page is drawn
        if _PAGE_ID.fullmatch(self.memory.remembered or ""):
            self.page_id = self.memory.remembered

    def _refused(self, link) -> None:
        """The class refused this page (no such class, or it has ended before the page joined): say why, and show
        the Join box again."""
        why = link.refusal or link.status        # "there is no open class QQQQ.": not a fault of the connection
        self.status.value = (f"<span class='boardkit-rule-error'>{escape(why[:1].upper() + why[1:])} Check the code "
                             "on your teacher's screen.</span>")
        link.close()
        if self.link is link:
            self.link = self.code = None
        if self.form is not None:
            self.form.layout.display = None

    def _link_status(self, text: str) -> None:
        if self.link.ended and self.link.state is None:    # refused after all (its answer came late)
            self._refused(self.link)
        elif self.link.class_ended:            # the teacher ended the class: said plainly, not as a fault
            self.code = None
            self.status.value = (f"<span class='boardkit-class-ended'><i class='fa fa-flag-checkered' "
                                 f"aria-hidden='true'></i> Class {escape(self.link.code)} has ended. The lesson goes "
                                 "on here on its own: your guesses and plays stay on this page.</span>")
            if self.form is not None:
                self.form.layout.display = None     # (a student can join the next class)
        elif self.link.connected:
            if self.link.state is not None:
                self._carry_on(self.link.state)
            self._say_connected()
        else:
            self.status.value = (f"<span class='boardkit-class-off'><i class='fa fa-chain-broken' "
                                 f"aria-hidden='true'></i> {escape(text)}</span>")

    def _send_what_is_locked(self) -> None:
        """Guesses locked and quick checks answered before the page joined go to the class too."""
        for prediction in predictions():
            if prediction.locked and not prediction.class_mode:
                self._heard("locked", prediction, prediction.value)
        for check in list(_QUICK_CHECKS):
            if check.checked:
                self._heard("checked", check, check.children[1].value)

    # --- what the page hears -----------------------------------------------------------------------
    def _heard(self, event: str, item, value) -> None:
        """A lock, a reveal or a quick check's answer on this page (predict.listen)."""
        try:
            if self.role == "student" and self.code:
                if event == "locked" and not item.class_mode:
                    allows = ({"choices": [str(choice) for choice in item.choices]} if item.choices is not None
                              else {"between": item.number[:2]})
                    self.link.lock_prediction(item.key, str(value) if item.choices is not None else value, **allows)
                elif event == "checked":
                    self.link.answer_check(item.key, str(value), [str(choice) for choice in item.choices])
                elif event == "revealed" and not item.class_mode:
                    self._show_where_i_stand(item)
            elif self.role in ("teacher", "console") and self.code and event == "revealed":
                with self._lock:                 # (the clock's thread redraws too)
                    self._revealed.add(item.key)
                    self._drawn.pop(item.key, None)
                    self._refresh()
        except Exception as error:          # never let the class break the lesson
            self.disconnected(error)

    def _show_where_i_stand(self, prediction) -> None:
        """After a student's reveal: "You and 6 others said 20%", kept up to date as the class locks more."""
        self._revealed.add(prediction.key)
        self._view_changed(self.link.view)

    def _view_changed(self, view) -> None:
        """The class as last read (every second, by the link's thread): redraw the revealed predictions' lines."""
        if view is None:
            return
        for prediction in predictions():
            if prediction.key in self._revealed and prediction.key in view.predictions and prediction.locked:
                self._draw(prediction.key, view.predictions[prediction.key].values,
                           lambda prediction=prediction: self._where_i_stand(prediction, view))

    def _where_i_stand(self, prediction, view) -> None:
        guesses = list(view.predictions[prediction.key].values)
        same = max(sum(_same(prediction, guess, prediction.value) for guess in guesses) - 1, 0)   # the others
        others = {0: "nobody else", 1: "1 other"}.get(same, f"{same} others")
        said = escape(prediction.format(prediction.value))
        who = f"You and {others}" if same else "You, and nobody else,"
        prediction.class_view.children = [widgets.HTML(
            f"<p class='boardkit-class-line'><i class='fa fa-users' aria-hidden='true'></i> In your class: "
            f"<b>{who} said {said}</b> ({len(guesses)} locked a guess; the class's middle guess: "
            f"{escape(prediction.format(_middle(prediction, guesses)))}).</p>")]

    def close(self) -> None:
        """Stop the clock and the link, and stop hearing the page (the class's rows stay in the store)."""
        self._stop.set()
        unlisten(self._heard)
        if self.link is not None:
            self.link.close()

    # --- the clock: what a page does every second ---------------------------------------------------
    def _start_clock(self) -> None:
        if self._clock is None:
            self._clock = threading.Thread(target=self._run, name="boardkit-class", daemon=True)
            self._clock.start()

    def _run(self) -> None:
        every = TEACHER_POLL_SECONDS if self.role in ("teacher", "console") else SEND_SECONDS
        while not self._stop.wait(every):
            try:
                self.tick()
            except Exception as error:
                self.disconnected(error)

    def tick(self) -> None:
        """One beat: a student's page sends its new plays and follows the class's settings; a teacher's
        page reads the class and redraws what changed."""
        with self._lock:
            if self.role == "student" and self.link is not None:
                self._send_plays()
            elif self.role in ("teacher", "console"):
                self._refresh()

    def _send_plays(self) -> None:
        """This page's plays so far, as totals (the store keeps the latest: a resend never counts twice)."""
        from ..classroom import MAX_TRIALS

        for stream in self.streams.values():
            totals = stream.totals(MAX_TRIALS)
            if totals != stream.sent:
                self.link.record_plays(stream.prediction.key, *totals)
                stream.sent = totals

    def _follow_settings(self, settings: dict) -> None:
        """The teacher set something for the class (heard by the link's thread): tell whoever follows it."""
        for name, callbacks in self.followers.items():
            if name in settings and settings[name] != self.settings.get(name):
                self.settings[name] = settings[name]
                for callback in callbacks:
                    callback(settings[name])

    # --- the teacher's side ------------------------------------------------------------------------
    def start(self) -> None:
        """Start a class (the console): a new code, shown in big type with its address."""
        self.class_line.value = "<p><i>Starting a class...</i></p>"
        code = self._call("start_class", self.lesson)
        if code is not FAILED:
            self._class_gone(code)
            for name, value in self.settings.items():   # the console's settings reach the new class
                self._call("set_setting", code, name, value)
            self._refresh()

    def end(self) -> None:
        """End the class (the console): the store deletes everything the class sent."""
        if self.code and self._call("end_class", self.code) is not FAILED:
            self._class_gone(None)
            self._refresh()

    def _refresh(self) -> None:
        """Read the class from the store and redraw what changed (the teacher's pages)."""
        if self.code is None or self.role == "teacher":     # a reloaded page finds its class again
            open_classes = self._call("open_classes", self.lesson)
            if open_classes is FAILED:
                return
            newest = open_classes[0][0] if open_classes else None
            if newest != self.code:
                self._class_gone(newest)
        if self.code is None:
            self.view = None
            self._draw("class", ("none", self.ended), lambda: self._no_class())
            for item in predictions() + list(_QUICK_CHECKS):
                self._draw(item.key, None, lambda item=item: setattr(item.class_view, "children", []))
                if getattr(item, "class_source", None) is not None:
                    item.class_source = None             # no class: the teacher's own guess (or the tally) again
                    item.reset()                         # (a guess locked from an ended class's pages is gone too)
            return
        from ..classroom import ClassNotOpen

        try:
            store = self._open_store()
            if self.view is None or self.view.code != self.code or store.class_version(self.code) != self.view.version:
                self.view = store.class_view(self.code, teacher=self.role == "console")
        except ClassNotOpen:                # ended (from the console): the projected page lets it go
            self._class_gone(None)
            return
        except Exception as error:
            self.disconnected(error)
            return
        if "boardkit-class-off" in self.status.value:
            self._say_connected()
        self._show_view(self.view)

    def _class_gone(self, newest) -> None:
        """The class this teacher's page showed has ended (or a newer one started): forget what it showed.  An answer
        the page revealed with the class's plays in it is shown again without them."""
        self.ended = self.code if newest is None else None
        had = self.view is not None
        self.code, self.view, self._revealed = newest, None, set()
        self._drawn.clear()
        if had:
            for prediction in predictions():
                if prediction.revealed and prediction.key in self.streams and prediction.class_source is None:
                    prediction.reveal()

    def _show_view(self, summary) -> None:
        """Redraw what changed of the class on a teacher's page (each part only when what it shows changed)."""
        self._draw("class", (self.code, summary.pages, summary.nicknames), lambda: self._show_class(summary))
        for prediction in predictions():
            self._show_prediction(prediction, summary)
        for check in list(_QUICK_CHECKS):
            answers = summary.checks[check.key].counts if check.key in summary.checks else {}
            shares = self._line(check.key, "shares")
            self._draw(check.key, tuple(sorted(answers.items())),
                       lambda check=check: (setattr(shares, "value", check_shares(check, answers)),
                                            setattr(check.class_view, "children", (shares,))))

    def _line(self, key, part: str, kind=widgets.HTML):
        """The widget showing one part of the class under a prediction or quick check on a teacher's page: made
        once, then only its value changes (a new widget for every lock cost the projector a widget to build)."""
        if (key, part) not in self._lines:
            self._lines[key, part] = kind()
        return self._lines[key, part]

    def _draw(self, key, state, draw) -> None:
        if self._drawn.get(key, object()) != state:
            self._drawn[key] = state
            draw()

    def _show_prediction(self, prediction, summary) -> None:
        guesses = list(summary.predictions[prediction.key].values) if prediction.key in summary.predictions else []
        stream = self.streams.get(prediction.key)
        pooled = summary.plays.get(prediction.key)
        plays = None if stream is None else (pooled.trials, pooled.successes) if pooled else (0, 0)
        revealed = prediction.key in self._revealed
        if prediction.class_source is None and not prediction.locked:     # the teacher locks the class's guesses
            prediction.class_source = lambda prediction=prediction: self._class_guesses(prediction)
            prediction._build_inputs(True)

        def draw():
            locks, pooled, charted = (self._line(prediction.key, "locks"), self._line(prediction.key, "plays"),
                                      self._line(prediction.key, "chart", widgets.Output))
            locks.value = (f"<p class='boardkit-class-locks'><b>{len(guesses)} of {summary.pages} locked</b> "
                           "a guess.</p>")
            if plays is not None:
                pooled.value = pooled_line(stream, *plays)
            chart = revealed and guesses and tuple(map(str, guesses))
            self._draw((prediction.key, "chart"), chart,
                       lambda: show(charted, *([guesses_chart(prediction, guesses)] if chart else [])))
            prediction.class_view.children = ((locks,) + ((pooled,) if plays is not None else ())
                                              + ((charted,) if chart else ()))

        self._draw(prediction.key, (len(guesses), summary.pages, plays, revealed and tuple(map(str, guesses))),
                   draw)

    def _class_guesses(self, prediction):
        """The class's guesses as a tally (for the teacher's Lock): {choice: count}, or a list of numbers."""
        view = self._call("class_view", self.code) if self.code else FAILED
        guesses = [] if view is FAILED or prediction.key not in view.predictions else \
            list(view.predictions[prediction.key].values)
        if not guesses:
            raise ValueError("No student has locked a guess yet.")
        if prediction.choices is not None:
            return {str(choice): sum(guess == choice for guess in guesses) for choice in prediction.choices}
        return list(guesses)

    def _secrets_shown(self, shown: bool) -> None:
        """The Teacher notes (secrets such as lesson 01's door): always on the console; on the projected page
        only while no class runs (then the console has them)."""
        from . import teacher

        notes = teacher._notes
        if notes is not None:           # open on the teacher's own device; hidden, it stays hidden as sections come
            notes.show(shown, opened=self.role == "console")

    def _no_class(self) -> None:
        self._secrets_shown(True)
        self.joined.value = ""
        if self.address is not None:
            self.address.code = ""
        ended = (f"<b>Class {escape(self.ended)} has ended</b>: everything its pages sent is deleted, and each "
                 "student's lesson goes on on its own. " if self.ended else "")
        if self.role == "console":
            self.class_line.value = f"<p>{ended or 'No class is running. '}Press <b>Start a class</b> for a new one.</p>"
            self._set_console_buttons(running=False)
            return
        # the projected page: how to start a class is for the teacher, behind its Teacher notes (if it has them)
        how = ("No class is running. Start a class from your console: this page's address with "
               "<code>&amp;console=1</code>, on your own device. The class's code then shows here, for the "
               "students to join.")
        if self.notes_line is not None:
            self.notes_line.value = f"<p>{how}</p>"
            self.class_line.value = f"<p>{ended}</p>" if ended else ""
        else:
            self.class_line.value = f"<p>{ended}{how}</p>"

    def _show_class(self, summary) -> None:
        self._secrets_shown(self.role == "console")
        joined = f"<b>{summary.pages}</b> page{'' if summary.pages == 1 else 's'} joined."
        if self.address is not None:        # the full address, from the page's own (see join_address)
            self.address.code = self.code
            how = ""
        else:
            how = (f"Open this lesson with <code>?{CLASS_PARAMETER}={escape(self.code)}</code> at the end of its "
                   "address, or type the code into <i>Join your class</i>. ")
        self.class_line.value = (
            f"<div class='boardkit-class-code'>Join the class: <b style='{CODE_STYLE}'>{escape(self.code)}</b></div>"
            + (f"<p>{how}{joined}</p>" if how else ""))
        self.joined.value = "" if how else f"<p>{joined}</p>"
        if self.role == "console":
            names = summary.nicknames
            self.nicknames.value = ("<p><b>Nicknames</b> (only you see them): "
                                    f"{escape(', '.join(names)) if names else 'none typed'}</p>")
        self._set_console_buttons(running=True)

    def _set_console_buttons(self, running: bool) -> None:
        if self.role == "console":
            self.start_button.disabled = running
            self.end_button.disabled = not running
            if not running:
                self.nicknames.value = ""


def _same(prediction, a, b) -> bool:
    if prediction.choices is not None:
        return str(a) == str(b)
    return abs(float(a) - float(b)) < prediction.number[2] / 2


def _middle(prediction, guesses):
    if prediction.choices is not None:
        return max(prediction.choices, key=lambda choice: sum(str(g) == str(choice) for g in guesses))
    return statistics.median(guesses)


def check_shares(check, answers: dict) -> str:
    """The share of the class choosing each answer of a quick check, as HTML (no names)."""
    total = sum(answers.values())
    if not total:
        return "<p class='boardkit-class-checks'><i>Nobody in the class has checked an answer yet.</i></p>"
    rows = []
    for index, choice in enumerate(check.choices):
        share = answers.get(str(choice), 0) / total
        right = " (the answer)" if index == check.answer else ""
        rows.append(f"<tr><td>{escape(choice)}{right}</td><td>{number(share, 0, percent=True)}</td>"
                    f"<td><div style='width: {share * 240:.0f}px; height: 16px; background: "
                    f"{CHART_COLOURS[2] if right else CHART_COLOURS[5]}; border: 1px solid #333'></div></td></tr>")
    return (f"<p class='boardkit-class-checks'><b>The class's answers</b> ({total} checked):</p>"
            f"<table class='boardkit-table'>{''.join(rows)}</table>")


def pooled_line(stream, plays: int, yes: int) -> str:
    """The class's pooled plays: how many, and the share with its 95% interval."""
    if not plays:
        return f"<p class='boardkit-class-plays'>The class's {escape(stream.many)}: none yet.</p>"
    estimate, low, high = share_with_interval(int(yes), int(plays))
    return (f"<p class='boardkit-class-plays'>The class's <b>{plays:,} {escape(stream.many)}</b>: "
            f"{escape(stream.yes)} <b>{with_interval(estimate, low, high)}</b> (95% interval).</p>")


def guesses_chart(prediction, guesses):
    """The class's guesses: a dot plot of numbers (or bars of choices), the answer and the class's middle marked."""
    from .page import chart

    fig, ax = chart(width=10, height=3.6)
    if prediction.choices is not None:
        counts = [sum(str(guess) == str(choice) for guess in guesses) for choice in prediction.choices]
        bars = ax.bar(range(len(counts)), counts, color=CHART_COLOURS[5], hatch=CHART_HATCHES[5],
                      edgecolor="black", label="guesses")
        if prediction.answer in prediction.choices:
            right = bars[list(prediction.choices).index(prediction.answer)]
            right.set(facecolor=CHART_COLOURS[2], hatch=CHART_HATCHES[2], label="the answer")
        ax.set_xticks(range(len(counts)), [str(choice) for choice in prediction.choices])
        ax.set_ylabel("students")
        ax.yaxis.get_major_locator().set_params(integer=True)
    else:
        scale = 100 if prediction.percent else 1
        values = sorted(float(guess) * scale for guess in guesses)
        seen: dict = {}
        heights = []
        for value in values:        # stacked dots: the n-th guess of a value sits n dots high
            key = round(value, 6)
            seen[key] = seen.get(key, 0) + 1
            heights.append(seen[key])
        ax.scatter(values, heights, s=160, color=CHART_COLOURS[0], edgecolor="black", zorder=3,
                   label="a student's guess")
        middle = statistics.median(values)
        ax.axvline(middle, color=CHART_COLOURS[1], linewidth=3, linestyle=":",
                   label=f"the class's middle guess: {prediction.format(middle / scale)}")
        if prediction.answer is not None:
            ax.axvline(float(prediction.answer) * scale, color=CHART_COLOURS[6], linewidth=3, linestyle="--",
                       label=f"the answer: {prediction.format(float(prediction.answer))}")
        low, high = prediction.number[0] * scale, prediction.number[1] * scale
        ax.set_xlim(low - (high - low) * 0.03, high + (high - low) * 0.03)
        ax.set_ylim(0, max(heights) + 1)
        ax.set_yticks([])
        ax.set_xlabel("guess (%)" if prediction.percent else f"guess{f' ({prediction.unit})' if prediction.unit else ''}")
    ax.set_title(f"The class's {len(guesses)} guess{'' if len(guesses) == 1 else 'es'}")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.3), ncol=3, frameon=False)
    return fig


# --- the page's one class (per kernel) ---------------------------------------------------------------

_PAGE: ClassPage | None = None


def class_page() -> ClassPage:
    """This kernel's ClassPage (made on first use)."""
    global _PAGE
    if _PAGE is None:
        _PAGE = ClassPage()
    return _PAGE


def pool_plays(prediction, outcomes, many: str = "plays", yes: str = "yes"):
    """Pool the plays behind ``prediction``'s convergence chart in the class: ``outcomes()`` returns this page's
    plays so far (0/1, oldest first); ``many`` names them ("door openings"), ``yes`` says what a 1 means
    ("showed her date"). Without a class it does nothing."""
    if not callable(outcomes):
        raise ValueError("outcomes must be a function that returns this page's plays (0 and 1) so far")
    class_page().streams[prediction.key] = Stream(prediction, outcomes, many, yes)
    return prediction


def class_plays(prediction) -> list:
    """The other students' plays for ``prediction`` (0/1, in the order they were sent): the convergence chart's
    layer **your class** (on the teacher's pages: the whole class's); an empty list without a class (or without
    the store)."""
    page = class_page()
    if prediction.key not in page.streams:
        return []
    view = page.link.view if page.link is not None else page.view
    if view is None or prediction.key not in view.plays:
        return []
    others = list(view.plays[prediction.key].per_page)
    mine = page.streams[prediction.key].sent
    if mine in others:                 # this page's own totals are its own layer, not the class's
        others.remove(mine)
    return others


def on_the_projector() -> bool:
    """True on the teacher's pages (the projected page and the console): there a lesson speaks to the whole class
    ("the class's openings", "openings on this screen"), not to one student ("your openings")."""
    return _PAGE is not None and _PAGE.role in ("teacher", "console")


def for_this_page(student: str, projector: str) -> str:
    """``student`` (words to one student) on a student's page, ``projector`` (words to the class) on the teacher's."""
    return projector if on_the_projector() else student


def plays_here(prediction, own: int, many: str) -> str:
    """On the teacher's pages, in words to the class: whose plays start ``prediction``'s convergence chart (``own``
    plays on this screen, then the class's), e.g. "The class's 580 openings, from their own pages, start the chart." """
    pooled = sum(plays for _, plays in class_plays(prediction))
    if own and pooled:
        return f"The {own:,} {many} on this screen, then the class's {pooled:,}, start the chart."
    if own or pooled:
        return (f"The {own:,} {many} on this screen start the chart." if own else
                f"The class's {pooled:,} {many}, from their own pages, start the chart.")
    return f"No {many} yet, on this screen or in a class."


def chart_title(own: int, classmates, many: str, computer: str, ending: str = "") -> str:
    """The title of a convergence chart, true of whose plays it shows: ``own`` plays on this page (the student's,
    or on the teacher's page the screen's), the class's (``classmates``: ``class_plays(prediction)``), then the
    computer's ``computer`` (e.g. "5,000"); ``ending`` is added after a colon, e.g. "the share settles".

    e.g. "Your openings first, then the computer's 5,000", "Your class's openings first, then the computer's 5,000"
    (a student with no plays of their own), "The computer's 5,000 openings"."""
    pooled = sum(plays for _, plays in classmates)
    mine = for_this_page(f"your {many}", f"the {many} on this screen") if own else ""
    theirs = for_this_page("your class's", "the class's") if pooled else ""
    if mine and theirs:
        lead = f"{mine}, then {theirs}, then the computer's {computer}"
    elif mine or theirs:
        lead = f"{mine or theirs + ' ' + many} first, then the computer's {computer}"
    else:
        lead = f"the computer's {computer} {many}"
    return lead[0].upper() + lead[1:] + (f": {ending}" if ending else "")


def set_class_setting(name: str, value) -> None:
    """The teacher's console sets ``name`` for the class (every joined page that follows it gets ``value``)."""
    page = class_page()
    page.settings[name] = value
    if page.role == "console" and page.code:
        page._call("set_setting", page.code, name, value)


def follow_class_setting(name: str, callback) -> None:
    """On a student's page in a class, call ``callback(value)`` whenever the teacher sets ``name`` (at once if the
    page has already heard it)."""
    page = class_page()
    page.followers.setdefault(name, []).append(callback)
    heard = page.link.settings if page.link is not None else {}
    if name in heard:
        page.settings[name] = heard[name]
        callback(heard[name])


def class_bar(lesson: str):
    """The class on this lesson's page: Join your class (students), the class (the projected teacher's
    page), or Start / End and the class's secrets (the teacher's console). Put it in the first cell."""
    from .teacher import _when_known, drawn_signal

    if not (isinstance(lesson, str) and lesson.strip()):
        raise ValueError("class_bar needs the lesson's name, for example class_bar('01_mystery_date')")
    page = class_page()
    page.lesson = lesson
    page.box.children = drawn_signal()       # (a pre-heated Voilà kernel builds the class's side once its page is drawn)

    def decide(teacher: bool):
        # only a kernel that verified the teacher's key builds the teacher's side (teacher.py)
        if teacher:
            page.role = "console" if _asked_for_console() else "teacher"
            _build_teacher(page)
        else:
            page.role = "student"
            _build_join(page)

    _when_known(decide)
    return page.box


def _build_join(page: ClassPage) -> None:
    code = widgets.Text(placeholder="the class's code", description="Join your class",
                        style={"description_width": "initial"}, layout=widgets.Layout(width="340px"))
    code.add_class("boardkit-class-code-box")
    nickname = widgets.Text(placeholder="nickname (optional)", layout=widgets.Layout(width="220px"),
                            tooltip="Only your teacher sees it; leave it empty to stay anonymous")
    nickname.add_class("boardkit-class-nickname")
    join = widgets.Button(description="Join", icon="users", layout=widgets.Layout(width="auto"))   # (as tall as the boxes)
    join.add_class("boardkit-class-join")
    form = page.form = widgets.HBox([code, nickname, join])

    def on_join(_=None):
        join.disabled = True
        if page.join(code.value, nickname.value):
            form.layout.display = "none"
        join.disabled = False

    join.on_click(on_join)
    page.memory = page_memory(page.page_id)
    if page.memory is not None:
        page.memory.observe(lambda change: page._remembered.set(), names="remembered")
    page.box.children = [form, page.status] + ([page.memory] if page.memory is not None else [])
    given = _code_in_address()
    if given:      # joins by the address: in the background, once the tab has said which page it is
        code.value = given
        threading.Thread(target=on_join, name="boardkit-class-join", daemon=True).start()


def _build_teacher(page: ClassPage) -> None:
    from . import teacher

    page.class_line = widgets.HTML()
    page.class_line.add_class("boardkit-class-line")
    page.address = join_address()
    page.joined = widgets.HTML()
    page.joined.add_class("boardkit-class-joined")
    shown = [page.class_line] + ([page.address] if page.address is not None else []) + [page.joined]
    items = shown
    if page.role == "console":
        page.start_button = widgets.Button(description="Start a class", icon="play", button_style="primary",
                                           layout=widgets.Layout(width="auto", height="40px"))
        page.start_button.add_class("boardkit-class-start")
        page.end_button = widgets.Button(description="End the class", icon="stop", button_style="danger",
                                         disabled=True, layout=widgets.Layout(width="auto", height="40px"),
                                         tooltip="Close the class and delete everything its pages sent")
        page.end_button.add_class("boardkit-class-end")
        page.start_button.on_click(lambda _: page.start())
        page.end_button.on_click(lambda _: page.end())
        page.nicknames = widgets.HTML()
        page.nicknames.add_class("boardkit-class-nicknames")
        items = [widgets.HBox([page.start_button, page.end_button])] + shown + [page.nicknames]
    page.box.children = items + [page.status]
    notes = teacher._notes
    if page.role == "teacher" and notes is not None and notes.panel is not None:
        page.notes_line = widgets.HTML()
        notes._add("Your class", (page.notes_line,))
    page._refresh()
    page._start_clock()

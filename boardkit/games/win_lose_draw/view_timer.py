"""``Countdown``: the sand timer of Win, Lose or Draw, as a big clock the whole room can read.

    from boardkit.games.win_lose_draw.view_timer import Countdown
    timer = Countdown(seconds=60)
    timer.on_time_up(lambda: print("Time's up!"))
    timer.start()              # or the Start button; Pause / Resume / Reset buttons for the teacher

The Sketcher "turns over the timer and the countdown begins": 60 seconds by
default (the rulebook does not say; ``Rules`` keeps it as a field).  The
clock shows m:ss ("1:00" down to "0:00"), a bar that empties, and a line of
text saying what is going on.  In the last ``WARNING_S`` seconds the clock
grows, turns bold, dark on yellow in a thick double frame, and says
"Hurry! 9 s left!" in words: the hurry shows by size, shape and text, not
by colour alone.

**How it ticks.**  The kernel must stay free while the clock runs (in
JupyterLab and in Voilà alike), so nothing in the kernel sleeps or loops.
A hidden ipywidgets ``Play`` widget is the heartbeat: the browser flips its
value every ``TICK_MS`` milliseconds while the clock runs (``repeat`` between
0 and 1), and each flip makes the kernel read its own clock
(``time.monotonic``) and update the display.  The time left is always
worked out from that clock, not by counting beats, because a browser may
beat late (a busy or hidden page) and ``Play`` beats once at once when it
starts: the count stays right, only the display may update a little late.
One thing to know: ``Play`` only starts beating when its ``playing`` turns
on while a browser *shows* it, and an App may start its clock before the
page has drawn the widget (a Voilà page on a pre-heated kernel, a refreshed
JupyterLab page).  So while the clock runs, a small *watchdog* (a timer
thread, every ``WATCHDOG_S`` seconds) looks at the clock itself and, when
no beat came for a while, switches the heartbeat off and on again
(``wake()``).  Without any browser the watchdog alone keeps the count, once
a second.  A lock keeps the watchdog and the widget's callbacks apart; the
``on_time_up`` callbacks are called with it let go.

Stable CSS classes: ``wld-timer``, ``wld-timer-label``, ``wld-timer-bar``,
``wld-timer-start``, ``wld-timer-pause``, ``wld-timer-reset``; the clock also
gets ``wld-timer-hurry`` in the last seconds and ``wld-timer-up`` at the end.
"""
from __future__ import annotations

import html
import math
import threading
import time

import ipywidgets as widgets

from boardkit.render import palette
from boardkit.render.app import scaled

DEFAULT_SECONDS = 60
MAX_SECONDS = 3600
#: The clock's heartbeat: how often the browser asks the kernel to look at the time.
TICK_MS = 200
#: How often the watchdog looks at a running clock (and wakes a heartbeat that has not started).
WATCHDOG_S = 1.0
#: The last seconds, shown big and bold with words: "10 s left!".
WARNING_S = 10

READY, RUNNING, PAUSED, UP = "ready", "running", "paused", "up"
CLOCK_STYLE = ("display:inline-block; min-width:3.2em; text-align:center; font-family:sans-serif; "
               "font-variant-numeric:tabular-nums; line-height:1.1; padding:2px 12px; border-radius:8px; ")
NORMAL_STYLE = (f"font-size:{scaled('56px')}; color:{palette.TEXT}; background:{palette.WHITE}; "
                f"border:3px solid {palette.TEXT};")
HURRY_STYLE = (f"font-size:{scaled('76px')}; font-weight:bold; color:{palette.TEXT}; "
               f"background:{palette.YELLOW}; "
               f"border:8px double {palette.TEXT};")
UP_STYLE = (f"font-size:{scaled('76px')}; font-weight:bold; color:{palette.WHITE}; background:{palette.TEXT}; "
            f"border:8px solid {palette.TEXT};")


def whole_seconds(seconds: float) -> int:
    """Seconds left as the clock counts them, rounded up: 9.2 -> 10, so 0 means the time is up."""
    return max(0, math.ceil(seconds - 1e-9))


def clock_text(seconds: float) -> str:
    """The time as the clock shows it (m:ss): 60 -> "1:00", 9.2 -> "0:10", 0 -> "0:00"."""
    whole = whole_seconds(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def _close_all(widget) -> None:
    """Close ``widget`` and every widget in it."""
    for child in getattr(widget, "children", ()):
        _close_all(child)
    widget.close()


def _check_seconds(seconds) -> int:
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not 1 <= seconds <= MAX_SECONDS:
        raise ValueError(f"seconds={seconds!r} is not allowed: expected a whole number from 1 to {MAX_SECONDS}")
    return seconds


class Countdown(widgets.HBox):
    """A countdown clock with Start / Pause / Resume and Reset buttons.

    Parameters: ``seconds`` (the time for a sketch, a whole number 1-3600;
    default 60).  ``state`` is "ready", "running", "paused" or "up";
    ``remaining`` the seconds left.  ``on_time_up(callback)`` callbacks are
    called once each time the clock reaches 0:00.
    """

    def __init__(self, seconds: int = DEFAULT_SECONDS, **kwargs):
        self._seconds = _check_seconds(seconds)
        self._clock = time.monotonic
        self._state = READY
        self._used = 0.0              # seconds run before the latest start or resume
        self._since = None            # the clock's reading at the latest start or resume
        self._time_up = widgets.CallbackDispatcher()
        self._lock = threading.RLock()
        self._last_beat = None        # the clock's reading at the latest heartbeat (or start)
        self._watchdog = None

        self.label = widgets.HTML()
        self.label.add_class("wld-timer-label")
        self.bar = widgets.FloatProgress(value=self._seconds, min=0, max=self._seconds,
                                         layout=widgets.Layout(width="220px", height="28px", margin="4px 8px"))
        self.bar.add_class("wld-timer-bar")
        big = dict(font_size=scaled("20px"), font_weight="bold")
        tall = dict(height="48px", width="auto", margin="auto 4px")
        self.start_button = widgets.Button(description="Start", icon="play", style=big,
                                           layout=widgets.Layout(**tall), tooltip="Start the clock")
        self.start_button.add_class("wld-timer-start")
        self.pause_button = widgets.Button(description="Pause", icon="pause", style=big,
                                           layout=widgets.Layout(**tall), tooltip="Stop the clock for a moment")
        self.pause_button.add_class("wld-timer-pause")
        self.reset_button = widgets.Button(description="Reset", icon="refresh", style=big,
                                           layout=widgets.Layout(**tall), tooltip="Put the clock back to full time")
        self.reset_button.add_class("wld-timer-reset")
        # The heartbeat: the browser flips it between 0 and 1 while the clock runs (see the module's docstring).
        self._heartbeat = widgets.Play(value=0, min=0, max=1, step=1, interval=TICK_MS, repeat=True,
                                       playing=False, show_repeat=False, layout=widgets.Layout(display="none"))
        self._heartbeat.observe(self._on_beat, names="value")
        self.start_button.on_click(lambda _: self._on_start_button())
        self.pause_button.on_click(lambda _: self.pause())
        self.reset_button.on_click(lambda _: self.reset())
        # beside the clock (under it where the row is narrow) the buttons, over the bar
        buttons = widgets.HBox([self.start_button, self.pause_button, self.reset_button],
                               layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([self.label, widgets.VBox([buttons, self.bar]), self._heartbeat],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center"), **kwargs)
        self.add_class("wld-timer")
        self._show()

    def close(self):
        """Stop the heartbeat and the watchdog, and close the clock's widgets."""
        self._state = READY               # (also after a failed __init__: only what was built)
        watchdog = getattr(self, "_watchdog", None)
        if watchdog is not None:
            watchdog.cancel()
        for child in self.children:
            _close_all(child)
        super().close()

    # --- reading ---------------------------------------------------------------------------
    @property
    def seconds(self) -> int:
        """The full time of the clock, in seconds."""
        return self._seconds

    @property
    def state(self) -> str:
        """"ready" (full time, not started), "running", "paused" or "up" (it reached 0:00)."""
        return self._state

    @property
    def running(self) -> bool:
        return self._state == RUNNING

    @property
    def remaining(self) -> float:
        """Seconds left on the clock (0 when the time is up)."""
        used = self._used + (self._clock() - self._since if self._state == RUNNING else 0.0)
        return max(0.0, self._seconds - used)

    # --- controlling -----------------------------------------------------------------------
    def on_time_up(self, callback, remove: bool = False):
        """Call ``callback()`` when the clock reaches 0:00 (once per countdown)."""
        self._time_up.register_callback(callback, remove=remove)

    def start(self) -> None:
        """Start the clock from full time; resumes a paused clock; nothing if it runs already.

        After the time is up, ``reset()`` first (ValueError otherwise).
        """
        with self._lock:
            if self._state == UP:
                raise ValueError("the time is up: reset() the clock before starting it again")
            if self._state == PAUSED:
                return self.resume()
            if self._state == READY:
                self._run()

    def pause(self) -> None:
        """Stop the clock where it is (a teacher's pause); nothing unless it is running."""
        with self._lock:
            if self._state != RUNNING:
                return
            self._used += self._clock() - self._since
            self._since = None
            self._state = PAUSED
            self._heartbeat.playing = False
            self._show()

    def resume(self) -> None:
        """Run a paused clock on from where it stopped; nothing unless it is paused."""
        if self._state == PAUSED:
            self._run()

    def reset(self, seconds: int | None = None) -> None:
        """Stop the clock and put it back to full time (``seconds``, if given, becomes the full time)."""
        if seconds is not None:
            seconds = _check_seconds(seconds)
        with self._lock:
            self._heartbeat.playing = False
            if seconds is not None:
                self._seconds = seconds
            self._state, self._used, self._since = READY, 0.0, None
            self.bar.max = self._seconds
            self._show()

    def wake(self) -> None:
        """Restart the browser's heartbeat of a running clock (after a page refresh: a new view)."""
        with self._lock:
            if self._state == RUNNING:
                self._heartbeat.playing = False
                self._heartbeat.playing = True

    def check(self) -> None:
        """Look at the time now: update the display, and end the countdown if it reached 0:00."""
        with self._lock:
            if self._state != RUNNING:
                return
            ended = self.remaining <= 0
            if ended:
                self._used, self._since = float(self._seconds), None
                self._state = UP
                self._heartbeat.playing = False
            self._show()
        if ended:
            self._time_up()           # outside the lock: a callback may start or reset the clock

    # --- inside ---------------------------------------------------------------------------
    def _run(self):
        with self._lock:
            self._since = self._last_beat = self._clock()
            self._state = RUNNING
            self._heartbeat.playing = True
            self._show()
            if self._watchdog is None:
                self._watchdog = self._schedule(WATCHDOG_S, self._watch)

    def _schedule(self, delay: float, callback):
        """Call ``callback`` after ``delay`` seconds, in a thread (tests replace this)."""
        timer = threading.Timer(delay, callback)
        timer.daemon = True
        timer.start()
        return timer

    def _watch(self):
        """The watchdog: look at the clock; wake a heartbeat that stopped coming; again while it runs."""
        with self._lock:
            self._watchdog = None
            if self._state != RUNNING:
                return
            if self._clock() - self._last_beat > 2 * WATCHDOG_S:
                self.wake()
                self._last_beat = self._clock()
        self.check()
        with self._lock:
            if self._state == RUNNING and self._watchdog is None:
                self._watchdog = self._schedule(WATCHDOG_S, self._watch)

    def _on_start_button(self):
        if self._state in (READY, PAUSED):      # the button is greyed out otherwise
            self.start()

    def _on_beat(self, change):
        self._last_beat = self._clock()
        self.check()

    def _show(self):
        left = self.remaining
        state = self._state
        hurry = state in (RUNNING, PAUSED) and left <= WARNING_S
        if state == UP:
            style, words = UP_STYLE, "Time's up!"
        elif hurry:
            style, words = HURRY_STYLE, f"\u26a0 Hurry! {whole_seconds(left)} s left!"
        else:
            style, words = NORMAL_STYLE, ""
        words = {READY: "Ready", PAUSED: f"Paused \u00b7 {words}" if words else "Paused"}.get(state, words)
        self.label.value = (
            f"<div style='display:flex; align-items:center; gap:14px'>"
            f"<span role='timer' aria-label='time left' style='{CLOCK_STYLE}{style}'>{clock_text(left)}</span>"
            f"<span role='status' style='font-size:{scaled('30px' if hurry or state == UP else '22px')}; "
            "font-weight:bold'>"
            f"{html.escape(words)}</span></div>")
        for css_class, on in (("wld-timer-hurry", hurry), ("wld-timer-up", state == UP)):
            if on:
                self.add_class(css_class)
            else:
                self.remove_class(css_class)
        self.bar.value = round(left, 1)
        self.bar.bar_style = "danger" if hurry or state == UP else "info"
        self.start_button.description = "Resume" if state == PAUSED else "Start"
        self.start_button.icon = "play"
        self.start_button.disabled = state in (RUNNING, UP)
        self.pause_button.disabled = state != RUNNING

"""The countdown clock without a browser: a fake clock, and heartbeats as the browser's Play widget sends them."""
import html
import re

import pytest

from boardkit.games.win_lose_draw import view_timer as vt
from boardkit.games.win_lose_draw.view_timer import Countdown, clock_text


class Clock:
    def __init__(self):
        self.now = 500.0

    def __call__(self):
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def make(clock):
    timers = []

    def build(**kwargs):
        timer = Countdown(**kwargs)
        timer._clock = clock
        timer.watchdogs = []                     # the watchdog's calls, run by hand: no threads in these tests
        timer._schedule = lambda delay, callback: timer.watchdogs.append(callback)
        timers.append(timer)
        return timer
    yield build
    for timer in timers:
        timer.close()


def beat(timer, clock, seconds=0.0):
    """Let ``seconds`` pass, then one heartbeat from the browser (the Play widget flips its value)."""
    clock.now += seconds
    timer._heartbeat.value = 1 - timer._heartbeat.value


def shown(timer):
    """The clock's text as a reader sees it."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", timer.label.value)).split())


@pytest.mark.parametrize("seconds, text", [(60, "1:00"), (59.2, "1:00"), (59.0, "0:59"), (9.01, "0:10"),
                                           (0.4, "0:01"), (0, "0:00"), (-3, "0:00"), (754, "12:34")])
def test_the_clock_shows_whole_seconds_rounded_up(seconds, text):
    assert clock_text(seconds) == text


def test_it_starts_full_and_counts_down_with_the_heartbeat(make, clock):
    timer = make()
    assert timer.seconds == 60 and timer.state == "ready" and shown(timer) == "1:00 Ready"
    assert not timer._heartbeat.playing and timer.pause_button.disabled
    timer.start_button.click()
    assert timer.running and timer._heartbeat.playing          # the browser starts beating
    assert timer.start_button.disabled and not timer.pause_button.disabled
    beat(timer, clock, 12.3)
    assert timer.remaining == pytest.approx(47.7) and shown(timer) == "0:48"
    assert timer.bar.value == pytest.approx(47.7) and timer.bar.bar_style == "info"


def test_the_count_follows_the_clock_not_the_number_of_beats(make, clock):
    timer = make(seconds=30)
    timer.start()
    for _ in range(5):                       # beats can come early, late or twice
        beat(timer, clock, 0.0)
    beat(timer, clock, 7.0)
    assert timer.remaining == pytest.approx(23.0) and shown(timer) == "0:23"


def test_the_last_seconds_are_shown_by_size_and_words_not_only_colour(make, clock):
    timer = make(seconds=20)
    timer.start()
    beat(timer, clock, 9.5)
    assert "wld-timer-hurry" not in timer._dom_classes and "font-size:calc(56px * var(--boardkit-text-scale, 1))" in timer.label.value
    beat(timer, clock, 3.0)                  # 7.5 s left
    assert shown(timer) == "0:08 \u26a0 Hurry! 8 s left!"
    assert "wld-timer-hurry" in timer._dom_classes
    assert "font-size:calc(76px * var(--boardkit-text-scale, 1))" in timer.label.value and "font-weight:bold" in timer.label.value
    assert timer.bar.bar_style == "danger"


def test_time_up_is_called_exactly_once(make, clock):
    timer = make(seconds=5)
    calls = []
    timer.on_time_up(lambda: calls.append(clock.now))
    timer.start()
    beat(timer, clock, 4.9)
    assert calls == [] and timer.running
    beat(timer, clock, 0.3)
    assert calls == [clock.now] and timer.state == "up" and timer.remaining == 0
    assert not timer._heartbeat.playing and shown(timer) == "0:00 Time's up!"
    assert "wld-timer-up" in timer._dom_classes and timer.start_button.disabled
    beat(timer, clock, 1.0)                  # a late beat, still on its way
    timer.check()
    assert len(calls) == 1
    with pytest.raises(ValueError, match="reset"):
        timer.start()


def test_pause_stops_the_clock_and_resume_goes_on_from_there(make, clock):
    timer = make(seconds=60)
    up = []
    timer.on_time_up(lambda: up.append(1))
    timer.start()
    beat(timer, clock, 20.0)
    timer.pause_button.click()
    assert timer.state == "paused" and not timer._heartbeat.playing
    assert shown(timer) == "0:40 Paused" and timer.start_button.description == "Resume"
    beat(timer, clock, 500.0)                # a beat that was on its way: the clock stays put
    clock.now += 100
    assert timer.remaining == pytest.approx(40.0) and up == []
    timer.start_button.click()               # Resume
    assert timer.running and timer._heartbeat.playing
    beat(timer, clock, 15.0)
    assert shown(timer) == "0:25"
    timer.pause()
    timer.pause()                            # pausing a paused clock does nothing
    timer.start()                            # start on a paused clock resumes it
    beat(timer, clock, 25.0)
    assert up == [1]


def test_reset_puts_the_full_time_back_and_may_change_it(make, clock):
    timer = make(seconds=5)
    up = []
    timer.on_time_up(lambda: up.append(1))
    timer.start()
    beat(timer, clock, 6.0)
    timer.reset()
    assert timer.state == "ready" and timer.remaining == 5 and shown(timer) == "0:05 Ready"
    assert "wld-timer-up" not in timer._dom_classes and not timer.start_button.disabled
    timer.reset(seconds=10)                  # the other team's ten seconds to steal the point
    timer.start()
    beat(timer, clock, 10.0)
    assert up == [1, 1] and timer.seconds == 10 and timer.bar.max == 10
    timer.start_button.click()               # greyed out in the browser; a click here does nothing
    assert timer.state == "up"
    timer.reset()
    timer.start()
    timer.reset()                            # reset while running stops it
    assert not timer.running and not timer._heartbeat.playing and timer.remaining == 10


def test_start_resume_and_wake_do_nothing_when_they_do_not_apply(make, clock):
    timer = make(seconds=30)
    timer.resume()
    timer.wake()
    assert timer.state == "ready" and not timer._heartbeat.playing
    timer.start()
    beat(timer, clock, 3.0)
    timer.start()                            # already running: carries on
    timer.wake()                             # a new browser view: the heartbeat is switched on again
    assert timer.running and timer._heartbeat.playing and timer.remaining == pytest.approx(27.0)


@pytest.mark.parametrize("seconds", [0, -5, 3601, 2.5, "60", True, None])
def test_a_silly_time_raises_and_changes_nothing(make, clock, seconds):
    with pytest.raises(ValueError, match="seconds="):
        Countdown(seconds=seconds)
    timer = make(seconds=45)
    timer.start()
    beat(timer, clock, 5.0)
    if seconds is not None:                  # reset(None) keeps the full time
        with pytest.raises(ValueError, match="seconds="):
            timer.reset(seconds=seconds)
    assert timer.seconds == 45 and timer.running and timer.remaining == pytest.approx(40.0)


def test_stable_css_classes(make):
    timer = make()
    assert "wld-timer" in timer._dom_classes and "wld-timer-label" in timer.label._dom_classes
    assert "wld-timer-pause" in timer.pause_button._dom_classes
    assert "wld-timer-start" in timer.start_button._dom_classes
    assert timer._heartbeat.layout.display == "none" and timer._heartbeat in timer.children
    assert timer._heartbeat.interval == vt.TICK_MS and timer._heartbeat.repeat


def test_the_watchdog_wakes_a_heartbeat_that_never_started_and_keeps_the_count(make, clock):
    """A clock started before any browser showed it: Play never beats, the watchdog carries on."""
    timer = make(seconds=5)
    ended = []
    timer.on_time_up(lambda: ended.append(clock.now))
    timer.start()
    assert len(timer.watchdogs) == 1                      # looking again in WATCHDOG_S
    clock.now += 3                                        # three seconds, not one beat
    timer._heartbeat.playing = False                      # as if the browser had never started it
    timer.watchdogs.pop()()
    assert timer._heartbeat.playing                       # woken: switched off and on again
    assert shown(timer).startswith("0:02") and len(timer.watchdogs) == 1
    clock.now += 3
    timer.watchdogs.pop()()
    assert timer.state == "up" and ended == [clock.now]   # time's up even without a single beat
    assert timer.watchdogs == []                          # a clock that is not running is not watched


def test_the_watchdog_leaves_a_beating_clock_alone(make, clock):
    timer = make(seconds=60)
    timer.start()
    beat(timer, clock, 0.5)
    beat(timer, clock, 0.5)
    timer._heartbeat.playing = True
    changes = []
    timer._heartbeat.observe(lambda change: changes.append(change["new"]), names="playing")
    timer.watchdogs.pop()()
    assert changes == [] and timer.running               # beats are coming: no wake

"""A look at every lesson AFTER CLICKS, as a student and a teacher use it: screenshots and what can be measured.

tools/page_pass.py photographs the lessons as loaded.  This tool walks each lesson's core path the way a
student does, in Large type: it plays the student's own games (the lesson's study buttons), then, for each
prediction in turn, picks an answer, photographs the page before the lock (nothing may give the answer away),
locks it, presses Show the answer and photographs the answer; then it moves the tinker's first slider, types
a value the game refuses into it, and answers the quick checks.  On the teacher's page (``?teacher=<key>``)
it opens the Teacher notes and the Class tally.  After each step it photographs the part of the page the step
is about at 1920x1080 and at 1280x900::

    PYTHONPATH=$PWD nice python tools/click_pass.py /tmp/shots            # every lesson
    PYTHONPATH=$PWD nice python tools/click_pass.py /tmp/shots 01 04      # lessons 01 and 04 only

Every lesson page in one Voilà and one Chromium (tools/lesson_pages.py).
Screenshots: ``<folder>/<lesson>-<student|teacher>-<NN>-<step>-<1920|1280>.png``.  After each step it prints
what a machine can see (a teacher still looks at the pictures):

* ``wait``: a click whose page showed no change at all (no progress sign, no text) for over half a second
  (a change drawn on a canvas is not seen: an App's step counts from its status line, which follows the
  card's or pawn's slide, so its board has moved earlier);
* ``cut``: a control whose words do not fit it (lesson_helpers.cut_controls);
* ``small``: text under 18 px in Large type (14 px, the lessons' smallest, times Large type's 1.3 at least);
* ``error``: a console error, a Python traceback or an error output on the page.

The exit status is 1 if any step found one.  This tool is for looking at the pages, not a test.
"""
from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

from lesson_pages import for_each_lesson_page, large_type, open_lesson

from harness import console_errors  # (lesson_pages puts tests/browser on the path)
from lesson_helpers import cut_controls, small_text

VIEWPORTS = ((1920, 1080), (1280, 900))
LARGE_TYPE_SMALLEST_PX = 18
WAIT_MS = 500               # longer than this with nothing changing on the page: a wait without a sign
ANSWER_MS = 240_000         # the longest a study may take on a shared 2-core machine
QUIET_MS = 2_500            # a page that has not changed for this long has finished its answer

# Counts the page's changes (new or removed elements, changed text) from the moment it is armed: the time of the
# first one (a progress sign, a "Playing ..." line, the answer itself) and of the last.
WATCH_JS = """
() => {
    const root = document.querySelector('#rendered_cells') || document.body;
    if (!window.__bkObserver) {
        window.__bkObserver = new MutationObserver(() => {
            const now = performance.now();
            if (window.__bkFirst === null) window.__bkFirst = now;
            window.__bkLast = now;
        });
        window.__bkObserver.observe(root, {childList: true, subtree: true, characterData: true});
    }
    window.__bkArmed = performance.now();
    window.__bkFirst = null;
    window.__bkLast = window.__bkArmed;
}
"""


class Pass:
    """One page (a lesson, a student or a teacher) walked step by step, its findings kept."""

    def __init__(self, page, folder: Path, prefix: str):
        self.page, self.folder, self.prefix = page, folder, prefix
        self.step = 0
        self.findings: list[str] = []
        self.seen_small: set[str] = set()
        self.seen_cut: set[str] = set()
        self.seen_errors = 0
        self.busy = 0

    # --- clicks that wait for the page's answer, and say how long it showed nothing ------------------------
    def arm(self):
        self.page.evaluate(WATCH_JS)

    def settle(self, what: str, until=None, timeout: int = ANSWER_MS, pressed=None) -> None:
        """Wait until the page has answered the last click (``until``: a locator to appear, else no change for
        QUIET_MS); note a wait over WAIT_MS before its first change."""
        page = self.page
        started = time.monotonic()
        try:
            page.wait_for_timeout(1_000)        # still busy a second after the click: photograph its progress sign
            if not page.evaluate("() => performance.now() - window.__bkLast > 800"):
                self.busy += 1
                page.screenshot(path=str(self.folder / f"{self.prefix}-{self.step:02d}-busy{self.busy}.png"))
            if until is not None:
                until.first.wait_for(state="visible", timeout=timeout)
            # done: the page has not changed for QUIET_MS and the button pressed (a study's, disabled while it
            # plays) can be pressed again
            page.wait_for_function("([quiet, button]) => performance.now() - window.__bkLast > quiet"
                                   " && !(button && button.disabled)", arg=[QUIET_MS, pressed],
                                   timeout=timeout, polling=200)
        except Exception as error:              # noqa: BLE001 - a step that never ends is a finding, not a crash
            self.note(f"no answer to {what} in {timeout / 1000:.0f} s ({type(error).__name__})")
        first, last = page.evaluate("() => [window.__bkFirst === null ? null : window.__bkFirst - window.__bkArmed,"
                                    " window.__bkLast - window.__bkArmed]")
        if first is None or first > WAIT_MS:
            shown = "never" if first is None else f"{first / 1000:.1f} s"
            self.note(f"wait: {what} changed nothing on the page for {shown} (done after {last / 1000:.1f} s)")
        print(f"    {what}: first change {first and round(first)} ms, done {last / 1000:.1f} s "
              f"(waited {time.monotonic() - started:.1f} s)", flush=True)

    def click(self, locator, what: str, until=None, timeout: int = ANSWER_MS, study: bool = False) -> None:
        """Click ``locator`` and wait for the page's answer (``study``: and for the button to come back)."""
        locator.first.scroll_into_view_if_needed(timeout=60_000)
        self.arm()
        pressed = locator.first.element_handle() if study else None
        locator.first.click(timeout=60_000)
        self.settle(what, until, timeout, pressed)

    # --- photographs and the checks a machine can make ---------------------------------------------------
    def shoot(self, name: str, around=None) -> None:
        """Photograph the part of the page ``around`` shows (a locator; else where the page is), at each
        viewport, then check the page for cut controls, small text and errors."""
        self.step += 1
        page = self.page
        for width, height in VIEWPORTS:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(400)
            if around is not None:
                try:                            # (a button a click took away leaves the page where it is)
                    around.first.evaluate("e => e.scrollIntoView({block: 'start'})", timeout=5_000)
                except Exception:               # noqa: BLE001
                    around = None
                page.wait_for_timeout(300)
            page.screenshot(path=str(self.folder / f"{self.prefix}-{self.step:02d}-{name}-{width}.png"))
        self.check(name)

    def check(self, name: str) -> None:
        page = self.page
        for text, px, element in small_text(page, LARGE_TYPE_SMALLEST_PX):
            if text not in self.seen_small:
                self.seen_small.add(text)
                self.note(f"small: {text!r} {px} px ({element[:60]}) after {name}")
        for text, needed, given in cut_controls(page):
            if text not in self.seen_cut:
                self.seen_cut.add(text)
                self.note(f"cut: {text!r} needs {needed} px, has {given} after {name}")
        errors = console_errors(page)
        for error in errors[self.seen_errors:]:
            self.note(f"error: console {error[:200]} after {name}")
        self.seen_errors = len(errors)
        stderr = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        for shown in [*stderr.all(), *page.get_by_text(re.compile("Traceback|That makes no sense")).all()]:
            if shown.is_visible():
                self.note(f"error: on the page after {name}: {shown.inner_text()[:200]!r}")

    def note(self, finding: str) -> None:
        print(f"  ! {finding}", flush=True)
        self.findings.append(finding)


# --- the student's steps --------------------------------------------------------------------------------
def choose(walk: Pass, box) -> None:
    """Pick an answer in a prediction or quick check: the second choice of a list, or a slider moved right."""
    page = walk.page
    box.scroll_into_view_if_needed()
    radios = box.locator(".widget-radio-box label")
    if radios.count():
        radios.nth(min(1, radios.count() - 1)).click()
    elif box.locator(".noUi-handle").count():
        box.locator(".noUi-handle").first.focus()
        for _ in range(3):
            page.keyboard.press("ArrowRight")
    page.wait_for_timeout(1_500)        # the widget's last value reaches the kernel before the Lock


def predict(walk: Pass, n: int) -> None:
    """Prediction ``n``: an answer chosen (photographed: nothing may give it away), locked, shown."""
    page = walk.page
    box = page.locator(".boardkit-prediction").nth(n)
    choose(walk, box)
    walk.shoot(f"p{n + 1}-chosen", box)
    lock = box.locator("button.boardkit-lock")
    if lock.is_enabled():
        walk.click(lock, f"prediction {n + 1}'s Lock")
    reveal = box.locator("button.boardkit-reveal")
    try:
        reveal.wait_for(state="visible", timeout=60_000)
        page.wait_for_function("(b) => !b.disabled", arg=reveal.element_handle(), timeout=60_000)
    except Exception:                   # noqa: BLE001
        walk.note(f"prediction {n + 1}: Show the answer never became pressable after the Lock")
        return
    walk.click(reveal, f"prediction {n + 1}'s Show the answer")
    walk.shoot(f"p{n + 1}-answer", box)


def study(walk: Pass, name: str, selector: str | None = None) -> None:
    """Press a study button (by its label, or a CSS ``selector``) and photograph its answer."""
    page = walk.page
    button = page.locator(selector) if selector else page.get_by_role(
        "button", name=re.compile(r"^\W*" + re.escape(name) + r"$"))
    if not button.count() or not button.first.is_visible():
        walk.note(f"no visible button {name!r} to press")
        return
    walk.click(button, f"the button {name!r}", study=True)
    walk.shoot(re.sub(r"\W+", "_", name).strip("_").lower()[:30], button)


def tinker(walk: Pass) -> None:
    """Move the tinker's first slider one step right, then photograph its result."""
    page = walk.page
    controls = page.locator(".boardkit-rule-controls")
    if not controls.count():
        return
    handle = controls.first.locator(".noUi-handle").first
    if not handle.count():
        return
    handle.scroll_into_view_if_needed()
    walk.arm()
    handle.focus()
    page.keyboard.press("ArrowRight")
    walk.settle("the tinker's slider")
    walk.shoot("tinker", controls)


def refusal(walk: Pass) -> None:
    """Type a value the game refuses into the tinker's first slider (its smallest, else its largest, typed into
    the slider's number box as a student would), then photograph the refusal."""
    page = walk.page
    controls = page.locator(".boardkit-rule-controls")
    if not controls.count() or not controls.first.locator(".widget-readout").count():
        return
    readout = controls.first.locator(".widget-readout").first
    error = controls.first.locator(".boardkit-rule-error")
    for end in ("min", "max"):
        value = readout.evaluate(f"(e) => e.closest('.widget-slider').querySelector('.noUi-handle')"
                                 f".getAttribute('aria-value{end}')")
        readout.scroll_into_view_if_needed()
        walk.arm()
        readout.click()
        page.keyboard.press("Control+A")
        page.keyboard.type(str(int(float(value))) if value and float(value).is_integer() else str(value))
        page.keyboard.press("Enter")
        walk.settle(f"the tinker's first slider typed to its {end}imum ({value})")
        if error.inner_text().strip():
            walk.shoot("refusal", controls)
            return
    print("    (the tinker's first slider takes its whole range: no refusal to photograph)", flush=True)


def quick_checks(walk: Pass) -> None:
    page = walk.page
    checks = page.locator(".boardkit-quick-check")
    for n in range(checks.count()):
        box = checks.nth(n)
        if not box.is_visible() or box.locator("xpath=ancestor::*[contains(@class,'boardkit-going-further')]").count():
            continue
        choose(walk, box)
        walk.click(box.locator("button.boardkit-check"), f"quick check {n + 1}'s Check")
        walk.shoot(f"check{n + 1}", box)


# The student's own plays and studies of each lesson, around its predictions: {prediction: [steps before it]}
# ("end": after the last and the tinker's slider), each step a study button's label or (label, CSS selector).
OWN_STEPS = {
    "00": {"end": ["Play 1,000 of each"]},
    "01": {3: ["Open it 100 times", "Open it 100 times",      # the secret door's evidence, shown again
               ("the door's Show the answer", ".boardkit-prediction >> nth=2 >> button.boardkit-reveal")]},
    "02": {0: ["Turn it 10 times"]},
    "03": {2: ["Arrest!"]},
    "04": {0: [("a card played", "button.cc-choice")], "end": ["Play 400 games of each"]},
    "05": {},
    "06": {0: ["Play these rules", "Draw the map", "Search", "Play it"],      # before part 2's guess: they wait
           "end": ["Play these rules", "Draw the map"]},                          # after it: they answer
}


def student_walk(walk: Pass, lesson: str) -> None:
    page = walk.page
    steps = OWN_STEPS.get(lesson, {})

    def own_steps(n):
        for step in steps.get(n, []):
            label, selector = step if isinstance(step, tuple) else (step, None)
            study(walk, label, selector)

    for n in range(page.locator(".boardkit-prediction").count()):
        own_steps(n)
        predict(walk, n)
    tinker(walk)
    refusal(walk)
    own_steps("end")          # (lesson 04's button shows once the tinker has changed a rule)
    quick_checks(walk)


def teacher_walk(walk: Pass, lesson: str) -> None:
    page = walk.page
    notes = page.get_by_role("button", name=re.compile(r"Teacher notes"))
    # A lesson with nothing secret to set shows no Teacher notes until a class runs
    # (lessons/together.py), so their absence is told, not counted as a finding.
    try:
        notes.first.wait_for(state="visible", timeout=10_000)
    except Exception:                   # noqa: BLE001
        print("    (no Teacher notes: nothing secret on this page before a class runs)", flush=True)
    else:
        walk.shoot("notes-closed", notes)
        walk.click(notes, "Teacher notes")
        walk.shoot("notes-open", notes)
    tally = page.get_by_role("button", name=re.compile(r"Class tally"))
    if tally.count() and tally.first.is_visible():
        walk.click(tally, "Class tally")
        walk.shoot("class-tally", tally)
        boxes = page.locator(".boardkit-prediction")
        for n in range(boxes.count()):
            walk.shoot(f"tally-p{n + 1}", boxes.nth(n))
        if boxes.count():
            box = boxes.first
            numbers = box.locator("input[type=number]")        # hands up for each choice
            for i in range(numbers.count()):
                numbers.nth(i).fill(str(3 + 2 * i))
            guesses = box.locator("input[type=text]")            # a number question: the guesses called out,
            if guesses.count():                                   # the box's own example
                guesses.first.fill(guesses.first.get_attribute("placeholder").removeprefix("for example "))
            typed = numbers if numbers.count() else guesses
            if typed.count():
                typed.last.press("Tab")
                page.wait_for_timeout(1_000)
            if box.locator("button.boardkit-lock").is_enabled():
                walk.click(box.locator("button.boardkit-lock"), "the class tally's Lock")
                reveal = box.locator("button.boardkit-reveal")
                if reveal.is_enabled():
                    walk.click(reveal, "the class tally's Show the answer")
                walk.shoot("tally-p1-answer", box)


def look_at(browser, url: str, lesson: str, role: str, prefix: str) -> int:
    context, page = open_lesson(browser, url)
    large_type(page)
    folder, name = Path(prefix).parent, Path(prefix).name
    walk = Pass(page, folder, name)
    try:
        (teacher_walk if role == "teacher" else student_walk)(walk, lesson)
    except Exception as error:          # noqa: BLE001 - photograph where the walk stopped, and go on
        walk.note(f"the walk stopped: {type(error).__name__}: {str(error).splitlines()[0][:200]}")
        walk.shoot("stopped")
    context.close()
    return len(walk.findings)


if __name__ == "__main__":
    roles = [role for role in ("student", "teacher") if os.environ.get("CLICK_PASS_ROLE", role) == role]
    sys.exit(for_each_lesson_page(sys.argv[1:], look_at, roles))

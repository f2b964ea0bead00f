"""Page helpers for the browser tests of the game apps (``md.App``, ``mt.App``).

Every game's app is a ``boardkit.render.app.GameApp``, so every app page has
the same status line (``.boardkit-status``: "Turn N · ... · seed S replays this game",
with the decisions made so far counted out of sight in its ``data-decisions``),
the same Roll/Step and Autoplay buttons (``.<prefix>-roll``,
``.<prefix>-autoplay``) and a canvas that maps clicks back to its own pixels::

    from app_helpers import counters, open_app, status, wait_for_decision

(pytest puts this folder on ``sys.path``, as for ``harness``.)
"""

import re
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError, expect

from harness import COUNT_DRAWING_JS, canvas_digest, click_button, wait_for_canvas

LOAD_TIMEOUT_MS = 120_000      # a slow CI machine starting a kernel; measured ~3-6 s here
STEP_TIMEOUT_MS = 15_000       # one decision: a round trip to the kernel
TURN = re.compile(r"Turn (\d+)\b.*\u00b7\s+seed \d+ replays this game")


def open_app(page, url, record_property):
    """Load the app; return the seconds from the page request to a drawn board."""
    start = time.monotonic()
    page.goto(url, timeout=LOAD_TIMEOUT_MS)
    wait_for_canvas(page, timeout=LOAD_TIMEOUT_MS, min_drawn=50_000)
    seconds = time.monotonic() - start
    record_property("seconds_to_drawn_canvas", round(seconds, 2))
    print(f"\n{url}: page request -> drawn canvas {seconds:.2f} s")
    return seconds


def status(page):
    """The app's status line."""
    return page.locator(".boardkit-status")


def counters(page):
    """(turn, decisions made) from the status line: the turn as shown, the decisions from
    its ``data-decisions`` (read together, so both belong to the same status)."""
    text, decisions = status(page).evaluate(
        "el => [el.innerText, el.querySelector('[data-decisions]')?.dataset.decisions ?? null]")
    found = TURN.search(text)
    assert found and decisions is not None, f"no turn or decision count in the status line: {text!r}"
    return int(found[1]), int(decisions)


#: a checksum of the board's pixels (the first canvas of the page), read in the page
DIGEST_JS = """() => {
    const c = document.querySelector('canvas');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let h = 0;
    for (let i = 0; i < d.length; i += 16) h = (Math.imul(h, 31) + d[i] + 3 * d[i + 1] + 7 * d[i + 2]) | 0;
    return h;
}"""


#: one look of ``pictures_until_decision``, in the page: the board's digest (DIGEST_JS, kept in the page) when
#: something may have been drawn since the last look, noted when it differs from the last one noted; true once the
#: status line counts n decisions
SAMPLE_PICTURE_JS = """n => {
    const look = window.boardkitPictures;
    const canvas = document.querySelector('canvas');
    const key = `${window.boardkitDrawingCalls.count} ${canvas.width}x${canvas.height}`;
    if (key !== look.key) {
        look.key = key;
        const now = look.digest();
        if (!look.seen.length || look.seen[look.seen.length - 1] !== now) look.seen.push(now);
    }
    return document.querySelectorAll(`.boardkit-status [data-decisions='${n}']`).length > 0;
}"""


def pictures_until_decision(page, n):
    """Sample the canvas until the status line counts ``n`` decisions: the distinct pictures seen.
    The status line tells of a decision once the board has shown it, so its animation plays while
    this waits.  The page itself looks every 20 ms, and reads the board's pixels again only when a
    drawing call may have changed them (reading them is most of a look's work)."""
    page.evaluate(COUNT_DRAWING_JS)
    page.evaluate(f"() => {{ window.boardkitPictures = {{key: null, seen: [], digest: {DIGEST_JS}}}; }}")
    try:
        page.wait_for_function(SAMPLE_PICTURE_JS, arg=n, timeout=STEP_TIMEOUT_MS, polling=20)
    except PlaywrightTimeoutError:
        wait_for_decision(page, n)
    return page.evaluate("() => window.boardkitPictures.seen")


#: true once exactly one status line counts ``n`` decisions
DECISIONS_JS = "n => document.querySelectorAll(`.boardkit-status [data-decisions='${n}']`).length === 1"


def wait_for_decision(page, n):
    """Wait until the status line counts ``n`` decisions made (the kernel answered).

    The page looks every 50 ms: Playwright's own waits (``expect``) look every 500 ms once a wait has lasted
    a quarter of a second, which added up to a quarter of a second of nothing to each step of a game."""
    try:
        page.wait_for_function(DECISIONS_JS, arg=n, timeout=STEP_TIMEOUT_MS, polling=50)
    except PlaywrightTimeoutError:
        raise AssertionError(f"the status line did not count {n} decisions in {STEP_TIMEOUT_MS} ms: "
                             f"{status(page).inner_text()!r}") from None


def step(page, roll, decision):
    """Press Step (``roll``, the Roll/Step button) and wait for the kernel; return (turn, decision)."""
    roll.click(timeout=STEP_TIMEOUT_MS)
    decision += 1
    wait_for_decision(page, decision)
    turn, _ = counters(page)
    return turn, decision


def play_20_turns(page, roll, max_decisions):
    """Press Step (``roll``) until 20 more turns are played or the game is over.

    Returns (turn, decisions made, seconds per decision, the distinct status
    texts seen, the distinct canvas digests seen), the start included.
    """
    texts, digests = {status(page).inner_text()}, {canvas_digest(page)}
    turn0, decision = counters(page)
    turn, started = turn0, time.monotonic()
    while turn < turn0 + 20 and "Press New game" not in status(page).inner_text():
        assert decision < max_decisions, "20 turns should take far fewer decisions"
        turn, decision = step(page, roll, decision)
        texts.add(status(page).inner_text())
        digests.add(canvas_digest(page))
    per_decision = (time.monotonic() - started) / decision
    print(f"{decision} decisions, {turn} turns, {per_decision:.3f} s each")
    return turn, decision, per_decision, texts, digests


def assert_no_app_error(page):
    assert "Something went wrong" not in status(page).inner_text()


def assert_autoplay_starts_and_stops(page, autoplay, decision):
    """Autoplay (the toggle ``autoplay``) plays on from ``decision`` until switched off, then stops."""
    autoplay.click()
    wait_for_decision(page, decision + 3)
    autoplay.click()
    expect(autoplay).not_to_have_class(re.compile(r"\bmod-active\b"))
    page.wait_for_timeout(1500)                     # stopped: no decision comes any more
    stopped_at = counters(page)[1]
    page.wait_for_timeout(1500)
    assert counters(page)[1] == stopped_at


def canvas_click(page, x, y, size):
    """Click the canvas at logical canvas pixel (x, y), scaled to its displayed size.

    ``size`` is the canvas's own (width, height) in pixels (``view_draw.WIDTH,
    HEIGHT``); the page shows it at its column's width, and ipycanvas maps the
    browser's click back to canvas pixels the same way.  The canvas is first
    scrolled fully into view: ipycanvas (0.14) focuses the canvas on mouse down
    *before* it reads the click's position, and focusing a partly scrolled-off
    canvas scrolls the page, so the click would land where the page has moved
    to, not where it was aimed.
    """
    canvas = page.locator("canvas")
    width, height, shown_w, shown_h = canvas.evaluate("""c => {
        c.scrollIntoView({block: "center"});
        const box = c.getBoundingClientRect();
        if (box.top < 0 || box.bottom > window.innerHeight) throw new Error("canvas taller than the window");
        return [c.width, c.height, box.width, box.height];
    }""")
    assert (width, height) == tuple(size)
    canvas.click(position={"x": x * shown_w / width, "y": y * shown_h / height})


def centre(rect):
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def wait_for_images(page, n, timeout=STEP_TIMEOUT_MS):
    """Wait until the page shows at least ``n`` images (charts render a moment after their text)."""
    page.wait_for_function("n => document.querySelectorAll('img').length >= n", arg=n, timeout=timeout)


def section(page, control):
    """The innermost VBox of a lesson that holds ``control`` (a locator): the control, its neighbours, its Output.

    VBoxes nest; the innermost one that holds the control comes last in the page.
    """
    return page.locator(".widget-vbox", has=control).last


def press_compare(page, texts, images: int, timeout: int):
    """Click a lesson's Compare button: its table must say each of ``texts`` and one more chart appear.

    ``images`` is the number of charts on the page before; returns the Compare section.
    """
    click_button(page, "Compare")
    compare = section(page, page.get_by_role("button", name=re.compile(r"^\W*Compare$")))
    table = compare.locator("table")
    table.wait_for(timeout=timeout)
    for text in texts:
        expect(table).to_contain_text(text)
    wait_for_images(page, images + 1)
    return compare

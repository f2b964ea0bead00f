"""Win, Lose or Draw's sketch pad and timer, alone, served by Voilà and used in headless Chromium.

The mouse draws a stroke across the pad in 20 moves; the canvas pixels prove
the ink appeared where the pointer went and that Undo takes it away.  Each
move is timed from the browser's ``mousemove`` event to the pixel under the
pointer turning to ink (the round trip through the kernel): the figures are
recorded (``record_property``) and printed, not asserted beyond a generous
sanity bound.  The 5-second clock counts down, pauses and says "Time's up!".
"""
import re
import time

import pytest
from playwright.sync_api import expect

from a11y import assert_accessible
from harness import canvas_pixel_stats, console_errors, wait_for_canvas
from pad_helpers import draw_timed_stroke, is_inked, report_round_trip, stroke_points, wait_for_no_ink

pytestmark = pytest.mark.browser

NOTEBOOK = "tests/browser/fixtures/wld_pad.ipynb"
CANVAS = "canvas.wld-pad-canvas"
LOAD_TIMEOUT_MS = 120_000
PAD = (960, 600)                # the pad's own size in pixels (sketch.PAD_WIDTH, PAD_HEIGHT)
N_MOVES = 20
SANITY_MS = 2000                # not a speed test: only "the ink came at all, in reasonable time"

def place(page):
    """Scroll the pad into view; return a function from pad pixels to page coordinates.

    Waits until the pad stays put: while the page settles (fonts, widgets
    still being laid out) it may move, and a stroke aimed at it would miss.
    """
    where = """c => {
        c.scrollIntoView({block: "center"});
        const r = c.getBoundingClientRect();
        if (r.top < 0 || r.bottom > window.innerHeight) throw new Error("the pad is taller than the window");
        return {left: r.left, top: r.top, width: r.width, height: r.height, w: c.width, h: c.height};
    }"""
    box, before = page.locator(CANVAS).evaluate(where), None
    for _ in range(50):
        if box == before:
            break
        page.wait_for_timeout(200)
        box, before = page.locator(CANVAS).evaluate(where), box
    assert box == before, "the pad kept moving"
    assert (box["w"], box["h"]) == PAD
    return lambda x, y: (box["left"] + x * box["width"] / box["w"], box["top"] + y * box["height"] / box["h"])


def test_a_mouse_stroke_appears_fast_undo_removes_it_and_the_clock_runs_out(
        voila_server, browser_page, record_property):
    page = browser_page
    started = time.monotonic()
    page.goto(voila_server(NOTEBOOK), timeout=LOAD_TIMEOUT_MS)
    # The paper is drawn (by the kernel, on client ready) over the whole pad.
    wait_for_canvas(page, timeout=LOAD_TIMEOUT_MS, selector=CANVAS, min_drawn=PAD[0] * PAD[1])
    record_property("seconds_to_drawn_pad", round(time.monotonic() - started, 2))
    assert_accessible(page)                  # axe-core: WCAG 2.1 A and AA, at load
    blank = canvas_pixel_stats(page, CANVAS)
    assert blank["canvases"] == 1 and blank["non_background"] == 0      # white paper, nothing on it
    expect(page.locator(".wld-timer-label")).to_contain_text("0:05")

    # --- draw with the mouse, timing each move to ink under the pointer -------------------------
    to_page = place(page)
    points = stroke_points(N_MOVES, x_from=150, x_to=810, y=300, bend=80)
    in_page_ms, test_side_ms = draw_timed_stroke(page, CANVAS, to_page, points)
    report_round_trip(record_property, "", in_page_ms, test_side_ms)
    assert max(in_page_ms) < SANITY_MS

    # The ink lies along the stroke and nowhere else.
    assert all(is_inked(page, CANVAS, x, y) for x, y in points)
    assert not any(is_inked(page, CANVAS, x, y + 120) for x, y in points)
    drawn = canvas_pixel_stats(page, CANVAS)
    assert 0.002 * drawn["pixels"] < drawn["non_background"] < 0.05 * drawn["pixels"]

    # --- Undo takes the stroke away ---------------------------------------------------------------
    page.locator(".wld-pad-undo").click()
    wait_for_no_ink(page, CANVAS, points, timeout=10_000)
    assert canvas_pixel_stats(page, CANVAS)["non_background"] == 0
    expect(page.locator(".wld-pad-notice")).to_have_text("")

    # --- the clock: start, pause, resume, time's up ---------------------------------------------
    label = page.locator(".wld-timer-label")
    page.locator(".wld-timer-start").click()
    expect(label).to_contain_text("0:03", timeout=10_000)
    page.locator(".wld-timer-pause").click()
    expect(label).to_contain_text("Paused")
    paused_at = label.inner_text()
    page.wait_for_timeout(1500)
    assert label.inner_text() == paused_at                              # paused: the clock stands still
    expect(page.locator(".wld-timer-start")).to_contain_text("Resume")
    page.locator(".wld-timer-start").click()
    expect(label).to_contain_text("Time's up!", timeout=10_000)
    expect(label).to_contain_text("0:00")
    expect(page.locator(".wld-timer")).to_have_class(re.compile(r"\bwld-timer-up\b"))

    assert console_errors(page) == []

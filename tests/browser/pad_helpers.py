"""Drawing on Win, Lose or Draw's sketch pad with the real mouse, and timing the ink.

A test draws a stroke with ``draw_timed_stroke``: before each mouse move a
probe in the page is armed; it starts a stopwatch when the pad hears the
``mousemove`` and stops it when the pixel under the pointer turns to ink (the
round trip through the kernel, which draws the ink).  ``report_round_trip``
records and prints the figures::

    from pad_helpers import draw_timed_stroke, is_inked, report_round_trip, stroke_points

``assert_pad_buttons_readable`` checks the contrast of the words on every
toolbar button, as the browser paints them (its colours and any see-through
``opacity``), against WCAG AA's 4.5:1 (``a11y.control_contrasts``).

"Ink" is a pixel, among the 3 x 3 around a point, whose every channel is below
``darker_than``: 200 (the default) is anything darker than the white paper,
100 is dark ink only.  The pens are black on white, so the two agree on the
stroke's middle and differ only on its soft edge.
"""
import math
import statistics
import time

from a11y import AA_CONTRAST, control_contrasts

PAPER_GREY = 200                # a channel below this is darker than the paper

#: True if the canvas ``selector`` holds ink around (x, y) (canvas pixels).
INK_JS = """
([selector, x, y, darkerThan]) => {
    const data = document.querySelector(selector).getContext('2d')
        .getImageData(Math.round(x) - 1, Math.round(y) - 1, 3, 3).data;
    for (let i = 0; i < data.length; i += 4) {
        if (data[i] < darkerThan && data[i + 1] < darkerThan && data[i + 2] < darkerThan) return true;
    }
    return false;
}
"""

#: Arm the stopwatch: it starts at the next mousemove the canvas hears and stops when (x, y) is inked.
#: Its reading (ms, or null after 5 s) is the promise window.__wldRoundTrip.  Returns whether (x, y)
#: was inked already.
ARM_PROBE_JS = f"""
([selector, x, y, darkerThan]) => {{
    const inked = {INK_JS};
    const canvas = document.querySelector(selector);
    const armed = performance.now();
    let moved = null;
    canvas.addEventListener('mousemove', () => {{ moved = performance.now(); }}, {{once: true, capture: true}});
    window.__wldRoundTrip = new Promise(resolve => {{
        const look = () => {{
            if (moved !== null && inked([selector, x, y, darkerThan])) return resolve(performance.now() - moved);
            if (performance.now() - armed > 5000) return resolve(null);
            setTimeout(look, 1);
        }};
        look();
    }});
    return inked([selector, x, y, darkerThan]);
}}
"""


def stroke_points(n_moves, x_from, x_to, y, bend):
    """A stroke of ``n_moves`` moves left to right, ``x_from`` to ``x_to`` along ``y`` (pad pixels),
    bowing ``bend`` pixels at its middle: down the pad, or up it if ``bend`` is negative."""
    return [(x_from + (x_to - x_from) * i / n_moves, y + bend * math.sin(math.pi * i / n_moves))
            for i in range(n_moves + 1)]


def is_inked(page, selector, x, y, darker_than=PAPER_GREY):
    """Whether the canvas ``selector`` holds ink around (x, y) (canvas pixels)."""
    return page.evaluate(INK_JS, [selector, x, y, darker_than])


def wait_for_no_ink(page, selector, points, timeout, darker_than=PAPER_GREY):
    """Wait until none of ``points`` (canvas pixels) of the canvas ``selector`` holds ink."""
    page.wait_for_function(
        f"([selector, points, darkerThan]) => !points.some(([x, y]) => ({INK_JS})([selector, x, y, darkerThan]))",
        arg=[selector, [list(p) for p in points], darker_than], timeout=timeout)


def draw_timed_stroke(page, selector, to_page, points, darker_than=PAPER_GREY):
    """Press the mouse at ``points[0]``, move it through the rest, release it.

    ``to_page`` maps canvas pixels to page coordinates.  Each move is timed
    until ink shows under the pointer, twice: in the page (``mousemove`` to
    ink) and from this test (``page.mouse.move`` sent to ink seen).  Returns
    ``(in_page_ms, test_side_ms)``, one figure per move of each.
    """
    page.mouse.move(*to_page(*points[0]))
    page.mouse.down()
    in_page_ms, test_side_ms = [], []
    for x, y in points[1:]:
        assert page.evaluate(ARM_PROBE_JS, [selector, x, y, darker_than]) is False   # no ink there yet
        sent = time.perf_counter()
        page.mouse.move(*to_page(x, y))
        ms = page.evaluate("() => window.__wldRoundTrip")
        test_side_ms.append((time.perf_counter() - sent) * 1000)
        assert ms is not None, f"no ink appeared under the pointer at {(x, y)} within 5 s"
        in_page_ms.append(ms)
    page.mouse.up()
    return in_page_ms, test_side_ms


def report_round_trip(record_property, prefix, in_page_ms, test_side_ms):
    """Record ``<prefix>stroke_round_trip_ms_median`` / ``_max`` and ``..._test_side_ms_median``; print all."""
    median, worst = statistics.median(in_page_ms), max(in_page_ms)
    side_median, side_worst = statistics.median(test_side_ms), max(test_side_ms)
    record_property(f"{prefix}stroke_round_trip_ms_median", round(median, 1))
    record_property(f"{prefix}stroke_round_trip_ms_max", round(worst, 1))
    record_property(f"{prefix}stroke_round_trip_test_side_ms_median", round(side_median, 1))
    print(f"\n{prefix}stroke_round_trip, mousemove -> ink under the pointer, {len(in_page_ms)} moves: "
          f"median {median:.1f} ms, max {worst:.1f} ms (test side, page.mouse.move -> ink seen: "
          f"median {side_median:.1f} ms, max {side_worst:.1f} ms)")


def pad_button_contrasts(page):
    """Each toolbar button's words with the contrast of their colour on the button, as painted."""
    return [(c["words"], c["ratio"]) for c in control_contrasts(page, ".wld-pad button")]


def assert_pad_buttons_readable(page, press=False):
    """Every pad toolbar button's words reach 4.5:1 as they are now; with ``press``, also while
    the pointer is over each pen button and while it is held down on it (moved off before it lets go:
    no click)."""
    contrasts = pad_button_contrasts(page)
    assert len(contrasts) >= 9, contrasts              # 5 pens, 4 widths (Eraser, Undo, Clear besides)
    if press:
        for pen in page.locator(".wld-pad-colour").all():
            pen.hover()
            contrasts += [(f"{words} (pointer over)", ratio) for words, ratio in pad_button_contrasts(page)]
            page.mouse.down()
            contrasts += [(f"{words} (held down)", ratio) for words, ratio in pad_button_contrasts(page)]
            page.mouse.move(0, 0)
            page.mouse.up()
    faint = [(words, round(ratio, 2)) for words, ratio in contrasts if ratio < AA_CONTRAST]
    assert not faint, f"button words below {AA_CONTRAST}:1 contrast: {faint}"

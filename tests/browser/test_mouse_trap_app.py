"""The Mouse Trap app (``mt.App``) served by Voilà and played in headless Chromium.
(The lesson notebook has its own file: ``test_mouse_trap_lesson.py``.)

Two fixture notebooks: four Trapper bots from the start (seed 4), and an
endgame: seat 1 human and three Trapper bots on a game played (by bots, seed 4)
until the trap was complete and 36 decisions more (seat 1 cranks, and two
cranks are seen, within 23 decisions), saved with ``to_dict`` and restored with
``from_dict``.  The tests read the canvas pixels (so a blank canvas fails, and
the colours of the spaces and of the trap's stages are checked where
``view_draw`` puts them; at the start the word START is checked readable
above the four mice, each mouse whole in its colour and shape), the status line (``.boardkit-status``: "Turn N ·
... · seed S replays this game", and the decisions it counts out of sight) and the buttons, and never assume a particular sequence
of rolls: they react to whatever decision the game asks for.
"""

import math
import re
import time

import numpy as np
import pytest
from matplotlib.path import Path
from playwright.sync_api import expect

from boardkit.games import mouse_trap as mt
from boardkit.games.mouse_trap import view_draw as vd
from boardkit import render as r
from boardkit.render import palette as pal
from app_helpers import (STEP_TIMEOUT_MS, assert_autoplay_starts_and_stops, assert_no_app_error,
                         canvas_click, centre, counters, open_app, pictures_until_decision, play_20_turns,
                         status, wait_for_decision)
from a11y import assert_accessible
from harness import canvas_pixel_stats, console_errors

pytestmark = pytest.mark.browser

BOTS_APP = "tests/browser/fixtures/mouse_trap_app.ipynb"
ENDGAME_APP = "tests/browser/fixtures/mouse_trap_endgame.ipynb"
RULES = mt.Rules()
LAYOUT = vd.Layout.for_rules(RULES)
CANVAS = (vd.WIDTH, vd.HEIGHT)       # the canvas's own size in pixels

_PIXEL_JS = """([x, y]) => {
    const c = document.querySelector('canvas');
    return Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data);
}"""
_REGION_JS = """([x, y, w, h]) => {
    const c = document.querySelector('canvas');
    return Array.from(c.getContext('2d').getImageData(x, y, w, h).data);
}"""


# --- helpers --------------------------------------------------------------------------

def pixel(page, x, y):
    """(r, g, b) of the composited canvas at logical canvas pixel (x, y)."""
    return tuple(page.evaluate(_PIXEL_JS, [int(x), int(y)])[:3])


def region(page, x, y, w, h):
    """The composited canvas's pixels in the rectangle (x, y, w, h), as an (h, w, 3) array of ints."""
    x, y, w, h = int(x), int(y), int(w), int(h)
    return np.array(page.evaluate(_REGION_JS, [x, y, w, h]), dtype=int).reshape(h, w, 4)[:, :, :3]


def rgb(colour):
    return pal.hex_to_rgb(colour)


def near(a, b, tol=6):
    return all(abs(p - q) <= tol for p, q in zip(a, b))


def space_fill_point(position):
    """A point of a space's fill where no label and no mouse is: near its left edge, halfway down;
    on START, where the mice begin, halfway across (between the two columns of four mice)."""
    x, y, w, h = LAYOUT.space_rect(position)
    return (x + w / 2 if position == 0 else x + 12), y + h * 0.55


def shape_outline(shape, x, y, size):
    """The outline of a pawn shape as view_draw draws it, as corners (a circle as 64 of them)."""
    if shape == "circle":
        angles = np.linspace(0, 2 * math.pi, 64, endpoint=False)
        return np.c_[x + size / 2 * np.cos(angles), y + size / 2 * np.sin(angles)]
    return r.shape_points(shape, x, y, size)


def shape_probes(shape, x, y, size):
    """Points round a pawn's centre, clear of its label: (inside the shape, outside it).

    Each is at least 2.5 px (inside) or 1.5 px (outside) from the outline, so
    the outline's stroke and its anti-aliasing never decide.
    """
    corners = shape_outline(shape, x, y, size)
    edges = np.roll(corners, -1, axis=0) - corners
    outline = Path(corners)
    inside, outside = [], []
    for k in range(16):
        angle = k * math.pi / 8
        for d in np.arange(0.3, 0.75, 0.05) * size:
            p = np.array([x + d * math.cos(angle), y + d * math.sin(angle)])
            t = np.clip(((p - corners) * edges).sum(1) / (edges * edges).sum(1), 0, 1)
            gap = np.linalg.norm(corners + t[:, None] * edges - p, axis=1).min()
            if outline.contains_point(p) and gap >= 2.5:
                inside.append(p)
            elif not outline.contains_point(p) and gap >= 1.5:
                outside.append(p)
    return inside, outside


def looks_like(pixels, origin, shape, slot, colour):
    """Whether ``pixels`` (a region read at ``origin``) show ``shape`` at ``slot`` (x, y, size) in ``colour``:
    the colour fills the shape's inside points and none of the points round it."""
    inside, outside = shape_probes(shape, *slot)

    def coloured(p):
        return near(pixels[int(p[1]) - origin[1], int(p[0]) - origin[0]], rgb(colour), tol=40)
    return all(coloured(p) for p in inside) and not any(coloured(p) for p in outside)


def assert_start_readable_above_four_mice(page):
    """At the start: the word START shows whole, no mouse on it, and below it four mice, each whole
    in its own colour and shape."""
    (word, x, y, px), = vd.label_lines(LAYOUT, 0, RULES.spaces[0])
    assert word == "START"
    box = (x - LAYOUT.space * 0.45, y - px / 2, LAYOUT.space * 0.9, px)
    band = region(page, *box)
    ink = (np.abs(band - rgb(r.text_colour_on(vd.SPACE_FILLS["start"]))).max(axis=2) <= 40)
    assert ink.mean() > 0.1, ink.mean()                                # the word's letters
    assert all(part.sum() >= 20 for part in np.array_split(ink, 5, axis=1))   # all five of them
    for seat in range(4):                                              # and no mouse over them
        mouse = (np.abs(band - rgb(vd.player_style(seat).colour)).max(axis=2) <= 40)
        assert not mouse.any(), f"mouse {seat + 1} covers the word START"
    x, y, w, h = LAYOUT.space_rect(0)
    pixels = region(page, x, y, w + 12, h + 12)                        # the points round a mouse too
    slots = vd.pawn_slots(LAYOUT, [0] * 4)
    for seat in range(4):
        colour, shape, _ = vd.player_style(seat)
        assert looks_like(pixels, (int(x), int(y)), shape, slots[seat], colour), (seat, shape)
        if shape != "circle":                                            # its shape, not a disc
            assert not looks_like(pixels, (int(x), int(y)), "circle", slots[seat], colour), (seat, shape)


def stage_fill_point(stage):
    x, y, w, h = LAYOUT.stage_rect(stage)
    return x + 5, y + h - 5


def cage_point():
    """A point of the cage's lid, where ``draw_marks`` drops the cage over the Cheese Wheel after a catch."""
    x, y, w, h = LAYOUT.cage_rect(RULES.wheel)
    return x + w / 2 + 3, y + 3


def assert_board_drawn(page, cage=False):
    """The board is drawn whole, its landmarks in their colours; ``cage``: the last decision was a
    catch, so the cage stands over the Cheese Wheel (until the next roll) instead of its fill showing."""
    stats = canvas_pixel_stats(page)
    assert stats["canvases"] == 1                           # a MultiCanvas shows as one <canvas>
    assert stats["drawn"] == stats["pixels"]                # the background covers it all
    assert stats["non_background"] > 0.3 * stats["pixels"]  # track, loop, trap, panels, mice
    assert stats["major_colours"] >= 8
    # The Loop's landmarks, in their own colours, where view_draw puts them.
    assert near(pixel(page, *space_fill_point(RULES.safe)), rgb(vd.SPACE_FILLS["safe"]))
    assert near(pixel(page, *space_fill_point(RULES.crank)), rgb(vd.SPACE_FILLS["crank"]))
    if cage:
        assert near(pixel(page, *cage_point()), rgb(vd.CAGE))
    else:
        assert near(pixel(page, *space_fill_point(RULES.wheel)), rgb(vd.SPACE_FILLS["wheel"]))
    assert near(pixel(page, *space_fill_point(0)), rgb(vd.SPACE_FILLS["start"]))
    return stats


def check_crank_result(page, text):
    """After a crank: the failed stage is drawn red, or every stage ticked and the cage on the wheel.
    (The status line tells of the crank once the browser has played its animation to the end.)"""
    failed = re.search(r"it stops at stage ([A-P])", text)
    if failed:
        stage = mt.STAGE_LETTERS.index(failed[1])
        assert near(pixel(page, *stage_fill_point(stage)), rgb(vd.FAILED_FILL))
        if stage:
            assert near(pixel(page, *stage_fill_point(stage - 1)), rgb(vd.WORKED_FILL))
        return "failed"
    assert "the whole chain works" in text
    assert all(near(pixel(page, *stage_fill_point(s)), rgb(vd.WORKED_FILL)) for s in range(16))
    assert near(pixel(page, *cage_point()), rgb(vd.CAGE))        # the cage has dropped on the wheel
    return "caught"


# --- four bots ------------------------------------------------------------------------

def test_bots_app_draws_and_plays_20_turns(voila_server, browser_page, record_property):
    page = browser_page
    open_app(page, voila_server(BOTS_APP), record_property)
    assert_accessible(page)                  # axe-core: WCAG 2.1 A and AA, at load
    first = assert_board_drawn(page)
    assert_start_readable_above_four_mice(page)
    # Nothing built yet: the trap's stages are drawn grey and dashed.
    assert near(pixel(page, *stage_fill_point(0)), rgb(vd.UNBUILT_FILL))
    roll = page.locator(".mt-roll")
    expect(roll).to_have_text("Step")
    assert counters(page) == (1, 0)
    assert "seed 4" in status(page).inner_text()

    turn, decision, per_decision, texts, digests = play_20_turns(page, roll, max_decisions=100)
    record_property("seconds_per_decision", round(per_decision, 3))
    assert turn >= 21
    assert len(texts) == decision + 1                   # every decision is news (told once the board showed it)
    assert len(digests) > 5                              # the picture followed the game
    last = assert_board_drawn(page)                      # redrawn, never wiped
    assert last["digest"] != first["digest"]
    parts = int(re.search(r"trap: (\d+) of 24 parts built", status(page).inner_text())[1])
    assert parts >= 3
    assert near(pixel(page, *stage_fill_point(0)), rgb(pal.WHITE))   # stage A is built
    # the parts strip shows as many built cells as the status line says (on a busy machine the last
    # redraw may arrive a little after the status line: wait for it, generously)
    cells = LAYOUT.part_rects(24)
    deadline = time.monotonic() + STEP_TIMEOUT_MS / 1000
    while True:
        built = [near(pixel(page, c[0] + 4, c[1] + 4), rgb(vd.BUILD_FILL)) for c in cells]
        if built == [i < parts for i in range(24)] or time.monotonic() > deadline:
            break
        page.wait_for_timeout(250)
    assert built == [i < parts for i in range(24)]

    # Autoplay: a thread in the kernel plays on until switched off.
    assert_autoplay_starts_and_stops(page, page.locator(".mt-autoplay"), decision)
    assert_no_app_error(page)
    assert console_errors(page) == []


# The board and the status line after quick Step clicks.  ipycanvas keeps no model of what it drew, so
# the board's own state is read where the trap's parts strip shows it: a cell in the build colour is a
# built part.  Each time the status line changes, the page counts the built cells right then; it notes
# when the count the status says last changed, and (on every frame) when the count drawn last changed.
_WATCH_PARTS_JS = """([cells, fill]) => {
    const status = document.querySelector('.boardkit-status');
    const context = document.querySelector('canvas').getContext('2d');
    const built = () => cells.filter(([x, y]) => {
        const d = context.getImageData(x, y, 1, 1).data;
        return [0, 1, 2].every(i => Math.abs(d[i] - fill[i]) <= 6);
    }).length;
    const seen = window.boardkitAgree = {said: [], drawn: built(), drawnAt: performance.now(), saidAt: 0};
    new MutationObserver(() => {
        const said = status.innerText.match(/trap: (\\d+) of 24 parts built/);
        if (!said) return;
        const last = seen.said.length ? seen.said[seen.said.length - 1][0] : null;
        seen.said.push([Number(said[1]), built()]);
        if (Number(said[1]) !== last) seen.saidAt = performance.now();
    }).observe(status, {subtree: true, childList: true, characterData: true});
    const frame = () => {
        const now = built();
        if (now !== seen.drawn) { seen.drawn = now; seen.drawnAt = performance.now(); }
        requestAnimationFrame(frame);
    };
    frame();
}"""


def test_quick_steps_the_board_and_the_status_line_agree(voila_server, browser_page, record_property):
    page = browser_page
    open_app(page, voila_server(BOTS_APP), record_property)
    cells = [(int(c[0] + 4), int(c[1] + 4)) for c in LAYOUT.part_rects(24)]
    page.evaluate(_WATCH_PARTS_JS, [cells, list(rgb(vd.BUILD_FILL))])
    roll = page.locator(".mt-roll")
    for _ in range(16):                                  # a class presses Step again and again
        roll.click(timeout=STEP_TIMEOUT_MS)
        page.wait_for_timeout(100)
    wait_for_decision(page, 16)
    page.wait_for_timeout(1500)
    seen = page.evaluate("() => window.boardkitAgree")
    print("status changes (parts said, parts drawn then):", seen["said"])
    record_property("status_changes", len(seen["said"]))
    assert seen["drawn"] >= 1, seen                      # a part was built among the quick steps
    ahead = [(said, drawn) for said, drawn in seen["said"] if said > drawn]
    assert not ahead, f"the status line told of parts the board had not drawn yet: {ahead}"
    assert seen["said"][-1][0] == seen["drawn"]           # at rest they agree
    late = seen["saidAt"] - seen["drawnAt"]
    assert late < 1000, f"the status line told of the last part {late:.0f} ms after the board drew it"
    assert_no_app_error(page)


# --- the endgame, a human seat, the crank ---------------------------------------------------

def test_endgame_human_cranks_and_the_chain_is_animated(voila_server, browser_page, record_property):
    page = browser_page
    open_app(page, voila_server(ENDGAME_APP), record_property)
    assert_accessible(page)                  # axe-core: WCAG 2.1 A and AA, at load
    assert_board_drawn(page)
    expect(status(page)).to_contain_text("Game loaded: 4 players")
    assert "trap: 24 of 24 parts built" in status(page).inner_text()
    assert near(pixel(page, *stage_fill_point(15)), rgb(pal.WHITE))    # the whole trap is built
    roll = page.locator(".mt-roll")
    choices = page.locator(".mt-choice")
    turn0, decision = counters(page)

    done, outcomes, frames = set(), [], []
    turn = turn0
    while not ({"die", "trap", "crank seen"} <= done and turn >= turn0 + 20):
        assert decision < 250, f"not everything came up: {sorted(done)}, outcomes {outcomes}"
        before = status(page).inner_text()
        if "Press New game" in before:
            break
        if "bot) is next" in before:
            expect(roll).to_have_text("Step")
            roll.click(timeout=STEP_TIMEOUT_MS)
        elif "Player 1, your turn" in before:
            expect(roll).to_have_text("Roll")
            if "die" not in done:
                canvas_click(page, *centre(LAYOUT.die_rect), CANVAS)       # a click on the die rolls it
                done.add("die")
            else:
                roll.focus()
                page.keyboard.press("Space")
                done.add("space")
        elif "is on the Cheese Wheel: turn the crank" in before:
            expect(roll).to_be_disabled()
            expect(page.locator(".mt-crank")).to_be_visible()
            canvas_click(page, *centre(LAYOUT.stage_rect(6)), CANVAS)      # a click on the trap cranks it
            done.add("trap")
        else:                                                     # push a rival, or stop
            expect(choices.first).to_be_visible()
            labels = choices.all_inner_texts()
            push = next((i for i, t in enumerate(labels) if "push" in t.lower()), None)
            if push is not None and "panel" not in done:
                seat = int(re.search(r"Player (\d)", labels[push])[1]) - 1
                panel = vd.panel_rect(seat, 4)
                canvas_click(page, panel[0] + panel[2] / 2, panel[1] + panel[3] / 2, CANVAS)
                done.add("panel")
            elif "key" not in done:
                page.locator("canvas").focus()
                page.keyboard.press(str(len(labels)))             # the last choice: stop (or crank)
                done.add("key")
            else:
                choices.last.click(timeout=STEP_TIMEOUT_MS)
                done.add("button")
        decision += 1
        seen = pictures_until_decision(page, decision)
        after = status(page).inner_text()
        assert after != before
        assert_no_app_error(page)
        turn = counters(page)[0]
        caught = False                                            # the cage stays down until the next roll
        if "turns the crank" in after:
            frames.append(len(seen))
            outcomes.append(check_crank_result(page, after))
            caught = outcomes[-1] == "caught"
            done.add("crank seen")
    print(f"ways used: {sorted(done)}; cranks: {outcomes}; distinct frames per crank: {frames}; "
          f"turns {turn0} -> {turn}, {decision} decisions")
    record_property("crank_outcomes", ",".join(outcomes))
    assert {"die", "trap", "crank seen"} <= done
    assert turn >= turn0 + 20 or "Press New game" in status(page).inner_text()
    assert all(n >= 6 for n in frames), frames        # stage after stage: an animation, not a jump
    assert_board_drawn(page, cage=caught)
    assert console_errors(page) == []

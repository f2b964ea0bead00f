"""The Philo Vance lesson (``notebooks/03_philo_vance.ipynb``) served by Voilà, in headless Chromium.

Voilà runs every cell before the page's widgets connect, so the lesson keeps
its long simulations behind buttons.  The test checks what the page shows at
load time (the App's board, read by its canvas pixels; the charts, as images;
the pinned tables' text), then presses each button of the lesson in turn and
waits for what it prints: the slider's new chart (section 3), the verdict of
an arrest (section 4), 500 games of Detectives against Random bots (section 5)
and the rulebook against a variant (section 6).
"""

import re
import time

import pytest
from playwright.sync_api import expect

from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import view_board as vb
from boardkit.render import palette as pal
from app_helpers import STEP_TIMEOUT_MS, assert_no_app_error, open_app, press_compare, section, wait_for_images
from harness import canvas_pixel_stats, click_button, console_errors

pytestmark = pytest.mark.browser

LESSON = "notebooks/03_philo_vance.ipynb"
CANVAS = (pv.App.WIDTH, pv.App.HEIGHT)   # the canvas's own size in pixels
LOAD_IMAGES = 3                      # the 20,000 hands, the retire chart, the Butler's belief grid
STUDY_TIMEOUT_MS = 180_000           # 500 games took 5-11 s here, the comparison 10-16 s

_COLOUR_SHARE_JS = """([r, g, b, tol]) => {
    const c = document.querySelector('canvas');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4)
        if (Math.abs(d[i] - r) <= tol && Math.abs(d[i + 1] - g) <= tol && Math.abs(d[i + 2] - b) <= tol) n++;
    return n / (c.width * c.height);
}"""


# --- helpers --------------------------------------------------------------------------

def colour_share(page, colour, tol=4):
    """The share of the App's canvas pixels within ``tol`` of ``colour`` (a hex string)."""
    return page.evaluate(_COLOUR_SHARE_JS, [*pal.hex_to_rgb(colour), tol])


def assert_board_drawn(page):
    """The App's canvas holds the estate: its size, many colours, and a large green lawn."""
    stats = canvas_pixel_stats(page, 0)
    size = page.evaluate("() => [document.querySelector('canvas').width, document.querySelector('canvas').height]")
    assert tuple(size) == CANVAS
    assert stats["drawn"] == stats["pixels"]                # the background covers it all
    assert stats["non_background"] > 0.3 * stats["pixels"]  # board, grid, court cards
    assert stats["major_colours"] >= 8                      # the palette, not a single fill
    # The lawn is the board's square (39% of the canvas) less the house, paths and spaces on it:
    # about 23% of the canvas shows its green.
    lawn = colour_share(page, vb.LAWN)
    assert lawn > 0.15, f"only {lawn:.1%} of the canvas is lawn green"
    return stats


# --- the lesson notebook ------------------------------------------------------------------

def test_lesson_app_draws_and_its_buttons_run_the_studies(voila_server, browser_page, record_property):
    """The real lesson as a Voilà app: the board, the load-time charts, then each button's study."""
    page = browser_page
    started = time.monotonic()
    open_app(page, voila_server(LESSON, timeout=120), record_property)
    assert_board_drawn(page)
    expect(page.get_by_text("NBVAL_CHECK_OUTPUT")).to_have_count(0)     # no code on screen

    # Load time: the charts arrive as images, the pinned cells' tables as text.
    wait_for_images(page, LOAD_IMAGES)
    images = page.locator("img").count()
    odds = page.locator(".jp-OutputArea-output", has_text="at least 4 different")   # section 2
    expect(odds).to_have_count(1)
    for suspect in pv.SUSPECTS:                                           # one row per suspect
        expect(odds).to_contain_text(suspect.name)
    expect(page.get_by_text(re.compile(r"arrest [\w ]+, naming"))).to_have_count(1)   # section 3
    beliefs = page.get_by_text(re.compile(r"\d\.\d{3} -> \d\.\d{3} -> \d\.\d{3}"))   # section 4
    expect(beliefs).to_have_count(1)

    # Section 3: move the slider by a key; the retire chart is drawn again.
    slider = page.locator(".widget-slider", has_text="one attempt")
    retire = section(page, slider)
    chart = retire.locator("img")
    expect(chart).to_have_count(1)
    value = float(slider.locator(".widget-readout").inner_text())
    old_chart = chart.get_attribute("src")
    slider.locator(".noUi-handle").focus()
    page.keyboard.press("ArrowRight")                                      # one step: +0.01
    expect(slider.locator(".widget-readout")).to_have_text(f"{value + 0.01:.2f}")
    expect(chart).not_to_have_attribute("src", old_chart, timeout=STEP_TIMEOUT_MS)
    expect(chart).to_have_count(1)                                         # replaced, not added

    # Section 4: arrest the Butler with the six default clues; the referee says "successful".
    click_button(page, "Arrest!")
    page.get_by_text("The verdict: SUCCESSFUL.").wait_for(timeout=STEP_TIMEOUT_MS)
    page.get_by_text(re.compile(r"The clues likeliest on The Butler's card")).wait_for(timeout=STEP_TIMEOUT_MS)
    wait_for_images(page, images + 1)                                      # what you know after 1 arrest
    images = page.locator("img").count()

    # Section 5: two Detectives against two Random bots, 500 games.
    click_button(page, "Play 500 games")
    page.get_by_text(re.compile(r"500 games in \d+ seconds")).wait_for(timeout=STUDY_TIMEOUT_MS)
    duel = section(page, page.get_by_role("button", name=re.compile("Play 500 games")))
    expect(duel.locator("table")).to_have_count(2, timeout=STEP_TIMEOUT_MS)  # wins, and how games ended
    wins = duel.locator("table").first
    expect(wins.locator("tbody th", has_text="Detective")).to_have_count(1)
    expect(wins.locator("tbody th", has_text="Random")).to_have_count(1)
    wait_for_images(page, images + 1)                                      # the share of games won
    images = page.locator("img").count()
    expect(page.get_by_role("button", name=re.compile("Play 500 games"))).to_be_enabled()

    # Section 6: the rulebook against the experts' 5-8-10 game (the default variant).
    press_compare(page, ("median turns", "your variant", "rulebook"), images, STUDY_TIMEOUT_MS)   # how long is a game?
    expect(page.get_by_text("That variant makes no sense")).to_have_count(0)

    seconds = time.monotonic() - started
    record_property("seconds_whole_lesson", round(seconds, 1))
    print(f"the whole lesson, every button pressed: {seconds:.1f} s")
    assert_board_drawn(page)                                               # still there, never wiped
    assert_no_app_error(page)
    stderr = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"   # a warning, a traceback
    expect(page.locator(stderr)).to_have_count(0)
    assert console_errors(page) == []

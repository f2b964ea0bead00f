"""The Win, Lose or Draw lesson (``notebooks/05_win_lose_draw.ipynb``) served by Voilà, in headless Chromium.

The test checks what the page shows at load time (the two Apps, Team Play and
Gameboard Play, read by their status lines and canvas pixels; the charts, as
images; the pinned cells' exact answers as text), moves the p_guess slider of
section 3 with a key and sees the exact answer change, then presses each
study button in turn and waits for what it shows: the model against the real
game (section 3), 2,000 games of Team Play (section 4) and the rulebook
against a variant board (section 5).
"""

import re
import time
from fractions import Fraction

import pytest
from playwright.sync_api import expect

from boardkit.games import win_lose_draw as wld
from app_helpers import STEP_TIMEOUT_MS, open_app, press_compare, section, wait_for_images
from harness import canvas_pixel_stats, click_button, console_errors

pytestmark = pytest.mark.browser

LESSON = "notebooks/05_win_lose_draw.ipynb"
LOAD_IMAGES = 5            # the board's odds, the pawn's walk, the Spade waits, collecting, the race to 8
STUDY_TIMEOUT_MS = 240_000  # a study plays a few thousand games on a shared 2-core machine


def assert_apps_fine(page):
    """Both Apps (Team Play, Gameboard Play) show a status line without an error, and drawn canvases."""
    statuses = page.locator(".boardkit-status")
    expect(statuses).to_have_count(2)
    for i in range(2):
        assert "Something went wrong" not in statuses.nth(i).inner_text()
    expect(statuses.first).to_contain_text("Team Play")
    expect(statuses.last).to_contain_text("Gameboard Play")
    drawn = [canvas_pixel_stats(page, i) for i in range(page.locator("canvas").count())]
    assert len(drawn) >= 2
    busiest = max(drawn, key=lambda stats: stats["major_colours"])   # the gameboard: track, pawns, colours
    assert busiest["drawn"] == busiest["pixels"]
    assert busiest["non_background"] > 0.1 * busiest["pixels"]
    assert busiest["major_colours"] >= 5


def test_lesson_apps_draw_and_its_buttons_run_the_studies(voila_server, browser_page, record_property):
    page = browser_page
    started = time.monotonic()
    open_app(page, voila_server(LESSON, timeout=120), record_property)
    expect(page.get_by_text("NBVAL_CHECK_OUTPUT")).to_have_count(0)     # no code on screen

    # Load time: the exact answers of the pinned cells, the charts as images, both Apps.
    expect(page.get_by_text(re.compile(r"spade: 1/7 = 0\.1429 of all landings"))).to_have_count(1)
    expect(page.get_by_text(re.compile(r"7 rolls on average, from spaces \[0, 7, 14, 21\]"))).to_have_count(1)
    expect(page.get_by_text(re.compile(r"Expected cards to own four colours: 543004/25415"))).to_have_count(1)
    expect(page.get_by_text(re.compile(r"the first team wins with chance 2569472/4782969"))).to_have_count(1)
    wait_for_images(page, LOAD_IMAGES)
    images = page.locator("img").count()
    assert_apps_fine(page)

    # Section 3: one step up the p_guess slider (0.125 -> 0.130); the exact answer follows.
    slider = page.locator(".widget-slider", has_text="p_guess")
    answer = section(page, slider).locator(".jp-OutputArea-output")
    expect(answer).to_contain_text("Exact: 543004/25415 = 21.365 cards")
    slider.locator(".noUi-handle").focus()
    page.keyboard.press("ArrowRight")
    new = wld.analysis.expected_to_collect(Fraction(130, 1000), Fraction(125, 1000))
    expect(answer).to_contain_text(f"Exact: {new} = {float(new):.3f} cards", timeout=STEP_TIMEOUT_MS)
    expect(answer).to_contain_text("5,000 simulated players")

    # Section 3: the model against the real game.
    click_button(page, "Play the full game")
    reality = section(page, page.get_by_role("button", name=re.compile("Play the full game")))
    table = reality.locator("table")
    table.wait_for(timeout=STUDY_TIMEOUT_MS)
    for text in ("model: one player, exact", "game: first of four", "Ace included"):
        expect(table).to_contain_text(text)
    wait_for_images(page, images + 1)
    images = page.locator("img").count()

    # Section 4: 2,000 games of Team Play, 60% against 40% (the sliders' defaults).
    click_button(page, "Play 2,000 team games")
    page.get_by_text(re.compile(r"2,000 games in [\d.]+ seconds")).wait_for(timeout=STUDY_TIMEOUT_MS)
    team = section(page, page.get_by_role("button", name=re.compile("Play 2,000 team games")))
    table = team.locator("table")
    expect(table).to_have_count(1, timeout=STEP_TIMEOUT_MS)
    for text in ("team A wins", "the team that sketched first wins", "cards in a match", "exact"):
        expect(table).to_contain_text(text)
    wait_for_images(page, images + 1)
    images = page.locator("img").count()

    # Section 5: the rulebook against the default variant (8 squares per side).
    compare = press_compare(page, ("rulebook", "your variant", "Spade share of landings",
                                   "sketches in a Gameboard game"), images, STUDY_TIMEOUT_MS)
    expect(compare.get_by_text(re.compile(r"Your board has 36 spaces"))).to_have_count(1)
    expect(page.get_by_text("That makes no sense")).to_have_count(0)

    seconds = time.monotonic() - started
    record_property("seconds_whole_lesson", round(seconds, 1))
    print(f"the whole lesson, every button pressed: {seconds:.1f} s")
    assert_apps_fine(page)                                               # still there, never wiped
    stderr = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
    expect(page.locator(stderr)).to_have_count(0)
    assert console_errors(page) == []

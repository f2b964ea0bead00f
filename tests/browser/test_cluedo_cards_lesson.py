"""The Cluedo Card Game lesson (``notebooks/04_cluedo_cards.ipynb``) served by Voilà, in headless Chromium.

The test checks what the page shows at load time (the App's table, read by
its canvas pixels; the stuck chart, as an image; the pinned cells' text),
moves the hand-size slider of section 2 with a key and sees the odds change,
then presses each study button in turn and waits for what it shows: 4,000
games (section 3), the bot tournament (section 4) and the rulebook against a
variant (section 5).
"""

import re
import time

import pytest
from playwright.sync_api import expect

from app_helpers import STEP_TIMEOUT_MS, assert_no_app_error, open_app, press_compare, section, wait_for_images
from harness import canvas_pixel_stats, click_button, console_errors

pytestmark = pytest.mark.browser

LESSON = "notebooks/04_cluedo_cards.ipynb"
LOAD_IMAGES = 1                      # the stuck chart (20,000 shuffles, and by hand size)
STUDY_TIMEOUT_MS = 240_000           # a study plays thousands of games on a shared 2-core machine


def assert_table_drawn(page):
    """The App's canvas holds the card table: covered, mostly not background, many colours."""
    stats = canvas_pixel_stats(page, 0)
    assert stats["drawn"] == stats["pixels"]
    assert stats["non_background"] > 0.1 * stats["pixels"]
    assert stats["major_colours"] >= 5
    return stats


def test_lesson_app_draws_and_its_buttons_run_the_studies(voila_server, browser_page, record_property):
    page = browser_page
    started = time.monotonic()
    open_app(page, voila_server(LESSON, timeout=120), record_property)
    assert_table_drawn(page)
    expect(page.get_by_text("NBVAL_CHECK_OUTPUT")).to_have_count(0)     # no code on screen

    # Load time: the exact odds and the seeded sample as text, the stuck chart as an image.
    expect(page.get_by_text(re.compile(r"stuck with chance 171/2108 = 0\.0811"))).to_have_count(1)
    expect(page.locator(".jp-OutputArea-output", has_text="first seat win rate")).to_have_count(1)
    wait_for_images(page, LOAD_IMAGES)
    images = page.locator("img").count()

    # Section 2: one step up the hand-size slider; the sentence gives the odds for 4 cards.
    slider = page.locator(".widget-slider", has_text="cards in hand")
    odds = section(page, slider).locator(".jp-OutputArea-output")
    expect(odds).to_contain_text("3 random cards hold nothing to play on the dagger 3")
    slider.locator(".noUi-handle").focus()
    page.keyboard.press("ArrowRight")
    expect(odds).to_contain_text("4 random cards hold nothing to play on the dagger 3", timeout=STEP_TIMEOUT_MS)

    # Section 3: 4,000 games of Shedders.
    click_button(page, "Play 4,000 games")
    page.get_by_text(re.compile(r"4,000 games in [\d.]+ seconds")).wait_for(timeout=STUDY_TIMEOUT_MS)
    fairness = section(page, page.get_by_role("button", name=re.compile("Play 4,000 games")))
    expect(fairness.get_by_text(re.compile(r"Are the seats equal\? p = "))).to_have_count(1)
    expect(fairness.locator("table")).to_have_count(4, timeout=STEP_TIMEOUT_MS)  # wins, length, drama, ends
    expect(fairness.locator("table").nth(2)).to_contain_text("comeback share")
    wait_for_images(page, images + 1)
    images = page.locator("img").count()

    # Section 4: the tournament of the three bots.
    click_button(page, "Play the tournament")
    page.get_by_text(re.compile(r"[\d,]+ games in \d+ seconds")).last.wait_for(timeout=STUDY_TIMEOUT_MS)
    tournament = section(page, page.get_by_role("button", name=re.compile("Play the tournament")))
    table = tournament.locator("table")
    expect(table).to_have_count(1, timeout=STEP_TIMEOUT_MS)
    for name in ("Random", "Shedder", "Revolverist"):
        expect(table).to_contain_text(name)
    wait_for_images(page, images + 1)
    images = page.locator("img").count()

    # Section 5: the rulebook against the default variant (the rulebook's own settings).
    press_compare(page, ("your variant", "rulebook", "median length", "skill"), images, STUDY_TIMEOUT_MS)
    expect(page.get_by_text("That makes no sense")).to_have_count(0)

    seconds = time.monotonic() - started
    record_property("seconds_whole_lesson", round(seconds, 1))
    print(f"the whole lesson, every button pressed: {seconds:.1f} s")
    assert_table_drawn(page)                                              # still there, never wiped
    assert_no_app_error(page)
    stderr = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
    expect(page.locator(stderr)).to_have_count(0)
    assert console_errors(page) == []

"""The design lab (``notebooks/06_design_lab.ipynb``) served by Voilà, in headless Chromium.

At load the page shows the pinned cells' seeded answers and the live view
of the rulebook against the sliders' variant.  The test moves the hand limit
slider one step with a key and sees the variant and its figures change, draws
the two-rule map, runs the search and reads the best variant as code, then
presses "Play it" and sees that variant's App draw its board.
"""

import re

import pytest
from playwright.sync_api import expect

from app_helpers import LOAD_TIMEOUT_MS, assert_no_app_error, section, wait_for_images
from harness import click_button, console_errors, wait_for_canvas
from lesson_helpers import assert_large_type_scales_text, assert_no_small_text

pytestmark = pytest.mark.browser

LESSON = "notebooks/06_design_lab.ipynb"
STUDY_TIMEOUT_MS = 240_000   # a map or a search plays thousands of games on a shared 2-core machine


def test_the_lab_re_simulates_on_a_slider_maps_searches_and_plays(voila_server, browser_page):
    page = browser_page
    page.goto(voila_server(LESSON, timeout=120), timeout=LOAD_TIMEOUT_MS)
    body = page.locator("body")
    # (consecutive printed lines share one element: match text within it)
    # Nothing is played while the page loads (it opens at once): the rulebook's games wait for a button.
    expect(body).to_contain_text("Move a slider (or press Play these rules)", timeout=LOAD_TIMEOUT_MS)
    click_button(page, "Play these rules")
    expect(body).to_contain_text("Your variant: md.Rules()", timeout=STUDY_TIMEOUT_MS)
    expect(page.get_by_text("NBVAL_CHECK_OUTPUT")).to_have_count(0)          # no code on screen
    expect(body).not_to_contain_text("md.Rules().replace(hand_limit=8, dud_redraw=6)")
    page.get_by_text("A search of 8 trials, 150 games each, by code").click()   # run when opened, not at load
    expect(body).to_contain_text("md.Rules().replace(hand_limit=8, dud_redraw=6)",    # the pinned search
                                 timeout=STUDY_TIMEOUT_MS)
    slider = page.locator(".boardkit-rule-controls .widget-slider", has_text="Hand limit")
    live = page.locator(".widget-vbox", has=slider).filter(has_text="Your variant").last   # sliders and view
    expect(live.locator("table")).to_contain_text("rulebook")
    expect(live.locator("table")).to_contain_text("of 3")                       # goals met, in words
    wait_for_images(page, 1)
    assert_no_small_text(page)
    assert_large_type_scales_text(page)

    # Predict first: which way does the median length go when the first knob goes up by two?
    prediction = page.locator(".boardkit-prediction")
    prediction.get_by_text("get longer", exact=True).click()
    prediction.locator("button.boardkit-lock").click()
    reveal = prediction.locator("button.boardkit-reveal")
    expect(reveal).to_be_enabled(timeout=30_000)
    reveal.click()
    expect(prediction.locator("table.boardkit-table")).to_contain_text("Hand limit = 8", timeout=STUDY_TIMEOUT_MS)
    expect(prediction).to_contain_text("Your prediction: get longer")
    expect(prediction.locator("table.boardkit-table")).to_contain_text(re.compile(r"\d+ \(\d+ to \d+\)"))

    # One step up the hand limit (6 -> 7): the games are played again for the new variant.
    slider.locator(".noUi-handle").focus()
    page.keyboard.press("ArrowRight")
    expect(live).to_contain_text("Your variant: md.Rules().replace(hand_limit=7)", timeout=STUDY_TIMEOUT_MS)
    wait_for_images(page, 1)
    images = page.locator("img").count()

    # The map of two rules: one more chart.
    click_button(page, "Draw the map")
    wait_for_images(page, images + 1, timeout=STUDY_TIMEOUT_MS)
    images = page.locator("img").count()

    # The search: the five best and the winner as a line of Python.
    click_button(page, "Search")
    found = section(page, page.get_by_role("button", name=re.compile(r"^\W*Search$")))
    expect(found).to_contain_text("The best one, as a line of Python:", timeout=STUDY_TIMEOUT_MS)
    expect(found.locator("table")).to_contain_text("Score")
    code = re.search(r"The best one, as a line of Python:\s*(md\.Rules\(\)[^\n]*)", found.inner_text()).group(1)
    wait_for_images(page, images + 1, timeout=STUDY_TIMEOUT_MS)

    # Play it: the best variant's App draws its board.
    click_button(page, "Play it")
    played = section(page, page.get_by_role("button", name=re.compile(r"^\W*Play it$")))
    expect(played).to_contain_text(f"Playing {code.strip()}", timeout=STUDY_TIMEOUT_MS)
    expect(page.locator(".boardkit-status")).to_have_count(1, timeout=STUDY_TIMEOUT_MS)
    wait_for_canvas(page, timeout=STUDY_TIMEOUT_MS, min_drawn=50_000)
    assert_no_app_error(page)
    assert console_errors(page) == []

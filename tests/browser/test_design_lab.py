"""The design lab (``notebooks/06_design_lab.ipynb``) served by Voilà, in headless Chromium.

A tinkerer sets a goal the page does not suggest (the first seat wins 20% to 30% of the games), plays the
knobs' variant and searches: every goal shows its verdict (met / not sure yet / missed) with its interval,
and the search says in words whether its re-checked winner met every goal.  Then she switches the game
and "Play it" draws the new game's board (it raised a TypeError, never shown, after a switch).  The
teacher's page in Large type at 1920x1080 (and the student's, after a trade-off search has drawn its chart and
its menu to pick a point) has no control whose words are cut, and nothing wider than the screen; axe-core finds
no serious problem on the teacher's page, Large type off or on.  Both tests share one Voilà server.
"""

import os
import re

import pytest
from playwright.sync_api import expect

from a11y import assert_accessible
from app_helpers import LOAD_TIMEOUT_MS, assert_no_app_error, section
from harness import click_button, console_errors, wait_for_canvas
from lesson_helpers import assert_large_type_scales_text, assert_no_small_text, cut_controls, lock_and_reveal

pytestmark = pytest.mark.browser

LESSON = "notebooks/06_design_lab.ipynb"
STUDY_TIMEOUT_MS = 240_000   # a search plays thousands of games on a shared 2-core machine
#: a goal's verdict with the figure and its interval, as every table of the lab shows it
VERDICT = re.compile(r"(\u2713 met|\? not sure yet|\u2717 missed): \d[\d.,]* \(\d[\d.,]* to \d[\d.,]*\)")
FIRST_SEAT_GOAL = "First seat win rate 0.2 to 0.3"
#: a figure and its interval: "0.83 (0.06 to 1.61)"
FIGURE = re.compile(r"(-?\d[\d,]*(?:\.(\d+))?) \((-?\d[\d,]*(?:\.(\d+))?) to (-?\d[\d,]*(?:\.(\d+))?)\)")


def assert_figures_read_alike(text: str) -> None:
    """Every figure in ``text`` and its interval share their decimals, and have no more than three significant
    digits give the largest of the three ("0.83 (0.06 to 1.61)", never "0.8300 (0.0646 to 1.6105)")."""
    seen = FIGURE.findall(text)
    assert seen, "no figure with its interval"
    for value, value_decimals, low, low_decimals, high, high_decimals in seen:
        shown = f"{value} ({low} to {high})"
        assert len(value_decimals) == len(low_decimals) == len(high_decimals), shown
        largest = max(abs(float(number.replace(",", ""))) for number in (value, low, high))
        assert not value_decimals or largest * 10 ** len(value_decimals) <= 1000, shown   # 1.61: 161


def test_a_first_seat_goal_searched_then_another_game_played(voila_server, browser_page):
    page = browser_page
    page.goto(voila_server(LESSON, timeout=120), timeout=LOAD_TIMEOUT_MS)
    body = page.locator("body")
    expect(body).to_contain_text("Lock your guess in part 2", timeout=LOAD_TIMEOUT_MS)    # the knobs wait for it
    expect(page.get_by_text("NBVAL_CHECK_OUTPUT")).to_have_count(0)          # no code on screen
    assert_no_small_text(page)
    assert_large_type_scales_text(page)

    # A goal of her own: the first seat wins 20% to 30% of the games (a fair share is 25%).
    click_button(page, "Add a goal")
    expect(page.locator(".boardkit-goal-row")).to_have_count(4)           # the page's three, and hers
    goal = page.locator(".boardkit-goal-row").last
    goal.locator("select").first.select_option(label="First seat win rate")
    goal.locator("select").nth(1).select_option("between")
    boxes = goal.locator(".widget-text", has=page.locator("input[type=number]"))
    expect(boxes.nth(1)).to_be_visible(timeout=60_000)                  # "between" takes two numbers
    for box, value in zip(boxes.all(), ("0.2", "0.3")):
        box.locator("input").fill(value)
        box.locator("input").press("Enter")
    expect(page.locator(".boardkit-goal-builder .boardkit-rule-error")).to_have_text("")

    # The knobs answer part 2's question (what the first knob does to the game's length): they play only
    # once its guess is locked and its answer shown.
    click_button(page, "Play these rules")
    live = section(page, page.get_by_role("button", name=re.compile(r"^\W*Play these rules$")))
    expect(live).to_contain_text("Lock your guess in part 2", timeout=STUDY_TIMEOUT_MS)
    expect(live.locator("table")).to_have_count(0)
    guess = page.locator(".boardkit-prediction")
    guess.get_by_text("get longer").click()
    lock_and_reveal(page, guess)
    expect(live).to_contain_text("Move a slider (or press Play these rules)")
    click_button(page, "Play these rules")
    played = live.locator("table").last                                 # below the answer's own table
    expect(played).to_contain_text(FIRST_SEAT_GOAL, timeout=STUDY_TIMEOUT_MS)
    expect(played).to_contain_text(VERDICT)

    # The search (its fewest trials): each goal's verdict with its interval, the leaders played again, the
    # outcome in words.
    trials = page.locator(".widget-slider", has_text="Trials").locator(".noUi-handle")
    trials.focus()
    page.keyboard.press("Home")
    expect(page.locator(".widget-slider", has_text="Trials")).to_contain_text("8")
    click_button(page, "Search")
    found = section(page, page.get_by_role("button", name=re.compile(r"^\W*Search$")))
    expect(found).to_contain_text("The leaders played again", timeout=STUDY_TIMEOUT_MS)
    expect(found.locator("table").first).to_contain_text(FIRST_SEAT_GOAL)
    expect(found.locator("table").last).to_contain_text(VERDICT)
    expect(found).to_contain_text(re.compile(r"met every goal|No variant (met|is sure to meet) every goal"))
    expect(found).not_to_contain_text("The best one, as a line of Python")
    assert_figures_read_alike(found.inner_text())
    # A trade-off search: its chart of the front, and the menu to pick a point of it
    page.locator(".widget-toggle-buttons button", has_text="Trade-off of two goals").click()
    click_button(page, "Search")
    pick = page.locator(".widget-dropdown", has_text="Pick a point")
    expect(pick).to_be_visible(timeout=STUDY_TIMEOUT_MS)
    expect(found.locator("img")).not_to_have_count(0)
    assert_projector_cuts_nothing(page)                              # with the search's charts and menu drawn

    # Another game: its knobs and its games, then "Play it" draws its board.
    page.locator(".widget-dropdown", has_text="Game").locator("select").select_option("Mouse Trap")
    expect(live).to_contain_text("Your variant: mt.Rules()", timeout=STUDY_TIMEOUT_MS)
    expect(page.locator(".boardkit-busy")).to_have_text("")
    click_button(page, "Play it")
    played = section(page, page.get_by_role("button", name=re.compile(r"^\W*Play it$")))
    expect(played).to_contain_text("Playing your knobs' variant: mt.Rules(), 4 players", timeout=STUDY_TIMEOUT_MS)
    expect(page.locator(".boardkit-status")).to_have_count(1, timeout=STUDY_TIMEOUT_MS)
    wait_for_canvas(page, timeout=STUDY_TIMEOUT_MS, min_drawn=50_000)
    assert_no_app_error(page)
    expect(body).not_to_contain_text("Traceback")
    assert console_errors(page) == []


def test_the_teachers_lab_in_large_type_at_1920x1080_cuts_nothing(voila_server, browser_page):
    page = browser_page
    page.goto(voila_server(LESSON, timeout=120) + "?teacher=" + os.environ["BOARDKIT_TEACHER_KEY"], timeout=LOAD_TIMEOUT_MS)
    expect(page.locator("body")).to_contain_text("Lock your guess in part 2", timeout=LOAD_TIMEOUT_MS)
    assert_accessible(page, "on the teacher's page")                 # axe-core: WCAG 2.1 A and AA
    assert_projector_cuts_nothing(page, lambda: assert_accessible(page, "on the teacher's page in Large type"))
    assert console_errors(page) == []


def assert_projector_cuts_nothing(page, also=lambda: None):
    """At 1920x1080 in Large type no control's words are cut (a menu's words keep clear of its arrow) and nothing
    is wider than the screen; ``also()`` checks more there.  The window and the type are set back."""
    old = page.viewport_size
    page.set_viewport_size({"width": 1920, "height": 1080})          # a classroom projector
    toggle = page.locator(".boardkit-large-type button, button.boardkit-large-type").first
    toggle.click()
    page.wait_for_function("() => getComputedStyle(document.querySelector('.jp-RenderedHTMLCommon p'))"
                           ".fontSize !== '18px'", timeout=15_000)
    try:
        page.wait_for_timeout(500)                                   # the page lays itself out again
        assert cut_controls(page) == [], "controls whose words Large type cuts"
        wider = page.evaluate("() => Array.from(document.querySelectorAll('.boardkit-goal-row, .widget-hbox, "
                              "table, img')).filter(el => el.getClientRects().length && "
                              "el.getBoundingClientRect().right > window.innerWidth + 1).map(el => el.className "
                              "|| el.tagName)")
        assert wider == [], "wider than the screen"
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
        also()
    finally:
        toggle.click()
        page.set_viewport_size(old)

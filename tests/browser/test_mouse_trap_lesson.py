"""The Mouse Trap lesson (``notebooks/02_mouse_trap.ipynb``) served by Voilà, in headless Chromium.

One page load (a kernel start is the slow part on a shared machine), then, as a class would:

* the page at load: the App draws its board with the board in words under it, no code on screen (nor the
  JupyterLab guide of the first cell: test_jupyterlab.py shows it there), nothing under 14 px, the core path (up to the Going further section) at most 4 screens of 900 px besides the App,
  Large type scales text;
* the student turns the crank ten times: those cranks start the convergence chart;
* each prediction: Show the answer is disabled until Lock, Lock disables the input, the reveal shows the
  prediction beside the exact answer and the simulation's interval ("how often does one crank catch?",
  then "which stage should we fix?", whose answer is nowhere on the page before the reveal);
* the tinker (RuleControls): before part 2's guess it keeps the rulebook trap's figures back; two backups update the result with an interval, a die of 0 faces shows the
  game's own refusal and keeps the last good rules; a quick check says two fixes never reach 9 in 10;
* Going further: the 100,000 cranks' chart and table; the pinned exact answers under For coders.
"""

import re
import time

import pytest
from playwright.sync_api import expect

from app_helpers import STEP_TIMEOUT_MS, open_app, wait_for_images
from harness import canvas_pixel_stats, console_errors
from lesson_helpers import (assert_core_path_fits, assert_teachers_page_accessible, lock_and_reveal, prediction,
                            record_canvas_words)

pytestmark = pytest.mark.browser

LESSON = "notebooks/02_mouse_trap.ipynb"
SCREEN = 900                 # the height of a 1280x900 window
STUDY_TIMEOUT_MS = 120_000   # a shared 2-core machine
INTERVAL = re.compile(r"\d+(\.\d)?% \(\d+(\.\d)?% to \d+(\.\d)?%\)")




def test_lesson_core_path_predictions_tinker_and_going_further(voila_server, browser_page, record_property):
    page = browser_page
    record_canvas_words(page)                                   # the board's words, as the canvas draws them
    url = voila_server(LESSON, timeout=120)
    started = time.monotonic()
    open_app(page, url, record_property)

    # --- the page at load ------------------------------------------------------------------------------
    expect(page.get_by_text("NBVAL_CHECK_OUTPUT")).to_have_count(0)          # no code on screen
    # nor JupyterLab's how-to-start guide: its cell shows nothing under Voilà (VOILA_BASE_URL is set in its kernels)
    expect(page.get_by_role("heading", name="Mouse Trap: chains of chance")).to_be_visible()
    expect(page.get_by_text("Run All Cells")).to_have_count(0)
    expect(page.get_by_text("To start")).to_have_count(0)
    expect(page.locator(".boardkit-status")).to_have_count(1)
    mirror = page.locator(".boardkit-mirror")
    expect(mirror).to_contain_text("Turn 1: Player 1 (you) is next, to roll the die.", timeout=STEP_TIMEOUT_MS)
    expect(mirror).to_contain_text("Player 4 (Random bot): on START, 0 cheese.")
    board = canvas_pixel_stats(page)
    assert board["non_background"] > 0.3 * board["pixels"] and board["major_colours"] >= 8
    # Nothing answers "which stage should we fix?" before the student predicts.
    expect(page.get_by_text("Fix F, the weakest link")).to_have_count(0)
    expect(page.get_by_text("How much each fix adds")).to_have_count(0)
    expect(page.get_by_text("54.0%")).to_have_count(0)                      # nor "how often does a crank catch?"
    # nor the exact figures printed under For coders: they wait in a closed fold
    expect(page.get_by_text("one crank catches the mice with chance 0.5399")).to_be_hidden()
    expect(page.get_by_text("then the trap works with chance 0.6450")).to_be_hidden()
    # the board's words 14 px on screen at 1280x900 with Large type off and on (13.2 px in Large type, the board shown
    # 768 px wide: now 815 at least), 18 px on the projector; none squeezed, the spaces' labels neither
    assert_core_path_fits(page, ".boardkit-mt-app", record_property, canvas=".boardkit-mt-app canvas",
                          canvas_words_px=18)
    # A tinker before part 2's guess: a die of 5 faces leaves the rulebook's trap, whose catch chance
    # (and its shortfall from 9 in 10) would be part 2's answer.
    result = page.locator(".mt-tinker-result")
    expect(result).to_contain_text("your trap's results appear here")     # not the answer to prediction 1
    page.locator(".boardkit-rule-controls .widget-slider").first.locator(".noUi-handle").focus()
    page.keyboard.press("ArrowLeft")
    expect(result).to_contain_text("lock your guess in part 2 first", timeout=STUDY_TIMEOUT_MS)
    expect(result).to_contain_text("Your trap is not at 9 in 10 yet.")
    expect(result).not_to_contain_text("points short")
    expect(page.get_by_text("54.0%")).to_have_count(0)

    # --- the student's own cranks --------------------------------------------------------------------------
    page.get_by_role("button", name="Turn it 10 times").click()
    news = page.locator(".mt-crank-news")
    expect(news).to_contain_text("Your cranks so far: 10", timeout=STEP_TIMEOUT_MS)
    expect(news).to_contain_text(re.compile(r"caught!|it stopped at stage [A-P]"))

    # --- prediction 1: how often does one crank catch? ------------------------------------------------------
    first = prediction(page, 0)
    first.locator(".noUi-handle").focus()
    page.keyboard.press("Home")                                              # the slider starts half way
    for _ in range(60):
        page.keyboard.press("ArrowRight")                                    # 60%
    expect(first.locator(".widget-readout")).to_have_text(re.compile(r"^\s*60"), timeout=STEP_TIMEOUT_MS)
    images = page.locator("img").count()
    answer = lock_and_reveal(page, first)
    expect(answer).to_contain_text("Your prediction")
    expect(answer).to_contain_text("60%")
    expect(answer).to_contain_text("54.0%")                                   # exact: 0.5399
    expect(answer).to_contain_text(INTERVAL)
    expect(first).to_contain_text("10 cranks of yours")
    wait_for_images(page, images + 1, timeout=STUDY_TIMEOUT_MS)              # the convergence chart

    # --- prediction 2: which stage should we fix? -------------------------------------------------------------
    second = prediction(page, 1)
    second.get_by_text("F: the ball rolls down the rickety stairs").click()
    answer = lock_and_reveal(page, second)
    expect(second).to_contain_text("Your prediction: F: the ball rolls down the rickety stairs (90%)")
    expect(answer).to_contain_text("60.0%")                                   # F fixed: 0.5998
    expect(answer).to_contain_text(INTERVAL)
    expect(second).to_contain_text("Fix F, the weakest link")
    wait_for_images(page, images + 2, timeout=STUDY_TIMEOUT_MS)              # the gains chart

    # --- the tinker -------------------------------------------------------------------------------------------
    page.locator(".boardkit-rule-controls select").select_option(label="the 2 weakest stages")
    expect(result).to_contain_text("63.5%", timeout=STUDY_TIMEOUT_MS)        # backups at F and H: 0.6354
    expect(result).to_contain_text(INTERVAL)
    expect(result).to_contain_text(re.compile(r"\d+ \(\d+ to \d+\)"))       # turns in a game, with its interval
    expect(result).to_contain_text("not at 9 in 10 yet")
    expect(result).to_contain_text("The rulebook")                           # beside the rulebook's column,
    expect(result).to_contain_text("54.0%")                                  # shown once part 2 is locked
    die = page.locator(".boardkit-rule-controls .widget-slider").first
    die.locator(".noUi-handle").focus()
    page.keyboard.press("Home")                                              # a die with no faces: refused
    error = page.locator(".boardkit-rule-controls .boardkit-rule-error")
    expect(error).to_contain_text("Faces on the die: 0 is too small", timeout=STUDY_TIMEOUT_MS)
    expect(die.locator(".widget-readout")).to_have_text(re.compile(r"^\s*5\s*$"))     # the die in use (5 faces)
    expect(error).to_contain_text("We keep 5.")
    expect(result).to_contain_text("63.5%")                                  # the last good rules are kept

    # --- a quick check -----------------------------------------------------------------------------------------
    check = page.locator(".boardkit-quick-check").nth(1)
    check.get_by_text("No, two fixes are not enough").click()
    check.locator("button.boardkit-check").click()
    expect(check.locator(".boardkit-feedback")).to_contain_text("Right!", timeout=STEP_TIMEOUT_MS)
    expect(check.locator(".boardkit-feedback")).to_contain_text("64.5%")

    # --- Going further ------------------------------------------------------------------------------------------
    further = page.locator(".boardkit-going-further")
    further.get_by_text("Going further: the maths of the chain").click()
    images = page.locator("img").count()
    further.get_by_role("button", name="Turn it 100,000 times").click()
    expect(further).to_contain_text("Exact inside the interval?", timeout=STUDY_TIMEOUT_MS)
    expect(further).to_contain_text("100,000")
    wait_for_images(page, images + 1, timeout=STUDY_TIMEOUT_MS)

    # --- For coders: the pinned exact answers --------------------------------------------------------------------
    page.get_by_text("The exact figures, printed by code").click()
    expect(page.get_by_text("one crank catches the mice with chance 0.5399")).to_have_count(1)
    expect(page.get_by_text("the best two stages to fix: F and H, then the trap works with chance 0.6450")
           ).to_have_count(1)

    stderr = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
    expect(page.locator(stderr)).to_have_count(0)
    expect(page.get_by_text("That makes no sense")).to_have_count(0)
    expect(page.locator(".jp-OutputArea-output", has_text="Loading widget...")).to_have_count(0)   # all drawn
    assert console_errors(page) == []
    assert_teachers_page_accessible(page)   # axe-core on the teacher's page too
    record_property("seconds_whole_test", round(time.monotonic() - started, 1))

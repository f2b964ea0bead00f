"""The Win, Lose or Draw lesson (``notebooks/05_win_lose_draw.ipynb``) served by Voilà, in headless Chromium.

One page load (a kernel start is the slow part on a shared machine), then, as a class would:

* the page at load: the Gameboard Play App draws its board, no code on screen, nothing under 14 px, the core
  path (up to the Going further section) at most 4 screens of 900 px besides the App, Large type scales text;
* the App on one projector screen (1920x1080, Large type) after the first clicks too: in Gameboard Play once the
  next sketch starts after a roll (the longest news, the "Said at the same moment?" row shown), in Team Play at
  its start and in a steal; the table's
  words (drawn on its canvas) at least 24 px on screen there, measured from the canvas's CSS scale;
* the clock stands still until the Sketcher presses Start (issue 14: a page left alone played a round by
  itself): after the white pawn is placed, and in Team Play when it is chosen;
* a card played to the end with a roll: the student's own roll starts the convergence chart;
* each prediction: Show the answer is disabled until Lock, Lock disables the input, the reveal shows the
  prediction beside the exact answer and the simulation's interval;
* the tinker (RuleControls): a change updates the result with an interval, a refused value shows the
  game's own message; a quick check answers;
* Going further builds its charts and the exact figures when opened; the pinned exact answers under For coders.
"""

import re
import time

import pytest
from playwright.sync_api import expect

from app_helpers import LOAD_TIMEOUT_MS, STEP_TIMEOUT_MS, wait_for_images
from harness import canvas_pixel_stats, console_errors, wait_for_canvas
from lesson_helpers import (assert_app_fits_a_projector, assert_core_path_fits, assert_teachers_page_accessible,
                            lock_and_reveal, prediction, record_canvas_words)

pytestmark = pytest.mark.browser

LESSON = "notebooks/05_win_lose_draw.ipynb"
SCREEN = 900                 # the height of a 1280x900 window
STILL_SECONDS = 6            # how long a clock nobody started must stand still
STUDY_TIMEOUT_MS = 120_000   # a shared 2-core machine
APP = ".boardkit-wld-app"
TABLE = ".boardkit-wld-app canvas:not(.wld-pad-canvas)"    # the score sheet or the gameboard, beside the pad


def assert_on_one_projector_screen(page):
    """At 1920x1080 in Large type the App's play area fits the screen, nothing cut, and the table's words are
    readable from the back of a room (at least 24 px on screen)."""
    assert_app_fits_a_projector(page, APP, canvas=TABLE)


def clock(page):
    """The clock's text ("1:00 Ready") of the App on show."""
    return page.locator(".wld-timer-label").first


def assert_clock_stands_still(page, seconds=STILL_SECONDS):
    """The clock shows 1:00 and Ready, and still does ``seconds`` later."""
    expect(clock(page)).to_contain_text("1:00", timeout=STEP_TIMEOUT_MS)
    expect(clock(page)).to_contain_text("Ready")
    page.wait_for_timeout(seconds * 1000)
    text = clock(page).inner_text()
    assert "1:00" in text and "Ready" in text, text


def choose(page, css_class):
    """Press the App's first choice button with ``css_class`` and wait until it is gone (the kernel answered)."""
    button = page.locator(f"button.{css_class}").first
    button.click(timeout=STEP_TIMEOUT_MS)
    expect(page.locator(f"button.{css_class}")).to_have_count(0, timeout=STEP_TIMEOUT_MS)




def test_lesson_core_path_predictions_clock_tinker_and_going_further(voila_server, browser_page, record_property):
    page = browser_page
    record_canvas_words(page)                                   # the table's words, as the canvas draws them
    url = voila_server(LESSON, timeout=120)
    started = time.monotonic()
    page.goto(url, timeout=LOAD_TIMEOUT_MS)
    board = page.locator(".boardkit-wld-app canvas").last          # the gameboard (the pad's canvas comes first)
    board.wait_for(timeout=LOAD_TIMEOUT_MS)
    wait_for_canvas(page, timeout=LOAD_TIMEOUT_MS, min_drawn=50_000)
    page.wait_for_function("() => { const c = document.querySelectorAll('.boardkit-wld-app canvas');"
                           " const b = c[c.length - 1]; return b && b.width > 0; }", timeout=LOAD_TIMEOUT_MS)
    seconds = time.monotonic() - started
    record_property("seconds_to_page", round(seconds, 2))
    print(f"\n{LESSON}: page request -> the App's board {seconds:.2f} s")

    # --- the page at load ------------------------------------------------------------------------------
    expect(page.get_by_text("NBVAL_CHECK_OUTPUT")).to_have_count(0)          # no code on screen
    status = page.locator(".boardkit-status")
    expect(status).to_have_count(1)                                          # one App at load
    expect(status).to_contain_text("put the white square pawn on a Spade Space")
    expect(page.locator(".boardkit-mirror")).to_contain_text("The white square pawn is not on the board yet.")
    board_stats = canvas_pixel_stats(page, page.locator("canvas").count() - 1)
    assert board_stats["non_background"] > 0.1 * board_stats["pixels"] and board_stats["major_colours"] >= 5
    assert_core_path_fits(page, ".boardkit-wld-app", record_property)
    # the paper's edge is seen (a frame drawn inside the canvas: a shadow outside it was clipped)
    assert page.locator(".wld-pad-canvas").first.evaluate("e => getComputedStyle(e).outlineStyle") == "solid"
    # in Large type the play choice's words are not cut ("Gameboard P…" was shown at 180 px per button)
    page.locator(".boardkit-large-type button, button.boardkit-large-type").first.click()
    page.wait_for_timeout(1500)
    # (nor the pad's line widths: at 90 px a button 'Medium' showed as 'Medi…' at 1920x1080)
    cut = page.locator(".wld-play-choice button, .wld-pad-width button").evaluate_all(
        "buttons => buttons.filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.innerText)")
    assert cut == [], cut
    # nor the pad's colour buttons (a fixed 44 px height cut their words' feet) or the guess box's "Who" ("W…")
    cut = page.locator(".wld-pad button, .wld-guesser label").evaluate_all(
        "items => items.filter(e => e.offsetParent && (e.scrollWidth > e.clientWidth + 1"
        " || e.scrollHeight > e.clientHeight + 1)).map(e => e.innerText)")
    assert cut == [], cut
    page.locator(".boardkit-large-type button, button.boardkit-large-type").first.click()

    # --- the clock waits for the Sketcher's Start --------------------------------------------------------
    choose(page, "wld-placepawn")                                            # the white pawn on a Spade
    expect(status).to_contain_text("press Start on the clock")
    assert_clock_stands_still(page)
    page.locator("button.wld-timer-start").first.click()
    expect(clock(page)).to_contain_text(re.compile(r"0:5\d"), timeout=STEP_TIMEOUT_MS)

    # --- one card to the end: a Guesser takes a colour, the Sketcher rolls --------------------------------
    choose(page, "wld-award")
    choose(page, "wld-takepawn")
    page.locator("button.wld-roll").first.click(timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".boardkit-mirror")).to_contain_text("after a roll of", timeout=STEP_TIMEOUT_MS)
    # the roll in words, as on the board (the board has no space numbers; "from 0 to 4: a orange space" was shown)
    expect(status).to_contain_text(re.compile(r"moves clockwise onto (a Spade Space|an? \w+ square)"))
    assert_clock_stands_still(page, 3)                                       # the next Sketcher's clock waits too
    # the next sketch has started, its "Said at the same moment?" row shown, after the longest news (the roll, the
    # pawn taken, the answer, the next Sketcher: three lines): all on the projector's one screen
    expect(page.locator(".wld-tie").first).to_be_visible()
    assert_on_one_projector_screen(page)

    # --- prediction 1: the Spade share; the student's roll starts the convergence chart --------------------
    first = prediction(page, 0)
    first.locator(".noUi-handle").focus()
    page.keyboard.press("Home")                                              # the slider starts half way
    for _ in range(20):
        page.keyboard.press("ArrowRight")                                    # 20%
    expect(first.locator(".widget-readout")).to_have_text(re.compile(r"^\s*20"), timeout=STEP_TIMEOUT_MS)
    images = page.locator("img").count()
    answer = lock_and_reveal(page, first)
    expect(answer).to_contain_text("20%")
    expect(answer).to_contain_text("1/7 = 14.3%")
    expect(answer).to_contain_text("your 1 roll and the computer's 10,000")        # one roll, not "1 rolls"
    expect(answer).to_contain_text(re.compile(r"\d+\.\d% \(\d+\.\d% to \d+\.\d%\)"))
    wait_for_images(page, images + 1, timeout=STUDY_TIMEOUT_MS)              # the convergence chart
    expect(first).to_contain_text("The 95% interval is the range")           # said in words the first time

    # --- prediction 2: the race to 8 ------------------------------------------------------------------------
    answer = lock_and_reveal(page, prediction(page, 1))
    expect(answer).to_contain_text("52.5%")
    expect(answer).to_contain_text("10,000 simulated races")

    # --- prediction 3, then the tinker -----------------------------------------------------------------------
    third = prediction(page, 2)
    third.get_by_text("it grows").click()
    lock_and_reveal(page, third, table=False)
    # 2,000 races of the readable engine take seconds: a bar counts them, where the answer will come
    expect(third.locator(".widget-hprogress")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    expect(third).to_contain_text("Team Play races")
    answer = third.locator("table.boardkit-table").first
    answer.wait_for(timeout=STUDY_TIMEOUT_MS)
    expect(answer).to_contain_text("it grows: 54.6% in a race to 3")
    result = page.locator(".wld-tinker-result")
    expect(result).to_contain_text("First to 8 points, with steals", timeout=STUDY_TIMEOUT_MS)
    expect(result).to_contain_text(re.compile(r"\(\d+\.\d% to \d+\.\d%\) \(95% interval\)"))
    target = page.locator(".boardkit-rule-controls .widget-slider").first
    target.locator(".noUi-handle").focus()
    page.keyboard.press("ArrowRight")
    expect(result).to_contain_text("First to 9 points", timeout=STUDY_TIMEOUT_MS)
    expect(result).to_contain_text(re.compile(r"\(\d+\.\d% to \d+\.\d%\)"))
    page.keyboard.press("Home")                                              # a race to 0 points: refused
    error = page.locator(".boardkit-rule-controls .boardkit-rule-error")
    expect(error).to_contain_text("Points to win the race: 0 is too small", timeout=STUDY_TIMEOUT_MS)
    expect(target.locator(".widget-readout")).to_have_text(re.compile(r"^\s*9\s*$"))   # the target in use
    expect(result).to_contain_text("First to 9 points")                      # the last good rules are kept
    page.locator(".boardkit-rule-controls input[type=checkbox]").uncheck()
    expect(result).to_contain_text("First to 9 points, no steals", timeout=STUDY_TIMEOUT_MS)

    # --- a quick check --------------------------------------------------------------------------------------
    check = page.locator(".boardkit-quick-check").first
    check.get_by_text("exactly one").click()
    check.locator("button.boardkit-check").click()
    expect(check.locator(".boardkit-feedback")).to_contain_text("Right!", timeout=STEP_TIMEOUT_MS)

    # --- Team Play: its clock stands still too -----------------------------------------------------------------
    page.locator(".wld-play-choice button", has_text="Team Play").click()
    expect(status).to_contain_text("Team Play", timeout=LOAD_TIMEOUT_MS)
    expect(status).to_contain_text("press Start on the clock")
    assert_clock_stands_still(page)
    expect(status).to_contain_text("Team A 0 \u2013 Team B 0")
    assert_on_one_projector_screen(page)
    # a steal (its clock paused, so the App stands still while measured) on one screen too
    page.locator("button.wld-timer-start").first.click()
    page.locator("button.wld-timeup").first.click(timeout=STEP_TIMEOUT_MS)
    expect(status).to_contain_text("one guess to steal the point", timeout=STEP_TIMEOUT_MS)
    page.locator("button.wld-timer-pause").first.click()
    expect(clock(page)).to_contain_text("Paused", timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".boardkit-mirror").first).to_contain_text("The clock is paused", timeout=STEP_TIMEOUT_MS)
    assert_on_one_projector_screen(page)

    # --- Going further: built when opened ---------------------------------------------------------------------
    images = page.locator("img").count()
    page.locator(".boardkit-going-further").get_by_text("Going further: Markov chains").click()
    further = page.locator(".boardkit-going-further")
    expect(further).to_contain_text("Exact: 543004/25415 = 21.365 cards", timeout=STUDY_TIMEOUT_MS)
    expect(further).to_contain_text("2569472/4782969")
    expect(further).to_contain_text("exact 7")
    wait_for_images(page, images + 4, timeout=STUDY_TIMEOUT_MS)              # odds, waits, collecting, the race

    # --- For coders: its printed exact answers wait in closed folds (open, they gave every prediction away) -------
    expect(page.get_by_text(re.compile(r"spade: 1/7 = 0\.1429 of all landings")).filter(visible=True)).to_have_count(0)
    expect(page.get_by_text(re.compile(r"first to 3: the first team wins")).filter(visible=True)).to_have_count(0)
    expect(page.get_by_text("each in a closed fold")).to_have_count(1)

    stderr = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
    expect(page.locator(stderr)).to_have_count(0)
    expect(page.get_by_text("That makes no sense")).to_have_count(0)
    assert console_errors(page) == []
    assert_teachers_page_accessible(page)   # axe-core on the teacher's page too
    record_property("seconds_whole_test", round(time.monotonic() - started, 1))

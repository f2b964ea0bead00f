"""The Philo Vance lesson (``notebooks/03_philo_vance.ipynb``) served by Voilà, in headless Chromium.

One page load (a kernel start is the slow part on a shared machine), then, as a class would:

* the page at load: the App draws the estate, the board in words under it (seats 1-4), no code on screen,
  nothing under 14 px, the core path (up to the Going further section) at most 4 screens of 900 px besides
  the App, Large type scales text;
* each prediction: Show the answer is disabled until Lock, Lock disables the input, the reveal shows the
  prediction beside the exact answer and the simulation with its interval;
* the student's own arrest (Arrest!) starts the convergence chart of arrests that came true;
* the tinker (RuleControls, shown with the experts' answer): a change updates the exact and simulated
  figures with intervals, a refused value shows the game's own message and keeps the last good rules;
* a quick check answers; Going further opens, with the exact Bayes table beside the simulation, and its
  buttons draw the 20,000 dealt hands and the belief grid (clues numbered 1-50); the pinned exact answers
  under For coders.
"""

import re
import time

import pytest
from playwright.sync_api import expect

from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import view_board as vb
from boardkit.render import palette as pal
from app_helpers import LOAD_TIMEOUT_MS, STEP_TIMEOUT_MS, assert_no_app_error, open_app, wait_for_images
from harness import canvas_pixel_stats, click_button, console_errors
from lesson_helpers import (assert_core_path_fits, assert_no_small_text, assert_teachers_page_accessible, lock_and_reveal,
                            prediction, record_canvas_words)

pytestmark = pytest.mark.browser

LESSON = "notebooks/03_philo_vance.ipynb"
CANVAS = (pv.App.WIDTH, pv.App.HEIGHT)   # the canvas's own size in pixels
SCREEN = 900                             # the height of a 1280x900 window
STUDY_TIMEOUT_MS = 180_000               # 200 games of four Detectives on a shared 2-core machine
INTERVAL = re.compile(r"\d+\.\d% \(\d+\.\d% to \d+\.\d%\)")

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



def set_slider(page, box, target):
    """Move the prediction's slider to ``target`` (its readout) with the keyboard, a step at a time."""
    handle, readout = box.locator(".noUi-handle"), box.locator(".widget-readout")
    handle.focus()
    for _ in range(60):
        value = float(readout.inner_text().strip().rstrip("%"))
        if value == target:
            break
        page.keyboard.press("ArrowRight" if value < target else "ArrowLeft")
        page.wait_for_timeout(60)
    expect(readout).to_have_text(re.compile(rf"^\s*{target}"), timeout=STEP_TIMEOUT_MS)



# --- the lesson notebook ------------------------------------------------------------------

def test_lesson_core_path_predictions_own_arrests_tinker_and_going_further(voila_server, browser_page,
                                                                           record_property):
    page = browser_page
    record_canvas_words(page)                                   # the board's words, as the canvas draws them
    started = time.monotonic()
    open_app(page, voila_server(LESSON, timeout=120), record_property)
    assert_board_drawn(page)

    # --- the page at load ------------------------------------------------------------------------------
    expect(page.get_by_text("NBVAL_CHECK_OUTPUT")).to_have_count(0)          # no code on screen
    # no answer on the page before its prediction (For coders keeps them in closed folds; the folded
    # Going further holds the hand table, 39.3% for the Butler, for after the first reveal)
    expect(page.get_by_text(re.compile(r"0\.3933|0\.8799|0\.6039|88\.0%|60\.4%")).filter(visible=True)).to_have_count(0)
    mirror = page.locator(".boardkit-mirror")
    expect(mirror).to_contain_text("Player 1 (you): detective on Park Here")
    expect(mirror).to_contain_text("Player 4: detective on Park Here")
    expect(mirror).not_to_contain_text("Player 0")
    # the App on one projector screen in Large type, its knowledge grid's words grown with the rest (issue 24); the
    # board's words 14 px on screen at 1280x900 with Large type off and on (they were 10 to 13 px), 15 px on the
    # projector (24 px on the 1,920 px canvas, shown 1,208 px wide there), none squeezed
    assert_core_path_fits(page, ".boardkit-pv-app", record_property, canvas=".boardkit-pv-app canvas",
                          canvas_words_px=15)
    expect(page.locator(".boardkit-prediction")).to_have_count(4)
    expect(page.locator(".boardkit-quick-check")).to_have_count(3)
    expect(page.locator(".boardkit-rule-controls")).to_have_count(0)         # the tinker comes with its answer

    # --- prediction 1: twelve random clues ------------------------------------------------------------------
    first = prediction(page, 0)
    set_slider(page, first, 40)
    answer = lock_and_reveal(page, first)
    expect(answer).to_contain_text("40%")
    expect(answer).to_contain_text("39.3%")                                  # the exact count for the Butler
    expect(answer).to_contain_text("2,000 hands dealt by the computer")
    expect(answer).to_contain_text(INTERVAL)

    # --- prediction 2: four right of six ---------------------------------------------------------------------
    second = prediction(page, 1)
    set_slider(page, second, 90)
    answer = lock_and_reveal(page, second)
    expect(answer).to_contain_text("90%")
    expect(answer).to_contain_text("88.0%")
    expect(answer).to_contain_text(INTERVAL)

    # --- a quick check ---------------------------------------------------------------------------------------
    check = page.locator(".boardkit-quick-check").first
    check.get_by_text("one", exact=True).click()
    check.locator("button.boardkit-check").click()
    expect(check.locator(".boardkit-feedback")).to_contain_text("Right!", timeout=STEP_TIMEOUT_MS)

    # --- the student's own arrest, then prediction 3: it starts the chart -------------------------------------
    # the clues are picked one tap at a time: the others stay picked, and the count says how many
    picker = page.locator(".boardkit-pick")
    count = picker.locator(".boardkit-pick-count")
    expect(count).to_contain_text("6 of 6 chosen: ready")
    necktie = picker.locator("label", has_text="24: a bright red necktie")
    necktie.click()                                                          # drop clue 24
    expect(count).to_contain_text("5 of 6 chosen", timeout=STEP_TIMEOUT_MS)
    expect(picker.locator("input:checked")).to_have_count(5)
    click_button(page, "Arrest!")
    expect(page.get_by_text("Name exactly 6 different clues (you chose 5)")).to_have_count(1, timeout=STEP_TIMEOUT_MS)
    necktie.locator("input").focus()
    page.keyboard.press("Space")                                             # the keyboard picks it again
    expect(count).to_contain_text("6 of 6 chosen: ready", timeout=STEP_TIMEOUT_MS)
    expect(necktie.locator("input")).to_be_checked()
    assert necktie.evaluate("e => e.getBoundingClientRect().height") >= 44   # a finger's target
    click_button(page, "Arrest!")
    expect(page.get_by_text("The verdict: SUCCESSFUL.")).to_have_count(1, timeout=STEP_TIMEOUT_MS)
    expect(page.get_by_text(re.compile(r"Your arrests so far: 1, 1 successful"))).to_have_count(1)
    third = prediction(page, 2)
    third.get_by_text("more often", exact=True).click()
    images = page.locator("img").count()
    lock_and_reveal(page, third, table=False)
    # four Detective bots play 200 games (seconds): a bar counts them, where the answer will come
    expect(third.locator(".widget-hprogress")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    expect(third).to_contain_text("Four Detective bots play")
    answer = third.locator("table.boardkit-table").first
    answer.wait_for(timeout=STUDY_TIMEOUT_MS)
    expect(answer).to_contain_text("more often")
    expect(answer).to_contain_text("What the grid promised")
    expect(answer).to_contain_text(INTERVAL)
    expect(third).to_contain_text("Your 1 arrest starts the chart")
    wait_for_images(page, images + 1, timeout=STUDY_TIMEOUT_MS)              # the convergence chart

    # --- prediction 4, then the tinker ------------------------------------------------------------------------
    fourth = prediction(page, 3)
    set_slider(page, fourth, 60)
    answer = lock_and_reveal(page, fourth)
    expect(answer).to_contain_text("60%")
    expect(answer).to_contain_text("60.4%")                                  # the experts' 5 of 6
    controls = page.locator(".boardkit-rule-controls")
    expect(controls).to_have_count(1, timeout=STEP_TIMEOUT_MS)
    result = fourth.locator("table.boardkit-table").nth(1)
    expect(result).to_contain_text("already hold 5 of the Butler")
    expect(result).to_contain_text("the six clues of part 3")
    expect(result).to_contain_text("60.4%")                                  # the same arrest as the answer above
    expect(result).to_contain_text(INTERVAL)
    need = controls.locator(".widget-slider").first
    need.locator(".noUi-handle").focus()
    page.keyboard.press("ArrowLeft")                                         # back to the rulebook's 4
    expect(result).to_contain_text("already hold 4 of the Butler", timeout=STUDY_TIMEOUT_MS)
    expect(result).to_contain_text("39.3%")
    expect(result).to_contain_text("88.0%")                                  # part 3's answer, 4 of 6
    expect(result).to_contain_text(INTERVAL)
    page.keyboard.press("End")                                               # 12 right of 6 named: refused
    error = controls.locator(".boardkit-rule-error")
    expect(error).to_contain_text("Right clues needed to declare: 12 is too large", timeout=STUDY_TIMEOUT_MS)
    expect(error).not_to_contain_text("declare_correct")
    expect(result).to_contain_text("already hold 4 of the Butler")              # the last good rules are kept

    # --- Going further --------------------------------------------------------------------------------------------
    further = page.locator(".boardkit-going-further")
    further.get_by_text("Going further: counting hands exactly").click()
    expect(further).to_contain_text("Bayes' rule", timeout=STEP_TIMEOUT_MS)
    bayes = further.locator("table.boardkit-table", has_text="After 'yes' and 'no': exact")
    expect(bayes).to_contain_text("26: a silver-polishing cloth")
    for exact in ("0.931", "0.764", "0.798"):
        expect(bayes).to_contain_text(exact)
    expect(bayes).to_contain_text(re.compile(r"0\.9\d\d \(0\.9\d\d to 0\.9\d\d\)"))
    images = page.locator("img").count()
    click_button(page, "Deal 20,000 hands")
    wait_for_images(page, images + 1, timeout=STUDY_TIMEOUT_MS)
    click_button(page, "Show the grid")
    wait_for_images(page, images + 2, timeout=STUDY_TIMEOUT_MS)
    assert_no_small_text(page)

    # --- For coders: its printouts of the exact answers (nbval pins them) wait in closed folds ------------------
    expect(page.get_by_text(re.compile(r"arrest The Maid, naming clues")).filter(visible=True)).to_have_count(0)
    expect(page.get_by_text(re.compile(r"26: a silver-polishing cloth: 0\.900 -> ")).filter(visible=True)).to_have_count(0)

    assert_board_drawn(page)                                                 # still there, never wiped
    assert_no_app_error(page)
    stderr = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
    expect(page.locator(stderr)).to_have_count(0)
    expect(page.get_by_text("That makes no sense")).to_have_count(0)
    assert console_errors(page) == []
    assert_teachers_page_accessible(page)   # axe-core on the teacher's page too
    record_property("seconds_whole_test", round(time.monotonic() - started, 1))

"""The index page (``notebooks/00_index.ipynb``) served by Voilà, in headless Chromium.

At load it lists the lessons with working links and shows the comparison of
all games (``bk.metrics.compare``) as a pinned table and a chart; its button
plays 1,000 games of each game for a sharper table.
"""

import re

import pytest
from playwright.sync_api import expect

from app_helpers import LOAD_TIMEOUT_MS, wait_for_images
from harness import click_button, console_errors
from lesson_helpers import assert_large_type_scales_text, assert_no_small_text

pytestmark = pytest.mark.browser

INDEX = "notebooks/00_index.ipynb"
GAMES = ("Mystery Date", "Mouse Trap", "Philo Vance", "Cluedo Card Game", "Win, Lose or Draw")
STUDY_TIMEOUT_MS = 300_000            # 8,000 games on a shared 2-core machine took about 30 s here


def test_index_lists_the_lessons_and_compares_the_five_games_after_a_prediction(voila_server, browser_page):
    page = browser_page
    page.goto(voila_server(INDEX, timeout=120), timeout=LOAD_TIMEOUT_MS)
    prediction = page.locator(".boardkit-prediction")
    prediction.wait_for(timeout=LOAD_TIMEOUT_MS)
    expect(page.get_by_text("NBVAL_CHECK_OUTPUT")).to_have_count(0)
    links = page.locator("a", has_text="open as a Voilà app")
    expect(links).to_have_count(6)   # five lessons and the design lab
    assert links.first.get_attribute("href").endswith("voila/render/notebooks/01_mystery_date.ipynb")
    assert_no_small_text(page)
    assert_large_type_scales_text(page)

    # Predict first: the answer (chart and table) shows only once the guess is locked.
    reveal = prediction.locator("button.boardkit-reveal")
    assert reveal.is_disabled()
    prediction.get_by_text("Mouse Trap", exact=True).click()
    prediction.locator("button.boardkit-lock").click()
    expect(reveal).to_be_enabled(timeout=30_000)
    reveal.click()
    answer = prediction.locator("table.boardkit-table")
    answer.wait_for(timeout=60_000)
    for game in GAMES:
        expect(answer).to_contain_text(game)
    expect(answer).to_contain_text(re.compile(r"\d+% \(\d+% to \d+%\)"))     # every share with its interval
    expect(answer).to_contain_text("no bot can draw")
    expect(prediction).to_contain_text("Your prediction: Mouse Trap")
    wait_for_images(page, 1)                                        # the comparison chart

    click_button(page, "Play 1,000 of each")
    sharper = page.locator(".jp-OutputArea-output table.boardkit-table", has_text="Win, Lose or Draw").last
    page.wait_for_function("() => document.querySelectorAll('table.boardkit-table').length >= 3",
                           timeout=STUDY_TIMEOUT_MS)
    expect(sharper).to_contain_text("Skill (0 luck, 1 skill)")
    wait_for_images(page, 2)
    expect(page.get_by_text("That makes no sense")).to_have_count(0)
    stderr = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
    expect(page.locator(stderr)).to_have_count(0)
    assert console_errors(page) == []

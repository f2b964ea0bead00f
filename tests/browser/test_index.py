"""The index page (``notebooks/00_index.ipynb``) served by Voilà, in headless Chromium.

At load it lists the lessons with links that work however the page is served
(``voila notebooks/``, ``voila notebooks/00_index.ipynb``, JupyterLab: see
test_jupyterlab.py) and asks its prediction; then it shows the comparison of
all games as a table and a chart; its button plays 1,000 games of each game
for a sharper table, after the answer.
"""

import re

import pytest
from playwright.sync_api import expect

from app_helpers import LOAD_TIMEOUT_MS, wait_for_images
from harness import NO_POOL, click_button, console_errors
from lesson_helpers import assert_large_type_scales_text, assert_no_small_text, assert_teachers_page_accessible

pytestmark = pytest.mark.browser

INDEX = "notebooks/00_index.ipynb"
GAMES = ("Mystery Date", "Mouse Trap", "Philo Vance", "Cluedo Card Game", "Win, Lose or Draw")
STUDY_TIMEOUT_MS = 300_000            # 8,000 games on a shared 2-core machine took about 30 s here

LINK = "open as a Voilà app"
# ``voila notebooks/`` (the folder's test) runs with NO_POOL: it opens two of the folder's seven notebooks, so
# each page gets a kernel started for it (as when the pool is used up) and no kernel runs a notebook for nobody.


def test_index_compares_the_five_games_after_a_prediction(voila_server, browser_page):
    """Served alone (``voila notebooks/00_index.ipynb``): no broken links, and no answer before the guess."""
    page = browser_page
    page.goto(voila_server(INDEX, timeout=120), timeout=LOAD_TIMEOUT_MS)
    prediction = page.locator(".boardkit-prediction")
    prediction.wait_for(timeout=LOAD_TIMEOUT_MS)
    expect(page.get_by_text("NBVAL_CHECK_OUTPUT")).to_have_count(0)
    # This server shows only this page: it says how to open the lessons instead of links that answer 403.
    links = page.locator(".boardkit-lesson-links")
    expect(links).to_contain_text("This Voilà server shows only this page", timeout=LOAD_TIMEOUT_MS)
    expect(links).to_contain_text("voila notebooks/")
    expect(page.locator("a", has_text=LINK)).to_have_count(0)
    # no development details on a student's page
    expect(page.get_by_text(re.compile(r"boardkit version|Python module"))).to_have_count(0)
    # the For coders printout (the prediction's answer) waits in a closed fold
    expect(page.get_by_text("first seat win rate").filter(visible=True)).to_have_count(0)
    assert_no_small_text(page)
    assert_large_type_scales_text(page)

    # The sharper study is the answer too: it waits for the prediction.
    click_button(page, "Play 1,000 of each")
    expect(page.get_by_text("Lock your prediction above and press Show the answer first.")).to_be_visible(
        timeout=30_000)
    expect(page.locator("table.boardkit-table")).to_have_count(0)

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
    expect(answer).not_to_contain_text("-0.")                       # skill stays on its 0-1 scale
    expect(prediction).to_contain_text("Your prediction: Mouse Trap")
    wait_for_images(page, 1)                                        # the comparison chart

    click_button(page, "Play 1,000 of each")
    sharper = page.locator(".jp-OutputArea-output table.boardkit-table", has_text="Win, Lose or Draw").last
    page.wait_for_function("() => document.querySelectorAll('table.boardkit-table').length >= 2",
                           timeout=STUDY_TIMEOUT_MS)
    expect(sharper).to_contain_text("Skill (0 luck, 1 skill)")
    expect(sharper).not_to_contain_text("-0.")
    wait_for_images(page, 2)
    expect(page.get_by_text("That makes no sense")).to_have_count(0)
    expect(page.get_by_text(re.compile(r"\?it/s|it/s\]"))).to_have_count(0)  # the progress bar counts games
    stderr = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
    expect(page.locator(stderr)).to_have_count(0)
    assert console_errors(page) == []
    assert_teachers_page_accessible(page, class_line=False)   # axe-core on the teacher's page too


def test_index_links_open_the_lessons_under_voila_on_the_folder(voila_server, browser_page):
    """``voila notebooks/``, the README's first command: every link opens its lesson (they returned 404)."""
    page = browser_page
    page.goto(voila_server("notebooks", timeout=120, extra_args=(NO_POOL,)) + "voila/render/00_index.ipynb", timeout=LOAD_TIMEOUT_MS)
    links = page.locator(".boardkit-lesson-links a", has_text=LINK)
    expect(links).to_have_count(6, timeout=LOAD_TIMEOUT_MS)       # five lessons and the design lab
    assert links.first.get_attribute("href") == "/voila/render/01_mystery_date.ipynb"
    for link in links.all():                                       # each sits beside this page
        assert re.fullmatch(r"/voila/render/0[1-6]_\w+\.ipynb", link.get_attribute("href"))
    with page.context.expect_page() as opened:
        links.first.click()
    lesson = opened.value                                          # the lesson's own page, not a 404
    expect(lesson.get_by_role("heading", name=re.compile("Mystery Date"))).to_be_visible(timeout=LOAD_TIMEOUT_MS)
    lesson.close()

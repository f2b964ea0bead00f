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

pytestmark = pytest.mark.browser

INDEX = "notebooks/00_index.ipynb"
GAMES = ("Mystery Date", "Mouse Trap", "Philo Vance", "Cluedo Card Game")
STUDY_TIMEOUT_MS = 300_000            # 8,000 games on a shared 2-core machine took about 30 s here


def test_index_lists_the_lessons_and_compares_the_games(voila_server, browser_page):
    page = browser_page
    page.goto(voila_server(INDEX, timeout=120), timeout=LOAD_TIMEOUT_MS)
    table = page.locator(".jp-OutputArea-output", has_text="first seat win rate")
    table.wait_for(timeout=LOAD_TIMEOUT_MS)
    for game in GAMES:
        expect(table).to_contain_text(game)
    expect(table).to_contain_text("skill")
    expect(page.get_by_text("NBVAL_CHECK_OUTPUT")).to_have_count(0)
    links = page.locator("a", has_text="open as a Voilà app")
    expect(links).to_have_count(6)   # five lessons and the design lab
    assert links.first.get_attribute("href").endswith("voila/render/notebooks/01_mystery_date.ipynb")
    wait_for_images(page, 1)                                        # the comparison chart

    click_button(page, "Play 1,000 of each")
    sharper = page.locator(".jp-OutputArea-output table", has_text="first seat win rate")
    sharper.wait_for(timeout=STUDY_TIMEOUT_MS)
    expect(sharper).to_contain_text(re.compile(r"1000"))
    wait_for_images(page, 2)
    expect(page.get_by_text("That makes no sense")).to_have_count(0)
    stderr = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
    expect(page.locator(stderr)).to_have_count(0)
    assert console_errors(page) == []

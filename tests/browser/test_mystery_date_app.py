"""The Mystery Date app (``md.App``) served by Voilà and played in headless Chromium.

Two fixture notebooks: four Collector bots (seed 3), and seat 1 human with
three Collector bots (seed 33).  The tests read the canvas pixels (so a blank
canvas fails), the status line (``.boardkit-status``: "Turn N · seed S
replays this game", and the decisions it counts out of sight) and the buttons, and never assume a particular sequence of rolls:
they react to whatever decision the game asks for.
"""

import re

import pytest
from playwright.sync_api import expect

from boardkit.games import mystery_date as md
from boardkit.games.mystery_date import view_draw as vd
from app_helpers import (STEP_TIMEOUT_MS, assert_autoplay_starts_and_stops, assert_no_app_error,
                         canvas_click, counters, open_app, play_20_turns, status, wait_for_decision)
from a11y import assert_accessible
from harness import canvas_pixel_stats, console_errors, wait_for_pixels_to_change

pytestmark = pytest.mark.browser

BOTS_APP = "tests/browser/fixtures/mystery_date_app.ipynb"
HUMAN_APP = "tests/browser/fixtures/mystery_date_human.ipynb"
CANVAS = (vd.WIDTH, vd.HEIGHT)       # the canvas's own size in pixels
#: the ways of playing the human test must use: choice button, canvas click, key 1 on the
#: canvas, Space on the Roll button, a click on the canvas during a bot's turn
WAYS = {"button", "canvas", "key", "space", "out of turn"}


# --- helpers --------------------------------------------------------------------------

def assert_board_drawn(stats):
    assert stats["canvases"] == 1                           # a MultiCanvas shows as one <canvas>
    assert stats["drawn"] == stats["pixels"]                # the board's background covers it all
    assert stats["non_background"] > 0.3 * stats["pixels"]  # spaces, door, piles, hands, pawns
    assert stats["major_colours"] >= 8                      # the palette, not a single fill


def centre(rect, dx=None):
    x, y, w, h = rect
    return x + (w / 2 if dx is None else dx), y + h / 2


def first_card_point(seat, n_players):
    """A point on the leftmost card of ``seat``'s hand, in its part never covered by the next card.

    A hand is drawn sorted by colour (``md.COLOURS`` order), then number.
    """
    x, y, _, _ = vd.hand_rects(seat, n_players, 1)[0]
    return x + 16, y + vd.CARD_H / 2


def canvas_point_for(label, layout, n_players):
    """Where on the canvas to click for the choice button ``label`` (None: buttons only)."""
    text = label.split(". ", 1)[-1].lower()
    if text.startswith(("give the", "discard the")):
        return first_card_point(0, n_players)
    if text == "take from the draw pile":
        return centre(layout.draw_rect)
    if text == "take from the discard pile":
        return centre(layout.discard_rect)
    found = re.fullmatch(r"swap with player (\d)", text)
    if found:
        panel = vd.panel_rect(int(found[1]) - 1, n_players)
        return panel[0] + panel[2] / 2, panel[1] + 26   # the hand's title line
    return None                                          # showing an outfit: use the buttons


def hand_order(card_text):
    """Sort key of a card named like "red 1": the order a hand is drawn in, left to right."""
    colour, number = card_text.lower().split()
    return md.COLOURS.index(colour), int(number)


def expected_news(label, by_canvas=False):
    """A phrase (or pattern) the status line shows once the action of ``label`` is made.

    ``by_canvas``: the choice was a click on the hand's leftmost card, not the button.
    """
    text = label.split(". ", 1)[-1].lower()
    if text.startswith("give the"):
        return "Player 1 swaps a card with"
    if text.startswith("discard the"):
        if by_canvas:
            return re.compile(r"Player 1 discards the (\w+ \d)\.")
        return f"Player 1 discards the {text.removeprefix('discard the ')}"
    if text.startswith("take from the"):
        return "Player 1 takes"
    if text.startswith("swap with"):
        return f"Player 1 chooses to {text}"
    return "opens the door"


# --- four bots ------------------------------------------------------------------------

def test_bots_app_draws_and_plays_20_turns(voila_server, browser_page, record_property):
    page = browser_page
    open_app(page, voila_server(BOTS_APP), record_property)
    assert_accessible(page)                  # axe-core: WCAG 2.1 A and AA, at load

    first = canvas_pixel_stats(page)
    assert_board_drawn(first)
    roll = page.locator(".md-roll")
    expect(roll).to_have_text("Step")                 # bots' turns: one decision per click
    turn0, decision0 = counters(page)
    assert (turn0, decision0) == (1, 0)                # turn 1 is about to be played
    assert "seed 3" in status(page).inner_text()
    # the status box and the board in words are whole: their right edge is not cut off by the page
    for selector in (".boardkit-status", ".boardkit-mirror"):
        inside = page.locator(selector).first.evaluate(
            "e => e.getBoundingClientRect().right <= e.closest('.jp-OutputArea-output').getBoundingClientRect().right")
        assert inside, selector

    turn, decision, per_decision, texts, digests = play_20_turns(page, roll, max_decisions=200)
    record_property("decisions_for_20_turns", decision)
    record_property("seconds_per_decision", round(per_decision, 3))

    assert turn >= turn0 + 20 or "Press New game" in status(page).inner_text()
    assert len(texts) > decision // 2                  # the status says what happened each time
    wait_for_pixels_to_change(page, first["digest"])
    last = canvas_pixel_stats(page)
    assert len(digests | {last["digest"]}) > 5          # the picture followed the game
    assert_board_drawn(last)                            # redrawn, never wiped

    # Autoplay: a thread in the kernel plays on (2 decisions a second) until switched off.
    if "Press New game" not in status(page).inner_text():
        assert_autoplay_starts_and_stops(page, page.locator(".md-autoplay"), decision)
    assert_no_app_error(page)
    assert console_errors(page) == []


def test_the_keyboard_gets_on_past_the_board(voila_server, browser_page, record_property):
    """The board's canvas keeps every key from the browser, Tab included (ipycanvas), so the
    App moves the focus itself: Tab goes on to Step, Shift+Tab back to a skip button before
    the board, shown only while it has the focus, and Enter on it leads to the controls."""
    page = browser_page
    open_app(page, voila_server(BOTS_APP), record_property)
    canvas, roll, skip = page.locator("canvas").first, page.locator(".md-roll"), page.locator(".boardkit-skip")
    assert skip.bounding_box()["width"] <= 1                # hidden from sight until it has the focus
    before = counters(page)
    canvas.focus()
    page.keyboard.press("Tab")
    expect(roll).to_be_focused(timeout=STEP_TIMEOUT_MS)
    page.keyboard.press("Shift+Tab")                        # the browser's own step back: the board
    expect(canvas).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(skip).to_be_focused(timeout=STEP_TIMEOUT_MS)
    assert skip.bounding_box()["width"] > 100                # shown, with its words, while focused
    expect(skip).to_contain_text("Skip the board")
    page.keyboard.press("Enter")
    expect(roll).to_be_focused(timeout=STEP_TIMEOUT_MS)
    assert counters(page) == before                          # moving about decided nothing
    assert_no_app_error(page)
    assert console_errors(page) == []


# --- a human seat ---------------------------------------------------------------------

def test_human_seat_plays_by_buttons_canvas_and_keys(voila_server, browser_page, record_property):
    page = browser_page
    open_app(page, voila_server(HUMAN_APP), record_property)
    assert_accessible(page)                  # axe-core: WCAG 2.1 A and AA, at load
    assert_board_drawn(canvas_pixel_stats(page))
    layout = vd.Layout.for_board(len(md.Rules().board))
    n_players = 4
    roll = page.locator(".md-roll")
    choices = page.locator(".md-choice")
    expect(roll).to_have_text("Roll")
    expect(status(page)).to_contain_text("Player 1, your turn")
    _, decision = counters(page)
    assert decision == 0

    # A card can't be played before rolling: a notice, and nothing changes.
    canvas_click(page, *first_card_point(0, n_players), CANVAS)
    expect(status(page)).to_contain_text("Cards are not played now")
    assert counters(page) == (1, 0)

    # Keyboard: the focused Roll button answers Enter.
    digest = canvas_pixel_stats(page)["digest"]
    roll.focus()
    page.keyboard.press("Enter")
    decision += 1
    wait_for_decision(page, decision)
    expect(status(page)).to_contain_text("Player 1 rolls a")
    wait_for_pixels_to_change(page, digest)            # the die and the pawn moved

    done = set()      # which ways of answering a decision were used
    new_games = 0
    while not WAYS <= done:
        assert decision < 400, f"not every way of playing came up: only {sorted(done)}"
        before = status(page).inner_text()
        if "Press New game" in before:                 # over already: deal another game
            new_games += 1
            assert new_games <= 3, f"three games ended before every way of playing came up: {done}"
            page.locator(".boardkit-md-app input[type=text]").fill(str(100 + new_games))
            page.locator(".md-new-game").click(timeout=STEP_TIMEOUT_MS)
            expect(status(page)).to_contain_text(f"seed {100 + new_games} replays this game")
            wait_for_decision(page, 0)
            decision = 0
            continue
        if "bot) is next" in before:                   # a bot's decision
            expect(roll).to_have_text("Step")
            if "out of turn" not in done:              # clicking on a bot's turn changes nothing
                canvas_click(page, *first_card_point(0, n_players), CANVAS)
                expect(status(page)).to_contain_text("a bot plays it")
                assert counters(page)[1] == decision
                done.add("out of turn")
            roll.click(timeout=STEP_TIMEOUT_MS)
            expected = None
        elif "Player 1, your turn" in before:          # the human's roll, by keyboard
            expect(roll).to_have_text("Roll")
            expect(roll).to_be_enabled()
            roll.focus()
            page.keyboard.press("Space")
            done.add("space")
            expected = "Player 1 rolls a"
        else:                                          # the human must choose
            expect(roll).to_be_disabled()
            expect(choices.first).to_be_visible()
            label = choices.first.inner_text()
            expected = expected_news(label)
            point = canvas_point_for(label, layout, n_players)
            if "canvas" not in done and point is not None:
                expected = expected_news(label, by_canvas=True)
                labels = choices.all_inner_texts()
                canvas_click(page, *point, CANVAS)
                done.add("canvas")
            elif "key" not in done:
                page.locator("canvas").focus()         # the canvas takes keys: 1-9 pick a choice
                page.keyboard.press("1")
                done.add("key")
            else:
                choices.first.click(timeout=STEP_TIMEOUT_MS)
                done.add("button")
        decision += 1
        wait_for_decision(page, decision)
        if expected:
            expect(status(page)).to_contain_text(expected, ignore_case=True)
        if isinstance(expected, re.Pattern):           # a card discarded by a click on the canvas:
            card = expected.search(status(page).inner_text())[1]   # the leftmost of the hand
            assert all(hand_order(card) <= hand_order(other.split(" the ")[-1]) for other in labels)
        assert status(page).inner_text() != before
        assert_no_app_error(page)
    print(f"ways of playing used by decision {decision}: {sorted(done)}")
    assert WAYS <= done
    assert_board_drawn(canvas_pixel_stats(page))
    assert console_errors(page) == []

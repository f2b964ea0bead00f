"""The Cluedo Card Game app (``cc.App``) served by Voilà and played in headless Chromium.

The fixture notebook seats a human at seat 1 and three bots, seed 3.  The
test deals the same game here (``cc.Game`` with seed 3) to know the human's
hand and where each card is drawn (``view_draw`` is pure), then reads the
canvas pixels of parts of the table (so a blank or half-drawn table fails),
clicks cards with the real mouse, and reads the status line.
"""

import pytest
from playwright.sync_api import expect

from boardkit.games import cluedo_cards as cc
from boardkit.games.cluedo_cards import view_draw as vd
from boardkit.games.cluedo_cards import view_scene as vs
from boardkit.render import palette
from app_helpers import STEP_TIMEOUT_MS, assert_no_app_error, canvas_click, counters, open_app, status, \
    wait_for_decision
from a11y import assert_accessible
from harness import canvas_pixel_stats, console_errors

pytestmark = pytest.mark.browser

APP = "tests/browser/fixtures/cluedo_cards_app.ipynb"
SEATS = ["human", "Shedder", "Revolverist", "Random"]
SEED = 3
CANVAS = (vd.WIDTH, vd.HEIGHT)       # the canvas's own size in pixels
LAYOUT = vd.Layout()

_REGION_JS = """
([x, y, w, h, bg]) => {
    const data = document.querySelector('canvas').getContext('2d').getImageData(x, y, w, h).data;
    const counts = new Map();
    let other = 0, digest = 0;
    for (let i = 0; i < data.length; i += 4) {
        const key = (data[i] << 24 | data[i + 1] << 16 | data[i + 2] << 8 | data[i + 3]) >>> 0;
        if (data[i] !== bg[0] || data[i + 1] !== bg[1] || data[i + 2] !== bg[2]) other++;
        counts.set(key, (counts.get(key) || 0) + 1);
        digest = (Math.imul(digest, 31) + key) | 0;
    }
    let major = 0;
    for (const n of counts.values()) if (n >= w * h / 200) major++;
    return {pixels: w * h, non_background: other, major_colours: major, digest: digest};
}
"""


def region(page, rect):
    """Pixel statistics of the canvas rectangle ``rect`` (x, y, w, h in canvas pixels)."""
    x, y, w, h = (int(v) for v in rect)
    return page.evaluate(_REGION_JS, [x, y, w, h, list(palette.hex_to_rgb(palette.BACKGROUND))])


def wait_for_region_change(page, rect, digest):
    x, y, w, h = (int(v) for v in rect)
    page.wait_for_function(f"([args, old]) => ({_REGION_JS})(args).digest !== old",
                           arg=[[x, y, w, h, list(palette.hex_to_rgb(palette.BACKGROUND))], digest],
                           timeout=STEP_TIMEOUT_MS, polling=100)


def the_deal():
    """The fixture's game as dealt, and its table (the same seed deals the same cards)."""
    game = cc.Game(cc.Rules(), n_players=4, seed=SEED)
    return game, vs.snapshot(game, SEATS)


def card_point(scene, card):
    """A point on ``card`` of the human's hand, in its left strip (never covered by the next card)."""
    x, y, w, h = vd.card_rect(LAYOUT, scene, 0, card)
    return x + 20, y + h / 2


def test_human_plays_a_card_by_clicking_it(voila_server, browser_page, record_property):
    page = browser_page
    open_app(page, voila_server(APP), record_property)
    assert_accessible(page)                  # axe-core: WCAG 2.1 A and AA, at load
    game, scene = the_deal()
    playable = [c for c in scene.hands[0] if c in scene.playable[0]]
    unplayable = [c for c in scene.hands[0] if c not in scene.playable[0]]
    assert playable and unplayable, "the fixture's seed must deal seat 1 both kinds of card"
    plain = [c for c in playable if c.picture not in game.rules.power_of] or playable
    card, wrong = plain[0], unplayable[0]

    # The whole table is drawn: covered, mostly not background, many colours.
    whole = canvas_pixel_stats(page)
    assert whole["canvases"] == 1 and whole["drawn"] == whole["pixels"]
    assert whole["non_background"] > 0.4 * whole["pixels"] and whole["major_colours"] >= 8
    # The hand and the discard pile, by their own pixels.
    hand = region(page, LAYOUT.hand_panel)
    assert hand["non_background"] > 0.95 * hand["pixels"] and hand["major_colours"] >= 4
    discard_rect = LAYOUT.discard_rect
    discard = region(page, discard_rect)
    assert discard["non_background"] > 0.9 * discard["pixels"] and discard["major_colours"] >= 3
    expect(status(page)).to_contain_text("Player 1, your turn")
    assert counters(page) == (1, 0)                    # turn 1 is about to be played
    expect(page.locator(".cc-roll")).to_have_text("Step")
    expect(page.locator(".cc-play")).to_have_count(len(playable))

    # A card that doesn't match: a notice, and nothing changes.
    canvas_click(page, *card_point(scene, wrong), CANVAS)
    expect(status(page)).to_contain_text(f"The {vd.card_name(wrong)} doesn't match the {vd.card_name(game.top)}")
    assert counters(page) == (1, 0)                    # turn 1 is about to be played
    assert region(page, discard_rect)["digest"] == discard["digest"]

    # A playable card: it is played, the status says so and the discard pile shows it.
    before = status(page).inner_text()
    canvas_click(page, *card_point(scene, card), CANVAS)
    wait_for_decision(page, 1)
    expect(status(page)).to_contain_text(f"Player 1 plays the {card}.")
    assert status(page).inner_text() != before
    wait_for_region_change(page, discard_rect, discard["digest"])
    after = region(page, discard_rect)
    assert after["non_background"] > 0.9 * after["pixels"]
    assert region(page, LAYOUT.hand_panel)["digest"] != hand["digest"]     # the hand lost the card

    # Then a bot: Step makes its decision.
    expect(status(page)).to_contain_text("bot) is next")
    page.locator(".cc-roll").click(timeout=STEP_TIMEOUT_MS)
    wait_for_decision(page, 2)
    assert_no_app_error(page)
    assert console_errors(page) == []

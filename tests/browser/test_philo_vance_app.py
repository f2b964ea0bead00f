"""The Philo Vance app (``pv.App``) served by Voilà and played in headless Chromium.

Two fixture notebooks: a new game with seat 1 human and three Detective bots
(seed 11: the human draws and keeps a clue within a dozen decisions), and a
midgame of six players (seed 7, four arrests heard, seat 1 human to throw).  Each test plays *the same game* in this process (a mirror:
the same seed, the same bots, the same human choices), so it knows where
every piece stands and which spaces a throw allows; it checks the canvas's
pixels where ``view_draw`` and ``view_court`` put things (the lawn, a red
clue spot, X, the pieces, the court cards' jurors), the knowledge grid under
the controls (page text: its cells' shades, the suspects' names apart), clicks
the canvas as a human would (the dice, a destination space, a juror), and reads
the status line (``.boardkit-status``).  The board (1920 x 960) is checked to
fit the window whole with the status line, the choices and the controls under
it, at 1280 x 900 as at 1920 x 1200.
"""


import numpy as np
import pytest
from playwright.sync_api import expect

from boardkit.core import step as bot_step
from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import analysis
from boardkit.games.philo_vance import view_board as vb
from boardkit.games.philo_vance import view_court as vc
from boardkit.games.philo_vance import view_draw
from boardkit.games.philo_vance import view_grid as vg
from boardkit.games.philo_vance.game import BEFORE_ROLL, DRAWING, KEEPING, MOVING, TURNING_UP
from boardkit.render import palette as pal
from app_helpers import (STEP_TIMEOUT_MS, assert_no_app_error, centre, counters, open_app, pictures_until_decision,
                         status, wait_for_decision)
from a11y import assert_accessible
from harness import canvas_pixel_stats, console_errors
from lesson_helpers import app_play_area

pytestmark = pytest.mark.browser

NEW_GAME = "tests/browser/fixtures/philo_vance_app.ipynb"
MIDGAME = "tests/browser/fixtures/philo_vance_midgame.ipynb"
LAYOUT = vb.Layout.for_rules(pv.Rules())
BOARD = pv.Rules().estate
CANVAS = (vb.WIDTH, vb.HEIGHT)
SCREENSHOT = "/tmp/pv_app.png"

_PIXEL_JS = """([x, y]) => {
    const c = document.querySelector('canvas');
    return Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data);
}"""
# The canvas at its top, and its size as drawn and as shown, and the window's height.
_SCROLL_TO_CANVAS_JS = """c => {
    c.scrollIntoView({block: "start"});
    const box = c.getBoundingClientRect();
    return [c.width, c.height, box.width, box.height, box.top, window.innerHeight];
}"""


# --- helpers ---------------------------------------------------------------------------------

def pixel(page, x, y):
    """(r, g, b) of the composited canvas at logical canvas pixel (x, y)."""
    return tuple(page.evaluate(_PIXEL_JS, [int(x), int(y)])[:3])


def rgb(colour):
    return pal.hex_to_rgb(colour)


def show_the_board(page):
    """Scroll the board to the window's top and check it is shown whole: returns its scale on the screen.

    The canvas's shape is 1920 x 960, and the app keeps it within the
    window's height (a canvas exactly as tall as the window can sit a
    fraction of a pixel past its bottom once scrolled: hence the half pixel).
    """
    width, height, shown_w, shown_h, top, window_h = page.locator("canvas").evaluate(_SCROLL_TO_CANVAS_JS)
    assert (width, height) == CANVAS
    assert shown_h <= window_h + 0.5, f"the board is {shown_h:.0f} px tall in a window {window_h} px tall"
    assert abs(top) <= 1 and abs(shown_w / width - shown_h / height) < 0.01       # at the top, not stretched
    return shown_h / height


def canvas_click(page, x, y):
    """Click the canvas at logical canvas pixel (x, y), scaled to its displayed size.

    The board is first scrolled to the window's top, shown whole: ipycanvas
    (0.14) focuses the canvas on mouse down *before* it reads the click's
    position, and focusing a partly scrolled-off canvas scrolls the page, so
    the click would land where the page has moved to, not where it was aimed.
    """
    scale = show_the_board(page)
    page.locator("canvas").click(position={"x": x * scale, "y": y * scale})


def assert_grid_names_apart(page):
    """Beside the knowledge grid, every suspect's name is written in its row, at least 18 px, and no two
    neighbours' names touch."""
    names = page.locator(".boardkit-pv-grid .pv-grid-name")
    expect(names).to_have_text([s.name for s in pv.SUSPECTS])
    boxes = [names.nth(i).bounding_box() for i in range(len(pv.SUSPECTS))]
    for above, below in zip(boxes, boxes[1:]):
        assert above["y"] + above["height"] <= below["y"] + 0.5, (above, below)
    assert names.first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 18


def assert_play_area_on_one_screen(page):
    """The board, the status line, the choices and the controls fit the window, the board at its top."""
    area = app_play_area(page, ".boardkit-pv-app")
    assert area["height"] <= page.viewport_size["height"], area


def near(a, b, tol=8):
    return all(abs(p - q) <= tol for p, q in zip(a, b))


class Mirror:
    """The app's game, played again in this process: bots as the app's (a fresh bot each decision)."""

    def __init__(self, game, seats):
        self.game, self.seats = game, seats

    def bots(self):
        return [None if s == "human" else pv.App.BOTS[s]() for s in self.seats]

    def step(self):
        return bot_step(self.game, self.bots())

    def apply(self, action):
        self.game.apply(action)

    def piece_point(self, piece):
        """A point inside every pawn shape, clear of the label in its middle: low and to the left."""
        x, y, size = vb.piece_slots(LAYOUT, view_draw.snapshot(self.game, self.seats).positions)[piece]
        return x - size * 0.18, y + size * 0.16


def assert_board_drawn(page, mirror):
    stats = canvas_pixel_stats(page)
    assert stats["canvases"] == 1                           # a MultiCanvas shows as one <canvas>
    assert stats["drawn"] == stats["pixels"]                # the background covers it all
    assert stats["major_colours"] >= 10
    # the lawn; a red clue spot nobody stands on; the white X square round its letter
    assert near(pixel(page, *vb.to_px(0.6, 12.6)), rgb(vb.LAWN))
    game = mirror.game
    free_spot = next(s for s in sorted(BOARD.red_spots) if not game.pieces_at(s))
    assert near(pixel(page, LAYOUT.xs[free_spot], LAYOUT.ys[free_spot]), rgb(vb.RED_SPOT))
    x, y, w, h = LAYOUT.space_rect(BOARD.x)
    if not game.pieces_at(BOARD.x):
        assert near(pixel(page, x + 6, y + 6), rgb(pal.WHITE))
    # every detective on the board in its own colour
    for seat in range(game.n_players):
        if game.position[seat] is not None:
            assert near(pixel(page, *mirror.piece_point(seat)), rgb(vb.player_style(seat).colour), tol=12), seat
    # the knowledge grid: the Wife's first specific clue, as the table believes now
    beliefs = analysis.KnowledgeGrid.from_prior()
    for _, suspect, named, ok in game.verdicts:
        beliefs.on_declaration(suspect, named, ok)
    cells = page.locator(".boardkit-pv-grid .pv-grid-cells i")
    expect(cells).to_have_count(beliefs.beliefs.size)
    for suspect, clue in ((0, 0), (2, 40), (7, 23)):
        shown = cells.nth(suspect * beliefs.beliefs.shape[1] + clue).evaluate("e => getComputedStyle(e).backgroundColor")
        assert shown == "rgb(%d, %d, %d)" % rgb(vg.blue(beliefs.beliefs[suspect, clue])), (suspect, clue)
    assert_grid_names_apart(page)
    return stats


def juror_pixel(page, seat, juror, n_players):
    """A point of a juror's box away from its text: near its bottom right corner, above the belief bar."""
    x, y, w, h = vc.juror_rects(seat, n_players)[juror - 1]
    return pixel(page, x + w - 10, y + h - 13)


def click_space(page, space):
    canvas_click(page, LAYOUT.xs[space], LAYOUT.ys[space])


def click_juror(page, seat, juror, n_players):
    canvas_click(page, *centre(vc.juror_rects(seat, n_players)[juror - 1]))


def decide(page, mirror, done):
    """Make the next decision, by a click as a human would (or Step for a bot); returns its name."""
    game = mirror.game
    seat = game.current_player
    if mirror.seats[seat] != "human":
        page.locator(".pv-roll").click(timeout=STEP_TIMEOUT_MS)
        mirror.step()
        return "bot"
    legal = game.legal_actions()
    phase = game.phase
    if phase == BEFORE_ROLL:
        if "dice" not in done:
            canvas_click(page, *centre(LAYOUT.dice_rect))
            name = "dice"
        else:
            page.locator(".pv-roll").click(timeout=STEP_TIMEOUT_MS)
            name = "roll"
        mirror.apply(pv.Roll())
        return name
    if phase == MOVING:
        expect(status(page)).to_contain_text("click a highlighted space")
        # to X for the court card first (directly or by a green arrow), then to the clue spots
        wanted = BOARD.red_spots if game.court[seat] is not None else BOARD.arrows | {BOARD.x}
        moves = [a for a in legal if isinstance(a, pv.Move)]     # (not "Leave Philo Vance where he is")
        spots = [a for a in moves if a.space in wanted and not game.pieces_at(a.space)]
        action = (spots or moves)[0]
        click_space(page, action.space)
        mirror.apply(action)
        return "move"
    if phase == KEEPING:
        action = pv.Keep(12)
        click_juror(page, seat, 12, game.n_players)
        mirror.apply(action)
        return "keep"
    if phase == TURNING_UP:
        action = legal[0]
        click_juror(page, seat, action.juror, game.n_players)
        mirror.apply(action)
        return "turn up"
    if phase == DRAWING:  # on a red clue spot he may draw: two buttons, and he draws
        expect(page.locator(".pv-nodraw")).to_contain_text("Do not draw")
        page.locator(".pv-draw").click(timeout=STEP_TIMEOUT_MS)
        mirror.apply(pv.Draw())
        return "draw"
    # everything else with the buttons: do not bump, spare, pass, draw (on X after a failed conviction)
    for css, action in ((".pv-nobump", pv.NoBump()), (".pv-spare", pv.Spare()), (".pv-pass", pv.Pass()),
                        (".pv-draw", pv.Draw())):
        if action in legal:
            page.locator(css).click(timeout=STEP_TIMEOUT_MS)
            mirror.apply(action)
            return "button"
    raise AssertionError(f"unexpected human decision in phase {phase!r}: {legal}")


# --- a new game: the board, the dice, a human's clicks -----------------------------------------------

def test_new_game_draws_the_estate_and_a_human_plays_by_clicking(voila_server, browser_page, record_property):
    page = browser_page
    open_app(page, voila_server(NEW_GAME), record_property)
    assert_accessible(page)                  # axe-core: WCAG 2.1 A and AA, at load
    seats = ["human", "Detective", "Detective", "Detective"]
    mirror = Mirror(pv.Game(pv.Rules(), n_players=4, seed=11), seats)
    assert_board_drawn(page, mirror)
    assert "seed 11" in status(page).inner_text() and counters(page) == (1, 0)
    # a laptop: the whole board fits the 1280 x 900 window, with the status line and the controls under it
    show_the_board(page)
    assert_play_area_on_one_screen(page)
    # before the first visit to X the jurors are empty
    assert near(juror_pixel(page, 1, 1, 4), rgb(vc.EMPTY_FILL))

    done, decision, glides = [], 0, []
    while not ({"dice", "move", "bot"} <= set(done) and ({"draw", "keep"} <= set(done) or decision >= 150)):
        assert decision < 250, f"not everything came up: {done}"
        before = status(page).inner_text()
        done.append(decide(page, mirror, done))
        decision += 1
        seen = pictures_until_decision(page, decision)    # the piece glides along its route meanwhile
        if done[-1] == "move" and not glides:
            glides.append(len(seen))
        after = status(page).inner_text()
        assert after != before
        assert_no_app_error(page)
        if done[-1] == "move":                            # the glide has played: the words follow the picture
            seat = 0
            if mirror.game.position[seat] is not None:
                assert near(pixel(page, *mirror.piece_point(seat)), rgb(vb.player_style(seat).colour), tol=12)
        if done[-1] == "keep":
            expect(status(page)).to_contain_text("Player 1 keeps")
    print(f"decisions {decision}: {sorted(set(done))}; distinct frames of the first glide: {glides}")
    assert glides and glides[0] >= 4
    record_property("human_decisions", ",".join(d for d in done if d != "bot"))
    assert_board_drawn(page, mirror)
    assert console_errors(page) == []


# --- the midgame: full court cards, the grid learned, a move, autoplay --------------------------------

def midgame():
    """The fixture's game, played the same way here."""
    game = pv.Game(pv.Rules(), n_players=6, seed=7)
    bots = [pv.bots.Detective() for _ in range(6)]
    while not (len(game.verdicts) >= 4 and game.phase == BEFORE_ROLL and game.current == 0
               and game.position[0] not in game.board.queue):
        bot_step(game, bots)
    return game


def test_midgame_shows_court_cards_the_grid_and_plays_on(voila_server, browser_page, record_property):
    page = browser_page
    page.set_viewport_size({"width": 1920, "height": 1200})          # a classroom projector
    open_app(page, voila_server(MIDGAME), record_property)
    assert_accessible(page)                  # axe-core: WCAG 2.1 A and AA, at load
    seats = ["human"] + ["Detective"] * 5
    mirror = Mirror(midgame(), seats)
    expect(status(page)).to_contain_text("Game loaded: 6 players")
    assert_board_drawn(page, mirror)
    show_the_board(page)                                            # the whole board, on one screen
    assert_play_area_on_one_screen(page)
    game = mirror.game
    # face-up jurors are white cards, face-down ones card backs (on every court card dealt so far)
    for seat in [seat for seat in range(6) if game.has_court(seat)]:
        for juror in (1, 2, 3, 4, 5, 6):
            colour = juror_pixel(page, seat, juror, 6)
            if game.face_up[seat][juror - 1]:
                assert near(colour, rgb(pal.WHITE)) or near(colour, rgb(vc.NAMED_FILL)), (seat, juror)
            else:
                assert near(colour, rgb(vc.CARD_BACK), tol=12), (seat, juror)

    # Player 1 throws with the keyboard, then moves by a click on a highlighted space.
    page.locator("canvas").focus()
    page.keyboard.press("r")
    mirror.apply(pv.Roll())
    wait_for_decision(page, 1)
    if game.phase == TURNING_UP:
        action = game.legal_actions()[0]
        click_juror(page, 0, action.juror, 6)
        mirror.apply(action)
        wait_for_decision(page, 2)
    decision = counters(page)[1]
    if game.phase == MOVING and game.current_player == 0:
        expect(status(page)).to_contain_text("click a highlighted space")   # said once the dice have tumbled
        page.locator("canvas").screenshot(path=SCREENSHOT)
        action = game.legal_actions()[-1]
        click_space(page, action.space)
        mirror.apply(action)
        decision += 1
        wait_for_decision(page, decision)
        expect(status(page)).to_contain_text("Player 1's detective moves to")
    else:
        page.locator("canvas").screenshot(path=SCREENSHOT)
    # Player 1 ends his turn (a bump, a clue ...), then seat 1 becomes a bot too: autoplay
    # runs quickly, the animations do not hold it back.
    while mirror.seats[game.current_player] == "human" and not game.is_over:
        decide(page, mirror, done=["dice"])                 # (the dice were clicked already)
        decision += 1
        wait_for_decision(page, decision)
    page.locator("select").nth(1).select_option("Detective")           # seat 1: now a bot too
    expect(status(page)).to_contain_text("Seats: 1 Detective")
    autoplay = page.locator(".pv-autoplay")
    start = counters(page)[1]
    autoplay.click()
    page.wait_for_timeout(4000)
    autoplay.click()
    page.wait_for_timeout(1000)
    made = counters(page)[1] - start
    print(f"autoplay at 6 a second: {made} decisions in about 4 s")
    record_property("autoplay_decisions_in_4s", made)
    assert made >= 12 or "Press New game" in status(page).inner_text()
    assert_no_app_error(page)
    assert canvas_pixel_stats(page)["major_colours"] >= 10
    assert console_errors(page) == []

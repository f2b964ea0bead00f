"""What every game's ``App`` does the same way: ``boardkit.render.app.GameApp``.

Each test runs once per game (``md.App`` with Collector bots, ``mt.App`` with
Trapper bots, ...); a test that can't apply to a game is skipped for it with
the reason (``CANT_APPLY``).  What only one game does is tested in its own folder
(``tests/mystery_date/test_view.py``, ``tests/mouse_trap/test_mt_view.py``).
"""
import html
import gc
import sys
import threading
import time

import ipywidgets as widgets
import pytest

from boardkit.core import step as bot_step
from boardkit.games import cluedo_cards as cc
from boardkit.games import mouse_trap as mt
from boardkit.games import mystery_date as md
from boardkit.games import win_lose_draw as wld
from boardkit.render import ReadableBoard
from view_helpers import Unchanged, counters, key_down, make_apps, saved, text, wait_until

# One entry a game: its App, the bot in the seat boxes, and rules for a short game.
GAMES = [
    pytest.param((md.App, "Collector", md.Rules(max_turns=8)), id="mystery_date"),
    pytest.param((mt.App, "Trapper", mt.Rules(max_turns=12)), id="mouse_trap"),
    pytest.param((cc.App, "Shedder", cc.Rules(max_rounds=2)), id="cluedo_cards"),   # a game without dice
    pytest.param((wld.App, "Skilled 75%", wld.Rules(team_target=2)), id="win_lose_draw"),   # no die each turn
]

#: Shared tests that can't apply to a game as they are written: skipped for it, with the reason.
#: Keyed by the App's PREFIX; (test name, the case's ``kwargs`` or None for every case, reason).
CANT_APPLY = {
    "wld": [
        ("test_bad_arguments_raise_a_clear_value_error", dict(n_players=1),
         "Team Play seats 4 to 40 players: its message says so, not 2 to 4"),
        ("test_bad_arguments_raise_a_clear_value_error", dict(n_players=5), "5 players is a fine Team Play game"),
        ("test_bad_arguments_raise_a_clear_value_error", dict(n_players=3, seats="BBBB"),
         "3 players are too few for Team Play: the player count is refused before the seats"),
        ("test_a_bad_seed_box_is_a_notice_not_an_error", None, "3 is not in Team Play's Players box (4 to 6)"),
        ("test_changing_a_seat_changes_who_decides", None, "a person's turn is a sketch, not a roll of the die"),
        ("test_autoplay_stops_at_a_human_seat", None, "a person's turn is a sketch or a steal, not a roll of the die"),
        ("test_autoplay_will_not_start_on_a_human_turn", None,
         "a die roll picks the first team: with seed 1 Team B (Player 2) sketches first, not Player 1"),
        ("test_a_drawing_after_an_animation_never_waits_a_second_time", None,
         "the App has no animations (a sketch is not animated; the white pawn just moves)"),
    ],
}
@pytest.fixture(params=GAMES)
def game(request):
    """(App, bot name, short rules) of one game; skips what can't apply to it."""
    prefix = request.param[0].PREFIX
    name = request.node.originalname
    kwargs = getattr(request.node, "callspec", None) and request.node.callspec.params.get("kwargs")
    for test, case, reason in CANT_APPLY.get(prefix, []):
        if test == name and case in (None, kwargs):
            pytest.skip(f"can't apply to {request.param[0].GAME_NAME}: {reason}")
    return request.param


@pytest.fixture
def make_app(game):
    """``make_app(**kwargs)`` builds the game's App and closes it after the test."""
    yield from make_apps(game[0])


def bots(game, seats="BBBB"):
    """Seats from a pattern: "B" the game's bot, "h" a human, e.g. "BhBB"."""
    return ["human" if s == "h" else game[1] for s in seats]


def autoplay_threads(app):
    name = app.GAME_NAME.lower().replace(" ", "-") + "-autoplay"
    return [t for t in threading.enumerate() if t.name == name and t.is_alive()]


def play_out(app, n):
    out = []
    for _ in range(n):
        if app.game.is_over:
            break
        out.append((app.step(), saved(app.game)))
    return out


# --- construction -------------------------------------------------------------------

def test_the_board_is_never_shown_taller_than_the_screen(game, make_app):
    """The canvas fills the page's width, but no wider than keeps the board's own shape within the
    screen's height less the status line's and the controls' (which grow with Large type); a board whose words
    would be under 14 px on screen in a small window in Large type keeps that size (``render.ReadableBoard``)."""
    app = make_app(seats=bots(game))
    width, height = app.canvas.width, app.canvas.height
    assert (width, height) == (app.WIDTH, app.HEIGHT)
    fits = f"calc((100vh - {app.BESIDE_BOARD_PX}px * var(--boardkit-text-scale, 1)) * {width} / {height})"
    if isinstance(app, ReadableBoard):
        fits = f"max({fits}, min(100%, {round(width * 14 / app.SMALLEST_WORD_PX)}px))"
    assert app.canvas.layout.max_width == fits


@pytest.mark.parametrize("kwargs,match", [
    (dict(n_players=1), "n_players must be a whole number from 2 to 4"),
    (dict(n_players=5), "n_players"),
    (dict(n_players="3"), "n_players"),
    (dict(n_players=2.0), "n_players"),
    (dict(n_players=None), "n_players"),
    (dict(seats=["human"] * 3), "seats must list one of .* for each of the 4 players"),
    (dict(n_players=3, seats="BBBB"), "for each of the 3 players"),
    (dict(seats="human"), "seats must list"),
    (dict(seats=4), "seats must list"),
    (dict(seats=["human", "robot", "B", "B"]), "unknown seat 'robot'"),
    (dict(seats=["human", None, "B", "B"]), "unknown seat None"),
    (dict(seed=-1), "the seed must be None or a whole number from 0"),
    (dict(seed=2.5), "seed"),
    (dict(seed="7"), "seed"),
    (dict(seed=True), "seed"),
    (dict(autoplay_speed=0), "autoplay_speed must be a number of decisions per second from 0.5 to 10"),
    (dict(autoplay_speed=11), "autoplay_speed"),
    (dict(autoplay_speed=float("nan")), "autoplay_speed"),
    (dict(autoplay_speed="fast"), "autoplay_speed"),
])
def test_bad_arguments_raise_a_clear_value_error(game, kwargs, match, monkeypatch):
    if kwargs.get("seats") == "BBBB":
        kwargs = dict(kwargs, seats=bots(game))
    elif isinstance(kwargs.get("seats"), list):
        kwargs = dict(kwargs, seats=[game[1] if s == "B" else s for s in kwargs["seats"]])
    leftovers = []
    monkeypatch.setattr(sys, "unraisablehook", leftovers.append)
    gc.freeze()           # what exists already is left out of the collection below: it looks at what this test made
    try:
        with pytest.raises(ValueError, match=match):
            game[0](**kwargs)
        gc.collect()      # the half-built App is collected quietly (Widget.__del__ calls close())
    finally:
        gc.unfreeze()
    assert leftovers == []


def test_rules_of_the_wrong_type(game):
    with pytest.raises(TypeError, match=f"rules must be {game[0].PREFIX}.Rules"):
        game[0](rules={"max_turns": 7})


# --- steps and keys -------------------------------------------------------------------

def test_step_lets_each_bot_decide_like_bk_step(game, make_app):
    app = make_app(seats=bots(game), seed=4)
    reference = type(app.game)(app.rules, n_players=4, seed=4)
    reference_bots = [app.BOTS[game[1]]() for _ in range(4)]
    assert app.roll_button.description == "Step"
    statuses = {app.status.value}
    n = 0
    while not app.game.is_over:
        assert app.step() == bot_step(reference, reference_bots)
        n += 1
        statuses.add(app.status.value)
    assert saved(app.game) == saved(reference)
    assert counters(app)[1] == n
    assert len(statuses) == n + 1                   # every decision is news
    assert "Press New game" in text(app)
    assert app.roll_button.description == "Game over" and app.roll_button.disabled


def test_the_step_button_and_keys_make_one_decision_each(game, make_app):
    app = make_app(seats=bots(game), seed=3)
    app.roll_button.click()
    assert counters(app)[1] == 1
    for i, key in enumerate(["r", "s", " ", "Enter", "R"], start=2):
        key_down(app, key)
        assert counters(app)[1] == i
    with Unchanged(app):
        for key in ["x", "0", "1", "\u00b2", "Shift", "ArrowUp"]:  # no choices, nothing to do
            key_down(app, key)



def test_tab_on_the_board_moves_the_focus_to_the_controls(game, make_app, monkeypatch):
    """The board's canvas keeps every key from the browser, Tab included, so a keyboard user
    would be stuck on it: Tab moves the focus on to the first thing to press (a choice, else
    Roll/Step, else New game) and Shift+Tab back to the skip button before the board, whose
    press leads to the controls too.  Moving the focus changes nothing in the game."""
    focused = []
    monkeypatch.setattr(widgets.Button, "focus", lambda button: focused.append(button))
    app = make_app(seats=bots(game, "hhhh"), seed=3)
    with Unchanged(app):
        key_down(app, "Tab")
        key_down(app, "Tab", shift_key=True)
        app.skip_button.click()
    first = app.choice_buttons[0] if app.choice_buttons else app.roll_button
    assert focused == [first, app.skip_button, first]
    choice = widgets.Button(description="1. A choice")          # a decision with choices
    app.choice_buttons = [choice]
    key_down(app, "Tab")
    assert focused[-1] is choice
    app.roll_button.disabled = True                              # as at the end of a game
    app.choice_buttons = []
    app.focus_controls()
    assert focused[-1] is app.new_game_button


def test_the_skip_button_is_before_the_board_and_shows_only_when_focused(game, make_app):
    app = make_app(seats=bots(game), seed=3)
    boxes = [app]
    while app.canvas not in boxes[0].children:      # the App, or (Win, Lose or Draw) the column of its table
        boxes = boxes[1:] + [child for child in boxes[0].children if hasattr(child, "children")]
    order = list(boxes[0].children)
    assert order.index(app.skip_button) + 1 == order.index(app.canvas)
    assert "boardkit-skip" in app.skip_button._dom_classes
    css = app.children[0].value
    assert ".boardkit-skip:not(:focus)" in css and "clip-path: inset(50%)" in css


# --- new games, seats ---------------------------------------------------------------------

def test_new_game_with_a_seed_replays_the_same_game(game, make_app):
    app = make_app(seats=bots(game), seed=11)
    first = [saved(app.game)] + play_out(app, 40)
    app.new_game(seed=11)
    assert app.seed_input.value == "11" and counters(app)[1:] == (0, "11")
    assert [saved(app.game)] + play_out(app, 40) == first
    app.new_game(seed=12)
    assert saved(app.game) != first[0]
    app.seed_input.value = " 11 "                                # the Seed box, as typed
    app.new_game_button.click()
    assert saved(app.game) == first[0] and app.seed == 11
    app.seed_input.value = ""
    app.new_game()                                               # a fresh game, with its seed shown
    assert isinstance(app.seed, int) and counters(app)[2] == str(app.seed)


def test_a_bad_seed_box_is_a_notice_not_an_error(game, make_app):
    app = make_app(seats=bots(game), seed=11)
    app.step()
    app.seed_input.value = "eleven"
    with Unchanged(app):
        app.new_game_button.click()
        assert "Seed box: the seed must be empty or a whole number" in text(app)
        app.players_input.value = 3                              # would deal a new game
        assert app.players_input.value == 4 and app.n_players == 4
    with pytest.raises(ValueError, match="seed"):                # the Python API raises
        app.new_game()
    with pytest.raises(ValueError, match="seed"):
        app.new_game(seed=-3)


def test_changing_a_seat_changes_who_decides(game, make_app):
    app = make_app(seats=bots(game), seed=5)
    app.seat_inputs[0].value = "human"
    assert "Seats: 1 human" in text(app)
    if app.ROLLING_PHASE is None:                                # no dice: a human acts by clicking,
        with Unchanged(app):                                     # and Step only says what to click
            app.step()
        assert "Player 1, your turn" in text(app)
        return
    assert app.roll_button.description == "Roll"
    app.step()                                                   # now it is her roll
    assert app.game.events and any(type(e).__name__ == "Rolled" for e in app.game.events)


# --- autoplay --------------------------------------------------------------------------------

def test_autoplay_stops_at_a_human_seat(game, make_app):
    app = make_app(seats=bots(game, "BhBB"), seed=2, autoplay_speed=10)
    app.autoplay.value = True
    wait_until(lambda: not app.autoplay.value)
    assert app.game.current_player == 1
    assert app.ROLLING_PHASE is None or app.game.phase == app.ROLLING_PHASE
    assert counters(app)[1] >= 1
    assert "Player 2, your turn" in text(app)
    wait_until(lambda: not autoplay_threads(app), 5)


def test_autoplay_will_not_start_on_a_human_turn(game, make_app):
    app = make_app(seats=bots(game, "hBBB"), seed=1)
    with Unchanged(app):
        app.autoplay.value = True
    assert not app.autoplay.value
    assert "Autoplay waits for Player 1, a human" in text(app)


def test_autoplay_plays_to_the_end_of_the_game(game, make_app):
    app = make_app(rules=game[2], seats=bots(game), seed=3, autoplay_speed=10)
    key_down(app, "a")                                           # key A switches it on
    wait_until(lambda: not app.autoplay.value)
    assert app.game.is_over and "Press New game" in text(app)
    app.autoplay.value = True                                    # nothing left to play
    assert not app.autoplay.value and "The game is over" in text(app)
    wait_until(lambda: not autoplay_threads(app), 5)


def test_autoplay_stops_when_switched_off_or_a_new_game_is_dealt(game, make_app):
    app = make_app(seats=bots(game), seed=3, autoplay_speed=0.5)      # one decision every 2 s
    app.autoplay.value = True
    wait_until(lambda: counters(app)[1] == 1)
    app.autoplay.value = False
    wait_until(lambda: not autoplay_threads(app), 5)
    with Unchanged(app):
        time.sleep(0.2)
    app.autoplay.value = True
    wait_until(lambda: counters(app)[1] == 2)
    app.new_game(seed=4)
    assert not app.autoplay.value and counters(app)[1:] == (0, "4")
    wait_until(lambda: not autoplay_threads(app), 5)
    assert counters(app)[1] == 0


# --- drawing ---------------------------------------------------------------------------------

def test_a_drawing_after_an_animation_never_waits_a_second_time(game, make_app, sent):
    """ipycanvas plays the canvas messages in order, so what is drawn while an animation
    plays shows right after it.  An extra ``sleep`` would be waited on top of the
    animation, and the picture would lag behind after quick Step clicks."""
    app = make_app(seats=bots(game), seed=3)
    sent.clear()
    app.step()                                   # the first bot rolls: animated
    assert len(sent) == 1 and "sleep" in sent[0]
    sent.clear()
    app.step()                                   # at once, while the roll still plays
    assert sent and not any("sleep" in message for message in sent)


def test_the_board_in_words_follows_the_game_and_names_the_canvas(game, make_app):
    """The text mirror (issue 14): the state in words under the status line, its first sentence the canvas's name."""
    app = make_app(seats=bots(game))
    before = app.mirror.value
    assert "The board in words" in before and "<li>" in before
    first = app._describe_state()[0]
    assert app.canvas.tooltip == first and html.escape(first) in before
    play_out(app, 6)
    assert app.mirror.value != before or app.game.is_over
    assert app.canvas.tooltip == app._describe_state()[0]
    # ipywidgets' browser code reads ``description`` before showing a tooltip; without one the board's view
    # fails to build in the browser (a MultiCanvas has none of its own).
    assert app.canvas.get_state()["description"] == ""

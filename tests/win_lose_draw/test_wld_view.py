"""``wld.App`` without a browser: the sketch pad, the timer, the card, the guess box and the table.

Buttons are pressed with ``button.click()``, the guess box is typed into by
setting its ``value`` (what the browser sends on Enter), the canvases get the
messages ipycanvas's browser view sends, and the timer runs on a fake clock
(``FakeClock``) that a test moves on by hand, so "time's up" comes when the
test says.  Seed 5527 deals the same game as the browser tests' notebooks:
Team B (seat 1, Player 2) sketches first; the answer is read from the game
(``app.game.card.answer``), never guessed by the test.

What the shared tests of every boardkit App check (steps, seeds, autoplay)
is in ``tests/test_game_app.py``; this file is about what only this App does.
"""
import html
import re

import pytest
import ipywidgets as widgets
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS

from boardkit.games import win_lose_draw as wld
from boardkit.games.win_lose_draw import view as wld_view
from boardkit.games.win_lose_draw import view_draw as vd
from boardkit.games.win_lose_draw.game import catalogue
from boardkit.games.win_lose_draw.track import SPADE
from boardkit.render.app import canvas_text_scale, set_canvas_text_scale
from view_helpers import (RecordingCanvas, Unchanged, centre, counters, drawn_sizes, key_down, labels, make_apps, saved,
                          text, wait_until)

NAMES = {number: name for name, number in COMMANDS.items()}
HUMANS = ["human"] * 4
GAMEBOARD = wld.Rules(play="gameboard")
SEED = 5527  # Team B sketches first; the cards: Movies, Famous Phrases, TV Shows, Books, Movies


class FakeClock:
    """Stands in for ``time.monotonic`` in the App's timer; ``advance(s)`` moves it on."""

    def __init__(self, now):
        self.now = now

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


def on_fake_clock(app) -> FakeClock:
    """Put the App's timer on a fake clock that reads what its real clock read at the latest start."""
    timer = app.timer
    clock = FakeClock(timer._since if timer._since is not None else 1000.0)
    timer._clock = clock
    if timer._watchdog is not None:                      # no watchdog thread: the test moves the clock itself
        timer._watchdog.cancel()
        timer._watchdog = None
    timer._schedule = lambda delay, callback: None
    return clock


def run_out(app, clock):
    """Let the whole time on the clock pass, then let the heartbeat look at it (as the browser's beat does)."""
    clock.advance(app.timer.seconds + 1)
    app.timer.check()


@pytest.fixture
def make_app():
    """``make_app(**kwargs)`` builds a ``wld.App`` shown by a browser (its canvas's client is ready);
    after the test it checks ``app.errors`` is empty and closes it."""
    for make in make_apps(wld.App):
        def shown(**kwargs):
            app = make(**kwargs)
            app._on_client_ready()
            return app
        yield shown


def press_start(app):
    """The Sketcher presses Start on the clock (a sketch's clock waits for her)."""
    assert app.timer.state == "ready"
    app.timer.start_button.click()
    assert app.timer.state == "running"


@pytest.fixture
def team_app(make_app):
    """Team Play, four people, seed 5527, on a fake clock: Player 2 (Team B) sketches, Player 4 guesses;
    she has pressed Start."""
    app = make_app(n_players=4, seed=SEED)
    app.clock = on_fake_clock(app)
    press_start(app)
    return app


@pytest.fixture
def drawn(monkeypatch):
    """The canvas messages sent to the browser, each a list of (command name, arguments)."""
    messages = []

    def record(command, buffers=[]):
        batch = command if isinstance(command[0], list) else [command]
        messages.append([(NAMES[c[0]], c[1]) for c in batch if NAMES[c[0]] != "switchCanvas"])

    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", record)
    yield messages
    _CANVAS_MANAGER._caching = False
    _CANVAS_MANAGER._commands_cache = []
    _CANVAS_MANAGER._buffers_cache = []


def texts_in(message) -> list[str]:
    """The texts a canvas message writes (``fillText``)."""
    return [str(args[0]) for name, args in message if name == "fillText"]


def pen_moves_in(message, rect) -> int:
    """How many ``moveTo`` of a canvas message start inside ``rect`` (x, y, w, h)."""
    x, y, w, h = rect
    return sum(1 for name, args in message if name == "moveTo" and x <= args[0] <= x + w and y <= args[1] <= y + h)


def space_rect(game, space):
    xs, ys = vd.space_centres(game.rules.track)
    size = vd.space_size(game.rules.track)
    return (xs[space] - size / 2, ys[space] - size / 2, size, size)


def table_texts(app):
    """Every text the App's table (score sheet or gameboard) shows now."""
    canvas = RecordingCanvas()
    app._draw_board(canvas, app._scene())
    app._draw_pieces(canvas, app._scene())
    return canvas.texts


def card_text(app) -> str:
    """The card panel as plain text, in single spaces."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", app.card_html.value)).split())


def button_with(app, css_class):
    """The one choice button that has ``css_class``."""
    found = [b for b in app.choice_buttons if css_class in b._dom_classes]
    assert len(found) == 1, [b._dom_classes for b in app.choice_buttons]
    return found[0]


def pad_stroke(app, points):
    """Drag across the App's pad, as the browser's ipycanvas view reports a mouse drag."""
    canvas = app.pad.canvas
    canvas._handle_custom_msg({"event": "mouse_down", "x": points[0][0], "y": points[0][1]}, [])
    for x, y in points[1:]:
        canvas._handle_custom_msg({"event": "mouse_move", "x": x, "y": y}, [])
    canvas._handle_custom_msg({"event": "mouse_up", "x": points[-1][0], "y": points[-1][1]}, [])


STROKE = [(100, 100), (160, 140), (220, 180), (300, 200)]


def put_in_front(game, answer):
    """Make the card box's front card the item ``answer`` (A side up), as if the box had been shuffled so."""
    item = next(i for i, card in enumerate(catalogue()) if card.answer == answer)
    at = next(k for k, pair in enumerate(game.box) if item in pair[:2])
    pair = game.box.pop(at)
    pair[2] = pair[:2].index(item)
    game.box.insert(0, pair)
    assert game.card.answer == answer


def targets(app, kind):
    return [t for t in app._targets if t.kind == kind]


# --- building the App -----------------------------------------------------------------------

def test_team_play_builds_with_every_seat_a_person(team_app, drawn):
    app = team_app
    game = app.game
    assert app.seats == HUMANS and all(app.is_human(s) for s in range(4))
    assert (game.phase, game.sketcher, game.turn_team, game.guessers) == ("sketch", 1, 1, (3,))
    assert (app.canvas.width, app.canvas.height) == (vd.WIDTH, vd.HEIGHT)
    assert app.timer.state == "running" and app.timer.seconds == 60 and app.timer.remaining == 60
    assert app.pad.enabled and len(app.pad.sketch) == 0
    assert list(app.guesser_input.options) == [("Player 4", 3)] and app.guesser_input.value == 3
    assert not (app.guess_input.disabled or app.guess_button.disabled or app.guesser_input.disabled)
    assert labels(app) == ["1. \u2713 Player 4 got it (Team B scores)", "2. Time's up: nobody got it"]
    assert [b._dom_classes for b in app.choice_buttons] == [("wld-choice", "wld-award"),
                                                            ("wld-choice", "wld-timeup")]
    assert app.roll_button.disabled                         # a person decides by clicking, not by Step
    # On the page: the status line, then the pad beside the table, timer, card and guess box, then the choices
    # and the controls (one screen in Large type at 1920x1080), then the board in words.
    order = [child for child in app.children if child in (app.status, app.choice_box, app.mirror)]
    assert order == [app.status, app.choice_box, app.mirror]
    play_row = app.children[app.children.index(app.choice_box) - 1]
    pad_box, side = play_row.children
    drawing, rules = pad_box.children
    assert drawing.children[0] is app.pad and rules is app.rules_html     # the Sketching Rules beside the pad
    assert {app.guesser_input, app.guess_input, app.guess_button} <= set(drawing.children[1].children)  # guesses under it
    assert side.children[:2] == (app.skip_button, app.canvas)            # the table on top of the side column
    shown = {*side.children, *(w for box in side.children for w in getattr(box, "children", ()))}
    assert {app.timer, app.card_html, app.peek_button, app.tie_box} <= shown
    # The score sheet: both teams, nothing scored yet, who sketches what.
    texts = table_texts(app)
    assert {"Team A", "Team B", "Player 2 sketches for Team B \u00b7 Movies"} <= set(texts)
    assert texts.count("0 / 8") == 2
    assert "Player 4 \u00b7 guessing" in texts and "Player 2 \u00b7 \u270e sketching" in texts
    drawn.clear()
    app.redraw()
    assert len(drawn) == 1 and {"Team A", "0 / 8"} <= set(texts_in(drawn[0]))     # one message, all of it


def test_a_spade_is_named_by_its_place_on_the_picture():
    assert wld_view.spade_name(GAMEBOARD.track, 7) == "top-right Spade"
    doubled = (SPADE, SPADE) + GAMEBOARD.track[1:7] + (SPADE,) + GAMEBOARD.track[7:]   # two Spades at corners
    names = [wld_view.spade_name(doubled, i) for i, kind in enumerate(doubled) if kind == SPADE]
    assert len(set(names)) == len(names)                                # every Spade told apart
    assert names[0] == "top-left Spade (space 1)" and names[1] == "top-left Spade (space 2)"


def test_gameboard_play_builds_and_waits_for_the_white_pawn(make_app):
    app = make_app(rules=GAMEBOARD, n_players=4, seed=SEED)
    game = app.game
    assert app.seats == HUMANS and game.phase == "place" and game.current_player == 0
    assert "Player 1: put the white square pawn on a Spade Space." in text(app)
    assert not app.pad.enabled and app.timer.state == "ready"            # nobody sketches yet
    # the Who menu says why nobody may guess (it showed a blank choice), and is off with the guess box
    assert app.guesser_input.options == (("no sketch yet", None),) and app.guesser_input.label == "no sketch yet"
    assert app.guesser_input.disabled and app.guess_input.disabled and app.guess_button.disabled
    spades = [i for i, kind in enumerate(game.rules.track) if kind == SPADE]
    assert [t.value for t in targets(app, "space")] == spades
    corners = ["top-left", "top-right", "bottom-right", "bottom-left"]      # clockwise from space 0, as drawn
    assert labels(app) == [f"{i + 1}. {corner.capitalize()} Spade" for i, corner in enumerate(corners)]
    texts = table_texts(app)
    assert {"Win, Lose or Draw", "In the centre", "Player 1 sketches \u00b7 Movies"} <= set(texts)
    assert texts.count("\u00d76") == 4                                   # six pawns of each colour
    assert "cards played: 0" in text(app)


def test_a_new_sketch_is_named_once_in_the_status_line_and_kept_in_the_log(make_app):
    """The prompt names the new sketch ("Player 1 sketches (Movies): press Start ..."): the news leaves out the
    same words, so the status line keeps to its lines on a projector; the game log keeps every event."""
    app = make_app(rules=GAMEBOARD, n_players=4, seed=SEED)
    app.choice_buttons[0].click()                                       # the white pawn on the top-left Spade
    status = text(app)
    assert "Player 1 puts the white square pawn on the Spade Space at 0." in status
    assert "Player 1 sketches (Movies): press Start on the clock, then draw." in status
    assert "the category is" not in status
    assert "Player 1 sketches: the category is Movies." in html.unescape(app.log_html.value)


@pytest.mark.parametrize("kwargs,match", [
    (dict(n_players=3), "n_players must be a whole number from 4 to 40 for Team Play"),
    (dict(n_players=7), "the App seats at most 6 players"),
    (dict(rules=GAMEBOARD, n_players=2), "from 3 to 6 for Gameboard Play"),
    (dict(seats=["human", "Skilled 90%", "human", "human"]), "unknown seat 'Skilled 90%'"),
    (dict(seed=-3), "the seed must be None or a whole number from 0"),
])
def test_bad_constructor_input_raises_a_value_error(kwargs, match):
    with pytest.raises(ValueError, match=match):
        wld.App(**kwargs)


# --- the card: hidden until the Sketcher peeks -------------------------------------------------

def test_the_status_line_says_whose_sketch_and_the_category_never_the_answer(team_app):
    app = team_app
    answer = app.game.card.answer
    status = text(app)
    assert "Player 2 sketches (Movies): draw, and award whoever calls out the answer." in status
    assert "Turn 1 \u00b7 Team A 0 \u2013 Team B 0 \u00b7" in status and "seed 5527 replays this game" in status
    assert "Category: Movies" in card_text(app) and "Sketcher: press Peek" in card_text(app)
    seen = [status, app.card_html.value, app.log_html.value, *labels(app), *table_texts(app)]
    assert not any(answer.lower() in s.lower() for s in seen)
    # Time runs out twice (the steal misses too): only now, with the card done, is the answer told.
    run_out(app, app.clock)
    assert answer not in text(app)
    run_out(app, app.clock)
    assert f"The answer, '{answer}' (Movies), goes to the back of the box unguessed" in text(app)
    assert app.game.card.answer not in text(app) + app.card_html.value      # the next card stays secret


def test_peek_shows_the_answer_for_a_few_seconds(team_app, monkeypatch):
    app = team_app
    answer = app.game.card.answer
    monkeypatch.setattr(wld_view, "PEEK_SECONDS", 0.05)
    app.peek_button.click()
    assert "wld-answer" in app.card_html.value and answer in card_text(app)
    assert "Sketcher: press Peek" not in card_text(app)
    wait_until(lambda: answer not in card_text(app), 5)                 # hidden again by itself
    assert "wld-answer" not in app.card_html.value and "Sketcher: press Peek" in card_text(app)
    monkeypatch.setattr(wld_view, "PEEK_SECONDS", 60)
    app.peek()
    assert answer in card_text(app)
    app._hide_card()                                                    # what the timer calls
    assert answer not in card_text(app)


def test_keep_visible_shows_the_card_until_unticked(team_app):
    app = team_app
    answer = app.game.card.answer
    app.keep_visible.value = True
    assert answer in card_text(app)
    app._hide_card()                                                    # a Peek's end does not hide it
    assert answer in card_text(app)
    app.keep_visible.value = False
    assert answer not in card_text(app)


def test_the_card_shows_the_author_and_the_short_answers_when_peeking(team_app):
    app = team_app
    put_in_front(app.game, "The Adventures of Tom Sawyer")
    app.refresh()
    assert "Category: Books" in card_text(app) and "Mark Twain" not in card_text(app)
    app.peek()
    shown = card_text(app)
    assert "The Adventures of Tom Sawyer" in shown
    assert "by Mark Twain (a help for you: don't draw the author)" in shown
    assert "Also counts: Tom Sawyer" in shown
    app._hide_card()


def test_a_new_card_is_hidden_again_after_a_peek(team_app):
    app = team_app
    app.peek()
    app.guess(3, app.game.card.answer)
    button_with(app, "wld-confirm").click()
    assert app.game.card.answer not in card_text(app) and "Sketcher: press Peek" in card_text(app)


# --- guesses, the ruling, the score --------------------------------------------------------------

def test_a_right_guess_waits_for_the_sketcher_then_agree_scores_for_the_team(team_app, drawn):
    app = team_app
    app.clock.advance(20)
    verdict = app.guess(3, app.game.card.answer.upper())
    assert verdict.correct and app.game.phase == "ruling" and app.game.pending == (3, True, False)
    assert "Player 4 may have it! Sketcher: agree or overrule." in text(app)
    assert "Player 2: the matcher says Player 4's guess is right. Agree or overrule?" in text(app)
    assert labels(app) == ["1. Agree, right: Player 4 scores", "2. Overrule, wrong: keep going"]
    assert app.timer.state == "paused" and app.timer.remaining == pytest.approx(40)
    assert app.guesser_input.options == (("not now", None),) and app.guesser_input.label == "not now"
    assert app.guesser_input.disabled and app.guess_input.disabled and app.guess_button.disabled
    assert app.game.team_scores == [0, 0]
    drawn.clear()
    button_with(app, "wld-confirm").click()                            # the Agree button
    game = app.game
    assert game.team_scores == [0, 1] and game.cards_done == 1
    assert "Team A 0 \u2013 Team B 1" in text(app)
    assert "1 / 8" in table_texts(app) and "0 / 8" in table_texts(app)
    assert any("1 / 8" in texts_in(message) for message in drawn)     # the score sheet was drawn again
    # The other team's turn: Player 1 sketches a new card; the clock is full and waits for her Start.
    assert (game.phase, game.sketcher, game.turn_team, game.guessers) == ("sketch", 0, 0, (2,))
    assert "Player 1 sketches (" in text(app) and "press Start on the clock" in text(app)
    assert app.timer.state == "ready" and app.timer.seconds == 60
    press_start(app)
    assert "press Start" not in text(app)                               # the status line follows the clock
    assert list(app.guesser_input.options) == [("Player 3", 2)]
    assert counters(app)[1] == 1


def test_the_teachers_pause_holds_until_she_resumes(team_app):
    """The clock's Pause button pauses the App's clock (it was resumed at once by the App's own update), through
    a guess and its ruling too; Resume runs it on."""
    app = team_app
    app.clock.advance(10)
    app.timer.pause_button.click()
    app.clock.advance(30)
    assert app.timer.state == "paused" and app.timer.remaining == pytest.approx(50)
    app.guess(3, app.game.card.answer)
    button_with(app, "wld-overrule").click()
    assert app.game.phase == "sketch" and app.timer.state == "paused" and app.timer.remaining == pytest.approx(50)
    app.timer.start_button.click()                                      # Resume
    app.clock.advance(5)
    assert app.timer.state == "running" and app.timer.remaining == pytest.approx(45)


def test_overrule_turns_a_right_guess_down_and_the_clock_goes_on(team_app):
    app = team_app
    app.clock.advance(15)
    app.guess(3, app.game.card.answer)
    assert app.timer.state == "paused" and app.timer.remaining == pytest.approx(45)
    app.clock.advance(30)                                               # the ruling takes a while
    assert app.timer.remaining == pytest.approx(45)                     # ... off the clock
    button_with(app, "wld-overrule").click()
    game = app.game
    assert game.phase == "sketch" and game.team_scores == [0, 0] and game.cards_done == 0
    assert app.timer.state == "running" and app.timer.remaining == pytest.approx(45)  # where it stopped
    app.clock.advance(5)
    assert app.timer.remaining == pytest.approx(40)
    assert list(app.guesser_input.options) == [("Player 4", 3)] and not app.guess_input.disabled
    assert "Player 2 sketches (Movies)" in text(app)


def test_a_wrong_guess_keeps_the_sketch_and_reports_the_right_words(team_app):
    app = team_app
    put_in_front(app.game, "The Adventures of Tom Sawyer")
    app.refresh()
    verdict = app.guess(3, "Sawyer the Brave")
    assert not verdict.correct and verdict.parts == ("sawyer",)
    assert app.game.phase == "sketch" and app.timer.state == "running"
    assert "Not it, but right words: sawyer (Sketcher, write them by the sketch)." in text(app)
    assert "Player 2 sketches (Books)" in text(app)
    verdict = app.guess(3, "zebra crossing")                            # no word right: the log says so
    assert not verdict.correct and verdict.parts == ()
    assert "Player 4 guesses 'zebra crossing': not it." in text(app) and "right words" not in text(app)
    assert app.game.phase == "sketch" and app.game.team_scores == [0, 0]


def test_the_guess_box_submits_on_enter_and_clears(team_app):
    app = team_app
    app.guess_input.value = "  " + app.game.card.answer.lower() + "  "  # Enter in the box
    assert app.guess_input.value == ""
    assert app.game.phase == "ruling" and app.game.pending == (3, True, False)
    typed = [e for e in app.game.events if type(e).__name__ == "GuessTyped"]
    assert len(typed) == 1 and typed[0].player == 3
    button_with(app, "wld-confirm").click()
    assert app.game.team_scores == [0, 1]
    # Typed, then the Guess button: the box is sent when it loses the focus, then the click comes.
    app.guess_input.value = "flying elephant"
    app.guess_button.click()
    typed = [e for e in app.game.events if type(e).__name__ == "GuessTyped"]
    assert len(typed) == 2 and typed[-1].player == 2 and typed[-1].text == "flying elephant"
    assert app.guess_input.value == "" and app.errors == []


def test_bad_guess_box_input_is_a_notice_and_changes_nothing(team_app):
    app = team_app
    before = app.game.to_dict()
    # The Who box tampered with (a browser may send anything): the Sketcher herself.
    app.guesser_input.options = [("Player 2", 1)]
    app.guesser_input.value = 1
    with Unchanged(app):
        app.guess_input.value = "Dumbo"
    assert "seat=1 may not guess now; the seats who may: [3]" in text(app) and "\u26a0" in text(app)
    assert app.game.to_dict() == before and app.guess_input.value == ""
    assert list(app.guesser_input.options) == [("Player 4", 3)]        # put right again
    # In the ruling nobody may type (the box is greyed out; the kernel says so too).
    app.guess(3, app.game.card.answer)
    ruling = app.game.to_dict()
    with Unchanged(app):
        app.guess_input.value = "Bambi"
    assert "Nobody can guess now." in text(app) and app.game.to_dict() == ruling
    # The Python API raises a ValueError naming the argument.
    with pytest.raises(ValueError, match="nobody can guess now: the game is in its 'ruling' phase"):
        app.guess(3, "Bambi")
    button_with(app, "wld-overrule").click()
    for seat, guess, match in [(1, "Dumbo", "seat=1 may not guess now"), (0, "Dumbo", "seat=0 may not guess now"),
                               (3, "", "text='' is not a guess"), (3, 7, "text must be the guess as a string")]:
        with Unchanged(app), pytest.raises(ValueError, match=match):
            app.guess(seat, guess)


def test_an_empty_guess_is_a_notice(team_app):
    app = team_app
    with Unchanged(app):
        app.guess_button.click()                                        # nothing typed
    assert "\u26a0" in text(app)


# --- the timer ------------------------------------------------------------------------------------

def test_time_up_opens_the_steal_and_a_missed_steal_passes_to_the_next_team(team_app):
    app = team_app
    pad_stroke(app, STROKE)
    assert len(app.pad.sketch) == 1
    run_out(app, app.clock)                                             # 1:00 ran out
    game = app.game
    assert game.phase == "steal" and game.current_player == 0
    assert "Team A: one guess to steal the point!" in text(app)
    assert app.timer.seconds == 10 and app.timer.state == "running" and app.timer.remaining == 10
    assert list(app.guesser_input.options) == [("Player 1", 0), ("Player 3", 2)]
    assert not app.pad.enabled and len(app.pad.sketch) == 1            # the sketch stays for the steal
    assert labels(app) == ["1. \u2713 Player 1 got it (Team A scores)", "2. \u2713 Player 3 got it (Team A scores)",
                           "3. Time's up: the steal missed"]
    clock = on_fake_clock(app)                                          # the steal's own start
    clock.advance(9)
    app.timer.check()
    assert game.phase == "steal" and app.timer.remaining == pytest.approx(1)
    run_out(app, clock)                                                 # the 10 s ran out too
    assert game.phase == "sketch" and game.turn_team == 0 and game.sketcher == 0
    assert game.team_scores == [0, 0] and game.cards_done == 1
    assert app.timer.seconds == 60 and app.timer.state == "ready"     # the next sketch waits for Start
    assert app.pad.enabled and len(app.pad.sketch) == 0                # a new sheet for the new card ...
    assert app.pad.undo() is False                                      # ... not a Clear that Undo takes back
    assert "Player 1 sketches (" in text(app)


def test_a_stolen_point_goes_to_the_other_team(team_app):
    app = team_app
    run_out(app, app.clock)
    app.guesser_input.value = 2
    app.guess_input.value = app.game.card.answer
    assert app.game.phase == "ruling" and app.game.pending == (2, True, True)
    assert labels(app) == ["1. Agree, right: Player 3 scores", "2. Overrule, wrong: the steal missed"]
    button_with(app, "wld-confirm").click()
    assert app.game.team_scores == [1, 0] and app.game.steals == 1
    assert "Team A 1 \u2013 Team B 0" in text(app)


def test_times_up_button_does_what_the_clock_does(team_app):
    app = team_app
    button_with(app, "wld-timeup").click()
    assert app.game.phase == "steal" and app.timer.seconds == 10 and app.timer.state == "running"
    app.guess(0, app.game.card.answer)                                  # a stealing guess: the ruling
    with Unchanged(app):
        app._time_up()                                                  # no time runs out in the ruling


def test_a_typed_steal_guess_keeps_the_sketch_and_the_steal_clock(team_app):
    app = team_app
    pad_stroke(app, STROKE)
    run_out(app, app.clock)
    app.guess(0, "Bambi")                                               # the stealing team's one guess
    assert app.game.phase == "ruling"
    assert len(app.pad.sketch) == 1 and not app.pad.enabled
    assert app.timer.seconds == 10 and app.timer.state == "paused"


@pytest.mark.parametrize("rules", [GAMEBOARD, wld.Rules(team_picks_sketcher=True)], ids=["place", "pick"])
def test_the_first_sketch_waits_for_the_sketchers_start(make_app, rules):
    app = make_app(rules=rules, n_players=4, seed=SEED)
    assert app.timer.state == "ready"
    app.choice_buttons[0].click()                                       # the white pawn placed, or a Sketcher picked
    assert app.game.phase == "sketch"
    assert app.timer.state == "ready" and "press Start on the clock" in text(app)
    press_start(app)


def test_a_new_game_starts_with_a_blank_pad_and_a_full_clock(team_app):
    app = team_app
    pad_stroke(app, STROKE)
    app.clock.advance(30)
    app.guess(3, app.game.card.answer)                                  # the clock pauses at 0:30
    app.new_game_button.click()                                         # seed 5527 again (the Seed box)
    assert app.game.phase == "sketch" and app.game.turns == 0
    assert len(app.pad.sketch) == 0
    assert app.timer.remaining == 60


# --- the pad ---------------------------------------------------------------------------------------

def test_the_pad_is_on_only_for_a_human_sketcher_and_blank_for_each_card(make_app):
    app = make_app(n_players=4, seats=["human", "Skilled 75%", "human", "Skilled 75%"], seed=SEED)
    game = app.game
    assert game.sketcher == 1 and not app.is_human(1)
    assert not app.pad.enabled and "wld-pad-off" in app.pad._dom_classes
    assert app.timer.state == "ready"                                   # a bot's sketch is not timed
    assert app.roll_button.description == "Step" and not app.roll_button.disabled
    pad_stroke(app, STROKE)
    assert len(app.pad.sketch) == 0                                     # nobody can draw for a bot
    for _ in range(5):                                                  # the bot's card: guessed or missed
        if game.sketcher != 1:
            break
        if game.phase == "steal":                                       # Team A (people) may steal: no luck
            button_with(app, "wld-timeup").click()
        else:
            app.step()
    assert game.sketcher == 0 and game.phase == "sketch"
    assert app.pad.enabled and "wld-pad-off" not in app.pad._dom_classes
    press_start(app)                                                    # her own sketch: her Start
    pad_stroke(app, STROKE)
    assert len(app.pad.sketch) == 1
    app.guess(2, game.card.answer)
    assert game.phase == "ruling" and app.pad.enabled                   # she may still draw while ruling
    button_with(app, "wld-confirm").click()
    assert game.sketcher == 3 and not app.pad.enabled and len(app.pad.sketch) == 0


# --- Gameboard Play: clicks on the table -----------------------------------------------------------

def test_gameboard_clicks_place_the_pawn_award_a_guesser_and_take_a_colour(make_app, drawn):
    app = make_app(rules=GAMEBOARD, n_players=4, seed=SEED)
    game = app.game
    with Unchanged(app):
        app.on_canvas_mouse_down(*centre(vd.BOARD))                     # the middle of the board: nothing
    assert "Player 1: click a Spade Space for the white pawn." in text(app)
    spade = targets(app, "space")[1]
    app.on_canvas_mouse_down(*centre(spade.rect))
    assert game.white_pawn == spade.value and game.phase == "sketch"
    assert "Player 1 sketches (Movies)" in text(app) and app.pad.enabled
    assert [t.value for t in targets(app, "player")] == [1, 2, 3]        # the Guessers' rows
    assert list(app.guesser_input.options) == [("Player 2", 1), ("Player 3", 2), ("Player 4", 3)]
    app.on_canvas_mouse_down(*centre(targets(app, "player")[1].rect))     # Player 3 called it out
    assert game.phase == "take" and game.current_player == 2
    assert "Player 3: take a pawn of a colour you don't own yet." in text(app)
    assert not app.pad.enabled and app.timer.state != "running"
    colours = targets(app, "colour")
    assert [t.value for t in colours] == list(wld.COLOURS)
    app.on_canvas_mouse_down(*centre(colours[2].rect))
    assert game.held[2] == [wld.COLOURS[2]] and game.centre[wld.COLOURS[2]] == 5
    assert game.phase == "roll" and app.choice_buttons == []
    assert app.roll_button.description == "Roll" and not app.roll_button.disabled
    drawn.clear()
    app.roll_button.click()
    rolled = next(e for e in reversed(game.events) if type(e).__name__ == "Rolled")
    landed = (spade.value + rolled.value) % len(game.rules.track)
    assert game.white_pawn == landed
    assert game.cards_done == 1 and game.phase == "sketch" and game.sketcher == 1
    # The canvas changed: the white pawn drawn on the space it landed on (not the Spade), the new header.
    pieces = next(m for m in drawn if "In the centre" in texts_in(m))     # the table's pieces layer
    assert pen_moves_in(pieces, space_rect(game, landed)) and not pen_moves_in(pieces, spade.rect)
    assert f"Player 2 sketches · {game.card.category}" in texts_in(pieces)
    assert app.timer.state == "ready" and app.pad.enabled


def test_the_gameboard_shows_the_die_after_a_roll(make_app):
    app = make_app(rules=GAMEBOARD, n_players=4, seed=SEED)
    app.choose(wld.PlacePawn(0))
    app.choose(wld.Award((1,)))
    app.choose(wld.TakePawn(wld.COLOURS[0]))
    app.roll_button.click()
    rolled = next(e for e in reversed(app.game.events) if type(e).__name__ == "Rolled")
    assert vd.snapshot(app.game).last_roll == rolled.value
    assert f"Die: {rolled.value}" in table_texts(app)


def test_gameboard_clicks_that_mean_nothing_say_why(make_app):
    app = make_app(rules=GAMEBOARD, n_players=4, seed=SEED)
    app.choose(wld.PlacePawn(0))
    colour_swatch = (vd.BOARD[0] + vd.BOARD[2] / 2 - 2 * 62 + 11, vd.BOARD[1] + 200, vd.SWATCH, vd.SWATCH)
    with Unchanged(app):
        app.on_canvas_mouse_down(*centre(colour_swatch))                # no colour to take while sketching
    assert "Player 1: draw on the pad; when someone calls out the answer, click their name" in text(app)
    app.choose(wld.Award((3,)))
    taken = wld.COLOURS[0]
    app.choose(wld.TakePawn(taken))
    app.roll_button.click()
    # Player 2 sketches; later Player 4 may not take a colour she holds: that swatch is no target.
    app.choose(wld.Award((3,)))
    assert app.game.current_player == 3 and taken in app.game.held[3]
    assert taken not in [t.value for t in targets(app, "colour")]
    with Unchanged(app):
        app.on_canvas_mouse_down(*centre(colour_swatch))
    assert "Player 4: click a pawn colour you lack in the centre" in text(app)


# --- bots ------------------------------------------------------------------------------------------

def test_bot_seats_step_through_their_sketches(make_app):
    app = make_app(n_players=4, seats=["Skilled 75%"] * 4, seed=SEED)
    game = app.game
    assert app.roll_button.description == "Step" and not app.pad.enabled
    assert "Player 2 (a bot) decides: press Step." in text(app)
    decisions = 0
    while game.cards_done < 6:
        before = saved(game)
        if decisions % 2:
            key_down(app, "s")
        else:
            app.roll_button.click()
        decisions += 1
        assert saved(game) != before and counters(app)[1] == decisions
        assert not app.pad.enabled and app.timer.state != "running"
        assert app.guess_input.disabled == (game.phase not in ("sketch", "steal"))
    sketchers = [e.player for e in game.events if type(e).__name__ == "SketchStarted"]
    assert sketchers[:6] == [1, 0, 3, 2, 1, 0]                          # teams take turns, each rotating
    assert 0 < sum(game.team_scores) <= 6                              # a point for some cards, not all
    assert f"Team A {game.team_scores[0]} \u2013 Team B {game.team_scores[1]}" in text(app)


def test_the_end_of_a_team_game_shows_the_winner():
    app = wld.App(rules=wld.Rules(team_target=1), n_players=4, seed=SEED)
    try:
        app.guess(3, app.game.card.answer)
        app.choose(wld.CONFIRM)
        assert app.game.is_over and app.game.winner == 1
        assert app.errors == []
        assert "Team B wins" in text(app) and "Press New game" in text(app)
        assert "The game is over." in card_text(app) and app.timer.state != "running"
        assert app.guess_input.disabled and not app.pad.enabled
        assert app.guesser_input.disabled and app.guesser_input.label == "game over"
    finally:
        app.close()


def test_autoplay_plays_a_bots_gameboard_game_to_the_end(make_app):
    app = make_app(rules=wld.Rules(play="gameboard", colours_to_collect=1), n_players=3,
                   seats=["Skilled 75%"] * 3, seed=SEED, autoplay_speed=10)
    app.autoplay.value = True
    wait_until(lambda: not app.autoplay.value, 60)
    assert app.game.is_over and "Press New game" in text(app)
    assert "wins the Ace-In-The-Hole!" in text(app) or "No winner" in text(app)


def test_autoplay_stops_at_a_persons_sketch(make_app):
    app = make_app(n_players=4, seats=["human", "Skilled 50%", "human", "Skilled 50%"], seed=SEED,
                   autoplay_speed=10)
    app.autoplay.value = True
    wait_until(lambda: not app.autoplay.value)
    game = app.game                  # a person sketches, or her team answers a steal
    assert app.is_human(game.current_player) and game.phase in ("sketch", "steal")
    # A person's sketch waits for her Start; a steal's 10 seconds run at once.
    assert app.timer.state == ("ready" if game.phase == "sketch" else "running")
    assert app.pad.enabled == (game.phase == "sketch")


def test_step_on_a_persons_sketch_says_what_to_do_without_a_die(team_app):
    app = team_app
    with Unchanged(app):
        key_down(app, "s")
    assert "rolled" not in text(app)


# --- errors and closing ---------------------------------------------------------------------------

def test_an_error_in_a_callback_is_shown_not_raised(team_app, monkeypatch):
    app = team_app

    def broken(seat, text):
        raise RuntimeError("the matcher broke")

    monkeypatch.setattr(app.game, "guess", broken)
    app.guess_input.value = "Dumbo"                                     # no exception reaches the browser
    assert len(app.errors) == 1 and "RuntimeError: the matcher broke" in app.errors[0]
    assert "Something went wrong" in text(app) and "RuntimeError: the matcher broke" in text(app)
    app.errors.clear()


def test_close_stops_the_peek_timer_and_closes_the_widgets(make_app):
    app = make_app(n_players=4, seed=SEED)
    app.peek()
    hide = app._hide_timer
    parts = [app.pad, app.pad.canvas, app.timer, app.card_html, app.peek_button, app.keep_visible,
             app.guesser_input, app.guess_input, app.guess_button, app.canvas, app.status]
    assert all(w.comm is not None for w in parts)
    app.close()
    assert hide.finished.is_set()                                       # cancelled: it never fires
    assert all(w.comm is None for w in parts)
    assert app.comm is None
    app.close()                                                         # twice is harmless


def test_gameboard_guessers_right_at_the_same_moment_are_awarded_together(make_app):
    app = make_app(rules=wld.Rules(play="gameboard"), n_players=4, seed=SEED)
    app.choose(wld.PlacePawn(0))
    game = app.game
    assert app.tie_box.layout.display == "contents"
    assert [t.seat for t in app.tie_toggles] == list(game.guessers) == [1, 2, 3]
    with Unchanged(app):                                     # one ticked is not a tie: a notice, nothing else
        app.tie_toggles[0].value = True
        app._award_tie()
    assert "Tick two or more Guessers" in text(app)
    app.tie_toggles[2].value = True
    app._award_tie()
    assert game.phase == "take" and game.takers == [1, 3]     # both take a pawn, from the Sketcher's left
    assert "Player 2 and Player 4 guess it at the same moment!" in text(app)
    assert app.tie_box.layout.display == "none" and app.errors == []


def test_team_play_has_no_tie_row(team_app):
    assert team_app.tie_box.layout.display == "none"


def test_no_clock_runs_until_the_sketcher_presses_start():
    """Issue 14: a page left alone plays nothing by itself (a pre-heated Voilà kernel builds the App long
    before its page opens, and a class may look at the page for minutes before the first sketch)."""
    app = wld.App(n_players=4, seed=SEED)
    try:
        assert app.game.phase == "sketch" and app.timer.state == "ready"
        app._on_client_ready()                                  # the page shows the App: still nothing runs
        assert app.timer.state == "ready" and app.timer.remaining == 60
        assert "Player 2 sketches (Movies): press Start on the clock, then draw" in text(app)
        app.timer.check()                                       # a heartbeat changes nothing either
        assert app.timer.state == "ready" and app.game.cards_done == 0
        app.timer.start_button.click()
        assert app.timer.state == "running" and app.timer.remaining == pytest.approx(60, abs=0.5)
        app._on_client_ready()                                  # a second view (a refresh) changes nothing
        assert app.timer.state == "running" and app.errors == []
    finally:
        app.close()


# --- issue 16: the Sketching Rules beside the pad, and how many players the App seats --------------

def test_the_sketching_rules_are_shown_beside_the_pad(team_app):
    app = team_app
    box = app.rules_html
    play_row = next(child for child in app.children if isinstance(child, widgets.HBox)
                    and box in getattr(child.children[0], "children", ()))
    assert app.pad in play_row.children[0].children[0].children          # beside the pad (or under it), in its column
    assert box.layout.display != "none" and box.layout.visibility != "hidden"
    shown = html.unescape(re.sub(r"<[^>]+>", " ", box.value))
    assert "Sketching Rules" in shown
    assert "No letters, words or numbers" in shown
    assert "Never speak while sketching" in shown
    assert "Draw an ear to mean \u201csounds like\u201d" in shown
    assert "author" in shown
    assert "font-size:calc(17px * var(--boardkit-text-scale, 1))" in box.value   # readable, and grows with Large type
    assert "Team Play is for 4 or more players (boardkit's model takes up to 40); this App seats 4 to 6" in shown


def test_the_gameboard_app_says_how_many_it_seats(make_app):
    app = make_app(rules=GAMEBOARD, n_players=3, seed=SEED)
    shown = html.unescape(re.sub(r"<[^>]+>", " ", app.rules_html.value))
    assert "Gameboard Play is for 3 to 6 players." in shown and "this App seats" not in shown   # (said it twice)
    assert "No letters, words or numbers" in shown


# --- Large type: the table's words grow with the rest of the App's text ---------------------------

@pytest.mark.parametrize("rules,n_players", [(wld.Rules(), 6), (GAMEBOARD, 6)])
def test_large_type_grows_the_words_drawn_on_the_table(make_app, drawn, rules, n_players):
    """The table is drawn on a canvas, about half its size on a projector beside the pad: the page's Large type
    (CSS) can't reach its words, so the lesson page's switch has every App redraw them 1.4 times bigger."""
    app = make_app(rules=rules, n_players=n_players, seed=SEED)
    normal = drawn_sizes(app)
    drawn.clear()
    set_canvas_text_scale(1.4)
    try:
        assert drawn and {"Player 1"} & {t.split(" \u00b7")[0] for t in texts_in(drawn[-1])}   # redrawn at once
        large = drawn_sizes(app)
    finally:
        set_canvas_text_scale(1.0)
    assert [t for t, _ in large] == [t for t, _ in normal]
    # every word (not the colour swatches' initials R, G, B, O: marks drawn inside their squares)
    words = [(t, px, big) for (t, px), (_, big) in zip(normal, large) if sum(ch.isalpha() for ch in t) > 1]
    assert words and all(big == int(px * 1.4) for _, px, big in words), words
    assert drawn_sizes(app) == normal and canvas_text_scale() == 1.0


def test_the_canvas_text_scale_refuses_bad_input():
    for bad in (0.5, 3, "large", True, None):
        with pytest.raises(ValueError, match="a number from 1 to 2"):
            set_canvas_text_scale(bad)
    assert canvas_text_scale() == 1.0

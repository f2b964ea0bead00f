"""``GameApp``: what every game's classroom app shares (ipywidgets + ipycanvas, shown by Voilà).

A game's ``App`` is a subclass that fills in a few class attributes (its
``Rules`` and ``Game``, its bots, its CSS prefix) and the hooks below, which
say only what is special about that game:

========================  ======================================================
hook                      what it means
========================  ======================================================
``_layout_for(rules)``    the board's geometry for these rules (``self.geometry``)
``_scene()``              a snapshot of the game for drawing (``view_draw.snapshot``)
``_draw_board(c, s)``     draw the board that never changes on layer ``c``
``_draw_pieces(c, s)``    draw everything that changes on layer ``c``
``_target_at(x, y)``      what is drawn at canvas pixel (x, y), or None
``_action_for(t, seat)``  what a click on target ``t`` means: (action, "") or (None, why not)
``_hint(seat)``           one sentence: what a human can click now
``_prompt_for(seat, h)``  the status line's "what comes next" for ``seat``
``_win_text()``           the status line's sentence about the winner
``_status_extra()``       more of the game in words after "Turn N" (e.g. " · round 2")
``_describe_state()``     the board in words (the text mirror under the status line)
``_new_game_news(g, s)``  the news shown when a new game is dealt
``_loaded_news(g)``       the news shown when ``set_game`` loads a game
``_animate_action(...)``  play the animation of a decision (return True), or not
``_may_queue_s(action)``  how long a new animation may wait for a running one
``_longest_animation_s``  seconds of the game's longest animation at full length
``_choices_for(seat)``    the human ``seat``'s actions shown as choice buttons
``_choice_label(a)``      the text of the button for action ``a``
``_choice_classes(a)``    extra CSS classes of that button
``_extra_settings()``     more widgets for the settings row (e.g. a checkbox)
``_piece_positions(g)``   where the pieces stand (for ``_animate_action``)
``_quiet_news(s, a)``     the news of a decision that caused no event
``_news_of(e)``           the status line's words for event ``e`` (None: none; the game log keeps them all)
========================  ======================================================

``MAX_SEATS`` (a class attribute, 4 by default) is the most players the App
seats: one seat box each.

The picture is always redrawn from the game's state (``redraw()``), when a
browser connects (``canvas.on_client_ready``) and after every change, so it
never goes blank in Voilà (design.md §4).

A human seat answers the same decision points as a bot: with the buttons of
the legal actions, or by clicking the canvas.  Keys on the canvas: R / S /
Space / Enter roll or step, A autoplay, 1-9 a choice, Tab on to the controls
(Shift+Tab: back to a skip button before the board).  Autoplay runs in a
background thread, one decision at a time under a lock, so clicks are still
heard; it stops at a human decision and at the end of the game.  Errors
inside callbacks are shown in the status line, never lost.

Animations never make a later drawing wait with a ``sleep`` of its own:
ipycanvas (0.14) plays the canvas messages strictly one after another (one
promise chain for every canvas of the kernel), so whatever is drawn while an
animation plays appears right after its last frame.  An extra sleep would be
waited on top, and the picture would lag behind after quick Step clicks.

The words follow the picture: while a browser shows the board, the status
line, the board in words, the log and the buttons of a decision appear once
the browser has drawn the board of that decision (its animation played),
never seconds before, so after quick Step clicks the status line and the
board always tell the same game.  The browser says so itself: after each
drawing the App sends one more command, to a hidden 1x1 canvas, filling it
with a colour that numbers the words; the browser plays it only after
everything sent before it, and sends the pixel back (ipycanvas'
``sync_image_data``), and the words of that number are shown.  With no
browser (a test, a script) the words change at once.

The browser sends each mark's pixel once: ipycanvas also sends back the
canvas a message *starts* on, so the mark's message ends with a command on a
second hidden canvas that sends nothing.  (Sent twice, the pixels travel
through the browser's image encoder, which works in idle time and may finish
them out of order under load; ipywidgets then keeps only the last value it
has not yet sent, and a stale pixel could replace the newest, whose words
would never show.)  If a mark's pixel still has not come back
``RESEND_S`` after its drawing should have played, the newest words get a
new mark: a lost one never leaves the status line behind for good.
"""
from __future__ import annotations

import html
import io
import logging
import numbers
import random
import threading
import time
import traceback
import weakref

import ipywidgets as widgets
import traitlets
from ipycanvas import Canvas

from boardkit.core import step as bot_step
from boardkit.core.actions import Roll
from boardkit.core.events import seat as _seat
from boardkit.core.rng import check_seed, seed_from_text

from . import palette
from .batch import Layers, safe_hold
from .layout import responsive
from .names import control_names
from .pawns import player_glyph, player_style
from .text import _canvas_text, canvas_text_scale  # noqa: F401 (Apps import canvas_text_scale from here)

log = logging.getLogger(__name__)

HUMAN = "human"
MAX_SEATS = 4                           # the default of GameApp.MAX_SEATS
SPEEDS = (0.5, 10.0)                    # autoplay decisions per second: the slider's range
ROLL_QUEUE_S = 0.3                      # how long a roll's animation may wait for a running one
MAX_WAITING_WORDS = 50                  # words kept while the browser catches up (only the newest shows)
RESEND_S = 2.0                          # a mark not heard back this long after its drawing: send a new one
MAX_RESENDS = 5                         # ... this many times at most (a page closed never answers)
#: The ipycanvas canvas manager is shared by every canvas in the kernel, so
#: every drawing batch of every App goes through this one lock.
DRAW_LOCK = threading.RLock()
#: A lesson page's Large type switch sets this CSS variable (1.4); the App's text follows it.
TEXT_SCALE = "var(--boardkit-text-scale, 1)"
STATUS_STYLE = (f"font-size:calc(24px * {TEXT_SCALE}); line-height:1.35; color:#1A1A1A; background:#FFFFFF; "
                "padding:8px 14px; border:2px solid #1A1A1A; border-left:14px solid {{colour}};")
#: A switched-off control: near-white with a dashed grey edge, its words dark grey (7.9:1 on it, WCAG AA asks
#: 4.5:1), the not-allowed pointer, never see-through. ipywidgets' own look, the control at 0.6 opacity, left
#: Roll's white words on blue at 2.6:1 and Pause's at 4.0:1: exempt from WCAG, but unreadable on a projector.
OFF_FILL, OFF_WORDS, OFF_EDGE = "#F7F7F7", "#4D4D4D", "#767676"


def switched_off_css(scope: str) -> str:
    """The CSS rule that draws every switched-off button, menu and text box inside ``scope`` (a CSS selector) as
    plainly off and readable: an App's (``GameApp``'s own CSS), or a lesson page's (``".jp-Notebook"``)."""
    controls = ", ".join(f"{scope} {what}:disabled" for what in (
        ".jupyter-button", ".widget-dropdown > select", ".widget-text input", ".widget-textarea textarea"))
    return (f"{controls} {{opacity: 1 !important; cursor: not-allowed; background-color: {OFF_FILL} !important; "
            f"color: {OFF_WORDS} !important; border: 2px dashed {OFF_EDGE} !important;}}")


#: Large text, a clear keyboard focus ring and readable switched-off controls; APP stands for the app's CSS class.
CSS = """<style>
.APP .widget-label, .APP .widget-dropdown > select,
.APP .widget-text input, .APP .widget-readout,
.APP .widget-checkbox label {font-size: calc(18px * var(--boardkit-text-scale, 1));}
.APP .jupyter-button {font-size: calc(20px * var(--boardkit-text-scale, 1)) !important;}
.APP .widget-dropdown > select, .APP .widget-text input {height: 36px;}
.APP button:focus-visible, .APP select:focus-visible,
.APP input:focus-visible {outline: 4px solid #0072B2; outline-offset: 2px;}
.APP .boardkit-skip {position: absolute !important; z-index: 10; width: auto !important;
  height: 48px !important; font-size: 20px; font-weight: bold;}
.APP .boardkit-skip:not(:focus) {width: 1px !important; height: 1px !important; padding: 0;
  overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0;}
""" + switched_off_css(".APP") + """
</style>"""


def guarded(fn, report):
    """``fn`` wrapped for a widget callback: an error goes to ``report(err)`` (shown to the user), never a lost log."""
    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Exception as err:  # noqa: BLE001
            report(err)
    call.__name__ = getattr(fn, "__name__", "callback")
    return call


def focus_first_enabled(candidates) -> bool:
    """Give the keyboard's focus to the first of ``candidates`` (widgets) that is not
    disabled; False if none is.  For canvases: ipycanvas keeps every key on a focused
    canvas, Tab included, so a view moves the focus on itself when it hears Tab."""
    for widget in candidates:
        if not widget.disabled:
            widget.focus()
            return True
    return False


def _random_seed():
    return random.SystemRandom().randrange(10**6)


_live_apps: weakref.WeakSet = weakref.WeakSet()


def set_canvas_text_scale(scale: float) -> None:
    """Draw the words on every App's canvas ``scale`` times their normal size (1 to 2; a lesson page's
    Large type switch sets its 1.4), as the page's CSS grows the App's other text; each open App redraws."""
    if isinstance(scale, bool) or not isinstance(scale, numbers.Real) or not 1 <= scale <= 2:
        raise ValueError(f"the canvas text scale must be a number from 1 to 2, got {scale!r}")
    _canvas_text["scale"] = float(scale)
    for app in list(_live_apps):
        app._guard(app.redraw)()             # a failure shows in that App's status, never stops the switch


def scaled(length: str) -> str:
    """A CSS length (a font size, a control's width) that grows with a lesson page's Large type
    (``--boardkit-text-scale``; 1 elsewhere), so text grows with it and a control's words are not cut."""
    return f"calc({length} * {TEXT_SCALE})"


class GameApp(widgets.VBox):
    """A board game for the projector: the canvas, the status line, the choices and the controls.

    Parameters: ``rules`` (the game's ``Rules``; default the rulebook),
    ``n_players`` (2-4), ``seats`` ("human" or a bot's name per seat; default
    seat 1 human, the others ``DEFAULT_BOT``), ``seed`` (None: a fresh game
    each time), ``autoplay_speed`` (decisions per second).
    """

    # --- what a game's App fills in ---------------------------------------------------------
    PREFIX = ""                 # the game's short name: "md" gives CSS classes md-roll, boardkit-md-app
    GAME_NAME = ""              # e.g. "Mystery Date" (for the log)
    RULES = None                # the game's Rules class
    GAME = None                 # the game's Game class: Game(rules, n_players=n, seed=seed)
    ROLLING_PHASE = "roll"      # the game's phase in which the current player rolls the die
    BOTS: dict = {}             # bot name -> bot class, as offered in the seat boxes
    DEFAULT_BOT = ""            # the bot in every seat but the first, unless told otherwise
    WIDTH = HEIGHT = None       # the canvas size in pixels (view_draw.WIDTH, HEIGHT)
    NEW_GAME_WORD = "Deal"      # "Deal a new game" (cards) or "Start a new game"
    MAX_SEATS = MAX_SEATS       # the most players the App seats (one seat box each)
    #: the height (px, at the normal text size) of what shares the screen with the board: the status line, the
    #: choices, the controls and the settings; it grows with Large type, and the board shrinks to leave it room
    BESIDE_BOARD_PX = 300

    def __init__(self, rules=None, n_players: int = 4, seats=None, seed=None,
                 autoplay_speed: float = 2.0, **kwargs):
        self.rules = self.RULES() if rules is None else rules
        if not isinstance(self.rules, self.RULES):
            raise TypeError(f"rules must be {self.PREFIX}.Rules, got {type(self.rules).__name__}")
        # not a whole number in range: ValueError, as the game's Game
        self.rules.check_players(n_players)
        if n_players > self.MAX_SEATS:
            raise ValueError(f"the App seats at most {self.MAX_SEATS} players, got {n_players}")
        seats = self._check_seats(seats, n_players)
        seed = self._check_seed(seed)
        autoplay_speed = self._check_speed(autoplay_speed)
        self._lock = threading.RLock()
        self._stop_autoplay = threading.Event()
        self._anim_until = 0.0
        self._seen = 0
        self._choices: list = []
        self._last_news: list = []
        self._log_lines: list = []
        self._n_decisions = 0
        self._quiet = False
        self._browser = False             # is the drawn mark in a browser (then words wait for the picture)?
        self._words_lock = threading.Lock()
        self._waiting_words: list = []    # (number, words) not yet shown, oldest first
        self._words_sent = 0              # the number of the newest words
        self._resend_timer = None         # sends the newest words a new mark if theirs is not heard back
        self._resends = 0
        self.errors: list[str] = []       # tracebacks of callback errors (the status shows the message)
        self.geometry = self._layout_for(self.rules)
        p = self.PREFIX
        verb = self.NEW_GAME_WORD

        # --- the canvas ----------------------------------------------------------
        self.canvas = Layers(3, width=self.WIDTH, height=self.HEIGHT)  # board, pieces, animation
        responsive(self.canvas)
        # The board, the status line, the choices and the controls fit one screen (a projector's too, in
        # Large type): the board is at most as wide as keeps its shape within the screen's height less theirs.
        self.canvas.layout.max_width = self._board_max_width(self.WIDTH, self.HEIGHT)
        # The canvas's tooltip is its accessible name (the board in words, below). ipywidgets'
        # browser code reads a widget's ``description`` before it shows a tooltip, and an
        # ipycanvas MultiCanvas has none: without one the board's view fails to build
        # ("Cannot read properties of undefined (reading 'length')") and no board shows.
        if "description" not in self.canvas.trait_names():
            self.canvas.add_traits(description=traitlets.Unicode("").tag(sync=True))
        self.canvas.on_client_ready(self._guard(self._on_client_ready))
        # the 1x1 canvas whose pixel the browser sends back once it has drawn up to it; never shown
        # (the browser keeps every canvas model's picture, shown or not)
        self.drawn_mark = Canvas(width=1, height=1, sync_image_data=True)
        self.drawn_mark.observe(self._guard(self._on_drawn), names="image_data")
        self.drawn_mark.on_client_ready(self._guard(self._on_mark_ready))
        # the canvas each mark's message ends on, so the browser sends the mark's pixel only once (module docstring)
        self._after_mark = Canvas(width=1, height=1)
        self.canvas.on_mouse_down(self._guard(self.on_canvas_mouse_down))
        self.canvas.on_key_down(self._guard(self._on_key_down))

        # --- status and choices -----------------------------------------------------
        # Full width with no side margins: a widget's usual 2 px margins would push the
        # status's right border out of the page, where it is cut off.
        self.status = widgets.HTML(layout=widgets.Layout(width="100%", margin="2px 0"))
        self.status.add_class("boardkit-status")
        # The board in words, for a screen reader and for the back row (its first
        # sentence is also the canvas's accessible name, its tooltip).
        self.mirror = widgets.HTML(layout=widgets.Layout(width="100%", margin="2px 0"))
        self.mirror.add_class("boardkit-mirror")
        self.choice_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", width="100%"))
        self.choice_buttons: list[widgets.Button] = []

        # --- controls ----------------------------------------------------------------
        big = dict(font_size="20px", font_weight="bold")
        tall = dict(height="48px", width="auto", margin="4px")
        self.roll_button = widgets.Button(
            description="Roll", icon="dice", style=dict(big, button_color=palette.BLUE, text_color="white"),
            layout=widgets.Layout(min_width="150px", **tall),
            tooltip="Roll the die for a human seat; on a bot seat, let the bot make one decision (key R)")
        self.roll_button.add_class(f"{p}-roll")
        self.autoplay = widgets.ToggleButton(
            value=False, description="Autoplay", icon="play", style=big, layout=widgets.Layout(**tall),
            tooltip="Let the bots play on by themselves; stops at a human's decision or the end (key A)")
        self.autoplay.add_class(f"{p}-autoplay")
        # Labels take the width their words need ("initial"), so Large type never cuts them.
        self.speed = widgets.FloatSlider(
            value=autoplay_speed, min=SPEEDS[0], max=SPEEDS[1], step=0.5, description="Speed",
            readout_format=".1f", continuous_update=False, style=dict(description_width="initial"),
            layout=widgets.Layout(width="300px", margin="12px 4px"),
            tooltip="Autoplay speed in decisions per second (fast speeds skip the animations)")
        self.new_game_button = widgets.Button(
            description="New game", icon="refresh", style=big, layout=widgets.Layout(**tall),
            tooltip=f"{verb} a new game with the players and seed chosen here")
        self.new_game_button.add_class(f"{p}-new-game")
        self.seed_input = widgets.Text(
            value="" if seed is None else str(seed), placeholder="random", description="Seed",
            style=dict(description_width="initial"), layout=widgets.Layout(width=scaled("200px"), margin="10px 4px"),
            tooltip="A whole number replays the same game; leave empty for a fresh game")
        self.players_input = widgets.Dropdown(
            options=[n for n in range(self.rules.min_players, min(self.rules.max_players, self.MAX_SEATS) + 1)],
            value=n_players, description="Players", style=dict(description_width="initial"),
            layout=widgets.Layout(width=scaled("170px"), margin="4px"),
            tooltip=f"Number of players; changing it {verb.lower()}s a new game")
        self.seat_inputs = [
            widgets.Dropdown(options=self.seat_choices(), value=seats[i] if i < n_players else self.DEFAULT_BOT,
                             description=f"{player_glyph(i)} {i + 1}",
                             style=dict(description_width="initial"),
                             layout=widgets.Layout(width=scaled("190px"), margin="4px"),
                             tooltip=f"Who plays seat {i + 1}: a human (you click) or a bot")
            for i in range(self.MAX_SEATS)]
        self.extra_settings = self._extra_settings()
        self.log_html = widgets.HTML()
        self.log_box = widgets.Accordion(children=[self.log_html], titles=("Game log",))
        self.log_box.selected_index = None

        self.roll_button.on_click(self._guard(lambda _: self.step()))
        self.new_game_button.on_click(self._guard(lambda _: self._deal_from_controls()))
        self.autoplay.observe(self._guard(self._on_autoplay), names="value")
        self.players_input.observe(self._guard(self._on_players), names="value")
        for dropdown in self.seat_inputs:
            dropdown.observe(self._guard(self._on_seats), names="value")

        controls = widgets.HBox([self.roll_button, self.autoplay, self.speed, self.new_game_button,
                                 self.seed_input], layout=widgets.Layout(flex_flow="row wrap"))
        settings = widgets.HBox([self.players_input, *self.seat_inputs, *self.extra_settings],
                                layout=widgets.Layout(flex_flow="row wrap"))
        # Keyboard users: the canvas takes every key, Tab included (ipycanvas), so Tab on the
        # board moves on to the controls (_on_key_down), and Shift+Tab comes back to this
        # button, shown only while it has the focus, which leads on to the controls too.
        self.skip_button = widgets.Button(description="Skip the board: go to the game's controls",
                                          tooltip="For the keyboard: the board takes every key but Tab")
        self.skip_button.add_class("boardkit-skip")
        self.skip_button.on_click(self._guard(lambda _: self.focus_controls()))
        css = CSS.replace("APP", f"boardkit-{p}-app")
        # The board in words comes after the controls, so the board and the controls share one screen.
        super().__init__([widgets.HTML(css), self.skip_button, self.canvas, self.status, self.choice_box, controls,
                          settings, self.mirror, self.log_box, *control_names()],  # (names the Speed slider in Voilà)
                         layout=widgets.Layout(width="100%"), **kwargs)
        self.add_class(f"boardkit-{p}-app")
        self._start(seed)
        _live_apps.add(self)                # it redraws when Large type changes the canvas's text size

    def _board_max_width(self, width: int, height: int, beside_px: int | None = None) -> str:
        """The CSS width at most of a canvas ``width`` x ``height`` that leaves ``beside_px`` (default
        BESIDE_BOARD_PX, scaled with Large type) of the screen's height to the rest of the App."""
        beside = self.BESIDE_BOARD_PX if beside_px is None else beside_px
        return f"calc((100vh - {beside}px * {TEXT_SCALE}) * {width} / {height})"

    # --- hooks: what each game's App says for itself ------------------------------------------
    def _layout_for(self, rules):
        """The geometry of the board for ``rules`` (e.g. ``view_draw.Layout.for_board(...)``)."""
        raise NotImplementedError

    def _scene(self):
        """A snapshot of ``self.game`` for drawing: everything the picture needs, copied out."""
        raise NotImplementedError

    def _draw_board(self, layer, scene) -> None:
        """Draw the parts of the picture that do not change during a game on canvas ``layer``."""
        raise NotImplementedError

    def _draw_pieces(self, layer, scene) -> None:
        """Draw everything that changes (pawns, hands, the die, ...) on canvas ``layer``, cleared first."""
        raise NotImplementedError

    def _target_at(self, x: float, y: float):
        """What is drawn at canvas pixel (x, y) (a target with a ``kind``), or None."""
        raise NotImplementedError

    def _action_for(self, target, seat):
        """What a click on ``target`` (from ``_target_at``, never None) means for the human ``seat``.

        Returns (action, "") for a legal action, or (None, why not) -- a sentence for the status line.
        """
        raise NotImplementedError

    def _hint(self, seat) -> str:
        """One sentence: what the human ``seat`` can click now ("" if nothing)."""
        return ""

    def _prompt_for(self, seat, human: bool) -> str:
        """The status line's sentence about what ``seat`` (a human or a bot) does next."""
        raise NotImplementedError

    def _win_text(self) -> str:
        """The status line's sentence when ``self.game.winner`` has won, e.g. "Player 2 wins!"."""
        return f"{_seat(self.game.winner)} wins!"

    def _status_extra(self) -> str:
        """More of the game for the status line's last line, in words a player reads ("" for none).

        Each part starts with " \u00b7 ", e.g. " \u00b7 round 2 \u00b7 first to 10 points wins"; it
        comes after "Turn N" and before the seed.
        """
        return ""

    def _describe_state(self) -> list[str]:
        """The board in words, a short sentence each: whose turn it is, where everyone stands,
        what each player holds (a human's own hand in full), what is on the table.

        Each game's App says more; this says only whose turn it is.
        """
        game = self.game
        if game.is_over:
            return [f"The game is over after {game.turns} turns."]
        seat = game.current_player
        who = "your" if self.is_human(seat) else f"player {seat + 1}'s"
        return [f"Turn {game.turns}: it is {who} turn (player {seat + 1})."]

    def _new_game_news(self, game, seed) -> list[str]:
        """The news shown when a new game ``game`` is dealt with ``seed``."""
        return [f"New game: {game.n_players} players, seed {seed}."]

    def _loaded_news(self, game) -> list[str]:
        """The news shown when ``set_game`` loads ``game``."""
        return [f"Game loaded: {game.n_players} players, turn {game.turns}."]

    def _animate_action(self, action, seat, before, after, start_positions, new_events, scale) -> bool:
        """Play the animation of ``action``, just made by ``seat``; return False if it has none.

        ``before`` and ``after`` are the scenes around the action, ``start_positions``
        the pawns' positions before it, ``new_events`` the events it caused, and
        ``scale`` (0 < scale <= 1) how fast to play (1: full length).  Animate with
        ``self._animate(build, seconds)``; the animation must end by drawing ``after``.
        """
        return False

    def _may_queue_s(self, action) -> float:
        """How many seconds ``action``'s animation may wait for a running one (more: not animated)."""
        return ROLL_QUEUE_S

    def _longest_animation_s(self) -> float:
        """Seconds the game's longest animation plays at full length (to fit autoplay's pace)."""
        raise NotImplementedError

    def _choices_for(self, seat) -> list:
        """The actions of the human ``seat`` shown as choice buttons now.

        By default every legal action, but none in the rolling phase (the Roll button rolls).
        """
        if self.game.phase == self.ROLLING_PHASE:
            return []
        return list(self.game.legal_actions())

    def _piece_positions(self, game):
        """Where the pieces stand now (``start_positions`` of ``_animate_action``)."""
        return list(game.positions)

    def _quiet_news(self, seat, action) -> str:
        """The news of ``seat``'s decision ``action`` when it caused no event (e.g. whom to swap with)."""
        return f"{_seat(seat)} chooses to {action}."

    def _news_of(self, event) -> str | None:
        """The status line's words for ``event``: its description; None says nothing (the game log keeps it)."""
        return event.describe()

    def _choice_label(self, action) -> str:
        """The text of the choice button for ``action``."""
        return str(action)

    def _choice_classes(self, action) -> list[str]:
        """CSS classes of the choice button for ``action``, besides ``<prefix>-choice``."""
        return []

    def _extra_settings(self) -> list:
        """Widgets the game adds to the settings row (after the seat boxes); closed with the App."""
        return []

    # --- public API ----------------------------------------------------------------
    @classmethod
    def seat_choices(cls) -> tuple:
        """What a seat box offers: "human" and every bot's name."""
        return (HUMAN,) + tuple(cls.BOTS)

    @property
    def n_players(self) -> int:
        return self.game.n_players

    @property
    def seats(self) -> list[str]:
        """What plays each seat now: "human" or a bot's name."""
        return [d.value for d in self.seat_inputs[:self.n_players]]

    def is_human(self, seat: int) -> bool:
        return self.seat_inputs[seat].value == HUMAN

    def new_game(self, seed=None) -> None:
        """Start a new game: ``seed`` if given, else the Seed box (empty: a random seed)."""
        with self._lock:
            self.autoplay.value = False
            if seed is None:
                seed = self._check_seed(self.seed_input.value, box=True)
            else:
                seed = self._check_seed(seed)
                self.seed_input.value = str(seed)
            self._start(seed)

    def step(self):
        """One decision for the seat to play: a bot decides, a human's die is rolled.

        Returns the action taken, or None (a human must choose, or the game is over:
        the status line says which).
        """
        with self._lock:
            game = self.game
            if game.is_over:
                self._update(notice="The game is over. Press New game to play again.")
                return None
            seat = game.current_player
            if self.is_human(seat):
                if game.phase == self.ROLLING_PHASE:
                    return self._apply(Roll())
                self._update(notice=f"{_seat(seat)} has already rolled and must choose first. "
                             + self._hint(seat))
                return None
            return self._apply(None)

    def choose(self, action):
        """Make the human's decision ``action`` (one of ``game.legal_actions()``)."""
        with self._lock:
            game = self.game
            if game.is_over:
                self._update(notice="The game is over. Press New game to play again.")
                return None
            if not self.is_human(game.current_player):
                self._update(notice=f"It is {_seat(game.current_player)}'s turn, a bot: press Step.")
                return None
            if action not in game.legal_actions():
                self._update(notice=f"You can't {action} now.")
                return None
            return self._apply(action)

    def set_game(self, game) -> None:
        """Show and play on ``game`` (e.g. ``Game.from_dict(saved)``) instead of the current one."""
        if not isinstance(game, self.GAME):
            raise TypeError(f"set_game needs an {self.PREFIX}.Game, got {type(game).__name__}")
        if game.n_players > self.MAX_SEATS or game.n_players not in self.players_input.options:
            raise ValueError(f"the App seats 2 to {self.MAX_SEATS} players, the game has {game.n_players}")
        with self._lock:
            self.autoplay.value = False
            self._quiet = True
            try:
                self.players_input.value = game.n_players
            finally:
                self._quiet = False
            self.rules = game.rules
            self.geometry = self._layout_for(game.rules)
            self._install(game, game.seed, self._loaded_news(game))

    def redraw(self) -> None:
        """Draw everything (board and pieces) from the game's state, now."""
        with self._lock, DRAW_LOCK:
            scene = self._scene()
            with safe_hold(self.canvas):
                self._draw_board(self.canvas[0], scene)
                self._draw_pieces(self.canvas[1], scene)
                self.canvas[2].clear()

    def refresh(self) -> None:
        """Redraw the pieces and update the status and the choice buttons."""
        self._update()

    def on_canvas_mouse_down(self, x: float, y: float) -> None:
        """A click on the canvas at (x, y) in canvas pixels (what ipycanvas reports)."""
        with self._lock:
            self._click(x, y)

    def close(self):
        """Stop autoplay and close every widget of the app.

        Also called (by ``Widget.__del__``) on an App whose ``__init__`` raised,
        so it only touches the parts that were built.
        """
        if hasattr(self, "_stop_autoplay"):
            self._stop_autoplay.set()
        if hasattr(self, "_resend_timer"):
            with self._words_lock:             # nothing waits any more: no new mark
                self._waiting_words = []
                self._stop_resending()
        _live_apps.discard(self)
        names = ("roll_button", "autoplay", "speed", "new_game_button", "seed_input", "players_input",
                 "log_html", "log_box", "status", "choice_box", "canvas", "drawn_mark", "_after_mark")
        for w in [*getattr(self, "choice_buttons", []), *getattr(self, "seat_inputs", []),
                  *getattr(self, "extra_settings", []),
                  *(getattr(self, name) for name in names if hasattr(self, name))]:
            w.close()
        super().close()

    # --- checking arguments ---------------------------------------------------------------
    def _check_seats(self, seats, n_players):
        choices = self.seat_choices()
        if seats is None:
            return [HUMAN] + [self.DEFAULT_BOT] * (n_players - 1)
        if isinstance(seats, (str, bytes)) or not hasattr(seats, "__len__") or len(seats) != n_players:
            raise ValueError(f"seats must list one of {choices} for each of the {n_players} players, "
                             f"got {seats!r}")
        by_lower = {s.lower(): s for s in choices}
        out = []
        for s in seats:
            if not isinstance(s, str) or s.lower() not in by_lower:
                raise ValueError(f"unknown seat {s!r}: choose from {choices}")
            out.append(by_lower[s.lower()])
        return out

    @staticmethod
    def _check_speed(speed):
        if isinstance(speed, bool) or not isinstance(speed, numbers.Real) or not SPEEDS[0] <= speed <= SPEEDS[1]:
            raise ValueError(f"autoplay_speed must be a number of decisions per second from {SPEEDS[0]} "
                             f"to {SPEEDS[1]}, got {speed!r}")
        return float(speed)

    @staticmethod
    def _check_seed(seed, box=False):
        """A seed given in code (``check_seed``) or typed in the Seed box (``seed_from_text``)."""
        return seed_from_text(seed) if box else check_seed(seed)

    # --- turning decisions into game moves -------------------------------------------------
    def _start(self, seed):
        n = self.players_input.value
        if seed is None:
            seed = _random_seed()       # a fresh game, but one that can be replayed
        game = self.GAME(self.rules, n_players=n, seed=seed)
        self._install(game, seed, self._new_game_news(game, seed))

    def _install(self, game, seed, news):
        for i, dropdown in enumerate(self.seat_inputs):
            dropdown.layout.display = None if i < game.n_players else "none"
        self.game = game
        self.seed = seed
        self._n_decisions = 0
        self._seen = len(game.events or ())
        self._anim_until = 0.0
        self._log_lines = [e.describe() for e in game.events or ()]
        self.redraw()
        self._update(news=news, draw=False)

    def _bots(self):
        return [None if d.value == HUMAN else self.BOTS[d.value]() for d in self.seat_inputs[:self.n_players]]

    def _apply(self, action):
        """Apply a human's ``action`` (None: the current bot decides), animate, update the view."""
        game = self.game
        seat = game.current_player
        before = self._scene()
        start_positions = self._piece_positions(game)
        n_events = len(game.events or ())
        if action is None:
            action = bot_step(game, self._bots())
        else:
            game.apply(action)
        self._n_decisions += 1
        new_events = (game.events or [])[n_events:]
        # A choice with no event of its own (e.g. whom to swap with) is still news.
        news = [self._quiet_news(seat, action)] if not new_events else None
        after = self._scene()
        scale = self._animation_scale()
        # Never let the picture fall behind: while an animation still plays, a new one
        # may wait only a little for its turn; after that the pieces are just drawn.
        busy = self._anim_until - time.monotonic()
        if busy > self._may_queue_s(action):
            scale = 0.0
        if scale and self._animate_action(action, seat, before, after, start_positions, new_events, scale):
            self._update(news, draw=False)      # the animation ended by drawing ``after``
        else:
            self._update(news)
        return action

    def _animation_scale(self) -> float:
        """1 for full-length animations; shorter under fast autoplay; 0 for none at all."""
        if not self.autoplay.value:
            return 1.0
        budget = 0.85 / self.speed.value
        scale = min(1.0, budget / self._longest_animation_s())
        return scale if scale >= 0.25 else 0.0

    def _animate(self, build, seconds):
        """Send the animation ``build()`` draws as one batch; it plays for ``seconds``.

        No sleep before it: the browser plays canvas messages in order (see the module's docstring).
        """
        with DRAW_LOCK, safe_hold(self.canvas):
            build()
        self._anim_until = max(self._anim_until, time.monotonic()) + seconds

    # --- clicks and keys --------------------------------------------------------------------------
    def _click(self, x, y):
        game = self.game
        target = self._target_at(x, y)
        if game.is_over:
            return self._update(notice="The game is over. Press New game to play again.")
        seat = game.current_player
        if not self.is_human(seat):
            if target is None:
                return None
            return self._update(notice=f"It is {_seat(seat)}'s turn and a bot plays it: "
                                       "press Step (or Autoplay) to let it decide.")
        if target is None:
            return self._update(notice=f"{_seat(seat)}: " + self._hint(seat))
        action, why = self._action_for(target, seat)
        if action is None:
            return self._update(notice=why)
        return self._apply(action)

    def focus_controls(self) -> None:
        """Move the keyboard's focus to the first thing to press: a choice, else Roll/Step
        (New game once the game is over)."""
        focus_first_enabled([*self.choice_buttons, self.roll_button, self.new_game_button])

    def _on_key_down(self, key, shift_key=False, ctrl_key=False, meta_key=False):
        with self._lock:
            key = str(key).lower()
            if key == "tab":  # the canvas keeps Tab from the browser: move the focus ourselves
                if shift_key:
                    self.skip_button.focus()
                else:
                    self.focus_controls()
            elif key in ("r", " ", "enter", "s"):
                self.step()
            elif key == "a":
                self.autoplay.value = not self.autoplay.value
            elif len(key) == 1 and key in "123456789" and int(key) <= len(self._choices):
                self.choose(self._choices[int(key) - 1])

    # --- autoplay --------------------------------------------------------------------------
    def _on_autoplay(self, change):
        self._stop_autoplay.set()
        if not change["new"]:
            return
        with self._lock:
            game = self.game
            if game.is_over:
                self.autoplay.value = False
                self._update(notice="The game is over: press New game, then Autoplay.")
                return
            if self.is_human(game.current_player):
                self.autoplay.value = False
                self._update(notice=f"Autoplay waits for {_seat(game.current_player)}, a human: "
                                    "make your decision first.")
                return
            stop = self._stop_autoplay = threading.Event()
        name = self.GAME_NAME.lower().replace(" ", "-") + "-autoplay"
        threading.Thread(target=self._autoplay_loop, args=(stop,), daemon=True, name=name).start()

    def _autoplay_loop(self, stop: threading.Event):
        try:
            while not stop.is_set():
                with self._lock:
                    if stop.is_set():
                        return
                    game = self.game
                    if game.is_over or self.is_human(game.current_player):
                        stop.set()
                        self.autoplay.value = False
                        return
                    self._apply(None)
                    wait = max(1.0 / self.speed.value, self._anim_until - time.monotonic())
                stop.wait(wait)
        except Exception as err:  # noqa: BLE001 - a thread's error must reach the status line
            self._report(err)
            stop.set()
            try:
                self.autoplay.value = False
            except Exception:  # noqa: BLE001
                pass

    # --- seats, client ready -------------------------------------------------------------------
    def _on_players(self, change):
        if not self._quiet and not self._deal_from_controls():
            self._quiet = True                 # no new game: show the game's own player count again
            try:
                self.players_input.value = self.game.n_players
            finally:
                self._quiet = False

    def _deal_from_controls(self) -> bool:
        """New game button, Players box: start with the Seed box's seed; a typo there is a notice."""
        with self._lock:
            try:
                seed = self._check_seed(self.seed_input.value, box=True)
            except ValueError as err:
                self._update(notice=f"Seed box: {err}. Nothing changed.")
                return False
            self.new_game(seed)
            return True

    def _on_seats(self, change):
        with self._lock:
            self._update(notice="Seats: " + ", ".join(f"{i + 1} {s}" for i, s in enumerate(self.seats)) + ".")

    def _on_client_ready(self):
        # A browser view just connected: it shows nothing until we draw (design.md §4).
        self._anim_until = 0.0
        self.redraw()
        with self._words_lock:                 # the board shows the game now: so do the words
            latest = self._waiting_words[-1][1] if self._waiting_words else None
            self._waiting_words.clear()
            if latest is not None:
                self._show_words(latest)
            self._stop_resending()

    # --- the status line and the choices ----------------------------------------------------------
    def _update(self, news=None, notice=None, draw=True):
        """Redraw the pieces, then say what happened and what comes next; rebuild the choice buttons.

        The words appear once the browser has drawn the board they tell of (see the module docstring).
        """
        game = self.game
        if draw:
            with DRAW_LOCK, safe_hold(self.canvas):
                self._draw_pieces(self.canvas[1], self._scene())
        events = game.events[self._seen:] if game.events is not None else []
        self._seen = len(game.events or ())
        lines = list(news or []) + [words for e in events if (words := self._news_of(e)) is not None]
        self._log_lines.extend(e.describe() for e in events)
        if lines:
            self._last_news = lines
        seat = game.current_player
        waiting = (not game.is_over and self.is_human(seat) and game.phase != self.ROLLING_PHASE)
        words = dict(
            choices=list(self._choices_for(seat)) if seat is not None and self.is_human(seat) and not game.is_over
            else [],
            log=(f"<div style='font-size:calc(18px * {TEXT_SCALE}); max-height:300px; overflow:auto'>"
                 + "<br>".join(html.escape(x) for x in reversed(self._log_lines[-80:])) + "</div>"),
            roll_label=self._roll_label(), roll_disabled=waiting or game.is_over,
            roll_tooltip=("The game is over: press New game" if game.is_over else
                          "Make your choice above first (a button or a click on the board)" if waiting else
                          "Roll the die (key R)" if self.is_human(seat) else
                          "Let the bot make one decision (key S)"),
            status=self._status_html(self._last_news if not notice else [], notice),
            mirror=self._mirror_lines())
        self._say(words)

    def _on_mark_ready(self) -> None:
        """The hidden mark is in a browser: from now on the words wait for its pixel."""
        self._browser = True

    def _say(self, words) -> None:
        """Show ``words`` (from ``_update``) once the browser has drawn everything sent before them."""
        with self._words_lock:
            if not self._browser:
                self._waiting_words.clear()
                self._show_words(words)
                return
            self._resends = 0
            self._send_mark(words)

    def _send_mark(self, words) -> None:
        """Number ``words`` and send their mark after everything drawn so far (call with ``_words_lock`` held)."""
        self._words_sent += 1
        self._waiting_words = self._waiting_words[-MAX_WAITING_WORDS:] + [(self._words_sent, words)]
        number = self._words_sent % 0x1000000
        with DRAW_LOCK, safe_hold(self.drawn_mark):       # after the drawing, in the same queue
            self.drawn_mark.fill_style = f"#{number:06x}"
            self.drawn_mark.fill_rect(0, 0, 1, 1)
            self._after_mark.clear()                      # the message ends on a canvas that sends nothing back
        if self._resend_timer is not None:
            self._resend_timer.cancel()
        due = max(0.0, self._anim_until - time.monotonic()) + RESEND_S
        self._resend_timer = threading.Timer(due, self._guard(self._resend))
        self._resend_timer.daemon = True
        self._resend_timer.start()

    def _resend(self) -> None:
        """The newest words' mark has not come back in time: give them a new one (see the module docstring)."""
        with self._words_lock:
            if not self._waiting_words or self._resends >= MAX_RESENDS:
                return
            self._resends += 1
            self._send_mark(self._waiting_words[-1][1])

    def _stop_resending(self) -> None:
        if self._resend_timer is not None:
            self._resend_timer.cancel()
            self._resend_timer = None

    def _on_drawn(self, change) -> None:
        """The browser has played the drawing up to the mark of one of the words: show the newest of them."""
        data = change["new"]
        if not data:
            return
        from PIL import Image

        red, green, blue, *_ = Image.open(io.BytesIO(bytes(data))).convert("RGBA").getpixel((0, 0))
        number = (red << 16) | (green << 8) | blue
        with self._words_lock:
            reached = [(n, words) for n, words in self._waiting_words if n % 0x1000000 == number]
            if not reached:
                return                     # words already shown (or superseded)
            last = reached[-1][0]
            self._waiting_words = [(n, words) for n, words in self._waiting_words if n > last]
            self._show_words(reached[-1][1])
            if not self._waiting_words:
                self._stop_resending()

    def _show_words(self, words) -> None:
        """Put ``words`` on the page: the choice buttons, the log, Roll/Step, then the status and the mirror."""
        self._set_choices(words["choices"])
        self.log_html.value = words["log"]
        self.roll_button.description = words["roll_label"]
        self.roll_button.disabled = words["roll_disabled"]
        self.roll_button.tooltip = words["roll_tooltip"]
        # The status last: when it (an aria-live region) announces the next decision,
        # the buttons for that decision are already in place.
        self.status.value = words["status"]
        self._set_mirror(words["mirror"])

    def _roll_label(self) -> str:
        game = self.game
        if game.is_over:
            return "Game over"
        return "Roll" if self.is_human(game.current_player) else "Step"

    def _status_html(self, news, notice=None) -> str:
        """The status line: the notice, the news, what comes next, and the game's line."""
        game = self.game
        if game.is_over:
            if game.winner is not None:
                prompt = f"{self._win_text()} Press New game to play again."
            else:
                prompt = f"No winner ({game.end_reason}). Press New game to play again."
            colour = player_style(game.winner).colour if game.winner is not None else palette.TEXT
        else:
            seat = game.current_player
            prompt = self._prompt_for(seat, self.is_human(seat))
            colour = player_style(seat).colour
            prompt = f"{player_glyph(seat)} {prompt}"
        parts = []
        if notice:
            parts.append(f"<div style='font-weight:bold; color:#8B0000'>\u26a0 {html.escape(notice)}</div>")
        if news:
            shown = news[-8:]
            more = "\u2026 " if len(news) > 8 else ""
            parts.append("<div>" + more + html.escape(" ".join(shown)) + "</div>")
        parts.append(f"<div style='font-weight:bold'>{html.escape(prompt)}</div>")
        parts.append(f"<div style='font-size:calc(18px * {TEXT_SCALE}); color:#444'>{self._game_line()}</div>")
        # The decisions made so far are no news to a player; the page keeps their count
        # out of sight (data-decisions) for tests and tools that wait for the next one.
        return (f"<div role='status' aria-live='polite' data-decisions='{self._n_decisions}' "
                f"style='{STATUS_STYLE.format(colour=colour)}'>" + "".join(parts) + "</div>")

    def _game_line(self) -> str:
        """The status line's last line, as HTML: "Turn 12 \u00b7 round 2 \u00b7 seed 3 replays this game".

        The turn being played (before the roll: the coming turn), what the game adds
        (``_status_extra``), and the seed, for a teacher who wants this game again: its
        tooltip says how (a loaded game without a seed can't be replayed: none is named).
        Escaped like every other text here: the seed and the extras come from the Seed box,
        a loaded save or a subclass, never from us as HTML.
        """
        turn = self._turn_number()
        if self.seed is None:
            return html.escape(f"Turn {turn}{self._status_extra()}")
        seed = html.escape(str(self.seed))
        how = f"Type {seed} in the Seed box and press New game to play this same game again"
        return (html.escape(f"Turn {turn}{self._status_extra()} \u00b7 ")
                + f"<span title='{how}'>seed {seed} replays this game</span>")

    def _turn_number(self) -> int:
        """The turn being played, counted from 1: a game counts a turn once it is played
        (here: at the roll), so before that the coming turn is one more than the count."""
        game = self.game
        return game.turns + (not game.is_over and game.phase == self.ROLLING_PHASE)

    def _mirror_lines(self) -> list[str]:
        return [str(line) for line in self._describe_state() if line]

    def _set_mirror(self, lines):
        """Write the board in words (``lines``, under the controls), and name the canvas with its first."""
        # 18 px, scaled by a lesson page's Large type switch.
        self.mirror.value = ("<div role='region' aria-label='The board in words' style='font-size:"
                             f"calc(18px * {TEXT_SCALE}); "
                             "line-height:1.45; color:#222; margin:4px 0'><b>The board in words:</b>"
                             "<ul style='margin:2px 0 2px 1.2em; padding:0'>"
                             + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul></div>")
        self.canvas.tooltip = lines[0] if lines else "The game board"

    def _set_choices(self, wanted):
        if wanted == self._choices:
            return
        old = self.choice_buttons
        buttons = []
        for i, action in enumerate(wanted):
            label = self._choice_label(action)
            button = widgets.Button(
                description=f"{i + 1}. {label[0].upper()}{label[1:]}" if i < 9 else label,
                tooltip=f"{label} (key {i + 1})" if i < 9 else label,
                style=dict(font_size="20px", button_color=palette.CURRENT_FILL),
                layout=widgets.Layout(height="46px", width="auto", margin="4px",
                                      border="2px solid #1A1A1A"))
            button.add_class(f"{self.PREFIX}-choice")
            for css_class in self._choice_classes(action):
                button.add_class(css_class)
            button.on_click(self._guard(lambda b, a=action: self._choice_clicked(b, a)))
            buttons.append(button)
        self._choices = wanted
        self.choice_buttons = buttons
        self.choice_box.children = buttons
        for button in old:
            button.close()

    def _choice_clicked(self, button, action):
        with self._lock:
            if button not in self.choice_buttons:
                self._update(notice="That button was for an earlier decision; nothing changed.")
                return
            self.choose(action)

    # --- errors -----------------------------------------------------------------------------
    def _guard(self, fn):
        """Wrap a callback: an error goes to the status line (and ``app.errors``), not a lost log."""
        return guarded(fn, self._report)

    def _report(self, err):
        self.errors.append(traceback.format_exc())
        with self._words_lock:
            self._waiting_words.clear()        # the error stays in sight
        log.exception("%s app: %s", self.GAME_NAME, err)
        message = str(err) if isinstance(err, ValueError) else f"{type(err).__name__}: {err}"
        try:
            self.status.value = (f"<div role='alert' style='{STATUS_STYLE.format(colour='#8B0000')}'>"
                                 f"<b>\u26a0 Something went wrong:</b> {html.escape(message)}<br>"
                                 "Nothing else changed; try again or press New game.</div>")
        except Exception:  # noqa: BLE001
            pass

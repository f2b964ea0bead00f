"""``mt.App``: Mouse Trap as a classroom app (ipywidgets + ipycanvas, shown by Voilà).

    from boardkit.games import mouse_trap as mt
    mt.App()                                        # seat 1 human, three Trapper bots
    mt.App(n_players=4, seats=["Trapper"] * 4, seed=4)

The picture is always redrawn from the game's state (``redraw()``), when a
browser connects (``canvas.on_client_ready``) and after every change, so it
never goes blank in Voilà (design.md §4).  Drawing lives in ``view_draw``.

A human seat answers the same decision points as a bot: with the buttons of
the legal actions, or by clicking the canvas (the die to roll, an opponent's
mouse or panel to pay and push it, the trap or the TURN CRANK space to turn
the crank).  How to split cheese taken from rivals tied for most is chosen
with the buttons.  Keys on the canvas: R / S / Space / Enter roll or step,
A autoplay, 1-9 a choice.  Autoplay runs in a background thread, one
decision at a time under a lock, so clicks are still heard; it stops at a
human decision and at the end of the game.  Errors inside callbacks are
shown in the status line, never lost.
"""
from __future__ import annotations

import html
import logging
import numbers
import random
import threading
import time
import traceback

import ipywidgets as widgets
from ipycanvas import MultiCanvas

from boardkit import render as r
from boardkit.core import step as bot_step

from . import bots as mt_bots
from . import view_draw as vd
from .actions import Crank, Push, Roll
from .game import CRANKING, ROLLING, SPLITTING, Game
from .rules import STAGES, Rules

log = logging.getLogger(__name__)

HUMAN = "human"
BOTS = {"Trapper": mt_bots.Trapper, "Random": mt_bots.Random}
SEAT_CHOICES = (HUMAN,) + tuple(BOTS)
MAX_SEATS = 4
SPEEDS = (0.5, 10.0)                    # autoplay decisions per second: the slider's range
ROLL_QUEUE_S, CRANK_QUEUE_S = 0.3, 2.5  # how long a new animation may wait for a running one
#: The ipycanvas canvas manager is shared by every canvas in the kernel, so
#: every drawing batch of every App goes through this one lock.
DRAW_LOCK = threading.RLock()
STATUS_STYLE = ("font-size:24px; line-height:1.35; color:#1A1A1A; background:#FFFFFF; "
                "padding:8px 14px; border:2px solid #1A1A1A; border-left:14px solid {colour};")
CSS = """<style>
.boardkit-mt-app .widget-label, .boardkit-mt-app .widget-dropdown > select,
.boardkit-mt-app .widget-text input, .boardkit-mt-app .widget-readout,
.boardkit-mt-app .widget-checkbox label {font-size: 18px;}
.boardkit-mt-app .widget-dropdown > select, .boardkit-mt-app .widget-text input {height: 36px;}
.boardkit-mt-app button:focus-visible, .boardkit-mt-app select:focus-visible,
.boardkit-mt-app input:focus-visible {outline: 4px solid #0072B2; outline-offset: 2px;}
</style>"""


def _seat(p: int) -> str:
    return f"Player {p + 1}"


def _and(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class App(widgets.VBox):
    """Mouse Trap for the projector: the track and the Loop, the mice, the cheese,
    the trap growing part by part and the chain reaction when the crank turns.

    Parameters: ``rules`` (``mt.Rules``, default the rulebook), ``n_players``
    (2-4), ``seats`` (one of "human", "Trapper", "Random" per seat; default
    seat 1 human, the others Trapper), ``seed`` (None: a fresh game each
    time), ``autoplay_speed`` (decisions per second).
    """

    def __init__(self, rules: Rules | None = None, n_players: int = 4, seats=None, seed=None,
                 autoplay_speed: float = 2.0, **kwargs):
        self.rules = Rules() if rules is None else rules
        if not isinstance(self.rules, Rules):
            raise TypeError(f"rules must be mt.Rules, got {type(self.rules).__name__}")
        self.rules.check_players(n_players)   # not a whole number in range: ValueError, as mt.Game
        if n_players > MAX_SEATS:
            raise ValueError(f"the App seats at most {MAX_SEATS} players, got {n_players}")
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
        self.cranks_animated = 0          # how many chain reactions were sent to the browser
        self.errors: list[str] = []       # tracebacks of callback errors (the status shows the message)
        self.geometry = vd.Layout.for_rules(self.rules)

        # --- the canvas ----------------------------------------------------------
        self.canvas = MultiCanvas(3, width=vd.WIDTH, height=vd.HEIGHT)  # board, pieces, animation
        r.responsive(self.canvas)
        self.canvas.layout.max_width = "calc(100vh * 1.6)"   # never taller than the screen
        self.canvas.on_client_ready(self._guard(self._on_client_ready))
        self.canvas.on_mouse_down(self._guard(self.on_canvas_mouse_down))
        self.canvas.on_key_down(self._guard(self._on_key_down))

        # --- status and choices -----------------------------------------------------
        self.status = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.status.add_class("boardkit-status")
        self.choice_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", width="100%"))
        self.choice_buttons: list[widgets.Button] = []

        # --- controls ----------------------------------------------------------------
        big = dict(font_size="20px", font_weight="bold")
        tall = dict(height="48px", width="auto", margin="4px")
        self.roll_button = widgets.Button(
            description="Roll", icon="dice", style=dict(big, button_color=r.palette.BLUE, text_color="white"),
            layout=widgets.Layout(min_width="150px", **tall),
            tooltip="Roll the die for a human seat; on a bot seat, let the bot make one decision (key R)")
        self.roll_button.add_class("mt-roll")
        self.autoplay = widgets.ToggleButton(
            value=False, description="Autoplay", icon="play", style=big, layout=widgets.Layout(**tall),
            tooltip="Let the bots play on by themselves; stops at a human's decision or the end (key A)")
        self.autoplay.add_class("mt-autoplay")
        self.speed = widgets.FloatSlider(
            value=autoplay_speed, min=SPEEDS[0], max=SPEEDS[1], step=0.5, description="Speed",
            readout_format=".1f", continuous_update=False, style=dict(description_width="60px"),
            layout=widgets.Layout(width="300px", margin="12px 4px"),
            tooltip="Autoplay speed in decisions per second (fast speeds skip the animations)")
        self.new_game_button = widgets.Button(
            description="New game", icon="refresh", style=big, layout=widgets.Layout(**tall),
            tooltip="Start a new game with the players and seed chosen here")
        self.new_game_button.add_class("mt-new-game")
        self.seed_input = widgets.Text(
            value="" if seed is None else str(seed), placeholder="random", description="Seed",
            style=dict(description_width="50px"), layout=widgets.Layout(width="200px", margin="10px 4px"),
            tooltip="A whole number replays the same game; leave empty for a fresh game")
        self.players_input = widgets.Dropdown(
            options=[n for n in range(self.rules.min_players, min(self.rules.max_players, MAX_SEATS) + 1)],
            value=n_players, description="Players", style=dict(description_width="70px"),
            layout=widgets.Layout(width="170px", margin="4px"),
            tooltip="Number of players; changing it starts a new game")
        self.seat_inputs = [
            widgets.Dropdown(options=SEAT_CHOICES, value=seats[i] if i < n_players else "Trapper",
                             description=f"{vd.player_glyph(i)} {i + 1}",
                             style=dict(description_width="44px"),
                             layout=widgets.Layout(width="190px", margin="4px"),
                             tooltip=f"Who plays seat {i + 1}: a human (you click) or a bot")
            for i in range(MAX_SEATS)]
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
        settings = widgets.HBox([self.players_input, *self.seat_inputs],
                                layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([widgets.HTML(CSS), self.canvas, self.status, self.choice_box, controls,
                          settings, self.log_box], layout=widgets.Layout(width="100%"), **kwargs)
        self.add_class("boardkit-mt-app")
        self._start(seed)

    # --- public API ----------------------------------------------------------------
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
                if game.phase == ROLLING:
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

    def set_game(self, game: Game) -> None:
        """Show and play on ``game`` (e.g. ``mt.Game.from_dict(saved)``) instead of the current one."""
        if not isinstance(game, Game):
            raise TypeError(f"set_game needs an mt.Game, got {type(game).__name__}")
        if game.n_players > MAX_SEATS or game.n_players not in self.players_input.options:
            raise ValueError(f"the App seats 2 to {MAX_SEATS} players, the game has {game.n_players}")
        with self._lock:
            self.autoplay.value = False
            self._quiet = True
            try:
                self.players_input.value = game.n_players
            finally:
                self._quiet = False
            self.rules = game.rules
            self.geometry = vd.Layout.for_rules(game.rules)
            self._install(game, game.seed, [f"Game loaded: {game.n_players} players, turn {game.turns}, "
                                            f"{game.parts} of {game.rules.n_parts} parts built."])

    def redraw(self) -> None:
        """Draw everything (board and pieces) from the game's state, now."""
        with self._lock, DRAW_LOCK:
            scene = self._scene()
            with r.safe_hold(self.canvas):
                vd.draw_board(self.canvas[0], self.geometry, scene.spaces, scene.n_players)
                vd.draw_scene(self.canvas[1], self.geometry, scene)
                self.canvas[2].clear()

    def refresh(self) -> None:
        """Redraw the pieces and update the status and the choice buttons."""
        self._update()

    def on_canvas_mouse_down(self, x: float, y: float) -> None:
        """A click on the canvas at (x, y) in canvas pixels (what ipycanvas reports)."""
        with self._lock:
            self._click(x, y)

    # --- checking arguments ---------------------------------------------------------------
    @staticmethod
    def _check_seats(seats, n_players):
        if seats is None:
            return [HUMAN] + ["Trapper"] * (n_players - 1)
        if isinstance(seats, (str, bytes)) or not hasattr(seats, "__len__") or len(seats) != n_players:
            raise ValueError(f"seats must list one of {SEAT_CHOICES} for each of the {n_players} players, "
                             f"got {seats!r}")
        by_lower = {s.lower(): s for s in SEAT_CHOICES}
        out = []
        for s in seats:
            if not isinstance(s, str) or s.lower() not in by_lower:
                raise ValueError(f"unknown seat {s!r}: choose from {SEAT_CHOICES}")
            out.append(by_lower[s.lower()])
        return out

    @staticmethod
    def _check_speed(speed):
        if isinstance(speed, bool) or not isinstance(speed, numbers.Real) or not SPEEDS[0] <= speed <= SPEEDS[1]:
            raise ValueError(f"autoplay_speed must be a number of decisions per second from {SPEEDS[0]} "
                             f"to {SPEEDS[1]}, got {speed!r}")
        return float(speed)

    def _check_seed(self, seed, box=False):
        if seed is None or (box and str(seed).strip() == ""):
            return None
        try:
            value = int(str(seed).strip()) if box else seed
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError
        except ValueError:
            raise ValueError(f"the seed must be a whole number 0 or more, or empty; got {seed!r}") from None
        return value

    # --- turning decisions into game moves -------------------------------------------------
    def _start(self, seed):
        n = self.players_input.value
        if seed is None:
            seed = _random_seed()       # a fresh game, but one that can be replayed
        game = Game(self.rules, n_players=n, seed=seed)
        self._install(game, seed, [f"New game: {n} players, seed {seed}. All mice start on START; "
                                   f"the tinted build spaces (marked {n}) add the next part of the trap."])

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
        return [None if d.value == HUMAN else BOTS[d.value]() for d in self.seat_inputs[:self.n_players]]

    def _apply(self, action):
        """Apply a human's ``action`` (None: the current bot decides), animate, update the view."""
        game = self.game
        seat = game.current_player
        before = self._scene()
        start_positions = list(game.positions)
        n_events = len(game.events or ())
        if action is None:
            action = bot_step(game, self._bots())
        else:
            game.apply(action)
        self._n_decisions += 1
        new_events = (game.events or [])[n_events:]
        # A choice with no event of its own (e.g. stopping) is still news.
        news = [f"{_seat(seat)} chooses to {action}."] if not new_events else None
        after = self._scene()
        scale = self._animation_scale()
        # Never let the picture fall behind: while an animation still plays, a roll is
        # just drawn after it (a chain reaction may wait a little for its turn).
        busy = self._anim_until - time.monotonic()
        if busy > (CRANK_QUEUE_S if isinstance(action, Crank) else ROLL_QUEUE_S):
            scale = 0.0
        moved = self._roll_to_animate(action, seat, new_events)
        if scale and moved is not None:
            mover, value = moved
            start = start_positions[mover]
            self._animate(lambda: vd.animate_roll(self.canvas[1], self.canvas[2], self.geometry, before,
                                                  after, mover, start, value, game.rules.forward, scale),
                          vd.roll_duration(value, scale))
            self._update(news, draw=False)
        elif scale and isinstance(action, Crank) and after.crank is not None:
            self._animate(lambda: vd.animate_crank(self.canvas[1], self.canvas[2], self.geometry, before,
                                                   after, scale),
                          vd.crank_duration(after.crank[2], scale))
            self.cranks_animated += 1
            self._update(news, draw=False)
        else:
            self._update(news)
        return action

    @staticmethod
    def _roll_to_animate(action, seat, events):
        """(mouse, value) when ``action`` rolled the die for a mouse still on the board, else None."""
        for event in events:
            name = type(event).__name__
            if isinstance(action, Roll) and name == "Rolled":
                return seat, event.value
            if isinstance(action, Push) and name == "Pushed":
                return event.target, event.value
        return None

    def _animation_scale(self) -> float:
        """1 for full-length animations; shorter under fast autoplay; 0 for none at all."""
        if not self.autoplay.value:
            return 1.0
        budget = 0.85 / self.speed.value
        scale = min(1.0, budget / vd.crank_duration(len(STAGES)))
        return scale if scale >= 0.25 else 0.0

    def _animate(self, build, seconds):
        with DRAW_LOCK, r.safe_hold(self.canvas):
            build()
        self._anim_until = max(self._anim_until, time.monotonic()) + seconds

    # No drawing ever waits for an animation with a ``sleep`` of its own: ipycanvas
    # (0.14) plays the canvas messages strictly one after another (one promise chain
    # for every canvas of the kernel), so whatever is drawn while an animation plays
    # appears right after its last frame.  An extra sleep would be waited on top.

    # --- clicks --------------------------------------------------------------------------------
    def _click(self, x, y):
        game = self.game
        target = vd.target_at(self.geometry, self._scene(), x, y)
        if game.is_over:
            return self._update(notice="The game is over. Press New game to play again.")
        seat = game.current_player
        if not self.is_human(seat):
            if target is None:
                return None
            return self._update(notice=f"It is {_seat(seat)}'s turn and a bot plays it: "
                                       "press Step (or Autoplay) to let it decide.")
        action, why = self._action_for(target, seat)
        if action is None:
            return self._update(notice=why)
        return self._apply(action)

    def _action_for(self, target, seat):
        """The action a click on ``target`` means for the human ``seat``, or (None, why not)."""
        game, phase = self.game, self.game.phase
        legal = game.legal_actions()
        you = _seat(seat)
        if target is None:
            return None, f"{you}: " + self._hint(seat)
        kind = target.kind
        if kind == "die":
            if phase == ROLLING:
                return Roll(), ""
            return None, f"You have already rolled this turn. {self._hint(seat)}"
        if kind in ("pawn", "panel") and target.seat != seat:
            other = _seat(target.seat)
            if phase == CRANKING:
                if Push(target.seat) in legal:
                    return Push(target.seat), ""
                where = game.positions[target.seat]
                if where is None:
                    return None, f"{other}'s mouse is already caught."
                if where == game.rules.wheel:
                    return None, f"{other}'s mouse is already on the Cheese Wheel."
                if where == game.rules.safe:
                    return None, f"{other}'s mouse is on SAFE: it cannot be pushed."
                return None, (f"You need {game.rules.push_cost} cheese to push a mouse; "
                              f"you have {game.cheese[seat]}. " + self._hint(seat))
            if phase == SPLITTING:
                return None, "Choose how to split the cheese with the buttons under the board."
            return None, (f"That is {other}'s mouse. You push other mice only from TURN CRANK, once "
                          f"the trap is complete. {self._hint(seat)}")
        if kind in ("trap", "crank"):
            if phase == CRANKING:
                if Crank() in legal:
                    return Crank(), ""
                return None, ("No mouse is on the Cheese Wheel, so the crank would catch nobody: push "
                              "a mouse there (click it) or press Stop.")
            if game.trap_complete:
                return None, ("You turn the crank only when you stop on TURN CRANK with a mouse on the "
                              f"Cheese Wheel. {self._hint(seat)}")
            return None, (f"The trap has {game.parts} of {game.rules.n_parts} parts: it works only when "
                          f"complete. {self._hint(seat)}")
        return None, f"{you}: " + self._hint(seat)

    def _hint(self, seat) -> str:
        game = self.game
        if game.phase == ROLLING:
            return "Roll the die: press Roll or click the die."
        if game.phase == CRANKING:
            parts = []
            if any(isinstance(a, Push) for a in game.legal_actions()):
                parts.append("click a rival's mouse to pay a cheese and push it")
            parts.append("click the trap to turn the crank" if Crank() in game.legal_actions()
                         else "press Stop to end your turn")
            return _and(parts).capitalize() + "."
        if game.phase == SPLITTING:
            return "Choose with the buttons how much cheese to take from each rival."
        return ""

    def _on_key_down(self, key, shift_key=False, ctrl_key=False, meta_key=False):
        with self._lock:
            key = str(key).lower()
            if key in ("r", " ", "enter", "s"):
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
        threading.Thread(target=self._autoplay_loop, args=(stop,), daemon=True,
                         name="mouse-trap-autoplay").start()

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

    # --- the view ----------------------------------------------------------------------------
    def _scene(self):
        names = [d.value for d in self.seat_inputs[:self.game.n_players]]
        return vd.snapshot(self.game, names)

    def _update(self, news=None, notice=None, draw=True):
        """Redraw the pieces, then say what happened and what comes next; rebuild the choice buttons."""
        game = self.game
        if draw:
            with DRAW_LOCK, r.safe_hold(self.canvas):
                vd.draw_scene(self.canvas[1], self.geometry, self._scene())
        events = game.events[self._seen:] if game.events is not None else []
        self._seen = len(game.events or ())
        lines = list(news or []) + [e.describe() for e in events]
        self._log_lines.extend(e.describe() for e in events)
        if lines:
            self._last_news = lines
        self._set_choices()
        self.log_html.value = ("<div style='font-size:18px; max-height:300px; overflow:auto'>"
                               + "<br>".join(html.escape(x) for x in reversed(self._log_lines[-80:]))
                               + "</div>")
        self.roll_button.description = self._roll_label()
        waiting = (not game.is_over and self.is_human(game.current_player) and game.phase != ROLLING)
        self.roll_button.disabled = waiting or game.is_over
        self.roll_button.tooltip = (
            "The game is over: press New game" if game.is_over else
            "Make your choice above first (a button or a click on the board)" if waiting else
            "Roll the die (key R)" if self.is_human(game.current_player) else
            "Let the bot make one decision (key S)")
        # The status last: when it (an aria-live region) announces the next decision,
        # the buttons for that decision are already in place.
        self._set_status(self._last_news if not notice else [], notice)

    def _roll_label(self) -> str:
        game = self.game
        if game.is_over:
            return "Game over"
        return "Roll" if self.is_human(game.current_player) else "Step"

    def _prompt_for(self, seat, human) -> str:
        game = self.game
        if not human:
            what = {ROLLING: "to roll", CRANKING: "to push a mouse or turn the crank",
                    SPLITTING: "to split the cheese it takes"}[game.phase]
            return f"{_seat(seat)} ({self.seats[seat]} bot) is next, {what}: press Step or Autoplay."
        if game.phase == ROLLING:
            return f"{_seat(seat)}, your turn: press Roll or click the die."
        if game.phase == CRANKING:
            on_wheel = game.on_wheel()
            legal = game.legal_actions()
            can_push = any(isinstance(a, Push) for a in legal)
            have = f"You have {game.cheese[seat]} cheese."
            if on_wheel:
                who = _and(_seat(p) for p in on_wheel)
                more = " You may first pay a cheese to push another mouse (click it)." if can_push else ""
                return (f"{_seat(seat)}, you are on TURN CRANK and {who} is on the Cheese Wheel: "
                        f"turn the crank (click the trap).{more} {have}")
            return (f"{_seat(seat)}, you are on TURN CRANK and no mouse is on the Cheese Wheel: pay a cheese "
                    f"to roll for a rival's mouse (click it), or stop. {have}")
        tied = sorted({p for a in game.legal_actions() for p, _ in a.amounts})
        return (f"{_seat(seat)}, {_and(_seat(p) for p in tied)} tie for the most cheese: choose how to take "
                f"{game.owed} from them.")

    def _set_status(self, news, notice=None):
        game = self.game
        if game.is_over:
            if game.winner is not None:
                prompt = (f"{_seat(game.winner)} wins: the last mouse on the board! "
                          "Press New game to play again.")
            else:
                prompt = f"No winner ({game.end_reason}). Press New game to play again."
            colour = vd.player_style(game.winner).colour if game.winner is not None else r.TEXT
        else:
            seat = game.current_player
            prompt = self._prompt_for(seat, self.is_human(seat))
            colour = vd.player_style(seat).colour
            prompt = f"{vd.player_glyph(seat)} {prompt}"
        parts = []
        if notice:
            parts.append(f"<div style='font-weight:bold; color:#8B0000'>\u26a0 {html.escape(notice)}</div>")
        if news:
            shown = news[-8:]
            more = "\u2026 " if len(news) > 8 else ""
            parts.append("<div>" + more + html.escape(" ".join(shown)) + "</div>")
        parts.append(f"<div style='font-weight:bold'>{html.escape(prompt)}</div>")
        # The turn being played (before the roll: the coming turn).
        turn = game.turns + (not game.is_over and game.phase == ROLLING)
        parts.append(f"<div style='font-size:18px; color:#444'>Turn {turn} \u00b7 decision "
                     f"{self._n_decisions} \u00b7 seed {self.seed} \u00b7 parts {game.parts}/"
                     f"{game.rules.n_parts} \u00b7 pile {game.pile}</div>")
        self.status.value = (f"<div role='status' aria-live='polite' style='{STATUS_STYLE.format(colour=colour)}'>"
                             + "".join(parts) + "</div>")

    def _set_choices(self):
        game = self.game
        seat = game.current_player
        wanted = []
        if seat is not None and self.is_human(seat) and game.phase != ROLLING:
            wanted = list(game.legal_actions())
        if wanted == self._choices:
            return
        old = self.choice_buttons
        buttons = []
        for i, action in enumerate(wanted):
            label = str(action)
            if isinstance(action, Push):
                label = f"{label} ({vd.player_glyph(action.opponent)})"
            button = widgets.Button(
                description=f"{i + 1}. {label[0].upper()}{label[1:]}" if i < 9 else label,
                tooltip=f"{label} (key {i + 1})" if i < 9 else label,
                style=dict(font_size="20px", button_color=vd.CURRENT_FILL),
                layout=widgets.Layout(height="46px", width="auto", margin="4px",
                                      border="2px solid #1A1A1A"))
            button.add_class("mt-choice")
            button.add_class(f"mt-{type(action).__name__.lower()}")
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
        def guarded(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except Exception as err:  # noqa: BLE001
                self._report(err)
        guarded.__name__ = getattr(fn, "__name__", "callback")
        return guarded

    def _report(self, err):
        self.errors.append(traceback.format_exc())
        log.exception("Mouse Trap app: %s", err)
        message = str(err) if isinstance(err, ValueError) else f"{type(err).__name__}: {err}"
        try:
            self.status.value = (f"<div role='alert' style='{STATUS_STYLE.format(colour='#8B0000')}'>"
                                 f"<b>\u26a0 Something went wrong:</b> {html.escape(message)}<br>"
                                 "Nothing else changed; try again or press New game.</div>")
        except Exception:  # noqa: BLE001
            pass


def _random_seed():
    return random.SystemRandom().randrange(10**6)


__all__ = ["App"]

"""``wld.App``: Win, Lose or Draw for a classroom -- the sketch pad, the timer, the card, guesses, scores.

    from boardkit.games import win_lose_draw as wld
    wld.App()                                            # Team Play, 4 people
    wld.App(rules=wld.Rules(play="gameboard"), n_players=5)

What is on the page, top to bottom:

* the status line: what just happened and what comes next; under it the table in words
  (``_describe_state``: whose turn, the scores or the pawns and colours, the clock; never the answer);
* the **sketch pad** (draw with mouse, pen or finger), the **guess box** under it and the Sketching Rules
  beside it (under it on a laptop); beside them the table, the **timer** and the **card**.  On a projector
  (1920x1080, Large type) the status line, all of this and the controls fit one screen, and the table's
  words are about 25 px high.  The card shows only its category: the
  Sketcher presses *Peek* to see the answer for a few seconds (the class
  should look away), or ticks *Keep the card visible* on her own screen.  Each sketch's clock waits
  for the Sketcher to press **Start** (she "turns over the timer"): a page nobody touches plays nothing
  by itself.  A steal's ten seconds start at once, as the sketch before them ran out or was called off;
* the Sketcher's buttons: who called out the right answer, or *Time's up*
  (the timer presses it by itself at 0:00).  A typed guess the matcher finds
  right waits for the Sketcher to agree or overrule; in Gameboard Play,
  Guessers right at the same moment are ticked and awarded together;
* the table: Team Play's score sheet, or the gameboard with the white pawn,
  the pawns in the centre and every player's colours (click a pawn colour
  to take it, a Spade Space to place the white pawn, a player to award her);
* the controls shared by every boardkit App (step, autoplay, new game,
  seed, players, who plays each seat).

A bot seat stands for a player with a drawing skill (``bots.Skilled``): its
sketches are guessed, or not, at once, with no drawing.  Every seat is a
person by default: it is a party game.
"""
from __future__ import annotations

import html
import threading

import ipywidgets as widgets

from boardkit.core.bots import Random
from boardkit.core.events import seat as _seat
from boardkit.render.app import HUMAN, GameApp, canvas_text_scale, scaled

from . import view_draw
from .actions import CONFIRM, OVERRULE, TIME_UP, Award, PlacePawn, TakePawn, TimeUp
from .bots import Skilled
from .events import TEAM_NAMES, PawnMoved, SketchStarted
from .game import Game
from .rules import TEAM, Rules
from .track import SPADE
from .sketch import PAD_HEIGHT, PAD_WIDTH
from .view_pad import SketchPad
from .view_timer import Countdown

PEEK_SECONDS = 5          # how long Peek shows the card

#: The play row's widths.  Where the row is wide (a projector's page) the table takes more of the width, so that
#: its words are read from the back of a room (about 25 px on a 1920x1080 screen in Large type), and the pad
#: leaves room beside it for the Sketching Rules; on a laptop, or in a narrower JupyterLab panel, the pad is
#: wider and the rules go under it, and the table, the clock and the card go under them: the table up to 820 px
#: wide, so its 22 px words are 14 px or more on screen (beside the pad they were 9 px on a 1280 px screen).  (The row's own width decides, not the window's: a container query.)
LAYOUT_CSS = """<style>
.boardkit-wld-app .wld-play-row {container-type: inline-size;}
.boardkit-wld-app .wld-pad-column {width: 63%;}
.boardkit-wld-app .wld-side {width: 100%; max-width: 820px; min-width: 280px;}
@container (min-width: 1500px) {
  .boardkit-wld-app .wld-side {max-width: none;}
  .boardkit-wld-app .wld-pad-column {width: 55%;}
  .boardkit-wld-app .wld-side {width: 44%;}
  .boardkit-wld-app .wld-drawing {max-width: calc(100% - 380px) !important;}
}
</style>"""

#: the rulebook's Sketching Rules, shown beside the pad (the App cannot check a drawing: the class does)
SKETCHING_RULES = (
    "No letters, words or numbers. Symbols such as $, arrows and + are fine; a word of the answer "
    "someone has guessed may be written next to the sketch.",
    "Never speak while sketching, but you may gesture: close, or off-track.",
    "Draw an ear to mean \u201csounds like\u201d, then sketch a rhyming word.",
    "Books: never sketch or say the author (it is only a help for you).",
)


def sketching_rules_html(rules, n_players: int, max_seats: int) -> str:
    """The Sketching Rules, and how many players the game and this App seat, as the page shows them."""
    items = "".join(f"<li>{html.escape(rule)}</li>" for rule in SKETCHING_RULES)
    low, high = rules.player_range
    if rules.play == TEAM:
        seating = (f"Team Play is for {low} or more players (boardkit's model takes up to {high}); this App "
                   f"seats {low} to {max_seats} (a seat may be a group).")
    else:
        seating = f"Gameboard Play is for {low} to {high} players" + (
            "." if max_seats >= high else f"; this App seats {low} to {max_seats}.")    # (said once when alike)
    return (f"<div class='wld-sketching-rules' style='font-size:{scaled('17px')}; line-height:1.35; color:#1A1A1A'>"
            f"<b>Sketching Rules</b><ul style='margin:2px 0 4px 18px; padding:0'>{items}</ul>"
            f"<div class='wld-seating'>{html.escape(seating)}</div></div>")


def spade_name(track, space: int) -> str:
    """A Spade Space named as the picture shows it: "top-left Spade" (space numbers are not on the board).

    Where two Spades of ``track`` share a place (a custom board), the space counted from the first one,
    1 upwards, tells them apart: "top-left Spade (space 2)".
    """
    xs, ys = view_draw.space_centres(track)
    left, top, width, height = view_draw.BOARD
    def place(i):
        x, y = xs[i] - left, ys[i] - top
        row = "top" if y < height / 3 else "bottom" if y > 2 * height / 3 else "middle"
        column = "left" if x < width / 3 else "right" if x > 2 * width / 3 else "middle"
        return {("middle", "middle"): "middle", ("middle", "left"): "left side", ("middle", "right"): "right side",
                ("top", "middle"): "top side", ("bottom", "middle"): "bottom side"}.get((row, column),
                                                                                        f"{row}-{column}")
    where = place(space)
    twins = [i for i, kind in enumerate(track) if kind == SPADE and place(i) == where]
    return f"{where} Spade" + (f" (space {space + 1})" if len(twins) > 1 else "")


def _skilled(p_guess: float):
    def make():
        return Skilled(p_guess=p_guess, p_steal=p_guess / 3)
    return make


class App(GameApp):
    """Win, Lose or Draw with a sketch pad, a timer and a guess box (see the module docstring).

    Parameters as every boardkit App: ``rules`` (``play="team"`` or
    ``"gameboard"``), ``n_players`` (Team Play 4-6, Gameboard Play 3-6 here:
    one seat per pawn shape; a seat may stand for a group), ``seats`` ("human"
    or a bot name per seat; default everyone human), ``seed``.
    """

    PREFIX = "wld"
    GAME_NAME = "Win, Lose or Draw"
    RULES = Rules
    GAME = Game
    ROLLING_PHASE = "roll"
    BOTS = {"Skilled 75%": _skilled(0.75), "Skilled 50%": _skilled(0.5), "Skilled 25%": _skilled(0.25),
            "Random": Random}
    DEFAULT_BOT = HUMAN
    WIDTH, HEIGHT = view_draw.WIDTH, view_draw.HEIGHT
    NEW_GAME_WORD = "Start"
    MAX_SEATS = 6
    #: what shares the screen's height with the pad (px at the normal text size): the status line, the pad's
    #: toolbar, the choices, the controls and the settings (the Sketching Rules go beside it on a wide screen)
    BESIDE_PAD_PX = 410

    def __init__(self, rules=None, n_players: int = 4, seats=None, seed=None, **kwargs):
        self._targets: list = []
        #: the kind of space ("spade", "red", ...) the white pawn landed on after each roll, in every game
        #: this App played, oldest first: a lesson counts the class's own rolls with it
        self.landings: list[str] = []
        self._round_key = None
        self._hide_timer: threading.Timer | None = None
        rules = Rules() if rules is None else rules
        self.pad = SketchPad()
        self.timer = Countdown(seconds=rules.timer_seconds if isinstance(rules, Rules) else 60)
        self.card_html = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.card_html.add_class("wld-card")
        self.peek_button = widgets.Button(
            description="Peek", icon="eye", layout=widgets.Layout(height="44px", width="auto", min_width="110px"),
            style=dict(font_size=scaled("18px")), tooltip=f"Sketcher only: show the answer for {PEEK_SECONDS} seconds")
        self.peek_button.add_class("wld-peek")
        self.keep_visible = widgets.Checkbox(value=False, description="Keep the card visible", indent=False)
        self.keep_visible.add_class("wld-keep-visible")
        self.guesser_input = widgets.Dropdown(description="Who", style=dict(description_width="initial"),
                                              layout=widgets.Layout(width=scaled("220px")))
        self.guesser_input.add_class("wld-guesser")
        self.guess_input = widgets.Text(placeholder="your guess", tooltip="Type a guess, then press Enter or Guess",
                                        continuous_update=False,
                                        layout=widgets.Layout(flex="1 1 150px", min_width="150px"))
        self.guess_input.add_class("wld-guess-text")
        self.guess_button = widgets.Button(description="Guess", icon="check", style=dict(font_size=scaled("18px")),
                                           layout=widgets.Layout(height="40px", width="auto"))
        self.guess_button.add_class("wld-guess")
        # Gameboard Play: several Guessers right at the same moment (all are correct Guessers)
        self.tie_toggles: list[widgets.ToggleButton] = []
        self.tie_button = widgets.Button(description="Award them together", icon="users",
                                         style=dict(font_size=scaled("18px")),
                                         layout=widgets.Layout(height="40px", width="auto"),
                                         tooltip="Tick the Guessers who said it at the same moment, then press here")
        self.tie_button.add_class("wld-tie")
        self.tie_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.tie_box = widgets.HBox([widgets.HTML(f"<b style='font-size:{scaled('18px')}'>Said at the same moment?</b>"),
                                     self.tie_row, self.tie_button],
                                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self._card_visible = False
        # No clock runs before a browser shows the App: a pre-heated Voilà kernel may wait minutes for its page.
        self._client_seen = False
        self._ruling_pause = False            # the App paused the clock for a ruling (a teacher's Pause holds)
        super().__init__(rules=rules, n_players=n_players, seats=seats, seed=seed, **kwargs)
        self.peek_button.on_click(self._guard(lambda _: self.peek()))
        self.keep_visible.observe(self._guard(lambda _: self._show_card()), names="value")
        self.guess_button.on_click(self._guard(lambda _: self._submit_guess(from_button=True)))
        self.guess_input.observe(self._guard(lambda _: self._submit_guess()), names="value")
        self.tie_button.on_click(self._guard(lambda _: self._award_tie()))
        self.timer.on_time_up(self._guard(self._time_up))
        for button in (self.timer.start_button, self.timer.pause_button, self.timer.reset_button):
            button.on_click(self._guard(lambda _: self._update(draw=False)))   # the status line says the clock's news
        css, skip, canvas, status, choices, *rest = self.children
        # One screen holds it all, a projector's in Large type too: the pad, its toolbar, the guess box and the rules
        # on the left; the board, the clock and the card on the right; the status line above, the controls below.
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        # one row under the pad on a projector (the box's own words say what it is for)
        guessing = widgets.HBox([self.guesser_input, self.guess_input, self.guess_button], layout=row)
        # the Sketcher's Peek, then (Gameboard Play, in a sketch) the Guessers who said it at the same moment
        side = widgets.VBox([skip, canvas, self.timer, self.card_html,
                             widgets.HBox([self.peek_button, self.keep_visible, self.tie_box], layout=row)],
                            layout=widgets.Layout(padding="0 0 0 12px"))
        side.add_class("wld-side")
        self.rules_html = widgets.HTML(sketching_rules_html(self.rules, self.game.n_players, self.MAX_SEATS),
                                       layout=widgets.Layout(padding="0 0 0 8px"))
        self.rules_html.add_class("wld-rules-box")
        # the Sketching Rules beside the pad where the page is wide enough (a projector), else under it
        self.rules_html.layout.flex = "1 1 300px"
        # the guess box under the pad: the Guessers look at the drawing as they type
        drawing = widgets.VBox([self.pad, guessing])
        drawing.add_class("wld-drawing")
        pad_column = widgets.HBox([drawing, self.rules_html],
                                  layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        pad_column.add_class("wld-pad-column")
        self.pad.canvas.layout.max_width = self._board_max_width(PAD_WIDTH, PAD_HEIGHT, self.BESIDE_PAD_PX)
        drawing.layout.width, drawing.layout.max_width = self.pad.canvas.layout.max_width, "100%"
        self.pad.layout.width = "100%"
        play_row = widgets.HBox([pad_column, side],
                                layout=widgets.Layout(width="100%", flex_flow="row wrap"))
        play_row.add_class("wld-play-row")
        self.pad.next_focus = [self.timer.start_button, self.timer.pause_button, self.timer.reset_button]
        self.children = [css, widgets.HTML(LAYOUT_CSS), status, play_row, choices, *rest]
        self._sync_round()

    # --- the card and guesses -----------------------------------------------------------------
    def peek(self) -> None:
        """Show the card to the Sketcher for ``PEEK_SECONDS`` seconds."""
        with self._lock:
            self._card_visible = True
            self._show_card()
            if self._hide_timer is not None:
                self._hide_timer.cancel()
            self._hide_timer = threading.Timer(PEEK_SECONDS, self._guard(self._hide_card))
            self._hide_timer.daemon = True
            self._hide_timer.start()

    def _hide_card(self) -> None:
        with self._lock:
            self._card_visible = False
            self._show_card()

    def _show_card(self) -> None:
        """The card panel: the category for everyone; the answer only while peeking (or kept visible)."""
        game = self.game
        card = game.card
        lines = [f"<div style='font-size:{scaled('22px')}'>Category: <b>{html.escape(card.category)}</b></div>"]
        if game.is_over:
            lines.append(f"<div style='font-size:{scaled('20px')}'>The game is over.</div>")
        elif self._card_visible or self.keep_visible.value:
            lines.append(f"<div class='wld-answer' style='font-size:{scaled('30px')}; font-weight:bold'>"
                         f"{html.escape(card.answer)}</div>")
            if card.author:
                lines.append(f"<div style='font-size:{scaled('18px')}'>by {html.escape(card.author)} "
                             f"(a help for you: don't draw the author)</div>")
            if card.also and self.rules.partial_answers:
                also = html.escape(", ".join(card.also))
                lines.append(f"<div style='font-size:{scaled('18px')}'>Also counts: {also}</div>")
        else:
            # one line on a projector in Large type
            lines.append(f"<div style='font-size:{scaled('20px')}; color:#444'>"
                         "Sketcher: press Peek (everyone else, look away!)</div>")
        self.card_html.value = ("<div style='border:3px solid #1A1A1A; background:#FFFFFF; padding:8px 12px; "
                                "margin:6px 0'>" + "".join(lines) + "</div>")

    def guess(self, seat: int, text: str):
        """``seat`` types the guess ``text`` (as the guess box does); returns the matcher's verdict."""
        with self._lock:
            verdict = self.game.guess(seat, text)
            if verdict.correct:
                news = [f"{_seat(seat)} may have it! Sketcher: agree or overrule."]
            elif verdict.parts:
                news = [f"Not it, but right words: {', '.join(verdict.parts)} (Sketcher, write them by the sketch)."]
            else:
                news = None
            self._update(news)
            return verdict

    def _submit_guess(self, from_button: bool = False) -> None:
        text = self.guess_input.value
        if not text.strip():
            if from_button or text:           # the "" the App itself puts back is no guess
                self.guess_input.value = ""
                self._update(notice="Type a guess in the box first.")
            return
        self.guess_input.value = ""
        seat = self.guesser_input.value
        if seat is None:
            self._update(notice="Nobody can guess now.")
            return
        try:
            self.guess(seat, text)
        except ValueError as err:
            self._update(notice=str(err))

    # --- the timer ---------------------------------------------------------------------------
    def _time_up(self) -> None:
        """The countdown reached 0:00: the sketch (or the steal) missed."""
        with self._lock:
            game = self.game
            if not game.is_over and game.phase in ("sketch", "steal") and TIME_UP in game.legal_actions():
                self._apply(TIME_UP)

    def _sync_round(self) -> None:
        """Fit the pad, the timer, the card and the guess box to the game's phase after every change.

        A new *round* (a new sketch, or the steal that follows a miss) gets a
        fresh clock; a new sketch also gets a new sheet.  Within a round the
        clock only pauses (while the Sketcher rules on a typed guess) and resumes.
        """
        game = self.game
        if hasattr(self, "rules_html"):             # a loaded game may change the way to play
            self.rules_html.value = sketching_rules_html(game.rules, game.n_players, self.MAX_SEATS)
        phase = game.phase
        stealing = phase == "steal" or (phase == "ruling" and game.pending[2])
        drawing = phase in ("sketch", "steal", "ruling")
        key = (game.seed, game.turns, game.cards_done, stealing, drawing)
        live = not game.is_over and drawing
        if key != self._round_key:
            self._round_key = key
            self._card_visible = False
            self._ruling_pause = False
            if not stealing:
                self.pad.new_sheet()          # a fresh sheet: Undo can't bring back the last card's drawing
            self.timer.reset(self.rules.steal_seconds if stealing else self.rules.timer_seconds)
            # A sketch's clock waits for the Sketcher's Start ("turns over the timer"): nothing runs by
            # itself on a page nobody is looking at.  A steal follows at once a sketch whose clock someone
            # started (or a Time's up someone pressed), so its 10 seconds start by themselves.
            if (live and stealing and phase == "steal" and self.is_human(game.current_player)
                    and self._client_seen):
                self.timer.start()
        elif not live or phase == "ruling":
            if self.timer.running:
                self.timer.pause()
                self._ruling_pause = True
        elif self._ruling_pause:              # the ruling is over; a clock the teacher paused stays paused
            self._ruling_pause = False
            self.timer.resume()
        self.pad.enabled = live and not stealing and phase != "steal" and self.is_human(game.sketcher)
        allowed = list(game.may_guess)
        # Nobody may guess: the menu says why (it showed a blank choice), off with the guess box.
        nobody = "game over" if game.is_over else "not now" if phase == "ruling" else "no sketch yet"
        options = [(f"Player {s + 1}", s) for s in allowed] if allowed else [(nobody, None)]
        if list(self.guesser_input.options) != options:
            chosen = self.guesser_input.value
            self.guesser_input.options = options
            # by index: a value of None would mean no choice shown at all
            self.guesser_input.index = allowed.index(chosen) if chosen in allowed else 0
        for w in (self.guesser_input, self.guess_input, self.guess_button):
            w.disabled = not allowed
        self._show_ties()
        self._show_card()

    def _show_ties(self) -> None:
        """Gameboard Play, a person sketching: a toggle per Guesser for answers said at the same moment."""
        game = self.game
        shown = (not game.is_over and not game.is_team_play and game.phase == "sketch"
                 and len(game.guessers) >= 2 and self.is_human(game.sketcher))
        # shown, its parts flow on in the row of the Peek button (one row less on a projector's screen)
        self.tie_box.layout.display = "contents" if shown else "none"
        seats = list(game.guessers) if shown else []
        if [t.seat for t in self.tie_toggles] != seats:
            old, self.tie_toggles = self.tie_toggles, []
            for seat in seats:
                toggle = widgets.ToggleButton(value=False, description=f"Player {seat + 1}",
                                              layout=widgets.Layout(width="auto", height="40px"))
                toggle.seat = seat
                toggle.add_class("wld-tie-seat")
                self.tie_toggles.append(toggle)
            self.tie_row.children = self.tie_toggles
            for toggle in old:
                toggle.close()

    def _award_tie(self) -> None:
        """Award every ticked Guesser at once (the book: all who answer at the same moment are correct)."""
        with self._lock:
            seats = tuple(sorted(t.seat for t in self.tie_toggles if t.value))
            if len(seats) < 2:
                self._update(notice="Tick two or more Guessers who said it at the same moment "
                                    "(for one, use her own button).")
                return
            self.choose(Award(seats))

    def _install(self, game, seed, news):
        self._round_key = None                # a new game (even with the same seed) starts a new round
        super()._install(game, seed, news)

    def step(self):
        """Step: a bot decides; during a person's sketch, say what to do instead."""
        with self._lock:
            game = self.game
            if not game.is_over and self.is_human(game.current_player) and game.phase != self.ROLLING_PHASE:
                self._update(notice=f"{_seat(game.current_player)}: " + self._hint(game.current_player))
                return None
        return super().step()

    def _on_client_ready(self):
        super()._on_client_ready()
        with self._lock:
            if not self._client_seen:         # the first page to show the App: the first clock starts now
                self._client_seen = True
                self._round_key = None
                self._sync_round()
        self.timer.wake()                     # a refreshed page: the clock's heartbeat starts again

    def _update(self, news=None, notice=None, draw=True):
        if hasattr(self, "landings"):         # the white pawn's landings since the last update (before GameApp reads them)
            new = (self.game.events or [])[self._seen:]
            self.landings.extend(e.lands_on for e in new if type(e) is PawnMoved)
        if hasattr(self, "pad"):
            self._sync_round()                # first: the status line says whether the clock waits for Start
        super()._update(news, notice, draw)

    # --- the text mirror of the table (issue 14) ---------------------------------------------------
    def _describe_state(self) -> list[str]:
        """The table now, in short sentences, for a screen reader and the back row; whose turn first.

        Never the card's answer (the class could read it): only its category.
        """
        game = self.game
        lines = [self._describe_turn()]
        if game.is_team_play:
            for team in (0, 1):
                seats = " and ".join(f"{s + 1}" for s in game.members(team))
                score = game.team_scores[team]
                lines.append(f"{TEAM_NAMES[team]} (Players {seats}): {score} point{'' if score == 1 else 's'} "
                             f"of {self.rules.team_target}.")
        else:
            lines.append(self._describe_white_pawn())
            owned = "; ".join(f"Player {seat + 1} {', '.join(held) if held else 'none'}"
                              for seat, held in enumerate(game.held))
            lines.append(f"Colours owned ({self.rules.colours_to_collect} needed): {owned}.")
            centre = ", ".join(f"{colour} {game.centre[colour]}" for colour in game.centre)
            lines.append(f"Pawns in the centre: {centre}.")
        if not game.is_over and game.phase in ("sketch", "steal", "ruling"):
            lines.append(self._describe_clock())
        lines.append(f"Cards done: {game.cards_done}.")
        return lines

    def _describe_turn(self) -> str:
        game = self.game
        if game.is_over:
            return self._win_text() if game.winner is not None else f"The game is over: no winner ({game.end_reason})."
        phase, who = game.phase, _seat(game.current_player)
        category = game.card.category
        if phase == "sketch":
            team = f" for {TEAM_NAMES[game.turn_team]}" if game.is_team_play else ""
            guessers = ", ".join(str(s + 1) for s in game.may_guess)
            plural = "s" if len(game.may_guess) > 1 else ""
            return (f"{_seat(game.sketcher)} sketches{team}: the card is {category} (the answer is hidden); "
                    f"Player{plural} {guessers} guess{'' if plural else 'es'}.")
        if phase == "steal":
            return f"{TEAM_NAMES[game.team_of(game.current_player)]} may steal the {category} card with one guess."
        if phase == "ruling":
            guesser, says_right, _ = game.pending
            return (f"{_seat(game.sketcher)} decides: the matcher says {_seat(guesser)}'s guess is "
                    f"{'right' if says_right else 'wrong'}.")
        if phase == "take":
            return f"{who} takes a pawn of a colour she does not own yet."
        if phase == "roll":
            return f"{who} rolls the die to move the white square pawn."
        if phase == "place":
            return f"{who} puts the white square pawn on a Spade Space."
        return f"{TEAM_NAMES[game.team_of(game.current_player)]} picks its Sketcher."

    def _describe_white_pawn(self) -> str:
        game = self.game
        track = self.rules.track
        if game.white_pawn is None:
            return "The white square pawn is not on the board yet."
        kind = track[game.white_pawn]
        ahead = next(k for k in range(1, len(track) + 1) if track[(game.white_pawn + k) % len(track)] == SPADE)
        where = "a Spade Space" if kind == SPADE else f"a {kind} square"
        last_roll = view_draw.snapshot(game).last_roll
        roll = f" after a roll of {last_roll}" if last_roll is not None else ""
        return (f"The white square pawn is on {where}{roll}; the next Spade Space is {ahead} "
                f"space{'' if ahead == 1 else 's'} ahead.")

    def _describe_clock(self) -> str:
        from .view_timer import clock_text
        timer = self.timer
        left = clock_text(timer.remaining)
        return {"ready": f"The clock shows {left} and waits for the Sketcher's Start.",
                "running": "The clock is running.",
                "paused": f"The clock is paused at {left}.",
                "up": "Time's up."}[timer.state]

    # --- GameApp hooks ------------------------------------------------------------------------
    def _layout_for(self, rules):
        return None

    def _scene(self):
        return view_draw.snapshot(self.game, canvas_text_scale())

    def _draw_board(self, layer, scene) -> None:
        if scene.play == TEAM:
            view_draw.draw_score_sheet(layer, scene)
        else:
            view_draw.draw_gameboard(layer, scene)

    def _draw_pieces(self, layer, scene) -> None:
        if scene.play == TEAM:
            self._targets = view_draw.draw_team_pieces(layer, scene)
        else:
            self._targets = view_draw.draw_gameboard_pieces(layer, scene)

    def _target_at(self, x, y):
        from boardkit.render.layout import target_under
        return target_under(self._targets, x, y)

    def _action_for(self, target, seat):
        game = self.game
        wanted = {"player": Award((target.value,)), "colour": TakePawn(target.value),
                  "space": PlacePawn(target.value)}[target.kind]
        if wanted in game.legal_actions():
            return wanted, ""
        return None, f"{_seat(seat)}: " + self._hint(seat)

    def _piece_positions(self, game):
        return None

    def _longest_animation_s(self) -> float:
        return 0.5

    def _choices_for(self, seat) -> list:
        game = self.game
        if game.phase == self.ROLLING_PHASE:
            return []
        # Awards to several people at once are in the model; the buttons offer one person each.
        return [a for a in game.legal_actions() if not (type(a) is Award and len(a.seats) > 1)]

    def _choice_label(self, action) -> str:
        game = self.game
        if type(action) is Award:
            who = _seat(action.seats[0])
            if game.is_team_play:
                return f"\u2713 {who} got it ({TEAM_NAMES[game.team_of(action.seats[0])]} scores)"
            return f"\u2713 {who} got it"
        if type(action) is TimeUp:
            return "Time's up: the steal missed" if game.phase == "steal" else "Time's up: nobody got it"
        if action == CONFIRM or action == OVERRULE:
            guesser, says_right, _ = game.pending
            right_if = says_right if action == CONFIRM else not says_right
            verdict = f"right: {_seat(guesser)} scores" if right_if else "wrong: keep going"
            if game.phase == "ruling" and game.pending[2] and not right_if:
                verdict = "wrong: the steal missed"
            return ("Agree, " if action == CONFIRM else "Overrule, ") + verdict
        if type(action) is PlacePawn:
            name = spade_name(self.rules.track, action.space)     # short: the four fit one row in Large type
            return name[:1].upper() + name[1:]
        return str(action)

    def _choice_classes(self, action) -> list[str]:
        return [f"wld-{type(action).__name__.lower()}"]

    def _hint(self, seat) -> str:
        phase = self.game.phase
        return {
            "sketch": "draw on the pad; when someone calls out the answer, click their name or their button.",
            "ruling": "agree with the matcher or overrule it.",
            "steal": "one guess from the other team: click who got it, or Time's up.",
            "take": "click a pawn colour you lack in the centre (or its button).",
            "roll": "press Roll.",
            "place": "click a Spade Space for the white pawn.",
            "pick": "pick who sketches.",
        }.get(phase, "")

    def _prompt_for(self, seat, human: bool) -> str:
        game = self.game
        who = _seat(seat)
        if not human:
            return f"{who} (a bot) decides: press Step."
        phase = game.phase
        if phase == "sketch":
            if self.timer.state == "ready" and self.is_human(game.sketcher):
                # one line on a projector in Large type (the choices below say who may be awarded)
                return f"{who} sketches ({game.card.category}): press Start on the clock, then draw."
            return f"{who} sketches ({game.card.category}): draw, and award whoever calls out the answer."
        if phase == "ruling":
            guesser, says_right, _ = game.pending
            return (f"{who}: the matcher says {_seat(guesser)}'s guess is {'right' if says_right else 'wrong'}. "
                    "Agree or overrule?")
        if phase == "steal":
            return f"{TEAM_NAMES[game.team_of(seat)]}: one guess to steal the point!"
        if phase == "take":
            return f"{who}: take a pawn of a colour you don't own yet."
        if phase == "roll":
            return f"{who}: roll the die and move the white square pawn."
        if phase == "place":
            return f"{who}: put the white square pawn on a Spade Space."
        return f"{TEAM_NAMES[game.team_of(seat)]}: pick your Sketcher."

    def _win_text(self) -> str:
        game = self.game
        if game.is_team_play:
            return f"{TEAM_NAMES[game.winner]} wins, {game.team_scores[0]} to {game.team_scores[1]}!"
        return f"{_seat(game.winner)} wins the Ace-In-The-Hole!"

    def _turn_number(self) -> int:
        """A turn is one card sketched; it is counted once the card is done, so the card
        being sketched (with its guesses, pawns and roll) is one more than the count."""
        game = self.game
        return game.turns + (not game.is_over)

    def _status_extra(self) -> str:
        game = self.game
        if game.is_team_play:
            return f" \u00b7 Team A {game.team_scores[0]} \u2013 Team B {game.team_scores[1]}"
        return f" \u00b7 cards played: {game.cards_done}"

    def _new_game_news(self, game, seed) -> list[str]:
        how = "Team Play" if game.is_team_play else "Gameboard Play"
        return [f"New game of {how}: {game.n_players} players, seed {seed}."]

    def _quiet_news(self, seat, action) -> str:
        return f"{_seat(seat)}: {action}."

    def _news_of(self, event):
        # A new sketch is named by the status line's next line (its prompt) and the table: said once there, the
        # news after a card keeps to two lines on a projector in Large type.
        return None if type(event) is SketchStarted else event.describe()

    def close(self):
        """Stop the timers and close every widget (also after a failed ``__init__``: only what was built)."""
        if getattr(self, "_hide_timer", None) is not None:
            self._hide_timer.cancel()
        for toggle in getattr(self, "tie_toggles", []):
            toggle.close()
        for name in ("pad", "timer", "card_html", "peek_button", "keep_visible", "guesser_input", "guess_input",
                     "guess_button", "tie_button", "tie_row", "tie_box"):
            if hasattr(self, name):
                getattr(self, name).close()
        super().close()

"""``mt.App``: Mouse Trap as a classroom app (ipywidgets + ipycanvas, shown by Voilà).

    from boardkit.games import mouse_trap as mt
    mt.App()                                        # seat 1 human, three Trapper bots
    mt.App(n_players=4, seats=["Trapper"] * 4, seed=4)

Everything every game's app shares (the controls, autoplay, the status line,
the choice buttons, keys, redrawing when a browser connects) is in
``boardkit.render.app.GameApp``; this module says only what is Mouse Trap's:
the picture (``view_draw``), what a click on the canvas means (the die to
roll, an opponent's mouse or panel to pay and push it, the trap or the TURN
CRANK space to turn the crank; on a build space, the trap to build), the hints
and prompts, and how a roll, a push and the crank's chain reaction are
animated.  Whether to build on a build space (the book: a player *may* build)
and how to split cheese taken from rivals tied for most are chosen with the
buttons.
"""
from __future__ import annotations

from boardkit.core.events import seat as _seat
from boardkit.render import ReadableBoard
from boardkit.render.app import GameApp

from . import bots as mt_bots
from .analysis import cranks_in_game
from . import view_draw as vd
from .actions import BUILD_IT, Crank, Push, Roll
from .game import BUILDING, CRANKING, ROLLING, SPLITTING, Game
from .rules import BUILD as BUILD_SPACE, STAGES, Rules

BOTS = {"Trapper": mt_bots.Trapper, "Random": mt_bots.Random}
CRANK_QUEUE_S = 2.5   # how long the chain reaction's animation may wait for a running one


def _and(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _where_in_words(rules, position) -> str:
    """Where a mouse stands, in words: the stretch of track, the space's number and its text."""
    if position is None:
        return "caught in the trap, out of the game"
    space = rules.spaces[position]
    text = space.label
    if space.kind == BUILD_SPACE:
        text = f"a build space marked {text}"
    if position < rules.loop_start:
        if position == 0:
            return "on START"
        where = f"on the main path, space {position} of {rules.loop_start - 1}"
    else:
        where = f"on the Loop, space {position - rules.loop_start + 1} of {len(rules.loop)}"
    return f"{where} ({text})" if text else f"{where} (a blank space)"


def describe_state(game, names) -> list[str]:
    """The state of ``game`` in short sentences: whose turn and what they decide, the trap,
    every mouse (where it stands, its cheese), the pile, and this turn's crank.

    ``names[seat]`` is "human" (a person: "you") or the bot's name.  The first sentence
    says whose turn it is (or who won), so it can also name the board for a screen reader.
    """
    rules, n = game.rules, game.n_players

    def who(seat):
        return f"{_seat(seat)} (you)" if names[seat] == "human" else f"{_seat(seat)} ({names[seat]} bot)"

    turns = f"{game.turns} turn" + ("" if game.turns == 1 else "s")
    if game.is_over:
        first = (f"Game over after {turns}: {who(game.winner)} wins, the last mouse on the board."
                 if game.winner is not None else f"Game over after {turns}: no winner ({game.end_reason}).")
    else:
        seat = game.current_player
        doing = {ROLLING: "to roll the die", BUILDING: "to build or not",
                 CRANKING: "to push a mouse or turn the crank", SPLITTING: "to split the cheese taken"}[game.phase]
        first = f"Turn {game.turns + (game.phase == ROLLING)}: {who(seat)} is next, {doing}."
    lines = [first]
    if game.trap_complete:
        lines.append(f"The trap is complete ({rules.n_parts} of {rules.n_parts} parts): a mouse on TURN CRANK "
                     "can turn the crank when another mouse is on the Cheese Wheel.")
    else:
        lines.append(f"The trap has {game.parts} of {rules.n_parts} parts built.")
    for seat in range(n):
        cheese = game.cheese[seat]
        owns = f"{cheese} cheese" if game.positions[seat] is not None else "no cheese"
        lines.append(f"{who(seat)}: {_where_in_words(rules, game.positions[seat])}, {owns}.")
    lines.append(f"The cheese pile holds {game.pile} of {rules.cheese_count}.")
    crank = vd.crank_state(game.events) if game.events is not None else None
    if crank is not None:
        cranker, _targets, stopped_at = crank
        if stopped_at >= len(STAGES):
            lines.append(f"{who(cranker)} turned the crank this turn: every stage worked and the cage fell.")
        else:
            letter, what = STAGES[stopped_at]
            lines.append(f"{who(cranker)} turned the crank this turn: it stopped at stage {letter} "
                         f"({what} failed).")
    return lines


class App(ReadableBoard, GameApp):
    """Mouse Trap for the projector: the track and the Loop, the mice, the cheese,
    the trap growing part by part and the chain reaction when the crank turns.

    Parameters: ``rules`` (``mt.Rules``, default the rulebook), ``n_players``
    (2-4), ``seats`` (one of "human", "Trapper", "Random" per seat; default
    seat 1 human, the others Trapper), ``seed`` (None: a fresh game each
    time), ``autoplay_speed`` (decisions per second).
    """

    PREFIX = "mt"
    GAME_NAME = "Mouse Trap"
    RULES = Rules
    GAME = Game
    ROLLING_PHASE = ROLLING
    BOTS = BOTS
    DEFAULT_BOT = "Trapper"
    WIDTH, HEIGHT = vd.WIDTH, vd.HEIGHT
    NEW_GAME_WORD = "Start"
    SMALLEST_WORD_PX = vd.TEXT_PX         # its canvas is shown 815 px wide at least (ReadableBoard)

    def __init__(self, rules: Rules | None = None, n_players: int = 4, seats=None, seed=None,
                 autoplay_speed: float = 2.0, **kwargs):
        self.cranks_animated = 0          # how many chain reactions were sent to the browser
        self._past_cranks: list = []      # the cranks of the games before this one (1 caught, 0 not)
        super().__init__(rules, n_players, seats, seed, autoplay_speed, **kwargs)

    @property
    def cranks(self) -> list:
        """Every crank turned in the games played in this App, oldest first: 1 when the cage
        fell, 0 when the chain stopped.  A lesson starts its chart of the trap's catch rate
        with them: the class's own cranks first, then the computer's thousands."""
        return self._past_cranks + cranks_in_game(self.game)

    def _install(self, game, seed, news):
        previous = getattr(self, "game", None)
        if previous is not None and previous is not game:
            self._past_cranks.extend(cranks_in_game(previous))
        super()._install(game, seed, news)

    # --- the hooks of GameApp ----------------------------------------------------------------
    def _layout_for(self, rules):
        return vd.Layout.for_rules(rules)

    def _scene(self):
        names = [d.value for d in self.seat_inputs[:self.game.n_players]]
        return vd.snapshot(self.game, names)

    def _draw_board(self, layer, scene):
        vd.draw_board(layer, self.geometry, scene.spaces, scene.n_players)

    def _draw_pieces(self, layer, scene):
        vd.draw_scene(layer, self.geometry, scene)

    def _target_at(self, x, y):
        return vd.target_at(self.geometry, self._scene(), x, y)

    def _new_game_news(self, game, seed):
        n = game.n_players
        return [f"New game: {n} players, seed {seed}. All mice start on START; "
                f"the tinted build spaces (marked {n}) add the next part of the trap."]

    def _loaded_news(self, game):
        return [f"Game loaded: {game.n_players} players, turn {game.turns}, "
                f"{game.parts} of {game.rules.n_parts} parts built."]

    def _win_text(self):
        return f"{_seat(self.game.winner)} wins: the last mouse on the board!"

    def _describe_state(self):
        """The board in words, for screen readers and the back row (see :func:`describe_state`)."""
        return describe_state(self.game, [d.value for d in self.seat_inputs[:self.game.n_players]])

    def _status_extra(self):
        game = self.game
        return f" \u00b7 trap: {game.parts} of {game.rules.n_parts} parts built \u00b7 cheese pile: {game.pile}"

    def _choice_label(self, action):
        if isinstance(action, Push):
            return f"{action} ({vd.player_glyph(action.opponent)})"
        return str(action)

    def _choice_classes(self, action):
        return [f"mt-{type(action).__name__.lower()}"]

    def _may_queue_s(self, action):
        # a roll is just drawn after a running animation; a chain reaction may wait a little
        return CRANK_QUEUE_S if isinstance(action, Crank) else super()._may_queue_s(action)

    def _longest_animation_s(self):
        return vd.crank_duration(len(STAGES))

    def _animate_action(self, action, seat, before, after, start_positions, new_events, scale):
        """A roll or a push: the die tumbles and a mouse glides; a crank: the chain reaction."""
        moved = self._roll_to_animate(action, seat, new_events)
        if moved is not None:
            mover, value = moved
            start = start_positions[mover]
            forward = self.game.rules.forward
            self._animate(lambda: vd.animate_roll(self.canvas[1], self.canvas[2], self.geometry, before,
                                                  after, mover, start, value, forward, scale),
                          vd.roll_duration(value, scale))
            return True
        if isinstance(action, Crank) and after.crank is not None:
            self._animate(lambda: vd.animate_crank(self.canvas[1], self.canvas[2], self.geometry, before,
                                                   after, scale),
                          vd.crank_duration(after.crank[2], scale))
            self.cranks_animated += 1
            return True
        return False

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

    def _action_for(self, target, seat):
        """The action a click on ``target`` (not None) means for the human ``seat``, or (None, why not)."""
        game, phase = self.game, self.game.phase
        legal = game.legal_actions()
        you = _seat(seat)
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
            if phase == BUILDING:
                return None, f"That is {other}'s mouse. {self._hint(seat)}"
            return None, (f"That is {other}'s mouse. You push other mice only from TURN CRANK, once "
                          f"the trap is complete. {self._hint(seat)}")
        if kind in ("trap", "crank"):
            if phase == BUILDING:
                return BUILD_IT, ""
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
        if game.phase == BUILDING:
            return "Build the next part (press Build or click the trap), or press Do not build."
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

    def _prompt_for(self, seat, human) -> str:
        game = self.game
        if not human:
            what = {ROLLING: "to roll", BUILDING: "to build or not", CRANKING: "to push a mouse or turn the crank",
                    SPLITTING: "to split the cheese it takes"}[game.phase]
            return f"{_seat(seat)} ({self.seats[seat]} bot) is next, {what}: press Step or Autoplay."
        if game.phase == ROLLING:
            return f"{_seat(seat)}, your turn: press Roll or click the die."
        if game.phase == BUILDING:
            space = game.rules.spaces[game.positions[seat]]
            first = game.parts + 1
            last = min(game.parts + space.amount, game.rules.n_parts)
            which = f"part {first}" if first == last else f"parts {first}-{last}"
            return (f"{_seat(seat)}, you are on a build space: you may build {which} and take a cheese "
                    f"for each (press Build or click the trap), or press Do not build.")
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


__all__ = ["App", "describe_state"]

"""``md.App``: Mystery Date as a classroom app (ipywidgets + ipycanvas, shown by Voilà).

    from boardkit.games import mystery_date as md
    md.App()                                        # seat 1 human, three Collector bots
    md.App(n_players=4, seats=["Collector"] * 4, seed=3, show_bot_hands=False)

Everything every game's app shares (the controls, autoplay, the status line,
the choice buttons, keys, redrawing when a browser connects) is in
``boardkit.render.app.GameApp``; this module says only what is Mystery Date's:
the picture (``view_draw``), what a click on the canvas means (a card of her
hand to discard or give, a pile, an opponent's hand, the die, the door), the
hints and prompts, and how a roll and the door opening are animated.
"""
from __future__ import annotations

import ipywidgets as widgets

from boardkit.core.events import seat as _seat
from boardkit.render.app import GameApp

from . import bots as md_bots
from . import view_draw as vd
from .actions import Discard, Give, Roll, ShowOutfit, SwapWith, TakeFrom
from .events import DoorOpened
from .game import CHOOSING_OPPONENT, CHOOSING_PILE, DISCARDING, GIVING, ROLLING, SHOWING, Game
from .rules import DATES, DOOR, OUTCOME_NAMES, SPACE_LABELS, Rules

BOTS = {"Collector": md_bots.Collector, "Random": md_bots.Random}
DOOR_QUEUE_S = 2.0   # how long the door's animation may wait for a running one


def door_openings(game) -> list:
    """The ``DoorOpened`` events of ``game`` (every seat's), in the order the door was opened."""
    return [event for event in game.events or () if isinstance(event, DoorOpened)]


def _cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def _who(seat: int, names) -> str:
    """ "Player 1 (you)", "Player 2 (Collector bot)"."""
    name = names[seat]
    return f"{_seat(seat)} ({'you' if name == 'human' else name + ' bot'})"


def _turns(n: int) -> str:
    return f"{n} turn" + ("" if n == 1 else "s")


def _where(scene, seat: int) -> str:
    """The space a pawn stands on, as the board says it, and how far the next door is."""
    board, here = scene.board, scene.positions[seat]
    kind = board[here]
    if kind == DOOR:
        return "stands on OPEN THE DOOR"
    ahead = next((k for k in range(1, len(board) + 1) if board[(here + k) % len(board)] == DOOR), None)
    door = f", {ahead} space{'' if ahead == 1 else 's'} before the next door" if ahead else ""
    return f"stands on {SPACE_LABELS[kind]}{door}"


_DOING = {ROLLING: "to roll the die", DISCARDING: "to discard a card", GIVING: "to give a card in a swap",
          CHOOSING_PILE: "to choose a pile", CHOOSING_OPPONENT: "to choose whom to swap with",
          SHOWING: "to show an outfit and open the door"}


def describe_scene(scene: vd.Scene) -> list[str]:
    """The board of ``scene`` in short sentences (``App._describe_state``), for a screen reader and the back row.

    First whose turn it is (the canvas's accessible name), then the door if it
    stands open, the piles, and every seat as on the board: where her pawn
    stands, her cards (in full when they are face up, as a human's own hand
    always is; else only how many) and the dates she is ready for.
    """
    names = scene.names
    if scene.winner is not None:
        date = OUTCOME_NAMES.get(scene.door[2], "her") if scene.door else "her"
        first = f"Game over after {_turns(scene.turns)}: {_who(scene.winner, names)} wins the {date} date."
    elif scene.current is None:
        first = f"Game over after {_turns(scene.turns)}: no winner ({scene.end_reason})."
    else:
        turn = scene.turns + (scene.phase == ROLLING)
        first = f"Turn {turn}: {_who(scene.current, names)} is next, {_DOING[scene.phase]}."
    lines = [first]
    if scene.door is not None:
        player, colour, outcome = scene.door
        found = "the Dud" if outcome == "dud" else f"the {OUTCOME_NAMES[outcome]} date"
        lines.append(f"The door is open: {_seat(player)} showed the {colour} 1-2-3 and found {found}.")
    if scene.current is not None and scene.last_roll is not None and scene.phase != ROLLING:
        lines.append(f"{_seat(scene.current)} rolled {scene.last_roll}.")
    top = f", the {scene.discard_top} on top" if scene.discard_top is not None else ""
    lines.append(f"Draw pile: {_cards(scene.draw_count)}; discard pile: {_cards(scene.discard_count)}{top}.")
    for seat in range(scene.n_players):
        hand = scene.hands[seat]
        if not hand:
            held = "no cards"
        elif scene.face_up[seat]:
            held = f"{_cards(len(hand))}: " + ", ".join(str(card) for card in hand)
        else:
            held = f"{_cards(len(hand))}, face down"
        ready = scene.ready[seat]
        dates = (f"; ready for the {' and the '.join(DATES[c] for c in ready)}"
                 if ready and scene.face_up[seat] else "")
        lines.append(f"{_who(seat, names)} {_where(scene, seat)}; {held}{dates}.")
    return lines


class App(GameApp):
    """Mystery Date for the projector: the board, every hand, and the controls.

    Parameters: ``rules`` (``md.Rules``, default the rulebook), ``n_players``
    (2-4), ``seats`` (one of "human", "Collector", "Random" per seat; default
    seat 1 human, the others Collector), ``seed`` (None: a fresh game each
    time), ``autoplay_speed`` (decisions per second), ``show_bot_hands``
    (False: bots' cards face down).
    """

    PREFIX = "md"
    GAME_NAME = "Mystery Date"
    RULES = Rules
    GAME = Game
    ROLLING_PHASE = ROLLING
    BOTS = BOTS
    DEFAULT_BOT = "Collector"
    WIDTH, HEIGHT = vd.WIDTH, vd.HEIGHT
    NEW_GAME_WORD = "Deal"

    def __init__(self, rules: Rules | None = None, n_players: int = 4, seats=None, seed=None,
                 autoplay_speed: float = 2.0, show_bot_hands: bool = True, **kwargs):
        self._show_bot_hands = bool(show_bot_hands)   # the checkbox's first value (_extra_settings)
        self._past_openings: list = []                # the doors opened in the games before this one
        self.targets = ([], [])
        super().__init__(rules, n_players, seats, seed, autoplay_speed, **kwargs)

    def card_rect(self, seat: int, card) -> tuple | None:
        """Where ``card`` of ``seat``'s hand is drawn, as (x, y, w, h) (for tests and demos)."""
        cards, _ = vd.hit_targets(self.geometry, self._scene())
        rects = [t.rect for t in cards if t.seat == seat and t.card == card]
        return rects[-1] if rects else None

    @property
    def door_openings(self) -> list:
        """Every door opened in the games played in this App, oldest first: ``DoorOpened`` events
        (``player``, the ``colour`` of the outfit shown, the ``outcome`` behind the door).

        A lesson puts them at the start of its chart of the door's odds: the class's own openings
        first, then the computer's thousands.
        """
        return self._past_openings + door_openings(self.game)

    def _install(self, game, seed, news):
        previous = getattr(self, "game", None)
        if previous is not None and previous is not game:
            self._past_openings.extend(door_openings(previous))
        super()._install(game, seed, news)

    # --- the hooks of GameApp ----------------------------------------------------------------
    def _describe_state(self) -> list[str]:
        """The board in words (the text mirror under the status line): see :func:`describe_scene`."""
        return describe_scene(self._scene())

    def _extra_settings(self):
        self.show_hands = widgets.Checkbox(
            value=self._show_bot_hands, description="Show bot hands", indent=False,
            layout=widgets.Layout(width="auto", margin="10px 4px"),
            tooltip="Show the bots' cards face up (a teaching view) or as card backs")
        self.show_hands.observe(self._guard(lambda change: self.refresh()), names="value")
        return [self.show_hands]

    def _layout_for(self, rules):
        return vd.Layout.for_board(len(rules.board))

    def _scene(self):
        names = [d.value for d in self.seat_inputs[:self.game.n_players]]
        return vd.snapshot(self.game, names, show_bot_hands=self.show_hands.value)

    def _draw_board(self, layer, scene):
        vd.draw_board(layer, self.geometry, scene.board)

    def _draw_pieces(self, layer, scene):
        vd.draw_scene(layer, self.geometry, scene)

    def _target_at(self, x, y):
        return vd.target_at(self.geometry, self._scene(), x, y)

    def _new_game_news(self, game, seed):
        top = game.discard_pile.top
        return [f"New game: {game.n_players} players, seed {seed}. Each is dealt "
                f"{self.rules.deal_size} cards; the discard pile starts with the {top}."]

    def _win_text(self):
        date = DATES.get(self.game.won_date, "her")
        return f"{_seat(self.game.winner)} wins: ready for the {date} date!"

    def _may_queue_s(self, action):
        # a roll is just drawn after a running animation; a door opening may wait a little
        return DOOR_QUEUE_S if isinstance(action, ShowOutfit) else super()._may_queue_s(action)

    def _longest_animation_s(self):
        return vd.door_duration()

    def _animate_action(self, action, seat, before, after, start_positions, new_events, scale):
        """A roll: the die tumbles and the pawn glides; showing an outfit: the door swings open."""
        if isinstance(action, Roll):
            value = self.game.last_roll
            start = start_positions[seat]
            self._animate(lambda: vd.animate_roll(self.canvas[1], self.canvas[2], self.geometry, before,
                                                  after, seat, start, value, scale),
                          vd.roll_duration(value, scale))
            return True
        if isinstance(action, ShowOutfit) and after.door is not None:
            _, colour, outcome = after.door
            self._animate(lambda: vd.animate_door(self.canvas[1], self.canvas[2], self.geometry, before,
                                                  after, colour, outcome, scale),
                          vd.door_duration(scale))
            return True
        return False

    def _action_for(self, target, seat):
        """The action a click on ``target`` (not None) means for the human ``seat``, or (None, why not)."""
        game, phase = self.game, self.game.phase
        legal = game.legal_actions()
        you = _seat(seat)
        kind = target.kind
        if kind == "card" and target.seat != seat:
            if phase == CHOOSING_OPPONENT and SwapWith(target.seat) in legal:
                return SwapWith(target.seat), ""
            return None, (f"That card belongs to {_seat(target.seat)}; you can only use your own cards. "
                          + self._hint(seat))
        if kind == "panel" and target.seat != seat:
            if phase == CHOOSING_OPPONENT:
                if SwapWith(target.seat) in legal:
                    return SwapWith(target.seat), ""
                return None, f"{_seat(target.seat)} holds no cards, so you can't swap with her."
            return None, f"That is {_seat(target.seat)}'s hand. " + self._hint(seat)
        if kind == "card":
            card = target.card
            if phase == DISCARDING:
                return Discard(card), ""
            if phase == GIVING:
                return Give(card), ""
            if phase == SHOWING:
                if ShowOutfit(card.colour) in legal:
                    return ShowOutfit(card.colour), ""
                return None, f"You have no full {card.colour} 1-2-3 outfit to show. " + self._hint(seat)
            if phase == ROLLING:
                return None, ("Cards are not played now: you can only discard or give a card after "
                              "landing on a TAKE or SWAP space. First roll the die.")
            return None, f"A card can't be chosen now. {self._hint(seat)}"
        if kind == "pile":
            if phase == CHOOSING_PILE:
                if TakeFrom(target.pile) in legal:
                    return TakeFrom(target.pile), ""
                return None, f"The {target.pile} pile is empty; take from the other one."
            return None, (f"You take from the piles only on the spaces that say so. {self._hint(seat)}")
        if kind == "die":
            if phase == ROLLING:
                return Roll(), ""
            return None, f"You have already rolled this turn. {self._hint(seat)}"
        if kind == "door":
            if phase == SHOWING and len(legal) == 1:
                return legal[0], ""
            if phase == SHOWING:
                return None, "You are ready for two dates: click a card of the outfit you show, or use the buttons."
            return None, ("The door opens only when you stop on OPEN THE DOOR with a 1-2-3 of one colour. "
                          + self._hint(seat))
        return None, f"{you}: " + self._hint(seat)

    def _hint(self, seat) -> str:
        return {
            ROLLING: "Roll the die: press Roll or click the die.",
            DISCARDING: f"Click a card of your hand to discard (down to {self.rules.hand_limit}).",
            GIVING: f"Click the card of your hand you give to {_seat(self.game.swap_with or 0)}.",
            CHOOSING_PILE: "Click the draw pile or the discard pile.",
            CHOOSING_OPPONENT: "Click the hand of the player you swap with.",
            SHOWING: "Click a card of the outfit you show, or the door.",
        }.get(self.game.phase, "")

    def _prompt_for(self, seat, human) -> str:
        game = self.game
        space = SPACE_LABELS[game.space_of(seat)]
        if not human:
            what = {ROLLING: "to roll", DISCARDING: "to discard", GIVING: "to give a card",
                    CHOOSING_PILE: "to choose a pile", CHOOSING_OPPONENT: "to choose whom to swap with",
                    SHOWING: "to open the door"}[game.phase]
            return f"{_seat(seat)} ({self.seats[seat]} bot) is next, {what}: press Step or Autoplay."
        if game.phase == ROLLING:
            return f"{_seat(seat)}, your turn: press Roll or click the die."
        if game.phase == DISCARDING:
            n = len(game.hands[seat])
            return (f"{_seat(seat)}, you hold {n} cards: discard down to {self.rules.hand_limit}. "
                    "Click a card or a button.")
        if game.phase == GIVING:
            return (f"{_seat(seat)}, {space}: give one card to {_seat(game.swap_with)} face down, then "
                    "you draw one of hers blind. Click the card you give.")
        if game.phase == CHOOSING_PILE:
            return (f"{_seat(seat)}, {space}: click the draw pile (a blind card) or the discard pile "
                    f"(the {game.discard_pile.top}).")
        if game.phase == CHOOSING_OPPONENT:
            return f"{_seat(seat)}, {space}: click the hand of the player you swap with."
        dates = " or ".join(DATES[c] for c in game.ready(seat))
        return (f"{_seat(seat)}, you are READY for {dates} on OPEN THE DOOR: show the outfit and "
                "open the door (click it).")


__all__ = ["App", "describe_scene", "door_openings"]

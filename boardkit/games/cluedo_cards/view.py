"""``cc.App``: the Cluedo Card Game as a classroom app (ipywidgets + ipycanvas, shown by Voilà).

    from boardkit.games import cluedo_cards as cc
    cc.App()                                              # seat 1 human, three Shedder bots
    cc.App(n_players=3, seats=["Shedder", "Revolverist", "Random"], seed=4)   # bots, hands face up

Everything every game's app shares (the controls, autoplay, the status line,
the choice buttons, keys, redrawing when a browser connects) is in
``boardkit.render.app.GameApp``; this module says only what is the Cluedo
Card Game's: the table (``view_scene`` copies it out of the game,
``view_draw`` and ``view_cards`` draw it), what a click means, the hints and
prompts, and the slide of a card to the discard pile or from the draw pile.

A human plays by clicking: a raised card of her hand to play it, the draw
pile when nothing matches, a rival's hand after a Dagger (who misses a turn)
or a Revolver (whom to swap hands with).  The same decisions are buttons too
(keys 1-9).  A click that is not allowed says why and changes nothing.

There is no die: the Step button (keys R, S, Space, Enter) lets a bot make
its decision; on a human's turn it explains what to click instead.
"""
from __future__ import annotations

import ipywidgets as widgets

from boardkit.core.events import seat as _seat
from boardkit.render.app import GameApp, canvas_text_scale

from . import analysis as cc_analysis
from . import bots as cc_bots
from . import events as ev
from . import view_cards as vc
from . import view_draw as vd
from . import view_scene as vs
from .actions import Draw, Pass, Play, Skip, SkipNobody, SwapWith
from .game import PLAYING, SKIPPING, SWAPPING, Game
from .rules import Rules

BOTS = {"Shedder": cc_bots.Shedder, "Revolverist": cc_bots.Revolverist, "Random": cc_bots.Random}


def _name(card) -> str:
    """ "the Dagger 3"."""
    return f"the {vd.card_name(card)}"


def _what_matches(top) -> str:
    """ "a Dagger or a 3": what may go on ``top``."""
    return f"a {vc.title(top.picture)} or a {top.number}"


def _points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


def condensed_news(events) -> list[str]:
    """The status line's news for ``events``: a round's end and the next deal in a few sentences.

    Each event is one sentence, except the miniatures turned over (one sentence
    for all) and the deal of a new round (one sentence), so that the end of a
    round fits the status line.  The game log keeps every event's own sentence.
    """
    lines, revealed, deal = [], [], None
    for e in events:
        if isinstance(e, ev.Revealed):
            revealed.append(f"{_seat(e.player)}: {ev.picture_name(e.picture)} ({e.penalty})"
                            + (f", loses {_points(e.lost)}" if e.lost else ""))
            continue
        if revealed:
            lines.append("Miniatures turned over: " + "; ".join(revealed) + ".")
            revealed = []
        if isinstance(e, ev.RoundStarted):
            deal = [e.number, e.player, 0]
        elif isinstance(e, ev.Dealt) and deal is not None:
            deal[2] = len(e.cards)
        elif isinstance(e, ev.DiscardStarted) and deal is not None:
            lines.append(f"Round {deal[0]}: {_seat(deal[1])} starts; everyone takes a new miniature face down "
                         f"and {deal[2]} cards, and the {e.card} starts the discard pile.")
            deal = None
        elif not isinstance(e, ev.MiniatureTaken) and deal is None:
            lines.append(e.describe())
    if revealed:
        lines.append("Miniatures turned over: " + "; ".join(revealed) + ".")
    return lines


def _cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def _who(seat: int, names) -> str:
    """ "Player 1 (you)", "Player 2 (Shedder bot)"."""
    name = names[seat]
    return f"{_seat(seat)} ({'you' if name == vs.HUMAN else name + ' bot'})"


def describe_scene(scene: vs.Scene, names) -> list[str]:
    """The table of ``scene`` in short sentences (``App._describe_state``); ``names`` per seat: "human" or a bot.

    Seats are numbered 1, 2, ... as on the table; cards are written as on the
    table ("Dagger 3").  A hand face down is told only by its size.
    """
    if scene.winner is not None:
        first = f"Game over: {_who(scene.winner, names)} wins with {_points(scene.scores[scene.winner])}."
    elif scene.current is None:
        first = f"Game over: no winner ({scene.end_reason})."
    else:
        seat = scene.current
        doing = {"play": "to play", "choose skip": "to choose who misses a turn (Dagger)",
                 "choose swap": "to choose whom to swap hands with (Revolver)"}.get(scene.phase, "to play")
        who = "you" if names[seat] == vs.HUMAN else f"{names[seat]} bot"
        first = (f"Round {scene.round}: {_seat(seat)}'s turn ({who}) {doing}; "
                 f"the top card of the discard pile is the {vd.card_name(scene.top)}.")
    lines = [first]
    if scene.current is not None:
        if scene.human_turn and scene.phase == "play":
            fits = sorted(scene.playable[scene.current], key=lambda c: scene.hands[scene.current].index(c))
            if fits:
                lines.append(f"You may play {_what_matches(scene.top)}: "
                             + ", ".join(vd.card_name(c) for c in fits) + ".")
            elif scene.must_pass:
                lines.append("Nothing in your hand matches and the draw pile is empty: you pass.")
            else:
                lines.append("Nothing in your hand matches: you draw a card.")
        lines.append(f"Draw pile: {_cards(scene.draw_count)}; discard pile: {_cards(scene.discard_count)}.")
    for seat in range(scene.n_players):
        hand = scene.hands[seat]
        if not hand:
            held = "no cards"
        elif scene.face_up[seat]:
            held = f"{_cards(len(hand))}: " + ", ".join(vd.card_name(c) for c in hand)
        else:
            held = f"{_cards(len(hand))}, face down"
        missing = scene.missing[seat]
        misses = f"; misses the next {'turn' if missing == 1 else f'{missing} turns'}" if missing else ""
        lines.append(f"{_who(seat, names)}: {held}; {_points(scene.scores[seat])}{misses}.")
    if scene.winner is None and scene.current is not None:
        lines.append(f"First to {scene.target} points wins.")
    return lines


class App(GameApp):
    """The Cluedo Card Game for the projector: the table, the score sheet, the miniatures, the controls.

    Parameters: ``rules`` (``cc.Rules``, default the rulebook), ``n_players``
    (2-4), ``seats`` (one of "human", "Shedder", "Revolverist", "Random" per
    seat; default seat 1 human, the others Shedder), ``seed`` (None: a fresh
    game each time), ``autoplay_speed`` (decisions per second),
    ``show_all_hands`` (True: every hand face up, a teaching view; False: only
    the human's at the bottom; None, the default: face up when every seat is
    a bot, so a class watching bots sees what they hold).
    """

    PREFIX = "cc"
    GAME_NAME = "Cluedo Card Game"
    RULES = Rules
    GAME = Game
    ROLLING_PHASE = None          # no die: no decision is a roll
    BOTS = BOTS
    DEFAULT_BOT = "Shedder"
    WIDTH, HEIGHT = vd.WIDTH, vd.HEIGHT
    NEW_GAME_WORD = "Deal"

    def __init__(self, rules: Rules | None = None, n_players: int = 4, seats=None, seed=None,
                 autoplay_speed: float = 2.0, show_all_hands: bool | None = None, **kwargs):
        if show_all_hands is not None and not isinstance(show_all_hands, bool):
            raise ValueError(f"show_all_hands must be True, False or None (face up when every seat is a bot), "
                             f"got {show_all_hands!r}")
        self._show_all_hands = show_all_hands     # the checkbox's first value (_extra_settings)
        self._past_deals: list = []               # deals_stuck of the games before this one
        super().__init__(rules, n_players, seats, seed, autoplay_speed, **kwargs)
        self.roll_button.icon = "step-forward"

    # --- for tests and demos ------------------------------------------------------------------
    def scene(self) -> vs.Scene:
        """What the table shows now (a ``view_scene.Scene``)."""
        return self._scene()

    def card_rect(self, seat: int, card) -> tuple | None:
        """Where ``card`` of ``seat``'s hand is drawn, as (x, y, w, h), or None."""
        return vd.card_rect(self.geometry, self._scene(), seat, card)

    def seat_rect(self, seat: int) -> tuple:
        """Where ``seat``'s panel is drawn (the bottom hand's, or a rival's), as (x, y, w, h)."""
        return vd.seat_panel(self._scene(), seat, self.geometry)

    @property
    def deals_stuck(self) -> list[bool]:
        """Every hand dealt in the games of this App, oldest first: True if it held no card for the
        card turned up (``analysis.deals_stuck``).

        A lesson starts its chart of the stuck chance with these: the student's own deals first,
        then the computer's thousands of shuffles.
        """
        return self._past_deals + cc_analysis.deals_stuck(self.game.events)

    def _install(self, game, seed, news):
        previous = getattr(self, "game", None)
        if previous is not None and previous is not game:
            self._past_deals.extend(cc_analysis.deals_stuck(previous.events))
        super()._install(game, seed, news)

    # --- the hooks of GameApp ----------------------------------------------------------------
    def _extra_settings(self):
        value = self._show_all_hands
        if value is None:
            value = all(d.value != "human" for d in self.seat_inputs[:self.players_input.value])
        self.show_hands = widgets.Checkbox(
            value=value, description="Show all hands", indent=False,
            layout=widgets.Layout(width="auto", margin="10px 4px"),
            tooltip="Every hand face up (a teaching view), or only the human's hand at the bottom")
        self.show_hands.observe(self._guard(lambda change: self.refresh()), names="value")
        return [self.show_hands]

    def _layout_for(self, rules):
        return vd.Layout.for_rules(rules)

    def _scene(self):
        names = [d.value for d in self.seat_inputs[:self.game.n_players]]
        return vs.snapshot(self.game, names, show_all_hands=self.show_hands.value, text_scale=canvas_text_scale())

    def _draw_board(self, layer, scene):
        vd.draw_board(layer, self.geometry, scene.powers, scene.text_scale)

    def _draw_pieces(self, layer, scene):
        vd.draw_scene(layer, self.geometry, scene)

    def _target_at(self, x, y):
        return vd.target_at(self.geometry, self._scene(), x, y)

    def _piece_positions(self, game):
        return [len(hand) for hand in game.hands]      # no pawns: the hand sizes

    def _new_game_news(self, game, seed):
        return [f"New game: {game.n_players} players, seed {seed}, first to {game.rules.target} points. "
                f"Round 1: everyone takes a miniature face down and {game.rules.hand_size} cards; the "
                f"{game.top} starts the discard pile."]

    def _loaded_news(self, game):
        return [f"Game loaded: {game.n_players} players, round {game.round}, turn {game.turns}."]

    def _win_text(self):
        game = self.game
        return f"{_seat(game.winner)} wins the game with {_points(game.scores[game.winner])}!"

    def _turn_number(self) -> int:
        """A turn is counted when its card is played or drawn; choosing whom a Dagger or
        a Revolver hits comes after, in the same turn."""
        game = self.game
        return game.turns + (not game.is_over and game.phase == PLAYING)

    def _status_extra(self):
        return f" \u00b7 round {self.game.round} \u00b7 first to {_points(self.game.rules.target)} wins"

    def _choices_for(self, seat):
        """Every legal action; cards in the order the hand is drawn, so key 1 is the leftmost raised card."""
        key = vs.hand_order(self.game.rules)
        return sorted(self.game.legal_actions(), key=lambda a: key(a.card) if isinstance(a, Play) else (0, 0))

    def _choice_label(self, action):
        if isinstance(action, Play):
            return f"play {_name(action.card)}"
        if isinstance(action, Draw):
            return "draw a card"
        if isinstance(action, Pass):
            return "pass (nothing to draw)"
        if isinstance(action, SkipNobody):
            return "nobody misses a turn"
        glyph = vd.player_glyph(action.player)
        if isinstance(action, Skip):
            return f"{glyph} {_seat(action.player)} misses a turn"
        return f"swap hands with {glyph} {_seat(action.player)}"

    def _choice_classes(self, action):
        return [f"cc-{action.kind.replace(' ', '-')}"]

    def _longest_animation_s(self):
        return vd.slide_duration()

    def _animate_action(self, action, seat, before, after, start_positions, new_events, scale):
        """A card played slides to the discard pile; a card drawn slides from the draw pile."""
        g = self.geometry
        if isinstance(action, Play):
            start = vd.card_rect(g, before, seat, action.card)
            if start is None:
                return False
            start = vd.slide_rect(start)                 # a rival's name tag: a small card over it
            index = max(i for i, c in enumerate(before.hands[seat]) if c == action.card)
            build = lambda: vd.animate_slide(self.canvas[1], self.canvas[2], g, before, after, start,  # noqa: E731
                                             g.discard_rect, card=action.card, hidden=(seat, index), scale=scale)
        elif isinstance(action, Draw):
            drew = next((e for e in new_events if isinstance(e, ev.Drew)), None)
            end = None if drew is None else vd.card_rect(g, after, seat, drew.card)
            if end is None:                              # not shown ("+2 more"): to the middle of the panel
                x, y, w, h = vd.seat_panel(after, seat, g)
                end = (x + w / 2, y + h / 2, 0, 0)
            end = vd.slide_rect(end)
            build = lambda: vd.animate_slide(self.canvas[1], self.canvas[2], g, before, after,  # noqa: E731
                                             g.draw_rect, end, scale=scale)
        else:
            return False
        self._animate(build, vd.slide_duration(scale))
        return True

    def _action_for(self, target, seat):
        """The action a click on ``target`` (not None) means for the human ``seat``, or (None, why not)."""
        game = self.game
        legal = game.legal_actions()
        phase, top = game.phase, game.top
        kind = target.kind
        if phase in (SKIPPING, SWAPPING):
            wanted = Skip if phase == SKIPPING else SwapWith
            if kind in ("card", "seat", "hand") and target.seat is not None and target.seat != seat:
                return wanted(target.seat), ""
            if target.seat == seat:
                what = "miss a turn" if phase == SKIPPING else "swap hands with yourself"
                return None, f"You can't make yourself {what}. " + self._hint(seat)
            return None, "First finish your action card. " + self._hint(seat)
        # Playing: a card of her own hand, or the draw pile.
        if kind in ("card", "seat", "hand") and target.seat != seat:
            return None, (f"That is {_seat(target.seat)}'s hand: you play from your own hand, at the bottom. "
                          + self._hint(seat))
        playable = game.playable(seat)
        if kind == "card":
            if Play(target.card) in legal:
                return Play(target.card), ""
            if playable:
                shown = ", ".join(_name(c) for c in playable)
                return None, (f"The {vd.card_name(target.card)} doesn't match {_name(top)}: play "
                              f"{_what_matches(top)}. You can play {shown}.")
            return None, (f"The {vd.card_name(target.card)} doesn't match {_name(top)}, and nothing in your "
                          "hand does. " + self._hint(seat))
        if kind == "draw":
            if legal[0] in (Draw(), Pass()):
                return legal[0], ""
            return None, (f"You can play, so you must: you draw only when no card matches {_name(top)}. "
                          + self._hint(seat))
        if kind == "discard":
            return None, "The discard pile takes a card from your hand. " + self._hint(seat)
        return None, self._hint(seat)

    def _hint(self, seat) -> str:
        game = self.game
        if game.is_over:
            return ""
        top = game.top
        if game.phase == SKIPPING:
            return ("Click the hand of the rival who must miss a turn (or a button below), "
                    "or choose 'nobody misses a turn'.")
        if game.phase == SWAPPING:
            return "Click the hand of the rival you swap hands with (or a button below)."
        if game.playable(seat):
            return f"Click a raised card of your hand ({_what_matches(top)}), or its button below."
        if isinstance(game.legal_actions()[0], Pass):
            return f"Nothing matches {_name(top)} and there is no card to draw: click the draw pile to pass."
        return f"Nothing in your hand matches {_name(top)}: click the draw pile to draw a card."

    def _prompt_for(self, seat, human) -> str:
        game = self.game
        top = game.top
        if not human:
            what = {PLAYING: f"to play on {_name(top)}", SKIPPING: "to choose who misses a turn",
                    SWAPPING: "to choose whom to swap hands with"}[game.phase]
            return f"{_seat(seat)} ({self.seats[seat]} bot) is next, {what}: press Step or Autoplay."
        if game.phase == SKIPPING:
            return (f"{_seat(seat)}, your Dagger: click the rival who must miss a turn, "
                    "or the button 'nobody misses a turn'.")
        if game.phase == SWAPPING:
            return f"{_seat(seat)}, your Revolver: click the rival you swap whole hands with."
        if game.playable(seat):
            return (f"{_seat(seat)}, your turn: play {_what_matches(top)} on {_name(top)}. "
                    "Click a raised card.")
        if isinstance(game.legal_actions()[0], Pass):
            return f"{_seat(seat)}, nothing matches {_name(top)} and the draw pile is empty: click it to pass."
        return f"{_seat(seat)}, nothing matches {_name(top)}: click the draw pile to draw a card."

    def _describe_state(self) -> list[str]:
        """The table in words, for a screen reader and the back row (the text mirror under the status).

        First whose turn it is and the top card (the canvas's accessible name),
        then the piles, then every seat as on the table: its hand (in full when
        it is face up, as the human's own hand is; else only how many cards),
        its points and the turns it must still miss; last the score to reach.
        """
        return describe_scene(self._scene(), self.seats)

    # --- what differs from a dice game ----------------------------------------------------------
    def _roll_label(self) -> str:
        return "Game over" if self.game.is_over else "Step"

    def step(self):
        """One decision for a bot seat.  On a human's turn nothing happens: the status says what to click."""
        with self._lock:
            game = self.game
            if not game.is_over and self.is_human(game.current_player):
                seat = game.current_player
                self._update(notice=f"{_seat(seat)} is a human seat and decides by clicking. " + self._hint(seat))
                return None
            return super().step()

    def _update(self, news=None, notice=None, draw=True):
        """As GameApp's, but the end of a round (up to 17 events) is told in a few sentences."""
        game = self.game
        events = game.events or []
        new = events[self._seen:]
        if any(isinstance(e, (ev.Revealed, ev.RoundStarted)) for e in new):
            self._log_lines.extend(e.describe() for e in new)      # the log keeps every event
            self._seen = len(events)
            news = list(news or []) + condensed_news(new)
        super()._update(news, notice, draw)


__all__ = ["App", "condensed_news", "describe_scene"]

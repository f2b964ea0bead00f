"""``pv.App``: Philo Vance as a classroom app (ipywidgets + ipycanvas, shown by Voilà).

    from boardkit.games import philo_vance as pv
    pv.App()                                              # seat 1 human, three Detective bots
    pv.App(n_players=6, seats=["Detective"] * 6, seed=4)
    pv.App(pv.Rules.children_game(), n_players=3)

Everything every game's app shares (the controls, autoplay, the status line,
the choice buttons, keys, redrawing when a browser connects) is in
``boardkit.render.app.GameApp``; this module says only what is Philo Vance's:
the picture (``view_board`` for the estate, ``view_draw`` for the pieces and
what changes, ``view_court`` for the court cards, ``view_grid`` for the
knowledge grid, under the controls), what a click means, the hints and
prompts, and how a throw and a move are animated.

A human answers by clicking: the dice to throw; a highlighted space to move
to, to bump a piece to (the Radio Car panel from X) or to push the line on
to; a juror of his court card to keep a drawn clue there, to turn a clue up
or to name it in an arrest; a juror of the bumped player's card to turn it
down; a rival's clue to demand it; the discard pile to discard or claim; the
clue pile to draw.  Arresting, convicting, passing, sparing and the
children's choice of card are buttons.

The knowledge grid shows what the whole table has learned: the prior from
the clue texts, updated with every verdict called aloud (``game.verdicts``)
and with the confirmation cards a human seat has seen (its own, after a
failed conviction; every card in the children's game, where they lie face
up).  It is recomputed from the game's state, so a loaded game shows it too.
"""
from __future__ import annotations

import ipywidgets as widgets

from boardkit.core.events import seat as _seat
from boardkit.render import ReadableBoard, counted
from boardkit.render.app import GameApp

from . import analysis
from . import bots as pv_bots
from . import view_board as vb
from . import view_court as vc
from . import view_draw as vd
from . import view_grid as vg
from .actions import (CLAIM, DISCARD, DRAW, LEAVE_PHILO_VANCE, QUEUE, ROLL, Arrest, Bump, Claim, Convict, Demand,
                      Discard, Draw, Keep, LeaveDown, LeavePhiloVance, Move, Name, NoBump, NoDraw, Pass, Pick, PushOn,
                      Roll, Spare, TurnDown, TurnUp)
from .components import CLUES, SUSPECTS
from .game import (BEFORE_ROLL, BUMPING, CLAIMING, DEMANDING, DRAWING, KEEPING, MOVING, NAMING, PICKING,
                   PUSHING_ON, TURNING_DOWN, TURNING_UP, Game)
from .rules import PHILO_VANCE, Rules

BOTS = {"Detective": pv_bots.Detective, "Random": pv_bots.Random}


def _clue(clue: int) -> str:
    return f"'{CLUES[clue].text}'"


def _piece(piece: int, mover: int | None = None) -> str:
    if piece == PHILO_VANCE:
        return "Philo Vance"
    return "your detective" if piece == mover else f"{_seat(piece)}'s detective"


class App(ReadableBoard, GameApp):
    """Philo Vance for the projector: the estate and its pieces, the dice, every
    player's court card with its 12 jurors, the Judge and Philo Vance; under the
    controls, the knowledge grid of what the table has learned.

    Parameters: ``rules`` (``pv.Rules()``, ``pv.Rules.expert()`` or
    ``pv.Rules.children_game()``), ``n_players`` (2-6), ``seats`` (one of
    "human", "Detective", "Random" per seat; default seat 1 human, the others
    Detective), ``seed`` (None: a fresh game each time), ``autoplay_speed``
    (decisions per second).
    """

    PREFIX = "pv"
    GAME_NAME = "Philo Vance"
    RULES = Rules
    GAME = Game
    ROLLING_PHASE = BEFORE_ROLL
    BOTS = BOTS
    DEFAULT_BOT = "Detective"
    WIDTH, HEIGHT = vb.WIDTH, vb.HEIGHT
    NEW_GAME_WORD = "Start"
    MAX_SEATS = 6
    #: the status line (three lines, often four), the choices, the controls and the settings (seven menus)
    BESIDE_BOARD_PX = 340
    SMALLEST_WORD_PX = vb.TEXT_PX         # its canvas is shown 1,120 px wide at least (ReadableBoard)

    def __init__(self, rules: Rules | None = None, n_players: int = 4, seats=None, seed=None,
                 autoplay_speed: float = 2.0, **kwargs):
        self.knowledge = None             # an analysis.KnowledgeGrid: what the table has learned
        self._known = None                # (game, verdicts heard, cards seen) the grid holds
        self.bump_piece = None            # the piece a human clicked to bump (several stood there)
        self.moves_animated = 0           # how many glides were sent to the browser
        # the knowledge grid: page text (it grows with Large type), under the settings, read with the board in words
        self.knowledge_view = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.knowledge_view.add_class("boardkit-pv-grid")
        self.knowledge_view.add_class("boardkit-reading")
        super().__init__(rules, n_players, seats, seed, autoplay_speed, **kwargs)
        at = self.children.index(self.mirror)
        self.children = (*self.children[:at], self.knowledge_view, *self.children[at:])

    # --- the knowledge grid -------------------------------------------------------------------
    def _cards_seen(self, game) -> tuple:
        """The suspects whose confirmation card the table (a human seat) has seen face up."""
        if game.rules.children:
            return tuple(sorted({s for s in game.suspect if s is not None}))
        return tuple(sorted({game.suspect[p] for p in range(game.n_players)
                             if self.is_human(p) and game.needs_more[p] and game.suspect[p] is not None}))

    def update_knowledge(self):
        """Bring ``self.knowledge`` up to date with the game's verdicts and the cards seen; return it.

        New verdicts are added one by one; a different game (or fewer verdicts,
        or other cards seen) starts again from the prior.
        """
        game, seen = self.game, self._cards_seen(self.game)
        known, verdicts = self._known, game.verdicts
        fresh = known is None or known[0] is not game or known[1] > len(verdicts) or known[2] != seen
        if not fresh and known[1] == len(verdicts):
            return self.knowledge
        if fresh:
            self.knowledge = analysis.KnowledgeGrid.from_prior(card_size=len(game.rules.cards[0]))
        need = game.rules.declare_correct
        for _, suspect, named, successful in verdicts[0 if fresh else known[1]:]:
            self.knowledge.on_declaration(suspect, named, successful, need=need)
        for suspect in seen:                  # a card seen face up: its row is known exactly
            self.knowledge.on_card_seen(suspect, game.rules.cards[suspect])
        self._known = (game, len(verdicts), seen)
        return self.knowledge

    # --- the hooks of GameApp ----------------------------------------------------------------
    def _layout_for(self, rules):
        return vb.Layout.for_rules(rules)

    def _set_mirror(self, lines):
        """The board in words, and the knowledge grid with it (both tell of the board as drawn)."""
        super()._set_mirror(lines)
        game = self.game
        marks = {}
        for seat in range(game.n_players):
            if game.suspect[seat] is not None and not game.retired[seat]:
                marks.setdefault(game.suspect[seat], []).append(seat)
        self.knowledge_view.value = vg.knowledge_html(self.update_knowledge().beliefs, marks)

    def _scene(self):
        names = [d.value for d in self.seat_inputs[:self.game.n_players]]
        beliefs = self.update_knowledge().beliefs
        bump = self.bump_piece if self.game.phase == BUMPING else None
        return vd.snapshot(self.game, names, beliefs, bump)

    def _draw_board(self, layer, scene):
        vb.draw_board(layer, self.geometry, self.rules.estate)

    def _draw_pieces(self, layer, scene):
        vd.draw_scene(layer, self.geometry, scene)

    def _target_at(self, x, y):
        return vd.target_at(self.geometry, self._scene(), x, y)

    def _piece_positions(self, game):
        return dict(game.position)

    def _apply(self, action):
        self.bump_piece = None
        return super()._apply(action)

    def _new_game_news(self, game, seed):
        n = game.n_players
        if game.rules.children:
            return [f"New game (children's): {n} players, seed {seed}. Each picks a confirmation card, then "
                    f"collects clues on spots, arrows and X: {game.rules.children_win} of the card's clues win."]
        return [f"New game: {n} players, seed {seed}. The detectives wait on Park Here; the first to reach X "
                "lays 12 clues on the jurors of his court card."]

    def _loaded_news(self, game):
        return [f"Game loaded: {game.n_players} players, turn {game.turns}, "
                f"{len(game.verdicts)} arrests heard so far."]

    def _win_text(self):
        game = self.game
        return f"{_seat(game.winner)} convicts {SUSPECTS[game.suspect[game.winner]].name} and wins!"

    def _status_extra(self):
        game = self.game
        return f" \u00b7 clue pile: {counted(len(game.pile), 'card')} \u00b7 arrests so far: {len(game.verdicts)}"

    def _choices_for(self, seat):
        legal = self.game.legal_actions()
        if self.game.phase == BEFORE_ROLL:
            return [a for a in legal if not isinstance(a, Roll)]
        return list(legal)

    def _choice_label(self, action):
        game = self.game
        board = game.board
        if isinstance(action, Arrest):
            return f"Arrest {SUSPECTS[action.suspect].name}"
        if isinstance(action, Convict):
            return f"Convict {SUSPECTS[game.suspect[game.current_player]].name}"
        if isinstance(action, Name):
            return f"Name {_clue(action.clue)}"
        if isinstance(action, TurnUp):
            return f"Turn up juror {action.juror}"
        if isinstance(action, LeaveDown):
            return "Leave them face down" if game.white == game.coloured else "Leave it face down"
        if isinstance(action, LeavePhiloVance):
            return "Leave Philo Vance where he is"
        if isinstance(action, NoDraw):
            return "Do not draw"
        if isinstance(action, Move):
            return f"Move to {board.spaces[action.space].name}"
        if isinstance(action, Bump):
            where = "the Radio Car queue" if action.to == QUEUE else board.spaces[action.to].name
            return f"Bump {_piece(action.piece)} to {where}"
        if isinstance(action, NoBump):
            return "Do not bump"
        if isinstance(action, PushOn):
            return f"Push on to {board.spaces[action.space].name}"
        if isinstance(action, TurnDown):
            clue = game.court[game.victim][action.juror - 1]
            return f"Turn down juror {action.juror} ({vc.clue_label(clue)})"
        if isinstance(action, Spare):
            return "Turn no clue down"
        if isinstance(action, Keep):
            places = game.hand[game.current_player] if game.rules.children else game.court[game.current_player]
            old = places[action.slot - 1] if action.slot - 1 < len(places) else None
            gone = "" if old is None else f" (discard {vc.clue_label(old)})"
            return f"Keep on {'place' if game.rules.children else 'juror'} {action.slot}{gone}"
        if isinstance(action, Discard):
            return f"Discard {_clue(game.drawn)}"
        if isinstance(action, Claim):
            return f"Claim {_clue(game.claim_offer[0])}"
        if isinstance(action, Pass):
            return "Pass (do not claim)"
        if isinstance(action, Demand):
            return f"Demand {_clue(action.clue)}"
        if isinstance(action, Draw):
            return "Draw from the clue pile"
        if isinstance(action, Pick):
            return f"Play for {SUSPECTS[action.suspect].name}"
        return str(action)

    def _quiet_news(self, seat, action):
        if isinstance(action, Pass):
            return f"{_seat(seat)} does not claim the discard."
        if isinstance(action, NoBump):
            return f"{_seat(seat)} does not bump."
        if isinstance(action, Spare):
            return f"{_seat(seat)} turns no clue down."
        if isinstance(action, Arrest):
            return f"{_seat(seat)}: \"I arrest {SUSPECTS[action.suspect].name} on suspicion\" and names the clues."
        if isinstance(action, Name):
            return f"{_seat(seat)} names {_clue(action.clue)}."
        return super()._quiet_news(seat, action)

    def _choice_classes(self, action):
        return ["pv-" + type(action).__name__.lower()]

    def _longest_animation_s(self):
        return vd.glide_duration(12)

    def _animate_action(self, action, seat, before, after, start_positions, new_events, scale):
        """A throw: both dice tumble; a move, a bump, a green arrow: the pieces glide."""
        if isinstance(action, Roll) and after.white is not None:
            self._animate(lambda: vd.animate_throw(self.canvas[1], self.canvas[2], self.geometry, before, after,
                                                   scale), vd.throw_duration(scale))
            return True
        routes = vd.routes_of(self.game.board, before, new_events)
        if not routes:
            return False
        spaces = sum(len(route) - 1 for _, route in routes)
        self._animate(lambda: vd.animate_moves(self.canvas[1], self.canvas[2], self.geometry, before, after,
                                               routes, scale), vd.glide_duration(spaces + len(routes), scale))
        self.moves_animated += 1
        return True

    # --- clicks -------------------------------------------------------------------------------
    def _action_for(self, target, seat):
        """The action a click on ``target`` (not None) means for the human ``seat``, or (None, why not)."""
        game, phase, kind = self.game, self.game.phase, target.kind
        legal = game.legal_actions()
        you = _seat(seat)
        if kind == "dice":
            if phase == BEFORE_ROLL:
                return ROLL, ""
            return None, f"The dice are already thrown this turn. {self._hint(seat)}"
        if kind in ("space", "piece", "queue") and phase in (MOVING, BUMPING, PUSHING_ON):
            return self._board_click(target, seat, legal)
        if kind == "juror":
            return self._juror_click(target, seat, legal)
        if kind == "discard":
            if DISCARD in legal:
                return DISCARD, ""
            if CLAIM in legal:
                return CLAIM, ""
        if kind == "draw_pile" and DRAW in legal:
            return DRAW, ""
        return None, f"{you}: {self._hint(seat)}"

    def _board_click(self, target, seat, legal):
        game, phase = self.game, self.game.phase
        space = target.space
        if phase == MOVING:
            if space is not None and Move(space) in legal:
                return Move(space), ""
            piece = game.moving_piece
            steps = vd.move_steps(self._scene(), piece)
            return None, (f"{_piece(piece, seat).capitalize()} cannot stop there: it moves exactly {steps} "
                          "spaces, never straight back and never across X. Click a highlighted space.")
        if phase == PUSHING_ON:
            if space is not None and PushOn(space) in legal:
                return PushOn(space), ""
            return None, "Click one of the highlighted spaces: where the next piece down the line goes."
        pieces = sorted({a.piece for a in legal if isinstance(a, Bump)})
        if target.kind == "piece" and target.piece in pieces and len(pieces) > 1:
            self.bump_piece = target.piece
            return None, (f"You chose {_piece(target.piece)}: now click a highlighted space to bump it there "
                          "(or press Do not bump).")
        chosen = self.bump_piece if self.bump_piece in pieces else (pieces[0] if len(pieces) == 1 else None)
        if chosen is None:
            return None, "Several pieces stand there: first click the one you want to bump."
        to = QUEUE if target.kind == "queue" else space
        if Bump(chosen, to) in legal:
            return Bump(chosen, to), ""
        if target.kind == "piece" and target.piece not in pieces:
            return None, f"You can bump only a piece on the space you landed on. {self._hint(seat)}"
        return None, (f"{_piece(chosen).capitalize()} can be bumped only to a highlighted space next to it "
                      "(from X: to the Radio Car). Or press Do not bump.")

    def _juror_click(self, target, seat, legal):
        game, phase = self.game, self.game.phase
        owner, juror = target.seat, target.juror
        mine = owner == seat
        places = game.hand[owner] if game.rules.children else game.court[owner]
        clue = None
        if places is not None and juror - 1 < len(places):
            clue = places[juror - 1]
        up = (game.rules.children and clue is not None) or (
            not game.rules.children and places is not None and clue is not None and game.face_up[owner][juror - 1])
        if phase == KEEPING:
            if mine and Keep(juror) in legal:
                return Keep(juror), ""
            if not mine:
                return None, f"Put the clue on one of YOUR jurors (your card is framed). {self._hint(seat)}"
        elif phase == TURNING_UP:
            if mine and TurnUp(juror) in legal:
                return TurnUp(juror), ""
            if game.white == game.coloured:
                return None, "Doubles let you turn up one of YOUR face-down clues (a card back): click one of them."
            total = game.white + game.coloured
            return None, (f"A total of {total} lets you turn up only the clue on YOUR juror {total}: click it, "
                          "or press Leave it face down.")
        elif phase == TURNING_DOWN:
            if owner == game.victim and TurnDown(juror) in legal:
                return TurnDown(juror), ""
            return None, (f"You may turn down a face-up clue of {_seat(game.victim)}, the player you bumped: "
                          "click one on that court card, or press Turn no clue down.")
        elif phase == NAMING:
            if mine and up and Name(clue) in legal:
                return Name(clue), ""
            if mine and up and clue in game.named:
                return None, f"You have already named {_clue(clue)}: each clue counts once. Name another."
            return None, "Name one of YOUR face-up clues: click its juror."
        elif phase == DEMANDING:
            if not mine and up and Demand(clue) in legal:
                return Demand(clue), ""
            return None, ("Demand a clue you still need that a rival shows face up (click it there), "
                          "or draw from the clue pile.")
        return None, f"{_seat(seat)}: {self._hint(seat)}"

    # --- the text mirror of the board -------------------------------------------------------
    def _describe_state(self) -> list[str]:
        """The board in words, for a screen reader and the back row: whose turn and what he does,
        the dice, where every piece stands, every court card as the table sees it (a human's own
        hand in full in the children's game), the piles, and the clues likeliest on each
        arrested suspect's card.  Seats are numbered 1.. and jurors 1-12, as on the board."""
        game = self.game
        names = [d.value for d in self.seat_inputs[:game.n_players]]
        lines = [self._mirror_turn(names)]
        if game.white is not None and not game.is_over:
            lines.append(f"The dice show white {game.white} and coloured {game.coloured}.")
        for seat in range(game.n_players):
            lines.append(self._mirror_seat(seat, names[seat] == "human"))
        if game.position.get(PHILO_VANCE) is not None:
            owner = "" if game.philo_owner is None else f", playing for {_seat(game.philo_owner)}"
            lines.append(f"Philo Vance is on {self._space_name(game.position[PHILO_VANCE])}{owner}.")
        if game.judge:
            lines.append("The Judge is in play: a detective may try to convict.")
        top = game.discards.top
        discard = "empty" if top is None else f"{counted(len(game.discards), 'card')}, {_clue(top)} on top"
        lines.append(f"Clue pile: {counted(len(game.pile), 'card')}. Discard pile: {discard}. "
                     f"Arrests heard so far: {len(game.verdicts)}.")
        if game.drawn is not None:
            lines.append(f"The clue drawn and waiting to be kept or discarded: {_clue(game.drawn)}.")
        if game.arresting is not None:
            named = ", ".join(_clue(c) for c in game.named) or "none yet"
            lines.append(f"Arresting {SUSPECTS[game.arresting].name}: clues named so far: {named}.")
        return lines

    def _space_name(self, space) -> str:
        return "off the board" if space is None else self.game.board.spaces[space].name

    def _mirror_turn(self, names) -> str:
        """The first sentence (also the board's accessible name): the turn and whose decision it is."""
        game = self.game
        if game.is_over:
            if game.winner is not None:
                return f"Game over after {game.turns} turns: {self._win_text()}"
            return f"Game over after {game.turns} turns: {game.end_reason}, nobody wins."
        seat = game.current_player
        if seat is None:
            return f"Turn {game.turns + 1}."
        who = f"{_seat(seat)} (you)" if names[seat] == "human" else f"{_seat(seat)} ({names[seat]} bot)"
        return f"Turn {game.turns + 1}: {who} is {game.phase}."

    def _mirror_seat(self, seat, human) -> str:
        """One seat in words: where its detective stands, its court card (children: hand) and case."""
        game = self.game
        you = " (you)" if human else ""
        where = self._space_name(game.position.get(seat))
        words = f"{_seat(seat)}{you}: detective on {where}"
        if game.retired[seat]:
            return f"{words}; retired after {game.failures[seat]} failed arrests."
        if game.rules.children:
            hand = game.hand[seat]
            card = "" if game.suspect[seat] is None else f"; plays for {SUSPECTS[game.suspect[seat]].name}"
            clues = ", ".join(_clue(c) for c in hand) if hand else "none"
            return f"{words}{card}; hand of {len(hand)} clues: {clues}."
        court = game.court[seat]
        if court is None:
            return f"{words}; no court card yet (12 clues on first reaching X)."
        up = [f"{j + 1} {_clue(c)}" for j, c in enumerate(court) if c is not None and game.face_up[seat][j]]
        down = [str(j + 1) for j, c in enumerate(court) if c is not None and not game.face_up[seat][j]]
        card = f"; jurors face up: {'; '.join(up) if up else 'none'}"
        if down:
            card += f"; face down: jurors {', '.join(down)}"
        suspect = game.suspect[seat]
        if suspect is None:
            case = "no arrest yet"
        elif game.needs_more[seat]:
            case = f"conviction of {SUSPECTS[suspect].name} failed: must prove {game.rules.convict_fallback}"
        elif game.declared[seat]:
            case = f"Successful Declaration against {SUSPECTS[suspect].name}"
        else:
            case = f"committed to {SUSPECTS[suspect].name}, {game.failures[seat]} failed arrests"
        claimed = "" if game.claimed[seat] is None else f"; has claimed {_clue(game.claimed[seat])}"
        return f"{words}{card}; {case}{claimed}."

    # --- words ---------------------------------------------------------------------------------
    def _hint(self, seat) -> str:
        game = self.game
        phase = game.phase
        if phase == BEFORE_ROLL:
            return "Throw the dice: press Roll or click the dice." + self._before_roll_options()
        return {
            NAMING: "Click your face-up clues one by one to name them.",
            TURNING_UP: self._turn_up_words()[1],
            MOVING: "Click a highlighted space to move there." + (
                " Or press Leave Philo Vance where he is." if LEAVE_PHILO_VANCE in game.legal_actions() else ""),
            DRAWING: "Press Draw (or click the clue pile) to draw a clue, or Do not draw.",
            BUMPING: "Click a highlighted space to bump the piece there, or press Do not bump.",
            PUSHING_ON: "Click a highlighted space: where the next piece down the line goes.",
            TURNING_DOWN: "Click a face-up juror of the player you bumped, or press Turn no clue down.",
            KEEPING: ("Click a juror to put the clue there, or click the discard pile (or Discard)."
                      if not game.rules.children else "Click a place in your hand for the clue, or Discard."),
            DEMANDING: "Click a clue you need on a rival's card, or the clue pile to draw.",
            CLAIMING: "Press Claim (or click the discard pile) or Pass.",
            PICKING: "Choose the confirmation card to play for with the buttons.",
        }.get(phase, "")

    def _prompt_for(self, seat, human) -> str:
        game, phase = self.game, self.game.phase
        who = _seat(seat)
        if not human:
            what = {
                BEFORE_ROLL: "to throw the dice (or arrest, or convict)", NAMING: "to name a clue",
                TURNING_UP: "to turn a clue up or not", MOVING: f"to move {self._mover_words()}",
                DRAWING: "to draw a clue or not",
                BUMPING: "to bump a piece or not", PUSHING_ON: "to push the line on",
                TURNING_DOWN: f"to turn down a clue of {_seat(game.victim)}" if game.victim is not None else "",
                KEEPING: f"to keep or discard {_clue(game.drawn)}" if game.drawn is not None else "",
                DEMANDING: "to demand a clue or draw", CLAIMING: self._claim_words(),
                PICKING: "to pick a confirmation card",
            }.get(phase, "to decide")
            return f"{who} ({self.seats[seat]} bot) is next, {what}: press Step or Autoplay."
        if phase == BEFORE_ROLL:
            return f"{who}, your turn: press Roll or click the dice to throw.{self._before_roll_options()}"
        if phase == NAMING:
            suspect = SUSPECTS[game.arresting].name
            return (f"{who}, you arrest {suspect} on suspicion: click your clues one by one to name them "
                    f"({len(game.named)} of {game.rules.named_clues} named).")
        if phase == TURNING_UP:
            thrown, what = self._turn_up_words()
            return f"{who}, {thrown}! {what}"
        if phase == MOVING:
            stay = " (or press Leave Philo Vance where he is)" if game.moving_piece == PHILO_VANCE else ""
            return f"{who}: move {self._mover_words()}: click a highlighted space{stay}."
        if phase == DRAWING:
            return (f"{who}, you are on a clue spot: press Draw (or click the clue pile) to draw a clue, "
                    "or press Do not draw.")
        if phase == BUMPING:
            pieces = sorted({a.piece for a in game.legal_actions() if isinstance(a, Bump)})
            names = " and ".join(_piece(p) for p in pieces)
            first = " First click the piece to bump." if len(pieces) > 1 else ""
            return (f"{who}, you landed on {names}: click a highlighted space to bump it there, "
                    f"or press Do not bump.{first}")
        if phase == PUSHING_ON:
            return f"{who}: the line of pieces forks: click the highlighted space where the next piece goes."
        if phase == TURNING_DOWN:
            return (f"{who}, you bumped {_seat(game.victim)}: click one of their face-up jurors to turn it "
                    "down, or press Turn no clue down.")
        if phase == KEEPING:
            where = "a place in your hand" if game.rules.children else "a juror"
            must = " (a demanded clue must be kept)" if DISCARD not in game.legal_actions() else ", or Discard"
            return f"{who}: keep the clue {_clue(game.drawn)}? Click {where} to put it there{must}."
        if phase == DEMANDING:
            return (f"{who}, you are on X: demand a clue you need (click it on a rival's card, or a button), "
                    "or draw from the clue pile.")
        if phase == CLAIMING:
            return f"{who}: {self._claim_words()}? Press Claim or Pass."
        if phase == PICKING:
            return f"{who}: choose the confirmation card you play for (the buttons)."
        return f"{who}: {self._hint(seat)}"

    def _before_roll_options(self) -> str:
        """" Or arrest ..." / " Or try to convict ..." when those buttons are there, else ""."""
        legal = self.game.legal_actions()
        more = ""
        if any(isinstance(a, Arrest) for a in legal):
            more += " Or arrest a suspect on suspicion (a button)."
        if any(isinstance(a, Convict) for a in legal):
            more += " Or try to convict your suspect (a button)."
        return more

    def _mover_words(self) -> str:
        game = self.game
        piece = game.moving_piece
        if piece is None:
            return "a piece"
        steps = vd.move_steps(self._scene(), piece)
        spaces = f"{steps} space{'s' if steps != 1 else ''}"
        if piece == PHILO_VANCE:
            return f"Philo Vance {spaces} (coloured die)"
        die = "both dice" if game.rules.children or game.court[piece] is None else "white die"
        return f"the detective {spaces} ({die})"

    def _turn_up_words(self) -> tuple[str, str]:
        """(what was thrown, what to do) when the dice allow a face-down clue to be turned up."""
        game = self.game
        if game.white == game.coloured:
            return "doubles", "Click one of your face-down jurors to turn its clue up, or press Leave them face down."
        total = game.white + game.coloured
        return f"a total of {total}", f"Click your juror {total} to turn its clue up, or press Leave it face down."

    def _claim_words(self) -> str:
        offer = self.game.claim_offer
        return f"claim the discard {_clue(offer[0])}" if offer else "claim the discard"


__all__ = ["App", "BOTS"]

"""What changes on the Philo Vance app's canvas: pure functions of a snapshot of the game.

``snapshot(game, ...)`` copies what the picture needs out of a ``Game`` into
a small immutable :class:`Scene`; ``draw_scene`` paints everything that
changes on one layer (the pieces, the dice, the Judge and Philo Vance's
corner, the clue pile's count and the top discard, what a human may click,
and through :mod:`.view_court` the court cards); the board itself is :mod:`.view_board`'s, drawn once.
``hit_targets`` lists the clickable areas of a scene, so clicks are tested
against exactly what is on screen.  The animations (``animate_throw``: both
dice tumble; ``animate_moves``: pieces glide along the route they took) are
built inside one ``safe_hold``, so each travels to the browser as one message.
Nothing here touches widgets or changes the game.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

import numpy as np

from boardkit import render as r
from boardkit.render import palette as pal
from boardkit.render.animation import ROLL_FRAMES, ROLL_MS

from . import board as bd
from . import view_court as vc
from .actions import QUEUE, Bump, Claim, Discard, Draw, Move, PushOn
from .components import SUSPECTS
from .game import BEFORE_ROLL, MOVING
from .rules import PHILO_VANCE
from .view_board import (BOARD, MARGIN, TEXT_PX, Layout, draw_gavel, draw_philo_vance, draw_piece, draw_words,
                         piece_slots)

WHITE_DIE, COLOURED_DIE = pal.WHITE, pal.VERMILLION


# --- what the picture needs --------------------------------------------------------------------

@dataclass(frozen=True)
class Scene:
    """Everything ``draw_scene`` draws, copied out of the game (so it never changes under it)."""

    n_players: int
    children: bool
    names: tuple                 # per seat: "human", "Detective", ...
    decider: int | None          # who answers the open question (game.current_player)
    turn_player: int             # whose turn it is (game.current)
    phase: str | None
    human_turn: bool             # the decider is a human: show what may be clicked
    positions: tuple             # per piece 0..6 (6 = Philo Vance): a space, or None off the board
    court: tuple                 # per seat: 12 clue ids (None: no card) or None before X
    face_up: tuple
    hand: tuple                  # children's game: per seat, the clues in hand
    suspect: tuple
    declared: tuple
    failures: tuple
    needs_more: tuple
    retired: tuple
    claimed: tuple
    philo_owner: int | None
    judge: bool
    white: int | None
    coloured: int | None
    drawn: int | None            # the clue being decided on (keeping)
    moving_piece: int | None
    victim: int | None
    named: tuple                 # clues named so far in the arrest being made
    arresting: int | None
    claim_clue: int | None       # the discard on offer to the decider
    pile: int
    discards: int
    discard_top: int | None
    legal: tuple                 # the human decider's legal actions (empty on a bot's decision)
    beliefs: object              # the knowledge grid, suspects x clues (an ndarray), or None
    cards: tuple                 # the confirmation cards (children: open on the table)
    court_size: int
    named_clues: int             # clues named in an arrest (6)
    hand_limit: int
    children_win: int
    convict_fallback: int
    winner: int | None
    end_reason: str | None
    turns: int
    bump_piece: int | None = None    # the piece a human chose to bump (several stood there)
    hidden: tuple = ()               # pieces being animated are drawn by the animation
    hide_dice: bool = False


def snapshot(game, names, beliefs=None, bump_piece=None) -> Scene:
    """Copy what is drawn out of ``game``.  ``names[seat]`` is "human" or a bot's name;
    ``beliefs`` the knowledge grid to show (10 x 50)."""
    n = game.n_players
    rules = game.rules
    decider = game.current_player
    human_turn = decider is not None and names[decider] == "human"
    positions = tuple(game.position.get(p) if p < n or p == PHILO_VANCE else None
                      for p in range(PHILO_VANCE + 1))

    def copied(rows):
        return tuple(None if row is None else tuple(row) for row in rows)

    offer = game.claim_offer[0] if game.claim_offer else None
    return Scene(
        n_players=n, children=rules.children, names=tuple(names), decider=decider, turn_player=game.current,
        phase=game.phase, human_turn=human_turn, positions=positions,
        court=copied(game.court), face_up=copied(game.face_up), hand=copied(game.hand),
        suspect=tuple(game.suspect), declared=tuple(game.declared), failures=tuple(game.failures),
        needs_more=tuple(game.needs_more), retired=tuple(game.retired), claimed=tuple(game.claimed),
        philo_owner=game.philo_owner, judge=game.judge, white=game.white, coloured=game.coloured,
        drawn=game.drawn, moving_piece=game.moving_piece, victim=game.victim, named=tuple(game.named),
        arresting=game.arresting, claim_clue=offer, pile=len(game.pile), discards=len(game.discards),
        discard_top=game.discards.top, legal=tuple(game.legal_actions()) if human_turn else (),
        beliefs=None if beliefs is None else np.array(beliefs, dtype=float), cards=tuple(rules.cards),
        court_size=rules.court_size, named_clues=rules.named_clues, hand_limit=rules.hand_limit, children_win=rules.children_win,
        convict_fallback=rules.convict_fallback, winner=game.winner, end_reason=game.end_reason,
        turns=game.turns, bump_piece=bump_piece)


def move_steps(scene: Scene, piece: int) -> int | None:
    """How many spaces ``piece`` moves on the last throw: Philo Vance the coloured die, a detective
    the white die once he has his court card, both dice before (and always in the children's game)."""
    if scene.white is None:
        return None
    if piece == PHILO_VANCE:
        return scene.coloured
    if scene.children or scene.court[piece] is None:
        return scene.white + scene.coloured
    return scene.white


def bump_pieces(scene: Scene) -> tuple:
    """The pieces a human may bump now (several may stand on the space he landed on)."""
    return tuple(sorted({a.piece for a in scene.legal if isinstance(a, Bump)}))


def highlighted_spaces(scene: Scene) -> tuple:
    """The spaces a human may click now: where to move, where to bump to, where to push on."""
    spaces = set()
    pieces = bump_pieces(scene)
    chosen = scene.bump_piece if scene.bump_piece in pieces else (pieces[0] if len(pieces) == 1 else None)
    for action in scene.legal:
        if isinstance(action, (Move, PushOn)):
            spaces.add(action.space)
        elif isinstance(action, Bump) and action.to != QUEUE and action.piece == chosen:
            spaces.add(action.to)
    return tuple(sorted(spaces))


def queue_highlighted(scene: Scene) -> bool:
    return any(isinstance(a, Bump) and a.to == QUEUE for a in scene.legal)


# --- click targets ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Target:
    """A clickable thing on the canvas."""

    kind: str                    # "piece", "space", "queue", "dice", "draw_pile", "discard", "juror", "court"
    rect: tuple
    space: int | None = None
    piece: int | None = None
    seat: int | None = None
    juror: int | None = None     # from 1


def hit_targets(layout: Layout, scene: Scene):
    """Clickable areas, most specific first: pieces, spaces, the dice, the piles, jurors, cards."""
    out = []
    for piece, (x, y, size) in piece_slots(layout, scene.positions).items():
        out.append(Target("piece", (x - size / 2, y - size / 2, size, size), space=scene.positions[piece],
                          piece=piece))
    for space, kind in enumerate(layout.kinds):
        x, y, w, h = layout.space_rect(space)
        grown = (x - 3, y - 3, w + 6, h + 6)       # a little slack for a projector's pointer
        out.append(Target("queue" if kind in (bd.RADIO_CAR, bd.CALL_BOX) else "space", grown, space=space))
    out.append(Target("dice", layout.dice_rect))
    out.append(Target("queue", layout.areas["radio_car_panel"]))
    out.append(Target("draw_pile", layout.areas["draw_pile"]))
    out.append(Target("discard", layout.areas["discard"]))
    for seat in range(scene.n_players):
        n_slots = scene.hand_limit if scene.children else scene.court_size
        for j, rect in enumerate(vc.juror_rects(seat, scene.n_players, n_slots)):
            out.append(Target("juror", rect, seat=seat, juror=j + 1))
        out.append(Target("court", vc.court_rect(seat, scene.n_players), seat=seat))
    return out


def target_at(layout: Layout, scene: Scene, x: float, y: float):
    """The clickable thing under (x, y), or None."""
    return r.target_under(hit_targets(layout, scene), x, y)


def draw_piles(c, layout: Layout, scene: Scene) -> None:
    x, y, w, h = layout.areas["draw_pile"]
    c.fill_style = pal.WHITE
    c.fill_rect(x + 6, y + h / 2 - 36, w - 12, 72)
    c.line_width = 2
    c.stroke_style = pal.TEXT
    c.stroke_rect(x + 6, y + h / 2 - 36, w - 12, 72)
    draw_words(c, "CLUES", x + w / 2, y + h / 2 - 16, grow=False, bold=True, max_width=w - 16)
    draw_words(c, f"{scene.pile} left", x + w / 2, y + h / 2 + 16, grow=False, max_width=w - 16)
    x, y, w, h = layout.areas["discard"]
    draw_words(c, "DISCARD", x + w / 2, y + 18, grow=False, bold=True, max_width=w - 8)
    if scene.discard_top is not None:
        c.fill_style = vc.NAMED_FILL if scene.claim_clue is not None else pal.WHITE
        c.fill_rect(x + 4, y + 34, w - 8, h - 66)
        c.line_width = 2
        c.stroke_style = pal.TEXT
        c.stroke_rect(x + 4, y + 34, w - 8, h - 66)
        lines = vc.fit_lines(vc.clue_label(scene.discard_top), (w - 12,), TEXT_PX, 4)
        vc.draw_lines(c, lines, x + w / 2, y + 34 + (h - 66) / 2, TEXT_PX, max_width=w - 12)
    draw_words(c, f"{scene.discards} card{'s' if scene.discards != 1 else ''}", x + w / 2, y + h - 16, grow=False,
               max_width=w - 8)
    if any(isinstance(a, (Discard, Claim)) for a in scene.legal):      # a human may click the discards
        r.dashed_ring(c, (x, y, w, h), pad=6)
    if any(isinstance(a, Draw) for a in scene.legal):
        r.dashed_ring(c, layout.areas["draw_pile"], pad=6)


def draw_dice(c, layout: Layout, scene: Scene) -> None:
    x, y, w, h = layout.dice_rect
    size = min(84, h - 50)
    gap = (w - 2 * size) / 3
    for i, (value, fill, pips, label) in enumerate(((scene.white, WHITE_DIE, pal.TEXT, "white"),
                                                    (scene.coloured, COLOURED_DIE, pal.WHITE, "coloured"))):
        dx = x + gap + i * (size + gap)
        if scene.hide_dice:
            pass
        elif value is None:
            c.save()
            c.line_width = 3
            c.stroke_style = pal.TEXT
            c.set_line_dash([8, 8])
            c.stroke_rect(dx, y + 6, size, size)
            c.restore()
        else:
            r.draw_die(c, dx, y + 6, size, value, colour=fill, pip_colour=pips)
        draw_words(c, label, dx + size / 2, y + size + 26, bold=True, max_width=size + gap)
    if scene.human_turn and scene.phase == BEFORE_ROLL:
        r.dashed_ring(c, (x, y, w, h), pad=2)


def draw_court_officers(c, layout: Layout, scene: Scene) -> None:
    """The Judge (once a double 1 or 6 brought him in) and where Philo Vance is, in the top-right corner."""
    x, y, w, h = layout.judge_rect
    if scene.children:
        vc.draw_lines(c, ["Children's game:", "no Judge, no", "Philo Vance"], x + w / 2, y + h / 2, TEXT_PX,
                      max_width=w - 8)
        return
    row = h / 2
    c.fill_style = pal.WHITE if scene.judge else "#EDEDED"
    c.fill_rect(x, y, w, row - 4)
    c.save()
    c.line_width = 3 if scene.judge else 2
    c.stroke_style = pal.TEXT
    if not scene.judge:
        c.set_line_dash([7, 6])
    c.stroke_rect(x, y, w, row - 4)
    c.restore()
    if scene.judge:
        draw_gavel(c, x + 34, y + row / 2 - 2, 50)
        draw_words(c, "THE JUDGE", x + 66, y + row / 2 - 14, grow=False, bold=True, align="left", max_width=w - 72)
        draw_words(c, "court is ready", x + 66, y + row / 2 + 10, grow=False, align="left", max_width=w - 72)
    else:
        vc.draw_lines(c, ["Judge: not yet", "(double 1 or 6)"], x + w / 2, y + row / 2 - 2, TEXT_PX,
                      colour=vc.EMPTY_EDGE, max_width=w - 10, gap=1.0)
    py = y + row + 4
    owner = scene.philo_owner
    draw_philo_vance(c, x + 30, py + row / 2 - 4, 40, owner)
    where = ("Philo Vance:", f"Player {owner + 1}'s" if owner is not None else
             ("on the board" if scene.positions[PHILO_VANCE] is not None else "waits for a 7"))
    vc.draw_lines(c, where, x + 62, py + row / 2 - 4, TEXT_PX, bold=owner is not None, align="left",
                  max_width=w - 66, gap=1.0)


def draw_pieces(c, layout: Layout, scene: Scene) -> None:
    slots = piece_slots(layout, scene.positions, scene.hidden)
    moving = scene.moving_piece if scene.phase == MOVING else None
    if scene.human_turn:
        for space in highlighted_spaces(scene):
            x, y, w, h = layout.space_rect(space)
            r.dashed_ring(c, (x, y, w, h), pad=5, width=5)
        if queue_highlighted(scene):
            r.dashed_ring(c, layout.areas["radio_car_panel"], pad=4, width=5)
    # The piece that moves now last, so it is on top.
    for piece in sorted(slots, key=lambda p: p == moving):
        x, y, size = slots[piece]
        if piece == moving:
            c.fill_style = pal.CURRENT_FILL
            c.fill_circle(x, y, size * 0.68)
            c.line_width = 3
            c.stroke_style = pal.TEXT
            c.stroke_circle(x, y, size * 0.68)
        draw_piece(c, piece, x, y, size, scene.philo_owner)
    if scene.human_turn:
        for piece in bump_pieces(scene):
            if piece in slots and len(bump_pieces(scene)) > 1:
                x, y, size = slots[piece]
                ring = 5 if piece == scene.bump_piece else 3
                r.dashed_ring(c, (x - size / 2, y - size / 2, size, size), pad=4, width=ring)


def draw_banner(c, layout: Layout, scene: Scene) -> None:
    if scene.end_reason is None:
        return
    if scene.winner is not None:
        sub = f"Convicts {SUSPECTS[scene.suspect[scene.winner]].name}"
    else:
        sub = {"turn cap": f"Stalemate after {scene.turns} turns"}.get(scene.end_reason, "Everybody retired")
    r.draw_end_banner(c, (MARGIN + BOARD / 2 - 300, MARGIN + BOARD / 2 - 62, 600, 124), scene.winner, sub)


def draw_scene(c, layout: Layout, scene: Scene) -> None:
    """Everything that changes, on one (cleared) layer."""
    c.clear()
    draw_piles(c, layout, scene)
    draw_dice(c, layout, scene)
    draw_court_officers(c, layout, scene)
    draw_pieces(c, layout, scene)
    vc.draw_courts(c, scene)
    draw_banner(c, layout, scene)


# --- animations ----------------------------------------------------------------------------------

GLIDE_MS, GLIDE_STEPS = 25, 4                 # per tween step; tween steps per space


def throw_duration(scale: float = 1.0) -> float:
    """Seconds ``animate_throw`` plays for."""
    return scale * (ROLL_FRAMES - 1) * ROLL_MS / 1000


def glide_duration(n_spaces: int, scale: float = 1.0) -> float:
    """Seconds ``animate_moves`` plays for when the pieces pass ``n_spaces`` spaces in all."""
    return scale * n_spaces * GLIDE_STEPS * GLIDE_MS / 1000


def _tumbling_die(c, x, y, size, frame, value, tumble, fill, pips):
    last = frame == ROLL_FRAMES - 1
    face = value if last else tumble.randint(1, 6)
    c.save()
    c.translate(x + size / 2, y + size / 2 - (0 if last else 12 * math.sin(frame * 1.3)))
    c.rotate(0 if last else (frame + 1) * 0.6)
    r.draw_die(c, -size / 2, -size / 2, size, face, colour=fill, pip_colour=pips)
    c.restore()


def animate_throw(pieces, overlay, layout: Layout, before: Scene, after: Scene, scale: float = 1.0) -> None:
    """Both dice tumble onto the throw of ``after``; then ``after`` is drawn.

    The tumbling faces come from the picture's own ``random.Random``, never the
    game's generator.  Call inside ``safe_hold`` of the MultiCanvas.
    """
    draw_scene(pieces, layout, replace(after, hide_dice=True, human_turn=False, legal=()))
    tumble = random.Random(after.white * 7 + after.coloured * 131 + after.turns)
    x, y, w, h = layout.dice_rect
    size = min(84, h - 50)
    gap = (w - 2 * size) / 3

    def frame(c, i):
        c.clear()
        _tumbling_die(c, x + gap, y + 6, size, i, after.white, tumble, WHITE_DIE, pal.TEXT)
        _tumbling_die(c, x + 2 * gap + size, y + 6, size, i, after.coloured, tumble, COLOURED_DIE, pal.WHITE)

    r.animate_path(overlay, frame, ROLL_FRAMES, max(1, int(ROLL_MS * scale)))
    draw_scene(pieces, layout, after)
    overlay.clear()


def animate_moves(pieces, overlay, layout: Layout, before: Scene, after: Scene, routes, scale: float = 1.0) -> None:
    """Pieces glide one after the other along ``routes``: (piece, [space, space, ...]) pairs.

    Each piece leaves its place in ``before`` and ends in its place in ``after``
    (side by side with the pieces already there).
    """
    moving = tuple(dict.fromkeys(piece for piece, _ in routes))
    start = piece_slots(layout, before.positions)
    end = piece_slots(layout, after.positions)
    draw_scene(pieces, layout, replace(after, hidden=moving, human_turn=False, legal=()))
    where = {p: start[p][:2] for p in moving if p in start}
    size = {p: (start.get(p) or end.get(p))[2] for p in moving if p in start or p in end}
    owner = after.philo_owner

    def frame(c, points, piece):
        c.clear()
        for p, xy in where.items():
            if p != piece:
                draw_piece(c, p, *xy, size[p], owner)
        draw_piece(c, piece, *points, size[piece], owner)

    ms = max(1, int(GLIDE_MS * scale))
    for k, (piece, route) in enumerate(routes):
        if piece not in where:
            continue
        points = [where[piece]] + [(layout.xs[s], layout.ys[s]) for s in route[1:]]
        last_route = all(p != piece for p, _ in routes[k + 1:])
        if last_route and piece in end:
            points[-1] = end[piece][:2]
        r.animate_move(overlay, lambda c, xy, p=piece: frame(c, xy, p), r.tween(points, GLIDE_STEPS), ms)
        where[piece] = points[-1]
        overlay.sleep(ms)
    draw_scene(pieces, layout, after)
    overlay.clear()


def routes_of(board, before: Scene, events) -> list:
    """(piece, route) for each ``Moved`` event of a decision: a throw's route along the paths,
    a green arrow's jump to X, a bump or the trip to the Radio Car in one hop."""
    routes = []
    for event in events:
        if type(event).__name__ != "Moved" or event.start is None:
            continue
        route = [event.start, event.end]
        if event.how == "throw":
            steps = move_steps(before, event.piece)
            try:
                route = list(board.route_to(event.start, steps, event.end))
            except (ValueError, TypeError):
                pass
        if routes and routes[-1][0] == event.piece and event.how == "arrow":
            routes[-1] = (event.piece, routes[-1][1] + [event.end])
        else:
            routes.append((event.piece, route))
    return routes

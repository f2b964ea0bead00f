"""Drawing for the Mystery Date app: pure functions of a snapshot of the game.

``snapshot(game, ...)`` copies what the picture needs out of a ``Game`` into
a small immutable :class:`Scene`; ``draw_board`` paints the static ring once;
``draw_scene`` paints everything that changes; ``hit_targets`` lists the
clickable rectangles of a scene (the very rectangles ``draw_scene`` draws),
so clicks are tested against exactly what is on screen.  The two animations
(``animate_roll``, ``animate_door``) build a whole animation inside one
``safe_hold`` with ``canvas.sleep`` so it travels to the browser as one
message.  Nothing here touches widgets or changes the game.

Logical canvas: 1280 x 800 (a WXGA projector), the board a square on the
left, one panel per player's hand on the right.  All text is 22 px or more.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from boardkit.core.events import latest_this_turn
from boardkit import render as r
from boardkit.render import palette as pal
from boardkit.render import player_glyph, player_style  # noqa: F401 (also vd.player_glyph)

from .game import CHOOSING_OPPONENT, CHOOSING_PILE, DISCARDING, GIVING, ROLLING, SHOWING
from .rules import COLOURS, DATES, DOOR, SPACE_LABELS, SWAP_ANY, SWAP_LEFT, SWAP_RIGHT, TAKE_EITHER

WIDTH, HEIGHT = 1280, 800
MARGIN = 8
BOARD = HEIGHT - 2 * MARGIN               # the board is a BOARD x BOARD square
PANEL_X = MARGIN + BOARD + 12             # the hand panels fill the right-hand column
PANEL_W = WIDTH - PANEL_X - MARGIN
TEXT_PX = r.MIN_TEXT_PX                   # the smallest text anywhere on the canvas
DOOR_FILL = "#6B3E1A"                     # the closed mystery door (dark wood)
DUD_FILL = "#5F5F5F"
PANEL_FILL = pal.WHITE
CURRENT_FILL = pal.CURRENT_FILL           # the panel of the player whose decision it is

SPACE_FILLS = {                           # light tints keep dark text at > 12:1 contrast
    DOOR: pal.BLUE,
    SWAP_LEFT: "#F6E0EE", SWAP_RIGHT: "#F6E0EE", SWAP_ANY: "#F6E0EE",
    TAKE_EITHER: "#DDEFFA",
}
# Words a space label can lose and still be understood (the status line says it in full).
_DROP = {"THE", "CARD", "CARDS", "PLAYER", "FROM", "PILE"}
# Unicode stand-ins of the pawn shapes, for widget text (status line, buttons).
def short_label(kind: str) -> str:
    """The board text of a space kind, from ``rules.SPACE_LABELS``, cut to fit two short lines.

    ``short_label("take_either") == "TAKE 1\\nEITHER"``; ``"door" -> "OPEN\\nDOOR"``.
    """
    words = [w for w in SPACE_LABELS[kind].split() if w not in _DROP]
    if len(words) <= 1:
        return " ".join(words)
    # Split where the longer line is shortest.
    best = min(range(1, len(words)),
               key=lambda i: max(len(" ".join(words[:i])), len(" ".join(words[i:]))))
    return " ".join(words[:best]) + "\n" + " ".join(words[best:])


# --- what the picture needs ------------------------------------------------------

@dataclass(frozen=True)
class Scene:
    """Everything ``draw_scene`` draws, copied out of the game (so it never changes under it)."""

    n_players: int
    board: tuple
    positions: tuple
    hands: tuple                 # per seat: the cards, sorted for display
    face_up: tuple               # per seat: show the faces?
    names: tuple                 # per seat: "human", "Collector", ...
    ready: tuple                 # per seat: colours she is ready for
    draw_count: int
    discard_top: object
    discard_count: int
    current: int | None
    phase: str
    last_roll: int | None
    die_sides: int
    door: tuple | None           # (player, colour, outcome) if the door stands open this turn
    winner: int | None
    end_reason: str | None
    turns: int
    human_turn: bool             # the current seat is a human: show what she may click
    hidden_pawn: int | None = None   # a pawn being animated is drawn by the animation
    hide_die: bool = False


def door_state(events) -> tuple | None:
    """The door opened in the latest turn, as (player, colour, outcome), else None (closed)."""
    event = latest_this_turn(events, "DoorOpened")
    return None if event is None else (event.player, event.colour, event.outcome)


def snapshot(game, names, show_bot_hands=True) -> Scene:
    """Copy what is drawn out of ``game``.  ``names[seat]`` is "human" or a bot name."""
    n = game.n_players
    humans = [name == "human" for name in names]
    order = {c: i for i, c in enumerate(COLOURS)}
    hands = tuple(tuple(sorted(h, key=lambda c: (order.get(c.colour, 9), c.number))) for h in game.hands)
    current = game.current_player
    return Scene(
        n_players=n, board=tuple(game.rules.board), positions=tuple(game.positions), hands=hands,
        face_up=tuple(humans[p] or show_bot_hands for p in range(n)), names=tuple(names),
        ready=tuple(tuple(game.ready(p)) for p in range(n)),
        draw_count=len(game.draw_pile), discard_top=game.discard_pile.top,
        discard_count=len(game.discard_pile), current=current, phase=game.phase,
        last_roll=game.last_roll, die_sides=game.rules.die_sides, door=door_state(game.events),
        winner=game.winner, end_reason=game.end_reason, turns=game.turns,
        human_turn=current is not None and humans[current],
    )


# --- geometry --------------------------------------------------------------------

@dataclass(frozen=True)
class Layout:
    """Where everything goes on the 1280 x 800 canvas, for one board and player count."""

    n_spaces: int
    space: float                 # side of a square space
    xs: tuple
    ys: tuple
    cx: float                    # centre of the board
    inner: tuple                 # (x0, y0, x1, y1) of the board's inside

    @classmethod
    def for_board(cls, n_spaces: int) -> "Layout":
        per_side = max(math.ceil(n_spaces / 4), 1)
        space = BOARD / (per_side + 1)
        x0 = MARGIN + space / 2
        xs, ys = r.ring_positions(n_spaces, x0, x0, BOARD - space, BOARD - space)
        lo, hi = MARGIN + space, MARGIN + BOARD - space
        return cls(n_spaces, space, tuple(float(x) for x in xs), tuple(float(y) for y in ys),
                   MARGIN + BOARD / 2, (lo, lo, hi, hi))

    # The middle of the board: title, door, piles, die, legend.
    @property
    def door_rect(self):
        return (self.cx - 85, 172, 170, 250)

    @property
    def draw_rect(self):
        return (self.inner[0] + 32, 232, 100, 142)

    @property
    def discard_rect(self):
        return (self.inner[2] - 32 - 100, 232, 100, 142)

    @property
    def die_rect(self):
        return (self.cx - 42, 440, 84, 84)

    def pawn_slot(self, space: int, index: int = 0, count: int = 1):
        """(x, y, size) of the ``index``-th of ``count`` pawns on ``space``.

        The label takes the upper half of a space and the pawns stand in a row
        below it, so a label is never hidden; four on one space share a 2 x 2 grid.
        """
        return r.slot_in_space(self.xs[space % self.n_spaces], self.ys[space % self.n_spaces], self.space,
                               index, count)


def pawn_slots(layout: "Layout", positions, hidden=None):
    """seat -> (x, y, size) for every pawn drawn (pawns sharing a space stand side by side)."""
    return r.pawn_slots(positions, layout.pawn_slot, hidden)


def panel_rect(seat: int, n_players: int):
    slots = max(n_players, 4)
    h = (HEIGHT - 2 * MARGIN) / slots
    return (PANEL_X, MARGIN + seat * h, PANEL_W, h - 8)


CARD_W, CARD_H, CARD_GAP = 64, 116, 12


def hand_rects(seat: int, n_players: int, n_cards: int):
    """Rectangles of a hand's cards, left to right (overlapping when more than fit)."""
    x, y, w, h = panel_rect(seat, n_players)
    top = y + 50
    left, avail = x + 14, w - 28
    if n_cards <= 0:
        return []
    step = CARD_W + CARD_GAP
    if n_cards * step - CARD_GAP > avail:
        step = (avail - CARD_W) / (n_cards - 1)
    return [(left + i * step, top, CARD_W, CARD_H) for i in range(n_cards)]


@dataclass(frozen=True)
class Target:
    """A clickable thing on the canvas."""

    kind: str                    # "card", "pile", "panel", "door", "die"
    rect: tuple
    seat: int | None = None
    card: object = None
    pile: str | None = None


def hit_targets(layout: Layout, scene: Scene):
    """(cards, areas): cards in drawing order (for ``card_at``), then the other clickable areas."""
    cards = []
    for seat, hand in enumerate(scene.hands):
        for rect, card in zip(hand_rects(seat, scene.n_players, len(hand)), hand):
            cards.append(Target("card", rect, seat=seat, card=card))
    areas = [Target("pile", layout.draw_rect, pile="draw"),
             Target("pile", layout.discard_rect, pile="discard"),
             Target("door", layout.door_rect), Target("die", layout.die_rect)]
    areas += [Target("panel", panel_rect(p, scene.n_players), seat=p) for p in range(scene.n_players)]
    return cards, areas


def target_at(layout: Layout, scene: Scene, x: float, y: float):
    """The clickable thing under (x, y), or None."""
    return r.click_target(*hit_targets(layout, scene), x, y)


# --- drawing helpers -----------------------------------------------------------------

def _card(c, rect, card, face_up=True, highlight=False):
    x, y, w, h = rect
    if card is None:
        return
    suit = r.SUIT_COLOURS[card.colour]
    r.draw_card(c, x, y, w, h, colour=suit.colour, pattern=suit.pattern, label=card.number,
                face_up=face_up, highlight=highlight)


def _empty_slot(c, rect):
    x, y, w, h = rect
    c.save()
    c.line_width = 3
    c.stroke_style = pal.TEXT
    c.set_line_dash([8, 8])
    c.stroke_rect(x, y, w, h)
    c.restore()


def draw_door_open(c, rect, colour, outcome, opener=None):
    """The open door: the date's colour and pattern, and its name."""
    x, y, w, h = rect
    if outcome == "dud":
        c.fill_style = DUD_FILL
        c.fill_rect(x, y, w, h)
        lines = ["The", "Dud!"]
    else:
        suit = r.SUIT_COLOURS[outcome]
        r.draw_pattern(c, suit.pattern, x, y, w, h, suit.colour)
        lines = DATES[outcome].split()
    c.line_width = 6
    c.stroke_style = pal.TEXT
    c.stroke_rect(x, y, w, h)
    box_h = 40 + 34 * len(lines)
    bx, by = x + 10, y + h / 2 - box_h / 2
    r.rounded_rect_path(c, bx, by, w - 20, box_h, 10)
    c.fill_style = pal.WHITE
    c.fill()
    c.line_width = 3
    c.stroke()
    for i, line in enumerate(lines):
        r.draw_text(c, line, x + w / 2, by + 38 + i * 34, px=30, bold=True, max_width=w - 30)


def draw_door_closed(c, rect, highlight=False):
    x, y, w, h = rect
    c.fill_style = DOOR_FILL
    c.fill_rect(x, y, w, h)
    c.line_width = 3
    c.stroke_style = "#C9A27A"
    c.stroke_rect(x + 16, y + 16, w - 32, h * 0.42 - 16)
    c.stroke_rect(x + 16, y + h * 0.46, w - 32, h * 0.54 - 16)
    c.line_width = 6
    c.stroke_style = pal.TEXT
    c.stroke_rect(x, y, w, h)
    c.fill_style = pal.YELLOW
    c.fill_circle(x + w - 24, y + h * 0.55, 9)
    c.stroke_style = pal.TEXT
    c.line_width = 2
    c.stroke_circle(x + w - 24, y + h * 0.55, 9)
    r.draw_text(c, "?", x + w / 2, y + h * 0.25, px=72, bold=True, colour=pal.WHITE)
    if highlight:
        r.dashed_ring(c, rect, pad=9)


# --- the static board --------------------------------------------------------------------

def draw_board(c, layout: Layout, board) -> None:
    """Background, the ring of spaces with their labels, the title and the colour legend."""
    c.clear()
    c.fill_style = r.BACKGROUND
    c.fill_rect(0, 0, WIDTH, HEIGHT)
    fills = [SPACE_FILLS.get(kind, pal.WHITE) for kind in board]
    is_door = [kind == DOOR for kind in board]
    r.draw_ring_board(c, (layout.xs, layout.ys), layout.space, fills, None, is_door)
    px = min(24, max(TEXT_PX, layout.space * 0.22))
    for x, y, kind, fill in zip(layout.xs, layout.ys, board, fills):
        lines = short_label(kind).split("\n")
        for i, line in enumerate(lines):  # in the upper half: the pawns stand below
            dy = -layout.space * 0.28 + i * px * 1.08
            r.draw_text(c, line, x, y + dy, px=px, bold=True, colour=r.text_colour_on(fill),
                  max_width=layout.space * 0.92)
    x0, y0, x1, _ = layout.inner
    r.draw_text(c, "MYSTERY DATE", layout.cx, y0 + 34, px=34, bold=True)
    # Legend: colour + pattern -> date, so nobody needs to tell the colours apart.
    for i, colour in enumerate(COLOURS):
        col, row = i % 2, i // 2
        lx = x0 + 26 + col * (x1 - x0) / 2
        ly = 578 + row * 56
        suit = r.SUIT_COLOURS[colour]
        r.draw_pattern(c, suit.pattern, lx, ly, 44, 44, suit.colour)
        c.line_width = 2
        c.stroke_style = pal.TEXT
        c.stroke_rect(lx, ly, 44, 44)
        r.draw_text(c, f"{colour} = {DATES[colour]}", lx + 54, ly + 22, align="left",
              max_width=(x1 - x0) / 2 - 70)


# --- the changing picture -------------------------------------------------------------

def _cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def draw_panels(c, scene: Scene) -> None:
    for seat in range(scene.n_players):
        x, y, w, h = panel_rect(seat, scene.n_players)
        style = player_style(seat)
        is_current = seat == scene.current
        r.draw_player_panel(c, (x, y, w, h), style, is_current, PANEL_FILL, CURRENT_FILL)
        r.draw_pawn(c, x + 34, y + 26, 34, style)
        r.draw_text(c, r.seat_title(seat, scene.names[seat]), x + 60, y + 26, bold=True, align="left",
                    max_width=w - 200)
        ready = scene.ready[seat]
        if scene.winner == seat:
            note = "WINNER!"
        elif ready and scene.face_up[seat]:
            note = "ready: " + "/".join(DATES[col].split()[-1] for col in ready)
        else:
            note = _cards(len(scene.hands[seat]))
        r.draw_text(c, note, x + w - 14, y + 26, bold=bool(ready) or scene.winner == seat, align="right",
              max_width=150)
        hand = scene.hands[seat]
        rects = hand_rects(seat, scene.n_players, len(hand))
        chooser = scene.human_turn and seat == scene.current
        for rect, card in zip(rects, hand):
            highlight = chooser and (scene.phase in (DISCARDING, GIVING) or
                                     (scene.phase == SHOWING and card.colour in ready))
            _card(c, rect, card, face_up=scene.face_up[seat], highlight=highlight)
        if not hand:
            r.draw_text(c, "no cards", x + w / 2, y + 50 + CARD_H / 2)
        if scene.human_turn and scene.phase == CHOOSING_OPPONENT and seat != scene.current and hand:
            r.dashed_ring(c, (x, y, w, h), pad=-8)


def draw_middle(c, layout: Layout, scene: Scene) -> None:
    """Piles, door, die and the turn line inside the ring."""
    choosing_pile = scene.human_turn and scene.phase == CHOOSING_PILE
    # Draw pile: a card back with its count.
    rect = layout.draw_rect
    if scene.draw_count:
        r.draw_card(c, *rect, colour=None, pattern=None, label="", face_up=False)
        if choosing_pile:
            r.dashed_ring(c, rect)
    else:
        _empty_slot(c, rect)
    r.draw_text(c, "Draw pile", rect[0] + rect[2] / 2, rect[1] + rect[3] + 24, bold=True)
    r.draw_text(c, _cards(scene.draw_count), rect[0] + rect[2] / 2, rect[1] + rect[3] + 52)
    # Discard pile: the top card face up.
    rect = layout.discard_rect
    if scene.discard_top is not None:
        _card(c, rect, scene.discard_top, highlight=choosing_pile)
    else:
        _empty_slot(c, rect)
    r.draw_text(c, "Discard", rect[0] + rect[2] / 2, rect[1] + rect[3] + 24, bold=True)
    r.draw_text(c, _cards(scene.discard_count), rect[0] + rect[2] / 2, rect[1] + rect[3] + 52)
    # The door: open on the date of this turn, closed otherwise.
    if scene.door is not None:
        _, colour, outcome = scene.door
        draw_door_open(c, layout.door_rect, colour, outcome)
    else:
        draw_door_closed(c, layout.door_rect,
                         highlight=scene.human_turn and scene.phase == SHOWING)
    # The die.
    x, y, w, _ = layout.die_rect
    if scene.last_roll is not None and not scene.hide_die:
        r.draw_die_face(c, x, y, w, scene.last_roll)
    elif not scene.hide_die:
        _empty_slot(c, layout.die_rect)
        r.draw_text(c, "die", x + w / 2, y + w / 2)
    if scene.human_turn and scene.phase == ROLLING:
        r.dashed_ring(c, layout.die_rect)
    # Whose turn, in the board's own words.
    if scene.current is not None:
        line = f"Turn {scene.turns + (scene.phase == ROLLING)}: Player {scene.current + 1}"
        r.draw_text(c, line, layout.cx, 548, bold=True, colour=pal.TEXT)


def draw_pawns(c, layout: Layout, scene: Scene) -> None:
    # The current player's pawn last, so it is on top.
    for seat, (x, y, size) in pawn_slots(layout, scene.positions, scene.hidden_pawn).items():
        r.draw_pawn(c, x, y, size, player_style(seat))


def draw_banner(c, layout: Layout, scene: Scene) -> None:
    if scene.end_reason is None:
        return
    if scene.winner is not None:
        outcome = scene.door[2] if scene.door else None
        sub = f"Ready for the {DATES[outcome]} date" if outcome in DATES else "Ready for her date"
    else:
        sub = f"Stopped after {scene.turns} turns"
    x0, _, x1, _ = layout.inner
    r.draw_end_banner(c, (x0 + 40, 436, (x1 - x0) - 80, 124), scene.winner, sub)


def draw_scene(c, layout: Layout, scene: Scene) -> None:
    """Everything that changes, on one (cleared) layer."""
    c.clear()
    draw_panels(c, scene)
    draw_middle(c, layout, scene)
    draw_pawns(c, layout, scene)
    draw_banner(c, layout, scene)


# --- animations ----------------------------------------------------------------------

GLIDE_MS = 40                  # per glide step of a pawn (the die's timing is render's)
DOOR_FRAMES, DOOR_MS, DOOR_HOLD_MS = 10, 60, 900


def roll_duration(value: int, scale: float = 1.0) -> float:
    """Seconds ``animate_roll`` plays for."""
    return r.roll_duration(value, GLIDE_MS, scale)


def door_duration(scale: float = 1.0) -> float:
    return scale * ((DOOR_FRAMES - 1) * DOOR_MS + DOOR_HOLD_MS) / 1000


def animate_roll(pieces, overlay, layout: Layout, before: Scene, after: Scene, seat: int,
                 start: int, value: int, scale: float = 1.0) -> None:
    """The die tumbles to ``value``, then the pawn glides space by space; then ``after`` is shown.

    Call inside ``safe_hold`` of the MultiCanvas: the whole animation is one message.
    """
    draw_scene(pieces, layout, replace(before, hidden_pawn=seat, hide_die=True, human_turn=False))
    size = layout.pawn_slot(start)[2] * 1.1
    path = [pawn_slots(layout, before.positions)[seat][:2]]
    path += [layout.pawn_slot(start + k)[:2] for k in range(1, value)]
    path.append(pawn_slots(layout, after.positions)[seat][:2])
    r.animate_roll_and_glide(overlay, layout.die_rect, value, before.die_sides, player_style(seat), size, path,
                             GLIDE_MS, seed=value * 7919 + start, scale=scale)
    draw_scene(pieces, layout, after)
    overlay.clear()


def animate_door(pieces, overlay, layout: Layout, before: Scene, after: Scene,
                 colour: str, outcome: str, scale: float = 1.0) -> None:
    """The door swings open on its left hinge to show the date (or the Dud); then ``after``."""
    draw_scene(pieces, layout, replace(before, human_turn=False))
    x, y, w, h = layout.door_rect

    def frame(c, i):
        c.clear()
        t = (i / (DOOR_FRAMES - 1)) ** 1.5
        draw_door_open(c, layout.door_rect, colour, outcome)
        if t >= 1:
            return
        # The door seen turning on its hinge: a narrowing, darkening quadrilateral.
        dw = w * (1 - t)
        lift = 18 * t
        c.fill_style = DOOR_FILL
        c.fill_polygon([(x, y), (x + dw, y - lift), (x + dw, y + h + lift), (x, y + h)])
        c.line_width = 4
        c.stroke_style = pal.TEXT
        c.stroke_polygon([(x, y), (x + dw, y - lift), (x + dw, y + h + lift), (x, y + h)])
        if dw > 40:
            c.fill_style = pal.YELLOW
            c.fill_circle(x + dw - 24 * (1 - t), y + h * 0.55, 9)

    r.animate_path(overlay, frame, DOOR_FRAMES, max(1, int(DOOR_MS * scale)))
    overlay.sleep(max(1, int(DOOR_HOLD_MS * scale)))
    draw_scene(pieces, layout, after)
    overlay.clear()

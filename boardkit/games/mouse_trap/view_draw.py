"""Drawing for the Mouse Trap app: pure functions of a snapshot of the game.

``snapshot(game, ...)`` copies what the picture needs out of a ``Game`` into
a small immutable :class:`Scene`; ``draw_board`` paints the static track once
(START and the main path round the edge, the Loop of 6 inside, the build
spaces that count for this many players tinted); ``draw_scene`` paints
everything that changes (mice, the players' panels with their cheese, the
contraption growing part by part, the die, the cheese pile, the parts built);
``hit_targets`` lists the clickable areas of a scene (the very rectangles
``draw_scene`` draws), so clicks are tested against exactly what is on
screen.  The animations (``animate_roll`` for a roll or a push,
``animate_crank`` for the chain reaction A-P) build a whole animation inside
one ``safe_hold`` with ``canvas.sleep`` so it travels to the browser as one
message.  Nothing here touches widgets or changes the game.

Logical canvas: 1280 x 800 (a WXGA projector), the board a square on the
left with the contraption in its middle (as on the real board), the
players' panels, the die, the cheese pile and the parts on the right.  All
text is 22 px or more.

Which parts make which stage of the contraption is not in the rulebook's
text; ``STAGE_PARTS`` is a reconstruction from its Building Plan, used only
for the picture (a stage is drawn solid once its parts are built).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from boardkit.core.events import latest_this_turn
from boardkit import render as r
from boardkit.render import palette as pal
from boardkit.render import player_glyph, player_style  # noqa: F401 (also vd.player_glyph)

from .game import CRANKING, ROLLING
from .rules import (AHEAD, BACK, BLANK, BUILD, CRANK, LOSE, PARTS, RIVAL, SAFE, STAGES, START, TAKE,
                    TO_CHEESE, WHEEL)

WIDTH, HEIGHT = 1280, 800
MARGIN = 8
BOARD = HEIGHT - 2 * MARGIN               # the board is a BOARD x BOARD square
PANEL_X = MARGIN + BOARD + 12             # the right-hand column
PANEL_W = WIDTH - PANEL_X - MARGIN
PANELS_H = 448                            # the players' panels fill the column's top
TEXT_PX = r.MIN_TEXT_PX                   # the smallest text anywhere on the canvas
LABEL_TOP = 0.28                          # a space's label: its first line this far (of the side) above the centre
LOOP_EDGE = 6                             # the thick inner edge of a Loop space (render.draw_ring_board's corners)
CURRENT_FILL = pal.CURRENT_FILL           # the panel of the player whose decision it is
PANEL_FILL = pal.WHITE
CHEESE = pal.YELLOW                       # cheese cards and the Cheese Wheel
CHEESE_EDGE = "#8A6D00"
UNBUILT_FILL = "#EDEDED"
UNBUILT_TEXT = "#595959"                  # 7:1 on UNBUILT_FILL: still readable on a projector
WORKED_FILL = "#CDEFE3"                   # a stage that worked (with a tick)
FAILED_FILL = pal.VERMILLION              # the stage that failed (with a cross and "FAILED")
CAGE = "#5C5C5C"

#: Fill of each space kind (light tints keep dark text above 7:1); the Loop's
#: landmarks are strong colours with white or dark text as reads best.
SPACE_FILLS = {
    START: "#D9D9D9", BLANK: pal.WHITE,
    TAKE: "#D5F0E6", LOSE: "#F9DCCB", RIVAL: "#F1D3E6",
    BACK: "#DDEFFA", AHEAD: "#DDEFFA", TO_CHEESE: CHEESE,
    SAFE: pal.BLUE, CRANK: pal.ORANGE, WHEEL: CHEESE,
}
BUILD_FILL = "#FBE6A2"                    # a build space that counts for this many players
BUILD_IDLE_FILL = pal.WHITE               # one that does not (drawn with a dashed inner edge)

#: The parts each stage A-P needs before it is drawn solid (a reconstruction of
#: the Building Plan; only the picture uses it).
STAGE_PARTS = (
    (1, 2, 3), (4,), (5, 6), (7,), (8, 10, 11), (9,), (12,), (13, 14, 15),
    (17,), (16,), (18,), (19,), (20,), (21, 22), (24,), (23,),
)
#: Short stage names for the contraption's boxes (STAGES has the full story).
STAGE_NAMES = ("crank", "gears", "lever", "shoe", "bucket + ball", "rickety stairs", "rain pipe",
               "helping hand", "bowling ball", "thingamajig", "bathtub", "diving board", "diver",
               "wash tub", "cage", "post")
# Unicode stand-ins of the pawn shapes, for widget text (status line, buttons).
def short_label(space) -> str:
    """The board text of a ``rules.Space``, on at most two short lines.

    ``"build 2-3-4"`` -> ``"2-3-4"``; ``"build 2-3-4 x2"`` -> ``"2-3-4\\nBUILD 2"``;
    ``"rival 3"`` -> ``"TAKE 3\\nRIVAL"``; ``"crank"`` -> ``"TURN\\nCRANK"``; "GO TO CHEESE" (the Cheese
    Wheel) -> ``"GO TO\\nWHEEL"`` (CHEESE does not fit a path space at 22 px).
    """
    kind, n = space.kind, space.amount
    if kind == BUILD:
        marks = "-".join(map(str, space.players))
        return marks if n == 1 else f"{marks}\nBUILD {n}"
    return {
        TAKE: f"TAKE {n}", LOSE: f"LOSE {n}", BACK: f"BACK {n}", AHEAD: f"AHEAD\n{n}",
        RIVAL: f"TAKE {n}\nRIVAL", TO_CHEESE: "GO TO\nWHEEL", START: "START", BLANK: "",
        SAFE: "SAFE", CRANK: "TURN\nCRANK", WHEEL: "CHEESE\nWHEEL",
    }[kind]


def space_fill(space, n_players: int) -> str:
    if space.kind == BUILD:
        return BUILD_FILL if n_players in space.players else BUILD_IDLE_FILL
    return SPACE_FILLS[space.kind]


def stage_built(stage: int, parts: int, n_parts: int) -> bool:
    """Is stage ``stage`` (0 = A) of the contraption in place with ``parts`` of ``n_parts`` built?"""
    if n_parts <= 0:
        return True
    need = max(STAGE_PARTS[stage])          # parts go in order: the last one it needs
    return parts >= math.ceil(need * n_parts / len(PARTS))


def part_name(part: int, n_parts: int) -> str:
    """The name of part ``part`` (1-based) of a trap of ``n_parts`` parts."""
    if n_parts == len(PARTS) and 1 <= part <= len(PARTS):
        return PARTS[part - 1]
    return f"part {part}"


# --- what the picture needs ------------------------------------------------------

@dataclass(frozen=True)
class Scene:
    """Everything ``draw_scene`` draws, copied out of the game (so it never changes under it)."""

    n_players: int
    spaces: tuple                # rules.spaces (START first, the Loop last)
    loop_start: int
    positions: tuple             # per seat: a space, or None once caught
    cheese: tuple                # per seat
    pile: int
    parts: int
    n_parts: int
    built_by: tuple              # per seat: parts she built (from the events)
    names: tuple                 # per seat: "human", "Trapper", ...
    current: int | None
    phase: str
    last_roll: int | None
    die_sides: int
    stage_odds: tuple            # floats, A-P
    backups: tuple
    crank: tuple | None          # (cranker, targets, stopped_at) of the crank this turn, else None
    pushable: tuple              # seats a human cranker may push now
    can_crank: bool              # a human cranker may turn the crank now
    winner: int | None
    end_reason: str | None
    turns: int
    human_turn: bool             # the current seat is a human: show what she may click
    hidden_pawn: int | None = None   # a pawn being animated is drawn by the animation
    hide_die: bool = False
    hide_crank: bool = False         # the crank animation draws the chain's outcome itself


def crank_state(events) -> tuple | None:
    """The crank turned in the latest turn, as (cranker, targets, stopped_at), else None."""
    event = latest_this_turn(events, "CrankTurned")
    return None if event is None else (event.player, tuple(event.targets), event.stopped_at)


def snapshot(game, names) -> Scene:
    """Copy what is drawn out of ``game``.  ``names[seat]`` is "human" or a bot name."""
    n = game.n_players
    humans = [name == "human" for name in names]
    current = game.current_player
    built_by = [0] * n
    for event in game.events or ():
        if type(event).__name__ == "Built":
            built_by[event.player] += 1
    human_turn = current is not None and humans[current]
    pushable, can_crank = (), False
    if human_turn and game.phase == CRANKING:
        legal = game.legal_actions()
        pushable = tuple(a.opponent for a in legal if type(a).__name__ == "Push")
        can_crank = any(type(a).__name__ == "Crank" for a in legal)
    rules = game.rules
    return Scene(
        n_players=n, spaces=tuple(rules.spaces), loop_start=rules.loop_start,
        positions=tuple(game.positions), cheese=tuple(game.cheese), pile=game.pile, parts=game.parts,
        n_parts=rules.n_parts, built_by=tuple(built_by), names=tuple(names), current=current,
        phase=game.phase, last_roll=game.last_roll, die_sides=rules.die_sides,
        stage_odds=tuple(rules.stage_floats), backups=tuple(rules.backups),
        crank=crank_state(game.events), pushable=pushable, can_crank=can_crank,
        winner=game.winner, end_reason=game.end_reason, turns=game.turns, human_turn=human_turn,
    )


# --- geometry --------------------------------------------------------------------

@dataclass(frozen=True)
class Layout:
    """Where everything goes on the 1280 x 800 canvas, for one track."""

    n_path: int
    n_loop: int
    space: float                 # side of a main-path space
    loop_space: float            # side of a Loop space (bigger: the game ends there)
    xs: tuple                    # centres of every space, START first, the Loop last
    ys: tuple
    inner: tuple                 # (x0, y0, x1, y1) of the board's inside
    stage_area: tuple            # (x, y, w, h) of the contraption's 4 x 4 boxes
    two_line: frozenset = frozenset()   # the spaces whose label takes two lines (TURN CRANK, ...)

    @classmethod
    def for_track(cls, n_path: int, n_loop: int) -> "Layout":
        # The main path runs clockwise round the edge from START (top-left corner);
        # one slot is left empty so the path's end does not touch START.
        n_ring = max(n_path + 1, 4)
        per_side = max(math.ceil(n_ring / 4), 1)
        space = min(BOARD / (per_side + 1), 92.0)   # a short track: spaced-out squares
        x0 = MARGIN + space / 2
        rx, ry = r.ring_positions(n_ring, x0, x0, BOARD - space, BOARD - space)
        lo, hi = MARGIN + space, MARGIN + BOARD - space
        inner_w = hi - lo
        # The Loop: two rows inside the board, top row left to right, bottom row back.
        cols = max(math.ceil(n_loop / 2), 1)
        stages_h = 4 * 62 + 30                     # the 4 x 4 boxes of the trap below the Loop
        loop_space = min(space * 1.25, (inner_w - 40) / cols, 110.0, (inner_w - 96 - stages_h) / 2)
        # SAFE level with the path's last space (a straight arrow in), below the title.
        lx0 = lo + 20 + loop_space / 2
        ly0 = max(float(ry[n_path - 1]) if n_path else 0.0, lo + 56 + loop_space / 2)
        ly0 = min(ly0, lo + 130 + loop_space / 2, hi - 8 - stages_h - 40 - 1.5 * loop_space)
        lxs, lys = [], []
        for i in range(n_loop):
            col, row = (i, 0) if i < cols else (cols - 1 - (i - cols), 1)
            lxs.append(lx0 + col * loop_space)
            lys.append(ly0 + row * loop_space)
        top = ly0 + 1.5 * loop_space + 40
        stage_area = (lo + 8, top, inner_w - 16, hi - 8 - top)
        return cls(n_path, n_loop, space, loop_space,
                   tuple(float(x) for x in list(rx[:n_path]) + lxs),
                   tuple(float(y) for y in list(ry[:n_path]) + lys),
                   (lo, lo, hi, hi), stage_area)

    @classmethod
    def for_rules(cls, rules) -> "Layout":
        two_line = frozenset(p for p, space in enumerate(rules.spaces) if "\n" in short_label(space))
        return replace(cls.for_track(len(rules.path), len(rules.loop)), two_line=two_line)

    def size_of(self, position: int) -> float:
        return self.loop_space if position >= self.n_path else self.space

    def space_rect(self, position: int):
        s = self.size_of(position)
        return (self.xs[position] - s / 2, self.ys[position] - s / 2, s, s)

    @property
    def loop_rect(self):
        """(x, y, w, h) around the Loop's spaces."""
        xs, ys = self.xs[self.n_path:], self.ys[self.n_path:]
        s = self.loop_space
        return (min(xs) - s / 2, min(ys) - s / 2, max(xs) - min(xs) + s, max(ys) - min(ys) + s)

    def stage_rect(self, stage: int):
        """Box of stage ``stage`` (0 = A): a snake of 4 rows, A-D, H-E, I-L, P-M."""
        x, y, w, h = self.stage_area
        gap = 10
        bw, bh = (w - 3 * gap) / 4, (h - 3 * gap) / 4
        row, col = divmod(stage, 4)
        if row % 2:
            col = 3 - col
        return (x + col * (bw + gap), y + row * (bh + gap), bw, bh)

    @property
    def die_rect(self):
        return (PANEL_X + 6, PANELS_H + 26, 84, 84)

    @property
    def pile_rect(self):
        return (PANEL_X + 120, PANELS_H + 26, 84, 84)

    def part_rects(self, n_parts: int):
        """The numbered cells of the parts 1..n_parts, 12 a row."""
        if n_parts <= 0:
            return []
        cols = min(12, n_parts)
        rows = math.ceil(n_parts / cols)
        cell = min(36.0, (PANEL_W - 4) / cols - 2, 112 / rows - 2)
        top = PANELS_H + 172
        return [(PANEL_X + 2 + (i % cols) * (cell + 2), top + (i // cols) * (cell + 2), cell, cell)
                for i in range(n_parts)]

    def pawn_slot(self, position: int, index: int = 0, count: int = 1):
        """(x, y, size) of the ``index``-th of ``count`` mice on ``position``.

        The label takes the upper half of a space and the mice stand below it,
        so a label is never hidden.  Under a two-line label (TURN CRANK) the
        mice stand in one row in the room left below the second line, smaller
        as they get more.  Under a one-line label one to three stand in a row,
        and four (all mice on START at the start) in a 2 x 2 group of slightly
        smaller mice, so the word START stays readable.
        """
        x, y, size = self.xs[position], self.ys[position], self.size_of(position)
        n_lines = 2 if position in self.two_line else 1
        if count < 4 and n_lines == 1:
            return r.slot_in_space(x, y, size, index, count)
        below = self.under_label(position) - y
        room = size / 2 - below                  # from the label's last line to the space's bottom
        if n_lines == 2:                         # one row, under both lines
            in_row = min(count, 4)
            largest, pitch = ROW_UNDER_TWO_LINES[in_row]
            mouse = max(min(size * largest, room / 1.2), size * 0.2)
            return x + (index % 4 - (in_row - 1) / 2) * size * pitch, y + below + room / 2, mouse
        mouse = max(min(size * 0.26, room / 2.4), size * 0.2)
        ox, oy = ((-1, 0), (1, 0), (-1, 1), (1, 1))[index % 4]
        return x + ox * size * 0.22, y + below + room * (1 + 2 * oy) / 4, mouse


    def under_label(self, position: int) -> float:
        """The height where the room under the label of the space ``position`` begins (its last line's bottom)."""
        size = self.size_of(position)
        n_lines = 2 if position in self.two_line else 1
        return self.ys[position] - size * LABEL_TOP + (n_lines - 1) * label_px(size) * 1.05 + label_px(size) / 2

    def cage_rect(self, wheel: int):
        """(x, y, w, h) of the cage fallen on the Cheese Wheel ``wheel``: over the mice under its label, inside the
        thick edge of a Loop space, clear of the label."""
        x, y, size = self.xs[wheel], self.ys[wheel], self.size_of(wheel)
        top, bottom = self.under_label(wheel) + 2, y + size / 2 - LOOP_EDGE - 2
        return (x - size / 2 + LOOP_EDGE + 8, top, size - 2 * LOOP_EDGE - 16, bottom - top)


#: mice in a row under a two-line label: count -> (largest mouse, distance between mice), in space sides
ROW_UNDER_TWO_LINES = {1: (0.30, 0.0), 2: (0.28, 0.40), 3: (0.25, 0.31), 4: (0.21, 0.245)}


def label_px(size: float) -> float:
    """The text size of the labels on a space of side ``size``."""
    return min(26, max(TEXT_PX, size * 0.24))


def label_lines(layout: Layout, position: int, space):
    """(text, x, y, px) of each line of a space's label: in the space's upper half, the mice stand below."""
    x, y, s = layout.xs[position], layout.ys[position], layout.size_of(position)
    px = label_px(s)
    lines = short_label(space).split("\n")
    return [(line, x, y - s * LABEL_TOP + i * px * 1.05, px) for i, line in enumerate(lines) if line]


def label_room(layout: Layout, position: int) -> float:
    """How wide a line of the label of the space ``position`` may be: a path space's 0.9, a Loop space's inside its
    thick edge with 4 px to spare."""
    size = layout.size_of(position)
    return size * 0.9 if position < layout.n_path else size - 2 * LOOP_EDGE - 8


def label_style(lines, room: float) -> tuple[bool, float]:
    """(bold, px) of a space's label (``label_lines``): bold at its size where every line fits ``room`` pixels so,
    squeezed to ``render.MIN_SQUEEZE`` of its width at most; else in regular type, narrower (TAKE 1 on a path
    space); else regular at TEXT_PX (CHEESE on the Loop)."""
    px = lines[0][3] if lines else TEXT_PX
    for bold, size in ((True, px), (False, px), (False, TEXT_PX)):
        if all(r.text_width(line, size, bold) * r.MIN_SQUEEZE <= room for line, *_ in lines):
            return bold, size
    return False, TEXT_PX


def pawn_slots(layout: Layout, positions, hidden=None):
    """seat -> (x, y, size) for every mouse on the board (mice sharing a space stand side by side)."""
    return r.pawn_slots(positions, layout.pawn_slot, hidden)


def panel_rect(seat: int, n_players: int):
    slots = max(n_players, 4)
    h = (PANELS_H - MARGIN) / slots
    return (PANEL_X, MARGIN + seat * h, PANEL_W, h - 8)


@dataclass(frozen=True)
class Target:
    """A clickable thing on the canvas."""

    kind: str                    # "pawn", "panel", "trap", "crank", "die", "space"
    rect: tuple
    seat: int | None = None
    position: int | None = None


def hit_targets(layout: Layout, scene: Scene):
    """Clickable areas, most specific first: mice, the die, the trap, panels, spaces."""
    out = []
    for seat, (x, y, size) in pawn_slots(layout, scene.positions).items():
        out.append(Target("pawn", (x - size / 2, y - size / 2, size, size), seat=seat))
    out.append(Target("die", layout.die_rect))
    out += [Target("panel", panel_rect(p, scene.n_players), seat=p) for p in range(scene.n_players)]
    x, y, w, h = layout.stage_area
    out.append(Target("trap", (x, y - 40, w, h + 40)))
    for position in range(len(scene.spaces)):
        kind = "crank" if scene.spaces[position].kind == CRANK else "space"
        out.append(Target(kind, layout.space_rect(position), position=position))
    return out


def target_at(layout: Layout, scene: Scene, x: float, y: float):
    """The clickable thing under (x, y), or None."""
    return r.target_under(hit_targets(layout, scene), x, y)


def draw_cheese(c, x, y, size):
    """A wedge of cheese (a cheese card) with its holes, about ``size`` wide, centred on (x, y)."""
    h = size * 0.62
    pts = [(x - size / 2, y + h / 2), (x + size / 2, y + h / 2), (x + size / 2, y - h / 2)]
    c.fill_style = CHEESE
    c.fill_polygon(pts)
    c.line_width = 2
    c.stroke_style = CHEESE_EDGE
    c.stroke_polygon(pts)
    c.fill_style = CHEESE_EDGE
    c.fill_circle(x + size * 0.22, y + h * 0.18, size * 0.07)
    c.fill_circle(x + size * 0.02, y + h * 0.32, size * 0.05)


def _cross(c, x, y, size, colour=pal.WHITE):
    c.save()
    c.line_width = max(4, size / 5)
    c.stroke_style = colour
    c.line_cap = "round"
    h = size / 2
    c.stroke_line(x - h, y - h, x + h, y + h)
    c.stroke_line(x - h, y + h, x + h, y - h)
    c.restore()


def draw_cage(c, x, y, w, h, colour=CAGE):
    """The cage over the rectangle (x, y, w, h): a lid over a frame of bars."""
    lid = max(6, h * 0.13)
    c.save()
    c.line_width = max(3, min(w, h) / 14)
    c.stroke_style = colour
    c.stroke_rect(x, y + lid / 2, w, h - lid / 2)
    for i in range(1, 5):
        c.stroke_line(x + i * w / 5, y + lid / 2, x + i * w / 5, y + h)
    c.fill_style = colour
    c.fill_rect(x - 4, y, w + 8, lid)
    c.restore()


# --- the static board --------------------------------------------------------------------

def draw_board(c, layout: Layout, spaces, n_players: int) -> None:
    """Background, the track with its labels, the Loop, and the frame of the trap."""
    c.clear()
    c.fill_style = r.BACKGROUND
    c.fill_rect(0, 0, WIDTH, HEIGHT)
    n_path = layout.n_path
    fills = [space_fill(s, n_players) for s in spaces]
    # The path (one size) and the Loop (bigger), each in two vectorised commands.
    r.draw_ring_board(c, (layout.xs[:n_path], layout.ys[:n_path]), layout.space, fills[:n_path])
    r.draw_ring_board(c, (layout.xs[n_path:], layout.ys[n_path:]), layout.loop_space, fills[n_path:],
                      None, [True] * layout.n_loop)
    # Build spaces that do not count for this many players: a dashed inner edge.
    for position, space in enumerate(spaces):
        if space.kind == BUILD and n_players not in space.players:
            x, y, w, h = layout.space_rect(position)
            c.save()
            c.line_width = 2
            c.stroke_style = UNBUILT_TEXT
            c.set_line_dash([5, 5])
            c.stroke_rect(x + 5, y + 5, w - 10, h - 10)
            c.restore()
    for position, (space, fill) in enumerate(zip(spaces, fills)):
        colour = r.text_colour_on(fill)
        lines, room = label_lines(layout, position, space), label_room(layout, position)
        bold, px = label_style(lines, room)
        for line, x, y, _ in lines:
            r.draw_text(c, line, x, y, px=px, bold=bold, colour=colour, max_width=room)
    # The way into the Loop, and round it.
    if layout.n_loop and n_path:
        end = (layout.xs[n_path - 1] + layout.space / 2, layout.ys[n_path - 1])
        safe = (layout.xs[n_path] - layout.loop_space / 2, layout.ys[n_path])
        r.draw_arrow(c, end[0] + 2, end[1], safe[0] - 2, safe[1])
    x0, y0, x1, _ = layout.inner
    r.draw_text(c, "MOUSE TRAP", (x0 + x1) / 2, y0 + 32, px=36, bold=True, max_width=x1 - x0 - 16)
    lx, ly, lw, lh = layout.loop_rect
    kx = lx + lw + 24
    room = x1 - kx - 8
    r.draw_text(c, "\u21bb THE LOOP", kx, ly + 24, px=26, bold=True, align="left", max_width=room)
    r.draw_text(c, "round and round", kx, ly + 58, align="left", max_width=room)
    r.draw_text(c, "until one mouse", kx, ly + 86, align="left", max_width=room)
    r.draw_text(c, "is left", kx, ly + 114, align="left", max_width=room)
    # Key: which build spaces count in this game.
    c.fill_style = BUILD_FILL
    c.fill_rect(kx, ly + lh - 40, 44, 36)
    c.line_width = 2
    c.stroke_style = pal.TEXT
    c.stroke_rect(kx, ly + lh - 40, 44, 36)
    r.draw_text(c, f"= build, {n_players} players", kx + 52, ly + lh - 22, align="left", max_width=x1 - kx - 60)


# --- the changing picture -------------------------------------------------------------

def _cheese_text(n: int) -> str:
    return f"{n} cheese"


def _where(scene: Scene, seat: int) -> str:
    position = scene.positions[seat]
    if position is None:
        return "CAUGHT in the trap"
    space = scene.spaces[position]
    if space.kind == BLANK:
        return f"on space {position}"
    return "on " + short_label(space).replace("\n", " ")


def draw_panels(c, scene: Scene) -> None:
    for seat in range(scene.n_players):
        x, y, w, h = panel_rect(seat, scene.n_players)
        style = player_style(seat)
        is_current = seat == scene.current
        caught = scene.positions[seat] is None
        r.draw_player_panel(c, (x, y, w, h), style, is_current, UNBUILT_FILL if caught else PANEL_FILL,
                            CURRENT_FILL)
        r.draw_pawn(c, x + 36, y + 30, 38, style)
        if caught:
            draw_cage(c, x + 11, y + 7, 50, 46)
        r.draw_text(c, r.seat_title(seat, scene.names[seat]), x + 66, y + 26, bold=True, align="left", max_width=w - 80)
        line2 = y + h - 26
        draw_cheese(c, x + 36, line2, 34)
        r.draw_text(c, _cheese_text(scene.cheese[seat]), x + 62, line2, bold=True, align="left", max_width=120)
        if scene.winner == seat:
            note = "WINNER!"
        else:
            note = _where(scene, seat)
        built = scene.built_by[seat]
        note = f"{'CAUGHT' if caught else note} \u00b7 built {built}" if built else note
        r.draw_text(c, note, x + w - 12, line2, align="right", max_width=w - 200,
              bold=caught or scene.winner == seat)
        if scene.human_turn and seat in scene.pushable:
            r.dashed_ring(c, (x, y, w, h), pad=-8)


def draw_side(c, layout: Layout, scene: Scene) -> None:
    """The die, the cheese pile and the parts built, under the panels."""
    x, y, w, _ = layout.die_rect
    if scene.last_roll is not None and not scene.hide_die:
        r.draw_die_face(c, x, y, w, scene.last_roll)
    elif not scene.hide_die:
        r.dashed_ring(c, (x, y, w, w), pad=0, width=3)
        r.draw_text(c, "die", x + w / 2, y + w / 2)
    if scene.human_turn and scene.phase == ROLLING:
        r.dashed_ring(c, layout.die_rect)
    px, py, pw, ph = layout.pile_rect
    draw_cheese(c, px + pw / 2, py + ph / 2, pw * 0.95)
    r.draw_text(c, "Cheese pile", px + pw + 12, py + ph / 2 - 16, bold=True, align="left")
    r.draw_text(c, f"{r.counted(scene.pile, 'card')} left", px + pw + 12, py + ph / 2 + 16, align="left")
    # Parts of the trap, numbered in building order.
    top = layout.part_rects(max(scene.n_parts, 1))[0][1]
    done = scene.parts >= scene.n_parts
    title = (f"Parts built: {scene.parts} of {scene.n_parts}" +
             (" \u2014 trap complete!" if done else ""))
    r.draw_text(c, title, PANEL_X + 2, top - 22, bold=True, align="left", max_width=PANEL_W - 4)
    for i, (cx, cy, cw, ch) in enumerate(layout.part_rects(scene.n_parts)):
        built = i < scene.parts
        c.fill_style = BUILD_FILL if built else UNBUILT_FILL
        c.fill_rect(cx, cy, cw, ch)
        c.line_width = 3 if i == scene.parts - 1 else 1.5
        c.stroke_style = pal.TEXT if built else UNBUILT_TEXT
        c.stroke_rect(cx, cy, cw, ch)
        r.draw_text(c, i + 1, cx + cw / 2, cy + ch / 2 + 1, px=TEXT_PX, bold=built,
              colour=pal.TEXT if built else UNBUILT_TEXT, max_width=cw - 4)
    rects = layout.part_rects(scene.n_parts)
    below = (rects[-1][1] + rects[-1][3] + 24) if rects else top + 20
    if scene.parts:
        last = f"Last built: #{scene.parts} {part_name(scene.parts, scene.n_parts)}"
    else:
        last = "No part built yet"
    r.draw_text(c, last, PANEL_X + 2, below, align="left", max_width=PANEL_W - 4)


def draw_stage(c, layout: Layout, scene: Scene, stage: int, state: str) -> None:
    """One box of the chain: ``state`` is "unbuilt", "built", "worked", "failed" or "now"."""
    x, y, w, h = layout.stage_rect(stage)
    letter, _ = STAGES[stage]
    fill = {"unbuilt": UNBUILT_FILL, "built": pal.WHITE, "worked": WORKED_FILL,
            "failed": FAILED_FILL, "now": CURRENT_FILL}[state]
    c.fill_style = fill
    c.fill_rect(x, y, w, h)
    c.save()
    c.line_width = 6 if state in ("failed", "now") else 2
    c.stroke_style = UNBUILT_TEXT if state == "unbuilt" else pal.TEXT
    if state == "unbuilt":
        c.set_line_dash([7, 6])
    c.stroke_rect(x, y, w, h)
    c.restore()
    colour = UNBUILT_TEXT if state == "unbuilt" else r.text_colour_on(fill)
    odds = scene.stage_odds[stage]
    backup = " +" if letter in scene.backups else ""
    head = f"{letter}  {odds:.0%}{backup}" if state != "failed" else f"{letter} FAILED"
    r.draw_text(c, head, x + 10, y + h * 0.3, bold=True, colour=colour, align="left", max_width=w - 44)
    r.draw_text(c, STAGE_NAMES[stage], x + 10, y + h * 0.72, colour=colour, align="left", max_width=w - 16)
    if state == "worked":
        r.draw_tick(c, x + w - 22, y + h * 0.3, 24)
    elif state == "failed":
        _cross(c, x + w - 22, y + h * 0.3, 22)


def stage_states(scene: Scene) -> list[str]:
    """How each stage A-P is drawn now: built or not, and the last crank's outcome this turn."""
    states = ["built" if stage_built(i, scene.parts, scene.n_parts) else "unbuilt"
              for i in range(len(STAGES))]
    if scene.crank is not None and not scene.hide_crank:
        stopped = scene.crank[2]
        for i in range(min(stopped, len(STAGES))):
            states[i] = "worked"
        if stopped < len(STAGES):
            states[stopped] = "failed"
    return states


def draw_trap(c, layout: Layout, scene: Scene, states=None) -> None:
    """The contraption: the chain A-P as a snake of boxes, joined by arrows."""
    x, y, w, h = layout.stage_area
    complete = scene.parts >= scene.n_parts
    title = "THE TRAP: complete \u2014 ready to crank" if complete else (
        f"THE TRAP: {scene.parts} of {scene.n_parts} parts built")
    if scene.crank is not None and not scene.hide_crank:
        stopped = scene.crank[2]
        title = ("THE TRAP: the cage fell!" if stopped >= len(STAGES) else
                 f"THE TRAP: stopped at stage {STAGES[stopped][0]}")
    r.draw_text(c, title, x + w / 2, y - 22, bold=True, max_width=w)
    states = stage_states(scene) if states is None else states
    for i in range(len(STAGES) - 1):
        ax, ay, aw, ah = layout.stage_rect(i)
        bx, by, bw, bh = layout.stage_rect(i + 1)
        if abs(ay - by) < 1:          # along a row
            if bx > ax:
                r.draw_arrow(c, ax + aw, ay + ah / 2, bx, by + bh / 2, width=3, head=10)
            else:
                r.draw_arrow(c, ax, ay + ah / 2, bx + bw, by + bh / 2, width=3, head=10)
        else:                         # down to the next row
            r.draw_arrow(c, ax + aw / 2, ay + ah, bx + bw / 2, by, width=3, head=10)
    for i, state in enumerate(states):
        draw_stage(c, layout, scene, i, state)
    if scene.human_turn and scene.can_crank:
        r.dashed_ring(c, (x, y, w, h), pad=4)


def draw_pawns(c, layout: Layout, scene: Scene) -> None:
    slots = pawn_slots(layout, scene.positions, scene.hidden_pawn)
    # The current player's mouse last, so it is on top.
    for seat in sorted(slots, key=lambda s: s == scene.current):
        x, y, size = slots[seat]
        r.draw_pawn(c, x, y, size, player_style(seat))
        if scene.human_turn and seat in scene.pushable:
            r.dashed_ring(c, (x - size / 2, y - size / 2, size, size), pad=5, width=4)


def draw_marks(c, layout: Layout, scene: Scene) -> None:
    """The cage over the wheel when the last crank caught mice; the crank space when it can turn."""
    wheel = next((i for i, s in enumerate(scene.spaces) if s.kind == WHEEL), None)
    if wheel is None:
        return
    if scene.crank is not None and not scene.hide_crank and scene.crank[2] >= len(STAGES):
        draw_cage(c, *layout.cage_rect(wheel))
    crank = next((i for i, s in enumerate(scene.spaces) if s.kind == CRANK), None)
    if crank is not None and scene.human_turn and scene.can_crank:
        r.dashed_ring(c, layout.space_rect(crank), pad=-6, width=4)


def draw_banner(c, layout: Layout, scene: Scene) -> None:
    if scene.end_reason is None:
        return
    if scene.winner is not None:
        sub = "The last mouse on the board"
    else:
        sub = f"Stalemate after {scene.turns} turns"
    x0, _, x1, y1 = layout.inner
    y = (layout.stage_area[1] + y1) / 2 - 62
    r.draw_end_banner(c, (x0 + 40, y, (x1 - x0) - 80, 124), scene.winner, sub)


def draw_scene(c, layout: Layout, scene: Scene) -> None:
    """Everything that changes, on one (cleared) layer."""
    c.clear()
    draw_panels(c, scene)
    draw_side(c, layout, scene)
    draw_trap(c, layout, scene)
    draw_marks(c, layout, scene)
    draw_pawns(c, layout, scene)
    draw_banner(c, layout, scene)


# --- animations ----------------------------------------------------------------------

GLIDE_MS = 35                  # per glide step of a mouse (the die's timing is render's)
STAGE_MS, FAIL_HOLD_MS, CAGE_FRAMES, CAGE_MS, CAUGHT_HOLD_MS = 110, 1000, 8, 60, 700


def roll_duration(value: int, scale: float = 1.0) -> float:
    """Seconds ``animate_roll`` plays for."""
    return r.roll_duration(value, GLIDE_MS, scale)


def crank_duration(stopped_at: int = len(STAGES), scale: float = 1.0) -> float:
    """Seconds ``animate_crank`` plays for: one beat per stage reached, then the outcome."""
    if stopped_at >= len(STAGES):
        ms = len(STAGES) * STAGE_MS + (CAGE_FRAMES - 1) * CAGE_MS + CAUGHT_HOLD_MS
    else:
        ms = (stopped_at + 1) * STAGE_MS + FAIL_HOLD_MS
    return scale * ms / 1000


def glide_path(layout: Layout, rules_forward, start: int, value: int):
    """Space centres a mouse passes over: ``rules_forward(start, k)`` for k = 1 .. value."""
    return [layout.pawn_slot(rules_forward(start, k))[:2] for k in range(1, value + 1)]


def animate_roll(pieces, overlay, layout: Layout, before: Scene, after: Scene, seat: int,
                 start: int, value: int, forward, scale: float = 1.0) -> None:
    """The die tumbles to ``value``, then ``seat``'s mouse glides space by space; then ``after``.

    ``forward(position, steps)`` is ``rules.forward``.  Used for a roll and for a
    push (the cranker's roll moves an opponent's mouse).  Call inside
    ``safe_hold`` of the MultiCanvas: the whole animation is one message.
    """
    draw_scene(pieces, layout, replace(before, hidden_pawn=seat, hide_die=True, human_turn=False))
    size = layout.pawn_slot(start)[2] * 1.1
    start_xy = pawn_slots(layout, before.positions)[seat][:2]
    # Space by space to where the die says; then on to where that space sends it
    # (GO BACK, MOVE AHEAD, GO TO CHEESE), or into its place among the mice there.
    path = [start_xy] + glide_path(layout, forward, start, value)
    landed = forward(start, value)
    end = pawn_slots(layout, after.positions).get(seat)
    if end is not None and after.positions[seat] != landed:
        path.append(end[:2])
    elif end is not None:
        path[-1] = end[:2]
    r.animate_roll_and_glide(overlay, layout.die_rect, value, before.die_sides, player_style(seat), size, path,
                             GLIDE_MS, seed=value * 7919 + start, scale=scale)
    draw_scene(pieces, layout, after)
    overlay.clear()


def animate_crank(pieces, overlay, layout: Layout, before: Scene, after: Scene, scale: float = 1.0) -> None:
    """The chain reaction: stage after stage lights up and ticks, until one fails
    (a red box with a cross, held a moment) or the cage drops on the Cheese Wheel.

    ``after.crank`` holds the outcome (the game has already run the chain).
    The mice on the wheel stay there until the outcome is shown.
    """
    _, targets, stopped = after.crank
    # During the chain: the old picture, but the trap plain (its outcome comes stage by stage).
    shown = replace(before, hide_crank=True, human_turn=False, crank=None)
    draw_scene(pieces, layout, shown)
    n = len(STAGES)
    base = ["built"] * n
    beat = max(1, int(STAGE_MS * scale))

    def stage_frame(c, i):
        c.clear()
        states = list(base)
        for k in range(i):
            states[k] = "worked"
        if i < n:
            states[i] = "failed" if i == stopped else "now"
        draw_trap(c, layout, replace(shown, crank=None), states)
        if i < n and i != stopped:      # the ball on its way
            sx, sy, sw, sh = layout.stage_rect(i)
            c.fill_style = pal.TEXT
            c.fill_circle(sx + sw - 24, sy + sh * 0.72, 10)

    reached = min(stopped, n - 1) + 1 if stopped < n else n
    r.animate_path(overlay, stage_frame, reached, beat)
    wheel = next(i for i, s in enumerate(after.spaces) if s.kind == WHEEL)
    if stopped < n:
        overlay.sleep(max(1, int(FAIL_HOLD_MS * scale)))
    else:
        cx, cy, cw, ch = layout.cage_rect(wheel)
        drop = layout.loop_space * 1.6

        def cage_frame(c, i):
            t = i / (CAGE_FRAMES - 1)
            stage_frame(c, n)
            draw_cage(c, cx, cy - drop * (1 - t) ** 2, cw, ch)

        overlay.sleep(beat)
        r.animate_path(overlay, cage_frame, CAGE_FRAMES, max(1, int(CAGE_MS * scale)))
        overlay.sleep(max(1, int(CAUGHT_HOLD_MS * scale)))
    draw_scene(pieces, layout, after)
    overlay.clear()

"""The Philo Vance estate on the canvas: where everything goes, and the board drawn once.

The canvas is 1920 x 960 logical pixels: the board a ``BOARD`` px square at
the left (the board file's 24 x 24 units, 39 px each), the court cards in the
right-hand column (:mod:`.view_court`).  The knowledge grid is a page element
under the App's controls (:mod:`.view_grid`).  :class:`Layout` turns the board's coordinates into
pixels and says where the dice, the Judge and the legend go (in free corners
of the lawn) and where pieces sharing a space stand (side by side, never
hiding each other).

``draw_board`` paints what never changes during a game: the lawn, the house,
the living room and the garage, the paths (two-way lines; the one-way steps
from Park Here and from the Radio Car queue dashed), the spaces (concrete: grey
squares; flagstones: tan circles; the house's squares), the marks on them (a
red clue spot is a red disc with a white ring, a green arrow space a green
disc with a white arrow pointing at X, the living room's squares carry arrows
into X or round the room), START and Park Here, the Radio Car and Call Boxes
1-3, the places of the clue pile and the discards, and a legend.  The glyphs
of the pieces (the detectives' pawns, Philo Vance's top hat, the Judge's
gavel) are here too.  Nothing here touches widgets or the game.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from boardkit import render as r
from boardkit.render import palette as pal
from boardkit.render import player_style
from boardkit.render.text import canvas_text_scale

from . import board as bd
from .rules import PHILO_VANCE

MARGIN = 8
BOARD = 944                                   # the board: a BOARD x BOARD square at the top left
WIDTH, HEIGHT = 1920, BOARD + 2 * MARGIN     # the board and the court cards beside it
UNIT = BOARD / bd.SIZE                        # pixels per board unit
#: the smallest word on the canvas: a laptop (1280 x 900) shows the 1,920 px canvas at 0.58 to 0.63 of its size,
#: and a word there is 14 px or more only from 24 px up (issue 24)
TEXT_PX = 24

LAWN = "#BCDCA0"
PATH = "#8C6D46"
HOUSE_FILL, HOUSE_EDGE = "#EFE4D0", "#7A5C3A"
ROOM_FILL = "#FAF3E3"
GARAGE_FILL, GARAGE_EDGE = "#CFCFCF", "#555555"
PANEL_FILL, PANEL_EDGE = "#E6EEFA", "#2A5AA0"
RED_SPOT = "#C8102E"
ARROW_GREEN = "#1B7F3B"
#: Fill of each kind of space.  Concrete is a grey square, a flagstone a tan circle.
SPACE_FILLS = {
    bd.PARK: "#D9D9D9", bd.START: "#FFF2A8", bd.CONCRETE: "#BDBDBD", bd.FLAGSTONE: "#D8C39A",
    bd.HALL: "#E8DCC8", bd.ROOM_SIDE: "#F3E6CC", bd.ROOM_DIAGONAL: "#F3E6CC", bd.X: pal.WHITE,
    bd.RADIO_CAR: "#7AA7E0", bd.CALL_BOX: "#BCD3F0",
}
#: Side of each kind of space, in board units (flagstones: the circle's diameter).
SPACE_SIZES = {
    bd.PARK: 1.05, bd.START: 1.05, bd.CONCRETE: 1.0, bd.FLAGSTONE: 1.02, bd.HALL: 1.1,
    bd.ROOM_SIDE: 1.3, bd.ROOM_DIAGONAL: 1.3, bd.X: 1.35, bd.RADIO_CAR: 1.1, bd.CALL_BOX: 1.1,
}
PIECE = 0.8 * UNIT                            # a piece's size when it stands alone


def draw_words(c, text, x, y, px=TEXT_PX, grow=True, **style):
    """``text`` at ``px`` (at least ``TEXT_PX``), grown with Large type where it fits its ``max_width``: never
    smaller than without Large type (``render.draw_scaled_text``); not grown (``grow=False``) where a bigger text
    would touch what is above or under it (a pile's words in their box, the call boxes' numbers)."""
    r.draw_scaled_text(c, canvas_text_scale() if grow else 1.0, text, x, y, px=px, min_growth=1.0, **style)


def to_px(x: float, y: float):
    """Board units -> canvas pixels."""
    return MARGIN + x * UNIT, MARGIN + y * UNIT


def box_px(box):
    """A rectangle [x, y, w, h] in board units -> canvas pixels."""
    x, y = to_px(box[0], box[1])
    return (x, y, box[2] * UNIT, box[3] * UNIT)


# --- geometry --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Layout:
    """Where everything goes on the 1920 x 960 canvas, for one board."""

    xs: tuple                    # centre of every space, in pixels
    ys: tuple
    sizes: tuple                 # side of every space, in pixels
    kinds: tuple
    areas: dict                  # the board's areas (piles, radio car panel, house, ...) in pixels
    dice_rect: tuple             # the two dice, in the lawn's top-left corner
    judge_rect: tuple            # the Judge and Philo Vance, in the top-right corner
    legend_rect: tuple

    @classmethod
    def for_board(cls, board) -> "Layout":
        xs, ys = zip(*(to_px(s.x, s.y) for s in board.spaces))
        sizes = tuple(SPACE_SIZES[s.kind] * UNIT for s in board.spaces)
        areas = {name: box_px(box) for name, box in board.areas.items()}
        return cls(tuple(xs), tuple(ys), sizes, tuple(s.kind for s in board.spaces), areas,
                   box_px((0.3, 0.3, 6.3, 3.8)), box_px((18.15, 0.3, 5.55, 3.6)), box_px((0.3, 4.4, 3.55, 5.6)))

    @classmethod
    def for_rules(cls, rules) -> "Layout":
        return cls.for_board(rules.estate)

    def space_rect(self, space: int):
        s = self.sizes[space]
        return (self.xs[space] - s / 2, self.ys[space] - s / 2, s, s)

    def piece_slot(self, space: int, index: int = 0, count: int = 1):
        """(x, y, size) of the ``index``-th of ``count`` pieces on ``space``: side by side, never hidden.

        One piece stands in the middle, two side by side, more in two rows (the top row the longer).
        """
        x, y = self.xs[space], self.ys[space]
        if count <= 1:
            return x, y, PIECE
        size = PIECE * (0.9 if count <= 4 else 0.82)
        step = size * 1.04
        if count == 2:
            return x + (index - 0.5) * step, y, size
        per_row = math.ceil(count / 2)
        row, col = divmod(index, per_row)
        in_row = per_row if row == 0 else count - per_row
        return x + (col - (in_row - 1) / 2) * step, y + (row - 0.5) * step, size


def piece_slots(layout: Layout, positions, hidden=()):
    """piece -> (x, y, size) for every piece on the board (seats first, Philo Vance last)."""
    by_space = {}
    for piece, space in enumerate(positions):
        if space is not None and piece not in hidden:
            by_space.setdefault(space, []).append(piece)
    slots = {}
    for space, pieces in by_space.items():
        for i, piece in enumerate(pieces):
            slots[piece] = layout.piece_slot(space, i, len(pieces))
    return slots


# --- glyphs ---------------------------------------------------------------------------

def draw_red_spot(c, x, y, radius=11):
    """A clue spot: a red disc with a white ring inside (a target: a shape, not just a hue)."""
    c.fill_style = RED_SPOT
    c.fill_circle(x, y, radius)
    c.line_width = max(2, radius * 0.28)
    c.stroke_style = pal.WHITE
    c.stroke_circle(x, y, radius * 0.55)
    c.line_width = 1.5
    c.stroke_style = pal.TEXT
    c.stroke_circle(x, y, radius)


def draw_green_arrow(c, x, y, radius, towards):
    """A green arrow space: a dark green disc with a white arrow pointing at ``towards`` (X)."""
    c.fill_style = ARROW_GREEN
    c.fill_circle(x, y, radius)
    c.line_width = 2
    c.stroke_style = pal.TEXT
    c.stroke_circle(x, y, radius)
    angle = math.atan2(towards[1] - y, towards[0] - x)
    dx, dy = math.cos(angle) * radius * 0.7, math.sin(angle) * radius * 0.7
    r.draw_arrow(c, x - dx, y - dy, x + dx, y + dy, pal.WHITE, width=max(3, radius / 4), head=radius * 0.8)


def draw_gavel(c, x, y, size):
    """The Judge's gavel, about ``size`` across, centred on (x, y)."""
    c.save()
    c.translate(x, y)
    c.rotate(-math.pi / 4)
    c.fill_style = "#6B4423"
    c.fill_rect(-size * 0.06, -size * 0.05, size * 0.12, size * 0.55)          # the handle
    c.fill_style = pal.BLACK
    c.fill_rect(-size * 0.3, -size * 0.28, size * 0.6, size * 0.26)             # the head
    c.restore()
    c.fill_style = "#6B4423"
    c.fill_rect(x - size * 0.35, y + size * 0.32, size * 0.7, size * 0.12)      # the block


def draw_top_hat(c, x, y, size, band=pal.TEXT):
    """Philo Vance's top hat, about ``size`` wide, centred on (x, y); its band in ``band``."""
    s = size
    c.fill_style = pal.BLACK
    c.fill_rect(x - 0.3 * s, y - 0.45 * s, 0.6 * s, 0.62 * s)            # the crown
    c.fill_rect(x - 0.5 * s, y + 0.14 * s, s, 0.14 * s)                  # the brim
    c.fill_style = band
    c.fill_rect(x - 0.3 * s, y - 0.02 * s, 0.6 * s, 0.13 * s)            # the band


def draw_philo_vance(c, x, y, size, owner):
    """Philo Vance: a white disc with a black top hat, ringed in his owner's colour."""
    ring = player_style(owner).colour if owner is not None else "#8C8C8C"
    c.fill_style = pal.WHITE
    c.fill_circle(x, y, size * 0.55)
    c.line_width = max(3, size * 0.16)
    c.stroke_style = ring
    c.stroke_circle(x, y, size * 0.55)
    c.line_width = 1.5
    c.stroke_style = pal.TEXT
    c.stroke_circle(x, y, size * 0.64)
    draw_top_hat(c, x, y + size * 0.02, size * 0.72, ring)


def draw_piece(c, piece, x, y, size, owner=None):
    """A detective's pawn (its seat's colour, shape and number), or Philo Vance."""
    if piece == PHILO_VANCE:
        draw_philo_vance(c, x, y, size, owner)
    else:
        r.draw_pawn(c, x, y, size, player_style(piece))


# --- the board ---------------------------------------------------------------------------------

def draw_board(c, layout: Layout, board) -> None:
    """The lawn, the house and garage, the paths, every space and its marks, the piles' places."""
    c.clear()
    c.fill_style = pal.BACKGROUND
    c.fill_rect(0, 0, WIDTH, HEIGHT)
    c.fill_style = LAWN
    c.fill_rect(MARGIN, MARGIN, BOARD, BOARD)
    c.line_width = 4
    c.stroke_style = "#3D5C2A"
    c.stroke_rect(MARGIN, MARGIN, BOARD, BOARD)
    areas = layout.areas
    for name, fill, edge in (("house", HOUSE_FILL, HOUSE_EDGE), ("living_room", ROOM_FILL, HOUSE_EDGE),
                             ("garage", GARAGE_FILL, GARAGE_EDGE), ("radio_car_panel", PANEL_FILL, PANEL_EDGE)):
        if name in areas:
            x, y, w, h = areas[name]
            c.fill_style = fill
            c.fill_rect(x, y, w, h)
            c.line_width = 3
            c.stroke_style = edge
            c.stroke_rect(x, y, w, h)
    if "house" in areas:
        x, y, w, _ = areas["house"]
        draw_words(c, "THE HOUSE", x + w / 2, y + 20, bold=True, colour=HOUSE_EDGE)
    if "garage" in areas:
        x, y, w, h = areas["garage"]
        draw_words(c, "GARAGE", x + w / 2, y + h / 2, bold=True, colour="#333333", max_width=w - 8)
    x, y, w, _ = areas["radio_car_panel"]
    draw_words(c, "RADIO CAR \u00b7 CALL BOX", x + w / 2, y + 17, grow=False, colour=PANEL_EDGE, max_width=w - 10)
    # The paths: two-way lines, and the one-way steps dashed (Park Here -> START, the queue -> its arrow).
    spaces = board.spaces
    c.line_width = 6
    c.stroke_style = PATH
    for a in range(len(spaces)):
        for b in board.adjoining(a):
            if a < b:
                c.stroke_line(layout.xs[a], layout.ys[a], layout.xs[b], layout.ys[b])
    c.save()
    c.set_line_dash([8, 6])
    r.draw_arrow(c, layout.xs[board.park], layout.ys[board.park], layout.xs[board.start],
          layout.ys[board.start] + layout.sizes[board.start] / 2, PATH, width=4, head=12)
    px, py, pw, _ = areas["radio_car_panel"]
    exit_space = board.queue_exit
    ex, ey = layout.xs[exit_space] - layout.sizes[exit_space] / 2, layout.ys[exit_space]
    r.draw_arrow(c, px + pw, py + 20, ex - 2, ey, PANEL_EDGE, width=3, head=12)
    c.restore()
    x_space = (layout.xs[board.x], layout.ys[board.x])
    for space in spaces:
        draw_space(c, layout, space, x_space)
    draw_room_marks(c, layout, board)
    # Labels beside START and Park Here (clear of 2 pieces side by side, and of the Radio Car panel to their left);
    # the queue's places.
    panel_right = areas["radio_car_panel"][0] + areas["radio_car_panel"][2]
    for space, label in ((board.start, "START"), (board.park, "PARK HERE")):
        x, y, w, _ = layout.space_rect(space)
        draw_words(c, label, x - 18, y + w / 2, bold=True, align="right", max_width=x - 18 - panel_right - 8)
    for i, space in enumerate(board.queue):         # under the places: a piece may stand on them
        x, y, s = layout.xs[space], layout.ys[space], layout.sizes[space]
        draw_words(c, "car" if i == 0 else str(i), x, y + s / 2 + 13, grow=False, bold=True, colour=PANEL_EDGE,
                   max_width=s + 8)
    # The clue pile (face down) and the discard pile's place.
    x, y, w, h = areas["draw_pile"]
    r.draw_card(c, x, y, w, h, colour=pal.WHITE, pattern="solid", label="", face_up=False)
    x, y, w, h = areas["discard"]
    c.fill_style = "#F5F5F5"
    c.fill_rect(x, y, w, h)
    r.dashed_ring(c, (x, y, w, h), pad=0, width=3)
    draw_legend(c, layout)


def draw_space(c, layout: Layout, space, x_space) -> None:
    x, y, s = layout.xs[space.id], layout.ys[space.id], layout.sizes[space.id]
    fill = SPACE_FILLS[space.kind]
    if space.kind == bd.FLAGSTONE:
        c.fill_style = fill
        c.fill_circle(x, y, s / 2)
        c.line_width = 2
        c.stroke_style = PATH
        c.stroke_circle(x, y, s / 2)
    else:
        c.fill_style = fill
        c.fill_rect(x - s / 2, y - s / 2, s, s)
        c.line_width = 3 if space.kind == bd.X else 2
        c.stroke_style = pal.TEXT
        c.stroke_rect(x - s / 2, y - s / 2, s, s)
    if space.kind == bd.X:
        r.draw_text(c, "X", x, y + 2, px=40, bold=True)
    if space.arrow:
        draw_green_arrow(c, x, y, s * 0.42, x_space)
    if space.red_spot:
        draw_red_spot(c, x, y, s * 0.28)


def draw_room_marks(c, layout: Layout, board) -> None:
    """Side squares: an arrow in and out of X; diagonal squares: an arrow round the room."""
    cx, cy = layout.xs[board.x], layout.ys[board.x]
    for space in board.sides:
        x, y, s = layout.xs[space], layout.ys[space], layout.sizes[space]
        dx, dy = (cx - x) / math.hypot(cx - x, cy - y), (cy - y) / math.hypot(cx - x, cy - y)
        a = (x - dx * s * 0.3, y - dy * s * 0.3)
        b = (x + dx * s * 0.3, y + dy * s * 0.3)
        r.draw_arrow(c, *a, *b, HOUSE_EDGE, width=3, head=10)
        r.draw_arrow(c, *b, *a, HOUSE_EDGE, width=3, head=10)
    for space in board.diagonals:
        x, y, s = layout.xs[space], layout.ys[space], layout.sizes[space]
        rx, ry = x - cx, y - cy
        norm = math.hypot(rx, ry)
        tx, ty = -ry / norm * s * 0.2, rx / norm * s * 0.2      # clockwise round the room
        ox, oy = rx / norm * s * 0.3, ry / norm * s * 0.3       # in the outer corner, clear of a red spot
        r.draw_arrow(c, x - tx + ox, y - ty + oy, x + tx + ox, y + ty + oy, HOUSE_EDGE, width=3, head=10)


def draw_legend(c, layout: Layout) -> None:
    x, y, w, h = layout.legend_rect
    rows = [("spot", "clue"), ("arrow", "to X"), ("concrete", "concrete"), ("flagstone", "flagstone")]
    step = h / len(rows)
    for i, (kind, label) in enumerate(rows):
        cx, cy = x + 20, y + step * (i + 0.5)
        if kind == "spot":
            draw_red_spot(c, cx, cy, 12)
        elif kind == "arrow":
            draw_green_arrow(c, cx, cy, 16, (cx + 10, cy - 10))
        elif kind == "concrete":
            c.fill_style = SPACE_FILLS[bd.CONCRETE]
            c.fill_rect(cx - 15, cy - 15, 30, 30)
            c.line_width = 2
            c.stroke_style = pal.TEXT
            c.stroke_rect(cx - 15, cy - 15, 30, 30)
        else:
            c.fill_style = SPACE_FILLS[bd.FLAGSTONE]
            c.fill_circle(cx, cy, 15)
            c.line_width = 2
            c.stroke_style = PATH
            c.stroke_circle(cx, cy, 15)
        draw_words(c, label, cx + 22, cy + 1, align="left", max_width=w - 44)

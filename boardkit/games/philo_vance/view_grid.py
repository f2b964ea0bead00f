"""The knowledge grid of the Philo Vance app, under the board.

10 suspects x 50 clues: each cell the chance that the clue is on that
suspect's confirmation card, light (0) to dark blue (1), from what the whole
table heard (every verdict called aloud) and what a human seat saw (its own
card after a failed conviction; every card in the children's game).  Lightness
alone carries the value, so the scale reads the same to every eye.  White lines
part the clue groups: each suspect's specific clues, the general, the
masculine and the feminine ones.  Each player's pawn marks the row of the
suspect he arrested.
"""
from __future__ import annotations

import numpy as np

from boardkit import render as r
from boardkit.render import palette as pal
from boardkit.render import player_style

from .components import CLUES, SUSPECTS
from .view_board import BOARD, HEIGHT, MARGIN

GRID_RECT = (MARGIN, MARGIN + BOARD + 8, BOARD, HEIGHT - 2 * MARGIN - BOARD - 8)
GRID_TITLE_H = 30
GRID_NAMES_W = 178                            # the suspects' names left of the grid
GRID_MARKS_W = 30                             # the players' pawns right of the grid
NAME_PX = 24                                  # the suspects' names: a row is about 24 px, so names never touch
#: The grid's sequential scale (light to dark blue).
BLUES = ("#F7FBFF", "#C6DBEF", "#6BAED6", "#2171B5", "#08306B")


def grid_geometry():
    """(x0, y0, cell_w, cell_h) of the knowledge grid's cells (suspects down, clues across)."""
    x, y, w, h = GRID_RECT
    n_suspects, n_clues = len(SUSPECTS), len(CLUES)
    cell_w = (w - GRID_NAMES_W - GRID_MARKS_W) / n_clues
    cell_h = (h - GRID_TITLE_H) / n_suspects
    return x + GRID_NAMES_W, y + GRID_TITLE_H, cell_w, cell_h


def grid_row_rect(suspect: int):
    """(x, y, w, h) of one suspect's row of the grid, the name included."""
    x0, y0, cell_w, cell_h = grid_geometry()
    return (GRID_RECT[0], y0 + suspect * cell_h, GRID_RECT[2], cell_h)


def grid_cell_rect(suspect: int, clue: int):
    x0, y0, cell_w, cell_h = grid_geometry()
    return (x0 + clue * cell_w, y0 + suspect * cell_h, cell_w, cell_h)


def blue(value: float) -> str:
    """The grid's colour for a chance ``value`` (0..1): light to dark blue."""
    return "#%02X%02X%02X" % tuple(int(v) for v in blues_rgb(np.array([value]))[0])


def blues_rgb(values) -> np.ndarray:
    """(n, 3) RGB colours of chances ``values`` on the grid's scale."""
    stops = np.array([pal.hex_to_rgb(h) for h in BLUES], dtype=float)
    t = np.clip(np.asarray(values, dtype=float), 0, 1) * (len(BLUES) - 1)
    low = np.minimum(t.astype(int), len(BLUES) - 2)
    frac = (t - low)[:, None]
    return np.round(stops[low] * (1 - frac) + stops[low + 1] * frac)


def group_edges() -> list[int]:
    """Clue ids where a new group starts (a new suspect's specific clues, the general ones, ...)."""
    edges = []
    for j in range(1, len(CLUES)):
        a, b = CLUES[j - 1], CLUES[j]
        if (a.tag, a.hint) != (b.tag, b.hint):
            edges.append(j)
    return edges


def draw_knowledge(c, scene) -> None:
    """The 10 x 50 heat map of beliefs, with the suspects' names and the players' suspects marked."""
    gx, gy, gw, gh = GRID_RECT
    c.fill_style = pal.WHITE
    c.fill_rect(gx, gy, gw, gh)
    c.line_width = 2
    c.stroke_style = pal.TEXT
    c.stroke_rect(gx, gy, gw, gh)
    x0, y0, cell_w, cell_h = grid_geometry()
    r.draw_text(c, "What the table knows: the chance each clue (1-50) is on each suspect's card",
                gx + 8, gy + GRID_TITLE_H / 2 + 1, bold=True, align="left", max_width=gw - 200)
    # The scale: 0 light ... 1 dark.
    lx = gx + gw - 182
    steps = np.arange(10)
    c.fill_styled_rects(lx + 24 + steps * 12, np.full(10, gy + 6), 12.5, 20, blues_rgb(steps / 9))
    c.stroke_style = pal.TEXT
    c.line_width = 1
    c.stroke_rect(lx + 24, gy + 6, 120, 20)
    r.draw_text(c, "0", lx + 12, gy + 16, align="center")
    r.draw_text(c, "1", lx + 158, gy + 16, align="center")
    if scene.beliefs is None:
        return
    beliefs = np.asarray(scene.beliefs, dtype=float)
    n_suspects, n_clues = beliefs.shape
    cols, rows = np.meshgrid(np.arange(n_clues), np.arange(n_suspects))
    xs = x0 + cols.ravel() * cell_w
    ys = y0 + rows.ravel() * cell_h
    c.fill_styled_rects(xs, ys, cell_w + 0.5, cell_h + 0.5, blues_rgb(beliefs.ravel()))
    c.stroke_style = pal.WHITE
    c.line_width = 2
    for j in group_edges():
        c.stroke_line(x0 + j * cell_w, y0, x0 + j * cell_w, y0 + n_suspects * cell_h)
    c.stroke_style = pal.TEXT
    c.line_width = 1
    c.stroke_rect(x0, y0, n_clues * cell_w, n_suspects * cell_h)
    marks = {}
    for seat in range(scene.n_players):
        if scene.suspect[seat] is not None and not scene.retired[seat]:
            marks.setdefault(scene.suspect[seat], []).append(seat)
    for i, suspect in enumerate(SUSPECTS[:n_suspects]):
        y = y0 + (i + 0.5) * cell_h
        r.draw_text(c, suspect.name, gx + 6, y + 1, px=NAME_PX, bold=i in marks, align="left",
                    max_width=GRID_NAMES_W - 10)
        for k, seat in enumerate(marks.get(i, ())):
            r.draw_pawn(c, x0 + n_clues * cell_w + 15 + k * 6, y, cell_h - 2, player_style(seat))

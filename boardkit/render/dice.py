"""A six-sided die showing its value as pips."""

import numpy as np

from .palette import TEXT, WHITE
from .shapes import rounded_rect_path

# Pip positions on a 3 x 3 grid, as (column, row) offsets from the centre.
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def pip_positions(value, x, y, size):
    """Centres of the pips of a die of side ``size`` at (x, y), as two arrays (xs, ys)."""
    if value not in PIPS:
        raise ValueError(f"a die shows 1 to 6, not {value!r}")
    offsets = np.array(PIPS[value], dtype=float) * size * 0.27
    return x + size / 2 + offsets[:, 0], y + size / 2 + offsets[:, 1]


def draw_die(canvas, x, y, size, value, colour=WHITE, pip_colour=TEXT):
    """Draw a die of side ``size`` with its top-left corner at (x, y), showing ``value``."""
    xs, ys = pip_positions(value, x, y, size)
    rounded_rect_path(canvas, x, y, size, size, size * 0.15)
    canvas.fill_style = colour
    canvas.fill()
    canvas.line_width = 2
    canvas.stroke_style = TEXT
    canvas.stroke()
    canvas.fill_style = pip_colour
    canvas.fill_circles(xs, ys, size * 0.09)

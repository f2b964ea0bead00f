"""A six-sided die showing its value as pips, and a die tumbling in an animation."""

import math

import numpy as np

from .palette import TEXT, WHITE
from .shapes import rounded_rect_path
from .text import draw_text

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


def _die_body(canvas, x, y, size, colour):
    """A blank die: a rounded square of side ``size``, top-left corner at (x, y)."""
    rounded_rect_path(canvas, x, y, size, size, size * 0.15)
    canvas.fill_style = colour
    canvas.fill()
    canvas.line_width = 2
    canvas.stroke_style = TEXT
    canvas.stroke()


def draw_die(canvas, x, y, size, value, colour=WHITE, pip_colour=TEXT):
    """Draw a die of side ``size`` with its top-left corner at (x, y), showing ``value``."""
    xs, ys = pip_positions(value, x, y, size)
    _die_body(canvas, x, y, size, colour)
    canvas.fill_style = pip_colour
    canvas.fill_circles(xs, ys, size * 0.09)


def draw_die_face(canvas, x, y, size, value):
    """A die showing ``value``: pips for 1 to 6, a written number above (variant dice)."""
    if value in PIPS:
        draw_die(canvas, x, y, size, value)
        return
    _die_body(canvas, x, y, size, WHITE)
    draw_text(canvas, value, x + size / 2, y + size / 2, px=size * 0.5, bold=True)


def draw_tumbling_die(canvas, rect, frame, n_frames, value, tumble, sides):
    """Frame ``frame`` (0 to ``n_frames - 1``) of a die tumbling in ``rect`` onto ``value``.

    Before the last frame the die shows a random face (drawn from ``tumble``,
    the picture's own ``random.Random``, never the game's), turned and lifted;
    the last frame lies flat and shows ``value``.
    """
    x, y, size = rect[0], rect[1], rect[2]
    last = frame == n_frames - 1
    face = value if last else tumble.randint(1, max(sides, 1))
    canvas.save()
    canvas.translate(x + size / 2, y + size / 2 - (0 if last else 12 * math.sin(frame * 1.3)))
    canvas.rotate(0 if last else (frame + 1) * 0.6)
    draw_die_face(canvas, -size / 2, -size / 2, size, face)
    canvas.restore()

"""Basic shapes and fill patterns drawn on an ipycanvas ``Canvas``.

Shapes tell players apart without relying on colour; patterns do the same
for card colours. Every function only draws: it never clears the canvas.
"""

import math

import numpy as np

from .palette import SHAPES, PATTERNS, TEXT, WHITE, contrast_ratio

# Patterns: distance between marks, and line width, in pixels.
PATTERN_GAP = 14
PATTERN_LINE = 4


def shape_points(shape, x, y, size):
    """Corners of a polygon ``shape`` centred on (x, y), as an (n, 2) array.

    ``size`` is roughly the shape's width. Corners of the square, triangle and
    star reach a little further out so that all shapes look about as big.
    """
    r = size / 2
    if shape == "square":
        angles, radii = np.arange(4) * math.pi / 2 + math.pi / 4, np.full(4, r * 1.13)
    elif shape == "diamond":
        angles, radii = np.arange(4) * math.pi / 2, np.full(4, r)
    elif shape == "triangle":
        # Pointing up; its centroid sits on (x, y) so a label fits inside.
        angles, radii = np.arange(3) * 2 * math.pi / 3 - math.pi / 2, np.full(3, r * 1.1)
    elif shape == "hexagon":
        angles, radii = np.arange(6) * math.pi / 3, np.full(6, r)
    elif shape == "star":
        angles = np.arange(10) * math.pi / 5 - math.pi / 2
        radii = np.where(np.arange(10) % 2 == 0, r * 1.1, r * 0.55)
    else:
        raise ValueError(f"unknown polygon shape {shape!r}; known shapes: {SHAPES}")
    return np.stack([x + radii * np.cos(angles), y + radii * np.sin(angles)], axis=1)


def draw_shape(canvas, shape, x, y, size, fill, stroke=TEXT, line_width=2):
    """Draw one of ``palette.SHAPES`` centred on (x, y), filled and outlined.

    Pass ``fill=None`` or ``stroke=None`` to skip the fill or the outline.
    """
    if shape not in SHAPES:
        raise ValueError(f"unknown shape {shape!r}; known shapes: {SHAPES}")
    canvas.line_width = line_width
    if shape == "circle":
        if fill:
            canvas.fill_style = fill
            canvas.fill_circle(x, y, size / 2)
        if stroke:
            canvas.stroke_style = stroke
            canvas.stroke_circle(x, y, size / 2)
        return
    points = shape_points(shape, x, y, size)
    if fill:
        canvas.fill_style = fill
        canvas.fill_polygon(points)
    if stroke:
        canvas.stroke_style = stroke
        canvas.stroke_polygon(points)


def rounded_rect_path(canvas, x, y, w, h, r):
    """Start a new path shaped like a rectangle with rounded corners of radius ``r``.

    Follow it with ``canvas.fill()``, ``canvas.stroke()`` or ``canvas.clip()``.
    """
    r = max(0, min(r, w / 2, h / 2))
    canvas.begin_path()
    canvas.move_to(x + r, y)
    canvas.arc_to(x + w, y, x + w, y + h, r)
    canvas.arc_to(x + w, y + h, x, y + h, r)
    canvas.arc_to(x, y + h, x, y, r)
    canvas.arc_to(x, y, x + w, y, r)
    canvas.close_path()


def _diagonals(x, y, w, h, gap, rising):
    """Line segments (n, 2, 2) that cover the rectangle with parallel diagonals."""
    offsets = np.arange(-h, w + gap, gap, dtype=float)
    if rising:  # from bottom-left to top-right: "/"
        starts = np.stack([x + offsets, np.full_like(offsets, y + h)], axis=1)
        ends = np.stack([x + offsets + h, np.full_like(offsets, y)], axis=1)
    else:  # from top-left to bottom-right: "\"
        starts = np.stack([x + offsets, np.full_like(offsets, y)], axis=1)
        ends = np.stack([x + offsets + h, np.full_like(offsets, y + h)], axis=1)
    return np.stack([starts, ends], axis=1)


def draw_pattern(canvas, pattern, x, y, w, h, colour, mark_colour=None):
    """Fill the rectangle with ``colour``, then add ``pattern`` marks in ``mark_colour``.

    ``pattern`` is one of ``palette.PATTERNS``: "solid" (no marks), "stripes"
    (one set of diagonals), "cross-hatch" (both diagonals) or "dots".
    Marks are clipped to the rectangle. By default they are white, or dark
    where white would stand out too little (contrast below 3:1, e.g. orange).
    """
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern {pattern!r}; known patterns: {PATTERNS}")
    canvas.fill_style = colour
    canvas.fill_rect(x, y, w, h)
    if pattern == "solid":
        return
    if mark_colour is None:
        mark_colour = WHITE if contrast_ratio(WHITE, colour) >= 3 else TEXT
    canvas.save()
    canvas.begin_path()
    canvas.rect(x, y, w, h)
    canvas.clip()
    canvas.stroke_style = mark_colour
    canvas.fill_style = mark_colour
    canvas.line_width = PATTERN_LINE
    if pattern == "dots":
        xs, ys = np.meshgrid(np.arange(x + PATTERN_GAP / 2, x + w, PATTERN_GAP),
                             np.arange(y + PATTERN_GAP / 2, y + h, PATTERN_GAP))
        canvas.fill_circles(xs.ravel(), ys.ravel(), PATTERN_LINE * 0.8)
    else:
        segments = _diagonals(x, y, w, h, PATTERN_GAP, rising=True)
        if pattern == "cross-hatch":
            segments = np.concatenate([segments, _diagonals(x, y, w, h, PATTERN_GAP, rising=False)])
        canvas.stroke_line_segments(segments)
    canvas.restore()


def dashed_ring(canvas, rect, pad=7, colour=TEXT, width=5):
    """A dashed frame ``pad`` pixels around ``rect`` (x, y, w, h): "you may click this"."""
    x, y, w, h = rect
    canvas.save()
    canvas.line_width = width
    canvas.stroke_style = colour
    canvas.set_line_dash([10, 6])
    canvas.stroke_rect(x - pad, y - pad, w + 2 * pad, h + 2 * pad)
    canvas.restore()


def draw_arrow(canvas, x0, y0, x1, y1, colour=TEXT, width=4, head=14):
    """A straight arrow from (x0, y0) to (x1, y1), its triangular head at the end."""
    angle = math.atan2(y1 - y0, x1 - x0)
    canvas.line_width = width
    canvas.stroke_style = colour
    canvas.stroke_line(x0, y0, x1 - head * 0.6 * math.cos(angle), y1 - head * 0.6 * math.sin(angle))
    canvas.fill_style = colour
    canvas.fill_polygon([(x1, y1),
                         (x1 - head * math.cos(angle - 0.45), y1 - head * math.sin(angle - 0.45)),
                         (x1 - head * math.cos(angle + 0.45), y1 - head * math.sin(angle + 0.45))])


def draw_tick(canvas, x, y, size, colour=TEXT):
    """A tick mark about ``size`` wide centred on (x, y): "done", "correct"."""
    canvas.save()
    canvas.line_width = max(3, size / 6)
    canvas.stroke_style = colour
    canvas.line_cap = "round"
    canvas.begin_path()
    canvas.move_to(x - size / 2, y)
    canvas.line_to(x - size / 8, y + size / 2.6)
    canvas.line_to(x + size / 2, y - size / 2.4)
    canvas.stroke()
    canvas.restore()

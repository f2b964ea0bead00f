"""Square ring boards: spaces around the edge of a rectangle, like Monopoly's."""

import numpy as np

from .palette import TEXT, WHITE, font, hex_to_rgb, text_colour_on


def _side_counts(n_spaces):
    """How many spaces start on each side (top, right, bottom, left)."""
    counts = np.full(4, n_spaces // 4)
    for side in (0, 2, 1)[: n_spaces % 4]:  # spares go to top, then bottom, then right
        counts[side] += 1
    return counts


def corner_indices(n_spaces):
    """Indices of the four corner spaces of ``ring_positions(n_spaces, ...)``."""
    return np.concatenate([[0], np.cumsum(_side_counts(n_spaces))[:3]])


def ring_positions(n_spaces, x, y, w, h):
    """Centres of ``n_spaces`` spaces around the rectangle (x, y, w, h), as arrays (xs, ys).

    The centres lie on the rectangle's edge, so leave half a space of margin
    around it. Index 0 is the top-left corner and the ring runs clockwise:
    along the top, down the right side, back along the bottom, up the left.
    Each side starts with a corner space; when ``n_spaces`` is divisible by
    4, the corners are at indices 0, n/4, n/2 and 3n/4 and every side has
    the same number of spaces.
    """
    if n_spaces < 4:
        raise ValueError(f"a ring board needs at least 4 spaces, got {n_spaces}")
    if w <= 0 or h <= 0:
        raise ValueError(f"the rectangle needs a positive size, got {w} x {h}")
    corners = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], dtype=float)
    sides = []
    for i, count in enumerate(_side_counts(n_spaces)):
        start, end = corners[i], corners[(i + 1) % 4]
        t = np.arange(count) / count
        sides.append(start + t[:, None] * (end - start))
    points = np.concatenate(sides)
    return points[:, 0], points[:, 1]


def draw_ring_board(canvas, positions, size, fills=None, labels=None, corner_mask=None):
    """Draw square spaces of side ``size`` centred on ``positions`` = (xs, ys).

    ``fills``: one "#RRGGBB" colour per space, or one colour for all (white by
    default). ``labels``: short text per space, "\\n" for a second line, None
    or "" for none. ``corner_mask``: booleans, True spaces get a thick border.
    All squares go out in two vectorised commands; wrap the call in
    ``safe_hold`` to send the whole board as one message.
    """
    xs, ys = (np.asarray(a, dtype=float) for a in positions)
    n = len(xs)
    if fills is None or isinstance(fills, str):
        fills = [fills or WHITE] * n
    left, top = xs - size / 2, ys - size / 2

    canvas.fill_styled_rects(left, top, size, size, np.array([hex_to_rgb(f) for f in fills]))
    canvas.line_width = 2
    canvas.stroke_style = TEXT
    canvas.stroke_rects(left, top, size, size)
    if corner_mask is not None and np.any(corner_mask):
        mask = np.asarray(corner_mask, dtype=bool)
        canvas.line_width = 6
        canvas.stroke_rects(left[mask] + 3, top[mask] + 3, size - 6, size - 6)

    if labels is None:
        return
    text_px = max(12, size * 0.2)
    canvas.font = font(text_px, bold=True)
    canvas.text_align = "center"
    canvas.text_baseline = "middle"
    for x, y, fill, label in zip(xs, ys, fills, labels):
        if not label:
            continue
        lines = str(label).split("\n")
        canvas.fill_style = text_colour_on(fill)
        for i, line in enumerate(lines):
            dy = (i - (len(lines) - 1) / 2) * text_px * 1.15
            canvas.fill_text(line, x, y + dy, size * 0.9)

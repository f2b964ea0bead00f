"""Playing cards: face, back, highlight ring, and hit-testing for clicks."""

import numpy as np

from .palette import CARD_BACK, CARD_FACE, HIGHLIGHT, TEXT, font
from .shapes import draw_pattern, rounded_rect_path

# Share of the card's height used by the coloured pattern band on the face.
BAND = 0.3


def draw_card(canvas, x, y, w, h, *, colour, pattern, label, sublabel=None,
              face_up=True, highlight=False):
    """Draw a card with its top-left corner at (x, y).

    Face up: a white card with a band of ``colour`` and ``pattern`` across the
    top (see ``palette.SUIT_COLOURS``), a large ``label`` (e.g. "3") and an
    optional small ``sublabel`` (e.g. "Bowling"). Face down: the card back;
    ``colour``, ``pattern`` and the labels are not shown. ``highlight=True``
    draws a thick dashed ring around the card to show it can be chosen.
    """
    radius = min(w, h) * 0.08
    if highlight:
        canvas.save()
        canvas.line_width = 5
        canvas.stroke_style = HIGHLIGHT
        canvas.set_line_dash([10, 6])
        rounded_rect_path(canvas, x - 6, y - 6, w + 12, h + 12, radius + 6)
        canvas.stroke()
        canvas.restore()

    canvas.save()
    rounded_rect_path(canvas, x, y, w, h, radius)
    canvas.fill_style = CARD_FACE if face_up else CARD_BACK
    canvas.fill()
    canvas.clip()
    if face_up:
        draw_pattern(canvas, pattern, x, y, w, h * BAND, colour)
    else:
        inset = min(w, h) * 0.1
        draw_pattern(canvas, "cross-hatch", x + inset, y + inset, w - 2 * inset, h - 2 * inset,
                     CARD_BACK, mark_colour="#5C6B8A")
    canvas.restore()

    canvas.line_width = 2
    canvas.stroke_style = TEXT
    rounded_rect_path(canvas, x, y, w, h, radius)
    canvas.stroke()

    if face_up:
        body_top = y + h * BAND
        body_h = h - h * BAND
        canvas.fill_style = TEXT
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        label_y = body_top + body_h * (0.4 if sublabel else 0.5)
        canvas.font = font(max(16, body_h * 0.45), bold=True)
        canvas.fill_text(str(label), x + w / 2, label_y, w * 0.9)
        if sublabel:
            canvas.font = font(max(12, min(body_h * 0.16, w * 0.16)))
            canvas.fill_text(str(sublabel), x + w / 2, body_top + body_h * 0.8, w * 0.9)


def card_at(x, y, rects):
    """Index of the card under the point (x, y), or None.

    ``rects`` is a list of (x, y, w, h), in drawing order. Where cards overlap
    (a fanned hand) the one drawn last is on top, so it wins. A point on the
    left or top edge is inside; on the right or bottom edge it is outside.
    """
    if len(rects) == 0:
        return None
    r = np.asarray(rects, dtype=float).reshape(-1, 4)
    inside = (r[:, 0] <= x) & (x < r[:, 0] + r[:, 2]) & (r[:, 1] <= y) & (y < r[:, 1] + r[:, 3])
    hits = np.flatnonzero(inside)
    return int(hits[-1]) if len(hits) else None

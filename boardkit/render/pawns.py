"""Player pawns: a shape, a colour and a label, so no one relies on colour alone."""

from .palette import CURRENT_FILL, PLAYER_STYLES, TEXT, WHITE, PlayerStyle, font, text_colour_on
from .shapes import draw_shape


def draw_pawn(canvas, x, y, size, style):
    """Draw a pawn centred on (x, y) in a ``palette.PlayerStyle`` (colour, shape, label).

    The label is written inside in black or white, whichever reads better on
    the pawn's colour.
    """
    colour, shape, label = style
    draw_shape(canvas, shape, x, y, size, fill=colour, stroke=TEXT, line_width=max(2, size / 16))
    canvas.fill_style = text_colour_on(colour)
    canvas.font = font(size * 0.45, bold=True)
    canvas.text_align = "center"
    canvas.text_baseline = "middle"
    canvas.fill_text(str(label), x, y + size * 0.03, size * 0.6)


#: A text character for each pawn shape (for buttons and the status line).
SHAPE_GLYPHS = {"circle": "\u25cf", "square": "\u25a0", "triangle": "\u25b2", "diamond": "\u25c6",
                "star": "\u2605", "hexagon": "\u2b22"}


def player_style(seat: int) -> PlayerStyle:
    """The colour, shape and label of ``seat``'s pawn (0 is Player 1)."""
    return PLAYER_STYLES[seat % len(PLAYER_STYLES)]


def player_glyph(seat: int) -> str:
    """The text character of ``seat``'s pawn shape, e.g. "●"."""
    return SHAPE_GLYPHS[player_style(seat).shape]


def draw_player_panel(canvas, rect, style, is_current, fill=WHITE, current_fill=CURRENT_FILL):
    """A player's panel: ``fill`` (``current_fill`` on her decision), framed in her colour.

    The current player's panel gets a thick dark frame and a stripe of her
    colour down the left edge; nothing on it relies on colour alone.
    """
    x, y, w, h = rect
    canvas.fill_style = current_fill if is_current else fill
    canvas.fill_rect(x, y, w, h)
    canvas.line_width = 6 if is_current else 3
    canvas.stroke_style = style.colour if not is_current else TEXT
    canvas.stroke_rect(x, y, w, h)
    if is_current:
        canvas.fill_style = style.colour
        canvas.fill_rect(x, y, 10, h)


def slot_in_space(x: float, y: float, size: float, index: int = 0, count: int = 1):
    """(x, y, pawn size) of the ``index``-th of ``count`` pawns on a square space of side ``size`` centred on (x, y).

    The space's label takes its upper half, so the pawns stand in its lower
    half: one alone, two or three in a row, four or more in a 2 x 2 group.
    """
    if count <= 1:
        return x, y + size * 0.28, size * 0.40
    if count == 2:
        return x + (index - 0.5) * size * 0.46, y + size * 0.28, size * 0.37
    if count == 3:
        return x + (index - 1) * size * 0.31, y + size * 0.29, size * 0.30
    ox, oy = ((-1, -1), (1, -1), (-1, 1), (1, 1))[index % 4]
    return x + ox * size * 0.25, y + oy * size * 0.25, size * 0.34


def pawn_slots(positions, pawn_slot, hidden=None):
    """seat -> (x, y, size) for every pawn on the board; pawns sharing a space stand side by side.

    ``positions[seat]`` is the space of the seat's pawn (None: off the board);
    ``pawn_slot(space, index, count)`` says where the ``index``-th of ``count``
    pawns on ``space`` stands (the board's layout knows).  The pawn of seat
    ``hidden`` is left out (an animation draws it).
    """
    by_space = {}
    for seat, space in enumerate(positions):
        if seat != hidden and space is not None:
            by_space.setdefault(space, []).append(seat)
    slots = {}
    for space, seats in by_space.items():
        for i, seat in enumerate(seats):
            slots[seat] = pawn_slot(space, i, len(seats))
    return slots

"""Player pawns: a shape, a colour and a label, so no one relies on colour alone."""

from .palette import TEXT, font, text_colour_on
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

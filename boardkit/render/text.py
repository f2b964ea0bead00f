"""Text on the canvas: a line of text, a player's title, the end-of-game banner."""

from .palette import TEXT, WHITE, font
from .pawns import player_style
from .shapes import rounded_rect_path

MIN_TEXT_PX = 22     # the smallest text anywhere on a game's canvas (readable on a projector)

#: The size of the words an App draws on its canvas (a canvas draws them itself, so the page's CSS can't
#: grow them): 1, or a lesson page's Large type (``render.app.set_canvas_text_scale``).
_canvas_text = {"scale": 1.0}


def canvas_text_scale() -> float:
    """How many times its normal size an App's canvas draws its words now (see ``set_canvas_text_scale``)."""
    return _canvas_text["scale"]


def draw_text(c, text, x, y, px=MIN_TEXT_PX, bold=False, colour=TEXT, align="center", max_width=None):
    """Write ``text`` centred on the height ``y``; never smaller than ``MIN_TEXT_PX``.

    ``align`` says where ``x`` is ("left", "center", "right"); ``max_width``
    squeezes a long text into that many pixels.
    """
    c.font = font(max(px, MIN_TEXT_PX), bold=bold)
    c.fill_style = colour
    c.text_align = align
    c.text_baseline = "middle"
    if max_width is None:
        c.fill_text(str(text), x, y)
    else:
        c.fill_text(str(text), x, y, max_width)


def counted(n: int, word: str) -> str:
    """A count in words, singular for one: "1 card", "3 cards", "1 second"."""
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def seat_title(seat: int, name: str) -> str:
    """A player panel's title: "Player 1 · human" or "Player 2 · Collector bot"."""
    return f"Player {seat + 1} \u00b7 " + ("human" if name == "human" else f"{name} bot")


def draw_end_banner(c, rect, winner, sub, scale: float | None = None):
    """The end-of-game banner in ``rect``: "Player N wins!" (or "No winner") over the line ``sub``.

    Its thick border is in the ``winner``'s colour (a seat; None: no winner, a dark border). Its words are
    ``scale`` times their size (None: ``canvas_text_scale()``, a lesson page's Large type), and the banner
    grows as tall about its middle.
    """
    scale = canvas_text_scale() if scale is None else scale
    x, y, w, h = rect
    y, h = y + h / 2 - h * scale / 2, h * scale
    title = "No winner" if winner is None else f"Player {winner + 1} wins!"
    edge = TEXT if winner is None else player_style(winner).colour
    rounded_rect_path(c, x, y, w, h, 16)
    c.fill_style = WHITE
    c.fill()
    c.line_width = 6
    c.stroke_style = edge
    c.stroke()
    draw_text(c, title, x + w / 2, y + 42 * scale, px=40 * scale, bold=True, max_width=w - 24)
    draw_text(c, sub, x + w / 2, y + 92 * scale, px=26 * scale, max_width=w - 24)

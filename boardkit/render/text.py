"""Text on the canvas: a line of text, a player's title, the end-of-game banner."""
from functools import lru_cache

import matplotlib.font_manager
from PIL import ImageFont

from .palette import TEXT, WHITE, font
from .pawns import player_style
from .shapes import rounded_rect_path

MIN_TEXT_PX = 22     # the smallest text anywhere on a game's canvas (readable on a projector)
#: the least share of its natural width a text is squeezed to by a maximum width (less is hard to read on a
#: projector): a text too long for that is drawn smaller instead, when its writer allows (``min_px``)
MIN_SQUEEZE = 0.85
#: a text that Large type grows (``draw_scaled_text``) but that is too long for its place grows at least this much
MIN_GROWTH = 1.2
#: in Large type even the words an App does not grow itself are at least this many times MIN_TEXT_PX: Large type
#: gives the App's controls more room and its board less, and 22 px words shown at 0.6 of their size (a board on a
#: 1280 x 900 screen) would be 13 px
LARGE_MIN_GROWTH = 1.1

#: The size of the words an App draws on its canvas (a canvas draws them itself, so the page's CSS can't
#: grow them): 1, or a lesson page's Large type (``render.app.set_canvas_text_scale``).
_canvas_text = {"scale": 1.0}


def canvas_text_scale() -> float:
    """How many times its normal size an App's canvas draws its words now (see ``set_canvas_text_scale``)."""
    return _canvas_text["scale"]


#: the typefaces a browser's sans-serif is: DejaVu Sans (Linux's fontconfig), and Arial (Chrome's own default, and
#: Windows'; Liberation Sans has its widths): DejaVu is the wider in lower case, Arial in some capitals (CHEESE)
TYPEFACES = ("DejaVu Sans", "Liberation Sans")


@lru_cache(maxsize=None)
def _typefaces(px: int, bold: bool) -> list:
    weight = "bold" if bold else "normal"
    faces = []
    for family in TYPEFACES:
        try:
            path = matplotlib.font_manager.findfont(matplotlib.font_manager.FontProperties(family=family, weight=weight),
                                                    fallback_to_default=False)
        except ValueError:            # not installed here: the others measure
            continue
        faces.append(ImageFont.truetype(path, px))
    return faces


def text_width(text, px, bold=False) -> float:
    """How wide ``text`` is at ``px`` pixels in the widest of the ``TYPEFACES`` a browser's sans-serif may be, so a
    text that fits by this measure fits on any screen."""
    return _width(str(text), int(px), bool(bold))


@lru_cache(maxsize=8192)
def _width(text: str, px: int, bold: bool) -> float:
    # (an App measures the same words at every redraw: about 35 us each time without this cache)
    return max(face.getlength(text) for face in _typefaces(px, bold))


def draw_text(c, text, x, y, px=MIN_TEXT_PX, bold=False, colour=TEXT, align="center", max_width=None,
              min_px=None):
    """Write ``text`` centred on the height ``y``; never smaller than ``MIN_TEXT_PX``.

    ``align`` says where ``x`` is ("left", "center", "right"); ``max_width``
    squeezes a long text into that many pixels. With ``min_px`` (a text its writer grows with Large type:
    ``draw_scaled_text``), a text that would be squeezed to less than ``MIN_SQUEEZE`` of its width is drawn
    smaller instead, down to ``min_px``; without it, the text is at least ``LARGE_MIN_GROWTH`` times
    ``MIN_TEXT_PX`` in Large type where that fits (else as without Large type).
    """
    if min_px is None:          # a text its writer does not grow with Large type: a little bigger in it if it fits
        px, min_px = max(px, MIN_TEXT_PX * min(canvas_text_scale(), LARGE_MIN_GROWTH)), px
    px = max(px, MIN_TEXT_PX)
    if max_width is not None and px > min_px:
        width = text_width(text, px, bold)
        if width * MIN_SQUEEZE > max_width:
            px = int(max(min_px, MIN_TEXT_PX, px * max_width / (width * MIN_SQUEEZE)))
            while px > max(min_px, MIN_TEXT_PX) and text_width(text, px, bold) * MIN_SQUEEZE > max_width:
                px -= 1             # (a font's width is not quite in proportion to its size)
    c.font = font(px, bold=bold)
    c.fill_style = colour
    c.text_align = align
    c.text_baseline = "middle"
    if max_width is None:
        c.fill_text(str(text), x, y)
    else:
        c.fill_text(str(text), x, y, max_width)


def draw_scaled_text(c, scale: float, text, x, y, px=MIN_TEXT_PX, min_growth=MIN_GROWTH, **style):
    """``draw_text`` with the words ``scale`` times their size (a lesson page's Large type: 1.4). A text too long
    for its ``max_width`` grows less, but at least ``min_growth`` times (never more than ``scale``; 1.1 for the
    words printed on a card, which keep the card's look)."""
    draw_text(c, text, x, y, px=px * scale, min_px=px * min(scale, min_growth), **style)


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

"""Colours, player styles and fonts shared by every game view.

The colours are the Okabe-Ito palette, chosen so that people with the
common forms of colour blindness can still tell them apart. Colour is never
the only clue: every player also has a shape and a label, and every card
colour also has a fill pattern.
"""

from functools import lru_cache
from typing import NamedTuple

# Okabe-Ito palette (Okabe & Ito, "Color Universal Design", 2008).
BLACK = "#000000"
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
REDDISH_PURPLE = "#CC79A7"

OKABE_ITO = (BLACK, ORANGE, SKY_BLUE, BLUISH_GREEN, YELLOW, BLUE, VERMILLION, REDDISH_PURPLE)

# Text and background: contrast ratio about 16:1, readable on a projector.
TEXT = "#1A1A1A"
BACKGROUND = "#FAF7F0"
WHITE = "#FFFFFF"
CARD_FACE = WHITE
CARD_BACK = "#33415C"
HIGHLIGHT = TEXT
CURRENT_FILL = "#FFF3C4"      # a light yellow: the player whose decision it is, and her choices

# One font family everywhere; sizes in pixels are large enough for a projector.
FONT_FAMILY = "sans-serif"
FONT_SMALL = 16
FONT_MEDIUM = 22
FONT_LARGE = 36


def font(size, bold=False):
    """Return a CSS font string, e.g. ``font(22, bold=True) == "bold 22px sans-serif"``."""
    return f"{'bold ' if bold else ''}{int(size)}px {FONT_FAMILY}"


class PlayerStyle(NamedTuple):
    """How one player's pieces look: a colour, a shape and a short label."""

    colour: str
    shape: str
    label: str


SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")

# Seat i uses PLAYER_STYLES[i]: each differs from the others in colour, shape AND label.
PLAYER_STYLES = [
    PlayerStyle(VERMILLION, "circle", "1"),
    PlayerStyle(BLUE, "square", "2"),
    PlayerStyle(BLUISH_GREEN, "triangle", "3"),
    PlayerStyle(ORANGE, "diamond", "4"),
    PlayerStyle(REDDISH_PURPLE, "star", "5"),
    PlayerStyle(SKY_BLUE, "hexagon", "6"),
]


class SuitStyle(NamedTuple):
    """How a game colour is drawn on a card: a safe hue plus a fill pattern."""

    colour: str
    pattern: str


PATTERNS = ("stripes", "dots", "solid", "cross-hatch")

# The games' own colour names mapped to safe hues, each with its own pattern.
SUIT_COLOURS = {
    "red": SuitStyle(VERMILLION, "stripes"),
    "green": SuitStyle(BLUISH_GREEN, "dots"),
    "blue": SuitStyle(BLUE, "solid"),
    "orange": SuitStyle(ORANGE, "cross-hatch"),
}


def hex_to_rgb(colour):
    """Turn ``"#RRGGBB"`` into a tuple of three ints 0-255."""
    value = colour.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"expected a colour like '#RRGGBB', got {colour!r}")
    return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))


@lru_cache(maxsize=None)
def relative_luminance(colour):
    """WCAG 2 relative luminance of a ``"#RRGGBB"`` colour, from 0 (black) to 1 (white)."""
    channels = []
    for c in hex_to_rgb(colour):
        c = c / 255
        channels.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a, b):
    """WCAG 2 contrast ratio between two colours: 1 (same) to 21 (black on white)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_colour_on(fill):
    """Pick TEXT or WHITE, whichever reads better on ``fill``."""
    return max((TEXT, WHITE), key=lambda c: contrast_ratio(c, fill))

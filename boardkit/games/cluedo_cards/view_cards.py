"""How a Cluedo Card Game card looks on the canvas: its face, its back, a miniature.

A face shows the card's **number** in a round badge at the top left (still
seen when the cards of a hand overlap), a **band** with the picture's icon,
the picture's **name** and, on an action card, its **power** in a dark
ribbon.  Weapons and suspects differ without colour: a weapon's band is
light grey with a drawing of the weapon (a dagger, a candlestick, ...), a
suspect's band is the suspect's own colour (Mustard yellow, Plum purple, ...,
all from the colour-blind-safe Okabe-Ito palette) with a head-and-shoulders
portrait.  Pictures a variant adds get a letter in a circle.

Nothing here knows about the game's state: only what one card looks like.
"""
from __future__ import annotations

import math

from boardkit import render as r
from boardkit.render import palette as pal

from .events import picture_name
from .rules import AGAIN, SKIP_CHOSEN, SKIP_NEXT, SUSPECTS, SWAP_HANDS, WEAPONS

WEAPON_BAND = "#D5DBE3"          # light steel: the band of every weapon
OTHER_BAND = "#E8E2D0"           # a picture a variant adds
SUSPECT_BANDS = {
    "Col. Mustard": pal.YELLOW,
    "Prof. Plum": pal.REDDISH_PURPLE,
    "Rev. Green": pal.BLUISH_GREEN,
    "Mrs. Peacock": pal.BLUE,
    "Miss Scarlett": pal.VERMILLION,
    "Mrs. White": pal.WHITE,
}
#: the words on an action card's ribbon (the legend on the table says them in full)
POWER_WORDS = {SKIP_CHOSEN: "SKIP ?", SKIP_NEXT: "SKIP \u2192", AGAIN: "AGAIN", SWAP_HANDS: "SWAP"}
#: the same, in a sentence
POWER_SENTENCES = {
    SKIP_CHOSEN: "pick who misses a turn",
    SKIP_NEXT: "next player misses a turn",
    AGAIN: "you have another turn",
    SWAP_HANDS: "swap hands with a rival",
}
SMALL = 100                      # cards narrower than this show only the number, icon and a short name
MINI_FILL = "#F3E9D2"            # a miniature card: cream, with a double frame


def kind_of(picture: str) -> str:
    """ "weapon", "suspect" or "other" (a picture a variant added)."""
    if picture in WEAPONS:
        return "weapon"
    if picture in SUSPECTS:
        return "suspect"
    return "other"


def band_colour(picture: str) -> str:
    kind = kind_of(picture)
    if kind == "weapon":
        return WEAPON_BAND
    if kind == "suspect":
        return SUSPECT_BANDS.get(picture, OTHER_BAND)
    return OTHER_BAND


def title(picture: str) -> str:
    """The picture's name as written on a card: "Dagger", "Lead piping", "Col. Mustard" (as the game log writes it)."""
    return picture_name(picture)


def short_name(picture: str) -> str:
    """One word for a small card: "Dagger", "Piping", "Mustard"."""
    return title(picture.split()[-1])


#: a small card's words: 22 px, and in Large type at least CARD_GROWTH times that (a card keeps its look)
NAME_PX, CARD_GROWTH = r.MIN_TEXT_PX, 1.1
#: where a short name too wide for a small card breaks onto two lines (others break in the middle)
SYLLABLES = {"Candlestick": ("Candle-", "stick"), "Revolver": ("Revol-", "ver"), "Spanner": ("Span-", "ner"),
             "Mustard": ("Mus-", "tard"), "Peacock": ("Pea-", "cock"), "Scarlett": ("Scar-", "lett"),
             "Dagger": ("Dag-", "ger"), "Piping": ("Pip-", "ing")}


def small_name_lines(picture: str, width: float, text_scale: float = 1.0) -> list[str]:
    """A small card's name as printed: one line if it fits ``width`` at its least size (squeezed to MIN_SQUEEZE
    at most), else two ("Candle-" / "stick")."""
    name = short_name(picture)
    if r.text_width(name, NAME_PX * min(text_scale, CARD_GROWTH), bold=True) * r.MIN_SQUEEZE <= width:
        return [name]
    if name in SYLLABLES:
        return list(SYLLABLES[name])
    cut = (len(name) + 1) // 2
    return [name[:cut] + "-", name[cut:]]


def draw_small_name(c, text_scale: float, picture: str, cx: float, cy: float, width: float, room: float) -> None:
    """A small card's name (``small_name_lines``) centred on (cx, cy), in a box ``width`` x ``room`` pixels: the
    words ``text_scale`` times their size where they fit, and their lines as far apart as the words are big."""
    lines = small_name_lines(picture, width, text_scale)
    scale = min(text_scale, room / (len(lines) * NAME_PX * 1.05))     # two lines grow only as far as they fit
    line_h = NAME_PX * scale * 1.05
    for i, line in enumerate(lines):
        r.draw_scaled_text(c, scale, line, cx, cy + (i - (len(lines) - 1) / 2) * line_h, px=NAME_PX, bold=True,
                           max_width=width, min_growth=CARD_GROWTH)


#: long one-word names, broken onto two lines on a card
BREAKS = {"Candlestick": ["Candle-", "stick"]}


def name_lines(picture: str) -> list[str]:
    """The name on one line, or two when it is long ("Miss" / "Scarlett", "Candle-" / "stick")."""
    name = title(picture)
    words = name.split()
    if name in BREAKS:
        return BREAKS[name]
    if len(name) <= 9 or len(words) == 1:
        return [name]
    cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return [" ".join(words[:cut]), " ".join(words[cut:])]


# --- icons: drawn in a box of side s centred on (cx, cy) -----------------------------------

def _poly(c, cx, cy, s, points, colour):
    c.fill_style = colour
    c.fill_polygon([(cx + px * s, cy + py * s) for px, py in points])


def _rect(c, cx, cy, s, x, y, w, h, colour):
    c.fill_style = colour
    c.fill_rect(cx + x * s, cy + y * s, w * s, h * s)


def _dagger(c, cx, cy, s, ink, band):
    _poly(c, cx, cy, s, [(0, -0.48), (0.08, -0.12), (-0.08, -0.12)], ink)        # the blade
    _rect(c, cx, cy, s, -0.22, -0.13, 0.44, 0.08, ink)                            # the guard
    _rect(c, cx, cy, s, -0.05, -0.05, 0.10, 0.32, ink)                            # the grip
    c.fill_circle(cx, cy + 0.33 * s, 0.08 * s)                                    # the pommel


def _candlestick(c, cx, cy, s, ink, band):
    _poly(c, cx, cy, s, [(0, -0.5), (0.06, -0.37), (-0.06, -0.37)], ink)          # the flame
    c.fill_circle(cx, cy - 0.36 * s, 0.06 * s)
    _rect(c, cx, cy, s, -0.07, -0.28, 0.14, 0.34, ink)                            # the candle
    _rect(c, cx, cy, s, -0.2, 0.06, 0.4, 0.06, ink)                               # the dish
    _rect(c, cx, cy, s, -0.04, 0.12, 0.08, 0.24, ink)                             # the stem
    _poly(c, cx, cy, s, [(-0.24, 0.47), (0.24, 0.47), (0.13, 0.35), (-0.13, 0.35)], ink)


def _revolver(c, cx, cy, s, ink, band):
    _rect(c, cx, cy, s, -0.12, -0.22, 0.6, 0.11, ink)                             # the barrel
    _rect(c, cx, cy, s, -0.36, -0.26, 0.3, 0.22, ink)                             # the frame
    _rect(c, cx, cy, s, -0.08, -0.26, 0.2, 0.2, ink)                              # the cylinder
    _poly(c, cx, cy, s, [(-0.36, -0.06), (-0.16, -0.06), (-0.24, 0.42), (-0.46, 0.36)], ink)  # the grip
    c.stroke_style = ink
    c.line_width = max(2, 0.05 * s)
    c.stroke_circle(cx - 0.08 * s, cy + 0.02 * s, 0.1 * s)                        # the trigger guard


def _rope(c, cx, cy, s, ink, band):
    c.stroke_style = ink
    c.line_width = max(3, 0.09 * s)
    c.stroke_circle(cx, cy + 0.16 * s, 0.24 * s)                                  # the noose
    c.stroke_line(cx, cy - 0.08 * s, cx, cy - 0.48 * s)                           # the rope above it
    _rect(c, cx, cy, s, -0.08, -0.2, 0.16, 0.16, ink)                             # the knot


def _lead_piping(c, cx, cy, s, ink, band):
    c.save()
    c.stroke_style = ink
    c.line_width = 0.16 * s
    c.line_join = "round"
    c.begin_path()
    c.move_to(cx - 0.4 * s, cy - 0.12 * s)
    c.line_to(cx + 0.2 * s, cy - 0.12 * s)
    c.line_to(cx + 0.2 * s, cy + 0.4 * s)
    c.stroke()
    c.restore()
    _rect(c, cx, cy, s, -0.48, -0.26, 0.09, 0.28, ink)                            # the flanges
    _rect(c, cx, cy, s, 0.06, 0.38, 0.28, 0.09, ink)


def _spanner(c, cx, cy, s, ink, band):
    c.stroke_style = ink
    c.line_width = 0.14 * s
    c.stroke_line(cx - 0.28 * s, cy + 0.28 * s, cx + 0.24 * s, cy - 0.24 * s)    # the handle
    c.fill_style = ink
    c.fill_circle(cx + 0.27 * s, cy - 0.27 * s, 0.18 * s)                         # ring ends
    c.fill_circle(cx - 0.3 * s, cy + 0.3 * s, 0.13 * s)
    c.fill_style = band
    c.fill_circle(cx + 0.27 * s, cy - 0.27 * s, 0.08 * s)
    c.fill_circle(cx - 0.3 * s, cy + 0.3 * s, 0.05 * s)


def _portrait(c, cx, cy, s, ink, band):
    """A suspect: head and shoulders."""
    c.fill_style = ink
    c.fill_circle(cx, cy - 0.16 * s, 0.19 * s)
    c.begin_path()
    c.arc(cx, cy + 0.5 * s, 0.4 * s, math.pi, 2 * math.pi)
    c.close_path()
    c.fill()


WEAPON_ICONS = {"dagger": _dagger, "candlestick": _candlestick, "revolver": _revolver, "rope": _rope,
                "lead piping": _lead_piping, "spanner": _spanner}


def draw_icon(c, picture: str, cx: float, cy: float, s: float, band: str) -> None:
    """The picture's icon in a box of side ``s`` centred on (cx, cy), on a band of colour ``band``."""
    ink = r.text_colour_on(band)
    c.save()
    if picture in WEAPON_ICONS:
        WEAPON_ICONS[picture](c, cx, cy, s, ink, band)
    elif kind_of(picture) == "suspect":
        _portrait(c, cx, cy, s, ink, band)
    else:
        c.line_width = 3
        c.stroke_style = ink
        c.stroke_circle(cx, cy, 0.4 * s)
        r.draw_text(c, picture[:1].upper(), cx, cy, px=0.5 * s, bold=True, colour=ink)
    c.restore()


# --- whole cards ---------------------------------------------------------------------------

def _badge(c, x, y, radius, number):
    """The number in a white circle with a dark ring, its top-left corner at (x, y)."""
    cx, cy = x + radius, y + radius
    c.fill_style = pal.WHITE
    c.fill_circle(cx, cy, radius)
    c.line_width = 2
    c.stroke_style = pal.TEXT
    c.stroke_circle(cx, cy, radius)
    r.draw_text(c, number, cx, cy + 1, px=radius * 1.3, bold=True, max_width=radius * 1.8)


def draw_face(c, rect, card, power=None, text_scale: float = 1.0) -> None:
    """A card face up in ``rect`` (x, y, w, h): number badge, picture band and icon, name, power.

    ``power`` is the picture's power (one of ``rules.POWER_KINDS``) or None; the words are drawn
    ``text_scale`` times their size (a lesson page's Large type).
    """
    x, y, w, h = rect
    small = w < SMALL
    radius = min(w, h) * 0.08
    band_h = h * (0.44 if small else 0.42)
    band = band_colour(card.picture)
    c.save()
    r.rounded_rect_path(c, x, y, w, h, radius)
    c.fill_style = pal.CARD_FACE
    c.fill()
    c.clip()
    c.fill_style = band
    c.fill_rect(x, y, w, band_h)
    c.line_width = 2
    c.stroke_style = pal.TEXT
    c.stroke_line(x, y + band_h, x + w, y + band_h)
    badge = max(14, w * 0.16)
    icon = min(band_h * 0.8, w * 0.55)
    draw_icon(c, card.picture, x + w * 0.6, y + band_h * 0.52, icon, band)
    c.restore()
    c.line_width = 2
    c.stroke_style = pal.TEXT
    r.rounded_rect_path(c, x, y, w, h, radius)
    c.stroke()
    _badge(c, x + 4, y + 4, badge, card.number)
    if small:
        draw_small_name(c, text_scale, card.picture, x + w / 2, y + band_h + (h - band_h) / 2, w - 6, h - band_h - 4)
        return
    lines = name_lines(card.picture)
    px = max(r.MIN_TEXT_PX, min(30, w * 0.17))
    ribbon = h * 0.2 if power in POWER_WORDS else 0
    free = h - band_h - (ribbon + 4 if ribbon else 0)           # between the band and the ribbon (4 px above the foot)
    # Lines as far apart as their words are big, and two lines grown only as far as they fit between the band and
    # the ribbon (in Large type a Candlestick's "stick" went over its SKIP ribbon), never under CARD_GROWTH.
    scale = max(min(text_scale, CARD_GROWTH), min(text_scale, (free - 4) / (len(lines) * px * 1.1)))
    for i, line in enumerate(lines):
        ly = y + band_h + free / 2 + (i - (len(lines) - 1) / 2) * px * scale * 1.1
        r.draw_scaled_text(c, scale, line, x + w / 2, ly, px=px, bold=True, max_width=w - 10, min_growth=CARD_GROWTH)
    if ribbon:
        c.fill_style = pal.TEXT
        c.fill_rect(x + 5, y + h - ribbon - 4, w - 10, ribbon)
        r.draw_scaled_text(c, text_scale, POWER_WORDS[power], x + w / 2, y + h - 4 - ribbon / 2, bold=True,
                           colour=pal.WHITE, max_width=w - 16, min_growth=1.1)


# --- name tags: a rival's hand face up --------------------------------------------------------

def tag_px(text_scale: float = 1.0) -> float:
    """The size of a name tag's words: a small card's (NAME_PX), grown with Large type as a card's words are."""
    return NAME_PX * min(text_scale, CARD_GROWTH)


def tag_height(px: float) -> float:
    return px + 4


def tag_width(card, px: float, label: str | None = None, squeeze: float = 1.0) -> float:
    """How wide the tag of ``card`` is (its number's square, then its short name), or a tag of words ``label``; its
    words ``squeeze`` times their width."""
    words = label if card is None else short_name(card.picture)
    square = 0 if card is None else tag_height(px) + 6
    return square + r.text_width(words, px, bold=True) * squeeze + 16


def draw_tag(c, rect, card, px: float, marked: bool = False, label: str | None = None) -> None:
    """A card as a name tag in ``rect``: its number in a square of its picture's band (a weapon's grey, a suspect's
    colour), then its short name, ``px`` pixels; ``marked`` (a card its player may play): a thick frame. Without a
    ``card``, a tag of the words ``label`` ("+2 more")."""
    x, y, w, h = rect
    r.rounded_rect_path(c, x, y, w, h, 6)
    c.fill_style = pal.CARD_FACE
    c.fill()
    left = x + 8
    if card is not None:
        band = band_colour(card.picture)
        c.fill_style = band
        c.fill_rect(x, y, h, h)
        r.draw_text(c, card.number, x + h / 2, y + h / 2 + 1, px=px, bold=True, colour=r.text_colour_on(band),
                    min_px=px)
        c.line_width = 2
        c.stroke_style = pal.TEXT
        c.stroke_line(x + h, y, x + h, y + h)
        left = x + h + 6
    r.draw_text(c, label if card is None else short_name(card.picture), left, y + h / 2 + 1, px=px, bold=True,
                align="left", max_width=x + w - 8 - left, min_px=px)
    r.rounded_rect_path(c, x, y, w, h, 6)
    c.line_width = 4 if marked else 2
    c.stroke_style = pal.TEXT
    c.stroke()


def draw_back(c, rect) -> None:
    """A card face down."""
    r.draw_card(c, *rect, colour=None, pattern=None, label="", face_up=False)


def draw_miniature(c, rect, picture: str, penalty: int, text_scale: float = 1.0) -> None:
    """A miniature card turned over: the picture's icon and short name, and its penalty (words ``text_scale``
    times their size)."""
    x, y, w, h = rect
    band = band_colour(picture)
    r.rounded_rect_path(c, x, y, w, h, 10)
    c.fill_style = MINI_FILL
    c.fill()
    c.line_width = 4
    c.stroke_style = pal.TEXT
    c.stroke()
    points_h = 28 * min(text_scale, CARD_GROWTH)      # the penalty's line at the bottom
    lines = small_name_lines(picture, w - 8, text_scale)
    name_h = len(lines) * NAME_PX * min(text_scale, CARD_GROWTH) * 1.1
    band_h = h - 24 - points_h - name_h                     # below the band: the name, then the penalty
    c.fill_style = band
    c.fill_rect(x + 8, y + 8, w - 16, band_h)
    c.line_width = 2
    c.stroke_rect(x + 8, y + 8, w - 16, band_h)
    draw_icon(c, picture, x + w / 2, y + 8 + band_h / 2, min(w - 24, band_h * 0.85), band)
    draw_small_name(c, text_scale, picture, x + w / 2, y + 12 + band_h + name_h / 2, w - 8, name_h)
    r.draw_scaled_text(c, text_scale, f"{penalty} pt" + ("" if penalty == 1 else "s"), x + w / 2,
                       y + h - 6 - points_h / 2, max_width=w - 8, min_growth=CARD_GROWTH)


def draw_hidden_miniature(c, rect) -> None:
    """A miniature still face down: a dark card with a question mark."""
    x, y, w, h = rect
    r.rounded_rect_path(c, x, y, w, h, 6)
    c.fill_style = pal.CARD_BACK
    c.fill()
    c.line_width = 2
    c.stroke_style = pal.TEXT
    c.stroke()
    r.draw_text(c, "?", x + w / 2, y + h / 2, px=h * 0.6, bold=True, colour=pal.WHITE)

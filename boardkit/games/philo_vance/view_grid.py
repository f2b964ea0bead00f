"""The knowledge grid of the Philo Vance app, under its controls (HTML, so its words grow with Large type).

10 suspects x 50 clues: each cell the chance that the clue is on that
suspect's confirmation card, light (0) to dark blue (1), from what the whole
table heard (every verdict called aloud) and what a human seat saw (its own
card after a failed conviction; every card in the children's game).  Lightness
alone carries the value, so the scale reads the same to every eye.  White lines
part the clue groups: each suspect's specific clues, the general, the
masculine and the feminine ones.  Beside each row, the players (their pawn's
shape and number) who arrested that suspect.

The grid is a page element, not part of the board's canvas: its names are text
of the page, 18 px (times a lesson page's Large type), readable however small
the board is drawn to keep the board and the controls on one screen.
"""
from __future__ import annotations

import html

import numpy as np

from boardkit.render import palette as pal
from boardkit.render import player_glyph

from .components import CLUES, SUSPECTS

#: The grid's sequential scale (light to dark blue).
BLUES = ("#F7FBFF", "#C6DBEF", "#6BAED6", "#2171B5", "#08306B")
TEXT_SCALE = "var(--boardkit-text-scale, 1)"
TITLE = "What the table knows: the chance each clue (1-50) is on each suspect's card"
#: the clue numbers written over the grid's columns
NUMBERED = (1, 10, 20, 30, 40, 50)


#: BLUES as RGB numbers, for the mixing in blues_rgb
BLUE_STOPS = np.array([pal.hex_to_rgb(h) for h in BLUES], dtype=float)


def blue(value: float) -> str:
    """The grid's colour for a chance ``value`` (0..1): light to dark blue."""
    return blues_hex([value])[0]


def blues_hex(values) -> list[str]:
    """The grid's colours ("#RRGGBB") of chances ``values``, all in one go (a grid has 500 cells)."""
    return ["#%02X%02X%02X" % tuple(rgb) for rgb in blues_rgb(values).astype(int).tolist()]


def blues_rgb(values) -> np.ndarray:
    """(n, 3) RGB colours of chances ``values`` on the grid's scale."""
    t = np.clip(np.asarray(values, dtype=float), 0, 1) * (len(BLUES) - 1)
    low = np.minimum(t.astype(int), len(BLUES) - 2)
    frac = (t - low)[:, None]
    return np.round(BLUE_STOPS[low] * (1 - frac) + BLUE_STOPS[low + 1] * frac)


def group_edges() -> list[int]:
    """Clue ids where a new group starts (a new suspect's specific clues, the general ones, ...)."""
    edges = []
    for j in range(1, len(CLUES)):
        a, b = CLUES[j - 1], CLUES[j]
        if (a.tag, a.hint) != (b.tag, b.hint):
            edges.append(j)
    return edges


def _px(size: float) -> str:
    return f"calc({size}px * {TEXT_SCALE})"


def knowledge_html(beliefs, marks: dict | None = None) -> str:
    """The grid as HTML: ``beliefs`` (suspects x clues, 0..1, or None: the frame only) and ``marks``
    ({suspect: [seats that arrested him]})."""
    marks = marks or {}
    edges = set(group_edges())
    scale = "".join(f"<i style='background:{colour}'></i>" for colour in blues_hex(np.linspace(0, 1, 10)))
    head = (f"<div class='pv-grid-title'><b>{html.escape(TITLE)}</b>"
            f"<span class='pv-grid-scale' aria-hidden='true'>0 <span>{scale}</span> 1</span></div>")
    cells = ["<span></span>"] + [
        f"<span class='pv-grid-number' style='grid-column:{j + 1}'>{j}</span>" for j in NUMBERED] + [
        f"<span style='grid-column:{len(CLUES) + 2}'></span>"]
    if beliefs is not None:
        rows = np.asarray(beliefs, dtype=float)
        for i, suspect in enumerate(SUSPECTS[:len(rows)]):
            arrested = marks.get(i, ())
            name = html.escape(suspect.name)
            cells.append(f"<span class='pv-grid-name'>{f'<b>{name}</b>' if arrested else name}</span>")
            cells += [f"<i style='background:{colour}'{' class=pv-grid-edge' if j in edges else ''}></i>"
                      for j, colour in enumerate(blues_hex(rows[i]))]
            cells.append("<span class='pv-grid-marks'>"
                         + " ".join(f"{player_glyph(seat)}{seat + 1}" for seat in arrested) + "</span>")
    style = f"""<style>
.boardkit-pv-grid {{font-size:{_px(18)}; color:{pal.TEXT}; margin:6px 0; max-width:{_px(1400)};}}
.boardkit-pv-grid .pv-grid-title {{display:flex; flex-wrap:wrap; gap:4px 24px; align-items:center;}}
.boardkit-pv-grid .pv-grid-scale span {{display:inline-flex; border:1px solid {pal.TEXT}; vertical-align:middle;}}
.boardkit-pv-grid .pv-grid-scale i {{display:inline-block; width:{_px(12)}; height:{_px(18)};}}
.boardkit-pv-grid .pv-grid-cells {{display:grid; grid-template-columns:max-content repeat({len(CLUES)}, minmax(0, 1fr))
  max-content; grid-auto-rows:minmax({_px(26)}, auto); align-items:stretch; column-gap:0; margin-top:4px;}}
.boardkit-pv-grid .pv-grid-cells i {{display:block; border-top:1px solid #FFFFFF;}}
.boardkit-pv-grid .pv-grid-cells i.pv-grid-edge {{border-left:2px solid #FFFFFF;}}
.boardkit-pv-grid .pv-grid-name {{padding-right:8px; white-space:nowrap; align-self:center;}}
.boardkit-pv-grid .pv-grid-marks {{padding-left:8px; white-space:nowrap; align-self:center;}}
.boardkit-pv-grid .pv-grid-number {{font-size:{_px(16)}; align-self:end;}}
</style>"""
    label = html.escape(f"{TITLE}, light (0) to dark blue (1); a white line starts each group of clues.")
    return (f"{style}<div role='img' aria-label='{label}'>{head}"
            f"<div class='pv-grid-cells'>{''.join(cells)}</div></div>")

"""A lesson page readable from the back of a room: big type, a Large type switch, readable charts and tables.

``lesson_page()`` goes in the lesson's first visible output. It sets the text
sizes of the whole page (Voilà's page, or the notebook in JupyterLab) with CSS
variables that JupyterLab and ipywidgets read, so paragraphs are 18 px, widgets
and printed output 16 px and nothing is smaller than 14 px; its **Large type**
switch multiplies every size by 1.4 for a projector. Charts are made with
``chart()`` so their lettering is at least 16 px when shown at their own size,
and tables with ``table()``: plain-word headers, whole numbers as whole numbers.
"""
from __future__ import annotations

import html
import math
from numbers import Integral, Real

import numpy as np

#: how much the Large type switch enlarges every text
LARGE_TYPE = 1.4
#: the widest chart (inches at 100 dots per inch): shown at its own size in a 1280-pixel window
MAX_CHART_WIDTH = 11.0
CHART_DPI = 100
#: matplotlib sizes in points (at 100 dpi a point is 1.39 px: 12 pt = 16.7 px)
CHART_FONTS = {"font.size": 13, "axes.titlesize": 15, "axes.labelsize": 14, "xtick.labelsize": 13,
               "ytick.labelsize": 13, "legend.fontsize": 13, "legend.title_fontsize": 13,
               "figure.titlesize": 16}

# Pixel sizes at the normal scale: (CSS variable, px). JupyterLab's own defaults are 13-14 px.
_SIZES = (("--jp-content-font-size0", 15), ("--jp-content-font-size1", 18), ("--jp-ui-font-size0", 14),
          ("--jp-ui-font-size1", 16), ("--jp-ui-font-size2", 18), ("--jp-ui-font-size3", 22),
          ("--jp-code-font-size", 16), ("--jp-widgets-font-size", 16))
_HEIGHTS = (("--jp-widgets-inline-height", 34), ("--jp-widgets-inline-label-width", 150))


def lesson_css(scale: float = 1.0) -> str:
    """The page's CSS at ``scale`` (1 normal, LARGE_TYPE for a projector), as a ``<style>`` element.

    The variables are set on ``.jp-Notebook``: Voilà's page body, or the notebook's
    panel in JupyterLab (its menus keep their sizes).
    """
    from ..render.app import switched_off_css       # (a switched-off button: plainly off, its words readable)

    if not (isinstance(scale, Real) and 0.5 <= scale <= 3):
        raise ValueError(f"scale must be a number from 0.5 to 3, got {scale!r}")
    variables = "; ".join(f"{name}: {round(px * scale)}px" for name, px in _SIZES + _HEIGHTS)
    body = round(18 * scale)
    small = round(14 * scale)
    return f"""<style class="boardkit-lesson-css">
.jp-Notebook {{ {variables}; --boardkit-text-scale: {scale}; }}
.jp-Notebook .jp-RenderedHTMLCommon {{ font-size: {body}px; line-height: 1.5; }}
.jp-Notebook .jp-RenderedHTMLCommon table, .jp-Notebook table.boardkit-table {{ font-size: {round(17 * scale)}px; }}
.jp-Notebook .jp-RenderedHTMLCommon :is(sub, sup, small) {{ font-size: {small}px; }}
.jp-Notebook .widget-readout {{ font-size: {round(16 * scale)}px; }}
.jp-Notebook .jp-OutputArea-output pre {{ font-size: {round(16 * scale)}px; }}
/* a code line keeps its shape in Large type: too long for the window, it scrolls inside its block; the words
   after a block keep a paragraph's distance from it */
.jp-Notebook .jp-RenderedMarkdown pre {{ overflow-x: auto; margin-bottom: 1em; }}
.jp-Notebook .jp-RenderedMarkdown pre, .jp-Notebook .jp-RenderedMarkdown pre code {{ white-space: pre; }}
.jp-Notebook .boardkit-printout pre {{ font-family: var(--jp-code-font-family, monospace); font-size: {round(16 * scale)}px;
    line-height: 1.4; }}
.jp-Notebook table.boardkit-table {{ border-collapse: collapse; margin: 8px 0; }}
.jp-Notebook table.boardkit-table th {{ background: #e8eef5; font-weight: bold; text-align: left; }}
.jp-Notebook table.boardkit-table :is(th, td) {{ padding: 6px 14px; border-bottom: 1px solid #c8d0d8; }}
.jp-Notebook table.boardkit-table td {{ text-align: right; }}
.jp-Notebook table.boardkit-table td:first-child {{ text-align: left; }}
.jp-Notebook .boardkit-prediction, .jp-Notebook .boardkit-quick-check {{
    border-left: 6px solid #0072B2; padding: 6px 12px; margin: 10px 0; background: #f4f8fb; }}
.jp-Notebook .boardkit-rule-error {{ color: #8a3b00; font-weight: bold; }}
.jp-Notebook .jupyter-widget-Collapse-header, .jp-Notebook .p-Collapse-header {{
    font-size: {body}px; color: #1a1a1a; background: #e8eef5; }}
.jp-Notebook .widget-radio-box label, .jp-Notebook .widget-checkbox label {{ font-size: {round(16 * scale)}px; }}
.jp-Notebook .widget-radio-box label {{ line-height: 1.6; height: auto; margin: 2px 0; }}
/* a question, a note, sentences (boardkit-sentences): lines a paragraph apart, not a control's height */
.jp-Notebook :is(.boardkit-prediction, .boardkit-quick-check, .boardkit-teacher-panel, .boardkit-sentences)
    .widget-html-content {{
    line-height: 1.45; }}
.jp-Notebook .widget-dropdown > select {{ padding-right: {round(30 * scale)}px; background-size: {round(20 * scale)}px; }}
.jp-Notebook .widget-radio-box input[type="radio"], .jp-Notebook .widget-checkbox input[type="checkbox"] {{
    width: {round(18 * scale)}px !important; height: {round(18 * scale)}px !important; }}
{switched_off_css(".jp-Notebook")}
</style>"""


def chart_style() -> None:
    """Make matplotlib's lettering big enough to read from the back of a room (>= 16 px at 100 dpi)."""
    import matplotlib as mpl

    mpl.rcParams.update(CHART_FONTS)
    mpl.rcParams["figure.dpi"] = CHART_DPI


def chart(nrows: int = 1, ncols: int = 1, width: float = 10, height: float = 4.5, **options):
    """``plt.subplots`` for a lesson: at most 11 inches wide at 100 dpi, laid out so nothing overlaps.

    Shown at its own size in a 1280-pixel window, so its lettering keeps its size.
    Returns ``(figure, axes)`` as ``plt.subplots`` does.
    """
    import matplotlib.pyplot as plt

    if not (isinstance(width, Real) and 2 <= width <= MAX_CHART_WIDTH):
        raise ValueError(f"width must be from 2 to {MAX_CHART_WIDTH} inches, got {width!r}")
    if not (isinstance(height, Real) and 1.5 <= height <= 12):
        raise ValueError(f"height must be from 1.5 to 12 inches, got {height!r}")
    chart_style()
    options.setdefault("layout", "constrained")
    return plt.subplots(nrows, ncols, figsize=(width, height), dpi=CHART_DPI, **options)


def lesson_page():
    """The page's style and its **Large type** switch: put it in the lesson's first visible output."""
    import ipywidgets as widgets

    from ..render.app import set_canvas_text_scale

    chart_style()
    style = widgets.HTML(lesson_css())
    large = widgets.ToggleButton(value=False, description="Large type", icon="search-plus",
                                 tooltip="Make every text 1.4 times bigger, for a projector",
                                 layout=widgets.Layout(width="auto", height="40px"))
    large.add_class("boardkit-large-type")

    def switch(change):
        scale = LARGE_TYPE if change["new"] else 1.0
        style.value = lesson_css(scale)
        set_canvas_text_scale(scale)        # the words the Apps draw on their canvases grow too

    large.observe(switch, names="value")
    from ..render.names import control_names
    from .teacher import drawn_signal

    # control_names: names the page's sliders (in Voilà); drawn_signal: a pre-heated kernel hears the page is drawn
    box = widgets.HBox([style, large, *control_names(), *drawn_signal()])
    box.add_class("boardkit-lesson-page")
    return box


# --- numbers and tables ----------------------------------------------------------------------------

def plain_header(name) -> str:
    """A column name in plain words: ``median_turns`` -> ``Median turns``."""
    text = str(name).replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def _is_whole(value) -> bool:
    return isinstance(value, Integral) or (isinstance(value, Real) and math.isfinite(value) and value == int(value))


def number(value, decimals: int = 2, percent: bool = False) -> str:
    """``value`` as a reader wants it: whole numbers with thousands commas, others with ``decimals``, or a percentage;
    True and False as "yes" and "no"."""
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if value is None or (isinstance(value, Real) and not isinstance(value, Integral) and math.isnan(value)):
        return "–"
    if not isinstance(value, Real):
        return str(value)
    if percent:
        return f"{value:.{decimals}%}"
    if _is_whole(value):
        return f"{int(value):,}"
    return f"{value:,.{decimals}f}"


def with_interval(estimate, low, high, percent: bool = True, decimals: int = 0) -> str:
    """An estimate with its interval: ``"34% (31% to 37%)"``."""
    def one(value):
        return number(value, decimals, percent) if percent else f"{value:,.{decimals}f}"
    return f"{one(estimate)} ({one(low)} to {one(high)})"


def share_with_interval(successes, trials, confidence: float = 0.95):
    """The share ``successes / trials`` and its Wilson interval: ``(estimate, low, high)``."""
    from ..core.stats import wilson_interval

    if not (isinstance(trials, Integral) and trials > 0):
        raise ValueError(f"trials must be a whole number above 0, got {trials!r}")
    low, high = wilson_interval(successes, trials, confidence)
    return successes / trials, low, high


def table(frame, headers=None, percent=(), decimals: int = 2, percent_decimals: int = 0, index: bool = False):
    """``frame`` as a styled HTML table (pandas Styler) with plain-word headers.

    ``headers`` renames columns (others get :func:`plain_header`); columns named in
    ``percent`` show percentages (``percent_decimals`` places); whole numbers show as whole numbers ("1,000", not
    "1000.000"); other numbers with ``decimals`` places. The index is left out
    unless ``index`` is true. Returns an HTML object to display or ``show``.
    """
    from IPython.display import HTML

    headers = dict(headers or {})
    unknown = [name for name in list(headers) + list(percent) if name not in frame.columns]
    if unknown:
        raise ValueError(f"no column called {', '.join(map(repr, unknown))}; the columns are {list(frame.columns)}")
    formats = {column: (lambda v, p=column in percent: number(v, percent_decimals if p else decimals, p))
               for column in frame.columns}
    styler = frame.style.format(formats).relabel_index(
        [headers.get(column, plain_header(column)) for column in frame.columns], axis=1)
    from pandas.api.types import is_numeric_dtype

    words = [column for column in frame.columns if not is_numeric_dtype(frame[column])]
    if words:   # text reads from the left; numbers line up on the right (the CSS)
        styler = styler.set_properties(subset=words, **{"text-align": "left"})
    if not index:
        styler = styler.hide(axis="index")
    styler = styler.set_table_attributes('class="boardkit-table"')
    return HTML(styler.to_html())


def escape(text) -> str:
    """``text`` made safe to put in a widget's HTML."""
    return html.escape(str(text), quote=False)

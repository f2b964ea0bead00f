"""Plots for the design lab (matplotlib): how a figure moves with the rules.

* :func:`figure_against` -- one figure of a ``bk.sweep`` table against one
  field, with its interval as a band (one line per value of a second field
  with ``by=``), and a goal's target range hatched;
* :func:`heat_map` -- one figure over two fields, the value printed in every
  cell, and the cells that meet a goal hatched and ticked (never colour alone);
* :func:`length_ecdfs` -- the lengths of chosen variants' games overlaid as
  empirical distribution functions ("what share of games is over by turn t").

The colours are the Okabe-Ito palette and the cividis map, which readers
with any common form of colour blindness can tell apart; every line also has
its own dash and marker, and text is 14 points or more.  Each function draws
on ``ax`` (a new figure when None) and returns the axes.
"""
from __future__ import annotations

import numpy as np

from .render.palette import BLACK, BLUE, BLUISH_GREEN, ORANGE, REDDISH_PURPLE, SKY_BLUE, VERMILLION, YELLOW

#: Okabe & Ito's palette (the Apps' and lessons' colours), distinguishable with every
#: common colour-vision deficiency; yellow late, as it is faint on white
COLOURS = (BLUE, ORANGE, BLUISH_GREEN, REDDISH_PURPLE, SKY_BLUE, VERMILLION, BLACK, YELLOW)
DASHES = ("-", "--", "-.", ":")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
#: a colour map that stays readable in grey and to colour-blind readers
COLOUR_MAP = "cividis"
#: points; at least 14 pixels at any screen resolution of 72 dots per inch or more
FONT_SIZE = 14
TITLE_SIZE = 16
GOAL_HATCH = "///"


def _axes(ax, size=(8, 5)):
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=size, layout="constrained")
    return ax


def _goal(goal, figure: str):
    """A Goal for ``figure`` from a Goal, a (low, high) pair or 'max'/'min' (None stays None)."""
    if goal is None:
        return None
    from .core.design import Goal, make_goals

    if not isinstance(goal, Goal):
        goal = make_goals({figure: goal})[0]
    if goal.figure != figure:
        raise ValueError(f"the goal is on {goal.figure!r} but the plot shows {figure!r}")
    return goal


def _check_columns(table, columns) -> None:
    import pandas as pd

    if not isinstance(table, pd.DataFrame) or len(table) == 0:
        raise ValueError("table must be a non-empty pandas DataFrame (bk.sweep's table or a search's trials)")
    missing = [c for c in columns if c not in table.columns]
    if missing:
        raise ValueError(f"table has no column {', '.join(map(repr, missing))}; "
                         f"its columns are: {', '.join(map(str, table.columns))}")


def _positions(values):
    """x positions for a field's values: the numbers themselves, else 0, 1, 2... with the values as labels."""
    values = list(values)
    if all(isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, (bool, np.bool_))
           for v in values):
        return np.asarray(values, dtype=float), None
    order = list(dict.fromkeys(values))
    return np.array([order.index(v) for v in values], dtype=float), order


def _shade_goal(ax, goal, horizontal: bool = True) -> None:
    """Hatch the goal's target range (a range goal only) across the axes."""
    if goal is None or goal.direction is not None:
        return
    low = goal.low if goal.low is not None else -np.inf
    high = goal.high if goal.high is not None else np.inf
    span = ax.axhspan if horizontal else ax.axvspan
    limits = ax.get_ylim() if horizontal else ax.get_xlim()
    span(max(low, limits[0] - 1e9), min(high, limits[1] + 1e9), facecolor="none", edgecolor="0.45",
         hatch=GOAL_HATCH, linewidth=0, label=f"goal: {goal.label}", zorder=0)
    (ax.set_ylim if horizontal else ax.set_xlim)(limits)


def _style(ax, title: str, xlabel: str, ylabel: str) -> None:
    ax.set_title(title, fontsize=TITLE_SIZE)
    ax.set_xlabel(xlabel, fontsize=FONT_SIZE)
    ax.set_ylabel(ylabel, fontsize=FONT_SIZE)
    ax.tick_params(labelsize=FONT_SIZE)


def figure_against(table, field: str, figure: str, by: str | None = None, goal=None, ax=None):
    """``figure`` (e.g. ``"median length"``) against ``field`` (e.g. ``"hand_limit"``), with its interval.

    Each line is the estimate with a band from ``<figure> low`` to ``<figure>
    high`` (no band for a figure without an interval, such as ``seat test
    p``).  ``by``: a second field of the table, one line per value (each in
    its own colour, dash and marker).  ``goal``: a Goal on the same figure,
    or a ``(low, high)`` range; its target range is hatched.  A table that
    varies other fields than ``field`` and ``by`` (``bk.sweep`` records its
    grid) is refused: the lines would mix variants.
    """
    _check_columns(table, [field, figure] + ([by] if by else []))
    varied = [f for f in table.attrs.get("fields", []) if f not in (field, by) and table[f].nunique() > 1]
    if varied:
        raise ValueError(f"the table also varies {', '.join(varied)}: choose one of them with by=, "
                         f"or plot a slice of the table (e.g. table[table[{varied[0]!r}] == value])")
    goal = _goal(goal, figure)
    ax = _axes(ax, size=(10, 5))
    groups = [(None, table)] if by is None else list(table.groupby(by, sort=False))
    band = f"{figure} low" in table.columns and f"{figure} high" in table.columns
    labels = None
    for i, (value, rows) in enumerate(groups):
        rows = rows.reset_index(drop=True)
        x, labels = _positions(rows[field])
        order = np.argsort(x, kind="stable")
        colour = COLOURS[i % len(COLOURS)]
        name = figure if by is None else f"{by} = {value}"
        ax.plot(x[order], rows[figure].to_numpy(dtype=float)[order], color=colour,
                linestyle=DASHES[i % len(DASHES)], marker=MARKERS[i % len(MARKERS)], markersize=8,
                linewidth=2, label=name)
        if band:
            ax.fill_between(x[order], rows[f"{figure} low"].to_numpy(dtype=float)[order],
                            rows[f"{figure} high"].to_numpy(dtype=float)[order], color=colour, alpha=0.2,
                            linewidth=0)
    if labels is not None:
        ax.set_xticks(range(len(labels)), [str(v) for v in labels])
    elif table[field].nunique() <= 12:   # the values tried, not 1.5 between 1 and 2
        ticks = sorted(table[field].unique())
        ax.set_xticks(ticks, [f"{v:g}" for v in ticks])
    _shade_goal(ax, goal)
    game = table.attrs.get("game")
    _style(ax, f"{game}: {figure}" if game else figure, field, figure)
    handles, _ = ax.get_legend_handles_labels()
    if band:
        from matplotlib.patches import Patch

        handles.append(Patch(facecolor="0.6", alpha=0.4, label=f"shaded: {_confidence(table)} interval"))
    ax.legend(handles=handles, fontsize=FONT_SIZE, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    return ax


def _confidence(table) -> str:
    return f"{table.attrs.get('confidence', 0.95):.0%}"


def heat_map(table, x: str, y: str, figure: str, goal=None, ax=None, digits: int = 3):
    """``figure`` over two fields: a coloured cell for each (``x``, ``y``), with the value printed.

    ``goal``: a range goal on the same figure (a Goal or ``(low, high)``);
    the cells that meet it are hatched and ticked, so the reader need not
    tell colours apart.  A cell with no value (no variant, or NaN) is left
    blank and says "n/a".  ``digits``: significant digits printed.
    """
    _check_columns(table, [x, y, figure])
    goal = _goal(goal, figure)
    if goal is not None and goal.direction is not None:
        raise ValueError(f"a heat map marks the cells that meet a range goal; {goal.label!r} has no range")
    if table.duplicated([x, y]).any():
        raise ValueError(f"the table has several rows for some ({x}, {y}) pair: plot a slice that varies "
                         f"only {x} and {y}")
    xs, ys = list(dict.fromkeys(table[x])), list(dict.fromkeys(table[y]))
    xs, ys = _sorted(xs), _sorted(ys)
    grid = np.full((len(ys), len(xs)), np.nan)
    for _, row in table.iterrows():
        grid[ys.index(row[y]), xs.index(row[x])] = float(row[figure])
    ax = _axes(ax, size=(1.6 * len(xs) + 3, 1.0 * len(ys) + 2.5))
    import matplotlib

    colours = matplotlib.colormaps[COLOUR_MAP].with_extremes(bad="white")   # a cell with no value
    image = ax.imshow(np.ma.masked_invalid(grid), cmap=colours, aspect="auto", origin="lower")
    finite = grid[np.isfinite(grid)]
    middle = (finite.min() + finite.max()) / 2 if finite.size else 0
    from matplotlib.patches import Patch, Rectangle

    for (row, column), value in np.ndenumerate(grid):
        if np.isnan(value):
            ax.text(column, row, "n/a", ha="center", va="center", fontsize=FONT_SIZE, color="black")
            continue
        met = goal is not None and goal.met(value)
        if met:
            ax.add_patch(Rectangle((column - 0.5, row - 0.5), 1, 1, fill=False, hatch=GOAL_HATCH,
                                   edgecolor="white" if value < middle else "black", linewidth=2))
        text = f"{value:.{digits}g}" + (" \u2713" if met else "")
        ax.text(column, row, text, ha="center", va="center", fontsize=FONT_SIZE, color="black",
                fontweight="bold" if met else "normal",
                bbox=dict(boxstyle="round,pad=0.2", facecolor="white", edgecolor="none", alpha=0.85))
    ax.set_xticks(range(len(xs)), [str(v) for v in xs])
    ax.set_yticks(range(len(ys)), [str(v) for v in ys])
    bar = ax.figure.colorbar(image, ax=ax)
    bar.set_label(figure, fontsize=FONT_SIZE)
    bar.ax.tick_params(labelsize=FONT_SIZE)
    game = table.attrs.get("game")
    _style(ax, f"{game}: {figure}" if game else figure, x, y)
    if goal is not None:
        ax.legend(handles=[Patch(facecolor="none", edgecolor="black", hatch=GOAL_HATCH,
                                 label=f"\u2713 goal met: {goal.label}")],
                  fontsize=FONT_SIZE, loc="upper center", bbox_to_anchor=(0.5, -0.15), frameon=False)
    return ax


def _sorted(values: list) -> list:
    try:
        return sorted(values)
    except TypeError:   # values that do not compare (tuples with strings, None): keep the table's order
        return values


def length_ecdfs(frames: dict, column: str = "turns", goal=None, ax=None):
    """The game lengths of several variants as overlaid ECDFs.

    ``frames`` maps a name (``"rulebook"``, ``variant_code(best)``) to a
    simulation frame (``bk.simulate``).  Each step curve rises from 0 to 1:
    its height at ``t`` is the share of games over by turn ``t``, so a curve
    to the left is a shorter game, a steep curve a predictable one, and a
    long flat tail the games that "never end".  ``goal``: a range goal on a
    length (e.g. ``(20, 40)``), hatched along the x axis.
    """
    import pandas as pd

    if not isinstance(frames, dict) or not frames:
        raise ValueError(f"frames must be a dict of names to simulation frames, got {frames!r}")
    for name, frame in frames.items():
        if not isinstance(frame, pd.DataFrame) or column not in frame.columns or len(frame) == 0:
            raise ValueError(f"frames[{name!r}] must be a simulation frame with a {column!r} column")
    if goal is not None:
        from .core.design import Goal, make_goals

        goal = goal if isinstance(goal, Goal) else make_goals({"median length": goal})[0]
    ax = _axes(ax)
    for i, (name, frame) in enumerate(frames.items()):
        lengths = np.sort(pd.to_numeric(frame[column], errors="coerce").dropna().to_numpy(dtype=float))
        shares = np.arange(1, len(lengths) + 1) / len(lengths)
        ax.step(np.concatenate([[lengths[0]], lengths]), np.concatenate([[0.0], shares]), where="post",
                color=COLOURS[i % len(COLOURS)], linestyle=DASHES[i % len(DASHES)], linewidth=2.5,
                label=f"{name} (median {np.median(lengths):g})")
    ax.set_ylim(0, 1.02)
    _shade_goal(ax, goal, horizontal=False)
    _style(ax, "How long the games last", f"length ({column})", "share of games over by then")
    ax.legend(fontsize=FONT_SIZE, loc="lower right")
    return ax

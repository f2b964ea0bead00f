"""Plots for the design lab (matplotlib): how a figure moves with the rules.

* :func:`figure_against` -- one figure of a ``bk.sweep`` table against one
  field, with its interval as a band (one line per value of a second field
  with ``by=``), and a goal's target range hatched;
* :func:`heat_map` -- one figure over two fields, the value printed in every
  cell, and the cells that meet a goal hatched and ticked (never colour alone);
* :func:`trade_off` -- the Pareto front of two figures, with their intervals, each point numbered;
* :func:`length_ecdfs` -- the lengths of chosen variants' games overlaid as
  empirical distribution functions ("what share of games is over by turn t").

The colours are the Okabe-Ito palette and the cividis map, which readers
with any common form of colour blindness can tell apart; every line also has
its own dash and marker, and text is 14 points or more.  Each function draws
on ``ax`` (a new figure when None) and returns the axes.
"""
from __future__ import annotations

import re

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


#: how each verdict of a goal (``Goal.status``) is marked: never by colour alone (a symbol, and a pattern on the map)
VERDICT_MARKS = {"met": "\u2713", "missed": "\u2717", "not sure yet": "?", "no figure": ""}
VERDICT_HATCHES = {"met": GOAL_HATCH, "not sure yet": "..", "missed": "", "no figure": ""}
VERDICT_WORDS = {"met": "goal met (the whole interval inside)",
                 "not sure yet": "not sure yet (the interval straddles the goal's line)",
                 "missed": "goal missed (the whole interval outside)"}
#: a map's colour scale stops this many spreads of the middle half beyond it (an outlier would swamp the rest)
CLIP_SPREADS = 3.0


def _colour_scale(finite, centre):
    """(vmin, vmax, clipped): the map's colour range, clipped where one outlier would swamp the rest."""
    low, high = float(finite.min()), float(finite.max())
    if finite.size >= 4:
        q1, q3 = np.percentile(finite, [25, 75])
        spread = max(q3 - q1, 1e-9 * max(abs(q1), abs(q3), 1))
        low, high = max(low, q1 - CLIP_SPREADS * spread), min(high, q3 + CLIP_SPREADS * spread)
    clipped = low > finite.min() or high < finite.max()
    if centre is not None:      # the goal's colour in the middle, whichever side the cells lie
        step = max(abs(high - low), abs(centre), 1.0) * 0.05
        low, high = min(low, centre - step), max(high, centre + step)
    elif low == high:
        low, high = low - 0.5, high + 0.5
    return low, high, clipped


def _refusals(table, x, y):
    """{(x value, y value): the rules' reason} for the cells a sweep skipped (``invalid="skip"``)."""
    reasons = {}
    for fields, reason in table.attrs.get("skipped", []):
        if x in fields and y in fields:
            words = reason.split(" is not allowed: ", 1)[-1]        # the rule's own reason, its names in words
            reasons[(fields[x], fields[y])] = re.sub(r"\b([a-z]+(?:_[a-z]+)+)\b", lambda m: m[1].replace("_", " "),
                                                     words).replace("=", " ")
    return reasons


def heat_map(table, x: str, y: str, figure: str, goal=None, ax=None, digits: int = 3):
    """``figure`` over two fields: a coloured cell for each (``x``, ``y``), with its value and interval printed.

    An honest map: each cell prints its value and, below it, its interval
    (``<figure> low`` / ``high``, where the table has them).  ``goal``: a range
    goal on the same figure (a Goal or ``(low, high)``); the colour scale is then
    centred on it (a diverging map: one hue below the goal, another above), and each
    cell is marked by its verdict, never by colour alone: met (the whole interval
    inside, hatched and \u2713), not sure yet (the interval straddles the goal's
    line: within noise, dotted and ?) or missed (\u2717).  A scale one outlier
    would swamp stops at the outliers (their cells take the end colour, the note
    under the map says so).  A cell with no variant says "n/a", with the rules'
    reason under the map when the sweep skipped it (``invalid="skip"``).
    ``digits``: significant digits printed.
    """
    _check_columns(table, [x, y, figure])
    goal = _goal(goal, figure)
    if goal is not None and goal.direction is not None:
        raise ValueError(f"a heat map marks the cells that meet a range goal; {goal.label!r} has no range")
    if table.duplicated([x, y]).any():
        raise ValueError(f"the table has several rows for some ({x}, {y}) pair: plot a slice that varies "
                         f"only {x} and {y}")
    xs, ys = _sorted(list(dict.fromkeys(table[x]))), _sorted(list(dict.fromkeys(table[y])))
    refused = _refusals(table, x, y)
    xs = _sorted(xs + [a for a, _ in refused if a not in xs])
    ys = _sorted(ys + [b for _, b in refused if b not in ys])
    has_interval = f"{figure} low" in table and f"{figure} high" in table
    grid, lows, highs = (np.full((len(ys), len(xs)), np.nan) for _ in range(3))
    for _, row in table.iterrows():
        at = ys.index(row[y]), xs.index(row[x])
        grid[at] = float(row[figure])
        if has_interval:
            lows[at], highs[at] = float(row[f"{figure} low"]), float(row[f"{figure} high"])
    ax = _axes(ax, size=(2.2 * len(xs) + 3, 1.3 * len(ys) + 3))
    import matplotlib
    from matplotlib.colors import Normalize, TwoSlopeNorm
    from matplotlib.patches import Patch, Rectangle

    # With a goal, a cell's colour is how far its figure lies outside the goal (0, the middle colour, inside it)
    shade = grid if goal is None else np.where(grid > (goal.high if goal.high is not None else np.inf),
                                               grid - (goal.high if goal.high is not None else 0),
                                               np.where(grid < (goal.low if goal.low is not None else -np.inf),
                                                        grid - (goal.low if goal.low is not None else 0),
                                                        np.where(np.isnan(grid), np.nan, 0.0)))
    finite = shade[np.isfinite(shade)]
    centre = 0.0 if goal is not None else None
    vmin, vmax, clipped = _colour_scale(finite, centre) if finite.size else (0, 1, False)
    colours = matplotlib.colormaps["PuOr" if goal is not None else COLOUR_MAP].with_extremes(bad="white")
    norm = TwoSlopeNorm(centre, vmin, vmax) if centre is not None else Normalize(vmin, vmax)
    image = ax.imshow(np.ma.masked_invalid(shade), cmap=colours, norm=norm, aspect="auto", origin="lower")
    verdicts = goal.status(grid, lows, highs) if goal is not None else np.full(grid.shape, "no figure")
    notes, reasons = [], []
    for (row, column), value in np.ndenumerate(grid):
        if np.isnan(value):
            reason = refused.get((xs[column], ys[row]))
            if reason is not None and reason not in reasons:
                reasons.append(reason)
            mark = f" ({reasons.index(reason) + 1})" if reason is not None else ""
            ax.text(column, row, "n/a" + mark, ha="center", va="center", fontsize=FONT_SIZE, color="black")
            continue
        verdict = verdicts[row, column]
        if VERDICT_HATCHES[verdict]:
            ax.add_patch(Rectangle((column - 0.5, row - 0.5), 1, 1, fill=False, hatch=VERDICT_HATCHES[verdict],
                                   edgecolor="black", linewidth=1.5))
        text = f"{value:.{digits}g} {VERDICT_MARKS[verdict]}".strip()
        if has_interval and np.isfinite(lows[row, column]):
            text += f"\n({lows[row, column]:.{digits}g} to {highs[row, column]:.{digits}g})"
        ax.text(column, row, text, ha="center", va="center", fontsize=FONT_SIZE, color="black",
                fontweight="bold" if verdict == "met" else "normal", linespacing=1.1,
                bbox=dict(boxstyle="round,pad=0.2", facecolor="white", edgecolor="none", alpha=0.9))
    ax.set_xticks(range(len(xs)), [str(v) for v in xs])
    ax.set_yticks(range(len(ys)), [str(v) for v in ys])
    below, above = finite.size and finite.min() < vmin, finite.size and finite.max() > vmax
    bar = ax.figure.colorbar(image, ax=ax, extend={(1, 1): "both", (1, 0): "min", (0, 1): "max"}.get(
        (int(bool(below)), int(bool(above))), "neither"))
    bar.set_label(f"how far below (-) or above (+) the goal\n(0: inside it, {goal.label})" if goal else figure,
                  fontsize=FONT_SIZE)
    bar.ax.tick_params(labelsize=FONT_SIZE)
    game = table.attrs.get("game")
    _style(ax, f"{game}: {figure}" if game else figure, x, y)
    if clipped:
        ends = [f"{end:.{digits}g}" for end, beyond in ((vmin, below), (vmax, above)) if beyond]
        notes.append(f"Some cells lie far from the rest, so the colours stop at {' and '.join(ends)}"
                     f"{' from the goal' if goal is not None else ''}: "
                     f"cells beyond take the end colour (one cell must not wash out the others); read their values.")
    notes += [f"n/a ({i}): the rules refuse it: {reason}" for i, reason in enumerate(reasons, 1)]
    if has_interval:
        notes.insert(0, f"Each cell: the figure, and below it its {_confidence(table)} interval.")
    if goal is not None:
        shown = [v for v in ("met", "not sure yet", "missed") if (verdicts == v).any()]
        ax.legend(handles=[Patch(facecolor="white", edgecolor="black", hatch=VERDICT_HATCHES[v],
                                 label=f"{VERDICT_MARKS[v]} {VERDICT_WORDS[v]}") for v in shown],
                  title=f"Goal: {goal.label}", fontsize=FONT_SIZE, title_fontsize=FONT_SIZE,
                  loc="upper center", bbox_to_anchor=(0.5, -0.13), frameon=False)
    if notes:
        import textwrap

        wrapped = "\n".join(textwrap.fill(note, 95) for note in notes)
        ax.figure.text(0.01, 0.0, wrapped, ha="left", va="top", fontsize=FONT_SIZE)
    return ax


def _sorted(values: list) -> list:
    try:
        return sorted(values)
    except TypeError:   # values that do not compare (tuples with strings, None): keep the table's order
        return values


#: how a variant's verdict on all its goals is drawn on a chart: a marker shape each, never colour alone
VERDICT_MARKERS = {"met": ("o", "every goal met"), "not sure yet": ("D", "some goal not sure yet"),
                   "missed": ("X", "some goal missed")}


def overall_verdicts(table, goals) -> np.ndarray:
    """Each row's verdict on all its range goals: "missed" if one is missed, else "not sure yet" if one is
    not sure, else "met" (direction goals are never met or missed)."""
    overall = np.full(len(table), "met", dtype=object)
    for goal in goals:
        if goal.direction is not None:
            continue
        ends = [table[f"{goal.figure} {end}"] if f"{goal.figure} {end}" in table else None for end in ("low", "high")]
        status = np.atleast_1d(goal.status(table[goal.figure], *ends))
        overall = np.where(status == "missed", "missed",
                           np.where((status == "not sure yet") & (overall != "missed"), "not sure yet", overall))
    return overall


def trade_off(table, x: str, y: str, front, goals=(), ax=None):
    """The trade-off between two figures: every variant tried (small, grey) and the Pareto ``front`` (the
    rows no other variant beats on both figures), each with its interval both ways and numbered 1, 2, ...
    in ``front``'s order, its marker saying whether it meets every goal (o), some goal is not sure yet (◆)
    or missed (X). ``goals``: the goals; a range goal on ``x`` or ``y`` is hatched."""
    _check_columns(table, [x, y])
    _check_columns(front, [x, y])
    ax = _axes(ax, size=(9, 6))
    ax.scatter(table[x], table[y], s=25, color="0.65", label="every variant tried", zorder=1)
    ordered = front.sort_values(x)
    ax.plot(ordered[x], ordered[y], color="0.3", linestyle=":", linewidth=1.5, zorder=2)
    verdicts = overall_verdicts(front, goals)
    for verdict, (marker, words) in VERDICT_MARKERS.items():
        rows = front[verdicts == verdict]
        if len(rows) == 0:
            continue
        errors = [np.abs(np.vstack([rows[f] - rows[f"{f} low"], rows[f"{f} high"] - rows[f]]))
                  if f"{f} low" in rows else None for f in (x, y)]
        ax.errorbar(rows[x], rows[y], xerr=errors[0], yerr=errors[1], fmt=marker, markersize=10, capsize=4,
                    color=COLOURS[list(VERDICT_MARKERS).index(verdict)], label=f"on the front: {words}", zorder=3)
    for number, (_, row) in enumerate(front.iterrows(), 1):
        ax.annotate(str(number), (row[x], row[y]), textcoords="offset points", xytext=(8, 8), fontsize=FONT_SIZE,
                    fontweight="bold", bbox=dict(boxstyle="round,pad=0.15", facecolor="white", edgecolor="none",
                                                 alpha=0.85), zorder=4)
    for goal in goals:     # a range goal's lines (dashed), on the figure's axis
        if goal.figure in (x, y) and goal.direction is None:
            line = ax.axhline if goal.figure == y else ax.axvline
            for end, bound in enumerate(b for b in (goal.low, goal.high) if b is not None):
                line(bound, color=BLACK, linestyle="--", linewidth=1.5, zorder=0,
                     label=f"goal: {goal.label}" if end == 0 else None)
    _style(ax, f"The trade-off: {x} against {y}", x, y)
    ax.legend(fontsize=FONT_SIZE, loc="upper center", bbox_to_anchor=(0.5, -0.13), frameon=False, ncol=2)
    return ax


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

"""Your own plays count: the running share of a yes/no outcome, the student's plays first, then the class's, then the computer's."""
from __future__ import annotations

import numpy as np

from .output import CHART_COLOURS
from .page import chart


def convergence_chart(own, simulated, exact=None, label: str = "share", title: str | None = None,
                      one: str = "play", many: str = "plays", classmates=()):
    """A chart of the running share of ``own`` (0/1, the student's plays) followed by ``simulated`` (0/1).

    On a page that joined a class, ``classmates`` (the other students' plays as
    ``(yes, plays)`` per page, from ``together.class_plays``) come between the two:
    the layer **your class**, one step for each classmate's plays.  It is one
    pooled line: the class's plays carry on from the student's (the class's layer
    starts where the student's plays end, at play 1 if they have none), and the
    computer's from the class's.  The store keeps only each page's totals, so each
    classmate's plays are one step, the smallest first: the layer starts as early
    as the class's plays allow.  On the teacher's pages the words speak to the class.

    The share after each play, its Wilson 95% band, the exact answer as a dashed
    line, and the student's plays marked, so a class sees its own few plays wobble
    and the computer's thousands settle near the exact answer. The x axis is
    logarithmic: the first ten plays are as wide as the next ninety. ``one`` and
    ``many`` name a play in the lesson's words ("door opening", "door openings").
    """
    from matplotlib.ticker import FuncFormatter, PercentFormatter

    from ..core.stats import wilson_interval

    own = np.asarray(list(own), dtype=float)
    simulated = np.asarray(list(simulated), dtype=float)
    classmates = np.asarray(sorted((pair for pair in classmates if pair[1] > 0), key=lambda pair: (pair[1], pair[0])),
                            dtype=float).reshape(-1, 2)
    outcomes = np.concatenate([own, simulated])
    if not len(outcomes) and not len(classmates):
        raise ValueError("there are no plays yet: play a game or run the simulation first")
    if np.any((outcomes != 0) & (outcomes != 1)):
        raise ValueError("own and simulated must hold only 0 and 1 (no and yes)")
    if np.any(classmates[:, 0] < 0) or np.any(classmates[:, 0] > classmates[:, 1]):
        raise ValueError("classmates must be (yes, plays) pairs with 0 <= yes <= plays")
    # where each point of the line stands: after each own play, each classmate's plays, each computer play
    steps = np.concatenate([np.ones(len(own)), classmates[:, 1], np.ones(len(simulated))])
    hits = np.concatenate([own, classmates[:, 0], simulated])
    plays = np.cumsum(steps)
    yes = np.cumsum(hits)
    share = yes / plays
    low, high = wilson_interval(yes, plays)
    fig, ax = chart(width=10, height=4.5)
    ax.fill_between(plays, low, high, color=CHART_COLOURS[5], alpha=0.35, label="95% interval")
    mine_and_class = len(own) + len(classmates)      # points on the line before the computer's

    from .together import for_this_page

    def name(count):
        return f"{count:,} {one if count == 1 else many}"

    if len(simulated):
        start = max(mine_and_class - 1, 0)
        ax.plot(plays[start:], share[start:], color=CHART_COLOURS[0], linewidth=2.5,
                label=f"the computer's {name(len(simulated))}")
    if len(classmates):
        start = max(len(own) - 1, 0)
        ax.plot(plays[start:mine_and_class], share[start:mine_and_class], color=CHART_COLOURS[2], linewidth=3,
                linestyle=(0, (6, 2)), marker="s", markersize=6,
                label=(("then " if len(own) else "") + for_this_page("your class's ", "the class's ")
                       + name(int(classmates[:, 1].sum()))), zorder=3)
    if len(own):
        ax.plot(plays[:len(own)], share[:len(own)], color=CHART_COLOURS[1], linewidth=3, marker="o",
                markersize=7, label=for_this_page(f"your {name(len(own))}", f"{name(len(own))} on this screen"),
                clip_on=False, zorder=4)   # on top, and whole even in the chart's corner
    if exact is not None:
        ax.axhline(float(exact), color=CHART_COLOURS[6], linestyle="--", linewidth=2, label="exact answer")
    ax.set_xscale("log")
    # the axis starts at the first play, or (no plays of one's own) where the class's first page's plays end
    ax.set_xlim(plays[0], max(plays[-1], 10 * plays[0]))
    # Plain numbers on the log axis (1, 10, 100, 1,000), not powers of ten.
    ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:,.0f}"))
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))      # shares as percentages, as the lesson says them
    ax.set_xlabel(f"{many} so far (each step on this axis is ten times more)")
    ax.set_ylabel(label)
    if title:
        ax.set_title(title)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=4, frameon=False)
    return fig

"""The design lab's page: goals said in words, each goal's verdict with its interval, and what failed.

``GoalBuilder`` is the small goal builder (figure ▸ between / at least / at most /
as high / as low ▸ values): ``.goals`` is the list of ``bk.design`` goals it says.
``verdict_columns(table, goals)`` gives, for every variant of a table (a sweep's, a
search's trials), one column per goal: "✓ met 52 (46 to 56)", "? not sure 61 (57 to
67)", "✗ missed 112 (105 to 120)"; the marks are symbols and words, never colour
alone. ``shortfall(table, goals)`` says, when no variant met every goal, which goal
failed, by how much, and the nearest variant.
"""
from __future__ import annotations

import math

import ipywidgets as widgets
import numpy as np

from ..core.design import GOAL_KINDS
from ..plots import VERDICT_MARKS
from .page import escape, plain_header



def figure_words(figure: str) -> str:
    """A figure's name as the page shows it: ``"median length"`` -> ``"Median length"``."""
    return plain_header(figure)


class GoalBuilder(widgets.VBox):
    """Rows of goals, each ``figure ▸ kind ▸ value(s)``, an **Add a goal** button, and a line for errors.

    ``figures``: the figures a goal may be on (``bk.design.FIGURES`` or a part of it);
    ``goals``: the goals to start with (``bk.design`` Goal objects). ``.goals`` is what
    the rows say now (the last goals that made sense, while a row does not);
    ``on_change(callback)`` calls ``callback(goals)`` after every change that makes sense.
    A row that makes no sense (a range upside down, no value) says so in words under the
    rows and changes nothing.
    """

    def __init__(self, figures, goals=()):
        from ..core import design

        self._design = design
        self.figures = list(figures)
        self._callbacks = []
        self.rows = widgets.VBox()
        self.add_button = widgets.Button(description="Add a goal", icon="plus",
                                         layout=widgets.Layout(width="max-content", height="40px"))
        self.add_button.on_click(lambda _: self.add())
        self.error = widgets.HTML()
        self.error.add_class("boardkit-rule-error")
        super().__init__([self.rows, self.add_button, self.error])
        self.add_class("boardkit-goal-builder")
        self._quiet = True
        for goal in goals:
            self.add(goal)
        self._quiet = False
        self.goals = self._read()

    # --- one row ---------------------------------------------------------------------------------
    def add(self, goal=None) -> None:
        """Add a row (for ``goal``, or a new one on the first figure, "at least" 0)."""
        words = {"description_width": "initial"}
        figure = widgets.Dropdown(options=[(figure_words(f), f) for f in self.figures],
                                  value=goal.figure if goal else self.figures[0], description="Goal",
                                  style=words, layout=widgets.Layout(width="max-content"))
        kind = widgets.Dropdown(options=list(GOAL_KINDS), value=self._kind_of(goal) if goal else "at least",
                                description="should be", style=words, layout=widgets.Layout(width="max-content"))
        low = widgets.FloatText(value=float(goal.low if goal and goal.low is not None else 0), description="from",
                                style=words, layout=widgets.Layout(width="9em"))
        high = widgets.FloatText(value=float(goal.high if goal and goal.high is not None else 0), description="to",
                                 style=words, layout=widgets.Layout(width="9em"))
        remove = widgets.Button(icon="times", tooltip="Remove this goal", description="Remove",
                                layout=widgets.Layout(width="max-content", height="36px"))
        row = widgets.HBox([figure, kind, low, high, remove], layout=widgets.Layout(flex_flow="row wrap"))
        row.add_class("boardkit-goal-row")
        row.parts = {"figure": figure, "kind": kind, "low": low, "high": high}
        remove.on_click(lambda _: self._remove(row))
        for part in (figure, kind, low, high):
            part.observe(lambda change: self._changed(), names="value")
        self._show_values(row)
        self.rows.children = [*self.rows.children, row]
        self._changed()

    @staticmethod
    def _kind_of(goal) -> str:
        if goal.direction is not None:
            return "as high as possible" if goal.direction == "max" else "as low as possible"
        if goal.low is not None and goal.high is not None:
            return "between"
        return "at least" if goal.low is not None else "at most"

    @staticmethod
    def _show_values(row) -> None:
        """The value boxes a kind needs: two for "between", one for "at least" / "at most", none else."""
        kind = row.parts["kind"].value
        shown = {"between": ("low", "high"), "at least": ("low",), "at most": ("high",)}.get(kind, ())
        for name in ("low", "high"):
            row.parts[name].layout.display = None if name in shown else "none"
            row.parts[name].description = {"low": "from", "high": "to"}[name] if kind == "between" else "value"

    def _remove(self, row) -> None:
        self.rows.children = [r for r in self.rows.children if r is not row]
        self._changed()

    # --- the goals -------------------------------------------------------------------------------
    def _goal_of(self, number: int, row):
        parts = row.parts
        figure, kind = parts["figure"].value, parts["kind"].value
        words = f"Goal {number} ({figure_words(figure)} {kind})"
        values = {"between": (parts["low"].value, parts["high"].value), "at least": (parts["low"].value,),
                  "at most": (parts["high"].value,)}.get(kind, ())
        if not all(math.isfinite(v) for v in values):
            raise ValueError(f"{words}: type a number in each box.")
        if kind == "between" and values[0] > values[1]:
            raise ValueError(f"{words}: the first number ({values[0]:g}) must not be above the second "
                             f"({values[1]:g}).")
        low, high = self._design.LIMITS.get(figure, (None, None))
        if kind == "as low as possible" and low is None or kind == "as high as possible" and high is None:
            side = "lowest" if kind == "as low as possible" else "highest"
            raise ValueError(f"{words}: {figure_words(figure).lower()} has no {side} value to aim at; "
                             f"say a number instead ({'at most' if side == 'lowest' else 'at least'}).")
        try:
            return self._design.goal(figure, kind, *values)
        except ValueError as error:   # the goal's own reason, without the code's names
            reason = str(error).split(": ", 1)[-1]
            raise ValueError(f"{words}: {reason}") from None

    def _read(self) -> list:
        rows = list(self.rows.children)
        if not rows:
            raise ValueError("Set at least one goal (press Add a goal).")
        goals = [self._goal_of(number, row) for number, row in enumerate(rows, 1)]
        labels = [goal.label for goal in goals]
        twice = [label for label in dict.fromkeys(labels) if labels.count(label) > 1]
        if twice:
            raise ValueError(f"The goal “{twice[0]}” is set twice: remove one.")
        return goals

    def _changed(self) -> None:
        for row in self.rows.children:
            self._show_values(row)
        if self._quiet:
            return
        try:
            goals = self._read()
        except ValueError as error:
            self.error.value = f"⚠ {escape(str(error))} The lab keeps the goals it had."
            return
        self.error.value = ""
        self.goals = goals
        for callback in self._callbacks:
            callback(goals)

    def on_change(self, callback) -> None:
        """Call ``callback(goals)`` after every change of the goals that makes sense."""
        self._callbacks.append(callback)


# --- verdicts ---------------------------------------------------------------------------------------
def _interval(table, figure):
    """(values, lows, highs) of ``figure`` in ``table``; no interval columns: the values themselves."""
    values = table[figure].to_numpy(dtype=float)
    if f"{figure} low" in table and f"{figure} high" in table:
        return values, table[f"{figure} low"].to_numpy(dtype=float), table[f"{figure} high"].to_numpy(dtype=float)
    return values, values, values


def verdicts(table, goal) -> np.ndarray:
    """Each row's verdict on ``goal`` (``Goal.status``): "met", "missed", "not sure yet", "no figure"; a
    direction goal ("as high as possible") is never met or missed: "no figure" (its value is shown alone)."""
    if goal.direction is not None:
        return np.full(len(table), "no figure")
    return np.atleast_1d(goal.status(*_interval(table, goal.figure)))


#: the figures counted in a unit the page names after the number (a share, a p-value or skill has none)
COUNTED_UNITS = {"turns": "turns", "points": "percentage points", "lead changes": "lead changes"}


def figure_text(value, low, high, digits: int = 3) -> str:
    """``52 (46 to 56)``: a figure and its interval to ``digits`` significant digits, all three with the same
    decimals ("0.76 (0.00 to 2.33)").

    The three share as many decimals as the one that needs most, but never more than ``digits`` significant
    digits give the largest of them: "0.83 (0.06 to 1.61)", not "0.8300 (0.0646 to 1.6105)".
    """
    from .page import with_interval

    def decimals_of(number):
        shown = f"{number:.{digits}g}"
        return len(shown.split(".")[1]) if "." in shown and "e" not in shown else 0

    if value is None or not math.isfinite(value):
        return "–"
    if low is None or not math.isfinite(low) or (low == value == high):
        decimals = decimals_of(value)
        text = f"{value:,.{decimals}f}"
    else:
        largest = max(abs(value), abs(low), abs(high))
        most = max(0, digits - 1 - math.floor(math.log10(largest))) if largest else 0
        decimals = min(max(decimals_of(value), decimals_of(low), decimals_of(high)), most)
        text = with_interval(value, low, high, percent=False, decimals=decimals)
    return text


def verdict_columns(table, goals, digits: int = 3):
    """One column per goal, named by the goal in words and its unit ("Median length 40 to 80 (turns)"): the
    verdict's mark and word, then the figure with its interval ("✓ met: 52 (46 to 56)"); a direction goal shows
    its figure only.  (The unit in every cell made a table of five variants wrap to five lines a row.)"""
    import pandas as pd

    from ..core.design import FIGURE_UNITS

    shown = pd.DataFrame(index=table.index)
    for goal in goals:
        values, lows, highs = _interval(table, goal.figure)
        marks = verdicts(table, goal)
        unit = COUNTED_UNITS.get(FIGURE_UNITS.get(goal.figure), "")
        shown[goal_words(goal) + (f" ({unit})" if unit else "")] = [
            (f"{VERDICT_MARKS[mark]} {mark}: " if mark != "no figure" else "")
            + figure_text(value, low, high, digits)
            for mark, value, low, high in zip(marks, values, lows, highs)]
    return shown


def goal_words(goal) -> str:
    """A goal in the page's words: ``"Median length 40 to 60"``."""
    return figure_words(goal.label)

"""``PickSeveral``: choose a few of many options with a finger, a mouse or the keyboard.

``PickSeveral([("24: a bright red necktie", 23), ...], count=6, value=(23, 25))`` shows
every option as a big checkbox (a whole row is the target: at least 44 px tall), in a
grid that scrolls inside its own box, and above it a line that always shows what is
chosen and how many: "4 of 6 chosen: 24: a bright red necktie; ...".  A tap or a click
picks or unpicks one option and leaves the others alone; Tab and Space do the same
from the keyboard.  ``.value`` is the tuple of chosen values, in the options' order.
"""
from __future__ import annotations

import ipywidgets as widgets

from .page import escape

#: The picker's look: a row per option, tall enough for a finger, dark when chosen.
CSS = """<style>
.boardkit-pick .boardkit-pick-grid {max-height: calc(330px * var(--boardkit-text-scale, 1)); overflow-y: auto;
  border: 2px solid #8a9aa8; padding: 6px; background: #ffffff;}
.boardkit-pick .widget-checkbox {min-height: 44px; height: auto; margin: 0;}
.boardkit-pick .widget-checkbox label {display: flex; align-items: center; gap: 10px; width: 100%;
  min-height: 44px; padding: 4px 10px; box-sizing: border-box; border: 1px solid #c8d0d8; border-radius: 6px;
  cursor: pointer; font-size: calc(16px * var(--boardkit-text-scale, 1)); line-height: 1.3; white-space: normal;}
.boardkit-pick .widget-checkbox label:has(input:checked) {background: #0b4f7c; color: #ffffff; border-color: #0b4f7c;
  font-weight: bold;}
.boardkit-pick .widget-checkbox input[type="checkbox"] {width: 22px !important; height: 22px !important; flex: none;}
.boardkit-pick .widget-checkbox label:has(input:focus-visible) {outline: 4px solid #0072B2; outline-offset: 1px;}
.boardkit-pick .boardkit-pick-count {font-size: calc(18px * var(--boardkit-text-scale, 1)); margin: 4px 0;}
.boardkit-pick .boardkit-pick-count .widget-html-content {line-height: 1.45;}
</style>"""


class PickSeveral(widgets.VBox):
    """Pick ``count`` of ``options`` (labels, or ``(label, value)`` pairs); ``value`` is the starting choice.

    ``on_change(callback)`` calls ``callback(value)`` after every pick; ``.ready`` says whether exactly
    ``count`` are chosen.  More than ``count`` may be ticked for a moment: the count line then says how
    many to unpick (whoever reads ``.value`` decides what to do with too many or too few).
    """

    def __init__(self, options, count: int, value=(), description: str = "", column_px: int = 330):
        pairs = [option if isinstance(option, tuple) and len(option) == 2 else (str(option), option)
                 for option in options]
        values = [v for _, v in pairs]
        if len(set(values)) != len(values):
            raise ValueError("every option needs a value of its own")
        if not isinstance(count, int) or not 1 <= count <= len(pairs):
            raise ValueError(f"count must be a whole number from 1 to {len(pairs)} (the options), got {count!r}")
        unknown = [v for v in value if v not in values]
        if unknown:
            raise ValueError(f"{unknown[0]!r} is not one of the options")
        self.count, self.description = count, description
        self._labels = dict((v, label) for label, v in pairs)
        self._callbacks = []
        self.boxes = {v: widgets.Checkbox(value=v in value, description=label, indent=False,
                                          layout=widgets.Layout(width="auto", flex=f"1 1 {column_px}px"))
                      for label, v in pairs}
        for box in self.boxes.values():
            box.observe(lambda change: self._changed(), names="value")
        self.tally = widgets.HTML()
        self.tally.add_class("boardkit-pick-count")
        # Rows that wrap, each option at least column_px wide (a CSS grid here kept its rows at their old
        # heights when the window changed size, and a clue on two lines ran over the next row).
        grid = widgets.Box(list(self.boxes.values()), layout=widgets.Layout(flex_flow="row wrap", grid_gap="6px"))
        grid.add_class("boardkit-pick-grid")
        super().__init__([widgets.HTML(CSS), self.tally, grid])
        self.add_class("boardkit-pick")
        self._say()

    @property
    def value(self) -> tuple:
        """The chosen values, in the options' order."""
        return tuple(v for v, box in self.boxes.items() if box.value)

    @value.setter
    def value(self, chosen) -> None:
        chosen = tuple(chosen)
        unknown = [v for v in chosen if v not in self.boxes]
        if unknown:
            raise ValueError(f"{unknown[0]!r} is not one of the options")
        for v, box in self.boxes.items():
            box.value = v in chosen

    @property
    def ready(self) -> bool:
        return len(self.value) == self.count

    def on_change(self, callback) -> None:
        """Call ``callback(value)`` after every pick or unpick."""
        self._callbacks.append(callback)

    def _changed(self) -> None:
        self._say()
        for callback in self._callbacks:
            callback(self.value)

    def _say(self) -> None:
        chosen = self.value
        extra = len(chosen) - self.count
        if extra > 0:
            how_many = f"⚠ {len(chosen)} chosen: {extra} too many, unpick {extra}"
        else:
            how_many = f"{len(chosen)} of {self.count} chosen" + (": ready" if not extra else "")
        names = "; ".join(self._labels[v] for v in chosen)
        what = f"{escape(self.description)}: " if self.description else ""
        self.tally.value = (f"<div role='status' aria-live='polite'>{what}<b>{escape(how_many)}</b>"
                            + (f" ({escape(names)})" if names else "") + "</div>")

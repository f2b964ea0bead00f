"""Tinker in Voilà: controls built from a game's ``Rules`` fields, with the Rules' own error messages.

``RuleControls(md.Rules(), {"hand_limit": (1, 10), "dud_in_play": None})`` gives a
slider for the hand limit and a checkbox for the Dud. Every change goes through
``rules.replace(...)``, so the game itself decides what makes sense. A variant it
refuses is said in the student's words, with the control's own label ("Hand limit
(cards): 1 is too small: at least 3, or ..."), never the field's name; the controls
keep the last rules that made sense and move back to show them.
"""
from __future__ import annotations

import dataclasses
import re
from numbers import Integral, Real

import ipywidgets as widgets

from .output import disabled_while
from .page import escape, plain_header


class RuleControls(widgets.VBox):
    """One control per ``Rules`` field named in ``fields``; ``.rules`` is the variant they set.

    ``fields`` maps a field name to ``(low, high)`` (an integer slider),
    ``(low, high, step)`` (a number slider), ``None`` (a checkbox, for a True/False
    field) or a list of values (a dropdown; ``(label, value)`` pairs name them).
    ``labels`` gives the words shown beside each control.
    """

    def __init__(self, rules, fields: dict, labels: dict | None = None):
        names = {f.name for f in dataclasses.fields(rules)}
        unknown = [name for name in fields if name not in names]
        if unknown:
            raise ValueError(f"{type(rules).__module__}.Rules has no field {', '.join(map(repr, unknown))}; "
                             f"its fields are {sorted(names)}")
        labels = dict(labels or {})
        self.labels = {name: labels.get(name, plain_header(name)) for name in fields}
        self.rules = rules
        self._callbacks = []
        self._moving_back = False          # a control moving back after a refusal: not a change
        # One label width for all, so the sliders line up (about 0.6 em a letter).
        width = f"{min(max(len(label) for label in self.labels.values()) * 0.6 + 1, 24):.1f}em" if fields else "auto"
        self.controls = {name: self._control(name, spec, getattr(rules, name), self.labels[name], width)
                         for name, spec in fields.items()}
        self.error = widgets.HTML()
        self.error.add_class("boardkit-rule-error")
        for name, control in self.controls.items():
            control.observe(lambda change, name=name: self._changed(name, change["new"]), names="value")
        super().__init__([*self.controls.values(), self.error])
        self.add_class("boardkit-rule-controls")

    @staticmethod
    def _control(name, spec, value, label, label_width="initial"):
        style = {"description_width": label_width}
        layout = widgets.Layout(width="640px")
        if spec is None:
            if not isinstance(value, bool):
                raise ValueError(f"{name}: None makes a checkbox, for a True/False field; this one is {value!r}")
            return widgets.Checkbox(value=value, description=label, style=style, layout=layout, indent=False)
        if isinstance(spec, list):
            options = [option if isinstance(option, tuple) and len(option) == 2 else (str(option), option)
                       for option in spec]
            values = [option_value for _, option_value in options]
            chosen = value if value in values else values[0]
            # as wide as its longest choice needs, in Large type too (a fixed width cuts "fair: each outcome 1/5")
            return widgets.Dropdown(options=options, value=chosen, description=label, style=style,
                                    layout=widgets.Layout(width="max-content", min_width=layout.width))
        if isinstance(spec, tuple) and len(spec) == 2 and all(isinstance(x, Integral) for x in spec):
            low, high = spec
            start = value if isinstance(value, Integral) and low <= value <= high else low
            return widgets.IntSlider(value=start, min=low, max=high, description=label, continuous_update=False,
                                     style=style, layout=layout)
        if isinstance(spec, tuple) and len(spec) == 3 and all(isinstance(x, Real) for x in spec):
            low, high, step = spec
            start = value if isinstance(value, Real) and low <= value <= high else low
            return widgets.FloatSlider(value=start, min=low, max=high, step=step, description=label,
                                       continuous_update=False, style=style, layout=layout)
        raise ValueError(f"{name}: give (low, high), (low, high, step), None or a list of values, got {spec!r}")

    def _changed(self, name, value):
        if self._moving_back:
            return
        try:
            rules = self.rules.replace(**{name: value})
        except ValueError as error:
            self.error.value = escape(self.refusal(name, value, error))
            self._moving_back = True
            try:                            # the control shows the value still in use
                self.controls[name].value = getattr(self.rules, name)
            finally:
                self._moving_back = False
            return
        self.error.value = ""
        self.rules = rules
        with disabled_while():          # a change that plays games greys the page's buttons, saying why
            for callback in self._callbacks:
                callback(rules)

    def refusal(self, name, value, error) -> str:
        """The game's refusal of ``name=value`` in the student's words: labels, never field names.

        The rules say ``hand_limit=1 is not allowed: at least 3, ...``; the student reads
        "⚠ Hand limit (cards): 1 is too small: at least 3, ... We keep 4."
        """
        control, now = self.controls[name], getattr(self.rules, name)
        reason = str(error)
        refused = re.match(r"(\w+)=(.*?) is not allowed: (.*)$", reason, re.DOTALL)
        if refused and refused[1] == name:
            reason = refused[3]
        elif refused:                        # the change made another rule impossible: say which
            reason = f"then {refused[1]} would be {refused[2]}, but it must be {refused[3]}"
        for field in {f.name for f in dataclasses.fields(self.rules)}:          # every field in words
            words = self.labels.get(field, plain_header(field)).lower()
            reason = re.sub(rf"\b{field}\b", words, reason)
        label = self.labels[name][:1].upper() + self.labels[name][1:]
        if isinstance(control, widgets.Dropdown):
            chosen, kept = control.label, dict((v, k) for k, v in control.options).get(now, now)
            return f"⚠ {label}: “{chosen}” is not possible: {reason}. We keep “{kept}”."
        if isinstance(control, widgets.Checkbox):
            return f"⚠ {label}: not possible: {reason}."
        size = "too small" if value < now else "too large"
        return f"⚠ {label}: {value} is {size}: {reason}. We keep {now}."

    def on_change(self, callback):
        """Call ``callback(rules)`` after every change the game accepts."""
        self._callbacks.append(callback)

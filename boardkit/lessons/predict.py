"""Predict, then see: a guess the student locks before the answer, and short quick checks.

A :class:`Prediction` asks a question, lets the student set a guess (a choice
or a number) and lock it; only a locked guess can be revealed, and the reveal
shows the guess beside the answer. On a teacher's page (``?teacher=1``) the
**Class tally** switch (:func:`class_mode_switch`) turns every prediction into
a tally of the show of hands the teacher types in.

A page that joined a class (``together.py``) hears every lock, reveal and
quick-check answer through :func:`listen`; each prediction and quick check has
a ``key`` made from its question, the same on every student's page.
"""
from __future__ import annotations

import hashlib
import statistics
import weakref
from decimal import Decimal
from numbers import Real

import ipywidgets as widgets
from IPython.display import HTML

from .output import disabled_while, greyed_during_studies, show
from .page import escape, number
from .teacher import teacher_controls

#: every Prediction on the page, so the class switch reaches them all
_PREDICTIONS: "weakref.WeakSet[Prediction]" = weakref.WeakSet()
#: every quick check on the page
_QUICK_CHECKS: "weakref.WeakSet" = weakref.WeakSet()
_class_mode = False
#: who hears a lock, a reveal or a quick check's answer: listener(event, item, value)
_LISTENERS: list = []


def listen(listener) -> None:
    """Call ``listener(event, item, value)`` on every ``"locked"`` and ``"revealed"`` Prediction and every
    ``"checked"`` quick check (``value``: the guess, None, the choice) from now on (once per listener)."""
    if listener not in _LISTENERS:
        _LISTENERS.append(listener)


def unlisten(listener) -> None:
    """Stop calling ``listener``."""
    if listener in _LISTENERS:
        _LISTENERS.remove(listener)


def _tell(event: str, item, value) -> None:
    for listener in list(_LISTENERS):
        listener(event, item, value)


def question_key(question: str) -> str:
    """A short id for a question, the same on every page that asks it: ``"q-3fa9c2e1b0"``."""
    return "q-" + hashlib.sha1(str(question).encode()).hexdigest()[:10]


def predictions() -> list:
    """Every Prediction on the page, in the order they were made."""
    return sorted(_PREDICTIONS, key=lambda prediction: prediction.order)


class Prediction(widgets.VBox):
    """A question, the student's guess, **Lock my prediction**, then **Show the answer**.

    ``choices=["A", "B"]`` asks for one of them; ``number=(low, high, step)`` for a
    number on a slider (shown with ``unit``, or as a percentage with ``percent=True``,
    where the slider runs over 0..100 and ``value`` is a share 0..1).
    ``reveal(prediction)`` returns what to show (text, tables, figures, widgets) once
    the student presses **Show the answer**; the guess is shown above it.
    ``answer`` (a number, or one of the choices) marks the answer on the class's chart of
    guesses; :func:`answer_table` fills it in from a numeric ``exact``.
    """

    _made = 0

    def __init__(self, question: str, *, choices=None, number=None, unit: str = "", percent: bool = False,
                 reveal=None, answer=None):
        if (choices is None) == (number is None):
            raise ValueError("Prediction needs choices=[...] or number=(low, high, step), not both and not neither")
        if choices is not None and (len(choices) < 2 or len(set(map(str, choices))) != len(choices)):
            raise ValueError(f"choices must be at least two different answers, got {choices!r}")
        if number is not None:
            if not (len(number) == 3 and all(isinstance(x, Real) for x in number) and number[0] < number[1]
                    and number[2] > 0):
                raise ValueError(f"number must be (low, high, step) with low < high and step > 0, got {number!r}")
        if reveal is None or not callable(reveal):
            raise ValueError("reveal must be a function: reveal(prediction) returns what to show")
        self.question, self.choices, self.number, self.unit, self.percent = question, choices, number, unit, percent
        # as many decimals as the step has (a step of 0.5 reads 1.5, not 1.50)
        self._decimals = 0 if number is None else max(0, -Decimal(str(number[2] * (100 if percent else 1)))
                                                      .normalize().as_tuple().exponent)
        self._reveal = reveal
        self.key = question_key(question)
        self.answer = answer
        Prediction._made += 1
        self.order = Prediction._made
        #: in a class, on the teacher's page: a function returning the class's guesses (a tally), set by together.py
        self.class_source = None
        self.value = None          # the locked guess (a choice, or a number; a share 0..1 with percent=True)
        self.tally = None          # in class mode: {choice: hands} or a list of numbers
        self.locked = False
        self.revealed = False      # once the answer is shown, the guess can no longer change
        self.heading = widgets.HTML(f"<i class='fa fa-question-circle' aria-hidden='true'></i> "
                                    f"<b>Predict first:</b> {escape(question)}")
        self.input_box = widgets.VBox()
        self.lock_button = widgets.Button(description="Lock my prediction", icon="lock", button_style="primary",
                                          layout=widgets.Layout(width="auto", height="40px"))
        self.lock_button.add_class("boardkit-lock")
        self.reveal_button = widgets.Button(description="Show the answer", icon="eye", disabled=True,
                                            button_style="success", layout=widgets.Layout(width="auto", height="40px"),
                                            tooltip="Lock your prediction first")
        self.reveal_button.add_class("boardkit-reveal")
        greyed_during_studies(self.lock_button, self.reveal_button)
        self.message = widgets.HTML()
        self.view = widgets.Output()
        self.class_view = widgets.VBox()    # what the class said (filled in by together.py in a class)
        self.class_view.add_class("boardkit-class-view")
        self.lock_button.on_click(lambda _: self.lock())
        self.reveal_button.on_click(lambda _: self.reveal())
        super().__init__([self.heading, self.input_box, widgets.HBox([self.lock_button, self.reveal_button]),
                          self.message, self.view, self.class_view])
        self.add_class("boardkit-prediction")
        _PREDICTIONS.add(self)
        self._build_inputs(_class_mode)

    # --- the inputs ------------------------------------------------------------------------------
    def _build_inputs(self, class_mode: bool) -> None:
        self.class_mode = class_mode
        wide = widgets.Layout(width="auto")
        if not class_mode and self.choices is not None:
            self.input = widgets.RadioButtons(options=list(self.choices), value=None, layout=wide)
        elif not class_mode:
            low, high, step = self.number
            scale = 100 if self.percent else 1
            whole = all(float(x * scale).is_integer() for x in self.number)
            kind = widgets.IntSlider if whole else widgets.FloatSlider
            cast = int if whole else float
            extra = {} if whole else {"readout_format": f".{self._decimals}f"}
            # The slider starts half way, so where it starts pulls no guess up or down.
            middle = low + round((high - low) / 2 / step) * step
            self.input = kind(value=cast(middle * scale), min=cast(low * scale), max=cast(high * scale), **extra,
                              step=cast(step * scale), description=f"Your guess{self._in_units()}",
                              # The value reaches the kernel when the slider is let go, before any later
                              # click: a Lock pressed at once locks what the slider shows (with
                              # continuous updates a late, throttled value could follow the click).
                              continuous_update=False, layout=widgets.Layout(width="520px"),
                              style={"description_width": "initial"})
            self.input.observe(self._late_value, names="value")
        elif self.class_source is not None:
            self.input = widgets.HTML("<i>The class's guesses arrive from their pages.</i>")
            self.input.add_class("boardkit-class-source")
        elif self.choices is not None:
            # one label width for all, so the boxes line up (about 0.6 em a letter), and boxes of a fixed width
            width = f"{min(max(len(str(c)) for c in self.choices) * 0.6 + 1, 30):.1f}em"
            self.input = [widgets.BoundedIntText(value=0, min=0, max=10_000, description=str(choice),
                                                 style={"description_width": width},
                                                 layout=widgets.Layout(width=f"calc({width} + 140px)"))
                          for choice in self.choices]
        else:
            low, high, _ = self._range()
            examples = ", ".join(f"{low + (high - low) * share:g}" for share in (0.2, 0.5, 0.8))
            self.input = widgets.Text(placeholder=f"for example {examples}",     # guesses this question can take
                                      description=f"Class guesses{self._in_units()}",
                                      style={"description_width": "initial"}, layout=widgets.Layout(width="520px"))
        inputs = self.input if isinstance(self.input, list) else [self.input]
        hint = [widgets.HTML("<i>Class tally: type how many hands went up for each answer.</i>" if
                             self.choices is not None else
                             "<i>Class tally: type the guesses the class calls out.</i>")] \
            if class_mode and self.class_source is None else []
        self.input_box.children = hint + inputs
        if not self.locked:
            self.lock_button.description = "Lock the class's guesses" if class_mode else "Lock my prediction"

    def _range(self) -> tuple:
        """The question's (low, high, step) as the student types them: percentages with ``percent=True``."""
        scale = 100 if self.percent else 1
        return tuple(round(x * scale, self._decimals) for x in self.number)

    def _in_units(self) -> str:
        """" (%)", " (turns)" or nothing: what a guess is counted in, after its label."""
        return " (%)" if self.percent else f" ({self.unit})" if self.unit else ""

    def _late_value(self, change) -> None:
        """A slider value that arrives after the lock was set before it: it is the guess the student saw.

        The browser sends a widget's values one message at a time: while the kernel has not answered
        the last one, newer values wait, but a click on Lock goes at once. So a student who steps the
        slider by keys and locks quickly can have the lock arrive before the slider's last value. The
        slider is disabled once locked, so any value after the lock was chosen before it (up to the
        reveal, which needs another click).
        """
        if self.locked and not self.class_mode and not self.revealed:
            self.value = self._read()
            self._show_locked()
            _tell("locked", self, self.value)      # the class keeps this page's latest lock, as it shows here

    def _show_locked(self) -> None:
        self.message.value = f"<i class='fa fa-lock' aria-hidden='true'></i> {escape(self.describe())}"

    def _set_inputs_disabled(self, disabled: bool) -> None:
        for item in self.input if isinstance(self.input, list) else [self.input]:
            item.disabled = disabled

    # --- lock and reveal -------------------------------------------------------------------------
    def _read(self):
        """The guess (or the tally) from the inputs; a ValueError says what is missing."""
        if not self.class_mode:
            if self.choices is not None:
                if self.input.value is None:
                    raise ValueError("Choose an answer first.")
                return self.input.value
            return self.input.value / 100 if self.percent else self.input.value
        if self.class_source is not None:
            return self.class_source()
        if self.choices is not None:
            tally = {str(c): box.value for c, box in zip(self.choices, self.input)}
            if not sum(tally.values()):
                raise ValueError("Type how many hands went up for at least one answer.")
            return tally
        guesses = []
        for part in self.input.value.replace(";", ",").split(","):
            part = part.strip().rstrip("%")
            if not part:
                continue
            try:
                guess = float(part)
            except ValueError:
                raise ValueError(f"'{part}' is not a number: type numbers separated by commas.") from None
            low, high, _ = self._range()
            if not low <= guess <= high:
                raise ValueError(f"{part} is not a guess this question takes: type guesses from {low:g} to {high:g}.")
            guesses.append(guess / 100 if self.percent else guess)
        if not guesses:
            raise ValueError("Type at least one guess (numbers separated by commas).")
        return guesses

    def lock(self) -> None:
        """Lock the guess: the inputs stop changing and the answer may be shown."""
        if self.locked:
            return
        try:
            read = self._read()
        except ValueError as error:
            self.message.value = f"<span class='boardkit-rule-error'>{escape(error)}</span>"
            return
        if self.class_mode:
            self.tally = read
        else:
            self.value = read
        self.locked = True
        self._set_inputs_disabled(True)
        self.lock_button.disabled = True
        self.lock_button.description = "Locked"
        self.reveal_button.disabled = False
        self.reveal_button.tooltip = "Show the answer beside your prediction"
        self._show_locked()
        _tell("locked", self, self.value)

    def restore(self, guess) -> None:
        """Lock ``guess`` again: the guess a class keeps for this page, when the page was reloaded (a new kernel).
        The student finds the guess they locked, locked; a guess this prediction cannot take is left alone."""
        if self.locked or self.class_mode:
            return
        if self.choices is not None:
            same = [choice for choice in self.choices if str(choice) == str(guess)]
            if not same:
                return
            self.input.value = same[0]
        else:
            scaled = guess * 100 if self.percent else guess
            if not self.input.min <= scaled <= self.input.max:
                return
            self.input.value = round(scaled) if isinstance(self.input, widgets.IntSlider) else scaled
        self.lock()

    def reset(self) -> None:
        """Unlock: no guess, no answer shown, the inputs as on a fresh page (the teacher's page does this when the
        class whose guesses it locked has ended, and they are deleted)."""
        self.value = self.tally = None
        self.locked = self.revealed = False
        self.message.value = ""
        show(self.view)
        self.reveal_button.disabled = True
        self.reveal_button.tooltip = "Lock your prediction first"
        self.lock_button.disabled = False
        self._build_inputs(_class_mode)

    def reveal(self) -> None:
        """Show the answer beside the locked guess (nothing happens before the guess is locked)."""
        if not self.locked:
            self.message.value = "<span class='boardkit-rule-error'>Lock your prediction first.</span>"
            return
        self.revealed = True
        show(self.view, HTML("<i>Working out the answer...</i>"))   # a sign at once: some reveals play for seconds
        with disabled_while(self.reveal_button):    # with the page's other buttons, which say why they wait
            try:
                items = self._reveal(self)
            except ValueError as error:
                show(self.view, f"That makes no sense: {error}")
                return
        if items is None:
            items = ()
        elif not isinstance(items, (list, tuple)):
            items = (items,)
        show(self.view, *items)
        _tell("revealed", self, None)

    def format(self, value) -> str:
        """``value`` (a guess or the answer) as the page shows it: "20%", "1.5 turns", "longer"."""
        return self._format(value)

    def _format(self, value) -> str:
        if self.choices is not None:
            return str(value)
        if self.percent:
            return number(value, 0, percent=True)
        return f"{number(value, self._decimals)}{(' ' + self.unit) if self.unit else ''}"

    def describe(self) -> str:
        """The guess in words: "Your prediction: 20%" or "The class: 12 said A, 5 said B"."""
        if not self.locked:
            return "No prediction locked yet"
        if not self.class_mode:
            return f"Your prediction: {self._format(self.value)}"
        if self.choices is not None:
            said = ", ".join(f"{hands} said {choice}" for choice, hands in self.tally.items() if hands)
            return f"The class: {said}"
        ordered = sorted(self.tally)
        middle = statistics.median(ordered)      # as the class's chart marks it (two guesses: halfway between)
        if len(ordered) == 1:
            return f"The class: {self._format(middle)}"
        return (f"The class's {len(ordered)} guesses: from {self._format(ordered[0])} to {self._format(ordered[-1])}, "
                f"middle {self._format(middle)}")

    @property
    def guess(self):
        """One number or choice standing for the guess: the student's, or the class's middle / most-voted answer."""
        if not self.locked:
            return None
        if not self.class_mode:
            return self.value
        if self.choices is not None:
            return max(self.tally, key=self.tally.get)
        return statistics.median(self.tally)


def answer_table(prediction: Prediction, exact=None, simulated=None, percent: bool = True, decimals: int = 1,
                 exact_label: str = "Exact answer", simulated_label: str = "Simulation (95% interval)"):
    """The prediction beside the exact answer and the simulated one, as a styled table.

    ``exact`` is a number (or text such as "1/5 = 20%"); ``simulated`` is ``(estimate, low, high)``.
    """
    import pandas as pd

    from .page import table, with_interval

    if prediction.answer is None and isinstance(exact, Real) and not isinstance(exact, bool):
        prediction.answer = exact          # for the class's chart of guesses
    rows = [("The class" if prediction.class_mode else "Your prediction",
             prediction.describe().split(": ", 1)[-1])]
    if exact is not None:
        rows.append((exact_label, exact if isinstance(exact, str) else number(exact, decimals, percent)))
    if simulated is not None:
        estimate, low, high = simulated
        rows.append((simulated_label, with_interval(estimate, low, high, percent, decimals)))
    return table(pd.DataFrame(rows, columns=["From", "Answer"]))


def class_mode_switch():
    """The teacher's **Class tally** switch (made only in the teacher's kernel): predictions take a show of hands."""
    def make_switch():
        switch = widgets.ToggleButton(value=False, description="Class tally", icon="users",
                                      tooltip="Type the class's show of hands instead of one student's prediction",
                                      layout=widgets.Layout(width="auto", height="40px"))
        switch.add_class("boardkit-class-mode")
        switch.observe(lambda change: set_class_mode(change["new"]), names="value")
        return switch

    return teacher_controls(make_switch)


def set_class_mode(on: bool) -> None:
    """Turn class mode on or off for every prediction on the page that is not locked yet (and those to come)."""
    global _class_mode
    _class_mode = bool(on)
    for prediction in list(_PREDICTIONS):
        if not prediction.locked:
            prediction._build_inputs(_class_mode)


def quick_check(question: str, choices, answer: int, why: str):
    """A short question: choose, press **Check**, and read one sentence of feedback.

    ``answer`` is the index of the right choice; ``why`` the sentence that explains it.
    """
    if not (isinstance(answer, int) and 0 <= answer < len(choices)):
        raise ValueError(f"answer must be the index of one of the {len(choices)} choices, got {answer!r}")
    heading = widgets.HTML(f"<i class='fa fa-check-square-o' aria-hidden='true'></i> <b>Quick check:</b> "
                           f"{escape(question)}")
    options = widgets.RadioButtons(options=list(choices), value=None, layout=widgets.Layout(width="auto"))
    check = widgets.Button(description="Check", icon="check",
                           layout=widgets.Layout(width="max-content", min_width="160px", height="40px", align_self="flex-start"))
    check.add_class("boardkit-check")
    greyed_during_studies(check)
    feedback = widgets.HTML()
    feedback.add_class("boardkit-feedback")

    def on_check(_):
        if options.value is None:
            feedback.value = "Choose an answer first."
            return
        if not box.checked:
            box.checked = True
            _tell("checked", box, options.value)    # the first answer checked is the one the class counts
        if options.index == answer:
            feedback.value = f"<b>Right!</b> {escape(why[:1].upper() + why[1:])}"
        else:
            feedback.value = f"<b>Not quite.</b> The answer is <b>{escape(choices[answer])}</b>: {escape(why)}"

    check.on_click(on_check)
    class_view = widgets.VBox()
    class_view.add_class("boardkit-class-view")
    box = widgets.VBox([heading, options, check, feedback, class_view])
    box.add_class("boardkit-quick-check")
    box.key, box.question, box.choices, box.answer = question_key(question), question, list(choices), answer
    box.checked, box.class_view = False, class_view
    _QUICK_CHECKS.add(box)
    return box

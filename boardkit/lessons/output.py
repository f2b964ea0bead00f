"""Showing results in a lesson: ``show`` for Output widgets, study buttons, progress bars, chart colours."""
from __future__ import annotations

import contextlib
import html
import sys
import threading
import weakref

from ..render.palette import BLACK, BLUE, BLUISH_GREEN, ORANGE, REDDISH_PURPLE, SKY_BLUE, VERMILLION

#: Colour-blind-safe colours (Okabe-Ito) for charts, in the order charts use them,
#: with a hatch pattern each, so bars differ in more than their hue.
CHART_COLOURS = (BLUE, ORANGE, BLUISH_GREEN, VERMILLION, REDDISH_PURPLE, SKY_BLUE, BLACK)
CHART_HATCHES = ("", "//", "..", "xx", "\\\\", "--", "oo")


def show(view, *items) -> None:
    """Make the Output widget ``view`` show ``items``, replacing what it showed.

    Text (a ``str``) is shown in the page's own type, as a paragraph (printing
    it would put a student's sentence in a code font); anything else (a pandas
    table, a matplotlib figure, a widget) is displayed as Jupyter would show it.  Setting the
    widget's outputs directly, rather than printing inside ``with view:``,
    behaves the same in JupyterLab and in Voilà, even while Voilà is still
    running the notebook's cells (capturing output at that moment can stall
    Voilà 0.5).  A figure is closed once shown, so it is not shown twice.
    """
    view.outputs = ()
    for item in items:
        if isinstance(item, str):
            view.append_display_data(Words(item))
        elif _is_figure(item):
            import matplotlib.pyplot as plt

            view.append_display_data(chart_image(item))
            plt.close(item)
        else:
            view.append_display_data(item)


class Words:
    """A sentence for the page: a paragraph in the page's type (HTML), plain text where HTML can't show."""

    def __init__(self, text: str):
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return f'<p class="boardkit-words" style="white-space: pre-line">{html.escape(self.text)}</p>'


def chart_image(figure):
    """A matplotlib figure as an image that grows with the page's **Large type** switch.

    The picture is drawn with ``LARGE_TYPE`` times as many pixels as it shows
    at normal size, so it stays sharp when Large type enlarges it; its width is
    the figure's width times ``--boardkit-text-scale`` (1, or ``LARGE_TYPE``),
    never wider than the page.  The alternative text names the chart's titles
    for a screen reader.
    """
    import base64
    import html
    import io

    from IPython.display import HTML

    from .page import LARGE_TYPE

    png = io.BytesIO()
    # cropped to what is drawn, as Jupyter shows a figure
    figure.savefig(png, format="png", dpi=figure.dpi * LARGE_TYPE, bbox_inches="tight")
    pixels_wide = int.from_bytes(png.getvalue()[16:20], "big")    # from the PNG's header
    width = round(pixels_wide / LARGE_TYPE)
    suptitle = figure._suptitle.get_text() if figure._suptitle is not None else ""   # (no getter before 3.8)
    titles = [t for t in [suptitle] + [axes.get_title() for axes in figure.axes] if t]
    alt = html.escape("A chart: " + "; ".join(titles) if titles else "A chart", quote=True)
    data = base64.b64encode(png.getvalue()).decode("ascii")
    return HTML(f'<img class="boardkit-chart" alt="{alt}" src="data:image/png;base64,{data}" '
                f'style="width: calc(var(--boardkit-text-scale, 1) * {width}px); max-width: 100%; height: auto">')


def _is_figure(item) -> bool:
    """Is ``item`` a matplotlib figure?  (Without importing matplotlib when nothing has: page loads stay light.)"""
    figure = sys.modules.get("matplotlib.figure")
    return figure is not None and isinstance(item, figure.Figure)


def study_button(description: str, study, icon: str = "play"):
    """A big button that runs ``study(view)``, and the Output ``view`` where the study shows its results.

    Lessons put their longer studies (thousands of games) behind a button, so
    a Voilà page opens quickly and the class decides when to run them.  While
    a study runs its button is greyed out, so a second click cannot start it
    twice.  A ``ValueError`` (a rule variant that makes no sense) is shown in
    the view as a sentence instead of a traceback.

    Returns ``(button, view)``; put them on the page with ``widgets.VBox([button, view])``.
    """
    import ipywidgets as widgets

    button = widgets.Button(description=description, button_style="primary", icon=icon,   # as wide as its words,
                            layout=widgets.Layout(width="max-content", min_width="250px", height="50px"))  # in Large type too
    view = widgets.Output()
    greyed_during_studies(button)

    def run(_button=None):
        with disabled_while(button):
            in_words(view, study, view)

    button.on_click(run)
    return button, view


#: The page's study and answer buttons (one kernel serves one page): all are greyed while any study runs.
_STUDY_CONTROLS = weakref.WeakSet()
#: How a button that must wait for another button's study looks meanwhile: greyed, and saying why.
WAITING = {"disabled": True, "description": "Wait: still working", "icon": "hourglass-half",
           "tooltip": "Another button's work is still running: this button comes back when it ends"}
#: Work quicker than this (seconds) greys no other button: they would only flicker.
GREY_AFTER = 0.3


def greyed_during_studies(*buttons):
    """Make ``buttons`` study or answer buttons of the page: greyed, saying why, while any study runs."""
    _STUDY_CONTROLS.update(buttons)
    return buttons[0] if len(buttons) == 1 else buttons


@contextlib.contextmanager
def disabled_while(button=None):
    """Grey ``button`` out while the block runs (a long study), so it cannot be pressed again meanwhile; and if
    the block takes over GREY_AFTER seconds, every other study or answer button of the page too, which says
    "Wait: still working": the kernel runs one thing at a time, so a press would wait behind the study with
    no sign for seconds.  (Without ``button``: only the other buttons, for work a slider started.)

    A greyed button gets back its look when the block ends, with any change the block made to it meanwhile.
    """
    if button is not None:
        button.disabled = True
    others = _OthersWait(button)
    timer = threading.Timer(GREY_AFTER, others.grey)   # (the kernel sends widget changes from any thread)
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        others.restore()
        if button is not None:
            button.disabled = False


class _OthersWait:
    """The page's other study and answer buttons, greyed (once the block has run GREY_AFTER), then restored."""

    def __init__(self, busy):
        self.busy = busy
        self.lock = threading.Lock()        # greying (a timer's thread) and restoring never interleave
        self.kept = {}                      # a greyed button: its look before, with the block's changes
        self.done = False

    def grey(self):
        with self.lock:
            if self.done:
                return
            for other in list(_STUDY_CONTROLS):
                if other is not self.busy and not other.disabled:
                    self.kept[other] = {name: getattr(other, name) for name in WAITING}
                    _set(other, WAITING)
                    other.observe(self.keep_change, names=list(WAITING))

    def keep_change(self, change):          # a change the block makes to a greyed button stays after it
        self.kept[change.owner][change.name] = change.new

    def restore(self):
        with self.lock:
            self.done = True
            for other, look in self.kept.items():
                other.unobserve(self.keep_change, names=list(WAITING))
                _set(other, look)


def _set(widget, values: dict) -> None:
    """Set several of ``widget``'s traits, sent to the page in one message."""
    with widget.hold_sync():
        for name, value in values.items():
            setattr(widget, name, value)


def in_words(view, work, *args):
    """``work(*args)``, with any error it raises said in ``view`` in one sentence, never as a traceback.

    A ``ValueError`` is a choice that makes no sense (a rule variant the game refuses): "That makes
    no sense: ...". Any other error is a fault of the page, not of the student: it is said as one
    sentence too (a button's or a slider's callback that raises shows nothing at all in Voilà), and
    its traceback goes to the log for whoever keeps the page.
    """
    try:
        return work(*args)
    except ValueError as error:
        show(view, f"That makes no sense: {error}")
    except Exception as error:      # noqa: BLE001 (said to the student; the traceback is logged)
        import logging

        logging.getLogger("boardkit.lessons").exception("a lesson's study failed")
        show(view, f"Sorry, that did not work ({type(error).__name__}: {error}). Try again, or reload the page.")
    return None


def progress_bar(view, total: int, description: str, unit: str = "games"):
    """A progress bar for ``total`` games, shown in the Output ``view``; hand it to ``bk.simulate(progress=...)``.

    It says what it counts in words ("Compare 1,000 games  250 of 1,000 games, 0:03"), never tqdm's
    "it/s" (``unit`` names what is counted).
    """
    from tqdm.notebook import tqdm

    class WordsBar(tqdm):
        """tqdm's notebook bar, its words spaced as words: tqdm puts a figure space (as wide as
        a digit) for every space, which spread "5 games, 1,000 each" wide apart."""

        def display(self, *args, **kwargs):
            shown = super().display(*args, **kwargs)
            for text in self.container.children[::2]:      # the words left and right of the bar
                text.value = text.value.replace("\u2007", " ")
            return shown

    bar = WordsBar(total=total, desc=description, display=False,
                   bar_format="{desc} {bar} {n:,} of {total:,} " + unit + ", {elapsed}")
    show(view, bar.container)
    return bar


def in_voila() -> bool:
    """Is this kernel serving a Voilà page?  (Voilà sets VOILA_BASE_URL in every kernel it starts.)"""
    import os

    return "VOILA_BASE_URL" in os.environ


@contextlib.contextmanager
def folded(title: str):
    """Put what the block prints in a closed fold named ``title``, in Voilà and in JupyterLab alike.

    For printouts that hold the answers of the predictions above them: a student
    scrolling down the page (or landing at its end after JupyterLab's Run All) must not
    read them before locking a guess. In JupyterLab the fold is a closed ``<details>``,
    plain HTML, so the saved notebook keeps it closed and nbval compares its lines.
    """
    import io

    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        yield
    _show_folded(title, text.getvalue())


def printed_when_opened(title: str, work) -> None:
    """Call ``work()``, which prints, and fold its lines under ``title``; in Voilà, only once the fold is opened.

    For the printouts under "For coders" that take a while (hundreds of games,
    a search): a Voilà page loads without playing them, and a student who opens
    the fold sees what JupyterLab prints (in JupyterLab, folded as by :func:`folded`).
    """
    import io

    if not in_voila():
        with folded(title):
            work()
        return
    from IPython.display import display

    fold, printout = _closed_fold(title)
    printout.value = "<i>Working it out...</i>"

    def on_first_open(change):
        if change["new"] is None:
            return
        fold.unobserve(on_first_open, names="selected_index")
        text = io.StringIO()
        with contextlib.redirect_stdout(text):
            work()
        printout.value = _preformatted(text.getvalue())

    fold.observe(on_first_open, names="selected_index")
    display(fold)


def back_to_part_one() -> None:
    """In JupyterLab, scroll the notebook back to its part 1 (the first heading "1. ..."; else its title).

    JupyterLab's **Run All Cells** leaves the page at the last cell, the "For coders"
    part; a lesson's last cell calls this so the student starts at part 1. (Nothing
    in Voilà, whose page opens at its top.)
    """
    if in_voila():
        return
    from IPython.display import Javascript, display

    # JupyterLab runs the script as it renders the output, before the output is on the page: so it waits
    # a moment, then finds its notebook (the one on show, if the output is not placed yet).
    display(Javascript("""
const backToPartOne = () => {
  const notebook = element.closest('.jp-Notebook')
    || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  const headings = notebook ? [...notebook.querySelectorAll('h1, h2')] : [];
  const start = headings.find(h => /^1\\./.test(h.textContent.trim())) || headings[0];
  if (start) start.scrollIntoView({block: 'start'});
};
setTimeout(backToPartOne, 200);
setTimeout(backToPartOne, 1500);
"""))


def _show_folded(title: str, text: str) -> None:
    """``text``, printed lines, in a closed fold named ``title``: an Accordion in Voilà, ``<details>`` elsewhere."""
    from IPython.display import HTML, display

    if in_voila():
        fold, printout = _closed_fold(title)
        printout.value = _preformatted(text)
        display(fold)
    else:
        import html

        display(HTML(f'<details class="boardkit-printout"><summary>{html.escape(title)}</summary>'
                     f"{_preformatted(text)}</details>"))


def _closed_fold(title: str):
    """A closed Accordion named ``title`` and the HTML widget inside it."""
    import ipywidgets as widgets

    printout = widgets.HTML()
    printout.add_class("boardkit-printout")          # printed lines in a typewriter font, their columns aligned
    fold = widgets.Accordion([printout])
    fold.set_title(0, title)
    fold.selected_index = None
    return fold, printout


def _preformatted(text: str) -> str:
    import html

    return f"<pre>{html.escape(text)}</pre>"

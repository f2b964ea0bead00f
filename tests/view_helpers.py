"""Helpers for the tests of every game's ``App`` (a ``boardkit.render.app.GameApp``) without a browser.

Clicks are made the way the browser makes them: buttons through
``button.click()``, the canvas through the message ipycanvas sends.

    from view_helpers import Unchanged, counters, key_down, make_apps, mouse_down, text

(``tests/conftest.py`` puts this folder on ``sys.path``.)
"""
import html
import re
import time

from boardkit.render.text import text_width
from game_helpers import saved  # noqa: F401 (tests import it from here too)

#: the status line's last line: "Turn 12 · round 2 · seed 3 replays this game"
STATUS_LINE = re.compile(r"Turn (\d+)\b.*\u00b7\s+seed (\S+) replays this game")
#: the decisions made so far, kept out of the players' sight on the status's HTML
DECISIONS = re.compile(r"data-decisions='(\d+)'")


def make_apps(app_class):
    """The body of a ``make_app`` fixture: ``yield from make_apps(md.App)``.

    The test gets ``make(**kwargs)``, which builds an ``app_class``; after the
    test every app built is checked for callback errors and closed (which
    stops autoplay).
    """
    apps = []

    def make(**kwargs):
        app = app_class(**kwargs)
        apps.append(app)
        return app
    yield make
    for app in apps:
        assert app.errors == [], app.errors[0] if app.errors else ""
        app.autoplay.value = False
        app.close()


def text(app) -> str:
    """The status line as plain text."""
    return html.unescape(re.sub(r"<[^>]+>", " ", app.status.value))


def counters(app):
    """(turn, decisions made, seed) from the status line: the turn and the seed as shown
    (the seed as text), the decisions from its HTML (``data-decisions``, not shown)."""
    found = STATUS_LINE.search(text(app))
    assert found, f"no turn and seed in the status line: {text(app)!r}"
    decisions = DECISIONS.search(app.status.value)
    return int(found[1]), int(decisions[1]), found[2]


def centre(rect):
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def mouse_down(app, x, y):
    """A click on the canvas, as the browser's ipycanvas view reports it."""
    app.canvas._handle_custom_msg({"event": "mouse_down", "x": x, "y": y}, [])


def key_down(app, key, shift_key=False):
    """A key pressed on the canvas, as the browser's ipycanvas view reports it."""
    app.canvas._handle_custom_msg({"event": "key_down", "key": key, "shift_key": shift_key,
                                   "ctrl_key": False, "meta_key": False}, [])


def labels(app):
    """The texts of the choice buttons shown now."""
    return [b.description for b in app.choice_buttons]


def wait_until(condition, timeout=20.0):
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        time.sleep(0.02)


class Unchanged:
    """``with Unchanged(app): ...`` checks the block changed neither the game nor the decision count."""

    def __init__(self, app):
        self.app = app

    def __enter__(self):
        self.before = saved(self.app.game), self.app._n_decisions, list(self.app.choice_buttons)
        return self

    def __exit__(self, *exc):
        if exc[0] is None:
            assert (saved(self.app.game), self.app._n_decisions, list(self.app.choice_buttons)) == self.before


class RecordingCanvas:
    """Stands in for a canvas layer: remembers every text written on it (and accepts any drawing)."""

    def __init__(self):
        self.texts = []

    def fill_text(self, text, *args):
        self.texts.append(str(text))

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def font_size(font: str) -> tuple[float, bool]:
    """The size in pixels of the canvas font ``font`` ("bold 22px sans-serif"), and whether it is bold."""
    found = re.search(r"(bold )?([\d.]+)px", font)
    return float(found[2]), bool(found[1])


def natural_width(text: str, font: str) -> float:
    """How wide ``text`` is in the canvas font ``font`` ("bold 22px sans-serif") unsqueezed, in pixels."""
    return text_width(text, *font_size(font))


def drawn_text_calls(app) -> list[dict]:
    """Every text ``app``'s table shows now: ``text``, ``font``, ``px`` (its size in canvas pixels), ``max_width``
    (None: none), ``squeeze`` (how much that maximum width squeezes it: 1 not at all, 0.5 to half its width) and
    ``box``, the (x, y, w, h) it takes on the canvas (its width as drawn, its height its size)."""
    class Words(RecordingCanvas):
        def fill_text(self, text, x, y, max_width=None):
            width = natural_width(text, self.font)
            px = font_size(self.font)[0]
            shown = width if max_width is None else min(width, max_width)
            left = {"left": x, "right": x - shown}.get(getattr(self, "text_align", "center"), x - shown / 2)
            self.texts.append(dict(text=str(text), font=self.font, max_width=max_width, px=int(px),
                                   squeeze=1.0 if max_width is None or width <= max_width else max_width / width,
                                   box=(left, y - px / 2, shown, px)))
    canvas, scene = Words(), app._scene()
    app._draw_board(canvas, scene)
    app._draw_pieces(canvas, scene)
    return canvas.texts


def drawn_words(app) -> list[tuple[str, int, float]]:
    """Every text ``app``'s table shows now: (text, its size in canvas pixels, its squeeze: see drawn_text_calls)."""
    return [(call["text"], call["px"], call["squeeze"]) for call in drawn_text_calls(app)]


def drawn_sizes(app) -> list[tuple[str, int]]:
    """Every text ``app``'s table shows now, with its size in canvas pixels."""
    return [(text, px) for text, px, _ in drawn_words(app)]

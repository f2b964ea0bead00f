"""``SketchPad``: the Sketcher's pad of paper, drawn on with the mouse, a pen or a finger.

    from boardkit.games.win_lose_draw.view_pad import SketchPad
    pad = SketchPad()                 # a blank pad with its toolbar
    pad.enabled = False               # only the Sketcher draws: switch it off for the others
    saved = pad.sketch.to_dict()      # the drawing as data ...
    pad.load(Sketch.from_dict(saved)) # ... and back
    pad.replay(speed=2)               # draw it again, stroke by stroke
    pad.new_sheet()                   # a new round: blank, and Undo cannot bring the old drawing back

The drawing lives in a ``Sketch`` (``sketch.py``): the canvas only shows it.
The whole picture is redrawn from that data when a browser connects
(``canvas.on_client_ready``: a refreshed page is never blank), after Undo and
Clear, and on ``load``.

**No visible lag, few messages.**  The browser reports every mouse move to
the kernel (ipycanvas does not thin them out).  Each new point goes into the
``Sketch`` at once, but the canvas is sent at most one drawing message per
animation frame (``FRAME_S``, 1/60 s): the first point after a quiet frame is
drawn straight away, and points that come sooner wait for a short timer (a
thread) that draws them all together when the frame is over.  So nothing is
ever lost, the end of a stroke included, and a fast mouse costs no more than
60 messages a second.  Each message draws only the part of the stroke that is
new, as a smooth line (``sketch.trace``) with round ends and joins.

**Wet ink.**  The canvas has two layers.  The smooth line through the
points is drawn on the bottom layer, the *ink*, for good.  Its very end, the
straight piece from the last curve to the pen (``sketch.pen_tip``), moves
with every new point: it is drawn on the top layer, the *wet ink*, which is
wiped and drawn again each time, and goes down onto the ink when the pen is
lifted.  So the line always reaches the pointer, and what a browser shows
while drawing is exactly what a redraw from the data shows.

Tools: a labelled button per pen colour (the label, not the hue, says which),
the widths, the Eraser (draws in the paper's colour), Undo and Clear; keys
Ctrl+Z (or Cmd+Z) and U undo while the canvas has the focus; Tab moves on
to ``next_focus`` and Shift+Tab back to the toolbar (the canvas keeps both
from the browser).  Stable CSS
classes for tests and styling: ``wld-pad``, ``wld-pad-canvas``,
``wld-pad-colour-<name>``, ``wld-pad-width``, ``wld-pad-eraser``,
``wld-pad-undo``, ``wld-pad-clear``, ``wld-pad-notice``; ``wld-pad-off`` while
drawing is switched off.
"""
from __future__ import annotations

import html
import logging
import numbers
import threading
import time
import traceback
from contextlib import contextmanager

import ipywidgets as widgets

from boardkit.render import palette
from boardkit.render.app import DRAW_LOCK, focus_first_enabled, guarded, scaled
from boardkit.render.batch import Layers, safe_hold
from boardkit.render.layout import responsive

from .sketch import DEFAULT_COLOUR, DEFAULT_WIDTH, PEN_COLOURS, WIDTHS, Sketch, pen_tip, trace

log = logging.getLogger(__name__)

#: The hue each pen colour is drawn with (Okabe-Ito: told apart by colour-blind eyes too).
PEN_HEX = {"black": palette.BLACK, "blue": palette.BLUE, "red": palette.VERMILLION,
           "green": palette.BLUISH_GREEN, "orange": palette.ORANGE}
PAPER = palette.WHITE
WIDTH_NAMES = {2: "Fine", 5: "Medium", 10: "Thick", 20: "Huge"}
#: The shortest time between two drawing messages: one animation frame.
FRAME_S = 1 / 60
#: A replay is cut into about this many pieces, each shown for ``REPLAY_FRAME_MS / speed``.
REPLAY_STEPS = 240
REPLAY_FRAME_MS = 20
SPEEDS = (0.1, 10.0)
#: A switched-off button: its fill (the chosen width's fill) and its words, 4.5:1 or better on both.
OFF, OFF_CHOSEN, OFF_WORDS = "#E8E8E8", "#C8C8C8", "#333333"
CSS = """<style>
.wld-pad-canvas {touch-action: none; cursor: crosshair; outline: 3px solid #1A1A1A; outline-offset: -3px;}
/* the paper's edge drawn inside the canvas: a shadow outside it was clipped by the MultiCanvas's box */
.wld-pad-off .wld-pad-canvas {cursor: not-allowed;}
.wld-pad button:focus-visible {outline: 4px solid #0072B2; outline-offset: 3px;}
.wld-pad-canvas:focus-visible {outline: 5px solid #0072B2; outline-offset: -5px;}
.wld-pad .widget-toggle-buttons .widget-toggle-button {font-size: calc(18px * var(--boardkit-text-scale, 1));
  height: auto; min-height: 44px; min-width: 90px;}
/* each width button as wide as its word (at 90 px 'Medium' showed as 'Medi…' at 1920x1080) */
.wld-pad-notice {font-size: calc(18px * var(--boardkit-text-scale, 1)); font-weight: bold; color: #8B0000;}
/* switched off: flat grey with dark words, never see-through (the widgets' opacity 0.6 left grey words on
   orange at 2:1, below WCAG AA's 4.5:1); each pen keeps a stripe of its hue under its name */
.wld-pad .jupyter-button:disabled {opacity: 1; cursor: not-allowed;
  background-color: %(off)s !important; color: %(off_words)s !important;}
.wld-pad .jupyter-button.mod-active:disabled {background-color: %(off_chosen)s !important;}
%(stripes)s
</style>""" % dict(
    off=OFF, off_words=OFF_WORDS, off_chosen=OFF_CHOSEN,
    stripes="\n".join(f".wld-pad .wld-pad-colour-{name}:disabled {{box-shadow: inset 0 -8px 0 {hue};}}"
                      for name, hue in PEN_HEX.items()))


class SketchPad(widgets.VBox):
    """A pad to draw on: a canvas the width of the page and a toolbar above it.

    Parameters: ``sketch`` (the drawing to show; default a blank ``Sketch()``,
    whose size is the canvas's size), ``enabled`` (False: nobody can draw).

    Attributes: ``canvas`` (an ipycanvas ``MultiCanvas`` of ``render.Layer``s: ``canvas[0]`` the
    ink, ``canvas[1]`` the wet ink), the toolbar's widgets
    (``colour_buttons``, ``width_buttons``, ``eraser_button``, ``undo_button``,
    ``clear_button``), ``errors`` (tracebacks of errors in callbacks),
    ``next_focus`` (the widgets after the pad on the page, for Tab).
    """

    def __init__(self, sketch: Sketch | None = None, enabled: bool = True, **kwargs):
        sketch = Sketch() if sketch is None else sketch
        if not isinstance(sketch, Sketch):
            raise ValueError(f"sketch={sketch!r} is not allowed: expected a Sketch or None")
        if not isinstance(enabled, bool):
            raise ValueError(f"enabled={enabled!r} is not allowed: expected True or False")
        self._sketch = sketch
        self._lock = DRAW_LOCK       # the canvas manager is shared by every canvas: one lock for all drawing
        self._enabled = enabled
        self._colour = DEFAULT_COLOUR
        self._n_dry = 0              # strokes the browser has been sent whole (on the ink layer)
        self._n_wet = 0              # points of the stroke being drawn the browser has been sent
        self._clock = time.monotonic
        self._last_flush = float("-inf")
        self._timer = None           # the timer that will draw points that came too soon
        self._on_change = widgets.CallbackDispatcher()
        self.errors: list[str] = []
        #: the widgets after the pad on the page: Tab on the pad moves on to the first enabled
        self.next_focus: list = []

        self.canvas = Layers(2, width=sketch.width, height=sketch.height)   # ink, wet ink
        responsive(self.canvas)
        self.canvas.layout.max_width = f"calc((100vh - 170px) * {sketch.width / sketch.height:.3f})"
        self.canvas.add_class("wld-pad-canvas")
        self.canvas.on_client_ready(self._guard(self.redraw))
        self.canvas.on_mouse_down(self._guard(self._on_mouse_down))
        self.canvas.on_mouse_move(self._guard(self._on_mouse_move))
        self.canvas.on_mouse_up(self._guard(self._on_mouse_up))
        self.canvas.on_mouse_out(self._guard(self._on_mouse_up))
        self.canvas.on_touch_start(self._guard(self._on_touch_start))
        self.canvas.on_touch_move(self._guard(self._on_touch_move))
        self.canvas.on_touch_end(self._guard(self._on_touch_end))
        self.canvas.on_touch_cancel(self._guard(self._on_touch_end))
        self.canvas.on_key_down(self._guard(self._on_key_down))

        tall = dict(min_height="44px", height="auto", width="auto", margin="4px")   # grows with Large type
        self.colour_buttons = {}
        for name in PEN_COLOURS:
            hue = PEN_HEX[name]
            button = widgets.Button(
                style=dict(button_color=hue, text_color=palette.text_colour_on(hue),
                           font_size=scaled("18px"), font_weight="bold"),
                layout=widgets.Layout(min_width="96px", **tall), tooltip=f"Draw in {name}")
            button.add_class("wld-pad-colour")
            button.add_class(f"wld-pad-colour-{name}")
            button.on_click(self._guard(lambda _, name=name: self._pick_colour(name)))
            self.colour_buttons[name] = button
        self.width_buttons = widgets.ToggleButtons(
            options=[(WIDTH_NAMES[w], w) for w in WIDTHS], value=DEFAULT_WIDTH,
            tooltips=[f"A {WIDTH_NAMES[w].lower()} line, {w} pixels wide" for w in WIDTHS],
            style=dict(button_width="auto"), layout=widgets.Layout(width="auto", margin="4px"))
        self.width_buttons.add_class("wld-pad-width")
        self.eraser_button = widgets.ToggleButton(
            value=False, description="Eraser", icon="eraser", style=dict(font_size=scaled("18px")),
            layout=widgets.Layout(**tall), tooltip="Rub out: draw in the paper's colour (Undo brings it back)")
        self.eraser_button.add_class("wld-pad-eraser")
        self.undo_button = widgets.Button(
            description="Undo", icon="undo", style=dict(font_size=scaled("18px")), layout=widgets.Layout(**tall),
            tooltip="Take back the last stroke (Ctrl+Z or U on the pad)")
        self.undo_button.add_class("wld-pad-undo")
        self.clear_button = widgets.Button(
            description="Clear", icon="trash", style=dict(font_size=scaled("18px")), layout=widgets.Layout(**tall),
            tooltip="Wipe the pad (Undo brings the drawing back)")
        self.clear_button.add_class("wld-pad-clear")
        self.notice = widgets.HTML()
        self.notice.add_class("wld-pad-notice")
        self.undo_button.on_click(self._guard(lambda _: self.undo()))
        self.clear_button.on_click(self._guard(lambda _: self.clear()))
        self.eraser_button.observe(self._guard(lambda _: self._show_tools()), names="value")

        toolbar = widgets.HBox([*self.colour_buttons.values(), self.width_buttons, self.eraser_button,
                                self.undo_button, self.clear_button],
                               layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([widgets.HTML(CSS), toolbar, self.notice, self.canvas],
                         layout=widgets.Layout(width="100%"), **kwargs)
        self.add_class("wld-pad")
        self._show_tools()
        self.redraw()

    # --- the public face -------------------------------------------------------------------
    @property
    def sketch(self) -> Sketch:
        """The drawing (change it through the pad, or call ``redraw()`` after changing it)."""
        return self._sketch

    @property
    def enabled(self) -> bool:
        """Whether drawing is on; switching it off ends a stroke being drawn and greys the tools."""
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool):
        if not isinstance(value, bool):
            raise ValueError(f"enabled={value!r} is not allowed: expected True or False")
        self._enabled = value
        if not value:
            self._lift_pen()
        self._show_tools()

    @property
    def colour(self) -> str:
        """The pen colour for the next stroke, one of ``PEN_COLOURS``."""
        return self._colour

    @colour.setter
    def colour(self, name: str):
        if not isinstance(name, str) or name not in PEN_COLOURS:
            raise ValueError(f"colour={name!r} is not allowed: choose one of {PEN_COLOURS}")
        self._colour = name
        self._show_tools()

    @property
    def width(self) -> int:
        """The pen width for the next stroke, one of ``WIDTHS`` (pixels)."""
        return self.width_buttons.value

    @width.setter
    def width(self, value: int):
        if isinstance(value, bool) or not isinstance(value, int) or value not in WIDTHS:
            raise ValueError(f"width={value!r} is not allowed: choose one of {WIDTHS}")
        self.width_buttons.value = value

    @property
    def eraser(self) -> bool:
        """Whether the next stroke rubs out (draws in the paper's colour)."""
        return self.eraser_button.value

    @eraser.setter
    def eraser(self, value: bool):
        if not isinstance(value, bool):
            raise ValueError(f"eraser={value!r} is not allowed: expected True or False")
        self.eraser_button.value = value

    def on_change(self, callback, remove: bool = False):
        """Call ``callback(sketch)`` after each finished stroke, Undo, Clear and ``load``."""
        self._on_change.register_callback(callback, remove=remove)

    def undo(self) -> bool:
        """Take back the last stroke (or the latest Clear); False if there was nothing to undo."""
        with self._lock:
            done = self._sketch.undo()
            if done:
                self.redraw()
        self._say("" if done else "Nothing to undo.")
        if done:
            self._on_change(self._sketch)
        return done

    def clear(self) -> bool:
        """Wipe the pad (Undo brings it back); False if it was blank already."""
        with self._lock:
            done = self._sketch.clear()
            if done:
                self.redraw()
        self._say("")
        if done:
            self._on_change(self._sketch)
        return done

    def new_sheet(self) -> None:
        """Tear off the page: a blank pad with nothing to undo (for a new round; Clear can be undone)."""
        self.load(Sketch(self._sketch.width, self._sketch.height))

    def load(self, sketch: Sketch) -> None:
        """Show ``sketch`` instead (a drawing of the same size), e.g. from ``Sketch.from_dict``."""
        if not isinstance(sketch, Sketch):
            raise ValueError(f"sketch={sketch!r} is not allowed: expected a Sketch")
        if (sketch.width, sketch.height) != (self._sketch.width, self._sketch.height):
            raise ValueError(f"sketch of {sketch.width}x{sketch.height} pixels is not allowed: this pad is "
                             f"{self._sketch.width}x{self._sketch.height}")
        with self._lock:
            self._sketch = sketch
            self.redraw()
        self._say("")
        self._on_change(self._sketch)

    def redraw(self) -> None:
        """Draw the whole drawing again from the data, on blank paper (one message)."""
        with self._batch():
            self._paint(self._sketch.replay_steps(1))

    def replay(self, speed: float = 1.0) -> float:
        """Draw the drawing again from blank paper, a little at a time; returns its length in seconds.

        The whole animation travels as one message and plays in the browser
        (``canvas.sleep`` between pieces); anything drawn meanwhile shows up
        when it is over.  ``speed`` 2 plays twice as fast.
        """
        if (isinstance(speed, bool) or not isinstance(speed, numbers.Real)
                or not SPEEDS[0] <= speed <= SPEEDS[1]):
            raise ValueError(f"speed={speed!r} is not allowed: expected a number from {SPEEDS[0]} to {SPEEDS[1]}")
        frame_ms = REPLAY_FRAME_MS / speed
        with self._batch():
            pieces = self._sketch.replay_steps(REPLAY_STEPS)
            self._paint(pieces, frame_ms)
        return len(pieces) * frame_ms / 1000

    def close(self):
        """Stop the pending timer and close the widgets."""
        timer, self._timer = getattr(self, "_timer", None), None
        if timer is not None:
            timer.cancel()
        for child in self.children:
            child.close()
        super().close()

    # --- pointer and keys ------------------------------------------------------------------
    def _on_mouse_down(self, x, y):
        if not self._enabled:
            return
        self._lift_pen()                  # if the last mouse up never came, end that stroke first
        with self._lock:
            try:
                self._sketch.begin(x, y, self._colour, self.width, self.eraser)
            except ValueError as err:
                self._say(str(err))
                return
            self._request_flush()

    def _on_mouse_move(self, x, y):
        with self._lock:
            if not (self._enabled and self._sketch.drawing):
                return
            try:
                added = self._sketch.extend(x, y)
            except ValueError as err:
                self._say(str(err))
                return
            if added:
                self._request_flush()

    def _on_mouse_up(self, x, y):
        self._lift_pen(x, y)

    def _on_touch_start(self, touches):
        if touches:                       # the first finger draws; others are ignored
            self._on_mouse_down(*touches[0])

    def _on_touch_move(self, touches):
        if touches:
            self._on_mouse_move(*touches[0])

    def _on_touch_end(self, touches):
        self._lift_pen()                  # ``touches`` are the fingers still down: no new point

    def _on_key_down(self, key, shift_key=False, ctrl_key=False, meta_key=False):
        key = str(key).lower()
        if key == "tab":  # the canvas keeps Tab from the browser: back to the toolbar, or on past the pad
            tools = [*self.colour_buttons.values(), self.eraser_button, self.undo_button, self.clear_button]
            focus_first_enabled(tools[::-1] if shift_key else self.next_focus)
        elif self._enabled and (key == "u" or (key == "z" and (ctrl_key or meta_key))):
            self.undo()

    def _lift_pen(self, x=None, y=None):
        """The pen is lifted (or leaves the pad): its last point (x, y) if given, then the stroke ends.

        ``on_change`` callbacks hear of it after the drawing lock is let go.
        """
        with self._lock:
            if not self._sketch.drawing:
                return
            if x is not None:
                try:
                    self._sketch.extend(x, y)
                except ValueError:
                    pass                  # a full stroke just ends where it got to
            self._sketch.end()
            self._request_flush()
        self._on_change(self._sketch)

    # --- batching --------------------------------------------------------------------------
    def _request_flush(self):
        """Draw the new points now if a frame has passed since the last message, else soon."""
        wait = self._last_flush + FRAME_S - self._clock()
        if wait <= 0:
            self._flush()
        elif self._timer is None:
            self._timer = self._schedule(wait, self._flush_later)

    def _schedule(self, delay: float, callback):
        """Call ``callback`` after ``delay`` seconds, in a thread (tests replace this)."""
        timer = threading.Timer(delay, callback)
        timer.daemon = True
        timer.start()
        return timer

    def _flush_later(self):
        try:
            with self._lock:
                self._timer = None
                self._flush()
        except Exception as err:  # noqa: BLE001 - a thread's error must not be lost
            self._report(err)

    def _flush(self):
        """Send what the browser has not been sent yet, as one message (nothing new: no message)."""
        sketch = self._sketch
        strokes = sketch.strokes
        n_done = len(strokes) - sketch.drawing          # finished strokes
        if n_done < self._n_dry or (len(strokes) > self._n_dry
                                    and len(strokes[self._n_dry].points) < self._n_wet):
            self.redraw()                 # strokes went away behind our back: draw it all again
            return
        if n_done == self._n_dry and (not sketch.drawing or len(strokes[-1].points) == self._n_wet):
            return
        ink, wet = self.canvas[0], self.canvas[1]
        with self._batch():
            for i in range(self._n_dry, len(strokes)):
                since = self._n_wet if i == self._n_dry else 0
                self._draw(ink, strokes[i], trace(strokes[i].points, since))
                if i < n_done:            # a finished stroke's tip dries onto the ink
                    self._draw(ink, strokes[i], [pen_tip(strokes[i].points)])
            wet.clear()
            if sketch.drawing:
                self._draw(wet, strokes[-1], [pen_tip(strokes[-1].points)])
        self._n_dry, self._n_wet = n_done, len(strokes[-1].points) if sketch.drawing else 0

    @contextmanager
    def _batch(self):
        """Send the drawing done in the block as one message (``safe_hold``: it names its canvas first)."""
        with self._lock, safe_hold(self.canvas):
            for layer in (self.canvas[0], self.canvas[1]):
                layer.line_cap = layer.line_join = "round"
            yield self.canvas
        self._last_flush = self._clock()

    def _paint(self, pieces, frame_ms=None):
        """Paper, then the strokes cut in ``pieces`` (``Sketch.replay_steps``), ``frame_ms`` apart if given."""
        ink, wet = self.canvas[0], self.canvas[1]
        sketch = self._sketch
        strokes = sketch.strokes
        ink.fill_style = PAPER
        ink.fill_rect(0, 0, ink.width, ink.height)
        wet.clear()
        for index, start, stop in pieces:
            stroke = strokes[index]
            self._draw(ink, stroke, trace(stroke.points[:stop], start))
            if stop == len(stroke.points) and not (sketch.drawing and index == len(strokes) - 1):
                self._draw(ink, stroke, [pen_tip(stroke.points)])
            if frame_ms:
                ink.sleep(frame_ms)
        if sketch.drawing:
            self._draw(wet, strokes[-1], [pen_tip(strokes[-1].points)])
        self._n_dry = len(strokes) - sketch.drawing
        self._n_wet = len(strokes[-1].points) if sketch.drawing else 0

    @staticmethod
    def _draw(layer, stroke, moves):
        """Carry out pen ``moves`` (from ``trace`` or ``pen_tip``) for ``stroke`` on a canvas ``layer``."""
        if not moves:
            return
        ink = PAPER if stroke.eraser else PEN_HEX[stroke.colour]
        if moves[0][0] == "dot":
            layer.fill_style = ink
            layer.fill_circle(moves[0][1], moves[0][2], stroke.width / 2)
            return
        layer.begin_path()
        for move in moves:
            if move[0] == "move":
                layer.move_to(*move[1:])
            elif move[0] == "curve":
                layer.quadratic_curve_to(*move[1:])
            else:                         # the tip: a straight line from its start to the pen
                layer.move_to(*move[1:3])
                layer.line_to(*move[3:])
        layer.stroke_style = ink
        layer.line_width = stroke.width
        layer.stroke()

    # --- the toolbar -----------------------------------------------------------------------
    def _pick_colour(self, name):
        self.colour = name
        self.eraser = False               # picking a pen puts the eraser down

    def _show_tools(self):
        """Mark the chosen pen (a tick and a thick frame, not only its hue); grey all when off."""
        for name, button in self.colour_buttons.items():
            chosen = name == self._colour and not self.eraser
            button.description = f"\u2713 {name.title()}" if chosen else name.title()
            button.layout.border = "4px solid #1A1A1A" if chosen else "4px solid transparent"
            button.disabled = not self._enabled
        for widget in (self.width_buttons, self.eraser_button, self.undo_button, self.clear_button):
            widget.disabled = not self._enabled
        if self._enabled:
            self.remove_class("wld-pad-off")
        else:
            self.add_class("wld-pad-off")

    def _say(self, text: str):
        self.notice.value = f"<div role='status'>{html.escape(text)}</div>" if text else ""

    # --- errors ----------------------------------------------------------------------------
    def _guard(self, fn):
        """Wrap a callback: an error goes to the notice line (and ``pad.errors``), not a lost log."""
        return guarded(fn, self._report)

    def _report(self, err):
        self.errors.append(traceback.format_exc())
        log.exception("sketch pad: %s", err)
        try:
            self._say(f"Something went wrong: {err}")
        except Exception:  # noqa: BLE001
            pass

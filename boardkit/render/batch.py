"""Exception-safe batching of canvas drawing commands.

``ipycanvas.hold_canvas()`` collects every drawing command and sends them to
the browser as one message when the ``with`` block ends. It does so by
switching on a ``_caching`` flag of the canvas manager (one object shared by
all canvases) and calling ``flush()`` after the block. In ipycanvas 0.14 it is
a plain generator with no ``try/finally``: if the block raises, the collected
commands are never sent and the flag stays on, so every later drawing is
silently held back and the canvas looks frozen.

``safe_hold`` is a drop-in replacement: whatever happens in the block, the
held commands are sent and batching is switched off again; then the
exception, if any, carries on as usual. It also repairs a flag left stuck on
by an earlier failed ``hold_canvas``.

``Layers`` is an ipycanvas ``MultiCanvas`` whose layers (``Layer``) set a
drawing property (``fill_style``, ``font``, ``line_width``, the line dash...) for less: a
drawing sets one about a thousand times, and ipycanvas checks and stores each
set through traitlets (about 20 us a set, most of an App's redraw). A
``Layer`` checks each distinct value once, and inside a ``safe_hold`` it sends
nothing when the property already has that value in the message being built.
"""

import itertools
from contextlib import contextmanager

from ipycanvas import Canvas, MultiCanvas
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS
from ipywidgets import Widget

# The open safe_hold blocks, per canvas manager (keyed by id): [how many are open, the message's number].
_open = {}
_numbers = itertools.count(1)


def _manager(canvas):
    """The object that queues a canvas's commands (shared by all canvases by default)."""
    return getattr(canvas, "_canvas_manager", None) or _CANVAS_MANAGER


@contextmanager
def safe_hold(canvas=None):
    """Send all drawing done in the block as one message, even if the block raises.

    Use it like ``hold_canvas``::

        with safe_hold(canvas):
            canvas.clear()
            draw_die(canvas, 10, 10, 80, 6)

    Blocks may be nested: only the outermost one sends, so a whole animation
    built from nested blocks still travels as one message.

    Each message says first which canvas it draws on.  ipycanvas names the
    canvas only when the kernel switches to another one, and a browser that
    connects later (a Voilà page on a pre-heated kernel, a second JupyterLab
    view) never saw the switch: it would draw on a canvas it doesn't know,
    and a lone canvas would stay blank.  Forgetting the current canvas at the
    start of every message costs one tiny command and closes that gap.
    """
    manager = _manager(canvas)
    key = id(manager)
    outermost = key not in _open
    if outermost:
        _open[key] = [0, next(_numbers)]
        manager._current_canvas = None
        manager._caching = True
    _open[key][0] += 1
    try:
        yield canvas
    finally:
        _open[key][0] -= 1
        if outermost:
            try:
                manager.flush()
            finally:
                manager._caching = False
                del _open[key]


def _message_number(manager):
    """The number of the message ``manager`` is collecting in a ``safe_hold`` now, or None (no safe_hold open,
    or batching switched off inside it: each command is then a message of its own)."""
    held = _open.get(id(manager))
    return held[1] if held is not None and manager._caching else None


#: (property, type, value) -> the value as traitlets stores it: the drawing property values a Layer has checked
_checked = {}


def _hashable(key) -> bool:
    try:
        hash(key)
    except TypeError:
        return False
    return True


class Layer(Canvas):
    """An ipycanvas ``Canvas`` that sends a drawing property only when the picture needs it.

    A browser's canvas keeps its drawing properties (the fill colour, the font...) from one command to the
    next, so setting one to the value it has draws nothing new. Inside a ``safe_hold`` a Layer knows which
    values the message it builds has set (``save()`` and ``restore()`` included) and skips a set that
    changes nothing. It knows nothing of earlier messages: a browser that connects later gets only the later
    messages, so each message sets every property it uses at least once, as before.

    A value is checked by ipycanvas (traitlets) the first time it is set; a bad one raises the same error as
    on any canvas, and sends nothing. Reading a property gives the last value set, as on any canvas.
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._mirror = (None, [{}])      # (the message's number, a stack: what it has set, per save())

    def _sent(self):
        """What the message being built has set on this layer: a stack of dicts (one more per ``save()``), or None
        (no message is being built)."""
        number = _message_number(self._canvas_manager)
        if number is None:
            return None
        mirror_number, stack = getattr(self, "_mirror", (None, None))
        if mirror_number != number:
            stack = [{}]
            self._mirror = (number, stack)
        return stack

    def _set_now(self) -> dict:
        """What the message being built has set on this layer now (a dict to update; a throwaway one if no
        message is being built)."""
        stack = self._sent()
        return {} if stack is None else stack[-1]

    def __setattr__(self, name, value):
        if name not in Canvas.ATTRS:
            if name in ("width", "height"):   # a new size clears the browser's canvas and its drawing properties
                self._mirror = (None, [{}])
            super().__setattr__(name, value)
            return
        key = (name, type(value), value)
        set_now = self._set_now()
        if isinstance(value, Widget) or not _hashable(key):
            set_now.pop(name, None)           # (a gradient or a pattern: as on any canvas, and not followed here)
            super().__setattr__(name, value)
        elif name not in set_now or set_now[name] != value:
            if key in _checked:
                self._trait_values[name] = _checked[key]
                self._canvas_manager.send_command(self, [COMMANDS["set"], [Canvas.ATTRS[name], value]])
            else:
                super().__setattr__(name, value)      # (a bad value raises here, and sends nothing)
                _checked[key] = self._trait_values[name]
            set_now[name] = value

    def set_line_dash(self, segments):
        """As ``Canvas.set_line_dash``; sends nothing if the message being built has set this dash already."""
        dash = segments + segments if len(segments) % 2 else segments
        key = ("line dash", type(dash), tuple(dash))
        set_now = self._set_now()
        if not _hashable(key):
            set_now.pop("line dash", None)
            super().set_line_dash(segments)
        elif "line dash" not in set_now or set_now["line dash"] != dash:
            if key in _checked:
                self._trait_values["_line_dash"] = dash
                self._canvas_manager.send_draw_command(self, COMMANDS["setLineDash"], [dash])
            else:
                super().set_line_dash(segments)       # (a bad dash raises here, and sends nothing)
                _checked[key] = dash
            set_now["line dash"] = dash

    def save(self):
        stack = self._sent()
        if stack is not None:
            stack.append(dict(stack[-1]))
        super().save()

    def restore(self):
        stack = self._sent()
        if stack is not None:
            if len(stack) > 1:
                stack.pop()
            else:                             # back to what an earlier message saved: not known here
                stack[-1].clear()
        super().restore()


class Layers(MultiCanvas):
    """An ipycanvas ``MultiCanvas`` of ``n_layers`` ``Layer``s (the last one hears the mouse and the keys)."""

    def __init__(self, n_layers: int = 3, **kwargs):
        # as MultiCanvas.__init__, with Layers for its plain Canvases
        super(MultiCanvas, self).__init__(_canvases=[Layer() for _ in range(n_layers)], **kwargs)
        self.on_msg(self._canvases[-1]._handle_frontend_event)

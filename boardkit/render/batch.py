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
"""

from contextlib import contextmanager

from ipycanvas.canvas import _CANVAS_MANAGER

# How many safe_hold blocks are open, per canvas manager (keyed by id).
_depth = {}


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
    outermost = _depth.get(key, 0) == 0
    _depth[key] = _depth.get(key, 0) + 1
    if outermost:
        manager._current_canvas = None
        manager._caching = True
    try:
        yield canvas
    finally:
        _depth[key] -= 1
        if outermost:
            try:
                manager.flush()
            finally:
                manager._caching = False
                del _depth[key]

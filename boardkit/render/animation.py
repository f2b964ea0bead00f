"""Short animations that travel to the browser as one message.

Inside ``safe_hold`` nothing is sent until the block ends, and
``canvas.sleep(ms)`` is itself a drawing command: the browser waits ``ms``
milliseconds at that point while replaying the commands. So a whole
animation is built in Python in a few milliseconds, sent once, and played by
the browser at full speed with no round trips to the kernel. Python does
not wait for it to finish, but the browser does: it plays canvas messages
in order, so any drawing sent while an animation is playing appears only
after the animation's last sleep. Keep animations short (well under a
second) so clicks still feel instant. Draw moving pieces on their own layer
of a ``MultiCanvas`` so each frame only clears and redraws that layer.
"""

import numpy as np

from .batch import safe_hold


def animate_path(canvas, frames_fn, n_frames, ms):
    """Play ``frames_fn(canvas, i)`` for i = 0 .. n_frames-1, ``ms`` milliseconds apart.

    ``frames_fn`` draws frame ``i`` completely (usually it clears its layer first).
    """
    with safe_hold(canvas):
        for i in range(n_frames):
            if i:
                canvas.sleep(ms)
            frames_fn(canvas, i)


def tween(points, steps_between):
    """Add ``steps_between - 1`` evenly spaced points between each pair of ``points``.

    ``tween([(0, 0), (10, 0)], 2)`` gives ``[(0, 0), (5, 0), (10, 0)]`` as an
    (n, 2) array: use it to glide a pawn from space to space.
    """
    points = np.asarray(points, dtype=float).reshape(-1, 2)
    if len(points) < 2 or steps_between <= 1:
        return points
    t = np.arange(steps_between) / steps_between
    legs = [a + t[:, None] * (b - a) for a, b in zip(points[:-1], points[1:])]
    return np.concatenate(legs + [points[-1:]])


def animate_move(canvas, draw_frame, points, ms_per_step):
    """Play ``draw_frame(canvas, (x, y))`` for each point, ``ms_per_step`` apart.

    For example, on the top layer of a MultiCanvas::

        def draw_frame(layer, point):
            layer.clear()
            draw_pawn(layer, *point, 40, PLAYER_STYLES[0])

        animate_move(layer, draw_frame, tween(path, 4), 40)
    """
    pts = np.asarray(points, dtype=float).reshape(-1, 2)
    animate_path(canvas, lambda c, i: draw_frame(c, (pts[i, 0], pts[i, 1])), len(pts), ms_per_step)

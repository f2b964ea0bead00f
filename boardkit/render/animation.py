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

import random

import numpy as np

from .batch import safe_hold
from .dice import draw_die_face, draw_tumbling_die
from .pawns import draw_pawn

#: A roll: the die tumbles for ROLL_FRAMES frames ROLL_MS apart, then the pawn
#: glides GLIDE_STEPS small steps per space (each game picks its glide speed).
ROLL_FRAMES, ROLL_MS, GLIDE_STEPS = 8, 70, 4


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


def roll_duration(value: int, glide_ms: int, scale: float = 1.0) -> float:
    """Seconds :func:`animate_roll_and_glide` plays for when the pawn glides ``value`` spaces."""
    return scale * ((ROLL_FRAMES - 1) * ROLL_MS + value * GLIDE_STEPS * glide_ms) / 1000


def animate_roll_and_glide(overlay, die_rect, value: int, sides: int, pawn, size: float, path,
                           glide_ms: int, seed: int, scale: float = 1.0) -> None:
    """On ``overlay``: the die in ``die_rect`` tumbles to ``value`` while the pawn waits
    at ``path[0]``; after a beat the pawn glides through the points of ``path``.

    ``pawn`` is a player style and ``size`` its size.  The tumbling faces come
    from the picture's own ``random.Random(seed)``, never the game's
    generator, so animating a roll never changes the game.
    """
    tumble = random.Random(seed)
    x, y, die, _ = die_rect
    start_x, start_y = path[0]

    def die_frame(c, i):
        c.clear()
        draw_tumbling_die(c, die_rect, i, ROLL_FRAMES, value, tumble, sides)
        draw_pawn(c, start_x, start_y, size, pawn)

    def glide_frame(c, point):
        c.clear()
        draw_die_face(c, x, y, die, value)
        draw_pawn(c, point[0], point[1], size, pawn)

    animate_path(overlay, die_frame, ROLL_FRAMES, max(1, int(ROLL_MS * scale)))
    overlay.sleep(max(1, int(glide_ms * scale)))
    animate_move(overlay, glide_frame, tween(path, GLIDE_STEPS), max(1, int(glide_ms * scale)))

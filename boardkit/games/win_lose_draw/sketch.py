"""The Sketcher's drawing as data: strokes of a pen on a pad of paper.

In the box game the Sketcher draws with a pencil on a pad.  Here a drawing
is a ``Sketch``: a list of ``Stroke``s, each the path of the pen from the
moment it touches the paper to the moment it is lifted.  Keeping strokes as
data (not pixels) is what lets the picture be redrawn when a browser page
is refreshed, replayed stroke by stroke after the round, saved with the game
and undone one stroke at a time.

Choices the rulebook leaves to us (documented here, tested in the tests):

* **Pens.** A few colour names (``PEN_COLOURS``, black plus colour-blind-safe
  hues, drawn by the view with the Okabe-Ito palette) and a few widths in
  pad pixels (``WIDTHS``).
* **Eraser.** An eraser stroke is an ordinary stroke drawn in the colour of
  the paper, so undoing it brings back what it covered.  It remembers the pen
  colour that was chosen when it was made; only ``eraser`` decides how it is
  drawn.
* **Points outside the pad** (a finger sliding off the edge) are moved to the
  nearest edge; points that are not finite numbers raise ``ValueError``.
  Coordinates are rounded to 0.1 pad pixel, and a point less than
  ``MIN_STEP`` (1 px) from the last one is dropped: it would add nothing.
* **Undo** removes the last whole stroke (the one being drawn, if any).
  With nothing to undo it does nothing and returns False: pressing Undo on
  an empty pad is not an error.
* **Clear** can be undone: the strokes it wiped are kept until the next
  Clear, and Undo on a pad with no strokes since the Clear brings them back.
  Only the latest Clear can be undone, and it is not saved by ``to_dict``.
* **Limits** (``MAX_POINTS``, ``MAX_STROKES``, ``MAX_TOTAL_POINTS``) keep a
  runaway browser from filling the kernel's memory: past them ``begin`` and
  ``extend`` raise ``ValueError`` and change nothing.

Every bad input raises ``ValueError`` naming the argument, the value and
what is allowed, and changes nothing.
"""
from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

#: The pen colours a Sketcher can choose (the view maps them to safe hues).
PEN_COLOURS = ("black", "blue", "red", "green", "orange")
#: The pen widths in pad pixels: fine, medium, thick and huge.
WIDTHS = (2, 5, 10, 20)
DEFAULT_COLOUR = "black"
DEFAULT_WIDTH = 5
#: The pad's size in pixels (16:10, like a projector).
PAD_WIDTH, PAD_HEIGHT = 960, 600
#: The smallest and largest pad sides allowed, in pixels.
MIN_SIDE, MAX_SIDE = 50, 4000
#: A point closer than this to the last point of its stroke is dropped.
MIN_STEP = 1.0
#: At most this many points in one stroke, strokes in a sketch, points in all.
MAX_POINTS = 5000
MAX_STROKES = 1000
MAX_TOTAL_POINTS = 200_000


@dataclass(frozen=True)
class Stroke:
    """One pen stroke: its colour name, width in pad pixels, whether it erases,
    and the points (x, y) the pen went through, in order.  Made by ``Sketch``."""

    colour: str
    width: int
    eraser: bool
    points: tuple[tuple[float, float], ...]

    def to_dict(self) -> dict:
        """A JSON-safe copy: ``{"colour", "width", "eraser", "points": [[x, y], ...]}``."""
        return {"colour": self.colour, "width": self.width, "eraser": self.eraser,
                "points": [[x, y] for x, y in self.points]}


class Sketch:
    """A drawing on a pad ``width`` x ``height`` pixels, one stroke at a time.

        sketch = Sketch()
        sketch.begin(100, 100, "blue", 5)      # the pen touches the paper
        sketch.extend(120, 104)                 # ... and moves
        sketch.end()                            # ... and is lifted
        sketch.undo()                           # the stroke is gone again
    """

    def __init__(self, width: int = PAD_WIDTH, height: int = PAD_HEIGHT):
        self.width = _side("width", width)
        self.height = _side("height", height)
        self._done: list[Stroke] = []        # finished strokes, oldest first
        self._open = None                    # the stroke being drawn: (colour, width, eraser, [points])
        self._cleared: list[Stroke] = []     # what the latest Clear wiped (for Undo)
        self._total = 0                      # points in all strokes

    # --- reading ---------------------------------------------------------------------------
    @property
    def strokes(self) -> tuple[Stroke, ...]:
        """Every stroke in drawing order, the one being drawn (if any) last."""
        if self._open is None:
            return tuple(self._done)
        colour, width, eraser, points = self._open
        return (*self._done, Stroke(colour, width, eraser, tuple(points)))

    @property
    def drawing(self) -> bool:
        """True between ``begin`` and ``end``: the pen is on the paper."""
        return self._open is not None

    @property
    def n_points(self) -> int:
        """How many points all the strokes hold together."""
        return self._total

    def __len__(self) -> int:
        return len(self._done) + (self._open is not None)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Sketch):
            return NotImplemented
        return (self.width, self.height, self.strokes) == (other.width, other.height, other.strokes)

    def __repr__(self) -> str:
        return f"Sketch({self.width}x{self.height}, {len(self)} strokes, {self._total} points)"

    # --- drawing ---------------------------------------------------------------------------
    def begin(self, x, y, colour: str = DEFAULT_COLOUR, width: int = DEFAULT_WIDTH, eraser: bool = False) -> None:
        """Put the pen down at (x, y): start a new stroke with this pen (or the eraser)."""
        if colour not in PEN_COLOURS or not isinstance(colour, str):
            raise ValueError(f"colour={colour!r} is not allowed: choose one of {PEN_COLOURS}")
        if width not in WIDTHS or isinstance(width, bool) or not isinstance(width, int):
            raise ValueError(f"width={width!r} is not allowed: choose one of {WIDTHS} (pixels)")
        if not isinstance(eraser, bool):
            raise ValueError(f"eraser={eraser!r} is not allowed: expected True or False")
        point = self._point(x, y)
        if self._open is not None:
            raise ValueError("a stroke is already being drawn: end() it before begin()")
        if len(self._done) >= MAX_STROKES:
            raise ValueError(f"the pad is full: at most {MAX_STROKES} strokes; undo or clear to draw more")
        self._check_total()
        self._open = (colour, width, eraser, [point])
        self._total += 1

    def extend(self, x, y) -> bool:
        """Move the pen on to (x, y); False if the point was dropped (closer than ``MIN_STEP``)."""
        point = self._point(x, y)
        if self._open is None:
            raise ValueError("no stroke is being drawn: begin() one before extend()")
        points = self._open[3]
        last = points[-1]
        if math.hypot(point[0] - last[0], point[1] - last[1]) < MIN_STEP:
            return False
        if len(points) >= MAX_POINTS:
            raise ValueError(f"the stroke is full: at most {MAX_POINTS} points in one stroke; lift the pen")
        self._check_total()
        points.append(point)
        self._total += 1
        return True

    def end(self) -> Stroke:
        """Lift the pen: the stroke being drawn is finished; returns it."""
        if self._open is None:
            raise ValueError("no stroke is being drawn: there is nothing to end()")
        stroke = self.strokes[-1]
        self._done.append(stroke)
        self._open = None
        return stroke

    def undo(self) -> bool:
        """Remove the last whole stroke (or bring back what the latest Clear wiped).

        Returns False, changing nothing, when there is nothing to undo.
        """
        if self._open is not None:
            self._total -= len(self._open[3])
            self._open = None
            return True
        if self._done:
            self._total -= len(self._done.pop().points)
            return True
        if self._cleared:
            self._done, self._cleared = self._cleared, []
            self._total = sum(len(s.points) for s in self._done)
            return True
        return False

    def clear(self) -> bool:
        """Wipe the pad (Undo brings the strokes back); False if it was already empty."""
        if not len(self):
            return False
        self._cleared = list(self.strokes)
        self._done, self._open, self._total = [], None, 0
        return True

    # --- replaying ------------------------------------------------------------------------
    def replay_steps(self, steps: int = 200) -> list[tuple[int, int, int]]:
        """Cut the drawing into about ``steps`` pieces, in the order it was drawn.

        Each piece is (stroke index, start, stop): points ``start:stop`` of that
        stroke; a stroke's pieces follow each other without gaps.  A view
        replays the drawing by tracing one piece after another.
        """
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
            raise ValueError(f"steps={steps!r} is not allowed: expected a whole number 1 or more")
        per_piece = max(1, math.ceil(self._total / steps))
        pieces = []
        for index, stroke in enumerate(self.strokes):
            for start in range(0, len(stroke.points), per_piece):
                pieces.append((index, start, min(start + per_piece, len(stroke.points))))
        return pieces

    # --- saving ---------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """A JSON-safe copy of the drawing (a stroke still being drawn is saved as it is now)."""
        return {"width": self.width, "height": self.height,
                "strokes": [stroke.to_dict() for stroke in self.strokes]}

    @classmethod
    def from_dict(cls, data) -> Sketch:
        """The sketch saved by ``to_dict``; anything malformed raises ValueError saying where."""
        _keys("sketch", data, ("width", "height", "strokes"))
        sketch = cls(data["width"], data["height"])
        strokes = data["strokes"]
        if not isinstance(strokes, list) or len(strokes) > MAX_STROKES:
            raise ValueError(f"strokes={_short(strokes)} is not allowed: expected a list of at most "
                             f"{MAX_STROKES} strokes")
        done, total = [], 0
        for i, item in enumerate(strokes):
            stroke = _stroke_from(f"strokes[{i}]", item, sketch.width, sketch.height)
            total += len(stroke.points)
            if total > MAX_TOTAL_POINTS:
                raise ValueError(f"strokes hold more than {MAX_TOTAL_POINTS} points in all: not allowed")
            done.append(stroke)
        sketch._done, sketch._total = done, total
        return sketch

    # --- checking -------------------------------------------------------------------------
    def _point(self, x, y) -> tuple[float, float]:
        """(x, y) as a point on the pad: rounded to 0.1 px, moved inside the edges."""
        return _coordinate("x", x, self.width), _coordinate("y", y, self.height)

    def _check_total(self):
        if self._total >= MAX_TOTAL_POINTS:
            raise ValueError(f"the pad is full: at most {MAX_TOTAL_POINTS} points in all; "
                             "undo or clear to draw more")


def trace(points, since: int = 0) -> list[tuple]:
    """How to draw ``points`` as a smooth line, all but its very end (see ``pen_tip``).

    The line curves through the midpoints between the points: a quadratic
    curve from one midpoint to the next, bent at the point between them.
    Returns pen moves for a canvas: ``("move", x, y)`` then
    ``("curve", cx, cy, x, y)`` (bent at cx, cy, ending at x, y); an empty
    list if there is no curve yet (fewer than 3 points).

    ``since`` > 0 means ``trace(points[:since])`` was drawn already: only the
    curves that come after it are returned, so a stroke can be drawn a piece
    at a time, while it is being drawn, with the same result.
    """
    first = max(1, since - 1)                   # the first point the new curves bend at
    if first > len(points) - 2:
        return []
    start = points[0] if first == 1 else _midpoint(points[first - 1], points[first])
    moves = [("move", *start)]
    for i in range(first, len(points) - 1):
        moves.append(("curve", *points[i], *_midpoint(points[i], points[i + 1])))
    return moves


def pen_tip(points) -> tuple | None:
    """The end of a stroke that ``trace`` leaves out: from the last curve to the pen's point.

    ``("dot", x, y)`` for a one-point stroke, else ``("line", x0, y0, x1, y1)``;
    None for no points.  While a stroke is being drawn its tip changes with
    every new point; once the stroke is finished it stays.
    """
    if not points:
        return None
    if len(points) == 1:
        return ("dot", *points[0])
    start = points[0] if len(points) == 2 else _midpoint(points[-2], points[-1])
    return ("line", *start, *points[-1])


def _midpoint(a, b):
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def _real(name, value) -> float:
    """``value`` as a finite float, else ValueError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise ValueError(f"{name}={value!r} is not allowed: expected a finite number")
    return float(value)


def _coordinate(name, value, limit) -> float:
    return round(min(max(_real(name, value), 0.0), float(limit)), 1)


def _side(name, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_SIDE <= value <= MAX_SIDE:
        raise ValueError(f"{name}={value!r} is not allowed: expected a whole number of pixels "
                         f"from {MIN_SIDE} to {MAX_SIDE}")
    return value


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _keys(where, data, expected):
    if not isinstance(data, dict):
        raise ValueError(f"{where}={_short(data)} is not allowed: expected a dict with keys {list(expected)}")
    missing = [k for k in expected if k not in data]
    unknown = [k for k in data if k not in expected]
    if missing or unknown:
        raise ValueError(f"{where} has missing keys {missing} and unknown keys {unknown}: "
                         f"expected exactly {list(expected)}")


def _stroke_from(where, data, width, height) -> Stroke:
    """A saved stroke, checked: a pen colour, an allowed width, a bool, 1 to MAX_POINTS points on the pad."""
    _keys(where, data, ("colour", "width", "eraser", "points"))
    colour, pen_width, eraser, points = data["colour"], data["width"], data["eraser"], data["points"]
    if not isinstance(colour, str) or colour not in PEN_COLOURS:
        raise ValueError(f"{where}.colour={_short(colour)} is not allowed: choose one of {PEN_COLOURS}")
    if isinstance(pen_width, bool) or not isinstance(pen_width, int) or pen_width not in WIDTHS:
        raise ValueError(f"{where}.width={_short(pen_width)} is not allowed: choose one of {WIDTHS}")
    if not isinstance(eraser, bool):
        raise ValueError(f"{where}.eraser={_short(eraser)} is not allowed: expected true or false")
    if not isinstance(points, list) or not 1 <= len(points) <= MAX_POINTS:
        raise ValueError(f"{where}.points={_short(points)} is not allowed: expected a list of 1 to "
                         f"{MAX_POINTS} [x, y] pairs")
    checked = []
    for j, pair in enumerate(points):
        at = f"{where}.points[{j}]"
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise ValueError(f"{at}={_short(pair)} is not allowed: expected an [x, y] pair")
        x, y = _real(f"{at}.x", pair[0]), _real(f"{at}.y", pair[1])
        if not (0 <= x <= width and 0 <= y <= height):
            raise ValueError(f"{at}={_short(pair)} is not allowed: expected a point on the pad, "
                             f"0 <= x <= {width} and 0 <= y <= {height}")
        checked.append((x, y))
    return Stroke(colour, pen_width, eraser, tuple(checked))

"""The gameboard path of Win, Lose or Draw: Spade Spaces and coloured squares on a ring.

In Gameboard Play the white square pawn walks clockwise round a closed path.
A successful Sketcher rolls one ordinary die, moves the pawn that many spaces
and collects a pawn of the colour it lands on; a Spade Space gives no colour,
but it is the space a player with all four colours needs for the
Ace-In-The-Hole card.

The 1988 board has 4 Spade Spaces and 24 coloured squares, 6 of each of 4
colours.  Its exact order is not known to us, so ``DEFAULT_TRACK`` is a
*reconstruction*: a Spade at each of the 4 corners and 6 coloured squares
along each side, the colours cycling red, green, blue, orange all the way
round (spaces 0, 7, 14 and 21 are Spades).  Cycling gives every colour
exactly 6 squares and never puts two squares of one colour closer than 4
coloured squares apart, the most even layout we could choose.

A track is a tuple of space kinds, index 0 first, going clockwise: each kind
is ``SPADE`` or one of ``COLOURS``.  The colour names are the keys of
``boardkit.render.palette.SUIT_COLOURS`` so a view can draw them with
colour-blind-safe hues and patterns.
"""
from __future__ import annotations

SPADE = "spade"
COLOURS = ("red", "green", "blue", "orange")
KINDS = (SPADE, *COLOURS)

SQUARES_PER_SIDE = 6
SIDES_OF_BOARD = 4


def _default_track() -> tuple[str, ...]:
    """A Spade at each corner, then 6 squares whose colours keep cycling round the board."""
    track = []
    square = 0
    for _ in range(SIDES_OF_BOARD):
        track.append(SPADE)
        for _ in range(SQUARES_PER_SIDE):
            track.append(COLOURS[square % len(COLOURS)])
            square += 1
    return tuple(track)


DEFAULT_TRACK = _default_track()


def check_track(track) -> tuple[str, ...]:
    """Return ``track`` if it is a valid path, else raise ValueError saying what is allowed.

    A valid track is a tuple of known space kinds (``"spade"`` or a colour
    name) with at least one Spade Space and every colour at least once, so
    that every pawn colour can be won and the Ace can be reached.
    """
    allowed = (f"a tuple of space kinds from {KINDS} with at least one {SPADE!r} "
               f"and every colour at least once")
    if not isinstance(track, tuple) or not track:
        raise ValueError(f"track={track!r} is not allowed: expected {allowed}")
    unknown = [kind for kind in track if not isinstance(kind, str) or kind not in KINDS]
    if unknown:
        raise ValueError(f"track={track!r} is not allowed: unknown kinds {unknown!r}; expected {allowed}")
    missing = [kind for kind in KINDS if kind not in track]
    if missing:
        raise ValueError(f"track={track!r} is not allowed: it has no {missing!r}; expected {allowed}")
    return track

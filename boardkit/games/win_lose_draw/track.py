"""The gameboard path of Win, Lose or Draw: Spade Spaces and coloured squares on a ring.

In Gameboard Play the white square pawn walks clockwise round a closed path.
A successful Sketcher rolls one ordinary die, moves the pawn that many spaces
and collects a pawn of the colour it lands on; a Spade Space gives no colour,
but it is the space a player with all four colours needs for the
Ace-In-The-Hole card.

What the rulebook tells us about the board is only this: its spaces are
"Spade Spaces and colored square spaces", there are "four Spade Spaces",
and 24 coloured pawns in four colours sit in the centre.  It does not say how
many coloured squares the path has, how many of each colour, or their order.
``DEFAULT_TRACK`` is therefore **our reconstruction, not the 1988 board**: a
Spade at each of the 4 corners and 6 coloured squares along each side (24
squares, matching the 24 pawns -- an assumption), the colours cycling red,
green, blue, orange all the way round (spaces 0, 7, 14 and 21 are Spades).
Cycling gives every colour 6 squares and never puts two squares of one
colour closer than 4 coloured squares apart, the most even layout we could
choose.  Every figure computed on this track (the lesson's landing odds,
the 1/7 Spade share) is a figure about the reconstruction; pass another
``track`` to ``Rules`` to study a different board.

A track is a tuple of space kinds, index 0 first, going clockwise: each kind
is ``SPADE`` or one of ``COLOURS``.  The colour names are the keys of
``boardkit.render.palette.SUIT_COLOURS`` so a view can draw them with
colour-blind-safe hues and patterns.
"""
from __future__ import annotations

SPADE = "spade"
COLOURS = ("red", "green", "blue", "orange")
KINDS = (SPADE, *COLOURS)

SQUARES_PER_SIDE = 6      # our reconstruction's choice (the book does not say)
SIDES_OF_BOARD = 4        # one Spade Space at each corner: the book's "four Spade Spaces"
#: the longest path a variant may have: far more than any board, small enough for the exact odds to stay quick
MAX_TRACK = 200


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

    A valid track is a tuple of at most ``MAX_TRACK`` known space kinds
    (``"spade"`` or a colour name) with at least one Spade Space and every
    colour at least once, so that every pawn colour can be won and the Ace
    can be reached.
    """
    allowed = (f"a tuple of at most {MAX_TRACK} space kinds from {KINDS} with at least one {SPADE!r} "
               f"and every colour at least once")
    if isinstance(track, tuple) and len(track) > MAX_TRACK:
        raise ValueError(f"track=<a tuple of {len(track):,} spaces> is not allowed: expected {allowed}")
    if not isinstance(track, tuple) or not track:
        raise ValueError(f"track={track!r} is not allowed: expected {allowed}")
    unknown = [kind for kind in track if not isinstance(kind, str) or kind not in KINDS]
    if unknown:
        raise ValueError(f"track={track!r} is not allowed: unknown kinds {unknown!r}; expected {allowed}")
    missing = [kind for kind in KINDS if kind not in track]
    if missing:
        raise ValueError(f"track={track!r} is not allowed: it has no {missing!r}; expected {allowed}")
    return track

"""Make a canvas fit the page, e.g. on a classroom projector."""


def responsive(canvas):
    """Let ``canvas`` stretch to the page width, keeping its shape; returns the canvas.

    The drawing keeps its own pixel size (``canvas.width``/``height``): the
    browser only scales the picture. ipycanvas scales mouse positions back to
    canvas pixels, so click handlers keep working.
    """
    canvas.layout.width = "100%"
    canvas.layout.height = "auto"
    return canvas


#: the smallest a word drawn on a canvas may be on screen (as any text on a lesson page)
SMALLEST_ON_SCREEN_PX = 14


def readable_width(max_width: str, canvas_width: int, smallest_px: float) -> str:
    """The CSS width ``max_width`` (a canvas's widest), but never narrower than the page allows where that would
    show the canvas's smallest words (``smallest_px`` on a canvas ``canvas_width`` wide) under 14 px: in a small
    window in Large type the board keeps that size, and the page scrolls to the controls under it."""
    return f"max({max_width}, min(100%, {canvas_width * SMALLEST_ON_SCREEN_PX / smallest_px:.0f}px))"


class ReadableBoard:
    """A ``GameApp`` mixin (``class App(ReadableBoard, GameApp)``): the canvas is shown as wide as leaves the
    controls room under it (``GameApp``), but never so narrow that its smallest words, ``SMALLEST_WORD_PX`` on
    the canvas, are under 14 px on screen (``readable_width``)."""

    SMALLEST_WORD_PX = 22

    def _board_max_width(self, width: int, height: int, beside_px: int | None = None) -> str:
        return readable_width(super()._board_max_width(width, height, beside_px), width, self.SMALLEST_WORD_PX)


def target_under(targets, x: float, y: float):
    """The first target whose ``rect`` (x, y, w, h) holds the point (x, y), or None: what a click hit."""
    for target in targets:
        tx, ty, tw, th = target.rect
        if tx <= x < tx + tw and ty <= y < ty + th:
            return target
    return None


def click_target(cards, areas, x: float, y: float):
    """What a click at (x, y) hit: the card on top there (the one drawn last), else the area, else None.

    ``cards`` and ``areas`` are targets with a ``rect`` (x, y, w, h); cards
    may overlap (a fanned hand), areas should not.
    """
    from .cards import card_at

    hit = card_at(x, y, [target.rect for target in cards])
    return cards[hit] if hit is not None else target_under(areas, x, y)

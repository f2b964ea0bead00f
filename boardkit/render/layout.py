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

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

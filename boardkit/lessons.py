"""Small helpers the lesson notebooks share (they need ipywidgets and matplotlib).

Models never import this module: it is for notebooks and Voilà apps only.
"""
from __future__ import annotations

import matplotlib.pyplot as plt

from .render.palette import BLACK, BLUE, BLUISH_GREEN, ORANGE, REDDISH_PURPLE, SKY_BLUE, VERMILLION

#: Colour-blind-safe colours (Okabe-Ito) for charts, in the order charts use them,
#: with a hatch pattern each, so bars differ in more than their hue.
CHART_COLOURS = (BLUE, ORANGE, BLUISH_GREEN, VERMILLION, REDDISH_PURPLE, SKY_BLUE, BLACK)
CHART_HATCHES = ("", "//", "..", "xx", "\\\\", "--", "oo")


def show(view, *items) -> None:
    """Make the Output widget ``view`` show ``items``, replacing what it showed.

    Text (a ``str``) is printed; anything else (a pandas table, a matplotlib
    figure, a widget) is displayed as Jupyter would show it.  Setting the
    widget's outputs directly, rather than printing inside ``with view:``,
    behaves the same in JupyterLab and in Voilà, even while Voilà is still
    running the notebook's cells (capturing output at that moment can stall
    Voilà 0.5).  A figure is closed once shown, so it is not shown twice.
    """
    view.outputs = ()
    for item in items:
        if isinstance(item, str):
            view.append_stdout(item + "\n")
        else:
            view.append_display_data(item)
        if isinstance(item, plt.Figure):
            plt.close(item)

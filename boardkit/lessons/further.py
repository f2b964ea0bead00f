"""Going further: the heavier maths of a lesson, folded away until a student opens it."""
from __future__ import annotations

import ipywidgets as widgets

from .output import show


class GoingFurther(widgets.Accordion):
    """A folded section (an Accordion) that later cells fill with ``add``.

    The core path of a lesson fits a class period; what is for the curious
    (chi-square details, Markov algebra, dynamic programming, Bayes' sums) goes
    here, still exact beside simulated. Display it once where that part starts::

        further = GoingFurther("Going further: the door as a Markov chain")
        further                      # the folded section
        further.add(Markdown("..."), table, figure)    # in the cells below
    """

    def __init__(self, title: str = "Going further"):
        if not isinstance(title, str) or not title.strip():
            raise ValueError(f"title must be some words, got {title!r}")
        self.body = widgets.VBox()
        super().__init__(children=[self.body], titles=(title,))
        self.selected_index = None
        self.add_class("boardkit-going-further")

    def add(self, *items) -> None:
        """Append ``items`` (text as Markdown, tables, figures, widgets) to the section.

        Returns nothing, so a cell ending with ``further.add(...)`` shows nothing twice.
        """
        from IPython.display import Markdown

        view = widgets.Output()
        show(view, *(Markdown(item) if isinstance(item, str) else item for item in items))
        self.body.children = (*self.body.children, view)

    def add_widget(self, widget) -> None:
        """Append a widget as it is (a study button's box, a slider...)."""
        self.body.children = (*self.body.children, widget)

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

        @further.when_opened         # work that waits until a student opens the section
        def big_study():
            further.add(...)

    Nothing is put on the page until the section is first opened: what cells add
    waits, in order, so a lesson's page loads without the folded part.
    """

    def __init__(self, title: str = "Going further"):
        if not isinstance(title, str) or not title.strip():
            raise ValueError(f"title must be some words, got {title!r}")
        self.body = widgets.VBox()
        self.opened = False        # has a student opened it yet?
        self._waiting = []         # what to build, in order, when it is first opened
        super().__init__(children=[self.body], titles=(title,))
        self.selected_index = None
        self.add_class("boardkit-going-further")
        self.observe(self._first_open, names="selected_index")

    def when_opened(self, build):
        """Call ``build()`` the first time a student opens the section (at once if it is open already).

        Returns ``build``, so it can be written as a decorator above a function.
        """
        if not callable(build):
            raise ValueError(f"when_opened needs a function to call, got {build!r}")
        if self.opened:
            build()
        else:
            self._waiting.append(build)
        return build

    def add(self, *items) -> None:
        """Append ``items`` (text as Markdown, tables, figures, widgets) to the section.

        Returns nothing, so a cell ending with ``further.add(...)`` shows nothing twice.
        """
        self.when_opened(lambda: self._append_output(items))

    def add_widget(self, widget) -> None:
        """Append a widget as it is (a study button's box, a slider...)."""
        self.when_opened(lambda: self._append(widget))

    def unfold(self) -> None:
        """Open the section, as a student's click does (building what waits)."""
        self.selected_index = 0

    # --- building -----------------------------------------------------------------------------------
    def _first_open(self, change) -> None:
        if change["new"] is None or self.opened:
            return
        self.opened = True                   # from now on, what a part adds goes straight in, in order
        waiting, self._waiting = self._waiting, []
        for build in waiting:
            build()

    def _append_output(self, items) -> None:
        from IPython.display import Markdown

        view = widgets.Output()
        show(view, *(Markdown(item) if isinstance(item, str) else item for item in items))
        self._append(view)

    def _append(self, widget) -> None:
        self.body.children = (*self.body.children, widget)

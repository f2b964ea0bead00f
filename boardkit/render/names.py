"""Accessible names for the controls that ipywidgets leaves without one.

A screen reader (and axe-core, the standard accessibility check) finds a control by its *name*.
ipywidgets names a text box or a menu by its ``description`` label, but not a slider: the slider's
handle (``role="slider"``) has no name at all, so a screen reader says only "slider, 0.6".

``control_names()`` is a widget that shows nothing; once on a page it names every slider handle there,
now and whenever one appears later (a fold opened, a tinker redrawn), after the slider's ``description``
(or its ``tooltip`` when it has no description).  A range slider's two handles are "..., from" and
"..., to".  Every lesson page has one (``lesson_page()``) and so has every App (``GameApp``)::

    widgets.VBox([*control_names(), widgets.FloatSlider(description="Speed")])

So give every slider a ``description`` (or a ``tooltip``): that is its name.
"""
from __future__ import annotations

import functools

# Runs in the browser, once a page however many times it is shown: names every slider handle there, now and later.
_SCRIPT = """
(function () {
  if (window.boardkitControlNames) return;
  function nameSliders() {
    for (const handle of document.querySelectorAll('.widget-slider .noUi-handle[role="slider"]')) {
      const slider = handle.closest('.widget-slider');
      const label = slider.querySelector('.widget-label');
      let name = (label && label.textContent.trim()) || (label && label.title) || slider.title || '';
      if (!name) continue;
      if (slider.querySelectorAll('.noUi-handle').length > 1) {
        name += handle.classList.contains('noUi-handle-upper') ? ', to' : ', from';
      }
      if (handle.getAttribute('aria-label') !== name) handle.setAttribute('aria-label', name);
    }
  }
  window.boardkitControlNames = new MutationObserver(nameSliders);
  window.boardkitControlNames.observe(document.body, { childList: true, subtree: true, characterData: true });
  nameSliders();
})();
"""
#: the same as an anywidget module (Voilà)
_ESM = f"function render() {{ {_SCRIPT} }}\nexport default {{ render }};\n"


@functools.cache
def control_names() -> tuple:
    """The page's one widget that names its sliders (see the module), in a tuple to put in a box.

    On a Voilà page an anywidget; in JupyterLab (and a classic notebook) an Output widget holding the script as
    JavaScript output, which JupyterLab runs: there anywidget gives a model 2 s to start, and a busy machine logs
    "[anywidget] Failed to initialize model." (see ``boardkit.lessons.together``).
    """
    import ipywidgets as widgets

    from ..lessons.output import in_voila

    if not in_voila():
        from IPython.display import Javascript

        names = widgets.Output(layout=widgets.Layout(margin="0", padding="0"))
        names.append_display_data(Javascript(_SCRIPT))
        return (names,)
    import anywidget

    class ControlNames(anywidget.AnyWidget):
        _esm = _ESM

    return (ControlNames(layout=widgets.Layout(display="none")),)

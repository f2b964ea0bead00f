"""``control_names()``: the widget that gives a Voilà page's sliders an accessible name (the browser tests'
axe-core check sees it work: tests/browser/a11y.py)."""
import ipywidgets as widgets
import pytest

from boardkit.lessons import lesson_page
from boardkit.render.names import control_names


@pytest.fixture
def fresh():
    control_names.cache_clear()
    yield
    control_names.cache_clear()


def test_in_jupyterlab_an_output_holds_the_script_that_names_every_slider(fresh, monkeypatch):
    """JupyterLab (the Binder student's path) runs JavaScript output: the same script as Voilà's, without
    anywidget (whose model a busy machine failed to start in its 2 s there)."""
    monkeypatch.delenv("VOILA_BASE_URL", raising=False)
    (names,) = control_names()
    assert isinstance(names, widgets.Output)
    (output,) = names.outputs
    script = output["data"]["application/javascript"]
    assert "noUi-handle" in script and "aria-label" in script and "MutationObserver" in script
    assert names in lesson_page().children                  # the style, the Large type switch and the names


def test_on_a_voila_page_one_hidden_widget_names_every_slider(fresh, monkeypatch):
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    (names,) = control_names()
    assert control_names() == (names,)                      # one a page, however many boxes show it
    assert names.layout.display == "none"
    assert "noUi-handle" in names._esm and "aria-label" in names._esm
    assert names in lesson_page().children
    from boardkit.games import mystery_date as md

    app = md.App(seed=1)
    assert names in app.children
    assert isinstance(app.speed, widgets.FloatSlider) and app.speed.description   # its name comes from here

"""Run a few cells of a lesson, as JupyterLab would, to read what a reveal or a verdict says.

    ns = run_cells("03_philo_vance", "FIRST = (", "def reveal_four_of_six")

runs the lesson's setup cell (tagged ``setup``), then, in the lesson's order, each code cell
that holds one of the given pieces of code, all in one namespace, which it returns. Cells that
play a game on screen (the App) are left out unless asked for, so a test stays quick.
"""
import os
from pathlib import Path

import jupytext
import matplotlib

matplotlib.use("Agg")

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def run_cells(lesson: str, *needles: str) -> dict:
    notebook = jupytext.read(str(NOTEBOOKS / f"{lesson}.py"))
    cells = [cell for cell in notebook.cells if cell.cell_type == "code"]
    chosen = [cell for cell in cells if "setup" in cell.metadata.get("tags", [])
              or any(needle in cell.source for needle in needles)]
    missing = [needle for needle in needles if not any(needle in cell.source for cell in chosen)]
    assert not missing, f"no cell of {lesson} holds {missing}"
    namespace = {"__name__": "__lesson__"}
    here = os.getcwd()
    os.chdir(NOTEBOOKS)                 # as the lesson's kernel runs, in its own folder
    try:
        for cell in chosen:
            exec(compile(cell.source, f"{lesson}.py", "exec"), namespace)
    finally:
        os.chdir(here)
    return namespace


def locked(prediction, value):
    """``prediction`` with the guess ``value`` locked, as a student leaves it."""
    if prediction.choices is None:
        prediction.input.value = value * 100 if prediction.percent else value
    else:
        prediction.input.value = value
    prediction.lock()
    assert prediction.locked
    return prediction


def words(items) -> str:
    """Everything a reveal shows, as one text: its Markdown, its tables' HTML, its widgets' values."""
    import ipywidgets as widgets

    texts = []
    for item in items if isinstance(items, (list, tuple)) else [items]:
        if isinstance(item, widgets.Output):
            texts += [str(out.get("data", {}).get("text/markdown", out.get("data", {}).get("text/html", "")))
                      + out.get("text", "") for out in item.outputs]
        elif isinstance(item, widgets.Box):
            texts.append(words(list(item.children)))
        elif hasattr(item, "value") and isinstance(getattr(item, "value"), str):
            texts.append(item.value)
        elif hasattr(item, "data"):
            texts.append(str(item.data))
    return " ".join(texts)

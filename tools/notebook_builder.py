"""How a lesson's source (``notebooks/NN_name.py``, jupytext percent format) becomes its
notebook, and the checks every saved notebook must pass.

A notebook is saved without widgets: a widget's view in a saved output, or the
widget state in the notebook's metadata, names models that only the kernel which
made them knew. A fresh kernel (a student opening the notebook in JupyterLab) has
none of them, so JupyterLab shows "Error displaying widget: model not found"
before anything runs. ``strip_widgets`` takes them out; ``saved_output_problems``
says where any are left.
"""
from __future__ import annotations

import copy
from pathlib import Path

import jupytext

#: A cell with this comment line (the first, as a rule) is pinned: nbval compares its output.
PIN = "# NBVAL_CHECK_OUTPUT"
KERNELSPEC = {"display_name": "Python 3", "language": "python", "name": "python3"}
#: The MIME type of a widget's view in an output, and the notebook metadata key of saved widget state.
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE_KEY = "widgets"
#: Voilà sets this (and other VOILA_* variables) in the environment of every kernel it starts,
#: pre-heated or not (voila/handler.py and voila/voila_kernel_manager.py); JupyterLab's kernels lack it.
VOILA_MARKER = "VOILA_BASE_URL"
#: The id of the "how to start" cell; named, so the other cells keep their numbered ids.
START_CELL = "start"
#: The first line of that cell (JupyterLab shows a hidden source's first line).
START_TITLE = "# How to start"
#: The jupytext pairing of every lesson: the notebook and a readable percent-format script beside it.
PAIRING = "ipynb,py:percent"


def read_lesson(path: Path, prefix: str):
    """The notebook of the lesson source ``path`` (a jupytext percent ``.py`` file), without outputs.

    Cells get stable ids (``prefix-00``, ``prefix-01``, ...; the opening how-to-start
    cell is ``prefix-start``), so rebuilding gives the same file. The notebook keeps
    jupytext's pairing (``formats: ipynb,py:percent``): a teacher who edits the lesson in
    JupyterLab (jupytext installed) saves both files.
    """
    nb = jupytext.read(str(path))
    numbered = 0
    for index, cell in enumerate(nb.cells):
        if index == 0 and cell.cell_type == "code" and cell.source.startswith(START_TITLE):
            cell.id = f"{prefix}-{START_CELL}"
            continue
        cell.id = f"{prefix}-{numbered:02d}"
        numbered += 1
    nb.metadata["kernelspec"] = KERNELSPEC
    nb.metadata["language_info"] = {"name": "python"}
    nb.metadata.setdefault("jupytext", {})["formats"] = PAIRING
    nb.metadata["jupytext"].pop("text_representation", None)
    nb.nbformat, nb.nbformat_minor = 4, 5
    return nb


def unsynced_cells(saved, source):
    """Where the saved notebook ``saved`` differs from its lesson source ``source`` (cell kinds and texts)."""
    problems = []
    if len(saved.cells) != len(source.cells):
        problems.append(f"{len(saved.cells)} cells, but its .py source has {len(source.cells)}")
    for number, (a, b) in enumerate(zip(saved.cells, source.cells)):
        if (a.cell_type, a.source) != (b.cell_type, b.source):
            problems.append(f"cell {number} (id {a.get('id', '?')}) differs from its .py source")
    return problems


def _widget_free(output):
    """``output`` without a widget's view: its text (the widget's repr) stays, or None if nothing does."""
    data = output.get("data")
    if not data or WIDGET_VIEW not in data:
        return output
    kept = {mime: value for mime, value in data.items() if mime != WIDGET_VIEW}
    if not kept:
        return None
    output = copy.deepcopy(output)
    output["data"] = kept
    return output


def strip_widgets(nb):
    """Take every widget view out of ``nb``'s outputs and its saved widget state out of its metadata.

    Pinned cells too: a pinned widget keeps only its text (``text/plain``), which
    nbval compares (it never compares widget views, whose model ids are random).
    Returns ``nb``.
    """
    nb.metadata.pop(WIDGET_STATE_KEY, None)
    for cell in nb.cells:
        cell.metadata.pop(WIDGET_STATE_KEY, None)
        if cell.cell_type == "code":
            kept = [_widget_free(output) for output in cell.outputs]
            cell.outputs = [output for output in kept if output is not None]
    return nb


def is_pinned(cell) -> bool:
    """True for a code cell with a ``# NBVAL_CHECK_OUTPUT`` comment line, read as nbval reads it."""
    marker = PIN.lstrip("#").strip()
    return cell.cell_type == "code" and any(
        line.strip().startswith("#") and line.strip().lstrip("#").strip() == marker
        for line in cell.source.splitlines())


def saved_output_problems(nb):
    """What a fresh kernel could not show, or what the builder would not have saved, cell by cell.

    One line per problem, naming the cell by number (from 0) and id: a widget view in
    an output, widget state in the notebook's or a cell's metadata, or outputs in a
    cell that is not pinned (only pinned cells keep their outputs).
    """
    problems = []
    if WIDGET_STATE_KEY in nb.metadata:
        problems.append(f"notebook metadata: saved widget state ('{WIDGET_STATE_KEY}'), which a fresh kernel "
                        "cannot restore")
    for number, cell in enumerate(nb.cells):
        where = f"cell {number} (id {cell.get('id', '?')})"
        if WIDGET_STATE_KEY in cell.metadata:
            problems.append(f"{where}: saved widget state in the cell's metadata")
        if cell.cell_type != "code":
            continue
        for index, output in enumerate(cell.outputs):
            if WIDGET_VIEW in output.get("data", {}):
                problems.append(f"{where}: output {index} is a widget view ({WIDGET_VIEW}); a fresh kernel "
                                "shows 'Error displaying widget: model not found'")
        if cell.outputs and not is_pinned(cell):
            problems.append(f"{where}: {len(cell.outputs)} saved output(s) in a cell that is not pinned")
    return problems

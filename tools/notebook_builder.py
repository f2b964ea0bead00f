"""The cell collector every lesson builder uses (``tools/lesson_*.py``), and the
checks every saved notebook must pass.

A notebook is saved without widgets: a widget's view in a saved output, or the
widget state in the notebook's metadata, names models that only the kernel which
made them knew. A fresh kernel (a student opening the notebook in JupyterLab) has
none of them, so JupyterLab shows "Error displaying widget: model not found"
before anything runs. ``strip_widgets`` takes them out; ``saved_output_problems``
says where any are left.
"""
from __future__ import annotations

import copy
import textwrap

from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

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


class Builder:
    """Collects cells with stable ids, so rebuilding gives the same file."""

    def __init__(self, prefix: str):
        self.prefix = prefix
        self.cells = []
        self._numbered = 0

    def _id(self) -> str:
        cell_id = f"{self.prefix}-{self._numbered:02d}"
        self._numbered += 1
        return cell_id

    def md(self, text: str) -> None:
        self.cells.append(new_markdown_cell(textwrap.dedent(text).strip(), id=self._id()))

    def code(self, text: str, tags=(), hidden: bool = False) -> None:
        cell = new_code_cell(textwrap.dedent(text).strip(), id=self._id())
        if tags:
            cell.metadata["tags"] = list(tags)
        if hidden:
            cell.metadata["jupyter"] = {"source_hidden": True}
        self.cells.append(cell)

    def how_to_start(self, text: str) -> None:
        """The first lines a JupyterLab student reads: how to start the lesson, and what comes.

        A pinned code cell with its source hidden whose output is ``text`` as
        Markdown, saved in the notebook so JupyterLab shows it before anything
        runs. Under Voilà (which sets ``VOILA_BASE_URL`` in its kernels) the cell
        shows nothing, so the app a class sees is not cluttered with it.
        """
        guide = textwrap.dedent(text).strip()
        if '"""' in guide or "\\" in guide:
            raise ValueError(f"how_to_start: the text may hold no triple quote and no backslash, got {guide!r}")
        # JupyterLab shows a hidden source's first line: the title, not the pin (nbval finds it on any line).
        cell = new_code_cell("# How to start, shown in JupyterLab (not in the Voilà app)\n"
                             f"{PIN}\nimport os\nfrom IPython.display import Markdown, display\n\n"
                             f"if {VOILA_MARKER!r} not in os.environ:\n"
                             f'    display(Markdown("""\n{guide}\n"""))', id=f"{self.prefix}-{START_CELL}")
        cell.metadata["jupyter"] = {"source_hidden": True}
        self.cells.append(cell)

    def notebook(self):
        nb = new_notebook(cells=self.cells)
        nb.metadata["kernelspec"] = KERNELSPEC
        nb.metadata["language_info"] = {"name": "python"}
        return nb


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

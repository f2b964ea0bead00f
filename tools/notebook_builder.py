"""The cell collector every lesson builder uses (``tools/lesson_*.py``)."""
from __future__ import annotations

import textwrap

from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

#: A cell whose first line is this is pinned: nbval compares its output.
PIN = "# NBVAL_CHECK_OUTPUT"
KERNELSPEC = {"display_name": "Python 3", "language": "python", "name": "python3"}


class Builder:
    """Collects cells with stable ids, so rebuilding gives the same file."""

    def __init__(self, prefix: str):
        self.prefix = prefix
        self.cells = []

    def _id(self) -> str:
        return f"{self.prefix}-{len(self.cells):02d}"

    def md(self, text: str) -> None:
        self.cells.append(new_markdown_cell(textwrap.dedent(text).strip(), id=self._id()))

    def code(self, text: str, tags=(), hidden: bool = False) -> None:
        cell = new_code_cell(textwrap.dedent(text).strip(), id=self._id())
        if tags:
            cell.metadata["tags"] = list(tags)
        if hidden:
            cell.metadata["jupyter"] = {"source_hidden": True}
        self.cells.append(cell)

    def notebook(self):
        nb = new_notebook(cells=self.cells)
        nb.metadata["kernelspec"] = KERNELSPEC
        nb.metadata["language_info"] = {"name": "python"}
        return nb

"""Write the lesson notebooks (nbformat 4) from their readable sources, with their outputs stripped.

    python tools/build_notebooks.py          # write every notebook of notebooks/
    python tools/build_notebooks.py --pin    # ... then run them and keep the pinned outputs
    python tools/build_notebooks.py --pin 01_mystery_date.ipynb 02_mouse_trap.ipynb   # only these two
    python tools/build_notebooks.py --check  # write nothing; fail if a saved notebook holds widgets

Each lesson's source is the jupytext percent script beside its notebook
(``notebooks/01_mystery_date.py`` for ``notebooks/01_mystery_date.ipynb``): edit either in
JupyterLab (jupytext keeps the pair in step), or the ``.py`` in any editor, then run this
with ``--pin`` so the pinned outputs are fresh.  ``--check`` also fails when a notebook's
cells differ from its ``.py``.
A cell with a ``# NBVAL_CHECK_OUTPUT`` line (its first, as a rule) is a pinned cell: nbval
(run with ``--nbval-lax``) compares its output on every run, so its printed
numbers must not drift.  ``--pin`` executes each notebook in a fresh kernel and
copies only those cells' outputs into the file; every other cell stays
stripped (no outputs, no execution count).

No notebook is written with a widget's view in an output or widget state in its
metadata (a fresh kernel cannot restore them: JupyterLab would show "Error
displaying widget: model not found"): a pinned widget keeps only its text.
``--check`` reads the saved notebooks and exits with status 1, naming the
notebook and the cell, if any holds them (or outputs in a cell that is not pinned).
"""
from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path

import jupytext
import nbformat

from notebook_builder import is_pinned, read_lesson, saved_output_problems, strip_widgets, unsynced_cells

NOTEBOOK_DIR = Path(__file__).resolve().parent.parent / "notebooks"


#: Each notebook and the prefix of its cell ids.
NOTEBOOKS = {"00_index.ipynb": "index", "01_mystery_date.ipynb": "md", "02_mouse_trap.ipynb": "mt",
             "03_philo_vance.ipynb": "pv", "04_cluedo_cards.ipynb": "cc", "05_win_lose_draw.ipynb": "wld",
             "06_design_lab.ipynb": "lab"}


def source_of(name: str) -> Path:
    """The readable source of notebook ``name``: the ``.py`` beside it."""
    return NOTEBOOK_DIR / name.replace(".ipynb", ".py")


def write_source(nb, name: str) -> None:
    """Write the notebook's .py as jupytext itself writes it, so JupyterLab's jupytext opens the pair.

    (jupytext refuses a notebook that is newer than its .py and differs from it, even in the order
    of a cell's metadata.)
    """
    jupytext.write(nb, str(source_of(name)), fmt="py:percent")


def source_problems(name: str) -> list:
    """The .py of ``name`` is not what jupytext writes from the saved notebook: a line saying so, else nothing."""
    saved = nbformat.read(str(NOTEBOOK_DIR / name), as_version=4)
    if jupytext.writes(saved, fmt="py:percent") != source_of(name).read_text(encoding="utf-8"):
        return [f"its .py is not as jupytext writes the notebook (JupyterLab would refuse to open the pair): "
                f"rebuild it"]
    return []


def lesson(name: str):
    """The notebook ``name`` as its source says, without outputs."""
    return read_lesson(source_of(name), NOTEBOOKS[name])


def pin_outputs(nb, path: Path, timeout: int = 600):
    """Run ``nb`` in a fresh kernel (from its folder) and keep only the pinned cells' outputs."""
    from nbclient import NotebookClient

    ran = copy.deepcopy(nb)
    NotebookClient(ran, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell, done in zip(nb.cells, ran.cells):
        if is_pinned(cell):
            # nbval only compares cells that look "run": keep the execution count.
            cell.execution_count = done.execution_count
            cell.outputs = [out for out in done.outputs if out.get("name") != "stderr"]
    return strip_widgets(nb)


def check(names) -> int:
    """Print every problem of the saved notebooks ``names``; 1 if there is any, else 0."""
    found = 0
    for name in names:
        path = NOTEBOOK_DIR / name
        saved = nbformat.read(str(path), as_version=4)
        for problem in saved_output_problems(saved) + unsynced_cells(saved, lesson(name)) + source_problems(name):
            print(f"{path.relative_to(NOTEBOOK_DIR.parent)}: {problem}", file=sys.stderr)
            found += 1
    if found:
        print(f"{found} problem(s): rebuild with `python tools/build_notebooks.py --pin NOTEBOOK`", file=sys.stderr)
        return 1
    print(f"checked {len(names)} notebook(s): no widget views, no widget state, no stray outputs, "
          "each in step with its .py", file=sys.stderr)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pin", action="store_true", help="execute and keep the pinned cells' outputs")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a saved notebook holds widget views or widget state")
    parser.add_argument("names", nargs="*", metavar="NOTEBOOK",
                        help="write only these notebooks (default: all of them): " + ", ".join(NOTEBOOKS))
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in NOTEBOOKS]
    if unknown:
        parser.error(f"no notebook called {', '.join(unknown)}; the notebooks are: {', '.join(NOTEBOOKS)}")
    if args.check and args.pin:
        parser.error("--check writes nothing: give --check or --pin, not both")
    if args.check:
        return check(args.names or list(NOTEBOOKS))
    for name in args.names or NOTEBOOKS:
        path = NOTEBOOK_DIR / name
        nb = lesson(name)
        if args.pin:
            pin_outputs(nb, path)
        problems = saved_output_problems(nb)
        if problems:   # the builder strips them: this would be a bug in it
            raise RuntimeError(f"{name} would be saved with: " + "; ".join(problems))
        nbformat.validate(nb)
        nbformat.write(nb, str(path))
        write_source(nb, name)
        pinned = sum(is_pinned(c) for c in nb.cells)
        print(f"wrote {path.relative_to(NOTEBOOK_DIR.parent)}: {len(nb.cells)} cells, {pinned} pinned", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())

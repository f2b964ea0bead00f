"""numba's disk cache, keyed to everything a fast lane is built from.

numba caches a compiled function on disk (``cache=True``) and throws the
copy away when the function's *own file* changes.  But a compiled lane
function holds more than its file: the code it calls or inlines from other
files (the random generator of ``core/fast.py``) and the constants it reads
from them (a game's ``rules.py``) are compiled into it.  numba does not
notice a change there (numba issues #1833 and #9483), so a lane would go on
playing the old generator, silently.

Here a function's cache is stamped with a hash of its file *and of every
boardkit module that file imports from* (read from its ``import``
statements).  A change to any of them gives a new stamp, numba finds the
cache stale and compiles again; a change anywhere else (a view, a lesson)
keeps the cache.  The cache stays where numba keeps it (``__pycache__``
beside the file, or ``NUMBA_CACHE_DIR``).

:func:`boardkit.core.fast.njit` gives every lane function this cache; this
module imports numba, so it is imported only where numba is.
"""
from __future__ import annotations

import ast
import functools
import hashlib
import os
from pathlib import Path

from numba.core.caching import (CompileResultCacheImpl, FunctionCache, InTreeCacheLocator,
                                UserProvidedCacheLocator, UserWideCacheLocator)

#: the folder that holds the ``boardkit`` package
ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path) -> str | None:
    """``boardkit.games.mystery_date.fast`` for that file, or None for a file outside boardkit."""
    try:
        parts = path.resolve().relative_to(ROOT).with_suffix("").parts
    except ValueError:
        return None
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_file(name: str) -> Path | None:
    """The source file of boardkit module ``name``, or None (not boardkit's, or not a module)."""
    if name != "boardkit" and not name.startswith("boardkit."):
        return None
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def imported_from(path: Path) -> set[Path]:
    """The boardkit files ``path`` imports from (``from .rules import X``, ``import boardkit.core.fast``)."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else (here or "").rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level and not package:
                continue  # a relative import outside boardkit: not ours
            base = "." * node.level + (node.module or "")
            base = base if not node.level else _resolve(base, package)
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]  # a name may be a submodule
        else:
            continue
        found.update(file for file in map(module_file, names) if file is not None)
    found.discard(path)
    return found


def _resolve(relative: str, package: str) -> str:
    from importlib.util import resolve_name

    return resolve_name(relative, package)


def _version(path: Path) -> tuple:
    """A file's size and time: cached work on a file is done again once it changes."""
    status = os.stat(path)
    return status.st_mtime_ns, status.st_size


@functools.lru_cache(maxsize=None)
def _imports(path: Path, version: tuple) -> frozenset:
    return frozenset(imported_from(path))


@functools.lru_cache(maxsize=None)
def _content_hash(path: Path, version: tuple) -> bytes:
    return hashlib.sha256(path.read_bytes()).digest()


def sources_stamp(path) -> str:
    """A hash of ``path`` and of every boardkit file it imports from: a lane function's freshness."""
    path = Path(path).resolve()
    digest = hashlib.sha256()
    for source in sorted({path, *_imports(path, _version(path))}):
        digest.update(source.name.encode())
        digest.update(_content_hash(source, _version(source)))
    return digest.hexdigest()


class _StampedBySources:
    """A numba cache locator whose stamp is :func:`sources_stamp`, not the file's own hash."""

    def get_source_stamp(self):
        return sources_stamp(self._py_file)


class _InUserDir(_StampedBySources, UserProvidedCacheLocator):
    """The cache in ``NUMBA_CACHE_DIR`` when it is set."""


class _InTree(_StampedBySources, InTreeCacheLocator):
    """The cache in the ``__pycache__`` beside the file (numba's usual place)."""


class _InUserCache(_StampedBySources, UserWideCacheLocator):
    """The cache in the user's cache folder, where ``__pycache__`` cannot be written."""


class _LaneCacheImpl(CompileResultCacheImpl):
    # the places numba would choose, in numba's order, each stamped by the lane's sources
    _locator_classes = [_InUserDir, _InTree, _InUserCache]


class LaneCache(FunctionCache):
    """numba's ``FunctionCache`` (what ``cache=True`` makes), stamped by everything the function is built from."""

    _impl_class = _LaneCacheImpl

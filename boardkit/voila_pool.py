"""Voilà's pool of pre-heated kernels, without a page ever waiting for the pool to refill.

``voila.json`` names this class as Voilà's kernel manager::

    "VoilaConfiguration": {"multi_kernel_manager_class": "boardkit.voila_pool.KernelManager", ...}

Why.  With ``preheat_kernel`` on, Voilà 0.5.13 keeps a pool of kernels that have already
run the notebook (``voila/voila_kernel_manager.py``).  When a page takes one, Voilà puts the
replacement in the pool at once, as a task that starts its kernel ``fill_delay`` seconds later
(60 s in ``voila.json``, so that refilling the pool does not slow down the pages a class has
just opened).  Voilà counts that waiting task as a pool kernel, so the next page (a reload, a
latecomer) takes it and waits the whole ``fill_delay`` for it: a student who reloaded looked at
an empty page for a minute.  Without that task in the pool, Voilà would start a kernel for the
page at once, as it does without pre-heated kernels (about 2 s on a quiet machine).

What this changes.  Voilà builds its pool manager as a subclass of the class configured here.
When it does, ``KernelManager`` gives that subclass a ``get_pool_size`` that counts only the
pool's kernels that have *started*: when none has, Voilà starts a kernel for the page at once;
and a page takes a started kernel before one that is still starting.  The replacement still
starts ``fill_delay`` seconds later, so the pool is full again for whoever comes after.
Everything else is Voilà's and jupyter_server's own (``AsyncMappingKernelManager``).
"""
from __future__ import annotations

import asyncio

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


def _started(task: asyncio.Task) -> bool:
    """Has this pool task started its kernel (and not failed)?  A task is done once its kernel has
    started and the notebook's run in it has begun (``VoilaKernelManager._initialize``)."""
    return task.done() and not task.cancelled() and task.exception() is None


def started_kernels(manager, notebook_name: str) -> int:
    """How many of the pool's kernels for ``notebook_name`` have started, ready for a page."""
    return sum(_started(task) for task in manager._pools.get(notebook_name, ()))


class KernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager; Voilà's pool manager built on it never makes a page wait for a refill."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "get_rendered_notebook" not in vars(cls):
            return                      # not Voilà's pool manager (pre-heating is off, or another subclass)
        take_from_pool = cls.get_rendered_notebook

        async def get_rendered_notebook(self, notebook_name, *args, **kwargs):
            # Voilà takes the pool's first task: put the started kernels first (the sort keeps their order).
            self._pools[notebook_name].sort(key=lambda task: not _started(task))
            return await take_from_pool(self, notebook_name, *args, **kwargs)

        cls.get_pool_size = started_kernels
        cls.get_rendered_notebook = get_rendered_notebook

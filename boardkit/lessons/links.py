"""Links from one lesson page to the others that work however the page is served.

* **JupyterLab** (Binder, a hub, a laptop): each lesson opens as a Voilà app at
  ``<server>/voila/render/<folder>/<lesson>`` (the Voilà server extension), or in JupyterLab.
* **Voilà on a folder** (``voila notebooks/``), or Voilà inside Jupyter Server: the page's
  own address is ``.../voila/render/<folder>/00_index.ipynb``; a lesson sits beside it.
* **Voilà on one notebook** (``voila notebooks/00_index.ipynb``) serves that page and nothing
  else: no link could open a lesson, so the page says how to start Voilà on the folder.

Voilà hands the page's path to its kernel as ``SCRIPT_NAME``; a pre-heated kernel learns it
only once the page is asked for, so the links are filled in then (the notebook never waits).
"""
from __future__ import annotations

import html
import os
import posixpath

from .output import in_voila

RENDER = "voila/render/"


def _links(lessons: dict, folder_url: str, lab_url: str | None) -> str:
    items = []
    for name, notebook in lessons.items():
        app = f'<a href="{html.escape(folder_url + notebook)}" target="_blank">open as a Voilà app</a>'
        lab = (f' · <a href="{html.escape(lab_url + notebook)}" target="_blank">open in JupyterLab</a>'
               if lab_url else "")
        items.append(f"<li><b>{html.escape(name)}</b>: {app}{lab}</li>")
    return "<ul style='font-size: calc(var(--boardkit-text-scale, 1) * 22px); line-height: 1.6'>" + "".join(items) + "</ul>"


def _jupyter_server(folder: str, servers=None):
    """The running Jupyter server whose root holds ``folder`` (the deepest root, if several): its base URL
    and ``folder`` relative to its root, from the files each server writes in Jupyter's runtime folder."""
    import glob
    import json

    if servers is None:
        from jupyter_core.paths import jupyter_runtime_dir

        servers = []
        for path in glob.glob(os.path.join(jupyter_runtime_dir(), "jpserver-*.json")):
            try:
                with open(path, encoding="utf-8") as file:
                    servers.append(json.load(file))
            except (OSError, ValueError):
                continue                                  # a server that is stopping
    holding = [s for s in servers if s.get("root_dir") and
               os.path.commonpath([os.path.abspath(s["root_dir"]), os.path.abspath(folder)])
               == os.path.abspath(s["root_dir"])]
    if not holding:
        return None
    server = max(holding, key=lambda s: len(os.path.abspath(s["root_dir"])))
    relative = os.path.relpath(os.path.abspath(folder), os.path.abspath(server["root_dir"])).replace(os.sep, "/")
    return server.get("base_url", "/"), "" if relative == "." else relative + "/"


def links_html(lessons: dict, environ=None, folder: str | None = None, servers=None) -> str:
    """The list of links to ``lessons`` ({"Mystery Date": "01_mystery_date.ipynb", ...}) for this server.

    ``environ`` is the kernel's environment (``os.environ`` by default), ``folder`` the notebook's
    folder (the kernel's own, by default), ``servers`` the running Jupyter servers' files (read from
    Jupyter's runtime folder by default).
    """
    environ = os.environ if environ is None else environ
    if "VOILA_BASE_URL" not in environ:                   # JupyterLab: the Voilà server extension
        found = _jupyter_server(folder or os.getcwd(), servers)
        # not found: the README's layout (JupyterLab started in the project's top folder), or a hub's prefix
        base, where = found or (environ.get("JUPYTERHUB_SERVICE_PREFIX", "/"), "notebooks/")
        return _links(lessons, f"{base}{RENDER}{where}", f"{base}lab/tree/{where}")
    page = environ.get("SCRIPT_NAME", "")
    if RENDER in page:                                    # Voilà on a folder: the lessons sit beside this page
        return _links(lessons, posixpath.dirname(page) + "/", None)
    return ("<p style='font-size: calc(var(--boardkit-text-scale, 1) * 20px)'>This Voilà server shows only this "
            "page, so it cannot open the lessons. To open them as apps, start Voilà on the whole folder, from "
            "the project's top folder: <code>voila notebooks/</code>, and choose a lesson in the list it shows "
            "(or open this page there: <code>00_index.ipynb</code>).</p>")


def lesson_links(lessons: dict):
    """An HTML widget with the links to ``lessons`` ({name: notebook file}) that work on this server."""
    import ipywidgets as widgets

    from .teacher import _page_not_yet_known, _when_page_known

    box = widgets.HTML()
    box.add_class("boardkit-lesson-links")
    box.add_class("boardkit-sentences")        # a list or a paragraph: its lines a paragraph apart (lesson_css)
    if in_voila() and _page_not_yet_known():
        box.value = "<i>Finding the lessons on this server...</i>"
        _when_page_known(lambda: setattr(box, "value", links_html(lessons)))
    else:
        box.value = links_html(lessons)
    return box

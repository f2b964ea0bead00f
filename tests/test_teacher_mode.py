"""Teacher controls are built only in a kernel that has verified the teacher: ``boardkit.lessons.teacher_mode``,
``teacher_controls``, ``teacher_notes`` and ``teacher_note``."""
import threading
import time

import pytest

from boardkit.lessons import teacher as lessons
import ipywidgets as widgets

KEY = "owl-42"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for name in ("QUERY_STRING", "VOILA_PREHEAT", "VOILA_BASE_URL", "BOARDKIT_TEACHER", "BOARDKIT_TEACHER_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(lessons, "_refusal_logged", False)


def voila_page(monkeypatch, query, key=None):
    """This kernel serves a Voilà page opened with ``?query`` (Voilà sets VOILA_BASE_URL in its kernels)."""
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    monkeypatch.setenv("QUERY_STRING", query)
    if key is not None:
        monkeypatch.setenv("BOARDKIT_TEACHER_KEY", key)


class Builder:
    """A teacher controls' builder that counts its calls (a student's kernel must never call it)."""

    def __init__(self):
        self.calls = 0
        self.made = ()

    def __call__(self):
        self.calls += 1
        self.made = (widgets.Button(description="Reveal the door"), widgets.Output())
        return list(self.made)


@pytest.mark.parametrize("query,key,teacher", [
    ("teacher=owl-42", KEY, True), ("x=2&teacher=owl-42", KEY, True),
    ("", KEY, False), ("teacher=1", KEY, False), ("teacher=owl-4", KEY, False), ("teacher=owl-421", KEY, False),
    ("teacher=", KEY, False), ("x=owl-42", KEY, False), ("teachers=owl-42", KEY, False),
    ("teacher=1", None, False), ("teacher=true", None, False), ("teacher=", "", False), ("teacher=", "  ", False),
])
def test_in_voila_only_the_servers_key_makes_a_teachers_page(monkeypatch, query, key, teacher):
    voila_page(monkeypatch, query, key)
    assert lessons.teacher_mode() is teacher


def test_outside_voila_boardkit_teacher_makes_the_teachers_kernel(monkeypatch):
    assert lessons.teacher_mode() is False                        # JupyterLab: no page address
    monkeypatch.setenv("QUERY_STRING", "teacher=1")                # (no page there: a query means nothing)
    assert lessons.teacher_mode() is False
    monkeypatch.setenv("BOARDKIT_TEACHER", "1")
    assert lessons.teacher_mode() is True


def test_boardkit_teacher_is_refused_under_voila_with_a_line_in_its_log(monkeypatch, capfd):
    voila_page(monkeypatch, "")
    monkeypatch.setenv("BOARDKIT_TEACHER", "1")
    assert lessons.teacher_mode() is False
    assert lessons.teacher_mode() is False
    log = capfd.readouterr().err
    assert log.count("BOARDKIT_TEACHER=1 is IGNORED under Voila") == 1         # once per kernel
    assert "BOARDKIT_TEACHER_KEY=" in log
    voila_page(monkeypatch, f"teacher={KEY}", KEY)                 # the key still works
    assert lessons.teacher_mode() is True


@pytest.mark.parametrize("query,key", [("", KEY), ("teacher=1", None), ("teacher=1", KEY), ("teacher=owl-4", KEY)])
def test_a_students_kernel_never_builds_the_teachers_controls(monkeypatch, query, key):
    voila_page(monkeypatch, query, key)
    build = Builder()
    box = lessons.teacher_controls(build)
    assert build.calls == 0
    assert box.layout.display == "none" and box.children == ()


def test_the_teachers_kernel_builds_its_controls_once(monkeypatch):
    voila_page(monkeypatch, f"teacher={KEY}", KEY)
    build = Builder()
    box = lessons.teacher_controls(build)
    assert build.calls == 1
    assert box.layout.display is None and box.children == build.made
    monkeypatch.delenv("VOILA_BASE_URL")
    monkeypatch.setenv("BOARDKIT_TEACHER", "yes")                  # JupyterLab's teacher
    assert lessons.teacher_controls(lambda: widgets.Button()).children[0].__class__ is widgets.Button


def test_a_builder_that_is_not_one_is_refused(monkeypatch):
    with pytest.raises(TypeError, match="needs a function that makes the controls"):
        lessons.teacher_controls(widgets.Button())                 # the old way: the widget itself
    monkeypatch.setenv("BOARDKIT_TEACHER", "1")
    with pytest.raises(TypeError, match="must return a widget or a list of widgets, got \\('Reveal',\\)"):
        lessons.teacher_controls(lambda: "Reveal")


def test_a_students_page_has_no_teacher_notes_and_no_hint(monkeypatch):
    voila_page(monkeypatch, "", KEY)
    build = Builder()
    box = lessons.teacher_notes()
    lessons.teacher_note("The secret door", build)
    assert build.calls == 0 and box.children == () and box.layout.display == "none"


@pytest.mark.parametrize("key,hint", [
    (None, "this server has no teacher's key. Start Voilà with BOARDKIT_TEACHER_KEY="),
    (KEY, "does not hold this server's teacher key"),
])
def test_a_page_that_asks_without_the_key_gets_a_one_line_hint(monkeypatch, key, hint):
    voila_page(monkeypatch, "teacher=1", key)
    build = Builder()
    box = lessons.teacher_notes()
    lessons.teacher_note("The secret door", build)
    assert build.calls == 0 and box.layout.display is None
    [line] = box.children
    assert isinstance(line, widgets.HTML) and hint in line.value


def test_the_teachers_notes_are_one_closed_control_until_opened(monkeypatch):
    voila_page(monkeypatch, f"teacher={KEY}", KEY)
    box = lessons.teacher_notes()
    assert box.layout.display == "none"                            # no section yet: no control
    door, tally = Builder(), Builder()
    lessons.teacher_note("The secret door", door)
    lessons.teacher_note("Class <tally>", tally)
    toggle, panel = box.children
    assert box.layout.display is None and toggle.description == "Teacher notes"
    assert toggle.value is False and panel.layout.display == "none"           # closed at first
    assert [section.children[0].value for section in panel.children] == ["<h4>The secret door</h4>",
                                                                         "<h4>Class &lt;tally&gt;</h4>"]
    assert panel.children[0].children[1:] == door.made
    toggle.value = True
    assert panel.layout.display is None
    toggle.value = False
    assert panel.layout.display == "none"


def test_a_teachers_page_without_notes_shows_no_teacher_notes_when_no_class_runs(monkeypatch):
    """Lessons 02-06 have no teacher note: the class line (no class running) must not show an empty Teacher notes."""
    from types import SimpleNamespace

    from boardkit.lessons.together import ClassPage

    voila_page(monkeypatch, f"teacher={KEY}", KEY)
    box = lessons.teacher_notes()
    ClassPage._secrets_shown(SimpleNamespace(role="projector"), True)    # no class runs: the secrets may show
    assert box.layout.display == "none"
    lessons.teacher_note("The secret door", Builder())
    ClassPage._secrets_shown(SimpleNamespace(role="projector"), True)
    assert box.layout.display is None


def test_a_note_needs_the_pages_teacher_notes(monkeypatch):
    monkeypatch.setattr(lessons, "_notes", None)
    with pytest.raises(RuntimeError, match="show teacher_notes\\(\\) first"):
        lessons.teacher_note("The secret door", Builder())


class FakeVoila:
    """Voilà's side of a pre-heated kernel: a websocket on 127.0.0.1 that, once ``arrive`` is set, sends
    each kernel that asks the page's request as JSON (as Voilà's QueryStringSocketHandler does).
    ``paths`` are the addresses asked for."""

    def __init__(self, query):
        import asyncio
        import json

        from websockets.asyncio.server import serve

        self.arrive, self.paths, ready = threading.Event(), [], threading.Event()

        async def hand_over(connection):
            self.paths.append(connection.request.path)
            while not self.arrive.is_set():
                await asyncio.sleep(0.01)
            await connection.send(json.dumps({"QUERY_STRING": query, "PATH_INFO": "/"}))

        async def main():
            async with serve(hand_over, "127.0.0.1", 0) as server:
                self.port = server.sockets[0].getsockname()[1]
                self.stop = asyncio.Event()
                self.loop = asyncio.get_running_loop()
                ready.set()
                await self.stop.wait()

        self.thread = threading.Thread(target=asyncio.run, args=(main(),), daemon=True)
        self.thread.start()
        assert ready.wait(10)

    def close(self):
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.stop.set)
            self.thread.join(10)


@pytest.fixture
def fake_voila(monkeypatch):
    """``fake_voila(query)``: a pre-heated kernel with no page yet, and a Voilà (its teacher's key: KEY) that hands
    one over.  The page is drawn as soon as it arrives (its ``page_drawn`` signal set) unless ``drawn=False``."""
    made = []
    monkeypatch.setattr(lessons, "_drawn", None)

    def make(query, drawn=True):
        voila = FakeVoila(query)
        made.append(voila)
        lessons.page_drawn().drawn = drawn
        for name, value in {"VOILA_PREHEAT": "True", "VOILA_APP_IP": "127.0.0.1", "VOILA_APP_PORT": str(voila.port),
                            "VOILA_SERVER_URL": "/", "VOILA_BASE_URL": "/", "VOILA_KERNEL_ID": "k-1",
                            "BOARDKIT_TEACHER_KEY": KEY}.items():
            monkeypatch.setenv(name, value)
        monkeypatch.delenv("VOILA_WS_BASE_URL", raising=False)
        return voila

    yield make
    for voila in made:
        voila.close()


def test_the_kernel_asks_voila_where_voilas_own_helper_asks(fake_voila, monkeypatch):
    """boardkit hears the page's request without importing Voilà's server (about 1 CPU s a kernel): it
    must ask the same address as ``voila.utils.wait_for_request`` and read the same message."""
    import os

    import voila.utils

    server = fake_voila("teacher=1&x=2")
    server.arrive.set()
    voila.utils.wait_for_request()
    assert os.environ["QUERY_STRING"] == "teacher=1&x=2"
    monkeypatch.delenv("QUERY_STRING")
    lessons._wait_for_request()
    assert os.environ["QUERY_STRING"] == "teacher=1&x=2" and os.environ["PATH_INFO"] == "/"
    assert server.paths == ["/voila/query/k-1"] * 2
    monkeypatch.setenv("VOILA_WS_BASE_URL", "/lesson/")          # behind a proxy's prefix: both ask there
    assert lessons._request_info_address() == f"ws://127.0.0.1:{server.port}/lesson/voila/query/k-1"


def test_no_voila_to_ask_is_a_warning_and_no_teacher_controls_are_built(fake_voila, monkeypatch):
    fake_voila(f"teacher={KEY}").close()                          # nobody answers on that port now
    with pytest.warns(UserWarning, match="could not hear the page's request"):
        assert lessons.teacher_mode() is False
    build = Builder()
    with pytest.warns(UserWarning, match="could not hear the page's request"):
        box = lessons.teacher_controls(build)
        deadline = time.monotonic() + 10
        while lessons._page_waiter is not None and time.monotonic() < deadline:    # its waiter gives up
            time.sleep(0.01)
    assert lessons._page_waiter is None
    assert build.calls == 0 and box.layout.display == "none" and box.children == (lessons.page_drawn(),)


@pytest.mark.parametrize("query,teacher", [(f"teacher={KEY}", True), ("teacher=1", False), ("", False)])
def test_a_preheated_kernel_builds_when_the_page_arrives_without_waiting(fake_voila, query, teacher):
    arrive = fake_voila(query).arrive
    assert lessons.teacher_mode(wait=False) is None
    build = Builder()
    started = time.monotonic()
    box = lessons.teacher_controls(build)
    notes = lessons.teacher_notes()
    lessons.teacher_note("The secret door", build)
    assert time.monotonic() - started < 1                          # the notebook goes on at once
    signal = (lessons.page_drawn(),)           # all the boxes hold until the page arrives and is drawn
    assert build.calls == 0 and box.children == signal and notes.children == signal
    arrive.set()
    deadline = time.monotonic() + 10
    while lessons._page_waiter is not None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert lessons._page_waiter is None
    assert lessons.teacher_mode(wait=False) is teacher
    if teacher:
        assert build.calls == 2 and box.layout.display is None and len(box.children) == 2
        toggle, panel = notes.children
        assert toggle.description == "Teacher notes" and panel.layout.display == "none"
    else:
        assert build.calls == 0 and box.children == signal
        hints = [child.value for child in notes.children if child not in signal]
        assert (hints == []) if not query else ("does not hold this server's teacher key" in hints[0])


def test_a_preheated_kernel_builds_only_once_the_pages_widgets_have_connected(fake_voila, monkeypatch):
    """Voilà hands the kernel its page's request before the browser has the page: widgets made before the page's
    widget manager listens are refused by the page and never show (a teacher's Start button was lost so on a
    busy machine).  The controls are built once the page is drawn (its ``page_drawn`` signal, in the boxes they
    go in), in the order they were asked for, also those a cell asks for after the request came (the page
    broke: a teacher_note was built before the Teacher notes it goes in)."""
    arrive = fake_voila(f"teacher={KEY}", drawn=False).arrive            # the browser is still loading the page
    build = Builder()
    box = lessons.teacher_controls(build)
    notes = lessons.teacher_notes()
    arrive.set()
    time.sleep(0.5)
    signal = (lessons.page_drawn(),)                                 # the boxes hold the signal until then
    assert lessons.teacher_mode(wait=False) is True and build.calls == 0 and box.children == signal
    lessons.teacher_note("The secret door", build)                    # a later cell, the page already known
    assert build.calls == 0 and notes.children == signal
    lessons.page_drawn().drawn = True                                 # the browser has drawn the page
    deadline = time.monotonic() + 10
    while lessons._page_waiter is not None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert build.calls == 2 and len(box.children) == 2
    toggle, panel = notes.children
    assert toggle.description == "Teacher notes" and len(panel.children) == 1


def test_teacher_mode_waits_for_the_page_in_a_preheated_kernel(fake_voila):
    arrive = fake_voila(f"teacher={KEY}").arrive
    threading.Timer(0.2, arrive.set).start()
    assert lessons.teacher_mode() is True


def test_a_preheated_kernel_never_imports_voilas_server(fake_voila):
    """Importing voila (or voila.utils) loads Voilà's whole server into the kernel: about 1.2 CPU
    seconds in every pre-heated kernel of a class, as much as the lesson's own cells."""
    import json
    import os
    import subprocess
    import sys

    server = fake_voila(f"teacher={KEY}")
    server.arrive.set()
    program = ("import sys, time\n"
               "import ipywidgets as widgets\n"
               "from boardkit.lessons import teacher\n"
               "box = teacher.teacher_controls(lambda: widgets.Button(description='Reveal'))\n"
               "teacher.page_drawn().drawn = True     # the browser draws the page (no browser here)\n"
               "deadline = time.monotonic() + 20\n"
               "while box.layout.display == 'none' and time.monotonic() < deadline:\n"
               "    time.sleep(0.01)\n"
               "print(box.layout.display is None, sorted(m for m in sys.modules if m.split('.')[0] in\n"
               "      ('voila', 'jupyter_server', 'jupyterlab_server', 'jsonschema')))\n")
    out = subprocess.run([sys.executable, "-c", program], env=dict(os.environ), capture_output=True, text=True,
                         timeout=60)
    shown, imported = out.stdout.split(" ", 1)
    assert shown == "True", out.stderr                      # the teacher's page was heard
    assert json.loads(imported.replace("'", '"')) == []

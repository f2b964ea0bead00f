"""Teacher controls stay out of the students' view: ``boardkit.lessons.teacher_mode`` and ``teacher_only``."""
import threading
import time

import pytest

from boardkit.lessons import teacher as lessons
import ipywidgets as widgets


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for name in ("QUERY_STRING", "VOILA_PREHEAT", "BOARDKIT_TEACHER", "BOARDKIT_TEACHER_KEY"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("query,teacher", [
    ("", False), ("teacher=1", True), ("teacher=true", True), ("teacher=YES", True), ("x=2&teacher=on", True),
    ("teacher=0", False), ("teacher=", False), ("teachers=1", False), ("teacher=no", False), ("x=teacher", False),
])
def test_the_query_string_decides(monkeypatch, query, teacher):
    monkeypatch.setenv("QUERY_STRING", query)
    assert lessons.teacher_mode() is teacher


def test_with_a_key_only_the_key_opens_the_teachers_page(monkeypatch):
    monkeypatch.setenv("BOARDKIT_TEACHER_KEY", "owl-42")
    for query, teacher in [("teacher=1", False), ("teacher=owl-4", False), ("teacher=owl-42", True)]:
        monkeypatch.setenv("QUERY_STRING", query)
        assert lessons.teacher_mode() is teacher


def test_the_environment_makes_every_page_a_teachers(monkeypatch):
    assert lessons.teacher_mode() is False                        # JupyterLab: no page address
    monkeypatch.setenv("BOARDKIT_TEACHER", "1")
    assert lessons.teacher_mode() is True


def test_a_students_box_is_hidden_and_holds_nothing(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "")
    box = lessons.teacher_only(widgets.Button(description="Teacher: reveal"))
    assert box.layout.display == "none" and box.children == ()


def test_a_teachers_box_shows_its_controls(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "teacher=1")
    button = widgets.Button(description="Teacher: reveal")
    box = lessons.teacher_only(button)
    assert box.layout.display is None and box.children == (button,)


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
    """``fake_voila(query)``: a pre-heated kernel with no page yet, and a Voilà that hands one over."""
    made = []

    def make(query):
        voila = FakeVoila(query)
        made.append(voila)
        for name, value in {"VOILA_PREHEAT": "True", "VOILA_APP_IP": "127.0.0.1", "VOILA_APP_PORT": str(voila.port),
                            "VOILA_SERVER_URL": "/", "VOILA_KERNEL_ID": "k-1"}.items():
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


def test_no_voila_to_ask_is_a_warning_and_the_teachers_controls_stay_hidden(fake_voila, monkeypatch):
    fake_voila("teacher=1").close()                               # nobody answers on that port now
    with pytest.warns(UserWarning, match="could not hear the page's request"):
        assert lessons.teacher_mode() is False
    with pytest.warns(UserWarning, match="could not hear the page's request"):
        box = lessons.teacher_only(widgets.Button(description="Teacher: reveal"))
        deadline = time.monotonic() + 10
        while lessons._page_waiter is not None and time.monotonic() < deadline:    # its waiter gives up
            time.sleep(0.01)
    assert lessons._page_waiter is None
    assert box.layout.display == "none" and box.children == ()


@pytest.mark.parametrize("query,shown", [("teacher=1", True), ("", False)])
def test_a_preheated_kernel_decides_when_the_page_arrives_without_waiting(fake_voila, query, shown):
    arrive = fake_voila(query).arrive
    assert lessons.teacher_mode(wait=False) is None
    button = widgets.Button(description="Teacher: reveal")
    started = time.monotonic()
    box = lessons.teacher_only(button)
    assert time.monotonic() - started < 1                          # the notebook goes on at once
    assert box.layout.display == "none" and box.children == ()
    arrive.set()
    deadline = time.monotonic() + 10
    while lessons._page_waiter is not None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert lessons._page_waiter is None
    assert (box.layout.display is None, box.children) == ((True, (button,)) if shown else (False, ()))
    assert lessons.teacher_mode(wait=False) is shown


def test_teacher_mode_waits_for_the_page_in_a_preheated_kernel(fake_voila):
    arrive = fake_voila("teacher=1").arrive
    threading.Timer(0.2, arrive.set).start()
    assert lessons.teacher_mode() is True


def test_a_preheated_kernel_never_imports_voilas_server(fake_voila):
    """Importing voila (or voila.utils) loads Voilà's whole server into the kernel: about 1.2 CPU
    seconds in every pre-heated kernel of a class, as much as the lesson's own cells."""
    import json
    import os
    import subprocess
    import sys

    server = fake_voila("teacher=1")
    server.arrive.set()
    program = ("import sys, time\n"
               "import ipywidgets as widgets\n"
               "from boardkit.lessons import teacher\n"
               "box = teacher.teacher_only(widgets.Button(description='Teacher: reveal'))\n"
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

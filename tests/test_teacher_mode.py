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


def fake_voila(monkeypatch, query):
    """A pre-heated kernel: no page yet; Voilà hands one over (sets QUERY_STRING) when ``arrive`` is set."""
    import voila.utils

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    arrive = threading.Event()

    def wait_for_request(url=None):
        assert arrive.wait(10)
        monkeypatch.setenv("QUERY_STRING", query)
    monkeypatch.setattr(voila.utils, "wait_for_request", wait_for_request)
    return arrive


@pytest.mark.parametrize("query,shown", [("teacher=1", True), ("", False)])
def test_a_preheated_kernel_decides_when_the_page_arrives_without_waiting(monkeypatch, query, shown):
    arrive = fake_voila(monkeypatch, query)
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


def test_teacher_mode_waits_for_the_page_in_a_preheated_kernel(monkeypatch):
    arrive = fake_voila(monkeypatch, "teacher=1")
    threading.Timer(0.2, arrive.set).start()
    assert lessons.teacher_mode() is True

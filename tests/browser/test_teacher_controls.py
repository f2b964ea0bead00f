"""Teacher controls in lesson 01 show only on the teacher's page (``?teacher=1``), in Voilà and Chromium.

A pre-heated kernel has run the lesson before its page is asked for, so it
learns the page's address only when the page arrives (over the websocket Voilà
opens for that, heard in a background thread); a kernel started for the page
knows it at once (QUERY_STRING).  Both ways are tested for the teacher's page,
the pre-heated way for a student's (a student's page with a kernel started for it is the
plain case of QUERY_STRING, left to ``tests/test_teacher_mode.py``).
"""
import re
import time

import pytest
from playwright.sync_api import expect

from app_helpers import LOAD_TIMEOUT_MS, open_app
from harness import console_errors

pytestmark = pytest.mark.browser

LESSON = "notebooks/01_mystery_date.ipynb"
REVEAL = re.compile(r"Teacher: reveal the door")
#: Voilà options per way a page gets its kernel; each makes a server of its own
#: (two pre-heated kernels: one for the student's page, one for the teacher's)
KERNELS = {
    "pre-heated": ("--pool_size=2",),
    "started for the page": ("--preheat_kernel=False", "--pool_size=0"),
}


def open_lesson(voila_server, page, record_property, kernel, query):
    """Open the lesson (a page that gets a pre-heated kernel if ``kernel`` says so); wait for its last cell."""
    url = voila_server(LESSON, timeout=120, extra_args=KERNELS[kernel])
    if kernel == "pre-heated":
        server = voila_server.servers[(LESSON, *KERNELS[kernel])]
        deadline = time.monotonic() + 180
        while "is filled with 2 kernel" not in server.log_text(last=1_000_000):
            assert time.monotonic() < deadline, "the pool was not filled in 180 s"
            time.sleep(0.5)
    open_app(page, url + query, record_property)
    # the last cell's text (its exact answers are printed in JupyterLab only, not on the Voilà page)
    page.get_by_text("so that no answer shows before its prediction is locked").wait_for(timeout=LOAD_TIMEOUT_MS)


@pytest.mark.parametrize("kernel", ["pre-heated"])   # a kernel started for the page: tests/test_teacher_mode.py
def test_a_students_page_has_no_teacher_controls(voila_server, browser_page, record_property, kernel):
    page = browser_page
    open_lesson(voila_server, page, record_property, kernel, "")
    boxes = page.locator(".boardkit-teacher")
    expect(boxes).to_have_count(2)                     # the teacher's cells ran (class tally, secret door)...
    for box in boxes.all():
        expect(box).to_be_hidden()                     # ...and show nothing
    time.sleep(2)                                      # nothing turns up late either
    expect(page.get_by_role("button", name=REVEAL)).to_have_count(0)
    for box in boxes.all():
        expect(box).to_be_hidden()
    assert console_errors(page) == []


@pytest.mark.parametrize("kernel", list(KERNELS))
def test_the_teachers_page_reveals_the_door(voila_server, browser_page, record_property, kernel):
    page = browser_page
    open_lesson(voila_server, page, record_property, kernel, "?teacher=1")
    reveal = page.get_by_role("button", name=REVEAL)
    expect(reveal).to_be_visible(timeout=30_000)
    reveal.click()
    # the door in a sentence, and a table of each outcome's exact chance and times seen so far
    truth = page.locator(".boardkit-teacher table.boardkit-table")
    expect(truth).to_contain_text("Formal Dance", timeout=15_000)
    expect(truth).to_contain_text("Dud")
    expect(truth).to_contain_text(re.compile(r"\d+/\d+"))
    assert console_errors(page) == []

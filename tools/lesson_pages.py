"""The frame the two looks at the lessons share (tools/page_pass.py and tools/click_pass.py).

One Voilà on ``notebooks/`` (127.0.0.1 only, a class store of its own in a temporary folder), one headless
Chromium, and a loop over the lessons 00-06 and the pages of each: the student's, the teacher's projected page
(``?teacher=<key>``) and the teacher's console (``?teacher=<key>&console=1``).  A tool gives the work it does on one page::

    from lesson_pages import for_each_lesson_page, open_lesson, large_type

    def look(browser, url, lesson, role, prefix):     # prefix: "<folder>/<lesson>-<role>" for its screenshots
        context, page = open_lesson(browser, url)
        ...
        context.close()
        return findings                                 # how many things it found

    sys.exit(for_each_lesson_page(sys.argv[1:], look))   # 1 if any page had a finding
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

# before the server starts: the teacher's key, and a class store no class uses
os.environ.setdefault("BOARDKIT_TEACHER_KEY", "lesson-pass-key")
os.environ["BOARDKIT_CLASS_DB"] = "sqlite:///" + str(Path(tempfile.mkdtemp(prefix="boardkit-pass-")) / "class.db")

from a11y import wait_for_lesson  # noqa: E402
from harness import CHROMIUM, CHROMIUM_ARGS, VoilaServer, record_errors  # noqa: E402

LESSONS = sorted(path.name for path in (REPO / "notebooks").glob("0[0-6]_*.ipynb"))
ROLES = ("student", "teacher", "console")   # the console: the teacher's own device (``&console=1``)
LOAD_MS = 240_000           # the longest a lesson may take to load on a shared 2-core machine


def open_lesson(browser, url: str, width: int = 1920, height: int = 1080):
    """A new browser context at ``width`` x ``height`` with the lesson at ``url`` loaded (console errors
    recorded): (context, page).  Close the context when done."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    record_errors(page)
    page.goto(url, timeout=LOAD_MS)
    wait_for_lesson(page, LOAD_MS)
    return context, page


def large_type(page) -> None:
    """Press the page's Large type button and give the page time to grow."""
    page.locator(".boardkit-large-type button, button.boardkit-large-type").first.click()
    page.wait_for_timeout(1_500)


def for_each_lesson_page(argv: list[str], look, roles=ROLES) -> int:
    """Run ``look(browser, url, lesson, role, prefix)`` on every lesson page; ``argv`` is the tool's command
    line: the screenshot folder, then the lessons wanted ("01 04"; all if none).  Returns the exit status:
    1 if ``look`` found anything on any page."""
    from playwright.sync_api import sync_playwright

    folder = Path(argv[0] if argv else "shots")
    folder.mkdir(parents=True, exist_ok=True)
    wanted = [name for name in LESSONS if not argv[1:] or name[:2] in argv[1:]]
    server = VoilaServer("notebooks", Path(tempfile.mkdtemp(prefix="boardkit-pass-")) / "voila.log", timeout=120)
    found = 0
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name in wanted:
                for role in roles:
                    query = "?teacher=" + os.environ["BOARDKIT_TEACHER_KEY"] if role != "student" else ""
                    query += "&console=1" if role == "console" else ""
                    print(f"{name} {role}:", flush=True)
                    count = look(browser, f"{server.url}voila/render/{name}{query}", name[:2], role,
                                 str(folder / f"{name[:2]}-{role}"))
                    print(f"{name} {role}: {count} finding(s)", flush=True)
                    found += count
            browser.close()
    finally:
        server.stop()
    return 1 if found else 0

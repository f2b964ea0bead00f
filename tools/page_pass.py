"""A look at every lesson as a class sees it: screenshots and an accessibility check (axe-core).

Starts one Voilà on ``notebooks/`` (127.0.0.1 only, a class store of its own in a temporary folder) and opens
each lesson 00-06 in headless Chromium, the student's page and the teacher's page (``?teacher=<key>``).
Each page is checked with axe-core (WCAG 2.1 A and AA) with Large type off, then on; then it is photographed
one screen at a time in Large type, at 1280x900 and at 1920x1080::

    PYTHONPATH=$PWD python tools/page_pass.py /tmp/shots            # every lesson
    PYTHONPATH=$PWD python tools/page_pass.py /tmp/shots 01 04      # lessons 01 and 04 only

Screenshots go to ``<folder>/a11y-<lesson>-<student|teacher>-<1280L|1920L>_<screen>.png``; the axe findings
are printed (rule, impact, how many elements, the first element) and the exit status is 1 if any is
critical or serious.  The browser tests run the same check (``tests/browser/a11y.py``) on the pages
they open; this tool is for looking at the pages, not a test.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

os.environ.setdefault("BOARDKIT_TEACHER_KEY", "page-pass-key")
os.environ["BOARDKIT_CLASS_DB"] = "sqlite:///" + str(Path(tempfile.mkdtemp(prefix="boardkit-pass-")) / "class.db")

from a11y import axe_findings, wait_for_lesson  # noqa: E402
from harness import CHROMIUM, CHROMIUM_ARGS, VoilaServer, console_errors, record_errors  # noqa: E402
from lesson_helpers import screenshot_screens  # noqa: E402

LESSONS = sorted(path.name for path in (REPO / "notebooks").glob("0[0-6]_*.ipynb"))


def look_at(browser, url, prefix, most_screens):
    """Axe with Large type off and on, and screenshots at 1280x900 and at 1920x1080 in Large type."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    record_errors(page)
    page.goto(url, timeout=180_000)
    wait_for_lesson(page)
    findings = [("normal", f) for f in axe_findings(page)]
    page.locator(".boardkit-large-type button, button.boardkit-large-type").first.click()
    page.wait_for_timeout(1500)
    findings += [("Large type", f) for f in axe_findings(page)]
    screenshot_screens(page, f"{prefix}-1280L", most_screens)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_timeout(1000)
    screenshot_screens(page, f"{prefix}-1920L", most_screens)
    errors = console_errors(page)
    context.close()
    return findings, errors


def main(argv):
    from playwright.sync_api import sync_playwright

    folder = Path(argv[0] if argv else "shots")
    folder.mkdir(parents=True, exist_ok=True)
    wanted = [name for name in LESSONS if not argv[1:] or name[:2] in argv[1:]]
    server = VoilaServer("notebooks", Path(tempfile.mkdtemp(prefix="boardkit-pass-")) / "voila.log", timeout=120)
    serious = 0
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name in wanted:
                for role, query in (("student", ""), ("teacher", "?teacher=" + os.environ["BOARDKIT_TEACHER_KEY"])):
                    url = f"{server.url}voila/render/{name}{query}"
                    findings, errors = look_at(browser, url, str(folder / f"a11y-{name[:2]}-{role}"), 40)
                    print(f"{name} {role}: {len(findings)} axe finding(s), {len(errors)} console error(s)")
                    for state, (rule, impact, count, target) in findings:
                        print(f"    [{state}] {impact:8} {rule} x{count}: {target}")
                        serious += impact in ("critical", "serious")
                    for error in errors:
                        print(f"    console: {error[:200]}")
            browser.close()
    finally:
        server.stop()
    return 1 if serious else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

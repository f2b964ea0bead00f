"""A look at every lesson as a class sees it: screenshots and an accessibility check (axe-core).

Opens each lesson 00-06 in Voilà, the student's page and the teacher's page (tools/lesson_pages.py).
Each page is checked with axe-core (WCAG 2.1 A and AA) with Large type off, then on; then it is photographed
one screen at a time in Large type, at 1280x900 and at 1920x1080::

    PYTHONPATH=$PWD python tools/page_pass.py /tmp/shots            # every lesson
    PYTHONPATH=$PWD python tools/page_pass.py /tmp/shots 01 04      # lessons 01 and 04 only

Screenshots go to ``<folder>/<lesson>-<student|teacher>-<1280L|1920L>_<screen>.png``; the axe findings
are printed (rule, impact, how many elements, the first element) and the exit status is 1 if any is
critical or serious.  The browser tests run the same check (``tests/browser/a11y.py``) on the pages
they open; this tool is for looking at the pages, not a test.
"""
from __future__ import annotations

import sys

from lesson_pages import for_each_lesson_page, large_type, open_lesson

from a11y import FORBIDDEN, axe_findings  # (lesson_pages puts tests/browser on the path)
from harness import console_errors
from lesson_helpers import screenshot_screens

MOST_SCREENS = 40


def look_at(browser, url, lesson, role, prefix) -> int:
    """Axe with Large type off and on, and screenshots at 1280x900 and at 1920x1080 in Large type; prints
    what it found and returns how many findings are critical or serious."""
    context, page = open_lesson(browser, url, 1280, 900)
    findings = [("normal", f) for f in axe_findings(page)]
    large_type(page)
    findings += [("Large type", f) for f in axe_findings(page)]
    screenshot_screens(page, f"{prefix}-1280L", MOST_SCREENS)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.wait_for_timeout(1000)
    screenshot_screens(page, f"{prefix}-1920L", MOST_SCREENS)
    errors = console_errors(page)
    context.close()
    for state, (rule, impact, count, target) in findings:
        print(f"    [{state}] {impact:8} {rule} x{count}: {target}")
    for error in errors:
        print(f"    console: {error[:200]}")
    return sum(impact in FORBIDDEN for _, (_, impact, _, _) in findings)


if __name__ == "__main__":
    sys.exit(for_each_lesson_page(sys.argv[1:], look_at))

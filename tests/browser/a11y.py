"""The accessibility check of every page the browser tests open: axe-core, WCAG 2.1 A and AA.

axe-core (through ``axe-playwright-python``) is the standard tool: it reads the page as a screen reader
would and names the elements that break a WCAG rule.  A page may show no *critical* or *serious*
finding (a control without an accessible name, text without enough contrast, ...)::

    from a11y import assert_accessible
    assert_accessible(page)          # one axe run: about a second on a lesson page

(pytest puts this folder on ``sys.path``, as for ``harness``.)
"""
from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

#: the WCAG 2.1 rules at levels A and AA (axe's tags)
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: the impacts a page may not have
FORBIDDEN = ("critical", "serious")
_AXE = Axe()


def axe_findings(page, within: str | None = None) -> list[tuple[str, str, int, str]]:
    """axe-core's WCAG 2.1 A/AA findings on ``page`` as it is now (only in the elements ``within`` selects, if
    given): (rule, impact, elements, first element)."""
    results = _AXE.run(page, context=None if within is None else {"include": [[within]]},
                       options={"runOnly": {"type": "tag", "values": WCAG_TAGS}, "resultTypes": ["violations"]})
    return [(rule["id"], rule["impact"] or "", len(rule["nodes"]),
             f"{' '.join(map(str, rule['nodes'][0]['target']))} {rule['nodes'][0]['html'][:160]}")
            for rule in results.response["violations"]]


def assert_accessible(page, where: str = "", within: str | None = None) -> None:
    """Fail naming every critical or serious axe-core finding (WCAG 2.1 A and AA) on ``page`` (or only in the
    elements ``within`` selects)."""
    bad = [finding for finding in axe_findings(page, within) if finding[1] in FORBIDDEN]
    assert not bad, f"axe-core finds {len(bad)} critical or serious WCAG problem(s) {where}:\n" + "\n".join(
        f"  {impact} {rule} ({count} element(s)), e.g. {target}" for rule, impact, count, target in bad)


def wait_for_lesson(page, timeout: int = 180_000, settle_ms: int = 3000) -> None:
    """Wait until Voilà has shown every cell of the page and its widgets stop appearing for ``settle_ms``."""
    page.locator("#rendered_cells").wait_for(state="visible", timeout=timeout)
    page.wait_for_function("""(settle) => {
        const count = document.querySelectorAll('.jupyter-widgets, canvas, img, table').length;
        const height = (document.querySelector('#rendered_cells') || document.body).scrollHeight;
        const key = count + ':' + height;
        if (window.__boardkitSettle !== key) { window.__boardkitSettle = key; window.__boardkitSince = Date.now(); }
        return Date.now() - window.__boardkitSince > settle;
    }""", arg=settle_ms, timeout=timeout, polling=250)


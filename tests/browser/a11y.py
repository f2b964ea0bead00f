"""The accessibility check of every page the browser tests open: axe-core, WCAG 2.1 A and AA.

axe-core (through ``axe-playwright-python``) is the standard tool: it reads the page as a screen reader
would and names the elements that break a WCAG rule.  A page may show no *critical* or *serious*
finding (a control without an accessible name, text without enough contrast, ...)::

    from a11y import assert_accessible
    assert_accessible(page)          # one axe run: about a second on a lesson page

``assert_switched_off_controls_readable(page, ".boardkit-wld-app")`` checks what axe-core leaves out: the words
of a switched-off control (WCAG exempts them; a class still has to read them on a projector).

(pytest puts this folder on ``sys.path``, as for ``harness``.)
"""
from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe

from boardkit.render import palette

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


AA_CONTRAST = 4.5               # WCAG 2 AA, normal-size words

#: For each visible control that ``selector`` selects: its words, their colour, its fill, the colour behind it
#: (the first ancestor with one; white if none), its opacity (times its ancestors'), its pointer and its edge.
CONTROL_COLOURS_JS = """
selector => [...document.querySelectorAll(selector)].filter(b => b.getClientRects().length).map(b => {
    let opacity = 1, behind = 'rgb(255, 255, 255)';
    for (let e = b; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    for (let e = b.parentElement; e; e = e.parentElement) {
        const bg = getComputedStyle(e).backgroundColor;
        if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') { behind = bg; break; }
    }
    const style = getComputedStyle(b);
    const words = (b.tagName === 'SELECT' ? b.options[b.selectedIndex]?.text : b.innerText || b.value) || '';
    return {words: words.trim() || b.className, text: style.color, fill: style.backgroundColor, behind, opacity,
            cursor: style.cursor, edge: style.borderTopStyle};
})
"""


def _rgba(css):
    """``"rgb(1, 2, 3)"`` or ``"rgba(1, 2, 3, 0.5)"`` as ((r, g, b), alpha)."""
    numbers = [float(n) for n in re.findall(r"[\d.]+", css)]
    return tuple(numbers[:3]), numbers[3] if len(numbers) > 3 else 1.0


def _over(top, alpha, under):
    """The colour ``top`` with ``alpha`` painted over the opaque ``under`` (both (r, g, b))."""
    return tuple(alpha * t + (1 - alpha) * u for t, u in zip(top, under))


def _hex(rgb):
    return "#" + "".join(f"{round(c):02X}" for c in rgb)


def control_contrasts(page, selector: str) -> list[dict]:
    """Each visible control ``selector`` selects, as the browser paints it (its colours and any see-through
    ``opacity``): ``words``, ``ratio`` (the contrast of its words on its fill), ``cursor`` and ``edge`` (its
    border's style)."""
    found = []
    for c in page.evaluate(CONTROL_COLOURS_JS, selector):
        behind, _ = _rgba(c["behind"])
        fill = _over(*_rgba(c["fill"]), behind)
        text = _over(*_rgba(c["text"]), fill)
        seen_fill, seen_text = _over(fill, c["opacity"], behind), _over(text, c["opacity"], behind)
        found.append(dict(words=c["words"], ratio=palette.contrast_ratio(_hex(seen_text), _hex(seen_fill)),
                          cursor=c["cursor"], edge=c["edge"]))
    return found


def assert_switched_off_controls_readable(page, within: str, at_least: int = 1) -> list[str]:
    """Every switched-off button, menu and text box ``within`` (a CSS selector: an App) is readable on a
    projector (its words 4.5:1 or more on its fill, as painted) and plainly off (a dashed edge, the not-allowed
    pointer); at least ``at_least`` of them. Returns their words."""
    found = control_contrasts(page, ", ".join(f"{within} {what}:disabled" for what in ("button", "select",
                                                                                       "input[type=text]")))
    assert len(found) >= at_least, found
    bad = [(c["words"], round(c["ratio"], 2), c["cursor"], c["edge"]) for c in found
           if c["ratio"] < AA_CONTRAST or c["cursor"] != "not-allowed" or c["edge"] != "dashed"]
    assert not bad, f"switched-off controls faint (words below {AA_CONTRAST}:1) or not plainly off: {bad}"
    return [c["words"] for c in found]


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


"""What every lesson's browser test checks: readable text, the core path's height, Large type."""
from __future__ import annotations

import os

from a11y import assert_accessible, assert_switched_off_controls_readable, wait_for_lesson

#: the smallest text a lesson may show (issue 14: nothing under 14 px, charts included)
SMALLEST_PX = 14

# Every visible text on the page with its computed font size: (text, px, tag.class) for those under the limit.
SMALL_TEXT_JS = """
(limit) => {
    const small = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent.trim();
        const element = node.parentElement;
        if (!text || !element || element.closest('script, style, noscript, head')) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none' || parseFloat(style.opacity) === 0) continue;
        const boxes = element.getClientRects();
        if (!boxes.length || !boxes[0].width || !boxes[0].height) continue;     // not laid out: not seen
        if (element.closest('[aria-hidden="true"]') && !element.closest('mjx-container')) continue;
        const px = parseFloat(style.fontSize);
        if (px < limit) small.push([text.slice(0, 60), px, element.tagName + '.' + element.className]);
    }
    return small;
}
"""


def small_text(page, limit: float = SMALLEST_PX):
    """The visible texts of ``page`` smaller than ``limit`` px: a list of (text, px, element)."""
    return page.evaluate(SMALL_TEXT_JS, limit)


def assert_no_small_text(page, limit: float = SMALLEST_PX):
    """Fail naming every visible text under ``limit`` px (from the computed styles of the page)."""
    found = small_text(page, limit)
    assert not found, f"{len(found)} visible text(s) under {limit} px, e.g. {found[:8]}"


# Voilà's page scrolls inside #rendered_cells, not the window.
SCROLLER_JS = "document.querySelector('#rendered_cells') || document.scrollingElement"


def core_path_height(page) -> float:
    """How far down the page (px) the folded Going-further part starts: the height of the core path."""
    return page.evaluate("""() => {
        const further = document.querySelector('.boardkit-going-further');
        if (!further) return null;
        const scroller = %s;
        return further.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    }""" % SCROLLER_JS)


def page_height(page) -> float:
    """The height (px) of the whole lesson page, as its scroll bar measures it."""
    return page.evaluate(f"() => ({SCROLLER_JS}).scrollHeight")


def screenshot_screens(page, prefix: str, most: int = 30) -> list[str]:
    """Screenshots of the page one screen at a time, as a student scrolls it: ``prefix_01.png``, ... ."""
    height = page.viewport_size["height"]
    total = page_height(page)
    paths = []
    for number, top in enumerate(range(0, int(total), height), start=1):
        if number > most:
            break
        page.evaluate(f"(top) => {{ ({SCROLLER_JS}).scrollTop = top; }}", top)
        page.wait_for_timeout(300)
        paths.append(f"{prefix}_{number:02d}.png")
        page.screenshot(path=paths[-1])
    page.evaluate(f"() => {{ ({SCROLLER_JS}).scrollTop = 0; }}")
    return paths


def paragraph_px(page) -> float:
    """The computed font size of the lesson's first paragraph of text (a Markdown cell's)."""
    return page.evaluate("""() => {
        const p = document.querySelector('.jp-RenderedHTMLCommon p');
        return p ? parseFloat(getComputedStyle(p).fontSize) : null;
    }""")


# Every visible control whose words do not fit it: a button or label that overflows (ipywidgets cuts it
# with an ellipsis), or a menu narrower than its chosen option and its arrow. Boxes 2 px wide or less are
# hidden on purpose (the "Skip the board" button until it has the focus).
CUT_CONTROLS_JS = """
() => {
    const cut = [];
    const measure = document.createElement('canvas').getContext('2d');
    for (const el of document.querySelectorAll('button, .widget-label, .widget-label-basic, select, .widget-readout')) {
        if (!el.getClientRects().length || el.clientWidth <= 2) continue;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        if (el.tagName === 'SELECT') {
            const option = el.options[el.selectedIndex];
            if (!option) continue;
            measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            // the menu's arrow is its background picture, in its right padding: the words keep 6 px from it
            const arrow = parseFloat(style.backgroundSize) || 0;
            const needed = measure.measureText(option.text).width + parseFloat(style.paddingLeft)
                           + Math.max(parseFloat(style.paddingRight), arrow + 6);
            if (needed > el.clientWidth + 1) cut.push([option.text, Math.round(needed), el.clientWidth]);
        } else if (el.scrollWidth > el.clientWidth + 1) {
            cut.push([el.textContent.trim().slice(0, 50), el.scrollWidth, el.clientWidth]);
        }
    }
    return cut;
}
"""


# The texts in HTML widgets that run over more than one line, their lines further apart than 1.6 times their
# size: ipywidgets gives an HTML widget its controls' height as line height (to sit beside a button), which
# spreads a paragraph apart.  Rows are told apart by the tops of the text's boxes.
SPREAD_LINES_JS = """
() => Array.from(document.querySelectorAll('.widget-html-content')).filter(box => box.getClientRects().length)
    .flatMap(box => [box, ...box.querySelectorAll('*')])
    .filter(e => Array.from(e.childNodes).some(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim()))
    .map(e => {
        const range = document.createRange();
        range.selectNodeContents(e);
        const tops = Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => r.top).sort((a, b) => a - b);
        const rows = tops.filter((top, i) => i === 0 || top - tops[i - 1] > 4).length;
        return [e.textContent.trim().slice(0, 40), parseFloat(getComputedStyle(e).lineHeight),
                parseFloat(getComputedStyle(e).fontSize), rows];
    })
    .filter(([, line, px, rows]) => rows > 1 && line > 1.6 * px)
"""


def spread_lines(page):
    """The HTML widgets' texts of more than one line whose lines stand further apart than 1.6 times their text's
    size: a list of (text, line height px, font px, rows)."""
    return page.evaluate(SPREAD_LINES_JS)


# The code blocks in the page's text ("For coders") whose lines wrap: a block shows more rows of text than it has
# lines.  Rows are told apart by the tops of the text's boxes (a line's coloured pieces share one row).
WRAPPED_CODE_JS = """
() => Array.from(document.querySelectorAll('.jp-RenderedMarkdown pre')).filter(e => e.getClientRects().length)
    .map(pre => {
        const lines = pre.textContent.split('\\n').filter(line => line.trim()).length;
        const range = document.createRange();
        range.selectNodeContents(pre);
        const tops = Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => r.top).sort((a, b) => a - b);
        const rows = tops.filter((top, i) => i === 0 || top - tops[i - 1] > 2).length;
        return [pre.textContent.trim().split('\\n')[0].slice(0, 60), lines, rows];
    })
    .filter(([, lines, rows]) => rows > lines)
"""


# A code block in a lesson's text with the words after it closer than half a line ("For coders": the sentence
# under the code read as one more line of it)
CRAMPED_CODE_JS = """
() => Array.from(document.querySelectorAll('.jp-RenderedMarkdown pre')).map(pre => pre.closest('.highlight') || pre)
    .filter(block => block.getClientRects().length && block.nextElementSibling
            && block.nextElementSibling.getClientRects().length)
    .map(block => [block.textContent.trim().split('\\n').slice(-1)[0].slice(0, 60),
                   Math.round(block.nextElementSibling.getBoundingClientRect().top - block.getBoundingClientRect().bottom),
                   parseFloat(getComputedStyle(block.nextElementSibling).fontSize)])
    .filter(([, gap, px]) => gap < px / 2)
"""


def cramped_code(page):
    """The visible code blocks with the text after them closer than half a line: (last line, gap px, text px)."""
    return page.evaluate(CRAMPED_CODE_JS)


def wrapped_code(page):
    """The visible code blocks whose lines wrap: a list of (first line, lines, rows on the page)."""
    return page.evaluate(WRAPPED_CODE_JS)


def cut_controls(page):
    """The visible controls whose words are cut: a list of (text, px needed, px given)."""
    return page.evaluate(CUT_CONTROLS_JS)


def assert_large_type_scales_text(page, factor: float = 1.4):
    """Press Large type: the first paragraph's text grows by about ``factor``, no control's words are cut and
    no code line wraps; press again: back.  axe-core finds no serious accessibility problem, with Large type off or on."""
    assert_accessible(page, "with Large type off")
    before = paragraph_px(page)
    toggle = page.locator(".boardkit-large-type button, button.boardkit-large-type").first
    toggle.click()
    page.wait_for_function("(before) => { const p = document.querySelector('.jp-RenderedHTMLCommon p');"
                           " return p && parseFloat(getComputedStyle(p).fontSize) > before; }", arg=before,
                           timeout=15_000)
    after = paragraph_px(page)
    assert abs(after / before - factor) < 0.1, (before, after)
    assert cut_controls(page) == [], "controls whose words Large type cuts"
    assert spread_lines(page) == [], "a text's lines spread apart (ipywidgets' control height as line height)"
    assert wrapped_code(page) == [], "code blocks whose lines wrap in Large type"
    assert cramped_code(page) == [], "code blocks with the words after them closer than half a line"
    assert_accessible(page, "in Large type")
    toggle.click()
    page.wait_for_function("(before) => { const p = document.querySelector('.jp-RenderedHTMLCommon p');"
                           " return p && parseFloat(getComputedStyle(p).fontSize) === before; }", arg=before,
                           timeout=15_000)


def assert_title_first(page) -> None:
    """The lesson's title is the first thing on its page: above its buttons (Large type, Class tally)."""
    title = page.locator("h1").first.bounding_box()
    button = page.locator(".boardkit-large-type button, button.boardkit-large-type").first.bounding_box()
    assert title["y"] + title["height"] <= button["y"], f"the page's buttons {button} sit above its title {title}"


def assert_teachers_page_accessible(page, timeout: int = 180_000, class_line: bool = True) -> None:
    """Open the teacher's page of the lesson ``page`` shows (``?teacher=<BOARDKIT_TEACHER_KEY>``, the same Voilà,
    a kernel of its own) beside it, with its Teacher notes open (a lesson with a ``class_line`` has them: how to
    start a class is there, not in the projected flow): axe-core finds no critical or serious WCAG 2.1 A/AA
    problem with Large type off, then on.  The lesson tests call it last, on the server their student's page came from, so no test starts a server for it."""
    from playwright.sync_api import expect

    teacher = page.context.new_page()
    try:
        teacher.goto(page.url.split("?")[0] + "?teacher=" + os.environ["BOARDKIT_TEACHER_KEY"], timeout=timeout)
        wait_for_lesson(teacher, timeout, settle_ms=1000)
        if class_line:  # the kernel hears it is the teacher's a moment after the page has drawn
            teacher.get_by_role("button", name="Teacher notes").click(timeout=60_000)
            panel = teacher.locator(".boardkit-teacher-panel")
            panel.wait_for(state="visible", timeout=15_000)
            # how to start a class is in the Teacher notes, not in the projected flow
            expect(panel).to_contain_text("No class is running", timeout=15_000)
            assert "console" not in teacher.locator(".boardkit-class-line").inner_text()
            # the Class tally switch is a compact button beside Large type, not a bar across the page
            tally = teacher.get_by_role("button", name="Class tally").bounding_box()
            assert tally["width"] < 0.4 * teacher.viewport_size["width"], f"Class tally is a bar: {tally}"
        assert_title_first(teacher)
        assert_accessible(teacher, "on the teacher's page")
        before = paragraph_px(teacher)
        teacher.locator(".boardkit-large-type button, button.boardkit-large-type").first.click()
        teacher.wait_for_function("(before) => { const p = document.querySelector('.jp-RenderedHTMLCommon p');"
                                  " return p && parseFloat(getComputedStyle(p).fontSize) > before; }",
                                  arg=before, timeout=15_000)
        teacher.wait_for_timeout(500)
        assert_accessible(teacher, "on the teacher's page in Large type")
    finally:
        teacher.close()


# --- predictions ---------------------------------------------------------------------------------------
STEP_MS = 60_000          # one click answered by a kernel on a shared 2-core machine
ANSWER_MS = 240_000       # a reveal that plays thousands of games there


def prediction(page, n: int):
    """The ``n``-th prediction box of the page (from 0)."""
    return page.locator(".boardkit-prediction").nth(n)


def lock_and_reveal(page, box, table: bool = True):
    """Show the answer is disabled until Lock; Lock disables every input; then Show the answer.

    Returns the first table of the answer, or None with ``table=False``.
    """
    from playwright.sync_api import expect

    reveal = box.locator("button.boardkit-reveal")
    expect(reveal).to_be_disabled()
    # switched off, Show the answer is plainly off and still readable on a projector (it was faded: 2.2:1)
    assert_switched_off_controls_readable(box.page, ".boardkit-prediction")
    # ipywidgets sends a widget's new values one message at a time (the next waits for the kernel's
    # answer), while a button's click goes at once: a Lock clicked right after a burst of arrow keys
    # can reach the kernel before the slider's last value.  A student's hand is slower than this.
    box.page.wait_for_timeout(1_000)
    box.locator("button.boardkit-lock").click()
    expect(reveal).to_be_enabled(timeout=STEP_MS)
    inputs = box.locator("input[type=radio], .noUi-target")
    assert inputs.count() > 0
    for i in range(inputs.count()):
        item = inputs.nth(i)
        if item.evaluate("e => e.tagName") == "INPUT":
            expect(item).to_be_disabled()
        else:
            assert item.get_attribute("disabled") is not None
    reveal.click()
    if not table:
        return None
    answer = box.locator("table.boardkit-table").first
    answer.wait_for(timeout=ANSWER_MS)
    expect(box).to_contain_text("Your prediction")
    return answer


#: What a button says while it waits for another button's study (boardkit.lessons.output.WAITING), once the
#: study has run GREY_AFTER (0.3 s)
WAITING_WORDS = "Wait: still working"


def watch_waiting_buttons(page) -> None:
    """From now on, note the most buttons seen greyed at once saying WAITING_WORDS, and when they and the first
    progress bar first showed (read them with :func:`waiting_buttons_seen`)."""
    page.evaluate("""(words) => {
        const seen = window.__bkWaiting = {most: 0, greyed: null, bar: null, cut: []};
        const look = () => {
            const now = performance.now();
            const greyed = [...document.querySelectorAll('button:disabled')].filter(b => b.innerText.includes(words));
            seen.most = Math.max(seen.most, greyed.length);
            for (const b of greyed) if (b.scrollWidth > b.clientWidth + 1) seen.cut.push([b.scrollWidth, b.clientWidth]);
            if (greyed.length && seen.greyed === null) seen.greyed = now;
            if (seen.bar === null && document.querySelector('.widget-hprogress')) seen.bar = now;
        };
        new MutationObserver(look).observe(document.body,
            {subtree: true, childList: true, attributes: true, characterData: true});
    }""", WAITING_WORDS)


def waiting_buttons_seen(page) -> dict:
    """{"most": buttons greyed at once saying why, "greyed" and "bar": when they and a progress bar first showed
    (ms, None if never), "cut": [px needed, px given] of any whose words did not fit} since
    :func:`watch_waiting_buttons`."""
    return page.evaluate("() => window.__bkWaiting")


def assert_core_path_fits(page, app_selector: str, record_property=None, screens: int = 4, screen_px: int = 900,
                          app_on_one_screen: bool = True, canvas: str | None = None, canvas_words_px: float = 24):
    """The core path, besides the game's App, fits ``screens`` screens; no text under 14 px; Large type works;
    the App on a projector (and the words drawn on its ``canvas``): see assert_app_fits_a_projector."""
    app_height = page.locator(app_selector).first.evaluate("e => e.getBoundingClientRect().height")
    core = core_path_height(page)
    if record_property is not None:
        record_property("core_path_px", round(core))
    print(f"core path {core:.0f} px, of which the App {app_height:.0f} px")
    assert core - app_height <= screens * screen_px, (core, app_height)
    assert_no_small_text(page)
    assert_large_type_scales_text(page)
    assert_app_fits_a_projector(page, app_selector, one_screen=app_on_one_screen, canvas=canvas,
                                canvas_words_px=canvas_words_px)


# --- the App on a projector (1920x1080, Large type) ----------------------------------------------------
# The height of an App's play area: from its first shown part to the last part before "The board in words" (or
# other reading matter, ``boardkit-reading``: Philo Vance's knowledge grid) (the board, the status line, the
# choices, the controls and the settings), and each part's height.
APP_PLAY_AREA_JS = """
(app) => {
    const parts = [];
    for (const child of app.children) {
        if (child.classList.contains('boardkit-mirror') || child.classList.contains('boardkit-reading')) break;
        const box = child.getBoundingClientRect();
        if (box.height > 2) parts.push([child.className.split(' ').filter(c => !c.startsWith('lm-')).join('.'),
                                        Math.round(box.top), Math.round(box.bottom)]);
    }
    const top = Math.min(...parts.map(p => p[1])), bottom = Math.max(...parts.map(p => p[2]));
    return {height: bottom - top, parts: parts.map(p => [p[0], p[2] - p[1]])};
}
"""
# Every visible text of an element, in page order, with its computed font size (px); canvases draw their own.
TEXT_SIZES_JS = """
(root) => {
    const sizes = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!node.textContent.trim() || !element || element.closest('style, script')) continue;
        if (!element.getClientRects().length || element.closest('.boardkit-skip')) continue;
        sizes.push([node.textContent.trim().slice(0, 40), parseFloat(getComputedStyle(element).fontSize)]);
    }
    return sizes;
}
"""

# Before a page loads: every word a canvas draws (fillText) is logged with its font size and how much a maximum
# width squeezed it (1: not at all), and the size of the canvas drawn on (ipycanvas draws each layer on a canvas
# of its own, then onto the one shown, at the same pixel size).
CANVAS_WORDS_JS = """
(() => {
    const words = window.boardkitCanvasWords = [];
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, x, y, maxWidth) {
        const width = this.measureText(String(text)).width;
        words.push({text: String(text), px: parseFloat(this.font.match(/([\\d.]+)px/)[1]),
                    canvas: [this.canvas.width, this.canvas.height],
                    squeeze: maxWidth === undefined || !width ? 1 : Math.min(1, maxWidth / width)});
        return fillText.apply(this, arguments);
    };
})();
"""
# The words (2 characters or more: not a swatch's initial or a card's suit mark) drawn on canvases the size of the
# shown canvas ``selector`` since the log was emptied, each with its size on screen: its font size times the
# canvas's CSS scale (its width on the page over its width in pixels).
CANVAS_WORDS_ON_SCREEN_JS = """
(selector) => {
    const shown = [...document.querySelectorAll(selector)].find(c => c.offsetParent);
    if (!shown) return {scale: 0, words: []};
    const scale = shown.getBoundingClientRect().width / shown.width;
    return {scale: scale, words: window.boardkitCanvasWords
        .filter(w => w.canvas[0] === shown.width && w.canvas[1] === shown.height && w.text.trim().length > 1)
        .map(w => ({text: w.text, px: Math.round(w.px * scale * 10) / 10, squeeze: Math.round(w.squeeze * 100) / 100}))};
}
"""


def record_canvas_words(page) -> None:
    """From the next page load on, log every word a canvas draws (see CANVAS_WORDS_JS)."""
    page.add_init_script(CANVAS_WORDS_JS)


def canvas_words_on_screen(page, selector: str) -> dict:
    """``{"scale": the canvas's CSS scale, "words": [{"text", "px" on screen, "squeeze"}, ...]}``: the words drawn
    on the shown canvas ``selector`` since the log was emptied (``record_canvas_words`` before the page loads)."""
    return page.evaluate(CANVAS_WORDS_ON_SCREEN_JS, selector)


def app_play_area(page, app_selector: str) -> dict:
    """The App's play area: ``{"height": px, "parts": [(class, px), ...]}`` (see APP_PLAY_AREA_JS)."""
    return page.locator(app_selector).first.evaluate(APP_PLAY_AREA_JS)


#: the smallest a word drawn on an App's canvas may be on a laptop's screen (as any text: SMALLEST_PX)
LAPTOP_PX = SMALLEST_PX


def assert_canvas_words_at_least(page, canvas: str, px: float, when: str) -> None:
    """Every word drawn on the shown canvas ``canvas`` (since the log was emptied) is at least ``px`` high on
    screen in the window as it is now."""
    drawn = canvas_words_on_screen(page, canvas)
    size = page.viewport_size
    small = [w for w in drawn["words"] if w["px"] < px]
    assert drawn["words"] and not small, \
        f"words on {canvas} under {px} px at {size['width']}x{size['height']} {when}: {small[:6]}"


def assert_app_fits_a_projector(page, app_selector: str, factor: float = 1.4, size=(1920, 1080),
                                one_screen: bool = True, canvas: str | None = None, canvas_words_px: float = 24):
    """At 1920x1080 in Large type the App's play area (board, status, choices, controls, settings: all but the
    board in words and the game log, which follow) fits one screen (unless ``one_screen`` is false), and every
    text of the App (but the canvas's own drawing) is about ``factor`` times its size without Large type.
    With ``canvas`` (a selector; ``record_canvas_words`` before the page loaded), every word the App redraws
    there in Large type is at least ``canvas_words_px`` high on screen, for the back of a room, and none is
    squeezed by a maximum width to under 0.85 of its width; and in the window
    as it was (a laptop's 1280x900), with Large type off and on, every word there is at least ``LAPTOP_PX``.
    The window is set back."""
    old = page.viewport_size
    if canvas is not None:
        assert_canvas_words_at_least(page, canvas, LAPTOP_PX, "without Large type")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    app = page.locator(app_selector).first
    before, paragraph = app.evaluate(TEXT_SIZES_JS), paragraph_px(page)
    toggle = page.locator(".boardkit-large-type button, button.boardkit-large-type").first
    if canvas is not None:
        page.evaluate("() => { window.boardkitCanvasWords.length = 0; }")   # the words Large type redraws
    toggle.click()
    page.wait_for_function("(before) => { const p = document.querySelector('.jp-RenderedHTMLCommon p');"
                           " return p && parseFloat(getComputedStyle(p).fontSize) > before; }",
                           arg=paragraph, timeout=15_000)
    if canvas is not None:
        page.wait_for_function(f"() => ({CANVAS_WORDS_ON_SCREEN_JS})({canvas!r}).words.length > 0", timeout=15_000)
    page.wait_for_timeout(500)                      # the page lays itself out again
    try:
        if canvas is not None:
            drawn = canvas_words_on_screen(page, canvas)
            print(f"{canvas} in Large type at {size[0]}x{size[1]}: CSS scale {drawn['scale']:.3f}, words on screen "
                  + ", ".join(f"{w['text']!r} {w['px']} px" + (f" (squeezed to {w['squeeze']})" if w["squeeze"] < 1
                                                               else "") for w in drawn["words"]))
            small = [w for w in drawn["words"] if w["px"] < canvas_words_px]
            assert not small, f"words on {canvas} under {canvas_words_px} px on screen: {small}"
            squeezed = [w for w in drawn["words"] if w["squeeze"] < 0.84]
            assert not squeezed, f"words on {canvas} squeezed to under 0.85 of their width: {squeezed}"
        area = app_play_area(page, app_selector)
        after = app.evaluate(TEXT_SIZES_JS)
        print(f"{app_selector} at {size[0]}x{size[1]} in Large type: play area {area}")
        assert area["height"] <= size[1] or not one_screen, \
            f"the App is {area['height']} px tall in Large type: {area['parts']}"
        changed = [(old, new) for (old, _), (new, _) in zip(before, after) if old != new]
        assert len(before) == len(after) and not changed, f"the App changed while measured: {changed[:4]}"
        small = [(text, px, grown) for (text, px), (_, grown) in zip(before, after) if grown < px * (factor - 0.1)]
        assert not small, f"{len(small)} App text(s) that Large type does not enlarge: {small[:8]}"
        assert cut_controls(page) == [], "controls whose words Large type cuts at 1920 px"
        if canvas is not None:
            page.set_viewport_size(old)
            page.wait_for_timeout(500)
            assert_canvas_words_at_least(page, canvas, LAPTOP_PX, "in Large type")
    finally:
        toggle.click()
        page.set_viewport_size(old)

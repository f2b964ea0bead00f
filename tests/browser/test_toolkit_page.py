"""The lesson toolkit in a real browser (Voilà + Chromium): big type, Large type, predict-lock-reveal, tinker."""
import pytest
from playwright.sync_api import expect

from harness import console_errors, new_page
from lesson_helpers import (WAITING_WORDS, assert_large_type_scales_text, assert_no_small_text, core_path_height,
                            small_text, waiting_buttons_seen, watch_waiting_buttons)

pytestmark = pytest.mark.browser
NOTEBOOK = "tests/browser/fixtures/lesson_toolkit.ipynb"


@pytest.fixture(scope="module")
def toolkit_pages(voila_server, browser):
    """``page_for(group)``: the file's pages, one page (1280x900) per group of tests that leave each other's
    widgets as they found them, loaded at the group's first test.  A page load is most of a test here (a
    kernel runs the notebook, Chromium builds the page: about 6 CPU-s), so seven tests load three pages."""
    pages = {}

    def page_for(group):
        if group not in pages:
            page = new_page(browser)
            page.goto(voila_server(NOTEBOOK), timeout=120_000)
            page.wait_for_selector(".boardkit-going-further", timeout=120_000)
            page.wait_for_selector(".boardkit-prediction button.boardkit-lock", timeout=60_000)
            pages[group] = page
        return pages[group]

    yield page_for
    for page in pages.values():
        page.context.close()


@pytest.fixture
def toolkit_page(toolkit_pages):
    """The page of the tests that read it or change Large type and put it back, and of those that lock the
    prediction and answer the quick check (each leaves its own widget answered)."""
    return toolkit_pages("reading")


@pytest.fixture
def tinker_page(toolkit_pages):
    """The page of the tests that change the rule control (the hand limit stays where they leave it)."""
    return toolkit_pages("tinker")


@pytest.fixture
def resized_page(toolkit_pages):
    """The page whose window is resized, with Large type left on."""
    return toolkit_pages("resized")


def test_no_text_under_14_px_and_large_type_scales_it_by_1_4(toolkit_page):
    page = toolkit_page
    assert_no_small_text(page)
    assert_large_type_scales_text(page, 1.4)
    assert small_text(page, 14) == []
    assert core_path_height(page) > 0
    assert console_errors(page) == []


def test_a_chart_grows_with_large_type_and_names_its_title(toolkit_page):
    page = toolkit_page
    chart = page.locator("img.boardkit-chart")
    chart.wait_for(timeout=30_000)
    assert chart.get_attribute("alt") == "A chart: A chart"
    width = chart.evaluate("e => e.getBoundingClientRect().width")
    sharp = chart.evaluate("e => e.naturalWidth")
    assert 700 < width < 900 and sharp >= 1.35 * width    # 8 inches at 100 dpi, drawn with 1.4 times the pixels
    toggle = page.locator(".boardkit-large-type button, button.boardkit-large-type").first
    toggle.click()
    page.wait_for_function("w => document.querySelector('img.boardkit-chart').getBoundingClientRect().width > w + 50",
                           arg=width, timeout=15_000)
    large = chart.evaluate("e => e.getBoundingClientRect().width")
    page_width = page.evaluate("document.querySelector('.jp-Notebook').getBoundingClientRect().width")
    assert abs(large / width - 1.4) < 0.05 or large >= page_width - 120, (width, large, page_width)
    toggle.click()
    page.wait_for_function("w => Math.abs(document.querySelector('img.boardkit-chart').getBoundingClientRect().width"
                           " - w) < 2", arg=width, timeout=15_000)


def test_the_answer_is_shown_only_after_the_prediction_is_locked(toolkit_page):
    page = toolkit_page
    prediction = page.locator(".boardkit-prediction")
    reveal = prediction.locator("button.boardkit-reveal")
    assert reveal.is_disabled()
    prediction.locator("button.boardkit-lock").click()
    page.wait_for_function("() => !document.querySelector('.boardkit-prediction button.boardkit-reveal').disabled",
                           timeout=30_000)
    reveal.click()
    answer = prediction.locator("table.boardkit-table")
    answer.wait_for(timeout=30_000)
    text = answer.inner_text()
    # the slider starts half way (50%), where it pulls no guess up or down
    assert "Your prediction" in text and "50%" in text and "Exact answer" in text and "20.3% (" in text


def test_a_rule_control_changes_the_rules_and_a_refused_value_shows_the_games_message(tinker_page):
    page = tinker_page
    controls = page.locator(".boardkit-rule-controls")
    checkbox = controls.locator("input[type=checkbox]")
    checkbox.click()
    page.wait_for_timeout(500)
    slider = controls.locator(".widget-slider").first
    readout = slider.locator(".widget-readout")
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("7")
    page.keyboard.press("Enter")
    page.get_by_text("hand limit 7").wait_for(timeout=30_000)
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("0")
    page.keyboard.press("Enter")
    error = controls.locator(".boardkit-rule-error")
    page.wait_for_function("() => document.querySelector('.boardkit-rule-error').textContent.includes('Cards you may keep: 0 is too small')",
                           timeout=30_000)
    assert "We keep 7." in error.inner_text() and "hand_limit" not in error.inner_text()
    assert readout.inner_text().strip() == "7"                      # the slider shows the limit in use
    assert page.get_by_text("hand limit 7").count() == 1


def test_a_quick_check_answers_with_its_reason(toolkit_page):
    page = toolkit_page
    check = page.locator(".boardkit-quick-check")
    check.get_by_text("6", exact=True).click()
    check.locator("button.boardkit-check").click()
    page.wait_for_function("() => document.querySelector('.boardkit-quick-check').innerText.includes('Not quite')",
                           timeout=30_000)
    assert "four dates and the Dud" in check.inner_text()


def test_a_picker_keeps_each_row_as_tall_as_its_words_when_the_window_changes_size(resized_page):
    page = resized_page
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.locator(".boardkit-large-type button, button.boardkit-large-type").first.click()
    page.wait_for_function("() => document.querySelector('.boardkit-large-type.mod-active, "
                           ".boardkit-large-type .mod-active')", timeout=15_000)
    page.wait_for_timeout(1000)
    overrun = "() => [...document.querySelectorAll('.boardkit-pick .widget-checkbox')].filter(box =>" \
              " box.querySelector('label.widget-label-basic').getBoundingClientRect().height" \
              " > box.getBoundingClientRect().height + 1).map(box => box.textContent.trim())"
    for width, height in ((1920, 1080), (1280, 900), (1920, 1080), (1280, 900)):    # a projector, a laptop, ...
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(400)
        assert page.evaluate(overrun) == [], f"clues that run over the next row at {width}x{height}"
    # the count line's lines stand as close as the lesson's text (ipywidgets' control height was its line height)
    line, size = page.locator(".boardkit-pick-count .widget-html-content").evaluate(
        "e => [parseFloat(getComputedStyle(e).lineHeight), parseFloat(getComputedStyle(e).fontSize)]")
    assert line <= 1.6 * size, (line, size)


def test_a_slow_change_greys_the_pages_buttons_saying_why_in_words_that_fit_large_type(tinker_page):
    # the kernel does one thing at a time: a press meanwhile would wait with no sign
    page = tinker_page
    page.locator(".boardkit-large-type button, button.boardkit-large-type").first.click()
    page.wait_for_timeout(1_000)
    watch_waiting_buttons(page)
    readout = page.locator(".boardkit-rule-controls .widget-slider").first.locator(".widget-readout")
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("9")                      # a change that takes a second (the fixture's slow_at_9)
    page.keyboard.press("Enter")
    page.get_by_text("hand limit 9").wait_for(timeout=30_000)
    seen = waiting_buttons_seen(page)
    assert seen["most"] == 2 and not seen["cut"], seen           # the Lock and the quick check's Check
    expect(page.get_by_text(WAITING_WORDS)).to_have_count(0)     # then back
    expect(page.locator("button.boardkit-check")).to_have_text("Check")
    expect(page.locator("button.boardkit-check")).to_be_enabled()

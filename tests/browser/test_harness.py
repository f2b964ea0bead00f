"""Proves the browser harness: Voilà serves a drawing notebook, Chromium shows real pixels."""

import time

import pytest

from harness import (canvas_pixel_stats, click_button, console_errors, wait_for_canvas,
                     wait_for_pixels_to_change)

pytestmark = pytest.mark.browser

DEMO = "tests/browser/fixtures/render_demo.ipynb"


def test_render_demo_draws_and_reacts_to_clicks(voila_server, browser_page, record_property):
    page = browser_page
    url = voila_server(DEMO)

    start = time.monotonic()
    page.goto(url, timeout=60_000)
    wait_for_canvas(page, timeout=60_000, min_drawn=50_000)
    first_draw = time.monotonic() - start
    record_property("seconds_to_drawn_canvas", round(first_draw, 2))
    print(f"\npage request -> drawn canvas: {first_draw:.2f} s")

    before = canvas_pixel_stats(page)
    assert before["canvases"] == 1  # the MultiCanvas shows its layers in one <canvas>
    assert before["non_background"] > 0.2 * before["pixels"]  # board, card, die, pawns
    assert before["major_colours"] >= 6  # background, white, blue, text, vermillion, pawns...
    label = page.get_by_text("Die shows 3")
    assert label.is_visible()

    clicked = time.monotonic()
    click_button(page, "Roll")
    page.get_by_text("Die shows 4").wait_for(timeout=10_000)
    wait_for_pixels_to_change(page, before["digest"])
    record_property("seconds_click_to_redraw", round(time.monotonic() - clicked, 2))
    print(f"click -> redrawn canvas: {time.monotonic() - clicked:.2f} s")
    after = canvas_pixel_stats(page)
    assert after["digest"] != before["digest"]
    assert after["non_background"] > 0.2 * after["pixels"]  # redrawn, not wiped

    assert console_errors(page) == []

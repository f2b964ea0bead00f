"""Unit tests for boardkit.render that need no browser.

An ipycanvas Canvas works in plain Python: its drawing commands go to a
canvas manager that would send them to the browser. The ``sent`` fixture
replaces that last sending step with a list, so a test can read exactly
which messages (and which commands in each) the browser would get.
"""


import numpy as np
import pytest
from ipycanvas import Canvas, hold_canvas
from ipycanvas.canvas import _CANVAS_MANAGER

from boardkit import render as r
from boardkit.render import palette



@pytest.fixture
def canvas():
    return Canvas(width=800, height=600)


def drawn(messages):
    """All command names of all messages, in order."""
    return [name for message in messages for name in message if name]


# --- safe_hold ---------------------------------------------------------------

def test_safe_hold_sends_whole_block_as_one_message(canvas, sent):
    with r.safe_hold(canvas):
        canvas.fill_rect(0, 0, 10, 10)
        canvas.fill_circle(5, 5, 3)
        assert sent == []  # nothing leaves while held
    assert sent == [["fillRect", "fillCircle"]]
    assert _CANVAS_MANAGER._caching is False


def test_every_safe_hold_message_names_its_canvas_first(canvas, sent, monkeypatch):
    """A browser that connects late must still know which canvas a message draws on."""
    from ipycanvas.canvas import COMMANDS
    names = {v: k for k, v in COMMANDS.items()}
    raw = []
    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom",
                        lambda command, buffers=[]: raw.append([names[c[0]] for c in command]))
    for _ in range(2):                         # the same canvas twice: the second message still names it
        with r.safe_hold(canvas):
            canvas.fill_rect(0, 0, 10, 10)
    assert raw == [["switchCanvas", "fillRect"], ["switchCanvas", "fillRect"]]


def test_safe_hold_flushes_and_reraises(canvas, sent):
    with pytest.raises(ZeroDivisionError):
        with r.safe_hold(canvas):
            canvas.fill_rect(0, 0, 10, 10)
            1 / 0
    assert sent == [["fillRect"]]  # what was drawn before the error still arrives
    assert _CANVAS_MANAGER._caching is False
    canvas.stroke_rect(0, 0, 5, 5)  # later drawing goes out at once again
    assert sent[-1] == ["strokeRect"]


def test_plain_hold_canvas_trap_and_safe_hold_repairs_it(canvas, sent):
    """design.md §4: after an error inside hold_canvas, drawing is silently held forever."""
    with pytest.raises(RuntimeError):
        with hold_canvas():
            canvas.fill_rect(0, 0, 10, 10)
            raise RuntimeError("bug in a redraw")
    canvas.stroke_rect(0, 0, 5, 5)
    assert sent == []  # the trap: nothing reaches the browser

    with r.safe_hold(canvas):
        canvas.fill_circle(1, 1, 1)
    assert sent == [["fillRect", "strokeRect", "fillCircle"]]
    assert _CANVAS_MANAGER._caching is False


def test_nested_safe_hold_sends_once_at_the_outermost_end(canvas, sent):
    with r.safe_hold(canvas):
        with r.safe_hold(canvas):
            canvas.fill_rect(0, 0, 1, 1)
        assert sent == []
        canvas.fill_rect(1, 1, 1, 1)
    assert sent == [["fillRect", "fillRect"]]


def test_nested_safe_hold_error_still_flushes_everything(canvas, sent):
    with pytest.raises(KeyError):
        with r.safe_hold(canvas):
            canvas.fill_rect(0, 0, 1, 1)
            with r.safe_hold(canvas):
                canvas.stroke_rect(0, 0, 1, 1)
                raise KeyError("inner")
    assert sent == [["fillRect", "strokeRect"]]
    assert _CANVAS_MANAGER._caching is False


# --- boards ------------------------------------------------------------------

def on_rectangle_edge(xs, ys, x, y, w, h):
    inside = (xs >= x - 1e-9) & (xs <= x + w + 1e-9) & (ys >= y - 1e-9) & (ys <= y + h + 1e-9)
    on_edge = np.isclose(xs, x) | np.isclose(xs, x + w) | np.isclose(ys, y) | np.isclose(ys, y + h)
    return bool(np.all(inside & on_edge))


@pytest.mark.parametrize("n", [4, 8, 24, 40])
def test_ring_positions_divisible_by_four(n):
    x, y, w, h = 50, 40, 600, 400
    xs, ys = r.ring_positions(n, x, y, w, h)
    assert isinstance(xs, np.ndarray) and xs.shape == ys.shape == (n,)
    assert len(set(zip(xs.round(6), ys.round(6)))) == n
    assert on_rectangle_edge(xs, ys, x, y, w, h)
    corners = [(xs[i], ys[i]) for i in (0, n // 4, n // 2, 3 * n // 4)]
    assert corners == [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    assert list(r.corner_indices(n)) == [0, n // 4, n // 2, 3 * n // 4]
    # Clockwise from the top-left: the next space is to the right along the top.
    assert ys[1] == y and xs[1] > x
    # Equal spacing along each side.
    steps = np.hypot(np.diff(np.append(xs, xs[0])), np.diff(np.append(ys, ys[0])))
    assert np.allclose(steps[: n // 4], w / (n // 4))
    assert np.allclose(steps[n // 4: n // 2], h / (n // 4))


@pytest.mark.parametrize("n", [5, 10, 13, 31])
def test_ring_positions_any_count(n):
    xs, ys = r.ring_positions(n, 0, 0, 300, 300)
    assert len(set(zip(xs.round(6), ys.round(6)))) == n
    assert on_rectangle_edge(xs, ys, 0, 0, 300, 300)
    corner_points = {(xs[i], ys[i]) for i in r.corner_indices(n)}
    assert corner_points == {(0, 0), (300, 0), (300, 300), (0, 300)}


def test_ring_positions_rejects_nonsense():
    with pytest.raises(ValueError):
        r.ring_positions(3, 0, 0, 100, 100)
    with pytest.raises(ValueError):
        r.ring_positions(8, 0, 0, 0, 100)


def test_draw_ring_board_is_vectorised(canvas, sent):
    n = 24
    xs, ys = r.ring_positions(n, 60, 60, 480, 480)
    labels = ["OPEN\nDOOR" if i % 6 == 0 else "TAKE 1" for i in range(n)]
    corners = np.zeros(n, dtype=bool)
    corners[r.corner_indices(n)] = True
    with r.safe_hold(canvas):
        r.draw_ring_board(canvas, (xs, ys), 60, [palette.BLUE] * n, labels, corners)
    commands = drawn(sent)
    assert len(sent) == 1
    assert commands.count("fillStyledRects") == 1  # all squares in one command
    assert commands.count("strokeRects") == 2  # outlines, then thick corner outlines
    assert commands.count("fillText") == 4 * 2 + 20  # two lines on each corner


# --- cards -------------------------------------------------------------------

def test_card_at_hits_misses_and_edges():
    rects = [(10, 10, 50, 80), (100, 10, 50, 80)]
    assert r.card_at(30, 50, rects) == 0
    assert r.card_at(120, 20, rects) == 1
    assert r.card_at(80, 50, rects) is None  # the gap between cards
    assert r.card_at(10, 10, rects) == 0  # top-left edge is inside
    assert r.card_at(60, 50, rects) is None  # right edge is outside
    assert r.card_at(5, 5, []) is None


def test_card_at_prefers_the_card_drawn_last():
    fan = [(0, 0, 60, 90), (30, 0, 60, 90), (60, 0, 60, 90)]
    assert r.card_at(45, 10, fan) == 1
    assert r.card_at(70, 10, fan) == 2
    assert r.card_at(10, 10, fan) == 0


def test_card_face_shows_label_and_back_hides_it(canvas, sent):
    with r.safe_hold(canvas):
        r.draw_card(canvas, 0, 0, 120, 170, colour=palette.VERMILLION, pattern="stripes",
                    label=3, sublabel="Formal Dance")
    face = drawn(sent)
    assert face.count("fillText") == 2
    sent.clear()
    with r.safe_hold(canvas):
        r.draw_card(canvas, 0, 0, 120, 170, colour=palette.VERMILLION, pattern="stripes",
                    label=3, face_up=False, highlight=True)
    back = drawn(sent)
    assert "fillText" not in back
    assert "setLineDash" in back  # the highlight ring is dashed
    assert back.count("save") == back.count("restore")


# --- shapes, patterns, dice, pawns -------------------------------------------

def test_every_shape_draws_and_polygon_outlines_differ(canvas, sent):
    outlines = {}
    for shape in palette.SHAPES:
        r.draw_shape(canvas, shape, 100, 100, 40, fill=palette.BLUE, stroke=palette.TEXT)
        if shape != "circle":
            pts = r.shape_points(shape, 0, 0, 40)
            assert np.all(np.hypot(pts[:, 0], pts[:, 1]) <= 40 * 0.6)  # about the given size
            outlines[shape] = tuple(sorted(map(tuple, pts.round(3))))
    assert len(set(outlines.values())) == len(outlines)
    commands = drawn(sent)
    assert commands.count("fillCircle") == 1
    assert commands.count("fillPolygon") == len(palette.SHAPES) - 1
    with pytest.raises(ValueError):
        r.draw_shape(canvas, "blob", 0, 0, 10, fill=palette.BLUE)


def test_patterns_are_drawn_differently(canvas, sent):
    seen = {}
    for pattern in palette.PATTERNS:
        sent.clear()
        with r.safe_hold(canvas):
            r.draw_pattern(canvas, pattern, 0, 0, 100, 40, palette.ORANGE)
        seen[pattern] = tuple(drawn(sent))
    assert seen["solid"] == ("set", "fillRect")
    for pattern in ("stripes", "dots", "cross-hatch"):
        assert "clip" in seen[pattern]  # marks stay inside the rectangle
    assert "fillCircles" in seen["dots"]
    assert "strokeLineSegments" in seen["stripes"] and "strokeLineSegments" in seen["cross-hatch"]


def test_stripes_go_one_way_and_cross_hatch_both(canvas, monkeypatch):
    directions = {}
    for pattern in ("stripes", "cross-hatch"):
        captured = []
        monkeypatch.setattr(canvas, "stroke_line_segments", captured.append)
        r.draw_pattern(canvas, pattern, 0, 0, 100, 40, palette.BLUE)
        (segments,) = captured
        dx = segments[:, 1, 0] - segments[:, 0, 0]
        dy = segments[:, 1, 1] - segments[:, 0, 1]
        directions[pattern] = set(np.sign(dx * dy))
    assert directions == {"stripes": {-1.0}, "cross-hatch": {-1.0, 1.0}}
    with pytest.raises(ValueError):
        r.draw_pattern(canvas, "tartan", 0, 0, 10, 10, palette.BLUE)


@pytest.mark.parametrize("value", range(1, 7))
def test_die_pips(value):
    xs, ys = r.pip_positions(value, 10, 20, 90)
    assert len(xs) == value
    assert len(set(zip(xs, ys))) == value
    assert np.all((xs > 10) & (xs < 100) & (ys > 20) & (ys < 110))
    assert np.isclose(xs.mean(), 55) and np.isclose(ys.mean(), 65)  # pips are balanced


def test_die_rejects_impossible_values(canvas):
    for bad in (0, 7, 2.5):
        with pytest.raises(ValueError):
            r.draw_die(canvas, 0, 0, 50, bad)


def test_pawn_draws_its_label(canvas, sent):
    r.draw_pawn(canvas, 50, 50, 40, palette.PLAYER_STYLES[2])
    assert "fillPolygon" in drawn(sent) and "fillText" in drawn(sent)


# --- palette -------------------------------------------------------------------

def test_players_differ_by_colour_shape_and_label():
    styles = palette.PLAYER_STYLES
    assert 4 <= len(styles) <= 6
    for field in ("colour", "shape", "label"):
        values = [getattr(s, field) for s in styles]
        assert len(set(values)) == len(values), field
    assert {s.shape for s in styles} <= set(palette.SHAPES)
    assert {s.colour for s in styles} <= set(palette.OKABE_ITO)


def test_text_is_readable():
    assert palette.contrast_ratio(palette.TEXT, palette.BACKGROUND) >= 7  # WCAG AAA
    for style in palette.PLAYER_STYLES:  # pawn labels are large bold text
        assert palette.contrast_ratio(palette.text_colour_on(style.colour), style.colour) >= 4.5


def test_suits_have_distinct_safe_colours_and_patterns():
    suits = palette.SUIT_COLOURS
    assert set(suits) == {"red", "green", "blue", "orange"}
    assert len({s.colour for s in suits.values()}) == 4
    assert sorted(s.pattern for s in suits.values()) == sorted(palette.PATTERNS)
    assert {s.colour for s in suits.values()} <= set(palette.OKABE_ITO)


def test_colour_helpers():
    assert palette.hex_to_rgb("#D55E00") == (213, 94, 0)
    assert palette.contrast_ratio("#000000", "#FFFFFF") == pytest.approx(21)
    assert palette.font(22, bold=True) == "bold 22px sans-serif"
    with pytest.raises(ValueError):
        palette.hex_to_rgb("red")


# --- animation and layout ------------------------------------------------------

def test_tween_keeps_ends_and_spaces_evenly():
    pts = r.tween([(0, 0), (12, 0), (12, 12)], 4)
    assert len(pts) == 2 * 4 + 1
    assert tuple(pts[0]) == (0, 0) and tuple(pts[-1]) == (12, 12)
    assert np.allclose(np.hypot(*np.diff(pts, axis=0).T), 3)


def test_animation_is_one_message_with_sleeps(canvas, sent):
    frames = []

    def draw_frame(c, point):
        frames.append(point)
        c.clear()
        r.draw_pawn(c, point[0], point[1], 30, palette.PLAYER_STYLES[0])

    r.animate_move(canvas, draw_frame, [(0, 0), (10, 0), (20, 0)], 50)
    assert frames == [(0, 0), (10, 0), (20, 0)]
    assert len(sent) == 1
    assert sent[0].count("sleep") == 2 and sent[0].count("clear") == 3


def test_responsive_sets_css_size(canvas):
    assert r.responsive(canvas) is canvas
    assert (canvas.layout.width, canvas.layout.height) == ("100%", "auto")

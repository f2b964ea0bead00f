"""The Sketcher's drawing as data: strokes, undo, clear, limits, saving and tracing."""
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.games.win_lose_draw import sketch as sk
from boardkit.games.win_lose_draw.sketch import Sketch, Stroke, pen_tip, trace


def line(sketch, points, colour="black", width=5, eraser=False):
    """Draw one whole stroke through ``points``; return it."""
    sketch.begin(*points[0], colour, width, eraser)
    for point in points[1:]:
        sketch.extend(*point)
    return sketch.end()


def test_a_stroke_keeps_its_pen_and_points_in_order():
    sketch = Sketch()
    assert len(sketch) == 0 and sketch.strokes == () and not sketch.drawing
    sketch.begin(10, 20, "blue", 10)
    assert sketch.drawing and sketch.extend(30, 40) and sketch.extend(50.04, 60.06)
    assert sketch.strokes == (Stroke("blue", 10, False, ((10.0, 20.0), (30.0, 40.0), (50.0, 60.1))),)
    stroke = sketch.end()
    assert not sketch.drawing and stroke.points[-1] == (50.0, 60.1)     # rounded to 0.1 px
    assert sketch.strokes == (stroke,) and sketch.n_points == 3


def test_points_closer_than_a_pixel_are_dropped():
    sketch = Sketch()
    sketch.begin(100, 100)
    assert sketch.extend(100.5, 100.5) is False
    assert sketch.extend(101, 100) is True                 # exactly MIN_STEP away
    assert sketch.strokes[0].points == ((100.0, 100.0), (101.0, 100.0))


def test_points_off_the_pad_are_moved_to_its_edge():
    sketch = Sketch(200, 100)
    sketch.begin(-30, 50)
    sketch.extend(250, 130)
    assert sketch.strokes[0].points == ((0.0, 50.0), (200.0, 100.0))


def test_the_eraser_is_a_stroke_that_undo_takes_back():
    sketch = Sketch()
    ink = line(sketch, [(10, 10), (90, 90)], "red", 10)
    rub = line(sketch, [(10, 90), (90, 10)], "red", 20, eraser=True)
    assert rub.eraser and rub.colour == "red" and sketch.strokes == (ink, rub)
    assert sketch.undo() and sketch.strokes == (ink,)


def test_undo_removes_the_last_whole_stroke_and_is_a_no_op_on_a_blank_pad():
    sketch = Sketch()
    first = line(sketch, [(1, 1), (5, 5), (9, 9)])
    line(sketch, [(50, 50), (60, 60)])
    assert sketch.undo() is True
    assert sketch.strokes == (first,) and sketch.n_points == 3
    assert sketch.undo() is True and sketch.strokes == ()
    assert sketch.undo() is False and sketch.strokes == ()


def test_undo_while_drawing_drops_the_stroke_being_drawn():
    sketch = Sketch()
    first = line(sketch, [(1, 1), (5, 5)])
    sketch.begin(100, 100)
    sketch.extend(120, 120)
    assert sketch.undo() and not sketch.drawing and sketch.strokes == (first,)


def test_clear_wipes_the_pad_and_undo_brings_it_back():
    sketch = Sketch()
    a = line(sketch, [(1, 1), (5, 5)])
    b = line(sketch, [(10, 10), (50, 50)], "green")
    assert sketch.clear() is True and sketch.strokes == () and sketch.n_points == 0
    c = line(sketch, [(70, 70), (80, 80)])
    assert sketch.undo() and sketch.strokes == ()           # first the stroke drawn after the clear
    assert sketch.undo() and sketch.strokes == (a, b)       # then the drawing the clear wiped
    assert sketch.n_points == 4 and c not in sketch.strokes
    assert sketch.undo() and sketch.strokes == (a,)


def test_clearing_a_blank_pad_keeps_the_wiped_drawing_for_undo():
    sketch = Sketch()
    a = line(sketch, [(1, 1), (5, 5)])
    sketch.clear()
    assert sketch.clear() is False                          # already blank: nothing happens
    assert sketch.undo() and sketch.strokes == (a,)


def test_clear_while_drawing_keeps_the_unfinished_stroke_for_undo():
    sketch = Sketch()
    sketch.begin(10, 10)
    sketch.extend(20, 20)
    sketch.clear()
    assert not sketch.drawing and sketch.strokes == ()
    assert sketch.undo() and sketch.strokes[0].points == ((10.0, 10.0), (20.0, 20.0))


def test_replay_steps_cover_every_point_once_in_drawing_order():
    sketch = Sketch()
    line(sketch, [(i * 2, 10) for i in range(1, 26)])       # 25 points
    line(sketch, [(10, 100)])                                # a dot
    line(sketch, [(i * 3, 200) for i in range(1, 11)])      # 10 points
    pieces = sketch.replay_steps(7)
    covered = [(i, p) for i, start, stop in pieces for p in range(start, stop)]
    expected = [(i, p) for i, s in enumerate(sketch.strokes) for p in range(len(s.points))]
    assert covered == expected                              # in order, no gaps, no repeats
    assert max(stop - start for _, start, stop in pieces) == math.ceil(36 / 7)
    assert Sketch().replay_steps() == []
    with pytest.raises(ValueError, match="steps"):
        sketch.replay_steps(0)


def test_to_dict_is_json_and_round_trips():
    sketch = Sketch(400, 300)
    line(sketch, [(10, 10), (20.5, 30.25), (40, 60)], "orange", 2)
    line(sketch, [(100, 100)], "black", 20, eraser=True)
    data = json.loads(json.dumps(sketch.to_dict()))
    assert data["width"] == 400 and data["strokes"][1] == {
        "colour": "black", "width": 20, "eraser": True, "points": [[100.0, 100.0]]}
    again = Sketch.from_dict(data)
    assert again == sketch and again.n_points == 4 and not again.drawing
    assert again.to_dict() == sketch.to_dict()


def test_a_stroke_being_drawn_is_saved_as_it_is_now():
    sketch = Sketch()
    sketch.begin(10, 10)
    sketch.extend(30, 30)
    again = Sketch.from_dict(sketch.to_dict())
    assert again.strokes == sketch.strokes and not again.drawing


GOOD = {"width": 100, "height": 80, "strokes": [
    {"colour": "blue", "width": 5, "eraser": False, "points": [[1, 2], [3, 4]]}]}


def broken(path, value):
    data = json.loads(json.dumps(GOOD))
    *parents, last = path
    target = data
    for key in parents:
        target = target[key]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value
    return data


@pytest.mark.parametrize("path, value, says", [
    (["width"], 10, "width=10"),
    (["height"], "80", "height='80'"),
    (["strokes"], {}, "strokes"),
    (["strokes", 0, "colour"], "pink", r"strokes\[0\].colour='pink'"),
    (["strokes", 0, "width"], 7, r"strokes\[0\].width=7"),
    (["strokes", 0, "width"], True, r"strokes\[0\].width=True"),
    (["strokes", 0, "eraser"], 0, r"strokes\[0\].eraser=0"),
    (["strokes", 0, "points"], [], r"strokes\[0\].points=\[\]"),
    (["strokes", 0, "points", 1], [3], r"strokes\[0\].points\[1\]=\[3\]"),
    (["strokes", 0, "points", 1], [3, "4"], r"strokes\[0\].points\[1\].y='4'"),
    (["strokes", 0, "points", 1], [3, float("nan")], r"points\[1\].y=nan"),
    (["strokes", 0, "points", 1], [101, 4], r"strokes\[0\].points\[1\]=\[101, 4\].*on the pad"),
    (["strokes", 0, "extra"], 1, r"strokes\[0\] has .*unknown keys \['extra'\]"),
    (["strokes", 0, "colour"], KeyError, r"missing keys \['colour'\]"),
])
def test_from_dict_refuses_bad_data_and_says_where(path, value, says):
    with pytest.raises(ValueError, match=says):
        Sketch.from_dict(broken(path, value))


def test_from_dict_refuses_what_is_not_a_dict_or_has_unknown_keys():
    for data in (None, [], "sketch", dict(GOOD, version=2)):
        with pytest.raises(ValueError, match="sketch"):
            Sketch.from_dict(data)
    assert Sketch.from_dict(json.loads(json.dumps(GOOD))).strokes[0].points == ((1.0, 2.0), (3.0, 4.0))


def snapshot(sketch):
    return sketch.strokes, sketch.drawing, sketch.n_points, sketch._cleared


@pytest.mark.parametrize("call, says", [
    (lambda s: s.begin(1, 1, "pink"), "colour='pink'.*black"),
    (lambda s: s.begin(1, 1, "black", 3), r"width=3.*\(2, 5, 10, 20\)"),
    (lambda s: s.begin(1, 1, "black", 5.0), "width=5.0"),
    (lambda s: s.begin(1, 1, "black", 5, "yes"), "eraser='yes'"),
    (lambda s: s.begin(float("nan"), 1), "x=nan.*finite"),
    (lambda s: s.begin(1, float("inf")), "y=inf"),
    (lambda s: s.begin("1", 1), "x='1'"),
    (lambda s: s.begin(True, 1), "x=True"),
    (lambda s: s.extend(5, 5), "no stroke is being drawn"),
    (lambda s: s.end(), "nothing to end"),
])
def test_bad_input_raises_and_changes_nothing(call, says):
    sketch = Sketch()
    line(sketch, [(1, 1), (9, 9)])
    sketch.clear()
    line(sketch, [(20, 20), (30, 30)])
    before = snapshot(sketch)
    with pytest.raises(ValueError, match=says):
        call(sketch)
    assert snapshot(sketch) == before


def test_begin_while_drawing_and_a_bad_point_while_drawing_change_nothing():
    sketch = Sketch()
    sketch.begin(1, 1)
    sketch.extend(10, 10)
    before = snapshot(sketch)
    with pytest.raises(ValueError, match="already being drawn"):
        sketch.begin(50, 50)
    with pytest.raises(ValueError, match="y=nan"):
        sketch.extend(3, float("nan"))
    assert snapshot(sketch) == before


@pytest.mark.parametrize("width, height", [(0, 100), (100, 5000), (100.0, 100), (True, 100), (100, None)])
def test_a_pad_of_a_silly_size_raises(width, height):
    with pytest.raises(ValueError, match="width|height"):
        Sketch(width, height)


def test_a_stroke_stops_at_max_points(monkeypatch):
    monkeypatch.setattr(sk, "MAX_POINTS", 5)
    sketch = Sketch()
    sketch.begin(0, 0)
    for x in range(1, 5):
        sketch.extend(x * 2, 0)
    before = snapshot(sketch)
    with pytest.raises(ValueError, match="at most 5 points"):
        sketch.extend(20, 0)
    assert snapshot(sketch) == before
    sketch.end()
    with pytest.raises(ValueError, match="points"):        # a saved stroke may not be longer either
        Sketch.from_dict({"width": 100, "height": 100, "strokes": [
            {"colour": "black", "width": 2, "eraser": False, "points": [[i, 0] for i in range(6)]}]})


def test_the_pad_stops_at_max_strokes_and_max_total_points(monkeypatch):
    monkeypatch.setattr(sk, "MAX_STROKES", 3)
    monkeypatch.setattr(sk, "MAX_TOTAL_POINTS", 7)
    sketch = Sketch()
    for i in range(3):
        line(sketch, [(10 * i, 0), (10 * i, 5)])
    before = snapshot(sketch)
    with pytest.raises(ValueError, match="at most 3 strokes"):
        sketch.begin(50, 50)
    assert snapshot(sketch) == before
    sketch.undo()
    line(sketch, [(60, 0)])
    assert sketch.n_points == 5
    sketch.undo()
    sketch.begin(70, 0)
    sketch.extend(70, 10)
    sketch.extend(70, 20)                                   # the 7th point
    with pytest.raises(ValueError, match="at most 7 points in all"):
        sketch.extend(70, 30)
    assert sketch.n_points == 7
    data = sketch.to_dict()
    data["strokes"][0]["points"].append([1, 1])
    with pytest.raises(ValueError, match="more than 7 points"):
        Sketch.from_dict(data)


# --- tracing a stroke as a smooth line -----------------------------------------------------------

def test_a_one_point_stroke_is_a_dot_and_two_points_a_straight_line():
    assert trace([(5, 6)]) == [] and pen_tip([(5, 6)]) == ("dot", 5, 6)
    assert trace([(0, 0), (10, 0)]) == [] and pen_tip([(0, 0), (10, 0)]) == ("line", 0, 0, 10, 0)
    assert trace([]) == [] and pen_tip([]) is None


def test_the_line_curves_through_midpoints_and_its_tip_reaches_the_last_point():
    points = [(0, 0), (10, 0), (10, 10), (20, 10)]
    assert trace(points) == [("move", 0, 0), ("curve", 10, 0, 10, 5), ("curve", 10, 10, 15, 10)]
    assert pen_tip(points) == ("line", 15, 10, 20, 10)      # from where the last curve ends


def test_tracing_the_new_points_carries_on_where_the_old_tracing_ended():
    points = [(0, 0), (10, 0), (10, 10), (20, 10), (20, 20)]
    assert trace(points[:3]) == [("move", 0, 0), ("curve", 10, 0, 10, 5)]
    assert trace(points, since=3) == [("move", 10, 5), ("curve", 10, 10, 15, 10), ("curve", 20, 10, 20, 15)]
    assert trace(points, since=5) == [] and trace(points[:2], since=1) == []


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 100), st.integers(0, 100)), min_size=1, max_size=30),
       st.lists(st.integers(1, 30), max_size=5))
def test_a_stroke_traced_piece_by_piece_gives_the_same_curves_as_all_at_once(points, cuts):
    """What a browser sees while the stroke is drawn is what a redraw shows."""
    curves, since = [], 0
    for stop in sorted({c for c in cuts if c < len(points)} | {len(points)}):
        piece = trace(points[:stop], since)
        if piece and curves:
            assert piece[0][1:] == curves[-1][3:]             # it starts where the last piece ended
        curves += piece[1:]
        since = stop
    assert curves == trace(points)[1:]


# --- random sequences keep the invariants -------------------------------------------------------

coordinate = st.floats(min_value=-50, max_value=1050, allow_nan=False)
op = st.one_of(
    st.tuples(st.just("begin"), coordinate, coordinate, st.sampled_from(sk.PEN_COLOURS),
              st.sampled_from(sk.WIDTHS), st.booleans()),
    st.tuples(st.just("extend"), coordinate, coordinate),
    st.tuples(st.just("end")), st.tuples(st.just("undo")), st.tuples(st.just("clear")),
    st.tuples(st.just("stroke"), st.lists(st.tuples(coordinate, coordinate), min_size=1, max_size=6)),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(op, max_size=40))
def test_random_drawing_keeps_the_invariants(ops):
    sketch = Sketch()
    for name, *args in ops:
        before = snapshot(sketch)
        if name == "stroke":
            if sketch.drawing:
                continue
            line(sketch, args[0])
            assert sketch.undo() and sketch.strokes == before[0]    # undo after begin+end restores
            line(sketch, args[0])
            continue
        try:
            getattr(sketch, name)(*args)
        except ValueError:
            assert snapshot(sketch) == before                        # an error changes nothing
        strokes = sketch.strokes
        assert len(sketch) == len(strokes) >= 0
        assert sketch.n_points == sum(len(s.points) for s in strokes)
        assert all(0 <= x <= sketch.width and 0 <= y <= sketch.height for s in strokes for x, y in s.points)
        assert all(math.hypot(b[0] - a[0], b[1] - a[1]) >= sk.MIN_STEP
                   for s in strokes for a, b in zip(s.points, s.points[1:]))
        again = Sketch.from_dict(json.loads(json.dumps(sketch.to_dict())))
        assert again == sketch and again.strokes == strokes

"""The sketch pad without a browser: pointer events as ipycanvas reports them, messages as it sends them.

A fake clock and a fake timer stand in for ``time.monotonic`` and the flush
thread, so the tests can say exactly when the pad sends a drawing message.
"""
import json

import ipywidgets as widgets
import pytest
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS, Canvas

from boardkit.games.win_lose_draw import view_pad as vp
from boardkit.games.win_lose_draw.sketch import PEN_COLOURS, WIDTHS, Sketch
from boardkit.render import palette
from view_helpers import wait_until

NAMES = {number: name for name, number in COMMANDS.items()}
ATTRS = {number: name for name, number in Canvas.ATTRS.items()}


class Frames:
    """A fake clock (seconds) and timer: ``advance(s)`` moves time on and runs the timers due."""

    def __init__(self):
        self.now = 1000.0
        self.timers = []

    def clock(self):
        return self.now

    def schedule(self, delay, callback):
        assert delay > 0
        self.timers.append((self.now + delay, callback))
        return self

    def cancel(self):
        pass

    def advance(self, seconds):
        self.now += seconds
        due = [t for t in self.timers if t[0] <= self.now + 1e-12]
        self.timers = [t for t in self.timers if t[0] > self.now + 1e-12]
        for _, callback in due:
            callback()


@pytest.fixture
def frames():
    return Frames()


@pytest.fixture
def messages(monkeypatch, frames):
    """Drawing messages sent to the browser: (fake time, [(command name, args), ...]) each."""
    sent = []

    def record(command, buffers=[]):
        batch = command if isinstance(command[0], list) else [command]
        sent.append((frames.now, [(NAMES[c[0]], c[1]) for c in batch]))

    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", record)
    yield sent
    _CANVAS_MANAGER._caching = False
    _CANVAS_MANAGER._commands_cache = []
    _CANVAS_MANAGER._buffers_cache = []


@pytest.fixture
def make_pad(frames, messages):
    pads = []

    def make(**kwargs):
        pad = vp.SketchPad(**kwargs)
        pad._clock = frames.clock
        pad._schedule = frames.schedule
        pads.append(pad)
        pad.redraw()                           # on the fake clock's time
        frames.advance(1.0)
        messages.clear()
        return pad
    yield make
    for pad in pads:
        assert pad.errors == [], pad.errors[0]
        pad.close()


def send(pad, event, x=None, y=None, **extra):
    """An event from the browser, as ipycanvas's view sends it."""
    content = {"event": event, **extra}
    if x is not None:
        content.update(x=x, y=y)
    pad.canvas._handle_custom_msg(content, [])


def touch(pad, event, *points):
    send(pad, event, touches=[{"x": x, "y": y} for x, y in points])


def key(pad, name, ctrl=False, shift=False):
    send(pad, "key_down", key=name, shift_key=shift, ctrl_key=ctrl, meta_key=False)


def names(message):
    """The drawing commands of a message, in order."""
    return [name for name, _ in message[1] if name != "switchCanvas"]


def layers(pad, message):
    """The commands of a message for each layer: {"ink": [(name, args), ...], "wet": [...]}."""
    ids = {f"IPY_MODEL_{pad.canvas[0].model_id}": "ink", f"IPY_MODEL_{pad.canvas[1].model_id}": "wet"}
    out, layer = {"ink": [], "wet": []}, None
    for name, args in message[1]:
        if name == "switchCanvas":
            layer = ids[args[0]]
        else:
            assert layer is not None, "every message must say first which canvas it draws on"
            out[layer].append((name, args))
    return out


def settings(commands):
    """The canvas attributes commands set, e.g. {"stroke_style": "#000000", ...} (last value wins)."""
    return {ATTRS[args[0]]: args[1] for name, args in commands if name == "set"}


def lines_to(commands):
    return [list(args) for name, args in commands if name == "lineTo"]


def drag(pad, frames, points, step_s=0.005):
    """Mouse down at the first point, moves through the rest ``step_s`` apart, up at the last."""
    send(pad, "mouse_down", *points[0])
    for point in points[1:]:
        frames.advance(step_s)
        send(pad, "mouse_move", *point)
    send(pad, "mouse_up", *points[-1])


def test_a_drag_becomes_one_stroke_of_the_chosen_pen(make_pad, frames):
    pad = make_pad()
    drag(pad, frames, [(100, 100), (120, 110), (140, 130), (160, 160)])
    assert pad.sketch.strokes[0].points == ((100.0, 100.0), (120.0, 110.0), (140.0, 130.0), (160.0, 160.0))
    stroke = pad.sketch.strokes[0]
    assert (stroke.colour, stroke.width, stroke.eraser) == ("black", 5, False)
    assert not pad.sketch.drawing


def test_at_most_one_message_per_frame_and_the_end_of_the_stroke_is_always_drawn(make_pad, frames, messages):
    pad = make_pad()
    points = [(100 + 7 * i, 200 + 3 * i) for i in range(40)]
    drag(pad, frames, points, step_s=0.004)        # a fast mouse: 250 events a second
    frames.advance(vp.FRAME_S)                     # the last frame ends: its timer draws the rest
    assert frames.timers == []
    times = [t for t, _ in messages]
    assert len(messages) >= 9                      # 0.16 s of drawing: about 10 frames
    assert all(b - a >= vp.FRAME_S - 1e-9 for a, b in zip(times, times[1:]))
    assert all(set(names(m)) <= {"set", "fillCircle", "beginPath", "moveTo", "quadraticCurveTo",
                                 "lineTo", "stroke", "clear"} for m in messages)
    last = layers(pad, messages[-1])
    assert list(points[-1]) in lines_to(last["ink"])     # the tip reached the last point and dried
    assert names((0, last["wet"])) == ["set", "set", "clear"]
    assert (pad._n_dry, pad._n_wet) == (1, 0)            # every point was sent


def test_the_first_point_after_a_quiet_frame_is_drawn_at_once(make_pad, frames, messages):
    pad = make_pad()
    send(pad, "mouse_down", 300, 300)
    assert len(messages) == 1                                               # a dot under the pen at once
    assert [n for n, _ in layers(pad, messages[0])["wet"]][-1] == "fillCircle"
    frames.advance(0.05)
    send(pad, "mouse_move", 340, 300)
    assert len(messages) == 2                                               # no waiting for a timer
    assert lines_to(layers(pad, messages[1])["wet"]) == [[340.0, 300.0]]    # the wet tip reaches the pen
    frames.advance(0.001)
    send(pad, "mouse_move", 360, 300)
    assert len(messages) == 2 and len(frames.timers) == 1                   # too soon: waits for the frame
    send(pad, "mouse_move", 380, 300)
    assert len(frames.timers) == 1                                          # still one timer for the frame
    frames.advance(vp.FRAME_S)
    assert len(messages) == 3 and lines_to(layers(pad, messages[2])["wet"]) == [[380.0, 300.0]]
    ink = layers(pad, messages[2])["ink"]
    assert [n for n, _ in ink if n != "set"] == ["beginPath", "moveTo", "quadraticCurveTo",
                                                 "quadraticCurveTo", "stroke"]   # the curves dry on the ink


def test_moves_without_the_button_down_draw_nothing(make_pad, frames, messages):
    pad = make_pad()
    for x in range(0, 200, 10):
        frames.advance(0.02)
        send(pad, "mouse_move", x, 50)
    assert pad.sketch.strokes == () and messages == []


def test_the_pen_leaving_the_pad_ends_the_stroke_at_the_edge(make_pad, frames):
    pad = make_pad()
    send(pad, "mouse_down", 900, 300)
    frames.advance(0.02)
    send(pad, "mouse_move", 950, 300)
    send(pad, "mouse_out", 975, 300)
    assert not pad.sketch.drawing and pad.sketch.strokes[0].points[-1] == (960.0, 300.0)
    frames.advance(0.02)
    send(pad, "mouse_move", 940, 300)              # back on the pad with no mouse down: no drawing
    assert len(pad.sketch.strokes[0].points) == 3


def test_a_second_mouse_down_ends_a_stroke_whose_mouse_up_was_lost(make_pad, frames):
    pad = make_pad()
    send(pad, "mouse_down", 10, 10)
    send(pad, "mouse_move", 50, 10)
    send(pad, "mouse_down", 100, 100)
    assert len(pad.sketch.strokes) == 2 and pad.sketch.drawing


def test_a_finger_draws_like_the_mouse(make_pad, frames, messages):
    pad = make_pad()
    touch(pad, "touch_start", (50, 60))
    frames.advance(0.02)
    touch(pad, "touch_move", (80, 90), (500, 500))   # a second finger is ignored
    frames.advance(0.02)
    touch(pad, "touch_move", (110, 120))
    touch(pad, "touch_end")                          # no fingers left: the stroke is done
    assert pad.sketch.strokes[0].points == ((50.0, 60.0), (80.0, 90.0), (110.0, 120.0))
    assert not pad.sketch.drawing
    touch(pad, "touch_start", (200, 200))
    touch(pad, "touch_cancel")
    assert len(pad.sketch.strokes) == 2 and not pad.sketch.drawing


def test_pens_widths_and_the_eraser_come_from_the_toolbar(make_pad, frames, messages):
    pad = make_pad()
    pad.colour_buttons["blue"].click()
    pad.width_buttons.value = 10
    assert pad.colour_buttons["blue"].description == "\u2713 Blue"      # marked by a tick, not only its hue
    assert pad.colour_buttons["black"].description == "Black"
    drag(pad, frames, [(10, 10), (40, 40)], step_s=0.02)
    frames.advance(vp.FRAME_S)                     # the frame ends: the stroke dries on the ink
    assert settings(layers(pad, messages[-1])["ink"]) == {"line_cap": "round", "line_join": "round",
                                                          "stroke_style": palette.BLUE, "line_width": 10}
    pad.eraser_button.value = True
    assert not any(b.description.startswith("\u2713") for b in pad.colour_buttons.values())
    frames.advance(0.02)
    drag(pad, frames, [(10, 40), (40, 10)], step_s=0.02)
    frames.advance(vp.FRAME_S)
    stroke = pad.sketch.strokes[-1]
    assert stroke.eraser and stroke.colour == "blue" and stroke.width == 10
    assert settings(layers(pad, messages[-1])["ink"])["stroke_style"] == vp.PAPER   # the eraser paints paper
    pad.colour_buttons["red"].click()                                    # a pen puts the eraser down
    assert pad.colour == "red" and not pad.eraser


def test_undo_and_clear_redraw_the_whole_pad_from_the_data(make_pad, frames, messages):
    pad = make_pad()
    drag(pad, frames, [(10, 10), (60, 60)], step_s=0.02)
    frames.advance(0.02)
    drag(pad, frames, [(100, 10), (160, 60), (200, 90)], step_s=0.02)
    frames.advance(0.02)
    messages.clear()
    pad.undo_button.click()
    assert len(pad.sketch) == 1 and len(messages) == 1
    redraw = layers(pad, messages[0])
    ink = [n for n, _ in redraw["ink"] if n != "set"]
    assert ink[0] == "fillRect" and ink.count("stroke") == 1    # paper, then one (two-point) stroke
    assert [n for n, _ in redraw["wet"] if n != "set"] == ["clear"]
    pad.clear_button.click()
    assert len(pad.sketch) == 0 and names(messages[-1]).count("stroke") == 0
    key(pad, "z", ctrl=True)                       # Ctrl+Z brings the cleared drawing back
    assert len(pad.sketch) == 1
    key(pad, "z")                                  # z alone does nothing
    assert len(pad.sketch) == 1
    key(pad, "U")
    assert len(pad.sketch) == 0
    assert pad.undo() is False and "Nothing to undo" in pad.notice.value


def test_a_browser_that_connects_gets_the_whole_drawing(make_pad, frames, messages):
    pad = make_pad()
    drag(pad, frames, [(10, 10), (60, 60), (90, 20)], step_s=0.02)
    frames.advance(0.02)
    drag(pad, frames, [(300, 300)])                # a dot
    frames.advance(0.02)
    messages.clear()
    send(pad, "client_ready")
    assert len(messages) == 1
    ink = [n for n, _ in layers(pad, messages[0])["ink"] if n != "set"]
    assert ink[0] == "fillRect" and ink.count("stroke") == 2 and ink.count("fillCircle") == 1   # curves + tip, dot


def test_a_new_sheet_is_blank_and_undo_cannot_bring_the_old_drawing_back(make_pad, frames, messages):
    pad = make_pad()
    drag(pad, frames, [(10, 10), (60, 60)], step_s=0.02)
    pad.clear()
    pad.new_sheet()
    assert len(pad.sketch) == 0 and pad.undo() is False
    assert (pad.sketch.width, pad.sketch.height) == (960, 600)
    ink = [n for n, _ in layers(pad, messages[-1])["ink"] if n != "set"]
    assert ink == ["fillRect"]                       # the blank paper was drawn


def test_switched_off_the_pad_ignores_the_pointer_and_greys_its_tools(make_pad, frames, messages):
    pad = make_pad()
    send(pad, "mouse_down", 10, 10)
    frames.advance(0.02)
    send(pad, "mouse_move", 50, 50)
    pad.enabled = False                            # the round ends mid-stroke: the stroke is kept, ended
    assert not pad.sketch.drawing and len(pad.sketch.strokes[0].points) == 2
    assert "wld-pad-off" in pad._dom_classes
    assert all(b.disabled for b in [*pad.colour_buttons.values(), pad.width_buttons, pad.eraser_button,
                                    pad.undo_button, pad.clear_button])
    frames.advance(0.02)
    drag(pad, frames, [(100, 100), (200, 200)], step_s=0.02)
    key(pad, "u")
    assert len(pad.sketch) == 1
    pad.enabled = True
    assert "wld-pad-off" not in pad._dom_classes and not pad.undo_button.disabled
    with pytest.raises(ValueError, match="enabled=1"):
        pad.enabled = 1


def test_changes_are_reported_to_on_change(make_pad, frames):
    pad = make_pad()
    seen = []
    pad.on_change(lambda sketch: seen.append(len(sketch)))
    drag(pad, frames, [(10, 10), (60, 60)], step_s=0.02)
    pad.undo()
    pad.clear()                                     # a blank pad: nothing to report
    pad.undo()                                      # nothing to undo: nothing to report
    assert seen == [1, 0]


def test_load_and_replay(make_pad, frames, messages):
    pad = make_pad()
    sketch = Sketch()
    for i in range(3):
        sketch.begin(10 + 100 * i, 10, PEN_COLOURS[i], 5)
        for j in range(1, 30):
            sketch.extend(10 + 100 * i + 2 * j, 10 + 3 * j)
        sketch.end()
    pad.load(Sketch.from_dict(json.loads(json.dumps(sketch.to_dict()))))
    assert pad.sketch == sketch and len(messages) == 1 and names(messages[0]).count("stroke") == 6
    messages.clear()
    seconds = pad.replay(speed=2)
    assert len(messages) == 1                       # the whole animation in one message
    sleeps = [args[0] for name, args in messages[0][1] if name == "sleep"]
    assert len(sleeps) == len(sketch.replay_steps(vp.REPLAY_STEPS)) and set(sleeps) == {vp.REPLAY_FRAME_MS / 2}
    assert seconds == pytest.approx(sum(sleeps) / 1000)
    with pytest.raises(ValueError, match="speed=0"):
        pad.replay(speed=0)
    with pytest.raises(ValueError, match="100x100"):
        pad.load(Sketch(100, 100))
    with pytest.raises(ValueError, match="sketch="):
        pad.load(sketch.to_dict())
    assert pad.sketch == sketch


def test_bad_settings_raise_and_change_nothing(make_pad):
    pad = make_pad()
    for name, value in [("colour", "pink"), ("width", 3), ("width", True), ("eraser", "yes")]:
        with pytest.raises(ValueError, match=f"{name}="):
            setattr(pad, name, value)
    assert (pad.colour, pad.width, pad.eraser) == ("black", 5, False)
    with pytest.raises(ValueError, match="sketch="):
        vp.SketchPad(sketch="drawing")


def test_a_full_stroke_says_so_instead_of_failing(make_pad, frames, monkeypatch):
    from boardkit.games.win_lose_draw import sketch as sk
    monkeypatch.setattr(sk, "MAX_POINTS", 3)
    pad = make_pad()
    drag(pad, frames, [(10, 10), (20, 20), (30, 30), (40, 40), (50, 50)], step_s=0.02)
    assert len(pad.sketch.strokes[0].points) == 3 and "at most 3 points" in pad.notice.value


def test_every_pen_colour_has_a_safe_hue_and_a_css_class(make_pad):
    pad = make_pad()
    assert set(vp.PEN_HEX) == set(PEN_COLOURS) and set(vp.WIDTH_NAMES) == set(WIDTHS)
    assert set(vp.PEN_HEX.values()) <= set(palette.OKABE_ITO)
    for name, button in pad.colour_buttons.items():
        assert f"wld-pad-colour-{name}" in button._dom_classes
    assert "wld-pad-canvas" in pad.canvas._dom_classes and "wld-pad-undo" in pad.undo_button._dom_classes


def test_with_the_real_timer_points_that_come_too_soon_are_drawn_a_frame_later(messages):
    pad = vp.SketchPad()                            # its first drawing was just sent: the next waits a frame
    try:
        send(pad, "mouse_down", 100, 100)
        send(pad, "mouse_move", 150, 100)
        send(pad, "mouse_move", 200, 100)
        wait_until(lambda: pad._n_wet == 3, timeout=5)
        assert lines_to(layers(pad, messages[-1])["wet"]) == [[200.0, 100.0]] and pad.errors == []
    finally:
        pad.close()


def test_tab_on_the_pad_moves_the_focus_on_or_back_to_the_toolbar(make_pad, frames, monkeypatch):
    """The canvas keeps every key from the browser, Tab included: Tab moves on to the first
    enabled widget after the pad (``next_focus``), Shift+Tab back to the toolbar's last
    button, and neither touches the drawing."""
    focused = []
    monkeypatch.setattr(widgets.Button, "focus", lambda button: focused.append(button))
    pad = make_pad()
    drag(pad, frames, [(10, 10), (60, 40)], step_s=0.02)
    drawing = pad.sketch.to_dict()
    assert len(pad.sketch) == 1
    busy, free = widgets.Button(disabled=True), widgets.Button()
    pad.next_focus = [busy, free]
    key(pad, "Tab")
    key(pad, "Tab", shift=True)
    assert focused == [free, pad.clear_button]
    pad.next_focus = []
    key(pad, "Tab")                                   # nothing after the pad: the focus stays
    assert focused == [free, pad.clear_button]
    assert pad.sketch.to_dict() == drawing


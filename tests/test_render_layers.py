"""``render.Layer``: a canvas layer that sends a drawing property only when the picture needs it.

The browser's canvas keeps its drawing properties (fill colour, font...) from one command to the next; a
Layer skips a set that would change nothing in the message being built.  These tests read the commands as
the browser gets them, and play them back the way a browser's canvas does, to check that every App draws
the same picture as it did on ipycanvas' plain canvases.
"""
import json

import pytest
from ipycanvas import Canvas, MultiCanvas
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS
from traitlets import TraitError

from boardkit import render as r
from boardkit.games import cluedo_cards, mouse_trap, mystery_date, philo_vance, win_lose_draw
from boardkit.render import app as app_module

NAMES = {number: name for name, number in COMMANDS.items()}
PROPERTY = {number: name for name, number in Canvas.ATTRS.items()}


@pytest.fixture
def raw(monkeypatch):
    """Every message sent to the browser: a list of (command name, its arguments, its binary buffers)."""
    messages = []

    def record(command, buffers=[]):
        batch = command if isinstance(command[0], list) else [command]
        buffers = [bytes(b) for b in buffers]
        message = []
        for code, *rest in batch:
            args = rest[0] if rest else []
            n_buffers = rest[1] if len(rest) > 1 else 0
            message.append((NAMES[code], args, buffers[:n_buffers]))
            buffers = buffers[n_buffers:]
        messages.append(message)

    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", record)
    yield messages
    _CANVAS_MANAGER._caching = False
    _CANVAS_MANAGER._commands_cache = []
    _CANVAS_MANAGER._buffers_cache = []


def sets(messages):
    """The property sets in ``messages``, per message: [(property, value), ...]."""
    return [[(PROPERTY[args[0]], args[1]) for name, args, _ in message if name == "set"] for message in messages]


# --- one layer ----------------------------------------------------------------------------------

def test_a_set_to_the_value_the_message_has_sends_nothing(raw):
    layer = r.Layer(width=100, height=100)
    with r.safe_hold(layer):
        layer.fill_style = "#FF0000"
        layer.fill_rect(0, 0, 10, 10)
        layer.fill_style = "#FF0000"           # the same: nothing to send
        layer.fill_rect(10, 0, 10, 10)
        layer.fill_style = "#0000FF"
        layer.fill_rect(20, 0, 10, 10)
    assert sets(raw) == [[("fill_style", "#FF0000"), ("fill_style", "#0000FF")]]
    assert layer.fill_style == "#0000FF"       # read back as on any canvas


def test_each_message_sets_what_it_uses_again(raw):
    """A browser that connects later gets only the later messages: each one sets its own properties."""
    layer = r.Layer(width=100, height=100)
    for _ in range(2):
        with r.safe_hold(layer):
            layer.font = "bold 22px sans-serif"
            layer.fill_text("Hi", 50, 50)
    assert sets(raw) == [[("font", "bold 22px sans-serif")]] * 2


def test_outside_a_hold_every_set_is_sent(raw):
    layer = r.Layer(width=100, height=100)
    layer.line_width = 3
    layer.line_width = 3
    assert [s for s in sets(raw) if s] == [[("line_width", 3)], [("line_width", 3)]]


def test_save_and_restore_are_honoured(raw):
    layer = r.Layer(width=100, height=100)
    with r.safe_hold(layer):
        layer.fill_style = "#FF0000"
        layer.save()
        layer.fill_style = "#FF0000"           # still red after save(): nothing to send
        layer.fill_style = "#00FF00"
        layer.restore()                        # red again in the browser
        layer.fill_style = "#FF0000"           # nothing to send
        layer.fill_style = "#00FF00"           # green must be sent again
        layer.restore()                        # back to a state saved by an earlier message: not known
        layer.fill_style = "#00FF00"
    assert sets(raw) == [[("fill_style", "#FF0000"), ("fill_style", "#00FF00"), ("fill_style", "#00FF00"),
                          ("fill_style", "#00FF00")]]


def test_a_line_dash_is_sent_when_it_changes(raw):
    layer = r.Layer(width=100, height=100)
    with r.safe_hold(layer):
        layer.set_line_dash([8, 6])
        layer.save()
        layer.set_line_dash([8, 6])            # the same: nothing to send
        layer.set_line_dash([])
        layer.restore()
        layer.set_line_dash([8, 6])            # dashed again after restore(): nothing to send
        layer.set_line_dash([5])               # an odd list is doubled, as ipycanvas does
    dashes = [args[0] for message in raw for name, args, _ in message if name == "setLineDash"]
    assert dashes == [[8, 6], [], [5, 5]]
    assert layer.get_line_dash() == [5, 5]


def test_a_bad_value_is_refused_as_on_any_canvas_and_sends_nothing(raw):
    layer = r.Layer(width=100, height=100)
    with r.safe_hold(layer):
        layer.text_align = "left"
        with pytest.raises(TraitError):
            layer.text_align = "middle"        # not a text_align
        with pytest.raises(TraitError):
            layer.fill_style = "not a colour"
        layer.text_align = "left"
    assert sets(raw) == [[("text_align", "left")]]
    assert layer.text_align == "left"


def test_a_value_checked_once_is_still_stored_as_traitlets_stores_it():
    first, second = r.Layer(), r.Layer()
    first.line_width = 2
    second.line_width = 2                      # checked before: stored without traitlets
    assert second.line_width == 2.0 and isinstance(second.line_width, float)


def test_layers_are_a_multicanvas_of_layers(raw):
    layers = r.Layers(3, width=320, height=200)
    assert isinstance(layers, MultiCanvas) and all(isinstance(layers[i], r.Layer) for i in range(3))
    assert (layers.width, layers.height) == (320, 200) and layers[2].width == 320
    heard = []
    layers.on_mouse_down(lambda x, y: heard.append((x, y)))
    layers._handle_custom_msg({"event": "mouse_down", "x": 5, "y": 6}, [])
    assert heard == [(5, 6)]


# --- every App draws the same picture as on plain canvases -------------------------------------

def replay(messages, fresh_each_message):
    """What a browser's canvases draw: every drawing command with the drawing properties it is drawn with.

    The canvases are numbered in the order they are first drawn on, so two Apps' drawings compare;
    ``fresh_each_message``: the
    browser knows nothing from earlier messages (one that connected late), else it keeps them (as one that
    saw everything).  A property never set reads as missing.
    """
    drawn, states, canvas, names = [], {}, None, {}
    for message in messages:
        if fresh_each_message:
            states = {}
        for name, args, buffers in message:
            if name == "switchCanvas":
                canvas = names.setdefault(args[0], len(names))
                continue
            stack = states.setdefault(canvas, [{}])
            if name == "set":
                stack[-1][PROPERTY[args[0]]] = args[1]
            elif name == "setLineDash":
                stack[-1]["line dash"] = args[0]
            elif name == "save":
                stack.append(dict(stack[-1]))
            elif name == "restore":
                stack[:] = stack[:-1] if len(stack) > 1 else [{}]
            else:
                drawn.append((canvas, name, json.dumps(args), buffers, sorted(stack[-1].items())))
    return drawn


def play(app_class, monkeypatch, layers_class, raw, seats):
    """An App on ``layers_class`` canvases: a redraw, then steps with their animations; its messages."""
    monkeypatch.setattr(app_module, "Layers", layers_class)
    app = app_class(n_players=4, seats=seats, seed=11)
    raw.clear()
    app.redraw()
    for _ in range(12):
        app._anim_until = 0.0                  # every step animates, whatever the machine's speed
        app.step()
    messages = list(raw)
    app.close()
    return messages


@pytest.mark.parametrize("game, seats", [
    (mystery_date, ["Collector"] * 4), (mouse_trap, ["Trapper"] * 4), (philo_vance, ["Detective"] * 4),
    (cluedo_cards, ["Shedder", "Revolverist", "Random", "Shedder"]), (win_lose_draw, ["Skilled 75%"] * 4)])
def test_every_app_draws_the_same_picture_as_on_plain_canvases(game, seats, monkeypatch, raw):
    before = play(game.App, monkeypatch, MultiCanvas, raw, seats)
    after = play(game.App, monkeypatch, r.Layers, raw, seats)
    assert len(after) == len(before)
    for fresh in (True, False):
        assert replay(after, fresh) == replay(before, fresh)
    # ... with fewer property sets
    n_sets = [sum(len(s) for s in sets(messages)) for messages in (before, after)]
    assert n_sets[1] < 0.7 * n_sets[0], n_sets

"""``mt.App`` and its drawing without a browser: ipywidgets objects work in plain Python.

Clicks are made the way the browser makes them: buttons through
``button.click()``, the canvas through the message ipycanvas sends
(``canvas._handle_custom_msg({"event": "mouse_down", "x": .., "y": ..})``).
Human decisions are set up with ``mt_helpers.arrange`` and forced rolls, so
no test depends on a lucky seed.
"""
import sys
import time

import pytest
from ipycanvas import Canvas, MultiCanvas

from boardkit import ScriptedChance
from boardkit import render as r
from boardkit.core import step as bot_step
from boardkit.games import mouse_trap as mt
from boardkit.games.mouse_trap import view_draw as vd
from boardkit.games.mouse_trap.game import CRANKING, ROLLING, SPLITTING
from boardkit.games.mouse_trap.rules import SPACE_KINDS, STAGES, parse_space
from mt_helpers import ALWAYS, CRANK_SPACE, SAFE, WHEEL, arrange, never_past, saved
from view_helpers import Unchanged, centre, counters, key_down, labels, make_apps, mouse_down, text

HUMAN_FIRST = ["human", "Trapper", "Trapper", "Trapper"]
BOTS = ["Trapper"] * 4


# --- helpers ------------------------------------------------------------------------

def pawn_point(app, seat):
    x, y, _ = vd.pawn_slots(app.geometry, app.game.positions)[seat]
    return x, y


def overlaps(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def inside(a, box):
    return box[0] <= a[0] and box[1] <= a[1] and a[0] + a[2] <= box[0] + box[2] and a[1] + a[3] <= box[1] + box[3]


@pytest.fixture
def make_app():
    """``make_app(**kwargs)`` builds an App and closes it (stopping autoplay) after the test."""
    yield from make_apps(mt.App)


@pytest.fixture
def crank_app(make_app):
    """``crank_app(odds, positions, cheese)``: seat 1 human, trap complete, her roll of 1
    stops on TURN CRANK; ``odds`` are the stage odds (ALWAYS, or never_past(k))."""
    def make(odds=ALWAYS, positions=(CRANK_SPACE - 1, WHEEL, 20, 30), cheese=(5, 3, 2, 1), seats=HUMAN_FIRST):
        app = make_app(rules=mt.Rules(stage_odds=odds), seats=seats, seed=1)
        arrange(app.game, positions=positions, cheese=cheese, parts="all")
        ScriptedChance.onto(app.game, rolls=[1])
        app.redraw()
        app.refresh()
        return app
    return make


# --- pure drawing: labels, colours, layout ------------------------------------------------

EXAMPLES = ["start", "blank", "build 2", "build 2-3", "build 2-3-4", "build 2-3-4 x2", "take 1", "lose 2",
            "back 3", "ahead 4", "cheese", "rival 3", "safe", "crank", "wheel"]


def test_every_space_kind_has_a_short_readable_label():
    assert {parse_space(t).kind for t in EXAMPLES} == set(SPACE_KINDS)
    labels_ = {t: vd.short_label(parse_space(t)) for t in EXAMPLES}
    assert labels_["build 2-3-4"] == "2-3-4"
    assert labels_["build 2-3-4 x2"] == "2-3-4\nBUILD 2"
    assert labels_["rival 3"] == "TAKE 3\nRIVAL"
    assert labels_["crank"] == "TURN\nCRANK" and labels_["wheel"] == "CHEESE\nWHEEL"
    assert labels_["blank"] == ""
    for t, label in labels_.items():
        lines = label.split("\n")
        assert len(lines) <= 2 and all(len(line) <= 7 for line in lines), t
    # no two kinds of space look alike (a label or a fill tells them apart)
    looks = {(labels_[t], vd.space_fill(parse_space(t), 4)) for t in EXAMPLES}
    assert len(looks) == len(EXAMPLES)


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_space_text_contrast_is_projector_safe(n_players):
    for t in EXAMPLES:
        fill = vd.space_fill(parse_space(t), n_players)
        assert r.contrast_ratio(r.text_colour_on(fill), fill) >= 4.5, (t, fill)
    assert r.contrast_ratio(vd.UNBUILT_TEXT, vd.UNBUILT_FILL) >= 4.5
    assert r.contrast_ratio(r.text_colour_on(vd.FAILED_FILL), vd.FAILED_FILL) >= 4.5
    assert r.contrast_ratio(r.TEXT, vd.WORKED_FILL) >= 4.5


def test_build_spaces_are_tinted_only_for_the_player_count_they_serve():
    space = parse_space("build 2-3")
    assert vd.space_fill(space, 2) == vd.space_fill(space, 3) == vd.BUILD_FILL
    assert vd.space_fill(space, 4) == vd.BUILD_IDLE_FILL


def test_the_mice_differ_in_shape_and_label_not_only_colour():
    styles = [vd.player_style(s) for s in range(4)]
    assert len({s.shape for s in styles}) == 4 and len({s.label for s in styles}) == 4
    assert len({vd.player_glyph(s) for s in range(4)}) == 4


def check_layout(layout, n_spaces):
    board = (vd.MARGIN, vd.MARGIN, vd.BOARD, vd.BOARD)
    rects = [layout.space_rect(p) for p in range(n_spaces)]
    for rect in rects:
        assert inside(rect, (board[0] - 0.01, board[1] - 0.01, board[2] + 0.02, board[3] + 0.02)), rect
    for i, a in enumerate(rects):                           # spaces never overlap
        for b in rects[i + 1:]:
            assert not overlaps((a[0] + 0.5, a[1] + 0.5, a[2] - 1, a[3] - 1), b)
    stages = [layout.stage_rect(i) for i in range(len(STAGES))]
    inner = layout.inner
    for i, a in enumerate(stages):
        assert inside(a, (inner[0], inner[1], inner[2] - inner[0], inner[3] - inner[1]))
        assert a[2] >= 100 and a[3] >= 56                   # two lines of 22 px text fit
        assert not any(overlaps(a, b) for b in stages[i + 1:])
        assert not any(overlaps(a, layout.space_rect(p)) for p in range(n_spaces))


@pytest.mark.parametrize("path_len,loop_len", [(None, None), (12, 3), (60, 6), (30, 10)])
def test_the_layout_fits_any_track(path_len, loop_len):
    rules = mt.Rules()
    if path_len:
        path = ("start",) + tuple(["build 2-3-4", "take 1", "blank"][i % 3] for i in range(path_len - 1))
        loop = ("safe",) + ("crank",) + ("blank",) * (loop_len - 3) + ("wheel",)
        rules = rules.replace(path=path, loop=loop)
    layout = vd.Layout.for_rules(rules)
    check_layout(layout, len(rules.spaces))
    if path_len is None:
        assert layout.space >= 78 and layout.loop_space >= 95       # big enough for a projector
        # the path's end leads straight into SAFE
        assert layout.ys[len(rules.path) - 1] == pytest.approx(layout.ys[rules.safe])


def mouse_box(seat, x, y, size):
    """(x, y, w, h) around the drawn shape of ``seat``'s mouse standing at (x, y) with ``size``."""
    shape = vd.player_style(seat).shape
    if shape == "circle":
        return (x - size / 2, y - size / 2, size, size)
    points = r.shape_points(shape, x, y, size)
    (x0, y0), (x1, y1) = points.min(axis=0), points.max(axis=0)
    return (x0, y0, x1 - x0, y1 - y0)


def test_four_mice_on_start_stand_under_its_label_side_by_side():
    """At the start all four mice are on START: a 2 x 2 group under the word, not on it."""
    rules = mt.Rules()
    layout = vd.Layout.for_rules(rules)
    (word, _, label_y, px), = vd.label_lines(layout, 0, rules.spaces[0])
    assert word == "START"
    slots = vd.pawn_slots(layout, [0, 0, 0, 0])
    boxes = [mouse_box(seat, *slots[seat]) for seat in range(4)]
    for box in boxes:
        assert box[1] >= label_y + px / 2                   # below the line the word is written in
        assert inside(box, layout.space_rect(0))
    for i, a in enumerate(boxes):                           # four mice, none hiding another
        assert not any(overlaps(a, b) for b in boxes[i + 1:])
    # slightly smaller than three side by side, not shrunk to dots
    three = layout.pawn_slot(0, 0, 3)[2]
    assert all(0.8 * three <= size < three for _, _, size in slots.values())


@pytest.mark.parametrize("count", [1, 2, 3, 4])
@pytest.mark.parametrize("path_len,loop_len", [(None, None), (12, 3), (30, 10), (60, 6)])
def test_mice_on_any_space_stand_under_every_line_of_its_label(path_len, loop_len, count):
    """One to four mice on one space: below the label's last line (two lines on TURN CRANK, TAKE 3
    RIVAL ...: then in one row), inside the space, none over another, at least 0.2 of its side.  (On a
    60-space track the spaces are 46 px: a two-line label of 22 px text fills one, and its mice stand
    over it.)"""
    rules = mt.Rules()
    if path_len:
        path = ("start",) + tuple(["build 2-3-4 x2", "rival 3", "blank"][i % 3] for i in range(path_len - 1))
        rules = rules.replace(path=path, loop=("safe", "crank") + ("blank",) * (loop_len - 3) + ("wheel",))
    layout = vd.Layout.for_rules(rules)
    two_lines = 0
    for position, space in enumerate(rules.spaces):
        lines = vd.label_lines(layout, position, space)
        if len(lines) == 2 and layout.size_of(position) < 3 * lines[0][3]:
            continue                                        # no room below two lines
        two_lines += len(lines) == 2
        slots = vd.pawn_slots(layout, [position] * count)
        boxes = [mouse_box(seat, *slots[seat]) for seat in range(count)]
        for box in boxes:
            assert all(box[1] >= y + px / 2 for _, _, y, px in lines), (position, space)
            assert inside(box, layout.space_rect(position)), (position, space)
        for i, a in enumerate(boxes):
            assert not any(overlaps(a, b) for b in boxes[i + 1:]), (position, space)
        assert all(size >= 0.2 * layout.size_of(position) for _, _, size in slots.values())
    assert two_lines >= (0 if path_len == 60 else 2)       # the Loop's TURN CRANK and CHEESE WHEEL at least


def test_right_column_panels_die_and_parts_do_not_overlap():
    layout = vd.Layout.for_rules(mt.Rules())
    panels = [vd.panel_rect(s, 4) for s in range(4)]
    others = [layout.die_rect, layout.pile_rect] + layout.part_rects(24)
    for p in panels:
        assert p[0] >= vd.MARGIN + vd.BOARD and p[0] + p[2] <= vd.WIDTH
        assert not any(overlaps(p, o) for o in others)
    for rect in layout.part_rects(24):
        assert rect[2] >= 30 and rect[1] + rect[3] <= vd.HEIGHT - 40
    assert len(layout.part_rects(40)) == 40 and layout.part_rects(0) == []


def test_stages_appear_in_building_order_as_parts_are_built():
    counts = [sum(vd.stage_built(i, parts, 24) for i in range(16)) for parts in range(25)]
    assert counts[0] == 0 and counts[2] == 0 and counts[3] == 1 and counts[24] == 16
    assert counts == sorted(counts)
    assert vd.stage_built(0, 3, 6) and not vd.stage_built(15, 5, 6)   # a shorter Building Plan
    assert vd.part_name(11, 24) == "metal ball" and vd.part_name(3, 10) == "part 3"


def test_crank_state_reads_the_crank_of_this_turn_only():
    from boardkit.games.mouse_trap import events as ev
    crank = ev.CrankTurned(0, (2,), 5, ())
    assert vd.crank_state([ev.Rolled(0, 3), crank, ev.Moved(2, 40, 35, "SAFE", "missed")]) == (0, (2,), 5)
    assert vd.crank_state([crank, ev.Rolled(1, 2)]) is None
    assert vd.crank_state([]) is None and vd.crank_state(None) is None


def test_a_failed_crank_shows_its_stage_and_the_ones_before_it_worked():
    game = mt.Game(mt.Rules(stage_odds=never_past(5)), n_players=4, seed=0)
    arrange(game, positions=[CRANK_SPACE - 1, WHEEL, 0, 0], cheese=[1, 0, 0, 0], parts="all")
    ScriptedChance.onto(game, rolls=[1])
    game.apply(mt.Roll())
    game.apply(mt.Crank())
    scene = vd.snapshot(game, ["human"] + BOTS[1:])
    states = vd.stage_states(scene)
    assert states[:5] == ["worked"] * 5 and states[5] == "failed" and states[6:] == ["built"] * 10
    assert scene.crank == (0, (1,), 5)


def test_redraw_and_the_crank_animation_each_travel_as_one_message(sent):
    rules = mt.Rules()
    layout = vd.Layout.for_rules(rules)
    game = mt.Game(rules, n_players=4, seed=0)
    arrange(game, positions=[CRANK_SPACE - 1, WHEEL, 0, 0], cheese=[1, 0, 0, 0], parts="all")
    before = vd.snapshot(game, BOTS)
    ScriptedChance.onto(game, rolls=[1])
    game.apply(mt.Roll())
    game.apply(mt.Crank())
    after = vd.snapshot(game, BOTS)
    canvas = MultiCanvas(3, width=vd.WIDTH, height=vd.HEIGHT)
    sent.clear()
    with r.safe_hold(canvas):
        vd.animate_crank(canvas[1], canvas[2], layout, before, after)
    assert len(sent) == 1
    reached = after.crank[2] + 1 if after.crank[2] < 16 else 16
    assert sent[0].count("sleep") >= reached                  # one beat per stage reached, at least
    assert vd.crank_duration(after.crank[2]) > 1.0


def test_hit_targets_find_the_die_panels_mice_and_trap():
    rules = mt.Rules()
    layout = vd.Layout.for_rules(rules)
    game = mt.Game(rules, n_players=4, seed=0)
    arrange(game, positions=[3, 3, 20, None], cheese=[0, 0, 0, 0])
    scene = vd.snapshot(game, BOTS)
    assert vd.target_at(layout, scene, *centre(layout.die_rect)).kind == "die"
    assert vd.target_at(layout, scene, *centre(vd.panel_rect(2, 4))).seat == 2
    hit = vd.target_at(layout, scene, *vd.pawn_slots(layout, scene.positions)[1][:2])
    assert (hit.kind, hit.seat) == ("pawn", 1)
    assert vd.target_at(layout, scene, *centre(layout.stage_rect(7))).kind == "trap"
    assert vd.target_at(layout, scene, *centre(layout.space_rect(rules.crank))).kind == "crank"
    assert vd.target_at(layout, scene, 5000, 5000) is None
    assert 3 not in vd.pawn_slots(layout, scene.positions)    # a caught mouse is off the board


# --- construction -------------------------------------------------------------------

def test_a_new_app_waits_for_the_human_roll(make_app):
    app = make_app(seed=1)
    assert app.seats == HUMAN_FIRST and app.n_players == 4
    assert app.roll_button.description == "Roll" and not app.roll_button.disabled
    assert "Player 1, your turn: press Roll" in text(app)
    assert counters(app) == (1, 0, "1")
    assert "Turn 1 \u00b7 trap: 0 of 24 parts built \u00b7 cheese pile: 30 \u00b7" in text(app)
    assert app.choice_buttons == []


def test_the_lesson_notebook_call_works(make_app):
    app = make_app(n_players=4, seats=["human", "Trapper", "Trapper", "Random"])
    assert app.seats == ["human", "Trapper", "Trapper", "Random"] and isinstance(app.seed, int)
    app3 = make_app(n_players=3, seats=["random", "TRAPPER", "human"], seed=0)
    assert app3.seats == ["Random", "Trapper", "human"]
    assert [d.layout.display for d in app3.seat_inputs] == [None, None, None, "none"]


# --- bots ---------------------------------------------------------------------------

def test_seed_4_ends_with_a_catch_and_a_winner(make_app):
    app = make_app(seats=BOTS, seed=4)
    while not app.game.is_over:
        app.step()
    assert app.cranks_animated >= 1                 # seed 4 ends with a catch
    assert "wins: the last mouse on the board" in text(app) and "Press New game" in text(app)


def drawn_up_to(app, number):
    """What the browser sends back once it has drawn everything up to the mark of words ``number``."""
    import io

    from PIL import Image

    png = io.BytesIO()
    Image.new("RGBA", (1, 1), ((number >> 16) & 255, (number >> 8) & 255, number & 255, 255)).save(png, "PNG")
    app._on_drawn({"new": png.getvalue()})


def test_quick_steps_the_words_wait_for_the_board_in_a_browser(make_app):
    """In a browser the status line, the board in words and the buttons change only once the browser has
    drawn the board they tell of (it sends the hidden mark's pixel back): quick Steps never run ahead."""
    app = make_app(seats=BOTS, seed=4)
    before = text(app), app.mirror.value
    app._on_mark_ready()                             # the page shows the App
    app.step()                                       # a roll, animated
    app.step()                                       # a second decision while it plays
    assert (text(app), app.mirror.value) == before and counters(app)[1] == 0      # not drawn yet
    drawn_up_to(app, 1)                              # the browser has played the roll
    assert counters(app)[1] == 1 and "Player" in text(app)
    drawn_up_to(app, 2)                              # ... and drawn the second decision
    assert counters(app)[1] == 2 and f"cheese pile: {app.game.pile}" in text(app)
    drawn_up_to(app, 1)                              # a late echo changes nothing
    assert counters(app)[1] == 2
    app.step()
    app._on_client_ready()                           # a page (re)loaded: redrawn now, and said now
    assert counters(app)[1] == 3


def test_a_mark_the_browser_never_sends_back_is_sent_again(make_app, monkeypatch):
    """A mark whose pixel is lost on its way back gets a new one (a few times at most): the words are
    shown once that comes back, never left behind for good."""
    from boardkit.render import app as app_module

    monkeypatch.setattr(app_module, "RESEND_S", 0.05)
    app = make_app(seats=BOTS, seed=4)
    app._on_mark_ready()
    app.step()                                       # its mark (1) is lost
    first = app._words_sent
    deadline = time.monotonic() + 10
    while app._words_sent == first and time.monotonic() < deadline:
        time.sleep(0.02)
    assert app._words_sent > first and counters(app)[1] == 0
    drawn_up_to(app, app._words_sent)                # the new mark came back
    assert counters(app)[1] == 1
    sent = app._words_sent
    time.sleep(0.3)
    assert app._words_sent == sent                   # nothing waits: no more marks
    app.refresh()                                    # a page that never answers: a few new marks, then no more
    time.sleep(0.05 * 2 * (app_module.MAX_RESENDS + 4))
    assert app._words_sent == sent + 1 + app_module.MAX_RESENDS


def test_the_browser_sends_each_mark_back_once(make_app, monkeypatch):
    """ipycanvas sends back the pixels of the canvas a message starts on as well as those it draws on: the
    mark's message ends on a canvas that sends nothing back, so the next drawing does not send the mark again."""
    from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS

    app = make_app(seats=BOTS, seed=4)
    app._on_mark_ready()
    batches = []
    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", lambda command, buffers=[]: batches.append(
        command if isinstance(command[0], list) else [command]))
    app.step()
    mark = next(b for b in batches if [COMMANDS["switchCanvas"], [f"IPY_MODEL_{app.drawn_mark.model_id}"]] in
                [c[:2] for c in b])
    switches = [c[1][0] for c in mark if c[0] == COMMANDS["switchCanvas"]]
    last = next(w for w in (app.drawn_mark, app._after_mark) if f"IPY_MODEL_{w.model_id}" == switches[-1])
    assert last is app._after_mark and not last.sync_image_data


def test_without_a_browser_the_words_change_at_once(make_app):
    app = make_app(seats=BOTS, seed=4)
    app.step()
    app.step()
    assert counters(app)[1] == 2


def test_a_stalemate_ends_and_says_so(make_app):
    app = make_app(rules=mt.Rules(max_turns=5), seats=BOTS, seed=3)
    while not app.game.is_over:
        app.step()
    assert "No winner (turn cap)" in text(app)
    with Unchanged(app):
        assert app.step() is None
        assert "The game is over" in text(app)
        mouse_down(app, *centre(app.geometry.die_rect))
        assert app.choose(mt.Roll()) is None


# --- a human seat: the die, the trap, the mice, buttons, keys --------------------------

def test_human_rolls_by_clicking_the_die(make_app):
    app = make_app(seats=HUMAN_FIRST, seed=1)
    mouse_down(app, *centre(app.geometry.die_rect))
    assert counters(app)[1] == 1 and "Player 1 rolls a" in text(app)
    assert app.game.current_player == 1 and app.roll_button.description == "Step"


def test_human_cranks_by_clicking_the_trap_and_catches(crank_app):
    app = crank_app(ALWAYS)
    mouse_down(app, *centre(app.geometry.die_rect))
    assert app.game.phase == CRANKING
    assert "you are on TURN CRANK and Player 2 is on the Cheese Wheel" in text(app)
    assert labels(app) == ["1. Pay a cheese to push Player 3's mouse (\u25b2)",
                           "2. Pay a cheese to push Player 4's mouse (\u25c6)", "3. Turn the crank"]
    assert app.roll_button.disabled
    scene = app._scene()
    assert scene.can_crank and scene.pushable == (2, 3)
    mouse_down(app, *centre(app.geometry.stage_rect(9)))
    assert app.game.positions[1] is None and app.game.cheese[0] == 8
    assert "the whole chain works and the cage falls! Player 2 is caught" in text(app)
    assert app.cranks_animated == 1
    assert vd.stage_states(app._scene()) == ["worked"] * 16
    assert app.game.current_player == 2                       # Player 2 is out: Player 3 plays


def test_a_failed_crank_is_shown_at_its_stage(crank_app):
    app = crank_app(never_past(5))
    app.step()
    key_down(app, "3")                                          # key 3: turn the crank
    assert "it stops at stage F (ball rolls down rickety stairs fails)" in text(app)
    assert "Player 2's mouse escapes to SAFE" in text(app)
    assert app.game.positions[1] == SAFE
    assert vd.stage_states(app._scene())[5] == "failed"
    assert app.cranks_animated == 1


def test_human_pushes_a_mouse_by_clicking_it_then_stops(crank_app):
    app = crank_app(ALWAYS, positions=(CRANK_SPACE - 1, 20, 30, SAFE), cheese=(3, 0, 0, 0))
    app.step()
    assert app.game.phase == CRANKING and "no mouse is on the Cheese Wheel" in text(app)
    with Unchanged(app):
        mouse_down(app, *pawn_point(app, 3))                    # on SAFE: cannot be pushed
        assert "is on SAFE: it cannot be pushed" in text(app)
        mouse_down(app, *centre(app.geometry.stage_rect(0)))
        assert "No mouse is on the Cheese Wheel" in text(app)
    ScriptedChance.onto(app.game, rolls=[2, 2])                 # her two pushes each roll a 2
    mouse_down(app, *pawn_point(app, 2))                        # Player 3's mouse: 30 -> 32
    assert app.game.positions[2] == 32 and app.game.cheese[0] == 2
    assert "Player 1 pays a cheese and rolls 2 for Player 3's mouse" in text(app)
    mouse_down(app, *centre(vd.panel_rect(1, 4)))               # her panel: push Player 2 too
    assert app.game.positions[1] == 22 and app.game.cheese[0] == 1
    assert labels(app)[-1] == "3. Stop and end the turn"
    app.choice_buttons[-1].click()
    assert "Player 1 chooses to stop and end the turn." in text(app)
    assert app.game.current_player == 1 and app.game.phase == ROLLING


def test_human_may_build_or_decline_with_buttons_or_the_trap(make_app):
    """The book: on a build space a player *may* build; the App offers both."""
    app = make_app(seats=HUMAN_FIRST, seed=1)
    game = arrange(app.game, positions=[2, 5, 6, 7], parts=4)
    ScriptedChance.onto(game, rolls=[1])                        # 3: build 2-3-4
    app.refresh()
    app.step()
    assert game.phase == "build" and labels(app) == ["1. Build", "2. Do not build"]
    assert "you may build part 5" in text(app)
    app.choice_buttons[1].click()
    assert "Player 1: decides not to build" in text(app)
    assert game.parts == 4 and game.cheese[0] == 0 and game.current == 1
    game = arrange(app.game, positions=[2, 5, 6, 7], parts=4)
    ScriptedChance.onto(game, rolls=[1])
    app.refresh()
    app.step()
    mouse_down(app, *centre(app.geometry.stage_rect(0)))        # the trap: build
    assert game.parts == 5 and game.cheese[0] == 1 and game.phase == ROLLING


def test_human_splits_a_take_between_tied_rivals_with_buttons(make_app):
    app = make_app(seats=HUMAN_FIRST, seed=1)
    game = arrange(app.game, positions=[18, 5, 6, 7], cheese=[0, 3, 3, 0])
    ScriptedChance.onto(game, rolls=[1])                        # 19: TAKE 3 FROM RIVAL WITH MOST
    app.refresh()
    app.step()
    assert game.phase == SPLITTING
    assert "Player 2 and Player 3 tie for the most cheese: choose how to take 3" in text(app)
    assert len(app.choice_buttons) == 4
    with Unchanged(app):
        mouse_down(app, *centre(vd.panel_rect(1, 4)))
        assert "split the cheese with the buttons" in text(app)
    app.choice_buttons[1].click()
    assert sum(game.cheese) == 6 and game.cheese[0] == 3 and game.phase == ROLLING


def test_clicks_that_mean_nothing_change_nothing_and_say_why(make_app):
    app = make_app(seats=HUMAN_FIRST, seed=1)
    g = app.geometry
    cases = [
        (centre(g.stage_rect(3)), "The trap has 0 of 24 parts"),
        (centre(vd.panel_rect(2, 4)), "That is Player 3's mouse"),
        (centre(g.space_rect(10)), "Player 1: Roll the die"),
        ((-5, 900), "Player 1: Roll the die"),
    ]
    for (x, y), notice in cases:
        with Unchanged(app):
            mouse_down(app, x, y)
        assert notice in text(app), (x, y)
        assert "\u26a0" in text(app)
    with Unchanged(app):
        assert app.choose(mt.Crank()) is None
    assert "You can't turn the crank now" in text(app)


def test_out_of_turn_clicks_and_choices_change_nothing(make_app):
    app = make_app(seats=["Trapper", "human", "Trapper", "Trapper"], seed=2)
    with Unchanged(app):
        mouse_down(app, *centre(app.geometry.die_rect))
        assert "It is Player 1's turn and a bot plays it" in text(app)
        assert app.choose(mt.Roll()) is None
        assert "It is Player 1's turn, a bot: press Step" in text(app)


def test_a_button_of_an_earlier_decision_does_nothing(crank_app):
    app = crank_app(ALWAYS, positions=(CRANK_SPACE - 1, WHEEL - 1, 30, 5), cheese=(3, 0, 0, 0))
    app.step()
    ScriptedChance.onto(app.game, rolls=[1])                    # the push rolls a 1
    old = app.choice_buttons[0]                                 # push Player 2 ...
    old.click()                                                 # ... onto the wheel: now Crank
    assert labels(app)[-1].endswith("Turn the crank")
    with Unchanged(app):
        old.click()
        assert "That button was for an earlier decision" in text(app)


# --- new games, loaded games --------------------------------------------------------------

def test_changing_the_players_starts_a_new_game_and_retints_the_build_spaces(make_app, sent):
    app = make_app(seats=BOTS, seed=5)
    app.step()
    app.players_input.value = 2
    assert app.n_players == 2 and app.game.turns == 0 and app.seed == 5
    assert [d.layout.display for d in app.seat_inputs] == [None, None, "none", "none"]
    assert "New game: 2 players, seed 5" in text(app)
    assert app._scene().n_players == 2


def test_set_game_shows_a_saved_game_and_plays_on(make_app):
    game = mt.Game(mt.Rules(), n_players=3, seed=5)
    bots = [mt.bots.Trapper()] * 3
    for _ in range(30):
        bot_step(game, bots)
    loaded = mt.Game.from_dict(game.to_dict())
    app = make_app(seats=BOTS, seed=1)
    app.set_game(loaded)
    assert app.game is loaded and app.n_players == 3 and app.players_input.value == 3
    assert f"Game loaded: 3 players, turn {game.turns}, {game.parts} of 24 parts built." in text(app)
    assert sum(app._scene().built_by) == game.parts
    app.step()
    bot_step(game, bots)
    assert saved(app.game) == saved(game)
    with pytest.raises(TypeError, match="set_game needs an mt.Game"):
        app.set_game(game.to_dict())


# --- what the App is made of ---------------------------------------------------------------

def test_the_models_never_import_the_widgets():
    import subprocess
    code = ("import sys; from boardkit.games import mouse_trap as mt; from boardkit.core import play; "
            "play(mt.Game(mt.Rules(), 4, seed=1)); "
            "assert not {'ipywidgets', 'ipycanvas'} & set(sys.modules), sorted(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_canvas_click_on_an_unused_area_is_quiet_on_a_bot_turn(make_app):
    app = make_app(seats=BOTS, seed=2)
    before = app.status.value
    mouse_down(app, vd.WIDTH - 2, vd.HEIGHT - 2)
    assert app.status.value == before
    assert isinstance(app.canvas, MultiCanvas) and not isinstance(app.canvas, Canvas)


def test_the_cage_on_the_cheese_wheel_covers_its_mice_not_its_label():
    """Issue 24 (the screenshot pass): the cage dropped on the Cheese Wheel after a catch covered the word WHEEL and
    ran over the Loop space's thick edge. Now it stands under the label's last line, over the mice there, inside the
    edge."""
    rules = mt.Rules()
    layout = vd.Layout.for_rules(rules)
    x, y, w, h = layout.cage_rect(rules.wheel)
    sx, sy, size, _ = layout.space_rect(rules.wheel)
    label = vd.label_lines(layout, rules.wheel, rules.spaces[rules.wheel])
    assert all(y >= line_y + px / 2 for _, _, line_y, px in label)
    assert inside((x - 8, y, w + 16, h), (sx + vd.LOOP_EDGE, sy + vd.LOOP_EDGE, size - 2 * vd.LOOP_EDGE,
                                          size - 2 * vd.LOOP_EDGE))           # the lid 4 px clear of the edge
    mx, my, mouse = layout.pawn_slot(rules.wheel, 0, 1)
    assert x < mx - mouse / 2 and mx + mouse / 2 < x + w and y < my < y + h and h >= 24

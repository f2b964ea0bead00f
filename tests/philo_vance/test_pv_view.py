"""``pv.App`` and its drawing without a browser: ipywidgets objects work in plain Python.

Clicks are made the way the browser makes them: buttons through
``button.click()``, the canvas through the message ipycanvas sends
(``canvas._handle_custom_msg({"event": "mouse_down", "x": .., "y": ..})``).
Human decisions are set up with ``pv_helpers`` (a seat's turn, pieces placed,
court cards laid) and forced throws, so no test depends on a lucky seed.
"""
import subprocess
import sys

import numpy as np
import pytest
from ipycanvas import MultiCanvas

from boardkit import render as r
from boardkit.core import ScriptedChance
from boardkit.core import step as bot_step
from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import analysis
from boardkit.games.philo_vance import board as bd
from boardkit.games.philo_vance import view_board as vb
from boardkit.games.philo_vance import view_court as vc
from boardkit.games.philo_vance import view_draw as vd
from boardkit.games.philo_vance import view_grid as vg
from boardkit.games.philo_vance.game import (BEFORE_ROLL, BUMPING, CLAIMING, DEMANDING, DRAWING, KEEPING, MOVING,
                                             NAMING, PHASES, PICKING, TURNING_DOWN, TURNING_UP)
from pv_helpers import (BUTLER, CIRCLE_N, CIRCLE_NE, HALL, N, NE, PV, X, court_for, declared, force_rolls,
                        give_court, place, quiet_move, stack_pile, table_of_detectives)
from view_helpers import RecordingCanvas, Unchanged, centre, counters, key_down, labels, make_apps, mouse_down, saved, text

RULES = pv.Rules()
LAYOUT = vb.Layout.for_rules(RULES)
BOARD = RULES.estate
HUMAN_FIRST = ["human", "Detective", "Detective", "Detective"]
BOTS = ["Detective"] * 4
NW_CIRCLE = 14                                   # Turning circle NW: next to Turning circle N, no red spot
#: where each seat stands when a test does not care: far from the house and from each other
FAR_AWAY = (62, 32, 54, 28, 59, 37)


# --- helpers ---------------------------------------------------------------------------

def overlaps(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def inside(a, box, slack=0.01):
    return (box[0] - slack <= a[0] and box[1] - slack <= a[1] and a[0] + a[2] <= box[0] + box[2] + slack
            and a[1] + a[3] <= box[1] + box[3] + slack)


def space_point(space):
    """Where a click on ``space`` lands: its centre."""
    return LAYOUT.xs[space], LAYOUT.ys[space]


def juror_point(app, seat, juror):
    scene = app._scene()
    n_slots = scene.hand_limit if scene.children else scene.court_size
    return centre(vc.juror_rects(seat, app.n_players, n_slots)[juror - 1])


@pytest.fixture
def make_app():
    """``make_app(**kwargs)`` builds an App and closes it (stopping autoplay) after the test."""
    yield from make_apps(pv.App)


def table(n_players=4, seed=0, **changes):
    """Everybody has 12 clues face up and stands far from the others; seat 0 to throw."""
    return table_of_detectives(n_players, seed, FAR_AWAY, **changes)


@pytest.fixture
def human_app(make_app):
    """``human_app(game)``: an App showing ``game`` with seat 1 human and Detective bots."""
    def make(game):
        seats = ["human"] + ["Detective"] * (game.n_players - 1)
        app = make_app(rules=game.rules, n_players=game.n_players, seats=seats, seed=0)
        app._animation_scale = lambda: 0.0              # no animations: the tests check states
        app.set_game(game)
        return app
    return make


# --- pure drawing: text, colours, layout ---------------------------------------------------

def test_clue_labels_are_short_and_fit_the_smallest_juror_box():
    assert vc.short_clue("a bottle of hair dye") == "hair dye"
    assert vc.short_clue("the key to the guest room") == "key to the guest room"
    assert vc.short_clue("an oily rag") == "oily rag"
    assert vc.wrap("financial page of the newspaper", (9, 17), 2) == ["financial", "page of newspaper"]
    assert vc.wrap("a b c d e f", 3, 2)[-1].endswith("\u2026")
    assert vc.fit_lines("tortoiseshell mantilla comb", (112, 138), 24, 2) == ["mantilla", "comb"]


@pytest.mark.parametrize("n_players", range(2, 7))
def test_every_clue_fits_its_juror_box_in_24_px_unsqueezed(n_players):
    """Issue 24: in the small boxes of five and six players (two lines of 24 px beside the juror's number, the belief
    bar under them) 17 clues were squeezed to 0.70-0.84 of their width, ten of them drawn at 22 px (12.8 px on a
    1280 x 900 screen); in the boxes of four players (three lines) three were. Now every clue is 24 px, no line
    squeezed to under render.MIN_SQUEEZE of its width, none cut: a clue too long for its box says the thing in fewer
    words there (vc.SHORTER). Court cards of 12 jurors and children's hands of 10 places."""
    for n_slots in (12, 10):
        x, y, w, h = vc.juror_rects(n_players - 1, n_players, n_slots)[0]
        px, n_lines = vc.box_text_size(w, h - 8)             # 8: the bar of the grid's belief
        assert px >= vb.TEXT_PX == 24 and n_lines >= 2
        (_, first), (_, other) = vc.line_places(w)
        rooms = [first] + [other] * n_lines
        for clue in pv.CLUES:
            lines = vc.box_lines(clue.id, w, px, n_lines)
            assert 0 < len(lines) <= n_lines and not lines[-1].endswith("\u2026"), clue.text
            squeeze = min(room / r.text_width(line, px) for line, room in zip(lines, rooms) if line)
            assert squeeze >= r.MIN_SQUEEZE, (clue.text, lines, round(squeeze, 2))
            words = " ".join(lines).replace("- ", "-").split()
            assert words in (vc.clue_label(clue.id).split(), vc.SHORTER.get(vc.clue_label(clue.id), "").split())
    assert all(len(short) < len(text) for text, short in vc.SHORTER.items())
    assert len(set(vc.SHORTER.values()) | {vc.clue_label(c.id) for c in pv.CLUES}) == len(vc.SHORTER) + len(pv.CLUES)


def test_every_space_is_on_the_board_and_no_two_overlap():
    board_box = (vb.MARGIN, vb.MARGIN, vb.BOARD, vb.BOARD)
    rects = [LAYOUT.space_rect(s.id) for s in BOARD.spaces]
    for rect in rects:
        assert inside(rect, board_box)
    for a in BOARD.spaces:                              # squares side by side, flagstones round
        for b in BOARD.spaces[a.id + 1:]:
            dx, dy = abs(LAYOUT.xs[a.id] - LAYOUT.xs[b.id]), abs(LAYOUT.ys[a.id] - LAYOUT.ys[b.id])
            apart = (LAYOUT.sizes[a.id] + LAYOUT.sizes[b.id]) / 2
            if bd.FLAGSTONE in (a.kind, b.kind):
                assert np.hypot(dx, dy) >= apart, (a.name, b.name)
            else:
                assert max(dx, dy) >= apart, (a.name, b.name)
    assert min(LAYOUT.sizes) >= 38                      # a projector's pointer finds every space
    for name in ("dice_rect", "judge_rect", "legend_rect"):
        area = getattr(LAYOUT, name)
        assert inside(area, board_box)
        assert not any(overlaps(area, rect) for rect in rects), name
    assert not overlaps(LAYOUT.dice_rect, LAYOUT.legend_rect)


@pytest.mark.parametrize("count", range(1, 8))
def test_pieces_sharing_a_space_never_hide_each_other(count):
    for space in (BOARD.park, BOARD.x, CIRCLE_N, BOARD.queue[0]):
        slots = [LAYOUT.piece_slot(space, i, count) for i in range(count)]
        for i, (x, y, size) in enumerate(slots):
            assert size >= 24
            assert abs(x - LAYOUT.xs[space]) < 1.2 * vb.UNIT and abs(y - LAYOUT.ys[space]) < 1.2 * vb.UNIT
            for x2, y2, _ in slots[i + 1:]:
                assert np.hypot(x - x2, y - y2) >= 0.95 * size
    # every piece of a full table is drawn where it stands, Philo Vance too
    positions = (BOARD.park,) * 6 + (BOARD.x,)
    assert sorted(vb.piece_slots(LAYOUT, positions)) == list(range(7))


@pytest.mark.parametrize("n_players", range(2, 7))
def test_court_cards_fill_the_column_and_jurors_fit_their_card(n_players):
    cards = [vc.court_rect(p, n_players) for p in range(n_players)]
    column = (vc.COURT_X, 0, vb.WIDTH - vc.COURT_X, vb.HEIGHT)
    for i, card in enumerate(cards):
        assert inside(card, column)
        assert not any(overlaps(card, other) for other in cards[i + 1:])
        for n_slots in (12, 10):                       # a court card; a child's hand
            boxes = vc.juror_rects(i, n_players, n_slots)
            assert len(boxes) == n_slots
            for j, box in enumerate(boxes):
                assert inside(box, card) and box[2] >= 140 and box[3] >= 60
                assert not any(overlaps(box, other) for other in boxes[j + 1:])
    assert not overlaps(column, (vb.MARGIN, vb.MARGIN, vb.BOARD, vb.BOARD))
    assert vb.HEIGHT == vb.BOARD + 2 * vb.MARGIN                 # the board and the cards: nothing under them


@pytest.mark.parametrize("n_players", (4, 6))
def test_a_court_cards_title_row_never_overlaps_itself(n_players):
    """The title, the case and what lies in front of the player (Philo Vance's hat, a claimed clue) side by side
    in the card's width, even on the narrow cards of six players with a long clue claimed."""
    game = table(n_players)
    # the longest clue that fits a six players' card beside its case, once its "claimed:" goes (longer ones are
    # said only in the board in words)
    longest = max((clue for clue in range(len(pv.CLUES)) if len(vc.clue_label(clue)) <= 18),
                  key=lambda clue: len(vc.clue_label(clue)))
    shortest = min(range(len(pv.CLUES)), key=lambda clue: len(vc.clue_label(clue)))
    game.claimed[0], game.claimed[n_players - 1] = shortest, longest
    game.philo_owner = 0
    scene = vd.snapshot(game, ["human"] + ["Detective"] * (n_players - 1), analysis.prior_beliefs())
    for seat in range(n_players):
        x, _, w, _ = vc.court_rect(seat, n_players)
        parts = sorted(vc.title_row(scene, seat), key=lambda part: part[1])
        assert parts[0][0] == "title" and parts[0][1] >= x and parts[-1][1] + parts[-1][2] <= x + w
        for (kind, left, width, _), (later, start, _, _) in zip(parts, parts[1:]):
            assert left + width <= start, (seat, kind, later)
    claim = [part for part in vc.title_row(scene, n_players - 1) if part[0] == "claim"]
    assert claim and claim[0][3].endswith(vc.clue_label(longest))         # the claimed clue shows
    assert {"claim", "pv"} <= {part[0] for part in vc.title_row(scene, 0)}


@pytest.mark.parametrize("n_players", range(2, 7))
def test_an_empty_court_card_names_its_court_size_and_its_banner_hides_no_jurors_number(n_players):
    for court_size in range(1, pv.rules.LIMITS["court_size"] + 1):
        boxes = vc.juror_rects(0, n_players, court_size)
        banner = vc.court_banner_rect(0, n_players, court_size)
        if boxes[0][3] >= 80:                          # rows tall enough: the banner is there
            assert banner is not None, (n_players, court_size)
        if banner is None:
            continue
        assert inside(banner, vc.court_rect(0, n_players))
        numbers = [(x + 3, y + 4, vc.NUMBER_TAB, vc.TEXT_PX) for x, y, _, _ in boxes]
        assert not any(overlaps(banner, number) for number in numbers), (n_players, court_size)
    canvas = RecordingCanvas()
    app = pv.App(pv.Rules(court_size=9), n_players=n_players, seats=["Detective"] * n_players, seed=1)
    vc.draw_courts(canvas, app._scene())
    assert canvas.texts.count("to X for 9 clues") == n_players                 # every card's title
    has_banner = vc.court_banner_rect(0, n_players, 9) is not None
    assert canvas.texts.count("Reach X to lay 9 clues on the jurors") == (n_players if has_banner else 0)


def test_colours_are_projector_and_colour_blind_safe():
    for fill in (vc.FACE_FILL, vc.NAMED_FILL, vc.MATCH_FILL, vb.SPACE_FILLS[bd.START], vb.SPACE_FILLS[bd.X],
                 vb.SPACE_FILLS[bd.PARK], vb.LAWN, vb.HOUSE_FILL, vc.RETIRED_FILL, pal_current()):
        assert r.contrast_ratio(r.TEXT, fill) >= 7, fill
    assert r.contrast_ratio(vc.EMPTY_EDGE, vc.EMPTY_FILL) >= 4.5
    assert r.contrast_ratio(vb.PANEL_EDGE, vb.PANEL_FILL) >= 4.5
    assert r.contrast_ratio(vb.HOUSE_EDGE, vb.HOUSE_FILL) >= 4.5
    # the grid's scale: darker and darker, so lightness alone reads it (no hue needed)
    from boardkit.render.palette import relative_luminance
    shades = [relative_luminance(vg.blue(v)) for v in np.linspace(0, 1, 11)]
    assert all(a > b for a, b in zip(shades, shades[1:]))
    # six players: each differs from every other in colour, shape and label
    styles = [vb.player_style(p) for p in range(6)]
    for field in range(3):
        assert len({s[field] for s in styles}) == 6
    # a clue spot is a red disc with a white ring, an arrow space a green disc with an arrow: not hue alone
    assert vb.RED_SPOT != vb.ARROW_GREEN


def pal_current():
    return r.palette.CURRENT_FILL


def test_the_grid_scale_and_its_cells():
    assert vg.blue(0) == vg.BLUES[0] and vg.blue(1) == vg.BLUES[-1]
    assert vg.blues_rgb([0.5]).shape == (1, 3)
    assert vg.group_edges()[:2] == [3, 7]            # the Wife's 3 specific clues, then the Bond Salesman's 4
    beliefs = analysis.prior_beliefs()
    page = vg.knowledge_html(beliefs, {7: [0, 2]})
    # page text (it grows with Large type): every suspect's name, a cell per clue in its shade, the arrests
    assert all(s.name in page for s in pv.SUSPECTS)
    assert page.count("<i style='background:") == beliefs.size + 10      # the cells and the scale's ten steps
    assert f"background:{vg.blue(beliefs[7, 23])}" in page
    assert "<b>The Butler</b>" in page and "\u25cf1 \u25b23" in page
    assert "calc(18px * var(--boardkit-text-scale, 1))" in page
    assert "role='img' aria-label='What the table knows" in page


def test_hit_targets_find_pieces_spaces_dice_piles_and_jurors():
    game = table()
    place(game, p0=CIRCLE_N, p1=CIRCLE_N, pv=X)
    scene = vd.snapshot(game, BOTS, analysis.prior_beliefs())
    hit = vd.target_at(LAYOUT, scene, *vb.piece_slots(LAYOUT, scene.positions)[1][:2])
    assert (hit.kind, hit.piece, hit.space) == ("piece", 1, CIRCLE_N)
    assert vd.target_at(LAYOUT, scene, *vb.piece_slots(LAYOUT, scene.positions)[PV][:2]).piece == PV
    hit = vd.target_at(LAYOUT, scene, *space_point(CIRCLE_NE))
    assert (hit.kind, hit.space) == ("space", CIRCLE_NE)
    assert vd.target_at(LAYOUT, scene, *space_point(BOARD.queue[2])).kind == "queue"
    assert vd.target_at(LAYOUT, scene, *centre(LAYOUT.dice_rect)).kind == "dice"
    assert vd.target_at(LAYOUT, scene, *centre(LAYOUT.areas["discard"])).kind == "discard"
    assert vd.target_at(LAYOUT, scene, *centre(LAYOUT.areas["draw_pile"])).kind == "draw_pile"
    hit = vd.target_at(LAYOUT, scene, *centre(vc.juror_rects(2, 4)[6]))
    assert (hit.kind, hit.seat, hit.juror) == ("juror", 2, 7)
    hit = vd.target_at(LAYOUT, scene, vc.COURT_X + 200, vc.court_rect(3, 4)[1] + 10)
    assert (hit.kind, hit.seat) == ("court", 3)
    assert vd.target_at(LAYOUT, scene, 5000, 5000) is None


def test_routes_follow_the_paths_a_throw_took():
    game = table()
    place(game, p0=HALL)
    ScriptedChance.onto(game, rolls=[4, 2])
    game.apply(pv.Roll())
    before = vd.snapshot(game, BOTS)
    n_events = len(game.events)
    game.apply(pv.Move(NE))                    # 4 on the white die: from the front hall round the room
    routes = vd.routes_of(BOARD, before, game.events[n_events:])
    piece, route = routes[0]
    assert piece == 0 and route[0] == HALL and route[-1] == NE and len(route) == 5
    assert all(b in BOARD.neighbours[a] for a, b in zip(route, route[1:]))
    # a green arrow sends the piece on to X: one route, the jump to X at its end
    game = table()
    place(game, p0=BOARD.start)
    ScriptedChance.onto(game, rolls=[2, 5])
    game.apply(pv.Roll())
    before = vd.snapshot(game, BOTS)
    n_events = len(game.events)
    game.apply(pv.Move(3))                     # Driveway 2, a green arrow
    assert vd.routes_of(BOARD, before, game.events[n_events:]) == [(0, [BOARD.start, 2, 3, X])]


def test_redraw_and_each_animation_travel_as_one_message(sent):
    game = table()
    place(game, p0=HALL)
    layout, canvas = LAYOUT, MultiCanvas(3, width=vb.WIDTH, height=vb.HEIGHT)
    before = vd.snapshot(game, BOTS, analysis.prior_beliefs())
    ScriptedChance.onto(game, rolls=[4, 2])
    game.apply(pv.Roll())
    thrown = vd.snapshot(game, BOTS, analysis.prior_beliefs())
    n_events = len(game.events)
    game.apply(pv.Move(NE))
    after = vd.snapshot(game, BOTS, analysis.prior_beliefs())
    sent.clear()
    with r.safe_hold(canvas):
        vb.draw_board(canvas[0], layout, BOARD)
        vd.draw_scene(canvas[1], layout, after)
    assert len(sent) == 1
    sent.clear()
    with r.safe_hold(canvas):
        vd.animate_throw(canvas[1], canvas[2], layout, before, thrown)
    assert len(sent) == 1 and sent[0].count("sleep") >= 6
    sent.clear()
    with r.safe_hold(canvas):
        vd.animate_moves(canvas[1], canvas[2], layout, thrown, after,
                         vd.routes_of(BOARD, thrown, game.events[n_events:]))
    assert len(sent) == 1 and sent[0].count("sleep") >= 4 * 4
    assert vd.glide_duration(4) < 1.0 and vd.throw_duration() < 0.6


# --- construction ---------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [pv.Rules(), pv.Rules.expert(), pv.Rules.children_game()],
                         ids=["adult", "expert", "children"])
@pytest.mark.parametrize("n_players", range(2, 7))
def test_the_app_builds_for_every_table(make_app, rules, n_players):
    app = make_app(rules=rules, n_players=n_players, seats=["human"] + ["Detective"] * (n_players - 1), seed=3)
    assert app.n_players == n_players and len(app.seat_inputs) == 6
    assert [d.layout.display for d in app.seat_inputs] == [None] * n_players + ["none"] * (6 - n_players)
    assert app.players_input.options == (2, 3, 4, 5, 6)
    assert (app.canvas.width, app.canvas.height) == (vb.WIDTH, vb.HEIGHT)
    assert "New game" in text(app) and counters(app)[1:] == (0, "3")
    scene = app._scene()
    assert scene.children == rules.children and scene.beliefs.shape == (10, 50)


def test_seat_boxes_and_player_counts_are_checked(make_app):
    with pytest.raises(ValueError, match="n_players"):
        pv.App(n_players=7)
    with pytest.raises(ValueError, match="seats"):
        pv.App(n_players=2, seats=["human"])
    app = make_app(n_players=6, seats=["Random", "detective", "human", "Detective", "Detective", "Random"], seed=1)
    assert app.seats == ["Random", "Detective", "human", "Detective", "Detective", "Random"]
    app.players_input.value = 3
    assert app.n_players == 3 and app.game.n_players == 3
    assert "New game: 3 players" in text(app)


# --- bots, every phase ---------------------------------------------------------------------------

def seed_with_every_phase(rules, n_players, phases, seeds=range(60)):
    """The first seed whose Detective game (no App: quick) passes through all of ``phases``."""
    for seed in seeds:
        game = pv.Game(rules, n_players=n_players, seed=seed, record_events=False)
        bots = [pv.bots.Detective() for _ in range(n_players)]
        seen = set()
        while not game.is_over:
            seen.add(game.phase)
            bot_step(game, bots)
        if set(phases) <= seen:
            return seed
    raise AssertionError(f"no seed of {seeds} goes through {phases}")


@pytest.mark.parametrize("rules,n_players", [(pv.Rules(), 6), (pv.Rules.expert(), 2), (pv.Rules.children_game(), 3)],
                         ids=["adult-6", "expert-2", "children-3"])
def test_bots_play_to_the_end_and_every_phase_draws(make_app, rules, n_players):
    wanted = {PICKING, BEFORE_ROLL, MOVING, KEEPING} if rules.children else set(PHASES) - {PICKING}
    if n_players == 2:
        wanted = {BEFORE_ROLL, NAMING, MOVING, BUMPING, TURNING_DOWN, KEEPING, CLAIMING}
    seed = seed_with_every_phase(rules, n_players, wanted)
    app = make_app(rules=rules, n_players=n_players, seats=["Detective"] * n_players, seed=seed)
    phases = set()
    while not app.game.is_over:
        phase = app.game.phase
        if phase not in phases:
            phases.add(phase)
            app.redraw()                                # the whole picture in this phase
        app.step()
    app.redraw()
    assert wanted <= phases
    assert app.game.winner is not None and "wins!" in text(app) and "Press New game" in text(app)
    assert app.roll_button.disabled and app.roll_button.description == "Game over"


# --- a human seat: clicks on the board ----------------------------------------------------------

def test_human_throws_by_clicking_the_dice_then_moves_by_clicking_a_space(human_app):
    game = table()
    place(game, p0=HALL)
    app = human_app(game)
    assert "Player 1, your turn: press Roll or click the dice" in text(app)
    assert "Or arrest a suspect on suspicion (a button)" in text(app)
    assert all("Arrest " in label for label in labels(app))       # the Roll button throws
    force_rolls(game, 4, 2)
    mouse_down(app, *centre(LAYOUT.dice_rect))
    assert game.phase == MOVING and (game.white, game.coloured) == (4, 2)
    assert "Player 1 throws 4 (white) and 2 (coloured)" in text(app)
    assert "move the detective 4 spaces (white die): click a highlighted space" in text(app)
    assert app.roll_button.disabled
    scene = app._scene()
    assert set(vd.highlighted_spaces(scene)) == {a.space for a in game.legal_actions()}
    assert all(label.split(". ", 1)[1].startswith("Move to ") for label in labels(app))
    with Unchanged(app):
        mouse_down(app, *space_point(CIRCLE_NE))          # not 4 away
        assert "cannot stop there: it moves exactly 4 spaces" in text(app)
    with Unchanged(app):
        mouse_down(app, *centre(LAYOUT.dice_rect))
        assert "The dice are already thrown" in text(app)
    mouse_down(app, *space_point(NE))
    assert game.position[0] == NE and "Player 1's detective moves to Living room NE" in text(app)


def test_a_bump_is_a_click_on_a_highlighted_space(human_app):
    game = table()
    place(game, p0=HALL, p1=CIRCLE_N)
    app = human_app(game)
    force_rolls(game, 1, 2)
    app.step()
    mouse_down(app, *space_point(CIRCLE_N))              # lands on Player 2
    assert game.phase == BUMPING and "you landed on Player 2's detective" in text(app)
    targets = {a.to for a in game.legal_actions() if isinstance(a, pv.Bump)}
    assert set(vd.highlighted_spaces(app._scene())) == targets
    assert "Do not bump" in labels(app)[-1]
    with Unchanged(app):
        mouse_down(app, *space_point(BOARD.start))
        assert "can be bumped only to a highlighted space" in text(app)
    mouse_down(app, *space_point(NW_CIRCLE))
    assert game.position[1] == NW_CIRCLE
    # the penalty: a click on one of Player 2's face-up jurors turns it down
    assert game.phase == TURNING_DOWN and "you bumped Player 2: click one of their face-up jurors" in text(app)
    with Unchanged(app):
        mouse_down(app, *juror_point(app, 0, 3))          # her own card
        assert "the player you bumped" in text(app)
    mouse_down(app, *juror_point(app, 1, 5))
    assert game.face_up[1][4] is False and "turns down Player 2's clue on juror 5" in text(app)


def test_a_human_picks_which_of_two_pieces_to_bump(human_app):
    game = table()
    place(game, p0=HALL, p1=CIRCLE_N, p2=CIRCLE_N)
    app = human_app(game)
    force_rolls(game, 1, 2)
    app.step()
    mouse_down(app, *space_point(CIRCLE_N))
    assert game.phase == BUMPING and "First click the piece to bump" in text(app)
    assert vd.highlighted_spaces(app._scene()) == ()
    with Unchanged(app):
        mouse_down(app, *space_point(CIRCLE_NE))
        assert "first click the one you want to bump" in text(app)
    slot = vb.piece_slots(LAYOUT, app._scene().positions)[2]
    with Unchanged(app):                                  # choosing is not yet a decision
        mouse_down(app, *slot[:2])
    assert app.bump_piece == 2 and "now click a highlighted space" in text(app)
    assert NW_CIRCLE in vd.highlighted_spaces(app._scene())
    mouse_down(app, *space_point(NW_CIRCLE))
    assert game.position[2] == NW_CIRCLE and game.position[1] == CIRCLE_N and app.bump_piece is None


def on_a_red_spot(human_app):
    """Player 1 (human) moves on to a red clue spot, clue 41 on top of the pile: (game, app)."""
    game = table()
    place(game, p0=CIRCLE_N)
    stack_pile(game, 41)
    app = human_app(game)
    force_rolls(game, 1, 3)
    app.step()
    mouse_down(app, *space_point(CIRCLE_NE))             # a red spot: he may draw a clue
    return game, app


def test_keeping_a_clue_is_a_click_on_a_juror(human_app):
    game, app = on_a_red_spot(human_app)
    assert game.phase == DRAWING
    mouse_down(app, *centre(LAYOUT.areas["draw_pile"]))  # a click on the clue pile draws
    assert game.phase == KEEPING and game.drawn == 41
    assert "Player 1: keep the clue 'a pair of muddy boots'? Click a juror to put it there, or Discard." in text(app)
    assert labels(app)[0] == "1. Keep on juror 1 (discard letters tied with blue ribbon)"
    assert labels(app)[-1] == "Discard 'a pair of muddy boots'"
    assert vc.clickable_jurors(app._scene()) == {(0, j) for j in range(1, 13)}
    with Unchanged(app):
        mouse_down(app, *juror_point(app, 2, 4))
        assert "Put the clue on one of YOUR jurors" in text(app)
    mouse_down(app, *juror_point(app, 0, 4))
    assert game.court[0][3] == 41 and "Player 1 keeps 'a pair of muddy boots' on number 4" in text(app)


def test_discarding_and_claiming_are_clicks_on_the_discard_pile(make_app):
    game = table()
    place(game, p0=CIRCLE_N)
    stack_pile(game, 41)
    app = make_app(n_players=4, seats=["human", "human", "Detective", "Detective"], seed=0)
    app.set_game(game)
    force_rolls(game, 1, 3)
    app.step()
    mouse_down(app, *space_point(CIRCLE_NE))
    app.choice_buttons[0].click()                        # Draw from the clue pile
    assert game.phase == KEEPING
    mouse_down(app, *centre(LAYOUT.areas["discard"]))
    assert game.discards.top == 41 and "Player 1 discards 'a pair of muddy boots'" in text(app)
    # Player 2 (a human too) may claim it: a click on the discard pile
    assert game.phase == CLAIMING and game.current_player == 1
    assert "Player 2: claim the discard 'a pair of muddy boots'? Press Claim or Pass." in text(app)
    assert labels(app) == ["1. Claim 'a pair of muddy boots'", "2. Pass (do not claim)"]
    mouse_down(app, *centre(LAYOUT.areas["discard"]))
    assert game.claimed[1] == 41 and "I claim that clue" in text(app)
    assert "claimed: muddy boots" not in vc.seat_status(app._scene(), 1)     # a badge, not the status


def doubles_with_juror_7_down(human_app):
    """Player 1 (human) throws doubles with the clue on juror 7 face down: (game, app)."""
    game = table()
    game.face_up[0][6] = False
    place(game, p0=HALL)
    app = human_app(game)
    force_rolls(game, 3, 3)
    app.step()
    return game, app


def test_turning_a_clue_up_after_doubles(human_app):
    game, app = doubles_with_juror_7_down(human_app)
    assert game.phase == TURNING_UP and "doubles! Click one of your face-down jurors" in text(app)
    assert vc.clickable_jurors(app._scene()) == {(0, 7)}
    with Unchanged(app):
        mouse_down(app, *juror_point(app, 0, 2))          # face up already
        assert "turn up one of YOUR face-down clues" in text(app)
    mouse_down(app, *juror_point(app, 0, 7))
    assert game.face_up[0][6] and game.phase == MOVING


# --- the decisions where the book says "may": a button each, with words, keys and touch ----------

def test_after_doubles_a_button_leaves_the_clues_face_down(human_app):
    game, app = doubles_with_juror_7_down(human_app)
    assert "or press Leave them face down" in text(app)
    assert labels(app) == ["1. Turn up juror 7", "2. Leave them face down"]
    assert "pv-leavedown" in app.choice_buttons[1]._dom_classes
    app.choice_buttons[1].click()                        # a tap or a click on the button
    assert not game.face_up[0][6] and game.phase == MOVING
    assert "Player 1 leaves the face-down clues face down." in text(app)


def test_a_jurors_total_offers_that_clue_or_a_button_to_leave_it_face_down(human_app):
    game = table()
    game.face_up[0][4] = game.face_up[0][6] = False       # jurors 5 and 7
    place(game, p0=HALL)
    app = human_app(game)
    force_rolls(game, 3, 2)
    app.step()
    assert game.phase == TURNING_UP
    assert "Player 1, a total of 5! Click your juror 5 to turn its clue up, or press Leave it face down." in text(app)
    assert labels(app) == ["1. Turn up juror 5", "2. Leave it face down"]
    assert vc.clickable_jurors(app._scene()) == {(0, 5)}
    with Unchanged(app):
        mouse_down(app, *juror_point(app, 0, 7))          # face down, but the total is 5
        assert "A total of 5 lets you turn up only the clue on YOUR juror 5" in text(app)
    app.choice_buttons[1].click()
    assert not game.face_up[0][4] and game.phase == MOVING
    assert "Player 1 leaves the face-down clues face down." in text(app)


def test_a_red_spot_offers_draw_and_do_not_draw(human_app):
    game, app = on_a_red_spot(human_app)
    assert game.phase == DRAWING and "you are on a clue spot: press Draw" in text(app)
    assert labels(app) == ["1. Draw from the clue pile", "2. Do not draw"]
    key_down(app, "2")                                   # the keyboard: key 2
    assert game.phase != DRAWING and game.pile.top == 41 and game.current == 1
    assert "Player 1 draws no clue on the clue spot." in text(app)


def test_philo_vance_can_be_left_where_he_is_with_a_button(human_app):
    game = table()
    declared(game, 0)
    game.philo_owner = 0
    place(game, p0=HALL, pv=NW_CIRCLE)
    app = human_app(game)
    force_rolls(game, 4, 2)
    app.step()
    mouse_down(app, *space_point(quiet_move(game).space))   # his own piece first: no such button
    assert "Leave Philo Vance where he is" not in " ".join(labels(app)[:-1])
    assert game.phase == MOVING and game.moving_piece == PV
    assert "move Philo Vance 2 spaces (coloured die): click a highlighted space (or press Leave Philo Vance" \
        in text(app)
    assert labels(app)[-1].endswith("Leave Philo Vance where he is")
    moves = {a.space for a in game.legal_actions() if isinstance(a, pv.Move)}
    assert set(vd.highlighted_spaces(app._scene())) == moves and len(labels(app)) == len(moves) + 1
    app.choice_buttons[-1].click()
    assert game.position[PV] == NW_CIRCLE and game.current == 1
    assert "Player 1 leaves Philo Vance where he is." in text(app)


def test_arresting_is_a_button_then_naming_is_clicking_the_clues(human_app):
    game = table()
    give_court(game, 0, court_for(BUTLER, 6))
    app = human_app(game)
    assert "Or arrest a suspect on suspicion (a button)" in text(app)
    assert labels(app)[BUTLER] == f"{BUTLER + 1}. Arrest The Butler"
    app.choice_buttons[BUTLER].click()
    assert game.phase == NAMING and "you arrest The Butler on suspicion" in text(app)
    assert "(0 of 6 named)" in text(app)
    mouse_down(app, *juror_point(app, 0, 1))
    assert game.named == [game.court[0][0]] and "(1 of 6 named)" in text(app)
    assert vc.seat_status(app._scene(), 0) == "arrests The Butler on suspicion: 1 of 6 clues named"
    assert vc.boxes_of(app._scene(), 0)[0].named
    with Unchanged(app):
        mouse_down(app, *juror_point(app, 0, 1))
        assert "You have already named" in text(app)
    with Unchanged(app):
        mouse_down(app, *juror_point(app, 1, 1))
        assert "Name one of YOUR face-up clues" in text(app)
    for juror in range(2, 7):
        mouse_down(app, *juror_point(app, 0, juror))
    assert game.verdicts == [(0, BUTLER, tuple(court_for(BUTLER, 6)[:6]), True)]
    assert "Player 1 arrests The Butler on suspicion: a Successful Declaration" in text(app)
    assert "The Butler \u2714 Successful Declaration" == vc.seat_status(app._scene(), 0)


def test_a_demand_is_a_click_on_the_rivals_clue(human_app):
    game = table()
    declared(game, 0, BUTLER)
    game.needs_more[0] = True                           # Player 2 shows the Butler's red necktie on juror 12
    place(game, p0=N)
    app = human_app(game)
    force_rolls(game, 1, 2)
    app.step()
    mouse_down(app, *space_point(X))
    assert game.phase == DEMANDING and "you are on X: demand a clue you need" in text(app)
    assert (1, 12) in vc.clickable_jurors(app._scene()) and (1, 1) not in vc.clickable_jurors(app._scene())
    with Unchanged(app):
        mouse_down(app, *juror_point(app, 0, 1))
        assert "Demand a clue you still need that a rival shows" in text(app)
    mouse_down(app, *juror_point(app, 1, 12))
    assert game.phase == KEEPING and game.drawn == 23 and "demanded from Player 2" in text(app)
    assert "(a demanded clue must be kept)" in text(app)


def test_clicks_that_mean_nothing_change_nothing_and_say_why(human_app):
    app = human_app(table())
    cases = [
        (space_point(CIRCLE_NE), "Throw the dice: press Roll or click the dice"),
        (juror_point(app, 1, 1), "Throw the dice"),
        ((-5, 900), "Throw the dice"),
    ]
    for (x, y), notice in cases:
        with Unchanged(app):
            mouse_down(app, x, y)
        assert notice in text(app), (x, y)
        assert "\u26a0" in text(app)
    with Unchanged(app):
        assert app.choose(pv.Convict()) is None
    assert "You can't try to convict your suspect now" in text(app)


def test_out_of_turn_clicks_change_nothing(make_app):
    app = make_app(seats=["Detective", "human", "Detective", "Detective"], seed=2)
    while app.is_human(app.game.current_player):
        if app.game.phase == BEFORE_ROLL:
            app.step()
        else:
            app.choose(app.game.legal_actions()[0])
    with Unchanged(app):
        mouse_down(app, *centre(LAYOUT.dice_rect))
        assert "a bot plays it" in text(app)


def test_keys_choose_and_step(human_app):
    game = table()
    give_court(game, 0, court_for(BUTLER, 6))
    app = human_app(game)
    key_down(app, str(BUTLER + 1))                       # key 8: arrest the Butler
    assert game.phase == NAMING
    assert counters(app)[1] == 1


# --- the children's game ------------------------------------------------------------------------

def test_children_pick_a_card_by_button_and_keep_clues_in_a_hand(make_app):
    app = make_app(rules=pv.Rules.children_game(), n_players=2, seats=["human", "human"], seed=1)
    game = app.game
    assert game.phase == PICKING and labels(app)[0] == "1. Play for The Wife"
    app.choice_buttons[7].click()                        # The Butler
    app.choice_buttons[0].click()                        # the other child: The Wife
    assert game.suspect == [7, 0] or game.suspect == [0, 7]
    assert app._known[2] == (0, 7)                       # both cards lie face up: the grid knows them
    assert set(app.knowledge.row(7)) <= {0.0, 1.0}
    seat = game.current_player
    game.hand[seat] = [40, 41, 42, 43, 44, 45, 46, 47, 48, 49]
    place(game, **{f"p{seat}": HALL})
    stack_pile(game, 23)
    app.refresh()
    force_rolls(game, 1, 3)
    app.step()
    assert "move the detective 4 spaces (both dice)" in text(app)
    mouse_down(app, *space_point(NE))                    # 4 from the hall: a red spot
    assert game.phase == KEEPING and "Click a place in your hand" in text(app)
    mouse_down(app, *juror_point(app, seat, 3))
    assert game.hand[seat][2] == 23
    status = vc.seat_status(app._scene(), seat)
    assert "plays for" in status and "found" in status


# --- new games, loaded games, the knowledge grid -----------------------------------------------------

def grid_from(game, seen=()):
    grid = analysis.KnowledgeGrid.from_prior()
    for _, suspect, named, ok in game.verdicts:
        grid.on_declaration(suspect, named, ok, need=game.rules.declare_correct)
    for suspect in seen:
        grid.on_card_seen(suspect, game.rules.cards[suspect])
    return grid.beliefs


def test_the_knowledge_grid_follows_the_verdicts(make_app):
    app = make_app(seats=BOTS, seed=1)
    prior = analysis.KnowledgeGrid.from_prior().beliefs
    assert np.array_equal(app._scene().beliefs, prior)
    while len(app.game.verdicts) < 2:
        app.step()
    assert np.allclose(app._scene().beliefs, grid_from(app.game))
    _, suspect, _, _ = app.game.verdicts[0]
    assert not np.allclose(app._scene().beliefs[suspect], prior[suspect])
    app.new_game(1)                                       # the same seed again: back to the prior
    assert np.array_equal(app._scene().beliefs, prior)


def test_a_human_who_saw_his_card_sees_its_row_exactly(human_app):
    game = table()
    declared(game, 0, BUTLER)
    game.needs_more[0] = True
    app = human_app(game)
    row = app._scene().beliefs[BUTLER]
    assert set(np.unique(row)) == {0.0, 1.0} and row.sum() == 12
    assert "card seen, must prove 9" in vc.seat_status(app._scene(), 0)
    app.seat_inputs[0].value = "Detective"               # a bot's card is its own secret
    assert not set(np.unique(app._scene().beliefs[BUTLER])) <= {0.0, 1.0}


def test_set_game_shows_a_saved_game_and_plays_on(make_app):
    game = pv.Game(pv.Rules(), n_players=5, seed=5)
    bots = [pv.bots.Detective() for _ in range(5)]
    while len(game.verdicts) < 3:
        bot_step(game, bots)
    loaded = pv.Game.from_dict(game.to_dict())
    app = make_app(seats=BOTS, seed=1)
    app.set_game(loaded)
    assert app.game is loaded and app.n_players == 5 and app.players_input.value == 5
    assert f"Game loaded: 5 players, turn {game.turns}, 3 arrests heard so far." in text(app)
    assert np.allclose(app._scene().beliefs, grid_from(game))
    app.step()
    bot_step(game, [pv.bots.Detective() for _ in range(5)])
    assert saved(app.game) == saved(game)
    with pytest.raises(TypeError, match="set_game needs an pv.Game"):
        app.set_game(game.to_dict())


def test_the_status_line_names_whose_decision_it_is(make_app):
    app = make_app(seats=BOTS, seed=1)
    seen = set()
    for _ in range(120):
        status = text(app)
        assert "(Detective bot) is next" in status and "press Step or Autoplay" in status
        seen.add(app.game.phase)
        app.step()
        assert app.game.is_over or text(app) != status
    assert len(seen) >= 4
    assert app._quiet_news(1, pv.Pass()) == "Player 2 does not claim the discard."
    assert app._quiet_news(0, pv.NoBump()) == "Player 1 does not bump."


def test_the_models_never_import_the_widgets():
    code = ("import sys; from boardkit.games import philo_vance as pv; from boardkit.core import play; "
            "play(pv.Game(pv.Rules(), 4, seed=1)); "
            "assert not {'ipywidgets', 'ipycanvas'} & set(sys.modules), sorted(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_knowledge_grid_is_page_text_under_the_controls_and_follows_the_verdicts(make_app):
    """The grid is an HTML element after the settings, before the board in words (so its names grow with
    Large type, and the board and the controls share one screen); it shows the table's beliefs as they are."""
    app = make_app(seats=BOTS, seed=1)
    children = list(app.children)
    assert children.index(app.knowledge_view) == children.index(app.mirror) - 1
    assert "boardkit-reading" in app.knowledge_view._dom_classes
    assert app.knowledge_view.value == vg.knowledge_html(analysis.KnowledgeGrid.from_prior().beliefs, {})
    while len(app.game.verdicts) < 2:
        app.step()
    beliefs = grid_from(app.game)
    _, suspect, _, _ = app.game.verdicts[0]
    assert f"<b>{pv.SUSPECTS[suspect].name}</b>" in app.knowledge_view.value            # an arrested suspect
    assert all(f"background:{vg.blue(v)}" in app.knowledge_view.value for v in beliefs[suspect])


def test_the_board_is_never_shown_taller_than_the_screen_nor_its_words_under_14_px(make_app):
    """The canvas is as wide as the page, but at most as wide as keeps its 1920 x 960 shape within the
    screen's height less the status line, the choices, the controls and the settings; and (issue 24) never
    narrower than 1,120 px where the page is that wide, so that its 24 px words are 14 px on screen (in Large type
    on a 1280 x 900 laptop it was shown 848 px wide, its words 10 px: now the page scrolls to the controls)."""
    app = make_app(seats=["Detective"] * 4, seed=1)
    assert (app.canvas.width, app.canvas.height) == (vb.WIDTH, vb.HEIGHT) == (1920, 960)
    assert app.canvas.layout.max_width == ("max(calc((100vh - 340px * var(--boardkit-text-scale, 1)) * 1920 / 960), "
                                           "min(100%, 1120px))")
    assert vb.TEXT_PX * 1120 / 1920 >= 14

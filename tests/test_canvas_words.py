"""The words the Apps draw on their canvases, in Large type (issue 24: a projector at the back of a room).

A canvas draws its own words, so the page's CSS can't grow them: each App redraws them ``canvas_text_scale()``
times their size (a lesson page's Large type sets 1.4). Here: the end-of-game banner that four Apps share grows
with it, and no word is squeezed by a maximum width to much less than its natural width (a squeezed word is hard
to read on a projector). Widths are measured in DejaVu Sans (``view_helpers.natural_width``).
"""
import itertools

import pytest

from boardkit.games import cluedo_cards as cc
from boardkit.games.cluedo_cards import view_cards as vc
from boardkit.games.cluedo_cards import view_draw as vd
from boardkit.games import mouse_trap as mt
from boardkit.games import mystery_date as md
from boardkit.games import philo_vance as pv
from boardkit.render.app import set_canvas_text_scale
from boardkit.render.text import text_width
from view_helpers import drawn_text_calls, drawn_words, make_apps

LARGE = 1.4
MIN_SQUEEZE = 0.85      # a word drawn at least this share of its natural width still reads as itself

# The Apps that end with the shared banner (render.draw_end_banner): App, a bot for every seat, short rules.
BANNER_GAMES = [
    pytest.param((md.App, "Collector", md.Rules()), id="mystery_date"),
    pytest.param((mt.App, "Trapper", mt.Rules(max_turns=40)), id="mouse_trap"),
    pytest.param((pv.App, "Detective", pv.Rules(max_turns=60)), id="philo_vance"),
    pytest.param((cc.App, "Shedder", cc.Rules(max_rounds=2)), id="cluedo_cards"),
]


@pytest.fixture
def large_type():
    """Large type on for the test (every App in the kernel follows it), off after it."""
    set_canvas_text_scale(LARGE)
    yield LARGE
    set_canvas_text_scale(1.0)


def play_to_the_end(app):
    while not app.game.is_over:
        assert app.step() is not None


@pytest.mark.parametrize("game", BANNER_GAMES)
def test_the_end_of_game_banner_grows_with_large_type(game):
    app_class, bot, rules = game
    for make in make_apps(app_class):
        app = make(rules=rules, seats=[bot] * 4, seed=2)
        play_to_the_end(app)
        normal = drawn_words(app)
        title = next(w for w in normal if w[0].endswith(" wins!") or w[0] == "No winner")
        sub = normal[normal.index(title) + 1]
        assert (title[1], sub[1]) == (40, 26)
        set_canvas_text_scale(LARGE)
        try:
            large = drawn_words(app)
        finally:
            set_canvas_text_scale(1.0)
        grown = {text: (px, squeeze) for text, px, squeeze in large}
        assert grown[title[0]][0] == int(40 * LARGE) and grown[sub[0]][0] == int(26 * LARGE), (title, sub, grown)
        assert min(grown[title[0]][1], grown[sub[0]][1]) >= MIN_SQUEEZE, (title, sub, grown)


@pytest.mark.parametrize("scale", [1.0, LARGE])
def test_no_word_on_the_cluedo_table_is_squeezed(scale):
    """Issue 24: in Large type the table's words were squeezed to as little as 0.56 of their width to fit their
    places ("you may choose who misses a turn", "CHOOSE SKIP", "Player 3 · Revolverist"): shorter words, two
    lines, and a long text grown less (render.draw_scaled_text) keep every word at 0.85 of its width or more,
    from the deal to the end of the game, every hand shown; the small cards' names too (laid out on two lines
    where one does not fit: ``view_cards.small_name_lines``)."""
    for make in make_apps(cc.App):
        app = make(seats=["human", "Shedder", "Revolverist", "Random"], seed=3, show_all_hands=True)
        app.seat_inputs[0].value = "Shedder"
        squeezed = squeezed_to_the_end(app, [scale])
        assert not squeezed, squeezed


def squeezed_to_the_end(app, scales=(1.0,), small_px: float = 0, every: int = 1) -> list:
    """The words ``app`` draws squeezed to under MIN_SQUEEZE of their width (or under ``small_px``, but a pawn's
    one-digit number) at each canvas text scale of ``scales`` (1: normal, LARGE: Large type), from now to the end of
    its game, played on by its bots (looked at every ``every`` decisions, and at the end): (text, px, squeeze), the
    most squeezed first."""
    squeezed = set()
    for decision in itertools.count():
        if decision % every == 0 or app.game.is_over:
            for scale in scales:
                set_canvas_text_scale(scale)
                try:
                    squeezed |= {(text, px, round(squeeze, 2)) for text, px, squeeze in drawn_words(app)
                                 if squeeze < MIN_SQUEEZE - 0.01 or (px < small_px and len(text) > 1)}
                finally:
                    set_canvas_text_scale(1.0)
        if app.game.is_over:
            break
        assert app.step() is not None
    return sorted(squeezed, key=lambda word: word[2])


@pytest.mark.parametrize("n_players", [2, 4])
def test_no_word_on_the_mouse_trap_board_is_squeezed(n_players):
    """Issue 24: the spaces' labels were squeezed to 0.74-0.83 of their width to fit their 78 px squares (CHEESE,
    BACK 3, TAKE 1, LOSE 1, AHEAD), a stage's name (thing-a-ma-jig) and a caught mouse's panel ("CAUGHT in the trap
    · built 13") too: now a label that does not fit bold is in regular type (narrower), GO TO CHEESE reads GO TO
    WHEEL, thingamajig and "CAUGHT · built 13" are shorter. From the start to the end of a game, with Large type off
    and on (looked at every 4 decisions); no word under 22 px (14 px on a 1280 x 900 screen: the board is shown 815
    px wide at least)."""
    for make in make_apps(mt.App):
        app = make(n_players=n_players, seats=["Trapper"] * n_players, seed=n_players)
        squeezed = squeezed_to_the_end(app, [1.0, LARGE], small_px=22, every=4)
        assert not squeezed, squeezed


@pytest.mark.parametrize("n_players", [2, 4, 6])
def test_no_word_on_the_philo_vance_board_is_squeezed_or_small(n_players):
    """Issue 24: the clues on the jurors of five and six players (two lines of 24 px) were squeezed to 0.70-0.84 of
    their width, ten of them drawn at 22 px (12.8 px on a 1280 x 900 screen); three on those of four players (three
    lines); the discard pile's long words (greasepaint, programme) to 0.74; a claimed clue beside a card's title to
    0.7; the legend's "flagstone" and the jurors' numbers 10-12 a little under 0.85. Now a clue too long for its
    box says the thing in fewer words there (view_court.SHORTER), the discard pile is wider, and the rest has room:
    no word squeezed under 0.85 of its width nor under 24 px (14 px on a laptop: render.ReadableBoard), with Large type
    off and on, from the start to the end of a game (looked at every 8 decisions; every clue in every box:
    tests/philo_vance/test_pv_view.py)."""
    for make in make_apps(pv.App):
        app = make(n_players=n_players, seats=["Detective"] * n_players, seed=n_players,
                   rules=pv.Rules(max_turns=100))
        squeezed = squeezed_to_the_end(app, [1.0, LARGE], small_px=24, every=8)
        assert not squeezed, squeezed


def _overlap(a, b) -> bool:
    """Whether rects ``a`` and ``b`` (x, y, w, h) share more than an edge."""
    (ax, ay, aw, ah), (bx, by, bw, bh) = a, b
    return ax < bx + bw - 0.5 and bx < ax + aw - 0.5 and ay < by + bh - 0.5 and by < ay + ah - 0.5


def _inside(box, rect, slack=1.0) -> bool:
    return (box[0] >= rect[0] - slack and box[1] >= rect[1] - slack and box[0] + box[2] <= rect[0] + rect[2] + slack
            and box[1] + box[3] <= rect[1] + rect[3] + slack)


def unreadable_open_hands(app) -> list:
    """What keeps a card's name from being read in the rivals' open hands now: a card not drawn, a card without its
    name inside it (at 22 px or more, squeezed to 0.85 of its width at most), a name another card of the hand
    covers, a hand outside its panel or a panel over another or over the piles."""
    scene, layout = app.scene(), app.geometry
    calls = drawn_text_calls(app)
    found = []
    rivals = [seat for seat in vd.rival_seats(scene) if scene.face_up[seat]]
    panels = [vd.seat_panel(scene, seat, layout) for seat in vd.rival_seats(scene)]
    found += [("panels overlap", a, b) for i, a in enumerate(panels) for b in panels[i + 1:] if _overlap(a, b)]
    found += [("panel over the piles", p) for p in panels
              if any(_overlap(p, rect) for rect in (layout.draw_rect, layout.discard_rect, layout.news_rect))]
    for seat in rivals:
        hand, rects = scene.hands[seat], vd.hand_rects(scene, seat, layout)
        panel = vd.seat_panel(scene, seat, layout)
        if len(rects) < len(hand):
            found.append((seat, f"{len(rects)} of {len(hand)} cards shown"))
        for i, (rect, card) in enumerate(zip(rects, hand)):
            if not _inside(rect, panel):
                found.append((seat, card, "outside its panel"))
            lines = {vc.short_name(card.picture), *vc.small_name_lines(card.picture, 0), *vc.name_lines(card.picture)}
            names = [call for call in calls if call["text"] in lines and _inside(call["box"], rect)
                     and call["px"] >= 22 and call["squeeze"] >= MIN_SQUEEZE - 0.01]
            if not names:
                found.append((seat, str(card), "no readable name on it"))
            for other in rects[i + 1:]:           # drawn after it: on top of it
                if any(_overlap(call["box"], other) for call in names):
                    found.append((seat, str(card), "its name covered"))
    return found


@pytest.mark.parametrize("n_players", [2, 3, 4])
@pytest.mark.parametrize("scale", [1.0, LARGE])
def test_every_name_in_the_rivals_open_hands_is_readable(n_players, scale):
    """Issue 24: with "Show all hands" on, the rivals' hands were fanned, each card over the last one's name (a name
    covered is a name a class cannot read). Now a rival's open hand is a row of name tags that wraps, and with three
    rivals their panels are strips the table's width: from the deal to the end of a game, in every 2- to 4-player
    game (the rules' most), in normal and Large type, every card of every rival's hand shows its whole name."""
    for make in make_apps(cc.App):
        app = make(n_players=n_players, seats=["Shedder", "Revolverist", "Random", "Shedder"][:n_players], seed=5,
                   show_all_hands=True)
        set_canvas_text_scale(scale)
        seen, biggest = [], 0
        try:
            while True:
                seen += unreadable_open_hands(app)
                biggest = max(biggest, *map(len, app.game.hands))
                if app.game.is_over:
                    break
                assert app.step() is not None
        finally:
            set_canvas_text_scale(1.0)
        assert biggest >= 7, biggest                          # hands bigger than the 5 dealt were seen
        assert not seen, seen[:10]


def words(app) -> list[dict]:
    """The words (two letters or more: not a pawn's number) ``app``'s board draws now: see drawn_text_calls."""
    return [call for call in drawn_text_calls(app) if sum(ch.isalpha() for ch in call["text"]) > 1]


def fits_at(call, px) -> bool:
    """Whether the word ``call`` fits its maximum width at ``px`` pixels (squeezed to 0.85 of its width at most)."""
    bold = call["font"].startswith("bold")
    return call["max_width"] is None or text_width(call["text"], px, bold) * MIN_SQUEEZE <= call["max_width"]


@pytest.mark.parametrize("game", [BANNER_GAMES[0], BANNER_GAMES[1], BANNER_GAMES[3]])
def test_large_type_grows_the_smallest_words_of_the_boards(game):
    """Issue 24: Large type gives an App's controls more room and its board less, so Mystery Date's and Mouse Trap's
    22 px words were 13 px on a 1280x900 screen (the board shown at 0.6 of its size), and so were the words on the
    Cluedo Card Game's cards. In Large type every word is at least 24 px (14.5 px there), but a board word that
    does not fit its place at 24 px (Mouse Trap's CHEESE space) stays as it was. (Philo Vance's 1,920 px wide
    board is shown at 0.44 there, its words at 10 px: its clue boxes fit their own size; still to be done.)"""
    app_class, bot, rules = game
    for make in make_apps(app_class):
        app = make(rules=rules, seats=[bot] * 4, seed=2)
        for _ in range(2):                                  # at the deal, then at the end
            assert min(call["px"] for call in words(app)) == 22
            set_canvas_text_scale(LARGE)
            try:
                small = [call for call in words(app) if call["px"] < 24 and fits_at(call, 24)]
                assert not small, small
                assert max(call["px"] for call in words(app)) > 24
            finally:
                set_canvas_text_scale(1.0)
            play_to_the_end(app)


def test_philo_vance_words_are_14_px_on_a_laptops_screen():
    """Issue 24: the 1,920 px canvas is shown at 0.58 of its size on a 1280 x 900 laptop (at 0.44 in Large type) and
    its 22 px words were 10 to 13 px there. Now every word on the board and the court cards is 24 px or more, and
    the canvas is never shown narrower than 1,120 px where the page is that wide (render.ReadableBoard): 14 px on
    screen; Large type grows the words that have room."""
    for make in make_apps(pv.App):
        app = make(seats=["Detective"] * 4, seed=7)
        grown = 0
        for turn in range(400):
            if turn % 25 == 0 or app.game.is_over:
                normal = {call["text"]: call["px"] for call in words(app)}
                set_canvas_text_scale(LARGE)
                try:
                    large = {call["text"]: call["px"] for call in words(app)}
                finally:
                    set_canvas_text_scale(1.0)
                small = {text: px for text, px in {**normal, **large}.items() if px < 24}
                assert not small, small
                assert all(large[text] >= px for text, px in normal.items())
                grown += sum(large[text] > px for text, px in normal.items())
            if app.game.is_over:
                break
            assert app.step() is not None
        assert grown > 0
        assert 24 * 1120 / pv.App.WIDTH >= 14
        assert app.canvas.layout.max_width.endswith("min(100%, 1120px))")


def test_philo_vance_words_boxed_in_keep_their_size_in_large_type():
    """Issue 24 (the screenshot pass): in Large type the words with a box or a neighbour just above and under them
    grew into it: the call boxes' numbers and "car" ran into the Radio Car panel's edge, CLUES and "100 left" filled
    their label, DISCARD touched the pile's edge, "THE JUDGE" and "court is ready" overlapped. They keep 24 px
    (view_board.draw_words(grow=False)); the words with room grow."""
    boxed = {"RADIO CAR \u00b7 CALL BOX", "car", "1", "2", "3", "CLUES", "DISCARD", "THE JUDGE", "court is ready"}
    for make in make_apps(pv.App):
        app = make(seats=["Detective"] * 4, seed=7)
        while not app.game.judge or not len(app.game.discards):
            assert not app.game.is_over and app.step() is not None
        set_canvas_text_scale(LARGE)
        try:
            large = drawn_words(app)
        finally:
            set_canvas_text_scale(1.0)
        sizes = {text: px for text, px, _ in large if text in boxed or text.endswith((" left", " cards", " card"))}
        assert len(sizes) == len(boxed) + 2 and set(sizes.values()) == {24}, sizes
        assert any(px > 24 for _, px, _ in large)

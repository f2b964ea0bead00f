"""``cc.App`` without a browser: ipywidgets objects work in plain Python.

Clicks are made the way the browser makes them: buttons through
``button.click()``, the canvas through ``app.on_canvas_mouse_down(x, y)`` (or
the message ipycanvas sends) at a card's place on the table, which
``app.card_rect`` reads from the very layout the picture is drawn with.
Human decisions are set up with ``cc_helpers.arrange``, so no test depends on
a lucky deal.
"""
import re
import threading
from dataclasses import replace

import pytest

from boardkit.games import cluedo_cards as cc
from boardkit.games.cluedo_cards import events as ev
from boardkit.games.cluedo_cards import view_cards as vc
from boardkit.games.cluedo_cards import view_draw as vd
from boardkit.games.cluedo_cards import view_scene as vs
from boardkit.games.cluedo_cards.game import PLAYING, SKIPPING, SWAPPING
from boardkit.games.cluedo_cards.rules import PICTURES
from boardkit.games.cluedo_cards.view import condensed_news
from boardkit.render.app import canvas_text_scale, set_canvas_text_scale
from cc_helpers import C, arrange, of_type
from view_helpers import (RecordingCanvas, Unchanged, centre, counters, drawn_sizes, drawn_text_calls, key_down, labels,
                          make_apps, mouse_down, text, wait_until)

HUMAN_FIRST = ["human", "Shedder", "Revolverist", "Random"]
BOTS = ["Shedder", "Revolverist", "Random", "Shedder"]


@pytest.fixture
def make_app():
    """``make_app(**kwargs)`` builds an App and closes it (stopping autoplay) after the test."""
    yield from make_apps(cc.App)


@pytest.fixture
def human_app(make_app):
    """``human_app(hands, top, **arrange_kwargs)``: seat 1 human (then three bots) about to play."""
    def make(hands, top, n_players=4, **arrangement):
        app = make_app(n_players=n_players, seats=HUMAN_FIRST[:n_players], seed=1)
        arrange(app.game, hands, top, **arrangement)
        app.refresh()
        return app
    return make


def drawn_texts(app, scene=None):
    canvas = RecordingCanvas()
    vd.draw_scene(canvas, app.geometry, app.scene() if scene is None else scene)
    return canvas.texts


def last_event(app, cls):
    return next(e for e in reversed(app.game.events) if isinstance(e, cls))


# --- construction and drawing -----------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_app_builds_and_draws_for_2_to_4_players(make_app, n, sent):
    app = make_app(n_players=n, seats=HUMAN_FIRST[:n], seed=2)
    assert app.n_players == n and app.seats == HUMAN_FIRST[:n]
    assert [d.layout.display for d in app.seat_inputs] == [None] * n + ["none"] * (4 - n)
    scene = app.scene()
    assert scene.bottom == 0 and scene.face_up == (True,) + (False,) * (n - 1)
    assert vd.rival_seats(scene) == list(range(1, n))
    assert all(len(hand) == 5 for hand in scene.hands)
    sent.clear()
    app.redraw()
    assert len(sent) == 1                                    # one batch: board and pieces
    assert sent[0].count("fillText") > 20 and "clear" in sent[0]
    texts = drawn_texts(app)
    assert f"Score sheet \u00b7 first to 10" in texts and "Draw pile" in texts
    assert "Player 1 \u00b7 human: your hand" in texts
    for seat in range(1, n):
        assert f"P{seat + 1} \u00b7 {HUMAN_FIRST[seat]}" in texts              # a rival panel: P2, as on the sheet
    assert app.roll_button.description == "Step" and app.roll_button.disabled   # a human decides by clicking
    assert "Turn 1 \u00b7 round 1 \u00b7 first to 10 points wins \u00b7" in text(app)   # the coming turn
    assert counters(app) == (1, 0, "2") and "decision" not in text(app)


def test_every_card_drawn_is_found_where_it_is_drawn(make_app):
    app = make_app(seats=BOTS, seed=4)
    scene = app.scene()
    assert scene.face_up == (True,) * 4                      # all bots: every hand face up by default
    for seat in range(4):
        for card, rect in zip(scene.hands[seat], vd.hand_rects(scene, seat, app.geometry)):
            x, y, w, h = rect
            target = app._target_at(x + 8, y + h / 2)        # the left strip is never covered
            assert (target.kind, target.seat, target.card) == ("card", seat, card)
    assert app._target_at(*centre(app.geometry.draw_rect)).kind == "draw"
    assert app._target_at(*centre(app.geometry.discard_rect)).kind == "discard"
    assert app._target_at(5, 795) is None and app._target_at(-10, 2000) is None


@pytest.mark.parametrize("kwargs,match", [
    (dict(n_players=1), "n_players must be a whole number from 2 to 4"),
    (dict(n_players=5), "n_players"),
    (dict(seats=["human", "robot", "Shedder", "Shedder"]), "unknown seat 'robot'"),
    (dict(n_players=2, seats=["human"]), "seats must list one of .* for each of the 2 players"),
    (dict(seed=-3), "the seed must be None or a whole number from 0"),
    (dict(autoplay_speed=0), "autoplay_speed"),
    (dict(show_all_hands="yes"), "show_all_hands must be True, False or None"),
    (dict(rules=cc.Rules(miniatures=(("rope", 2), ("dagger", 1), ("Prof. Plum", 3)))),
     "at least one miniature for each of the 4 players"),
])
def test_bad_constructor_input_raises_a_value_error(kwargs, match):
    with pytest.raises(ValueError, match=match):
        cc.App(**kwargs)


def test_show_all_hands_is_a_setting(make_app):
    app = make_app(seats=HUMAN_FIRST, seed=1)
    assert app.show_hands.value is False and app.scene().face_up == (True, False, False, False)
    app.show_hands.value = True
    assert app.scene().face_up == (True,) * 4
    bots = make_app(seats=BOTS, seed=1, show_all_hands=False)
    assert bots.scene().face_up == (False,) * 4


def test_two_humans_each_see_their_own_hand_at_the_bottom(make_app):
    app = make_app(n_players=3, seats=["human", "human", "Shedder"], seed=1)
    arrange(app.game, [["spanner 3", "rope 1"], ["spanner 2", "rope 2"], ["dagger 1"]], "spanner 1")
    app.refresh()
    assert app.scene().bottom == 0
    mouse_down(app, *centre(app.card_rect(0, C("spanner 3"))))
    assert app.game.current_player == 1
    scene = app.scene()
    assert scene.bottom == 1 and scene.face_up == (False, True, False)
    assert app.seat_rect(1) == app.geometry.hand_panel


# --- a human plays by clicking -----------------------------------------------------------

def test_clicking_a_playable_card_plays_it(human_app, sent):
    app = human_app([["spanner 3", "Col. Mustard 2", "rope 1"], ["dagger 1"], ["dagger 2"], ["dagger 3"]],
                    "spanner 1")
    scene = app.scene()
    assert scene.playable[0] == {C("spanner 3"), C("rope 1")}
    raised = app.card_rect(0, C("spanner 3"))
    assert raised[1] < app.card_rect(0, C("Col. Mustard 2"))[1]          # playable cards are raised
    assert "PLAY" in drawn_texts(app)                                     # ... and labelled
    assert labels(app) == ["1. Play the Rope 1", "2. Play the Spanner 3"]   # as the hand is drawn
    assert "Player 1, your turn: play a Spanner or a 1 on the Spanner 1" in text(app)
    sent.clear()
    app.on_canvas_mouse_down(*centre(raised))
    assert app.game.top == C("spanner 3") and C("spanner 3") not in app.game.hands[0]
    assert app.game.current_player == 1
    assert "Player 1 plays the Spanner 3." in text(app)
    assert "Player 2 (Shedder bot) is next, to play on the Spanner 3" in text(app)
    assert counters(app)[1] == 1 and app.choice_buttons == []
    assert len(sent) == 1 and "sleep" in sent[0]                          # the card slid to the discard pile


def test_an_unplayable_card_is_explained_and_nothing_changes(human_app):
    app = human_app([["spanner 3", "Col. Mustard 2"], ["dagger 1"], ["dagger 2"], ["dagger 3"]], "spanner 1")
    before = app.game.to_dict()
    with Unchanged(app):
        mouse_down(app, *centre(app.card_rect(0, C("Col. Mustard 2"))))
    assert app.game.to_dict() == before
    assert ("The Col. Mustard 2 doesn't match the Spanner 1: play a Spanner or a 1. "
            "You can play the Spanner 3.") in text(app)
    assert "\u26a0" in text(app)                                          # shown as a warning


def test_clicks_that_mean_nothing_say_why(human_app):
    app = human_app([["spanner 3", "Col. Mustard 2"], ["dagger 1"], ["dagger 2"], ["dagger 3"]], "spanner 1")
    cases = [
        (centre(app.geometry.draw_rect), "You can play, so you must: you draw only when no card matches"),
        (centre(app.geometry.discard_rect), "The discard pile takes a card from your hand"),
        (centre(app.card_rect(2, C("dagger 2"))), "That is Player 3's hand: you play from your own hand"),
        (centre(app.seat_rect(3)), "That is Player 4's hand"),
        ((5, 795), "Click a raised card of your hand (a Spanner or a 1)"),
    ]
    for point, notice in cases:
        with Unchanged(app):
            mouse_down(app, *point)
        assert notice in text(app), point
    with Unchanged(app):
        assert app.step() is None
    assert "Player 1 is a human seat and decides by clicking" in text(app)
    with Unchanged(app):
        key_down(app, "s")


def test_clicking_the_draw_pile_draws_when_nothing_matches(human_app):
    app = human_app([["Col. Mustard 2", "rope 3"], ["dagger 1"], ["dagger 2"], ["dagger 3"]], "spanner 1")
    assert labels(app) == ["1. Draw a card"]
    assert "nothing matches the Spanner 1: click the draw pile to draw a card" in text(app)
    with Unchanged(app):
        mouse_down(app, *centre(app.card_rect(0, C("rope 3"))))
    assert "doesn't match the Spanner 1, and nothing in your hand does" in text(app)
    on_top = app.game.draw_pile.cards[-1]
    mouse_down(app, *centre(app.geometry.draw_rect))
    assert len(app.game.hands[0]) == 3 and on_top in app.game.hands[0]
    assert app.game.current_player == 1                                   # play passes after a draw
    assert "Player 1 cannot play and draws a card." in text(app)


def test_with_nothing_to_draw_the_draw_pile_passes(human_app):
    app = human_app([["Col. Mustard 2"], ["dagger 1"], ["dagger 2"], ["dagger 3"]], "spanner 1", draw=())
    assert app.game.legal_actions() == [cc.Pass()]
    assert app.scene().must_pass and "the draw pile is empty: click it to pass" in text(app)
    mouse_down(app, *centre(app.geometry.draw_rect))
    assert app.game.current_player == 1 and app.game.hands[0] == [C("Col. Mustard 2")]
    assert "cannot play and there is no card to draw: passes" in text(app)


def test_after_a_dagger_she_clicks_the_rival_who_misses_a_turn(human_app):
    app = human_app([["dagger 1", "rope 3"], ["rope 1", "spanner 2"], ["dagger 2", "rope 2"], ["Prof. Plum 1"]],
                    "dagger 3")
    mouse_down(app, *centre(app.card_rect(0, C("dagger 1"))))
    assert app.game.phase == SKIPPING and app.game.current_player == 0
    assert labels(app) == ["1. \u25a0 Player 2 misses a turn", "2. \u25b2 Player 3 misses a turn",
                           "3. \u25c6 Player 4 misses a turn", "4. Nobody misses a turn"]
    assert app.scene().choices == (1, 2, 3)
    assert "Click: misses a turn" in drawn_texts(app)
    assert "your Dagger: click the rival who must miss a turn" in text(app)
    with Unchanged(app):
        mouse_down(app, *centre(app.card_rect(0, C("rope 3"))))
    assert "You can't make yourself miss a turn" in text(app)
    with Unchanged(app):
        mouse_down(app, *centre(app.geometry.draw_rect))
    assert "First finish your action card" in text(app)
    mouse_down(app, *centre(app.seat_rect(1)))                            # Player 2's panel
    assert last_event(app, ev.MustMiss).victim == 1
    assert app.game.current_player == 2 and app.game.phase == PLAYING     # Player 2's turn was missed
    assert "Player 1's Dagger: Player 2 must miss a turn." in text(app)


def test_after_a_dagger_she_may_let_nobody_miss_a_turn(human_app):
    """Rule 6: she *can* choose a player to miss a turn; the App offers declining as a button."""
    app = human_app([["dagger 1", "rope 3"], ["rope 1", "spanner 2"], ["dagger 2", "rope 2"], ["Prof. Plum 1"]],
                    "dagger 3")
    mouse_down(app, *centre(app.card_rect(0, C("dagger 1"))))
    assert "nobody misses a turn" in text(app)
    key_down(app, "4")
    assert last_event(app, ev.NobodyMisses).player == 0
    assert app.game.missing == [0, 0, 0, 0]
    assert app.game.current_player == 1 and app.game.phase == PLAYING
    assert "Player 1's Dagger: she lets nobody miss a turn." in text(app)


def test_after_a_revolver_she_swaps_hands_by_button_or_key(human_app):
    app = human_app([["revolver 1", "rope 3", "spanner 3"], ["rope 1"], ["dagger 2", "rope 2"], ["Prof. Plum 1"]],
                    "revolver 3")
    app.choice_buttons[0].click()                                         # play the Revolver 1
    assert app.game.phase == SWAPPING
    assert labels(app) == ["1. Swap hands with \u25a0 Player 2", "2. Swap hands with \u25b2 Player 3",
                           "3. Swap hands with \u25c6 Player 4"]
    theirs = list(app.game.hands[2])
    key_down(app, "2")
    assert app.game.hands[0] == theirs and sorted(app.game.hands[2]) == sorted([C("rope 3"), C("spanner 3")])
    assert "Player 1 swaps hands with Player 3." in text(app)


def test_a_swap_chosen_on_the_canvas(human_app):
    app = human_app([["revolver 1", "rope 3"], ["rope 1"], ["dagger 2", "rope 2"], ["Prof. Plum 1", "dagger 1"]],
                    "revolver 3")
    mouse_down(app, *centre(app.card_rect(0, C("revolver 1"))))
    assert app.game.phase == SWAPPING
    mouse_down(app, *centre(app.card_rect(3, C("dagger 1"))))              # a card of Player 4's hand
    assert last_event(app, ev.SwappedHands).other == 3
    assert sorted(app.game.hands[0]) == sorted([C("Prof. Plum 1"), C("dagger 1")])


# --- rounds, the reveal, the end --------------------------------------------------------------

def test_the_end_of_a_round_shows_the_miniatures_until_the_next_play(make_app):
    app = make_app(seats=BOTS, seed=3)
    while app.game.round == 1:
        app.step()
    scene = app.scene()
    went_out = last_event(app, ev.WentOut)
    revealed = of_type(app.game.events, ev.Revealed)
    assert scene.reveal == vs.Reveal(1, went_out.player, last_event(app, ev.Played).card, 3,
                                     tuple((e.player, e.picture, e.penalty, e.lost) for e in revealed),
                                     tuple(app.game.scores))
    assert scene.reveal_fresh and app.game.round_winners == [went_out.player]
    texts = drawn_texts(app)
    assert f"Round 1 over: Player {went_out.player + 1} went out, +3." in texts     # large, by the piles
    assert "Last round: round 1" in texts                                        # and in the side panel
    for e in revealed:
        assert f"{e.picture[:1].upper()}{e.picture[1:]} ({e.penalty})" in texts
    # The status line tells the round's end in a few sentences; the log keeps every event.
    status = text(app)
    assert "Miniatures turned over: Player 1: " in status and "Round 2: Player" in status
    assert "is dealt" not in status and "\u2026" not in status
    assert "Player 1 takes a miniature card face down." in app.log_html.value
    assert scene.sheet == (vs.SheetRound(1, went_out.player, tuple(app.game.scores)),)
    while not any(isinstance(e, (ev.Played, ev.Drew)) for e in app.game.events[-4:]):
        app.step()                                              # up to the next round's first play or draw
    later = app.scene()
    assert later.round == 2 and not later.reveal_fresh and later.reveal == scene.reveal
    texts = drawn_texts(app, later)
    assert "Last round: round 1" in texts and not any(t.startswith("Round 1 over") for t in texts)


def test_all_bot_autoplay_plays_to_the_end_of_a_round(make_app):
    app = make_app(seats=BOTS, seed=7, autoplay_speed=10.0)
    app.autoplay.value = True
    wait_until(lambda: app.game.round >= 2 or app.game.is_over, timeout=60)
    app.autoplay.value = False
    wait_until(lambda: not [t for t in threading.enumerate()
                            if t.name == "cluedo-card-game-autoplay" and t.is_alive()])
    scene = app.scene()
    assert scene.reveal is not None and scene.reveal.round >= 1
    assert len(scene.reveal.miniatures) == 4 or scene.reveal.went_out is None
    assert f"Last round: round {scene.reveal.round}" in drawn_texts(app)
    assert len(scene.sheet) == len(app.game.round_winners) >= 1


def test_a_game_ends_with_a_winner_and_says_so(make_app):
    app = make_app(rules=cc.Rules(target=3), seats=BOTS, seed=2)
    while not app.game.is_over:
        app.step()
    winner = app.game.winner
    assert f"Player {winner + 1} wins the game with {app.game.scores[winner]} points! Press New game" in text(app)
    texts = drawn_texts(app)
    assert f"Player {winner + 1} wins!" in texts and "WINNER" in " ".join(texts)
    assert app.scene().reveal_fresh                                        # the last reveal stays
    assert app.roll_button.description == "Game over" and app.roll_button.disabled
    with Unchanged(app):
        mouse_down(app, *centre(app.geometry.draw_rect))
    assert "The game is over" in text(app)


def _overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("scale", [1.0, 1.4])
def test_the_end_banner_covers_no_hand(make_app, monkeypatch, scale):
    """Found in the screenshot pass (issue 24): the end-of-game banner was drawn over the bottom hand, covering the
    names of its cards. It takes the place of the piles and the news (the last round stays in its panel at the
    right), clear of every hand, in Large type too."""
    app = make_app(rules=cc.Rules(target=3), seats=BOTS, seed=2, show_all_hands=True)
    while not app.game.is_over:
        app.step()
    scene = replace(app.scene(), text_scale=scale)
    banners = []
    real = vd.r.draw_end_banner
    monkeypatch.setattr(vd.r, "draw_end_banner", lambda c, rect, *args: (banners.append(rect), real(c, rect, *args)))
    texts = drawn_texts(app, scene)
    (x, y, w, h), = banners
    y, h = y + h / 2 - h * scale / 2, h * scale          # as draw_end_banner grows it
    hands = [rect for seat in range(scene.n_players) for rect in vd.hand_rects(scene, seat, app.geometry)]
    assert len(hands) == sum(map(len, scene.hands)) > 0
    assert not [rect for rect in hands if _overlap(rect, (x, y, w, h))]
    panels = [vd.seat_panel(scene, seat, app.geometry) for seat in range(scene.n_players)]
    assert not [rect for rect in panels if _overlap(rect, (x, y, w, h))], (panels, (x, y, w, h))
    assert "Draw pile" not in texts and not any(t.startswith("Round ") for t in texts)    # no pile peeks out


def test_a_rival_hand_too_big_for_its_panel_ends_with_a_count_of_the_rest(make_app):
    """Name tags wrap onto as many rows as a rival's panel holds; a hand bigger still (a tinkerer's rules, or 9 cards
    or more in a 4-player game: about 1 position in 10,000 of the bots' games) shows the tags that fit, then
    "+N more", and no tag covers another."""
    app = make_app(seats=BOTS, seed=4, show_all_hands=True)
    scene = app.scene()
    seat = vd.rival_seats(scene)[0]
    big = list(app.game.draw_pile.cards[:14])
    hands = tuple(tuple(big) if s == seat else hand for s, hand in enumerate(scene.hands))
    scene = replace(scene, hands=hands, playable=tuple(() for _ in hands))
    tags = vd.tag_rects(scene, seat, app.geometry)
    assert 0 < len(tags.rects) < len(big) and tags.more is not None
    rects = [*tags.rects, tags.more]
    assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if _overlap(a, b)]
    x, y, w, h = vd.seat_panel(scene, seat, app.geometry)
    assert all(x <= rx and rx + rw <= x + w and y <= ry and ry + rh <= y + h for rx, ry, rw, rh in rects)
    assert f"+{len(big) - len(tags.rects)} more" in drawn_texts(app, scene)
    assert vd.hand_rects(scene, seat, app.geometry) == tags.rects


@pytest.mark.parametrize("scale", [1.0, 1.4])
def test_a_cards_name_stays_between_its_picture_band_and_its_power_ribbon(scale):
    """Found in the screenshot pass (issue 24): in Large type the second line of a card's name ("stick" of a
    Candlestick) was drawn over its SKIP ribbon, and the first over the picture's band. Every name line of every
    card of the bottom hand and of the discard pile lies between the two, in normal and Large type."""
    lines = []

    class Lines(RecordingCanvas):
        def fill_text(self, text, tx, ty, *args):
            lines.append((str(text), ty, float(re.search(r"([\d.]+)px", self.font)[1])))
    powers = dict(cc.Rules().powers)
    out = []
    for picture in PICTURES:
        for w, h in ((vd.CARD_W, vd.CARD_H), vd.Layout().discard_rect[2:]):
            lines.clear()
            vc.draw_face(Lines(), (0, 0, w, h), C(f"{picture} 1"), powers.get(picture), scale)
            top = h * 0.42                                               # the band's foot
            bottom = h - h * 0.2 - 4 if picture in powers else h        # the ribbon's top
            for text, ty, px in lines:
                if text in vc.name_lines(picture) and not (ty - px / 2 >= top - 1 and ty + px / 2 <= bottom + 1):
                    out.append((picture, (w, h), text, round(ty - px / 2), round(ty + px / 2), (top, bottom)))
    assert not out, out


@pytest.mark.parametrize("scale", [1.0, 1.4])
def test_with_every_hand_shown_the_dagger_and_revolver_prompts_are_not_squeezed(human_app, scale):
    """With "Show all hands" on, the rivals are strips with a narrow name column: its "Click: misses a turn" (a
    Dagger) and "Click: swap hands" (a Revolver) keep 0.85 of their width or more, in normal and Large type."""
    squeezed = []
    for top, phase in (("dagger 1", SKIPPING), ("revolver 1", SWAPPING)):
        app = human_app([[top.split()[0] + " 2", "rope 1"], ["spanner 1"], ["plum 3", "rope 3"], ["white 1"]], top)
        app.show_hands.value = True
        app.game.apply(cc.actions.Play(C(top.split()[0] + " 2")))
        app.refresh()
        assert app.game.phase == phase and vd.in_strips(app.scene())
        set_canvas_text_scale(scale)
        try:
            words = drawn_text_calls(app)
        finally:
            set_canvas_text_scale(1.0)
        assert sum(call["text"].startswith("Click: ") for call in words) == 3
        squeezed += [(call["text"], round(call["squeeze"], 2)) for call in words if call["squeeze"] < 0.85]
    assert not squeezed, squeezed


def test_condensed_news_tells_a_round_end_in_a_few_sentences():
    events = [ev.Played(1, C("rope 1")), ev.WentOut(1, 3), ev.Revealed(0, "rope", 2, 2),
              ev.Revealed(1, "Mrs. White", 1, 0), ev.RoundScored(None, 1, (-2, 3)), ev.RoundStarted(0, 2),
              ev.MiniatureTaken(0), ev.Dealt(0, (C("dagger 1"),) * 5), ev.MiniatureTaken(1),
              ev.Dealt(1, (C("dagger 2"),) * 5), ev.DiscardStarted(None, C("spanner 3"))]
    assert condensed_news(events) == [
        "Player 2 plays the Rope 1.", "Player 2 is out of cards and scores 3 points.",
        "Miniatures turned over: Player 1: Rope (2), loses 2 points; Player 2: Mrs. White (1).",
        "After round 1: Player 1 has -2 points, Player 2 has 3 points.",
        "Round 2: Player 1 starts; everyone takes a new miniature face down and 5 cards, "
        "and the Spanner 3 starts the discard pile."]


def test_a_game_saved_without_events_still_shows(make_app):
    game = cc.Game(cc.Rules(), n_players=3, seed=5, record_events=False)
    app = make_app(seats=BOTS, seed=1)
    app.set_game(game)
    assert "Game loaded: 3 players, round 1, turn 0." in text(app)
    scene = app.scene()
    assert scene.reveal is None and scene.sheet == () and scene.recent == ()
    app.step()
    assert app.game.turns == 1 and counters(app)[1] == 1
    assert "Score sheet \u00b7 first to 10" in drawn_texts(app)


def test_the_news_names_who_played_the_top_card_when_it_is_the_rounds_first_play(make_app):
    """Found in the lesson's screenshot review: after the round's first card was played the table still said
    'No card played yet this round.'  Before any play it says so; after the first play it names the player."""
    app = make_app(seats=BOTS, seed=1)
    scene = app.scene()
    assert scene.top_played_by is None
    assert "No card played yet this round." in drawn_texts(app)
    while not any(isinstance(e, ev.Played) for e in app.game.events):
        app.step()
    first = next(e for e in app.game.events if isinstance(e, ev.Played))
    scene = app.scene()
    assert scene.top == first.card and scene.recent == ()            # seed 1: the first play is the top card
    assert scene.top_played_by == first.player
    texts = drawn_texts(app)
    assert f"Player {first.player + 1} played it, the round's first card." in texts
    assert "No card played yet this round." not in texts


def test_large_type_grows_the_words_drawn_on_the_table(make_app):
    """Issue 24: the table is a canvas shown at about 0.83 of its size on a 1920x1080 projector, so its 22 px words
    were 18 px on screen in Large type ("you may choose who misses a turn"): the page's CSS can't reach them. The
    lesson page's switch has the App redraw them 1.4 times bigger; a text too long for its place grows less (never
    squeezed to under 0.85 of its width: tests/test_canvas_words.py), but at least 1.1 times, and a card's own
    words (and a rival's name tags, with every hand shown) at least as big as before."""
    app = make_app(seats=HUMAN_FIRST, seed=1, show_all_hands=True)     # faces of every hand, and the legend
    normal = drawn_sizes(app)
    set_canvas_text_scale(1.4)
    try:
        large = drawn_sizes(app)
    finally:
        set_canvas_text_scale(1.0)
    halves = {line for p in PICTURES for line in vc.small_name_lines(p, width=0)}    # a small card's two lines
    assert {t for t, _ in large} - {t for t, _ in normal} <= halves       # bigger, a name may take two lines
    least = {}
    for t, big in large:
        least[t] = min(big, least.get(t, big))
    words = [(t, px, least[t]) for t, px in normal if t in least and sum(ch.isalpha() for ch in t) > 1]
    on_cards = {vc.short_name(p) for p in PICTURES} | set(vc.POWER_WORDS.values()) | halves | {
        line for p in PICTURES for line in vc.name_lines(p)}
    assert ("pick who misses a turn", 22, int(22 * 1.4)) in words
    small = [(t, px, big) for t, px, big in words if big < int(px * (1 if t in on_cards else 1.1))]
    assert not small, small
    off_cards = [(t, px, big) for t, px, big in words if t not in on_cards]     # (the rivals' name tags are cards)
    assert sum(big == int(px * 1.4) for _, px, big in off_cards) > len(off_cards) / 2, off_cards
    assert drawn_sizes(app) == normal and canvas_text_scale() == 1.0


def test_the_recent_plays_stay_in_the_news_box_in_large_type(make_app, monkeypatch):
    """Found in the screenshot pass (issue 24): in Large type 'Played before it' was drawn over the headline's
    second line, and the recent plays' pawns under the box, hidden by the bottom hand's panel."""
    app = make_app(seats=BOTS, seed=1)
    while len(app.scene().recent) < 3:
        app.step()
    scene = replace(app.scene(), text_scale=1.4, reveal_fresh=False)
    x, y, w, h = app.geometry.news_rect
    pawns, lines = [], []

    class Lines(RecordingCanvas):
        def fill_text(self, text, tx, ty, *args):
            lines.append((str(text), ty, int(re.search(r"(\d+)px", self.font)[1])))
    monkeypatch.setattr(vd.r, "draw_pawn", lambda c, px, py, size, style: pawns.append((py, size)))
    vd.draw_news(Lines(), scene, app.geometry)
    assert len(pawns) == len(scene.recent) and all(py + size / 2 <= y + h for py, size in pawns), (pawns, y + h)
    second, played = lines[1], next(line for line in lines if line[0].startswith("Played before it"))
    assert played[1] - played[2] / 2 >= second[1] + second[2] / 2, (second, played)     # below, not over it

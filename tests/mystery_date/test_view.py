"""``md.App`` without a browser: ipywidgets objects work in plain Python.

Clicks are made the way the browser makes them: buttons through
``button.click()``, the canvas through the message ipycanvas sends
(``canvas._handle_custom_msg({"event": "mouse_down", "x": .., "y": ..})``)
or ``app.on_canvas_mouse_down(x, y)``.  Human decisions are set up with
``md_helpers.arrange`` and forced rolls, so no test depends on a lucky seed.
"""
import pytest

from boardkit.core import ScriptedChance, step as bot_step
from boardkit.games import mystery_date as md
from boardkit.games.mystery_date import view_draw as vd
from boardkit.games.mystery_date.game import (CHOOSING_OPPONENT, CHOOSING_PILE, DISCARDING, GIVING,
                                              ROLLING, SHOWING)
from boardkit.games.mystery_date.rules import DOOR, SWAP_ANY, TAKE_2, TAKE_EITHER
from md_helpers import arrange, card, saved, space
from view_helpers import Unchanged, centre, counters, key_down, labels, make_apps, mouse_down, text

HUMAN_FIRST = ["human", "Collector", "Collector", "Collector"]
BOTS = ["Collector"] * 4


# --- helpers ------------------------------------------------------------------------

@pytest.fixture
def make_app():
    """``make_app(**kwargs)`` builds an App and closes it (stopping autoplay) after the test."""
    yield from make_apps(md.App)


@pytest.fixture
def human_app(make_app):
    """``human_app(kind, roll=1, **arrange_kwargs)``: seat 1 human (three Collectors), set up so
    that her next roll stops on the first ``kind`` space of the board."""
    def make(kind, roll=1, rules=None, **arrangement):
        app = make_app(rules=rules, seats=HUMAN_FIRST, seed=1)
        game = arrange(app.game, **arrangement)
        game.positions[0] = (space(game, kind) - roll) % len(game.rules.board)
        ScriptedChance.onto(game, rolls=[roll])
        app.refresh()
        return app
    return make


# --- construction -------------------------------------------------------------------

def test_seat_names_ignore_case(make_app):
    app = make_app(seats=["HUMAN", "collector", "random", "Collector"], seed=0)
    assert app.seats == ["human", "Collector", "Random", "Collector"]


def test_a_new_app_waits_for_the_human_roll(make_app):
    app = make_app(seed=1)
    assert app.seats == HUMAN_FIRST and app.n_players == 4
    assert app.roll_button.description == "Roll" and not app.roll_button.disabled
    assert "Player 1, your turn: press Roll" in text(app)
    assert counters(app) == (1, 0, "1")
    assert app.choice_buttons == []
    assert [d.layout.display for d in app.seat_inputs] == [None] * 4


def test_fewer_players_hide_the_unused_seats(make_app):
    app = make_app(n_players=2, seats=["human", "Random"], seed=0)
    assert app.n_players == 2 and app.seats == ["human", "Random"]
    assert [d.layout.display for d in app.seat_inputs] == [None, None, "none", "none"]


# --- bots ---------------------------------------------------------------------------

def test_a_bot_game_ends_and_says_so(make_app):
    app = make_app(rules=md.Rules(max_turns=6), seats=BOTS, seed=3)
    while not app.game.is_over:
        app.step()
    assert "No winner (turn cap)" in text(app) and "Press New game" in text(app)
    assert app.roll_button.description == "Game over" and app.roll_button.disabled
    with Unchanged(app):
        assert app.step() is None
        assert "The game is over" in text(app)
        mouse_down(app, *centre(app.geometry.die_rect))
        assert "The game is over" in text(app)
        assert app.choose(md.Roll()) is None


# --- a human seat: buttons, canvas clicks, keys --------------------------------------

def test_human_swap_any_by_button_then_canvas_card(human_app):
    app = human_app(SWAP_ANY, hands=["r1 g2", "b3", "o1 o2", ""])
    mouse_down(app, *centre(app.geometry.die_rect))           # the die rolls for her
    assert app.game.phase == CHOOSING_OPPONENT and counters(app)[1] == 1
    assert labels(app) == ["1. Swap with Player 2", "2. Swap with Player 3"]   # Player 4 has no cards
    assert app.roll_button.disabled
    assert "click the hand of the player you swap with" in text(app)

    app.choice_buttons[1].click()
    assert app.game.phase == GIVING and app.game.swap_with == 2
    assert "Player 1 chooses to swap with Player 3." in text(app)
    assert labels(app) == ["1. Give the red 1", "2. Give the green 2"]

    mouse_down(app, *centre(app.card_rect(0, card("r1"))))
    swapped = next(e for e in reversed(app.game.events) if type(e).__name__ == "Swapped")
    assert (swapped.player, swapped.opponent, swapped.given) == (0, 2, card("r1"))
    assert card("r1") in app.game.hands[2] and len(app.game.hands[0]) == 2
    assert app.game.current_player == 1 and app.game.phase == ROLLING
    assert "Player 1 swaps a card with Player 3." in text(app)
    assert app.choice_buttons == [] and app.roll_button.description == "Step"


def test_human_chooses_whom_to_swap_with_on_the_canvas(human_app):
    app = human_app(SWAP_ANY, hands=["r1", "b3 b2", "o1", "g1"])
    app.step()
    mouse_down(app, *centre(vd.panel_rect(3, 4)))              # Player 4's hand panel
    assert app.game.phase == GIVING and app.game.swap_with == 3
    mouse_down(app, *centre(app.card_rect(1, card("b3"))))     # a card in Player 2's hand...
    assert "belongs to Player 2" in text(app) and app.game.phase == GIVING
    key_down(app, "1")                                          # ...so give with key 1 instead
    assert app.game.current_player == 1 and card("r1") in app.game.hands[3]


def test_human_discards_down_to_the_limit_by_clicking_cards(human_app):
    app = human_app(TAKE_2, hands=["r1 r2 r3 g1 g2 g3", "b1", "b2", "b3"], draw_top="o1 o2")
    app.step()
    assert app.game.phase == DISCARDING and len(app.game.hands[0]) == 8
    assert "you hold 8 cards: discard down to 6" in text(app)
    assert len(app.choice_buttons) == 8
    mouse_down(app, *centre(app.card_rect(0, card("g1"))))
    assert app.game.phase == DISCARDING and app.game.discard_pile.top == card("g1")
    assert "Player 1 discards the green 1." in text(app)
    app.on_canvas_mouse_down(*centre(app.card_rect(0, card("o2"))))
    assert sorted(app.game.hands[0]) == sorted(map(card, "r1 r2 r3 g2 g3 o1".split()))
    assert app.game.current_player == 1


def test_human_takes_the_face_up_discard(human_app):
    app = human_app(TAKE_EITHER, hands=["r1", "b1", "b2", "b3"], discard="g2 r2")
    app.step()
    assert app.game.phase == CHOOSING_PILE
    assert labels(app) == ["1. Take from the draw pile", "2. Take from the discard pile"]
    with Unchanged(app):
        mouse_down(app, *centre(app.card_rect(0, card("r1"))))
        assert "A card can't be chosen now" in text(app)
        mouse_down(app, *centre(app.geometry.die_rect))
        assert "You have already rolled this turn" in text(app)
        assert app.step() is None
        assert "has already rolled and must choose first" in text(app)
    mouse_down(app, *centre(app.geometry.discard_rect))
    assert sorted(app.game.hands[0]) == [card("r1"), card("r2")]
    assert "Player 1 takes the red 2 from the discard pile." in text(app)


def test_an_empty_pile_cannot_be_chosen(human_app):
    app = human_app(TAKE_EITHER, hands=["r1", "b1", "b2", "b3"], discard="")
    app.step()
    assert labels(app) == ["1. Take from the draw pile"]
    with Unchanged(app):
        mouse_down(app, *centre(app.geometry.discard_rect))
        assert "The discard pile is empty" in text(app)
    mouse_down(app, *centre(app.geometry.draw_rect))
    assert len(app.game.hands[0]) == 2


def test_human_opens_the_door_and_wins(human_app):
    always_red = md.Rules(door_weights=(1, 0, 0, 0, 0))
    app = human_app(DOOR, rules=always_red, hands=["r1 r2 r3", "b1", "b2", "b3"])
    app.step()
    assert app.game.phase == SHOWING and "READY for Formal Dance" in text(app)
    mouse_down(app, *centre(app.geometry.door_rect))
    assert app.game.winner == 0 and app.game.is_over
    assert "Player 1 wins: ready for the Formal Dance date!" in text(app)
    assert app.roll_button.description == "Game over" and app.choice_buttons == []
    with Unchanged(app):
        mouse_down(app, *centre(app.card_rect(0, card("r1"))))
        assert "The game is over" in text(app)


def test_ready_for_two_dates_she_picks_an_outfit_by_its_card(human_app):
    always_red = md.Rules(door_weights=(1, 0, 0, 0, 0))
    app = human_app(DOOR, rules=always_red, hands=["r1 r2 r3 g1 g2 g3", "b1", "b2", "b3"])
    app.step()
    assert len(app.choice_buttons) == 2
    with Unchanged(app):
        mouse_down(app, *centre(app.geometry.door_rect))
        assert "You are ready for two dates" in text(app)
    mouse_down(app, *centre(app.card_rect(0, card("g2"))))     # the green outfit: the door says red
    opened = next(e for e in reversed(app.game.events) if type(e).__name__ == "DoorOpened")
    assert (opened.colour, opened.outcome) == ("green", "red")
    assert not app.game.is_over and app.game.current_player == 1


def test_clicks_that_mean_nothing_change_nothing_and_say_why(make_app):
    app = make_app(seats=HUMAN_FIRST, seed=1)
    g = app.geometry
    own = app.game.hands[0][0]
    cases = [
        (centre(app.card_rect(0, own)), "Cards are not played now"),
        (centre(g.draw_rect), "You take from the piles only on the spaces that say so"),
        (centre(g.door_rect), "The door opens only when you stop on OPEN THE DOOR"),
        (centre(vd.panel_rect(2, 4)), "That is Player 3's hand"),
        ((400, 40), "Player 1: Roll the die"),                # a board space: not clickable
        ((-5, 900), "Player 1: Roll the die"),                # off the canvas
    ]
    for (x, y), notice in cases:
        with Unchanged(app):
            mouse_down(app, x, y)
        assert notice in text(app), (x, y)
        assert "\u26a0" in text(app)                           # shown as a warning
    with Unchanged(app):
        assert app.choose(md.Discard(card("o3"))) is None
    assert "You can't discard the orange 3 now" in text(app)


def test_out_of_turn_clicks_and_choices_change_nothing(make_app):
    app = make_app(seats=["Collector", "human", "Collector", "Collector"], seed=2)
    assert app.game.current_player == 0
    with Unchanged(app):
        mouse_down(app, *centre(app.card_rect(1, app.game.hands[1][0])))
        assert "It is Player 1's turn and a bot plays it" in text(app)
        assert app.choose(md.Roll()) is None
        assert "It is Player 1's turn, a bot: press Step" in text(app)
        mouse_down(app, 400, 40)                                # nothing there: no notice needed


def test_a_button_of_an_earlier_decision_does_nothing(human_app):
    app = human_app(SWAP_ANY, hands=["r1 g2", "b3", "o1 o2", "g1"])
    app.step()
    old = app.choice_buttons[0]
    old.click()                                                  # swap with Player 2
    assert app.game.phase == GIVING
    with Unchanged(app):
        old.click()
        assert "That button was for an earlier decision" in text(app)


def test_show_bot_hands_turns_their_cards_face_down(make_app):
    app = make_app(seats=HUMAN_FIRST, seed=1)
    assert app._scene().face_up == (True, True, True, True)
    app.show_hands.value = False
    assert app._scene().face_up == (True, False, False, False)


# --- new games, loaded games --------------------------------------------------------------

def test_changing_the_players_deals_a_new_game(make_app):
    app = make_app(seats=BOTS, seed=5)
    app.step()
    app.players_input.value = 3
    assert app.n_players == 3 and app.game.turns == 0 and app.seed == 5
    assert [d.layout.display for d in app.seat_inputs] == [None, None, None, "none"]
    assert "New game: 3 players, seed 5" in text(app)


def test_set_game_shows_a_saved_game_and_plays_on(make_app):
    game = md.Game(md.Rules(hand_limit=7), n_players=3, seed=5)
    bots = [md.bots.Collector()] * 3
    for _ in range(25):
        bot_step(game, bots)
    loaded = md.Game.from_dict(game.to_dict())
    app = make_app(seats=BOTS, seed=1)
    app.set_game(loaded)
    assert app.game is loaded and app.n_players == 3 and app.players_input.value == 3
    assert app.rules.hand_limit == 7
    assert [d.layout.display for d in app.seat_inputs] == [None, None, None, "none"]
    assert f"Game loaded: 3 players, turn {game.turns}." in text(app)
    app.step()
    bot_step(game, bots)
    assert saved(app.game) == saved(game)
    with pytest.raises(TypeError, match="set_game needs an md.Game"):
        app.set_game(game.to_dict())

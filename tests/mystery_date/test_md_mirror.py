"""The App's text mirror of the board (``_describe_state``) and the doors it remembers (``door_openings``)."""
import pytest

from boardkit import ScriptedChance
from boardkit.core import ScriptedChance
from boardkit.games import mystery_date as md
from boardkit.games.mystery_date.game import DISCARDING
from boardkit.games.mystery_date.rules import DOOR, OUTCOMES, TAKE_2
from md_helpers import arrange, space
from view_helpers import make_apps

HUMAN_FIRST = ["human", "Collector", "Collector", "Random"]


@pytest.fixture
def make_app():
    yield from make_apps(md.App)


def door_shows(game, outcome):
    """The door's next opening shows ``outcome`` ("red", ..., "dud")."""
    ScriptedChance.onto(game, weighted=[OUTCOMES.index(outcome)])


def ready_at_the_door(app, outcome):
    """Player 1 (human) holds the red 1-2-3 and rolls a 2 onto the second door; it will show ``outcome``."""
    game = arrange(app.game, hands=["r1 r2 r3 g1", "b1", "o2 o3", ""], discard="g2",
                   positions=[space(app.game, DOOR, 1) - 2, 3, 10, 0])
    ScriptedChance.onto(game, rolls=[2])
    door_shows(game, outcome)
    app.refresh()
    app.step()                                   # the roll: she stops on OPEN THE DOOR
    app.choose(md.ShowOutfit("red"))
    return game


def test_a_new_app_says_whose_turn_the_piles_and_every_seat(make_app):
    app = make_app(seats=HUMAN_FIRST, seed=1)
    assert app._describe_state() == [
        "Turn 1: Player 1 (you) is next, to roll the die.",
        "Draw pile: 39 cards; discard pile: 1 card, the blue 3 on top.",
        "Player 1 (you) stands on OPEN THE DOOR; 2 cards: blue 2, blue 3.",
        "Player 2 (Collector bot) stands on OPEN THE DOOR; 2 cards: red 2, blue 1.",
        "Player 3 (Collector bot) stands on OPEN THE DOOR; 2 cards: red 1, blue 1.",
        "Player 4 (Random bot) stands on OPEN THE DOOR; 2 cards: green 1, green 2.",
    ]


def test_bot_hands_face_down_are_told_by_their_size_only(make_app):
    app = make_app(seats=HUMAN_FIRST, seed=1, show_bot_hands=False)
    lines = app._describe_state()
    assert lines[2] == "Player 1 (you) stands on OPEN THE DOOR; 2 cards: blue 2, blue 3."
    assert lines[3] == "Player 2 (Collector bot) stands on OPEN THE DOOR; 2 cards, face down."
    assert "red 2" not in " ".join(lines)


def test_a_discard_the_roll_the_spaces_and_the_dates_a_hand_is_ready_for(make_app):
    app = make_app(seats=HUMAN_FIRST, seed=1)
    take_2 = space(app.game, TAKE_2)
    game = arrange(app.game, hands=["r1 r2 r3 g1 g2 b1", "b2 b3", "", "o1"], discard="o3", draw_top="g3 b1",
                   positions=[take_2 - 1, 0, take_2 + 1, 6])
    ScriptedChance.onto(game, rolls=[1])
    app.refresh()
    app.step()
    assert game.phase == DISCARDING
    assert app._describe_state() == [
        "Turn 1: Player 1 (you) is next, to discard a card.",
        "Player 1 rolled 1.",
        "Draw pile: 36 cards; discard pile: 1 card, the orange 3 on top.",
        "Player 1 (you) stands on TAKE 2 CARDS, 5 spaces before the next door; "
        "8 cards: red 1, red 2, red 3, green 1, green 2, green 3, blue 1, blue 1; "
        "ready for the Formal Dance and the Bowling.",
        "Player 2 (Collector bot) stands on OPEN THE DOOR; 2 cards: blue 2, blue 3.",
        "Player 3 (Collector bot) stands on SWAP LEFT, 4 spaces before the next door; no cards.",
        "Player 4 (Random bot) stands on TAKE 1 FROM EITHER PILE, 1 space before the next door; 1 card: orange 1.",
    ]


def test_the_open_door_and_the_dud_are_told_and_remembered(make_app):
    app = make_app(seats=HUMAN_FIRST, seed=1)
    ready_at_the_door(app, "dud")
    lines = app._describe_state()
    assert lines[0] == "Turn 2: Player 2 (Collector bot) is next, to roll the die."
    assert lines[1] == "The door is open: Player 1 showed the red 1-2-3 and found the Dud."
    assert [(e.player, e.colour, e.outcome) for e in app.door_openings] == [(0, "red", "dud")]


def test_the_winner_and_her_date_end_the_mirror(make_app):
    app = make_app(seats=HUMAN_FIRST, seed=1)
    ready_at_the_door(app, "red")
    lines = app._describe_state()
    assert lines[0] == "Game over after 1 turn: Player 1 (you) wins the Formal Dance date."
    assert lines[1] == "The door is open: Player 1 showed the red 1-2-3 and found the Formal Dance date."


def test_door_openings_keep_the_earlier_games_of_the_app(make_app):
    app = make_app(seats=HUMAN_FIRST, seed=1)
    ready_at_the_door(app, "green")
    app.new_game(seed=2)
    assert app.game.events is not None and not md.view.door_openings(app.game)
    assert [(e.colour, e.outcome) for e in app.door_openings] == [("red", "green")]
    ready_at_the_door(app, "dud")
    assert [(e.colour, e.outcome) for e in app.door_openings] == [("red", "green"), ("red", "dud")]

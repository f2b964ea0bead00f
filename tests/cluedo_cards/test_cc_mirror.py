"""The App's text mirror (``App._describe_state``): the table in words, for screen readers and the back row.

Situations are set up with ``cc_helpers.arrange``, so the sentences can be
checked word for word: whose turn, the top card, what the human may play,
the piles, every seat's hand (in full only when face up), points and missed
turns, and the end of the game.
"""
import pytest

from boardkit.games import cluedo_cards as cc
from boardkit.games.cluedo_cards.actions import Play, SwapWith
from cc_helpers import C, arrange
from view_helpers import make_apps

HUMAN_FIRST = ["human", "Shedder", "Revolverist", "Random"]


@pytest.fixture
def make_app():
    yield from make_apps(cc.App)


def test_the_humans_turn_in_words(make_app):
    app = make_app(n_players=3, seats=HUMAN_FIRST[:3], seed=1)
    arrange(app.game, [["dagger 3", "rope 1", "spanner 2"], ["rope 2", "spanner 1"], ["dagger 1"]], "rope 3")
    app.game.scores = [4, 0, 7]
    app.game.missing = [0, 0, 2]
    app.refresh()
    lines = app._describe_state()
    assert lines[0] == ("Round 1: Player 1's turn (you) to play; the top card of the discard pile is the Rope 3.")
    assert lines[1] == "You may play a Rope or a 3: Dagger 3, Rope 1."
    draw = len(app.game.draw_pile)
    assert lines[2] == f"Draw pile: {draw} cards; discard pile: 1 card."
    assert lines[3] == "Player 1 (you): 3 cards: Dagger 3, Rope 1, Spanner 2; 4 points."
    assert lines[4] == "Player 2 (Shedder bot): 2 cards, face down; 0 points."
    assert lines[5] == "Player 3 (Revolverist bot): 1 card, face down; 7 points; misses the next 2 turns."
    assert lines[6] == "First to 10 points wins."
    assert len(lines) == 7


def test_nothing_to_play_says_draw_and_a_bot_turn_names_the_bot(make_app):
    app = make_app(n_players=2, seats=["human", "Shedder"], seed=2)
    arrange(app.game, [["spanner 2"], ["rope 2", "spanner 1"]], "rope 3")
    app.refresh()
    assert app._describe_state()[1] == "Nothing in your hand matches: you draw a card."
    arrange(app.game, [["spanner 2"], ["rope 2", "spanner 1"]], "rope 3", current=1)
    app.refresh()
    lines = app._describe_state()
    assert lines[0].startswith("Round 1: Player 2's turn (Shedder bot) to play;")
    assert lines[1].startswith("Draw pile:")                 # no "you may play" on a bot's turn
    assert "Player 2 (Shedder bot): 2 cards, face down; 0 points." in lines


def test_show_all_hands_tells_every_hand_and_a_revolver_choice(make_app):
    app = make_app(n_players=3, seats=HUMAN_FIRST[:3], seed=3, show_all_hands=True)
    arrange(app.game, [["revolver 3", "rope 1"], ["rope 2", "spanner 1"], ["dagger 1"]], "revolver 1")
    app.refresh()
    app.choose(Play(C("revolver 3")))
    lines = app._describe_state()
    assert lines[0].startswith("Round 1: Player 1's turn (you) to choose whom to swap hands with (Revolver);")
    assert "Player 2 (Shedder bot): 2 cards: Rope 2, Spanner 1; 0 points." in lines
    app.choose(SwapWith(2))
    assert "Player 1 (you): 1 card: Dagger 1; 0 points." in app._describe_state()


def test_the_end_of_the_game_names_the_winner(make_app):
    app = make_app(n_players=2, seats=["human", "Shedder"], seed=4)
    arrange(app.game, [["rope 1"], ["rope 2", "spanner 1"]], "rope 3", miniatures=[0, 2])   # no Rope miniature
    app.game.scores = [9, 2]
    app.refresh()
    app.choose(Play(C("rope 1")))
    lines = app._describe_state()
    assert app.game.is_over
    assert lines[0] == "Game over: Player 1 (you) wins with 12 points."
    assert not any(line.startswith("First to") or line.startswith("Draw pile") for line in lines)

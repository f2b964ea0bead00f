"""The App's text mirror of the board (``App._describe_state``): the state in words, seats 1.. and jurors 1-12."""
import pytest

from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance.game import BEFORE_ROLL
from pv_helpers import BUTLER, declared, give_court, place, table_of_detectives
from view_helpers import make_apps

FAR_AWAY = (62, 32, 54, 28, 59, 37)


@pytest.fixture
def make_app():
    yield from make_apps(pv.App)


def test_a_fresh_game_says_whose_turn_and_where_everybody_waits(make_app):
    app = make_app(n_players=3, seats=["human", "Detective", "Random"], seed=4)  # seat 0 throws highest
    lines = app._describe_state()
    assert lines[0] == f"Turn 1: Player 1 (you) is {BEFORE_ROLL}."
    for seat, bot in ((1, " (you)"), (2, ""), (3, "")):
        assert any(line.startswith(f"Player {seat}{bot}: detective on Park Here; no court card yet")
                   for line in lines)
    assert "Player 0" not in " ".join(lines) and "Player 4" not in " ".join(lines)
    pile = next(line for line in lines if line.startswith("Clue pile"))
    assert pile == f"Clue pile: {len(app.game.pile)} cards. Discard pile: empty. Arrests heard so far: 0."


def test_court_cards_jurors_and_the_case_in_words(make_app):
    app = make_app(n_players=4, seats=["human"] + ["Detective"] * 3, seed=2)
    game = table_of_detectives(4, 2, FAR_AWAY)
    game.face_up[1][2] = False                           # player 2's juror 3 is face down
    declared(game, 1, BUTLER)
    place(game, pv=game.board.x)
    game.philo_owner = 1
    app.set_game(game)
    lines = app._describe_state()
    first = lines[1] if not lines[1].startswith("The dice") else lines[2]
    assert first.startswith(f"Player 1 (you): detective on {game.board.spaces[FAR_AWAY[0]].name}; jurors face up: "
                            f"1 '{pv.CLUES[0].text}'; 2 '{pv.CLUES[1].text}';")
    second = next(line for line in lines if line.startswith("Player 2:"))
    assert f"2 '{pv.CLUES[13].text}'; 4 '{pv.CLUES[15].text}'" in second      # juror 3 is not shown
    assert "face down: jurors 3;" in second
    assert f"Successful Declaration against {pv.SUSPECTS[BUTLER].name}" in second
    assert "Philo Vance is on X, playing for Player 2." in lines


def test_the_mirror_follows_the_game_to_its_end(make_app):
    app = make_app(n_players=2, seats=["Detective", "Detective"], seed=11)
    while not app.game.is_over:
        app.step()
    lines = app._describe_state()
    assert lines[0].startswith(f"Game over after {app.game.turns} turns: ")
    if app.game.winner is not None:
        assert f"Player {app.game.winner + 1} convicts" in lines[0]


def test_the_childrens_game_shows_each_hand(make_app):
    app = make_app(rules=pv.Rules.children_game(), n_players=2, seats=["human", "Detective"], seed=3)
    game = app.game
    game.hand[0] = [4, 9]
    lines = app._describe_state()
    you = next(line for line in lines if line.startswith("Player 1 (you)"))
    assert you.endswith(f"hand of 2 clues: '{pv.CLUES[4].text}', '{pv.CLUES[9].text}'.")

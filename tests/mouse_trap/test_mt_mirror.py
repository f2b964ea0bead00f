"""The App's text mirror of the board (``_describe_state``): the state in words, not only the last event."""
from boardkit import ScriptedChance
from boardkit.games import mouse_trap as mt
from boardkit.games.mouse_trap.view import describe_state
from mt_helpers import ALWAYS, CRANK_SPACE, WHEEL, arrange, never_past
from view_helpers import make_apps

import pytest

NAMES = ["human", "Trapper", "Trapper", "Random"]


@pytest.fixture
def make_app():
    yield from make_apps(mt.App)


def test_a_new_app_says_whose_turn_the_trap_every_mouse_and_the_pile(make_app):
    app = make_app(seats=NAMES, seed=1)
    lines = app._describe_state()
    assert lines == [
        "Turn 1: Player 1 (you) is next, to roll the die.",
        "The trap has 0 of 24 parts built.",
        "Player 1 (you): on START, 0 cheese.",
        "Player 2 (Trapper bot): on START, 0 cheese.",
        "Player 3 (Trapper bot): on START, 0 cheese.",
        "Player 4 (Random bot): on START, 0 cheese.",
        "The cheese pile holds 30 of 30.",
    ]


def test_positions_are_told_by_stretch_number_and_the_text_on_the_space():
    game = arrange(mt.Game(mt.Rules(), n_players=3, seed=0), positions=[3, CRANK_SPACE, None],
                   cheese=[2, 5, 0], parts=7, current=1)
    lines = describe_state(game, ["human", "Trapper", "Random"])
    assert lines[0] == "Turn 1: Player 2 (Trapper bot) is next, to roll the die."
    assert lines[1] == "The trap has 7 of 24 parts built."
    assert lines[2] == "Player 1 (you): on the main path, space 3 of 34 (a build space marked 2-3-4), 2 cheese."
    assert lines[3] == "Player 2 (Trapper bot): on the Loop, space 4 of 6 (TURN CRANK), 5 cheese."
    assert lines[4] == "Player 3 (Random bot): caught in the trap, out of the game, no cheese."
    assert lines[5] == "The cheese pile holds 23 of 30."


@pytest.mark.parametrize("odds, said", [
    (ALWAYS, "every stage worked and the cage fell"),
    (never_past(5), "it stopped at stage F (ball rolls down rickety stairs failed)"),
])
def test_a_crank_this_turn_is_told_with_its_outcome(odds, said):
    game = arrange(mt.Game(mt.Rules(stage_odds=odds), n_players=2, seed=0),
                   positions=[CRANK_SPACE - 1, WHEEL], cheese=[1, 1], parts="all")
    ScriptedChance.onto(game, rolls=[1])
    game.apply(mt.Roll())
    game.apply(mt.Crank())
    lines = describe_state(game, ["human", "Trapper"])
    assert lines[1].startswith("The trap is complete (24 of 24 parts)")
    assert lines[-1] == f"Player 1 (you) turned the crank this turn: {said}."
    if odds == ALWAYS:
        assert lines[0].startswith("Game over after 1 turn: Player 1 (you) wins")
        assert "Player 2 (Trapper bot): caught in the trap" in lines[3]


def test_the_mirror_follows_the_game_as_the_bots_play(make_app):
    app = make_app(seats=["Trapper"] * 4, seed=4)
    seen = set()
    while not app.game.is_over:
        app.step()
        lines = app._describe_state()
        assert len(lines) >= 2 + app.game.n_players + 1
        seen.add(lines[0].split(":")[1] if not app.game.is_over else "over")
    assert "over" in seen and len(seen) > 3
    assert app._describe_state()[0].startswith("Game over after")


def test_the_app_keeps_the_cranks_of_every_game_it_played(make_app):
    app = make_app(rules=mt.Rules(stage_odds=never_past(3)), seats=["human", "Trapper"] + ["Trapper"] * 2, seed=1)
    assert app.cranks == []
    arrange(app.game, positions=[CRANK_SPACE - 1, WHEEL, 20, 30], cheese=[1, 1, 1, 1], parts="all")
    ScriptedChance.onto(app.game, rolls=[1])
    app.choose(mt.Roll())
    app.choose(mt.Crank())
    assert app.cranks == [0]                       # the chain stopped at D
    app.new_game(seed=2)
    assert app.cranks == [0]                       # an earlier game's cranks are kept
    arrange(app.game, positions=[CRANK_SPACE - 1, WHEEL, 20, 30], cheese=[1, 1, 1, 1], parts="all")
    ScriptedChance.onto(app.game, rolls=[1])
    app.choose(mt.Roll())
    app.choose(mt.Crank())
    assert app.cranks == [0, 0]

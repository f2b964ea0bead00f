"""``wld.App._describe_state``: the table in words (issue 14), for a screen reader and the back row.

The sentences say whose turn it is first, then the teams' scores (Team Play) or the white pawn, every
player's colours and the pawns in the centre (Gameboard Play), then the clock; never the card's answer.
"""
import pytest

from boardkit.games import win_lose_draw as wld

SEED = 5527  # Team B sketches first; the cards: Movies, Famous Phrases, TV Shows, Books, Movies


@pytest.fixture
def apps():
    made = []

    def make(**kwargs):
        app = wld.App(n_players=4, seed=SEED, **kwargs)
        made.append(app)
        app._on_client_ready()
        return app

    yield make
    for app in made:
        assert app.errors == []
        app.close()


def test_team_play_in_words_whose_turn_the_scores_and_the_clock_never_the_answer(apps):
    app = apps()
    answer = app.game.card.answer
    lines = app._describe_state()
    assert lines[0] == "Player 2 sketches for Team B: the card is Movies (the answer is hidden); Player 4 guesses."
    assert "Team A (Players 1 and 3): 0 points of 8." in lines
    assert "Team B (Players 2 and 4): 0 points of 8." in lines
    assert "The clock shows 1:00 and waits for the Sketcher's Start." in lines
    app.timer.start_button.click()
    assert "The clock is running." in app._describe_state()
    app.guess(3, answer)                                        # a typed guess: the Sketcher rules on it
    lines = app._describe_state()
    assert lines[0] == "Player 2 decides: the matcher says Player 4's guess is right."
    assert any(line.startswith("The clock is paused at ") for line in lines)
    app.choose(wld.CONFIRM)
    lines = app._describe_state()
    assert "Team B (Players 2 and 4): 1 point of 8." in lines and "Cards done: 1." in lines
    assert lines[0].startswith("Player 1 sketches for Team A: the card is ")
    assert not any(answer.lower() in line.lower() for line in lines)
    assert not any(app.game.card.answer.lower() in line.lower() for line in lines)   # nor the next card's


def test_a_steal_and_the_end_of_a_game_in_words(apps):
    app = apps(rules=wld.Rules(team_target=1))
    app.choose(wld.TIME_UP)
    lines = app._describe_state()
    assert lines[0] == "Team A may steal the Movies card with one guess."
    assert "The clock is running." in lines                                       # the steal's 10 s
    app.choose(wld.Award((0,)))
    lines = app._describe_state()
    assert lines[0] == "Team A wins, 1 to 0!"
    assert "Team A (Players 1 and 3): 1 point of 1." in lines
    assert not any("clock" in line for line in lines)


def test_gameboard_play_in_words_the_white_pawn_the_colours_and_the_centre(apps):
    app = apps(rules=wld.Rules(play="gameboard"))
    lines = app._describe_state()
    assert lines[0] == "Player 1 puts the white square pawn on a Spade Space."
    assert "The white square pawn is not on the board yet." in lines
    assert "Colours owned (4 needed): Player 1 none; Player 2 none; Player 3 none; Player 4 none." in lines
    assert "Pawns in the centre: red 6, green 6, blue 6, orange 6." in lines
    app.choose(wld.PlacePawn(0))
    assert app._describe_state()[0].endswith("Players 2, 3, 4 guess.")
    app.choose(wld.Award((1,)))
    assert app._describe_state()[0] == "Player 2 takes a pawn of a colour she does not own yet."
    app.choose(wld.TakePawn("green"))
    assert app._describe_state()[0] == "Player 1 rolls the die to move the white square pawn."
    app.roll_button.click()
    game = app.game
    lines = app._describe_state()
    rolled = next(e for e in reversed(game.events) if type(e).__name__ == "Rolled").value
    kind = game.rules.track[game.white_pawn]
    ahead = next(k for k in range(1, 29) if game.rules.track[(game.white_pawn + k) % 28] == wld.SPADE)
    assert (f"The white square pawn is on a {kind} square after a roll of {rolled}; the next Spade Space is "
            f"{ahead} space{'' if ahead == 1 else 's'} ahead.") in lines
    owned = "; ".join(f"Player {seat + 1} {', '.join(held) if held else 'none'}" for seat, held in enumerate(game.held))
    assert f"Colours owned (4 needed): {owned}." in lines
    assert "Player 2 green" in owned
    centre = ", ".join(f"{c} {game.centre[c]}" for c in wld.COLOURS)
    assert f"Pawns in the centre: {centre}." in lines


def test_the_app_keeps_every_landing_of_the_white_pawn_across_games(apps):
    app = apps(rules=wld.Rules(play="gameboard"), seats=["Skilled 75%"] * 4)
    assert app.landings == []
    while len([e for e in app.game.events if type(e).__name__ == "PawnMoved"]) < 3:
        app.step()
    first = [e.lands_on for e in app.game.events if type(e).__name__ == "PawnMoved"]
    assert app.landings == first
    app.new_game_button.click()                                 # a new game: the earlier rolls still count
    while len(app.landings) < len(first) + 2:
        app.step()
    again = [e.lands_on for e in app.game.events if type(e).__name__ == "PawnMoved"]
    assert app.landings == first + again
    assert set(app.landings) <= {wld.SPADE, *wld.COLOURS}


def test_the_board_canvas_has_the_description_its_tooltip_needs_in_the_browser(apps):
    """ipywidgets' browser code reads ``description`` before it shows a tooltip; a MultiCanvas has none, and
    without it the board's view failed to build in Voilà (the board never showed)."""
    app = apps()
    state = app.canvas.get_state()
    assert state["description"] == ""
    assert state["tooltip"] == app._describe_state()[0]

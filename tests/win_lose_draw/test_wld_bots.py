"""The bots, bk.simulate with both ways to play, and the exact odds of the team race against simulation."""
import math

import pandas as pd
import pytest

import boardkit as bk
from boardkit.games import win_lose_draw as wld
from boardkit.games.win_lose_draw import analysis
from boardkit.games.win_lose_draw import events as ev
from boardkit.games.win_lose_draw.bots import Random, Skilled

LOPSIDED = ("spade", "red", "green", "green", "blue", "blue", "blue", "orange", "orange", "orange", "orange")


def new_game(play="team", n_players=4, seed=0, **changes):
    return wld.Game(wld.Rules(play=play, **changes), n_players=n_players, seed=seed)


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def everyone(bot, game):
    return [bot] * game.n_players


# -- Skilled ----------------------------------------------------------------------------------

@pytest.mark.parametrize("play", ["team", "gameboard"])
def test_a_sure_sketcher_is_always_guessed(play):
    for seed in range(10):
        game = new_game(play, n_players=5, seed=seed)
        bk.play(game, everyone(Skilled(p_guess=1), game))
        assert not of_type(game.events, ev.TimeRanOut) and not of_type(game.events, ev.StealOpen)
        assert all(len(g.guessers) == 1 and not g.stolen for g in of_type(game.events, ev.Guessed))
        if play == "team":                                            # every card scores: 8 to 7 after 15 cards
            assert game.result()["first_team_won"] and game.cards_done == 15


def test_a_hopeless_table_never_guesses_and_stops_at_the_cap():
    game = new_game(max_sketches=25)
    bk.play(game, everyone(Skilled(p_guess=0, p_steal=0), game))
    assert game.end_reason == "sketch cap" and game.team_scores == [0, 0]
    assert len(of_type(game.events, ev.TimeRanOut)) == 2 * 25          # each card: the time, then the steal
    assert not of_type(game.events, ev.Guessed)


def test_sure_stealers_steal_every_card():
    for seed in range(10):
        game = new_game(seed=seed)
        bk.play(game, everyone(Skilled(p_guess=0, p_steal=1), game))
        guessed = of_type(game.events, ev.Guessed)
        assert guessed and all(g.stolen for g in guessed)
        assert game.result()["first_team_won"] is False and game.cards_done == game.steals == 15
        assert game.team_scores[game.first_team] == 7 and game.team_scores[1 - game.first_team] == 8


def test_the_guess_chance_is_the_sketchers_own():
    game = new_game(steal=False, team_target=60, max_sketches=400)
    bots = [Skilled(p_guess=0.9) if seat % 2 == 0 else Skilled(p_guess=0.1) for seat in range(4)]
    bk.play(game, bots)
    assert game.team_scores[0] > 3 * game.team_scores[1]


def test_skilled_agrees_with_the_matcher():
    game = new_game()
    game.guess(game.guessers[0], game.card.answer)
    assert Skilled().choose(game, game.legal_actions(), game.chance) == wld.CONFIRM
    game = new_game()
    game.apply(wld.TIME_UP)
    game.guess(game.members(1 - game.turn_team)[0], "pizza")
    assert Skilled().choose(game, game.legal_actions(), game.chance) == wld.CONFIRM


def test_skilled_takes_the_colour_the_pawn_lands_on_least():
    game = new_game("gameboard", track=LOPSIDED)
    game.apply(wld.PlacePawn(0))
    game.apply(wld.Award((1,)))
    bot = Skilled()
    assert bot.choose(game, game.legal_actions(), game.chance) == wld.TakePawn("red")   # 1 red square of 10
    game.held[1] = ["red"]
    game.centre["red"] -= 1
    game._legal = None
    assert bot.choose(game, game.legal_actions(), game.chance) == wld.TakePawn("green")
    game.held[1] = ["red", "green", "orange"]
    game.centre.update(green=5, orange=5)
    game._legal = None
    assert bot.choose(game, game.legal_actions(), game.chance) == wld.TakePawn("blue")


def test_skilled_takes_the_first_colour_when_all_are_as_common():
    game = new_game("gameboard")
    game.apply(wld.PlacePawn(0))
    game.apply(wld.Award((2,)))
    assert Skilled().choose(game, game.legal_actions(), game.chance) == wld.TakePawn("red")


def test_skilled_places_the_pawn_and_picks_the_first_offered():
    game = new_game("gameboard")
    assert Skilled().choose(game, game.legal_actions(), game.chance) == wld.PlacePawn(0)
    game = new_game(team_picks_sketcher=True, n_players=6)
    assert Skilled().choose(game, game.legal_actions(), game.chance) == game.legal_actions()[0]


@pytest.mark.parametrize("name, value", [("p_guess", -0.1), ("p_guess", 1.5), ("p_guess", True), ("p_guess", "0.5"),
                                         ("p_guess", None), ("p_steal", 2), ("p_steal", -1), ("p_steal", False)])
def test_a_chance_outside_0_to_1_is_refused(name, value):
    with pytest.raises(ValueError) as error:
        Skilled(**{name: value})
    assert name in str(error.value) and repr(value) in str(error.value)


def test_bots_print():
    assert repr(Skilled(0.25, 0.5)) == "Skilled(p_guess=0.25, p_steal=0.5)" and repr(Random()) == "Random()"
    assert all(isinstance(b, Skilled) for b in wld.Rules().default_bots(4))


# -- bk.simulate --------------------------------------------------------------------------------

TEAM_COLUMNS = ["game", "seed", "winner", "turns", "end", "play", "cards", "first_team", "score_a", "score_b",
                "steals", "first_team_won", "n_players"]


@pytest.mark.parametrize("bot", [Random(), Skilled(0.6, 0.3)], ids=["Random", "Skilled"])
def test_simulate_team_play(bot):
    frame = bk.simulate(wld.Rules(), n_players=6, n_games=40, seed=4, bots=[bot] * 6, progress=False)
    assert set(TEAM_COLUMNS) <= set(frame.columns) and len(frame) == 40
    assert set(frame["end"]) <= {"target", "sketch cap"} and (frame["play"] == "team").all()
    won = frame[frame["end"] == "target"]
    assert won["winner"].isin([0, 1]).all()
    assert (won[["score_a", "score_b"]].max(axis=1) == 8).all()
    assert (won["first_team_won"] == (won["winner"] == won["first_team"])).all()
    assert (frame["cards"] == frame["turns"]).all()
    again = bk.simulate(wld.Rules(), n_players=6, n_games=40, seed=4, bots=[bot] * 6, progress=False)
    pd.testing.assert_frame_equal(frame, again)


@pytest.mark.parametrize("bot", [Random(), Skilled(0.6, 0.3)], ids=["Random", "Skilled"])
def test_simulate_gameboard_play(bot):
    rules = wld.Rules(play="gameboard", max_sketches=300)
    frame = bk.simulate(rules, n_players=4, n_games=40, seed=4, bots=[bot] * 4, progress=False)
    assert {"cards", "colours_held", "play"} <= set(frame.columns)
    assert set(frame["end"]) <= {"ace", "sketch cap"} and "ace" in set(frame["end"])
    won = frame[frame["end"] == "ace"]
    assert won["winner"].isin(range(4)).all() and (won["colours_held"] >= 4).all()
    assert (frame["cards"] <= frame["turns"]).all()                   # a card that stays costs sketches


def test_simulate_with_the_default_bots():
    frame = bk.simulate(wld.Rules(play="gameboard"), n_players=3, n_games=10, seed=1, progress=False)
    assert (frame["end"] == "ace").all()


# -- the exact odds of the team race ------------------------------------------------------------------

def within_4_sigma(observed, expected, sigma):
    return abs(observed - float(expected)) <= 4 * sigma


@pytest.mark.parametrize("p_a, p_b, steal", [(0.5, 0.5, 0.3), (0.7, 0.4, 0.25)])
def test_the_simulated_team_race_agrees_with_the_exact_odds(p_a, p_b, steal):
    """Team A (even seats) sketch with p_a, team B with p_b.  ``team_race``'s first argument is the
    chance of the team that sketches first, so each game is compared with the odds for its first team."""
    bots = [Skilled(p_guess=p_a if seat % 2 == 0 else p_b, p_steal=steal) for seat in range(4)]
    frame = bk.simulate(wld.Rules(), n_players=4, n_games=3000, seed=8, bots=bots, progress=False)
    assert (frame["end"] == "target").all()
    for first_team, games in frame.groupby("first_team"):
        first, second = (p_a, p_b) if first_team == 0 else (p_b, p_a)
        exact = analysis.team_race(first, second, target=8, steal=steal)
        n = len(games)
        assert n > 1200                                               # the die gives each team about half
        share = games["first_team_won"].astype(float).mean()
        p = float(exact.a_wins)
        assert within_4_sigma(share, p, math.sqrt(p * (1 - p) / n)), (first_team, share, p)
        cards = games["cards"]
        assert within_4_sigma(cards.mean(), exact.expected_cards, cards.std() / math.sqrt(n)), \
            (first_team, cards.mean(), exact.expected_cards)

"""Win, Lose or Draw's twins in lockstep (issue 26): the same seed gives the same game, frame for
frame, in the reference engine (game.py, bots.py) and the fast lane (fast.py), in both ways to play."""
import pytest

from boardkit.core.bots import Random
from boardkit.games import win_lose_draw as wld
from lockstep import assert_lockstep

S, R = wld.bots.Skilled, Random()
GAMEBOARD = wld.Rules(play="gameboard")
SMALL_TRACK = ("spade", "red", "green", "blue", "orange")
#: name: (rules, bots, games compared); the README quotes these counts
VARIANTS = {
    "Team Play rulebook, 4 Skilled": (wld.Rules(), [S()] * 4, 300),
    "Gameboard Play rulebook, 4 Skilled": (GAMEBOARD, [S()] * 4, 300),
    "Team Play, 5 players, every bot, the team picks its Sketcher": (
        wld.Rules(team_picks_sketcher=True), [R, S(0.3, 0.6), R, R, S(0.9, 0.1)], 300),
    "Team Play, the most players (40), no steal, target 3": (
        wld.Rules(team_target=3, steal=False), [R, S(0.7)] * 20, 100),
    "Gameboard Play, 3 players (the fewest), Random": (GAMEBOARD, [R, R, R], 300),
    "Gameboard Play, 6 players (the most), every bot, 1 pawn a colour, collect 2, cap 300": (
        GAMEBOARD.replace(pawns_per_colour=1, colours_to_collect=2, max_sketches=300), [R, S(0.2), R, S(0.8), R, S()],
        200),
    "extreme sizes: a 5-space track, d100, one category, sketch cap 40": (
        GAMEBOARD.replace(track=SMALL_TRACK, die_sides=100, categories=("Movies",), max_sketches=40),
        [S(1.0), R, S(0.0), R], 200),
    "extreme sizes: Team Play to 100 points with 1-point-steal-only guessers": (
        wld.Rules(team_target=100, max_sketches=300), [S(0.0, 1.0), S(0.0, 0.0), R, R], 100),
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_both_engines_play_the_same_games(variant):
    rules, bots, n_games = VARIANTS[variant]
    assert assert_lockstep(rules, len(bots), n_games, bots=bots, seed=26) == n_games

"""Mystery Date's twins in lockstep (issue 26): the same seed gives the same game, frame for
frame, in the reference engine (game.py, bots.py) and the fast lane (fast.py)."""
import pytest

from boardkit.games import mystery_date as md
from lockstep import assert_lockstep

C, R = md.bots.Collector(), md.bots.Random()
SMALL_BOARD = ("door", "take_either", "swap_any", "take1", "swap_left", "take2", "swap_right")
#: name: (rules, bots, games compared); the README quotes these counts
VARIANTS = {
    "rulebook, 4 Collectors": (md.Rules(), [C, C, C, C], 300),
    "2 players, Random, rigged door, hand limit 3": (
        md.Rules(door_weights=(2, 1, 1, 1, 1), hand_limit=3, dud_redraw=2), [R, R], 300),
    "3 players, no Dud, 1 copy, own board, d4, deal 3": (
        md.Rules(dud_in_play=False, copies=1, die_sides=4, deal_size=3, board=SMALL_BOARD), [C, R, C], 300),
    "4 players, every bot, Dud-heavy door, turn cap 60": (
        md.Rules(door_weights=(1, 1, 1, 1, 4), max_turns=60), [C, R, R, C], 300),
    "extreme sizes: 1 copy, hand limit 100, deal 2, Dud redraw 100, d100": (
        md.Rules(copies=1, hand_limit=100, deal_size=2, dud_redraw=100, die_sides=100,
                 door_weights=(1, 0, 0, 0, 10**9)), [R, C, R, C], 200),
    "2 players, a door-only board, d1, 100 copies, the only date never shown": (
        md.Rules(board=("door",), die_sides=1, copies=100, door_weights=(0, 1, 1, 1, 1), max_turns=400),
        [C, C], 100),
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_both_engines_play_the_same_games(variant):
    rules, bots, n_games = VARIANTS[variant]
    assert assert_lockstep(rules, len(bots), n_games, bots=bots, seed=26) == n_games

"""Mouse Trap's twins in lockstep (issue 26): the same seed gives the same game, frame for frame,
in the reference engine (game.py, bots.py) and the fast lane (fast.py)."""
import pytest

from boardkit.core.bots import Random
from boardkit.games import mouse_trap as mt
from lockstep import assert_lockstep

T, R = mt.bots.Trapper, Random()
SHORT_PATH = ("start", "build 2-3-4", "take 2", "build 2-3", "rival 3", "build 2-3-4", "back 4",
              "build 2 x2", "lose 1", "cheese", "build 2-3-4", "ahead 3", "blank")
SHORT_LOOP = ("safe", "rival 2", "build 2-3-4 x2", "crank", "take 1", "wheel")
#: name: (rules, bots, games compared); the README quotes these counts
VARIANTS = {
    "rulebook, 4 Trappers": (mt.Rules(), [T()] * 4, 300),
    "2 players, house readings, backups, push cost 2": (
        mt.Rules(wheel_cheese_when_sent=True, crank_when_sent=True, backups=("F", "H", "M"), push_cost=2,
                 wheel_cheese=3), [T(reserve=0), R], 300),
    "3 players, short track, scarce cheese, d4": (
        mt.Rules(path=SHORT_PATH, loop=SHORT_LOOP, cheese_count=8, n_parts=12, die_sides=4),
        [R, T(), T(reserve=1)], 300),
    "4 players (the most), every bot, weak trap, turn cap 150": (
        mt.Rules(stage_odds=tuple(float(p) ** 3 for p in mt.Rules().stage_odds), max_turns=150,
                 cheese_count=14, n_parts=20), [T(), R, T(reserve=4), R], 300),
    "extreme sizes: no cheese, d100, 2 parts, push cost 100": (
        mt.Rules(cheese_count=0, die_sides=100, n_parts=2, push_cost=100, max_turns=300), [R, R, T()], 200),
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_both_engines_play_the_same_games(variant):
    rules, bots, n_games = VARIANTS[variant]
    assert assert_lockstep(rules, len(bots), n_games, bots=bots, seed=26) == n_games


def test_a_rule_the_engines_play_differently_is_caught_at_its_first_turn(monkeypatch):
    """Teeth: a reference engine whose Cheese Wheel gives one cheese (the lane gives the rulebook's
    two) must fail, and the message names the first turn at which the games part."""
    from boardkit.games.mouse_trap.rules import WHEEL
    monkeypatch.setitem(mt.Game.MESSAGES, WHEEL, lambda game, player, space: game._give(player, 1))
    with pytest.raises(AssertionError, match=r"the rows first differ with a turn cap of \d+ turns"):
        assert_lockstep(mt.Rules(), 4, 20, bots=[T()] * 4, seed=26)

"""Philo Vance's twins in lockstep (issue 26): the same seed gives the same game, frame for
frame, in the reference engine (game.py, bots.py) and the fast lane (fast.py).

The reference engine is the slowest of the five (a Detective works out odds at every arrest),
and Random's rulebook games run to 1,500 turns on average, so the counts below keep this file
to about 20 s of CPU: 1,450 games."""
import pytest

from boardkit.core.bots import Random
from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance.components import DECK_COPIES
from lockstep import assert_lockstep

D, R = pv.bots.Detective, Random()
#: one Detective playing three seats: each seat knows only its own card
SHARED = D(boldness=0.9)
TINY_COURT = dict(court_size=1, named_clues=1, declare_correct=1, convict_correct=1, convict_fallback=1)
#: name: (rules, bots, games compared); the README quotes these counts
VARIANTS = {
    "rulebook, 4 Detectives (the default bots)": (pv.Rules(), [D() for _ in range(4)], 200),
    "rulebook, 4 Random": (pv.Rules(), [R] * 4, 100),
    "2 players, Random, claims only when turned up": (pv.Rules(claim_any_time=False), [R, R], 150),
    "6 players, every bot (one Detective on three seats), 10 jurors, name 5, convict 6 then 8, no Judge, "
    "no refill": (pv.Rules(judge_needed=False, demand_refill=False, court_size=10, named_clues=5, convict_correct=6,
                           convict_fallback=8),
                  [SHARED, R, D(boldness=0.4, last_try_boldness=0.7), R, SHARED, SHARED], 150),
    "Detectives: 2 experts (5-8-10), bold and cautious, never retiring, arrows give nothing": (
        pv.Rules.expert(retire_after_failures=None, arrow_rewards=False),
        [D(boldness=0.4), D(boldness=0.8, last_try_boldness=0.95)], 200),
    "extreme sizes: 1 juror, 1 clue named and right, 6 players, turn cap 200": (
        pv.Rules(max_turns=200, **TINY_COURT), [R, D(), R, D(), R, D()], 200),
    "extreme sizes: 24 jurors, a deck of 20 of each clue, no reshuffle, retire after 1, 3 players": (
        pv.Rules(court_size=24, deck=tuple(20 for _ in DECK_COPIES), reshuffle_discards=False,
                 retire_after_failures=1, max_turns=1000), [D(), R, D()], 100),
    "the children's game, 5 players, hands of 6, 4 matching clues win": (
        pv.Rules.children_game(hand_limit=6, children_win=4), [R, D(), R, D(), R], 200),
    "the children's game, 6 players, hands of 1, 1 matching clue wins, claims only when turned up": (
        pv.Rules.children_game(hand_limit=1, children_win=1, claim_any_time=False), [D(), R] * 3, 200),
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_both_engines_play_the_same_games(variant):
    rules, bots, n_games = VARIANTS[variant]
    assert assert_lockstep(rules, len(bots), n_games, bots=bots, seed=26) == n_games

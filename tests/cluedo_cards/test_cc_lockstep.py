"""The Cluedo Card Game's twins in lockstep (issue 26): the same seed gives the same game, frame for
frame, in the reference engine (game.py, bots.py) and the fast lane (fast.py).

Every Rules field is off its default in at least one variant, every bot plays (Random in every
variant but the rulebook's), and 2, 3 and 4 players; the extremes are the smallest deck a table of
four can be dealt from and the largest deck ``Rules.LIMITS`` allows, with hands of 30."""
import pytest

import boardkit as bk

from boardkit.games import cluedo_cards as cc
from lockstep import assert_lockstep

S, R, V = cc.bots.Shedder(), cc.bots.Random(), cc.bots.Revolverist()
MORE_POWERS = cc.POWERS + (("spanner", "swap hands"), ("Mrs. White", "skip chosen"))
BIG_DECK = tuple(f"picture {i}" for i in range(24))
#: name: (rules, bots, games compared); the README quotes these counts
VARIANTS = {
    "rulebook, 4 Shedders": (cc.Rules(), [S, S, S, S], 300),
    "2 players, Random and Revolverist: double deck, pass, floor at zero, round-winner ties, rotate": (
        cc.Rules(copies=2, empty_draw="pass", floor_at_zero=True, ties="round winner", starter="rotate", target=8),
        [R, V], 300),
    "3 players, every bot: more powers, hands of 7, the winner starts": (
        cc.Rules(powers=MORE_POWERS, hand_size=7, target=8, starter="winner"), [S, R, cc.bots.Revolverist(margin=2)],
        300),
    "4 players, two Random: 4 numbers, 5 miniatures, 4 points out, void rounds, round cap": (
        cc.Rules(numbers=(1, 2, 3, 4), miniatures=(("rope", 3), ("dagger", 2), ("Mrs. Peacock", 4), ("spanner", 1),
                 ("Rev. Green", 2)), going_out_points=4, target=9, max_turns=45, max_rounds=5), [R, S, V, R], 300),
    "4 Random, the tightest deal: 9 cards (3 pictures x 3 numbers), 4 hands of 2, every draw a reshuffle": (
        cc.Rules(pictures=("dagger", "revolver", "rope"), numbers=(1, 2, 3), hand_size=2, target=5,
                 miniatures=(("dagger", 1), ("revolver", 1), ("rope", 0), ("revolver", 2)),
                 powers=(("dagger", "skip chosen"), ("revolver", "swap hands"), ("rope", "again"))), [R, R, R, R], 300),
    "4 players, Revolverists who always / never wait: the largest deck (24 x 12 x 4), hands of 30": (
        cc.Rules(pictures=BIG_DECK, numbers=tuple(range(12)), copies=4, hand_size=30, target=3, max_turns=150,
                 max_rounds=3, miniatures=tuple((p, 9) for p in BIG_DECK[:6]),
                 powers=tuple(zip(BIG_DECK, ("skip next", "again", "skip chosen", "swap hands") * 3))),
        [cc.bots.Revolverist(margin=-5), R, cc.bots.Revolverist(margin=100), S], 100),
    "2 players: rounds void after 3 turns, 20 rounds, no points for going out, target 1": (
        cc.Rules(max_turns=3, max_rounds=20, going_out_points=0, target=1, hand_size=2), [S, R], 300),
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_both_engines_play_the_same_games(variant):
    rules, bots, n_games = VARIANTS[variant]
    assert assert_lockstep(rules, len(bots), n_games, bots=bots, seed=26) == n_games


def test_the_variants_reach_what_they_are_for():
    """The variants really play their rules (on the lane, quick): void rounds and the round cap, no score
    below 0 under floor_at_zero, and a sole leader who changes hands."""
    frame = lane_frame("4 players, two Random: 4 numbers, 5 miniatures, 4 points out, void rounds, round cap")
    assert frame["void_rounds"].mean() > 0.2 and 0.1 < (frame["end"] == "round cap").mean() < 0.9
    frame = lane_frame(
        "2 players, Random and Revolverist: double deck, pass, floor at zero, round-winner ties, rotate")
    assert (frame[["score_0", "score_1"]] >= 0).all().all() and frame["lead_changes"].max() > 0
    frame = lane_frame("2 players: rounds void after 3 turns, 20 rounds, no points for going out, target 1")
    assert (frame["end"] == "round cap").all() and frame["void_rounds"].min() > 0


def lane_frame(variant):
    rules, bots, n_games = VARIANTS[variant]
    return bk.simulate(rules, len(bots), n_games, seed=26, bots=bots, progress=False, engine="fast")

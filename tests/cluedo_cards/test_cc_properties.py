"""Properties of every valid variant, checked on random rules, seeds and play (hypothesis)."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardkit as bk
from boardkit.games import cluedo_cards as cc
from cc_helpers import accounted

FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
powers = st.lists(st.tuples(st.sampled_from(cc.PICTURES), st.sampled_from(cc.POWER_KINDS)),
                  unique_by=lambda p: p[0], max_size=6).map(tuple)


@st.composite
def variants(draw):
    """(rules, n_players): a valid variant of the Cluedo Card Game."""
    n_players = draw(st.integers(2, 4))
    rules = cc.Rules(
        hand_size=draw(st.integers(1, 8)),
        target=draw(st.integers(1, 15)),
        going_out_points=draw(st.integers(0, 4)),
        copies=draw(st.integers(1, 2)),
        miniatures=tuple(draw(st.lists(st.tuples(st.sampled_from(cc.PICTURES), st.integers(0, 5)),
                                       min_size=4, max_size=6))),
        powers=draw(powers),
        empty_draw=draw(st.sampled_from(["reshuffle", "pass"])),
        floor_at_zero=draw(st.booleans()),
        ties=draw(st.sampled_from(["play on", "round winner"])),
        starter=draw(st.sampled_from(["after winner", "winner", "rotate"])),
        max_turns=draw(st.integers(1, 150)),
        max_rounds=draw(st.integers(1, 12)),
    )
    return rules, n_players


def bots_for(n_players, mix):
    kinds = [cc.bots.Random(), cc.bots.Shedder(), cc.bots.Revolverist()]
    return [kinds[(mix >> (2 * seat)) % 3] for seat in range(n_players)]


@FAST
@given(variants(), st.integers(0, 2**32), st.integers(0, 255))
def test_cards_accounted_and_scores_change_only_at_round_ends(variant, seed, mix):
    rules, n_players = variant
    game = cc.Game(rules, n_players, seed=seed)
    bots = bots_for(n_players, mix)
    assert accounted(game)
    for _ in range(50_000):
        if game.is_over:
            break
        scores, rounds = list(game.scores), game.round
        bk.step(game, bots)
        assert accounted(game)
        if game.round == rounds and not game.is_over:
            assert game.scores == scores
        if rules.floor_at_zero:
            assert min(game.scores) >= 0
    assert game.is_over  # every game ends: a winner or the round cap
    assert game.end_reason in ("target reached", "round cap")
    assert game.round <= rules.max_rounds


@FAST
@given(variants(), st.integers(0, 2**32), st.integers(0, 255))
def test_same_seed_same_events(variant, seed, mix):
    rules, n_players = variant
    first, second = (cc.Game(rules, n_players, seed=seed) for _ in range(2))
    bk.play(first, bots_for(n_players, mix))
    bk.play(second, bots_for(n_players, mix))
    assert first.events == second.events and first.result() == second.result()

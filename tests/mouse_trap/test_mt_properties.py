"""Properties of every valid variant, checked on random rules, seeds and play (hypothesis)."""
import json
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardkit as bk
from boardkit.games import mouse_trap as mt
from boardkit.games.mouse_trap import events as ev

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_STEPS = 50_000

counted = st.builds(lambda kind, n: f"{kind} {n}", st.sampled_from(["take", "lose", "back", "ahead", "rival"]),
                    st.integers(1, 8))
builds = st.builds(lambda marks, times: f"build {marks}{times}", st.sampled_from(["2", "2-3", "2-3-4", "3-4", "4"]),
                   st.sampled_from(["", " x2", " x3"]))
plain = st.sampled_from(["blank", "cheese"])
spaces = st.one_of(counted, builds, plain)
probability = st.one_of(st.floats(0, 1), st.fractions(0, 1, max_denominator=20), st.sampled_from([0, 1]))


@st.composite
def loops(draw):
    middle = draw(st.lists(spaces, max_size=6)) + ["crank"]
    return ("safe",) + tuple(draw(st.permutations(middle))) + ("wheel",)


@st.composite
def variants(draw):
    """(rules, n_players): a valid variant of Mouse Trap."""
    n_players = draw(st.integers(2, 4))
    default_track = draw(st.booleans())
    rules = mt.Rules(
        path=mt.Rules().path if default_track else ("start",) + tuple(draw(st.lists(spaces, max_size=30))),
        loop=mt.Rules().loop if default_track else draw(loops()),
        cheese_count=draw(st.integers(0, 40)),
        n_parts=draw(st.integers(0, 30)),
        stage_odds=tuple(draw(st.lists(probability, min_size=16, max_size=16))),
        backups=tuple(draw(st.lists(st.sampled_from(mt.STAGE_LETTERS), unique=True, max_size=4))),
        wheel_cheese=draw(st.integers(0, 3)),
        wheel_cheese_when_sent=draw(st.booleans()),
        crank_when_sent=draw(st.booleans()),
        push_cost=draw(st.integers(1, 3)),
        die_sides=draw(st.integers(1, 8)),
        max_turns=draw(st.integers(1, 400)),
    )
    return rules, n_players


def bots_for(n_players, mix):
    return [mt.bots.Trapper(reserve=seat) if mix >> seat & 1 else mt.bots.Random() for seat in range(n_players)]


def check(game, parts_before):
    """The invariants that hold after every decision."""
    rules = game.rules
    assert game.pile + sum(game.cheese) == rules.cheese_count  # cheese conserved
    assert game.pile >= 0 and min(game.cheese) >= 0
    assert parts_before <= game.parts <= rules.n_parts  # parts only ever go up, never past the plan
    for pos, held in zip(game.positions, game.cheese):
        assert pos is None and held == 0 or pos is not None and 0 <= pos < len(rules.spaces)
    assert len(game.alive()) >= 1
    if game.is_over:
        assert game.current_player is None
    else:
        assert game.positions[game.current] is not None
    assert game.turns <= rules.max_turns


@FAST
@given(variant=variants(), seed=st.integers(0, 2**32), mix=st.integers(0, 15))
def test_random_play_conserves_cheese_and_ends_or_stalemates(variant, seed, mix):
    rules, n_players = variant
    game = mt.Game(rules, n_players=n_players, seed=seed)
    bots = bots_for(n_players, mix)
    steps = 0
    while not game.is_over:
        parts = game.parts
        bk.step(game, bots)
        check(game, parts)
        steps += 1
        assert steps < MAX_STEPS
    assert game.end_reason in ("last mouse", "turn cap")
    if game.end_reason == "turn cap":
        assert game.winner is None and game.turns == rules.max_turns and len(game.alive()) > 1
    else:
        assert game.alive() == [game.winner] and game.events[-1] == ev.Won(game.winner)
    built = [e.part for e in game.events if isinstance(e, ev.Built)]
    assert built == list(range(1, game.parts + 1))  # in order, never twice
    rolls = [e for e in game.events if isinstance(e, ev.Rolled)]
    assert len(rolls) == game.turns
    # a caught mouse never moves again
    caught = {}
    for i, event in enumerate(game.events):
        if isinstance(event, ev.Caught):
            caught[event.victim] = i
        if isinstance(event, ev.Moved):
            assert event.player not in caught
    assert game.catches == len(caught) == n_players - len(game.alive())
    # cranks only once the trap was complete
    cranks = [e for e in game.events if isinstance(e, ev.CrankTurned)]
    assert len(cranks) == game.cranks
    assert not cranks or game.trap_done_turn is not None


@FAST
@given(variant=variants(), seed=st.integers(0, 2**32), mix=st.integers(0, 15))
def test_same_seed_same_game(variant, seed, mix):
    rules, n_players = variant
    records = [bk.play(mt.Game(rules, n_players=n_players, seed=seed), bots_for(n_players, mix))
               for _ in range(2)]
    assert records[0].events == records[1].events
    assert json.dumps(records[0].game.to_dict()) == json.dumps(records[1].game.to_dict())
    quiet = mt.Game(rules, n_players=n_players, seed=seed, record_events=False)
    bk.play(quiet, bots_for(n_players, mix))  # switching events off changes nothing else
    assert quiet.result() == records[0].game.result()


@settings(max_examples=60, deadline=None)
@given(odds=st.lists(st.fractions(0, 1, max_denominator=12), min_size=16, max_size=16),
       backups=st.lists(st.sampled_from(mt.STAGE_LETTERS), unique=True, max_size=5))
def test_rules_with_fractions_round_trip(odds, backups):
    rules = mt.Rules(stage_odds=tuple(odds), backups=tuple(backups))
    again = mt.Rules.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert again == rules
    assert all(isinstance(p, Fraction) for p in again.stage_odds)

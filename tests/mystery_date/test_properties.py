"""Properties of every valid variant, checked on random rules, seeds and play (hypothesis)."""
import json
from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import boardkit as bk
from boardkit.games import mystery_date as md
from boardkit.games.mystery_date.rules import SPACE_KINDS
from md_helpers import ALL_CARDS

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_STEPS = 20_000

weights = st.lists(st.one_of(st.integers(0, 5), st.floats(0, 5, allow_nan=False)), min_size=5, max_size=5)
boards = st.lists(st.sampled_from(SPACE_KINDS), min_size=1, max_size=30).filter(lambda b: "door" in b)


@st.composite
def variants(draw):
    """(rules, n_players): a valid variant of Mystery Date."""
    n_players = draw(st.integers(2, 4))
    copies = draw(st.integers(1, 5))
    hand_limit = draw(st.integers(3, 10))
    most = min(hand_limit, (12 * copies - 1) // n_players)
    deal_size = draw(st.integers(0, most))
    dud_in_play = draw(st.booleans())
    door = tuple(draw(weights))
    live = door if dud_in_play else door[:4]
    assume(sum(live) > 0)
    board = tuple(draw(boards)) if draw(st.booleans()) else md.Rules().board
    rules = md.Rules(
        deal_size=deal_size, hand_limit=hand_limit, copies=copies, board=board, door_weights=door,
        dud_in_play=dud_in_play, dud_redraw=draw(st.integers(0, 5)), die_sides=draw(st.integers(1, 8)),
        max_turns=draw(st.integers(1, 300)),
    )
    return rules, n_players


def bots_for(n_players, mix):
    return [md.bots.Collector() if mix >> seat & 1 else md.bots.Random() for seat in range(n_players)]


def full_deck(rules):
    return Counter({card: rules.copies for card in ALL_CARDS})


def check(game):
    """The invariants that hold after every decision."""
    rules = game.rules
    assert game.card_counts() == full_deck(rules)
    assert sum(game.card_counts().values()) == 12 * rules.copies
    if game.phase == "roll":
        assert all(len(hand) <= rules.hand_limit for hand in game.hands)
    assert all(0 <= p < len(rules.board) for p in game.positions)
    if not game.is_over:
        assert game.current_player == game.current
    assert game.turns <= rules.max_turns


@FAST
@given(variant=variants(), seed=st.integers(0, 2**32), mix=st.integers(0, 15))
def test_random_play_keeps_every_card_and_ends(variant, seed, mix):
    rules, n_players = variant
    game = md.Game(rules, n_players=n_players, seed=seed)
    bots = bots_for(n_players, mix)
    check(game)
    steps = 0
    while not game.is_over:
        bk.step(game, bots)
        check(game)
        steps += 1
        assert steps < MAX_STEPS
    assert game.end_reason in ("date found", "turn cap")
    if game.end_reason == "turn cap":
        assert game.winner is None and game.turns == rules.max_turns
    else:
        assert 0 <= game.winner < n_players
        assert game.won_date in md.COLOURS
        assert md.ready_colours(game.hands[game.winner]), "she won, so she still holds the outfit"
        assert game.events[-1] == md.events.Won(game.winner, game.won_date)
        assert game.events[-2].outcome == game.won_date
    rolls = [e for e in game.events if isinstance(e, md.events.Rolled)]
    assert len(rolls) == game.turns
    assert all(1 <= r.value <= rules.die_sides for r in rolls)
    assert not any(e.outcome == "dud" for e in game.events if isinstance(e, md.events.DoorOpened)) \
        or rules.dud_in_play


@FAST
@given(variant=variants(), seed=st.integers(0, 2**32), mix=st.integers(0, 15))
def test_same_seed_same_bots_same_game(variant, seed, mix):
    rules, n_players = variant
    records = [bk.play(md.Game(rules, n_players=n_players, seed=seed), bots_for(n_players, mix))
               for _ in range(2)]
    assert records[0].events == records[1].events
    assert json.dumps(records[0].game.to_dict()) == json.dumps(records[1].game.to_dict())
    quiet = md.Game(rules, n_players=n_players, seed=seed, record_events=False)
    bk.play(quiet, bots_for(n_players, mix))  # switching events off changes nothing else
    assert (quiet.winner, quiet.turns, quiet.end_reason) == (records[0].winner, records[0].turns, records[0].end)
    assert quiet.card_counts() == records[0].game.card_counts()


"""Properties of every valid Philo Vance variant, checked on random rules, seeds and play (hypothesis).

* the clue cards are all accounted for after every decision;
* random legal play (Random and Detective bots mixed) ends cleanly: a
  conviction, everybody retired, or the turn cap;
* the same seed replays the same game.

(That an illegal action changes nothing and a save plays on identically is every game's
contract: ``tests/test_contract.py``.)
"""
import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardkit as bk
from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import events as ev
from boardkit.games.philo_vance import game as pvgame
from pv_helpers import PV, recount, saved

FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_STEPS = 20_000
CARD = 12  # clues on each confirmation card


@st.composite
def variants(draw):
    """(rules, n_players): any variant ``Rules.check`` allows, with a small turn cap."""
    game = draw(st.sampled_from(["adult", "adult", "expert", "children"]))
    court_size = draw(st.integers(6, 16))
    named = draw(st.integers(1, min(court_size, 8)))
    convict = draw(st.integers(1, min(court_size, CARD)))
    hand_limit = draw(st.integers(1, 12))
    changes = dict(
        court_size=court_size,
        named_clues=named,
        declare_correct=draw(st.integers(1, named)),
        convict_correct=convict,
        convict_fallback=draw(st.integers(convict, min(court_size, CARD))),
        retire_after_failures=draw(st.one_of(st.none(), st.integers(1, 4))),
        judge_needed=draw(st.booleans()),
        arrow_rewards=draw(st.booleans()),
        demand_refill=draw(st.booleans()),
        reshuffle_discards=draw(st.booleans()),
        hand_limit=hand_limit,
        children_win=draw(st.integers(1, min(hand_limit, CARD))),
        max_turns=draw(st.one_of(st.integers(1, 30), st.integers(100, 500))),
    )
    if draw(st.booleans()):  # a deck printed with 1 to 3 copies of each clue (50 to 150 cards)
        changes["deck"] = tuple(draw(st.lists(st.integers(1, 3), min_size=50, max_size=50)))
    if game == "expert":
        rules = pv.Rules.expert(max_turns=changes["max_turns"], retire_after_failures=changes["retire_after_failures"])
    elif game == "children":
        rules = pv.Rules.children_game(**{k: changes[k] for k in ("hand_limit", "children_win", "max_turns",
                                                                     "reshuffle_discards")})
    else:
        rules = pv.Rules(**changes)
    return rules, draw(st.integers(2, 6))


def bots_for(n_players, mix):
    return [pv.bots.Detective() if mix >> seat & 1 else pv.bots.Random() for seat in range(n_players)]


def check(game):
    """What must hold after every decision."""
    rules, board = game.rules, game.board
    # every card is somewhere, once
    assert game.card_count() == len(rules.deck_cards)
    assert recount(game) == Counter(rules.deck_cards)
    assert game.turns <= rules.max_turns
    if game.is_over:
        assert game.current_player is None
    else:
        assert game.phase in pvgame.PHASES and game.current_player == game.decider
        assert not game.retired[game.current]
    # pieces: on real spaces; one piece per place of the Radio Car queue
    for piece, where in game.position.items():
        assert where is None or 0 <= where < len(board.spaces)
        if piece != PV:
            assert (where is None) == game.retired[piece]
    in_queue = [w for w in game.position.values() if w in board.queue]
    assert len(in_queue) == len(set(in_queue))
    # Philo Vance and the Judge come only after a Successful Declaration
    if game.position[PV] is not None or game.judge:
        assert game.verdicts and any(ok for _, _, _, ok in game.verdicts)
    assert game.philo_owner is None or game.declared[game.philo_owner]
    # the court cards, the hands, the suspects
    for p in range(game.n_players):
        if game.court[p] is not None:
            assert len(game.court[p]) == len(game.face_up[p]) == rules.court_size
        if game.retired[p]:
            assert game.court[p] is None or game.court[p] == [None] * rules.court_size
            assert game.suspect[p] is None and game.claimed[p] is None
        assert len(game.hand[p]) <= rules.hand_limit
        assert rules.retire_after_failures is None or game.failures[p] <= rules.retire_after_failures
    committed = [game.suspect[p] for p in game.active() if game.suspect[p] is not None]
    assert len(committed) == len(set(committed))  # never two players on one suspect
    if rules.children:
        assert game.court == [None] * game.n_players and game.position[PV] is None and not game.judge


def check_end(game):
    rules = game.rules
    if game.end_reason == pvgame.CONVICTED:
        winner = game.winner
        needed = (rules.children_win if rules.children else
                  rules.convict_fallback if game.needs_more[winner] else rules.convict_correct)
        assert game.correct_in_play(winner) >= needed
        assert game.events[-1] == ev.Won(winner, game.suspect[winner], game.correct_in_play(winner))
    elif game.end_reason == pvgame.TURN_CAP:
        assert game.winner is None and game.turns == rules.max_turns
        assert isinstance(game.events[-1], ev.TurnCap)
    else:
        assert game.end_reason == pvgame.ALL_RETIRED and game.winner is None and all(game.retired)
    assert len([e for e in game.events if isinstance(e, ev.Thrown)]) == game.turns


@FAST
@given(variant=variants(), seed=st.integers(0, 2**32), mix=st.integers(0, 63))
def test_random_play_keeps_every_card_and_ends_cleanly(variant, seed, mix):
    rules, n_players = variant
    game = pv.Game(rules, n_players=n_players, seed=seed)
    bots = bots_for(n_players, mix)
    check(game)
    steps = 0
    while not game.is_over:
        bk.step(game, bots)
        check(game)
        steps += 1
        assert steps < MAX_STEPS
    check_end(game)


@FAST
@given(variant=variants(), seed=st.integers(0, 2**32), mix=st.integers(0, 63))
def test_the_same_seed_replays_the_same_game(variant, seed, mix):
    rules, n_players = variant
    records = [bk.play(pv.Game(rules, n_players=n_players, seed=seed), bots_for(n_players, mix))
               for _ in range(2)]
    assert records[0].events == records[1].events
    assert saved(records[0].game) == saved(records[1].game)
    quiet = pv.Game(rules, n_players=n_players, seed=seed, record_events=False)
    bk.play(quiet, bots_for(n_players, mix))  # switching events off changes nothing else
    assert quiet.result() == records[0].game.result()


def test_every_phase_is_reached_by_random_play():
    """The property tests above really visit every decision (a check on the strategies)."""
    seen = set()
    for seed in range(40):
        for rules in (pv.Rules(max_turns=400), pv.Rules.children_game(max_turns=200)):
            game = pv.Game(rules, n_players=4, seed=seed)
            bots = bots_for(4, seed)
            while not game.is_over:
                seen.add(game.phase)
                bk.step(game, bots)
        if seen == set(pvgame.PHASES):
            break
    assert seen == set(pvgame.PHASES)


def test_rules_round_trip_through_json():
    for rules in (pv.Rules(), pv.Rules.expert(), pv.Rules.children_game(hand_limit=5, children_win=4),
                  pv.Rules(retire_after_failures=None, deck=(2,) * 50, court_size=9)):
        assert pv.Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules

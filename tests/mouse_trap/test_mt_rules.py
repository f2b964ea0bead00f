"""Every rule of the Mouse Trap rulebook (seeds/mouse_trap.txt) as a unit test.

Each test sets a situation directly (``mt_helpers.arrange``), makes the die
roll what it needs, and checks what the rule says happens.  Stage odds of 1
or 0 make the crank's outcome certain.  Track positions: see mt_helpers.
"""
import math

import pytest

import boardkit as bk
from boardkit import ScriptedChance
from boardkit.games import mouse_trap as mt
from boardkit.games.mouse_trap import events as ev
from boardkit.games.mouse_trap.rules import SPACE_KINDS, STAGE_ODDS
from mt_helpers import (ALWAYS, CRANK_SPACE, SAFE, WHEEL, arrange, complete, land, never_past,
                        new_game, of_type, saved, where)

ROLL, CRANK, STOP = mt.Roll(), mt.Crank(), mt.Stop()


# -- equipment ---------------------------------------------------------------------------------

def test_default_track_has_every_space_kind_of_the_book():
    rules = mt.Rules()
    assert rules.path[0] == "start"
    assert {space.kind for space in rules.spaces} == set(SPACE_KINDS)
    marks = {space.players for space in rules.spaces if space.kind == "build"}
    assert marks == {(2,), (2, 3), (2, 3, 4)}
    assert (rules.safe, rules.crank, rules.wheel) == (SAFE, CRANK_SPACE, WHEEL)


def test_the_loop_is_six_spaces_from_safe_to_the_cheese_wheel():
    rules = mt.Rules()
    assert len(rules.loop) == 6
    assert rules.loop[0] == "safe" and rules.loop[-1] == "wheel" and "crank" in rules.loop
    assert rules.loop[2] == "build 2-3-4 x2"  # the build space by the Cheese Wheel builds two


def test_cheese_parts_and_the_chain():
    rules = mt.Rules()
    assert rules.cheese_count == 30 and rules.n_parts == 24 and len(mt.PARTS) == 24
    assert [letter for letter, _ in mt.STAGES] == list("ABCDEFGHIJKLMNOP")
    assert 0.5 < math.prod(rules.stage_odds) < 0.6  # a fresh trap works a little over half the time
    assert mt.PARTS[0] == "base A" and mt.PARTS[23] == "cage" and mt.PARTS[22] == "cage post"


def test_space_labels():
    assert mt.parse_space("build 2-3").label == "2-3"
    assert mt.parse_space("build 2-3-4 x2").label == "2-3-4 (BUILD 2)"
    assert mt.parse_space("rival 3").label == "TAKE 3 FROM RIVAL WITH MOST"
    assert mt.parse_space("crank").label == "TURN CRANK"


# -- set up and moving --------------------------------------------------------------------------

@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_setup_all_mice_on_start_and_all_cheese_in_the_pile(n_players):
    game = mt.Game(mt.Rules(), n_players=n_players, seed=3)
    assert game.positions == [0] * n_players
    assert game.cheese == [0] * n_players and game.pile == 30
    assert game.parts == 0 and game.current == 0 and game.current_player == 0
    assert game.legal_actions() == [ROLL]


def test_roll_moves_forward_and_play_proceeds_to_the_left():
    game = arrange(new_game(n_players=3))
    ScriptedChance.onto(game, rolls=[3])
    game.apply(ROLL)
    assert game.legal_actions() == [mt.Build(), mt.DoNotBuild()]  # a build space: she may build
    game.apply(mt.Build())
    assert game.positions == [3, 0, 0] and game.current == 1
    assert game.turns == 1
    assert game.events[:2] == [ev.Rolled(0, 3), ev.Moved(0, 0, 3, "2-3-4", "roll")]


def test_mice_circle_the_loop_and_share_spaces():
    game = arrange(new_game(n_players=2), positions=[WHEEL, SAFE])
    ScriptedChance.onto(game, rolls=[1])
    game.apply(ROLL)  # from the wheel round to SAFE
    assert game.positions == [SAFE, SAFE]
    rules = game.rules
    assert rules.forward(33, 4) == 37 and rules.forward(38, 6) == 38 and rules.forward(34, 12) == 34 + 12 - 6


def test_two_mice_on_one_space():
    game = arrange(new_game(n_players=2), positions=[0, 2])
    land(game, 2, 2)
    assert game.positions == [2, 2]


# -- build spaces ----------------------------------------------------------------------------

@pytest.mark.parametrize("n_players,text,builds", [
    (4, "build 2-3-4", True), (4, "build 2-3", False), (4, "build 2", False),
    (3, "build 2-3-4", True), (3, "build 2-3", True), (3, "build 2", False),
    (2, "build 2-3-4", True), (2, "build 2-3", True), (2, "build 2", True),
])
def test_build_only_when_the_player_count_matches(n_players, text, builds):
    game = arrange(new_game(n_players=n_players), parts=5)
    events = land(game, where(game, text))
    if builds:
        assert game.legal_actions() == [mt.Build(), mt.DoNotBuild()] and game.current == 0
        game.apply(mt.Build())
        events = game.events
        assert game.parts == 6 and game.cheese[0] == 1 and game.pile == 29
        assert ev.Built(0, 6) in events and ev.TookCheese(0, None, 1) in events
    else:
        assert game.parts == 5 and game.cheese[0] == 0
        assert of_type(events, ev.NothingHappens)


def test_parts_are_built_in_numerical_order():
    game = arrange(new_game(n_players=2))
    for expected in (1, 2, 3):
        game.current = 0
        land(game, 1)
        game.apply(mt.Build())
        assert game.parts == expected
    built = [e.part for e in game.events if isinstance(e, ev.Built)]
    assert built == [1, 2, 3]


def test_the_cheese_wheel_build_space_builds_two_parts_and_takes_two_cheese():
    game = arrange(new_game(n_players=4), parts=10)
    land(game, 37)
    before = len(game.events)
    game.apply(mt.Build())
    events = game.events[before:]
    assert game.parts == 12 and game.cheese[0] == 2
    assert of_type(events, ev.Built) == [ev.Built(0, 11), ev.Built(0, 12)]


def test_double_build_with_one_part_left_builds_one_and_completes_the_trap():
    game = arrange(new_game(n_players=4), parts=23)
    land(game, 37)
    game.apply(mt.Build())
    events = game.events
    assert game.parts == 24 and game.trap_complete and game.cheese[0] == 1
    assert ev.TrapDone(0) in events
    assert game.trap_done_turn == game.turns


def test_building_is_a_choice_and_declining_builds_nothing_and_takes_nothing():
    """The book: "then you may build one piece" -- she may also decline."""
    game = arrange(new_game(n_players=4), parts=10)
    land(game, 37)
    assert game.phase == "build" and game.legal_actions() == [mt.Build(), mt.DoNotBuild()]
    game.apply(mt.DoNotBuild())
    assert game.parts == 10 and game.cheese[0] == 0 and game.pile == 30 and game.current == 1
    assert game.phase == "roll" and ev.NothingHappens(0, "decides not to build") in game.events


def test_an_illegal_build_changes_nothing():
    game = arrange(new_game(n_players=4), parts=10)
    with pytest.raises(ValueError, match="not legal"):
        game.apply(mt.Build())  # not on a build space: it is time to roll
    land(game, 37)
    before = saved(game)
    with pytest.raises(ValueError):
        game.apply(mt.Crank())
    assert saved(game) == before


def test_a_mouse_sent_to_a_build_space_does_not_build():
    path = ("start", "back 1", "build 2-3-4")
    game = arrange(new_game(n_players=4, path=path), positions=[0, 0, 0, 0])
    land(game, 1, 1)  # GO BACK 1 to START ... and a sent mouse follows no message
    assert game.phase == "roll" and game.current == 1 and game.parts == 0
    path = ("start", "ahead 1", "build 2-3-4")
    game = arrange(new_game(n_players=4, path=path), positions=[0, 0, 0, 0])
    land(game, 1, 1)  # MOVE AHEAD 1 onto the build space: no build
    assert game.positions[0] == 2 and game.phase == "roll" and game.current == 1 and game.parts == 0


def test_the_book_is_the_default_for_a_sent_mouse():
    """"do not follow any message printed in that space!" -- the house readings are opt-in."""
    rules = mt.Rules()
    assert rules.wheel_cheese_when_sent is False and rules.crank_when_sent is False


def test_nothing_happens_on_a_build_space_once_the_trap_is_complete():
    game = complete(new_game(n_players=4))
    land(game, 3)
    assert game.parts == 24 and game.cheese[0] == 0 and game.pile == 30


# -- take and lose cheese -----------------------------------------------------------------------

@pytest.mark.parametrize("text,gain", [("take 1", 1), ("take 2", 2)])
def test_take_cheese(text, gain):
    game = arrange(new_game(), cheese=[1, 0, 0, 0])
    land(game, where(game, text))
    assert game.cheese[0] == 1 + gain and game.pile == 29 - gain


@pytest.mark.parametrize("held,text,left", [(3, "lose 1", 2), (3, "lose 2", 1), (1, "lose 2", 0), (0, "lose 1", 0)])
def test_lose_cheese_returns_what_you_hold_when_short(held, text, left):
    game = arrange(new_game(), cheese=[held, 0, 0, 0])
    land(game, where(game, text))
    assert game.cheese[0] == left and game.pile == 30 - left


# -- go back, move ahead, go to cheese ------------------------------------------------------

def test_go_back_without_following_the_message():
    game = arrange(new_game(n_players=2))
    events = land(game, 7)  # back 3 -> 4, a "build 2-3" space: no build
    assert game.positions[0] == 4 and game.parts == 0 and game.cheese[0] == 0
    assert events[-1] == ev.Moved(0, 7, 4, "2-3", "sent")
    assert game.current == 1


def test_move_ahead_without_following_the_message():
    game = arrange(new_game(n_players=2))
    land(game, 12)  # ahead 4 -> 16, "build 2-3"
    assert game.positions[0] == 16 and game.parts == 0


def test_go_back_stops_at_start():
    game = arrange(new_game(path=("start", "take 1", "back 5", "blank")))
    land(game, 2)
    assert game.positions[0] == 0


def test_go_back_in_the_loop_goes_round_it():
    rules = mt.Rules(loop=("safe", "back 2", "crank", "wheel"))
    start = rules.loop_start
    assert rules.back(start + 1, 2) == start + 3  # from "back 2" back past SAFE to the wheel


@pytest.mark.parametrize("sent_cheese", [True, False])
def test_go_to_cheese_sends_the_mouse_to_the_cheese_wheel(sent_cheese):
    game = arrange(new_game(wheel_cheese_when_sent=sent_cheese))
    land(game, 26)
    assert game.positions[0] == WHEEL
    assert game.cheese[0] == (2 if sent_cheese else 0)


@pytest.mark.parametrize("crank_when_sent", [True, False])
def test_sent_to_turn_crank(crank_when_sent):
    path = ("start", "ahead 10")
    game = complete(new_game(n_players=2, path=path, crank_when_sent=crank_when_sent), positions=[0, 6],
                    cheese=[2, 0])
    land(game, 1)  # ahead 10 from 1: 11 = TURN CRANK (loop 2..7)
    assert game.positions[0] == game.rules.crank
    if crank_when_sent:
        assert game.phase == "crank" and game.current == 0 and mt.Push(1) in game.legal_actions()
    else:
        assert game.phase == "roll" and game.current == 1


# -- take three from the rival with most ---------------------------------------------------------

def test_take_three_from_the_rival_with_most_even_when_the_pile_has_cheese():
    game = arrange(new_game(), cheese=[0, 2, 5, 4], positions=[0, 1, 2, 3])
    events = land(game, 19)
    assert game.cheese == [3, 2, 2, 4] and game.pile == 30 - 11
    assert ev.TookCheese(0, 2, 3) in events


def test_rival_with_most_holding_less_than_three():
    game = arrange(new_game(), cheese=[1, 2, 0, 1], positions=[0, 1, 2, 3])
    land(game, 19)
    assert game.cheese == [3, 0, 0, 1]


def test_safe_cannot_be_robbed():
    game = arrange(new_game(), cheese=[0, 9, 5, 1], positions=[0, SAFE, 2, 3])
    land(game, 19)
    assert game.cheese == [3, 9, 2, 1]


def test_nobody_to_rob():
    game = arrange(new_game(), cheese=[2, 5, 0, 0], positions=[0, SAFE, 2, 3])
    events = land(game, 19)
    assert game.cheese == [2, 5, 0, 0] and of_type(events, ev.NothingHappens)
    assert game.current == 1


def test_a_tie_for_most_is_the_takers_choice():
    game = arrange(new_game(), cheese=[0, 5, 5, 1], positions=[0, 1, 2, 3])
    land(game, 19)
    assert game.phase == "split" and game.current == 0
    options = game.legal_actions()
    assert options == [mt.Split(((2, 3),)), mt.Split(((1, 1), (2, 2))), mt.Split(((1, 2), (2, 1))),
                       mt.Split(((1, 3),))]
    game.apply(mt.Split(((1, 1), (2, 2))))
    assert game.cheese == [3, 4, 3, 1] and game.current == 1 and game.phase == "roll"


def test_a_tie_with_little_cheese_may_be_divided_up_to_what_each_holds():
    game = arrange(new_game(), cheese=[0, 1, 1, 1], positions=[0, 1, 2, 3])
    land(game, 19)
    assert game.legal_actions() == [mt.Split(((1, 1), (2, 1), (3, 1)))]
    game.apply(game.legal_actions()[0])
    assert game.cheese == [3, 0, 0, 0]


# -- the empty cheese pile -----------------------------------------------------------------------

def test_empty_pile_take_from_the_opponent_with_most():
    game = arrange(new_game(cheese_count=10), cheese=[0, 2, 7, 0], positions=[0, 1, 2, 3])
    assert game.pile == 1
    events = land(game, 9)  # take 2: one from the pile, one from seat 2
    assert game.pile == 0 and game.cheese == [2, 2, 6, 0]
    assert ev.TookCheese(0, None, 1) in events and ev.TookCheese(0, 2, 1) in events


def test_empty_pile_with_a_tie_is_a_choice():
    game = arrange(new_game(cheese_count=6), cheese=[0, 3, 3, 0], positions=[0, 1, 2, 3])
    assert game.pile == 0
    land(game, 9)
    assert game.phase == "split"
    assert mt.Split(((1, 2),)) in game.legal_actions() and mt.Split(((1, 1), (2, 1))) in game.legal_actions()
    game.apply(mt.Split(((2, 2),)))
    assert game.cheese == [2, 3, 1, 0]


def test_empty_pile_and_nobody_to_take_from():
    game = arrange(new_game(cheese_count=0))
    land(game, 2)
    assert game.cheese == [0, 0, 0, 0] and game.current == 1


# -- the cheese wheel ------------------------------------------------------------------------------

def test_landing_on_the_cheese_wheel_takes_two():
    game = arrange(new_game(), positions=[WHEEL - 3, 0, 0, 0])
    land(game, WHEEL, 3)
    assert game.cheese[0] == 2 and game.pile == 28


# -- turn crank ----------------------------------------------------------------------------------------

def test_no_crank_before_the_trap_is_complete():
    game = arrange(new_game(), positions=[0, WHEEL, 0, 0], cheese=[5, 0, 0, 0], parts=23)
    events = land(game, CRANK_SPACE)
    assert game.phase == "roll" and game.current == 1 and game.positions[1] == WHEEL
    assert of_type(events, ev.NothingHappens)


def test_a_mouse_on_the_wheel_must_be_cranked_at():
    game = complete(new_game(n_players=3, stage_odds=ALWAYS), positions=[0, WHEEL, 4])
    land(game, CRANK_SPACE)
    assert game.legal_actions() == [CRANK]  # no cheese to push with, no way to stop


def test_crank_catches_the_mouse_and_takes_its_cheese():
    game = complete(new_game(n_players=3, stage_odds=ALWAYS), positions=[0, WHEEL, 4], cheese=[1, 6, 2])
    land(game, CRANK_SPACE)
    game.apply(CRANK)
    assert game.positions == [CRANK_SPACE, None, 4]
    assert game.cheese == [7, 0, 2]
    crank = of_type(game.events, ev.CrankTurned)[0]
    assert crank.caught and crank.stopped_at == 16 and crank.failed_stage is None and crank.targets == (1,)
    assert ev.Caught(0, 1, 6) in game.events
    assert game.current == 2 and not game.is_over
    assert game.parts == 24  # the trap is reset, still complete
    ScriptedChance.onto(game, rolls=[1])
    game.apply(ROLL)
    assert game.current == 0  # seat 1 is out: its turn is skipped


def test_last_mouse_on_the_board_wins():
    game = complete(new_game(n_players=2, stage_odds=ALWAYS), positions=[0, WHEEL])
    land(game, CRANK_SPACE)
    game.apply(CRANK)
    assert game.is_over and game.winner == 0 and game.end_reason == "last mouse"
    assert game.events[-1] == ev.Won(0)
    assert game.legal_actions() == [] and game.current_player is None
    assert game.result()["stalemate"] is False and game.result()["catches"] == 1


def test_all_mice_on_the_wheel_are_caught_together():
    game = complete(new_game(n_players=4, stage_odds=ALWAYS), positions=[0, WHEEL, WHEEL, WHEEL],
                    cheese=[0, 1, 2, 3])
    land(game, CRANK_SPACE)
    game.apply(CRANK)
    assert game.positions == [CRANK_SPACE, None, None, None] and game.cheese == [6, 0, 0, 0]
    assert game.winner == 0


@pytest.mark.parametrize("stage", [0, 5, 15])
def test_a_failing_stage_misses_them_all_and_they_go_to_safe(stage):
    game = complete(new_game(n_players=4, stage_odds=never_past(stage)), positions=[0, WHEEL, WHEEL, 3],
                    cheese=[0, 1, 2, 3])
    land(game, CRANK_SPACE)
    game.apply(CRANK)
    assert game.positions == [CRANK_SPACE, SAFE, SAFE, 3] and game.cheese == [0, 1, 2, 3]
    crank = of_type(game.events, ev.CrankTurned)[0]
    assert crank.stopped_at == stage and crank.failed_stage == "ABCDEFGHIJKLMNOP"[stage] and not crank.caught
    assert [e for e in game.events if isinstance(e, ev.Moved) and e.how == "missed"] == [
        ev.Moved(1, WHEEL, SAFE, "SAFE", "missed"), ev.Moved(2, WHEEL, SAFE, "SAFE", "missed")]
    assert game.parts == 24 and game.current == 1


def test_a_backup_saves_a_failing_stage():
    game = complete(new_game(stage_odds=never_past(3), backups=("D",)))
    assert game.run_chain() == (3, ())  # a backup as weak as the stage fails too
    game = complete(new_game(stage_odds=(1,) * 3 + (0.5,) + (1,) * 12, backups=("D",)))
    outcomes = {game.run_chain() for _ in range(200)}
    assert outcomes == {(16, ()), (16, ("D",)), (3, ())}


# -- paying to move an opponent's mouse --------------------------------------------------------------

def test_no_mouse_on_the_wheel_pay_to_push():
    game = complete(new_game(n_players=4), positions=[0, 30, SAFE, 36], cheese=[2, 0, 0, 0])
    land(game, CRANK_SPACE)
    assert game.phase == "crank"
    assert game.legal_actions() == [mt.Push(1), mt.Push(3), STOP]  # not the mouse on SAFE
    ScriptedChance.onto(game, rolls=[4])
    game.apply(mt.Push(3))
    assert game.positions[3] == WHEEL and game.cheese[0] == 1 and game.pile == 29
    assert ev.Pushed(0, 3, 4) in game.events
    assert game.cheese[3] == 0  # a pushed mouse does not take the wheel's cheese
    assert game.legal_actions() == [mt.Push(1), CRANK]  # someone on the wheel: crank, no stopping


def test_keep_paying_for_more_opponents_then_crank():
    game = complete(new_game(n_players=3, stage_odds=ALWAYS), positions=[0, 37, 36], cheese=[3, 0, 4])
    land(game, CRANK_SPACE, 1)
    ScriptedChance.onto(game, rolls=[3, 4])
    game.apply(mt.Push(1))
    assert game.positions[1] == WHEEL
    game.apply(mt.Push(2))
    assert game.positions[2] == WHEEL and game.cheese[0] == 1
    assert game.legal_actions() == [CRANK]
    game.apply(CRANK)
    assert game.winner == 0 and game.cheese == [5, 0, 0]


def test_pushes_stop_when_the_cheese_runs_out():
    game = complete(new_game(n_players=2), positions=[0, 30], cheese=[1, 0])
    land(game, CRANK_SPACE)
    ScriptedChance.onto(game, rolls=[1])
    game.apply(mt.Push(1))  # the last cheese; the mouse moves to 31, not the wheel
    assert game.positions[1] == 31 and game.cheese[0] == 0
    assert game.phase == "roll" and game.current == 1  # nothing more to do: the turn ends
    assert isinstance(game.events[-1], ev.NothingHappens)


def test_stop_paying():
    game = complete(new_game(n_players=2), positions=[0, 30], cheese=[5, 0])
    land(game, CRANK_SPACE)
    game.apply(STOP)
    assert game.cheese == [5, 0] and game.current == 1


def test_a_pushed_mouse_follows_no_message():
    game = complete(new_game(n_players=2), positions=[0, 36], cheese=[2, 3])
    land(game, CRANK_SPACE)
    ScriptedChance.onto(game, rolls=[3])
    game.apply(mt.Push(1))  # to 39, "lose 1"
    assert game.positions[1] == 39 and game.cheese[1] == 3


def test_nothing_to_do_on_turn_crank():
    game = complete(new_game(n_players=2), positions=[0, SAFE], cheese=[3, 0])
    events = land(game, CRANK_SPACE)
    assert game.current == 1 and of_type(events, ev.NothingHappens)


def test_a_caught_mouse_never_moves_again():
    game = complete(new_game(n_players=3, stage_odds=ALWAYS), positions=[0, WHEEL, 30], cheese=[3, 0, 0])
    land(game, CRANK_SPACE)
    game.apply(CRANK)
    assert game.positions[1] is None
    bk.play(game, [mt.bots.Random()] * 3)
    caught_at = game.events.index(ev.Caught(0, 1, 0))
    assert not [e for e in game.events[caught_at:] if isinstance(e, (ev.Moved, ev.Rolled)) and e.player == 1]
    assert not [e for e in game.events if isinstance(e, ev.Pushed) and e.target == 1 and
                game.events.index(e) > caught_at]


# -- the end -------------------------------------------------------------------------------------------

def test_turn_cap_is_a_stalemate_not_a_hang():
    game = new_game(n_players=3, max_turns=7, stage_odds=never_past(0))
    record = bk.play(game, [mt.bots.Trapper()] * 3)
    assert record.end == "turn cap" and record.winner is None and game.turns == 7
    assert isinstance(game.events[-1], ev.TurnCap) and "Stalemate" in game.events[-1].describe()
    assert game.result()["stalemate"] is True


def test_a_trap_that_never_works_ends_at_the_cap():
    game = new_game(n_players=4, max_turns=500, stage_odds=never_past(7))
    bk.play(game)
    assert game.end_reason == "turn cap" and game.turns == 500 and game.cranks > 0 and game.catches == 0


def test_an_already_built_trap():
    game = new_game(n_players=2, n_parts=0)
    assert game.trap_complete and game.trap_done_turn == 0


def test_same_seed_same_events():
    games = [new_game(n_players=4, seed=11) for _ in range(2)]
    for game in games:
        bk.play(game)
    assert games[0].events == games[1].events and games[0].events
    other = new_game(n_players=4, seed=12)
    bk.play(other)
    assert other.events != games[0].events


def test_every_event_describes_itself():
    game = new_game(n_players=4, seed=5)
    bk.play(game)
    kinds = {type(e) for e in game.events}
    assert {ev.Rolled, ev.Moved, ev.Built, ev.TookCheese, ev.CrankTurned, ev.Won} <= kinds
    for event in game.events:
        assert isinstance(event.describe(), str) and event.describe()


def test_default_stage_odds_are_floats():
    assert mt.Rules().stage_odds == STAGE_ODDS and all(isinstance(p, float) for p in STAGE_ODDS)


def test_with_stage_odds_changes_only_the_named_stages():
    rules = mt.Rules()
    better = rules.with_stage_odds(F=0.99, M=1)
    letters = dict(zip(mt.STAGE_LETTERS, better.stage_odds))
    assert letters["F"] == 0.99 and letters["M"] == 1
    assert [p for l, p in letters.items() if l not in "FM"] == [
        p for l, p in zip(mt.STAGE_LETTERS, rules.stage_odds) if l not in "FM"]
    with pytest.raises(ValueError, match="stage_odds.*Z.*A-P"):
        rules.with_stage_odds(Z=0.5)
    with pytest.raises(ValueError, match="stage_odds"):
        rules.with_stage_odds(F=1.5)

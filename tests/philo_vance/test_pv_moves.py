"""Philo Vance rules of the start and of moving (seeds/philo_vance.txt, "TO START", "MOVING",
"GREEN ARROW SPACES", "RECEIVING CLUES", "THE CENTRAL or X SPACE").

Each test sets a situation (pv_helpers), throws the dice it needs and checks
what the rulebook says happens.
"""
import pytest

from boardkit.core import ScriptedChance
from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import events as ev
from boardkit.games.philo_vance import game as pvgame
from pv_helpers import (ARROW, DRIVE1, DRIVE3, E, HALL, N, NE, PARK, ROLL, S, START, W, X, act,
                        assert_cards_conserved, give_court, moves, new_game, of_type, place, ready, throw)

COURT = list(range(12))


def with_court(n_players=2, seed=0, player=0, **changes):
    """A game where ``player`` has been to X (12 clues on his jurors), ready to throw."""
    game = new_game(n_players=n_players, seed=seed, **changes)
    give_court(game, player, COURT)
    return ready(game, player)


# -- the start ---------------------------------------------------------------------------------

@pytest.mark.parametrize("n_players", [2, 3, 6])
def test_setup(n_players):
    game = new_game(n_players=n_players, seed=4)
    assert len(game.pile) == 100 and not game.discards
    assert all(game.position[p] == PARK for p in range(n_players))
    assert game.position[pv.PHILO_VANCE] is None and game.philo_owner is None and not game.judge
    assert game.court == [None] * n_players and game.suspect == [None] * n_players
    assert game.phase == pvgame.BEFORE_ROLL and game.decider == game.current
    assert game.legal_actions() == [ROLL]  # no arrest before the 12 clues
    assert_cards_conserved(game)


def test_highest_first_throw_starts_and_ties_throw_again():
    # seat 0 throws 3+3, seats 1 and 2 throw 6+5 (a tie); they throw again: 1+1 and 2+2
    rolls = [3, 3, 6, 5, 6, 5, 1, 1, 2, 2]
    game = pv.Game(pv.Rules(), n_players=3, seed=1, chance=ScriptedChance(rolls=rolls))
    assert game.current == 2 and game.decider == 2
    first = game.events[0]
    assert isinstance(first, ev.FirstThrows) and first.starter == 2
    assert first.totals == (6, 2, 4)


def test_play_passes_to_the_left(monkeypatch):
    game = ready(new_game(n_players=3), 1)
    throw(monkeypatch, game, 1, 1)
    game.apply(pv.Move(DRIVE1))
    assert game.current == 2 and game.phase == pvgame.BEFORE_ROLL
    throw(monkeypatch, game, 1, 2)
    game.apply(pv.Move(49))
    assert game.current == 0


def test_a_throw_is_logged_and_counted(monkeypatch):
    game = ready(new_game())
    events = throw(monkeypatch, game, 4, 2)
    assert events[0] == ev.Thrown(0, 4, 2)
    assert game.white == 4 and game.coloured == 2 and game.turns == 1


# -- moving before the first visit to X: the total of both dice ---------------------------------

@pytest.mark.parametrize("white,coloured", [(1, 1), (1, 2), (2, 2), (3, 2), (6, 6)])
def test_from_park_here_start_is_the_first_space_counted(monkeypatch, white, coloured):
    game = ready(new_game())
    throw(monkeypatch, game, white, coloured)
    total = white + coloured
    assert moves(game) == set(game.board.destinations(PARK, total))
    if total == 2:
        assert moves(game) == {DRIVE1}  # START is 1, Driveway 1 is 2
    if total == 3:
        assert moves(game) == {ARROW, 49}
    if total <= 5:
        assert all(game.board.steps_between(START, space) == total - 1 for space in moves(game))


def test_the_whole_throw_forward_or_backward_never_split(monkeypatch):
    game = ready(place(new_game(), p0=5))  # Driveway 4: between Driveway 3 and Driveway 5
    throw(monkeypatch, game, 1, 1)  # 2 spaces
    assert moves(game) == {ARROW, 34, 11}  # back down the drive (or the rose walk), or on to the circle
    assert 5 not in moves(game)  # never 1 forward and 1 back


def test_a_move_can_branch_and_go_round_the_room(monkeypatch):
    game = with_court()
    place(game, p0=NE)
    throw(monkeypatch, game, 6, 5)  # white 6: round the room
    assert moves(game) == set(game.board.destinations(NE, 6))
    assert {NE + 2, NE - 2} <= moves(game) | {NE}


def test_only_legal_moves_are_offered(monkeypatch):
    game = ready(new_game())
    throw(monkeypatch, game, 1, 1)
    with pytest.raises(ValueError):
        game.apply(pv.Move(ARROW))


# -- X: exact count, from a side square, never across --------------------------------------------

def test_x_is_entered_only_from_a_side_square(monkeypatch):
    game = with_court()
    place(game, p0=NE)  # a diagonal square
    throw(monkeypatch, game, 1, 2)
    assert X not in moves(game) and moves(game) == {N, E}
    game = with_court()
    place(game, p0=N)
    throw(monkeypatch, game, 1, 2)
    assert moves(game) == {X, NE, N + 7}


def test_nobody_moves_across_x(monkeypatch):
    game = with_court()
    place(game, p0=N)
    throw(monkeypatch, game, 2, 3)
    assert S not in moves(game)  # N -> X -> S would cross X
    assert moves(game) == {E, W}


@pytest.mark.parametrize("white", [1, 2, 3, 4, 5, 6])
def test_from_x_only_a_4_or_a_6_comes_back_to_x(monkeypatch, white):
    game = with_court()
    place(game, p0=X)
    throw(monkeypatch, game, white, 1 if white != 1 else 2)
    assert (X in moves(game)) == (white in (4, 6))
    if white == 1:
        assert moves(game) == set(game.board.sides)  # a piece leaves X by a side square


def test_reaching_x_again_gives_a_clue_and_an_extra_turn(monkeypatch):
    game = with_court(n_players=3)
    place(game, p0=N)
    top = game.pile.top
    throw(monkeypatch, game, 1, 2)
    act(game, pv.Move(X))
    assert game.phase == pvgame.KEEPING and game.decider == 0 and game.drawn == top
    events = act(game, pv.Discard())
    assert of_type(events, ev.ExtraTurn) == [ev.ExtraTurn(0)]
    assert game.current == 0 and game.phase == pvgame.BEFORE_ROLL
    # and again, as long as he lands on X: a 4 from X
    throw(monkeypatch, game, 4, 1)
    act(game, pv.Move(X))
    assert game.phase == pvgame.KEEPING
    act(game, pv.Discard())
    assert game.current == 0
    # a move elsewhere ends the run of extra turns
    throw(monkeypatch, game, 1, 2)
    act(game, pv.Move(N))
    assert game.current == 1


def test_doubles_give_no_extra_turn(monkeypatch):
    game = with_court()
    place(game, p0=HALL)
    throw(monkeypatch, game, 1, 1)
    act(game, pv.Move(game.legal_actions()[0].space))
    assert game.current == 1 and not of_type(game.events, ev.ExtraTurn)


# -- green arrows ------------------------------------------------------------------------------

def test_a_green_arrow_by_exact_count_sends_the_piece_to_x(monkeypatch):
    game = with_court(n_players=3)
    place(game, p0=DRIVE1)
    throw(monkeypatch, game, 1, 2)
    events = act(game, pv.Move(ARROW))
    assert game.position[0] == X
    assert [e.how for e in of_type(events, ev.Moved)] == ["throw", "arrow"]
    # boardkit's choice (Rules.arrow_rewards): an arrow counts as reaching X, a clue and an extra turn
    assert game.phase == pvgame.KEEPING
    act(game, pv.Discard())
    assert game.current == 0


def test_without_arrow_rewards_the_arrow_gives_nothing(monkeypatch):
    game = with_court(n_players=3, arrow_rewards=False)
    place(game, p0=DRIVE1)
    throw(monkeypatch, game, 1, 2)
    act(game, pv.Move(ARROW))
    assert game.position[0] == X and game.current == 1 and game.phase == pvgame.BEFORE_ROLL
    assert not of_type(game.events, ev.DrewClue)


def test_passing_over_an_arrow_does_nothing(monkeypatch):
    game = with_court()
    place(game, p0=DRIVE1)
    throw(monkeypatch, game, 2, 3)
    act(game, pv.Move(DRIVE3))
    assert game.position[0] == DRIVE3 and game.current == 1


# -- the first visit to X ------------------------------------------------------------------------

def test_first_arrival_lays_the_top_12_clues_unsorted_and_ends_the_turn(monkeypatch):
    game = ready(new_game(n_players=3, seed=8))
    top12 = game.pile.cards[-12:][::-1]  # the top card first
    throw(monkeypatch, game, 1, 2)
    events = act(game, pv.Move(ARROW))  # the green arrow on Driveway 2 sends him to X
    assert game.court[0] == top12  # juror 1 gets the top card: in order, not sorted
    assert game.face_up[0] == [True] * 12
    assert ev.ReceivedClues(0, tuple(top12)) in events
    assert len(game.pile) == 88
    assert game.current == 1 and not of_type(events, ev.ExtraTurn) and not of_type(events, ev.DrewClue)
    assert game.first_x_turn[0] == 1
    assert_cards_conserved(game)


def test_first_arrival_by_exact_count(monkeypatch):
    game = ready(place(new_game(), p0=NE))
    throw(monkeypatch, game, 1, 1)  # 2 spaces: NE -> N -> X
    act(game, pv.Move(X))
    assert game.court[0] is not None and game.current == 1
    assert game.phase == pvgame.BEFORE_ROLL  # no clue to keep, no turn-up for the doubles


def test_after_the_first_visit_the_white_die_moves_the_piece(monkeypatch):
    game = with_court()
    place(game, p0=DRIVE1)
    throw(monkeypatch, game, 1, 5)
    assert moves(game) == set(game.board.destinations(DRIVE1, 1))
    game = with_court()
    place(game, p0=DRIVE1)
    throw(monkeypatch, game, 5, 1)
    assert moves(game) == set(game.board.destinations(DRIVE1, 5))


def test_clue_spots_give_nothing_before_the_first_visit(monkeypatch):
    game = ready(place(new_game(), p0=6))  # Driveway 5
    throw(monkeypatch, game, 1, 1)
    act(game, pv.Move(12))  # Turning circle SW, a red spot
    assert game.current == 1 and game.court[0] is None and game.drawn is None


def test_a_piece_that_cannot_move_is_logged_and_the_turn_goes_on(monkeypatch):
    game = with_court(n_players=2)
    place(game, p0=70, p1=68)  # Call Box 3 waits while Call Box 1 is taken
    events = throw(monkeypatch, game, 3, 4)
    assert of_type(events, ev.CantMove) and game.current == 1


# -- the turn cap --------------------------------------------------------------------------------

def test_the_game_stops_at_the_turn_cap(monkeypatch):
    game = ready(new_game(max_turns=2))
    throw(monkeypatch, game, 1, 1)
    act(game, pv.Move(DRIVE1))
    assert not game.is_over
    throw(monkeypatch, game, 1, 2)
    events = act(game, pv.Move(49))
    assert game.is_over and game.end_reason == pvgame.TURN_CAP and game.winner is None
    assert game.turns == 2 and of_type(events, ev.TurnCap)
    assert game.legal_actions() == [] and game.current_player is None
    with pytest.raises(ValueError):
        game.apply(ROLL)

"""Philo Vance rules of bumping (seeds/philo_vance.txt, the clean "BUMPING:" passage and
"PHILO VANCE"): optional, to an adjoining space, a clue turned down, multiple
bumping down a line, bumped on to X or a green arrow -> the Radio Car queue,
bumped on to a clue spot -> that player draws first, and Philo Vance.
"""
import pytest

from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import events as ev
from boardkit.games.philo_vance import game as pvgame
from pv_helpers import (ARROW, BOX1, BOX2, BOX3, CIRCLE_N, CIRCLE_NE, DRIVE1, DRIVE3, E, GARAGE3, GARDEN1, HALL, N,
                        NE, NW, PV, RADIO_CAR, S, SE, START, SW, X, YARD, act, assert_cards_conserved, declared,
                        moves, of_type, place, ready, stack_pile, table_of_detectives, throw)

NW_CIRCLE, FAR = 14, 62  # Turning circle NW (next to Turning circle N); Rose garden SE, out of the way


def table(n_players=3, seed=0, **changes):
    """Everybody has 12 clues face up; all pieces out of the way; seat 0 to throw."""
    return table_of_detectives(n_players, seed, [FAR] * n_players, **changes)

def land_on(game, start, end, white=1, coloured=2):
    """Seat 0 (or the current player) moves from ``start`` on to ``end`` with ``white``."""
    place(game, **{f"p{game.current}": start})
    throw(game, white, coloured)
    assert pv.Move(end) in game.legal_actions()
    return act(game, pv.Move(end))


# -- a simple bump ---------------------------------------------------------------------------------

def test_landing_on_an_opponent_offers_a_bump_to_each_adjoining_space():
    game = table()
    place(game, p1=CIRCLE_N)
    land_on(game, NW_CIRCLE, CIRCLE_N)
    assert game.phase == pvgame.BUMPING and game.decider == 0 and game.moving_piece == 0
    assert game.legal_actions() == [pv.Bump(1, CIRCLE_NE), pv.Bump(1, NW_CIRCLE), pv.Bump(1, HALL), pv.NoBump()]


def test_bumping_is_optional():
    game = table()
    place(game, p1=CIRCLE_N)
    land_on(game, NW_CIRCLE, CIRCLE_N)
    act(game, pv.NoBump())
    assert game.position[0] == game.position[1] == CIRCLE_N
    assert game.current == 1 and all(game.face_up[1])


def test_the_bumper_may_turn_one_clue_of_the_bumped_player_down():
    game = table()
    place(game, p1=CIRCLE_N)
    land_on(game, NW_CIRCLE, CIRCLE_N)
    events = act(game, pv.Bump(1, HALL))
    assert game.position[1] == HALL and game.position[0] == CIRCLE_N
    assert ev.Bumped(0, 1, CIRCLE_N, HALL) in events and game.bumps == 1
    assert game.phase == pvgame.TURNING_DOWN and game.decider == 0 and game.victim == 1
    assert game.legal_actions() == [pv.TurnDown(j) for j in range(1, 13)] + [pv.Spare()]
    events = act(game, pv.TurnDown(3))
    assert game.face_up[1] == [j != 2 for j in range(12)]
    assert ev.TurnedDown(0, 1, 3, game.court[1][2]) in events
    assert game.current == 1
    assert 12 + 2 not in game.clues_in_play(1)  # out of play until turned up again


def test_turning_down_is_optional_and_only_face_up_clues():
    game = table()
    game.face_up[1] = [j >= 10 for j in range(12)]
    place(game, p1=CIRCLE_N)
    land_on(game, NW_CIRCLE, CIRCLE_N)
    act(game, pv.Bump(1, HALL))
    assert game.legal_actions() == [pv.TurnDown(11), pv.TurnDown(12), pv.Spare()]
    act(game, pv.Spare())
    assert game.face_up[1] == [j >= 10 for j in range(12)] and game.current == 1


def test_no_penalty_for_a_player_with_no_clue_face_up():
    game = table()
    game.face_up[1] = [False] * 12
    place(game, p1=CIRCLE_N)
    land_on(game, NW_CIRCLE, CIRCLE_N)
    act(game, pv.Bump(1, HALL))
    assert game.current == 1 and game.phase == pvgame.BEFORE_ROLL


# -- multiple bumping --------------------------------------------------------------------------------

def test_multiple_bumping_down_the_line_penalises_each_bumped_player():
    game = table(n_players=3)
    place(game, p1=CIRCLE_N, p2=HALL)
    land_on(game, NW_CIRCLE, CIRCLE_N)
    events = act(game, pv.Bump(1, HALL))
    assert game.position[1] == HALL and game.position[2] == S  # the front hall leads on only to the room
    assert ev.Bumped(0, 1, CIRCLE_N, HALL) in events and ev.Bumped(0, 2, HALL, S) in events
    # "turned down by the Player whose piece bumped him": seat 0 bumped seat 1, seat 1's piece bumped seat 2
    assert game.phase == pvgame.TURNING_DOWN and game.victim == 1 and game.decider == 0
    act(game, pv.TurnDown(1))
    assert game.phase == pvgame.TURNING_DOWN and game.victim == 2 and game.decider == 1
    events = act(game, pv.TurnDown(2))
    assert ev.TurnedDown(1, 2, 2, game.court[2][1]) in events
    assert not game.face_up[1][0] and not game.face_up[2][1]
    assert game.current == 1


def test_at_a_fork_the_bumper_chooses_where_the_line_goes_on():
    game = table(n_players=4)
    place(game, p1=CIRCLE_N, p2=HALL, p3=S)
    land_on(game, NW_CIRCLE, CIRCLE_N)
    act(game, pv.Bump(1, HALL))
    assert game.phase == pvgame.PUSHING_ON and game.decider == 0
    assert game.legal_actions() == [pv.PushOn(X), pv.PushOn(SE), pv.PushOn(SW)]
    act(game, pv.PushOn(SW))
    assert [game.position[p] for p in (1, 2, 3)] == [HALL, S, SW]
    victims = []
    while game.phase == pvgame.TURNING_DOWN:
        victims.append(game.victim)
        act(game, pv.Spare())
    assert victims == [1, 2, 3]


def test_the_line_pushed_on_to_x_goes_to_the_radio_car():
    game = table(n_players=4)
    place(game, p1=CIRCLE_N, p2=HALL, p3=S)
    land_on(game, NW_CIRCLE, CIRCLE_N)
    act(game, pv.Bump(1, HALL))
    act(game, pv.PushOn(X))
    assert game.position[3] == RADIO_CAR


def test_a_line_ends_at_a_dead_end():
    game = table(n_players=3)
    place(game, p1=DRIVE1, p2=START)
    land_on(game, 49, DRIVE1)  # East walk 1 -> Driveway 1
    act(game, pv.Bump(1, START))
    assert game.position[1] == game.position[2] == START
    assert game.victim == 1
    act(game, pv.Spare())
    assert game.current == 1  # seat 2 was not bumped


# -- bumped on to X or a green arrow: the Radio Car queue ----------------------------------------------

def test_a_piece_on_a_side_square_may_be_bumped_on_to_x_and_goes_to_the_radio_car():
    game = table()
    place(game, p1=N)
    land_on(game, NE, N)
    assert pv.Bump(1, X) in game.legal_actions()
    events = act(game, pv.Bump(1, X))
    assert game.position[1] == RADIO_CAR
    assert ev.Bumped(0, 1, N, None) in events
    assert [e.how for e in of_type(events, ev.Moved) if e.piece == 1] == ["queue"]
    assert game.phase == pvgame.TURNING_DOWN and game.victim == 1  # and he loses a clue too


def test_the_queue_fills_radio_car_then_call_boxes_1_2_3():
    game = table(n_players=6)
    for victim, expected in zip((1, 2, 3, 4), (RADIO_CAR, BOX1, BOX2, BOX3)):
        ready(game, 0)
        place(game, **{f"p{victim}": N})
        land_on(game, NE, N)
        act(game, pv.Bump(victim, X))
        act(game, pv.Spare())
        assert game.position[victim] == expected
    # the queue is full: nobody may be bumped on to X any more
    ready(game, 0)
    place(game, p5=N)
    land_on(game, NE, N)
    assert game.legal_actions() == [pv.Bump(5, NE), pv.Bump(5, NW), pv.NoBump()]


def test_a_line_is_pushed_on_to_x_only_if_the_queue_has_a_place_for_each_piece():
    """Issue 16's crash: 6 players, three queue places taken, two pieces on a side square.
    Pushing both on to X needs two places and only one is free: X is no way on for them
    (it used to be offered, and PushOn(X) raised IndexError in _send_to_queue)."""
    game = table(n_players=6)
    place(game, p1=RADIO_CAR, p2=BOX1, pv=BOX2, p4=N, p5=N, p3=NE, p0=E)
    throw(game, 1, 2)
    act(game, pv.Move(NE))
    assert pv.Bump(3, N) in game.legal_actions()
    events = act(game, pv.Bump(3, N))
    # the two pieces on N go on down the only line with room for them: round the room to NW
    assert game.position[3] == N and game.position[4] == game.position[5] == NW
    assert game.position[1] == RADIO_CAR and game.position[2] == BOX1 and game.position[PV] == BOX2
    assert {e.piece for e in of_type(events, ev.Bumped)} == {3, 4, 5}
    assert game.phase == pvgame.TURNING_DOWN
    assert_cards_conserved(game)


def test_a_line_of_two_may_be_pushed_on_to_x_when_two_places_are_free():
    game = table(n_players=6)
    place(game, p1=RADIO_CAR, p2=BOX1, p4=N, p5=N, p3=NE, p0=E)
    throw(game, 1, 2)
    act(game, pv.Move(NE))
    act(game, pv.Bump(3, N))
    assert game.phase == pvgame.PUSHING_ON
    assert game.legal_actions() == [pv.PushOn(X), pv.PushOn(NW)]
    act(game, pv.PushOn(X))
    assert {game.position[4], game.position[5]} == {BOX2, BOX3}


def test_bumped_on_to_a_green_arrow_goes_to_the_radio_car():
    game = table()
    place(game, p1=DRIVE1)
    land_on(game, 49, DRIVE1)
    events = act(game, pv.Bump(1, ARROW))
    assert game.position[1] == RADIO_CAR
    assert [e.how for e in of_type(events, ev.Moved) if e.piece == 1] == ["queue"]


def test_landing_on_x_where_a_piece_stands_bumps_it_to_the_queue():
    game = table()
    place(game, p1=X)
    land_on(game, N, X)
    assert game.legal_actions() == [pv.Bump(1, pv.QUEUE), pv.NoBump()]
    act(game, pv.Bump(1, pv.QUEUE))
    assert game.position[1] == RADIO_CAR and game.position[0] == X
    act(game, pv.Spare())
    assert game.phase == pvgame.KEEPING and game.decider == 0  # then his own clue and extra turn at X


def test_call_boxes_2_and_3_wait_for_the_places_ahead():
    game = table(n_players=4)
    place(game, p0=BOX2, p1=BOX1)
    events = throw(game, 2, 3)
    assert of_type(events, ev.CantMove) and game.position[0] == BOX2 and game.current == 1
    game = table(n_players=4)
    place(game, p0=BOX3, p1=BOX2)
    events = throw(game, 2, 3)
    assert of_type(events, ev.CantMove) and game.current == 1
    # the Radio Car behind does not hold anybody up; Call Box 1 and the Radio Car may always leave
    game = table(n_players=4)
    place(game, p0=BOX2, p1=RADIO_CAR)
    throw(game, 2, 3)
    assert game.phase == pvgame.MOVING
    for place_taken in (BOX1, RADIO_CAR):
        game = table(n_players=4)
        place(game, p0=place_taken, p1=BOX2, p2=BOX3)
        throw(game, 2, 3)
        assert game.phase == pvgame.MOVING


@pytest.mark.parametrize("queue_place", [RADIO_CAR, BOX1, BOX2, BOX3])
def test_leaving_the_queue_counts_from_the_green_arrow(queue_place):
    game = table()
    place(game, p0=queue_place)
    throw(game, 2, 3)
    assert moves(game) == {DRIVE1, DRIVE3}  # the arrow is the first space counted


# -- bumped on to a clue spot: he draws first ----------------------------------------------------------

def test_a_player_bumped_on_to_a_clue_spot_draws_before_the_bumper():
    game = table()
    place(game, p1=YARD)
    stack_pile(game, 45, 46)
    land_on(game, GARAGE3, YARD)  # the Garage yard is a red spot
    act(game, pv.Bump(1, GARDEN1))  # so is Garden path 1
    assert game.phase == pvgame.TURNING_DOWN  # the penalty first
    act(game, pv.Spare())
    # "may immediately draw a Clue card before the player who bumped him does so"
    assert game.phase == pvgame.DRAWING and game.decider == 1
    act(game, pv.Draw())
    assert game.phase == pvgame.KEEPING and game.decider == 1 and game.drawn == 45
    act(game, pv.Keep(1))
    assert game.court[1][0] == 45
    # (seat 0 may claim the clue seat 1 discarded, then) seat 0 draws on his own red spot
    if game.phase == pvgame.CLAIMING:
        while game.phase == pvgame.CLAIMING:
            act(game, pv.Pass())
    assert game.phase == pvgame.DRAWING and game.decider == 0
    act(game, pv.Draw())
    assert game.phase == pvgame.KEEPING and game.decider == 0 and game.drawn == 46
    assert_cards_conserved(game)


def test_a_player_bumped_on_to_a_clue_spot_may_draw_nothing():
    """ "Any Player whose piece is bumped on to a Clue Spot may immediately draw": he may also not."""
    game = table()
    place(game, p1=YARD)
    stack_pile(game, 45, 46)
    land_on(game, GARAGE3, YARD)
    act(game, pv.Bump(1, GARDEN1))
    act(game, pv.Spare())
    court = list(game.court[1])
    assert act(game, pv.NoDraw()) == [ev.DidNotDraw(1)]
    assert game.court[1] == court and game.pile.top == 45
    assert game.phase == pvgame.DRAWING and game.decider == 0  # then the bumper, on his own red spot
    act(game, pv.Draw())
    assert game.drawn == 45 and game.decider == 0
    assert_cards_conserved(game)


def test_a_player_without_his_12_clues_draws_nothing_when_bumped_on_to_a_clue_spot():
    game = table()
    game.pile.cards[0:0] = game.court[1]
    game.court[1] = game.face_up[1] = None
    place(game, p1=YARD)
    land_on(game, GARAGE3, YARD)
    act(game, pv.Bump(1, GARDEN1))
    assert game.phase == pvgame.DRAWING and game.decider == 0  # straight to seat 0's own clue spot


# -- Philo Vance and bumping -----------------------------------------------------------------------------

def test_philo_vance_bumped_by_his_owner_suffers_no_penalty():
    game = declared(table(), 0)
    game.philo_owner = 0
    place(game, pv=CIRCLE_N)
    land_on(game, NW_CIRCLE, CIRCLE_N)
    act(game, pv.Bump(PV, HALL))
    assert game.position[PV] == HALL
    assert game.phase != pvgame.TURNING_DOWN and all(game.face_up[0])


def test_an_owner_bumps_his_own_piece_with_philo_vance_without_penalty():
    game = declared(table(), 0)
    game.philo_owner = 0
    place(game, p0=CIRCLE_N, pv=NW_CIRCLE)
    throw(game, 3, 1)  # white 3 for his own piece, coloured 1 for Philo Vance
    act(game, pv.Move(game.legal_actions()[0].space))
    assert game.phase == pvgame.MOVING and game.moving_piece == PV
    place(game, p0=CIRCLE_N)  # (his own piece back beside Philo Vance's path)
    act(game, pv.Move(CIRCLE_N))
    assert game.phase == pvgame.BUMPING and pv.Bump(0, HALL) in game.legal_actions()
    act(game, pv.Bump(0, HALL))
    assert game.position[0] == HALL and game.phase != pvgame.TURNING_DOWN and all(game.face_up[0])


def test_bumping_another_players_philo_vance_penalises_his_owner():
    game = declared(table(), 1)
    game.philo_owner = 1
    place(game, pv=CIRCLE_N)
    land_on(game, NW_CIRCLE, CIRCLE_N)
    act(game, pv.Bump(PV, HALL))
    assert game.phase == pvgame.TURNING_DOWN and game.victim == 1


def test_philo_vance_on_x_may_be_bumped_to_the_radio_car():
    game = declared(table(), 1)
    game.philo_owner = 1
    place(game, pv=X)
    land_on(game, N, X)
    act(game, pv.Bump(PV, pv.QUEUE))
    assert game.position[PV] == RADIO_CAR and game.victim == 1


def test_an_ownerless_philo_vance_costs_nobody_a_clue():
    game = table()
    place(game, pv=CIRCLE_N)
    land_on(game, NW_CIRCLE, CIRCLE_N)
    act(game, pv.Bump(PV, HALL))
    assert game.current == 1 and game.phase == pvgame.BEFORE_ROLL

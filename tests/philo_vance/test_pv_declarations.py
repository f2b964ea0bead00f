"""Philo Vance rules of arresting, Philo Vance, the Judge and winning (seeds/philo_vance.txt,
"ARRESTING A SUSPECT", "PHILO VANCE", "THE JUDGE", "WINNING THE GAME",
"THE 5-8-10 GAME FOR EXPERTS").

Seat 0 holds the clues a test needs (``court_for``: so many right for the
Butler); the other seats get the top of the pile as on their first visit to X.
"""
import pytest

from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import events as ev
from boardkit.games.philo_vance import game as pvgame
from pv_helpers import (BUTLER, BUTLER_RIGHT, BUTLER_WRONG, MAID, N, PV, ROLL, START, WIFE, X, act,
                        assert_cards_conserved, court_for, deal_court, declared, give_court, moves, new_game,
                        of_type, place, quiet_move, ready, stack_pile, throw)

FAR = 62  # Rose garden SE: nothing happens around it
RED_BY_3 = 57  # Garden path 1: a red spot 3 spaces from FAR
CONVICT = pv.Convict()


def detective(n_players=3, right=4, court=None, seat=0, **changes):
    """Seat 0's court holds ``right`` of the Butler's clues (face up, all different); everyone is far away."""
    game = new_game(n_players=n_players, seed=5, **changes)
    give_court(game, 0, court if court is not None else court_for(BUTLER, right))
    for p in range(1, n_players):
        deal_court(game, p)
    for p in range(n_players):
        game.position[p] = FAR
    return ready(game, seat)


def arrest(game, suspect, named):
    """The current player arrests ``suspect`` naming ``named``; returns the events."""
    events = act(game, pv.Arrest(suspect))
    for clue in named:
        events += act(game, pv.Name(clue))
    return events


def arrests(game) -> list:
    return [a.suspect for a in game.legal_actions() if isinstance(a, pv.Arrest)]


# -- arresting on suspicion ----------------------------------------------------------------------

def test_after_the_12_clues_a_player_may_arrest_any_suspect_before_the_dice():
    game = detective()
    assert game.legal_actions() == [ROLL] + [pv.Arrest(s) for s in range(10)]


def test_a_suspect_spoken_for_may_not_be_arrested_by_another():
    game = detective()
    game.suspect[1] = MAID
    game.suspect[2] = WIFE
    game.retired[2] = True  # a retired player's suspect is free again
    game._legal = None
    assert arrests(game) == [s for s in range(10) if s != MAID]


def test_arresting_needs_6_different_clues_face_up():
    pairs = [c for c in BUTLER_RIGHT[:6] for _ in range(2)]  # 6 clues, each on two jurors
    game = detective(court=pairs)
    assert len(arrests(game)) == 10  # 12 jurors but 6 different clues: enough
    game.face_up[0][10] = game.face_up[0][11] = False  # both copies of one clue face down
    game._legal = None
    assert game.legal_actions() == [ROLL]


def test_naming_six_different_face_up_clues():
    game = detective()
    act(game, pv.Arrest(BUTLER))
    assert game.phase == pvgame.NAMING and game.decider == 0 and game.arresting == BUTLER
    assert game.legal_actions() == [pv.Name(c) for c in sorted(game.clues_in_play(0))]
    game.face_up[0][0] = False  # (a face-down clue may not be named)
    game._legal = None
    first = game.court[0][1]
    act(game, pv.Name(first))
    assert pv.Name(first) not in game.legal_actions()  # each clue named must be different
    assert pv.Name(game.court[0][0]) not in game.legal_actions()
    with pytest.raises(ValueError):
        game.apply(pv.Name(first))


def test_four_right_is_a_successful_declaration():
    game = detective(right=4)
    named = tuple(BUTLER_RIGHT[:4]) + tuple(BUTLER_WRONG[:2])
    court = list(game.court[0])
    events = arrest(game, BUTLER, named)
    assert events[-1] == ev.Declared(0, BUTLER, named, True, 1)  # the verdict only: never which were right
    assert [f for f in ev.Declared.__dataclass_fields__] == ["player", "suspect", "named", "successful", "attempt"]
    assert game.declared[0] and game.suspect[0] == BUTLER and game.failures[0] == 0
    assert game.court[0] == court  # he keeps his clues
    assert game.verdicts == [(0, BUTLER, named, True)]
    assert game.phase == pvgame.BEFORE_ROLL and game.current == 0
    assert game.legal_actions() == [ROLL]  # no second arrest; no conviction before the Judge


def test_three_right_is_unsuccessful_the_named_go_under_the_pile_and_six_new_come_from_the_top():
    game = detective(right=3)
    new = game.pile.cards[-6:][::-1]  # the top six
    named = tuple(BUTLER_RIGHT[:3]) + tuple(BUTLER_WRONG[:3])
    jurors = [game.court[0].index(c) for c in named]
    events = arrest(game, BUTLER, named)
    assert ev.Declared(0, BUTLER, named, False, 1) in events
    assert ev.NewClues(0, tuple(new)) in events
    assert game.pile.cards[:6] == list(named)  # face down at the bottom of the pile
    assert [game.court[0][j] for j in jurors] == new and all(game.face_up[0])
    assert not game.declared[0] and game.failures[0] == 1
    assert game.suspect[0] == BUTLER  # committed to the Butler
    assert game.legal_actions() == [ROLL]  # one arrest a turn
    assert_cards_conserved(game)


def test_after_an_unsuccessful_declaration_he_may_not_select_another_suspect():
    game = detective(right=3)
    arrest(game, BUTLER, tuple(BUTLER_RIGHT[:3]) + tuple(BUTLER_WRONG[:3]))
    give_court(game, 0, court_for(BUTLER, 4))
    ready(game, 0)
    assert arrests(game) == [BUTLER]
    ready(game, 1)
    assert BUTLER not in arrests(game)  # nor may the others arrest the Butler
    ready(game, 0)
    events = arrest(game, BUTLER, tuple(BUTLER_RIGHT[:4]) + tuple(BUTLER_WRONG[:2]))
    assert ev.Declared(0, BUTLER, events[-1].named, True, 2) in events and game.declared[0]


def test_the_third_failure_retires_the_player():
    game = detective(right=3)
    game.failures[0] = 2
    game.suspect[0] = BUTLER
    game.claimed[0] = claimed = game.pile.cards.pop(0)  # a clue he had claimed
    declared(game, 1, MAID)
    game.philo_owner = 0
    place(game, pv=N)
    ready(game, 0)
    events = arrest(game, BUTLER, tuple(BUTLER_RIGHT[:3]) + tuple(BUTLER_WRONG[:3]))
    assert ev.Retired(0) in events and game.retired[0]
    assert game.position[0] is None and game.court[0] == [None] * 12 and not any(game.face_up[0])
    assert game.suspect[0] is None and game.claimed[0] is None
    assert game.philo_owner is None and game.position[PV] == N  # Philo Vance stays, with no owner
    # his claimed clue goes back on the discards, where seat 1 may claim it before his dice
    assert game.current == 1 and game.phase == pvgame.CLAIMING and game.claim_offer == [claimed, [1, 2]]
    assert len(game.pile) >= 12 and set(game.pile.cards[:12]) >= set(BUTLER_WRONG[3:9])  # under the pile
    assert BUTLER in arrests(ready(game, 2))  # his suspect is free
    assert_cards_conserved(game)


def test_the_third_failure_draws_no_new_clues_and_leaves_the_top_of_the_pile():
    """ "if he is not successful on the third attempt HE MUST RETIRE. His Clues are put back
    face-down at the bottom of the Draw Pile": no six new clues are drawn first (which used to
    move the pile's top 6 cards to its bottom)."""
    game = detective(right=3)
    game.failures[0] = 2
    game.suspect[0] = BUTLER
    ready(game, 0)
    court = list(game.court[0])
    pile_before = list(game.pile.cards)
    named = tuple(BUTLER_RIGHT[:3]) + tuple(BUTLER_WRONG[:3])
    events = arrest(game, BUTLER, named)
    assert ev.Retired(0) in events and not of_type(events, ev.NewClues)
    assert game.pile.cards == court + pile_before  # his 12 clues under the pile, the rest untouched
    assert game.pile.top == pile_before[-1]
    assert_cards_conserved(game)


def test_an_earlier_failure_still_draws_six_new_clues():
    game = detective(right=3)
    top6 = game.pile.cards[-6:][::-1]
    named = tuple(BUTLER_RIGHT[:3]) + tuple(BUTLER_WRONG[:3])
    events = arrest(game, BUTLER, named)
    assert of_type(events, ev.NewClues)[0].clues == tuple(top6) and not game.retired[0]
    assert game.pile.cards[:6] == list(named)


def test_a_retired_player_is_skipped():
    game = detective(n_players=3)
    game.retired[1] = True
    game.pile.cards[0:0] = game.court[1]
    game.court[1] = [None] * 12
    game.position[1] = None
    ready(game, 0)
    throw(game, 3, 1)
    act(game, quiet_move(game))
    assert game.current == 2


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_the_number_of_failures_that_retires_is_a_rule(limit):
    game = detective(right=0, retire_after_failures=limit)
    game.failures[0] = limit - 1
    game.suspect[0] = BUTLER
    arrest(game, BUTLER, BUTLER_WRONG[:6])
    assert game.retired[0]


def test_the_retirement_rule_may_be_disregarded():
    game = detective(right=0, retire_after_failures=None)
    game.failures[0] = 7
    game.suspect[0] = BUTLER
    arrest(game, BUTLER, BUTLER_WRONG[:6])
    assert not game.retired[0] and game.failures[0] == 8
    assert arrests(ready(game, 0)) == [BUTLER]  # he may declare again on his next turn


def test_the_game_ends_when_everybody_has_retired():
    game = detective(n_players=2, right=0, retire_after_failures=1)
    game.retired[1] = True
    game.pile.cards[0:0] = game.court[1]
    game.court[1] = [None] * 12
    game.position[1] = None
    ready(game, 0)
    arrest(game, BUTLER, BUTLER_WRONG[:6])
    assert game.is_over and game.end_reason == pvgame.ALL_RETIRED and game.winner is None
    assert game.legal_actions() == [] and game.current_player is None


# -- Philo Vance -----------------------------------------------------------------------------------

def test_a_7_after_a_successful_declaration_brings_in_philo_vance():
    game = declared(detective(), 0)
    events = throw(game, 3, 4)
    assert ev.PhiloVanceJoins(0, None) in events and game.philo_owner == 0
    assert game.position[PV] == START
    assert ev.Moved(0, PV, None, START, "START", "start") in events
    # his own piece first, on the white die; then Philo Vance on the coloured die
    assert game.phase == pvgame.MOVING and game.moving_piece == 0 and moves(game) == {RED_BY_3 + 2, 65, RED_BY_3}
    act(game, pv.Move(59))
    assert game.phase == pvgame.MOVING and game.moving_piece == PV
    assert moves(game) == set(game.board.destinations(START, 4))


def test_a_7_brings_in_philo_vance_after_juror_7s_clue_is_turned_up_or_left_down():
    game = declared(detective(), 0)
    game.face_up[0][6] = False
    throw(game, 3, 4)
    assert game.phase == pvgame.TURNING_UP and game.legal_actions() == [pv.TurnUp(7), pv.LeaveDown()]
    events = act(game, pv.LeaveDown())
    assert events[:2] == [ev.LeftFaceDown(0), ev.PhiloVanceJoins(0, None)]
    assert not game.face_up[0][6] and game.philo_owner == 0 and game.position[PV] == START
    assert game.phase == pvgame.MOVING and game.moving_piece == 0


def test_philo_vance_stands_on_start_and_moves_the_coloured_die_beyond_it():
    """Two sentences, two readings: the players move "starting to count on the space at the entrance
    marked START" (START is the first space counted; test_pv_moves), while the owner "starts One
    figure of Philo Vance at the space marked START moving him on the Colored Die": the figure
    stands on START and the coloured die counts from the space after it."""
    game = declared(detective(), 0)
    throw(game, 3, 4)
    act(game, pv.Move(59))
    for space in moves(game):
        assert game.board.steps_between(START, space) == 4
    game = ready(new_game(n_players=2, seed=5))  # a player leaving Park Here with a total of 4
    throw(game, 2, 2)
    assert all(game.board.steps_between(START, space) == 3 for space in moves(game))


@pytest.mark.parametrize("white,coloured", [(3, 4), (6, 1), (2, 5)])
def test_a_7_without_a_successful_declaration_does_nothing(white, coloured):
    game = detective()
    events = throw(game, white, coloured)
    assert not of_type(events, ev.PhiloVanceJoins) and game.philo_owner is None and game.position[PV] is None


def test_another_successful_declarers_7_takes_philo_vance_over():
    game = declared(declared(detective(), 0), 1, MAID)
    game.philo_owner = 0
    place(game, pv=7)
    ready(game, 1)
    events = throw(game, 3, 4)
    assert ev.PhiloVanceJoins(1, 0) in events and game.philo_owner == 1
    assert game.position[PV] == 7  # he takes the figure that is on the board
    act(game, quiet_move(game))
    assert game.moving_piece == PV and moves(game) == set(game.board.destinations(7, 4))


def test_the_owners_own_7_changes_nothing():
    game = declared(detective(), 0)
    game.philo_owner = 0
    place(game, pv=7)
    events = throw(game, 3, 4)
    assert not of_type(events, ev.PhiloVanceJoins) and game.position[PV] == 7


def test_philo_vance_moves_only_on_his_owners_turn():
    game = declared(detective(), 0)
    game.philo_owner = 0
    place(game, pv=7)
    ready(game, 1)
    throw(game, 3, 2)
    act(game, quiet_move(game))
    assert game.current == 2 and game.position[PV] == 7


def test_philo_vance_reaching_x_gets_a_clue_but_no_extra_turn():
    game = declared(detective(), 0)
    game.philo_owner = 0
    place(game, pv=N)
    stack_pile(game, 45)
    throw(game, 3, 1)
    act(game, quiet_move(game))
    act(game, pv.Move(X))
    assert game.phase == pvgame.KEEPING and game.decider == 0 and game.drawn == 45
    act(game, pv.Discard())
    while game.phase == pvgame.CLAIMING:
        act(game, pv.Pass())
    assert game.current == 1 and not of_type(game.events, ev.ExtraTurn)


def test_philo_vance_stays_on_x_once_there():
    game = declared(detective(), 0)
    game.philo_owner = 0
    place(game, pv=X)
    throw(game, 3, 4)
    act(game, quiet_move(game))
    assert game.current == 1 and game.position[PV] == X


def test_philo_vance_on_a_red_spot_gets_his_owner_a_clue():
    game = declared(detective(), 0)
    game.philo_owner = 0
    place(game, pv=FAR + 1)  # Rose garden S: 2 from Garden path 1
    throw(game, 3, 2)
    act(game, quiet_move(game))
    act(game, pv.Move(RED_BY_3))
    assert game.phase == pvgame.DRAWING and game.decider == 0 and game.position[PV] == RED_BY_3
    act(game, pv.Draw())
    assert game.phase == pvgame.KEEPING and game.decider == 0


def test_moving_philo_vance_is_a_choice_and_so_is_leaving_him():
    """ "On each turn thereafter, he may use the Two Pieces": his own piece always moves (no way
    to leave it), and Philo Vance moves or is left where he is."""
    game = declared(detective(), 0)
    game.philo_owner = 0
    place(game, pv=7)
    throw(game, 3, 4)
    assert game.moving_piece == 0 and pv.LeavePhiloVance() not in game.legal_actions()
    act(game, quiet_move(game))
    assert game.moving_piece == PV
    legal = game.legal_actions()
    assert legal[-1] == pv.LeavePhiloVance() and {a.space for a in legal[:-1]} == set(game.board.destinations(7, 4))
    events = act(game, pv.LeavePhiloVance())
    assert events[0] == ev.PhiloVanceStays(0)
    assert events[0].describe() == "Player 1 leaves Philo Vance where he is."
    assert game.position[PV] == 7 and game.philo_owner == 0 and game.current == 1


# -- the Judge -------------------------------------------------------------------------------------

@pytest.mark.parametrize("double", [1, 6])
def test_double_ones_or_sixes_after_a_successful_declaration_bring_the_judge(double):
    game = declared(detective(), 0)
    events = throw(game, double, double)
    assert game.judge and ev.JudgeArrives(0) in events


@pytest.mark.parametrize("white,coloured,is_declared", [(2, 2, True), (5, 5, True), (1, 6, True),
                                                        (1, 1, False), (6, 6, False)])
def test_other_throws_or_players_bring_no_judge(white, coloured, is_declared):
    game = detective()
    if is_declared:
        declared(game, 0)
    events = throw(game, white, coloured)
    assert not game.judge and not of_type(events, ev.JudgeArrives)


def test_nobody_may_convict_before_the_judge_is_in_the_game():
    game = declared(detective(right=8), 0)
    assert CONVICT not in game.legal_actions()
    game.judge = True
    game._legal = None
    assert game.legal_actions() == [ROLL, CONVICT]
    game = declared(detective(right=8, judge_needed=False), 0)
    assert game.legal_actions() == [ROLL, CONVICT]


def test_only_after_a_successful_declaration_may_he_convict():
    game = detective(right=8)
    game.judge = True
    game.suspect[0] = BUTLER  # committed after a failure, but not declared
    game._legal = None
    assert CONVICT not in game.legal_actions()


def test_a_successful_declaration_and_a_conviction_are_never_in_the_same_turn():
    """ "Now, the Player who has made a successful declaration may attempt to convict ... when his
    turn comes, but before he shakes the Dice": the conviction waits for his next turn, even with
    the Judge already in the game and 7 right clues in play."""
    game = detective(right=8, judge_needed=False)
    arrest(game, BUTLER, BUTLER_RIGHT[:6])
    assert game.declared[0] and game.phase == pvgame.BEFORE_ROLL and game.decider == 0
    assert game.legal_actions() == [ROLL]  # no conviction this turn
    throw(game, 1, 2)
    act(game, quiet_move(game))
    assert game.current == 1
    game.todo = [["start_turn"]]  # the others have played: his next turn starts
    game.current, game.phase = 0, None
    game._run()
    assert game.legal_actions() == [ROLL, CONVICT]
    act(game, CONVICT)
    assert game.is_over and game.winner == 0


# -- winning ---------------------------------------------------------------------------------------

#: clues that are not the Butler's
OTHERS = [c for c in range(50) if c not in BUTLER_RIGHT]


def clear_others(game):
    """Seats 1 and 2 put their clues back under the pile (to be given others)."""
    for p in (1, 2):
        game.pile.cards[0:0] = game.court[p]
        game.court[p] = None


def judged(right=7, court=None, **changes):
    game = declared(detective(right=right, court=court, **changes), 0)
    game.judge = True
    game._legal = None
    return game


def test_seven_correct_clues_in_play_convict_and_win():
    game = judged(right=7)
    events = act(game, CONVICT)
    assert events == [ev.ConvictionTried(0, BUTLER, 7, 7), ev.Won(0, BUTLER, 7)]
    assert game.is_over and game.winner == 0 and game.end_reason == pvgame.CONVICTED
    assert game.legal_actions() == [] and game.current_player is None


def test_face_down_and_duplicate_clues_are_not_counted():
    court = list(BUTLER_RIGHT[:6]) + [BUTLER_RIGHT[5]] + list(BUTLER_WRONG[:4]) + [BUTLER_RIGHT[6]]
    game = judged(court=court)
    game.face_up[0][11] = False
    game._legal = None
    assert game.correct_in_play(0) == 6
    events = act(game, CONVICT)
    assert events[0] == ev.ConvictionTried(0, BUTLER, 6, 7) and not game.is_over


def test_a_failed_conviction_means_proving_nine():
    game = judged(right=6)
    act(game, CONVICT)
    assert game.needs_more[0] and not game.is_over
    assert game.phase == pvgame.BEFORE_ROLL and game.legal_actions() == [ROLL]  # no second try


def test_after_a_failed_conviction_he_wins_as_soon_as_he_keeps_the_ninth():
    game = judged(right=8)
    game.needs_more[0] = True
    stack_pile(game, BUTLER_RIGHT[8])
    place(game, p0=FAR)
    throw(game, 3, 1)
    act(game, pv.Move(RED_BY_3))
    act(game, pv.Draw())
    assert game.drawn == BUTLER_RIGHT[8]
    events = act(game, pv.Keep(12))  # on a wrong clue's juror
    assert ev.Won(0, BUTLER, 9) in events and game.winner == 0 and game.end_reason == pvgame.CONVICTED


def test_after_a_failed_conviction_a_turned_up_ninth_clue_wins():
    game = judged(right=9)
    game.needs_more[0] = True
    game.face_up[0][8] = False  # the ninth right clue lies face down
    throw(game, 2, 2)
    events = act(game, pv.TurnUp(9))
    assert ev.Won(0, BUTLER, 9) in events and game.is_over


def test_a_win_on_a_turned_up_clue_ends_the_game_at_once():
    game = judged(right=9)
    game.needs_more[0] = True
    game.face_up[0][6] = False  # juror 7: a total of 7 lets him turn it up ...
    throw(game, 3, 4)  # ... and a 7 would also bring in Philo Vance, once the clue is turned up (or not)
    assert game.phase == pvgame.TURNING_UP and game.philo_owner is None
    events = act(game, pv.TurnUp(7))
    assert game.is_over and game.winner == 0
    assert events[-1] == ev.Won(0, BUTLER, 9), "nothing may happen after the game is won"
    assert game.philo_owner is None and game.position[PV] is None


def test_the_ninth_clue_by_demand_on_x():
    game = judged(right=8)
    game.needs_more[0] = True
    wanted = BUTLER_RIGHT[8]
    clear_others(game)
    give_court(game, 2, [wanted] + OTHERS[:11])  # both show the clue he needs
    give_court(game, 1, [wanted] + OTHERS[11:22])
    stack_pile(game, 47)
    place(game, p0=N)
    throw(game, 1, 2)
    act(game, pv.Move(X))
    assert game.phase == pvgame.DEMANDING and game.decider == 0
    assert game.legal_actions() == [pv.Demand(wanted), pv.Draw()]
    events = act(game, pv.Demand(wanted))
    assert ev.DrewClue(0, wanted, 1) in events  # from the player on his left first
    assert game.court[1][0] == 47 and game.face_up[1][0]  # who refills his juror from the pile
    assert game.court[2][0] == wanted
    assert game.phase == pvgame.KEEPING and pv.Discard() not in game.legal_actions()
    events = act(game, pv.Keep(12))
    assert ev.Won(0, BUTLER, 9) in events
    assert_cards_conserved(game)


def test_demands_start_with_the_player_on_his_left():
    # seat 1 demands; seats 3 and 0 both show the clue: seat 2 (on his left) does not, so seat 3 gives it
    game = new_game(n_players=4, seed=5)
    wanted = BUTLER_RIGHT[8]
    give_court(game, 1, court_for(BUTLER, 8))
    give_court(game, 0, [wanted] + OTHERS[:11])
    give_court(game, 3, [wanted] + OTHERS[11:22])
    give_court(game, 2, OTHERS[22:34])
    declared(game, 1)
    game.judge = game.needs_more[1] = True
    place(game, p0=FAR, p1=N, p2=FAR, p3=FAR)
    ready(game, 1)
    throw(game, 1, 2)
    act(game, pv.Move(X))
    events = act(game, pv.Demand(wanted))
    assert ev.DrewClue(1, wanted, 3) in events
    assert game.court[3][0] != wanted and game.court[0][0] == wanted


def test_demands_are_for_needed_clues_only_never_duplicates():
    game = judged(right=7)
    game.needs_more[0] = True
    held, lacking = BUTLER_RIGHT[0], BUTLER_RIGHT[9]
    give_court(game, 1, [held, lacking, BUTLER_WRONG[12]] + list(range(40, 49)) + [])
    place(game, p0=N)
    throw(game, 1, 2)
    act(game, pv.Move(X))
    demands = [a.clue for a in game.legal_actions() if isinstance(a, pv.Demand)]
    shown = game.clues_in_play(1) | game.clues_in_play(2)
    assert demands == sorted((set(BUTLER_RIGHT) - game.clues_in_play(0)) & shown)
    assert lacking in demands and held not in demands and BUTLER_WRONG[12] not in demands


def test_with_nothing_to_demand_he_draws_as_usual():
    game = judged(right=7)
    game.needs_more[0] = True
    clear_others(game)
    give_court(game, 1, OTHERS[:12])  # nobody shows a Butler clue
    give_court(game, 2, OTHERS[12:24])
    place(game, p0=N)
    throw(game, 1, 2)
    act(game, pv.Move(X))
    assert game.phase == pvgame.KEEPING and pv.Discard() in game.legal_actions()


def test_without_refills_the_giver_is_left_with_an_empty_juror():
    game = judged(right=8, demand_refill=False)
    game.needs_more[0] = True
    wanted = BUTLER_RIGHT[8]
    give_court(game, 1, [wanted] + list(range(12, 23)))
    place(game, p0=N)
    throw(game, 1, 2)
    act(game, pv.Move(X))
    act(game, pv.Demand(wanted))
    assert game.court[1][0] is None and not game.face_up[1][0]
    assert_cards_conserved(game)


def test_philo_vance_on_x_may_demand_too():
    game = judged(right=8)
    game.needs_more[0] = True
    game.philo_owner = 0
    wanted = BUTLER_RIGHT[8]
    give_court(game, 1, [wanted] + list(range(12, 23)))
    place(game, pv=N)
    throw(game, 3, 1)
    act(game, quiet_move(game))
    act(game, pv.Move(X))
    assert game.phase == pvgame.DEMANDING and pv.Demand(wanted) in game.legal_actions()


# -- the 5-8-10 game for experts -------------------------------------------------------------------

def test_the_expert_numbers():
    rules = pv.Rules.expert()
    assert (rules.declare_correct, rules.convict_correct, rules.convict_fallback) == (5, 8, 10)
    assert pv.Rules.expert(max_turns=9).max_turns == 9


@pytest.mark.parametrize("right,successful", [(4, False), (5, True)])
def test_experts_declare_five_of_six(right, successful):
    game = detective(right=right, rules=None, **pv.Rules.expert().changes())
    named = tuple(BUTLER_RIGHT[:right]) + tuple(BUTLER_WRONG[:6 - right])
    events = arrest(game, BUTLER, named)
    assert of_type(events, ev.Declared)[0].successful is successful


@pytest.mark.parametrize("right,wins", [(7, False), (8, True)])
def test_experts_convict_with_eight(right, wins):
    game = judged(right=right, **pv.Rules.expert().changes())
    events = act(game, CONVICT)
    assert events[0] == ev.ConvictionTried(0, BUTLER, right, 8) and game.is_over is wins


def test_experts_then_need_ten():
    game = judged(right=9, **pv.Rules.expert().changes())
    game.needs_more[0] = True
    stack_pile(game, BUTLER_RIGHT[9])
    throw(game, 3, 1)
    act(game, pv.Move(RED_BY_3))
    act(game, pv.Draw())
    events = act(game, pv.Keep(12))
    assert ev.Won(0, BUTLER, 10) in events

"""Philo Vance rules of clue cards: red spots, keeping and discarding, claims,
turning face-down clues up, and an empty draw pile (seeds/philo_vance.txt,
"RECEIVING CLUES", "CLAIMING CLUES", "BUMPING" second paragraph).
"""
import pytest

from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import events as ev
from boardkit.games.philo_vance import game as pvgame
from pv_helpers import (DRIVE3, GARAGE3, GARDEN1, HALL, YARD, N, X, act, assert_cards_conserved, give_court, new_game,
                        of_type, place, ready, stack_pile, take, throw)

RED = 5  # Driveway 4, one space on from Driveway 3
COURTS = [list(range(0, 12)), list(range(12, 24)), list(range(24, 36)), list(range(36, 48))]


def table(n_players=3, seed=0, courts=None, **changes):
    """Everybody has been to X; seat 0 stands on Driveway 3, one space from a red spot."""
    game = new_game(n_players=n_players, seed=seed, **changes)
    for p in range(n_players):
        if courts is None or p in courts:
            give_court(game, p, COURTS[p])
    place(game, p0=DRIVE3, **{f"p{p}": 30 + 3 * p for p in range(1, n_players)})  # out of the way
    return ready(game, 0)


def to_red_spot(game, player=0, draw=True):
    """``player`` throws a white 1 from Driveway 3 on to the red spot (nobody else on it), and
    draws there if he is asked (``draw``; False: he is left to decide)."""
    place(game, **{f"p{p}": 62 for p in game.pieces_at(RED)})  # Rose garden SE, out of the way
    place(game, **{f"p{player}": DRIVE3})
    ready(game, player)
    throw(game, 1, 2)
    events = act(game, pv.Move(RED))
    if draw and game.phase == pvgame.DRAWING:
        events += act(game, pv.Draw())
    return events


def seat_0_discards(clue=45, **table_args):
    """A table (``table(**table_args)``) where seat 0 lands on the red spot, draws ``clue`` and discards it."""
    game = table(**table_args)
    stack_pile(game, clue)
    to_red_spot(game)
    act(game, pv.Discard())
    return game


# -- red spots: a clue to keep or to discard -------------------------------------------------------

def test_a_red_spot_by_exact_count_draws_the_top_clue():
    game = table()
    stack_pile(game, 45)
    events = to_red_spot(game)
    assert game.phase == pvgame.KEEPING and game.decider == 0 and game.drawn == 45
    assert ev.DrewClue(0, 45, "pile") in events
    assert game.legal_actions() == [pv.Keep(j) for j in range(1, 13)] + [pv.Discard()]
    assert_cards_conserved(game)


def test_keeping_a_clue_discards_the_one_on_that_juror():
    game = table(n_players=2, courts=[0])
    stack_pile(game, 45)
    to_red_spot(game)
    events = act(game, pv.Keep(3))
    assert game.court[0][2] == 45 and game.face_up[0][2]
    assert game.discards.top == 2  # the clue juror 3 held
    assert ev.KeptClue(0, 45, 3, 2) in events
    assert game.current == 1 and game.drawn is None
    assert_cards_conserved(game)


def test_keeping_on_a_face_down_juror_lays_the_new_clue_face_up():
    game = table(n_players=2, courts=[0])
    game.face_up[0][4] = False
    stack_pile(game, 45)
    to_red_spot(game)
    act(game, pv.Keep(5))
    assert game.court[0][4] == 45 and game.face_up[0][4] and game.discards.top == 4


def test_discarding_the_drawn_clue():
    game = table(n_players=2, courts=[0])
    stack_pile(game, 45)
    before = list(game.court[0])
    to_red_spot(game)
    events = act(game, pv.Discard())
    assert game.court[0] == before and game.discards.cards == [45]
    assert ev.DiscardedClue(0, 45) in events and game.current == 1


def test_on_a_red_spot_he_decides_whether_to_draw():
    """ "When he does this he may draw a Clue Card and keep it, or discard it, as he wishes." """
    game = table(n_players=2, courts=[0])
    stack_pile(game, 45)
    events = to_red_spot(game, draw=False)
    assert game.phase == pvgame.DRAWING and game.decider == 0 and game.drawn is None
    assert game.legal_actions() == [pv.Draw(), pv.NoDraw()]
    assert not of_type(events, ev.DrewClue)
    events = act(game, pv.Draw())
    assert ev.DrewClue(0, 45, "pile") in events and game.phase == pvgame.KEEPING


def test_he_may_leave_the_clue_spot_without_drawing():
    game = table(n_players=2, courts=[0])
    stack_pile(game, 45)
    pile, court = list(game.pile.cards), list(game.court[0])
    to_red_spot(game, draw=False)
    events = act(game, pv.NoDraw())
    assert events[0] == ev.DidNotDraw(0) and events[0].describe() == "Player 1 draws no clue on the clue spot."
    assert game.pile.cards == pile and game.court[0] == court and not game.discards
    assert game.current == 1 and game.phase == pvgame.BEFORE_ROLL
    assert_cards_conserved(game)


def test_a_claimed_clue_must_be_taken_on_the_clue_spot_without_asking():
    """ "he must take this Clue and no other if he lands on a Clue Spot" """
    game = table(n_players=2, courts=[0])
    game.claimed[0] = take(game, 45)
    game.claim_waits[0] = False
    events = to_red_spot(game, draw=False)
    assert ev.DrewClue(0, 45, "claim") in events
    assert game.phase == pvgame.KEEPING and game.drawn == 45 and game.claimed[0] is None


def test_x_gives_its_clue_without_asking():
    game = table(n_players=2, courts=[0])
    stack_pile(game, 45)
    place(game, p0=N)
    throw(game, 1, 2)
    events = act(game, pv.Move(X))
    assert ev.DrewClue(0, 45, "pile") in events and game.phase == pvgame.KEEPING


def test_landing_beside_a_red_spot_draws_nothing():
    game = table(n_players=2, courts=[0])
    throw(game, 2, 3)
    act(game, pv.Move(6))  # over the red spot to Driveway 5
    assert game.current == 1 and game.drawn is None and len(game.pile) == 100 - 12


# -- claiming a discard ----------------------------------------------------------------------------

def test_a_discard_is_offered_clockwise_but_not_to_the_discarder():
    game = seat_0_discards(n_players=4)
    assert game.phase == pvgame.CLAIMING and game.decider == 1
    assert game.claim_offer == [45, [1, 2, 3]]
    assert game.legal_actions() == [pv.Claim(), pv.Pass()]
    act(game, pv.Pass())
    assert game.decider == 2
    events = act(game, pv.Claim())
    assert ev.Claimed(2, 45) in events
    assert game.claimed[2] == 45 and not game.discards  # taken off the discard pile, laid before him
    assert game.current == 1 and game.phase == pvgame.BEFORE_ROLL  # seat 3 is not asked any more
    assert_cards_conserved(game)


def test_nobody_claims():
    game = seat_0_discards(n_players=3)
    act(game, pv.Pass())
    act(game, pv.Pass())
    assert game.discards.top == 45 and game.claimed == [None] * 3 and game.current == 1


def test_a_discard_may_be_claimed_at_any_time_before_a_later_turns_dice():
    """ "At any time during the game ... a Player, who sees a Clue which he wants, turned up on the
    Discard Pile, may say 'I claim that Clue'": a discard nobody claimed when it was laid down is
    offered again before every turn's dice, the player whose turn it is first; never to the player
    who laid it there while it lies on top."""
    game = seat_0_discards(n_players=3)
    act(game, pv.Pass())
    act(game, pv.Pass())
    assert game.current == 1 and game.phase == pvgame.CLAIMING and game.claim_offer == [45, [1, 2]]
    act(game, pv.Pass())
    events = act(game, pv.Claim())                      # seat 2 wants it now
    assert ev.Claimed(2, 45) in events and game.claimed[2] == 45 and not game.discards
    assert game.current == 1 and game.phase == pvgame.BEFORE_ROLL     # then seat 1 throws
    assert not game.claim_waits[2]                       # not his turn: he uses it on his next one
    assert_cards_conserved(game)


def test_the_discarder_is_not_asked_before_the_dice_while_his_card_lies_on_top():
    game = seat_0_discards(n_players=2)
    act(game, pv.Pass())                                 # seat 1, when it was laid down
    assert game.current == 1 and game.claim_offer == [45, [1]]        # before seat 1's dice
    act(game, pv.Pass())
    ready(game, 1)
    game.todo = [["end_turn"]]
    game.phase = None
    game._run()                                          # seat 1's turn ends: seat 0's begins
    assert game.current == 0 and game.claim_offer == [45, [1]]        # seat 0 laid it: not asked
    act(game, pv.Pass())
    assert game.phase == pvgame.BEFORE_ROLL and game.top_barred == 0


def test_claiming_only_when_a_card_is_turned_up_is_a_rules_field():
    game = seat_0_discards(n_players=3, claim_any_time=False)
    act(game, pv.Pass())
    act(game, pv.Pass())
    assert game.current == 1 and game.phase == pvgame.BEFORE_ROLL and game.discards.top == 45
    with pytest.raises(ValueError, match="claim_any_time"):
        pv.Rules(claim_any_time="yes")


def test_only_players_with_their_12_clues_may_claim():
    game = seat_0_discards(n_players=3, courts=[0, 2])
    assert game.decider == 2 and game.claim_offer == [45, [2]]


def test_a_player_holds_one_claimed_clue_at_a_time():
    game = table(n_players=3)
    game.claimed[1] = 0
    game.court[1][0] = None  # his clue 0 lies before him as a claim instead
    stack_pile(game, 45)
    to_red_spot(game)
    act(game, pv.Discard())
    assert game.claim_offer == [45, [2]]


def test_the_claimed_clue_is_taken_on_the_next_clue_spot():
    game = table(n_players=3)
    stack_pile(game, 45, 46)
    to_red_spot(game)
    act(game, pv.Discard())
    act(game, pv.Pass())
    act(game, pv.Claim())  # seat 2 claims 45
    pile = len(game.pile)
    events = to_red_spot(game, player=2)
    assert ev.DrewClue(2, 45, "claim") in events  # this clue and no other
    assert game.drawn == 45 and game.claimed[2] is None and len(game.pile) == pile
    act(game, pv.Keep(1))
    assert game.court[2][0] == 45
    assert_cards_conserved(game)


def test_a_claim_not_used_on_his_turn_is_returned():
    game = seat_0_discards(n_players=3)
    act(game, pv.Pass())
    act(game, pv.Claim())
    place(game, p2=HALL)
    ready(game, 2)
    throw(game, 1, 2)
    events = act(game, pv.Move(7))  # Turning circle N: no clue spot
    assert ev.ReturnedClaim(2, 45) in events
    assert game.claimed[2] is None and game.discards.top == 45
    # the others may claim it now (the player whose turn it is first), but not the one who returned it
    assert game.phase == pvgame.CLAIMING and game.claim_offer == [45, [0, 1]]
    act(game, pv.Pass())
    act(game, pv.Pass())
    assert game.current == 0  # seat 2, who returned it, was not asked: it is exposed again only by a new card
    assert_cards_conserved(game)


def test_a_new_discard_on_a_returned_claim_may_be_claimed_by_anybody():
    game = table(n_players=3)
    game.discards.put(game.pile.cards.pop(0))  # say seat 2 returned this one
    stack_pile(game, 45)
    to_red_spot(game)
    act(game, pv.Discard())  # a new card is exposed
    assert game.claim_offer == [45, [1, 2]]  # seat 2 may claim it: he did not return it


def test_a_returned_claim_may_be_claimed_again_once_it_is_exposed_another_time():
    """ "... he returns it to the Discard Pile and may not claim it again until it is exposed
    another time": covered by a later discard, then uncovered when that one is claimed."""
    game = table(n_players=3)
    take(game, 45)
    game.claimed[2] = 45
    place(game, p2=HALL)
    ready(game, 2)
    throw(game, 1, 2)
    events = act(game, pv.Move(7))  # Turning circle N: no clue spot, so he returns it
    assert ev.ReturnedClaim(2, 45) in events and game.claim_offer == [45, [0, 1]]  # not to seat 2
    act(game, pv.Pass())
    act(game, pv.Pass())
    stack_pile(game, 46)
    to_red_spot(game, player=0)
    act(game, pv.Discard())  # 46 covers 45
    assert game.claim_offer == [46, [1, 2]]
    events = act(game, pv.Claim())  # seat 1 takes 46: 45 is turned up on the pile again
    assert ev.Claimed(1, 46) in events and game.discards.top == 45
    assert game.phase == pvgame.CLAIMING and game.claim_offer == [45, [0, 2]]  # seat 2 may claim it now
    act(game, pv.Pass())
    events = act(game, pv.Claim())
    assert ev.Claimed(2, 45) in events and game.claimed == [None, 46, 45]
    assert_cards_conserved(game)


@pytest.mark.parametrize("any_time", [True, False])
def test_a_card_uncovered_by_a_claim_is_offered_to_the_table(any_time):
    """The card beneath a claimed one is "turned up on the Discard Pile" again: anybody without a
    claim may claim it, the player whose turn it is first -- even the player who discarded it."""
    game = table(n_players=4, claim_any_time=any_time)
    game.discards.put(take(game, 44))  # discarded long ago, by anybody
    stack_pile(game, 45)
    to_red_spot(game)
    act(game, pv.Discard())
    act(game, pv.Pass())
    act(game, pv.Claim())  # seat 2 claims 45; 44 is exposed
    assert game.claim_offer == [44, [0, 1, 3]] and game.decider == 0
    act(game, pv.Pass())
    act(game, pv.Pass())
    act(game, pv.Pass())
    assert game.discards.top == 44 and game.current == 1
    if any_time:    # the book: "at any time": offered again before the next player's dice
        assert game.phase == pvgame.CLAIMING and game.claim_offer == [44, [1, 3, 0]]
    else:           # only when turned up: nobody wanted it, so it waits until exposed another time
        assert game.phase == pvgame.BEFORE_ROLL
    assert_cards_conserved(game)


def test_the_last_discard_claimed_exposes_nothing():
    game = seat_0_discards(n_players=3)
    act(game, pv.Claim())
    assert not game.discards and game.claim_offer is None and game.current == 1


def test_the_player_whose_turn_it_is_is_asked_first():
    # seat 1, bumped on to a clue spot by seat 0, draws first and discards: seat 0 may claim first
    game = table(n_players=3)
    place(game, p0=GARAGE3, p1=YARD)
    stack_pile(game, 45, 46)
    throw(game, 1, 2)
    act(game, pv.Move(YARD))
    act(game, pv.Bump(1, GARDEN1))
    act(game, pv.Spare())
    act(game, pv.Draw())
    assert game.phase == pvgame.KEEPING and game.decider == 1 and game.drawn == 45
    act(game, pv.Discard())
    assert game.phase == pvgame.CLAIMING and game.claim_offer == [45, [0, 2]]
    events = act(game, pv.Claim())
    # then seat 0 lands (Garage yard is a red spot): he must take the claimed clue
    assert ev.Claimed(0, 45) in events and ev.DrewClue(0, 45, "claim") in events
    assert game.claim_waits == [False] * 3
    assert game.phase == pvgame.KEEPING and game.decider == 0 and game.drawn == 45
    assert game.claimed[0] is None


# -- turning face-down clues up ------------------------------------------------------------------------

def test_doubles_turn_up_any_face_down_clue():
    game = table(n_players=2, courts=[0])
    for j in (0, 4, 11):
        game.face_up[0][j] = False
    throw(game, 3, 3)
    assert game.phase == pvgame.TURNING_UP
    assert game.legal_actions() == [pv.TurnUp(1), pv.TurnUp(5), pv.TurnUp(12), pv.LeaveDown()]
    events = act(game, pv.TurnUp(12))
    assert game.face_up[0][11] and ev.TurnedUp(0, 12, game.court[0][11], "doubles") in events
    assert not game.face_up[0][0] and not game.face_up[0][4]  # one clue, not all of them
    assert game.phase == pvgame.MOVING  # then he moves as usual


def test_after_doubles_he_may_leave_his_clues_face_down():
    """ "shake Doubles ... which allows him to turn up any Clue Card": allowed, not made to."""
    game = table(n_players=2, courts=[0])
    for j in (0, 4):
        game.face_up[0][j] = False
    throw(game, 3, 3)
    events = act(game, pv.LeaveDown())
    assert events == [ev.LeftFaceDown(0)]
    assert events[0].describe() == "Player 1 leaves the face-down clues face down."
    assert not game.face_up[0][0] and not game.face_up[0][4]
    assert game.phase == pvgame.MOVING and game.decider == 0  # then he moves as usual


def juror_5_and_7_down():
    game = table(n_players=2, courts=[0])
    game.face_up[0][4] = False
    game.face_up[0][6] = False
    return game


@pytest.mark.parametrize("white,coloured", [(3, 2), (4, 1), (1, 4)])
def test_a_total_equal_to_the_jurors_number_lets_him_turn_that_clue_up(white, coloured):
    game = juror_5_and_7_down()
    throw(game, white, coloured)
    assert game.phase == pvgame.TURNING_UP and game.decider == 0
    assert game.legal_actions() == [pv.TurnUp(5), pv.LeaveDown()]  # that juror's clue, no other
    events = act(game, pv.TurnUp(5))
    assert game.face_up[0][4] and not game.face_up[0][6]
    assert events[0] == ev.TurnedUp(0, 5, game.court[0][4], "total")
    assert game.phase == pvgame.MOVING  # then he moves as usual


def test_after_a_jurors_total_he_may_leave_the_clue_face_down():
    """ "which allows him to turn up any Clue Card, or a total of the Two Dice which adds up to the
    Juror's number": the total allows, as doubles do; it does not make him."""
    game = juror_5_and_7_down()
    throw(game, 3, 2)
    events = act(game, pv.LeaveDown())
    assert events == [ev.LeftFaceDown(0)]
    assert not game.face_up[0][4] and not game.face_up[0][6]
    assert game.phase == pvgame.MOVING and game.decider == 0


def test_a_total_on_a_face_up_juror_asks_nothing():
    game = juror_5_and_7_down()
    throw(game, 2, 1)  # juror 3's clue is face up
    assert game.phase == pvgame.MOVING and not game.face_up[0][4] and not game.face_up[0][6]


@pytest.mark.parametrize("juror", [1, 2, 12])
def test_jurors_1_2_and_12_only_by_doubles(juror):
    game = table(n_players=2, courts=[0])
    game.face_up[0][juror - 1] = False
    for white, coloured in [(a, b) for a in range(1, 7) for b in range(1, 7) if a != b]:
        ready(game, 0)
        throw(game, white, coloured)
        assert not game.face_up[0][juror - 1]
    ready(game, 0)
    throw(game, 1, 1)
    assert game.legal_actions() == [pv.TurnUp(juror), pv.LeaveDown()]


def test_doubles_with_every_clue_face_up_ask_nothing():
    game = table(n_players=2, courts=[0])
    throw(game, 2, 2)
    assert game.phase == pvgame.MOVING


def test_no_turn_up_before_the_first_visit():
    game = ready(new_game())
    throw(game, 2, 2)
    assert game.phase == pvgame.MOVING and game.court[0] is None


# -- an empty draw pile ------------------------------------------------------------------------------

def test_an_empty_pile_is_made_again_from_the_discards():
    game = table(n_players=2, courts=[0])
    game.discards.cards, game.pile.cards = game.pile.cards, []
    to_red_spot(game, draw=False)
    assert game.phase == pvgame.DRAWING  # the discards will make a new pile: there is a clue to draw
    events = act(game, pv.Draw())
    assert ev.Reshuffled(None, 88) in events
    assert game.phase == pvgame.KEEPING and len(game.pile) == 87 and not game.discards
    assert_cards_conserved(game)


def test_without_reshuffling_an_empty_pile_gives_no_clue():
    game = table(n_players=2, courts=[0], reshuffle_discards=False)
    game.discards.cards, game.pile.cards = game.pile.cards, []
    events = to_red_spot(game, draw=False)
    assert of_type(events, ev.NothingHappens)  # not asked whether to draw: there is nothing to draw
    assert game.current == 1 and game.drawn is None and len(game.discards) == 88


def test_a_clue_claimed_before_landing_is_taken_on_that_spot_and_may_be_claimed_by_others_after():
    """The bumped player draws and discards before the bumper lands: the bumper may claim that discard
    and takes it on the spot he landed on; discarded again, the others may claim it."""
    game = table(n_players=3)
    place(game, p0=GARAGE3, p1=YARD)
    stack_pile(game, 45, 46)
    throw(game, 1, 2)
    act(game, pv.Move(YARD))
    act(game, pv.Bump(1, GARDEN1))
    act(game, pv.Spare())
    act(game, pv.Draw())             # seat 1, bumped onto a clue spot, draws first ...
    act(game, pv.Discard())          # ... and discards 45
    act(game, pv.Claim())            # seat 0, whose turn it is, claims it ...
    assert game.claimed[0] is None   # ... and takes it at once on the red spot he landed on
    act(game, pv.Discard())          # he lets it go again: seat 1 and 2 may claim it
    assert game.phase == pvgame.CLAIMING and game.claim_offer == [45, [1, 2]]
    act(game, pv.Pass())
    act(game, pv.Claim())            # seat 2 claims it on seat 0's turn
    assert game.claimed[2] == 45 and game.claim_waits == [False, False, False]
    assert_cards_conserved(game)

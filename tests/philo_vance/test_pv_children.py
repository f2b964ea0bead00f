"""The easy game for children (seeds/philo_vance.txt, "EASY GAME FOR CHILDREN"; ``Rules.children_game()``):
pick a confirmation card, move the total of both dice, draw a clue on a spot, an
arrow or X, no bumping, no landing on an occupied space, never over ten clues in
hand, and 7 clues of your card win.  No court cards, Philo Vance, Judge or extra turns.
"""
import pytest

from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import events as ev
from boardkit.games.philo_vance import game as pvgame
from pv_helpers import (ARROW, BUTLER, BUTLER_RIGHT, BUTLER_WRONG, DRIVE1, DRIVE3, MAID, N, PV, ROLL, X, act,
                        assert_cards_conserved, moves, of_type, place, ready, stack_pile, take, throw)

RED = 5  # Driveway 4


def kids(n_players=2, hand=(), **changes):
    """A children's game: seat 0 plays for the Butler and holds ``hand``; seat 1 for the Maid."""
    game = pv.Game(pv.Rules.children_game(**changes), n_players=n_players, seed=3)
    while game.phase == pvgame.PICKING:
        game.apply(game.legal_actions()[0])
    game.suspect[:2] = [BUTLER, MAID]
    game.hand[0] = [take(game, c) for c in hand]
    place(game, **{f"p{p}": 62 for p in range(n_players)})  # out of the way
    return ready(game, 0)


def to_red_spot(game):
    """Seat 0 throws 1 and 1 from Driveway 2 and lands on the red spot two spaces on."""
    place(game, p0=ARROW)
    throw(game, 1, 1)
    return act(game, pv.Move(RED))


def test_the_childrens_rules():
    rules = pv.Rules.children_game()
    assert rules.children and rules.hand_limit == 10 and rules.children_win == 7
    assert pv.Rules.children_game(hand_limit=8).hand_limit == 8


def test_each_player_picks_a_different_card_from_the_starter_round_to_the_left():
    game = pv.Game(pv.Rules.children_game(), n_players=3, seed=3)
    starter = game.current
    order = []
    while game.phase == pvgame.PICKING:
        order.append(game.decider)
        taken = {s for s in game.suspect if s is not None}
        assert game.legal_actions() == [pv.Pick(s) for s in range(10) if s not in taken]
        events = act(game, game.legal_actions()[-1])
        assert events == [ev.Picked(order[-1], game.suspect[order[-1]])]
    assert order == [(starter + k) % 3 for k in range(3)]
    assert sorted(game.suspect) == [7, 8, 9]
    assert game.phase == pvgame.BEFORE_ROLL and game.decider == starter
    assert game.legal_actions() == [ROLL]  # no arrests, no convictions
    assert game.court == [None] * 3


def test_children_move_the_total_of_both_dice():
    game = kids()
    place(game, p0=DRIVE3)
    throw(game, 2, 3)
    assert moves(game) == set(game.board.destinations(DRIVE3, 5))


def test_a_red_spot_gives_a_clue_to_the_hand():
    game = kids()
    place(game, p0=DRIVE3 - 1)
    stack_pile(game, 40)
    throw(game, 1, 1)
    events = act(game, pv.Move(RED))
    assert game.hand[0] == [40] and ev.KeptClue(0, 40, 1, None) in events
    assert game.current == 1
    assert_cards_conserved(game)


def test_an_arrow_gives_a_clue_and_the_piece_stays_there():
    game = kids()
    place(game, p0=DRIVE1 - 1)  # START
    throw(game, 1, 1)
    act(game, pv.Move(ARROW))
    assert game.position[0] == ARROW and len(game.hand[0]) == 1


def test_x_gives_a_clue_but_no_extra_turn():
    game = kids()
    place(game, p0=N + 1)  # the NE corner: 2 spaces from X
    throw(game, 1, 1)
    act(game, pv.Move(X))
    assert len(game.hand[0]) == 1 and game.current == 1 and not of_type(game.events, ev.ExtraTurn)


def test_no_space_occupied_by_another_may_be_landed_on():
    game = kids(n_players=3)
    place(game, p0=DRIVE3, p1=RED + 1, p2=34)  # Driveway 5 and Rose walk 1
    throw(game, 1, 1)
    assert moves(game) == set(game.board.destinations(DRIVE3, 2)) - {RED + 1}
    assert RED + 1 in game.board.destinations(DRIVE3, 2)


def test_a_child_may_come_back_round_to_the_space_he_left():
    """Only a space occupied by *another* is barred: round the room (8 squares) back to his own square is fine."""
    game = kids()
    place(game, p0=N + 1)  # the NE corner of the living room
    throw(game, 4, 4)
    assert N + 1 in game.board.destinations(N + 1, 8)
    assert N + 1 in moves(game)


def test_no_bumping_no_philo_vance_no_judge():
    game = kids()
    events = throw(game, 3, 4)
    events += act(game, game.legal_actions()[0])
    ready(game, 0)
    events += throw(game, 6, 6)
    events += act(game, game.legal_actions()[0])
    assert game.position[PV] is None and game.philo_owner is None and not game.judge
    assert not of_type(events, ev.Bumped) and not of_type(events, ev.PhiloVanceJoins)


def test_over_ten_clues_one_must_be_discarded():
    hand = BUTLER_WRONG[:10]
    game = kids(hand=hand)
    stack_pile(game, 40)
    to_red_spot(game)
    assert game.phase == pvgame.KEEPING and game.decider == 0 and game.drawn == 40
    assert game.legal_actions() == [pv.Keep(j) for j in range(1, 11)] + [pv.Discard()]
    events = act(game, pv.Keep(3))
    assert game.hand[0][2] == 40 and len(game.hand[0]) == 10 and game.discards.top == hand[2]
    assert ev.KeptClue(0, 40, 3, hand[2]) in events
    assert game.phase == pvgame.BEFORE_ROLL and game.current == 1  # no claims in the children's game
    assert_cards_conserved(game)


def test_discarding_the_drawn_clue_with_a_full_hand():
    game = kids(hand=BUTLER_WRONG[:10])
    stack_pile(game, 40)
    to_red_spot(game)
    act(game, pv.Discard())
    assert game.discards.top == 40 and len(game.hand[0]) == 10 and game.current == 1


def test_seven_clues_of_his_card_win():
    game = kids(hand=BUTLER_RIGHT[:6] + BUTLER_WRONG[:2])
    stack_pile(game, BUTLER_RIGHT[6])
    events = to_red_spot(game)
    assert ev.Won(0, BUTLER, 7) in events
    assert game.is_over and game.winner == 0 and game.end_reason == pvgame.CONVICTED


def test_a_duplicate_clue_does_not_count_twice():
    game = kids(hand=BUTLER_RIGHT[:6])
    stack_pile(game, BUTLER_RIGHT[0])
    to_red_spot(game)
    assert not game.is_over and game.correct_in_play(0) == 6


@pytest.mark.parametrize("changes", [{"children_win": 3}, {"hand_limit": 4, "children_win": 4}])
def test_the_childrens_numbers_are_rules(changes):
    game = kids(hand=BUTLER_RIGHT[:changes["children_win"] - 1], **changes)
    stack_pile(game, BUTLER_RIGHT[changes["children_win"]])
    to_red_spot(game)
    assert game.winner == 0

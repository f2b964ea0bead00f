"""Every rule of the 1965 Mystery Date rulebook (seeds/mystery_date.txt) as a unit test.

Each test builds a situation by setting the game's state directly (see
``md_helpers.arrange``), makes the die roll what it needs, and checks what
the rule says happens.  Board of ``Rules()``: 0 OPEN THE DOOR, 1 TAKE 1,
2 TAKE 2, 3 SWAP LEFT, 4 SWAP RIGHT, 5 SWAP ANY, 6 TAKE 1 FROM EITHER, and
the same again from 7, 14 and 21.
"""
from collections import Counter

import numpy as np
import pytest
from scipy import stats

import boardkit as bk
from boardkit.core import Chance, ScriptedChance
from boardkit.games.mystery_date.events import CARDS
from boardkit.games import mystery_date as md
from boardkit.games.mystery_date import events as ev
from boardkit.games.mystery_date.rules import (DOOR, SWAP_ANY, SWAP_LEFT, SWAP_RIGHT, TAKE_1, TAKE_2,
                                               TAKE_EITHER)
from md_helpers import arrange, card, cards, deck, land, new_game, of_type, saved

ROLL = md.Roll()
RED_WINS = (1, 0, 0, 0, 0)
GREEN_COMES = (0, 1, 0, 0, 0)
DUD_COMES = (0, 0, 0, 0, 1)


# -- the board and the deck (equipment; design.md §3) --------------------------------------

def test_default_board_is_a_fair_square_ring():
    board = md.Rules().board
    assert len(board) == 28
    assert [i for i, k in enumerate(board) if k == DOOR] == [0, 7, 14, 21]
    sides = [board[i + 1:i + 7] for i in (0, 7, 14, 21)]
    assert all(side == sides[0] for side in sides)
    assert sorted(sides[0]) == sorted([TAKE_1, TAKE_2, SWAP_LEFT, SWAP_RIGHT, SWAP_ANY, TAKE_EITHER])


def test_deck_is_48_cards_4_colours_numbers_1_to_3():
    game = new_game()
    counts = game.card_counts()
    assert sum(counts.values()) == 48 == md.Rules().deck_size
    assert set(counts) == {md.Card(c, n) for c in ("red", "green", "blue", "orange") for n in (1, 2, 3)}
    assert set(counts.values()) == {4}


def test_dates_match_the_colours():
    assert md.DATES == {"red": "Formal Dance", "green": "Bowling", "blue": "Skiing", "orange": "Beach"}
    assert md.OUTCOMES == ("red", "green", "blue", "orange", "dud")


# -- rule 1: the deal -------------------------------------------------------------------------

@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_rule1_two_cards_each_and_a_discard_pile(n_players):
    game = md.Game(md.Rules(), n_players=n_players, seed=11)
    assert [len(hand) for hand in game.hands] == [2] * n_players
    assert len(game.discard_pile) == 1
    assert len(game.draw_pile) == 48 - 2 * n_players - 1
    assert game.card_counts() == deck(game.rules)
    dealt = of_type(game.events, ev.Dealt)
    assert [e.player for e in dealt] == list(range(n_players))
    assert [list(e.cards) for e in dealt] == game.hands
    started = of_type(game.events, ev.DiscardStarted)
    assert [e.card for e in started] == [game.discard_pile.top]


def test_rule1_deal_one_at_a_time_from_the_shuffled_pile():
    """The game's first draws shuffle the deck (every card ``copies`` times, in CARDS order), then it deals."""
    order = [card for card in CARDS for _ in range(md.Rules().copies)]
    Chance(0).shuffle(order)  # the seed's first numbers, as the game draws them; top of the pile last
    game = md.Game(md.Rules(), n_players=3, seed=0)
    for p in range(3):  # one card to each player in turn, twice round
        assert game.hands[p] == [order[-1 - p], order[-1 - p - 3]]
    assert game.discard_pile.cards == [order[-7]]  # the next card of the draw pile, face up
    assert game.draw_pile.cards == order[:-7]


def test_rule1_the_deck_is_shuffled_by_the_seed():
    hands = lambda seed: md.Game(md.Rules(), 4, seed=seed).hands
    assert hands(1) == hands(1)
    assert hands(1) != hands(2)


@pytest.mark.parametrize("deal_size", [0, 1, 3, 6])
def test_rule1_deal_size_variants(deal_size):
    game = new_game(n_players=4, seed=2, deal_size=deal_size)
    assert [len(h) for h in game.hands] == [deal_size] * 4
    assert len(game.discard_pile) == 1
    assert len(game.draw_pile) == 48 - 4 * deal_size - 1
    assert game.card_counts() == deck(game.rules)


def test_rule1_deal_size_up_to_a_large_hand_limit():
    game = new_game(n_players=4, seed=2, deal_size=10, hand_limit=10)
    assert [len(h) for h in game.hands] == [10] * 4
    assert len(game.draw_pile) == 7


def test_rule1_a_deal_too_big_for_the_deck_is_refused():
    rules = md.Rules(deal_size=12, hand_limit=12)
    with pytest.raises(ValueError, match="deal_size"):
        md.Game(rules, n_players=4)
    assert len(md.Game(rules, n_players=3, seed=0).draw_pile) == 48 - 36 - 1


# -- rule 2: start on the OPEN THE DOOR corners ----------------------------------------------------

@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_rule2_start_on_door_corners(n_players):
    game = md.Game(md.Rules(), n_players=n_players, seed=0)
    assert all(game.rules.board[p] == DOOR for p in game.positions)
    assert len(set(game.positions)) == n_players  # each girl on the corner nearest her


def test_rule2_four_players_on_the_four_corners():
    assert md.Game(md.Rules(), 4, seed=0).positions == [0, 7, 14, 21]
    assert md.Game(md.Rules(), 2, seed=0).positions == [0, 14]  # opposite corners


def test_rule2_starting_on_a_door_does_not_open_it():
    game = new_game(seed=0)
    arrange(game, hands=["r1 r2 r3", "", "", ""])
    assert game.phase == "roll" and game.legal_actions() == [ROLL]


# -- rule 3: turns and movement ------------------------------------------------------------------

def test_rule3_first_player_then_round_the_table():
    game = new_game(n_players=3, seed=4)
    bots = [md.bots.Random()] * 3
    rollers = []
    while not game.is_over and len(rollers) < 30:
        if game.phase == "roll":
            rollers.append(game.current_player)
        bk.step(game, bots)
    assert rollers == [i % 3 for i in range(30)]


def test_rule3_moves_clockwise_by_the_die_in_a_whole_game():
    game = new_game(n_players=4, seed=9, max_turns=400)
    bk.play(game, [md.bots.Random()] * 4)
    where = md.Game(md.Rules(), 4, seed=0).positions
    rolls = of_type(game.events, ev.Rolled)
    moves = of_type(game.events, ev.Moved)
    assert len(rolls) == len(moves) == game.turns > 20
    for roll, move in zip(rolls, moves):
        assert roll.player == move.player
        assert 1 <= roll.value <= 6
        assert move.start == where[move.player]
        assert move.end == (move.start + roll.value) % 28
        assert move.space == game.rules.board[move.end]
        where[move.player] = move.end
    assert where == game.positions
    assert {r.value for r in rolls} == set(range(1, 7))


@pytest.mark.parametrize("value", range(1, 7))
def test_rule3_wraps_round_the_ring(value):
    game = new_game(n_players=2, seed=0)
    arrange(game, hands=["r1", "g1"], discard="b1", positions=[25, 14])
    ScriptedChance.onto(game, rolls=[value])
    game.apply(ROLL)
    assert game.positions[0] == (25 + value) % 28
    assert game.last_roll == value
    moved = of_type(game.events, ev.Moved)[-1]
    assert (moved.player, moved.start, moved.end) == (0, 25, (25 + value) % 28)


def test_rule3_two_pawns_may_share_a_space():
    game = new_game(n_players=2, seed=0)
    arrange(game, hands=["r1", "g1"], discard="b1", positions=[0, 1])
    ScriptedChance.onto(game, rolls=[1])
    game.apply(ROLL)
    assert game.positions == [1, 1]


def test_rule3_the_roll_uses_the_die():
    seen = set()
    for seed in range(40):
        game = new_game(n_players=2, seed=seed, die_sides=4)
        game.apply(ROLL)
        seen.add(game.last_roll)
    assert seen == {1, 2, 3, 4}
    # the game asks for a four-sided die: a scripted 5 cannot be rolled on it
    game = new_game(n_players=2, seed=0, die_sides=4, chance=ScriptedChance(rolls=[5]))
    with pytest.raises(ValueError, match="rolls value 5 cannot be drawn here .it can be 1, 2, 3, 4"):
        game.apply(ROLL)


# -- rule 4A: TAKE spaces and the hand limit -------------------------------------------------------

def test_rule4a_take_1():
    game = arrange(new_game(), hands=["r1 g2", "", "", ""], discard="b1", draw_top="o3 o2")
    events = land(game, TAKE_1)
    assert game.hands[0] == cards("r1 g2 o3")
    assert game.draw_pile.top == card("o2")
    assert game.phase == "roll" and game.current == 1
    took = of_type(events, ev.Took)
    assert [(t.player, t.source, t.card) for t in took] == [(0, "draw", card("o3"))]
    assert game.card_counts() == deck(game.rules)


def test_rule4a_take_2():
    game = arrange(new_game(), hands=["r1 g2", "", "", ""], discard="b1", draw_top="o3 o2 o1")
    land(game, TAKE_2)
    assert game.hands[0] == cards("r1 g2 o3 o2")
    assert game.draw_pile.top == card("o1")
    assert game.discard_pile.cards == cards("b1")
    assert game.current == 1


def test_rule4a_the_books_example_five_cards_take_two_discard_one_of_her_choice():
    game = arrange(new_game(), hands=["r1 r2 g1 g2 b1", "", "", ""], discard="o1", draw_top="r3 b3")
    land(game, TAKE_2)
    assert len(game.hands[0]) == 7
    assert game.phase == "discard" and game.current_player == 0
    assert set(game.legal_actions()) == {md.Discard(c) for c in cards("r1 r2 r3 g1 g2 b1 b3")}
    game.apply(md.Discard(card("g1")))  # her choice, not the card just taken
    assert sorted(game.hands[0]) == sorted(cards("r1 r2 r3 g2 b1 b3"))
    assert len(game.hands[0]) == 6
    assert game.discard_pile.top == card("g1")
    assert game.phase == "roll" and game.current == 1
    assert game.card_counts() == deck(game.rules)


def test_rule4a_over_by_two_discards_one_at_a_time():
    game = arrange(new_game(), hands=["r1 r2 g1 g2 b1 b2", "", "", ""], discard="o1", draw_top="r3 b3")
    land(game, TAKE_2)
    assert len(game.hands[0]) == 8
    game.apply(md.Discard(card("b1")))
    assert game.phase == "discard" and game.current == 0 and len(game.hands[0]) == 7
    game.apply(md.Discard(card("b2")))
    assert game.phase == "roll" and game.current == 1 and len(game.hands[0]) == 6
    assert game.discard_pile.cards[-2:] == cards("b1 b2")
    assert [e.card for e in of_type(game.events, ev.Discarded)] == cards("b1 b2")


def test_rule4a_exactly_six_needs_no_discard():
    game = arrange(new_game(), hands=["r1 r2 g1 g2", "", "", ""], discard="o1", draw_top="r3 b3")
    land(game, TAKE_2)
    assert len(game.hands[0]) == 6
    assert game.phase == "roll" and game.current == 1


def test_rule4a_duplicate_cards_offer_one_discard_choice():
    game = arrange(new_game(), hands=["r1 r1 r1 g2 g2 b1", "", "", ""], discard="o1", draw_top="r1")
    land(game, TAKE_1)
    assert sorted(game.legal_actions()) == sorted(md.Discard(c) for c in cards("r1 g2 b1"))
    game.apply(md.Discard(card("r1")))
    assert Counter(game.hands[0])[card("r1")] == 3


@pytest.mark.parametrize("hand_limit,hand,kept", [(3, "r1 r2 g1", 3), (4, "r1 r2 g1", 4), (10, "r1 r2 g1 g2 b1 b2 o1 o2", 10)])
def test_rule4a_hand_limit_variants(hand_limit, hand, kept):
    game = arrange(new_game(hand_limit=hand_limit), hands=[hand, "", "", ""], discard="o3",
                   draw_top="r3 b3")
    land(game, TAKE_2)
    discards = 0
    while game.phase == "discard":
        game.apply(game.legal_actions()[0])
        discards += 1
    assert len(game.hands[0]) == kept
    assert discards == len(hand.split()) + 2 - kept
    assert game.current == 1


# -- rule 4B: SWAP spaces ------------------------------------------------------------------------

@pytest.mark.parametrize("n_players,player,kind,opponent", [
    (4, 0, SWAP_LEFT, 1), (4, 3, SWAP_LEFT, 0), (4, 0, SWAP_RIGHT, 3), (4, 2, SWAP_RIGHT, 1),
    (3, 2, SWAP_LEFT, 0), (3, 0, SWAP_RIGHT, 2), (2, 0, SWAP_LEFT, 1), (2, 0, SWAP_RIGHT, 1),
    (2, 1, SWAP_RIGHT, 0),
])
def test_rule4b_swap_left_is_the_next_seat_and_right_the_previous(n_players, player, kind,
                                                                  opponent):
    hands = ["r1 r2", "g1 g2", "b1 b2", "o1 o2"][:n_players]
    game = arrange(new_game(n_players=n_players), hands=hands, discard="r3", current=player)
    land(game, kind)
    assert game.phase == "give" and game.current_player == player
    assert set(game.legal_actions()) == {md.Give(c) for c in cards(hands[player])}
    mine, theirs = list(game.hands[player]), list(game.hands[opponent])
    given = mine[0]
    game.apply(md.Give(given))
    swapped = of_type(game.events, ev.Swapped)[-1]
    assert (swapped.player, swapped.opponent, swapped.given) == (player, opponent, given)
    assert swapped.received in theirs
    assert sorted(game.hands[opponent]) == sorted([c for c in theirs if c != swapped.received] + [given])
    assert sorted(game.hands[player]) == sorted(mine[1:] + [swapped.received])
    others = [p for p in range(n_players) if p not in (player, opponent)]
    assert all(game.hands[p] == cards(hands[p]) for p in others)
    assert game.phase == "roll" and game.current == (player + 1) % n_players
    assert game.card_counts() == deck(game.rules)


def test_rule4b_the_card_drawn_comes_from_the_original_hand_never_the_card_given():
    received = Counter()
    for seed in range(120):
        game = arrange(new_game(n_players=2, seed=seed), hands=["r1 r2 r3", "g1 g2 g3 b1"], discard="o1")
        land(game, SWAP_LEFT)
        game.apply(md.Give(card("r1")))
        swapped = of_type(game.events, ev.Swapped)[-1]
        received[swapped.received] += 1
        assert len(game.hands[0]) == 3 and len(game.hands[1]) == 4  # sizes unchanged
        assert card("r1") in game.hands[1]
    assert card("r1") not in received  # never the card she just gave
    assert set(received) == set(cards("g1 g2 g3 b1"))  # blind: any of her cards can come
    assert stats.chisquare(list(received.values())).pvalue > 0.001


def test_rule4b_giving_a_copy_the_opponent_also_holds():
    # the opponent already holds a red 1; she may draw that one, but only one red 1 can move back
    for seed in range(30):
        game = arrange(new_game(n_players=2, seed=seed), hands=["r1 g1", "r1 b1"], discard="o1")
        land(game, SWAP_RIGHT)
        game.apply(md.Give(card("r1")))
        assert Counter(game.hands[0]) + Counter(game.hands[1]) == Counter(cards("r1 g1 r1 b1"))
        assert len(game.hands[0]) == 2 and len(game.hands[1]) == 2


def test_rule4b_swap_any_offers_every_opponent_holding_cards():
    game = arrange(new_game(), hands=["r1 r2", "g1", "", "o1 o2 o3"], discard="b1")
    land(game, SWAP_ANY)
    assert game.phase == "choose opponent"
    assert set(game.legal_actions()) == {md.SwapWith(1), md.SwapWith(3)}
    with pytest.raises(bk.IllegalAction):
        game.apply(md.SwapWith(2))  # empty hand: nothing to draw
    with pytest.raises(bk.IllegalAction):
        game.apply(md.SwapWith(0))  # not herself
    game.apply(md.SwapWith(3))
    assert game.phase == "give" and game.current == 0
    game.apply(md.Give(card("r2")))
    swapped = of_type(game.events, ev.Swapped)[-1]
    assert swapped.opponent == 3 and swapped.received in cards("o1 o2 o3")
    assert card("r2") in game.hands[3]
    assert len(game.hands[0]) == 2 and len(game.hands[3]) == 3
    assert game.hands[1] == cards("g1")
    assert game.current == 1


def test_rule4b_swap_any_with_one_possible_opponent():
    game = arrange(new_game(), hands=["r1", "", "g1", ""], discard="b1")
    land(game, SWAP_ANY)
    assert game.legal_actions() == [md.SwapWith(2)]


@pytest.mark.parametrize("kind,hands", [
    (SWAP_LEFT, ["", "g1", "b1", "o1"]),     # she has nothing to give
    (SWAP_LEFT, ["r1", "", "b1", "o1"]),     # the left neighbour has nothing
    (SWAP_RIGHT, ["r1", "g1", "b1", ""]),    # the right neighbour has nothing
    (SWAP_ANY, ["", "g1", "b1", "o1"]),
    (SWAP_ANY, ["r1", "", "", ""]),          # no opponent holds a card
])
def test_rule4b_no_swap_without_cards(kind, hands):
    game = arrange(new_game(), hands=hands, discard="r3")
    before = [list(h) for h in game.hands]
    events = land(game, kind)
    assert of_type(events, ev.NothingHappens)
    assert not of_type(events, ev.Swapped)
    assert game.hands == before
    assert game.phase == "roll" and game.current == 1


# -- rule 4C: TAKE 1 FROM EITHER ----------------------------------------------------------------

def test_rule4c_choice_of_piles_and_the_discard_is_the_known_top():
    game = arrange(new_game(), hands=["r1 r2", "", "", ""], discard="g1 r3", draw_top="o1")
    land(game, TAKE_EITHER)
    assert game.phase == "choose pile"
    assert set(game.legal_actions()) == {md.TakeFrom("draw"), md.TakeFrom("discard")}
    game.apply(md.TakeFrom("discard"))
    assert game.hands[0] == cards("r1 r2 r3")
    assert game.discard_pile.cards == cards("g1")
    assert game.draw_pile.top == card("o1")
    took = of_type(game.events, ev.Took)[-1]
    assert (took.source, took.card) == ("discard", card("r3"))
    assert game.current == 1


def test_rule4c_or_the_draw_pile():
    game = arrange(new_game(), hands=["r1 r2", "", "", ""], discard="g1 r3", draw_top="o1 o2")
    land(game, TAKE_EITHER)
    game.apply(md.TakeFrom("draw"))
    assert game.hands[0] == cards("r1 r2 o1")
    assert game.discard_pile.cards == cards("g1 r3")
    assert game.draw_pile.top == card("o2")


def test_rule4c_over_the_limit_discards():
    game = arrange(new_game(), hands=["r1 r2 g1 g2 b1 b2", "", "", ""], discard="r3", draw_top="o1")
    land(game, TAKE_EITHER)
    game.apply(md.TakeFrom("discard"))
    assert game.phase == "discard" and len(game.hands[0]) == 7
    game.apply(md.Discard(card("b2")))
    assert len(game.hands[0]) == 6 and game.current == 1


def test_rule4c_only_the_draw_pile_when_the_discards_are_gone():
    game = arrange(new_game(), hands=["r1", "", "", ""], discard="", draw_top="o1")
    land(game, TAKE_EITHER)
    assert game.legal_actions() == [md.TakeFrom("draw")]


# -- rule 5: the piles run out -------------------------------------------------------------------

def test_rule5_taking_the_last_discard_starts_a_new_pile_from_the_draw_pile():
    game = arrange(new_game(), hands=["r1", "", "", ""], discard="g2", draw_top="b3 o1")
    land(game, TAKE_EITHER)
    game.apply(md.TakeFrom("discard"))
    assert game.hands[0] == cards("r1 g2")
    assert game.discard_pile.cards == cards("b3")
    assert game.draw_pile.top == card("o1")
    assert of_type(game.events, ev.DiscardStarted)[-1].card == card("b3")
    assert game.card_counts() == deck(game.rules)


def test_rule5_a_used_up_draw_pile_is_the_shuffled_discards_less_the_top():
    # the draw pile holds one card; all the rest are discards with the orange 3 on top
    game = arrange(new_game(n_players=2), hands=["r1", "g1"], discard="o3", draw_top="b1", draw_rest=False)
    n_discards = len(game.discard_pile)
    assert n_discards == 48 - 3
    events = land(game, TAKE_2)
    assert game.hands[0][:2] == cards("r1 b1")
    assert len(game.hands[0]) == 3
    assert game.discard_pile.cards == cards("o3")  # the top card stays
    reshuffled = of_type(events, ev.Reshuffled)
    assert [r.n_cards for r in reshuffled] == [n_discards - 1]
    assert len(game.draw_pile) == n_discards - 1 - 1
    assert game.card_counts() == deck(game.rules)


def test_rule5_the_reshuffle_is_random_and_seeded():
    def draw_order(seed):
        game = arrange(new_game(n_players=2, seed=seed), hands=["r1", "g1"], discard="o3", draw_top="b1",
                       draw_rest=False)
        before = list(game.discard_pile.cards[:-1])
        land(game, TAKE_1)
        assert sorted(game.draw_pile.cards) == sorted(before)
        return game.draw_pile.cards
    assert draw_order(1) == draw_order(1)
    assert draw_order(1) != draw_order(2)
    assert draw_order(1) != sorted(draw_order(1))


def test_rule5_both_piles_empty_the_take_stops_short():
    rules = dict(copies=1, hand_limit=10)
    game = arrange(new_game(n_players=2, **rules), hands=["r1 r2 r3 g1 g2", "g3 b1 b2 b3 o1 o2"],
                   discard="o3", draw_top="")
    assert len(game.draw_pile) == 0
    events = land(game, TAKE_1)
    assert of_type(events, ev.PileEmpty)
    assert len(game.hands[0]) == 5
    assert game.discard_pile.cards == cards("o3")
    assert game.current == 1 and game.phase == "roll"
    game.current, game._legal = 0, None
    land(game, TAKE_EITHER)
    assert game.legal_actions() == [md.TakeFrom("discard")]
    game.apply(md.TakeFrom("discard"))
    assert card("o3") in game.hands[0]
    assert not game.draw_pile and not game.discard_pile
    assert game.card_counts() == deck(game.rules)


# -- rule 6: OPEN THE DOOR -------------------------------------------------------------------------

@pytest.mark.parametrize("corner", range(4))
def test_rule6_not_ready_nothing_happens(corner):
    game = arrange(new_game(), hands=["r1 r2 g3 g3 b1", "", "", ""], discard="o1")
    before = saved(game)
    events = land(game, DOOR, nth=corner)
    assert of_type(events, ev.NothingHappens)
    assert not of_type(events, ev.DoorOpened)
    assert game.hands[0] == cards("r1 r2 g3 g3 b1")
    assert game.phase == "roll" and game.current == 1
    assert saved(game) != before  # the pawn moved, and only that:
    assert game.draw_pile.cards == arrange(new_game(), hands=["r1 r2 g3 g3 b1", "", "", ""],
                                           discard="o1").draw_pile.cards


@pytest.mark.parametrize("corner", range(4))
def test_rule6_ready_she_shows_the_outfit(corner):
    game = arrange(new_game(), hands=["b1 r1 b3 g2 b2", "", "", ""], discard="o1")
    land(game, DOOR, nth=corner, roll=3)
    assert game.phase == "show outfit" and game.current_player == 0
    assert game.legal_actions() == [md.ShowOutfit("blue")]
    with pytest.raises(bk.IllegalAction):
        game.apply(ROLL)  # she must open the door
    with pytest.raises(bk.IllegalAction):
        game.apply(md.ShowOutfit("red"))  # not ready for red


def test_rule6_passing_a_door_does_nothing():
    game = arrange(new_game(), hands=["r1 r2 r3", "", "", ""], discard="o1", positions=[26, 7, 14, 21],
                   draw_top="g1")
    ScriptedChance.onto(game, rolls=[4])  # 27, 0 (a door), 1, 2: stops on TAKE 2
    game.apply(ROLL)
    assert game.positions[0] == 2
    assert not of_type(game.events, ev.DoorOpened)
    assert game.phase == "roll"


def test_ready_colours():
    assert md.ready_colours(cards("r1 r2 r3")) == ["red"]
    assert md.ready_colours(cards("g3 b1 g1 b2 g2 b3")) == ["green", "blue"]
    assert md.ready_colours(cards("r1 r2 g3 r1")) == []
    assert md.ready_colours([]) == []


# -- rules 7, 8, 11: the right date wins, a wrong date ends the turn -----------------------------

@pytest.mark.parametrize("colour", ["red", "green", "blue", "orange"])
def test_rule11_the_right_date_wins(colour):
    weights = tuple(1 if c == colour else 0 for c in md.OUTCOMES)
    game = arrange(new_game(door_weights=weights, seed=3), current=2,
                   hands=["", "", " ".join(f"{colour[0]}{n}" for n in (3, 1, 2)) + " r1", ""], discard="o1")
    land(game, DOOR, nth=2)
    game.apply(md.ShowOutfit(colour))
    assert game.is_over
    assert game.winner == 2 and game.end_reason == "date found"
    assert game.current_player is None and game.legal_actions() == []
    assert game.won_date == colour and game.result()["date"] == colour
    opened = of_type(game.events, ev.DoorOpened)[-1]
    assert (opened.player, opened.colour, opened.outcome) == (2, colour, colour)
    assert game.events[-1] == ev.Won(2, colour)
    with pytest.raises(bk.IllegalAction, match="over"):
        game.apply(ROLL)


@pytest.mark.parametrize("seed", range(20))
def test_door_weights_red_only_red_outfit_always_wins(seed):
    game = arrange(new_game(door_weights=RED_WINS, seed=seed), hands=["r1 r2 r3", "", "", ""], discard="o1")
    land(game, DOOR, roll=1 + seed % 6)
    game.apply(md.ShowOutfit("red"))
    assert game.winner == 0


def test_rule8_the_wrong_date_ends_the_turn():
    game = arrange(new_game(door_weights=GREEN_COMES), hands=["r1 r2 r3 b1", "", "", ""], discard="o1")
    land(game, DOOR)
    game.apply(md.ShowOutfit("red"))
    opened = of_type(game.events, ev.DoorOpened)[-1]
    assert (opened.colour, opened.outcome) == ("red", "green")
    assert not game.is_over and game.winner is None
    assert game.hands[0] == cards("r1 r2 r3 b1")  # she keeps her outfit
    assert game.discard_pile.cards == cards("o1")
    assert game.phase == "roll" and game.current == 1


# -- rule 9: the Dud -----------------------------------------------------------------------------

def test_rule9_the_dud_takes_the_outfit_and_she_draws_three():
    game = arrange(new_game(door_weights=DUD_COMES), hands=["g1 r1 r2 b2 r3", "", "", ""], discard="o1",
                   draw_top="o2 o3 b1 b3")
    land(game, DOOR)
    game.apply(md.ShowOutfit("red"))
    assert of_type(game.events, ev.DoorOpened)[-1].outcome == "dud"
    assert sorted(game.discard_pile.cards[-3:]) == cards("r1 r2 r3")
    assert game.discard_pile.cards[:-3] == cards("o1")
    assert sorted(game.hands[0]) == sorted(cards("g1 b2 o2 o3 b1"))
    assert game.draw_pile.top == card("b3")
    assert len(game.hands[0]) == 5  # three shown, three drawn
    assert not game.is_over and game.phase == "roll" and game.current == 1
    assert game.card_counts() == deck(game.rules)


@pytest.mark.parametrize("redraw,size_after", [(0, 2), (1, 3), (5, 6)])
def test_rule9_dud_redraw_variants(redraw, size_after):
    game = arrange(new_game(door_weights=DUD_COMES, dud_redraw=redraw), hands=["r1 r2 r3 g1 g2", "", "", ""],
                   discard="o1")
    land(game, DOOR)
    game.apply(md.ShowOutfit("red"))
    if len(game.hands[0]) > 6:  # 2 + 5 = 7: back down to the hand limit
        assert game.phase == "discard" and game.current == 0
        game.apply(game.legal_actions()[0])
    assert len(game.hands[0]) == size_after
    assert game.current == 1


def test_rule9_the_dud_with_an_empty_draw_pile_reshuffles():
    game = arrange(new_game(n_players=2, door_weights=DUD_COMES), hands=["r1 r2 r3", "g1"], discard="o3",
                   draw_top="b1", draw_rest=False)
    land(game, DOOR)
    game.apply(md.ShowOutfit("red"))
    assert len(game.hands[0]) == 3 and card("b1") in game.hands[0]
    assert of_type(game.events, ev.Reshuffled)
    assert len(game.discard_pile) == 1
    assert game.card_counts() == deck(game.rules)


def test_dud_out_of_play_never_shows():
    outcomes = Counter()
    for seed in range(150):
        game = arrange(new_game(door_weights=(1, 1, 1, 1, 100), dud_in_play=False, seed=seed),
                       hands=["r1 r2 r3", "", "", ""], discard="o1")
        land(game, DOOR)
        game.apply(md.ShowOutfit("red"))
        outcomes[of_type(game.events, ev.DoorOpened)[-1].outcome] += 1
    assert outcomes["dud"] == 0
    assert set(outcomes) == {"red", "green", "blue", "orange"}


def test_the_door_follows_its_weights():
    weights = (1, 2, 3, 4, 5)
    outcomes = Counter()
    for seed in range(1000):
        game = arrange(new_game(door_weights=weights, seed=seed), hands=["b1 b2 b3", "", "", ""], discard="o1")
        land(game, DOOR)
        game.apply(md.ShowOutfit("blue"))
        outcomes[of_type(game.events, ev.DoorOpened)[-1].outcome] += 1
    observed = [outcomes[o] for o in md.OUTCOMES]
    expected = np.array(weights) / sum(weights) * 1000
    assert stats.chisquare(observed, expected).pvalue > 0.001, observed


# -- note after rule 9: ready for two dates ------------------------------------------------------

def test_ready_for_two_she_chooses_and_the_other_outfit_stays():
    game = arrange(new_game(door_weights=DUD_COMES), hands=["g1 g2 g3 b1 b2 b3", "", "", ""], discard="o1",
                   draw_top="r1 r2 o2")
    land(game, DOOR)
    assert set(game.legal_actions()) == {md.ShowOutfit("green"), md.ShowOutfit("blue")}
    game.apply(md.ShowOutfit("green"))
    assert of_type(game.events, ev.DoorOpened)[-1].colour == "green"
    assert sorted(game.hands[0]) == sorted(cards("b1 b2 b3 r1 r2 o2"))  # blue kept for later
    assert md.ready_colours(game.hands[0]) == ["blue"]


def test_ready_for_two_only_the_shown_outfit_counts():
    # she shows blue; the door shows green, for which she is also ready: no win (rule 8)
    game = arrange(new_game(door_weights=GREEN_COMES), hands=["g1 g2 g3 b1 b2 b3", "", "", ""], discard="o1")
    land(game, DOOR)
    game.apply(md.ShowOutfit("blue"))
    assert not game.is_over and game.current == 1
    # next time round she shows green and wins
    game.current, game._legal = 0, None
    land(game, DOOR, nth=1)
    game.apply(md.ShowOutfit("green"))
    assert game.winner == 0


# -- rule 10 and the turn cap ----------------------------------------------------------------------

def test_turn_cap_ends_the_game_without_a_winner():
    game = new_game(n_players=3, seed=1, door_weights=DUD_COMES, max_turns=60)
    record = bk.play(game, [md.bots.Collector()] * 3)
    assert record.winner is None and game.winner is None
    assert record.end == game.end_reason == "turn cap"
    assert game.turns == 60
    assert game.events[-1] == ev.TurnCap(None, 60)
    assert game.is_over and game.legal_actions() == []
    assert game.result()["winner"] is None and game.result()["end"] == "turn cap"
    with pytest.raises(bk.IllegalAction):
        game.apply(ROLL)


def test_turn_cap_of_one_turn():
    game = new_game(n_players=2, seed=0, max_turns=1)
    bk.play(game, [md.bots.Random()] * 2)
    assert game.turns == 1 and game.end_reason == "turn cap"


def test_play_continues_until_someone_wins():
    for seed in range(10):
        record = bk.play(new_game(n_players=4, seed=seed))
        assert record.end == "date found"
        winner = record.winner
        won = of_type(record.events, ev.Won)
        assert [w.player for w in won] == [winner]
        opened = of_type(record.events, ev.DoorOpened)[-1]
        assert opened.player == winner and opened.outcome == opened.colour == won[0].colour
        assert len(of_type(record.events, ev.Rolled)) == record.turns


def test_every_event_describes_itself():
    game = new_game(n_players=4, seed=5, max_turns=300)
    bk.play(game, [md.bots.Random()] * 4)
    kinds = {type(e).__name__ for e in game.events}
    assert {"Dealt", "DiscardStarted", "Rolled", "Moved", "Took"} <= kinds
    for event in game.events:
        text = event.describe()
        assert isinstance(text, str) and text
        if event.player is not None:
            assert f"Player {event.player + 1}" in text

"""The pieces of Mystery Date's reference engine that simulations lean on: a Hand keeps which
different cards it holds, the card decisions list each different card once in CARDS order,
the Collector answers with legal actions, and a game with events off plays the same game."""
import random

import pytest

import boardkit as bk
from boardkit.core import IllegalAction
from boardkit.games import mystery_date as md
from boardkit.games.mystery_date.bots import target_colours
from boardkit.games.mystery_date.events import CARDS
from boardkit.games.mystery_date.hand import Hand, held_bits
from md_helpers import arrange, new_game

def random_hands(n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        size = rng.randint(1, 10)
        hand = [rng.choice(CARDS) for _ in range(size)]
        # some cards as fresh equal copies, as a restored game or a test holds them
        yield [md.Card(*card) if rng.random() < 0.3 else card for card in hand]


def test_a_hand_keeps_which_different_cards_it_holds():
    """However cards come and go (copies too), ``held`` is what a fresh count of the hand gives."""
    rng = random.Random(5)
    hand = Hand()
    for _ in range(3000):
        move = rng.random()
        if move < 0.45 or not hand:
            hand.add(rng.choice(CARDS))
        elif move < 0.75:
            hand.remove(rng.choice(hand.cards))
        else:
            hand.pop(rng.randrange(len(hand)))
        assert hand.held == held_bits(hand.cards)
        assert hand.has_spares == (len(set(hand.cards)) < len(hand.cards))


def test_a_hand_reads_like_a_list():
    r1, r2 = md.Card("red", 1), md.Card("red", 2)
    hand = Hand([r1, r2, r1])
    assert hand == [r1, r2, r1] and hand == Hand([r1, r2, r1]) and hand != [r1, r2]
    assert len(hand) == 3 and list(hand) == [r1, r2, r1] and hand[1] == r2 and hand[:2] == [r1, r2]
    assert r2 in hand and md.Card("blue", 1) not in hand
    assert ("red", 1) in hand and Hand([("red", 2)]).held == held_bits([r2])  # an equal plain tuple is the card
    with pytest.raises(ValueError, match="not a Mystery Date card"):
        Hand([md.Card("pink", 1)])
    with pytest.raises(ValueError):
        hand.remove(md.Card("blue", 1))
    assert hand == [r1, r2, r1]


@pytest.mark.parametrize("phase,kind", [("discard", md.Discard), ("give", md.Give)])
def test_card_decisions_list_each_different_card_once_in_card_order(phase, kind):
    for hand in random_hands(300):
        game = new_game()
        game.hands[0] = Hand(hand)
        game.phase, game.swap_with, game._legal = phase, 1, None
        assert game.legal_actions() == [kind(card) for card in CARDS if card in hand]


def test_target_colours_count_every_copy():
    hand = [md.Card("red", 1), md.Card("green", 1), md.Card("green", 1)]
    assert target_colours(hand, (1, 1, 1, 1, 1)) == ("green",)


def test_collector_answers_with_a_legal_action():
    game = arrange(new_game(), hands=["o1 o2 g3 b2 r3 r2 r2", "", "", ""], discard="b1", phase="discard")
    actions = game.legal_actions()
    choice = md.bots.Collector().choose(game, actions, game.chance)
    assert choice == md.Discard(md.Card("red", 2)) and choice in actions


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_events_off_plays_the_same_game(n_players):
    bots = [md.bots.Collector()] * n_players
    for seed in range(30):
        on = md.Game(md.Rules(), n_players, seed=seed)
        off = md.Game(md.Rules(), n_players, seed=seed, record_events=False)
        bk.play(on, bots)
        bk.play(off, bots)
        assert off.events is None
        assert on.result() == off.result()
        assert on.to_dict()["chance"] == off.to_dict()["chance"]


@pytest.mark.parametrize("rules", [md.Rules(max_turns=7), md.Rules(door_weights=(1, 1, 1, 1, 0))])
def test_no_action_is_legal_once_the_game_is_over(rules):
    game = md.Game(rules, 4, seed=2)
    bk.play(game, [md.bots.Collector()] * 4)
    assert game.is_over and game.legal_actions() == [] and game.current_player is None
    before = game.to_dict()
    with pytest.raises(IllegalAction):
        game.apply(md.Roll())
    assert game.to_dict() == before


def test_the_next_roll_is_offered_after_every_turn():
    game = new_game(seed=5)
    for _ in range(200):
        if game.is_over:
            break
        if game.phase == "roll":
            assert game.legal_actions() == [md.Roll()]
        actions = game.legal_actions()
        game.apply(actions[0] if len(actions) == 1 else md.bots.Collector().choose(game, actions, game.chance))

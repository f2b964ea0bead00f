"""The shortcuts of the hot path give exactly what the plain definitions give.

Simulations take a few shortcuts (cached choices, a remembered heuristic, a
forced action carried out without a second check, no events when they are
off).  Each test here compares a shortcut with the plain rule it stands for.
"""
import itertools
import random

import pytest

import boardkit as bk
from boardkit.core import IllegalAction
from boardkit.games import mystery_date as md
from boardkit.games.mystery_date.actions import DISCARDS
from boardkit.games.mystery_date.bots import least_needed, progress, target_colours
from boardkit.games.mystery_date.events import CARDS
from boardkit.games.mystery_date.game import DISCARD_CHOICES, GIFT_CHOICES, OUTFIT_CHOICES
from boardkit.games.mystery_date.hand import PROGRESS, READY, Hand, held_bits
from md_helpers import arrange, new_game

WEIGHTS = [(1, 1, 1, 1, 1), (1, 3, 1, 1, 1), (5, 1, 1, 2, 1), (0, 1, 0, 0, 0), (1, 1, 2, 2, 0)]


def plain_least_needed(hand, weights):
    """Collector's discard rule, written the plain way (the definition): every
    card whose loss hurts least, in CARDS order."""
    spares = sorted({card for card in hand if hand.count(card) > 1}, key=CARDS.index)
    if spares:
        return tuple(spares)
    numbers = progress(hand)
    keys = {colour: (numbers[colour], sum(1 for card in hand if card.colour == colour), weight)
            for colour, weight in zip(md.COLOURS, weights)}
    targets = [colour for colour in md.COLOURS if keys[colour] == max(keys.values())]
    others = [card for card in hand if card.colour not in targets] or hand
    fewest = min(numbers[card.colour] for card in others)
    return tuple(sorted({card for card in others if numbers[card.colour] == fewest}, key=CARDS.index))


def random_hands(n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        size = rng.randint(1, 10)
        hand = [rng.choice(CARDS) for _ in range(size)]
        # some cards as fresh equal copies, as a restored game or a test holds them
        yield [md.Card(*card) if rng.random() < 0.3 else card for card in hand]


def test_the_tables_for_every_set_of_cards():
    """Every row of the look-up tables is the plain rule for that set of different cards."""
    for size in range(len(CARDS) + 1):
        for held in itertools.combinations(CARDS, size):
            bits = held_bits(held)
            assert DISCARD_CHOICES[bits] == tuple(DISCARDS[c] for c in CARDS if c in held)
            assert GIFT_CHOICES[bits] == tuple(md.Give(c) for c in CARDS if c in held)
            ready = tuple(colour for colour in md.COLOURS
                          if all(md.Card(colour, n) in held for n in (1, 2, 3)))
            assert READY[bits] == ready
            assert OUTFIT_CHOICES[bits] == tuple(md.ShowOutfit(colour) for colour in ready)
            assert PROGRESS[bits] == max(len({c.number for c in held if c.colour == colour})
                                         for colour in md.COLOURS)


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


def test_least_needed_matches_the_plain_rule():
    for i, hand in enumerate(random_hands(3000, seed=1)):
        weights = WEIGHTS[i % len(WEIGHTS)]
        assert least_needed(hand, weights) == plain_least_needed(hand, weights), hand


def test_target_colours_count_every_copy():
    hand = [md.Card("red", 1), md.Card("green", 1), md.Card("green", 1)]
    assert target_colours(hand, (1, 1, 1, 1, 1)) == ("green",)


def test_collector_answers_with_the_games_own_actions():
    game = arrange(new_game(), hands=["o1 o2 g3 b2 r3 r2 r2", "", "", ""], discard="b1", phase="discard")
    actions = game.legal_actions()
    choice = md.bots.Collector().choose(game, actions, game.chance)
    assert choice == md.Discard(md.Card("red", 2))
    assert any(choice is action for action in actions)


@pytest.mark.parametrize("n_players", [2, 3, 4])
@pytest.mark.parametrize("bot", [md.bots.Collector(), md.bots.Random()])
def test_play_is_the_same_as_checked_steps(n_players, bot):
    """bk.play carries out a forced action without checking it again: same game as bk.step."""
    for seed in range(15):
        played = md.Game(md.Rules(), n_players, seed=seed)
        bk.play(played, [bot] * n_players)
        stepped = md.Game(md.Rules(), n_players, seed=seed)
        while not stepped.is_over:
            bk.step(stepped, [bot] * n_players)
        assert played.events == stepped.events
        assert played.result() == stepped.result()


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

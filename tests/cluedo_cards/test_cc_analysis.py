"""cc.analysis: exact odds of no legal play, checked by enumerating hands and by shuffling decks."""
import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.core.stats import wilson_interval
from boardkit.games.cluedo_cards import analysis as an

SMALL = [(picture, number) for picture in "ABC" for number in (1, 2)]  # 3 pictures x 2 numbers
LOPSIDED = [("A", 1), ("A", 2), ("A", 3), ("B", 1), ("C", 2), ("C", 2), ("D", 4)]  # a repeated card too


def brute_no_match(top, hand_size, deck, seen=()):
    """Enumerate every hand from the deck less one top card and the seen cards; share with no match."""
    pool = list(deck)
    for card in (top, *seen):
        pool.remove(card)
    hands = list(itertools.combinations(pool, hand_size))
    stuck = sum(not any(an.matches(card, top) for card in hand) for hand in hands)
    return Fraction(stuck, len(hands))


def brute_first_stuck(hand_size, deck):
    """Every card position as the top, every hand from the rest: the share of stuck (top, hand) pairs."""
    stuck = total = 0
    for i, top in enumerate(deck):
        rest = deck[:i] + deck[i + 1:]
        for hand in itertools.combinations(rest, hand_size):
            total += 1
            stuck += not any(an.matches(card, top) for card in hand)
    return Fraction(stuck, total)


def test_standard_deck_is_36_distinct_cards():
    deck = an.standard_deck()
    assert len(deck) == 36 == len(set(deck))
    assert len(an.PICTURES) == 12 and set(an.WEAPONS) | set(an.SUSPECTS) == set(an.PICTURES)
    assert {number for _, number in deck} == {1, 2, 3}
    assert deck == an.standard_deck()  # a fixed order


def test_every_standard_card_is_matched_by_13_cards():
    assert {an.matching_count(card) for card in an.standard_deck()} == {13}
    assert an.matches(("rope", 1), ("rope", 3)) and an.matches(("rope", 1), ("Mrs. White", 1))
    assert not an.matches(("rope", 1), ("Mrs. White", 2))


def test_real_deck_hand_of_five():
    expected = Fraction(math.comb(22, 5), math.comb(35, 5))
    assert expected == Fraction(171, 2108)
    assert an.no_match_odds(("dagger", 1)) == expected
    assert an.first_player_stuck() == expected and isinstance(an.first_player_stuck(), Fraction)
    assert float(expected) == pytest.approx(0.0811195, abs=1e-7)


@pytest.mark.parametrize("hand_size", [0, 1, 2, 3, 4, 5])
@pytest.mark.parametrize("top", [("A", 1), ("C", 2)])
def test_no_match_odds_against_enumeration_small_deck(top, hand_size):
    assert an.no_match_odds(top, hand_size, SMALL) == brute_no_match(top, hand_size, SMALL)


@pytest.mark.parametrize("top", sorted(set(LOPSIDED)))
@pytest.mark.parametrize("hand_size", [1, 2, 3])
def test_no_match_odds_against_enumeration_lopsided_deck(top, hand_size):
    assert an.no_match_odds(top, hand_size, LOPSIDED) == brute_no_match(top, hand_size, LOPSIDED)


def test_seen_cards_leave_the_pool():
    seen = [("A", 2), ("B", 1)]
    assert an.no_match_odds(("A", 1), 2, SMALL, seen) == brute_no_match(("A", 1), 2, SMALL, seen)
    # seeing a non-matching card makes a stuck hand less likely
    assert an.no_match_odds(("A", 1), 2, SMALL, [("B", 2)]) < an.no_match_odds(("A", 1), 2, SMALL)
    real = an.no_match_odds(("rope", 2), 5, seen=[("rope", 1), ("dagger", 2)])
    assert real == Fraction(math.comb(22, 5), math.comb(33, 5))
    # the second copy of a repeated card may be seen; it matches the top
    assert an.no_match_odds(("C", 2), 1, LOPSIDED, [("C", 2)]) == brute_no_match(("C", 2), 1, LOPSIDED, [("C", 2)])


@pytest.mark.parametrize("hand_size", [1, 2])
def test_first_player_stuck_against_enumeration_small_decks(hand_size):
    assert an.first_player_stuck(hand_size, 2, SMALL) == brute_first_stuck(hand_size, SMALL)
    assert an.first_player_stuck(hand_size, 2, LOPSIDED) == brute_first_stuck(hand_size, LOPSIDED)


@pytest.mark.parametrize("hand_size", [1, 2, 3])
def test_first_player_stuck_against_enumeration_real_deck(hand_size):
    assert an.first_player_stuck(hand_size) == brute_first_stuck(hand_size, an.standard_deck())


def test_lopsided_deck_averages_over_the_top_card():
    # tops differ (D matches nothing), so the answer is the average, not one card's odds
    odds = {top: an.no_match_odds(top, 2, LOPSIDED) for top in LOPSIDED}
    assert len(set(odds.values())) > 1
    assert an.first_player_stuck(2, 2, LOPSIDED) == sum(odds[top] for top in LOPSIDED) / len(LOPSIDED)


def test_players_do_not_change_the_answer():
    assert {an.first_player_stuck(5, n) for n in (2, 3, 4)} == {Fraction(171, 2108)}


def test_stuck_table_is_decreasing_in_hand_size():
    table = an.stuck_table()
    assert table.index.tolist() == list(range(1, 11))
    assert table.loc[5, "exact"] == Fraction(171, 2108)
    assert table.loc[1, "exact"] == Fraction(22, 35)
    assert table["probability"].is_monotonic_decreasing and table["probability"].is_unique
    assert table.loc[8, "most players"] == 4 and table.loc[10, "most players"] == 3
    for h in range(1, 11):
        assert table.loc[h, "probability"] == float(table.loc[h, "exact"])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("ABC"), st.integers(1, 3)), min_size=2, max_size=7))
def test_random_small_decks_match_enumeration_and_never_rise(deck):
    sizes = range(0, len(deck))
    exact = [an.first_player_stuck(h, 2, deck) if 2 * h < len(deck) else None for h in sizes]
    for h in sizes:
        if exact[h] is not None:
            assert exact[h] == brute_first_stuck(h, deck)
    table = an.stuck_table(sizes, deck)
    assert table["exact"].tolist()[0] == 1  # an empty hand never has a play
    assert all(a >= b for a, b in zip(table["exact"], table["exact"][1:]))


def test_simulation_agrees_with_exact_inside_a_wilson_interval():
    stuck = an.simulate_first_turn(200_000, seed=1)
    assert stuck.dtype == bool and stuck.shape == (200_000,)
    low, high = wilson_interval(stuck.sum(), stuck.size, confidence=0.999)
    assert low <= float(an.first_player_stuck()) <= high


@pytest.mark.parametrize("hand_size", [1, 2, 3])
def test_simulation_on_a_lopsided_deck(hand_size):
    stuck = an.simulate_first_turn(100_000, seed=hand_size, hand_size=hand_size, deck=LOPSIDED)
    low, high = wilson_interval(stuck.sum(), stuck.size, confidence=0.999)
    assert low <= float(an.first_player_stuck(hand_size, 2, LOPSIDED)) <= high


def test_simulation_is_seeded_and_handles_edges():
    assert np.array_equal(an.simulate_first_turn(1000, 7), an.simulate_first_turn(1000, 7))
    assert not np.array_equal(an.simulate_first_turn(1000, 7), an.simulate_first_turn(1000, 8))
    assert an.simulate_first_turn(50, 0, hand_size=0).all()  # no cards: no play
    assert not an.simulate_first_turn(50, 0, hand_size=35).any()  # the whole rest always holds a match


@pytest.mark.parametrize("call, name", [
    (lambda: an.no_match_odds(("rope", 1), -1), "hand_size"),
    (lambda: an.no_match_odds(("rope", 1), 36), "hand_size"),
    (lambda: an.no_match_odds(("rope", 1), 34, seen=[("rope", 2), ("rope", 3)]), "hand_size"),
    (lambda: an.no_match_odds(("rope", 1), 2.0), "hand_size"),
    (lambda: an.no_match_odds(("rope", 1), True), "hand_size"),
    (lambda: an.no_match_odds(("rope", 4)), "top"),
    (lambda: an.no_match_odds(("Mrs. Plum", 1)), "top"),
    (lambda: an.no_match_odds(None), "top"),
    (lambda: an.no_match_odds(("rope", 1), seen=[("rope", 1)]), "seen"),
    (lambda: an.no_match_odds(("rope", 1), seen=[("Dr. Black", 1)]), "seen"),
    (lambda: an.no_match_odds(("rope", 1), seen=("rope", 2)), "seen"),
    (lambda: an.no_match_odds(("rope", 1), seen="rope"), "seen"),
    (lambda: an.no_match_odds(("A", 1), 1, deck=[("A", 1), "B2"]), "deck"),
    (lambda: an.no_match_odds(("A", 1), 1, deck=[]), "deck"),
    (lambda: an.first_player_stuck(5, 1), "n_players"),
    (lambda: an.first_player_stuck(5, 5), "n_players"),
    (lambda: an.first_player_stuck(-1), "hand_size"),
    (lambda: an.first_player_stuck(9, 4), "hand_size"),  # 4 x 9 + 1 = 37 cards > 36
    (lambda: an.first_player_stuck(3, 2, SMALL), "hand_size"),  # 2 x 3 + 1 = 7 cards > 6
    (lambda: an.stuck_table([5, 36]), "hand_size"),
    (lambda: an.stuck_table([-1]), "hand_size"),
    (lambda: an.simulate_first_turn(0, 1), "n_deals"),
    (lambda: an.simulate_first_turn(10.5, 1), "n_deals"),
    (lambda: an.simulate_first_turn(10, 1, hand_size=36), "hand_size"),
    (lambda: an.simulate_first_turn(10, 1, hand_size=-2), "hand_size"),
    (lambda: an.matching_count(("rope", 9)), "top"),
])
def test_bad_input_names_the_argument(call, name):
    with pytest.raises(ValueError, match=name):
        call()


def test_hand_of_nine_fits_three_players():
    assert an.first_player_stuck(9, 3) == an.stuck_table([9]).loc[9, "exact"]


# -- the deck comes from the Rules, so a variant's odds follow the variant -----
from boardkit.games import cluedo_cards as cc  # noqa: E402


def test_the_deck_is_the_rules_deck():
    assert an.deck_of() == an.standard_deck() == an.deck_of(cc.Rules())
    assert sorted(an.deck_of()) == sorted((p, n) for p in cc.PICTURES for n in cc.NUMBERS)
    rules = cc.Rules(copies=2, numbers=(1, 2, 3, 4))
    assert len(an.deck_of(rules)) == 12 * 4 * 2
    small = cc.Rules(pictures=("A", "B", "C"), numbers=(1, 2), miniatures=(("A", 1), ("B", 2)), powers=(),
                     hand_size=1)
    assert sorted(an.deck_of(small)) == sorted(SMALL)


@pytest.mark.parametrize("changes,exact", [
    ({}, Fraction(171, 2108)),
    # two copies: 71 cards left, K = 5 of the picture + 22 of the number
    ({"copies": 2}, Fraction(math.comb(44, 5), math.comb(71, 5))),
    # a fourth number: 47 cards left, K = 3 of the picture + 11 of the number
    ({"numbers": (1, 2, 3, 4)}, Fraction(math.comb(33, 5), math.comb(47, 5))),
    # a hand of 7: C(22, 7) / C(35, 7)
    ({"hand_size": 7}, Fraction(math.comb(22, 7), math.comb(35, 7))),
])
def test_a_variants_exact_odds_follow_the_variant(changes, exact):
    rules = cc.Rules().replace(**changes)
    assert an.first_player_stuck(rules=rules) == exact
    assert an.stuck_table([rules.hand_size], rules=rules)["exact"].iloc[0] == exact
    top = an.deck_of(rules)[0]
    assert an.no_match_odds(top, rules=rules) == exact  # every card has the same K in these decks
    low, high = wilson_interval(int(an.simulate_first_turn(40_000, seed=3, rules=rules).sum()), 40_000, 0.9999)
    assert low <= float(exact) <= high


def test_a_small_variant_matches_brute_force():
    small = cc.Rules(pictures=("A", "B", "C"), numbers=(1, 2), miniatures=(("A", 1), ("B", 2)), powers=(),
                     hand_size=2)
    assert an.first_player_stuck(rules=small, n_players=2) == brute_first_stuck(2, SMALL)


def test_rules_and_deck_together_or_not_rules_are_refused():
    with pytest.raises(ValueError, match="deck or rules"):
        an.first_player_stuck(deck=SMALL, rules=cc.Rules())
    with pytest.raises(ValueError, match="rules"):
        an.first_player_stuck(rules="rulebook")

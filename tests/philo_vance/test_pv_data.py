"""The reconstructed Philo Vance components keep every promise of data/README.md."""
import dataclasses
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from boardkit.games.philo_vance import components as pv
from boardkit.games.philo_vance.components import (
    CLUES, CONFIRMATION, DECK_COPIES, FEMININE, GENERAL, MASCULINE, SPECIFIC, SUSPECT_KEYS, SUSPECTS, TAGS,
    Clue, Suspect, check_components, deck_cards, suspect_index)

KEYS = ("wife", "bond_salesman", "secretary", "grandpa", "aunt", "cook", "maid", "butler", "chauffeur", "gardener")
WOMEN = {"wife", "secretary", "aunt", "cook", "maid"}


def cards_holding(clue_id):
    return [SUSPECT_KEYS[i] for i, card in enumerate(CONFIRMATION) if clue_id in card]


def check(**changes):
    """check_components on the printed components with some of them replaced."""
    parts = dict(suspects=SUSPECTS, clues=CLUES, deck_copies=DECK_COPIES, confirmation=CONFIRMATION)
    parts.update(changes)
    check_components(**parts)


def with_card(index, card):
    return CONFIRMATION[:index] + (tuple(card),) + CONFIRMATION[index + 1:]


# -- the household ------------------------------------------------------------

def test_ten_suspects_in_order_five_women_five_men():
    assert SUSPECT_KEYS == KEYS
    assert all(isinstance(s, Suspect) for s in SUSPECTS)
    assert {s.key for s in SUSPECTS if s.sex == pv.WOMAN} == WOMEN
    assert sum(s.sex == pv.MAN for s in SUSPECTS) == 5
    assert SUSPECTS[suspect_index("cook")].sex == pv.WOMAN


def test_ages_and_sketches_follow_the_rulebook():
    ages = {"wife": 45, "bond_salesman": 28, "secretary": 21, "grandpa": 84, "aunt": 67,
            "cook": 54, "maid": 23, "butler": 56, "chauffeur": 40, "gardener": 29}
    for s in SUSPECTS:
        assert s.age == ages[s.key]
        assert s.sketch.startswith(f"Age {s.age}, ")


def test_suspect_index_takes_keys_and_indexes():
    assert suspect_index("butler") == 7
    assert suspect_index(3) == 3
    assert suspect_index(np.int64(9)) == 9
    for bad in ("master", "Butler", 10, -1, True, 2.0, None):
        with pytest.raises(ValueError, match="wife, bond_salesman"):
            suspect_index(bad)


# -- the clues and the deck ---------------------------------------------------

def test_40_to_50_distinct_clues_indexed_by_id():
    assert 40 <= len(CLUES) <= 50
    assert [c.id for c in CLUES] == list(range(len(CLUES)))
    texts = [c.text for c in CLUES]
    assert len(set(texts)) == len(texts)
    assert all(isinstance(c, Clue) and c.text.strip() == c.text != "" for c in CLUES)


def test_tags_and_hints():
    assert TAGS == (SPECIFIC, GENERAL, MASCULINE, FEMININE)
    for c in CLUES:
        assert c.tag in TAGS
        assert (c.hint in KEYS) if c.tag == SPECIFIC else (c.hint is None)
    assert {c.tag for c in CLUES} == set(TAGS)


def test_deck_has_exactly_100_cards_and_every_clue():
    assert len(DECK_COPIES) == len(CLUES)
    assert sum(DECK_COPIES) == 100
    assert all(type(n) is int and n >= 1 for n in DECK_COPIES)
    deck = deck_cards(DECK_COPIES)
    assert len(deck) == 100 and deck == sorted(deck)
    assert Counter(deck) == {i: n for i, n in enumerate(DECK_COPIES)}


def test_clues_on_more_cards_have_at_least_as_many_copies_on_average():
    def mean_copies(tag):
        ids = [c.id for c in CLUES if c.tag == tag]
        return Fraction(sum(DECK_COPIES[i] for i in ids), len(ids))
    assert mean_copies(SPECIFIC) <= mean_copies(MASCULINE) <= mean_copies(GENERAL)
    assert mean_copies(SPECIFIC) <= mean_copies(FEMININE) <= mean_copies(GENERAL)


def test_deck_cards_repeats_copies_in_id_order():
    assert deck_cards((2, 0, 1)) == [0, 0, 2]
    assert deck_cards([0, 3]) == [1, 1, 1]
    for bad in ((0, 0), (1, -1), (1, 1.0), (True,), "12", ()):
        with pytest.raises(ValueError, match="deck_copies"):
            deck_cards(bad)


# -- the confirmation cards ---------------------------------------------------

def test_each_card_has_12_distinct_sorted_clues():
    assert len(CONFIRMATION) == 10
    for card in CONFIRMATION:
        assert len(card) == 12 == len(set(card))
        assert list(card) == sorted(card)
        assert all(0 <= i < len(CLUES) for i in card)


def test_specific_clues_are_only_on_their_hints_card():
    for c in CLUES:
        if c.tag == SPECIFIC:
            assert cards_holding(c.id) == [c.hint]


def test_general_and_sex_clues_are_on_two_cards_or_more():
    for c in CLUES:
        if c.tag != SPECIFIC:
            assert len(cards_holding(c.id)) >= 2, c


def test_sex_rules():
    for c in CLUES:
        holders = set(cards_holding(c.id))
        if c.tag == MASCULINE:
            assert not holders & WOMEN, c
        if c.tag == FEMININE:
            assert holders <= WOMEN, c
    # general clues are what the two sexes share
    for c in CLUES:
        if c.tag == GENERAL:
            holders = set(cards_holding(c.id))
            assert holders & WOMEN and holders - WOMEN, c


def test_each_card_has_3_to_5_specific_clues_so_cards_overlap():
    for key, card in zip(KEYS, CONFIRMATION):
        specific = sum(CLUES[i].tag == SPECIFIC for i in card)
        assert 3 <= specific <= 5, key
    assert len({frozenset(card) for card in CONFIRMATION}) == 10


@pytest.mark.parametrize("needed", [9, 10])
def test_every_suspect_can_be_convicted(needed):
    """Nine different correct clues win (ten in the expert game): they must all be in the deck."""
    for key, card in zip(KEYS, CONFIRMATION):
        assert sum(DECK_COPIES[i] >= 1 for i in card) >= needed, key


def test_twelve_random_clues_hold_two_to_five_of_a_suspects_clues_on_average():
    """Expected clues of a suspect among 12 cards drawn from 100 = sum over its card of 12 * copies / 100."""
    total = sum(DECK_COPIES)
    for key, card in zip(KEYS, CONFIRMATION):
        expected = sum(Fraction(12 * DECK_COPIES[i], total) for i in card)
        assert 2 <= expected <= 5, (key, expected)


def test_data_passes_check_components():
    check()


# -- check_components rejects bad components ----------------------------------

def masculine_id():
    return next(c.id for c in CLUES if c.tag == MASCULINE)


def feminine_id():
    return next(c.id for c in CLUES if c.tag == FEMININE)


def test_rejects_a_masculine_clue_on_a_womans_card():
    wife = suspect_index("wife")
    card = CONFIRMATION[wife][:-1] + (masculine_id(),)
    with pytest.raises(ValueError, match="masculine clue on a woman's card"):
        check(confirmation=with_card(wife, card))


def test_rejects_a_feminine_clue_on_a_mans_card():
    butler = suspect_index("butler")
    card = CONFIRMATION[butler][:-1] + (feminine_id(),)
    with pytest.raises(ValueError, match="feminine clue on a man's card"):
        check(confirmation=with_card(butler, card))


def test_rejects_a_card_of_11_clues():
    with pytest.raises(ValueError, match="exactly 12 clue ids, got 11"):
        check(confirmation=with_card(0, CONFIRMATION[0][:11]))


def test_rejects_a_duplicate_clue():
    card = CONFIRMATION[0][:11] + (CONFIRMATION[0][0],)
    with pytest.raises(ValueError, match="duplicate"):
        check(confirmation=with_card(0, card))


@pytest.mark.parametrize("bad_id", [-1, len(CLUES), 3.0, "3", True])
def test_rejects_an_unknown_clue_id(bad_id):
    card = CONFIRMATION[0][:11] + (bad_id,)
    with pytest.raises(ValueError, match="clue ids from 0"):
        check(confirmation=with_card(0, card))


def test_rejects_a_card_clue_with_zero_copies():
    clue_id = CONFIRMATION[0][0]
    copies = list(DECK_COPIES)
    copies[clue_id] = 0
    with pytest.raises(ValueError, match=f"clue {clue_id} .* has 0 copies"):
        check(deck_copies=tuple(copies))


def test_accepts_zero_copies_of_a_clue_on_no_card_and_a_small_deck():
    clues = CLUES + (Clue(len(CLUES), "a spare clue", GENERAL, None),)
    check(clues=clues, deck_copies=DECK_COPIES + (0,))
    check(deck_copies=tuple(1 for _ in DECK_COPIES))


def test_rejects_negative_copies():
    copies = (-1,) + DECK_COPIES[1:]
    with pytest.raises(ValueError, match=r"deck_copies\[0\]=-1 .*>= 0"):
        check(deck_copies=copies)


@pytest.mark.parametrize("bad", [1.0, True, "2", None])
def test_rejects_copies_that_are_not_whole_numbers(bad):
    copies = (bad,) + DECK_COPIES[1:]
    with pytest.raises(ValueError, match=r"deck_copies\[0\]"):
        check(deck_copies=copies)


def test_rejects_a_deck_of_zero_cards():
    with pytest.raises(ValueError, match=r"deck_copies.*total > 0"):
        check(deck_copies=(0,) * len(CLUES))


def test_rejects_a_deck_of_the_wrong_length():
    with pytest.raises(ValueError, match="one entry per clue"):
        check(deck_copies=DECK_COPIES[:-1])


def test_rejects_a_missing_card():
    with pytest.raises(ValueError, match="one card per suspect"):
        check(confirmation=CONFIRMATION[:-1])


def test_rejects_bad_suspects_and_clues():
    bad_sex = dataclasses.replace(SUSPECTS[0], sex="lady")
    with pytest.raises(ValueError, match=r"suspects\[0\]\.sex"):
        check(suspects=(bad_sex,) + SUSPECTS[1:])
    with pytest.raises(ValueError, match="different keys"):
        check(suspects=(SUSPECTS[1],) + SUSPECTS[1:])
    with pytest.raises(ValueError, match=r"clues\[0\]\.tag"):
        check(clues=(dataclasses.replace(CLUES[0], tag="odd"),) + CLUES[1:])
    with pytest.raises(ValueError, match=r"clues\[1\]\.id"):
        check(clues=(CLUES[0], CLUES[0]) + CLUES[2:])


def test_card_size_is_a_parameter():
    smaller = tuple(card[:10] for card in CONFIRMATION)
    check_components(SUSPECTS, CLUES, DECK_COPIES, smaller, card_size=10)
    with pytest.raises(ValueError, match="exactly 10 clue ids, got 12"):
        check_components(SUSPECTS, CLUES, DECK_COPIES, CONFIRMATION, card_size=10)
    for bad in (0, 12.0, True):
        with pytest.raises(ValueError, match="card_size"):
            check_components(SUSPECTS, CLUES, DECK_COPIES, CONFIRMATION, card_size=bad)

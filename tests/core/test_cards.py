"""boardkit.core.cards and dice: piles, the refill rule, hand counts, a fair die."""
from collections import Counter
from fractions import Fraction

import pytest

from boardkit.core import Chance, Die, EmptyPileError, Pile, hand_counts, refill_from


def test_pile_top_is_the_end():
    pile = Pile(["a", "b", "c"], "draw")
    assert len(pile) == 3 and bool(pile)
    assert pile.top == "c"
    assert pile.draw() == "c"
    pile.put("z")
    assert pile.top == "z"
    assert list(pile) == ["a", "b", "z"]
    assert "draw" in repr(pile) and "3" in repr(pile)
    assert pile.counts() == Counter("abz")


def test_pile_copies_its_input():
    cards = ["a", "b"]
    pile = Pile(cards)
    pile.put("c")
    assert cards == ["a", "b"]


def test_empty_pile():
    pile = Pile(name="discard")
    assert not pile and len(pile) == 0
    assert pile.top is None
    with pytest.raises(EmptyPileError, match="discard"):
        pile.draw()
    assert issubclass(EmptyPileError, LookupError)


def test_shuffle_keeps_the_cards_and_is_seeded():
    a, b = Pile(range(40)), Pile(range(40))
    a.shuffle(Chance(3))
    b.shuffle(Chance(3))
    assert a.cards == b.cards
    assert sorted(a.cards) == list(range(40))
    assert a.cards != list(range(40))


def test_refill_keeps_the_top_card_and_conserves_cards():
    draw = Pile(name="draw")
    discard = Pile(["a", "b", "c", "d", "e", "top"], "discard")
    before = hand_counts([draw, discard])
    assert refill_from(draw, discard, Chance(1)) is True
    assert discard.cards == ["top"]
    assert sorted(draw.cards) == ["a", "b", "c", "d", "e"]
    assert hand_counts([draw, discard]) == before


def test_refill_shuffles_with_the_chance():
    def refill(seed):
        draw, discard = Pile(), Pile(list(range(30)) + ["top"])
        refill_from(draw, discard, Chance(seed))
        return draw.cards
    assert refill(5) == refill(5)
    assert refill(5) != list(range(30))
    assert refill(5) != refill(6)


@pytest.mark.parametrize("discards", [[], ["only"]])
def test_refill_with_nothing_to_shuffle(discards):
    draw, discard = Pile(), Pile(discards)
    assert refill_from(draw, discard, Chance(0)) is False
    assert draw.cards == [] and discard.cards == discards


def test_hand_counts_counts_everything():
    total = hand_counts([["a", "b"], ("a",), Pile(["c", "a"])])
    assert total == Counter({"a": 3, "b": 1, "c": 1})
    assert hand_counts([]) == Counter()


def test_die_faces_and_exact_odds():
    die = Die(6)
    assert list(die.faces) == [1, 2, 3, 4, 5, 6]
    pmf = die.pmf()
    assert pmf == {face: Fraction(1, 6) for face in range(1, 7)}
    assert sum(pmf.values()) == 1
    chance = Chance(0)
    assert {die.roll(chance) for _ in range(500)} == set(range(1, 7))
    assert Die(20).pmf()[20] == Fraction(1, 20)


@pytest.mark.parametrize("sides", [1, 0, -6, 2.5, "6"])
def test_die_bad_sides(sides):
    with pytest.raises(ValueError, match="sides"):
        Die(sides)

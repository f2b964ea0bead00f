"""The Win, Lose or Draw card box: an original list of things to sketch, shuffled like a new box."""
from collections import Counter

import numpy as np
import pytest

from boardkit.games.win_lose_draw import CATEGORIES, Card, box_order, load_cards
from boardkit.games.win_lose_draw.card_box import CARDS_CSV

CARDS = load_cards()
HEADER = "category,answer,author,also\n"


def write(tmp_path, text):
    path = tmp_path / "cards.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_categories_are_the_rulebooks_six_in_order():
    assert CATEGORIES == ("Books", "TV Shows", "Movies", "Music Stars", "Food & Drink", "Famous Phrases")


def test_the_box_holds_at_least_300_cards():
    assert len(CARDS) >= 300
    assert all(isinstance(card, Card) for card in CARDS)


def test_every_category_has_at_least_50_cards_and_no_other_category_appears():
    counts = Counter(card.category for card in CARDS)
    assert set(counts) == set(CATEGORIES)
    assert min(counts.values()) >= 50


def test_no_answer_appears_twice_ignoring_case():
    answers = Counter(card.answer.casefold() for card in CARDS)
    assert [answer for answer, n in answers.items() if n > 1] == []


def test_every_book_names_its_author_and_nothing_else_has_one():
    for card in CARDS:
        if card.category == "Books":
            assert card.author.strip(), card
        else:
            assert card.author == "", card


def test_partial_answers_are_nonempty_and_shorter_than_the_answer():
    with_partials = [card for card in CARDS if card.also]
    assert len(with_partials) >= 50
    for card in with_partials:
        assert isinstance(card.also, tuple)
        for part in card.also:
            assert isinstance(part, str) and part.strip() == part and part, card
            assert len(part) < len(card.answer), card


def test_the_rulebooks_superman_example_accepts_the_short_answer():
    superman = next(card for card in CARDS if card.answer == "The Adventures of Superman")
    assert superman.category == "TV Shows" and "Superman" in superman.also


def test_cards_are_immutable():
    with pytest.raises(AttributeError):
        CARDS[0].answer = "something else"


def test_box_order_is_a_permutation_and_leaves_the_cards_alone():
    before = list(CARDS)
    order = box_order(CARDS, np.random.default_rng(1))
    assert len(order) == len(CARDS)
    assert Counter(order) == Counter(CARDS)
    assert list(CARDS) == before
    assert order != before


def test_box_order_is_reproducible_with_a_seed_and_differs_with_another():
    first = box_order(CARDS, np.random.default_rng(7))
    assert box_order(CARDS, np.random.default_rng(7)) == first
    assert box_order(CARDS, np.random.default_rng(8)) != first


def test_box_order_needs_a_numpy_generator():
    with pytest.raises(ValueError, match="rng"):
        box_order(CARDS, 7)


def test_a_small_valid_file_loads(tmp_path):
    path = write(tmp_path, HEADER + "Books,Heidi,Johanna Spyri,\nMovies,The Lion King,,Lion King|Lion\n")
    assert load_cards(path) == (Card("Books", "Heidi", "Johanna Spyri", ()),
                                Card("Movies", "The Lion King", "", ("Lion King", "Lion")))


@pytest.mark.parametrize("body, line, words", [
    ("Books,Heidi,Johanna Spyri\n", 2, "fields"),
    ("Books,Heidi,Johanna Spyri,,extra\n", 2, "fields"),
    ("Movies,Jaws,,\nCartoons,Popeye,,\n", 3, "category='Cartoons'"),
    ("Movies,,,\n", 2, "answer"),
    ("Movies,Jaws,,\nBooks,Heidi,,\n", 3, "author"),
    ("Movies,Jaws,Peter Benchley,\n", 2, "author"),
    ("Movies,Jaws,,Jaws\n", 2, "also"),
    ("Movies,The Lion King,,Lion||King\n", 2, "also"),
    ("Movies,Jaws,,\nTV Shows,Lassie,,\nMovies,JAWS,,\n", 4, "repeats line 2"),
])
def test_a_malformed_line_raises_naming_the_line(tmp_path, body, line, words):
    with pytest.raises(ValueError, match=f"line {line}:") as error:
        load_cards(write(tmp_path, HEADER + body))
    assert words in str(error.value)


def test_a_wrong_header_raises_naming_line_1(tmp_path):
    with pytest.raises(ValueError, match="line 1") as error:
        load_cards(write(tmp_path, "category,answer,also\nMovies,Jaws,\n"))
    assert "header" in str(error.value)


def test_an_empty_file_raises(tmp_path):
    with pytest.raises(ValueError, match="line 1"):
        load_cards(write(tmp_path, ""))

"""Typed guesses, checked by fuzzy matching as a fair Sketcher would."""
import pytest

from boardkit.games.win_lose_draw.card_box import Card, load_cards
from boardkit.games.win_lose_draw.guessing import MAX_GUESS, judge_guess, normalise

SUPERMAN = Card("TV Shows", "The Adventures of Superman", "", ("Superman",))
WIZARD = Card("Movies", "The Wizard of Oz", "", ())


def test_normalise_drops_case_punctuation_spaces_and_a_leading_article():
    assert normalise("  The   Wizard of OZ!! ") == "wizard of oz"
    assert normalise("The") == "the"                      # a lone word stays
    assert normalise("?!") == ""


@pytest.mark.parametrize("guess", ["The Adventures of Superman", "adventures of superman",
                                   "the adventures of supermann", "ADVENTURES OF SUPERMAN!"])
def test_the_whole_answer_with_small_slips_is_correct(guess):
    verdict = judge_guess(guess, SUPERMAN)
    assert verdict.correct and verdict.matched == "The Adventures of Superman"


def test_an_accepted_short_answer_counts_when_partial_answers_are_on():
    assert judge_guess("Superman", SUPERMAN).correct
    assert judge_guess("superman", SUPERMAN).matched == "Superman"
    off = judge_guess("Superman", SUPERMAN, partial=False)
    assert not off.correct and off.parts == ("superman",)   # the Sketcher may write it by the sketch


@pytest.mark.parametrize("guess", ["pizza", "Batman", "the", "man", "", "   ", "adventure time"])
def test_unrelated_words_and_fragments_are_not_correct(guess):
    assert not judge_guess(guess, SUPERMAN).correct


def test_a_wrong_guess_reports_the_words_of_the_answer_it_got_right():
    assert judge_guess("wizard of id", WIZARD).parts == ("wizard",)
    assert judge_guess("the of and", WIZARD).parts == ()          # small words never count as parts


def test_every_card_in_the_box_is_guessed_by_its_own_answer_and_short_answers():
    for card in load_cards():
        assert judge_guess(card.answer, card).correct, card
        for short in card.also:
            assert judge_guess(short, card).correct, (card, short)


def test_a_very_long_guess_is_cut_not_refused():
    assert not judge_guess("x" * (MAX_GUESS * 10), SUPERMAN).correct


@pytest.mark.parametrize("guess", [None, 3, ["Superman"], b"Superman"])
def test_a_guess_that_is_not_text_raises(guess):
    with pytest.raises(ValueError, match="guess"):
        judge_guess(guess, SUPERMAN)


@pytest.mark.parametrize("threshold", [0, -5, 101, "high", True, None])
def test_a_threshold_outside_0_to_100_raises(threshold):
    with pytest.raises(ValueError, match="threshold"):
        judge_guess("Superman", SUPERMAN, threshold=threshold)

"""Typed guesses (``Game.guess``): the matcher's verdict, the Sketcher's ruling, steals and bad input."""
import os

import numpy as np
import pytest

from boardkit.games import win_lose_draw as wld
from boardkit.core import ScriptedChance
from boardkit.games.win_lose_draw import events as ev
from boardkit.games.win_lose_draw.game import catalogue
from boardkit.games.win_lose_draw.guessing import MAX_GUESS
from game_helpers import saved

ROMEO = "Romeo and Juliet"          # a Book whose card also accepts "Romeo" and "Juliet"


def new_game(play="team", n_players=4, seed=0, **changes):
    return wld.Game(wld.Rules(play=play, **changes), n_players=n_players, seed=seed)


def in_front(game, answer):
    """Bring the card whose item is ``answer`` to the front of the box, that item showing.

    Only the order of the box changes (each item is still in it once); the
    SketchStarted already logged keeps the old card's category, which these
    tests never look at.
    """
    index = next(i for i, card in enumerate(catalogue()) if card.answer == answer)
    card = next(c for c in game.box if index in c[:2])
    game.box.remove(card)
    card[2] = card.index(index)
    game.box.insert(0, card)
    assert game.card.answer == answer
    return game


def romeo_game(**changes):
    """Team Play, 4 players; team A (seats 0, 2) sketches first, seat 2 guesses, the card is Romeo and Juliet."""
    game = new_game(seed=0, **changes)
    assert game.sketcher == 0 and game.guessers == (2,)
    return in_front(game, ROMEO)


def missed(game):
    """The Sketcher's team ran out of time: the other team may steal."""
    game.apply(wld.TIME_UP)
    assert game.phase == "steal"
    return game


# -- a guess the matcher accepts waits for the Sketcher ---------------------------------------------

@pytest.mark.parametrize("text", [ROMEO, "romeo and juliet!", "  Romeo   and Julet ", "Romeo"])
def test_a_right_guess_waits_for_the_sketchers_ruling(text):
    game = romeo_game()
    verdict = game.guess(2, text)
    assert verdict.correct
    logged = game.events[-1]
    assert isinstance(logged, ev.GuessTyped) and logged.player == 2 and logged.correct
    assert logged.text == " ".join(text.split())
    assert game.phase == "ruling" and game.pending == (2, True, False)
    assert game.current_player == 0 and game.legal_actions() == [wld.CONFIRM, wld.OVERRULE]
    with pytest.raises(ValueError):
        game.apply(wld.Award((2,)))


def test_a_listed_part_of_the_answer_does_not_count_when_partial_answers_are_off():
    game = romeo_game(partial_answers=False)
    verdict = game.guess(2, "Romeo")
    assert not verdict.correct and verdict.parts == ("romeo",)
    assert game.phase == "sketch" and game.pending is None
    assert game.events[-1] == ev.GuessTyped(2, "Romeo", False, round(verdict.score, 1), ("romeo",))


def test_a_stricter_threshold_refuses_a_slip():
    assert romeo_game().guess(2, "Romeo and Julet").correct
    assert not romeo_game(match_threshold=99).guess(2, "Romeo and Julet").correct


def test_confirming_a_right_guess_scores_it():
    game = romeo_game()
    game.guess(2, "romeo and juliet")
    before = len(game.events)
    game.apply(wld.CONFIRM)
    new = game.events[before:]
    assert new[:3] == [ev.Ruled(0, 2, True, False), ev.Guessed(0, (2,), False), ev.Scored(None, 0, 1)]
    assert new[3] == ev.CardDone(None, "Books", ROMEO, True)
    assert game.team_scores == [1, 0] and game.pending is None and game.team_of(game.sketcher) == 1


def test_overruling_a_right_guess_sends_play_back_to_the_sketch():
    game = romeo_game()
    game.guess(2, "Romeo")
    legal_before = game.legal_actions()
    assert legal_before == [wld.CONFIRM, wld.OVERRULE]
    game.apply(wld.OVERRULE)
    assert game.events[-1] == ev.Ruled(0, 2, False, True)
    assert game.phase == "sketch" and game.pending is None and game.team_scores == [0, 0]
    assert game.card.answer == ROMEO and wld.Award((2,)) in game.legal_actions()
    assert game.guess(2, ROMEO).correct                               # she can try again


def test_a_wrong_guess_is_logged_and_play_goes_on():
    game = romeo_game()
    legal = list(game.legal_actions())
    for text in ("pizza", "Hamlet", "juliet's balcony scene"):
        verdict = game.guess(2, text)
        assert not verdict.correct and game.events[-1].text == text and not game.events[-1].correct
    assert game.phase == "sketch" and game.pending is None and game.legal_actions() == legal


def test_a_right_typed_guess_in_gameboard_play_takes_a_pawn():
    game = in_front(new_game("gameboard"), ROMEO)
    game.apply(wld.PlacePawn(0))
    game.guess(3, "juliet")
    assert game.phase == "ruling" and game.current_player == 0
    game.apply(wld.CONFIRM)
    assert game.phase == "take" and game.current_player == 3


# -- a steal: one guess, always ruled ---------------------------------------------------------------

def test_in_a_steal_one_guess_goes_to_the_ruling_whatever_the_verdict():
    game = missed(romeo_game())
    verdict = game.guess(3, "pizza")
    assert not verdict.correct
    assert game.phase == "ruling" and game.pending == (3, False, True) and game.current_player == 0
    with pytest.raises(ValueError):
        game.guess(1, ROMEO)                                          # one guess only


def test_confirming_a_wrong_stealing_guess_ends_the_card():
    game = missed(romeo_game())
    game.guess(1, "pizza")
    before = len(game.events)
    game.apply(wld.CONFIRM)
    new = game.events[before:]
    assert new[:3] == [ev.Ruled(0, 1, False, False), ev.TimeRanOut(0, True), ev.CardDone(None, "Books", ROMEO, False)]
    assert game.team_scores == [0, 0] and game.team_of(game.sketcher) == 1


def test_overruling_a_wrong_stealing_guess_awards_the_steal():
    game = missed(romeo_game())
    game.guess(3, "the balcony couple")
    game.apply(wld.OVERRULE)
    assert ev.Guessed(0, (3,), True) in game.events and ev.Scored(None, 1, 1) in game.events
    assert game.team_scores == [0, 1] and game.steals == 1


def test_a_right_stealing_guess_confirmed_scores_for_the_stealing_team():
    game = missed(romeo_game())
    game.guess(1, "Romeo & Juliet")
    game.apply(wld.CONFIRM)
    assert game.team_scores == [0, 1] and game.steals == 1


def test_overruling_a_right_stealing_guess_ends_the_card_without_a_point():
    game = missed(romeo_game())
    game.guess(1, ROMEO)
    game.apply(wld.OVERRULE)
    assert ev.TimeRanOut(0, True) in game.events and game.team_scores == [0, 0]


# -- bad input changes nothing ----------------------------------------------------------------------

def take_phase():
    game = new_game("gameboard")
    game.apply(wld.PlacePawn(0))
    game.apply(wld.Award((1,)))
    return game


def roll_phase():
    game = take_phase()
    game.apply(wld.TakePawn("red"))
    return game


def ruling_phase():
    game = romeo_game()
    game.guess(2, ROMEO)
    return game


def seen_it():
    game = new_game("gameboard")
    game.apply(wld.PlacePawn(0))
    game.apply(wld.TIME_UP)                                           # seat 0 sketched it without success
    return game


BAD_GUESSES = [
    ("opponent in the sketch", romeo_game, 1, ROMEO, "seat=1"),
    ("the Sketcher herself", romeo_game, 0, ROMEO, "seat=0"),
    ("no such seat", romeo_game, 9, ROMEO, "seat=9"),
    ("a negative seat", romeo_game, -2, ROMEO, "seat=-2"),
    ("a seat as text", romeo_game, "2", ROMEO, "seat='2'"),
    ("a seat as a bool", lambda: missed(romeo_game()), True, ROMEO, "seat=True"),
    ("the Sketcher's team in a steal", lambda: missed(romeo_game()), 2, ROMEO, "seat=2"),
    ("a guess that is not text", romeo_game, 2, 42, "text"),
    ("None", romeo_game, 2, None, "text"),
    ("bytes", romeo_game, 2, b"Romeo", "text"),
    ("a list", romeo_game, 2, ["Romeo"], "text"),
    ("empty text", romeo_game, 2, "", "text"),
    ("only spaces", romeo_game, 2, " \t\n ", "text"),
    ("during the ruling", ruling_phase, 2, ROMEO, "ruling"),
    ("placing the pawn", lambda: new_game("gameboard"), 1, ROMEO, "place"),
    ("picking the Sketcher", lambda: new_game(team_picks_sketcher=True), 2, ROMEO, "pick"),
    ("taking a pawn", take_phase, 2, ROMEO, "take"),
    ("rolling", roll_phase, 2, ROMEO, "roll"),
    ("an unsuccessful Sketcher", seen_it, 0, ROMEO, "seat=0"),
]


@pytest.mark.parametrize("why, make, seat, text, named", BAD_GUESSES, ids=[b[0] for b in BAD_GUESSES])
def test_a_bad_guess_raises_and_changes_nothing(why, make, seat, text, named):
    game = make()
    before = saved(game)
    with pytest.raises(ValueError, match=named.replace("(", r"\(")):
        game.guess(seat, text)
    assert saved(game) == before


def test_nobody_can_guess_once_the_ace_is_won():
    game = new_game("gameboard", die_sides=7)          # a 7 takes the pawn from one Spade to the next
    game.apply(wld.PlacePawn(0))
    for colour in wld.COLOURS:
        game.held[2].append(colour)
        game.centre[colour] -= 1
    game.apply(wld.Award((2,)))
    ScriptedChance.onto(game, rolls=[7])
    game.apply(wld.ROLL)
    assert game.end_reason == "ace"
    before = saved(game)
    with pytest.raises(ValueError, match="over|phase"):
        game.guess(1, game.card.answer)
    assert saved(game) == before


def team_won():
    game = new_game(team_target=1)
    game.apply(wld.Award((game.guessers[0],)))
    return game


def team_capped_after_a_steal():
    game = new_game(max_sketches=1)
    game.apply(wld.TIME_UP)
    game.apply(wld.TIME_UP)
    return game


def gameboard_capped():
    game = new_game("gameboard", max_sketches=1)
    game.apply(wld.PlacePawn(0))
    game.apply(wld.TIME_UP)
    return game


@pytest.mark.parametrize("make", [team_won, team_capped_after_a_steal, gameboard_capped])
def test_nobody_can_guess_after_the_game_is_over(make):
    game = make()
    assert game.is_over
    before = saved(game)
    for seat in range(game.n_players):
        with pytest.raises(ValueError) as error:
            game.guess(seat, "anything")
        assert "over" in str(error.value)
    assert saved(game) == before


@pytest.mark.parametrize("seat", [2.0, np.int64(2)], ids=["float", "numpy int"])
def test_a_seat_must_be_a_whole_number(seat):
    game = romeo_game()
    before = saved(game)
    with pytest.raises(ValueError, match="seat"):
        game.guess(seat, ROMEO)
    assert saved(game) == before


# -- the text is only ever compared ------------------------------------------------------------------

def test_a_long_guess_is_cut_to_max_guess_characters():
    game = romeo_game()
    game.guess(2, "word " * 1000)
    assert len(game.events[-1].text) == MAX_GUESS and game.events[-1].text.startswith("word word")


def test_code_typed_as_a_guess_is_just_a_wrong_guess(monkeypatch):
    calls = []
    monkeypatch.setattr(os, "system", lambda command: calls.append(command) or 0)
    game = romeo_game()
    for text in ("__import__('os').system('x')", "{0.__class__}", "../../etc/passwd", "'; DROP TABLE cards; --"):
        verdict = game.guess(2, text)
        assert not verdict.correct and game.events[-1].text == text
    assert calls == [] and game.phase == "sketch"

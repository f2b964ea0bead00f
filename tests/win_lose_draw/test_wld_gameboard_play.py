"""Gameboard Play, rule by rule: the white pawn, collecting colours, cards that stay, ties and the Ace.

The default board has Spade Spaces at 0, 7, 14 and 21; from space 0 a roll of
1, 2, 3, 4 lands on red, green, blue, orange.  ``ScriptedChance.onto(game, rolls=[...])`` fixes the die.
"""
import pytest

from boardkit.games import win_lose_draw as wld
from boardkit.core import ScriptedChance
from boardkit.core.events import NothingHappens, Rolled, TurnCap
from boardkit.games.win_lose_draw import events as ev
from boardkit.games.win_lose_draw.track import COLOURS

ALL = list(COLOURS)
RED, GREEN, BLUE, ORANGE = 1, 2, 3, 4            # where one roll from space 0 lands


def new_game(n_players=4, seed=0, **changes):
    return wld.Game(wld.Rules(play="gameboard", **changes), n_players=n_players, seed=seed)


def placed(n_players=4, space=0, seed=0, **changes):
    """A game whose first Sketcher (seat 0) has put the white pawn on ``space``."""
    game = new_game(n_players, seed, **changes)
    game.apply(wld.PlacePawn(space))
    return game


def give(game, seat, colours):
    """Seat ``seat`` owns exactly ``colours``; the centre holds the rest, so pawns stay conserved."""
    for colour in game.held[seat]:
        game.centre[colour] += 1
    game.held[seat] = sorted(colours, key=COLOURS.index)
    for colour in colours:
        game.centre[colour] -= 1
    assert min(game.centre.values()) >= 0
    game._legal = None


def since(game, before):
    return game.events[before:]


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def finish_card(game, guesser, roll=6, colour=None):
    """``guesser`` guesses the card, takes ``colour`` (else the first offered), the Sketcher rolls ``roll``."""
    game.apply(wld.Award((guesser,)))
    if game.phase == "take":
        game.apply(wld.TakePawn(colour) if colour else game.legal_actions()[0])
    ScriptedChance.onto(game, rolls=[roll])
    game.apply(wld.ROLL)


# -- the white pawn --------------------------------------------------------------------------

def test_the_first_sketcher_puts_the_white_pawn_on_a_spade_space():
    game = new_game()
    assert game.phase == "place" and game.current_player == 0 and game.white_pawn is None
    assert game.legal_actions() == [wld.PlacePawn(s) for s in (0, 7, 14, 21)]
    assert not of_type(game.events, ev.SketchStarted)                 # no card until the pawn is down
    game.apply(wld.PlacePawn(14))
    assert game.white_pawn == 14
    assert game.events == [ev.PawnPlaced(0, 14), ev.SketchStarted(0, game.card.category, (1, 2, 3), 0)]
    assert game.phase == "sketch" and game.current_player == 0


def test_the_spade_spaces_come_from_the_track():
    track = ("red", "spade", "green", "blue", "spade", "orange")
    game = new_game(track=track)
    assert game.legal_actions() == [wld.PlacePawn(1), wld.PlacePawn(4)]
    with pytest.raises(ValueError):
        game.apply(wld.PlacePawn(0))


# -- collecting pawns ------------------------------------------------------------------------

def test_the_first_correct_guesser_takes_a_colour_she_lacks():
    game = placed()
    give(game, 2, ["red", "blue"])
    game.apply(wld.Award((2,)))
    assert game.events[-1] == ev.Guessed(0, (2,), False)
    assert game.phase == "take" and game.current_player == 2
    assert game.legal_actions() == [wld.TakePawn("green"), wld.TakePawn("orange")]
    game.apply(wld.TakePawn("orange"))
    assert game.events[-1] == ev.PawnTaken(2, "orange", False)
    assert game.held[2] == ["red", "blue", "orange"] and game.centre["orange"] == 5
    assert game.phase == "roll" and game.current_player == 0 and game.legal_actions() == [wld.ROLL]


def test_the_successful_sketcher_rolls_moves_clockwise_and_collects_the_colour_landed_on():
    game = placed()
    game.apply(wld.Award((1,)))
    game.apply(wld.TakePawn("red"))
    ScriptedChance.onto(game, rolls=[BLUE])
    before = len(game.events)
    game.apply(wld.ROLL)
    new = since(game, before)
    assert new[:3] == [Rolled(0, 3), ev.PawnMoved(0, 0, 3, "blue"), ev.PawnTaken(0, "blue", True)]
    assert isinstance(new[3], ev.CardDone) and new[3].guessed
    assert game.white_pawn == 3 and game.held[0] == ["blue"] and game.held[1] == ["red"]


def test_the_white_pawn_goes_round_the_board():
    game = placed()
    game.white_pawn = 26
    game.apply(wld.Award((1,)))
    game.apply(wld.TakePawn("green"))
    ScriptedChance.onto(game, rolls=[3])
    game.apply(wld.ROLL)
    assert game.white_pawn == 1 and of_type(game.events, ev.PawnMoved)[-1] == ev.PawnMoved(0, 26, 1, "red")
    assert game.held[0] == ["red"]


def test_the_die_has_die_sides_faces():
    game = placed(die_sides=2)
    game.apply(wld.Award((1,)))
    game.apply(wld.TakePawn("green"))
    game.apply(wld.ROLL)
    assert of_type(game.events, Rolled)[-1].value in (1, 2) and game.white_pawn in (1, 2)


def test_a_spade_space_gives_the_sketcher_nothing():
    game = placed()
    game.white_pawn = 3
    game.apply(wld.Award((1,)))
    game.apply(wld.TakePawn("red"))
    ScriptedChance.onto(game, rolls=[4])
    before = len(game.events)
    game.apply(wld.ROLL)
    new = since(game, before)
    assert new[1] == ev.PawnMoved(0, 3, 7, "spade")
    assert isinstance(new[2], NothingHappens) and new[2].player == 0 and "Spade" in new[2].reason
    assert game.held[0] == [] and not game.is_over


def test_the_sketcher_cannot_collect_a_colour_she_already_owns():
    game = placed()
    give(game, 0, ["blue"])
    game.apply(wld.Award((1,)))
    game.apply(wld.TakePawn("red"))
    ScriptedChance.onto(game, rolls=[BLUE])
    game.apply(wld.ROLL)
    assert game.held[0] == ["blue"] and game.centre["blue"] == 5
    assert of_type(game.events, NothingHappens)[-1].reason == "she already owns a blue pawn."


def test_the_next_sketcher_is_to_the_left():
    game = placed(n_players=3)
    order = [game.sketcher]
    for _ in range(4):
        finish_card(game, guesser=game.guessers[0])
        order.append(game.sketcher)
    assert order == [0, 1, 2, 0, 1]
    assert game.guessers == (2, 0)                                    # everybody else, from the left
    assert game.cards_done == game.turns == 4


# -- an unguessed card stays in play ----------------------------------------------------------

def test_an_unguessed_card_passes_left_until_nobody_is_left_to_guess_it():
    game = placed(n_players=4)
    card, front = game.card, list(game.box[0])
    before = len(game.events)
    game.apply(wld.TIME_UP)
    assert since(game, before) == [ev.TimeRanOut(0, False), ev.CardStays(1),
                                   ev.SketchStarted(1, card.category, (2, 3), 1)]
    assert game.card == card and game.box[0] == front and game.held == [[], [], [], []]
    assert game.legal_actions() == [wld.Award((2,)), wld.Award((3,)), wld.Award((2, 3)), wld.TIME_UP]
    game.apply(wld.TIME_UP)
    assert game.events[-1] == ev.SketchStarted(2, card.category, (3,), 2)       # 0 and 1 know the answer
    assert game.cards_done == 0 and game.turns == 2
    before = len(game.events)
    game.apply(wld.TIME_UP)                                           # nobody who has not seen it is left
    new = since(game, before)
    assert new[:2] == [ev.TimeRanOut(2, False), ev.CardDone(None, card.category, card.answer, False)]
    assert not of_type(new, ev.CardStays)
    assert new[2].player == 3 and new[2].guessers == (0, 1, 2) and new[2].again == 0
    assert game.box[-1] == [front[0], front[1], 1] and game.card != card
    assert game.cards_done == 1 and game.turns == 3


def test_with_three_players_a_card_gets_two_sketchers():
    game = placed(n_players=3)
    game.apply(wld.TIME_UP)
    assert game.sketcher == 1 and game.guessers == (2,)
    game.apply(wld.TIME_UP)
    assert game.sketcher == 2 and game.guessers == (0, 1) and game.cards_done == 1


def test_a_card_guessed_on_its_second_try_moves_on_from_the_successful_sketcher():
    game = placed(n_players=4)
    game.apply(wld.TIME_UP)
    assert game.sketcher == 1
    finish_card(game, guesser=3)
    assert game.held[3] and game.sketcher == 2
    assert game.guessers == (3, 0, 1)                                 # seat 0 may guess the new card


# -- ties -------------------------------------------------------------------------------------

def test_players_guessing_at_the_same_moment_all_take_pawns_from_the_sketchers_left():
    game = placed(n_players=4)
    finish_card(game, guesser=1)
    finish_card(game, guesser=3)
    assert game.sketcher == 2
    assert wld.Award((0, 1, 3)) in game.legal_actions()
    game.apply(wld.Award((1, 3)))
    assert game.events[-1] == ev.Guessed(2, (1, 3), False)
    assert game.current_player == 3                                   # 3 sits to the Sketcher's left
    game.apply(wld.TakePawn("blue"))
    assert game.current_player == 1 and game.phase == "take"
    assert wld.TakePawn(game.held[1][0]) not in game.legal_actions()
    game.apply(wld.TakePawn("orange"))
    assert game.phase == "roll" and game.current_player == 2
    assert "blue" in game.held[3] and "orange" in game.held[1]


def test_team_play_has_no_ties():
    game = wld.Game(wld.Rules(), n_players=6, seed=0)
    assert all(len(a.seats) == 1 for a in game.legal_actions() if isinstance(a, wld.Award))


# -- the Ace-In-The-Hole -----------------------------------------------------------------------

def test_a_player_with_four_colours_who_guesses_wins_the_ace_when_the_pawn_lands_on_a_spade():
    game = placed(n_players=4)
    give(game, 2, ALL)
    game.white_pawn = 4
    game.apply(wld.Award((2,)))
    assert game.phase == "roll"                                       # no colour left for her to take
    ScriptedChance.onto(game, rolls=[3])
    game.apply(wld.ROLL)
    assert game.events[-1] == ev.AceWon(2)
    assert game.is_over and game.winner == 2 and game.end_reason == "ace"
    assert game.legal_actions() == [] and game.current_player is None
    row = game.result()
    assert row["winner"] == 2 and row["end"] == "ace" and row["play"] == "gameboard"
    assert row["colours_held"] == 4 and row["cards"] == 1


def test_four_colours_and_a_coloured_space_is_not_enough():
    game = placed(n_players=4)
    give(game, 2, ALL)
    game.apply(wld.Award((2,)))
    ScriptedChance.onto(game, rolls=[RED])
    game.apply(wld.ROLL)
    assert not game.is_over and game.held[0] == ["red"] and game.sketcher == 1


def test_reaching_four_colours_with_this_very_guess_does_not_win_the_ace():
    game = placed(n_players=4, die_sides=7)          # a 7 can take the pawn from one Spade to the next
    give(game, 2, ["red", "green", "blue"])
    game.white_pawn = 4
    game.apply(wld.Award((2,)))
    game.apply(wld.TakePawn("orange"))
    ScriptedChance.onto(game, rolls=[3])
    game.apply(wld.ROLL)
    assert game.held[2] == ALL and not game.is_over and not of_type(game.events, ev.AceWon)
    assert game.white_pawn == 7 and game.sketcher == 1
    finish_card(game, guesser=2, roll=7)                 # the next guess: 7 to 14, a Spade
    assert game.winner == 2 and game.end_reason == "ace"


def test_the_ace_goes_to_the_first_hopeful_from_the_sketchers_left():
    game = placed(n_players=5, die_sides=7)
    give(game, 1, ALL)
    give(game, 3, ALL)
    game.apply(wld.Award((1, 3)))
    ScriptedChance.onto(game, rolls=[7])
    game.apply(wld.ROLL)
    assert game.winner == 1 and game.events[-1] == ev.AceWon(1)


def test_a_sketcher_with_four_colours_cannot_win_the_ace():
    game = placed(n_players=4, die_sides=7)          # a 7 can take the pawn from one Spade to the next
    give(game, 0, ALL)
    finish_card(game, guesser=1, roll=7)
    assert not game.is_over and game.held[0] == ALL


# -- variants ---------------------------------------------------------------------------------

def test_fewer_colours_to_collect():
    game = placed(n_players=4, colours_to_collect=2, die_sides=7)
    give(game, 2, ["red", "green"])
    give(game, 0, ["orange", "blue"])
    game.apply(wld.Award((2,)))
    assert game.phase == "roll"                                       # two colours are all she needs
    ScriptedChance.onto(game, rolls=[RED])
    game.apply(wld.ROLL)
    assert game.held[0] == ["blue", "orange"]                         # the Sketcher needs no more either
    assert "all the colours" in of_type(game.events, NothingHappens)[-1].reason
    give(game, 3, ["red"])
    finish_card(game, guesser=3, colour="green", roll=6)  # 1 to 7: a Spade, but she just got her 2nd
    assert not game.is_over and game.held[3] == ["red", "green"]
    finish_card(game, guesser=3, roll=7)                 # 7 to 14: a Spade
    assert game.winner == 3 and game.end_reason == "ace"


def test_one_colour_to_collect():
    game = placed(n_players=3, colours_to_collect=1)
    game.apply(wld.Award((1,)))
    game.apply(wld.TakePawn("green"))
    assert game.held[1] == ["green"]


def test_pawns_can_run_out_with_few_pawns_per_colour():
    game = placed(n_players=4, pawns_per_colour=1)
    give(game, 1, ["red"])
    game.apply(wld.Award((2,)))
    assert game.legal_actions() == [wld.TakePawn(c) for c in ("green", "blue", "orange")]
    game.apply(wld.TakePawn("green"))
    ScriptedChance.onto(game, rolls=[RED])
    game.apply(wld.ROLL)                                              # red: none left in the centre
    assert game.held[0] == [] and "no red pawn" in of_type(game.events, NothingHappens)[-1].reason
    give(game, 3, ["blue", "orange"])
    assert sum(game.centre.values()) == 0
    before = len(game.events)
    game.apply(wld.Award((2,)))                                       # seat 1 sketches; seat 2 can take nothing
    assert since(game, before)[1] == NothingHappens(2, "no pawn of a colour she lacks is left to take.")
    assert game.phase == "roll"


def test_the_sketch_cap_stops_gameboard_play():
    game = placed(n_players=3, max_sketches=3)
    while not game.is_over:
        game.apply(wld.TIME_UP)
    assert game.end_reason == "sketch cap" and game.winner is None and game.turns == 3
    assert game.events[-1] == TurnCap(None, 3)

"""Saving and restoring (``to_dict`` / ``from_dict``) in every phase, broken saves, and illegal actions.

Both a broken save and an illegal action must raise ValueError and change nothing.
"""
import copy
import json

import pytest

import boardkit as bk
from boardkit.games import win_lose_draw as wld
from boardkit.games.win_lose_draw.game import PHASES, catalogue
from game_helpers import saved

KEYS = ["game", "rules", "n_players", "seed", "chance", "box", "phase", "sketcher", "seen_by", "guessers", "pending",
        "turns", "cards_done", "steals", "team_scores", "sketches_by", "turn_team", "first_team", "held", "centre",
        "white_pawn", "takers", "ace_hopefuls", "winner", "end_reason", "lead", "events"]


def through_json(game):
    return wld.Game.from_dict(json.loads(json.dumps(game.to_dict())))


def bots_for(game, p_guess=0.5):
    return [wld.bots.Skilled(p_guess=p_guess, p_steal=0.5) for _ in range(game.n_players)]


# -- a game in each phase -----------------------------------------------------------------------

def team(**changes):
    return wld.Game(wld.Rules(**changes), n_players=5, seed=11)


def board(**changes):
    return wld.Game(wld.Rules(play="gameboard", **changes), n_players=4, seed=11)


def placed():
    game = board()
    game.apply(wld.PlacePawn(7))
    return game


def in_pick():
    return team(team_picks_sketcher=True)


def in_sketch_midgame():
    game = team()
    bots = bots_for(game)
    for _ in range(15):
        bk.step(game, bots)
    assert game.phase in ("sketch", "steal") and not game.is_over
    return game


def in_ruling():
    game = team()
    game.guess(game.guessers[0], game.card.answer)
    return game


def in_steal():
    game = team()
    game.apply(wld.TIME_UP)
    return game


def in_steal_ruling():
    game = in_steal()
    game.guess(game.members(1 - game.turn_team)[0], "pizza")
    return game


def in_take():
    game = placed()
    game.apply(wld.TIME_UP)                                           # the card stays: seat 0 has seen it
    game.apply(wld.Award((2, 3)))
    return game


def in_roll():
    game = in_take()
    game.apply(wld.TakePawn("red"))
    game.apply(wld.TakePawn("blue"))
    return game


def in_gameboard_midgame():
    game = placed()
    bots = bots_for(game, p_guess=0.7)
    for _ in range(30):
        bk.step(game, bots)
    assert sum(map(len, game.held)) > 0 and not game.is_over
    return game


PHASE_GAMES = {
    "pick": in_pick, "place": board, "sketch": in_sketch_midgame, "ruling": in_ruling, "steal": in_steal,
    "steal ruling": in_steal_ruling, "take": in_take, "roll": in_roll, "gameboard midgame": in_gameboard_midgame,
}


def test_the_games_cover_every_phase():
    assert {make().phase for make in PHASE_GAMES.values()} == set(PHASES)


@pytest.mark.parametrize("make", PHASE_GAMES.values(), ids=PHASE_GAMES.keys())
def test_a_save_in_every_phase_restores_and_continues_identically(make):
    game = make()
    state = game.to_dict()
    assert sorted(state) == sorted(KEYS)
    text = json.dumps(state)                                          # plain JSON data
    restored = wld.Game.from_dict(json.loads(text))
    assert saved(restored) == saved(game)
    assert (restored.phase, restored.current_player, restored.card) == (game.phase, game.current_player, game.card)
    assert restored.legal_actions() == game.legal_actions()
    split = len(game.events)
    bots = bots_for(game)
    bk.play(game, bots)
    bk.play(restored, bots)
    assert restored.events[split:] == game.events[split:]
    assert saved(restored) == saved(game) and game.is_over


def test_a_restored_game_takes_the_same_typed_guesses():
    game = in_steal()
    restored = through_json(game)
    for g in (game, restored):
        g.guess(g.members(1 - g.turn_team)[-1], g.card.answer)
        g.apply(wld.OVERRULE)
    assert saved(restored) == saved(game)


def test_a_save_holds_no_answer_in_clear():
    game = in_sketch_midgame()
    state = game.to_dict()
    state["events"] = None                                            # finished cards' answers are in the log
    assert game.card.answer not in json.dumps(state)


def test_a_game_without_events_round_trips():
    game = wld.Game(wld.Rules(play="gameboard"), n_players=3, seed=2, record_events=False)
    bots = bots_for(game)
    for _ in range(20):
        bk.step(game, bots)
    restored = through_json(game)
    assert restored.events is None and saved(restored) == saved(game)
    bk.play(game, bots)
    bk.play(restored, bots)
    assert saved(restored) == saved(game)


@pytest.mark.parametrize("play", ["team", "gameboard"])
def test_a_finished_game_round_trips(play):
    game = wld.Game(wld.Rules(play=play), n_players=4, seed=5)
    bk.play(game, bots_for(game, p_guess=0.8))
    assert game.is_over
    restored = through_json(game)
    assert saved(restored) == saved(game) and restored.is_over and restored.legal_actions() == []
    assert restored.result() == game.result()


def test_the_restored_event_log_equals_the_original():
    game = team()
    restored = through_json(game)
    assert restored.events == game.events
    assert restored.to_dict() == game.to_dict()


def test_a_game_won_by_a_confirmed_typed_guess_round_trips():
    game = team(team_target=1)
    game.guess(game.guessers[0], game.card.answer)
    game.apply(wld.CONFIRM)
    assert game.is_over and game.end_reason == "target"
    assert saved(through_json(game)) == saved(game)


# -- broken saves ---------------------------------------------------------------------------------

def midgame_save():
    game = in_gameboard_midgame()
    return game.to_dict()


def someone_holding(data):
    return next(seat for seat, held in enumerate(data["held"]) if held)


def break_box_repeat(data):
    data["box"][1][0] = data["box"][0][0]


def break_box_range(data):
    data["box"][0][1] = len(catalogue())


def break_box_negative(data):
    data["box"][3][0] = -1


def break_box_side(data):
    data["box"][0][2] = 2


def break_box_card(data):
    data["box"][0] = data["box"][0][:2]


def break_box_empty(data):
    data["box"] = []


def break_pawn_lost(data):
    data["centre"]["red"] -= 1 if data["centre"]["red"] else -1


def break_pawn_made(data):
    seat = someone_holding(data)
    colour = next(c for c in wld.COLOURS if c not in data["held"][seat])
    data["held"][seat].append(colour)                                 # from nowhere: the centre keeps its count


def break_pawn_twice(data):
    seat = someone_holding(data)
    data["held"][seat].append(data["held"][seat][0])


def break_pawn_colour(data):
    data["held"][0] = ["purple"]


def break_phase(data):
    data["phase"] = "dance"


def break_pending_outside_ruling(data):
    data["pending"] = [1, True, False]


def break_pending_shape(data):
    data["phase"], data["pending"] = "ruling", [1, "yes", False]


def break_ruling_without_pending(data):
    data["phase"] = "ruling"


def break_take_without_takers(data):
    data["phase"], data["takers"] = "take", []


def break_sketcher_guesses(data):
    data["guessers"] = data["guessers"] + [data["sketcher"]]


def break_seen_twice(data):
    data["seen_by"] = [0, 0]


BROKEN = {
    "a repeated item": break_box_repeat, "an item out of range": break_box_range,
    "a negative item": break_box_negative, "a side that is not 0 or 1": break_box_side,
    "a card without a side": break_box_card, "an empty box": break_box_empty,
    "a pawn lost": break_pawn_lost, "a pawn made": break_pawn_made, "a colour held twice": break_pawn_twice,
    "an unknown colour": break_pawn_colour, "an unknown phase": break_phase,
    "pending outside the ruling": break_pending_outside_ruling, "a bad pending": break_pending_shape,
    "a ruling with nothing pending": break_ruling_without_pending,
    "a take with nobody to take": break_take_without_takers, "the Sketcher guessing": break_sketcher_guesses,
    "a seat seen twice": break_seen_twice,
}


@pytest.mark.parametrize("breaks", BROKEN.values(), ids=BROKEN.keys())
def test_an_inconsistent_save_is_refused(breaks):
    data = midgame_save()
    breaks(data)
    with pytest.raises(ValueError):
        wld.Game.from_dict(data)


WRONG_VALUES = [
    ("turns", "3"), ("turns", -1), ("cards_done", 1.5), ("steals", None), ("sketcher", 4), ("sketcher", 1.0),
    ("sketcher", True), ("held", "red"), ("held", [[], []]), ("centre", {"red": 6}), ("centre", [6, 6, 6, 6]),
    ("team_scores", [0]), ("team_scores", [0, 9]), ("sketches_by", [0, 0]), ("turn_team", 2),
    ("first_team", "A"), ("white_pawn", 28), ("white_pawn", -1), ("takers", [7]), ("takers", "1"),
    ("ace_hopefuls", [1, 1]), ("winner", "me"), ("winner", 4), ("end_reason", 3), ("events", "none"),
    ("events", [{"type": "Explosion"}]), ("events", [{"type": "Scored", "team": 0}]), ("box", "cards"),
    ("box", [[0, 1]]), ("box", [["0", 1, 0]]), ("n_players", 7), ("n_players", 2), ("rules", {"play": "solo"}),
    ("rules", None), ("chance", None), ("lead", None), ("guessers", None),
]


@pytest.mark.parametrize("key, value", WRONG_VALUES)
def test_a_value_of_the_wrong_kind_is_refused(key, value):
    data = midgame_save()
    data[key] = value
    with pytest.raises(ValueError):
        wld.Game.from_dict(data)


@pytest.mark.parametrize("key", KEYS)
def test_a_missing_key_is_refused(key):
    data = midgame_save()
    del data[key]
    with pytest.raises(ValueError):
        wld.Game.from_dict(data)


@pytest.mark.parametrize("name", ["mouse_trap", None, "Win, Lose or Draw"])
def test_a_save_of_another_game_is_refused(name):
    data = midgame_save()
    data["game"] = name
    with pytest.raises(ValueError, match="Win, Lose or Draw"):
        wld.Game.from_dict(data)


@pytest.mark.parametrize("data", [None, [], "win_lose_draw", 7])
def test_not_a_save_at_all(data):
    with pytest.raises(ValueError):
        wld.Game.from_dict(data)


def test_team_play_needs_team_sized_saves():
    data = in_steal().to_dict()
    data["n_players"] = 3
    with pytest.raises(ValueError, match="n_players"):
        wld.Game.from_dict(data)


def test_a_box_item_from_a_category_the_rules_leave_out_is_refused():
    game = wld.Game(wld.Rules(categories=("Books",)), n_players=4, seed=1)
    data = game.to_dict()
    movie = next(i for i, card in enumerate(catalogue()) if card.category == "Movies")
    data["box"][0][0] = movie
    with pytest.raises(ValueError, match="Movies"):
        wld.Game.from_dict(data)


def test_a_box_with_cards_missing_is_refused():
    data = midgame_save()
    data["box"] = data["box"][:10]
    with pytest.raises(ValueError, match="box"):
        wld.Game.from_dict(data)


def test_a_refused_save_leaves_the_data_as_it_was():
    data = midgame_save()
    break_pawn_lost(data)
    before = copy.deepcopy(data)
    with pytest.raises(ValueError):
        wld.Game.from_dict(data)
    assert data == before


# -- illegal actions change nothing ---------------------------------------------------------------------

def over():
    game = team(team_target=1)
    game.apply(wld.Award((game.guessers[0],)))
    return game


def other_team(game):
    """The team whose turn it is not."""
    return game.members(1 - game.turn_team)


ILLEGAL = [
    ("pick", in_pick, lambda g: [wld.PickSketcher(other_team(g)[0]), wld.PickSketcher(7), wld.TIME_UP]),
    ("place", board, lambda g: [wld.PlacePawn(1), wld.PlacePawn(28), wld.PlacePawn(-1), wld.TIME_UP, wld.ROLL]),
    ("sketch", team, lambda g: [wld.Award((g.sketcher,)), wld.Award((other_team(g)[0],)), wld.Award((99,)),
                                wld.CONFIRM, wld.ROLL, wld.PlacePawn(0),
                                wld.TakePawn("red"), None, "time up", ("time up", "time up")]),
    ("ruling", in_ruling, lambda g: [wld.TIME_UP, wld.Award(g.guessers[:1]), wld.ROLL]),
    ("steal", in_steal, lambda g: [wld.Award((g.sketcher,)), wld.Award(g.guessers[:1]), wld.CONFIRM,
                                   wld.Award(tuple(other_team(g)))]),
    ("take", in_take, lambda g: [wld.TakePawn("purple"), wld.TIME_UP, wld.ROLL, wld.Award((2,))]),
    ("roll", in_roll, lambda g: [wld.TIME_UP, wld.TakePawn("green"), wld.CONFIRM]),
    ("over", over, lambda g: [wld.TIME_UP, wld.Award(g.guessers), wld.ROLL]),
]


@pytest.mark.parametrize("phase, make, illegal", ILLEGAL, ids=[i[0] for i in ILLEGAL])
def test_an_illegal_action_raises_and_changes_nothing(phase, make, illegal):
    game = make()
    before, legal = saved(game), list(game.legal_actions())
    for action in illegal(game):
        with pytest.raises(ValueError):
            game.apply(action)
        assert saved(game) == before and game.legal_actions() == legal


def test_a_colour_already_held_cannot_be_taken():
    game = in_take()
    assert game.current_player == 2
    game.held[2] = ["green"]
    game.centre["green"] -= 1
    game._legal = None
    before = saved(game)
    with pytest.raises(ValueError, match="not legal"):
        game.apply(wld.TakePawn("green"))
    assert saved(game) == before


def test_an_unsuccessful_sketcher_cannot_be_awarded_the_card():
    game = placed()
    game.apply(wld.TIME_UP)
    before = saved(game)
    with pytest.raises(ValueError):
        game.apply(wld.Award((0,)))
    assert saved(game) == before

"""Game.to_dict / Game.from_dict: JSON-safe saves, and clear errors for broken ones."""
import copy
import json

import pytest

import boardkit as bk
from boardkit.games import mystery_date as md
from md_helpers import arrange, land, new_game, saved
from boardkit.games.mystery_date.rules import SWAP_LEFT

KEYS = ["game", "rules", "n_players", "seed", "chance", "positions", "hands", "draw_pile", "discard_pile",
        "current", "phase", "swap_with", "last_roll", "turns", "winner", "won_date", "end_reason", "lead", "events"]


def midgame(seed=3, steps=40, n_players=3, **changes):
    game = new_game(n_players=n_players, seed=seed, **changes)
    bots = [md.bots.Random()] * n_players
    for _ in range(steps):
        bk.step(game, bots)
    return game


def through_json(game):
    return md.Game.from_dict(json.loads(json.dumps(game.to_dict())))


def test_save_has_every_key():
    assert sorted(midgame().to_dict()) == sorted(KEYS)


def test_round_trip_mid_decision():
    game = arrange(new_game(seed=5), hands=["r1 r2", "g1 g2 g3", "", ""], discard="o1")
    land(game, SWAP_LEFT)
    assert game.phase == "give"
    restored = through_json(game)
    assert restored.phase == "give" and restored.swap_with == 1
    assert restored.legal_actions() == game.legal_actions()
    action = game.legal_actions()[1]
    game.apply(action)
    restored.apply(action)
    assert saved(restored) == saved(game)


def test_round_trip_without_events_and_after_the_end():
    game = new_game(seed=2, record_events=False)
    bk.play(game)
    restored = through_json(game)
    assert restored.events is None
    assert restored.is_over and restored.winner == game.winner
    assert restored.to_dict() == game.to_dict()


def test_round_trip_of_a_variant():
    game = midgame(copies=2, hand_limit=4, door_weights=(1, 0.5, 2, 0, 1.25), board=("door", "take2", "swap_any"))
    restored = through_json(game)
    assert restored.rules == game.rules
    assert restored.to_dict() == game.to_dict()


@pytest.mark.parametrize("key", KEYS)
def test_missing_key(key):
    data = midgame().to_dict()
    del data[key]
    with pytest.raises(ValueError):
        md.Game.from_dict(data)


@pytest.mark.parametrize("bad_card", [["purple", 1], ["red", 4], ["red", 0], "red1", ["red"], None, ["red", "1"]])
@pytest.mark.parametrize("where", ["hand", "draw", "discard", "event"])
def test_wrong_card(bad_card, where):
    data = midgame().to_dict()
    if where == "hand":
        hand = next(h for h in data["hands"] if h)
        hand[0] = bad_card
    elif where == "draw":
        data["draw_pile"][0] = bad_card
    elif where == "discard":
        data["discard_pile"][-1] = bad_card
    else:
        event = next(e for e in data["events"] if e["type"] == "Took")
        event["card"] = bad_card
    with pytest.raises(ValueError):
        md.Game.from_dict(data)


def test_cards_not_conserved():
    data = midgame().to_dict()
    more = copy.deepcopy(data)
    more["hands"][0].append(["red", 1])  # a card too many
    with pytest.raises(ValueError, match="deck"):
        md.Game.from_dict(more)
    fewer = copy.deepcopy(data)
    fewer["draw_pile"].pop()  # a card lost
    with pytest.raises(ValueError, match="deck"):
        md.Game.from_dict(fewer)
    swapped = copy.deepcopy(data)
    swapped["draw_pile"][0] = ["red", 1] if swapped["draw_pile"][0] != ["red", 1] else ["green", 1]
    with pytest.raises(ValueError, match="deck"):
        md.Game.from_dict(swapped)
    moved = copy.deepcopy(data)  # a card moved between the piles: still the whole deck
    moved["discard_pile"].insert(0, moved["draw_pile"].pop(0))
    assert md.Game.from_dict(moved).card_counts() == midgame().card_counts()


@pytest.mark.parametrize("name", ["monopoly", None, "Mystery Date"])
def test_wrong_game_name(name):
    data = midgame().to_dict()
    data["game"] = name
    with pytest.raises(ValueError, match="Mystery Date"):
        md.Game.from_dict(data)


@pytest.mark.parametrize("data", [None, [], "mystery_date", 42])
def test_not_a_saved_game(data):
    with pytest.raises(ValueError):
        md.Game.from_dict(data)


@pytest.mark.parametrize("key,value", [
    ("n_players", 5), ("n_players", 2), ("positions", [0, 7]), ("positions", [0, 7, 28]),
    ("positions", [0, 7, -1]), ("current", 3), ("current", -1), ("current", "0"),
    ("rules", {"hand_limit": 2}), ("rules", {"pool": True}), ("rules", None),
    ("chance", {"seed": 1}), ("chance", None), ("hands", [[], []]),
])
def test_inconsistent_saves(key, value):
    data = midgame().to_dict()
    data[key] = value
    with pytest.raises(ValueError):
        md.Game.from_dict(data)


def test_unknown_event_type():
    data = midgame().to_dict()
    data["events"].append({"type": "Eloped", "player": 0})
    with pytest.raises(ValueError, match="Eloped"):
        md.Game.from_dict(data)


@pytest.mark.parametrize("key,value", [
    ("positions", None), ("hands", None), ("draw_pile", None), ("discard_pile", 5),
    ("positions", ["a", 1, 2]), ("events", 7), ("phase", "dance"), ("phase", None),
])
def test_wrong_types_raise_value_error_not_crash(key, value):
    """BUG: these raise TypeError / AssertionError from deep inside load_game.

    ``load_game`` catches only KeyError; a wrong type (``int(None)``,
    iterating ``None``) escapes as TypeError, and an unknown phase reaches
    ``_legal_actions``'s ``AssertionError``.  A save edited by hand, or sent
    by a browser, should get the clear ValueError the design promises.
    """
    data = midgame().to_dict()
    data[key] = value
    with pytest.raises(ValueError):
        md.Game.from_dict(data)


def test_a_swap_in_progress_needs_a_partner():
    """BUG: a save in phase 'give' with no swap partner loads, then the legal Give crashes."""
    data = midgame().to_dict()
    hand = next(i for i, h in enumerate(data["hands"]) if h)
    data.update(phase="give", current=hand, swap_with=None)
    with pytest.raises(ValueError):
        game = md.Game.from_dict(data)
        game.apply(game.legal_actions()[0])  # TypeError: list indices must be integers, not NoneType


def test_the_partner_is_forgotten_when_a_swap_cannot_happen():
    """A SWAP LEFT with an empty hand leaves ``swap_with`` set in the saved state of the next turn."""
    game = arrange(new_game(seed=5), hands=["r1 r2", "", "b1", "o1"], discard="o2")
    land(game, SWAP_LEFT)
    assert game.phase == "roll" and game.current == 1
    assert game.to_dict()["swap_with"] is None

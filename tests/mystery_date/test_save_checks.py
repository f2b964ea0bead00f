"""Every key of a save is checked at load, and a save is a snapshot (issue 16).

Mutation tests: each key of a save (and each key inside its rules, lead and
chance) is deleted, set to None, to a wrong type, to a huge and to a negative
value.  Each mutated save either raises ValueError, or its value is legal: it
loads, saves back to exactly the mutated data, and plays on to the end.
"""
import copy
import json

import pytest

import boardkit as bk
from boardkit.games import mystery_date as md

DELETE = object()
MUTATIONS = [DELETE, None, "x", 10**12, -1, 2.5, True, [], {}, [[1]]]


def reach(phase, seed, n_players=3, steps=5000, **changes):
    """A game played by Random bots up to the first decision in ``phase`` (or its end, for 'over')."""
    rules = md.Rules().replace(**changes)
    game = md.Game(rules, n_players=n_players, seed=seed)
    bots = [md.bots.Random()] * n_players
    for _ in range(steps):
        if (game.is_over if phase == "over" else game.phase == phase and game.turns > 3):
            return game
        bk.step(game, bots)
    raise AssertionError(f"no {phase!r} reached")


SAVES = {
    "rolling": lambda: reach("roll", seed=3),
    "giving": lambda: reach("give", seed=4),
    "discarding": lambda: reach("discard", seed=5, hand_limit=3),
    "choosing pile": lambda: reach("choose pile", seed=6),
    "showing": lambda: reach("show outfit", seed=7, n_players=2),
    "date found": lambda: reach("over", seed=10, n_players=4),
    "turn cap": lambda: reach("over", seed=9, n_players=2, max_turns=30, door_weights=(0, 0, 0, 0, 1)),
}


def paths(data):
    """Every key of a save, and every key of its rules, lead and chance, as (key, subkey or None)."""
    for key in data:
        yield key, None
    for key in ("rules", "lead", "chance"):
        for sub in data[key]:
            yield key, sub


def mutated(data, path, value):
    data = copy.deepcopy(data)
    key, sub = path
    holder, name = (data, key) if sub is None else (data[key], sub)
    if value is DELETE:
        del holder[name]
    else:
        holder[name] = copy.deepcopy(value)
    return data


@pytest.fixture(scope="module")
def saves():
    return {name: make() for name, make in SAVES.items()}


def test_each_save_is_in_the_state_it_names(saves):
    assert saves["giving"].phase == "give" and saves["discarding"].phase == "discard"
    assert saves["date found"].end_reason == "date found" and saves["turn cap"].end_reason == "turn cap"
    assert saves["showing"].phase == "show outfit"


@pytest.mark.parametrize("name", SAVES)
def test_every_key_deleted_none_wrong_huge_or_negative_is_refused_or_legal(saves, name):
    data = saves[name].to_dict()
    tried = refused = 0
    for path in paths(data):
        for value in MUTATIONS:
            bad = mutated(data, path, value)
            if bad == data:
                continue
            tried += 1
            try:
                game = md.Game.from_dict(bad)
            except ValueError:
                refused += 1
                continue
            # a legal value: it loads as it was saved, and the game plays on without a crash
            assert game.to_dict() == bad, (path, value)
            bk.play(game, [md.bots.Random()] * game.n_players, max_steps=20_000)
    assert refused > 0.9 * tried  # nearly every mutation is damage


@pytest.mark.parametrize("key,value,match", [
    ("turns", "x", "turns"), ("turns", -1, "turns"), ("turns", 10**12, "turns"), ("turns", 2.0, "turns"),
    ("turns", True, "turns"),
    ("end_reason", "date found", "winner"), ("end_reason", "turn cap", "turn"), ("end_reason", "bored", "end_reason"),
    ("winner", 0, "winner"), ("winner", 7, "winner"), ("winner", True, "winner"),
    ("won_date", "red", "won_date"), ("won_date", ["red"], "won_date"),
    ("last_roll", 0, "last_roll"), ("last_roll", 7, "last_roll"), ("last_roll", None, "last_roll"),
    ("last_roll", "3", "last_roll"), ("last_roll", True, "last_roll"),
    ("seed", "abc", "seed"), ("seed", -5, "seed"), ("seed", 2**64, "seed"), ("seed", True, "seed"),
    ("current", True, "current"), ("phase", "dance", "phase"), ("phase", "show outfit", "phase"),
    ("phase", "discard", "phase"), ("positions", [0, True, 2], "positions"), ("positions", [0, 1], "positions"),
    ("hands", [[], [], [], []], "hands"), ("events", "events", "events"),
    ("swap_with", 1, "swap_with"),
])
def test_named_damage_is_refused_naming_the_key(saves, key, value, match):
    data = saves["rolling"].to_dict()
    data[key] = value
    with pytest.raises(ValueError, match=match):
        md.Game.from_dict(data)


def test_any_end_reason_on_a_game_that_goes_on_is_refused(saves):
    """Before issue 16 any non-null end_reason silently ended a loaded game."""
    for reason in ("date found", "turn cap"):
        data = saves["rolling"].to_dict()
        data["end_reason"] = reason
        with pytest.raises(ValueError):
            md.Game.from_dict(data)


def test_a_won_game_must_say_who_won_what(saves):
    data = saves["date found"].to_dict()
    other = [c for c in md.COLOURS if c != data["won_date"]][0]
    for key, value in [("winner", None), ("won_date", None), ("won_date", other),
                       ("winner", (data["winner"] + 1) % 4)]:
        bad = dict(data, **{key: value})
        with pytest.raises(ValueError):
            md.Game.from_dict(bad)


def test_the_lead_must_match_the_hands(saves):
    data = saves["rolling"].to_dict()
    scores = data["lead"]["scores"]
    seat = next(i for i, s in enumerate(scores) if s < 3)
    data["lead"]["scores"][seat] += 1
    data["lead"]["worst_deficit"] = [3] * len(scores)
    data["lead"]["leader"] = None if data["lead"]["scores"].count(max(scores)) > 1 else \
        data["lead"]["scores"].index(max(data["lead"]["scores"]))
    with pytest.raises(ValueError, match="lead"):
        md.Game.from_dict(data)


def test_a_swap_partner_with_an_empty_hand_is_refused(saves):
    game = saves["giving"]
    data = game.to_dict()
    partner = data["swap_with"]
    data["draw_pile"] += data["hands"][partner]
    data["hands"][partner] = []
    data["lead"] = md.Game.from_dict(game.to_dict()).lead.to_dict()
    with pytest.raises(ValueError, match="swap_with|lead"):
        md.Game.from_dict(data)


# -- a save is a snapshot --------------------------------------------------------

@pytest.mark.parametrize("name", SAVES)
def test_a_save_is_a_snapshot_that_loads_the_position_it_was_taken_at(saves, name):
    game = md.Game.from_dict(saves[name].to_dict())
    d = game.to_dict()
    kept = json.dumps(d, sort_keys=True)
    for _ in range(300):
        if game.is_over:
            break
        bk.step(game, [md.bots.Random()] * game.n_players)
    assert json.dumps(d, sort_keys=True) == kept  # playing on changed nothing in the save
    assert json.dumps(md.Game.from_dict(d).to_dict(), sort_keys=True) == kept


def every_container(value):
    if isinstance(value, list):
        yield value
        for item in value:
            yield from every_container(item)
    elif isinstance(value, dict):
        yield value
        for item in value.values():
            yield from every_container(item)


@pytest.mark.parametrize("name", SAVES)
def test_a_loaded_game_shares_no_list_with_its_input(saves, name):
    data = saves[name].to_dict()
    game = md.Game.from_dict(data)
    before = json.dumps(game.to_dict(), sort_keys=True)
    for container in list(every_container(data)):  # wreck every list and dict of the input
        if isinstance(container, list):
            container.append(["junk"])
        else:
            container["junk"] = 1
    assert json.dumps(game.to_dict(), sort_keys=True) == before


@pytest.mark.parametrize("name", SAVES)
def test_changing_a_save_after_taking_it_changes_nothing_in_the_game(saves, name):
    game = md.Game.from_dict(saves[name].to_dict())
    before = json.dumps(game.to_dict(), sort_keys=True)
    for container in list(every_container(game.to_dict())):
        if isinstance(container, list):
            container.append(["junk"])
        else:
            container["junk"] = 1
    assert json.dumps(game.to_dict(), sort_keys=True) == before

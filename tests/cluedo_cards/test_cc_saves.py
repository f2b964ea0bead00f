"""Saves: every key of a save is checked at load (ValueError naming it), and a save is a snapshot.

The mutation tests damage one key at a time -- delete it, set it to None, to a
value of the wrong type, to a huge number, to a negative number -- and, for
the keys holding lists, one entry of the list; each damaged save is refused
with a ValueError that names the key (or is a valid save and loads).
"""
import copy
import json

import pytest

import boardkit as bk
from boardkit.games import cluedo_cards as cc
from boardkit.games.cluedo_cards.saving import KEYS
from cc_helpers import new_game, saved

HUGE = 10**30


def _game(steps, seed=5, n_players=4, **changes):
    game = new_game(n_players=n_players, seed=seed, **changes)
    bots = [cc.bots.Random()] * n_players
    for _ in range(steps):
        if game.is_over:
            break
        bk.step(game, bots)
    return game


MID_GAME = json.loads(json.dumps(_game(60).to_dict()))
FINISHED = json.loads(json.dumps(_game(10**6).to_dict()))
#: None is a real value of these keys in a game still going on
NONE_ALLOWED = {"seed", "winner", "end_reason", "events"}
#: keys whose name the error message may give in words
SAID_AS = {"chance": "randomness", "n_players": "n_players"}


def _mutations(data):
    for key in KEYS:
        value = data[key]
        yield key, "deleted", {k: v for k, v in data.items() if k != key}
        for what, new in (("None", None), ("text", "x") if not isinstance(value, str) else ("number", 7),
                          ("huge", HUGE), ("negative", -1), ("a dict", {"x": 1}), ("a float", 1.5),
                          ("True", True)):
            yield key, what, {**data, key: new}
        if isinstance(value, list) and value:
            for what, new in (("None", None), ("huge", HUGE), ("negative", -1), ("text", "x")):
                damaged = copy.deepcopy(data)
                damaged[key][0] = new
                yield key, f"entry {what}", damaged


def _check(key, what, damaged, base):
    try:
        game = cc.Game.from_dict(damaged)
    except ValueError as error:
        message = str(error)
        assert key in message or SAID_AS.get(key, key) in message, (key, what, message)
        return "refused"
    # Accepted: it must be a real save, equal to what it says (None where None is a value:
    # an unseeded game, no winner or end yet, no event log, a void round).
    assert ((what == "None" and key in NONE_ALLOWED and (base is MID_GAME or key in ("seed", "events")))
            or (what == "entry None" and key == "round_winners")), (key, what, "accepted")
    assert json.loads(saved(game)) == damaged
    return "loaded"


@pytest.mark.parametrize("base", [MID_GAME, FINISHED], ids=["mid-game", "finished"])
def test_every_key_damaged_every_way_is_refused_naming_the_key(base):
    outcomes = [_check(key, what, damaged, base) for key, what, damaged in _mutations(base)]
    assert outcomes.count("refused") > 8 * len(KEYS)


def test_the_save_checks_agree_with_each_other():
    """Values of the right type that contradict the rest of the save are refused too."""
    cases = {
        "leaders": {**FINISHED, "leaders": FINISHED["leaders"][:-1] + ["="]},
        "scores": {**MID_GAME, "scores": [s + 1 for s in MID_GAME["scores"]]},
        "end_reason": {**MID_GAME, "end_reason": "target reached"},
        "winner": {**FINISHED, "winner": None},
        "round_turns": {**MID_GAME, "round_turns": 400},
        "lead": {**MID_GAME, "lead": {**MID_GAME["lead"], "scores": [9, 9, 9, 9]}},
        "unknown keys": {**MID_GAME, "cheat": 1},
        "missing": {**MID_GAME, "missing": [401, 0, 0, 0]},
        "penalties": {**MID_GAME, "penalties": 10**6},
    }
    for name, damaged in cases.items():
        with pytest.raises(ValueError) as error:
            cc.Game.from_dict(damaged)
        assert name.split()[0] in str(error.value) or name == "end_reason", (name, str(error.value))


def test_a_damaged_event_is_refused_naming_it():
    data = copy.deepcopy(MID_GAME)
    played = next(i for i, e in enumerate(data["events"]) if e["type"] == "Played")
    for field, value in (("player", 9), ("player", "x"), ("card", ["dagger", 9])):
        damaged = copy.deepcopy(data)
        damaged["events"][played][field] = value
        with pytest.raises(ValueError, match=f"Played.{field}"):
            cc.Game.from_dict(damaged)


@pytest.mark.parametrize("n_players,changes", [(4, {}), (2, {"empty_draw": "pass", "copies": 2}),
                                               (3, {"powers": (("dagger", "skip chosen"),), "ties": "round winner"})])
def test_a_save_is_a_snapshot(n_players, changes):
    """d = g.to_dict(); play on: d is unchanged and still loads the position it was taken at;
    the loaded game shares no list (or dict) with the save it was loaded from."""
    game = _game(40, seed=9, n_players=n_players, **changes)
    data = game.to_dict()
    frozen = copy.deepcopy(data)
    text = saved(game)
    bots = [cc.bots.Random()] * n_players
    for _ in range(300):
        if game.is_over:
            break
        bk.step(game, bots)
    assert data == frozen
    loaded = cc.Game.from_dict(data)
    assert saved(loaded) == text
    assert data == frozen
    in_save = {id(x) for x in _containers(data)}
    assert not in_save & {id(x) for x in _containers(loaded.__dict__)}
    for _ in range(300):  # playing the loaded game on leaves the save alone too
        if loaded.is_over:
            break
        bk.step(loaded, bots)
    assert data == frozen


def _containers(value, seen=None):
    """Every list and dict inside ``value`` (objects' attributes included)."""
    seen = [] if seen is None else seen
    if isinstance(value, (list, dict)):
        seen.append(value)
        for item in (value.values() if isinstance(value, dict) else value):
            _containers(item, seen)
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        _containers(vars(value), seen)
    elif hasattr(value, "__slots__"):
        for name in value.__slots__:
            _containers(getattr(value, name, None), seen)
    return seen


def test_a_save_waiting_for_a_daggers_choice_on_the_last_turn_of_a_round_loads():
    """max_turns=1: the Dagger's play is the round's last turn, but the turn ends only after the choice."""
    from cc_helpers import C, arrange
    game = arrange(new_game(max_turns=1), [["dagger 2", "rope 3"], ["Rev. Green 1", "Rev. Green 2"],
                                           ["Rev. Green 3", "lead piping 2"], ["lead piping 1", "lead piping 3"]],
                   top="spanner 2")
    game.apply(cc.Play(C("dagger 2")))
    assert game.round_turns == 1 and game.phase == "choose skip"
    assert saved(cc.Game.from_dict(json.loads(saved(game)))) == saved(game)

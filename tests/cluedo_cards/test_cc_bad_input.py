"""Nonsense in, clear ValueError out: bad rules, bad player counts, bad saves."""
import json

import pytest

import boardkit as bk
from boardkit.games import cluedo_cards as cc
from cc_helpers import new_game


@pytest.mark.parametrize("field,value", [
    ("hand_size", 0), ("hand_size", 5.0), ("hand_size", "5"), ("hand_size", True), ("hand_size", 20),
    ("target", 0), ("target", -3), ("target", 10.5), ("target", None),
    ("going_out_points", -1), ("going_out_points", 3.0),
    ("copies", 0), ("copies", "1"),
    ("max_turns", 0), ("max_turns", 1e9), ("max_rounds", 0), ("max_rounds", False),
    ("pictures", ()), ("pictures", ("dagger", "dagger")), ("pictures", ["dagger"]), ("pictures", ("", "x")),
    ("pictures", ("dagger", 3)), ("pictures", "dagger"),
    ("numbers", ()), ("numbers", (1, 1)), ("numbers", (1.5,)), ("numbers", (True, 2)), ("numbers", [1, 2, 3]),
    ("miniatures", ()), ("miniatures", (("dagger", 1),)), ("miniatures", (("pipe", 1),) * 4),
    ("miniatures", (("dagger", -1),) * 4), ("miniatures", (("dagger", 1.5),) * 4), ("miniatures", ("dagger",) * 4),
    ("miniatures", [("dagger", 1)] * 4),
    ("powers", (("dagger", "explode"),)), ("powers", (("pipe", "again"),)),
    ("powers", (("dagger", "again"), ("dagger", "skip next"))), ("powers", ("dagger",)), ("powers", [("rope", "again")]),
    ("empty_draw", "panic"), ("empty_draw", None), ("ties", "share"), ("starter", "dealer"), ("starter", 0),
    ("floor_at_zero", 0), ("floor_at_zero", "yes"),
])
def test_bad_rule_raises_naming_the_field(field, value):
    with pytest.raises(ValueError, match=field):
        cc.Rules(**{field: value})
    with pytest.raises(ValueError, match=field):
        cc.Rules().replace(**{field: value})


@pytest.mark.parametrize("field,value,allowed", [
    ("hand_size", 31, "a whole number up to 30"), ("target", 501, "a whole number up to 500"),
    ("going_out_points", 101, "a whole number up to 100"),
    ("copies", 10**6, "a whole number up to 4"), ("copies", 5, "a whole number up to 4"),
    ("max_turns", 10_001, "a whole number up to 10,000"), ("max_rounds", 10**18, "a whole number up to 1,000"),
    ("pictures", tuple(f"p{i}" for i in range(25)), "at most 24 different pictures, not 25"),
    ("numbers", tuple(range(13)), "at most 12 different numbers, not 13"),
    ("miniatures", (("dagger", 1),) * 25, "2 to 24"), ("miniatures", (("dagger", 101),) * 4, "0 to 100"),
])
def test_every_size_field_has_an_upper_bound(field, value, allowed):
    """A huge value is refused at once (copies=10**6 used to take two minutes and 2.7 GB), naming field, value, limit."""
    with pytest.raises(ValueError, match=field) as error:
        cc.Rules(**{field: value})
    assert allowed in str(error.value) and repr(value)[:20] in str(error.value)
    assert "LIMITS" not in str(error.value)       # a student reads this in the lesson: no code names


def test_the_upper_bounds_themselves_are_playable():
    """The largest values a teacher may ask for still make a game that deals, plays and ends."""
    limits = cc.rules.LIMITS
    pictures = tuple(f"picture {i}" for i in range(limits["pictures"]))
    rules = cc.Rules(pictures=pictures, numbers=tuple(range(1, limits["numbers"] + 1)), copies=limits["copies"],
                     hand_size=limits["hand_size"], miniatures=((pictures[0], limits["penalty"]),) * limits["miniatures"],
                     powers=(), target=3, max_turns=limits["max_turns"], max_rounds=3)
    game = cc.Game(rules, n_players=4, seed=1, record_events=False)
    bk.play(game)
    assert game.is_over and len(game.draw_pile) + len(game.discard_pile) + sum(map(len, game.hands)) == 1152


def test_unknown_rule():
    with pytest.raises(ValueError, match="hand_limit"):
        cc.Rules().replace(hand_limit=3)


@pytest.mark.parametrize("n_players", [0, 1, 5, 2.0, "3", None])
def test_bad_player_counts(n_players):
    with pytest.raises(ValueError, match="n_players"):
        cc.Game(n_players=n_players)


def test_too_few_miniatures_or_cards_for_the_players():
    rules = cc.Rules(miniatures=(("dagger", 1), ("rope", 2), ("Mrs. White", 3)))
    cc.Game(rules, 3)
    with pytest.raises(ValueError, match="miniatures"):
        cc.Game(rules, 4)
    with pytest.raises(ValueError, match="hand_size"):
        cc.Game(cc.Rules(hand_size=9), 4)


def _saved(**changes):
    game = new_game(seed=5)
    for _ in range(25):
        bk.step(game, [cc.bots.Random()] * 4)
    data = json.loads(json.dumps(game.to_dict()))
    data.update(changes)
    return data


@pytest.mark.parametrize("garbage", [
    None, [], "game", {"game": "mouse_trap"}, {"game": "cluedo_cards"},
    _saved(n_players=5), _saved(rules={"target": -1}), _saved(rules=[1]), _saved(hands="x"),
    _saved(hands=[[["spanner", 9]]] * 4), _saved(hands=[[]] * 4), _saved(draw_pile=[]), _saved(discard_pile=[]),
    _saved(miniatures=[0, 0, 1, 2]), _saved(miniatures=[0, 1, 2, 9]), _saved(set_aside=[3, 3]),
    _saved(scores=[0, 0]), _saved(scores=[0, 0, "1", 0]), _saved(missing=[-1, 0, 0, 0]),
    _saved(round=0), _saved(round_turns=-1), _saved(current=4), _saved(starter=None), _saved(phase="dance"),
    _saved(turns=-1), _saved(winner=7), _saved(end_reason="boredom"), _saved(chance={}),
    _saved(events=[{"type": "Nope"}]), _saved(events=[{"type": "Played", "player": 0, "card": "x"}]),
    _saved(round_winners=[0, 1, 2, 3, 0, 1, 2, 3]), _saved(leaders=None),
    {k: v for k, v in _saved().items() if k != "scores"},
])
def test_from_dict_garbage_raises_value_error(garbage):
    with pytest.raises(ValueError):
        cc.Game.from_dict(garbage)


def test_a_good_save_loads():
    data = _saved()
    assert json.loads(json.dumps(cc.Game.from_dict(data).to_dict())) == data

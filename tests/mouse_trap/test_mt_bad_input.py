"""Nonsense in, clear ValueError out: bad rules, bad saves, illegal actions."""
import json
from fractions import Fraction

import pytest

import boardkit as bk
from boardkit.games import mouse_trap as mt
from mt_helpers import CRANK_SPACE, SAFE, WHEEL, arrange, complete, land, new_game, saved

NAN, INF = float("nan"), float("inf")
GOOD_LOOP = ("safe", "crank", "wheel")


@pytest.mark.parametrize("field,value", [
    ("cheese_count", -1), ("cheese_count", 30.0), ("cheese_count", "30"), ("cheese_count", True),
    ("n_parts", -1), ("n_parts", 24.5), ("n_parts", None),
    ("wheel_cheese", -2), ("push_cost", 0), ("push_cost", -1), ("push_cost", 1.0),
    ("die_sides", 0), ("die_sides", 6.0), ("max_turns", 0), ("max_turns", 1e9),
    ("wheel_cheese_when_sent", 1), ("crank_when_sent", "yes"), ("crank_when_sent", None),
    ("stage_odds", (0.9,) * 15), ("stage_odds", (0.9,) * 17), ("stage_odds", [0.9] * 16),
    ("stage_odds", (0.9,) * 15 + (1.5,)), ("stage_odds", (-0.1,) + (0.9,) * 15),
    ("stage_odds", (NAN,) + (0.9,) * 15), ("stage_odds", (INF,) + (0.9,) * 15),
    ("stage_odds", ("0.9",) * 16), ("stage_odds", (True,) * 16), ("stage_odds", (Fraction(3, 2),) + (1,) * 15),
    ("backups", ("Z",)), ("backups", ("A", "A")), ("backups", "A"), ("backups", ["A"]),
    ("path", ()), ("path", ("take 1",)), ("path", ("start", "start")), ("path", ("start", "jump 3")),
    ("path", ("start", "take 0")), ("path", ("start", "take -1")), ("path", ("start", "build 5")),
    ("path", ("start", "build 2-2")), ("path", ("start", "build 2 x0")), ("path", ("start", "take")),
    ("path", ("start", 3)), ("path", ("start", "safe")), ("path", ("start", "crank")), ("path", "start"),
    ("loop", ()), ("loop", ("wheel",)), ("loop", ("crank", "safe", "wheel")), ("loop", ("safe", "crank")),
    ("loop", ("safe", "wheel")), ("loop", ("safe", "crank", "crank", "wheel")),
    ("loop", ("safe", "crank", "start", "wheel")), ("loop", ["safe", "crank", "wheel"]),
])
def test_bad_rule_raises_naming_the_field(field, value):
    with pytest.raises(ValueError, match=field):
        mt.Rules(**{field: value})
    with pytest.raises(ValueError, match=field):
        mt.Rules().replace(**{field: value})


def test_the_error_message_says_what_is_allowed():
    with pytest.raises(ValueError) as info:
        mt.Rules(push_cost=0)
    assert "push_cost=0" in str(info.value) and "from 1 to 100" in str(info.value)
    with pytest.raises(ValueError) as info:
        mt.Rules(path=("start", "jump 3"))
    assert "path=" in str(info.value) and "'jump 3'" in str(info.value)


def test_good_small_variants_are_allowed():
    rules = mt.Rules(path=("start",), loop=GOOD_LOOP, n_parts=0, cheese_count=0, backups=("A", "P"))
    assert len(rules.spaces) == 4 and rules.safe == 1 and rules.wheel == 3
    assert mt.Rules(stage_odds=(Fraction(1, 2),) * 16).stage_floats == (0.5,) * 16


@pytest.mark.parametrize("n_players", [1, 5, 0, 2.0, "3", None])
def test_bad_player_counts(n_players):
    with pytest.raises(ValueError, match="n_players"):
        mt.Game(mt.Rules(), n_players=n_players)
    with pytest.raises(ValueError, match="n_players"):
        bk.simulate(mt.Rules(), n_players=n_players, n_games=1, progress=False)


def test_replace_with_an_unknown_field():
    with pytest.raises(ValueError, match="cheese_cnt"):
        mt.Rules().replace(cheese_cnt=7)


def test_replace_makes_a_validated_copy():
    rules = mt.Rules()
    variant = rules.replace(push_cost=2)
    assert variant.push_cost == 2 and rules.push_cost == 1
    assert variant.changes() == {"push_cost": 2} and rules.changes() == {}
    with pytest.raises(Exception):
        rules.push_cost = 2  # frozen


def test_rules_round_trip_and_bad_dicts():
    rules = mt.Rules(stage_odds=(Fraction(9, 10),) * 8 + (0.95,) * 8, backups=("F",), loop=GOOD_LOOP)
    assert mt.Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    with pytest.raises(ValueError, match="nonsense"):
        mt.Rules.from_dict({"nonsense": 1})
    with pytest.raises(ValueError):
        mt.Rules.from_dict(["push_cost", 1])
    with pytest.raises(ValueError, match="stage_odds"):
        mt.Rules.from_dict({"stage_odds": ["half"] * 16})


# -- illegal actions change nothing ----------------------------------------------------------------

JUNK = [None, "roll", 0, ("roll",), mt.Push(0), mt.Push(1), mt.Push(7), mt.Push(1.5), mt.Crank(), mt.Stop(),
        mt.Split(((1, 3),)), mt.Split(((0, 1),)), mt.Split(()), mt.Roll()]


def _situations():
    """A game waiting at each kind of decision, built by setting the state."""
    yield "roll", arrange(new_game(seed=4), cheese=[2, 5, 5, 1])
    game = complete(new_game(seed=4), positions=[0, 30, SAFE, 3], cheese=[2, 5, 5, 1])
    land(game, CRANK_SPACE)
    yield "crank", game
    game = complete(new_game(seed=4), positions=[0, WHEEL, 31, 3], cheese=[2, 5, 5, 1])
    land(game, CRANK_SPACE)
    yield "crank", game
    game = arrange(new_game(seed=4), positions=[0, 1, 2, 3], cheese=[2, 5, 5, 1])
    land(game, 19)
    yield "split", game


def test_illegal_actions_raise_and_change_nothing():
    phases = []
    for phase, game in _situations():
        assert game.phase == phase
        phases.append(phase)
        legal = list(game.legal_actions())
        for action in JUNK:
            if action in legal:
                continue
            before = saved(game)
            with pytest.raises(bk.IllegalAction) as info:
                game.apply(action)
            assert isinstance(info.value, ValueError)
            assert saved(game) == before, (phase, action)  # randomness state included
            assert game.legal_actions() == legal
        game.apply(legal[0])  # and the game goes on
    assert phases == ["roll", "crank", "crank", "split"]


def test_illegal_actions_do_not_change_what_happens_next():
    bots = [mt.bots.Random()] * 3
    clean, poked = new_game(n_players=3, seed=21), new_game(n_players=3, seed=21)
    while not clean.is_over:
        for action in JUNK:
            if action not in poked.legal_actions():
                with pytest.raises(bk.IllegalAction):
                    poked.apply(action)
        bk.step(clean, bots)
        bk.step(poked, bots)
    assert poked.is_over and poked.events == clean.events and saved(poked) == saved(clean)


def test_no_action_is_legal_once_the_game_is_over():
    game = new_game(n_players=2, seed=0, max_turns=2)
    bk.play(game, [mt.bots.Random()] * 2)
    before = saved(game)
    for action in JUNK:
        with pytest.raises(bk.IllegalAction, match="over"):
            game.apply(action)
    assert saved(game) == before


def test_a_float_seat_equal_to_a_legal_push_is_stored_as_the_games_own():
    game = complete(new_game(n_players=2), positions=[0, 30], cheese=[3, 0])
    land(game, CRANK_SPACE)
    game.apply(mt.Push(1.0))
    assert game.events[-2].target == 1 and type(game.events[-2].target) is int


# -- bad saved games ---------------------------------------------------------------------------------

def _save():
    game = new_game(n_players=3, seed=2)
    for _ in range(40):
        bk.step(game, [mt.bots.Random()] * 3)
    return json.loads(json.dumps(game.to_dict()))


@pytest.mark.parametrize("change,message", [
    (lambda d: d.update(game="mystery_date"), "not a saved Mouse Trap"),
    (lambda d: d.pop("cheese"), "missing"),
    (lambda d: d.update(pile=d["pile"] + 1), "cheese"),
    (lambda d: d.update(positions=[0, 0, 99]), "position"),
    (lambda d: d.update(positions=[0, 0]), "positions"),
    (lambda d: d.update(parts=25), "parts"),
    (lambda d: d.update(phase="dance"), "phase"),
    (lambda d: d.update(owed=2), "owed"),
    (lambda d: d.update(current=3), "current"),
    (lambda d: d.update(n_players=5), "n_players"),
    (lambda d: d["rules"].update(push_cost=0), "push_cost"),
    (lambda d: d.update(cheese=[-1, 0, 0]), "cheese"),
    (lambda d: d.update(chance={}), "randomness"),
])
def test_bad_saved_games_raise_clearly(change, message):
    data = _save()
    change(data)
    with pytest.raises(ValueError, match=message):
        mt.Game.from_dict(data)
    with pytest.raises(ValueError, match="not a saved"):
        mt.Game.from_dict("hello")

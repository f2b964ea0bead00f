"""A save is a snapshot, and the loader checks every field (issue 16).

* Mutations of every key of a save (and of ``counts``, ``lead`` and the
  rules): deleted, ``None``, a wrong type, huge, negative.  Each must be
  refused with a ``ValueError`` naming what is wrong, or (only where the
  value is a legal alternative, listed in ``STILL_VALID``) load as a game
  that plays on.
* ``d = g.to_dict()``; play on: ``d`` is unchanged and still loads the
  position it was taken at; the loaded game shares no list or dict with ``d``.
* Every size field of ``mt.Rules`` has an upper bound (``rules.LIMITS``).
"""
import copy
import json

import pytest

from boardkit.core import play, step
from boardkit.games import mouse_trap as mt
from boardkit.games.mouse_trap.rules import LIMITS, MAX_SPACE_NUMBER
from mt_helpers import saved

BOTS = [mt.bots.Trapper(), mt.bots.Random(), mt.bots.Trapper()]


def game_after(decisions: int, seed: int = 3, n_players: int = 3, rules=None) -> mt.Game:
    game = mt.Game(rules or mt.Rules(), n_players=n_players, seed=seed)
    for _ in range(decisions):
        if game.is_over:
            break
        step(game, BOTS[:n_players] if n_players == 3 else [mt.bots.Trapper()] * n_players)
    return game


def a_crank_save() -> dict:
    """A mid-game save after the trap is done and a crank has turned (every count above 0)."""
    for seed in range(200):
        game = mt.Game(mt.Rules(), n_players=3, seed=seed)
        while not game.is_over:
            step(game, BOTS)
            if game.cranks and game.pushes and game.phase == "roll" and game.catches == 0:
                return game.to_dict()
    raise AssertionError("no seed reached a crank")


def finished_save() -> dict:
    game = mt.Game(mt.Rules(), n_players=2, seed=4)
    play(game)
    assert game.end_reason == "last mouse"
    return game.to_dict()


def mutations(value):
    """(name, new value) for None, a wrong type, huge and negative."""
    wrong = {int: "3", str: 3, list: "list", dict: ["dict"], bool: "yes", type(None): "none"}[type(value)]
    if isinstance(value, bool) or value is None:
        huge, negative = 10**30, -1
    elif isinstance(value, int):
        huge, negative = 10**30, -1 - value
    elif isinstance(value, list):
        huge, negative = value * 500 + [10**30], [-1] * len(value)
    elif isinstance(value, dict):
        huge, negative = {**value, "extra": 10**30}, {k: -1 for k in value}
    else:
        huge, negative = value * 10**5, "-1"
    return [("None", None), ("wrong type", wrong), ("huge", huge), ("negative", negative)]


def paths(data, prefix=()):
    """Every key path of the save worth mutating: the top level, counts, lead and rules."""
    for key, value in data.items():
        yield prefix + (key,)
        if key in ("counts", "lead", "rules") and not prefix:
            yield from paths(value, (key,))


def mutate(data, path, how, value):
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    if how == "delete":
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


#: mutations that give another legal save (one without its story); a seed of None is refused
#: because the saved randomness still names the old seed
STILL_VALID = {(("events",), "None")}


def cases():
    for name, data in (("mid-game", a_crank_save()), ("finished", finished_save())):
        for path in paths(data):
            target = data
            for key in path:
                target = target[key]
            yield pytest.param(data, path, "delete", None, id=f"{name}-{'.'.join(path)}-delete")
            for how, value in mutations(target):
                if value == target and type(value) is type(target):
                    continue  # not a change
                yield pytest.param(data, path, how, value, id=f"{name}-{'.'.join(path)}-{how}")


@pytest.mark.parametrize("data,path,how,value", list(cases()))
def test_every_damaged_key_is_refused_with_a_value_error(data, path, how, value):
    damaged = mutate(data, path, how, value)
    before = copy.deepcopy(damaged)
    if (path, how) in STILL_VALID:
        game = mt.Game.from_dict(damaged)
        if not game.is_over:
            step(game, [mt.bots.Trapper()] * game.n_players)
        return
    with pytest.raises(ValueError) as info:
        mt.Game.from_dict(damaged)
    assert str(info.value)
    assert damaged == before  # loading never changes its input


def test_the_named_examples_of_the_issue():
    data = a_crank_save()
    for path, value, words in [(("counts", "cranks"), None, "counts.cranks"),
                               (("counts", "catches"), 2, "counts.catches"),
                               (("winner",), 7, "winner"), (("last_roll",), 0, "last_roll"),
                               (("last_roll",), 7, "last_roll"), (("seed",), "abc", "seed"),
                               (("turns",), "x", "turns"), (("end_reason",), "bored", "end_reason"),
                               (("end_reason",), "turn cap", "turn cap"),
                               (("counts", "pushes"), 10**9, "counts.pushes"),
                               (("positions",), [0, None], "positions"),
                               (("cheese",), [1, 2, "3"], "cheese[2]")]:
        with pytest.raises(ValueError, match=words.replace(".", r"\.").replace("[", r"\[")):
            mt.Game.from_dict(mutate(data, path, "set", value))


def test_a_saved_event_of_another_seat_or_type_is_refused():
    data = a_crank_save()
    events = data["events"]
    for bad in ({**events[0], "player": 9}, {"type": "Exploded", "player": 0}, "Rolled"):
        with pytest.raises(ValueError, match="event"):
            mt.Game.from_dict({**data, "events": events[:3] + [bad]})


def test_a_build_decision_saves_and_loads():
    for seed in range(50):
        game = mt.Game(mt.Rules(), n_players=2, seed=seed)
        while not game.is_over and game.phase != "build":
            step(game, [mt.bots.Trapper()] * 2)
        if game.phase == "build":
            break
    copy_ = mt.Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert copy_.legal_actions() == [mt.Build(), mt.DoNotBuild()]
    copy_.apply(mt.DoNotBuild())
    game.apply(mt.DoNotBuild())
    assert saved(copy_) == saved(game)
    broken = game.to_dict()
    broken["phase"] = "build"  # but the player to move is not on a build space now
    broken["positions"][broken["current"]] = 0
    with pytest.raises(ValueError, match="build space"):
        mt.Game.from_dict(broken)


# -- a save is a snapshot ----------------------------------------------------------------------

def containers(value, found=None):
    """Every list and dict inside ``value`` (by id)."""
    found = {} if found is None else found
    if isinstance(value, (list, dict)):
        found[id(value)] = value
        for item in (value.values() if isinstance(value, dict) else value):
            containers(item, found)
    return found


def game_containers(game):
    found = {}
    for value in vars(game).values():
        containers(value, found)
    for value in (game.lead.scores, game.lead.worst_deficit):
        containers(value, found)
    return found


@pytest.mark.parametrize("n_players,seed", [(2, 1), (3, 3), (4, 8)])
def test_a_save_is_a_snapshot_and_still_loads_its_position(n_players, seed):
    game = game_after(40, seed=seed, n_players=n_players)
    d = game.to_dict()
    frozen = copy.deepcopy(d)
    text = saved(game)
    bots = [mt.bots.Trapper()] * n_players
    for _ in range(300):
        if game.is_over:
            break
        step(game, bots)
    assert d == frozen                                   # playing on never touches the save
    loaded = mt.Game.from_dict(d)
    assert saved(loaded) == text                         # the position it was taken at
    assert not set(game_containers(loaded)) & set(containers(d))   # shares nothing with its input
    for _ in range(300):
        if loaded.is_over:
            break
        step(loaded, bots)
    assert d == frozen                                   # nor does playing the loaded game


# -- the size fields have upper bounds ---------------------------------------------------------

@pytest.mark.parametrize("field", sorted(LIMITS))
def test_every_size_field_has_a_documented_upper_bound(field):
    low, high = LIMITS[field]
    if field in ("path", "loop"):
        base = getattr(mt.Rules(), field)
        filler = "blank" if field == "path" else "take 1"
        ok = base[:1] + (filler,) * (high - len(base)) + base[1:]
        assert len(getattr(mt.Rules().replace(**{field: ok}), field)) == high
        too_big = base[:1] + (filler,) * (high + 1 - len(base)) + base[1:]
        with pytest.raises(ValueError, match=f"{field}=.*{high} spaces"):
            mt.Rules().replace(**{field: too_big})
        return
    assert getattr(mt.Rules().replace(**{field: high}), field) == high
    for bad in (high + 1, 10**18, low - 1):
        with pytest.raises(ValueError, match=f"{field}={bad} is not allowed: .*from {low} to {high:,}"):
            mt.Rules().replace(**{field: bad})
    assert f"{high:,}" in mt.rules.__doc__ or str(high) in mt.rules.__doc__


def test_the_number_on_a_space_is_bounded():
    assert mt.parse_space(f"take {MAX_SPACE_NUMBER}").amount == MAX_SPACE_NUMBER
    for text in (f"take {MAX_SPACE_NUMBER + 1}", "back 10000000000000000000", "build 2 x101", "take ١"):
        with pytest.raises(ValueError, match="N from 1 to 100"):
            mt.parse_space(text)


def test_the_largest_variant_still_plays_quickly():
    """Every bound at once: a long track, many parts, a rich pile, big spaces -- a game ends (or hits the cap)."""
    rules = mt.Rules(path=("start",) + ("build 2-3-4 x100", "rival 100", "take 100", "back 100") * 49 + ("blank",) * 3,
                     loop=("safe", "build 2-3-4 x100", "crank", "rival 100") + ("take 100",) * 95 + ("wheel",),
                     cheese_count=1000, n_parts=200, wheel_cheese=100, push_cost=100, die_sides=100,
                     max_turns=3000)
    for n_players in (2, 4):
        record = play(mt.Game(rules, n_players=n_players, seed=1, record_events=False),
                      [mt.bots.Random()] * n_players)
        assert record.end in ("last mouse", "turn cap")


def test_a_save_after_one_crank_caught_two_mice_loads():
    """Found by the state machine: catches may exceed cranks (mice on the wheel are caught together)."""
    from mt_helpers import ALWAYS, CRANK_SPACE, WHEEL, complete, land, new_game
    game = complete(new_game(n_players=4, stage_odds=ALWAYS), positions=[0, WHEEL, WHEEL, 20], cheese=[1, 2, 3, 0])
    land(game, CRANK_SPACE)
    game.apply(mt.Crank())
    assert (game.cranks, game.catches, game.is_over) == (1, 2, False)
    assert saved(mt.Game.from_dict(json.loads(saved(game)))) == saved(game)

"""Issue 16 for Win, Lose or Draw: a save is a snapshot, and the loader checks every key.

* Snapshot: ``d = g.to_dict()``, play on; ``d`` is unchanged and still loads the
  position it was taken at; the loaded game shares no list or dict with ``d``.
* Mutations: every key of several saves (both ways to play, mid-game and
  finished) deleted, set to None, to a wrong type, to a huge and to a negative
  value.  Each mutated save is refused with a ValueError that names the key,
  or -- only where the new value happens to be the one the save had (such as
  None for a pending guess nobody made, or ``events=None``, a game that keeps
  no log) -- loads as exactly that save.
* Consistency: outcomes that do not follow from the scores, phases of the
  other way to play, a winner that is not a team in Team Play.
"""
import copy
import json

import pytest

import boardkit as bk
from boardkit.games import win_lose_draw as wld
from boardkit.games.win_lose_draw.saving import KEYS

SEED = 11


def normal(data):
    """A save as JSON would give it back (tuples become lists), for comparing."""
    return json.loads(json.dumps(data))


def skilled(n, p_guess=0.6):
    return [wld.bots.Skilled(p_guess=p_guess, p_steal=0.5) for _ in range(n)]


def played(rules, n_players, decisions, p_guess=0.6):
    game = wld.Game(rules, n_players, seed=SEED)
    bots = skilled(n_players, p_guess)
    for _ in range(decisions):
        if game.is_over:
            break
        bk.step(game, bots)
    return game


def team_midgame():
    return played(wld.Rules(), 5, 15)


def team_steal():
    game = wld.Game(wld.Rules(), 6, seed=SEED)
    game.apply(wld.TIME_UP)
    return game


def team_won():
    game = played(wld.Rules(team_target=2), 4, 400)
    assert game.end_reason == "target"
    return game


def gameboard_take():
    game = wld.Game(wld.Rules(play="gameboard"), 4, seed=SEED)
    game.apply(wld.PlacePawn(7))
    game.apply(wld.TIME_UP)
    game.apply(wld.Award((2, 3)))
    assert game.phase == "take"
    return game


def gameboard_won():
    game = played(wld.Rules(play="gameboard", colours_to_collect=1), 3, 2000, p_guess=0.9)
    assert game.end_reason == "ace"
    return game


def capped():
    game = played(wld.Rules(max_sketches=3, steal=False), 4, 100, p_guess=0.0)
    assert game.end_reason == "sketch cap"
    return game


SAVES = {"team midgame": team_midgame, "team steal": team_steal, "team won": team_won,
         "gameboard take": gameboard_take, "gameboard won": gameboard_won, "capped": capped}


# -- a save is a snapshot -----------------------------------------------------------------------

def containers(value, found=None):
    """The ids of every list and dict inside ``value`` (dicts, lists, tuples, events, trackers, games)."""
    found = set() if found is None else found
    if isinstance(value, (list, dict)):
        if id(value) in found:
            return found
        found.add(id(value))
    if isinstance(value, dict):
        for item in value.values():
            containers(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            containers(item, found)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            containers(getattr(value, name), found)
    elif isinstance(value, (wld.Game, bk.core.LeadTracker)):
        names = value.__slots__ if isinstance(value, bk.core.LeadTracker) else vars(value)
        for name in names:
            containers(getattr(value, name), found)
    return found


@pytest.mark.parametrize("play, n_players", [("team", 6), ("gameboard", 5)])
def test_a_save_is_a_snapshot_and_still_loads_its_position(play, n_players):
    game = played(wld.Rules(play=play), n_players, 16)
    data = game.to_dict()
    frozen = copy.deepcopy(data)
    assert containers(data).isdisjoint(containers(game))        # the save shares nothing with the game
    bots = skilled(n_players)
    for _ in range(300):                                        # play on: 300 decisions, or to the end
        if game.is_over:
            break
        bk.step(game, bots)
    assert game.turns > frozen["turns"]
    assert data == frozen                                       # the save did not move with the game
    loaded = wld.Game.from_dict(data)
    assert normal(loaded.to_dict()) == normal(frozen)           # ... and loads the position it was taken at
    assert data == frozen                                       # loading did not change the data either
    assert containers(loaded).isdisjoint(containers(data))      # the loaded game shares no list or dict with it
    for _ in range(50):                                         # playing the loaded game leaves the data alone
        if loaded.is_over:
            break
        bk.step(loaded, bots)
    assert data == frozen


def test_two_games_loaded_from_one_save_are_independent():
    data = team_midgame().to_dict()
    first, second = wld.Game.from_dict(data), wld.Game.from_dict(data)
    before = normal(second.to_dict())
    bots = skilled(5)
    for _ in range(40):
        if not first.is_over:
            bk.step(first, bots)
    assert normal(second.to_dict()) == before


# -- every key: delete, None, wrong type, huge, negative ----------------------------------------

MUTATIONS = {"delete": None, "None": None, "wrong type": "x", "huge": 10**30, "negative": -1}
#: words a refusal may use for a key instead of its exact name
ALSO_NAMED = {"game": ("Win, Lose or Draw",), "rules": ("rule", "play=", "Rules"), "n_players": ("players",)}


def mutated(data, key, how):
    data = copy.deepcopy(data)
    if how == "delete":
        del data[key]
    else:
        data[key] = MUTATIONS[how]
    return data


@pytest.mark.parametrize("save", SAVES)
def test_every_key_mutated_is_refused_naming_it_or_loads_as_given(save):
    original = normal(SAVES[save]().to_dict())
    assert set(original) == set(KEYS)
    refused = 0
    for key in KEYS:
        for how in MUTATIONS:
            data = mutated(original, key, how)
            before = copy.deepcopy(data)
            try:
                loaded = wld.Game.from_dict(data)
            except ValueError as error:
                message = str(error)
                assert key in message or any(w in message for w in ALSO_NAMED.get(key, ())), (key, how, message)
                refused += 1
            else:                     # allowed only where the value is the one the save already had,
                # or events=None: a game may keep no log (record_events=False)
                assert how == "None" and (original[key] is None or key == "events"), (key, how)
                assert normal(loaded.to_dict()) == normal(data)
            assert data == before     # a refused (or accepted) save is left as it was
    assert refused >= len(KEYS) * len(MUTATIONS) - 7


NESTED = [
    ("centre", lambda d: d["centre"].update(red=None)),
    ("centre", lambda d: d["centre"].update(red=10**30)),
    ("centre", lambda d: d["centre"].update(red=-1)),
    ("centre", lambda d: d["centre"].pop("green")),
    ("chance", lambda d: d["chance"].update(used="3")),
    ("chance", lambda d: d["chance"].update(used=None)),
    ("chance", lambda d: d["chance"].update(seed=12)),
    ("chance", lambda d: d["chance"].pop("state")),
    ("chance", lambda d: d["chance"].update(state=[1, 2])),
    ("lead", lambda d: d["lead"].update(lead_changes=-1)),
    ("lead", lambda d: d["lead"].update(leader=10**30)),
    ("lead", lambda d: d["lead"].update(scores=[10**30, 0])),
    ("lead", lambda d: d["lead"].pop("worst_deficit")),
    ("held", lambda d: d["held"].__setitem__(0, None)),
    ("held", lambda d: d["held"].__setitem__(0, ["purple"])),
    ("held", lambda d: d["held"].pop()),
    ("box", lambda d: d["box"][0].__setitem__(0, None)),
    ("box", lambda d: d["box"][0].__setitem__(1, 10**30)),
    ("box", lambda d: d["box"][0].__setitem__(2, -1)),
    ("sketches_by", lambda d: d["sketches_by"].__setitem__(0, 10**30)),
    ("sketches_by", lambda d: d["sketches_by"].__setitem__(0, None)),
    ("team_scores", lambda d: d["team_scores"].__setitem__(0, 10**30)),
    ("team_scores", lambda d: d["team_scores"].__setitem__(1, -1)),
    ("rules", lambda d: d["rules"].update(team_target=10**30)),
    ("rules", lambda d: d["rules"].update(max_sketches=-1)),
    ("rules", lambda d: d["rules"].pop("steal")),
    ("rules", lambda d: d["rules"].update(track=None)),
    ("events", lambda d: d["events"].append(None)),
    ("events", lambda d: d["events"].append({"type": "Scored", "player": None, "team": 0})),
]


@pytest.mark.parametrize("key, damage", NESTED, ids=[f"{k}-{i}" for i, (k, _) in enumerate(NESTED)])
def test_a_damaged_value_inside_a_key_is_refused(key, damage):
    data = normal(team_midgame().to_dict())
    damage(data)
    with pytest.raises(ValueError) as error:
        wld.Game.from_dict(data)
    message = str(error.value)
    assert key in message or any(w in message for w in ALSO_NAMED.get(key, ())) or "saved game" in message


def test_a_key_no_save_has_is_refused():
    data = normal(team_midgame().to_dict())
    data["cheat"] = True
    with pytest.raises(ValueError, match="cheat"):
        wld.Game.from_dict(data)


# -- the outcome and the phase must fit the game ---------------------------------------------------

def with_changes(make, **changes):
    data = normal(make().to_dict())
    data.update(changes)
    return data


INCONSISTENT = [
    ("a team's winner must be a team", lambda: with_changes(team_won, winner=3), "winner"),
    ("an end reason alone does not end a game", lambda: with_changes(team_midgame, end_reason="target", winner=0),
     "end_reason 'target'"),
    ("the Ace is not won in Team Play", lambda: with_changes(team_midgame, end_reason="ace", winner=0),
     "end_reason 'ace'"),
    ("the winner is the team that reached the target",
     lambda: with_changes(team_won, winner=1 - team_won().winner), "end_reason 'target'"),
    ("a finished game needs an end reason", lambda: with_changes(team_won, end_reason=None, winner=None),
     "end_reason is None"),
    ("no cap before max_sketches", lambda: with_changes(team_midgame, end_reason="sketch cap"), "sketch cap"),
    ("turns beyond the cap", lambda: with_changes(team_midgame, turns=1001), "turns"),
    ("more cards than sketches", lambda: with_changes(team_midgame, cards_done=10**6), "cards_done"),
    ("more steals than points", lambda: with_changes(team_midgame, steals=50), "steals"),
    ("Gameboard Play's phases are not Team Play's", lambda: with_changes(team_midgame, phase="roll"), "phase"),
    ("picking needs team_picks_sketcher", lambda: with_changes(team_midgame, phase="pick"), "pick"),
    ("Team Play's sketches add up", lambda: with_changes(team_midgame, sketches_by=[9, 0, 0, 0, 0]),
     "sketches_by"),
    ("a white pawn in Team Play", lambda: with_changes(team_midgame, white_pawn=3), "white_pawn"),
    ("the guessers of the card", lambda: with_changes(gameboard_take, phase="sketch", takers=[],
                                                      ace_hopefuls=[], guessers=[1]), "guessers"),
    ("team points in Gameboard Play", lambda: with_changes(gameboard_take, team_scores=[1, 0]), "team_scores"),
    ("the lead follows the scores", lambda: with_changes(team_midgame, team_scores=[0, 0], steals=0), "lead"),
]


@pytest.mark.parametrize("make, match", [(m, x) for _, m, x in INCONSISTENT], ids=[i[0] for i in INCONSISTENT])
def test_an_outcome_or_phase_that_does_not_fit_is_refused(make, match):
    with pytest.raises(ValueError, match=match):
        wld.Game.from_dict(make())


@pytest.mark.parametrize("save", SAVES)
def test_every_kind_of_save_loads_back_exactly(save):
    game = SAVES[save]()
    assert normal(wld.Game.from_dict(normal(game.to_dict())).to_dict()) == normal(game.to_dict())

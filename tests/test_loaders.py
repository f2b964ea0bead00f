"""A loaded game is one that play could have reached, or it is refused with a message naming the field (issue 25).

Every case below loaded before (or crashed with another error): an event
naming a space that does not exist, any bad field of any event, a random
generator state out of range, randomness named for another seed, a worst
deficit of 2.5 or 10**18, Philo Vance's decider who is not the player to move
and an edited claim offer, Mouse Trap's game that the turn cap ended with no
end reason, a Cluedo turn count that does not fit the rounds, Mouse Trap odds
of "1/0" and "1e400", a Cluedo picture named with spaces only.
"""
import copy
import dataclasses
import json

import pytest

from boardkit.core import step
from boardkit.games import cluedo_cards as cc
from boardkit.games import mouse_trap as mt
from boardkit.games import philo_vance as pv
from boardkit.games import win_lose_draw as wld
from game_helpers import GAMES

NAMES = {game: game.__name__.rsplit(".", 1)[-1] for game in GAMES}


def played(game_module, until=lambda game: game.is_over, seed=1, rules=None, n_players=3):
    """A game of ``game_module`` played by its own bots until ``until(game)`` (or its end)."""
    rules = rules or game_module.Rules()
    n_players = max(n_players, rules.min_players)
    game = game_module.Game(rules, n_players=n_players, seed=seed)
    bots = rules.default_bots(n_players)
    while not until(game) and not game.is_over:
        step(game, bots)
    return game


def assert_refused(game_module, data, words):
    """Loading ``data`` raises a ValueError whose message holds ``words``, and leaves ``data`` as it was."""
    before = copy.deepcopy(data)
    with pytest.raises(ValueError) as info:
        game_module.Game.from_dict(data)
    assert words in str(info.value), f"{words!r} not in {str(info.value)!r}"
    assert data == before


def mid_game(game_module, seed=1):
    return played(game_module, until=lambda game: game.turns >= 6, seed=seed).to_dict()


# -- events ---------------------------------------------------------------------------------------

def event_records(game_module):
    """The first record of each kind of event in a few games played to the end, with its save."""
    found = {}
    for seed in range(1, 5):
        for n_players in (2, 4):
            rules = game_module.Rules()
            if game_module is wld and seed % 2:
                rules = rules.replace(play="gameboard")
            data = played(game_module, seed=seed, rules=rules, n_players=n_players).to_dict()
            for index, record in enumerate(data["events"]):
                found.setdefault(record["type"], (data, index))
    return found


def bad_values(field_type: str, value):
    """(what, a value a save must not hold there): a wrong type, and a number far out of range."""
    wrong = {"int": "7", "str": 7, "bool": 1, "float": "7", "tuple": 7}.get(field_type.removesuffix(" | None"),
                                                                         {"nested": ["dict"]})
    yield "wrong type", wrong
    if field_type.startswith("int"):
        yield "out of range", 10**6
    if field_type == "tuple" and value and isinstance(value[0], int):
        yield "an item out of range", [10**6]


def event_cases():
    for game_module in GAMES:
        for kind, (data, index) in sorted(event_records(game_module).items()):
            cls = game_module.events.EVENT_TYPES[kind]
            for f in dataclasses.fields(cls):
                value = data["events"][index][f.name]
                if f.name == "player" and value is None:
                    continue
                for what, bad in bad_values(str(f.type), value):
                    yield pytest.param(game_module, data, index, f.name, bad,
                                       id=f"{NAMES[game_module]}-{kind}.{f.name}-{what}")


@pytest.mark.parametrize("game_module,data,index,field,bad", list(event_cases()))
def test_any_bad_event_field_is_refused_naming_it(game_module, data, index, field, bad):
    damaged = copy.deepcopy(data)
    damaged["events"][index][field] = bad
    assert_refused(game_module, damaged, f"{damaged['events'][index]['type']}.{field}")


@pytest.mark.parametrize("game_module,kind,field", [
    (mt, "Moved", "end"), (pv, "Moved", "end"), (GAMES[0], "Moved", "end"), (wld, "PawnMoved", "end")])
def test_an_event_naming_a_space_that_does_not_exist_is_refused(game_module, kind, field):
    """Loaded before, and then the App failed with KeyError when it drew the move."""
    data, index = event_records(game_module)[kind]
    damaged = copy.deepcopy(data)
    damaged["events"][index][field] = 999
    assert_refused(game_module, damaged, f"{kind}.{field}")


# -- the randomness and the lead, in every game -------------------------------------------------------

@pytest.mark.parametrize("game_module", GAMES, ids=NAMES.get)
def test_randomness_of_another_seed_or_out_of_range_is_refused(game_module):
    data = mid_game(game_module)
    # the one stream of both engines: four words and a position
    changes = [(lambda d: d["chance"].update(seed=d["seed"] + 1), "chance.seed"),
               (lambda d: d["chance"]["state"].__setitem__(0, -1), "chance.state"),
               (lambda d: d["chance"]["state"].__setitem__(0, d["chance"]["state"][0] ^ 1), "chance.state"),
               (lambda d: d["chance"].update(position=d["chance"]["position"] + 1), "chance.state"),
               (lambda d: d["chance"].update(position=-1), "chance.position")]
    for change, words in changes:
        damaged = copy.deepcopy(data)
        change(damaged)
        assert_refused(game_module, damaged, words)


@pytest.mark.parametrize("game_module", GAMES, ids=NAMES.get)
@pytest.mark.parametrize("deficit", [2.5, 10**18])
def test_a_worst_deficit_play_cannot_reach_is_refused(game_module, deficit):
    damaged = mid_game(game_module)
    damaged["lead"]["worst_deficit"][0] = deficit
    assert_refused(game_module, damaged, "worst_deficit")


@pytest.mark.parametrize("game_module", GAMES, ids=NAMES.get)
def test_more_lead_changes_than_play_allows_are_refused(game_module):
    damaged = mid_game(game_module)           # the lead can change at most once a turn (a round, a point won)
    damaged["lead"]["lead_changes"] = 999     # Mystery Date, Cluedo and Win, Lose or Draw loaded it before
    assert_refused(game_module, damaged, "lead_changes must be a whole number 0..")


# -- one game's states that play cannot reach ------------------------------------------------------------

def test_philo_vance_decider_must_be_the_player_to_move_before_the_dice():
    """Loaded before; after an Arrest the game was stuck, neither over nor offering any action."""
    game = played(pv, until=lambda g: g.turns >= 3 and g.phase == "before the dice")
    damaged = game.to_dict()
    damaged["decider"] = (game.current + 1) % game.n_players
    assert_refused(pv, damaged, "decider")


def test_philo_vance_claim_offer_must_offer_the_top_discard():
    """An edited clue once made a Claim create a clue card."""
    game = played(pv, until=lambda g: g.phase == "claiming a discard")
    damaged = game.to_dict()
    damaged["claim_offer"][0] = next(c for c in range(game.rules.n_clues) if c != game.discards.top)
    assert_refused(pv, damaged, "claim_offer")


def test_philo_vance_only_the_top_discard_bars_its_discarder():
    """top_barred names who laid the top discard: with no discard it must be None, and it is a seat."""
    game = played(pv, until=lambda g: g.turns >= 3 and g.phase == "before the dice")
    damaged = game.to_dict()
    damaged["discards"], damaged["pile"] = [], damaged["pile"] + damaged["discards"]
    damaged["top_barred"] = 0
    assert_refused(pv, damaged, "top_barred")
    damaged = game.to_dict()
    damaged["top_barred"] = game.n_players
    assert_refused(pv, damaged, "top_barred")


def test_mouse_trap_ended_by_the_turn_cap_needs_its_end_reason():
    """Loaded before with no end reason, and played on past max_turns."""
    game = played(mt, rules=mt.Rules(max_turns=8))
    assert game.end_reason == "turn cap"
    damaged = game.to_dict()
    damaged["end_reason"] = None
    assert_refused(mt, damaged, "turn cap")


def test_cluedo_turns_must_fit_the_rounds():
    game = played(cc, until=lambda g: g.round >= 2 and g.round_turns >= 2)
    for turns in (game.round_turns, game.turns + (game.round - 1) * game.rules.max_turns):
        damaged = game.to_dict()
        damaged["turns"] = turns
        assert_refused(cc, damaged, "turns")


@pytest.mark.parametrize("odds", ["1/0", "1e400", "-1e400"])
def test_mouse_trap_stage_odds_that_are_no_probability_are_refused(odds):
    """"1/0" raised ZeroDivisionError and "1e400" OverflowError."""
    damaged = mid_game(mt)
    damaged["rules"]["stage_odds"][0] = odds
    assert_refused(mt, damaged, f"stage_odds: {odds!r}")


def test_a_cluedo_picture_named_with_spaces_only_is_refused():
    with pytest.raises(ValueError, match="pictures"):
        cc.Rules(pictures=cc.Rules().pictures[:-1] + ("   ",))
    damaged = mid_game(cc)
    damaged["rules"]["pictures"][-1] = " "
    assert_refused(cc, damaged, "pictures")


def test_cluedo_turns_to_miss_must_fit_the_rounds_turns():
    """A review loaded ``missing: [99, 0, 0]`` a few turns into a game (each turn gives at most one turn to miss)."""
    game = played(cc, until=lambda g: g.round_turns >= 2)
    damaged = game.to_dict()
    damaged["missing"] = [game.round_turns + 1] + [0] * (game.n_players - 1)
    assert_refused(cc, damaged, "missing")


def test_the_saves_these_tests_damage_load_as_they_are():
    """The cases above refuse what they change, not the saves they start from."""
    for game_module in GAMES:
        data = mid_game(game_module)
        assert game_module.Game.from_dict(json.loads(json.dumps(data))).to_dict() == data


def test_philo_vance_named_clues_must_be_the_player_to_moves_in_play():
    """Found by ``fuzz.py --bad-saves``: a named clue out of play loaded, and the arrest then raised StopIteration."""
    game = played(pv, until=lambda g: g.phase == "naming clues" and g.named)
    damaged = game.to_dict()
    damaged["named"][-1] = next(c for c in range(game.rules.n_clues) if c not in game.clues_in_play(game.current))
    assert_refused(pv, damaged, "named")
    damaged = game.to_dict()
    damaged["phase"], damaged["decider"] = "before the dice", game.current
    assert_refused(pv, damaged, "arresting")

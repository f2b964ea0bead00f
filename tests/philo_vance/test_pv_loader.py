"""Game.from_dict checks every field of a save (issue 16): each key deleted, set to None,
to a value of the wrong type, to a huge or a negative number is refused with a ValueError
naming the key -- unless the changed value is one a real game holds, listed below."""
import copy
import json

import pytest

from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import game as pvgame
from pv_helpers import game_in_phase

MUTATIONS = {"delete": None, "None": None, "text": "x", "list": [], "dict": {}, "huge": 10**30, "negative": -1,
             "float": 1.5, "bool": True}

#: (key path, mutation) pairs whose new value is one a real save holds, so loading it is right
VALID = {
    (("rules", "retire_after_failures"), "None"),     # None: the retiring rule is disregarded
    (("judge",), "bool"),                              # the Judge is in the game
    (("todo",), "list"),                               # nothing pending: the next turn starts
    (("keep_only",), "bool"),                          # a demanded clue must be kept
    (("moving_piece",), "None"), (("victim",), "None"), (("philo_owner",), "None"),
    (("top_barred",), "None"),                         # nobody is barred from the top discard
    (("events",), "None"), (("events",), "list"),      # a game that records no events (or none yet)
}


def _saves():
    return {phase: json.loads(json.dumps(game_in_phase(phase).to_dict()))
            for phase in (pvgame.KEEPING, pvgame.PUSHING_ON)}


def _paths(save):
    for key, value in save.items():
        yield (key,)
        if isinstance(value, dict) and key != "chance":
            for inner in value:
                yield key, inner


def _holder(data, path):
    """The dict of ``data`` that holds the key ``path[-1]``."""
    for key in path[:-1]:
        data = data[key]
    return data


def _mutated(save, path, mutation):
    data = copy.deepcopy(save)
    holder = _holder(data, path)
    if mutation == "delete":
        del holder[path[-1]]
    else:
        holder[path[-1]] = copy.deepcopy(MUTATIONS[mutation])
    return data


SAVES = _saves()
CASES = [(phase, path, mutation) for phase, save in SAVES.items() for path in _paths(save) for mutation in MUTATIONS
         if mutation == "delete" or _holder(save, path)[path[-1]] != MUTATIONS[mutation]]   # a change, not the same save


def test_the_mutations_cover_every_key_of_a_save():
    keys = {path[0] for _, path, _ in CASES}
    assert keys == set(pv.Game(n_players=3, seed=0).to_dict())
    assert {path for _, path, _ in CASES if len(path) == 2 and path[0] == "counts"} == {
        ("counts", k) for k in ("declarations", "bumps", "first_x_turn")}


@pytest.mark.parametrize("phase,path,mutation", CASES, ids=lambda v: ".".join(v) if isinstance(v, tuple) else v)
def test_a_mutated_save_is_refused_naming_the_key(phase, path, mutation):
    data = _mutated(SAVES[phase], path, mutation)
    if (path, mutation) in VALID:
        pv.Game.from_dict(data).legal_actions()
        return
    with pytest.raises(ValueError) as err:
        pv.Game.from_dict(data)
    message = str(err.value)
    assert any(word in message for word in (path[0], path[-1]) + ALSO_NAMED.get(path[0], ())), message


#: words a message may use for a key (the randomness is ``chance``; the piles are counted as the deck's cards)
ALSO_NAMED = {"chance": ("randomness",), "pile": ("clue cards",), "discards": ("clue cards",),
              "decider": ("decision",), "position": ("philo_owner",), "phase": ("decision",)}


# -- the cases the issue names ----------------------------------------------------------------------

def _midgame_save():
    return copy.deepcopy(SAVES[pvgame.KEEPING])


@pytest.mark.parametrize("junk", [["a"] * 4, [None], "x", [10**9] * 4, [-1] * 4, [True] * 4, [0.5] * 4])
def test_first_x_turn_junk_is_refused(junk):
    data = _midgame_save()
    data["counts"]["first_x_turn"] = junk[:len(data["counts"]["first_x_turn"])] if isinstance(junk, list) \
        and len(junk) > 1 else junk
    with pytest.raises(ValueError, match="first_x_turn"):
        pv.Game.from_dict(data)


def test_first_x_turn_must_go_with_a_court_card():
    data = _midgame_save()
    seat = next(s for s, court in enumerate(data["court"]) if court is not None)
    data["counts"]["first_x_turn"][seat] = None
    with pytest.raises(ValueError, match="first_x_turn"):
        pv.Game.from_dict(data)


@pytest.mark.parametrize("task", [["end_turn", 1], ["move", 0], ["move", 0, 5, 5], ["move", 9, 5], ["move", 0, 0],
                                  ["arrive", 0, "yes"], ["penalty", 0], ["offer_claim", 3, []], ["pick", "0"],
                                  ["start_turn", None], []])
def test_a_task_with_the_wrong_arguments_is_refused(task):
    data = _midgame_save()
    data["todo"].append(task)
    with pytest.raises(ValueError, match="todo"):
        pv.Game.from_dict(data)


def test_a_player_in_the_game_must_be_on_the_board():
    data = _midgame_save()
    seat = data["retired"].index(False)
    data["position"][str(seat)] = None
    with pytest.raises(ValueError, match=f"position of piece {seat}"):
        pv.Game.from_dict(data)


@pytest.mark.parametrize("winner,end_reason", [(9, None), (0, None), (-1, "convicted"), ("0", "convicted"),
                                               (None, "convicted"), (0, "turn cap"), (None, "all retired"),
                                               (None, "turn cap"), (None, "gave up"), (None, 5)])
def test_winner_and_end_reason_must_be_a_real_ending(winner, end_reason):
    data = _midgame_save()
    data["winner"], data["end_reason"] = winner, end_reason
    with pytest.raises(ValueError, match="winner|end_reason|convicted|retired|turn"):
        pv.Game.from_dict(data)


@pytest.mark.parametrize("white,coloured", [(0, 3), (7, 3), (3, None), (None, 3), ("3", 3), (3.0, 3)])
def test_the_last_throw_must_be_two_dice(white, coloured):
    data = _midgame_save()
    data["white"], data["coloured"] = white, coloured
    with pytest.raises(ValueError, match="white|coloured"):
        pv.Game.from_dict(data)


def test_unknown_keys_are_refused():
    data = _midgame_save()
    data["extra"] = 1
    with pytest.raises(ValueError, match="extra"):
        pv.Game.from_dict(data)


def test_a_refused_save_is_left_as_it_was():
    data = _midgame_save()
    data["todo"].append(["move", 0, 99])
    before = copy.deepcopy(data)
    with pytest.raises(ValueError):
        pv.Game.from_dict(data)
    assert data == before

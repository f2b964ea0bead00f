"""Bad input to any game's constructor and to the shared part of every loader: a clear ValueError."""
import numpy as np
import pytest

from boardkit.core.game import check_seed
from boardkit.core.saving import read_outcome
from boardkit.games import cluedo_cards as cc
from boardkit.games import mouse_trap as mt
from boardkit.games import mystery_date as md
from boardkit.games import philo_vance as pv
from boardkit.games import win_lose_draw as wld

GAMES = [md, mt, cc, wld, pv]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__.rsplit(".", 1)[-1])
def test_another_games_rules_or_a_string_are_refused(game):
    other = md if game is not md else mt
    with pytest.raises(ValueError, match="rules must be the Rules of this game"):
        game.Game(other.Rules())
    with pytest.raises(ValueError, match="rules must be the Rules of this game"):
        game.Game("rules")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__.rsplit(".", 1)[-1])
def test_record_events_must_be_true_or_false(game):
    with pytest.raises(ValueError, match="record_events must be True or False"):
        game.Game(game.Rules(), record_events="no")


def test_a_numpy_seed_becomes_a_plain_int_and_none_stays_none():
    assert type(check_seed(np.int64(5))) is int and check_seed(np.uint64(7)) == 7
    assert check_seed(None) is None and check_seed(2**64 - 1) == 2**64 - 1


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__.rsplit(".", 1)[-1])
@pytest.mark.parametrize("seed", ["abc", True, 2.5, -3])
def test_a_save_with_a_bad_seed_is_refused(game, seed):
    data = game.Game(game.Rules(), seed=1).to_dict()
    data["seed"] = seed
    with pytest.raises(ValueError, match="seed"):
        game.Game.from_dict(data)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__.rsplit(".", 1)[-1])
def test_a_save_missing_a_rule_is_refused_not_filled_with_the_rulebook(game):
    data = game.Game(game.Rules(), seed=1).to_dict()
    name = sorted(data["rules"])[0]
    del data["rules"][name]
    with pytest.raises(ValueError, match=f"missing '{name}'"):
        game.Game.from_dict(data)


class _Game:
    n_players = 4


@pytest.mark.parametrize("change, message", [
    ({"turns": "x"}, "turns"), ({"turns": -1}, "turns"), ({"turns": True}, "turns"),
    ({"end_reason": "bored"}, "end_reason"), ({"winner": 4, "end_reason": "done"}, "winner"),
    ({"winner": True, "end_reason": "done"}, "winner"), ({"winner": 1}, "has not ended"),
])
def test_read_outcome_names_the_bad_key(change, message):
    data = {"turns": 3, "winner": None, "end_reason": None, **change}
    with pytest.raises(ValueError, match=message):
        read_outcome(_Game(), data, ("done",))


def test_read_outcome_reads_a_good_ending():
    game = _Game()
    read_outcome(game, {"turns": 3, "winner": 2, "end_reason": "done"}, ("done",))
    assert (game.turns, game.winner, game.end_reason) == (3, 2, "done")

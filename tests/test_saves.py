"""What every game's saves share: a save is a snapshot (issue 25).

Changing any list or dict of a save (``game.to_dict()``) must change neither
the game nor any other save, and a game restored from a save plays on as the
original did.  Mouse Trap and the Cluedo Card Game once shared the game's
randomness dict with every save: editing one save changed the next, and a
Mouse Trap game restored from it played differently.
"""
import pytest

from game_helpers import GAMES, assert_saves_are_snapshots


@pytest.mark.parametrize("seed", [2, 3])   # seed 1 is a long Philo Vance game: 3.5 s for nothing new
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__.rsplit(".", 1)[-1])
def test_a_save_is_a_snapshot_in_every_game(game, seed):
    rules = game.Rules()
    assert_saves_are_snapshots(game.Game(rules, n_players=rules.min_players + 1, seed=seed))

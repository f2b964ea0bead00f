"""What loading any saved game starts with.

A saved game is plain JSON data (``game.to_dict()``) and may come from
anywhere, so each game's loader checks every value it reads.  The first steps
are the same for every game and live here.
"""
from __future__ import annotations

import dataclasses
from contextlib import contextmanager

from .rng import Chance, check_seed


def read_outcome(game, data, end_reasons) -> None:
    """Read and check the saved ``turns``, ``winner`` and ``end_reason`` into ``game``.

    ``turns`` is a whole number 0 or more; ``end_reason`` is None (the game
    goes on) or one of the game's ``end_reasons``; ``winner`` is None or a
    seat (a game of teams checks further that it is a team), and only a game
    that has ended has one.  Each game's loader calls this.
    """
    turns, winner, reason = data["turns"], data["winner"], data["end_reason"]
    if isinstance(turns, bool) or not isinstance(turns, int) or turns < 0:
        raise ValueError(f"saved 'turns' must be a whole number 0 or more, got {turns!r}")
    if reason is not None and reason not in end_reasons:
        raise ValueError(f"saved 'end_reason' must be None or one of {', '.join(map(repr, end_reasons))}, "
                         f"got {reason!r}")
    if winner is not None and (isinstance(winner, bool) or not isinstance(winner, int)
                               or not 0 <= winner < game.n_players):
        raise ValueError(f"saved 'winner' must be None or a seat 0..{game.n_players - 1}, got {winner!r}")
    if winner is not None and reason is None:
        raise ValueError(f"saved 'winner' is {winner!r} but the game has not ended (end_reason is None)")
    game.turns, game.winner, game.end_reason = turns, winner, reason


def start_loading(cls, rules_class, data, game: str, title: str):
    """An empty ``cls`` game with the saved rules, player count, seed and randomness.

    ``data`` must be a dict saved by the game named ``game`` ("mouse_trap"),
    else ValueError ("not a saved {title}").  The rules are read with
    ``rules_class.from_dict`` and checked against the player count.  A missing
    key raises KeyError, which each game's loader turns into its ValueError;
    the loader fills in the rest.
    """
    if not isinstance(data, dict) or data.get("game") != game:
        raise ValueError(f"not a saved {title} (expected a dict with game={game!r})")
    rules = rules_class.from_dict(data["rules"])
    n_players = data["n_players"]
    rules.check_players(n_players)
    try:
        seed = check_seed(data["seed"])
    except ValueError as err:
        raise ValueError(f"saved 'seed': {err}") from None
    missing = sorted({f.name for f in dataclasses.fields(rules_class)} - set(data["rules"]))
    if missing:  # a save holds every rule, so a missing one is damage, not "the rulebook's value"
        raise ValueError(f"saved 'rules' is missing {', '.join(map(repr, missing))}")
    loaded = cls.__new__(cls)
    loaded.rules, loaded.n_players, loaded.seed = rules, n_players, seed
    loaded.chance = Chance.from_dict(data["chance"], seed)
    return loaded


@contextmanager
def reading_save():
    """Read a saved game's values inside ``with reading_save():`` -- a missing key
    or a value of the wrong type becomes a ValueError that says so."""
    try:
        yield
    except KeyError as err:
        raise ValueError(f"saved game is missing {err}") from None
    except (TypeError, AttributeError) as err:
        raise ValueError(f"saved game has a value of the wrong type: {err}") from None

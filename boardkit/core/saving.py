"""What loading any saved game starts with.

A saved game is plain JSON data (``game.to_dict()``) and may come from
anywhere, so each game's loader checks every value it reads.  The first steps
are the same for every game and live here.
"""
from __future__ import annotations

from contextlib import contextmanager

from .rng import Chance


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
    loaded = cls.__new__(cls)
    loaded.rules, loaded.n_players, loaded.seed = rules, n_players, data["seed"]
    loaded.chance = Chance.from_dict(data["chance"])
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

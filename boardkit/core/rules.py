"""The base of every game's ``Rules``: a frozen, validated dataclass.

A game's rules are data.  ``Rules()`` is the rulebook; ``rules.replace(...)``
is a variant a tinkerer tries.  Every variant is checked when it is made, and
a variant that makes no sense raises ``ValueError`` naming the field, the
value and what is allowed, so a mistake shows up in the cell that made it.
"""
from __future__ import annotations

import dataclasses
import json


class BaseRules:
    """Mixin for frozen dataclasses of rules.  Subclasses implement ``check()``."""

    #: name of the game, for tables and titles
    game_name = "game"
    #: player counts the game allows (inclusive)
    min_players = 2
    max_players = 4

    def __post_init__(self):
        self.check()

    def check(self) -> None:
        """Raise ValueError if the rules make no sense (override per game)."""

    def replace(self, **changes) -> "BaseRules":
        """A validated copy with some rules changed: ``rules.replace(hand_limit=7)``."""
        known = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise ValueError(
                f"{type(self).__name__} has no rule {', '.join(map(repr, unknown))}; "
                f"the rules are: {', '.join(sorted(known))}"
            )
        return dataclasses.replace(self, **changes)

    def changes(self) -> dict:
        """Only the rules that differ from the rulebook: a variant's short name."""
        default = type(self)()
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def check_players(self, n_players: int) -> None:
        if not isinstance(n_players, int) or not self.min_players <= n_players <= self.max_players:
            raise ValueError(
                f"n_players must be a whole number from {self.min_players} to "
                f"{self.max_players} for {self.game_name}, got {n_players!r}"
            )

    def to_dict(self) -> dict:
        return json.loads(json.dumps(dataclasses.asdict(self)))

    @classmethod
    def from_dict(cls, data: dict) -> "BaseRules":
        if not isinstance(data, dict):
            raise ValueError(f"rules must be a dict, got {type(data).__name__}")
        known = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise ValueError(f"{cls.__name__} has no rule {', '.join(map(repr, unknown))}")
        values = {k: _tuplify(v) for k, v in data.items()}
        return cls(**values)

    # -- hooks used by bk.play / bk.simulate ----------------------------------
    def new_game(self, n_players: int, seed: int | None = None, record_events: bool = True):
        raise NotImplementedError

    def default_bots(self, n_players: int) -> list:
        raise NotImplementedError


def _tuplify(value):
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value


def require(condition: bool, field: str, value, allowed: str) -> None:
    """Raise the standard rule error unless ``condition`` holds."""
    if not condition:
        raise ValueError(f"{field}={value!r} is not allowed: {allowed}")

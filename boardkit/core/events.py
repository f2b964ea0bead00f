"""Event records: what happened in a game, as plain data.

Each game defines its events as small frozen dataclasses deriving from
:class:`Event`.  A view animates them, a test reads them, a lesson counts
them.  :func:`event_to_dict` / :func:`event_from_dict` make them JSON-safe.
"""
from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Event:
    """Base class of every event; ``player`` is the seat it concerns (or None)."""

    player: int | None

    def describe(self) -> str:
        """One line a person can read; games override this per event."""
        fields = ", ".join(f"{k}={v}" for k, v in dataclasses.asdict(self).items())
        return f"{type(self).__name__}({fields})"


def seat(player: int | None) -> str:
    """How a player is named in an event's text: "Player 1" for seat 0."""
    return "-" if player is None else f"Player {player + 1}"


# -- events many games share ----------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Rolled(Event):
    """The player threw the die and got ``value``."""

    value: int

    def describe(self):
        return f"{seat(self.player)} rolls a {self.value}."


@dataclasses.dataclass(frozen=True)
class NothingHappens(Event):
    """The player's space asks for something that cannot be done now; ``reason`` says why."""

    reason: str

    def describe(self):
        return f"{seat(self.player)}: {self.reason}"


@dataclasses.dataclass(frozen=True)
class TurnCap(Event):
    """The game reached its rules' ``max_turns`` and stops with no winner."""

    turns: int

    def describe(self):
        return f"Stalemate: the game stops after {self.turns} turns with no winner (turn cap)."


def latest_this_turn(events, kind: str) -> Event | None:
    """The last event named ``kind`` since the latest roll of the die, else None.

    Views use it to show what the current turn did (the door opened, the crank
    turned) until the next roll.
    """
    for event in reversed(events or ()):
        name = type(event).__name__
        if name == kind:
            return event
        if name == "Rolled":
            return None
    return None


def event_to_dict(event: Event) -> dict:
    data = {"type": type(event).__name__}
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        data[f.name] = list(value) if isinstance(value, tuple) else value
    return data


def event_from_dict(data: dict, kinds: dict[str, type]) -> Event:
    """Rebuild an event; ``kinds`` maps type names to the game's event classes."""
    try:
        cls = kinds[data["type"]]
    except (KeyError, TypeError):
        raise ValueError(f"unknown event record {data!r}; known types: {sorted(kinds)}") from None
    values = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            raise ValueError(f"event {data['type']} is missing field {f.name!r}")
        value = data[f.name]
        values[f.name] = tuple(value) if isinstance(value, list) else value
    return cls(**values)

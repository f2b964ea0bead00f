"""Event records: what happened in a game, as plain data.

Each game defines its events as small frozen dataclasses deriving from
:class:`Event`.  A game records one with ``self.log(ev.Rolled, player, value)``
(the kind and its fields: ``BaseGame.log`` makes the event only when the game
keeps its events).  A view animates them, a test reads them, a lesson counts
them.  :func:`event_to_dict` / :func:`event_from_dict` make them JSON-safe.
"""
from __future__ import annotations

import dataclasses
import math


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


#: what a saved record may hold for each declared type of an event field
_KINDS = {
    "int": ("a whole number", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    "bool": ("True or False", lambda v: isinstance(v, bool)),
    "float": ("a number", lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)),
    "str": ("text", lambda v: isinstance(v, str)),
    "tuple": ("a list", lambda v: isinstance(v, list)),
    "object": ("a value", lambda v: True),  # what it may be, the game's ``allowed`` says
}
#: any other declared type (a card) is saved as a list
_OTHER = ("a list", lambda v: isinstance(v, list))


def _item(value):
    """A list inside a saved record as the tuple the event holds (a card, a pair of rolls)."""
    return tuple(_item(v) for v in value) if isinstance(value, list) else value


def _allows(rule, value, kind: str) -> bool:
    """Is ``value`` one of the values ``rule`` allows?  (1.0 and True are not the seat 1.)"""
    leaves = _item([value])
    while any(isinstance(v, tuple) for v in leaves):
        leaves = tuple(x for v in leaves for x in (v if isinstance(v, tuple) else (v,)))
    if kind not in ("bool", "float") and any(isinstance(v, (bool, float)) for v in leaves):
        return False
    try:
        return bool(rule(value)) if callable(rule) else value in rule
    except TypeError:  # a value of the wrong shape (a dict in a card)
        return False


def event_from_dict(data: dict, kinds: dict[str, type], allowed: dict | None = None) -> Event:
    """Rebuild a saved event, checking every field; ``kinds`` maps type names to the game's event classes.

    A field must hold its declared type (``int``: a whole number, ``str``: text,
    ``bool``, ``float``: a number, ``tuple``: a list; ``X | None`` also None;
    other types, such as a card, only a list) and, when ``allowed`` names it,
    one of the values it may take: ``allowed["start"] = range(len(spaces))``
    (any container, or a function that answers True or False;
    ``allowed["Moved.start"]`` for one event's field only).  A tuple field's
    items are checked one by one.  Anything else is a ValueError
    naming the event and the field.
    """
    try:
        cls = kinds[data["type"]]
    except (KeyError, TypeError):
        raise ValueError(f"unknown event record {data!r:.120}; known types: {sorted(kinds)}") from None
    extra = sorted(map(str, set(data) - {"type"} - {f.name for f in dataclasses.fields(cls)}))
    if extra:
        raise ValueError(f"event {data['type']} has unknown fields {', '.join(map(repr, extra))}")
    allowed = allowed or {}
    values = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            raise ValueError(f"event {data['type']} is missing field {f.name!r}")
        value = data[f.name]
        kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
        optional = kind.endswith(" | None")
        words, fits = _KINDS.get(kind.removesuffix(" | None"), _OTHER)
        rule = allowed.get(f"{data['type']}.{f.name}", allowed.get(f.name))
        items = value if kind == "tuple" and isinstance(value, list) else [value]
        if not (optional and value is None) and (
                not fits(value) or rule is not None
                and not all(_allows(rule, _item(v), kind) for v in items)):
            shown = f"{words}{' or None' if optional else ''}" + ("" if rule is None else " this game allows")
            raise ValueError(f"saved event {data['type']}.{f.name} must be {shown}, got {value!r:.80}")
        values[f.name] = _item(value)
    return cls(**values)

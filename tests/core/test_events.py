"""boardkit.core.events: events as plain, JSON-safe data."""
import dataclasses
import json

import pytest

from boardkit.core import Event, event_from_dict, event_to_dict


@dataclasses.dataclass(frozen=True)
class Scored(Event):
    points: int
    cards: tuple


KINDS = {"Scored": Scored}


def test_round_trip_through_json():
    event = Scored(2, 5, ("a", "b"))
    data = json.loads(json.dumps(event_to_dict(event)))
    assert data == {"type": "Scored", "player": 2, "points": 5, "cards": ["a", "b"]}
    assert event_from_dict(data, KINDS) == event


def test_describe_default_names_the_fields():
    text = Scored(None, 1, ()).describe()
    assert text.startswith("Scored(") and "points=1" in text


@pytest.mark.parametrize("data", [
    {"type": "Nope", "player": 0},
    {"player": 0},
    "not a dict",
])
def test_unknown_records_raise_value_error(data):
    with pytest.raises(ValueError):
        event_from_dict(data, KINDS)


def test_missing_field_raises_naming_it():
    with pytest.raises(ValueError, match="points"):
        event_from_dict({"type": "Scored", "player": 0, "cards": []}, KINDS)


@dataclasses.dataclass(frozen=True)
class Counted(Event):
    """An event that counts how often one is made."""

    made = 0

    def __post_init__(self):
        type(self).made += 1


@pytest.mark.parametrize("keeps_events", [True, False])
def test_a_game_makes_an_event_only_when_it_keeps_its_events(keeps_events):
    """A simulation (events off) is spared making events nobody keeps: log takes the kind and its fields."""
    from boardkit.games import mystery_date as md

    game = md.Game(seed=1, record_events=keeps_events)
    Counted.made = 0
    game.log(Counted, 0)
    if keeps_events:
        assert Counted.made == 1 and game.events[-1] == Counted(0)
    else:
        assert Counted.made == 0 and game.events is None

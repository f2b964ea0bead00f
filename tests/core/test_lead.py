"""LeadTracker: lead changes (ties skipped) and each seat's worst deficit, checked by hand and at random."""
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardkit.core import LeadTracker


def tracked(*standings, n_players=None):
    lead = LeadTracker(n_players or len(standings[0]))
    for scores in standings:
        lead.update(scores)
    return lead


def test_a_new_tracker_has_seen_nothing():
    lead = LeadTracker(3)
    assert (lead.scores, lead.leader, lead.lead_changes, lead.worst_deficit) == (None, None, 0, [0, 0, 0])
    assert lead.columns(None) == {"lead_changes": 0, "winner_worst_deficit": None}


def test_the_docstring_example():
    lead = tracked([2, 0, 1], [2, 3, 1])
    assert lead.leader == 1 and lead.lead_changes == 1
    assert lead.worst_deficit == [1, 2, 2]
    assert lead.columns(winner=0) == {"lead_changes": 1, "winner_worst_deficit": 1}


@pytest.mark.parametrize("standings,changes,leader", [
    ([[1, 0], [2, 0], [3, 1]], 0, 0),               # a procession
    ([[1, 0], [1, 1], [1, 2]], 1, 1),               # A leads, a tie, B leads: one change
    ([[1, 0], [1, 1], [2, 1]], 0, 0),               # A leads, a tie, A leads again: none
    ([[0, 0], [0, 0], [1, 1]], 0, None),            # never a sole leader
    ([[1, 0], [0, 1], [1, 0], [0, 1]], 3, 1),       # see-saw
    ([[5, 5, 0], [5, 5, 6], [7, 5, 6]], 1, 0),      # first sole leader is no change
])
def test_lead_changes_skip_ties(standings, changes, leader):
    lead = tracked(*standings)
    assert lead.lead_changes == changes and lead.leader == leader


def test_worst_deficit_is_the_most_behind_the_leader_ever():
    lead = tracked([0, 0, 0], [4, 1, 0], [4, 6, 0], [10, 6, 9])
    assert lead.worst_deficit == [2, 4, 6]
    assert lead.columns(1)["winner_worst_deficit"] == 4
    assert lead.columns(0)["winner_worst_deficit"] == 2


def test_float_standings_work():
    lead = tracked([0.5, 1.0], [2.0, 1.25])
    assert lead.worst_deficit == [0.5, 0.75] and lead.lead_changes == 1


def test_the_tracker_keeps_its_own_copy_of_the_scores():
    cheese = [1, 2, 0]
    lead = tracked(cheese)
    cheese[0] = 9
    assert lead.scores == [1, 2, 0]
    lead.update((3, 2, 0))  # any sequence of numbers
    assert lead.scores == [3, 2, 0] and lead.leader == 0


def test_save_and_restore_through_json():
    lead = tracked([1, 0, 0], [1, 3, 0], [1, 3, 3])
    data = json.loads(json.dumps(lead.to_dict()))
    copy = LeadTracker.from_dict(data, 3, range(10), 50)
    assert copy.to_dict() == lead.to_dict()
    for tracker in (lead, copy):
        tracker.update([4, 3, 3])
    assert copy.to_dict() == lead.to_dict() and copy.lead_changes == 2
    assert LeadTracker.from_dict(LeadTracker(2).to_dict(), 2, range(10), 50).scores is None


@pytest.mark.parametrize("n_players", [0, -1, 2.0, "3", None, True])
def test_bad_player_count(n_players):
    with pytest.raises(ValueError, match="n_players"):
        LeadTracker(n_players)


@pytest.mark.parametrize("scores", [[1, 2], [1, 2, 3, 4], [1, "2", 3], ["a", "b", "c"], [None, 1, 2], 5])
def test_bad_scores_raise_and_change_nothing(scores):
    lead = tracked([1, 0, 0], [0, 2, 0])
    before = lead.to_dict()
    with pytest.raises(ValueError, match="scores"):
        lead.update(scores)
    assert lead.to_dict() == before


@pytest.mark.parametrize("winner", [3, -1, 1.0, "0"])
def test_bad_winner(winner):
    with pytest.raises(ValueError, match="winner"):
        tracked([1, 0, 0]).columns(winner)


GOOD = {"scores": [3, 1, 0], "leader": 0, "lead_changes": 1, "worst_deficit": [1, 2, 3]}


@pytest.mark.parametrize("change,message", [
    ({"scores": [3, 1]}, "scores"),
    ({"scores": [3, 1, "0"]}, "scores"),
    ({"scores": [3, True, 0]}, "scores"),
    ({"leader": 3}, "leader"),
    ({"leader": 1}, "sole leader"),
    ({"lead_changes": -1}, "lead_changes"),
    ({"lead_changes": 1.0}, "lead_changes"),
    ({"worst_deficit": [1, 2]}, "worst_deficit"),
    ({"worst_deficit": [1, -2, 3]}, "worst_deficit"),
    ({"worst_deficit": [0, 1, 3]}, "smaller than the deficits"),
    ({"scores": None}, "no scores yet"),
    ({"scores": [1, 1, 0], "leader": None}, "lead_changes"),
    ({"extra": 1}, "keys"),
    ({"worst_deficit": [1, 2.5, 3]}, "worst_deficit"),                # loaded before (issue 25)
    ({"worst_deficit": [1, 2, 10**18]}, r"worst_deficit must list a whole number 0\.\.9"),   # loaded before
    ({"scores": [3, 1, 10]}, r"scores must be None or a standing 0\.\.9"),
    ({"lead_changes": 51}, r"lead_changes must be a whole number 0\.\.50"),   # more than play allows: loaded before
])
def test_bad_saved_data(change, message):
    with pytest.raises(ValueError, match=message):
        LeadTracker.from_dict({**GOOD, **change}, 3, range(10), 50)


@pytest.mark.parametrize("data", [None, [], "lead", {"scores": None}])
def test_not_saved_data(data):
    with pytest.raises(ValueError, match="saved lead"):
        LeadTracker.from_dict(data, 3, range(10), 50)


def test_good_saved_data_loads():
    assert LeadTracker.from_dict(GOOD, 3, range(10), 50).to_dict() == GOOD


standings = st.integers(2, 5).flatmap(
    lambda n: st.lists(st.lists(st.integers(-5, 20), min_size=n, max_size=n), min_size=1, max_size=30))


@given(standings)
def test_agrees_with_counting_from_the_whole_history(history):
    lead = tracked(*history)
    sole = [s.index(max(s)) for s in history if s.count(max(s)) == 1]
    assert lead.lead_changes == sum(a != b for a, b in zip(sole, sole[1:]))
    assert lead.leader == (sole[-1] if sole else None)
    for seat in range(len(history[0])):
        assert lead.worst_deficit[seat] == max(max(s) - s[seat] for s in history)
    saved = json.loads(json.dumps(lead.to_dict()))
    assert LeadTracker.from_dict(saved, len(history[0]), range(-5, 21), len(history)).to_dict() == lead.to_dict()

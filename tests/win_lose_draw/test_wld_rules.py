"""Rules of Win, Lose or Draw: the rulebook defaults, every variant checked, player counts."""
import json

import pytest

from boardkit.games import win_lose_draw as wld
from boardkit.games.win_lose_draw.guessing import THRESHOLD


def test_the_defaults_are_the_rulebook():
    rules = wld.Rules()
    assert rules.play == "team"                                   # the first way to play in the book
    assert rules.team_target == 8                                 # "the first team to make 8 correct guesses"
    assert rules.timer_seconds == 60
    assert rules.steal and rules.steal_seconds == 10             # "ten seconds to make one guess"
    assert rules.colours_to_collect == 4                         # "4 different colored pawns"
    assert rules.pawns_per_colour == 6                           # 24 pawns in 4 colours
    assert rules.track == wld.DEFAULT_TRACK and rules.track.count(wld.SPADE) == 4
    assert rules.die_sides == 6
    assert rules.categories == wld.CATEGORIES and len(rules.categories) == 6
    assert rules.partial_answers and rules.match_threshold == THRESHOLD
    assert not rules.team_picks_sketcher
    assert rules.changes() == {}


def test_a_variant_keeps_the_other_rules():
    rules = wld.Rules().replace(play="gameboard", colours_to_collect=3)
    assert rules.changes() == {"play": "gameboard", "colours_to_collect": 3}
    assert rules.team_target == 8 and rules.track == wld.DEFAULT_TRACK


NO_SPADE = ("red", "green", "blue", "orange")

BAD = [
    ("play", "solo"),
    ("play", "Team"),
    ("timer_seconds", 0),
    ("timer_seconds", 601),
    ("timer_seconds", 60.0),
    ("timer_seconds", True),
    ("team_target", -1),
    ("team_target", 0),
    ("team_target", "8"),
    ("steal", "yes"),
    ("steal", 1),
    ("steal_seconds", 0),
    ("steal_seconds", 121),
    ("team_picks_sketcher", None),
    ("track", NO_SPADE),
    ("track", ("spade", "red", "green", "blue")),                # no orange square
    ("track", ("spade", "red", "green", "blue", "orange", "purple")),
    ("track", ["spade", "red", "green", "blue", "orange"]),      # a list, not a tuple
    ("track", ()),
    ("die_sides", 0),
    ("die_sides", 2.5),
    ("colours_to_collect", 5),
    ("colours_to_collect", 0),
    ("pawns_per_colour", 0),
    ("pawns_per_colour", None),
    ("categories", ("Cars",)),
    ("categories", ()),
    ("categories", ("Books", "Books")),
    ("categories", ["Books"]),
    ("partial_answers", "yes"),
    ("match_threshold", 0),
    ("match_threshold", 101),
    ("match_threshold", "85"),
    ("match_threshold", False),
    ("max_sketches", 0),
    ("max_sketches", 1.5),
]


@pytest.mark.parametrize("field, value", BAD)
def test_a_bad_rule_raises_naming_the_field_and_the_value(field, value):
    with pytest.raises(ValueError) as error:
        wld.Rules().replace(**{field: value})
    message = str(error.value)
    assert field in message and repr(value) in message


def test_an_unknown_rule_is_named():
    with pytest.raises(ValueError, match="teams"):
        wld.Rules().replace(teams=3)


@pytest.mark.parametrize("field, value", [
    ("timer_seconds", 1), ("timer_seconds", 600), ("team_target", 1), ("steal", False), ("steal_seconds", 120),
    ("track", ("spade", "red", "green", "blue", "orange")), ("die_sides", 1), ("colours_to_collect", 1),
    ("pawns_per_colour", 1), ("categories", ("Books",)), ("partial_answers", False), ("match_threshold", 100),
    ("match_threshold", 0.5), ("max_sketches", 1), ("team_picks_sketcher", True),
])
def test_the_edges_of_each_range_are_allowed(field, value):
    assert getattr(wld.Rules().replace(**{field: value}), field) == value


@pytest.mark.parametrize("play, low, high", [("team", 4, 40), ("gameboard", 3, 6)])
def test_each_way_to_play_has_its_player_range(play, low, high):
    rules = wld.Rules(play=play)
    assert rules.player_range == (low, high)
    for n in (low, high):
        rules.check_players(n)
        assert wld.Game(rules, n_players=n, seed=0).n_players == n
    for n in (low - 1, high + 1, float(low), "4", None, True):
        with pytest.raises(ValueError) as error:
            rules.check_players(n)
        message = str(error.value)
        assert "n_players" in message and repr(n) in message and f"{low} to {high}" in message


def test_team_play_needs_four_players():
    with pytest.raises(ValueError, match=r"n_players.*4 to 40.*got 3"):
        wld.Game(wld.Rules(), n_players=3)
    with pytest.raises(ValueError, match=r"n_players.*3 to 6.*got 7"):
        wld.Game(wld.Rules(play="gameboard"), n_players=7)


@pytest.mark.parametrize("rules", [
    wld.Rules(),
    wld.Rules(play="gameboard", track=("spade", "red", "spade", "green", "blue", "orange"), die_sides=3,
              colours_to_collect=2, pawns_per_colour=2, categories=("Movies", "Books"), match_threshold=72.5,
              partial_answers=False),
    wld.Rules(team_target=3, steal=False, steal_seconds=5, timer_seconds=30, team_picks_sketcher=True,
              max_sketches=20),
])
def test_rules_survive_a_trip_through_json(rules):
    data = json.loads(json.dumps(rules.to_dict()))
    assert wld.Rules.from_dict(data) == rules


def test_bad_rules_data_is_refused():
    with pytest.raises(ValueError, match="dict"):
        wld.Rules.from_dict(["team"])
    with pytest.raises(ValueError, match="colour"):
        wld.Rules.from_dict({"colour": "red"})
    with pytest.raises(ValueError, match="play='solo'"):
        wld.Rules.from_dict({"play": "solo"})


# -- issue 16: every size has a documented upper bound; Team Play is "for 4 or more players" ----------

@pytest.mark.parametrize("field", sorted(wld.rules.BOUNDS))
def test_every_size_has_an_upper_bound_named_in_the_error(field):
    low, high, unit = wld.rules.BOUNDS[field]
    assert getattr(wld.Rules().replace(**{field: high}), field) == high        # the bound itself is allowed
    for value in (high + 1, 10**9, 10**18, low - 1, -5):
        with pytest.raises(ValueError) as error:
            wld.Rules().replace(**{field: value})
        message = str(error.value)
        assert field in message and repr(value) in message and f"{low} to {high:,}" in message


def test_every_whole_number_rule_has_bounds():
    whole = {name for name, value in wld.Rules().to_dict().items()
             if isinstance(value, int) and not isinstance(value, bool)}
    # colours_to_collect (1 to 4) and match_threshold (above 0, at most 100) are bounded by their own checks
    assert whole - {"colours_to_collect", "match_threshold"} == set(wld.rules.BOUNDS)


def test_a_track_has_an_upper_bound():
    longest = ("spade", "red", "green", "blue", "orange") * (wld.track.MAX_TRACK // 5)
    assert len(wld.Rules(play="gameboard", track=longest).track) == wld.track.MAX_TRACK
    with pytest.raises(ValueError,
                       match=r"track=<a tuple of 205 spaces> is not allowed: expected a tuple of at most 200"):
        wld.Rules(track=longest + ("spade", "red", "green", "blue", "orange"))
    with pytest.raises(ValueError, match=r"track=<a tuple of 1,000,000 spaces>"):
        wld.Rules(track=("red",) * 10**6)


def test_team_play_seats_any_number_from_4_to_40():
    """The book: "For 4 or more players"; a whole class of 40 in two teams is the model's documented limit."""
    rules = wld.Rules()
    assert rules.player_range == (4, wld.rules.MAX_TEAM_PLAYERS) == (4, 40)
    game = wld.Game(rules, 40, seed=1, record_events=False)
    assert len(game.members(0)) == len(game.members(1)) == 20
    with pytest.raises(ValueError, match=r"n_players must be a whole number from 4 to 40 for Team Play.*got 41"):
        wld.Game(rules, 41)

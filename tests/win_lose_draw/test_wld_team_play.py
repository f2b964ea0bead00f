"""Team Play, rule by rule: the die for the first team, teams, Sketchers, scoring, steals, the card box."""
import dataclasses

import pytest

from boardkit.games import win_lose_draw as wld
from boardkit.games.win_lose_draw import events as ev
from boardkit.games.win_lose_draw.game import catalogue


def new_game(n_players=4, seed=0, **changes):
    return wld.Game(wld.Rules(**changes), n_players=n_players, seed=seed)


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def first_seed(predicate, n_players=4, **changes):
    """The first seed whose new game satisfies ``predicate``."""
    return next(seed for seed in range(500) if predicate(new_game(n_players, seed, **changes)))


def award_first_guesser(game):
    game.apply(wld.Award((game.guessers[0],)))


def sketchers(game):
    return [e.player for e in of_type(game.events, ev.SketchStarted)]


# -- who sketches first ------------------------------------------------------------------

def test_the_high_die_roll_decides_which_team_sketches_first():
    firsts = set()
    for seed in range(60):
        game = new_game(seed=seed)
        rolled = game.events[0]
        assert isinstance(rolled, ev.TeamsRolled)
        *ties, (a, b) = rolled.rolls
        assert all(x == y for x, y in ties) and a != b           # ties are rerolled, the last roll decides
        assert rolled.first_team == game.first_team == game.turn_team == (0 if a > b else 1)
        assert game.team_of(game.sketcher) == game.first_team
        firsts.add(game.first_team)
    assert firsts == {0, 1}


def test_team_b_can_win_the_roll_and_then_seat_1_sketches_first():
    game = new_game(seed=first_seed(lambda g: g.first_team == 1))
    a, b = game.events[0].rolls[-1]
    assert b > a
    assert game.sketcher == 1 and game.current_player == 1


def test_a_tied_roll_is_rolled_again_and_every_roll_is_recorded():
    game = new_game(seed=first_seed(lambda g: len(g.events[0].rolls) > 1))
    rolls = game.events[0].rolls
    assert rolls[0][0] == rolls[0][1]
    assert "then" in game.events[0].describe()


# -- teams, Sketchers and Guessers ---------------------------------------------------------

def test_teams_are_the_seats_taken_alternately():
    game = new_game(n_players=5)
    assert game.members(0) == [0, 2, 4] and game.members(1) == [1, 3]
    assert [game.team_of(s) for s in range(5)] == [0, 1, 0, 1, 0]


def test_the_sketcher_announces_the_category_but_never_the_answer():
    game = new_game(seed=4)
    started = game.events[-1]
    assert isinstance(started, ev.SketchStarted)
    assert started.category == game.card.category and started.again == 0
    answer = game.card.answer
    assert answer not in repr(dataclasses.asdict(started)) and answer not in started.describe()
    assert game.card.category in started.describe()


@pytest.mark.parametrize("n_players", [4, 5, 6, 9])
def test_only_the_sketchers_teammates_guess(n_players):
    game = new_game(n_players=n_players, seed=2, steal=False)
    for _ in range(12):
        started = game.events[-1]
        team = game.members(game.team_of(started.player))
        assert started.guessers == game.guessers == tuple(s for s in team if s != started.player)
        assert game.legal_actions() == [wld.Award((s,)) for s in game.guessers] + [wld.TIME_UP]
        game.apply(wld.TIME_UP)


@pytest.mark.parametrize("n_players", [4, 7, 12, 40])
def test_everyone_sketches_once_before_anyone_sketches_twice(n_players):
    game = new_game(n_players=n_players, seed=first_seed(lambda g: g.first_team == 0, n_players), steal=False,
                    team_target=50)
    for k in range(40):
        if k % 3:
            award_first_guesser(game)
        else:
            game.apply(wld.TIME_UP)
    order = sketchers(game)
    assert [game.team_of(s) for s in order] == [k % 2 for k in range(len(order))]    # teams alternate
    for team in (0, 1):
        members = game.members(team)
        mine = [s for s in order if game.team_of(s) == team]
        assert mine == [members[k % len(members)] for k in range(len(mine))]         # seat order, round and round
        counts = [game.sketches_by[s] for s in members]
        assert max(counts) - min(counts) <= 1


# -- scoring, misses, steals ------------------------------------------------------------------

def test_a_point_scores_and_the_other_team_sketches_the_next_card():
    game = new_game(seed=0)
    team, guesser = game.turn_team, game.guessers[0]
    before = len(game.events)
    game.apply(wld.Award((guesser,)))
    new = game.events[before:]
    assert [type(e) for e in new] == [ev.Guessed, ev.Scored, ev.CardDone, ev.SketchStarted]
    assert new[0] == ev.Guessed(game.members(team)[0], (guesser,), False)
    assert new[1] == ev.Scored(None, team, 1) and new[2].guessed
    assert game.team_scores[team] == 1 and game.team_scores[1 - team] == 0
    assert game.turn_team == 1 - team and game.team_of(game.sketcher) == 1 - team


def test_a_miss_opens_a_ten_second_steal_for_the_other_team():
    game = new_game(n_players=6, seed=0)
    team, sketcher = game.turn_team, game.sketcher
    game.apply(wld.TIME_UP)
    assert game.events[-2:] == [ev.TimeRanOut(sketcher, False), ev.StealOpen(None, 1 - team, 10)]
    assert game.phase == "steal"
    others = game.members(1 - team)
    assert game.current_player == others[0]                       # the team's voice
    assert game.legal_actions() == [wld.Award((s,)) for s in others] + [wld.TIME_UP]


def test_the_steal_lasts_steal_seconds():
    game = new_game(seed=0, steal_seconds=5)
    game.apply(wld.TIME_UP)
    assert game.events[-1].seconds == 5


def test_a_successful_steal_scores_for_the_other_team_who_sketch_next():
    game = new_game(n_players=6, seed=0)
    team, sketcher = game.turn_team, game.sketcher
    thief = game.members(1 - team)[-1]
    game.apply(wld.TIME_UP)
    before = len(game.events)
    game.apply(wld.Award((thief,)))
    new = game.events[before:]
    assert new[0] == ev.Guessed(sketcher, (thief,), True)
    assert new[1] == ev.Scored(None, 1 - team, 1)
    assert game.team_scores[1 - team] == 1 and game.team_scores[team] == 0 and game.steals == 1
    assert game.team_of(game.sketcher) == 1 - team and game.phase == "sketch"


def test_a_failed_steal_scores_nothing_and_the_other_team_sketches_next():
    game = new_game(seed=0)
    team, sketcher = game.turn_team, game.sketcher
    game.apply(wld.TIME_UP)
    before = len(game.events)
    game.apply(wld.TIME_UP)
    new = game.events[before:]
    assert new[0] == ev.TimeRanOut(sketcher, True)
    assert isinstance(new[1], ev.CardDone) and not new[1].guessed
    assert game.team_scores == [0, 0] and game.steals == 0
    assert game.team_of(game.sketcher) == 1 - team


def test_without_steals_a_miss_goes_straight_to_the_other_team():
    game = new_game(seed=0, steal=False)
    team = game.turn_team
    before = len(game.events)
    game.apply(wld.TIME_UP)
    new = game.events[before:]
    assert [type(e) for e in new] == [ev.TimeRanOut, ev.CardDone, ev.SketchStarted]
    assert not of_type(game.events, ev.StealOpen)
    assert game.phase == "sketch" and game.team_of(game.sketcher) == 1 - team


def test_turns_alternate_after_a_point_a_miss_and_a_steal():
    game = new_game(n_players=4, seed=0)
    first = game.turn_team
    award_first_guesser(game)                                       # a point for the first team
    game.apply(wld.TIME_UP)                                         # a miss by the second team ...
    game.apply(wld.TIME_UP)                                         # ... and no steal
    game.apply(wld.TIME_UP)                                         # a miss by the first team ...
    game.apply(wld.Award((game.members(1 - first)[0],)))            # ... stolen
    assert [game.team_of(s) for s in sketchers(game)] == [first, 1 - first, first, 1 - first]
    assert game.team_scores[first] == 1 and game.team_scores[1 - first] == 1


def test_the_first_team_to_the_target_wins():
    game = new_game(seed=0, team_target=2)
    first = game.turn_team
    award_first_guesser(game)                                       # first team 1
    game.apply(wld.TIME_UP)
    game.apply(wld.TIME_UP)                                         # second team misses, no steal
    award_first_guesser(game)                                       # first team 2: the game is won
    assert game.is_over and game.winner == first and game.end_reason == "target"
    assert game.events[-1] == ev.TeamWon(None, first, 2)
    assert game.current_player is None and game.legal_actions() == []
    row = game.result()
    assert row["winner"] == first and row["end"] == "target" and row["play"] == "team"
    assert row["first_team"] == first and row["first_team_won"] is True
    assert (row["score_a"], row["score_b"]) == tuple(game.team_scores) and row["cards"] == 3 == row["turns"]


def test_a_steal_can_win_the_game_for_the_team_that_did_not_sketch():
    game = new_game(seed=0, team_target=1)
    first = game.turn_team
    game.apply(wld.TIME_UP)
    game.apply(wld.Award((game.members(1 - first)[0],)))
    assert game.winner == 1 - first and game.result()["first_team_won"] is False


def test_after_the_game_no_action_is_legal():
    game = new_game(seed=0, team_target=1)
    award_first_guesser(game)
    with pytest.raises(ValueError, match="over"):
        game.apply(wld.TIME_UP)


# -- the team picks its Sketcher -----------------------------------------------------------------

def test_a_team_that_picks_its_sketcher_chooses_among_those_who_sketched_least():
    game = new_game(n_players=6, seed=first_seed(lambda g: g.first_team == 0, 6), team_picks_sketcher=True,
                    steal=False)
    assert game.phase == "pick" and game.current_player == 0
    assert game.legal_actions() == [wld.PickSketcher(0), wld.PickSketcher(2), wld.PickSketcher(4)]
    game.apply(wld.PickSketcher(2))
    assert game.phase == "sketch" and game.sketcher == 2 and game.events[-1].player == 2
    game.apply(wld.TIME_UP)
    assert game.phase == "pick" and game.current_player == 1                          # team B's turn to pick
    game.apply(wld.PickSketcher(5))
    game.apply(wld.TIME_UP)
    assert game.legal_actions() == [wld.PickSketcher(0), wld.PickSketcher(4)]          # 2 has had a turn
    game.apply(wld.PickSketcher(4))
    game.apply(wld.TIME_UP)
    game.apply(wld.PickSketcher(3))
    game.apply(wld.TIME_UP)
    assert game.legal_actions() == [wld.PickSketcher(0)]


# -- the card box, counts and the cap ---------------------------------------------------------------

def test_each_card_is_used_once_then_goes_to_the_back_flipped():
    game = new_game(seed=3, categories=("Books",), steal=False)
    box = [list(card) for card in game.box]
    assert len(box) == 30 and all(side == 0 for *_, side in box)
    cards = catalogue()
    expected = [cards[a] for a, _, _ in box] + [cards[b] for _, b, _ in box] + [cards[a] for a, _, _ in box[:3]]
    for _ in range(len(expected)):
        assert game.card == expected[len(of_type(game.events, ev.CardDone))]
        assert game.events[-1].category == game.card.category
        game.apply(wld.TIME_UP)
    done = of_type(game.events, ev.CardDone)
    assert [(d.category, d.answer) for d in done] == [(c.category, c.answer) for c in expected]
    assert game.cards_done == game.turns == len(expected)


def test_the_first_card_goes_to_the_back_b_section_up():
    game = new_game(seed=8)
    front = list(game.box[0])
    award_first_guesser(game)
    assert game.box[-1] == [front[0], front[1], 1] and game.box[0] != front


def test_cards_done_and_turns_count_each_card():
    game = new_game(seed=1)
    award_first_guesser(game)
    game.apply(wld.TIME_UP)
    game.apply(wld.TIME_UP)
    assert game.cards_done == game.turns == 2
    game.apply(wld.TIME_UP)
    assert game.cards_done == 2 and game.phase == "steal"              # the card is not done until the steal


@pytest.mark.parametrize("steal", [True, False])
def test_the_sketch_cap_stops_a_game_with_no_winner(steal):
    game = new_game(seed=0, max_sketches=3, steal=steal)
    while not game.is_over:
        game.apply(wld.TIME_UP)
    assert game.end_reason == "sketch cap" and game.winner is None
    assert game.turns == 3 == game.cards_done
    assert game.events[-1] == ev.TurnCap(None, 3)
    assert game.result()["first_team_won"] is None

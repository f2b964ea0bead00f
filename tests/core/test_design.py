"""bk.design: goals and their scores, the search (Optuna underneath), and variants written as code."""
from fractions import Fraction

import numpy as np
import optuna
import pandas as pd
import pytest

import boardkit as bk
from boardkit.core import design as bd
from boardkit.core.bots import Random
from boardkit.games import cluedo_cards as cc
from boardkit.games import mouse_trap as mt
from boardkit.games import mystery_date as md
from boardkit.games import philo_vance as pv
from boardkit.games import win_lose_draw as wld

GOALS = {"median length": (20, 40), "seat test p": (0.05, None), "comeback share": "max"}


# -- goals ---------------------------------------------------------------------------------
def test_goals_from_a_dict_and_from_helpers_are_the_same():
    made = bd.make_goals(GOALS)
    assert made == [bd.between("median length", 20, 40), bd.at_least("seat test p", 0.05),
                    bd.maximise("comeback share")]
    assert [goal.label for goal in made] == ["median length 20 to 40", "seat test p at least 0.05",
                                             "comeback share as high as possible"]
    assert bk.design.at_most("99th percentile", 120).label == "99th percentile at most 120"


def test_a_goal_misses_in_its_own_units():
    length = bd.between("median length", 20, 40)
    assert [length.miss(v) for v in (10, 20, 33, 40, 46)] == [10, 0, 0, 0, 6]
    assert [length.met(v) for v in (10, 20, 40, 46, np.nan)] == [False, True, True, False, False]
    assert np.isnan(length.miss(np.nan))
    comeback = bd.maximise("comeback share")
    assert comeback.miss(0.7) == pytest.approx(0.3) and comeback.met(0.7) is None
    assert bd.minimise("first seat win rate").miss(0.3) == pytest.approx(0.3)
    assert bd.maximise("mean lead changes", ideal=5).miss(np.array([2.0, 6.0])).tolist() == [3.0, 0.0]
    # the scale each miss is counted in: the range's width, the bound's size, the span to the ideal
    assert (length.unit, bd.at_least("seat test p", 0.05).unit, comeback.unit) == (20, 0.05, 1)
    assert bd.at_most("won share", 0).unit == 1 and bd.between("won share", 0.5, 0.5).unit == 0.5
    assert bd.maximise("mean lead changes", ideal=4).unit == 4
    assert bd.between("median length", 20, 40, scale=5).unit == 5


def test_scores_of_a_hand_made_table():
    table = pd.DataFrame({"median length": [10, 30, 46, np.nan], "seat test p": [0.01, 0.2, 0.05, 0.5],
                          "comeback share": [0.7, 1.0, 0.2, 0.5]}, index=list("abcd"))
    scores = bd.score(table, GOALS)
    assert list(scores.columns) == [
        "status: median length 20 to 40", "miss: median length 20 to 40",
        "miss low: median length 20 to 40", "miss high: median length 20 to 40",
        "expected miss: median length 20 to 40", "status: seat test p at least 0.05", "miss: seat test p at least 0.05",
        "miss low: seat test p at least 0.05", "miss high: seat test p at least 0.05",
        "expected miss: seat test p at least 0.05", "miss: comeback share as high as possible", "miss low: comeback share as high as possible",
        "miss high: comeback share as high as possible", "expected miss: comeback share as high as possible",
        "goals met", "goals not sure", "all met", "score"]
    assert list(scores.index) == list("abcd")
    np.testing.assert_allclose(scores["miss: median length 20 to 40"], [10, 0, 6, np.nan])
    np.testing.assert_allclose(scores["miss: seat test p at least 0.05"], [0.04, 0, 0, 0], atol=1e-12)
    np.testing.assert_allclose(scores["miss: comeback share as high as possible"], [0.3, 0, 0.8, 0.5])
    # no interval in the table: the figure alone decides
    assert scores["status: median length 20 to 40"].tolist() == ["missed", "met", "missed", "no figure"]
    assert scores["status: seat test p at least 0.05"].tolist() == ["missed", "met", "met", "met"]
    assert scores["goals met"].tolist() == [0, 2, 1, 1]
    assert scores["all met"].tolist() == [False, True, False, False]
    # without intervals the expected miss is the miss:
    # 10/20 + 0.04/0.05 + 0.3/1, then 0, then 6/20 + 0 + 0.8/1, then NaN (no median)
    np.testing.assert_allclose(scores["score"], [1.6, 0, 1.1, np.nan])
    weighted = bd.score(table, [bd.between("median length", 20, 40, weight=2), bd.maximise("comeback share")])
    np.testing.assert_allclose(weighted["score"], [2 * 0.5 + 0.3, 0, 2 * 0.3 + 0.8, np.nan])


@pytest.mark.parametrize("make, message", [
    (lambda: bd.Goal("length", low=1), "a goal's figure must be one of 'mean length'"),
    (lambda: bd.Goal("median length"), "needs a range .* or a direction"),
    (lambda: bd.between("median length", 40, 20), "low=40 is above high=20"),
    (lambda: bd.maximise("median length"), "has no highest value, so 'max' needs an ideal="),
    (lambda: bd.Goal("won share", low=0.5, direction="max"), "a range .* or a direction, not both"),
    (lambda: bd.Goal("won share", direction="up"), "direction='up' is not allowed"),
    (lambda: bd.at_least("won share", float("nan")), "low=nan is not allowed: a finite number"),
    (lambda: bd.at_least("won share", 0.5, weight=0), "weight=0 is not allowed"),
    (lambda: bd.at_least("won share", 0.5, scale=-1), "scale=-1 is not allowed"),
    (lambda: bd.at_least("won share", 0.5, ideal=1), "ideal= goes with a direction"),
    (lambda: bd.make_goals({"won share": 0.5}), r"goals\['won share'\] = 0.5 is not allowed"),
    (lambda: bd.make_goals([]), "goals must be a non-empty list"),
    (lambda: bd.make_goals([bd.maximise("won share"), bd.maximise("won share")]), "set twice"),
    (lambda: bd.score(pd.DataFrame({"won share": [1.0]}), GOALS), "no column 'comeback share', 'median length'"),
])
def test_bad_goals(make, message):
    with pytest.raises(ValueError, match=message):
        make()


# -- the search --------------------------------------------------------------------------------
def test_the_search_finds_a_planted_optimum():
    """Capping Mouse Trap at ``max_turns`` turns leaves about half the games won exactly when the cap sits
    near the median length of the uncapped game: the search must find a cap there."""
    result = bd.search(mt.Rules(), {"max_turns": (10, 300)}, {"won share": (0.4, 0.6)}, n_trials=16,
                       n_games=100, n_players=2, seed=1, progress=False)
    lengths = bk.simulate(mt.Rules(), n_players=2, n_games=400, seed=99, progress=False)["turns"]
    low, high = np.percentile(lengths, [25, 75])
    best = result.best_row
    assert best["status: won share 0.4 to 0.6"] in ("met", "not sure yet") and best["score"] < 0.2
    assert low <= result.best.max_turns <= high
    assert result.best == mt.Rules().replace(max_turns=int(best["max_turns"]))
    assert result.best_players == 2
    assert result.best_code == f"mt.Rules().replace(max_turns={result.best.max_turns})"
    assert result.top(3)["score"].is_monotonic_increasing
    assert len(result.study.trials) == 16


@pytest.fixture(scope="module")
def small_search():
    return dict(rules=mt.Rules(), space={"push_cost": (1, 4), "n_players": [2, 3]}, goals=GOALS,
                n_trials=5, n_games=16, seed=7, batch=2, recheck=2, progress=False)


def test_the_trials_table(small_search):
    result = bd.search(**small_search)
    table = result.trials
    assert table["trial"].tolist() == list(range(5))
    figures = list(bk.sweep(mt.Rules(), {"push_cost": [1]}, n_games=2, progress=False).columns[1:])
    scores = list(bd.score(table, GOALS).columns)
    assert list(table.columns) == ["trial", "push_cost", "n_players", *figures, *scores, "error"]
    assert table["push_cost"].between(1, 4).all() and set(table["n_players"]) <= {2, 3}
    assert (table["players"] == table["n_players"]).all() and (table["games"] == 16).all()
    assert (table["error"] == "").all()
    pd.testing.assert_frame_equal(table[scores], bd.score(table, GOALS))
    best = table.loc[table["score"].idxmin()]
    assert result.best == mt.Rules(push_cost=int(best["push_cost"])) and result.best_players == best["n_players"]


def test_the_first_trial_is_the_game_the_search_began_from():
    start = mt.Rules(push_cost=2)
    space = {"push_cost": (1, 4), "backups": [(), ("F",), ("F", "M")], "n_players": [2, 3]}
    result = bd.search(start.replace(backups=("F",)), space, GOALS, n_trials=2, n_games=4, n_players=3,
                       progress=False)
    first = result.trials.iloc[0]
    assert (first["push_cost"], first["backups"], first["n_players"]) == (2, ("F",), 3)
    # a start outside the space, or rules_first=False: the sampler's own first proposal
    outside = bd.search(mt.Rules(push_cost=7), {"push_cost": (1, 4)}, GOALS, n_trials=1, n_games=4,
                        progress=False)
    off = bd.search(start, {"push_cost": (1, 4)}, GOALS, n_trials=1, n_games=4, progress=False,
                    rules_first=False)
    pd.testing.assert_frame_equal(off.trials, outside.trials)


def test_same_seed_same_search_with_or_without_a_process_pool(small_search):
    plain = bd.search(**small_search).trials
    pd.testing.assert_frame_equal(bd.search(**small_search).trials, plain)
    with bk.process_pool(workers=2) as pool:
        pd.testing.assert_frame_equal(bd.search(**small_search, executor=pool).trials, plain)
    other = bd.search(**{**small_search, "seed": 8}).trials
    assert not other[["push_cost", "n_players"]].equals(plain[["push_cost", "n_players"]])


def test_proposals_the_rules_refuse_are_recorded_and_told_as_failed():
    result = bd.search(md.Rules(), {"deal_size": (0, 8), "hand_limit": (3, 8)}, {"won share": (0.9, 1)},
                       n_trials=12, n_games=3, n_players=2, seed=0, progress=False, engine="reference")
    refused = result.trials[result.trials["error"] != ""]
    assert len(refused) > 0 and (refused["deal_size"] > refused["hand_limit"]).all()
    assert refused["error"].str.contains("deal_size=.* is not allowed: from 0 to the hand limit").all()
    assert refused["score"].isna().all() and refused["won share"].isna().all()
    states = [trial.state for trial in result.study.trials]
    assert states.count(optuna.trial.TrialState.FAIL) == len(refused)
    assert result.best.deal_size <= result.best.hand_limit


def test_choices_of_tuples_and_a_skill_goal():
    result = bd.search(mt.Rules(), {"backups": [(), ("F", "M")]}, [bd.maximise("skill")], n_trials=3,
                       n_games=8, n_players=2, seed=0, skill=(mt.bots.Trapper(), Random()), progress=False)
    assert set(result.trials["backups"]) <= {(), ("F", "M")}
    assert {"skill", "skill low", "skill high", "miss: skill as high as possible"} <= set(result.trials)
    assert result.best.backups in ((), ("F", "M"))


@pytest.mark.parametrize("space, options, message", [
    ({"hand_limt": (3, 8)}, {}, "'hand_limt' is not a rule of Mystery Date"),
    ({"hand_limit": (8, 3)}, {}, r"space\['hand_limit'\] = \(8, 3\) is not allowed: low must be below high"),
    ({"hand_limit": (2, 8)}, {}, "hand_limit=2 is not allowed: at least 3"),
    ({"hand_limit": (3, 8, 1)}, {}, "a range is \\(low, high\\), two numbers"),
    ({"hand_limit": []}, {}, "a \\(low, high\\) range or a non-empty list of choices"),
    ({"door_weights": (1, 2)}, {}, "it takes tuples, so give a list of them"),
    ({"hand_limit": [4, 4]}, {}, "lists the choice 4 twice"),
    ({"n_players": (2, 5)}, {}, "n_players=5 .*from 2 to 4"),
    ({}, {}, "space must be a dict"),
    ({"hand_limit": (3, 8)}, {"goals": {"skill": "max"}}, "a goal on 'skill' needs skill="),
    ({"hand_limit": (3, 8)}, {"n_trials": 0}, "n_trials must be a whole number >= 1"),
    ({"hand_limit": (3, 8)}, {"batch": 1.5}, "batch must be a whole number >= 1"),
    ({"hand_limit": (3, 8)}, {"engine": "warp"}, "engine='warp' is not allowed"),
    ({"hand_limit": (3, 8)}, {"n_games": -1}, "n_games must be a whole number >= 1"),
])
def test_bad_searches_are_refused_before_any_game_is_played(monkeypatch, space, options, message):
    monkeypatch.setattr(bd, "measure", lambda *a, **k: pytest.fail("a game was played"))
    arguments = dict(goals=GOALS, n_trials=2, n_games=5, progress=False)
    arguments.update(options)
    with pytest.raises(ValueError, match=message):
        bd.search(md.Rules(), space, **arguments)


# -- variants as code -------------------------------------------------------------------------
NAMES = {"md": md, "mt": mt, "pv": pv, "cc": cc, "wld": wld, "Fraction": Fraction}
VARIANTS = [
    md.Rules(), mt.Rules(), pv.Rules(), cc.Rules(), wld.Rules(),
    md.Rules().replace(hand_limit=5, door_weights=(2, 1, 1, 1, 1)),
    md.Rules(board=("door", "take1", "swap_any"), dud_in_play=False, max_turns=300),
    mt.Rules(stage_odds=(Fraction(1, 2),) + mt.Rules().stage_odds[1:], backups=("F",), push_cost=2),
    pv.Rules.expert(retire_after_failures=None),
    pv.Rules.children_game(hand_limit=8),
    cc.Rules(powers=(("dagger", "skip chosen"),), ties="round winner", target=15),
    wld.Rules(play="gameboard", match_threshold=85.5, steal=False),
]


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: bd.variant_code(r)[:60])
def test_variant_code_rebuilds_the_variant(rules):
    text = bd.variant_code(rules)
    rebuilt = eval(text, dict(NAMES))   # in the test only: the library never evaluates code
    assert rebuilt == rules and type(rebuilt) is type(rules)
    *imports, expression = bd.variant_code(rules, imports=True).splitlines()
    namespace = {}
    exec("\n".join(imports) + f"\nrebuilt = {expression}", namespace)   # the import lines suffice
    assert namespace["rebuilt"] == rules and expression == text


def test_variant_code_is_the_rulebook_and_the_changes_only():
    assert bd.variant_code(md.Rules()) == "md.Rules()"
    assert bd.variant_code(md.Rules().replace(door_weights=(2, 1, 1, 1, 1), hand_limit=5)) == \
        "md.Rules().replace(hand_limit=5, door_weights=(2, 1, 1, 1, 1))"
    assert bd.variant_code(mt.Rules(backups=("F",))) == "mt.Rules().replace(backups=('F',))"
    assert bd.variant_code(md.Rules(hand_limit=5), imports=True) == \
        "from boardkit.games import mystery_date as md\nmd.Rules().replace(hand_limit=5)"
    odds = (Fraction(1, 2),) + mt.Rules().stage_odds[1:]
    assert bd.variant_code(mt.Rules(stage_odds=odds), imports=True).startswith(
        "from fractions import Fraction\nfrom boardkit.games import mouse_trap as mt\n"
        "mt.Rules().replace(stage_odds=(Fraction(1, 2), 0.98,")


def test_variant_code_refuses_what_is_not_a_game_s_rules():
    with pytest.raises(ValueError, match="needs the Rules of a boardkit game"):
        bd.variant_code({"hand_limit": 5})

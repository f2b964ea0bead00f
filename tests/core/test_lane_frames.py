"""What a run says about its engine: both engines' frames have the same columns and types, and
``engine="auto"`` says why it played the reference engine; a Rules subclass hears the real reason."""
import dataclasses
import warnings

import pandas as pd
import pytest

import boardkit as bk
import boardkit.core.fast as core_fast
from boardkit.games import cluedo_cards as cc
from boardkit.games import mouse_trap as mt
from boardkit.games import mystery_date as md
from boardkit.games import philo_vance as pv
from boardkit.games import win_lose_draw as wld

#: each game with a cap low enough that some of its games end with nobody winning (a missing winner)
CAPPED = {
    "mystery_date": (md, md.Rules(max_turns=12), 3),
    "mouse_trap": (mt, mt.Rules(max_turns=40), 3),
    "cluedo_cards": (cc, cc.Rules(max_rounds=2), 3),
    "philo_vance": (pv, pv.Rules(max_turns=40), 3),
    "wld_team": (wld, wld.Rules(max_sketches=8), 4),
    "wld_gameboard": (wld, wld.Rules(play="gameboard", max_sketches=10), 4),
}


@pytest.mark.parametrize("name", list(CAPPED))
def test_both_engines_give_the_same_columns_and_types(name):
    game, rules, players = CAPPED[name]
    reference = bk.simulate(rules, players, 12, seed=3, engine="reference", progress=False)
    lane = bk.simulate(rules, players, 12, seed=3, engine="fast", progress=False)
    assert reference["winner"].isna().any() or lane["winner"].isna().any()  # a missing winner is tested
    pd.testing.assert_series_equal(reference.dtypes, lane.dtypes)
    declared = game.Game.RESULT_TYPES
    for column in reference.columns.drop(["game", "n_players"]):
        assert column in declared, f"{column} has no declared type in {game.__name__}.Game.RESULT_TYPES"
        assert reference[column].dtype == pd.Series([], dtype=declared[column]).dtype, column


def test_every_chunk_of_a_stream_has_the_same_types():
    """A chunk where every game was won used to get an integer winner, one with a capped game a float."""
    for engine in ("reference", "fast"):
        parts = list(bk.simulate_stream(md.Rules(max_turns=80), 2, 60, seed=0, chunk_size=3, engine=engine,
                                        progress=False))
        assert any(part["winner"].isna().any() for part in parts) and any(part["winner"].notna().all()
                                                                          for part in parts)
        assert all(part.dtypes.equals(parts[0].dtypes) for part in parts)


class OwnCollector(md.bots.Collector):
    """A student's bot: the lane cannot know how it decides."""


def test_auto_says_why_it_played_the_reference_engine_and_warns_once(monkeypatch):
    monkeypatch.setattr(core_fast, "_fallbacks_warned", set())
    bots = [md.bots.Collector(), OwnCollector()]
    with pytest.warns(RuntimeWarning, match="engine='auto' plays the reference engine.*OwnCollector"):
        frame = bk.simulate(md.Rules(), 2, 5, bots=bots, progress=False)
    assert frame.attrs["engine"] == "reference"
    assert "OwnCollector" in frame.attrs["fallback"] and "seat 1" in frame.attrs["fallback"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the same reason again: no second warning
        again = bk.simulate(md.Rules(), 2, 5, bots=bots, progress=False)
    assert again.attrs["fallback"] == frame.attrs["fallback"]
    assert "fallback" not in bk.simulate(md.Rules(), 2, 5, progress=False).attrs  # the lane played
    assert "fallback" not in bk.simulate(md.Rules(), 2, 5, bots=bots, progress=False,
                                         engine="reference").attrs  # asked for: no fallback


@dataclasses.dataclass(frozen=True)
class BonusRules(md.Rules):
    """A tinkerer's variant with a rule of her own (made in a notebook: its module is not the game's)."""
    bonus: int = 1


BonusRules.__module__ = "__main__"


@dataclasses.dataclass(frozen=True)
class SameFieldsRules(md.Rules):
    pass


SameFieldsRules.__module__ = "__main__"


def test_a_rules_subclass_hears_the_real_reason_from_the_fast_lane():
    with pytest.raises(ValueError, match="BonusRules adds the rule 'bonus', which the fast lane of Mystery Date "
                                         "does not know"):
        bk.simulate(BonusRules(), 2, 5, engine="fast", progress=False)
    with pytest.raises(ValueError, match="SameFieldsRules is a subclass of boardkit.games.mystery_date.Rules"):
        bk.simulate(SameFieldsRules(), 2, 5, engine="fast", progress=False)
    assert core_fast.lane_for(BonusRules()) is md.fast


def test_a_rules_subclass_plays_on_the_engine_the_fast_lane_points_to():
    # The fast lane's message says "use engine='reference' (or 'auto')": both refused a subclass made in a
    # notebook before ("rules must be the Rules of this game ..., got the rules of Mystery Date").
    reference = bk.simulate(BonusRules(), 2, 5, seed=3, engine="reference", progress=False)
    assert reference.equals(bk.simulate(md.Rules(), 2, 5, seed=3, engine="reference", progress=False))
    with pytest.warns(RuntimeWarning, match="BonusRules adds the rule 'bonus'"):
        auto = bk.simulate(BonusRules(), 2, 5, seed=3, engine="auto", progress=False)
    assert auto.attrs["engine"] == "reference" and "BonusRules adds the rule 'bonus'" in auto.attrs["fallback"]

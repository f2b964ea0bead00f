"""bk.sweep: one row of figures per variant, checked before playing, reproducible whatever the executor;
and bk.metrics.summary_with_intervals / quantile_interval, the figures each row holds."""
import numpy as np
import pandas as pd
import pytest

import boardkit as bk
from boardkit.core import game_seeds
from boardkit.core import sweep as sweep_module
from boardkit.core.bots import Random
from boardkit.games import mouse_trap as mt
from boardkit.games import mystery_date as md

MT = mt.Rules()
GRID = {"push_cost": [1, 3], "n_players": [2, 3]}
#: summary's figures, each followed by its interval where it has one
FIGURES = ["games", "players",
           "mean length", "mean length low", "mean length high",
           "median length", "median length low", "median length high",
           "90th percentile", "90th percentile low", "90th percentile high",
           "99th percentile", "99th percentile low", "99th percentile high",
           "first seat win rate", "first seat win rate low", "first seat win rate high",
           "largest seat gap", "largest seat gap low", "largest seat gap high",
           "seat test p",
           "won share", "won share low", "won share high",
           "mean lead changes", "mean lead changes low", "mean lead changes high",
           "comeback share", "comeback share low", "comeback share high"]
WITH_INTERVALS = [name for name in FIGURES if f"{name} low" in FIGURES]


def small_sweep(**kwargs):
    options = dict(grid=GRID, n_games=40, seed=3, progress=False)
    options.update(kwargs)
    return bk.sweep(MT, **options)


@pytest.fixture(scope="module")
def table():
    return small_sweep()


def test_one_row_per_combination_with_the_grid_then_the_figures(table):
    assert len(table) == 4
    assert list(table.columns) == ["push_cost", "n_players", *FIGURES, "engine"]
    # the first field varies slowest
    assert table[["push_cost", "n_players"]].values.tolist() == [[1, 2], [1, 3], [3, 2], [3, 3]]
    assert (table["games"] == 40).all()
    assert (table["players"] == table["n_players"]).all()
    assert set(table["engine"]) <= {"reference", "fast"}
    assert list(bk.metrics.summary(bk.simulate(MT, n_games=5, progress=False)).index) == \
        [name for name in FIGURES if not name.endswith((" low", " high"))]


def test_each_row_is_the_simulation_of_its_variant_from_its_own_seed(table):
    seeds = game_seeds(3, 2 * len(table))
    for i, row in table.iterrows():
        variant = MT.replace(push_cost=int(row["push_cost"]))
        frame = bk.simulate(variant, n_players=int(row["n_players"]), n_games=40, seed=seeds[2 * i],
                            progress=False)
        expected = bk.metrics.summary_with_intervals(frame)
        pd.testing.assert_series_equal(row[FIGURES].astype(float), expected.astype(float), check_names=False)
        assert row["engine"] == frame.attrs["engine"]


def test_the_reference_engine_on_request(table):
    reference = small_sweep(engine="reference")
    assert (reference["engine"] == "reference").all()
    if (table["engine"] == "reference").all():
        pd.testing.assert_frame_equal(reference, table)


def test_intervals_contain_their_estimates_even_with_no_winner():
    # a door that only shows the Dud: nobody wins, every game stops at the cap
    table = bk.sweep(md.Rules(max_turns=12), {"door_weights": [(1, 1, 1, 1, 1), (0, 0, 0, 0, 1)]},
                     n_players=2, n_games=30, seed=1, progress=False, engine="reference")
    for name in WITH_INTERVALS:
        for _, row in table.iterrows():
            if np.isnan(row[name]):
                assert np.isnan(row[f"{name} low"]) and np.isnan(row[f"{name} high"]), name
            else:
                assert row[f"{name} low"] <= row[name] <= row[f"{name} high"], (name, row[name])
    stuck = table.iloc[1]
    assert stuck["won share"] == 0 and stuck["median length"] == 12
    assert np.isnan(stuck["first seat win rate"]) and np.isnan(stuck["comeback share"])


def test_same_seed_same_table_another_seed_another(table):
    pd.testing.assert_frame_equal(small_sweep(), table)
    assert not small_sweep(seed=4)["mean length"].equals(table["mean length"])


def test_n_players_and_numpy_values():
    table = small_sweep(grid={"push_cost": np.arange(1, 3)}, n_players=3, n_games=10)
    assert table["push_cost"].tolist() == [1, 2] and (table["players"] == 3).all()
    assert type(table["push_cost"][0].item()) is int


def test_a_process_pool_gives_the_same_table(table):
    with bk.process_pool(workers=2) as pool:
        pd.testing.assert_frame_equal(small_sweep(executor=pool), table)


def test_a_dask_cluster_gives_the_same_table():
    """``executor=client.get_executor()``: two worker processes listening on 127.0.0.1 only.  On the
    reference engine: a fresh worker would first load a game's fast lane, which the process pool's test
    covers; this one need not pay for it twice."""
    import distributed

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=40) as cluster:
        with distributed.Client(cluster) as client:
            clustered = small_sweep(executor=client.get_executor(), engine="reference")
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
    pd.testing.assert_frame_equal(clustered, small_sweep(engine="reference"))


def test_one_progress_bar_counts_every_game():
    class Bar:
        done, closed = 0, False

        def update(self, n):
            self.done += n

        def close(self):
            self.closed = True

    bar = Bar()
    small_sweep(n_games=15, progress=bar)
    assert (bar.done, bar.closed) == (4 * 15, False)
    small_sweep(grid={"push_cost": [1, 2]}, n_games=12, progress=bar, skill=(mt.bots.Trapper(), Random()))
    assert bar.done == 60 + 2 * 2 * 12     # each variant's games and its skill test's


def test_skill_columns_are_the_skill_test_of_each_variant():
    table = small_sweep(grid={"push_cost": [1, 2]}, n_players=2, n_games=24, skill=(mt.bots.Trapper(), Random()))
    assert list(table.columns[-4:]) == ["skill", "skill low", "skill high", "engine"]
    seeds = game_seeds(3, 4)
    for i, row in table.iterrows():
        test = bk.metrics.skill_test(MT.replace(push_cost=int(row["push_cost"])), mt.bots.Trapper(), Random(),
                                     n_players=2, n_games=24, seed=seeds[2 * i + 1], progress=False)
        assert (row["skill"], row["skill low"], row["skill high"]) == \
            pytest.approx((test["skill"], test["skill low"], test["skill high"]))
        assert row["skill low"] <= row["skill"] <= row["skill high"]


@pytest.mark.parametrize("grid, message", [
    ({"hand_limt": [5]}, r"'hand_limt' is not a rule of Mystery Date; the rules are: board, .*'n_players'"),
    ({"hand_limit": [5, 2]}, r"hand_limit=2 is not allowed: at least 3"),
    ({"hand_limit": [5, 6], "deal_size": [2, 6]}, r"variant hand_limit=5, deal_size=6 .*deal_size=6"),
    ({"n_players": [2, 5]}, r"n_players=5 .*from 2 to 4"),
    ({"hand_limit": []}, r"grid\['hand_limit'\] must be a non-empty list"),
    ({"hand_limit": 5}, r"grid\['hand_limit'\] must be a non-empty list of values, got 5"),
    ({"hand_limit": [5, 5]}, r"lists the value 5 twice"),
    ({"door_weights": (2, 1, 1, 1, 1)}, r"door_weights takes tuples, so give a list of them"),
    ({"door_weights": [(2, 1, 1, 1, -1)]}, r"door_weights=\(2, 1, 1, 1, -1\) is not allowed"),
    ({}, "grid must be a dict"),
    ([("hand_limit", [5])], "grid must be a dict"),
])
def test_bad_grids_are_refused_before_any_game_is_played(monkeypatch, grid, message):
    def no_games(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(sweep_module, "play_runs", no_games)
    with pytest.raises(ValueError, match=message):
        bk.sweep(md.Rules(), grid, n_games=10, progress=False)


def test_combinations_the_rules_refuse_can_be_skipped(monkeypatch):
    grid = {"hand_limit": [3, 4], "deal_size": [2, 4]}
    table = bk.sweep(md.Rules(max_turns=5), grid, n_players=2, n_games=3, progress=False, invalid="skip",
                     engine="reference")
    assert table[["hand_limit", "deal_size"]].values.tolist() == [[3, 2], [4, 2], [4, 4]]
    [(fields, reason)] = table.attrs["skipped"]
    assert fields == {"hand_limit": 3, "deal_size": 4} and "deal_size=4 is not allowed" in reason
    assert bk.sweep(md.Rules(max_turns=5), {"hand_limit": [4]}, n_games=2, progress=False,
                    engine="reference").attrs["skipped"] == []
    monkeypatch.setattr(sweep_module, "play_runs", lambda *a, **k: pytest.fail("a game was played"))
    with pytest.raises(ValueError, match="the rules allow no combination of the grid; the first refused: .*"
                                         "hand_limit=2"):
        bk.sweep(md.Rules(), {"hand_limit": [2]}, invalid="skip")
    with pytest.raises(ValueError, match="'hand_limt' is not a rule"):   # a typo is never skipped
        bk.sweep(md.Rules(), {"hand_limt": [4]}, invalid="skip")


@pytest.mark.parametrize("options, message", [
    (dict(n_games=0), "n_games must be a whole number >= 1, got 0"),
    (dict(n_games=2.5), "n_games"),
    (dict(engine="warp"), "engine='warp' is not allowed"),
    (dict(confidence=1.5), "confidence must be a number between 0 and 1"),
    (dict(skill=(Random(),)), "skill must be None or a \\(strong, weak\\) pair of bots"),
    (dict(n_players=7), "n_players must be a whole number from 2 to 4"),
    (dict(invalid="ignore"), "invalid='ignore' is not allowed: 'raise' or 'skip'"),
])
def test_bad_options_are_refused_before_any_game_is_played(monkeypatch, options, message):
    monkeypatch.setattr(sweep_module, "play_runs", lambda *a, **k: pytest.fail("a game was played"))
    with pytest.raises(ValueError, match=message):
        bk.sweep(md.Rules(), {"hand_limit": [5, 6]}, **options)


# -- the intervals each row holds -------------------------------------------------------------
def test_quantile_interval_covers_the_true_quantile_at_least_as_often_as_promised():
    rng = np.random.default_rng(7)
    true_90th = np.log(10)              # of the exponential distribution
    hits = sum(low <= true_90th <= high
               for _, low, high in (bk.metrics.quantile_interval(rng.exponential(size=60), 0.9)
                                    for _ in range(400)))
    # at least 95% coverage; 400 draws put a true 95% above 0.92 with probability > 0.99
    assert hits / 400 >= 0.92


def test_quantile_interval_small_samples_and_bad_input():
    assert bk.metrics.quantile_interval([5.0], 0.5) == (5.0, 5.0, 5.0)
    estimate, low, high = bk.metrics.quantile_interval([1, 2, 3], 0.99)
    assert (low, high) == (2.0, 3.0) and low <= estimate <= high
    assert bk.metrics.quantile_interval(range(1, 101), 0.5)[1:] == (40.0, 61.0)
    for bad, message in (([], "at least one value"), ([1.0], "q must be")):
        with pytest.raises(ValueError, match=message):
            bk.metrics.quantile_interval(bad, 1.5 if bad else 0.5)


def test_summary_with_intervals_keeps_summary_values():
    frame = bk.simulate(MT, n_players=2, n_games=30, seed=2, progress=False)
    plain, full = bk.metrics.summary(frame), bk.metrics.summary_with_intervals(frame)
    pd.testing.assert_series_equal(full[plain.index], plain, check_dtype=False)
    assert list(full.index) == FIGURES

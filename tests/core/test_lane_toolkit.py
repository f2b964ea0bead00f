"""The pieces every fast lane shares (core/fast.py): the lead tracker, the shuffle, turn order,
and the plumbing between a lane and Python."""
import importlib
from collections import Counter

import numpy as np
import pytest

import boardkit.core.fast as core_fast
from boardkit.core import LeadTracker
from boardkit.core.bots import Random
from boardkit.games.mystery_date.bots import Collector


def test_the_lead_is_kept_as_the_lead_tracker_keeps_it():
    rng = np.random.default_rng(5)
    for n in (2, 3, 4, 6):
        tracker = LeadTracker(n)
        standing = np.zeros(n + 2, np.int64)   # a lane's rows may be wider than the table
        worst, lead = np.zeros(n + 2, np.int64), np.array([core_fast.NO_LEADER, 0], np.int64)
        for _ in range(300):
            standing[:n] = rng.integers(-2, 5, n)
            tracker.update(standing[:n].tolist())
            core_fast.note_lead(standing, worst, lead, n)
            assert (-1 if tracker.leader is None else tracker.leader, tracker.lead_changes) == tuple(lead)
            assert tracker.worst_deficit == worst[:n].tolist()
            sole = core_fast.sole_leader(standing, n)
            best = standing[:n].max()
            assert sole == (int(np.argmax(standing[:n])) if (standing[:n] == best).sum() == 1 else -1)


def test_the_shuffle_makes_every_order_equally_likely():
    chance = core_fast.new_chance()
    core_fast.seed_chance(chance, 1)
    orders = Counter()
    cards = np.arange(5, dtype=np.int64)
    for _ in range(24_000):
        cards[:3] = (0, 1, 2)
        core_fast.shuffle(cards, 3, chance)
        orders[tuple(cards)] += 1
    assert len(orders) == 6 and all(3600 < count < 4400 for count in orders.values())  # 4000 each
    assert all(order[3:] == (3, 4) for order in orders)  # only the first n move


def test_seat_after_goes_round_the_table():
    assert [core_fast.seat_after(2, k, 4) for k in range(5)] == [2, 3, 0, 1, 2]


def test_a_bot_the_lane_has_no_twin_for_is_named_with_its_seat():
    twins = {Collector: 0, Random: 1}

    class Mine(Collector):
        pass

    assert core_fast.unsupported_bot([Collector(), Random()], twins, "Mystery Date") is None
    why = core_fast.unsupported_bot([Random(), Mine()], twins, "Mystery Date")
    assert why.startswith("the Mystery Date fast lane plays only the Collector and Random bots, not ")
    assert "Mine" in why and "(seat 1)" in why
    assert core_fast.bot_codes([Random(), Collector()], twins).tolist() == [1, 0]


def test_result_columns_decode_labels_and_keep_missing_as_minus_one():
    out = np.array([[1, 0, 5], [-1, 1, -1]], np.int64)
    columns = core_fast.result_columns(np.array([7, 8]), out, ("winner", "end", "winner_worst_deficit"),
                                       {"end": ("date found", "turn cap")})
    assert columns["end"].tolist() == ["date found", "turn cap"]
    frame = core_fast.typed_frame(columns, {"seed": "int64", "winner": "Int8", "end": "object",
                                            "winner_worst_deficit": "Int32"})
    assert frame["winner"].isna().tolist() == [False, True] and frame["winner_worst_deficit"].tolist()[0] == 5
    assert frame["winner_worst_deficit"].isna().tolist() == [False, True]
    floats = core_fast.typed_column(np.array([2.0, np.nan]), "Int8")  # a column with NaN for missing
    assert floats.isna().tolist() == [False, True] and floats[0] == 2


@pytest.mark.parametrize("n", [0, 1])
def test_a_shuffle_of_one_card_or_none_changes_nothing(n):
    chance = core_fast.new_chance()
    cards = np.array([4, 9], np.int64)
    core_fast.shuffle(cards, n, chance)
    assert cards.tolist() == [4, 9]


@pytest.mark.parametrize("game", core_fast.lanes())
def test_read_only_seeds_play_without_compiling_the_lane_again(game):
    """A frame's seed column (``frame["seed"].to_numpy()``) is a read-only array; numba would compile a
    lane anew for it (a minute's wait on a busy machine), so every lane plays its own copy."""
    rules = importlib.import_module(f"boardkit.games.{game}").Rules()
    lane = core_fast.lane_for(rules)
    n_players = rules.min_players
    bots = rules.default_bots(n_players)
    writable = np.arange(2, dtype=np.int64)

    def compiled():     # how many versions numba holds of each compiled function of the lane
        return {name: len(f.signatures) for name, f in vars(lane).items() if hasattr(f, "signatures")}

    expected = lane.play_games(rules, n_players, writable, bots)       # compiled (or loaded) once here
    before = compiled()
    read_only = writable.copy()
    read_only.flags.writeable = False
    got = lane.play_games(rules, n_players, read_only, bots)
    assert compiled() == before
    assert {k: list(v) for k, v in got.items()} == {k: list(v) for k, v in expected.items()}


CONSTANT_CALLER = """
from boardkit.core.fast import njit


@njit
def times_two(x):
    return 2 * x


@njit
def with_a_constant_and_a_number(x):
    return times_two(3) + times_two(x)
"""


def test_a_function_called_with_a_constant_is_compiled_once_for_plain_numbers(tmp_path, monkeypatch):
    """numba alone compiles ``times_two(3)`` from compiled code as a function of its own, for the
    type ``Literal[int](3)``, and with it everything it calls: in Philo Vance's lane that was a
    quarter of the compile.  core.fast.njit compiles it once, for int64."""
    numba = pytest.importorskip("numba")
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path / "cache"))  # compiled here, not loaded
    (tmp_path / "constant_caller.py").write_text(CONSTANT_CALLER)
    monkeypatch.syspath_prepend(str(tmp_path))
    lane = importlib.import_module("constant_caller")
    assert lane.with_a_constant_and_a_number(4) == 14
    assert [str(signature) for signature in lane.times_two.signatures] == ["(int64,)"]

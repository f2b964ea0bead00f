"""boardkit.core.rng: one seeded source of chance per game, saved and restored exactly."""
import json

import numpy as np
import pytest
from scipy import stats

from boardkit.core import Chance, game_seeds
from boardkit.core.rng import BLOCK


def draws(chance, n=600):
    """A mixed sequence of every kind of draw a game makes."""
    out = []
    for i in range(n):
        kind = i % 5
        if kind == 0:
            out.append(chance.uniform())
        elif kind == 1:
            out.append(chance.roll(6))
        elif kind == 2:
            out.append(chance.below(13))
        elif kind == 3:
            out.append(chance.weighted([1, 2, 0, 3.5]))
        else:
            items = list(range(7))
            chance.shuffle(items)
            out.append(tuple(items))
    return out


def test_same_seed_same_sequence():
    assert draws(Chance(42)) == draws(Chance(42))


def test_different_seeds_differ():
    assert draws(Chance(1), 50) != draws(Chance(2), 50)


def test_seed_is_kept():
    assert Chance(9).seed == 9
    assert Chance(None).seed is None


@pytest.mark.parametrize("used", [0, 1, 100, BLOCK - 1, BLOCK, BLOCK + 1, 3 * BLOCK + 17])
def test_save_and_restore_continues_identically(used):
    chance = Chance(7)
    for _ in range(used):
        chance.uniform()
    saved = json.loads(json.dumps(chance.to_dict()))  # JSON-safe
    restored = Chance.from_dict(saved, 7)
    assert restored.seed == 7
    # 700 further draws cross at least one block boundary
    assert draws(restored, 700) == draws(chance, 700)


def test_restored_state_saves_the_same():
    chance = Chance(3)
    for _ in range(300):
        chance.below(10)
    assert Chance.from_dict(chance.to_dict(), 3).to_dict() == chance.to_dict()


@pytest.mark.parametrize("bad", [
    {},
    {"seed": 1, "state": "nonsense", "used": 0},
    {"seed": 1, "state": Chance(1).to_dict()["state"], "used": BLOCK + 1},
    {"seed": 1, "state": Chance(1).to_dict()["state"], "used": -1},
    {"seed": 1, "state": Chance(1).to_dict()["state"]},
    {**Chance(1).to_dict(), "used": "5"},
    {**Chance(1).to_dict(), "used": 5.0},
    {**Chance(1).to_dict(), "used": True},
    {**Chance(1).to_dict(), "used": None},
])
def test_bad_saved_randomness_raises_value_error(bad):
    with pytest.raises(ValueError):
        Chance.from_dict(bad, 1)


def _changed(key, *path_and_value):
    """Chance(1)'s save with ``save[key][path...] = value``."""
    data = Chance(1).to_dict()
    *path, value = path_and_value
    target = data[key]
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize("data,words", [
    (_changed("state", "state", "state", -1), "chance.state.state"),           # was OverflowError
    (_changed("block_state", "state", "state", 2**128), "chance.block_state.state.state"),
    (_changed("block_state", "state", "inc", 2**130), "chance.block_state.state.inc"),  # was OverflowError
    (_changed("state", "state", "state", 2.5), "chance.state.state"),          # loaded before
    (_changed("state", "state", "state", True), "chance.state.state"),
    (_changed("state", "state", "inc", 2), "chance.state.state.inc"),          # even: no PCG64 stream
    (_changed("state", "state", "inc", Chance(2).to_dict()["state"]["state"]["inc"]), "chance.state.state.inc"),  # seed 2's stream
    (_changed("state", "uinteger", -5), "chance.state.uinteger"),              # was OverflowError
    (_changed("state", "uinteger", 2**40), "chance.state.uinteger"),           # was OverflowError
    (_changed("state", "has_uint32", 5), "chance.state.has_uint32"),           # loaded before
    (_changed("state", "bit_generator", "MT19937"), "chance.state"),
    (_changed("state", "extra", 1), "chance.state"),
    ({**Chance(1).to_dict(), "seed": 2}, "chance.seed"),                       # another seed's name
    ({**Chance(1).to_dict(), "extra": 2}, "chance"),
])
def test_a_saved_generator_state_out_of_range_is_refused_naming_it(data, words):
    with pytest.raises(ValueError, match=f"saved '{words}"):
        Chance.from_dict(data, 1)


def test_ranges():
    chance = Chance(0)
    rolls = [chance.roll(6) for _ in range(2000)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert set(chance.below(3) for _ in range(500)) == {0, 1, 2}
    assert all(0 <= chance.uniform() < 1 for _ in range(1000))
    assert all(chance.below(1) == 0 for _ in range(50))
    assert chance.pick(["only"]) == "only"


@pytest.mark.parametrize("n", [0, -3])
def test_below_needs_positive_n(n):
    with pytest.raises(ValueError):
        Chance(0).below(n)


def test_below_is_uniform_chi_square():
    chance = Chance(2024)
    counts = np.bincount([chance.below(6) for _ in range(10_000)], minlength=6)
    assert counts.sum() == 10_000
    result = stats.chisquare(counts)
    assert result.pvalue > 0.001, counts


def test_weighted_matches_weights_chi_square():
    chance = Chance(11)
    weights = [1, 2, 0, 3, 4]
    counts = np.bincount([chance.weighted(weights) for _ in range(10_000)], minlength=5)
    assert counts[2] == 0  # a zero weight never comes up
    probs = np.array([1, 2, 3, 4]) / 10
    result = stats.chisquare(counts[[0, 1, 3, 4]], probs * 10_000)
    assert result.pvalue > 0.001, counts


def test_weighted_float_weights_and_single_live_weight():
    chance = Chance(5)
    assert all(chance.weighted([0, 0, 2.5, 0]) == 2 for _ in range(200))
    counts = np.bincount([chance.weighted([0.5, 1.5]) for _ in range(8000)], minlength=2)
    assert stats.chisquare(counts, [2000, 6000]).pvalue > 0.001


def test_shuffle_is_a_uniform_permutation():
    chance = Chance(8)
    seen = {}
    for _ in range(6000):
        items = [0, 1, 2]
        chance.shuffle(items)
        assert sorted(items) == [0, 1, 2]
        seen[tuple(items)] = seen.get(tuple(items), 0) + 1
    assert len(seen) == 6
    assert stats.chisquare(list(seen.values())).pvalue > 0.001


def test_pick_covers_every_item():
    chance = Chance(1)
    assert {chance.pick("abcd") for _ in range(400)} == set("abcd")


def test_game_seeds_reproducible_and_distinct():
    seeds = game_seeds(0, 1000)
    assert seeds == game_seeds(0, 1000)
    assert len(set(seeds)) == 1000
    assert all(isinstance(s, int) and 0 <= s < 2**63 for s in seeds)
    assert game_seeds(1, 10) != seeds[:10]
    assert game_seeds(0, 10) == seeds[:10]  # a prefix does not depend on n

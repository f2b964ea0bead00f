"""boardkit.core.rng: one seeded source of chance per game, saved and restored exactly, drawing
the same numbers as the fast lanes' compiled twin (core/fast.py)."""
import json
import subprocess
import sys

import numpy as np
import pytest
from scipy import stats

import boardkit.core.fast as core_fast
from boardkit.core import Chance, ScriptedChance, game_seeds
from boardkit.core.rng import MAX_POSITION, seed_state


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


# -- the twin: the same numbers as the lanes' compiled generator -----------------------------
def lane_draws(seed, n=40):
    """What the lanes' generator (core/fast.py, compiled) draws from ``seed``: 64 bits,
    uniforms, below(n) for several n, weighted draws and Fisher-Yates shuffles."""
    state = core_fast.new_chance()
    core_fast.seed_chance(state, seed)
    words = [int(w) for w in state]
    out = []
    for i in range(n):
        out.append(int(core_fast.next_bits(state)))
        out.append(float(core_fast.uniform(state)))
        out.append(int(core_fast.below(state, 1 + i % 13)))
        out.append(int(core_fast.weighted(np.array([1.0, 0.0, 2.5, 3.0]), state)))
        cards = np.arange(1 + i % 9, dtype=np.int64)
        core_fast.shuffle(cards, cards.size, state)
        out.append(cards.tolist())
    return words, out


def python_draws(seed, n=40):
    """The same draws from the pure-Python Chance."""
    chance = Chance(seed)
    words = list(chance.state)
    out = []
    for i in range(n):
        out.append(chance.next_bits())
        out.append(chance.uniform())
        out.append(chance.below(1 + i % 13))
        out.append(chance.weighted([1, 0, 2.5, 3]))
        cards = list(range(1 + i % 9))
        chance.shuffle(cards)
        out.append(cards)
    return words, out


@pytest.mark.parametrize("seeds", [range(200), game_seeds(26, 200), [2**63 - 1, 2**62 + 12345, 99]])
def test_the_pure_python_generator_is_the_lanes_twin(seeds):
    """splitmix64 start and xoshiro256** draws, number for number, for many seeds."""
    for seed in seeds:
        assert python_draws(seed) == lane_draws(seed), seed


def test_a_known_xoshiro_stream():
    """splitmix64 and xoshiro256** as published (Vigna's reference C code), so both twins
    are the real generator and not merely each other: seed 0's first words and draws."""
    assert seed_state(0)[:2] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4]
    chance = Chance(0)
    chance.state = [1, 2, 3, 4]
    assert [chance.next_bits() for _ in range(3)] == [11520, 0, 1509978240]


@pytest.mark.parametrize("position", [0, 1, 100, 255, 256, 3 * 256 + 17])
def test_save_and_restore_continues_identically(position):
    chance = Chance(7)
    for _ in range(position):
        chance.uniform()
    saved = json.loads(json.dumps(chance.to_dict()))  # JSON-safe
    assert saved["position"] == position and len(saved["state"]) == 4
    restored = Chance.from_dict(saved, 7)
    assert restored.seed == 7
    assert draws(restored, 700) == draws(chance, 700)


def test_restored_state_saves_the_same():
    chance = Chance(3)
    for _ in range(300):
        chance.below(10)
    assert Chance.from_dict(chance.to_dict(), 3).to_dict() == chance.to_dict()


def test_a_game_without_a_seed_saves_and_restores_too():
    chance = Chance(None)
    draws(chance, 20)
    restored = Chance.from_dict(json.loads(json.dumps(chance.to_dict())), None)
    assert draws(restored, 50) == draws(chance, 50)


def _changed(**changes):
    """Chance(1)'s save, 5 numbers in, with ``changes``."""
    chance = Chance(1)
    for _ in range(5):
        chance.uniform()
    return {**chance.to_dict(), **changes}


@pytest.mark.parametrize("data,words", [
    ({}, "chance"),
    ("nonsense", "chance"),
    (_changed(extra=2), "chance"),
    ({"seed": 1, "state": [1, 2, 3, 4]}, "chance"),
    (_changed(seed=2), "chance.seed"),                                   # another seed's name
    (_changed(seed=None), "chance.seed"),
    (_changed(position=-1), "chance.position"),
    (_changed(position="5"), "chance.position"),
    (_changed(position=5.0), "chance.position"),
    (_changed(position=True), "chance.position"),
    (_changed(position=None), "chance.position"),
    (_changed(position=MAX_POSITION + 1), "chance.position"),
    (_changed(position=6), "chance.state"),                              # not where seed 1 is after 6
    (_changed(state=[1, 2, 3]), "chance.state"),
    (_changed(state=[0, 0, 0, 0]), "chance.state"),                     # xoshiro's dead state
    (_changed(state=[1, 2, 3, -4]), "chance.state"),
    (_changed(state=[1, 2, 3, 2**64]), "chance.state"),
    (_changed(state=[1, 2, 3, 4.5]), "chance.state"),
    (_changed(state=[1, 2, 3, True]), "chance.state"),
    (_changed(state="1 2 3 4"), "chance.state"),
    (_changed(state=Chance(2).to_dict()["state"], position=0), "chance.state"),  # seed 2's stream
    # the old format (numpy's PCG64 state): refused, saying what a save holds now
    ({"seed": 1, "block_state": {}, "used": 0, "state": {}}, "chance"),
])
def test_a_saved_generator_state_out_of_range_is_refused_naming_it(data, words):
    with pytest.raises(ValueError, match=f"saved '{words}'"):
        Chance.from_dict(data, 1)


# -- scripted chance ------------------------------------------------------------------------------
def test_a_scripted_chance_gives_its_values_then_the_seeds_numbers():
    scripted = ScriptedChance(rolls=[6, 1], below=[2], weighted=[3]).start(4)
    plain = Chance(4)
    assert [scripted.roll(), scripted.roll()] == [6, 1]
    assert scripted.below(5) == 2 and scripted.pick("abcd") == plain.pick("abcd")  # below's script used up
    assert scripted.weighted([1, 1, 1, 1]) == 3
    assert [scripted.roll() for _ in range(20)] == [plain.roll() for _ in range(20)]
    assert scripted.to_dict() == plain.to_dict()  # a scripted number draws nothing from the stream


@pytest.mark.parametrize("script,draw,words", [
    ({"rolls": [7]}, lambda c: c.roll(6), "rolls value 7 cannot be drawn here .it can be 1, 2, 3, 4, 5, 6"),
    ({"rolls": [0]}, lambda c: c.roll(2), "rolls value 0"),
    ({"below": [3]}, lambda c: c.below(3), "below value 3"),
    ({"below": [1.0]}, lambda c: c.below(3), "below value 1.0"),
    ({"weighted": [1]}, lambda c: c.weighted([1, 0, 2]), "weighted value 1 cannot be drawn here .it can be 0, 2"),
])
def test_a_scripted_value_the_draw_cannot_give_is_refused(script, draw, words):
    with pytest.raises(ValueError, match=words):
        draw(ScriptedChance(**script).start(0))


def test_scripting_a_game_already_made_carries_on_its_numbers():
    from boardkit.games import mystery_date as md

    game, twin = md.Game(seed=5), md.Game(seed=5)
    for g in (game, twin):
        g.apply(md.Roll())
    ScriptedChance.onto(game, rolls=[3])
    ScriptedChance.onto(game, weighted=[4])  # adds to the script
    assert list(game.chance.script["rolls"]) == [3] and list(game.chance.script["weighted"]) == [4]
    assert game.chance.to_dict() == twin.chance.to_dict()


def test_a_game_refuses_a_chance_that_is_not_one():
    from boardkit.games import mystery_date as md

    with pytest.raises(ValueError, match="chance must be a boardkit.core.Chance"):
        md.Game(seed=1, chance=np.random.default_rng(1))


# -- without numba -----------------------------------------------------------------------------------
def test_without_numba_a_lane_called_directly_says_so():
    """Issue 26, item 7: without numba a lane is not run as plain Python (numpy's bools add up
    to np.True_, not 3, and a game never ended); calling it raises a clear error instead,
    and engine="auto" plays the reference engine."""
    script = """
import sys, warnings
sys.modules["numba"] = None  # numba cannot be imported
warnings.simplefilter("ignore")
import numpy as np
import boardkit as bk
from boardkit.games import mystery_date as md
from boardkit.games.mystery_date import fast
assert bk.simulate(md.Rules(), 2, 3, progress=False).attrs["engine"] == "reference"
try:
    fast.play_games(md.Rules(), 2, np.arange(3), md.Rules().default_bots(2))
except RuntimeError as err:
    print(err)
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "needs numba, which could not be imported" in run.stdout and "engine='reference'" in run.stdout


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

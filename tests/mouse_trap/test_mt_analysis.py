"""mt.analysis: the trap's exact reliability beside Monte Carlo cranks and the game's own crank."""
import math
from fractions import Fraction

import numpy as np
import pytest

from boardkit.core.stats import chi_square_fit, mean_interval
from boardkit.games import mouse_trap as mt
from boardkit.games.mouse_trap import analysis as an
from boardkit.games.mouse_trap.rules import STAGE_ODDS

NINE_TENTHS = mt.Rules(stage_odds=(Fraction(9, 10),) * 16)


def test_default_reliability_is_the_product_of_the_stages():
    assert an.trap_reliability() == math.prod(STAGE_ODDS)
    assert an.trap_reliability() == pytest.approx(0.5398607646895066)


def test_fractions_give_an_exact_fraction():
    value = an.trap_reliability(NINE_TENTHS)
    assert value == Fraction(9, 10) ** 16 and isinstance(value, Fraction)
    assert an.trap_reliability(mt.Rules(stage_odds=(1,) * 16)) == 1
    assert an.trap_reliability(mt.Rules(stage_odds=(1,) * 15 + (0,))) == 0


def test_sixteen_stages_of_99_percent_make_only_85_percent():
    rules = mt.Rules(stage_odds=(Fraction(99, 100),) * 16)
    assert an.trap_reliability(rules) == Fraction(99, 100) ** 16
    assert float(an.trap_reliability(rules)) == pytest.approx(0.8515, abs=1e-4)


def test_stage_table_and_stop_odds():
    table = an.stage_table()
    assert table.index.tolist() == list(mt.STAGE_LETTERS) and table["probability"].tolist() == list(STAGE_ODDS)
    odds = an.stop_odds(NINE_TENTHS)
    assert odds["A"] == pytest.approx(0.1) and odds["B"] == pytest.approx(0.09)
    assert odds["caught"] == pytest.approx(0.9 ** 16) and odds.sum() == pytest.approx(1)


def test_stage_importance_is_the_gain_if_that_stage_never_failed():
    table = an.stage_importance()
    whole = an.trap_reliability()
    assert table.index[0] == "F"  # the rickety stairs, the weakest link (0.90)
    for letter, p in zip(mt.STAGE_LETTERS, STAGE_ODDS):
        assert table.loc[letter, "reliability if perfect"] == pytest.approx(whole / p)
        assert table.loc[letter, "gain"] == pytest.approx(whole / p - whole)
    assert list(table["gain"]) == sorted(table["gain"], reverse=True)
    assert table["rank"].tolist() == list(range(1, 17))


def test_redundancy_exact():
    # F (0.9) with a backup works with chance 1 - 0.1^2 = 0.99
    assert an.redundant_reliability(None, ["F"]) == pytest.approx(an.trap_reliability() / 0.9 * 0.99)
    value = an.redundant_reliability(NINE_TENTHS, "AB")
    assert value == Fraction(99, 100) ** 2 * Fraction(9, 10) ** 14
    assert an.redundant_reliability(NINE_TENTHS, ()) == an.trap_reliability(NINE_TENTHS)
    assert an.trap_reliability(NINE_TENTHS.replace(backups=("A", "B"))) == value
    assert an.backup_table().index[0] == "F"
    with pytest.raises(ValueError, match="stages"):
        an.redundant_reliability(None, ["Z"])


def test_cranks_until_catch_is_geometric():
    assert an.chance_first_catch_at(1, NINE_TENTHS) == Fraction(9, 10) ** 16
    r = Fraction(9, 10) ** 16
    assert an.chance_first_catch_at(3, NINE_TENTHS) == r * (1 - r) ** 2
    assert an.mean_cranks_until_catch(NINE_TENTHS) == 1 / r
    assert an.mean_cranks_until_catch(mt.Rules(stage_odds=(0,) * 16)) == float("inf")
    table = an.cranks_until_catch(up_to=200)
    assert table["probability"].sum() == pytest.approx(1)
    assert table["within"].iloc[0] == pytest.approx(an.trap_reliability())
    with pytest.raises(ValueError, match="k"):
        an.chance_first_catch_at(0)


def test_monte_carlo_cranks_fit_the_exact_stop_odds():
    stops = an.crank_many(times=200_000, seed=3)
    assert stops.min() >= 0 and stops.max() <= 16
    fit = chi_square_fit(an.stop_counts(stops), an.stop_odds())
    assert fit.p_value > 0.001, fit.table
    assert np.array_equal(stops, an.crank_many(times=200_000, seed=3))  # seeded


def test_convergence_with_wilson_intervals():
    table = an.convergence(times=100_000, seed=1)
    assert table.index.tolist() == [10, 100, 1000, 10_000, 100_000]
    assert table["inside"].all()
    widths = (table["high"] - table["low"]).tolist()
    assert widths == sorted(widths, reverse=True)
    running = an.running_reliability(an.crank_many(times=500, seed=1))
    assert len(running) == 500 and (running["low"] <= running["estimate"]).all()


def test_simulated_cranks_until_catch_mean_matches_one_over_r():
    waits = an.simulate_cranks_until_catch(catches=20_000, seed=4)
    assert len(waits) == 20_000 and waits.min() >= 1
    mean, low, high = mean_interval(waits, 0.999)
    assert low <= an.mean_cranks_until_catch() <= high
    with pytest.raises(ValueError, match="never"):
        an.simulate_cranks_until_catch(mt.Rules(stage_odds=(0,) * 16), 10)


@pytest.mark.parametrize("backups", [(), ("F", "M")])
def test_the_games_own_crank_matches_the_exact_odds(backups):
    rules = mt.Rules(backups=backups)
    game = mt.Game(rules, n_players=2, seed=8)
    stops = [game.run_chain()[0] for _ in range(40_000)]
    fit = chi_square_fit(an.stop_counts(stops), an.stop_odds(rules))
    assert fit.p_value > 0.001, fit.table


# -- fixing stages, and the cranks of a played game (what lesson 02 asks) -------------------

def test_fixing_a_stage_divides_it_out_of_the_product():
    assert an.fixed_reliability(NINE_TENTHS, "AB") == Fraction(9, 10) ** 14
    assert an.fixed_reliability(NINE_TENTHS, "") == an.trap_reliability(NINE_TENTHS)
    assert an.fixed_reliability(NINE_TENTHS, "AA") == Fraction(9, 10) ** 15     # a letter twice is one fix
    assert an.fixed_reliability(None, "F") == pytest.approx(an.trap_reliability() / 0.90)
    with pytest.raises(ValueError, match="stages must be letters"):
        an.fixed_reliability(None, "Z")


def test_two_fixed_stages_cannot_reach_nine_in_ten():
    letters, best = an.best_fixes(None, 2)
    assert letters == ("F", "H")                    # H and M tie at 0.93: the earlier letter
    assert best == pytest.approx(math.prod(STAGE_ODDS) / (0.90 * 0.93)) and round(best, 3) == 0.645
    assert best < 0.9
    assert an.best_fixes(None, 0) == ((), an.trap_reliability())
    assert an.best_fixes(NINE_TENTHS, 16) == (mt.STAGE_LETTERS, 1)
    with pytest.raises(ValueError, match="how_many must be a whole number from 0 to 16"):
        an.best_fixes(None, 17)


def test_the_cranks_of_a_played_game_are_read_from_its_events():
    import boardkit as bk
    game = mt.Game(mt.Rules(), n_players=4, seed=4)
    bk.play(game)
    cranks = an.cranks_in_game(game)
    turned = [e for e in game.events if isinstance(e, mt.events.CrankTurned)]
    assert len(cranks) == len(turned) == game.cranks >= 1
    assert 1 <= sum(cranks) <= game.catches and cranks[-1] == 1   # one catch may take two mice; the last ends it
    assert an.cranks_in_game(mt.Game(mt.Rules(), n_players=2, seed=0, record_events=False)) == []

"""The simulations lesson 03 shows beside its exact answers: cards drawn from the beliefs, Bayes by
keeping the cards that agree with the verdicts, and the arrests a table heard with their chances."""
import math

import numpy as np
import pytest

import boardkit as bk
from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import analysis as pa

BUTLER = 7
FIRST = (23, 25, 40, 42, 32, 34)
SECOND = (23, 33, 44, 41, 36, 38)
ROW = pa.KnowledgeGrid.from_prior().row(BUTLER)


def within(estimate, exact, n, sigmas=5):
    return abs(estimate - exact) <= sigmas * math.sqrt(max(exact * (1 - exact), 1e-4) / n)


def test_drawn_cards_follow_the_beliefs_and_the_seed():
    cards = pa.draw_cards(ROW, 20_000, seed=4)
    assert cards.shape == (20_000, len(pv.CLUES)) and cards.dtype == bool
    assert np.all(np.abs(cards.mean(axis=0) - ROW) <= 5 * np.sqrt(ROW * (1 - ROW) / 20_000) + 1e-9)
    assert np.array_equal(cards, pa.draw_cards(ROW, 20_000, seed=4))
    assert not cards[:, ROW == 0].any()                          # a clue that cannot be there never is


def test_simulated_declarations_converge_to_the_exact_odds():
    n = 20_000
    hits = pa.simulate_declaration(ROW, FIRST, n, seed=1)
    assert within(hits / n, pa.declaration_odds(ROW, FIRST), n)
    hits5 = pa.simulate_declaration(ROW, FIRST, n, need=5, seed=1)
    assert hits5 < hits and within(hits5 / n, pa.declaration_odds(ROW, FIRST, need=5), n)


def test_bayes_by_simulation_agrees_with_exact_conditioning():
    exact = pa.update_on_verdicts(ROW, [(FIRST, True), (SECOND, False)])
    kept, shares = pa.simulate_verdicts(ROW, [(FIRST, True), (SECOND, False)], 100_000, seed=2)
    assert 5_000 < kept < 100_000
    for clue in set(FIRST) | set(SECOND):
        assert within(shares[clue], exact[clue], kept), (clue, shares[clue], exact[clue])
    assert round(exact[25], 3) == 0.931 and round(exact[32], 3) == 0.764 and round(exact[40], 3) == 0.798
    untouched = [c for c in range(len(pv.CLUES)) if c not in set(FIRST) | set(SECOND) and 0 < ROW[c] < 1]
    assert all(within(shares[c], ROW[c], kept) for c in untouched)   # unnamed clues learn nothing


def test_no_card_agrees_gives_nan_and_bad_input_is_refused():
    row = np.zeros(len(pv.CLUES))
    kept, shares = pa.simulate_verdicts(row, [(FIRST, True)], 100, seed=0)
    assert kept == 0 and np.isnan(shares).all()
    with pytest.raises(ValueError, match="n_cards"):
        pa.draw_cards(ROW, 0)
    with pytest.raises(ValueError, match="named"):
        pa.simulate_declaration(ROW, (1, 1, 2, 3, 4, 5), 10)
    with pytest.raises(ValueError, match="verdicts"):
        pa.simulate_verdicts(ROW, "yes", 10)
    with pytest.raises(ValueError, match="verdicts"):
        pa.table_declarations([(0, 1, FIRST)])


def test_the_table_declarations_replay_the_grid_the_app_keeps():
    game = pv.Game(pv.Rules(), 4, seed=3, record_events=False)
    bk.play(game)
    heard = pa.table_declarations(game.verdicts)
    assert len(heard) == len(game.verdicts) > 0
    grid = pa.KnowledgeGrid.from_prior()
    for arrest, (player, suspect, named, successful) in zip(heard, game.verdicts):
        assert arrest["player"] == player and arrest["suspect"] == suspect and arrest["successful"] == successful
        assert arrest["chance"] == pytest.approx(pa.declaration_odds(grid.row(suspect), named))
        grid.on_declaration(suspect, named, successful)
    bots = pv.bots.Detective()
    assert all(a["chance"] >= bots.boldness - 1e-9 for a in heard)   # the Detectives arrest at 60% and up

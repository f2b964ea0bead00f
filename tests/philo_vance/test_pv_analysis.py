"""pv.analysis: a detective's beliefs, the odds of a declaration, Bayes after a verdict,
and the odds of a dealt hand -- each exact answer against brute-force enumeration."""
import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardkit.core.stats import wilson_interval
from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import analysis as an
from boardkit.games.philo_vance.components import (CLUES, CONFIRMATION, DECK_COPIES, FEMININE, GENERAL, MAN,
                                                   MASCULINE, SPECIFIC, SUSPECTS, WOMAN, Clue, Suspect)

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# -- a small synthetic household: 3 suspects, 8 clues, cards of 3 ---------------------------
TOY_SUSPECTS = (
    Suspect("ann", "Ann", WOMAN, 30, "likes hats"),
    Suspect("bob", "Bob", MAN, 40, "smokes"),
    Suspect("cy", "Cy", MAN, 50, "gardens"),
)
TOY_CLUES = (
    Clue(0, "a hat pin", SPECIFIC, "ann"),
    Clue(1, "a pipe", SPECIFIC, "bob"),
    Clue(2, "a trowel", SPECIFIC, "cy"),
    Clue(3, "a pencil", GENERAL, None),
    Clue(4, "a key", GENERAL, None),
    Clue(5, "a cufflink", MASCULINE, None),
    Clue(6, "a razor", MASCULINE, None),
    Clue(7, "a compact", FEMININE, None),
)
TOY_CARDS = ((0, 3, 7), (1, 3, 5), (2, 4, 6))
#: 10 cards with duplicates: clue 3 three times, clues 0, 5 twice
TOY_COPIES = (2, 1, 1, 3, 1, 2, 0, 0)


def brute_count_weights(p):
    """Every pattern of right (1) and wrong (0) named clues with its chance."""
    for pattern in itertools.product((0, 1), repeat=len(p)):
        yield pattern, math.prod(pj if right else 1 - pj for pj, right in zip(p, pattern))


def brute_declaration_odds(p, need):
    return sum(w for pattern, w in brute_count_weights(p) if sum(pattern) >= need)


def brute_posterior(p, need, successful):
    """Condition the 2^k patterns on the verdict and read each clue's marginal."""
    kept = [(pattern, w) for pattern, w in brute_count_weights(p) if (sum(pattern) >= need) == successful]
    total = sum(w for _, w in kept)
    if total == 0:
        return None, 0
    return [sum(w for pattern, w in kept if pattern[j]) / total for j in range(len(p))], total


probability = st.one_of(st.sampled_from([0.0, 1.0, 0.5]), st.floats(0, 1))


@st.composite
def row_and_named(draw, n_min=6, n_max=10, k_min=1, k_max=6):
    row = draw(st.lists(probability, min_size=n_min, max_size=n_max))
    k = draw(st.integers(k_min, min(k_max, len(row))))
    named = draw(st.permutations(range(len(row))))[:k]
    need = draw(st.integers(0, k))
    return np.array(row), list(named), need


# -- the prior from the tags --------------------------------------------------------------

def test_prior_rows_add_up_to_the_card_size_and_respect_the_tags():
    prior = an.prior_beliefs()
    assert prior.shape == (len(SUSPECTS), len(CLUES))
    assert prior.sum(axis=1) == pytest.approx(np.full(len(SUSPECTS), 12.0))
    assert prior.min() >= 0 and prior.max() <= 1
    for i, suspect in enumerate(SUSPECTS):
        for clue in CLUES:
            value = prior[i, clue.id]
            if clue.tag == MASCULINE and suspect.sex == WOMAN or clue.tag == FEMININE and suspect.sex == MAN:
                assert value == 0, (suspect.key, clue.text)
            if clue.tag == SPECIFIC:
                assert value == (an.SPECIFIC_LEVEL if clue.hint == suspect.key else 0), (suspect.key, clue.text)
    general = [clue.id for clue in CLUES if clue.tag == GENERAL]
    assert len(set(prior[:, general].ravel().tolist())) == 1  # the same level for everybody
    # every clue a suspect's real card lists has a belief above 0 in the prior
    for i, card in enumerate(CONFIRMATION):
        assert (prior[i, list(card)] > 0).all()


def test_prior_on_a_synthetic_household():
    prior = an.prior_beliefs(TOY_CLUES, TOY_SUSPECTS, card_size=3, specific_level=1.0)
    assert prior.sum(axis=1) == pytest.approx([3, 3, 3])
    assert prior[0].tolist()[:3] == [1, 0, 0] and prior[1].tolist()[:3] == [0, 1, 0]
    assert prior[0, 5] == prior[0, 6] == 0 and prior[1, 7] == prior[2, 7] == 0
    # pooled general level: R = 2 each, cells = 3 * 2 general + 1 + 2 + 2 own-sex -> g = 6 / 11
    assert prior[:, 3] == pytest.approx([6 / 11] * 3)
    assert prior[0, 7] == pytest.approx(2 - 2 * 6 / 11)          # Ann's one feminine clue
    assert prior[1, 5] == pytest.approx((2 - 2 * 6 / 11) / 2)    # Bob's two masculine clues


def test_prior_moves_the_general_level_to_keep_every_level_a_probability():
    # no specific clue counted: R = 3 each; Ann's one feminine clue can take at most 1,
    # so the two general clues must take 2: g = 1, and Bob's masculine level is (3 - 2) / 2
    prior = an.prior_beliefs(TOY_CLUES, TOY_SUSPECTS, 3, specific_level=0.0)
    assert prior.sum(axis=1) == pytest.approx([3, 3, 3])
    assert prior[:, 3].tolist() == [1, 1, 1] and prior[0, 7] == 1 and prior[1, 5] == pytest.approx(0.5)


def test_prior_for_a_suspect_with_no_clue_of_his_sex():
    clues = TOY_CLUES[:7]  # no feminine clue left: Ann's row rests on the general clues alone
    prior = an.prior_beliefs(clues, TOY_SUSPECTS, 3, specific_level=1.0)
    assert prior.sum(axis=1) == pytest.approx([3, 3, 3])
    assert prior[:, 3] == pytest.approx([1, 1, 1])


def test_prior_clips_to_probabilities_when_no_level_fits():
    prior = an.prior_beliefs(TOY_CLUES, TOY_SUSPECTS, card_size=8, specific_level=1.0)
    assert prior.min() >= 0 and prior.max() <= 1
    assert (prior.sum(axis=1) < 8).all()  # Ann, Bob and Cy can have at most 4, 5 and 5 clues


def test_prior_refuses_bad_tags_and_hints():
    with pytest.raises(ValueError, match="tag"):
        an.prior_beliefs(TOY_CLUES[:-1] + (Clue(7, "a compact", "shiny", None),), TOY_SUSPECTS, 3)
    with pytest.raises(ValueError, match="hint"):
        an.prior_beliefs((Clue(0, "a hat pin", SPECIFIC, "nobody"),) + TOY_CLUES[1:], TOY_SUSPECTS, 3)
    with pytest.raises(ValueError, match="card_size"):
        an.prior_beliefs(TOY_CLUES, TOY_SUSPECTS, card_size=0)
    with pytest.raises(ValueError, match="specific_level"):
        an.prior_beliefs(TOY_CLUES, TOY_SUSPECTS, 3, specific_level=1.5)
    with pytest.raises(ValueError, match="clues"):
        an.prior_beliefs(TOY_CLUES[1:], TOY_SUSPECTS, 3)  # ids no longer match positions


# -- the odds of a declaration ------------------------------------------------------------

@FAST
@given(case=row_and_named())
def test_declaration_odds_equal_the_sum_over_all_2_to_the_k_patterns(case):
    row, named, need = case
    expected = brute_declaration_odds(row[named].tolist(), need)
    assert an.declaration_odds(row, named, need) == pytest.approx(expected, abs=1e-12)


def test_declaration_odds_simple_values():
    row = np.full(10, 0.5)
    assert an.declaration_odds(row, range(6)) == pytest.approx(22 / 64)  # C(6,4)+C(6,5)+C(6,6) = 22
    assert an.declaration_odds(row, range(6), need=0) == 1
    assert an.declaration_odds(np.ones(6), range(6), need=6) == 1
    assert an.declaration_odds(np.zeros(6), range(6), need=1) == 0
    assert an.declaration_odds(row, [], need=0) == 1


def test_declaration_odds_with_exact_fractions_by_hand():
    # three sure clues and three coins of 1/2: success needs at least one coin right
    row = [1, 1, 1, 0.5, 0.5, 0.5]
    assert an.declaration_odds(row, range(6)) == pytest.approx(7 / 8)
    assert an.declaration_odds(row, range(6), need=5) == pytest.approx(4 / 8)


@pytest.mark.parametrize("named, need, field", [
    ([0, 0, 1, 2, 3, 4], 4, "named"),
    ([0, 1, 2, 3, 4, 10], 4, "named"),
    ([0, 1, 2, 3, 4, -1], 4, "named"),
    ([0, 1, 2.0, 3, 4, 5], 4, "named"),
    ("012345", 4, "named"),
    ([0, 1, 2, 3, 4, 5], 7, "need"),
    ([0, 1, 2, 3, 4, 5], -1, "need"),
    ([0, 1, 2, 3, 4, 5], 4.0, "need"),
])
def test_declaration_odds_refuses_bad_input(named, need, field):
    with pytest.raises(ValueError, match=field):
        an.declaration_odds(np.full(10, 0.5), named, need)


@pytest.mark.parametrize("row", [[], [[0.5, 0.5]], [0.5, 1.5], [float("nan"), 0.5], [-0.1, 0.5]])
def test_bad_belief_rows_are_refused(row):
    with pytest.raises(ValueError, match="beliefs_row"):
        an.declaration_odds(row, [0], 0)


# -- the best declaration -----------------------------------------------------------------

@st.composite
def row_and_held(draw):
    n = draw(st.integers(6, 16))
    row = np.array(draw(st.lists(probability, min_size=n, max_size=n)))
    held = draw(st.lists(st.integers(0, n - 1), min_size=6, max_size=14))
    k = draw(st.integers(1, 6))
    if len(set(held)) < k:
        held = held + list(range(n))[:k]
    need = draw(st.integers(0, k))
    return row, held, k, need


@FAST
@given(case=row_and_held())
def test_best_declaration_is_the_exhaustive_best_and_the_top_k(case):
    row, held, k, need = case
    named, odds = an.best_declaration(row, held, k, need)
    distinct = sorted(set(held))
    assert len(named) == k == len(set(named)) and set(named) <= set(distinct) and list(named) == sorted(named)
    assert odds == pytest.approx(an.declaration_odds(row, named, need), abs=1e-12)
    exhaustive = max(an.declaration_odds(row, c, need) for c in itertools.combinations(distinct, k))
    assert odds == pytest.approx(exhaustive, abs=1e-12)
    top_named, top_odds = an.top_k_declaration(row, held, k, need)
    assert top_odds == pytest.approx(odds, abs=1e-12)  # monotonicity: the k likeliest are a best choice
    assert sorted(row[list(top_named)], reverse=True) == sorted(row[distinct], reverse=True)[:k]


def test_best_declaration_counts_duplicates_once():
    row = np.linspace(0.05, 0.95, 12)
    held = [11, 11, 11, 10, 10, 9, 8, 7, 6, 0, 0, 0]
    named, odds = an.best_declaration(row, held)
    assert named == (6, 7, 8, 9, 10, 11)
    with pytest.raises(ValueError, match="held"):
        an.best_declaration(row, [11, 11, 10, 10, 9, 9, 8, 8, 7, 7, 7, 7])  # 5 different clues


def test_best_declaration_on_a_real_court_card():
    grid = an.KnowledgeGrid.from_prior()
    butler = grid.index("butler")
    held = list(CONFIRMATION[butler][:4]) + [0, 1, 2, 45, 46, 32, 33, 40]
    named, odds = an.best_declaration(grid.row(butler), held)
    assert {23, 24, 25} <= set(named)  # the butler's own specific clues come first
    assert odds == pytest.approx(an.top_k_declaration(grid.row(butler), held)[1])


def test_best_declaration_falls_back_on_the_top_k_for_huge_searches(monkeypatch):
    row = np.linspace(0, 1, 20)
    monkeypatch.setattr(an, "SEARCH_LIMIT", 10)
    assert an.best_declaration(row, range(20)) == an.top_k_declaration(row, range(20))
    assert an.best_declaration(row, range(20))[0] == tuple(range(14, 20))
    beliefs = np.vstack([row * 0.5, row, row * 0.9])
    assert an.best_arrest(beliefs, range(20), [0, 1, 2]) == (1,) + an.top_k_declaration(row, range(20))
    assert an.best_arrest(beliefs, range(20), [0, 2])[0] == 2


@pytest.mark.parametrize("held, k, need, field", [
    ([0, 1, 2, 3, 4], 6, 4, "held"),
    ([0, 1, 2, 3, 4, 99], 6, 4, "held"),
    (list(range(8)), 0, 0, "k"),
    (list(range(8)), 6, 7, "need"),
    (7, 6, 4, "held"),
])
def test_best_declaration_refuses_bad_input(held, k, need, field):
    with pytest.raises(ValueError, match=field):
        an.best_declaration(np.full(10, 0.5), held, k, need)


@FAST
@given(seed=st.integers(0, 2**32 - 1), n_free=st.integers(1, 4))
def test_best_arrest_is_the_best_suspect_not_spoken_for(seed, n_free):
    rng = np.random.default_rng(seed)
    beliefs = rng.random((5, 14))
    held = rng.choice(14, size=12, replace=True).tolist() + [0, 1, 2, 3, 4, 5]
    free = sorted(rng.choice(5, size=n_free, replace=False).tolist())
    i, named, odds = an.best_arrest(beliefs, held, free)
    assert i in free
    best = max(an.best_declaration(beliefs[s], held)[1] for s in free)
    assert odds == pytest.approx(best, abs=1e-12)
    assert an.best_declaration(beliefs[i], held) == (named, pytest.approx(odds, abs=1e-12))


def test_best_arrest_takes_keys_and_refuses_bad_input():
    grid = an.KnowledgeGrid.from_prior()
    held = list(CONFIRMATION[7])
    i, named, odds = an.best_arrest(grid.beliefs, held, ["butler", "maid"])
    assert i == 7 and set(named) <= set(held)
    assert an.best_arrest(grid.beliefs, held, [7, 6]) == (i, named, odds)
    with pytest.raises(ValueError, match="available_suspects"):
        an.best_arrest(grid.beliefs, held, [])
    with pytest.raises(ValueError, match="suspect"):
        an.best_arrest(grid.beliefs, held, ["master"])
    with pytest.raises(ValueError, match="suspect"):
        an.best_arrest(grid.beliefs, held, [10])
    with pytest.raises(ValueError, match="beliefs"):
        an.best_arrest(grid.row(0), held, [0])


# -- Bayes after the verdict ------------------------------------------------------------------

@FAST
@given(case=row_and_named(), successful=st.booleans())
def test_update_on_verdict_equals_conditioning_the_2_to_the_k_patterns(case, successful):
    row, named, need = case
    posterior, evidence = brute_posterior(row[named].tolist(), need, successful)
    if evidence == 0:
        with pytest.raises(ValueError, match="successful"):
            an.update_on_verdict(row, named, successful, need)
        return
    if evidence < 1e-9:  # a verdict all but impossible: the division amplifies rounding
        return
    new = an.update_on_verdict(row, named, successful, need)
    assert new[named] == pytest.approx(posterior, abs=1e-9)
    others = [j for j in range(row.size) if j not in named]
    assert (new[others] == row[others]).all()
    assert new.min() >= 0 and new.max() <= 1


@FAST
@given(row=st.lists(probability, min_size=12, max_size=12), first=st.booleans(), second=st.booleans(),
       need=st.integers(0, 6))
def test_verdicts_on_disjoint_sets_combine_exactly(row, first, second, need):
    """Two verdicts naming different clues: updating one after the other is exact
    (conditioning all 2^12 patterns on both verdicts gives the same marginals)."""
    row = np.array(row)
    a, b = list(range(6)), list(range(6, 12))
    kept, total = [], 0.0
    for pattern, w in brute_count_weights(row.tolist()):
        if (sum(pattern[:6]) >= need) == first and (sum(pattern[6:]) >= need) == second:
            kept.append((pattern, w))
            total += w
    if total < 1e-9:
        return
    expected = [sum(w for pattern, w in kept if pattern[j]) / total for j in range(12)]
    new = an.update_on_verdict(an.update_on_verdict(row, a, first, need), b, second, need)
    assert new == pytest.approx(expected, abs=1e-9)


def test_update_on_verdict_by_hand():
    row = np.array([0.5] * 6 + [0.3])
    success = an.update_on_verdict(row, range(6), True)
    # P(j right | >= 4 of 6) = P(>= 3 of the other 5) * 1/2 / (22/64) = (16/32) * (1/2) / (22/64)
    assert success[:6] == pytest.approx([16 / 32 / 2 / (22 / 64)] * 6)
    assert success[6] == 0.3
    failure = an.update_on_verdict(row, range(6), False)
    assert failure[:6] == pytest.approx([(1 - 16 / 32) / 2 / (42 / 64)] * 6)
    assert (success[:6] > 0.5).all() and (failure[:6] < 0.5).all()
    # a sure clue stays sure, an impossible one stays impossible
    row = np.array([1.0, 0.0, 0.5, 0.5, 0.5, 0.5])
    for verdict in (True, False):
        new = an.update_on_verdict(row, range(6), verdict)
        assert new[0] == 1 and new[1] == 0
    with pytest.raises(ValueError, match="impossible"):
        an.update_on_verdict(np.zeros(6), range(6), True)
    with pytest.raises(ValueError, match="successful"):
        an.update_on_verdict(row, range(6), "yes")


def test_update_on_card_seen_makes_the_row_certain():
    new = an.update_on_card_seen(np.full(8, 0.4), [1, 3, 5])
    assert new.tolist() == [0, 1, 0, 1, 0, 1, 0, 0]
    with pytest.raises(ValueError, match="card_clues"):
        an.update_on_card_seen(np.full(8, 0.4), [1, 1, 5])
    with pytest.raises(ValueError, match="card_clues"):
        an.update_on_card_seen(np.full(8, 0.4), [1, 8])


# -- the knowledge grid ---------------------------------------------------------------------

def test_knowledge_grid_keeps_a_detectives_beliefs():
    grid = an.KnowledgeGrid.from_prior()
    assert grid.shape == (10, len(CLUES))
    assert (grid.beliefs == an.prior_beliefs()).all()
    with pytest.raises(ValueError):
        grid.beliefs[0, 0] = 1.0  # read-only view
    with pytest.raises(ValueError):
        grid.row("butler")[0] = 1.0
    assert grid.expected_on_card("maid") == pytest.approx(12)
    named = [23, 24, 32, 33, 40, 41]
    before = grid.row("butler").copy()
    other = grid.copy()
    grid.on_declaration("butler", named, False)
    assert (grid.row(7) == an.update_on_verdict(before, named, False)).all()
    assert (other.row("butler") == before).all()  # a copy is a grid of its own
    assert (grid.beliefs[:7] == other.beliefs[:7]).all()
    grid.on_card_seen(0, CONFIRMATION[0])
    assert set(grid.most_likely("wife", 12)) == set(CONFIRMATION[0])
    assert grid.most_likely("wife", 0) == ()
    assert grid.expected_on_card(0) == 12
    frame = grid.to_frame()
    assert frame.shape == (10, len(CLUES)) and list(frame.index) == [s.key for s in SUSPECTS]
    assert list(frame.columns) == [c.text for c in CLUES]
    assert frame.loc["butler", "a bright red necktie"] == grid.row("butler")[23]
    assert "10 suspects" in repr(grid)


def test_most_likely_orders_by_belief_then_id():
    grid = an.KnowledgeGrid([[0.2, 0.9, 0.2, 0.5]], ["x"], list("abcd"))
    assert grid.most_likely("x", 4) == (1, 3, 0, 2)
    assert grid.most_likely(0, 2) == (1, 3)


def test_knowledge_grid_refuses_bad_input():
    with pytest.raises(ValueError, match="beliefs"):
        an.KnowledgeGrid([[0.5, 2.0]])
    with pytest.raises(ValueError, match="suspect_keys"):
        an.KnowledgeGrid([[0.5, 0.5]], ["a", "b"])
    with pytest.raises(ValueError, match="clue_texts"):
        an.KnowledgeGrid([[0.5, 0.5]], ["a"], ["x"])
    grid = an.KnowledgeGrid.from_prior()
    with pytest.raises(ValueError, match="suspect"):
        grid.row("master")
    with pytest.raises(ValueError, match="suspect"):
        grid.on_declaration(True, range(6), True)
    with pytest.raises(ValueError, match="n"):
        grid.most_likely(0, -1)
    with pytest.raises(ValueError, match="named"):
        grid.on_declaration(0, [1, 1, 2, 3, 4, 5], True)


def test_knowledge_grid_on_synthetic_components():
    grid = an.KnowledgeGrid.from_prior(TOY_CLUES, TOY_SUSPECTS, card_size=3, specific_level=1.0)
    assert grid.suspect_keys == ("ann", "bob", "cy") and grid.clue_texts[0] == "a hat pin"
    grid.on_declaration("bob", [1, 3, 5], True, need=2)
    assert grid.row("bob")[1] == 1
    assert grid.row("bob")[3] > an.prior_beliefs(TOY_CLUES, TOY_SUSPECTS, 3, 1.0)[1, 3]


# -- a dealt hand against a card ------------------------------------------------------------

def brute_hand_distribution(card, copies, hand_size):
    """Enumerate every hand of physical cards: P(exactly d different clues of the card)."""
    deck = [clue for clue, c in enumerate(copies) for _ in range(c)]
    counts = [0] * (len(card) + 1)
    for hand in itertools.combinations(range(len(deck)), hand_size):
        counts[len({deck[i] for i in hand} & set(card))] += 1
    total = math.comb(len(deck), hand_size)
    return [Fraction(c, total) for c in counts]


def brute_card_odds(card, copies, hand_size, at_least):
    deck = [clue for clue, c in enumerate(copies) for _ in range(c)]
    hits = sum(sum(deck[i] in card for i in hand) >= at_least
               for hand in itertools.combinations(range(len(deck)), hand_size))
    return hits / math.comb(len(deck), hand_size)


@pytest.mark.parametrize("suspect", [0, 1, 2, "ann", "cy"])
@pytest.mark.parametrize("hand_size", [0, 1, 4, 10])
def test_distinct_matches_equal_enumerating_every_hand(suspect, hand_size):
    i = suspect if isinstance(suspect, int) else ("ann", "bob", "cy").index(suspect)
    exact = an.distinct_match_distribution(suspect, hand_size, TOY_COPIES, TOY_CARDS, TOY_SUSPECTS)
    assert exact == brute_hand_distribution(TOY_CARDS[i], TOY_COPIES, hand_size)
    assert sum(exact) == 1
    for at_least in range(5):
        odds = an.hand_match_odds(suspect, hand_size, at_least, TOY_COPIES, TOY_CARDS, exact=True,
                                  suspects=TOY_SUSPECTS)
        assert isinstance(odds, Fraction) and odds == sum(exact[at_least:], Fraction(0))
        assert an.hand_match_odds(suspect, hand_size, at_least, TOY_COPIES, TOY_CARDS,
                                  suspects=TOY_SUSPECTS) == pytest.approx(float(odds))


@pytest.mark.parametrize("hand_size, at_least", [(4, 1), (4, 2), (4, 3), (6, 3), (3, 0)])
def test_plain_hypergeometric_counts_cards_not_clues(hand_size, at_least):
    for i, card in enumerate(TOY_CARDS):
        cards = an.card_match_odds(i, hand_size, at_least, TOY_COPIES, TOY_CARDS, TOY_SUSPECTS)
        assert cards == pytest.approx(brute_card_odds(card, TOY_COPIES, hand_size, at_least))
        distinct = an.hand_match_odds(i, hand_size, at_least, TOY_COPIES, TOY_CARDS, suspects=TOY_SUSPECTS)
        assert distinct <= cards + 1e-12
    # Bob's clues 1, 3, 5 have 1 + 3 + 2 copies: two right cards can be one clue, so the odds differ
    assert an.hand_match_odds(1, 4, 2, TOY_COPIES, TOY_CARDS, suspects=TOY_SUSPECTS) < \
        an.card_match_odds(1, 4, 2, TOY_COPIES, TOY_CARDS, TOY_SUSPECTS) - 0.01


def test_plain_hypergeometric_is_scipys():
    from scipy.stats import hypergeom
    for i, card in enumerate(CONFIRMATION):
        matching = sum(DECK_COPIES[j] for j in card)
        for at_least in (0, 4, 7, 9):
            assert an.card_match_odds(i, 12, at_least) == pytest.approx(
                hypergeom.sf(at_least - 1, sum(DECK_COPIES), matching, 12), rel=1e-9, abs=1e-15)


def test_without_duplicates_the_two_counts_agree():
    copies = (1,) * 8 + (0,)
    for at_least in range(4):
        assert an.hand_match_odds(1, 4, at_least, copies, TOY_CARDS, suspects=TOY_SUSPECTS) == \
            pytest.approx(an.card_match_odds(1, 4, at_least, copies, TOY_CARDS, TOY_SUSPECTS))


def test_real_deck_odds():
    for i, card in enumerate(CONFIRMATION):
        dist = an.distinct_match_distribution(i)
        assert len(dist) == 13 and sum(dist) == 1
        assert an.hand_match_odds(i, at_least=0, exact=True) == 1
        assert an.hand_match_odds(i) < an.card_match_odds(i)
        # the mean of distinct matches: sum over the card's clues of P(clue in hand)
        deck = sum(DECK_COPIES)
        mean = sum(1 - Fraction(math.comb(deck - DECK_COPIES[j], 12), math.comb(deck, 12)) for j in card)
        assert sum(d * p for d, p in enumerate(dist)) == mean
    assert an.hand_match_odds("butler") == an.hand_match_odds(7)
    assert an.hand_match_odds(0, hand_size=100, at_least=12) == 1


def test_hand_match_table():
    table = an.hand_match_table(thresholds=(4, 7))
    assert list(table.index) == [s.key for s in SUSPECTS]
    assert list(table.columns) == ["name", "cards in deck", "at least 4 different", "at least 4 cards",
                                   "at least 7 different", "at least 7 cards"]
    assert table.loc["maid", "at least 7 different"] == pytest.approx(an.hand_match_odds("maid", at_least=7))
    assert table.loc["maid", "cards in deck"] == sum(DECK_COPIES[j] for j in CONFIRMATION[6])
    assert (table["at least 4 different"] <= table["at least 4 cards"]).all()
    toy = an.hand_match_table(4, (1, 2), TOY_COPIES, TOY_CARDS, TOY_SUSPECTS)
    assert toy.shape == (3, 6)


def test_simulated_hands_converge_to_the_exact_odds():
    n = 20_000
    matches = an.simulate_hand_matches(n, seed=11)
    assert matches.shape == (n, 10) and matches.min() >= 0 and matches.max() <= 12
    for at_least in (1, 4, 7):
        hits = (matches >= at_least).sum(axis=0)
        low, high = wilson_interval(hits, np.full(10, n), confidence=0.9999)
        exact = np.array([an.hand_match_odds(i, at_least=at_least) for i in range(10)])
        assert ((low <= exact) & (exact <= high)).all(), (at_least, hits / n, exact)
    # the mean number of different matching clues, within 4.5 standard errors
    for i in range(10):
        dist = an.distinct_match_distribution(i)
        mean = float(sum(d * p for d, p in enumerate(dist)))
        sd = float(sum(d * d * p for d, p in enumerate(dist))) - mean ** 2
        assert abs(matches[:, i].mean() - mean) < 4.5 * math.sqrt(sd / n)


def test_simulated_hands_on_the_toy_deck_and_seeds():
    a = an.simulate_hand_matches(30_000, 5, 4, TOY_COPIES, TOY_CARDS)
    assert (a == an.simulate_hand_matches(30_000, 5, 4, TOY_COPIES, TOY_CARDS)).all()
    assert not (a == an.simulate_hand_matches(30_000, 6, 4, TOY_COPIES, TOY_CARDS)).all()
    for i, card in enumerate(TOY_CARDS):
        exact = np.array([float(p) for p in brute_hand_distribution(card, TOY_COPIES, 4)])
        observed = np.bincount(a[:, i], minlength=4) / len(a)
        assert observed == pytest.approx(exact, abs=0.015)
    assert (an.simulate_hand_matches(5, 0, 0, TOY_COPIES, TOY_CARDS) == 0).all()
    whole_deck = an.simulate_hand_matches(5, 0, 10, TOY_COPIES, TOY_CARDS)
    assert (whole_deck == [2, 3, 2]).all()  # clues 6 and 7 are not in the toy deck


@pytest.mark.parametrize("call, field", [
    (lambda: an.hand_match_odds("master"), "suspect"),
    (lambda: an.hand_match_odds(10), "suspect"),
    (lambda: an.hand_match_odds(0, hand_size=101), "hand_size"),
    (lambda: an.hand_match_odds(0, hand_size=-1), "hand_size"),
    (lambda: an.hand_match_odds(0, at_least=-1), "at_least"),
    (lambda: an.hand_match_odds(0, exact="yes"), "exact"),
    (lambda: an.hand_match_odds(0, deck_copies=(1, -1)), "deck_copies"),
    (lambda: an.hand_match_odds(0, deck_copies=(0, 0)), "deck_copies"),
    (lambda: an.hand_match_odds(0, deck_copies=(1,) * 8, confirmation=((0, 0, 1),)), "confirmation"),
    (lambda: an.card_match_odds(0, at_least=1.5), "at_least"),
    (lambda: an.hand_match_table(thresholds=()), "thresholds"),
    (lambda: an.hand_match_table(confirmation=CONFIRMATION[:3]), "confirmation"),
    (lambda: an.simulate_hand_matches(0, 1), "n_hands"),
    (lambda: an.simulate_hand_matches(10, 1, hand_size=200), "hand_size"),
])
def test_hand_odds_refuse_bad_input(call, field):
    with pytest.raises(ValueError, match=field):
        call()


# -- exact conditioning on several verdicts (lesson 03, section 4) ----------------------------------

LESSON_FIRST = (23, 25, 40, 42, 32, 34)    # "successful"
LESSON_SECOND = (23, 33, 44, 41, 36, 38)   # "unsuccessful"


def _brute_force(row, verdicts, need=4):
    """P(clue right | every verdict) by listing every pattern with itertools (a separate count)."""
    import itertools
    union = sorted({c for named, _ in verdicts for c in named})
    totals, evidence = dict.fromkeys(union, 0.0), 0.0
    for bits in itertools.product((False, True), repeat=len(union)):
        right = dict(zip(union, bits))
        if all((sum(right[c] for c in named) >= need) == ok for named, ok in verdicts):
            weight = 1.0
            for c in union:
                weight *= row[c] if right[c] else 1 - row[c]
            evidence += weight
            for c in union:
                totals[c] += weight * right[c]
    return {c: totals[c] / evidence for c in union}


def test_the_lessons_two_verdicts_exactly():
    row = pv.analysis.KnowledgeGrid.from_prior().row("butler")
    verdicts = [(LESSON_FIRST, True), (LESSON_SECOND, False)]
    exact = pv.analysis.update_on_verdicts(row, verdicts)
    brute = _brute_force(row, verdicts)
    for clue, belief in brute.items():
        assert exact[clue] == pytest.approx(belief, abs=1e-12)
    # the figures the issue re-derived: 0.931 / 0.764 / 0.798 (one after the other gave 0.927 / 0.753 / 0.787)
    assert [round(float(exact[c]), 3) for c in (25, 32, 40)] == [0.931, 0.764, 0.798]
    untouched = [c for c in range(len(row)) if c not in brute]
    assert np.array_equal(exact[untouched], row[untouched])


def test_one_verdict_exactly_is_the_one_step_update():
    row = pv.analysis.KnowledgeGrid.from_prior().row("butler")
    for ok in (True, False):
        assert np.allclose(pv.analysis.update_on_verdicts(row, [(LESSON_FIRST, ok)]),
                           pv.analysis.update_on_verdict(row, LESSON_FIRST, ok))


@pytest.mark.parametrize("verdicts", ["abc", [(LESSON_FIRST,)], [(LESSON_FIRST, "yes")], [((1, 1, 2, 3, 4, 5), True)],
                                      [(tuple(range(6 * k, 6 * k + 6)), True) for k in range(4)]])
def test_bad_verdicts_raise(verdicts):
    row = pv.analysis.KnowledgeGrid.from_prior().row("butler")
    with pytest.raises(ValueError):
        pv.analysis.update_on_verdicts(row, verdicts)


def test_impossible_verdicts_raise():
    row = np.ones(50)
    with pytest.raises(ValueError, match="impossible"):
        pv.analysis.update_on_verdicts(row, [(LESSON_FIRST, False)])

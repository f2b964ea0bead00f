"""Mystery Date's fast lane (issue 13): it plays the same game as the reference engine.

Game for game, the two engines are proved equal by ``test_md_lockstep.py`` (issue 26).
Here: one comparison in distribution (a smoke test), exact answers, and the lane's
pieces checked one rule at a time with forced rolls, against the reference's own
functions where there is one.
"""
import numpy as np
import pandas as pd
import pytest
from scipy import stats

import boardkit as bk
import boardkit.core.fast as core_fast
from boardkit.games import mystery_date as md
from boardkit.games.mystery_date import fast
from boardkit.games.mystery_date.bots import least_needed, target_colours
from boardkit.games.mystery_date.hand import Hand, cards_in, outfit_progress
from md_helpers import ALL_CARDS

# -- one comparison in distribution, a smoke test ---------------------------------------------
# Game for game, the engines are proved equal by test_md_lockstep.py; this compares them the old
# way once, on different seeds, so a lane that drifted from the rules in some way the lockstep
# variants do not reach would still show in the rulebook's distribution.
P = 0.001
C, R = md.bots.Collector(), md.bots.Random()


def test_the_engines_agree_in_distribution_on_the_rulebook():
    """2,000 reference games against 50,000 fast ones (other seeds): winner and date by
    chi-square, length by Kolmogorov-Smirnov."""
    reference = bk.simulate(md.Rules(), 4, 2000, seed=11, progress=False, engine="reference")
    quick = bk.simulate(md.Rules(), 4, 50_000, seed=12, progress=False, engine="fast")
    for column in ("winner", "date"):
        assert chi_square_p(reference[column], quick[column]) > P, column
    assert stats.ks_2samp(reference["turns"], quick["turns"]).pvalue > P


def as_category(series):
    return series.astype(object).where(series.notna(), "none").astype(str)


def chi_square_p(a, b):
    """Two-sample chi-square: do two samples of a category come from one distribution?"""
    table = pd.crosstab(np.r_[np.zeros(len(a)), np.ones(len(b))], np.r_[as_category(a), as_category(b)])
    table = table.loc[:, table.sum() > 0]
    if table.shape[1] < 2:
        return 1.0
    return stats.chi2_contingency(table.to_numpy())[1]


# -- exact answers ------------------------------------------------------------------------
def test_the_door_behind_a_rigged_door_follows_door_odds_exactly():
    """The colours behind the door: 200,000 openings by the lane's own door, against
    md.analysis.door_odds (chi-square goodness of fit), on a rigged door and with the Dud out."""
    for rules in (md.Rules(door_weights=(3, 1, 1, 1, 1)), md.Rules(door_weights=(1, 0.5, 2, 0, 1.5)),
                  md.Rules(door_weights=(3, 1, 1, 1, 5), dud_in_play=False)):
        odds = md.analysis.door_odds(rules)
        counts = np.bincount(opened_doors(rules, 200_000), minlength=5)
        expected = [float(odds[o]) * 200_000 for o in md.OUTCOMES]
        assert all(c == 0 for c, e in zip(counts, expected) if e == 0)
        live = [i for i, e in enumerate(expected) if e > 0]
        assert stats.chisquare(counts[live], np.array(expected)[live]).pvalue > P


def opened_doors(rules, n):
    """What the lane's door showed in ``n`` openings (0-3 a date, 4 the Dud)."""
    chance = core_fast.new_chance()
    core_fast.seed_chance(chance, 5)
    return doors_at_once(np.array(rules.live_weights, float), chance, n)


@fast.njit
def doors_at_once(weights, chance, n):
    outcomes = np.empty(n, np.int64)
    for i in range(n):
        outcomes[i] = core_fast.weighted(weights, chance)
    return outcomes


@fast.njit
def arranged_state(n_players, deck_size):
    hands = np.zeros((n_players, 12), np.int64)
    piles = np.zeros((2, deck_size), np.int64)
    heights = np.zeros(2, np.int64)
    standing = np.zeros(n_players, np.int64)
    worst = np.zeros(n_players, np.int64)
    lead = np.array([-1, 0], np.int64)
    game = np.array([0, 0, -1, 0, -1], np.int64)
    return hands, piles, heights, standing, worst, lead, game


def test_with_only_one_date_behind_the_door_every_game_finds_it():
    frame = bk.simulate(md.Rules(door_weights=(0, 0, 7, 0, 1)), 3, 2000, seed=1, progress=False, engine="fast")
    assert (frame["date"] == "blue").all() and (frame["end"] == "date found").all()


def test_a_door_that_shows_only_the_dud_stops_every_game_at_the_cap():
    rules = md.Rules(max_turns=30, door_weights=(0, 0, 0, 0, 1))
    frame = bk.simulate(rules, 2, 500, seed=0, progress=False, engine="fast")
    assert (frame["end"] == "turn cap").all() and frame["winner"].isna().all()
    assert (frame["turns"] == 30).all() and frame["date"].isna().all()
    assert frame["winner_worst_deficit"].isna().all()


# -- the lane's pieces, one rule at a time ----------------------------------------------
CODE = {card: i for i, card in enumerate(ALL_CARDS)}


def counts_of(cards) -> np.ndarray:
    hand = np.zeros((1, 12), np.int64)
    for card in cards:
        hand[0, CODE[card]] += 1
    return hand


def test_progress_and_outfits_match_the_hand_tables():
    for held in range(4096):
        hand = counts_of(cards_in(held))
        assert fast.progress(hand, 0) == outfit_progress(held)


@pytest.mark.parametrize("dud", [True, False])
def test_target_colours_match_the_collector(dud):
    rng = np.random.default_rng(3)
    rules = md.Rules(door_weights=(2, 1, 1, 3, 1), dud_in_play=dud)
    weights = np.array(rules.live_weights, float)
    for _ in range(3000):
        cards = [ALL_CARDS[i] for i in rng.integers(0, 12, rng.integers(1, 9))]
        mask = fast.target_colours(counts_of(cards), 0, weights)
        expected = target_colours(Hand(cards), rules.live_weights)
        assert {md.COLOURS[c] for c in range(4) if mask & (1 << c)} == set(expected)


@pytest.mark.parametrize("weights", [(1, 1, 1, 1, 1), (2, 1, 1, 3, 1), (0, 5, 0, 1, 0), (1, 1, 4, 4, 2)])
def test_the_weakest_cards_table_is_the_collectors_for_every_hand_without_spares(weights):
    """weakest_table[held] is bots.least_needed of those cards as bits, for each of the 4,096 sets of cards."""
    table = fast.weakest_table(np.array(weights, float))
    for held in range(1, 4096):
        expected = sum(1 << CODE[card] for card in least_needed(cards_in(held), weights))
        assert table[held] == expected, cards_in(held)


def test_least_needed_gives_away_only_what_the_collector_would():
    """Every set of different cards (no spares) and random hands with spares: the lane's
    choice is always one of bots.least_needed's, and over seeds every one of them comes up."""
    rng = np.random.default_rng(4)
    weights = (1, 1, 1, 1, 1)
    weakest = fast.weakest_table(np.array(weights, float))
    chance = core_fast.new_chance()
    hands = [cards_in(held) for held in range(1, 4096, 7)]
    hands += [[ALL_CARDS[i] for i in rng.integers(0, 12, rng.integers(2, 9))] for _ in range(300)]
    for cards in hands:
        allowed = set(least_needed(list(cards), weights))
        seen = set()
        for seed in range(40):
            core_fast.seed_chance(chance, seed)
            seen.add(ALL_CARDS[fast.least_needed(counts_of(cards), 0, weakest, chance)])
        assert seen == allowed, cards


def setup_turn(rules, n_players, hands, draw_top=(), discard=(), seed=0):
    """The lane's arrays for a hand-made position (every other card of the deck under draw_top)."""
    board, start, weights, ints, deck = fast.unpack(rules, n_players)
    state = list(arranged_state(n_players, len(deck)))
    hands_arr, piles, heights = state[0], state[1], state[2]
    rest = list(np.repeat(np.arange(12), rules.copies))
    for seat, cards in enumerate(hands):
        for card in cards:
            hands_arr[seat, CODE[card]] += 1
            rest.remove(CODE[card])
    for card in list(draw_top) + list(discard):
        rest.remove(CODE[card])
    draw = rest + [CODE[c] for c in reversed(draw_top)]
    piles[fast.DRAW, :len(draw)] = draw
    piles[fast.DISCARD, :len(discard)] = [CODE[c] for c in discard]
    heights[:] = len(draw), len(discard)
    for seat in range(n_players):
        state[3][seat] = fast.progress(hands_arr, seat)
    chance = core_fast.new_chance()
    core_fast.seed_chance(chance, seed)
    positions = np.zeros(n_players, np.int64)
    return dict(board=board, positions=positions, weights=weights, weakest=fast.weakest_table(weights), ints=ints,
                chance=chance, hands=hands_arr, piles=piles, heights=heights, standing=state[3], worst=state[4],
                lead=state[5], game=state[6])


def turn(s, roll, bots):
    fast.take_turn(roll, s["board"], s["positions"], np.array(bots, np.int64), s["hands"], s["piles"],
                   s["heights"], s["standing"], s["worst"], s["lead"], s["weights"], s["weakest"], s["ints"],
                   s["game"], s["chance"])


def cards(spec):
    colour = {"r": "red", "g": "green", "b": "blue", "o": "orange"}
    return [md.Card(colour[c[0]], int(c[1])) for c in spec.split()]


def hand_of(s, seat):
    return sorted(ALL_CARDS[c] for c in range(12) for _ in range(s["hands"][seat, c]))


def total_cards(s):
    return int(s["hands"].sum() + s["heights"].sum())


def test_take_2_takes_the_top_two_cards_and_moves_clockwise():
    s = setup_turn(md.Rules(), 2, [cards("r1"), cards("g1")], draw_top=cards("b1 b2"), discard=cards("o1"))
    turn(s, 2, [0, 0])  # space 2 of the ring is TAKE 2
    assert s["positions"][0] == 2 and hand_of(s, 0) == sorted(cards("r1 b1 b2"))
    assert s["game"][fast.CURRENT] == 1 and s["game"][fast.TURNS] == 1 and total_cards(s) == 48


def test_over_the_limit_the_collector_discards_a_spare_first():
    s = setup_turn(md.Rules(hand_limit=3), 2, [cards("r1 r2 g1"), cards("g2")], draw_top=cards("g1"),
                   discard=cards("o1"))
    turn(s, 1, [0, 0])  # TAKE 1: four cards, one over the limit
    assert hand_of(s, 0) == sorted(cards("r1 r2 g1"))
    assert s["piles"][fast.DISCARD, s["heights"][fast.DISCARD] - 1] == CODE[cards("g1")[0]]


def test_swap_left_gives_the_least_needed_and_draws_blind():
    s = setup_turn(md.Rules(), 3, [cards("r1 r2 o1"), cards("b3"), cards("g1")], discard=cards("o2"))
    turn(s, 3, [0, 0, 0])  # SWAP LEFT: seat 1 (the next in turn order)
    assert hand_of(s, 0) == sorted(cards("r1 r2 b3")) and hand_of(s, 1) == cards("o1")
    assert total_cards(s) == 48


def test_take_either_the_collector_takes_a_useful_discard():
    s = setup_turn(md.Rules(), 2, [cards("r1 r2"), cards("g1")], draw_top=cards("b1"), discard=cards("r3"))
    turn(s, 6, [0, 0])  # TAKE 1 FROM EITHER
    assert hand_of(s, 0) == sorted(cards("r1 r2 r3"))
    assert s["heights"][fast.DISCARD] == 1  # the draw pile's top started a new discard pile


def test_the_door_ready_and_right_wins():
    s = setup_turn(md.Rules(door_weights=(1, 0, 0, 0, 0)), 2, [cards("r1 r2 r3"), cards("g1")])
    s["positions"][0] = 1
    turn(s, 6, [0, 0])  # space 7: OPEN THE DOOR
    assert tuple(s["game"][[fast.WINNER, fast.END, fast.DATE]]) == (0, fast.DATE_FOUND, 0)


def test_the_dud_takes_the_outfit_and_she_draws_fresh_cards():
    s = setup_turn(md.Rules(door_weights=(0, 0, 0, 0, 1), dud_redraw=3), 2, [cards("r1 r2 r3 g1"), cards("g2")],
                   draw_top=cards("b1 b2 b3"))
    s["positions"][0] = 1
    turn(s, 6, [0, 0])
    assert hand_of(s, 0) == sorted(cards("g1 b1 b2 b3")) and s["game"][fast.END] == fast.GOING_ON
    assert list(s["piles"][fast.DISCARD, :3]) == [CODE[c] for c in cards("r1 r2 r3")]


def test_the_turn_cap_ends_the_game_without_a_winner():
    s = setup_turn(md.Rules(max_turns=1), 2, [cards("r1"), cards("g1")])
    turn(s, 3, [1, 1])
    assert s["game"][fast.END] == fast.TURN_CAP and s["game"][fast.WINNER] == -1


def test_an_empty_draw_pile_is_remade_from_the_discards_less_the_top():
    s = setup_turn(md.Rules(copies=1), 2, [cards("r1"), cards("g1")], draw_top=(), discard=())
    # every other card goes onto the discard pile, the draw pile holds one
    rest = [c for c in range(12) if c not in (CODE[cards("r1")[0]], CODE[cards("g1")[0]])]
    s["piles"][fast.DRAW, 0] = rest[0]
    s["piles"][fast.DISCARD, :len(rest) - 1] = rest[1:]
    s["heights"][:] = 1, len(rest) - 1
    turn(s, 1, [0, 0])  # TAKE 1: the last card; the discards (less the top) become the draw pile
    assert s["heights"][fast.DISCARD] == 1 and s["piles"][fast.DISCARD, 0] == rest[-1]
    assert s["heights"][fast.DRAW] == len(rest) - 2 and total_cards(s) == 12


def test_a_deal_deals_each_hand_and_turns_up_one_discard():
    rules = md.Rules(deal_size=5)
    board, start, weights, ints, deck = fast.unpack(rules, 4)
    hands, piles, heights = np.zeros((4, 12), np.int64), np.zeros((2, 48), np.int64), np.zeros(2, np.int64)
    positions = np.zeros(4, np.int64)
    chance = core_fast.new_chance()
    core_fast.seed_chance(chance, 9)
    fast.deal(deck, start, hands, piles, heights, positions, ints, chance)
    assert hands.sum(axis=1).tolist() == [5, 5, 5, 5] and tuple(heights) == (27, 1)
    everything = hands.sum(axis=0) + np.bincount(piles[0, :27], minlength=12) + np.bincount(piles[1, :1],
                                                                                           minlength=12)
    assert everything.tolist() == [4] * 12 and positions.tolist() == rules.start_spaces(4)


# -- the same seed, the same frame -------------------------------------------------------
def test_same_seed_same_frame_whatever_the_chunks_or_executor():
    whole = bk.simulate(md.Rules(), 3, 5000, seed=4, progress=False, engine="fast")
    streamed = pd.concat(bk.simulate_stream(md.Rules(), 3, 5000, seed=4, progress=False, engine="fast",
                                            chunk_size=777), ignore_index=True)
    pd.testing.assert_frame_equal(whole, streamed)
    with bk.process_pool(2) as pool:
        pooled = bk.simulate(md.Rules(), 3, 5000, seed=4, progress=False, engine="fast", executor=pool)
    pd.testing.assert_frame_equal(whole, pooled)
    assert whole.attrs["engine"] == "fast"


# -- bad input ---------------------------------------------------------------------------
class OwnBot(md.bots.Collector):
    """A student's bot: a subclass may choose differently, so the lane must not play it."""


@pytest.mark.parametrize("bot", [OwnBot(), object()])
def test_a_bot_the_lane_cannot_play_is_named(bot):
    with pytest.raises(ValueError, match="fast lane plays only the Collector and Random.*seat 1"):
        bk.simulate(md.Rules(), 2, 10, bots=[C, bot], progress=False, engine="fast")


def test_auto_falls_back_to_the_reference_engine_for_such_a_bot():
    frame = bk.simulate(md.Rules(), 2, 10, bots=[C, OwnBot()], progress=False)
    assert frame.attrs["engine"] == "reference"
    assert bk.simulate(md.Rules(), 2, 10, progress=False).attrs["engine"] == "fast"


@pytest.mark.parametrize("engine", ["quick", None, "FAST", 1])
def test_an_unknown_engine_is_refused(engine):
    with pytest.raises(ValueError, match="engine"):
        bk.simulate(md.Rules(), 2, 10, progress=False, engine=engine)


def test_without_numba_auto_plays_the_reference_and_fast_says_why(monkeypatch):
    monkeypatch.setattr(core_fast, "_numba", None)
    monkeypatch.setattr(core_fast, "_numba_failed", "ImportError: no numba here")
    assert bk.simulate(md.Rules(), 2, 10, progress=False).attrs["engine"] == "reference"
    with pytest.raises(ValueError, match="numba"):
        bk.simulate(md.Rules(), 2, 10, progress=False, engine="fast")


def test_the_lane_plays_every_rules_field():
    """unsupported() refuses no Rules field: the largest variants play too."""
    rules = md.Rules(copies=100, hand_limit=100, deal_size=40, dud_redraw=100, die_sides=100, max_turns=1_000_000,
                     board=("door",) + ("take2",) * 999, door_weights=(10**9, 0, 0, 0, 1))
    assert fast.unsupported(rules, 4, [C, R, C, R]) is None
    frame = bk.simulate(rules, 4, 20, seed=1, progress=False, engine="fast")
    assert (frame["end"] == "date found").all()

"""The fast lane's pieces, one rule at a time, against the reference engine (game.py, bots.py).

Each compiled helper of ``cluedo_cards/fast.py`` is called on positions taken
from real reference games (played a random number of steps by Random bots),
and must make the reference's decision: the cards that may be played, the
Shedder's and the Revolverist's card, the victim of a Dagger, the partner of a
Revolver, the next player past missed turns, the next starter, the lead.
Plus the lane's whole-game contract: same seeds, same frame, however chunked;
bad bots refused naming them; bk.metrics on a fast frame.
"""
import numpy as np
import pytest

import boardkit as bk
from boardkit.core.fast import new_chance, seed_chance
from boardkit.games import cluedo_cards as cc
from boardkit.games.cluedo_cards import fast
from boardkit.games.cluedo_cards.game import SKIPPING, SWAPPING

VARIANTS = [cc.Rules(), cc.Rules(copies=2, numbers=(1, 2, 3, 4)),
            cc.Rules(powers=cc.POWERS + (("spanner", "swap hands"), ("Mrs. White", "skip chosen")), hand_size=7)]


class Lane:
    """A reference position in the lane's arrays."""

    def __init__(self, game):
        rules = game.rules
        self.rules, self.n = rules, game.n_players
        self.rule, self.picture_power, _, _ = fast.rule_arrays(rules)
        n_numbers, n_pictures = len(rules.numbers), len(rules.pictures)
        self.n_numbers = n_numbers
        self.kind = {cc.Card(p, x): i * n_numbers + j for i, p in enumerate(rules.pictures)
                     for j, x in enumerate(rules.numbers)}
        self.card_of = {k: c for c, k in self.kind.items()}
        n_kinds = len(self.kind)
        self.fits = fast.fits_table(n_kinds, n_numbers)
        self.slots = fast.count_slots(n_kinds, n_pictures, n_numbers)
        self.power = np.array([self.picture_power[k // n_numbers] for k in range(n_kinds)], dtype=np.int64)
        size = n_kinds * rules.copies
        self.hands = np.zeros((self.n, size), dtype=np.int64)
        self.hand_len = np.array([len(h) for h in game.hands], dtype=np.int64)
        self.held = np.zeros((self.n, n_kinds + n_pictures + n_numbers), dtype=np.int64)
        for seat, hand in enumerate(game.hands):
            for i, c in enumerate(hand):
                self.hands[seat, i] = self.kind[c]
                fast.count_card(self.held, seat, self.kind[c], self.slots, 1)
        self.scores = np.array(game.scores, dtype=np.int64)
        self.options = np.zeros(size, dtype=np.int64)
        self.chosen = np.zeros(6, dtype=np.int64)


def positions(rules, n_players, seeds, phase=None):
    """Reference games stopped at a random moment (in ``phase``, if given)."""
    for seed in seeds:
        game = cc.Game(rules, n_players, seed=seed, record_events=False)
        rng = np.random.default_rng(seed)
        stop = int(rng.integers(0, 400))
        for _ in range(stop):
            if game.is_over:
                break
            bk.step(game, [cc.bots.Random()] * n_players)
        while phase is not None and not game.is_over and game.phase != phase:
            bk.step(game, [cc.bots.Random()] * n_players)
        if not game.is_over:
            yield game


def test_the_fits_table_is_the_matching_rule():
    for rules in VARIANTS:
        game = cc.Game(rules, 2, seed=0)
        lane = Lane(game)
        for top, top_kind in lane.kind.items():
            for card, kind in lane.kind.items():
                assert lane.fits[top_kind, kind] == cc.matches(card, top)


@pytest.mark.parametrize("rules", VARIANTS)
def test_playable_cards_and_the_bots_cards_are_the_references(rules):
    shedder, revolverist = cc.bots.Shedder(), cc.bots.Revolverist()
    tried = 0
    for game in positions(rules, 4, range(60), phase="play"):
        lane, seat = Lane(game), game.current
        top = lane.kind[game.top]
        n = fast.playable(lane.hands, seat, lane.hand_len[seat], top, lane.fits, rules.copies > 1, lane.options)
        assert [lane.card_of[k] for k in lane.options[:n]] == game.playable()
        card = fast.shedder_play(lane.hands, lane.held, seat, lane.hand_len[seat], top, lane.fits, lane.power,
                                 lane.slots)
        if not n:  # nothing to play: every bot says so
            assert card == fast.NO_CARD
            assert fast.revolverist_play(seat, 4, lane.hands, lane.hand_len, lane.held, top, lane.fits, lane.power,
                                         lane.slots, 0, lane.chosen) == fast.NO_CARD
            continue
        tried += 1
        actions = game.legal_actions()
        assert cc.Play(lane.card_of[card]) == shedder.choose(game, actions, game.chance)
        state, drawn = new_chance(), set()  # Random: any playable card; over 40 seeds each comes up
        for seed in range(40):
            seed_chance(state, seed)
            drawn.add(lane.card_of[fast.random_play(lane.hands, seat, lane.hand_len[seat], top, lane.fits,
                                                    rules.copies > 1, lane.options, state)])
        assert drawn == set(game.playable())
        for margin in (0, 3, 6):
            revolverist.margin = margin
            card = fast.revolverist_play(seat, 4, lane.hands, lane.hand_len, lane.held, top, lane.fits, lane.power,
                                         lane.slots, margin, lane.chosen)
            assert cc.Play(lane.card_of[card]) == revolverist.choose(game, actions, game.chance)
        for k in range(lane.hand_len[seat]):  # follow-ups as bots.follow_ups counts them
            played = game.hands[seat][k]
            expected = cc.bots.follow_ups(game.hands[seat], played)
            assert fast.follow_ups(lane.held, seat, lane.kind[played], lane.slots) == expected
    assert tried > 20


@pytest.mark.parametrize("phase", [SKIPPING, SWAPPING])
def test_a_daggers_victim_and_a_revolvers_partner_are_the_references(phase):
    rules = VARIANTS[2]
    state = new_chance()
    seed_chance(state, 1)
    tried = 0
    for n_players in (2, 3, 4):
        for game in positions(rules, n_players, range(40), phase=phase):
            lane, seat = Lane(game), game.current
            lane.scores[:] = game.scores = list(np.random.default_rng(seat + tried).integers(-3, 9, n_players))
            actions = game.legal_actions()
            for code, bot in ((fast.BOT_SHEDDER, cc.bots.Shedder()), (fast.BOT_REVOLVERIST, cc.bots.Revolverist())):
                if phase == SKIPPING:
                    got = fast.dagger_victim(code, seat, n_players, lane.hand_len, lane.scores, state)
                    assert cc.Skip(got) == bot.choose(game, actions, game.chance)
                else:
                    got = fast.swap_partner(code, seat, n_players, lane.hand_len, lane.scores, state)
                    assert cc.SwapWith(got) == bot.choose(game, actions, game.chance)
            tried += 1
    assert tried > 20


def test_random_picks_every_rival_and_nobody_after_a_dagger_equally_often():
    state = new_chance()
    seed_chance(state, 7)
    hand_len, scores = np.array([3, 1, 2, 5]), np.zeros(4, dtype=np.int64)
    picks = [fast.dagger_victim(fast.BOT_RANDOM, 2, 4, hand_len, scores, state) for _ in range(8000)]
    counts = np.array([picks.count(v) for v in (3, 0, 1, fast.NOBODY)])
    assert counts.sum() == 8000 and (abs(counts - 2000) < 200).all()
    partners = {fast.swap_partner(fast.BOT_RANDOM, 2, 4, hand_len, scores, state) for _ in range(300)}
    assert partners == {0, 1, 3}


def test_deal_hands_out_the_whole_deck_and_counts_each_hand():
    for rules in VARIANTS:
        rule, _, _, _ = fast.rule_arrays(rules)
        lane = Lane(cc.Game(rules, 3, seed=0))
        size = len(lane.kind) * rules.copies
        draw, discard = np.zeros(size, dtype=np.int64), np.zeros(size, dtype=np.int64)
        minis, order = np.zeros(3, dtype=np.int64), np.zeros(len(rules.miniatures), dtype=np.int64)
        state = new_chance()
        seed_chance(state, 3)
        draw_len, discard_len = fast.deal(rule, 3, lane.hands, lane.hand_len, lane.held, lane.slots, draw, discard,
                                          minis, order, state)
        assert list(lane.hand_len) == [rules.hand_size] * 3 and discard_len == 1
        assert draw_len == size - 3 * rules.hand_size - 1
        everything = np.concatenate([lane.hands[s, :rules.hand_size] for s in range(3)] + [draw[:draw_len], discard[:1]])
        assert sorted(everything) == sorted(list(range(len(lane.kind))) * rules.copies)
        assert len(set(minis)) == 3 and set(minis) <= set(range(len(rules.miniatures)))
        for seat in range(3):
            counts = np.bincount(lane.hands[seat, :rules.hand_size], minlength=len(lane.kind))
            assert (lane.held[seat, :len(lane.kind)] == counts).all()


def test_remove_card_keeps_the_order_and_the_counts():
    lane = Lane(cc.Game(cc.Rules(copies=2), 2, seed=0))
    lane.hands[0, :5] = [4, 9, 4, 7, 1]
    lane.held[:] = 0
    for k in (4, 9, 4, 7, 1):
        fast.count_card(lane.held, 0, k, lane.slots, 1)
    assert fast.remove_card(lane.hands, lane.held, lane.slots, 0, 5, 4) == 4
    assert list(lane.hands[0, :4]) == [9, 4, 7, 1] and lane.held[0, 4] == 1


def test_next_player_spends_stacked_missed_turns():
    missing = np.array([0, 2, 1, 0])
    assert fast.next_player(0, 4, missing) == 3 and list(missing) == [0, 1, 0, 0]
    assert fast.next_player(3, 4, missing) == 0
    assert fast.next_player(0, 4, missing) == 2 and list(missing) == [0, 0, 0, 0]
    two = np.array([0, 1])  # a Candlestick with 2 players: she plays again
    assert fast.next_player(0, 2, two) == 0


@pytest.mark.parametrize("starter", ["after winner", "winner", "rotate"])
def test_next_starter_is_the_references(starter):
    rules = cc.Rules(starter=starter)
    rule, _, _, _ = fast.rule_arrays(rules)
    game = cc.Game(rules, 3, seed=0)
    for rounds in (1, 2, 5):
        for last in range(3):
            for went_out in (None, 0, 1, 2):
                game.round, game.starter = rounds, last
                expected = game.next_starter(went_out)
                got = fast.next_starter(rule, rounds, last, fast.NOBODY if went_out is None else went_out, 3)
                assert got == expected


def test_going_out_is_the_references():
    for floor in (False, True):
        rules = cc.Rules(floor_at_zero=floor, miniatures=(("dagger", 2), ("rope", 5), ("dagger", 1), ("spanner", 3)))
        rule, _, mini_picture, mini_penalty = fast.rule_arrays(rules)
        scores = np.array([1, 0, 2, 0])
        minis = np.array([0, 1, 2, 3])
        lost = fast.go_out(rule, 2, rules.pictures.index("dagger"), 4, scores, minis, mini_picture, mini_penalty)
        assert lost == 3 and list(scores) == ([0, 0, 4, 0] if floor else [-1, 0, 4, 0])


def test_same_seeds_same_columns_however_chunked():
    seeds = np.arange(100, 160, dtype=np.int64)
    bots = [cc.bots.Random(), cc.bots.Shedder(), cc.bots.Revolverist()]
    whole = fast.play_games(cc.Rules(), 3, seeds, bots)
    parts = [fast.play_games(cc.Rules(), 3, seeds[i:i + 17], bots) for i in range(0, 60, 17)]
    assert list(whole) == list(cc.Game(cc.Rules(), 3, seed=0).result())
    for name, column in whole.items():
        joined = np.concatenate([np.asarray(p[name]) for p in parts])
        assert np.array_equal(np.asarray(column), joined, equal_nan=column.dtype.kind == "f"), name


def test_the_frame_looks_like_the_references():
    fast_frame = bk.simulate(cc.Rules(), 3, n_games=300, seed=2, progress=False, engine="fast")
    reference = bk.simulate(cc.Rules(), 3, n_games=60, seed=2, progress=False, engine="reference")
    assert fast_frame.attrs["engine"] == "fast" and reference.attrs["engine"] == "reference"
    assert list(fast_frame.columns) == list(reference.columns)
    for row in fast_frame.itertuples():
        winners, leaders = row.round_winners.split(","), row.leaders.split(",")
        assert len(winners) == len(leaders) == row.rounds and winners.count("-") == row.void_rounds
        assert set(winners) <= {"0", "1", "2", "-"} and set(leaders) <= {"0", "1", "2", "="}
        scores = [row.score_0, row.score_1, row.score_2]
        assert max(scores) >= 10 and row.winner == int(np.argmax(scores)) and leaders[-1] == str(row.winner)
    summary_fast, summary_reference = bk.metrics.summary(fast_frame), bk.metrics.summary(reference)
    assert list(summary_fast.index) == list(summary_reference.index)
    assert bk.metrics.drama(fast_frame).notna().all() and bk.metrics.win_rates(fast_frame)["wins"].sum() == 300
    assert summary_fast["games"] == 300 and summary_fast["won share"] == 1


class Cautious(cc.bots.Shedder):
    """A Shedder that never plays a Revolver: a bot the lane has no twin for."""


def test_bots_and_rules_the_lane_cannot_play_are_refused_or_fall_back():
    bots = [Cautious(), cc.bots.Shedder()]
    with pytest.raises(ValueError, match=r"plays only the Shedder, Revolverist and Random bots, not Cautious\(\) \(seat 0\)"):
        bk.simulate(cc.Rules(), 2, n_games=5, progress=False, bots=bots, engine="fast")
    frame = bk.simulate(cc.Rules(), 2, n_games=5, progress=False, bots=bots, engine="auto")
    assert frame.attrs["engine"] == "reference"
    with pytest.raises(ValueError, match="margin=2.5"):
        bk.simulate(cc.Rules(), 2, n_games=5, progress=False, bots=[cc.bots.Revolverist(2.5)] * 2, engine="fast")
    with pytest.raises(ValueError, match="engine='quick'"):
        bk.simulate(cc.Rules(), 2, n_games=5, progress=False, engine="quick")
    with pytest.raises(ValueError, match="Cautious"):
        fast.play_games(cc.Rules(), 2, np.arange(3), bots)
    assert fast.unsupported(cc.Rules(), 4, [cc.bots.Random(), bk.core.bots.Random(), cc.bots.Shedder(),
                                            cc.bots.Revolverist(margin=5)]) is None

"""Philo Vance's fast lane (issue 13): it plays the same game as the reference engine.

Game for game, the two engines are proved equal by ``test_pv_lockstep.py`` (issue 26): the same
seed gives the same game in both, so the reference engine's games are replayed by seed there and
nothing is recorded.  Here: one comparison in distribution (a smoke test, on other seeds) and a
planted difference it must catch, what the lockstep variants are for (read off the lane's games,
which are the reference engine's), the engine choice, and the lane's pieces one at a time against
``game.py`` and ``bots.py``.
"""
import numpy as np
import pandas as pd
import pytest
from scipy import stats

import boardkit as bk
from boardkit.core.bots import Random
from boardkit.core.lead import LeadTracker
from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import fast
from fast_helpers import distribution_differences
from test_pv_lockstep import VARIANTS

P_THRESHOLD = 0.001
D = pv.bots.Detective
#: the columns the smoke test compares by chi-square; every other outcome column by Kolmogorov-Smirnov
CATEGORICAL = ("winner", "end", "winner_suspect", "philo_vance", "judge")
#: the smoke test's case: the default bots on the rulebook, the game most students simulate
SMOKE = dict(rules=pv.Rules(), n_players=4, progress=False, executor=None)


def random_bots(n_players):
    return [Random() for _ in range(n_players)]


# -- one comparison in distribution, a smoke test -----------------------------------------------
@pytest.fixture(scope="module")
def smoke():
    """1,000 reference games of 4 Detectives and 10,000 fast ones, on other seeds.

    A module fixture, so the root conftest.py runs this file's tests on one pytest-xdist worker and the
    reference games are played once."""
    reference = bk.simulate(n_games=1000, seed=11, engine="reference", **SMOKE)
    lane = bk.simulate(n_games=10_000, seed=12, engine="fast", **SMOKE)
    assert lane.attrs["engine"] == "fast"
    return reference, lane


def differences(reference: pd.DataFrame, lane: pd.DataFrame) -> dict:
    """Every column whose two samples differ at P_THRESHOLD, and the mean length: {test: p-value}."""
    found = distribution_differences(reference, lane, CATEGORICAL, P_THRESHOLD)
    p = stats.ttest_ind(reference["turns"].to_numpy(float), lane["turns"].to_numpy(float), equal_var=False).pvalue
    if p < P_THRESHOLD:
        found["mean turns"] = p
    return found


def test_the_engines_agree_in_distribution_on_the_rulebook(smoke):
    """Game for game the lockstep test proves it; this compares the engines the old way once, on other
    seeds, so a lane that drifted in a way the lockstep variants do not reach would still show here."""
    assert differences(*smoke) == {}


def test_a_planted_difference_is_caught(smoke):
    """The same comparison, the lane's Detectives convicting with 6 correct clues, not 7: it must notice."""
    reference, _ = smoke
    lane = bk.simulate(n_games=10_000, seed=12, engine="fast", **{**SMOKE, "rules": pv.Rules(convict_correct=6)})
    assert differences(reference, lane)


def test_metrics_read_a_fast_frame_like_a_reference_frame(smoke):
    reference, lane = smoke
    ref_summary, lane_summary = bk.metrics.summary(reference), bk.metrics.summary(lane)
    assert list(ref_summary.index) == list(lane_summary.index)
    ref_rates, lane_rates = bk.metrics.win_rates(reference)["win rate"], bk.metrics.win_rates(lane)["win rate"]
    assert (abs(ref_rates - lane_rates) < 0.05).all()


# -- what the lockstep variants are for ------------------------------------------------------------
def lane_frame(variant: str, n_games: int = 1000):
    """The lane's games of a lockstep variant: the reference engine's own games for the same seeds."""
    rules, bots, _ = VARIANTS[variant]
    return bk.simulate(rules, len(bots), n_games=n_games, seed=26, bots=bots, progress=False, executor=None,
                       engine="fast")


def test_the_lockstep_variants_reach_what_they_are_for():
    """The variants the engines are compared on really play their rules: every way a game ends,
    Philo Vance and the Judge, retirements (or none), one juror deciding nearly every game, bumps, children's wins,
    Detectives and Random both winning."""
    lane = lane_frame("2 players, Random, claims only when turned up")
    assert set(lane["end"]) == {"convicted", "all retired", "turn cap"}
    assert 0.1 < lane["philo_vance"].mean() < 0.9 and 0.1 < lane["judge"].mean() < 0.9
    lane = lane_frame("Detectives: 2 experts (5-8-10), bold and cautious, never retiring, arrows give nothing")
    assert (lane["retired"] == 0).all() and (lane["end"] == "convicted").mean() > 0.9
    lane = lane_frame("extreme sizes: 1 juror, 1 clue named and right, 6 players, turn cap 200")
    assert (lane["end"] == "convicted").mean() > 0.99 and (lane["declarations"] > 0).all() and lane["bumps"].mean() > 5
    lane = lane_frame("extreme sizes: 24 jurors, a deck of 20 of each clue, no reshuffle, retire after 1, 3 players")
    assert lane["retired"].max() >= 2 and (lane["end"] == "convicted").any()
    for children in ("the children's game, 5 players, hands of 6, 4 matching clues win",
                     "the children's game, 6 players, hands of 1, 1 matching clue wins, claims only when turned up"):
        lane = lane_frame(children)
        assert (lane["declarations"] == 0).all() and (lane["end"] == "convicted").mean() > 0.9
    lane = lane_frame("6 players, every bot (one Detective on three seats), 10 jurors, name 5, convict 6 then 8, "
                      "no Judge, no refill")
    winners = set(lane["winner"].dropna())
    assert winners & {0, 2, 4, 5} and winners & {1, 3} and lane["successful"].mean() > 1  # Detectives and Random win


# -- the engine choice -------------------------------------------------------------------------
class Sleuth(pv.bots.Detective):
    """A bot of one's own (a Detective's subclass may choose differently): the lane refuses it."""


def test_a_bot_of_ones_own_is_played_by_the_reference_engine():
    rules = pv.Rules()
    with pytest.raises(ValueError, match=r"not Detective\(boldness=0.6.*\(seat 1\)"):
        bk.simulate(rules, 2, n_games=2, bots=[Random(), Sleuth()], progress=False, engine="fast")
    frame = bk.simulate(rules, 2, n_games=2, bots=[Random(), Sleuth()], progress=False, engine="auto")
    assert frame.attrs["engine"] == "reference"
    for bots in (None, [pv.bots.Random(), Random()], [Random(), D(boldness=0.3)]):  # None: the default Detectives
        frame = bk.simulate(rules, 2, n_games=2, bots=bots, progress=False, engine="auto")
        assert frame.attrs["engine"] == "fast"
    assert fast.unsupported(pv.Rules.children_game(retire_after_failures=None), 6, random_bots(6)) is None


def test_same_seed_same_game_whatever_the_chunking():
    rules, seeds = pv.Rules(max_turns=500), np.arange(40, dtype=np.int64) * 7919
    whole = pd.DataFrame(fast.play_games(rules, 3, seeds, random_bots(3)))
    parts = pd.concat([pd.DataFrame(fast.play_games(rules, 3, seeds[:13], random_bots(3))),
                       pd.DataFrame(fast.play_games(rules, 3, seeds[13:], random_bots(3)))], ignore_index=True)
    pd.testing.assert_frame_equal(whole, parts)
    assert len(set(whole["turns"])) > 5  # different seeds, different games


# -- the pieces, one at a time -------------------------------------------------------------------
class Table:
    """One game's arrays (fast.new_state) and the rules' tables, for calling the lane's pieces."""

    def __init__(self, rules, n_players, seed=0, bots=None):
        self.rules, self.n = rules, n_players
        self.ints, self.deck, self.on_card = fast.unpack(rules)
        (self.board, self.dest, self.n_dest, self.adj, self.n_adj,
         self.kind) = fast.unpack_board(rules.estate)
        (self.position, self.court, self.up, self.hand, self.seat, self.pile, self.discards, self.g, self.seen,
         self.chance, self.beliefs, self.mind, self.work) = fast.new_state(rules, n_players, bots)
        fast.seed_chance(self.chance, seed)
        self.seat[:, fast.SUSPECT] = -1
        self.seat[:, fast.CLAIMED] = -1
        self.g[fast.WINNER] = self.g[fast.PV_OWNER] = self.g[fast.LEADER] = -1
        self.position[:n_players] = rules.estate.park
        self.pile[:len(self.deck)] = self.deck
        self.g[fast.PILE_N] = len(self.deck)

    def play(self, seed):
        """A whole game (fast.play_game) in these arrays."""
        fast.play_game(seed, self.n, self.ints, self.deck, self.on_card, self.board, self.dest, self.n_dest,
                       self.adj, self.n_adj, self.kind, self.position, self.court, self.up, self.hand, self.seat,
                       self.pile, self.discards, self.g, self.seen, self.chance, self.beliefs, self.mind, self.work)

    def move(self, piece, steps):
        fast.move(piece, steps, self.n, self.position, self.court, self.up, self.hand, self.seat, self.pile,
                  self.discards, self.g, self.ints, self.board, self.dest, self.n_dest, self.adj, self.n_adj,
                  self.kind, self.on_card, self.seen, self.chance, self.beliefs, self.mind, self.work)

    def bump(self, piece, to, mover):
        fast.bump(piece, to, mover, self.n, self.position, self.court, self.up, self.hand, self.seat, self.pile,
                  self.discards, self.g, self.ints, self.board, self.adj, self.n_adj, self.kind, self.on_card,
                  self.seen, self.chance, self.beliefs, self.mind, self.work)

    def cards(self) -> int:
        """Every clue card wherever it is (Game.card_count)."""
        held = (self.court >= 0).sum() + sum(self.seat[p, fast.HAND_N] for p in range(self.n))
        return int(self.g[fast.PILE_N] + self.g[fast.DISCARD_N] + held + (self.seat[:, fast.CLAIMED] >= 0).sum())


def test_the_board_tables_are_the_boards_moves():
    board = pv.Rules().estate
    table = Table(pv.Rules(), 2)
    for space in range(len(board.spaces)):
        for steps in range(fast.MAX_STEPS + 1):
            found = tuple(table.dest[space, steps, :table.n_dest[space, steps]])
            assert found == board.destinations(space, steps), (space, steps)
        assert tuple(table.adj[space, :table.n_adj[space]]) == board.adjoining(space)
        assert bool(table.kind[space] & fast.RED_SPOT) == (space in board.red_spots)
        assert bool(table.kind[space] & fast.ARROW) == (space in board.arrows)
    assert tuple(table.board[fast.B_QUEUE:]) == board.queue and table.board[fast.B_X] == board.x


def test_a_first_move_reaches_every_space_of_the_throw_and_x_deals_the_court():
    """Seat 0 leaves Park Here with a forced throw of 9: every destination of Board.destinations
    is reached, a green arrow sends the piece to X, and X lays 12 clues on the court card."""
    rules, board = pv.Rules(), pv.Rules().estate
    expected = {board.x if s in board.arrows else s for s in board.destinations(board.park, 9)}
    reached = set()
    for seed in range(300):
        table = Table(rules, 2, seed)
        table.move(0, 9)
        where = int(table.position[0])
        reached.add(where)
        if where == board.x:
            assert table.seat[0, fast.HAS_COURT] == 1 and (table.court[0] >= 0).sum() == 12
            assert table.g[fast.PILE_N] == 88 and table.g[fast.EXTRA_TURN] == 0  # no extra turn the first time
        else:
            assert table.seat[0, fast.HAS_COURT] == 0
    assert reached == expected


def test_a_piece_bumped_off_x_goes_to_the_first_free_place_of_the_queue():
    rules, board = pv.Rules(), pv.Rules().estate
    table = Table(rules, 3, seed=5)
    table.position[1] = table.position[0] = board.x
    table.position[2] = board.queue[0]  # the Radio Car is taken
    table.bump(1, fast.QUEUE, 0)
    assert table.position[1] == board.queue[1] and table.g[fast.BUMPS] == 1
    assert fast.queue_free(table.position, table.board) == 2
    # Call Box 2 waits while Call Box 1 is taken, and leaves once it is clear
    table.position[2] = board.queue[2]
    assert fast.queue_blocked(board.queue[2], table.position, table.board)
    table.position[1] = board.start
    assert not fast.queue_blocked(board.queue[2], table.position, table.board)


def test_the_bumped_player_loses_a_clue_or_is_spared_by_the_bumper():
    """Rule: "may turn face-down any Clue Card on that opponent's Court Card": Random turns down
    one of 12 face-up clues or spares him (13 choices), so about 1 in 13 bumps spares him."""
    rules = pv.Rules()
    spared, table = 0, Table(rules, 2, seed=1)
    for _ in range(1300):
        table.court[1] = np.arange(12)
        table.up[1] = 1
        table.seat[1, fast.HAS_COURT] = 1
        table.position[0] = table.position[1] = 24  # the front hall: no red spot around
        table.bump(1, int(table.adj[24, 0]), 0)
        assert table.position[1] == table.adj[24, 0]
        down = 12 - int(table.up[1].sum())
        assert down in (0, 1)
        spared += down == 0
    assert stats.binomtest(spared, 1300, 1 / 13).pvalue > P_THRESHOLD


def test_the_piles_put_under_and_reshuffle():
    table = Table(pv.Rules(), 2)
    table.g[fast.PILE_N] = 3
    table.pile[:3] = [7, 8, 9]
    table.work[fast.W_CARDS, :2] = [1, 2]
    fast.put_under(table.pile, table.g, table.work, fast.W_CARDS, 2)
    assert list(table.pile[:5]) == [1, 2, 7, 8, 9]  # the bottom first; 9 is still the top
    ints = table.ints.copy()
    assert fast.draw_card(table.pile, table.discards, table.g, ints, table.chance) == 9
    # an empty pile takes the discards, shuffled, when the rule says so; else nothing is drawn
    table.g[fast.PILE_N], table.g[fast.DISCARD_N] = 0, 4
    table.discards[:4] = [3, 4, 5, 6]
    ints[fast.R_RESHUFFLE] = 0
    assert fast.draw_card(table.pile, table.discards, table.g, ints, table.chance) == -1
    ints[fast.R_RESHUFFLE] = 1
    drawn = fast.draw_card(table.pile, table.discards, table.g, ints, table.chance)
    assert table.g[fast.DISCARD_N] == 0 and table.g[fast.PILE_N] == 3
    assert sorted(list(table.pile[:3]) + [drawn]) == [3, 4, 5, 6]


def test_the_lead_is_kept_as_the_lead_tracker_keeps_it():
    rng = np.random.default_rng(3)
    for n_players in (2, 4, 6):
        for _ in range(30):
            table, tracker = Table(pv.Rules(), n_players), LeadTracker(n_players)
            tracker.update([0] * n_players)
            for _ in range(12):
                scores = rng.integers(0, 4, n_players)
                tracker.update(scores.tolist())
                table.seat[:, fast.STANDING] = scores
                fast.lead_update(n_players, table.seat, table.g)
            winner = int(rng.integers(n_players))
            assert tracker.columns(winner) == {"lead_changes": table.g[fast.LEAD_CHANGES],
                                               "winner_worst_deficit": table.seat[winner, fast.WORST]}


def copy_game(game, table):
    """The reference game's state into the lane's arrays."""
    table.seat[:, :] = 0
    table.seat[:, fast.CLAIMED] = -1
    for p in range(game.n_players):
        table.seat[p, fast.SUSPECT] = -1 if game.suspect[p] is None else game.suspect[p]
        table.seat[p, fast.RETIRED] = game.retired[p]
        table.seat[p, fast.HAS_COURT] = game.has_court(p)
        table.seat[p, fast.NEEDS_MORE] = game.needs_more[p]
        court = game.court[p] or [None] * game.rules.court_size
        table.court[p] = [-1 if c is None else c for c in court]
        table.up[p] = game.face_up[p] or [False] * game.rules.court_size
    for piece, where in game.position.items():
        table.position[piece] = -1 if where is None else where


def test_the_lanes_counts_agree_with_the_game_in_the_middle_of_real_games():
    """Reference games played by Random, stopped every few decisions: the lane's clues in play,
    correct clues, free suspects, demandable clues and queue checks say what game.py says."""
    bot, checked = Random(), 0
    for seed in range(12):
        rules = pv.Rules() if seed % 3 else pv.Rules(court_size=8, named_clues=4, declare_correct=2, convict_correct=6,
                                                               convict_fallback=8)
        game = pv.Game(rules, 2 + seed % 5, seed=seed, record_events=False)
        table = Table(rules, game.n_players)
        for step in range(3000):
            if game.is_over:
                break
            game.apply(bot.choose(game, game.legal_actions(), game.chance))
            if step % 7 or game.is_over:
                continue
            copy_game(game, table)
            checked += 1
            for p in range(game.n_players):
                n = fast.distinct_in_play(p, table.court, table.up, table.hand, table.seat, table.ints, table.seen)
                fast.unmark_in_play(p, table.court, table.up, table.hand, table.seat, table.ints, table.seen)
                assert n == len(game.clues_in_play(p)) and not table.seen.any()
                assert fast.correct_in_play(p, table.court, table.up, table.hand, table.seat, table.ints,
                                            table.on_card, table.seen) == game.correct_in_play(p)
                if not game.retired[p]:
                    k = fast.free_suspects(p, game.n_players, table.seat, table.ints, table.work[fast.W_SUSPECTS])
                    assert list(table.work[fast.W_SUSPECTS, :k]) == game.free_suspects(p)
                if game.suspect[p] is not None and game.has_court(p) and not game.retired[p]:
                    k = fast.demandable(p, game.n_players, table.court, table.up, table.hand, table.seat, table.ints,
                                        table.on_card, table.seen, table.work)
                    assert list(table.work[fast.W_FOUND, :k]) == game._demandable(p)
            for place in game.board.queue:
                assert fast.queue_blocked(place, table.position, table.board) == game._queue_blocked(place)
            assert fast.queue_free(table.position, table.board) == len(game.queue_places_free())
    assert checked > 500


@pytest.mark.parametrize("rules, n_players", [
    (pv.Rules(), 6), (pv.Rules.children_game(reshuffle_discards=False), 3),
    (pv.Rules(demand_refill=False, retire_after_failures=None, judge_needed=False, max_turns=800), 4)],
    ids=["rulebook", "children, no reshuffle", "no refill, never retire"])
def test_the_lane_keeps_every_card(rules, n_players):
    """At the end of every game each of the deck's cards is somewhere: pile, discards, court
    cards, hands or claims (Game.card_count), and the game ended the way its columns say."""
    table = Table(rules, n_players)
    for seed in range(150):
        table.play(seed)
        assert table.cards() == len(rules.deck_cards)
        assert fast.END_LABELS[table.g[fast.END]] is not None
        assert (table.g[fast.WINNER] >= 0) == (table.g[fast.END] == fast.CONVICTED)
        assert table.g[fast.TURNS] <= rules.max_turns


# -- the Detective's reasoning, piece by piece ----------------------------------------------------------
def test_hearing_a_verdict_is_analysis_update_on_verdict():
    rng = np.random.default_rng(11)
    prior = pv.analysis.prior_beliefs(card_size=12)
    for _ in range(300):
        table = Table(pv.Rules(), 2, bots=[D(), D()])
        table.beliefs[:] = np.clip(prior + rng.uniform(-0.1, 0.1, prior.shape), 0.01, 0.99)
        suspect, k = int(rng.integers(10)), int(rng.integers(1, 9))
        named = rng.choice(50, size=k, replace=False)
        need, successful = int(rng.integers(1, k + 1)), bool(rng.integers(2))
        expected = pv.analysis.update_on_verdict(table.beliefs[suspect], named.tolist(), successful, need)
        fast.hear_verdict(suspect, named, k, successful, need, table.beliefs, table.mind)
        np.testing.assert_array_equal(table.beliefs[suspect], expected)


def test_the_detectives_choices_are_bots_py_in_the_middle_of_real_games():
    """Reference games of Detectives (and a Random seat), at every arrest, claim, keep and target the
    lane's Detective decides what bots.Detective decides, from the same beliefs."""
    from boardkit.games.philo_vance import game as pvgame
    from boardkit.games.philo_vance.actions import CLAIM, DISCARD, Arrest
    checked = {"arrest": 0, "claim": 0, "keep": 0, "target": 0}
    for seed in range(16):
        rules = pv.Rules() if seed % 2 else pv.Rules(court_size=10, named_clues=5, convict_correct=6,
                                                       convict_fallback=8)
        n_players = 3 + seed % 3
        bots = [D(boldness=0.5 + 0.1 * (seat % 3)) for seat in range(n_players - 1)] + [Random()]
        game = pv.Game(rules, n_players, seed=seed, record_events=False)
        table = Table(rules, n_players, bots=bots)
        while not game.is_over:
            p, actions = game.decider, game.legal_actions()
            bot = bots[p]
            if isinstance(bot, D):
                bot._hear_verdicts(game)
                copy_game(game, table)
                table.beliefs[:] = np.array(bot._notebook)  # what the table heard; its own card comes on top
                rows = bot._beliefs(game, p)
                args = (table.court, table.up, table.hand, table.seat, table.ints, table.beliefs, table.on_card,
                        table.seen)
                if game.phase == pvgame.BEFORE_ROLL and len(actions) > 1 and type(actions[1]) is Arrest:
                    suspects = [a.suspect for a in actions[1:]]
                    table.work[fast.W_SUSPECTS, :len(suspects)] = suspects
                    best = fast.best_arrest(p, len(suspects), *args, table.work, table.mind)
                    expected = bot._best_arrest(game, p, suspects, rows)
                    assert (best, list(table.work[fast.W_PLAN, :rules.named_clues])) == expected[:2]
                    assert table.mind[fast.M_NEW, 1] == expected[2]
                    checked["arrest"] += 1
                if game.phase == pvgame.BEFORE_ROLL and game.has_court(p):
                    target = fast.target_of(p, p, n_players, table.court, table.up, table.hand, table.seat, table.ints,
                                            table.beliefs, table.on_card, table.seen, table.work)
                    assert target == bot._target(game, p, rows)
                    checked["target"] += 1
                if game.phase == pvgame.CLAIMING:
                    wants = fast.wants(p, game.claim_offer[0], 0.1, n_players, table.court, table.up, table.hand,
                                       table.seat, table.ints, table.beliefs, table.on_card, table.seen, table.work,
                                       table.mind)
                    assert (wants >= 0) == (bot.choose(game, actions, game.chance) == CLAIM)
                    checked["claim"] += 1
                if game.phase == pvgame.KEEPING and not game.keep_only:
                    slot = fast.wants(p, game.drawn, 0.0, n_players, table.court, table.up, table.hand, table.seat,
                                      table.ints, table.beliefs, table.on_card, table.seen, table.work, table.mind)
                    choice = bot.choose(game, actions, game.chance)
                    assert (choice == DISCARD) if slot < 0 else (choice.slot == slot + 1)
                    checked["keep"] += 1
            game.apply(bot.choose(game, actions, game.chance))
    assert min(checked.values()) > 30, checked


def test_the_lane_visits_a_set_of_clues_in_pythons_order():
    """The Detective's sums run over Python sets (game.clues_in_play); the lane emulates their order."""
    rng = np.random.default_rng(5)
    for court_size in (1, 4, 5, 8, 12, 19, 24):
        rules = pv.Rules(court_size=court_size, named_clues=1, declare_correct=1, convict_correct=1,
                         convict_fallback=1)
        table = Table(rules, 2)
        for _ in range(200):
            table.court[0] = rng.integers(0, 50, court_size)
            table.up[0] = rng.random(court_size) < 0.8
            held = set(c for c, up in zip(table.court[0].tolist(), table.up[0].tolist()) if up)
            n = fast.python_set_order(0, table.court, table.up, table.hand, table.seat, table.ints, table.work, False)
            assert list(table.work[fast.W_SET_ORDER, :n]) == list(held)
            n = fast.python_set_order(0, table.court, table.up, table.hand, table.seat, table.ints, table.work, True)
            assert list(table.work[fast.W_SET_ORDER, :n]) == list(frozenset(held))

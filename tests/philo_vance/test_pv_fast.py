"""Philo Vance's fast lane agrees with the reference engine in distribution (issue 13).

The lane plays the Detective (the default bot) and ``Random``.  For six
cases of Random bots and five of Detectives (alone, with other boldness, and
mixed with Random), on the rulebook and variants (2, 3, 4, 5 and 6 players,
the largest count; every Rules field but ``board``, of which the box has
one, off its default in at least one case), the reference engine's games are
compared with the lane's, column by column.  The nine cases recorded before
the book's claims "at any time" became the default (``claim_any_time``)
play claims only when a card is turned up, as they did then; two cases play
the book's rule (Random, 6 players, and the Detectives' rulebook game):

* categorical columns (winner seat -- "none" for no winner --, end reason,
  winner_suspect, philo_vance, judge; categories too rare for the test pooled
  into "other") by a two-sample chi-square test (scipy.stats.chi2_contingency);
* numeric columns (turns, declarations, successful, retired, bumps,
  lead_changes, winner_worst_deficit) by a two-sample Kolmogorov-Smirnov test
  (scipy.stats.ks_2samp), and the mean length (turns) by Welch's t-test
  (scipy.stats.ttest_ind, equal_var=False).

The cases live in ``pv_fast_cases.py``, shared with the script that records
them.

**The recorded reference sample.**  The reference engine is slow (Random's
rulebook games 70 a second on one core, Detectives' 150-550), and catching
a 2-point difference in a win rate or 3% in mean length takes tens of
thousands of its games a case.  So they are played once, by
``tools/record_pv_reference.py``, and kept in
``tests/philo_vance/data/reference_games.npz``; the lane plays its m = 2n
games live, from a fixed seed.  The recording stays honest because the
first test here checks, every run, that each case's definition (rules,
players, bots, n, seed) is the one recorded, and that 20 recorded games a
case (15 spread through the sample and its 5 longest), replayed now by the
reference engine from their seeds, come out exactly as recorded.  When the
reference engine (``game.py``, ``bots.py``) or a case changes, that test
fails and says to re-record: ``python tools/record_pv_reference.py`` (about
30 minutes on 2 cores), then commit the new file.

**Power.**  A difference d in one seat's win rate p (or in the share of
games nobody wins), with n reference and m fast games, is caught by a
two-sided test at alpha = 0.001 with power 0.8 when
d >= 4.13 * sqrt(p(1-p)(1/n + 1/m)); a relative difference r in mean length
when r >= 4.13 * CV * sqrt(1/n + 1/m), CV being the turns' coefficient of
variation.  ``pv_fast_cases.py`` chooses each case's n from a pilot so that
d = 2 points and r = 3% are caught, with m = 2n.  Measured on the recording
(p: the rate nearest one half; ``python tools/record_pv_reference.py
--report`` prints this table again):

=====================================================  =======  =====  ====  ======  =====
case                                                         n      p    CV  points  mean
=====================================================  =======  =====  ====  ======  =====
Random, rulebook, 2 players (p: no winner)              92,000  0.983  1.79    0.21  3.0%
Random, 6 players, 300-turn cap (p: no winner)           9,000  0.951  0.55    1.15  2.9%
Random, 2 players never retiring (p: no winner)         15,000  0.643  0.55    1.98  2.3%
Random, 5 children (p: a seat)                          21,000  0.204  0.86    1.41  3.0%
Random, 4 experts, double deck (p: no winner)           52,000  0.999  1.34    0.06  3.0%
Detectives, rulebook, 4 players (p: a seat)             13,000  0.263  0.42    1.95  1.9%
Detectives, 2 experts, bold and cautious (p: seat 0)    16,000  1.000  0.69    0.04  2.8%
Detectives and Random, 6 players (p: a Detective)       13,000  0.261  0.45    1.95  2.0%
Detectives and Random, 3 children (p: a Detective)      16,000  0.507  0.28    2.00  1.1%
=====================================================  =======  =====  ====  ======  =====

So every case catches a 2-point difference in any win rate and a 3% one in
mean length (the 5 children's 3.01% rounds to it), with 247,000 recorded
reference games (2.7 MB) and 494,000 fast games played here: the whole
file takes about 100 s of CPU on one core, 60 s of it the 184,000 fast
rulebook games of Random, whose lengths (4 to 3,000 turns) vary most.
``test_a_two_point_difference_in_a_win_rate_is_caught`` plants a difference
of that size (2.7 points) and sees it caught.

**Threshold.** Each test uses p < 0.001.  13 tests per case and 9 cases:
with Bonferroni the chance of any false alarm is below 12%; the seeds are
fixed, so the result does not change from run to run.

The planted-difference tests show the comparison has teeth: the lane playing
a slightly different game (a fourth attempt before retiring; Detectives who
convict with 6 correct clues, not 7; green arrows that give a clue) is caught
against the recorded reference sample.
"""
import functools
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import boardkit as bk
from boardkit.core.bots import Random
from boardkit.core.lead import LeadTracker
from boardkit.core.simulate import play_many, seed_array
from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import fast
from fast_helpers import distribution_differences
from pv_fast_cases import CASES, CATEGORICAL, RECORDING, D, decode, encode, load_recording, random_bots

P_THRESHOLD = 0.001
#: recorded games replayed a case by the staleness check: spread through the sample, and the longest
REPLAYED_SPREAD, REPLAYED_LONGEST = 15, 5
LANE_SEED = 1125
#: the lane's games in a planted-difference test (the differences planted are large)
PLANTED_GAMES = 5_000
RERECORD = (f"the reference engine has changed since {RECORDING.relative_to(RECORDING.parents[3])} was "
            "recorded: run `python tools/record_pv_reference.py` (about 30 minutes on 2 cores) and commit it")

#: two cases the tests below name (the case names say every rule they change)
NEVER_RETIRING = next(name for name in CASES if name.startswith("2 players: never retire"))
SIX_CAPPED = next(name for name in CASES if name.startswith("6 players: no Judge needed"))

_recording: dict = {}


def bots_of(name):
    return CASES[name].bots()


def replayed(encoded: dict) -> np.ndarray:
    """Which recorded games the staleness check replays: spread out, plus the longest."""
    n = len(encoded["seed"])
    spread = np.linspace(0, n - 1, min(n, REPLAYED_SPREAD)).astype(int)
    longest = np.argsort(encoded["turns"], kind="stable")[-REPLAYED_LONGEST:]
    return np.unique(np.concatenate([spread, longest]))


def staleness(recording: dict, cases=CASES) -> list[str]:
    """What no longer matches between the recording and the reference engine today (empty: nothing)."""
    problems = [f"{name}: recorded, but no longer a case" for name in recording
                if name != "end_labels" and name not in CASES]
    for name, case in cases.items():
        if name not in recording:
            problems.append(f"{name}: not recorded")
            continue
        fingerprint, encoded = recording[name]
        if fingerprint != case.fingerprint():
            problems.append(f"{name}: recorded as\n    {fingerprint}\n  defined as\n    {case.fingerprint()}")
            continue
        if not np.array_equal(encoded["seed"], seed_array(case.seed, case.n)):
            problems.append(f"{name}: the recorded seeds are not those of seed {case.seed}")
            continue
        for i in replayed(encoded):
            row = play_many(case.rules, case.n_players, [int(encoded["seed"][i])], case.bots())
            now = encode(row, recording["end_labels"])
            differ = [key for key in now if now[key][0] != encoded[key][i]]
            if differ:
                problems.append(f"{name}: game {i} (seed {encoded['seed'][i]}) now differs in "
                                + ", ".join(f"{key} {encoded[key][i]} -> {now[key][0]}" for key in differ))
    return problems


def recording() -> dict:
    """The recorded reference games, checked against the reference engine once a session."""
    if not _recording:
        loaded = load_recording()
        _recording.update(loaded=loaded, problems=staleness(loaded))
    assert not _recording["problems"], RERECORD + "\n" + "\n".join(_recording["problems"])
    return _recording["loaded"]


def play_case(name):
    """(recorded reference, fast) frames of a case: the lane plays its m games."""
    case, loaded = CASES[name], recording()
    reference = decode(loaded[name][1], loaded["end_labels"], case.n_players)
    lane = bk.simulate(case.rules, case.n_players, n_games=case.m, seed=LANE_SEED, bots=case.bots(),
                       progress=False, executor=None, engine="fast")
    assert lane.attrs["engine"] == "fast"
    return reference, lane


@pytest.fixture(scope="module")
def frames():
    """``frames(name)``: :func:`play_case`, each case played once.

    A module fixture, so the root conftest.py runs this file's tests on one pytest-xdist worker: each
    case's games are played once in the suite, not once on each worker that happens to need them."""
    return functools.cache(play_case)


def differences(reference: pd.DataFrame, lane: pd.DataFrame) -> dict:
    """Every column whose two samples differ at P_THRESHOLD, and the mean length: {test: p-value}."""
    found = distribution_differences(reference, lane, CATEGORICAL, P_THRESHOLD)
    p = stats.ttest_ind(reference["turns"].to_numpy(float), lane["turns"].to_numpy(float), equal_var=False).pvalue
    if p < P_THRESHOLD:
        found["mean turns"] = p
    return found


def test_the_recording_is_the_reference_engines_own_output():
    """Runs first: every case recorded as defined, and its sample games replay exactly as recorded."""
    loaded = recording()
    assert [name for name in loaded if name != "end_labels"] == list(CASES)
    assert all(len(replayed(loaded[name][1])) >= REPLAYED_SPREAD for name in CASES)


def test_a_stale_recording_is_noticed():
    """A recorded game that the reference engine no longer plays so, or a case defined otherwise than
    recorded, is reported (here on copies of one case's recording)."""
    name = "Detectives and Random: 3 children"
    loaded = recording()
    fingerprint, encoded = loaded[name]
    changed = {**encoded, "turns": encoded["turns"].copy()}
    changed["turns"][replayed(encoded)[3]] += 1
    problems = staleness({"end_labels": loaded["end_labels"], name: (fingerprint, changed)}, {name: CASES[name]})
    assert len(problems) == 1 and "now differs in turns" in problems[0]
    redefined = {name: replace(CASES[name], seed=CASES[name].seed + 1)}
    problems = staleness({"end_labels": loaded["end_labels"], name: (fingerprint, encoded)}, redefined)
    assert len(problems) == 1 and "recorded as" in problems[0]


@pytest.mark.parametrize("name", list(CASES))
def test_the_lane_agrees_with_the_reference_in_distribution(name, frames):
    reference, lane = frames(name)
    assert len(reference) == CASES[name].n and len(lane) == CASES[name].m
    assert differences(reference, lane) == {}


def test_the_variants_reach_what_they_are_for(frames):
    """The cases really exercise their rules: convictions, retirements, the cap, Philo Vance, children's wins."""
    _, lane = frames("2 players, claims only when turned up")
    assert set(lane["end"]) == {"convicted", "all retired", "turn cap"}
    assert 0.1 < lane["philo_vance"].mean() < 0.9 and 0.1 < lane["judge"].mean() < 0.9
    _, lane = frames(NEVER_RETIRING)
    assert (lane["retired"] == 0).all() and 0.2 < (lane["end"] == "convicted").mean() < 0.6
    _, lane = frames("5 children: hands of 6, 4 matching clues win")
    assert (lane["declarations"] == 0).all() and (lane["end"] == "convicted").mean() > 0.9
    reference, lane = frames(SIX_CAPPED)
    assert lane["turns"].max() == 300 and lane["bumps"].mean() > 5


@pytest.mark.parametrize("case, changes", [
    ("2 players, claims only when turned up", {"retire_after_failures": 4}),
    ("Detectives: the rulebook, 4 players (the default bots)", {"convict_correct": 6}),
    (NEVER_RETIRING, {"arrow_rewards": True}),
], ids=["a fourth attempt before retiring", "Detectives convicting with 6 clues",
        "green arrows give a clue"])
def test_a_planted_difference_is_caught(case, changes, frames):
    """The same comparison, the lane playing a slightly different game: it must notice."""
    reference, _ = frames(case)
    rules, n_players = CASES[case].rules, CASES[case].n_players
    lane = bk.simulate(rules.replace(**changes), n_players, n_games=PLANTED_GAMES, seed=LANE_SEED,
                       bots=bots_of(case), progress=False, executor=None, engine="fast")
    assert differences(reference, lane)


def test_a_two_point_difference_in_a_win_rate_is_caught(frames):
    """The size of difference the sample sizes are chosen for: in the lane, seat 0's Detective is a
    little bolder (boldness 0.45, not 0.6), which wins it 2.7 points more often (27.9% of games, not 25.1%,
    in 100,000 games of each) and changes the mean length by 1%.  Caught with the test's own m games."""
    name = "Detectives: the rulebook, 4 players (the default bots)"
    reference, _ = frames(name)
    case = CASES[name]
    bots = [D(boldness=0.45)] + case.bots()[1:]
    lane = bk.simulate(case.rules, case.n_players, n_games=case.m, seed=LANE_SEED, bots=bots, progress=False,
                       executor=None, engine="fast")
    assert abs(lane["winner"].eq(0).mean() - reference["winner"].eq(0).mean()) < 0.05
    assert "winner" in differences(reference, lane)


def test_metrics_read_a_fast_frame_like_a_reference_frame(frames):
    reference, lane = frames(NEVER_RETIRING)
    ref_summary, lane_summary = bk.metrics.summary(reference), bk.metrics.summary(lane)
    assert list(ref_summary.index) == list(lane_summary.index)
    ref_rates, lane_rates = bk.metrics.win_rates(reference)["win rate"], bk.metrics.win_rates(lane)["win rate"]
    assert (abs(ref_rates - lane_rates) < 0.05).all()


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
    prior = pv.bots._prior(12)
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
                bot._catch_up(game, p)
                copy_game(game, table)
                table.beliefs[:] = np.array(pv.bots.table_knowledge(game)[2])
                args = (table.court, table.up, table.hand, table.seat, table.ints, table.beliefs, table.on_card,
                        table.seen)
                if game.phase == pvgame.BEFORE_ROLL and len(actions) > 1 and type(actions[1]) is Arrest:
                    suspects = [a.suspect for a in actions[1:]]
                    table.work[fast.W_SUSPECTS, :len(suspects)] = suspects
                    best = fast.best_arrest(p, len(suspects), *args, table.work, table.mind)
                    expected = bot._best_arrest(game, p, suspects)
                    assert (best, list(table.work[fast.W_PLAN, :rules.named_clues])) == expected[:2]
                    assert table.mind[fast.M_NEW, 1] == expected[2]
                    checked["arrest"] += 1
                if game.phase == pvgame.BEFORE_ROLL and game.has_court(p):
                    assert fast.target_of(p, p, n_players, table.court, table.up, table.hand, table.seat, table.ints,
                                          table.beliefs, table.on_card, table.seen, table.work) == bot._target(game, p)
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

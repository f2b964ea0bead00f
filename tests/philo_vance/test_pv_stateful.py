"""Stateful property test of Philo Vance (hypothesis ``RuleBasedStateMachine``), issue 16.

Random play rarely reaches the crowded corners of the game: 37,811 random
6-player games never met the crash of a line of two pieces pushed on to X
with one place left in the Radio Car queue.  So this machine searches for
them.  Hypothesis builds a game -- mostly 6 players, the rulebook or an
extreme variant (the largest court card, one clue per juror, a 50-card deck
with no reshuffle so the pile runs dry, no retirement, the children's game) --
or a real 6-player position from Detectives' play with Philo Vance on the
board (seven pieces to crowd: the crash needed them all) -- and then runs steps:

* a legal action, picked at random or by a *crowding* policy that lands on
  occupied spaces and the room's squares, bumps towards X and the queue, and
  leaves pieces stacked (no bump) so lines form;
* between turns, *crowd*: some pieces go to the Radio Car queue, the others
  on one side square of the room, the diagonal square beside it or X
  (places a real game can put them);
* an illegal action, which must raise and change nothing;
* a save and load, play carrying on from the loaded copy.

After every step the invariants of ``test_pv_properties.check`` hold (every
card once, a legal action unless the game is over, one piece per queue
place, ...), and the game's save loads back to an equal game.
"""
import functools
import json

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import boardkit as bk
from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import game as pvgame
from game_helpers import saved
from pv_helpers import PV
from test_pv_properties import check

VARIANTS = {
    "rulebook": pv.Rules(max_turns=200),
    "largest court": pv.Rules(court_size=pv.LIMITS["court_size"], max_turns=200),
    "tiny": pv.Rules(court_size=1, named_clues=1, declare_correct=1, convict_correct=1, convict_fallback=1,
                     max_turns=200),
    "dry pile": pv.Rules(deck=(1,) * 50, reshuffle_discards=False, max_turns=200),
    "never retire": pv.Rules(retire_after_failures=None, judge_needed=False, declare_correct=1, max_turns=200),
    "children": pv.Rules.children_game(max_turns=200),
}


@functools.lru_cache(maxsize=None)
def philo_vance_in_play(seed: int) -> str:
    """A saved 6-player game of Detectives ("never retire" variant) at the first turn that starts
    with Philo Vance on the board, off X (about 15 turns in; a few ms each)."""
    game = pv.Game(VARIANTS["never retire"], n_players=6, seed=seed)
    bots = [pv.bots.Detective() for _ in range(6)]
    while not game.is_over:
        if game.position[PV] not in (None, game.board.x) and game.phase == pvgame.BEFORE_ROLL and not game.todo:
            return json.dumps(game.to_dict())
        bk.step(game, bots)
    raise AssertionError(f"seed {seed}: Philo Vance never came on the board")


def crowding_score(game, action) -> int:
    """How much ``action`` crowds the board: higher first."""
    board = game.board
    if isinstance(action, pv.PushOn):
        return 3 if action.space in (board.x,) or action.space in board.arrows else 1
    if isinstance(action, pv.Bump):
        return 3 if action.to == pv.QUEUE or action.to in board.sides else 1
    if isinstance(action, pv.NoBump):
        return 2  # leave the pieces stacked: a line to bump later
    if isinstance(action, pv.Move):
        crowded = any(w == action.space for p, w in game.position.items() if p != game.moving_piece)
        return 3 if crowded else 2 if action.space in board.room or action.space == board.x else 0
    if isinstance(action, (pv.Claim, pv.Arrest, pv.Convict)):
        return 1
    return 0


class PhiloVanceMachine(RuleBasedStateMachine):
    game: pv.Game

    @initialize(variant=st.sampled_from(sorted(VARIANTS)), n_players=st.sampled_from([6, 6, 6, 5, 4, 3, 2]),
                seed=st.integers(0, 2**32), midgame=st.integers(-3, 9))
    def start(self, variant, n_players, seed, midgame):
        if midgame >= 0:  # a real 6-player position with Philo Vance on the board: 7 pieces to crowd
            self.game = pv.Game.from_dict(json.loads(philo_vance_in_play(midgame)))
        else:
            self.game = pv.Game(VARIANTS[variant], n_players=n_players, seed=seed)

    @rule(rnd=st.randoms(use_true_random=False), crowd=st.booleans())
    def act(self, rnd, crowd):
        game = self.game
        actions = game.legal_actions()
        if not actions:
            return
        if crowd:
            best = max(crowding_score(game, a) for a in actions)
            actions = [a for a in actions if crowding_score(game, a) == best]
        game.apply(rnd.choice(actions))

    @precondition(lambda self: not self.game.is_over and self.game.phase == pvgame.BEFORE_ROLL
                  and not self.game.todo and not self.game.rules.children)
    @rule(corner=st.integers(0, 3), rnd=st.randoms(use_true_random=False))
    def crowd(self, corner, rnd):
        """Between turns, crowd one corner of the room: some pieces go to the Radio Car queue (in
        its order), the others -- players' pieces and Philo Vance, once he is on the board -- on
        a side square, the diagonal square beside it or X (a player who has been there): places
        a game can put them.  The player whose turn it is stays out of the queue."""
        game, board = self.game, self.game.board
        side = board.sides[corner]
        diagonal = board.room[(board.room.index(side) + 1) % len(board.room)]
        pieces = [p for p in game.active() if p != game.current]
        if game.position[PV] not in (None, board.x):  # Philo Vance stays on X for good once there
            pieces.append(PV)
        rnd.shuffle(pieces)
        queued = rnd.randint(0, min(len(game.queue_places_free()), len(pieces)))
        for piece in pieces[:queued]:
            game.position[piece] = game.queue_places_free()[0]
        for piece in pieces[queued:] + [game.current]:
            places = [side, side, diagonal]
            if piece != PV and game.has_court(piece):
                places.append(board.x)
            game.position[piece] = rnd.choice(places)
        game._legal = None

    @rule(data=st.data())
    def illegal_action_changes_nothing(self, data):
        game = self.game
        before = saved(game)
        legal = game.legal_actions()
        candidates = [pv.Move(-1), pv.PushOn(game.board.x), pv.Bump(0, pv.QUEUE), pv.Claim(), pv.Convict(),
                      pv.Keep(99), pv.Arrest(3), pv.Roll(), pv.TurnDown(1), pv.Pass(), pv.LeaveDown(),
                      pv.LeavePhiloVance(), pv.NoDraw()]
        illegal = [a for a in candidates if a not in legal]
        action = data.draw(st.sampled_from(illegal))
        try:
            game.apply(action)
        except ValueError:
            pass
        else:
            raise AssertionError(f"{action} was applied though it is not among {legal}")
        assert saved(game) == before

    @rule()
    def save_and_load(self):
        state = json.loads(json.dumps(self.game.to_dict()))
        copy = pv.Game.from_dict(state)
        assert copy.to_dict() == self.game.to_dict()
        assert copy.legal_actions() == self.game.legal_actions()
        self.game = copy

    @invariant()
    def holds(self):
        if hasattr(self, "game"):
            check(self.game)


PhiloVanceMachine.TestCase.settings = settings(max_examples=30, stateful_step_count=60, deadline=None,
                                               suppress_health_check=[HealthCheck.too_slow,
                                                                      HealthCheck.filter_too_much])
test_philo_vance_stateful = PhiloVanceMachine.TestCase


# -- the same steps, driven by a seeded generator ------------------------------------------------

def fuzz(seed: int, steps: int = 60) -> None:
    """One run of the machine's steps chosen by ``random.Random(seed)``: crowd a quarter of the
    times it may, else mostly act (half of them by the crowding policy), sometimes try an
    illegal action or save and load; the invariants after each step."""
    import random
    rng = random.Random(seed)
    machine = PhiloVanceMachine()
    machine.start(rng.choice(sorted(VARIANTS)), rng.choice([6, 6, 6, 5, 4, 3, 2]), rng.randrange(2**32),
                  rng.randint(-3, 9))
    for _ in range(steps):
        game, r = machine.game, rng.random()
        if r < 0.25 and not game.is_over and game.phase == pvgame.BEFORE_ROLL and not game.todo \
                and not game.rules.children:
            machine.crowd(rng.randrange(4), random.Random(rng.random()))
        elif r < 0.05 or r > 0.97:
            machine.save_and_load()
        elif r > 0.94:
            illegal = [a for a in (pv.Move(-1), pv.PushOn(game.board.x), pv.Claim(), pv.Convict(), pv.Keep(99))
                       if a not in game.legal_actions()]
            before = saved(game)
            try:
                game.apply(rng.choice(illegal))
            except ValueError:
                pass
            else:
                raise AssertionError("an illegal action was applied")
            assert saved(game) == before
        else:
            machine.act(random.Random(rng.random()), rng.random() < 0.5)
        machine.holds()


def test_a_crowding_fuzzer_keeps_every_invariant():
    """300 seeded runs of 60 steps (the pre-fix code fell over in the first few dozen)."""
    for seed in range(300):
        fuzz(seed)

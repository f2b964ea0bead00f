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
* between turns, *crowd*: pieces of players in the game are put on one
  side square of the room, the diagonal square beside it, X and the queue
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

    @rule(pick=st.integers(0, 2**16), crowd=st.booleans())
    def act(self, pick, crowd):
        game = self.game
        actions = game.legal_actions()
        if not actions:
            return
        if crowd:
            best = max(crowding_score(game, a) for a in actions)
            actions = [a for a in actions if crowding_score(game, a) == best]
        game.apply(actions[pick % len(actions)])

    @precondition(lambda self: not self.game.is_over and self.game.phase == pvgame.BEFORE_ROLL
                  and not self.game.todo and not self.game.rules.children)
    @rule(corner=st.integers(0, 3), picks=st.lists(st.integers(0, 4), min_size=1, max_size=7))
    def crowd(self, corner, picks):
        """Between turns, crowd one corner of the room: players' pieces (and Philo Vance, once he
        is on the board) go on a side square, the diagonal square beside it, X (a player who has
        been there) or the next place of the queue -- places a game can put them."""
        game, board = self.game, self.game.board
        side = board.sides[corner]
        diagonal = board.room[(board.room.index(side) + 1) % len(board.room)]
        pieces = game.active()
        if game.position[PV] not in (None, board.x):  # Philo Vance, once on the board (and off X for good)
            pieces.append(PV)
        for piece, pick in zip(pieces, picks):
            places = [side, side, diagonal, *game.queue_places_free()[:1]]
            if piece != PV and game.has_court(piece):
                places.append(board.x)
            game.position[piece] = places[pick % len(places)]
        game._legal = None

    @rule(data=st.data())
    def illegal_action_changes_nothing(self, data):
        game = self.game
        before = saved(game)
        legal = game.legal_actions()
        candidates = [pv.Move(-1), pv.PushOn(game.board.x), pv.Bump(0, pv.QUEUE), pv.Claim(), pv.Convict(),
                      pv.Keep(99), pv.Arrest(3), pv.Roll(), pv.TurnDown(1), pv.Pass()]
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


PhiloVanceMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=60, deadline=None,
                                               suppress_health_check=[HealthCheck.too_slow,
                                                                      HealthCheck.filter_too_much])
test_philo_vance_stateful = PhiloVanceMachine.TestCase

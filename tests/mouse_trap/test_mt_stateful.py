"""Rare states searched for, not waited for: a hypothesis state machine over Mouse Trap.

Hypothesis chooses a variant biased toward the corners (a crowded two- or
three-space loop, an empty or tiny cheese pile, a trap of 0-3 parts that is
nearly or already built, a trap that always or never works, dear pushes, big
spaces, a one-sided die), 2 to 4 players, and then a sequence of steps: any
legal action, a bot's decision, rivals handed the same cheese (so the next
take is a split), a fresh game when one ends.  After every step the invariants hold:

* the cheese is conserved (pile + hands = ``cheese_count``) and a caught mouse holds none;
* a game that goes on has its player to move on the board, and two mice or more;
* the counts agree with the board (catches = caught mice, parts <= n_parts).

(That an illegal action changes nothing and a save plays on identically is every game's
contract: ``tests/test_contract.py``.)
"""
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from boardkit.games import mouse_trap as mt

SPACES = ["blank", "take 1", "take 3", "lose 1", "lose 4", "back 2", "back 9", "ahead 1", "ahead 5", "cheese",
          "rival 1", "rival 3", "rival 3", "rival 5", "build 2", "build 3", "build 4", "build 2-3-4",
          "build 2-3-4 x2", "build 2 x5"]


@st.composite
def variants(draw):
    path = ("start",) + tuple(draw(st.lists(st.sampled_from(SPACES), min_size=0, max_size=8)))
    middle = draw(st.lists(st.sampled_from(SPACES), min_size=0, max_size=3))
    middle.insert(draw(st.integers(0, len(middle))), "crank")
    loop = ("safe",) + tuple(middle) + ("wheel",)
    odds = draw(st.sampled_from(["always", "never", "book", "coin"]))
    stage_odds = {"always": (1,) * 16, "never": (1,) * 15 + (0,), "book": mt.Rules().stage_odds,
                  "coin": (0.97,) * 16}[odds]
    return mt.Rules(path=path, loop=loop, stage_odds=stage_odds,
                    cheese_count=draw(st.sampled_from([0, 1, 2, 5, 30])),
                    n_parts=draw(st.integers(0, 3)), wheel_cheese=draw(st.sampled_from([0, 2, 7])),
                    push_cost=draw(st.sampled_from([1, 2])), die_sides=draw(st.sampled_from([1, 2, 6])),
                    backups=draw(st.sampled_from([(), ("P",)])),
                    wheel_cheese_when_sent=draw(st.booleans()), crank_when_sent=draw(st.booleans()),
                    max_turns=draw(st.sampled_from([5, 60, 400])))


class MouseTrapMachine(RuleBasedStateMachine):
    @initialize(rules=variants(), n_players=st.integers(2, 4), seed=st.integers(0, 2**64 - 1))
    def start(self, rules, n_players, seed):
        self.rules, self.n_players = rules, n_players
        self.game = mt.Game(rules, n_players=n_players, seed=seed)
        self.seen_phases = set()

    @precondition(lambda self: not self.game.is_over)
    @rule(pick=st.integers(0, 10**6))
    def legal_action(self, pick):
        actions = self.game.legal_actions()
        self.seen_phases.add(self.game.phase)
        self.game.apply(actions[pick % len(actions)])

    @precondition(lambda self: not self.game.is_over)
    @rule(pick=st.integers(0, 10**6))
    def a_bot_decides(self, pick):
        bot = [mt.bots.Trapper(), mt.bots.Random()][pick % 2]
        actions = self.game.legal_actions()
        self.game.apply(actions[0] if len(actions) == 1 else bot.choose(self.game, actions, self.game.chance))

    @precondition(lambda self: self.game.phase == "roll" and not self.game.is_over)
    @rule(each=st.integers(1, 3))
    def tie_the_rivals(self, each):
        """Hand every rival the same cheese from the pile (as a teacher setting up a tie would):
        the next take from the rival with most, or from an empty pile, is a split."""
        game = self.game
        rivals = game.opponents()
        each = min(each, game.pile // len(rivals))
        for p in rivals:
            game.cheese[p] += each
            game.pile -= each
        game.lead.update(game.cheese)

    @precondition(lambda self: self.game.is_over)
    @rule(seed=st.integers(0, 2**32))
    def next_game(self, seed):
        self.game = mt.Game(self.rules, n_players=self.n_players, seed=seed)

    @invariant()
    def cheese_is_conserved(self):
        game = self.game
        assert game.pile >= 0 and min(game.cheese) >= 0
        assert game.pile + sum(game.cheese) == self.rules.cheese_count
        assert all(c == 0 for p, c in zip(game.positions, game.cheese) if p is None)

    @invariant()
    def the_mouse_to_move_is_on_the_board(self):
        game = self.game
        if game.is_over:
            assert game.end_reason in ("last mouse", "turn cap")
        else:
            assert game.positions[game.current] is not None
            assert len(game.alive()) >= 2

    @invariant()
    def counts_agree_with_the_board(self):
        game = self.game
        assert game.catches == game.positions.count(None)
        assert game.cranks >= 1 or game.catches == 0   # one crank may catch several mice
        assert 0 <= game.parts <= self.rules.n_parts and game.turns <= self.rules.max_turns


TestMouseTrapMachine = MouseTrapMachine.TestCase
TestMouseTrapMachine.settings = settings(max_examples=70, stateful_step_count=60, deadline=None,
                                         suppress_health_check=[HealthCheck.too_slow], derandomize=True)

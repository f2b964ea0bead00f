"""A stateful property test that hunts Mystery Date's rare states (issue 16).

hypothesis drives a game one decision at a time on variants chosen to reach what random play
rarely sees: an empty draw pile (one copy of each card, big hands), full
hands (a hand limit of 3), a Dud-only door, 2 and 4 players, a one-space
board.  ``target`` steers the search toward empty piles and full hands.
After every step the invariants hold: the deck is conserved, hands stay
within the limit (but for the hand being discarded from), standings follow
the hands.  (That an illegal action changes nothing and a save plays on
identically is every game's contract: ``tests/test_contract.py``.)
"""
from hypothesis import HealthCheck, settings, target
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from boardkit.games import mystery_date as md
from md_helpers import ALL_CARDS


@st.composite
def variants(draw):
    n_players = draw(st.sampled_from([2, 4, 3]))
    copies = draw(st.sampled_from([1, 1, 2, 4]))
    hand_limit = draw(st.sampled_from([3, 3, 6, 12, 48]))
    most = min(hand_limit, (12 * copies - 1) // n_players)
    deal_size = draw(st.integers(0, most))
    door = draw(st.sampled_from([(1, 1, 1, 1, 1), (0, 0, 0, 0, 1), (1, 0, 0, 0, 5), (5, 1, 1, 1, 0)]))
    board = draw(st.sampled_from([md.Rules().board, ("door",), ("door", "take2"),
                                  ("door", "take_either", "swap_any", "take2", "swap_left")]))
    rules = md.Rules(copies=copies, hand_limit=hand_limit, deal_size=deal_size, door_weights=door,
                     dud_in_play=draw(st.booleans()) or door == (0, 0, 0, 0, 1), board=board,
                     dud_redraw=draw(st.sampled_from([0, 3, 8])), die_sides=draw(st.sampled_from([1, 2, 6])),
                     max_turns=draw(st.sampled_from([5, 60, 400])))
    return rules, n_players


class MysteryDateMachine(RuleBasedStateMachine):
    @initialize(variant=variants(), seed=st.integers(0, 2**64 - 1))
    def start(self, variant, seed):
        rules, n_players = variant
        self.game = md.Game(rules, n_players=n_players, seed=seed)
        self.variant = variant
        self.deck = self.game.card_counts()
        self.fullest = self.emptiest = -1e9  # how near the run came to full hands and an empty pile

    @precondition(lambda self: not self.game.is_over)
    @rule(choice=st.integers(0, 10**6))
    def play_a_legal_action(self, choice):
        actions = self.game.legal_actions()
        self.game.apply(actions[choice % len(actions)])
        game = self.game
        self.fullest = max(self.fullest, float(max(map(len, game.hands)) - game.rules.hand_limit))
        self.emptiest = max(self.emptiest, -float(len(game.draw_pile)))

    @precondition(lambda self: self.game.is_over)
    @rule(seed=st.integers(0, 2**64 - 1))
    def next_game(self, seed):
        rules, n_players = self.variant
        self.game = md.Game(rules, n_players=n_players, seed=seed)

    def teardown(self):
        # steer the search toward runs that fill a hand or empty the draw pile (once per run)
        if hasattr(self, "game"):
            target(self.fullest, label="fullest hand vs limit")
            target(self.emptiest, label="emptiest draw pile")

    @invariant()
    def cards_are_conserved(self):
        assert self.game.card_counts() == self.deck

    @invariant()
    def hands_are_within_the_limit(self):
        game = self.game
        for seat, hand in enumerate(game.hands):
            if game.phase == "discard" and seat == game.current and not game.is_over:
                assert len(hand) > game.rules.hand_limit
            else:
                assert len(hand) <= game.rules.hand_limit

    @invariant()
    def the_turn_cap_holds(self):
        assert self.game.turns <= self.game.rules.max_turns

    @invariant()
    def standings_follow_the_hands(self):
        game = self.game
        for seat, hand in enumerate(game.hands):
            if not (game.phase == "discard" and seat == game.current):
                assert game.standing[seat] == hand.standing

    @invariant()
    def only_real_cards(self):
        assert set(self.game.card_counts()) <= set(ALL_CARDS)


MysteryDateMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=60, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
test_mystery_date_machine = MysteryDateMachine.TestCase

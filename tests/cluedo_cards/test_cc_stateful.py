"""A hypothesis state machine hunting the Cluedo Card Game's rare states.

Random legal play waits for rare states; this machine searches for them.  It
plays variants chosen to reach them -- tiny decks and big hands that empty the
draw pile (under ``"pass"`` and ``"reshuffle"``), many Daggers and
Candlesticks that stack missed turns, 2 players and the most, the limits of
``rules.LIMITS``.  ``hypothesis.target`` steers it toward empty draw
piles, passes and stacked missed turns.  After every step the invariants hold:

* every card of the deck and every miniature is somewhere, exactly once;
* missed turns never go below zero, nor scores under a floor at zero.

(That an illegal action changes nothing and a save plays on identically is every game's
contract: ``tests/test_contract.py``.)
"""
from hypothesis import HealthCheck, settings, target
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from boardkit.games import cluedo_cards as cc
from boardkit.games.cluedo_cards.rules import LIMITS
from cc_helpers import accounted

SKIPPY = (("dagger", "skip chosen"), ("candlestick", "skip next"), ("rope", "again"), ("revolver", "swap hands"),
          ("lead piping", "skip next"), ("spanner", "skip chosen"), ("Col. Mustard", "skip next"))


@st.composite
def rare_variants(draw):
    """(rules, n_players), leaning toward the corners of the rules."""
    n_players = draw(st.sampled_from([2, 2, 3, 4, 4]))
    kind = draw(st.sampled_from(["tiny deck", "skippy", "rulebook", "huge"]))
    empty_draw = draw(st.sampled_from(["pass", "reshuffle"]))
    if kind == "tiny deck":  # few cards left to draw: the pile runs dry
        pictures = ("dagger", "candlestick", "rope", "spanner", "Mrs. White")[:draw(st.integers(2, 5))]
        numbers = tuple(range(1, draw(st.integers(3, 4)) + 1))  # 6 cards or more: 4 hands and the top
        deck = len(pictures) * len(numbers)
        hand = draw(st.integers(1, max(1, (deck - 1) // n_players)))
        minis = tuple((pictures[i % len(pictures)], i) for i in range(4))
        rules = cc.Rules(pictures=pictures, numbers=numbers, hand_size=hand, miniatures=minis,
                         powers=tuple(p for p in SKIPPY if p[0] in pictures), empty_draw=empty_draw,
                         target=draw(st.integers(1, 6)), max_turns=draw(st.integers(5, 80)),
                         max_rounds=draw(st.integers(1, 6)))
    elif kind == "skippy":  # many skip powers: missed turns stack up
        rules = cc.Rules(powers=SKIPPY, empty_draw=empty_draw, hand_size=draw(st.integers(5, 8)),
                         target=draw(st.integers(3, 10)), floor_at_zero=draw(st.booleans()),
                         ties=draw(st.sampled_from(["play on", "round winner"])),
                         starter=draw(st.sampled_from(["after winner", "winner", "rotate"])), max_rounds=8)
    elif kind == "huge":
        rules = cc.Rules(copies=LIMITS["copies"], hand_size=draw(st.sampled_from([1, LIMITS["hand_size"]])),
                         empty_draw=empty_draw, target=draw(st.sampled_from([1, LIMITS["target"]])),
                         going_out_points=draw(st.sampled_from([0, LIMITS["going_out_points"]])),
                         miniatures=(("dagger", LIMITS["penalty"]),) * 4, max_rounds=3, max_turns=300)
    else:
        rules = cc.Rules(empty_draw=empty_draw)
    return rules, n_players


class CluedoMachine(RuleBasedStateMachine):
    @initialize(variant=rare_variants(), seed=st.integers(0, 2**64 - 1))
    def start(self, variant, seed):
        rules, n_players = variant
        self.game = cc.Game(rules, n_players, seed=seed)
        self.rare = {"empty draw pile": 0.0, "missed turns waiting": 0.0, "passes": 0.0}

    def _note_rare_states(self, actions):
        game, rare = self.game, self.rare
        if not game.draw_pile.cards and not game.is_over:
            rare["empty draw pile"] += 1
        rare["missed turns waiting"] = max(rare["missed turns waiting"], float(sum(game.missing)))
        rare["passes"] += isinstance(actions[0], cc.Pass)

    @rule(choice=st.integers(0, 10**6))
    def decide(self, choice):
        game = self.game
        actions = game.legal_actions()
        if not actions:
            return
        game.apply(actions[choice % len(actions)])
        self._note_rare_states(actions)

    @rule(choice=st.integers(0, 10**6))
    def decide_many(self, choice):
        """Twenty decisions at once, so games get deep enough to empty piles and finish rounds."""
        for step in range(20):
            actions = self.game.legal_actions()
            if not actions:
                return
            self.game.apply(actions[(choice + 7 * step) % len(actions)])
            self._note_rare_states(actions)

    def teardown(self):
        for label, value in getattr(self, "rare", {}).items():  # steer the search toward the rare states
            target(value, label=label)

    @invariant()
    def cards_and_miniatures_are_conserved(self):
        assert accounted(self.game)

    @invariant()
    def missed_turns_and_scores_stay_in_range(self):
        game = self.game
        assert all(m >= 0 for m in game.missing)
        if game.rules.floor_at_zero:
            assert min(game.scores) >= 0


CluedoMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=20, deadline=None,
                                           suppress_health_check=list(HealthCheck))
TestCluedoStates = CluedoMachine.TestCase

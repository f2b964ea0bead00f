"""Stateful property test of Win, Lose or Draw (hypothesis ``RuleBasedStateMachine``), issue 16.

Hypothesis builds a game of a random variant -- either way to play, 3, 4, the
most (6 or 40) or any players, extreme sizes (a target of 1 or 100, a die of
1 or 100 faces, 1 or 100 pawns of a colour, a track of 5 or 200 spaces, a
cap of 1 sketch) -- and then runs a sequence of steps: legal actions
(sometimes biased to "time's up", so an unguessed card goes round the table
until nobody may guess it, or to a steal) and typed guesses from any seat.
``hypothesis.target`` steers it toward the rare states: a card seen by many,
colours running out, many steals.

After every step the invariants hold:

* pawns are conserved: each colour's pawns held plus those in the centre
  are ``pawns_per_colour``, nobody owns a colour twice or more colours than
  she needs;
* the card box keeps every item of its categories exactly once;
* scores, steals, cards and sketches stay within what the rules allow;
* a refused guess raises ValueError and changes nothing.

(That an illegal action changes nothing and a save plays on identically is every game's
contract: ``tests/test_contract.py``.)
"""
import json

from hypothesis import HealthCheck, settings, target
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from boardkit.games import win_lose_draw as wld
from boardkit.games.win_lose_draw.game import catalogue
from boardkit.games.win_lose_draw.rules import MAX_TEAM_PLAYERS
from boardkit.games.win_lose_draw.track import COLOURS, MAX_TRACK

LONGEST = ("spade",) + ("red", "green", "blue", "orange") * ((MAX_TRACK - 1) // 4) + ("spade",) * ((MAX_TRACK - 1) % 4)
TRACKS = [wld.DEFAULT_TRACK, ("spade", "red", "green", "blue", "orange"), LONGEST,
          ("spade", "spade", "red", "spade", "green", "blue", "spade", "orange")]
TEXTS = ["pizza", "", "x" * 300, "the", "Superman"]


def snapshot(game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


class WinLoseDrawMachine(RuleBasedStateMachine):
    game = None

    @initialize(data=st.data())
    def new_game(self, data):
        play = data.draw(st.sampled_from(wld.PLAYS), label="play")
        low, high = wld.Rules(play=play).player_range
        n_players = data.draw(st.sampled_from([low, low + 1, high]) | st.integers(low, high), label="n_players")
        rules = wld.Rules(
            play=play,
            team_target=data.draw(st.sampled_from([1, 2, 8, 100]), label="team_target"),
            steal=data.draw(st.booleans(), label="steal"),
            team_picks_sketcher=data.draw(st.booleans(), label="picks"),
            track=data.draw(st.sampled_from(TRACKS), label="track"),
            die_sides=data.draw(st.sampled_from([1, 2, 6, 100]), label="die_sides"),
            colours_to_collect=data.draw(st.integers(1, len(COLOURS)), label="colours"),
            pawns_per_colour=data.draw(st.sampled_from([1, 2, 6, 100]), label="pawns"),
            categories=data.draw(st.sampled_from([wld.CATEGORIES, ("Books",), ("Movies", "Music Stars")]),
                                 label="categories"),
            max_sketches=data.draw(st.sampled_from([1, 3, 40, 1000]), label="max_sketches"),
        )
        self.game = wld.Game(rules, n_players, seed=data.draw(st.integers(0, 2**64 - 1), label="seed"))

    # -- steps ---------------------------------------------------------------------------------------
    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def a_legal_action(self, data):
        actions = self.game.legal_actions()
        self.game.apply(data.draw(st.sampled_from(actions), label="action"))

    @precondition(lambda self: not self.game.is_over and wld.TIME_UP in self.game.legal_actions())
    @rule()
    def times_up(self):
        """Nobody gets it: in Gameboard Play the card passes to the left, in Team Play a steal opens."""
        self.game.apply(wld.TIME_UP)

    @precondition(lambda self: not self.game.is_over and self.game.phase == "steal")
    @rule(data=st.data())
    def a_steal(self, data):
        awards = [a for a in self.game.legal_actions() if a != wld.TIME_UP]
        self.game.apply(data.draw(st.sampled_from(awards), label="stealer"))

    @precondition(lambda self: not self.game.is_over and self.game.phase == "ruling")
    @rule(overrule=st.booleans())
    def a_ruling(self, overrule):
        self.game.apply(wld.OVERRULE if overrule else wld.CONFIRM)

    @rule(data=st.data())
    def a_typed_guess(self, data):
        game = self.game
        seat = data.draw(st.integers(-1, game.n_players), label="seat")
        card = game.card
        text = data.draw(st.sampled_from([card.answer, *card.also, *TEXTS]), label="text")
        before = snapshot(game)
        try:
            game.guess(seat, text)
        except ValueError:
            assert snapshot(game) == before

    # -- what must always hold ---------------------------------------------------------------------------
    @invariant()
    def note_rare_states(self):
        """The most each rare thing happened in this run; ``teardown`` hands them to ``hypothesis.target``."""
        game = self.game
        if game is None:
            return
        peaks = self.__dict__.setdefault("peaks", {})
        for label, value in (("card seen by many", len(game.seen_by)),
                             ("colours run out", sum(1 for c in COLOURS if game.centre[c] == 0)),
                             ("steals", game.steals)):
            peaks[label] = max(peaks.get(label, 0), value)

    def teardown(self):
        for label, value in getattr(self, "peaks", {}).items():
            target(float(value), label=label)

    @invariant()
    def pawns_are_conserved(self):
        game = self.game
        if game is None:
            return
        rules = game.rules
        for colour in COLOURS:
            held = sum(colour in h for h in game.held)
            assert held + game.centre[colour] == rules.pawns_per_colour and game.centre[colour] >= 0
        for hand in game.held:
            assert len(set(hand)) == len(hand) <= rules.colours_to_collect

    @invariant()
    def the_box_keeps_every_item_once(self):
        game = self.game
        if game is None:
            return
        items = [i for card in game.box for i in card[:2]]
        wanted = {i for i, card in enumerate(catalogue()) if card.category in game.rules.categories}
        assert len(items) == len(set(items)) and set(items) <= wanted and len(wanted) - len(items) in (0, 1)

    @invariant()
    def counts_stay_within_the_rules(self):
        game = self.game
        if game is None:
            return
        rules = game.rules
        assert game.cards_done <= game.turns <= rules.max_sketches
        assert all(0 <= s <= rules.team_target for s in game.team_scores) and game.steals <= sum(game.team_scores)
        if game.is_team_play:
            assert sum(game.sketches_by) == game.cards_done and not any(game.held)
        if game.is_over:
            assert game.end_reason in ("target", "ace", "sketch cap")
        else:
            assert game.current_player in range(game.n_players)
            assert game.sketcher not in game.may_guess


TestWinLoseDrawStateful = WinLoseDrawMachine.TestCase
TestWinLoseDrawStateful.settings = settings(max_examples=60, stateful_step_count=40, deadline=None,
                                            suppress_health_check=list(HealthCheck))


def test_the_machine_reaches_the_largest_team():
    """The machine's player counts include the most Team Play allows (a class of 40)."""
    game = wld.Game(wld.Rules(), MAX_TEAM_PLAYERS, seed=1)
    assert len(game.members(0)) == 20 and game.legal_actions()

"""A game of the Cluedo Card Game: the state, the legal decisions and what they do.

A round (rules 1-10): every player takes a miniature face down, five cards
are dealt and one is turned up to start the discard pile.  Clockwise, each
player lays a card showing the same picture or the same number as the top
card.  A player who can play must; a player who cannot draws one card and
play passes.  Action cards:

* Dagger: the player *can* choose another player to miss a turn (rule 6):
  she names a rival, or lets nobody miss one.
* Candlestick: the next player misses a turn.
* Rope: the player has another turn.
* Revolver: the player swaps whole hands with another player of her choice.

The first player out of cards scores 3 and ends the round at once; every
player whose miniature shows the picture of that last card loses its
penalty.  Rounds go on until someone reaches the target (10); see
``rules.py`` for every choice the book leaves open.

Columns of :meth:`Game.result` (one simulation row):

* ``seed``, ``winner``, ``turns`` (plays, draws and passes over the whole
  game; missed turns are not counted), ``end`` (``"target reached"`` or
  ``"round cap"``);
* ``rounds`` (void rounds included), ``void_rounds``;
* ``score_0`` .. ``score_{n-1}``: the final scores;
* ``round_winners``: who went out in each round, e.g. ``"2,0,-,1"``
  (``-``: a void round);
* ``leaders``: the leader after each round, e.g. ``"2,2,=,0"`` (``=``: a
  tie for the lead);
* ``lead_changes``: how often the sole leader changed hands (ties skipped);
* ``winner_worst_deficit``: the most points the eventual winner was ever
  behind the leader after a round (0: never behind; None: no winner);
* ``penalties``: points lost to miniatures over the game, all players.
"""
from __future__ import annotations

from collections import Counter

from boardkit.core import BaseGame, LeadTracker, Pile, event_to_dict, hand_counts, refill_from

from . import events as ev
from .actions import DRAW, PASS, SKIP_NOBODY, Draw, Pass, Play, Skip, SkipNobody, SwapWith
from .events import Card
from .rules import AGAIN, SKIP_CHOSEN, SKIP_NEXT, SWAP_HANDS, Rules

# The phases of a turn: which decision the current player faces.
PLAYING = "play"
SKIPPING = "choose skip"
SWAPPING = "choose swap"
PHASES = (PLAYING, SKIPPING, SWAPPING)
#: end reasons
TARGET_REACHED = "target reached"
ROUND_CAP = "round cap"


def full_deck(rules: Rules) -> list[Card]:
    """The unshuffled deck: every picture with every number, ``copies`` times."""
    return [Card(p, n) for _ in range(rules.copies) for p in rules.pictures for n in rules.numbers]


def matches(candidate: Card, top: Card) -> bool:
    """May ``candidate`` go on ``top``?  Same picture or same number."""
    return candidate.picture == top.picture or candidate.number == top.number


class Game(BaseGame):
    """The Cluedo Card Game for 2-4 players.  See the module docstring for a round."""

    def __init__(self, rules: Rules | None = None, n_players: int = 4, seed: int | None = None,
                 record_events: bool = True, chance=None):
        rules = Rules() if rules is None else rules
        super().__init__(rules, n_players, seed=seed, record_events=record_events, chance=chance)
        #: the unshuffled deck, dealt anew every round
        self.deck = full_deck(rules)
        self.hands: list[list[Card]] = [[] for _ in range(n_players)]
        self.draw_pile = Pile(name="draw")
        self.discard_pile = Pile(name="discard")
        #: each seat's face-down miniature (an index into ``rules.miniatures``), and those set aside
        self.miniatures: list[int] = []
        self.set_aside: list[int] = []
        self.scores = [0] * n_players
        #: turns each seat must still miss
        self.missing = [0] * n_players
        self.round = 0
        self.round_turns = 0
        self.starter = 0
        self.current = 0
        self.phase = PLAYING
        #: per round: the seat that went out (None: a void round) and the leader after it
        self.round_winners: list[int | None] = []
        self.leaders: list[str] = []
        #: the lead after each round: lead changes, the most each seat was ever behind (see core.lead)
        self.lead = LeadTracker(n_players)
        self.penalties = 0
        self._start_round(0)

    # -- what players see -----------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.current if self.end_reason is None else None

    @property
    def top(self) -> Card:
        """The face-up card on the discard pile."""
        return self.discard_pile.cards[-1]

    def others(self, player: int | None = None) -> list[int]:
        """The other seats in turn order, starting with the one after ``player``."""
        player = self.current if player is None else player
        return [(player + k) % self.n_players for k in range(1, self.n_players)]

    def playable(self, player: int | None = None) -> list[Card]:
        """The different cards of the player's hand that may go on the top card, in hand order."""
        hand = self.hands[self.current if player is None else player]
        picture, number = self.top
        fits = []
        for c in hand:
            if (c.picture == picture or c.number == number) and c not in fits:  # matches(c, top); once each
                fits.append(c)
        return fits

    def miniature(self, player: int) -> tuple:
        """The (picture, penalty) of a seat's face-down miniature (the players cannot see it)."""
        return self.rules.miniatures[self.miniatures[player]]

    # -- decisions ----------------------------------------------------------
    def _legal_actions(self) -> list:
        if self.phase == SKIPPING:
            # rule 6: she *can* choose a rival to miss a turn, so letting nobody miss one is a choice too
            return [Skip(rival) for rival in self.others()] + [SKIP_NOBODY]
        if self.phase == SWAPPING:
            return [SwapWith(rival) for rival in self.others()]  # rule 9: she must swap with someone
        plays = [Play(c) for c in self.playable()]
        if plays:
            return plays  # rule 4: a player who can play must play
        if self.draw_pile.cards or (self.rules.empty_draw == "reshuffle" and len(self.discard_pile) >= 2):
            return [DRAW]  # rule 5
        return [PASS]

    def _apply(self, action) -> None:
        if isinstance(action, Play):
            self._play(action.card)
        elif isinstance(action, Draw):
            self._draw()
        elif isinstance(action, Pass):
            self.turns += 1
            self.round_turns += 1
            self.log(ev.NothingHappens, self.current, "cannot play and there is no card to draw: passes")
            self._end_turn()
        elif isinstance(action, Skip):
            self.missing[action.player] += 1
            self.log(ev.MustMiss, self.current, action.player, self.top)
            self._end_turn()
        elif isinstance(action, SkipNobody):
            self.log(ev.NobodyMisses, self.current, self.top)
            self._end_turn()
        elif isinstance(action, SwapWith):
            player, other = self.current, action.player
            self.hands[player], self.hands[other] = self.hands[other], self.hands[player]
            self.log(ev.SwappedHands, player, other)
            self._end_turn()

    # -- a turn, step by step -----------------------------------------------
    def _play(self, played: Card) -> None:
        player = self.current
        self.turns += 1
        self.round_turns += 1
        hand = self.hands[player]
        hand.remove(played)
        self.discard_pile.cards.append(played)
        self.log(ev.Played, player, played)
        if not hand:
            return self._go_out(player)
        power = self.rules.power_of.get(played.picture)
        if power is None:
            self._end_turn()
        elif power == SKIP_NEXT:
            victim = (player + 1) % self.n_players
            self.missing[victim] += 1
            self.log(ev.MustMiss, player, victim, played)
            self._end_turn()
        elif power == AGAIN:
            self.log(ev.AnotherTurn, player)
            self._end_turn(again=True)
        elif power == SKIP_CHOSEN:
            self.phase = SKIPPING
        elif power == SWAP_HANDS:
            self.phase = SWAPPING

    def _draw(self) -> None:
        player = self.current
        self.turns += 1
        self.round_turns += 1
        if not self.draw_pile.cards:
            refill_from(self.draw_pile, self.discard_pile, self.chance)
            self.log(ev.Reshuffled, None, len(self.draw_pile))
        drawn = self.draw_pile.cards.pop()
        self.hands[player].append(drawn)
        self.log(ev.Drew, player, drawn)
        self._end_turn()

    def _end_turn(self, again: bool = False) -> None:
        self.phase = PLAYING
        if self.round_turns >= self.rules.max_turns:
            self.log(ev.RoundVoid, None, self.round, self.round_turns)
            return self._end_round(None)
        if again:
            return
        n, missing = self.n_players, self.missing
        nxt = (self.current + 1) % n
        while missing[nxt]:  # each pass spends one missed turn, so this ends
            missing[nxt] -= 1
            self.log(ev.MissedTurn, nxt)
            nxt = (nxt + 1) % n
        self.current = nxt

    # -- rounds ----------------------------------------------------------
    def _start_round(self, starter: int) -> None:
        rules, n = self.rules, self.n_players
        self.round += 1
        self.round_turns = 0
        self.starter = self.current = starter
        self.phase = PLAYING
        self.missing = [0] * n
        minis = list(range(len(rules.miniatures)))
        self.chance.shuffle(minis)
        self.miniatures, self.set_aside = minis[:n], sorted(minis[n:])
        cards = list(self.deck)
        self.chance.shuffle(cards)
        size = rules.hand_size
        self.hands = [cards[k * size:(k + 1) * size] for k in range(n)]
        del cards[:n * size]
        self.discard_pile.cards[:] = [cards.pop()]
        self.draw_pile.cards[:] = cards
        self.log(ev.RoundStarted, starter, self.round)
        for player, hand in enumerate(self.hands):
            self.log(ev.MiniatureTaken, player)
            self.log(ev.Dealt, player, tuple(hand))
        self.log(ev.DiscardStarted, None, self.top)

    def _go_out(self, player: int) -> None:
        """The player is out of cards: she scores, the miniatures are turned over, the round ends."""
        rules, scores = self.rules, self.scores
        scores[player] += rules.going_out_points
        self.log(ev.WentOut, player, rules.going_out_points)
        last = self.top.picture  # the card she went out with, action card or not
        for seat, index in enumerate(self.miniatures):
            picture, penalty = rules.miniatures[index]
            lost = penalty if picture == last else 0
            if lost:
                scores[seat] -= lost
                self.penalties += lost
            if rules.floor_at_zero and scores[seat] < 0:
                scores[seat] = 0
            self.log(ev.Revealed, seat, picture, penalty, lost)
        self._end_round(player)

    def _end_round(self, went_out: int | None) -> None:
        scores = self.scores
        best = max(scores)
        sole_leader = scores.index(best) if scores.count(best) == 1 else None  # None: a tie for the lead
        self.round_winners.append(went_out)
        self.leaders.append("=" if sole_leader is None else str(sole_leader))
        self.lead.update(scores)
        self.log(ev.RoundScored, None, self.round, tuple(scores))
        if best >= self.rules.target:
            if sole_leader is not None:
                return self._win(sole_leader)
            if self.rules.ties == "round winner" and went_out is not None and scores[went_out] == best:
                return self._win(went_out)
        if self.round >= self.rules.max_rounds:
            self.log(ev.RoundCap, None, self.round)
            return self.finish(None, ROUND_CAP)
        self._start_round(self.next_starter(went_out))

    def next_starter(self, went_out: int | None) -> int:
        """Who starts the next round (``Rules.starter``); after a void round, the seat after the last starter."""
        rule, n = self.rules.starter, self.n_players
        if rule == "rotate":
            return self.round % n  # round 1 seat 0, round 2 seat 1, ...
        if went_out is None:
            return (self.starter + 1) % n
        return went_out if rule == "winner" else (went_out + 1) % n

    def _win(self, player: int) -> None:
        self.log(ev.Won, player, self.scores[player])
        self.finish(player, TARGET_REACHED)

    # -- simulation rows ------------------------------------------------------
    #: ``score_0`` .. one column per seat; ``round_winners`` and ``leaders`` as text
    RESULT_TYPES = {**BaseGame.RESULT_TYPES, "rounds": "int32", "void_rounds": "int32",
                    **{f"score_{seat}": "int32" for seat in range(Rules.max_players)},
                    "round_winners": "object", "leaders": "object", "penalties": "int32"}

    def result(self) -> dict:
        row = super().result()
        row.update(rounds=self.round, void_rounds=self.round_winners.count(None))
        for seat, score in enumerate(self.scores):
            row[f"score_{seat}"] = score
        row.update(
            round_winners=",".join("-" if w is None else str(w) for w in self.round_winners),
            leaders=",".join(self.leaders),
            penalties=self.penalties,
        )
        row.update(self.lead.columns(self.winner))
        return row

    # -- saving and restoring ---------------------------------------------------
    def card_counts(self) -> Counter:
        """Every picture card in the game, wherever it is (always the full deck)."""
        return hand_counts([self.draw_pile, self.discard_pile, *self.hands])

    def to_dict(self) -> dict:
        return {
            "game": "cluedo_cards",
            "rules": self.rules.to_dict(),
            "n_players": self.n_players,
            "seed": self.seed,
            "chance": self.chance.to_dict(),
            "hands": [[list(c) for c in hand] for hand in self.hands],
            "draw_pile": [list(c) for c in self.draw_pile],
            "discard_pile": [list(c) for c in self.discard_pile],
            "miniatures": list(self.miniatures),
            "set_aside": list(self.set_aside),
            "scores": list(self.scores),
            "missing": list(self.missing),
            "round": self.round,
            "round_turns": self.round_turns,
            "starter": self.starter,
            "current": self.current,
            "phase": self.phase,
            "round_winners": list(self.round_winners),
            "leaders": list(self.leaders),
            "lead": self.lead.to_dict(),
            "penalties": self.penalties,
            "turns": self.turns,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "events": None if self.events is None else [event_to_dict(e) for e in self.events],
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Game":
        """Rebuild a saved game; anything inconsistent raises ``ValueError``."""
        from .saving import load_game
        return load_game(cls, data)

"""A game of Mystery Date: the state, the legal decisions and what they do.

One turn (rule 3-9): the player rolls the die and moves clockwise; the space
she stops on tells her what to do.

* TAKE 1 / TAKE 2: take cards from the draw pile; over the hand limit she
  discards, one card of her choice at a time, back down to the limit.
* TAKE 1 FROM EITHER: she chooses the draw pile (blind) or the discard pile
  (the face-up top card); then discards down to the limit if needed.
* SWAP LEFT / RIGHT / ANY: she chooses a card to give face down, then draws
  one card blind from that opponent's hand (equally likely to be any of her
  cards).  Left is the next player in turn order.  If either hand is empty
  there is nothing to swap.
* OPEN THE DOOR: with a 1-2-3 of one colour she shows it (choosing, if she is
  ready for two dates) and opens the door.  The right date wins; a wrong date
  ends the turn; the Dud takes the shown outfit to the discard pile and she
  draws 3 fresh cards.  Not ready: nothing happens.

Piles (rule 5): when the discard pile is used up, the top card of the draw
pile starts a new one; when the draw pile is used up, the discards less their
top card are shuffled into a new draw pile.  If both are exhausted (possible
only in variants with huge hands), a take stops short and says so.

Columns of :meth:`Game.result` (one simulation row):

* ``seed``, ``winner``, ``turns``, ``end`` (``"date found"`` or ``"turn cap"``);
* ``date``: the colour of the date the winner found (None: no winner);
* ``lead_changes``, ``winner_worst_deficit``: the drama of the game (see
  :mod:`boardkit.core.lead`).  Each seat's *standing* is how near its hand
  is to a complete outfit: the most different numbers it holds of one
  colour, 0-3 (``Hand.standing``), taken after the deal and after every
  turn that changes a hand (a take, a discard, a swap, the Dud).
  ``winner_worst_deficit`` is the most cards the winner was ever short of
  the best outfit at the table (None: no winner).
"""
from __future__ import annotations

from collections import Counter

from boardkit.core import BaseGame, LeadTracker, Pile, event_to_dict, hand_counts, refill_from

from . import events as ev
from .actions import ROLL, TAKE_DISCARD, TAKE_DRAW, Discard, Give, Roll, ShowOutfit, SwapWith, TakeFrom
from .events import CARDS, OUTFITS, Card
from .hand import Hand, in_card_order
from .rules import DOOR, OUTCOMES, SWAP_ANY, SWAP_LEFT, SWAP_RIGHT, TAKE_COUNT, TAKE_EITHER, Rules

# The phases of a turn: which decision the current player faces.
ROLLING = "roll"
DISCARDING = "discard"
CHOOSING_PILE = "choose pile"
CHOOSING_OPPONENT = "choose opponent"
GIVING = "give"
SHOWING = "show outfit"
PHASES = (ROLLING, DISCARDING, CHOOSING_PILE, CHOOSING_OPPONENT, GIVING, SHOWING)


def full_deck(rules: Rules) -> list[Card]:
    """The unshuffled deck: every card ``copies`` times, in CARDS order."""
    return [card for card in CARDS for _ in range(rules.copies)]


def different_cards(hand) -> list[Card]:
    """One of each different card in the hand, in CARDS order (red 1, red 2, ..., orange 3)."""
    return in_card_order(set(hand))


def ready_colours(hand) -> list[str]:
    """Colours of which the hand holds the 1, 2 and 3: the dates she is ready for."""
    return list(Hand(hand).ready)


def seats_after(player: int, n_players: int) -> list[int]:
    """The other seats in turn order, starting with the one after ``player``."""
    return [(player + k) % n_players for k in range(1, n_players)]


class Game(BaseGame):
    """Mystery Date for 2-4 players.  See the module docstring for a turn."""

    def __init__(self, rules: Rules | None = None, n_players: int = 4, seed: int | None = None,
                 record_events: bool = True, chance=None):
        rules = Rules() if rules is None else rules
        super().__init__(rules, n_players, seed=seed, record_events=record_events, chance=chance)
        self.positions = rules.start_spaces(n_players)
        self.hands: list[Hand] = [Hand() for _ in range(n_players)]
        self.draw_pile = Pile(full_deck(rules), "draw")
        self.discard_pile = Pile(name="discard")
        self.current = 0
        self.phase = ROLLING
        self.swap_with: int | None = None
        self.last_roll: int | None = None
        self.won_date: str | None = None
        self.draw_pile.shuffle(self.chance)
        for _ in range(rules.deal_size):
            for hand in self.hands:
                hand.add(self.draw_pile.draw())
        self.discard_pile.put(self.draw_pile.draw())
        for player, hand in enumerate(self.hands):
            self.log(ev.Dealt, player, tuple(hand))
        self.log(ev.DiscardStarted, None, self.discard_pile.top)
        self._refill_draw_pile()
        #: each seat's standing: how near its hand is to a complete outfit (0-3)
        self.standing = [hand.standing for hand in self.hands]
        #: the lead over the game (the drama columns of ``result``)
        self.lead = LeadTracker(n_players)
        self.lead.update(self.standing)

    # -- what players see -----------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.current if self.end_reason is None else None

    def ready(self, player: int) -> list[str]:
        return list(self.hands[player].ready)

    def space_of(self, player: int) -> str:
        return self.rules.board[self.positions[player]]

    # -- decisions ----------------------------------------------------------
    def _legal_actions(self) -> list:
        return self.CHOICES[self.phase](self)

    def _roll_choices(self) -> list:
        """At the start of her turn she rolls."""
        return [ROLL]

    def _discard_choices(self) -> list:
        """Over the hand limit: one Discard for each different card she holds."""
        return [Discard(card) for card in different_cards(self.hands[self.current])]

    def _gift_choices(self) -> list:
        """A swap: one Give for each different card she holds."""
        return [Give(card) for card in different_cards(self.hands[self.current])]

    def _pile_choices(self) -> list:
        """TAKE 1 FROM EITHER: each pile that has a card to take."""
        choices = []
        if self.draw_pile.cards:
            choices.append(TAKE_DRAW)
        if self.discard_pile.cards:
            choices.append(TAKE_DISCARD)
        return choices

    def _opponent_choices(self) -> list:
        """SWAP ANY PLAYER: each opponent, in turn order, who holds a card."""
        return [SwapWith(p) for p in seats_after(self.current, self.n_players) if self.hands[p]]

    def _outfit_choices(self) -> list:
        """OPEN THE DOOR: each outfit she holds complete."""
        return [ShowOutfit(colour) for colour in self.hands[self.current].ready]

    #: the choices of each phase of a turn
    CHOICES = {ROLLING: _roll_choices, DISCARDING: _discard_choices, CHOOSING_PILE: _pile_choices,
               CHOOSING_OPPONENT: _opponent_choices, GIVING: _gift_choices, SHOWING: _outfit_choices}

    def _apply(self, action) -> None:
        if isinstance(action, Roll):
            self._roll()
        elif isinstance(action, Discard):
            self._discard(action.card)
        elif isinstance(action, TakeFrom):
            self._take_from(action.pile)
        elif isinstance(action, SwapWith):
            self.swap_with = action.opponent
            self.phase = GIVING
        elif isinstance(action, Give):
            self._swap(action.card)
        elif isinstance(action, ShowOutfit):
            self._open_door(action.colour)

    # -- a turn, step by step -----------------------------------------------
    def _roll(self) -> None:
        player, board = self.current, self.rules.board
        self.turns += 1
        value = self.last_roll = self.chance.roll(self.rules.die_sides)
        start = self.positions[player]
        end = self.positions[player] = (start + value) % len(board)
        space = board[end]
        self.log(ev.Rolled, player, value)
        self.log(ev.Moved, player, start, end, space)
        if space in TAKE_COUNT:
            for _ in range(TAKE_COUNT[space]):
                self._take_from("draw", then_check=False)
            self._check_hand_limit()
        elif space == TAKE_EITHER:
            self._choose_or_skip(CHOOSING_PILE, self._pile_choices(), "both piles are empty")
        elif space in (SWAP_LEFT, SWAP_RIGHT):
            offset = 1 if space == SWAP_LEFT else -1
            self.swap_with = (player + offset) % self.n_players
            if not self.hands[player] or not self.hands[self.swap_with]:
                self.swap_with = None
                self._nothing("a swap needs a card in both hands")
            else:
                self.phase = GIVING
        elif space == SWAP_ANY:
            if not self.hands[player]:
                self._nothing("a swap needs a card in her hand")
            else:
                self._choose_or_skip(CHOOSING_OPPONENT, self._opponent_choices(), "no opponent holds a card")
        elif space == DOOR:
            self._choose_or_skip(SHOWING, self._outfit_choices(),
                                 "not ready for any date, so nothing happens")
        else:
            self._end_turn()

    def _choose_or_skip(self, phase: str, choices: list, why_not: str) -> None:
        """Ask for one of ``choices`` in ``phase``, or end the turn (saying ``why_not``) if there are none."""
        if choices:
            self.phase = phase
        else:
            self._nothing(why_not)

    def _nothing(self, reason: str) -> None:
        self.log(ev.NothingHappens, self.current, reason)
        self._end_turn()

    def _take_from(self, pile_name: str, then_check: bool = True) -> None:
        player = self.current
        if pile_name == "discard":
            card = self.discard_pile.draw()
            if not self.discard_pile.cards and self.draw_pile.cards:
                self.discard_pile.put(self.draw_pile.draw())
                self.log(ev.DiscardStarted, None, self.discard_pile.top)
                self._refill_draw_pile()
        else:
            if not self.draw_pile.cards:
                self._refill_draw_pile()
            if not self.draw_pile.cards:
                self.log(ev.PileEmpty, player, "draw")
                if then_check:
                    self._check_hand_limit()
                return
            card = self.draw_pile.draw()
            if not self.draw_pile.cards:
                self._refill_draw_pile()
        self.hands[player].add(card)
        self.log(ev.Took, player, pile_name, card)
        if then_check:
            self._check_hand_limit()

    def _refill_draw_pile(self) -> None:
        """Rule 5: a used-up draw pile is remade from the discards (less the top)."""
        if not self.draw_pile.cards:
            n_cards = len(self.discard_pile.cards) - 1
            if refill_from(self.draw_pile, self.discard_pile, self.chance):
                self.log(ev.Reshuffled, None, n_cards)

    def _check_hand_limit(self) -> None:
        player = self.current
        hand = self.hands[player]
        if len(hand) > self.rules.hand_limit:
            self.phase = DISCARDING
            return
        # Her hand changed this turn (she took, discarded or met the Dud): has her standing moved?
        progress = hand.standing
        if progress != self.standing[player]:
            self.standing[player] = progress
            self.lead.update(self.standing)
        self._end_turn()

    def _discard(self, card: Card) -> None:
        self.hands[self.current].remove(card)
        self.discard_pile.put(card)
        self.log(ev.Discarded, self.current, card)
        self._check_hand_limit()

    def _swap(self, given: Card) -> None:
        player, opponent = self.current, self.swap_with
        their_hand = self.hands[opponent]
        my_hand = self.hands[player]
        received = their_hand.pop(self.chance.below(len(their_hand)))
        my_hand.remove(given)
        their_hand.add(given)
        my_hand.add(received)
        self.log(ev.Swapped, player, opponent, given, received)
        self.swap_with = None
        # Both hands changed: have their standings moved?
        standing = self.standing
        mine, theirs = my_hand.standing, their_hand.standing
        if mine != standing[player] or theirs != standing[opponent]:
            standing[player], standing[opponent] = mine, theirs
            self.lead.update(standing)
        self._end_turn()

    def _open_door(self, colour: str) -> None:
        player = self.current
        outcome = OUTCOMES[self.chance.weighted(self.rules.live_weights)]
        self.log(ev.DoorOpened, player, colour, outcome)
        if outcome == colour:
            self.log(ev.Won, player, colour)
            self.won_date = colour
            self.finish(player, "date found")
        elif outcome == "dud":
            hand = self.hands[player]
            for card in OUTFITS[colour]:
                hand.remove(card)
                self.discard_pile.put(card)
                self.log(ev.Discarded, player, card)
            for _ in range(self.rules.dud_redraw):
                self._take_from("draw", then_check=False)
            self._check_hand_limit()
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.phase = ROLLING
        self.current = (self.current + 1) % self.n_players
        if self.turns >= self.rules.max_turns:
            self.log(ev.TurnCap, None, self.turns)
            self.finish(None, "turn cap")

    # -- simulation rows ------------------------------------------------------
    #: ``date``: the colour of the date found, None at the turn cap
    RESULT_TYPES = {**BaseGame.RESULT_TYPES, "date": "object"}

    def result(self) -> dict:
        row = super().result()
        row["date"] = self.won_date
        row.update(self.lead.columns(self.winner))
        return row

    # -- saving and restoring ---------------------------------------------------
    def card_counts(self) -> Counter:
        """Every card in the game, wherever it is (always the full deck)."""
        return hand_counts([self.draw_pile, self.discard_pile, *self.hands])

    def to_dict(self) -> dict:
        return {
            "game": "mystery_date",
            "rules": self.rules.to_dict(),
            "n_players": self.n_players,
            "seed": self.seed,
            "chance": self.chance.to_dict(),
            "positions": list(self.positions),
            "hands": [[list(c) for c in hand] for hand in self.hands],
            "draw_pile": [list(c) for c in self.draw_pile],
            "discard_pile": [list(c) for c in self.discard_pile],
            "current": self.current,
            "phase": self.phase,
            "swap_with": self.swap_with,
            "last_roll": self.last_roll,
            "turns": self.turns,
            "winner": self.winner,
            "won_date": self.won_date,
            "end_reason": self.end_reason,
            "lead": self.lead.to_dict(),
            "events": None if self.events is None else [event_to_dict(e) for e in self.events],
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Game":
        """Rebuild a saved game; anything inconsistent raises ``ValueError``."""
        from .saving import load_game
        return load_game(cls, data)

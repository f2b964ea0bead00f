"""Philo Vance's rules as data (``pv.Rules()`` is the 1937 adult game).

The rulebook is in ``seeds/philo_vance.txt``.  Nothing of the components
survives, so the clues, the confirmation cards and the estate board are a
reconstruction (see ``data/README.md``); the passage of the scan between the
first "BUMPING:" and the second "Clue Spot he returns it" is garbled, and the
clean passages after it govern.  Where the book is silent boardkit chose as
follows; each choice is a field, so a tinkerer can change it:

* **The components** (``deck``, ``cards``, ``board``): ``deck`` gives the number
  of cards of each clue in the 100-card deck, ``cards`` each suspect's
  confirmation card (12 distinct clues), ``board`` the name of a board file in
  ``data/`` ("estate").
* **The three games** (``children``; ``Rules.expert()``, ``Rules.children_game()``):
  the adult game declares 4 of 6 and convicts with 7, then 9
  (``declare_correct``, ``convict_correct``, ``convict_fallback``); the
  experts' 5-8-10 game changes those numbers; the children's game
  (``children=True``) has no court cards, no Philo Vance, no Judge, no bumping.
* **The third failure** (``retire_after_failures``): "if he is not successful
  on the third attempt he must retire ... It may be disregarded": 3, or
  ``None`` to disregard it (declare as often as you like).  A retired
  player's suspect is free to be arrested by another player, and Philo Vance,
  if he held him, stays on the board with no owner until somebody's 7.
* **The Judge** (``judge_needed``): the Judge "indicates the Court is ready to
  hear the case", so by default nobody may try to convict before the Judge is
  in the game.  ``False`` makes the Judge a mere ornament.
* **Green arrows after the first visit** (``arrow_rewards``): a piece landing
  on a green arrow goes to X "at any time during the game"; boardkit counts
  that as reaching X, with its clue and (for the player's own piece) its extra
  turn.
* **Being bumped onto X when the Radio Car queue is full**: not allowed (the
  four places are all taken; the bumper picks another space).  Down a line
  of multiple bumping, X (or a green arrow) is a way on only if the queue has
  a free place for every piece pushed on to it (the book gives 4 places; six
  players and Philo Vance are 7 pieces).
* **Where the first count starts**: the players leave Park Here "starting to
  count on the space at the entrance marked START" (START is the first space
  counted: a throw of n ends n - 1 spaces beyond it), while Philo Vance's
  owner "starts One figure of Philo Vance at the space marked START moving him
  on the Colored Die": the figure is set on START and the coloured die counts
  from the space after it (n spaces beyond START).  Two sentences with
  different words, so two readings, each the book's.
* **Leaving the queue**: pieces on the Radio Car and Call Box 1 may leave on
  their turn; a piece on Call Box 2 (3) waits while Call Box 1 (1 or 2) is
  taken.  "Start to count on the Green Arrow Space" is read like "start to
  count on START": that arrow is the first space counted, so a throw of 1
  lands on it and, as the book says of any landing on an arrow, goes to X.
* **Demands** (``demand_refill``): a player who takes a clue off another
  player's court card leaves that juror empty; the loser refills it from the
  top of the draw pile (``True``) or leaves it empty (``False``).
* **An empty draw pile** (``reshuffle_discards``): the discards are shuffled
  into a new draw pile (all of them); with none, no clue is drawn.
* **Claims** (``claim_any_time``): "At any time during the game, after
  receiving the 12 original Clues, a Player, who sees a Clue which he wants,
  turned up on the Discard Pile, may say 'I claim that Clue'".  The top
  discard is offered when it is turned up (discarded, or uncovered when the
  card above it is claimed) and, by default, again at the start of every turn
  before the dice: each time first to the player whose turn it is ("if the
  Player whose turn it is does not wish to take it, the Claiming Player may
  draw it"), then to the others clockwise.  ``claim_any_time=False`` is the
  narrower reading: a discard is offered only at the moment it is turned up.
  The player who laid the top discard there (discarding it, or returning a
  claim) "may not claim it again until it is exposed another time": he is
  not asked while it lies on top, only once a later discard has covered it
  and been claimed.  A player holds at most one claimed clue; on a clue spot
  he takes it instead of drawing and may then keep or discard it like a
  drawn clue.  A clue claimed during his own turn (before his dice too)
  waits for his next turn before it must be returned.
* **Bumping**: a piece landing where others stand may bump one of them (the
  bumps down a line then follow by themselves); turning a card down is
  optional, as the book's "may" says.  Down a line each player's clue is
  turned down "by the Player whose piece bumped him": the owner of the piece
  pushed on to his.  A player may bump his own Philo Vance (or be bumped by
  him) without losing a clue, and whoever's piece is bumped onto a clue spot
  draws, even when he bumped it himself.
* **Declaring, then convicting**: "Now, the Player who has made a successful
  declaration may attempt to convict ... when his turn comes, but before he
  shakes the Dice" -- on a later turn: a turn has a declaration or a
  conviction before the dice, never both.
* **The order of a turn**: declare or convict (before the dice), throw, turn a
  card up, Philo Vance and the Judge arrive, move your own piece (white die),
  then Philo Vance (coloured die).
* **Where the book says "may"** the player decides (see ``game.py``): after
  doubles he turns a face-down clue up or leaves them all down, and after a
  total equal to a face-down juror's number he turns that clue up or leaves
  it down (the same "allows" sentence); he moves Philo Vance or
  leaves him where he is; on a red clue spot he draws or not (a clue he
  claimed he must take; X always gives its clue).
* **A game with no end** (``max_turns``): a game stops as a stalemate after
  ``max_turns`` turns; it also ends when every player has retired.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from boardkit.core import BaseRules, require

from .components import CLUES, CONFIRMATION, DECK_COPIES, SUSPECTS, check_components, deck_cards

#: the seats of the detectives are 0..5; Philo Vance's piece is this number
PHILO_VANCE = 6

#: The largest value each size field may take: far beyond any game a class would
#: play (the book's are 12 jurors, 3 attempts, 10 cards in a child's hand, 1-3
#: copies of a clue), yet small enough that a game is set up at once and a
#: stalemate stops in about 20 s (6 Detectives play 20,000 turns in 3.5 s).
#: ``max_copies`` bounds each entry of ``deck``.
LIMITS = {"court_size": 24, "retire_after_failures": 20, "hand_limit": 30, "max_turns": 100_000,
          "max_copies": 20}


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Rules(BaseRules):
    """Every tunable rule of Philo Vance.  Defaults follow the rulebook (see the module docstring)."""

    #: copies of each clue (by clue id) in the draw deck (100 cards in the box; 0..20 of each)
    deck: tuple = DECK_COPIES
    #: each suspect's confirmation card: the clue ids that are right for that suspect
    cards: tuple = CONFIRMATION
    #: the estate board (a file ``data/board_<name>.json``)
    board: str = "estate"
    #: jurors on a court card: the clues a player receives on first reaching X (1..24)
    court_size: int = 12
    #: clues named when arresting on suspicion
    named_clues: int = 6
    #: of them, how many must be right for a Successful Declaration (experts: 5)
    declare_correct: int = 4
    #: correct clues in play that convict at the first attempt (experts: 8)
    convict_correct: int = 7
    #: correct clues needed after a failed conviction (experts: 10)
    convict_fallback: int = 9
    #: a player retires after this many unsuccessful declarations (1..20; None: never)
    retire_after_failures: int | None = 3
    #: must the Judge be in the game before anybody tries to convict?
    judge_needed: bool = True
    #: does landing on a green arrow count as reaching X (a clue and an extra turn)?
    arrow_rewards: bool = True
    #: does a player who gives up a demanded clue refill that juror from the pile?
    demand_refill: bool = True
    #: shuffle the discards into a new draw pile when it runs out?
    reshuffle_discards: bool = True
    #: may the top discard be claimed at any time (asked before every turn's dice), as the book says,
    #: or only at the moment it is turned up (False)?
    claim_any_time: bool = True
    #: the easy game for children (no court cards, Philo Vance, Judge or bumping)
    children: bool = False
    #: children's game: the most clues a player may hold (1..30)
    hand_limit: int = 10
    #: children's game: matching clues that win
    children_win: int = 7
    #: the game stops (a stalemate, no winner) after this many turns (1..100,000)
    max_turns: int = 3000

    game_name = "Philo Vance"
    min_players = 2
    max_players = 6

    # -- the three games of the rulebook --------------------------------------
    @classmethod
    def expert(cls, **changes) -> "Rules":
        """The 5-8-10 game for experts: declare 5 of 6, convict with 8, then 10."""
        return cls(declare_correct=5, convict_correct=8, convict_fallback=10, **changes)

    @classmethod
    def children_game(cls, **changes) -> "Rules":
        """The easy game for children: collect 7 clues of the card in front of you."""
        return cls(children=True, **changes)

    # -- checking a variant ---------------------------------------------------
    def check(self) -> None:
        for name in ("court_size", "named_clues", "declare_correct", "convict_correct",
                     "convict_fallback", "hand_limit", "children_win", "max_turns"):
            value = getattr(self, name)
            require(_whole(value), name, value, "a whole number")
        for name in ("judge_needed", "arrow_rewards", "demand_refill", "reshuffle_discards", "claim_any_time",
                     "children"):
            value = getattr(self, name)
            require(isinstance(value, bool), name, value, "True or False")
        require(isinstance(self.board, str) and self.board.isidentifier(), "board", self.board,
                "the name of a board in data/ (letters and underscores), e.g. 'estate'")
        require(isinstance(self.deck, tuple) and len(self.deck) == len(CLUES), "deck", self.deck,
                f"a tuple of {len(CLUES)} numbers: the copies of each clue id")
        most = LIMITS["max_copies"]
        for clue, copies in enumerate(self.deck):
            require(not _whole(copies) or copies <= most, f"deck[{clue}]", copies, f"0 to {most} copies")
        require(isinstance(self.cards, tuple) and all(isinstance(c, tuple) for c in self.cards), "cards",
                self.cards, f"a tuple of {len(SUSPECTS)} tuples of clue ids, one per suspect")
        require(len(self.cards) == len(SUSPECTS), "cards", self.cards,
                f"one confirmation card per suspect ({len(SUSPECTS)})")
        card_size = len(self.cards[0]) if self.cards else 0
        try:
            check_components(SUSPECTS, CLUES, self.deck, self.cards, card_size=card_size)
        except ValueError as err:
            raise ValueError(f"deck/cards are not allowed: {err}") from None
        for name in ("court_size", "hand_limit", "max_turns"):
            value, most = getattr(self, name), LIMITS[name]
            require(1 <= value <= most, name, value, f"1 to {most:,}")
        require(1 <= self.named_clues <= self.court_size, "named_clues", self.named_clues,
                f"1 to {self.court_size} (court_size)")
        require(1 <= self.declare_correct <= self.named_clues, "declare_correct", self.declare_correct,
                f"1 to {self.named_clues} (named_clues)")
        require(1 <= self.convict_correct <= min(self.court_size, card_size), "convict_correct",
                self.convict_correct, f"1 to {min(self.court_size, card_size)} (the jurors and the card's clues)")
        require(self.convict_correct <= self.convict_fallback <= min(self.court_size, card_size),
                "convict_fallback", self.convict_fallback,
                f"convict_correct ({self.convict_correct}) to {min(self.court_size, card_size)}")
        retire = self.retire_after_failures
        most = LIMITS["retire_after_failures"]
        require(retire is None or (_whole(retire) and 1 <= retire <= most), "retire_after_failures", retire,
                f"a whole number 1 to {most}, or None to disregard the rule")
        require(1 <= self.children_win <= min(self.hand_limit, card_size), "children_win", self.children_win,
                f"1 to {min(self.hand_limit, card_size)} (the hand limit and the card's clues)")
        try:  # load the board now: an unknown board fails here, in the cell that asked for it
            self.estate  # noqa: B018
        except ValueError as err:
            raise ValueError(f"board={self.board!r} is not allowed: {err}") from None

    # -- derived -------------------------------------------------------------
    @cached_property
    def estate(self):
        """The board as a graph (:class:`~boardkit.games.philo_vance.board.Board`)."""
        from .board import load_board
        return load_board(self.board)

    @cached_property
    def deck_cards(self) -> tuple:
        """The whole draw deck as clue ids, in id order (before shuffling)."""
        return tuple(deck_cards(self.deck))

    @cached_property
    def card_sets(self) -> tuple:
        """Each suspect's confirmation card as a frozenset of clue ids."""
        return tuple(frozenset(card) for card in self.cards)

    @property
    def n_suspects(self) -> int:
        return len(self.cards)

    @property
    def n_clues(self) -> int:
        return len(self.deck)

    # -- hooks for bk.play / bk.simulate --------------------------------------
    def new_game(self, n_players: int, seed: int | None = None, record_events: bool = True):
        from .game import Game
        return Game(self, n_players, seed=seed, record_events=record_events)

    def default_bots(self, n_players: int) -> list:
        from .bots import Detective
        return [Detective() for _ in range(n_players)]

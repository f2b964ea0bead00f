"""The Cluedo Card Game's rules as data (``cc.Rules()`` is the rulebook).

The rulebook is in ``seeds/cluedo_card_game.txt``.  Where it is silent,
boardkit chose as follows (each choice is a field, so a tinkerer can change
it, or is stated here when it is simply how the game is played):

* **The deck** (``pictures``, ``numbers``, ``copies``): 6 weapons and 6
  suspects; each picture's three copies are numbered 1, 2, 3 (the printed
  numbers are lost), so "the same number" links different pictures.  The
  deck holds one card per picture and number, ``copies`` times over: 36.
* **The miniatures** (``miniatures``): 4 cards, each one picture and a
  penalty.  Their real pictures and values are lost; the reconstruction is
  Mrs. White 1, rope 2, Prof. Plum 3, revolver 4.  Every round each player
  takes one at random, face down; the rest are set aside for that round.
* **The powers** (``powers``): which picture does what.  Dagger: the player
  *can* choose another player to miss a turn (rule 6), so letting nobody
  miss one is a legal choice too.  Candlestick: the next player
  misses a turn.  Rope: the player has another turn.  Revolver: the player
  swaps whole hands with another player of her choice.  Leave a picture out
  to switch its power off.  Missed turns add up (a Dagger and a Candlestick
  on the same player: she misses two).  The first card turned up has no power.
* **Must play**: a player who *can* play must play; only a player with no
  matching card draws (one card, and play passes even if it matches).
* **An empty draw pile** (``empty_draw``): ``"reshuffle"`` (default) shuffles
  the discards, less the top card, into a new draw pile; if there are none,
  the player simply passes.  ``"pass"``: the player passes at once.
* **Going out**: the player who plays her last card ends the round at once,
  so a Dagger, Candlestick, Rope or Revolver played as the last card does
  nothing (a Revolver swap would hand her empty hand to a rival).
* **The last card played**, for the miniatures, is the card she went out
  with, action card or not.  Every player whose miniature shows its picture
  loses the penalty -- the player who went out too.
* **Scores below zero** (``floor_at_zero``): allowed by default (pencil and
  paper); ``True`` floors every score at 0.
* **Reaching the target** (``target``, ``ties``): after a round, if anyone
  has ``target`` or more, the highest score wins.  A tie for the highest:
  ``"play on"`` (default) plays another round; ``"round winner"`` lets the
  tied player who went out this round win (else play on).
* **Who starts** (``starter``): ``"after winner"`` (default): seat 0 starts
  the first round, then the player on the left (next clockwise) of the last
  round's winner; ``"winner"``: the last round's winner; ``"rotate"``: round
  1 is started by seat 0, round 2 by seat 1, and so on round the table.  After a void round the next seat
  clockwise from that round's starter begins.
* **Upper bounds** (``LIMITS``): every size field has a largest value, far
  beyond any game a class would play (a hand of 30, a target of 500, 4
  copies of a deck of at most 24 pictures x 12 numbers, ...), so no variant
  can exhaust the machine; a larger value is a ValueError naming the field.
* **A round with no end** (``max_turns``): a round in which nobody goes
  out after this many turns (plays and draws) is void: no points, a new
  round.  ``max_rounds`` ends a game that never reaches the target as a
  stalemate (end reason ``"round cap"``, no winner).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from boardkit.core import BaseRules, require

WEAPONS = ("dagger", "candlestick", "revolver", "rope", "lead piping", "spanner")
SUSPECTS = ("Col. Mustard", "Prof. Plum", "Rev. Green", "Mrs. Peacock", "Miss Scarlett", "Mrs. White")
PICTURES = WEAPONS + SUSPECTS
NUMBERS = (1, 2, 3)
#: (picture, penalty) of the four miniature cards (a reconstruction)
MINIATURES = (("Mrs. White", 1), ("rope", 2), ("Prof. Plum", 3), ("revolver", 4))

# The powers an action card can have.
SKIP_CHOSEN = "skip chosen"   # choose a player to miss a turn (Dagger)
SKIP_NEXT = "skip next"       # the next player misses a turn (Candlestick)
AGAIN = "again"               # another turn (Rope)
SWAP_HANDS = "swap hands"     # swap whole hands with a player of your choice (Revolver)
POWER_KINDS = (SKIP_CHOSEN, SKIP_NEXT, AGAIN, SWAP_HANDS)
POWERS = (("dagger", SKIP_CHOSEN), ("candlestick", SKIP_NEXT), ("rope", AGAIN), ("revolver", SWAP_HANDS))

EMPTY_DRAW_RULES = ("reshuffle", "pass")
TIE_RULES = ("play on", "round winner")
STARTER_RULES = ("after winner", "winner", "rotate")


#: The largest value each size field may take: far beyond any game a class
#: would play, small enough that no variant can exhaust the machine (a deck of
#: a million copies once took two minutes and 2.7 GB to deal).  A deck holds at
#: most 24 pictures x 12 numbers x 4 copies = 1,152 cards.
LIMITS = {
    "hand_size": 30,          # cards dealt to each player
    "target": 500,            # points that win
    "going_out_points": 100,  # points for going out
    "copies": 4,              # copies of the whole deck
    "max_turns": 10_000,      # turns before a round is void
    "max_rounds": 1_000,      # rounds before a stalemate
    "pictures": 24,           # different pictures
    "numbers": 12,            # different numbers
    "miniatures": 24,         # miniature cards
    "penalty": 100,           # a miniature's penalty
}


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Rules(BaseRules):
    """Every tunable rule of the Cluedo Card Game.  Defaults follow the rulebook (see the module docstring)."""

    #: cards dealt to each player every round
    hand_size: int = 5
    #: points that win the game
    target: int = 10
    #: points for going out (getting rid of all your cards)
    going_out_points: int = 3
    #: the pictures of the deck, weapons then suspects
    pictures: tuple = PICTURES
    #: the numbers each picture's cards carry (one card per picture and number)
    numbers: tuple = NUMBERS
    #: how many times the whole picture x number set is in the deck
    copies: int = 1
    #: the miniature cards: (picture, penalty) pairs
    miniatures: tuple = MINIATURES
    #: which picture has which power: (picture, power) pairs, powers from POWER_KINDS
    powers: tuple = POWERS
    #: an empty draw pile: "reshuffle" the discards (keeping the top) or "pass"
    empty_draw: str = "reshuffle"
    #: are scores floored at 0 after the penalties?
    floor_at_zero: bool = False
    #: a tie for the highest score at the target: "play on" or "round winner"
    ties: str = "play on"
    #: who starts a round: "after winner", "winner" or "rotate"
    starter: str = "after winner"
    #: a round is void after this many turns with nobody out
    max_turns: int = 400
    #: the game stops (a stalemate, no winner) after this many rounds
    max_rounds: int = 200

    game_name = "Cluedo Card Game"
    min_players = 2
    max_players = 4

    def check(self) -> None:
        for name in ("hand_size", "target", "going_out_points", "copies", "max_turns", "max_rounds"):
            value = getattr(self, name)
            require(_whole(value), name, value, "a whole number")
        require(self.hand_size >= 1, "hand_size", self.hand_size, "at least 1 card")
        require(self.target >= 1, "target", self.target, "at least 1 point")
        require(self.going_out_points >= 0, "going_out_points", self.going_out_points, "0 or more points")
        require(self.copies >= 1, "copies", self.copies, "at least 1 copy")
        require(self.max_turns >= 1, "max_turns", self.max_turns, "at least 1 turn")
        require(self.max_rounds >= 1, "max_rounds", self.max_rounds, "at least 1 round")
        for name in ("hand_size", "target", "going_out_points", "copies", "max_turns", "max_rounds"):
            value = getattr(self, name)
            require(value <= LIMITS[name], name, value, f"a whole number up to {LIMITS[name]:,}")
        pictures = self.pictures
        require(isinstance(pictures, tuple) and len(pictures) >= 1
                and all(isinstance(p, str) and p.strip() for p in pictures)    # "  " names nothing
                and len(set(pictures)) == len(pictures), "pictures", pictures,
                "a tuple of different picture names (none empty or only spaces)")
        require(len(pictures) <= LIMITS["pictures"], "pictures", pictures,
                f"at most {LIMITS['pictures']} different pictures, not {len(pictures)}")
        numbers = self.numbers
        require(isinstance(numbers, tuple) and len(numbers) >= 1 and all(_whole(n) for n in numbers)
                and len(set(numbers)) == len(numbers), "numbers", numbers, "a tuple of different whole numbers")
        require(len(numbers) <= LIMITS["numbers"], "numbers", numbers,
                f"at most {LIMITS['numbers']} different numbers, not {len(numbers)}")
        minis = self.miniatures
        require(isinstance(minis, tuple) and self.min_players <= len(minis) <= LIMITS["miniatures"],
                "miniatures", minis,
                f"a tuple of {self.min_players} to {LIMITS['miniatures']} (picture, penalty) pairs")
        require(all(isinstance(m, tuple) and len(m) == 2 and m[0] in pictures and _whole(m[1])
                    and 0 <= m[1] <= LIMITS["penalty"] for m in minis), "miniatures", minis,
                f"(picture, penalty) pairs: a picture of the deck, a penalty 0 to {LIMITS['penalty']}")
        powers = self.powers
        require(isinstance(powers, tuple)
                and all(isinstance(p, tuple) and len(p) == 2 and p[0] in pictures and p[1] in POWER_KINDS
                        for p in powers), "powers", powers,
                f"a tuple of (picture, power) pairs, pictures of the deck, powers from {POWER_KINDS}")
        require(len({p[0] for p in powers}) == len(powers), "powers", powers, "at most one power per picture")
        require(self.deck_size >= self.min_players * self.hand_size + 1, "hand_size", self.hand_size,
                f"small enough to deal {self.min_players} hands from {self.deck_size} cards and turn one up")
        for name, allowed in (("empty_draw", EMPTY_DRAW_RULES), ("ties", TIE_RULES), ("starter", STARTER_RULES)):
            value = getattr(self, name)
            require(value in allowed, name, value, f"one of {allowed}")
        require(isinstance(self.floor_at_zero, bool), "floor_at_zero", self.floor_at_zero, "True or False")

    def check_players(self, n_players: int) -> None:
        super().check_players(n_players)
        require(len(self.miniatures) >= n_players, "miniatures", self.miniatures,
                f"at least one miniature for each of the {n_players} players")
        require(self.deck_size >= n_players * self.hand_size + 1, "hand_size", self.hand_size,
                f"small enough to deal {n_players} hands from {self.deck_size} cards and turn one up")

    @property
    def deck_size(self) -> int:
        return len(self.pictures) * len(self.numbers) * self.copies

    @cached_property
    def power_of(self) -> dict:
        """Each action picture's power (pictures without one are left out)."""
        return dict(self.powers)

    # -- hooks for bk.play / bk.simulate --------------------------------------
    def new_game(self, n_players: int, seed: int | None = None, record_events: bool = True):
        from .game import Game
        return Game(self, n_players, seed=seed, record_events=record_events)

    def default_bots(self, n_players: int) -> list:
        from .bots import Shedder
        return [Shedder() for _ in range(n_players)]

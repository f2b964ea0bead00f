"""Mystery Date's rules as data (``md.Rules()`` is the 1965 rulebook).

What the rulebook leaves out, and what boardkit chose (each is a field, so a
tinkerer can change it):

* **The board** (``board``): the real layout is lost.  We use a square ring of
  28 spaces: the four blue OPEN THE DOOR spaces on the corners and, on every
  side, the same six spaces in the same order -- TAKE 1, TAKE 2, SWAP LEFT,
  SWAP RIGHT, SWAP ANY, TAKE 1 FROM EITHER -- so that no seat gains from the
  layout (design.md §3).
* **The door** (``door_weights``): its odds are unknown; by default each of
  the five outcomes (four dates and the Dud) is equally likely.  Change the
  weights for a worn or rigged door.
* **The deck** (``copies``): 48 cards = 4 colours x numbers 1-3 x 4 copies.
* **Taking over the limit** (``hand_limit``): the example in rule 4A says a
  player takes all the cards and *then* discards down to six, one card of her
  choice at a time.
* **The Dud** (``dud_in_play``, ``dud_redraw``): she discards the outfit she
  showed and draws 3 fresh cards.  With ``dud_in_play=False`` the door never
  shows the Dud (its weight is ignored).
* **A game with no end**: the book has no limit; a rigged door that never
  shows the right date would go on forever, so the game stops as a
  "turn cap" after ``max_turns`` turns (rolls) and says so.

**How big a variant may be** (``LIMITS``): every size has an upper bound far
beyond anything a lesson needs, so a typo (``copies=10**6``) is a clear
``ValueError`` at once instead of minutes of work and gigabytes of memory:
up to 100 copies of each card (1,200 cards), hands of up to 100 cards, 100
cards redrawn after the Dud, 100 cards dealt, a 100-sided die, a board of
1,000 spaces, 1,000,000 turns, and door weights up to 10**9 each.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from boardkit.core import BaseRules, require

COLOURS = ("red", "green", "blue", "orange")
NUMBERS = (1, 2, 3)
#: The date each colour's outfit is for, and the door's fifth outcome.
DATES = {"red": "Formal Dance", "green": "Bowling", "blue": "Skiing", "orange": "Beach"}
DUD = "Dud"
OUTCOMES = ("red", "green", "blue", "orange", "dud")
OUTCOME_NAMES = {**DATES, "dud": DUD}

# Space kinds, as written on the board.
DOOR = "door"
TAKE_1 = "take1"
TAKE_2 = "take2"
SWAP_LEFT = "swap_left"
SWAP_RIGHT = "swap_right"
SWAP_ANY = "swap_any"
TAKE_EITHER = "take_either"
SPACE_LABELS = {
    DOOR: "OPEN THE DOOR",
    TAKE_1: "TAKE 1 CARD",
    TAKE_2: "TAKE 2 CARDS",
    SWAP_LEFT: "SWAP LEFT",
    SWAP_RIGHT: "SWAP RIGHT",
    SWAP_ANY: "SWAP ANY PLAYER",
    TAKE_EITHER: "TAKE 1 FROM EITHER PILE",
}
SPACE_KINDS = tuple(SPACE_LABELS)
#: How many cards a TAKE space gives.
TAKE_COUNT = {TAKE_1: 1, TAKE_2: 2}

#: The largest value each size rule may take (see the module docstring).
LIMITS = {"deal_size": 100, "hand_limit": 100, "copies": 100, "dud_redraw": 100, "die_sides": 100,
          "max_turns": 1_000_000, "board": 1000}
#: The largest door weight (the door's odds depend only on the weights' ratios).
MAX_WEIGHT = 10**9

SIDE = (TAKE_1, TAKE_2, SWAP_LEFT, SWAP_RIGHT, SWAP_ANY, TAKE_EITHER)
BOARD = tuple(kind for _ in range(4) for kind in (DOOR,) + SIDE)


@dataclass(frozen=True)
class Rules(BaseRules):
    """Every tunable rule of Mystery Date.  Defaults follow the 1965 rulebook."""

    #: cards dealt to each player at the start (rule 1)
    deal_size: int = 2
    #: most cards a player may keep after taking (rule 4A)
    hand_limit: int = 6
    #: copies of each colour-and-number card (4 x 12 = 48 cards)
    copies: int = 4
    #: the ring of spaces, clockwise from the first OPEN THE DOOR corner
    board: tuple = BOARD
    #: relative odds of the door showing: red, green, blue, orange date, the Dud
    door_weights: tuple = (1, 1, 1, 1, 1)
    #: whether the Dud can appear at the door
    dud_in_play: bool = True
    #: fresh cards drawn after meeting the Dud (rule 9)
    dud_redraw: int = 3
    #: faces of the one die
    die_sides: int = 6
    #: a game stops (no winner) after this many turns
    max_turns: int = 5000

    game_name = "Mystery Date"
    min_players = 2
    max_players = 4

    def check(self) -> None:
        for name in ("deal_size", "hand_limit", "copies", "dud_redraw", "die_sides", "max_turns"):
            value = getattr(self, name)
            require(isinstance(value, int) and not isinstance(value, bool), name, value, "a whole number")
            require(value <= LIMITS[name], name, value, f"a whole number up to {LIMITS[name]:,}")
        require(self.hand_limit >= 3, "hand_limit", self.hand_limit,
                "at least 3, or no one could hold a 1-2-3 outfit")
        require(0 <= self.deal_size <= self.hand_limit, "deal_size", self.deal_size,
                f"from 0 to the hand limit ({self.hand_limit})")
        require(self.copies >= 1, "copies", self.copies, "at least 1 copy of each card")
        require(self.dud_redraw >= 0, "dud_redraw", self.dud_redraw, "0 or more cards")
        require(self.die_sides >= 1, "die_sides", self.die_sides, "at least 1 face")
        require(self.max_turns >= 1, "max_turns", self.max_turns, "at least 1 turn")
        require(isinstance(self.dud_in_play, bool), "dud_in_play", self.dud_in_play, "True or False")
        require(isinstance(self.board, tuple) and 1 <= len(self.board) <= LIMITS["board"],
                "board", _short(self.board), f"a non-empty tuple of at most {LIMITS['board']:,} space kinds")
        unknown = [kind for kind in self.board if not isinstance(kind, str) or kind not in SPACE_KINDS]
        require(not unknown, "board", unknown, f"space kinds from {SPACE_KINDS}")
        require(DOOR in self.board, "board", self.board, f"at least one {DOOR!r} space")
        weights = self.door_weights
        require(isinstance(weights, tuple) and len(weights) == len(OUTCOMES), "door_weights", weights,
                f"a tuple of {len(OUTCOMES)} weights for {OUTCOMES}")
        require(all(isinstance(w, (int, float)) and not isinstance(w, bool) and math.isfinite(w)
                    and 0 <= w <= MAX_WEIGHT for w in weights), "door_weights", weights,
                f"numbers from 0 to {MAX_WEIGHT:,}")
        require(sum(self.live_weights) > 0, "door_weights", weights,
                "weights that sum to a positive number" + ("" if self.dud_in_play else " without the Dud"))

    @cached_property
    def live_weights(self) -> tuple:
        """The door weights in play (the Dud's is 0 when it is out of play)."""
        if self.dud_in_play:
            return self.door_weights
        return self.door_weights[:-1] + (0,)

    @property
    def deck_size(self) -> int:
        return len(COLOURS) * len(NUMBERS) * self.copies

    @cached_property
    def door_spaces(self) -> tuple[int, ...]:
        """The OPEN THE DOOR spaces, clockwise (found once per rules)."""
        return tuple(i for i, kind in enumerate(self.board) if kind == DOOR)

    def start_spaces(self, n_players: int) -> list[int]:
        """Each girl starts on the OPEN THE DOOR corner nearest her seat (spread round the ring)."""
        doors = self.door_spaces
        return [doors[(seat * len(doors)) // n_players] for seat in range(n_players)]

    def check_players(self, n_players: int) -> None:
        super().check_players(n_players)
        require(self.deck_size >= n_players * self.deal_size + 1, "deal_size", self.deal_size,
                f"small enough to deal {n_players} hands from {self.deck_size} cards and leave a discard")

    # -- hooks for bk.play / bk.simulate --------------------------------------
    def new_game(self, n_players: int, seed: int | None = None, record_events: bool = True):
        from .game import Game
        return Game(self, n_players, seed=seed, record_events=record_events)

    def default_bots(self, n_players: int) -> list:
        from .bots import Collector
        return [Collector() for _ in range(n_players)]


def _short(value):
    """A value to quote in an error, cut short when it is huge (a board of a million spaces)."""
    if isinstance(value, tuple) and len(value) > 8:
        return f"a tuple of {len(value):,} items"
    return value

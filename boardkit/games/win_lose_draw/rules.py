"""Every tunable rule of Win, Lose or Draw (Milton Bradley, 1988), with the rulebook as the defaults.

The box has two ways to play, chosen by ``play``:

* ``"team"`` -- Team Play, 4 or more players in two teams.  A die roll (high
  team first) decides who sketches first; turns alternate between teams,
  each team rotating its Sketcher.  The Sketcher's own team guesses before
  the timer runs out for a point; if it fails, the other team has ten
  seconds for one guess to steal it.  First team to 8 points wins.
* ``"gameboard"`` -- Gameboard Play, 3 to 6 players.  The first correct
  Guesser takes a pawn of a colour she lacks; the successful Sketcher rolls,
  moves the white square pawn and collects the colour it lands on.  An
  unguessed card passes to the left.  A player with four colours who guesses
  right wins the Ace-In-The-Hole (and the game) if the white pawn then lands
  on a Spade Space.

Where the rulebook is silent we chose, and each choice is a field here:

* **Teams** are the seats taken alternately: seats 0, 2, 4 ... are team A,
  seats 1, 3, 5 ... team B (with an odd number, team A has one more).
* **Choosing the Sketcher** (``team_picks_sketcher``): the book says "select
  a new member" and "rotate ... so that all have the opportunity".  By
  default each team rotates in seat order; with ``True`` the team picks,
  among the members who have sketched least, as a decision.
* **The card box** holds each item of ``data/cards.csv`` on a two-item card
  (an A and a B item, the rows paired after the shuffle); ``categories``
  says which categories are in the box.  A card used A-side is put at the
  back B-section-up, so it comes round later with its B item.
* **Partial answers** (``partial_answers``) count for a typed guess when the
  card lists them; ``match_threshold`` is how alike (0-100) a typed guess
  must be.  The Sketcher may overrule the matcher either way.
* **Who sketches first in Gameboard Play**: "choose a player": seat 0.
* **Two players with four colours guessing at the same moment**: the Ace goes
  to the first of them to the Sketcher's left (there is one Ace card).
* **Pawns run out**: 6 of each colour can't run out with 6 players (nobody
  holds two of a colour); with fewer ``pawns_per_colour`` a colour can, and
  then nobody can take it.
* **A game that never ends** stops after ``max_sketches`` sketches.
* **How many play Team Play**: the book says "for 4 or more players" and
  gives no upper limit.  The model seats up to ``MAX_TEAM_PLAYERS`` (40, a
  whole class in two teams); the App seats fewer (one seat box per player)
  and says so on its page.

**Upper bounds.**  The book fixes every size below; a variant may change it,
within bounds a teacher could ever want (and that keep a game quick):
``team_target`` 1-100 points, ``timer_seconds`` 1-600, ``steal_seconds``
1-120, ``die_sides`` 1-100, ``pawns_per_colour`` 1-100, ``max_sketches``
1-100,000, a ``track`` of 5 to ``track.MAX_TRACK`` (200) spaces.  A value
outside raises ValueError naming the field, the value and the range.
"""
from __future__ import annotations

from dataclasses import dataclass

from boardkit.core.rules import BaseRules, require

from .card_box import CATEGORIES
from .guessing import THRESHOLD
from .track import COLOURS, DEFAULT_TRACK, check_track

TEAM = "team"
GAMEBOARD = "gameboard"
PLAYS = (TEAM, GAMEBOARD)
#: Team Play is "for 4 or more players" with no upper limit in the book: a whole class in two teams
MAX_TEAM_PLAYERS = 40
#: players allowed in each way to play (inclusive); Gameboard Play is "for 3 to 6 players"
PLAYER_RANGE = {TEAM: (4, MAX_TEAM_PLAYERS), GAMEBOARD: (3, 6)}
#: the documented range of each whole-number rule (inclusive): (smallest, largest, unit)
BOUNDS = {
    "timer_seconds": (1, 600, "seconds"),
    "steal_seconds": (1, 120, "seconds"),
    "team_target": (1, 100, "points"),
    "die_sides": (1, 100, "faces"),
    "pawns_per_colour": (1, 100, "pawns"),
    "max_sketches": (1, 100_000, "sketches"),
}


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Rules(BaseRules):
    """Every tunable rule of Win, Lose or Draw.  Defaults follow the rulebook (see the module docstring)."""

    #: which way to play: "team" (Team Play) or "gameboard" (Gameboard Play)
    play: str = TEAM
    #: seconds on the timer for each sketch
    timer_seconds: int = 60
    #: Team Play: correct guesses a team needs to win
    team_target: int = 8
    #: Team Play: can the other team steal a point the Sketcher's team missed?
    steal: bool = True
    #: Team Play: seconds the other team has for its one stealing guess
    steal_seconds: int = 10
    #: Team Play: does the team pick its Sketcher (True) or rotate in seat order (False)?
    team_picks_sketcher: bool = False
    #: Gameboard Play: the path of the white square pawn, Spade Spaces and coloured squares.  The book gives
    #: only its four Spade Spaces: the default is our reconstruction (see ``track.py``), not the 1988 board
    track: tuple = DEFAULT_TRACK
    #: Gameboard Play: faces of the die the Sketcher rolls
    die_sides: int = 6
    #: Gameboard Play: different colours a player must own before trying for the Ace
    colours_to_collect: int = 4
    #: Gameboard Play: pawns of each colour in the centre of the board ("24 colored pawns" in four colours)
    pawns_per_colour: int = 6
    #: the categories of the items in the card box
    categories: tuple = CATEGORIES
    #: does a listed part of an answer ("Superman") count for a typed guess?
    partial_answers: bool = True
    #: how alike (above 0, at most 100) a typed guess and the answer must be
    match_threshold: float = THRESHOLD
    #: the game stops with no winner after this many sketches
    max_sketches: int = 1000

    game_name = "Win, Lose or Draw"

    def check(self) -> None:
        require(self.play in PLAYS, "play", self.play, f"one of {PLAYS}")
        require(_whole(self.colours_to_collect), "colours_to_collect", self.colours_to_collect, "a whole number")
        for name, (low, high, unit) in BOUNDS.items():
            value = getattr(self, name)
            require(_whole(value) and low <= value <= high, name, value, f"a whole number, {low} to {high:,} {unit}")
        for name in ("steal", "team_picks_sketcher", "partial_answers"):
            value = getattr(self, name)
            require(isinstance(value, bool), name, value, "True or False")
        check_track(self.track)
        require(1 <= self.colours_to_collect <= len(COLOURS), "colours_to_collect", self.colours_to_collect,
                f"1 to {len(COLOURS)} colours")
        categories = self.categories
        require(isinstance(categories, tuple) and categories and all(c in CATEGORIES for c in categories)
                and len(set(categories)) == len(categories), "categories", categories,
                f"a tuple of different categories from {CATEGORIES}")
        threshold = self.match_threshold
        require(isinstance(threshold, (int, float)) and not isinstance(threshold, bool) and 0 < threshold <= 100,
                "match_threshold", threshold, "a number above 0 and at most 100")

    @property
    def player_range(self) -> tuple[int, int]:
        """The fewest and most players this way to play allows."""
        return PLAYER_RANGE[self.play]

    @property
    def min_players(self) -> int:
        return PLAYER_RANGE[self.play][0]

    @property
    def max_players(self) -> int:
        return PLAYER_RANGE[self.play][1]

    def check_players(self, n_players: int) -> None:
        low, high = self.player_range
        if not _whole(n_players) or not low <= n_players <= high:
            play = "Team Play" if self.play == TEAM else "Gameboard Play"
            raise ValueError(f"n_players must be a whole number from {low} to {high} for {play} "
                             f"(play={self.play!r}), got {n_players!r}")

    # -- hooks for bk.play / bk.simulate --------------------------------------
    def new_game(self, n_players: int, seed: int | None = None, record_events: bool = True):
        from .game import Game
        return Game(self, n_players, seed=seed, record_events=record_events)

    def default_bots(self, n_players: int) -> list:
        from .bots import Skilled
        return [Skilled() for _ in range(n_players)]

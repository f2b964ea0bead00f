"""Mouse Trap's rules as data (``mt.Rules()`` is the Milton Bradley rulebook).

The rulebook is in ``seeds/mouse_trap.txt``.  Where it is silent or garbled,
boardkit chose as follows (each choice is a field, so a tinkerer can change it,
or is stated here when it is simply how the game is played):

* **The track** (``path``, ``loop``): the real board's layout is not known.
  ``path`` is START and the main path; ``loop`` is the Loop of 6 that mice
  circle for the rest of the game, from SAFE to the CHEESE WHEEL with TURN
  CRANK in it.  Each space is a short text (see :func:`parse_space`):
  ``"build 2-3"`` (a build space for 2 or 3 players), ``"build 2-3-4 x2"``
  (the build space by the Cheese Wheel: two parts), ``"take 1"``,
  ``"lose 2"``, ``"back 3"``, ``"ahead 4"``, ``"cheese"`` (Go to Cheese:
  straight to the Cheese Wheel), ``"rival 3"`` (take three from the rival with
  most), ``"blank"``, ``"start"``, ``"safe"``, ``"crank"``, ``"wheel"``.
  The default path is a reconstruction with every space kind of the book.
* **The contraption** (``stage_odds``): the chain A-P of the rulebook, each
  stage working with its own probability.  The defaults are a reconstruction:
  sound parts 0.97-0.99, the famously fiddly ones (the rickety stairs, the
  helping hand, the diver) lower, so a fresh trap works about 54 % of the
  time, "a little over half", as players report.  ``backups`` names stages
  given a second, parallel copy (the stage fails only if both fail).
* **Parts** (``n_parts``): 24 numbered parts, built in order, one cheese per
  part built.  A double build space with one part left builds one part and
  gives one cheese.  The book says a player "may build": building is a
  decision (``Build`` or ``DoNotBuild``); the bots always build.
* **Being sent** (``wheel_cheese_when_sent``, ``crank_when_sent``): "GO BACK,
  MOVE AHEAD AND GO TO CHEESE: ... you must go to the space indicated, but do
  not follow any message printed in that space!"  By default (the book) a
  sent mouse follows no message at all: no build, no take or lose, no cheese
  from the Cheese Wheel and no crank from TURN CRANK.  A house reading takes
  the book's "every time you land on the Cheese Wheel" and "when you end your
  turn on TURN CRANK" to cover a sent mouse too: set either field to True.
* **Going back in the Loop**: a GO BACK inside the Loop goes round the Loop
  backwards; on the main path it stops at START.
* **Pushed mice** (``push_cost``): a cranker pays one cheese per try and rolls
  for the opponent she chose; the pushed mouse moves forward and follows no
  message, not even the Cheese Wheel's two cheese (its owner did not land
  there).  A mouse on SAFE, or already on the wheel, cannot be pushed.
* **Robbing**: "TAKE 3 FROM RIVAL WITH MOST" and taking from a rival when the
  pile is empty take from the opponent with the most cheese among those not on
  SAFE (SAFE cannot be robbed).  The taker gets at most what that rival holds.
  On a tie the taker chooses how many to take from each tied rival (all from
  one, or divided), up to what each holds.  The book's "you may" is always
  taken (it never hurts).
* **Sizes** (every count and length has an upper bound, far above anything a
  lesson needs, so a typo cannot make a game that eats the machine):
  ``path`` 1-200 spaces, ``loop`` 2-100, the number on a space 1-100,
  ``cheese_count`` 0-1000, ``n_parts`` 0-200, ``wheel_cheese`` 0-100,
  ``push_cost`` 1-100, ``die_sides`` 1-100, ``max_turns`` 1-100,000
  (see :data:`LIMITS`).
* **A game with no end** (``max_turns``): if nobody can be caught (a trap that
  never works, no build space for this many players) the game would go on
  forever, so it stops after ``max_turns`` turns (rolls) as a stalemate, with
  end reason ``"turn cap"`` and no winner.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import NamedTuple

from boardkit.core import BaseRules, require

# Space kinds, as written on the board.
START = "start"
BLANK = "blank"
BUILD = "build"
TAKE = "take"
LOSE = "lose"
BACK = "back"
AHEAD = "ahead"
TO_CHEESE = "cheese"
RIVAL = "rival"
SAFE = "safe"
CRANK = "crank"
WHEEL = "wheel"
#: kinds written with a number after them ("take 2"), and kinds written alone
COUNTED = (TAKE, LOSE, BACK, AHEAD, RIVAL)
PLAIN = (START, BLANK, TO_CHEESE, SAFE, CRANK, WHEEL)
SPACE_KINDS = (BUILD,) + COUNTED + PLAIN


class Space(NamedTuple):
    """One space of the track: its kind, a number (cheese, steps or parts) and,
    for a build space, the player counts it builds for."""

    kind: str
    amount: int = 0
    players: tuple = ()

    @property
    def label(self) -> str:
        """The space as printed on the board."""
        if self.kind == BUILD:
            marks = "-".join(map(str, self.players))
            return marks if self.amount == 1 else f"{marks} (BUILD {self.amount})"
        return {
            TAKE: f"TAKE {self.amount} CHEESE", LOSE: f"LOSE {self.amount} CHEESE",
            BACK: f"GO BACK {self.amount}", AHEAD: f"MOVE AHEAD {self.amount}",
            RIVAL: f"TAKE {self.amount} FROM RIVAL WITH MOST", TO_CHEESE: "GO TO CHEESE",
            START: "START", BLANK: "", SAFE: "SAFE", CRANK: "TURN CRANK", WHEEL: "CHEESE WHEEL",
        }[self.kind]


def parse_space(text: str) -> Space:
    """Read a space written as text: ``"build 2-3"``, ``"build 2-3-4 x2"``, ``"take 1"``, ``"safe"``."""
    if not isinstance(text, str):
        raise ValueError(f"a space must be text such as 'take 1', got {text!r}")
    words = text.split()
    kind = words[0] if words else ""
    if kind in PLAIN and len(words) == 1:
        return Space(kind)
    if kind in COUNTED and len(words) == 2 and _space_number(words[1]):
        return Space(kind, int(words[1]))
    if kind == BUILD and len(words) in (2, 3):
        marks = words[1].split("-")
        times = words[2] if len(words) == 3 else "x1"
        if (all(m in ("2", "3", "4") for m in marks) and len(set(marks)) == len(marks)
                and times[:1] == "x" and _space_number(times[1:])):
            return Space(BUILD, int(times[1:]), tuple(sorted(int(m) for m in marks)))
    raise ValueError(
        f"no such space {text!r}; write one of 'build 2', 'build 2-3', 'build 2-3-4', 'build 2-3-4 x2', "
        f"'take N', 'lose N', 'back N', 'ahead N', 'rival N' (N from 1 to {MAX_SPACE_NUMBER}), "
        f"or {', '.join(map(repr, PLAIN))}")


#: the largest number written on a space ("take 100", "back 100", "build 2 x100")
MAX_SPACE_NUMBER = 100


def _space_number(text: str) -> bool:
    return text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_SPACE_NUMBER


#: START and the main path (a reconstruction; the Loop follows it).
PATH = (
    "start",
    "build 2", "take 1", "build 2-3-4", "build 2-3", "lose 1",
    "build 2-3-4", "back 3", "build 2", "take 2", "build 2-3-4",
    "build 2-3", "ahead 4", "build 2", "build 2-3-4", "lose 2",
    "build 2-3", "take 1", "build 2-3-4", "rival 3", "build 2",
    "build 2-3", "back 5", "build 2-3-4", "take 1", "build 2",
    "cheese", "build 2-3", "build 2-3-4", "lose 1", "build 2",
    "build 2-3-4", "take 2", "build 2-3", "blank",
)
#: The Loop of 6, from SAFE to the CHEESE WHEEL.
LOOP = ("safe", "take 1", "build 2-3-4 x2", "crank", "lose 1", "wheel")

#: The chain reaction A-P of the rulebook: (letter, what happens).
STAGES = (
    ("A", "crank turns"), ("B", "gears rotate"), ("C", "lever pushes stop sign"),
    ("D", "shoe tips bucket"), ("E", "metal ball leaves bucket"), ("F", "ball rolls down rickety stairs"),
    ("G", "ball runs down rain pipe"), ("H", "ball hits helping hand rod"),
    ("I", "bowling ball falls"), ("J", "ball goes through thing-a-ma-jig"), ("K", "ball drops through bathtub"),
    ("L", "ball lands on diving board"), ("M", "diver is catapulted"), ("N", "diver lands in wash tub"),
    ("O", "cage is shaken loose"), ("P", "cage falls down the post"),
)
STAGE_LETTERS = tuple(letter for letter, _ in STAGES)
#: Default chance each stage works (a reconstruction: about 0.54 for the whole chain).
STAGE_ODDS = (0.99, 0.98, 0.97, 0.95, 0.97, 0.90, 0.97, 0.93,
              0.97, 0.96, 0.98, 0.97, 0.93, 0.98, 0.96, 0.99)

#: The 24 numbered parts of the Building Plan.  The names the rulebook gives
#: (1, 2, 10, 11, 15, 16, 17, 20, 21, 23, 24) are kept; the rest are reconstructed.
PARTS = (
    "base A", "gear support", "crank", "gears", "lever", "stop sign", "shoe", "base B",
    "rickety stairs", "bucket", "metal ball", "rain pipe", "base C", "helping hand rod",
    "helping hand", "thing-a-ma-jig", "bowling ball", "bathtub", "diving board", "man (diver)",
    "cage base", "wash tub", "cage post", "cage",
)


#: Upper (and lower) bounds of every size field: far above anything a teacher
#: would want, low enough that no variant can exhaust the machine.
LIMITS = {
    "path": (1, 200),           # spaces, START included
    "loop": (2, 100),           # spaces, SAFE to CHEESE WHEEL
    "cheese_count": (0, 1000),  # cheese cards in the box
    "n_parts": (0, 200),        # parts of the trap
    "wheel_cheese": (0, 100),   # cheese for landing on the Cheese Wheel
    "push_cost": (1, 100),      # cheese per push
    "die_sides": (1, 100),      # faces of the die
    "max_turns": (1, 100_000),  # turns before the game is a stalemate
}


def _is_probability(p) -> bool:
    # (compared first: math.isfinite of a huge Fraction such as "1e400" would overflow a float)
    return isinstance(p, (int, float, Fraction)) and not isinstance(p, bool) and 0 <= p <= 1 and math.isfinite(p)


@dataclass(frozen=True)
class Rules(BaseRules):
    """Every tunable rule of Mouse Trap.  Defaults follow the rulebook (see the module docstring)."""

    #: START and the main path, as space texts (START first)
    path: tuple = PATH
    #: the Loop, from SAFE to the CHEESE WHEEL, circled after the main path
    loop: tuple = LOOP
    #: Cheese Cards in the box (all start in the pile)
    cheese_count: int = 30
    #: numbered parts of the Building Plan; the trap works only when all are built
    n_parts: int = 24
    #: chance each stage A-P of the contraption works
    stage_odds: tuple = STAGE_ODDS
    #: stages given a parallel backup (fails only if both fail), e.g. ("F", "M")
    backups: tuple = ()
    #: cheese for landing on the Cheese Wheel
    wheel_cheese: int = 2
    #: does a mouse *sent* to the Cheese Wheel (GO TO CHEESE ...) take its cheese?  The book:
    #: no ("do not follow any message printed in that space!"); True is the house reading
    #: "every time you land on the Cheese Wheel" you take two, however you got there
    wheel_cheese_when_sent: bool = False
    #: does a mouse *sent* to TURN CRANK (MOVE AHEAD ...) get to push and crank?  The book: no;
    #: True is the house reading "when you end your turn on TURN CRANK", however you got there
    crank_when_sent: bool = False
    #: cheese paid for each try to push an opponent's mouse
    push_cost: int = 1
    #: faces of the one die
    die_sides: int = 6
    #: the game stops (a stalemate, no winner) after this many turns
    max_turns: int = 2000

    game_name = "Mouse Trap"
    min_players = 2
    max_players = 4

    def check(self) -> None:
        what = {"cheese_count": "cheese cards", "n_parts": "parts", "wheel_cheese": "cheese",
                "push_cost": "cheese per push", "die_sides": "faces", "max_turns": "turns"}
        for name, unit in what.items():
            value = getattr(self, name)
            low, high = LIMITS[name]
            require(isinstance(value, int) and not isinstance(value, bool) and low <= value <= high, name, value,
                    f"a whole number of {unit} from {low} to {high:,}")
        for name in ("wheel_cheese_when_sent", "crank_when_sent"):
            value = getattr(self, name)
            require(isinstance(value, bool), name, value, "True or False")
        self._check_track()
        odds = self.stage_odds
        require(isinstance(odds, tuple) and len(odds) == len(STAGES), "stage_odds", odds,
                f"a tuple of {len(STAGES)} probabilities, one per stage {'-'.join(STAGE_LETTERS[::15])}")
        require(all(_is_probability(p) for p in odds), "stage_odds", odds,
                "numbers from 0 to 1 (floats, or Fractions for exact answers)")
        require(isinstance(self.backups, tuple) and all(b in STAGE_LETTERS for b in self.backups)
                and len(set(self.backups)) == len(self.backups), "backups", self.backups,
                f"a tuple of different stage letters from {STAGE_LETTERS}")

    def _check_track(self) -> None:
        for name in ("path", "loop"):
            value = getattr(self, name)
            low, high = LIMITS[name]
            require(isinstance(value, tuple) and low <= len(value) <= high, name,
                    value if not isinstance(value, tuple) or len(value) <= 8 else f"({len(value)} spaces)",
                    f"a tuple of {low} to {high} spaces")
            for text in value:
                try:
                    parse_space(text)
                except ValueError as err:
                    raise ValueError(f"{name}={value!r} is not allowed: {err}") from None
        path = [parse_space(text).kind for text in self.path]
        loop = [parse_space(text).kind for text in self.loop]
        require(path[0] == START and START not in path[1:], "path", self.path, "'start' first and nowhere else")
        require(not {SAFE, CRANK, WHEEL} & set(path), "path", self.path,
                "no 'safe', 'crank' or 'wheel' space (they belong to the loop)")
        require(len(loop) >= 2 and loop[0] == SAFE and loop[-1] == WHEEL and START not in loop, "loop",
                self.loop, "at least 2 spaces, 'safe' first, 'wheel' last and no 'start'")
        for kind in (SAFE, CRANK, WHEEL):
            require(loop.count(kind) == 1, "loop", self.loop, f"exactly one {kind!r} space")

    # -- the track ------------------------------------------------------------
    @cached_property
    def spaces(self) -> tuple:
        """Every space, START first, the Loop last (positions index into this)."""
        return tuple(parse_space(text) for text in self.path + self.loop)

    @cached_property
    def labels(self) -> tuple:
        """Each space's words as printed on the board (``Space.label``), START first."""
        return tuple(space.label for space in self.spaces)

    @property
    def loop_start(self) -> int:
        """Position of SAFE, the first space of the Loop."""
        return len(self.path)

    @cached_property
    def safe(self) -> int:
        return self._where(SAFE)

    @cached_property
    def crank(self) -> int:
        return self._where(CRANK)

    @cached_property
    def wheel(self) -> int:
        return self._where(WHEEL)

    def _where(self, kind: str) -> int:
        return [space.kind for space in self.spaces].index(kind)

    def forward(self, position: int, steps: int) -> int:
        """Where a mouse ends ``steps`` spaces on: along the path, then round and round the Loop."""
        position += steps
        last = len(self.spaces) - 1
        if position > last:
            start = self.loop_start
            position = start + (position - start) % (last + 1 - start)
        return position

    def back(self, position: int, steps: int) -> int:
        """GO BACK: towards START on the path (stopping there); backwards round the Loop inside it."""
        start = self.loop_start
        if position >= start:
            return start + (position - start - steps) % (len(self.spaces) - start)
        return max(0, position - steps)

    def steps_to_wheel(self, position: int) -> int:
        """How many steps forward from ``position`` to the Cheese Wheel."""
        if position >= self.loop_start:
            return (self.wheel - position) % (len(self.spaces) - self.loop_start)
        return self.wheel - position

    # -- the contraption -----------------------------------------------------
    @cached_property
    def stage_floats(self) -> tuple:
        """Each stage's chance to work as a float (what a crank in the game uses)."""
        return tuple(float(p) for p in self.stage_odds)

    def with_stage_odds(self, **odds) -> "Rules":
        """A copy with some stages' chances changed, by letter: ``rules.with_stage_odds(F=0.99)``."""
        unknown = sorted(set(odds) - set(STAGE_LETTERS))
        require(not unknown, "stage_odds", unknown, f"stage letters {STAGE_LETTERS[0]}-{STAGE_LETTERS[-1]}")
        changed = tuple(odds.get(letter, p) for letter, p in zip(STAGE_LETTERS, self.stage_odds))
        return self.replace(stage_odds=changed)

    # -- saving (Fractions are written as "3/4") ------------------------------
    def to_dict(self) -> dict:
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        data["stage_odds"] = [str(p) if isinstance(p, Fraction) else p for p in self.stage_odds]
        return {k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}

    @classmethod
    def from_dict(cls, data: dict) -> "Rules":
        if isinstance(data, dict) and isinstance(data.get("stage_odds"), list):
            odds = []
            for p in data["stage_odds"]:
                try:
                    odds.append(Fraction(p) if isinstance(p, str) else p)
                except (ValueError, ZeroDivisionError):  # "1/0"
                    raise ValueError(f"stage_odds: {p!r:.40} is not a number") from None
                if not _is_probability(odds[-1]):   # "1e400": named as saved, not as a 401-digit Fraction
                    raise ValueError(f"stage_odds: {p!r:.40} is not a probability from 0 to 1")
            data = {**data, "stage_odds": odds}
        return super().from_dict(data)

    # -- hooks for bk.play / bk.simulate --------------------------------------
    def new_game(self, n_players: int, seed: int | None = None, record_events: bool = True):
        from .game import Game
        return Game(self, n_players, seed=seed, record_events=record_events)

    def default_bots(self, n_players: int) -> list:
        from .bots import Trapper
        return [Trapper() for _ in range(n_players)]

"""Win, Lose or Draw by the numbers: the die on the gameboard, collecting colours, the team race.

Gameboard Play (see :mod:`.track`): a successful Sketcher rolls one die and
moves the white square pawn clockwise; the colour it lands on is a pawn to
collect, a Spade Space gives nothing -- except to a player who already owns
all four colours, who then wins the Ace-In-The-Hole card and the game.

* :func:`landing_odds` -- one roll from each space: the exact chance of a
  Spade and of each colour.
* :func:`long_run_landings` -- where the pawn spends its time in the long
  run: the stationary distribution of a Markov chain on the ring.
* :func:`sketches_before_spade` -- expected successful sketches until the
  pawn lands on a Spade (the wait for the Ace), from an absorbing chain.
* :func:`expected_to_collect`, :func:`simulate_collect` -- expected cards for
  one player to own all four colours, exact and by Monte Carlo.
* :func:`team_race`, :func:`simulate_race` -- Team Play: the chance the first
  team reaches 8 points first, and how many cards a match lasts.

Answers are ``Fraction`` values when the inputs are exact (whole numbers or
Fractions) and the chain is small; floats from numpy otherwise.
"""
from __future__ import annotations

import math
import numbers
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from boardkit.core.rng import new_generator

from .track import COLOURS, DEFAULT_TRACK, KINDS, SPADE, check_track

EXACT_LIMIT = 64       # tracks up to this many spaces are solved exactly with Fractions
TEAM_TARGET = 8        # "The team who guesses 8 items correctly first wins."


# --- checking arguments -------------------------------------------------------------------

def _whole(name: str, value, smallest: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < smallest:
        raise ValueError(f"{name}={value!r} is not allowed: expected a whole number >= {smallest}")
    return int(value)


def _sides(sides) -> int:
    return _whole("sides", sides, 1)


def _probability(name: str, value):
    """A chance in [0, 1]: a Fraction when given exactly (int or Fraction), else a float."""
    if (isinstance(value, bool) or not isinstance(value, numbers.Real)
            or not math.isfinite(float(value)) or not 0 <= value <= 1):
        raise ValueError(f"{name}={value!r} is not allowed: expected a probability between 0 and 1")
    return Fraction(value) if isinstance(value, (numbers.Integral, Fraction)) else float(value)


# --- the pawn on the ring -----------------------------------------------------------------

def _landing_counts(track: tuple, sides: int, start: int) -> dict[int, int]:
    """How many of the die's faces move the pawn from ``start`` to each space."""
    counts: dict[int, int] = {}
    for roll in range(1, sides + 1):
        space = (start + roll) % len(track)
        counts[space] = counts.get(space, 0) + 1
    return counts


def _exact_matrix(track: tuple, sides: int) -> list[list[Fraction]]:
    """The one-roll transition matrix P[i][j] = chance to move from space i to space j."""
    n = len(track)
    rows = []
    for start in range(n):
        row = [Fraction(0)] * n
        for space, count in _landing_counts(track, sides, start).items():
            row[space] = Fraction(count, sides)
        rows.append(row)
    return rows


def _float_matrix(track: tuple, sides: int) -> np.ndarray:
    n = len(track)
    matrix = np.zeros((n, n))
    for roll in range(1, sides + 1):
        matrix[np.arange(n), (np.arange(n) + roll) % n] += 1 / sides
    return matrix


def _solve_exact(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction]:
    """Solve matrix @ x = rhs exactly by Gaussian elimination (the matrix must be invertible)."""
    n = len(rhs)
    rows = [list(row) + [value] for row, value in zip(matrix, rhs)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def landing_odds(track=DEFAULT_TRACK, sides: int = 6):
    """For each start space, the exact chance one roll lands on a Spade and on each colour.

    A pandas DataFrame: one row per start space (index ``start``), one column
    per kind (``"spade"`` then the colours); every row sums to 1.
    """
    import pandas as pd

    track, sides = check_track(track), _sides(sides)
    rows = []
    for start in range(len(track)):
        chances = dict.fromkeys(KINDS, Fraction(0))
        for space, count in _landing_counts(track, sides, start).items():
            chances[track[space]] += Fraction(count, sides)
        rows.append(chances)
    return pd.DataFrame(rows, columns=list(KINDS), index=pd.Index(range(len(track)), name="start"))


class LongRun(NamedTuple):
    """Where the pawn is in the long run: per space, and as the share of landings per kind."""

    position: object   # pandas Series over spaces
    by_kind: object    # pandas Series over "spade" and the colours


def long_run_landings(track=DEFAULT_TRACK, sides: int = 6) -> LongRun:
    """The stationary distribution pi of the pawn's position (pi P = pi, sum pi = 1), and per kind.

    After many rolls the pawn forgets where it started.  On a ring every
    space can be reached from as many faces of the die as it can move on
    with (the matrix is doubly stochastic), so pi comes out *uniform*:
    each space 1/len(track).  The share of landings on a kind is then the
    share of spaces of that kind: 4/28 = 1/7 for Spades, 6/28 = 3/14 for
    each colour on the default board.  pi is solved, not assumed: the last
    equation of (P^T - I) pi = 0 is replaced by sum(pi) = 1.
    """
    import pandas as pd

    track, sides = check_track(track), _sides(sides)
    pi = _stationary(track, sides)
    position = pd.Series(pi, index=pd.Index(range(len(track)), name="space"), name="long-run chance")
    shares = landing_shares(track, sides)
    by_kind = pd.Series(list(shares.values()), index=pd.Index(list(shares), name="kind"), name="share of landings")
    return LongRun(position, by_kind)


def landing_shares(track=DEFAULT_TRACK, sides: int = 6) -> dict:
    """The long run's share of landings on each kind of space (``long_run_landings().by_kind`` as a dict)."""
    track, sides = check_track(track), _sides(sides)
    pi = _stationary(track, sides)
    return {k: sum((p for p, kind in zip(pi, track) if kind == k), start=0 * pi[0]) for k in KINDS}


@lru_cache(maxsize=64)
def _stationary(track: tuple, sides: int) -> tuple:
    """pi of :func:`long_run_landings`, solved once per track and die (a lesson asks for it often)."""
    n = len(track)
    if n <= EXACT_LIMIT:
        matrix = _exact_matrix(track, sides)
        system = [[matrix[j][i] - (1 if i == j else 0) for j in range(n)] for i in range(n - 1)]
        system.append([Fraction(1)] * n)
        return tuple(_solve_exact(system, [Fraction(0)] * (n - 1) + [Fraction(1)]))
    system = _float_matrix(track, sides).T - np.eye(n)
    system[-1, :] = 1
    return tuple(np.linalg.solve(system, np.eye(n)[-1]))


def _spade_waits(track: tuple, sides: int) -> list:
    """Expected rolls until the pawn lands on a Spade, counting that roll, from every space.

    The Spades are absorbing; t on the other spaces solves (I - Q) t = 1.
    From any space s (a Spade included) the wait is 1 + sum_j P[s][j] t_j
    over the non-Spade spaces j.
    """
    n = len(track)
    others = [i for i in range(n) if track[i] != SPADE]
    if n <= EXACT_LIMIT:
        matrix = _exact_matrix(track, sides)
        system = [[(1 if i == j else 0) - matrix[i][j] for j in others] for i in others]
        t = dict(zip(others, _solve_exact(system, [Fraction(1)] * len(others))))
        return [1 + sum((matrix[s][j] * t[j] for j in others), start=Fraction(0)) for s in range(n)]
    matrix = _float_matrix(track, sides)
    q = matrix[np.ix_(others, others)]
    t = np.linalg.solve(np.eye(len(others)) - q, np.ones(len(others)))
    return list(1 + matrix[:, others] @ t)


def sketches_before_spade(track=DEFAULT_TRACK, sides: int = 6, start: int = 0):
    """Expected successful sketches (rolls) until the pawn first lands on a Spade, from ``start``.

    The roll that lands on the Spade is counted, so the colour-landing rolls
    before it are one fewer.  This is the wait for the Ace-In-The-Hole: a
    player with all four colours needs this many correct guesses, on
    average, before a roll after one of them ends on a Spade.  The game
    starts with the pawn on a Spade (space 0 of the default track).
    """
    track, sides = check_track(track), _sides(sides)
    if isinstance(start, bool) or not isinstance(start, numbers.Integral) or not 0 <= start < len(track):
        raise ValueError(f"start={start!r} is not allowed: expected a space number 0..{len(track) - 1}")
    return _spade_waits(track, sides)[int(start)]


def spade_wait_table(track=DEFAULT_TRACK, sides: int = 6):
    """:func:`sketches_before_spade` from every start space, as a pandas Series."""
    import pandas as pd

    track, sides = check_track(track), _sides(sides)
    return pd.Series(_spade_waits(track, sides), index=pd.Index(range(len(track)), name="start"),
                     name="expected rolls to a Spade")


# --- collecting the four colours ----------------------------------------------------------

def _collect_setup(p_guess, p_sketch, track, sides):
    """Checked chances, and each colour's long-run landing share (rarest colour first in ``order``)."""
    p_guess, p_sketch = _probability("p_guess", p_guess), _probability("p_sketch", p_sketch)
    if p_guess + p_sketch > 1:
        raise ValueError(f"p_guess + p_sketch={p_guess + p_sketch!r} is not allowed: "
                         f"they are chances of different roles on one card and must add up to at most 1")
    if p_guess + p_sketch == 0:
        raise ValueError(f"p_guess={p_guess!r} with p_sketch={p_sketch!r} is not allowed: "
                         f"a player who never collects never finishes; at least one must be > 0")
    shares = long_run_landings(track, sides).by_kind
    share = {colour: shares[colour] for colour in COLOURS}
    order = sorted(COLOURS, key=lambda colour: share[colour])   # stable: ties keep COLOURS order
    return p_guess, p_sketch, share, order


def expected_to_collect(p_guess, p_sketch=0, track=DEFAULT_TRACK, sides: int = 6):
    """Expected number of cards until one player owns all four colours (exact when the inputs are).

    The model, a Markov chain over the set of colours she holds:

    * Each card, independently, she is the first correct Guesser with chance
      ``p_guess``: she takes a pawn of a colour she lacks -- the one rarest
      on the board (a colour she is least likely to land on later), so the
      die is left the common ones.  Pawns never run out (6 of each colour).
    * With chance ``p_sketch`` she is instead the successful Sketcher and
      rolls: the pawn lands on each colour with its long-run share of
      landings (:func:`long_run_landings`; the pawn's actual position is
      not tracked).  She collects the colour if she lacks it; a Spade or a
      colour she holds gives nothing.
    * Otherwise (someone else guesses or sketches, or nobody guesses in
      time) she collects nothing.  The Ace-In-The-Hole is not included.

    With only guessing the answer is 4 / p_guess (four geometric waits);
    with ``p_guess=1`` it is exactly 4 cards.  The expected waits are solved
    backwards from the full set: E[S] = (1 + sum P(S -> S+c) E[S+c]) / (1 - P(stay)).
    """
    p_guess, p_sketch, share, order = _collect_setup(p_guess, p_sketch, track, sides)
    full = frozenset(COLOURS)
    expected = {full: 0 * (p_guess + p_sketch)}
    for size in range(len(COLOURS) - 1, -1, -1):
        for held in _subsets_of_size(size):
            gains = {colour: p_sketch * share[colour] for colour in COLOURS if colour not in held}
            rarest = next(colour for colour in order if colour not in held)
            gains[rarest] += p_guess
            total = sum(gains.values())
            expected[held] = (1 + sum(p * expected[held | {c}] for c, p in gains.items())) / total
    return expected[frozenset()]


def _subsets_of_size(size: int) -> list[frozenset]:
    from itertools import combinations

    return [frozenset(group) for group in combinations(COLOURS, size)]


def simulate_collect(p_guess, n: int = 10_000, seed: int | None = 0, p_sketch=0,
                     track=DEFAULT_TRACK, sides: int = 6) -> np.ndarray:
    """Monte Carlo of :func:`expected_to_collect`'s model: the cards each of ``n`` players needed."""
    p_guess, p_sketch, share, order = _collect_setup(p_guess, p_sketch, track, sides)
    n, rng = _whole("n", n, 1), new_generator(seed)
    p_guess, p_sketch = float(p_guess), float(p_sketch)
    land_odds = np.array([float(share[colour]) for colour in COLOURS])
    land_odds = np.append(land_odds, max(0.0, 1 - land_odds.sum()))    # the last "colour" is a Spade
    priority = np.array([COLOURS.index(colour) for colour in order])
    held = np.zeros((n, len(COLOURS)), dtype=bool)
    cards = np.zeros(n, dtype=np.int64)
    active = np.arange(n)
    while active.size:
        cards[active] += 1
        u = rng.random(active.size)
        guessers = active[u < p_guess]
        rarest_lacking = priority[np.argmax(~held[guessers][:, priority], axis=1)]
        held[guessers, rarest_lacking] = True
        sketchers = active[(u >= p_guess) & (u < p_guess + p_sketch)]
        landed = rng.choice(len(land_odds), size=sketchers.size, p=land_odds / land_odds.sum())
        on_colour = landed < len(COLOURS)
        held[sketchers[on_colour], landed[on_colour]] = True
        active = active[~held[active].all(axis=1)]
    return cards


# --- Team Play: the race to 8 -------------------------------------------------------------

class RaceOdds(NamedTuple):
    """Team A's chance to reach the target first, and the expected number of cards in a match."""

    a_wins: object
    expected_cards: object


def _race_setup(p_a, p_b, target, steal):
    p_a, p_b = _probability("p_a", p_a), _probability("p_b", p_b)
    steal, target = _probability("steal", steal), _whole("target", target, 1)
    if p_a + (1 - p_a) * steal == 0 and p_b + (1 - p_b) * steal == 0:
        raise ValueError(f"p_a={p_a!r}, p_b={p_b!r} with steal={steal!r} is not allowed: "
                         f"nobody could ever score; some chance must be > 0")
    return p_a, p_b, target, steal


def team_race(p_a, p_b, target: int = TEAM_TARGET, steal=0) -> RaceOdds:
    """Exact chance that team A (who sketches first) reaches ``target`` points first, and match length.

    Each card, the sketching team guesses it in time with its chance (``p_a``
    or ``p_b``).  If not, the other team gets one guess and steals the point
    with chance ``steal``.  Either way the other team sketches the next card,
    so turns simply alternate.  Dynamic programming over (A's score, B's
    score, whose turn), from the finished scores backwards.  At one score
    the two turns depend on each other (a card nobody wins changes only the
    turn), so each pair is solved as two linear equations:
    x = k_A + r_A y,  y = k_B + r_B x  (r = chance nobody scores).
    """
    p_a, p_b, target, steal = _race_setup(p_a, p_b, target, steal)
    zero = 0 * (p_a + p_b + steal)
    win, cards = {}, {}
    for a in range(target, -1, -1):
        for b in range(target, -1, -1):
            if a == target or b == target:
                for turn in "AB":
                    win[a, b, turn], cards[a, b, turn] = (zero + 1 if a == target else zero), zero
                continue
            # A sketches: A scores with p_a, B steals with (1 - p_a) steal, else B sketches next.
            score_a, steal_b, none_a = p_a, (1 - p_a) * steal, (1 - p_a) * (1 - steal)
            score_b, steal_a, none_b = p_b, (1 - p_b) * steal, (1 - p_b) * (1 - steal)
            for table, step in ((win, 0), (cards, 1)):
                k_a = step + score_a * table[a + 1, b, "B"] + steal_b * table[a, b + 1, "B"]
                k_b = step + score_b * table[a, b + 1, "A"] + steal_a * table[a + 1, b, "A"]
                x = (k_a + none_a * k_b) / (1 - none_a * none_b)
                table[a, b, "A"], table[a, b, "B"] = x, k_b + none_b * x
    return RaceOdds(win[0, 0, "A"], cards[0, 0, "A"])


def simulate_race(p_a, p_b, target: int = TEAM_TARGET, steal=0, n: int = 10_000,
                  seed: int | None = 0) -> RaceOdds:
    """Monte Carlo of :func:`team_race`: ``n`` matches played card by card, side by side."""
    p_a, p_b, target, steal = _race_setup(p_a, p_b, target, steal)
    n, rng = _whole("n", n, 1), new_generator(seed)
    chance = (float(p_a), float(p_b))
    steal = float(steal)
    scores = np.zeros((n, 2), dtype=np.int64)      # column 0 is team A, column 1 team B
    cards = np.zeros(n, dtype=np.int64)
    active = np.arange(n)
    turn = 0
    while active.size:
        cards[active] += 1
        u = rng.random(active.size)
        p = chance[turn]
        scores[active[u < p], turn] += 1
        scores[active[(u >= p) & (u < p + (1 - p) * steal)], 1 - turn] += 1
        active = active[scores[active].max(axis=1) < target]
        turn = 1 - turn
    return RaceOdds(float(np.mean(scores[:, 0] == target)), float(cards.mean()))

"""Seeded randomness: one source of chance per game.

Every random thing in a game -- a die, a shuffle, a blind draw, the door of
Mystery Date, a random bot's choice -- goes through one :class:`Chance`, which
wraps a single ``numpy.random.Generator``.  The same seed therefore gives the
same game, event for event, on every machine (numpy's PCG64 is portable).

Small draws (one die roll) are taken from a buffer of uniform numbers that is
refilled in blocks, because asking numpy for one number at a time costs more
than the rest of a turn.  The buffer is part of the saved state, so a game
restored with :meth:`Chance.from_dict` carries on exactly where it left off.
"""
from __future__ import annotations

import copy
import numbers

import numpy as np

BLOCK = 256
#: the largest seed: numpy's generators take any whole number, but a seed is kept in 64 bits
MAX_SEED = 2**64 - 1
#: what a seed may be, in the words every refusal uses
SEEDS_ALLOWED = f"a whole number from 0 to {MAX_SEED:,} (2**64 - 1)"


def check_seed(seed, empty: str = "None") -> int | None:
    """The one check of every seed (a game's, a simulation's, a sweep's, the App's Seed box).

    ``None`` (a game nobody can replay, a run from fresh randomness) or a whole
    number 0 .. 2**64 - 1, returned as a plain ``int``; anything else (True,
    2.5, -1, "abc", [1, 2], 2**64) is a ValueError that names the seed and says
    what is allowed.  ``empty`` is how the message calls "no seed" (the App's
    Seed box says "empty").
    """
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"the seed must be {empty} or {SEEDS_ALLOWED}; got {seed!r:.60}")
    return int(seed)


def seed_from_text(text: str) -> int | None:
    """The seed typed in a box: empty is None, else a whole number checked by :func:`check_seed`."""
    text = str(text).strip()
    if not text:
        return None
    try:
        seed = int(text) if text.isascii() and text.isdigit() else text
    except ValueError:  # more digits than Python reads from text (4,300)
        seed = text
    return check_seed(seed, empty="empty")


def new_generator(seed: int | None) -> np.random.Generator:
    """A fresh PCG64 generator for ``seed`` (``None`` means unpredictable), checked by :func:`check_seed`."""
    return np.random.default_rng(check_seed(seed))


def game_seeds(seed: int | None, n: int) -> list[int]:
    """``n`` independent game seeds derived from one run seed, for simulations."""
    states = np.random.SeedSequence(check_seed(seed)).generate_state(n, dtype=np.uint64)
    return [int(s >> np.uint64(1)) for s in states]


class Chance:
    """The single source of randomness of one game."""

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = new_generator(seed)
        self._refill()

    def _refill(self) -> None:
        self._state_before_block = self.rng.bit_generator.state
        self._block = self.rng.random(BLOCK).tolist()
        self._used = 0

    def uniform(self) -> float:
        """One number in [0, 1)."""
        if self._used == BLOCK:
            self._refill()
        u = self._block[self._used]
        self._used += 1
        return u

    def below(self, n: int) -> int:
        """A whole number 0 .. n-1, each equally likely."""
        if n <= 0:
            raise ValueError(f"below(n) needs n >= 1, got {n}")
        # uniform(), written out: every die roll and every swap comes through here
        if self._used == BLOCK:
            self._refill()
        k = int(self._block[self._used] * n)
        self._used += 1
        return k if k < n else n - 1  # u * n can round up to n when u is just below 1

    def roll(self, sides: int = 6) -> int:
        """Throw one fair die with faces 1 .. sides."""
        return self.below(sides) + 1

    def pick(self, items):
        """One item of a sequence, each equally likely."""
        return items[self.below(len(items))]

    def weighted(self, weights) -> int:
        """An index drawn with probability proportional to ``weights``."""
        total = float(sum(weights))
        target = self.uniform() * total
        running = 0.0
        last = 0
        for i, w in enumerate(weights):
            if w > 0:
                running += w
                last = i
                if target < running:
                    return i
        return last

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (every order equally likely)."""
        order = self.rng.permutation(len(items)).tolist()
        items[:] = [items[i] for i in order]

    # -- saving and restoring ------------------------------------------------
    def to_dict(self) -> dict:
        """JSON-safe state: the generator before the current block, how much of
        the block is used, and the generator now (shuffles draw from it directly).
        A snapshot: it shares no dict with this Chance, so a game's saves never share one."""
        return copy.deepcopy({"seed": self.seed, "block_state": self._state_before_block, "used": self._used,
                              "state": self.rng.bit_generator.state})

    @classmethod
    def from_dict(cls, data: dict, seed: int | None) -> "Chance":
        """The randomness of a game saved with ``seed``, checked: anything else is a ValueError naming it."""
        if not isinstance(data, dict) or set(data) != set(CHANCE_KEYS):
            raise ValueError(f"saved 'chance' (the randomness) must be a dict with the keys {', '.join(CHANCE_KEYS)}, "
                             f"got {data!r:.120}")
        if type(data["seed"]) is not type(seed) or data["seed"] != seed:
            raise ValueError(f"saved 'chance.seed' must be the game's seed {seed}, got {data['seed']!r:.60}")
        # the stream of a seed is known by its increment (PCG64's second number)
        inc = None if seed is None else np.random.PCG64(seed).state["state"]["inc"]
        for key in ("block_state", "state"):
            _check_state(data[key], f"chance.{key}", inc)
        used = data["used"]
        if isinstance(used, bool) or not isinstance(used, int) or not 0 <= used <= BLOCK:
            raise ValueError(f"saved 'chance.used' must be a whole number 0..{BLOCK}, got {used!r:.60}")
        chance = cls.__new__(cls)
        chance.seed = seed
        chance.rng = new_generator(None)
        chance.rng.bit_generator.state = data["block_state"]
        chance._refill()
        chance.rng.bit_generator.state = data["state"]
        chance._used = used
        return chance


CHANCE_KEYS = ("seed", "block_state", "used", "state")
STATE_KEYS = ("bit_generator", "state", "has_uint32", "uinteger")


def _check_state(state, name: str, inc: int | None) -> None:
    """A saved PCG64 state, as numpy gives it; ``inc`` is the seed's increment (None: any odd one)."""
    def whole(value, high):
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high

    if not (isinstance(state, dict) and set(state) == set(STATE_KEYS) and state["bit_generator"] == "PCG64"
            and isinstance(state["state"], dict) and set(state["state"]) == {"state", "inc"}):
        raise ValueError(f"saved '{name}' must be numpy's PCG64 state (the keys {', '.join(STATE_KEYS)}), "
                         f"got {state!r:.120}")
    numbers_ = state["state"]
    if not whole(numbers_["state"], 2**128 - 1):
        raise ValueError(f"saved '{name}.state.state' must be a whole number 0..2**128 - 1, "
                         f"got {numbers_['state']!r:.60}")
    if not whole(numbers_["inc"], 2**128 - 1) or numbers_["inc"] % 2 == 0 or inc is not None and numbers_["inc"] != inc:
        raise ValueError(f"saved '{name}.state.inc' must be the odd number the game's seed gives"
                         f"{'' if inc is None else f' ({inc})'}, got {numbers_['inc']!r:.60}")
    if not whole(state["has_uint32"], 1):
        raise ValueError(f"saved '{name}.has_uint32' must be 0 or 1, got {state['has_uint32']!r:.60}")
    if not whole(state["uinteger"], 2**32 - 1):
        raise ValueError(f"saved '{name}.uinteger' must be a whole number 0..2**32 - 1, "
                         f"got {state['uinteger']!r:.60}")

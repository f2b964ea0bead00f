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

import numpy as np

BLOCK = 256


def new_generator(seed: int | None) -> np.random.Generator:
    """A fresh PCG64 generator for ``seed`` (``None`` means unpredictable)."""
    return np.random.default_rng(seed)


def game_seeds(seed: int | None, n: int) -> list[int]:
    """``n`` independent game seeds derived from one run seed, for simulations."""
    states = np.random.SeedSequence(seed).generate_state(n, dtype=np.uint64)
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
        the block is used, and the generator now (shuffles draw from it directly)."""
        return {"seed": self.seed, "block_state": self._state_before_block, "used": self._used,
                "state": self.rng.bit_generator.state}

    @classmethod
    def from_dict(cls, data: dict) -> "Chance":
        try:
            chance = cls.__new__(cls)
            chance.seed = data["seed"]
            chance.rng = new_generator(None)
            chance.rng.bit_generator.state = data["block_state"]
            chance._refill()
            chance.rng.bit_generator.state = data["state"]
            used = data["used"]
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"saved randomness is not valid: {err}") from None
        if isinstance(used, bool) or not isinstance(used, int) or not 0 <= used <= BLOCK:
            raise ValueError(f"saved randomness 'used' must be 0..{BLOCK}, got {used}")
        chance._used = used
        return chance

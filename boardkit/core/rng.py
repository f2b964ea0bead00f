"""Seeded randomness: one source of chance per game, the same in both engines.

Every random thing in a game -- a die, a shuffle, a blind draw, the door of
Mystery Date, a random bot's choice -- goes through one :class:`Chance`.  It is
a small generator, xoshiro256** (Blackman and Vigna), kept in four 64-bit
words and started from the game's seed by splitmix64: written here in plain
Python, and in ``boardkit.core.fast`` as the compiled twin the fast lanes
draw from.  The two give the same numbers from the same seed (a test proves
it), and both engines draw them in the same order for the same rules, so
the same seed gives the same game whichever engine plays it.

How a draw becomes a number, in both engines:

* ``uniform()``: the top 53 of the next 64 bits, as a fraction of 2**53, in [0, 1);
* ``below(n)``: ``int(uniform() * n)``, so 0 .. n-1 each equally likely;
* ``roll(sides)``: ``below(sides) + 1``;
* ``shuffle(items)``: Fisher-Yates from the last place down, each swap one ``below``;
* ``weighted(weights)``: one ``uniform()`` laid along the running total of the weights.

A saved game keeps the four words and how many numbers were drawn (``position``);
loading checks that the words are where the seed's stream is after that many.
"""
from __future__ import annotations

import numbers
import secrets
from collections import deque

import numpy as np

#: the largest seed: numpy's generators take any whole number, but a seed is kept in 64 bits
MAX_SEED = 2**64 - 1
#: what a seed may be, in the words every refusal uses
SEEDS_ALLOWED = f"a whole number from 0 to {MAX_SEED:,} (2**64 - 1)"
#: 64 bits: every word of the generator is kept below 2**64 by ``& MASK64``
MASK64 = 2**64 - 1
#: the most numbers a saved game may have drawn (a game draws thousands; loading replays them to check)
MAX_POSITION = 10**7

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



# -- the generator: splitmix64 to start, xoshiro256** to draw (core/fast.py has the compiled twin) ----
def seed_state(seed: int) -> list[int]:
    """The generator's four words for ``seed`` (splitmix64), as ``fast.seed_chance`` makes them."""
    x = seed & MASK64
    state = []
    for _ in range(4):
        x = (x + 0x9E3779B97F4A7C15) & MASK64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        state.append(z ^ (z >> 31))
    return state


class Chance:
    """The single source of randomness of one game (see the module docstring).

    ``Chance(seed)`` for a game that replays; ``Chance(None)`` starts from fresh
    randomness (a game nobody can replay)."""

    def __init__(self, seed: int | None = None):
        self.seed = check_seed(seed)
        self.state = seed_state(secrets.randbits(64) if seed is None else seed)
        self.position = 0  # how many numbers have been drawn

    def start(self, seed: int | None) -> "Chance":
        """Go back to the first number of ``seed``'s stream (a game given a Chance starts it
        from the game's seed); returns itself."""
        fresh = Chance(seed)
        self.seed, self.state, self.position = fresh.seed, fresh.state, fresh.position
        return self

    def next_bits(self) -> int:
        """The next 64 random bits (xoshiro256**): every draw starts here."""
        s0, s1, s2, s3 = self.state
        x = (s1 * 5) & MASK64
        result = (x << 7 | x >> 57) * 9 & MASK64    # (s1 * 5) rotated left by 7, times 9, kept to 64 bits
        t = (s1 << 17) & MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        self.state = [s0, s1, s2, (s3 << 45 | s3 >> 19) & MASK64]  # s3 rotated left by 45; written out: every
        self.position += 1                                           # draw of a game comes through here
        return result

    def uniform(self) -> float:
        """One number in [0, 1): the top 53 of 64 bits, as a fraction of 2**53."""
        return (self.next_bits() >> 11) * 2.0**-53

    def below(self, n: int) -> int:
        """A whole number 0 .. n-1, each equally likely."""
        if n <= 0:
            raise ValueError(f"below(n) needs n >= 1, got {n}")
        return self._below(n)

    def _below(self, n: int) -> int:
        k = int((self.next_bits() >> 11) * 2.0**-53 * n)  # uniform() * n
        return k if k < n else n - 1  # u * n can round up to n when u is just below 1

    def roll(self, sides: int = 6) -> int:
        """Throw one fair die with faces 1 .. sides."""
        return self._below(sides) + 1

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
        """Shuffle a list in place, every order equally likely (Fisher-Yates: from
        the last place down, each place swaps with one at or before it)."""
        for i in range(len(items) - 1, 0, -1):
            j = self._below(i + 1)
            items[i], items[j] = items[j], items[i]

    # -- saving and restoring ------------------------------------------------
    def to_dict(self) -> dict:
        """JSON-safe state: the seed, the four words and how many numbers were drawn."""
        return {"seed": self.seed, "state": list(self.state), "position": self.position}

    @classmethod
    def from_dict(cls, data: dict, seed: int | None) -> "Chance":
        """The randomness of a game saved with ``seed``, checked: anything else is a ValueError naming it.

        With a seed, the words must be exactly where that seed's numbers are after
        ``position`` draws (the loader replays them); without one, any four words
        that are not all zero (xoshiro's one state that never leaves zero)."""
        if not isinstance(data, dict) or set(data) != set(CHANCE_KEYS):
            raise ValueError(f"saved 'chance' (the randomness) must be a dict with the keys {', '.join(CHANCE_KEYS)}, "
                             f"got {data!r:.120}")
        if type(data["seed"]) is not type(seed) or data["seed"] != seed:
            raise ValueError(f"saved 'chance.seed' must be the game's seed {seed}, got {data['seed']!r:.60}")
        position, state = data["position"], data["state"]
        if not _whole(position, MAX_POSITION):
            raise ValueError(f"saved 'chance.position' must be a whole number 0..{MAX_POSITION:,}, got {position!r:.60}")
        if not (isinstance(state, list) and len(state) == 4 and all(_whole(word, MASK64) for word in state)
                and any(state)):
            raise ValueError("saved 'chance.state' must be four whole numbers 0..2**64 - 1, not all 0, "
                             f"got {state!r:.120}")
        chance = cls.__new__(cls)
        chance.seed, chance.state, chance.position = seed, list(state), position
        if seed is not None:
            replayed = Chance(seed)
            for _ in range(position):
                replayed.next_bits()
            if replayed.state != chance.state:
                raise ValueError(f"saved 'chance.state' is not where the numbers of seed {seed} are after "
                                 f"{position} draws (chance.position)")
        return chance


CHANCE_KEYS = ("seed", "state", "position")


def _whole(value, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high


class ScriptedChance(Chance):
    """Chance whose next rolls, blind draws and weighted draws are set beforehand: for
    tests, and for a lesson that shows one exact situation.

        game = md.Game(seed=3, chance=ScriptedChance(rolls=[2, 5], weighted=[4]))

    The game's first two rolls are 2 and 5 and its first door shows outcome 4 (the
    Dud); ``below`` sets the next draws of ``below(n)`` (a blind draw from a hand, a
    bot's pick among equals: 0 is the first).  Once a list is used up, that kind of
    draw comes from the game's seed as usual, and so does every other draw.  A value
    the draw cannot give (a 7 on a six-sided die) is a ValueError naming it.

    ``ScriptedChance.onto(game, rolls=[6])`` scripts a game that is already made
    (an App's): afterwards it carries on with the game's own numbers."""

    def __init__(self, rolls=(), below=(), weighted=()):
        super().__init__(None)  # the game starts it from its own seed (Chance.start)
        self.script = {"rolls": deque(rolls), "below": deque(below), "weighted": deque(weighted)}

    @classmethod
    def onto(cls, game, rolls=(), below=(), weighted=()) -> "ScriptedChance":
        """Script ``game``'s next draws: its chance becomes a ScriptedChance that carries on
        from its numbers now (or, scripted already, adds these to its script); returns it."""
        if not isinstance(game.chance, ScriptedChance):
            scripted = cls()
            scripted.seed, scripted.state, scripted.position = game.chance.seed, game.chance.state, game.chance.position
            game.chance = scripted
        for kind, values in (("rolls", rolls), ("below", below), ("weighted", weighted)):
            game.chance.script[kind].extend(values)
        return game.chance

    def _next(self, kind: str, allowed) -> int:
        value = self.script[kind].popleft()
        if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
            raise ValueError(f"ScriptedChance: the scripted {kind} value {value!r} cannot be drawn here "
                             f"(it can be {', '.join(map(str, allowed))})")
        return value

    def roll(self, sides: int = 6) -> int:
        if self.script["rolls"]:
            return self._next("rolls", range(1, sides + 1))
        return super().roll(sides)

    def below(self, n: int) -> int:
        if self.script["below"]:
            return self._next("below", range(n))
        return super().below(n)

    def weighted(self, weights) -> int:
        if self.script["weighted"]:
            return self._next("weighted", [i for i, w in enumerate(weights) if w > 0])
        return super().weighted(weights)

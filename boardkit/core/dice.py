"""Dice: throwing them, and their exact odds for the analysis."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .rng import Chance


@dataclass(frozen=True)
class Die:
    """A fair die with faces 1 .. ``sides``."""

    sides: int = 6

    def __post_init__(self):
        if not isinstance(self.sides, int) or self.sides < 2:
            raise ValueError(f"Die.sides must be a whole number >= 2, got {self.sides!r}")

    def roll(self, chance: Chance) -> int:
        return chance.roll(self.sides)

    @property
    def faces(self) -> range:
        return range(1, self.sides + 1)

    def pmf(self) -> dict[int, Fraction]:
        """Exact chance of each face."""
        return {face: Fraction(1, self.sides) for face in self.faces}

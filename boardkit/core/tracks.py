"""Tracks pieces move along: rings (Mystery Date, Mouse Trap's loop) and graphs.

A track knows only positions and how steps connect them; what a space *means*
is the game's business.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class RingTrack:
    """``n_spaces`` spaces in a closed loop, numbered clockwise from 0."""

    n_spaces: int

    def __post_init__(self):
        if self.n_spaces < 1:
            raise ValueError(f"RingTrack.n_spaces must be >= 1, got {self.n_spaces}")

    def advance(self, position: int, steps: int) -> int:
        """Where a piece ends after ``steps`` clockwise (negative: anticlockwise)."""
        return (position + steps) % self.n_spaces

    def path(self, position: int, steps: int) -> list[int]:
        """Every space entered on the way, the last one being where it stops."""
        direction = 1 if steps >= 0 else -1
        return [(position + direction * k) % self.n_spaces for k in range(1, abs(steps) + 1)]


@dataclass
class GraphTrack:
    """Spaces joined by paths, for boards that branch.

    ``edges`` lists pairs of joined spaces; moves go along the paths in either
    direction without turning back on themselves within one move.
    """

    edges: list[tuple] = field(default_factory=list)

    def __post_init__(self):
        self.neighbours: dict = {}
        for a, b in self.edges:
            self.neighbours.setdefault(a, []).append(b)
            self.neighbours.setdefault(b, []).append(a)

    def routes(self, start, steps: int) -> list[tuple]:
        """All routes of exactly ``steps`` moves from ``start`` that never step straight back."""
        routes = [(start,)]
        for _ in range(steps):
            longer = []
            for route in routes:
                before = route[-2] if len(route) > 1 else None
                for nxt in self.neighbours.get(route[-1], []):
                    if nxt != before:
                        longer.append(route + (nxt,))
            routes = longer
        return routes

    def destinations(self, start, steps: int) -> set:
        """Spaces where a move of exactly ``steps`` can end."""
        return {route[-1] for route in self.routes(start, steps)}

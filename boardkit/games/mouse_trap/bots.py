"""Bots for Mouse Trap.  A bot answers ``choose(game, actions, chance)``.

``chance`` is the game's own source of randomness, so bot games replay
exactly from their seed.
"""
from __future__ import annotations

from boardkit.core.bots import Random  # noqa: F401 (any legal action, equally likely)

from .actions import BUILD_IT, CRANK, STOP, Push, Split


class Trapper:
    """Pushes rivals towards the wheel while it can afford to, then cranks.

    * On TURN CRANK: pay to push the rival nearest the Cheese Wheel, but only
      one a single roll can bring there (ties: the one holding most cheese, a
      richer catch), and only while it holds more than ``reserve`` cheese
      (cheese runs low: keep some to buy a push next time).  Then crank if a
      mouse is on the wheel, else stop.
    * Splitting a take between tied rivals: as evenly as possible, so no rival is left clearly the richest.
    * On a build space it always builds.  The book lets a player decline
      (``DoNotBuild``), but building brings the trap closer and a cheese per
      part, and the Trapper is the one who wants the trap finished.
    """

    name = "Trapper"

    def __init__(self, reserve: int = 2):
        self.reserve = reserve

    def choose(self, game, actions, chance):
        if BUILD_IT in actions:
            return BUILD_IT
        kind = type(actions[0])
        if kind is Split:
            return min(actions, key=lambda a: max(n for _, n in a.amounts))
        if kind is Push or CRANK in actions or STOP in actions:
            return self._on_crank(game, actions)
        return actions[0]

    def _on_crank(self, game, actions):
        rules, player = game.rules, game.current
        pushes = [a for a in actions if type(a) is Push]
        if pushes and game.cheese[player] - rules.push_cost >= self.reserve:
            reachable = [a for a in pushes
                         if 1 <= rules.steps_to_wheel(game.positions[a.opponent]) <= rules.die_sides]
            if reachable:
                return min(reachable, key=lambda a: (rules.steps_to_wheel(game.positions[a.opponent]),
                                                     -game.cheese[a.opponent], a.opponent))
        return CRANK if CRANK in actions else STOP

    def __repr__(self):
        return f"{type(self).__name__}(reserve={self.reserve})"

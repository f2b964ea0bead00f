"""Bots for Mouse Trap.  A bot answers ``choose(game, actions, chance)``.

``chance`` is the game's own source of randomness, so bot games replay
exactly from their seed.
"""
from __future__ import annotations

from boardkit.core.bots import Random  # noqa: F401 (any legal action, equally likely)

from .actions import BUILD_IT, CRANK, STOP, Push
from .game import BUILDING, CRANKING, SPLITTING


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
        if game.phase == BUILDING:
            return BUILD_IT
        if game.phase == SPLITTING:
            return min(actions, key=self._largest_share)
        if game.phase == CRANKING:
            return self._on_crank(game, actions)
        return actions[0]

    @staticmethod
    def _largest_share(split) -> int:
        """The most cheese one rival gives in this split."""
        return max(n for _, n in split.amounts)

    def _on_crank(self, game, actions):
        """Push the best rival a roll can bring to the wheel, if she can spare the cheese; else crank or stop."""
        rules = game.rules

        def steps(push):
            return rules.steps_to_wheel(game.positions[push.opponent])

        can_spare = game.cheese[game.current] - rules.push_cost >= self.reserve
        reachable = [a for a in actions if isinstance(a, Push) and 1 <= steps(a) <= rules.die_sides]
        if can_spare and reachable:
            # nearest the wheel; then the one holding most cheese; then the lower seat
            return min(reachable, key=lambda push: (steps(push), -game.cheese[push.opponent], push.opponent))
        return CRANK if CRANK in actions else STOP

    def __repr__(self):
        return f"{type(self).__name__}(reserve={self.reserve})"

"""Bots for Win, Lose or Draw.  A bot answers ``choose(game, actions, chance)``.

Nobody can simulate a drawing, so a bot seat stands for a player at the
table *with a skill*: how often the cards she sketches are guessed in time.
That is the number the lesson's exact odds are about (``analysis.team_race``
and ``analysis.expected_to_collect``).  ``chance`` is the game's own source
of randomness, so bot games replay exactly from their seed.
"""
from __future__ import annotations

from boardkit.core.bots import Random  # noqa: F401 (any legal action, equally likely)

from .actions import CONFIRM, TIME_UP, Award, TakePawn
from .track import COLOURS


def rarest_first(track: tuple, sides: int) -> list[str]:
    """The colours, least often landed on in the long run first (ties in ``COLOURS`` order)."""
    from .analysis import landing_shares
    shares = landing_shares(track, sides)
    return sorted(COLOURS, key=lambda colour: shares[colour])


def _chance_between_0_and_1(name: str, value) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValueError(f"{name}={value!r} is not allowed: a chance from 0 to 1")
    return float(value)


class Skilled:
    """A player whose sketches are guessed in time with chance ``p_guess``.

    * Sketching: her card is guessed in time with chance ``p_guess`` (by one
      Guesser, each equally likely), else the time runs out.
    * Team Play, her team's steal: it guesses right with chance ``p_steal``.
    * Ruling on a typed guess: she agrees with the matcher.
    * Taking a pawn: the colour she lacks that the white pawn lands on least
      often in the long run, so later sketches can still land on the common
      ones (the choice ``analysis.expected_to_collect`` assumes).
    * The first white-pawn place and a team's pick of Sketcher: the first offered.
    """

    name = "Skilled"

    def __init__(self, p_guess: float = 0.5, p_steal: float = 0.2):
        self.p_guess = _chance_between_0_and_1("p_guess", p_guess)
        self.p_steal = _chance_between_0_and_1("p_steal", p_steal)

    def choose(self, game, actions, chance):
        first = actions[0]
        if TIME_UP in actions:
            p = self.p_steal if game.phase == "steal" else self.p_guess
            singles = [a for a in actions if type(a) is Award and len(a.seats) == 1]
            return chance.pick(singles) if chance.uniform() < p else TIME_UP
        if CONFIRM in actions:
            return CONFIRM
        if type(first) is TakePawn:
            offered = {a.colour: a for a in actions}
            return next(offered[c] for c in rarest_first(game.rules.track, game.rules.die_sides) if c in offered)
        return first                                   # PlacePawn, PickSketcher: the first offered

    def __repr__(self):
        return f"{type(self).__name__}(p_guess={self.p_guess}, p_steal={self.p_steal})"

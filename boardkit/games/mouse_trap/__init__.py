"""Mouse Trap (Milton Bradley): build the contraption, then trap the other mice.

    from boardkit.games import mouse_trap as mt
    game = mt.Game(mt.Rules(), n_players=3, seed=7)
    mt.analysis.trap_reliability(mt.Rules())
"""
from boardkit.games import lazy_app_and_analysis

from . import bots
from .actions import Build, Crank, DoNotBuild, Push, Roll, Split, Stop
from .game import Game
from .rules import PARTS, STAGE_LETTERS, STAGES, Rules, Space, parse_space

__getattr__ = lazy_app_and_analysis(__name__)

__all__ = ["App", "Build", "Crank", "DoNotBuild", "Game", "PARTS", "Push", "Roll", "Rules", "STAGES",
           "STAGE_LETTERS", "Space", "Split", "Stop", "analysis", "bots", "parse_space"]

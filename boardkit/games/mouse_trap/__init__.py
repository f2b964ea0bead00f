"""Mouse Trap (Milton Bradley): build the contraption, then trap the other mice.

    from boardkit.games import mouse_trap as mt
    game = mt.Game(mt.Rules(), n_players=3, seed=7)
    mt.analysis.trap_reliability(mt.Rules())
"""
import importlib

from . import bots
from .actions import Crank, Push, Roll, Split, Stop
from .game import Game
from .rules import PARTS, STAGE_LETTERS, STAGES, Rules, Space, parse_space


def __getattr__(name):
    # The App needs ipywidgets/ipycanvas; load it only when asked for, so
    # simulations run without a browser stack.
    if name == "App":
        from .view import App
        return App
    # The exact maths needs pandas (slow to import): load it when first used.
    if name == "analysis":
        return importlib.import_module(".analysis", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["App", "Crank", "Game", "PARTS", "Push", "Roll", "Rules", "STAGES", "STAGE_LETTERS", "Space", "Split",
           "Stop", "analysis", "bots", "parse_space"]

"""Mystery Date (Milton Bradley, 1965): collect a 1-2-3 outfit and open the door.

    from boardkit.games import mystery_date as md
    game = md.Game(md.Rules(), n_players=3, seed=7)
"""
import importlib

from . import bots
from .actions import Discard, Give, Roll, ShowOutfit, SwapWith, TakeFrom
from .events import Card
from .game import Game, ready_colours
from .rules import COLOURS, DATES, OUTCOME_NAMES, OUTCOMES, Rules


def __getattr__(name):
    # The App needs ipywidgets/ipycanvas; load it only when asked for, so
    # simulations run without a browser stack.
    if name == "App":
        from .view import App
        return App
    # The exact maths needs scipy and pandas (slow to import): load it when first used.
    if name == "analysis":
        return importlib.import_module(".analysis", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["App", "COLOURS", "Card", "DATES", "Discard", "Game", "Give", "OUTCOMES", "OUTCOME_NAMES",
           "Roll", "Rules", "ShowOutfit", "SwapWith", "TakeFrom", "analysis", "bots", "ready_colours"]

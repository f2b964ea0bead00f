"""The Cluedo Card Game (Waddingtons): shed your cards by picture or number, beware the miniatures.

    from boardkit.games import cluedo_cards as cc
    game = cc.Game(cc.Rules(), n_players=3, seed=7)
"""
import importlib

from . import bots
from .actions import Draw, Pass, Play, Skip, SwapWith
from .events import Card
from .game import Game, matches
from .rules import MINIATURES, NUMBERS, PICTURES, POWER_KINDS, POWERS, SUSPECTS, WEAPONS, Rules


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


__all__ = ["App", "Card", "Draw", "Game", "MINIATURES", "NUMBERS", "PICTURES", "POWERS", "POWER_KINDS", "Pass",
           "Play", "Rules", "SUSPECTS", "Skip", "SwapWith", "WEAPONS", "analysis", "bots", "matches"]

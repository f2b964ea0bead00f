"""Philo Vance (Parker Brothers, 1937): collect clues, arrest on suspicion, convict.

    from boardkit.games import philo_vance as pv
    game = pv.Game(pv.Rules(), n_players=4, seed=7)
    pv.analysis.declaration_odds(row, named)      # the chance 4 of 6 named clues are right
"""
import importlib

from . import bots
from .actions import (QUEUE, Arrest, Bump, Claim, Convict, Demand, Discard, Draw, Keep, Move, Name, NoBump,
                      Pass, Pick, PushOn, Roll, Spare, TurnDown, TurnUp)
from .components import CLUES, CONFIRMATION, DECK_COPIES, SUSPECTS, Clue, Suspect
from .game import Game
from .rules import PHILO_VANCE, Rules


def __getattr__(name):
    # The App needs ipywidgets/ipycanvas; load it only when asked for, so
    # simulations run without a browser stack.
    if name == "App":
        from .view import App
        return App
    if name == "analysis":
        return importlib.import_module(".analysis", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["App", "Arrest", "Bump", "CLUES", "CONFIRMATION", "Claim", "Clue", "Convict", "DECK_COPIES", "Demand",
           "Discard", "Draw", "Game", "Keep", "Move", "Name", "NoBump", "PHILO_VANCE", "Pass", "Pick", "PushOn",
           "QUEUE", "Roll", "Rules", "SUSPECTS", "Spare", "Suspect", "TurnDown", "TurnUp", "analysis", "bots"]

"""Philo Vance (Parker Brothers, 1937): collect clues, arrest on suspicion, convict.

    from boardkit.games import philo_vance as pv
    game = pv.Game(pv.Rules(), n_players=4, seed=7)
    pv.analysis.declaration_odds(row, named)      # the chance 4 of 6 named clues are right
"""
from boardkit.games import lazy_app_and_analysis

from . import bots
from .actions import (QUEUE, Arrest, Bump, Claim, Convict, Demand, Discard, Draw, Keep, LeaveDown, LeavePhiloVance,
                      Move, Name, NoBump, NoDraw, Pass, Pick, PushOn, Roll, Spare, TurnDown, TurnUp)
from .components import CLUES, CONFIRMATION, DECK_COPIES, SUSPECTS, Clue, Suspect
from .game import Game
from .rules import LIMITS, PHILO_VANCE, Rules

__getattr__ = lazy_app_and_analysis(__name__)

__all__ = ["App", "Arrest", "Bump", "CLUES", "CONFIRMATION", "Claim", "Clue", "Convict", "DECK_COPIES", "Demand", "LIMITS",
           "Discard", "Draw", "Game", "Keep", "LeaveDown", "LeavePhiloVance", "Move", "Name", "NoBump", "NoDraw",
           "PHILO_VANCE", "Pass", "Pick", "PushOn", "QUEUE", "Roll", "Rules", "SUSPECTS", "Spare", "Suspect", "TurnDown", "TurnUp", "analysis", "bots"]

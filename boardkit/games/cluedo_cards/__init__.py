"""The Cluedo Card Game (Waddingtons): shed your cards by picture or number, beware the miniatures.

    from boardkit.games import cluedo_cards as cc
    game = cc.Game(cc.Rules(), n_players=3, seed=7)
"""
from boardkit.games import lazy_app_and_analysis

from . import bots
from .actions import Draw, Pass, Play, Skip, SkipNobody, SwapWith
from .events import Card
from .game import Game, matches
from .rules import MINIATURES, NUMBERS, PICTURES, POWER_KINDS, POWERS, SUSPECTS, WEAPONS, Rules

__getattr__ = lazy_app_and_analysis(__name__)

__all__ = ["App", "Card", "Draw", "Game", "MINIATURES", "NUMBERS", "PICTURES", "POWERS", "POWER_KINDS", "Pass",
           "Play", "Rules", "SUSPECTS", "Skip", "SkipNobody", "SwapWith", "WEAPONS", "analysis", "bots", "matches"]

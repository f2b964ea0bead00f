"""Mystery Date (Milton Bradley, 1965): collect a 1-2-3 outfit and open the door.

    from boardkit.games import mystery_date as md
    game = md.Game(md.Rules(), n_players=3, seed=7)
"""
from boardkit.games import lazy_app_and_analysis

from . import bots
from .actions import Discard, Give, Roll, ShowOutfit, SwapWith, TakeFrom
from .events import Card
from .game import Game, ready_colours
from .rules import COLOURS, DATES, OUTCOME_NAMES, OUTCOMES, Rules

__getattr__ = lazy_app_and_analysis(__name__)

__all__ = ["App", "COLOURS", "Card", "DATES", "Discard", "Game", "Give", "OUTCOMES", "OUTCOME_NAMES",
           "Roll", "Rules", "ShowOutfit", "SwapWith", "TakeFrom", "analysis", "bots", "ready_colours"]

"""Win, Lose or Draw (Milton Bradley, 1988): sketch a name or phrase for your team to guess.

    from boardkit.games import win_lose_draw as wld
    game = wld.Game(wld.Rules(play="gameboard"), n_players=4, seed=7)
"""
from boardkit.games import lazy_app_and_analysis

from . import bots
from .actions import (CONFIRM, OVERRULE, ROLL, TIME_UP, Award, Confirm, Overrule, PickSketcher, PlacePawn, TakePawn,
                      TimeUp)
from .card_box import CATEGORIES, Card, box_order, load_cards
from .game import Game, catalogue
from .guessing import Verdict, judge_guess
from .rules import GAMEBOARD, PLAYS, TEAM, Rules
from .track import COLOURS, DEFAULT_TRACK, SPADE

__getattr__ = lazy_app_and_analysis(__name__)

__all__ = ["App", "Award", "CATEGORIES", "COLOURS", "CONFIRM", "Card", "Confirm", "DEFAULT_TRACK", "GAMEBOARD",
           "Game", "OVERRULE", "Overrule", "PLAYS", "PickSketcher", "PlacePawn", "ROLL", "Rules", "SPADE", "TEAM",
           "TIME_UP", "TakePawn", "TimeUp", "Verdict", "analysis", "bots", "box_order", "catalogue", "judge_guess",
           "load_cards"]

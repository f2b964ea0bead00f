"""What every game shares.  Nothing in here knows a particular game."""
from .cards import EmptyPileError, Pile, hand_counts, refill_from
from .dice import Die
from .events import Event, event_from_dict, event_to_dict
from .game import BaseGame, IllegalAction
from .lead import LeadTracker
from .play import Record, play, step
from .rng import Chance, ScriptedChance, game_seeds
from .rules import BaseRules, require
from .simulate import process_pool, simulate, simulate_stream
from .tracks import GraphTrack, RingTrack

__all__ = [
    "BaseGame", "BaseRules", "Chance", "Die", "EmptyPileError", "Event", "GraphTrack",
    "IllegalAction", "LeadTracker", "Pile", "Record", "RingTrack", "ScriptedChance", "event_from_dict", "event_to_dict",
    "game_seeds", "hand_counts", "play", "process_pool", "refill_from", "require", "simulate", "simulate_stream",
    "step",
]

"""boardkit: vintage board and card games as models, bots, exact maths and canvas apps.

    import boardkit as bk
    from boardkit.games import mystery_date as md
    df = bk.simulate(md.Rules(), n_players=4, n_games=10_000, seed=0)
"""
from .core import IllegalAction, Record, play, simulate, step
from .core import metrics, stats

__version__ = "0.1.0"
__all__ = ["IllegalAction", "Record", "metrics", "play", "simulate", "stats", "step"]

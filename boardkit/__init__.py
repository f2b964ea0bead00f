"""boardkit: vintage board and card games as models, bots, exact maths and canvas apps.

    import boardkit as bk
    from boardkit.games import mystery_date as md
    df = bk.simulate(md.Rules(), n_players=4, n_games=10_000, seed=0)
"""
import importlib

from .core import IllegalAction, Record, ScriptedChance, play, process_pool, simulate, simulate_stream, step

__version__ = "0.1.0"
__all__ = ["IllegalAction", "Record", "ScriptedChance", "design", "metrics", "play", "process_pool", "simulate", "simulate_stream",
           "stats", "step",
           "sweep"]


def __getattr__(name):
    # scipy takes a second or so to import: load the statistics only when
    # they are asked for, so a Voila app starts quickly; the design lab
    # (bk.design) loads Optuna too.  Every student's kernel imports boardkit
    # for its page, so bk.sweep waits for its first use as well.
    if name in ("design", "metrics", "stats"):
        return importlib.import_module(f".core.{name}", __name__)
    if name == "sweep":
        return importlib.import_module(".core.sweep", __name__).sweep
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

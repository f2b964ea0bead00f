"""The twins in lockstep: the same seed gives the same game in both engines.

In the spirit of OpenSpiel's consistency test: ``bk.simulate(..., engine="reference")``
and ``engine="fast"`` must give *identical* frames (columns, dtypes, values) for the
same rules, bots and seed.  On a mismatch the message names the first game that
differs and the first turn at which it differs: the game is replayed in both
engines with a turn cap of 1, 2, 3 ... turns until their rows part, and the
reference engine's decisions of that turn are shown.

    from lockstep import assert_lockstep
    assert_lockstep(md.Rules(), n_players=4, n_games=300)
"""
from __future__ import annotations

import pandas as pd

import boardkit as bk
from boardkit.core.fast import lane_for, play_fast, result_types, typed_frame


def assert_lockstep(rules, n_players: int, n_games: int, bots=None, seed: int = 0) -> int:
    """Both engines play ``n_games`` seeded games; their frames must be identical.
    Returns how many games were compared."""
    kwargs = {"bots": bots, "progress": False, "seed": seed}
    reference = bk.simulate(rules, n_players, n_games, engine="reference", **kwargs)
    fast = bk.simulate(rules, n_players, n_games, engine="fast", **kwargs)
    assert list(reference.columns) == list(fast.columns), (list(reference.columns), list(fast.columns))
    assert list(reference.dtypes) == list(fast.dtypes), (dict(reference.dtypes), dict(fast.dtypes))
    differing = ~(reference.fillna(-1) == fast.fillna(-1)).all(axis=1)
    if differing.any():
        first = differing.to_numpy().argmax()
        game_seed = int(reference["seed"].iloc[first])
        raise AssertionError(f"{int(differing.sum())} of {n_games} games differ; the first, seed {game_seed}:\n"
                             + first_difference(rules, n_players, bots, game_seed))
    pd.testing.assert_frame_equal(reference, fast)  # every value, every dtype
    return n_games


def one_game(rules, n_players: int, bots, seed: int, engine: str):
    """One game's result row (a frame of one row) on ``engine``; the reference game too."""
    bots = rules.default_bots(n_players) if bots is None else bots
    if engine == "fast":
        return play_fast(rules, n_players, [seed], bots), None
    game = rules.new_game(n_players, seed=seed)
    bk.play(game, bots)
    return typed_frame([game.result()], result_types(rules)), game


def first_difference(rules, n_players: int, bots, seed: int) -> str:
    """Where the game of ``seed`` first differs: the first turn cap at which the two engines'
    rows differ, both rows, and the reference engine's events of that turn."""
    assert lane_for(rules) is not None
    reference, game = one_game(rules, n_players, bots, seed, "reference")
    fast, _ = one_game(rules, n_players, bots, seed, "fast")
    shown = f"reference: {reference.iloc[0].to_dict()}\nfast:      {fast.iloc[0].to_dict()}\n"
    for cap in range(1, game.turns + 1):
        capped = rules.replace(max_turns=cap)
        reference, game = one_game(capped, n_players, bots, seed, "reference")
        fast, _ = one_game(capped, n_players, bots, seed, "fast")
        if not reference.fillna(-1).equals(fast.fillna(-1)):
            last_turn = [event for event in game.events][-12:]
            return (shown + f"the rows first differ with a turn cap of {cap} turns:\n"
                    f"reference: {reference.iloc[0].to_dict()}\nfast:      {fast.iloc[0].to_dict()}\n"
                    "the reference engine's last decisions and draws:\n  "
                    + "\n  ".join(map(str, last_turn)))
    return shown + "(capped games never differ: the difference is in the last turn's result)"

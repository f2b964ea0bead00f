"""Seeded simulation results that must not drift.

The lesson's 10,000-game study runs behind a button (so the Voilà app opens
fast), so its numbers are pinned here instead of in the notebook: the same
seed must give the same games on every machine and every version, unless a
rule or a bot is changed on purpose (then update these numbers and say why in
the commit).  These are the reference engine's games (``engine="reference"``);
the fast lane's own pins are in ``test_md_fast.py``.
"""
import boardkit as bk
from boardkit.games import mystery_date as md


def test_two_thousand_seeded_games_are_pinned():
    games = bk.simulate(md.Rules(), n_players=4, n_games=2000, seed=0, progress=False, engine="reference")
    length = bk.metrics.length_summary(games)
    assert int(length["games"]) == 2000
    assert length["median"] == 67
    assert round(length["90th percentile"], 1) == 156.1
    assert round(length["mean"], 3) == 82.378
    assert (length["shortest"], length["longest"]) == (5, 481)
    assert games["winner"].value_counts().sort_index().tolist() == [519, 476, 512, 493]
    assert games["date"].value_counts().to_dict() == {"blue": 514, "green": 499, "red": 497, "orange": 490}

"""Seeded simulation results that must not drift.

The lesson's 10,000-game study runs behind a button (so the Voilà app opens
fast), so its numbers are pinned here instead of in the notebook: the same
seed must give the same games on every machine and every version, unless a
rule or a bot is changed on purpose (then update these numbers and say why in
the commit).
"""
import boardkit as bk
from boardkit.games import mystery_date as md


def test_two_thousand_seeded_games_are_pinned():
    games = bk.simulate(md.Rules(), n_players=4, n_games=2000, seed=0, progress=False)
    length = bk.metrics.length_summary(games)
    assert int(length["games"]) == 2000
    assert length["median"] == 71
    assert round(length["90th percentile"], 1) == 165.1
    assert round(length["mean"], 3) == 86.044
    assert (length["shortest"], length["longest"]) == (5, 534)
    assert games["winner"].value_counts().sort_index().tolist() == [510, 476, 482, 532]
    assert games["date"].value_counts().to_dict() == {"red": 637, "green": 485, "orange": 469, "blue": 409}

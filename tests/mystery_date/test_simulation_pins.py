"""Seeded simulation results that must not drift.

The lesson's 10,000-game study runs behind a button (so the Voilà app opens
fast), so its numbers are pinned here instead of in the notebook: the same
seed must give the same games on every machine and every version, unless a
rule or a bot is changed on purpose (then update these numbers and say why in
the commit).  Both engines give this frame (``test_md_lockstep.py`` proves
them game for game), so it is played on the quicker one.
"""
import boardkit as bk
from boardkit.games import mystery_date as md


def test_two_thousand_seeded_games_are_pinned():
    games = bk.simulate(md.Rules(), n_players=4, n_games=2000, seed=0, progress=False, engine="fast")
    length = bk.metrics.length_summary(games)
    assert int(length["games"]) == 2000
    assert length["median"] == 68
    assert round(length["90th percentile"], 1) == 150.0
    assert round(length["mean"], 4) == 81.8405
    assert (length["shortest"], length["longest"]) == (5, 492)
    assert games["winner"].value_counts().sort_index().tolist() == [522, 485, 483, 510]
    assert games["date"].value_counts().to_dict() == {"green": 555, "red": 507, "orange": 472, "blue": 466}
    assert (games["lead_changes"].sum(), games["winner_worst_deficit"].sum()) == (5688, 2506)

"""One seed check for every way in: a game, a simulation, a sweep, a search, a skill test, the App.

Every entry point calls ``boardkit.core.rng.check_seed``, so a bad seed gets
the same words everywhere: what the seed must be.  ``bk.play`` takes a
``Game``, whose seed the ``Game`` checks.
"""
import pytest

import boardkit as bk
from boardkit.games import mouse_trap as mt
from boardkit.games import mystery_date as md
from game_helpers import GAMES
from view_helpers import Unchanged, make_apps, text

BAD_SEEDS = [True, [1, 2], (1,), 2**64, 2**80, "abc", 2.5, -1, float("nan")]
ALLOWED = r"the seed must be None or a whole number from 0 to 18,446,744,073,709,551,615 \(2\*\*64 - 1\)"
RULES = mt.Rules(max_turns=5)


def entry_points(seed):
    """(name, a call that starts something with ``seed``) for every entry point that takes a seed."""
    small = dict(n_games=2, seed=seed, progress=False)
    yield "bk.simulate", lambda: bk.simulate(RULES, 2, **small)
    yield "bk.simulate_stream", lambda: next(iter(bk.simulate_stream(RULES, 2, **small)))
    yield "bk.sweep", lambda: bk.sweep(RULES, {"push_cost": [1, 2]}, n_players=2, **small)
    yield "bk.design.search", lambda: bk.design.search(RULES, {"push_cost": (1, 3)}, {"won share": (0.4, 0.6)},
                                                       n_trials=1, n_players=2, **small)
    yield "bk.metrics.skill_test", lambda: bk.metrics.skill_test(RULES, mt.bots.Trapper(), mt.bots.Random(),
                                                                 n_players=2, **small)
    yield "md.App", lambda: md.App(seed=seed)
    for game in GAMES:
        yield f"{game.__name__}.Game", lambda game=game: game.Game(game.Rules(), seed=seed)
        yield f"{game.__name__}.Rules().new_game", lambda game=game: game.Rules().new_game(4, seed=seed)


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_every_entry_point_refuses_a_bad_seed_with_the_same_words(seed):
    for name, call in entry_points(seed):
        with pytest.raises(ValueError, match=ALLOWED):
            call()
            pytest.fail(f"{name} accepted the seed {seed!r}")


def test_the_largest_seed_is_allowed_everywhere():
    biggest = 2**64 - 1
    assert md.Game(md.Rules(), seed=biggest).seed == biggest
    assert len(bk.simulate(RULES, 2, n_games=2, seed=biggest, progress=False)) == 2


@pytest.fixture
def make_app():
    yield from make_apps(md.App)


@pytest.mark.parametrize("typed", ["18446744073709551616", "99999999999999999999999999", "2**64", "-1", "2.5",
                                   "eleven", "1" * 5000], ids=lambda typed: typed[:30])
def test_a_seed_box_beyond_the_allowed_is_a_notice_and_changes_nothing(make_app, typed):
    app = make_app(seats=["Collector"] * 4, seed=11)
    app.step()
    app.seed_input.value = typed
    with Unchanged(app):
        app.new_game_button.click()
    assert ("Seed box: the seed must be empty or a whole number from 0 to 18,446,744,073,709,551,615"
            in text(app)) and "Nothing changed" in text(app)
    assert "went wrong" not in text(app) and not app.errors       # was "Something went wrong" and a traceback

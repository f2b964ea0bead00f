"""The status line's last line speaks to players, not to developers.

Students read "Turn 12 · round 2 · first to 10 points wins": the turn and
what the game adds in words (``_status_extra``), then the seed, said as what
it is for ("seed 3 replays this game", with a tooltip saying how).  The count
of decisions made is no news to a player: it is kept out of sight, in the
status's ``data-decisions`` attribute, for the tests and tools that wait for
the next decision.
"""
import html
import re

import pytest

from boardkit.games import cluedo_cards as cc
from boardkit.games import mouse_trap as mt
from boardkit.games import mystery_date as md
from boardkit.games import philo_vance as pv
from boardkit.games import win_lose_draw as wld
from view_helpers import counters, text

# One entry a game: its App, its bot seats, and what its last line says
# after "Turn N" at the start of a game with seed 5.
APPS = [
    pytest.param((md.App, ["Collector"] * 4, ""), id="mystery_date"),
    pytest.param((mt.App, ["Trapper"] * 4, " \u00b7 trap: 0 of 24 parts built \u00b7 cheese pile: 30"),
                 id="mouse_trap"),
    pytest.param((pv.App, ["Detective"] * 4, " \u00b7 clue pile: 100 cards \u00b7 arrests so far: 0"), id="philo_vance"),
    pytest.param((cc.App, ["Shedder"] * 4, " \u00b7 round 1 \u00b7 first to 10 points wins"), id="cluedo_cards"),
    pytest.param((wld.App, ["Skilled 75%"] * 4, " \u00b7 Team A 0 \u2013 Team B 0"), id="win_lose_draw"),
]


@pytest.fixture(params=APPS)
def app_and_extra(request):
    cls, seats, extra = request.param
    built = cls(seats=seats, seed=5)
    yield built, extra
    built.close()


def last_line(app) -> str:
    """The status line's last line as the page shows it (its text, tags and tooltip left out)."""
    inner = re.findall(r"<div[^>]*>(.*?)</div>", app.status.value)[-1]
    return html.unescape(re.sub(r"<[^>]+>", "", inner))


def test_the_last_line_says_the_turn_the_game_and_the_seed_in_words(app_and_extra):
    app, extra = app_and_extra
    turn = counters(app)[0]
    assert last_line(app) == f"Turn {turn}{extra} \u00b7 seed 5 replays this game"
    assert "decision" not in text(app)


def test_a_new_game_starts_at_turn_1_in_every_game(app_and_extra):
    app, _ = app_and_extra
    assert last_line(app).startswith("Turn 1 ")


def test_the_seed_has_a_tooltip_that_says_how_to_replay(app_and_extra):
    app, _ = app_and_extra
    assert ("<span title='Type 5 in the Seed box and press New game to play this same game again'>"
            "seed 5 replays this game</span>") in app.status.value


def test_the_decisions_are_counted_out_of_sight(app_and_extra):
    app, _ = app_and_extra
    assert "data-decisions='0'" in app.status.value
    app.step()
    app.step()
    assert "data-decisions='2'" in app.status.value and counters(app)[1] == 2
    assert "decision" not in text(app)


def test_a_loaded_game_without_a_seed_names_none(app_and_extra):
    """A game made with no seed can't be replayed: the line names no seed rather than "seed None"."""
    app, extra = app_and_extra
    unseeded = type(app.game)(app.rules, n_players=app.game.n_players)
    app.set_game(unseeded)
    assert re.fullmatch(rf"Turn \d+{re.escape(extra)}", last_line(app)), last_line(app)
    assert "seed" not in app.status.value.lower()


def test_one_card_left_reads_singular():
    """ "1 cards left" and "1 seconds" read wrong on a projector: counts say one card, 2 cards."""
    from boardkit.render import counted

    assert [counted(n, "card") for n in (0, 1, 2, 1000)] == ["0 cards", "1 card", "2 cards", "1,000 cards"]
    assert counted(1, "second") == "1 second"
    app = pv.App(seats=["Detective"] * 4, seed=5)
    try:
        del app.game.pile.cards[1:]                 # the last clue card
        assert "clue pile: 1 card \u00b7" in app._status_extra()
    finally:
        app.close()

"""The status line of every game's App escapes what it shows (issue 16).

The status is a ``widgets.HTML``: anything put into it that a user, a save or
a subclass controls (the seed, the news, a notice, the game's extras) must reach
the page as text, never as markup.
"""
import pytest

from boardkit.games import cluedo_cards as cc
from boardkit.games import mouse_trap as mt
from boardkit.games import mystery_date as md
from boardkit.games import philo_vance as pv
from boardkit.games import win_lose_draw as wld

MARKUP = "<img src=x onerror=alert(1)>"
ESCAPED = "&lt;img src=x onerror=alert(1)&gt;"

APPS = [
    pytest.param((md.App, ["Collector"] * 4), id="mystery_date"),
    pytest.param((mt.App, ["Trapper"] * 4), id="mouse_trap"),
    pytest.param((pv.App, None), id="philo_vance"),
    pytest.param((cc.App, ["Shedder"] * 4), id="cluedo_cards"),
    pytest.param((wld.App, ["Skilled 75%"] * 4), id="win_lose_draw"),
]


@pytest.fixture(params=APPS)
def app(request):
    cls, seats = request.param
    built = cls(seed=5) if seats is None else cls(seats=seats, seed=5)
    yield built
    built.close()


def test_the_seed_is_shown_as_text_not_markup(app):
    app.seed = MARKUP                      # what a forged save or a careless subclass could hold
    status = app._status_html([])
    assert MARKUP not in status
    assert f"seed {ESCAPED}" in status


def test_the_seed_cannot_leave_its_tooltip(app):
    """The seed is also in the tooltip's title='...': a quote in it stays a character."""
    app.seed = "1' onmouseover='alert(1)"
    status = app._status_html([])
    assert "' onmouseover='" not in status
    assert "1&#x27; onmouseover=&#x27;alert(1)" in status


def test_counters_news_and_notices_are_shown_as_text(app, monkeypatch):
    monkeypatch.setattr(app, "_status_extra", lambda: f" \u00b7 {MARKUP}")
    value = app._status_html([f"news {MARKUP}"], notice=f"notice {MARKUP}")
    assert MARKUP not in value
    assert value.count(ESCAPED) == 3       # the game's extras, the news and the notice


def test_an_ordinary_status_still_reads_as_before(app):
    status = app._status_html([])
    assert "seed 5" in status and "&amp;" not in status

"""The words a student reads: the App's game log, its news and the board in words name cards as the rulebook does.

Seeded games are played by bots in the App, and their real log lines are
read back from the page's Game log.  Every sentence starts with a capital
letter, and every card is written one way everywhere, with its picture's
name capitalised as in the rulebook's rules ("If a player plays a Dagger
card"): "the Candlestick 1", "the Lead piping 2", "the Mrs. White 3".  A
miniature shows "the Rope" but "Mrs. White": a person's name takes no "the".
"""
import html
import re

import pytest

from boardkit.games import cluedo_cards as cc
from boardkit.games.cluedo_cards import events as ev
from view_helpers import make_apps

SEATS = ["Shedder", "Revolverist", "Random", "Shedder"]
#: each picture as a sentence writes it (the rulebook's rules 6-9: "a Dagger card", "a Rope card")
WRITTEN = {"dagger": "Dagger", "candlestick": "Candlestick", "revolver": "Revolver", "rope": "Rope",
           "lead piping": "Lead piping", "spanner": "Spanner", "Col. Mustard": "Col. Mustard",
           "Prof. Plum": "Prof. Plum", "Rev. Green": "Rev. Green", "Mrs. Peacock": "Mrs. Peacock",
           "Miss Scarlett": "Miss Scarlett", "Mrs. White": "Mrs. White"}
WEAPONS_IN_LOWER_CASE = re.compile(r"\b(dagger|candlestick|revolver|rope|lead piping|spanner)\b")


@pytest.fixture(scope="module")
def played():
    """Two seeded games played to the end by bots in the App: (app, log lines oldest first, events) each."""
    apps = make_apps(cc.App)
    make = next(apps)
    games = []
    for seed in (3, 11):
        app = make(seats=SEATS, seed=seed)
        news, mirror = [], []
        while not app.game.is_over:
            app.step()
            news.append(html.unescape(re.sub(r"<[^>]+>", "\n", app.status.value)))
            mirror.extend(app._describe_state())
        games.append((app, log_lines(app), news, mirror))
    yield games
    next(apps, None)                        # checks the apps for errors and closes them


def log_lines(app):
    """The Game log as the page shows it (newest first there), oldest first."""
    shown = re.sub(r"<div[^>]*>|</div>", "", app.log_html.value).split("<br>")
    return [html.unescape(line) for line in reversed(shown)]


def test_the_games_tell_every_kind_of_card_sentence(played):
    """The seeds are chosen so that every sentence that names a card or a picture is read below."""
    kinds = {type(e) for app, *_ in played for e in app.game.events}
    assert {ev.DiscardStarted, ev.Played, ev.MustMiss, ev.Revealed, ev.SwappedHands, ev.RoundScored} <= kinds
    pictures = {e.picture for app, *_ in played for e in app.game.events if isinstance(e, ev.Revealed)}
    assert {"rope", "Mrs. White"} <= pictures              # a weapon and a person on the miniatures


def test_every_log_line_starts_with_a_capital_and_ends_a_sentence(played):
    for app, lines, _, _ in played:
        assert lines == [e.describe() for e in app.game.events][-80:]     # the page shows the last 80
        for line in lines:
            assert line[:1].isupper() and line[-1] in ".!", line


def test_no_weapon_is_written_in_lower_case(played):
    for app, lines, news, mirror in played:
        for line in lines + news + mirror:
            assert not WEAPONS_IN_LOWER_CASE.search(line), line


def test_a_card_is_written_as_the_rulebook_names_it_in_the_log(played):
    for app, lines, _, _ in played:
        events = app.game.events[-len(lines):]
        for event, line in zip(events, lines):
            if isinstance(event, ev.Played):
                name = f"{WRITTEN[event.card.picture]} {event.card.number}"
                assert line == f"Player {event.player + 1} plays the {name}.", line
            elif isinstance(event, ev.DiscardStarted):
                name = f"{WRITTEN[event.card.picture]} {event.card.number}"
                assert line == f"The {name} is turned up to start the discard pile.", line
            elif isinstance(event, ev.MustMiss):
                assert line.startswith(f"Player {event.player + 1}'s {WRITTEN[event.card.picture]}: "), line


def test_a_miniature_shows_the_weapon_but_a_person_without_the(played):
    for app, lines, _, _ in played:
        for line in lines:
            if "'s miniature shows" in line:
                picture = re.search(r"shows (.+) \(\d+\)", line)[1]
                assert picture in {f"the {WRITTEN[p]}" for p in cc.rules.WEAPONS} | set(cc.rules.SUSPECTS), line


def test_the_log_the_news_and_the_board_in_words_name_cards_alike(played):
    """Every "<picture> <number>" in any of the three texts is a card of the deck as the log writes it."""
    cards = {f"{WRITTEN[p]} {n}" for p in cc.PICTURES for n in cc.NUMBERS}
    names = "|".join(re.escape(name) for name in sorted(WRITTEN.values(), key=len, reverse=True))
    written = re.compile(rf"(?i)\b(?:{names}) \d+\b")
    for app, lines, news, mirror in played:
        found = [m for text in lines + news + mirror for m in written.findall(text)]
        assert found and set(found) <= cards, set(found) - cards


def test_the_scores_after_a_round_are_sentences(played):
    scored = [line for _, lines, _, _ in played for line in lines if line.startswith("After round")]
    assert scored
    for line in scored:
        assert re.fullmatch(r"After round \d+: (Player \d has -?\d+ points?, )*Player \d has -?\d+ points?\.", line)

"""Helpers for the Cluedo Card Game tests: build a situation, then play into it.

``arrange`` sets the hands and the top card directly; every other card of the
deck goes to the draw pile (or where ``draw`` says), so the 36 cards stay accounted for.
"""
from __future__ import annotations

from collections import Counter

from boardkit.games import cluedo_cards as cc
from boardkit.games.cluedo_cards.events import Card
from boardkit.games.cluedo_cards.game import full_deck
from game_helpers import saved  # noqa: F401 (every game's tests share it)


def C(text: str):
    """A card written as text: "dagger 1", "Col. Mustard 3"."""
    picture, number = text.rsplit(" ", 1)
    return Card(picture, int(number))


def new_game(n_players=4, seed=0, record_events=True, **changes):
    rules = cc.Rules().replace(**changes) if changes else cc.Rules()
    return cc.Game(rules, n_players=n_players, seed=seed, record_events=record_events)


def arrange(game, hands, top, discards=(), draw=None, current=0, miniatures=None):
    """Hands (lists of card texts), the top card, the discards under it and the draw pile
    (default: every card left, in deck order, so the next card drawn is the last one)."""
    game.hands = [[C(t) for t in hand] for hand in hands]
    game.discard_pile.cards[:] = [C(t) for t in discards] + [C(top)]
    used = Counter(c for hand in game.hands for c in hand) + Counter(game.discard_pile.cards)
    if draw is None:
        left = Counter(full_deck(game.rules)) - used
        rest = []
        for c in full_deck(game.rules):
            if left[c] > 0:
                left[c] -= 1
                rest.append(c)
        game.draw_pile.cards[:] = rest
    else:
        game.draw_pile.cards[:] = [C(t) for t in draw]
    if miniatures is not None:
        n = len(game.rules.miniatures)
        game.miniatures = list(miniatures)
        game.set_aside = [m for m in range(n) if m not in miniatures]
    game.current = current
    game.phase = "play"
    game.missing = [0] * game.n_players
    game._legal = None
    return game


def accounted(game) -> bool:
    """All 36 picture cards and all 4 miniatures are somewhere, once."""
    return (game.card_counts() == Counter(full_deck(game.rules))
            and sorted(game.miniatures + game.set_aside) == list(range(len(game.rules.miniatures))))


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def since(game, before):
    return game.events[before:]

"""Helpers for the Philo Vance tests: build a situation, then play into it.

A test makes a game with a seed, then sets the state it needs directly
(``ready``, ``place``, ``give_court``, ``stack_pile``) and drives it with
``throw`` (the two dice come out as asked: white first, then coloured) and
``game.apply``.  Every clue card moved by a helper comes out of the draw pile,
so the 100 cards stay accounted for and ``game.card_count()`` still checks.

Estate spaces the tests use (``data/board_estate.json``):

    0 Park Here   1 START   2 Driveway 1   3 Driveway 2 (green arrow)   4 Driveway 3
    7 Turning circle N (joins 8, 14, 24)   8 Turning circle NE (red spot)   24 Front hall
    15 X   16 N, 18 E, 20 S, 22 W (side squares)   17 NE (red), 19 SE, 21 SW (red), 23 NW
    47 Garage drive 3   48 Garage yard (red; joins 47, 56, 57)   57 Garden path 1 (red)
    67 Radio Car   68, 69, 70 Call Box 1, 2, 3
"""
from __future__ import annotations

import functools
import json
from collections import Counter

from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import game as pvgame
from game_helpers import force_rolls, saved  # noqa: F401 (shared by every game)

PV = pv.PHILO_VANCE
ROLL = pv.Roll()
PARK, START, DRIVE1, ARROW, DRIVE3 = 0, 1, 2, 3, 4
CIRCLE_N, CIRCLE_NE, HALL = 7, 8, 24
X, N, NE, E, SE, S, SW, W, NW = 15, 16, 17, 18, 19, 20, 21, 22, 23
GARAGE3, YARD, GARDEN1 = 47, 48, 57
RADIO_CAR, BOX1, BOX2, BOX3 = 67, 68, 69, 70

BUTLER, WIFE, MAID = 7, 0, 6
#: the Butler's confirmation card, the clues printed most often first; and clues not on it
BUTLER_RIGHT = (32, 33, 34, 37, 38, 39, 23, 25, 40, 42, 43, 24)
BUTLER_WRONG = (0, 1, 3, 4, 5, 6, 7, 9, 10, 11, 13, 14, 16, 17, 19, 20)


def new_game(n_players=2, seed=0, rules=None, **changes) -> pv.Game:
    """A game of ``rules`` (default: the rulebook, with ``changes``)."""
    rules = pv.Rules(**changes) if rules is None else rules
    return pv.Game(rules, n_players=n_players, seed=seed)


def ready(game, player: int = 0):
    """Make it ``player``'s turn, before the dice, with nothing pending."""
    game.current = game.decider = player
    game.phase = pvgame.BEFORE_ROLL
    game.todo = []
    game.moving_piece = game.victim = game.chain = game.claim_offer = None
    game.declared_now = game.convicted_now = game.on_clue_spot = game.extra_turn = False
    game._legal = None
    return game


def place(game, **where):
    """``place(game, p0=16, p1=7, pv=3)``: put pieces on spaces (None: off the board)."""
    for name, space in where.items():
        piece = PV if name == "pv" else int(name[1:])
        game.position[piece] = space
    game._legal = None
    return game


def take(game, clue: int) -> int:
    """Take one card of ``clue`` out of the draw pile (from the bottom up, so the top stays put)."""
    if clue not in game.pile.cards:
        raise AssertionError(f"no card of clue {clue} left in the draw pile")
    game.pile.cards.remove(clue)
    return clue


def give_court(game, player: int, clues, face_up=None):
    """Lay ``clues`` (12 clue ids, taken from the pile) on ``player``'s jurors 1-12."""
    if game.court[player] is not None:  # the old court cards go back under the pile
        game.pile.cards[0:0] = [c for c in game.court[player] if c is not None]
    clues = list(clues)
    assert len(clues) == game.rules.court_size
    game.court[player] = [take(game, c) for c in clues]
    game.face_up[player] = [True] * len(clues) if face_up is None else list(face_up)
    game._legal = None
    return game


def deal_court(game, player: int):
    """``player`` gets the top 12 cards of the pile, as on his first visit to X."""
    return give_court(game, player, game.pile.cards[-game.rules.court_size:][::-1])


def table_of_detectives(n_players: int, seed: int, where, **changes):
    """Everybody has 12 clues face up (seats 0-3 the clues 0-11, 12-23, ...), stands on
    ``where[seat]`` (far from the action), and seat 0 is to throw."""
    game = new_game(n_players=n_players, seed=seed, **changes)
    for p in range(n_players):
        if p < 4:
            give_court(game, p, range(12 * p, 12 * p + 12))
        else:
            deal_court(game, p)
        game.position[p] = where[p]
    return ready(game, 0)


def court_for(suspect: int, right: int, wrong=None, size: int = 12) -> list[int]:
    """A court of ``size`` distinct clues: ``right`` of them on ``suspect``'s card, the rest not."""
    card = sorted(pv.CONFIRMATION[suspect], key=lambda c: -pv.DECK_COPIES[c])
    wrong = [c for c in range(len(pv.CLUES)) if c not in card and pv.DECK_COPIES[c] >= 2] if wrong is None else wrong
    return card[:right] + list(wrong[:size - right])


def stack_pile(game, *clues):
    """The next draws from the pile are ``clues``, in this order."""
    for clue in clues:
        take(game, clue)
    game.pile.cards.extend(reversed(clues))
    return game


def declared(game, player: int, suspect: int = BUTLER):
    """``player`` made a Successful Declaration against ``suspect``."""
    game.declared[player] = True
    game.suspect[player] = suspect
    game._legal = None
    return game


def throw(game, white: int, coloured: int, *more) -> list:
    """The current player throws ``white`` and ``coloured`` (then ``more`` rolls); returns the new events."""
    force_rolls(game, white, coloured, *more)
    before = len(game.events)
    game.apply(ROLL)
    return game.events[before:]


def act(game, action) -> list:
    """Apply ``action``; returns the events it caused."""
    before = len(game.events)
    game.apply(action)
    return game.events[before:]


def of_type(events, cls) -> list:
    return [e for e in events if isinstance(e, cls)]


def recount(game) -> Counter:
    """Every clue card wherever it lies, counted by clue id (my own count, not ``card_count``)."""
    cards = Counter(game.pile.cards) + Counter(game.discards.cards)
    for court in game.court:
        cards += Counter(c for c in (court or []) if c is not None)
    for hand in game.hand:
        cards += Counter(hand)
    cards += Counter(c for c in game.claimed if c is not None)
    if game.drawn is not None:
        cards[game.drawn] += 1
    return cards


def assert_cards_conserved(game) -> None:
    assert game.card_count() == len(game.rules.deck_cards)
    assert recount(game) == Counter(game.rules.deck_cards)


def moves(game) -> set[int]:
    """The spaces of the legal Move actions."""
    return {a.space for a in game.legal_actions() if isinstance(a, pv.Move)}


def quiet_move(game):
    """A legal Move on to a plain, empty space (no clue, no arrow, nobody to bump)."""
    board = game.board
    for action in game.legal_actions():
        space = action.space
        if (space not in board.red_spots and space not in board.arrows and space != board.x
                and not game.pieces_at(space)):
            return action
    raise AssertionError(f"no quiet move among {game.legal_actions()}")


def game_in_phase(phase: str, rules=None, n_players: int = 4, first_seed: int = 0):
    """A game played by bots (Detective and Random mixed) until it waits in ``phase``.

    The search runs once per phase (cached); each call returns a fresh copy, restored from the save.
    """
    rules = rules or (pv.Rules.children_game() if phase == pvgame.PICKING else pv.Rules())
    return pv.Game.from_dict(json.loads(_saved_in_phase(phase, rules, n_players, first_seed)))


@functools.lru_cache(maxsize=None)
def _saved_in_phase(phase: str, rules, n_players: int, first_seed: int) -> str:
    import boardkit as bk

    for seed in range(first_seed, first_seed + 200):
        game = pv.Game(rules, n_players=n_players, seed=seed)
        bots = [pv.bots.Detective() if (seed >> seat) & 1 else pv.bots.Random() for seat in range(n_players)]
        while not game.is_over:
            if game.phase == phase:
                return json.dumps(game.to_dict())
            bk.step(game, bots)
    raise AssertionError(f"no game of seeds {first_seed}..{first_seed + 199} reached phase {phase!r}")

"""Saving and restoring a game of Win, Lose or Draw, checking everything on the way in.

The card box is saved as catalogue indices (rows of ``data/cards.csv``) with
the side each card shows, so a save is small and holds no answers in clear.
"""
from __future__ import annotations

from boardkit.core import LeadTracker, event_from_dict, event_to_dict
from boardkit.core.saving import reading_save, start_loading

from .events import EVENT_TYPES
from .rules import Rules
from .track import COLOURS

GAME = "win_lose_draw"


def save_game(game) -> dict:
    return {
        "game": GAME,
        "rules": game.rules.to_dict(),
        "n_players": game.n_players,
        "seed": game.seed,
        "chance": game.chance.to_dict(),
        "box": [list(card) for card in game.box],
        "phase": game.phase,
        "sketcher": game.sketcher,
        "seen_by": list(game.seen_by),
        "guessers": list(game.guessers),
        "pending": None if game.pending is None else list(game.pending),
        "turns": game.turns,
        "cards_done": game.cards_done,
        "steals": game.steals,
        "team_scores": list(game.team_scores),
        "sketches_by": list(game.sketches_by),
        "turn_team": game.turn_team,
        "first_team": game.first_team,
        "held": [list(h) for h in game.held],
        "centre": dict(game.centre),
        "white_pawn": game.white_pawn,
        "takers": list(game.takers),
        "ace_hopefuls": list(game.ace_hopefuls),
        "winner": game.winner,
        "end_reason": game.end_reason,
        "lead": game.lead.to_dict(),
        "events": None if game.events is None else [event_to_dict(e) for e in game.events],
    }


def _whole(value, name: str, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        allowed = f"{low}..{high}" if high is not None else f">= {low}"
        raise ValueError(f"saved {name} must be a whole number {allowed}, got {value!r}")
    return value


def _seats(values, name: str, n_players: int) -> list[int]:
    if not isinstance(values, list):
        raise ValueError(f"saved {name} must be a list of seats, got {values!r}")
    seats = [_whole(v, name, 0, n_players - 1) for v in values]
    if len(set(seats)) != len(seats):
        raise ValueError(f"saved {name} names a seat twice: {values!r}")
    return seats


def _box(values, game) -> list[list[int]]:
    from .game import catalogue
    cards = catalogue()
    wanted = set(game.rules.categories)
    if not isinstance(values, list) or not values:
        raise ValueError(f"saved box must be a non-empty list of [A item, B item, side], got {values!r}")
    box = []
    for value in values:
        if not (isinstance(value, list) and len(value) == 3):
            raise ValueError(f"saved box card must be [A item, B item, side], got {value!r}")
        a, b = (_whole(v, "box item", 0, len(cards) - 1) for v in value[:2])
        side = _whole(value[2], "box side", 0, 1)
        for item in (a, b):
            if cards[item].category not in wanted:
                raise ValueError(f"saved box holds a {cards[item].category} item, "
                                 f"but the rules' categories are {game.rules.categories}")
        box.append([a, b, side])
    items = [i for card in box for i in card[:2]]
    if len(set(items)) != len(items):
        raise ValueError("saved box holds an item twice")
    expected = {i for i, card in enumerate(cards) if card.category in wanted}
    if len(expected) - len(items) not in (0, 1) or not set(items) <= expected:
        raise ValueError(f"saved box must hold the card box's {len(expected)} items of the categories "
                         f"{game.rules.categories} (one may be left over when their number is odd), "
                         f"got {len(items)}")
    return box


def _held(values, game) -> list[list[str]]:
    if not (isinstance(values, list) and len(values) == game.n_players):
        raise ValueError(f"saved held must list the colours of each of the {game.n_players} seats, got {values!r}")
    held = []
    for colours in values:
        if (not isinstance(colours, list) or any(c not in COLOURS for c in colours)
                or len(set(colours)) != len(colours) or len(colours) > game.rules.colours_to_collect):
            raise ValueError(f"saved held colours must be different colours from {COLOURS}, "
                             f"at most {game.rules.colours_to_collect}, got {colours!r}")
        held.append(sorted(colours, key=COLOURS.index))
    return held


def load_game(cls, data: dict):
    from .game import PHASES
    with reading_save():
        game = start_loading(cls, Rules, data, GAME, "game of Win, Lose or Draw")
        rules, n = game.rules, game.n_players
        game.box = _box(data["box"], game)
        game.phase = data["phase"]
        if game.phase not in PHASES:
            raise ValueError(f"saved phase must be one of {PHASES}, got {game.phase!r}")
        game.sketcher = _whole(data["sketcher"], "sketcher", 0, n - 1)
        game.seen_by = _seats(data["seen_by"], "seen_by", n)
        game.guessers = tuple(_seats(data["guessers"], "guessers", n))
        pending = data["pending"]
        if pending is not None:
            if not (isinstance(pending, list) and len(pending) == 3
                    and all(isinstance(flag, bool) for flag in pending[1:])):
                raise ValueError(f"saved pending must be None or [guesser, matcher said correct, during steal], "
                                 f"got {pending!r}")
            pending = (_whole(pending[0], "pending guesser", 0, n - 1), pending[1], pending[2])
        game.pending = pending
        game.turns = _whole(data["turns"], "turns", 0)
        game.cards_done = _whole(data["cards_done"], "cards_done", 0)
        game.steals = _whole(data["steals"], "steals", 0)
        scores = data["team_scores"]
        if not (isinstance(scores, list) and len(scores) == 2):
            raise ValueError(f"saved team_scores must be two scores, got {scores!r}")
        game.team_scores = [_whole(s, "team score", 0, rules.team_target) for s in scores]
        sketches = data["sketches_by"]
        if not (isinstance(sketches, list) and len(sketches) == n):
            raise ValueError(f"saved sketches_by must give a count for each of the {n} seats, got {sketches!r}")
        game.sketches_by = [_whole(s, "sketches_by", 0) for s in sketches]
        game.turn_team = _whole(data["turn_team"], "turn_team", 0, 1)
        game.first_team = _whole(data["first_team"], "first_team", 0, 1)
        game.held = _held(data["held"], game)
        centre = data["centre"]
        if not (isinstance(centre, dict) and set(centre) == set(COLOURS)):
            raise ValueError(f"saved centre must count the pawns of each colour {COLOURS}, got {centre!r}")
        game.centre = {c: _whole(centre[c], f"centre {c}", 0, rules.pawns_per_colour) for c in COLOURS}
        pawn = data["white_pawn"]
        game.white_pawn = None if pawn is None else _whole(pawn, "white_pawn", 0, len(rules.track) - 1)
        game.takers = _seats(data["takers"], "takers", n)
        game.ace_hopefuls = _seats(data["ace_hopefuls"], "ace_hopefuls", n)
        game.winner, game.end_reason = data["winner"], data["end_reason"]
        if game.winner is not None:
            _whole(game.winner, "winner", 0, 1 if rules.play == "team" else n - 1)
        if game.end_reason is not None and not isinstance(game.end_reason, str):
            raise ValueError(f"saved end_reason must be None or text, got {game.end_reason!r}")
        game.lead = LeadTracker.from_dict(data["lead"], 2 if rules.play == "team" else n)
        events = data["events"]
        if events is not None and not isinstance(events, list):
            raise ValueError(f"saved events must be None or a list, got {events!r}")
        game.events = None if events is None else [event_from_dict(e, EVENT_TYPES) for e in events]
    game._legal = None
    _check_consistent(game)
    return game


def _check_consistent(game) -> None:
    """The checks that need the whole game: pawns conserved, a phase that can go on."""
    rules = game.rules
    for colour in COLOURS:
        owned = sum(colour in h for h in game.held)
        if owned + game.centre[colour] != rules.pawns_per_colour:
            raise ValueError(f"saved game has {owned} {colour} pawns held and {game.centre[colour]} in the centre; "
                             f"the rules say {rules.pawns_per_colour} in all")
    if (game.phase == "ruling") != (game.pending is not None):
        raise ValueError(f"saved pending must be set exactly in the ruling phase, got {game.pending!r} "
                         f"in phase {game.phase!r}")
    if game.phase == "take" and not game.takers:
        raise ValueError("saved game is in the take phase with nobody to take a pawn")
    if rules.play != "team" and game.phase != "place" and game.white_pawn is None:
        raise ValueError("saved gameboard game has no white pawn on the board")
    if game.sketcher in game.guessers:
        raise ValueError(f"saved sketcher {game.sketcher} cannot also be a guesser")
    if not game.is_over and not game.legal_actions():
        raise ValueError(f"saved game is stuck in phase {game.phase!r} with no legal action")

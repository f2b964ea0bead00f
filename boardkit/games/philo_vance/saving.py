"""Restoring a saved Philo Vance game, checking everything on the way in.

A saved game is plain JSON data and may come from anywhere, so every value is
checked: a wrong type, a number out of range or cards that are not the deck
raise ``ValueError`` naming what is wrong, never a crash later in play.
"""
from __future__ import annotations

import copy
from collections import Counter

from boardkit.core import LeadTracker, Pile, event_from_dict
from boardkit.core.saving import reading_save, start_loading

from .events import EVENT_TYPES
from .rules import PHILO_VANCE, Rules

END_REASONS = ("convicted", "all retired", "turn cap")


def _is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole(value, name: str, low: int, high: int | None = None, none: bool = False):
    """``value`` if it is a whole number in ``low..high`` (or None when allowed)."""
    if value is None and none:
        return None
    if not _is_whole(value) or value < low or (high is not None and value > high):
        allowed = f"{low}..{high}" if high is not None else f">= {low}"
        raise ValueError(f"saved {name} must be a whole number {allowed}{' or None' if none else ''}, "
                         f"got {value!r}")
    return value


def _per_seat(values, name: str, n_players: int, check) -> list:
    """A list with one value per seat, each passed through ``check(value, label)``."""
    if not isinstance(values, list) or len(values) != n_players:
        raise ValueError(f"saved {name} must be a list with one entry per seat ({n_players}), got {values!r}")
    return [check(v, f"{name}[{seat}]") for seat, v in enumerate(values)]


def _flag(value, name: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"saved {name} must be True or False, got {value!r}")
    return value


def _clues(values, name: str, n_clues: int, none: bool = False) -> list:
    if not isinstance(values, list):
        raise ValueError(f"saved {name} must be a list of clue ids, got {values!r}")
    return [_whole(c, f"clue id in {name}", 0, n_clues - 1, none=none) for c in values]


def load_game(cls, data: dict):
    data = copy.deepcopy(data)  # the loaded game must not share a list with the caller's data
    with reading_save():
        game = _read(cls, data)
    _check_cards(game)
    _check_decision(game)
    return game


def _read(cls, data: dict):
    from .game import PHASES
    game = start_loading(cls, Rules, data, "philo_vance", "Philo Vance game")
    rules, n = game.rules, game.n_players
    seats, n_clues, n_suspects = n - 1, rules.n_clues, rules.n_suspects
    game.seed = _whole(game.seed, "seed", 0, none=True)
    game.board = rules.estate
    game.turns = _whole(data["turns"], "turns", 0)
    game.winner = _whole(data["winner"], "winner", 0, seats, none=True)
    game.end_reason = data["end_reason"]
    if game.end_reason is not None and game.end_reason not in END_REASONS:
        raise ValueError(f"saved end_reason must be one of {END_REASONS} or None, got {game.end_reason!r}")
    game.pile = Pile(_clues(data["pile"], "pile", n_clues), name="clue pile")
    game.discards = Pile(_clues(data["discards"], "discards", n_clues), name="discard pile")
    last_space = len(game.board.spaces) - 1
    position = data["position"]
    if not isinstance(position, dict) or set(position) != {str(p) for p in range(n)} | {str(PHILO_VANCE)}:
        raise ValueError(f"saved position must give a space for seats 0..{seats} and Philo Vance ({PHILO_VANCE})")
    game.position = {int(k): _whole(v, f"position of piece {k}", 0, last_space, none=True)
                     for k, v in position.items()}
    game.court = _per_seat(data["court"], "court", n, lambda v, name: None if v is None else
                           _clues(v, name, n_clues, none=True))
    game.face_up = _per_seat(data["face_up"], "face_up", n, lambda v, name: None if v is None else
                             [_flag(u, name) for u in v])
    for seat, (court, up) in enumerate(zip(game.court, game.face_up)):
        if (court is None) != (up is None) or (court is not None and len(court) != len(up)):
            raise ValueError(f"saved court[{seat}] and face_up[{seat}] must match juror for juror")
        if court is not None and len(court) != rules.court_size:
            raise ValueError(f"saved court[{seat}] must have {rules.court_size} jurors, got {len(court)}")
    game.hand = _per_seat(data["hand"], "hand", n, lambda v, name: _clues(v, name, n_clues))
    game.suspect = _per_seat(data["suspect"], "suspect", n,
                             lambda v, name: _whole(v, name, 0, n_suspects - 1, none=True))
    game.declared = _per_seat(data["declared"], "declared", n, _flag)
    game.failures = _per_seat(data["failures"], "failures", n, lambda v, name: _whole(v, name, 0))
    game.needs_more = _per_seat(data["needs_more"], "needs_more", n, _flag)
    game.retired = _per_seat(data["retired"], "retired", n, _flag)
    game.claimed = _per_seat(data["claimed"], "claimed", n, lambda v, name: _whole(v, name, 0, n_clues - 1, none=True))
    game.claim_waits = _per_seat(data["claim_waits"], "claim_waits", n, _flag)
    game.philo_owner = _whole(data["philo_owner"], "philo_owner", 0, seats, none=True)
    game.judge = _flag(data["judge"], "judge")
    game.current = _whole(data["current"], "current", 0, seats)
    game.white = _whole(data["white"], "white", 1, 6, none=True)
    game.coloured = _whole(data["coloured"], "coloured", 1, 6, none=True)
    game.phase = data["phase"]
    if game.phase not in PHASES and not (game.phase is None and game.end_reason is not None):
        raise ValueError(f"saved phase must be one of {PHASES}, got {game.phase!r}")
    game.decider = _whole(data["decider"], "decider", 0, seats, none=True)
    game.todo = data["todo"]
    if not isinstance(game.todo, list) or not all(
            isinstance(t, list) and t and isinstance(t[0], str) and hasattr(cls, "_task_" + t[0]) for t in game.todo):
        raise ValueError(f"saved todo must be a list of known tasks such as ['end_turn'], got {game.todo!r}")
    game.drawn = _whole(data["drawn"], "drawn", 0, n_clues - 1, none=True)
    game.keep_only = _flag(data["keep_only"], "keep_only")
    game.arresting = _whole(data["arresting"], "arresting", 0, n_suspects - 1, none=True)
    game.named = _clues(data["named"], "named", n_clues)
    game.moving_piece = data["moving_piece"]
    if game.moving_piece is not None and game.moving_piece not in game.position:
        raise ValueError(f"saved moving_piece must be a seat 0..{seats}, {PHILO_VANCE} or None, "
                         f"got {game.moving_piece!r}")
    game.chain, game.claim_offer = data["chain"], data["claim_offer"]
    game.victim = _whole(data["victim"], "victim", 0, seats, none=True)
    offer = game.claim_offer
    if (game.phase == "claiming a discard") != (offer is not None) or offer is not None and not (
            isinstance(offer, list) and len(offer) == 2 and _is_whole(offer[0]) and 0 <= offer[0] < n_clues
            and isinstance(offer[1], list) and offer[1] and all(_is_whole(p) and 0 <= p <= seats for p in offer[1])):
        raise ValueError(f"saved claim_offer must be [clue id, [seats still to ask]] exactly while claiming, "
                         f"got {offer!r}")
    this_turn = data["this_turn"]
    if not isinstance(this_turn, list) or len(this_turn) != 4:
        raise ValueError(f"saved this_turn must be 4 True/False values, got {this_turn!r}")
    game.declared_now, game.convicted_now, game.on_clue_spot, game.extra_turn = (
        _flag(v, "this_turn") for v in this_turn)
    game.verdicts = [(p, s, tuple(named), ok) for p, s, named, ok in data["verdicts"]]
    counts = data["counts"]
    game.declarations = _whole(counts["declarations"], "declarations", 0)
    game.bumps = _whole(counts["bumps"], "bumps", 0)
    game.first_x_turn = counts["first_x_turn"]
    game.lead = LeadTracker.from_dict(data["lead"], n)
    if game.lead.scores is None or any(not _is_whole(s) or s < 0 for s in game.lead.scores):
        raise ValueError(f"saved lead scores must be the right clues each seat had in play after the last turn, "
                         f"a whole number >= 0, got {game.lead.scores!r}")
    events = data["events"]
    game.events = None if events is None else [event_from_dict(e, EVENT_TYPES) for e in events]
    game._legal = None
    return game


def _check_cards(game) -> None:
    """Every clue card of the deck, each exactly once: in a pile, on a court card, in a hand, claimed or drawn."""
    cards = list(game.pile.cards) + list(game.discards.cards) + [c for c in game.claimed if c is not None]
    cards += [c for court in game.court if court for c in court if c is not None]
    cards += [c for hand in game.hand for c in hand] + ([game.drawn] if game.drawn is not None else [])
    if Counter(cards) != Counter(game.rules.deck_cards):
        raise ValueError(f"saved game's {len(cards)} clue cards are not the deck's {len(game.rules.deck_cards)} "
                         f"cards (a card is missing, doubled or changed)")


def _check_decision(game) -> None:
    """The decision in progress must make sense: its choices can be listed, and there is at least one."""
    if game.is_over:
        return
    if game.decider is None or game.phase is None:
        raise ValueError("saved game is not over but nobody has a decision to make")
    try:
        actions = game.legal_actions()
    except (TypeError, KeyError, IndexError, AttributeError, ValueError) as err:
        game._legal = None
        raise ValueError(f"saved decision in progress ({game.phase!r}) is broken: {err!r}") from None
    if not actions:
        raise ValueError(f"saved game is stuck in phase {game.phase!r} with no legal action")

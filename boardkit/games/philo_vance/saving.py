"""Restoring a saved Philo Vance game, checking everything on the way in."""
from __future__ import annotations

from boardkit.core import Chance, Pile, event_from_dict

from .events import EVENT_TYPES
from .rules import PHILO_VANCE, Rules


def _seat_or_none(value, name: str, n_players: int):
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n_players):
        raise ValueError(f"saved {name} must be a seat 0..{n_players - 1} or None, got {value!r}")
    return value


def _flags(values, name: str, n_players: int) -> list[bool]:
    if not isinstance(values, list) or len(values) != n_players or not all(isinstance(v, bool) for v in values):
        raise ValueError(f"saved {name} must be a list of {n_players} True/False values, got {values!r}")
    return list(values)


def load_game(cls, data: dict):
    if not isinstance(data, dict) or data.get("game") != "philo_vance":
        raise ValueError("not a saved Philo Vance game (expected a dict with game='philo_vance')")
    from .game import PHASES
    try:
        rules = Rules.from_dict(data["rules"])
        n_players = data["n_players"]
        rules.check_players(n_players)
        game = cls.__new__(cls)
        game.rules, game.n_players, game.seed = rules, n_players, data["seed"]
        game.board = rules.estate
        game.chance = Chance.from_dict(data["chance"])
        game.turns, game.winner, game.end_reason = data["turns"], data["winner"], data["end_reason"]
        game.pile = Pile(data["pile"], name="clue pile")
        game.discards = Pile(data["discards"], name="discard pile")
        game.position = {int(k): v for k, v in data["position"].items()}
        game.court, game.face_up, game.hand = data["court"], data["face_up"], data["hand"]
        game.suspect = data["suspect"]
        game.declared = _flags(data["declared"], "declared", n_players)
        game.failures = data["failures"]
        game.needs_more = _flags(data["needs_more"], "needs_more", n_players)
        game.retired = _flags(data["retired"], "retired", n_players)
        game.claimed, game.barred = data["claimed"], data["barred"]
        game.philo_owner = _seat_or_none(data["philo_owner"], "philo_owner", n_players)
        game.judge, game.current = data["judge"], data["current"]
        game.white, game.coloured = data["white"], data["coloured"]
        game.phase, game.decider = data["phase"], _seat_or_none(data["decider"], "decider", n_players)
        game.todo = data["todo"]
        game.drawn, game.keep_only, game.arresting = data["drawn"], data["keep_only"], data["arresting"]
        game.named, game.moving_piece = data["named"], data["moving_piece"]
        game.chain, game.victim, game.claim_offer = data["chain"], data["victim"], data["claim_offer"]
        game.declared_now, game.convicted_now, game.on_clue_spot, game.extra_turn = data["this_turn"]
        game.verdicts = [(p, s, tuple(named), ok) for p, s, named, ok in data["verdicts"]]
        counts = data["counts"]
        game.declarations, game.bumps = counts["declarations"], counts["bumps"]
        game.first_x_turn = counts["first_x_turn"]
        events = data["events"]
        game.events = None if events is None else [event_from_dict(e, EVENT_TYPES) for e in events]
    except KeyError as err:
        raise ValueError(f"saved game is missing {err}") from None
    except (TypeError, AttributeError) as err:
        raise ValueError(f"saved game has a value of the wrong type: {err}") from None
    game._legal = None
    _check(game, rules, n_players, PHASES)
    return game


def _check(game, rules: Rules, n_players: int, phases) -> None:
    """The saved state must make sense: known phase, pieces on real spaces, every card accounted for."""
    if game.phase not in phases and not (game.phase is None and game.is_over):
        raise ValueError(f"phase must be one of {phases}, got {game.phase!r}")
    if not isinstance(game.current, int) or not 0 <= game.current < n_players:
        raise ValueError(f"saved current must be a seat 0..{n_players - 1}, got {game.current!r}")
    if set(game.position) != set(range(n_players)) | {PHILO_VANCE}:
        raise ValueError(f"saved positions must be given for seats 0..{n_players - 1} and Philo Vance")
    n_spaces = len(game.board.spaces)
    for piece, where in game.position.items():
        if where is not None and (not isinstance(where, int) or not 0 <= where < n_spaces):
            raise ValueError(f"piece {piece} stands on {where!r}, not a space 0..{n_spaces - 1}")
    for name in ("court", "face_up", "hand", "suspect", "failures", "claimed", "barred"):
        if not isinstance(getattr(game, name), list) or len(getattr(game, name)) != n_players:
            raise ValueError(f"saved {name} must be a list with one entry per seat ({n_players})")
    n_clues = rules.n_clues
    cards = list(game.pile.cards) + list(game.discards.cards) + [c for c in game.claimed if c is not None]
    cards += [c for court in game.court if court for c in court if c is not None]
    cards += [c for hand in game.hand for c in hand] + ([game.drawn] if game.drawn is not None else [])
    if any(not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < n_clues for c in cards):
        raise ValueError(f"every clue must be a clue id 0..{n_clues - 1}")
    if len(cards) != len(rules.deck_cards):
        raise ValueError(f"saved game holds {len(cards)} clue cards, the deck has {len(rules.deck_cards)}")
    if not game.is_over and not game.legal_actions():
        raise ValueError(f"saved game is stuck in phase {game.phase!r} with no legal action")

"""Restoring a saved Cluedo Card Game, checking everything on the way in.

A save is plain JSON data that may come from anywhere, so every key is
checked: its type, its range (no value larger than the rules allow, so a
damaged save cannot make a game that runs for ever) and its agreement with
the rest (the deck, the miniatures, the leaders after each round).  Anything
wrong is a ``ValueError`` naming the key.  The loaded game holds its own new
lists, never the save's.
"""
from __future__ import annotations

from collections import Counter

from boardkit.core import LeadTracker, Pile, event_from_dict
from boardkit.core.saving import read_outcome, reading_save, start_loading

from .events import CARD_FIELDS, CARDS_FIELDS, EVENT_TYPES, Card
from .rules import Rules

#: every key of a save (``Game.to_dict``); a save with any other key, or without one of these, is refused
KEYS = ("game", "rules", "n_players", "seed", "chance", "hands", "draw_pile", "discard_pile", "miniatures",
        "set_aside", "scores", "missing", "round", "round_turns", "starter", "current", "phase", "round_winners",
        "leaders", "lead", "penalties", "turns", "winner", "end_reason", "events")


def _is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole(value, name: str, low: int | None = None, high: int | None = None) -> int:
    if not _is_whole(value) or (low is not None and value < low) or (high is not None and value > high):
        allowed = (f"{low}..{high}" if low is not None and high is not None else f">= {low}" if low is not None
                   else f"<= {high}" if high is not None else "any")
        raise ValueError(f"saved {name} must be a whole number ({allowed}), got {value!r}")
    return value


def _list(value, name: str, length: int | None = None) -> list:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = "" if length is None else f" of {length} entries (one per player)"
        raise ValueError(f"saved {name} must be a list{size}, got {value!r:.80}")
    return value


def _seat(value, name: str, n_players: int) -> int | None:
    return None if value is None else _whole(value, name, 0, n_players - 1)


def _card(value, rules: Rules, name: str = "card") -> Card:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError(f"saved {name}: a card must be [picture, number], got {value!r}")
    picture, number = value
    if (not isinstance(picture, str) or picture not in rules.pictures or not _is_whole(number)
            or number not in rules.numbers):
        raise ValueError(f"saved {name}: no such card {value!r}: pictures {rules.pictures}, "
                         f"numbers {rules.numbers}")
    return Card(picture, number)


def _cards(values, rules: Rules, name: str) -> list[Card]:
    return [_card(v, rules, name) for v in _list(values, name)]


def _event(data, allowed: dict, index: int):
    """One saved event, each field checked (``allowed``: see :func:`_event_values`), its cards as Cards."""
    try:
        event = event_from_dict(data, EVENT_TYPES, allowed)
    except ValueError as err:
        raise ValueError(f"saved events[{index}]: {err}") from None
    changes = {name: Card(*getattr(event, name)) for name in CARD_FIELDS if hasattr(event, name)}
    changes.update({name: tuple(Card(*c) for c in getattr(event, name)) for name in CARDS_FIELDS
                    if hasattr(event, name)})
    return type(event)(**{**event.__dict__, **changes}) if changes else event


def _event_values(rules: Rules, n_players: int, bound: dict) -> dict:
    """The values each field of a saved event may take in a game of ``rules`` (see ``event_from_dict``)."""
    from .game import full_deck
    seats, deck = range(n_players), full_deck(rules)
    scores = range(bound["score_low"], bound["score_high"] + 1)
    return {"player": seats, "victim": seats, "other": seats, "card": set(deck), "cards": set(deck),
            "number": range(1, rules.max_rounds + 1), "rounds": (rules.max_rounds,),
            "size": range(len(deck) + 1), "points": (rules.going_out_points,),
            "picture": {picture for picture, _ in rules.miniatures},
            "penalty": {penalty for _, penalty in rules.miniatures},
            "lost": {0} | {penalty for _, penalty in rules.miniatures},
            "scores": scores, "score": scores, "turns": range(rules.max_turns + 1)}


def _bounds(rules: Rules, n_players: int) -> dict:
    """The largest values a game of these rules can reach (a save beyond them is damaged)."""
    most_penalty = max(penalty for _, penalty in rules.miniatures)
    return {
        "score_high": rules.max_rounds * rules.going_out_points,
        "score_low": 0 if rules.floor_at_zero else -rules.max_rounds * most_penalty,
        "penalties": rules.max_rounds * most_penalty * len(rules.miniatures),
        "turns": rules.max_rounds * rules.max_turns,
    }


def _check_start(data: dict) -> None:
    """The keys ``start_loading`` reads (rules, players, randomness), each error naming its key."""
    for key in ("rules", "n_players", "chance"):
        if key not in data:
            raise ValueError(f"saved game is missing {key!r}")
    try:
        rules = Rules.from_dict(data["rules"])
    except (ValueError, TypeError) as err:
        raise ValueError(f"saved rules: {err}") from None
    n_players = data["n_players"]
    if not _is_whole(n_players):
        raise ValueError(f"saved n_players must be a whole number, got {n_players!r}")
    rules.check_players(n_players)


def load_game(cls, data: dict):
    from .game import PHASES, PLAYING, full_deck
    with reading_save():
        if isinstance(data, dict) and data.get("game") == "cluedo_cards":
            _check_start(data)
        game = start_loading(cls, Rules, data, "cluedo_cards", "Cluedo Card Game")
        unknown = sorted(set(data) - set(KEYS), key=str)
        if unknown:
            raise ValueError(f"saved game has unknown keys {unknown!r:.80}")
        rules, n_players = game.rules, game.n_players
        bound = _bounds(rules, n_players)
        game.deck = full_deck(rules)
        game.hands = [_cards(hand, rules, "hands") for hand in _list(data["hands"], "hands", n_players)]
        game.draw_pile = Pile(_cards(data["draw_pile"], rules, "draw_pile"), "draw")
        game.discard_pile = Pile(_cards(data["discard_pile"], rules, "discard_pile"), "discard")
        n_minis = len(rules.miniatures)
        game.miniatures = [_whole(m, "miniatures", 0, n_minis - 1)
                           for m in _list(data["miniatures"], "miniatures", n_players)]
        game.set_aside = [_whole(m, "set_aside", 0, n_minis - 1) for m in _list(data["set_aside"], "set_aside")]
        game.scores = [_whole(s, "scores", bound["score_low"], bound["score_high"])
                       for s in _list(data["scores"], "scores", n_players)]
        game.missing = [_whole(m, "missing", 0, rules.max_turns)
                        for m in _list(data["missing"], "missing", n_players)]
        game.round = _whole(data["round"], "round", 1, rules.max_rounds)
        game.round_turns = _whole(data["round_turns"], "round_turns", 0, rules.max_turns)
        game.starter = _whole(data["starter"], "starter", 0, n_players - 1)
        game.current = _whole(data["current"], "current", 0, n_players - 1)
        game.phase = data["phase"]
        if not isinstance(game.phase, str) or game.phase not in PHASES:
            raise ValueError(f"saved phase must be one of {PHASES}, got {game.phase!r}")
        game.round_winners = [_seat(w, "round_winners", n_players)
                              for w in _list(data["round_winners"], "round_winners")]
        allowed_leaders = {"="} | {str(seat) for seat in range(n_players)}
        game.leaders = list(_list(data["leaders"], "leaders"))
        if not all(isinstance(x, str) and x in allowed_leaders for x in game.leaders):
            raise ValueError(f"saved leaders must each be '=' (a tie) or a seat 0..{n_players - 1} as text, "
                             f"got {game.leaders!r:.80}")
        try:
            game.lead = LeadTracker.from_dict(data["lead"], n_players,  # looked at once a finished round
                                              range(bound["score_low"], bound["score_high"] + 1),
                                              len(game.round_winners))
        except ValueError as err:
            raise ValueError(f"saved lead: {err}") from None
        game.penalties = _whole(data["penalties"], "penalties", 0, bound["penalties"])
        read_outcome(game, data, ("target reached", "round cap"))
        _whole(game.turns, "turns", 0, bound["turns"])
        events = data["events"]
        allowed = _event_values(rules, n_players, bound)
        game.events = None if events is None else [_event(e, allowed, i)
                                                   for i, e in enumerate(_list(events, "events"))]
    game._legal = None
    _check_consistent(game, rules, n_players, PLAYING)
    return game


def _check_consistent(game, rules: Rules, n_players: int, playing: str) -> None:
    """The saved values agree with each other and with the rules."""
    if sum(game.missing) > game.round_turns:     # each turn this round gave at most one player a turn to miss
        raise ValueError(f"saved missing holds {sum(game.missing)} turns to miss, more than the "
                         f"{game.round_turns} turns of this round could have given")
    if game.card_counts() != Counter(game.deck):
        raise ValueError("saved hands, draw_pile and discard_pile do not hold exactly the deck the rules describe")
    if sorted(game.miniatures + game.set_aside) != list(range(len(rules.miniatures))):
        raise ValueError("saved miniatures and set_aside must hold each miniature exactly once")
    if not game.discard_pile.cards:
        raise ValueError("the saved discard_pile is empty; it always holds at least the card turned up")
    if len(game.round_winners) != len(game.leaders) or len(game.round_winners) not in (game.round - 1, game.round):
        raise ValueError("saved round_winners and leaders must have one entry per finished round")
    if game.leaders:
        best = max(game.scores)
        sole = game.scores.index(best) if game.scores.count(best) == 1 else None
        if game.leaders[-1] != ("=" if sole is None else str(sole)):
            raise ValueError(f"saved leaders end with {game.leaders[-1]!r}, but the saved scores "
                             f"{game.scores} are led by {'nobody alone' if sole is None else sole}")
    elif any(game.scores):
        raise ValueError(f"saved scores {game.scores} must be 0 before any round has been scored")
    if (game.lead.scores is None) != (not game.leaders) or (game.lead.scores is not None
                                                            and game.lead.scores != game.scores):
        raise ValueError("saved lead scores must be the scores after the last finished round")
    if game.is_over != (len(game.round_winners) == game.round):
        raise ValueError("saved round_winners must list the round in play only once the game has ended")
    if game.is_over and game.end_reason == "target reached" and game.winner is None:
        raise ValueError("saved winner must be a seat when the end_reason is 'target reached'")
    if game.end_reason == "round cap" and (game.winner is not None or game.round != rules.max_rounds):
        raise ValueError("a game saved at the 'round cap' has no winner and played max_rounds rounds")
    if not game.is_over and not all(game.hands):
        raise ValueError("saved hands: a round in play cannot have a player with no cards")
    if game.phase != playing and game.is_over:
        raise ValueError(f"saved phase of a finished game must be {playing!r}")
    earlier = game.turns - game.round_turns   # the turns of the rounds before this one: 1..max_turns each
    if not (game.round - 1 <= earlier <= (game.round - 1) * rules.max_turns) or game.is_over and not game.round_turns:
        raise ValueError(f"saved turns ({game.turns}) do not fit the rounds: round {game.round} with round_turns "
                         f"{game.round_turns} after {game.round - 1} rounds of 1 to max_turns ({rules.max_turns}) "
                         f"turns each")
    # (after a Dagger or a Revolver the turn ends only once the choice is made, so there it may be equal)
    if not game.is_over and game.phase == playing and game.round_turns >= rules.max_turns:
        raise ValueError(f"saved round_turns {game.round_turns} would have ended the round at max_turns "
                         f"{rules.max_turns}")

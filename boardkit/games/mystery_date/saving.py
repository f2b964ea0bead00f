"""Restoring a saved Mystery Date game, checking everything on the way in.

A save is plain JSON data that may have been edited by hand or sent by a
browser, so every key is read with a check: a missing key, a value of the
wrong type, out of range, or one that contradicts the rest of the save (a
winner in a game that goes on, a hand over the limit outside a discard, a
card made or lost) raises ``ValueError`` naming the key.  The loaded game is
built from fresh lists, so changing the save afterwards changes nothing.
"""
from __future__ import annotations

from collections import Counter

from boardkit.core import LeadTracker, Pile, event_from_dict
from boardkit.core.saving import read_outcome, reading_save, start_loading

from .events import CARDS, EVENT_TYPES, Card
from .hand import Hand
from .rules import (COLOURS, DOOR, NUMBERS, OUTCOMES, SWAP_ANY, SWAP_LEFT, SWAP_RIGHT, TAKE_1, TAKE_2, TAKE_EITHER,
                    Rules)

CARD_FIELDS = {"card", "given", "received"}
END_REASONS = ("date found", "turn cap")


def _card(value) -> Card:
    try:
        colour, number = value
    except (TypeError, ValueError):
        raise ValueError(f"a card must be [colour, number], got {value!r}") from None
    if (not isinstance(colour, str) or colour not in COLOURS or isinstance(number, bool)
            or not isinstance(number, int) or number not in NUMBERS):
        raise ValueError(f"no such card {value!r}: colours {COLOURS}, numbers {NUMBERS}")
    return Card(colour, number)


def _cards(data, key: str) -> list[Card]:
    value = data[key]
    if not isinstance(value, list):
        raise ValueError(f"saved {key!r} must be a list of cards, got {value!r:.60}")
    try:
        return [_card(c) for c in value]
    except ValueError as err:
        raise ValueError(f"saved {key!r}: {err}") from None


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _event(data: dict, allowed: dict):
    """One saved event, each field checked (``allowed``: see :func:`_event_values`), its cards as Cards."""
    event = event_from_dict(data, EVENT_TYPES, allowed)
    changes = {name: Card(*getattr(event, name)) for name in CARD_FIELDS if hasattr(event, name)}
    if hasattr(event, "cards"):
        changes["cards"] = tuple(Card(*c) for c in event.cards)
    return type(event)(**{**event.__dict__, **changes}) if changes else event


def _event_values(rules: Rules, n_players: int) -> dict:
    """The values each field of a saved event may take in a game of ``rules`` (see ``event_from_dict``)."""
    seats, spaces = range(n_players), range(len(rules.board))
    return {"player": seats, "opponent": seats, "start": spaces, "end": spaces, "space": set(rules.board),
            "value": range(1, rules.die_sides + 1), "turns": (rules.max_turns,),
            "card": CARDS, "given": CARDS, "received": CARDS, "cards": CARDS, "source": ("draw", "discard"),
            "colour": COLOURS, "outcome": OUTCOMES, "pile": ("draw", "discard"),
            "n_cards": range(len(CARDS) * rules.copies + 1)}


def _seats(data, key: str, n_players: int) -> list:
    value = data[key]
    if not isinstance(value, list) or len(value) != n_players:
        raise ValueError(f"saved {key!r} must be a list of {n_players} entries, one per seat, got {value!r:.80}")
    return value


def load_game(cls, data: dict):
    from .game import DISCARDING, CHOOSING_OPPONENT, CHOOSING_PILE, GIVING, PHASES, ROLLING, SHOWING, full_deck

    with reading_save():
        game = start_loading(cls, Rules, data, "mystery_date", "Mystery Date game")
        rules, n_players = game.rules, game.n_players
        board = rules.board

        positions = _seats(data, "positions", n_players)
        if not all(_whole(p) and 0 <= p < len(board) for p in positions):
            raise ValueError(f"saved 'positions' must be spaces 0..{len(board) - 1}, got {positions!r:.80}")
        game.positions = list(positions)

        hands = _seats(data, "hands", n_players)
        game.hands = [Hand(_cards(hands, seat)) for seat in range(n_players)]
        game.draw_pile = Pile(_cards(data, "draw_pile"), "draw")
        game.discard_pile = Pile(_cards(data, "discard_pile"), "discard")
        if game.card_counts() != Counter(full_deck(rules)):
            raise ValueError("saved game does not hold exactly the full deck of cards "
                             "('hands', 'draw_pile', 'discard_pile')")

        current, phase = data["current"], data["phase"]
        if not (_whole(current) and 0 <= current < n_players):
            raise ValueError(f"saved 'current' must be a seat 0..{n_players - 1}, got {current!r}")
        if not isinstance(phase, str) or phase not in PHASES:
            raise ValueError(f"saved 'phase' must be one of {PHASES}, got {phase!r}")
        game.current, game.phase = current, phase

        read_outcome(game, data, END_REASONS)
        if game.turns > rules.max_turns:
            raise ValueError(f"saved 'turns' must be at most max_turns={rules.max_turns}, got {game.turns}")
        last_roll = data["last_roll"]
        if game.turns == 0 and last_roll is not None:
            raise ValueError(f"saved 'last_roll' must be None before the first roll, got {last_roll!r}")
        if game.turns > 0 and not (_whole(last_roll) and 1 <= last_roll <= rules.die_sides):
            raise ValueError(f"saved 'last_roll' must be a roll 1..{rules.die_sides}, got {last_roll!r}")
        game.last_roll = last_roll

        game.won_date = data["won_date"]
        _check_end(game, phase, ROLLING, SHOWING)

        swap_with = data["swap_with"]
        if phase == GIVING:
            if not (_whole(swap_with) and 0 <= swap_with < n_players and swap_with != current):
                raise ValueError(f"saved 'swap_with' must be another seat 0..{n_players - 1} while giving, "
                                 f"got {swap_with!r}")
            if not game.hands[swap_with]:
                raise ValueError(f"saved 'swap_with' is seat {swap_with}, whose hand is empty: nothing to swap")
        elif swap_with is not None:
            raise ValueError(f"saved 'swap_with' must be None outside the 'give' phase, got {swap_with!r}")
        game.swap_with = swap_with

        # Each phase is a decision asked on one kind of space (rule 3-9).
        if not game.is_over and phase != ROLLING:
            spaces = {DISCARDING: (TAKE_1, TAKE_2, TAKE_EITHER, DOOR), CHOOSING_PILE: (TAKE_EITHER,),
                      CHOOSING_OPPONENT: (SWAP_ANY,), GIVING: (SWAP_LEFT, SWAP_RIGHT, SWAP_ANY),
                      SHOWING: (DOOR,)}[phase]
            if board[game.positions[current]] not in spaces:
                raise ValueError(f"saved 'phase' is {phase!r}, but seat {current} stands on a "
                                 f"{board[game.positions[current]]!r} space (the phase needs {spaces})")
        if not game.is_over and phase == ROLLING and game.turns >= rules.max_turns:
            raise ValueError(f"saved game goes on after {game.turns} turns, but max_turns={rules.max_turns} "
                             "has ended it")
        for seat, hand in enumerate(game.hands):
            discarding = phase == DISCARDING and seat == current
            if discarding and len(hand) <= rules.hand_limit:
                raise ValueError(f"saved 'phase' is {phase!r}, but seat {seat}'s hand is within the hand limit")
            if not discarding and len(hand) > rules.hand_limit:
                raise ValueError(f"saved 'hands': seat {seat} holds {len(hand)} cards, over the "
                                 f"hand_limit={rules.hand_limit}")

        # 0..3 cards of an outfit; the lead is looked at once a turn at most
        game.lead = LeadTracker.from_dict(data["lead"], n_players, range(4), game.turns)
        standing = game.lead.scores
        if standing is None:
            raise ValueError("saved 'lead' scores must be each seat's outfit progress, a whole number 0..3, "
                             "got None")
        for seat, hand in enumerate(game.hands):  # a standing is taken whenever a hand changes (not mid-discard)
            if not (phase == DISCARDING and seat == current) and standing[seat] != hand.standing:
                raise ValueError(f"saved 'lead' scores {standing} do not match the hands: seat {seat}'s "
                                 f"outfit progress is {hand.standing}")
        game.standing = list(standing)

        events = data["events"]
        if events is not None and not isinstance(events, list):
            raise ValueError(f"saved 'events' must be None or a list of events, got {events!r:.60}")
        allowed = _event_values(rules, n_players)
        game.events = None if events is None else [_event(e, allowed) for e in events]
    game._legal = None
    if not game.is_over and not game.legal_actions():
        raise ValueError(f"saved game is stuck in phase {phase!r} with no legal action")
    return game


def _check_end(game, phase, rolling, showing) -> None:
    """The saved end agrees with itself: a found date has a winner, who showed
    that outfit at the door and still holds it; a turn cap has none."""
    won_date, winner, reason = game.won_date, game.winner, game.end_reason
    if reason == "date found":
        if winner is None:
            raise ValueError("saved 'winner' must be the seat that found the date (end_reason is 'date found')")
        if not isinstance(won_date, str) or won_date not in COLOURS:
            raise ValueError(f"saved 'won_date' must be one of {COLOURS} when a date was found, got {won_date!r}")
        if won_date not in game.hands[winner].ready:
            raise ValueError(f"saved 'won_date' is {won_date!r}, but the winner (seat {winner}) does not hold "
                             "that outfit")
        if game.current != winner or phase != showing:
            raise ValueError(f"saved game was won by seat {winner} at the door, so 'current' must be {winner} "
                             f"and 'phase' {showing!r}, got {game.current!r} and {phase!r}")
        return
    if won_date is not None:
        raise ValueError(f"saved 'won_date' must be None unless a date was found, got {won_date!r}")
    if reason == "turn cap":
        if winner is not None:
            raise ValueError(f"saved 'winner' must be None when the game stopped at the turn cap, got {winner!r}")
        if game.turns != game.rules.max_turns or phase != rolling:
            raise ValueError(f"saved game stopped at the turn cap, so 'turns' must be "
                             f"max_turns={game.rules.max_turns} and 'phase' {rolling!r}, "
                             f"got {game.turns} and {phase!r}")

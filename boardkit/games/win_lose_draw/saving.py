"""Saving and restoring a game of Win, Lose or Draw, checking everything on the way in.

The card box is saved as catalogue indices (rows of ``data/cards.csv``) with
the side each card shows, so a save is small and holds no answers in clear.

A save is a snapshot: ``save_game`` copies every list and dict it hands out,
and ``load_game`` copies what it reads, so neither the game nor the data
changes when the other does.  Every key is checked on the way in, with a
ValueError naming it: its type and range, then the whole game for
consistency (pawns conserved, a phase of this way to play, whose turn it is,
an outcome that matches the scores).
"""
from __future__ import annotations

import copy
from contextlib import contextmanager

from boardkit.core import LeadTracker, event_from_dict, event_to_dict
from boardkit.core.saving import read_outcome, reading_save, start_loading

from .events import EVENT_TYPES
from .rules import Rules
from .track import COLOURS

GAME = "win_lose_draw"
#: every key of a save, in order
KEYS = ("game", "rules", "n_players", "seed", "chance", "box", "phase", "sketcher", "seen_by", "guessers", "pending",
        "turns", "cards_done", "steals", "team_scores", "sketches_by", "turn_team", "first_team", "held", "centre",
        "white_pawn", "takers", "ace_hopefuls", "winner", "end_reason", "lead", "events")
#: how a game ends: a team reaches its target, the Ace is won, or the sketch cap stops it
END_REASONS = ("target", "ace", "sketch cap")
#: the phases of each way to play (see game.py)
PHASES_OF = {"team": ("pick", "sketch", "ruling", "steal"), "gameboard": ("place", "sketch", "ruling", "take", "roll")}


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


def _event_values(rules: Rules, n_players: int) -> dict:
    """The values each field of a saved event may take in a game of ``rules`` (see ``event_from_dict``)."""
    seats, teams, spaces = range(n_players), (0, 1), range(len(rules.track))
    return {"player": seats, "guesser": seats, "guessers": seats, "team": teams, "first_team": teams,
            "rolls": {(a, b) for a in range(1, 7) for b in range(1, 7)},
            "space": spaces, "start": spaces, "end": spaces, "lands_on": set(rules.track),
            "category": rules.categories, "again": range(n_players),
            "score": range(rules.team_target + 1), "GuessTyped.score": lambda v: 0 <= v <= 100,
            "seconds": (rules.steal_seconds,), "colour": COLOURS, "value": range(1, rules.die_sides + 1),
            "turns": range(rules.max_sketches + 1)}


@contextmanager
def _naming(key: str):
    """A ValueError raised while reading ``key`` says which key it was."""
    try:
        yield
    except ValueError as err:
        message = str(err)
        if key in message:
            raise
        raise ValueError(f"saved {key!r}: {message}") from None


def _count_list(values, name: str, length: int, high: int) -> list[int]:
    if not (isinstance(values, list) and len(values) == length):
        raise ValueError(f"saved {name} must be a list of {length} whole numbers, got {values!r}")
    return [_whole(v, name, 0, high) for v in values]


def load_game(cls, data: dict):
    from .game import PHASES
    with reading_save():
        if isinstance(data, dict) and data.get("game") == GAME and "rules" in data:
            with _naming("rules"):
                Rules.from_dict(data["rules"])
        game = start_loading(cls, Rules, data, GAME, "game of Win, Lose or Draw")
        unknown = sorted(set(data) - set(KEYS), key=str)
        if unknown:
            raise ValueError(f"saved game has keys a save of Win, Lose or Draw never has: {unknown!r}")
        missing = [key for key in KEYS if key not in data]
        if missing:
            raise ValueError(f"saved game is missing {', '.join(map(repr, missing))}")
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
        read_outcome(game, data, END_REASONS)
        _whole(game.turns, "turns", 0, rules.max_sketches)
        game.cards_done = _whole(data["cards_done"], "cards_done", 0, game.turns)
        game.team_scores = _count_list(data["team_scores"], "team_scores", 2, rules.team_target)
        game.steals = _whole(data["steals"], "steals", 0, sum(game.team_scores))
        game.sketches_by = _count_list(data["sketches_by"], "sketches_by", n, rules.max_sketches)
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
        with _naming("lead"):
            team = rules.play == "team"   # a standing is a team's points, or the colours a seat holds
            # the lead is looked at whenever a standing grows by one: at most once per point or pawn won
            won = sum(game.team_scores) if team else sum(map(len, game.held))
            game.lead = LeadTracker.from_dict(copy.deepcopy(data["lead"]), 2 if team else n,
                                              range((rules.team_target if team else rules.colours_to_collect) + 1),
                                              won)
        events = data["events"]
        if events is not None and not isinstance(events, list):
            raise ValueError(f"saved events must be None or a list, got {events!r}")
        with _naming("events"):
            allowed = _event_values(rules, n)
            game.events = None if events is None else [event_from_dict(e, EVENT_TYPES, allowed) for e in events]
    game._legal = None
    _check_consistent(game)
    return game


def _check_consistent(game) -> None:
    """The checks that need the whole game: pawns conserved, a phase of this way to play that can go on,
    whose turn it is, and an outcome that matches the scores."""
    rules = game.rules
    _check_phase_and_turn(game)
    _check_outcome(game)
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


def _check_phase_and_turn(game) -> None:
    rules, team_play = game.rules, game.rules.play == "team"
    if game.phase not in PHASES_OF[rules.play]:
        raise ValueError(f"saved phase {game.phase!r} is not a phase of play={rules.play!r}: "
                         f"one of {PHASES_OF[rules.play]}")
    if game.phase == "pick" and not rules.team_picks_sketcher:
        raise ValueError("saved phase 'pick' needs team_picks_sketcher=True in the saved rules")
    if game.sketcher in game.seen_by and not game.is_over:       # a capped game ends right after her miss
        raise ValueError(f"saved seen_by {game.seen_by} holds the Sketcher {game.sketcher}: "
                         "she has not sketched the card unsuccessfully yet")
    if team_play:
        if game.white_pawn is not None or any(game.held) or game.seen_by or game.takers or game.ace_hopefuls:
            raise ValueError("saved white_pawn, held, seen_by, takers and ace_hopefuls must be empty in Team Play")
        if sum(game.sketches_by) != game.cards_done:
            raise ValueError(f"saved sketches_by {game.sketches_by} must add up to cards_done {game.cards_done} "
                             "(each card is sketched once in Team Play)")
        if game.phase != "pick" and game.sketcher % 2 != game.turn_team:
            raise ValueError(f"saved sketcher {game.sketcher} is not on team {game.turn_team}, whose turn it is")
        drawing = game.phase in ("sketch", "ruling", "steal")
        expected = tuple(s for s in game.members(game.turn_team) if s != game.sketcher)
    else:
        if game.team_scores != [0, 0] or any(game.sketches_by) or game.steals or game.turn_team or game.first_team:
            raise ValueError("saved team_scores, sketches_by, steals, turn_team and first_team must be 0 "
                             "in Gameboard Play")
        if (game.phase == "place") != (game.white_pawn is None):
            raise ValueError(f"saved white_pawn must be None exactly in the 'place' phase, got {game.white_pawn!r} "
                             f"in phase {game.phase!r}")
        drawing = game.phase in ("sketch", "ruling")
        expected = tuple(s for s in game._from_left_of(game.sketcher) if s not in game.seen_by)
    if drawing and not game.is_over and game.guessers != expected:
        raise ValueError(f"saved guessers must be {list(expected)}, those who may guess this card, "
                         f"got {list(game.guessers)}")
    if game.phase != "take" and game.takers:
        raise ValueError(f"saved takers must be empty outside the 'take' phase, got {game.takers}")
    if game.phase not in ("take", "roll") and game.ace_hopefuls:
        raise ValueError(f"saved ace_hopefuls must be empty outside the 'take' and 'roll' phases, "
                         f"got {game.ace_hopefuls}")
    if set(game.takers) & set(game.ace_hopefuls) or game.sketcher in game.takers + game.ace_hopefuls:
        raise ValueError("saved takers and ace_hopefuls must be different Guessers, not the Sketcher")
    if any(len(game.held[s]) < rules.colours_to_collect for s in game.ace_hopefuls):
        raise ValueError(f"saved ace_hopefuls {game.ace_hopefuls} must each own {rules.colours_to_collect} colours")
    if game.pending is not None:
        guesser, _, during_steal = game.pending
        voices = game.members(1 - game.turn_team) if during_steal else game.guessers
        if during_steal and not team_play or guesser not in voices:
            raise ValueError(f"saved pending guesser {guesser} may not guess this card")
    standings = list(game.team_scores) if team_play else [len(h) for h in game.held]
    if game.lead.scores is not None and game.lead.scores != standings:
        raise ValueError(f"saved lead scores {game.lead.scores} must be the standings now, {standings}")


def _check_outcome(game) -> None:
    """``read_outcome`` checked the types; here the outcome must follow from the scores and this way to play."""
    rules, reason, winner = game.rules, game.end_reason, game.winner
    reached = [t for t in (0, 1) if game.team_scores[t] >= rules.team_target]
    if rules.play == "team" and winner is not None and winner > 1:
        raise ValueError(f"saved winner must be a team in Team Play (0 for team A, 1 for team B), got {winner!r}")
    if reason is None:
        if reached:
            raise ValueError(f"saved team_scores {game.team_scores} reach the target {rules.team_target}, "
                             "but end_reason is None")
        if game.turns >= rules.max_sketches:
            raise ValueError(f"saved turns {game.turns} reach max_sketches {rules.max_sketches}, "
                             "but end_reason is None")
    elif reason == "sketch cap":
        if winner is not None or game.turns != rules.max_sketches:
            raise ValueError(f"saved end_reason 'sketch cap' needs winner None and turns = max_sketches "
                             f"{rules.max_sketches}, got winner {winner!r}, turns {game.turns}")
    elif reason == "target":
        if rules.play != "team" or reached != [winner]:
            raise ValueError(f"saved end_reason 'target' needs Team Play and the winner the one team whose score "
                             f"reached {rules.team_target}, got winner {winner!r} with scores {game.team_scores}")
    elif rules.play != "gameboard" or winner is None or len(game.held[winner]) < rules.colours_to_collect:
        raise ValueError(f"saved end_reason 'ace' needs Gameboard Play and a winner owning "
                         f"{rules.colours_to_collect} colours, got winner {winner!r}")

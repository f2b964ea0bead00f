"""Restoring a saved Philo Vance game, checking everything on the way in.

A saved game is plain JSON data and may come from anywhere, so every value is
checked: a wrong type, a number out of range or cards that are not the deck
raise ``ValueError`` naming what is wrong, never a crash later in play.
"""
from __future__ import annotations

import copy
from collections import Counter

from boardkit.core import LeadTracker, Pile, event_from_dict
from boardkit.core.saving import read_outcome, reading_save, start_loading

from .events import EVENT_TYPES
from .actions import Move
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


#: the keys of a save, all required (``events`` may be None: a game that records none)
KEYS = ("game", "rules", "n_players", "seed", "chance", "turns", "winner", "end_reason", "pile", "discards",
        "position", "court", "face_up", "hand", "suspect", "declared", "failures", "needs_more", "retired",
        "claimed", "claim_waits", "top_barred", "philo_owner", "judge", "current", "white", "coloured", "phase", "decider",
        "todo", "drawn", "keep_only", "arresting", "named", "moving_piece", "chain", "victim", "claim_offer",
        "this_turn", "verdicts", "counts", "lead", "events")
COUNT_KEYS = ("declarations", "bumps", "first_x_turn")


def _event_values(game) -> dict:
    """The values each field of a saved event may take in ``game`` (see ``event_from_dict``)."""
    rules, seats = game.rules, range(game.n_players)
    spaces, clues, die = range(len(game.board.spaces)), range(rules.n_clues), range(1, 7)
    places = max(rules.court_size, rules.hand_limit)   # a juror or a place in a child's hand
    retire = rules.retire_after_failures
    return {"player": seats, "starter": seats, "victim": seats, "previous_owner": seats,
            "totals": range(2, 13), "white": die, "coloured": die, "piece": [*seats, PHILO_VANCE],
            "start": spaces, "end": spaces, "where": {space.name for space in game.board.spaces},
            "how": ("throw", "arrow", "bumped", "queue", "start"), "clue": clues, "clues": clues,
            "discarded": clues, "named": clues, "source": lambda v: v in ("pile", "claim") or v in seats,
            "slot": range(1, places + 1), "juror": range(1, rules.court_size + 1),
            "suspect": range(rules.n_suspects), "correct": range(places + 1), "needed": range(places + 1),
            "attempt": range(1, (retire or rules.max_turns) + 1), "cards": range(sum(rules.deck) + 1),
            "turns": (rules.max_turns,)}


def _read(cls, data: dict):
    from .game import PHASES
    if isinstance(data, dict) and data.get("game") == "philo_vance":
        unknown = sorted(set(data) - set(KEYS), key=str)
        if unknown:
            raise ValueError(f"saved game has unknown keys {unknown}; a Philo Vance save has exactly {KEYS}")
    game = start_loading(cls, Rules, data, "philo_vance", "Philo Vance game")
    rules, n = game.rules, game.n_players
    seats, n_clues, n_suspects = n - 1, rules.n_clues, rules.n_suspects
    game.board = rules.estate
    read_outcome(game, data, END_REASONS)
    if game.turns > rules.max_turns:
        raise ValueError(f"saved 'turns' must be 0..max_turns ({rules.max_turns}), got {game.turns!r}")
    game.pile = Pile(_clues(data["pile"], "pile", n_clues), name="clue pile")
    game.discards = Pile(_clues(data["discards"], "discards", n_clues), name="discard pile")
    last_space = len(game.board.spaces) - 1
    position = data["position"]
    if not isinstance(position, dict) or set(position) != {str(p) for p in range(n)} | {str(PHILO_VANCE)}:
        raise ValueError(f"saved position must give a space for seats 0..{seats} and Philo Vance ({PHILO_VANCE})")
    game.position = {int(k): _whole(v, f"position of piece {k}", 0, last_space, none=True)
                     for k, v in sorted(position.items(), key=lambda kv: int(kv[0]))}
    game.court = _per_seat(data["court"], "court", n, lambda v, name: None if v is None else
                           _clues(v, name, n_clues, none=True))
    game.face_up = _per_seat(data["face_up"], "face_up", n, lambda v, name: None if v is None else
                             _flags(v, name))
    for seat, (court, up) in enumerate(zip(game.court, game.face_up)):
        if (court is None) != (up is None) or (court is not None and len(court) != len(up)):
            raise ValueError(f"saved court[{seat}] and face_up[{seat}] must match juror for juror")
        if court is not None and len(court) != rules.court_size:
            raise ValueError(f"saved court[{seat}] must have {rules.court_size} jurors, got {len(court)}")
        if court is not None and any(u and c is None for c, u in zip(court, up)):
            raise ValueError(f"saved face_up[{seat}] shows a juror with no clue card face up")
        if court is not None and rules.children:
            raise ValueError(f"saved court[{seat}] must be None: the children's game has no court cards")
    game.hand = _per_seat(data["hand"], "hand", n, lambda v, name: _clues(v, name, n_clues))
    for seat, hand in enumerate(game.hand):
        limit = rules.hand_limit if rules.children else 0
        if len(hand) > limit:
            raise ValueError(f"saved hand[{seat}] must hold at most {limit} clues "
                             f"({'the hand limit' if rules.children else 'only children hold a hand'}), "
                             f"got {len(hand)}")
    game.suspect = _per_seat(data["suspect"], "suspect", n,
                             lambda v, name: _whole(v, name, 0, n_suspects - 1, none=True))
    game.declared = _per_seat(data["declared"], "declared", n, _flag)
    retire = rules.retire_after_failures
    game.failures = _per_seat(data["failures"], "failures", n, lambda v, name: _whole(v, name, 0, retire))
    game.needs_more = _per_seat(data["needs_more"], "needs_more", n, _flag)
    game.retired = _per_seat(data["retired"], "retired", n, _flag)
    game.claimed = _per_seat(data["claimed"], "claimed", n, lambda v, name: _whole(v, name, 0, n_clues - 1, none=True))
    game.claim_waits = _per_seat(data["claim_waits"], "claim_waits", n, _flag)
    game.top_barred = _whole(data["top_barred"], "top_barred", 0, seats, none=True)
    game.philo_owner = _whole(data["philo_owner"], "philo_owner", 0, seats, none=True)
    game.judge = _flag(data["judge"], "judge")
    game.current = _whole(data["current"], "current", 0, seats)
    game.white = _whole(data["white"], "white", 1, 6, none=True)
    game.coloured = _whole(data["coloured"], "coloured", 1, 6, none=True)
    if (game.white is None) != (game.coloured is None):
        raise ValueError(f"saved white and coloured are the last throw: both dice or neither, "
                         f"got {game.white!r} and {game.coloured!r}")
    game.phase = data["phase"]
    if game.phase not in PHASES and not (game.phase is None and game.end_reason is not None):
        raise ValueError(f"saved phase must be one of {PHASES}, got {game.phase!r}")
    game.decider = _whole(data["decider"], "decider", 0, seats, none=True)
    game.todo = _todo(data["todo"], game)
    game.drawn = _whole(data["drawn"], "drawn", 0, n_clues - 1, none=True)
    game.keep_only = _flag(data["keep_only"], "keep_only")
    game.arresting = _whole(data["arresting"], "arresting", 0, n_suspects - 1, none=True)
    game.named = _clues(data["named"], "named", n_clues)
    game.moving_piece = data["moving_piece"]
    if game.moving_piece is not None and (not _is_whole(game.moving_piece) or game.moving_piece not in game.position):
        raise ValueError(f"saved moving_piece must be a seat 0..{seats}, {PHILO_VANCE} or None, "
                         f"got {game.moving_piece!r}")
    game.chain = _chain(data["chain"], game)
    game.claim_offer = data["claim_offer"]
    game.victim = _whole(data["victim"], "victim", 0, seats, none=True)
    offer = game.claim_offer
    if (game.phase == "claiming a discard") != (offer is not None) or offer is not None and not (
            isinstance(offer, list) and len(offer) == 2 and _is_whole(offer[0]) and 0 <= offer[0] < n_clues
            and isinstance(offer[1], list) and offer[1] and all(_is_whole(p) and 0 <= p <= seats for p in offer[1])
            and len(set(offer[1])) == len(offer[1])):
        raise ValueError(f"saved claim_offer must be [clue id, [seats still to ask]] exactly while claiming, "
                         f"got {offer!r}")
    this_turn = data["this_turn"]
    if not isinstance(this_turn, list) or len(this_turn) != 4:
        raise ValueError(f"saved this_turn must be 4 True/False values, got {this_turn!r}")
    game.declared_now, game.convicted_now, game.on_clue_spot, game.extra_turn = (
        _flag(v, f"this_turn[{k}]") for k, v in enumerate(this_turn))
    game.verdicts = _verdicts(data["verdicts"], game)
    _counts(data["counts"], game)
    most = max(rules.court_size, rules.hand_limit)  # the most clues a seat has in play
    # the lead is looked at once a turn, and at a win
    game.lead = LeadTracker.from_dict(data["lead"], n, range(most + 1), game.turns + 1)
    if game.lead.scores is None:
        raise ValueError("saved lead scores must be the right clues each seat had in play after the last turn, "
                         "got None")
    events = data["events"]
    if events is not None and not isinstance(events, list):
        raise ValueError(f"saved events must be a list of event records or None, got {events!r:.80}")
    allowed = _event_values(game)
    game.events = None if events is None else [event_from_dict(e, EVENT_TYPES, allowed) for e in events]
    game._legal = None
    _check_together(game)
    return game


def _flags(values, name: str) -> list:
    if not isinstance(values, list):
        raise ValueError(f"saved {name} must be a list of True/False values, got {values!r}")
    return [_flag(u, name) for u in values]


#: what each task of a turn takes: its arguments' kinds ("seat", "piece", "steps", "flag", "clue", "seats")
TASK_ARGUMENTS = {
    "start_turn": (), "before_roll": (), "end_turn": (), "ask_turn_up": (), "pick": ("seat",), "move": ("piece", "steps"),
    "philo_vance_joins": ("seat",), "bump_check": ("piece",), "arrive": ("piece", "flag"), "penalty": ("seat", "seat"),
    "clue_spot": ("seat", "flag"), "offer_claim": ("clue", "seats"),
}


def _todo(todo, game) -> list:
    """The tasks still to do this turn, each ``[name, arguments...]`` with exactly the arguments it takes."""
    n, n_clues = game.n_players, game.rules.n_clues
    example = "[['move', 0, 5], ['end_turn']]"
    if not isinstance(todo, list):
        raise ValueError(f"saved todo must be a list of tasks such as {example}, got {todo!r}")
    for task in todo:
        if not (isinstance(task, list) and task and task[0] in TASK_ARGUMENTS):
            raise ValueError(f"saved todo has {task!r}: a task is a list [name, arguments...] with a name "
                             f"among {sorted(TASK_ARGUMENTS)}")
        kinds = TASK_ARGUMENTS[task[0]]
        if len(task) != 1 + len(kinds):
            raise ValueError(f"saved todo task {task!r} must have {len(kinds)} argument(s) {kinds}")
        for kind, value in zip(kinds, task[1:]):
            ok = {"seat": lambda v: _is_whole(v) and 0 <= v < n,
                  "piece": lambda v: _is_whole(v) and (0 <= v < n or v == PHILO_VANCE),
                  "steps": lambda v: _is_whole(v) and 1 <= v <= 12,
                  "flag": lambda v: isinstance(v, bool),
                  "clue": lambda v: _is_whole(v) and 0 <= v < n_clues,
                  "seats": lambda v: isinstance(v, list) and v and len(set(v)) == len(v)
                  and all(_is_whole(p) and 0 <= p < n for p in v)}[kind](value)
            if not ok:
                raise ValueError(f"saved todo task {task!r}: {value!r} is not a {kind}")
        if task[0] == "philo_vance_joins" and not (
                task[1] == game.current and game.declared[task[1]] and game.philo_owner != task[1]
                and game.white is not None and game.white + game.coloured == 7):
            raise ValueError(f"saved todo task {task!r}: Philo Vance joins the player whose turn it is, after his "
                             "Successful Declaration and a throw of 7, when he does not have him already")
    return todo


def _chain(chain, game):
    """Multiple bumping in progress: [pieces to move on, their space, the space before, [[piece, bumper]...]]."""
    if chain is None:
        return None
    spaces = len(game.board.spaces)

    def piece(v):
        return _is_whole(v) and v in game.position

    if not (isinstance(chain, list) and len(chain) == 4 and isinstance(chain[0], list) and chain[0]
            and all(piece(p) for p in chain[0]) and _is_whole(chain[1]) and 0 <= chain[1] < spaces
            and (chain[2] is None or _is_whole(chain[2]) and 0 <= chain[2] < spaces)
            and isinstance(chain[3], list) and all(isinstance(v, list) and len(v) == 2 and all(map(piece, v))
                                                   for v in chain[3])):
        raise ValueError(f"saved chain must be None or [pieces, space, space before, [[piece, bumper], ...]], "
                         f"got {chain!r}")
    return chain


def _verdicts(verdicts, game) -> list:
    rules, n = game.rules, game.n_players
    if not isinstance(verdicts, list):
        raise ValueError(f"saved verdicts must be a list of [seat, suspect, named clues, successful], got {verdicts!r}")
    out = []
    for v in verdicts:
        if not (isinstance(v, list) and len(v) == 4 and _is_whole(v[0]) and 0 <= v[0] < n and _is_whole(v[1])
                and 0 <= v[1] < rules.n_suspects and isinstance(v[2], list) and len(v[2]) == rules.named_clues
                and all(_is_whole(c) and 0 <= c < rules.n_clues for c in v[2]) and isinstance(v[3], bool)):
            raise ValueError(f"saved verdicts has {v!r}: each is [seat, suspect, the {rules.named_clues} clues "
                             f"named, successful True/False]")
        out.append((v[0], v[1], tuple(v[2]), v[3]))
    return out


def _counts(counts, game) -> None:
    if not isinstance(counts, dict) or set(counts) != set(COUNT_KEYS):
        raise ValueError(f"saved counts must be a dict with the keys {COUNT_KEYS}, got {counts!r}")
    game.declarations = _whole(counts["declarations"], "counts.declarations", 0)
    if game.declarations != len(game.verdicts):
        raise ValueError(f"saved counts.declarations must be the number of verdicts ({len(game.verdicts)}), "
                         f"got {game.declarations!r}")
    # each throw moves two pieces at most, and each move bumps once at most
    game.bumps = _whole(counts["bumps"], "counts.bumps", 0, 2 * game.turns)
    game.first_x_turn = _per_seat(counts["first_x_turn"], "counts.first_x_turn", game.n_players,
                                  lambda v, name: _whole(v, name, 0, game.turns, none=True))
    for seat, (turn, court) in enumerate(zip(game.first_x_turn, game.court)):
        if (turn is None) != (court is None):
            raise ValueError(f"saved counts.first_x_turn[{seat}] must be the turn seat {seat} first reached X "
                             f"exactly when he has a court card (None before), got {turn!r}")


def _check_together(game) -> None:
    """Values that must agree with each other (each one alone has been checked)."""
    n, rules = game.n_players, game.rules
    for seat in range(n):
        where = game.position[seat]
        if game.retired[seat] != (where is None):
            raise ValueError(f"saved position of piece {seat} must be None exactly when seat {seat} has retired, "
                             f"got {where!r}")
        if game.declared[seat] and game.suspect[seat] is None:
            raise ValueError(f"saved declared[{seat}] is True but suspect[{seat}] is None")
        if game.needs_more[seat] and not game.declared[seat]:
            raise ValueError(f"saved needs_more[{seat}] is True but seat {seat} never declared successfully")
        if game.claim_waits[seat] and game.claimed[seat] is None:
            raise ValueError(f"saved claim_waits[{seat}] is True but seat {seat} has no claimed clue")
        if game.claimed[seat] is not None and (game.court[seat] is None or game.retired[seat]):
            raise ValueError(f"saved claimed[{seat}]: only a player in the game with a court card holds a claim")
        if game.retired[seat] and (game.suspect[seat] is not None or (game.court[seat] or []) != []
                                   and any(c is not None for c in game.court[seat])):
            raise ValueError(f"saved retired[{seat}]: a retired player has no suspect and no clues")
    if game.top_barred is not None and not game.discards:
        raise ValueError(f"saved top_barred {game.top_barred!r} names who laid the top card of the discards, "
                         "but the discards are empty")
    active = [s for s in game.suspect if s is not None]
    if not rules.children and len(active) != len(set(active)):
        raise ValueError(f"saved suspect: two players are committed to the same suspect, got {game.suspect!r}")
    if game.philo_owner is not None and (not game.declared[game.philo_owner] or game.retired[game.philo_owner]
                                         or game.position[PHILO_VANCE] is None):
        raise ValueError(f"saved philo_owner {game.philo_owner!r} must be a player in the game who declared "
                         f"successfully, with Philo Vance on the board")
    if not game.is_over:
        if game.retired[game.current]:
            raise ValueError(f"saved current {game.current!r} has retired")
        if game.decider is not None and game.retired[game.decider]:
            raise ValueError(f"saved decider {game.decider!r} has retired")
    if game.winner is not None and game.end_reason != "convicted":
        raise ValueError(f"saved winner {game.winner!r} needs end_reason 'convicted', got {game.end_reason!r}")
    if game.end_reason == "convicted" and game.winner is None:
        raise ValueError("saved end_reason 'convicted' needs a winner")
    if game.end_reason == "all retired" and not all(game.retired):
        raise ValueError("saved end_reason 'all retired' but not every player has retired")
    if game.end_reason == "turn cap" and game.turns < rules.max_turns:
        raise ValueError(f"saved end_reason 'turn cap' but turns ({game.turns}) is below max_turns "
                         f"({rules.max_turns})")
    if game.is_over and (game.phase is not None or game.decider is not None or game.todo):
        raise ValueError("saved game is over but has a decision or tasks pending")
    phase = game.phase
    if (phase == "naming clues") != (game.arresting is not None):
        raise ValueError(f"saved arresting must be a suspect exactly while naming clues, got {game.arresting!r}")
    if phase != "naming clues" and game.named or len(game.named) >= rules.named_clues \
            or len(set(game.named)) != len(game.named):
        raise ValueError(f"saved named must be fewer than {rules.named_clues} different clues, named while "
                         f"naming clues, got {game.named!r}")
    if (phase == "keeping a clue") != (game.drawn is not None):
        raise ValueError(f"saved drawn must be a clue exactly while keeping a clue, got {game.drawn!r}")
    if (phase == "bumping down the line") != (game.chain is not None):
        raise ValueError(f"saved chain must be given exactly while bumping down the line, got {game.chain!r}")
    if phase == "turning a clue down" and (game.victim is None or game.court[game.victim] is None):
        raise ValueError(f"saved victim must be a seat with a court card while turning a clue down, "
                         f"got {game.victim!r}")
    if phase in ("moving", "bumping") and (game.moving_piece is None or game.position[game.moving_piece] is None):
        raise ValueError(f"saved moving_piece must be a piece on the board while {phase}, got {game.moving_piece!r}")
    if phase in ("moving", "bumping", "turning a clue up", "turning a clue down",
                 "bumping down the line", "choosing whether to draw") and game.white is None:
        raise ValueError(f"saved white and coloured must be the dice thrown while {phase}, got None")


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
    from .game import BEFORE_ROLL, BUMPING, CLAIMING, MOVING, NAMING, PUSHING_ON, TURNING_UP
    naming = game.phase == NAMING
    if (game.arresting is not None) != naming or not naming and game.named:
        raise ValueError(f"saved arresting and named belong to an arrest in progress (phase {NAMING!r}), "
                         f"got {game.arresting!r} and {game.named!r} in phase {game.phase!r}")
    if naming and (len(set(game.named)) != len(game.named) or len(game.named) >= game.rules.named_clues
                   or not set(game.named) <= game.clues_in_play(game.current)):
        raise ValueError(f"saved named must be fewer than {game.rules.named_clues} different clues that the player "
                         f"to move has in play, got {game.named!r}")
    if game.is_over:
        return
    if game.decider is None or game.phase is None:
        raise ValueError("saved game is not over but nobody has a decision to make")
    if game.phase in (BEFORE_ROLL, NAMING, TURNING_UP, MOVING, BUMPING, PUSHING_ON) and game.decider != game.current:
        raise ValueError(f"saved decider must be the player whose turn it is ({game.current}) in phase "
                         f"{game.phase!r}, got {game.decider}")
    if game.retired[game.decider]:
        raise ValueError(f"saved decider {game.decider} has retired and decides nothing")
    if game.phase == CLAIMING:
        clue, asked = game.claim_offer
        if clue != game.discards.top or game.decider != asked[0]:
            raise ValueError(f"saved claim_offer must offer the top of the discards ({game.discards.top}) "
                             f"to the decider ({game.decider}) first, got {game.claim_offer}")
    _check_may(game)
    try:
        actions = game.legal_actions()
    except (TypeError, KeyError, IndexError, AttributeError, ValueError) as err:
        game._legal = None
        raise ValueError(f"saved decision in progress ({game.phase!r}) is broken: {err!r}") from None
    if not actions:
        raise ValueError(f"saved game is stuck in phase {game.phase!r} with no legal action")
    if game.phase == MOVING and not any(type(a) is Move for a in actions):
        raise ValueError(f"saved moving_piece {game.moving_piece} has no space exactly "
                         f"{game._steps_for(game.moving_piece)} away, so there is no move to choose")


def _check_may(game) -> None:
    """The decisions where the book says "may" are asked only when they are there to make."""
    from .game import DRAWING, MOVING, TURNING_UP
    phase, player = game.phase, game.decider
    if phase == TURNING_UP and not (game.court[player] is not None and game._can_turn_up(player)):
        raise ValueError(f"saved phase {TURNING_UP!r} comes after doubles (with a face-down clue on the thrower's "
                         "court card) or a total equal to the number of a juror whose clue is face down, "
                         f"got the throw {game.white!r} and {game.coloured!r}")
    if phase == MOVING and game.moving_piece == PHILO_VANCE and (
            game.philo_owner != player or game.position[PHILO_VANCE] == game.board.x):
        raise ValueError(f"saved phase {MOVING!r}: only Philo Vance's owner moves him, and never off X, "
                         f"got decider {player} and philo_owner {game.philo_owner!r}")
    if phase == MOVING and game._queue_blocked(game.position[game.moving_piece]):
        raise ValueError(f"saved phase {MOVING!r}: piece {game.moving_piece} waits in the Radio Car queue "
                         "and cannot move")
    if phase == DRAWING:
        spots = game.board.red_spots
        if game.court[player] is None or not game._can_draw() or not any(
                game.owner(piece) == player and where in spots for piece, where in game.position.items()):
            raise ValueError(f"saved phase {DRAWING!r}: the decider ({player}) has a court card and a piece (or "
                             "Philo Vance) on a red clue spot, and a clue is left to draw")

"""The Philo Vance estate board as a graph of spaces.

The 1937 board is lost; ``data/board_estate.json`` is a reconstruction from
the rulebook.  A piece waits on "Park Here", enters at START and follows
concrete sections (the driveway) and flagstones (the garden walks) to the
house.  In the living room 8 squares ring the central "X" where the
securities were left: the 4 *side squares* (N, E, S, W) lead in and out of X,
the 4 *diagonal squares* only lead round the room.  Green *arrow* spaces
send a piece that lands on them to X; *red spots* give a clue card.  A piece
bumped on to X goes to the queue off the track: the Radio Car, then Police
Call Box 1, 2, 3.

How a move goes (:meth:`Board.destinations`):

* A throw of n moves a piece exactly n spaces along the paths, in one
  direction: it never steps straight back on to the space it has just left
  ("6 forward or 6 backward, never 5 forward and 1 back").  It may branch at
  any junction and go round a loop (round the room) as often as it likes.
* X can only be the last space of a move ("a Player may never move across
  the central X space"), and only the side squares lead into it.  A piece on
  X leaves by a side square.
* A dead end stops a move: a piece does not bounce back.  (On the estate
  the only one is START, for a piece moving backward down the driveway.)
* From Park Here, START is the first space counted: Park Here's only path is
  a one-way step to START, so a throw of n ends n - 1 spaces beyond START.
* Leaving the queue a piece "starts to count on the Green Arrow Space at the
  beginning of the regular track": that arrow is the first space counted in
  the same way (a one-way step from each queue place).

The data file lists the two-way paths as ``edges`` and the one-way steps
(Park Here -> START, queue -> arrow) as ``exits``; :func:`check_board` says
what a board file must satisfy.  Coordinates are board units on a 24 x 24
square, (0, 0) at the top left, for the views to draw from.  ``areas`` holds
rectangles ``[x, y, width, height]`` that are not spaces: the garden spaces for
the "Clue Cards" draw pile and the "Discard" pile, the radio car's panel, and
(for drawing only) the house, the living room and the garage.
"""
from __future__ import annotations

import json
import math
import re
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

DATA_DIR = Path(__file__).parent / "data"

# Space kinds, as the board shows them.
PARK = "park"
START = "start"
CONCRETE = "concrete"
FLAGSTONE = "flagstone"
HALL = "hall"
ROOM_SIDE = "room_side"
ROOM_DIAGONAL = "room_diagonal"
X = "x"
RADIO_CAR = "radio_car"
CALL_BOX = "call_box"
KINDS = (PARK, START, CONCRETE, FLAGSTONE, HALL, ROOM_SIDE, ROOM_DIAGONAL, X, RADIO_CAR, CALL_BOX)
#: kinds off the track: a piece only leaves them, by a one-way step
OFF_TRACK = (PARK, RADIO_CAR, CALL_BOX)
#: the garden areas (not spaces) every board names: [x, y, width, height]
AREAS = ("draw_pile", "discard", "radio_car_panel")
#: the board is a square of this many units
SIZE = 24

_SPACE_FIELDS = {"id": int, "name": str, "kind": str, "x": float, "y": float, "red_spot": bool, "arrow": bool}


@dataclass(frozen=True)
class Space:
    """One space: where it is drawn and how it is marked."""

    id: int
    name: str
    kind: str
    x: float
    y: float
    #: a red clue spot: landing on it by exact count draws a clue
    red_spot: bool
    #: a green arrow space: landing on it by exact count sends the piece to X
    arrow: bool


class Board:
    """The estate as a graph: spaces, the paths between them, and how moves go.

    Build one with :func:`load_board` (or ``Board(data)`` from a checked
    dictionary).  A board never changes, so it caches every move it works out.
    """

    def __init__(self, data: dict):
        check_board(data)
        self.spaces = tuple(Space(**{f: s[f] for f in _SPACE_FIELDS})
                            for s in sorted(data["spaces"], key=lambda s: s["id"]))
        two_way = [[] for _ in self.spaces]
        for a, b in data["edges"]:
            two_way[a].append(b)
            two_way[b].append(a)
        self._two_way = tuple(tuple(sorted(n)) for n in two_way)
        steps = [list(n) for n in two_way]
        for a, b in data.get("exits", []):
            steps[a].append(b)
        #: where one step can go from each space (two-way paths and one-way exits)
        self.neighbours = tuple(tuple(sorted(n)) for n in steps)

        def of_kind(kind):
            return tuple(s.id for s in self.spaces if s.kind == kind)

        self.park, = of_kind(PARK)
        self.start, = of_kind(START)
        self.x, = of_kind(X)
        #: the 8 squares round X, clockwise from the top side square: N, NE, E, SE, S, SW, W, NW
        self.room = _ring_order(self)
        #: the side squares N, E, S, W: the only ways into X
        self.sides = self.room[0::2]
        #: the diagonal (corner) squares NE, SE, SW, NW: their arrows point round the room
        self.diagonals = self.room[1::2]
        #: the Radio Car, then Call Box 1, 2, 3 (the call boxes in id order)
        self.queue = of_kind(RADIO_CAR) + of_kind(CALL_BOX)
        self.queue_exit = self.neighbours[self.queue[0]][0]
        self.red_spots = frozenset(s.id for s in self.spaces if s.red_spot)
        self.arrows = frozenset(s.id for s in self.spaces if s.arrow)
        self.areas = {name: tuple(box) for name, box in data["areas"].items()}
        self._destinations: dict = {}
        self._distances: dict = {}

    def __repr__(self):
        return f"<Board of {len(self.spaces)} spaces>"

    def _check_space(self, space, argument: str = "space") -> int:
        if isinstance(space, bool) or not isinstance(space, int) or not 0 <= space < len(self.spaces):
            raise ValueError(f"{argument}={space!r} is not allowed: a space id from 0 to {len(self.spaces) - 1}")
        return space

    def _check_steps(self, steps) -> int:
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
            raise ValueError(f"steps={steps!r} is not allowed: a whole number of spaces, 0 or more")
        return steps

    def _walk(self, start: int, steps: int) -> list[dict]:
        """The moves of exactly ``steps`` from ``start``, level by level.

        Level k maps each state (space, previous space) a piece can be in
        after k steps to the state it came from.  Following states, not whole
        routes, keeps this quick however many routes there are.
        """
        levels = [{(start, None): None}]
        for step in range(1, steps + 1):
            last_step = step == steps
            level = {}
            for state in levels[-1]:
                here, before = state
                if here == self.x and step > 1:
                    continue  # X ends a move: nobody moves across it
                for there in self.neighbours[here]:
                    if there == before:
                        continue  # never straight back
                    if there == self.x and not last_step:
                        continue
                    level.setdefault((there, here), state)
            levels.append(level)
        return levels

    def destinations(self, start: int, steps: int) -> tuple[int, ...]:
        """Every space a piece on ``start`` can stop on after moving exactly ``steps`` spaces (sorted)."""
        key = (self._check_space(start, "start"), self._check_steps(steps))
        found = self._destinations.get(key)
        if found is None:
            found = tuple(sorted({here for here, _ in self._walk(start, steps)[-1]}))
            self._destinations[key] = found
        return found

    def route_to(self, start: int, steps: int, end: int) -> tuple[int, ...]:
        """One route of exactly ``steps`` from ``start`` to ``end`` (both included), for animating a move."""
        self._check_space(start, "start")
        self._check_space(end, "end")
        levels = self._walk(start, self._check_steps(steps))
        state = next((s for s in levels[-1] if s[0] == end), None)
        if state is None:
            raise ValueError(f"end={end!r} is not allowed: a move of {steps} from space {start} "
                             f"stops on one of {list(self.destinations(start, steps))}")
        route = [end]
        for level in reversed(levels[1:]):
            state = level[state]
            route.append(state[0])
        return tuple(reversed(route))

    def adjoining(self, space: int) -> tuple[int, ...]:
        """The spaces a bumped piece on ``space`` may be pushed to: its two-way neighbours.

        X adjoins only the 4 side squares; Park Here and the queue adjoin nothing.
        """
        return self._two_way[self._check_space(space)]

    def beyond(self, came_from: int, space: int) -> tuple[int, ...]:
        """"The next space" along the line for multiple bumping.

        A piece pushed from ``came_from`` on to ``space`` pushes the piece
        there on to one of these: the two-way neighbours of ``space`` other
        than ``came_from`` (empty at a dead end).
        """
        self._check_space(space)
        if self._check_space(came_from, "came_from") not in self._two_way[space]:
            raise ValueError(f"came_from={came_from!r} is not allowed: a space joined to space {space}, "
                             f"one of {list(self._two_way[space])}")
        return tuple(n for n in self._two_way[space] if n != came_from)

    def distances_from(self, start: int) -> tuple:
        """Fewest steps from ``start`` to every space (``None`` where no move leads).

        Routes never cross X (X can only end a move).
        """
        self._check_space(start, "start")
        found = self._distances.get(start)
        if found is None:
            distance = [None] * len(self.spaces)
            distance[start] = 0
            todo = deque([start])
            while todo:
                here = todo.popleft()
                if here == self.x and here != start:
                    continue
                for there in self.neighbours[here]:
                    if distance[there] is None:
                        distance[there] = distance[here] + 1
                        todo.append(there)
            found = self._distances[start] = tuple(distance)
        return found

    def steps_between(self, a: int, b: int) -> int:
        """Fewest steps from space ``a`` to space ``b`` (a breadth-first search, cached)."""
        self._check_space(b, "b")
        steps = self.distances_from(self._check_space(a, "a"))[b]
        if steps is None:
            raise ValueError(f"b={b!r} is not allowed: no move leads from space {a} to it")
        return steps


def _ring_order(board: Board) -> tuple[int, ...]:
    """The 8 room squares round X in ring order: clockwise as drawn, from the side square at the top."""
    centre = board.spaces[board.x]
    squares = {s.id for s in board.spaces if s.kind in (ROOM_SIDE, ROOM_DIAGONAL)}

    def clockwise_from_top(space_id):
        s = board.spaces[space_id]
        # y grows downward, so this angle grows clockwise from straight up
        return math.atan2(s.x - centre.x, centre.y - s.y) % (2 * math.pi)

    sides = [n for n in board.adjoining(board.x)]
    order = [min(sides, key=lambda s: board.spaces[s].y)]
    while len(order) < len(squares):
        ahead = [n for n in board.adjoining(order[-1]) if n in squares and n not in order]
        order.append(min(ahead, key=clockwise_from_top))
    return tuple(order)


def _fail(problem: str):
    raise ValueError(f"board data: {problem}")


def check_board(data: dict) -> None:
    """Raise ``ValueError`` naming the first problem with a board's data, or return ``None``."""
    if not isinstance(data, dict):
        _fail(f"the board must be a dict with 'spaces', 'edges', 'exits' and 'areas', got {type(data).__name__}")
    for key, kind in (("spaces", list), ("edges", list), ("exits", list), ("areas", dict)):
        if not isinstance(data.get(key), kind):
            _fail(f"{key!r} must be a {kind.__name__}, got {data.get(key)!r:.60}")
    spaces = data["spaces"]
    for s in spaces:
        _check_space_entry(s)
    ids = [s["id"] for s in spaces]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        _fail(f"duplicate space ids {duplicates}")
    missing = sorted(set(range(len(ids))) - set(ids))
    if missing:
        _fail(f"space ids must be 0..{len(ids) - 1}; missing {missing}")
    kind_of = {s["id"]: s["kind"] for s in spaces}
    name_of = {s["id"]: s["name"] for s in spaces}

    def of_kind(kind):
        return [i for i in ids if kind_of[i] == kind]

    for kind, wanted in ((PARK, 1), (START, 1), (X, 1), (ROOM_SIDE, 4), (ROOM_DIAGONAL, 4), (RADIO_CAR, 1), (CALL_BOX, 3)):
        found = of_kind(kind)
        if len(found) != wanted:
            what = "the queue must be 1 radio_car and 3 call_box spaces; " if kind in (RADIO_CAR, CALL_BOX) else ""
            _fail(f"{what}need exactly {wanted} space(s) of kind {kind!r}, found {len(found)}")
    for s in spaces:
        if s["kind"] in OFF_TRACK + (X,) and (s["red_spot"] or s["arrow"]):
            _fail(f"space {s['id']} ({s['name']!r}) of kind {s['kind']!r} cannot have a red spot or an arrow")
        if s["red_spot"] and s["arrow"]:
            _fail(f"space {s['id']} ({s['name']!r}) cannot be both a red spot and an arrow")

    two_way = {i: set() for i in ids}
    seen = set()
    for edge in data["edges"]:
        a, b = _check_pair(edge, "edges", kind_of)
        if a == b or frozenset(edge) in seen:
            _fail(f"edge {edge} joins a space to itself or repeats an edge")
        seen.add(frozenset(edge))
        for end in (a, b):
            if kind_of[end] in OFF_TRACK:
                _fail(f"edge {edge}: {name_of[end]!r} ({kind_of[end]}) is left only by its one-way exit")
        two_way[a].add(b)
        two_way[b].add(a)

    exit_of = {}
    for pair in data["exits"]:
        a, b = _check_pair(pair, "exits", kind_of)
        if kind_of[a] not in OFF_TRACK or a in exit_of:
            _fail(f"exit {pair}: only Park Here and the queue places have a one-way exit, one each")
        if kind_of[b] in OFF_TRACK:
            _fail(f"exit {pair} must lead on to the track, not to {name_of[b]!r}")
        exit_of[a] = b
    park, start, x = of_kind(PARK)[0], of_kind(START)[0], of_kind(X)[0]
    if exit_of.get(park) != start:
        _fail(f"Park Here's only exit must be START (space {start}), found {exit_of.get(park)!r}")
    queue = of_kind(RADIO_CAR) + of_kind(CALL_BOX)
    exits = {exit_of.get(q) for q in queue}
    if len(exits) != 1 or None in exits:
        _fail(f"the queue {queue} (radio car, call boxes) must each have one exit, the same arrow space; found {sorted(exits, key=str)}")
    queue_exit = exits.pop()
    if not next(s for s in spaces if s["id"] == queue_exit)["arrow"]:
        _fail(f"the queue exit {queue_exit} ({name_of[queue_exit]!r}) must be a green arrow space")

    sides, diagonals = set(of_kind(ROOM_SIDE)), set(of_kind(ROOM_DIAGONAL))
    if two_way[x] != sides:
        _fail(f"X must be joined to exactly the 4 side squares {sorted(sides)}, found {sorted(two_way[x])}")
    for square in sides | diagonals:
        other = diagonals if square in sides else sides
        if len(two_way[square] & other) != 2 or two_way[square] & (sides | diagonals) - other:
            _fail(f"room square {square} ({name_of[square]!r}) must sit between two squares of the other kind "
                  f"in the ring (side, diagonal, side, ...), found neighbours {sorted(two_way[square])}")
    ring, todo = set(), [min(sides)]
    while todo:
        square = todo.pop()
        if square not in ring:
            ring.add(square)
            todo.extend(two_way[square] & (sides | diagonals))
    if ring != sides | diagonals:
        _fail(f"the 8 room squares must make one ring round X, found a ring of {sorted(ring)}")

    reached, todo = {start}, [start]
    while todo:
        for there in two_way[todo.pop()]:
            if there not in reached:
                reached.add(there)
                todo.append(there)
    track = {i for i in ids if kind_of[i] not in OFF_TRACK}
    if track - reached:
        lost = sorted(track - reached)
        _fail(f"track spaces {lost} ({', '.join(repr(name_of[i]) for i in lost)}) cannot be reached from START")

    for name in AREAS:
        if name not in data["areas"]:
            _fail(f"'areas' must name {', '.join(AREAS)}; {name!r} is missing")
    for name, box in data["areas"].items():
        if (not isinstance(box, list) or len(box) != 4 or not all(_is_number(v) for v in box)
                or box[2] <= 0 or box[3] <= 0):
            _fail(f"area {name!r} must be [x, y, width, height] with width and height > 0, got {box!r}")


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _check_space_entry(s) -> None:
    if not isinstance(s, dict) or set(s) != set(_SPACE_FIELDS):
        _fail(f"each space must be a dict with exactly the fields {', '.join(_SPACE_FIELDS)}, got {s!r:.80}")
    for field, kind in _SPACE_FIELDS.items():
        value = s[field]
        good = _is_number(value) if kind is float else (isinstance(value, kind) and
                                                       (kind is bool or not isinstance(value, bool)))
        if not good:
            _fail(f"space {s.get('id')!r}: {field}={value!r} must be a {kind.__name__}")
    if s["kind"] not in KINDS:
        _fail(f"space {s['id']}: kind={s['kind']!r} is unknown; allowed: {', '.join(KINDS)}")
    if not (0 <= s["x"] <= SIZE and 0 <= s["y"] <= SIZE):
        _fail(f"space {s['id']}: ({s['x']}, {s['y']}) lies off the {SIZE} x {SIZE} board")
    if not s["name"].strip():
        _fail(f"space {s['id']}: name must not be empty")


def _check_pair(pair, key: str, kind_of: dict) -> tuple[int, int]:
    if (not isinstance(pair, list) or len(pair) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair)):
        _fail(f"each of {key!r} must be a pair of space ids [a, b], got {pair!r}")
    for end in pair:
        if end not in kind_of:
            _fail(f"{key[:-1]} {pair} names unknown space id {end}")
    return pair[0], pair[1]


def board_names() -> tuple[str, ...]:
    """The boards shipped in ``data/``: ``board_<name>.json``."""
    return tuple(sorted(p.stem[len("board_"):] for p in DATA_DIR.glob("board_*.json")))


def load_board(name: str = "estate") -> Board:
    """The board ``data/board_<name>.json``, checked and cached (one shared, unchanging Board)."""
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z_]+", name):
        raise ValueError(f"name={name!r} is not allowed: letters and underscores only, one of {list(board_names())}")
    if name not in board_names():
        raise ValueError(f"name={name!r} is not allowed: no such board; boards available: {list(board_names())}")
    return _load_board(name)


@lru_cache(maxsize=None)
def _load_board(name: str) -> Board:
    with open(DATA_DIR / f"board_{name}.json", encoding="utf-8") as file:
        return Board(json.load(file))

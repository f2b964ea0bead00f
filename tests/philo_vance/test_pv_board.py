"""pv.board: the estate as a graph, the way moves go over it, and its data checks."""
import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.games.philo_vance import board as pvb
from boardkit.games.philo_vance.board import Board, check_board, load_board

BOARD = load_board()
DATA_FILE = pvb.DATA_DIR / "board_estate.json"


def raw_data() -> dict:
    with open(DATA_FILE, encoding="utf-8") as file:
        return json.load(file)


def named(name: str) -> int:
    return next(s.id for s in BOARD.spaces if s.name == name)


def of_kind(kind: str) -> list:
    return [s.id for s in BOARD.spaces if s.kind == kind]


def slow_destinations(board: Board, start: int, steps: int) -> set:
    """Every route spelt out: no straight back, X only as the last space."""
    ends = set()

    def walk(here, before, left):
        if left == 0:
            ends.add(here)
            return
        if here == board.x and here != start:
            return
        for there in board.neighbours[here]:
            if there == before or (there == board.x and left > 1):
                continue
            walk(there, here, left - 1)

    walk(start, None, steps)
    return ends


def is_legal_route(board: Board, route) -> bool:
    steps_ok = all(b in board.neighbours[a] for a, b in zip(route, route[1:]))
    no_turning_back = all(c != a for a, c in zip(route, route[2:]))
    x_only_at_ends = board.x not in route[1:-1]
    return steps_ok and no_turning_back and x_only_at_ends


# --- the data ----------------------------------------------------------------

def test_the_estate_data_passes_its_checks():
    assert check_board(raw_data()) is None
    assert pvb.board_names() == ("estate",)


def test_counts_of_each_kind():
    counts = {kind: len(of_kind(kind)) for kind in pvb.KINDS}
    assert counts["park"] == counts["start"] == counts["x"] == counts["radio_car"] == 1
    assert counts["room_side"] == counts["room_diagonal"] == 4 and counts["call_box"] == 3
    assert counts["concrete"] >= 10 and counts["flagstone"] >= 20 and counts["hall"] >= 1
    track = [s for s in BOARD.spaces if s.kind not in pvb.OFF_TRACK]
    assert 50 <= len(track) <= 70
    assert 12 <= len(BOARD.red_spots) <= 18 and 4 <= len(BOARD.arrows) <= 6
    assert not BOARD.red_spots & BOARD.arrows
    assert [s.id for s in BOARD.spaces] == list(range(len(BOARD.spaces)))


def test_the_named_places():
    assert BOARD.spaces[BOARD.park].name == "Park Here" and BOARD.spaces[BOARD.start].name == "START"
    assert [BOARD.spaces[s].name for s in BOARD.room] == [
        f"Living room {c}" for c in ("N", "NE", "E", "SE", "S", "SW", "W", "NW")]
    assert BOARD.sides == BOARD.room[0::2] and BOARD.diagonals == BOARD.room[1::2]
    assert [BOARD.spaces[s].name for s in BOARD.queue] == ["Radio Car", "Call Box 1", "Call Box 2", "Call Box 3"]
    assert BOARD.queue_exit in BOARD.arrows
    assert BOARD.queue_exit in BOARD.destinations(BOARD.start, 2)  # "at the beginning of the regular track"


def test_the_layout_reads_as_an_estate():
    park, x, car = BOARD.spaces[BOARD.park], BOARD.spaces[BOARD.x], BOARD.spaces[BOARD.queue[0]]
    assert park.y > 22 and abs(park.x - 12) < 1  # entrance at the bottom centre
    assert x.y < 12  # the house in the upper half
    assert car.x < 4 and car.y > 20  # the radio car at the lower left
    for square in BOARD.room:  # a 3 x 3 block of squares round X
        s = BOARD.spaces[square]
        assert 1 <= max(abs(s.x - x.x), abs(s.y - x.y)) <= 2
    for s in BOARD.spaces:
        assert 0 <= s.x <= 24 and 0 <= s.y <= 24
    for name in pvb.AREAS:
        x0, y0, w, h = BOARD.areas[name]
        assert 0 <= x0 and x0 + w <= 24 and 0 <= y0 and y0 + h <= 24


# --- the room and X -----------------------------------------------------------

def test_x_adjoins_only_the_four_sides():
    assert set(BOARD.neighbours[BOARD.x]) == set(BOARD.sides)
    assert set(BOARD.adjoining(BOARD.x)) == set(BOARD.sides)
    for space in range(len(BOARD.spaces)):
        if BOARD.x in BOARD.neighbours[space]:
            assert space in BOARD.sides
    for square in BOARD.diagonals:
        assert set(BOARD.adjoining(square)) <= set(BOARD.sides)


def test_only_a_4_or_a_6_on_the_white_die_lands_on_x_again():
    """The rulebook: "only by throwing a 4 or 6 on the White Die can he continue to receive extra turns"."""
    again = [steps for steps in range(1, 7) if BOARD.x in BOARD.destinations(BOARD.x, steps)]
    assert again == [4, 6]


def test_x_is_entered_from_the_sides_only():
    side, diagonal = named("Living room S"), named("Living room SE")
    assert BOARD.x in BOARD.destinations(side, 1)
    assert BOARD.x not in BOARD.destinations(side, 2)  # side -> corner -> (no way in)
    assert BOARD.x in BOARD.destinations(side, 3)  # S -> SE -> E -> X, round the room
    assert BOARD.x not in BOARD.destinations(diagonal, 1)
    assert BOARD.x in BOARD.destinations(diagonal, 2)
    assert BOARD.destinations(BOARD.x, 1) == tuple(sorted(BOARD.sides))


def test_never_across_x():
    south, north = named("Living room S"), named("Living room N")
    assert north not in BOARD.destinations(south, 2)  # S -> X -> N would cross X
    route = BOARD.route_to(south, 4, north)  # round the room instead
    assert BOARD.x not in route and is_legal_route(BOARD, route)
    assert all(BOARD.spaces[s].kind in ("room_side", "room_diagonal") for s in route)


def test_round_the_room_as_often_as_he_likes():
    east = named("Living room E")
    for laps in (1, 2):
        assert east in BOARD.destinations(east, 8 * laps)


@settings(max_examples=150, deadline=None)
@given(start=st.integers(0, len(BOARD.spaces) - 1), steps=st.integers(1, 12))
def test_destinations_match_every_route_spelt_out(start, steps):
    assert set(BOARD.destinations(start, steps)) == slow_destinations(BOARD, start, steps)


def test_the_brute_force_would_notice_a_walk_across_x():
    """Without the X rule S reaches N in 2: so the property test above has teeth."""
    south, north = named("Living room S"), named("Living room N")
    across = {b for a in BOARD.neighbours[south] for b in BOARD.neighbours[a] if b != south}
    assert north in across and north not in slow_destinations(BOARD, south, 2)


def test_no_straight_back():
    d3 = named("Driveway 3")
    assert d3 not in BOARD.destinations(d3, 2)
    assert named("Driveway 2") in BOARD.destinations(d3, 1) and named("Driveway 4") in BOARD.destinations(d3, 1)


def test_destinations_are_sorted_tuples_and_cached():
    first = BOARD.destinations(BOARD.start, 7)
    assert first == tuple(sorted(first)) and BOARD.destinations(BOARD.start, 7) is first
    assert BOARD.destinations(BOARD.start, 0) == (BOARD.start,)


@settings(max_examples=100, deadline=None)
@given(start=st.integers(0, len(BOARD.spaces) - 1), steps=st.integers(1, 12), pick=st.integers(0, 10 ** 6))
def test_route_to_gives_a_legal_route_ending_where_asked(start, steps, pick):
    ends = BOARD.destinations(start, steps)
    if not ends:
        return
    end = ends[pick % len(ends)]
    route = BOARD.route_to(start, steps, end)
    assert len(route) == steps + 1 and route[0] == start and route[-1] == end
    assert is_legal_route(BOARD, route)


def test_route_to_refuses_a_space_the_move_cannot_reach():
    with pytest.raises(ValueError, match="end"):
        BOARD.route_to(BOARD.start, 2, BOARD.x)


# --- Park Here and the queue --------------------------------------------------

def test_park_here_is_one_way_and_counts_start_first():
    assert BOARD.neighbours[BOARD.park] == (BOARD.start,)
    assert all(BOARD.park not in row for row in BOARD.neighbours)
    assert BOARD.adjoining(BOARD.park) == ()
    assert BOARD.destinations(BOARD.park, 1) == (BOARD.start,)
    for throw in range(2, 13):
        assert BOARD.destinations(BOARD.park, throw) == BOARD.destinations(BOARD.start, throw - 1)


def test_the_queue_is_one_way_on_to_the_first_arrow():
    for place in BOARD.queue:
        assert BOARD.neighbours[place] == (BOARD.queue_exit,)
        assert all(place not in row for row in BOARD.neighbours)
        assert BOARD.adjoining(place) == ()
        assert BOARD.destinations(place, 1) == (BOARD.queue_exit,)
        assert BOARD.route_to(place, 3, BOARD.destinations(place, 3)[0])[1] == BOARD.queue_exit


# --- distances ----------------------------------------------------------------

def test_the_house_is_12_to_16_steps_from_start():
    shortest = min(BOARD.steps_between(BOARD.start, side) for side in BOARD.sides)
    assert 12 <= shortest <= 16
    assert BOARD.steps_between(BOARD.start, BOARD.x) == shortest + 1


def test_every_red_spot_and_arrow_can_be_reached():
    distance = BOARD.distances_from(BOARD.start)
    for space in BOARD.red_spots | BOARD.arrows:
        assert distance[space] is not None
    for space in range(len(BOARD.spaces)):
        if BOARD.spaces[space].kind not in pvb.OFF_TRACK:
            assert distance[space] is not None
    assert distance[BOARD.park] is None and all(distance[q] is None for q in BOARD.queue)


def test_red_spots_within_one_white_die_of_the_room():
    near = set()
    for where in (BOARD.x,) + BOARD.sides:
        for throw in range(1, 7):
            near |= set(BOARD.destinations(where, throw)) & BOARD.red_spots
    outside = near - set(BOARD.room)
    assert len(near) >= 4 and len(outside) >= 2


def test_steps_between_never_crosses_x():
    south, north = named("Living room S"), named("Living room N")
    assert BOARD.steps_between(south, north) == 4
    assert BOARD.steps_between(BOARD.x, north) == 1 and BOARD.steps_between(north, north) == 0
    with pytest.raises(ValueError, match="b="):
        BOARD.steps_between(BOARD.start, BOARD.park)


# --- bumping ------------------------------------------------------------------

def test_adjoining_and_beyond():
    d1, d2, d3 = named("Driveway 1"), named("Driveway 2"), named("Driveway 3")
    assert BOARD.adjoining(d2) == (d1, d3)
    assert BOARD.beyond(d1, d2) == (d3,) and BOARD.beyond(d3, d2) == (d1,)
    south = named("Living room S")
    assert set(BOARD.beyond(named("Living room SE"), south)) == {BOARD.x, named("Living room SW"), named("Front hall")}
    with pytest.raises(ValueError, match="came_from"):
        BOARD.beyond(d1, d3)


# --- bad input ----------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda: BOARD.destinations(-1, 3), lambda: BOARD.destinations(len(BOARD.spaces), 3),
    lambda: BOARD.destinations("1", 3), lambda: BOARD.destinations(True, 3), lambda: BOARD.destinations(1, -1),
    lambda: BOARD.destinations(1, 2.0), lambda: BOARD.destinations(1, True), lambda: BOARD.route_to(1, 3, 999),
    lambda: BOARD.adjoining(None), lambda: BOARD.beyond(1, 999), lambda: BOARD.steps_between(1.0, 2),
    lambda: BOARD.distances_from(-3),
])
def test_bad_arguments_raise_value_error(call):
    with pytest.raises(ValueError, match="is not allowed"):
        call()


@pytest.mark.parametrize("name", ["../etc", "estate.json", "", "estate/../estate", "no_such_board", 3, None, ["estate"]])
def test_load_board_refuses_bad_names(name):
    with pytest.raises(ValueError, match="name=") as error:
        load_board(name)
    assert "estate" in str(error.value)  # lists the boards available


def test_load_board_is_cached():
    assert load_board() is load_board("estate") is BOARD


def find(data, name):
    return next(s for s in data["spaces"] if s["name"] == name)


def edit(change):
    data = raw_data()
    change(data)
    return data


def drop_edge(data, a, b):
    ids = {find(data, a)["id"], find(data, b)["id"]}
    data["edges"] = [e for e in data["edges"] if set(e) != ids]


def join(data, a, b):
    data["edges"].append([find(data, a)["id"], find(data, b)["id"]])


BROKEN = {
    "no edges": (lambda d: d.pop("edges"), "'edges' must be a list"),
    "missing id": (lambda d: d["spaces"][5].update(id=999), "missing"),
    "duplicate id": (lambda d: d["spaces"][5].update(id=4), "duplicate space ids"),
    "unknown kind": (lambda d: d["spaces"][5].update(kind="lawn"), "kind='lawn' is unknown"),
    "id as text": (lambda d: d["spaces"][5].update(id="5"), "id='5'"),
    "coordinate NaN": (lambda d: d["spaces"][5].update(x=float("nan")), "x=nan"),
    "off the board": (lambda d: d["spaces"][5].update(y=30), "off the 24 x 24 board"),
    "extra field": (lambda d: d["spaces"][5].update(colour="red"), "exactly the fields"),
    "red spot as 1": (lambda d: d["spaces"][5].update(red_spot=1), "red_spot=1"),
    "edge to unknown id": (lambda d: d["edges"].append([1, 999]), "unknown space id 999"),
    "edge of three": (lambda d: d["edges"].append([1, 2, 3]), "pair of space ids"),
    "repeated edge": (lambda d: d["edges"].append(list(d["edges"][3])), "repeats an edge"),
    "two parks": (lambda d: find(d, "Driveway 4").update(kind="park", red_spot=False), "exactly 1 space.*'park'"),
    "no start": (lambda d: find(d, "START").update(kind="concrete"), "exactly 1 space.*'start'"),
    "two X": (lambda d: find(d, "Front hall").update(kind="x"), "exactly 1 space.*'x'"),
    "three sides": (lambda d: find(d, "Living room N").update(kind="room_diagonal"), "exactly 4 space"),
    "X joined to a corner": (lambda d: join(d, "X", "Living room NE"), "X must be joined to exactly the 4 side"),
    "X joined to the hall": (lambda d: join(d, "X", "Front hall"), "X must be joined"),
    "X not joined to a side": (lambda d: drop_edge(d, "X", "Living room N"), "X must be joined"),
    "sides joined": (lambda d: join(d, "Living room N", "Living room E"), "ring"),
    "ring broken": (lambda d: drop_edge(d, "Living room N", "Living room NE"), "ring"),
    "track cut off": (lambda d: drop_edge(d, "Garden path 2", "Rose garden S"), "cannot be reached from START"),
    "queue of three": (lambda d: find(d, "Call Box 3").update(kind="flagstone"), "the queue must be"),
    "queue without exit": (lambda d: d["exits"].pop(), "must each have one exit"),
    "queue exits differ": (lambda d: d["exits"][-1].__setitem__(1, find(d, "Driveway 3")["id"]), "same arrow"),
    "queue exit no arrow": (lambda d: find(d, "Driveway 2").update(arrow=False), "must be a green arrow"),
    "park exit elsewhere": (lambda d: d["exits"][0].__setitem__(1, find(d, "Driveway 1")["id"]), "only exit must be START"),
    "exit from the track": (lambda d: d["exits"].append([find(d, "Driveway 1")["id"], 1]), "only Park Here and the queue"),
    "edge into the queue": (lambda d: join(d, "Radio Car", "Driveway 1"), "left only by its one-way exit"),
    "red spot on X": (lambda d: find(d, "X").update(red_spot=True), "cannot have a red spot"),
    "spot and arrow": (lambda d: find(d, "Driveway 2").update(red_spot=True), "both a red spot and an arrow"),
    "no draw pile": (lambda d: d["areas"].pop("draw_pile"), "'draw_pile' is missing"),
    "flat area": (lambda d: d["areas"].update(discard=[1, 1, 0, 2]), "area 'discard'"),
}


@pytest.mark.parametrize("broken", BROKEN)
def test_check_board_rejects_broken_data(broken):
    change, message = BROKEN[broken]
    data = edit(change)
    with pytest.raises(ValueError, match=message):
        check_board(data)
    with pytest.raises(ValueError, match="board data"):
        Board(data)


def test_check_board_rejects_a_list():
    with pytest.raises(ValueError, match="must be a dict"):
        check_board([])


def test_checking_leaves_the_data_alone():
    data = raw_data()
    before = copy.deepcopy(data)
    Board(data)
    assert data == before

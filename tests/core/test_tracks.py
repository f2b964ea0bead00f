"""boardkit.core.tracks: rings and branching boards."""
import pytest

from boardkit.core import GraphTrack, RingTrack


def test_ring_advance_wraps_clockwise():
    ring = RingTrack(28)
    assert ring.advance(0, 5) == 5
    assert ring.advance(26, 5) == 3
    assert ring.advance(27, 1) == 0
    assert ring.advance(3, -5) == 26
    assert ring.advance(5, 28) == 5


def test_ring_path_lists_every_space_entered():
    ring = RingTrack(10)
    assert ring.path(8, 4) == [9, 0, 1, 2]
    assert ring.path(1, -3) == [0, 9, 8]
    assert ring.path(4, 0) == []
    assert ring.path(8, 4)[-1] == ring.advance(8, 4)


@pytest.mark.parametrize("n", [0, -1])
def test_ring_needs_a_space(n):
    with pytest.raises(ValueError):
        RingTrack(n)


def test_graph_routes_never_step_straight_back():
    # a - b - c - d, with a branch b - e
    track = GraphTrack([("a", "b"), ("b", "c"), ("c", "d"), ("b", "e")])
    assert sorted(track.neighbours["b"]) == ["a", "c", "e"]
    assert sorted(track.routes("a", 2)) == [("a", "b", "c"), ("a", "b", "e")]
    assert track.destinations("a", 3) == {"d"}  # e is a dead end after 2 steps
    assert track.destinations("b", 1) == {"a", "c", "e"}
    assert track.routes("a", 0) == [("a",)]
    for route in track.routes("c", 3):
        assert all(route[i] != route[i + 2] for i in range(len(route) - 2))


def test_graph_loop():
    square = GraphTrack([(0, 1), (1, 2), (2, 3), (3, 0)])
    assert square.destinations(0, 2) == {2}
    assert square.destinations(0, 4) == {0}
    assert len(square.routes(0, 4)) == 2  # once round each way

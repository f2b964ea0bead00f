"""The root conftest.py's schedule for pytest-xdist names real files, and groups the files that share work."""
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def root_conftest():
    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_longest_files_first_are_files_of_the_suite():
    """A file renamed or removed would silently lose its place at the head of the schedule."""
    longest = root_conftest().LONGEST_FIRST
    assert len(set(longest)) == len(longest)
    assert [name for name in longest if not (ROOT / name).is_file()] == []


def test_auto_starts_half_as_many_workers_again_as_cores(monkeypatch):
    """On 2 cores ``-n auto`` runs 3 workers: the third fills the time the others wait on a browser page."""
    hook = root_conftest().pytest_xdist_auto_num_workers
    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    for cores, workers in ((1, 2), (2, 3), (4, 6)):
        monkeypatch.setattr("os.sched_getaffinity", lambda pid, cores=cores: set(range(cores)))
        assert hook(config=None) == workers
    monkeypatch.setenv("PYTEST_XDIST_AUTO_NUM_WORKERS", "2")     # chosen by hand: pytest-xdist's own hook reads it
    assert hook(config=None) is None


def test_the_fast_piece_files_are_files_of_the_suite_that_call_a_lane_on_their_own():
    """A file renamed would silently lose its group (and its numba pieces would compile on every worker)."""
    pieces = root_conftest().FAST_PIECES
    assert len(set(pieces)) == len(pieces)
    for name in pieces:
        assert (ROOT / name).is_file(), name
        assert "import fast" in (ROOT / name).read_text(), f"{name} calls no lane's pieces"

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

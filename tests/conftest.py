"""Fixtures every test folder shares.

pytest puts this folder on ``sys.path`` (it holds this conftest and no
``__init__.py``), so tests anywhere below import ``view_helpers`` as a plain
module, just as ``tests/mystery_date`` tests import ``md_helpers``.

    sent    the messages an ipycanvas canvas would send to the browser
"""
import pytest
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS

NAMES = {number: name for name, number in COMMANDS.items()}


@pytest.fixture
def sent(monkeypatch):
    """List of messages sent to the browser; each message is a list of command names."""
    messages = []

    def record(command, buffers=[]):
        batch = command if isinstance(command[0], list) else [command]
        messages.append([NAMES[c[0]] for c in batch if NAMES[c[0]] != "switchCanvas"])

    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", record)
    yield messages
    # Never leak a stuck batching state into other tests.
    _CANVAS_MANAGER._caching = False
    _CANVAS_MANAGER._commands_cache = []
    _CANVAS_MANAGER._buffers_cache = []

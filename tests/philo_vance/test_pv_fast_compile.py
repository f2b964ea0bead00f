"""What keeps Philo Vance's lane quick to compile (issue 25), checked without compiling it.

numba links the code of every compiled function a function calls into it, and optimises it and
makes machine code of it all again there: a function compiled on its own is compiled once more
inside each separately compiled function above it.  With every step on its own, the lane's first
compile took 37 to 39 s of CPU time, two thirds of it in LLVM; with the steps down its longest chain
compiled into their callers (``@into_caller``) 22 to 25 s (``benchmarks/compile_lanes.py``).  Here
the chain is measured from the source, so it cannot grow back unnoticed.  (A constant argument no
longer compiles a function twice over: ``tests/core/test_lane_toolkit.py``.)
"""
import ast
import inspect
from functools import cache

from boardkit.games.philo_vance import fast

#: the lane's compiled functions and the ones they call, from fast.py: {name: (decorator, names called)}
TREE = ast.parse(inspect.getsource(fast))
FUNCTIONS = {node.name: ast.unparse(node.decorator_list[0]) for node in TREE.body
             if isinstance(node, ast.FunctionDef) and node.decorator_list}
CALLS = {node.name: {call.func.id for call in ast.walk(node) if isinstance(call, ast.Call)
                     and isinstance(call.func, ast.Name) and call.func.id in FUNCTIONS}
         for node in TREE.body if isinstance(node, ast.FunctionDef) and node.name in FUNCTIONS}


def on_its_own(name: str) -> bool:
    return FUNCTIONS[name] != "into_caller"


@cache
def compiled_below(name: str) -> frozenset:
    """The functions compiled on their own that ``name`` calls, itself or through a function compiled into it."""
    below = set()
    for callee in CALLS[name]:
        if on_its_own(callee):
            below.add(callee)
        below |= compiled_below(callee)
    return frozenset(below)


@cache
def chain(name: str) -> int:
    """The longest chain of functions compiled on their own from ``name`` down (``name`` counts)."""
    return 1 + max((chain(callee) for callee in compiled_below(name)
                    if callee not in compiled_below(callee)), default=0)


def test_the_steps_down_the_longest_chain_are_compiled_into_their_callers():
    into_caller = {name for name in FUNCTIONS if not on_its_own(name)}
    assert {"play_game", "throw", "arrive", "bump", "take_clue"} <= into_caller
    assert chain("play_games_compiled") <= 9   # 15 with every step on its own
    # each function compiled on its own is compiled again inside each one above it: 164 times in all
    # (455 with every step on its own)
    assert sum(len(compiled_below(name)) for name in FUNCTIONS if on_its_own(name)) <= 175


def test_only_small_functions_are_copied_into_more_than_one_caller():
    callers = {name: [caller for caller in CALLS if name in CALLS[caller]] for name in FUNCTIONS}
    copied = {name for name in FUNCTIONS if not on_its_own(name) and len(callers[name]) > 1}
    assert copied <= {"take_clue", "clue_spot"}   # a few lines each, which call the big steps

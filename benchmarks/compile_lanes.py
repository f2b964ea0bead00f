"""Each fast lane's first compile (an empty numba cache), and where its time goes.

    python benchmarks/compile_lanes.py                  # every lane
    python benchmarks/compile_lanes.py philo_vance --repeat 2

For each lane a fresh Python process with an empty ``NUMBA_CACHE_DIR`` runs
``boardkit.core.fast.warm_up`` for that game (what ``binder/postBuild`` and a
server's warm start do) and reports, in CPU seconds of that process (other work
on a shared machine disturbs them less than the wall clock):

* ``compile``: the whole warm-up;
* ``functions``: how many compilations numba made (one per function and per
  kind of arguments it was called with);
* ``LLVM``: LLVM optimising the compiled code and making machine code of it.
  numba links the code of every function a function calls into it, so this part
  grows with the depth of the lane's call chain, not only with its size;
* ``numba``: the rest, numba's own work in Python (typing, inlining, lowering).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

#: run in the fresh process: GAME is the lane's game
_COMPILE = """
import json, time
import llvmlite.binding.newpassmanagers as passes
from numba.core import codegen, event
from boardkit.core.fast import warm_up
import boardkit.games.GAME.fast   # imported before the clock starts: the compile only

llvm = [0.0]
def timed(owner, name):
    plain = getattr(owner, name)
    def run(*args, **kwargs):
        started = time.process_time()
        try:
            return plain(*args, **kwargs)
        finally:
            llvm[0] += time.process_time() - started
    setattr(owner, name, run)
timed(passes.ModulePassManager, "run")
timed(passes.FunctionPassManager, "run")
timed(codegen.JitEngine, "finalize_object")   # machine code

with event.install_recorder("numba:compile") as compiled:
    started = time.process_time()
    warm_up(games=["GAME"], verbose=False)
    seconds = time.process_time() - started
functions = sum(1 for _, happened in compiled.buffer if happened.is_start)
print(json.dumps({"compile": seconds, "functions": functions, "llvm": llvm[0]}))
"""


def cold_compile(game: str) -> dict:
    """The lane's first compile in a fresh process with an empty numba cache."""
    with tempfile.TemporaryDirectory(prefix=f"{game}-numba-") as cache:
        done = subprocess.run([sys.executable, "-c", _COMPILE.replace("GAME", game)], capture_output=True,
                              text=True, check=True, env=dict(os.environ, NUMBA_CACHE_DIR=cache))
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    from boardkit.core.fast import lanes

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=lanes(), help="the lanes (default: every lane)")
    parser.add_argument("--repeat", type=int, default=1, help="compiles of each lane (the fastest is shown)")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores, load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}; CPU seconds")
    print(f"{'lane':16s} {'compile':>8s} {'functions':>10s} {'LLVM':>6s} {'numba':>6s}")
    for game in args.games:
        best = min((cold_compile(game) for _ in range(args.repeat)), key=lambda run: run["compile"])
        print(f"{game:16s} {best['compile']:8.1f} {best['functions']:10d} {best['llvm']:6.1f} "
              f"{best['compile'] - best['llvm']:6.1f}", flush=True)


if __name__ == "__main__":
    main()

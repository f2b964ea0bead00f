"""Machine instructions per game, counted by valgrind: a speed figure that does not vary.

    python benchmarks/count_instructions.py mystery_date            # 300 games, 4 players
    python benchmarks/count_instructions.py mouse_trap --games 200

Games per second swing by ±20% on a shared machine, and by 1.5-2x from one
machine to the next, so two versions of a game are best compared by the
instructions one game takes.  valgrind (``apt-get install valgrind``) runs
the game's default bots for ``--games`` seeded games, events off, and again
for none; the difference divided by the games is the figure.  It runs about
50 times slower than Python alone.
"""
from __future__ import annotations

import argparse
import importlib
import re
import shutil
import subprocess
import sys


def play_games(game: str, n_games: int, n_players: int) -> None:
    """The work that is counted: ``n_games`` whole games of ``game`` with its own bots."""
    import boardkit as bk

    rules = importlib.import_module(f"boardkit.games.{game}").Rules()
    bots = rules.default_bots(n_players)
    for seed in range(n_games):
        bk.play(rules.new_game(n_players, seed=seed, record_events=False), bots)


def instructions(game: str, n_games: int, n_players: int) -> int:
    """Instructions of a Python run that plays ``n_games`` (imports and start-up included)."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__,
               game, "--games", str(n_games), "--players", str(n_players), "--inner"]
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise RuntimeError(f"valgrind printed no count:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a package of boardkit.games, e.g. mystery_date")
    parser.add_argument("--games", type=int, default=300, help="games to count")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)  # the run valgrind watches
    args = parser.parse_args()
    if args.inner:
        play_games(args.game, args.games, args.players)
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    per_game = (instructions(args.game, args.games, args.players)
                - instructions(args.game, 0, args.players)) / args.games
    print(f"{args.game}, {args.players} players, default bots, events off: "
          f"{per_game / 1e6:.2f} million instructions per game ({args.games} games)")


if __name__ == "__main__":
    main()

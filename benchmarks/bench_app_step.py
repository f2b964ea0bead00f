"""What an App's drawing costs its kernel: CPU milliseconds per Step (a bot's decision, with its animation) and
per full redraw (board and pieces), for every game's App, without a browser.

    python benchmarks/bench_app_step.py
    python benchmarks/bench_app_step.py --steps 80 --repeat 3 mouse_trap

Each figure is the least of ``--repeat`` runs of process (CPU) time, which other work on the machine disturbs
less than the clock.  The App is built as the view tests build it (four bots, seed 7); every step plays its
animation (as after a Step click when the last animation has ended).  The drawing commands go to ipycanvas'
canvas manager and are packed into messages as in a kernel, but no browser receives them.
"""
from __future__ import annotations

import argparse
import importlib
import time

#: each game's App with four of its bots
SEATS = {"mystery_date": ["Collector"] * 4, "mouse_trap": ["Trapper"] * 4, "philo_vance": ["Detective"] * 4,
         "cluedo_cards": ["Shedder", "Revolverist", "Random", "Shedder"], "win_lose_draw": ["Skilled 75%"] * 4}


def run(game: str, steps: int, redraws: int) -> tuple[float, float]:
    """(CPU seconds per step, CPU seconds per full redraw) of one App of ``game``."""
    app = importlib.import_module(f"boardkit.games.{game}").App(n_players=4, seats=SEATS[game], seed=7)
    try:
        start = time.process_time()
        for i in range(steps):
            if app.game.is_over:
                app.new_game(7 + i)
            app._anim_until = 0.0                 # the last animation has ended: this step animates
            app.step()
        stepped = time.process_time()
        for _ in range(redraws):
            app.redraw()
        return (stepped - start) / steps, (time.process_time() - stepped) / redraws
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"the games to time (default all: {', '.join(SEATS)})")
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--redraws", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    unknown = [game for game in args.games if game not in SEATS]
    if unknown:
        parser.error(f"no game called {', '.join(unknown)}: choose from {', '.join(SEATS)}")
    print(f"{'game':15} {'ms CPU a step':>14} {'ms CPU a redraw':>16}   (least of {args.repeat} runs)")
    for game in args.games or SEATS:
        runs = [run(game, args.steps, args.redraws) for _ in range(args.repeat)]
        print(f"{game:15} {1000 * min(s for s, _ in runs):14.2f} {1000 * min(r for _, r in runs):16.2f}")


if __name__ == "__main__":
    main()

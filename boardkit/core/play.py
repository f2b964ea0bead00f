"""Playing a game through with bots: ``bk.play``."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Record:
    """What one played game leaves behind."""

    game: object
    winner: int | None
    turns: int
    end: str | None
    events: list | None = field(repr=False, default=None)

    @property
    def result(self) -> dict:
        return self.game.result()


def step(game, bots) -> object:
    """Let the bot in the current seat make one decision; returns the action.

    A decision with a single legal action is taken without asking the bot.
    """
    actions = game.legal_actions()
    if len(actions) == 1:
        action = actions[0]
    else:
        bot = bots[game.current_player]
        if bot is None:
            raise ValueError(f"seat {game.current_player} is a human seat; a bot is needed to step")
        action = bot.choose(game, actions, game.chance)
    game.apply(action)
    return action


def play(game, bots=None, max_steps: int = 1_000_000) -> Record:
    """Play ``game`` to the end with one bot per seat (default: the game's own bots)."""
    if bots is None:
        bots = game.rules.default_bots(game.n_players)
    if len(bots) != game.n_players:
        raise ValueError(f"bots must list one bot per seat ({game.n_players}), got {len(bots)}")
    for _ in range(max_steps):
        if game.is_over:
            break
        step(game, bots)
    else:
        raise RuntimeError(f"game did not end within {max_steps} decisions")
    return Record(game=game, winner=game.winner, turns=game.turns, end=game.end_reason, events=game.events)

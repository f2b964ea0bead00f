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
    # The loop of step(), written out: this is the hot path of every simulation.
    # A forced action comes straight from legal_actions(), so it skips apply's
    # check; a bot's choice is always checked by apply.
    legal_actions, carry_out, apply, chance = game.legal_actions, game._carry_out, game.apply, game.chance
    for _ in range(max_steps):
        if game.end_reason is not None:
            break
        actions = legal_actions()
        if len(actions) == 1:
            carry_out(actions[0])
        else:
            apply(bots[game.current_player].choose(game, actions, chance))
    else:
        raise RuntimeError(f"game did not end within {max_steps} decisions")
    return Record(game=game, winner=game.winner, turns=game.turns, end=game.end_reason, events=game.events)

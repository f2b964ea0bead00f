"""The turn loop every game shares: decision points, legal actions, events.

A game is a state machine.  At every moment one seat (``current_player``)
has a decision to make, chosen from ``legal_actions()``.  ``apply(action)``
checks the action first and only then changes anything, so an illegal
action raises :class:`IllegalAction` and leaves the game exactly as it was.
Chance (dice, shuffles, doors) happens inside ``apply`` through the game's
single :class:`~boardkit.core.rng.Chance`.

A human seat and a bot seat answer the same decision points: a bot through
``choose(game, actions, chance)``, a person through the buttons of an App.
"""
from __future__ import annotations

from .events import Event
from .rng import Chance, check_seed


class IllegalAction(ValueError):
    """The action is not one of ``legal_actions()`` right now."""


def check_rules_for(game_class, rules) -> None:
    """Raise ValueError unless ``rules`` are the rules of ``game_class``'s game
    (a Mouse Trap game needs Mouse Trap ``Rules``, not another game's or a string).
    A tinkerer's subclass of the game's ``Rules``, written in a notebook, is its rules too."""
    package = game_class.__module__.rsplit(".", 1)[0]
    packages = {cls.__module__.rsplit(".", 1)[0] for cls in type(rules).__mro__}
    if package not in packages or not hasattr(rules, "check_players"):
        what = (f"the rules of {rules.game_name}" if hasattr(rules, "game_name")
                else f"{type(rules).__name__} {rules!r:.40}")
        raise ValueError(f"rules must be the Rules of this game ({package}.Rules()), got {what}")


class BaseGame:
    """Shared machinery; a game implements ``_legal_actions`` and ``_apply``."""

    def __init__(self, rules, n_players: int, seed: int | None = None, record_events: bool = True,
                 chance: Chance | None = None):
        check_rules_for(type(self), rules)
        rules.check_players(n_players)
        if not isinstance(record_events, bool):
            raise ValueError(f"record_events must be True or False, got {record_events!r}")
        self.rules = rules
        self.n_players = n_players
        self.seed = check_seed(seed)
        if chance is not None and not isinstance(chance, Chance):
            raise ValueError(f"chance must be a boardkit.core.Chance (a ScriptedChance, say) of this game, "
                             f"got {chance!r:.60}")
        # a Chance given (a ScriptedChance) draws its unscripted numbers from the game's seed
        self.chance = Chance(self.seed) if chance is None else chance.start(self.seed)
        self.events: list[Event] | None = [] if record_events else None
        self.turns = 0
        self.winner: int | None = None
        self.end_reason: str | None = None
        # The legal actions of the decision now, once worked out (None: not yet).
        # Every change of state resets it; a game may fill it in itself when
        # it already knows the next choices.
        self._legal: list | None = None

    # -- what a player or a bot asks ------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.end_reason is not None

    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    def legal_actions(self) -> list:
        """The choices open to ``current_player`` now (empty once the game is over)."""
        if self._legal is None:
            self._legal = [] if self.end_reason is not None else self._legal_actions()
        return self._legal

    def apply(self, action) -> None:
        """Carry out ``action`` for the current player; illegal actions change nothing."""
        legal = self.legal_actions()
        try:
            # Carry out the game's own copy of the action: an equal look-alike
            # (a plain tuple for a card, 1.0 for seat 1) must not leak into the state.
            action = legal[legal.index(action)]
        except ValueError:
            if self.is_over:
                raise IllegalAction(f"the game is over ({self.end_reason}); no action is legal") from None
            shown = ", ".join(map(str, legal[:12])) + (" ..." if len(legal) > 12 else "")
            raise IllegalAction(
                f"{action!r} is not legal for player {self.current_player} now; legal: {shown}"
            ) from None
        self._legal = None
        self._apply(action)

    def log(self, kind: type[Event], *fields) -> None:
        """Record that an event of ``kind`` happened: ``self.log(ev.Rolled, player, value)``.

        The event is made only if the game keeps its events (``record_events=True``):
        a simulation that does not keep them is spared making them."""
        if self.events is not None:
            self.events.append(kind(*fields))

    def finish(self, winner: int | None, reason: str) -> None:
        self.winner = winner
        self.end_reason = reason

    # -- for simulations ---------------------------------------------------
    #: The type of each column of :meth:`result` in a simulation frame, the same whichever
    #: engine played: whole numbers as ``int32``, and pandas' nullable ``Int8`` / ``Int32``
    #: where a game may have no value (``winner`` when nobody won); text as ``object``.
    #: A game adds its own columns' types (``RESULT_TYPES = {**BaseGame.RESULT_TYPES, ...}``).
    RESULT_TYPES = {"seed": "int64", "winner": "Int8", "turns": "int32", "end": "object",
                    "lead_changes": "int32", "winner_worst_deficit": "Int32"}

    def result(self) -> dict:
        """One row of a simulation frame; games add their own columns."""
        return {"seed": self.seed, "winner": self.winner, "turns": self.turns, "end": self.end_reason}

    # -- to be written by each game -------------------------------------------
    def _legal_actions(self) -> list:
        raise NotImplementedError

    def _apply(self, action) -> None:
        raise NotImplementedError

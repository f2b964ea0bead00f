"""A game of Mouse Trap: the state, the legal decisions and what they do.

One turn: the player rolls the die and moves her mouse along the main path,
then round and round the Loop.  The space she stops on tells her what to do:

* BUILD (2 / 2-3 / 2-3-4): if the number of players is one of the numbers,
  she *may* build (the book's word: a decision, :class:`Build` or
  :class:`DoNotBuild`) the next part (parts go 1, 2, ..., 24 in order) and
  takes one cheese per part.  The double build space by the Cheese Wheel
  builds two.
* TAKE / LOSE CHEESE: take from, or return to, the pile (she returns what she
  holds if she is short).
* GO BACK / MOVE AHEAD / GO TO CHEESE: she moves to the space shown, and does
  not follow its message: no build, no cheese, not even the Cheese Wheel's,
  and no crank (the house readings ``Rules.wheel_cheese_when_sent`` and
  ``Rules.crank_when_sent`` let a sent mouse take the wheel's cheese or crank).
* TAKE 3 FROM RIVAL WITH MOST: even when the pile still has cheese.
* CHEESE WHEEL: take two cheese (and hope nobody turns the crank).
* TURN CRANK, once the trap is complete: she may pay one cheese per try to
  roll for an opponent's mouse and push it that far (hoping for the wheel);
  if an opposing mouse is on the wheel she must then turn the crank.  The
  chain A-P runs stage by stage; if every stage works, every mouse on the
  wheel is caught (out of the game, its cheese to the cranker); if a stage
  fails, they all escape to SAFE and the trap is reset.

Cheese owed when the pile is empty comes from the opponent with most (not on
SAFE); when rivals tie for most, the taker decides how to split the take.
The last mouse on the board wins; ``Rules.max_turns`` ends a game that never
finishes as a stalemate (end reason ``"turn cap"``).

Columns of :meth:`Game.result` (one simulation row):

* ``seed``, ``winner``, ``turns``, ``end`` (``"last mouse"`` or ``"turn cap"``);
* ``stalemate``: the game hit the turn cap;
* ``parts``: parts of the trap built; ``trap_done``: the turn the trap was
  finished (None: never);
* ``cranks``, ``catches``, ``pushes``: cranks turned, mice caught, opposing
  mice pushed;
* ``lead_changes``, ``winner_worst_deficit``: the drama of the game (see
  :mod:`boardkit.core.lead`), with each seat's *standing* the cheese it
  holds after each turn.  Cheese is what a player has to show for the game:
  it pays for pushing rivals onto the Cheese Wheel, and a catch hands the
  caught mouse's cheese to the cranker (a caught mouse holds none).
  ``winner_worst_deficit`` is the most cheese the winner was ever behind the
  richest player (None: no winner).
"""
from __future__ import annotations

from boardkit.core import BaseGame, LeadTracker, event_to_dict

from . import events as ev
from .actions import BUILD_IT, CRANK, DONT_BUILD, ROLL, STOP, Build, Crank, DoNotBuild, Push, Roll, Split, Stop
from .rules import AHEAD, BACK, BUILD, CRANK as CRANK_SPACE, LOSE, RIVAL, STAGE_LETTERS, TAKE, TO_CHEESE, WHEEL, Rules

# The phases of a turn: which decision the current player faces.
ROLLING = "roll"
BUILDING = "build"
CRANKING = "crank"
SPLITTING = "split"
PHASES = (ROLLING, BUILDING, CRANKING, SPLITTING)
#: end reasons
LAST_MOUSE = "last mouse"
TURN_CAP = "turn cap"


class Game(BaseGame):
    """Mouse Trap for 2-4 players.  See the module docstring for a turn."""

    def __init__(self, rules: Rules | None = None, n_players: int = 4, seed: int | None = None,
                 record_events: bool = True, chance=None):
        rules = Rules() if rules is None else rules
        super().__init__(rules, n_players, seed=seed, record_events=record_events, chance=chance)
        #: each mouse's space (an index into ``rules.spaces``); None once caught
        self.positions: list[int | None] = [0] * n_players
        #: cheese cards each player holds, and in the pile
        self.cheese = [0] * n_players
        self.pile = rules.cheese_count
        #: parts of the trap built so far (the next one is ``parts + 1``)
        self.parts = 0
        self.current = 0
        self.phase = ROLLING
        #: cheese still owed from rivals tied for most (while splitting)
        self.owed = 0
        self.last_roll: int | None = None
        # counts for the simulation frame
        self.trap_done_turn: int | None = 0 if rules.n_parts == 0 else None
        self.cranks = self.catches = self.pushes = 0
        #: the lead over the game (the drama columns of ``result``): each seat's standing is its cheese
        self.lead = LeadTracker(n_players)
        self.lead.update(self.cheese)

    # -- what players see -----------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.current if self.end_reason is None else None

    @property
    def trap_complete(self) -> bool:
        return self.parts >= self.rules.n_parts

    def alive(self) -> list[int]:
        """Seats whose mouse is still on the board."""
        return [p for p, pos in enumerate(self.positions) if pos is not None]

    def opponents(self, player: int | None = None) -> list[int]:
        """The other seats still in the game, in seat order."""
        player = self.current if player is None else player
        return [p for p, pos in enumerate(self.positions) if pos is not None and p != player]

    def on_wheel(self) -> list[int]:
        """Opponents of the current player whose mouse is on the Cheese Wheel."""
        wheel = self.rules.wheel
        return [p for p in self.opponents() if self.positions[p] == wheel]

    def space_of(self, player: int):
        pos = self.positions[player]
        return None if pos is None else self.rules.spaces[pos]

    # -- decisions ----------------------------------------------------------
    def _legal_actions(self) -> list:
        """The choices of the phase the turn is in (``CHOICES``, at the end of the class)."""
        return self.CHOICES[self.phase](self)

    def _apply(self, action) -> None:
        """Carry out a decision: each kind of action is a step of the turn (``STEPS``, at the end of the class)."""
        self.STEPS[type(action)](self, action)

    def _roll_choices(self) -> list:
        return [ROLL]

    def _build_choices(self) -> list:
        return [BUILD_IT, DONT_BUILD]

    def _crank_choices(self) -> list:
        """On TURN CRANK: pay to push any rival's mouse not on the wheel or SAFE (if she can pay),
        then turn the crank if a rival is on the wheel, else stop."""
        rules, player = self.rules, self.current
        choices = []
        if self.cheese[player] >= rules.push_cost:
            choices = [Push(p) for p in self.opponents()
                       if self.positions[p] != rules.wheel and self.positions[p] != rules.safe]
        choices.append(CRANK if self.on_wheel() else STOP)
        return choices

    def _split_choices(self) -> list:
        """Every way to take what is owed from the rivals tied for most (each gives
        0 .. what she holds, together what is owed or all they hold), first seat's
        share smallest first."""
        tied, most = self._richest()
        total = min(self.owed, most * len(tied))
        return [Split(tuple((p, n) for p, n in zip(tied, split) if n))
                for split in _shares(total, len(tied), most)]

    # -- a turn, step by step -----------------------------------------------
    def _roll(self, action: Roll) -> None:
        player, rules = self.current, self.rules
        self.turns += 1
        value = self.last_roll = self.chance.roll(rules.die_sides)
        self.log(ev.Rolled, player, value)
        end = rules.forward(self.positions[player], value)
        self._move(player, end, "roll")
        self._land(player, rules.spaces[end])

    def _land(self, player: int, space) -> None:
        """Carry out the message of the space the mouse stopped on (``MESSAGES``, at the end of the
        class); START, a blank space and SAFE have none."""
        message = self.MESSAGES.get(space.kind)
        if message is None:
            self._end_turn()
        else:
            message(self, player, space)

    def _take(self, player: int, space) -> None:
        self._give(player, space.amount)

    def _take_from_rival(self, player: int, space) -> None:
        self._rob(player, space.amount, "no rival off SAFE has cheese to take")

    def _cheese_wheel(self, player: int, space) -> None:
        self._give(player, self.rules.wheel_cheese)

    def _turn_crank(self, player: int, space) -> None:
        self._at_crank()

    def _sent(self, player: int, space) -> None:
        """GO BACK, MOVE AHEAD, GO TO CHEESE: the mouse moves, and does not follow the message of
        its new space, with two exceptions (the house readings of ``Rules``)."""
        rules, start = self.rules, self.positions[player]
        if space.kind == BACK:
            end = rules.back(start, space.amount)
        elif space.kind == AHEAD:
            end = rules.forward(start, space.amount)
        else:  # GO TO CHEESE
            end = rules.wheel
        self._move(player, end, "sent")
        if end == rules.wheel and rules.wheel_cheese_when_sent:
            self._give(player, rules.wheel_cheese)
        elif end == rules.crank and rules.crank_when_sent:
            self._at_crank()
        else:
            self._end_turn()

    def _move(self, player: int, end: int, how: str) -> None:
        start = self.positions[player]
        self.positions[player] = end
        self.log(ev.Moved, player, start, end, self.rules.labels[end], how)

    def _build(self, player: int, space) -> None:
        """A build space for this many players, parts left to build: she *may* build (a decision)."""
        if self.n_players not in space.players:
            self._nothing(f"this build space is not for {self.n_players} players")
        elif self.parts == self.rules.n_parts:
            self._nothing("the trap is already complete")
        else:
            self.phase = BUILDING

    def _build_it(self, action: Build) -> None:
        """She builds: the next part (two on a double space, as many as are left) and a cheese for each."""
        player, rules = self.current, self.rules
        space = rules.spaces[self.positions[player]]
        n_parts = min(space.amount, rules.n_parts - self.parts)
        for _ in range(n_parts):
            self.parts += 1
            self.log(ev.Built, player, self.parts)
        if self.parts == rules.n_parts:
            self.trap_done_turn = self.turns
            self.log(ev.TrapDone, player)
        self._give(player, n_parts)

    def _do_not_build(self, action: DoNotBuild) -> None:
        self._nothing("decides not to build")

    # -- cheese ----------------------------------------------------------------
    def _give(self, player: int, amount: int) -> None:
        """``player`` is owed ``amount`` cheese: from the pile, then from the rival with most."""
        from_pile = min(amount, self.pile)
        if from_pile:
            self.pile -= from_pile
            self.cheese[player] += from_pile
            self.log(ev.TookCheese, player, None, from_pile)
        if amount > from_pile:
            self._rob(player, amount - from_pile, "the pile is empty and no rival off SAFE has cheese")
        else:
            self._end_turn()

    def _richest(self) -> tuple[list[int], int]:
        """The opponents (not on SAFE) tied for the most cheese, and how much they hold."""
        safe = self.rules.safe
        rivals = [p for p in self.opponents() if self.positions[p] != safe and self.cheese[p] > 0]
        most = max((self.cheese[p] for p in rivals), default=0)
        return [p for p in rivals if self.cheese[p] == most], most

    def _rob(self, player: int, amount: int, why_not: str) -> None:
        """Take ``amount`` cheese from the rival with most; a tie is the taker's choice (a decision)."""
        tied, most = self._richest()
        if not tied:
            self._nothing(why_not)
        elif len(tied) == 1:
            self._steal(player, tied[0], min(amount, most))
            self._end_turn()
        else:
            self.owed = amount
            self.phase = SPLITTING

    def _split(self, action: Split) -> None:
        for victim, amount in action.amounts:
            self._steal(self.current, victim, amount)
        self._end_turn()

    def _steal(self, player: int, victim: int, amount: int) -> None:
        self.cheese[victim] -= amount
        self.cheese[player] += amount
        self.log(ev.TookCheese, player, victim, amount)

    def _lose(self, player: int, space) -> None:
        amount = min(space.amount, self.cheese[player])
        if amount == 0:
            self._nothing("has no cheese to lose")
        else:
            self._return(player, amount)
            self._end_turn()

    def _return(self, player: int, amount: int) -> None:
        self.cheese[player] -= amount
        self.pile += amount
        self.log(ev.ReturnedCheese, player, amount)

    # -- the trap ------------------------------------------------------------
    def _at_crank(self) -> None:
        if not self.trap_complete:
            self._nothing("the trap is not finished, so the crank cannot be turned yet")
        else:
            self.phase = CRANKING
            self._crank_or_end("no mouse is on the Cheese Wheel and none can be pushed")

    def _crank_or_end(self, why_not: str) -> None:
        """She decides (push, crank or stop), unless stopping is all she can do."""
        if self._crank_choices() == [STOP]:
            self._nothing(why_not)

    def _push(self, action: Push) -> None:
        player, rules, target = self.current, self.rules, action.opponent
        self._return(player, rules.push_cost)
        value = self.chance.roll(rules.die_sides)
        self.pushes += 1
        self.log(ev.Pushed, player, target, value)
        self._move(target, rules.forward(self.positions[target], value), "pushed")
        self._crank_or_end("no mouse is on the Cheese Wheel and no more can be pushed")

    def _stop(self, action: Stop) -> None:
        self._end_turn()

    def run_chain(self) -> tuple[int, tuple]:
        """Run the contraption stage by stage: (index of the failing stage or 16, backups used).
        A stage works when a uniform draw is below its chance; a failing stage with a backup
        gets a second draw."""
        used = []
        for i, p in enumerate(self.rules.stage_floats):
            if self.chance.uniform() < p:
                continue
            letter = STAGE_LETTERS[i]
            if letter in self.rules.backups and self.chance.uniform() < p:
                used.append(letter)
                continue
            return i, tuple(used)
        return len(STAGE_LETTERS), tuple(used)

    def _crank(self, action: Crank) -> None:
        player, rules = self.current, self.rules
        targets = tuple(self.on_wheel())
        stopped_at, used = self.run_chain()
        self.cranks += 1
        self.log(ev.CrankTurned, player, targets, stopped_at, used)
        if stopped_at < len(STAGE_LETTERS):
            for victim in targets:  # missed together: all escape to SAFE
                self._move(victim, rules.safe, "missed")
            return self._end_turn()
        for victim in targets:  # caught together: out, cheese to the cranker
            handed = self.cheese[victim]
            self.cheese[victim] = 0
            self.cheese[player] += handed
            self.positions[victim] = None
            self.catches += 1
            self.log(ev.Caught, player, victim, handed)
        if len(self.alive()) == 1:
            self.log(ev.Won, player)
            self.phase = ROLLING
            self.lead.update(self.cheese)  # the winning turn ends here
            return self.finish(player, LAST_MOUSE)
        self._end_turn()

    # -- ending a turn ---------------------------------------------------------
    def _nothing(self, reason: str) -> None:
        self.log(ev.NothingHappens, self.current, reason)
        self._end_turn()

    def _end_turn(self) -> None:
        """The lead is noted if cheese changed hands, and the next mouse still on the board is to roll
        (or the turn cap ends the game)."""
        if self.cheese != self.lead.scores:
            self.lead.update(self.cheese)
        self.phase = ROLLING
        self.owed = 0
        n, nxt = self.n_players, self.current
        for _ in range(n):
            nxt = (nxt + 1) % n
            if self.positions[nxt] is not None:
                break
        self.current = nxt
        if self.turns >= self.rules.max_turns:
            self.log(ev.TurnCap, None, self.turns)
            self.finish(None, TURN_CAP)

    # -- the turn's tables: what each phase offers, what each action does, what each space says ---------
    CHOICES = {ROLLING: _roll_choices, BUILDING: _build_choices, CRANKING: _crank_choices, SPLITTING: _split_choices}
    STEPS = {Roll: _roll, Build: _build_it, DoNotBuild: _do_not_build, Push: _push, Crank: _crank, Stop: _stop,
             Split: _split}
    MESSAGES = {BUILD: _build, TAKE: _take, LOSE: _lose, RIVAL: _take_from_rival, WHEEL: _cheese_wheel,
                CRANK_SPACE: _turn_crank, BACK: _sent, AHEAD: _sent, TO_CHEESE: _sent}

    # -- simulation rows ------------------------------------------------------
    #: ``trap_done``: the turn the trap was finished, missing if it never was
    RESULT_TYPES = {**BaseGame.RESULT_TYPES, "stalemate": "bool", "parts": "int32", "trap_done": "Int32",
                    "cranks": "int32", "catches": "int32", "pushes": "int32"}

    def result(self) -> dict:
        row = super().result()
        row.update(stalemate=self.end_reason == TURN_CAP, parts=self.parts, trap_done=self.trap_done_turn,
                   cranks=self.cranks, catches=self.catches, pushes=self.pushes)
        row.update(self.lead.columns(self.winner))
        return row

    # -- saving and restoring ---------------------------------------------------
    def cheese_total(self) -> int:
        """Cheese in the pile and in every hand: always ``rules.cheese_count``."""
        return self.pile + sum(self.cheese)

    def to_dict(self) -> dict:
        return {
            "game": "mouse_trap",
            "rules": self.rules.to_dict(),
            "n_players": self.n_players,
            "seed": self.seed,
            "chance": self.chance.to_dict(),
            "positions": list(self.positions),
            "cheese": list(self.cheese),
            "pile": self.pile,
            "parts": self.parts,
            "current": self.current,
            "phase": self.phase,
            "owed": self.owed,
            "last_roll": self.last_roll,
            "turns": self.turns,
            "winner": self.winner,
            "end_reason": self.end_reason,
            "counts": {"trap_done_turn": self.trap_done_turn, "cranks": self.cranks,
                       "catches": self.catches, "pushes": self.pushes},
            "lead": self.lead.to_dict(),
            "events": None if self.events is None else [event_to_dict(e) for e in self.events],
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Game":
        """Rebuild a saved game; anything inconsistent raises ``ValueError``."""
        from .saving import load_game
        return load_game(cls, data)


def _shares(total: int, n: int, most: int):
    """Every way to write ``total`` as ``n`` shares of 0 .. ``most`` each, in
    lexicographic order (the first share smallest first)."""
    if n == 1:
        if total <= most:
            yield (total,)
        return
    for first in range(max(0, total - most * (n - 1)), min(most, total) + 1):
        for rest in _shares(total - first, n - 1, most):
            yield (first,) + rest

"""A game of Philo Vance: the state, the legal decisions and what they do.

**Before the first visit to X** a player throws both dice and moves the total
along any path, forward or backward, never splitting the throw.  He reaches X
by exact count from a side square of the living room, or by landing on a
green arrow, and lays the top 12 clues of the pile on jurors 1-12 of his
court card.

**Afterwards** his turn goes:

1. *Before the dice* he may arrest a suspect on suspicion (name 6 different
   face-up clues; at least 4 right is a Successful Declaration, and he is
   never told which) or, on a later turn after a successful one, try to
   convict (7 correct clues in play; after a failure he must prove 9, knows
   his card, and may demand clues from the others when his piece or Philo
   Vance rests on X).  Never both in one turn: the book's conviction comes
   "when his turn comes" after the declaration.
2. He throws both dice.  Doubles let him turn up any face-down clue, and a
   total equal to a face-down juror's number lets him turn up that juror's
   clue (or he leaves them face down: the book's "allows").  After a successful
   declaration a 7 brings in Philo Vance (or takes him from his owner), and
   double ones or sixes bring in the Judge.
3. He moves his own piece by the white die and Philo Vance by the coloured die
   (or leaves Philo Vance where he is: "he may use the Two Pieces").  On a red
   clue spot (exact count) he may draw a clue, to keep (discarding one) or to
   discard, or draw none (a clue he claimed he must take); X again gives a
   clue and an extra turn (Philo Vance gets the clue but stays on X for good).  Landing on a piece may bump it to an adjoining
   space (and down the line) and turn one of its owner's clues face down; a
   piece bumped onto X or a green arrow goes to the Radio Car queue.
4. The top discard may be claimed by another player, who must take it the next
   time he lands on a clue spot, or give it back: "at any time during the
   game", so when it is turned up and again at the start of every turn,
   before the dice (``Rules.claim_any_time``; False: only when turned up).

The game is a queue of small tasks (``todo``).  ``_run`` works through it
until a task needs a decision; the answer (``apply``) carries on from there.
Tasks are JSON-safe lists, so a saved game restores mid-turn.

The easy game for children is played on the same board: see ``Rules.children``.
What the rulebook leaves open is listed in :mod:`.rules`.

Columns of :meth:`Game.result` (one simulation row):

* ``seed``, ``winner``, ``turns``, ``end`` (``"convicted"``, ``"all retired"``
  or ``"turn cap"``);
* ``winner_suspect``: the suspect the winner convicted (None: no winner);
* ``declarations`` (arrests on suspicion), ``successful`` (players who made a
  Successful Declaration), ``retired``, ``bumps``;
* ``philo_vance``, ``judge``: did Philo Vance and the Judge come into the game?
* ``lead_changes``, ``winner_worst_deficit``: the drama of the game (see
  :mod:`boardkit.core.lead`).  Each seat's *standing* after each turn is
  the case it has proved: :meth:`Game.correct_in_play`, its clues in play
  that are right for the suspect it arrested (children: picked) -- the
  referee's count, which the players cannot see.  It is 0 until a player
  arrests somebody, and 7 right clues convict (``Rules.convict_correct``).
  ``winner_worst_deficit`` is the most right clues the winner was ever
  behind the strongest case (None: no winner).
"""
from __future__ import annotations

import copy

from boardkit.core.rng import Chance
from boardkit.core import BaseGame, LeadTracker, Pile, event_to_dict

from . import events as ev
from .actions import (CLAIM, CONVICT, DISCARD, DRAW, LEAVE_DOWN, LEAVE_PHILO_VANCE, NO_BUMP, NO_DRAW, PASS, QUEUE,
                      ROLL, SPARE, Arrest, Bump, Claim, Convict, Demand, Discard, Draw, Keep, LeaveDown,
                      LeavePhiloVance, Move, Name, NoDraw, Pass, Pick, PushOn, Roll, TurnDown, TurnUp)
from .rules import PHILO_VANCE, Rules

# The decisions: which question the deciding player is answering.
BEFORE_ROLL = "before the dice"
NAMING = "naming clues"
TURNING_UP = "turning a clue up"
MOVING = "moving"
BUMPING = "bumping"
PUSHING_ON = "bumping down the line"
TURNING_DOWN = "turning a clue down"
DRAWING = "choosing whether to draw"
KEEPING = "keeping a clue"
DEMANDING = "demanding a clue"
CLAIMING = "claiming a discard"
PICKING = "picking a card"
PHASES = (BEFORE_ROLL, NAMING, TURNING_UP, MOVING, BUMPING, PUSHING_ON, TURNING_DOWN, DRAWING, KEEPING,
          DEMANDING, CLAIMING, PICKING)

#: end reasons
CONVICTED = "convicted"
ALL_RETIRED = "all retired"
TURN_CAP = "turn cap"


class Game(BaseGame):
    """Philo Vance for 2-6 players.  See the module docstring for a turn."""

    def __init__(self, rules: Rules | None = None, n_players: int = 4, seed: int | None = None,
                 record_events: bool = True, chance: Chance | None = None):
        rules = Rules() if rules is None else rules
        super().__init__(rules, n_players, seed=seed, record_events=record_events, chance=chance)
        self.board = rules.estate
        self.pile = Pile(rules.deck_cards, name="clue pile")
        self.pile.shuffle(self.chance)
        self.discards = Pile(name="discard pile")
        seats = range(n_players)
        #: where each piece stands (a space id); Philo Vance is off the board (None) until a 7
        self.position: dict[int, int | None] = {p: self.board.park for p in seats}
        self.position[PHILO_VANCE] = None
        #: each court card: the clue on each juror (None: no card), and whether it is face up
        self.court: list[list | None] = [None] * n_players
        self.face_up: list[list | None] = [None] * n_players
        #: children's game: the clues in each player's hand
        self.hand: list[list[int]] = [[] for _ in seats]
        #: the suspect each player arrested (committed to) or, for children, plays for
        self.suspect: list[int | None] = [None] * n_players
        self.declared: list[bool] = [False] * n_players   # a Successful Declaration made
        self.failures: list[int] = [0] * n_players        # unsuccessful declarations
        self.needs_more: list[bool] = [False] * n_players  # a conviction failed: prove the fallback number
        self.retired: list[bool] = [False] * n_players
        self.claimed: list[int | None] = [None] * n_players  # a claimed clue waiting in front of a player
        self.claim_waits: list[bool] = [False] * n_players    # claimed during his own turn: keep it till the next
        #: the seat that laid the top discard there (it may not claim it back until exposed another time)
        self.top_barred: int | None = None
        self.philo_owner: int | None = None
        self.judge = False
        self.current = 0
        self.white = self.coloured = None
        # the decision being asked, and the tasks still to do
        self.phase: str | None = None
        self.decider: int | None = None
        self.todo: list[list] = []
        # what the open decision is about
        self.drawn: int | None = None         # the clue a player holds while deciding to keep it
        self.keep_only = False                # a demanded clue must be kept
        self.arresting: int | None = None     # the suspect being arrested while naming
        self.named: list[int] = []
        self.moving_piece: int | None = None  # the piece moving, or that landed and may bump
        self.chain: list | None = None        # multiple bumping: [pieces to move on, from, the space before, victims]
        self.victim: int | None = None        # whose clue may be turned down
        self.claim_offer: list | None = None  # [clue, candidates still to ask]
        # this turn
        self.declared_now = self.convicted_now = False
        self.on_clue_spot = False
        self.extra_turn = False
        # counts for the simulation frame
        self.declarations = self.bumps = 0
        #: every arrest so far, as the table heard it: (seat, suspect, named clues, successful)
        self.verdicts: list[tuple] = []
        self.first_x_turn: list[int | None] = [None] * n_players
        #: the lead over the game (the drama columns of ``result``): each seat's standing is correct_in_play
        self.lead = LeadTracker(n_players)
        self.lead.update([0] * n_players)
        self._first_throws()
        self._run()

    # -- what players see ------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.end_reason is not None else self.decider

    def pieces_at(self, space: int) -> list[int]:
        """The pieces standing on ``space`` (seats, and PHILO_VANCE)."""
        return [piece for piece, where in self.position.items() if where == space]

    def clues_in_play(self, player: int) -> set[int]:
        """The different clues face up on a player's court card (children: in his hand)."""
        if self.rules.children:
            return set(self.hand[player])
        court = self.court[player]
        if court is None:
            return set()
        return {clue for clue, up in zip(court, self.face_up[player]) if up}  # (a juror with no card is never up)

    def correct_in_play(self, player: int) -> int:
        """How many of the player's clues in play are on his suspect's card (the referee's count)."""
        suspect = self.suspect[player]
        if suspect is None:
            return 0
        return len(self.clues_in_play(player) & self.rules.card_sets[suspect])

    def has_court(self, player: int) -> bool:
        return self.court[player] is not None

    def active(self) -> list[int]:
        """Seats still in the game."""
        return [p for p in range(self.n_players) if not self.retired[p]]

    def free_suspects(self, player: int) -> list[int]:
        """Suspects ``player`` may arrest: his own if he is committed, else any not spoken for."""
        if self.suspect[player] is not None:
            return [self.suspect[player]]
        taken = {self.suspect[q] for q in self.active() if q != player}
        return [s for s in range(self.rules.n_suspects) if s not in taken]

    def queue_places_free(self) -> list[int]:
        taken = set(self.position.values())
        return [q for q in self.board.queue if q not in taken]

    def card_count(self) -> int:
        """Every clue card, wherever it is: always the size of the deck."""
        held = sum(1 for court in self.court if court for c in court if c is not None)
        held += sum(len(h) for h in self.hand) + sum(c is not None for c in self.claimed)
        return len(self.pile) + len(self.discards) + held + (self.drawn is not None)

    # -- decisions ---------------------------------------------------------------
    def _legal_actions(self) -> list:
        """The choices of the question being asked (``CHOICES``, at the end of the class)."""
        return self.CHOICES[self.phase](self, self.decider)

    def _naming_choices(self, player: int) -> list:
        """Any face-up clue not named yet in this arrest, one at a time."""
        return [Name(c) for c in sorted(self.clues_in_play(player) - set(self.named))]

    def _turn_up_choices(self, player: int) -> list:
        """A face-down clue the throw allows (any after doubles), or leave them face down."""
        return [TurnUp(j + 1) for j in self._can_turn_up(player)] + [LEAVE_DOWN]

    def _move_choices(self, player: int) -> list:
        """Any space exactly the die's number away (Philo Vance may also stay where he is)."""
        piece = self.moving_piece
        choices = [Move(space) for space in self._destinations(piece, self._steps_for(piece))]
        return choices + [LEAVE_PHILO_VANCE] if piece == PHILO_VANCE else choices

    def _bumping_choices(self, player: int) -> list:
        return self._bump_choices(self.moving_piece)

    def _push_on_choices(self, player: int) -> list:
        moving, at, came_from, _ = self.chain
        return [PushOn(s) for s in self._beyond(came_from, at, len(moving))]

    def _turn_down_choices(self, player: int) -> list:
        """Any of the bumped player's face-up clues, or spare him."""
        return [TurnDown(j + 1) for j, up in enumerate(self.face_up[self.victim]) if up] + [SPARE]

    def _draw_choices(self, player: int) -> list:
        return [DRAW, NO_DRAW]

    def _keep_choices(self, player: int) -> list:
        """Keep the clue in any place (the clue there is discarded), or discard it (not a demanded one)."""
        slots = self.court[player] if not self.rules.children else self.hand[player]
        keeps = [Keep(place) for place in range(1, len(slots) + 1)]
        return keeps if self.keep_only else keeps + [DISCARD]

    def _demand_choices(self, player: int) -> list:
        return [Demand(c) for c in self._demandable(player)] + [DRAW]

    def _claim_choices(self, player: int) -> list:
        return [CLAIM, PASS]

    def _pick_choices(self, player: int) -> list:
        """The children's game: any suspect nobody picked yet."""
        taken = {s for s in self.suspect if s is not None}
        return [Pick(s) for s in range(self.rules.n_suspects) if s not in taken]

    def _apply(self, action) -> None:
        """Carry out a decision, in the order of a turn (NoBump and Spare change nothing), then
        work on through the tasks until the next decision."""
        kind, asked = type(action), self.phase
        self.phase = None
        if kind is Roll:
            self._throw()
        elif kind is Arrest:
            self.arresting, self.named = action.suspect, []
            self._ask(self.current, NAMING)
        elif kind is Name:
            self._name(action.clue)
        elif kind is Convict:
            self._try_conviction()
        elif kind is TurnUp:
            self._turn_up(self.current, action.juror - 1, "doubles" if self.white == self.coloured else "total")
        elif kind is LeaveDown:
            self.log(ev.LeftFaceDown, self.current)
        elif kind is Move:
            self._move(action.space)
        elif kind is LeavePhiloVance:
            self.log(ev.PhiloVanceStays, self.current)
        elif kind is Bump:
            self._bump(action.piece, action.to)
        elif kind is PushOn:
            self._push_on(action.space)
        elif kind is TurnDown:
            self._turn_down(action.juror - 1)
        elif kind is Draw:  # on X after a failed conviction a claimed clue is the one he takes
            self._take_clue(self.decider, from_claim=asked == DEMANDING and self.claimed[self.decider] is not None)
        elif kind is NoDraw:
            self.log(ev.DidNotDraw, self.decider)
        elif kind is Keep or kind is Discard:
            self._keep(action.slot - 1 if kind is Keep else None)
        elif kind is Demand:
            self._demand(action.clue)
        elif kind is Claim or kind is Pass:
            self._answer_claim(kind is Claim)
        elif kind is Pick:
            self.suspect[self.decider] = action.suspect
            self.log(ev.Picked, self.decider, action.suspect)
        self._run()

    def _ask(self, player: int, phase: str) -> None:
        self.decider, self.phase = player, phase

    def _then(self, *tasks) -> None:
        """Do these tasks next, before the ones already waiting."""
        self.todo[0:0] = [list(t) for t in tasks]

    def _run(self) -> None:
        """Work through the tasks until one needs a decision (or the game ends)."""
        while self.phase is None and self.end_reason is None:
            if not self.todo:
                self.todo.append(["start_turn"])
            name, *args = self.todo.pop(0)
            getattr(self, "_task_" + name)(*args)
        if self.end_reason is not None:
            self.phase = self.decider = None
            self.todo.clear()

    # -- the start -----------------------------------------------------------
    def _first_throws(self) -> None:
        """Everybody throws both dice; the highest total starts (ties throw again)."""
        throwers = list(range(self.n_players))
        totals = {}
        while len(throwers) > 1:
            throws = {p: self.chance.roll(6) + self.chance.roll(6) for p in throwers}
            totals.update(throws)
            best = max(throws.values())
            throwers = [p for p in throwers if throws[p] == best]
        self.current = throwers[0]
        self.log(ev.FirstThrows, None, tuple(totals[p] for p in range(self.n_players)), self.current)
        if self.rules.children:
            order = [(self.current + k) % self.n_players for k in range(self.n_players)]
            self.todo.extend(["pick", p] for p in order)
        self.todo.append(["start_turn"])

    def _task_pick(self, player: int) -> None:
        self._ask(player, PICKING)

    # -- a turn, step by step --------------------------------------------------
    def _task_start_turn(self) -> None:
        if self.turns >= self.rules.max_turns:
            self.log(ev.TurnCap, None, self.turns)
            self.finish(None, TURN_CAP)
            return
        self.declared_now = self.convicted_now = self.on_clue_spot = self.extra_turn = False
        if not self.rules.claim_any_time:
            return self._ask(self.current, BEFORE_ROLL)
        # "At any time during the game ... a Player, who sees a Clue which he wants, turned up on the
        # Discard Pile, may say 'I claim that Clue'": asked round the table before every turn's dice
        self._then(["before_roll"])
        self._offer_top(self.top_barred)

    def _task_before_roll(self) -> None:
        self._ask(self.current, BEFORE_ROLL)

    def _before_roll_choices(self, player: int) -> list:
        rules, choices = self.rules, [ROLL]
        if rules.children or not self.has_court(player):
            return choices
        limit = rules.retire_after_failures
        if (not self.declared[player] and not self.declared_now and (limit is None or self.failures[player] < limit)
                and len(self.clues_in_play(player)) >= rules.named_clues):
            choices += [Arrest(s) for s in self.free_suspects(player)]
        # "Now, the Player who has made a successful declaration may attempt to convict ... when his
        # turn comes, but before he shakes the Dice": on a later turn than the declaration
        if (self.declared[player] and not self.declared_now and not self.needs_more[player]
                and not self.convicted_now and (self.judge or not rules.judge_needed)):
            choices.append(CONVICT)
        return choices

    def _throw(self) -> None:
        player, rules = self.current, self.rules
        self.turns += 1
        white, coloured = self.white, self.coloured = self.chance.roll(6), self.chance.roll(6)
        self.log(ev.Thrown, player, white, coloured)
        if rules.children or not self.has_court(player):
            self._then(["move", player, white + coloured], ["end_turn"])
            return
        if self.declared[player] and white == coloured and white in (1, 6) and not self.judge:
            self.judge = True
            self.log(ev.JudgeArrives, player)
        tasks = [["ask_turn_up"]] if self._can_turn_up(player) else []
        if self.declared[player] and white + coloured == 7 and self.philo_owner != player:
            tasks.append(["philo_vance_joins", player])  # after the clue a 7 may turn up (juror 7)
        tasks += [["move", player, white], ["move", PHILO_VANCE, coloured], ["end_turn"]]
        self._then(*tasks)

    def _can_turn_up(self, player: int) -> list[int]:
        """The jurors (0-11) whose face-down clue this throw allows ``player`` to turn up: after
        doubles any of them, else the one whose number is the total of the dice."""
        face_down = [j for j, up in enumerate(self.face_up[player]) if not up and self.court[player][j] is not None]
        if self.white == self.coloured:
            return face_down
        return [j for j in face_down if j == self.white + self.coloured - 1]

    def _task_ask_turn_up(self) -> None:
        self._ask(self.current, TURNING_UP)

    def _turn_up(self, player: int, juror: int, why: str) -> None:
        self.face_up[player][juror] = True
        self.log(ev.TurnedUp, player, juror + 1, self.court[player][juror], why)
        self._check_proof(player)

    def _task_philo_vance_joins(self, player: int) -> None:
        previous = self.philo_owner
        self.philo_owner = player
        self.log(ev.PhiloVanceJoins, player, previous)
        if self.position[PHILO_VANCE] is None:
            start = self.board.start
            self.position[PHILO_VANCE] = start
            self.log(ev.Moved, player, PHILO_VANCE, None, start, self.board.spaces[start].name, "start")

    def _steps_for(self, piece: int) -> int:
        if piece == PHILO_VANCE:
            return self.coloured
        if self.rules.children or not self.has_court(piece):
            return self.white + self.coloured
        return self.white

    def _task_move(self, piece: int, steps: int) -> None:
        where = self.position[piece]
        if piece == PHILO_VANCE and (self.philo_owner != self.current or where is None or where == self.board.x):
            return  # not his to move, not on the board, or staying on X for good
        if self._queue_blocked(where):
            self.log(ev.CantMove, self.current, piece, "waiting in the Radio Car queue")
            return
        if not self._destinations(piece, steps):
            self.log(ev.CantMove, self.current, piece, f"no space is exactly {steps} away")
            return
        self.moving_piece = piece
        self._ask(self.current, MOVING)

    def _queue_blocked(self, where: int) -> bool:
        """Call Box 2 and 3 wait until the numbered places ahead of them are clear."""
        queue = self.board.queue
        if where not in queue[2:]:
            return False
        taken = set(self.position.values())
        return any(q in taken for q in queue[1:queue.index(where)])

    def _destinations(self, piece: int, steps: int) -> list[int]:
        spaces = self.board.destinations(self.position[piece], steps)
        if self.rules.children:  # no player may land on a space occupied by another
            taken = {where for other, where in self.position.items() if other != piece}
            return [s for s in spaces if s not in taken]
        return list(spaces)

    def _move(self, space: int) -> None:
        piece, board = self.moving_piece, self.board
        start, self.position[piece] = self.position[piece], space
        self.log(ev.Moved, self.current, piece, start, space, board.spaces[space].name, "throw")
        if space in board.arrows and not self.rules.children:
            self.position[piece] = board.x
            self.log(ev.Moved, self.current, piece, space, board.x, board.spaces[board.x].name, "arrow")
            self._then(["bump_check", piece], ["arrive", piece, True])
        else:
            self._then(["bump_check", piece], ["arrive", piece, False])

    # -- bumping ---------------------------------------------------------------
    def _task_bump_check(self, piece: int) -> None:
        if not self.rules.children and self._bump_choices(piece):
            self.moving_piece = piece
            self._ask(self.current, BUMPING)

    def _bump_choices(self, piece: int) -> list:
        """Where the pieces ``piece`` landed on may be bumped to (none: no question)."""
        board, at = self.board, self.position[piece]
        others = [p for p in self.pieces_at(at) if p != piece]
        if not others:
            return []
        queue_free = bool(self.queue_places_free())
        if at == board.x:
            targets = [QUEUE] if queue_free else []
        else:
            targets = [t for t in board.adjoining(at) if queue_free or not self._sends_to_queue(t)]
        choices = [Bump(p, t) for p in others for t in targets]
        return choices + [NO_BUMP] if choices else []

    def _sends_to_queue(self, space: int) -> bool:
        return space == self.board.x or space in self.board.arrows

    def owner(self, piece: int) -> int | None:
        """The seat a piece plays for: its own seat, or Philo Vance's owner (None: nobody's)."""
        return self.philo_owner if piece == PHILO_VANCE else piece

    def _bump(self, piece: int, to: int) -> None:
        self.bumps += 1
        at = self.position[piece]
        # the chain: [pieces to move on, from, the space before, [(bumped piece, the piece that bumped it)]]
        self.chain = [[piece], at, None, [[piece, self.moving_piece]]]
        if to == QUEUE:
            self._send_to_queue(piece, at)
            self._chain_done()
        else:
            self._push_on(to)

    def _push_on(self, space: int) -> None:
        """Move the pieces of the chain onto ``space``; pieces already there are bumped on down the line."""
        moving, start, _, victims = self.chain
        if self._sends_to_queue(space):
            for piece in moving:
                self._send_to_queue(piece, start)
            return self._chain_done()
        waiting = [p for p in self.pieces_at(space) if p != self.moving_piece]
        for piece in moving:
            self.position[piece] = space
            self.log(ev.Bumped, self.current, piece, start, space)
            self.log(ev.Moved, self.current, piece, start, space, self.board.spaces[space].name, "bumped")
        onward = self._beyond(start, space, len(waiting))
        if not waiting or not onward:
            return self._chain_done()
        # the line runs start -> space -> onward: the pieces waiting on space are bumped by the first one arriving
        victims.extend([piece, moving[0]] for piece in waiting)
        self.chain = [waiting, space, start, victims]
        if len(onward) == 1:
            return self._push_on(onward[0])
        self._ask(self.current, PUSHING_ON)

    def _beyond(self, came_from: int, at: int, n_pieces: int) -> list[int]:
        """Where ``n_pieces`` pushed on from ``at`` may go down the line.  X and the green
        arrows send every one of them to the Radio Car queue, so they are a way on only
        while the queue has a free place for each piece (the book has 4 places, the
        table up to 7 pieces)."""
        room = len(self.queue_places_free()) >= n_pieces
        return [s for s in self.board.beyond(came_from, at) if room or not self._sends_to_queue(s)]

    def _send_to_queue(self, piece: int, start: int) -> None:
        place = self.queue_places_free()[0]
        self.position[piece] = place
        self.log(ev.Bumped, self.current, piece, start, None)
        self.log(ev.Moved, self.current, piece, start, place, self.board.spaces[place].name, "queue")

    def _chain_done(self) -> None:
        """Each bumped player may lose a clue, turned down by the player whose piece bumped him
        (down a line, that is the owner of the piece pushed on to his); then whoever was bumped
        onto a clue spot draws, before the bumper does."""
        victims = self.chain[3]
        self.chain = None
        penalties, draws = [], []
        for piece, pusher in victims:
            owner, bumper = self.owner(piece), self.owner(pusher)
            if owner is None or not self.has_court(owner):
                continue
            if bumper is not None and bumper != owner and any(self.face_up[owner]):
                penalties.append(["penalty", owner, bumper])
            if self.position[piece] in self.board.red_spots:
                draws.append(["clue_spot", owner, False])
        self._then(*penalties, *draws)

    def _task_penalty(self, victim: int, bumper: int) -> None:
        if any(self.face_up[victim]):
            self.victim = victim
            self._ask(bumper, TURNING_DOWN)

    def _turn_down(self, juror: int) -> None:
        victim = self.victim
        self.face_up[victim][juror] = False
        self.log(ev.TurnedDown, self.decider, victim, juror + 1, self.court[victim][juror])

    # -- arriving --------------------------------------------------------------
    def _task_arrive(self, piece: int, by_arrow: bool) -> None:
        """What the space the piece stopped on gives its owner."""
        board, rules = self.board, self.rules
        space, owner = self.position[piece], self.current
        if rules.children:
            if space == board.x or space in board.red_spots or space in board.arrows:
                self.on_clue_spot = True
                self._take_clue(owner, from_claim=False)
            return
        if space != board.x and space not in board.red_spots:
            return
        if space == board.x and piece == owner and not self.has_court(owner):
            return self._receive_court(owner)
        if not self.has_court(owner):
            return  # clue spots give nothing before the first visit to X
        if by_arrow and not rules.arrow_rewards:
            return  # sent to X by a green arrow, with no reward
        self.on_clue_spot = True
        if space == board.x and piece == owner:
            self.extra_turn = True
        if space == board.x and self.needs_more[owner] and self._demandable(owner):
            return self._ask(owner, DEMANDING)
        if space == board.x:
            return self._take_clue(owner, from_claim=self.claimed[owner] is not None)
        self._task_clue_spot(owner, from_claim=self.claimed[owner] is not None)

    def _receive_court(self, player: int) -> None:
        """First to X: 12 clues from the top of the pile on jurors 1-12, unsorted.  The turn ends."""
        clues = [self._draw_card() for _ in range(self.rules.court_size)]
        self.court[player] = clues
        self.face_up[player] = [c is not None for c in clues]
        self.first_x_turn[player] = self.turns
        self.log(ev.ReceivedClues, player, tuple(c for c in clues if c is not None))
        self.todo = [t for t in self.todo if t[0] == "end_turn"]

    def _task_clue_spot(self, player: int, from_claim: bool) -> None:
        """A red clue spot: "he may draw a Clue Card" -- he decides (DRAWING), unless he brings a
        claimed clue, which he "must take ... and no other", or no clue is left to draw."""
        if from_claim or not self._can_draw():
            return self._take_clue(player, from_claim)
        self._ask(player, DRAWING)

    def _can_draw(self) -> bool:
        """Is there a clue to draw (the pile, or discards to shuffle into a new one)?"""
        return bool(self.pile) or (self.rules.reshuffle_discards and bool(self.discards))

    def _take_clue(self, player: int, from_claim: bool) -> None:
        """Draw a clue (or take the claimed one), then decide: keep it or discard it."""
        if from_claim:
            clue, self.claimed[player] = self.claimed[player], None
            self.claim_waits[player] = False
            source = "claim"
        else:
            clue, source = self._draw_card(), "pile"
            if clue is None:
                return self.log(ev.NothingHappens, player, "no clue is left to draw")
        self.drawn, self.keep_only = clue, False
        self.log(ev.DrewClue, player, clue, source)
        self._offer_keep(player)

    def _offer_keep(self, player: int) -> None:
        if self.rules.children and len(self.hand[player]) < self.rules.hand_limit:
            self.hand[player].append(self.drawn)
            self.log(ev.KeptClue, player, self.drawn, len(self.hand[player]), None)
            self.drawn = None
            return self._check_proof(player)
        self._ask(player, KEEPING)

    def _keep(self, slot: int | None) -> None:
        player, clue = self.decider, self.drawn
        self.drawn = None
        if slot is None:
            self.log(ev.DiscardedClue, player, clue)
            return self._discard(clue, player)
        places = self.hand[player] if self.rules.children else self.court[player]
        old, places[slot] = places[slot], clue
        if not self.rules.children:
            self.face_up[player][slot] = True
        self.log(ev.KeptClue, player, clue, slot + 1, old)
        if old is not None:
            self._discard(old, player)
        self._check_proof(player)

    def _draw_card(self) -> int | None:
        if not self.pile and self.rules.reshuffle_discards and self.discards:
            self.pile.cards, self.discards.cards = self.discards.cards, []
            self.top_barred = None
            self.pile.shuffle(self.chance)
            self.log(ev.Reshuffled, None, len(self.pile))
        return self.pile.draw() if self.pile else None

    # -- claims ------------------------------------------------------------------
    def _discard(self, clue: int, discarder: int) -> None:
        """Lay a clue face up on the discards; the others may claim it."""
        self.discards.put(clue)
        self.top_barred = discarder
        self._offer_top(discarder)

    def _offer_top(self, discarder: int | None) -> None:
        """The top discard is turned up: "a Player, who sees a Clue which he wants, turned up on
        the Discard Pile, may say 'I claim that Clue'" -- the player whose turn it is first, then
        round the table; not the player who has just discarded it (``discarder``), nor one who
        already holds a claimed clue."""
        if self.rules.children or not self.discards:
            return
        order = [(self.current + k) % self.n_players for k in range(self.n_players)]
        candidates = [p for p in order if p != discarder and not self.retired[p] and self.has_court(p)
                      and self.claimed[p] is None]
        if candidates:
            self._then(["offer_claim", self.discards.top, candidates])

    def _task_offer_claim(self, clue: int, candidates: list) -> None:
        self.claim_offer = [clue, list(candidates)]
        self._ask(candidates[0], CLAIMING)

    def _answer_claim(self, claims: bool) -> None:
        clue, candidates = self.claim_offer
        self.claim_offer = None
        player = candidates.pop(0)
        if claims:
            self.discards.draw()
            self.top_barred = None  # the card beneath is exposed another time: nobody is barred from it
            self.claimed[player] = clue
            self.claim_waits[player] = player == self.current  # "when it comes his turn": his next one
            self.log(ev.Claimed, player, clue)
            self._offer_top(None)  # the card beneath is exposed another time: anybody may claim it
        elif candidates:
            self._task_offer_claim(clue, candidates)  # the next player round the table is asked

    def _return_claim(self, player: int) -> None:
        clue, self.claimed[player] = self.claimed[player], None
        self.log(ev.ReturnedClaim, player, clue)
        self._discard(clue, player)  # he is its discarder, so he may not claim it until it is exposed again

    # -- demands -----------------------------------------------------------------
    def _demandable(self, player: int) -> list[int]:
        """Clues the player still needs that another player shows face up."""
        needed = self.rules.card_sets[self.suspect[player]] - self.clues_in_play(player)
        shown = set()
        for other in self.active():
            if other != player:
                shown |= self.clues_in_play(other)
        return sorted(needed & shown)

    def _demand(self, clue: int) -> None:
        player = self.decider
        for k in range(1, self.n_players):
            giver = (player + k) % self.n_players
            if not self.retired[giver] and clue in self.clues_in_play(giver):
                break
        juror = next(j for j, (c, up) in enumerate(zip(self.court[giver], self.face_up[giver])) if up and c == clue)
        self.court[giver][juror] = self._draw_card() if self.rules.demand_refill else None
        self.face_up[giver][juror] = self.court[giver][juror] is not None
        self.drawn, self.keep_only = clue, True
        self.log(ev.DrewClue, player, clue, giver)
        self._ask(player, KEEPING)

    # -- arresting and convicting ------------------------------------------------
    def _name(self, clue: int) -> None:
        self.named.append(clue)
        if len(self.named) < self.rules.named_clues:
            return self._ask(self.current, NAMING)
        player, suspect, rules = self.current, self.arresting, self.rules
        named, self.named, self.arresting = tuple(self.named), [], None
        right = len(set(named) & rules.card_sets[suspect])
        successful = right >= rules.declare_correct
        self.declarations += 1
        self.declared_now = True
        self.suspect[player] = suspect
        self.verdicts.append((player, suspect, named, successful))
        self.log(ev.Declared, player, suspect, named, successful, self.failures[player] + 1)
        if successful:
            self.declared[player] = True
        else:
            self._unsuccessful(player, named)
        if not self.retired[player]:
            self._ask(player, BEFORE_ROLL)

    def _unsuccessful(self, player: int, named: tuple) -> None:
        """The named clues go face down under the pile; six new ones from the top replace them.

        Not on the attempt that retires him: "if he is not successful on the third attempt HE
        MUST RETIRE.  His Clues are put back face-down at the bottom of the Draw Pile" -- no new
        clues are drawn, so the top of the pile stays where it was.
        """
        self.failures[player] += 1
        limit = self.rules.retire_after_failures
        if limit is not None and self.failures[player] >= limit:
            return self._retire(player)
        court, up = self.court[player], self.face_up[player]
        jurors = [next(j for j, (c, u) in enumerate(zip(court, up)) if u and c == clue) for clue in named]
        self.pile.cards[0:0] = [court[j] for j in jurors]
        new = []
        for j in jurors:
            court[j] = self._draw_card()
            up[j] = court[j] is not None
            new.append(court[j])
        self.log(ev.NewClues, player, tuple(c for c in new if c is not None))

    def _retire(self, player: int) -> None:
        """Out of the game: his clues go under the pile, his suspect is free again."""
        self.retired[player] = True
        self.pile.cards[0:0] = [c for c in self.court[player] if c is not None]
        self.court[player] = [None] * len(self.court[player])
        self.face_up[player] = [False] * len(self.face_up[player])
        self.position[player] = None
        self.suspect[player] = None
        if self.philo_owner == player:
            self.philo_owner = None
        self.log(ev.Retired, player)
        if self.claimed[player] is not None:
            clue, self.claimed[player] = self.claimed[player], None
            self.claim_waits[player] = False
            self.discards.put(clue)
            self.top_barred = player
        if not self.active():
            self.finish(None, ALL_RETIRED)
            return
        self.todo = [["end_turn"]]

    def _try_conviction(self) -> None:
        player, rules = self.current, self.rules
        self.convicted_now = True
        correct = self.correct_in_play(player)
        self.log(ev.ConvictionTried, player, self.suspect[player], correct, rules.convict_correct)
        if correct >= rules.convict_correct:
            return self._win(player, correct)
        self.needs_more[player] = True
        self._ask(player, BEFORE_ROLL)

    def _check_proof(self, player: int) -> None:
        """A player who must prove the fallback number (or a child) wins as soon as he has it."""
        rules = self.rules
        if rules.children:
            needed = rules.children_win
        elif self.needs_more[player]:
            needed = rules.convict_fallback
        else:
            return
        correct = self.correct_in_play(player)
        if correct >= needed:
            self._win(player, correct)

    def _win(self, player: int, correct: int) -> None:
        self.log(ev.Won, player, self.suspect[player], correct)
        self._note_standing()  # the winning turn ends here
        self.finish(player, CONVICTED)

    # -- the end of a turn ---------------------------------------------------------
    def _note_standing(self) -> None:
        """The end of a turn: tell the lead tracker the case each seat has proved."""
        self.lead.update([self.correct_in_play(p) for p in range(self.n_players)])

    def _task_end_turn(self) -> None:
        self._note_standing()
        player = self.current
        if self.claim_waits[player]:
            self.claim_waits[player] = False  # claimed during this turn: it waits for his next one
        elif self.claimed[player] is not None and not self.on_clue_spot and not self.retired[player]:
            self._return_claim(player)
            self.todo.append(["end_turn"])
            return
        if self.extra_turn and not self.retired[player]:
            self.log(ev.ExtraTurn, player)
        else:
            self.current = self._next_player(player)
        self.todo.append(["start_turn"])

    def _next_player(self, player: int) -> int:
        for k in range(1, self.n_players + 1):
            nxt = (player + k) % self.n_players
            if not self.retired[nxt]:
                return nxt
        return player

    #: the question being asked (``phase``) -> the choices open to the player asked
    CHOICES = {BEFORE_ROLL: _before_roll_choices, NAMING: _naming_choices, TURNING_UP: _turn_up_choices,
               MOVING: _move_choices, BUMPING: _bumping_choices, PUSHING_ON: _push_on_choices,
               TURNING_DOWN: _turn_down_choices, DRAWING: _draw_choices, KEEPING: _keep_choices,
               DEMANDING: _demand_choices, CLAIMING: _claim_choices, PICKING: _pick_choices}

    # -- for simulations and saving ----------------------------------------------
    #: ``winner_suspect``: the suspect convicted, missing when nobody won
    RESULT_TYPES = {**BaseGame.RESULT_TYPES, "winner_suspect": "Int8", "declarations": "int32",
                    "successful": "int32", "retired": "int32", "bumps": "int32", "philo_vance": "bool",
                    "judge": "bool"}

    def result(self) -> dict:
        row = super().result()
        row.update(
            winner_suspect=None if self.winner is None else self.suspect[self.winner],
            declarations=self.declarations,
            successful=sum(self.declared),
            retired=sum(self.retired),
            bumps=self.bumps,
            philo_vance=self.philo_owner is not None or self.position[PHILO_VANCE] is not None,
            judge=self.judge,
        )
        row.update(self.lead.columns(self.winner))
        return row

    def to_dict(self) -> dict:
        """Everything needed to carry on later, as JSON-safe data.

        A snapshot: nothing in it is one of the game's own lists, so playing on
        never changes a save already taken.
        """
        state = {
            "game": "philo_vance", "rules": self.rules.to_dict(), "n_players": self.n_players, "seed": self.seed,
            "chance": self.chance.to_dict(), "turns": self.turns, "winner": self.winner,
            "end_reason": self.end_reason,
            "pile": list(self.pile.cards), "discards": list(self.discards.cards),
            "position": {str(k): v for k, v in self.position.items()},
            "court": self.court, "face_up": self.face_up, "hand": self.hand, "suspect": self.suspect,
            "declared": self.declared, "failures": self.failures, "needs_more": self.needs_more,
            "retired": self.retired, "claimed": self.claimed, "claim_waits": self.claim_waits,
            "top_barred": self.top_barred,
            "philo_owner": self.philo_owner, "judge": self.judge, "current": self.current,
            "white": self.white, "coloured": self.coloured, "phase": self.phase, "decider": self.decider,
            "todo": self.todo, "drawn": self.drawn, "keep_only": self.keep_only, "arresting": self.arresting,
            "named": self.named, "moving_piece": self.moving_piece, "chain": self.chain, "victim": self.victim,
            "claim_offer": self.claim_offer,
            "this_turn": [self.declared_now, self.convicted_now, self.on_clue_spot, self.extra_turn],
            "verdicts": [[p, s, list(named), ok] for p, s, named, ok in self.verdicts],
            "counts": {"declarations": self.declarations, "bumps": self.bumps, "first_x_turn": self.first_x_turn},
            "lead": self.lead.to_dict(),
        }
        state = copy.deepcopy(state)  # the lists above are the game's own (court, todo, chain, ...)
        state["events"] = None if self.events is None else [event_to_dict(e) for e in self.events]
        return state

    @classmethod
    def from_dict(cls, data: dict) -> "Game":
        """Restore a game saved with ``to_dict``; anything malformed raises ValueError."""
        from .saving import load_game
        return load_game(cls, data)

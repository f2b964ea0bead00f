"""Bots for Philo Vance.  A bot answers ``choose(game, actions, chance)``.

``chance`` is the game's own source of randomness, so bot games replay
exactly from their seed.  A bot sees what a player at the table sees: the
board, every court card's face-up clues, the verdicts called aloud, and its own
confirmation card once a failed conviction turned it face up; never the
secret cards.
"""
from __future__ import annotations

from boardkit.core.bots import Random  # noqa: F401 (any legal action, equally likely)

from . import analysis
from .analysis import chance_at_least
from .actions import CLAIM, CONVICT, DISCARD, DRAW, NO_BUMP, PASS, QUEUE, Arrest, Keep, Move, Name, TurnDown, TurnUp
from .game import (BEFORE_ROLL, BUMPING, CLAIMING, DEMANDING, DRAWING, KEEPING, MOVING, NAMING, PICKING,
                   PUSHING_ON, TURNING_DOWN, TURNING_UP)


def space_score(board, space: int, has_court: bool) -> float:
    """How much a Detective likes to stop on a space: X or a green arrow most
    (100), then, once it has clues to swap, a red clue spot (50); and the fewer
    steps from X the better (minus one per step)."""
    if space == board.x or space in board.arrows:
        return 100.0
    steps = board.distances_from(board.x)[space]  # the same both ways along two-way paths
    bonus = 50.0 if has_court and space in board.red_spots else 0.0
    return bonus - (steps if steps is not None else 99)


def space_scores(board, has_court: bool) -> tuple:
    """:func:`space_score` of every space of the board, in space order."""
    return tuple(space_score(board, space, has_court) for space in range(len(board.spaces)))


class Detective:
    """Reasons like a detective with a notebook of beliefs (see :class:`~.analysis.KnowledgeGrid`).

    * It starts from the beliefs the clue texts give (:func:`~.analysis.prior_beliefs`)
      and updates them after every verdict it hears (anybody's arrest:
      :func:`~.analysis.update_on_verdict`), and learns its own card exactly once a failed
      conviction (or the children's game) shows it.
    * Its *target* is its committed suspect, or else the free suspect its
      face-up clues fit best (the most clues expected on the card).
    * It arrests when the chance of a Successful Declaration with the best 6
      clues (its likeliest ones) is at least ``boldness`` (``last_try_boldness``
      on an attempt that would retire it), and tries to convict when the chance
      of enough correct clues is at least ``boldness``.
    * It always draws on a red clue spot, turns a clue up when the dice allow
      (after doubles the one likeliest on its target's card) and moves Philo Vance when it can:
      a clue drawn may be discarded, and a face-up clue only helps its case.
    * It keeps a drawn clue when it is likelier on the target's card than its
      weakest clue (a repeat or a face-down clue counts as weak), claims
      discards on the same test, and moves to X, a green arrow or a clue spot
      when it can, else as close to the living room as it can.
    * It bumps rivals onto X when it can (the Radio Car for them), never its own
      pieces, and turns down the rival's clue likeliest for the rival's suspect.

    One Detective may play several seats: every seat hears the same verdicts, and
    each seat knows only its own card.
    """

    name = "Detective"

    def __init__(self, boldness: float = 0.6, last_try_boldness: float = 0.85):
        self.boldness = boldness
        self.last_try_boldness = last_try_boldness
        self._game = None  # the game its notebook is about

    def __repr__(self):
        return f"Detective(boldness={self.boldness}, last_try_boldness={self.last_try_boldness})"

    def choose(self, game, actions, chance):
        """Its answer to the question being asked (``ANSWERS``, at the end of the class)."""
        self._hear_verdicts(game)
        return self.ANSWERS[game.phase](self, game, game.decider, actions)

    # -- what it knows -------------------------------------------------------------------
    def _hear_verdicts(self, game) -> None:
        """Keep its notebook up to date: a new game opens a new one (the beliefs the clue
        texts give, one row per suspect), and every verdict called aloud since it last
        looked updates the arrested suspect's row."""
        if self._game is not game:
            prior = analysis.prior_beliefs(card_size=len(game.rules.cards[0]))
            self._game, self._notebook, self._heard, self._plan = game, prior.tolist(), 0, []
        for _, suspect, named, successful in game.verdicts[self._heard:]:
            row = analysis.update_on_verdict(self._notebook[suspect], named, successful, game.rules.declare_correct)
            self._notebook[suspect] = row.tolist()
        self._heard = len(game.verdicts)

    def _beliefs(self, game, player: int) -> list:
        """What seat ``player`` believes, one row per suspect: the notebook, with the seat's own
        card known exactly once it lies face up (after a failed conviction; the children's game)."""
        suspect = game.suspect[player]
        if suspect is None or not (game.needs_more[player] or game.rules.children):
            return self._notebook
        rows = list(self._notebook)
        rows[suspect] = analysis.update_on_card_seen(rows[suspect], game.rules.cards[suspect]).tolist()
        return rows

    def _target(self, game, player: int, rows: list) -> int:
        """The suspect ``player`` is building a case against."""
        if game.suspect[player] is not None:
            return game.suspect[player]
        held = game.clues_in_play(player)
        return max(game.free_suspects(player), key=lambda s: (sum(rows[s][c] for c in held), -s))

    @staticmethod
    def _weakest(places, up, row) -> tuple[int, float]:
        """The place (0-based) holding the clue worth least to the case, and its worth."""
        seen, best = set(), (0, 2.0)
        for slot, clue in enumerate(places):
            if clue is None:
                worth = -1.0
            elif clue in seen:
                worth = 0.0  # a repeat counts once
            else:
                seen.add(clue)
                worth = row[clue] * (1.0 if up is None or up[slot] else 0.5)
            if worth < best[1]:
                best = (slot, worth)
        return best

    def _wants(self, game, player: int, clue: int, margin: float) -> tuple[bool, int]:
        """Does it want ``clue`` (a clue drawn or offered)?  Only if the clue is not in play
        already (it counts once) and is likelier on its target's card than its weakest clue
        by more than ``margin``.  Returns (wants it, the weakest place)."""
        rows = self._beliefs(game, player)
        row = rows[self._target(game, player, rows)]
        if game.rules.children:
            slot, weakest = self._weakest(game.hand[player], None, row)
        else:
            slot, weakest = self._weakest(game.court[player], game.face_up[player], row)
        return clue not in game.clues_in_play(player) and row[clue] > weakest + margin, slot

    # -- its answer to each question ----------------------------------------------------------
    def _claim(self, game, player, actions):
        clue = game.claim_offer[0]
        if clue in game.clues_in_play(player):
            return PASS  # it shows that clue already: a second one counts for nothing
        wants, _ = self._wants(game, player, clue, margin=0.1)
        return CLAIM if wants else PASS

    def _keep(self, game, player, actions):
        wants, slot = self._wants(game, player, game.drawn, margin=0.0)
        return Keep(slot + 1) if wants or game.keep_only else DISCARD  # a demanded clue must be kept

    def _before_roll(self, game, player, actions):
        rules, rows = game.rules, self._beliefs(game, player)
        if CONVICT in actions:
            # summed in the order the fast lane follows (a frozenset's; a sum of floats depends on its order)
            held = frozenset(game.clues_in_play(player))
            row = rows[game.suspect[player]]
            if chance_at_least([row[c] for c in held], rules.convict_correct) >= self.boldness:
                return CONVICT
        suspects = [a.suspect for a in actions if type(a) is Arrest]
        if suspects:
            suspect, named, odds = self._best_arrest(game, player, suspects, rows)
            limit = rules.retire_after_failures
            last_try = limit is not None and game.failures[player] == limit - 1
            if odds >= (self.last_try_boldness if last_try else self.boldness):
                self._plan = list(named)
                return Arrest(suspect)
        return actions[0]

    def _best_arrest(self, game, player, suspects, rows) -> tuple:
        """The suspect and the 6 held clues likeliest to make a Successful Declaration, and its odds.

        For each suspect the likeliest clues are the best to name (see
        :func:`.analysis.top_k_declaration`); the exact odds are worked out
        only for the two suspects whose likeliest clues add up to most.
        """
        k, need = game.rules.named_clues, game.rules.declare_correct
        held = sorted(game.clues_in_play(player))
        # the sum of each suspect's k likeliest held clues: the two best get their exact odds
        top = {s: sum(sorted((rows[s][c] for c in held), reverse=True)[:k]) for s in suspects}
        odds = {}
        for s in sorted(suspects, key=lambda s: -top[s])[:2]:
            named = sorted(held, key=lambda c: -rows[s][c])[:k]
            odds[s] = (chance_at_least([rows[s][c] for c in named], need), named)
        best = max(odds, key=lambda s: (odds[s][0], -s))
        return best, odds[best][1], odds[best][0]

    def _name(self, game, player, actions):
        for clue in self._plan:
            if Name(clue) in actions:
                self._plan.remove(clue)
                return Name(clue)
        row = self._beliefs(game, player)[game.arresting]
        return max(actions, key=lambda a: row[a.clue])

    def _turn_up(self, game, player, actions):
        rows = self._beliefs(game, player)
        row = rows[self._target(game, player, rows)]
        ups = [a for a in actions if type(a) is TurnUp]
        return max(ups, key=lambda a: row[game.court[player][a.juror - 1]])

    def _move(self, game, player, actions):
        moves = [a for a in actions if type(a) is Move]
        return max(moves, key=lambda a: space_score(game.board, a.space, game.has_court(player)))

    def _draw(self, game, player, actions):
        return DRAW

    def _bump(self, game, player, actions):
        rivals = [a for a in actions if a != NO_BUMP and game.owner(a.piece) not in (player, None)]
        if not rivals:
            return NO_BUMP
        board = game.board
        to_queue = [a for a in rivals if a.to == QUEUE or a.to == board.x or a.to in board.arrows]
        if to_queue:
            return to_queue[0]
        quiet = [a for a in rivals if a.to not in board.red_spots]  # don't hand them a clue
        return (quiet or rivals)[0]

    def _turn_down(self, game, player, actions):
        downs = [a for a in actions if type(a) is TurnDown]
        if not downs:
            return actions[-1]
        victim, rows = game.victim, self._beliefs(game, player)
        row = rows[self._target(game, victim, rows)]
        return max(downs, key=lambda a: row[game.court[victim][a.juror - 1]])

    def _demand(self, game, player, actions):
        return actions[0]  # a clue it needs (Draw comes last)

    def _pick(self, game, player, actions):
        copies = game.rules.deck
        return max(actions, key=lambda a: sum(copies[c] for c in game.rules.cards[a.suspect]))

    def _push_on(self, game, player, actions):
        return actions[0]  # pushing on down a line: any way will do

    #: the question being asked (``game.phase``) -> how a Detective answers it
    ANSWERS = {BEFORE_ROLL: _before_roll, NAMING: _name, TURNING_UP: _turn_up, MOVING: _move, BUMPING: _bump,
               PUSHING_ON: _push_on, TURNING_DOWN: _turn_down, DRAWING: _draw, KEEPING: _keep, DEMANDING: _demand,
               CLAIMING: _claim, PICKING: _pick}

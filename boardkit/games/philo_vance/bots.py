"""Bots for Philo Vance.  A bot answers ``choose(game, actions, chance)``.

``chance`` is the game's own source of randomness, so bot games replay
exactly from their seed.  A bot sees what a player at the table sees: the
board, every court card's face-up clues, the verdicts called aloud, and its own
confirmation card once a failed conviction turned it face up; never the
secret cards.
"""
from __future__ import annotations

import functools
import weakref

import numpy as np

from boardkit.core.bots import Random  # noqa: F401 (any legal action, equally likely)

from . import analysis
from .analysis import chance_at_least
from .actions import CLAIM, CONVICT, DISCARD, DRAW, NO_BUMP, PASS, QUEUE, Arrest, Keep, Move, Name, TurnDown, TurnUp
from .game import (BEFORE_ROLL, BUMPING, CLAIMING, DEMANDING, DRAWING, KEEPING, MOVING, NAMING, PICKING,
                   TURNING_DOWN, TURNING_UP)
from .rules import PHILO_VANCE


@functools.lru_cache(maxsize=8)
def _prior(card_size: int) -> np.ndarray:
    return analysis.prior_beliefs(card_size=card_size)


@functools.lru_cache(maxsize=16)
def space_scores(board, has_court: bool) -> tuple:
    """How much a Detective likes to stop on each space: X or a green arrow most
    (100), then, once it has clues to swap, a red clue spot (50); and the fewer
    steps from X the better (minus one per step)."""
    to_x = board.distances_from(board.x)  # the same both ways along two-way paths
    scores = []
    for space in range(len(board.spaces)):
        if space == board.x or space in board.arrows:
            scores.append(100.0)
        else:
            bonus = 50.0 if (has_court and space in board.red_spots) else 0.0
            scores.append(bonus - (to_x[space] if to_x[space] is not None else 99))
    return tuple(scores)


#: game -> what the whole table knows: [verdicts heard, KnowledgeGrid, its rows as plain lists]
_TABLE = weakref.WeakKeyDictionary()


def table_knowledge(game) -> list:
    """The beliefs every player at the table shares: the clue texts' prior, updated by
    every verdict called aloud so far.  Worked out once per game for all the Detectives."""
    known = _TABLE.get(game)
    if known is None:
        grid = analysis.KnowledgeGrid(_prior(len(game.rules.cards[0])))
        known = _TABLE[game] = [0, grid, grid.beliefs.tolist()]
    heard, grid, _ = known
    if len(game.verdicts) > heard:
        need = game.rules.declare_correct
        for _, suspect, named, successful in game.verdicts[heard:]:
            grid.on_declaration(suspect, named, successful, need)
        known[0], known[2] = len(game.verdicts), grid.beliefs.tolist()
    return known


class Detective:
    """Reasons like a detective with a :class:`~.analysis.KnowledgeGrid`.

    * It starts from the beliefs the clue texts give (:func:`~.analysis.prior_beliefs`)
      and updates them after every verdict it hears (anybody's arrest: see
      :func:`table_knowledge`), and learns its own card exactly once a failed
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
    """

    name = "Detective"

    def __init__(self, boldness: float = 0.6, last_try_boldness: float = 0.85):
        self.boldness = boldness
        self.last_try_boldness = last_try_boldness
        self._game = None

    def __repr__(self):
        return f"Detective(boldness={self.boldness}, last_try_boldness={self.last_try_boldness})"

    # -- keeping up with the table -------------------------------------------------
    def _catch_up(self, game, player: int) -> None:
        """Hear the new verdicts; read its own card once it is face up.  (One Detective may play
        several seats: each seat knows only its own card.)"""
        card_seen = (game.needs_more[player] or game.rules.children) and game.suspect[player] is not None
        if (self._game is game and self._heard == len(game.verdicts) and self._card_seen == card_seen
                and self._seat == player):
            return  # nothing new
        if self._game is not game:
            self._game, self._plan, self._thoughts = game, [], {}
        heard, grid, rows = table_knowledge(game)
        if card_seen:  # its own copy of the table's beliefs, with its card's row known exactly
            suspect = game.suspect[player]
            rows = list(rows)
            rows[suspect] = analysis.update_on_card_seen(grid.beliefs[suspect], game.rules.cards[suspect]).tolist()
        self._heard, self._card_seen, self._seat, self._rows = heard, card_seen, player, rows

    def _think(self, game, player: int) -> tuple:
        """(target suspect, its beliefs row, weakest place, its worth, clues in play),
        worked out again only when its cards or the verdicts change."""
        places = game.hand[player] if game.rules.children else game.court[player]
        up = None if game.rules.children else game.face_up[player]
        key = (player, self._heard, self._card_seen, game.suspect[player], tuple(places), up and tuple(up))
        thought = self._thoughts.get(key)
        if thought is None:
            target = self._target(game, player)
            row = self._rows[target]
            slot, worth = self._weakest(places, up, row)
            thought = self._thoughts[key] = (target, row, slot, worth, game.clues_in_play(player))
        return thought

    def _target(self, game, player: int) -> int:
        """The suspect this detective is building a case against."""
        if game.suspect[player] is not None:
            return game.suspect[player]
        held = game.clues_in_play(player)
        rows = self._rows
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

    # -- choosing ----------------------------------------------------------------------
    def choose(self, game, actions, chance):
        player = game.decider
        self._catch_up(game, player)
        phase = game.phase
        if phase == CLAIMING:
            _, row, _, weakest, in_play = self._think(game, player)
            clue = game.claim_offer[0]
            return CLAIM if clue not in in_play and row[clue] > weakest + 0.1 else PASS
        if phase == KEEPING:
            _, row, slot, weakest, in_play = self._think(game, player)
            clue = game.drawn  # worth nothing if the same clue is already in play (it counts once)
            if game.keep_only or (clue not in in_play and row[clue] > weakest):
                return Keep(slot + 1)
            return DISCARD
        if phase == MOVING:
            return self._move(game, player, actions)
        if phase == DRAWING:
            return DRAW
        if phase == BEFORE_ROLL:
            return self._before_roll(game, player, actions)
        if phase == NAMING:
            return self._name(game, actions)
        if phase == BUMPING:
            return self._bump(game, player, actions)
        if phase == TURNING_DOWN:
            return self._turn_down(game, actions)
        if phase == TURNING_UP:
            row = self._think(game, player)[1]
            ups = [a for a in actions if type(a) is TurnUp]
            return max(ups, key=lambda a: row[game.court[player][a.juror - 1]])
        if phase == DEMANDING:
            return actions[0]  # a clue it needs (Draw comes last)
        if phase == PICKING:
            copies = game.rules.deck
            return max(actions, key=lambda a: sum(copies[c] for c in game.rules.cards[a.suspect]))
        return actions[0]  # pushing on down a line: any way will do

    def _before_roll(self, game, player, actions):
        rules = game.rules
        if CONVICT in actions:
            held = frozenset(game.clues_in_play(player))
            key = ("convict", player, self._heard, held)
            if key not in self._thoughts:
                row = self._rows[game.suspect[player]]
                self._thoughts[key] = chance_at_least([row[c] for c in held], rules.convict_correct)
            if self._thoughts[key] >= self.boldness:
                return CONVICT
        if len(actions) > 1 and type(actions[1]) is Arrest:
            suspect, named, odds = self._best_arrest(game, player, [a.suspect for a in actions[1:]
                                                                    if type(a) is Arrest])
            limit = rules.retire_after_failures
            last_try = limit is not None and game.failures[player] == limit - 1
            if odds >= (self.last_try_boldness if last_try else self.boldness):
                self._plan = list(named)
                return Arrest(suspect)
        return actions[0]

    def _best_arrest(self, game, player, suspects) -> tuple:
        """The suspect and the 6 held clues likeliest to make a Successful Declaration.

        For each suspect the likeliest clues are the best to name (see
        :func:`.analysis.top_k_declaration`); the exact odds are worked out
        only for the two suspects whose likeliest clues add up to most.
        """
        rules, rows = game.rules, self._rows
        held = sorted(game.clues_in_play(player))
        key = ("arrest", player, self._heard, tuple(held), tuple(suspects))
        if key not in self._thoughts:
            k = rules.named_clues
            # the sum of each suspect's k likeliest held clues: the two best get their exact odds
            top = {s: sum(sorted((rows[s][c] for c in held), reverse=True)[:k]) for s in suspects}
            odds = {}
            for s in sorted(suspects, key=lambda s: -top[s])[:2]:
                named = sorted(held, key=lambda c: -rows[s][c])[:k]
                odds[s] = (chance_at_least([rows[s][c] for c in named], rules.declare_correct), named)
            best = max(odds, key=lambda s: (odds[s][0], -s))
            self._thoughts[key] = (best, odds[best][1], odds[best][0])
        return self._thoughts[key]

    def _name(self, game, actions):
        for clue in self._plan:
            if Name(clue) in actions:
                self._plan.remove(clue)
                return Name(clue)
        row = self._rows[game.arresting]
        return max(actions, key=lambda a: row[a.clue])

    def _move(self, game, player, actions):
        scores = space_scores(game.board, game.has_court(player))
        moves = [a for a in actions if type(a) is Move]
        return max(moves, key=lambda action: scores[action.space])

    def _bump(self, game, player, actions):
        owner = {piece: (game.philo_owner if piece == PHILO_VANCE else piece) for piece in game.position}
        rivals = [a for a in actions if a != NO_BUMP and owner[a.piece] not in (player, None)]
        if not rivals:
            return NO_BUMP
        board = game.board
        to_queue = [a for a in rivals if a.to == QUEUE or a.to == board.x or a.to in board.arrows]
        if to_queue:
            return to_queue[0]
        quiet = [a for a in rivals if a.to not in board.red_spots]  # don't hand them a clue
        return (quiet or rivals)[0]

    def _turn_down(self, game, actions):
        victim = game.victim
        downs = [a for a in actions if type(a) is TurnDown]
        if not downs:
            return actions[-1]
        suspect = game.suspect[victim] if game.suspect[victim] is not None else self._target(game, victim)
        row = self._rows[suspect]
        return max(downs, key=lambda a: row[game.court[victim][a.juror - 1]])

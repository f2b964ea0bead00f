"""A game of Win, Lose or Draw: the card box, whose sketch it is, guesses, scores and pawns.

The drawing and the shouting happen at the table (or on the App's sketch
pad); the model keeps everything the rules decide.  Each card goes through
these *phases* (``game.phase``), each a decision of ``current_player``:

``"pick"``    Team Play with ``team_picks_sketcher``: the team's first seat picks its Sketcher.
``"place"``   Gameboard Play, first card: the Sketcher puts the white pawn on a Spade Space.
``"sketch"``  The Sketcher draws; the table answers ``Award(seats)`` (they guessed it) or
              ``TimeUp()``.  Typed guesses arrive through :meth:`Game.guess` meanwhile.
``"ruling"``  A typed guess waits for the Sketcher: ``Confirm()`` the matcher or ``Overrule()`` it.
``"steal"``   Team Play, after a miss: the other team's one guess -- ``Award`` or ``TimeUp``
              (decided by that team's first seat, its voice).
``"take"``    Gameboard Play: a correct Guesser takes a pawn of a colour she lacks (``TakePawn``).
``"roll"``    Gameboard Play: the successful Sketcher rolls and moves the white pawn (``ROLL``).

Team Play always hands the next card to the other team.  In Gameboard Play
the next Sketcher is the player to the left (seat + 1); an unguessed card
stays in play, and nobody who has sketched it may guess it, until nobody is
left to guess it.

In Team Play ``winner`` is the winning *team*: 0 for team A (seats 0, 2, 4,
...), 1 for team B (seats 1, 3, 5, ...).  In Gameboard Play it is a seat.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from boardkit.core import BaseGame
from boardkit.core.actions import ROLL
from boardkit.core.events import NothingHappens, Rolled, TurnCap
from boardkit.core.lead import LeadTracker

from .actions import CONFIRM, OVERRULE, TIME_UP, Award, PickSketcher, PlacePawn, TakePawn
from .card_box import load_cards
from .events import (
    AceWon, CardDone, CardStays, Guessed, GuessTyped, PawnMoved, PawnPlaced, PawnTaken, Ruled, Scored,
    SketchStarted, StealOpen, TeamsRolled, TeamWon, TimeRanOut,
)
from .guessing import MAX_GUESS, judge_guess
from .rules import TEAM, Rules
from .track import COLOURS, SPADE

PHASES = ("pick", "place", "sketch", "ruling", "steal", "take", "roll")
A_SIDE, B_SIDE = 0, 1


@lru_cache(maxsize=1)
def catalogue():
    """Every item of the packaged card box (``data/cards.csv``), in file order; saves refer to them by index."""
    return load_cards()


def box_items(rules: Rules) -> list[int]:
    """The items of the card box in play (those of ``rules.categories``), by catalogue index, unshuffled."""
    wanted = set(rules.categories)
    return [i for i, card in enumerate(catalogue()) if card.category in wanted]


class Game(BaseGame):
    """One game of Win, Lose or Draw.  See the module docstring for the phases."""

    def __init__(self, rules: Rules | None = None, n_players: int = 4, seed: int | None = None,
                 record_events: bool = True, chance=None):
        rules = Rules() if rules is None else rules
        super().__init__(rules, n_players, seed, record_events, chance)
        self.box = self._new_box()
        self.phase = "sketch"
        self.sketcher = 0
        #: seats who sketched the front card without success (Gameboard Play), in order
        self.seen_by: list[int] = []
        #: seats who may guess the card now
        self.guessers: tuple = ()
        #: a typed guess waiting for the Sketcher's ruling: (guesser, matcher said correct, during a steal)
        self.pending: tuple | None = None
        self.cards_done = 0
        self.steals = 0
        # Team Play
        self.team_scores = [0, 0]
        self.sketches_by = [0] * n_players
        self.turn_team = 0
        self.first_team = 0
        # Gameboard Play
        self.held: list[list[str]] = [[] for _ in range(n_players)]
        self.centre = {colour: rules.pawns_per_colour for colour in COLOURS}
        self.white_pawn: int | None = None
        self.takers: list[int] = []
        self.ace_hopefuls: list[int] = []
        self.lead = LeadTracker(2 if rules.play == TEAM else n_players)
        self._start()

    # -- who is who ------------------------------------------------------------
    @property
    def is_team_play(self) -> bool:
        return self.rules.play == TEAM

    def team_of(self, seat: int) -> int:
        """Team Play: 0 (team A) for even seats, 1 (team B) for odd ones."""
        return seat % 2

    def members(self, team: int) -> list[int]:
        return list(range(team, self.n_players, 2))

    @property
    def may_guess(self) -> tuple:
        """The seats who may guess now: the card's Guessers while it is sketched, the stealing team in a
        steal, nobody otherwise (a ruling, pawns, the die, or the game over)."""
        if self.is_over:
            return ()
        if self.phase == "steal":
            return tuple(self.members(1 - self.turn_team))
        return self.guessers if self.phase == "sketch" else ()

    @property
    def current_player(self) -> int | None:
        if self.is_over:
            return None
        if self.phase == "pick":
            return self.members(self.turn_team)[0]
        if self.phase == "steal":
            return self.members(1 - self.turn_team)[0]
        if self.phase == "take":
            return self.takers[0]
        return self.sketcher

    # -- the card box ----------------------------------------------------------
    def _new_box(self) -> list[list[int]]:
        """The shuffled box: cards of two items [A item, B item, side up], front card first."""
        items = box_items(self.rules)
        self.chance.shuffle(items)
        return [[items[i], items[i + 1], A_SIDE] for i in range(0, len(items) - 1, 2)]

    @property
    def card(self):
        """The item on the front card, being sketched now (a :class:`~.card_box.Card`): secret to the Guessers."""
        front = self.box[0]
        return catalogue()[front[front[2]]]

    def _card_to_back(self) -> None:
        """The new Sketcher moves the front card to the back, flipped to its other section."""
        front = self.box.pop(0)
        front[2] = 1 - front[2]
        self.box.append(front)

    # -- starting and sketching --------------------------------------------------
    def _start(self) -> None:
        if self.is_team_play:
            rolls = []
            while True:
                a, b = self.chance.roll(6), self.chance.roll(6)
                rolls.append((a, b))
                if a != b:
                    break
            self.first_team = self.turn_team = 0 if a > b else 1
            self.log(TeamsRolled, None, tuple(rolls), self.first_team)
            self._next_team_turn()
        else:
            self.sketcher = 0
            self.phase = "place"

    def _next_team_turn(self) -> None:
        """Team Play: the team whose turn it is chooses or rotates to its next Sketcher."""
        if self.rules.team_picks_sketcher:
            self.phase = "pick"
        else:
            self._begin_sketch(self._least_sketched(self.turn_team)[0])

    def _least_sketched(self, team: int) -> list[int]:
        """The team's members who have sketched the fewest times (the rotation's next)."""
        members = self.members(team)
        fewest = min(self.sketches_by[s] for s in members)
        return [s for s in members if self.sketches_by[s] == fewest]

    def _begin_sketch(self, sketcher: int) -> None:
        self.sketcher = sketcher
        self.phase = "sketch"
        if self.is_team_play:
            self.guessers = tuple(s for s in self.members(self.team_of(sketcher)) if s != sketcher)
        else:
            self.guessers = tuple(s for s in self._from_left_of(sketcher) if s not in self.seen_by)
        self.log(SketchStarted, sketcher, self.card.category, self.guessers, len(self.seen_by))

    def _from_left_of(self, seat: int) -> list[int]:
        """The other seats in turn order, starting with the one to ``seat``'s left."""
        return [(seat + k) % self.n_players for k in range(1, self.n_players)]

    # -- the decisions -------------------------------------------------------------
    def _legal_actions(self) -> list:
        return self.CHOICES[self.phase](self)

    def _apply(self, action) -> None:
        self.OUTCOMES[self.phase](self, action)

    def _sketch_choices(self) -> list:
        """The Guessers who may get it (in Gameboard Play several at once, a tie), or time's up."""
        singles = [Award((s,)) for s in self.guessers]
        ties = [] if self.is_team_play else [
            Award(group) for size in range(2, len(self.guessers) + 1)
            for group in combinations(sorted(self.guessers), size)]
        return singles + ties + [TIME_UP]

    def _sketched(self, action) -> None:
        if action == TIME_UP:
            self._missed()
        else:
            self._guessed(action.seats, stolen=False)

    def _ruling_choices(self) -> list:
        return [CONFIRM, OVERRULE]

    def _ruled(self, action) -> None:
        self._rule(overrule=action == OVERRULE)

    def _steal_choices(self) -> list:
        return [Award((s,)) for s in self.may_guess] + [TIME_UP]

    def _stolen(self, action) -> None:
        if action == TIME_UP:
            self.log(TimeRanOut, self.sketcher, True)
            self._card_finished(guessed=False)
        else:
            self._guessed(action.seats, stolen=True)

    def _take_choices(self) -> list:
        return [TakePawn(c) for c in self._can_take(self.takers[0])]

    def _taken(self, action) -> None:
        self._take(self.takers.pop(0), action.colour, as_sketcher=False)
        self._next_taker()

    def _roll_choices(self) -> list:
        return [ROLL]

    def _rolled(self, action) -> None:
        self._roll()

    def _place_choices(self) -> list:
        return [PlacePawn(i) for i, kind in enumerate(self.rules.track) if kind == SPADE]

    def _placed(self, action) -> None:
        self.white_pawn = action.space
        self.log(PawnPlaced, self.sketcher, action.space)
        self._begin_sketch(self.sketcher)

    def _pick_choices(self) -> list:
        return [PickSketcher(s) for s in self._least_sketched(self.turn_team)]

    def _picked(self, action) -> None:
        self._begin_sketch(action.player)

    #: each phase's choices, and what the choice made does
    CHOICES = {"pick": _pick_choices, "place": _place_choices, "sketch": _sketch_choices,
               "ruling": _ruling_choices, "steal": _steal_choices, "take": _take_choices, "roll": _roll_choices}
    OUTCOMES = {"pick": _picked, "place": _placed, "sketch": _sketched, "ruling": _ruled, "steal": _stolen,
                "take": _taken, "roll": _rolled}

    # -- typed guesses ---------------------------------------------------------------
    def guess(self, seat: int, text: str):
        """A Guesser at ``seat`` types ``text``.  Returns the matcher's :class:`~.guessing.Verdict`.

        Allowed while a card is being sketched (for its Guessers) or during a
        steal (for the stealing team, one guess).  A guess the matcher finds
        right -- and any stealing guess -- waits for the Sketcher's ruling.
        Anything else raises ValueError and changes nothing.  The text is
        only compared with the answer, never run or used as a path.
        """
        if not isinstance(text, str):
            raise ValueError(f"text must be the guess as a string, got {text!r}")
        if self.is_over:
            raise ValueError(f"nobody can guess now: the game is over ({self.end_reason})")
        allowed = self.may_guess
        if not allowed:
            raise ValueError(f"nobody can guess now: the game is in its {self.phase!r} phase")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in allowed:
            raise ValueError(f"seat={seat!r} may not guess now; the seats who may: {list(allowed)}")
        text = " ".join(text.split())[:MAX_GUESS]
        if not text:
            raise ValueError("text='' is not a guess: type some words")
        verdict = judge_guess(text, self.card, partial=self.rules.partial_answers,
                              threshold=self.rules.match_threshold)
        self.log(GuessTyped, seat, text, verdict.correct, round(float(verdict.score), 1), verdict.parts)
        if verdict.correct or self.phase == "steal":
            self.pending = (seat, verdict.correct, self.phase == "steal")
            self.phase = "ruling"
            self._legal = None
        return verdict

    def _rule(self, overrule: bool) -> None:
        guesser, matcher_says, during_steal = self.pending
        correct = matcher_says != overrule
        self.pending = None
        self.phase = "steal" if during_steal else "sketch"
        self.log(Ruled, self.sketcher, guesser, correct, overrule)
        if correct:
            self._guessed((guesser,), stolen=during_steal)
        elif during_steal:
            self.log(TimeRanOut, self.sketcher, True)
            self._card_finished(guessed=False)
        # else a wrong guess during the sketch: keep guessing

    # -- outcomes of a sketch ---------------------------------------------------------
    def _guessed(self, seats: tuple, stolen: bool) -> None:
        self.log(Guessed, self.sketcher, seats, stolen)
        if self.is_team_play:
            team = self.team_of(seats[0])
            self.team_scores[team] += 1
            self.steals += stolen
            self.log(Scored, None, team, self.team_scores[team])
            self.lead.update(self.team_scores)
            self._card_finished(guessed=True)
            return
        order = [s for s in self._from_left_of(self.sketcher) if s in seats]
        enough = self.rules.colours_to_collect
        self.ace_hopefuls = [s for s in order if len(self.held[s]) >= enough]
        self.takers = [s for s in order if len(self.held[s]) < enough]
        self._next_taker()

    def _missed(self) -> None:
        self.log(TimeRanOut, self.sketcher, False)
        if self.is_team_play:
            if self.rules.steal:
                self.phase = "steal"
                self.log(StealOpen, None, 1 - self.turn_team, self.rules.steal_seconds)
            else:
                self._card_finished(guessed=False)
            return
        self.seen_by.append(self.sketcher)
        self.turns += 1
        next_sketcher = (self.sketcher + 1) % self.n_players
        if all(s in self.seen_by for s in self._from_left_of(next_sketcher)):
            self._card_finished(guessed=False, counted=True)    # nobody is left to guess it
            return
        self.log(CardStays, next_sketcher)
        if not self._capped():
            self._begin_sketch(next_sketcher)

    def _card_finished(self, guessed: bool, counted: bool = False) -> None:
        """The card leaves play: show its answer, move it to the back, hand over to the next Sketcher."""
        card = self.card
        self.log(CardDone, None, card.category, card.answer, guessed)
        self.cards_done += 1
        if not counted:
            self.turns += 1
        self.seen_by = []
        self._card_to_back()
        if self.is_team_play:
            self.sketches_by[self.sketcher] += 1
            for team in (0, 1):
                if self.team_scores[team] >= self.rules.team_target:
                    self.log(TeamWon, None, team, self.team_scores[team])
                    self.finish(team, "target")
                    return
            if self._capped():
                return
            self.turn_team = 1 - self.turn_team
            self._next_team_turn()
        elif not self._capped():
            self._begin_sketch((self.sketcher + 1) % self.n_players)

    def _capped(self) -> bool:
        if self.turns >= self.rules.max_sketches:
            self.log(TurnCap, None, self.turns)
            self.finish(None, "sketch cap")
            return True
        return False

    # -- Gameboard Play: pawns --------------------------------------------------------
    def _can_take(self, seat: int) -> list[str]:
        """Colours ``seat`` lacks that are still in the centre."""
        return [c for c in COLOURS if c not in self.held[seat] and self.centre[c] > 0]

    def _next_taker(self) -> None:
        """The next correct Guesser takes a pawn (one who can't is skipped); then the Sketcher rolls."""
        while self.takers and not self._can_take(self.takers[0]):
            self.log(NothingHappens, self.takers.pop(0), "no pawn of a colour she lacks is left to take.")
        self.phase = "take" if self.takers else "roll"

    def _take(self, seat: int, colour: str, as_sketcher: bool) -> None:
        self.held[seat].append(colour)
        self.held[seat].sort(key=COLOURS.index)
        self.centre[colour] -= 1
        self.log(PawnTaken, seat, colour, as_sketcher)
        self.lead.update([len(h) for h in self.held])

    def _roll(self) -> None:
        sketcher, track = self.sketcher, self.rules.track
        value = self.chance.roll(self.rules.die_sides)
        self.log(Rolled, sketcher, value)
        start = self.white_pawn
        self.white_pawn = end = (start + value) % len(track)
        kind = track[end]
        self.log(PawnMoved, sketcher, start, end, kind)
        if kind == SPADE:
            if self.ace_hopefuls:
                winner = self.ace_hopefuls[0]
                self.log(AceWon, winner)
                self.turns += 1
                self.cards_done += 1
                self.finish(winner, "ace")
                return
            self.log(NothingHappens, sketcher, "a Spade Space: no pawn for the Sketcher.")
        elif kind in self.held[sketcher]:
            self.log(NothingHappens, sketcher, f"she already owns a {kind} pawn.")
        elif len(self.held[sketcher]) >= self.rules.colours_to_collect:
            self.log(NothingHappens, sketcher, "she already owns all the colours she needs.")
        elif self.centre[kind] == 0:
            self.log(NothingHappens, sketcher, f"no {kind} pawn is left in the centre.")
        else:
            self._take(sketcher, kind, as_sketcher=True)
        self.ace_hopefuls = []
        self._card_finished(guessed=True)

    # -- for simulations and saving --------------------------------------------------------
    #: Team Play's and Gameboard Play's columns; ``first_team_won`` is True, False or None (no winner)
    RESULT_TYPES = {**BaseGame.RESULT_TYPES, "play": "object", "cards": "int32", "first_team": "int32",
                    "score_a": "int32", "score_b": "int32", "steals": "int32", "first_team_won": "object",
                    "colours_held": "int32"}

    def result(self) -> dict:
        row = super().result()
        row["play"] = self.rules.play
        row["cards"] = self.cards_done
        if self.is_team_play:
            first_won = None if self.winner is None else self.winner == self.first_team
            row.update(first_team=self.first_team, score_a=self.team_scores[0], score_b=self.team_scores[1],
                       steals=self.steals, first_team_won=first_won)
        else:
            row["colours_held"] = sum(len(h) for h in self.held)
        row.update(self.lead.columns(self.winner))
        return row

    def to_dict(self) -> dict:
        from .saving import save_game
        return save_game(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Game":
        """A game saved with :meth:`to_dict`; bad data raises ValueError."""
        from .saving import load_game
        return load_game(cls, data)

"""Who leads, how often the lead changes hands, and how far behind the winner ever was.

A game keeps one :class:`LeadTracker` and, at the end of every turn (or
round), hands it each seat's *standing*: a number that says how close that
seat is to winning -- points in the Cluedo Card Game, cheese in Mouse Trap,
the cards of an outfit in Mystery Date.  The tracker remembers what the
lessons call a game's *drama*:

* ``lead_changes``: how often the sole leader changed.  A tie for the lead
  has no sole leader and is skipped: "A leads, A and B tie, B leads" is one
  change (A to B); "A leads, a tie, A leads" is none.
* ``worst_deficit``: for every seat, the most it was ever behind the leader.
  The eventual winner's worst deficit tells a comeback (far behind, and
  still won) from a runaway (0: never behind).

The tracker only watches: it never draws a random number, so keeping one
cannot change how a game plays.
"""
from __future__ import annotations

KEYS = ("scores", "leader", "lead_changes", "worst_deficit")


def _is_whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class LeadTracker:
    """The lead and each seat's worst deficit over a game of ``n_players``.

        lead = LeadTracker(3)
        lead.update([2, 0, 1])   # seat 0 leads
        lead.update([2, 3, 1])   # seat 1 leads: one change; seat 0 is now 1 behind
        lead.columns(winner=0)   # {'lead_changes': 1, 'winner_worst_deficit': 1}
    """

    __slots__ = ("n_players", "scores", "leader", "lead_changes", "worst_deficit")

    def __init__(self, n_players: int):
        if not _is_whole(n_players) or n_players < 1:
            raise ValueError(f"n_players must be a whole number >= 1, got {n_players!r}")
        self.n_players = n_players
        #: the standings of the last update (None before the first)
        self.scores: list | None = None
        #: the last sole leader (None until some seat has led alone)
        self.leader: int | None = None
        #: how often the sole leader changed
        self.lead_changes = 0
        #: the most each seat was ever behind the leader
        self.worst_deficit: list = [0] * n_players

    def update(self, scores) -> None:
        """Note the standings now: one number per seat, the higher the closer to winning."""
        try:
            scores = list(scores)  # a copy: the caller may change its own list later
        except TypeError:
            raise ValueError(f"scores must be a list of numbers, one per seat, got {scores!r}") from None
        if len(scores) != self.n_players:
            raise ValueError(f"scores must give one number for each of the {self.n_players} seats, got {scores!r}")
        try:
            best = max(scores)
            worst = self.worst_deficit
            for seat, score in enumerate(scores):  # a wrong type fails at seat 0, before any change
                if best - score > worst[seat]:
                    worst[seat] = best - score
        except TypeError:
            raise ValueError(f"scores must be numbers, got {scores!r}") from None
        self.scores = scores
        if scores.count(best) == 1:  # a sole leader (a tie for the lead is skipped)
            leader = scores.index(best)
            if leader != self.leader:
                if self.leader is not None:
                    self.lead_changes += 1
                self.leader = leader

    def columns(self, winner: int | None) -> dict:
        """The two simulation columns: ``lead_changes`` and ``winner_worst_deficit`` (None: no winner)."""
        if winner is not None and not (_is_whole(winner) and 0 <= winner < self.n_players):
            raise ValueError(f"winner must be a seat 0..{self.n_players - 1} or None, got {winner!r}")
        return {"lead_changes": self.lead_changes,
                "winner_worst_deficit": None if winner is None else self.worst_deficit[winner]}

    # -- saving ----------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"scores": None if self.scores is None else list(self.scores), "leader": self.leader,
                "lead_changes": self.lead_changes, "worst_deficit": list(self.worst_deficit)}

    @classmethod
    def from_dict(cls, data, n_players: int, standings: range, most_changes: int) -> "LeadTracker":
        """A tracker saved with :meth:`to_dict`; anything malformed or inconsistent raises ValueError.

        ``standings`` are the standings the game can give a seat (``range(0, 4)``:
        0 to 3 cards of an outfit), so no saved score and no worst deficit can be
        one that play could never reach (a deficit of 2.5, or of 10**18).
        ``most_changes`` is the most lead changes the game could have seen by now
        (a game that looks at the lead once a turn: the turns played).
        """
        most_behind = standings[-1] - standings[0]
        tracker = cls(n_players)
        if not isinstance(data, dict) or set(data) != set(KEYS):
            raise ValueError(f"saved lead must be a dict with the keys {', '.join(KEYS)}, got {data!r}")
        scores, leader, changes, deficits = (data[key] for key in KEYS)
        if scores is not None and not (isinstance(scores, list) and len(scores) == n_players
                                       and all(_is_whole(s) and s in standings for s in scores)):
            raise ValueError(f"saved lead scores must be None or a standing {standings[0]}..{standings[-1]} for "
                             f"each of the {n_players} seats, got {scores!r:.80}")
        if leader is not None and not (_is_whole(leader) and 0 <= leader < n_players):
            raise ValueError(f"saved lead leader must be a seat 0..{n_players - 1} or None, got {leader!r}")
        if not _is_whole(changes) or not 0 <= changes <= most_changes:
            raise ValueError(f"saved lead_changes must be a whole number 0..{most_changes} (the lead can change "
                             f"at most that often in the turns played), got {changes!r}")
        if not (isinstance(deficits, list) and len(deficits) == n_players
                and all(_is_whole(d) and 0 <= d <= most_behind for d in deficits)):
            raise ValueError(f"saved lead.worst_deficit must list a whole number 0..{most_behind} (the most a "
                             f"seat can be behind) for each of the {n_players} seats, got {deficits!r:.80}")
        if scores is None:
            if leader is not None or changes or any(deficits):
                raise ValueError("saved lead has no scores yet, so it must have no leader, changes or deficits")
        else:
            best = max(scores)
            if scores.count(best) == 1 and leader != scores.index(best):
                raise ValueError(f"saved lead leader must be {scores.index(best)}, the sole leader of the "
                                 f"scores {scores}, got {leader!r}")
            if any(d < best - s for d, s in zip(deficits, scores)):
                raise ValueError(f"saved worst_deficit {deficits} is smaller than the deficits of the scores {scores}")
        if leader is None and changes:
            raise ValueError(f"saved lead_changes must be 0 while nobody has led, got {changes!r}")
        tracker.scores = None if scores is None else list(scores)
        tracker.leader, tracker.lead_changes, tracker.worst_deficit = leader, changes, list(deficits)
        return tracker

    def __repr__(self) -> str:
        return (f"LeadTracker(leader={self.leader}, lead_changes={self.lead_changes}, "
                f"worst_deficit={self.worst_deficit})")

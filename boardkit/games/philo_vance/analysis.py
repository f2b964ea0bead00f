"""The deduction behind Philo Vance: what a detective may believe about a card he never saw.

Each suspect's confirmation card lists 12 distinct clues and stays secret.  A
detective keeps *beliefs*: for every suspect ``i`` and clue ``j`` the chance
``p[i, j]`` that clue ``j`` is on suspect ``i``'s card.  A row of beliefs
adds up to the number of clues he expects on the card, so it should add up
to 12.  The clue beliefs are treated as *independent* (one coin per clue),
which is the model every exact answer below is exact under.

* :func:`prior_beliefs` -- beliefs from the clue texts' tags alone
  (specific, general, masculine, feminine).
* :func:`declaration_odds` -- the chance that at least 4 of the 6 clues named
  in an arrest are on the card ("a Successful Declaration").
* :func:`best_declaration`, :func:`top_k_declaration`, :func:`best_arrest` --
  which 6 held clues to name, and which free suspect to arrest.
* :func:`update_on_verdict` -- Bayes' rule after the table hears
  "successful" or "unsuccessful"; :func:`update_on_verdicts` -- exact
  conditioning on several verdicts at once; :func:`update_on_card_seen` -- a
  card seen face up turns its row into 0s and 1s.
* :class:`KnowledgeGrid` -- the suspects x clues table a detective (or a bot) keeps.
* :func:`distinct_match_distribution`, :func:`hand_match_odds`,
  :func:`card_match_odds`, :func:`hand_match_table`,
  :func:`simulate_hand_matches` -- the chance that a hand dealt from the
  100-card deck (with its duplicates) already holds 4, 7 or 9 *distinct*
  clues of a card, exact beside Monte Carlo.

The verdict thresholds are the rulebook's: name 6 clues, 4 right declare (the
experts' game: 5), 7 right convict, 9 after a failed attempt (experts: 8,
then 10).  Duplicate clues never count twice.  pandas and scipy are imported
only inside the functions that return tables or use a scipy distribution, so
a bot can use the grid without paying for them.
"""
from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction

import numpy as np

from boardkit.core import require
from boardkit.core.rng import new_generator

from .components import (CLUES, CONFIRMATION, DECK_COPIES, FEMININE, GENERAL, MAN, MASCULINE, SPECIFIC,
                         SUSPECTS, TAGS, WOMAN)

#: a confirmation card lists this many distinct clues
CARD_SIZE = 12
#: clues named when arresting on suspicion
NAMED = 6
#: right clues (of the 6 named) that make a Successful Declaration (experts: 5)
DECLARE_NEED = 4
#: the belief given to a specific clue for the suspect it evokes (high, not certain:
#: a player may misread whom a clue points at; see prior_beliefs)
SPECIFIC_LEVEL = 0.9
#: best_declaration tries every combination up to this many; beyond, it takes the top k
SEARCH_LIMIT = 200_000


# -- checking inputs -----------------------------------------------------------------------

def _whole(value) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _as_row(beliefs_row, name: str = "beliefs_row") -> np.ndarray:
    """A row of beliefs as a float array, checked: 1-D, every value a probability."""
    row = np.asarray(beliefs_row, dtype=float)
    require(row.ndim == 1 and row.size > 0, name, beliefs_row, "a non-empty 1-D sequence of probabilities")
    require(bool(np.all((row >= 0) & (row <= 1))), name, beliefs_row, "probabilities between 0 and 1")
    return row


def _as_grid(beliefs, name: str = "beliefs") -> np.ndarray:
    grid = np.asarray(beliefs, dtype=float)
    require(grid.ndim == 2 and grid.size > 0, name, beliefs, "a non-empty 2-D array (suspects x clues)")
    require(bool(np.all((grid >= 0) & (grid <= 1))), name, beliefs, "probabilities between 0 and 1")
    return grid


def _clue_ids(ids, n_clues: int, name: str, distinct: bool) -> np.ndarray:
    """Clue ids as an int array, each a whole number 0 .. n_clues - 1 (and all different if asked)."""
    if isinstance(ids, (str, bytes)) or not hasattr(ids, "__iter__"):
        raise ValueError(f"{name}={ids!r} is not allowed: a sequence of clue ids (whole numbers)")
    values = list(ids)
    require(all(_whole(v) for v in values), name, ids, "clue ids (whole numbers)")
    require(all(0 <= v < n_clues for v in values), name, ids, f"clue ids from 0 to {n_clues - 1}")
    if distinct:
        require(len(set(int(v) for v in values)) == len(values), name, ids,
                "different clues (duplicate clues may not be counted separately)")
    return np.array([int(v) for v in values], dtype=np.intp)


def _check_need(need, n_named: int, name: str = "need") -> int:
    require(_whole(need) and 0 <= need <= n_named, name, need, f"a whole number from 0 to {n_named}")
    return int(need)


def _suspect_position(suspect, keys, n_suspects: int) -> int:
    """A suspect given by its key (``"butler"``) or its index, as an index."""
    if isinstance(suspect, str):
        require(suspect in keys, "suspect", suspect, f"one of {tuple(keys)} or an index")
        position = list(keys).index(suspect)
        require(position < n_suspects, "suspect", suspect, f"one of the first {n_suspects} suspects")
        return position
    require(_whole(suspect) and 0 <= suspect < n_suspects, "suspect", suspect,
            f"a suspect key or an index from 0 to {n_suspects - 1}")
    return int(suspect)


def _keys(suspects) -> tuple:
    return tuple(s.key for s in suspects)


# -- the prior: what the clue texts alone say -----------------------------------------------

def prior_beliefs(clues=CLUES, suspects=SUSPECTS, card_size: int = CARD_SIZE,
                  specific_level: float = SPECIFIC_LEVEL) -> np.ndarray:
    """P(clue j is on suspect i's card) knowing only each clue's tag: shape (suspects, clues).

    The rulebook says what the tags mean:

    * a **masculine** clue (a cigar butt) never applies to a woman, a
      **feminine** one (a lace handkerchief) never to a man: belief 0;
    * a **specific** clue applies to one individual, the suspect it evokes
      (``clue.hint``): ``specific_level`` for that suspect (high, not
      certain: the detective may misread whom it evokes), 0 for every other;
    * a **general** clue may apply to anybody: one level ``g``, the same for
      every suspect.

    **Calibration.**  A card holds exactly ``card_size`` clues, and the sum of
    a row of beliefs is the number of clues the detective *expects* on that
    card (each belief is the expected value of a 0/1 "this clue is there").
    So every row must add up to ``card_size``.  For suspect ``i`` the specific
    clues evoking him take ``s_i * specific_level``; the rest,

        R_i = card_size - s_i * specific_level,

    is shared by the ``G`` general clues and the ``X_i`` clues of his sex
    (masculine for a man, feminine for a woman):

        G * g + X_i * t_i = R_i.

    With only the tags to go on, nothing says a general clue is likelier
    than a sex-typed one, so ``g`` is the level that makes them equally likely
    on average over the whole table,

        g = (R_1 + ... + R_n) / ((G + X_1) + ... + (G + X_n)),

    and each suspect's own sex-typed level ``t_i = (R_i - G * g) / X_i`` makes
    his row add up to ``card_size`` exactly.  (If every suspect has as many
    specific clues and both sexes as many sex-typed clues, all the levels
    come out equal.)  Every ``t_i`` must be a probability, so ``g`` is moved,
    if need be, into the range where ``0 <= t_i <= 1`` for every suspect
    (for a suspect with no clue of his sex, that range is the one value
    ``R_i / G``).  When no common ``g`` can do it (the tags of a tinkered
    deck may not allow it), the levels are clipped to [0, 1] and some rows
    miss ``card_size``.  The reconstructed components give exact rows.
    """
    clues, suspects = tuple(clues), tuple(suspects)
    require(len(suspects) > 0, "suspects", suspects, "at least one suspect")
    require(len(clues) > 0, "clues", clues, "at least one clue")
    require(_whole(card_size) and 1 <= card_size <= len(clues), "card_size", card_size,
            f"a whole number from 1 to the number of clues ({len(clues)})")
    require(isinstance(specific_level, (int, float)) and 0 <= specific_level <= 1, "specific_level",
            specific_level, "a probability between 0 and 1")
    keys = _keys(suspects)
    for position, clue in enumerate(clues):
        require(clue.id == position, "clues", clue, f"clue number {position} to have id {position}")
        require(clue.tag in TAGS, f"clues[{position}].tag", clue.tag, f"one of {TAGS}")
        if clue.tag == SPECIFIC:
            require(clue.hint in keys, f"clues[{position}].hint", clue.hint,
                    f"the key of the suspect a specific clue evokes, one of {keys}")
    for suspect in suspects:
        require(suspect.sex in (MAN, WOMAN), f"{suspect.key}.sex", suspect.sex, f"{MAN!r} or {WOMAN!r}")

    tags = np.array([clue.tag for clue in clues])
    is_man = np.array([suspect.sex == MAN for suspect in suspects])
    general = tags == GENERAL
    # own_sex[i, j]: clue j is of suspect i's sex (masculine for a man, feminine for a woman)
    own_sex = np.where(is_man[:, None], tags == MASCULINE, tags == FEMININE)
    specific = np.zeros((len(suspects), len(clues)), dtype=bool)
    for clue in clues:
        if clue.tag == SPECIFIC:
            specific[keys.index(clue.hint), clue.id] = True

    rest = card_size - specific_level * specific.sum(axis=1)          # R_i
    n_general = int(general.sum())                                    # G
    n_own_sex = own_sex.sum(axis=1)                                   # X_i
    cells = n_general * len(suspects) + n_own_sex.sum()
    g = float(np.clip(rest.sum() / cells, 0, 1)) if cells else 0.0
    if n_general:
        # keep every t_i a probability: (R_i - X_i) / G <= g <= R_i / G
        low = max(0.0, float(((rest - n_own_sex) / n_general).max()))
        high = min(1.0, float((rest / n_general).min()))
        if low <= high:
            g = min(max(g, low), high)
    safe = np.where(n_own_sex > 0, n_own_sex, 1)
    t = np.where(n_own_sex > 0, np.clip((rest - n_general * g) / safe, 0, 1), 0.0)

    beliefs = np.zeros((len(suspects), len(clues)))
    beliefs[specific] = specific_level
    beliefs[:, general] = g
    beliefs = np.where(own_sex, t[:, None], beliefs)
    return np.clip(beliefs, 0.0, 1.0)


# -- the odds of a declaration ---------------------------------------------------------------

def count_distribution(chances) -> list[float]:
    """P(exactly c of the clues are right), c = 0 .. k, for k independent chances.

    The Poisson-binomial recursion: take the clues one at a time; after each,
    "c right so far" came from "c right before, this one wrong" or "c - 1
    right before, this one right".  Plain Python: for one handful of clues
    (a declaration, a verdict) it is much quicker than numpy.
    """
    dist = [1.0]                                     # dist[c]: P(c right so far)
    for p in chances:
        p = float(p)
        dist = [wrong * (1.0 - p) + right * p for wrong, right in zip(dist + [0.0], [0.0] + dist)]
    return dist


def chance_at_least(chances, need: int) -> float:
    """P(at least ``need`` of independent events with these chances happen)."""
    return min(1.0, max(0.0, sum(count_distribution(chances)[need:])))


def _count_distribution(p: np.ndarray) -> np.ndarray:
    """:func:`count_distribution` for a whole stack of rows at once (the last axis holds the k chances).

    The same recursion with numpy, for searching hundreds of possible declarations together.
    """
    k = p.shape[-1]
    chances = np.moveaxis(p, -1, 0)                  # clue first: each step reads one whole block
    dist = np.zeros((k + 1,) + p.shape[:-1])         # dist[c]: P(c right so far)
    dist[0] = 1.0
    for j in range(k):
        right = dist[:j + 1] * chances[j]            # c right so far, then clue j right: c + 1
        dist[:j + 1] *= 1.0 - chances[j]             # c right so far, then clue j wrong: still c
        dist[1:j + 2] += right
    return np.moveaxis(dist, 0, -1)


def _at_least(p: np.ndarray, need: int) -> np.ndarray:
    """P(at least ``need`` right) for each row of chances (the last axis)."""
    return np.clip(_count_distribution(p)[..., need:].sum(axis=-1), 0.0, 1.0)


def declaration_odds(beliefs_row, named, need: int = DECLARE_NEED) -> float:
    """The chance that at least ``need`` of the ``named`` clues are on the card.

    The rule: the arresting player names 6 different clues and the holder of
    the card checks silently whether at least 4 are right.  With the clue
    beliefs independent, the number of right clues is a sum of independent
    0/1 coins with different chances (a *Poisson-binomial* count).  This
    function computes its distribution by the recursion in
    :func:`_count_distribution` (k steps for k clues); it equals the sum over
    all 2^k patterns of right and wrong clues, which the tests check.
    """
    row = _as_row(beliefs_row)
    ids = _clue_ids(named, row.size, "named", distinct=True)
    need = _check_need(need, ids.size)
    return chance_at_least(row[ids].tolist(), need)


@functools.lru_cache(maxsize=64)
def _combinations(n: int, k: int) -> np.ndarray:
    """Every way to choose k of n positions, one row each (C(n, k) rows), read-only."""
    table = np.array(list(itertools.combinations(range(n), k)), dtype=np.intp).reshape(-1, k)
    table.flags.writeable = False
    return table


def _distinct_held(held, n_clues: int, k) -> np.ndarray:
    ids = _clue_ids(held, n_clues, "held", distinct=False)
    distinct = np.unique(ids)
    require(_whole(k) and k >= 1, "k", k, "a whole number of clues to name, at least 1")
    require(distinct.size >= k, "held", held,
            f"at least k={k} different clues (duplicates count once; {distinct.size} held)")
    return distinct


def top_k_declaration(beliefs_row, held, k: int = NAMED, need: int = DECLARE_NEED) -> tuple:
    """Name the ``k`` different held clues with the highest beliefs: ``(named, odds)``.

    This is always a best declaration.  The chance of at least ``need`` right
    can only grow when one named clue is swapped for a likelier one (if
    ``p' >= p``, the coin with ``p'`` is right whenever the coin with ``p``
    is, when both are drawn from one uniform number), so the k likeliest
    clues are never beaten.  Ties go to the lower clue id; ``named`` is sorted.
    """
    row = _as_row(beliefs_row)
    distinct = _distinct_held(held, row.size, k)
    need = _check_need(need, k)
    order = np.lexsort((distinct, -row[distinct]))  # highest belief first, then the lower id
    named = np.sort(distinct[order[:k]])
    return tuple(int(j) for j in named), float(_at_least(row[named], need))


def best_declaration(beliefs_row, held, k: int = NAMED, need: int = DECLARE_NEED) -> tuple:
    """The best ``k`` different clues to name from those held: ``(named, odds)``.

    ``held`` are the clue ids face up on the player's court card (duplicates
    count once, as the rulebook says).  Every combination of ``k`` of the
    distinct held clues is tried -- C(12, 6) = 924 for a full court card of
    different clues -- with the odds of all of them computed at once (one
    array of shape (combinations, k)), and the first best is returned
    (combinations are tried in increasing order of clue ids; ``named`` is
    sorted).  The search is the checked reference; :func:`top_k_declaration`
    gives the same odds by the monotonicity argument and is what this
    function falls back on for more than ``SEARCH_LIMIT`` combinations.
    Raises ValueError if fewer than ``k`` different clues are held.
    """
    row = _as_row(beliefs_row)
    distinct = _distinct_held(held, row.size, k)
    need = _check_need(need, k)
    if math.comb(distinct.size, k) > SEARCH_LIMIT:
        return top_k_declaration(row, distinct, k, need)
    choices = distinct[_combinations(distinct.size, k)]      # (combinations, k) clue ids
    odds = _at_least(row[choices], need)
    best = int(np.argmax(odds))
    return tuple(int(j) for j in choices[best]), float(odds[best])


def best_arrest(beliefs, held, available_suspects, k: int = NAMED, need: int = DECLARE_NEED,
                suspects=SUSPECTS) -> tuple:
    """The best arrest on suspicion: ``(suspect_index, named, odds)``.

    Tries every suspect in ``available_suspects`` (keys or indices: those
    "not already spoken for") with its best declaration from the ``held``
    clues, and returns the one with the highest odds (ties: the lowest
    suspect index).  ``suspects`` only serves to read suspect keys.
    """
    grid = _as_grid(beliefs)
    if isinstance(available_suspects, (str, bytes)) or not hasattr(available_suspects, "__iter__"):
        raise ValueError(f"available_suspects={available_suspects!r} is not allowed: "
                         "a sequence of suspect keys or indices")
    keys = _keys(suspects)
    rows = sorted({_suspect_position(s, keys, grid.shape[0]) for s in available_suspects})
    require(len(rows) > 0, "available_suspects", available_suspects, "at least one suspect not spoken for")
    distinct = _distinct_held(held, grid.shape[1], k)
    need = _check_need(need, k)
    if math.comb(distinct.size, k) > SEARCH_LIMIT:
        answers = [(top_k_declaration(grid[i], distinct, k, need), i) for i in rows]
        (named, odds), i = max(answers, key=lambda a: (a[0][1], -a[1]))
        return i, named, odds
    choices = distinct[_combinations(distinct.size, k)]      # (combinations, k)
    odds = _at_least(grid[rows][:, choices], need)            # (suspects, combinations)
    which, best = np.unravel_index(int(np.argmax(odds)), odds.shape)
    return rows[which], tuple(int(j) for j in choices[best]), float(odds[which, best])


# -- learning from what the table hears ------------------------------------------------------

def update_on_verdict(beliefs_row, named, successful: bool, need: int = DECLARE_NEED) -> np.ndarray:
    """The new row of beliefs after a declaration naming ``named`` was called (un)successful.

    Everybody at the table hears the named clues and the verdict, never which
    clues were right.  For a named clue j, Bayes' rule:

        P(j on card | verdict) = p_j * P(verdict | j on card) / P(verdict)

    where, for "successful", ``P(verdict | j on card)`` is the chance that at
    least ``need - 1`` of the *other* named clues are right, and
    ``P(verdict | j not on card)`` that at least ``need`` of them are
    ("unsuccessful": one minus those).  ``P(verdict)`` is the declaration's
    odds (or one minus them).  Clues not named keep their beliefs: under the
    independence model the verdict says nothing about them.

    This is exact for one verdict given independent beliefs.  After it the
    named clues are no longer independent (a success with one of them wrong
    makes the others likelier); the grid keeps only each clue's own chance
    (its marginal), so when a later verdict names some of the same clues the
    update treats them as independent again, which is an approximation.  (So
    is the independence itself: a card holds exactly 12 clues.)  Raises
    ValueError if the verdict is impossible under the beliefs.
    """
    row = _as_row(beliefs_row)
    ids = _clue_ids(named, row.size, "named", distinct=True)
    need = _check_need(need, ids.size)
    require(isinstance(successful, (bool, np.bool_)), "successful", successful, "True or False")
    p = row[ids].tolist()
    k = len(p)
    # The counts of right clues that give the verdict heard: need .. k for "successful",
    # 0 .. need-1 for "unsuccessful".  Summing them (rather than "1 - the other verdict")
    # gives an impossible verdict a chance of exactly 0, not 1e-16.
    heard = slice(need, None) if successful else slice(0, need)
    evidence = sum(count_distribution(p)[heard])                        # P(verdict)
    if evidence <= 0:
        verdict = "a successful" if successful else "an unsuccessful"
        raise ValueError(f"successful={successful!r} is not allowed: {verdict} declaration of "
                         f"{[int(j) for j in ids]} is impossible under these beliefs")
    # with clue j right, the other k-1 clues need one right clue fewer
    heard_without_j = slice(max(need - 1, 0), None) if successful else slice(0, max(need - 1, 0))
    new = row.copy()
    for position, clue in enumerate(ids):
        others = count_distribution(p[:position] + p[position + 1:])
        likelihood = sum(others[heard_without_j])                       # P(verdict | clue j right)
        new[clue] = min(1.0, max(0.0, p[position] * likelihood / evidence))
    return new


#: update_on_verdicts enumerates every right/wrong pattern of the named clues up to this many
EXACT_LIMIT = 20


def _checked_verdicts(row, verdicts, need) -> list:
    """``verdicts`` checked: a list of (clue ids, successful, clues needed), or a ValueError naming what is wrong."""
    if isinstance(verdicts, (str, bytes)) or not hasattr(verdicts, "__iter__"):
        raise ValueError(f"verdicts={verdicts!r} is not allowed: a sequence of (named clues, successful)")
    checked = []
    for verdict in verdicts:
        require(isinstance(verdict, (tuple, list)) and len(verdict) == 2, "verdicts", verdicts,
                "a sequence of (named clues, successful) pairs")
        named, successful = verdict
        ids = _clue_ids(named, row.size, "named", distinct=True)
        require(isinstance(successful, (bool, np.bool_)), "successful", successful, "True or False")
        checked.append((ids, bool(successful), _check_need(need, ids.size)))
    return checked


def update_on_verdicts(beliefs_row, verdicts, need: int = DECLARE_NEED) -> np.ndarray:
    """The row after several verdicts about one suspect, by exact conditioning on all of them.

    ``verdicts`` is a sequence of ``(named, successful)``.  Every pattern of
    right and wrong over the clues named in any of them (2**m patterns for m
    different clues; a few thousand for two arrests) is weighed by the
    independent prior beliefs, the patterns that agree with every verdict
    are kept, and each named clue's new belief is the kept weight with it
    right over all kept weight.  Clues never named keep their beliefs.

    Where :func:`update_on_verdict` applied one verdict after another treats
    the clues as independent again after each one (an approximation once two
    arrests name a clue in common, or once a success has tied the named clues
    together), this is exact under the prior.  For one verdict the two agree.
    Raises ValueError if more than ``EXACT_LIMIT`` different clues are named,
    or if the verdicts together are impossible under the beliefs.
    """
    row = _as_row(beliefs_row)
    checked = _checked_verdicts(row, verdicts, need)
    union = sorted({int(j) for ids, _, _ in checked for j in ids})
    require(len(union) <= EXACT_LIMIT, "verdicts", f"{len(union)} different clues named",
            f"at most {EXACT_LIMIT} different clues in all (2**{EXACT_LIMIT} patterns)")
    new = row.copy()
    if not union:
        return new
    position = {clue: i for i, clue in enumerate(union)}
    patterns = ((np.arange(2 ** len(union))[:, None] >> np.arange(len(union))) & 1).astype(bool)
    p = row[union]
    weight = np.prod(np.where(patterns, p, 1.0 - p), axis=1)       # P(pattern) under the prior
    agrees = np.ones(len(patterns), dtype=bool)
    for ids, successful, need_here in checked:
        right = patterns[:, [position[int(j)] for j in ids]].sum(axis=1)
        agrees &= (right >= need_here) if successful else (right < need_here)
    evidence = float(weight[agrees].sum())                           # P(every verdict)
    if evidence <= 0:
        raise ValueError(f"verdicts={verdicts!r} is not allowed: together they are impossible under these beliefs")
    new[union] = (weight[agrees][:, None] * patterns[agrees]).sum(axis=0) / evidence
    return new


def update_on_card_seen(beliefs_row, card_clues) -> np.ndarray:
    """The row after seeing the confirmation card face up: 1 for its clues, 0 for all others.

    In the children's game each player's card lies face up; in the adult game
    a player sees his own card after a failed conviction.  There is nothing
    left to guess, so the beliefs become exactly 0 or 1.
    """
    row = _as_row(beliefs_row)
    ids = _clue_ids(card_clues, row.size, "card_clues", distinct=True)
    new = np.zeros_like(row)
    new[ids] = 1.0
    return new


class KnowledgeGrid:
    """What one detective believes: a suspects x clues table of chances.

    ``grid.on_declaration(...)`` and ``grid.on_card_seen(...)`` change one
    row in place with plain numpy (cheap enough for a bot to call on every
    event of a simulation); ``grid.beliefs`` and ``grid.row(...)`` are
    read-only views; ``grid.to_frame()`` is the table for a notebook.
    Suspects are given by key (``"butler"``) or index.
    """

    def __init__(self, beliefs, suspect_keys=None, clue_texts=None):
        grid = np.array(_as_grid(beliefs), dtype=float)       # always a copy of its own
        n_suspects, n_clues = grid.shape
        keys = tuple(str(i) for i in range(n_suspects)) if suspect_keys is None else tuple(suspect_keys)
        texts = tuple(str(j) for j in range(n_clues)) if clue_texts is None else tuple(clue_texts)
        require(len(keys) == n_suspects, "suspect_keys", suspect_keys, f"{n_suspects} keys, one per row")
        require(len(texts) == n_clues, "clue_texts", clue_texts, f"{n_clues} texts, one per column")
        self._beliefs = grid
        self.suspect_keys = keys
        self.clue_texts = texts

    @classmethod
    def from_prior(cls, clues=CLUES, suspects=SUSPECTS, card_size: int = CARD_SIZE,
                   specific_level: float = SPECIFIC_LEVEL) -> "KnowledgeGrid":
        """A fresh detective's grid: :func:`prior_beliefs` from the clue tags."""
        clues, suspects = tuple(clues), tuple(suspects)
        return cls(prior_beliefs(clues, suspects, card_size, specific_level),
                   _keys(suspects), tuple(clue.text for clue in clues))

    # -- reading ---------------------------------------------------------------
    @property
    def beliefs(self) -> np.ndarray:
        """The whole table, a read-only view (copy it to change it)."""
        view = self._beliefs.view()
        view.flags.writeable = False
        return view

    @property
    def shape(self) -> tuple:
        return self._beliefs.shape

    def index(self, suspect) -> int:
        """The row of a suspect given by key or index."""
        return _suspect_position(suspect, self.suspect_keys, self._beliefs.shape[0])

    def row(self, suspect) -> np.ndarray:
        """One suspect's beliefs, a read-only view."""
        view = self._beliefs[self.index(suspect)].view()
        view.flags.writeable = False
        return view

    def most_likely(self, suspect, n: int = NAMED) -> tuple:
        """The ``n`` clue ids likeliest to be on the suspect's card, likeliest first (ties: lower id)."""
        n_clues = self._beliefs.shape[1]
        require(_whole(n) and 0 <= n <= n_clues, "n", n, f"a whole number from 0 to {n_clues}")
        row = self._beliefs[self.index(suspect)]
        order = np.lexsort((np.arange(n_clues), -row))
        return tuple(int(j) for j in order[:n])

    def expected_on_card(self, suspect) -> float:
        """The row's sum: how many clues the detective expects on the card (12 if calibrated)."""
        return float(self._beliefs[self.index(suspect)].sum())

    # -- learning ----------------------------------------------------------------
    def on_declaration(self, suspect, named, successful: bool, need: int = DECLARE_NEED) -> None:
        """A player arrested ``suspect`` naming ``named``; the table heard the verdict."""
        i = self.index(suspect)
        self._beliefs[i] = update_on_verdict(self._beliefs[i], named, successful, need)

    def on_card_seen(self, suspect, card_clues) -> None:
        """The detective saw ``suspect``'s confirmation card face up."""
        i = self.index(suspect)
        self._beliefs[i] = update_on_card_seen(self._beliefs[i], card_clues)

    # -- copies and tables -------------------------------------------------------
    def copy(self) -> "KnowledgeGrid":
        return KnowledgeGrid(self._beliefs, self.suspect_keys, self.clue_texts)

    def to_frame(self):
        """The grid as a pandas DataFrame: suspect keys down the side, clue texts across."""
        import pandas as pd
        return pd.DataFrame(self._beliefs.copy(), index=pd.Index(self.suspect_keys, name="suspect"),
                            columns=pd.Index(self.clue_texts, name="clue"))

    def __repr__(self) -> str:
        n_suspects, n_clues = self._beliefs.shape
        return f"KnowledgeGrid({n_suspects} suspects x {n_clues} clues)"


# -- a dealt hand against a card: hypergeometric odds with duplicates -----------------------

def _deck_copies(deck_copies) -> tuple:
    copies = tuple(deck_copies)
    require(len(copies) > 0 and all(_whole(c) and c >= 0 for c in copies), "deck_copies", deck_copies,
            "a sequence of whole numbers >= 0 (copies of each clue id)")
    require(sum(copies) > 0, "deck_copies", deck_copies, "at least one card in the deck")
    return tuple(int(c) for c in copies)


def _card_of(suspect, confirmation, suspects, n_clues: int) -> tuple:
    cards = tuple(tuple(card) for card in confirmation)
    require(len(cards) > 0, "confirmation", confirmation, "at least one confirmation card")
    i = _suspect_position(suspect, _keys(suspects), len(cards))
    card = _clue_ids(cards[i], n_clues, f"confirmation[{i}]", distinct=True)
    return tuple(int(j) for j in card)


def _check_hand_size(hand_size, deck_size: int) -> int:
    require(_whole(hand_size) and 0 <= hand_size <= deck_size, "hand_size", hand_size,
            f"a whole number from 0 to the deck's {deck_size} cards")
    return int(hand_size)


def distinct_match_distribution(suspect, hand_size: int = CARD_SIZE, deck_copies=DECK_COPIES,
                                confirmation=CONFIRMATION, suspects=SUSPECTS) -> list:
    """Exact P(a random hand holds exactly d different clues of the suspect's card), d = 0 .. 12.

    A list of Fractions.  The deck holds several copies of some clues, so
    "how many *different* clues of the card" is not a plain hypergeometric
    count.  Count hands instead (all C(deck, hand_size) hands are equally
    likely).  Go through the card's clues one at a time, keeping
    ``ways[t][d]``: the number of ways to take ``t`` cards from the copies of
    the clues seen so far, covering ``d`` different clues.  A clue with ``c``
    copies adds nothing (``a = 0`` copies taken) or ``a >= 1`` of its copies
    (C(c, a) ways, one more different clue).  Finally the other
    ``hand_size - t`` cards come from the rest of the deck:
    C(rest, hand_size - t) ways.  (This is the generating function
    prod_j (1 + y * sum_a C(c_j, a) x^a) * (1 + x)^rest, read off at x^hand_size.)
    """
    copies = _deck_copies(deck_copies)
    card = _card_of(suspect, confirmation, suspects, len(copies))
    deck_size = sum(copies)
    hand_size = _check_hand_size(hand_size, deck_size)
    ways = [[0] * (len(card) + 1) for _ in range(hand_size + 1)]
    ways[0][0] = 1
    for clue in card:
        c = copies[clue]
        new = [row[:] for row in ways]                      # a = 0: this clue not in the hand
        for t in range(hand_size + 1):
            for d in range(len(card)):
                if ways[t][d]:
                    for a in range(1, min(c, hand_size - t) + 1):
                        new[t + a][d + 1] += ways[t][d] * math.comb(c, a)
        ways = new
    rest = deck_size - sum(copies[clue] for clue in card)
    hands = math.comb(deck_size, hand_size)
    return [Fraction(sum(ways[t][d] * math.comb(rest, hand_size - t) for t in range(hand_size + 1)), hands)
            for d in range(len(card) + 1)]


def hand_match_odds(suspect, hand_size: int = CARD_SIZE, at_least: int = DECLARE_NEED,
                    deck_copies=DECK_COPIES, confirmation=CONFIRMATION, exact: bool = False,
                    suspects=SUSPECTS):
    """The exact chance that ``hand_size`` cards dealt from the deck hold at least
    ``at_least`` different clues of the suspect's card.

    With the defaults: can the 12 clues a player first draws already declare
    (4 of 6 right needs 4 different right clues in hand)?  ``at_least=7``:
    could they convict at once?  A float, or a ``Fraction`` with ``exact=True``.
    See :func:`distinct_match_distribution` for how it is counted, and
    :func:`card_match_odds` for the plain hypergeometric answer it is not.
    """
    require(_whole(at_least) and at_least >= 0, "at_least", at_least, "a whole number >= 0")
    require(isinstance(exact, bool), "exact", exact, "True or False")
    dist = distinct_match_distribution(suspect, hand_size, deck_copies, confirmation, suspects)
    odds = sum(dist[at_least:], Fraction(0))
    return odds if exact else float(odds)


def card_match_odds(suspect, hand_size: int = CARD_SIZE, at_least: int = DECLARE_NEED,
                    deck_copies=DECK_COPIES, confirmation=CONFIRMATION, suspects=SUSPECTS) -> float:
    """The plain hypergeometric chance of at least ``at_least`` matching *cards*.

    Every copy of a clue on the card counts here, so two copies of the same
    clue count twice.  The rules count each clue once ("duplicate clues may
    not be counted separately"), so this over-states the odds:
    :func:`hand_match_odds` counts different clues, never more than the
    matching cards.  The two agree only when no clue of the card has a
    second copy in the deck.

    The hypergeometric tail, written out: of the C(deck, hand) hands, those
    with exactly k of the M matching cards number C(M, k) * C(deck - M, hand - k).
    (``scipy.stats.hypergeom.sf`` gives the same numbers, as the tests check,
    but importing scipy.stats takes about two seconds, too long for a lesson
    page that Voila opens in front of a class.)
    """
    require(_whole(at_least) and at_least >= 0, "at_least", at_least, "a whole number >= 0")
    copies = _deck_copies(deck_copies)
    card = _card_of(suspect, confirmation, suspects, len(copies))
    deck_size = sum(copies)
    hand_size = _check_hand_size(hand_size, deck_size)
    matching = sum(copies[clue] for clue in card)
    hands = sum(math.comb(matching, k) * math.comb(deck_size - matching, hand_size - k)
                for k in range(at_least, min(matching, hand_size) + 1))
    return float(Fraction(hands, math.comb(deck_size, hand_size)))


def hand_match_table(hand_size: int = CARD_SIZE, thresholds=(4, 7, 9), deck_copies=DECK_COPIES,
                     confirmation=CONFIRMATION, suspects=SUSPECTS):
    """One row per suspect: the cards of his clues in the deck, and for each threshold
    the exact chance of that many different clues in a dealt hand beside the
    plain hypergeometric chance of that many matching cards."""
    import pandas as pd

    thresholds = tuple(thresholds)
    require(len(thresholds) > 0 and all(_whole(t) and t >= 0 for t in thresholds), "thresholds", thresholds,
            "whole numbers >= 0")
    suspects, copies = tuple(suspects), _deck_copies(deck_copies)
    cards = tuple(tuple(card) for card in confirmation)
    require(len(cards) == len(suspects), "confirmation", confirmation,
            f"one card per suspect ({len(suspects)})")
    columns: dict = {"name": [s.name for s in suspects],
                     "cards in deck": [sum(copies[j] for j in card) for card in cards]}
    for t in thresholds:
        columns[f"at least {t} different"] = []
        columns[f"at least {t} cards"] = []
    for i in range(len(suspects)):
        dist = distinct_match_distribution(i, hand_size, copies, cards, suspects)
        for t in thresholds:
            columns[f"at least {t} different"].append(float(sum(dist[t:], Fraction(0))))
            columns[f"at least {t} cards"].append(card_match_odds(i, hand_size, t, copies, cards, suspects))
    return pd.DataFrame(columns, index=pd.Index(_keys(suspects), name="suspect"))


def simulate_hand_matches(n_hands: int, seed=None, hand_size: int = CARD_SIZE, deck_copies=DECK_COPIES,
                          confirmation=CONFIRMATION) -> np.ndarray:
    """Deal ``n_hands`` random hands: how many different clues of each card each holds.

    Returns an int array of shape (n_hands, suspects).  Vectorised: a block
    of decks is shuffled row by row (``rng.permuted``), the first
    ``hand_size`` cards of each row are the hand, a 0/1 table says which
    clues each hand holds, and one matrix product with the cards' 0/1 table
    counts the different matching clues.  ``seed`` gives a numpy Generator
    (numpy's ``default_rng(seed)``), so the same seed deals the same hands.
    """
    require(_whole(n_hands) and n_hands >= 1, "n_hands", n_hands, "a whole number >= 1")
    copies = _deck_copies(deck_copies)
    n_clues = len(copies)
    deck = np.repeat(np.arange(n_clues), copies)
    hand_size = _check_hand_size(hand_size, deck.size)
    cards = tuple(tuple(card) for card in confirmation)
    require(len(cards) > 0, "confirmation", confirmation, "at least one confirmation card")
    on_card = np.zeros((n_clues, len(cards)))               # on_card[j, i]: clue j is on card i
    for i, card in enumerate(cards):
        on_card[_clue_ids(card, n_clues, f"confirmation[{i}]", distinct=True), i] = 1.0
    rng = new_generator(seed)
    matches = np.empty((n_hands, len(cards)), dtype=np.int64)
    block = max(1, 1_000_000 // deck.size)
    for start in range(0, n_hands, block):
        n = min(block, n_hands - start)
        hands = rng.permuted(np.broadcast_to(deck, (n, deck.size)), axis=1)[:, :hand_size]
        holds = np.zeros((n, n_clues))
        holds[np.arange(n)[:, None], hands] = 1.0            # duplicates in a hand count once
        matches[start:start + n] = np.rint(holds @ on_card).astype(np.int64)
    return matches


# -- the lesson's simulations beside the exact answers --------------------------------------------

def draw_cards(beliefs_row, n_cards: int, seed=None) -> np.ndarray:
    """``n_cards`` secret cards as the beliefs describe them: a 0/1 table (cards x clues).

    Each clue is on a card with its own belief, independently of the others
    (one coin per clue), which is the model every exact answer of this module
    is exact under; so the share of these cards that satisfy something
    converges to its exact chance.  (A real card holds exactly 12 clues; a
    drawn one holds 12 only on average when the row adds up to 12.)
    ``seed`` gives a numpy Generator: the same seed draws the same cards.
    """
    row = _as_row(beliefs_row)
    require(_whole(n_cards) and 1 <= n_cards <= 10_000_000, "n_cards", n_cards, "a whole number from 1 to 10,000,000")
    return new_generator(seed).random((int(n_cards), row.size)) < row


def simulate_declaration(beliefs_row, named, n_cards: int, need: int = DECLARE_NEED, seed=None) -> int:
    """How many of ``n_cards`` cards drawn from the beliefs (:func:`draw_cards`) hold at least
    ``need`` of the ``named`` clues: a Successful Declaration.  Divided by ``n_cards`` it estimates
    :func:`declaration_odds`."""
    row = _as_row(beliefs_row)
    ids = _clue_ids(named, row.size, "named", distinct=True)
    need = _check_need(need, ids.size)
    cards = draw_cards(row[ids], n_cards, seed)          # only the named clues matter
    return int((cards.sum(axis=1) >= need).sum())


def simulate_verdicts(beliefs_row, verdicts, n_cards: int, need: int = DECLARE_NEED, seed=None) -> tuple:
    """Bayes by simulation: draw ``n_cards`` cards from the beliefs, keep those that agree with
    every ``(named, successful)`` verdict, and count how often each clue is on a kept card.

    Returns ``(kept, shares)``: how many cards agreed, and for every clue the share of the kept
    cards holding it (NaN when none was kept).  As ``n_cards`` grows the shares converge to
    :func:`update_on_verdicts`, the exact answer.
    """
    row = _as_row(beliefs_row)
    checked = _checked_verdicts(row, verdicts, need)
    cards = draw_cards(row, n_cards, seed)
    agrees = np.ones(len(cards), dtype=bool)
    for ids, successful, need_here in checked:
        right = cards[:, ids].sum(axis=1)
        agrees &= (right >= need_here) if successful else (right < need_here)
    kept = int(agrees.sum())
    shares = cards[agrees].mean(axis=0) if kept else np.full(row.size, np.nan)
    return kept, shares


def table_declarations(verdicts, card_size: int = CARD_SIZE, need: int = DECLARE_NEED) -> list:
    """Every arrest a table heard, with the chance the table's grid gave it just before.

    ``verdicts`` is a game's ``verdicts`` list of ``(player, suspect, named, successful)``.
    The grid starts from :func:`prior_beliefs` and hears the verdicts in order (as the
    App's knowledge grid does), so each arrest's chance is what everybody at the table
    could have worked out beforehand.  Returns one dict per arrest: ``player``,
    ``suspect``, ``named``, ``chance`` (a float) and ``successful`` (a bool).
    """
    grid = KnowledgeGrid.from_prior(card_size=card_size)
    out = []
    for verdict in verdicts:
        require(isinstance(verdict, (tuple, list)) and len(verdict) == 4, "verdicts", verdict,
                "(player, suspect, named clues, successful) tuples")
        player, suspect, named, successful = verdict
        chance = declaration_odds(grid.row(suspect), named, need)
        out.append({"player": player, "suspect": suspect, "named": tuple(int(c) for c in named),
                    "chance": float(chance), "successful": bool(successful)})
        grid.on_declaration(suspect, named, bool(successful), need=need)
    return out

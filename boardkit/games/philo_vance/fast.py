"""Philo Vance's fast lane: the same rules as ``game.py``, compiled for big simulations.

This module is the *instrument*, not the definition: ``game.py`` says what
the rules are, and students read it.  Here the same game is written again as
plain loops over small integer arrays and compiled with numba (see
:mod:`boardkit.core.fast`).  It draws from the same random stream as
``game.py`` in the same order (the dice, the shuffles, ``Random``'s picks),
so the same seed plays the same game in both:
``tests/philo_vance/test_pv_lockstep.py`` proves it frame for frame, on the
rulebook and on variants.

What it covers: every field of :class:`~.rules.Rules` (any deck, cards and
board file, court size, the 4-7-9 and 5-8-10 numbers, the third failure or
none, the Judge, green-arrow rewards, demand refills, reshuffles, the
children's game with its hand limit, the turn cap), 2-6 players, and two
bots, mixed at will: ``Random`` (at every decision the lane lists the same
legal actions as ``Game.legal_actions()`` and picks one uniformly through its
own generator) and the **Detective** with any boldness, its choices as
``bots.py`` makes them:

* the table's beliefs (every Detective's notebook, ``Detective._hear_verdicts``): the clue texts' prior,
  updated after every verdict by ``analysis.update_on_verdict`` (Bayes' rule
  over a Poisson-binomial count of the named clues), and each Detective's
  own card known exactly once a failed conviction (or the children's game)
  shows it;
* its target, weakest place, keeps and claims, arrests (the two best
  suspects' exact odds, the last try's boldness), convictions, moves (the
  board's space scores), bumps, clues turned down and up, demands and the
  children's pick, with the same tie-breaks.  Its sums run over Python sets,
  whose order changes the last bit of a float sum and so a tie between two
  suspects: the lane visits those sets in CPython's order
  (:func:`python_set_order`), and tests compare its decisions with
  ``bots.py``'s in the middle of real games.

Any other bot (a subclass of these too) is played by the reference engine.

How the state is kept (one game at a time, arrays reused between games):

* ``position[piece]``: the space of each piece (seats 0-5, Philo Vance 6),
  -1 off the board (a retired player, Philo Vance before his 7);
* ``court[seat, juror]``: the clue on each juror (-1: none), ``up[seat,
  juror]`` 1 when it is face up; the children's ``hand[seat, k]`` with
  ``seat_[seat, HAND_N]`` cards;
* ``pile`` (bottom first; the top is the last), ``discards`` likewise, their
  heights in ``g[PILE_N]``, ``g[DISCARD_N]``;
* ``seat_[seat, ...]``: suspect, declared, failures, needs_more, retired,
  claimed clue, claim_waits, has_court, ...; ``g[...]``: whose turn, turns,
  winner, end, Philo Vance's owner, the Judge, counts, the lead;
* the board as tables: ``dest[space, steps, k]`` (``Board.destinations``),
  ``adj[space, k]`` (the two-way paths), ``kind_[space]`` (red spot, arrow);
* the bots: ``beliefs[suspect, clue]`` (the table's), ``mind[M_..., ...]``
  (each seat's bot and boldness, space scores, the prior, scratch rows for
  the odds); ``work[W_..., ...]``: the lists a decision makes, kept between
  calls so that nothing is allocated during a game.
"""
from __future__ import annotations

import numpy as np

from boardkit.core.bots import Random
from boardkit.core.fast import (below, bot_codes, lane_seeds, new_chance, njit, note_lead, result_columns,
                                seed_chance, shuffle, unsupported_bot)

from .analysis import prior_beliefs
from .bots import Detective, space_scores
from .rules import PHILO_VANCE

#: every function of the lane is compiled without numba's reference counting: nothing in it
#: allocates (the arrays come from :func:`new_state`), and counting the references of some twenty
#: arrays at every call took half the time of a game
lane_jit = njit(_nrt=False)
#: the steps down the lane's longest chain of calls (a game, its turns, a throw, a move's arrival
#: and bumps, a clue spot, taking a clue) are compiled into the function that calls them (numba's
#: ``inline="always"``).  numba links the code of every compiled function a function calls into it,
#: and optimises it and makes machine code of it all again there: a function compiled on its own is
#: compiled once more inside each function above it, so the longer the chain of separately compiled
#: functions, the longer the lane's first compile.  Inlining every function would cost as much again
#: in numba's own (slower) inlining, so the other functions stay on their own.
into_caller = njit(_nrt=False, inline="always")

PV = PHILO_VANCE  # Philo Vance's piece (the seats are 0..5)
N_PIECES = 7
MAX_STEPS = 12    # two dice
# g[...] slots: one game's scalars
(CURRENT, TURNS, WINNER, END, PV_OWNER, JUDGE, DECLARATIONS, BUMPS, PILE_N, DISCARD_N, ON_CLUE_SPOT,
 EXTRA_TURN, LEADER, LEAD_CHANGES, STANDINGS_STALE, TOP_BARRED) = range(16)
N_G = 16
# seat_[seat, ...] slots: each player's scalars
(SUSPECT, DECLARED, FAILURES, NEEDS_MORE, RETIRED, CLAIMED, CLAIM_WAITS, HAS_COURT, HAND_N, STANDING,
 WORST) = range(11)
N_SEAT = 11
# how a game ended (END)
GOING_ON, CONVICTED, ALL_RETIRED, TURN_CAP = 0, 1, 2, 3
END_LABELS = (None, "convicted", "all retired", "turn cap")  # END_LABELS[code]: the end in the result
# the rules unpacked into one int array (R_...)
(R_COURT_SIZE, R_NAMED, R_DECLARE, R_CONVICT, R_FALLBACK, R_RETIRE, R_JUDGE_NEEDED, R_ARROW_REWARDS,
 R_DEMAND_REFILL, R_RESHUFFLE, R_CHILDREN, R_HAND_LIMIT, R_CHILDREN_WIN, R_MAX_TURNS, R_N_SUSPECTS,
 R_N_CLUES, R_CLAIM_ANY_TIME) = range(17)
# the board unpacked into one int array (B_...): special spaces, then the queue
B_X, B_START, B_PARK, B_QUEUE = 0, 1, 2, 3  # B_QUEUE .. B_QUEUE + 3: Radio Car, Call Box 1, 2, 3
# kind_[space] bits
RED_SPOT, ARROW = 1, 2
QUEUE = -1  # a piece bumped off X goes to the Radio Car queue (actions.QUEUE)
# rows of the scratch array ``work`` (numbers a decision lists, kept between calls so nothing is allocated)
(W_CHOICES, W_OTHERS, W_TARGETS, W_MOVING, W_WAITING, W_ONWARD, W_BUMPED, W_BUMPER, W_PENALISED, W_PENALISER,
 W_DRAWS, W_SHOWN, W_FOUND, W_CARDS, W_POOL, W_NAMED, W_JURORS, W_SUSPECTS, W_THROWERS, W_TOTALS, W_FREE, W_ORDER,
 W_PLAN, W_TABLE, W_TABLE2, W_SET_ORDER) = range(26)
N_WORK = 26
SET_TABLE = 128  # the widest Python set table of up to 24 clues
# the bots
RANDOM, DETECTIVE = 0, 1
#: the columns of ``out`` (one row a game), in Game.result()'s order after ``seed``
OUT_COLUMNS = ("winner", "turns", "end", "winner_suspect", "declarations", "successful", "retired", "bumps",
               "philo_vance", "judge", "lead_changes", "winner_worst_deficit")
(O_WINNER, O_TURNS, O_END, O_SUSPECT, O_DECLARATIONS, O_SUCCESSFUL, O_RETIRED, O_BUMPS, O_PHILO_VANCE, O_JUDGE,
 O_LEAD_CHANGES, O_DEFICIT) = range(len(OUT_COLUMNS))
# rows of ``mind`` (floats): each seat's bot and boldness, the Detective's space scores
# (bots.space_scores, without and with a court card), each card's copies in the deck (the
# children's pick), scratch rows for the odds, a flag row, then the prior beliefs (one row a suspect)
(M_BOT, M_BOLD, M_LAST_TRY, M_SCORES, M_SCORES_COURT, M_COPIES, M_DIST, M_VALUES, M_VALUES2, M_NEW, M_FLAGS,
 M_PRIOR) = range(12)
F_ANY_DETECTIVE = 0  # M_FLAGS: is any seat a Detective (then every verdict updates the beliefs)?


# -- Random's choice ---------------------------------------------------------------------
@lane_jit
def random_pick(chance, n):
    """``Random``'s pick among ``n`` legal actions (0 .. n-1, the order of ``Game.legal_actions()``),
    one ``below(n)`` as ``chance.pick`` draws it; a lone action is forced and draws nothing
    (``bk.play`` carries it out without asking the bot)."""
    return 0 if n == 1 else below(chance, n)


# -- small counts ------------------------------------------------------------------------
@lane_jit
def distinct_in_play(p, court, up, hand, seat_, rules, seen):
    """How many different clues are in play for ``p`` (Game.clues_in_play); marks them in ``seen``
    (the caller clears it with :func:`clear_seen`)."""
    n = 0
    if rules[R_CHILDREN]:
        for k in range(seat_[p, HAND_N]):
            clue = hand[p, k]
            if not seen[clue]:
                seen[clue] = 1
                n += 1
        return n
    for j in range(rules[R_COURT_SIZE]):
        clue = court[p, j]
        if up[p, j] and clue >= 0 and not seen[clue]:
            seen[clue] = 1
            n += 1
    return n


@lane_jit
def clear_seen(seen):
    for c in range(seen.shape[0]):
        seen[c] = 0


@lane_jit
def correct_in_play(p, court, up, hand, seat_, rules, on_card, seen):
    """Game.correct_in_play: the player's different clues in play that are on his suspect's card."""
    suspect = seat_[p, SUSPECT]
    if suspect < 0 or (not rules[R_CHILDREN] and not seat_[p, HAS_COURT]):
        return 0
    n = 0
    if rules[R_CHILDREN]:
        for k in range(seat_[p, HAND_N]):
            clue = hand[p, k]
            if not seen[clue]:
                seen[clue] = 1
                n += on_card[suspect, clue]
        for k in range(seat_[p, HAND_N]):
            seen[hand[p, k]] = 0
        return n
    for j in range(rules[R_COURT_SIZE]):
        clue = court[p, j]
        if up[p, j] and clue >= 0 and not seen[clue]:
            seen[clue] = 1
            n += on_card[suspect, clue]
    unmark_in_play(p, court, up, hand, seat_, rules, seen)
    return n


@lane_jit
def unmark_in_play(p, court, up, hand, seat_, rules, seen):
    """Clear the marks :func:`distinct_in_play` left in ``seen`` (only the places it looked at)."""
    if rules[R_CHILDREN]:
        for k in range(seat_[p, HAND_N]):
            seen[hand[p, k]] = 0
        return
    for j in range(rules[R_COURT_SIZE]):
        if court[p, j] >= 0:
            seen[court[p, j]] = 0


@lane_jit
def any_face_up(p, court, up, rules):
    for j in range(rules[R_COURT_SIZE]):
        if up[p, j]:
            return True
    return False


@lane_jit
def owner_of(piece, g):
    """Game.owner: the seat a piece plays for (Philo Vance: his owner, -1 nobody's)."""
    return g[PV_OWNER] if piece == PV else piece


# -- the lead (core/lead.py's LeadTracker) ------------------------------------------------
@lane_jit
def note_standing(n_players, court, up, hand, seat_, g, rules, on_card, seen):
    """The end of a turn (Game._note_standing): each seat's standing is correct_in_play, handed
    to :func:`lead_update`.  The standings are worked out again only when a clue in play or a
    suspect changed since the last time (``g[STANDINGS_STALE]``): the same standings again
    would change nothing."""
    if not g[STANDINGS_STALE]:
        return
    g[STANDINGS_STALE] = 0
    for p in range(n_players):
        seat_[p, STANDING] = correct_in_play(p, court, up, hand, seat_, rules, on_card, seen)
    lead_update(n_players, seat_, g)


@lane_jit
def lead_update(n_players, seat_, g):
    """core.fast's lead tracker with the standings ``seat_[:, STANDING]``, the worst deficits
    ``seat_[:, WORST]`` and ``g[LEADER]``, ``g[LEAD_CHANGES]`` (side by side) as its ``lead``."""
    note_lead(seat_[:, STANDING], seat_[:, WORST], g[LEADER:LEAD_CHANGES + 1], n_players)


# -- the piles ----------------------------------------------------------------------------
@lane_jit
def draw_card(pile, discards, g, rules, chance):
    """Game._draw_card: the top clue of the pile, -1 if none; an empty pile takes the
    shuffled discards first when ``reshuffle_discards``."""
    if g[PILE_N] == 0 and rules[R_RESHUFFLE] and g[DISCARD_N] > 0:
        for k in range(g[DISCARD_N]):
            pile[k] = discards[k]
        g[PILE_N], g[DISCARD_N] = g[DISCARD_N], 0
        g[TOP_BARRED] = -1
        shuffle(pile, g[PILE_N], chance)
    if g[PILE_N] == 0:
        return -1
    g[PILE_N] -= 1
    return pile[g[PILE_N]]


@lane_jit
def put_under(pile, g, work, row, n):
    """``pile.cards[0:0] = cards`` (the first ``n`` of ``work[row]``): face down at the bottom, in order."""
    for k in range(g[PILE_N] - 1, -1, -1):
        pile[k + n] = pile[k]
    for k in range(n):
        pile[k] = work[row, k]
    g[PILE_N] += n


# -- claims --------------------------------------------------------------------------------
@lane_jit
def offer_claims(discarder, n_players, court, up, hand, seat_, discards, g, rules, on_card, seen, chance, beliefs, mind,
                 work):
    """Game._offer_top: the top discard is offered round the table from the player whose turn it
    is (not to its discarder, a retired player, one with no court card or one holding a claim);
    each says CLAIM or PASS (a Detective claims a clue it wants by a margin of 0.1).  A claim
    exposes the card beneath, offered to everybody again."""
    while not rules[R_CHILDREN] and g[DISCARD_N] > 0:
        claimer = -1
        for k in range(n_players):
            p = (g[CURRENT] + k) % n_players
            if p == discarder or seat_[p, RETIRED] or not seat_[p, HAS_COURT] or seat_[p, CLAIMED] >= 0:
                continue
            if is_detective(p, mind):
                claims = wants(p, discards[g[DISCARD_N] - 1], 0.1, n_players, court, up, hand, seat_, rules, beliefs,
                               on_card, seen, work, mind) >= 0
            else:
                claims = random_pick(chance, 2) == 0  # [CLAIM, PASS]
            if claims:
                claimer = p
                break
        if claimer < 0:
            return
        g[DISCARD_N] -= 1
        g[TOP_BARRED] = -1  # the card beneath is exposed another time: nobody is barred from it
        seat_[claimer, CLAIMED] = discards[g[DISCARD_N]]
        seat_[claimer, CLAIM_WAITS] = 1 if claimer == g[CURRENT] else 0  # "when it comes his turn": his next
        discarder = -1


# -- proving the case ----------------------------------------------------------------------
@lane_jit
def win(p, n_players, court, up, hand, seat_, g, rules, on_card, seen):
    note_standing(n_players, court, up, hand, seat_, g, rules, on_card, seen)  # the winning turn ends here
    g[WINNER] = p
    g[END] = CONVICTED


@lane_jit
def check_proof(p, n_players, court, up, hand, seat_, g, rules, on_card, seen):
    """Game._check_proof: a player who must prove the fallback number (or a child) wins as soon as he has it."""
    if rules[R_CHILDREN]:
        needed = rules[R_CHILDREN_WIN]
    elif seat_[p, NEEDS_MORE]:
        needed = rules[R_FALLBACK]
    else:
        return
    if correct_in_play(p, court, up, hand, seat_, rules, on_card, seen) >= needed:
        win(p, n_players, court, up, hand, seat_, g, rules, on_card, seen)


# -- keeping a clue ------------------------------------------------------------------------
@lane_jit
def keep_or_discard(p, clue, keep_only, n_players, court, up, hand, seat_, pile, discards, g, rules,
                    on_card, seen, chance, beliefs, mind, work):
    """Game._offer_keep / _keep: the drawn clue goes on any juror (any place of a full hand),
    the old clue to the discards; or the drawn clue is discarded (not a demanded one).
    A child with room in his hand simply adds it."""
    children = rules[R_CHILDREN]
    if children and seat_[p, HAND_N] < rules[R_HAND_LIMIT]:
        hand[p, seat_[p, HAND_N]] = clue
        seat_[p, HAND_N] += 1
        g[STANDINGS_STALE] = 1
        check_proof(p, n_players, court, up, hand, seat_, g, rules, on_card, seen)
        return
    places = seat_[p, HAND_N] if children else rules[R_COURT_SIZE]
    if is_detective(p, mind):  # its weakest place, if it wants the clue (a demanded one it must keep)
        if keep_only:
            target = target_of(p, p, n_players, court, up, hand, seat_, rules, beliefs, on_card, seen, work)
            k = weakest_place(p, target, court, up, hand, seat_, rules, beliefs, on_card, seen, mind)
        else:
            k = wants(p, clue, 0.0, n_players, court, up, hand, seat_, rules, beliefs, on_card, seen, work, mind)
            if k < 0:
                k = places
    else:
        k = random_pick(chance, places if keep_only else places + 1)  # Keep(1..places) [+ DISCARD]
    if k == places:
        discards[g[DISCARD_N]] = clue
        g[DISCARD_N] += 1
        g[TOP_BARRED] = p
        offer_claims(p, n_players, court, up, hand, seat_, discards, g, rules, on_card, seen, chance, beliefs, mind,
                     work)
        return
    if children:
        old = hand[p, k]
        hand[p, k] = clue
    else:
        old = court[p, k]
        court[p, k] = clue
        up[p, k] = 1
    g[STANDINGS_STALE] = 1
    if old >= 0:
        discards[g[DISCARD_N]] = old
        g[DISCARD_N] += 1
        g[TOP_BARRED] = p
    check_proof(p, n_players, court, up, hand, seat_, g, rules, on_card, seen)
    if old >= 0 and g[END] == GOING_ON:
        offer_claims(p, n_players, court, up, hand, seat_, discards, g, rules, on_card, seen, chance, beliefs, mind,
                     work)


@into_caller
def take_clue(p, from_claim, n_players, court, up, hand, seat_, pile, discards, g, rules, on_card, seen, chance, beliefs, mind, work):
    """Game._take_clue: draw a clue (or take the claimed one), then keep it or discard it."""
    if from_claim:
        clue = seat_[p, CLAIMED]
        seat_[p, CLAIMED] = -1
        seat_[p, CLAIM_WAITS] = 0
    else:
        clue = draw_card(pile, discards, g, rules, chance)
        if clue < 0:
            return  # no clue is left to draw
    keep_or_discard(p, clue, False, n_players, court, up, hand, seat_, pile, discards, g, rules, on_card, seen,
                    chance, beliefs, mind, work)


@into_caller
def clue_spot(p, from_claim, n_players, court, up, hand, seat_, pile, discards, g, rules, on_card, seen, chance,
              beliefs, mind, work):
    """Game._task_clue_spot: on a red clue spot he may draw or not ([DRAW, NO_DRAW]; a Detective
    draws), unless he brings a claimed clue (he must take it) or no clue is left to draw."""
    can_draw = g[PILE_N] > 0 or (rules[R_RESHUFFLE] and g[DISCARD_N] > 0)
    if not from_claim and can_draw and not is_detective(p, mind) and random_pick(chance, 2) == 1:
        return  # NO_DRAW
    take_clue(p, from_claim, n_players, court, up, hand, seat_, pile, discards, g, rules, on_card, seen, chance,
              beliefs, mind, work)


# -- the order Python visits a set of clues in ------------------------------------------------------
# The Detective adds up beliefs over a Python set of clues (``game.clues_in_play``), and a sum of
# floats depends on its order: two suspects whose sums are equal in exact arithmetic can come out
# one rounding apart, and the ``max`` then picks by that rounding.  To make the same choices the
# lane visits the clues in the order CPython's set does: a table of 8, 32, 128 ... slots, a clue c
# at slot c & mask, probing on (setobject.c: LINEAR_PROBES 9, PERTURB_SHIFT 5; the table grows to
# more than 4 x the clues when 3/5 full).
LINEAR_PROBES, PERTURB_SHIFT = 9, 5


@lane_jit
def set_insert(table, mask, key):
    """setobject.c set_add_entry / set_insert_clean for a whole number ``key`` (its own hash):
    1 if it was added, 0 if it was there already."""
    i = key & mask
    perturb = key
    while True:
        probes = LINEAR_PROBES if i + LINEAR_PROBES <= mask else 0
        for j in range(i, i + probes + 1):
            if table[j] < 0:
                table[j] = key
                return 1
            if table[j] == key:
                return 0
        perturb >>= PERTURB_SHIFT
        i = (i * 5 + 1 + perturb) & mask


@lane_jit
def set_resize(work, mask, used, min_used):
    """setobject.c set_table_resize: a table of more than ``min_used`` slots (8, 16, 32, ...), the
    clues re-inserted in the old table's order.  Returns the new mask."""
    size = 8
    while size <= min_used:
        size <<= 1
    n = 0
    for j in range(mask + 1):
        if work[W_TABLE, j] >= 0:
            work[W_TABLE2, n] = work[W_TABLE, j]
            n += 1
    for j in range(size):
        work[W_TABLE, j] = -1
    for k in range(n):
        set_insert(work[W_TABLE], size - 1, work[W_TABLE2, k])
    return size - 1


@lane_jit
def python_set_order(p, court, up, hand, seat_, rules, work, as_frozenset):
    """The clues of ``game.clues_in_play(p)`` (children: ``set(hand)``) in the order Python iterates
    them, into ``work[W_SET_ORDER]``; with ``as_frozenset``, the order of ``frozenset`` of that set
    (setobject.c set_merge into an empty set).  Returns how many."""
    mask, used = 7, 0
    for j in range(8):
        work[W_TABLE, j] = -1
    children = rules[R_CHILDREN]
    for k in range(seat_[p, HAND_N] if children else rules[R_COURT_SIZE]):
        if children:
            clue = hand[p, k]
        elif up[p, k] and court[p, k] >= 0:
            clue = court[p, k]
        else:
            continue
        if set_insert(work[W_TABLE], mask, clue):
            used += 1
            if used * 5 >= mask * 3:
                mask = set_resize(work, mask, used, used * 4)
    if as_frozenset and used * 5 >= 7 * 3:
        size = 8
        while size <= used * 2:
            size <<= 1
        if size - 1 != mask:  # a table of another size: the clues are inserted again, in table order
            mask = set_resize(work, mask, used, used * 2)
    n = 0
    for j in range(mask + 1):
        if work[W_TABLE, j] >= 0:
            work[W_SET_ORDER, n] = work[W_TABLE, j]
            n += 1
    return n


# -- the Detective (bots.Detective): beliefs and the choices it makes from them -------------------
@lane_jit
def is_detective(p, mind):
    return mind[M_BOT, p] == DETECTIVE


@lane_jit
def belief(viewer, s, c, beliefs, seat_, rules, on_card):
    """What ``viewer`` believes: the chance that clue ``c`` is on suspect ``s``'s card.  The table's
    beliefs (every Detective's notebook), but its own suspect's card exactly once it is face up
    (a failed conviction; the children's game) -- Detective._beliefs."""
    if s == seat_[viewer, SUSPECT] and (seat_[viewer, NEEDS_MORE] or rules[R_CHILDREN]):
        return float(on_card[s, c])
    return beliefs[s, c]


@lane_jit
def count_distribution(mind, row, n):
    """analysis.count_distribution of the ``n`` chances in ``mind[row]``, into ``mind[M_DIST, :n + 1]``."""
    dist = mind[M_DIST]
    dist[0] = 1.0
    for j in range(n):
        p = mind[row, j]
        for c in range(j + 1, -1, -1):  # c right: c right before and this one wrong, or c - 1 and this one right
            wrong = dist[c] if c <= j else 0.0
            right = dist[c - 1] if c > 0 else 0.0
            dist[c] = wrong * (1.0 - p) + right * p


@lane_jit
def chance_at_least(mind, row, n, need):
    """analysis.chance_at_least: P(at least ``need`` of the ``n`` chances in ``mind[row]`` come true)."""
    count_distribution(mind, row, n)
    total = 0.0
    for c in range(need, n + 1):
        total += mind[M_DIST, c]
    return min(1.0, max(0.0, total))


@lane_jit
def hear_verdict(suspect, named, n, successful, need, beliefs, mind):
    """analysis.update_on_verdict on the table's row of ``suspect``: Bayes' rule for each named clue."""
    for j in range(n):
        mind[M_VALUES, j] = beliefs[suspect, named[j]]
    count_distribution(mind, M_VALUES, n)
    evidence = 0.0
    for c in range(need if successful else 0, n + 1 if successful else need):
        evidence += mind[M_DIST, c]
    if evidence <= 0:
        return  # impossible under the beliefs (the reference raises); the printed cards never do it
    need_1 = max(need - 1, 0)
    for position in range(n):
        m = 0
        for j in range(n):
            if j != position:
                mind[M_VALUES2, m] = mind[M_VALUES, j]
                m += 1
        count_distribution(mind, M_VALUES2, n - 1)
        likelihood = 0.0
        for c in range(need_1 if successful else 0, n if successful else need_1):
            likelihood += mind[M_DIST, c]
        mind[M_NEW, position] = min(1.0, max(0.0, mind[M_VALUES, position] * likelihood / evidence))
    for j in range(n):
        beliefs[suspect, named[j]] = mind[M_NEW, j]


@lane_jit
def target_of(p, viewer, n_players, court, up, hand, seat_, rules, beliefs, on_card, seen, work):
    """Detective._target as ``viewer`` sees it: p's suspect, else the free suspect p's clues in
    play fit best (the most clues expected on the card; ties: the first suspect)."""
    if seat_[p, SUSPECT] >= 0:
        return seat_[p, SUSPECT]
    n_held = python_set_order(p, court, up, hand, seat_, rules, work, False)
    n_free = free_suspects(p, n_players, seat_, rules, work[W_FREE])
    best, best_total = -1, -1.0
    for k in range(n_free):
        s = work[W_FREE, k]
        total = 0.0
        for j in range(n_held):  # summed in the set's order, as Python does
            total += belief(viewer, s, work[W_SET_ORDER, j], beliefs, seat_, rules, on_card)
        if total > best_total:
            best, best_total = s, total
    return best


@lane_jit
def weakest_place(p, target, court, up, hand, seat_, rules, beliefs, on_card, seen, mind):
    """Detective._weakest: the place (0-based) holding the clue worth least to the case
    (empty -1, a repeat 0, a face-down clue half its belief), left in ``mind[M_NEW, 0]`` as its worth."""
    children = rules[R_CHILDREN]
    places = seat_[p, HAND_N] if children else rules[R_COURT_SIZE]
    slot, worth_least = 0, 2.0
    for k in range(places):
        clue = hand[p, k] if children else court[p, k]
        if clue < 0:
            worth = -1.0
        elif seen[clue]:
            worth = 0.0  # a repeat counts once
        else:
            seen[clue] = 1
            worth = belief(p, target, clue, beliefs, seat_, rules, on_card)
            if not children and not up[p, k]:
                worth *= 0.5
        if worth < worth_least:
            slot, worth_least = k, worth
    for k in range(places):
        clue = hand[p, k] if children else court[p, k]
        if clue >= 0:
            seen[clue] = 0
    mind[M_NEW, 0] = worth_least
    return slot


@lane_jit
def wants(p, clue, margin, n_players, court, up, hand, seat_, rules, beliefs, on_card, seen, work, mind):
    """The Detective's test for a clue it may take (keep it, claim it): not already in play, and
    likelier on its target's card than its weakest clue by more than ``margin``.  Returns the
    weakest place, or -1 when it does not want the clue."""
    target = target_of(p, p, n_players, court, up, hand, seat_, rules, beliefs, on_card, seen, work)
    slot = weakest_place(p, target, court, up, hand, seat_, rules, beliefs, on_card, seen, mind)
    weakest = mind[M_NEW, 0]
    distinct_in_play(p, court, up, hand, seat_, rules, seen)
    in_play = seen[clue] == 1
    unmark_in_play(p, court, up, hand, seat_, rules, seen)
    if not in_play and belief(p, target, clue, beliefs, seat_, rules, on_card) > weakest + margin:
        return slot
    return -1


@lane_jit
def best_arrest(p, n_suspects, court, up, hand, seat_, rules, beliefs, on_card, seen, work, mind):
    """Detective._best_arrest among the suspects in ``work[W_SUSPECTS, :n_suspects]``: for each,
    the sum of its ``named_clues`` likeliest held clues; the exact odds for the two best; the
    likelier (ties: the first suspect).  Returns the suspect; its odds in ``mind[M_NEW, 1]`` and
    the clues to name, likeliest first, in ``work[W_PLAN]``."""
    k = rules[R_NAMED]
    n_held = distinct_in_play(p, court, up, hand, seat_, rules, seen)
    m = 0
    for c in range(seen.shape[0]):
        if seen[c]:
            work[W_POOL, m] = c  # held, in clue order
            m += 1
            seen[c] = 0
    first = second = -1
    top_first = top_second = -1.0
    for i in range(n_suspects):  # the two best sums, in the suspects' order (a stable sort by -sum)
        s = work[W_SUSPECTS, i]
        for j in range(n_held):
            mind[M_VALUES, j] = belief(p, s, work[W_POOL, j], beliefs, seat_, rules, on_card)
        total = 0.0
        for j in range(k):  # the k largest, largest first (sorted(..., reverse=True)[:k])
            best_j = j
            for q in range(j + 1, n_held):
                if mind[M_VALUES, q] > mind[M_VALUES, best_j]:
                    best_j = q
            mind[M_VALUES, j], mind[M_VALUES, best_j] = mind[M_VALUES, best_j], mind[M_VALUES, j]
            total += mind[M_VALUES, j]
        if total > top_first:
            second, top_second = first, top_first
            first, top_first = s, total
        elif total > top_second:
            second, top_second = s, total
    best, best_odds = -1, -1.0
    for s in (first, second):
        if s < 0:
            continue
        # the k likeliest held clues for s: sorted(held, key=-belief) is stable, so ties keep clue order
        for j in range(n_held):
            work[W_ORDER, j] = work[W_POOL, j]
        for j in range(k):
            best_j = j
            for q in range(j + 1, n_held):
                if (belief(p, s, work[W_ORDER, q], beliefs, seat_, rules, on_card)
                        > belief(p, s, work[W_ORDER, best_j], beliefs, seat_, rules, on_card)):
                    best_j = q
            chosen = work[W_ORDER, best_j]
            for q in range(best_j, j, -1):  # keep the others in their order (a stable selection)
                work[W_ORDER, q] = work[W_ORDER, q - 1]
            work[W_ORDER, j] = chosen
            mind[M_VALUES, j] = belief(p, s, chosen, beliefs, seat_, rules, on_card)
        odds = chance_at_least(mind, M_VALUES, k, rules[R_DECLARE])
        if odds > best_odds or (odds == best_odds and s < best):
            best, best_odds = s, odds
            for j in range(k):
                work[W_PLAN, j] = work[W_ORDER, j]
    mind[M_NEW, 1] = best_odds
    return best


@lane_jit
def detective_bump(p, n_others, n_targets, board, kind_, g, work):
    """Detective._bump: the choice's number among Bump(piece, to) (+ NO_BUMP last): never its own
    pieces; a rival sent to the Radio Car queue if it can, else onto a space with no clue spot."""
    x = board[B_X]
    for wanted in range(3):  # 0: to the queue; 1: no clue spot for him; 2: any rival
        for k in range(n_others * n_targets):
            owner = owner_of(work[W_OTHERS, k // n_targets], g)
            if owner == p or owner < 0:
                continue
            to = work[W_TARGETS, k % n_targets]
            if wanted == 0 and not (to == QUEUE or to == x or (kind_[to] & ARROW)):
                continue
            if wanted == 1 and to >= 0 and (kind_[to] & RED_SPOT):
                continue
            return k
    return n_others * n_targets  # NO_BUMP


@lane_jit
def detective_before_the_dice(p, n_arrests, can_convict, n_players, court, up, hand, seat_, rules, beliefs, on_card,
                              seen, work, mind):
    """Detective._before_roll: convict when the odds of enough correct clues reach its boldness;
    else arrest the best suspect when the odds of a Successful Declaration do (``last_try_boldness``
    on the attempt that would retire it).  0: roll; 1 + i: arrest the i-th free suspect; 1: convict."""
    if can_convict:
        n_held = python_set_order(p, court, up, hand, seat_, rules, work, True)  # frozenset(clues_in_play)
        for j in range(n_held):
            mind[M_VALUES, j] = belief(p, seat_[p, SUSPECT], work[W_SET_ORDER, j], beliefs, seat_, rules, on_card)
        if chance_at_least(mind, M_VALUES, n_held, rules[R_CONVICT]) >= mind[M_BOLD, p]:
            return 1
    if n_arrests > 0:
        suspect = best_arrest(p, n_arrests, court, up, hand, seat_, rules, beliefs, on_card, seen, work, mind)
        limit = rules[R_RETIRE]
        last_try = limit > 0 and seat_[p, FAILURES] == limit - 1
        if mind[M_NEW, 1] >= (mind[M_LAST_TRY, p] if last_try else mind[M_BOLD, p]):
            for i in range(n_arrests):
                if work[W_SUSPECTS, i] == suspect:
                    return 1 + i
    return 0


# -- the board -----------------------------------------------------------------------------
@lane_jit
def n_at(space, skip, position, n_players, work, row):
    """The pieces on ``space`` other than ``skip`` (seats first, then Philo Vance) into ``work[row]``."""
    n = 0
    for piece in range(N_PIECES):
        if (piece < n_players or piece == PV) and piece != skip and position[piece] == space:
            work[row, n] = piece
            n += 1
    return n


@lane_jit
def queue_free(position, board):
    """How many places of the Radio Car queue are free."""
    free = 0
    for q in range(4):
        taken = False
        for piece in range(N_PIECES):
            if position[piece] == board[B_QUEUE + q]:
                taken = True
        if not taken:
            free += 1
    return free


@lane_jit
def sends_to_queue(space, board, kind_):
    """X and the green arrows send a bumped piece to the Radio Car queue."""
    return space == board[B_X] or (kind_[space] & ARROW) != 0


@lane_jit
def send_to_queue(piece, position, board):
    """The first free place: the Radio Car, then Call Box 1, 2, 3."""
    for q in range(4):
        place = board[B_QUEUE + q]
        taken = False
        for other in range(N_PIECES):
            if position[other] == place:
                taken = True
        if not taken:
            position[piece] = place
            return


@lane_jit
def queue_blocked(where, position, board):
    """Call Box 2 and 3 wait until the numbered places ahead of them are clear."""
    for q in range(2, 4):
        if where == board[B_QUEUE + q]:
            for ahead in range(1, q):
                for piece in range(N_PIECES):
                    if position[piece] == board[B_QUEUE + ahead]:
                        return True
    return False


# -- bumping ---------------------------------------------------------------------------------
@lane_jit
def beyond(came_from, space, n_pieces, position, board, adj, n_adj, kind_, work):
    """Game._beyond: where ``n_pieces`` pushed on from ``space`` may go down the line (X and the
    arrows only while the queue has a place for each)."""
    room = queue_free(position, board) >= n_pieces
    n = 0
    for k in range(n_adj[space]):
        s = adj[space, k]
        if s != came_from and (room or not sends_to_queue(s, board, kind_)):
            work[W_ONWARD, n] = s
            n += 1
    return n


@into_caller
def bump(piece, to, mover, n_players, position, court, up, hand, seat_, pile, discards, g, rules, board, adj,
         n_adj, kind_, on_card, seen, chance, beliefs, mind, work):
    """Game._bump, _push_on and _chain_done: move the bumped piece (and down the line the pieces
    it lands on); each bumped player may lose a clue, turned down by the player whose piece
    bumped him; then whoever was bumped onto a clue spot draws."""
    g[BUMPS] += 1
    work[W_BUMPED, 0], work[W_BUMPER, 0] = piece, mover  # each bumped piece, and the piece that bumped it
    n_victims = 1
    work[W_MOVING, 0] = piece
    n_moving = 1
    start = position[piece]
    if to == QUEUE:
        send_to_queue(piece, position, board)
    else:
        space = to
        while True:
            if sends_to_queue(space, board, kind_):
                for k in range(n_moving):
                    send_to_queue(work[W_MOVING, k], position, board)
                break
            n_waiting = n_at(space, mover, position, n_players, work, W_WAITING)
            for k in range(n_moving):
                position[work[W_MOVING, k]] = space
            n_onward = beyond(start, space, n_waiting, position, board, adj, n_adj, kind_, work)
            if n_waiting == 0 or n_onward == 0:
                break
            for k in range(n_waiting):  # the pieces waiting there are bumped by the first one arriving
                work[W_BUMPED, n_victims], work[W_BUMPER, n_victims] = work[W_WAITING, k], work[W_MOVING, 0]
                n_victims += 1
            for k in range(n_waiting):
                work[W_MOVING, k] = work[W_WAITING, k]
            n_moving = n_waiting
            pick = 0 if is_detective(g[CURRENT], mind) else random_pick(chance, n_onward)
            start, space = space, work[W_ONWARD, pick]
    # the chain is done: penalties first, then the draws (Game._chain_done)
    n_penalties = n_draws = 0
    for v in range(n_victims):
        owner, bumper = owner_of(work[W_BUMPED, v], g), owner_of(work[W_BUMPER, v], g)
        if owner < 0 or not seat_[owner, HAS_COURT]:
            continue
        if bumper >= 0 and bumper != owner and any_face_up(owner, court, up, rules):
            work[W_PENALISED, n_penalties], work[W_PENALISER, n_penalties] = owner, bumper
            n_penalties += 1
        if kind_[position[work[W_BUMPED, v]]] & RED_SPOT:
            work[W_DRAWS, n_draws] = owner
            n_draws += 1
    for k in range(n_penalties):
        victim, bumper = work[W_PENALISED, k], work[W_PENALISER, k]
        if any_face_up(victim, court, up, rules):  # the bumper turns one down, or spares him
            n_up = 0
            for j in range(rules[R_COURT_SIZE]):
                n_up += up[victim, j]
            if is_detective(bumper, mind):  # the clue likeliest for the victim's suspect (as it sees it)
                suspect = target_of(victim, bumper, n_players, court, up, hand, seat_, rules, beliefs, on_card, seen,
                                    work)
                pick, best, n = 0, -1.0, 0
                for j in range(rules[R_COURT_SIZE]):
                    if up[victim, j]:
                        worth = belief(bumper, suspect, court[victim, j], beliefs, seat_, rules, on_card)
                        if worth > best:
                            pick, best = n, worth
                        n += 1
            else:
                pick = random_pick(chance, n_up + 1)  # TurnDown(face-up jurors) + [SPARE]
            for j in range(rules[R_COURT_SIZE]):
                if up[victim, j]:
                    if pick == 0:
                        up[victim, j] = 0
                        g[STANDINGS_STALE] = 1
                    pick -= 1
    for k in range(n_draws):
        clue_spot(work[W_DRAWS, k], False, n_players, court, up, hand, seat_, pile, discards, g, rules, on_card, seen,
                  chance, beliefs, mind, work)
        if g[END] != GOING_ON:
            return


@into_caller
def bump_check(piece, n_players, position, court, up, hand, seat_, pile, discards, g, rules, board, adj, n_adj,
               kind_, on_card, seen, chance, beliefs, mind, work):
    """Game._bump_choices: a piece landing where others stand may bump one of them to an
    adjoining space (off X: to the queue), or not bump at all."""
    at = position[piece]
    n_others = n_at(at, piece, position, n_players, work, W_OTHERS)
    if n_others == 0:
        return
    free = queue_free(position, board) > 0
    n_targets = 0
    if at == board[B_X]:
        if free:
            work[W_TARGETS, 0] = QUEUE
            n_targets = 1
    else:
        for k in range(n_adj[at]):
            t = adj[at, k]
            if free or not sends_to_queue(t, board, kind_):
                work[W_TARGETS, n_targets] = t
                n_targets += 1
    n_choices = n_others * n_targets
    if n_choices == 0:
        return
    if is_detective(g[CURRENT], mind):
        k = detective_bump(g[CURRENT], n_others, n_targets, board, kind_, g, work)
    else:
        k = random_pick(chance, n_choices + 1)  # Bump(piece, to) for each piece and target, + [NO_BUMP]
    if k == n_choices:
        return
    bump(work[W_OTHERS, k // n_targets], work[W_TARGETS, k % n_targets], piece, n_players, position, court, up,
         hand, seat_, pile, discards, g, rules, board, adj, n_adj, kind_, on_card, seen, chance, beliefs, mind, work)


# -- arriving ------------------------------------------------------------------------------------
@lane_jit
def demandable(p, n_players, court, up, hand, seat_, rules, on_card, seen, work):
    """Game._demandable: the clues of his card he lacks that another active player shows face up."""
    suspect = seat_[p, SUSPECT]
    shown = work[W_SHOWN]
    for c in range(seen.shape[0]):
        shown[c] = 0
    for other in range(n_players):
        if other != p and not seat_[other, RETIRED]:
            distinct_in_play(other, court, up, hand, seat_, rules, seen)
            for c in range(seen.shape[0]):
                if seen[c]:
                    shown[c] = 1
                    seen[c] = 0
    distinct_in_play(p, court, up, hand, seat_, rules, seen)
    n = 0
    for c in range(seen.shape[0]):
        if on_card[suspect, c] and shown[c] and not seen[c]:
            work[W_FOUND, n] = c
            n += 1
    clear_seen(seen)
    return n


@into_caller
def demand(p, clue, n_players, court, up, hand, seat_, pile, discards, g, rules, on_card, seen, chance, beliefs, mind, work):
    """Game._demand: the first player on his left showing the clue gives it up (refilling that juror
    from the pile when ``demand_refill``); the demanded clue must be kept."""
    for k in range(1, n_players):
        giver = (p + k) % n_players
        if seat_[giver, RETIRED]:
            continue
        for j in range(rules[R_COURT_SIZE]):
            if up[giver, j] and court[giver, j] == clue:
                refill = draw_card(pile, discards, g, rules, chance) if rules[R_DEMAND_REFILL] else -1
                court[giver, j] = refill
                up[giver, j] = 1 if refill >= 0 else 0
                g[STANDINGS_STALE] = 1
                keep_or_discard(p, clue, True, n_players, court, up, hand, seat_, pile, discards, g, rules,
                                on_card, seen, chance, beliefs, mind, work)
                return


@lane_jit
def receive_court(p, court, up, seat_, pile, discards, g, rules, chance):
    """First to X: the top clues of the pile on jurors 1-12, face up."""
    for j in range(rules[R_COURT_SIZE]):
        clue = draw_card(pile, discards, g, rules, chance)
        court[p, j] = clue
        up[p, j] = 1 if clue >= 0 else 0
    seat_[p, HAS_COURT] = 1
    g[STANDINGS_STALE] = 1


@into_caller
def arrive(piece, by_arrow, n_players, position, court, up, hand, seat_, pile, discards, g, rules, board, kind_,
           on_card, seen, chance, beliefs, mind, work):
    """Game._task_arrive: what the space the piece stopped on gives its owner."""
    space, owner = position[piece], g[CURRENT]
    x = board[B_X]
    if rules[R_CHILDREN]:  # a spot, an arrow space or X gives a clue
        if space == x or kind_[space] != 0:
            g[ON_CLUE_SPOT] = 1
            take_clue(owner, False, n_players, court, up, hand, seat_, pile, discards, g, rules, on_card, seen,
                      chance, beliefs, mind, work)
        return
    if space != x and not (kind_[space] & RED_SPOT):
        return
    if space == x and piece == owner and not seat_[owner, HAS_COURT]:
        receive_court(owner, court, up, seat_, pile, discards, g, rules, chance)
        return  # the turn ends (the player has no Philo Vance to move yet)
    if not seat_[owner, HAS_COURT]:
        return  # clue spots give nothing before the first visit to X
    if by_arrow and not rules[R_ARROW_REWARDS]:
        return
    g[ON_CLUE_SPOT] = 1
    if space == x and piece == owner:
        g[EXTRA_TURN] = 1
    if space == x and seat_[owner, NEEDS_MORE]:
        n = demandable(owner, n_players, court, up, hand, seat_, rules, on_card, seen, work)
        if n > 0:
            k = 0 if is_detective(owner, mind) else random_pick(chance, n + 1)  # Demand(each clue) + [DRAW]
            if k < n:
                demand(owner, work[W_FOUND, k], n_players, court, up, hand, seat_, pile, discards, g, rules, on_card, seen,
                       chance, beliefs, mind, work)
                return
    if space == x:
        take_clue(owner, seat_[owner, CLAIMED] >= 0, n_players, court, up, hand, seat_, pile, discards, g, rules,
                  on_card, seen, chance, beliefs, mind, work)
    else:
        clue_spot(owner, seat_[owner, CLAIMED] >= 0, n_players, court, up, hand, seat_, pile, discards, g, rules,
                  on_card, seen, chance, beliefs, mind, work)


@lane_jit
def move(piece, steps, n_players, position, court, up, hand, seat_, pile, discards, g, rules, board, dest, n_dest,
         adj, n_adj, kind_, on_card, seen, chance, beliefs, mind, work):
    """Game._task_move and _move: the whole throw one way to any space exactly ``steps`` away
    (children: not onto another piece); a green arrow sends the piece to X; then it may bump,
    then it arrives."""
    where = position[piece]
    if piece == PV and (g[PV_OWNER] != g[CURRENT] or where < 0 or where == board[B_X]):
        return  # not his to move, not on the board, or staying on X for good
    if queue_blocked(where, position, board):
        return
    children = rules[R_CHILDREN]
    n = 0
    for k in range(n_dest[where, steps]):
        s = dest[where, steps, k]
        if children:
            taken = False
            for other in range(N_PIECES):
                if other != piece and position[other] == s:
                    taken = True
            if taken:
                continue
        work[W_CHOICES, n] = s
        n += 1
    if n == 0:
        return  # no space is exactly that far
    if is_detective(g[CURRENT], mind):  # the best-liked space (bots.space_scores), the first of equals
        scores = M_SCORES_COURT if seat_[g[CURRENT], HAS_COURT] and not children else M_SCORES
        best = 0
        for k in range(1, n):
            if mind[scores, work[W_CHOICES, k]] > mind[scores, work[W_CHOICES, best]]:
                best = k
        space = work[W_CHOICES, best]
    else:  # Move(each space) [+ LEAVE_PHILO_VANCE]
        k = random_pick(chance, n + 1 if piece == PV else n)
        if k == n:
            return  # Philo Vance stays where he is
        space = work[W_CHOICES, k]
    position[piece] = space
    by_arrow = False
    if (kind_[space] & ARROW) and not children:
        position[piece] = board[B_X]
        by_arrow = True
    if not children:
        bump_check(piece, n_players, position, court, up, hand, seat_, pile, discards, g, rules, board, adj, n_adj,
                   kind_, on_card, seen, chance, beliefs, mind, work)
        if g[END] != GOING_ON:
            return
    arrive(piece, by_arrow, n_players, position, court, up, hand, seat_, pile, discards, g, rules, board, kind_,
           on_card, seen, chance, beliefs, mind, work)


# -- before the dice: arresting and convicting ----------------------------------------------------
@lane_jit
def free_suspects(p, n_players, seat_, rules, found):
    """Game.free_suspects: his own if he is committed, else any not spoken for by an active player."""
    if seat_[p, SUSPECT] >= 0:
        found[0] = seat_[p, SUSPECT]
        return 1
    n = 0
    for s in range(rules[R_N_SUSPECTS]):
        taken = False
        for q in range(n_players):
            if q != p and not seat_[q, RETIRED] and seat_[q, SUSPECT] == s:
                taken = True
        if not taken:
            found[n] = s
            n += 1
    return n


@lane_jit
def retire(p, n_players, position, court, up, seat_, pile, discards, g, rules, work):
    """Game._retire: out of the game; his clues go under the pile, his suspect is free again."""
    seat_[p, RETIRED] = 1
    g[STANDINGS_STALE] = 1
    n = 0
    for j in range(rules[R_COURT_SIZE]):
        if court[p, j] >= 0:
            work[W_CARDS, n] = court[p, j]
            n += 1
        court[p, j] = -1
        up[p, j] = 0
    put_under(pile, g, work, W_CARDS, n)
    position[p] = -1
    seat_[p, SUSPECT] = -1
    if g[PV_OWNER] == p:
        g[PV_OWNER] = -1
    if seat_[p, CLAIMED] >= 0:
        discards[g[DISCARD_N]] = seat_[p, CLAIMED]
        g[DISCARD_N] += 1
        g[TOP_BARRED] = p
        seat_[p, CLAIMED] = -1
        seat_[p, CLAIM_WAITS] = 0
    for q in range(n_players):
        if not seat_[q, RETIRED]:
            return
    g[END] = ALL_RETIRED


@lane_jit
def arrest(p, suspect, n_players, position, court, up, hand, seat_, pile, discards, g, rules, on_card, seen, chance, beliefs, mind,
           work):
    """Game._name and _unsuccessful: name ``named_clues`` different face-up clues one by one; at
    least ``declare_correct`` right is a Successful Declaration.  Else the named clues go under
    the pile and new ones replace them, or on the last allowed attempt he retires."""
    n_in_play = distinct_in_play(p, court, up, hand, seat_, rules, seen)
    pool, named = work[W_POOL], work[W_NAMED]
    n = 0
    for c in range(seen.shape[0]):
        if seen[c]:
            pool[n] = c
            n += 1
            seen[c] = 0
    right = 0
    for k in range(rules[R_NAMED]):  # Name(c) for the clues in play not yet named
        if is_detective(p, mind):
            named[k] = work[W_PLAN, k]  # the plan made with the arrest
        else:
            pick = k + random_pick(chance, n_in_play - k)  # pool[k:] are the clues not named, in order
            named[k] = pool[pick]
            for m in range(pick, k, -1):
                pool[m] = pool[m - 1]
        right += on_card[suspect, named[k]]
    g[DECLARATIONS] += 1
    if mind[M_FLAGS, F_ANY_DETECTIVE]:  # every Detective hears the verdict (Detective._hear_verdicts)
        hear_verdict(suspect, named, rules[R_NAMED], right >= rules[R_DECLARE], rules[R_DECLARE], beliefs, mind)
    seat_[p, SUSPECT] = suspect
    g[STANDINGS_STALE] = 1
    if right >= rules[R_DECLARE]:
        seat_[p, DECLARED] = 1
        return
    seat_[p, FAILURES] += 1
    if rules[R_RETIRE] > 0 and seat_[p, FAILURES] >= rules[R_RETIRE]:
        retire(p, n_players, position, court, up, seat_, pile, discards, g, rules, work)
        return
    jurors = work[W_JURORS]
    for k in range(rules[R_NAMED]):  # each named clue's first face-up juror
        for j in range(rules[R_COURT_SIZE]):
            if up[p, j] and court[p, j] == named[k]:
                jurors[k] = j
                work[W_CARDS, k] = court[p, j]
                break
    put_under(pile, g, work, W_CARDS, rules[R_NAMED])
    for k in range(rules[R_NAMED]):
        j = jurors[k]
        court[p, j] = draw_card(pile, discards, g, rules, chance)
        up[p, j] = 1 if court[p, j] >= 0 else 0


@into_caller
def before_the_dice(p, n_players, position, court, up, hand, seat_, pile, discards, g, rules, on_card, seen,
                    chance, beliefs, mind, work):
    """Game._before_roll_choices: [ROLL], + Arrest(each free suspect) while he may declare,
    + CONVICT after a Successful Declaration once the Judge is in (``judge_needed``)."""
    if rules[R_CHILDREN] or not seat_[p, HAS_COURT]:
        return
    suspects = work[W_SUSPECTS]
    n_arrests = 0
    limit = rules[R_RETIRE]
    if not seat_[p, DECLARED] and (limit == 0 or seat_[p, FAILURES] < limit):
        if distinct_in_play(p, court, up, hand, seat_, rules, seen) >= rules[R_NAMED]:
            n_arrests = free_suspects(p, n_players, seat_, rules, suspects)
        unmark_in_play(p, court, up, hand, seat_, rules, seen)
    can_convict = (seat_[p, DECLARED] and not seat_[p, NEEDS_MORE]
                   and (g[JUDGE] or not rules[R_JUDGE_NEEDED]))
    if is_detective(p, mind):
        k = detective_before_the_dice(p, n_arrests, can_convict, n_players, court, up, hand, seat_, rules, beliefs,
                                      on_card, seen, work, mind)
    else:
        k = random_pick(chance, 1 + n_arrests + (1 if can_convict else 0))
    if k == 0:
        return  # ROLL
    if k <= n_arrests:
        arrest(p, suspects[k - 1], n_players, position, court, up, hand, seat_, pile, discards, g, rules, on_card,
               seen, chance, beliefs, mind, work)
        return
    # "I wish to convict": 7 correct clues in play win; else he must prove 9 (Game._try_conviction)
    if correct_in_play(p, court, up, hand, seat_, rules, on_card, seen) >= rules[R_CONVICT]:
        win(p, n_players, court, up, hand, seat_, g, rules, on_card, seen)
    else:
        seat_[p, NEEDS_MORE] = 1


# -- a whole turn and a whole game -----------------------------------------------------------------
@into_caller
def throw(p, n_players, position, court, up, hand, seat_, pile, discards, g, rules, board, dest, n_dest, adj,
          n_adj, kind_, on_card, seen, chance, beliefs, mind, work):
    """Game._throw: both dice; doubles turn up any face-down clue, a total that juror's (or none);
    after a Successful Declaration a 7 brings Philo Vance, double ones or sixes the Judge; then
    his own piece moves by the white die (before the first visit to X: the total), Philo Vance
    by the coloured one."""
    g[TURNS] += 1
    white, coloured = 1 + below(chance, 6), 1 + below(chance, 6)
    if rules[R_CHILDREN] or not seat_[p, HAS_COURT]:
        move(p, white + coloured, n_players, position, court, up, hand, seat_, pile, discards, g, rules, board,
             dest, n_dest, adj, n_adj, kind_, on_card, seen, chance, beliefs, mind, work)
        return
    n_down = 0
    for j in range(rules[R_COURT_SIZE]):
        if not up[p, j] and court[p, j] >= 0:
            n_down += 1
    ask_turn_up = n_down > 0 and white == coloured
    total = white + coloured
    if not ask_turn_up and total - 1 < rules[R_COURT_SIZE] and not up[p, total - 1] and court[p, total - 1] >= 0:
        # TurnUp(the juror with the throw's number) + [LEAVE_DOWN]: a Detective turns it up
        if is_detective(p, mind) or random_pick(chance, 2) == 0:
            up[p, total - 1] = 1
            g[STANDINGS_STALE] = 1
            check_proof(p, n_players, court, up, hand, seat_, g, rules, on_card, seen)
            if g[END] != GOING_ON:
                return
    if seat_[p, DECLARED]:
        if total == 7 and g[PV_OWNER] != p:
            g[PV_OWNER] = p
            if position[PV] < 0:
                position[PV] = board[B_START]
        if white == coloured and (white == 1 or white == 6):
            g[JUDGE] = 1
    if ask_turn_up:  # TurnUp(each face-down juror)
        if is_detective(p, mind):  # the one likeliest on its target's card
            target = target_of(p, p, n_players, court, up, hand, seat_, rules, beliefs, on_card, seen, work)
            pick, best, n = 0, -1.0, 0
            for j in range(rules[R_COURT_SIZE]):
                if not up[p, j] and court[p, j] >= 0:
                    worth = belief(p, target, court[p, j], beliefs, seat_, rules, on_card)
                    if worth > best:
                        pick, best = n, worth
                    n += 1
        else:
            pick = random_pick(chance, n_down + 1)  # TurnUp(each face-down juror) + [LEAVE_DOWN]: n_down leaves them
        for j in range(rules[R_COURT_SIZE]):
            if not up[p, j] and court[p, j] >= 0:
                if pick == 0:
                    up[p, j] = 1
                    g[STANDINGS_STALE] = 1
                pick -= 1
        check_proof(p, n_players, court, up, hand, seat_, g, rules, on_card, seen)
        if g[END] != GOING_ON:
            return
    move(p, white, n_players, position, court, up, hand, seat_, pile, discards, g, rules, board, dest, n_dest,
         adj, n_adj, kind_, on_card, seen, chance, beliefs, mind, work)
    if g[END] != GOING_ON:
        return
    move(PV, coloured, n_players, position, court, up, hand, seat_, pile, discards, g, rules, board, dest, n_dest,
         adj, n_adj, kind_, on_card, seen, chance, beliefs, mind, work)


@into_caller
def end_turn(p, n_players, court, up, hand, seat_, discards, g, rules, on_card, seen, chance, beliefs, mind, work):
    """Game._task_end_turn: note the standings; a claimed clue not taken on a clue spot goes back
    (unless it was claimed this turn); the next active player's turn, or an extra turn."""
    while True:
        note_standing(n_players, court, up, hand, seat_, g, rules, on_card, seen)
        if seat_[p, CLAIM_WAITS]:
            seat_[p, CLAIM_WAITS] = 0
        elif seat_[p, CLAIMED] >= 0 and not g[ON_CLUE_SPOT] and not seat_[p, RETIRED]:
            discards[g[DISCARD_N]] = seat_[p, CLAIMED]
            g[DISCARD_N] += 1
            g[TOP_BARRED] = p
            seat_[p, CLAIMED] = -1
            offer_claims(p, n_players, court, up, hand, seat_, discards, g, rules, on_card, seen, chance, beliefs, mind,
                     work)
            continue
        break
    if not (g[EXTRA_TURN] and not seat_[p, RETIRED]):
        for k in range(1, n_players + 1):
            nxt = (p + k) % n_players
            if not seat_[nxt, RETIRED]:
                g[CURRENT] = nxt
                return


@lane_jit
def card_picked(s, seat_, n_players):
    """Has a player already picked suspect ``s``'s confirmation card (the children's game)?"""
    for q in range(n_players):
        if seat_[q, SUSPECT] == s:
            return True
    return False


@into_caller
def play_game(seed, n_players, rules, deck, on_card, board, dest, n_dest, adj, n_adj, kind_, position, court, up,
              hand, seat_, pile, discards, g, seen, chance, beliefs, mind, work):
    """One whole game from its seed; its outcome is left in ``g`` and ``seat_``."""
    seed_chance(chance, seed)
    for s in range(rules[R_N_SUSPECTS]):  # the clue texts' prior (analysis.prior_beliefs)
        for c in range(rules[R_N_CLUES]):
            beliefs[s, c] = mind[M_PRIOR + s, c]
    g[:] = 0
    g[WINNER] = g[PV_OWNER] = g[LEADER] = g[TOP_BARRED] = -1
    g[STANDINGS_STALE] = 1
    seat_[:, :] = 0
    seat_[:, SUSPECT] = -1
    seat_[:, CLAIMED] = -1
    court[:, :] = -1
    up[:, :] = 0
    seen[:] = 0
    position[:] = -1
    for p in range(n_players):
        position[p] = board[B_PARK]
    n_cards = deck.shape[0]
    for k in range(n_cards):
        pile[k] = deck[k]
    g[PILE_N] = n_cards
    shuffle(pile, n_cards, chance)
    # the first throws: the highest total starts, ties throw again
    throwers, totals = work[W_THROWERS], work[W_TOTALS]
    for p in range(n_players):
        throwers[p] = p
    n_throwers = n_players
    while n_throwers > 1:
        best = 0
        for k in range(n_throwers):
            totals[k] = 2 + below(chance, 6) + below(chance, 6)
            best = max(best, totals[k])
        n = 0
        for k in range(n_throwers):
            if totals[k] == best:
                throwers[n] = throwers[k]
                n += 1
        n_throwers = n
    g[CURRENT] = throwers[0]
    if rules[R_CHILDREN]:  # each picks a confirmation card, clockwise from the first player
        for k in range(n_players):
            p = (g[CURRENT] + k) % n_players
            n_free = rules[R_N_SUSPECTS]
            for q in range(n_players):
                if seat_[q, SUSPECT] >= 0:
                    n_free -= 1
            if is_detective(p, mind):  # the card whose clues have most copies in the deck
                pick, best, n = 0, -1.0, 0
                for s in range(rules[R_N_SUSPECTS]):
                    if not card_picked(s, seat_, n_players):
                        if mind[M_COPIES, s] > best:
                            pick, best = n, mind[M_COPIES, s]
                        n += 1
            else:
                pick = random_pick(chance, n_free)
            for s in range(rules[R_N_SUSPECTS]):
                if not card_picked(s, seat_, n_players):
                    if pick == 0:
                        seat_[p, SUSPECT] = s
                        break
                    pick -= 1
    while True:
        if g[TURNS] >= rules[R_MAX_TURNS]:
            g[END] = TURN_CAP
            return
        p = g[CURRENT]
        g[ON_CLUE_SPOT] = g[EXTRA_TURN] = 0
        if rules[R_CLAIM_ANY_TIME]:  # Game._task_start_turn: the top discard, offered before the dice
            offer_claims(g[TOP_BARRED], n_players, court, up, hand, seat_, discards, g, rules, on_card, seen, chance,
                         beliefs, mind, work)
        before_the_dice(p, n_players, position, court, up, hand, seat_, pile, discards, g, rules, on_card, seen,
                        chance, beliefs, mind, work)
        if g[END] != GOING_ON:
            return
        if not seat_[p, RETIRED]:
            throw(p, n_players, position, court, up, hand, seat_, pile, discards, g, rules, board, dest, n_dest, adj,
                  n_adj, kind_, on_card, seen, chance, beliefs, mind, work)
            if g[END] != GOING_ON:
                return
        end_turn(p, n_players, court, up, hand, seat_, discards, g, rules, on_card, seen, chance, beliefs, mind, work)


@lane_jit
def play_games_compiled(seeds, n_players, rules, deck, on_card, board, dest, n_dest, adj, n_adj, kind_, position, court,
                        up, hand, seat_, pile, discards, g, seen, chance, beliefs, mind, work, out):
    """One game per seed; one row of ``out`` per game (the columns of :func:`play_games`)."""
    for i in range(seeds.shape[0]):
        play_game(seeds[i], n_players, rules, deck, on_card, board, dest, n_dest, adj, n_adj, kind_, position, court,
                  up, hand, seat_, pile, discards, g, seen, chance, beliefs, mind, work)
        winner = g[WINNER]
        out[i, O_WINNER] = winner
        out[i, O_TURNS] = g[TURNS]
        out[i, O_END] = g[END]
        out[i, O_SUSPECT] = seat_[winner, SUSPECT] if winner >= 0 else -1
        out[i, O_DECLARATIONS] = g[DECLARATIONS]
        out[i, O_SUCCESSFUL] = seat_[:, DECLARED].sum()
        out[i, O_RETIRED] = seat_[:, RETIRED].sum()
        out[i, O_BUMPS] = g[BUMPS]
        out[i, O_PHILO_VANCE] = 1 if g[PV_OWNER] >= 0 or position[PV] >= 0 else 0
        out[i, O_JUDGE] = g[JUDGE]
        out[i, O_LEAD_CHANGES] = g[LEAD_CHANGES]
        out[i, O_DEFICIT] = seat_[winner, WORST] if winner >= 0 else -1


# -- the Python side: what core.fast calls ----------------------------------------------------
#: the lane's number for each bot it plays faithfully (``Random`` is core's, which ``bots.py``
#: re-exports; the ``Detective`` with any boldness)
TWINS = {Detective: DETECTIVE, Random: RANDOM}


def unsupported(rules, n_players: int, bots) -> str | None:
    """None: the lane plays every Rules field with the Detective and Random; any other bot is refused by name."""
    return unsupported_bot(bots, TWINS, "Philo Vance")


def new_mind(rules, n_players: int, bots) -> np.ndarray:
    """The float rows the bots' choices read (the ``M_...`` rows)."""
    board = rules.estate
    width = max(len(board.spaces), rules.n_clues, rules.n_suspects, rules.court_size + 2, 2 * N_PIECES)
    mind = np.zeros((M_PRIOR + rules.n_suspects, width), np.float64)
    mind[M_BOT, :n_players] = bot_codes(bots, TWINS)
    for seat, bot in enumerate(bots):
        if type(bot) is Detective:
            mind[M_BOLD, seat], mind[M_LAST_TRY, seat] = bot.boldness, bot.last_try_boldness
    mind[M_FLAGS, F_ANY_DETECTIVE] = any(type(bot) is Detective for bot in bots)
    mind[M_SCORES, :len(board.spaces)] = space_scores(board, False)
    mind[M_SCORES_COURT, :len(board.spaces)] = space_scores(board, True)
    mind[M_COPIES, :rules.n_suspects] = [sum(rules.deck[c] for c in card) for card in rules.cards]
    mind[M_PRIOR:, :rules.n_clues] = prior_beliefs(card_size=len(rules.cards[0]))
    return mind


def unpack_board(board):
    """The board as the lane's tables: special spaces, moves of 0-12 steps, paths, markings."""
    n_spaces = len(board.spaces)
    most = max(len(board.destinations(s, k)) for s in range(n_spaces) for k in range(MAX_STEPS + 1))
    dest = np.full((n_spaces, MAX_STEPS + 1, max(most, 1)), -1, np.int64)
    n_dest = np.zeros((n_spaces, MAX_STEPS + 1), np.int64)
    for s in range(n_spaces):
        for k in range(MAX_STEPS + 1):
            found = board.destinations(s, k)
            n_dest[s, k] = len(found)
            dest[s, k, :len(found)] = found
    degree = max(len(board.adjoining(s)) for s in range(n_spaces))
    adj = np.full((n_spaces, max(degree, 1)), -1, np.int64)
    n_adj = np.zeros(n_spaces, np.int64)
    for s in range(n_spaces):
        near = board.adjoining(s)
        n_adj[s] = len(near)
        adj[s, :len(near)] = near
    kind_ = np.array([(RED_SPOT if s in board.red_spots else 0) | (ARROW if s in board.arrows else 0)
                      for s in range(n_spaces)], np.int64)
    specials = np.array([board.x, board.start, board.park, *board.queue], np.int64)
    return specials, dest, n_dest, adj, n_adj, kind_


def unpack(rules):
    """The rules as the arrays ``play_games_compiled`` reads."""
    ints = np.array([rules.court_size, rules.named_clues, rules.declare_correct, rules.convict_correct,
                     rules.convict_fallback, rules.retire_after_failures or 0, rules.judge_needed,
                     rules.arrow_rewards, rules.demand_refill, rules.reshuffle_discards, rules.children,
                     rules.hand_limit, rules.children_win, rules.max_turns, rules.n_suspects, rules.n_clues,
                     rules.claim_any_time],
                    np.int64)
    deck = np.array(rules.deck_cards, np.int64)
    on_card = np.zeros((rules.n_suspects, rules.n_clues), np.int64)
    for suspect, card in enumerate(rules.cards):
        on_card[suspect, list(card)] = 1
    return ints, deck, on_card


def new_state(rules, n_players: int, bots=None) -> tuple:
    """The arrays one game is played in (see the module docstring), reused game after game:
    position, court, up, hand, seat_, pile, discards, g, seen, chance, beliefs, mind, work
    (``bots``: one per seat, Random where None)."""
    bots = [Random() for _ in range(n_players)] if bots is None else bots
    n_cards = max(len(rules.deck_cards), 1)
    widest = max(len(rules.estate.spaces), rules.n_clues, rules.court_size, rules.n_suspects, SET_TABLE)
    return (np.full(N_PIECES, -1, np.int64), np.full((n_players, rules.court_size), -1, np.int64),
            np.zeros((n_players, rules.court_size), np.int64), np.zeros((n_players, rules.hand_limit), np.int64),
            np.zeros((n_players, N_SEAT), np.int64), np.zeros(n_cards, np.int64), np.zeros(n_cards, np.int64),
            np.zeros(N_G, np.int64), np.zeros(rules.n_clues, np.int64), new_chance(),
            np.zeros((rules.n_suspects, rules.n_clues), np.float64), new_mind(rules, n_players, bots),
            np.zeros((N_WORK, widest), np.int64))


def play_games(rules, n_players: int, seeds, bots=None) -> dict:
    """One game per seed; the columns of ``Game.result()`` (winner -1: nobody won)."""
    seeds = lane_seeds(seeds)
    ints, deck, on_card = unpack(rules)
    board, dest, n_dest, adj, n_adj, kind_ = unpack_board(rules.estate)
    out = np.empty((seeds.shape[0], len(OUT_COLUMNS)), np.int64)
    play_games_compiled(seeds, int(n_players), ints, deck, on_card, board, dest, n_dest, adj, n_adj, kind_,
                        *new_state(rules, n_players, bots), out)
    columns = result_columns(seeds, out, OUT_COLUMNS, {"end": END_LABELS})
    columns["philo_vance"], columns["judge"] = columns["philo_vance"] == 1, columns["judge"] == 1
    return columns  # -1: no winner, so no suspect convicted and no deficit (typed as missing by core.fast)

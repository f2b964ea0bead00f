"""Mouse Trap's fast lane: the same rules as ``game.py``, compiled, for big simulations.

This module is the *instrument*, not the definition: ``game.py`` and
``bots.py`` say what the rules and the bots are; this is the same game
written as plain loops over small integer arrays and compiled with numba, so
``bk.simulate(rules, engine="fast")`` plays hundreds of thousands of games.
The two engines are in lockstep: they draw the same random numbers
(``core.rng.Chance`` and its compiled twin) in the same order, so one seed
gives the same game in both, frame for frame
(``tests/mouse_trap/test_mt_lockstep.py``); ``test_mt_fast.py`` checks the
lane's pieces and compares the engines in distribution too.

What it covers: every field of ``mt.Rules`` (any ``path`` and ``loop``,
``cheese_count``, ``n_parts``, ``stage_odds`` (Fractions are played as their
floats, as the reference game does), ``backups``, ``wheel_cheese``, both
``*_when_sent`` readings, ``push_cost``, ``die_sides``, ``max_turns``), 2 to 4
players, and two bots, one per seat in any mix: ``bots.Trapper`` (any whole
``reserve``) with its exact policy (it has no random tie-break: ties go to
the richer rival, then the lower seat, as in ``bots.py``), and ``Random`` (any
legal action, equally likely, drawn from the lane's generator; a decision
with a single legal action is taken without asking, as ``bk.play`` does).
What it does not cover: any other bot (a subclass included: its policy is
unknown here), and events (it keeps only the columns of ``Game.result()``).

A game is three small arrays, so that a call passes few of them (numba counts
references to every array it passes, and that, not the rules, was most of a
turn's time when a call passed fourteen):

* ``r``: the rules, the track and the seats' bots as whole numbers, indexed
  by the ``R_`` names below (each stage's chance as the whole number
  ``ceil(p * 2**53)``: a uniform draw ``k / 2**53`` is below ``p`` exactly
  when ``k`` is below it, so this is the reference's ``uniform() < p``);
* ``s``: the state, indexed by the ``S_`` names: the counters (pile, parts,
  whose turn, turns, cranks, ...), then four slots per seat for each
  mouse's space (-1 once caught), its cheese, its worst deficit (the lead
  tracker's), and scratch rows (rivals tied for most, a split, pushable mice);
* ``chance``: the game's generator (``boardkit.core.fast``).

The small helpers run every turn (``forward``, ``roll``, ``works``,
``note_lead``, ``end_turn``) are compiled into their callers
(``inline="always"``) for the same reason.

Comments cite the rulebook (``seeds/mouse_trap.txt``) and the method of
``game.py`` each piece mirrors.
"""
from __future__ import annotations

import math

import numpy as np

from boardkit.core.bots import Random
from boardkit.core.fast import (NO_LEADER, below, lane_seeds, new_chance, next_bits, njit,
                                note_lead as note_standings, seed_chance, unsupported_bot)

from .bots import Trapper
from .game import LAST_MOUSE, TURN_CAP
from .rules import AHEAD, BACK, BUILD, CRANK, LOSE, RIVAL, STAGE_LETTERS, TAKE, TO_CHEESE, WHEEL, Rules

# -- space kinds as small numbers (rules.py's names) ------------------------------------------------
K_OTHER, K_BUILD, K_TAKE, K_LOSE, K_BACK, K_AHEAD, K_TO_CHEESE, K_RIVAL, K_CRANK, K_WHEEL = range(10)
KIND_CODES = {BUILD: K_BUILD, TAKE: K_TAKE, LOSE: K_LOSE, BACK: K_BACK, AHEAD: K_AHEAD,
              TO_CHEESE: K_TO_CHEESE, RIVAL: K_RIVAL, CRANK: K_CRANK, WHEEL: K_WHEEL}
#: each space is three numbers in ``r`` from R_TRACK: its kind, its number, its player counts (bits)
T_KIND, T_AMOUNT, T_PLAYERS = range(3)

SEATS = Rules.max_players   # four slots per seat in ``r`` and ``s``, whatever the player count
N_STAGES = len(STAGE_LETTERS)

# -- r: the rules and the bots ----------------------------------------------------------------------
(R_SPACES, R_LOOP_START, R_SAFE, R_CRANK, R_WHEEL, R_PARTS, R_CHEESE, R_WHEEL_CHEESE, R_WHEEL_SENT,
 R_CRANK_SENT, R_PUSH_COST, R_SIDES, R_MAX_TURNS, R_PLAYERS, R_PLAYER_BIT) = range(15)
R_BOT = 15                      # + seat: BOT_TRAPPER or BOT_RANDOM
R_RESERVE = R_BOT + SEATS       # + seat: the Trapper's reserve
R_BACKUP = R_RESERVE + SEATS    # + stage: 1 if the stage has a backup
R_ODDS = R_BACKUP + N_STAGES    # + stage: its chance to work, times 2**53 (rounded up)
R_TRACK = R_ODDS + N_STAGES     # + 3 * space + T_KIND / T_AMOUNT / T_PLAYERS

# -- s: one game's state ----------------------------------------------------------------------------
(S_PILE, S_PARTS, S_CURRENT, S_TURNS, S_CRANKS, S_CATCHES, S_PUSHES, S_TRAP_DONE, S_WINNER, S_END,
 S_LEADER, S_LEAD_CHANGES, N_COUNTERS) = range(13)
S_POS = N_COUNTERS              # + seat: the mouse's space, -1 once caught
S_CHEESE = S_POS + SEATS        # + seat: cheese held
S_WORST = S_CHEESE + SEATS      # + seat: the most it was ever behind the leader
S_TIED = S_WORST + SEATS        # scratch: rivals tied for most
S_SHARES = S_TIED + SEATS       # scratch: a split of a take between them
S_SPARE = S_SHARES + SEATS      # scratch: counting splits
S_BEST = S_SPARE + SEATS        # scratch: the Trapper's best split so far
S_PUSHABLE = S_BEST + SEATS     # scratch: mice that may be pushed
N_STATE = S_PUSHABLE + SEATS

#: end reasons (s[S_END]); 0 while the game goes on
GOES_ON, ENDS_LAST_MOUSE, ENDS_TURN_CAP = 0, 1, 2
END_NAMES = {ENDS_LAST_MOUSE: LAST_MOUSE, ENDS_TURN_CAP: TURN_CAP}
BOT_TRAPPER, BOT_RANDOM = 0, 1
#: the lane's number for each bot it plays
TWINS = {Trapper: BOT_TRAPPER, Random: BOT_RANDOM}
#: decisions on TURN CRANK besides pushing seat 0..3
TURN_THE_CRANK, STOP = -1, -2

COLUMNS = ("seed", "winner", "turns", "end", "stalemate", "parts", "trap_done", "cranks", "catches",
           "pushes", "lead_changes", "winner_worst_deficit")


# -- moving along the track (Rules.forward, Rules.back, Rules.steps_to_wheel) ----------------------

@njit(inline="always")
def forward(r, position, steps):
    """``steps`` spaces on: along the path, then round and round the Loop."""
    position += steps
    last = r[R_SPACES] - 1
    if position > last:
        start = r[R_LOOP_START]
        position = start + (position - start) % (last + 1 - start)
    return position


@njit
def back(r, position, steps):
    """GO BACK: towards START on the path (stopping there); backwards round the Loop inside it."""
    start = r[R_LOOP_START]
    if position >= start:
        return start + (position - start - steps) % (r[R_SPACES] - start)
    return max(0, position - steps)


@njit
def steps_to_wheel(r, position):
    if position >= r[R_LOOP_START]:
        return (r[R_WHEEL] - position) % (r[R_SPACES] - r[R_LOOP_START])
    return r[R_WHEEL] - position


@njit(inline="always")
def roll(r, chance):
    """One throw of the die: 1 .. die_sides."""
    return below(chance, r[R_SIDES]) + 1


# -- the lead (core/lead.py's LeadTracker.update) and ending a turn (Game._end_turn) ---------------

@njit(inline="always")
def note_lead(r, s):
    """Each seat's standing is its cheese: core.fast's lead tracker on the rows of ``s``
    (S_LEADER and S_LEAD_CHANGES side by side are its ``lead``)."""
    note_standings(s[S_CHEESE:S_CHEESE + SEATS], s[S_WORST:S_WORST + SEATS], s[S_LEADER:S_LEAD_CHANGES + 1],
                   r[R_PLAYERS])


@njit(inline="always")
def end_turn(r, s):
    """The turn ends: note the lead, pass to the next mouse on the board, stop at the turn cap."""
    note_lead(r, s)
    n = r[R_PLAYERS]
    nxt = s[S_CURRENT]
    for _ in range(n):
        nxt = (nxt + 1) % n
        if s[S_POS + nxt] >= 0:
            break
    s[S_CURRENT] = nxt
    if s[S_TURNS] >= r[R_MAX_TURNS]:
        s[S_END] = ENDS_TURN_CAP


# -- dividing a take between rivals tied for most (Game._split_choices, game._shares) ---------------

@njit
def first_split(shares, at, n, total, most):
    """The first way (in game.py's order) to divide ``total`` into ``n`` shares of 0..``most``,
    written to ``shares[at:at + n]``: the smallest first shares, so fill from the right."""
    rest = total
    for j in range(n - 1, -1, -1):
        take = min(most, rest)
        shares[at + j] = take
        rest -= take


@njit
def next_split(shares, at, n, most):
    """The next way in game.py's order (lexicographic, the first share smallest first);
    False after the last."""
    # the rightmost share (not the last) that can grow while the shares after it shrink
    for i in range(n - 2, -1, -1):
        rest = 0
        for j in range(i + 1, n):
            rest += shares[at + j]
        if shares[at + i] < most and rest >= 1:
            shares[at + i] += 1
            rest -= 1
            for j in range(n - 1, i, -1):   # the smallest tail: fill from the right
                take = min(most, rest)
                shares[at + j] = take
                rest -= take
            return True
    return False


@njit
def count_splits(shares, at, n, total, most):
    """How many ways there are (``shares[at:at + n]`` is used to count them)."""
    first_split(shares, at, n, total, most)
    count = 1
    while next_split(shares, at, n, most):
        count += 1
    return count


@njit
def split_max(s, at, n):
    largest = s[at]
    for j in range(1, n):
        largest = max(largest, s[at + j])
    return largest


@njit
def choose_split(r, s, chance, n, total, most):
    """The split the current player takes, into s[S_SHARES:]: the Trapper the most even
    (the first of them, as ``min`` in bots.py), Random any (equally likely); a single
    way is taken without asking."""
    count = count_splits(s, S_SPARE, n, total, most)
    first_split(s, S_SHARES, n, total, most)
    if count == 1:
        return
    if r[R_BOT + s[S_CURRENT]] == BOT_RANDOM:
        for _ in range(below(chance, count)):
            next_split(s, S_SHARES, n, most)
        return
    for j in range(n):
        s[S_BEST + j] = s[S_SHARES + j]
    while next_split(s, S_SHARES, n, most):
        if split_max(s, S_SHARES, n) < split_max(s, S_BEST, n):
            for j in range(n):
                s[S_BEST + j] = s[S_SHARES + j]
    for j in range(n):
        s[S_SHARES + j] = s[S_BEST + j]


# -- cheese (Game._give, _richest, _rob, _lose) ---------------------------------------------------

@njit
def richest(r, s):
    """Opponents off SAFE holding cheese, tied for the most, into s[S_TIED:]: (how many, most)."""
    player, most = s[S_CURRENT], 0
    for p in range(r[R_PLAYERS]):
        where = s[S_POS + p]
        if p != player and where >= 0 and where != r[R_SAFE]:
            most = max(most, s[S_CHEESE + p])
    n_tied = 0
    if most > 0:
        for p in range(r[R_PLAYERS]):
            where = s[S_POS + p]
            if p != player and where >= 0 and where != r[R_SAFE] and s[S_CHEESE + p] == most:
                s[S_TIED + n_tied] = p
                n_tied += 1
    return n_tied, most


@njit
def rob(r, s, chance, amount):
    """Take ``amount`` from the rival with most (not on SAFE: "your opponents cannot ... take any
    of your Cheese Cards"); rivals tied: "you may take them all from either opponent or divide"."""
    player = s[S_CURRENT]
    n_tied, most = richest(r, s)
    if n_tied == 1:
        take = min(amount, most)
        s[S_CHEESE + s[S_TIED]] -= take
        s[S_CHEESE + player] += take
    elif n_tied > 1:
        choose_split(r, s, chance, n_tied, min(amount, most * n_tied), most)
        for j in range(n_tied):
            s[S_CHEESE + s[S_TIED + j]] -= s[S_SHARES + j]
            s[S_CHEESE + player] += s[S_SHARES + j]
    end_turn(r, s)


@njit
def give(r, s, chance, amount):
    """The player is owed ``amount``: from the pile, the rest from the rival with most
    ("If you're entitled to Cheese Cards and the Cheese Card Pile is empty ...")."""
    from_pile = min(amount, s[S_PILE])
    s[S_PILE] -= from_pile
    s[S_CHEESE + s[S_CURRENT]] += from_pile
    if amount > from_pile:
        rob(r, s, chance, amount - from_pile)
    else:
        end_turn(r, s)


@njit
def lose(r, s, amount):
    """LOSE CHEESE: "return as many as you hold" if she is short."""
    held = S_CHEESE + s[S_CURRENT]
    amount = min(amount, s[held])
    s[held] -= amount
    s[S_PILE] += amount
    end_turn(r, s)


# -- building (Game._build, _build_parts) ------------------------------------------------------------

@njit
def wants_to_build(bot, chance):
    """The book's "you may build": the Trapper always builds; Random picks Build or Do not build."""
    if bot == BOT_RANDOM:
        return below(chance, 2) == 0
    return True


@njit
def build(r, s, chance, for_players, amount):
    """A build space: if it is marked for this many players and parts are left, she may build
    the next part (two on the double space), a cheese for each part."""
    if (for_players & r[R_PLAYER_BIT]) == 0 or s[S_PARTS] == r[R_PARTS]:
        end_turn(r, s)   # "Once the Mouse Trap is completed, nothing occurs"
        return
    if not wants_to_build(r[R_BOT + s[S_CURRENT]], chance):
        end_turn(r, s)
        return
    n_parts = min(amount, r[R_PARTS] - s[S_PARTS])
    s[S_PARTS] += n_parts
    if s[S_PARTS] == r[R_PARTS]:
        s[S_TRAP_DONE] = s[S_TURNS]
    give(r, s, chance, n_parts)


# -- the trap (Game._at_crank, _crank_choices, _push, run_chain, _crank; bots.Trapper._on_crank) -------

@njit(inline="always")
def works(threshold, chance):
    """A stage works: a uniform draw (the top 53 random bits, as core.fast.uniform) is below
    its chance -- compared as whole numbers against ``threshold`` = ceil(chance * 2**53)."""
    return (next_bits(chance) >> np.uint64(11)) < np.uint64(threshold)


@njit
def run_chain(r, chance):
    """Stage by stage A-P: the index of the first stage that fails, or 16 when the cage falls.
    A stage with a backup fails only if its second copy fails too."""
    for i in range(N_STAGES):
        if works(r[R_ODDS + i], chance):
            continue
        if r[R_BACKUP + i] == 1 and works(r[R_ODDS + i], chance):
            continue
        return i
    return N_STAGES


@njit
def trapper_at_crank(r, s, n_push, on_wheel):
    """Trapper._on_crank: push the rival (of s[S_PUSHABLE:]) a single roll can bring to the
    wheel, nearest first, then the richest, then the lowest seat, while she keeps her reserve
    of cheese; else crank if a mouse is on the wheel, else stop."""
    player = s[S_CURRENT]
    if n_push > 0 and s[S_CHEESE + player] - r[R_PUSH_COST] >= r[R_RESERVE + player]:
        best, best_steps = -1, 0
        for i in range(n_push):
            p = s[S_PUSHABLE + i]
            steps = steps_to_wheel(r, s[S_POS + p])
            if 1 <= steps <= r[R_SIDES]:
                if best < 0 or steps < best_steps or (
                        steps == best_steps and s[S_CHEESE + p] > s[S_CHEESE + best]):
                    best, best_steps = p, steps
        if best >= 0:
            return best
    return TURN_THE_CRANK if on_wheel else STOP


@njit
def crank(r, s, chance):
    """Turn the crank on every opponent on the wheel: caught together (out, their cheese to
    the cranker; the last mouse on the board wins) or missed together (all to SAFE)."""
    player = s[S_CURRENT]
    caught = run_chain(r, chance) == N_STAGES
    s[S_CRANKS] += 1
    alive = 0
    for p in range(r[R_PLAYERS]):
        if p != player and s[S_POS + p] == r[R_WHEEL]:
            if caught:
                s[S_CHEESE + player] += s[S_CHEESE + p]
                s[S_CHEESE + p] = 0
                s[S_POS + p] = -1
                s[S_CATCHES] += 1
            else:
                s[S_POS + p] = r[R_SAFE]
        if s[S_POS + p] >= 0:
            alive += 1
    if alive == 1:   # "If your mouse is the last one on the board, you win!"
        note_lead(r, s)
        s[S_WINNER] = player
        s[S_END] = ENDS_LAST_MOUSE
    else:
        end_turn(r, s)


@njit
def at_crank(r, s, chance):
    """On TURN CRANK with the trap complete: pay to push rivals (as often as she likes and
    can pay), then turn the crank if a mouse is on the wheel."""
    player = s[S_CURRENT]
    if s[S_PARTS] < r[R_PARTS]:   # "You may only turn the crank when the Mouse Trap is completed!"
        end_turn(r, s)
        return
    while True:
        n_push, on_wheel = 0, False
        for p in range(r[R_PLAYERS]):
            where = s[S_POS + p]
            if p == player or where < 0:
                continue
            if where == r[R_WHEEL]:
                on_wheel = True
            elif where != r[R_SAFE] and s[S_CHEESE + player] >= r[R_PUSH_COST]:
                s[S_PUSHABLE + n_push] = p
                n_push += 1
        if n_push == 0:   # a single choice, taken without asking
            if on_wheel:
                crank(r, s, chance)
            else:
                end_turn(r, s)
            return
        if r[R_BOT + player] == BOT_RANDOM:   # the pushes in seat order, then Crank or Stop
            k = below(chance, n_push + 1)
            choice = s[S_PUSHABLE + k] if k < n_push else (TURN_THE_CRANK if on_wheel else STOP)
        else:
            choice = trapper_at_crank(r, s, n_push, on_wheel)
        if choice == TURN_THE_CRANK:
            crank(r, s, chance)
            return
        if choice == STOP:
            end_turn(r, s)
            return
        s[S_CHEESE + player] -= r[R_PUSH_COST]   # pay, roll for the rival, push her forward
        s[S_PILE] += r[R_PUSH_COST]
        s[S_PUSHES] += 1
        s[S_POS + choice] = forward(r, s[S_POS + choice], roll(r, chance))


# -- one turn (Game._roll, _land) ---------------------------------------------------------------------

@njit
def land(r, s, chance):
    """Carry out the message of the space the current mouse stopped on."""
    where = s[S_POS + s[S_CURRENT]]
    space = R_TRACK + 3 * where
    kind, amount = r[space + T_KIND], r[space + T_AMOUNT]
    if kind == K_BUILD:
        build(r, s, chance, r[space + T_PLAYERS], amount)
    elif kind == K_TAKE:
        give(r, s, chance, amount)
    elif kind == K_LOSE:
        lose(r, s, amount)
    elif kind == K_RIVAL:   # TAKE 3 FROM RIVAL WITH MOST "even if there are Cheese Cards left in the pile"
        rob(r, s, chance, amount)
    elif kind == K_WHEEL:   # "Every time you land on the Cheese Wheel Space, you automatically take two"
        give(r, s, chance, r[R_WHEEL_CHEESE])
    elif kind == K_CRANK:
        at_crank(r, s, chance)
    elif kind == K_BACK or kind == K_AHEAD or kind == K_TO_CHEESE:
        # "you must go to the space indicated, but do not follow any message printed in that space!"
        if kind == K_BACK:
            end = back(r, where, amount)
        elif kind == K_AHEAD:
            end = forward(r, where, amount)
        else:
            end = r[R_WHEEL]
        s[S_POS + s[S_CURRENT]] = end
        if end == r[R_WHEEL] and r[R_WHEEL_SENT] == 1:      # the house readings (Rules fields)
            give(r, s, chance, r[R_WHEEL_CHEESE])
        elif end == r[R_CRANK] and r[R_CRANK_SENT] == 1:
            at_crank(r, s, chance)
        else:
            end_turn(r, s)
    else:   # START, a blank space, SAFE
        end_turn(r, s)


@njit
def take_turn(r, s, chance):
    """Roll the die, move the mouse, carry out the space."""
    mouse = S_POS + s[S_CURRENT]
    s[S_TURNS] += 1
    s[mouse] = forward(r, s[mouse], roll(r, chance))
    land(r, s, chance)


@njit
def new_game(r, s):
    """All mice on START, all cheese in the pile, nothing built (Game.__init__)."""
    s[:] = 0
    s[S_PILE] = r[R_CHEESE]
    s[S_TRAP_DONE] = 0 if r[R_PARTS] == 0 else -1
    s[S_WINNER] = -1
    s[S_LEADER] = NO_LEADER
    for seat in range(r[R_PLAYERS], SEATS):
        s[S_POS + seat] = -1   # no such seat
    note_lead(r, s)


@njit
def play_batch(r, seeds, chance, s, out):
    """One game per seed (its own generator, seeded from it); ``out[i]`` gets game i's
    counters and the winner's worst deficit."""
    for i in range(seeds.size):
        seed_chance(chance, seeds[i])
        new_game(r, s)
        while s[S_END] == GOES_ON:
            take_turn(r, s, chance)
        for j in range(N_COUNTERS):
            out[i, j] = s[j]
        out[i, N_COUNTERS] = s[S_WORST + s[S_WINNER]] if s[S_WINNER] >= 0 else -1


@njit
def crank_batch(r, chance, stops):
    """The crank alone, ``stops.size`` times: where each chain stopped (16 = caught)."""
    for i in range(stops.size):
        stops[i] = run_chain(r, chance)


# -- from the Python objects to the arrays, and back ---------------------------------------------------

def lane_arrays(rules, n_players: int, bots=()):
    """(r, s): the rules, the track and the bots, and an empty state, as the lane's arrays."""
    spaces = rules.spaces
    r = np.zeros(R_TRACK + 3 * len(spaces), dtype=np.int64)
    for i, space in enumerate(spaces):
        r[R_TRACK + 3 * i + T_KIND] = KIND_CODES.get(space.kind, K_OTHER)
        r[R_TRACK + 3 * i + T_AMOUNT] = space.amount
        r[R_TRACK + 3 * i + T_PLAYERS] = sum(1 << p for p in space.players)
    r[R_SPACES], r[R_LOOP_START] = len(spaces), rules.loop_start
    r[R_SAFE], r[R_CRANK], r[R_WHEEL] = rules.safe, rules.crank, rules.wheel
    r[R_PARTS], r[R_CHEESE], r[R_WHEEL_CHEESE] = rules.n_parts, rules.cheese_count, rules.wheel_cheese
    r[R_WHEEL_SENT], r[R_CRANK_SENT] = int(rules.wheel_cheese_when_sent), int(rules.crank_when_sent)
    r[R_PUSH_COST], r[R_SIDES], r[R_MAX_TURNS] = rules.push_cost, rules.die_sides, rules.max_turns
    r[R_PLAYERS], r[R_PLAYER_BIT] = n_players, 1 << n_players
    for seat, bot in enumerate(bots):
        r[R_BOT + seat] = TWINS[type(bot)]
        r[R_RESERVE + seat] = bot.reserve if type(bot) is Trapper else 0
    for i, (letter, p) in enumerate(zip(STAGE_LETTERS, rules.stage_floats)):
        r[R_BACKUP + i] = letter in rules.backups
        r[R_ODDS + i] = math.ceil(p * 2.0**53)   # exact: p * 2**53 is p with its exponent moved
    s = np.zeros(N_STATE, dtype=np.int64)
    return r, s


def unsupported(rules, n_players: int, bots) -> str | None:
    """None: the lane plays every Rules field; only a bot other than Trapper (with a whole-number
    reserve) or Random is refused."""
    why = unsupported_bot(bots, TWINS, "Mouse Trap")
    if why is not None:
        return why
    for seat, bot in enumerate(bots):
        if type(bot) is Trapper and not (isinstance(bot.reserve, int) and not isinstance(bot.reserve, bool)
                                         and abs(bot.reserve) < 2**62):
            return f"the Mouse Trap fast lane plays a Trapper with a whole-number reserve, not {bot!r} (seat {seat})"
    return None


def play_games(rules, n_players: int, seeds, bots) -> dict:
    """One game per seed: the columns of ``Game.result()`` (``winner`` -1 where nobody won)."""
    rules.check_players(n_players)
    why = unsupported(rules, n_players, bots)
    if why is not None:
        raise ValueError(why)
    if len(bots) != n_players:
        raise ValueError(f"bots must give a bot for each of the {n_players} seats")
    seeds = lane_seeds(seeds)
    r, s = lane_arrays(rules, n_players, bots)
    out = np.zeros((seeds.size, N_COUNTERS + 1), dtype=np.int64)
    play_batch(r, seeds, new_chance(), s, out)
    return result_columns(seeds, out)


def result_columns(seeds, out) -> dict:
    """The lane's counters as the columns of ``Game.result()``, in its order (-1: never finished,
    no winner, no deficit; ``core.fast.typed_frame`` makes it missing, as the reference's None)."""
    end = out[:, S_END]
    names = np.array([None, END_NAMES[ENDS_LAST_MOUSE], END_NAMES[ENDS_TURN_CAP]], dtype=object)
    return {
        "seed": seeds.copy(), "winner": out[:, S_WINNER], "turns": out[:, S_TURNS], "end": names[end],
        "stalemate": end == ENDS_TURN_CAP, "parts": out[:, S_PARTS], "trap_done": out[:, S_TRAP_DONE],
        "cranks": out[:, S_CRANKS], "catches": out[:, S_CATCHES], "pushes": out[:, S_PUSHES],
        "lead_changes": out[:, S_LEAD_CHANGES], "winner_worst_deficit": out[:, N_COUNTERS],
    }


def crank_many(rules, times: int, seed: int = 0) -> np.ndarray:
    """The lane's crank ``times`` times from one seed: where each chain stopped (16 = caught).
    For checking the lane's chain against ``mt.analysis``."""
    r, _ = lane_arrays(rules, 2)
    chance = new_chance()
    seed_chance(chance, seed)
    stops = np.empty(times, dtype=np.int64)
    crank_batch(r, chance, stops)
    return stops


__all__ = ["COLUMNS", "crank_many", "lane_arrays", "play_games", "unsupported"]

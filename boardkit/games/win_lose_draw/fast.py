"""The fast lane of Win, Lose or Draw: whole bot games compiled with numba, for big simulations.

This is the *instrument*, not the definition: the rules are ``game.py`` and
``bots.py``.  The two engines are in lockstep: they draw the same random
numbers (``core.rng.Chance`` and its compiled twin) in the same order, so the
same seed gives the same game, frame for frame
(``tests/win_lose_draw/test_wld_lockstep.py``).  The draws, in the
reference's order: the card box's shuffle (the lane draws its numbers but
keeps no words), the teams' dice, each bot's choice when it has more than one
(numbered as ``Game.legal_actions`` lists them), the Sketcher's roll.
``bk.simulate`` uses it by itself (``engine="auto"``); see ``boardkit.core.fast``.

What it covers:

* both ways to play (``Rules.play``): Team Play (the die decides the first
  team, teams alternate, the Sketcher rotates or is picked, the steal, first
  to ``team_target``) and Gameboard Play (the white pawn on a Spade Space,
  an unguessed card passing to the left until nobody is left to guess it,
  correct Guessers taking pawns, the Sketcher's roll on ``track`` with a
  ``die_sides`` die, ``colours_to_collect``, ``pawns_per_colour`` that can
  run out, the Ace on a Spade Space);
* every ``Rules`` field that changes a bot game: ``play``, ``team_target``,
  ``steal``, ``team_picks_sketcher``, ``track``, ``die_sides``,
  ``colours_to_collect``, ``pawns_per_colour``, ``max_sketches``.  The
  others (``timer_seconds``, ``steal_seconds``, ``categories``,
  ``partial_answers``, ``match_threshold``) only matter to people at the
  table -- the clock and the words on the cards -- and change nothing in a
  game of bots, so the lane plays them all;
* the bots ``Skilled(p_guess, p_steal)`` (each seat its own chances) and
  ``Random`` (any legal action, equally likely), in any mix.

What it does not: events, typed guesses and the Sketcher's rulings (no bot
types), the words on the cards (bots never read them: the lane keeps no card
box), and any other bot (``unsupported`` names it; ``engine="auto"`` then
plays the reference engine).

The columns are those of ``Game.result()``.  Each seat's bot is a kind
(``SKILLED`` or ``RANDOM``) and two chances; the track is an array of kinds
(0 a Spade Space, 1-4 the colours of ``track.COLOURS``).
"""
from __future__ import annotations

import numpy as np

from boardkit.core.bots import Random as CoreRandom
from boardkit.core.fast import (NO_LEADER, below, bot_codes, lane_seeds, new_chance, njit, note_lead, seed_chance,
                                uniform, unsupported_bot)

from .bots import Random, Skilled, rarest_first
from .game import box_items
from .rules import TEAM, Rules
from .track import COLOURS, SPADE

SKILLED, RANDOM = 0, 1
#: end reasons, in the codes the compiled games return
END_REASONS = ("target", "ace", "sketch cap")
TARGET, ACE, CAP = 0, 1, 2
N_COLOURS = len(COLOURS)
NOBODY = NO_LEADER


# -- Team Play ------------------------------------------------------------------------------

@njit
def team_size(team, n):
    """Members of ``team``: seats team, team + 2, ... (team A the even seats, team B the odd ones)."""
    return (n - team + 1) // 2


@njit
def least_sketched(sketches_by, team, n, state, at_random):
    """The team's next Sketcher among its members who have sketched least: the first in seat order
    (the rotation, and the Skilled bot's pick), or one of them at random (a Random bot's pick)."""
    fewest = 1 << 60
    for seat in range(team, n, 2):
        if sketches_by[seat] < fewest:
            fewest = sketches_by[seat]
    count = 0
    for seat in range(team, n, 2):
        if sketches_by[seat] == fewest:
            count += 1
    k = below(state, count) if at_random and count > 1 else 0   # one choice: nobody is asked
    for seat in range(team, n, 2):
        if sketches_by[seat] == fewest:
            if k == 0:
                return seat
            k -= 1
    return team


@njit
def team_guesses(state, kind, p, n_guessers):
    """Does a team call out the answer?  The deciding seat's bot: Skilled says yes with chance ``p``
    (and names one Guesser, each equally likely); Random picks one of the Guessers or "time's up".
    With no Guesser (a team of one) "time's up" is the only choice, and nobody is asked."""
    if n_guessers == 0:
        return False
    if kind == SKILLED:
        if uniform(state) < p:
            below(state, n_guessers)          # which Guesser said it: the same point for the team
            return True
        return False
    return below(state, n_guessers + 1) < n_guessers


@njit
def play_team(state, n, kinds, p_guess, p_steal, target, steal, picks, max_sketches):
    """One game of Team Play.  Returns (winner team or -1, end code, cards, first team, score A,
    score B, steals, lead changes, the winner's worst deficit or -1)."""
    scores = np.zeros(2, np.int64)
    worst = np.zeros(2, np.int64)
    lead = np.array([NOBODY, 0], np.int64)
    sketches_by = np.zeros(n, np.int64)
    # "High die roll decides which team plays first": each team rolls a die, again on a tie.
    while True:
        a, b = 1 + below(state, 6), 1 + below(state, 6)
        if a != b:
            break
    first = 0 if a > b else 1
    team = first
    cards = 0
    steals = 0
    while True:
        # "Select a new member of your team to be the Sketcher" -- rotate, or the team's first seat picks.
        voice = team                                             # the team's first seat speaks for it
        at_random = picks and kinds[voice] == RANDOM
        sketcher = least_sketched(sketches_by, team, n, state, at_random)
        # 6. and 7.: the Sketcher's team guesses before the timer empties for a point ...
        if team_guesses(state, kinds[sketcher], p_guess[sketcher], team_size(team, n) - 1):
            scores[team] += 1
            note_lead(scores, worst, lead, 2)
        elif steal:
            # ... else the other team has ten seconds for one guess to win the point.
            other = 1 - team
            if team_guesses(state, kinds[other], p_steal[other], team_size(other, n)):
                scores[other] += 1
                steals += 1
                note_lead(scores, worst, lead, 2)
        cards += 1
        sketches_by[sketcher] += 1
        # "The team who guesses 8 items correctly first wins."
        for t in range(2):
            if scores[t] >= target:
                return t, TARGET, cards, first, scores[0], scores[1], steals, lead[1], worst[t]
        if cards >= max_sketches:
            return NOBODY, CAP, cards, first, scores[0], scores[1], steals, lead[1], NOBODY
        team = 1 - team                                          # play alternates between teams


# -- Gameboard Play ---------------------------------------------------------------------------

@njit
def colours_owned(held, seat):
    count = 0
    for c in range(N_COLOURS):
        if held[seat, c]:
            count += 1
    return count


@njit
def take_pawn(state, held, centre, seat, kind, rank):
    """A correct Guesser takes "a colored pawn that you don't already own" from the centre.

    Skilled takes the colour the white pawn lands on least often (``rank``: the colours, rarest
    first); Random any colour she may take.  Returns False when none is left for her."""
    options = 0
    for c in range(N_COLOURS):
        if not held[seat, c] and centre[c] > 0:
            options += 1
    if options == 0:
        return False
    c = 0
    if kind == SKILLED:
        for r in range(N_COLOURS):
            c = rank[r]
            if not held[seat, c] and centre[c] > 0:
                break
    else:
        k = below(state, options) if options > 1 else 0   # one choice: nobody is asked
        for c in range(N_COLOURS):
            if not held[seat, c] and centre[c] > 0:
                if k == 0:
                    break
                k -= 1
    held[seat, c] = True
    centre[c] -= 1
    return True


@njit
def standings(held, n):
    owned = np.zeros(n, np.int64)
    for seat in range(n):
        owned[seat] = colours_owned(held, seat)
    return owned


@njit
def move_white_pawn(space, roll, length):
    """The Sketcher "moves the white square pawn clockwise ..., counting each space as one"."""
    return (space + roll) % length


@njit
def white_pawn_landings(state, track, die_sides, start, rolls, seed):
    """How often the white pawn lands on each space in ``rolls`` rolls from ``start`` (its long run)."""
    seed_chance(state, seed)
    counts = np.zeros(track.size, np.int64)
    space = start
    for _ in range(rolls):
        space = move_white_pawn(space, 1 + below(state, die_sides), track.size)
        counts[space] += 1
    return counts


@njit
def sketcher_collects(held, centre, sketcher, kind, enough):
    """The Sketcher collects a pawn of the colour landed on (kind 1-4), unless it is a Spade Space (0),
    she owns that colour, she owns all she needs, or none is left in the centre."""
    if kind == 0:
        return False
    c = kind - 1
    if held[sketcher, c] or colours_owned(held, sketcher) >= enough or centre[c] == 0:
        return False
    held[sketcher, c] = True
    centre[c] -= 1
    return True


@njit
def who_guessed(state, kind, p, guessers, g, correct):
    """Fill ``correct`` (seats in order from the Sketcher's left) with the correct Guessers; return how many.

    Skilled: one Guesser, each equally likely, with chance ``p``.  Random: each of the 2**g
    actions equally likely, numbered as ``Game.legal_actions`` lists them: each Guesser alone
    (from the Sketcher's left), then every group of two or more "at exactly the same time"
    (``itertools.combinations`` of the seats in seat order, by size), then time's up."""
    if kind == SKILLED:
        if uniform(state) < p:
            correct[0] = guessers[below(state, g)]
            return 1
        return 0
    k = below(state, 1 << g)
    if k < g:                                    # one Guesser
        correct[0] = guessers[k]
        return 1
    if k == (1 << g) - 1:                        # time's up
        return 0
    k -= g
    in_order = np.sort(guessers[:g])             # the groups are of seats in seat order
    for size in range(2, g + 1):
        n_groups = n_choose(g, size)
        if k < n_groups:
            nth_group(in_order, g, size, k, correct)
            return size
        k -= n_groups
    return 0


@njit
def n_choose(n, k):
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


@njit
def nth_group(seats, g, size, k, out):
    """The ``k``-th group of ``size`` of ``seats[:g]`` in the order itertools.combinations gives, into ``out``."""
    start = 0
    for place in range(size):
        for first in range(start, g):
            after = n_choose(g - first - 1, size - place - 1)   # groups that take ``first`` here
            if k < after:
                out[place] = seats[first]
                start = first + 1
                break
            k -= after


@njit
def in_turn_order(seats, count, sketcher, n):
    """Sort ``seats[:count]`` from the Sketcher's left (insertion sort: a handful of seats)."""
    for i in range(1, count):
        seat, j = seats[i], i
        while j > 0 and (seats[j - 1] - sketcher) % n > (seat - sketcher) % n:
            seats[j] = seats[j - 1]
            j -= 1
        seats[j] = seat


@njit
def shuffle_the_box(state, n_items):
    """The reference engine shuffles the card box (Fisher-Yates, one draw a place) before the
    first card; the lane keeps no words, but draws the same numbers, so both stay in step."""
    for i in range(n_items - 1, 0, -1):
        below(state, i + 1)


@njit
def play_gameboard(state, n, kinds, p_guess, track, spades, rank, die_sides, enough, pawns, max_sketches):
    """One game of Gameboard Play.  Returns (winner seat or -1, end code, sketches, cards,
    colours held in all, lead changes, the winner's worst deficit or -1)."""
    length = track.size
    held = np.zeros((n, N_COLOURS), np.bool_)
    centre = np.full(N_COLOURS, pawns, np.int64)
    worst = np.zeros(n, np.int64)
    lead = np.array([NOBODY, 0], np.int64)
    seen = np.zeros(n, np.bool_)                 # who sketched the front card without success
    guessers = np.zeros(n, np.int64)
    correct = np.zeros(n, np.int64)
    # "Choose a player to sketch first" (seat 0), who places the white pawn on a Spade Space.
    sketcher = 0
    white = spades[0] if kinds[0] == SKILLED or spades.size == 1 else spades[below(state, spades.size)]
    sketches = 0
    cards = 0
    while True:
        g = 0
        for k in range(1, n):                    # the Guessers, from the Sketcher's left
            seat = (sketcher + k) % n
            if not seen[seat]:
                guessers[g] = seat
                g += 1
        count = who_guessed(state, kinds[sketcher], p_guess[sketcher], guessers, g, correct)
        if count == 0:
            # "nobody collects any pawns, but the unguessed card remains in play" -- passed to the left,
            # "until ... there are no eligible players left to guess it".
            seen[sketcher] = True
            sketches += 1
            following = (sketcher + 1) % n
            left = 0
            for k in range(1, n):
                if not seen[(following + k) % n]:
                    left += 1
            if left == 0:
                cards += 1
                seen[:] = False
            if sketches >= max_sketches:
                return NOBODY, CAP, sketches, cards, standings(held, n).sum(), lead[1], NOBODY
            sketcher = following
            continue
        # A player with all her colours who guesses right hopes for the Ace; the others take a pawn,
        # in turn from the Sketcher's left.
        in_turn_order(correct, count, sketcher, n)
        hopeful = NOBODY
        for i in range(count):
            seat = correct[i]
            if colours_owned(held, seat) >= enough:
                if hopeful == NOBODY:
                    hopeful = seat               # the first to the Sketcher's left (one Ace card)
            elif take_pawn(state, held, centre, seat, kinds[seat], rank):
                note_lead(standings(held, n), worst, lead, n)
        # The successful Sketcher rolls and moves the white pawn.
        white = move_white_pawn(white, 1 + below(state, die_sides), length)
        sketches += 1
        cards += 1
        if track[white] == 0 and hopeful != NOBODY:
            # "If the white square pawn lands on a Spade Space, you ... collect the Ace-In-The-Hole card."
            return hopeful, ACE, sketches, cards, standings(held, n).sum(), lead[1], worst[hopeful]
        if sketcher_collects(held, centre, sketcher, track[white], enough):
            note_lead(standings(held, n), worst, lead, n)
        seen[:] = False
        if sketches >= max_sketches:
            return NOBODY, CAP, sketches, cards, standings(held, n).sum(), lead[1], NOBODY
        sketcher = (sketcher + 1) % n            # "The person to your left then becomes the new Sketcher"


# -- many games -----------------------------------------------------------------------------------

@njit
def team_games(state, seeds, n_items, n, kinds, p_guess, p_steal, target, steal, picks, max_sketches, out):
    """Play one Team Play game per seed into ``out`` (one row per game, the columns of ``play_team``);
    each game's chance is seeded from its own seed, so a game does not depend on the chunk it is in."""
    for i in range(seeds.size):
        seed_chance(state, seeds[i])
        shuffle_the_box(state, n_items)
        row = play_team(state, n, kinds, p_guess, p_steal, target, steal, picks, max_sketches)
        for j in range(9):
            out[i, j] = row[j]


@njit
def gameboard_games(state, seeds, n_items, n, kinds, p_guess, track, spades, rank, die_sides, enough, pawns,
                    max_sketches, out):
    """Play one Gameboard Play game per seed into ``out`` (the columns of ``play_gameboard``)."""
    for i in range(seeds.size):
        seed_chance(state, seeds[i])
        shuffle_the_box(state, n_items)
        row = play_gameboard(state, n, kinds, p_guess, track, spades, rank, die_sides, enough, pawns,
                             max_sketches)
        for j in range(7):
            out[i, j] = row[j]


# -- the lane's interface (see boardkit.core.fast) -------------------------------------------------

#: the lane's number for each bot it plays
TWINS = {Skilled: SKILLED, Random: RANDOM, CoreRandom: RANDOM}


def warm_up_rules() -> list:
    """The rulebooks ``core.fast.warm_up`` compiles: both ways to play, whose game loops compile apart."""
    return [Rules(), Rules(play="gameboard")]


def unsupported(rules, n_players: int, bots) -> str | None:
    """None when the lane can play these rules with these bots, else a sentence saying what it cannot."""
    if not isinstance(rules, Rules):
        return f"rules must be Win, Lose or Draw's Rules, got {type(rules).__name__}"
    return unsupported_bot(bots, TWINS, "Win, Lose or Draw")


def _seat_arrays(bots):
    kinds = bot_codes(bots, TWINS)
    p_guess = np.array([getattr(bot, "p_guess", 0.0) for bot in bots], np.float64)
    p_steal = np.array([getattr(bot, "p_steal", 0.0) for bot in bots], np.float64)
    return kinds, p_guess, p_steal


def track_array(track) -> np.ndarray:
    """The track as space kinds: 0 a Spade Space, 1-4 the colours of ``COLOURS``."""
    return np.array([0 if kind == SPADE else 1 + COLOURS.index(kind) for kind in track], np.int64)


def _bool_or_none(values, missing):
    """An object array as the reference frame has it: ``None`` where ``missing``, else True or False."""
    out = np.empty(len(values), dtype=object)
    for i, (value, gone) in enumerate(zip(values, missing)):
        out[i] = None if gone else bool(value)
    return out


def play_games(rules, n_players: int, seeds, bots) -> dict:
    """One game per seed; the columns of ``Game.result()``, in its order (``winner`` -1: nobody won)."""
    why = unsupported(rules, n_players, bots)
    if why is not None:
        raise ValueError(f"the Win, Lose or Draw fast lane cannot play this: {why}")
    rules.check_players(n_players)
    seeds = lane_seeds(seeds)
    kinds, p_guess, p_steal = _seat_arrays(bots)
    n_games = seeds.size
    n_items = len(box_items(rules))
    if rules.play == TEAM:
        out = np.zeros((n_games, 9), np.int64)
        team_games(new_chance(), seeds, n_items, n_players, kinds, p_guess, p_steal, rules.team_target, rules.steal,
                   rules.team_picks_sketcher, rules.max_sketches, out)
        winner, end, cards, first, score_a, score_b, steals, changes, deficit = out.T
        won = winner >= 0
        columns = {"seed": seeds, "winner": winner, "turns": cards, "end": _names(end),
                   "play": _constant(TEAM, n_games), "cards": cards, "first_team": first,
                   "score_a": score_a, "score_b": score_b, "steals": steals,
                   "first_team_won": _bool_or_none(winner == first, ~won)}
    else:
        track = track_array(rules.track)
        spades = np.flatnonzero(track == 0).astype(np.int64)
        rank = np.array([COLOURS.index(c) for c in rarest_first(rules.track, rules.die_sides)], np.int64)
        out = np.zeros((n_games, 7), np.int64)
        gameboard_games(new_chance(), seeds, n_items, n_players, kinds, p_guess, track, spades, rank, rules.die_sides,
                        rules.colours_to_collect, rules.pawns_per_colour, rules.max_sketches, out)
        winner, end, sketches, cards, colours, changes, deficit = out.T
        won = winner >= 0
        columns = {"seed": seeds, "winner": winner, "turns": sketches, "end": _names(end),
                   "play": _constant(rules.play, n_games), "cards": cards, "colours_held": colours}
    columns["lead_changes"] = changes
    columns["winner_worst_deficit"] = deficit  # -1: no winner (core.fast.typed_frame makes it missing)
    return columns


def _names(codes) -> np.ndarray:
    return np.array([END_REASONS[code] for code in codes], dtype=object)


def _constant(text: str, n: int) -> np.ndarray:
    return np.full(n, text, dtype=object)

"""The Cluedo Card Game's fast lane: whole games compiled with numba, for big simulations.

This is the *instrument*, not the definition: the rules are ``game.py`` and
the bots are ``bots.py``.  This module plays the same rules and the same bots
as plain loops over small integer arrays, in lockstep with the reference
engine: it draws the same numbers of the one stream (``core/fast.py``) in
the same order -- the miniatures' shuffle, the deck's, each reshuffle of the
discards, and a Random bot's pick, drawn only when it has a choice, as
``bk.play`` asks a bot only then -- so one seed gives the same game in both
(``tests/cluedo_cards/test_cc_lockstep.py`` proves it on the rulebook and
variants, frame for frame).

What it covers: every ``Rules`` field (pictures, numbers, copies, hand size,
miniatures, powers, ``empty_draw``, ``floor_at_zero``, ``ties``, ``starter``,
target, going-out points, ``max_turns``, ``max_rounds``), 2 to 4 players, and
the bots ``Shedder`` (the default), ``Revolverist`` (any whole ``margin``)
and ``Random``, each seat its own.  What it does not: any other bot (a
subclass too, since it may decide differently), events, a game to step
through.  ``bk.simulate(engine="auto")`` then falls back to the reference
engine; ``engine="fast"`` raises a ValueError naming the bot.

How a game is held: a card is a number ``kind = picture * n_numbers +
number_index`` (the deck holds each kind ``copies`` times); a hand is a row
of ``hands`` with its length in ``hand_len``, in the same order as the
reference hand (dealt cards, then drawn ones at the end; a played card is
taken out and the rest keep their order), because the bots' first-best
choices depend on that order.  The piles keep their top at the end.
"""
from __future__ import annotations

import numpy as np

from boardkit.core.fast import (NO_LEADER, below, bot_codes as codes_of, lane_seeds, new_chance, njit, note_lead,
                                seat_after, seed_chance, shuffle, sole_leader, unsupported_bot)

from .bots import Random, Revolverist, Shedder
from .rules import AGAIN, SKIP_CHOSEN, SKIP_NEXT, SWAP_HANDS, Rules

# -- codes --------------------------------------------------------------------
#: a picture's power (0: none)
NO_POWER, POWER_SKIP_CHOSEN, POWER_SKIP_NEXT, POWER_AGAIN, POWER_SWAP = 0, 1, 2, 3, 4
POWER_CODES = {SKIP_CHOSEN: POWER_SKIP_CHOSEN, SKIP_NEXT: POWER_SKIP_NEXT, AGAIN: POWER_AGAIN,
               SWAP_HANDS: POWER_SWAP}
#: the bots the lane plays
BOT_RANDOM, BOT_SHEDDER, BOT_REVOLVERIST = 0, 1, 2
#: who starts a round (Rules.starter)
AFTER_WINNER, WINNER_STARTS, ROTATE = 0, 1, 2
STARTERS = {"after winner": AFTER_WINNER, "winner": WINNER_STARTS, "rotate": ROTATE}
#: end reasons (game.py's strings, decoded in Python)
END_REASONS = ("target reached", "round cap")
TARGET_REACHED, ROUND_CAP = 0, 1
#: "nobody" after a Dagger (SkipNobody), and no seat (a void round, no winner, no sole leader)
NOBODY = NO_LEADER
#: a bot's answer when no card of the hand may be played
NO_CARD = -1

# The numeric rules, one int64 array (indices below), unpacked from Rules in Python.
N_NUMBERS, N_KINDS, COPIES, HAND_SIZE, TARGET, GOING_OUT, RESHUFFLE, FLOOR_AT_ZERO, TIES_ROUND_WINNER, \
    STARTER, MAX_TURNS, MAX_ROUNDS, N_MINIATURES = range(13)
N_RULES = 13


def rule_arrays(rules: Rules):
    """The rules as numbers: (``rule`` int64 array, power of each picture, miniatures' pictures and penalties)."""
    picture_index = {p: i for i, p in enumerate(rules.pictures)}
    rule = np.zeros(N_RULES, dtype=np.int64)
    rule[N_NUMBERS] = len(rules.numbers)
    rule[N_KINDS] = len(rules.pictures) * len(rules.numbers)
    rule[COPIES] = rules.copies
    rule[HAND_SIZE] = rules.hand_size
    rule[TARGET] = rules.target
    rule[GOING_OUT] = rules.going_out_points
    rule[RESHUFFLE] = rules.empty_draw == "reshuffle"
    rule[FLOOR_AT_ZERO] = rules.floor_at_zero
    rule[TIES_ROUND_WINNER] = rules.ties == "round winner"
    rule[STARTER] = STARTERS[rules.starter]
    rule[MAX_TURNS] = rules.max_turns
    rule[MAX_ROUNDS] = rules.max_rounds
    rule[N_MINIATURES] = len(rules.miniatures)
    power = np.zeros(len(rules.pictures), dtype=np.int64)
    for picture, kind in rules.powers:
        power[picture_index[picture]] = POWER_CODES[kind]
    mini_picture = np.array([picture_index[p] for p, _ in rules.miniatures], dtype=np.int64)
    mini_penalty = np.array([penalty for _, penalty in rules.miniatures], dtype=np.int64)
    return rule, power, mini_picture, mini_penalty


#: the lane's number for each bot it plays
TWINS = {Shedder: BOT_SHEDDER, Revolverist: BOT_REVOLVERIST, Random: BOT_RANDOM}


def bot_codes(bots) -> tuple[np.ndarray, np.ndarray]:
    """Each seat's bot as a code, and each Revolverist's margin (0 for the others)."""
    margins = np.array([b.margin if type(b) is Revolverist else 0 for b in bots], dtype=np.int64)
    return codes_of(bots, TWINS), margins


def unsupported(rules, n_players, bots) -> str | None:
    """None when the lane can play these rules with these bots, else why not."""
    if not isinstance(rules, Rules):
        return f"the rules are not the Cluedo Card Game's ({type(rules).__name__})"
    if not isinstance(n_players, int) or not rules.min_players <= n_players <= rules.max_players:
        return f"n_players={n_players!r} is not 2 to 4"
    why = unsupported_bot(bots, TWINS, "Cluedo Card Game")
    if why is not None:
        return why
    for seat, bot in enumerate(bots):
        if type(bot) is Revolverist and not (isinstance(bot.margin, int) and not isinstance(bot.margin, bool)
                                             and -10**6 <= bot.margin <= 10**6):
            return f"seat {seat}'s Revolverist has margin={bot.margin!r}; the lane needs a whole number"
    return None


# -- the pieces of a game (each a small compiled function) ----------------------
@njit(allocates=False)
def matches(card, top, n_numbers):
    """May ``card`` go on ``top``?  Same picture or same number (rule 4)."""
    return card // n_numbers == top // n_numbers or card % n_numbers == top % n_numbers


@njit
def fits_table(n_kinds, n_numbers):
    """``fits[top, card]``: may ``card`` go on ``top`` (made once per deck; game.matches is the rule)."""
    fits = np.zeros((n_kinds, n_kinds), dtype=np.bool_)
    for top in range(n_kinds):
        for card in range(n_kinds):
            fits[top, card] = matches(card, top, n_numbers)
    return fits


@njit
def count_slots(n_kinds, n_pictures, n_numbers):
    """Where a hand's counts of each card's picture and number are kept in a ``held`` row.

    A row of ``held`` counts a hand's cards three ways: by card (slots
    ``0 .. n_kinds-1``), by picture and by number (the two slots of
    ``slots[card]``), so the bots' follow-up count is three look-ups."""
    slots = np.zeros((n_kinds, 2), dtype=np.int64)
    for card in range(n_kinds):
        slots[card, 0] = n_kinds + card // n_numbers
        slots[card, 1] = n_kinds + n_pictures + card % n_numbers
    return slots


@njit(inline="always")  # a few times a turn: copied into its caller
def count_card(held, seat, card, slots, change):
    """Add ``change`` (+1: a card comes into the hand, -1: it leaves) to the hand's counts."""
    held[seat, card] += change
    held[seat, slots[card, 0]] += change
    held[seat, slots[card, 1]] += change


@njit(allocates=False)
def deal(rule, n_players, hands, hand_len, held, slots, draw, discard, minis, mini_order, state):
    """Rules 1-3: every player takes a miniature face down, the deck is shuffled,
    ``hand_size`` cards dealt to each, one card turned up.  Returns (draw_len, discard_len).

    As game.py: hands are dealt from the front of the shuffled deck, the
    last card is turned up and the rest is the draw pile (drawn from its end).
    """
    n_minis = rule[N_MINIATURES]
    for m in range(n_minis):
        mini_order[m] = m
    shuffle(mini_order, n_minis, state)
    for seat in range(n_players):
        minis[seat] = mini_order[seat]
    n_kinds = rule[N_KINDS]
    size = n_kinds * rule[COPIES]
    i = 0
    for _ in range(rule[COPIES]):  # the deck in order: every kind, copies times over
        for kind in range(n_kinds):
            draw[i] = kind
            i += 1
    shuffle(draw, size, state)
    h = rule[HAND_SIZE]
    for seat in range(n_players):
        for i in range(held.shape[1]):
            held[seat, i] = 0
    for seat in range(n_players):
        for k in range(h):
            hands[seat, k] = draw[seat * h + k]
            count_card(held, seat, hands[seat, k], slots, 1)
        hand_len[seat] = h
    dealt = n_players * h
    rest = size - dealt - 1
    for i in range(rest):
        draw[i] = draw[dealt + i]
    discard[0] = draw[dealt + rest]
    return rest, 1


@njit(allocates=False)
def playable(hands, seat, length, top, fits, distinct, options):
    """The cards of a seat's hand that may go on ``top``, in hand order, each different card
    once when ``distinct`` (a deck with copies); written into ``options``, their count returned.

    (The lane's helpers take ``hands`` and a seat rather than one row: a row
    of a 2-D array is a new array object for numba, which costs time.)"""
    count = 0
    for i in range(length):
        card = hands[seat, i]
        if fits[top, card]:
            seen = False
            if distinct:
                for j in range(count):
                    if options[j] == card:
                        seen = True
                        break
            if not seen:
                options[count] = card
                count += 1
    return count


@njit(inline="always")  # a few times a turn: copied into its caller
def remove_card(hands, held, slots, seat, length, card):
    """Take the first copy of ``card`` out of a seat's hand (the others keep their order); the new length."""
    count_card(held, seat, card, slots, -1)
    i = 0
    while hands[seat, i] != card:
        i += 1
    for j in range(i, length - 1):
        hands[seat, j] = hands[seat, j + 1]
    return length - 1


@njit(inline="always")  # a few times a turn: copied into its caller
def follow_ups(held, seat, played, slots):
    """bots.follow_ups: how many other cards of the seat's hand could go on ``played``.

    Cards of its picture plus cards of its number, less the cards that are
    both (its own copies), less its own copies again: they are not "other"."""
    return held[seat, slots[played, 0]] + held[seat, slots[played, 1]] - 2 * held[seat, played]


@njit(inline="always")  # a few times a turn: copied into its caller
def shedder_play(hands, held, seat, length, top, fits, power, slots):
    """Shedder: an action card if it can (any picture with a power), then most follow-ups;
    NO_CARD when no card of the hand may go on ``top``.

    ``power[kind]``: the power of each card (that of its picture).  One pass
    over the hand keeps the first best action card and the first best card of
    any kind that may go on ``top`` -- the same choice as
    bots.most_follow_ups(action cards, or else all playable cards): a second
    copy of a card counts the same as the first, so it never displaces it."""
    best_action, most_action = NO_CARD, -1
    best_any, most_any = NO_CARD, -1
    for i in range(length):
        card = hands[seat, i]
        if not fits[top, card]:
            continue
        count = follow_ups(held, seat, card, slots)
        if power[card] != NO_POWER and count > most_action:
            best_action, most_action = card, count
        if count > most_any:
            best_any, most_any = card, count
    return best_action if best_action != NO_CARD else best_any


@njit(inline="always")  # a few times a turn: copied into its caller
def revolverist_play(player, n_players, hands, hand_len, held, top, fits, power, slots, margin, chosen):
    """Revolverist: the Revolver once its hand holds ``margin`` more cards than the smallest
    rival hand; else plain cards, then other action cards, then the Revolver, by most follow-ups
    (as bots.most_follow_ups: the first of the most); NO_CARD when none may go on ``top``.

    One pass over the hand keeps, for each of the three groups, its first
    best card that may go on ``top`` (``chosen[0..5]``: best and most of
    plain, other, revolver)."""
    for group in range(3):
        chosen[2 * group], chosen[2 * group + 1] = NO_CARD, -1
    first_revolver = NO_CARD
    for i in range(hand_len[player]):
        card = hands[player, i]
        if not fits[top, card]:
            continue
        p = power[card]
        group = 0 if p == NO_POWER else 2 if p == POWER_SWAP else 1
        if group == 2 and first_revolver == NO_CARD:
            first_revolver = card
        count = follow_ups(held, player, card, slots)
        if count > chosen[2 * group + 1]:
            chosen[2 * group], chosen[2 * group + 1] = card, count
    if first_revolver != NO_CARD:
        smallest = 1 << 40
        for k in range(1, n_players):
            smallest = min(smallest, hand_len[seat_after(player, k, n_players)])
        if hand_len[player] - smallest >= margin:
            return first_revolver
    for group in range(3):  # plain cards, then other action cards, then revolvers
        if chosen[2 * group] != NO_CARD:
            return chosen[2 * group]
    return NO_CARD


@njit(inline="always")  # a few times a turn: copied into its caller
def random_play(hands, seat, length, top, fits, distinct, options, state):
    """Random: any card that may go on ``top``, each different card equally likely; NO_CARD if none.
    As in the reference engine, a bot is asked (and draws a number) only when there is a choice."""
    n_options = playable(hands, seat, length, top, fits, distinct, options)
    if n_options == 0:
        return NO_CARD
    return options[0] if n_options == 1 else options[below(state, n_options)]


@njit(allocates=False)
def fewest_cards(player, n_players, hand_len, scores):
    """bots.fewest_cards: the rival (in turn order) with fewest cards; ties: the higher score, then the first."""
    best = seat_after(player, 1, n_players)
    for k in range(2, n_players):
        seat = seat_after(player, k, n_players)
        fewer = hand_len[seat] - hand_len[best]
        if fewer < 0 or (fewer == 0 and scores[seat] > scores[best]):
            best = seat
    return best


@njit(allocates=False)
def highest_score(player, n_players, hand_len, scores):
    """Revolverist's Dagger: the rival with the highest score (ties: fewest cards, then the first)."""
    best = seat_after(player, 1, n_players)
    for k in range(2, n_players):
        seat = seat_after(player, k, n_players)
        if scores[seat] > scores[best] or (scores[seat] == scores[best] and hand_len[seat] < hand_len[best]):
            best = seat
    return best


@njit(allocates=False)
def dagger_victim(bot, player, n_players, hand_len, scores, state):
    """Rule 6: the Dagger's player *can* choose a rival to miss a turn.  Random picks
    among the rivals and "nobody" (NOBODY); Shedder and Revolverist always name a victim."""
    if bot == BOT_RANDOM:
        k = below(state, n_players)  # the rivals in turn order, then SkipNobody
        return NOBODY if k == n_players - 1 else seat_after(player, 1 + k, n_players)
    if bot == BOT_SHEDDER:
        return fewest_cards(player, n_players, hand_len, scores)
    return highest_score(player, n_players, hand_len, scores)


@njit(allocates=False)
def swap_partner(bot, player, n_players, hand_len, scores, state):
    """Rule 9: the Revolver's player must swap hands with a rival of her choice."""
    if n_players == 2:  # one rival: no choice, so no bot is asked
        return seat_after(player, 1, n_players)
    if bot == BOT_RANDOM:
        return seat_after(player, 1 + below(state, n_players - 1), n_players)
    return fewest_cards(player, n_players, hand_len, scores)


@njit(allocates=False)
def swap_hands(hands, hand_len, held, a, b):
    """Two players swap whole hands (and their counts)."""
    for i in range(max(hand_len[a], hand_len[b])):
        hands[a, i], hands[b, i] = hands[b, i], hands[a, i]
    for i in range(held.shape[1]):
        held[a, i], held[b, i] = held[b, i], held[a, i]
    hand_len[a], hand_len[b] = hand_len[b], hand_len[a]


@njit(inline="always")  # a few times a turn: copied into its caller
def next_player(current, n_players, missing):
    """The next player clockwise who does not miss her turn; each seat passed over spends one missed turn."""
    nxt = seat_after(current, 1, n_players)
    while missing[nxt]:
        missing[nxt] -= 1
        nxt = seat_after(nxt, 1, n_players)
    return nxt


@njit(allocates=False)
def refill(draw, discard, discard_len, state):
    """An empty draw pile under "reshuffle": the discards less the top card, shuffled; the new draw_len."""
    rest = discard_len - 1
    for i in range(rest):
        draw[i] = discard[i]
    discard[0] = discard[rest]
    shuffle(draw, rest, state)
    return rest


@njit(allocates=False)
def go_out(rule, player, last_picture, n_players, scores, minis, mini_picture, mini_penalty):
    """Rule 10: she scores; every player whose miniature shows the last card's picture
    loses its penalty (she too); scores floored at 0 under floor_at_zero.  The points lost."""
    scores[player] += rule[GOING_OUT]
    lost = 0
    for seat in range(n_players):
        m = minis[seat]
        if mini_picture[m] == last_picture:
            scores[seat] -= mini_penalty[m]
            lost += mini_penalty[m]
        if rule[FLOOR_AT_ZERO] and scores[seat] < 0:
            scores[seat] = 0
    return lost


@njit(allocates=False)
def next_starter(rule, rounds, starter, went_out, n_players):
    """Rules.starter: who starts the next round; after a void round, the seat after the last starter."""
    if rule[STARTER] == ROTATE:
        return rounds % n_players
    if went_out == NOBODY:
        return (starter + 1) % n_players
    return went_out if rule[STARTER] == WINNER_STARTS else (went_out + 1) % n_players


@njit
def first_turn_stuck(rule, n_players, seeds):
    """For each seed, one deal: True when the first player has no card to play on the card turned up."""
    size = rule[N_KINDS] * rule[COPIES]
    hands = np.zeros((n_players, size), dtype=np.int64)
    hand_len = np.zeros(n_players, dtype=np.int64)
    draw = np.zeros(size, dtype=np.int64)
    discard = np.zeros(size, dtype=np.int64)
    minis = np.zeros(n_players, dtype=np.int64)
    mini_order = np.zeros(rule[N_MINIATURES], dtype=np.int64)
    options = np.zeros(size, dtype=np.int64)
    fits = fits_table(rule[N_KINDS], rule[N_NUMBERS])
    n_pictures = rule[N_KINDS] // rule[N_NUMBERS]
    slots = count_slots(rule[N_KINDS], n_pictures, rule[N_NUMBERS])
    held = np.zeros((n_players, rule[N_KINDS] + n_pictures + rule[N_NUMBERS]), dtype=np.int64)
    state = np.zeros(4, dtype=np.uint64)
    stuck = np.zeros(len(seeds), dtype=np.bool_)
    for g in range(len(seeds)):
        seed_chance(state, seeds[g])
        deal(rule, n_players, hands, hand_len, held, slots, draw, discard, minis, mini_order, state)
        stuck[g] = playable(hands, 0, hand_len[0], discard[0], fits, False, options) == 0
    return stuck


# -- whole games --------------------------------------------------------------------
@njit
def play_batch(rule, picture_power, mini_picture, mini_penalty, n_players, seeds, bot, margin,
               winner, turns, end, rounds, void_rounds, scores_out, round_winners, leaders, penalties,
               lead_changes, worst_deficit):
    """Play one game per seed; the result columns are written into the arrays given.

    ``round_winners[g]`` and ``leaders[g]`` are the text columns as bytes
    (a seat digit, '-' or '=' per round, comma-separated).
    """
    n_numbers = rule[N_NUMBERS]
    size = rule[N_KINDS] * rule[COPIES]
    distinct = rule[COPIES] > 1
    fits = fits_table(rule[N_KINDS], n_numbers)
    n_pictures = rule[N_KINDS] // n_numbers
    slots = count_slots(rule[N_KINDS], n_pictures, n_numbers)
    held = np.zeros((n_players, rule[N_KINDS] + n_pictures + n_numbers), dtype=np.int64)
    power = np.zeros(rule[N_KINDS], dtype=np.int64)  # each card's power: that of its picture
    for kind in range(rule[N_KINDS]):
        power[kind] = picture_power[kind // n_numbers]
    hands = np.zeros((n_players, size), dtype=np.int64)
    hand_len = np.zeros(n_players, dtype=np.int64)
    draw = np.zeros(size, dtype=np.int64)
    discard = np.zeros(size, dtype=np.int64)
    minis = np.zeros(n_players, dtype=np.int64)
    mini_order = np.zeros(rule[N_MINIATURES], dtype=np.int64)
    options = np.zeros(size, dtype=np.int64)
    chosen = np.zeros(6, dtype=np.int64)  # revolverist_play: best and most of its three groups
    scores = np.zeros(n_players, dtype=np.int64)
    missing = np.zeros(n_players, dtype=np.int64)
    worst = np.zeros(n_players, dtype=np.int64)
    lead = np.zeros(2, dtype=np.int64)
    state = np.zeros(4, dtype=np.uint64)
    for g in range(len(seeds)):
        seed_chance(state, seeds[g])
        scores[:] = 0
        worst[:] = 0
        lead[0], lead[1] = NOBODY, 0
        game_turns, lost_total, n_void = 0, 0, 0
        game_winner, reason = NOBODY, ROUND_CAP
        starter = 0
        round_no = 0
        text = 0  # characters written to the text columns
        while True:
            # -- a round (rules 1-10) --
            round_no += 1
            missing[:] = 0
            draw_len, discard_len = deal(rule, n_players, hands, hand_len, held, slots, draw, discard, minis,
                                         mini_order, state)
            current = starter
            round_turns = 0
            went_out = NOBODY
            while True:
                again = False
                top = discard[discard_len - 1]
                b = bot[current]
                if b == BOT_RANDOM:
                    card = random_play(hands, current, hand_len[current], top, fits, distinct, options, state)
                elif b == BOT_SHEDDER:
                    card = shedder_play(hands, held, current, hand_len[current], top, fits, power, slots)
                else:
                    card = revolverist_play(current, n_players, hands, hand_len, held, top, fits, power, slots,
                                            margin[current], chosen)
                game_turns += 1
                round_turns += 1
                if card != NO_CARD:  # rule 4: a player who can play must play
                    hand_len[current] = remove_card(hands, held, slots, current, hand_len[current], card)
                    discard[discard_len] = card
                    discard_len += 1
                    if hand_len[current] == 0:  # rule 10: out of cards, the round ends at once
                        went_out = current
                        lost_total += go_out(rule, current, card // n_numbers, n_players, scores, minis,
                                             mini_picture, mini_penalty)
                        break
                    p = power[card]
                    if p == POWER_SKIP_NEXT:  # rule 7: Candlestick
                        missing[seat_after(current, 1, n_players)] += 1
                    elif p == POWER_AGAIN:  # rule 8: Rope
                        again = True
                    elif p == POWER_SKIP_CHOSEN:  # rule 6: Dagger, she *can* choose
                        victim = dagger_victim(b, current, n_players, hand_len, scores, state)
                        if victim != NOBODY:
                            missing[victim] += 1
                    elif p == POWER_SWAP:  # rule 9: Revolver
                        other = swap_partner(b, current, n_players, hand_len, scores, state)
                        swap_hands(hands, hand_len, held, current, other)
                elif draw_len > 0 or (rule[RESHUFFLE] and discard_len >= 2):  # rule 5: draw one, play passes
                    if draw_len == 0:
                        draw_len = refill(draw, discard, discard_len, state)
                        discard_len = 1
                    draw_len -= 1
                    hands[current, hand_len[current]] = draw[draw_len]
                    hand_len[current] += 1
                    count_card(held, current, draw[draw_len], slots, 1)
                # else: nothing to play or draw (empty_draw="pass"): she passes
                if round_turns >= rule[MAX_TURNS]:  # a round nobody wins is void
                    break
                if not again:
                    current = next_player(current, n_players, missing)
            # -- the end of a round --
            if went_out == NOBODY:
                n_void += 1
            leader = sole_leader(scores, n_players)
            if text:
                round_winners[g, text] = 44  # ","
                leaders[g, text] = 44
                text += 1
            round_winners[g, text] = 45 if went_out == NOBODY else 48 + went_out  # "-" or the seat
            leaders[g, text] = 61 if leader == NOBODY else 48 + leader             # "=" or the seat
            text += 1
            note_lead(scores, worst, lead, n_players)
            best = scores[0]
            for seat in range(1, n_players):
                best = max(best, scores[seat])
            if best >= rule[TARGET]:  # rule 11: the highest score at the target wins
                if leader != NOBODY:
                    game_winner, reason = leader, TARGET_REACHED
                    break
                if rule[TIES_ROUND_WINNER] and went_out != NOBODY and scores[went_out] == best:
                    game_winner, reason = went_out, TARGET_REACHED
                    break
            if round_no >= rule[MAX_ROUNDS]:
                break
            starter = next_starter(rule, round_no, starter, went_out, n_players)
        winner[g] = game_winner
        turns[g] = game_turns
        end[g] = reason
        rounds[g] = round_no
        void_rounds[g] = n_void
        for seat in range(n_players):
            scores_out[g, seat] = scores[seat]
        penalties[g] = lost_total
        lead_changes[g] = lead[1]
        worst_deficit[g] = worst[game_winner] if game_winner != NOBODY else -1


def _text_column(codes: np.ndarray, width: int) -> np.ndarray:
    """Rows of ASCII codes (0-padded, the longest ``width`` long) as an object array of Python strings."""
    codes = np.ascontiguousarray(codes[:, :max(width, 1)])
    return codes.view(f"S{codes.shape[1]}").ravel().astype(str).astype(object)


#: games played per call of the compiled loop: the text columns' buffers
#: (2 x max_rounds bytes a game, each) stay small however many games a chunk holds
BATCH = 8192


def play_games(rules, n_players, seeds, bots) -> dict:
    """One game per seed: the columns of ``Game.result()``, in its order."""
    why = unsupported(rules, n_players, bots)
    if why is not None:
        raise ValueError(f"the Cluedo Card Game's fast lane cannot play this: {why}")
    seeds = lane_seeds(seeds)
    parts = [_play_part(rules, n_players, seeds[i:i + BATCH], bots) for i in range(0, len(seeds), BATCH)]
    if len(parts) == 1:
        return parts[0]
    if not parts:
        parts = [_play_part(rules, n_players, seeds, bots)]
    return {name: np.concatenate([part[name] for part in parts]) for name in parts[0]}


def _play_part(rules, n_players, seeds, bots) -> dict:
    n = len(seeds)
    rule, power, mini_picture, mini_penalty = rule_arrays(rules)
    kinds, margins = bot_codes(bots)
    winner, turns, end, rounds, void_rounds, penalties, lead_changes, worst = (
        np.zeros(n, dtype=np.int64) for _ in range(8))
    scores = np.zeros((n, n_players), dtype=np.int64)
    width = 2 * rules.max_rounds
    round_winners = np.zeros((n, width), dtype=np.uint8)
    leaders = np.zeros((n, width), dtype=np.uint8)
    play_batch(rule, power, mini_picture, mini_penalty, n_players, seeds, kinds, margins, winner, turns, end,
               rounds, void_rounds, scores, round_winners, leaders, penalties, lead_changes, worst)
    columns = {"seed": seeds.copy(), "winner": winner, "turns": turns,
               "end": np.array(END_REASONS, dtype=object)[end], "rounds": rounds, "void_rounds": void_rounds}
    for seat in range(n_players):
        columns[f"score_{seat}"] = scores[:, seat].copy()
    width = 2 * int(rounds.max(initial=0)) - 1  # "w,w,...,w": two characters a round, less one comma
    columns["round_winners"] = _text_column(round_winners, width)
    columns["leaders"] = _text_column(leaders, width)
    columns["penalties"] = penalties
    columns["lead_changes"] = lead_changes
    columns["winner_worst_deficit"] = worst  # -1: no winner (core.fast.typed_frame makes it missing)
    return columns


def stuck_on_first_turn(rules, n_players, seeds) -> np.ndarray:
    """The lane's deal, one per seed: True where the first player cannot play on the first turn."""
    rule, _, _, _ = rule_arrays(rules)
    return first_turn_stuck(rule, n_players, np.asarray(seeds, dtype=np.int64))


__all__ = ["new_chance", "play_games", "stuck_on_first_turn", "unsupported"]

"""Mystery Date's fast lane: the same rules as ``game.py``, compiled for big simulations.

This module is the *instrument*, not the definition: ``game.py`` and
``bots.py`` say what the rules and the Collector are, and students read
those.  Here the same game is written again as plain loops over small
integer arrays and compiled with numba (see :mod:`boardkit.core.fast`), so
``bk.simulate`` can play a million games in seconds.  The two engines are
in lockstep: they draw the same random numbers (``core.rng.Chance`` and its
compiled twin in ``core.fast``) in the same order, so the same seed gives the
same game, frame for frame (``tests/mystery_date/test_md_lockstep.py``).  The
order of the draws is the reference's: the deck shuffled (Fisher-Yates), the
roll, a bot's tie-break among choices in CARDS order, a blind draw counted in
CARDS order (``hand.Hand.pop``), the door's ``weighted`` draw.

What it covers: every field of :class:`~.rules.Rules` (any board, door
weights, the Dud in or out of play, hand limit, deal size, Dud redraw,
die, turn cap, copies), 2-4 players, and two bots: the Collector (its
policy exactly as ``bots.py`` makes it, random tie-breaks included) and
``Random`` (any legal action, equally likely).  Any other bot, or a
subclass of these two, is played by the reference engine.

How the state is kept (one game at a time, arrays reused between games):

* a card is a number 0-11, its index in ``events.CARDS``: colour ``c // 3``
  (red, green, blue, orange), number ``c % 3 + 1``;
* ``hands[seat, card]``: how many copies of each card a seat holds.  A hand's
  order never matters to the rules: the only draw from a hand (a swap) is
  blind, so any card is equally likely;
* ``piles[DRAW]``, ``piles[DISCARD]``: the cards of each pile, bottom first,
  and ``heights[pile]``: how many it holds (the top is the last);
* ``game[...]``: whose turn, the turn count, the winner, how it ended, the date;
* ``standing``, ``worst``, ``lead``: the drama, kept as core/lead.py's
  ``LeadTracker`` keeps it.

Only ``play_games_compiled`` and ``weakest_table`` make arrays (once per chunk of games); every
other function is ``@njit(allocates=False)``, which numba compiles without
counting references to the arrays it is handed (see ``core.fast.njit``).
"""
from __future__ import annotations

import numpy as np

from boardkit.core.bots import Random
from boardkit.core.fast import (NO_LEADER, below, bot_codes, lane_seeds, njit, note_lead, result_columns,
                                seat_after, seed_chance, shuffle, unsupported_bot, weighted)

from .bots import Collector
from .rules import COLOURS, SPACE_KINDS

# -- numbers for the game's words -------------------------------------------------
N_CARDS = 12
N_COLOURS = 4
# Space kinds, in rules.SPACE_KINDS order.
DOOR, TAKE_1, TAKE_2, SWAP_LEFT, SWAP_RIGHT, SWAP_ANY, TAKE_EITHER = range(7)
assert SPACE_KINDS == ("door", "take1", "take2", "swap_left", "swap_right", "swap_any", "take_either")
DRAW, DISCARD = 0, 1
DUD = 4  # the door's fifth outcome (rules.OUTCOMES)
# game[...] slots, N_SLOTS of them
CURRENT, TURNS, WINNER, END, DATE, N_SLOTS = range(6)
# how a game ended (END), and its words in the result (END_LABELS[code])
GOING_ON, DATE_FOUND, TURN_CAP = 0, 1, 2
END_LABELS = (None, "date found", "turn cap")
# the bots: the lane's number for each bot it plays
COLLECTOR, RANDOM = 0, 1
TWINS = {Collector: COLLECTOR, Random: RANDOM}
# rules unpacked into one int array (RULE_...)
R_HAND_LIMIT, R_DEAL_SIZE, R_DUD_REDRAW, R_DIE_SIDES, R_MAX_TURNS, R_COPIES = range(6)

# the columns of ``out`` (one row a game), in Game.result()'s order after ``seed``
OUT_COLUMNS = ("winner", "turns", "end", "date", "lead_changes", "winner_worst_deficit")
O_WINNER, O_TURNS, O_END, O_DATE, O_LEAD_CHANGES, O_DEFICIT = range(len(OUT_COLUMNS))
COLUMNS = ("seed", *OUT_COLUMNS)


# -- what a hand holds ---------------------------------------------------------------
# Every helper reads a hand as ``hands[seat, card]`` (no array views, no
# allocations: this is the inner loop of a million games).
@njit(allocates=False)
def numbers_held(hands, seat, colour):
    """How many different numbers (1, 2, 3) of ``colour`` the hand holds (0-3)."""
    first = 3 * colour
    return (hands[seat, first] > 0) + (hands[seat, first + 1] > 0) + (hands[seat, first + 2] > 0)


@njit(allocates=False)
def progress(hands, seat):
    """How near the hand is to a date: the most different numbers of one colour (Hand.standing)."""
    best = 0
    for colour in range(N_COLOURS):
        n = numbers_held(hands, seat, colour)
        if n > best:
            best = n
    return best


@njit(allocates=False)
def hand_size(hands, seat):
    size = 0
    for card in range(N_CARDS):
        size += hands[seat, card]
    return size


@njit(allocates=False)
def n_different(hands, seat):
    """How many different cards she holds: the number of Discard (or Give) choices."""
    n = 0
    for card in range(N_CARDS):
        if hands[seat, card] > 0:
            n += 1
    return n


@njit(allocates=False)
def nth_card(hands, seat, k):
    """The ``k``-th different card the hand holds, in CARDS order."""
    for card in range(N_CARDS):
        if hands[seat, card] > 0:
            if k == 0:
                return card
            k -= 1
    return -1


@njit(allocates=False)
def target_colours(hands, seat, weights):
    """The Collector's target colours as bits (bit c: colour c), as bots.target_colours:
    the most different numbers, then the most cards of it, then the likelier date."""
    best_n, best_c, best_w, mask = -1, -1, -1.0, 0
    for colour in range(N_COLOURS):
        n = numbers_held(hands, seat, colour)
        c = hands[seat, 3 * colour] + hands[seat, 3 * colour + 1] + hands[seat, 3 * colour + 2]
        w = weights[colour]
        if n > best_n or (n == best_n and (c > best_c or (c == best_c and w > best_w))):
            best_n, best_c, best_w, mask = n, c, w, 1 << colour
        elif n == best_n and c == best_c and w == best_w:
            mask |= 1 << colour
    return mask


# -- the piles (rule 5) ------------------------------------------------------------------
@njit(allocates=False)
def refill_draw_pile(piles, heights, chance):
    """Rule 5: a used-up draw pile is remade from the discards less their top card."""
    if heights[DRAW] == 0 and heights[DISCARD] >= 2:
        n = heights[DISCARD] - 1
        top = piles[DISCARD, n]
        for i in range(n):
            piles[DRAW, i] = piles[DISCARD, i]
        piles[DISCARD, 0] = top
        heights[DRAW], heights[DISCARD] = n, 1
        shuffle(piles[DRAW], n, chance)


@njit(inline="always")  # once a turn: copied into its caller
def take(hands, seat, pile, piles, heights, chance):
    """She takes the top card of ``pile`` (Game._take_from).  False: both piles were empty."""
    if pile == DISCARD:
        heights[DISCARD] -= 1
        card = piles[DISCARD, heights[DISCARD]]
        if heights[DISCARD] == 0 and heights[DRAW] > 0:  # the draw pile's top starts a new discard pile
            heights[DRAW] -= 1
            piles[DISCARD, 0] = piles[DRAW, heights[DRAW]]
            heights[DISCARD] = 1
            refill_draw_pile(piles, heights, chance)
    else:
        if heights[DRAW] == 0:
            refill_draw_pile(piles, heights, chance)
        if heights[DRAW] == 0:
            return False  # both piles are used up (only in variants with huge hands)
        heights[DRAW] -= 1
        card = piles[DRAW, heights[DRAW]]
        if heights[DRAW] == 0:
            refill_draw_pile(piles, heights, chance)
    hands[seat, card] += 1
    return True


@njit(allocates=False)
def put_on_discard(card, piles, heights):
    piles[DISCARD, heights[DISCARD]] = card
    heights[DISCARD] += 1


# -- the bots' decisions --------------------------------------------------------------
# Each is asked only when there are several legal choices (bk.play takes a
# single choice without asking), and draws a random number only where
# bots.py does: a tie the Collector breaks at random, or any Random choice.
@njit(allocates=False)
def weakest_cards(hands, seat, weights):
    """bots.least_needed for a hand without spare copies, as bits (bit c: card c): the
    cards of the colour furthest from completion, never a target colour if avoidable."""
    targets = target_colours(hands, seat, weights)
    held = 0  # the colours she holds (bit c: colour c)
    for colour in range(N_COLOURS):
        if numbers_held(hands, seat, colour) > 0:
            held |= 1 << colour
    others = held & ~targets
    if others == 0:  # every colour she holds is a target
        others = held
    fewest = 4
    for colour in range(N_COLOURS):
        if others & (1 << colour):
            fewest = min(fewest, numbers_held(hands, seat, colour))
    cards = 0
    for card in range(N_CARDS):
        if hands[seat, card] > 0 and others & (1 << (card // 3)) and numbers_held(hands, seat, card // 3) == fewest:
            cards |= 1 << card
    return cards


@njit
def weakest_table(weights):
    """``weakest_cards`` of each of the 4,096 hands without spare copies (index: the cards
    held, bit c: card c), worked out once per chunk of games, as bots.py remembers them."""
    table = np.zeros(1 << N_CARDS, np.int64)
    hand = np.zeros((1, N_CARDS), np.int64)
    for held in range(1, 1 << N_CARDS):
        for card in range(N_CARDS):
            hand[0, card] = (held >> card) & 1
        table[held] = weakest_cards(hand, 0, weights)
    return table


@njit(inline="always")  # copied into least_needed, its one caller
def one_card_of(cards, chance):
    """One of the cards in ``cards`` (bits), the only one or one drawn at random (bots.one_of)."""
    n = 0
    for card in range(N_CARDS):
        if cards & (1 << card):
            n += 1
    k = 0 if n == 1 else below(chance, n)
    for card in range(N_CARDS):
        if cards & (1 << card):
            if k == 0:
                return card
            k -= 1
    return -1


@njit(inline="always")  # copied into choose_card, its one caller
def least_needed(hands, seat, weakest, chance):
    """The Collector's discard or gift (bots.least_needed): a spare copy if she has one,
    else a card of the weakest colour that is not a target (``weakest``: weakest_table);
    ties at random."""
    held, spares = 0, 0  # bit c: card c
    for card in range(N_CARDS):
        if hands[seat, card] > 0:
            held |= 1 << card
        if hands[seat, card] >= 2:
            spares |= 1 << card
    return one_card_of(spares if spares else weakest[held], chance)


@njit(allocates=False)
def choose_card(bot, hands, seat, weakest, chance):
    """A Discard or a Give: one of the different cards she holds (several to choose from)."""
    if bot == COLLECTOR:
        return least_needed(hands, seat, weakest, chance)
    return nth_card(hands, seat, below(chance, n_different(hands, seat)))


@njit(allocates=False)
def choose_pile(bot, hands, seat, weights, piles, heights, chance):
    """TAKE 1 FROM EITHER with both piles holding cards.  The Collector takes the face-up
    discard if it adds a missing number to a target colour, else draws blind."""
    if bot == COLLECTOR:
        top = piles[DISCARD, heights[DISCARD] - 1]
        if hands[seat, top] == 0 and target_colours(hands, seat, weights) & (1 << (top // 3)):
            return DISCARD
        return DRAW
    return DRAW if below(chance, 2) == 0 else DISCARD


@njit(allocates=False)
def choose_outfit(bot, hands, seat, weights, chance):
    """OPEN THE DOOR ready for several dates: the Collector shows the outfit whose date
    the door shows most (ties at random); Random any of them."""
    best = -1.0
    for colour in range(N_COLOURS):
        if numbers_held(hands, seat, colour) == 3 and (bot == RANDOM or weights[colour] > best):
            best = 0.0 if bot == RANDOM else weights[colour]
    n = 0
    for colour in range(N_COLOURS):
        if numbers_held(hands, seat, colour) == 3 and (bot == RANDOM or weights[colour] == best):
            n += 1
    k = 0 if n == 1 else below(chance, n)
    for colour in range(N_COLOURS):
        if numbers_held(hands, seat, colour) == 3 and (bot == RANDOM or weights[colour] == best):
            if k == 0:
                return colour
            k -= 1
    return -1


@njit(allocates=False)
def choose_opponent(player, bot, hands, chance):
    """SWAP ANY PLAYER: an opponent who holds a card, or -1 if none does.  The Collector
    takes the one holding the most cards (the first in turn order on a tie)."""
    n_players = hands.shape[0]
    n, best, best_size = 0, -1, 0
    for k in range(1, n_players):
        seat = seat_after(player, k, n_players)
        size = hand_size(hands, seat)
        if size > 0:
            n += 1
            if size > best_size:
                best, best_size = seat, size
    if n <= 1 or bot == COLLECTOR:
        return best
    pick = below(chance, n)
    for k in range(1, n_players):
        seat = seat_after(player, k, n_players)
        if hand_size(hands, seat) > 0:
            if pick == 0:
                return seat
            pick -= 1
    return -1


# -- a turn (rules 3-9) ---------------------------------------------------------------
@njit(inline="always")  # once a turn: copied into its caller
def end_turn(game, rules, n_players):
    """Game._end_turn: the next player; the turn cap ends a game with no winner."""
    game[CURRENT] = seat_after(game[CURRENT], 1, n_players)
    if game[TURNS] >= rules[R_MAX_TURNS]:
        game[END] = TURN_CAP


@njit(inline="always")  # once a turn: copied into its caller
def check_hand_limit(player, bots, hands, piles, heights, standing, worst, lead, weakest, rules, chance):
    """Rule 4A: over the limit she discards one card of her choice at a time;
    then her standing is taken if her hand's progress changed."""
    size = hand_size(hands, player)
    while size > rules[R_HAND_LIMIT]:
        if n_different(hands, player) == 1:
            card = nth_card(hands, player, 0)
        else:
            card = choose_card(bots[player], hands, player, weakest, chance)
        hands[player, card] -= 1
        put_on_discard(card, piles, heights)
        size -= 1
    now = progress(hands, player)
    if now != standing[player]:
        standing[player] = now
        note_lead(standing, worst, lead, standing.shape[0])


@njit(inline="always")  # once a turn: copied into its caller
def swap(player, opponent, bots, hands, standing, worst, lead, weakest, chance):
    """SWAP: she gives a card of her choice face down and draws one blind from the opponent."""
    if n_different(hands, player) == 1:
        given = nth_card(hands, player, 0)
    else:
        given = choose_card(bots[player], hands, player, weakest, chance)
    k = below(chance, hand_size(hands, opponent))  # a blind draw: any of her cards equally likely
    received = 0
    while k >= hands[opponent, received]:
        k -= hands[opponent, received]
        received += 1
    hands[opponent, received] -= 1
    hands[player, given] -= 1
    hands[opponent, given] += 1
    hands[player, received] += 1
    a, b = progress(hands, player), progress(hands, opponent)
    if a != standing[player] or b != standing[opponent]:
        standing[player], standing[opponent] = a, b
        note_lead(standing, worst, lead, standing.shape[0])


@njit(inline="always")  # once a turn: copied into its caller
def open_door(player, colour, hands, piles, heights, standing, worst, lead, bots, weights, weakest, rules, game,
              chance):
    """OPEN THE DOOR showing ``colour``'s outfit: the right date wins, the Dud takes
    the outfit and she draws fresh cards (rule 9), a wrong date ends the turn."""
    outcome = weighted(weights, chance)  # what the door shows: a date 0-3 (colour order) or the Dud (4)
    if outcome == colour:
        game[WINNER], game[END], game[DATE] = player, DATE_FOUND, colour
        return
    if outcome == DUD:
        for card in range(3 * colour, 3 * colour + 3):
            hands[player, card] -= 1
            put_on_discard(card, piles, heights)
        for _ in range(rules[R_DUD_REDRAW]):
            take(hands, player, DRAW, piles, heights, chance)
        check_hand_limit(player, bots, hands, piles, heights, standing, worst, lead, weakest, rules, chance)
    end_turn(game, rules, hands.shape[0])


@njit(inline="always")  # once a turn: copied into its caller
def take_turn(roll, board, positions, bots, hands, piles, heights, standing, worst, lead, weights, weakest,
              rules, game, chance):
    """One turn of the current player, who rolled ``roll``: move clockwise and do what
    the space says (Game._roll and the decisions that follow it)."""
    player = game[CURRENT]
    n_players = hands.shape[0]
    game[TURNS] += 1
    position = positions[player] + roll
    if position >= board.shape[0]:  # round the ring (a division only then: it is slow)
        position %= board.shape[0]
    positions[player] = position
    space = board[positions[player]]
    if space == TAKE_1 or space == TAKE_2:
        for _ in range(1 if space == TAKE_1 else 2):
            take(hands, player, DRAW, piles, heights, chance)
        check_hand_limit(player, bots, hands, piles, heights, standing, worst, lead, weakest, rules, chance)
    elif space == TAKE_EITHER:
        if heights[DRAW] > 0 and heights[DISCARD] > 0:
            pile = choose_pile(bots[player], hands, player, weights, piles, heights, chance)
        elif heights[DRAW] > 0:
            pile = DRAW
        elif heights[DISCARD] > 0:
            pile = DISCARD
        else:
            pile = -1  # both piles are empty: nothing happens
        if pile >= 0:
            take(hands, player, pile, piles, heights, chance)
            check_hand_limit(player, bots, hands, piles, heights, standing, worst, lead, weakest, rules, chance)
    elif space == SWAP_LEFT or space == SWAP_RIGHT:
        opponent = seat_after(player, 1 if space == SWAP_LEFT else n_players - 1, n_players)  # left: the next seat
        if hand_size(hands, player) > 0 and hand_size(hands, opponent) > 0:
            swap(player, opponent, bots, hands, standing, worst, lead, weakest, chance)
    elif space == SWAP_ANY:
        if hand_size(hands, player) > 0:
            opponent = choose_opponent(player, bots[player], hands, chance)
            if opponent >= 0:
                swap(player, opponent, bots, hands, standing, worst, lead, weakest, chance)
    elif space == DOOR:
        n_ready, shown = 0, -1
        for colour in range(N_COLOURS):
            if numbers_held(hands, player, colour) == 3:
                n_ready += 1
                shown = colour
        if n_ready > 1:
            shown = choose_outfit(bots[player], hands, player, weights, chance)
        if n_ready > 0:
            open_door(player, shown, hands, piles, heights, standing, worst, lead, bots, weights, weakest, rules,
                      game, chance)
            return
    end_turn(game, rules, n_players)


# -- whole games ----------------------------------------------------------------
@njit(allocates=False)
def deal(deck, start, hands, piles, heights, positions, rules, chance):
    """Rule 1: shuffle the deck, deal each player her cards one at a time, turn up a discard."""
    n_cards = deck.shape[0]
    for i in range(n_cards):
        piles[DRAW, i] = deck[i]
    heights[DRAW], heights[DISCARD] = n_cards, 0
    shuffle(piles[DRAW], n_cards, chance)
    for seat in range(hands.shape[0]):
        for card in range(N_CARDS):
            hands[seat, card] = 0
    for _ in range(rules[R_DEAL_SIZE]):
        for seat in range(hands.shape[0]):
            heights[DRAW] -= 1
            hands[seat, piles[DRAW, heights[DRAW]]] += 1
    heights[DRAW] -= 1
    put_on_discard(piles[DRAW, heights[DRAW]], piles, heights)
    refill_draw_pile(piles, heights, chance)
    for seat in range(positions.shape[0]):
        positions[seat] = start[seat]


@njit(allocates=False)
def play_game(seed, bots, board, start, weights, weakest, rules, deck,
              chance, hands, piles, heights, positions, standing, worst, lead, game):
    """One whole game from its seed, in the work arrays (the second line of arguments);
    it ends with ``game``, ``lead`` and ``worst`` holding what ``Game.result()`` reports."""
    seed_chance(chance, seed)
    deal(deck, start, hands, piles, heights, positions, rules, chance)
    game[CURRENT], game[TURNS], game[WINNER], game[END], game[DATE] = 0, 0, -1, GOING_ON, -1
    lead[0], lead[1] = NO_LEADER, 0
    for seat in range(hands.shape[0]):
        worst[seat] = 0
        standing[seat] = progress(hands, seat)
    note_lead(standing, worst, lead, standing.shape[0])
    while game[END] == GOING_ON:
        roll = below(chance, rules[R_DIE_SIDES]) + 1
        take_turn(roll, board, positions, bots, hands, piles, heights, standing, worst, lead, weights, weakest,
                  rules, game, chance)


@njit
def play_games_compiled(seeds, n_players, bots, board, start, weights, rules, deck, out):
    """Play one game per seed; ``out[i]``: its OUT_COLUMNS (-1: no winner, no date, no deficit).

    The work arrays are made once here and reused by every game (``play_game``
    resets them), and the Collector's discards are worked out once for these
    door weights (``weakest_table``)."""
    weakest = weakest_table(weights)
    chance = np.zeros(4, np.uint64)
    hands = np.zeros((n_players, N_CARDS), np.int64)
    piles = np.zeros((2, deck.shape[0]), np.int64)
    heights = np.zeros(2, np.int64)
    positions = np.zeros(n_players, np.int64)
    standing = np.zeros(n_players, np.int64)
    worst = np.zeros(n_players, np.int64)
    lead = np.zeros(2, np.int64)
    game = np.zeros(N_SLOTS, np.int64)
    for i in range(seeds.shape[0]):
        play_game(seeds[i], bots, board, start, weights, weakest, rules, deck,
                  chance, hands, piles, heights, positions, standing, worst, lead, game)
        out[i, O_WINNER] = game[WINNER]
        out[i, O_TURNS] = game[TURNS]
        out[i, O_END] = game[END]
        out[i, O_DATE] = game[DATE]
        out[i, O_LEAD_CHANGES] = lead[1]
        out[i, O_DEFICIT] = worst[game[WINNER]] if game[WINNER] >= 0 else -1


# -- the lane's face (boardkit.core.fast calls these) ------------------------------------
def unsupported(rules, n_players: int, bots) -> str | None:
    """None: the lane plays every Rules field; a bot other than Collector or Random is refused."""
    return unsupported_bot(bots, TWINS, "Mystery Date")


def unpack(rules, n_players: int):
    """The rules as the arrays ``play_games_compiled`` reads."""
    board = np.array([SPACE_KINDS.index(kind) for kind in rules.board], np.int64)
    start = np.array(rules.start_spaces(n_players), np.int64)
    weights = np.array(rules.live_weights, np.float64)
    ints = np.array([rules.hand_limit, rules.deal_size, rules.dud_redraw, rules.die_sides, rules.max_turns,
                     rules.copies], np.int64)
    deck = np.repeat(np.arange(N_CARDS, dtype=np.int64), rules.copies)  # game.deck_in_order
    return board, start, weights, ints, deck


def play_games(rules, n_players: int, seeds, bots) -> dict:
    """One game per seed; the columns of ``Game.result()`` (winner -1: nobody won)."""
    seeds = lane_seeds(seeds)
    board, start, weights, ints, deck = unpack(rules, n_players)
    out = np.empty((seeds.shape[0], len(OUT_COLUMNS)), np.int64)
    play_games_compiled(seeds, n_players, bot_codes(bots, TWINS), board, start, weights, ints, deck, out)
    return result_columns(seeds, out, OUT_COLUMNS, {"end": END_LABELS, "date": (*COLOURS, None)})  # -1: no date

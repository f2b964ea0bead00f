"""Random valid variants x random legal play, for every game, with save/load round trips.

    nice -n 10 python benchmarks/fuzz.py                    # 100,000 games of each game on 2 processes
    python benchmarks/fuzz.py --games 500                   # a short run: 500 games of each
    python benchmarks/fuzz.py --games 2000 --only philo_vance mouse_trap
    python benchmarks/fuzz.py --replay philo_vance:1234     # one game again, with its traceback
    python benchmarks/fuzz.py --bad-saves 2000              # damaged saves: refused / loaded / crashed

Game number ``i`` of a game is fixed by ``(game, --seed, i)``: its variant, its
number of players, its game seed and every random choice of its players come
from ``random.Random(f"{game}:{seed}:{i}")``, so any crash is replayed with
``--replay game:i`` (and the same ``--seed``).

Each game:

1. **A random valid variant**: every field of the game's ``Rules`` drawn at
   random (sizes from tiny to a bit past the book's, switches, house readings,
   boards, decks, odds); a draw the ``Rules`` refuse (a ``ValueError``) is
   counted as *refused* and drawn again, so only valid variants are played.
2. **Random legal play**: every decision picks uniformly from
   ``legal_actions()``; the game must end by itself (its own turn cap) within
   ``--max-decisions`` decisions and ``--time-limit`` CPU seconds, else it is a *hang*.
3. **A save/load round trip** at a random decision: ``to_dict -> json ->
   from_dict``; the copy must save the same, offer the same actions, and, played
   on with the same choices as the original (up to ``FOLLOW`` decisions or the
   end), be in the same state.  The save
   taken must not change while the original plays on (a save is a snapshot).

``--bad-saves N``: instead, N damaged saves of each game.  Each is a save
taken at a random decision of a random variant's game, with one random change
anywhere in it (any key or list item at any depth: deleted, or set to None,
-1, 10**18, 2.5, True, "x", [], {}, the value plus or minus 1, another value of
the same save, an item repeated or dropped).  The loader must either refuse it
with a ``ValueError`` (*refused*) or load a game that saves and reloads the
same and plays on to its end with random legal play (*loaded*: the change gave
another state play can reach).  Anything else -- another exception, a loaded
game that is stuck, fails to play on or saves differently -- is a *crash*,
printed with ``--replay-bad GAME:INDEX``.

Prints each new kind of failure as it is found (game, game number, variant,
players, seed, the error), then a table per game.  Bounded: ``--games`` per
game and ``--budget`` seconds in all; stops by itself.  The exit status is 1
when anything failed.
"""
from __future__ import annotations

import argparse
import copy
import json
import multiprocessing
import os
import random
import signal
import sys
import time
import traceback
from dataclasses import fields
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

GAMES = ("mystery_date", "mouse_trap", "philo_vance", "cluedo_cards", "win_lose_draw")


# --- random valid variants, one generator per game ----------------------------------------

def _turn_cap(rnd, book):
    """A turn cap: mostly short (so 100,000 games fit in an hour on 2 cores, and games stop
    in every phase), often long enough for random play to finish, now and then the book's own."""
    draw = rnd.random()
    if draw < 0.5:
        return rnd.randint(1, 20)
    if draw < 0.85:
        return rnd.randint(20, 100)
    if draw < 0.97:
        return rnd.randint(100, 400)
    return book


def mystery_date_variant(rnd):
    from boardkit.games import mystery_date as md
    from boardkit.games.mystery_date.rules import SPACE_KINDS

    book = md.Rules()
    hand_limit = rnd.randint(3, 10)
    copies = rnd.randint(1, 6)
    board = book.board
    if rnd.random() < 0.5:
        board = tuple(rnd.choice(SPACE_KINDS) for _ in range(rnd.randint(1, 40)))
        if "door" not in board:
            board = board + ("door",)
    weights = tuple(rnd.choice([0, 1, 1, 2, 3, 5, rnd.uniform(0, 5)]) for _ in range(5))
    rules = md.Rules(
        deal_size=rnd.randint(0, hand_limit), hand_limit=hand_limit, copies=copies, board=board,
        door_weights=weights, dud_in_play=rnd.random() < 0.7, dud_redraw=rnd.randint(0, 6),
        die_sides=rnd.randint(1, 10), max_turns=_turn_cap(rnd, book.max_turns))
    return rules, rnd.randint(rules.min_players, rules.max_players)


def mouse_trap_variant(rnd):
    from boardkit.games import mouse_trap as mt

    book = mt.Rules()

    def space():
        kind = rnd.random()
        if kind < 0.45:
            return f"{rnd.choice(['take', 'lose', 'back', 'ahead', 'rival'])} {rnd.randint(1, 8)}"
        if kind < 0.75:
            return f"build {rnd.choice(['2', '2-3', '2-3-4', '3-4', '4', '3'])}{rnd.choice(['', ' x2', ' x3'])}"
        return rnd.choice(["blank", "cheese"])

    path, loop = book.path, book.loop
    if rnd.random() < 0.5:
        path = ("start",) + tuple(space() for _ in range(rnd.randint(0, 30)))
        middle = [space() for _ in range(rnd.randint(0, 6))] + ["crank"]
        rnd.shuffle(middle)
        loop = ("safe",) + tuple(middle) + ("wheel",)
    odds = book.stage_odds
    if rnd.random() < 0.6:
        odds = tuple(rnd.choice([0, 1, p, rnd.random()]) for p in book.stage_odds)
    letters = list(mt.STAGE_LETTERS)
    rnd.shuffle(letters)
    rules = mt.Rules(
        path=path, loop=loop, cheese_count=rnd.randint(0, 40), n_parts=rnd.randint(0, 30), stage_odds=odds,
        backups=tuple(letters[:rnd.randint(0, 4)]), wheel_cheese=rnd.randint(0, 3),
        wheel_cheese_when_sent=rnd.random() < 0.5, crank_when_sent=rnd.random() < 0.5,
        push_cost=rnd.randint(1, 3), die_sides=rnd.randint(1, 8), max_turns=_turn_cap(rnd, book.max_turns))
    return rules, rnd.randint(rules.min_players, rules.max_players)


def philo_vance_variant(rnd):
    from boardkit.games import philo_vance as pv

    book = pv.Rules()
    card = min(len(c) for c in book.cards)            # the clues on each confirmation card
    court = rnd.randint(6, 16)
    named = rnd.randint(1, min(court, 8))
    convict = rnd.randint(1, min(court, card))
    hand_limit = rnd.randint(1, 12)
    changes = dict(
        court_size=court, named_clues=named, declare_correct=rnd.randint(1, named), convict_correct=convict,
        convict_fallback=rnd.randint(convict, min(court, card)),
        retire_after_failures=rnd.choice([None, 1, 2, 3, 4]), judge_needed=rnd.random() < 0.5,
        arrow_rewards=rnd.random() < 0.5, demand_refill=rnd.random() < 0.5,
        reshuffle_discards=rnd.random() < 0.5, hand_limit=hand_limit,
        children_win=rnd.randint(1, min(hand_limit, card)), max_turns=_turn_cap(rnd, book.max_turns))
    if rnd.random() < 0.4:        # a deck printed with 1 to 3 copies of each clue
        changes["deck"] = tuple(rnd.randint(1, 3) for _ in book.deck)
    kind = rnd.choice(["book", "book", "expert", "children"])
    if kind == "expert":
        rules = pv.Rules.expert(**{k: changes[k] for k in ("max_turns", "retire_after_failures", "judge_needed",
                                                           "arrow_rewards", "demand_refill", "reshuffle_discards")})
    elif kind == "children":
        rules = pv.Rules.children_game(**{k: changes[k] for k in ("hand_limit", "children_win", "max_turns",
                                                                  "reshuffle_discards")})
    else:
        rules = pv.Rules(**changes)
    # crowded boards: six players half the time
    n_players = rules.max_players if rnd.random() < 0.5 else rnd.randint(rules.min_players, rules.max_players)
    return rules, n_players


def cluedo_cards_variant(rnd):
    from boardkit.games import cluedo_cards as cc

    book = cc.Rules()
    pictures = list(cc.PICTURES)
    powers = tuple((rnd.choice(pictures), rnd.choice(cc.POWER_KINDS)) for _ in range(rnd.randint(0, 5)))
    if rnd.random() < 0.3:
        powers = book.powers
    miniatures = tuple((rnd.choice(pictures), rnd.randint(0, 5)) for _ in range(rnd.randint(4, 6)))
    rules = cc.Rules(
        hand_size=rnd.randint(1, 8), target=rnd.randint(1, 15), going_out_points=rnd.randint(0, 4),
        copies=rnd.randint(1, 2), miniatures=miniatures, powers=powers,
        empty_draw=rnd.choice(["reshuffle", "pass"]), floor_at_zero=rnd.random() < 0.5,
        ties=rnd.choice(["play on", "round winner"]), starter=rnd.choice(["after winner", "winner", "rotate"]),
        max_turns=_turn_cap(rnd, book.max_turns), max_rounds=rnd.randint(1, 12) if rnd.random() < 0.95 else book.max_rounds)
    return rules, rnd.randint(rules.min_players, rules.max_players)


def win_lose_draw_variant(rnd):
    from boardkit.games import win_lose_draw as wld
    from boardkit.games.win_lose_draw.track import KINDS

    play = rnd.choice(wld.PLAYS)
    track = wld.DEFAULT_TRACK
    if rnd.random() < 0.5:
        spaces = list(KINDS) + [rnd.choice(KINDS) for _ in range(rnd.randint(0, 10))]
        rnd.shuffle(spaces)
        track = tuple(spaces)
    categories = list(wld.CATEGORIES)
    rnd.shuffle(categories)
    rules = wld.Rules(
        play=play, team_target=rnd.randint(1, 10), steal=rnd.random() < 0.5,
        team_picks_sketcher=rnd.random() < 0.5, track=track, die_sides=rnd.randint(1, 8),
        colours_to_collect=rnd.randint(1, 4), pawns_per_colour=rnd.randint(1, 6),
        categories=tuple(categories[:rnd.randint(1, len(categories))]), partial_answers=rnd.random() < 0.5,
        max_sketches=rnd.choice([rnd.randint(1, 25), rnd.randint(25, 200)]))
    low, high = rules.player_range
    n_players = rnd.randint(low, min(high, 12)) if rnd.random() < 0.9 else rnd.randint(low, high)
    return rules, n_players


VARIANTS = {
    "mystery_date": mystery_date_variant,
    "mouse_trap": mouse_trap_variant,
    "philo_vance": philo_vance_variant,
    "cluedo_cards": cluedo_cards_variant,
    "win_lose_draw": win_lose_draw_variant,
}


# --- one game -----------------------------------------------------------------------------

#: decisions the loaded copy plays beside the original before the two are compared
FOLLOW = 200


class Hang(Exception):
    """The game did not end within its limits."""


def _alarm(signum, frame):
    raise Hang("time limit (CPU seconds)")


def valid_variant(name, rnd, tries=100):
    """(rules, n_players, refused draws): the first random draw the game accepts."""
    refused = 0
    for _ in range(tries):
        try:
            rules, n_players = VARIANTS[name](rnd)
            rules.check_players(n_players)
            return rules, n_players, refused
        except ValueError:
            refused += 1
    raise RuntimeError(f"{name}: no valid variant in {tries} draws")


def describe(rules):
    """The fields of ``rules`` that differ from the book's, as ``name=value`` text."""
    book = type(rules)()
    changed = [f"{f.name}={getattr(rules, f.name)!r}" for f in fields(rules)
               if getattr(rules, f.name) != getattr(book, f.name)]
    return ", ".join(changed) or "the book's rules"


def play_one(name, base_seed, index, max_decisions, time_limit):
    """Play game ``index``; returns a dict of counts and, on a failure, what went wrong."""
    rnd = random.Random(f"{name}:{base_seed}:{index}")
    rules, n_players, refused = valid_variant(name, rnd)
    seed = rnd.getrandbits(64)
    record_events = rnd.random() < 0.5
    save_at = rnd.choice([0, rnd.randint(0, 50), rnd.randint(0, 400)])
    choices = random.Random(rnd.getrandbits(64))
    out = {"refused": refused, "decisions": 0, "round_trips": 0, "failure": None}
    stage = "start"
    game = None
    # The limit counts the process's own CPU seconds (ITIMER_PROF), so a busy machine
    # (or a paused run) does not turn a slow game into a "hang".
    if time_limit:
        signal.setitimer(signal.ITIMER_PROF, time_limit)
    try:
        stage = "new game"
        game = rules.new_game(n_players, seed=seed, record_events=record_events)
        copy = None
        stage = "play"
        for decision in range(max_decisions):
            if decision == save_at and copy is None:
                stage = "save/load"
                saved = game.to_dict()
                text = json.dumps(saved, sort_keys=True)
                copy = type(game).from_dict(json.loads(text))
                if copy.to_dict() != saved:
                    raise AssertionError("the loaded game saves differently from the save it was loaded from")
                if copy.legal_actions() != game.legal_actions():
                    raise AssertionError("the loaded game offers other actions than the original")
                copy_choices = random.Random()
                copy_choices.setstate(choices.getstate())
                out["round_trips"] += 1
                stage = "play"
            if game.is_over:
                break
            actions = game.legal_actions()
            if not actions:
                raise AssertionError("the game is not over but has no legal action")
            action = actions[choices.randrange(len(actions))]
            game.apply(action)
            out["decisions"] += 1
            if copy:
                stage = "the loaded copy plays on"
                copy_actions = copy.legal_actions()
                if copy_actions != actions:
                    raise AssertionError(f"{decision - save_at} decisions after the load the copy offers "
                                         f"other actions than the original")
                copy.apply(copy_actions[copy_choices.randrange(len(copy_actions))])
                if decision + 1 - save_at >= FOLLOW:
                    stage = "compare"
                    if copy.to_dict() != game.to_dict():
                        raise AssertionError(f"the loaded copy, played on with the same choices for {FOLLOW} "
                                             f"decisions, is in another state")
                    copy = False     # compared: the original plays on alone
                stage = "play"
        else:
            raise Hang(f"no end in {max_decisions:,} decisions")
        if copy is not None:
            stage = "compare"
            if copy and copy.to_dict() != game.to_dict():
                raise AssertionError("the loaded copy, played on with the same choices, ended in another state")
            if json.dumps(saved, sort_keys=True) != text:
                raise AssertionError("the save changed while the game played on (not a snapshot)")
            stage = "reload the old save"
            type(game).from_dict(json.loads(text))
        out["end"] = game.end_reason
    except Hang as error:
        out["failure"] = ("hang", str(error), "")
    except Exception as error:  # noqa: BLE001 -- a fuzzer reports every crash
        frames = traceback.extract_tb(error.__traceback__)
        where = next((f"{Path(f.filename).name}:{f.lineno} in {f.name}" for f in reversed(frames)
                      if "boardkit" in f.filename), "")
        kind = "mismatch" if isinstance(error, AssertionError) else "crash"
        out["failure"] = (kind, f"{stage}: {type(error).__name__}: {error}"[:300], where)
        out["traceback"] = traceback.format_exc()
    finally:
        if time_limit:
            signal.setitimer(signal.ITIMER_PROF, 0)
    if out["failure"]:
        out["variant"] = describe(rules)
        out["players"] = n_players
        out["seed"] = seed
        out["at_decision"] = out["decisions"]
    return out


def play_chunk(task):
    """Worker: play games ``start .. start+count-1`` of one game; returns the chunk's totals."""
    name, base_seed, start, count, max_decisions, time_limit = task
    signal.signal(signal.SIGPROF, _alarm)
    totals = {"game": name, "games": 0, "refused": 0, "decisions": 0, "round_trips": 0, "failures": [],
              "seconds": 0.0}
    began = time.perf_counter()
    for index in range(start, start + count):
        try:
            out = play_one(name, base_seed, index, max_decisions, time_limit)
        except Hang:          # the limit's signal came just as the game ended: play it again
            out = play_one(name, base_seed, index, max_decisions, time_limit)
        totals["games"] += 1
        for key in ("refused", "decisions", "round_trips"):
            totals[key] += out[key]
        if out["failure"]:
            totals["failures"].append({"index": index, **{k: out.get(k) for k in (
                "failure", "variant", "players", "seed", "at_decision")}})
    totals["seconds"] = time.perf_counter() - began
    return totals


# --- damaged saves -------------------------------------------------------------------------------

def _places(value, path=()):
    """(path, value) of every key and list item of a save, at any depth."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield path + (key,), item
        yield from _places(item, path + (key,))


def damage(save, rnd):
    """(what was changed, a copy of ``save`` with one random change)."""
    data = copy.deepcopy(save)
    places = list(_places(data))
    path, old = rnd.choice(places)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    choices = ["delete", None, -1, 10**18, 2.5, True, "x", [], {}, "other"]
    if isinstance(old, int) and not isinstance(old, bool):
        choices += ["plus 1", "minus 1"] * 3
    if isinstance(old, list) and old:
        choices += ["repeat an item", "drop an item"]
    how = rnd.choice(choices)
    if how == "delete":
        del parent[key]
    elif how in ("plus 1", "minus 1"):
        parent[key] = old + (1 if how == "plus 1" else -1)
    elif how == "repeat an item":
        old.append(copy.deepcopy(rnd.choice(old)))
    elif how == "drop an item":
        old.pop(rnd.randrange(len(old)))
    elif how == "other":
        how, parent[key] = "another value of the save", copy.deepcopy(rnd.choice(places)[1])
    else:
        parent[key] = how
    return f"{'.'.join(map(str, path))}: {how if isinstance(how, str) else repr(how)}", data


def bad_save_one(name, base_seed, index, max_decisions):
    """Damage one save of game ``index`` and load it: "refused", "loaded" or ("crash", message, traceback)."""
    rnd = random.Random(f"bad:{name}:{base_seed}:{index}")
    rules, n_players, _ = valid_variant(name, rnd)
    game = rules.new_game(n_players, seed=rnd.getrandbits(64), record_events=rnd.random() < 0.7)
    choices = random.Random(rnd.getrandbits(64))
    for _ in range(rnd.choice([0, rnd.randint(0, 50), rnd.randint(0, 400)])):
        if game.is_over:
            break
        actions = game.legal_actions()
        game.apply(actions[choices.randrange(len(actions))])
    what, data = damage(game.to_dict(), rnd)
    try:
        loaded = type(game).from_dict(data)
    except ValueError:
        return "refused", what
    except Exception:  # noqa: BLE001 -- a fuzzer reports every crash
        return "crash", what, "load: " + traceback.format_exc(limit=-1)
    try:
        saved = loaded.to_dict()
        if type(game).from_dict(json.loads(json.dumps(saved))).to_dict() != saved:
            raise AssertionError("the loaded game saves and reloads differently")
        for _ in range(max_decisions):
            if loaded.is_over:
                return "loaded", what
            actions = loaded.legal_actions()
            if not actions:
                raise AssertionError("the loaded game is stuck: not over, and no legal action")
            loaded.apply(actions[choices.randrange(len(actions))])
        raise AssertionError(f"the loaded game did not end in {max_decisions:,} decisions")
    except Exception:  # noqa: BLE001
        return "crash", what, "play on: " + traceback.format_exc(limit=-1)


def bad_save_chunk(task):
    """Worker: damaged saves ``start .. start+count-1`` of one game; their counts and crashes."""
    name, base_seed, start, count, max_decisions, time_limit = task
    signal.signal(signal.SIGPROF, _alarm)
    totals = {"game": name, "refused": 0, "loaded": 0, "crash": 0, "crashes": []}
    for index in range(start, start + count):
        signal.setitimer(signal.ITIMER_PROF, time_limit)
        try:
            out = bad_save_one(name, base_seed, index, max_decisions)
        except Hang:
            out = ("crash", "?", "time limit (CPU seconds)")
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        totals[out[0]] += 1
        if out[0] == "crash":
            totals["crashes"].append((index, out[1], out[2].strip().splitlines()[-1][:200]))
    return totals


def bad_saves(args):
    tasks = [(name, args.seed, start, min(args.chunk, args.bad_saves - start), args.max_decisions, args.time_limit)
             for start in range(0, args.bad_saves, args.chunk) for name in args.only]
    totals = {name: {"refused": 0, "loaded": 0, "crash": 0} for name in args.only}
    began, crashes = time.monotonic(), 0
    print(f"damaged saves of {', '.join(args.only)}: {args.bad_saves:,} each on {args.workers} processes "
          f"(--seed {args.seed})", flush=True)
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        for chunk in pool.imap_unordered(bad_save_chunk, tasks):
            for key in ("refused", "loaded", "crash"):
                totals[chunk["game"]][key] += chunk[key]
            for index, what, error in chunk["crashes"]:
                crashes += 1
                print(f"CRASH {chunk['game']} {index} ({what}): {error}\n  replay: python benchmarks/fuzz.py "
                      f"--seed {args.seed} --replay-bad {chunk['game']}:{index}", flush=True)
    print(f"\n{'game':15} {'bad saves':>9} {'refused':>8} {'loaded':>7} {'crashed':>7}")
    for name, t in totals.items():
        print(f"{name:15} {sum(t.values()):>9,} {t['refused']:>8,} {t['loaded']:>7,} {t['crash']:>7,}")
    print(f"\n{time.monotonic() - began:,.0f} s; 'loaded': the damaged save loaded, saved and reloaded the same "
          f"and played on to its end (the change gave another reachable state)")
    return 1 if crashes else 0


# --- the run ----------------------------------------------------------------------------------

def replay(spec, base_seed, max_decisions, time_limit):
    name, index = spec.split(":")
    signal.signal(signal.SIGPROF, _alarm)
    rnd = random.Random(f"{name}:{base_seed}:{int(index)}")
    rules, n_players, _ = valid_variant(name, rnd)
    print(f"{name} game {index} (--seed {base_seed}): {n_players} players, seed {rnd.getrandbits(64)}\n"
          f"rules: {describe(rules)}")
    out = play_one(name, base_seed, int(index), max_decisions, time_limit)
    if out["failure"]:
        print(out.get("traceback") or out["failure"])
        return 1
    print(f"no failure: {out['decisions']} decisions, end: {out.get('end')}")
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games of each game (default 100,000)")
    parser.add_argument("--only", nargs="+", choices=GAMES, default=list(GAMES), help="fuzz only these games")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument("--chunk", type=int, default=250, help="games a worker plays per task")
    parser.add_argument("--max-decisions", type=int, default=200_000, help="a game still on after this is a hang")
    parser.add_argument("--time-limit", type=float, default=20.0, help="CPU seconds one game may take (a hang after)")
    parser.add_argument("--budget", type=float, default=3 * 3600,
                        help="seconds for the whole run; past it the run stops and reports what it played")
    parser.add_argument("--replay", metavar="GAME:INDEX", help="play one game again and show its traceback")
    parser.add_argument("--bad-saves", type=int, metavar="N", help="damage N saves of each game and load them")
    parser.add_argument("--replay-bad", metavar="GAME:INDEX", help="one damaged save again, with its traceback")
    args = parser.parse_args(argv)
    if args.replay:
        return replay(args.replay, args.seed, args.max_decisions, args.time_limit)
    if args.replay_bad:
        name, index = args.replay_bad.split(":")
        out = bad_save_one(name, args.seed, int(index), args.max_decisions)
        print(*out, sep="\n")
        return 1 if out[0] == "crash" else 0
    if args.bad_saves:
        return bad_saves(args)

    tasks = [(name, args.seed, start, min(args.chunk, args.games - start), args.max_decisions, args.time_limit)
             for start in range(0, args.games, args.chunk) for name in args.only]
    totals = {name: {"games": 0, "refused": 0, "decisions": 0, "round_trips": 0, "seconds": 0.0,
                     "crash": 0, "hang": 0, "mismatch": 0} for name in args.only}
    seen, failures = set(), []
    began = time.monotonic()
    stopped_early = False
    print(f"fuzzing {', '.join(args.only)}: {args.games:,} games each on {args.workers} processes "
          f"(--seed {args.seed}, budget {args.budget:,.0f} s)", flush=True)
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        results = pool.imap_unordered(play_chunk, tasks)
        done = 0
        while done < len(tasks):
            left = args.budget - (time.monotonic() - began)
            try:
                chunk = results.next(timeout=max(left, 0.001))
            except multiprocessing.TimeoutError:
                stopped_early = True
                pool.terminate()
                break
            done += 1
            total = totals[chunk["game"]]
            for key in ("games", "refused", "decisions", "round_trips", "seconds"):
                total[key] += chunk[key]
            for failure in chunk["failures"]:
                kind, message, where = failure["failure"]
                total[kind] += 1
                failures.append((chunk["game"], failure))
                signature = (chunk["game"], kind, where or message[:80])
                if signature not in seen:
                    seen.add(signature)
                    print(f"\n{kind.upper()} {chunk['game']} game {failure['index']} ({failure['players']} players, "
                          f"seed {failure['seed']}, after {failure['at_decision']} decisions): {message}"
                          f"{' @ ' + where if where else ''}\n  rules: {failure['variant']}\n"
                          f"  replay: python benchmarks/fuzz.py --seed {args.seed} "
                          f"--replay {chunk['game']}:{failure['index']}", flush=True)
            if done % max(1, len(tasks) // 20) == 0:
                played = sum(t["games"] for t in totals.values())
                print(f"  {played:,} games played, {time.monotonic() - began:,.0f} s", flush=True)
    wall = time.monotonic() - began
    print(f"\n{'game':15} {'games':>9} {'refused':>8} {'decisions':>12} {'round trips':>11} "
          f"{'crashes':>7} {'hangs':>5} {'mismatches':>10} {'games/s':>8}")
    for name, t in totals.items():
        rate = t["games"] / t["seconds"] if t["seconds"] else 0
        print(f"{name:15} {t['games']:>9,} {t['refused']:>8,} {t['decisions']:>12,} {t['round_trips']:>11,} "
              f"{t['crash']:>7} {t['hang']:>5} {t['mismatch']:>10} {rate:>8,.0f}")
    print(f"\n{sum(t['games'] for t in totals.values()):,} games in {wall:,.0f} s on {args.workers} processes"
          f"{' (STOPPED at the budget: not every game was played)' if stopped_early else ''}; "
          f"'refused' counts random variants the Rules refused (drawn again); games/s is per process.")
    if failures:
        print(f"{len(failures)} failures, {len(seen)} different kinds (each printed above with a replay command)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""The contract every game keeps (issue 26), in the spirit of OpenSpiel's ``games_sim_test``.

Every game of ``boardkit/games`` is played through, with random bots and with its
default bots, on its rulebook and a variant or two, a few seeds each, and checked:

* **legal actions stay non-empty until the end**, and the ended game offers none;
* **an illegal action leaves the saved state unchanged**: it is refused with an
  ``IllegalAction`` that says it is not legal, and ``to_dict()`` is the same before and
  after (tried at steps 1, 2, 4, 8 ... and after the end, with an action that was legal
  at an earlier decision and with something that is no action at all);
* **a save and restore every 2^k steps plays on identically**: at steps 1, 2, 4, 8 ...
  the game is saved to JSON text and the game loaded from that text plays on; at the end
  its events, result and save are those of an unbroken game of the same seed;
* **the two engines stay in lockstep**: both draw from the one stream (``Chance``), so the
  same seeds give identical frames in ``engine="reference"`` and ``engine="fast"``.

Each game's own tests check its own rules and invariants; these checks live here only.
"""
import json

import pytest

import boardkit as bk
from boardkit import IllegalAction
from boardkit.core.fast import lane_for, numba_available
from boardkit.games import cluedo_cards as cc
from boardkit.games import mouse_trap as mt
from boardkit.games import mystery_date as md
from boardkit.games import philo_vance as pv
from boardkit.games import win_lose_draw as wld
from lockstep import assert_lockstep

#: every game: its rulebook and a variant or two, each with a number of players
VARIANTS = {
    "mystery_date": {
        "rulebook, 3 players": (md.Rules(), 3),
        "Dud-heavy door, hand limit 3, d4, turn cap 100, 4 players": (
            md.Rules(door_weights=(1, 1, 1, 1, 4), hand_limit=3, dud_redraw=2, die_sides=4, max_turns=100), 4),
        "1 copy, deal 2, 2 players": (md.Rules(copies=1, deal_size=2), 2),
    },
    "mouse_trap": {
        "rulebook, 3 players": (mt.Rules(), 3),
        "d3, 6 cheese, push cost 2, turn cap 120, 4 players": (
            mt.Rules(die_sides=3, cheese_count=6, push_cost=2, wheel_cheese=0, max_turns=120), 4),
        "3 parts, a backup, 2 players": (mt.Rules(n_parts=3, backups=("A",)), 2),
    },
    "cluedo_cards": {
        "rulebook, 3 players": (cc.Rules(), 3),
        "hand 3, target 4, empty draw passes, round winner, 4 players": (
            cc.Rules(hand_size=3, target=4, empty_draw="pass", ties="round winner", starter="rotate",
                     floor_at_zero=True), 4),
        "2 copies, hand 8, target 15, 2 players": (cc.Rules(copies=2, hand_size=8, target=15), 2),
    },
    "win_lose_draw": {
        "Team Play, 5 players": (wld.Rules(), 5),
        "Gameboard Play, 3 players": (wld.Rules(play="gameboard"), 3),
        "Team Play, no steals, target 3, d2, 4 players": (wld.Rules(steal=False, team_target=3, die_sides=2), 4),
        "Gameboard Play, 2 colours, 1 pawn each, 200 sketches, 6 players": (
            wld.Rules(play="gameboard", colours_to_collect=2, pawns_per_colour=1, max_sketches=200), 6),
    },
    "philo_vance": {
        "rulebook, 3 players": (pv.Rules(), 3),
        "children's game, turn cap 120, 2 players": (pv.Rules.children_game(max_turns=120), 2),
        "tiny court, turn cap 200, 6 players": (pv.Rules(court_size=1, named_clues=1, declare_correct=1,
                                                          convict_correct=1, convict_fallback=1, max_turns=200), 6),
    },
}
GAMES = {"mystery_date": md, "mouse_trap": mt, "cluedo_cards": cc, "win_lose_draw": wld, "philo_vance": pv}
SEEDS = (0, 1, 2)
BOTS = ("default bots", "random bots")
MAX_STEPS = 100_000
#: what is no action in any game: each must be refused too
NOT_ACTIONS = (None, "no such move", 3.5)


def bots_for(name: str, rules, n_players: int, kind: str) -> list:
    """Fresh bots, one per seat: the game's default bots or its Random bot in every seat."""
    if kind == "default bots":
        return rules.default_bots(n_players)
    return [GAMES[name].bots.Random() for _ in range(n_players)]


def saved(game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def assert_refused(game, action, where: str) -> None:
    """``action`` (not legal now) is refused with a clear IllegalAction and changes nothing saved."""
    before = saved(game)
    with pytest.raises(IllegalAction, match="not legal|no action is legal") as refusal:
        game.apply(action)
    assert saved(game) == before, f"{where}: refusing {action!r} ({refusal.value}) changed the saved game"


def restored(game):
    """``game`` saved to JSON text and loaded back: equal, offering the same choices."""
    text = saved(game)
    copy = type(game).from_dict(json.loads(text))
    assert saved(copy) == text
    assert copy.legal_actions() == game.legal_actions() and copy.current_player == game.current_player
    return copy


def play_under_contract(name: str, rules, n_players: int, seed: int, kind: str) -> int:
    """One game played by ``kind`` bots through every check of the contract; returns its steps."""
    module, where = GAMES[name], f"{name} seed {seed} ({kind})"
    game = module.Game(rules, n_players, seed=seed)
    bots = bots_for(name, rules, n_players, kind)
    elsewhere = []          # actions legal at earlier decisions: the likeliest mistakes
    step, checkpoint = 0, 1
    while not game.is_over:
        actions = game.legal_actions()
        assert actions, f"{where}: no legal action at step {step} though the game is not over"
        if len(elsewhere) < 60:
            elsewhere.extend(a for a in actions[:4] if a not in elsewhere)
        if step == checkpoint:
            wrong = [a for a in elsewhere if a not in actions][-1:] + [NOT_ACTIONS[step.bit_length() % 3]]
            for action in wrong:
                assert_refused(game, action, f"{where}, step {step}")
            game = restored(game)           # plays on from the loaded copy, with the same bots
            checkpoint *= 2
        bk.step(game, bots)
        step += 1
        assert step < MAX_STEPS, f"{where}: no end after {MAX_STEPS} steps"
    assert game.legal_actions() == [], f"{where}: the ended game still offers actions"
    for action in elsewhere[:1] + list(NOT_ACTIONS):
        assert_refused(game, action, f"{where}, after the end")

    unbroken = module.Game(rules, n_players, seed=seed)
    bk.play(unbroken, bots_for(name, rules, n_players, kind))
    assert game.events == unbroken.events, f"{where}: saved and restored every 2^k steps, it played differently"
    assert game.result() == unbroken.result()
    assert saved(game) == saved(unbroken)
    return step


CASES = [(name, variant) for name, variants in VARIANTS.items() for variant in variants]


@pytest.mark.parametrize("kind", BOTS)
@pytest.mark.parametrize("name, variant", CASES, ids=[f"{n}: {v}" for n, v in CASES])
def test_every_game_keeps_the_contract(name, variant, kind):
    rules, n_players = VARIANTS[name][variant]
    steps = [play_under_contract(name, rules, n_players, seed, kind) for seed in SEEDS]
    assert max(steps) >= 8, f"the games were too short to save and restore more than thrice: {steps}"


@pytest.mark.parametrize("kind", BOTS)
@pytest.mark.parametrize("name, variant", CASES, ids=[f"{n}: {v}" for n, v in CASES])
def test_both_engines_stay_in_lockstep(name, variant, kind):
    if not numba_available():
        pytest.skip("numba is not installed: there is no fast lane to compare")
    rules, n_players = VARIANTS[name][variant]
    bots = bots_for(name, rules, n_players, kind)
    assert lane_for(rules).unsupported(rules, n_players, bots) is None
    assert assert_lockstep(rules, n_players, n_games=20, bots=bots, seed=26) == 20


def test_the_contract_covers_every_game():
    """A sixth game in ``boardkit/games`` must join the contract (and so this file)."""
    import pkgutil

    import boardkit.games
    assert set(GAMES) == {info.name for info in pkgutil.iter_modules(boardkit.games.__path__) if info.ispkg}

"""Every size rule has an upper bound a teacher could ever want (issue 16).

Before, ``copies=10**6`` took 28 s and 0.9 GB and ``10**9`` ran out of memory;
now they are refused at once with a ValueError naming the field, the value
and what is allowed.
"""
import time

import pytest

import boardkit as bk
from boardkit.games import mystery_date as md
from boardkit.games.mystery_date.rules import LIMITS, MAX_WEIGHT


@pytest.mark.parametrize("field", [f for f in LIMITS if f != "board"])
@pytest.mark.parametrize("over", [1, 10**6, 10**9, 10**18])
def test_a_size_over_its_limit_is_refused_at_once(field, over):
    value = LIMITS[field] + over
    started = time.perf_counter()
    with pytest.raises(ValueError, match=rf"{field}={value}.*up to {LIMITS[field]:,}"):
        md.Rules().replace(**{field: value})
    assert time.perf_counter() - started < 0.1


def test_the_largest_sizes_are_a_playable_game():
    rules = md.Rules(copies=LIMITS["copies"], hand_limit=LIMITS["hand_limit"], deal_size=LIMITS["deal_size"],
                     dud_redraw=LIMITS["dud_redraw"], die_sides=LIMITS["die_sides"], max_turns=LIMITS["max_turns"],
                     board=("door",) + ("take2",) * (LIMITS["board"] - 1))
    game = md.Game(rules, n_players=4, seed=1, record_events=False)
    bk.play(game, max_steps=200_000)
    assert game.is_over
    assert sum(map(len, game.hands)) + len(game.draw_pile) + len(game.discard_pile) == 1200


def test_a_board_too_long_is_refused_without_printing_it():
    with pytest.raises(ValueError, match=r"board=.*1,000,001 items.*at most 1,000") as error:
        md.Rules(board=("door",) * 1_000_001)
    assert len(str(error.value)) < 200


@pytest.mark.parametrize("weight", [MAX_WEIGHT + 1, 1e300, 10**30])
def test_a_door_weight_over_the_limit_is_refused(weight):
    with pytest.raises(ValueError, match="door_weights.*1,000,000,000"):
        md.Rules(door_weights=(1, 1, 1, 1, weight))


def test_the_limits_are_documented_in_the_module():
    doc = md.rules.__doc__
    assert "copies=10**6" in doc and "1,200 cards" in doc and "1,000,000 turns" in doc

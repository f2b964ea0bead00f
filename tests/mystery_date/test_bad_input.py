"""Nonsense in, clear ValueError out: bad rules, bad player counts, illegal actions."""
import pytest

import boardkit as bk
from boardkit.games import mystery_date as md
from md_helpers import arrange, card, land, new_game, saved
from boardkit.games.mystery_date.rules import DOOR, SWAP_ANY, SWAP_LEFT, TAKE_2, TAKE_EITHER

NAN, INF = float("nan"), float("inf")


@pytest.mark.parametrize("field,value", [
    ("hand_limit", 2), ("hand_limit", 0), ("hand_limit", -6), ("hand_limit", 6.0), ("hand_limit", "6"),
    ("deal_size", -1), ("deal_size", 7), ("deal_size", 2.5), ("deal_size", True), ("deal_size", None),
    ("copies", 0), ("copies", -4), ("copies", 4.0),
    ("dud_redraw", -1), ("dud_redraw", 3.0),
    ("die_sides", 0), ("die_sides", -6),
    ("max_turns", 0), ("max_turns", -1), ("max_turns", 1e9),
    ("dud_in_play", "yes"), ("dud_in_play", 1), ("dud_in_play", None),
    ("board", ()), ("board", ("door", "pool")), ("board", ("take1", "take2", "swap_any")),
    ("board", ["door", "take1"]), ("board", "door"),
    ("door_weights", (1, 1, 1, 1)), ("door_weights", (1, 1, 1, 1, 1, 1)), ("door_weights", ()),
    ("door_weights", (1, -1, 1, 1, 1)), ("door_weights", (0, 0, 0, 0, 0)),
    ("door_weights", (1, 1, 1, 1, NAN)), ("door_weights", (1, 1, INF, 1, 1)),
    ("door_weights", [1, 1, 1, 1, 1]), ("door_weights", (1, 1, "1", 1, 1)), ("door_weights", (True,) * 5),
    ("door_weights", None),
])
def test_bad_rule_raises_naming_the_field(field, value):
    with pytest.raises(ValueError, match=field):
        md.Rules(**{field: value})
    with pytest.raises(ValueError, match=field):
        md.Rules().replace(**{field: value})


def test_deal_size_above_the_hand_limit():
    with pytest.raises(ValueError, match="deal_size"):
        md.Rules(hand_limit=4, deal_size=5)
    assert md.Rules(hand_limit=4, deal_size=4).deal_size == 4


def test_only_the_dud_with_the_dud_out_of_play():
    with pytest.raises(ValueError, match="door_weights"):
        md.Rules(door_weights=(0, 0, 0, 0, 1), dud_in_play=False)
    assert md.Rules(door_weights=(0, 0, 0, 0, 1)).live_weights == (0, 0, 0, 0, 1)
    assert md.Rules(door_weights=(1, 0, 0, 0, 1), dud_in_play=False).live_weights == (1, 0, 0, 0, 0)


def test_the_error_message_says_what_is_allowed():
    with pytest.raises(ValueError) as info:
        md.Rules(hand_limit=2)
    assert "hand_limit=2" in str(info.value) and "at least 3" in str(info.value)


@pytest.mark.parametrize("n_players", [1, 5, 0, -2, 2.0, "3", None])
def test_bad_player_counts(n_players):
    with pytest.raises(ValueError, match="n_players"):
        md.Game(md.Rules(), n_players=n_players)
    with pytest.raises(ValueError, match="n_players"):
        bk.simulate(md.Rules(), n_players=n_players, n_games=1, progress=False)


def test_replace_with_an_unknown_field():
    with pytest.raises(ValueError, match="hand_limt"):
        md.Rules().replace(hand_limt=7)
    with pytest.raises(ValueError, match="colour"):
        md.Rules().replace(hand_limit=7, colour="red")


def test_replace_makes_a_validated_copy():
    rules = md.Rules()
    variant = rules.replace(hand_limit=7)
    assert variant.hand_limit == 7 and rules.hand_limit == 6
    assert variant.changes() == {"hand_limit": 7}
    assert rules.changes() == {}
    with pytest.raises(Exception):
        rules.hand_limit = 7  # frozen


def test_rules_round_trip_and_bad_dicts():
    rules = md.Rules(door_weights=(1, 2.5, 0, 1, 3), board=("door", "take1", "swap_any"), copies=2)
    assert md.Rules.from_dict(rules.to_dict()) == rules
    with pytest.raises(ValueError, match="nonsense"):
        md.Rules.from_dict({"nonsense": 1})
    with pytest.raises(ValueError):
        md.Rules.from_dict(["hand_limit", 6])
    with pytest.raises(ValueError, match="hand_limit"):
        md.Rules.from_dict({"hand_limit": 1})


# -- illegal actions change nothing ----------------------------------------------------------------

JUNK = [None, "roll", 0, ("roll",), md.Discard(card("r1")), md.Give(card("r1")), md.TakeFrom("discard"),
        md.TakeFrom("floor"), md.SwapWith(0), md.SwapWith(7), md.ShowOutfit("red"), md.ShowOutfit("purple")]


def _situations():
    """A game waiting at each kind of decision, built by setting the state."""
    hands = ["g1 g2 g3 b1 b2 o1", "r2", "", "o2 o3"]

    def fresh():
        return arrange(new_game(seed=4), hands=hands, discard="", draw_top="r3 b3")
    yield "roll", fresh()
    for phase, space in [("discard", TAKE_2), ("choose pile", TAKE_EITHER), ("choose opponent", SWAP_ANY),
                         ("give", SWAP_LEFT), ("show outfit", DOOR)]:
        game = fresh()
        land(game, space)
        yield phase, game


def test_illegal_actions_raise_and_change_nothing():
    phases = []
    for phase, game in _situations():
        assert game.phase == phase
        phases.append(phase)
        legal = list(game.legal_actions())
        for action in JUNK + [md.Roll()]:
            if action in legal:
                continue
            before = saved(game)
            with pytest.raises(bk.IllegalAction) as info:
                game.apply(action)
            assert isinstance(info.value, ValueError)
            assert saved(game) == before, (phase, action)  # randomness state included
            assert game.legal_actions() == legal
        game.apply(legal[0])  # and the game goes on
    assert phases == ["roll", "discard", "choose pile", "choose opponent", "give", "show outfit"]


def test_illegal_actions_do_not_change_what_happens_next():
    bots = [md.bots.Random()] * 3
    clean, poked = new_game(n_players=3, seed=21), new_game(n_players=3, seed=21)
    while not clean.is_over:
        for action in JUNK:
            if action not in poked.legal_actions():
                with pytest.raises(bk.IllegalAction):
                    poked.apply(action)
        bk.step(clean, bots)
        bk.step(poked, bots)
    assert poked.is_over
    assert poked.events == clean.events
    assert saved(poked) == saved(clean)


def test_no_action_is_legal_once_the_game_is_over():
    game = new_game(n_players=2, seed=0, max_turns=2)
    bk.play(game, [md.bots.Random()] * 2)
    before = saved(game)
    for action in JUNK + [md.Roll()]:
        with pytest.raises(bk.IllegalAction, match="over"):
            game.apply(action)
    assert saved(game) == before


# -- actions equal to a legal one, but not the game's own objects --------------------------------

def test_an_equal_plain_tuple_card_is_stored_as_a_card():
    """BUG: ``apply`` keeps the caller's object, not the legal action it equals.

    ``Discard(("red", 1))`` equals ``Discard(Card("red", 1))``, so it is accepted,
    and then a plain tuple lies on the discard pile: ``top.colour`` fails in the
    Collector bot and in anything else that reads a card.
    """
    game = arrange(new_game(seed=1), hands=["r1 r2 g1 g2 b1 b2", "", "", ""], discard="o1",
                   draw_top="o2")
    land(game, "take1")
    game.apply(md.Discard(("red", 1)))
    assert isinstance(game.discard_pile.top, md.Card)
    assert game.discard_pile.top.colour == "red"


def test_an_equal_float_seat_does_not_break_the_swap():
    """BUG: ``SwapWith(1.0) == SwapWith(1)`` is accepted and stored, then the next
    (legal) ``Give`` crashes with TypeError: list indices must be integers."""
    game = arrange(new_game(seed=1), hands=["r1 r2", "g1 g2", "b1", "o1"], discard="o2")
    land(game, SWAP_ANY)
    game.apply(md.SwapWith(1.0))
    give = game.legal_actions()[0]
    game.apply(give)  # TypeError today
    assert game.events[-1].opponent == 1
    assert give.card in game.hands[1] and len(game.hands[1]) == 2
    assert game.current == 1

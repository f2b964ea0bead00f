"""Nonsense in, a clear ValueError out: bad rules, bad player counts, illegal actions."""
import pytest

import boardkit as bk
from boardkit.games import philo_vance as pv
from boardkit.games.philo_vance import game as pvgame
from pv_helpers import PV, game_in_phase, saved

CARDS = pv.CONFIRMATION
WIFE_WITH_A_CIGAR = ((40,) + CARDS[0][1:],) + CARDS[1:]  # the Wife is a woman; a cigar butt is masculine
MAN_WITH_A_HAIRPIN = CARDS[:1] + ((46,) + CARDS[1][1:],) + CARDS[2:]
ELEVEN_CLUES = (CARDS[0][:11],) + CARDS[1:]
SHORT_LAST = CARDS[:9] + (CARDS[9][:11],)
TWICE_THE_SAME = ((CARDS[0][0],) + CARDS[0][:11],) + CARDS[1:]
NO_SUCH_CLUE = ((50,) + CARDS[0][1:],) + CARDS[1:]
NOT_IN_DECK = (0,) + pv.DECK_COPIES[1:]  # clue 0 is on the Wife's card


@pytest.mark.parametrize("field,value", [
    ("court_size", 0), ("court_size", -1), ("court_size", 12.0), ("court_size", True), ("court_size", "12"),
    ("named_clues", 0), ("named_clues", 13), ("named_clues", 6.0), ("named_clues", None),
    ("declare_correct", 0), ("declare_correct", 7), ("declare_correct", 4.5),
    ("convict_correct", 0), ("convict_correct", 13), ("convict_correct", "7"),
    ("convict_fallback", 6), ("convict_fallback", 13), ("convict_fallback", 9.0),
    ("retire_after_failures", 0), ("retire_after_failures", -3), ("retire_after_failures", 3.0),
    ("retire_after_failures", True), ("retire_after_failures", "never"),
    ("judge_needed", 1), ("judge_needed", "yes"), ("judge_needed", None),
    ("arrow_rewards", 0), ("demand_refill", "no"), ("reshuffle_discards", None), ("children", 1),
    ("hand_limit", 0), ("hand_limit", 10.0), ("children_win", 0), ("children_win", 11), ("children_win", 13),
    ("max_turns", 0), ("max_turns", -5), ("max_turns", 1e9), ("max_turns", None),
    ("board", "../x"), ("board", "estate.json"), ("board", ""), ("board", 3), ("board", None), ("board", "estate/x"),
    ("deck", (2,) * 49), ("deck", [2] * 50), ("deck", None), ("deck", "2" * 50), ("deck", (-1,) + (2,) * 49),
    ("deck", (2.0,) * 50), ("deck", (True,) * 50), ("deck", (0,) * 50), ("deck", NOT_IN_DECK),
    ("cards", WIFE_WITH_A_CIGAR), ("cards", MAN_WITH_A_HAIRPIN), ("cards", ELEVEN_CLUES), ("cards", SHORT_LAST),
    ("cards", TWICE_THE_SAME), ("cards", NO_SUCH_CLUE), ("cards", CARDS[:9]), ("cards", ()), ("cards", list(CARDS)),
    ("cards", (tuple(map(str, CARDS[0])),) + CARDS[1:]), ("cards", None),
])
def test_bad_rule_raises_naming_the_field(field, value):
    with pytest.raises(ValueError, match=field):
        pv.Rules(**{field: value})
    with pytest.raises(ValueError, match=field):
        pv.Rules().replace(**{field: value})


@pytest.mark.parametrize("field,value,allowed", [
    ("named_clues", 0, "1 to 12 (court_size)"), ("declare_correct", 7, "1 to 6 (named_clues)"),
    ("retire_after_failures", 0, "None to disregard"), ("board", "../x", "letters and underscores"),
    ("children_win", 11, "1 to 10"),
])
def test_the_message_says_the_value_and_what_is_allowed(field, value, allowed):
    with pytest.raises(ValueError) as info:
        pv.Rules(**{field: value})
    assert f"{field}={value!r}" in str(info.value) and allowed in str(info.value)


def test_the_masculine_clue_on_a_womans_card_is_named():
    with pytest.raises(ValueError, match="masculine") as info:
        pv.Rules(cards=WIFE_WITH_A_CIGAR)
    assert "wife" in str(info.value) and "cigar" in str(info.value)


def test_an_unknown_board_names_the_board_field():
    """The error of an unknown board (the file loader's) should say ``board=...`` like every other field."""
    with pytest.raises(ValueError, match="board='nowhere'"):
        pv.Rules(board="nowhere")


def test_good_variants_are_allowed():
    assert pv.Rules(court_size=6, named_clues=6, declare_correct=6, convict_correct=6, convict_fallback=6)
    assert pv.Rules(retire_after_failures=None).retire_after_failures is None
    assert pv.Rules(cards=tuple(card[:11] for card in CARDS), convict_fallback=11).cards[0] == CARDS[0][:11]
    assert pv.Rules(deck=(1,) * 50).deck_cards == tuple(range(50))
    assert pv.Rules.children_game(hand_limit=3, children_win=3).children


def test_unknown_rule_names():
    with pytest.raises(ValueError, match="judges"):
        pv.Rules().replace(judges=2)
    with pytest.raises(ValueError, match="judges"):
        pv.Rules.from_dict({"judges": 2})
    with pytest.raises(TypeError):
        pv.Rules(judges=2)  # (a dataclass's own complaint)


@pytest.mark.parametrize("n_players", [1, 7, 0, -2, 2.0, "3", None, True])
def test_bad_player_counts(n_players):
    with pytest.raises(ValueError, match="n_players"):
        pv.Game(pv.Rules(), n_players=n_players)
    with pytest.raises(ValueError, match="n_players"):
        bk.simulate(pv.Rules(), n_players=n_players, n_games=1, progress=False)


# -- illegal actions change nothing -----------------------------------------------------------------

JUNK = [None, "roll", 0, 1.5, (), pv.Roll(), pv.Arrest(10), pv.Arrest(-1), pv.Arrest(2), pv.Arrest(None),
        pv.Name(50), pv.Name(-1), pv.Name(0), pv.Convict(), pv.TurnUp(0), pv.TurnUp(13), pv.TurnUp(1),
        pv.Move(-1), pv.Move(71), pv.Move(0), pv.Move(15), pv.Move("X"), pv.Bump(PV, pv.QUEUE), pv.Bump(0, 1),
        pv.Bump(7, 15), pv.NoBump(), pv.PushOn(15), pv.PushOn(99), pv.TurnDown(0), pv.TurnDown(12), pv.Spare(),
        pv.Keep(0), pv.Keep(13), pv.Keep(-1), pv.Keep(1), pv.Discard(), pv.Claim(), pv.Pass(), pv.Demand(0),
        pv.Demand(99), pv.Draw(), pv.Pick(10), pv.Pick(-1), pv.Pick(0)]


@pytest.mark.parametrize("phase", pvgame.PHASES)
def test_an_illegal_action_raises_and_changes_nothing(phase):
    game = game_in_phase(phase)
    legal = game.legal_actions()
    before = saved(game)
    for action in JUNK:
        if action in legal:
            continue
        with pytest.raises(bk.IllegalAction) as info:
            game.apply(action)
        assert isinstance(info.value, ValueError) and "not legal" in str(info.value)
        assert saved(game) == before
    game.apply(legal[-1])  # the game carries on


def test_no_action_is_legal_once_the_game_is_over():
    game = pv.Game(pv.Rules(max_turns=3), n_players=2, seed=1)
    bk.play(game)
    before = saved(game)
    for action in (pv.Roll(), pv.Convict(), pv.Discard()):
        with pytest.raises(ValueError, match="over"):
            game.apply(action)
    assert saved(game) == before


# -- every size field has an upper bound (issue 16: court_size=10**18 hung) ------------------------

@pytest.mark.parametrize("field,most", [("court_size", 24), ("hand_limit", 30), ("max_turns", 100_000),
                                        ("retire_after_failures", 20)])
def test_each_size_field_has_a_documented_upper_bound(field, most):
    assert pv.LIMITS[field] == most
    for value in (most + 1, 10**18):
        with pytest.raises(ValueError) as err:
            pv.Rules(**{field: value})
        message = str(err.value)
        assert field in message and f"{value!r}" in message and f"{most:,}" in message
    big = {field: most}
    if field == "hand_limit":
        big["children_win"] = 7
    assert getattr(pv.Rules(**big), field) == most


def test_a_deck_with_too_many_copies_of_a_clue_is_refused():
    with pytest.raises(ValueError, match=r"deck\[3\]=1000000000 is not allowed: 0 to 20 copies"):
        pv.Rules(deck=pv.DECK_COPIES[:3] + (10**9,) + pv.DECK_COPIES[4:])
    assert len(pv.Rules(deck=(20,) * 50).deck_cards) == 1000


def test_the_largest_court_deals_at_once():
    game = pv.Game(pv.Rules(court_size=24), n_players=6, seed=0)
    assert game.card_count() == 100

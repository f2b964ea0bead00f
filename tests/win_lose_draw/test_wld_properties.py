"""Properties of every valid variant, checked on random rules, seeds and play with typed guesses (hypothesis)."""
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardkit.games import win_lose_draw as wld
from boardkit.games.win_lose_draw.game import catalogue
from boardkit.games.win_lose_draw.track import COLOURS, KINDS
from game_helpers import saved

FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_STEPS = 20_000
TEXTS = ["pizza", "", "   ", "x" * 300, "__import__('os').system('x')", "Superman", "the"]


@st.composite
def tracks(draw):
    """A valid track: every kind at least once, plus some more spaces, in any order."""
    spaces = list(KINDS) + draw(st.lists(st.sampled_from(KINDS), max_size=10))
    return tuple(draw(st.permutations(spaces)))


@st.composite
def variants(draw):
    """(rules, n_players): a valid variant of Win, Lose or Draw."""
    play = draw(st.sampled_from(wld.PLAYS))
    low, high = wld.Rules(play=play).player_range
    rules = wld.Rules(
        play=play,
        team_target=draw(st.integers(1, 8)),
        steal=draw(st.booleans()),
        team_picks_sketcher=draw(st.booleans()),
        track=draw(st.one_of(st.just(wld.DEFAULT_TRACK), tracks())),
        die_sides=draw(st.integers(1, 8)),
        colours_to_collect=draw(st.integers(1, len(COLOURS))),
        pawns_per_colour=draw(st.integers(1, 6)),
        categories=tuple(draw(st.lists(st.sampled_from(wld.CATEGORIES), min_size=1, max_size=3, unique=True))),
        partial_answers=draw(st.booleans()),
        max_sketches=draw(st.integers(1, 25)),
    )
    return rules, draw(st.integers(low, high))


def move(game, rnd):
    """One random move: now and then a typed guess (from any seat, sometimes right), else a legal action.

    A guess the game refuses must raise ValueError and change nothing.
    """
    if game.phase in ("sketch", "steal") and rnd.random() < 0.3:
        card = game.card
        text = rnd.choice([card.answer, card.answer.upper(), *card.also, *TEXTS])
        seat = rnd.randrange(game.n_players)
        before = saved(game)
        try:
            game.guess(seat, text)
        except ValueError:
            assert saved(game) == before
        return
    game.apply(rnd.choice(game.legal_actions()))


def box_items(game):
    return sorted(item for card in game.box for item in card[:2])


def all_items(rules):
    return sorted(i for i, card in enumerate(catalogue()) if card.category in rules.categories)


def check(game, scores_before, items):
    """What holds after every move."""
    rules = game.rules
    for colour in COLOURS:                                            # pawns are conserved
        held = sum(colour in h for h in game.held)
        assert game.centre[colour] >= 0 and held + game.centre[colour] == rules.pawns_per_colour
    for held in game.held:                                            # no colour twice, never more than needed
        assert len(set(held)) == len(held) <= rules.colours_to_collect and set(held) <= set(COLOURS)
    for before, now in zip(scores_before, game.team_scores):          # scores only go up, never past the target
        assert before <= now <= rules.team_target
    assert box_items(game) == items and all(card[2] in (0, 1) for card in game.box)
    assert game.turns <= rules.max_sketches
    if rules.play == "gameboard":
        assert (game.white_pawn is None) == (game.phase == "place")
        assert game.team_scores == [0, 0]
    else:
        assert game.held == [[] for _ in range(game.n_players)]
    if game.is_over:
        assert game.current_player is None
    else:
        assert (game.phase == "ruling") == (game.pending is not None)
        assert game.sketcher not in game.guessers


def play_out(game, rnd, check_each=True):
    items = all_items(game.rules)
    for _ in range(MAX_STEPS):
        if game.is_over:
            return
        scores = list(game.team_scores)
        move(game, rnd)
        if check_each:
            check(game, scores, items)
    raise AssertionError(f"the game did not end in {MAX_STEPS} moves")


@FAST
@given(variant=variants(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_random_play_keeps_every_rule_and_ends(variant, seed, choices):
    rules, n_players = variant
    game = wld.Game(rules, n_players=n_players, seed=seed)
    check(game, [0, 0], all_items(rules))
    play_out(game, random.Random(choices))
    assert game.end_reason in ("target", "ace", "sketch cap")
    if game.end_reason == "sketch cap":
        assert game.winner is None and game.turns == rules.max_sketches
    elif game.end_reason == "target":
        assert rules.play == "team" and game.team_scores[game.winner] == rules.team_target
    else:
        assert rules.play == "gameboard" and len(game.held[game.winner]) >= rules.colours_to_collect
    json.dumps(game.to_dict())


@FAST
@given(variant=variants(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_the_same_seed_and_choices_give_the_same_game(variant, seed, choices):
    rules, n_players = variant
    games = [wld.Game(rules, n_players=n_players, seed=seed) for _ in range(2)]
    for game in games:
        play_out(game, random.Random(choices), check_each=False)
    assert games[0].events == games[1].events and saved(games[0]) == saved(games[1])


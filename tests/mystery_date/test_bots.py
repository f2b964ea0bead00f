"""The Mystery Date bots: Collector's heuristics, and both bots always choose a legal action."""
import pytest

import boardkit as bk
from boardkit.core import Chance
from boardkit.games import mystery_date as md
from boardkit.games.mystery_date.bots import least_needed, progress, target_colours
from boardkit.games.mystery_date.rules import DOOR, SWAP_ANY, SWAP_LEFT, TAKE_1, TAKE_EITHER
from md_helpers import arrange, card, cards, land, new_game

COLLECTOR = md.bots.Collector()


def decide(game):
    return COLLECTOR.choose(game, game.legal_actions(), game.chance)


def test_progress_and_target():
    hand = cards("r1 r2 g1 g1 g1 b3")
    assert progress(hand) == {"red": 2, "green": 1, "blue": 1, "orange": 0}
    assert target_colours(hand, (1, 1, 1, 1, 1)) == ("red",)
    # tie on numbers held: more cards of the colour wins the tie
    assert target_colours(cards("r1 g1 g1"), (1, 1, 1, 1, 1)) == ("green",)
    # tie on cards too: the likelier date
    assert target_colours(cards("r1 b1"), (1, 1, 3, 1, 1)) == ("blue",)
    # a full tie is left to chance: every tied colour, in colour order
    assert target_colours(cards("b1 r1 o2"), (1, 1, 1, 1, 1)) == ("red", "blue", "orange")


def test_discards_a_spare_copy_first():
    game = arrange(new_game(), hands=["o1 o2 g3 b2 r3 r2", "", "", ""], discard="b1", draw_top="o2")
    land(game, TAKE_1)
    assert game.phase == "discard"
    assert decide(game) == md.Discard(card("o2"))  # orange is her best colour, but o2 is a spare


def test_keeps_the_target_colour():
    game = arrange(new_game(), hands=["r1 r2 g1 b2 o3 g2", "", "", ""], discard="b1", draw_top="r3")
    land(game, TAKE_1)
    assert progress(game.hands[0])["red"] == 3
    action = decide(game)
    assert action in game.legal_actions()
    assert action.card.colour != "red"
    assert action in (md.Discard(card("b2")), md.Discard(card("o3")))  # a colour furthest from complete
    game.apply(action)
    assert md.ready_colours(game.hands[0]) == ["red"]


def test_least_needed_gives_up_the_target_only_when_nothing_else_is_left():
    assert least_needed(cards("r1 r2 r3"), (1, 1, 1, 1, 1)) == tuple(cards("r1 r2 r3"))
    assert least_needed(cards("r1 r2 g1"), (1, 1, 1, 1, 1)) == (card("g1"),)


def test_least_needed_ties_are_every_card_of_the_weakest_colours():
    # red is the target; green and orange are equally weak, so any of their cards will do
    assert least_needed(cards("o1 r1 r2 g3"), (1, 1, 1, 1, 1)) == tuple(cards("g3 o1"))
    # two spare copies: either, in CARDS order (red first), as the fast lane counts them
    assert least_needed(cards("b1 r2 b1 r2 g3"), (1, 1, 1, 1, 1)) == tuple(cards("r2 b1"))


def test_collector_breaks_ties_with_the_games_chance():
    """Equally good discards are drawn at random, through the game's chance: both
    happen, and the same seed makes the same choice."""
    picks = set()
    for seed in range(40):
        game = arrange(new_game(seed=seed), hands=["o1 r1 r2 g3 b3 b2", "", "", ""], discard="b1",
                       draw_top="r3")
        land(game, TAKE_1)
        choice = decide(game)
        picks.add(choice)
        again = arrange(new_game(seed=seed), hands=["o1 r1 r2 g3 b3 b2", "", "", ""], discard="b1",
                        draw_top="r3")
        land(again, TAKE_1)
        assert decide(again) == choice
    assert picks == {md.Discard(card("g3")), md.Discard(card("o1"))}


def test_with_a_fair_door_every_date_is_found_as_often():
    """No colour is the bot's favourite: 2,000 seeded games of four Collectors find each
    date about a quarter of the time (a chi-square test, as the lesson's door test)."""
    games = bk.simulate(md.Rules(), n_players=4, n_games=2000, seed=3, progress=False)
    counts = games["date"].value_counts().reindex(md.COLOURS, fill_value=0)
    assert bk.stats.chi_square_fit(counts.tolist(), [1, 1, 1, 1]).p_value > 0.01, counts.to_dict()


def test_takes_a_useful_discard():
    game = arrange(new_game(), hands=["r1 r2 g1", "", "", ""], discard="r3", draw_top="o1")
    land(game, TAKE_EITHER)
    assert decide(game) == md.TakeFrom("discard")


@pytest.mark.parametrize("top", ["r1", "g2", "o3"])
def test_draws_blind_when_the_discard_does_not_help(top):
    game = arrange(new_game(), hands=["r1 r2 g1", "", "", ""], discard=top, draw_top="o1")
    land(game, TAKE_EITHER)
    assert decide(game) == md.TakeFrom("draw")


def test_takes_the_discard_when_it_is_the_only_pile():
    rules = dict(copies=1, hand_limit=10)
    game = arrange(new_game(n_players=2, **rules), hands=["r1 r2 r3 g1 g2", "g3 b1 b2 b3 o1 o2"],
                   discard="o3", draw_top="")
    land(game, TAKE_EITHER)
    assert decide(game) == md.TakeFrom("discard")


def test_swaps_with_the_fullest_hand_and_gives_the_least_needed():
    game = arrange(new_game(), hands=["r1 r2 b3", "g1", "o1 o2 o3 b1", "g2 g3"], discard="b2")
    land(game, SWAP_ANY)
    assert decide(game) == md.SwapWith(2)
    game.apply(md.SwapWith(2))
    assert decide(game) == md.Give(card("b3"))


def test_gives_a_spare_in_a_swap():
    game = arrange(new_game(), hands=["r1 r2 r2 g3", "b1", "", ""], discard="b2")
    land(game, SWAP_LEFT)
    assert decide(game) == md.Give(card("r2"))


@pytest.mark.parametrize("weights,shown", [((1, 3, 1, 1, 1), {"green"}), ((5, 1, 1, 1, 1), {"red"}),
                                           ((1, 1, 1, 1, 1), {"red", "green"}), ((0, 1, 0, 0, 0), {"green"})])
def test_ready_for_two_shows_the_likelier_date(weights, shown):
    """The likelier date's outfit; equally likely dates: either, by the game's chance."""
    seen = set()
    for seed in range(30):
        game = arrange(new_game(door_weights=weights, seed=seed), hands=["r1 r2 r3 g1 g2 g3", "", "", ""],
                       discard="o1")
        land(game, DOOR)
        seen.add(decide(game).colour)
    assert seen == shown


class Checked:
    """Wraps a bot: every choice must be one of the legal actions it was offered."""

    def __init__(self, bot):
        self.bot, self.choices = bot, 0

    def choose(self, game, actions, chance):
        assert actions == game.legal_actions() and len(actions) > 1
        action = self.bot.choose(game, actions, chance)
        assert action in actions
        self.choices += 1
        return action


@pytest.mark.parametrize("bot", [md.bots.Random(), md.bots.Collector()])
def test_bots_always_choose_a_legal_action(bot):
    checked = Checked(bot)
    for seed in range(8):
        for rules in (md.Rules(max_turns=300), md.Rules(hand_limit=3, copies=1, max_turns=300),
                      md.Rules(hand_limit=9, deal_size=9, dud_redraw=5, max_turns=300)):
            game = md.Game(rules, n_players=2 + seed % 3, seed=seed)
            bk.play(game, [checked] * game.n_players)
            assert game.is_over
    assert checked.choices > 100


def test_random_uses_the_games_chance_and_covers_every_choice():
    bot = md.bots.Random()
    actions = [md.TakeFrom("draw"), md.TakeFrom("discard")]
    picks = [bot.choose(None, actions, chance) for chance in [Chance(1)] for _ in range(200)]
    again = [bot.choose(None, actions, chance) for chance in [Chance(1)] for _ in range(200)]
    assert picks == again  # the choice comes from the chance it is handed
    assert set(picks) == set(actions)
    assert repr(bot) == "Random()" and repr(COLLECTOR) == "Collector()"


def test_collector_beats_random():
    bots = [md.bots.Collector(), md.bots.Random(), md.bots.Random(), md.bots.Random()]
    frame = bk.simulate(md.Rules(), n_players=4, n_games=100, seed=1, bots=bots, progress=False)
    table = bk.metrics.win_rates(frame)
    assert table.loc[0, "low"] > 0.25  # the heuristic seat wins clearly more than its fair share

"""``analysis.deals_stuck``: the hands of a game's deals, each stuck or not on the card turned up.

The lesson starts its convergence chart with the deals of the game the
student played, so these must be read right from the events, and over many
games their share must agree with the exact 171/2108.
"""

import boardkit as bk
from boardkit.core.stats import wilson_interval
from boardkit.games import cluedo_cards as cc
from boardkit.games.cluedo_cards import analysis as an
from boardkit.games.cluedo_cards import events as ev
from cc_helpers import C

def test_each_hand_of_each_deal_is_read_against_its_own_turned_up_card():
    events = [
        ev.RoundStarted(0, 1), ev.MiniatureTaken(0), ev.Dealt(0, (C("rope 1"), C("spanner 2"))),
        ev.MiniatureTaken(1), ev.Dealt(1, (C("dagger 1"), C("spanner 1"))), ev.DiscardStarted(None, C("rope 3")),
        ev.Played(0, C("rope 1")),
        ev.RoundStarted(1, 2), ev.Dealt(0, (C("rope 2"),)), ev.Dealt(1, (C("dagger 3"),)),
        ev.DiscardStarted(None, C("spanner 3")),
        ev.RoundStarted(0, 3), ev.Dealt(0, (C("rope 2"),)),      # dealt, but no card turned up yet
    ]
    # round 1: the Rope 1 matches the Rope 3; nothing of Dagger 1, Spanner 1 does.
    # round 2: Rope 2 does not match the Spanner 3; the Dagger 3 does (same number).
    assert an.deals_stuck(events) == [False, True, True, False]
    assert an.deals_stuck([]) == [] and an.deals_stuck(None) == []

def test_a_played_games_deals_are_one_per_hand_per_round():
    game = cc.Game(n_players=3, seed=5)
    bk.play(game)
    stuck = an.deals_stuck(game.events)
    assert len(stuck) == 3 * game.round
    first = an.deals_stuck(cc.Game(n_players=3, seed=5).events)       # the first deal only
    assert stuck[:3] == first and len(first) == 3

def test_over_many_games_the_share_of_stuck_hands_agrees_with_171_of_2108():
    stuck = []
    for seed in range(150):
        game = cc.Game(n_players=4, seed=seed)
        bk.play(game)
        stuck += an.deals_stuck(game.events)
    exact = float(an.first_player_stuck())
    assert exact == 171 / 2108
    # the 4 hands of a deal share a deck, so widen the interval: 99.99% instead of 95%
    low, high = wilson_interval(sum(stuck), len(stuck), confidence=0.9999)
    assert len(stuck) > 2000 and low < exact < high, (sum(stuck), len(stuck))


def test_the_app_keeps_the_deals_of_every_game_it_dealt():
    app = cc.App(n_players=3, seats=["Shedder", "Random", "Shedder"], seed=7)
    try:
        first = list(app.deals_stuck)
        assert first == an.deals_stuck(app.game.events) and len(first) == 3     # round 1 is dealt at once
        previous = app.game
        app.new_game(8)
        assert app.deals_stuck == an.deals_stuck(previous.events) + an.deals_stuck(app.game.events)
        assert len(app.deals_stuck) == 6
    finally:
        app.close()

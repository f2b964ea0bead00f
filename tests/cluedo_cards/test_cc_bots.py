"""The bots: legal choices, their stated strategies, and replays from a seed."""
import boardkit as bk
from boardkit.games import cluedo_cards as cc
from cc_helpers import C, arrange, new_game

ALL_BOTS = [cc.bots.Random(), cc.bots.Shedder(), cc.bots.Revolverist()]


def test_every_bot_finishes_games_with_legal_moves():
    for bot in ALL_BOTS:
        for seed in range(5):
            game = new_game(seed=seed, record_events=False)
            bk.play(game, [bot] * 4)
            assert game.is_over


def test_shedder_plays_action_cards_first_and_targets_the_smallest_hand():
    game = new_game()
    arrange(game, [["spanner 1", "dagger 2", "spanner 3"], ["Rev. Green 1", "Rev. Green 2", "rope 3"],
                   ["Rev. Green 3"], ["lead piping 1", "lead piping 2"]], top="spanner 2")
    bot = cc.bots.Shedder()
    assert bot.choose(game, game.legal_actions(), game.chance) == cc.Play(C("dagger 2"))
    game.apply(cc.Play(C("dagger 2")))
    assert bot.choose(game, game.legal_actions(), game.chance) == cc.Skip(2)


def test_revolverist_keeps_the_revolver_until_its_hand_is_big():
    hands = [["revolver 2", "spanner 3", "Mrs. White 1"], ["Rev. Green 1", "Rev. Green 2"],
             ["Rev. Green 3", "rope 1"], ["lead piping 1", "lead piping 2"]]
    game = arrange(new_game(), hands, top="spanner 2")
    bot = cc.bots.Revolverist(margin=3)
    assert bot.choose(game, game.legal_actions(), game.chance) == cc.Play(C("spanner 3"))
    hands[0] += ["Mrs. White 2", "Mrs. White 3", "Mrs. Peacock 1"]
    game = arrange(new_game(), hands, top="spanner 2")
    assert bot.choose(game, game.legal_actions(), game.chance) == cc.Play(C("revolver 2"))
    game.apply(cc.Play(C("revolver 2")))
    assert bot.choose(game, game.legal_actions(), game.chance) in (cc.SwapWith(1), cc.SwapWith(2), cc.SwapWith(3))


def test_revolverist_stabs_the_leader():
    game = arrange(new_game(), [["dagger 2", "spanner 3"], ["Rev. Green 1"], ["Rev. Green 3"], ["lead piping 1"]],
                   top="spanner 2")
    game.scores = [0, 2, 7, 4]
    game.apply(cc.Play(C("dagger 2")))
    assert cc.bots.Revolverist().choose(game, game.legal_actions(), game.chance) == cc.Skip(2)


def test_bot_games_replay_from_the_seed():
    rows = [bk.play(new_game(seed=11), [cc.bots.Random(), cc.bots.Shedder()] * 2).game.result() for _ in range(2)]
    assert rows[0] == rows[1]


def test_simulate_makes_a_frame():
    frame = bk.simulate(cc.Rules(), n_players=3, n_games=20, seed=1, progress=False)
    assert {"winner", "rounds", "score_2", "leaders", "lead_changes"} <= set(frame.columns)
    assert (frame["end"] == "target reached").all()


def test_the_bots_always_pick_a_dagger_victim_and_random_may_decline():
    """Rule 6 lets a Dagger's player let nobody miss a turn; Shedder and Revolverist never do, Random may."""
    for bot in (cc.bots.Shedder(), cc.bots.Revolverist()):
        for scores in ([0, 0, 0, 0], [0, 5, 2, 9]):
            game = arrange(new_game(), [["dagger 2", "spanner 3"], ["Rev. Green 1"], ["Rev. Green 3", "rope 1"],
                                        ["lead piping 1"]], top="spanner 2")
            game.scores = scores
            game.apply(cc.Play(C("dagger 2")))
            assert isinstance(bot.choose(game, game.legal_actions(), game.chance), cc.Skip)
    game = arrange(new_game(), [["dagger 2", "spanner 3"], ["Rev. Green 1"], ["Rev. Green 3"], ["lead piping 1"]],
                   top="spanner 2")
    game.apply(cc.Play(C("dagger 2")))
    picks = {cc.bots.Random().choose(game, game.legal_actions(), game.chance) for _ in range(200)}
    assert picks == {cc.Skip(1), cc.Skip(2), cc.Skip(3), cc.SkipNobody()}


def test_random_draws_its_pick_from_the_games_chance_which_a_test_can_script():
    """Random picks ``actions[chance.below(len(actions))]``: scripted, a Dagger's player lets nobody miss a turn
    (the 4th choice), then names Player 3 (the 2nd)."""
    for pick, expected in ((3, cc.SkipNobody()), (1, cc.Skip(2))):
        game = arrange(new_game(), [["dagger 2", "spanner 3"], ["Rev. Green 1"], ["Rev. Green 3"], ["lead piping 1"]],
                       top="spanner 2")
        game.apply(cc.Play(C("dagger 2")))
        bk.ScriptedChance.onto(game, below=[pick])
        assert bk.step(game, [cc.bots.Random()] * 4) == expected


def test_a_game_given_a_scripted_chance_without_a_script_is_the_seeds_game():
    """``cc.Game(..., chance=ScriptedChance())`` draws its unscripted numbers from the game's seed."""
    scripted = bk.play(cc.Game(cc.Rules(), 3, seed=8, chance=bk.ScriptedChance()), [cc.bots.Random()] * 3).game
    plain = bk.play(cc.Game(cc.Rules(), 3, seed=8), [cc.bots.Random()] * 3).game
    assert scripted.result() == plain.result() and scripted.events == plain.events

import json
"""Every rule of the book, and every choice it leaves open, on arranged hands."""
import pytest

import boardkit as bk
from boardkit.games import cluedo_cards as cc
from boardkit.games.cluedo_cards import events as ev
from boardkit.core import IllegalAction
from boardkit.games.cluedo_cards.game import full_deck
from cc_helpers import C, accounted, arrange, new_game, of_type, saved, since

WHITE, ROPE_MINI, PLUM, REVOLVER_MINI = 0, 1, 2, 3  # indexes of the default miniatures


def test_the_deck_is_36_cards_and_4_miniatures():
    game = new_game()
    assert len(game.card_counts()) == 36 and sum(game.card_counts().values()) == 36
    assert len(cc.Rules().miniatures) == 4
    assert sorted(p for p, _ in cc.Rules().miniatures) == sorted({p for p, _ in cc.Rules().miniatures})
    assert sorted(n for _, n in cc.Rules().miniatures) == [1, 2, 3, 4]


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_setup_deals_five_a_miniature_each_and_turns_one_up(n_players):
    game = new_game(n_players)
    assert [len(h) for h in game.hands] == [5] * n_players
    assert len(game.miniatures) == n_players and len(game.set_aside) == 4 - n_players
    assert len(game.discard_pile) == 1 and len(game.draw_pile) == 36 - 5 * n_players - 1
    assert accounted(game)
    assert game.current == 0 and game.round == 1
    assert isinstance(game.events[-1], ev.DiscardStarted)


def test_miniatures_are_drawn_at_random():
    seen = {tuple(new_game(2, seed=s).miniatures) for s in range(30)}
    assert len(seen) > 4


def test_play_must_match_picture_or_number():
    game = new_game()
    arrange(game, [["dagger 2", "rope 1", "Mrs. White 3", "spanner 3"], ["Rev. Green 1", "Rev. Green 2"],
                   ["Rev. Green 3", "lead piping 1"], ["lead piping 2", "lead piping 3"]], top="spanner 2")
    assert game.legal_actions() == [cc.Play(C("dagger 2")), cc.Play(C("spanner 3"))]
    with pytest.raises(IllegalAction):
        game.apply(cc.Play(C("rope 1")))


def test_a_player_who_can_play_must_play_one_who_cannot_draws_and_play_passes():
    game = new_game()
    arrange(game, [["dagger 1", "rope 1"], ["Rev. Green 1", "Rev. Green 2"],
                   ["Rev. Green 3", "lead piping 1"], ["lead piping 2", "lead piping 3"]], top="spanner 2")
    assert game.legal_actions() == [cc.Draw()]
    expected = game.draw_pile.top
    game.apply(cc.Draw())
    assert game.hands[0][-1] == expected and len(game.hands[0]) == 3
    assert game.current == 1  # passes even if the drawn card could be played
    assert cc.Draw() not in game.legal_actions()  # player 2 holds Rev. Green 2: must play


def test_plain_card_passes_play_clockwise():
    game = new_game()
    arrange(game, [["spanner 1", "rope 1"], ["Rev. Green 1", "Rev. Green 2"],
                   ["Rev. Green 3", "lead piping 1"], ["lead piping 2", "lead piping 3"]], top="spanner 2")
    game.apply(cc.Play(C("spanner 1")))
    assert game.current == 1 and game.top == C("spanner 1")


def test_dagger_chooses_a_player_to_miss_a_turn():
    game = new_game()
    arrange(game, [["dagger 2", "rope 3"], ["Rev. Green 1", "Rev. Green 2"],
                   ["Rev. Green 3", "lead piping 2"], ["lead piping 1", "lead piping 3"]], top="spanner 2")
    game.apply(cc.Play(C("dagger 2")))
    # anyone but herself, or nobody: rule 6 says she *can* choose
    assert game.legal_actions() == [cc.Skip(1), cc.Skip(2), cc.Skip(3), cc.SkipNobody()]
    game.apply(cc.Skip(2))
    assert game.current == 1
    game.apply(cc.Play(C("Rev. Green 2")))
    assert game.current == 3  # player 2 (seat 2) missed her turn
    assert of_type(game.events, ev.MissedTurn)[-1].player == 2


def test_the_dagger_may_let_nobody_miss_a_turn():
    """Rule 6: "they *can* choose a player to miss a turn" -- declining is legal, and play passes on."""
    game = new_game()
    arrange(game, [["dagger 2", "rope 3"], ["Rev. Green 1", "Rev. Green 2"],
                   ["Rev. Green 3", "lead piping 2"], ["lead piping 1", "lead piping 3"]], top="spanner 2")
    game.apply(cc.Play(C("dagger 2")))
    game.apply(cc.SkipNobody())
    assert game.missing == [0, 0, 0, 0] and game.current == 1 and game.phase == "play"
    assert of_type(game.events, ev.NobodyMisses)[-1].player == 0
    assert "lets nobody miss a turn" in game.events[-1].describe()
    game.apply(cc.Play(C("Rev. Green 2")))
    assert game.current == 2  # nobody misses
    assert not of_type(game.events, ev.MissedTurn)
    assert saved(cc.Game.from_dict(json.loads(saved(game)))) == saved(game)


def test_skip_nobody_is_legal_only_after_a_dagger():
    game = new_game()
    arrange(game, [["revolver 2", "rope 3"], ["Rev. Green 1", "Rev. Green 2"],
                   ["Rev. Green 3", "lead piping 2"], ["lead piping 1", "lead piping 3"]], top="spanner 2")
    with pytest.raises(IllegalAction):
        game.apply(cc.SkipNobody())
    game.apply(cc.Play(C("revolver 2")))
    assert cc.SkipNobody() not in game.legal_actions()  # the Revolver's swap is a must (rule 9)
    before = game.to_dict()
    with pytest.raises(IllegalAction):
        game.apply(cc.SkipNobody())
    assert game.to_dict() == before


def test_candlestick_makes_the_next_player_miss_a_turn():
    game = new_game()
    arrange(game, [["candlestick 2", "rope 3"], ["Rev. Green 1", "Rev. Green 2"],
                   ["Rev. Green 3", "lead piping 2"], ["lead piping 1", "lead piping 3"]], top="spanner 2")
    game.apply(cc.Play(C("candlestick 2")))
    assert game.current == 2


def test_candlestick_in_two_player_game_gives_the_player_another_turn():
    game = new_game(2)
    arrange(game, [["candlestick 2", "rope 3"], ["Rev. Green 1", "Rev. Green 2"]], top="spanner 2")
    game.apply(cc.Play(C("candlestick 2")))
    assert game.current == 0


def test_missed_turns_add_up():
    game = new_game()
    arrange(game, [["candlestick 2", "dagger 2", "rope 3"], ["Rev. Green 1", "Rev. Green 2"],
                   ["Rev. Green 3", "lead piping 2"], ["lead piping 1", "lead piping 3"]], top="spanner 2")
    game.apply(cc.Play(C("candlestick 2")))
    assert game.missing == [0, 0, 0, 0] and game.current == 2
    arrange(game, [["candlestick 2", "dagger 2", "rope 3"], ["Rev. Green 1", "Rev. Green 2"],
                   ["Rev. Green 3", "lead piping 2"], ["lead piping 1", "lead piping 3"]], top="spanner 2")
    game.missing = [0, 1, 0, 0]
    game.apply(cc.Play(C("candlestick 2")))
    assert game.current == 2 and game.missing == [0, 1, 0, 0]  # one missed, one still owed


def test_rope_gives_another_turn():
    game = new_game()
    arrange(game, [["rope 2", "rope 3", "Mrs. White 3"], ["Rev. Green 1"], ["Rev. Green 3"], ["lead piping 1"]],
            top="spanner 2")
    game.apply(cc.Play(C("rope 2")))
    assert game.current == 0
    assert isinstance(game.events[-1], ev.AnotherTurn)


def test_revolver_swaps_whole_hands_with_a_chosen_player():
    game = new_game()
    arrange(game, [["revolver 2", "rope 3", "Mrs. White 3"], ["Rev. Green 1"], ["Rev. Green 3", "spanner 1"],
                   ["lead piping 1"]], top="spanner 2")
    game.apply(cc.Play(C("revolver 2")))
    assert game.legal_actions() == [cc.SwapWith(1), cc.SwapWith(2), cc.SwapWith(3)]
    game.apply(cc.SwapWith(3))
    assert game.hands[0] == [C("lead piping 1")]
    assert game.hands[3] == [C("rope 3"), C("Mrs. White 3")]
    assert game.current == 1
    assert accounted(game)


def test_powers_can_be_switched_off():
    game = new_game(powers=())
    arrange(game, [["revolver 2", "rope 3"], ["Rev. Green 1"], ["Rev. Green 3"], ["lead piping 1"]], top="spanner 2")
    game.apply(cc.Play(C("revolver 2")))
    assert game.current == 1 and game.phase == "play"


def test_powers_can_be_moved_to_other_pictures():
    game = new_game(powers=(("Mrs. White", "again"),))
    arrange(game, [["Mrs. White 2", "rope 3"], ["Rev. Green 1"], ["Rev. Green 3"], ["lead piping 1"]],
            top="spanner 2")
    game.apply(cc.Play(C("Mrs. White 2")))
    assert game.current == 0


def _go_out(game, last, miniatures):
    arrange(game, [[last], ["Rev. Green 1"], ["Rev. Green 3"], ["lead piping 1"]], top="spanner 2",
            miniatures=miniatures)
    before = len(game.events)
    game.apply(cc.Play(C(last)))
    return since(game, before)


def test_going_out_scores_3_and_matching_miniatures_lose_their_penalty():
    game = new_game()
    events = _go_out(game, "Prof. Plum 2", [PLUM, WHITE, ROPE_MINI, REVOLVER_MINI])
    assert game.scores == [3 - 3, 0, 0, 0]  # her own miniature showed Prof. Plum too
    assert of_type(events, ev.WentOut)[0].points == 3
    assert [e.lost for e in of_type(events, ev.Revealed)] == [3, 0, 0, 0]
    assert game.round == 2  # a new round was dealt
    assert [len(h) for h in game.hands] == [5] * 4


def test_an_action_card_played_last_ends_the_round_and_is_the_last_card():
    game = new_game()
    events = _go_out(game, "revolver 2", [WHITE, REVOLVER_MINI, ROPE_MINI, PLUM])
    assert not of_type(events, ev.SwappedHands)
    assert game.scores == [3, -4, 0, 0]  # scores may go below zero
    assert game.round == 2


def test_floor_at_zero():
    game = new_game(floor_at_zero=True)
    _go_out(game, "rope 2", [WHITE, ROPE_MINI, PLUM, REVOLVER_MINI])
    assert game.scores == [3, 0, 0, 0]


def test_scores_change_only_at_round_ends_and_the_target_wins():
    game = new_game()
    game.scores = [8, 9, 0, 0]
    _go_out(game, "spanner 3", [WHITE, ROPE_MINI, PLUM, REVOLVER_MINI])
    assert game.scores == [11, 9, 0, 0]
    assert game.is_over and game.winner == 0 and game.end_reason == "target reached"
    assert game.result()["score_0"] == 11


def test_highest_score_wins_when_two_pass_the_target():
    game = new_game()
    game.scores = [8, 12, 0, 0]
    _go_out(game, "spanner 3", [WHITE, ROPE_MINI, PLUM, REVOLVER_MINI])
    assert game.winner == 1


def test_a_tie_at_the_top_plays_another_round():
    game = new_game()
    game.scores = [8, 11, 0, 0]
    _go_out(game, "spanner 3", [WHITE, ROPE_MINI, PLUM, REVOLVER_MINI])
    assert not game.is_over and game.round == 2


def test_a_tie_at_the_top_can_go_to_the_round_winner():
    game = new_game(ties="round winner")
    game.scores = [8, 11, 0, 0]
    _go_out(game, "spanner 3", [WHITE, ROPE_MINI, PLUM, REVOLVER_MINI])
    assert game.winner == 0


@pytest.mark.parametrize("rule,expected", [("after winner", 3), ("winner", 2), ("rotate", 1)])
def test_who_starts_the_next_round(rule, expected):
    game = new_game(starter=rule)
    arrange(game, [["Rev. Green 1"], ["Rev. Green 3"], ["spanner 3"], ["lead piping 1"]], top="spanner 2",
            current=2)
    game.apply(cc.Play(C("spanner 3")))
    assert game.round == 2 and game.current == expected and game.starter == expected


def test_empty_draw_pile_reshuffles_the_discards_keeping_the_top():
    game = new_game()
    arrange(game, [["dagger 1"], ["Rev. Green 1"], ["Rev. Green 3"], ["lead piping 1"]], top="spanner 2",
            draw=[])
    # the rest of the deck sits under the top card in the discard pile
    held = set(c for h in game.hands for c in h) | {C("spanner 2")}
    game.discard_pile.cards[:] = [c for c in full_deck(game.rules) if c not in held] + [C("spanner 2")]
    assert accounted(game)
    game._legal = None
    assert game.legal_actions() == [cc.Draw()]
    game.apply(cc.Draw())
    assert game.discard_pile.cards == [C("spanner 2")]
    assert of_type(game.events, ev.Reshuffled)
    assert accounted(game) and len(game.hands[0]) == 2


def test_nothing_to_draw_passes():
    game = new_game()
    held = ["dagger 1", "Rev. Green 1", "Rev. Green 3", "lead piping 1"]
    arrange(game, [[h] for h in held], top="spanner 2", draw=[])
    game.hands[0] = [c for c in full_deck(game.rules) if c not in {C(h) for h in held[1:]} | {C("spanner 2")}
                     and c.picture != "spanner" and c.number != 2]
    game.discard_pile.cards[:] = [C("spanner 2")]
    rest = [c for c in full_deck(game.rules) if c not in set(game.hands[0]) | {C(h) for h in held[1:]}
            | {C("spanner 2")}]
    game.hands[1] += rest
    assert accounted(game)
    game._legal = None
    assert game.legal_actions() == [cc.Pass()]
    game.apply(cc.Pass())
    assert game.current == 1


def test_empty_draw_rule_pass():
    game = new_game(empty_draw="pass")
    arrange(game, [["dagger 1"], ["Rev. Green 1"], ["Rev. Green 3"], ["lead piping 1"]], top="spanner 2", draw=[])
    held = {c for h in game.hands for c in h} | {C("spanner 2")}
    game.discard_pile.cards[:] = [c for c in full_deck(game.rules) if c not in held] + [C("spanner 2")]
    game._legal = None
    assert game.legal_actions() == [cc.Pass()]


def test_a_round_with_no_end_is_void_after_max_turns():
    game = new_game(max_turns=1)
    arrange(game, [["dagger 1", "rope 1"], ["Rev. Green 1", "Rev. Green 2"],
                   ["Rev. Green 3", "lead piping 1"], ["lead piping 2", "lead piping 3"]], top="spanner 2")
    game.apply(cc.Draw())
    assert of_type(game.events, ev.RoundVoid)
    assert game.scores == [0, 0, 0, 0] and game.round == 2
    assert game.current == 1  # the seat after the void round's starter
    assert game.result()["round_winners"] == "-" and game.result()["void_rounds"] == 1


def test_the_round_cap_ends_the_game_as_a_stalemate():
    game = new_game(max_turns=1, max_rounds=2)
    bk.play(game, [cc.bots.Random()] * 4)
    assert game.end_reason == "round cap" and game.winner is None and game.round == 2
    assert game.result()["winner_worst_deficit"] is None


def test_result_columns():
    game = new_game(seed=3, record_events=False)
    bk.play(game)
    row = game.result()
    for column in ("seed", "winner", "turns", "end", "rounds", "void_rounds", "score_0", "score_3",
                   "round_winners", "leaders", "lead_changes", "winner_worst_deficit", "penalties"):
        assert column in row
    assert len(row["leaders"].split(",")) == row["rounds"]
    assert row[f"score_{row['winner']}"] >= 10
    assert row["leaders"].split(",")[-1] == str(row["winner"])


def test_leaders_and_worst_deficit():
    game = new_game()
    game.scores = [0, 5, 0, 0]
    _go_out(game, "spanner 3", [WHITE, ROPE_MINI, PLUM, REVOLVER_MINI])
    assert game.leaders == ["1"] and game.lead.worst_deficit[0] == 2
    game.scores = [7, 5, 0, 0]
    _go_out(game, "spanner 3", [WHITE, ROPE_MINI, PLUM, REVOLVER_MINI])
    assert game.leaders == ["1", "0"] and game.winner == 0
    assert game.result()["lead_changes"] == 1 and game.result()["winner_worst_deficit"] == 2

"""The design lab's page widgets (boardkit.lessons.lab) and the lab notebook's own cells."""
import re

import ipywidgets

import matplotlib
import numpy as np
import pandas as pd
import pytest
from IPython.display import Markdown

matplotlib.use("Agg")

import boardkit as bk  # noqa: E402
from boardkit.lessons import in_words  # noqa: E402
from boardkit.lessons.lab import GoalBuilder, verdict_columns  # noqa: E402
from lesson_cells import locked, run_cells, words  # noqa: E402

FIGURES = [figure for figure in bk.design.FIGURES if figure != "skill"]


def builder():
    return GoalBuilder(FIGURES, [bk.design.fairness(3), bk.design.between("median length", 40, 80),
                                 bk.design.maximise("comeback share")])


def row(goals, number):
    return goals.rows.children[number].parts


def test_the_goal_builder_says_its_goals_as_bk_design_goals():
    goals = builder()
    assert [goal.label for goal in goals.goals] == ["largest seat gap at most 3", "median length 40 to 80",
                                                     "comeback share as high as possible"]
    heard = []
    goals.on_change(heard.append)
    goals.add()                                              # a new goal: first figure, at least 0
    parts = row(goals, 3)
    parts["figure"].value, parts["kind"].value, parts["low"].value = "first seat win rate", "between", 0.2
    parts["high"].value = 0.3
    assert goals.goals[-1] == bk.design.between("first seat win rate", 0.2, 0.3)
    assert heard[-1] == goals.goals and goals.error.value == ""
    # each kind shows the value boxes it needs
    assert (parts["low"].layout.display, parts["high"].layout.display) == (None, None)
    parts["kind"].value = "as low as possible"
    assert (parts["low"].layout.display, parts["high"].layout.display) == ("none", "none")
    assert goals.goals[-1] == bk.design.minimise("first seat win rate")
    goals.rows.children[-1].children[-1].click()             # Remove
    assert len(goals.goals) == 3


@pytest.mark.parametrize("change, message", [
    (lambda p: (p["low"].__setattr__("value", 90)), "the first number (90) must not be above the second (80)"),
    (lambda p: (p["kind"].__setattr__("value", "as high as possible")),
     "median length has no highest value to aim at; say a number instead (at least)"),
])
def test_a_goal_that_makes_no_sense_is_said_in_words_and_changes_nothing(change, message):
    goals = builder()
    before = list(goals.goals)
    change(row(goals, 1))
    assert message in goals.error.value and "keeps the goals it had" in goals.error.value
    assert goals.goals == before


def test_a_goal_set_twice_is_said_and_changes_nothing():
    goals = builder()
    parts = row(goals, 1)
    parts["kind"].value = "at most"
    parts["high"].value = 3
    before = list(goals.goals)
    parts["figure"].value = "largest seat gap"
    assert "“largest seat gap at most 3” is set twice: remove one." in goals.error.value
    assert goals.goals == before


def test_each_goals_verdict_is_shown_with_its_interval():
    table = pd.DataFrame({"median length": [50.0, 79.0, 95.0, np.nan], "median length low": [45, 75, 90, np.nan],
                          "median length high": [55, 83, 99, np.nan], "comeback share": [0.3, 0.4, 0.5, 0.6]})
    shown = verdict_columns(table, [bk.design.between("median length", 40, 80), bk.design.maximise("comeback share")])
    # the unit once, in the column's name (in every cell it made each row of the lab's tables five lines high)
    assert list(shown.columns) == ["Median length 40 to 80 (turns)", "Comeback share as high as possible"]
    assert shown.iloc[:, 0].tolist() == ["\u2713 met: 50 (45 to 55)", "? not sure yet: 79 (75 to 83)",
                                         "\u2717 missed: 95 (90 to 99)", "–"]
    assert shown.iloc[:, 1].tolist() == ["0.3", "0.4", "0.5", "0.6"]


def test_a_figure_and_its_interval_share_their_decimals_and_a_count_says_its_unit():
    table = pd.DataFrame({"won share": [0.966], "won share low": [0.96], "won share high": [0.97],
                          "largest seat gap": [0.76], "largest seat gap low": [0.0], "largest seat gap high": [2.33]})
    shown = verdict_columns(table, [bk.design.at_least("won share", 0.9), bk.design.at_most("largest seat gap", 3)])
    assert shown.iloc[0].tolist() == ["\u2713 met: 0.966 (0.960 to 0.970)",
                                      "\u2713 met: 0.76 (0.00 to 2.33)"]
    assert list(shown.columns)[1] == "Largest seat gap at most 3 (percentage points)"


def test_a_small_end_of_an_interval_adds_no_decimals_the_largest_number_does_not_need():
    table = pd.DataFrame({"skill": [0.83], "skill low": [0.0646], "skill high": [1.6105],
                          "largest seat gap": [0.0123], "largest seat gap low": [0.00512],
                          "largest seat gap high": [0.03]})
    shown = verdict_columns(table, [bk.design.at_least("skill", 0.5), bk.design.at_most("largest seat gap", 1)])
    assert shown.iloc[0].tolist() == ["? not sure yet: 0.83 (0.06 to 1.61)",
                                      "\u2713 met: 0.0123 (0.0051 to 0.0300)"]


def test_an_error_is_said_in_one_sentence_never_a_traceback():
    import ipywidgets as widgets

    view = widgets.Output()
    in_words(view, lambda: {}["missing"])
    text = "".join(out["data"]["text/plain"] for out in view.outputs)
    assert text.startswith("Sorry, that did not work (KeyError") and "Traceback" not in text
    in_words(view, lambda: bk.design.between("median length", 9, 1))
    assert "".join(out["data"]["text/plain"] for out in view.outputs).startswith("That makes no sense:")


@pytest.fixture(scope="module")
def lab():
    """The lab's page, with what its knobs and its map said before part 2's guess (``lab["before the answer"]``),
    then with that guess locked and its answer shown, as a student has it when she turns the knobs."""
    ns = run_cells("06_design_lab", "game_picker = ", "def make_knobs", "def map_choices", "def draw_map",
                   "def front_choices", "def play_variant", "def reveal_knob")
    ns["live_games"] = lambda module, n_players, study=False: 100    # fewer games: the test is about the page
    loaded = words(ns["knob_view"])
    ns["replay"]()
    map_view, search_view, play_view = ipywidgets.Output(), ipywidgets.Output(), ipywidgets.Output()
    ns["draw_map"](map_view)
    ns["run_search"](search_view)
    ns["play_variant"](play_view)
    ns["before the answer"] = {"loaded": loaded, "knobs": words(ns["knob_view"]), "map": words(map_view),
                               "search": words(search_view), "play it": words(play_view)}
    locked(ns["knob_guess"], "get longer").reveal()
    ns["after the answer"] = words(ns["knob_view"])
    return ns


def test_the_knobs_the_map_the_search_and_play_it_play_only_after_part_2s_answer_is_shown(lab):
    """They answer its question (what the first knob does to the median length): before it, they say so (the
    search and Play it played at once: a search's table shows each variant's length)."""
    for view in ("loaded", "knobs", "map", "search", "play it"):
        said = lab["before the answer"][view]
        assert "Lock your guess in part 2" in said and "Your variant" not in said, said
    assert "best variants" not in lab["before the answer"]["search"]
    assert "Playing" not in lab["before the answer"]["play it"]
    # the page said "Move a slider..." at once, and a slider moved said to lock first; the map said "the knobs"
    assert "then the map is drawn" in lab["before the answer"]["map"]
    assert "Move a slider" in lab["after the answer"], lab["after the answer"]
    lab["replay"]()
    assert "Your variant: `md.Rules()`" in words(lab["knob_view"])


def test_play_it_plays_the_new_game_after_a_search_and_a_switch_of_game(lab):
    # "Play it" after switching the game raised a TypeError (mt.App of md's rules) that was never shown
    lab["trials_slider"].value = 8
    lab["search_button"].click()
    assert "The five best variants" in words(lab["search_view"])
    assert re.search(r"\u2713 met: |\? not sure yet: |\u2717 missed: ", words(lab["search_view"]))
    lab["game_picker"].value = "Mouse Trap"
    assert "Your variant: `mt.Rules()`" in words(lab["knob_view"])
    lab["play_button"].click()
    assert "Playing your knobs' variant: `mt.Rules()`, 4 players" in words(lab["play_view"])
    app = [out for out in lab["play_view"].outputs if "application/vnd.jupyter.widget-view+json" in out.get("data", {})]
    assert len(app) == 1 and lab["game_status"].value == ""


def test_the_player_count_is_a_knob_and_a_map_axis(lab):
    lab["game_picker"].value = "Cluedo Card Game"
    assert (lab["players"].min, lab["players"].max) == (2, 4)
    lab["players"].value = 3
    assert "3 players" in words(lab["knob_view"])
    assert "n_players" in dict(lab["map_x"].options).values()


def test_a_point_picked_on_the_trade_off_is_shown_as_code_and_played(lab):
    lab["game_picker"].value = "Mystery Date"
    lab["search_kind"].value = "Trade-off of two goals"
    lab["front_x"].value, lab["front_y"].value = 0, 1          # the seat gap against the median length
    lab["trials_slider"].value = 8
    lab["search_button"].click()
    assert "variants no other beats on both goals" in words(lab["search_view"])
    options = lab["front_pick"].options
    assert options and lab["front_pick"].value == 0
    lab["front_pick"].value = len(options) - 1
    code = lab["found"]["result"].front["code"].iloc[-1]
    assert f"Its rules, as one line of Python: `{code}`" in words(lab["front_view"])
    assert re.search(r"(\u2713 met|\? not sure yet|\u2717 missed): ", words(lab["front_view"]))
    lab["play_button"].click()
    assert f"Playing point {len(options)}: " in words(lab["play_view"]) and f"`{code}`" in words(lab["play_view"])


def test_the_knob_predictions_answer_shows_progress_while_its_games_play(lab):
    # its 2 x 5,000 games took seconds behind a silent button; a bar now counts them in the answer's place
    lab["game_picker"].value = "Mystery Date"
    prediction = lab["knob_guess"]
    shown = lab["reveal_knob"](prediction)
    bars = [out for out in prediction.view.outputs if "application/vnd.jupyter.widget-view+json" in out.get("data", {})]
    # its words are Markdown, in the page's type: a plain string showed as a monospaced printout
    assert len(bars) == 1 and isinstance(shown[0], Markdown) and shown[0].data == "100 games of each:"
    box = ipywidgets.Widget.widgets[bars[0]["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]]
    counts = [child for child in box.children if isinstance(child, (ipywidgets.FloatProgress, ipywidgets.IntProgress))]
    assert counts and counts[0].value == counts[0].max == 200

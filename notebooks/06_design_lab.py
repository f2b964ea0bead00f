# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% jupyter={"source_hidden": true}
# How to start, shown in JupyterLab (not in the Voilà app)
# NBVAL_CHECK_OUTPUT
import os
from IPython.display import Markdown, display

if 'VOILA_BASE_URL' not in os.environ:
    display(Markdown("""
**▶ To start:** choose **Run → Run All Cells** in the menu, or press ⏩ in the toolbar (*Restart
the kernel and run all cells*). In about twenty seconds the lab appears: pick a game under *1*, set your
goals, then turn the knobs under *2*, draw a map under *3*, let the computer search under *4*, and play
the game you designed under *5*.
"""))

# %% [markdown]
# # The design lab: make a game by saying what a good game is
#
# A game designer rarely wants "the best" game. She wants one that is **fair to every
# seat**, that lasts **about as long as a lesson allows**, and where the winner often
# **comes from behind**, so that nobody gives up early. Each wish is a *goal* on a figure
# you already know from the lessons:
#
# | goal | the figure | what it says |
# |------|------------|--------------|
# | not too short, not too long | **median length** | half the games are over by this turn |
# | fair to every seat | **seat test p** | a chi-square test of the seats' wins: small, some seat wins more |
# | exciting to the end | **comeback share** | of the won games, the share whose winner was behind at some point |
#
# In this lab you will:
#
# 1. pick a game and set your goals;
# 2. turn one rule at a time and watch the figures move, **predicting first**;
# 3. map two rules at once;
# 4. let the computer search the rules for you;
# 5. play the game you designed, and keep it as one line of Python.
#
# Every figure comes from simulated games, so every figure has an **interval**: a variant
# that meets a goal by a hair might miss it with more games.

# %% tags=["setup"]
# Setup: the tools for this lab
import ipywidgets as widgets
import pandas as pd
from IPython.display import Markdown, display

import boardkit as bk
from boardkit import plots
from boardkit.core.fast import choose_engine
from boardkit.games import cluedo_cards as cc, mouse_trap as mt, mystery_date as md
from boardkit.games import philo_vance as pv, win_lose_draw as wld
from boardkit.lessons import (Prediction, RuleControls, lesson_page, plain_header, progress_bar, show, study_button,
                              table, with_interval)

pool = bk.process_pool(workers=2)   # Binder gives us 2 CPU cores: play games on both
display(lesson_page())              # big type for the back of the room, and the Large type switch

# The knobs of each game the lab offers: a rule and the values it may take (low, high).
GAMES = {
    "Mystery Date": (md, 4, {"hand_limit": (3, 9), "deal_size": (0, 4), "dud_redraw": (0, 6),
                             "die_sides": (2, 12)}),
    "Mouse Trap": (mt, 4, {"push_cost": (1, 5), "wheel_cheese": (0, 5), "cheese_count": (15, 60),
                           "die_sides": (2, 12)}),
    "Philo Vance": (pv, 4, {"declare_correct": (1, 6), "convict_correct": (5, 9), "court_size": (9, 12)}),
    "Cluedo Card Game": (cc, 4, {"hand_size": (3, 8), "target": (4, 20), "going_out_points": (0, 6)}),
    "Win, Lose or Draw": (wld, 4, {"team_target": (3, 15), "steal_seconds": (1, 30)}),
}
FIGURES = ["median length", "seat test p", "comeback share", "mean length", "first seat win rate",
           "won share", "mean lead changes", "90th percentile"]

# %% [markdown]
# ## 1. Pick a game and say what a good game is
#
# Choose a game, then set the goals: the range of the **median length** (in turns, as
# each game counts them), the smallest acceptable **seat test p** (0.05 is the usual
# line: below it, the seats differ more than chance would explain), and whether the
# **comeback share** should be as high as possible.

# %%
WORDS = {"description_width": "initial"}   # a control's label as wide as its words (in Large type too)
game_picker = widgets.Dropdown(options=list(GAMES), value="Mystery Date", description="Game", style=WORDS)
length_goal = widgets.IntRangeSlider(value=(40, 80), min=1, max=300, description="Median length",
                                     continuous_update=False, layout=widgets.Layout(width="640px"),
                                     style=WORDS)
fairness_goal = widgets.FloatSlider(value=0.05, min=0, max=0.5, step=0.01, description="Seat test p ≥",
                                    continuous_update=False, layout=widgets.Layout(width="640px"),
                                    style=WORDS)
comeback_goal = widgets.Checkbox(value=True, description="Comeback share as high as possible",
                                 layout=widgets.Layout(width="640px"),   # the whole label, not "as high as…"
                                 style=WORDS)

def current_goals():
    goals = [bk.design.between("median length", *length_goal.value),
             bk.design.at_least("seat test p", fairness_goal.value)]
    if comeback_goal.value:
        goals.append(bk.design.maximise("comeback share"))
    return goals

def game():
    """(module, players, knobs) of the game picked."""
    return GAMES[game_picker.value]

def live_games(module, players, study=False):
    """Games per variant: many on the fast lane, fewer on the slower reference engine;
    a map's or a search's variants (``study``) get fewer than a slider's one."""
    rules = module.Rules()
    engine = choose_engine("auto", rules, players, rules.default_bots(players)).engine
    if engine == "fast":
        return 2000 if study else 5000
    return 150 if study else 400

widgets.VBox([game_picker, length_goal, fairness_goal, comeback_goal])

# %% [markdown]
# ## 2. Turn one knob at a time
#
# **Predict first**, then move a slider: the games are played again (the same seed each
# time, so only the rule changes), and the table compares your variant with the rulebook's
# game, figure by figure, with each goal's miss. The chart shows how long the games last:
# a curve further right is a longer game.

# %%
knob_box = widgets.VBox()
knob_view = widgets.Output()
rulebook_frames = {}   # the rulebook's games, played once per game
controls = {}          # the game's RuleControls (a slider per knob; a refused variant says why)

def make_knobs(change=None):
    module, players, knobs = game()
    controls["knobs"] = RuleControls(module.Rules(), knobs)
    controls["knobs"].on_change(lambda rules: replay())
    knob_box.children = [controls["knobs"]]
    if change is None:    # the page is loading: play nothing yet, so the page opens at once
        show(knob_view, Markdown("Move a slider (or press **Play these rules**) and the games are played."))
    else:
        replay()

def chosen_rules():
    return controls["knobs"].rules

def first_knob_raised():
    """The rulebook with the first knob two steps higher (or as high as it goes)."""
    module, players, knobs = game()
    name, (low, high) = next(iter(knobs.items()))
    value = min(getattr(module.Rules(), name) + 2, high)
    return name, value, module.Rules().replace(**{name: value})

def reveal_knob(prediction):
    module, players, knobs = game()
    name, value, variant = first_knob_raised()
    n_games = live_games(module, players)
    frames = {rules_name: bk.simulate(rules, n_players=players, n_games=n_games, seed=1, executor=pool,
                                      progress=False)
              for rules_name, rules in (("the rulebook", module.Rules()), (f"{plain_header(name)} = {value}", variant))}
    rows = []
    for rules_name, frame in frames.items():
        figures = bk.metrics.summary_with_intervals(frame)
        rows.append({"Rules": rules_name,
                     "Median length (turns)": with_interval(figures["median length"], figures["median length low"],
                                                            figures["median length high"], percent=False)})
    return [f"{n_games:,} games of each:", table(pd.DataFrame(rows)),
            "Now move the sliders below and see what each knob does."]

knob_guess = Prediction("If the first knob below goes up by two, the median length will…",
                        choices=["get longer", "get shorter", "stay about the same"], reveal=reveal_knob)

def replay(change=None):
    module, players, knobs = game()
    n_games = live_games(module, players)
    try:
        variant = chosen_rules()
        frame = bk.simulate(variant, n_players=players, n_games=n_games, seed=1, executor=pool, progress=False)
    except ValueError as error:
        show(knob_view, f"That makes no sense: {error}")
        return
    if game_picker.value not in rulebook_frames:
        rulebook_frames[game_picker.value] = bk.simulate(module.Rules(), n_players=players, n_games=n_games,
                                                         seed=1, executor=pool, progress=False)
    rulebook = rulebook_frames[game_picker.value]
    figures = pd.DataFrame({"rulebook": bk.metrics.summary_with_intervals(rulebook),
                            "your variant": bk.metrics.summary_with_intervals(frame)}).T
    scores = bk.design.score(figures, current_goals())
    ax = plots.length_ecdfs({"rulebook": rulebook, "your variant": frame},
                            goal=length_goal.value)
    show(knob_view, Markdown(f"Your variant: `{bk.design.variant_code(variant)}`  \n"
                             f"{n_games:,} games each, played by the {frame.attrs['engine']} engine"),
         table(with_intervals(figures, FIGURES[:3]).join(goals_summary(scores)), index=True), ax.figure)

def goals_summary(scores):
    """How many goals each variant meets, and its score (0: every goal met)."""
    return pd.DataFrame({"goals met": [f"{met} of {len(current_goals())}" for met in scores["goals met"]],
                         "score (0 = all met)": scores["score"].round(3)}, index=scores.index)

def with_intervals(figures, names):
    """Each figure beside its 95% interval, '68 (66 to 71)', where the figure has one."""
    shown = pd.DataFrame(index=figures.index)
    for name in names:
        if f"{name} low" in figures:
            shown[name] = [f"{value:.3g} ({low:.3g} to {high:.3g})" for value, low, high
                           in zip(figures[name], figures[f"{name} low"], figures[f"{name} high"])]
        else:
            shown[name] = figures[name].round(3)
    return shown

game_picker.observe(make_knobs, names="value")
for goal_widget in (length_goal, fairness_goal, comeback_goal):
    goal_widget.observe(replay, names="value")
make_knobs()
play_now = widgets.Button(description="Play these rules", icon="play", button_style="primary",
                          layout=widgets.Layout(width="max-content", height="40px"))
play_now.on_click(lambda _: replay())
widgets.VBox([knob_guess, knob_box, play_now, knob_view])

# %% [markdown]
# ## 3. Two knobs at once: a map
#
# One knob at a time can mislead: two rules may work together. Pick two knobs and a
# figure; the computer plays every combination (a **sweep**; every other rule as in the
# rulebook) and colours a map. Each
# cell shows its value, and the cells that meet your goal on that figure are **hatched
# and ticked ✓**. Before you press the button: where on the map do you expect the
# ticks?

# %%
map_x = widgets.Dropdown(description="Across", style=WORDS)
map_y = widgets.Dropdown(description="Up", style=WORDS)
map_figure = widgets.Dropdown(options=[(plain_header(f), f) for f in FIGURES], value="median length",
                              description="Figure", style=WORDS)

def map_choices(change=None):
    names = [(plain_header(name), name) for name in game()[2]]
    map_x.options, map_y.options = names, names
    map_x.value, map_y.value = names[0][1], names[1][1]

def values_of(low, high, most=6):
    step = max(1, -(-(high - low) // (most - 1)))   # at most `most` values from low to high
    return list(range(low, high + 1, step))

def draw_map(view):
    module, players, knobs = game()
    if map_x.value == map_y.value:
        raise ValueError("choose two different knobs")
    grid = {map_x.value: values_of(*knobs[map_x.value]), map_y.value: values_of(*knobs[map_y.value])}
    n_games = live_games(module, players, study=True)
    combos = len(grid[map_x.value]) * len(grid[map_y.value])
    bar = progress_bar(view, combos * n_games, f"{combos} variants x {n_games:,} games")
    table = bk.sweep(module.Rules(), grid, n_players=players, n_games=n_games, seed=2, executor=pool,
                     progress=bar, invalid="skip")   # a cell the rules refuse stays blank ("n/a")
    if table.attrs["skipped"]:   # those cells were not played: end the bar full
        played = bar.n
        bar.reset(total=played)
        bar.update(played)
    goal = next((g for g in current_goals() if g.figure == map_figure.value and g.direction is None), None)
    ax = plots.heat_map(table, map_x.value, map_y.value, map_figure.value, goal=goal)
    show(view, ax.figure)

game_picker.observe(map_choices, names="value")
map_choices()
map_button, map_view = study_button("Draw the map", draw_map, icon="th")
widgets.VBox([widgets.HBox([map_x, map_y, map_figure]), map_button, map_view])

# %% [markdown]
# ## 4. Let the computer search
#
# With four knobs of ten values each there are 10,000 variants: too many to play them
# all. A **search** plays a few, sees which goals they miss and by how much, and chooses
# the next variants where the misses look smallest (Optuna's *tree-structured Parzen
# estimator*). The first trial is the rulebook's game. A variant's **score** adds up its
# misses, each measured against the size of its goal: 0 means every goal is met.

# %%
trials_slider = widgets.IntSlider(value=24, min=8, max=60, step=4, description="Trials",
                                  continuous_update=False, layout=widgets.Layout(width="640px"),
                                  style=WORDS)
found = {}   # the last search's result

def run_search(view):
    module, players, knobs = game()
    n_games = live_games(module, players, study=True)
    bar = progress_bar(view, trials_slider.value * n_games, f"{trials_slider.value} variants")
    result = bk.design.search(module.Rules(), knobs, current_goals(), n_trials=trials_slider.value,
                              n_games=n_games, n_players=players, seed=3, executor=pool, progress=bar)
    found["result"] = result
    if result.best is None:
        show(view, Markdown("No variant the rules allow: widen the knobs' ranges."))
        return
    columns = list(knobs) + FIGURES[:3] + ["goals met", "score"]
    frames = {name: bk.simulate(rules, n_players=players, n_games=live_games(module, players), seed=1,
                                executor=pool, progress=False)
              for name, rules in (("rulebook", module.Rules()),
                                  ("the best variant", result.best))}
    ax = plots.length_ecdfs(frames, goal=length_goal.value)
    show(view, Markdown("**The five best variants:**"), table(result.top(5)[["trial"] + columns].round(3)),
         Markdown(f"The best one, as a line of Python: `{bk.design.variant_code(result.best)}`"), ax.figure)

search_button, search_view = study_button("Search", run_search, icon="search")
widgets.VBox([trials_slider, search_button, search_view])


# %% [markdown]
# ## 5. Play the game you designed
#
# Numbers are not the whole story: play the best variant the search found (or, before
# any search, the variant of your sliders). Does it *feel* like the figures say?

# %%
def play_variant(view):
    module, players, knobs = game()
    rules = found["result"].best if found.get("result") and found["result"].best else chosen_rules()
    show(view, Markdown(f"Playing `{bk.design.variant_code(rules)}`"), module.App(rules, n_players=players))

play_button, play_view = study_button("Play it", play_variant)
widgets.VBox([play_button, play_view])

# %% [markdown]
# ## 6. The same in code
#
# Everything above is three calls you can make in any cell. A **sweep** plays every
# combination of a grid of rules and gives one row per variant, each figure with its
# 95% interval (here Mystery Date's hand limit, on the reference engine so the numbers
# are the same on every computer):

# %%
# NBVAL_CHECK_OUTPUT
from boardkit.lessons import printed_when_opened   # printed here; on the Voilà page, in a fold, when opened


def sweep_hand_limits():
    hand_limits = bk.sweep(md.Rules(), {"hand_limit": [4, 6, 8]}, n_players=4, n_games=300, seed=0,
                           engine="reference", progress=False)
    print(hand_limits[["hand_limit", "median length", "median length low", "median length high",
                       "seat test p", "comeback share"]].round(3).to_string(index=False))


printed_when_opened("A sweep of the hand limit, 300 games each, by code (click to play it)", sweep_hand_limits)

# %% [markdown]
# **Think.** Does a bigger hand make the game shorter or longer? Why might that be? (A
# bigger hand keeps more cards in play, so more outfits are ready when the door opens.)
#
# A **search** is told the goals and a space of rules; it returns every trial and the
# best variant, which `variant_code` writes as a line you can paste into a cell:

# %%
# NBVAL_CHECK_OUTPUT
def search_hand_and_redraw():
    goals = {"median length": (40, 60), "seat test p": (0.05, None), "comeback share": "max"}
    result = bk.design.search(md.Rules(), {"hand_limit": (3, 9), "dud_redraw": (0, 6)}, goals, n_trials=8,
                              n_games=150, seed=0, engine="reference", progress=False)
    print(bk.design.variant_code(result.best))
    best = result.best_row[["median length", "seat test p", "comeback share", "goals met", "score"]]
    print(best.round(3).to_string())


printed_when_opened("A search of 8 trials, 150 games each, by code (click to run it)", search_hand_and_redraw)

# %% [markdown]
# With a few hundred games per variant, the search can be fooled by luck: a variant that
# looks fair at 150 games may not be at 10,000. **Check the winner** with more games
# before you believe it, and look at the intervals.

# %% jupyter={"source_hidden": true}
# Run All ends here: back to part 1 (JupyterLab would stay at this last cell)
from boardkit.lessons import back_to_part_one

back_to_part_one()

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
**▶ To start:** choose **Run → Run All Cells** in the menu, or press the toolbar's fast-forward button (*Restart
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
# | fair to every seat | **largest seat gap** | the most any seat wins above or below its fair share, in percentage points (0 is perfectly fair) |
# | not too short, not too long | **median length** | half the games are over by this turn |
# | exciting to the end | **comeback share** | of the won games, the share whose winner was behind at some point |
#
# Any other figure can carry a goal too: the first seat's win rate, the longest games,
# how often the lead changes. Why not the *seat test p* of the lessons? A p-value is not a
# good goal: it falls as more games are played, so the same game passes with 2,000 games
# and fails with 20,000. The seat gap stays put; only its interval narrows.
#
# In this lab you will:
#
# 1. pick a game and the number of players, and set your goals;
# 2. turn one rule at a time and watch the figures move, **predicting first**;
# 3. map two rules at once;
# 4. let the computer search the rules for you, or draw the **trade-off** between two goals;
# 5. play the game you designed, and keep it as one line of Python.
#
# Every figure comes from simulated games, so every figure has an **interval**. A goal
# is **✓ met** only when the whole interval lies inside it, **✗ missed** when the whole
# interval lies outside, and **? not sure yet** when the interval straddles its line:
# more games would tell.

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
from boardkit.lessons import (Prediction, RuleControls, disabled_while, greyed_during_studies, in_words, lesson_page,
                              plain_header, progress_bar, quick_check, show, study_button, table)
from boardkit.lessons.lab import GoalBuilder, goal_words, verdict_columns

pool = bk.process_pool(workers=2)   # Binder gives us 2 CPU cores: play games on both
display(lesson_page())              # big type for the back of the room, and the Large type switch

GAMES = {"Mystery Date": md, "Mouse Trap": mt, "Philo Vance": pv, "Cluedo Card Game": cc, "Win, Lose or Draw": wld}
PLAYERS = "n_players"
# The figures a goal, a map or a chart can show (skill needs two kinds of bots: see lesson 3)
FIGURES = [figure for figure in bk.design.FIGURES if figure != "skill"]

# %% [markdown]
# ## 1. Pick a game and say what a good game is
#
# Choose a game and how many play it, then set the goals: each goal is a figure, a kind
# (*between*, *at least*, *at most*, *as high as possible*, *as low as possible*) and its
# numbers, in the figure's own units (turns for a length, percentage points for the seat
# gap, a share from 0 to 1 for a share). Add as many as you like.

# %%
WORDS = {"description_width": "initial"}   # a control's label as wide as its words (in Large type too)
game_picker = widgets.Dropdown(options=list(GAMES), value="Mystery Date", description="Game", style=WORDS)
players = widgets.IntSlider(value=4, min=2, max=4, description="Players", continuous_update=False, style=WORDS)
game_status = widgets.HTML()        # the busy sign while a game is set up
game_status.add_class("boardkit-busy")
goal_builder = GoalBuilder(FIGURES, [bk.design.fairness(3), bk.design.between("median length", 40, 80),
                                     bk.design.maximise("comeback share")])
goal_help = widgets.HTML()
goal_help.add_class("boardkit-sentences")     # lines a paragraph's distance apart (lesson_css)


def current_goals():
    return goal_builder.goals


def explain_goals(goals=None):
    """Each goal's figure in words, under the goals (and why a p-value makes a poor goal)."""
    figures = dict.fromkeys(goal.figure for goal in current_goals())
    lines = [f"<b>{plain_header(figure)}</b>: {bk.design.FIGURE_WORDS[figure]}."
             + (f" <i>{bk.design.POOR_GOALS[figure]}</i>" if figure in bk.design.POOR_GOALS else "")
             for figure in figures]
    goal_help.value = "<br>".join(lines)


def game():
    """(module, knobs) of the game picked: its knobs are the rules the lab offers with their sensible
    ranges (``bk.design.lab_space``): (low, high) a slider, [False, True] a switch, a list a choice."""
    module = GAMES[game_picker.value]
    space = bk.design.lab_space(module.Rules())
    return module, {name: spec for name, spec in space.items() if name != PLAYERS}


def live_games(module, n_players, study=False):
    """Games per variant: many on the fast lane, fewer on the slower reference engine;
    a map's or a search's variants (``study``) get fewer than a slider's one."""
    rules = module.Rules()
    engine = choose_engine("auto", rules, n_players, rules.default_bots(n_players)).engine
    if engine == "fast":
        return 2000 if study else 5000
    return 150 if study else 400


goal_builder.on_change(explain_goals)
explain_goals()
widgets.VBox([widgets.HBox([game_picker, players]), game_status, goal_builder, goal_help])

# %% [markdown]
# ## 2. Turn one knob at a time
#
# **Predict first**, then move a slider: the games are played again (the same seed each
# time, so only the rule changes), and the table compares your variant with the rulebook's
# game, goal by goal: each figure with its interval, and whether the goal is met. The
# chart shows how long the games last: a curve further right is a longer game.

# %%
knob_box = widgets.VBox()
knob_view = widgets.Output()
rulebook_frames = {}   # the rulebook's games, played once per game and number of players
controls = {}          # the game's RuleControls (a control per knob; a refused variant says why)
chosen = {}            # what "Play it" plays: the search's pick, for one game (else the knobs' variant)


def make_knobs(change=None):
    """Set the page up for the game picked: its knobs, its number of players, its map's knobs."""
    game_status.value = f"<i class='fa fa-spinner fa-spin' aria-hidden='true'></i> Setting up {game_picker.value}…"
    try:
        module, knobs = game()
        rules = module.Rules()
        players.unobserve(replay, names="value")
        players.min, players.max = 1, max(rules.max_players, players.max)   # (min <= max while they move)
        players.max, players.min = rules.max_players, rules.min_players
        players.value = min(max(players.value, rules.min_players), rules.max_players)
        players.observe(replay, names="value")
        controls["knobs"] = RuleControls(rules, {name: None if is_switch(spec) else spec for name, spec in knobs.items()})
        controls["knobs"].on_change(lambda rules: replay())
        knob_box.children = [controls["knobs"]]
        chosen.clear()
        if change is None:    # the page is loading: play nothing yet (the knobs wait for part 2's guess)
            answer_shown(knob_view)
        else:                 # another game: its map's knobs, and its games played
            map_choices()
            replay()
    finally:
        game_status.value = ""


def is_switch(spec):
    """A knob that is on or off: its choices are False and True (a checkbox)."""
    return isinstance(spec, list) and all(isinstance(value, bool) for value in spec)


def chosen_rules():
    return controls["knobs"].rules


def first_knob_raised():
    """The rulebook with the first knob two steps higher (or as high as it goes)."""
    module, knobs = game()
    name, (low, high) = next(iter(knobs.items()))
    value = min(getattr(module.Rules(), name) + 2, high)
    return name, value, module.Rules().replace(**{name: value})


def reveal_knob(prediction):
    module, knobs = game()
    name, value, variant = first_knob_raised()
    n_games = live_games(module, players.value)
    bar = progress_bar(prediction.view, 2 * n_games, f"Playing {n_games:,} games of each rule set")
    frames = {rules_name: bk.simulate(rules, n_players=players.value, n_games=n_games, seed=1, executor=pool,
                                      progress=bar)
              for rules_name, rules in (("the rulebook", module.Rules()), (f"{plain_header(name)} = {value}", variant))}
    bar.close()                                 # the bar ends full: every game counted
    figures = pd.DataFrame({name: bk.metrics.summary_with_intervals(frame) for name, frame in frames.items()}).T
    length = verdict_columns(figures, [bk.design.at_least("median length", 0)])
    shown = pd.DataFrame({"Rules": list(frames), "Median length (turns)": length.iloc[:, 0].str.split(": ").str[-1]})
    show(knob_view, Markdown("Move a slider (or press **Play these rules**) and the games are played."))
    return [Markdown(f"{n_games:,} games of each:"), table(shown),       # words in the page's type, not a printout's
            Markdown("Now move the sliders below and see what each knob does.")]


knob_guess = Prediction("If the first knob below goes up by two, the median length will…",
                        choices=["get longer", "get shorter", "stay about the same"], reveal=reveal_knob)


def replay(change=None):
    in_words(knob_view, play_knobs)


def answer_shown(view, what="the knobs play"):
    """The knobs' games (and the map's, the search's and Play it's) answer part 2's question: until its guess
    is locked and its answer shown, say so in ``view`` and play nothing."""
    if not knob_guess.revealed:
        show(view, Markdown(f"*Lock your guess in part 2 and press **Show the answer** first: then {what}.*"))
    return knob_guess.revealed


def play_knobs():
    """Play the knobs' variant and the rulebook, and show them goal by goal."""
    if not answer_shown(knob_view):
        return
    module, knobs = game()
    n_players, variant = players.value, chosen_rules()
    variant.check_players(n_players)
    n_games = live_games(module, n_players)
    key = (game_picker.value, n_players)
    bar = progress_bar(knob_view, n_games * (1 if key in rulebook_frames else 2), f"{n_games:,} games of each")
    frame = bk.simulate(variant, n_players=n_players, n_games=n_games, seed=1, executor=pool, progress=bar)
    if key not in rulebook_frames:
        rulebook_frames[key] = bk.simulate(module.Rules(), n_players=n_players, n_games=n_games, seed=1,
                                           executor=pool, progress=bar)
    rulebook = rulebook_frames[key]
    figures = pd.DataFrame({"rulebook": bk.metrics.summary_with_intervals(rulebook),
                            "your variant": bk.metrics.summary_with_intervals(frame)}).T
    figures.attrs["confidence"] = 0.95
    length = next((goal for goal in current_goals() if goal.figure == "median length" and goal.direction is None),
                  None)
    ax = plots.length_ecdfs({"rulebook": rulebook, "your variant": frame}, goal=length)
    show(knob_view, Markdown(f"Your variant: `{bk.design.variant_code(variant)}`, {n_players} players  \n"
                             f"{n_games:,} games each, played by the {frame.attrs['engine']} engine"),
         table(goals_table(figures), index=True), ax.figure)


def goals_table(figures):
    """Each goal's verdict and figure with its interval, and how many goals each variant meets."""
    goals = current_goals()
    scores = bk.design.score(figures, goals)
    ranged = sum(goal.direction is None for goal in goals)
    met = pd.Series([f"{count} of {ranged}" for count in scores["goals met"]], index=figures.index,
                    name="goals met")
    return verdict_columns(figures, goals).join(met)


game_picker.observe(lambda change: in_words(knob_view, make_knobs, change), names="value")
goal_builder.on_change(lambda goals: replay() if knob_view.outputs and "Your variant" in repr(knob_view.outputs)
                       else None)
play_now = widgets.Button(description="Play these rules", icon="play", button_style="primary",
                          layout=widgets.Layout(width="max-content", height="40px"))


def play_pressed(_button):
    with disabled_while(play_now):     # greyed out while the games are played: a second press would wait behind it
        replay()


play_now.on_click(play_pressed)
greyed_during_studies(play_now)     # greyed, saying why, while another study of the page runs
make_knobs()
widgets.VBox([knob_guess, knob_box, play_now, knob_view])

# %% [markdown]
# ## 3. Two knobs at once: a map
#
# One knob at a time can mislead: two rules may work together. Pick two knobs and a
# figure; the computer plays every combination (a **sweep**; every other rule as in the
# rulebook) and colours a map. Each cell shows its value and its interval. Where one of
# your goals is on that figure, the colours are centred on it, and each cell is marked:
# **✓ met** (hatched), **? not sure yet** (dotted: within noise of the goal's line) or
# **✗ missed**. Before you press the button: where on the map do you expect the ticks?

# %%
map_x = widgets.Dropdown(description="Across", style=WORDS)
map_y = widgets.Dropdown(description="Up", style=WORDS)
map_figure = widgets.Dropdown(options=[(plain_header(f), f) for f in FIGURES], value="median length",
                              description="Figure", style=WORDS)


def map_choices(change=None):
    module, knobs = game()
    rules = module.Rules()
    names = [(plain_header(name), name) for name, spec in knobs.items() if isinstance(spec, tuple)]
    if rules.min_players < rules.max_players:
        names.append(("Number of players", PLAYERS))
    map_x.options, map_y.options = names, names
    map_x.value, map_y.value = names[0][1], names[1][1]


def end_full(bar):
    """End a progress bar full, though fewer games than it counted were played (variants the rules refused)."""
    played = bar.n
    bar.reset(total=played)
    bar.update(played)


def values_of(low, high, most=6):
    step = max(1, -(-(high - low) // (most - 1)))   # at most `most` values from low to high
    return list(range(low, high + 1, step))


def axis_values(name):
    module, knobs = game()
    if name == PLAYERS:
        return list(range(module.Rules().min_players, module.Rules().max_players + 1))
    return values_of(*knobs[name])


def draw_map(view):
    if not answer_shown(view, "the map is drawn"):
        return
    module, knobs = game()
    if map_x.value == map_y.value:
        raise ValueError("choose two different knobs")
    grid = {map_x.value: axis_values(map_x.value), map_y.value: axis_values(map_y.value)}
    n_games = live_games(module, players.value, study=True)
    combos = len(grid[map_x.value]) * len(grid[map_y.value])
    bar = progress_bar(view, combos * n_games, f"{combos} variants x {n_games:,} games")
    swept = bk.sweep(chosen_rules(), grid, n_players=players.value, n_games=n_games, seed=2, executor=pool,
                     progress=bar, invalid="skip")   # a cell the rules refuse says "n/a" and why
    end_full(bar)     # the cells the rules refused were not played
    goal = next((g for g in current_goals() if g.figure == map_figure.value and g.direction is None), None)
    ax = plots.heat_map(swept, map_x.value, map_y.value, map_figure.value, goal=goal)
    ax.set_xlabel(plain_header(map_x.value))
    ax.set_ylabel(plain_header(map_y.value))
    show(view, ax.figure)


map_choices()
map_button, map_view = study_button("Draw the map", draw_map, icon="th")
noise_check = quick_check(
    "A cell of the map says 61 ? (57 to 67) for the goal “median length 40 to 60”. What does it tell you?",
    ["The goal is met: 61 is close enough", "The goal is missed: 61 is above 60",
     "Not sure yet: the true value could lie on either side of 60, so play more games"], answer=2,
    why="the interval runs from 57 to 67, across the goal's line at 60: this many games cannot tell.")
widgets.VBox([widgets.HBox([map_x, map_y, map_figure]), map_button, map_view, noise_check])

# %% [markdown]
# ## 4. Let the computer search
#
# With four knobs of ten values each there are 10,000 variants: too many to play them
# all. A **search** plays a few, sees which goals they miss and by how much, and chooses
# the next variants where the misses look smallest (Optuna's *tree-structured Parzen
# estimator*). The first trial is the rulebook's game. Luck can flatter a variant played a
# few thousand times, so the search **plays its leaders again with ten times the games**
# before it names a winner, and says plainly when no variant met every goal.
#
# Goals can pull against each other: a fairer game may be a shorter one. Choose **Trade-off**
# and the search looks for the variants no other variant beats on both of two figures (the
# *Pareto front*); the chart draws them with their intervals, and you pick the one you like.

# %%
trials_slider = widgets.IntSlider(value=24, min=8, max=60, step=4, description="Trials",
                                  continuous_update=False, layout=widgets.Layout(width="640px"),
                                  style=WORDS)
search_kind = widgets.ToggleButtons(options=["Best for all goals", "Trade-off of two goals"],
                                    description="Search for", style={"description_width": "initial",
                                                                     "button_width": "max-content"})
front_x = widgets.Dropdown(description="Across", style=WORDS, layout=widgets.Layout(width="max-content"))
front_y = widgets.Dropdown(description="Up", style=WORDS, layout=widgets.Layout(width="max-content"))
front_pick = widgets.Dropdown(description="Pick a point", style=WORDS, layout=widgets.Layout(width="max-content"))
front_view = widgets.Output()
front_figures = widgets.HBox([front_x, front_y], layout=widgets.Layout(flex_flow="row wrap"))
found = {}   # the last search's result, and its game
LEADERS, RECHECK = 3, 10   # the search plays its 3 best variants again with 10 times the games


def front_choices(goals=None):
    """The trade-off is between two of the goals: the student chooses which."""
    names = [(goal_words(goal), number) for number, goal in enumerate(current_goals())]
    front_x.options, front_y.options = names, names
    if len(names) > 1:
        front_x.value, front_y.value = 0, 1
    front_figures.layout.display = None if search_kind.value.startswith("Trade") else "none"


def search_space():
    """The knobs as a search space (the number of players stays the one chosen in part 1)."""
    return game()[1]


def run_search(view):
    if not answer_shown(view, "the search plays"):      # its variants' lengths answer part 2 too
        return
    module, knobs = game()
    found.clear()
    front_pick.layout.display = "none"
    show(front_view)
    n_games = live_games(module, players.value, study=True)
    if search_kind.value.startswith("Trade"):
        return run_trade_off(view, module, n_games)
    bar = progress_bar(view, (trials_slider.value + LEADERS * RECHECK) * n_games,
                       f"{trials_slider.value} variants, then the {LEADERS} best again")
    result = bk.design.search(module.Rules(), search_space(), current_goals(), n_trials=trials_slider.value,
                              n_games=n_games, n_players=players.value, seed=3, executor=pool, progress=bar,
                              leaders=LEADERS, recheck=RECHECK)
    end_full(bar)
    found.update(result=result, game=game_picker.value)
    if result.best is None:
        show(view, Markdown("No variant the rules allow: widen the knobs' ranges."))
        return
    chosen.update(rules=result.best, players=result.best_players, game=game_picker.value, what="the search's winner")
    shown = [Markdown(f"**The five best variants** ({n_games:,} games each):"), table(variants_table(result.top(5)))]
    if len(result.rechecked):
        again = result.rechecked.sort_values("score")
        shown += [Markdown(f"**The leaders played again**, {int(again['games'].iloc[0]):,} games each "
                           f"(luck flatters a variant played few times):"), table(variants_table(again))]
    verdict = "✓" if result.all_met else "⚠"
    show(view, *shown, Markdown(f"**{verdict} {result.verdict}**"))


def variants_table(variants):
    """A search's variants: the trial, the knobs, and each goal's verdict with its figure and interval."""
    fields = [name for name in game()[1] if name in variants]
    return variants[["trial"]].join(variants[fields].rename(columns=plain_header)).join(
        verdict_columns(variants, current_goals()))


def run_trade_off(view, module, n_games):
    goals = current_goals()
    if len(goals) < 2 or front_x.value == front_y.value:
        raise ValueError("a trade-off is between two different goals: set two goals in part 1 and choose them here")
    two = [goals[front_x.value], goals[front_y.value]]
    if two[0].figure == two[1].figure:
        raise ValueError("a trade-off needs goals on two different figures")
    bar = progress_bar(view, trials_slider.value * n_games, f"{trials_slider.value} variants")
    result = bk.design.trade_off(module.Rules(), search_space(), two, n_trials=trials_slider.value,
                                 n_games=n_games, n_players=players.value, seed=3, executor=pool, progress=bar)
    end_full(bar)
    found.update(result=result, game=game_picker.value)
    front, (x, y) = result.front, result.figures
    ax = plots.trade_off(result.trials, x, y, front, goals=result.goals)
    ax.set_xlabel(plain_header(x))
    ax.set_ylabel(plain_header(y))
    front_pick.options = [(f"{number}: " + ", ".join(f"{plain_header(f).lower()} {row[f]:.3g}" for f in (x, y)),
                           number - 1) for number, (_, row) in enumerate(front.iterrows(), 1)]
    front_pick.layout.display = None
    show(view, Markdown(f"**{len(front)} variants no other beats on both goals** (numbered on the chart; "
                        f"{n_games:,} games each):"), ax.figure)
    front_pick.value = 0      # (new options leave no point picked): the first point, shown below


def pick_point(change=None):
    result = found.get("result")
    if result is None or front_pick.value is None or found.get("game") != game_picker.value:
        return
    row = result.front.iloc[[front_pick.value]]
    rules, n_players = result.rules(front_pick.value), int(row["players"].iloc[0])
    chosen.update(rules=rules, players=n_players, game=game_picker.value, what=f"point {front_pick.label}")
    shown = verdict_columns(row, current_goals()).T.reset_index()
    shown.columns = ["Goal", "This point"]
    show(front_view, Markdown(f"Its rules, as one line of Python: `{bk.design.variant_code(rules)}` "
                              f"({n_players} players). Press **Play it** below to play it."), table(shown))


front_pick.observe(lambda change: in_words(front_view, pick_point), names="value")
search_kind.observe(front_choices, names="value")
goal_builder.on_change(front_choices)
front_choices()
front_pick.layout.display = "none"
search_button, search_view = study_button("Search", run_search, icon="search")
widgets.VBox([trials_slider, search_kind, front_figures, search_button, search_view, front_pick, front_view])


# %% [markdown]
# ## 5. Play the game you designed
#
# Numbers are not the whole story: play the variant the search found (or the point you
# picked on the trade-off chart; before any search, the variant of your knobs). Does it
# *feel* like the figures say?

# %%
def play_variant(view):
    if not answer_shown(view, "you can play a variant"):
        return
    module, knobs = game()
    if chosen.get("game") == game_picker.value:
        rules, n_players, what = chosen["rules"], chosen["players"], chosen["what"]
    else:
        rules, n_players, what = chosen_rules(), players.value, "your knobs' variant"
    rules.check_players(n_players)
    show(view, Markdown(f"Setting up the board of {what}…"))      # (building a board takes a moment)
    show(view, Markdown(f"Playing {what}: `{bk.design.variant_code(rules)}`, {n_players} players"),
         module.App(rules, n_players=n_players))


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
                       "largest seat gap", "comeback share"]].round(3).to_string(index=False))


printed_when_opened("A sweep of the hand limit, 300 games each, by code (the answer of part 2: click to play it)",
                    sweep_hand_limits)

# %% [markdown]
# **Think.** Read the three rows from the smallest hand to the largest: which way does the
# median length move, and is the move bigger than the intervals? Explain it with what a
# player holds when a door opens. (Check your answer against your prediction in part 2.)
#
# A **search** is told the goals and a space of rules; it plays the leaders again with
# ten times the games, names the winner, and says in words whether it met every goal
# (`found.verdict`); `variant_code` writes a variant as a line you can paste into a cell:

# %%
# NBVAL_CHECK_OUTPUT
def search_hand_and_redraw():
    goals = [bk.design.fairness(3), bk.design.between("median length", 40, 60), bk.design.as_high("comeback share")]
    found = bk.design.search(md.Rules(), {"hand_limit": (3, 9), "dud_redraw": (0, 6)}, goals, n_trials=8,
                             n_games=150, seed=0, engine="reference", progress=False, recheck=4)
    print(found.verdict)
    print(found.report[["goal", "value", "low", "high", "status"]].round(3).to_string(index=False))


printed_when_opened("A search of 8 trials, 150 games each, its leaders again on 600, by code (click to run it)",
                    search_hand_and_redraw)

# %% [markdown]
# With a few hundred games per variant, the search can be fooled by luck: a variant that
# looks fair at 150 games may not be at 10,000. That is why the search **plays its
# leaders again** before it names a winner, and why a goal is only *met* when the whole
# interval lies inside it. When two goals pull against each other,
# `bk.design.trade_off(rules, space, [goal_a, goal_b])` finds the front of best
# compromises; `bk.design.knobs(md.Rules())` lists every rule you can vary.

# %% jupyter={"source_hidden": true}
# Run All ends here: back to part 1 (JupyterLab would stay at this last cell)
from boardkit.lessons import back_to_part_one

back_to_part_one()

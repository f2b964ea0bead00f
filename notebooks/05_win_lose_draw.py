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
**▶ To start:** choose **Run → Run All Cells** in the menu, or press the toolbar's fast-forward button
(*Restart the kernel and run all cells*). In ten to twenty seconds the game appears under *1. Play*.
"""))

# %% [markdown]
# # Win, Lose or Draw: a die, a board and a race
#
# In **Win, Lose or Draw** (1988) you sketch a name or phrase, with no letters or words, while
# your team shouts out guesses before the timer runs out. Nobody can put drawing in a formula,
# but the die, the board and the race to 8 points are pure probability. **Guess first, then see.**

# %% tags=["setup"]
# Setup: the tools for this lesson
from fractions import Fraction

import ipywidgets as widgets
import numpy as np
import pandas as pd
from IPython.display import Markdown

import boardkit as bk
from boardkit.lessons.together import chart_title, class_bar, class_plays, for_this_page, on_the_projector, plays_here, pool_plays
from boardkit.games import win_lose_draw as wld
from boardkit.lessons import (CHART_COLOURS, CHART_HATCHES, GoingFurther, Prediction, RuleControls, answer_table,
                              chart, class_mode_switch, convergence_chart, lesson_page, progress_bar, quick_check,
                              share_with_interval, show, study_button, table, teacher_notes, with_interval)
from boardkit.render.palette import SUIT_COLOURS                   # the board's colours, colour-blind-safe

BLUE, ORANGE, GREEN = CHART_COLOURS[:3]
team_rules = wld.Rules()                    # Team Play by the rulebook: first team to 8
board_rules = wld.Rules(play="gameboard")   # Gameboard Play by the rulebook
track = board_rules.track                   # the white pawn's path: 28 spaces (our reconstruction)
Skilled = wld.bots.Skilled                  # a bot seat: a player whose sketches are guessed with chance p_guess
STEAL = Fraction(1, 5)                      # the bots' chance to steal a missed card (Skilled's default p_steal)

# Every kind of space drawn in its board colour AND its own pattern, so charts read without colour.
HATCH = {"stripes": "//", "dots": "..", "solid": "", "cross-hatch": "xx"}
KINDS = [wld.SPADE, *wld.COLOURS]
KIND_COLOUR = {wld.SPADE: "#444444", **{c: SUIT_COLOURS[c].colour for c in wld.COLOURS}}
KIND_HATCH = {wld.SPADE: "oo", **{c: HATCH[SUIT_COLOURS[c].pattern] for c in wld.COLOURS}}


def plain_numbers(ax, axis="x"):
    """Label a log-scale axis 1, 10, 100, 1,000 (not 10 to the power of 0, 1, 2...)."""
    from matplotlib.ticker import FuncFormatter
    getattr(ax, f"{axis}axis").set_major_formatter(FuncFormatter(lambda value, _: f"{value:,.0f}"))

# the page's buttons (opened, the Teacher notes wrap under them), and class_bar: join a class
page_buttons = widgets.HBox([lesson_page(), class_mode_switch(), teacher_notes()],
                            layout=widgets.Layout(flex_flow="row wrap"))
widgets.VBox([page_buttons, class_bar("05_win_lose_draw")])

# %% [markdown]
# ## 1. Play
#
# **Gameboard Play** for 4: the Sketcher puts the white pawn on a Spade Space, presses **Peek**
# to see the card (everyone else looks away), presses **Start** on the clock and draws. Whoever
# calls out the answer takes a pawn; then the Sketcher presses **Roll**: the white pawn moves
# and she collects the colour it lands on. **Every roll you make is counted in part 2.**
# Own four colours, then get the Ace on a Spade to win. Any seat can be a bot (the seat boxes
# under the board). Or choose **Team Play**: two teams race to 8 points.

# %%
play_choice = widgets.ToggleButtons(options=["Gameboard Play", "Team Play"], value="Gameboard Play",
                                    style={"button_width": "auto"})   # fits its words, in Large type too
play_choice.add_class("wld-play-choice")
board_app = wld.App(rules=board_rules, n_players=4)
apps = {"Gameboard Play": board_app}
play_area = widgets.VBox([board_app])


def choose_play(change):
    """Show the chosen way to play; Team Play's App is built the first time it is chosen (a quicker page)."""
    name = change["new"]
    if name not in apps:
        apps[name] = wld.App(rules=team_rules, n_players=4)
    play_area.children = [apps[name]]


play_choice.observe(choose_play, names="value")
widgets.VBox([play_choice, play_area])

# %% [markdown]
# ## 2. Where does the white pawn land?
#
# The rulebook says the white pawn moves clockwise round a path of **Spade Spaces** (four of them)
# and coloured squares, but not how many squares there are or in what order: the board is lost.
# **Our reconstruction** has 28 spaces: a Spade Space at each corner and 24 coloured squares, 6 of each
# of the 4 colours (one square for each of the box's 24 coloured pawns). Each roll moves the white pawn
# 1 to 6 spaces clockwise.

# %%
computer_rolls = np.random.default_rng(1).integers(1, 7, size=10_000)   # the computer's rolls (seed 1)
computer_landed = np.array(track)[np.cumsum(computer_rolls) % len(track)]


def reveal_spades(prediction):
    """The exact long-run share of Spade landings beside the class's rolls and the computer's 10,000."""
    own = [kind == wld.SPADE for kind in board_app.landings]
    computer = list(computer_landed == wld.SPADE)
    spades, rolls = sum(own) + sum(computer), len(own) + len(computer)
    exact = wld.analysis.long_run_landings(track).by_kind[wld.SPADE]
    yours = for_this_page(f"your {len(own)} roll{'' if len(own) == 1 else 's'}",
                          f"{len(own)} roll{'' if len(own) == 1 else 's'} on this screen")
    who = f"{yours} and the computer's 10,000" if own else "the computer's 10,000 rolls"
    classmates = class_plays(prediction)
    title = chart_title(len(own), classmates, "rolls", "10,000", "the share of Spades settles")
    fig = convergence_chart(own, computer, exact=exact, label="share of landings on a Spade", title=title,
                            one="roll", many="rolls", classmates=classmates)
    shown = [answer_table(prediction, exact=f"{exact} = {float(exact):.1%}",
                          simulated=share_with_interval(int(spades), rolls),
                          simulated_label=f"Simulation: {who} (95% interval)"), fig]
    if not own or on_the_projector():
        shown.append(Markdown(for_this_page("*No rolls of yours yet: play Gameboard Play above, then press* Show the "
                                            "answer *again, and your rolls start the chart.*",
                                            plays_here(prediction, len(own), "rolls"))))
    shown.append(Markdown(
        "**The 95% interval** is the range the true share is very likely in, judging from these rolls alone. "
        "The more rolls, the narrower it gets: watch the blue band shrink.\n\n"
        "**Why 1 in 7?** Every space is reached from exactly 6 spaces behind it, one face each, so in the "
        "long run the pawn visits every space equally often: 4 Spades of 28 spaces = **1/7** (on our "
        "reconstructed board: the rulebook gives the 4 Spades, not the number of squares)."))
    return shown


pool_plays(Prediction("Roll after roll, what share of the white pawn's landings are on a Spade Space?",
                      number=(0, 0.5, 0.01), percent=True, reveal=reveal_spades),
           lambda: [int(kind == wld.SPADE) for kind in board_app.landings], many="rolls", yes="landed on a Spade")

# %%
quick_check("The white pawn stands on a coloured square. How many faces of the die land it on the next Spade?",
            ["none", "exactly one", "two", "it depends on the square"], 1,
            "the next Spade is 1 to 6 spaces ahead, so exactly one face of the die reaches it: a chance of 1/6 "
            "from every coloured square.")

# %% [markdown]
# ## 3. Who wins the race to 8?
#
# In Team Play the two teams sketch in turn; a card guessed in time is a point, and a missed card
# may be **stolen** by the other team. First to **8 points** wins.

# %%
def reveal_race(prediction):
    """Team A's exact chance (equal teams, steals 1 in 5) beside 10,000 simulated races."""
    exact = wld.analysis.team_race(Fraction(1, 2), Fraction(1, 2), steal=STEAL).a_wins
    n = 10_000
    won = round(wld.analysis.simulate_race(0.5, 0.5, steal=float(STEAL), n=n, seed=7).a_wins * n)
    return [answer_table(prediction, exact=float(exact), simulated=share_with_interval(won, n),
                         simulated_label="10,000 simulated races (95% interval)"),
            Markdown("Sketching first is worth a little: at any moment Team A has had as many cards as "
                     "Team B, or one more. In the real game a **die roll** decides who sketches first, so the "
                     "advantage evens out over many games.")]


race_prediction = Prediction("Two equal teams: each sketch is guessed in time half the time, and a missed card "
                             "is stolen 1 time in 5. Team A sketches first. How often does Team A win the race to 8?",
                             number=(0, 1, 0.01), percent=True, reveal=reveal_race)
race_prediction

# %%
quick_check("Which team is more likely to win: a team whose sketches are guessed 60% of the time and sketches "
            "second, or a team guessed 40% of the time that sketches first?",
            ["the 60% team", "the 40% team, because it sketches first", "they are even"], 0,
            f"drawing well is worth far more than going first: the 40% team wins only "
            f"{float(wld.analysis.team_race(Fraction(2, 5), Fraction(3, 5), steal=STEAL).a_wins):.0%} "
            f"of these races.")

# %% [markdown]
# ## 4. Tinker: a shorter race
#
# What if the first team to **3** points wins, instead of 8?

# %%
GAMES = 1_000     # games of Team Play for each change: four bots, each guessed half the time


def race_result(rules, progress=False):
    """Exact chance that the team sketching first wins, beside GAMES real games of Team Play (readable engine;
    ``progress``, a progress bar, counts them)."""
    steal = STEAL if rules.steal else 0
    exact = wld.analysis.team_race(Fraction(1, 2), Fraction(1, 2), target=rules.team_target, steal=steal)
    bots = [Skilled(p_guess=0.5, p_steal=float(STEAL)) for _ in range(4)]
    games = bk.simulate(rules, n_players=4, n_games=GAMES, seed=40, bots=bots, engine="reference",
                        progress=progress)
    won = int(games["first_team_won"].sum())
    return float(exact.a_wins), share_with_interval(won, GAMES), games["cards"].mean()


tinker_view = widgets.HTML()
tinker_view.add_class("wld-tinker-result")


def show_race(rules, progress=False):
    if rules.team_target == 8 and rules.steal and not race_prediction.locked:    # part 3's answer: not yet
        tinker_view.value = ("<div style='font-size:var(--jp-content-font-size1, 18px)'>First to <b>8</b> points, "
                             "with steals: that is part 3's question. Lock your guess there first, or choose "
                             "another race.</div>")
        return
    tinker_view.value = (f"<div style='font-size:var(--jp-content-font-size1, 18px)'><i class='fa fa-hourglass-half' "
                         f"aria-hidden='true'></i> Playing {GAMES:,} games of a race to {rules.team_target}\u2026 "
                         "(a few seconds)</div>")      # (the buttons' icon font: an emoji may have no glyph)
    exact, simulated, cards = race_result(rules, progress)
    steals = "with steals" if rules.steal else "no steals"
    tinker_view.value = (
        f"<div style='font-size:var(--jp-content-font-size1, 18px)'>First to <b>{rules.team_target}</b> point"
        f"{'' if rules.team_target == 1 else 's'}, {steals}: the team that sketches first wins "
        f"<b>{exact:.1%}</b> of races (exact); in {GAMES:,} real games: "
        f"<b>{with_interval(*simulated, decimals=1)}</b> (95% interval). "
        f"A match lasts {cards:.1f} cards on average.</div>")


race_controls = RuleControls(team_rules, {"team_target": (0, 20), "steal": None},
                             labels={"team_target": "Points to win the race", "steal": "Steals allowed"})
race_controls.on_change(show_race)


def reveal_short_race(prediction):
    """The first team's edge in a race to 3 against a race to 8, then the tinker controls."""
    # the races take seconds: a bar counts them, where the answer will come
    bar = progress_bar(prediction.view, 2 * GAMES, "Team Play races")
    short, short_games, _ = race_result(team_rules.replace(team_target=3), bar)
    long_ = float(wld.analysis.team_race(Fraction(1, 2), Fraction(1, 2), steal=STEAL).a_wins)
    against = (f"{long_:.1%} in a race to 8" if race_prediction.locked else   # part 3's answer, after its guess
               "more than in a race to 8: lock your guess in part 3 to see by how much")
    show_race(race_controls.rules, bar)
    return [answer_table(prediction, exact=f"it grows: {short:.1%} in a race to 3 ({against})",
                         simulated=short_games, simulated_label=f"{GAMES:,} games of a race to 3 (95% interval)"),
            Markdown("In a short race the first team's extra card matters more. **Now try any race** "
                     "(the games are played by four bots, each guessed half the time):"),
            race_controls, tinker_view]


Prediction("First to 3 points instead of 8: what happens to the advantage of the team that sketches first "
           "(its chance to win, above 50%)?",
           choices=["it grows", "it stays the same", "it shrinks"], reveal=reveal_short_race)

# %%
quick_check("Team A sketched first and won 5 of 8 races. Does that prove that sketching first helps?",
            ["yes: 5 of 8 is well over half", "no: 8 races are far too few to tell"], 1,
            "the 95% interval for 5 wins in 8 runs from 31% to 86%, so 8 races cannot tell a 52% chance from 50%; "
            "it takes thousands.")

# %% [markdown]
# ## Going further
#
# The board as a **Markov chain**, the wait for a Spade as an **absorbing chain**, collecting four colours
# and the race to 8 by **dynamic programming**, and real games of bots against the models. Open it: it
# works everything out when you do (a few seconds).

# %%
# Each @further.when_opened part below fills the section, in order, the first time it is opened.
further = GoingFurther("Going further: Markov chains, dynamic programming and real games")
further


# %%
@further.when_opened
def part_board_odds():
    """The landing odds from every start space, and the long run (stationary distribution)."""
    odds = wld.analysis.landing_odds(track)
    fig, (strip, heat) = chart(2, 1, width=11, height=5.5, height_ratios=[1, 3.2], sharex=True)
    first = np.arange(14)                      # the board repeats itself every 14 spaces
    kinds = [track[i] for i in first]
    strip.bar(first, np.ones(14), width=0.95, color=[KIND_COLOUR[k] for k in kinds],
              hatch=["" if k == wld.SPADE else KIND_HATCH[k] for k in kinds], edgecolor="white")
    for space, kind in zip(first, kinds):
        if kind == wld.SPADE:
            strip.text(space, 0.5, "\u2660", ha="center", va="center", color="white", fontsize=26)
    strip.set(yticks=[], title="The first 14 spaces (the board repeats): \u2660 = a Spade Space")
    values = odds[KINDS].head(14).astype(float).to_numpy().T
    heat.imshow(values, aspect="auto", cmap="cividis", vmin=0, vmax=0.5)
    for (row, col), value in np.ndenumerate(values):
        heat.text(col, row, str(odds[KINDS].iloc[col, row]), ha="center", va="center", fontsize=12,
                  color="black" if value > 0.25 else "white")
    heat.set_yticks(range(len(KINDS)), KINDS)
    heat.set_xticks(first, [str(i + 1) for i in first])
    heat.set(xlabel="the pawn's space before the roll (space 1 = the first Spade)", ylabel="lands on")
    further.add(
        "### The board's odds, roll by roll\n"
        "From any space the die's six faces reach the **next six spaces**, one face each, so the chance of "
        "landing on a kind of space is *how many of the next 6 spaces are of that kind*, divided by 6. "
        "From a Spade the pawn **never** lands on a Spade with one roll: the next one is 7 spaces away.",
        fig,
        "### Where does the pawn spend its time? A Markov chain\n"
        "The pawn's next space depends only on where it is now: a **Markov chain**. In the long run it settles "
        "into its **stationary distribution** $\\pi = \\pi P$. On a ring every space is reached from exactly 6 "
        "spaces with chance 1/6 each, so every space gets 1/28: Spades $4/28 = 1/7$, each colour $6/28 = 3/14$. "
        "`wld.analysis.long_run_landings` solves $\\pi = \\pi P$ exactly:",
        table(pd.DataFrame({"kind of space": KINDS,
                            "exact long-run share": [str(s) for s in wld.analysis.long_run_landings(track).by_kind],
                            "as a percentage": wld.analysis.long_run_landings(track).by_kind.astype(float).to_numpy()}),
              percent=("as a percentage",), percent_decimals=1))




# %%
def rolls_to_a_spade(track, start, rng):
    """Roll from ``start`` until the white pawn lands on a Spade Space; how many rolls it took."""
    space, rolls = start, 0
    while True:
        space = (space + rng.integers(1, 7)) % len(track)
        rolls += 1
        if track[space] == wld.SPADE:
            return rolls


@further.when_opened
def part_spade_wait():
    """The wait for a Spade, exact (an absorbing chain) beside 10,000 simulated waits."""
    rng = np.random.default_rng(2)
    waits = np.array([rolls_to_a_spade(track, 0, rng) for _ in range(10_000)])
    mean, low, high = bk.stats.mean_interval(waits)
    k = np.arange(1, 31)
    exact_wait = np.where(k >= 2, (5 / 6) ** (np.maximum(k, 2) - 2) / 6, 0.0)
    seen = np.array([(waits == value).mean() for value in k])
    fig, ax = chart(width=10, height=4.2)
    ax.bar(k, seen, color=BLUE, hatch="//", edgecolor="white", label="10,000 simulated waits")
    ax.plot(k, exact_wait, "o", color=ORANGE, mec="black", ms=8, label="exact: (5/6)^(k-2) / 6")
    ax.set(xlabel="rolls until the pawn lands on a Spade (starting on a Spade)", ylabel="share of waits")
    ax.legend(loc="upper right")
    further.add(
        "### Waiting for a Spade: an absorbing chain\n"
        "With four colours a player still needs the Ace: after one of her correct guesses the roll must end on "
        "a Spade. Make the Spades *absorbing* (the walk stops there) and solve for the expected number of rolls: "
        "**6 from every coloured square** (exactly one face reaches the next Spade, a geometric wait) and "
        "**7 from a Spade** (the first roll can never reach the next Spade: 1 + 6). And 7 is 1/(1/7): if 1 "
        "landing in 7 is a Spade, the gaps between Spades average 7 rolls.",
        fig,
        f"10,000 waits from a Spade, rolled one roll at a time: mean "
        f"**{with_interval(mean, low, high, percent=False, decimals=2)}** rolls (95% interval); exact "
        f"**{wld.analysis.sketches_before_spade(track, start=0)}**.")




# %%
@further.when_opened
def part_collect():
    """How long to own four colours: exact (dynamic programming over the 16 sets) beside simulated players."""
    p = Fraction(1, 8)
    exact = wld.analysis.expected_to_collect(p, p)
    needed = wld.analysis.simulate_collect(p, n=20_000, seed=3, p_sketch=p)
    mean, low, high = bk.stats.mean_interval(needed)
    running = bk.stats.running_mean(needed)
    rows = np.unique(np.geomspace(1, len(running), 300).astype(int)) - 1
    running = running.iloc[rows]
    fig, ax = chart(width=10, height=4.2)
    ax.fill_between(running["trials"], running["low"], running["high"], color=BLUE, alpha=0.25,
                    label="95% interval")
    ax.plot(running["trials"], running["estimate"], color=BLUE, lw=2, label="mean cards so far")
    ax.axhline(float(exact), color="black", ls="--", lw=2, label=f"exact: {float(exact):.3f}")
    ax.set(xscale="log", ylim=(0, 40), xlabel="simulated players (log scale)", ylabel="cards to own four colours")
    plain_numbers(ax)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25), ncol=3, frameon=False)
    further.add(
        "### How long to collect four colours? Dynamic programming\n"
        "Follow **one player** through Gameboard Play. On each card she is the **first correct Guesser** with "
        "chance $p_\\text{guess}$ (she takes a colour she lacks), or the **successful Sketcher** with chance "
        "$p_\\text{sketch}$ (the die gives a colour with its long-run share 3/14, or a Spade 1/7), or neither. "
        "What she holds is one of the $2^4 = 16$ sets of colours and only grows: the expected number of cards "
        "from each set is worked out backwards, from four colours down to none. With 4 players and half of "
        "all sketches guessed, $p_\\text{guess} = p_\\text{sketch} = 1/8$:",
        f"Exact: **{exact} = {float(exact):.3f} cards**; 20,000 simulated players: "
        f"**{with_interval(mean, low, high, percent=False, decimals=2)}** (95% interval). "
        f"Only by guessing it is {wld.analysis.expected_to_collect(p)} cards (four waits of 8): a Guesser "
        "*chooses* a colour she lacks, while the die gives nothing new more and more often.",
        fig,
        "**Your turn:** her chances per card of guessing first and of a guessed sketch (together at most 1).")
    further.add_widget(collect_box)
    show_collect()
    further.add("### A reality check: the whole game\n"
                "The model is simple. Four bots play real games of Gameboard Play, each guessed in time with "
                "chance $p$ (so each card she is the successful Sketcher, or the first Guesser, about $p/4$). "
                "Compare the **first of four** to own four colours, then the whole game, Ace included. The "
                "computer plays these games on its fast lane, about 150 times faster than the readable engine.")
    further.add_widget(widgets.VBox([reality_button, reality_view]))


guess_slider = widgets.FloatSlider(value=0.125, min=0, max=1, step=0.005, readout_format=".3f",
                                   description="guessing first (p_guess)", continuous_update=False,
                                   style={"description_width": "initial"}, layout=widgets.Layout(width="560px"))
sketch_slider = widgets.FloatSlider(value=0.125, min=0, max=1, step=0.005, readout_format=".3f",
                                    description="a guessed sketch (p_sketch)", continuous_update=False,
                                    style={"description_width": "initial"}, layout=widgets.Layout(width="560px"))
collect_view = widgets.HTML()
collect_box = widgets.VBox([guess_slider, sketch_slider, collect_view])


def show_collect(change=None):
    chosen_guess = Fraction(round(guess_slider.value * 1000), 1000)     # the slider's value, exactly
    chosen_sketch = Fraction(round(sketch_slider.value * 1000), 1000)
    try:
        exact = wld.analysis.expected_to_collect(chosen_guess, chosen_sketch)
    except ValueError as error:
        collect_view.value = f"<div style='font-size:var(--jp-content-font-size1, 18px)'>That makes no sense: {error}</div>"
        return
    simulated = wld.analysis.simulate_collect(chosen_guess, n=5_000, seed=5, p_sketch=chosen_sketch)
    mean, low, high = bk.stats.mean_interval(simulated)
    collect_view.value = (f"<div style='font-size:var(--jp-content-font-size1, 18px)'>Exact: {exact} = {float(exact):.3f} cards to own four "
                          f"colours<br>5,000 simulated players: {with_interval(mean, low, high, percent=False, decimals=3)} "
                          f"cards (95% interval)</div>")


guess_slider.observe(show_collect, names="value")
sketch_slider.observe(show_collect, names="value")


def first_to_four(rules, p, n_games, seed):
    """Sketches until some player owns four colours, in ``n_games`` games of 4 Skilled(p) bots."""
    bots = [Skilled(p_guess=p) for _ in range(4)]
    sketches = []
    for game_seed in range(seed, seed + n_games):
        game = wld.Game(rules, n_players=4, seed=game_seed, record_events=False)
        while max(len(colours) for colours in game.held) < 4:
            bk.step(game, bots)
        while game.phase in ("take", "roll") and not game.is_over:   # finish scoring that sketch
            bk.step(game, bots)
        sketches.append(game.turns)                                # game.turns counts finished sketches
    return np.array(sketches)


def model_first_of_four(p, n, seed):
    """The quickest of 4 players of the model, each with p_guess = p_sketch = p/4, played ``n`` times."""
    quarter = p / 4
    players = [wld.analysis.simulate_collect(quarter, n=n, seed=seed + k, p_sketch=quarter) for k in range(4)]
    return np.minimum.reduce(players)


def reality_study(view):
    skills = [0.25, 0.5, 0.75]
    bar = progress_bar(view, 2 * 400 * len(skills), "400 games x 2 x 3 skills")
    rows = []
    for p in skills:
        game_four = first_to_four(board_rules, p, 400, seed=10)
        bar.update(400)
        whole = bk.simulate(board_rules, n_players=4, n_games=400, seed=11, progress=bar,
                            bots=[Skilled(p_guess=p) for _ in range(4)])
        model_four = model_first_of_four(p, 20_000, seed=12)
        rows.append({"p": p, "measure": "model: one player, exact", "mean sketches":
                     float(wld.analysis.expected_to_collect(Fraction(p) / 4, Fraction(p) / 4))})
        for measure, values in [("model: first of four (20,000 simulated)", model_four),
                                ("game: first of four (400 games)", game_four),
                                ("game: the whole game, Ace included (400 games)", whole["turns"])]:
            mean, low, high = bk.stats.mean_interval(values)
            rows.append({"p": p, "measure": measure, "mean sketches": mean, "low": low, "high": high})
    frame = pd.DataFrame(rows)
    order = list(dict.fromkeys(frame["measure"]))
    fig, ax = chart(width=10, height=5)
    width = 0.2
    for i, (measure, colour, hatch) in enumerate(zip(order, CHART_COLOURS, CHART_HATCHES)):
        part = frame[frame["measure"] == measure]
        error = None if part["low"].isna().all() else [part["mean sketches"] - part["low"],
                                                       part["high"] - part["mean sketches"]]
        ax.bar(np.arange(len(skills)) + (i - 1.5) * width, part["mean sketches"], width=width, color=colour,
               hatch=hatch, edgecolor="white", yerr=error, capsize=5, label=measure)
    ax.set_xticks(range(len(skills)), [f"p = {p}" for p in skills])
    ax.set(xlabel="chance a sketch is guessed in time", ylabel="sketches (mean, 95% interval)")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, frameon=False)
    shown = frame.assign(interval=[("" if np.isnan(lo) else with_interval(m, lo, hi, percent=False, decimals=2))
                                   for m, lo, hi in zip(frame["mean sketches"], frame["low"], frame["high"])])
    shown["mean sketches (95% interval)"] = [
        interval or f"{mean:.2f} (exact)" for mean, interval in zip(frame["mean sketches"], shown["interval"])]
    show(view, fig, table(shown[["p", "measure", "mean sketches (95% interval)"]],
                          headers={"p": "chance p", "measure": "what"}, decimals=2),
         Markdown("The model's first of four and the game's agree closely, not perfectly: in the game only one "
                  "player can be first to guess a card, Sketchers take turns in order, and the real pawn "
                  "remembers where it is (from a Spade it cannot land on a Spade). The whole game is much longer: "
                  "the **Ace** needs one more correct guess *and* a roll onto a Spade, 1 in 7 in the long run."))


reality_button, reality_view = study_button("Play the full game", reality_study)


# %%
def exact_team_play(p_a, p_b, steal=STEAL):
    """Exact chances of the real Team Play, where a die roll picks the team that sketches first."""
    a_first = wld.analysis.team_race(p_a, p_b, steal=steal)
    b_first = wld.analysis.team_race(p_b, p_a, steal=steal)
    return {"team A wins": (a_first.a_wins + 1 - b_first.a_wins) / 2,
            "the team that sketched first wins": (a_first.a_wins + b_first.a_wins) / 2,
            "cards in a match": (a_first.expected_cards + b_first.expected_cards) / 2}


@further.when_opened
def part_race():
    """The race to 8 by dynamic programming: the chance against the other team's skill, and real games."""
    fig, ax = chart(width=10, height=4.5)
    p_b = np.linspace(0.05, 0.95, 91)
    for p_a, colour, style, marker in zip([0.3, 0.5, 0.7], CHART_COLOURS, ["-", "--", ":"], ["o", "s", "^"]):
        chance = [wld.analysis.team_race(p_a, q, steal=float(STEAL)).a_wins for q in p_b]
        ax.plot(p_b, chance, color=colour, ls=style, lw=3, marker=marker, markevery=10, ms=8,
                label=f"team A guessed {p_a:.0%}")
    ax.axhline(0.5, color="grey", lw=1)
    ax.set(xlabel="how often team B's sketches are guessed", ylabel="chance team A wins", ylim=(0, 1))
    from matplotlib.ticker import PercentFormatter
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=3, frameon=False)
    even = wld.analysis.team_race(Fraction(1, 2), Fraction(1, 2))
    further.add(
        "### The race to 8 by dynamic programming\n"
        "`team_race` works out team A's chance exactly: from every score $(a, b)$ and whose turn it is, back "
        "from the finished scores (8 to anything) to 0-0. Equal teams (1/2 each) without steals: team A wins "
        f"with chance **{even.a_wins} = {float(even.a_wins):.4f}**, in {float(even.expected_cards):.3f} cards "
        "on average. Below, team A sketches first, steals 1 in 5: sketching well beats sketching first.",
        fig,
        "**Real games.** Team A's seats (Players 1 and 3) are guessed with chance $p_A$, team B's (2 and 4) "
        "with $p_B$, each team steals 1 time in 5, and a **die roll** decides who sketches first: "
        "$P(\\text{A wins}) = \\tfrac12\\, \\text{race}(p_A, p_B) + \\tfrac12 \\big(1 - \\text{race}(p_B, p_A)\\big)$. "
        "The sliders start with **equal teams** (both 0.5); then make one team better. 2,000 games on the fast "
        "lane.")
    further.add_widget(widgets.VBox([team_a_slider, team_b_slider, team_button, team_view]))


team_a_slider = widgets.FloatSlider(value=0.5, min=0.05, max=0.95, step=0.05, description="team A's p_A",
                                    continuous_update=False, style={"description_width": "initial"},
                                    layout=widgets.Layout(width="480px"))
team_b_slider = widgets.FloatSlider(value=0.5, min=0.05, max=0.95, step=0.05, description="team B's p_B",
                                    continuous_update=False, style={"description_width": "initial"},
                                    layout=widgets.Layout(width="480px"))


def team_study(view):
    p_a, p_b = team_a_slider.value, team_b_slider.value
    bar = progress_bar(view, 2_000, "2,000 games of Team Play")
    seats = [Skilled(p_guess=p_a, p_steal=float(STEAL)), Skilled(p_guess=p_b, p_steal=float(STEAL))] * 2
    games = bk.simulate(team_rules, n_players=4, n_games=2_000, seed=20, bots=seats, progress=bar)
    exact = exact_team_play(Fraction(p_a).limit_denominator(100), Fraction(p_b).limit_denominator(100))
    rows = []
    for measure, hits in [("team A wins", games["winner"] == 0),
                          ("the team that sketched first wins", games["first_team_won"].astype(bool))]:
        rows.append({"what": measure, "exact": float(exact[measure]),
                     "2,000 games (95% interval)": with_interval(*share_with_interval(int(hits.sum()), len(hits)),
                                                                 decimals=1)})
    mean, low, high = bk.stats.mean_interval(games["cards"])
    rows.append({"what": "cards in a match", "exact": float(exact["cards in a match"]),
                 "2,000 games (95% interval)": with_interval(mean, low, high, percent=False, decimals=2)})
    frame = pd.DataFrame(rows)
    frame["exact"] = [f"{v:.1%}" if i < 2 else f"{v:.2f}" for i, v in enumerate(frame["exact"])]
    show(view, Markdown(f"**Team A guessed {p_a:.0%}, team B {p_b:.0%}** (2,000 games, on the "
                        f"{games.attrs.get('engine', 'reference')} engine)"), table(frame))


team_button, team_view = study_button("Play 2,000 team games", team_study)


# %%
def make_track(squares_per_side, spades_per_corner):
    """A board with Spades at each of its 4 corners and coloured squares cycling round its sides."""
    spaces, square = [], 0
    for side in range(4):
        spaces += [wld.SPADE] * spades_per_corner
        for _ in range(squares_per_side):
            spaces.append(wld.COLOURS[square % len(wld.COLOURS)])
            square += 1
    return wld.track.check_track(tuple(spaces))      # a ValueError if it is not a playable board


squares_slider = widgets.IntSlider(value=8, min=1, max=12, description="squares per side",
                                   continuous_update=False, style={"description_width": "initial"},
                                   layout=widgets.Layout(width="480px"))
spades_slider = widgets.IntSlider(value=1, min=1, max=4, description="Spades per corner",
                                  continuous_update=False, style={"description_width": "initial"},
                                  layout=widgets.Layout(width="480px"))


def board_study(view):
    mine = make_track(squares_slider.value, spades_slider.value)
    bar = progress_bar(view, 2 * 400, "400 Gameboard games on each board")
    bots = [Skilled(p_guess=0.5, p_steal=float(STEAL)) for _ in range(4)]
    rows = []
    for name, chosen in [("our reconstruction of the board", track), ("your board", mine)]:
        games = bk.simulate(board_rules.replace(track=chosen), n_players=4, n_games=400, seed=30, bots=bots,
                            progress=bar)
        mean, low, high = bk.stats.mean_interval(games["turns"])
        rows.append({"board": name, "spaces": len(chosen),
                     "Spade share of landings (exact)": float(wld.analysis.long_run_landings(chosen).by_kind[wld.SPADE]),
                     "rolls to a Spade from a Spade (exact)": float(wld.analysis.sketches_before_spade(chosen, start=0)),
                     "cards to own four colours (exact)": float(wld.analysis.expected_to_collect(
                         Fraction(1, 8), Fraction(1, 8), chosen)),
                     "sketches in a game (400 games, 95% interval)": with_interval(mean, low, high, percent=False,
                                                                                    decimals=1)})
    frame = pd.DataFrame(rows)
    show(view, Markdown(f"Your board has **{len(mine)} spaces**."),
         table(frame, percent=("Spade share of landings (exact)",), percent_decimals=1, decimals=2))


board_button, board_view = study_button("Compare the boards", board_study)


@further.when_opened
def part_board_design():
    further.add("### Design a board\n"
                "How many coloured squares along each side, how many Spade Spaces at each corner? The exact "
                "answers for both boards, and 400 games of four bots (each guessed half the time) on each. With "
                "7 or more squares per side a coloured square can be 7 spaces from the next Spade: what happens "
                "to the wait of exactly 6?")
    further.add_widget(widgets.VBox([squares_slider, spades_slider, board_button, board_view]))



# %% [markdown]
# ## For coders
#
# *In JupyterLab* you can change any rule in code and run the cells again, e.g.
# `team_rules.replace(team_target=3, steal=False)` with `bk.simulate(..., engine="reference")`, build a board of
# your own, `my_track = ("spade", "red", "green", ...)`, check it with `wld.track.check_track(my_track)` and play
# it with `board_rules.replace(track=my_track)`, or try another die: `board_rules.replace(die_sides=4)` (and
# `sides=4` in the analysis functions). The exact answers of this lesson, in code (where the spaces are counted
# from 0: space 0 is the top-left Spade, and the white pawn moves clockwise), each in a closed fold: open them
# after your predictions.

# %%
# NBVAL_CHECK_OUTPUT
from boardkit.lessons import back_to_part_one, folded

odds = wld.analysis.landing_odds(track)
with folded("Where one roll lands, printed by code (Going further)"):
    print("The chance one roll lands on each kind of space, from each start space:")
    print(odds.head(14).astype(str).to_string())

# %%
# NBVAL_CHECK_OUTPUT
long_run = wld.analysis.long_run_landings(track)
waits = wld.analysis.spade_wait_table(track)
with folded("The long run and the wait for a Spade, printed by code (the answer of part 2)"):
    for kind, share in long_run.by_kind.items():
        print(f"{kind:>6}: {share} = {float(share):.4f} of all landings in the long run")
    for wait, starts in waits.groupby(waits).groups.items():
        print(f"{wait} rolls on average, from spaces {list(starts)}")
    print("The game starts with the white pawn on a Spade:", wld.analysis.sketches_before_spade(track, start=0),
          "rolls")

# %%
# NBVAL_CHECK_OUTPUT
p_guess = p_sketch = Fraction(1, 8)
exact_cards = wld.analysis.expected_to_collect(p_guess, p_sketch)
with folded("Collecting four colours, printed by code (Going further)"):
    print(f"Expected cards to own four colours: {exact_cards} = {float(exact_cards):.4f}")
    print(f"Only by guessing (p_sketch = 0): {wld.analysis.expected_to_collect(p_guess)} cards: four waits of "
          "1/p_guess = 8")
    print(f"Only by sketching (p_guess = 0): {float(wld.analysis.expected_to_collect(0, p_sketch)):.4f} cards")
    print(f"A player who is the first to guess every card: {wld.analysis.expected_to_collect(1)} cards")

# %%
# NBVAL_CHECK_OUTPUT
even = wld.analysis.team_race(Fraction(1, 2), Fraction(1, 2))
steal = wld.analysis.team_race(Fraction(1, 2), Fraction(1, 2), steal=Fraction(1, 5))
better = wld.analysis.team_race(Fraction(3, 5), Fraction(2, 5), steal=Fraction(1, 5))
short = wld.analysis.team_race(Fraction(1, 2), Fraction(1, 2), target=3, steal=Fraction(1, 5))
with folded("The race to 8 and to 3, printed by code (the answers of parts 3 and 4)"):
    print(f"Equal teams (1/2 each), no steals: the first team wins with chance {even.a_wins} = "
          f"{float(even.a_wins):.4f}")
    print(f"   and a match lasts {even.expected_cards} = {float(even.expected_cards):.3f} cards on average")
    print(f"The same teams with steals (s = 1/5): {float(steal.a_wins):.4f}, {float(steal.expected_cards):.3f} cards")
    print(f"Team A 3/5, team B 2/5, s = 1/5: A wins with chance {float(better.a_wins):.4f}, "
          f"{float(better.expected_cards):.3f} cards")
    print(f"Equal teams, steals 1/5, first to 3: the first team wins with chance {float(short.a_wins):.4f}")

# %% jupyter={"source_hidden": true}
# Run All ends here: back to part 1 (JupyterLab would stay at this last cell)
back_to_part_one()

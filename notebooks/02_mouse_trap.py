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
**▶ To start:** choose **Run → Run All Cells** in the menu, or press ⏩ in the toolbar
(*Restart the kernel and run all cells*). In ten to twenty seconds the game board appears under
*1. Play a game*, ready for your first **Roll**; the crank's odds, charts and study buttons follow.
"""))

# %% [markdown]
# # Mouse Trap: chains of chance
#
# In **Mouse Trap** (Milton Bradley, 1963) the players build a crazy contraption part by
# part, then try to catch each other's mice in it. Turn the crank and a chain reaction
# runs: gears turn a lever, a shoe kicks a bucket, a ball rolls down the rickety stairs,
# through a rain pipe, a helping hand, a bathtub, a diver leaps into a wash tub... and a
# cage drops on the Cheese Wheel. If *every* stage works, the mice on the wheel are caught.
#
# In this lesson you will:
#
# 1. play a game;
# 2. turn the crank and work out exactly how likely the trap is to work;
# 3. find the weakest link, and decide which improvement helps most;
# 4. measure how long a game lasts and whether it is fair;
# 5. design your own trap and your own track.

# %% tags=["setup"]
# Setup: the tools for this lesson
# %matplotlib inline
import time

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import boardkit as bk
from boardkit.games import mouse_trap as mt
from boardkit.lessons import CHART_COLOURS, CHART_HATCHES, show   # show(output_widget, text, table, figure, ...)
from boardkit.lessons import progress_bar, study_button            # a button that runs a long study, a progress bar

plt.rcParams["font.size"] = 14
BLUE, ORANGE, GREEN = CHART_COLOURS[:3]
pool = bk.process_pool(workers=2)   # Binder gives us 2 CPU cores: play games on both
rules = mt.Rules()                  # the rulebook

# %% [markdown]
# ## 1. Play a game
#
# You are **player 1**; the computer plays the others. Press **Roll** (or click the die)
# to move your mouse. On a build space marked for your number of players you **may** build
# the next part of the trap and take a cheese (press **Build**), or leave it (**Do not
# build**). A space that sends you on (GO BACK, MOVE AHEAD, GO TO CHEESE) moves your mouse,
# but, as the rulebook says, you "do not follow any message printed in that space": no
# cheese from the Cheese Wheel, no crank. Once the trap is complete, stop on **TURN CRANK** while
# another mouse sits on the **Cheese Wheel**, and watch the chain reaction! With nobody
# on the wheel, you may pay cheese to roll for another mouse and push it there.

# %%
mt.App(n_players=4, seats=["human", "Trapper", "Trapper", "Random"])

# %% [markdown]
# ## 2. One crank
#
# The trap is a **chain** of 16 stages, A to P. Each stage works with its own chance
# (these are boardkit's estimates: nobody measured the 1963 toy). The cage falls only if
# **all 16** work, one after the other. When the stages do not affect each other, the
# chance that all of them work is the **product** of their chances:
#
# $$P(\text{caught}) = p_A \times p_B \times \dots \times p_P.$$

# %%
mt.analysis.stage_table(rules)

# %%
# NBVAL_CHECK_OUTPUT
reliability = mt.analysis.trap_reliability(rules)
print(f"one crank catches the mice with chance {reliability:.4f}")
print(f"on average it takes {mt.analysis.mean_cranks_until_catch(rules):.3f} cranks to catch a mouse")
print(f"sixteen stages that each work 99% of the time: {0.99 ** 16:.4f}")


# %% [markdown]
# Every stage is at least 90% reliable, yet the whole trap works only about **half the
# time**. Small failures multiply. Even sixteen stages that each work **99%** of the time
# give a trap that fails about one time in seven.
#
# Move the sliders: how reliable must each stage be for the whole chain to work 9 times
# in 10?

# %%
def chain_chart(stage_chance, stages):
    per_stage = np.linspace(0.8, 1.0, 201)
    fig, ax = plt.subplots(figsize=(11, 5))
    ax.plot(per_stage, per_stage ** stages, color=BLUE, lw=3, label=f"{stages} stages in a row")
    ax.plot(per_stage, per_stage, color="black", ls=":", lw=2, label="one stage")
    whole = stage_chance ** stages
    ax.plot([stage_chance], [whole], "o", ms=14, color=ORANGE, label=f"each {stage_chance:.3f}: whole {whole:.3f}")
    ax.axhline(0.9, color="grey", ls="--", lw=1)
    ax.set(xlabel="chance each stage works", ylabel="chance the whole chain works", ylim=(0, 1.02),
           title=f"{stages} stages that each work {stage_chance:.1%} of the time: the chain works {whole:.1%}")
    ax.legend(loc="upper left")
    return fig

stage_chance = widgets.FloatSlider(value=0.99, min=0.80, max=1.0, step=0.001, readout_format=".3f",
                                   description="each stage", continuous_update=False,
                                   layout=widgets.Layout(width="600px"))
stages = widgets.IntSlider(value=16, min=1, max=40, description="stages", continuous_update=False,
                           layout=widgets.Layout(width="600px"))
chain_view = widgets.Output()

def redraw_chain(change=None):
    show(chain_view, chain_chart(stage_chance.value, stages.value))

stage_chance.observe(redraw_chain, names="value")
stages.observe(redraw_chain, names="value")
redraw_chain()
widgets.VBox([stage_chance, stages, chain_view])

# %% [markdown]
# ### Turn the crank 100,000 times
#
# The exact answer is a prediction; let's test it. The computer turns the crank again
# and again and notes where the chain stopped. The left chart compares where it stopped
# with the exact chances; the right one follows the share of catches as the cranks pile
# up, with its **95% confidence interval** closing in on the exact value.

# %%
stops = mt.analysis.crank_many(rules, times=100_000, seed=1)   # the same every run
exact_stops = mt.analysis.stop_odds(rules)

def crank_charts(stops):
    counts = mt.analysis.stop_counts(stops)
    fig, (left, right) = plt.subplots(1, 2, figsize=(16, 5.5))
    x = np.arange(len(counts))
    left.bar(x - 0.2, counts / counts.sum(), width=0.4, color=BLUE, label="seen")
    left.bar(x + 0.2, exact_stops.to_numpy(), width=0.4, color="#BBBBBB", hatch="//",
             edgecolor="black", label="exact")
    left.set_xticks(x, counts.index)
    left.set(xlabel="where the chain stopped", ylabel="share of cranks", title=f"{len(stops):,} cranks")
    left.legend()
    run = mt.analysis.running_reliability(stops)
    run = run.iloc[np.unique(np.geomspace(1, len(run), 400).astype(int)) - 1]   # 400 points are enough to draw
    right.fill_between(run["trials"], run["low"], run["high"], color=BLUE, alpha=0.25, label="95% interval")
    right.plot(run["trials"], run["estimate"], color=ORANGE, lw=2, label="share caught so far")
    right.axhline(float(mt.analysis.trap_reliability(rules)), color="black", ls="--", label="exact")
    right.set_xscale("log")
    right.set_ylim(0, 1)
    right.set(xlabel="cranks (log scale)", ylabel="share of cranks that caught",
              title="The estimate closes in on the exact value")
    right.legend(loc="lower right")
    fig.tight_layout()
    return fig

crank_view = widgets.Output()
show(crank_view, crank_charts(stops))
crank_view

# %%
mt.analysis.convergence(rules, times=100_000, seed=1).round(4)

# %% [markdown]
# ### How many cranks until a catch?
#
# Each crank catches with chance $R$ (about 0.54), whatever happened before. So the first
# catch comes at crank $k$ with chance $(1-R)^{k-1} R$: a **geometric distribution**,
# with mean $1/R$.

# %%
waits = mt.analysis.simulate_cranks_until_catch(rules, catches=20_000, seed=2)
exact_waits = mt.analysis.cranks_until_catch(rules, up_to=8)
seen = pd.Series(waits).value_counts(normalize=True).reindex(exact_waits.index, fill_value=0)
mean, low, high = bk.stats.mean_interval(waits)

fig, ax = plt.subplots(figsize=(11, 4.5))
ax.bar(exact_waits.index - 0.2, seen, width=0.4, color=BLUE, label="20,000 simulated catches")
ax.bar(exact_waits.index + 0.2, exact_waits["probability"], width=0.4, color="#BBBBBB", hatch="//",
       edgecolor="black", label="exact: (1 - R)^(k-1) R")
ax.set(xlabel="cranks until the first catch", ylabel="share",
       title=f"Mean {mean:.3f} (95% interval {low:.3f} to {high:.3f}); exact 1/R = "
             f"{float(mt.analysis.mean_cranks_until_catch(rules)):.3f}")
ax.legend()
plt.show()

# %% [markdown]
# ## 3. Fix the weakest link
#
# You have time to fix **one** stage so that it never fails. Which one? A stage's
# **importance** here is how much the whole trap would improve if that stage were perfect.

# %%
importance = mt.analysis.stage_importance(rules)
fig, ax = plt.subplots(figsize=(12, 5))
ordered = importance.sort_index()
ax.bar(ordered.index, ordered["gain"], color=[ORANGE if rank == 1 else BLUE for rank in ordered["rank"]],
       hatch=["//" if rank == 1 else "" for rank in ordered["rank"]], edgecolor="white")
best = importance.index[0]
ax.set(xlabel="stage made perfect", ylabel="gain in the chance to catch",
       title=f"Fixing stage {best} ({importance.loc[best, 'stage']}) helps most")
plt.show()
importance.round(4)

# %% [markdown]
# The weakest stage matters most: with a chain, **the whole is limited by its worst
# parts**. Making a 99% stage perfect gains almost nothing.
#
# ### A backup
#
# Another way to fix a weak stage is to give it a **backup**: a second copy side by side,
# so the stage fails only if *both* copies fail. A stage that works with chance $p$ becomes
# $1 - (1-p)^2$: a 90% stage becomes 99%.

# %%
# NBVAL_CHECK_OUTPUT
for stages_backed_up in ["", "F", "FH", "FHM"]:
    chance = mt.analysis.redundant_reliability(rules, stages_backed_up)
    print(f"backups at {stages_backed_up or 'none':>4}: the trap works with chance {chance:.4f}")

# %%
mt.analysis.backup_table(rules).head(5).round(4)

# %% [markdown]
# ## 4. How long is a game?
#
# The number of players changes the game: a build space marked **2** builds only in a
# two-player game, one marked **2-3-4** in every game. Let's watch the bots play
# **1,000 games** with 2, 3 and 4 players. How long do the games last? Do any get stuck
# and hit the turn cap? Does the first player have an edge? Press the button (it takes a
# few seconds).

# %%
results = {}   # the buttons below keep their games here, as pandas tables

def length_charts(games):
    fig, ax = plt.subplots(figsize=(12, 5))
    for (players, group), colour, hatch in zip(games.groupby("n_players"), CHART_COLOURS, CHART_HATCHES):
        ax.hist(group["turns"], bins=range(0, 501, 10), histtype="step", lw=3, color=colour,
                hatch=hatch, label=f"{players} players: median {group['turns'].median():.0f} turns")
    ax.set(xlabel="turns in the game (over 500 not shown)", ylabel="games",
           title="More players, longer games?")
    ax.legend()
    table = games.groupby("n_players").agg(
        games=("turns", "size"), median_turns=("turns", "median"),
        turns_90th_percentile=("turns", lambda t: t.quantile(0.9)),
        share_at_turn_cap=("end", lambda e: (e == "turn cap").mean()),
        cranks=("cranks", "mean"))
    return fig, table.round(3)

def seat_chart(games):
    four = games[games["n_players"] == 4]
    wins = bk.metrics.win_rates(four)
    fairness = bk.metrics.seat_fairness(four)
    fig, ax = plt.subplots(figsize=(10, 5))
    ax.bar(["1st", "2nd", "3rd", "4th"], wins["win rate"], color=GREEN, hatch="//", edgecolor="white",
           yerr=[wins["win rate"] - wins["low"], wins["high"] - wins["win rate"]], capsize=10)
    ax.axhline(0.25, color="black", ls="--", label="fair share: 1/4")
    ax.set(xlabel="player (order of play)", ylabel="share of wins", title="4 players: win rate by seat")
    ax.legend(loc="lower right")
    return fig, wins.round(3), fairness.verdict()

def play_games(view):
    bar = progress_bar(view, 3000, "3 x 1,000 games")
    start = time.perf_counter()
    frames = [bk.simulate(rules, n_players=n, n_games=1000, seed=0, executor=pool, progress=bar)
              for n in (2, 3, 4)]
    games = results["rulebook"] = pd.concat(frames, ignore_index=True)
    show(view, f"3,000 games in {time.perf_counter() - start:.0f} seconds", *length_charts(games),
         widgets.HTML("<h3>Does the first player have an edge?</h3>"), *seat_chart(games))

games_button, games_view = study_button("Play 3,000 games", play_games)
widgets.VBox([games_button, games_view])


# %% [markdown]
# ### A worse trap, a longer endgame
#
# Once the trap is built, the game is a race to catch the others. A trap that often fails
# needs more cranks, so the endgame drags on. The button below plays 500 four-player games
# for traps of different quality (every stage's chance scaled so the whole trap works
# 30%, 54% (the rulebook), 75% and 95% of the time) and measures the **endgame**: the turns
# from the last part built to the end of the game.

# %%
def trap_with_reliability(target):
    """The rulebook's trap with every stage's chance raised to the same power, so the whole works ``target``."""
    power = np.log(target) / np.log(float(mt.analysis.trap_reliability(rules)))
    return rules.replace(stage_odds=tuple(float(p) ** power for p in rules.stage_odds))

def endgame_study(view):
    targets = [0.30, float(mt.analysis.trap_reliability(rules)), 0.75, 0.95]
    bar = progress_bar(view, 500 * len(targets), "endgames")
    rows = []
    for target in targets:
        games = bk.simulate(trap_with_reliability(target), n_players=4, n_games=500, seed=0,
                            executor=pool, progress=bar)
        endgame = games["turns"] - games["trap_done"]
        mean, low, high = bk.stats.mean_interval(endgame)
        rows.append({"trap works": round(target, 2), "mean endgame turns": mean, "low": low, "high": high,
                     "cranks per game": games["cranks"].mean()})
    table = pd.DataFrame(rows).set_index("trap works")
    fig, ax = plt.subplots(figsize=(10, 5))
    ax.errorbar(table.index, table["mean endgame turns"],
                yerr=[table["mean endgame turns"] - table["low"], table["high"] - table["mean endgame turns"]],
                fmt="o-", ms=10, capsize=8, lw=3, color=BLUE)
    ax.set(xlabel="chance one crank catches", ylabel="turns after the trap is built",
           title="A less reliable trap makes a longer endgame (95% intervals)")
    results["endgame"] = table
    show(view, fig, table.round(2))

endgame_button, endgame_view = study_button("Compare traps", endgame_study)
widgets.VBox([endgame_button, endgame_view])

# %% [markdown]
# ## 5. Design your own trap
#
# Set each stage's chance with the sliders, then press **Compare** to see your trap's
# exact chance of working next to the rulebook's, and 500 four-player games with each.
#
# *In JupyterLab* you can change anything in `mt.Rules`: a stage with
# `rules.with_stage_odds(F=0.99)`, backups with `rules.replace(backups=("F", "M"))`, or your
# own track with `rules.replace(path=(...))`: see `mt.Rules().path` for the space names.

# %%
sliders = {letter: widgets.FloatSlider(value=float(chance), min=0.5, max=1.0, step=0.01,
                                       description=f"{letter}: {what}", continuous_update=False,
                                       style={"description_width": "280px"},
                                       layout=widgets.Layout(width="520px"))
           for (letter, what), chance in zip(mt.STAGES, rules.stage_odds)}
my_track = rules.path   # change it in JupyterLab, e.g. rules.path[:20] + ("cheese",) + rules.path[21:]

def my_rules():
    return rules.replace(path=my_track).with_stage_odds(**{letter: s.value for letter, s in sliders.items()})

def compare_traps(view):
    mine = my_rules()
    chosen = {"rulebook": rules, "your trap": mine}
    bar = progress_bar(view, 500 * len(chosen), "your trap")
    rows = {}
    for name, variant in chosen.items():
        games = bk.simulate(variant, n_players=4, n_games=500, seed=0, executor=pool, progress=bar)
        rows[name] = {"trap works (exact)": float(mt.analysis.trap_reliability(variant)),
                      "median turns": games["turns"].median(),
                      "share at turn cap": (games["end"] == "turn cap").mean(),
                      "cranks per game": games["cranks"].mean()}
    table = pd.DataFrame(rows).T
    results["your trap"] = table
    best = mt.analysis.stage_importance(mine).index[0]
    show(view, table.round(3), f"Your weakest link is stage {best}: fix it first.")

compare_button, compare_view = study_button("Compare", compare_traps)
widgets.VBox([widgets.GridBox(list(sliders.values()),
                              layout=widgets.Layout(grid_template_columns="repeat(2, 540px)")),
              compare_button, compare_view])

# %% [markdown]
# **Think about it**
#
# * Can you make the trap work 9 times in 10 by changing only two stages?
# * What does a trap that almost never works do to the length of a game?
# * Move the GO TO CHEESE space, or add more build spaces marked 2-3-4: do games get shorter?

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
(*Restart the kernel and run all cells*). In ten to twenty seconds the card table appears under
*1. Play a round*, your hand at the bottom, ready for your first card; the odds, charts and study
buttons follow.
"""))

# %% [markdown]
# # The Cluedo Card Game: is it a good game?
#
# In the **Cluedo Card Game** (Waddingtons) you shed your cards onto a pile, matching the top
# card's **picture** or its **number**. Four weapons are action cards: the **Dagger** lets you
# make a player of your choice miss a turn (or nobody: the rules say you *can* choose), the
# **Candlestick** makes the next player miss one, the **Rope** gives you another turn and the
# **Revolver** swaps your whole hand with a player of your choice. The first player out of cards scores 3, but every player whose secret
# **miniature** shows the picture of that last card loses points. First to 10 wins.
#
# Game designers ask four questions of every game, and a computer that can play thousands of
# games answers them. In this lesson you will:
#
# 1. play a round against the computer;
# 2. work out exactly how often a player is **stuck** (no card to play);
# 3. check whether the game is **fair** to every seat;
# 4. measure **luck against skill**: does a clever player win more often?
# 5. **design a better game**: change the hand size, the target and the action cards, and
#    measure length, fairness and skill for each variant side by side.
#
# *The printed numbers and the miniatures' pictures are lost, so boardkit numbers each
# picture's three cards 1, 2, 3 and reconstructs the miniatures (Mrs. White 1, Rope 2,
# Prof. Plum 3, Revolver 4).*

# %% tags=["setup"]
# Setup: the tools for this lesson
# %matplotlib inline
import time

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import boardkit as bk
from boardkit.games import cluedo_cards as cc
from boardkit.lessons import CHART_COLOURS, CHART_HATCHES, progress_bar, show, study_button

plt.rcParams["font.size"] = 14
BLUE, ORANGE, GREEN, RED = CHART_COLOURS[:4]
pool = bk.process_pool(workers=2)   # Binder gives us 2 CPU cores: play games on both
rules = cc.Rules()                  # the rulebook's game

# %% [markdown]
# ## 1. Play a round
#
# You are **player 1**, at the bottom. The cards you may play are raised and marked; click one
# to play it. With no card to play, click the draw pile. After a Dagger or a Revolver, click
# the player you choose (after a Dagger you may also let nobody miss a turn, with its button).
# The score sheet keeps the points of every round.

# %%
cc.App(n_players=4, seats=["human", "Shedder", "Revolverist", "Random"])

# %% [markdown]
# ## 2. Stuck! The exact chance of having no card to play
#
# The deck has 36 cards: 12 pictures, each numbered 1, 2 and 3. Whatever card is turned up,
# **13 other cards match it**: the 2 other cards of its picture and the 11 other pictures with
# its number. Your 5 cards are 5 of the 35 cards that are not the top card, every set of 5
# equally likely, so
#
# $$P(\text{stuck}) = \frac{\binom{35 - 13}{5}}{\binom{35}{5}} = \frac{\binom{22}{5}}{\binom{35}{5}}.$$
#
# This is the **hypergeometric** chance of drawing *no* matching card. `cc.analysis` computes
# it exactly, as a fraction, for any hand size. It reads the deck and the hand size from the
# rules, so a variant's exact odds follow the variant: pass `rules=cc.Rules(copies=2)` (a
# double deck) or any deck you design.

# %%
# NBVAL_CHECK_OUTPUT
exact = cc.analysis.first_player_stuck(rules=cc.Rules())
print(f"The first player is stuck with chance {exact} = {float(exact):.4f}, about 1 game in {float(1 / exact):.0f}")
double = cc.analysis.first_player_stuck(rules=cc.Rules(copies=2))
print(f"With a double deck (copies=2): {double} = {float(double):.4f}")
table = cc.analysis.stuck_table(range(1, 11))
print(table[["exact", "probability"]].round(4).to_string())

# %% [markdown]
# Let's check the formula by shuffling the deck 20,000 times and looking at the first hand.
# The estimate wobbles at first and then settles on the exact answer, and the shaded 95%
# interval narrows like $1/\sqrt{n}$.

# %%
stuck = cc.analysis.simulate_first_turn(20_000, seed=1)
running = bk.stats.running_proportion(stuck)

fig, (left, right) = plt.subplots(1, 2, figsize=(16, 5.5))
left.fill_between(running["trials"], running["low"], running["high"], color=BLUE, alpha=0.25,
                  label="95% interval")
left.plot(running["trials"], running["estimate"], color=BLUE, lw=2, label="share of deals stuck so far")
left.axhline(float(exact), color="black", ls="--", lw=2, label=f"exact: {float(exact):.4f}")
left.set(xscale="log", ylim=(0, 0.3), xlabel="deals (log scale)", ylabel="chance of being stuck",
         title="20,000 shuffles home in on the exact answer")
left.legend(loc="upper right")

sizes = np.arange(1, 11)
deals = [cc.analysis.simulate_first_turn(4_000, seed=int(h), hand_size=int(h)) for h in sizes]
share = np.array([d.mean() for d in deals])
low, high = bk.stats.wilson_interval([d.sum() for d in deals], 4_000)
right.bar(sizes, share, color=ORANGE, hatch="//", edgecolor="white", yerr=[share - low, high - share],
          capsize=5, label="4,000 shuffles per size (95% interval)")
right.plot(sizes, table["probability"], "k_", ms=30, mew=3, label="exact")
right.set(xticks=sizes, xlabel="cards in hand", ylabel="chance of being stuck",
          title="Bigger hands are rarely stuck")
right.legend(loc="upper right")
plt.show()

# %% [markdown]
# **Your turn.** The chance of being stuck later in a round depends on what you have seen.
# `cc.analysis.no_match_odds(top, hand_size, seen=...)` takes the top card and the cards you
# know are elsewhere. Choose a top card and your hand size:

# %%
top_choice = widgets.Dropdown(options=[(f"{p} {n}", (p, n)) for p in cc.PICTURES for n in cc.NUMBERS],
                              value=("dagger", 3), description="top card")
size_choice = widgets.IntSlider(value=3, min=1, max=10, description="cards in hand", continuous_update=False,
                                style={"description_width": "initial"})
odds_view = widgets.Output()

def show_odds(change=None):
    top, size = top_choice.value, size_choice.value
    odds = cc.analysis.no_match_odds(top, size)
    show(odds_view, f"{size} random cards hold nothing to play on the {top[0]} {top[1]}: "
                    f"{odds} = {float(odds):.3f}, about 1 time in {float(1 / odds):.1f}")

top_choice.observe(show_odds, names="value")
size_choice.observe(show_odds, names="value")
show_odds()
widgets.VBox([widgets.HBox([top_choice, size_choice]), odds_view])

# %% [markdown]
# ## 3. Is it fair to every seat?
#
# Seat 0 starts the first round. Does that help? After that, the player on the left of the
# round's winner starts. If the seats were equal, each of the 4 would win 1 game in 4.
# Four **Shedder** bots (they get rid of cards fast) play some games; here are 400, with a
# fixed seed so the numbers are the same every time:

# %%
# NBVAL_CHECK_OUTPUT
sample = bk.simulate(rules, n_players=4, n_games=400, seed=0, progress=False)
print(bk.metrics.summary(sample).round(3).to_string())


# %% [markdown]
# 400 games are not many: the intervals are wide. Press the button to play **4,000** games
# on both cores and look at the game the way a designer does:
#
# * **win rate by seat** with 95% intervals, and a chi-square test of "all seats are equal";
# * **how long** a game is: not just the mean, but the median and the long tail (90th and
#   99th percentiles), and the whole histogram;
# * **drama**: how often the lead changes hands, and how often the winner came from behind.

# %%
def fairness_study(view):
    bar = progress_bar(view, 4_000, "4,000 games")
    start = time.perf_counter()
    games = bk.simulate(rules, n_players=4, n_games=4_000, seed=1, executor=pool, progress=bar)
    wins = bk.metrics.win_rates(games)
    fit = bk.metrics.seat_fairness(games)
    histogram = bk.metrics.length_histogram(games, column="rounds", bins=np.arange(0.5, 16.5))

    fig, (left, right) = plt.subplots(1, 2, figsize=(16, 5.5))
    seats = [f"seat {s + 1}" for s in wins.index]
    left.bar(seats, wins["win rate"], color=CHART_COLOURS[:4], hatch=CHART_HATCHES[:4], edgecolor="white",
             yerr=[wins["win rate"] - wins["low"], wins["high"] - wins["win rate"]], capsize=10)
    left.axhline(0.25, color="black", ls="--", label="fair: 1 in 4")
    left.set(ylim=(0, 0.4), ylabel="share of games won", title="Who wins? (95% intervals)")
    left.legend()
    right.bar((histogram["low"] + histogram["high"]) / 2, histogram["share"], width=0.9, color=BLUE)
    right.set(xlabel="rounds in the game", ylabel="share of games", title="How many rounds does a game last?")
    length = pd.DataFrame({"rounds": bk.metrics.length_summary(games, "rounds"),
                           "turns": bk.metrics.length_summary(games, "turns")}).round(2)
    show(view, f"4,000 games in {time.perf_counter() - start:.1f} seconds", fig, wins.round(3),
         "Are the seats equal? " + fit.verdict(), length, bk.metrics.drama(games).round(3).to_frame("drama"),
         bk.metrics.end_reasons(games).round(4))

fairness_button, fairness_view = study_button("Play 4,000 games", fairness_study)
widgets.VBox([fairness_button, fairness_view])

# %% [markdown]
# **Reading the results.** If every interval crosses the dashed line and the p-value is
# large, 4,000 games cannot tell the seats apart: any first-player edge is small. The
# **comeback share** is how often the winner was behind at some point: a game where the
# leader after round 1 nearly always wins is a dull one.

# %% [markdown]
# ## 4. Luck or skill?
#
# In a game of pure luck (snakes and ladders) a clever player wins no more often than anybody
# else; in a game of pure skill (chess) the better player always wins. Where is the Cluedo
# Card Game? We let one clever bot play against three weaker ones, in every seat in turn.
# With 4 players a bot that is no better than the others wins 1 game in 4. We call
#
# $$\text{skill} = \frac{\text{win rate} - \tfrac14}{1 - \tfrac14},$$
#
# **0** when the clever bot wins only its fair share (the game is all luck) and **1** when it
# always wins (all skill). The three bots:
#
# * **Random** plays any card it may;
# * **Shedder** plays action cards as soon as it can, and the card that keeps most of its
#   hand playable; it skips or swaps with whoever has fewest cards;
# * **Revolverist** keeps the Revolver until its hand is much bigger than a rival's, then
#   swaps; its Dagger stabs the leader.
#
# Press the button: every bot plays against three of every other, 600 games a pairing.

# %%
contenders = {"Random": cc.bots.Random(), "Shedder": cc.bots.Shedder(), "Revolverist": cc.bots.Revolverist()}

def tournament_study(view):
    bar = progress_bar(view, 6 * 600, "6 pairings x 600 games")
    start = time.perf_counter()
    results = bk.metrics.tournament(rules, contenders, n_players=4, n_games=600, seed=2, executor=pool,
                                    progress=bar)
    matrix = results.pivot(index="bot", columns="against", values="win rate").reindex(
        index=list(contenders), columns=list(contenders))
    fig, (left, right) = plt.subplots(1, 2, figsize=(17, 5.5))
    image = left.imshow(matrix.to_numpy(dtype=float), cmap="PuOr", vmin=0, vmax=0.5)
    for (i, j), value in np.ndenumerate(matrix.to_numpy(dtype=float)):
        left.text(j, i, "-" if np.isnan(value) else f"{value:.0%}", ha="center", va="center", fontsize=16)
    left.set_xticks(range(3), list(contenders))
    left.set_yticks(range(3), list(contenders))
    left.set(xlabel="... against three of these", ylabel="one of these ...", title="Win rate of one bot against three")
    fig.colorbar(image, ax=left, label="win rate (fair: 25%)")
    labels = [f"{row.bot}\nv {row.against}" for row in results.itertuples()]
    right.barh(labels, results["skill"], color=[BLUE if s >= 0 else ORANGE for s in results["skill"]],
               xerr=[results["skill"] - bk.metrics.skill_figure(results["low"], 4),
                     bk.metrics.skill_figure(results["high"], 4) - results["skill"]], capsize=5)
    right.axvline(0, color="black", lw=1)
    right.set(xlim=(-0.35, 1), xlabel="skill: 0 = all luck, 1 = all skill",
              title="How much does being clever help?")
    show(view, f"{int(results['games'].sum()):,} games in {time.perf_counter() - start:.0f} seconds", fig,
         results.round(3))

tournament_button, tournament_view = study_button("Play the tournament", tournament_study)
widgets.VBox([tournament_button, tournament_view])

# %% [markdown]
# **Reading the results.** A skill figure near 0.1 means that even a much better player
# wins only a little more than her fair share: the shuffle decides most games. Compare it
# with the other games on the index page. Which part of the rules gives luck so much room?
# (Think of the miniatures, and of the Revolver swapping a big hand for a small one.)

# %% [markdown]
# ## 5. Design a better game
#
# Change the rules and measure what the change does. Choose a hand size, a target score and
# what the action cards do, then press **Compare**: the rulebook and your variant each play
# 1,000 games of Shedders (length, fairness, drama) and 800 games of one Shedder against
# three Random bots (skill).
#
# *In JupyterLab* you can change any rule, for example
# `rules.replace(hand_size=7, target=15, powers=(("dagger", "skip chosen"),))`, or the
# miniatures' penalties with `rules.replace(miniatures=(("Mrs. White", 5), ...))`.

# %%
POWER_SETS = {
    "the rulebook's four action cards": cc.POWERS,
    "no action cards (plain matching)": (),
    "no Revolver": tuple(p for p in cc.POWERS if p[0] != "revolver"),
    "every weapon has a power": cc.POWERS + (("lead piping", "skip next"), ("spanner", "again")),
}
hand_size = widgets.IntSlider(value=5, min=2, max=8, description="cards dealt", continuous_update=False,
                              style={"description_width": "initial"})
target = widgets.IntSlider(value=10, min=3, max=25, description="target score", continuous_update=False,
                           style={"description_width": "initial"})
powers = widgets.Dropdown(options=list(POWER_SETS), description="action cards", layout=widgets.Layout(width="480px"),
                          style={"description_width": "initial"})

def design_study(view):
    variant = rules.replace(hand_size=hand_size.value, target=target.value, powers=POWER_SETS[powers.value])
    bar = progress_bar(view, 2 * (1_000 + 800), "rulebook and your variant")
    frames, skill = {}, {}
    for name, chosen in {"rulebook": rules, "your variant": variant}.items():
        frames[name] = bk.simulate(chosen, n_players=4, n_games=1_000, seed=3, executor=pool, progress=bar)
        test = bk.metrics.skill_test(chosen, cc.bots.Shedder(), cc.bots.Random(), n_players=4, n_games=800,
                                     seed=4, executor=pool, progress=bar)
        skill[name] = test["skill"]
    table = bk.metrics.compare(frames, skill)
    fig, axes = plt.subplots(1, 3, figsize=(17, 5))
    for ax, column, title in zip(axes, ["median length", "first seat win rate", "skill"],
                                 ["median turns in a game", "seat 1's win rate (fair: 0.25)", "skill (0 luck, 1 skill)"]):
        ax.bar(table.index, table[column], color=[BLUE, ORANGE], hatch=["", "//"], edgecolor="white")
        ax.set_title(title)
    axes[1].axhline(0.25, color="black", ls="--")
    show(view, table.T.round(3), fig)

compare_button, compare_view = study_button("Compare", design_study)
widgets.VBox([hand_size, target, powers, compare_button, compare_view])

# %% [markdown]
# **Think about it**
#
# * With 8 cards dealt, is anyone ever stuck on the first turn? Is the game longer?
# * Without action cards, is the game more a game of skill or of luck? Why?
# * Does a higher target make the game fairer? More dramatic? Longer, certainly: by how much?
# * Write down the variant you like best and the measures that convinced you.

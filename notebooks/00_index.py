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
(*Restart the kernel and run all cells*). In under a minute, links that open each lesson as an
app and a table and charts comparing the games appear below.
"""))

# %% [markdown]
# # boardkit: probability and game design with vintage board games
#
# Welcome! Each lesson is built around one old board game. You play it, then you use
# the computer to answer questions about it: *What are the odds? How long does a game
# last? Is it fair? What happens if we change a rule?*
#
# Every lesson opens two ways:
#
# * **in JupyterLab** — you see and run the code, and can change it;
# * **as a Voilà app** — code hidden, just the game, the buttons and the charts
#   (handy on a projector).
#
# | # | Lesson | What it teaches |
# |---|--------|-----------------|
# | 1 | **Mystery Date** (1965) | Exact odds as fractions, the law of large numbers, confidence intervals, testing whether a door is fair (chi-square, p-values), game length and first-player advantage, changing rules |
# | 2 | **Mouse Trap** (1963) | Chains of chance: a contraption that works only if all 16 stages do (products of probabilities), the weakest link, backups, the geometric wait for a catch, game length by number of players |
# | 3 | **Philo Vance** (1937) | Deduction: counting hands exactly (beyond the hypergeometric), the chance that 4 of 6 guesses are right, Bayes' rule from "yes" and "no", does reasoning beat guessing? |
# | 4 | **Cluedo Card Game** | Game design: the exact chance of being stuck (hypergeometric), is it fair to every seat, luck against skill in a bot tournament, designing a better variant |
# | 5 | **Win, Lose or Draw** (1988) | Markov chains on a ring (where the white pawn lands, its long run, the wait for a Spade), how long it takes to collect four colours, the race to 8 by dynamic programming and the first team's edge, a simple model checked against the real game |
# | 6 | **Design lab** (any of the five) | Game design as a search: set goals (fair to every seat, a length you like, comebacks), move rule sliders and watch the figures with their intervals, map two rules at once, let a search find the rules, then play the game you designed |
#
# The links below open each lesson. They know how this page is served: in JupyterLab (on
# Binder or your laptop) or as a Voilà app of the whole `notebooks/` folder. From a terminal in
# the project's top folder you can also run the lessons as apps yourself:
#
# ```
# voila notebooks/
# ```

# %%
from IPython.display import display

from boardkit.lessons import lesson_links, lesson_page

LESSONS = {"Mystery Date": "01_mystery_date.ipynb", "Mouse Trap": "02_mouse_trap.ipynb",
           "Philo Vance": "03_philo_vance.ipynb", "Cluedo Card Game": "04_cluedo_cards.ipynb",
           "Win, Lose or Draw": "05_win_lose_draw.ipynb", "Design lab": "06_design_lab.ipynb"}
display(lesson_page())           # big type for the back of the room, and the Large type switch
lesson_links(LESSONS)

# %% [markdown]
# ## How the games compare
#
# A game designer asks the same questions of every game: *How long is it? Is it fair to
# every seat? Is there drama: does the lead change hands? Does skill matter, or is it all
# luck?* The computer answers them the same way for all five games, from games its bots
# play (4 players each; Win, Lose or Draw as two teams of two).

# %%
# The comparison of the five games: a prediction first, then the answer with its intervals.
import ipywidgets as widgets
import numpy as np
import pandas as pd
from IPython.display import display

import boardkit as bk
from boardkit.core.bots import Random
from boardkit.games import cluedo_cards as cc, mouse_trap as mt, mystery_date as md, philo_vance as pv
from boardkit.games import win_lose_draw as wld
from boardkit.lessons import (CHART_COLOURS, CHART_HATCHES, Prediction, chart, progress_bar, show, study_button,
                              table, with_interval)

GAMES = {"Mystery Date": (md.Rules(), md.bots.Collector()), "Mouse Trap": (mt.Rules(), mt.bots.Trapper()),
         "Philo Vance": (pv.Rules(), pv.bots.Detective()), "Cluedo Card Game": (cc.Rules(), cc.bots.Shedder()),
         # The skill in Win, Lose or Draw is drawing, which no bot can do: no skill test for it.
         "Win, Lose or Draw": (wld.Rules(), None)}


def compare_games(n_games, executor=None, progress=False, engine="auto"):
    """Every game's headline figures with their intervals from ``n_games`` games, and its skill from ``n_games`` more."""
    rows = {}
    for name, (rules, clever) in GAMES.items():
        frame = bk.simulate(rules, n_players=4, n_games=n_games, seed=0, executor=executor, progress=progress,
                            engine=engine)
        row = bk.metrics.summary_with_intervals(frame)
        row["fair share"] = bk.metrics.win_rates(frame)["fair share"].iloc[0]
        if clever is not None:
            test = bk.metrics.skill_test(rules, clever, Random(), n_players=4, n_games=n_games, seed=1,
                                         executor=executor, progress=progress, engine=engine)
            # Skill runs from 0 (the clever bot wins only its fair share: luck) to 1 (it always wins). A bot
            # doing worse than luck would count as 0, so the figure and its interval stay on that scale.
            row["skill"], row["skill low"], row["skill high"] = np.clip(
                [test["skill"], test["skill low"], test["skill high"]], 0, 1)
        rows[name] = row
    return pd.DataFrame(rows).T


def comparison_table(figures):
    """The figures a class reads, each with its 95% interval, as a table with plain headers."""
    def cell(name, name_low, name_high, percent, decimals=0):
        return [with_interval(row[name], row[name_low], row[name_high], percent=percent, decimals=decimals)
                if pd.notna(row.get(name)) else "no bot can draw" for _, row in figures.iterrows()]
    shown = pd.DataFrame({
        "Game": figures.index,
        "Median length (turns)": cell("median length", "median length low", "median length high", False),
        "First seat (or team) wins": cell("first seat win rate", "first seat win rate low",
                                          "first seat win rate high", True),
        "Fair share": [f"{share:.0%}" for share in figures["fair share"]],
        "Winner came from behind": cell("comeback share", "comeback share low", "comeback share high", True),
        "Skill (0 luck, 1 skill)": cell("skill", "skill low", "skill high", False, 2),
    })
    return table(shown)


def comparison_chart(figures, n_games):
    """Three panels, each bar with its 95% interval: the first seat's edge, comebacks, skill."""
    fig, axes = chart(1, 3, width=11, height=4.6)
    names = [name.replace(" ", "\n", 1) for name in figures.index]
    panels = [("first seat win rate", "First seat (or team)\nwins this share"),
              ("comeback share", "The winner came\nfrom behind"), ("skill", "Skill: 0 all luck,\n1 all skill")]
    x = np.arange(len(names))
    for ax, (column, title) in zip(axes, panels):
        values = figures[column].astype(float)
        low = (values - figures[f"{column} low"].astype(float)).clip(lower=0)
        high = (figures[f"{column} high"].astype(float) - values).clip(lower=0)
        ax.bar(x, values.fillna(0), color=CHART_COLOURS[:5], hatch=CHART_HATCHES[:5], edgecolor="white")
        ax.errorbar(x, values.fillna(0), yerr=[low.fillna(0), high.fillna(0)], fmt="none", ecolor="black",
                    elinewidth=2, capsize=5, label="95% interval")
        if column == "first seat win rate":      # a dashed bar-wide line, unlike the intervals' short caps
            ax.hlines(figures["fair share"], x - 0.45, x + 0.45, colors="black", linestyles=(0, (2, 1)), lw=3,
                      zorder=3, label="fair share")
            ax.legend(loc="upper right")
        for slot in x[values.isna().to_numpy()]:  # a game with no figure: say why in the bar's empty slot
            ax.text(slot, 0.03, "no bot can draw" if column == "skill" else "no figure", rotation=90,
                    ha="center", va="bottom", color="black")
        ax.set_title(title)
        ax.set_ylim(0, 1.05)                      # a cap at 1 drawn whole, not on the frame
        ax.set_xticks(x, names, rotation=90)
    fig.suptitle(f"{n_games:,} games of each; the black lines with caps are 95% intervals")
    return fig


guess = Prediction("Of the four games a bot can play well, which is the most about luck "
                   "(its clever bot beats three random players least often)?",
                   choices=list(GAMES)[:4],
                   reveal=lambda p: [comparison_chart(quick, 100), comparison_table(quick)])
quick = compare_games(100, engine="reference")      # at load: 100 of each, on the readable engine (nothing to compile)
guess

# %% [markdown]
# With only 100 games of each the intervals are wide: a rough picture. The button plays
# 1,000 of each on the computer's fast lane (about ten times more games in less time) for
# a sharper one.

# %%
from IPython.display import Markdown


def more_games(view):
    if not guess.revealed:           # the sharper answer waits for the prediction, as the first one does
        show(view, Markdown("*Lock your prediction above and press **Show the answer** first.*"))   # page's type
        return
    bar = progress_bar(view, 9 * 1_000, "5 games, 1,000 each, and 4 skill tests")
    with bk.process_pool(workers=2) as pool:    # Binder gives us 2 CPU cores: play games on both
        sharper = compare_games(1_000, executor=pool, progress=bar)
    show(view, comparison_chart(sharper, 1_000), comparison_table(sharper))

more_button, more_view = study_button("Play 1,000 of each", more_games)
widgets.VBox([more_button, more_view])

# %% [markdown]
# ### For coders
#
# `bk.metrics.compare` puts the headline figures of several simulations side by side; the
# seeded figures below (the answer of the prediction above: open them after it) do not change
# from run to run.

# %%
# NBVAL_CHECK_OUTPUT
from boardkit.lessons import back_to_part_one, folded

with folded("The 100 games of each, printed by code"):
    print(quick[["median length", "first seat win rate", "fair share", "comeback share", "skill"]].round(2)
          .to_string())

# %% jupyter={"source_hidden": true}
# Run All ends here: back to the top (JupyterLab would stay at this last cell)
back_to_part_one()

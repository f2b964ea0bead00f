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
# | # | Lesson | What it teaches | Open |
# |---|--------|-----------------|------|
# | 1 | **Mystery Date** (1965) | Exact odds as fractions, the law of large numbers, confidence intervals, testing whether a door is fair (chi-square, p-values), game length and first-player advantage, changing rules | [in JupyterLab](01_mystery_date.ipynb) · [as a Voilà app](../voila/render/notebooks/01_mystery_date.ipynb) |
# | 2 | **Mouse Trap** (1963) | Chains of chance: a contraption that works only if all 16 stages do (products of probabilities), the weakest link, backups, the geometric wait for a catch, game length by number of players | [in JupyterLab](02_mouse_trap.ipynb) · [as a Voilà app](../voila/render/notebooks/02_mouse_trap.ipynb) |
# | 3 | **Philo Vance** (1937) | Deduction: counting hands exactly (beyond the hypergeometric), the chance that 4 of 6 guesses are right, Bayes' rule from "yes" and "no", does reasoning beat guessing? | [in JupyterLab](03_philo_vance.ipynb) · [as a Voilà app](../voila/render/notebooks/03_philo_vance.ipynb) |
# | 4 | **Cluedo Card Game** | Game design: the exact chance of being stuck (hypergeometric), is it fair to every seat, luck against skill in a bot tournament, designing a better variant | [in JupyterLab](04_cluedo_cards.ipynb) · [as a Voilà app](../voila/render/notebooks/04_cluedo_cards.ipynb) |
# | 5 | **Win, Lose or Draw** (1988) | Markov chains on a ring (where the white pawn lands, its long run, the wait for a Spade), how long it takes to collect four colours, the race to 8 by dynamic programming and the first team's edge, a simple model checked against the real game | [in JupyterLab](05_win_lose_draw.ipynb) · [as a Voilà app](../voila/render/notebooks/05_win_lose_draw.ipynb) |
# | 6 | **Design lab** (any of the five) | Game design as a search: set goals (fair to every seat, a length you like, comebacks), move rule sliders and watch the figures with their intervals, map two rules at once, let a search find the rules, then play the game you designed | [in JupyterLab](06_design_lab.ipynb) · [as a Voilà app](../voila/render/notebooks/06_design_lab.ipynb) |
#
# **How the app links work.** The "as a Voilà app" link works when JupyterLab (or
# Jupyter Server) with Voilà is started from the top folder of this project. From a
# terminal in that folder you can also run a single lesson as an app:
#
# ```
# voila notebooks/01_mystery_date.ipynb
# ```
#
# On Binder, add `?urlpath=voila%2Frender%2Fnotebooks%2F01_mystery_date.ipynb` to the
# launch link, or use the links printed by the cell below (they know the server's
# address).

# %%
import pkgutil

import pandas as pd
import boardkit
import boardkit.games

print("boardkit version", boardkit.__version__)

installed = {module.name for module in pkgutil.iter_modules(boardkit.games.__path__)}
lessons = pd.DataFrame({
    "game": ["Mystery Date", "Mouse Trap", "Philo Vance", "Cluedo Card Game", "Win, Lose or Draw"],
    "module": ["mystery_date", "mouse_trap", "philo_vance", "cluedo_cards", "win_lose_draw"],
    "lesson": ["01_mystery_date.ipynb", "02_mouse_trap.ipynb", "03_philo_vance.ipynb", "04_cluedo_cards.ipynb",
               "05_win_lose_draw.ipynb"],   # "" would mean: no lesson yet
})
lessons["status"] = ["ready" if m in installed and lesson else "coming"
                     for m, lesson in zip(lessons["module"], lessons["lesson"])]
lessons

# %% [markdown]
# Links that work wherever this server runs (on your laptop or on Binder):

# %%
import os
from IPython.display import HTML

# Where this Jupyter server lives: "/" on a laptop, "/user/<name>/" on Binder or a hub.
base = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
links = [f'<li><b>{row.game}</b>: <a href="{base}voila/render/notebooks/{row.lesson}" target="_blank">'
         f'open as a Voilà app</a></li>'
         for row in lessons.itertuples() if row.status == "ready" and row.lesson]
links.append(f'<li><b>Design lab</b>: <a href="{base}voila/render/notebooks/06_design_lab.ipynb" '
             f'target="_blank">open as a Voilà app</a></li>')
HTML("<ul style='font-size: 130%'>" + "".join(links) + "</ul>")

# %% [markdown]
# ## How the games compare
#
# A game designer asks the same questions of every game: *How long is it? Is it fair to
# every seat? Is there drama, does the lead change hands? And does skill matter, or is it
# all luck?* `bk.metrics` answers them from simulated games, the same way for every game.
# Each game is played by its own heuristic bots (4 players), and then by one heuristic bot
# against three Random ones, to measure skill.
#
# * **length**: in turns, so each game's own kind of turn (Mouse Trap's turns are short);
# * **first seat win rate**: 0.25 would be fair with 4 players;
# * **seat test p**: a small p (below 0.05) says the seats are *not* equal. Even with
#   perfectly fair seats, about one test in twenty gives a p below 0.05 by chance, and 100
#   games is few: before believing a small p, play more games and see if it stays small;
# * **comeback share**: how often the winner was behind the leader at some point;
# * **skill**: 0 when the clever bot wins only its fair share (all luck), 1 when it always wins.
#
# The table below comes from only 100 games of each, so the page opens quickly: a rough
# picture. The button under the chart plays 1,000 of each for a sharper one.

# %%
# NBVAL_CHECK_OUTPUT
import boardkit as bk
from boardkit.core.bots import Random
from boardkit.games import cluedo_cards as cc, mouse_trap as mt, mystery_date as md, philo_vance as pv

CLEVER_BOTS = {"Mystery Date": (md.Rules(), md.bots.Collector()), "Mouse Trap": (mt.Rules(), mt.bots.Trapper()),
               "Philo Vance": (pv.Rules(), pv.bots.Detective()), "Cluedo Card Game": (cc.Rules(), cc.bots.Shedder())}

def compare_games(n_games, executor=None, progress=False, engine="auto"):
    """Every game's headline measures from ``n_games`` games, and its skill from ``n_games`` more."""
    frames, skill = {}, {}
    for name, (rules, bot) in CLEVER_BOTS.items():
        frames[name] = bk.simulate(rules, n_players=4, n_games=n_games, seed=0, executor=executor,
                                   progress=progress, engine=engine)
        test = bk.metrics.skill_test(rules, bot, Random(), n_players=4, n_games=n_games, seed=1,
                                     executor=executor, progress=progress, engine=engine)
        skill[name] = test["skill"]
    return bk.metrics.compare(frames, skill)

# The page opens with 100 games of each on the readable engine (nothing to compile);
# the button below plays 1,000 on the compiled fast lane where a game has one.
comparison = compare_games(100, engine="reference")
print(comparison.round(2).T.to_string())

# %%
# %matplotlib inline
import ipywidgets as widgets
import matplotlib.pyplot as plt
from boardkit.lessons import CHART_COLOURS, CHART_HATCHES, progress_bar, show, study_button

plt.rcParams["font.size"] = 14

def comparison_chart(comparison, n_games):
    fig, axes = plt.subplots(1, 3, figsize=(18, 5.5))
    panels = [("first seat win rate", "Does the first seat win more?", 0.25),
              ("comeback share", "Drama: the winner came from behind", None),
              ("skill", "Skill: 0 = all luck, 1 = all skill", None)]
    for ax, (column, title, fair) in zip(axes, panels):
        ax.bar(comparison.index, comparison[column], color=CHART_COLOURS[:4], hatch=CHART_HATCHES[:4],
               edgecolor="white")
        if fair is not None:
            ax.axhline(fair, color="black", ls="--", label="fair")
            ax.legend()
        ax.set_title(title)
        ax.tick_params(axis="x", rotation=25)
    fig.suptitle(f"{n_games:,} games of each game, and {n_games:,} more to measure skill")
    return fig

def more_games(view):
    bar = progress_bar(view, 8 * 1_000, "4 games x 2 x 1,000")
    with bk.process_pool(workers=2) as pool:    # Binder gives us 2 CPU cores: play games on both
        sharper = compare_games(1_000, executor=pool, progress=bar)
    show(view, comparison_chart(sharper, 1_000), sharper.round(3).T)

chart_view = widgets.Output()
show(chart_view, comparison_chart(comparison, 100))
more_button, more_view = study_button("Play 1,000 of each", more_games)
widgets.VBox([chart_view, more_button, more_view])

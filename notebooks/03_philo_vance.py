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
(*Restart the kernel and run all cells*). In ten to twenty seconds the estate board appears under
*1. Play a game*, ready for your first roll; the odds, charts and study buttons follow.
"""))

# %% [markdown]
# # Philo Vance: a detective's deduction
#
# In **Philo Vance** (Parker Brothers, 1937) securities worth 20,000 dollars have vanished from
# a drawer in the living room. Ten people of the household are suspects. Each player is a
# detective: race to the **X** where the securities lay, collect twelve **clue cards**,
# then **arrest a suspect on suspicion** by naming six clues. The holder of the suspect's
# secret **confirmation card** only says *"successful"* (at least 4 of the 6 are right)
# or *"unsuccessful"*, never which ones. To win, prove 7 clues right in front of the Judge.
#
# Nobody ever shows you the answer, so you must **reason from yes and no**. In this
# lesson you will:
#
# 1. play a game;
# 2. work out what twelve random clues can tell you (counting hands exactly);
# 3. choose whom to arrest and which six clues to name, and weigh the risk of a third failure;
# 4. learn from "yes" and "no" like a detective, with Bayes' rule;
# 5. test whether reasoning pays: a reasoning detective against one who guesses;
# 6. change the rules: the experts' game, no retirement, a different deck.
#
# *Nothing of the 1937 cards survives but the rulebook, so boardkit's clues, cards and
# board are a careful reconstruction.*

# %% tags=["setup"]
# Setup: the tools for this lesson
# %matplotlib inline
import time

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import boardkit as bk
from boardkit.games import philo_vance as pv
from boardkit.lessons import CHART_COLOURS, CHART_HATCHES, show   # show(output_widget, text, table, figure, ...)
from boardkit.lessons import progress_bar, study_button            # a button that runs a long study, a progress bar

plt.rcParams["font.size"] = 14
BLUE, ORANGE, GREEN = CHART_COLOURS[:3]
pool = bk.process_pool(workers=2)   # Binder gives us 2 CPU cores: play games on both
rules = pv.Rules()                  # the rulebook's adult game
names = [s.name for s in pv.SUSPECTS]

# %% [markdown]
# ## 1. Play a game
#
# You are **player 1**; the computer plays the others. Press **Roll** to throw both dice
# and click a highlighted space to move there. Reach the **X** in the living room (by exact
# count from a side square, or by landing on a green arrow) to receive your twelve clues.
# Then land on red clue spots to swap clues, and arrest a suspect when your clues fit.
# The grid on the right is what the whole table knows: dark squares are clues likely to be
# on a suspect's card.

# %%
pv.App(n_players=4, seats=["human", "Detective", "Detective", "Random"])

# %% [markdown]
# ## 2. What twelve random clues tell you
#
# The 100 clue cards show 50 different clues, some printed on 3 cards, some on only 1.
# Each suspect's confirmation card lists **12 different clues**. When you first reach X
# you draw 12 cards at random. How likely is it that they already hold **4 different**
# clues of a suspect's card, enough to declare? Or 7, enough to convict?
#
# A hand is one of $\binom{100}{12}$ equally likely hands, so the answer is a count of
# hands. The usual **hypergeometric** formula counts matching *cards*; but two copies of one
# clue count once in this game, so boardkit counts hands by how many *different* clues of
# the card they hold.

# %%
# NBVAL_CHECK_OUTPUT
odds = pv.analysis.hand_match_table(hand_size=12, thresholds=(4, 7, 9)).set_index("name")
print(odds[["cards in deck", "at least 4 different", "at least 4 cards", "at least 7 different"]]
      .round(4).to_string())
print(f"at least 9 different clues of one card: at most {odds['at least 9 different'].max():.1e}")

# %% [markdown]
# Counting cards (the plain hypergeometric column) overstates the chance: a hand with two
# copies of the same clue has one clue, not two. Seven different clues of one card in a
# fresh hand is rare (well under 1%), nine almost impossible: you will have to **collect** clues.
#
# Let's check the exact answer by dealing 20,000 hands. The bars are the share of dealt
# hands with at least 4 different clues of each suspect's card, with a 95% interval; the
# black marks are the exact chances.

# %%
matches = pv.analysis.simulate_hand_matches(20_000, seed=3)     # (hands, suspects): different clues held
hits = (matches >= 4).sum(axis=0)
low, high = bk.stats.wilson_interval(hits, len(matches))
share = hits / len(matches)

fig, ax = plt.subplots(figsize=(14, 5))
x = np.arange(len(names))
ax.bar(x, share, color=BLUE, yerr=[share - low, high - share], capsize=6, label="20,000 dealt hands (95% interval)")
ax.scatter(x, odds["at least 4 different"].to_numpy(), marker="_", s=900, color="black", lw=3, zorder=3, label="exact")
ax.set_xticks(x, names, rotation=30, ha="right")
ax.set(ylabel="share of hands", ylim=(0, 0.6),
       title="Twelve random clues hold 4 different clues of this suspect's card")
ax.legend(loc="upper right")
plt.show()

# %% [markdown]
# ## 3. Whom to arrest, and which six clues to name
#
# Before any verdict, all a detective knows is what the clue **texts** suggest. A cigar
# butt is a man's clue, a lace handkerchief a woman's; a camera lens cap points at the
# Bond Salesman (photography is his hobby); a pair of spectacles could be anybody's. From
# these tags alone boardkit gives each clue a **belief**, a chance of being on each card,
# chosen so that every suspect's beliefs add up to the 12 clues on the card.
#
# Here is a hand of twelve clues, dealt with a fixed seed.

# %%
grid = pv.analysis.KnowledgeGrid.from_prior()
deal = np.random.default_rng(2015).permutation(rules.deck_cards)[:12]
hand = pd.DataFrame({"clue": [pv.CLUES[c].text for c in deal], "tag": [pv.CLUES[c].tag for c in deal]},
                    index=pd.RangeIndex(1, 13, name="juror"))
hand

# %% [markdown]
# For each suspect, name the six clues you believe in most. If the beliefs are independent
# chances $p_1, \dots, p_6$, the chance that **at least 4** are right is a sum over which of
# the six are right:
#
# $$P(\text{at least 4}) = \sum_{S:\,|S| \ge 4} \; \prod_{j \in S} p_j \prod_{j \notin S} (1 - p_j).$$
#
# `pv.analysis.declaration_odds` computes it exactly, and `best_declaration` tries all
# $\binom{12}{6} = 924$ ways to pick six clues.

# %%
# NBVAL_CHECK_OUTPUT
rows = []
for s, suspect in enumerate(pv.SUSPECTS):
    named, chance = pv.analysis.best_declaration(grid.row(s), deal)
    rows.append({"suspect": suspect.name, "best 6 to name": ", ".join(pv.CLUES[c].text for c in named),
                 "chance of success": round(chance, 4)})
arrests = pd.DataFrame(rows).sort_values("chance of success", ascending=False)
print(arrests[["suspect", "chance of success"]].head(5).to_string(index=False))
best, named, chance = pv.analysis.best_arrest(grid.beliefs, deal, range(10))
print(f"arrest {names[best]}, naming: " + "; ".join(pv.CLUES[c].text for c in named))


# %% [markdown]
# ### The risk of the third failure
#
# An unsuccessful declaration costs the six named clues (six new ones replace them) and
# commits you to that suspect. Fail **three** times and you must retire. If each attempt
# succeeds with chance $q$, and the attempts were independent, the chance of failing all
# three is $(1-q)^3$. Drag the slider: how sure must you be before you arrest?

# %%
def retire_chart(q):
    qs = np.linspace(0, 1, 201)
    fig, ax = plt.subplots(figsize=(11, 5))
    ax.plot(qs, (1 - qs) ** 3, color=ORANGE, lw=3, label="retire: all three attempts fail")
    ax.plot(qs, 1 - (1 - qs) ** 3, color=BLUE, lw=3, ls="--", label="succeed within three attempts")
    ax.plot([q], [(1 - q) ** 3], "o", ms=14, color=ORANGE)
    ax.plot([q], [1 - (1 - q) ** 3], "s", ms=14, color=BLUE)
    ax.set(xlabel="chance one declaration succeeds", ylabel="chance", ylim=(0, 1.02),
           title=f"Each attempt {q:.0%}: retire {(1 - q) ** 3:.1%}, expected attempts "
                 f"{(1 - (1 - q) ** 3) / q if q else 3:.2f}")
    ax.legend(loc="center right")
    return fig

attempt = widgets.FloatSlider(value=round(chance, 2), min=0.05, max=1.0, step=0.01, description="one attempt",
                              continuous_update=False, style={"description_width": "initial"},
                              layout=widgets.Layout(width="600px"))
retire_view = widgets.Output()
attempt.observe(lambda change: show(retire_view, retire_chart(change["new"])), names="value")
show(retire_view, retire_chart(attempt.value))
widgets.VBox([attempt, retire_view])

# %% [markdown]
# ## 4. Learning from "yes" and "no"
#
# Everybody at the table hears the six clues named and the verdict. A detective updates
# his beliefs with **Bayes' rule**. For a named clue $j$ and the verdict "successful":
#
# $$P(j \text{ on the card} \mid \text{yes}) = \frac{p_j \; P(\text{at least 3 of the other 5 right})}{P(\text{at least 4 of the 6 right})}.$$
#
# A "yes" raises every named clue's belief; a "no" lowers them, and lowers most the clues
# we were least sure of. Here the table hears two verdicts about the Butler.
#
# After two verdicts the formula above is not enough: the "yes" has tied the six named
# clues together (if one of them is wrong, the others must be right), and the second
# arrest names clue 23 again. So we condition **exactly**: list every way the eleven
# clues named could be right or wrong ($2^{11} = 2048$ patterns), keep the patterns that
# agree with both verdicts, and weigh them (`pv.analysis.update_on_verdicts`). The last
# column shows what the grid gets by applying one verdict after the other, which treats
# the clues as independent again after each one: close, but about 0.01 too low here.

# %%
# NBVAL_CHECK_OUTPUT
butler = pv.SUSPECTS[7].key
learning = pv.analysis.KnowledgeGrid.from_prior()
first = (23, 25, 40, 42, 32, 34)       # his bright necktie, the polishing cloth, ...: the referee says "yes"
second = (23, 33, 44, 41, 36, 38)      # another six: "no" (the real card agrees with both verdicts)
before = learning.row(butler).copy()
after_yes = pv.analysis.update_on_verdicts(before, [(first, True)])
after_both = pv.analysis.update_on_verdicts(before, [(first, True), (second, False)])   # exact
learning.on_declaration(butler, first, successful=True)      # the grid: one verdict after the other
learning.on_declaration(butler, second, successful=False)
one_by_one = learning.row(butler)
print(f"{'clue':>36}  before   'yes'   'yes' and 'no'   (one verdict at a time)")
for clue in sorted(set(first) | set(second)):
    print(f"{pv.CLUES[clue].text:>36}: {before[clue]:.3f} -> {after_yes[clue]:.3f} -> {after_both[clue]:.3f}"
          f"          ({one_by_one[clue]:.3f})")


# %%
def belief_picture(beliefs, title, highlight=None):
    fig, ax = plt.subplots(figsize=(18, 5.5))
    image = ax.imshow(beliefs, cmap="Blues", vmin=0, vmax=1, aspect="auto")
    ax.set_yticks(range(len(names)), names)
    ax.set_xticks(range(len(pv.CLUES)), [str(c.id) for c in pv.CLUES], fontsize=9)
    ax.set_xlabel("clue number (each clue's text is in the list of clues further down)")
    if highlight is not None:
        ax.add_patch(plt.Rectangle((-0.5, highlight - 0.5), len(pv.CLUES), 1, fill=False, ec=ORANGE, lw=4))
    fig.colorbar(image, ax=ax, label="belief: clue on the card")
    ax.set_title(title)
    return fig

grid_view = widgets.Output()
show(grid_view, belief_picture(learning.beliefs, "After a 'yes' and a 'no' about the Butler", highlight=7))
grid_view

# %% [markdown]
# ### Your turn: interrogate a secret card
#
# The computer holds the ten real confirmation cards. Choose a suspect and six different
# clues, and press **Arrest**: you hear only "successful" or "unsuccessful". Watch the
# beliefs move. How few arrests do you need before you are sure of six clues on a card?

# %%
detective = pv.analysis.KnowledgeGrid.from_prior()
heard = []
who = widgets.Dropdown(options=[(s.name, i) for i, s in enumerate(pv.SUSPECTS)], value=7, description="suspect")
clue_choice = widgets.SelectMultiple(options=[(f"{c.id}: {c.text} ({c.tag})", c.id) for c in pv.CLUES],
                                     value=(23, 25, 40, 42, 32, 34), rows=12, description="six clues",
                                     layout=widgets.Layout(width="560px"))
arrest_button = widgets.Button(description="Arrest!", button_style="primary", icon="gavel",
                               layout=widgets.Layout(width="200px", height="50px"))
reset_button = widgets.Button(description="Forget everything", icon="undo",
                              layout=widgets.Layout(width="200px", height="50px"))
verdict_view = widgets.Output()

def arrest(button=None):
    named = tuple(clue_choice.value)
    if len(named) != rules.named_clues:
        show(verdict_view, f"Name exactly {rules.named_clues} different clues (you chose {len(named)}).")
        return
    suspect = who.value
    right = len(set(named) & rules.card_sets[suspect])      # the referee's secret count
    successful = right >= rules.declare_correct
    odds = pv.analysis.declaration_odds(detective.row(suspect), named)
    detective.on_declaration(suspect, named, successful)
    heard.append({"suspect": names[suspect], "named": ", ".join(map(str, named)),
                  "chance beforehand": round(odds, 3), "verdict": "successful" if successful else "unsuccessful"})
    row = detective.row(suspect)
    likely = pd.DataFrame({"clue": [pv.CLUES[c].text for c in detective.most_likely(suspect, 8)],
                           "belief": [round(float(row[c]), 3) for c in detective.most_likely(suspect, 8)]})
    show(verdict_view, f"The verdict: {heard[-1]['verdict'].upper()}.", pd.DataFrame(heard),
         belief_picture(detective.beliefs, f"What you know after {len(heard)} arrest{'s' if len(heard) > 1 else ''}",
                        highlight=suspect),
         f"The clues likeliest on {names[suspect]}'s card:", likely)

def forget(button=None):
    global detective
    detective = pv.analysis.KnowledgeGrid.from_prior()
    heard.clear()
    show(verdict_view, "Back to what the clue texts alone say.")

arrest_button.on_click(arrest)
reset_button.on_click(forget)
widgets.VBox([widgets.HBox([who, clue_choice]), widgets.HBox([arrest_button, reset_button]), verdict_view])


# %% [markdown]
# ## 5. Does reasoning pay?
#
# The **Detective** bot keeps a belief grid, updates it after every verdict it hears, names
# its six likeliest clues and arrests only when the chance of success is at least 60%
# (`boldness`), or at least 85% on an attempt that would retire it: by the book, the third
# (`last_try_boldness`). It tries to convict when the chance of enough right clues is at least 60%.
# The **Random** bot does anything that is allowed. Two of each play 500 four-player games,
# half of them with the Detectives in seats 1 and 3, half in seats 2 and 4 (so the seat
# does not decide). Press the button.

# %%
def duel(view):
    bar = progress_bar(view, 500, "500 games")
    D, R = pv.bots.Detective, pv.bots.Random
    line_ups = {(0, 2): [D(), R(), D(), R()], (1, 3): [R(), D(), R(), D()]}   # Detectives' seats: bots
    start = time.perf_counter()
    wins, frames = pd.Series({"Detective": 0, "Random": 0}), []
    for seed, (seats, bots) in enumerate(line_ups.items()):
        games = bk.simulate(rules, n_players=4, n_games=250, seed=seed, bots=bots, executor=pool, progress=bar)
        won = games["winner"].dropna()
        wins += [won.isin(seats).sum(), (~won.isin(seats)).sum()]
        frames.append(games)
    games = pd.concat(frames, ignore_index=True)
    decided = int(wins.sum())
    low, high = bk.stats.wilson_interval(wins.to_numpy(), decided)
    share = wins / decided
    fig, ax = plt.subplots(figsize=(9, 5))
    ax.bar(wins.index, share, color=[BLUE, ORANGE], hatch=["", "//"], edgecolor="white",
           yerr=[share - low, high - share], capsize=12)
    ax.axhline(0.5, color="black", ls="--", label="no better than luck: 1/2")
    ax.set(ylabel="share of the games won", ylim=(0, 1),
           title=f"Two Detectives against two Random bots ({decided} games with a winner)")
    ax.legend()
    table = pd.DataFrame({"wins": wins, "share": share.round(3), "low": np.round(low, 3), "high": np.round(high, 3)})
    show(view, f"500 games in {time.perf_counter() - start:.0f} seconds", fig, table,
         bk.metrics.end_reasons(games).round(3))

duel_button, duel_view = study_button("Play 500 games", duel)
widgets.VBox([duel_button, duel_view])

# %% [markdown]
# ## 6. Change the rules
#
# * **The 5-8-10 game for experts**: declare with 5 right of 6, convict with 8, then 10.
# * **No retirement**: the book says the third-failure rule "may be disregarded".
# * **A different deck**: one card of every clue, or two of every clue.
# * **No Judge needed**: try to convict as soon as you have declared.
#
# Pick a variant and press **Compare**: four Detectives play 300 games of the rulebook and
# 300 of your variant.
#
# *In JupyterLab* you can change any rule: `rules.replace(named_clues=8, declare_correct=5)`,
# `pv.Rules.children_game()`, `rules.replace(deck=...)` (copies of each clue), or give a
# suspect a different confirmation card with `rules.replace(cards=...)`.

# %%
game_kind = widgets.Dropdown(options=["rulebook", "experts: 5-8-10", "children's game"], value="experts: 5-8-10",
                             description="game")
retirement = widgets.Checkbox(value=True, description="retire after the third failure", indent=False,
                              layout=widgets.Layout(width="500px"))
judge = widgets.Checkbox(value=True, description="the Judge must be in play to convict", indent=False,
                         layout=widgets.Layout(width="500px"))
deck = widgets.Dropdown(options=["the box (100 cards)", "one card of every clue", "two cards of every clue"],
                        description="deck", layout=widgets.Layout(width="420px"))
DECKS = {"the box (100 cards)": rules.deck, "one card of every clue": (1,) * rules.n_clues,
         "two cards of every clue": (2,) * rules.n_clues}

def my_variant():
    base = {"rulebook": pv.Rules, "experts: 5-8-10": pv.Rules.expert,
            "children's game": pv.Rules.children_game}[game_kind.value]
    return base(retire_after_failures=3 if retirement.value else None, judge_needed=judge.value,
                deck=DECKS[deck.value])

def compare(view):
    try:
        variant = my_variant()
    except ValueError as error:
        show(view, f"That variant makes no sense: {error}")
        return
    bar = progress_bar(view, 600, "rulebook and variant")
    rows = {}
    for name, chosen in {"rulebook": rules, "your variant": variant}.items():
        games = bk.simulate(chosen, n_players=4, n_games=300, seed=0, executor=pool, progress=bar)
        rows[name] = {"median turns": games["turns"].median(),
                      "90th percentile turns": games["turns"].quantile(0.9),
                      "declarations per game": games["declarations"].mean(),
                      "failed declarations per game": (games["declarations"] - games["successful"]).mean(),
                      "players retired per game": games["retired"].mean(),
                      "share convicted": (games["end"] == "convicted").mean(),
                      "share at turn cap": (games["end"] == "turn cap").mean()}
    table = pd.DataFrame(rows)
    fig, ax = plt.subplots(figsize=(10, 4.5))
    table.loc[["median turns", "90th percentile turns"]].plot.bar(ax=ax, color=[BLUE, ORANGE], rot=0)
    for bar_patch, hatch in zip(ax.patches, ["", ""] + ["//", "//"]):
        bar_patch.set_hatch(hatch)
    ax.set(ylabel="turns", title="How long is a game?")
    show(view, table.round(3), fig)

compare_button, compare_view = study_button("Compare", compare)
widgets.VBox([game_kind, retirement, judge, deck, compare_button, compare_view])

# %% [markdown]
# **Think about it**
#
# * Why does a "no" lower the beliefs of the clues you were *least* sure of the most?
# * Is a 60% chance enough to arrest? What would you do on your third attempt?
# * In the experts' game, are declarations riskier? Does the game get longer?
# * With one card of every clue, does a hand say more or less about a suspect?

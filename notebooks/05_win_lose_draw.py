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
(*Restart the kernel and run all cells*). In ten to twenty seconds the sketch pad and timer appear
under *1. Play*, ready for the first card; the board's odds, charts and study buttons follow.
"""))

# %% [markdown]
# # Win, Lose or Draw: timers, teams and a die
#
# In **Win, Lose or Draw** (Milton Bradley, 1988) you sketch a name or phrase, with no
# letters and no words, while your team shouts out guesses before the timer runs out.
# The box has two ways to play:
#
# * **Team Play**: two teams take turns to sketch. A card guessed in time is a point; if the
#   Sketcher's team misses, the other team has ten seconds to **steal** it with one guess.
#   The first team to **8 points** wins.
# * **Gameboard Play**: the first correct Guesser takes a coloured pawn; the successful
#   Sketcher rolls the die, moves the **white square pawn** round the board and collects the
#   colour it lands on. Own **four colours**, then guess right once more *and* see the white
#   pawn land on a **Spade Space** to win the **Ace-In-The-Hole** card and the game.
#
# Drawing is a skill nobody can put in a formula, but everything around it is probability.
# In this lesson you will:
#
# 1. play, with a sketch pad, a timer and a card only the Sketcher sees;
# 2. work out the **board's odds**: where the white pawn lands, and how long until a Spade;
# 3. find **how long it takes to collect four colours**;
# 4. see **who wins the race to 8** when one team draws better, and what sketching first is worth;
# 5. **tinker**: a longer track, more Spades, a shorter timer.
#
# Wherever there is an exact answer you will see it beside a simulation that homes in on it.
#
# *The 1988 board's order of spaces is lost, so boardkit reconstructs it: a Spade at each of
# the 4 corners and 6 coloured squares along each side, the colours cycling red, green, blue,
# orange all the way round.*

# %% tags=["setup"]
# Setup: the tools for this lesson
# %matplotlib inline
import time
from fractions import Fraction

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import boardkit as bk
from boardkit.games import win_lose_draw as wld
from boardkit.lessons import CHART_COLOURS, CHART_HATCHES, show   # show(output_widget, text, table, figure, ...)
from boardkit.lessons import progress_bar, study_button            # a button that runs a long study, a progress bar
from boardkit.render.palette import SUIT_COLOURS                   # the board's colours, colour-blind-safe

plt.rcParams["font.size"] = 14
BLUE, ORANGE, GREEN = CHART_COLOURS[:3]
pool = bk.process_pool(workers=2)   # Binder gives us 2 CPU cores: play games on both
team_rules = wld.Rules()                    # Team Play by the rulebook: first team to 8
board_rules = wld.Rules(play="gameboard")   # Gameboard Play by the rulebook
track = board_rules.track                   # the white pawn's path: 28 spaces, space 0 first
Skilled = wld.bots.Skilled                  # a bot seat: a player whose sketches are guessed with chance p_guess

# Every kind of space drawn in its board colour AND its own pattern, so charts read without colour.
HATCH = {"stripes": "//", "dots": "..", "solid": "", "cross-hatch": "xx"}
KINDS = [wld.SPADE, *wld.COLOURS]
KIND_COLOUR = {wld.SPADE: "#444444", **{c: SUIT_COLOURS[c].colour for c in wld.COLOURS}}
KIND_HATCH = {wld.SPADE: "oo", **{c: HATCH[SUIT_COLOURS[c].pattern] for c in wld.COLOURS}}


def thin(running, points=400):
    """About ``points`` rows of a running estimate, spread evenly on a log scale: enough to draw."""
    return running.iloc[np.unique(np.geomspace(1, len(running), points).astype(int)) - 1]


# %% [markdown]
# ## 1. Play
#
# **Team Play** for 4 players: seats 1 and 3 are **Team A**, seats 2 and 4 **Team B**.
# The Sketcher draws on the pad and starts the timer. The card shows only its category:
# on a projector the class must not see the answer, so the **Sketcher presses Peek** to see
# it for a few seconds (everyone else looks away), or ticks *Keep the card visible* on her
# own screen. Her team shouts guesses, or types them in the guess box. When someone gets it,
# the Sketcher presses the button of the player who called it out; at 0:00 the timer
# presses *Time's up* by itself and the other team may steal. The scores are on the sheet
# below the pad.
#
# Any seat can be a bot (the seat boxes at the bottom): a bot stands for a player whose
# sketches are guessed in time with a fixed chance, with no drawing at all.

# %%
wld.App(rules=wld.Rules(), n_players=4)

# %% [markdown]
# **Gameboard Play** for 4 players: the same pad, timer and card, and now the board. A
# correct Guesser clicks a pawn colour she lacks; the successful Sketcher presses **Roll**
# and the white pawn moves clockwise. The picture shows every player's colours too.

# %%
wld.App(rules=wld.Rules(play="gameboard"), n_players=4)

# %% [markdown]
# ## 2. The board's odds
#
# From any space the die's six faces reach the **next six spaces**, one face each. So the
# chance of landing on a kind of space is
#
# $$P(\text{kind}) = \frac{\text{how many of the next 6 spaces are of that kind}}{6}.$$
#
# `wld.analysis.landing_odds` works it out, as fractions, from every start space. The
# board repeats itself every 14 spaces, so here are the first 14:

# %%
# NBVAL_CHECK_OUTPUT
odds = wld.analysis.landing_odds(track)
print("The chance one roll lands on each kind of space, from each start space:")
print(odds.head(14).astype(str).to_string())


# %%
def board_and_odds_chart(track, odds):
    """The track as a strip of squares, and a heat map of one roll's odds from every start space."""
    fig, (strip, heat) = plt.subplots(2, 1, figsize=(17, 6.5), height_ratios=[1, 3.2], sharex=True)
    spaces = np.arange(len(track))
    strip.bar(spaces, np.ones(len(track)), width=0.95, color=[KIND_COLOUR[k] for k in track],
              hatch=[KIND_HATCH[k] for k in track], edgecolor="white")
    for space, kind in enumerate(track):
        if kind == wld.SPADE:
            strip.text(space, 0.5, "\u2660", ha="center", va="center", color="white", fontsize=22)
    strip.set(yticks=[], title="The white pawn's path (space 0 first, clockwise): \u2660 = a Spade Space")
    values = odds[KINDS].astype(float).to_numpy().T
    image = heat.imshow(values, aspect="auto", cmap="cividis", vmin=0, vmax=0.5)
    for (row, col), value in np.ndenumerate(values):
        text = str(odds[KINDS].iloc[col, row])
        heat.text(col, row, text, ha="center", va="center", fontsize=9,
                  color="black" if value > 0.25 else "white")
    heat.set_yticks(range(len(KINDS)), KINDS)
    heat.set_xticks(spaces, spaces)
    heat.set(xlabel="start space of the white pawn", ylabel="lands on",
             title="One roll: the chance of landing on each kind, from every start")
    fig.colorbar(image, ax=[strip, heat], label="chance", shrink=0.8)
    return fig

board_and_odds_chart(track, odds)
plt.show()

# %% [markdown]
# From a Spade the pawn **never** lands on a Spade with one roll: the next one is 7 spaces
# away. From every coloured square exactly one face reaches the next Spade: 1 chance in 6.
#
# ### Where does the pawn spend its time?
#
# Roll after roll, the pawn forgets where it started. Its next space depends only on where
# it is now: a **Markov chain**. In the long run it settles into its **stationary
# distribution** $\pi$, the one that one more roll leaves unchanged: $\pi = \pi P$, where
# $P$ holds the chances of moving from each space to each other one. On a ring every space
# is reached from exactly 6 spaces with chance 1/6 each, so every space gets the same share,
# 1/28: the share of landings on Spades is $4/28 = 1/7$ and on each colour $6/28 = 3/14$.
# `long_run_landings` solves $\pi = \pi P$ exactly rather than trusting this argument:

# %%
# NBVAL_CHECK_OUTPUT
long_run = wld.analysis.long_run_landings(track)
for kind, share in long_run.by_kind.items():
    print(f"{kind:>6}: {share} = {float(share):.4f} of all landings in the long run")

# %% [markdown]
# Let's roll: one white pawn, 20,000 rolls from space 0. The bars show where it landed with
# 95% intervals; the right chart follows the share of Spade landings roll by roll. (The
# intervals treat the rolls as independent. The pawn's landings are slightly
# *anti*-correlated, a Spade is never followed by a Spade, which makes the true
# uncertainty a little smaller: the bands are on the safe side.)

# %%
rng = np.random.default_rng(1)                       # a fixed seed: the same walk every run
rolls = rng.integers(1, 7, size=20_000)              # 20,000 rolls of the die
landed = np.array(track)[np.cumsum(rolls) % len(track)]   # the kind of space after each roll
seen = bk.stats.proportions(pd.Series(landed).value_counts().reindex(KINDS, fill_value=0))
exact_share = long_run.by_kind.astype(float)

fig, (left, right) = plt.subplots(1, 2, figsize=(17, 5.5))
x = np.arange(len(KINDS))
left.bar(x, seen["share"], color=[KIND_COLOUR[k] for k in KINDS], hatch=[KIND_HATCH[k] for k in KINDS],
         edgecolor="white", yerr=[seen["share"] - seen["low"], seen["high"] - seen["share"]], capsize=8,
         label="20,000 rolls (95% interval)")
left.plot(x, exact_share, "k_", ms=45, mew=3, label="exact long run")
left.set_xticks(x, KINDS)
left.set(ylim=(0, 0.32), ylabel="share of landings", title="Where the white pawn lands")
left.legend(loc="upper left")

running = thin(bk.stats.running_proportion(landed == wld.SPADE))
right.fill_between(running["trials"], running["low"], running["high"], color=BLUE, alpha=0.25,
                   label="95% interval")
right.plot(running["trials"], running["estimate"], color=BLUE, lw=2, label="share of Spades so far")
right.axhline(1 / 7, color="black", ls="--", lw=2, label="exact: 1/7 = 0.1429")
right.set(xscale="log", ylim=(0, 0.4), xlabel="rolls (log scale)", ylabel="share landing on a Spade",
          title="The share of Spades homes in on 1/7")
right.legend(loc="upper right")
plt.show()

# %% [markdown]
# ### Waiting for a Spade
#
# A player who owns four colours still needs the Ace: after one of her correct guesses, the
# roll must end on a Spade. How many rolls until the pawn lands on a Spade? Make the Spades
# *absorbing* (the walk stops there) and solve for the expected number of steps:
# `sketches_before_spade` and `spade_wait_table` do it exactly, from every start.

# %%
# NBVAL_CHECK_OUTPUT
waits = wld.analysis.spade_wait_table(track)
for wait, starts in waits.groupby(waits).groups.items():
    print(f"{wait} rolls on average, from spaces {list(starts)}")
print("The game starts with the white pawn on a Spade:", wld.analysis.sketches_before_spade(track, start=0), "rolls")


# %% [markdown]
# Why such round numbers? From any coloured square the next Spade is 1 to 6 spaces ahead, so
# **exactly one face** of the die lands on it; the other faces land on coloured squares again
# (some jump over the Spade). Every roll is a 1-in-6 chance whatever happened before: a
# **geometric** wait, with mean 6. From a Spade the first roll can never reach the next
# Spade, so it takes $1 + 6 = 7$. And 7 is $1 / (1/7)$: if 1 landing in 7 is a Spade in the
# long run, the gaps between Spades must average 7 rolls.
#
# The wait from a Spade is $W = 1 + G$ with $G$ geometric: $P(W = k) = (5/6)^{k-2} \times 1/6$
# for $k \ge 2$. 10,000 waits, rolled one roll at a time:

# %%
def rolls_to_a_spade(track, start, rng):
    """Roll from ``start`` until the white pawn lands on a Spade Space; how many rolls it took."""
    space, rolls = start, 0
    while True:
        space = (space + rng.integers(1, 7)) % len(track)
        rolls += 1
        if track[space] == wld.SPADE:
            return rolls

rng = np.random.default_rng(2)
spade_waits = np.array([rolls_to_a_spade(track, 0, rng) for _ in range(10_000)])
mean, low, high = bk.stats.mean_interval(spade_waits)
k = np.arange(1, 31)
exact_wait = np.where(k >= 2, (5 / 6) ** (k - 2) / 6, 0.0)
seen_wait = np.array([(spade_waits == value).mean() for value in k])

fig, ax = plt.subplots(figsize=(14, 5))
ax.bar(k, seen_wait, color=BLUE, hatch="//", edgecolor="white", label="10,000 simulated waits")
ax.plot(k, exact_wait, "o", color=ORANGE, mec="black", ms=9, label="exact: (5/6)^(k-2) / 6")
ax.set(xlabel="rolls until the pawn lands on a Spade (from a Spade)", ylabel="share of waits",
       title=f"Mean wait {mean:.3f} rolls (95% interval {low:.3f} to {high:.3f}); exact 7")
ax.legend()
plt.show()

# %% [markdown]
# ## 3. How long to collect four colours?
#
# Follow **one player** through Gameboard Play. On each card, one of three things happens
# to her:
#
# * with chance $p_\text{guess}$ she is the **first correct Guesser**: she takes a pawn of a
#   colour she lacks;
# * with chance $p_\text{sketch}$ she is the **successful Sketcher**: she rolls, and the white
#   pawn lands on each colour with its long-run share 3/14 (on a Spade 1/7); she keeps the
#   colour if it is new to her;
# * otherwise she collects nothing this card.
#
# What she holds is one of the $2^4 = 16$ sets of colours, and the set only grows: another
# Markov chain. The expected number of cards from each set is worked out backwards, from
# four colours (0 cards to go) down to none. `expected_to_collect` does it exactly.
#
# In a game of 4 players where half of all sketches are guessed in time, she sketches one
# card in 4 and her sketch is guessed half the time: $p_\text{sketch} = 1/8$. She guesses
# first about as often: $p_\text{guess} = 1/8$.

# %%
# NBVAL_CHECK_OUTPUT
p_guess = p_sketch = Fraction(1, 8)
exact_cards = wld.analysis.expected_to_collect(p_guess, p_sketch)
print(f"Expected cards to own four colours: {exact_cards} = {float(exact_cards):.4f}")
print(f"Only by guessing (p_sketch = 0): {wld.analysis.expected_to_collect(p_guess)} cards: four waits of 1/p_guess = 8")
print(f"Only by sketching (p_guess = 0): {float(wld.analysis.expected_to_collect(0, p_sketch)):.4f} cards")
print(f"A player who is the first to guess every card: {wld.analysis.expected_to_collect(1)} cards")

# %% [markdown]
# Guessing is the quicker way to collect: a Guesser *chooses* a colour she lacks, while a
# Sketcher takes what the die gives, and the die gives nothing new more and more often as
# her set fills up (like collecting the last stickers of an album).
#
# Check the exact answer by following 20,000 simulated players (`simulate_collect`, the same
# model played card by card). On the right, the exact answer for other skills, with a
# simulation of 2,000 players at each.

# %%
needed = wld.analysis.simulate_collect(p_guess, n=20_000, seed=3, p_sketch=p_sketch)
running = thin(bk.stats.running_mean(needed))
mean, low, high = bk.stats.mean_interval(needed)

fig, (left, right) = plt.subplots(1, 2, figsize=(17, 5.5))
left.fill_between(running["trials"], running["low"], running["high"], color=BLUE, alpha=0.25,
                  label="95% interval")
left.plot(running["trials"], running["estimate"], color=BLUE, lw=2, label="mean cards so far")
left.axhline(float(exact_cards), color="black", ls="--", lw=2, label=f"exact: {float(exact_cards):.3f}")
left.set(xscale="log", ylim=(0, 40), xlabel="simulated players (log scale)", ylabel="cards to own four colours",
         title=f"20,000 players: {mean:.2f} cards (95% interval {low:.2f} to {high:.2f})")
left.legend(loc="upper right")

skills = np.array([0.05, 0.1, 0.15, 0.2, 0.3, 0.5])
for share, colour, marker, label in [(0, BLUE, "o", "only guessing"), (1, ORANGE, "s", "guessing and sketching")]:
    exact = [float(wld.analysis.expected_to_collect(p, share * p)) for p in skills]
    runs = [wld.analysis.simulate_collect(p, n=2_000, seed=4, p_sketch=share * p) for p in skills]
    means = np.array([bk.stats.mean_interval(r) for r in runs])
    right.plot(skills, exact, color=colour, lw=2, ls="-" if share == 0 else "--", label=f"{label}: exact")
    right.errorbar(skills, means[:, 0], yerr=[means[:, 0] - means[:, 1], means[:, 2] - means[:, 0]],
                   fmt=marker, color=colour, mec="black", ms=8, capsize=4, label=f"{label}: 2,000 simulated")
right.set(ylim=(0, None), xlabel="p_guess (and p_sketch, when sketching counts)", ylabel="cards to own four colours",
          title="Better players collect faster")
right.legend()
plt.show()

# %% [markdown]
# **Your turn.** Choose her chances, per card, of guessing first and of sketching a card
# that is guessed. (They are chances of different roles on the same card, so together they
# cannot be more than 1.)

# %%
guess_slider = widgets.FloatSlider(value=0.125, min=0, max=1, step=0.005, readout_format=".3f",
                                   description="p_guess", continuous_update=False,
                                   layout=widgets.Layout(width="520px"))
sketch_slider = widgets.FloatSlider(value=0.125, min=0, max=1, step=0.005, readout_format=".3f",
                                    description="p_sketch", continuous_update=False,
                                    layout=widgets.Layout(width="520px"))
collect_view = widgets.Output()

def show_collect(change=None):
    chosen_guess = Fraction(round(guess_slider.value * 1000), 1000)     # the slider's value, exactly
    chosen_sketch = Fraction(round(sketch_slider.value * 1000), 1000)
    try:
        exact = wld.analysis.expected_to_collect(chosen_guess, chosen_sketch)
    except ValueError as error:
        show(collect_view, f"That makes no sense: {error}")
        return
    simulated = wld.analysis.simulate_collect(chosen_guess, n=5_000, seed=5, p_sketch=chosen_sketch)
    mean, low, high = bk.stats.mean_interval(simulated)
    show(collect_view, f"Exact: {exact} = {float(exact):.3f} cards to own four colours",
         f"5,000 simulated players: {mean:.3f} cards (95% interval {low:.3f} to {high:.3f})")

guess_slider.observe(show_collect, names="value")
sketch_slider.observe(show_collect, names="value")
show_collect()
widgets.VBox([guess_slider, sketch_slider, collect_view])


# %% [markdown]
# ### A reality check: the whole game
#
# The model makes simplifications. Is it any good? Let four bots play real games of
# Gameboard Play (`bk.simulate` and `wld.Game`), each a player whose sketches are guessed in
# time with chance $p$. Each card she is then the successful Sketcher with chance about
# $p/4$ and the first correct Guesser about $p/4$. A game is a race, so compare the
# **first of the four** to own four colours: in the model, the quickest of 4 simulated
# players; in the game, the sketch when somebody first owns four colours. Then the whole
# game, Ace included. Press the button (a few seconds):

# %%
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
        whole = bk.simulate(board_rules, n_players=4, n_games=400, seed=11, executor=pool, progress=bar,
                            bots=[Skilled(p_guess=p) for _ in range(4)])
        model_four = model_first_of_four(p, 20_000, seed=12)
        for measure, values in [("model: first of four (20,000 simulated)", model_four),
                                ("game: first of four (400 games)", game_four),
                                ("game: the whole game, Ace included (400 games)", whole["turns"])]:
            mean, low, high = bk.stats.mean_interval(values)
            rows.append({"p": p, "measure": measure, "mean sketches": mean, "low": low, "high": high})
        rows.append({"p": p, "measure": "model: one player, exact", "mean sketches":
                     float(wld.analysis.expected_to_collect(Fraction(p) / 4, Fraction(p) / 4))})
    table = pd.DataFrame(rows)
    order = ["model: one player, exact", "model: first of four (20,000 simulated)",
             "game: first of four (400 games)", "game: the whole game, Ace included (400 games)"]
    fig, ax = plt.subplots(figsize=(15, 6))
    width = 0.2
    for i, (measure, colour, hatch) in enumerate(zip(order, CHART_COLOURS, CHART_HATCHES)):
        part = table[table["measure"] == measure]
        error = None if part["low"].isna().all() else [part["mean sketches"] - part["low"],
                                                       part["high"] - part["mean sketches"]]
        ax.bar(np.arange(len(skills)) + (i - 1.5) * width, part["mean sketches"], width=width, color=colour,
               hatch=hatch, edgecolor="white", yerr=error, capsize=5, label=measure)
    ax.set_xticks(range(len(skills)), [f"p = {p}" for p in skills])
    ax.set(xlabel="chance a sketch is guessed in time", ylabel="sketches (mean, 95% interval)",
           title="The model against the real game (4 players)")
    ax.legend()
    pivot = table.pivot(index="measure", columns="p", values="mean sketches").reindex(order)
    show(view, fig, pivot.round(2))

reality_button, reality_view = study_button("Play the full game", reality_study)
widgets.VBox([reality_button, reality_view])

# %% [markdown]
# **Reading the results.** The model's first of four and the real game's agree closely, but
# not perfectly. Where they differ, and why:
#
# * the model's four players are **independent**; in the game only one player can be first
#   to guess a card, and the Sketchers take turns in order, never at random;
# * the model lands the white pawn with its **long-run** shares; the real pawn remembers
#   where it is (from a Spade it cannot land on a Spade);
# * the model's "card" is one sketch here; in the game an unguessed card passes to the left
#   and is sketched again, by a player who has seen what the last Sketcher drew (the bots
#   ignore that).
#
# And the whole game is much longer than the first of four: the **Ace** needs one more
# correct guess *and* a roll onto a Spade, a 1-in-7 chance in the long run (section 2).

# %% [markdown]
# ## 4. Who wins the race to 8?
#
# In Team Play the teams sketch in turn. Say team A sketches first and its sketches are
# guessed in time with chance $p_A$, team B's with chance $p_B$. On a miss the other team
# steals the point with chance $s$. The first team to 8 points wins.
#
# `team_race` works out A's chance exactly by **dynamic programming**: from every score
# $(a, b)$ and whose turn it is, back from the finished scores (8 to anything) to 0-0.
# Even two equal teams are not equal: at any moment the team that sketched first has had
# as many cards as the other, or one more.

# %%
# NBVAL_CHECK_OUTPUT
even = wld.analysis.team_race(Fraction(1, 2), Fraction(1, 2))
print(f"Equal teams (1/2 each), no steals: the first team wins with chance {even.a_wins} = {float(even.a_wins):.4f}")
print(f"   and a match lasts {even.expected_cards} = {float(even.expected_cards):.3f} cards on average")
steal = wld.analysis.team_race(Fraction(1, 2), Fraction(1, 2), steal=Fraction(1, 5))
print(f"The same teams with steals (s = 1/5): {float(steal.a_wins):.4f}, {float(steal.expected_cards):.3f} cards")
better = wld.analysis.team_race(Fraction(3, 5), Fraction(2, 5), steal=Fraction(1, 5))
print(f"Team A 3/5, team B 2/5, s = 1/5: A wins with chance {float(better.a_wins):.4f}, "
      f"{float(better.expected_cards):.3f} cards")

# %% [markdown]
# Left: team A's exact chance against team B's skill, for three team A's (steals 1 in 5).
# Right: 10,000 simulated matches of 60% against 40% (`simulate_race`, in 100 batches of 100),
# the running share of A's wins with its 95% interval closing in on the exact answer.

# %%
STEAL = 0.2      # the bots' chance to steal a missed card (Skilled's default p_steal)
fig, (left, right) = plt.subplots(1, 2, figsize=(17, 5.5))
p_b = np.linspace(0.05, 0.95, 91)
for p_a, colour, style, marker in zip([0.3, 0.5, 0.7], CHART_COLOURS, ["-", "--", ":"], ["o", "s", "^"]):
    chance = [wld.analysis.team_race(p_a, q, steal=STEAL).a_wins for q in p_b]
    left.plot(p_b, chance, color=colour, ls=style, lw=3, marker=marker, markevery=10, ms=9,
              label=f"team A: p_A = {p_a}")
left.axhline(0.5, color="grey", lw=1)
left.set(xlabel="team B's chance p_B", ylabel="chance team A wins", ylim=(0, 1),
         title="Sketching well beats sketching first")
left.legend()

exact = wld.analysis.team_race(0.6, 0.4, steal=STEAL)
batches = [wld.analysis.simulate_race(0.6, 0.4, steal=STEAL, n=100, seed=seed) for seed in range(100)]
wins = np.cumsum([round(batch.a_wins * 100) for batch in batches])
matches = 100 * np.arange(1, 101)
low, high = bk.stats.wilson_interval(wins, matches)
right.fill_between(matches, low, high, color=BLUE, alpha=0.25, label="95% interval")
right.plot(matches, wins / matches, color=BLUE, lw=2, marker="o", markevery=10, label="share A won so far")
right.axhline(exact.a_wins, color="black", ls="--", lw=2, label=f"exact: {exact.a_wins:.4f}")
right.set(xlabel="simulated matches", ylabel="share won by team A", ylim=(0.6, 1),
          title="60% against 40%: simulation against the exact answer")
right.legend(loc="lower right")
plt.show()
mean, low, high = bk.stats.mean_interval([batch.expected_cards for batch in batches])
print(f"Cards in a match: exact {exact.expected_cards:.3f}; simulated {mean:.3f} (95% interval {low:.3f} to {high:.3f})")

# %% [markdown]
# ### The real game
#
# Now the real rules with bots: team A's seats (1 and 3) are guessed with chance $p_A$, team
# B's (2 and 4) with $p_B$, and each team steals with chance 1/5. In the real game a **die
# roll** decides which team sketches first, so team A is first only half the time:
#
# $$P(\text{A wins}) = \tfrac12\, \text{race}(p_A, p_B) + \tfrac12 \big(1 - \text{race}(p_B, p_A)\big).$$
#
# Choose the two teams and press the button: 2,000 games.

# %%
team_a_slider = widgets.FloatSlider(value=0.6, min=0.05, max=0.95, step=0.05, description="team A's p_A",
                                    continuous_update=False, style={"description_width": "initial"},
                                    layout=widgets.Layout(width="480px"))
team_b_slider = widgets.FloatSlider(value=0.4, min=0.05, max=0.95, step=0.05, description="team B's p_B",
                                    continuous_update=False, style={"description_width": "initial"},
                                    layout=widgets.Layout(width="480px"))

def exact_team_play(p_a, p_b, steal=STEAL):
    """Exact chances of the real Team Play, where a die roll picks the team that sketches first."""
    a_first = wld.analysis.team_race(p_a, p_b, steal=steal)
    b_first = wld.analysis.team_race(p_b, p_a, steal=steal)
    return {"team A wins": (a_first.a_wins + 1 - b_first.a_wins) / 2,
            "the team that sketched first wins": (a_first.a_wins + b_first.a_wins) / 2,
            "cards in a match": (a_first.expected_cards + b_first.expected_cards) / 2}

def team_study(view):
    p_a, p_b = team_a_slider.value, team_b_slider.value
    bar = progress_bar(view, 2_000, "2,000 games of Team Play")
    start = time.perf_counter()
    seats = [Skilled(p_guess=p_a, p_steal=STEAL), Skilled(p_guess=p_b, p_steal=STEAL)] * 2   # A, B, A, B
    games = bk.simulate(team_rules, n_players=4, n_games=2_000, seed=20, bots=seats, executor=pool, progress=bar)
    exact = exact_team_play(p_a, p_b)
    rows = {}
    for measure, hits in [("team A wins", games["winner"] == 0),
                          ("the team that sketched first wins", games["first_team_won"].astype(bool))]:
        low, high = bk.stats.wilson_interval(hits.sum(), len(hits))
        rows[measure] = {"exact": exact[measure], "simulated": hits.mean(), "low": low, "high": high}
    mean, low, high = bk.stats.mean_interval(games["cards"])
    rows["cards in a match"] = {"exact": exact["cards in a match"], "simulated": mean, "low": low, "high": high}
    table = pd.DataFrame(rows).T

    fig, axes = plt.subplots(1, 2, figsize=(15, 5), width_ratios=[2, 1])
    for ax, measures in zip(axes, [["team A wins", "the team that sketched first wins"], ["cards in a match"]]):
        part = table.loc[measures]
        x = np.arange(len(part))
        ax.bar(x, part["simulated"], color=ORANGE, hatch="//", edgecolor="white", width=0.5,
               yerr=[part["simulated"] - part["low"], part["high"] - part["simulated"]], capsize=8,
               label="2,000 games (95% interval)")
        ax.plot(x, part["exact"], "D", color="black", ms=12, label="exact")
        ax.set_xticks(x, measures)
    axes[0].set(ylim=(0, 1), ylabel="share of games", title=f"p_A = {p_a:.2f} against p_B = {p_b:.2f}")
    axes[1].set(ylabel="cards", title="How long is a match?")
    axes[0].legend(loc="upper right", framealpha=1)
    show(view, f"2,000 games in {time.perf_counter() - start:.1f} seconds", fig, table.round(4))

team_button, team_view = study_button("Play 2,000 team games", team_study)
widgets.VBox([team_a_slider, team_b_slider, team_button, team_view])


# %% [markdown]
# **Reading the results.** The exact marks should sit inside the intervals. With equal
# teams, "the team that sketched first wins" is a bit above one half: the first team's
# edge. Which is bigger, the first team's edge or a team that draws 10% better?

# %% [markdown]
# ## 5. Tinker: a longer track, more Spades, a shorter timer
#
# Design a board: how many coloured squares along each side, and how many Spade Spaces at
# each corner. And choose how often a sketch is guessed in time.
#
# **About the timer.** The bots have no clock: a bot seat is a player whose sketches are
# guessed in time with a chance $p$. A **shorter timer** means fewer sketches guessed in
# time, so we model it by a **lower $p$ that you choose**: that is a guess about your class,
# not something the computer measures. The rulebook's minute is taken as $p = 1/2$.
#
# Press **Compare**: the exact answers of sections 2 to 4 for the rulebook and for your
# variant, and 400 games of each way to play with each.

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
skill_slider = widgets.FloatSlider(value=0.5, min=0.1, max=0.95, step=0.05,
                                   description="sketches guessed in time (shorter timer: lower)",
                                   continuous_update=False, style={"description_width": "initial"},
                                   layout=widgets.Layout(width="600px"))

def measure_variant(track, p, bar):
    """The exact answers and 400 games of each way to play, for a board and a skill p.

    Returns the measures, and the 95% interval of the Gameboard games' mean length.
    """
    exact_p = Fraction(round(p * 100), 100)
    spade_share = wld.analysis.long_run_landings(track).by_kind[wld.SPADE]
    race = wld.analysis.team_race(exact_p, exact_p, steal=Fraction(1, 5))
    bots = [Skilled(p_guess=p, p_steal=STEAL) for _ in range(4)]
    board = bk.simulate(board_rules.replace(track=track), n_players=4, n_games=400, seed=30, bots=bots,
                        executor=pool, progress=bar)
    team = bk.simulate(team_rules, n_players=4, n_games=400, seed=31, bots=bots, executor=pool, progress=bar)
    mean, low, high = bk.stats.mean_interval(board["turns"])
    return {
        "spaces on the track": len(track),
        "Spade share of landings (exact)": float(spade_share),
        "rolls to a Spade from a Spade (exact)": float(wld.analysis.sketches_before_spade(track, start=0)),
        "cards for one player to own four colours (exact)":
            float(wld.analysis.expected_to_collect(exact_p / 4, exact_p / 4, track)),
        "sketches in a Gameboard game (400 games)": mean,
        "first team wins, equal teams (exact)": float(race.a_wins),
        "cards in a team match (exact)": float(race.expected_cards),
        "cards in a team match (400 games)": team["cards"].mean(),
    }, (low, high)

def tinker_study(view):
    mine = make_track(squares_slider.value, spades_slider.value)
    bar = progress_bar(view, 4 * 400, "rulebook and your variant")
    variants = {"rulebook": (track, 0.5), "your variant": (mine, skill_slider.value)}
    measured = {name: measure_variant(chosen, p, bar) for name, (chosen, p) in variants.items()}
    table = pd.DataFrame({name: measures for name, (measures, interval) in measured.items()})
    intervals = np.array([interval for measures, interval in measured.values()])
    panels = [("cards for one player to own four colours (exact)", "Cards to own four colours", "cards (exact)"),
              ("sketches in a Gameboard game (400 games)", "Sketches in a Gameboard game",
               "sketches (mean, 95% interval)"),
              ("first team wins, equal teams (exact)", "The first team's chance (equal teams)", "chance (exact)")]
    fig, axes = plt.subplots(1, 3, figsize=(17, 5))
    for ax, (row, title, label) in zip(axes, panels):
        values = table.loc[row].to_numpy(dtype=float)
        error = [values - intervals[:, 0], intervals[:, 1] - values] if "interval" in label else None
        ax.bar(table.columns, values, color=[BLUE, ORANGE], hatch=["", "//"], edgecolor="white", yerr=error,
               capsize=10)
        ax.set(title=title, ylabel=label)
    axes[2].axhline(0.5, color="black", ls="--", label="a fair start")
    axes[2].set_ylim(0, 1)
    axes[2].legend(loc="lower right")
    show(view, f"Your board has {len(mine)} spaces: " + " ".join("S" if k == wld.SPADE else k[0].upper() for k in mine),
         table.round(3), fig)

compare_button, compare_view = study_button("Compare", tinker_study)
widgets.VBox([squares_slider, spades_slider, skill_slider, compare_button, compare_view])

# %% [markdown]
# *In JupyterLab* you can build any board you like, e.g.
# `my_track = ("spade", "red", "red", "green", "blue", "orange", "spade", ...)`, check it with
# `wld.track.check_track(my_track)` and play it with `board_rules.replace(track=my_track)`.
# A different die is `board_rules.replace(die_sides=4)` (and `sides=4` in the analysis
# functions).
#
# **Think about it**
#
# * With 2 Spades at each corner, how much quicker does the Ace come? Is the game shorter?
# * A longer track: does it change the chance of each colour? Why not?
# * With 7 squares per side, a coloured square can be 7 or more spaces from the next Spade.
#   What happens to "exactly 6 rolls"?
# * A shorter timer (a lower $p$): does it help the team that sketches first, or the other
#   one? Does it make matches longer?

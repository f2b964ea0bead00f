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
*1. Play a game*, ready for your first **Roll**; the door's odds, charts and study buttons follow.
"""))

# %% [markdown]
# # Mystery Date: what's behind the door?
#
# In *Mystery Date* (Milton Bradley, 1965) you collect a 1-2-3 outfit of one colour,
# walk to an **OPEN THE DOOR** corner and open the door. If the date behind it
# matches your outfit, you win. If it is a different date, nothing happens. And if it is
# **the Dud**, you lose your outfit!
#
# In this lesson you will:
#
# 1. play a game;
# 2. work out the door's odds exactly, then check them by opening it thousands of times;
# 3. find out whether a secret door is fair;
# 4. measure how long a game lasts, and whether going first helps;
# 5. change the rules and see what happens.

# %% tags=["setup"]
# Setup: the tools for this lesson
# %matplotlib inline
import time

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import display

import boardkit as bk
from boardkit.games import mystery_date as md
from boardkit.lessons import CHART_COLOURS, CHART_HATCHES, show   # show(output_widget, text, table, figure, ...)
from boardkit.lessons import progress_bar, study_button            # a button that runs a long study, a progress bar
from boardkit.render.palette import SUIT_COLOURS

plt.rcParams["font.size"] = 14
# Colour-blind safe colours (Okabe-Ito), plus a pattern for each outcome.
COLOUR = {c: s.colour for c, s in SUIT_COLOURS.items()} | {"dud": "#000000"}
HATCH = {"red": "//", "green": "..", "blue": "", "orange": "xx", "dud": ""}
NAMES = [md.OUTCOME_NAMES[o] for o in md.OUTCOMES]

pool = bk.process_pool(workers=2)   # Binder gives us 2 CPU cores: play games on both
rules = md.Rules()                  # the 1965 rules

# %% [markdown]
# ## 1. Play a game
#
# You are **player 1**; the computer plays the other three girls (two careful
# *Collectors* and one player who picks at *Random*).
#
# **How to play:** on your turn press **Roll** (or click the die) and your girl moves
# clockwise. Do what the space says: take cards, or swap a card with another player.
# When you have to choose (a card to give or discard, a pile, a player), click it on the
# board or press one of the buttons. On the computer's turns the button says **Step**:
# press it for each move, or switch on **Autoplay** to let them play until it is your
# turn again. The line under the board always tells you what to do next.
#
# Collect the 1, 2 and 3 of one colour (red = Formal Dance, green = Bowling, blue =
# Skiing, orange = Beach), then stop on a blue **OPEN THE DOOR** corner to open the door.
# Watch out for the Dud!

# %%
md.App(n_players=4, seats=["human", "Collector", "Collector", "Random"])

# %% [markdown]
# ## 2. The door
#
# The door can show five things: four dates and the Dud. Nobody knows how the real
# 1965 door was built, so boardkit assumes the simplest thing: **each outcome is equally
# likely**. Five outcomes, one of them yours, so the chance of *your* date is
#
# $$P(\text{your date}) = \frac{1}{5}.$$
#
# The computer can work this out exactly, as a fraction:

# %%
# NBVAL_CHECK_OUTPUT
odds = md.analysis.door_odds(rules)
for outcome, chance in odds.items():
    print(f"{md.OUTCOME_NAMES[outcome]:>12}: {chance}")
print("      total:", sum(odds.values()))

# %%
md.analysis.door_table(rules)

# %% [markdown]
# ### Open the door 5,000 times
#
# An exact answer is a prediction. Let's test it: open the door many times and count.
# With only a few openings the counts wobble a lot; with many, the share of each outcome
# settles down near 1/5. This is the **law of large numbers**.
#
# The right-hand chart follows the share of *Formal Dance* dates as the openings pile up.
# The shaded band is a **95% confidence interval** (a Wilson interval): the range of
# chances that fit what we have seen so far. It shrinks as we open the door more often.
#
# Press **Open the door 5,000 times**, then move the slider to choose how many openings to look at.

# %%
doors = md.analysis.open_door(rules, 5000, seed=1)   # 5,000 openings, the same every run
exact = md.analysis.door_table(rules)["probability"]

def draw_door(openings):
    seen = doors[:openings]
    counts = md.analysis.count_outcomes(seen)
    fig, (left, right) = plt.subplots(1, 2, figsize=(15, 5.5))

    x = np.arange(len(NAMES))
    left.bar(x - 0.2, counts, width=0.4, label="counted",
             color=[COLOUR[o] for o in md.OUTCOMES], hatch=[HATCH[o] for o in md.OUTCOMES],
             edgecolor="white")
    left.bar(x + 0.2, openings * exact, width=0.4, label="exact expectation",
             color="#BBBBBB", edgecolor="black")
    left.set_xticks(x, NAMES)
    left.set(ylabel="times seen", title=f"{openings:,} openings: counts vs. the exact 1/5")
    left.legend(loc="lower right")

    run = md.analysis.running_estimate(seen, "red")
    last = run.iloc[-1]
    right.fill_between(run["trials"], run["low"], run["high"], color=COLOUR["blue"], alpha=0.25,
                       label="95% interval")
    right.plot(run["trials"], run["estimate"], color=COLOUR["red"], lw=2, label="share so far")
    right.axhline(float(exact["red"]), color="black", ls="--", label="exact 1/5")
    right.set_xscale("log")
    right.set_xlim(1, 5000)
    right.set_ylim(0, 1)
    right.set(xlabel="openings (log scale)", ylabel="share of Formal Dance dates",
              title=f"After {openings:,}: {last['estimate']:.1%} "
                    f"(somewhere in {last['low']:.1%} to {last['high']:.1%})")
    right.legend(loc="upper right")
    fig.tight_layout()
    return fig

openings = widgets.SelectionSlider(options=[10, 20, 50, 100, 200, 500, 1000, 2000, 5000], value=5000,
                                   description="openings", continuous_update=False,
                                   layout=widgets.Layout(width="600px"))
# Charts are drawn when asked for: the page opens without drawing them.
door_button, door_plot = study_button("Open the door 5,000 times",
                                      lambda view: show(view, draw_door(openings.value)))
openings.observe(lambda change: show(door_plot, draw_door(change.new)), names="value")
widgets.VBox([door_button, openings, door_plot])

# %% [markdown]
# ### How many times does the Dud take your outfit?
#
# Say you are ready for the Formal Dance. Each time you open the door one of three
# things happens: your date (chance 1/5, you win), the Dud (chance 1/5, you lose your
# outfit), or another date (chance 3/5, nothing happens, so we can ignore it).
# Between the two openings that *matter*, your date and the Dud are equally likely, like
# a coin toss. On average you meet the Dud
#
# $$\frac{P(\text{Dud})}{P(\text{your date})} = \frac{1/5}{1/5} = 1 \text{ time before your date.}$$
#
# With a rigged door where the Formal Dance is three times as likely as anything else,
# a red outfit meets the Dud only 1/3 of a time on average, but a green outfit still
# meets it once.

# %%
# NBVAL_CHECK_OUTPUT
print("fair door, any outfit:", md.analysis.expected_duds_before_date(rules))
rigged = rules.replace(door_weights=(3, 1, 1, 1, 1))
for colour in md.COLOURS:
    print(f"door 3:1:1:1:1, {colour} outfit:", md.analysis.expected_duds_before_date(rigged, colour))

# %% [markdown]
# **Check it by simulation.** Open the door 100,000 times. Every time the Dud comes,
# add one to the tally; every time the Formal Dance comes, write the tally down and
# start again.

# %%
duds, tallies = 0, []
for outcome in md.analysis.open_door(rules, 100_000, seed=2):
    if outcome == "dud":
        duds += 1
    elif outcome == "red":
        tallies.append(duds)
        duds = 0

mean, low, high = bk.stats.mean_interval(tallies)
print(f"{len(tallies):,} waits for the Formal Dance: on average {mean:.3f} Duds "
      f"(95% interval {low:.3f} to {high:.3f}); exact answer 1")

# %% [markdown]
# ## 3. Is this door fair?
#
# Your teacher has swapped in a **secret door**. It might be fair... or one outcome
# might come up more often than it should. Open it and collect evidence!

# %% tags=["teacher"] jupyter={"source_hidden": true}
# Teacher: set BOARDKIT_DOOR_SECRET before starting Jupyter/Voilà to get a different door.
import os
SECRET = int(os.environ.get("BOARDKIT_DOOR_SECRET", "2026"))
door = md.analysis.RiggedDoor(SECRET)


# %%
def draw_counts():
    counts = door.counts
    total = int(counts.sum())
    fig, ax = plt.subplots(figsize=(10, 4.5))
    ax.bar(NAMES, counts, color=[COLOUR[o] for o in md.OUTCOMES],
           hatch=[HATCH[o] for o in md.OUTCOMES], edgecolor="white")
    if total:
        ax.axhline(total / 5, color="black", ls="--", label=f"a fair door: {total / 5:g} each")
        ax.legend(loc="lower right")
    ax.set(ylabel="times seen", title=f"The secret door, opened {total:,} times")
    return fig

def refresh():
    table = door.counts.to_frame().T.rename(columns=md.OUTCOME_NAMES, index={"count": "times seen"})
    if door.counts.sum() == 0:
        show(door_view, table, "The secret door is still shut: press a button to open it.")
    else:
        show(door_view, table, draw_counts())

def on_open(button):
    door.open(button.times)
    refresh()

buttons = []
for times in (10, 100):
    button = widgets.Button(description=f"Open {times} times", button_style="primary",
                            layout=widgets.Layout(width="200px", height="50px"))
    button.times = times
    button.on_click(on_open)
    buttons.append(button)

door_view = widgets.Output()
refresh()
widgets.VBox([widgets.HBox(buttons), door_view])


# %% [markdown]
# ### Testing the door
#
# Even a fair door never gives *exactly* 1/5 of each outcome, so how different is "too
# different"? A **chi-square test** measures how far the counts are from a fair door's,
# and turns that distance into a **p-value**:
#
# > the p-value is the chance that a *fair* door would give counts at least this far
# > from 1/5 each.
#
# * A **small p-value** (below 0.05, say) means a fair door would rarely do this:
#   evidence that the door is rigged.
# * A **large p-value** means the counts are the kind a fair door often gives. That
#   does **not** prove the door is fair: maybe it is only a little rigged and we have
#   not opened it enough times yet.
#
# First, a door we *know* is fair, opened 500 times (press the button):

# %%
def test_results(result):
    """The test's table, a chart of each outcome's share with its interval, and the verdict."""
    table = result.table.rename(index=md.OUTCOME_NAMES)
    fig, ax = plt.subplots(figsize=(10, 4.5))
    shares = table["share"]
    ax.errorbar(shares.index, shares, yerr=[shares - table["low"], table["high"] - shares],
                fmt="o", ms=10, capsize=8, lw=2, color=COLOUR["blue"], label="share seen (95% interval)")
    ax.axhline(0.2, color="black", ls="--", label="a fair door: 1/5")
    ax.set_ylim(0, max(0.5, float(table["high"].max()) + 0.05))
    verdict = "looks rigged" if result.p_value < 0.05 else "no evidence it is rigged"
    ax.set(ylabel="share of openings", title=f"p = {result.p_value:.3g}: {verdict}")
    ax.legend(loc="upper right")
    return table.round(3), fig, result.verdict()

fair_counts = md.analysis.count_outcomes(md.analysis.open_door(rules, 500, seed=3))
fair_button, fair_test = study_button(
    "Test a fair door", lambda view: show(view, *test_results(md.analysis.door_fairness(fair_counts))))
widgets.VBox([fair_button, fair_test])


# %% [markdown]
# Now test the secret door. Open it some more with the buttons above and test again:
# does the p-value change as the evidence piles up?

# %%
def test_secret_door(button=None):
    opened = int(door.counts.sum())
    if opened < 25:
        show(test_view, f"The door has been opened {opened} times: open it at least 25 times first.")
    else:
        show(test_view, *test_results(md.analysis.door_fairness(door.counts)))

test_button = widgets.Button(description="Test the secret door", button_style="warning",
                             layout=widgets.Layout(width="250px", height="50px"))
test_button.on_click(test_secret_door)
test_view = widgets.Output()
test_secret_door()
widgets.VBox([test_button, test_view])

# %% [markdown]
# **Class vote:** rigged or fair? Which outcome is favoured? When everyone has voted,
# the teacher can reveal the truth.

# %%
# The reveal button shows only on the teacher's page: its address ends in ?teacher=1
from boardkit.lessons import teacher_only

def reveal(button):
    weights = door.reveal().door_weights
    show(reveal_view, *(f"{name:>12}: chance {weight / sum(weights):.1%}" for name, weight in zip(NAMES, weights)))

reveal_button = widgets.Button(description="Teacher: reveal the door", layout=widgets.Layout(width="250px"))
reveal_button.on_click(reveal)
reveal_view = widgets.Output()
teacher_only(reveal_button, reveal_view)

# %% [markdown]
# ## 4. How long is a game?
#
# The computer can play far faster than we can. Let's watch four *Collector* bots play
# **10,000 games** and record how many turns each game took (a turn is one player's roll
# of the die, so 80 turns is about 20 rolls each). Press the button: it takes a few
# seconds, and the bar shows how far it has got.

# %%
results = {}   # the buttons below keep their games here: results["1965 rules"] is a table

def game_length_charts(games):
    """The length table and a histogram with the median and the 90th percentile."""
    length = bk.metrics.length_summary(games)
    median, p90 = length["median"], length["90th percentile"]
    fig, ax = plt.subplots(figsize=(12, 5))
    ax.hist(games["turns"], bins=range(0, 401, 10), color=COLOUR["blue"], edgecolor="white")
    ax.axvline(median, color=COLOUR["orange"], lw=3, label=f"median: {median:.0f} turns")
    ax.axvline(p90, color="black", lw=3, ls="--", label=f"90th percentile: {p90:.0f} turns")
    ax.set(xlabel="turns in the game (games over 400 turns not shown)", ylabel="games",
           title=f"Half the games end by turn {median:.0f}, 9 in 10 by turn {p90:.0f}")
    ax.legend()
    return length.round(1).to_frame(), fig

def seat_win_charts(games):
    """Each seat's share of the wins with its 95% interval, against the fair 1/4."""
    wins = bk.metrics.win_rates(games)
    fairness = bk.metrics.seat_fairness(games)
    fig, ax = plt.subplots(figsize=(10, 5))
    labels = ["1st", "2nd", "3rd", "4th"]
    ax.bar(labels, wins["win rate"], color=COLOUR["green"], hatch="//", edgecolor="white",
           yerr=[wins["win rate"] - wins["low"], wins["high"] - wins["win rate"]], capsize=10)
    ax.axhline(0.25, color="black", ls="--", label="fair share: 1/4")
    ax.set_ylim(0, 0.35)
    finding = "no seat has a clear edge" if fairness.p_value >= 0.05 else "the seats are not equal"
    ax.set(xlabel="player (order of play)", ylabel="share of wins", title=f"Win rate by seat: {finding}")
    ax.legend(loc="lower right")
    return fig, wins.round(3), fairness.verdict()

def play_10000_games(view):
    bar = progress_bar(view, 10_000, "10,000 games")   # shown while the games are played
    start = time.perf_counter()
    games = bk.simulate(rules, n_players=4, n_games=10_000, seed=0, executor=pool, progress=bar)
    results["1965 rules"] = games
    show(view, f"10,000 games in {time.perf_counter() - start:.0f} seconds", *game_length_charts(games),
         widgets.HTML("<h3>Does the first player have an edge?</h3>"), *seat_win_charts(games))

run_button, length_view = study_button("Play 10,000 games", play_10000_games)
widgets.VBox([run_button, length_view])

# %% [markdown]
# The **mean** is pulled up by a few very long games. The **median** (half the games are
# shorter) and the **90th percentile** (9 games in 10 are shorter) tell a player more:
# "usually about this long, and rarely longer than that".
#
# **Does the first player have an edge?** With four players, a fair game gives each seat
# 1/4 of the wins. The first player gets to the door first... does that matter? The
# error bars are 95% intervals.
#
# *In JupyterLab:* the games are in `results["1965 rules"]`, a pandas table with one row
# per game. Try `results["1965 rules"]["date"].value_counts()`: which dates win most?

# %% [markdown]
# ## 5. Tinker with the rules
#
# What if you could hold **7 cards** instead of 6? What if the **Dud** stayed home? What
# if the door were **rigged** so the Formal Dance came three times as often? Let's play
# 2,000 games of each and compare.
#
# Make your own variant with the controls, then press **Compare**. (In JupyterLab you can
# also change the `variants` in the code: any rule of `md.Rules` can be changed.)

# %%
variants = {
    "1965 rules": rules,
    "hand of 7": rules.replace(hand_limit=7),
    "no Dud": rules.replace(dud_in_play=False),
    "rigged door 3:1:1:1:1": rules.replace(door_weights=(3, 1, 1, 1, 1)),
}

def your_variant():
    """The rules the controls describe (a clear error if they make no sense)."""
    weights = (red_weight.value,) + rules.door_weights[1:]
    return rules.replace(hand_limit=hand_limit.value, dud_in_play=dud.value, door_weights=weights)

def compare_table(compare):
    rows = {}
    for name, group in compare.groupby("variant", sort=False):
        summary = bk.metrics.length_summary(group)
        rows[name] = {
            "median turns": summary["median"],
            "90th percentile": summary["90th percentile"],
            "mean turns": round(summary["mean"], 1),
            "1st player wins": round(bk.metrics.win_rates(group).loc[0, "win rate"], 3),
        }
    return pd.DataFrame(rows).T

def compare_histograms(compare):
    names = list(compare["variant"].unique())
    fig, axes = plt.subplots(len(names), 1, figsize=(12, 2.4 * len(names)), sharex=True)
    for ax, name, colour, hatch in zip(axes, names, CHART_COLOURS, CHART_HATCHES):
        turns = compare.loc[compare["variant"] == name, "turns"]
        ax.hist(turns, bins=range(0, 401, 10), color=colour, hatch=hatch, edgecolor="white")
        ax.axvline(turns.median(), color="black", lw=3, label=f"median {turns.median():.0f}")
        ax.set_ylabel("games")
        ax.legend(title=name, loc="upper right")
    axes[-1].set_xlabel("turns in the game (over 400 not shown)")
    axes[0].set_title("Changing one rule changes how long the game lasts")
    fig.tight_layout()
    return fig

def compare_variants(view):
    chosen = dict(variants, **{"your variant": your_variant()})
    bar = progress_bar(view, 2000 * len(chosen), f"{len(chosen)} variants")
    frames = [bk.simulate(variant, n_players=4, n_games=2000, seed=0, executor=pool, progress=bar,
                          variant=name)
              for name, variant in chosen.items()]
    compare = results["compare"] = pd.concat(frames, ignore_index=True)
    show(view, compare_table(compare), compare_histograms(compare))

style = {"description_width": "180px"}
wide = widgets.Layout(width="500px")
hand_limit = widgets.IntSlider(value=rules.hand_limit, min=3, max=10, description="hand limit",
                               style=style, layout=wide)
dud = widgets.Checkbox(value=rules.dud_in_play, description="the Dud is behind the door", style=style)
red_weight = widgets.IntSlider(value=rules.door_weights[0], min=0, max=5,
                               description="Formal Dance weight", style=style, layout=wide)
compare_button, compare_view = study_button("Compare", compare_variants)
widgets.VBox([hand_limit, dud, red_weight, compare_button, compare_view])

# %% [markdown]
# **Think about it**
#
# * Which change makes games shortest? Why does a bigger hand help?
# * Without the Dud, nobody loses an outfit. How much shorter are the games?
# * The rigged door favours red. Do the bots still win equally often from every seat?
#   Would *you* collect red?
# * Set the Formal Dance weight to 0: what does the door do then? What happens to a
#   player who collects red?
#
# **Your turn:** change a number in `variants` (a hand of 4? a door `(1, 1, 1, 1, 3)`
# with lots of Duds?) and run the cells again. If you ask for a rule that makes no
# sense, boardkit tells you what is wrong.

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
(*Restart the kernel and run all cells*). In ten to twenty seconds the game board appears under
*1. Play a game*, ready for your first **Roll**; the door's odds, charts and study buttons follow.
"""))

# %% [markdown]
# # Mystery Date: what's behind the door?
#
# Collect a 1-2-3 outfit of one colour, stop on an **OPEN THE DOOR** corner and open the door:
# your date wins, another date does nothing, and **the Dud** takes your outfit. How likely is each?
# Guess first, then find out.

# %% tags=["setup"]
# Setup: the tools for this lesson (the page's big type, predictions, charts)
import time

import ipywidgets as widgets
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

import boardkit as bk
from boardkit.lessons.together import (chart_title, class_bar, class_plays, follow_class_setting, for_this_page, plays_here,
                                       pool_plays, set_class_setting)
from boardkit.games import mystery_date as md
from boardkit.lessons import (CHART_COLOURS, GoingFurther, Prediction, RuleControls, answer_table, chart,
                              class_mode_switch, convergence_chart, greyed_during_studies, lesson_page, progress_bar, quick_check,
                              share_with_interval, show, study_button, table, teacher_note, teacher_notes,
                              with_interval)
from boardkit.render import counted
from boardkit.render.palette import SUIT_COLOURS
from matplotlib.ticker import FuncFormatter, PercentFormatter

# Colour-blind safe colours (Okabe-Ito), plus a pattern for each outcome.
COLOUR = {c: s.colour for c, s in SUIT_COLOURS.items()} | {"dud": "#6E6E6E"}
HATCH = {"red": "//", "green": "..", "blue": "", "orange": "xx", "dud": "--"}
NAMES = [md.OUTCOME_NAMES[o] for o in md.OUTCOMES]
SHORT = dict(zip(md.OUTCOMES, ["Formal\nDance", "Bowling", "Skiing", "Beach", "Dud"]))
rules = md.Rules()                  # the 1965 rules: a fair door
_pool = []

def pool():
    """Worker processes on both cores, started only when a big study asks for them."""
    if not _pool:
        _pool.append(bk.process_pool(workers=2))
    return _pool[0]

# the page's buttons (opened, the Teacher notes wrap under them), and class_bar: join a class
page_buttons = widgets.HBox([lesson_page(), class_mode_switch(), teacher_notes()],
                            layout=widgets.Layout(flex_flow="row wrap"))
widgets.VBox([page_buttons, class_bar("01_mystery_date")])

# %% [markdown]
# ## 1. Play a game
#
# You are **player 1** (the computer plays the other three). Press **Roll** and do what your space
# says. On the computer's turns press **Step**, or **Autoplay** to let them play until your turn.
# Collect the 1, 2 and 3 of one colour (red = Formal Dance, green = Bowling, blue = Skiing,
# orange = Beach), then stop on a blue **OPEN THE DOOR** corner. Every door opened in your games
# (yours and the computer players') is counted in part 2.

# %%
app = md.App(n_players=4, seats=["human", "Collector", "Collector", "Random"])
app

# %% [markdown]
# ## 2. The door
#
# The door shows one of five things: the Formal Dance, Bowling, Skiing or Beach date, or the Dud.
# Nobody knows how the 1965 door was built, so our door is **fair**: no outcome comes up more
# often than another.

# %%
COMPUTER_OPENINGS = 5000
exact_date = md.analysis.door_odds(rules)["red"]

def own_openings():
    """1 for each door opening of the game above that showed the date of the outfit shown, else 0."""
    return [int(event.outcome == event.colour) for event in app.door_openings]

def door_answer(prediction):
    own = own_openings()
    computer_doors = md.analysis.open_door(rules, COMPUTER_OPENINGS, seed=1)   # the same every time
    computer = (computer_doors == "red").astype(int)    # the computer always shows a red outfit
    estimate = share_with_interval(int(computer.sum()), len(computer))
    classmates = class_plays(prediction)
    fig = convergence_chart(own, computer, exact=exact_date, label="share that showed her date",
                            title=chart_title(len(own), classmates, "openings", "5,000"),
                            one="opening", many="openings", classmates=classmates)
    axes = fig.axes[0]
    axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:,.0f}"))   # 1, 10, 100, not 10²
    axes.yaxis.set_major_formatter(PercentFormatter(1.0))
    axes.set_xlabel("door openings so far (each step is 10 times as many)")
    def times(count):
        return {0: "no times", 1: "once"}.get(count, f"{count} times")
    mine = for_this_page(
        f"Your games opened the door {times(len(own))} and showed the right date {times(sum(own))}." if own else
        "You have not opened the door yet: play on, then press Show the answer again.",
        plays_here(prediction, len(own), "openings"))
    return (answer_table(prediction, exact=f"{exact_date} = {float(exact_date):.0%}", simulated=estimate,
                         simulated_label="The computer's 5,000 openings (95% interval)"),
            Markdown(f"{mine} One of five equally likely outcomes is hers: **1/5**. A few openings "
                     "wobble a lot; thousands settle near 1/5, and the shaded **95% interval** (the "
                     "chances that fit what we have seen) gets narrower."), fig)

pool_plays(Prediction("A girl opens the door with her outfit. What is the chance it shows her date?",
                      number=(0, 1, 0.05), percent=True, reveal=door_answer, answer=float(exact_date)),
           own_openings, many="door openings", yes="showed her date")   # in a class, the class's openings pool

# %%
def dud_answer(prediction):
    duds, waits = 0, []
    for outcome in md.analysis.open_door(rules, 100_000, seed=2):
        if outcome == "dud":
            duds += 1
        elif outcome == "red":
            waits.append(duds)
            duds = 0
    mean, low, high = bk.stats.mean_interval(waits)
    exact = md.analysis.expected_duds_before_date(rules)
    return (answer_table(prediction, exact=f"{exact}", simulated=(mean, low, high), percent=False,
                         decimals=2, simulated_label=f"The computer's 100,000 openings: {len(waits):,} waits (95% interval)"),
            Markdown("Only two outcomes matter: her date (it ends the wait) and the Dud. They are equally "
                     "likely, like the two sides of a coin, so on average she meets the Dud **once** before "
                     "her date."))

Prediction("Dressed for the Formal Dance, she opens the door again and again. How many times does she meet "
           "the Dud, on average, before her date?", number=(0, 5, 0.5), reveal=dud_answer,
           answer=float(md.analysis.expected_duds_before_date(rules)))

# %% [markdown]
# ## 3. Is the secret door fair?
#
# Your teacher has swapped in a **secret door**: it may favour one outcome. Guess first, then
# open it and collect evidence. Press **Show the answer** again after more openings.

# %% jupyter={"source_hidden": true} tags=["teacher"]
# Teacher: BOARDKIT_DOOR_SECRET (before starting Jupyter or Voilà) draws a different secret door;
# on the teacher's page, "Teacher notes" at the top picks a fair door or the outcome it favours.
SECRET = int(os.environ.get("BOARDKIT_DOOR_SECRET", "2026"))
door = md.analysis.RiggedDoor(SECRET)             # rigged by default: one outcome comes up 1/3 of the time

# %%
CHOICES = NAMES[:4] + ["the Dud", "none: the door is fair"]

def evidence(prediction=None):
    """Each outcome's share of the secret door's openings with its interval, and what it says.

    Five intervals are checked at once, so each is a 99% interval (Bonferroni: the 5% chance of a
    false alarm shared by the five checks): a fair door puts any of them wholly off 1/5 at most 1 time in 20.
    """
    opened = int(door.counts.sum())
    if opened < 20:
        return Markdown(f"The door has been opened {opened} times: open it at least 20 times (the buttons "
                        "below), then press **Show the answer** again.")
    checks = len(md.OUTCOMES)
    shares = bk.stats.proportions(door.counts, confidence=1 - 0.05 / checks)    # five checks at once
    fig, ax = chart(width=10, height=4.2)
    x = np.arange(len(md.OUTCOMES))
    ax.bar(x, shares["share"], color=[COLOUR[o] for o in md.OUTCOMES], hatch=[HATCH[o] for o in md.OUTCOMES],
           edgecolor="white", yerr=[shares["share"] - shares["low"], shares["high"] - shares["share"]],
           capsize=8, error_kw={"lw": 2})
    ax.axhline(0.2, color="black", ls="--", lw=2, label="a fair door: 1/5 each")
    ax.set_xticks(x, [SHORT[o] for o in md.OUTCOMES])
    ax.set_ylim(0, max(0.55, float(shares["high"].max()) + 0.05))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set(ylabel="share of openings",
           title=f"The secret door, opened {opened:,} times (99% intervals: five checked at once)")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25), frameon=False)
    named = {o: md.OUTCOME_NAMES[o] if md.OUTCOME_NAMES[o].startswith("the ") else f"the {md.OUTCOME_NAMES[o]}"
             for o in md.OUTCOMES}
    above = [named[o] for o in md.OUTCOMES if shares.loc[o, "low"] > 0.2]
    below = [named[o] for o in md.OUTCOMES if shares.loc[o, "high"] < 0.2]
    off = ([f"the interval of {' and '.join(above)} lies wholly above 1/5"] if above else []) + \
          ([f"the interval of {' and '.join(below)} lies wholly below it"] if below else [])
    five = (f"We look at {checks} intervals at once, so each is a 99% interval instead of 95%: then a fair "
            "door puts **any** of them wholly above or below 1/5 at most 1 time in 20.")
    if off:
        verdict = f"**Evidence of a rigged door:** {'; '.join(off)}. {five}"
    else:
        verdict = (f"**No clear evidence yet:** every interval still reaches 1/5. {five} Open the door more "
                   "times: the intervals get narrower.")
    return [fig, Markdown(verdict)]

door_prediction = Prediction("Which outcome does the secret door favour?", choices=CHOICES, reveal=evidence)
door_prediction

# %%
def refresh_counts():
    counts = door.counts.rename(md.OUTCOME_NAMES).to_frame().T
    counts.insert(0, "Secret door", ["times seen"])
    show(counts_view, table(counts) if door.counts.sum() else Markdown("The secret door is still shut."))

def on_open(button):
    if not door_prediction.locked:        # guess first: the counts are the evidence
        show(counts_view, Markdown("*Lock your guess above first: then open the door.*"))
        return
    door.open(button.times)
    refresh_counts()

open_buttons = []
for times in (10, 100):
    button = widgets.Button(description=f"Open it {times} times", button_style="primary", icon="door-open",
                            layout=widgets.Layout(width="auto", min_width="200px", height="48px"))
    button.times = times
    greyed_during_studies(button)     # greyed, saying why, while a study of the page runs
    button.on_click(on_open)
    open_buttons.append(button)
counts_view = widgets.Output()
refresh_counts()
widgets.VBox([widgets.HBox(open_buttons), counts_view])

# %%
# The teacher's setting and reveal for the secret door: made only in the teacher's kernel (a student's kernel
# never holds them), and shown under "Teacher notes" at the top of the teacher's page, closed at first.
SETTINGS = [("rigged at random (the secret number)", "secret")] + \
           [(f"rigged for the {name}", outcome) for outcome, name in md.OUTCOME_NAMES.items()] + \
           [("fair", "fair")]

def rig_door(choice):
    """Swap in a new secret door: "fair", "secret" (rigged at random) or the outcome it favours."""
    global door
    door = (md.analysis.RiggedDoor(SECRET, fair=True) if choice == "fair" else
            md.analysis.RiggedDoor(SECRET) if choice == "secret" else md.analysis.RiggedDoor(SECRET, favoured=choice))
    refresh_counts()

follow_class_setting("secret_door", rig_door)     # in a class, the teacher's choice reaches every student's door

def door_controls():
    from boardkit.render.app import scaled          # a width that grows with Large type

    setting = widgets.Dropdown(options=SETTINGS, value="secret", description="The secret door is",
                               style={"description_width": "initial"}, layout=widgets.Layout(width=scaled("560px")))
    reveal_button = widgets.Button(description="Reveal the door",      # a button as wide as its words, not a bar
                                   layout=widgets.Layout(width="max-content", min_width="260px", height="40px"))
    reveal_view = widgets.Output()

    def choose_door(change):
        rig_door(change["new"])
        set_class_setting("secret_door", change["new"])    # in a class: every student's page gets this door
        show(reveal_view, Markdown("A new secret door: its counts start again from 0."))

    def reveal(button):
        odds = md.analysis.door_odds(door.reveal())
        truth = pd.DataFrame({"Outcome": NAMES,
                              "Chance": [f"{odds[o]} = {float(odds[o]):.0%}" for o in md.OUTCOMES],
                              "Times seen so far": [int(door.counts[o]) for o in md.OUTCOMES]})
        show(reveal_view, Markdown(f"**{door.describe()}**"), table(truth))

    setting.observe(choose_door, names="value")
    reveal_button.on_click(reveal)
    note = widgets.HTML("<p>Part 3's door is rigged at random unless you choose here (a new door starts its "
                        "counts again). <b>Reveal the door</b> shows its exact odds: on the projector, only "
                        "after the class has guessed.</p>")
    return [note, setting, reveal_button, reveal_view]

teacher_note("The secret door (part 3)", door_controls)

# %% [markdown]
# ## 4. Change the rules
#
# A player may hold **6 cards**. The computer can play a thousand games in a few seconds and count
# their turns (a turn is one roll of the die). Guess first, then change the rules yourself.

# %%
TINKER_GAMES = 1000
_lengths = {}

def game_length(variant, bar):
    """The mean number of turns of 1,000 games of four Collectors, with its 95% interval (``bar`` counts them)."""
    if variant not in _lengths:
        games = bk.simulate(variant, n_players=4, n_games=TINKER_GAMES, seed=0, engine="reference",
                            progress=bar)
        _lengths[variant] = bk.stats.mean_interval(games["turns"])
    return _lengths[variant]

def length_table(variant, view):
    """The 1965 rules beside ``variant``; while new games are played, ``view`` shows a progress bar."""
    new = [chosen for chosen in dict.fromkeys((rules, variant)) if chosen not in _lengths]
    bar = progress_bar(view, TINKER_GAMES * len(new), f"Playing {TINKER_GAMES:,} games of each rule set") if new else False
    rows = []
    for name, chosen in (("1965 rules", rules), ("Your rules", variant)):
        mean, low, high = game_length(chosen, bar)
        date = md.analysis.door_odds(chosen)["red"]
        rows.append((name, chosen.hand_limit, "yes" if chosen.dud_in_play else "no",
                     with_interval(mean, low, high, percent=False), f"{date} = {float(date):.0%}"))
    return table(pd.DataFrame(rows, columns=["Rules", "Hand limit", "Dud behind the door",
                                             "Average turns (95% interval)", "Chance the door shows the Formal Dance"]))

def tinker(prediction):
    controls = RuleControls(rules.replace(hand_limit=4), {
        "hand_limit": (1, 10), "dud_in_play": None,
        "door_weights": [("fair: each outcome 1/5", (1, 1, 1, 1, 1)),
                         ("Formal Dance 3 times as likely", (3, 1, 1, 1, 1)),
                         ("the Dud 3 times as likely", (1, 1, 1, 1, 3))]},
        labels={"hand_limit": "Hand limit (cards)", "dud_in_play": "The Dud is behind the door",
                "door_weights": "The door"})
    result = widgets.Output()
    result.add_class("md-tinker-result")
    controls.on_change(lambda variant: show(result, length_table(variant, result)))
    show(result, length_table(controls.rules, prediction.view))   # the bar shows where the answer will come
    return (Markdown("With 4 cards a player must often throw away a card she needs, "
                     "so games get **much longer**. Now change the rules: the table plays 1,000 games "
                     "each time."), controls, result)

Prediction("If a player could hold only 4 cards instead of 6, a game would be...",
           choices=["shorter", "about as long", "longer"], reveal=tinker)

# %% [markdown]
# ## 5. Quick checks

# %%
widgets.VBox([
    quick_check("A door opened 10 times showed the Formal Dance 4 times. Is it rigged?",
                ["Yes: 4 in 10 is twice 1/5", "We can't tell yet: 10 openings are too few",
                 "No: doors are always fair"], 1,
                "with 10 openings the 95% interval of the share runs from about 17% to 69%, and 1/5 is inside."),
    quick_check("A fair door showed no Formal Dance in its last 4 openings. The next opening shows it with chance...",
                ["more than 1/5: it is due", "exactly 1/5", "less than 1/5"], 1,
                "the door has no memory: every opening is 1/5, whatever came before."),
    quick_check("To make a 95% interval half as wide, you open the door...",
                ["twice as many times", "four times as many times", "ten times as many times"], 1,
                "the width shrinks with the square root of the number of openings: 4 times as many halves it."),
])

# %% [markdown]
# ## Going further
#
# For the curious: the door's exact odds as fractions, the maths of the Dud, a real test of
# fairness (chi-square), and studies of thousands of games. Open the part below.

# %%
# The folded part is built the first time it is opened (each @further.when_opened part below),
# so the page loads without it.
further = GoingFurther("Going further: exact odds, a fairness test, and 10,000 games")

def study_box(description, study):
    """A study button and its view, in one box."""
    return widgets.VBox(study_button(description, study))

further

# %%
rigged = rules.replace(door_weights=(3, 1, 1, 1, 1))

@further.when_opened
def odds_part():
    duds = pd.DataFrame({"Outfit": [f"{colour} ({md.DATES[colour]})" for colour in md.COLOURS],
                         "Fair door": [str(md.analysis.expected_duds_before_date(rules, c)) for c in md.COLOURS],
                         "Formal Dance 3 times as likely": [str(md.analysis.expected_duds_before_date(rigged, c))
                                            for c in md.COLOURS]})
    further.add(
        "### The door's odds, exactly\n"
        "With weights $w_1, \\dots, w_5$ (a fair door: all 1) the chance of an outcome is its weight over the "
        "total: $P = w / (w_1 + \\dots + w_5)$. The computer works it out as a fraction:",
        table(md.analysis.door_table(rules)[["date", "exact", "probability"]],
              headers={"date": "Outcome", "exact": "Exact chance", "probability": "As a decimal"}),
        "### How many Duds before your date?\n"
        "Each opening ends the wait with chance $P(\\text{date})$ and is the Dud with chance $P(\\text{Dud})$. "
        "Between the openings that matter, the Dud comes first with chance "
        "$P(\\text{Dud}) / (P(\\text{Dud}) + P(\\text{date}))$, so on average she meets "
        "$P(\\text{Dud}) / P(\\text{date})$ Duds before her date. With a door where the Formal Dance is 3 times "
        "as likely, a red outfit meets only 1/3 of a Dud, the others still 1:",
        "Average number of Duds before her date:",
        table(duds),
    )

# %%
def test_results(result, title):
    """The chi-square test's table (plain words) and its verdict."""
    shown = result.table.rename(index=md.OUTCOME_NAMES).reset_index(names="Outcome")
    shown["share"] = [with_interval(s, lo, hi, decimals=1) for s, lo, hi in
                      zip(shown["share"], shown["low"], shown["high"])]
    verdict = ("looks rigged: a fair door would rarely give counts this far from 1/5 each"
               if result.p_value < 0.05 else "no evidence it is rigged (which does not prove it fair)")
    return (Markdown(f"**{title}:** chi-square = {result.statistic:.1f}, p = {result.p_value:.3g}: {verdict}."),
            table(shown[["Outcome", "count", "share", "expected"]], percent=("expected",),
                  headers={"count": "Times seen", "share": "Share seen (95% interval)",
                           "expected": "A fair door"}))

fair_counts = md.analysis.count_outcomes(md.analysis.open_door(rules, 500, seed=3))

def run_tests(view):
    items = list(test_results(md.analysis.door_fairness(fair_counts), "A fair door, opened 500 times"))
    if door.counts.sum() >= 25:
        items += test_results(md.analysis.door_fairness(door.counts),
                              f"The secret door, opened {int(door.counts.sum()):,} times")
    else:
        items.append(Markdown("Open the secret door at least 25 times (part 3) to test it too."))
    show(view, *items)

@further.when_opened
def test_part():
    further.add(
        "### A fairness test: chi-square\n"
        "Even a fair door never gives exactly 1/5 of each outcome, so how far is too far? The **chi-square** "
        "statistic adds up $(\\text{seen} - \\text{expected})^2 / \\text{expected}$ over the five outcomes, and "
        "the **p-value** is the chance that a *fair* door would give counts at least this far from 1/5 each. "
        "A small p-value (below 0.05) is evidence of a rigged door; a large one does **not** prove the door "
        "fair: it may be a little rigged and not opened enough yet.")
    further.add_widget(study_box("Test the doors", run_tests))

# %%
results = {}   # the studies below keep their games here: results["1965 rules"] is a table

def game_length_chart(games):
    length = bk.metrics.length_summary(games)
    median, p90 = length["median"], length["90th percentile"]
    fig, ax = chart(width=10, height=4.2)
    ax.hist(games["turns"], bins=range(0, 401, 10), color=COLOUR["blue"], edgecolor="white")
    ax.axvline(median, color=COLOUR["orange"], lw=3, label=f"median: {median:.0f} turns")
    ax.axvline(p90, color="black", lw=3, ls="--", label=f"9 in 10 games end by turn {p90:.0f}")
    ax.set(xlabel="turns in the game (games over 400 turns not shown)", ylabel="games")
    ax.legend(loc="upper right")
    return fig

def seat_win_table(games):
    wins = bk.metrics.win_rates(games)
    fairness = bk.metrics.seat_fairness(games)
    shown = pd.DataFrame({"Player": [f"Player {seat + 1}" for seat in wins.index],
                          "Wins (95% interval)": [with_interval(w, lo, hi, decimals=1) for w, lo, hi in
                                                  zip(wins["win rate"], wins["low"], wins["high"])]})
    finding = ("no seat has a clear edge" if fairness.p_value >= 0.05 else "the seats are not equal")
    return table(shown), Markdown(f"A fair game gives each of 4 players 1/4 = 25% of the wins: {finding} "
                                  f"(chi-square p = {fairness.p_value:.2g}).")

def play_10000_games(view):
    bar = progress_bar(view, 10_000, "10,000 games (the first time, the fast lane may compile: 10-25 s)")
    start = time.perf_counter()
    games = bk.simulate(rules, n_players=4, n_games=10_000, seed=0, executor=pool(), progress=bar)
    results["1965 rules"] = games
    show(view, Markdown(f"10,000 games in {counted(round(time.perf_counter() - start), 'second')}."), game_length_chart(games),
         *seat_win_table(games))

@further.when_opened
def length_part():
    further.add(
        "### How long is a game, and does going first help?\n"
        "Four Collector bots play 10,000 games. The computer plays them on its fast lane (about 15 times faster "
        "than the readable engine; pass `engine='reference'` to compare). The **median** (half the games are "
        "shorter) and the 90th percentile tell a player more than the mean, which a few very long games pull up.")
    further.add_widget(study_box("Play 10,000 games", play_10000_games))

# %%
variants = {
    "1965 rules": rules,
    "hand of 7": rules.replace(hand_limit=7),
    "no Dud": rules.replace(dud_in_play=False),
    "Formal Dance 3 times as likely": rules.replace(door_weights=(3, 1, 1, 1, 1)),
}

def compare_table(compare):
    rows = []
    for name, group in compare.groupby("variant", sort=False):
        summary = bk.metrics.length_summary(group)
        wins = bk.metrics.win_rates(group)
        rows.append({"Rules": name, "Median turns": summary["median"],
                     "Average turns (95% interval)": with_interval(*bk.stats.mean_interval(group["turns"]),
                                                                   percent=False),
                     "Player 1 wins (95% interval)": with_interval(*wins.loc[0, ["win rate", "low", "high"]],
                                                                   decimals=1)})
    return table(pd.DataFrame(rows), decimals=1)

def compare_variants(view):
    bar = progress_bar(view, 2000 * len(variants), f"{len(variants)} rule sets")
    frames = [bk.simulate(variant, n_players=4, n_games=2000, seed=0, executor=pool(), progress=bar,
                          variant=name)
              for name, variant in variants.items()]
    compare = results["compare"] = pd.concat(frames, ignore_index=True)
    show(view, compare_table(compare))

@further.when_opened
def compare_part():
    further.add("### Four rule sets, 2,000 games each\nWhich change makes games shortest? Does a rigged door "
                "help the player who goes first?")
    further.add_widget(study_box("Compare the rules", compare_variants))

# %% [markdown]
# ## For coders
#
# In JupyterLab every tinkering above is a line of code. The exact answers (make your predictions first!):
#
# ```python
# # each outcome's chance, as a fraction
# md.analysis.door_odds(rules)
# # the average number of Duds before her date
# md.analysis.expected_duds_before_date(rules, "red")
# ```
#
# Your own variants (any field of `md.Rules`; a rule that makes no sense is a clear `ValueError`):
#
# ```python
# variant = rules.replace(hand_limit=4, door_weights=(1, 1, 1, 1, 3))
# # one row per game
# games = bk.simulate(variant, n_players=4, n_games=2000, seed=0)
# # (mean, low, high)
# bk.stats.mean_interval(games["turns"])
# # then press "Compare the rules"
# variants["lots of Duds"] = variant
# ```
#
# After the studies, `results["1965 rules"]` holds the 10,000 games: try
# `results["1965 rules"]["date"].value_counts()` (which dates win most?). The two cells below print the
# exact answers (the notebook's tests check them on every run), each in a closed fold: open them only
# after your predictions.

# %%
# NBVAL_CHECK_OUTPUT
from boardkit.lessons import back_to_part_one, folded

odds = md.analysis.door_odds(rules)
with folded("The door's exact odds, printed by code (the answer of part 2)"):
    for outcome, chance in odds.items():
        print(f"{md.OUTCOME_NAMES[outcome]:>12}: {chance}")
    print("      total:", sum(odds.values()))

# %%
# NBVAL_CHECK_OUTPUT
with folded("Duds before her date, printed by code (the answers of part 2 and Going further)"):
    print("fair door, any outfit:", md.analysis.expected_duds_before_date(rules))
    for colour in md.COLOURS:
        print(f"door 3:1:1:1:1, {colour} outfit:", md.analysis.expected_duds_before_date(rigged, colour))

# %% jupyter={"source_hidden": true}
# Run All ends here: back to part 1 (JupyterLab would stay at this last cell)
back_to_part_one()

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
*1. Play a game*, ready for your first **Roll**; the questions, charts and study buttons follow.
"""))

# %% [markdown]
# # Mouse Trap: chains of chance
#
# In **Mouse Trap** (1963) the players build a crazy contraption, then try to catch each other's mice
# with it. Turn the crank: gears, a shoe, a bucket, a ball, a diver... and if **every** stage works,
# the cage drops. How often does that happen? Guess first, then find out.

# %% tags=["setup"]
# Setup: the tools for this lesson, the page's big type and its "Large type" switch
import ipywidgets as widgets
import numpy as np
import pandas as pd
from IPython.display import Markdown
from matplotlib.ticker import PercentFormatter

import boardkit as bk
from boardkit.lessons.together import chart_title, class_bar, class_plays, for_this_page, plays_here, pool_plays
from boardkit.games import mouse_trap as mt
from boardkit.lessons import (CHART_COLOURS, CHART_HATCHES, GoingFurther, Prediction, RuleControls, answer_table,
                              chart, class_mode_switch, convergence_chart, greyed_during_studies, lesson_page, progress_bar,
                              quick_check, share_with_interval, show, study_button, table, teacher_notes,
                              with_interval)

BLUE, ORANGE, GREEN = CHART_COLOURS[:3]
GREY = "#BBBBBB"
rules = mt.Rules()                                   # the rulebook
stages = mt.analysis.N_STAGES                        # 16 stages, A to P: a crank that stops at 16 caught
reliability = float(mt.analysis.trap_reliability(rules))
pool = bk.process_pool(workers=2)                    # the big studies play on both cores (started when first used)
# the page's buttons (opened, the Teacher notes wrap under them), and class_bar: join a class
page_buttons = widgets.HBox([lesson_page(), class_mode_switch(), teacher_notes()],
                            layout=widgets.Layout(flex_flow="row wrap"))
widgets.VBox([page_buttons, class_bar("02_mouse_trap")])

# %% [markdown]
# ## 1. Play a game
#
# You are **player 1**. Press **Roll** (or click the die). On a tinted build space you may **Build** the
# next part and take a cheese. When the trap is complete, stop on **TURN CRANK** while a rival's mouse is
# on the **Cheese Wheel**, and watch the chain reaction.

# %%
app = mt.App(n_players=4, seats=["human", "Trapper", "Trapper", "Random"])
app

# %% [markdown]
# ## 2. One crank
#
# The trap is a chain of **16 stages, A to P**. Each stage works **90% to 99%** of the time (the
# weakest, F, the ball rolling down the rickety stairs, 90%; these are boardkit's guesses, nobody
# measured the 1963 toy). The cage falls only if **all 16** work. Turn the crank yourself a few times:

# %%
my_cranks = []                                        # where each of your cranks stopped (16: caught)


def stop_words(stop):
    if stop == stages:
        return "every stage worked: the cage fell, caught!"
    letter, what = mt.STAGES[stop]
    return f"it stopped at stage {letter} ({what} failed)."


def turn_crank(times):
    new = mt.analysis.crank_many(rules, times=times, seed=None)       # your own cranks: different on every page
    my_cranks.extend(int(s) for s in new)
    caught = sum(s == stages for s in my_cranks)
    crank_news.value = (f"<b>Crank {len(my_cranks)}:</b> {stop_words(my_cranks[-1])}<br>"
                        f"Your cranks so far: <b>{len(my_cranks)}</b>, of which <b>{caught}</b> caught the mouse.")


crank_once = widgets.Button(description="Turn the crank", icon="refresh", button_style="primary",
                            layout=widgets.Layout(width="auto", height="44px"))
crank_ten = widgets.Button(description="Turn it 10 times", icon="forward",
                           layout=widgets.Layout(width="auto", height="44px"))
crank_once.on_click(lambda _: turn_crank(1))
crank_ten.on_click(lambda _: turn_crank(10))
greyed_during_studies(crank_once, crank_ten)     # greyed, saying why, while a study of the page runs
crank_news = widgets.HTML("Press the button: which stage will stop the chain?")
crank_news.add_class("mt-crank-news")
widgets.VBox([widgets.HBox([crank_once, crank_ten]), crank_news])


# %%
def own_cranks():
    """1 for each of your cranks that caught the mouse, else 0: your game's cranks, then the button's."""
    return app.cranks + [int(s == stages) for s in my_cranks]


def reveal_one_crank(prediction):
    own = own_cranks()
    computer = mt.analysis.crank_many(rules, times=5000, seed=1) == stages
    simulated = share_with_interval(int(computer.sum()), len(computer))
    classmates = class_plays(prediction)
    chance = convergence_chart(own, computer, exact=reliability, label="share of cranks that catch",
                               one="crank", many="cranks", classmates=classmates,
                               title=chart_title(len(own), classmates, "cranks", "5,000"))
    if own:
        yours = (f"{len(own)} crank{'s' if len(own) != 1 else ''} of yours (your game's and the button's) "
                 "start the line, and the computer's cranks close in on the exact answer.")
    else:
        yours = ("The computer's cranks close in on the exact answer (turn the crank above, then show the "
                 "answer again: your own cranks start the line).")
    yours = for_this_page(yours, plays_here(prediction, len(own), "cranks") + " The computer's cranks close in "
                          "on the exact answer.")
    why = Markdown(
        f"Every stage works at least 90% of the time, yet the whole trap works only **{reliability:.0%}** of the "
        "time. The chances **multiply**: $P(\\text{caught}) = p_A \\times p_B \\times \\dots \\times p_P = "
        f"0.99 \\times 0.98 \\times \\dots \\times 0.99 = {reliability:.3f}$. Small failures add up. "
        + yours + " The simulation's **95% interval** is the "
        "range the true share lies in, unless the computer was very unlucky (1 time in 20).")
    return [answer_table(prediction, exact=reliability, simulated=simulated), chance, why]


crank_prediction = Prediction("Out of 100 cranks, how many catch the mouse?", number=(0, 1, 0.01), percent=True,
                              reveal=reveal_one_crank)
pool_plays(crank_prediction, own_cranks, many="cranks", yes="caught the mouse")   # in a class, the class's cranks pool
crank_prediction

# %% [markdown]
# ## 3. Which stage should we fix?
#
# You have time to fix **one** stage so that it never fails again. Which fix helps the whole trap most?

# %%
FIX_CHOICES = {"A: the crank turns (works 99% of the time)": "A",
               "F: the ball rolls down the rickety stairs (90%)": "F",
               "P: the cage falls down the post, the last stage (99%)": "P",
               "It makes no difference which": None}


def gains_chart():
    gains = mt.analysis.stage_importance(rules).sort_index()
    fig, ax = chart(width=10, height=4)
    best = gains["gain"].idxmax()
    colours = [ORANGE if letter == best else BLUE for letter in gains.index]
    ax.bar(gains.index, 100 * gains["gain"], color=colours, edgecolor="white",
           hatch=["//" if letter == best else "" for letter in gains.index])
    ax.set(xlabel="the stage we fix (A to P)", ylabel="points gained (%)",
           title="How much each fix adds to the chance of a catch")
    return fig


def reveal_fix(prediction):
    rows = []
    for words, letter in FIX_CHOICES.items():
        if letter is None:
            continue
        fixed = rules.with_stage_odds(**{letter: 1})
        caught = mt.analysis.crank_many(fixed, times=5000, seed=2) == stages
        rows.append({"Fix stage": letter, "The trap then works (exact)": float(mt.analysis.trap_reliability(fixed)),
                     "5,000 cranks (95% interval)": with_interval(*share_with_interval(int(caught.sum()), 5000),
                                                                  decimals=1)})
    caught = mt.analysis.crank_many(rules, times=5000, seed=2) == stages
    rows.append({"Fix stage": "none (the rulebook)", "The trap then works (exact)": reliability,
                 "5,000 cranks (95% interval)": with_interval(*share_with_interval(int(caught.sum()), 5000),
                                                              decimals=1)})
    frame = pd.DataFrame(rows)
    after_f = float(mt.analysis.fixed_reliability(rules, "F"))
    why = Markdown(f"**Fix F, the weakest link.** The trap goes from {reliability:.1%} to {after_f:.1%}. "
                   "Fixing a 99% stage adds only half a point: every stage multiplies the whole, so the "
                   "smallest number in the product holds it down most. The first or last stage is no more "
                   "important than any other: all 16 must work.")
    return [table(frame, percent=("The trap then works (exact)",), percent_decimals=1), gains_chart(), why]


fix_prediction = Prediction("Which fix helps most?", choices=list(FIX_CHOICES), reveal=reveal_fix)
fix_prediction

# %% [markdown]
# ## 4. Tinker: backups and a bigger die
#
# A **backup** is a second copy of a stage side by side: the stage fails only if *both* copies fail.
# Choose which stages get one (the weakest first), and the die the players roll. The table below
# changes with every choice: the trap's exact chance, 5,000 cranks, and 200 games the computer plays
# with your rules, beside the rulebook's. How many backups make the trap work **9 times in 10**? Does a bigger die make
# games shorter?

# %%
BY_WEAKNESS = list(mt.analysis.backup_table(rules).index)        # F, H, M, D, ...: the best backup first


def weakest(k):
    """The ``k`` weakest stages in words, without their letters: the weakest is part 3's answer."""
    return "none" if k == 0 else "the weakest stage" if k == 1 else f"the {k} weakest stages"


def backup_option(k):
    """(label, backups) for the ``k`` weakest stages: short labels, so the dropdown shows them whole."""
    return (weakest(k), tuple(BY_WEAKNESS[:k]))


tinker = RuleControls(rules, {"backups": [backup_option(k) for k in range(stages + 1)], "die_sides": (0, 12)},
                      labels={"backups": "Stages with a backup copy", "die_sides": "Faces on the die"})
tinker_view = widgets.Output()
tinker_view.add_class("mt-tinker-result")


def trap_results(variant):
    """What the tinker table shows for one set of rules: words -> result, each simulation with its interval."""
    exact = float(mt.analysis.trap_reliability(variant))
    caught = mt.analysis.crank_many(variant, times=5000, seed=3) == stages
    games = bk.simulate(variant, n_players=4, n_games=200, seed=0, engine="reference", progress=False)
    return exact, {
        "Stages with a backup": (f"{weakest(len(variant.backups))}: {' '.join(variant.backups)}"   # the letters
                                 if variant.backups and fix_prediction.locked else      # after part 3's guess
                                 weakest(len(variant.backups))),
        "Faces on the die": f"{variant.die_sides}",
        "One crank catches (exact)": f"{exact:.1%}",
        "5,000 cranks: share that catch (95% interval)":
            with_interval(*share_with_interval(int(caught.sum()), 5000), decimals=1),
        "200 games: turns in a game, on average (95% interval)":
            with_interval(*bk.stats.mean_interval(games["turns"]), percent=False),
        "200 games: share stopped at the turn cap, with no winner (95% interval)":
            with_interval(*share_with_interval(int((games["end"] == "turn cap").sum()), len(games))),
    }


rulebook_results = []      # the rulebook's column, played the first time a student tinkers


def tinker_result(variant):
    exact, yours = trap_results(variant)
    if not rulebook_results:
        rulebook_results.append(trap_results(rules)[1])
    columns = {"Your rules": yours, "The rulebook": dict(rulebook_results[0])}
    if not crank_prediction.locked:            # the rulebook's trap is part 2's answer: not before its guess
        for column in columns.values():
            if column["Stages with a backup"] == "none":
                for what in list(column)[2:4]:
                    column[what] = "lock your guess in part 2 first"
    frame = pd.DataFrame({"What": list(yours), **{name: list(column.values()) for name, column in columns.items()}})
    rulebook_trap = yours["Stages with a backup"] == "none"    # its shortfall would give part 2's answer away
    verdict = ("Your trap works 9 times in 10 or better!" if exact >= 0.9 else
               "Your trap is not at 9 in 10 yet." if rulebook_trap and not crank_prediction.locked else
               f"Your trap is not at 9 in 10 yet: {100 * (0.9 - exact):.1f} points short.")
    show(tinker_view, table(frame), Markdown(f"**{verdict}**"))


tinker.on_change(tinker_result)
show(tinker_view, Markdown("*Choose backups or a die: your trap's results appear here.*"))   # not the answers above
widgets.VBox([tinker, tinker_view])

# %% [markdown]
# ## 5. Quick checks

# %%
best_two, best_two_chance = mt.analysis.best_fixes(rules, 2)
widgets.VBox([
    quick_check("Sixteen stages each work 99% of the time. The whole trap works about...",
                ["99% of the time", "94% of the time", "85% of the time", "50% of the time"], 2,
                f"0.99 multiplied by itself 16 times is {0.99 ** 16:.3f}, so it still fails about one time in seven."),
    quick_check("You may make two stages perfect. Can the trap then work 9 times in 10?",
                ["Yes, if we fix the two weakest", "Yes, any two will do", "No, two fixes are not enough"], 2,
                f"even the best two fixes give only {best_two_chance:.1%}, because the other 14 stages still "
                "multiply together to that much."),
    quick_check("A stage works 90% of the time. With a backup copy beside it, it works...",
                ["90% of the time", "95% of the time", "99% of the time", "100% of the time"], 2,
                "it fails only if both copies fail, 0.1 x 0.1 = 0.01 of the time, so it works 99% of the time."),
])

# %% [markdown]
# ## 6. Going further
#
# Open the section below for the whole story: where the chain stops, how many cranks a catch takes,
# how long games last, and your own trap, every exact answer beside its simulation.

# %%
# What the cells below add is put on the page the first time a student opens it (a quicker page load).
further = GoingFurther("Going further: the maths of the chain, and whole games")
further

# %%
further.add(
    "### The 16 stages\n"
    "Each stage's chance (boardkit's guesses), and the stage with a backup copy: "
    "$1 - (1-p)^2$, so a 90% stage becomes 99%.",
    table(mt.analysis.stage_table(rules).reset_index().replace({"backup": {True: "yes", False: "no"}}),
          headers={"letter": "Stage", "stage": "What happens", "probability": "Works",
                   "backup": "Has a backup", "with backup": "Works with its backup"},
          percent=("probability", "with backup"), percent_decimals=0),
)


# %%
def stop_chart(view):
    stops = mt.analysis.crank_many(rules, times=100_000, seed=1)    # the same every run
    counts = mt.analysis.stop_counts(stops)
    exact = mt.analysis.stop_odds(rules)
    x = np.r_[np.arange(stages), stages + 1.5]        # a gap before "caught", so its label stands apart
    fig, ax = chart(width=10.5, height=4.5)
    ax.bar(x - 0.2, counts / counts.sum(), width=0.4, color=BLUE, label="100,000 cranks")
    ax.bar(x + 0.2, exact.to_numpy(), width=0.4, color=GREY, hatch="//", edgecolor="black", label="exact")
    ax.set_xticks(x, list(mt.STAGE_LETTERS) + ["caught"])
    ax.set(xlabel="where the chain stopped", ylabel="share of cranks")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, frameon=False)
    check = mt.analysis.convergence(rules, times=100_000, seed=1).reset_index()
    check["inside"] = check["inside"].map({True: "yes", False: "no"})
    show(view, fig, table(check, headers={"cranks": "Cranks", "estimate": "Share caught", "low": "95% interval from",
                                          "high": "to", "exact": "Exact", "inside": "Exact inside the interval?"},
                          percent=("estimate", "low", "high", "exact"), percent_decimals=1))


stop_button, stop_view = study_button("Turn it 100,000 times", stop_chart)
further.add("### Where does the chain stop?\n"
            "The exact chance that stage *k* is the first to fail is $p_A \\cdots p_{k-1}(1 - p_k)$. "
            "The computer turns the crank 100,000 times and counts; the table shows the estimate after "
            "10, 100, 1,000... cranks with its 95% (Wilson) interval closing in on the exact value.")
further.add_widget(widgets.VBox([stop_button, stop_view]))


# %%
def waits_chart(view):
    waits = mt.analysis.simulate_cranks_until_catch(rules, catches=20_000, seed=2)
    exact_waits = mt.analysis.cranks_until_catch(rules, up_to=8)
    seen = pd.Series(waits).value_counts(normalize=True).reindex(exact_waits.index, fill_value=0)
    mean, low, high = bk.stats.mean_interval(waits)
    fig, ax = chart(width=10, height=4.5)
    ax.bar(exact_waits.index - 0.2, seen, width=0.4, color=BLUE, label="20,000 simulated catches")
    ax.bar(exact_waits.index + 0.2, exact_waits["probability"], width=0.4, color=GREY, hatch="//",
           edgecolor="black", label="exact: $(1-R)^{k-1}\\,R$")
    ax.set(xlabel="cranks until the first catch", ylabel="share of catches")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.legend(loc="upper right")
    exact = float(mt.analysis.mean_cranks_until_catch(rules))
    show(view, fig, Markdown(f"Simulated mean: **{with_interval(mean, low, high, percent=False, decimals=3)}** "
                             f"cranks (95% interval); exact $1/R$ = **{exact:.3f}**."))


waits_button, waits_view = study_button("20,000 catches", waits_chart)
further.add("### How many cranks until a catch?\n"
            f"Each crank catches with chance $R$ (about {reliability:.2f}), whatever happened before. So the "
            "first catch comes at crank $k$ with chance $(1-R)^{k-1} R$: a **geometric distribution**, "
            "with mean $1/R$.")
further.add_widget(widgets.VBox([waits_button, waits_view]))


# %%
def chain_chart(stage_chance, n_stages):
    per_stage = np.linspace(0.8, 1.0, 201)
    fig, ax = chart(width=10, height=4.5)
    ax.plot(per_stage, per_stage ** n_stages, color=BLUE, lw=3, label=f"{n_stages} stages in a row")
    ax.plot(per_stage, per_stage, color="black", ls=":", lw=2, label="one stage")
    whole = stage_chance ** n_stages
    ax.plot([stage_chance], [whole], "o", ms=14, color=ORANGE, label=f"each {stage_chance:.1%}: all {whole:.1%}")
    ax.axhline(0.9, color="grey", ls="--", lw=1)
    ax.set(xlabel="chance each stage works", ylabel="chance the chain works", ylim=(0, 1.02))
    ax.set_xticks(np.linspace(0.8, 1.0, 5))           # 80%, 85%, ... (the default 82.5% showed as "82%")
    ax.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=3, frameon=False)
    return fig


each_stage = widgets.FloatSlider(value=0.99, min=0.80, max=1.0, step=0.001, readout_format=".1%",
                                 description="each stage", continuous_update=False,
                                 layout=widgets.Layout(width="560px"))
n_stages = widgets.IntSlider(value=16, min=1, max=40, description="stages", continuous_update=False,
                             layout=widgets.Layout(width="560px"))
chain_view = widgets.Output()
chain_button = widgets.Button(description="Draw the chain", icon="line-chart", layout=widgets.Layout(width="auto"))


def redraw_chain(change=None):
    show(chain_view, chain_chart(each_stage.value, n_stages.value))


each_stage.observe(redraw_chain, names="value")
n_stages.observe(redraw_chain, names="value")
chain_button.on_click(redraw_chain)
further.add("### How good must each stage be?\n"
            f"For 16 equal stages to work 9 times in 10, each must work $0.9^{{1/16}}$ = "
            f"**{0.9 ** (1 / 16):.2%}** of the time. Move the sliders: more stages need better stages.")
further.add_widget(widgets.VBox([each_stage, n_stages, chain_button, chain_view]))

# %%
further.add(
    "### Fixing, and backing up, two stages\n"
    f"Making stages perfect: the best two are **{best_two[0]} and {best_two[1]}**, and the trap then works "
    f"**{best_two_chance:.1%}** of the time, far from 9 in 10. Each fix divides one factor out of the product; "
    "the other 14 remain. Backups help a little less than a perfect stage (a 90% stage becomes 99%, not 100%). "
    "The best single backup for each stage:",
    table(mt.analysis.backup_table(rules).head(6).reset_index(),
          headers={"letter": "Stage", "stage": "What happens", "reliability with backup": "The trap then works",
                   "gain": "Points gained"},
          percent=("reliability with backup", "gain"), percent_decimals=1),
)


# %%
def length_charts(games):
    fig, ax = chart(width=10, height=4.5)
    for (players, group), colour, hatch in zip(games.groupby("n_players"), CHART_COLOURS, CHART_HATCHES):
        ax.hist(group["turns"], bins=range(0, 501, 10), histtype="step", lw=3, color=colour,
                hatch=hatch, label=f"{players} players: median {group['turns'].median():.0f} turns")
    ax.set(xlabel="turns in the game (over 500 not shown)", ylabel="games")
    ax.legend(loc="upper right")
    summary = games.groupby("n_players").agg(
        players=("n_players", "first"), games=("turns", "size"), median=("turns", "median"),
        ninety=("turns", lambda t: t.quantile(0.9)), cap=("end", lambda e: (e == "turn cap").mean()),
        cranks=("cranks", "mean"))
    summary.insert(3, "mean", [with_interval(*bk.stats.mean_interval(group["turns"]), percent=False)
                               for _, group in games.groupby("n_players")])
    return fig, table(summary, headers={"players": "Players", "games": "Games", "median": "Median length (turns)",
                                        "mean": "Mean length (95% interval)",
                                        "ninety": "9 in 10 games end by turn", "cap": "Stopped at the turn cap",
                                        "cranks": "Cranks per game"}, percent=("cap",), decimals=1)


def seat_chart(games):
    four = games[games["n_players"] == 4]
    wins = bk.metrics.win_rates(four)
    fig, ax = chart(width=8, height=4)
    ax.bar([f"Player {seat}" for seat in range(1, 5)], wins["win rate"], color=GREEN, hatch="//", edgecolor="white",
           yerr=[wins["win rate"] - wins["low"], wins["high"] - wins["win rate"]], capsize=10)
    ax.axhline(0.25, color="black", ls="--", label="fair share: 1 in 4")
    ax.set(xlabel="player (Player 1 plays first)", ylabel="share of wins")
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), frameon=False)
    return fig, Markdown("A chi-square test of the four players' wins (is the difference more than luck?): "
                         + bk.metrics.seat_fairness(four).verdict())


def play_games(view):
    bar = progress_bar(view, 3000, "3 x 1,000 games")
    games = pd.concat([bk.simulate(rules, n_players=n, n_games=1000, seed=0, executor=pool, progress=bar)
                       for n in (2, 3, 4)], ignore_index=True)
    show(view, *length_charts(games), Markdown("#### 4 players: does the first player have an edge?"),
         *seat_chart(games))


games_button, games_view = study_button("Play 3,000 games", play_games)
further.add("### How long is a game?\n"
            "A build space marked **2** builds only in a two-player game, one marked **2-3-4** in every game. "
            "The bots play 1,000 games with 2, 3 and 4 players: how long do they last, and does the first "
            "player have an edge? (The computer plays these on its fast lane, about 70 times faster than the "
            "readable engine; the first study compiles it, which can take half a minute.)")
further.add_widget(widgets.VBox([games_button, games_view]))


# %%
def trap_with_reliability(target):
    """The rulebook's trap with every stage's chance raised to the same power, so the whole works ``target``."""
    power = np.log(target) / np.log(reliability)
    return rules.replace(stage_odds=tuple(float(p) ** power for p in rules.stage_odds))


def endgame_study(view):
    targets = [0.30, reliability, 0.75, 0.95]
    bar = progress_bar(view, 500 * len(targets), "endgames")
    rows = []
    for target in targets:
        games = bk.simulate(trap_with_reliability(target), n_players=4, n_games=500, seed=0,
                            executor=pool, progress=bar)
        mean, low, high = bk.stats.mean_interval(games["turns"] - games["trap_done"])
        rows.append({"works": target, "mean": mean, "low": low, "high": high, "cranks": games["cranks"].mean()})
    frame = pd.DataFrame(rows)
    fig, ax = chart(width=9, height=4.5)
    ax.errorbar(frame["works"], frame["mean"], yerr=[frame["mean"] - frame["low"], frame["high"] - frame["mean"]],
                fmt="o-", ms=10, capsize=8, lw=3, color=BLUE)
    ax.set(xlabel="chance one crank catches", ylabel="turns after the trap is built")
    ax.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    show(view, fig, table(frame, headers={"works": "Trap works", "mean": "Endgame turns, mean", "low": "95% interval from",
                                          "high": "to", "cranks": "Cranks per game"}, percent=("works",), decimals=1))


endgame_button, endgame_view = study_button("Compare traps", endgame_study)
further.add("### A worse trap, a longer endgame\n"
            "Once the trap is built, the game is a race to catch the others. 500 four-player games for traps "
            "that work 30%, 54% (the rulebook), 75% and 95% of the time: how many turns from the last part "
            "built to the end of the game?")
further.add_widget(widgets.VBox([endgame_button, endgame_view]))

# %%
from boardkit.games.mouse_trap.view_draw import STAGE_NAMES   # short names, as on the board: "crank", "gears", ...
sliders = {letter: widgets.FloatSlider(value=float(chance), min=0.5, max=1.0, step=0.01, readout_format=".0%",
                                       description=f"{letter}: {name}", continuous_update=False,
                                       style={"description_width": "190px"}, layout=widgets.Layout(width="500px"))
           for letter, name, chance in zip(mt.STAGE_LETTERS, STAGE_NAMES, rules.stage_odds)}


def compare_traps(view):
    mine = rules.with_stage_odds(**{letter: s.value for letter, s in sliders.items()})
    chosen = {"the rulebook": rules, "your trap": mine}
    bar = progress_bar(view, 500 * len(chosen), "your trap")
    rows = []
    for name, variant in chosen.items():
        games = bk.simulate(variant, n_players=4, n_games=500, seed=0, executor=pool, progress=bar)
        mean, low, high = bk.stats.mean_interval(games["turns"])
        rows.append({"trap": name, "works": float(mt.analysis.trap_reliability(variant)),
                     "turns": with_interval(mean, low, high, percent=False),
                     "cap": with_interval(*share_with_interval(int((games["end"] == "turn cap").sum()), len(games))),
                     "cranks": with_interval(*bk.stats.mean_interval(games["cranks"]), percent=False, decimals=1)})
    best = mt.analysis.stage_importance(mine).index[0]
    show(view, table(pd.DataFrame(rows), headers={"trap": "Trap", "works": "Works (exact)",
                                                  "turns": "Turns in a game",
                                                  "cap": "Stopped at the turn cap",
                                                  "cranks": "Cranks per game"},
                     percent=("works",), percent_decimals=1, decimals=1),
         Markdown(f"**Your weakest link is stage {best}: fix it first.**"))


compare_button, compare_view = study_button("Compare", compare_traps)
further.add("### Design your own trap\n"
            "Set each stage's chance, then press **Compare**: your trap's exact chance beside the rulebook's, "
            "and 500 four-player games with each (their figures with 95% intervals).")
slider_grid = widgets.GridBox(list(sliders.values()), layout=widgets.Layout(grid_template_columns="repeat(2, 510px)"))
further.add_widget(widgets.VBox([slider_grid, compare_button, compare_view]))

# %% [markdown]
# ## For coders
#
# In JupyterLab you can change anything in `mt.Rules` and ask the same questions in code:
#
# ```python
# # one stage, by its letter
# better = rules.with_stage_odds(F=0.99)
# # backups, a bigger die
# backed = rules.replace(backups=("F", "H"), die_sides=8)
# # exact: the product of the stages
# mt.analysis.trap_reliability(backed)
# # the best two stages to make perfect
# mt.analysis.best_fixes(rules, 2)
# # where each crank stopped (16 = caught)
# mt.analysis.crank_many(backed, times=10_000, seed=0)
# # whole games, one row each
# bk.simulate(backed, n_players=4, n_games=1000, seed=0)
# # move GO TO CHEESE; a bad track is refused with a clear message
# my_track = rules.path[:20] + ("cheese",) + rules.path[21:]
# rules.replace(path=my_track)
# ```
#
# The exact figures of this lesson, computed by the code above:

# %%
# NBVAL_CHECK_OUTPUT
from boardkit.lessons import back_to_part_one, folded   # printed in a closed fold

with folded("The exact figures, printed by code (open them after your predictions)"):
    print(f"one crank catches the mice with chance {reliability:.4f}")
    print(f"on average it takes {mt.analysis.mean_cranks_until_catch(rules):.3f} cranks to catch a mouse")
    print(f"sixteen stages that each work 99% of the time: {0.99 ** 16:.4f}")
    print(f"fixing stage F: {float(mt.analysis.fixed_reliability(rules, 'F')):.4f}")
    print(f"the best two stages to fix: {' and '.join(best_two)}, then the trap works with chance {best_two_chance:.4f}")
    for stages_backed_up in ["", "F", "FH", "FHM"]:
        chance = mt.analysis.redundant_reliability(rules, stages_backed_up)
        print(f"backups at {stages_backed_up or 'none':>4}: the trap works with chance {chance:.4f}")
    print(f"backups needed for 9 in 10 (weakest first): "
          f"{next(k for k in range(stages + 1) if mt.analysis.redundant_reliability(rules, BY_WEAKNESS[:k]) >= 0.9)}")

# %% jupyter={"source_hidden": true}
# Run All ends here: back to part 1 (JupyterLab would stay at this last cell)
back_to_part_one()

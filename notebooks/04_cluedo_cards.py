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
(*Restart the kernel and run all cells*). In ten to twenty seconds the card table appears under
*1. Play a round*, your hand at the bottom, ready for your first card; the questions follow.
"""))

# %% [markdown]
# # The Cluedo Card Game: is it a good game?
#
# Shed your cards onto the pile by matching the top card's **picture** or **number**; the first
# player out of cards scores. Play a round, then let the computer play thousands to test the game.

# %% tags=["setup"]
# Setup: the tools for this lesson
import time

import ipywidgets as widgets
import numpy as np
from matplotlib.ticker import MultipleLocator
import pandas as pd
from IPython.display import Markdown

import boardkit as bk
from boardkit.lessons.together import class_bar, class_plays, for_this_page, plays_here, pool_plays
from boardkit.games import cluedo_cards as cc
from boardkit.lessons import (CHART_COLOURS, CHART_HATCHES, GoingFurther, Prediction, RuleControls, answer_table,
                              chart, class_mode_switch, convergence_chart, lesson_page, progress_bar, quick_check,
                              share_with_interval, show, study_button, table, teacher_notes, with_interval)
from boardkit.render import counted

BLUE, ORANGE, GREEN, RED = CHART_COLOURS[:4]
rules = cc.Rules()                  # the rulebook's game
pool = None                         # the worker processes, started by the first big study


def workers():
    """Two worker processes (Binder gives us 2 CPU cores), started the first time a study needs them."""
    global pool
    if pool is None:
        pool = bk.process_pool(workers=2)
    return pool


def percent(p, decimals=1):
    return f"{100 * float(p):.{decimals}f}%"


# the page's buttons (opened, the Teacher notes wrap under them), and class_bar: join a class
page_buttons = widgets.HBox([lesson_page(), class_mode_switch(), teacher_notes()],
                            layout=widgets.Layout(flex_flow="row wrap"))
widgets.VBox([page_buttons, class_bar("04_cluedo_cards")])

# %% [markdown]
# ## 1. Play a round
#
# You are **Player 1**, at the bottom. Click a raised card to play it; with nothing to play, click
# the draw pile. **Dagger**: choose who misses a turn. **Candlestick**: the next player misses one.
# **Rope**: play again. **Revolver**: swap hands with a player. Going out scores 3, but a player whose
# secret **miniature** shows the picture of the last card loses points. First to 10 wins.

# %%
app = cc.App(n_players=4, seats=["human", "Shedder", "Revolverist", "Random"])
app

# %% [markdown]
# ## 2. Stuck!
#
# The rulebook's deck has 36 cards, 3 of each of 12 pictures (6 weapons and 6 suspects), and a card
# may go on one with the same picture **or the same number**. The book does not say which numbers
# are printed, and the cards are lost: **our reconstruction** numbers each picture's three cards
# 1, 2 and 3. You are dealt 5 cards and one card is turned up. Sometimes **nothing** in your hand
# matches it, and you must draw.

# %%
EXACT_STUCK = cc.analysis.first_player_stuck(rules=rules)      # 171/2108, with our numbering 1, 2, 3


def hands_chart(fig, own, shuffles):
    """The convergence chart in this game's words (hands dealt, not plays), its y axis as percentages,
    zoomed on the answer unless the first hands' share runs high."""
    ax = fig.axes[0]
    outcomes = np.concatenate([np.asarray(own, dtype=float), np.asarray(shuffles, dtype=float)])
    share = np.cumsum(outcomes) / np.arange(1, len(outcomes) + 1)
    ax.set_ylim(0, min(1.0, max(0.3, 1.15 * share.max())))
    ax.yaxis.set_major_formatter(lambda y, _: f"{y:.0%}")
    ax.set_xlabel("hands dealt so far (log scale)")
    for line in ax.get_lines():
        label = line.get_label()
        if label.startswith("your ") and not label.startswith("your class") or label.endswith(" on this screen"):
            line.set_label(for_this_page(f"your games' {len(own):,} hands", f"{len(own):,} hands on this screen"))
        elif label.startswith("the computer's"):
            line.set_label(f"the computer's {len(shuffles):,} shuffles")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=4, frameon=False)
    return fig


def reveal_stuck(prediction):
    """The exact chance, 20,000 shuffles with their interval, and the chart that starts with the student's deals."""
    own = app.deals_stuck                      # every hand dealt in your games, oldest first
    shuffles = cc.analysis.simulate_first_turn(20_000, seed=1, rules=rules)
    view = widgets.Output()
    n, k = len(own), sum(own)
    fig = hands_chart(convergence_chart(own, shuffles, exact=float(EXACT_STUCK), label="share stuck so far",
                                        classmates=class_plays(prediction)),
                      own, shuffles)
    show(view,
         answer_table(prediction, exact=float(EXACT_STUCK), simulated=share_with_interval(int(shuffles.sum()),
                                                                                           len(shuffles))),
         Markdown(f"**Exact:** {EXACT_STUCK.numerator} in {EXACT_STUCK.denominator}, about 1 deal in "
                  f"{round(1 / EXACT_STUCK)}, with our reconstructed numbers (each picture's three cards "
                  f"numbered 1, 2, 3; other numbers would change it). Why: 13 of the other 35 cards match any card turned up (its 2 "
                  f"picture-mates and the 11 other cards of its number), so 22 do not, and all 5 of your cards "
                  f"must come from those 22.\n\n"
                  + for_this_page(f"**Your games** dealt {n} hands so far (yours and the bots'), and {k} of them held "
                                  "nothing for the card turned up: they start the chart.",
                                  plays_here(prediction, n, "hands"))
                  + " The computer's 20,000 shuffles follow, and the share settles on the exact answer."),
         fig)
    return view


pool_plays(Prediction("You hold 5 cards. How often will you have nothing to play on the first card turned up?",
                      number=(0, 0.5, 0.01), percent=True, reveal=reveal_stuck),
           lambda: app.deals_stuck, many="hands dealt", yes="were stuck")

# %% [markdown]
# ## 3. Luck or skill?
#
# In snakes and ladders a clever player wins no more than anybody; in chess the better player
# nearly always wins. The computer puts one clever bot, the **Shedder** (it plays action cards at
# once and keeps its hand easy to play), against three **Random** bots (any card they may), in every
# seat in turn. Luck alone would give it 1 game in 4.

# %%
SKILL_GAMES = 1_000
SKILL_CHOICES = {"About 1 game in 4: it is all luck": 1 / 4,
                 "About 1 game in 3: being clever helps a little": 1 / 3,
                 "More than half the games: being clever wins": 1 / 2}


def closest_choice(rate):
    """The choice that fits the Shedder's win rate: more than half, or else the nearer of 1 in 4 and 1 in 3."""
    first, second, more_than_half = SKILL_CHOICES
    if rate > 1 / 2:
        return more_than_half
    return min((first, second), key=lambda choice: abs(SKILL_CHOICES[choice] - rate))


def reveal_skill(prediction):
    """1,000 games of one Shedder against three Random bots, on the readable engine (about 2 seconds)."""
    view = widgets.Output()
    # the games take seconds: a bar counts them where the answer will come
    bar = progress_bar(prediction.view, SKILL_GAMES, "One Shedder against three Random bots")
    test = bk.metrics.skill_test(rules, cc.bots.Shedder(), cc.bots.Random(), n_players=4, n_games=SKILL_GAMES,
                                 seed=4, progress=bar, engine="reference")
    rate = (test["win rate"], test["low"], test["high"])
    show(view,
         answer_table(prediction, simulated=rate),
         Markdown(f"The Shedder won **{test['wins']:,} of {test['won games']:,}** games: "
                  f"{with_interval(*rate, decimals=1)}, against the 25% of luck alone. The closest answer is "
                  f"**{closest_choice(test['win rate'])}**.\n\nOn a scale from "
                  f"0 (all luck) to 1 (all skill) that is a **skill figure of {test['skill']:.2f}** "
                  f"({test['skill low']:.2f} to {test['skill high']:.2f}): the clever bot wins more, "
                  f"but the shuffle still decides most games. (The figure is (win rate - 1/4) / (1 - 1/4); "
                  f"another 1,000 shuffles would give a slightly different figure, and other bots a different one: "
                  f"see *Going further*.)"))
    return view


Prediction("One Shedder plays three Random bots. How often does the Shedder win?",
           choices=list(SKILL_CHOICES),
           reveal=reveal_skill)

# %% [markdown]
# ## 4. Change the rules
#
# Game designers change a rule and measure what it does. Move a slider: the chance of being stuck
# for your rules is worked out exactly and checked with 4,000 shuffles. Then press the button to play
# 400 games of each and compare how long a game lasts and how much skill counts.

# %%
controls = RuleControls(rules, {"hand_size": (1, 8), "copies": (1, 5), "target": (3, 25)},
                        labels={"hand_size": "cards dealt", "copies": "decks shuffled together",
                                "target": "points to win"})
stuck_view = widgets.Output()


def stuck_row(name, chosen, seed):
    exact = cc.analysis.first_player_stuck(rules=chosen)
    deals = cc.analysis.simulate_first_turn(4_000, seed=seed, rules=chosen)
    return {"rules": name, "cards dealt": chosen.hand_size, "cards in the deck": chosen.deck_size,
            "stuck on the first card: exact": percent(exact),
            "in 4,000 shuffles (95% interval)": with_interval(*share_with_interval(int(deals.sum()), len(deals)),
                                                              decimals=1)}


# The rulebook's row, worked out as the page loads (shown only once a slider moves: it holds part 2's answer),
# so that a slider's first move answers at once, without loading the maths of intervals first.
RULEBOOK_STUCK = stuck_row("the rulebook", rules, 5)


def show_stuck(chosen):
    frame = pd.DataFrame([RULEBOOK_STUCK, stuck_row("your rules", chosen, 5)])
    show(stuck_view, table(frame))
    if tinker_view.outputs:         # the games played (or the note) were for other rules: say so, not show them
        show(tinker_view, Markdown(f"*Your rules changed: press **Play {TINKER_GAMES} games of each** to play them.*"))


controls.on_change(show_stuck)
show(stuck_view, Markdown("*Move a slider to compare your rules with the rulebook.*"))
TINKER_GAMES = 400


def tinker_study(view):
    """Rulebook and variant: 400 games of Shedders (length) and 400 of a Shedder against Random bots (skill)."""
    chosen = controls.rules
    if chosen == rules:
        show(view, Markdown("*Your rules are still the rulebook's: move a slider first, then press the button.*"))
        return
    bar = progress_bar(view, 4 * TINKER_GAMES, "the rulebook and your rules, on the readable engine")
    rows = []
    for name, variant in {"the rulebook": rules, "your rules": chosen}.items():
        games = bk.simulate(variant, n_players=4, n_games=TINKER_GAMES, seed=3, progress=bar, engine="reference")
        length = bk.metrics.length_summary(games, "rounds")
        skill = bk.metrics.skill_test(variant, cc.bots.Shedder(), cc.bots.Random(), n_players=4,
                                      n_games=TINKER_GAMES, seed=4, progress=bar, engine="reference")
        rows.append({"rules": name,
                     "rounds in a game (average, 95% interval)": with_interval(
                         length["mean"], length["mean low"], length["mean high"], percent=False, decimals=1),
                     "Shedder's wins against 3 Random bots": with_interval(skill["win rate"], skill["low"],
                                                                           skill["high"])})
    show(view, table(pd.DataFrame(rows)),
         Markdown("If two intervals do not overlap, the change really did something; if they overlap, "
                  "400 games cannot tell."))


tinker_button, tinker_view = study_button(f"Play {TINKER_GAMES} games of each", tinker_study)
widgets.VBox([controls, stuck_view, tinker_button, tinker_view])

# %% [markdown]
# ## 5. Quick checks

# %%
EIGHT = cc.analysis.first_player_stuck(hand_size=8, rules=rules)
low_100, high_100 = bk.stats.wilson_interval(31, 100)
widgets.VBox([
    quick_check("With 8 cards dealt instead of 5, are you stuck on the first card more or less often?",
                ["More often", "Less often", "Just as often"], 1,
                f"every extra card is one more chance to match: the exact chance falls from "
                f"{percent(EXACT_STUCK)} to {percent(EIGHT)}."),
    quick_check("Why is the chance of being stuck the same whatever card is turned up?",
                ["Every card is matched by exactly 13 of the other 35 cards",
                 "The deck is shuffled well", "The action cards even it out"], 0,
                "each card has 2 picture-mates and 11 cards of its number, so 22 cards never match it."),
    quick_check("A bot won 31 of 100 games against three others. Is it surely better than them?",
                ["Yes, 31% is more than 25%", "Not yet, 100 games are too few to tell"], 1,
                f"with 100 games the 95% interval is {percent(low_100, 0)} to {percent(high_100, 0)}, "
                "and 25% is inside it."),
])

# %%
further = GoingFurther("Going further: the maths and the big studies (click to open)")
further

# %%
TOP_PICTURES = [(f"{p[:1].upper() + p[1:]} {n}", (p, n))
                for p in cc.PICTURES for n in cc.NUMBERS]
top_choice = widgets.Dropdown(options=TOP_PICTURES, value=("dagger", 3), description="top card",
                              style={"description_width": "initial"})
size_choice = widgets.IntSlider(value=3, min=1, max=10, description="cards in hand", continuous_update=False,
                                style={"description_width": "initial"})
odds_view = widgets.Output()


def show_odds(change=None):
    top, size = top_choice.value, size_choice.value
    odds = cc.analysis.no_match_odds(top, size)
    card = f"{top[0][:1].upper() + top[0][1:]} {top[1]}"
    show(odds_view, Markdown(f"{size} random cards hold nothing to play on the **{card}**: "
                             f"{odds} = {percent(odds)}, about 1 time in {float(1 / odds):.1f}."))


top_choice.observe(show_odds, names="value")
size_choice.observe(show_odds, names="value")
show_odds()


def sizes_study(view):
    """The exact chance for 1 to 10 cards beside 4,000 shuffles each, with their intervals."""
    sizes = np.arange(1, 11)
    exact = cc.analysis.stuck_table(sizes)
    deals = [cc.analysis.simulate_first_turn(4_000, seed=int(h), hand_size=int(h)) for h in sizes]
    share = np.array([d.mean() for d in deals])
    low, high = bk.stats.wilson_interval(np.array([d.sum() for d in deals]), 4_000)
    fig, ax = chart(width=10, height=4.5)
    ax.bar(sizes - 0.2, exact["probability"], width=0.4, color=BLUE, edgecolor="white", label="exact")
    ax.bar(sizes + 0.2, share, width=0.4, color=ORANGE, hatch="//", edgecolor="white",
           yerr=[share - low, high - share], capsize=4, label="4,000 shuffles (95% interval)")
    ax.set(xticks=sizes, xlabel="cards in hand", ylabel="chance of being stuck",
           title="Bigger hands are rarely stuck")
    ax.yaxis.set_major_formatter(lambda y, _: f"{y:.0%}")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=2, frameon=False)
    frame = pd.DataFrame({"cards in hand": sizes, "exact chance": [str(f) for f in exact["exact"]],
                          "as a percentage": [percent(p) for p in exact["probability"]],
                          "in 4,000 shuffles (95% interval)": [with_interval(s, lo, hi, decimals=1)
                                                               for s, lo, hi in zip(share, low, high)]})
    show(view, fig, table(frame))


sizes_button, sizes_view = study_button("Compare hand sizes 1 to 10", sizes_study)
further.add(
    Markdown(r"""
### The stuck chance, exactly

With our reconstructed numbers (the book does not give them: each picture's three cards numbered
1, 2 and 3), whatever card is turned up, **13 of the other 35 cards match it**: the 2 other cards of
its picture and the 11 other pictures with its number. Your 5 cards are 5 of those 35, every set of 5 equally
likely, so you are stuck when all 5 come from the 22 that do not match:

$$P(\text{stuck}) = \frac{\binom{22}{5}}{\binom{35}{5}} = \frac{26334}{324632} = \frac{171}{2108} \approx 8.1\%.$$

This is the **hypergeometric** chance of drawing *no* matching card. Later in a round the odds
depend on what you have seen: `cc.analysis.no_match_odds(top, hand_size, seen=...)` leaves out the
cards you know are elsewhere. Choose a top card and a hand size:
"""),
    widgets.HBox([top_choice, size_choice]), odds_view,
    Markdown("Every hand size, exactly and by shuffling:"), sizes_button, sizes_view)

# %%
FAIR_GAMES = 4_000


def fairness_study(view):
    bar = progress_bar(view, FAIR_GAMES, f"{FAIR_GAMES:,} games on the fast lane (the first time it compiles: "
                                         "10 to 25 s)")
    start = time.perf_counter()
    games = bk.simulate(rules, n_players=4, n_games=FAIR_GAMES, seed=1, executor=workers(), progress=bar)
    wins = bk.metrics.win_rates(games)
    fit = bk.metrics.seat_fairness(games)
    histogram = bk.metrics.length_histogram(games, column="rounds", bins=np.arange(0.5, 21.5))

    players = [f"Player {s + 1}" for s in wins.index]
    fig, ax = chart(width=10, height=4.2)
    ax.bar(players, wins["win rate"], color=CHART_COLOURS[:4], hatch=CHART_HATCHES[:4], edgecolor="white",
           yerr=[wins["win rate"] - wins["low"], wins["high"] - wins["win rate"]], capsize=10)
    ax.axhline(0.25, color="black", ls="--", label="fair: 1 in 4")
    ax.yaxis.set_major_formatter(lambda y, _: f"{y:.0%}")
    ax.set(ylim=(0, 0.4), ylabel="share of games won", title="Who wins? (95% intervals)")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), frameon=False)
    lengths, ax2 = chart(width=10, height=4)
    ax2.bar((histogram["low"] + histogram["high"]) / 2, histogram["share"], width=0.9, color=BLUE)
    ax2.set_xticks(range(2, 21, 2))
    ax2.yaxis.set_major_locator(MultipleLocator(0.05))
    ax2.yaxis.set_major_formatter(lambda y, _: f"{y:.0%}")
    ax2.set(xlabel="rounds in the game", ylabel="share of games", title="How many rounds does a game last?")

    win_table = pd.DataFrame({"player": players, "games won": wins["wins"].to_numpy(),
                              "share won (95% interval)": [with_interval(r, lo, hi) for r, lo, hi in
                                                           zip(wins["win rate"], wins["low"], wins["high"])]})
    length = {column: bk.metrics.length_summary(games, column) for column in ("rounds", "turns")}
    length_table = pd.DataFrame([
        {"length in": column, "average (95% interval)": with_interval(s["mean"], s["mean low"], s["mean high"],
                                                                      percent=False, decimals=1),
         "median": s["median"], "9 games in 10 end within": round(s["90th percentile"]),
         "99 in 100 within": round(s["99th percentile"]), "longest": s["longest"]} for column, s in length.items()])
    drama = bk.metrics.drama(games)
    drama_table = pd.DataFrame([
        {"measure": "games where the lead changed hands",
         "share (95% interval)": with_interval(drama["share with a lead change"], drama["share with a lead change low"],
                                               drama["share with a lead change high"])},
        {"measure": "games won from behind (comebacks)",
         "share (95% interval)": with_interval(drama["comeback share"], drama["comeback share low"],
                                               drama["comeback share high"])}])
    show(view, Markdown(f"{FAIR_GAMES:,} games in {counted(round(time.perf_counter() - start), 'second')}."), fig,
         Markdown("**Are the players equal?** " + fit.verdict()), table(win_table), lengths, table(length_table),
         table(drama_table))


fairness_button, fairness_view = study_button(f"Play {FAIR_GAMES:,} games", fairness_study)
further.add(Markdown(f"""
### Is it fair to every player?

Player 1 starts the first round; after that the player on the left of the round's winner starts.
If the players were equal, each would win 1 game in 4. Press the button: four **Shedder** bots play
{FAIR_GAMES:,} games. The computer plays these on its **fast lane** (compiled code, about 30 times faster
than the readable engine; pass `engine="reference"` to compare). You see who wins, with 95%
intervals and a **chi-square test** of "all players are equal", how long a game lasts (not only
the average: the median and the long tail), and the **drama**: how often the lead changes hands and
how often the winner came from behind. If every interval crosses the dashed line and the p-value is
large, {FAIR_GAMES:,} games cannot tell the players apart.
"""), fairness_button, fairness_view)

# %%
contenders = {"Random": cc.bots.Random(), "Shedder": cc.bots.Shedder(), "Revolverist": cc.bots.Revolverist()}
TOURNAMENT_GAMES = 600


def tournament_study(view):
    bar = progress_bar(view, 6 * TOURNAMENT_GAMES, f"6 pairings x {TOURNAMENT_GAMES} games on the fast lane")
    start = time.perf_counter()
    results = bk.metrics.tournament(rules, contenders, n_players=4, n_games=TOURNAMENT_GAMES, seed=2,
                                    executor=workers(), progress=bar)
    matrix = results.pivot(index="bot", columns="against", values="win rate").reindex(
        index=list(contenders), columns=list(contenders)).to_numpy(dtype=float)
    fig, ax = chart(width=8, height=4.5)
    ax.imshow(matrix, cmap="PuOr", vmin=0, vmax=0.5)
    for (i, j), value in np.ndenumerate(matrix):
        ax.text(j, i, "-" if np.isnan(value) else f"{value:.0%}", ha="center", va="center", fontsize=18,
                color="black", bbox=dict(facecolor="white", edgecolor="none", alpha=0.8))
    ax.set_xticks(range(3), list(contenders))
    ax.set_yticks(range(3), list(contenders))
    ax.set(xlabel="... against three of these", ylabel="one of these ...",
           title="Win rate of one bot against three (fair: 25%)")
    low, high = results["low"], results["high"]
    skill_fig, ax2 = chart(width=10, height=4.5)
    labels = [f"{row.bot} v {row.against}" for row in results.itertuples()]
    ax2.barh(labels, results["skill"], color=[BLUE if s >= 0 else ORANGE for s in results["skill"]],
             xerr=[results["skill"] - bk.metrics.skill_figure(low, 4), bk.metrics.skill_figure(high, 4)
                   - results["skill"]], capsize=5)
    ax2.axvline(0, color="black", lw=1)
    ax2.set(xlim=(-0.35, 1), xlabel="skill: 0 = all luck, 1 = all skill", title="How much does being clever help?")
    frame = pd.DataFrame({
        "one bot": results["bot"], "against three": results["against"], "games": results["games"],
        "share won (95% interval)": [with_interval(r, lo, hi) for r, lo, hi in zip(results["win rate"], low, high)],
        "skill figure (95% interval)": [with_interval(s, bk.metrics.skill_figure(lo, 4), bk.metrics.skill_figure(hi, 4),
                                                      percent=False, decimals=2)
                                        for s, lo, hi in zip(results["skill"], low, high)]})
    best = results.loc[results["skill"].idxmax()]
    show(view, Markdown(f"{int(results['games'].sum()):,} games in {counted(round(time.perf_counter() - start), 'second')}."), fig,
         skill_fig, table(frame),
         Markdown(f"The biggest skill figure here is **{best['skill']:.2f}** ({best['bot']} against three "
                  f"{best['against']} bots): even the better player wins only a little more than her fair "
                  f"share. Other shuffles would move these figures a little (their intervals say how much), other pairings more."))


tournament_button, tournament_view = study_button("Play the tournament", tournament_study)
further.add(Markdown("""
### Luck or skill: every bot against every other

The **skill figure** is $(\\text{win rate} - \\tfrac14)\\,/\\,(1 - \\tfrac14)$: **0** when a bot wins only its
fair share (all luck) and **1** when it always wins (all skill). The three bots: **Random** plays any card it
may; **Shedder** plays action cards at once and keeps most of its hand playable; **Revolverist** keeps the
Revolver until its hand is much bigger than a rival's, then swaps, and its Dagger stabs the leader. Every bot
plays against three of every other, in every seat in turn. Which rules give luck so much room? (Think of the
miniatures, and of the Revolver swapping a big hand for a small one.)
"""), tournament_button, tournament_view)

# %%
POWER_SETS = {
    "the rulebook's four action cards": cc.POWERS,
    "no action cards (plain matching)": (),
    "no Revolver": tuple(p for p in cc.POWERS if p[0] != "revolver"),
    "every weapon has a power": cc.POWERS + (("lead piping", "skip next"), ("spanner", "again")),
}
powers = widgets.Dropdown(options=list(POWER_SETS), description="action cards", layout=widgets.Layout(width="520px"),
                          style={"description_width": "initial"})


def design_study(view):
    variant = controls.rules.replace(powers=POWER_SETS[powers.value])
    if variant == rules:
        show(view, Markdown("*Your variant is still the rulebook: choose other action cards, or move a slider in "
                            "part 4, then press the button.*"))
        return
    bar = progress_bar(view, 2 * (1_000 + 800), "the rulebook and your variant, on the fast lane")
    frames, skill = {}, {}
    for name, chosen in {"the rulebook": rules, "your variant": variant}.items():
        frames[name] = bk.simulate(chosen, n_players=4, n_games=1_000, seed=3, executor=workers(), progress=bar)
        skill[name] = bk.metrics.skill_test(chosen, cc.bots.Shedder(), cc.bots.Random(), n_players=4, n_games=800,
                                            seed=4, executor=workers(), progress=bar)
    rows = []
    for name, games in frames.items():
        turns = bk.metrics.length_summary(games, "turns")
        wins = bk.metrics.win_rates(games)
        rows.append({
            "rules": name,
            "turns in a game (average, 95% interval)": with_interval(turns["mean"], turns["mean low"],
                                                                     turns["mean high"], percent=False, decimals=0),
            "Player 1's wins (fair: 25%)": with_interval(wins.loc[0, "win rate"], wins.loc[0, "low"],
                                                         wins.loc[0, "high"]),
            "skill figure (95% interval)": with_interval(skill[name]["skill"], skill[name]["skill low"],
                                                         skill[name]["skill high"], percent=False, decimals=2)})
    show(view, table(pd.DataFrame(rows)))


compare_button, compare_view = study_button("Compare the rulebook and your variant", design_study)
further.add(Markdown("""
### A bigger design study

Your rules from part 4 (cards dealt, decks, points to win) with a choice of action cards: the
rulebook and your variant each play 1,000 games of Shedders (length, Player 1's wins) and 800 games of
one Shedder against three Random bots (skill), on the fast lane. With 8 cards dealt, is anyone ever
stuck on the first turn? Without action cards, is it more luck or more skill? Write down the variant you
like best and the measures that convinced you.
"""), powers, compare_button, compare_view)

# %% [markdown]
# ## For coders
#
# In JupyterLab you can change any rule, not only those with a slider, and measure it yourself:
#
# ```python
# variant = rules.replace(hand_size=7, target=15,
#                         powers=(("dagger", "skip chosen"),))
# # the exact chance, a Fraction
# cc.analysis.first_player_stuck(rules=variant)
# games = bk.simulate(variant, n_players=4, n_games=1_000, seed=0)
# # length, fairness, drama, with intervals
# bk.metrics.summary_with_intervals(games)
# bk.metrics.skill_test(variant, cc.bots.Shedder(), cc.bots.Random(),
#                       n_games=1_000)
# rules.replace(miniatures=(("Mrs. White", 5), ("rope", 2),
#                           ("Prof. Plum", 3), ("revolver", 4)))
# ```
#
# The exact answers of this lesson, and 400 seeded games of four Shedders (the same every time):

# %%
# NBVAL_CHECK_OUTPUT
from boardkit.lessons import back_to_part_one, printed_when_opened   # in a closed fold (in Voilà: run when opened)


def exact_answers():
    exact = cc.analysis.first_player_stuck(rules=cc.Rules())
    print(f"cc.analysis.first_player_stuck() = {exact} = {float(exact):.4f}, about 1 deal in {float(1 / exact):.0f}")
    double = cc.analysis.first_player_stuck(rules=cc.Rules(copies=2))
    print(f"with two decks (copies=2): {double} = {float(double):.4f}")
    for size, row in cc.analysis.stuck_table(range(1, 11)).iterrows():
        print(f"{size:2d} card{'' if size == 1 else 's'} in hand: stuck with chance {str(row['exact']):>12} = "
              f"{row['probability']:.4f}")


printed_when_opened("The exact answers, printed by code (open them after your predictions)", exact_answers)

# %%
# NBVAL_CHECK_OUTPUT
def seeded_games():
    sample = bk.simulate(rules, n_players=4, n_games=400, seed=0, progress=False, engine="reference")
    figures = bk.metrics.summary(sample)
    print(f"{int(figures['games'])} games: a game lasts {figures['median length']:g} turns (median), "
          f"9 in 10 end within {figures['90th percentile']:g}")
    print(f"Player 1 won {figures['first seat win rate']:.1%} of them; the test 'all players are equal' "
          f"gives p = {figures['seat test p']:.2f}")
    print(f"the lead changed hands {figures['mean lead changes']:.2f} times a game; "
          f"{figures['comeback share']:.1%} of winners came from behind")


printed_when_opened("400 seeded games of four Shedders, printed by code (click to play them)", seeded_games)

# %% jupyter={"source_hidden": true}
# Run All ends here: back to part 1 (JupyterLab would stay at this last cell)
back_to_part_one()

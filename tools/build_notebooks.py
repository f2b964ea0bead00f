"""Write the lesson notebooks (nbformat 4) with their outputs stripped.

    python tools/build_notebooks.py          # write 00_index and 01_mystery_date
    python tools/build_notebooks.py --pin    # ... then run them and keep the pinned outputs

A cell whose first line is ``# NBVAL_CHECK_OUTPUT`` is a pinned cell: nbval
(run with ``--nbval-lax``) compares its output on every run, so its printed
numbers must not drift.  ``--pin`` executes each notebook in a fresh kernel and
copies only those cells' outputs into the file; every other cell stays
stripped (no outputs, no execution count).
"""
from __future__ import annotations

import argparse
import copy
import sys
import textwrap
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

NOTEBOOK_DIR = Path(__file__).resolve().parent.parent / "notebooks"
PIN = "# NBVAL_CHECK_OUTPUT"
KERNELSPEC = {"display_name": "Python 3", "language": "python", "name": "python3"}


class Builder:
    """Collects cells with stable ids, so rebuilding gives the same file."""

    def __init__(self, prefix: str):
        self.prefix = prefix
        self.cells = []

    def _id(self) -> str:
        return f"{self.prefix}-{len(self.cells):02d}"

    def md(self, text: str) -> None:
        self.cells.append(new_markdown_cell(textwrap.dedent(text).strip(), id=self._id()))

    def code(self, text: str, tags=(), hidden: bool = False) -> None:
        cell = new_code_cell(textwrap.dedent(text).strip(), id=self._id())
        if tags:
            cell.metadata["tags"] = list(tags)
        if hidden:
            cell.metadata["jupyter"] = {"source_hidden": True}
        self.cells.append(cell)

    def notebook(self):
        nb = new_notebook(cells=self.cells)
        nb.metadata["kernelspec"] = KERNELSPEC
        nb.metadata["language_info"] = {"name": "python"}
        return nb


# ---------------------------------------------------------------------------
# 00_index
# ---------------------------------------------------------------------------

def index_notebook():
    b = Builder("index")
    b.md("""
    # boardkit: probability and game design with vintage board games

    Welcome! Each lesson is built around one old board game. You play it, then you use
    the computer to answer questions about it: *What are the odds? How long does a game
    last? Is it fair? What happens if we change a rule?*

    Every lesson opens two ways:

    * **in JupyterLab** — you see and run the code, and can change it;
    * **as a Voilà app** — code hidden, just the game, the buttons and the charts
      (handy on a projector).

    | # | Lesson | What it teaches | Open |
    |---|--------|-----------------|------|
    | 1 | **Mystery Date** (1965) | Exact odds as fractions, the law of large numbers, confidence intervals, testing whether a door is fair (chi-square, p-values), game length and first-player advantage, changing rules | [in JupyterLab](01_mystery_date.ipynb) · [as a Voilà app](../voila/render/notebooks/01_mystery_date.ipynb) |
    | 2 | **Mouse Trap** (1963) | Chains of chance: a contraption that works only if all 16 stages do (products of probabilities), the weakest link, backups, the geometric wait for a catch, game length by number of players | [in JupyterLab](02_mouse_trap.ipynb) · [as a Voilà app](../voila/render/notebooks/02_mouse_trap.ipynb) |
    | 3 | **Philo Vance** (1937) | Deduction: counting hands exactly (beyond the hypergeometric), the chance that 4 of 6 guesses are right, Bayes' rule from "yes" and "no", does reasoning beat guessing? | [in JupyterLab](03_philo_vance.ipynb) · [as a Voilà app](../voila/render/notebooks/03_philo_vance.ipynb) |
    | 4 | Cluedo Card Game | Counting with cards: sets, matches and penalties | *coming soon* |
    | 5 | Win, Lose or Draw | Timers, teams and scoring: is the board fair to every colour? | *coming soon* |

    **How the app links work.** The "as a Voilà app" link works when JupyterLab (or
    Jupyter Server) with Voilà is started from the top folder of this project. From a
    terminal in that folder you can also run a single lesson as an app:

    ```
    voila notebooks/01_mystery_date.ipynb
    ```

    On Binder, add `?urlpath=voila%2Frender%2Fnotebooks%2F01_mystery_date.ipynb` to the
    launch link, or use the links printed by the cell below (they know the server's
    address).
    """)
    b.code("""
    import pkgutil

    import pandas as pd
    import boardkit
    import boardkit.games

    print("boardkit version", boardkit.__version__)

    installed = {module.name for module in pkgutil.iter_modules(boardkit.games.__path__)}
    lessons = pd.DataFrame({
        "game": ["Mystery Date", "Mouse Trap", "Philo Vance", "Cluedo Card Game", "Win, Lose or Draw"],
        "module": ["mystery_date", "mouse_trap", "philo_vance", "cluedo_cards", "win_lose_draw"],
        "lesson": ["01_mystery_date.ipynb", "02_mouse_trap.ipynb", "03_philo_vance.ipynb", None, None],
    })
    lessons["status"] = ["ready" if m in installed and lesson else "coming"
                         for m, lesson in zip(lessons["module"], lessons["lesson"])]
    lessons
    """)
    b.md("""
    Links that work wherever this server runs (on your laptop or on Binder):
    """)
    b.code("""
    import os
    from IPython.display import HTML

    # Where this Jupyter server lives: "/" on a laptop, "/user/<name>/" on Binder or a hub.
    base = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
    links = [f'<li><b>{row.game}</b>: <a href="{base}voila/render/notebooks/{row.lesson}" target="_blank">'
             f'open as a Voilà app</a></li>'
             for row in lessons.itertuples() if row.status == "ready" and row.lesson]
    HTML("<ul style='font-size: 130%'>" + "".join(links) + "</ul>")
    """)
    return b.notebook()


# ---------------------------------------------------------------------------
# 01_mystery_date
# ---------------------------------------------------------------------------

def mystery_date_notebook():
    b = Builder("md")
    b.md("""
    # Mystery Date: what's behind the door?

    In *Mystery Date* (Milton Bradley, 1965) you collect a 1-2-3 outfit of one colour,
    walk to an **OPEN THE DOOR** corner and open the door. If the date behind it
    matches your outfit, you win. If it is a different date, nothing happens. And if it is
    **the Dud**, you lose your outfit!

    In this lesson you will:

    1. play a game;
    2. work out the door's odds exactly, then check them by opening it thousands of times;
    3. find out whether a secret door is fair;
    4. measure how long a game lasts, and whether going first helps;
    5. change the rules and see what happens.
    """)
    b.code("""
    # Setup: the tools for this lesson
    %matplotlib inline
    import time

    import ipywidgets as widgets
    import matplotlib.pyplot as plt
    import numpy as np
    import pandas as pd
    from IPython.display import display
    from tqdm.notebook import tqdm

    import boardkit as bk
    from boardkit.games import mystery_date as md
    from boardkit.lessons import CHART_COLOURS, CHART_HATCHES, show   # show(output_widget, text, table, figure, ...)
    from boardkit.render.palette import SUIT_COLOURS

    plt.rcParams["font.size"] = 14
    # Colour-blind safe colours (Okabe-Ito), plus a pattern for each outcome.
    COLOUR = {c: s.colour for c, s in SUIT_COLOURS.items()} | {"dud": "#000000"}
    HATCH = {"red": "//", "green": "..", "blue": "", "orange": "xx", "dud": ""}
    NAMES = [md.OUTCOME_NAMES[o] for o in md.OUTCOMES]

    pool = bk.process_pool(workers=2)   # Binder gives us 2 CPU cores: play games on both
    rules = md.Rules()                  # the 1965 rules
    """, tags=["setup"])

    # -- 1. play ------------------------------------------------------------
    b.md("""
    ## 1. Play a game

    You are **player 1**; the computer plays the other three girls (two careful
    *Collectors* and one player who picks at *Random*).

    **How to play:** on your turn press **Roll** (or click the die) and your girl moves
    clockwise. Do what the space says: take cards, or swap a card with another player.
    When you have to choose (a card to give or discard, a pile, a player), click it on the
    board or press one of the buttons. On the computer's turns the button says **Step**:
    press it for each move, or switch on **Autoplay** to let them play until it is your
    turn again. The line under the board always tells you what to do next.

    Collect the 1, 2 and 3 of one colour (red = Formal Dance, green = Bowling, blue =
    Skiing, orange = Beach), then stop on a blue **OPEN THE DOOR** corner to open the door.
    Watch out for the Dud!
    """)
    b.code("""
    md.App(n_players=4, seats=["human", "Collector", "Collector", "Random"])
    """)

    # -- 2. the door ----------------------------------------------------------
    b.md("""
    ## 2. The door

    The door can show five things: four dates and the Dud. Nobody knows how the real
    1965 door was built, so boardkit assumes the simplest thing: **each outcome is equally
    likely**. Five outcomes, one of them yours, so the chance of *your* date is

    $$P(\\text{your date}) = \\frac{1}{5}.$$

    The computer can work this out exactly, as a fraction:
    """)
    b.code(f"""
    {PIN}
    odds = md.analysis.door_odds(rules)
    for outcome, chance in odds.items():
        print(f"{{md.OUTCOME_NAMES[outcome]:>12}}: {{chance}}")
    print("      total:", sum(odds.values()))
    """)
    b.code("""
    md.analysis.door_table(rules)
    """)
    b.md("""
    ### Open the door 5,000 times

    An exact answer is a prediction. Let's test it: open the door many times and count.
    With only a few openings the counts wobble a lot; with many, the share of each outcome
    settles down near 1/5. This is the **law of large numbers**.

    The right-hand chart follows the share of *Formal Dance* dates as the openings pile up.
    The shaded band is a **95% confidence interval** (a Wilson interval): the range of
    chances that fit what we have seen so far. It shrinks as we open the door more often.

    Move the slider to choose how many openings to look at.
    """)
    b.code("""
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
    door_plot = widgets.Output()
    openings.observe(lambda change: show(door_plot, draw_door(change.new)), names="value")
    show(door_plot, draw_door(openings.value))
    widgets.VBox([openings, door_plot])
    """)
    b.md("""
    ### How many times does the Dud take your outfit?

    Say you are ready for the Formal Dance. Each time you open the door one of three
    things happens: your date (chance 1/5, you win), the Dud (chance 1/5, you lose your
    outfit), or another date (chance 3/5, nothing happens, so we can ignore it).
    Between the two openings that *matter*, your date and the Dud are equally likely, like
    a coin toss. On average you meet the Dud

    $$\\frac{P(\\text{Dud})}{P(\\text{your date})} = \\frac{1/5}{1/5} = 1 \\text{ time before your date.}$$

    With a rigged door where the Formal Dance is three times as likely as anything else,
    a red outfit meets the Dud only 1/3 of a time on average, but a green outfit still
    meets it once.
    """)
    b.code(f"""
    {PIN}
    print("fair door, any outfit:", md.analysis.expected_duds_before_date(rules))
    rigged = rules.replace(door_weights=(3, 1, 1, 1, 1))
    for colour in md.COLOURS:
        print(f"door 3:1:1:1:1, {{colour}} outfit:", md.analysis.expected_duds_before_date(rigged, colour))
    """)
    b.md("""
    **Check it by simulation.** Open the door 100,000 times. Every time the Dud comes,
    add one to the tally; every time the Formal Dance comes, write the tally down and
    start again.
    """)
    b.code("""
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
    """)

    # -- 3. is this door fair? ---------------------------------------------------
    b.md("""
    ## 3. Is this door fair?

    Your teacher has swapped in a **secret door**. It might be fair... or one outcome
    might come up more often than it should. Open it and collect evidence!
    """)
    b.code("""
    # Teacher: set BOARDKIT_DOOR_SECRET before starting Jupyter/Voilà to get a different door.
    import os
    SECRET = int(os.environ.get("BOARDKIT_DOOR_SECRET", "2026"))
    door = md.analysis.RiggedDoor(SECRET)
    """, tags=["teacher"], hidden=True)
    b.code("""
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
    """)
    b.md("""
    ### Testing the door

    Even a fair door never gives *exactly* 1/5 of each outcome, so how different is "too
    different"? A **chi-square test** measures how far the counts are from a fair door's,
    and turns that distance into a **p-value**:

    > the p-value is the chance that a *fair* door would give counts at least this far
    > from 1/5 each.

    * A **small p-value** (below 0.05, say) means a fair door would rarely do this:
      evidence that the door is rigged.
    * A **large p-value** means the counts are the kind a fair door often gives. That
      does **not** prove the door is fair: maybe it is only a little rigged and we have
      not opened it enough times yet.

    First, a door we *know* is fair, opened 500 times:
    """)
    b.code("""
    def test_results(result):
        \"\"\"The test's table, a chart of each outcome's share with its interval, and the verdict.\"\"\"
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
    fair_test = widgets.Output()
    show(fair_test, *test_results(md.analysis.door_fairness(fair_counts)))
    fair_test
    """)
    b.md("""
    Now test the secret door. Open it some more with the buttons above and test again:
    does the p-value change as the evidence piles up?
    """)
    b.code("""
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
    """)
    b.md("""
    **Class vote:** rigged or fair? Which outcome is favoured? When everyone has voted,
    the teacher can reveal the truth.
    """)
    b.code("""
    def reveal(button):
        weights = door.reveal().door_weights
        show(reveal_view, *(f"{name:>12}: chance {weight / sum(weights):.1%}" for name, weight in zip(NAMES, weights)))

    reveal_button = widgets.Button(description="Teacher: reveal the door", layout=widgets.Layout(width="250px"))
    reveal_button.on_click(reveal)
    reveal_view = widgets.Output()
    widgets.VBox([reveal_button, reveal_view])
    """)

    # -- 4. how long is a game? --------------------------------------------------
    b.md("""
    ## 4. How long is a game?

    The computer can play far faster than we can. Let's watch four *Collector* bots play
    **10,000 games** and record how many turns each game took (a turn is one player's roll
    of the die, so 80 turns is about 20 rolls each). Press the button: it takes a few
    seconds, and the bar shows how far it has got.
    """)
    b.code("""
    results = {}   # the buttons below keep their games here: results["1965 rules"] is a table

    def game_length_charts(games):
        \"\"\"The length table and a histogram with the median and the 90th percentile.\"\"\"
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
        \"\"\"Each seat's share of the wins with its 95% interval, against the fair 1/4.\"\"\"
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

    def play_10000_games(button=None):
        run_button.disabled = True
        try:
            bar = tqdm(total=10_000, desc="10,000 games", display=False)
            show(length_view, bar.container)   # the progress bar, while the games are played
            start = time.perf_counter()
            games = bk.simulate(rules, n_players=4, n_games=10_000, seed=0, executor=pool, progress=bar)
            results["1965 rules"] = games
            show(length_view, f"10,000 games in {time.perf_counter() - start:.0f} seconds", *game_length_charts(games),
                 widgets.HTML("<h3>Does the first player have an edge?</h3>"), *seat_win_charts(games))
        finally:
            run_button.disabled = False

    run_button = widgets.Button(description="Play 10,000 games", button_style="primary", icon="play",
                                layout=widgets.Layout(width="250px", height="50px"))
    run_button.on_click(play_10000_games)
    length_view = widgets.Output()
    widgets.VBox([run_button, length_view])
    """)
    b.md("""
    The **mean** is pulled up by a few very long games. The **median** (half the games are
    shorter) and the **90th percentile** (9 games in 10 are shorter) tell a player more:
    "usually about this long, and rarely longer than that".

    **Does the first player have an edge?** With four players, a fair game gives each seat
    1/4 of the wins. The first player gets to the door first... does that matter? The
    error bars are 95% intervals.

    *In JupyterLab:* the games are in `results["1965 rules"]`, a pandas table with one row
    per game. Try `results["1965 rules"]["date"].value_counts()`: which dates win most?
    """)

    # -- 5. tinker ----------------------------------------------------------------
    b.md("""
    ## 5. Tinker with the rules

    What if you could hold **7 cards** instead of 6? What if the **Dud** stayed home? What
    if the door were **rigged** so the Formal Dance came three times as often? Let's play
    2,000 games of each and compare.

    Make your own variant with the controls, then press **Compare**. (In JupyterLab you can
    also change the `variants` in the code: any rule of `md.Rules` can be changed.)
    """)
    b.code("""
    variants = {
        "1965 rules": rules,
        "hand of 7": rules.replace(hand_limit=7),
        "no Dud": rules.replace(dud_in_play=False),
        "rigged door 3:1:1:1:1": rules.replace(door_weights=(3, 1, 1, 1, 1)),
    }

    def your_variant():
        \"\"\"The rules the controls describe (a clear error if they make no sense).\"\"\"
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

    def compare_variants(button=None):
        compare_button.disabled = True
        try:
            try:
                chosen = dict(variants, **{"your variant": your_variant()})
            except ValueError as error:
                show(compare_view, f"That variant makes no sense: {error}")
                return
            bar = tqdm(total=2000 * len(chosen), desc=f"{len(chosen)} variants", display=False)
            show(compare_view, bar.container)
            frames = [bk.simulate(variant, n_players=4, n_games=2000, seed=0, executor=pool, progress=bar,
                                  variant=name)
                      for name, variant in chosen.items()]
            compare = results["compare"] = pd.concat(frames, ignore_index=True)
            show(compare_view, compare_table(compare), compare_histograms(compare))
        finally:
            compare_button.disabled = False

    style = {"description_width": "180px"}
    wide = widgets.Layout(width="500px")
    hand_limit = widgets.IntSlider(value=rules.hand_limit, min=3, max=10, description="hand limit",
                                   style=style, layout=wide)
    dud = widgets.Checkbox(value=rules.dud_in_play, description="the Dud is behind the door", style=style)
    red_weight = widgets.IntSlider(value=rules.door_weights[0], min=0, max=5,
                                   description="Formal Dance weight", style=style, layout=wide)
    compare_button = widgets.Button(description="Compare", button_style="primary", icon="play",
                                    layout=widgets.Layout(width="250px", height="50px"))
    compare_button.on_click(compare_variants)
    compare_view = widgets.Output()
    widgets.VBox([hand_limit, dud, red_weight, compare_button, compare_view])
    """)
    b.md("""
    **Think about it**

    * Which change makes games shortest? Why does a bigger hand help?
    * Without the Dud, nobody loses an outfit. How much shorter are the games?
    * The rigged door favours red. Do the bots still win equally often from every seat?
      Would *you* collect red?
    * Set the Formal Dance weight to 0: what does the door do then? What happens to a
      player who collects red?

    **Your turn:** change a number in `variants` (a hand of 4? a door `(1, 1, 1, 1, 3)`
    with lots of Duds?) and run the cells again. If you ask for a rule that makes no
    sense, boardkit tells you what is wrong.
    """)
    return b.notebook()


# ---------------------------------------------------------------------------
# 02_mouse_trap
# ---------------------------------------------------------------------------

def mouse_trap_notebook():
    b = Builder("mt")
    b.md("""
    # Mouse Trap: chains of chance

    In **Mouse Trap** (Milton Bradley, 1963) the players build a crazy contraption part by
    part, then try to catch each other's mice in it. Turn the crank and a chain reaction
    runs: gears turn a lever, a shoe kicks a bucket, a ball rolls down the rickety stairs,
    through a rain pipe, a helping hand, a bathtub, a diver leaps into a wash tub... and a
    cage drops on the Cheese Wheel. If *every* stage works, the mice on the wheel are caught.

    In this lesson you will:

    1. play a game;
    2. turn the crank and work out exactly how likely the trap is to work;
    3. find the weakest link, and decide which improvement helps most;
    4. measure how long a game lasts and whether it is fair;
    5. design your own trap and your own track.
    """)
    b.code("""
    # Setup: the tools for this lesson
    %matplotlib inline
    import time

    import ipywidgets as widgets
    import matplotlib.pyplot as plt
    import numpy as np
    import pandas as pd
    from tqdm.notebook import tqdm

    import boardkit as bk
    from boardkit.games import mouse_trap as mt
    from boardkit.lessons import CHART_COLOURS, CHART_HATCHES, show   # show(output_widget, text, table, figure, ...)

    plt.rcParams["font.size"] = 14
    BLUE, ORANGE, GREEN = CHART_COLOURS[:3]
    pool = bk.process_pool(workers=2)   # Binder gives us 2 CPU cores: play games on both
    rules = mt.Rules()                  # the rulebook
    """, tags=["setup"])

    # -- 1. play ------------------------------------------------------------
    b.md("""
    ## 1. Play a game

    You are **player 1**; the computer plays the others. Press **Roll** (or click the die)
    to move your mouse. Build spaces add the next part of the trap, if the space is marked
    for your number of players. Once the trap is complete, stop on **TURN CRANK** while
    another mouse sits on the **Cheese Wheel**, and watch the chain reaction! With nobody
    on the wheel, you may pay cheese to roll for another mouse and push it there.
    """)
    b.code("""
    mt.App(n_players=4, seats=["human", "Trapper", "Trapper", "Random"])
    """)

    # -- 2. one crank ---------------------------------------------------------
    b.md("""
    ## 2. One crank

    The trap is a **chain** of 16 stages, A to P. Each stage works with its own chance
    (these are boardkit's estimates: nobody measured the 1963 toy). The cage falls only if
    **all 16** work, one after the other. When the stages do not affect each other, the
    chance that all of them work is the **product** of their chances:

    $$P(\\text{caught}) = p_A \\times p_B \\times \\dots \\times p_P.$$
    """)
    b.code("""
    mt.analysis.stage_table(rules)
    """)
    b.code(f"""
    {PIN}
    reliability = mt.analysis.trap_reliability(rules)
    print(f"one crank catches the mice with chance {{reliability:.4f}}")
    print(f"on average it takes {{mt.analysis.mean_cranks_until_catch(rules):.3f}} cranks to catch a mouse")
    print(f"sixteen stages that each work 99% of the time: {{0.99 ** 16:.4f}}")
    """)
    b.md("""
    Every stage is at least 90% reliable, yet the whole trap works only about **half the
    time**. Small failures multiply. Even sixteen stages that each work **99%** of the time
    give a trap that fails about one time in seven.

    Move the sliders: how reliable must each stage be for the whole chain to work 9 times
    in 10?
    """)
    b.code("""
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
    """)
    b.md("""
    ### Turn the crank 100,000 times

    The exact answer is a prediction; let's test it. The computer turns the crank again
    and again and notes where the chain stopped. The left chart compares where it stopped
    with the exact chances; the right one follows the share of catches as the cranks pile
    up, with its **95% confidence interval** closing in on the exact value.
    """)
    b.code("""
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
    """)
    b.code("""
    mt.analysis.convergence(rules, times=100_000, seed=1).round(4)
    """)
    b.md("""
    ### How many cranks until a catch?

    Each crank catches with chance $R$ (about 0.54), whatever happened before. So the first
    catch comes at crank $k$ with chance $(1-R)^{k-1} R$: a **geometric distribution**,
    with mean $1/R$.
    """)
    b.code("""
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
    """)

    # -- 3. the weakest link ----------------------------------------------------
    b.md("""
    ## 3. Fix the weakest link

    You have time to fix **one** stage so that it never fails. Which one? A stage's
    **importance** here is how much the whole trap would improve if that stage were perfect.
    """)
    b.code("""
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
    """)
    b.md("""
    The weakest stage matters most: with a chain, **the whole is limited by its worst
    parts**. Making a 99% stage perfect gains almost nothing.

    ### A backup

    Another way to fix a weak stage is to give it a **backup**: a second copy side by side,
    so the stage fails only if *both* copies fail. A stage that works with chance $p$ becomes
    $1 - (1-p)^2$: a 90% stage becomes 99%.
    """)
    b.code(f"""
    {PIN}
    for stages_backed_up in ["", "F", "FH", "FHM"]:
        chance = mt.analysis.redundant_reliability(rules, stages_backed_up)
        print(f"backups at {{stages_backed_up or 'none':>4}}: the trap works with chance {{chance:.4f}}")
    """)
    b.code("""
    mt.analysis.backup_table(rules).head(5).round(4)
    """)

    # -- 4. how long is a game? -------------------------------------------------
    b.md("""
    ## 4. How long is a game?

    The number of players changes the game: a build space marked **2** builds only in a
    two-player game, one marked **2-3-4** in every game. Let's watch the bots play
    **1,000 games** with 2, 3 and 4 players. How long do the games last? Do any get stuck
    and hit the turn cap? Does the first player have an edge? Press the button (it takes a
    few seconds).
    """)
    b.code("""
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

    def play_games(button=None):
        games_button.disabled = True
        try:
            bar = tqdm(total=3000, desc="3 x 1,000 games", display=False)
            show(games_view, bar.container)
            start = time.perf_counter()
            frames = [bk.simulate(rules, n_players=n, n_games=1000, seed=0, executor=pool, progress=bar)
                      for n in (2, 3, 4)]
            games = results["rulebook"] = pd.concat(frames, ignore_index=True)
            show(games_view, f"3,000 games in {time.perf_counter() - start:.0f} seconds", *length_charts(games),
                 widgets.HTML("<h3>Does the first player have an edge?</h3>"), *seat_chart(games))
        finally:
            games_button.disabled = False

    games_button = widgets.Button(description="Play 3,000 games", button_style="primary", icon="play",
                                  layout=widgets.Layout(width="250px", height="50px"))
    games_button.on_click(play_games)
    games_view = widgets.Output()
    widgets.VBox([games_button, games_view])
    """)
    b.md("""
    ### A worse trap, a longer endgame

    Once the trap is built, the game is a race to catch the others. A trap that often fails
    needs more cranks, so the endgame drags on. The button below plays 500 four-player games
    for traps of different quality (every stage's chance scaled so the whole trap works
    30%, 54% (the rulebook), 75% and 95% of the time) and measures the **endgame**: the turns
    from the last part built to the end of the game.
    """)
    b.code("""
    def trap_with_reliability(target):
        \"\"\"The rulebook's trap with every stage's chance raised to the same power, so the whole works ``target``.\"\"\"
        power = np.log(target) / np.log(float(mt.analysis.trap_reliability(rules)))
        return rules.replace(stage_odds=tuple(float(p) ** power for p in rules.stage_odds))

    def endgame_study(button=None):
        endgame_button.disabled = True
        try:
            targets = [0.30, float(mt.analysis.trap_reliability(rules)), 0.75, 0.95]
            bar = tqdm(total=500 * len(targets), desc="endgames", display=False)
            show(endgame_view, bar.container)
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
            show(endgame_view, fig, table.round(2))
        finally:
            endgame_button.disabled = False

    endgame_button = widgets.Button(description="Compare traps", button_style="primary", icon="play",
                                    layout=widgets.Layout(width="250px", height="50px"))
    endgame_button.on_click(endgame_study)
    endgame_view = widgets.Output()
    widgets.VBox([endgame_button, endgame_view])
    """)

    # -- 5. tinker ----------------------------------------------------------------
    b.md("""
    ## 5. Design your own trap

    Set each stage's chance with the sliders, then press **Compare** to see your trap's
    exact chance of working next to the rulebook's, and 500 four-player games with each.

    *In JupyterLab* you can change anything in `mt.Rules`: a stage with
    `rules.with_stage_odds(F=0.99)`, backups with `rules.replace(backups=("F", "M"))`, or your
    own track with `rules.replace(path=(...))`: see `mt.Rules().path` for the space names.
    """)
    b.code("""
    sliders = {letter: widgets.FloatSlider(value=float(chance), min=0.5, max=1.0, step=0.01,
                                           description=f"{letter}: {what}", continuous_update=False,
                                           style={"description_width": "280px"},
                                           layout=widgets.Layout(width="520px"))
               for (letter, what), chance in zip(mt.STAGES, rules.stage_odds)}
    my_track = rules.path   # change it in JupyterLab, e.g. rules.path[:20] + ("cheese",) + rules.path[21:]

    def my_rules():
        return rules.replace(path=my_track).with_stage_odds(**{letter: s.value for letter, s in sliders.items()})

    def compare_traps(button=None):
        compare_button.disabled = True
        try:
            try:
                mine = my_rules()
            except ValueError as error:
                show(compare_view, f"That trap makes no sense: {error}")
                return
            chosen = {"rulebook": rules, "your trap": mine}
            bar = tqdm(total=500 * len(chosen), desc="your trap", display=False)
            show(compare_view, bar.container)
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
            show(compare_view, table.round(3), f"Your weakest link is stage {best}: fix it first.")
        finally:
            compare_button.disabled = False

    compare_button = widgets.Button(description="Compare", button_style="primary", icon="play",
                                    layout=widgets.Layout(width="250px", height="50px"))
    compare_button.on_click(compare_traps)
    compare_view = widgets.Output()
    widgets.VBox([widgets.GridBox(list(sliders.values()),
                                  layout=widgets.Layout(grid_template_columns="repeat(2, 540px)")),
                  compare_button, compare_view])
    """)
    b.md("""
    **Think about it**

    * Can you make the trap work 9 times in 10 by changing only two stages?
    * What does a trap that almost never works do to the length of a game?
    * Move the GO TO CHEESE space, or add more build spaces marked 2-3-4: do games get shorter?
    """)
    return b.notebook()


# ---------------------------------------------------------------------------
# 03_philo_vance
# ---------------------------------------------------------------------------

def philo_vance_notebook():
    b = Builder("pv")
    b.md("""
    # Philo Vance: a detective's deduction

    In **Philo Vance** (Parker Brothers, 1937) securities worth 20,000 dollars have vanished from
    a drawer in the living room. Ten people of the household are suspects. Each player is a
    detective: race to the **X** where the securities lay, collect twelve **clue cards**,
    then **arrest a suspect on suspicion** by naming six clues. The holder of the suspect's
    secret **confirmation card** only says *"successful"* (at least 4 of the 6 are right)
    or *"unsuccessful"*, never which ones. To win, prove 7 clues right in front of the Judge.

    Nobody ever shows you the answer, so you must **reason from yes and no**. In this
    lesson you will:

    1. play a game;
    2. work out what twelve random clues can tell you (counting hands exactly);
    3. choose whom to arrest and which six clues to name, and weigh the risk of a third failure;
    4. learn from "yes" and "no" like a detective, with Bayes' rule;
    5. test whether reasoning pays: a reasoning detective against one who guesses;
    6. change the rules: the experts' game, no retirement, a different deck.

    *Nothing of the 1937 cards survives but the rulebook, so boardkit's clues, cards and
    board are a careful reconstruction.*
    """)
    b.code("""
    # Setup: the tools for this lesson
    %matplotlib inline
    import time

    import ipywidgets as widgets
    import matplotlib.pyplot as plt
    import numpy as np
    import pandas as pd
    from tqdm.notebook import tqdm

    import boardkit as bk
    from boardkit.games import philo_vance as pv
    from boardkit.lessons import CHART_COLOURS, CHART_HATCHES, show   # show(output_widget, text, table, figure, ...)

    plt.rcParams["font.size"] = 14
    BLUE, ORANGE, GREEN = CHART_COLOURS[:3]
    pool = bk.process_pool(workers=2)   # Binder gives us 2 CPU cores: play games on both
    rules = pv.Rules()                  # the rulebook's adult game
    names = [s.name for s in pv.SUSPECTS]
    """, tags=["setup"])

    # -- 1. play ------------------------------------------------------------
    b.md("""
    ## 1. Play a game

    You are **player 1**; the computer plays the others. Press **Roll** to throw both dice
    and click a highlighted space to move there. Reach the **X** in the living room (by exact
    count from a side square, or by landing on a green arrow) to receive your twelve clues.
    Then land on red clue spots to swap clues, and arrest a suspect when your clues fit.
    The grid on the right is what the whole table knows: dark squares are clues likely to be
    on a suspect's card.
    """)
    b.code("""
    pv.App(n_players=4, seats=["human", "Detective", "Detective", "Random"])
    """)

    # -- 2. twelve random clues ----------------------------------------------
    b.md("""
    ## 2. What twelve random clues tell you

    The 100 clue cards show 50 different clues, some printed on 3 cards, some on only 1.
    Each suspect's confirmation card lists **12 different clues**. When you first reach X
    you draw 12 cards at random. How likely is it that they already hold **4 different**
    clues of a suspect's card, enough to declare? Or 7, enough to convict?

    A hand is one of $\\binom{100}{12}$ equally likely hands, so the answer is a count of
    hands. The usual **hypergeometric** formula counts matching *cards*; but two copies of one
    clue count once in this game, so boardkit counts hands by how many *different* clues of
    the card they hold.
    """)
    b.code(f"""
    {PIN}
    odds = pv.analysis.hand_match_table(hand_size=12, thresholds=(4, 7, 9)).set_index("name")
    print(odds[["cards in deck", "at least 4 different", "at least 4 cards", "at least 7 different"]]
          .round(4).to_string())
    print(f"at least 9 different clues of one card: at most {{odds['at least 9 different'].max():.1e}}")
    """)
    b.md("""
    Counting cards (the plain hypergeometric column) overstates the chance: a hand with two
    copies of the same clue has one clue, not two. Seven different clues of one card in a
    fresh hand is rare (well under 1%), nine almost impossible: you will have to **collect** clues.

    Let's check the exact answer by dealing 20,000 hands. The bars are the share of dealt
    hands with at least 4 different clues of each suspect's card, with a 95% interval; the
    black marks are the exact chances.
    """)
    b.code("""
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
    """)

    # -- 3. whom to arrest -----------------------------------------------------
    b.md("""
    ## 3. Whom to arrest, and which six clues to name

    Before any verdict, all a detective knows is what the clue **texts** suggest. A cigar
    butt is a man's clue, a lace handkerchief a woman's; a camera lens cap points at the
    Bond Salesman (photography is his hobby); a pair of spectacles could be anybody's. From
    these tags alone boardkit gives each clue a **belief**, a chance of being on each card,
    chosen so that every suspect's beliefs add up to the 12 clues on the card.

    Here is a hand of twelve clues, dealt with a fixed seed.
    """)
    b.code("""
    grid = pv.analysis.KnowledgeGrid.from_prior()
    deal = np.random.default_rng(2015).permutation(rules.deck_cards)[:12]
    hand = pd.DataFrame({"clue": [pv.CLUES[c].text for c in deal], "tag": [pv.CLUES[c].tag for c in deal]},
                        index=pd.RangeIndex(1, 13, name="juror"))
    hand
    """)
    b.md("""
    For each suspect, name the six clues you believe in most. If the beliefs are independent
    chances $p_1, \\dots, p_6$, the chance that **at least 4** are right is a sum over which of
    the six are right:

    $$P(\\text{at least 4}) = \\sum_{S:\\,|S| \\ge 4} \\; \\prod_{j \\in S} p_j \\prod_{j \\notin S} (1 - p_j).$$

    `pv.analysis.declaration_odds` computes it exactly, and `best_declaration` tries all
    $\\binom{12}{6} = 924$ ways to pick six clues.
    """)
    b.code(f"""
    {PIN}
    rows = []
    for s, suspect in enumerate(pv.SUSPECTS):
        named, chance = pv.analysis.best_declaration(grid.row(s), deal)
        rows.append({{"suspect": suspect.name, "best 6 to name": ", ".join(pv.CLUES[c].text for c in named),
                     "chance of success": round(chance, 4)}})
    arrests = pd.DataFrame(rows).sort_values("chance of success", ascending=False)
    print(arrests[["suspect", "chance of success"]].head(5).to_string(index=False))
    best, named, chance = pv.analysis.best_arrest(grid.beliefs, deal, range(10))
    print(f"arrest {{names[best]}}, naming: " + "; ".join(pv.CLUES[c].text for c in named))
    """)
    b.md("""
    ### The risk of the third failure

    An unsuccessful declaration costs the six named clues (six new ones replace them) and
    commits you to that suspect. Fail **three** times and you must retire. If each attempt
    succeeds with chance $q$, and the attempts were independent, the chance of failing all
    three is $(1-q)^3$. Drag the slider: how sure must you be before you arrest?
    """)
    b.code("""
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
    """)

    # -- 4. learning from yes and no ---------------------------------------------
    b.md("""
    ## 4. Learning from "yes" and "no"

    Everybody at the table hears the six clues named and the verdict. A detective updates
    his beliefs with **Bayes' rule**. For a named clue $j$ and the verdict "successful":

    $$P(j \\text{ on the card} \\mid \\text{yes}) = \\frac{p_j \\; P(\\text{at least 3 of the other 5 right})}{P(\\text{at least 4 of the 6 right})}.$$

    A "yes" raises every named clue's belief; a "no" lowers them, and lowers most the clues
    we were least sure of. Here the table hears two verdicts about the Butler.
    """)
    b.code(f"""
    {PIN}
    butler = pv.SUSPECTS[7].key
    learning = pv.analysis.KnowledgeGrid.from_prior()
    first = (23, 25, 40, 42, 32, 34)       # his bright necktie, the polishing cloth, ...: the referee says "yes"
    second = (23, 33, 44, 41, 36, 38)      # another six: "no" (the real card agrees with both verdicts)
    before = learning.row(butler).copy()
    learning.on_declaration(butler, first, successful=True)
    after_yes = learning.row(butler).copy()
    learning.on_declaration(butler, second, successful=False)
    after_no = learning.row(butler).copy()
    for clue in sorted(set(first) | set(second)):
        print(f"{{pv.CLUES[clue].text:>36}}: {{before[clue]:.3f}} -> {{after_yes[clue]:.3f}} -> {{after_no[clue]:.3f}}")
    """)
    b.code("""
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
    """)
    b.md("""
    ### Your turn: interrogate a secret card

    The computer holds the ten real confirmation cards. Choose a suspect and six different
    clues, and press **Arrest**: you hear only "successful" or "unsuccessful". Watch the
    beliefs move. How few arrests do you need before you are sure of six clues on a card?
    """)
    b.code("""
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
    """)

    # -- 5. does reasoning pay ---------------------------------------------------
    b.md("""
    ## 5. Does reasoning pay?

    The **Detective** bot keeps a belief grid, updates it after every verdict it hears, names
    its six likeliest clues and arrests only when the chance of success is at least 60%.
    The **Random** bot does anything that is allowed. Two of each play 500 four-player games,
    half of them with the Detectives in seats 1 and 3, half in seats 2 and 4 (so the seat
    does not decide). Press the button.
    """)
    b.code("""
    def duel(button=None):
        duel_button.disabled = True
        try:
            bar = tqdm(total=500, desc="500 games", display=False)
            show(duel_view, bar.container)
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
            show(duel_view, f"500 games in {time.perf_counter() - start:.0f} seconds", fig, table,
                 bk.metrics.end_reasons(games).round(3))
        finally:
            duel_button.disabled = False

    duel_button = widgets.Button(description="Play 500 games", button_style="primary", icon="play",
                                 layout=widgets.Layout(width="250px", height="50px"))
    duel_button.on_click(duel)
    duel_view = widgets.Output()
    widgets.VBox([duel_button, duel_view])
    """)

    # -- 6. tinker -------------------------------------------------------------
    b.md("""
    ## 6. Change the rules

    * **The 5-8-10 game for experts**: declare with 5 right of 6, convict with 8, then 10.
    * **No retirement**: the book says the third-failure rule "may be disregarded".
    * **A different deck**: one card of every clue, or two of every clue.
    * **No Judge needed**: try to convict as soon as you have declared.

    Pick a variant and press **Compare**: four Detectives play 300 games of the rulebook and
    300 of your variant.

    *In JupyterLab* you can change any rule: `rules.replace(named_clues=8, declare_correct=5)`,
    `pv.Rules.children_game()`, `rules.replace(deck=...)` (copies of each clue), or give a
    suspect a different confirmation card with `rules.replace(cards=...)`.
    """)
    b.code("""
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

    def compare(button=None):
        compare_button.disabled = True
        try:
            try:
                variant = my_variant()
            except ValueError as error:
                show(compare_view, f"That variant makes no sense: {error}")
                return
            bar = tqdm(total=600, desc="rulebook and variant", display=False)
            show(compare_view, bar.container)
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
            show(compare_view, table.round(3), fig)
        finally:
            compare_button.disabled = False

    compare_button = widgets.Button(description="Compare", button_style="primary", icon="play",
                                    layout=widgets.Layout(width="250px", height="50px"))
    compare_button.on_click(compare)
    compare_view = widgets.Output()
    widgets.VBox([game_kind, retirement, judge, deck, compare_button, compare_view])
    """)
    b.md("""
    **Think about it**

    * Why does a "no" lower the beliefs of the clues you were *least* sure of the most?
    * Is a 60% chance enough to arrest? What would you do on your third attempt?
    * In the experts' game, are declarations riskier? Does the game get longer?
    * With one card of every clue, does a hand say more or less about a suspect?
    """)
    return b.notebook()


# ---------------------------------------------------------------------------

NOTEBOOKS = {"00_index.ipynb": index_notebook, "01_mystery_date.ipynb": mystery_date_notebook,
             "02_mouse_trap.ipynb": mouse_trap_notebook, "03_philo_vance.ipynb": philo_vance_notebook}


def is_pinned(cell) -> bool:
    return cell.cell_type == "code" and cell.source.lstrip().startswith(PIN)


def pin_outputs(nb, path: Path, timeout: int = 600):
    """Run ``nb`` in a fresh kernel (from its folder) and keep only the pinned cells' outputs."""
    from nbclient import NotebookClient

    ran = copy.deepcopy(nb)
    NotebookClient(ran, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell, done in zip(nb.cells, ran.cells):
        if is_pinned(cell):
            # nbval only compares cells that look "run": keep the execution count.
            cell.execution_count = done.execution_count
            cell.outputs = [out for out in done.outputs if out.get("name") != "stderr"]
    return nb


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pin", action="store_true", help="execute and keep the pinned cells' outputs")
    args = parser.parse_args(argv)
    for name, make in NOTEBOOKS.items():
        path = NOTEBOOK_DIR / name
        nb = make()
        if args.pin:
            pin_outputs(nb, path)
        nbformat.validate(nb)
        nbformat.write(nb, str(path))
        pinned = sum(is_pinned(c) for c in nb.cells)
        print(f"wrote {path.relative_to(NOTEBOOK_DIR.parent)}: {len(nb.cells)} cells, {pinned} pinned", file=sys.stderr)


if __name__ == "__main__":
    main()

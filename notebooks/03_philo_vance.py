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
(*Restart the kernel and run all cells*). In ten to twenty seconds the estate board appears under
*1. Play a game*, ready for your first roll; the questions and study buttons follow.
"""))

# %% [markdown]
# # Philo Vance: a detective's deduction
#
# Securities have vanished and ten people of the household are suspects. Nobody ever shows you
# the answer: you name six clues, and the referee says only *"successful"* (at least 4 right)
# or *"unsuccessful"*. Today you learn to **reason from yes and no**.

# %% tags=["setup"]
# Setup: the tools for this lesson
import ipywidgets as widgets
import numpy as np
import pandas as pd
from IPython.display import Markdown, display

import boardkit as bk
from boardkit.lessons.together import class_bar, class_plays, for_this_page, plays_here, pool_plays
from boardkit.games import philo_vance as pv
from boardkit.lessons import (CHART_COLOURS, CHART_HATCHES, GoingFurther, PickSeveral, Prediction, RuleControls, answer_table,
                              chart, class_mode_switch, convergence_chart, greyed_during_studies, lesson_page, progress_bar,
                              quick_check, share_with_interval, show, study_button, table, teacher_notes,
                              with_interval)

BLUE, ORANGE, GREEN = CHART_COLOURS[:3]
rules = pv.Rules()                  # the rulebook's adult game
names = [s.name for s in pv.SUSPECTS]
BUTLER = 7                          # The Butler: the suspect of this lesson's examples
prior = pv.analysis.KnowledgeGrid.from_prior()
# the page's buttons side by side (opened, the Teacher notes wrap under them), and class_bar: join a class
page_buttons = widgets.HBox([lesson_page(), class_mode_switch(), teacher_notes()],
                            layout=widgets.Layout(flex_flow="row wrap"))
display(widgets.VBox([page_buttons, class_bar("03_philo_vance")]))


def clue_name(clue):
    """A clue as the board numbers it (1-50), with its text: "24: a bright red necktie"."""
    return f"{clue + 1}: {pv.CLUES[clue].text}"


# %% [markdown]
# ## 1. Play a game
#
# You are **player 1**; the computer plays the others: press **Step** (or *Autoplay*) to let them
# move. On your turn the button says **Roll**: press it, then click a highlighted space. Reach the **X** in the living room to get your twelve clues, then arrest a suspect when
# your clues fit. The grid under the game's buttons is what the whole table knows: a dark square is a
# clue likely to be on that suspect's card. Under the grid, the board in words.

# %%
app = pv.App(n_players=4, seats=["human", "Detective", "Detective", "Random"])
app

# %% [markdown]
# ## 2. Your first twelve clues
#
# The rulebook tells us there are 100 clue cards and a secret *confirmation card* for each of the ten
# suspects, which lists the clues that fit him or her; the cards themselves are lost. So this lesson's
# deck is **our reconstruction**: the 100 cards show 50 different clues (some printed on 3 cards, some
# on 1), and each suspect's card lists 12 different clues. When you reach X you draw 12 cards at random
# (that much is the book's rule).


# %%
def reveal_first_hand(prediction):
    table_ = pv.analysis.hand_match_table(hand_size=12, thresholds=(4, 7)).set_index("name")
    exact = table_.loc[names[BUTLER], "at least 4 different"]
    hands = pv.analysis.simulate_hand_matches(2_000, seed=3)[:, BUTLER]
    simulated = share_with_interval(int((hands >= 4).sum()), len(hands))
    seven = table_["at least 7 different"].max()
    return (answer_table(prediction, exact=exact, simulated=simulated,
                         simulated_label="2,000 hands dealt by the computer (95% interval)"),
            Markdown(f"Two cards of the same clue count **once**. Seven different clues, enough to convict, "
                     f"come in fewer than {seven:.1%} of first hands: you will have to **collect** clues."))


Prediction("How likely is it that your 12 random cards already hold at least 4 different clues of "
           "the Butler's card (enough to declare)?", number=(0, 1, 0.05), percent=True, reveal=reveal_first_hand)

# %% [markdown]
# ## 3. Four right of six
#
# Nobody has seen the Butler's card, but the clue **texts** give hints: a cigar butt is a man's
# clue, a silver-polishing cloth points at the Butler, spectacles could be anybody's. From the texts
# alone the table gives each clue a **belief**: its chance of being on the card. Here are six of the
# clues the table believes in most for the Butler (others are as likely, like clue 25 at 90%):

# %%
FIRST = (23, 25, 40, 42, 32, 34)        # clues 24, 26, 41, 43, 33, 35 on the board
table(pd.DataFrame({"Clue (number as on the board)": [clue_name(c) for c in FIRST],
                    "Belief: on the Butler's card": [prior.row(BUTLER)[c] for c in FIRST]}),
      percent=("Belief: on the Butler's card",))


# %%
def reveal_four_of_six(prediction):
    row = prior.row(BUTLER)
    exact = pv.analysis.declaration_odds(row, FIRST)
    hits = pv.analysis.simulate_declaration(row, FIRST, 4_000, seed=5)
    beliefs = row[list(FIRST)]
    surer = [clue + 1 for clue in FIRST if row[clue] > exact]        # clues surer alone than "4 of 6"
    than = (f"surer than {len(FIRST) - len(surer)} of the six clues on their own (clues "
            f"{' and '.join(map(str, surer))}, at {max(beliefs):.0%}, are surer still)" if surer else
            "surer than any one of them")
    return (answer_table(prediction, exact=exact, simulated=share_with_interval(hits, 4_000),
                         simulated_label="4,000 secret cards drawn from the beliefs (95% interval)"),
            Markdown(f"Each clue alone is only {min(beliefs):.0%} to {max(beliefs):.0%} sure, yet *4 of 6* "
                     f"comes to {exact:.0%}: {than}. An arrest needs only most of its clues right. "
                     "(How it is counted exactly: *Going further*.)"))


Prediction("You arrest the Butler naming these six clues. What is the chance that at least 4 of them "
           "are on his card?", number=(0, 1, 0.05), percent=True, reveal=reveal_four_of_six)

# %%
quick_check("You hold two cards that both show 'a cigar butt', and the cigar butt is on the Butler's card. "
            "How many right clues do they give you?", ["none", "one", "two"], 1,
            "the referee counts different clues: a second copy of the same clue adds nothing.")

# %% [markdown]
# ## 4. Do the arrests come true?
#
# Make a few arrests of your own: choose a suspect and six clues and press **Arrest!** The
# referee checks the real (secret) card. Your arrests in the game above count too.

# %%
my_grid = pv.analysis.KnowledgeGrid.from_prior()
my_arrests = []                     # {"chance": the grid's chance beforehand, "successful": the verdict}
who = widgets.Dropdown(options=[(name, i) for i, name in enumerate(names)], value=BUTLER, description="Suspect",
                       layout=widgets.Layout(width="440px"))
clue_choice = PickSeveral([(clue_name(c.id), c.id) for c in pv.CLUES], count=rules.named_clues, value=FIRST,
                          description="Your clues")
arrest_button = widgets.Button(description="Arrest!", button_style="primary", icon="gavel",
                               layout=widgets.Layout(width="200px", height="44px"))
verdict = widgets.HTML("<i>Tap or click a clue to pick it or drop it; the line above the list counts them.</i>")


def arrest(button=None):
    named = tuple(clue_choice.value)
    if len(named) != rules.named_clues:
        verdict.value = f"Name exactly {rules.named_clues} different clues (you chose {len(named)})."
        return
    suspect = who.value
    successful = len(set(named) & rules.card_sets[suspect]) >= rules.declare_correct   # the referee's count
    chance = pv.analysis.declaration_odds(my_grid.row(suspect), named)
    my_grid.on_declaration(suspect, named, successful)
    my_arrests.append({"chance": chance, "successful": successful})
    right = sum(a["successful"] for a in my_arrests)
    verdict.value = (f"<b>The verdict: {'SUCCESSFUL' if successful else 'UNSUCCESSFUL'}.</b> Your grid gave this "
                     f"arrest {chance:.0%} beforehand. Your arrests so far: {len(my_arrests)}, "
                     f"{right} successful.")


arrest_button.on_click(arrest)
greyed_during_studies(arrest_button)     # greyed, saying why, while a study of the page runs
widgets.VBox([widgets.HBox([who, arrest_button]), clue_choice, verdict])


# %% [markdown]
# The **Detective** bot starts from the same beliefs as the table and updates them after every verdict
# it hears. It names its six likeliest clues and arrests only when the chance of success is at least 60%
# (at least 85% on an attempt that would retire it: by the book, the third). It tries to convict when
# the chance of enough right clues is at least 60%. When you press *Show the answer* below, four
# Detective bots play 200 games: it takes a few seconds.

# %%
def own_arrests():
    """The student's arrests: those of the human seats in the game above, then those made with Arrest!"""
    game = app.game
    heard = pv.analysis.table_declarations(game.verdicts, card_size=len(game.rules.cards[0]),
                                           need=game.rules.declare_correct)
    return [a for a in heard if app.is_human(a["player"])] + my_arrests


def detective_arrests(n_games=200, seed=0, bar=None):
    """Every arrest four Detective bots make in ``n_games`` games, with the table's chance beforehand
    (``bar``, a progress bar, counts the games)."""
    arrests = []
    for game_seed in range(seed, seed + n_games):
        game = pv.Game(rules, n_players=4, seed=game_seed, record_events=False)
        bk.play(game, bots=[pv.bots.Detective() for _ in range(4)])
        arrests += pv.analysis.table_declarations(game.verdicts)
        if bar is not None:
            bar.update(1)
    return arrests


def reveal_promises(prediction):
    # the 200 games take seconds: a bar counts them where the answer will come
    own, computer = own_arrests(), detective_arrests(bar=progress_bar(prediction.view, 200, "Four Detective bots play"))
    everything = own + computer
    came_true = [a["successful"] for a in everything]
    promised = np.mean([a["chance"] for a in everything])
    classmates = class_plays(prediction)
    pooled = sum(plays for _, plays in classmates)
    fig = convergence_chart([a["successful"] for a in own], [a["successful"] for a in computer],
                            label="share of arrests that came true", one="arrest", many="arrests",
                            classmates=classmates)
    ax = fig.axes[0]
    running_promise = np.cumsum([a["chance"] for a in everything]) / np.arange(1, len(everything) + 1)
    # at the arrests' places on the chart: the class's arrests (their chances unknown here) come between
    where = np.concatenate([np.arange(1, len(own) + 1), len(own) + pooled + np.arange(1, len(computer) + 1)])
    ax.plot(where, running_promise, color="black", ls="--", lw=2, label="what the grid promised (average chance)")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=2, frameon=False)
    return (answer_table(prediction, exact=promised, simulated=share_with_interval(sum(came_true), len(came_true)),
                         exact_label="What the grid promised (average chance)",
                         simulated_label=f"Arrests that came true, {len(everything):,} arrests (95% interval)"),
            Markdown(for_this_page(("You have made no arrest yet, so the chart starts with "
                                    + (f"your class's {pooled:,}; then come " if pooled else "")) if not own else
                                   f"Your {len(own)} arrest{'s' if len(own) != 1 else ''} "
                                   f"start{'s' if len(own) == 1 else ''} the chart; then come "
                                   + (f"your class's {pooled:,}, then " if pooled else ""),
                                   plays_here(prediction, len(own), "arrests") + " The chart ends with ") +
                     f"the computer's {len(computer):,}: four Detective bots playing 200 games. The grid knows "
                     "only the clue texts, and it is a little **too modest**: its arrests come true more often "
                     "than it says. (Make more arrests and press *Show the answer* again.)"),
            fig)


pool_plays(Prediction("The grid gives every arrest a chance before the verdict. Over many arrests (yours, then "
                      "the Detective bot's), do they come true more often than the grid says, about as often, or "
                      "less often?", choices=["more often", "about as often", "less often"], reveal=reveal_promises),
           lambda: [arrest["successful"] for arrest in own_arrests()], many="arrests", yes="came true")

# %%
quick_check("The grid gave an arrest 70%, and the referee said 'unsuccessful'. Was the grid wrong?",
            ["yes: 70% means it should have worked", "not necessarily: 70% still fails about 3 times in 10"], 1,
            "a chance is about many arrests: only if 70%-arrests failed far more often than 3 in 10 would the "
            "grid be wrong.")

# %% [markdown]
# ## 5. Change the rules
#
# In the **experts' game** you need **5** right clues of the six named, not 4.

# %%
def tinker_results(variant):
    """The Butler arrest of part 3 and a first court card, under ``variant``, exact beside simulated."""
    row = prior.row(BUTLER)
    others = [int(c) for c in np.argsort(-row, kind="stable") if c not in FIRST]   # likeliest first
    named = (FIRST + tuple(others))[:variant.named_clues]          # part 3's six, then the likeliest others
    need = variant.declare_correct
    arrest_exact = pv.analysis.declaration_odds(row, named, need)
    arrest_sim = share_with_interval(pv.analysis.simulate_declaration(row, named, 4_000, need, seed=6), 4_000)
    hand = pv.analysis.simulate_hand_matches(2_000, seed=7, hand_size=variant.court_size,
                                             deck_copies=variant.deck)[:, BUTLER]
    hand_exact = pv.analysis.hand_match_odds(BUTLER, hand_size=variant.court_size, at_least=need,
                                             deck_copies=variant.deck)
    hand_sim = share_with_interval(int((hand >= need).sum()), len(hand))
    k = variant.named_clues
    which = ("the six clues of part 3" if k == 6 else f"the first {k} clues of part 3" if k < 6 else
             f"the six clues of part 3 and {k - 6} more")
    rows = [(f"Arrest of the Butler naming {which} succeeds",
             f"{arrest_exact:.1%}", with_interval(*arrest_sim, decimals=1)),
            (f"{variant.court_size} random clues already hold {need} of the Butler's",
             f"{hand_exact:.1%}", with_interval(*hand_sim, decimals=1))]
    return table(pd.DataFrame(rows, columns=["With these rules", "Exact", "Simulated (95% interval)"]))


def reveal_experts(prediction):
    experts = rules.replace(declare_correct=5)
    exact = pv.analysis.declaration_odds(prior.row(BUTLER), FIRST, need=5)
    hits = pv.analysis.simulate_declaration(prior.row(BUTLER), FIRST, 4_000, need=5, seed=5)
    controls = RuleControls(experts, {"declare_correct": (1, 12), "named_clues": (1, 12), "court_size": (7, 24),
                                      "deck": [("the box: 100 cards", rules.deck),
                                               ("one card of every clue", (1,) * rules.n_clues),
                                               ("two cards of every clue", (2,) * rules.n_clues)]},
                            labels={"declare_correct": "right clues needed to declare",
                                    "named_clues": "clues named in an arrest",
                                    "court_size": "clues on your court card", "deck": "the clue deck"})
    results = widgets.Output()
    controls.on_change(lambda variant: show(results, tinker_results(variant)))
    show(results, tinker_results(experts))
    return (answer_table(prediction, exact=exact, simulated=share_with_interval(hits, 4_000),
                         simulated_label="4,000 secret cards drawn from the beliefs (95% interval)"),
            Markdown("Now change the rules yourself (the table below follows your changes):"),
            controls, results)


Prediction("In the experts' game, what is the chance that the Butler arrest of part 3 (the same six clues) "
           "is successful?", number=(0, 1, 0.05), percent=True, reveal=reveal_experts)

# %%
quick_check("The referee says 'unsuccessful' about six clues. What happens to the table's belief in each of them?",
            ["it goes up", "it goes down", "it stays the same"], 1,
            "'unsuccessful' means at most 3 of the six were right, so each becomes less likely; the clues the "
            "table was least sure of fall the most.")

# %%
further = GoingFurther("Going further: counting hands exactly, Bayes' rule, and whole games")
further

# %%
further.add("""### Counting hands exactly

A hand is one of $\\binom{100}{12}$ equally likely hands, so a chance is a count of hands. The usual
**hypergeometric** formula counts matching *cards*; but two copies of one clue count once in this
game, so boardkit counts hands by how many *different* clues of the card they hold
(`pv.analysis.hand_match_table`). Counting cards overstates the chance:""")
hand_odds = pv.analysis.hand_match_table(hand_size=12, thresholds=(4, 7)).reset_index()
further.add(table(hand_odds[["name", "cards in deck", "at least 4 different", "at least 4 cards",
                             "at least 7 different"]],
                  headers={"name": "Suspect", "cards in deck": "Cards of his or her clues in the deck",
                           "at least 4 different": "At least 4 different clues",
                           "at least 4 cards": "At least 4 matching cards (plain count)",
                           "at least 7 different": "At least 7 different"},
                  percent=("at least 4 different", "at least 4 cards", "at least 7 different"), percent_decimals=1));


# %%
def deal_hands(view):
    matches = pv.analysis.simulate_hand_matches(20_000, seed=3)     # (hands, suspects): different clues held
    hits = (matches >= 4).sum(axis=0)
    low, high = bk.stats.wilson_interval(hits, len(matches))
    share = hits / len(matches)
    fig, ax = chart(width=10, height=5)
    x = np.arange(len(names))
    ax.bar(x, share, color=BLUE, width=0.6, label="20,000 dealt hands")
    ax.errorbar(x, share, yerr=[share - low, high - share], fmt="none", ecolor="black", capsize=6, lw=2,
                label="95% interval", zorder=4)
    ax.scatter(x + 0.38, hand_odds["at least 4 different"], marker="<", s=120, color=ORANGE, zorder=5,
               label="exact")
    ax.set_xticks(x, names, rotation=35, ha="right")
    ax.set(ylabel="share of hands", ylim=(0, 0.6), title="12 random cards hold 4 different clues of the card")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.42), ncol=3, frameon=False)
    show(view, fig)


deal_button, deal_view = study_button("Deal 20,000 hands", deal_hands)
further.add_widget(widgets.VBox([deal_button, deal_view]));

# %%
further.add("""### Which six clues, whom to arrest

If the beliefs are independent chances $p_1, \\dots, p_6$, the chance that **at least 4** of six named
clues are right is a sum over which of the six are right:

$$P(\\text{at least 4}) = \\sum_{S:\\,|S| \\ge 4} \\; \\prod_{j \\in S} p_j \\prod_{j \\notin S} (1 - p_j).$$

`pv.analysis.declaration_odds` computes it exactly, and `best_declaration` tries all
$\\binom{12}{6} = 924$ ways to pick six of twelve held clues. For one hand of twelve clues, dealt with a
fixed seed, the best six to name against each suspect:""")
deal = np.random.default_rng(2015).permutation(rules.deck_cards)[:12]
best_rows = []
for s in range(len(names)):
    named, chance = pv.analysis.best_declaration(prior.row(s), deal)
    best_rows.append({"Suspect": names[s], "The best six clues to name (numbers as on the board)":
                      ", ".join(str(c + 1) for c in sorted(named)), "Chance of success": chance})
further.add(f"The hand: clues {', '.join(str(c + 1) for c in sorted(deal))}.",
            table(pd.DataFrame(best_rows).sort_values("Chance of success", ascending=False),
                  percent=("Chance of success",), percent_decimals=1));


# %%
def retire_chart(q):
    qs = np.linspace(0, 1, 201)
    fig, ax = chart(width=10, height=4.5)
    ax.plot(qs, (1 - qs) ** 3, color=ORANGE, lw=3, label="retire: all three attempts fail")
    ax.plot(qs, 1 - (1 - qs) ** 3, color=BLUE, lw=3, ls="--", label="succeed within three attempts")
    ax.plot([q], [(1 - q) ** 3], "o", ms=14, color=ORANGE)
    ax.plot([q], [1 - (1 - q) ** 3], "s", ms=14, color=BLUE)
    ax.set(xlabel="chance one arrest succeeds", ylabel="chance", ylim=(0, 1.02),
           title=f"Each attempt {q:.0%}: retire {(1 - q) ** 3:.1%}")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, frameon=False)
    return fig


attempt = widgets.FloatSlider(value=0.6, min=0.05, max=1.0, step=0.01, description="one attempt",
                              continuous_update=False, style={"description_width": "initial"},
                              layout=widgets.Layout(width="600px"))
retire_view = widgets.Output()
attempt.observe(lambda change: show(retire_view, retire_chart(change["new"])), names="value")
retire_button, _ = study_button("Draw the chart", lambda view: show(retire_view, retire_chart(attempt.value)))
further.add("""### The risk of the third failure

An unsuccessful arrest costs the six named clues and commits you to that suspect; fail **three** times
and you must retire. If each attempt succeeds with chance $q$, independently, all three fail with
chance $(1-q)^3$. Drag the slider: how sure must you be before you arrest?""")
further.add_widget(widgets.VBox([widgets.HBox([attempt, retire_button]), retire_view]));

# %%
further.add("""### Learning from "yes" and "no": Bayes' rule

Everybody at the table hears the six clues named and the verdict. For a named clue $j$ and the verdict
"successful":

$$P(j \\text{ on the card} \\mid \\text{yes}) = \\frac{p_j \\; P(\\text{at least 3 of the other 5 right})}{P(\\text{at least 4 of the 6 right})}.$$

A "yes" raises every named clue's belief; a "no" lowers them. Here the table hears two verdicts about
the Butler: "yes" to clues 24, 26, 41, 43, 33, 35 and "no" to clues 24, 34, 45, 42, 37, 39. After two
verdicts that formula is not enough: the "yes" tied the six clues together, and clue 24 is named twice.
So we condition **exactly**: list every way the eleven clues named could be right or wrong
($2^{11} = 2048$ patterns), keep those that agree with both verdicts, and weigh them
(`pv.analysis.update_on_verdicts`). Beside it, the **simulation**: 100,000 secret cards drawn from the
beliefs, keeping those that agree with both verdicts.""")
SECOND = (23, 33, 44, 41, 36, 38)       # clues 24, 34, 45, 42, 37, 39 on the board
NAMED = sorted(set(FIRST) | set(SECOND))
before = prior.row(BUTLER).copy()
after_yes = pv.analysis.update_on_verdicts(before, [(FIRST, True)])
after_both = pv.analysis.update_on_verdicts(before, [(FIRST, True), (SECOND, False)])   # exact
learning = pv.analysis.KnowledgeGrid.from_prior()
learning.on_declaration(BUTLER, FIRST, successful=True)        # the grid: one verdict after the other
learning.on_declaration(BUTLER, SECOND, successful=False)
short = (after_both - learning.row(BUTLER))[NAMED]             # how far the grid's step-by-step beliefs fall short
further.add(f"The last column applies one verdict after the other, as the grid does: close, but "
            f"{'never higher and ' if short.min() > -1e-9 else ''}up to {short.max():.3f} too low.")


@further.when_opened                    # the 100,000 cards are drawn when a student opens the section
def bayes_table():
    kept, simulated = pv.analysis.simulate_verdicts(before, [(FIRST, True), (SECOND, False)], 100_000, seed=8)
    bayes = pd.DataFrame([{"Clue": clue_name(c), "Before": before[c], "After 'yes'": after_yes[c],
                           "After 'yes' and 'no': exact": after_both[c],
                           "Simulated (95% interval)": with_interval(
                               *share_with_interval(int(round(simulated[c] * kept)), kept), percent=False, decimals=3),
                           "One verdict at a time": learning.row(BUTLER)[c]}
                          for c in NAMED])
    further.add(table(bayes, decimals=3), f"The simulation kept {kept:,} of 100,000 cards.")


# %%
def belief_picture(beliefs, title, highlight=None):
    from matplotlib.patches import Rectangle

    fig, ax = chart(width=11, height=5)
    image = ax.imshow(beliefs, cmap="Blues", vmin=0, vmax=1, aspect="auto")
    ax.set_yticks(range(len(names)), names)
    ticks = [0] + list(range(4, len(pv.CLUES), 5))
    ax.set_xticks(ticks, [str(t + 1) for t in ticks])
    ax.set_xticks(range(len(pv.CLUES)), minor=True)
    ax.set_xlabel("clue number, as on the board (1-50)")
    if highlight is not None:
        ax.add_patch(Rectangle((-0.5, highlight - 0.5), len(pv.CLUES), 1, fill=False, ec=ORANGE, lw=4))
    fig.colorbar(image, ax=ax, label="belief")
    ax.set_title(title)
    return fig


grid_view = widgets.Output()
grid_button, _ = study_button("Show the grid", lambda view: show(grid_view, belief_picture(
    learning.beliefs, "The table's grid after a 'yes' and a 'no' about the Butler", highlight=BUTLER)))
further.add_widget(widgets.VBox([grid_button, grid_view]));


# %%
def duel(view):
    bar = progress_bar(view, 400, "400 games")
    D, R = pv.bots.Detective, pv.bots.Random
    line_ups = {(0, 2): [D(), R(), D(), R()], (1, 3): [R(), D(), R(), D()]}   # Detectives' seats (0 = seat 1)
    wins = pd.Series({"Detective": 0, "Random": 0})
    for seed, (seats, bots) in enumerate(line_ups.items()):
        games = bk.simulate(rules, n_players=4, n_games=200, seed=seed, bots=bots, engine="reference",
                            progress=bar)
        won = games["winner"].dropna()
        wins += [won.isin(seats).sum(), (~won.isin(seats)).sum()]
    decided = int(wins.sum())
    rows = [(bot, int(wins[bot]), with_interval(*share_with_interval(int(wins[bot]), decided), decimals=1))
            for bot in wins.index]
    fig, ax = chart(width=8, height=4.5)
    shares = [share_with_interval(int(wins[bot]), decided) for bot in wins.index]
    ax.bar(wins.index, [s[0] for s in shares], color=[BLUE, ORANGE], hatch=["", "//"], edgecolor="white",
           yerr=[[s[0] - s[1] for s in shares], [s[2] - s[0] for s in shares]], capsize=12)
    ax.axhline(0.5, color="black", ls="--", label="no better than luck: 1/2")
    ax.set(ylabel="share of the games won", ylim=(0, 1), title=f"Two Detectives against two Random bots")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), frameon=False)
    show(view, table(pd.DataFrame(rows, columns=["Bot", "Games won", "Share of the games won (95% interval)"])),
         fig)


further.add("""### Does reasoning pay?

Two Detectives and two Random bots (which do anything allowed) play 400 games: half with the Detectives
in seats 1 and 3, half in seats 2 and 4, so the seat does not decide.""")
duel_button, duel_view = study_button("Play 400 games", duel)
further.add_widget(widgets.VBox([duel_button, duel_view]));

# %%
VARIANTS = {"the experts' 5-8-10 game": pv.Rules.expert(), "no retirement": rules.replace(retire_after_failures=None),
            "two cards of every clue": rules.replace(deck=(2,) * rules.n_clues),
            "no Judge needed": rules.replace(judge_needed=False)}


def compare(view):
    bar = progress_bar(view, 200 * (1 + len(VARIANTS)), "the rulebook and 4 variants")
    rows, retired = [], 0
    for name, chosen in {"the rulebook": rules, **VARIANTS}.items():
        games = bk.simulate(chosen, n_players=4, n_games=200, seed=0, engine="reference", progress=bar)
        turns = bk.stats.mean_interval(games["turns"])
        failed = bk.stats.mean_interval(games["declarations"] - games["successful"])
        arrests = bk.stats.mean_interval(games["declarations"])
        retired += int(games["retired"].sum())
        rows.append((name, with_interval(*turns, percent=False), with_interval(*arrests, percent=False, decimals=1),
                     with_interval(*failed, percent=False, decimals=1)))
    show(view, table(pd.DataFrame(rows, columns=["Rules", "Turns in a game", "Arrests in a game",
                                                 "Failed arrests in a game"])),
         Markdown(f"Each figure is a mean over 200 games, with its 95% interval. Players who had to retire, in all "
                  f"1,000 games: {retired}. (So *no retirement* changes little for such careful detectives.)"))


further.add("""### Whole games under other rules

Four Detectives play 200 games of the rulebook and of each variant (on the readable engine: Philo Vance's
Detective reasons with beliefs). Try it in code with one card of every clue: the 50 cards run out, and most
games stop at the turn cap.""")
compare_button, compare_view = study_button("Compare 1,000 games", compare)
further.add_widget(widgets.VBox([compare_button, compare_view]));

# %% [markdown]
# ## For coders
#
# In JupyterLab you can change any rule and ask the same questions in code:
#
# ```python
# # 5-8-10
# experts = pv.Rules.expert()
# # nonsense raises a ValueError
# variant = rules.replace(named_clues=8, declare_correct=5)
# # the Butler's beliefs
# row = pv.analysis.KnowledgeGrid.from_prior().row(7)
# # clue ids are the board's numbers - 1
# pv.analysis.declaration_odds(row, (23, 25, 40, 42, 32, 34), need=5)
# pv.analysis.hand_match_odds(7, hand_size=variant.court_size,
#                             at_least=variant.declare_correct)
# # whole games, a row each
# bk.simulate(variant, n_players=4, n_games=300, seed=0)
# ```
#
# The exact figures of this lesson, printed by code, each in a closed fold (open them after your
# predictions):

# %%
# NBVAL_CHECK_OUTPUT
from boardkit.lessons import back_to_part_one, folded

odds = pv.analysis.hand_match_table(hand_size=12, thresholds=(4, 7, 9)).set_index("name")
with folded("First hands, printed by code (the answer of part 2)"):
    print(odds[["cards in deck", "at least 4 different", "at least 4 cards", "at least 7 different"]]
          .round(4).to_string())
    print(f"at least 9 different clues of one card: at most {odds['at least 9 different'].max():.1e}")

# %%
# NBVAL_CHECK_OUTPUT
best, named, chance = pv.analysis.best_arrest(prior.beliefs, deal, range(10))
with folded("Arrests, printed by code (the answers of parts 3 and 5)"):
    for s in sorted(range(len(names)), key=lambda s: -pv.analysis.best_declaration(prior.row(s), deal)[1])[:5]:
        print(f"{names[s]:>18}: {pv.analysis.best_declaration(prior.row(s), deal)[1]:.4f}")
    print(f"arrest {names[best]}, naming clues " + ", ".join(str(c + 1) for c in named))
    print(f"the Butler, six clues: {pv.analysis.declaration_odds(prior.row(BUTLER), FIRST):.4f} "
          f"(experts: {pv.analysis.declaration_odds(prior.row(BUTLER), FIRST, need=5):.4f})")

# %%
# NBVAL_CHECK_OUTPUT
with folded("Bayes' rule, printed by code (Going further)"):
    print(f"{'clue':>32}  before   'yes'   'yes' and 'no'   (one verdict at a time)")
    for clue in NAMED:
        print(f"{clue_name(clue):>32}: {before[clue]:.3f} -> {after_yes[clue]:.3f} -> {after_both[clue]:.3f}"
              f"          ({learning.row(BUTLER)[clue]:.3f})")

# %% jupyter={"source_hidden": true}
# Run All ends here: back to part 1 (JupyterLab would stay at this last cell)
back_to_part_one()

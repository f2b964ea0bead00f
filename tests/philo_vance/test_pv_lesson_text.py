"""Lesson 03 says what the code does: the Detective's thresholds, the exact Bayes figures, clue numbers as on the board."""
import re
from pathlib import Path

from boardkit.games import philo_vance as pv

LESSON = (Path(__file__).resolve().parents[2] / "notebooks" / "03_philo_vance.py").read_text(encoding="utf-8")
#: the lesson's words with the markdown cells' "# " and line breaks taken out
TEXT = " ".join(" ".join(re.sub(r"^# ?", "", line) for line in LESSON.splitlines()).split())


def test_the_lesson_gives_the_detectives_real_thresholds():
    bot = pv.bots.Detective()
    assert f"arrests only when the chance of success is at least {bot.boldness:.0%}" in TEXT
    assert f"at least {bot.last_try_boldness:.0%} on an attempt that would retire it" in TEXT
    assert f"tries to convict when the chance of enough right clues is at least {bot.boldness:.0%}" in TEXT


def test_the_lesson_conditions_exactly_on_both_verdicts_beside_a_simulation():
    assert "pv.analysis.update_on_verdicts(before, [(FIRST, True), (SECOND, False)])" in LESSON
    assert "pv.analysis.simulate_verdicts(before, [(FIRST, True), (SECOND, False)]" in LESSON


def test_clue_numbers_in_the_text_are_the_boards():
    first = re.search(r"FIRST = \(([\d, ]+)\)\s+# clues ([\d, ]+) on the board", LESSON)
    second = re.search(r"SECOND = \(([\d, ]+)\)\s+# clues ([\d, ]+) on the board", LESSON)
    for found in (first, second):
        ids = [int(c) for c in found.group(1).split(",")]
        assert [int(c) for c in found.group(2).split(",")] == [c + 1 for c in ids]
        assert f"clues {found.group(2)}" in TEXT             # the Bayes text names them as on the board


# --- What the reveals say is computed, not written by hand (issue 24) -----------------------------------------

from lesson_cells import locked, run_cells, words  # noqa: E402


def test_four_of_six_is_compared_with_each_clue_as_the_numbers_are():
    ns = run_cells("03_philo_vance", "FIRST = (", "def reveal_four_of_six")
    guess = locked(ns["Prediction"]("?", number=(0, 1, 0.05), percent=True, reveal=ns["reveal_four_of_six"]), 0.5)
    said = words(ns["reveal_four_of_six"](guess))
    row = pv.analysis.KnowledgeGrid.from_prior().row(ns["BUTLER"])
    exact = pv.analysis.declaration_odds(row, ns["FIRST"])
    surer = [c + 1 for c in ns["FIRST"] if row[c] > exact]
    assert surer == [24, 26]                          # 4 of 6 is 0.880; clues 24 and 26 are each 0.90
    assert "likelier than any one" not in said
    assert f"comes to {exact:.0%}: surer than 4 of the six clues on their own (clues 24 and 26, at 90%, " \
           "are surer still)" in said


def test_the_step_by_step_update_is_said_to_fall_short_by_its_real_worst_gap():
    ns = run_cells("03_philo_vance", "FIRST = (", "further = GoingFurther", "SECOND = (")
    ns["further"].unfold()                            # as a student opens Going further
    shown = words(list(ns["further"].body.children))
    gap = max(ns["after_both"][c] - ns["learning"].row(ns["BUTLER"])[c] for c in ns["NAMED"])
    assert round(gap, 4) == 0.0117
    assert "never higher and up to 0.012 too low" in shown
    assert "up to 0.01 too low" not in TEXT


def test_the_deck_is_called_our_reconstruction_where_it_is_used():
    assert "**our reconstruction**: the 100 cards show 50 different clues" in TEXT
    assert "the rulebook tells us there are 100 clue cards" in TEXT.lower()

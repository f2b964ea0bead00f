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

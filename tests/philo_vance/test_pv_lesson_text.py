"""Lesson 03 says what the code does: the Detective's thresholds and the exact Bayes figures."""
from pathlib import Path

from boardkit.games import philo_vance as pv

LESSON = (Path(__file__).resolve().parents[2] / "notebooks" / "03_philo_vance.py").read_text(encoding="utf-8")


def test_the_lesson_gives_the_detectives_real_thresholds():
    bot = pv.bots.Detective()
    assert f"at least {bot.boldness:.0%}" in LESSON
    assert f"at least {bot.last_try_boldness:.0%} on an attempt that would retire it" in LESSON


def test_the_lesson_conditions_exactly_on_both_verdicts():
    assert "pv.analysis.update_on_verdicts(before, [(first, True), (second, False)])" in LESSON

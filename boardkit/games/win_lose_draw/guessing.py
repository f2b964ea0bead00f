"""Checking a typed guess against the card, as a fair Sketcher would.

In the game guesses are shouted out and the Sketcher says whether they are
right.  A typed guess is checked here with fuzzy matching (rapidfuzz), so a
typing slip ("Matlida") still counts, while an unrelated word does not:

* **the whole answer**, give or take small slips, is correct;
* **an accepted short answer** from the card (``Card.also``, e.g. "Superman"
  for "The Adventures of Superman") is correct when ``partial`` is on (the
  default).  The book leaves it "up to the Sketcher to determine how close a
  guess must be", so the card box lists what counts, and the Sketcher may
  overrule the verdict either way;
* **words of the answer** that a wrong guess got right are reported as
  ``parts``: the book lets the Sketcher write such a word next to the sketch.

Capitals, punctuation, extra spaces and a leading "the", "a" or "an" never
matter.  A guess is only ever compared as text: nothing typed is evaluated or
used as a file path.
"""
from __future__ import annotations

from typing import NamedTuple

from rapidfuzz import fuzz, utils

#: how alike (0-100, rapidfuzz's ratio) a guess and an answer must be to count
THRESHOLD = 85
#: the longest guess looked at, in characters (a guess is a few words)
MAX_GUESS = 200
#: words too common to count as a part of an answer
SMALL_WORDS = frozenset({"the", "a", "an", "of", "and", "in", "on", "to", "for", "with", "at", "by", "is"})


class Verdict(NamedTuple):
    """What a guess earned: ``correct``, how alike it was (``score``, 0-100) to the form it ``matched``,
    and the words of the answer it got right (``parts``)."""

    correct: bool
    score: float
    matched: str
    parts: tuple[str, ...]


def normalise(text: str) -> str:
    """Lower case, no punctuation, single spaces, no leading article: "The Wizard of Oz!" -> "wizard of oz"."""
    words = utils.default_process(text).split()
    if len(words) > 1 and words[0] in ("the", "a", "an"):
        words = words[1:]
    return " ".join(words)


def judge_guess(guess: str, card, partial: bool = True, threshold: float = THRESHOLD) -> Verdict:
    """Is ``guess`` right for ``card`` (a :class:`~.card_box.Card`)?  See the module docstring."""
    if not isinstance(guess, str):
        raise ValueError(f"guess must be text, got {guess!r}")
    if not isinstance(threshold, (int, float)) or isinstance(threshold, bool) or not 0 < threshold <= 100:
        raise ValueError(f"threshold must be a number above 0 and at most 100, got {threshold!r}")
    said = normalise(guess[:MAX_GUESS])
    if not said:
        return Verdict(False, 0.0, "", ())
    forms = [card.answer, *(card.also if partial else ())]
    score, matched = max((fuzz.ratio(said, normalise(form)), form) for form in forms)
    correct = score >= threshold
    return Verdict(correct, float(score), matched, () if correct else _parts(said, card.answer, threshold))


def _parts(said: str, answer: str, threshold: float) -> tuple[str, ...]:
    """The words of ``answer`` (small words left out) that some word of the guess matches."""
    guessed = said.split()
    found = []
    for word in utils.default_process(answer).split():
        if word in SMALL_WORDS or word in found:
            continue
        if any(fuzz.ratio(word, g) >= threshold for g in guessed):
            found.append(word)
    return tuple(found)

"""The card box of Win, Lose or Draw: the names and phrases the Sketcher draws.

In the game every card sits upright in a box.  The Sketcher secretly reads the
front card, announces its category (Books, TV Shows, Movies, Music Stars,
Food & Drink or Famous Phrases) and sketches it without letters, words or
numbers.  A guessed card is moved to the back of the box, so the box is one
long queue that is used up in order: shuffling it once, like a new box of
cards, decides the whole game's sequence of answers.

Books carry their author only as a help to the Sketcher, who must not draw it.
A guess of part of the answer ("Superman" for "The Adventures of Superman")
may count; ``also`` lists such accepted short answers.

The 1988 box held over 1,000 items; the list in ``data/cards.csv`` is an
original reconstruction written for boardkit (no card texts were copied), of
well-known, family-friendly items a school class could draw.

    cards = load_cards()
    queue = box_order(cards, numpy.random.default_rng(7))
"""
from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

import numpy as np

CATEGORIES = ("Books", "TV Shows", "Movies", "Music Stars", "Food & Drink", "Famous Phrases")
COLUMNS = ["category", "answer", "author", "also"]
CARDS_CSV = Path(__file__).with_name("data") / "cards.csv"


@dataclass(frozen=True)
class Card:
    """One item to sketch: its category, the answer, a book's author, accepted partial answers."""

    category: str
    answer: str
    author: str
    also: tuple[str, ...]


def _problem(path: Path, line: int, problem: str) -> ValueError:
    return ValueError(f"{path.name} line {line}: {problem}")


def _card(row: list[str], path: Path, line: int) -> Card:
    """The card on one CSV line, or ValueError naming the line and what is wrong."""
    if len(row) != len(COLUMNS):
        raise _problem(path, line, f"has {len(row)} fields {row!r}; expected {len(COLUMNS)}: {','.join(COLUMNS)}")
    category, answer, author, also_text = (field.strip() for field in row)
    if category not in CATEGORIES:
        raise _problem(path, line, f"category={category!r} is not allowed: one of {', '.join(CATEGORIES)}")
    if not answer:
        raise _problem(path, line, "answer='' is not allowed: every card needs an answer")
    if category == "Books" and not author:
        raise _problem(path, line, f"author='' is not allowed for the book {answer!r}: every book names its author")
    if category != "Books" and author:
        raise _problem(path, line, f"author={author!r} is not allowed for {category}: only Books have authors")
    also = tuple(part.strip() for part in also_text.split("|")) if also_text else ()
    for part in also:
        if not part or len(part) >= len(answer):
            raise _problem(path, line, f"also={also_text!r} is not allowed: each |-separated partial answer "
                                       f"must be non-empty and shorter than {answer!r}")
    return Card(category, answer, author, also)


def load_cards(path: str | Path | None = None) -> tuple[Card, ...]:
    """Every card in the box, in file order (the packaged ``data/cards.csv`` by default).

    A malformed file raises ValueError naming the line and the problem:
    a wrong header, a wrong number of fields, an unknown category, an empty
    answer, a book without an author, a bad partial answer or a repeated
    answer (answers are compared ignoring case).
    """
    path = CARDS_CSV if path is None else Path(path)
    cards = []
    first_line_of = {}
    with open(path, newline="", encoding="utf-8") as file:
        reader = csv.reader(file)
        header = next(reader, None)
        if header is None or [name.strip() for name in header] != COLUMNS:
            raise _problem(path, 1, f"header={header!r} is not allowed: expected {','.join(COLUMNS)}")
        for row in reader:
            if not any(field.strip() for field in row):
                continue                                   # blank lines are allowed
            card = _card(row, path, reader.line_num)
            key = card.answer.casefold()
            if key in first_line_of:
                raise _problem(path, reader.line_num, f"answer={card.answer!r} is not allowed: "
                                                      f"it repeats line {first_line_of[key]}")
            first_line_of[key] = reader.line_num
            cards.append(card)
    if not cards:
        raise _problem(path, 2, "the file holds no cards")
    return tuple(cards)


def box_order(cards, rng: np.random.Generator) -> list[Card]:
    """The cards as they stand in a freshly shuffled box: front card first.

    The same generator state gives the same order; ``cards`` is not changed.
    """
    if not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng={rng!r} is not allowed: a numpy.random.Generator, "
                         "e.g. numpy.random.default_rng(seed)")
    cards = list(cards)
    return [cards[i] for i in rng.permutation(len(cards))]

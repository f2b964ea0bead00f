"""Philo Vance's printed components: the suspects, the clue cards, the confirmation cards.

Nothing of the 1937 cards survives but the rulebook, so the data in ``data/``
is a reconstruction written from the rulebook's character sketches (see
``data/README.md`` for what was invented and why).  This module reads the three
CSV files once, when it is imported, checks them, and offers them as plain
tuples:

* ``SUSPECTS``: the ten members of the household who may be arrested (the
  Master is not suspected).
* ``CLUES``: every different clue printed on the clue cards.  A clue is
  *specific* (it points at one suspect), *general* (it fits several),
  *masculine* (it fits only men) or *feminine* (it fits only women).
* ``DECK_COPIES``: how many of the 100 clue cards show each clue.  A player's
  hand is drawn from this deck, so a clue printed on many cards turns up often.
* ``CONFIRMATION``: each suspect's confirmation card, the 12 clues that are
  "correct" for that suspect.  Arresting and convicting mean naming clues that
  are on this card.

:func:`check_components` is the test a set of components must pass before a
game can use it; the game's rules call it again when a tinkerer changes the
deck or the cards.
"""
from __future__ import annotations

import csv
import numbers
from dataclasses import dataclass
from pathlib import Path

from boardkit.core import require

MAN, WOMAN = "man", "woman"
SEXES = (MAN, WOMAN)
SPECIFIC, GENERAL, MASCULINE, FEMININE = "specific", "general", "masculine", "feminine"
TAGS = (SPECIFIC, GENERAL, MASCULINE, FEMININE)

DATA_DIR = Path(__file__).with_name("data")


@dataclass(frozen=True)
class Suspect:
    """One member of the household a player may arrest.

    ``key`` is the short name used in code (``"butler"``), ``name`` the name
    printed on the Court Card, ``sex`` decides which clues can fit (no cigar
    butt for a woman, no lace handkerchief for a man), and ``sketch`` is the
    rulebook's one-line description, the players' only hint to the specific
    clues.
    """
    key: str
    name: str
    sex: str
    age: int
    sketch: str


@dataclass(frozen=True)
class Clue:
    """One clue as printed on a clue card.

    ``tag`` says how many suspects it can fit: ``specific`` (one: the suspect
    named by ``hint``), ``general`` (several, men or women), ``masculine``
    (several men) or ``feminine`` (several women).  ``hint`` is ``None`` for
    all but specific clues.  ``id`` is the clue's position in ``CLUES``.
    """
    id: int
    text: str
    tag: str
    hint: str | None


# -- checks -------------------------------------------------------------------

def _is_whole(value) -> bool:
    """True for a whole number (``3``, ``numpy.int64(3)``), False for ``3.0`` or ``True``."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _check_copies(deck_copies, n_clues: int | None = None) -> None:
    require(isinstance(deck_copies, (tuple, list)), "deck_copies", deck_copies,
            "a tuple with one whole number of copies per clue")
    if n_clues is not None:
        require(len(deck_copies) == n_clues, "deck_copies", deck_copies,
                f"one entry per clue ({n_clues} entries), got {len(deck_copies)}")
    for clue_id, copies in enumerate(deck_copies):
        require(_is_whole(copies) and copies >= 0, f"deck_copies[{clue_id}]", copies,
                "a whole number of cards >= 0")
    require(sum(deck_copies) > 0, "deck_copies", deck_copies, "a deck with at least one card (total > 0)")


def check_components(suspects, clues, deck_copies, confirmation, card_size: int = 12) -> None:
    """Raise ValueError, naming what is wrong, unless these components make a playable game.

    * ``suspects``: a tuple of :class:`Suspect` with different keys, each a
      ``man`` or a ``woman``;
    * ``clues``: a tuple of :class:`Clue` with ``clues[i].id == i`` and a
      known tag;
    * ``deck_copies``: one whole number >= 0 per clue, at least one card in
      all (the total need not be 100: a tinkerer may print a smaller deck);
    * ``confirmation``: one card per suspect, each ``card_size`` different
      clue ids; no masculine clue on a woman's card, no feminine clue on a
      man's; and every clue on a card is in the deck (else no one could ever
      hold it).
    """
    require(_is_whole(card_size) and card_size >= 1, "card_size", card_size, "a whole number >= 1")
    require(isinstance(suspects, (tuple, list)) and len(suspects) >= 1, "suspects", suspects,
            "a non-empty tuple of Suspect")
    for i, suspect in enumerate(suspects):
        require(isinstance(suspect, Suspect), f"suspects[{i}]", suspect, "a Suspect")
        require(suspect.sex in SEXES, f"suspects[{i}].sex", suspect.sex, f"one of {SEXES}")
    keys = [s.key for s in suspects]
    require(len(set(keys)) == len(keys), "suspects", keys, "different keys")

    require(isinstance(clues, (tuple, list)) and len(clues) >= 1, "clues", clues, "a non-empty tuple of Clue")
    for i, clue in enumerate(clues):
        require(isinstance(clue, Clue), f"clues[{i}]", clue, "a Clue")
        require(clue.id == i, f"clues[{i}].id", clue.id, f"the clue's position in the tuple ({i})")
        require(clue.tag in TAGS, f"clues[{i}].tag", clue.tag, f"one of {TAGS}")

    _check_copies(deck_copies, len(clues))

    require(isinstance(confirmation, (tuple, list)) and len(confirmation) == len(suspects),
            "confirmation", confirmation, f"one card per suspect ({len(suspects)} cards)")
    for suspect, card in zip(suspects, confirmation):
        field = f"confirmation card of {suspect.key}"
        require(isinstance(card, (tuple, list)), field, card, f"a tuple of {card_size} clue ids")
        require(len(card) == card_size, field, card, f"exactly {card_size} clue ids, got {len(card)}")
        for clue_id in card:
            require(_is_whole(clue_id) and 0 <= clue_id < len(clues), field, card,
                    f"clue ids from 0 to {len(clues) - 1}; {clue_id!r} is not one")
        require(len(set(card)) == card_size, field, card,
                f"{card_size} different clues; a duplicate clue is not allowed")
        for clue_id in card:
            clue = clues[clue_id]
            if suspect.sex == WOMAN:
                require(clue.tag != MASCULINE, field, card,
                        f"no masculine clue on a woman's card; clue {clue_id} ({clue.text}) is masculine")
            else:
                require(clue.tag != FEMININE, field, card,
                        f"no feminine clue on a man's card; clue {clue_id} ({clue.text}) is feminine")
            require(deck_copies[clue_id] >= 1, field, card,
                    f"clues that are in the deck; clue {clue_id} ({clue.text}) has 0 copies in deck_copies")


def _check_printed_cards(suspects, clues, confirmation) -> None:
    """The extra promises of the reconstructed cards (tinkered cards need not keep them).

    A specific clue is on exactly one card, its hint's; a general, masculine or
    feminine clue is on two cards or more (that is what makes it general).
    """
    keys = [s.key for s in suspects]
    holders = {clue.id: [] for clue in clues}
    for key, card in zip(keys, confirmation):
        for clue_id in card:
            holders[clue_id].append(key)
    for clue in clues:
        on = holders[clue.id]
        if clue.tag == SPECIFIC:
            require(clue.hint in keys, f"clues.csv hint of clue {clue.id}", clue.hint, f"one of {keys}")
            require(on == [clue.hint], f"confirmation.csv cards holding clue {clue.id}", on,
                    f"a specific clue is on its hint's card only ({clue.hint})")
        else:
            require(clue.hint is None, f"clues.csv hint of clue {clue.id}", clue.hint,
                    f"empty for a {clue.tag} clue")
            require(len(on) >= 2, f"confirmation.csv cards holding clue {clue.id}", on,
                    f"a {clue.tag} clue is on 2 cards or more")
    texts = [clue.text for clue in clues]
    duplicates = sorted({t for t in texts if texts.count(t) > 1})
    require(not duplicates, "clues.csv text", duplicates, "every clue's text is different")


# -- loading the CSV files ----------------------------------------------------

def _rows(filename: str, columns: tuple[str, ...]) -> list[dict]:
    with open(DATA_DIR / filename, newline="", encoding="utf-8") as file:
        reader = csv.DictReader(file)
        require(tuple(reader.fieldnames or ()) == columns, f"{filename} columns", reader.fieldnames,
                f"exactly {columns}")
        return list(reader)


def _whole(text: str, field: str) -> int:
    require(text.strip().isdigit(), field, text, "a whole number >= 0")
    return int(text)


def _load():
    suspects = tuple(
        Suspect(row["key"], row["name"], row["sex"], _whole(row["age"], f"suspects.csv age of {row['key']}"),
                row["sketch"])
        for row in _rows("suspects.csv", ("key", "name", "sex", "age", "sketch")))
    clue_rows = _rows("clues.csv", ("id", "text", "tag", "hint", "copies"))
    clues = tuple(Clue(_whole(row["id"], f"clues.csv id on line {n + 2}"), row["text"], row["tag"],
                       row["hint"] or None)
                  for n, row in enumerate(clue_rows))
    copies = tuple(_whole(row["copies"], f"clues.csv copies of clue {row['id']}") for row in clue_rows)
    keys = [s.key for s in suspects]
    card_rows = _rows("confirmation.csv", ("suspect", "clues"))
    require([row["suspect"] for row in card_rows] == keys, "confirmation.csv suspect column",
            [row["suspect"] for row in card_rows], f"the suspects in the order of suspects.csv: {keys}")
    cards = tuple(tuple(sorted(_whole(i, f"confirmation.csv clue of {row['suspect']}") for i in row["clues"].split()))
                  for row in card_rows)
    check_components(suspects, clues, copies, cards)
    _check_printed_cards(suspects, clues, cards)
    return suspects, clues, copies, cards


SUSPECTS, CLUES, DECK_COPIES, CONFIRMATION = _load()
SUSPECT_KEYS = tuple(s.key for s in SUSPECTS)


def suspect_index(key_or_index) -> int:
    """The position of a suspect in ``SUSPECTS``, from its key (``"butler"``) or its index (``7``)."""
    if isinstance(key_or_index, str) and key_or_index in SUSPECT_KEYS:
        return SUSPECT_KEYS.index(key_or_index)
    if _is_whole(key_or_index) and 0 <= key_or_index < len(SUSPECTS):
        return int(key_or_index)
    raise ValueError(f"suspect={key_or_index!r} is not allowed: one of {', '.join(SUSPECT_KEYS)} "
                     f"or an index from 0 to {len(SUSPECTS) - 1}")


def deck_cards(deck_copies) -> list[int]:
    """The clue deck as a list of clue ids, in id order, each repeated as many times as it has copies.

    ``deck_cards((2, 0, 1))`` is ``[0, 0, 2]``.  Shuffle it to start a game.
    """
    _check_copies(deck_copies)
    return [clue_id for clue_id, copies in enumerate(deck_copies) for _ in range(copies)]

"""The court cards of the Philo Vance app, down the right-hand column.

One *court card* per seat, down the right of the canvas: the seat's pawn,
colour and name, the suspect (once arrested or committed), Philo Vance if
the seat owns him, a claimed clue waiting in front of it, and the 12 jurors
numbered 1-12.  A juror shows its clue's text when the card is face up, a
card back when it is turned down, and nothing before the first visit to X.
When a player has a suspect, a bar under each clue shows how likely the
knowledge grid makes it that the clue is on that suspect's card.  In the
children's game the card is the player's hand (up to 10 clues), each clue
ticked when it is on the confirmation card he plays for (that card lies face
up on the table).

Pure drawing: the functions read a ``view_draw.Scene`` and never change the game.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np

from boardkit import render as r
from boardkit.render import palette as pal
from boardkit.render import player_style

from .actions import Demand, Keep, Name, TurnDown, TurnUp
from .components import CLUES, SUSPECTS
from .game import KEEPING
from .view_board import BOARD, HEIGHT, MARGIN, TEXT_PX, WIDTH, draw_top_hat, draw_words
from .view_grid import blues_rgb

COURT_X = MARGIN + BOARD + 12                 # the column of court cards
COURT_W = WIDTH - COURT_X - MARGIN
COURT_GAP = 8
HEADER_H = 40                                 # a court card's title row
NUMBER_TAB = 28                               # the juror's number, left of the clue's first line
NUMBER_BAND = 32                              # the top of a juror's box that its number fills (4 + 24 px + a gap)
BADGE_W = 400                                 # the widest a clue in front of a player is drawn in a title row
BANNER_W, BANNER_H = 500, 40                  # "Reach X to lay the clues" on an empty court card
MIN_BOX_W = 140                               # a juror's box: two lines of a clue's short text at 22 px

CARD_BACK = pal.CARD_BACK
CARD_BACK_MARKS = "#5C6B8A"
FACE_FILL = pal.WHITE
EMPTY_FILL = "#EDEDED"
EMPTY_EDGE = "#595959"                        # 7:1 on EMPTY_FILL
RETIRED_FILL = "#E0E0E0"
NAMED_FILL = pal.CURRENT_FILL                 # a clue named in the arrest being made
MATCH_FILL = "#D5F0E6"                        # children's game: a clue on the player's card

#: Words dropped from the front of a clue's text in a juror's small box ("a bottle of hair dye" -> "hair dye").
_ARTICLES = ("a ", "an ", "the ")
_CONTAINERS = ("pair of ", "bottle of ", "packet of ", "stick of ", "roll of ", "bundle of ")
#: A clue's short text (``short_clue``) too long for a juror's box, as the box prints it when the text does not
#: fit (two lines of 24 px in the boxes of five or six players, three in those of four): the thing, in fewer words.
#: The board in words, the buttons and the discard pile (where it fits) say the clue in full.
SHORTER = {
    "letters tied with blue ribbon": "ribbon-tied letters",
    "key to a post-office box": "key to a P.O. box",
    "torn theatre programme": "torn programme",
    "college football pennant": "college pennant",
    "rubber tip of a walking stick": "walking-stick tip",
    "half-knitted mitten": "knitted mitten",
    "postcard from Niagara Falls": "Niagara postcard",
    "flour-dusted recipe card": "floury recipe card",
    "tortoiseshell mantilla comb": "mantilla comb",
    "canary-yellow waistcoat": "yellow waistcoat",
    "silver-polishing cloth": "polishing cloth",
    "chauffeur's peaked cap": "driver's peaked cap",
    "leather driving gauntlets": "driving gauntlets",
    "lonely-hearts advertisement": "lonely-hearts ad",
    "thumbprint on the table drawer": "drawer thumbprint",
    "button torn from a coat": "torn coat button",
    "financial page of the newspaper": "financial page",
}


# --- text ------------------------------------------------------------------------------

def short_clue(text: str) -> str:
    """A clue's text for a small box: the article and a leading "pair of", "bottle of", ... dropped."""
    short = text
    for article in _ARTICLES:
        if short.lower().startswith(article):
            short = short[len(article):]
            break
    for container in _CONTAINERS:
        if short.lower().startswith(container) and len(short) > len(container) + 3:
            short = short[len(container):]
            break
    return short


def clue_label(clue: int) -> str:
    """The short text of clue id ``clue``."""
    return short_clue(CLUES[clue].text)


def wrap(text: str, chars, max_lines: int = 3, measure=len) -> list[str]:
    """Break ``text`` into at most ``max_lines`` lines; line i holds ``chars[i]`` (one number: every line), as
    ``measure`` measures a line (``len``: characters; or pixels, ``box_lines``).  A hyphenated word too long for a
    line breaks after a hyphen ("canary-" / "yellow"); a first word too long for the first line starts on the
    second, if that is longer.  If it does not fit, the small words "a", "an", "the" inside go; if it still does
    not fit, the last line ends in "…"."""
    widths = [chars] * max_lines if isinstance(chars, (int, float)) else list(chars) + [chars[-1]] * max_lines

    def room(n_lines):
        return max(widths[min(n_lines, len(widths) - 1)], 4)

    def lines_of(words):
        lines, line = [], ""
        for word in words:
            space = "" if line.endswith("-") else " "
            if not line and not lines and measure(word) > room(0) and room(1) > room(0) and max_lines > 1:
                lines.append("")                         # beside the juror's number: nothing
            if line and measure(line + space + word) > room(len(lines)):
                lines.append(line)
                line = word
            else:
                line = f"{line}{space}{word}" if line else word
        return lines + ([line] if line else [])

    shortest = min(widths)
    words = [part for word in text.split()
             for part in (re.split("(?<=-)", word) if measure(word) > shortest else [word])]
    lines = lines_of(words)
    if len(lines) > max_lines:
        lines = lines_of([w for i, w in enumerate(words) if i == 0 or w.lower() not in ("a", "an", "the")])
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip(".,") + "\u2026"
    return lines


def draw_lines(c, lines, x, y, px, bold=False, colour=pal.TEXT, align="center", max_width=None, gap=1.08):
    """Lines of text, the block centred on the height ``y``."""
    for i, line in enumerate(lines):
        dy = (i - (len(lines) - 1) / 2) * px * gap
        r.draw_text(c, line, x, y + dy, px=max(px, TEXT_PX), bold=bold, colour=colour, align=align, max_width=max_width)


# --- geometry --------------------------------------------------------------------------

def court_columns(n_players: int) -> int:
    """How many columns of court cards: one, but two for six players (six cards one above the other would
    leave no juror room for two lines of a clue)."""
    return 2 if n_players >= 6 else 1


def court_rect(seat: int, n_players: int):
    """(x, y, w, h) of ``seat``'s court card: the column (or two) split evenly between the players."""
    cols = court_columns(n_players)
    rows = math.ceil(n_players / cols)
    w = (COURT_W - (cols - 1) * COURT_GAP) / cols
    h = (HEIGHT - 2 * MARGIN - (rows - 1) * COURT_GAP) / rows
    return (COURT_X + (seat % cols) * (w + COURT_GAP), MARGIN + (seat // cols) * (h + COURT_GAP), w, h)


def slot_grid(n_slots: int, card_h: float, card_w: float = COURT_W):
    """(columns, rows) of the jurors (or hand places) on a card ``card_w`` x ``card_h``: no box narrower
    than ``MIN_BOX_W``."""
    cols = 6 if card_h < 240 or n_slots <= 6 else 4
    if n_slots <= 10 and cols == 4 and card_h >= 240:
        cols = 5
    while cols > 1 and _box_w(card_w, cols) < MIN_BOX_W:
        cols -= 1
    return cols, max(1, math.ceil(n_slots / cols))


def _box_w(card_w: float, cols: int, gap: float = 5) -> float:
    return (card_w - 2 * gap - (cols - 1) * gap - 10) / cols


def juror_rects(seat: int, n_players: int, n_slots: int = 12):
    """The boxes of jurors 1..n_slots (or hand places) on ``seat``'s court card, row by row."""
    x, y, w, h = court_rect(seat, n_players)
    cols, rows = slot_grid(n_slots, h, w)
    gap = 5
    top = y + HEADER_H
    bw = _box_w(w, cols, gap)
    bh = (h - HEADER_H - gap - (rows - 1) * gap) / rows
    left = x + 10 + gap                      # the current player's colour stripe is 10 px
    return [(left + (i % cols) * (bw + gap), top + (i // cols) * (bh + gap), bw, bh) for i in range(n_slots)]


# --- what a human may click on the cards ------------------------------------------------

def clickable_jurors(scene) -> set:
    """(seat, juror) pairs (jurors from 1) a click on which is one of the human's legal actions now."""
    out = set()
    if not scene.human_turn:
        return out
    me = scene.decider
    for action in scene.legal:
        if isinstance(action, (TurnUp, Keep)):
            out.add((me, action.juror if isinstance(action, TurnUp) else action.slot))
        elif isinstance(action, TurnDown):
            out.add((scene.victim, action.juror))
        elif isinstance(action, (Name, Demand)):
            seats = [me] if isinstance(action, Name) else [p for p in range(scene.n_players)
                                                            if p != me and not scene.retired[p]]
            for seat in seats:
                court, up = scene.court[seat], scene.face_up[seat]
                if court is None:
                    continue
                out.update((seat, j + 1) for j, (clue, shown) in enumerate(zip(court, up))
                           if shown and clue == action.clue)
    return out


# --- the court cards -------------------------------------------------------------------

def seat_status(scene, seat: int) -> str:
    """What the table knows of a seat's case, in a few words."""
    if scene.winner == seat:
        return f"CONVICTS {SUSPECTS[scene.suspect[seat]].name}: WINS!"
    if scene.retired[seat]:
        return f"RETIRED after {scene.failures[seat]} failed arrests"
    suspect = scene.suspect[seat]
    if scene.children:
        if suspect is None:
            return "chooses a card to play for"
        matches = len(set(scene.hand[seat]) & set(scene.cards[suspect]))
        return f"plays for {SUSPECTS[suspect].name}: {matches} of {scene.children_win} found"
    if scene.court[seat] is None:
        return f"to X for {scene.court_size} clues"
    if scene.arresting is not None and seat == scene.turn_player:
        return (f"arrests {SUSPECTS[scene.arresting].name} on suspicion: "
                f"{len(scene.named)} of {scene.named_clues} clues named")
    if suspect is None:
        return "no arrest yet"
    name = SUSPECTS[suspect].name
    if scene.needs_more[seat]:
        return f"{name}: card seen, must prove {scene.convict_fallback}"
    if scene.declared[seat]:
        return f"{name} \u2714 Successful Declaration"
    failures = scene.failures[seat]
    return f"committed: {name} ({failures} failed)"


@dataclass(frozen=True)
class Box:
    """One juror (or hand place) as drawn: ``state`` "up" (the clue's text), "down" (a card back) or "empty"."""

    rect: tuple
    number: int
    clue: int | None
    state: str
    named: bool = False              # named in the arrest being made
    belief: float | None = None      # the grid's chance that the clue is on the player's suspect's card
    match: bool = False              # children's game: on the card the player plays for
    clickable: bool = False


def boxes_of(scene, seat: int, clickable=frozenset()) -> list[Box]:
    """The boxes of ``seat``'s court card (children: hand), as ``draw_boxes`` draws them."""
    if scene.children:
        hand = scene.hand[seat]
        card = set(scene.cards[scene.suspect[seat]]) if scene.suspect[seat] is not None else set()
        keep = ({a.slot for a in scene.legal if isinstance(a, Keep)}
                if scene.human_turn and scene.decider == seat else set())
        out = []
        for i, rect in enumerate(juror_rects(seat, scene.n_players, scene.hand_limit)):
            clue = hand[i] if i < len(hand) else None
            out.append(Box(rect, i + 1, clue, "empty" if clue is None else "up", match=clue in card,
                           clickable=i + 1 in keep))
        return out
    court, up = scene.court[seat], scene.face_up[seat]
    row = None
    if scene.suspect[seat] is not None and scene.beliefs is not None and not scene.retired[seat]:
        row = scene.beliefs[scene.suspect[seat]]
    named = set(scene.named) if seat == scene.turn_player else set()
    out = []
    for j, rect in enumerate(juror_rects(seat, scene.n_players, scene.court_size)):
        clue = None if court is None else court[j]
        state = "empty" if clue is None else "up" if up[j] else "down"
        shown = state == "up"
        out.append(Box(rect, j + 1, clue, state, named=shown and clue in named,
                       belief=float(row[clue]) if shown and row is not None else None,
                       clickable=(seat, j + 1) in clickable))
    return out


def box_text_size(w: float, h: float):
    """(text px, lines) of the clue texts in boxes of ``w`` x ``h`` pixels: TEXT_PX to 30 px."""
    px = min(30, max(TEXT_PX, min(h / 3.2, w / 7.5)))
    return px, max(1, int((h - 4) / px))


def fit_lines(text: str, rooms, px: float, n_lines: int, bold: bool = False) -> list[str]:
    """``text`` in at most ``n_lines`` lines ``rooms`` pixels wide (the last repeated) at ``px``, each squeezed to
    ``render.MIN_SQUEEZE`` of its width at most; a text that does not fit so is said in fewer words (``SHORTER``)."""
    rooms = [rooms] if isinstance(rooms, (int, float)) else list(rooms)

    def width(line):
        return r.text_width(line, px, bold) * r.MIN_SQUEEZE

    def fits(lines):            # not cut short, and no word wider than its line
        return not lines[-1].endswith("\u2026") and all(
            width(line) <= rooms[min(i, len(rooms) - 1)] for i, line in enumerate(lines))
    lines = wrap(text, rooms, max_lines=n_lines, measure=width)
    if not fits(lines) and text in SHORTER:
        return wrap(SHORTER[text], rooms, max_lines=n_lines, measure=width)
    return lines


def line_places(w: float) -> tuple:
    """(left, width) of a clue's first line in a juror's box ``w`` wide (beside the juror's number) and of the
    others (the box's width), from the box's left edge: each ends 6 px inside the box's right edge."""
    return (NUMBER_TAB + 6, w - NUMBER_TAB - 12), (6, w - 12)


def box_lines(clue: int, w: float, px: float, n_lines: int) -> list[str]:
    """The lines of a clue's short text in a box ``w`` wide (``fit_lines``), in their ``line_places``."""
    return fit_lines(clue_label(clue), [room for _, room in line_places(w)], px, n_lines)


def draw_courts(c, scene) -> None:
    """Every seat's court card (children: hand), the boxes of all of them drawn together."""
    clickable = clickable_jurors(scene)
    boxes = []
    for seat in range(scene.n_players):
        draw_court_title(c, scene, seat)
        boxes += boxes_of(scene, seat, clickable)
    draw_boxes(c, boxes)
    for seat in range(scene.n_players):
        if scene.children or scene.court[seat] is not None or scene.retired[seat]:
            continue
        banner = court_banner_rect(seat, scene.n_players, scene.court_size)
        if banner:
            x, y, w, h = banner
            c.fill_style = pal.WHITE
            c.fill_rect(x, y, w, h)
            draw_words(c, f"Reach X to lay {scene.court_size} clues on the jurors", x + w / 2, y + h / 2,
                        bold=True, max_width=w - 10)


def court_banner_rect(seat: int, n_players: int, court_size: int):
    """Where "Reach X to lay the clues" goes on an empty court card: (x, y, w, h), or None.

    It sits in the middle row of jurors, below their numbers (which it must not hide).
    Where the rows are too short for that (large courts), there is no banner: the card's
    title already says "to X for N clues".
    """
    rects = juror_rects(seat, n_players, court_size)
    rows = sorted({y for _, y, _, _ in rects})
    row_h = rects[0][3]
    free = row_h - NUMBER_BAND                      # the row's height below the jurors' numbers
    if free < BANNER_H + 4:
        return None
    left, right = rects[0][0], max(x + w for x, _, w, _ in rects)
    width = min(BANNER_W, right - left - 8)
    top = rows[(len(rows) - 1) // 2] + NUMBER_BAND + (free - BANNER_H) / 2
    return ((left + right - width) / 2, top, width, BANNER_H)


def title_row(scene, seat: int) -> list[tuple]:
    """The parts of ``seat``'s title row, as they are drawn: ("title", x, width, text), ("status", ...) the case,
    and the badges from the right ("pv" Philo Vance's hat, "claim" a claimed clue, "drawn" the clue drawn), each
    (kind, x, width, text).  No two overlap.  The case keeps room enough to be read (``render.MIN_SQUEEZE`` of its width); a clue's
    badge that does not fit beside them says only the clue (squeezed a little if need be; in fewer words, ``SHORTER``,
    if need be), or is left out (the
    board in words says it); a case that still cannot be read is left out too."""
    x, y, w, h = court_rect(seat, scene.n_players)
    # a narrow card (six players) leaves its case the room: the seats' bots are in the menus under the board
    title = r.seat_title(seat, scene.names[seat]) if w > COURT_W / 2 else f"Player {seat + 1}"
    title_w = min(300, r.text_width(title, TEXT_PX, bold=True))
    left, right = x + 58 + title_w + 18, x + w - 10
    status = seat_status(scene, seat)
    readable = r.MIN_SQUEEZE * r.text_width(status, TEXT_PX)        # the case squeezed as far as it stays readable
    badges = [("pv", 38, "")] if scene.philo_owner == seat else []
    for kind, clue, word in (("claim", scene.claimed[seat], "claimed"),
                             ("drawn", scene.drawn if scene.decider == seat and scene.phase == KEEPING else None,
                              "drew")):
        if clue is None:
            continue
        # a claimed clue leaves the case some room if it can (a narrow card: the case may not fit beside it, then
        # it goes)
        spare = right - sum(width + 8 for _, width, _ in badges) - left - 10
        label = clue_label(clue)
        texts = [(f"{word}: {label}", 1), (label, r.MIN_SQUEEZE), (SHORTER.get(label, label), r.MIN_SQUEEZE)]
        fitting = [(text, width, room) for room in ((spare - readable * 0.6, spare) if kind == "claim" else (spare,))
                   for text, squeeze in texts for width in [16 + r.text_width(text, TEXT_PX, bold=kind == "drawn")]
                   if width * squeeze <= min(room, BADGE_W)]
        if fitting:
            text, width, room = fitting[0]
            badges.append((kind, min(width, room, BADGE_W), text))
    parts = [("title", x + 58, title_w, title)]
    for kind, width, text in badges:
        right -= width + 8
        parts.append((kind, right + 8, width, text))
    if right - left - 10 >= readable:
        parts.insert(1, ("status", left, right - left - 10, status))
    return parts


def draw_court_title(c, scene, seat: int) -> None:
    """The card's frame and its title row: pawn, name, the case, and what lies in front of the player."""
    x, y, w, h = court_rect(seat, scene.n_players)
    style = player_style(seat)
    r.draw_player_panel(c, (x, y, w, h), style, seat == scene.decider,
                        RETIRED_FILL if scene.retired[seat] else pal.WHITE)
    mid = y + HEADER_H / 2 + 2
    r.draw_pawn(c, x + 34, mid, 32, style)
    for kind, left, width, text in title_row(scene, seat):
        if kind == "title":
            draw_words(c, text, left, mid, bold=True, align="left", max_width=width)
        elif kind == "status":
            draw_words(c, text, left, mid, bold=scene.winner == seat, align="left", max_width=width)
        elif kind == "pv":
            draw_top_hat(c, left + width - 20, mid, 34, player_style(seat).colour)
        else:
            _draw_badge(c, text, kind == "drawn", left, width, mid)


def _text_style(c, px, bold=False, colour=pal.TEXT, align="left"):
    c.font = pal.font(max(px, r.MIN_TEXT_PX), bold=bold)
    c.fill_style = colour
    c.text_align = align
    c.text_baseline = "middle"


def draw_boxes(c, boxes) -> None:
    """Jurors (or hand places) in a few vectorised commands: fills, card backs, edges, numbers, texts, bars."""
    if not boxes:
        return
    rects = np.array([b.rect for b in boxes], dtype=float)
    fills = [NAMED_FILL if b.named else MATCH_FILL if b.match else
             {"up": FACE_FILL, "down": CARD_BACK, "empty": EMPTY_FILL}[b.state] for b in boxes]
    c.fill_styled_rects(rects[:, 0], rects[:, 1], rects[:, 2], rects[:, 3],
                        np.array([pal.hex_to_rgb(f) for f in fills]))
    down = rects[[b.state == "down" for b in boxes]]
    if len(down):                       # a card back: a lighter frame and its diagonals
        x, y, w, h = down.T
        inset = 7
        c.line_width = 3
        c.stroke_style = CARD_BACK_MARKS
        c.stroke_rects(x + inset, y + inset, w - 2 * inset, h - 2 * inset)
        segments = np.stack([np.stack([x + inset, y + inset, x + w - inset, y + h - inset], 1),
                             np.stack([x + inset, y + h - inset, x + w - inset, y + inset], 1)], 1)
        c.stroke_line_segments(segments.reshape(-1, 2, 2))
    solid = rects[[b.state != "empty" for b in boxes]]
    c.stroke_style = pal.TEXT
    if len(solid):
        c.line_width = 2
        c.stroke_rects(*solid.T)
    named = rects[[b.named or b.match for b in boxes]]
    if len(named):
        c.line_width = 5
        c.stroke_style = pal.TEXT
        c.stroke_rects(named[:, 0] + 2.5, named[:, 1] + 2.5, named[:, 2] - 5, named[:, 3] - 5)
    empty = rects[[b.state == "empty" for b in boxes]]
    c.save()
    if len(empty):
        c.line_width = 2
        c.stroke_style = EMPTY_EDGE
        c.set_line_dash([6, 5])
        c.stroke_rects(*empty.T)
    c.restore()
    click = rects[[b.clickable for b in boxes]]
    if len(click):                      # "you may click this": a bold dashed edge, black on yellow
        c.save()
        c.line_width = 5
        c.stroke_style = pal.ORANGE
        c.stroke_rects(*click.T)
        c.stroke_style = pal.TEXT
        c.set_line_dash([10, 6])
        c.stroke_rects(*click.T)
        c.restore()
    # The jurors' numbers, in a white tab on a card back.
    tab = NUMBER_TAB
    if len(down):
        c.fill_style = pal.WHITE
        c.fill_rects(down[:, 0] + 3, down[:, 1] + 3, tab, 26)
    for state, colour in (("up", pal.TEXT), ("down", pal.TEXT), ("empty", EMPTY_EDGE)):
        chosen = [b for b in boxes if b.state == state]
        if chosen:
            _text_style(c, TEXT_PX, bold=True, colour=colour, align="center")
            for b in chosen:
                c.fill_text(str(b.number), b.rect[0] + 2 + tab / 2, b.rect[1] + 15, tab + 2)
    # The clues' texts (every box has the same size, so one font).
    shown = [b for b in boxes if b.state == "up"]
    if shown:
        _, _, w, h = shown[0].rect
        bar = 8 if any(b.belief is not None for b in boxes) else 0
        box_px, n_lines = box_text_size(w, h - bar)
        _text_style(c, box_px)
        first, other = line_places(w)
        for b in shown:
            for i, line in enumerate(box_lines(b.clue, w, box_px, n_lines)):
                left, room = first if i == 0 else other
                c.fill_text(line, b.rect[0] + left, b.rect[1] + 15 + i * box_px, room)
    # How likely each clue is for the player's suspect: a bar along the bottom.
    bars = [b for b in boxes if b.belief is not None]
    if bars:
        bx = np.array([b.rect[0] + 2 for b in bars])
        by = np.array([b.rect[1] + b.rect[3] - 9 for b in bars])
        bw = np.array([b.rect[2] - 4 for b in bars])
        beliefs = np.clip([b.belief for b in bars], 0, 1)
        c.fill_style = "#D9D9D9"
        c.fill_rects(bx, by, bw, 7)
        c.fill_styled_rects(bx, by, bw * beliefs, 7, blues_rgb(beliefs))
        c.line_width = 1
        c.stroke_style = pal.TEXT
        c.stroke_rects(bx, by, bw, 7)
    ticks = [b for b in boxes if b.match]
    for b in ticks:                   # bottom right, clear of the text
        x, y, w, h = b.rect
        r.draw_tick(c, x + w - 22, y + h - 20, 24)


def _draw_badge(c, text: str, drawn: bool, left: float, width: float, mid: float) -> None:
    """A clue lying in front of a player (claimed) or drawn and waiting: ``text`` in a box from ``left``."""
    c.fill_style = NAMED_FILL if drawn else pal.WHITE
    c.fill_rect(left, mid - 16, width, 32)
    c.line_width = 3 if drawn else 2
    c.stroke_style = pal.TEXT
    c.stroke_rect(left, mid - 16, width, 32)
    draw_words(c, text, left + width / 2, mid, bold=drawn, max_width=width - 10)

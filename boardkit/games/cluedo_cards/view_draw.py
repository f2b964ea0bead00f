"""Drawing the Cluedo Card Game table: pure functions of a :class:`~.view_scene.Scene`.

The table, on a 1280 x 800 canvas (a WXGA projector; every text 22 px or more)::

    +---------------------------------------------+--------------------+
    | the rivals: name, cards (backs), turns lost  | score sheet        |
    +---------------------------------------------+  (rounds, totals)  |
    | draw pile | discard (top large) | what to   +--------------------+
    |           |                     | play on   | last round:        |
    |           |                     | / reveal  | the miniatures     |
    +---------------------------------------------+--------------------+
    | the bottom seat's hand, large: playable      | the action cards   |
    | cards raised, ringed and tagged PLAY         | and their powers   |
    +---------------------------------------------+--------------------+

With "Show all hands" on, a rival's hand face up is a row of name tags (``tag_rects``: the
number in a square of the picture's band, then its short name), wrapped onto as many rows as the
panel holds, so no card's name is covered by the next (a fan of small cards covered them); with
three rivals their panels are strips, one above the other, each as wide as the table (the pawn
over the face-down miniature at the left; the count of cards left out when there is more to say)::

    | ◆ P2 · Revolverist | [2 Piping] [3 Spanner] [1 Plum] [1 Peacock] |
    | ? TO PLAY          | [3 Dagger]                                  |

At the end of a game the banner takes the place of the piles and the news, clear of every hand.

``draw_board`` paints what never changes (the background and the legend of
the action cards); ``draw_scene`` everything else; ``hit_targets`` lists the
clickable rectangles of a scene, the very rectangles ``draw_scene`` draws, so
clicks are tested against exactly what is on screen.  ``animate_slide``
builds a card's slide (to the discard pile, or from the draw pile) as one
message.  Nothing here touches widgets or changes the game.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from boardkit import render as r
from boardkit.render import palette as pal
from boardkit.render import counted, player_glyph, player_style

from . import view_cards as vc
from .events import the_picture
from .game import SKIPPING, SWAPPING
from .view_scene import Scene

WIDTH, HEIGHT = 1280, 800
MARGIN = 8
TABLE_W = 884                               # the left part: rivals, piles, the bottom hand
SIDE_X = MARGIN + TABLE_W + 12              # the right column: score sheet, last round, legend
SIDE_W = WIDTH - SIDE_X - MARGIN
RIVALS_H = 198
HAND_Y = 486
CARD_W, CARD_H = 116, 162                   # a card of the bottom hand
RAISE = 26                                  # how far a playable card is raised
SMALL_W, SMALL_H = 96, 100                  # a card of a rival's hand, or of the recent plays (its name 22 px)
STRIPS_FROM = 3                             # this many rivals, their hands face up: strips one above the other
STRIP_GAP = 4
HEADER_W = 262                              # a strip's name and note, left of its tags
STRIP_GROWTH = 1.2                          # a strip's two lines grow this much at most with Large type
TAG_GAP, TAG_ROW_GAP = 6, 2                 # between two name tags of a hand, and between two rows of them
PANEL_FILL = pal.WHITE
CURRENT_FILL = pal.CURRENT_FILL
SLIDE_FRAMES, SLIDE_MS, SLIDE_HOLD_MS = 9, 35, 80


def card_name(card) -> str:
    """ "Dagger 3", "Col. Mustard 1": a card as the table (and the game log) writes it."""
    return f"{vc.title(card.picture)} {card.number}"


def short_seat(seat: int) -> str:
    """ "P2": a seat in a narrow column."""
    return f"P{seat + 1}"


# --- where things are ----------------------------------------------------------------

@dataclass(frozen=True)
class Layout:
    """The fixed places on the table (the rivals' panels depend on the number of players)."""

    draw_rect: tuple = (30, 238, CARD_W, CARD_H)
    discard_rect: tuple = (180, 222, 150, 216)
    news_rect: tuple = (352, 214, TABLE_W + MARGIN - 352, 264)
    hand_panel: tuple = (MARGIN, HAND_Y, TABLE_W, HEIGHT - MARGIN - HAND_Y)
    sheet_rect: tuple = (SIDE_X, MARGIN, SIDE_W, 236)
    round_rect: tuple = (SIDE_X, 254, SIDE_W, 236)
    legend_rect: tuple = (SIDE_X, 500, SIDE_W, HEIGHT - MARGIN - 500)

    @classmethod
    def for_rules(cls, rules) -> "Layout":
        """The table is the same for every rules variant."""
        return cls()


def rival_seats(scene: Scene) -> list[int]:
    """The seats drawn at the top: everybody but the bottom seat, in turn order after it."""
    n = scene.n_players
    return [(scene.bottom + k) % n for k in range(1, n)]


def rival_panel(index: int, count: int, strips: bool = False):
    """The ``index``-th of ``count`` rival panels across the top (``strips``: one above the other), as (x, y, w, h)."""
    if strips:
        h = (RIVALS_H - (count - 1) * STRIP_GAP) / count
        return (MARGIN, MARGIN + index * (h + STRIP_GAP), TABLE_W, h)
    gap = 10
    w = (TABLE_W - (count - 1) * gap) / count
    return (MARGIN + index * (w + gap), MARGIN, w, RIVALS_H)


def in_strips(scene: Scene) -> bool:
    """Whether the rivals' panels are strips, one above the other: STRIPS_FROM rivals or more, their hands face up
    (name tags need the table's width: a third of it held two or three of a dealt hand's five on a row)."""
    rivals = rival_seats(scene)
    return len(rivals) >= STRIPS_FROM and any(scene.face_up[seat] for seat in rivals)


def seat_panel(scene: Scene, seat: int, layout: Layout | None = None):
    """The panel of ``seat``: the bottom hand's, or its rival panel."""
    if seat == scene.bottom:
        return (layout or Layout()).hand_panel
    rivals = rival_seats(scene)
    return rival_panel(rivals.index(seat), len(rivals), in_strips(scene))


def as_tags(scene: Scene, seat: int) -> bool:
    """Whether ``seat``'s hand is drawn as name tags: a rival's hand face up."""
    return seat != scene.bottom and scene.face_up[seat]


def tag_area(scene: Scene, seat: int, layout: Layout | None = None):
    """Where the name tags of ``seat``'s hand go, as (x, y, w, h): right of a strip's name, or under a panel's note."""
    x, y, w, h = seat_panel(scene, seat, layout)
    if in_strips(scene):
        return (x + HEADER_W, y + 2, w - HEADER_W - 10, h - 4)
    return (x + 14, y + 80, w - 28, h - 86)


def _more_label(n: int) -> str:
    return f"+{n} more"


def _flow(widths, area, tag_h):
    """Rects for tags of ``widths``, left to right, a new row when one is full; only as many as fit ``area``."""
    ax, ay, aw, ah = area
    rects, x, y = [], ax, ay
    for width in widths:
        if x > ax and x + width > ax + aw:
            x, y = ax, y + tag_h + TAG_ROW_GAP
        if y + tag_h > ay + ah + 0.5 or width > aw:
            break
        rects.append((x, y, width, tag_h))
        x += width + TAG_GAP
    return rects


@dataclass(frozen=True)
class Tags:
    """Where a hand's name tags are drawn: ``rects`` in the hand's order, ``more`` the "+N more" tag's rect (None
    when every card has its tag), ``px`` the size of their words."""

    rects: list
    more: tuple | None
    px: float


def tag_rects(scene: Scene, seat: int, layout: Layout | None = None) -> Tags:
    """Where the name tags of ``seat``'s hand are drawn (``Tags``).

    Tags are ``text_scale`` times their size (Large type; at most ``CARD_GROWTH``, as a card's words), or their
    normal size when that leaves a card out, then their names squeezed to MIN_SQUEEZE of their width; a hand too
    big even so ends with "+N more".
    """
    hand, area = scene.hands[seat], tag_area(scene, seat, layout)
    for px, squeeze in ((vc.tag_px(scene.text_scale), 1.0), (vc.tag_px(1.0), 1.0), (vc.tag_px(1.0), r.MIN_SQUEEZE)):
        widths = [vc.tag_width(card, px, squeeze=squeeze) for card in hand]
        rects = _flow(widths, area, vc.tag_height(px))
        if len(rects) == len(hand):
            return Tags(rects, None, px)
    for shown in range(len(hand) - 1, -1, -1):
        more = vc.tag_width(None, px, _more_label(len(hand) - shown), squeeze)
        rects = _flow(widths[:shown] + [more], area, vc.tag_height(px))
        if len(rects) == shown + 1:
            return Tags(rects[:shown], rects[shown], px)
    return Tags([], None, px)


def fan(n: int, left: float, width: float, card_w: float, gap: float = 12) -> list[float]:
    """The left edges of ``n`` cards in a row from ``left``, overlapping when they do not fit ``width``."""
    if n <= 0:
        return []
    step = card_w + gap
    if n > 1 and n * step - gap > width:
        step = (width - card_w) / (n - 1)
    return [left + i * step for i in range(n)]


def hand_rects(scene: Scene, seat: int, layout: Layout | None = None) -> list[tuple]:
    """Where each card of ``seat``'s hand is drawn (a playable card of a face-up hand raised; a rival's hand face up
    as name tags, ``tag_rects``: a hand too big for its panel has fewer rects than cards)."""
    if as_tags(scene, seat):
        return tag_rects(scene, seat, layout).rects
    hand = scene.hands[seat]
    marked = scene.playable[seat] if scene.face_up[seat] else ()
    x, y, w, _ = seat_panel(scene, seat, layout)
    if seat == scene.bottom:
        cw, ch, top, lift = CARD_W, CARD_H, y + 70, RAISE
    else:
        cw, ch, top, lift = SMALL_W, SMALL_H, y + 90, 12
    lefts = fan(len(hand), x + 16, w - 32, cw, gap=12 if seat == scene.bottom else 8)
    return [(left, top - (lift if card in marked else 0), cw, ch) for left, card in zip(lefts, hand)]


@dataclass(frozen=True)
class Target:
    """A clickable thing on the canvas."""

    kind: str                    # "card", "seat" (a rival's panel), "hand" (the bottom panel), "draw", "discard"
    rect: tuple
    seat: int | None = None
    card: object = None
    index: int | None = None     # the card's place in the hand as drawn


def hit_targets(layout: Layout, scene: Scene):
    """(cards, areas): every card in drawing order (the last drawn is on top), then the other areas."""
    cards = []
    for seat in [*rival_seats(scene), scene.bottom]:
        for index, (rect, card) in enumerate(zip(hand_rects(scene, seat, layout), scene.hands[seat])):
            cards.append(Target("card", rect, seat=seat, card=card, index=index))
    areas = [Target("draw", layout.draw_rect), Target("discard", layout.discard_rect)]
    areas += [Target("seat", seat_panel(scene, seat, layout), seat=seat) for seat in rival_seats(scene)]
    areas.append(Target("hand", layout.hand_panel, seat=scene.bottom))
    return cards, areas


def target_at(layout: Layout, scene: Scene, x: float, y: float):
    """The clickable thing under (x, y), or None."""
    return r.click_target(*hit_targets(layout, scene), x, y)


def card_rect(layout: Layout, scene: Scene, seat: int, card):
    """Where ``card`` of ``seat``'s hand is drawn (its rightmost copy), or None."""
    rects = [rect for rect, c in zip(hand_rects(scene, seat, layout), scene.hands[seat]) if c == card]
    return rects[-1] if rects else None


def slide_rect(rect):
    """Where a card sliding from or to ``rect`` (a card's, or a name tag's) starts or ends: a name tag gives a small
    card centred on it, inside the canvas."""
    x, y, w, h = rect
    if h >= SMALL_H:
        return rect
    left = min(max(x + w / 2 - SMALL_W / 2, 0), WIDTH - SMALL_W)
    top = min(max(y + h / 2 - SMALL_H / 2, 0), HEIGHT - SMALL_H)
    return (left, top, SMALL_W, SMALL_H)


# --- the parts of the picture ------------------------------------------------------------

_text = r.draw_scaled_text      # (c, scale, text, x, y, px, ...): the words ``scale`` times their size


def _card(c, rect, card, scene: Scene, face_up=True):
    if face_up:
        vc.draw_face(c, rect, card, dict(scene.powers).get(card.picture), scene.text_scale)
    else:
        vc.draw_back(c, rect)


def _ring(c, rect, pad=6, width=5):
    """A thick solid outline: "you may click this" (drawn with the raise and the PLAY tag)."""
    x, y, w, h = rect
    r.rounded_rect_path(c, x - pad, y - pad, w + 2 * pad, h + 2 * pad, 12)
    c.line_width = width
    c.stroke_style = pal.TEXT
    c.stroke()


def _empty_slot(c, scale: float, rect, text="empty"):
    x, y, w, h = rect
    r.dashed_ring(c, rect, pad=0, width=3)
    _text(c, scale, text, x + w / 2, y + h / 2, max_width=w - 8)


def _seat_note(scene: Scene, seat: int, short: bool = False) -> str:
    """ "5 cards · TO PLAY"; ``short`` (a strip's): without the count of cards when there is more to say."""
    parts = [counted(len(scene.hands[seat]), "card")]
    if short and (scene.missing[seat] or seat in (scene.winner, scene.current)):
        parts = []
    if scene.missing[seat]:
        parts.append(f"skips {counted(scene.missing[seat], 'turn')}")
    if scene.winner == seat:
        parts.append("WINNER")
    elif seat == scene.current:
        parts.append("TO PLAY")
    return " \u00b7 ".join(parts)


def draw_tags(c, scene: Scene, seat: int, layout: Layout) -> None:
    """A rival's hand face up, as name tags (``tag_rects``); a playable card's tag framed thick."""
    hidden = scene.hidden[1] if scene.hidden and scene.hidden[0] == seat else None
    tags = tag_rects(scene, seat, layout)
    for index, (rect, card) in enumerate(zip(tags.rects, scene.hands[seat])):
        if index != hidden:
            vc.draw_tag(c, rect, card, tags.px, marked=card in scene.playable[seat])
    if tags.more is not None:
        vc.draw_tag(c, tags.more, None, tags.px, label=_more_label(len(scene.hands[seat]) - len(tags.rects)))


def draw_hand(c, scene: Scene, seat: int, layout: Layout) -> None:
    """One hand: face up or backs, playable cards raised and ringed (a face-up hand's); a rival's face up as tags."""
    if as_tags(scene, seat):
        draw_tags(c, scene, seat, layout)
        return
    hidden = scene.hidden[1] if scene.hidden and scene.hidden[0] == seat else None
    rects = hand_rects(scene, seat, layout)
    marked = scene.playable[seat] if scene.face_up[seat] else ()
    for index, (rect, card) in enumerate(zip(rects, scene.hands[seat])):
        if index == hidden:
            continue
        _card(c, rect, card, scene, face_up=scene.face_up[seat])
        if card in marked:
            _ring(c, rect, pad=4, width=4 if seat != scene.bottom else 6)
    if seat != scene.bottom or not marked:
        return
    # Under each raised card of the bottom hand: a PLAY tag (a triangle pointing at it, and the word).
    for rect, card in zip(rects, scene.hands[seat]):
        if card in marked:
            x, y, w, h = rect
            tag_y = y + h + RAISE + 20
            r.draw_shape(c, "triangle", x + 16, tag_y, 18, fill=pal.TEXT)
            _text(c, scene.text_scale, "PLAY", x + 28, tag_y, bold=True, align="left", max_width=max(30, w - 34))


def _draw_strip(c, scene: Scene, seat: int, layout: Layout) -> None:
    """A rival as a strip the table's width: its pawn, name and note at the left, its hand's tags beside them."""
    rect = seat_panel(scene, seat, layout)
    x, y, w, h = rect
    scale = min(scene.text_scale, STRIP_GROWTH)          # two lines in a strip's height: grown less
    top, bottom, room = y + h / 4 + 1, y + 3 * h / 4 - 1, HEADER_W - 54
    r.draw_pawn(c, x + 27, top, 26, player_style(seat))
    vc.draw_hidden_miniature(c, (x + 17, bottom - 13, 20, 26))
    _text(c, scale, f"{short_seat(seat)} \u00b7 {scene.names[seat]}", x + 46, top, bold=True, align="left",
          max_width=room, min_growth=vc.CARD_GROWTH)
    if seat in scene.choices:
        word = "misses a turn" if scene.phase == SKIPPING else "swap hands"
        _text(c, scale, f"Click: {word}", x + 46, bottom, bold=True, align="left", max_width=room, min_growth=1.0)
        r.dashed_ring(c, rect, pad=-6)
    else:
        _text(c, scale, _seat_note(scene, seat, short=True), x + 46, bottom, bold=seat == scene.current,
              align="left", max_width=room, min_growth=1.0)
    draw_hand(c, scene, seat, layout)
    if not scene.hands[seat]:
        ax, ay, aw, ah = tag_area(scene, seat, layout)
        _text(c, scale, "no cards", ax, ay + ah / 2, align="left", max_width=aw)


def draw_rival(c, scene: Scene, seat: int, layout: Layout) -> None:
    rect = seat_panel(scene, seat, layout)
    x, y, w, h = rect
    style = player_style(seat)
    r.draw_player_panel(c, rect, style, seat == scene.current, PANEL_FILL, CURRENT_FILL)
    if in_strips(scene):
        _draw_strip(c, scene, seat, layout)
        return
    r.draw_pawn(c, x + 26, y + 26, 30, style)
    _text(c, scene.text_scale, f"{short_seat(seat)} \u00b7 {scene.names[seat]}", x + 48, y + 26, bold=True, align="left",
          max_width=w - 90)
    vc.draw_hidden_miniature(c, (x + w - 34, y + 10, 22, 32))
    if seat in scene.choices:
        word = "misses a turn" if scene.phase == SKIPPING else "swap hands"
        _text(c, scene.text_scale, f"Click: {word}", x + 20, y + 60, bold=True, align="left", max_width=w - 40)
        r.dashed_ring(c, rect, pad=-8)
    else:
        _text(c, scene.text_scale, _seat_note(scene, seat), x + 20, y + 60, bold=seat == scene.current, align="left",
              max_width=w - 40)
    draw_hand(c, scene, seat, layout)
    if not scene.hands[seat]:
        _text(c, scene.text_scale, "no cards", x + w / 2, y + 136)


def draw_bottom(c, scene: Scene, layout: Layout) -> None:
    seat = scene.bottom
    rect = layout.hand_panel
    x, y, w, h = rect
    style = player_style(seat)
    r.draw_player_panel(c, rect, style, seat == scene.current, PANEL_FILL, CURRENT_FILL)
    r.draw_pawn(c, x + 32, y + 26, 34, style)
    human = scene.names[seat] == "human"
    heading = r.seat_title(seat, scene.names[seat]) + (": your hand" if human else "")
    _text(c, scene.text_scale, heading, x + 58, y + 26, bold=True, align="left", max_width=w - 360)
    _text(c, scene.text_scale, _seat_note(scene, seat), x + w - 60, y + 26, bold=seat == scene.current, align="right",
          max_width=290)
    vc.draw_hidden_miniature(c, (x + w - 46, y + 8, 28, 38))
    if seat in scene.choices:
        r.dashed_ring(c, rect, pad=-8)
    draw_hand(c, scene, seat, layout)
    if not scene.hands[seat]:
        _text(c, scene.text_scale, "no cards", x + w / 2, y + 70 + CARD_H / 2)
    _text(c, scene.text_scale, _bottom_hint(scene), x + w / 2, y + h - 22, bold=True, max_width=w - 32)


def _bottom_hint(scene: Scene) -> str:
    """The line under the bottom hand: what its player may do now."""
    seat = scene.bottom
    if scene.current != seat or scene.end_reason is not None:
        return ""
    top = scene.top
    if scene.phase == SKIPPING:
        return "Your Dagger: click who must miss a turn (or let nobody miss one)."
    if scene.phase == SWAPPING:
        return "Your Revolver: click the rival you swap hands with."
    if scene.playable[seat]:
        return (f"Raised cards match the {card_name(top)}: a {vc.title(top.picture)} or a {top.number}. "
                + ("Click one to play it." if scene.human_turn else ""))
    if scene.must_pass:
        return f"Nothing matches the {card_name(top)} and there is nothing to draw: pass."
    return f"Nothing matches the {card_name(top)}: draw from the draw pile."


def draw_piles(c, scene: Scene, layout: Layout) -> None:
    x, y, w, h = layout.draw_rect
    if scene.draw_count:
        vc.draw_back(c, layout.draw_rect)
        _text(c, scene.text_scale, str(scene.draw_count), x + w / 2, y + h / 2, px=40, bold=True, colour=pal.WHITE)
    else:
        _empty_slot(c, scene.text_scale, layout.draw_rect)
    if scene.human_turn and (scene.can_draw or scene.must_pass):
        _ring(c, layout.draw_rect, pad=8, width=6)
        _text(c, scene.text_scale, "click: " + ("draw" if scene.can_draw else "pass"), x + w / 2, y - 22, bold=True)
    _text(c, scene.text_scale, "Draw pile", x + w / 2, y + h + 24, bold=True)
    _text(c, scene.text_scale, counted(scene.draw_count, "card"), x + w / 2, y + h + 52)
    # The discard pile: a card edge under the top card when there are more.
    rect = layout.discard_rect
    x, y, w, h = rect
    if scene.discard_count > 1:
        r.rounded_rect_path(c, x + 7, y + 7, w, h, 12)
        c.fill_style = pal.WHITE
        c.fill()
        c.line_width = 2
        c.stroke_style = pal.TEXT
        c.stroke()
    _card(c, rect, scene.top, scene)
    _text(c, scene.text_scale, f"Discards \u00b7 {scene.discard_count}", x + w / 2, y + h + 26, bold=True,
          max_width=w + 40)


def news_without_earlier_plays(scene: Scene) -> str:
    """The line under "On the ... play" when no card lies under the top one from this round."""
    if scene.top_played_by is None:
        return "No card played yet this round."
    return f"Player {scene.top_played_by + 1} played it, the round's first card."


def draw_news(c, scene: Scene, layout: Layout) -> None:
    """Right of the discard pile: the end of the last round (fresh), else what to play on and the recent plays."""
    x, y, w, h = layout.news_rect
    if scene.reveal is not None and scene.reveal_fresh:
        draw_reveal(c, scene, layout.news_rect)
        return
    top = scene.top
    _text(c, scene.text_scale, f"Round {scene.round}. On the {card_name(top)} play", x + 12, y + 24, px=26, bold=True,
          align="left", max_width=w - 24, min_growth=1.1)      # a headline: bigger than the rest even so
    _text(c, scene.text_scale, f"any {vc.title(top.picture)} or any {top.number}.", x + 12,
          y + 24 + 34 * scene.text_scale, px=26, bold=True, align="left", max_width=w - 24)
    if not scene.recent:
        _text(c, scene.text_scale, news_without_earlier_plays(scene), x + 12, y + 72 + 32 * scene.text_scale,
              align="left", max_width=w - 24)
        return
    below = y + 24 + 2 * 34 * scene.text_scale        # under the two lines above, however big their words
    _text(c, scene.text_scale, "Played before it (oldest first):", x + 12, below, align="left", max_width=w - 24)
    top = below + 14 + 2 * scene.text_scale           # the cards, and their players' pawns, inside the news's box
    slot = min(SMALL_W + 10, (w - 24) / max(1, len(scene.recent)))
    for i, (seat, card) in enumerate(scene.recent):
        cx = x + 12 + i * slot
        _card(c, (cx, top, SMALL_W, SMALL_H), card, scene)
        r.draw_pawn(c, cx + SMALL_W / 2, top + SMALL_H + 16, 24, player_style(seat))


def draw_reveal(c, scene: Scene, rect) -> None:
    """The end of the last round, large: who went out with what, and every miniature turned over."""
    x, y, w, h = rect
    reveal = scene.reveal
    c.fill_style = CURRENT_FILL
    c.fill_rect(x, y, w, h)
    c.line_width = 4
    c.stroke_style = pal.TEXT
    c.stroke_rect(x, y, w, h)
    if reveal.went_out is None:
        _text(c, scene.text_scale, f"Round {reveal.round} is void: nobody went out.", x + 14, y + 28, px=26, bold=True,
              align="left", max_width=w - 28)
        _text(c, scene.text_scale, "No points; the miniatures stay face down.", x + 14, y + 64, align="left",
              max_width=w - 28)
        return
    last = reveal.last_card
    _text(c, scene.text_scale, f"Round {reveal.round} over: Player {reveal.went_out + 1} went out, +{reveal.points}.",
          x + 14, y + 26, px=26, bold=True, align="left", max_width=w - 28, min_growth=1.1)
    if last is not None:
        _text(c, scene.text_scale, f"Last card: {card_name(last)}. Its miniatures lose:",
              x + 14, y + 58, align="left", max_width=w - 28)
    n = len(reveal.miniatures)
    slot = (w - 20) / max(1, n)
    mini_w = min(96, slot - 16)
    for i, (seat, picture, penalty, lost) in enumerate(reveal.miniatures):
        mx = x + 10 + i * slot + (slot - mini_w) / 2
        vc.draw_miniature(c, (mx, y + 78, mini_w, 136), picture, penalty, scene.text_scale)
        cx = mx + mini_w / 2
        r.draw_pawn(c, cx - 30, y + 238, 26, player_style(seat))
        if lost:
            _text(c, scene.text_scale, f"\u2212{lost}", cx + 12, y + 238, px=26, bold=True, max_width=slot / 2)
        else:
            r.draw_tick(c, cx + 12, y + 238, 22)


def draw_sheet(c, scene: Scene, layout: Layout) -> None:
    """The score sheet: a row per seat, a column per round (the last four), and the totals."""
    x, y, w, h = layout.sheet_rect
    c.fill_style = pal.WHITE
    c.fill_rect(x, y, w, h)
    c.line_width = 3
    c.stroke_style = pal.TEXT
    c.stroke_rect(x, y, w, h)
    _text(c, scene.text_scale, f"Score sheet \u00b7 first to {scene.target}", x + w / 2, y + 22, bold=True,
          max_width=w - 16)
    shown = scene.sheet[-4:]
    name_w, total_w = 66, 70
    col = (w - 16 - name_w - total_w) / 4
    row_h = min(34, (h - 76) / max(1, scene.n_players))
    header = y + 56
    for j, column in enumerate(shown):
        _text(c, scene.text_scale, f"R{column.round}", x + 8 + name_w + (j + 0.5) * col, header, bold=True,
              max_width=col - 4)
    _text(c, scene.text_scale, "Total", x + w - 8 - total_w / 2, header, bold=True, max_width=total_w - 4)
    c.line_width = 2
    c.stroke_line(x + 8, header + 16, x + w - 8, header + 16)
    best = max(scene.scores)
    for seat in range(scene.n_players):
        ry = header + 16 + (seat + 0.5) * row_h
        r.draw_pawn(c, x + 24, ry, 24, player_style(seat))
        _text(c, scene.text_scale, short_seat(seat), x + 40, ry, align="left", max_width=name_w - 34)
        for j, column in enumerate(shown):
            cx = x + 8 + name_w + (j + 0.5) * col
            points = column.points[seat]
            text = "0" if points == 0 else f"+{points}" if points > 0 else f"\u2212{-points}"
            out = column.went_out == seat
            if out:            # the seat that went out: its cell framed (not colour alone)
                c.line_width = 2
                c.stroke_style = pal.TEXT
                c.stroke_rect(cx - col / 2 + 3, ry - row_h / 2 + 2, col - 6, row_h - 4)
            _text(c, scene.text_scale, text, cx, ry, bold=out, max_width=col - 8)
        total = scene.scores[seat]
        label = str(total) if total >= 0 else f"\u2212{-total}"
        _text(c, scene.text_scale, label + (" \u2605" if total == best and best > 0 else ""),
              x + w - 8 - total_w / 2, ry, bold=True, max_width=total_w - 4)
    if not scene.sheet:
        _text(c, scene.text_scale, "no rounds yet", x + 8 + name_w + 2 * col, header, max_width=4 * col - 8)


def draw_last_round(c, scene: Scene, layout: Layout) -> None:
    """The last round's miniatures, always (the large reveal shows only until the next play)."""
    x, y, w, h = layout.round_rect
    c.fill_style = CURRENT_FILL if scene.reveal_fresh else pal.WHITE
    c.fill_rect(x, y, w, h)
    c.line_width = 5 if scene.reveal_fresh else 3
    c.stroke_style = pal.TEXT
    c.stroke_rect(x, y, w, h)
    reveal = scene.reveal
    if reveal is None:
        _text(c, scene.text_scale, "Miniatures", x + w / 2, y + 22, bold=True)
        line_h = 26 * scene.text_scale              # the lines further apart when their words are bigger
        for i, line in enumerate(["One each, face down (?).", "A round's last card costs:"]):
            _text(c, scene.text_scale, line, x + w / 2, y + 52 + i * line_h, max_width=w - 16)
        top = y + 70 + line_h
        row_h = min(32, (y + h - 4 - top) / max(1, len(scene.miniature_cards)))
        for i, (picture, penalty) in enumerate(scene.miniature_cards):
            label = f"{vc.title(picture)}: {counted(penalty, 'point')}"
            _mini_row(c, scene.text_scale, x, top + (i + 0.5) * row_h, w, picture, label)
        return
    _text(c, scene.text_scale, f"Last round: round {reveal.round}", x + w / 2, y + 22, bold=True, max_width=w - 16)
    if reveal.went_out is None:
        _text(c, scene.text_scale, "void: no points", x + w / 2, y + 56, max_width=w - 16)
        return
    _text(c, scene.text_scale, f"P{reveal.went_out + 1} out with the {card_name(reveal.last_card)}", x + w / 2, y + 54,
          max_width=w - 16)
    row_h = min(40, (h - 80) / max(1, len(reveal.miniatures)))
    for i, (seat, picture, penalty, lost) in enumerate(reveal.miniatures):
        ry = y + 90 + (i + 0.5) * row_h - 10
        r.draw_pawn(c, x + 22, ry, 24, player_style(seat))
        _mini_row(c, scene.text_scale, x + 26, ry, w - 100, picture, f"{vc.title(picture)} ({penalty})")
        _text(c, scene.text_scale, f"\u2212{lost}" if lost else "safe", x + w - 12, ry, bold=bool(lost), align="right",
              max_width=70)


def _mini_row(c, scale: float, x, y, w, picture, label):
    """A line of the side panel: the picture's icon in a small square of its band, then ``label``."""
    band = vc.band_colour(picture)
    c.fill_style = band
    c.fill_rect(x + 14, y - 14, 28, 28)
    c.line_width = 1
    c.stroke_style = pal.TEXT
    c.stroke_rect(x + 14, y - 14, 28, 28)
    vc.draw_icon(c, picture, x + 28, y, 24, band)
    _text(c, scale, label, x + 52, y, align="left", max_width=w - 60)


def draw_legend(c, layout: Layout, powers, text_scale: float = 1.0) -> None:
    """The action cards and what they do (drawn with the board), the words ``text_scale`` times their size."""
    x, y, w, h = layout.legend_rect
    c.fill_style = pal.WHITE
    c.fill_rect(x, y, w, h)
    c.line_width = 3
    c.stroke_style = pal.TEXT
    c.stroke_rect(x, y, w, h)
    _text(c, text_scale, "Action cards", x + w / 2, y + 22, bold=True)
    row_h = min(58 * text_scale, (h - 44) / max(1, len(powers)))      # bigger words: rows as tall as fit
    for i, (picture, power) in enumerate(powers):
        ry = y + 44 + i * row_h
        band = vc.band_colour(picture)
        c.fill_style = band
        c.fill_rect(x + 10, ry + 4, 40, 44)
        c.line_width = 1
        c.stroke_style = pal.TEXT
        c.stroke_rect(x + 10, ry + 4, 40, 44)
        vc.draw_icon(c, picture, x + 30, ry + 26, 36, band)
        _text(c, text_scale, vc.title(picture), x + 60, ry + 14 - 10 * (text_scale - 1), bold=True, align="left",
              max_width=w - 70)         # bigger words: the name a little higher, nearer its sentence than the next
        _text(c, text_scale, vc.POWER_SENTENCES[power], x + 60, ry + 40, align="left", max_width=w - 70)


def draw_banner(c, scene: Scene, layout: Layout) -> None:
    if scene.end_reason is None:
        return
    # In place of the piles and the news (draw_scene leaves them out), between the rivals and the bottom hand:
    # every hand stays in view (over the bottom hand it covered its cards' names), and so does the last round,
    # in its panel at the right.
    x, w = MARGIN, TABLE_W
    y = (RIVALS_H + MARGIN + HAND_Y) / 2 - 62
    if scene.winner is not None:
        sub = f"{scene.scores[scene.winner]} points after {counted(len(scene.sheet), 'round')}"
    else:
        sub = f"Stopped after {counted(len(scene.sheet), 'round')} ({scene.end_reason})"
    r.draw_end_banner(c, (x + 60, y, w - 120, 124), scene.winner, sub, scene.text_scale)


# --- the whole picture ---------------------------------------------------------------

def draw_board(c, layout: Layout, powers=(), text_scale: float = 1.0) -> None:
    """What never changes during a game: the background and the legend of the action cards (its words
    ``text_scale`` times their size)."""
    c.clear()
    c.fill_style = r.BACKGROUND
    c.fill_rect(0, 0, WIDTH, HEIGHT)
    draw_legend(c, layout, powers, text_scale)


def draw_scene(c, layout: Layout, scene: Scene) -> None:
    """Everything that changes, on one (cleared) layer."""
    c.clear()
    for seat in rival_seats(scene):
        draw_rival(c, scene, seat, layout)
    if scene.end_reason is None:           # at the end, the banner in their place
        draw_piles(c, scene, layout)
        draw_news(c, scene, layout)
    draw_bottom(c, scene, layout)
    draw_sheet(c, scene, layout)
    draw_last_round(c, scene, layout)
    draw_banner(c, scene, layout)


# --- animations ----------------------------------------------------------------------------

def slide_duration(scale: float = 1.0) -> float:
    """Seconds ``animate_slide`` plays for."""
    return scale * ((SLIDE_FRAMES - 1) * SLIDE_MS + SLIDE_HOLD_MS) / 1000


def animate_slide(pieces, overlay, layout: Layout, before: Scene, after: Scene, start, end, card=None,
                  hidden=None, scale: float = 1.0) -> None:
    """A card glides from rect ``start`` to rect ``end`` (face up if ``card``, else a back); then ``after``.

    ``hidden`` (seat, index) is the card of ``before`` that is moving, left out of its hand meanwhile.
    Call inside ``safe_hold`` of the MultiCanvas: the whole animation is one message.
    """
    draw_scene(pieces, layout, replace(before, hidden=hidden, human_turn=False, choices=()))

    def frame(c, i):
        t = i / (SLIDE_FRAMES - 1)
        t = t * t * (3 - 2 * t)                          # ease in and out
        rect = tuple(a + (b - a) * t for a, b in zip(start, end))
        c.clear()
        if card is None:
            vc.draw_back(c, rect)
        else:
            _card(c, rect, card, before)

    r.animate_path(overlay, frame, SLIDE_FRAMES, max(1, int(SLIDE_MS * scale)))
    overlay.sleep(max(1, int(SLIDE_HOLD_MS * scale)))
    draw_scene(pieces, layout, after)
    overlay.clear()


__all__ = ["HEIGHT", "Layout", "Tags", "Target", "WIDTH", "animate_slide", "card_rect", "draw_board", "draw_scene",
           "hand_rects", "hit_targets", "in_strips", "player_glyph", "rival_panel", "rival_seats", "seat_panel",
           "slide_duration", "slide_rect", "tag_rects", "target_at"]

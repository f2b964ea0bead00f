"""Drawing Win, Lose or Draw's table: the score sheet of Team Play, the gameboard of Gameboard Play.

Everything is drawn from a :class:`Scene`, a snapshot of the game, so a view
can redraw the whole picture at any time (design.md §4).  Colours are never
alone: each pawn colour has its pattern and its initial, each team its name
and its mark (team A ●, team B ■), each player her shape and number.
"""
from __future__ import annotations

from typing import NamedTuple

from boardkit.render import palette
from boardkit.render.boards import ring_positions
from boardkit.render.pawns import draw_pawn, draw_player_panel, player_style
from boardkit.render.shapes import dashed_ring, draw_pattern, draw_shape, rounded_rect_path
from boardkit.render.text import draw_text

from .events import TEAM_NAMES
from .track import COLOURS, SPADE

WIDTH, HEIGHT = 1200, 470
BOARD = (20, 30, 420, 420)                 # the gameboard's square (x, y, w, h)
SPACE = 50                                 # side of a space on the gameboard
INSIDE_RING = BOARD[2] - 2 * SPACE - 20    # the widest a word inside the ring may be
PANEL_X = 470                              # where the players' rows start (Gameboard Play)
ROW_H = 62
SWATCH = 40
TEAM_FILLS = (palette.BLUE, palette.ORANGE)
TEAM_SHAPES = ("circle", "square")
TEAM_MARKS = ("\u25cf", "\u25a0")
#: the size (canvas px) of the table's smallest words: 26 x 1.4 (Large type) x the table's scale beside the pad
#: on a 1920x1080 projector (about 0.68) is 25 px on screen
WORDS_PX = 26


class Target(NamedTuple):
    """Something a click can mean: a ``kind`` ("space", "colour", "player"), its ``value`` and where it is."""

    kind: str
    value: object
    rect: tuple


class Scene(NamedTuple):
    """What the picture needs to know, copied out of the game."""

    play: str
    n_players: int
    phase: str
    current: int | None
    sketcher: int
    guessers: tuple
    may_guess: tuple
    seen_by: tuple
    category: str
    again: int
    team_scores: tuple
    team_target: int
    turn_team: int
    held: tuple
    centre: tuple
    colours_to_collect: int
    track: tuple
    white_pawn: int | None
    last_roll: int | None
    winner: int | None
    is_over: bool
    #: how many times their normal size the words are drawn (a lesson page's Large type: 1.4)
    text_scale: float = 1.0


def snapshot(game, text_scale: float = 1.0) -> Scene:
    """Copy what the picture needs out of ``game``; the words to be drawn ``text_scale`` times their size."""
    last_roll = None
    for event in reversed(game.events or ()):
        name = type(event).__name__
        if name == "Rolled":
            last_roll = event.value
            break
        if name in ("Guessed", "TimeRanOut", "PawnPlaced"):
            break                         # the roll belongs to an earlier card
    return Scene(
        play=game.rules.play, n_players=game.n_players, phase=game.phase, current=game.current_player,
        sketcher=game.sketcher, guessers=tuple(game.guessers), may_guess=game.may_guess, seen_by=tuple(game.seen_by),
        category=game.card.category, again=len(game.seen_by), team_scores=tuple(game.team_scores),
        team_target=game.rules.team_target, turn_team=game.turn_team,
        held=tuple(tuple(h) for h in game.held), centre=tuple(game.centre[c] for c in COLOURS),
        colours_to_collect=game.rules.colours_to_collect, track=game.rules.track,
        white_pawn=game.white_pawn, last_roll=last_roll, winner=game.winner, is_over=game.is_over,
        text_scale=text_scale)


# --- the gameboard -----------------------------------------------------------------------------

def space_centres(track: tuple):
    """The centre of each space of the ring, index 0 at the top-left corner, clockwise."""
    x, y, w, h = BOARD
    half = SPACE / 2
    return ring_positions(len(track), x + half, y + half, w - SPACE, h - SPACE)


def space_size(track: tuple) -> float:
    """A space's side: the default 28 spaces get ``SPACE``; longer tracks smaller squares."""
    per_side = max(1, -(-len(track) // 4))
    return min(SPACE, (BOARD[2] - 4) / (per_side + 1))


def draw_colour_swatch(c, colour: str, x: float, y: float, size: float) -> None:
    """A square of a pawn colour: its safe hue, its pattern and its initial (R, G, B, O)."""
    style = palette.SUIT_COLOURS[colour]
    draw_pattern(c, style.pattern, x, y, size, size, style.colour)
    c.line_width = 2
    c.stroke_style = palette.TEXT
    c.stroke_rect(x, y, size, size)
    c.fill_style = palette.WHITE
    c.fill_rect(x + size * 0.25, y + size * 0.25, size * 0.5, size * 0.5)
    draw_text(c, colour[0].upper(), x + size / 2, y + size / 2 + 1, px=max(14, size * 0.42), bold=True)


def draw_gameboard(c, scene: Scene) -> None:
    """The ring of Spade Spaces and coloured squares (the part that never changes)."""
    c.clear()
    c.fill_style = palette.BACKGROUND
    c.fill_rect(0, 0, WIDTH, HEIGHT)
    xs, ys = space_centres(scene.track)
    size = space_size(scene.track)
    for x, y, kind in zip(xs, ys, scene.track):
        left, top = x - size / 2, y - size / 2
        if kind == SPADE:
            c.fill_style = palette.WHITE
            c.fill_rect(left, top, size, size)
            draw_text(c, "\u2660", x, y + 2, px=size * 0.7, bold=True)
        else:
            style = palette.SUIT_COLOURS[kind]
            draw_pattern(c, style.pattern, left, top, size, size, style.colour)
        c.line_width = 2
        c.stroke_style = palette.TEXT
        c.stroke_rect(left, top, size, size)
    bx, by, bw, bh = BOARD
    s, inside = scene.text_scale, INSIDE_RING
    draw_text(c, "Win, Lose or Draw", bx + bw / 2, by + 95, px=28 * s, bold=True, max_width=inside)
    draw_text(c, "clockwise \u27f3", bx + bw / 2, by + 128, px=WORDS_PX * s, max_width=inside)


def draw_gameboard_pieces(c, scene: Scene) -> list[Target]:
    """The white pawn, the pawns left in the centre, every player's row; returns the click targets."""
    c.clear()
    targets = []
    xs, ys = space_centres(scene.track)
    size = space_size(scene.track)
    if scene.phase == "place" and not scene.is_over:
        for i, kind in enumerate(scene.track):
            if kind == SPADE:
                rect = (xs[i] - size / 2, ys[i] - size / 2, size, size)
                dashed_ring(c, rect, pad=4)
                targets.append(Target("space", i, rect))
    if scene.white_pawn is not None:
        x, y = xs[scene.white_pawn], ys[scene.white_pawn]
        pawn = size * 0.62
        rounded_rect_path(c, x - pawn / 2, y - pawn / 2, pawn, pawn, 6)
        c.fill_style = palette.WHITE
        c.fill()
        c.line_width = 5
        c.stroke_style = palette.TEXT
        c.stroke()
    targets += _draw_centre(c, scene)
    targets += _draw_player_rows(c, scene)
    return targets


def _draw_centre(c, scene: Scene) -> list[Target]:
    """Inside the ring: the pawns left of each colour (click one to take it) and the last roll."""
    bx, by, bw, bh = BOARD
    s, inside = scene.text_scale, INSIDE_RING
    targets = []
    draw_text(c, "In the centre", bx + bw / 2, by + 175, px=WORDS_PX * s, bold=True, max_width=inside)
    taking = scene.phase == "take" and not scene.is_over
    lacking = () if not taking else [col for col in COLOURS if col not in scene.held[scene.current]]
    x0 = bx + bw / 2 - 2 * 62 + 11
    for i, colour in enumerate(COLOURS):
        x, y = x0 + i * 62, by + 200
        draw_colour_swatch(c, colour, x, y, SWATCH)
        draw_text(c, f"\u00d7{scene.centre[i]}", x + SWATCH / 2, y + SWATCH + 18, px=WORDS_PX * s, bold=True)
        if colour in lacking and scene.centre[i] > 0:
            dashed_ring(c, (x, y, SWATCH, SWATCH), pad=5)
            targets.append(Target("colour", colour, (x - 5, y - 5, SWATCH + 10, SWATCH + 10)))
    if scene.last_roll is not None:
        draw_text(c, f"Die: {scene.last_roll}", bx + bw / 2, by + 300, px=28 * s, bold=True)
    if not scene.is_over or scene.winner is None:
        draw_text(c, "Ace-In-The-Hole \u2660", bx + bw / 2, by + 340, px=WORDS_PX * s, max_width=inside)
    return targets


def _draw_player_rows(c, scene: Scene) -> list[Target]:
    """One row per player: her pawn, her colours, and what she does in this sketch."""
    targets = []
    y0 = BOARD[1]
    s = scene.text_scale
    _draw_header(c, scene, PANEL_X, y0 - 10, WIDTH - PANEL_X - 20)
    swatches = 210 + 110 * (s - 1)             # the colours start after the player's name, wider in Large type
    role = swatches + scene.colours_to_collect * (SWATCH + 8)
    for seat in range(scene.n_players):
        rect = (PANEL_X, y0 + 40 + seat * ROW_H, WIDTH - PANEL_X - 20, ROW_H - 8)
        x, y, w, h = rect
        is_current = seat == scene.current and not scene.is_over
        draw_player_panel(c, rect, player_style(seat), is_current)
        draw_pawn(c, x + 36, y + h / 2, 36, player_style(seat))
        draw_text(c, f"Player {seat + 1}", x + 62, y + h / 2, px=WORDS_PX * s, bold=True, align="left")
        held = scene.held[seat]
        for i in range(scene.colours_to_collect):
            sx = x + swatches + i * (SWATCH + 8)
            sy = y + (h - SWATCH) / 2
            if i < len(held):
                draw_colour_swatch(c, held[i], sx, sy, SWATCH)
            else:
                c.save()
                c.set_line_dash([6, 5])
                c.line_width = 2
                c.stroke_style = palette.TEXT
                c.stroke_rect(sx, sy, SWATCH, SWATCH)
                c.restore()
        draw_text(c, _role(scene, seat), x + role, y + h / 2, px=WORDS_PX * s, align="left", max_width=w - role - 10)
        if seat in scene.guessers and scene.phase == "sketch" and not scene.is_over:
            targets.append(Target("player", seat, rect))
    return targets


def _role(scene: Scene, seat: int) -> str:
    if scene.is_over:
        return "\u2605 wins the Ace!" if seat == scene.winner else ""
    ready = len(scene.held[seat]) >= scene.colours_to_collect
    if seat == scene.sketcher:
        return "\u270e sketching"
    if seat in scene.seen_by:
        return "\u2715 can't guess"          # she saw this card
    return "\u2605 for the Ace!" if ready else "guessing"      # all her colours: she guesses for the Ace


def _draw_header(c, scene: Scene, x: float, y: float, w: float) -> None:
    """Who sketches what: "● Player 2 sketches · Category: Movies"."""
    if scene.is_over:
        text = "Game over"
    else:
        again = f" (again, try {scene.again + 1})" if scene.again else ""
        text = f"Player {scene.sketcher + 1} sketches \u00b7 {scene.category}{again}"
    draw_text(c, text, x, y + 18, px=28 * scene.text_scale, bold=True, align="left", max_width=w)


# --- the Team Play score sheet ------------------------------------------------------------------

def team_panel_rect(team: int) -> tuple:
    return (20 + team * 590, 80, 570, HEIGHT - 100)


def draw_score_sheet(c, scene: Scene) -> None:
    """The paper behind the two teams' scores (the part that never changes)."""
    c.clear()
    c.fill_style = palette.BACKGROUND
    c.fill_rect(0, 0, WIDTH, HEIGHT)
    for team in (0, 1):
        x, y, w, h = team_panel_rect(team)
        c.fill_style = palette.WHITE
        c.fill_rect(x, y, w, h)
        c.line_width = 3
        c.stroke_style = TEAM_FILLS[team]
        c.stroke_rect(x, y, w, h)
        draw_shape(c, TEAM_SHAPES[team], x + 34, y + 34, 34, fill=TEAM_FILLS[team])
        draw_text(c, TEAM_NAMES[team], x + 62, y + 34, px=30 * scene.text_scale, bold=True, align="left")


def draw_team_pieces(c, scene: Scene) -> list[Target]:
    """Scores as boxes ticked off towards the target, the members, who sketches; returns click targets."""
    c.clear()
    targets = []
    if scene.is_over:
        head = f"{TEAM_NAMES[scene.winner]} wins!" if scene.winner is not None else "No winner"
    elif scene.phase == "steal":
        head = f"STEAL! {TEAM_NAMES[1 - scene.turn_team]}: one guess \u00b7 {scene.category}"
    else:
        head = f"Player {scene.sketcher + 1} sketches for {TEAM_NAMES[scene.turn_team]} \u00b7 {scene.category}"
    s = scene.text_scale
    draw_text(c, head, WIDTH / 2, 40, px=32 * s, bold=True, max_width=WIDTH - 40)
    for team in (0, 1):
        x, y, w, h = team_panel_rect(team)
        score = scene.team_scores[team]
        draw_text(c, f"{score} / {scene.team_target}", x + w - 20, y + 34, px=30 * s, bold=True, align="right")
        box = min(56, (w - 40) / scene.team_target - 6)
        for i in range(scene.team_target):
            bx, by = x + 20 + i * (box + 6), y + 72
            if i < score:
                c.fill_style = TEAM_FILLS[team]
                c.fill_rect(bx, by, box, box)
                draw_shape(c, TEAM_SHAPES[team], bx + box / 2, by + box / 2, box * 0.5, fill=palette.WHITE)
            c.line_width = 2
            c.stroke_style = palette.TEXT
            c.stroke_rect(bx, by, box, box)
        targets += _draw_members(c, scene, team, x, y + 150, w)
    return targets


def _draw_members(c, scene: Scene, team: int, x: float, y: float, w: float) -> list[Target]:
    targets = []
    guessing = scene.may_guess
    for k, seat in enumerate(range(team, scene.n_players, 2)):
        rect = (x + 14, y + k * ROW_H, w - 28, ROW_H - 8)
        rx, ry, rw, rh = rect
        draw_player_panel(c, rect, player_style(seat), seat == scene.current and not scene.is_over)
        draw_pawn(c, rx + 36, ry + rh / 2, 36, player_style(seat))
        role = ("\u270e sketching" if seat == scene.sketcher and scene.phase in ("sketch", "ruling")
                else "guessing" if seat in guessing else "watching")
        draw_text(c, f"Player {seat + 1} \u00b7 {role}", rx + 64, ry + rh / 2, px=WORDS_PX * scene.text_scale, align="left",
                  max_width=rw - 80)
        if seat in guessing and not scene.is_over:
            targets.append(Target("player", seat, rect))
    return targets

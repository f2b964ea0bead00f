"""What the Cluedo Card Game table shows, copied out of a game: ``snapshot(game, names)``.

The picture (``view_draw``) never reads the game itself, only a :class:`Scene`:
the hands, the piles, whose turn it is, the cards that may be played, the
score sheet and the miniatures turned over at the end of the last round.

The game deals the next round the moment a round ends, so what the end of a
round showed is read back from the game's events: :func:`last_reveal` finds
the last round's miniatures and what they cost, :func:`score_sheet` the
points of every round.  The reveal is *fresh* until the next round's first
play or draw (and stays fresh once the game is over).
"""
from __future__ import annotations

from dataclasses import dataclass

from . import events as ev
from .actions import Draw, Pass
from .game import PLAYING, SKIPPING, SWAPPING

HUMAN = "human"
RECENT = 5                       # how many earlier plays of the round the table shows


@dataclass(frozen=True)
class Reveal:
    """The end of a round: who went out with which card, and every miniature turned over."""

    round: int
    went_out: int | None         # None: a void round (nobody went out)
    last_card: object            # the card she went out with (None for a void round)
    points: int                  # what going out scored
    miniatures: tuple            # per seat: (seat, picture, penalty, lost)
    scores: tuple                # everybody's score after the round


@dataclass(frozen=True)
class SheetRound:
    """One column of the score sheet: the round, who went out, each seat's points for it."""

    round: int
    went_out: int | None
    points: tuple                # per seat: points won (+) or lost (-) this round


@dataclass(frozen=True)
class Scene:
    """Everything ``view_draw.draw_scene`` draws, copied out of the game."""

    n_players: int
    names: tuple                 # per seat: "human" or a bot's name
    bottom: int                  # the seat whose hand is drawn large at the bottom
    hands: tuple                 # per seat: the cards, in the order they are drawn
    face_up: tuple               # per seat: are its cards shown face up?
    playable: tuple              # per seat: the cards it may play now (only the current seat's)
    current: int | None
    phase: str
    human_turn: bool             # the current seat is a human: mark what she may click
    choices: tuple               # the seats a human may click now (after a Dagger or a Revolver)
    top: object                  # the face-up card of the discard pile
    recent: tuple                # (seat, card) of the round's plays before the top card, oldest first
    discard_count: int
    draw_count: int
    can_draw: bool               # the current player must draw (no card matches)
    must_pass: bool              # ... and there is nothing to draw
    scores: tuple
    missing: tuple               # per seat: turns still to miss
    round: int
    target: int
    sheet: tuple                 # SheetRound per round finished
    reveal: Reveal | None        # the last round's end (None before the first round ends)
    reveal_fresh: bool           # no play since that round ended: show it large
    powers: tuple                # the rules' (picture, power) pairs
    miniature_cards: tuple       # the rules' (picture, penalty) pairs
    winner: int | None
    end_reason: str | None
    hidden: tuple | None = None  # (seat, index): a card an animation draws instead
    top_played_by: int | None = None  # the seat that played the top card this round (None: it was turned up)
    text_scale: float = 1.0      # the words drawn this many times their size (a lesson page's Large type: 1.4)


def bottom_seat(names, current) -> int:
    """The seat drawn at the bottom: the human whose turn it is, else the next human to play.

    With one human seat it never changes; with none (all bots) it is seat 0.
    """
    humans = [seat for seat, name in enumerate(names) if name == HUMAN]
    if not humans:
        return 0
    if current is None:
        return humans[0]
    n = len(names)
    return min(humans, key=lambda seat: (seat - current) % n)


def hand_order(rules):
    """Sort key of a hand as drawn: by picture (the rules' order), then number."""
    order = {picture: i for i, picture in enumerate(rules.pictures)}
    return lambda card: (order.get(card.picture, len(order)), card.number)


def last_reveal(events) -> tuple[Reveal | None, bool]:
    """(the last round's end, is it fresh?) read from the game's events.

    Fresh: nobody has played, drawn or passed since (or the game is over).
    """
    if not events:
        return None, False
    fresh = True
    end = None
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], ev.RoundScored):
            end = i
            break
        if isinstance(events[i], (ev.Played, ev.Drew, ev.NothingHappens)):
            fresh = False
    if end is None:
        return None, False
    scored = events[end]
    minis, went_out, points, last_card = [], None, 0, None
    for e in reversed(events[:end]):
        if isinstance(e, ev.Revealed):
            minis.append((e.player, e.picture, e.penalty, e.lost))
        elif isinstance(e, ev.WentOut):
            went_out, points = e.player, e.points
        elif isinstance(e, ev.Played):
            last_card = e.card
            break
        elif isinstance(e, (ev.RoundVoid, ev.RoundStarted)):
            break
    reveal = Reveal(scored.number, went_out, last_card if went_out is not None else None, points,
                    tuple(sorted(minis)), tuple(scored.scores))
    return reveal, fresh


def score_sheet(events, n_players: int) -> tuple:
    """One SheetRound per finished round, from the ``RoundScored`` events (and who went out)."""
    rounds, before, went_out = [], (0,) * n_players, None
    for e in events or ():
        if isinstance(e, ev.WentOut):
            went_out = e.player
        elif isinstance(e, ev.RoundScored):
            points = tuple(after - was for after, was in zip(e.scores, before))
            rounds.append(SheetRound(e.number, went_out, points))
            before, went_out = tuple(e.scores), None
    return tuple(rounds)


def recent_plays(events) -> tuple:
    """(seat, card) of this round's plays, oldest first (the last one is the top card)."""
    plays = []
    for e in reversed(events or ()):
        if isinstance(e, ev.RoundStarted):
            break
        if isinstance(e, ev.Played):
            plays.append((e.player, e.card))
    return tuple(reversed(plays))


def snapshot(game, names, show_all_hands: bool = False, text_scale: float = 1.0) -> Scene:
    """Copy what is drawn out of ``game``.  ``names[seat]`` is "human" or a bot's name.

    The bottom seat's hand is face up if it is a human's; every other hand is
    face down unless ``show_all_hands`` (a teaching view); the words are drawn ``text_scale`` times their size.
    """
    n = game.n_players
    names = tuple(names[:n])
    current = game.current_player
    bottom = bottom_seat(names, current)
    key = hand_order(game.rules)
    hands = tuple(tuple(sorted(hand, key=key)) for hand in game.hands)
    face_up = tuple(show_all_hands or (seat == bottom and names[seat] == HUMAN) for seat in range(n))
    over = game.is_over
    playing = not over and game.phase == PLAYING
    fits = frozenset(game.playable(current)) if playing else frozenset()
    playable = tuple(fits if seat == current else frozenset() for seat in range(n))
    legal = game.legal_actions()
    human_turn = not over and current is not None and names[current] == HUMAN
    choosing = not over and game.phase in (SKIPPING, SWAPPING)
    # the rivals she may pick (a Dagger's "nobody" has no seat: it is a button only)
    choices = tuple(a.player for a in legal if hasattr(a, "player")) if choosing and human_turn else ()
    can_draw = playing and not fits and isinstance(legal[0], Draw)
    must_pass = playing and not fits and isinstance(legal[0], Pass)
    plays = recent_plays(game.events)
    top = game.top
    top_played_by = None
    if plays and plays[-1][1] == top:
        top_played_by = plays[-1][0]
        plays = plays[:-1]
    reveal, fresh = last_reveal(game.events)
    return Scene(
        n_players=n, names=names, bottom=bottom, hands=hands, face_up=face_up, playable=playable,
        current=current, phase=game.phase, human_turn=human_turn, choices=choices, top=top,
        recent=plays[-RECENT:], discard_count=len(game.discard_pile), draw_count=len(game.draw_pile),
        can_draw=can_draw, must_pass=must_pass, scores=tuple(game.scores), missing=tuple(game.missing),
        round=game.round, target=game.rules.target, sheet=score_sheet(game.events, n), reveal=reveal,
        reveal_fresh=fresh or (over and reveal is not None), powers=tuple(game.rules.powers),
        miniature_cards=tuple(game.rules.miniatures), winner=game.winner, end_reason=game.end_reason,
        top_played_by=top_played_by, text_scale=text_scale)

"""Canvas drawing helpers shared by every game's view (ipycanvas).

No game knowledge lives here: a view says *what* to draw (a card of colour
"red" showing 3, pawns on spaces 4 and 9) and these helpers say *how*.
Draw with a pure ``redraw(state)`` wrapped in ``safe_hold`` and call it from
``canvas.on_client_ready`` as well as after every change (see design.md §4).
"""

from .animation import animate_move, animate_path, animate_roll_and_glide, roll_duration, tween
from .batch import Layer, Layers, safe_hold
from .boards import corner_indices, draw_ring_board, ring_positions
from .cards import card_at, draw_card
from .dice import draw_die, draw_die_face, draw_tumbling_die, pip_positions
from .layout import ReadableBoard, click_target, readable_width, responsive, target_under
from .palette import (
    BACKGROUND, FONT_FAMILY, OKABE_ITO, PATTERNS, PLAYER_STYLES, SHAPES, SUIT_COLOURS, TEXT,
    PlayerStyle, SuitStyle, contrast_ratio, font, text_colour_on,
)
from .pawns import SHAPE_GLYPHS, draw_pawn, draw_player_panel, pawn_slots, player_glyph, player_style, slot_in_space
from .shapes import dashed_ring, draw_arrow, draw_pattern, draw_shape, draw_tick, rounded_rect_path, shape_points
from .text import MIN_SQUEEZE, MIN_TEXT_PX, counted, draw_end_banner, draw_scaled_text, draw_text, seat_title, text_width

__all__ = [
    "animate_move", "animate_path", "animate_roll_and_glide", "roll_duration", "tween", "Layer", "Layers", "safe_hold", "corner_indices", "draw_ring_board",
    "ring_positions", "card_at", "draw_card", "draw_die", "draw_die_face", "draw_tumbling_die",
    "pip_positions", "ReadableBoard", "click_target", "readable_width", "responsive", "target_under",
    "BACKGROUND", "FONT_FAMILY", "OKABE_ITO", "PATTERNS", "PLAYER_STYLES", "SHAPES",
    "SUIT_COLOURS", "TEXT", "PlayerStyle", "SuitStyle", "contrast_ratio", "font",
    "text_colour_on", "draw_pawn", "draw_player_panel", "pawn_slots", "slot_in_space", "SHAPE_GLYPHS", "player_glyph",
    "player_style", "dashed_ring", "draw_arrow", "draw_pattern", "draw_tick", "draw_shape", "rounded_rect_path", "shape_points",
    "MIN_SQUEEZE", "MIN_TEXT_PX", "counted", "draw_end_banner", "draw_scaled_text", "draw_text", "seat_title", "text_width",
]

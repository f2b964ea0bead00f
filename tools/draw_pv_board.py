"""Draw the Philo Vance estate board with matplotlib, to check its layout by eye.

    python -m tools.draw_pv_board [out.png]      (from the repo root; default /tmp/pv_board.png)

Squares are the house's spaces (halls, the living room, X), grey squares the
driveway's concrete sections, tan circles the flagstones.  Red dots are clue
spots, green circles with an arrow the green arrow spaces (pointing at X);
dashed arrows are the one-way steps from Park Here and from the queue.
"""
import math
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Circle, FancyArrowPatch, Rectangle  # noqa: E402

from boardkit.games.philo_vance.board import load_board  # noqa: E402

FILL = {
    "park": "#d9d9d9", "start": "#fff2a8", "concrete": "#bdbdbd", "flagstone": "#d8c39a",
    "hall": "#e8dcc8", "room_side": "#f3e6cc", "room_diagonal": "#f3e6cc", "x": "#ffffff",
    "radio_car": "#7aa7e0", "call_box": "#bcd3f0",
}
SQUARE_KINDS = {"park", "start", "concrete", "hall", "room_side", "room_diagonal", "x", "radio_car", "call_box"}
AREA_STYLE = {
    "house": ("#efe4d0", "#7a5c3a"), "living_room": ("#faf3e3", "#7a5c3a"), "garage": ("#cfcfcf", "#555555"),
    "draw_pile": ("#ffffff", "#2e7d32"), "discard": ("#ffffff", "#2e7d32"), "radio_car_panel": ("#e6eefa", "#2a5aa0"),
}
AREA_LABEL = {"draw_pile": "CLUE\nCARDS", "discard": "DISCARD", "radio_car_panel": "RADIO CAR  ·  POLICE CALL BOX",
              "garage": "GARAGE", "house": "THE HOUSE", "living_room": ""}


def draw(path: str = "/tmp/pv_board.png") -> None:
    board = load_board()
    fig, ax = plt.subplots(figsize=(12, 12))
    ax.add_patch(Rectangle((0, 0), 24, 24, facecolor="#b9d99a", edgecolor="#3d5c2a", linewidth=3))
    for name, (x, y, w, h) in board.areas.items():
        face, edge = AREA_STYLE.get(name, ("#ffffff", "#000000"))
        ax.add_patch(Rectangle((x, y), w, h, facecolor=face, edgecolor=edge, linewidth=1.5))
        label = AREA_LABEL.get(name, name.replace("_", " ").upper())
        if label:
            ty = y + 0.35 if name in ("radio_car_panel", "house") else y + h / 2
            ax.text(x + w / 2, ty, label, ha="center", va="center", fontsize=7, color=edge, weight="bold")
    spaces = board.spaces
    for a, row in enumerate(board.neighbours):
        for b in row:
            if a in board.adjoining(b):
                if a < b:
                    ax.plot([spaces[a].x, spaces[b].x], [spaces[a].y, spaces[b].y], color="#6b4f2f", lw=1.2, zorder=1)
            else:
                ax.add_patch(FancyArrowPatch((spaces[a].x, spaces[a].y), (spaces[b].x, spaces[b].y),
                                             arrowstyle="-|>", mutation_scale=10, color="#2a5aa0",
                                             linestyle="--", lw=0.8, zorder=1, shrinkA=9, shrinkB=9))
    x_space = spaces[board.x]
    for s in spaces:
        if s.kind in SQUARE_KINDS:
            half = 0.55 if s.kind in ("room_side", "room_diagonal", "x", "hall") else 0.45
            ax.add_patch(Rectangle((s.x - half, s.y - half), 2 * half, 2 * half, facecolor=FILL[s.kind],
                                   edgecolor="#333333", lw=1, zorder=2))
        else:
            ax.add_patch(Circle((s.x, s.y), 0.48, facecolor=FILL[s.kind], edgecolor="#6b4f2f", lw=1, zorder=2))
        if s.arrow:
            ax.add_patch(Circle((s.x, s.y), 0.38, facecolor="#2e9e44", edgecolor="#145a22", lw=1, zorder=3))
            angle = math.atan2(x_space.y - s.y, x_space.x - s.x)
            dx, dy = 0.26 * math.cos(angle), 0.26 * math.sin(angle)
            ax.add_patch(FancyArrowPatch((s.x - dx, s.y - dy), (s.x + dx, s.y + dy), arrowstyle="-|>",
                                         mutation_scale=8, color="white", lw=1.5, zorder=4))
        if s.red_spot:
            ax.add_patch(Circle((s.x, s.y), 0.17, facecolor="#d62020", zorder=4))
        if s.kind == "x":
            ax.text(s.x, s.y, "X", ha="center", va="center", fontsize=16, weight="bold", zorder=5)
        if s.kind in ("room_side", "room_diagonal"):
            _room_arrow(ax, board, s)
        label = {"park": "PARK\nHERE", "start": "START", "radio_car": "RADIO\nCAR"}.get(s.kind)
        if s.kind == "call_box":
            label = s.name[-1]
        if label:
            ax.text(s.x, s.y, label, ha="center", va="center", fontsize=5.5, weight="bold", zorder=5)
        ax.text(s.x, s.y + 0.62, f"{s.id} {s.name}", ha="center", va="top", fontsize=4.2, color="#222222", zorder=5)
    ax.set_xlim(-0.2, 24.2)
    ax.set_ylim(24.2, -0.2)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.savefig(path, dpi=110, bbox_inches="tight")
    print(f"wrote {path}: {len(spaces)} spaces, {len(board.red_spots)} red spots, {len(board.arrows)} arrows")


def _room_arrow(ax, board, s) -> None:
    """Side squares: a double arrow in and out of X; diagonal squares: an arrow round the room."""
    x = board.spaces[board.x]
    if s.kind == "room_side":
        start, end, style = (s.x, s.y), (x.x, x.y), "<|-|>"
        start = (s.x + 0.15 * (s.x - x.x), s.y + 0.15 * (s.y - x.y))
        end = (s.x - 0.3 * (s.x - x.x), s.y - 0.3 * (s.y - x.y))
    else:
        # tangent to the ring, clockwise
        rx, ry = s.x - x.x, s.y - x.y
        tx, ty = -ry * 0.2, rx * 0.2
        start, end, style = (s.x - tx, s.y - ty), (s.x + tx, s.y + ty), "-|>"
    ax.add_patch(FancyArrowPatch(start, end, arrowstyle=style, mutation_scale=7, color="#7a5c3a", lw=1, zorder=3))


if __name__ == "__main__":
    draw(*sys.argv[1:2])

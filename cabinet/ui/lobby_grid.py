"""Where the lobby's game tiles go, for any number of games, and how the arrows move
between them.

The tiles keep the shape of the full-size tile (`TILE`, with `GAP` between tiles) and
fill `AREA`, the room between the lobby's title and its bottom bar: of every choice of
columns, the one that gives the largest tiles wins (1 to 4 games: one row; 5: one row;
6: two rows of three), each row centred, never larger than full size. The lobby draws
a tile's art, text and PLAY chip at `TileGrid.scale` of their full size, so what fits
a full tile fits every tile. Plain geometry: no drawing here.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

AREA = pygame.Rect(60, 230, 1800, 690)     # logical: under "Choose a game", above refusals at 930
TILE = (520, 600)                          # a tile at full size (w, h)
GAP = 60                                   # between tiles at full size


@dataclass(frozen=True)
class TileGrid:
    """The tiles of `n` games: `rects[i]` is game i's (logical), in rows of `cols`."""

    cols: int
    rows: int
    scale: float
    rects: tuple[pygame.Rect, ...]

    def move(self, index: int, action: str) -> int:
        """The tile an arrow key moves to: LEFT / RIGHT step through every tile and wrap;
        UP / DOWN go to the tile above or below (the nearest one in a shorter row)."""
        n = len(self.rects)
        if n == 0:
            return 0
        if action in ("left", "right"):
            return (index + (1 if action == "right" else -1)) % n
        row = index // self.cols
        to = (row + (1 if action == "down" else -1)) % self.rows
        x = self.rects[index].centerx
        in_row = [i for i in range(n) if i // self.cols == to]

        def distance_across(i: int) -> int:
            return abs(self.rects[i].centerx - x)

        return min(in_row, key=distance_across)


def tile_grid(n: int, area: pygame.Rect = AREA) -> TileGrid:
    """The largest tiles `n` games can have in `area` (see the module's docstring)."""
    tw, th = TILE
    best: tuple[float, int] = (0.0, 1)
    for cols in range(1, max(n, 1) + 1):
        rows = math.ceil(max(n, 1) / cols)
        scale = min(1.0, area.w / (cols * tw + (cols - 1) * GAP), area.h / (rows * th + (rows - 1) * GAP))
        if scale > best[0] + 1e-9:
            best = (scale, cols)
    scale, cols = best
    rows = math.ceil(n / cols) if n else 0
    w, h, gap = int(tw * scale), int(th * scale), int(GAP * scale)     # down: the row stays inside
    top = area.y + (area.h - (rows * h + (rows - 1) * gap)) // 2 if rows else area.y
    rects = []
    for i in range(n):
        r, c = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        x0 = area.centerx - (in_row * w + (in_row - 1) * gap) // 2
        rects.append(pygame.Rect(x0 + c * (w + gap), top + r * (h + gap), w, h))
    return TileGrid(cols, rows, scale, tuple(rects))

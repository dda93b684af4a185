"""Pictures the rules pages of every game share, painted from data: a payline on a
reel window (its cells are files; the line through them comes from the line table), a
wheel whose slices are drawn at their real odds (its rim and pointer the game's files),
a board of cells in the game's frame files, and the small pictograms of the general
rules (files). Each returns a `rules_page.Picture`
whose painter draws at the real size it is given (2x, smoothed down)."""
from __future__ import annotations

import colorsys
import math
from typing import Callable, Hashable, Sequence

import pygame

from . import asset_files, wheel_parts
from .rules_page import Picture
from .wheel_parts import WheelArt

Color = tuple[int, int, int]


def palette(n: int, sat: float = 0.62, val: float = 0.98) -> list[Color]:
    """n distinct, bright colours (paylines)."""
    out = []
    for i in range(n):
        r, g, b = colorsys.hsv_to_rgb((i * 0.618034) % 1.0, sat, val)
        out.append((int(r * 255), int(g * 255), int(b * 255)))
    return out


def _smooth(w: int, h: int, paint: Callable[[pygame.Surface, int], None], k: int = 2) -> pygame.Surface:
    """Paint at k times the size on a transparent canvas, then smooth it down."""
    big = pygame.Surface((max(w, 1) * k, max(h, 1) * k), pygame.SRCALPHA)
    paint(big, k)
    return pygame.transform.smoothscale(big, (max(w, 1), max(h, 1)))


def _draw_line(s: pygame.Surface, box: pygame.Rect, line: Sequence[int], rows: int, color: Color, k: int) -> None:
    """One payline in `box`: the reel window's cells, the line's cells lit and joined."""
    reels = len(line)
    cw, ch = box.w / reels, box.h / rows
    pad = max(2, int(min(cw, ch) * 0.1))
    size = (max(int(cw - pad), 1), max(int(ch - pad), 1))
    dark = asset_files.image("cabinet", "rules.cell", size)
    lit_cell = asset_files.image("cabinet", "rules.cell_lit", size)         # white: tinted in the line's colour
    lit_cell.fill((*color, 255), special_flags=pygame.BLEND_RGBA_MULT)
    for c in range(reels):
        for r in range(rows):
            s.blit(lit_cell if line[c] == r else dark, (int(box.x + c * cw + pad / 2), int(box.y + r * ch + pad / 2)))
    pts = [(int(box.x + (c + 0.5) * cw), int(box.y + (line[c] + 0.5) * ch)) for c in range(reels)]
    pygame.draw.lines(s, (255, 255, 255), False, pts, max(3, int(min(cw, ch) * 0.16)))
    pygame.draw.lines(s, color, False, pts, max(2, int(min(cw, ch) * 0.1)))
    for p in pts:
        pygame.draw.circle(s, (255, 255, 255), p, max(3, int(min(cw, ch) * 0.12)))


def line_picture(key: Hashable, line: Sequence[int], rows: int, color: Color) -> Picture:
    """A payline: the reel window (reels x rows cells) with the line's cells lit and
    joined, left to right."""
    reels = len(line)

    def paint(w: int, h: int) -> pygame.Surface:
        return _smooth(w, h, lambda s, k: _draw_line(s, s.get_rect(), line, rows, color, k))
    return Picture(("line", key, tuple(line), rows, color), paint, aspect=reels / rows * 1.05, min_h=40, max_h=260)


def lines_sheet(key: Hashable, lines: Sequence[Sequence[int]], rows: int, per_row: int = 5,
                min_h: int = 300, max_h: int = 760) -> Picture:
    """Every payline numbered in one picture, `per_row` diagrams a row."""
    n, reels = len(lines), len(lines[0])
    grid_rows = -(-n // per_row)
    colors = palette(n)
    cell_aspect = reels / rows * 1.05

    def paint(w: int, h: int) -> pygame.Surface:
        def draw(s: pygame.Surface, k: int) -> None:
            W, H = s.get_size()
            cw, chh = W / per_row, H / grid_rows
            font = asset_files.font(max(8, int(chh * 0.24)), bold=True)
            for i, line in enumerate(lines):
                r, c = divmod(i, per_row)
                label = font.render(str(i + 1), True, colors[i])
                lh = label.get_height()
                box_h = chh * 0.9 - lh
                box_w = min(cw * 0.9, box_h * cell_aspect)
                box_h = box_w / cell_aspect
                x0 = c * cw + (cw - box_w) / 2
                y0 = r * chh + (chh - box_h - lh) / 2
                s.blit(label, (int(x0), int(y0)))
                _draw_line(s, pygame.Rect(int(x0), int(y0 + lh), int(box_w), int(box_h)), line, rows, colors[i], k)
        return _smooth(w, h, draw)
    aspect = per_row * cell_aspect / grid_rows * 0.92
    return Picture(("lines_sheet", key, n), paint, aspect=aspect, min_h=min_h, max_h=max_h)


def wheel_picture(key: Hashable, slices: Sequence[tuple[float, Color]], art: WheelArt,
                  min_h: int = 200, max_h: int = 420) -> Picture:
    """A wheel with every slice drawn at its share of the weights (the odds), slice 0
    at the top under the pointer, clockwise; the rim and pointer are the game's files
    (`art`, the live wheel's: wheel_parts.py)."""
    total = float(sum(w for w, _ in slices)) or 1.0

    def paint(w: int, h: int) -> pygame.Surface:
        d = min(w, h)
        r = max(int(d / 2.25), 4)      # the rim fills the width; the pointer's cap the top
        cx, cy = d // 2, d - round(r * (wheel_parts.R + wheel_parts.BAND) / wheel_parts.R) - 1

        def draw(s: pygame.Surface, k: int) -> None:
            c, r_in = (cx * k, cy * k), r * k
            start = -90.0 - 360.0 * slices[0][0] / total / 2
            for weight, color in slices:
                span = 360.0 * weight / total
                steps = max(2, int(span / 3))
                pts = [c] + [(c[0] + r_in * math.cos(math.radians(start + span * i / steps)),
                              c[1] + r_in * math.sin(math.radians(start + span * i / steps))) for i in range(steps + 1)]
                pygame.draw.polygon(s, color, pts)
                end = math.radians(start)
                pygame.draw.line(s, (255, 255, 255), c, (c[0] + r_in * math.cos(end), c[1] + r_in * math.sin(end)),
                                 max(2, k * 2))
                start += span
        surf = _smooth(d, d, draw)
        rim = wheel_parts.rim(art, r)
        surf.blit(rim, rim.get_rect(center=(cx, cy)))
        pointer = wheel_parts.pointer(art, r, 0.0)
        surf.blit(pointer, pointer.get_rect(center=(cx, cy - r - int(wheel_parts.band(r) * 0.9))))
        return surf
    return Picture(("wheel", key, tuple(slices), art), paint, aspect=1.0, min_h=min_h, max_h=max_h)


def board_picture(key: Hashable, rows: int, cols: int, cell: Callable[[pygame.Surface, pygame.Rect, int, int], None],
                  art: tuple[str, str], min_h: int = 160, max_h: int = 520) -> Picture:
    """A board of rows x cols cells; `cell(surface, rect, r, c)` paints a cell (real
    pixels, rect inside the surface). Cells are square. `art` = (game, id): the game's
    files `<id>.back` under the cells and `<id>.frame` over them (cabinet_art.board_svgs,
    painted for rows x cols)."""
    game, prefix = art

    def paint(w: int, h: int) -> pygame.Surface:
        size = max(4, min(w // cols, h // rows))
        surf = asset_files.image(game, f"{prefix}.back", (size * cols, size * rows))
        for r in range(rows):
            for c in range(cols):
                cell(surf, pygame.Rect(c * size, r * size, size, size), r, c)
        surf.blit(asset_files.image(game, f"{prefix}.frame", surf.get_size()), (0, 0))
        return surf
    return Picture(("board", key, rows, cols), paint, aspect=cols / rows, min_h=min_h, max_h=max_h)


def strip_picture(key: Hashable, faces: Sequence[Callable[[int], pygame.Surface]], min_h: int = 70,
                  max_h: int = 180, gap: float = 0.12) -> Picture:
    """Pictures side by side (e.g. symbols, coins), each a square painted by its
    function at a size in real pixels."""
    n = max(len(faces), 1)

    def paint(w: int, h: int) -> pygame.Surface:
        size = max(4, int(min(h, w / (n + gap * (n - 1)))))
        step = int(size * (1 + gap))
        surf = pygame.Surface((step * (n - 1) + size, size), pygame.SRCALPHA)
        for i, face in enumerate(faces):
            img = face(size)
            surf.blit(img, img.get_rect(center=(i * step + size // 2, size // 2)))
        return surf
    return Picture(("strip", key, n), paint, aspect=n + gap * (n - 1), min_h=min_h, max_h=max_h)


def image_picture(key: Hashable, face: Callable[[int, int], pygame.Surface], aspect: float = 1.0,
                  min_h: int = 90, max_h: int = 420) -> Picture:
    """A picture painted whole by the game at (w, h) real pixels."""
    return Picture(("image", key), face, aspect=aspect, min_h=min_h, max_h=max_h)


def arrow(size: int, left: bool = False) -> pygame.Surface:
    """The gold arrowhead (a cabinet file) at `size` px, pointing right (or left)."""
    head = asset_files.image("cabinet", "rules.arrow", size)
    return pygame.transform.flip(head, True, False) if left else head


# -- pictograms of the general rules ----------------------------------------------------------
def pictogram(kind: str) -> Picture:
    """'recovery', 'malfunction', 'outcome', 'limit', 'history' or 'payback': an SVG file
    of the cabinet's manifest (painted by cabinet/ui/cabinet_art.py) at the size shown."""
    def paint(w: int, h: int) -> pygame.Surface:
        return asset_files.image("cabinet", f"pictogram.{kind}", min(w, h))
    return Picture(("pictogram", kind), paint, aspect=1.0, min_h=80, max_h=130)

"""Pictures the rules pages of every game share, painted from data: a payline on a
reel window, a wheel whose slices are drawn at their real odds, a board of cells,
and the small pictograms of the general rules. Each returns a `rules_page.Picture`
whose painter draws at the real size it is given (2x, smoothed down)."""
from __future__ import annotations

import colorsys
import math
from typing import Callable, Hashable, Sequence

import pygame

from . import asset_files
from . import draw as D
from .rules_page import Picture

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
    for c in range(reels):
        for r in range(rows):
            lit = line[c] == r
            rect = pygame.Rect(int(box.x + c * cw + pad / 2), int(box.y + r * ch + pad / 2), int(cw - pad),
                               int(ch - pad))
            fill = D.lerp_color(color, (30, 30, 60), 0.35) if lit else (36, 38, 78)
            pygame.draw.rect(s, fill, rect, border_radius=int(min(cw, ch) * 0.22))
            pygame.draw.rect(s, color if lit else (70, 74, 130), rect, max(1, k), border_radius=int(min(cw, ch) * 0.22))
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


def wheel_picture(key: Hashable, slices: Sequence[tuple[float, Color]], rim: Color, hub: str = "",
                  min_h: int = 200, max_h: int = 420) -> Picture:
    """A wheel with every slice drawn at its share of the weights (the odds), slice 0
    at the top, clockwise; a rim in the tier's colour."""
    total = float(sum(w for w, _ in slices)) or 1.0

    def paint(w: int, h: int) -> pygame.Surface:
        d = min(w, h)

        def draw(s: pygame.Surface, k: int) -> None:
            R = s.get_width() // 2
            c = (R, R)
            r_in = int(R * 0.86)
            pygame.draw.circle(s, D.lerp_color(rim, (0, 0, 0), 0.45), c, R)
            pygame.draw.circle(s, rim, c, int(R * 0.95))
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
            pygame.draw.circle(s, (255, 255, 255), c, r_in, max(2, k * 2))
            pygame.draw.circle(s, D.lerp_color(rim, (255, 255, 255), 0.3), c, int(R * 0.2))
            pygame.draw.circle(s, D.lerp_color(rim, (0, 0, 0), 0.4), c, int(R * 0.2), max(2, k * 2))
            tip = [(R - R * 0.09, 0), (R + R * 0.09, 0), (R, R * 0.2)]
            pygame.draw.polygon(s, (255, 255, 255), tip)
            pygame.draw.polygon(s, (120, 30, 30), tip, max(1, k))
        return _smooth(d, d, draw)
    return Picture(("wheel", key, tuple(slices), rim, hub), paint, aspect=1.0, min_h=min_h, max_h=max_h)


def board_picture(key: Hashable, rows: int, cols: int, cell: Callable[[pygame.Surface, pygame.Rect, int, int], None],
                  frame: Color = (90, 70, 40), min_h: int = 160, max_h: int = 520,
                  backdrop: Color = (26, 24, 50)) -> Picture:
    """A board of rows x cols cells in a frame; `cell(surface, rect, r, c)` paints a
    cell (real pixels, rect inside the surface). Cells are square."""

    def paint(w: int, h: int) -> pygame.Surface:
        size = max(4, min(w // cols, h // rows))
        surf = pygame.Surface((size * cols, size * rows), pygame.SRCALPHA)
        pygame.draw.rect(surf, backdrop, surf.get_rect(), border_radius=max(4, size // 6))
        for r in range(rows):
            for c in range(cols):
                cell(surf, pygame.Rect(c * size, r * size, size, size), r, c)
        pygame.draw.rect(surf, frame, surf.get_rect(), max(2, size // 18), border_radius=max(4, size // 6))
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


# -- pictograms of the general rules ----------------------------------------------------------
def _pictogram(kind: str, s: pygame.Surface, k: int) -> None:
    W = s.get_width()
    c, R, lw = (W // 2, W // 2), W // 2 - 2 * k, max(3, W // 14)
    gold, cream = D.GOLD, D.CREAM
    pygame.draw.circle(s, (40, 44, 100), c, R)
    pygame.draw.circle(s, gold, c, R, max(2, W // 30))
    if kind == "recovery":        # a circular arrow
        rect = pygame.Rect(0, 0, R, R)
        rect.center = c
        pygame.draw.arc(s, cream, rect, math.radians(40), math.radians(320), lw)
        tip = (c[0] + R * 0.5 * math.cos(math.radians(40)), c[1] - R * 0.5 * math.sin(math.radians(40)))
        pygame.draw.polygon(s, cream, [(tip[0] - lw * 1.6, tip[1] - lw * 0.4), (tip[0] + lw * 1.2, tip[1] - lw * 1.4),
                                       (tip[0] + lw * 0.6, tip[1] + lw * 1.6)])
    elif kind == "malfunction":   # a warning triangle
        pts = [(c[0], c[1] - R * 0.55), (c[0] + R * 0.58, c[1] + R * 0.42), (c[0] - R * 0.58, c[1] + R * 0.42)]
        pygame.draw.polygon(s, (240, 170, 60), pts)
        pygame.draw.line(s, (40, 20, 0), (c[0], c[1] - R * 0.25), (c[0], c[1] + R * 0.1), lw)
        pygame.draw.circle(s, (40, 20, 0), (c[0], int(c[1] + R * 0.26)), lw // 2 + 1)
    elif kind == "outcome":       # a die
        side = int(R * 0.95)
        rect = pygame.Rect(0, 0, side, side)
        rect.center = c
        pygame.draw.rect(s, cream, rect, border_radius=side // 6)
        for dx, dy in ((-1, -1), (1, 1), (0, 0), (1, -1), (-1, 1)):
            pygame.draw.circle(s, (40, 44, 100), (c[0] + dx * side // 4, c[1] + dy * side // 4), max(2, side // 10))
    elif kind == "limit":         # a padlock
        body = pygame.Rect(0, 0, int(R * 0.95), int(R * 0.72))
        body.midtop = (c[0], int(c[1] - R * 0.08))
        shackle = pygame.Rect(0, 0, int(R * 0.64), int(R * 0.8))
        shackle.midbottom = (c[0], body.top + lw)
        pygame.draw.arc(s, cream, shackle, 0, math.pi, lw)
        pygame.draw.line(s, cream, shackle.midleft, (shackle.left + lw // 2, body.top), lw)
        pygame.draw.line(s, cream, (shackle.right - lw // 2, shackle.centery), (shackle.right - lw // 2, body.top), lw)
        pygame.draw.rect(s, gold, body, border_radius=W // 24)
        pygame.draw.circle(s, (40, 44, 100), body.center, max(2, W // 22))
    elif kind == "history":       # a clock
        pygame.draw.circle(s, cream, c, int(R * 0.6), lw)
        pygame.draw.line(s, cream, c, (c[0], c[1] - R * 0.4), lw)
        pygame.draw.line(s, cream, c, (c[0] + R * 0.3, c[1]), lw)
    else:                         # the payback: a coin with a percent sign
        pygame.draw.circle(s, gold, c, int(R * 0.62))
        pygame.draw.circle(s, (150, 100, 20), c, int(R * 0.62), max(2, lw // 2))
        pygame.draw.line(s, (90, 50, 0), (c[0] - R * 0.25, c[1] + R * 0.3), (c[0] + R * 0.25, c[1] - R * 0.3), lw)
        for dx, dy in ((-0.22, -0.2), (0.22, 0.2)):
            pygame.draw.circle(s, (90, 50, 0), (int(c[0] + dx * R), int(c[1] + dy * R)), max(2, lw // 1.5), lw // 2)


def pictogram(kind: str) -> Picture:
    """'recovery', 'malfunction', 'outcome', 'limit', 'history' or 'payback'."""
    def paint(w: int, h: int) -> pygame.Surface:
        d = min(w, h)
        return _smooth(d, d, lambda s, k: _pictogram(kind, s, k))
    return Picture(("pictogram", kind), paint, aspect=1.0, min_h=80, max_h=130)

"""Piggy Farm's larger pictures as the project draws them: the farm behind the board
(`farm_backdrop`), the board's frame, and the features' art (the egg hunt's nest, eggs
and rooster, RISK THE FARM's barn and doors), for `python -m
games.piggy_farm.tools.make_assets` (assets/piggy_farm/). The symbols and the skins'
colours are paint.py's.
"""
from __future__ import annotations

import math

import numpy as np
import pygame

from cabinet.ui import draw as D

from .paint import INK, SKINS


def farm_backdrop(size: tuple[int, int], skin: str = "farm") -> pygame.Surface:
    """Sky, sun (the moon and stars at night), clouds, rolling hills, a red barn and
    a fence."""
    pal = SKINS[skin]
    w, h = size
    surf = D.vertical_gradient(size, pal["sky"])
    for i in range(pal["stars"]):
        x, y = (i * 0.618034) % 1.0, (i * 0.414213 + i * i * 0.00071) % 1.0
        b = 150 + (i * 53) % 100
        pygame.draw.circle(surf, (b, b, 255), (int(x * w), int(y * h * 0.5)), 1 + (i % 7 == 0))
    sx, sy = pal["sun_at"]
    sun = D.radial_glow(int(h * 0.3), pal["sun_glow"], 0.9)
    surf.blit(sun, (int(w * sx) - sun.get_width() // 2, int(h * sy) - sun.get_height() // 2))
    pygame.draw.circle(surf, pal["sun"], (int(w * sx), int(h * sy)), int(h * 0.06))
    if pal["stars"]:                            # the moon's craters
        for dx, dy, r in ((-0.3, -0.2, 0.22), (0.25, 0.15, 0.16), (-0.05, 0.4, 0.12)):
            pygame.draw.circle(surf, D.lerp_color(pal["sun"], pal["sky"][1], 0.18),
                               (int(w * sx + dx * h * 0.06), int(h * sy + dy * h * 0.06)), int(r * h * 0.06))
    for cx, cy, k in ((0.12, 0.16, 1.0), (0.36, 0.1, 0.7), (0.62, 0.2, 0.85), (0.92, 0.34, 0.6)):
        for dx, dy, r in ((-0.9, 0.2, 0.6), (0, 0, 0.9), (0.9, 0.15, 0.7), (0.45, -0.35, 0.6)):
            rr = int(h * 0.045 * k * r * 1.4)
            pygame.draw.circle(
                surf, pal["cloud"], (int(w * cx + dx * h * 0.05 * k), int(h * cy + dy * h * 0.05 * k)), rr
            )
    xs = np.arange(w)
    for (base, amp, freq, phase), col in zip(((0.58, 0.05, 2.2, 0.5), (0.66, 0.04, 3.1, 2.0), (0.76, 0.03, 1.7, 4.0)),
                                             pal["hills"]):
        ys = (h * (base - amp * np.sin(xs / w * math.pi * freq + phase))).astype(int)
        pts = [(0, h)] + list(zip(xs[::8].tolist(), ys[::8].tolist())) + [(w, ys[-1]), (w, h)]
        pygame.draw.polygon(surf, col, pts)
    # barn on the right hill
    bx, by, bw, bh = int(w * 0.86), int(h * 0.46), int(w * 0.1), int(h * 0.16)
    pygame.draw.polygon(
        surf,
        pal["barn"],
        [(bx, by + bh), (bx, by + bh * 0.35), (bx + bw / 2, by), (bx + bw, by + bh * 0.35), (bx + bw, by + bh)],
    )
    pygame.draw.polygon(
        surf,
        pal["roof"],
        [(bx - bw * 0.06, by + bh * 0.38), (bx + bw / 2, by - bh * 0.06), (bx + bw * 1.06, by + bh * 0.38)],
        max(w // 300, 3),
    )
    door = pygame.Rect(bx + bw * 0.3, by + bh * 0.55, bw * 0.4, bh * 0.45)
    if pal["window"]:                           # lamplight in the barn
        glow = D.radial_glow(int(bw * 0.5), pal["window"], 0.6)
        surf.blit(glow, glow.get_rect(center=door.center))
        pygame.draw.rect(surf, pal["window"], door)
        pygame.draw.rect(surf, pal["window"], (bx + bw * 0.42, by + bh * 0.22, bw * 0.16, bh * 0.16))
    pygame.draw.rect(surf, pal["trim"], door, max(w // 400, 2))
    pygame.draw.line(surf, pal["trim"], door.topleft, door.bottomright, max(w // 400, 2))
    pygame.draw.line(surf, pal["trim"], door.topright, door.bottomleft, max(w // 400, 2))
    # fence along the front
    fy = int(h * 0.8)
    for x in range(0, w, max(w // 40, 8)):
        pygame.draw.rect(surf, pal["fence"], (x, fy - h * 0.05, w // 140, h * 0.09))
    for y in (fy - h * 0.035, fy + h * 0.0):
        pygame.draw.rect(surf, pal["rail"], (0, y, w, h * 0.012))
    return surf


def frame(rows: int, cols: int, cell: int, skin: str = "farm") -> pygame.Surface:
    """The board's frame at 1920x1080: planks round the board window, a checkered
    inner panel under the cells, a nail in each corner (a 22 px border)."""
    pal = SKINS[skin]
    pad = 22
    w, h = cols * cell + 2 * pad, rows * cell + 2 * pad
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    s.blit(D.shadow((w, h), 26, 0, 110), (6, 10))
    s.blit(D.rounded_panel((w, h), *pal["wood"], radius=26, border=pal["wood_rim"], border_width=4), (0, 0))
    for k in range(1, 8):        # plank grain
        y = int(h * k / 8)
        pygame.draw.line(s, pal["grain"], (10, y), (w - 10, y), 1)
    s.blit(D.rounded_panel((cols * cell, rows * cell), *pal["inner"], radius=14, border=pal["inner_rim"],
                           border_width=3), (pad, pad))
    for r in range(rows):
        for c in range(cols):
            if (r + c) % 2 == 0:
                tile = pygame.Surface((cell - 4, cell - 4), pygame.SRCALPHA)
                tile.fill((0, 0, 0, 0))
                pygame.draw.rect(tile, pal["checker"], tile.get_rect(), border_radius=12)
                s.blit(tile, (pad + c * cell + 2, pad + r * cell + 2))
    for nail in (
        (pad // 2, pad // 2),
        (w - pad // 2, pad // 2),
        (pad // 2, h - pad // 2),
        (w - pad // 2, h - pad // 2),
    ):
        pygame.draw.circle(s, pal["nail"][0], nail, 6)
        pygame.draw.circle(s, pal["nail"][1], (nail[0] - 1, nail[1] - 1), 3)
    return s


# ------------------------------------------------------------------ feature art
def nest(w: int = 160, h: int = 80) -> pygame.Surface:
    """A straw nest of the egg hunt."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    pygame.draw.ellipse(s, (110, 70, 30), s.get_rect())
    pygame.draw.ellipse(s, (70, 40, 16), s.get_rect().inflate(-w // 5, -h // 3))
    for k in range(18):            # straw
        a = k / 18 * math.tau
        x0, y0 = w / 2 + math.cos(a) * w * 0.42, h / 2 + math.sin(a) * h * 0.4
        x1, y1 = w / 2 + math.cos(a + 0.5) * w * 0.48, h / 2 + math.sin(a + 0.5) * h * 0.46
        pygame.draw.line(s, (220, 180, 90), (x0, y0), (x1, y1), 3)
    return s


def egg(kind: str, w: int = 96, h: int = 120) -> pygame.Surface:
    """A hunt egg: golden while closed, cracked open on its prize."""
    s = pygame.Surface((w * 2, h * 2), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    body = (255, 214, 90) if kind == "closed" else (255, 248, 230)
    pygame.draw.ellipse(s, (90, 50, 10), (0, 0, w * 2, h * 2))
    pygame.draw.ellipse(s, body, (5, 5, w * 2 - 10, h * 2 - 10))
    pygame.draw.ellipse(s, (255, 255, 255), (w * 0.5, h * 0.35, w * 0.35, h * 0.5))
    if kind == "open":      # a zigzag crack across the top
        pts = [(w * 2 * t / 8, h * (0.7 if i % 2 else 0.9)) for i, t in enumerate(range(9))]
        top: list[tuple[float, float]] = [(0, 0), (w * 2, 0)]
        pygame.draw.polygon(s, (0, 0, 0, 0), top + pts[::-1])
        pygame.draw.lines(s, (150, 110, 60), False, pts, 6)
    return pygame.transform.smoothscale(s, (w, h))


def rooster(size: int = 220) -> pygame.Surface:
    """The rooster that ends a hunt: the hen's face in russet with a tall comb."""
    big = size * 2
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    u = big / 100
    for dx, r in ((-12, 9), (-3, 12), (7, 11), (15, 8)):
        pygame.draw.circle(s, INK, (50 * u + dx * u, 16 * u), (r + 2) * u)
        pygame.draw.circle(s, (236, 30, 30), (50 * u + dx * u, 16 * u), r * u)
    pygame.draw.ellipse(s, INK, (14 * u, 18 * u, 72 * u, 76 * u))
    pygame.draw.ellipse(s, (196, 90, 40), (16 * u, 20 * u, 68 * u, 72 * u))
    for side in (-1, 1):
        pygame.draw.circle(s, (255, 255, 255), (50 * u + side * 13 * u, 44 * u), 7 * u)
        pygame.draw.circle(s, (20, 10, 10), (50 * u + side * 13 * u, 45 * u), 4 * u)
    pygame.draw.polygon(s, (255, 180, 20), [(40 * u, 54 * u), (60 * u, 54 * u), (50 * u, 70 * u)])
    pygame.draw.ellipse(s, (236, 30, 30), (44 * u, 68 * u, 12 * u, 16 * u))
    return pygame.transform.smoothscale(s, (size, size))


def barn(w: int, h: int) -> pygame.Surface:
    """RISK THE FARM's barn front (the doors slide over its opening)."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    pts = [(0, h), (0, h * 0.3), (w / 2, 0), (w, h * 0.3), (w, h)]
    pygame.draw.polygon(s, (170, 40, 36), pts)
    pygame.draw.polygon(s, (90, 20, 18), pts, 8)
    for k in range(1, 12):
        x = w * k / 12
        pygame.draw.line(s, (140, 30, 28), (x, h * 0.3 if abs(x - w / 2) > w * 0.3 else h * 0.12), (x, h), 3)
    pygame.draw.polygon(s, (250, 240, 220), [(w * 0.08, h * 0.32), (w / 2, h * 0.05), (w * 0.92, h * 0.32)], 10)
    return s


def door(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h))
    s.fill((196, 54, 44))
    white = (250, 240, 220)
    t = max(w // 18, 3)
    pygame.draw.rect(s, white, s.get_rect(), t)
    pygame.draw.line(s, white, (0, 0), (w, h), t)
    pygame.draw.line(s, white, (w, 0), (0, h), t)
    pygame.draw.line(s, (120, 30, 26), (w - 2, 0), (w - 2, h), 3)
    return s

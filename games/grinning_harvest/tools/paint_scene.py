"""Grinning Harvest's larger pictures as the project draws them: the moonlit pumpkin
field behind the reels, the reel frame and the Big Pumpkin, for `python -m
games.grinning_harvest.tools.make_assets` (assets/grinning_harvest/).
"""
from __future__ import annotations

import math

import numpy as np
import pygame

from cabinet.ui import draw as D

from . import paint as art


def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """Night sky from violet to a pumpkin-orange horizon, a big moon, hills with
    bare trees, tombstones and a row of small glowing pumpkins, fog at the bottom."""
    w, h = size
    surf = D.vertical_gradient(size, [(10, 6, 26), (34, 14, 60), (86, 30, 70), (170, 70, 40)])
    # Stars (a fixed low-discrepancy pattern, no randomness).
    for i in range(1, 260):
        x, y = (i * 0.6180339887) % 1.0, (i * 0.4142135623 + i * i * 0.000531) % 1.0
        b = 110 + (i * 89) % 140
        pygame.draw.circle(surf, (b, b, min(255, b + 30)), (int(x * w), int(y * h * 0.55)), 1 if b < 210 else 2)
    s = h / 1080
    moon_c, moon_r = (int(w * 0.8), int(h * 0.24)), int(110 * s)
    surf.blit(D.radial_glow(int(moon_r * 3), (255, 220, 170), 0.55), (moon_c[0] - moon_r * 3, moon_c[1] - moon_r * 3))
    pygame.draw.circle(surf, (255, 244, 214), moon_c, moon_r)
    for dx, dy, r in ((-0.3, -0.2, 0.22), (0.25, 0.15, 0.16), (-0.05, 0.4, 0.12), (0.35, -0.35, 0.09)):
        pygame.draw.circle(surf, (232, 218, 186), (moon_c[0] + int(dx * moon_r), moon_c[1] + int(dy * moon_r)),
                           int(r * moon_r))
    # Bats across the moon.
    for bx, by, bs in ((0.76, 0.2, 1.0), (0.83, 0.27, 0.7), (0.71, 0.3, 0.55), (0.2, 0.18, 0.6)):
        _bat(surf, (int(bx * w), int(by * h)), int(40 * s * bs))
    # Two layers of hills.
    for base, amp, col, freq, phase in ((0.74, 0.05, (40, 18, 52), 2.2, 0.4), (0.84, 0.04, (22, 10, 30), 3.1, 1.7)):
        pts = [(0, h)]
        for i in range(0, 101):
            x = i / 100
            y = base + amp * math.sin(x * freq * math.pi + phase) + amp * 0.4 * math.sin(x * 7.3 + phase)
            pts.append((int(x * w), int(y * h)))
        pts.append((w, h))
        pygame.draw.polygon(surf, col, pts)
    for tx, scale in ((0.06, 1.0), (0.93, 1.15), (0.2, 0.6), (0.74, 0.5)):
        _tree(surf, (int(tx * w), int(h * 0.86)), 300 * s * scale)
    for gx in (0.14, 0.27, 0.68, 0.86):
        _tomb(surf, (int(gx * w), int(h * 0.88)), int(46 * s))
    face = art.symbol_face("pumpkin", int(64 * s))
    for i, px in enumerate((0.03, 0.11, 0.24, 0.31, 0.66, 0.72, 0.82, 0.97)):
        f = face if i % 2 else pygame.transform.smoothscale(face, (int(50 * s), int(50 * s)))
        surf.blit(D.radial_glow(f.get_width(), (255, 140, 30), 0.35), (int(px * w) - f.get_width(),
                                                                      int(h * 0.9) - f.get_width()))
        surf.blit(f, (int(px * w) - f.get_width() // 2, int(h * 0.9) - f.get_height() // 2))
    fog = D.vertical_gradient((w, int(h * 0.3)), [(0, 0, 0), (120, 90, 140)]).convert_alpha()
    alpha = np.linspace(0, 90, fog.get_height()).astype(np.uint8)
    pa = pygame.surfarray.pixels_alpha(fog)
    pa[:, :] = alpha[None, :]
    del pa
    surf.blit(fog, (0, h - fog.get_height()))
    return surf


def _bat(surf, c, r):
    x, y = c
    pts = [(x, y), (x + r * 0.5, y - r * 0.4), (x + r, y - r * 0.2), (x + r * 0.8, y + r * 0.05),
           (x + r * 0.55, y - r * 0.05), (x + r * 0.3, y + r * 0.2), (x, y + r * 0.1), (x - r * 0.3, y + r * 0.2),
           (x - r * 0.55, y - r * 0.05), (x - r * 0.8, y + r * 0.05), (x - r, y - r * 0.2), (x - r * 0.5, y - r * 0.4)]
    pygame.draw.polygon(surf, (16, 8, 22), pts)


def _tree(surf, root, height):
    """A bare, crooked tree: recursive branches thinning out."""
    def branch(x, y, ang, length, width, depth):
        if depth == 0 or length < 4:
            return
        x2, y2 = x + math.cos(ang) * length, y - math.sin(ang) * length
        pygame.draw.line(surf, (14, 6, 18), (x, y), (x2, y2), max(1, int(width)))
        for k, da in enumerate((0.45, -0.38)):
            branch(x2, y2, ang + da + 0.12 * math.sin(depth * 3.1 + k), length * (0.72 - 0.06 * k), width * 0.65,
                   depth - 1)
    branch(root[0], root[1], math.pi / 2 + 0.08, height * 0.34, height * 0.06, 7)


def _tomb(surf, base, size):
    x, y = base
    rect = pygame.Rect(x - size // 2, y - size, size, size + size // 3)
    pygame.draw.rect(surf, (70, 62, 86), rect, border_top_left_radius=size // 2, border_top_right_radius=size // 2)
    pygame.draw.rect(surf, (30, 24, 40), rect, max(2, size // 16), border_top_left_radius=size // 2,
                     border_top_right_radius=size // 2)
    pygame.draw.line(surf, (40, 32, 52), (x, y - size * 0.7), (x, y - size * 0.2), max(2, size // 12))
    pygame.draw.line(surf, (40, 32, 52), (x - size * 0.2, y - size * 0.52), (x + size * 0.2, y - size * 0.52),
                     max(2, size // 12))


def reel_frame(size: tuple[int, int], border: int) -> pygame.Surface:
    """The carved frame round the reels: dark glass inside an orange-gold rim."""
    w, h = size
    outer = D.rounded_panel((w, h), (120, 50, 20), (60, 20, 30), radius=border * 3, border=(255, 170, 60),
                            border_width=max(2, border // 3))
    inner = D.rounded_panel((w - 2 * border, h - 2 * border), (34, 16, 52), (12, 6, 24), radius=border * 2,
                            border=(30, 10, 10), border_width=max(2, border // 4))
    outer.blit(inner, (border, border))
    return outer


def big_pumpkin(size: int) -> pygame.Surface:
    """The Big Pumpkin above the reels, lit from inside."""
    def paint(s, S):
        s.blit(D.radial_glow(S // 2, (255, 150, 40), 0.6), (0, 0))
        art.paint_pumpkin(s, S)
    return art.supersampled(size, paint)

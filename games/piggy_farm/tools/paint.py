"""Piggy Farm's symbols as the project draws them (pygame.draw + numpy), for
`python -m games.piggy_farm.tools.make_assets`, which writes them to assets/piggy_farm/
(the backdrop, the frame and the features' art: paint_scene.py).

Each symbol is drawn at twice its size and smoothed down (anti-aliasing), on a
transparent square: golden pig, pink pig, hen, egg basket, corn, carrot, apple, the
muddy-pig wild and the windmill scatter. Shapes read at a glance by silhouette and
colour. Two skins: `farm` (a sunny day) and `night` (a moonlit farm: night sky,
moon and stars, a lit barn, a painted blue-grey frame and moonlit symbols); the
colours of each are in SKINS.
"""
from __future__ import annotations

import math
from typing import TypedDict

import numpy as np
import pygame

from cabinet.ui import asset_files

INK = (44, 24, 16)          # outline colour of every symbol


def _ell(s, color, cx, cy, rx, ry, outline=0.0):
    """A filled ellipse with a dark rim `outline` wide (units of the drawing)."""
    if outline:
        pygame.draw.ellipse(
            s, INK, pygame.Rect(cx - rx - outline, cy - ry - outline, 2 * (rx + outline), 2 * (ry + outline))
        )
    pygame.draw.ellipse(s, color, pygame.Rect(cx - rx, cy - ry, 2 * rx, 2 * ry))


def _poly(s, color, pts, outline=0.0):
    if outline:
        pygame.draw.polygon(s, INK, pts, max(int(outline * 2), 1))
    pygame.draw.polygon(s, color, pts)
    if outline:
        pygame.draw.polygon(s, INK, pts, max(int(outline), 1))


def _shine(s, cx, cy, rx, ry, alpha=110):
    g = pygame.Surface((int(2 * rx), int(2 * ry)), pygame.SRCALPHA)
    pygame.draw.ellipse(g, (255, 255, 255, alpha), g.get_rect())
    s.blit(g, (cx - rx, cy - ry))


def _pig(s, u, body, dark, snout, mud=False, crown=False):
    """A pig's face, front view: ears, head, eyes, snout, cheeks."""
    c = 50 * u
    o = 2.2 * u
    for side in (-1, 1):           # ears
        _poly(s, dark, [(c + side * 14 * u, 26 * u), (c + side * 36 * u, 10 * u), (c + side * 34 * u, 36 * u)], o)
        pygame.draw.polygon(
            s, snout, [(c + side * 19 * u, 27 * u), (c + side * 32 * u, 16 * u), (c + side * 31 * u, 31 * u)]
        )
    _ell(s, body, c, 55 * u, 36 * u, 32 * u, o)
    _shine(s, c - 12 * u, 36 * u, 12 * u, 6 * u, 80)
    for side in (-1, 1):           # cheeks, eyes
        blush = pygame.Surface((int(14 * u), int(9 * u)), pygame.SRCALPHA)
        pygame.draw.ellipse(blush, (255, 110, 130, 120), blush.get_rect())
        s.blit(blush, (c + side * 23 * u - 7 * u, 62 * u))
        _ell(s, (30, 20, 20), c + side * 13 * u, 47 * u, 4.2 * u, 5 * u)
        _ell(s, (255, 255, 255), c + side * 13 * u - 1.3 * u, 45.5 * u, 1.5 * u, 1.7 * u)
    _ell(s, snout, c, 64 * u, 14 * u, 10 * u, o)
    for side in (-1, 1):
        _ell(s, dark, c + side * 5 * u, 64 * u, 2.8 * u, 4 * u)
    if mud:
        for x, y, r in ((30, 72, 7), (68, 40, 6), (60, 78, 5), (26, 44, 4), (75, 66, 4)):
            _ell(s, (104, 66, 36), x * u, y * u, r * u, r * 0.8 * u)
    if crown:
        pts = [(36 * u, 24 * u), (36 * u, 10 * u), (43 * u, 17 * u), (50 * u, 6 * u), (57 * u, 17 * u),
               (64 * u, 10 * u), (64 * u, 24 * u)]
        _poly(s, (255, 220, 90), pts, o)
        for x in (36, 50, 64):
            _ell(s, (230, 60, 80), x * u, (10 if x != 50 else 6) * u, 2.6 * u, 2.6 * u)


def _hen(s, u):
    c, o = 50 * u, 2.2 * u
    # comb
    for dx, r in ((-8, 7), (0, 8.5), (8, 7)):
        _ell(s, (226, 40, 40), c + dx * u, 20 * u, r * u, r * u, o)
    _ell(s, (250, 248, 240), c, 55 * u, 33 * u, 35 * u, o)           # head/body
    _shine(s, c - 12 * u, 34 * u, 11 * u, 7 * u, 120)
    for side in (-1, 1):
        _ell(s, (30, 20, 20), c + side * 12 * u, 45 * u, 4 * u, 4.6 * u)
        _ell(s, (255, 255, 255), c + side * 12 * u - 1.2 * u, 43.5 * u, 1.4 * u, 1.6 * u)
    _poly(s, (255, 170, 30), [(c - 9 * u, 53 * u), (c + 9 * u, 53 * u), (c, 66 * u)], o)   # beak
    _ell(s, (226, 40, 40), c, 73 * u, 5 * u, 7 * u, o)                                   # wattle
    for side in (-1, 1):   # wing feathers
        pygame.draw.arc(s, (200, 190, 170), pygame.Rect(c + side * 22 * u - 9 * u, 62 * u, 18 * u, 16 * u),
                        math.pi * (0.1 if side > 0 else 0.9) - 0.4, math.pi * (0.1 if side > 0 else 0.9) + 1.2,
                        max(int(2 * u), 1))


def _basket(s, u):
    o = 2.2 * u
    for x, col in ((34, (250, 240, 215)), (66, (200, 226, 240)), (50, (255, 246, 226))):
        _ell(s, col, x * u, (40 if x == 50 else 46) * u, 13 * u, 17 * u, o)
        _shine(s, x * u - 5 * u, (32 if x == 50 else 38) * u, 4 * u, 6 * u, 150)
    body = [(12 * u, 52 * u), (88 * u, 52 * u), (78 * u, 88 * u), (22 * u, 88 * u)]
    _poly(s, (176, 112, 52), body, o)
    for k in range(1, 4):       # weave
        y = (52 + k * 9) * u
        pygame.draw.line(s, (120, 70, 30), (14 * u + k * 2.5 * u, y), (86 * u - k * 2.5 * u, y), max(int(2 * u), 1))
    for k in range(1, 7):
        x = (12 + k * 11) * u
        pygame.draw.line(s, (140, 86, 40), (x, 53 * u), (x + (50 * u - x) * 0.15, 87 * u), max(int(1.6 * u), 1))
    pygame.draw.rect(s, (206, 140, 70), pygame.Rect(10 * u, 48 * u, 80 * u, 8 * u), border_radius=int(4 * u))
    pygame.draw.rect(s, INK, pygame.Rect(10 * u, 48 * u, 80 * u, 8 * u), max(int(o), 1), border_radius=int(4 * u))


def _corn(s, u):
    o = 2.2 * u
    cob = pygame.Rect(34 * u, 10 * u, 32 * u, 74 * u)
    pygame.draw.ellipse(s, INK, cob.inflate(2 * o, 2 * o))
    pygame.draw.ellipse(s, (252, 206, 48), cob)
    for row in range(10):       # kernels
        y = 17 * u + row * 6.6 * u
        half = 13 * u * math.sqrt(max(0.0, 1 - ((y - 47 * u) / (37 * u)) ** 2))
        for k in range(-2, 3):
            x = 50 * u + k * half * 0.42
            _ell(s, (255, 232, 110), x, y, 2.6 * u, 2.6 * u)
    for side in (-1, 1):        # husk leaves
        pts = [(50 * u, 92 * u), (50 * u + side * 30 * u, 58 * u), (50 * u + side * 26 * u, 30 * u),
               (50 * u + side * 14 * u, 62 * u)]
        _poly(s, (96, 180, 70) if side < 0 else (70, 150, 56), pts, o)


def _carrot(s, u):
    o = 2.2 * u
    for dx, h in ((-9, 16), (0, 6), (9, 14)):  # leaves
        _poly(
            s, (70, 170, 70), [(50 * u, 30 * u), (50 * u + dx * u - 6 * u, h * u), (50 * u + dx * u + 6 * u, h * u)], o
        )
    body = [(30 * u, 30 * u), (70 * u, 30 * u), (52 * u, 94 * u), (48 * u, 94 * u)]
    _poly(s, (250, 130, 30), body, o)
    pygame.draw.ellipse(s, (250, 130, 30), pygame.Rect(30 * u, 24 * u, 40 * u, 14 * u))
    for k, y in enumerate((44, 56, 68, 80)):
        w = (16 - k * 3.5) * u
        pygame.draw.line(s, (190, 80, 10), (50 * u - w, y * u), (50 * u - w * 0.2, y * u + 2 * u), max(int(2 * u), 1))
    _shine(s, 40 * u, 34 * u, 5 * u, 10 * u, 90)


def _apple(s, u):
    o = 2.2 * u
    for dx in (-12, 12):
        _ell(s, (214, 30, 40), 50 * u + dx * u, 58 * u, 24 * u, 28 * u, o)
    for dx in (-12, 12):
        _ell(s, (214, 30, 40), 50 * u + dx * u, 58 * u, 24 * u, 28 * u)
    pygame.draw.line(s, (100, 60, 30), (50 * u, 34 * u), (54 * u, 14 * u), max(int(4 * u), 1))
    _poly(s, (90, 190, 70), [(54 * u, 22 * u), (72 * u, 12 * u), (66 * u, 26 * u)], o)
    _shine(s, 34 * u, 44 * u, 6 * u, 10 * u, 130)


def _windmill(s, u):
    o = 2.2 * u
    _ell(s, (92, 170, 235), 50 * u, 50 * u, 46 * u, 46 * u, o)             # sky badge
    _ell(s, (140, 205, 250), 50 * u, 44 * u, 40 * u, 36 * u)
    pygame.draw.rect(s, (90, 170, 70), pygame.Rect(10 * u, 78 * u, 80 * u, 14 * u))
    tower = [(38 * u, 90 * u), (62 * u, 90 * u), (56 * u, 40 * u), (44 * u, 40 * u)]
    _poly(s, (200, 60, 50), tower, o)
    pygame.draw.rect(s, (255, 236, 200), pygame.Rect(46 * u, 72 * u, 8 * u, 18 * u))
    _poly(s, (120, 70, 50), [(40 * u, 42 * u), (60 * u, 42 * u), (50 * u, 30 * u)], o)
    for k in range(4):          # sails
        a = math.radians(45 + 90 * k)
        cx, cy = 50 * u, 38 * u
        ax, ay = math.cos(a), math.sin(a)
        px, py = -ay, ax
        pts = [(cx + ax * 6 * u + px * 2 * u, cy + ay * 6 * u + py * 2 * u),
               (cx + ax * 36 * u + px * 2 * u, cy + ay * 36 * u + py * 2 * u),
               (cx + ax * 36 * u + px * 11 * u, cy + ay * 36 * u + py * 11 * u),
               (cx + ax * 10 * u + px * 9 * u, cy + ay * 10 * u + py * 9 * u)]
        _poly(s, (250, 244, 228), pts, o * 0.8)
    _ell(s, (255, 210, 80), 50 * u, 38 * u, 5 * u, 5 * u, o)
    # clip everything to the round badge
    mask = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    pygame.draw.circle(mask, (255, 255, 255, 255), (50 * u, 50 * u), 48.2 * u)
    s.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def _golden_pig(s, u):
    _pig(s, u, (255, 206, 70), (214, 150, 30), (255, 226, 140), crown=True)


def _pink_pig(s, u):
    _pig(s, u, (255, 168, 186), (232, 112, 140), (255, 196, 206))


def _muddy_pig(s, u):
    _pig(s, u, (196, 142, 100), (140, 92, 56), (222, 170, 130), mud=True)


DRAWERS = {
    "GP": _golden_pig,
    "PP": _pink_pig,
    "HN": _hen, "EG": _basket, "CN": _corn, "CR": _carrot, "AP": _apple,
    "WD": _muddy_pig,
    "WM": _windmill,
}
NAMES = {"GP": "Golden Pig", "PP": "Pink Pig", "HN": "Hen", "EG": "Egg Basket", "CN": "Corn", "CR": "Carrot",
         "AP": "Apple", "WD": "Muddy Pig Wild", "WM": "Windmill"}
GLOW = {"GP": (255, 210, 80), "PP": (255, 150, 180), "HN": (255, 255, 240), "EG": (240, 200, 140),
        "CN": (255, 230, 90), "CR": (255, 150, 60), "AP": (255, 90, 90), "WD": (170, 120, 70), "WM": (120, 200, 255)}


def symbol(sid: str, size: int, skin: str = "farm") -> pygame.Surface:
    """Symbol `sid` on a transparent square of `size` px (drawn 2x, smoothed), in `skin`."""
    big = size * 2
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    DRAWERS[sid](s, big / 100.0)
    font = asset_files.font(max(8, size // 3), bold=True)
    if sid == "WD":                             # the WILD banner across the snout
        band = pygame.Rect(int(big * 0.14), int(big * 0.76), int(big * 0.72), int(big * 0.2))
        pygame.draw.rect(s, INK, band.inflate(6, 6), border_radius=big // 20)
        pygame.draw.rect(s, (120, 200, 80), band, border_radius=big // 20)
        t = font.render("WILD", True, (255, 255, 240))
        t = pygame.transform.smoothscale(t, (int(band.h * 0.9 * t.get_width() / t.get_height()), int(band.h * 0.9)))
        s.blit(t, t.get_rect(center=band.center))
    pal = SKINS[skin]
    if pal["grade"] != (255, 255, 255):         # the skin's light on the symbols
        s.fill(pal["grade"], special_flags=pygame.BLEND_RGB_MULT)
        s.fill(pal["lift"], special_flags=pygame.BLEND_RGB_ADD)
    # a soft drop shadow (or the skin's rim glow) under the drawing
    alpha = pygame.surfarray.array_alpha(s)
    sh = pygame.Surface((big, big), pygame.SRCALPHA)
    sh.fill((*pal["shadow"], 0))
    pa = pygame.surfarray.pixels_alpha(sh)
    off = max(big // 40, 2)
    pa[off:, off:] = (alpha[:-off, :-off] * 0.45).astype(np.uint8)
    del pa
    sh.blit(s, (0, 0))
    return pygame.transform.smoothscale(sh, (size, size))


RGB = tuple[int, int, int]


class Skin(TypedDict):
    """A skin's palette: the backdrop's sky, sun, hills and barn, the reel frame's
    wood, and the light it puts on the symbols (grade x, lift +, shadow or rim glow)."""

    sky: list[RGB]
    sun: RGB
    sun_glow: RGB
    sun_at: tuple[float, float]
    cloud: RGB
    stars: int
    hills: list[RGB]
    barn: RGB
    roof: RGB
    trim: RGB
    window: RGB | None
    fence: RGB
    rail: RGB
    wood: tuple[RGB, RGB]
    wood_rim: RGB
    grain: RGB
    inner: tuple[RGB, RGB]
    inner_rim: RGB
    checker: tuple[int, int, int, int]
    nail: tuple[RGB, RGB]
    grade: RGB
    lift: RGB
    shadow: RGB


SKINS: dict[str, Skin] = {
    "farm": Skin(sky=[(70, 150, 225), (150, 205, 240), (255, 226, 170)], sun=(255, 244, 190), sun_glow=(255, 240, 170),
                 sun_at=(0.78, 0.16), cloud=(252, 252, 255), stars=0,
                 hills=[(120, 190, 100), (88, 166, 72), (66, 140, 58)], barn=(150, 40, 36), roof=(110, 30, 28),
                 trim=(240, 230, 210), window=None, fence=(236, 222, 196), rail=(226, 210, 180),
                 wood=((176, 112, 60), (110, 64, 30)), wood_rim=(70, 36, 14), grain=(140, 86, 42),
                 inner=((250, 238, 206), (226, 204, 160)), inner_rim=(90, 50, 20), checker=(200, 170, 110, 70),
                 nail=((60, 40, 30), (200, 190, 170)),
                 grade=(255, 255, 255), lift=(0, 0, 0), shadow=(0, 0, 0)),
    "night": Skin(sky=[(8, 12, 40), (26, 34, 88), (70, 70, 130)], sun=(236, 240, 255), sun_glow=(170, 190, 255),
                  sun_at=(0.07, 0.25), cloud=(70, 80, 130), stars=140,
                  hills=[(34, 66, 74), (24, 50, 60), (16, 36, 46)], barn=(90, 30, 46), roof=(60, 20, 34),
                  trim=(190, 200, 230), window=(255, 214, 110), fence=(120, 130, 160), rail=(100, 110, 146),
                  wood=((84, 96, 134), (40, 46, 76)), wood_rim=(200, 214, 250), grain=(66, 76, 112),
                  inner=((40, 52, 92), (24, 30, 60)), inner_rim=(170, 190, 240), checker=(120, 150, 230, 60),
                  nail=((200, 210, 240), (255, 255, 255)),
                  grade=(204, 214, 255), lift=(8, 10, 28), shadow=(150, 190, 255)),
}

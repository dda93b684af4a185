"""Grinning Harvest's symbols as the project draws them (candy corn, bat, black cat,
ghost, witch hat, witch, wild, pumpkin, the Collector's Vault, jackpot coins, the row
items), for `python -m games.grinning_harvest.tools.make_assets`, which writes them to
assets/grinning_harvest/. Each face is drawn at twice the resolution and smooth-scaled
down (cheap anti-aliasing for pygame.draw shapes).
"""
from __future__ import annotations

import math
import numpy as np
import pygame

from cabinet.ui import asset_files
from cabinet.ui import draw as D

from ..view.art import BADGES, BONE, JACKPOT_COLORS, ORANGE, ORANGE_DARK, OUTLINE, PUMPKIN_GLOW, SLIME, supersampled


def _pt(S: int, x: float, y: float) -> tuple[int, int]:
    return round(x * S), round(y * S)


def _ellipse(surf, color, S, cx, cy, rx, ry, width=0):
    pygame.draw.ellipse(surf, color, pygame.Rect(round((cx - rx) * S), round((cy - ry) * S),
                                                 round(2 * rx * S), round(2 * ry * S)), width)


def _poly(surf, color, S, pts, width=0):
    pygame.draw.polygon(surf, color, [_pt(S, x, y) for x, y in pts], width)


def _circle(surf, color, S, cx, cy, r, width=0):
    pygame.draw.circle(surf, color, _pt(S, cx, cy), round(r * S), width)


def badge(surf: pygame.Surface, S: int, light, dark) -> None:
    """A round, shaded medallion behind a line symbol."""
    r = S // 2 - S // 30
    yy, xx = np.mgrid[0:S, 0:S].astype(np.float32)
    d = np.sqrt((xx - S * 0.42) ** 2 + (yy - S * 0.36) ** 2) / (S * 0.75)
    t = np.clip(d, 0, 1)[..., None]
    rgb = (np.array(light, np.float32) * (1 - t) + np.array(dark, np.float32) * t).astype(np.uint8)
    disc = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.surfarray.blit_array(disc, rgb.transpose(1, 0, 2))
    mask = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (S // 2, S // 2), r)
    disc.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(disc, (0, 0))
    pygame.draw.circle(surf, D.lerp_color(light, (255, 255, 255), 0.5), (S // 2, S // 2), r, max(2, S // 40))
    pygame.draw.circle(surf, OUTLINE, (S // 2, S // 2), r + S // 80, max(2, S // 60))


# ------------------------------------------------------------------ line symbols
def paint_candy(s, S):
    badge(s, S, *BADGES["candy"])
    tri = [(0.5, 0.16), (0.76, 0.8), (0.24, 0.8)]
    _poly(s, (255, 210, 60), S, tri)
    _poly(s, ORANGE, S, [(0.5, 0.16), (0.67, 0.58), (0.33, 0.58)])
    _poly(s, (255, 250, 240), S, [(0.5, 0.16), (0.58, 0.36), (0.42, 0.36)])
    _poly(s, OUTLINE, S, tri, max(3, S // 45))
    _poly(s, (255, 255, 255), S, [(0.45, 0.3), (0.47, 0.3), (0.36, 0.72), (0.33, 0.72)])


def paint_bat(s, S):
    badge(s, S, *BADGES["bat"])
    wing = [(0.5, 0.42), (0.7, 0.3), (0.9, 0.36), (0.84, 0.46), (0.88, 0.58), (0.76, 0.54), (0.68, 0.64),
            (0.6, 0.56), (0.5, 0.62), (0.4, 0.56), (0.32, 0.64), (0.24, 0.54), (0.12, 0.58), (0.16, 0.46),
            (0.1, 0.36), (0.3, 0.3)]
    _poly(s, (30, 16, 40), S, wing)
    _ellipse(s, (40, 22, 52), S, 0.5, 0.5, 0.09, 0.13)
    _poly(s, (40, 22, 52), S, [(0.43, 0.4), (0.44, 0.3), (0.48, 0.38)])
    _poly(s, (40, 22, 52), S, [(0.57, 0.4), (0.56, 0.3), (0.52, 0.38)])
    for x in (0.465, 0.535):
        _circle(s, (255, 60, 60), S, x, 0.46, 0.018)
    _poly(s, BONE, S, [(0.47, 0.54), (0.48, 0.58), (0.49, 0.54)])
    _poly(s, BONE, S, [(0.51, 0.54), (0.52, 0.58), (0.53, 0.54)])


def paint_cat(s, S):
    badge(s, S, *BADGES["cat"])
    black = (22, 16, 30)
    _ellipse(s, black, S, 0.5, 0.56, 0.27, 0.23)
    _poly(s, black, S, [(0.26, 0.5), (0.25, 0.18), (0.44, 0.36)])
    _poly(s, black, S, [(0.74, 0.5), (0.75, 0.18), (0.56, 0.36)])
    _poly(s, (200, 90, 130), S, [(0.29, 0.42), (0.29, 0.26), (0.39, 0.37)])
    _poly(s, (200, 90, 130), S, [(0.71, 0.42), (0.71, 0.26), (0.61, 0.37)])
    for x in (0.4, 0.6):
        _ellipse(s, (255, 220, 40), S, x, 0.53, 0.065, 0.055)
        _ellipse(s, black, S, x, 0.53, 0.016, 0.048)
    _poly(s, (230, 120, 150), S, [(0.47, 0.62), (0.53, 0.62), (0.5, 0.66)])
    for side in (-1, 1):
        for dy in (-0.02, 0.02):
            pygame.draw.line(s, (200, 200, 210), _pt(S, 0.5 + side * 0.08, 0.66 + dy),
                             _pt(S, 0.5 + side * 0.3, 0.63 + dy * 2.5), max(2, S // 120))


def paint_ghost(s, S):
    badge(s, S, *BADGES["ghost"])
    body = [(0.28, 0.5)]
    for i in range(21):
        a = math.pi + i * math.pi / 20
        body.append((0.5 + 0.22 * math.cos(a), 0.42 + 0.22 * math.sin(a)))
    body += [(0.72, 0.78), (0.65, 0.72), (0.58, 0.8), (0.5, 0.73), (0.42, 0.8), (0.35, 0.72), (0.28, 0.78)]
    _poly(s, (246, 248, 255), S, body)
    _poly(s, (190, 200, 230), S, [(0.62, 0.3), (0.72, 0.5), (0.72, 0.78), (0.66, 0.73), (0.66, 0.5)])
    _poly(s, OUTLINE, S, body, max(3, S // 50))
    for x in (0.42, 0.57):
        _ellipse(s, (30, 30, 50), S, x, 0.44, 0.04, 0.06)
    _ellipse(s, (30, 30, 50), S, 0.5, 0.6, 0.05, 0.06)


def paint_hat(s, S):
    badge(s, S, *BADGES["hat"])
    _ellipse(s, (60, 26, 90), S, 0.5, 0.7, 0.34, 0.09)
    cone = [(0.3, 0.68), (0.7, 0.68), (0.6, 0.4), (0.72, 0.16), (0.48, 0.34), (0.4, 0.5)]
    _poly(s, (90, 40, 130), S, cone)
    _poly(s, (130, 70, 180), S, [(0.4, 0.5), (0.48, 0.34), (0.52, 0.4), (0.45, 0.68), (0.36, 0.68)])
    _poly(s, (255, 140, 30), S, [(0.33, 0.6), (0.67, 0.6), (0.69, 0.67), (0.31, 0.67)])
    pygame.draw.rect(s, (255, 220, 80), pygame.Rect(*_pt(S, 0.45, 0.585), round(0.1 * S), round(0.1 * S)),
                     max(3, S // 50))
    _poly(s, OUTLINE, S, cone, max(2, S // 70))
    _ellipse(s, OUTLINE, S, 0.5, 0.7, 0.34, 0.09, max(2, S // 70))


def paint_witch(s, S):
    badge(s, S, *BADGES["witch"])
    _poly(s, (30, 20, 40), S, [(0.24, 0.42), (0.22, 0.8), (0.36, 0.66), (0.64, 0.66), (0.78, 0.8), (0.76, 0.42)])
    _ellipse(s, (140, 210, 90), S, 0.5, 0.56, 0.17, 0.2)
    _poly(s, (120, 190, 70), S, [(0.5, 0.5), (0.6, 0.63), (0.5, 0.6)])
    for x in (0.44, 0.56):
        _ellipse(s, (255, 255, 220), S, x, 0.52, 0.035, 0.028)
        _circle(s, (150, 20, 40), S, x, 0.52, 0.016)
    pygame.draw.arc(s, (80, 20, 40), pygame.Rect(*_pt(S, 0.41, 0.58), round(0.18 * S), round(0.1 * S)),
                    math.pi * 1.1, math.pi * 1.9, max(3, S // 60))
    _ellipse(s, (40, 24, 60), S, 0.5, 0.38, 0.32, 0.07)
    _poly(s, (50, 30, 76), S, [(0.32, 0.37), (0.68, 0.37), (0.6, 0.2), (0.74, 0.06), (0.5, 0.16), (0.4, 0.28)])
    _poly(s, (255, 140, 30), S, [(0.34, 0.34), (0.66, 0.34), (0.64, 0.3), (0.36, 0.3)])


def paint_wild(s, S):
    """WILD: a bubbling green potion on a star burst."""
    pts = []
    for i in range(24):
        a = -math.pi / 2 + i * math.pi / 12
        r = 0.47 if i % 2 == 0 else 0.36
        pts.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    _poly(s, (90, 40, 140), S, pts)
    _poly(s, (200, 140, 255), S, pts, max(3, S // 50))
    pygame.draw.rect(s, (160, 110, 60), pygame.Rect(*_pt(S, 0.44, 0.13), round(0.12 * S), round(0.13 * S)))
    _circle(s, (60, 140, 40), S, 0.5, 0.42, 0.19)
    _circle(s, SLIME, S, 0.5, 0.44, 0.16)
    _circle(s, (200, 255, 160), S, 0.44, 0.38, 0.04)
    _circle(s, OUTLINE, S, 0.5, 0.42, 0.19, max(3, S // 50))
    font = asset_files.font(round(S * 0.34), bold=True)
    for dx, dy, col in ((3, 3, OUTLINE), (0, 0, (255, 236, 120))):
        lab = font.render("WILD", True, col)
        s.blit(lab, lab.get_rect(center=(S // 2 + dx * S // 300, round(S * 0.74) + dy * S // 300)))


def paint_pumpkin(s, S, face: bool = True):
    """A ribbed orange pumpkin with a green stem and, with `face`, a glowing grin."""
    pygame.draw.line(s, (60, 110, 40), _pt(S, 0.5, 0.26), _pt(S, 0.56, 0.1), max(6, S // 14))
    for cx, rx, col in ((0.3, 0.2, ORANGE_DARK), (0.7, 0.2, ORANGE_DARK), (0.38, 0.22, (230, 110, 20)),
                        (0.62, 0.22, (230, 110, 20)), (0.5, 0.2, ORANGE)):
        _ellipse(s, col, S, cx, 0.54, rx, 0.3)
        _ellipse(s, OUTLINE, S, cx, 0.54, rx, 0.3, max(2, S // 90))
    _ellipse(s, (255, 190, 90), S, 0.45, 0.36, 0.05, 0.08)
    if face:
        glow = PUMPKIN_GLOW
        _poly(s, glow, S, [(0.3, 0.48), (0.44, 0.5), (0.36, 0.38)])
        _poly(s, glow, S, [(0.7, 0.48), (0.56, 0.5), (0.64, 0.38)])
        _poly(s, glow, S, [(0.47, 0.56), (0.53, 0.56), (0.5, 0.51)])
        mouth = [(0.24, 0.6), (0.32, 0.66), (0.36, 0.62), (0.42, 0.68), (0.47, 0.63), (0.53, 0.68),
                 (0.58, 0.63), (0.64, 0.68), (0.68, 0.62), (0.76, 0.6), (0.66, 0.78), (0.34, 0.78)]
        _poly(s, glow, S, mouth)
        _poly(s, (255, 150, 40), S, [(0.34, 0.74), (0.66, 0.74), (0.64, 0.78), (0.36, 0.78)])


def paint_vault(s, S):
    """The Collector's Vault: an iron safe with gold trim, a skull dial and rivets."""
    body = pygame.Rect(*_pt(S, 0.12, 0.14), round(0.76 * S), round(0.72 * S))
    pygame.draw.rect(s, (52, 56, 70), body, border_radius=S // 12)
    inner = body.inflate(-S // 9, -S // 9)
    pygame.draw.rect(s, (82, 88, 108), inner, border_radius=S // 18)
    pygame.draw.rect(s, (120, 128, 150), inner.inflate(-S // 40, -S // 40), max(2, S // 90), border_radius=S // 20)
    pygame.draw.rect(s, (214, 168, 60), body, max(4, S // 36), border_radius=S // 12)
    pygame.draw.rect(s, OUTLINE, body.inflate(S // 50, S // 50), max(2, S // 80), border_radius=S // 11)
    for fx, fy in ((0.19, 0.21), (0.81, 0.21), (0.19, 0.79), (0.81, 0.79)):
        _circle(s, (230, 200, 120), S, fx, fy, 0.022)
    _circle(s, (30, 32, 40), S, 0.5, 0.46, 0.19)
    _circle(s, (214, 168, 60), S, 0.5, 0.46, 0.17)
    _circle(s, (255, 226, 140), S, 0.5, 0.46, 0.17, max(2, S // 80))
    for i in range(12):
        a = i * math.pi / 6
        pygame.draw.line(s, (120, 80, 20), _pt(S, 0.5 + 0.13 * math.cos(a), 0.46 + 0.13 * math.sin(a)),
                         _pt(S, 0.5 + 0.165 * math.cos(a), 0.46 + 0.165 * math.sin(a)), max(2, S // 100))
    _ellipse(s, BONE, S, 0.5, 0.44, 0.075, 0.07)
    _poly(s, BONE, S, [(0.45, 0.48), (0.55, 0.48), (0.53, 0.54), (0.47, 0.54)])
    for x in (0.47, 0.53):
        _circle(s, (30, 20, 20), S, x, 0.44, 0.022)
    pygame.draw.rect(s, (170, 120, 40), pygame.Rect(*_pt(S, 0.78, 0.38), round(0.05 * S), round(0.16 * S)),
                     border_radius=S // 60)


PAINTERS = {"candy": paint_candy, "bat": paint_bat, "cat": paint_cat, "ghost": paint_ghost, "hat": paint_hat,
            "witch": paint_witch, "wild": paint_wild, "pumpkin": paint_pumpkin, "vault": paint_vault}


def symbol_face(symbol: str, size: int) -> pygame.Surface:
    """One symbol's face at `size` px (transparent around the art)."""
    return supersampled(size, PAINTERS[symbol])


# ------------------------------------------------------------------ values and coins
def jackpot_coin(name: str, size: int) -> pygame.Surface:
    """A jackpot coin, tinted by its tier, labelled MINI / MINOR / MEGA / GRAND."""
    rim, face = JACKPOT_COLORS[name]

    def paint(s, S):
        _circle(s, OUTLINE, S, 0.5, 0.5, 0.49)
        _circle(s, rim, S, 0.5, 0.5, 0.47)
        _circle(s, D.lerp_color(rim, (255, 255, 255), 0.5), S, 0.5, 0.5, 0.47, max(2, S // 40))
        _circle(s, face, S, 0.5, 0.5, 0.38)
        _circle(s, D.lerp_color(face, (255, 255, 255), 0.25), S, 0.46, 0.44, 0.3)
        _circle(s, face, S, 0.5, 0.5, 0.38, max(2, S // 50))
        font = asset_files.font(round(S * (0.3 if len(name) > 4 else 0.36)), bold=True)
        for d, col in ((S // 60, OUTLINE), (0, (255, 250, 225))):
            lab = font.render(name.upper(), True, col)
            s.blit(lab, lab.get_rect(center=(S // 2 + d, S // 2 + d)))
    return supersampled(size, paint)


def web(size: int) -> pygame.Surface:
    """The empty item of the row above the reels: a spider web."""
    def paint(s, S):
        c = (0.5, 0.5)
        col = (200, 200, 220)
        spokes = [i * math.pi / 4 + 0.2 for i in range(8)]
        for a in spokes:
            pygame.draw.line(s, col, _pt(S, *c), _pt(S, 0.5 + 0.46 * math.cos(a), 0.5 + 0.46 * math.sin(a)),
                             max(2, S // 80))
        for r in (0.12, 0.22, 0.32, 0.42):
            pts = [_pt(S, 0.5 + r * math.cos(a), 0.5 + r * math.sin(a)) for a in spokes]
            pygame.draw.lines(s, col, True, pts, max(2, S // 90))
    return supersampled(size, paint)


def skull(size: int, glow: bool = False) -> pygame.Surface:
    """A small skull (the row item; three wake the Great Skull)."""
    def paint(s, S):
        if glow:
            g = D.radial_glow(S // 2, (255, 60, 40), 0.9)
            s.blit(g, (0, 0))
        _ellipse(s, OUTLINE, S, 0.5, 0.42, 0.33, 0.3)
        _ellipse(s, BONE, S, 0.5, 0.42, 0.3, 0.27)
        pygame.draw.rect(s, OUTLINE, pygame.Rect(*_pt(S, 0.31, 0.55), round(0.38 * S), round(0.24 * S)),
                         border_radius=S // 14)
        pygame.draw.rect(s, BONE, pygame.Rect(*_pt(S, 0.335, 0.55), round(0.33 * S), round(0.21 * S)),
                         border_radius=S // 16)
        eye = (255, 70, 40) if glow else (40, 20, 30)
        for x in (0.38, 0.62):
            _ellipse(s, eye, S, x, 0.45, 0.085, 0.095)
        _poly(s, (40, 20, 30), S, [(0.5, 0.54), (0.46, 0.62), (0.54, 0.62)])
        for x in (0.42, 0.5, 0.58):
            pygame.draw.line(s, (90, 80, 70), _pt(S, x, 0.66), _pt(S, x, 0.76), max(2, S // 60))
    return supersampled(size, paint)


def multiplier_flame(size: int) -> pygame.Surface:
    """A multiplier of the row above the reels without its label: a green flame holding
    a dark plate (view/art.py paints the 'x3' on it)."""
    def paint(s, S):
        pts = [(0.5, 0.02), (0.62, 0.22), (0.74, 0.12), (0.82, 0.4), (0.94, 0.56), (0.82, 0.94), (0.18, 0.94),
               (0.06, 0.56), (0.18, 0.4), (0.26, 0.12), (0.38, 0.22)]
        _poly(s, (40, 120, 30), S, pts)
        _poly(s, (110, 210, 70), S, [(x * 0.84 + 0.08, y * 0.84 + 0.14) for x, y in pts])
        _poly(s, OUTLINE, S, pts, max(3, S // 40))
        c = (S // 2, round(S * 0.62))
        pygame.draw.circle(s, OUTLINE, c, round(S * 0.36))
        pygame.draw.circle(s, (18, 48, 14), c, round(S * 0.33))
    return supersampled(size, paint)

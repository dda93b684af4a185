"""The pictures of the idle layers (idle.py), painted at build time by a game's
make_assets (never per frame): a soft cloud, a twinkling star, a windmill's tower and
its sails, a bat. Each is painted on a transparent surface at the size given.
"""
from __future__ import annotations

import math

import pygame

from . import draw as D

Color = tuple[int, int, int]


def cloud(size: tuple[int, int], color: Color, shade: Color, alpha: int = 230) -> pygame.Surface:
    """A soft cloud: puffs of `color` over a flatter base in `shade`."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((*shade, 0))                   # clear, in the cloud's own colour (no dark fringe when softened)
    base = pygame.Rect(int(w * 0.06), int(h * 0.5), int(w * 0.88), int(h * 0.42))
    pygame.draw.ellipse(surf, (*shade, alpha), base)
    for fx, fy, fr in ((0.28, 0.55, 0.22), (0.48, 0.4, 0.3), (0.7, 0.52, 0.22), (0.38, 0.5, 0.2), (0.6, 0.45, 0.24)):
        r = int(min(w, h * 2) * fr * 0.5)
        pygame.draw.circle(surf, (*shade, alpha), (int(w * fx), int(h * fy) + max(2, r // 8)), r)
        pygame.draw.circle(surf, (*color, alpha), (int(w * fx), int(h * fy)), r)
    top = pygame.Rect(0, 0, w, int(h * 0.45))
    surf.fill((40, 40, 40), top, special_flags=pygame.BLEND_RGB_ADD)     # the light on its upper side
    return pygame.transform.smoothscale(pygame.transform.smoothscale(surf, (max(1, w // 3), max(1, h // 3))), size)


def star(size: int, color: Color = (255, 250, 220)) -> pygame.Surface:
    """A four-pointed sparkle with a soft glow."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    glow = D.radial_glow(size // 2, color, 0.8)
    surf.blit(glow, glow.get_rect(center=(size // 2, size // 2)))
    c, r, t = size / 2, size * 0.48, size * 0.07
    pygame.draw.polygon(surf, (*color, 255), [(c, c - r), (c + t, c - t), (c + r, c), (c + t, c + t), (c, c + r),
                                              (c - t, c + t), (c - r, c), (c - t, c - t)])
    return surf


def sails(size: int, cloth: Color = (244, 236, 214), wood: Color = (110, 70, 40)) -> pygame.Surface:
    """A windmill's four latticed sails round a hub, on a transparent square (it turns)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    c = size / 2
    for k in range(4):
        a = k * math.pi / 2 + math.pi / 4
        ux, uy = math.cos(a), math.sin(a)
        px, py = -uy, ux
        r0, r1, wd = size * 0.07, size * 0.48, size * 0.1
        pygame.draw.line(surf, wood, (c, c), (c + ux * r1, c + uy * r1), max(2, size // 40))
        quad = [(c + ux * r0 + px * 2, c + uy * r0 + py * 2), (c + ux * r1 + px * 2, c + uy * r1 + py * 2),
                (c + ux * r1 + px * wd, c + uy * r1 + py * wd), (c + ux * r0 * 2 + px * wd, c + uy * r0 * 2 + py * wd)]
        pygame.draw.polygon(surf, cloth, quad)
        pygame.draw.polygon(surf, wood, quad, max(1, size // 90))
        for i in range(1, 5):
            f = r0 + (r1 - r0) * i / 5
            pygame.draw.line(surf, wood, (c + ux * f + px * 2, c + uy * f + py * 2),
                             (c + ux * f + px * wd, c + uy * f + py * wd), max(1, size // 120))
    pygame.draw.circle(surf, wood, (int(c), int(c)), int(size * 0.05))
    pygame.draw.circle(surf, D.lerp_color(wood, (255, 255, 255), 0.3), (int(c), int(c)), int(size * 0.025))
    return surf


def tower(size: tuple[int, int], wall: Color = (236, 226, 204), roof: Color = (150, 54, 40)) -> pygame.Surface:
    """A windmill's tower: tapering walls, a cap roof, a door and a window; its sails'
    hub sits at the top centre, a tenth of the height down."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    top, foot = int(h * 0.14), h
    body = [(w * 0.3, top), (w * 0.7, top), (w * 0.86, foot), (w * 0.14, foot)]
    pygame.draw.polygon(surf, wall, body)
    shade = [(w * 0.55, top), (w * 0.7, top), (w * 0.86, foot), (w * 0.6, foot)]
    pygame.draw.polygon(surf, D.lerp_color(wall, (60, 50, 60), 0.25), shade)
    pygame.draw.polygon(surf, roof, [(w * 0.22, top + h * 0.02), (w * 0.5, 0), (w * 0.78, top + h * 0.02)])
    door = pygame.Rect(int(w * 0.4), int(h * 0.8), int(w * 0.2), int(h * 0.2))
    pygame.draw.rect(surf, (90, 56, 34), door, border_top_left_radius=door.w // 2, border_top_right_radius=door.w // 2)
    pygame.draw.rect(surf, (90, 56, 34), (int(w * 0.44), int(h * 0.42), int(w * 0.12), int(h * 0.1)))
    return surf


def bat(size: tuple[int, int], color: Color = (16, 8, 22)) -> pygame.Surface:
    """A bat in flight, wings spread, on a transparent surface."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    x, y, r = w / 2, h * 0.55, w / 2 * 0.96
    pts = [(x, y - r * 0.12), (x + r * 0.5, y - r * 0.4), (x + r, y - r * 0.2), (x + r * 0.8, y + r * 0.05),
           (x + r * 0.55, y - r * 0.05), (x + r * 0.3, y + r * 0.2), (x, y + r * 0.1), (x - r * 0.3, y + r * 0.2),
           (x - r * 0.55, y - r * 0.05), (x - r * 0.8, y + r * 0.05), (x - r, y - r * 0.2), (x - r * 0.5, y - r * 0.4)]
    pygame.draw.polygon(surf, color, pts)
    pygame.draw.circle(surf, color, (int(x), int(y - r * 0.14)), int(r * 0.13))
    return surf

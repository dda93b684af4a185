"""Toy Reels' symbol faces, drawn procedurally (pure: the scene caches them)."""
from __future__ import annotations

import math

import pygame

from cabinet.ui import draw as D

COLORS = {"J": (70, 160, 255), "Q": (190, 90, 230), "K": (240, 120, 60), "A": (240, 200, 60),
          "C": (255, 215, 0), "S": (110, 230, 160)}


def face(letter: str, size: int, font: pygame.font.Font) -> pygame.Surface:
    """A jewel tile with the symbol's letter (crown and star drawn as shapes)."""
    color = COLORS[letter]
    surf = D.rounded_panel((size, size), D.lerp_color(color, (255, 255, 255), 0.35),
                           D.lerp_color(color, (0, 0, 0), 0.45), radius=size // 6, border=(255, 245, 220),
                           border_width=max(2, size // 40))
    c = size // 2
    if letter == "S":
        pts = [(c + math.cos(a) * r, c + math.sin(a) * r) for i in range(10)
               for a, r in [(-math.pi / 2 + i * math.pi / 5, size * (0.36 if i % 2 == 0 else 0.15))]]
        pygame.draw.polygon(surf, (255, 250, 200), pts)
    elif letter == "C":
        w = size * 0.6
        x0, y0 = c - w / 2, c + size * 0.18
        pts = [(x0, y0), (x0, y0 - w * 0.55), (x0 + w * 0.25, y0 - w * 0.25), (c, y0 - w * 0.7),
               (x0 + w * 0.75, y0 - w * 0.25), (x0 + w, y0 - w * 0.55), (x0 + w, y0)]
        pygame.draw.polygon(surf, (255, 250, 210), pts)
        pygame.draw.polygon(surf, (150, 90, 0), pts, max(2, size // 50))
    else:
        label = font.render(letter, True, (255, 255, 255))
        rim = font.render(letter, True, (40, 20, 40))
        surf.blit(rim, rim.get_rect(center=(c + size // 40, c + size // 40)))
        surf.blit(label, label.get_rect(center=(c, c)))
    return surf

"""The still parts of a wheel (wheel_view.py), built once per size and cached by the
view through `app.assets`: the rim with its light sockets and hub, and the pointer.
Drawn at 2x and smoothed down."""
from __future__ import annotations

import math

import pygame

from . import draw as D

Color = tuple[int, int, int]


def build_rim(r: int, rim: Color, rim_dark: Color, lights: int, hub_label: str, font: pygame.font.Font) -> pygame.Surface:
    """The rim of a disc of real radius r: bands, light sockets, the hub and its label
    (`font` at 2x); transparent inside, so the disc shows through."""
    ss = 2
    R = r * ss
    band = max(int(R * 0.09), 6)
    size = 2 * (R + band)
    c = (size // 2, size // 2)
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    big.fill((0, 0, 0, 0))
    pygame.draw.circle(big, rim_dark, c, R + band)
    pygame.draw.circle(big, rim, c, R + band - ss * 3)
    pygame.draw.circle(big, D.lerp_color(rim, (255, 255, 255), 0.35), c, R + band // 2, max(ss * 2, band // 5))
    pygame.draw.circle(big, rim_dark, c, R + ss * 2)
    pygame.draw.circle(big, (0, 0, 0, 0), c, R - ss)       # the disc shows through
    # Light sockets (the lights themselves are drawn per frame, a few cached dots).
    for k in range(lights):
        a = math.radians(360.0 * k / lights)
        x, y = c[0] + (R + band * 0.5) * math.sin(a), c[1] - (R + band * 0.5) * math.cos(a)
        pygame.draw.circle(big, rim_dark, (x, y), band * 0.36)
    # Hub (static: its label stays upright while the disc turns).
    pygame.draw.circle(big, rim_dark, c, int(R * 0.19))
    pygame.draw.circle(big, rim, c, int(R * 0.17))
    pygame.draw.circle(big, D.lerp_color(rim, (255, 255, 255), 0.45), c, int(R * 0.17), ss * 3)
    if hub_label:
        t = font.render(hub_label, True, (60, 30, 0))
        if t.get_width() > R * 0.3:
            t = pygame.transform.smoothscale(t, (int(R * 0.3), max(int(t.get_height() * R * 0.3 / t.get_width()), 1)))
        big.blit(t, t.get_rect(center=c))
    return pygame.transform.smoothscale(big, (size // ss, size // ss))


def build_pointer(r: int, tilt: float) -> pygame.Surface:
    """The pointer of a disc of real radius r: a gold-rimmed red teardrop pointing down
    into the disc, tilted `tilt` degrees; its pivot, the cap, is the surface's centre."""
    ss = 2
    R = r * ss
    pw, ph = R * 0.13, R * 0.27
    half = int(ph + R * 0.06)
    big = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
    big.fill((0, 0, 0, 0))
    c = (half, half)
    shape = [(c[0] - pw, c[1]), (c[0] + pw, c[1]), (c[0], c[1] + ph)]
    pygame.draw.polygon(big, (60, 20, 10), [(x + R * 0.012, y + R * 0.016) for x, y in shape])
    pygame.draw.polygon(big, (225, 50, 45), shape)
    pygame.draw.polygon(big, (255, 235, 170), shape, ss * 3)
    pygame.draw.circle(big, (255, 235, 170), c, pw * 0.55)
    pygame.draw.circle(big, (190, 30, 30), c, pw * 0.35)
    small = pygame.transform.smoothscale(big, (half, half))
    return pygame.transform.rotozoom(small, tilt, 1.0) if tilt else small

"""The still parts of a wheel (wheel_view.py): the rim with its light sockets and hub,
and the pointer. They are SVG files of the game's manifest (a game's tool writes them
with `rim_svg` / `pointer_svg` in its skin's colours); the view loads them through
cabinet/ui/asset_files.py at the real size (`rim_size`, `pointer_size`) and prints the
hub's label on the rim. The disc's slices at their odds and the chasing lights stay
drawn in code: they are data and animation.

Units: the disc's radius is 100; the rim's band is BAND wide outside it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from . import asset_files
from . import svg

Color = tuple[int, int, int]
R = 100.0
BAND = 9.0                        # the rim's band, in units of the disc's radius / 100
HUB = 0.19                        # the hub's radius, a share of the disc's
POINTER_HALF = 33.0               # the pointer's square is 2 x this; its pivot (the cap) the centre


@dataclass(frozen=True)
class WheelArt:
    """Where a wheel's still parts are: the game's manifest and the image ids."""
    game: str
    rim: str = "wheel.rim"
    pointer: str = "wheel.pointer"


def rim_svg(rim: Color, rim_dark: Color, lights: int, title: str = "wheel rim") -> str:
    """The rim of a disc of radius R: bands, `lights` light sockets, the hub; open inside
    so the disc shows through."""
    c = R + BAND
    light = svg.lerp(rim, (255, 255, 255), 0.35)
    body = svg.circle(c, c, (R - 0.4 + R + BAND) / 2, None, rim_dark, BAND + 0.4)
    body += svg.circle(c, c, (R + 0.7 + R + BAND - 1.0) / 2, None, rim, BAND - 1.7)
    body += svg.circle(c, c, R + BAND / 2, None, light, 1.8)
    for k in range(lights):
        a = math.radians(360.0 * k / lights)
        body += svg.circle(c + (R + BAND / 2) * math.sin(a), c - (R + BAND / 2) * math.cos(a), BAND * 0.36, rim_dark)
    body += svg.circle(c, c, R * HUB, rim_dark)
    body += svg.circle(c, c, R * 0.17, rim, svg.lerp(rim, (255, 255, 255), 0.45), 1.2)
    return svg.document(2 * c, 2 * c, body, title=title)


def pointer_svg(body: Color = (225, 50, 45), edge: Color = (255, 235, 170), shadow: Color = (60, 20, 10),
                cap: Color = (190, 30, 30)) -> str:
    """A rimmed teardrop pointing down into the disc; its pivot, the cap, is the centre."""
    c, pw, ph = POINTER_HALF, R * 0.13, R * 0.27
    shape = [(c - pw, c), (c + pw, c), (c, c + ph)]
    out = svg.polygon([(x + 1.2, y + 1.6) for x, y in shape], shadow, shadow, 1.0)
    out += svg.polygon(shape, body, edge, 1.4)
    out += svg.circle(c, c, pw * 0.55, edge) + svg.circle(c, c, pw * 0.35, cap)
    return svg.document(2 * c, 2 * c, out, title="wheel pointer")


def band(r: int) -> int:
    """The rim's band in real px for a disc of real radius r."""
    return max(round(r * BAND / R), 3)


def rim(art: WheelArt, r: int, hub_label: str = "", font: pygame.font.Font | None = None) -> pygame.Surface:
    """The rim file at real radius r, with the hub's label (`font` at 2x) printed on."""
    surf = asset_files.image(art.game, art.rim, 2 * round(r * (R + BAND) / R))
    if hub_label and font is not None:
        t = font.render(hub_label, True, (60, 30, 0))
        w = max(int(t.get_width() / 2), 1)
        h = max(int(t.get_height() / 2), 1)
        if w > r * 0.3:
            w, h = int(r * 0.3), max(int(h * r * 0.3 / w), 1)
        t = pygame.transform.smoothscale(t, (w, h))
        surf.blit(t, t.get_rect(center=(surf.get_width() // 2, surf.get_height() // 2)))
    return surf


def pointer(art: WheelArt, r: int, tilt: float) -> pygame.Surface:
    """The pointer file at real radius r, tilted `tilt` degrees."""
    small = asset_files.image(art.game, art.pointer, max(round(r * 2 * POINTER_HALF / R), 2))
    return pygame.transform.rotozoom(small, tilt, 1.0) if tilt else small

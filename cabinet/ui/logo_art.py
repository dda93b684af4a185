"""Title logos and the lobby's key art, painted at build time (`make assets`: a game's
tools/make_assets.py and cabinet/ui/asset_build.py) and written as PNG under assets/,
so the lobby's first frame shows every game's own art without importing its scene.

A logo is the game's name in the cabinet's heaviest font, each line filled with a
vertical gradient, ringed in a dark outline with a soft drop shadow, the game's emblem
(one of its symbols) standing beside or above it. Nothing here runs per frame.
"""
from __future__ import annotations

import math
from typing import Sequence

import pygame

from . import asset_files
from . import draw as D

Color = tuple[int, int, int]
CABINET_NAME = "GOLDEN ACRES"          # the cabinet's own name: its lobby's logo


def _filled(text: str, px: int, top: Color, bottom: Color) -> pygame.Surface:
    """`text` at `px` in the bold font, filled top to bottom with a gradient."""
    font = asset_files.font(px, True)
    mask = font.render(text, True, (255, 255, 255))
    fill = D.vertical_gradient(mask.get_size(), [top, D.lerp_color(top, bottom, 0.45), bottom]).convert_alpha()
    fill.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    shine = pygame.Surface((mask.get_width(), max(1, mask.get_height() * 2 // 5)), pygame.SRCALPHA)
    shine.fill((255, 255, 255, 60))                              # a glint on the upper part of the letters
    glint = mask.copy()
    glint.blit(shine, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    glint.fill((0, 0, 0, 0), (0, shine.get_height(), glint.get_width(), glint.get_height()))
    fill.blit(glint, (0, 0))
    return fill


def _ringed(surf: pygame.Surface, color: Color, width: int) -> pygame.Surface:
    """`surf` with an outline `width` px around its opaque pixels."""
    w, h = surf.get_size()
    out = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    solid = pygame.mask.from_surface(surf, 60).to_surface(setcolor=(*color, 255), unsetcolor=(0, 0, 0, 0))
    steps = max(12, width * 4)
    for i in range(steps):
        a = 2 * math.pi * i / steps
        out.blit(solid, (width + round(math.cos(a) * width), width + round(math.sin(a) * width)))
    out.blit(surf, (width, width))
    return out


def _shadowed(surf: pygame.Surface, offset: int) -> pygame.Surface:
    w, h = surf.get_size()
    out = pygame.Surface((w + offset * 2, h + offset * 2), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    dark = pygame.mask.from_surface(surf, 40).to_surface(setcolor=(0, 0, 0, 110), unsetcolor=(0, 0, 0, 0))
    for dx, dy in ((offset, offset), (offset // 2, offset), (offset, offset // 2)):
        out.blit(dark, (dx, dy))
    out.blit(surf, (0, 0))
    return out


def logo(lines: Sequence[str], height: int, top: Color, bottom: Color, ink: Color,
         emblem: pygame.Surface | None = None) -> pygame.Surface:
    """The game's logo, `height` px high: its name's `lines` stacked (the first line
    smaller when there are two), `emblem` at the left of them."""
    sizes = [0.62, 1.0] if len(lines) == 2 else [1.0] * len(lines)
    unit = height / (sum(sizes) * 1.02 + 0.1)
    parts = [_ringed(_filled(text, int(unit * k * 1.35), top, bottom), ink, max(2, int(unit * k * 0.07)))
             for text, k in zip(lines, sizes)]
    text_w = max(p.get_width() for p in parts)
    text_h = sum(p.get_height() for p in parts) - int(unit * 0.18) * (len(parts) - 1)
    em = 0 if emblem is None else int(height * 0.98)
    surf = pygame.Surface((text_w + (em + int(height * 0.02) if em else 0), max(text_h, em)), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    if emblem is not None:
        face = pygame.transform.smoothscale(emblem, (em, em))
        surf.blit(face, (0, (surf.get_height() - em) // 2))
    x0 = em + int(height * 0.02) if em else 0
    y = (surf.get_height() - text_h) // 2
    for part in parts:
        surf.blit(part, (x0 + (text_w - part.get_width()) // 2, y))
        y += part.get_height() - int(unit * 0.18)
    return _shadowed(surf, max(3, height // 40))


def fit(surf: pygame.Surface, box: tuple[int, int]) -> pygame.Surface:
    """`surf` scaled to fit inside `box`, keeping its proportions (build time only)."""
    k = min(box[0] / surf.get_width(), box[1] / surf.get_height())
    return pygame.transform.smoothscale(surf, (max(1, int(surf.get_width() * k)), max(1, int(surf.get_height() * k))))


# The lobby tile's picture is this many px at 1920x1080 (lobby.py: the tile less its
# margins, 52% of its height); the loader scales it for other windows.
TILE_ART = (476, 312)
LOGO_H = 240          # a logo's file height in px (the screens scale it down once)


def tile(art: pygame.Surface, mark: pygame.Surface) -> pygame.Surface:
    """The lobby tile's picture: the game's key art with its logo at the foot, over a
    darkening that keeps the logo readable."""
    w, h = art.get_size()
    surf = art.convert_alpha() if pygame.display.get_surface() is not None else art.copy()
    shade = pygame.Surface((w, h // 2), pygame.SRCALPHA)
    for y in range(shade.get_height()):
        shade.fill((6, 4, 16, int(170 * (y / shade.get_height()) ** 1.6)), (0, y, w, 1))
    surf.blit(shade, (0, h - shade.get_height()))
    small = fit(mark, (int(w * 0.9), int(h * 0.36)))
    surf.blit(small, small.get_rect(midbottom=(w // 2, h - int(h * 0.03))))
    return surf


def painters(lines: Sequence[str], colors: tuple[Color, Color, Color], emblem, scene_art) -> dict:
    """A game's key-art painters for its make_assets: image id -> (file, paint()).
    `emblem()` paints the symbol beside the name, `scene_art(size)` the tile's picture
    (the scene's own drawing code)."""
    def mark() -> pygame.Surface:
        return logo(lines, LOGO_H, *colors, emblem=emblem())
    return {"logo": ("lobby/logo.png", mark),
            "lobby.tile": ("lobby/tile.png", lambda: tile(scene_art(TILE_ART), mark()))}

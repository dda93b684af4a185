"""What the wheels of one window size share (wheel_view.py's WheelView draws from
these): discs by content and their turned pictures (LRUs of DISC_CACHE and
TURNED_CACHE), the disc's light map by radius, the label font by pixel size.
"""
from __future__ import annotations

import weakref
from collections import OrderedDict

import numpy as np
import pygame

from . import asset_files

DISC_CACHE = 24         # discs kept per window size (about 0.7 MB each at 1600x900)
# turned pictures (disc rotations, pointer turns) kept per window size, all wheels together:
# ~2.5 MB each at 1080p (Piggy Farm's radius 292). Kept per view, every wheel a game ever
# showed held its own dozen: Piggy Farm's three tiers (per language) added ~30 MB the
# first time each tier came up, thousands of rounds apart (#34 item 5's steps)
TURNED_CACHE = 12


class WheelCaches:
    """What the wheels of one window size share: discs by content and their turned
    pictures (LRUs), light maps by radius, fonts by pixel size. Kept per `Assets` (a new window size or a new App
    starts afresh, so no font outlives a pygame.quit())."""

    def __init__(self) -> None:
        self.discs: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.turned: OrderedDict[tuple, pygame.Surface] = OrderedDict()   # an LRU of TURNED_CACHE
        self.lights: dict[int, pygame.Surface] = {}
        self.fonts: dict[int, pygame.font.Font] = {}


_CACHES: "weakref.WeakKeyDictionary[object, WheelCaches]" = weakref.WeakKeyDictionary()


def caches(assets) -> WheelCaches:
    """The caches of one `Assets` (one window size), made on first use."""
    shared = _CACHES.get(assets)
    if shared is None:
        shared = _CACHES[assets] = WheelCaches()
    return shared


def light_map(assets, r: int) -> pygame.Surface:
    """Half the disc's soft light (a light from the upper left, brighter toward the hub)
    as an opaque grey surface of 2r x 2r: a disc blitted with BLEND_RGB_MULT by it and
    then added to itself is lit by the full factor (up to 1.24, which a MULT blit alone
    cannot give). Built once per radius (about 1 ms)."""
    lights = caches(assets).lights
    surf = lights.get(r)
    if surf is None:
        t = (np.arange(2 * r, dtype=np.float32) + 0.5 - r) / r      # -1..1 across the disc
        x, y = t[:, None], t[None, :]                                 # surfarray order: [x, y]
        light = 1.18 - 0.18 * np.sqrt(x * x + y * y) - 0.10 * (x + 0.4)
        # MULT rounds up ((s * d + 255) >> 8), so take the floor of the half factor.
        half = np.clip(np.floor(light * 128.0), 0, 255).astype(np.uint8)
        surf = pygame.Surface((2 * r, 2 * r)).convert()
        rgb = pygame.surfarray.pixels3d(surf)
        rgb[:] = half[:, :, None]
        del rgb
        lights[r] = surf
    return surf


def label_font(assets, px: int) -> pygame.font.Font:
    """The default font, bold, at `px` real pixels."""
    fonts = caches(assets).fonts
    font = fonts.get(px)
    if font is None:
        font = fonts[px] = asset_files.font(px, bold=True)
    return font

"""Grinning Harvest's pictures: symbols, jackpot coins, the row items, the field, the
reel frame and the Big Pumpkin are files under assets/grinning_harvest/<skin>/ (named by
its manifest.yaml, loaded through cabinet/ui/asset_files.py; `python -m
games.grinning_harvest.tools.make_assets` paints them). What the game draws here
carries a value: the plates under values and a multiplier's label on its flame.
"""
from __future__ import annotations

from typing import Callable

import pygame

from cabinet.ui import asset_files
from cabinet.ui import draw as D

GAME = "grinning_harvest"
SYMBOLS = ("candy", "bat", "cat", "ghost", "hat", "witch", "wild", "pumpkin", "vault")
OUTLINE = (24, 10, 30)
ORANGE = (255, 140, 26)
ORANGE_DARK = (176, 64, 8)
PUMPKIN_GLOW = (255, 226, 96)
SLIME = (120, 220, 80)
PURPLE = (120, 60, 170)
BONE = (242, 236, 214)
# Jackpot coin colours (rim, face) by name, lowest first.
JACKPOT_COLORS = {"mini": ((90, 200, 110), (30, 110, 50)), "minor": ((90, 170, 255), (30, 70, 160)),
                  "mega": ((200, 110, 255), (90, 30, 150)), "grand": ((255, 214, 80), (170, 60, 20))}
# The paylines' colours (line i: LINE_COLORS[i % 5]): their badges are files, one per colour.
LINE_COLORS = [(255, 200, 60), (255, 120, 40), (140, 230, 90), (200, 120, 255), (90, 200, 255)]
# Badge colours of the line symbols (light, dark).
BADGES = {"candy": ((255, 176, 80), (150, 60, 10)), "bat": ((150, 100, 220), (50, 24, 100)),
          "cat": ((120, 210, 140), (24, 90, 60)), "ghost": ((130, 190, 255), (30, 60, 140)),
          "hat": ((90, 220, 210), (20, 90, 110)), "witch": ((255, 110, 190), (120, 20, 90))}


def supersampled(size: int, paint: Callable[[pygame.Surface, int], None], k: int = 2) -> pygame.Surface:
    """Paint on a k-times larger canvas (side S) and smooth-scale it down to `size`."""
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    paint(big, size * k)
    return pygame.transform.smoothscale(big, (size, size))


def symbol_face(symbol: str, size: int) -> pygame.Surface:
    """One symbol's face at `size` px (transparent around the art)."""
    return asset_files.image(GAME, f"symbol.{symbol}", size)


def jackpot_coin(name: str, size: int) -> pygame.Surface:
    """A jackpot coin, tinted by its tier, labelled MINI / MINOR / MEGA / GRAND."""
    return asset_files.image(GAME, f"coin.{name}", size)


def web(size: int) -> pygame.Surface:
    """The empty item of the row above the reels: a spider web."""
    return asset_files.image(GAME, "web", size)


def skull(size: int, glow: bool = False) -> pygame.Surface:
    """A small skull (the row item; three wake the Great Skull); `glow`: awake."""
    return asset_files.image(GAME, "skull_awake" if glow else "skull", size)


def image(image_id: str, size: int | tuple[int, int]) -> pygame.Surface:
    """Any picture of the game's skin by its manifest id, at `size` px."""
    return asset_files.image(GAME, image_id, size)


def line_badge(line: int, size: int, on: bool) -> pygame.Surface:
    """The round badge of payline `line` (its colour; dimmed when not lit); its number
    is printed on it by the board."""
    return asset_files.image(GAME, f"line_badge.{line % len(LINE_COLORS)}.{'on' if on else 'off'}", size)


def plate(size: tuple[int, int], top, bottom, rim) -> pygame.Surface:
    """A pill-shaped value plate (pumpkin and vault values sit on it)."""
    w, h = size
    return D.rounded_panel((w, h), top, bottom, radius=h // 2, border=rim, border_width=max(2, h // 12))


def multiplier_badge(label: str, size: int) -> pygame.Surface:
    """A multiplier of the row above the reels: the green flame with a large bright
    'x3' in a thick black outline (readable at the row's size) on its dark plate."""
    s = asset_files.image(GAME, "multiplier", size)
    S = size
    c = (S // 2, round(S * 0.62))
    font = asset_files.font(round(S * 0.74), bold=True)     # Lato Black: as tall as the old x3
    lab = font.render(label, True, (255, 240, 110))
    if lab.get_width() > S * 0.62:
        lab = pygame.transform.smoothscale(lab, (round(S * 0.62), round(lab.get_height() * S * 0.62 / lab.get_width())))
    rim = max(2, S // 30)
    for dx in (-rim, 0, rim):
        for dy in (-rim, 0, rim):
            if dx or dy:
                shadow = lab.copy()
                shadow.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
                s.blit(shadow, shadow.get_rect(center=(c[0] + dx, c[1] + dy)))
    s.blit(lab, lab.get_rect(center=c))
    return s

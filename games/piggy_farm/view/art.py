"""Piggy Farm's pictures: files under assets/piggy_farm/<skin>/, named by the game's
manifest (assets/piggy_farm/manifest.yaml) and loaded through the cabinet's one loader
(cabinet/ui/asset_files.py); `python -m games.piggy_farm.tools.make_assets` paints
them. What stays here is what the game draws in code: the glow colours of wins and
the skin's colours of the panels.
"""
from __future__ import annotations

import pygame

from cabinet.ui import asset_files

GAME = "piggy_farm"
INK = (44, 24, 16)          # outline colour of every symbol (the hunt's nests use it too)
SYMBOLS = ("GP", "PP", "HN", "EG", "CN", "CR", "AP", "WD", "WM")
NAMES = {"GP": "Golden Pig", "PP": "Pink Pig", "HN": "Hen", "EG": "Egg Basket", "CN": "Corn", "CR": "Carrot",
         "AP": "Apple", "WD": "Muddy Pig Wild", "WM": "Windmill"}
GLOW = {"GP": (255, 210, 80), "PP": (255, 150, 180), "HN": (255, 255, 240), "EG": (240, 200, 140),
        "CN": (255, 230, 90), "CR": (255, 150, 60), "AP": (255, 90, 90), "WD": (170, 120, 70), "WM": (120, 200, 255)}


def symbol(sid: str, size: int) -> pygame.Surface:
    """Symbol `sid` on a transparent square of `size` px."""
    return asset_files.image(GAME, f"symbol.{sid}", size)


def farm_backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The farm behind everything, at `size` px."""
    return asset_files.image(GAME, "backdrop", size)


def frame(size: tuple[int, int]) -> pygame.Surface:
    """The board's frame (planks, the checkered inner panel) at `size` px."""
    return asset_files.image(GAME, "frame", size)


def picture(image_id: str, size: int | tuple[int, int]) -> pygame.Surface:
    """A feature picture (nest, egg_closed, egg_open, rooster, barn, door) at `size` px."""
    return asset_files.image(GAME, image_id, size)


def color(name: str) -> tuple[int, int, int]:
    """A colour of the current skin (manifest `colors`): panel_top, panel_bottom, panel_rim."""
    return asset_files.color(GAME, name)

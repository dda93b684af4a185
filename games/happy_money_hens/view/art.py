"""Happy Money Hens' pictures: the symbols, feature eggs, pots and the farm at dusk are
files under assets/happy_money_hens/<skin>/ (named by its manifest.yaml, loaded through
cabinet/ui/asset_files.py; `python -m games.happy_money_hens.tools.make_assets` paints
them). What the game draws here is what carries a value: coins in the tint of their
kind (the coin body is a file) with their amount painted on, and outlined labels.
"""
from __future__ import annotations

import pygame

from cabinet.ui import asset_files

GAME = "happy_money_hens"
SS = 2   # supersampling factor

POT_COLOURS = {"BLUE": (70, 140, 255), "RED": (235, 70, 70), "GOLD": (255, 196, 40)}
POT_FEATURE = {"BLUE": "DOUBLE COINS", "RED": "POT FILL", "GOLD": "HAPPY BOOST"}
JACKPOT_COLOURS = {"MINI": (80, 200, 120), "MINOR": (70, 150, 255), "MAJOR": (190, 90, 240), "GRAND": (245, 70, 80)}
LETTER_COLOURS = {"A": (235, 80, 80), "K": (70, 140, 240), "Q": (170, 90, 230), "J": (60, 190, 120)}
# The coins' kinds and their tints: each a file (coins/<kind>.svg) of the skin.
COIN_TINTS = {"cash": (255, 200, 50), "boost": (255, 150, 60), "ghost": (200, 170, 110), "full": (255, 205, 60),
              **POT_COLOURS, **JACKPOT_COLOURS}
FEATURE_COLOURS = {"double_coins": POT_COLOURS["BLUE"], "pot_fill": POT_COLOURS["RED"],
                   "happy_boost": POT_COLOURS["GOLD"]}


def _canvas(size: int) -> pygame.Surface:
    surf = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    return surf


def _down(surf: pygame.Surface, size: int) -> pygame.Surface:
    return pygame.transform.smoothscale(surf, (size, size))


def _font(px: int) -> pygame.font.Font:
    return asset_files.font(px, bold=True)


def outlined(text: str, px: int, color, rim=(30, 16, 8), width: int = 0) -> pygame.Surface:
    """A label with a dark rim, for text painted onto symbols and coins."""
    f = _font(px)
    w = width or max(1, px // 14)
    f.outline = w
    back = f.render(text, True, rim)
    f.outline = 0           # the font is shared
    front = f.render(text, True, color)
    back.blit(front, (w, w))
    return back


def coin(size: int, kind: str = "cash", dim: float = 0.0) -> pygame.Surface:
    """A round coin of `kind` (COIN_TINTS) with a rim and a shine (no value: the label is
    blitted on top), `dim` of the way to black (a coin behind another)."""
    surf = asset_files.image(GAME, f"coin.{kind}", size)
    if dim:
        k = round(255 * (1 - dim))
        surf.fill((k, k, k), special_flags=pygame.BLEND_RGB_MULT)
    return surf


def reel_frame(size: tuple[int, int]) -> pygame.Surface:
    """The base game's wooden frame around the reels at `size` px."""
    return asset_files.image(GAME, "reel_frame", size)


def coin_label(coin_surf: pygame.Surface, text: str, sub: str | None = None, color=(70, 35, 0)) -> pygame.Surface:
    """A coin with its value (and an optional small caption) painted on."""
    size = coin_surf.get_width()
    surf = coin_surf.copy()
    px = int(size * (0.34 if len(text) <= 5 else 0.27 if len(text) <= 7 else 0.22))
    label = outlined(text, px, (255, 255, 240), rim=color, width=max(1, size // 40))
    if label.get_width() > size * 0.84:            # long names shrink to fit the coin
        k = size * 0.84 / label.get_width()
        label = pygame.transform.smoothscale(label, (int(label.get_width() * k), max(1, int(label.get_height() * k))))
    surf.blit(label, label.get_rect(center=(size // 2, size // 2 + (size // 14 if sub else 0))))
    if sub:
        cap = outlined(sub, int(size * 0.17), (255, 255, 255), rim=color, width=1)
        surf.blit(cap, cap.get_rect(center=(size // 2, int(size * 0.30))))
    return surf


def image(image_id: str, size: int | tuple[int, int]) -> pygame.Surface:
    """Any picture of the game's skin by its manifest id, at `size` px."""
    return asset_files.image(GAME, image_id, size)


def symbol_face(name: str, size: int) -> pygame.Surface:
    """One reel symbol (a letter, a bird, the nest, WILD or a feature egg) at `size` px."""
    return asset_files.image(GAME, f"symbol.{name}", size)


def feature_face(colour: str, size: int) -> pygame.Surface:
    """A feature symbol: a glowing medallion egg of its pot's colour, named by feature."""
    return symbol_face(colour, size)


def feature_pot(size: tuple[int, int], colour: str, level: int, levels: int = 4) -> pygame.Surface:
    """A feature pot of `colour` filled to `level` of its four bands."""
    return asset_files.image(GAME, f"pot.{colour}.{min(max(level, 0), levels)}", size)


def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The farm at dusk at `size` px."""
    return asset_files.image(GAME, "backdrop", size)

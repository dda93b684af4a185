"""Happy Money Hens' pictures: the symbols, feature eggs, pots and the farm at dusk are
files under assets/happy_money_hens/<skin>/ (named by its manifest.yaml, loaded through
cabinet/ui/asset_files.py; `python -m games.happy_money_hens.tools.make_assets` paints
them). What the game draws here is what carries a value: coins in the tint of their
kind with their amount painted on, and outlined labels.
"""
from __future__ import annotations

import numpy as np
import pygame

from cabinet.ui import asset_files
from cabinet.ui import draw as D

GAME = "happy_money_hens"
SS = 2   # supersampling factor

POT_COLOURS = {"BLUE": (70, 140, 255), "RED": (235, 70, 70), "GOLD": (255, 196, 40)}
POT_FEATURE = {"BLUE": "DOUBLE COINS", "RED": "POT FILL", "GOLD": "HAPPY BOOST"}
JACKPOT_COLOURS = {"MINI": (80, 200, 120), "MINOR": (70, 150, 255), "MAJOR": (190, 90, 240), "GRAND": (245, 70, 80)}
LETTER_COLOURS = {"A": (235, 80, 80), "K": (70, 140, 240), "Q": (170, 90, 230), "J": (60, 190, 120)}
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


def coin(size: int, tint=(255, 200, 50)) -> pygame.Surface:
    """A round coin with a rim and a shine (no value: the label is blitted on top)."""
    n = size * SS
    s = _canvas(size)
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32)
    d = np.sqrt((xx - n * 0.42) ** 2 + (yy - n * 0.38) ** 2) / n
    shade = np.clip(1.25 - d * 1.3, 0.45, 1.2)
    rgb = np.clip(np.stack([np.full((n, n), c, np.float32) * shade for c in tint], -1), 0, 255).astype(np.uint8)
    body = pygame.Surface((n, n), pygame.SRCALPHA)
    pygame.surfarray.blit_array(body, rgb.transpose(1, 0, 2))
    mask = _canvas(size)
    pygame.draw.circle(mask, (255, 255, 255, 255), (n / 2, n / 2), n * 0.48)
    pa = pygame.surfarray.pixels_alpha(body)
    pa[:, :] = pygame.surfarray.array_alpha(mask)
    del pa
    s.blit(body, (0, 0))
    dark = D.lerp_color(tint, (60, 30, 0), 0.55)
    pygame.draw.circle(s, dark, (n / 2, n / 2), n * 0.48, max(3, n // 22))
    pygame.draw.circle(s, D.lerp_color(tint, (255, 255, 255), 0.45), (n / 2, n / 2), n * 0.38, max(2, n // 60))
    return _down(s, size)


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

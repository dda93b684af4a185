"""Grinning Harvest's larger pictures: the moonlit pumpkin field behind the reels, the
reel frame, the Big Pumpkin (the Big Skull in the bonus), files under
assets/grinning_harvest/<skin>/; and the lobby tile composed from them.
"""
from __future__ import annotations

import pygame

from cabinet.ui import asset_files

from . import art


def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The night field at `size` px."""
    return asset_files.image(art.GAME, "backdrop", size)


def reel_frame(size: tuple[int, int]) -> pygame.Surface:
    """The carved frame round the reels: dark glass inside an orange-gold rim."""
    return asset_files.image(art.GAME, "frame", size)


def big_pumpkin(size: int) -> pygame.Surface:
    """The Big Pumpkin above the reels, lit from inside."""
    return asset_files.image(art.GAME, "big_pumpkin", size)


def big_skull(size: int, awake: bool) -> pygame.Surface:
    """The Big Skull of the bonus; awake, its eyes burn and a halo glows."""
    return art.skull(size, glow=awake)


def tile(size: tuple[int, int]) -> pygame.Surface:
    """The lobby tile: the night field with a grinning pumpkin, a vault and a coin."""
    w, h = size
    surf = backdrop((w, h))
    pk = big_pumpkin(int(h * 0.62))
    surf.blit(pk, pk.get_rect(center=(w // 2, int(h * 0.5))))
    v = art.symbol_face("vault", int(h * 0.34))
    surf.blit(v, v.get_rect(center=(int(w * 0.2), int(h * 0.66))))
    coin = art.jackpot_coin("grand", int(h * 0.3))
    surf.blit(coin, coin.get_rect(center=(int(w * 0.8), int(h * 0.64))))
    return surf

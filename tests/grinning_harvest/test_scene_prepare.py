"""Grinning Harvest's banners (issue #34 item 1): every style's panel and glow is built
behind the splash (GrinningHarvestScene.prepare_slices), so the round frame that first
shows a banner (a jackpot, the bonus's total, the max win) only draws its text."""
from __future__ import annotations

import pygame

from games.grinning_harvest.view import panels
from tests.ui.conftest import open_game, run


def test_every_banner_style_is_built_ahead_and_the_frame_showing_one_builds_no_picture(app):
    scene = open_game(app)
    assert set(panels.BANNER_STYLES) >= {"bonus", "skull", "total", "cap", "jackpot_mini", "jackpot_grand"}
    said = list(scene.prepare_slices(pygame.Surface(app.layout.size)))
    assert said == ["its banners"] * len(panels.BANNER_STYLES)
    built = []
    cache = app.assets._surfaces
    real_put = cache.put
    cache.put = lambda key, surf: (built.append(key), real_put(key, surf))
    for style in panels.BANNER_STYLES:
        scene.banner = ("A BANNER", "$1.00", style)
        run(app, 1)
    assert not [key for key in built if key[0] in ("gh_banner", "gh_bannerglow")], built

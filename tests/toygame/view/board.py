"""Toy Reels' board: the frame, the reels, the winning lines, the coin bonus."""
from __future__ import annotations

import pygame

from cabinet.ui import draw as D
from cabinet.ui.reels import line_points, pulse

from ..math import rules
from .layout import FRAME


def draw(scene, surface: pygame.Surface) -> None:
    lay, A = scene.app.layout, scene.app.assets
    frame = A.surface(("toy_frame", lay.size), lambda: D.rounded_panel(
        (lay.px(FRAME.w), lay.px(FRAME.h)), (60, 40, 120), (20, 14, 50), radius=lay.px(30), border=D.GOLD,
        border_width=lay.px(6)))
    surface.blit(frame, lay.pt(*FRAME.topleft))
    scene.reels.draw(surface)
    glow = 0.5 + 0.5 * pulse(scene.time)
    for li in scene.win_lines:
        pts = [lay.pt(*p) for p in line_points(scene.reels, rules.LINES[li])]
        pygame.draw.lines(surface, D.lerp_color(D.GOLD, (255, 255, 255), glow * 0.5), False, pts, lay.px(10))
    if scene.bonus or scene.coins:
        A.blit_text(surface, "COIN BONUS", 54, (1580, 260), D.GOLD, anchor="center", bold=True, outline=(60, 30, 0))
        for i, value in enumerate(scene.coins):
            A.blit_text(surface, f"{value / 100:g}x", 40, (1580, 340 + i * 56), D.CREAM, anchor="center", bold=True)

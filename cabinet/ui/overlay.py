"""A base for menus drawn over a game: a dimming veil and a titled panel."""
from __future__ import annotations

import pygame

from . import draw as D
from .scene import Scene
from .widgets import Button


class Overlay(Scene):
    """A modal panel over the scene below (which stays visible, dimmed)."""

    opaque = False
    panel_rect = pygame.Rect(360, 150, 1200, 760)
    title = ""

    def close_button(self) -> Button:
        r = self.panel_rect
        return Button((r.right - 80, r.y + 20, 60, 60), "X", "close", font_size=30)

    def draw_frame(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets
        surface.blit(A.surface(("veil", lay.size), lambda: _veil(lay.size)), (0, 0))
        r = self.panel_rect
        real = lay.rect(r)
        shadow = A.surface(("overlay_shadow", real.size), lambda: D.shadow(real.size, lay.px(30), lay.px(24), 200))
        surface.blit(shadow, (real.x - lay.px(24), real.y - lay.px(12)))
        surface.blit(A.surface(("overlay_panel", real.size), lambda: D.rounded_panel(
            real.size, (52, 50, 112), (18, 16, 44), radius=lay.px(30), border=D.GOLD, border_width=lay.px(4))),
            real.topleft)
        if self.title:
            A.blit_text(surface, self.title, 56, (r.centerx, r.y + 52), D.GOLD, anchor="center", bold=True,
                        outline=(70, 30, 0))


def _veil(size: tuple[int, int]) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((5, 5, 20, 170))
    return veil

"""Buttons and toggles placed in logical coordinates; a click becomes an action.

Each look (normal, hover, pressed, off) is pre-rendered once through `app.assets`,
so drawing a button is one blit. Touch screens send mouse events, so a click is a
press and release inside the same button.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol

import pygame

from cabinet.core.i18n import translate

from . import draw as D

if TYPE_CHECKING:
    from .layout import Assets, Layout


class Screen(Protocol):
    """What a widget draws through: the layout and the assets (the App has both)."""

    layout: "Layout"
    assets: "Assets"


class Widget:
    """Something on screen that may turn mouse input into an action name."""

    def handle(self, event: pygame.event.Event, layout: "Layout") -> str | None:
        return None

    def draw(self, surface: pygame.Surface, app: Screen) -> None:
        pass


class Button(Widget):
    """A rounded button; `label` may be a callable so it can show live values."""

    def __init__(self, rect: tuple[int, int, int, int], label: str | Callable[[], str], action: str,
                 style: str = "panel", font_size: int = 30, enabled: Callable[[], bool] | None = None,
                 lit: Callable[[], bool] | None = None, label_offset: int = 0):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.action = action
        self.style = style
        self.font_size = font_size
        self.enabled = enabled or (lambda: True)
        self.lit = lit or (lambda: False)
        self.label_offset = label_offset     # logical px of the label below (+) or above (-) centre
        self.hover = False
        self._pressed = False

    STYLES = {
        "panel": ((70, 78, 150), (40, 44, 96), D.MUTED),
        "gold": ((255, 214, 102), (196, 128, 28), (255, 240, 190)),
        "green": ((90, 210, 130), (30, 120, 70), (200, 255, 220)),
        "red": ((240, 110, 100), (150, 40, 40), (255, 210, 200)),
        "lit": ((120, 200, 255), (40, 90, 170), (210, 240, 255)),
        "off": ((70, 70, 84), (44, 44, 56), (110, 110, 130)),
    }

    def text(self) -> str:
        """The label as shown: a callable's text, or the label in the player's language
        (labels are written N_("SPIN"): marked for the catalogue, translated here)."""
        return self.label() if callable(self.label) else translate(self.label)

    MIN_TARGET = 64            # logical px: the smallest a finger is asked to hit (1080p)

    def hit_rect(self) -> pygame.Rect:
        """Where a click or touch presses it: its rect, grown about its centre to at
        least MIN_TARGET each way."""
        r = self.rect
        return r.inflate(max(0, self.MIN_TARGET - r.w), max(0, self.MIN_TARGET - r.h))

    def _look(self, app: Screen, style: str, hover: bool) -> pygame.Surface:
        lay = app.layout
        size = (lay.px(self.rect.w), lay.px(self.rect.h))

        def build() -> pygame.Surface:
            top, bottom, border = self.STYLES[style]
            if hover:
                top, bottom = D.lerp_color(top, (255, 255, 255), 0.18), D.lerp_color(bottom, (255, 255, 255), 0.12)
            return D.rounded_panel(size, top, bottom, radius=lay.px(min(self.rect.h // 2, 22)),
                                   border=border, border_width=max(2, lay.px(3)))
        return app.assets.surface(("button", size, style, hover), build)

    def draw(self, surface: pygame.Surface, app: Screen) -> None:
        on = self.enabled()
        style = self.style if on else "off"
        if on and self.lit() and self.style == "panel":
            style = "lit"
        real = app.layout.rect(self.rect)
        surface.blit(self._look(app, style, self.hover and on), real)
        dark = style in ("gold", "green")
        color = (40, 24, 8) if dark else (D.CREAM if on else (130, 130, 150))
        text = self.text()
        size = app.assets.fit(text, self.font_size, self.rect.w - 16, True) if text else self.font_size
        with D.text_bounds(real):          # a label stays inside its button (text-overlap test), smaller if need be
            app.assets.blit_text(surface, text, size,
                                 (self.rect.centerx, self.rect.centery + self.label_offset), color,
                                 anchor="center", bold=True)

    def handle(self, event: pygame.event.Event, layout: "Layout") -> str | None:
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return None
        inside = self.hit_rect().collidepoint(layout.to_logical(getattr(event, "pos", (-1, -1))))
        if event.type == pygame.MOUSEMOTION:
            self.hover = inside
            return None
        if getattr(event, "button", 1) != 1 or not self.enabled():
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed = inside
            return None
        fired = inside and self._pressed
        self._pressed = False
        return self.action if fired else None

"""The HUD's pictograms (a speaker, a music note, a lightning bolt), on or off (dimmed,
a red stroke across): SVG files of the cabinet's manifest (assets/cabinet/, painted by
cabinet/ui/cabinet_art.py), drawn at each size asked for; and a button that shows
icons instead of letters. Built once per size and state through `app.assets`."""
from __future__ import annotations

from typing import Callable

import pygame

from . import asset_files
from . import draw as D
from .widgets import Button

KINDS = ("sound", "music", "turbo")


def icon(kind: str, size: int, on: bool) -> pygame.Surface:
    """`kind` (one of KINDS) at `size` real px; off: dimmed with a red stroke."""
    return asset_files.image("cabinet", f"icon.{kind}.{'on' if on else 'off'}", size)


class IconButton(Button):
    """A button showing icons (each `(kind, is_on)` from a callable) and an optional
    text beside them."""

    def __init__(self, rect, icons: Callable[[], list[tuple[str, bool]]], action: str,
                 text: str | Callable[[], str] = "", **kw):
        super().__init__(rect, text, action, **kw)
        self.icons = icons

    def draw(self, surface: pygame.Surface, app) -> None:
        on = self.enabled()
        style = self.style if on else "off"
        if on and self.lit() and self.style == "panel":
            style = "lit"
        lay = app.layout
        real = lay.rect(self.rect)
        surface.blit(self._look(app, style, self.hover and on), real)
        items = self.icons()
        size = lay.px(min(self.rect.h * 0.62, 44))
        gap = lay.px(8)
        label = app.assets.text(self.text(), self.font_size, D.CREAM, bold=True) if self.text() else None
        total = len(items) * size + (len(items) - 1) * gap + ((label.get_width() + gap) if label else 0)
        x = real.centerx - total // 2
        for kind, state in items:
            img = app.assets.surface(
                ("icon", kind, size, state), lambda kind=kind, state=state: icon(kind, size, state)
            )
            surface.blit(img, (x, real.centery - size // 2))
            x += size + gap
        if label is not None:
            at = label.get_rect(midleft=(x, real.centery))
            surface.blit(label, at)
            with D.text_bounds(real):
                D.record_text(self.text(), label, at)

"""Small pictograms drawn with primitives (a speaker, a music note, a lightning bolt),
on or off (a red stroke across), and a button that shows icons instead of letters.
Built once per size and state through `app.assets`."""
from __future__ import annotations

from typing import Callable

import pygame

from . import draw as D
from .widgets import Button

OFF = (235, 90, 80)


def _speaker(s: pygame.Surface, c: tuple[int, int, int], on: bool) -> None:
    W = s.get_width()
    u = W / 20
    body = [(2 * u, 7.5 * u), (6 * u, 7.5 * u), (11 * u, 3 * u), (11 * u, 17 * u), (6 * u, 12.5 * u), (2 * u, 12.5 * u)]
    pygame.draw.polygon(s, c, body)
    if on:
        for r in (4.0, 7.0):
            rect = pygame.Rect(0, 0, 2 * r * u, 2 * r * u)
            rect.center = (int(11 * u), int(10 * u))
            pygame.draw.arc(s, c, rect, -0.9, 0.9, max(2, int(1.4 * u)))


def _note(s: pygame.Surface, c: tuple[int, int, int], on: bool) -> None:
    W = s.get_width()
    u = W / 20
    pygame.draw.ellipse(s, c, (3 * u, 12.5 * u, 6 * u, 4.6 * u))
    pygame.draw.ellipse(s, c, (11 * u, 10.5 * u, 6 * u, 4.6 * u))
    pygame.draw.line(s, c, (8.4 * u, 14.5 * u), (8.4 * u, 4 * u), max(2, int(1.5 * u)))
    pygame.draw.line(s, c, (16.4 * u, 12.5 * u), (16.4 * u, 2 * u), max(2, int(1.5 * u)))
    pygame.draw.polygon(s, c, [(8.4 * u, 4 * u), (16.4 * u, 2 * u), (16.4 * u, 5 * u), (8.4 * u, 7 * u)])


def _bolt(s: pygame.Surface, c: tuple[int, int, int], on: bool) -> None:
    u = s.get_width() / 20
    pygame.draw.polygon(s, c, [(11 * u, 1.5 * u), (4 * u, 11 * u), (9.5 * u, 11 * u), (8 * u, 18.5 * u),
                               (16 * u, 8.5 * u), (10.5 * u, 8.5 * u)])


PAINTERS: dict[str, Callable[[pygame.Surface, tuple[int, int, int], bool], None]] = {
    "sound": _speaker, "music": _note, "turbo": _bolt}


def icon(kind: str, size: int, on: bool, color: tuple[int, int, int] = D.CREAM) -> pygame.Surface:
    """`kind` ('sound', 'music', 'turbo') at `size` real px; off: dimmed with a red stroke."""
    k = 3
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    PAINTERS[kind](big, color if on else D.lerp_color(color, (60, 60, 80), 0.45), on)
    if not on:
        W = big.get_width()
        pygame.draw.line(big, OFF, (W * 0.1, W * 0.9), (W * 0.9, W * 0.1), max(3, W // 9))
    return pygame.transform.smoothscale(big, (size, size))


class IconButton(Button):
    """A button showing icons (each `(kind, is_on)` from a callable) and an optional
    text beside them."""

    def __init__(self, rect, icons: Callable[[], list[tuple[str, bool]]], action: str, text: str = "", **kw):
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
            img = app.assets.surface(("icon", kind, size, state), lambda kind=kind, state=state: icon(kind, size, state))
            surface.blit(img, (x, real.centery - size // 2))
            x += size + gap
        if label is not None:
            at = label.get_rect(midleft=(x, real.centery))
            surface.blit(label, at)
            with D.text_bounds(real):
                D.record_text(self.text(), label, at)

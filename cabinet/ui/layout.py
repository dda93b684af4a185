"""Logical 1920x1080 layout rendered at the window's real size, and the asset cache.

Scenes place everything in logical coordinates; `Layout` maps them to real pixels
(uniform scale, letterboxed), and `Assets` builds fonts, text and pre-rendered
surfaces once at the real size, `convert()`ed, so the frame loop only blits
(see docs/pygame_notes.md: unconverted surfaces cost 40x more to blit; pygame.SCALED
costs ~6 ms a frame on this machine).
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable, Sequence, overload

import pygame

from cabinet.core import i18n

from . import asset_files
from . import draw as D

LOGICAL_W, LOGICAL_H = 1920, 1080


class SurfaceCache:
    """Surfaces by key, least recently used first out once they hold more than
    `budget` bytes. Every cached surface can be built again from its key, so leaving
    one out costs only its rebuild; without a bound, a cabinet left running for weeks
    keeps every page it ever drew (an info page per game, page and bet is 8 MB at
    1080p: the random-input soak grew by hundreds of MB that way)."""

    def __init__(self, budget: int):
        self.budget = budget
        self.bytes = 0
        self._items: OrderedDict[object, pygame.Surface] = OrderedDict()

    @staticmethod
    def size_of(surf: pygame.Surface) -> int:
        return surf.get_pitch() * surf.get_height()

    def get(self, key: object) -> pygame.Surface | None:
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
        return surf

    def put(self, key: object, surf: pygame.Surface) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= self.size_of(old)
        self._items[key] = surf
        self.bytes += self.size_of(surf)
        while self.bytes > self.budget and len(self._items) > 1:
            _, gone = self._items.popitem(last=False)
            self.bytes -= self.size_of(gone)

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items


class Layout:
    """Maps logical 1920x1080 coordinates to the real window, keeping aspect ratio."""

    def __init__(self, size: tuple[int, int]):
        self.size = (int(size[0]), int(size[1]))
        self.scale = min(self.size[0] / LOGICAL_W, self.size[1] / LOGICAL_H)
        self.ox = (self.size[0] - round(LOGICAL_W * self.scale)) // 2
        self.oy = (self.size[1] - round(LOGICAL_H * self.scale)) // 2

    def px(self, v: float) -> int:
        """A logical length in real pixels (never 0 for a positive length)."""
        r = round(v * self.scale)
        return max(r, 1) if v > 0 else r

    def pt(self, x: float, y: float) -> tuple[int, int]:
        return self.ox + round(x * self.scale), self.oy + round(y * self.scale)

    @overload
    def rect(self, x: pygame.Rect | Sequence[float]) -> pygame.Rect: ...
    @overload
    def rect(self, x: float, y: float, w: float = 0, h: float = 0) -> pygame.Rect: ...

    def rect(self, x: Any, y: Any = None, w: float = 0, h: float = 0) -> pygame.Rect:
        """Real-pixel Rect of a logical rect (accepts a Rect or four numbers)."""
        if y is None:
            x, y, w, h = x
        left, top = self.pt(x, y)
        right, bottom = self.pt(x + w, y + h)
        return pygame.Rect(left, top, max(right - left, 1), max(bottom - top, 1))

    def to_logical(self, pos: tuple[int, int]) -> tuple[float, float]:
        """A real window position (a mouse event) in logical coordinates."""
        return (pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale


class Assets:
    """Fonts, text labels and pre-rendered surfaces, created once per layout."""

    # Budgets in full screens of the window (32-bit pixels): about 330 MB of pictures
    # and 33 MB of labels at 1080p, a quarter of that at 960x540. The pictures hold what
    # preparations.py builds for every game's screen, menus and celebrations (~250 MB at
    # 1080p), so none of it is rebuilt in the frame that shows it.
    SURFACE_SCREENS = 40
    TEXT_SCREENS = 4

    def __init__(self, layout: Layout):
        self.layout = layout
        screen = layout.size[0] * layout.size[1] * 4
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._fitted: dict[tuple[str, int, float, bool, int], int] = {}
        self._text = SurfaceCache(self.TEXT_SCREENS * screen)
        self._surfaces = SurfaceCache(self.SURFACE_SCREENS * screen)
        self._kept: dict[object, pygame.Surface] = {}      # `kept`: outside the budget

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The cabinet font (assets/fonts) at a logical point size, scaled to the window."""
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            font = self._fonts[key] = asset_files.font(max(self.layout.px(size * 1.0), 6), bold)
        return font

    def shorten(self, text: str, size: int, width: float, bold: bool = False) -> str:
        """The text, shortened with '...' to fit `width` logical px at this size."""
        text = i18n.shown(text).replace("\x00", "?")
        font, scale = self.font(size, bold), self.layout.scale
        if font.size(text)[0] / scale <= width:
            return text
        while text and font.size(text + "...")[0] / scale > width:
            text = text[:-1]
        return text.rstrip(", ") + "..."

    def fit(self, text: str, size: int, width: float, bold: bool = False, least: int = 14) -> int:
        """The largest point size from `size` down to `least` at which `text` fits
        `width` logical px: a label that a longer translation would push out of its
        button or column is drawn a little smaller instead."""
        text = text if type(text) is str else i18n.shown(text)
        key = (text, size, width, bold, least)
        fitted = self._fitted.get(key)
        if fitted is None:
            scale, fitted = self.layout.scale, size
            while fitted > least and self.font(fitted, bold).size(text.replace("\x00", "?"))[0] / scale > width:
                fitted -= 1
            if len(self._fitted) > 4096:       # labels with live values: never an unbounded dict
                self._fitted.clear()
            self._fitted[key] = fitted
        return fitted

    def text(self, text: str, size: int, color=(255, 255, 255), bold: bool = False,
             outline: tuple[int, int, int] | None = None, wrap: int = 0) -> pygame.Surface:
        """A rendered, cached label; `outline` draws a dark rim, `wrap` a logical width.
        A NUL (which SDL_ttf refuses) is drawn as "?": text read back from a file or
        the event log must never stop a frame. An i18n.Message is drawn in the current
        language (the core's refusals, limits and reasons)."""
        text = (text if type(text) is str else i18n.shown(text)).replace("\x00", "?")
        key = (text, size, tuple(color), bold, outline, wrap)
        surf = self._text.get(key)
        if surf is None:
            font = self.font(size, bold)
            font.align = pygame.FONT_CENTER if wrap else pygame.FONT_LEFT   # wrapped lines centre
            if outline:
                font.outline = max(1, self.layout.px(size / 18))
                rim = font.render(text, True, outline, wraplength=self.layout.px(wrap) if wrap else 0)
                font.outline = 0
                body = font.render(text, True, color, wraplength=self.layout.px(wrap) if wrap else 0)
                o = max(1, self.layout.px(size / 18))
                rim.blit(body, (o, o))
                surf = rim.convert_alpha()
            else:
                surf = font.render(text, True, color, wraplength=self.layout.px(wrap) if wrap else 0).convert_alpha()
            font.align = pygame.FONT_LEFT       # fonts are shared: leave the default behind
            self._text.put(key, surf)
        return surf

    def forget(self) -> None:
        """Drop every built surface and label (a skin changed: they are built anew)."""
        self._surfaces.clear()
        self._text.clear()
        self._kept.clear()

    def kept(self, key: object, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """As `surface`, but never let go by the cache's budget: a few pictures of a page
        the player opens from anywhere at any moment (the history), so a long game's
        pictures do not push them out and its first frame does not build them again.
        Fixed keys only (a bounded set per window size)."""
        surf = self._kept.get(key)
        if surf is None:
            surf = self._kept[key] = self.surface(key, build)
        return surf

    def surface(self, key: object, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface cached under `key`, built (and converted) on first use."""
        surf = self._surfaces.get(key)
        if surf is None:
            surf = build()
            surf = surf.convert_alpha() if surf.get_flags() & pygame.SRCALPHA else surf.convert()
            self._surfaces.put(key, surf)
        return surf

    def blit_text(self, target: pygame.Surface, text: str, size: int, pos: tuple[float, float],
                  color=(255, 255, 255), anchor: str = "topleft", bold: bool = False,
                  outline: tuple[int, int, int] | None = None, wrap: int = 0, fit: int = 0) -> pygame.Rect:
        """Blit a cached label at a logical position; `anchor` is a Rect attribute name;
        `fit` a width (logical px) the label is drawn smaller to fit (a translation)."""
        text = text if type(text) is str else i18n.shown(text)
        if fit:
            size = self.fit(text, size, fit, bold)
        surf = self.text(text, size, color, bold, outline, wrap)
        rect = surf.get_rect(**{anchor: self.layout.pt(*pos)})
        target.blit(surf, rect)
        D.record_text(text, surf, rect)
        return rect

    def blit_chars(self, target: pygame.Surface, text: str, size: int, pos: tuple[float, float],
                   color=(255, 255, 255), anchor: str = "topleft", bold: bool = False,
                   outline: tuple[int, int, int] | None = None) -> pygame.Rect:
        """Like blit_text, from cached single characters: for amounts that change
        every frame (count-ups), where rendering the whole label each time is slow."""
        glyphs = [self.text(ch, size, color, bold, outline) for ch in text]
        w = sum(g.get_width() for g in glyphs)
        h = max((g.get_height() for g in glyphs), default=0)
        rect = pygame.Rect(0, 0, w, h)
        setattr(rect, anchor, self.layout.pt(*pos))
        x = rect.x
        for g in glyphs:
            target.blit(g, (x, rect.y))
            x += g.get_width()
        D.record_chars(text, glyphs, rect)
        return rect

"""Procedural drawing used across the cabinet: gradients, rounded panels, glows.

Everything here builds a Surface once (at load or on resize); nothing is meant to be
called per frame. Sizes are real pixels; callers convert from logical with Layout.
"""
from __future__ import annotations

import numpy as np
import pygame

Color = tuple[int, int, int]

# The cabinet palette: deep night blue with gold accents.
INK = (12, 14, 32)
NIGHT = (22, 26, 58)
PANEL = (34, 38, 82)
PANEL_HI = (58, 64, 128)
GOLD = (255, 204, 77)
GOLD_DARK = (168, 112, 24)
CREAM = (250, 244, 228)
MUTED = (160, 168, 204)
GREEN = (72, 200, 120)
RED = (230, 80, 80)
CYAN = (90, 210, 240)


def lerp_color(a: Color, b: Color, t: float) -> Color:
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def vertical_gradient(size: tuple[int, int], stops: list[Color]) -> pygame.Surface:
    """A top-to-bottom gradient through evenly spaced colour stops."""
    w, h = max(size[0], 1), max(size[1], 1)
    ys = np.linspace(0.0, 1.0, h)
    xp = np.linspace(0.0, 1.0, len(stops))
    col = np.stack([np.interp(ys, xp, [c[i] for c in stops]) for i in range(3)], axis=-1)
    column = pygame.Surface((1, h))
    pygame.surfarray.blit_array(column, col.astype(np.uint8)[None, :, :])
    return pygame.transform.scale(column, (w, h))


_GLOW_ALPHA: dict[tuple[int, float], np.ndarray] = {}   # (radius, strength) -> its alpha plane
_GLOW_KEEP = 48                                          # planes kept (a few MB: one per size in use)


def glow_alpha(r: int, strength: float) -> np.ndarray:
    """The alpha plane of a glow of radius r, computed once per (radius, strength): one
    quadrant from the distance field, mirrored into the other three (a full-screen
    glow's numpy work was ~45 ms at every celebration)."""
    key = (r, round(float(strength), 4))
    plane = _GLOW_ALPHA.get(key)
    if plane is None:
        axis = np.arange(r, dtype=np.float32) + 0.5                   # centre outwards
        d = np.sqrt(axis[:, None] ** 2 + axis[None, :] ** 2) / r
        quadrant = (np.clip(1.0 - d, 0.0, 1.0) ** 2 * 255 * strength).astype(np.uint8)
        plane = np.empty((2 * r, 2 * r), np.uint8)
        plane[r:, r:] = quadrant
        plane[:r, r:] = quadrant[::-1, :]
        plane[r:, :r] = quadrant[:, ::-1]
        plane[:r, :r] = quadrant[::-1, ::-1]
        if len(_GLOW_ALPHA) >= _GLOW_KEEP:
            _GLOW_ALPHA.pop(next(iter(_GLOW_ALPHA)))
        _GLOW_ALPHA[key] = plane
    return plane


def radial_glow(radius: int, color: Color, strength: float = 1.0) -> pygame.Surface:
    """A soft round light, alpha falling off from the centre (for highlights, wins).
    A new surface each call (callers may draw on it); its alpha plane is cached per size."""
    r = max(int(radius), 2)
    surf = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    surf.fill((*color, 0))
    pa = pygame.surfarray.pixels_alpha(surf)
    pa[:, :] = glow_alpha(r, strength)
    del pa
    return surf


def rounded_panel(size: tuple[int, int], top: Color, bottom: Color | None = None, radius: int = 16,
                  border: Color | None = None, border_width: int = 2, alpha: int = 255) -> pygame.Surface:
    """A rounded rectangle filled with a vertical gradient, with an optional border."""
    w, h = max(size[0], 1), max(size[1], 1)
    fill = vertical_gradient((w, h), [top, bottom or top]).convert_alpha()
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, alpha), (0, 0, w, h), border_radius=radius)
    # A sheen fading down from the top edge reads as glass.
    sheen_h = max(h // 2, 1)
    sheen = pygame.Surface((w, sheen_h), pygame.SRCALPHA)
    sheen.fill((255, 255, 255, 0))
    ramp = np.linspace(34, 0, sheen_h).astype(np.uint8)
    pa = pygame.surfarray.pixels_alpha(sheen)
    pa[:, :] = ramp[None, :]
    del pa
    fill.blit(sheen, (0, 0))
    fill.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if border and border_width > 0:
        pygame.draw.rect(fill, (*border, 255), (0, 0, w, h), border_width, border_radius=radius)
    return fill


def shadow(size: tuple[int, int], radius: int = 16, spread: int = 12, alpha: int = 120) -> pygame.Surface:
    """A blurred drop shadow for a panel of `size` (bigger by `spread` each side)."""
    w, h = size[0] + 2 * spread, size[1] + 2 * spread
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, alpha), (spread, spread, size[0], size[1]), border_radius=radius)
    small = pygame.transform.smoothscale(surf, (max(w // 6, 1), max(h // 6, 1)))
    return pygame.transform.smoothscale(small, (w, h))


def starfield(size: tuple[int, int], count: int = 220) -> pygame.Surface:
    """The cabinet backdrop: a night gradient with fixed, softly lit stars.

    Star positions come from a low-discrepancy sequence (no randomness involved)."""
    surf = vertical_gradient(size, [(8, 10, 28), (28, 22, 70), (60, 28, 84)])
    w, h = size
    phi, root2 = 0.6180339887, 0.4142135623
    for i in range(1, count + 1):
        x, y = (i * phi) % 1.0, (i * root2 + (i * i) * 0.000731) % 1.0
        b = 90 + (i * 97) % 165
        pygame.draw.circle(surf, (b, b, min(b + 30, 255)), (int(x * w), int(y * h * 0.85)), 1 if b < 200 else 2)
    return surf


# -- text boxes of a frame (tests: no text overlaps another or runs off its panel) -------
class TextBox:
    """One label as drawn: its text, the screen rect of its ink (the pixels actually
    painted, not the font's line box), the panel it must stay inside, and its layer
    (a veil or an opaque panel over the screen starts a new layer above the old)."""

    __slots__ = ("text", "rect", "bounds", "layer")

    def __init__(self, text: str, rect: pygame.Rect, bounds: pygame.Rect | None, layer: int):
        self.text, self.rect, self.bounds, self.layer = text, rect, bounds, layer

    def __repr__(self) -> str:
        return f"TextBox({self.text!r}, {tuple(self.rect)}, layer {self.layer})"


class TextLog:
    """What `Assets.blit_text` and friends drew while recording (see `recording`)."""

    def __init__(self) -> None:
        self.boxes: list[TextBox] = []
        self.layer = 0
        self._bounds: list[pygame.Rect] = []
        self._layer_bounds: pygame.Rect | None = None

    def add(self, text: str, surf: pygame.Surface, at: pygame.Rect) -> None:
        ink = surf.get_bounding_rect(min_alpha=40).move(at.topleft)
        if ink.w and ink.h and text.strip():
            bounds = self._bounds[-1] if self._bounds else self._layer_bounds
            self.boxes.append(TextBox(text, ink, bounds, self.layer))


_LOG: TextLog | None = None


def recording() -> TextLog:
    """Start recording text boxes (a test calls this, renders, then `stop_recording`)."""
    global _LOG
    _LOG = TextLog()
    return _LOG


def stop_recording() -> None:
    global _LOG
    _LOG = None


def record_text(text: str, surf: pygame.Surface, at: pygame.Rect) -> None:
    """Called by every text-drawing helper with the label and where it went."""
    if _LOG is not None:
        _LOG.add(text, surf, at)


def record_chars(text: str, glyphs: list[pygame.Surface], at: pygame.Rect) -> None:
    """A label drawn glyph by glyph (count-ups): one box, the union of their ink."""
    if _LOG is not None:
        x, ink = at.x, None
        for g in glyphs:
            box = g.get_bounding_rect(min_alpha=40).move(x, at.y)
            x += g.get_width()
            if box.w and box.h:
                ink = box if ink is None else ink.union(box)
        if ink is not None and text.strip():
            bounds = _LOG._bounds[-1] if _LOG._bounds else _LOG._layer_bounds
            _LOG.boxes.append(TextBox(text, ink, bounds, _LOG.layer))


def text_layer(bounds: pygame.Rect | None = None) -> None:
    """Text from here on lies above what was drawn before (a veil or panel covers it);
    `bounds` is the panel the new layer's text must stay inside (None: the screen)."""
    if _LOG is not None:
        _LOG.layer += 1
        _LOG._layer_bounds = pygame.Rect(bounds) if bounds is not None else None


class text_bounds:
    """`with text_bounds(rect):` text drawn inside must stay inside `rect` (a button,
    a card); nests."""

    def __init__(self, rect: pygame.Rect):
        self.rect = pygame.Rect(rect)

    def __enter__(self) -> "text_bounds":
        if _LOG is not None:
            _LOG._bounds.append(self.rect)
        return self

    def __exit__(self, *exc: object) -> None:
        if _LOG is not None and _LOG._bounds:
            _LOG._bounds.pop()


def ellipsize(font: pygame.font.Font, text: str, width_px: float) -> str:
    """The text, cut with '...' to fit `width_px` pixels in `font` (as it is when it fits)."""
    text = text.replace("\x00", "?")                # SDL_ttf refuses a NUL
    if font.size(text)[0] <= width_px:
        return text
    while text and font.size(text + "...")[0] > width_px:
        text = text[:-1]
    return text.rstrip(" ,") + "..."

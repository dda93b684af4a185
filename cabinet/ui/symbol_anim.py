"""Winning symbols that move: a short loop of frames per symbol, made once from the
symbol's own face by transforms (scale, squash, tilt, hop), never per frame.

A game names a style per symbol (a hen flaps, a pumpkin grins, a coin spins, a pig
bounces; anything else pulses) and draws `frame(symbol, size, t)` where the symbol
sits; the loop's frames are built by `warm()` at scene preparation through the
asset cache, so a frame only picks one and blits it.
"""
from __future__ import annotations

import math
from typing import Callable

import pygame

FRAMES = 10              # frames in a loop
LOOP = 0.8               # seconds a loop lasts
CANVAS = 1.25            # a frame's canvas, in face sizes (room to grow and hop)
STYLES = ("pulse", "flap", "grin", "spin", "bounce", "wobble")


def pose(style: str, phase: float) -> tuple[float, float, float, float]:
    """(x scale, y scale, tilt in degrees, hop up in face heights) at `phase` 0..1 of the loop."""
    a = 2 * math.pi * phase
    s = math.sin(a)
    if style == "flap":                  # wings out and in twice a loop, a little lift
        beat = math.sin(2 * a)
        return 1 + 0.12 * beat, 1 - 0.05 * beat, 4 * s, 0.05 * max(0.0, beat)
    if style == "grin":                  # widens into a grin and leans
        g = max(0.0, s)
        return 1 + 0.14 * g, 1 - 0.06 * g, 6 * math.sin(2 * a) * g, 0.0
    if style == "spin":                  # a coin turning about its upright axis
        return max(abs(math.cos(a)), 0.08), 1.0, 0.0, 0.0
    if style == "bounce":                # hops; squashed as it lands
        hop = abs(s)
        squash = max(0.0, 0.25 - hop) * 0.4
        return 1 + squash, 1 - squash, 0.0, 0.12 * hop
    if style == "wobble":                # rocks side to side, swelling at each end
        k = 1 + 0.07 * abs(s)
        return k, k, 12 * s, 0.0
    return 1 + 0.09 * s, 1 + 0.09 * s, 0.0, 0.0          # pulse


def render_frame(face: pygame.Surface, style: str, phase: float) -> pygame.Surface:
    """One frame of the loop: `face` posed on a transparent canvas CANVAS times its size."""
    w, h = face.get_size()
    sx, sy, tilt, hop = pose(style, phase)
    posed = pygame.transform.smoothscale(face, (max(1, round(w * sx)), max(1, round(h * sy))))
    if tilt:
        posed = pygame.transform.rotozoom(posed, tilt, 1.0)
    canvas = pygame.Surface((round(w * CANVAS), round(h * CANVAS)), pygame.SRCALPHA)
    canvas.fill((0, 0, 0, 0))
    rect = posed.get_rect(center=(canvas.get_width() // 2, canvas.get_height() // 2 - round(hop * h)))
    canvas.blit(posed, rect)
    return canvas


class SymbolAnimator:
    """The loops of one game's symbols: `faces(size)` gives its faces (as the reels
    use them), `styles` a style per symbol id (others pulse)."""

    def __init__(self, app, name: str, faces: Callable[[int], dict[str, pygame.Surface]],
                 styles: dict[str, str] | None = None):
        self.app, self.name, self.faces = app, name, faces
        self.styles = dict(styles or {})
        unknown = set(self.styles.values()) - set(STYLES)
        if unknown:
            raise ValueError(f"unknown animation style(s) {sorted(unknown)}; known: {list(STYLES)}")

    def style(self, symbol: str) -> str:
        return self.styles.get(symbol, "pulse")

    def frame(self, symbol: str, size: int, t: float) -> pygame.Surface:
        """The loop's frame of `symbol` at `size` px for clock time t (seconds)."""
        i = int(t / LOOP * FRAMES) % FRAMES

        def frame() -> pygame.Surface:
            return render_frame(self.faces(size)[symbol], self.style(symbol), i / FRAMES)

        return self.app.assets.surface(("sym_anim", self.name, symbol, size, i), frame)

    def warm(self, size: int, symbols) -> None:
        """Build every frame of these symbols' loops at `size` (scene preparation)."""
        for sym in symbols:
            for i in range(FRAMES):
                self.frame(sym, size, i * LOOP / FRAMES)

    def draw(self, surface: pygame.Surface, symbol: str, center: tuple[int, int], size: int, t: float) -> None:
        """Blit the frame centred on `center` (real px)."""
        img = self.frame(symbol, size, t)
        surface.blit(img, img.get_rect(center=center))

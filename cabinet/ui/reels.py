"""Reels for line games: a pre-rendered tall strip blitted through a window.

Spinning blits one window of a motion-blurred strip per reel (docs/pygame_notes.md: cheaper
than per-symbol sprites); landing drops the round's symbols in from above with a
small bounce; a stopped reel blits its symbols. Boards are rows top to bottom of
symbol ids, as the math's `evaluate` uses them.
"""
from __future__ import annotations

import math
from typing import Sequence

import pygame

from .presentation import Step


def ease_out_back(p: float) -> float:
    """0 -> 1 with a small overshoot: a reel settling onto its stop."""
    c = 1.4
    q = p - 1
    return 1 + (c + 1) * q ** 3 + c * q ** 2


class Reel:
    """One column: 'stopped', 'spinning' or 'landing'."""

    def __init__(self, rows: int, symbols: list[str]):
        self.rows = rows
        self.symbols = list(symbols)
        self.state = "stopped"
        self.offset = 0.0               # pixels into the strip (spinning)
        self.land_p = 1.0


class ReelSet:
    """`cols` reels of `rows` cells in a logical rect, sharing one symbol set.

    `faces(size_px)` must return {symbol id: Surface of that size} (pre-rendered once
    through app.assets); `strip` is the sequence shown while spinning."""

    SPIN_SPEED = 2600.0      # logical px per second

    def __init__(self, app, rect: tuple[int, int, int, int], cols: int, rows: int,
                 faces, strip: Sequence[str], board: list[list[str]] | None = None, gap: int = 8,
                 name: str = "reels"):
        self.app = app
        self.name = name
        self.rect = pygame.Rect(rect)
        self.cols, self.rows, self.gap = cols, rows, gap
        self.cell_w = (self.rect.w - gap * (cols - 1)) / cols
        self.cell_h = self.rect.h / rows
        self.faces = faces
        self.strip = list(strip)
        start = board or [[self.strip[(r + c * 3) % len(self.strip)] for c in range(cols)] for r in range(rows)]
        self.reels = [Reel(rows, [start[r][c] for r in range(rows)]) for c in range(cols)]

    # -- geometry ---------------------------------------------------------------
    def cell_rect(self, col: int, row: int) -> pygame.Rect:
        """The logical rect of a cell (for win frames and overlays)."""
        x = self.rect.x + col * (self.cell_w + self.gap)
        return pygame.Rect(round(x), round(self.rect.y + row * self.cell_h), round(self.cell_w), round(self.cell_h))

    def _face_size(self) -> int:
        return self.app.layout.px(min(self.cell_w, self.cell_h) * 0.92)

    def _strip_surface(self) -> pygame.Surface:
        lay = self.app.layout
        size = self._face_size()
        cw, ch = lay.px(self.cell_w), lay.px(self.cell_h)

        def build() -> pygame.Surface:
            faces = self.faces(size)
            n = len(self.strip)
            tall = pygame.Surface((cw, ch * (n + self.rows)), pygame.SRCALPHA)
            for i in range(n + self.rows):
                face = faces[self.strip[i % n]]
                tall.blit(face, ((cw - size) // 2, i * ch + (ch - size) // 2))
            # A vertical motion blur: squash and stretch back.
            blurred = pygame.transform.smoothscale(tall, (cw, max(tall.get_height() // 5, 1)))
            return pygame.transform.smoothscale(blurred, tall.get_size())
        return self.app.assets.surface(("reel_strip", self.name, tuple(self.strip), cw, ch, self.rows), build)

    # -- control ----------------------------------------------------------------
    def spin(self, cols: Sequence[int] | None = None) -> None:
        for c in (range(self.cols) if cols is None else cols):
            self.reels[c].state = "spinning"

    def land(self, col: int, symbols: Sequence[str], p: float) -> None:
        """Show reel `col` landing on `symbols` at progress p (1.0 = stopped)."""
        reel = self.reels[col]
        reel.symbols = list(symbols)
        reel.land_p = p
        reel.state = "stopped" if p >= 1.0 else "landing"

    def set_board(self, board: list[list[str]]) -> None:
        for c in range(self.cols):
            self.land(c, [board[r][c] for r in range(self.rows)], 1.0)

    def update(self, dt: float) -> None:
        step = self.SPIN_SPEED * dt
        for reel in self.reels:
            if reel.state in ("spinning", "landing"):
                reel.offset = (reel.offset + step) % (len(self.strip) * self.cell_h)

    # -- steps ------------------------------------------------------------------
    def spin_step(self, seconds: float = 0.35) -> Step:
        """All reels start spinning."""
        return Step(seconds, start=self.spin, label="reels spin", sound="spin")

    def stop_steps(self, board: list[list[str]], each: float = 0.22) -> list[Step]:
        """One step per reel, left to right, landing on the round's board."""
        steps = []
        for c in range(self.cols):
            column = [board[r][c] for r in range(self.rows)]
            steps.append(Step(each, tick=lambda p, c=c, col=column: self.land(c, col, min(p * 1.25, 1.0)),
                              label=f"reel {c + 1} stops", sound="reel_stop"))
        return steps

    # -- drawing ----------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        size = self._face_size()
        faces = self.faces(size)
        cw, ch = lay.px(self.cell_w), lay.px(self.cell_h)
        window_h = ch * self.rows
        strip = None
        old_clip = surface.get_clip()
        for c, reel in enumerate(self.reels):
            top = self.cell_rect(c, 0)
            x, y = lay.pt(top.x, top.y)
            surface.set_clip(pygame.Rect(x, y, cw, window_h))
            if reel.state == "stopped":
                for r, sym in enumerate(reel.symbols):
                    surface.blit(faces[sym], (x + (cw - size) // 2, y + r * ch + (ch - size) // 2))
                continue
            strip = strip or self._strip_surface()
            span = ch * len(self.strip)
            # Symbols fall: the window climbs the strip as the offset grows.
            off = (span - int(lay.px(reel.offset)) % span) % span
            shift = 0
            if reel.state == "landing":
                shift = round(window_h * ease_out_back(reel.land_p)) - window_h
                for r, sym in enumerate(reel.symbols):
                    surface.blit(faces[sym], (x + (cw - size) // 2, y + shift + r * ch + (ch - size) // 2))
            # While landing, the spinning strip leaves downwards below the arriving symbols.
            surface.blit(strip, (x, y + shift + window_h if reel.state == "landing" else y),
                         pygame.Rect(0, off, cw, window_h))
        surface.set_clip(old_clip)


def line_points(reels: ReelSet, line: Sequence[int]) -> list[tuple[int, int]]:
    """Logical centre points of a payline (row index per reel) for drawing it."""
    return [reels.cell_rect(c, r).center for c, r in enumerate(line)]


def pulse(t: float, speed: float = 4.0) -> float:
    """0..1 breathing value for highlights, from clock time."""
    return 0.5 + 0.5 * math.sin(t * speed)

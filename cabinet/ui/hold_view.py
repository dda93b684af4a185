"""A sticky coin grid for hold-and-win bonuses (Grinning Harvest's 3x3 board, Happy
Money Hens' 5x7 mini reels): cells that are empty (spinning or still) or hold an
item that pops in when it lands and then stays.

The game owns the pictures: `face(key, size_px) -> Surface` draws the item held
under `key` (a coin value, a vault...), cached by the game. The grid owns geometry,
the empty-cell panels, the spinning shimmer, locked (inactive) rows and the landing
pop, all pre-rendered once per size through `app.assets`:

    grid = HoldGrid(app, (660, 300, 600, 600), rows=3, cols=3, name="gh_bonus")
    grid.set_cell((0, 1), "vault", pop=0.4)      # from a step's tick(p)
    grid.spinning = True                         # empty cells shimmer
    grid.draw(surface, face)

Cells are (row, col); row 0 is the top row, or the bottom row with `bottom_up=True`.
Set state from step hooks (`set_cell` with the step's progress), never accumulate.
"""
from __future__ import annotations

from typing import Callable, Hashable, Iterable

import numpy as np
import pygame

from . import draw as D
from .reels import ease_out_back

Cell = tuple[int, int]


class HoldGrid:
    """`rows` x `cols` sticky cells inside a logical rect."""

    SHIMMER_SPEED = 1.6          # shimmer sweeps per second while spinning

    def __init__(self, app, rect, rows: int, cols: int, gap: int = 10, bottom_up: bool = False,
                 name: str = "hold", cell_colors: tuple = ((44, 30, 70), (18, 12, 34)),
                 rim=(120, 90, 170), locked_rows: Iterable[int] = ()):
        self.app = app
        self.rect = pygame.Rect(rect)
        self.rows, self.cols, self.gap = rows, cols, gap
        self.bottom_up = bottom_up
        self.name = name
        self.cell_colors = cell_colors
        self.rim = rim
        self.cell_w = (self.rect.w - gap * (cols - 1)) / cols
        self.cell_h = (self.rect.h - gap * (rows - 1)) / rows
        self.held: dict[Cell, Hashable] = {}
        self.pop: dict[Cell, float] = {}
        self.dim: set[Cell] = set()         # held cells drawn darker (e.g. already collected)
        self.locked_rows: set[int] = set(locked_rows)
        self.spinning = False
        self.t = 0.0

    # -- geometry ---------------------------------------------------------------
    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The logical rect of a cell."""
        r, c = cell
        vis = self.rows - 1 - r if self.bottom_up else r
        x = self.rect.x + c * (self.cell_w + self.gap)
        y = self.rect.y + vis * (self.cell_h + self.gap)
        return pygame.Rect(round(x), round(y), round(self.cell_w), round(self.cell_h))

    def face_size(self) -> int:
        """The real-pixel side of an item's face (what `face` is asked for)."""
        return self.app.layout.px(min(self.cell_w, self.cell_h) * 0.9)

    # -- state (set from step hooks) ----------------------------------------------
    def set_cell(self, cell: Cell, key: Hashable, pop: float = 1.0) -> None:
        """Hold `key` in `cell`, `pop` = landing progress (1.0 = settled)."""
        self.held[cell] = key
        self.pop[cell] = pop

    def clear_cell(self, cell: Cell) -> None:
        self.held.pop(cell, None)
        self.pop.pop(cell, None)
        self.dim.discard(cell)

    def clear(self) -> None:
        self.held.clear()
        self.pop.clear()
        self.dim.clear()

    def update(self, dt: float) -> None:
        self.t += dt

    # -- pictures ---------------------------------------------------------------
    def _cell_panel(self, locked: bool) -> pygame.Surface:
        lay = self.app.layout
        w, h = lay.px(self.cell_w), lay.px(self.cell_h)
        top, bottom = self.cell_colors
        if locked:
            top, bottom = D.lerp_color(top, (0, 0, 0), 0.55), D.lerp_color(bottom, (0, 0, 0), 0.55)

        def cell() -> pygame.Surface:
            return D.rounded_panel((w, h), top, bottom, radius=max(4, w // 8), border=self.rim,
                                   border_width=max(2, w // 60))

        return self.app.assets.surface(("hold_cell", self.name, w, h, locked), cell)

    def _shimmer(self) -> pygame.Surface:
        lay = self.app.layout
        w, h = lay.px(self.cell_w), lay.px(self.cell_h)

        def build() -> pygame.Surface:
            band = pygame.Surface((w, h), pygame.SRCALPHA)
            band.fill((255, 255, 255, 0))
            ramp = np.clip(1 - np.abs(np.linspace(-1, 1, h)), 0, 1) ** 2 * 70
            pa = pygame.surfarray.pixels_alpha(band)
            pa[:, :] = ramp.astype(np.uint8)[None, :]
            del pa
            return band
        return self.app.assets.surface(("hold_shimmer", self.name, w, h), build)

    def _dimmed(self, key: Hashable, img: pygame.Surface) -> pygame.Surface:
        """A darker copy of a face (built once per key and size)."""
        def build() -> pygame.Surface:
            out = img.copy()
            out.fill((130, 118, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
            return out
        return self.app.assets.surface(("hold_dim", self.name, key, img.get_size()), build)

    def draw(self, surface: pygame.Surface, face: Callable[[Hashable, int], pygame.Surface],
             ghost: Callable[[Cell, int], pygame.Surface | None] | None = None) -> None:
        """Empty panels (shimmering while spinning), then each held item. `ghost`, if
        given, names a faint picture for an empty cell (what may land there)."""
        lay = self.app.layout
        size = self.face_size()
        shimmer = self._shimmer() if self.spinning else None
        for r in range(self.rows):
            locked = r in self.locked_rows
            panel = self._cell_panel(locked)
            for c in range(self.cols):
                rect = lay.rect(self.cell_rect((r, c)))
                surface.blit(panel, rect.topleft)
                hint = ghost((r, c), size) if ghost is not None and (r, c) not in self.held and not locked else None
                if hint is not None:
                    surface.blit(hint, hint.get_rect(center=rect.center))
                if shimmer is not None and (r, c) not in self.held and not locked:
                    phase = (self.t * self.SHIMMER_SPEED + 0.37 * c + 0.21 * r) % 1.0
                    y = rect.y + round((phase * 2 - 1) * rect.h)
                    clip = surface.get_clip()
                    surface.set_clip(rect)
                    surface.blit(shimmer, (rect.x, y))
                    surface.set_clip(clip)
        for cell, key in self.held.items():
            rect = lay.rect(self.cell_rect(cell))
            img = face(key, size)
            if cell in self.dim:
                img = self._dimmed(key, img)
            p = self.pop.get(cell, 1.0)
            if p < 1.0:
                k = max(0.05, ease_out_back(max(p, 0.0)))
                img = pygame.transform.scale(img, (max(1, round(size * k)), max(1, round(size * k))))
            surface.blit(img, img.get_rect(center=rect.center))

"""Backdrops with some life: slow idle layers over a game's still backdrop (clouds that
drift, stars that twinkle, bats that flit, a windmill's sails turning).

A game lists its `Layer`s (GameScene.idle_layers); each names a picture of its asset
manifest, painted at build time (cabinet/ui/idle_art.py, the game's make_assets). The
scene draws them over its backdrop and under its board, every frame, from its clock:
a layer is only blitted. What changes its look (a turn, a twinkle) is pre-rendered in
steps once per window size (`TURN_STEPS`, `FLICKER_STEPS`), so no picture is loaded,
scaled or rotated per frame.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

import pygame

from . import asset_files

FLICKER_STEPS = 6           # the light levels a twinkling layer is pre-rendered in


@dataclass(frozen=True)
class Layer:
    """One moving picture of a backdrop (logical units, seconds)."""

    image: str                          # its id in the game's manifest
    at: tuple[float, float]             # its centre at t = 0
    size: tuple[int, int]               # how big it is drawn
    drift: float = 0.0                  # px/s to the right (negative: left); wraps round the screen
    bob: float = 0.0                    # px up and down
    period: float = 10.0                # s per bob, twinkle or turn
    turn: int = 0                       # > 0: it turns once per period, in this many pre-rendered steps
    symmetry: int = 1                   # a turning picture that looks the same after 1/symmetry of a turn
    flicker: float = 0.0                # 0..1: how far its light dims and comes back
    phase: float = 0.0                  # 0..1 of a period: layers of one kind out of step


class IdleLayers:
    """A scene's idle layers: `draw(surface, t)` each frame."""

    def __init__(self, app: Any, game_id: str, layers: Sequence[Layer]):
        self.app, self.game, self.layers = app, game_id, tuple(layers)

    def _frame(self, layer: Layer, step: int, kind: str) -> pygame.Surface:
        lay = self.app.layout
        size = (lay.px(layer.size[0]), lay.px(layer.size[1]))
        key = ("idle", self.game, asset_files.skin(self.game), layer.image, size, kind, step)

        def build() -> pygame.Surface:
            base = asset_files.image(self.game, layer.image, size)
            if kind == "turn":
                return pygame.transform.rotozoom(base, -360.0 / layer.symmetry * step / layer.turn, 1.0)
            if kind == "flicker":
                k = 1.0 - layer.flicker * step / (FLICKER_STEPS - 1)
                base.fill((255, 255, 255, round(255 * k)), special_flags=pygame.BLEND_RGBA_MULT)
            return base
        return self.app.assets.surface(key, build)

    def draw(self, surface: pygame.Surface, t: float) -> None:
        lay = self.app.layout
        for layer in self.layers:
            cycle = (t / layer.period + layer.phase) % 1.0
            if layer.turn:
                pic = self._frame(layer, int(cycle * layer.turn) % layer.turn, "turn")
            elif layer.flicker:
                level = 0.5 - 0.5 * math.cos(cycle * 2 * math.pi)          # 0 bright .. 1 dim
                pic = self._frame(layer, round(level * (FLICKER_STEPS - 1)), "flicker")
            else:
                pic = self._frame(layer, 0, "still")
            x, y = layer.at
            if layer.drift:
                span = 1920 + layer.size[0]
                x = (x + layer.drift * t + layer.size[0] / 2) % span - layer.size[0] / 2
            if layer.bob:
                y += layer.bob * math.sin(cycle * 2 * math.pi)
            surface.blit(pic, pic.get_rect(center=lay.pt(x, y)))

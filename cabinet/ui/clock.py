"""Clocks that drive every animation: time comes from here, never from frame counts.

`RealClock` reads wall time through pygame and caps the frame rate; `ManualClock`
returns a fixed step so tests, `--shots` and the bench are deterministic.
"""
from __future__ import annotations

import pygame


class RealClock:
    """Wall-clock frame timing; `tick()` returns seconds since the last tick."""

    def __init__(self, fps: int = 60, max_dt: float = 0.1):
        self.fps = fps
        self.max_dt = max_dt            # a stall (window drag) must not jump animations
        self._clock = pygame.time.Clock()

    def tick(self) -> float:
        return min(self._clock.tick(self.fps) / 1000.0, self.max_dt)


class ManualClock:
    """A clock that advances by `step` seconds per tick (or what `advance` says)."""

    def __init__(self, step: float = 1 / 60):
        self.step = step
        self.now = 0.0

    def tick(self) -> float:
        self.now += self.step
        return self.step

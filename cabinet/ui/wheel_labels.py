"""Where a wheel's labels go: the largest size at which a label's box lies wholly inside
its slice, clear of the dividers, the rim and the hub.

A label is a block of text (one or more lines) placed on the unturned disc with its
centre on the slice's middle angle. It reads along the slice (`tangential`: upright
when the slice is under a pointer at the top), along the radius (`radial`: for narrow
slices) or level (`level`: upright on a disc that never turns, a wheel whose pointer
spins instead). `fit` tries the orientations asked for at a range of radii and scales
and keeps the biggest that fits; `None` when no scale of at least `min_scale` does.

Angles are degrees clockwise from the top; points are (x right, y down) from the
disc's centre. numpy does the search (a few hundred boxes of 16 sample points each).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np
import pygame

RIM_CLEAR = 0.92        # a label stays inside this share of the radius (the rim covers the edge)
HUB_CLEAR = 0.24        # ... and outside this one (the hub)
MARGIN = 0.02           # ... and this share of the radius away from the slice's dividers
PREFERRED = 0.62        # among radii that fit equally, the one nearest this share


@dataclass(frozen=True)
class LabelPlace:
    """A label's box on the unturned disc."""

    center: tuple[float, float]     # from the disc's centre
    size: tuple[float, float]       # the scaled block (w, h)
    turn: float                     # degrees the block is turned clockwise
    scale: float
    orientation: str

    def outline(self, per_edge: int = 4) -> np.ndarray:
        """Points along the box's edges (corners included), shape (n, 2)."""
        return _box_points(np.array(self.center, float), self.size[0], self.size[1], self.turn, per_edge)


def _box_points(center: np.ndarray, w: float, h: float, turn: float, per_edge: int = 4) -> np.ndarray:
    t = math.radians(turn)
    u = np.array([math.cos(t), math.sin(t)])       # the text's x axis, turned clockwise on screen
    v = np.array([-math.sin(t), math.cos(t)])      # its down axis
    s = np.linspace(-1.0, 1.0, per_edge + 1)
    a = np.concatenate([s, np.ones_like(s), s, -np.ones_like(s)])
    b = np.concatenate([-np.ones_like(s), s, np.ones_like(s), s])
    return center + np.outer(a * w / 2, u) + np.outer(b * h / 2, v)


POINTER_ZONE = (14.0, 0.76)    # a pointer resting at the top covers +-14 degrees beyond 0.76 R


def inside(points: np.ndarray, start: float, span: float, radius: float, pointer: bool = False) -> np.ndarray:
    """Which points (..., 2) lie inside the slice [start, start + span), clear of its
    dividers by MARGIN, of the rim and of the hub; with `pointer`, also clear of a
    pointer resting at the top of a disc that does not turn."""
    x, y = points[..., 0], points[..., 1]
    rho = np.hypot(x, y)
    ok = (rho >= HUB_CLEAR * radius) & (rho <= RIM_CLEAR * radius)
    theta = np.degrees(np.arctan2(x, -y)) % 360.0
    if pointer:
        half, reach = POINTER_ZONE
        ok &= ~((np.minimum(theta, 360.0 - theta) <= half) & (rho >= reach * radius))
    if span >= 360.0:
        return ok
    rel = (theta - start) % 360.0
    clear = np.degrees(np.arcsin(np.clip(MARGIN * radius / np.maximum(rho, 1e-9), 0.0, 1.0)))
    return ok & (rel >= clear) & (rel <= span - clear)


def _turn(orientation: str, middle: float) -> float:
    return {"tangential": middle, "radial": middle - 90.0, "level": 0.0}[orientation]


def fit(block: tuple[float, float], start: float, span: float, radius: float,
        orientations: tuple[str, ...] = ("tangential", "radial"), min_scale: float = 0.4,
        pointer: bool = False) -> LabelPlace | None:
    """The biggest place (scale <= 1) for a block of `block` = (w, h) in the slice
    (`pointer`: clear of a resting pointer at the top, see `inside`)."""
    middle = start + span / 2
    d = np.array([math.sin(math.radians(middle)), -math.cos(math.radians(middle))])
    radii = np.linspace(HUB_CLEAR, RIM_CLEAR, 11)[1:-1] * radius
    best: LabelPlace | None = None
    for orientation in orientations:
        turn = _turn(orientation, middle)
        unit = _box_points(np.zeros(2), block[0], block[1], turn)             # (16, 2) at scale 1

        def fits(scales: np.ndarray) -> np.ndarray:                            # (radii, scales)
            pts = radii[:, None, None, None] * d + scales[None, :, None, None] * unit[None, None]
            return np.asarray(inside(pts, start, span, radius, pointer).all(axis=-1))

        coarse = np.linspace(0.05, 1.0, 12)          # then finer between the last fit and the next
        ok = fits(coarse)
        good = np.nonzero(ok.any(axis=0))[0]
        if not len(good):
            continue
        k = int(good[-1])
        if k + 1 < len(coarse):
            fine = np.linspace(coarse[k], coarse[k + 1], 9)[:-1]
            ok_fine = fits(fine)
            j = int(np.nonzero(ok_fine.any(axis=0))[0][-1])
            scale, rows = float(fine[j]), np.nonzero(ok_fine[:, j])[0]
        else:
            scale, rows = float(coarse[k]), np.nonzero(ok[:, k])[0]
        r = float(radii[rows[np.argmin(np.abs(radii[rows] - PREFERRED * radius))]])
        if best is None or scale > best.scale * 1.15:     # the first orientation wins near-ties
            best = LabelPlace((float(d[0] * r), float(d[1] * r)), (block[0] * scale, block[1] * scale), turn,
                              scale, orientation)
    return best if best is not None and best.scale >= min_scale else None


def label_block(font: pygame.font.Font, text: str, color, ss: int) -> pygame.Surface:
    """A label's lines ('\\n' between them) with their shadow, centred, at `ss` times
    the real size."""
    lines = text.split("\n")
    rendered = [font.render(t, True, color) for t in lines]
    shadows = [font.render(t, True, (20, 10, 0)) for t in lines]
    w = max(t.get_width() for t in rendered)
    lh = rendered[0].get_height()
    block = pygame.Surface((w + ss * 4, lh * len(lines) + ss * 4), pygame.SRCALPHA)
    block.fill((0, 0, 0, 0))
    for k, (t, sh) in enumerate(zip(rendered, shadows)):
        x = (w - t.get_width()) // 2
        block.blit(sh, (x + ss * 3, k * lh + ss * 3))
        block.blit(t, (x, k * lh))
    return block


def place_labels(slices: Sequence[Any], starts: Sequence[float], spans: Sequence[float], radius: float,
                 font: pygame.font.Font, ss: int, pointer: bool) -> list[tuple[pygame.Surface, LabelPlace | None]]:
    """Each slice's label block and its place on a disc of `radius` (both at `ss`
    times the real size): the label, else its `short` form, where it fits; (block,
    None) where neither does. A still disc under a running pointer reads level."""
    ways = ("level",) if pointer else ("tangential", "radial")
    out = []
    for i, sl in enumerate(slices):
        place = None
        for text in (sl.label, sl.short):
            if not text:
                continue
            block = label_block(font, text, sl.text_color, ss)
            place = fit(block.get_size(), starts[i], spans[i], radius, ways, pointer=pointer)
            if place is not None:
                break
        out.append((block, place))
    return out

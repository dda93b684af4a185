"""Reels for the games: each reel its own strip, spun as the round's plan says.

A `ReelSet` is `cols` reels of `rows` cells in a logical rect. Each reel has the
game's real strip for that reel and bet mode (`set_strips` when the mode changes) and
its motion (`reel_motion.ReelMotion`): a spin is planned whole when it starts, so each
reel lands exactly on the round's recorded column at the moment its stop step begins
(its sound plays as it lands), and the picture is a pure function of the set's clock:
SPACE, a crash resume or the review tools' steps land on the same board.

Drawing blits one pre-rendered face per visible cell: the sharp faces at rest and
while slow, the motion-blurred ones (built once per symbol and size by `warm()`, never
per frame) at speed. `drawn[c]` lists what the last frame drew on reel c as (symbol,
strip index or None for a board cell) and `blurring[c]` whether it was blurred, for
the tests.
"""
from __future__ import annotations

import math
from functools import partial
from typing import Callable, Sequence, cast

import numpy as np
import pygame

from .presentation import Step
from .reel_motion import BLUR_SHARE, SETTLE_T, SPIN_SPEED, ReelMotion

START_STAGGER = 0.05          # seconds between the reels' starts, left to right
ANTICIPATION_CUE = "anticipation"   # the rising cue of a teased reel (a game names its own; none: silent)


def ease_out_back(p: float) -> float:
    """0 -> 1 with a small overshoot: a picture settling onto its place."""
    c = 1.4
    q = p - 1
    return 1 + (c + 1) * q ** 3 + c * q ** 2


def motion_blur(face: pygame.Surface, length: int) -> pygame.Surface:
    """`face` smeared vertically over `length` px (a box filter on premultiplied
    colour), on a surface `length` px taller above and below."""
    w, h = face.get_size()
    pad = length
    out = pygame.Surface((w, h + 2 * pad), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    out.blit(face, (0, pad))
    rgb = pygame.surfarray.array3d(out).astype(np.float32)
    alpha = pygame.surfarray.array_alpha(out).astype(np.float32)
    pm = np.concatenate([rgb * alpha[..., None] / 255.0, alpha[..., None]], axis=2)
    csum = np.cumsum(np.pad(pm, ((0, 0), (length // 2 + 1, length - length // 2), (0, 0))), axis=1)
    box = (csum[:, length:length + pm.shape[1]] - csum[:, :pm.shape[1]]) / length
    a = box[..., 3]
    colour = np.where(a[..., None] > 1e-3, box[..., :3] * 255.0 / np.maximum(a[..., None], 1e-3), 0)
    pygame.surfarray.blit_array(out, np.clip(colour, 0, 255).astype(np.uint8))
    px_alpha = pygame.surfarray.pixels_alpha(out)
    px_alpha[:] = np.clip(a * 0.92, 0, 255).astype(np.uint8)
    del px_alpha
    return out


class ReelSet:
    """`cols` reels of `rows` cells in a logical rect, each on its own strip.

    `faces(size_px)` returns {symbol id: Surface of that size} (pre-rendered once by
    the game); `strips[c]` is reel c's strip (symbol ids); `board` (rows of symbol ids)
    and `stops` give the picture at rest, else each reel rests at a stop of its own."""

    def __init__(self, app, rect: pygame.Rect | tuple[int, int, int, int], cols: int, rows: int, faces,
                 strips: Sequence[Sequence[str]], board: list[list[str]] | None = None,
                 stops: Sequence[int | None] | None = None, gap: int = 8, name: str = "reels",
                 face_scale: float = 0.92, speed: float = SPIN_SPEED):
        self.app = app
        self.name = name
        self.rect = pygame.Rect(rect)
        self.cols, self.rows, self.gap = cols, rows, gap
        self.cell_w = (self.rect.w - gap * (cols - 1)) / cols
        self.cell_h = self.rect.h / rows
        self.faces = faces
        self.face_scale = face_scale
        self.clock = 0.0
        strips = _per_reel(strips, cols)
        if board is None:
            rest = [(c * 7 + 3) % len(strips[c]) for c in range(cols)]
            stops = rest
            board = [[strips[c][(rest[c] + r) % len(strips[c])] for c in range(cols)] for r in range(rows)]
        at: list[int | None] = list(stops) if stops is not None else [None] * cols
        self.reels = [ReelMotion(strips[c], rows, [board[r][c] for r in range(rows)], at[c], speed)
                      for c in range(cols)]
        self.drawn: list[list[tuple[str, int | None]]] = [[] for _ in range(cols)]
        self.blurring = [False] * cols          # the last frame drew reel c's blurred faces

    # -- geometry ---------------------------------------------------------------
    def cell_rect(self, col: int, row: int) -> pygame.Rect:
        """The logical rect of a cell (for win frames and overlays)."""
        x = self.rect.x + col * (self.cell_w + self.gap)
        return pygame.Rect(round(x), round(self.rect.y + row * self.cell_h), round(self.cell_w), round(self.cell_h))

    def face_size(self) -> int:
        return self.app.layout.px(min(self.cell_w, self.cell_h) * self.face_scale)

    def blur_length(self) -> int:
        return max(4, self.app.layout.px(self.cell_h * 0.32))

    def _blurred(self, sym: str) -> pygame.Surface:
        size, length = self.face_size(), self.blur_length()
        return self.app.assets.surface(("reel_blur", self.name, sym, size, length),
                                       lambda: motion_blur(self.faces(size)[sym], length))

    def warm(self) -> None:
        """Build every face and blurred face the strips can show (scene preparation)."""
        self.faces(self.face_size())
        for sym in sorted({s for reel in self.reels for s in reel.strip}):
            self._blurred(sym)

    # -- state ------------------------------------------------------------------
    @property
    def strips(self) -> list[list[str]]:
        return [reel.strip for reel in self.reels]

    def set_strips(self, strips: Sequence[Sequence[str]]) -> None:
        """The strips of another bet mode (the window keeps what it shows)."""
        for reel, strip in zip(self.reels, _per_reel(strips, self.cols)):
            reel.set_strip(strip)

    def show(self, col: int, symbols: Sequence[str], stop: int | None = None) -> None:
        """Reel `col` at rest on `symbols` at once."""
        self.reels[col].show(list(symbols), stop)

    def set_board(self, board: list[list[str]], stops: Sequence[int | None] | None = None) -> None:
        for c in range(self.cols):
            self.show(c, [board[r][c] for r in range(self.rows)], None if stops is None else stops[c])

    def board(self) -> list[list[str]]:
        """The board the reels rest on (or are landing on)."""
        return [[self.reels[c].column[r] for c in range(self.cols)] for r in range(self.rows)]

    def state(self, col: int) -> str:
        """'spinning' (the round's column not in view yet), 'landing' or 'stopped'."""
        reel = self.reels[col]
        if reel.done(self.clock):
            return "stopped"
        return "spinning" if reel.outcome_shift(self.clock) is None else "landing"

    @property
    def moving(self) -> bool:
        return any(not reel.done(self.clock) for reel in self.reels)

    def window_shift(self, col: int) -> int | None:
        """Real px from reel `col`'s outcome to its place (negative: above, landing);
        None while the outcome is not in view (the reel spins)."""
        shift = self.reels[col].outcome_shift(self.clock)
        return None if shift is None else round(shift * self.app.layout.px(self.cell_h))

    def update(self, dt: float) -> None:
        self._set_clock(self.clock + dt)

    def _set_clock(self, t: float) -> None:
        self.clock = t
        for reel in self.reels:
            reel.update(t)

    # -- a planned spin as steps ------------------------------------------------------
    def spin_steps(self, columns: Sequence[Sequence[str]], stops: Sequence[int | None], *,
                   strips: Sequence[Sequence[str]] | None = None, spin: float = 0.5, stagger: float = 0.22,
                   teases: Sequence[int] = (), tease_time: float = 0.9, tease_sound: str = ANTICIPATION_CUE,
                   sound: Callable[[int], str | None] = lambda c: "reel_stop", spin_sound: str | None = "spin",
                   start_stagger: float = START_STAGGER,
                   on_start: Callable[[], None] | None = None, on_stop: Callable[[int], None] | None = None,
                   on_tease: Callable[[int], None] | None = None) -> list[list[Step]]:
        """The spin of a round whose reels land on `columns` (per reel, top to bottom)
        at strip `stops`: per reel the steps to show at its reel_stop event. Reel 0's
        start with 'reels spin' (every reel planned: its strip, its own phase, a pull
        back, the start staggered left to right); then per reel 'reel N stops', which
        begins as it lands, after 'anticipation' (the reel and those after it spin
        slower, `tease_sound` rises) for a reel in `teases`. The last step ends with
        every reel at rest on `columns`."""
        arrive, t = [], spin
        for c in range(self.cols):
            if c in teases:
                t += tease_time
            arrive.append(t)
            t += stagger
        first_tease = min(teases) if teases else None
        tease_from = (arrive[first_tease] - tease_time) if first_tease is not None else None
        base = {"t": 0.0}

        def start() -> None:
            if on_start:                 # first: a game may set what the reels rest on now
                on_start()
            if strips is not None:
                self.set_strips(strips)
            base["t"] = self.clock
            for c, reel in enumerate(self.reels):
                late = tease_from is not None and first_tease is not None and c >= first_tease
                reel.start(self.clock, arrive[c], list(columns[c]), stops[c], delay=c * start_stagger,
                           tease_from=tease_from if late else None)

        def timed(offset: float, duration: float) -> Callable[[float], None]:
            def set_clock(p: float) -> None:
                self._set_clock(base["t"] + offset + p * duration)

            return set_clock

        def finish() -> None:
            for reel in self.reels:
                reel.finish()

        per_reel: list[list[Step]] = [[] for _ in range(self.cols)]
        first_end = arrive[0] - (tease_time if 0 in teases else 0.0)
        per_reel[0].append(
            Step(first_end, start=start, tick=timed(0.0, first_end), label="reels spin", sound=spin_sound)
        )
        for c in range(self.cols):
            if c in teases:
                per_reel[c].append(Step(tease_time, start=partial(on_tease, c) if on_tease else None,
                                        tick=timed(arrive[c] - tease_time, tease_time), label="anticipation",
                                        sound=tease_sound))
            last = c == self.cols - 1
            nxt = arrive[c] + SETTLE_T + 0.02 if last else arrive[c + 1] - (tease_time if c + 1 in teases else 0.0)
            per_reel[c].append(Step(nxt - arrive[c], start=partial(on_stop, c) if on_stop else None,
                                    tick=timed(arrive[c], nxt - arrive[c]), end=finish if last else None,
                                    label=f"reel {c + 1} stops", sound=sound(c)))
        return per_reel

    # -- drawing ----------------------------------------------------------------
    def draw(self, surface: pygame.Surface, skip=()) -> None:
        """The reels; `skip` holds (col, row) cells left empty while their reel rests (a
        winning symbol the game animates there)."""
        lay = self.app.layout
        size = self.face_size()
        faces = self.faces(size)
        cw, ch = lay.px(self.cell_w), lay.px(self.cell_h)
        old_clip = surface.get_clip()
        for c, reel in enumerate(self.reels):
            drawn = self.drawn[c] = []
            x, y = lay.pt(*self.cell_rect(c, 0).topleft)
            surface.set_clip(pygame.Rect(x, y, cw, ch * self.rows).clip(old_clip))
            pos, speed = reel.at(self.clock)
            blur = self.blurring[c] = speed > BLUR_SHARE * reel.speed
            k0 = math.floor(pos)
            for k in range(k0, k0 + self.rows + 1):
                top = y + round((k - pos) * ch)
                if top >= y + ch * self.rows:
                    continue
                sym, index = reel.cell(k)
                if skip and reel.plan is None and (c, k) in skip:
                    drawn.append((sym, index))    # the game draws it there, animated
                    continue
                face = self._blurred(sym) if blur else faces[sym]
                surface.blit(face, (x + (cw - face.get_width()) // 2, top + (ch - face.get_height()) // 2))
                drawn.append((sym, index))
        surface.set_clip(old_clip)


def _per_reel(strips: Sequence[Sequence[str]], cols: int) -> list[list[str]]:
    """`strips` as one list per reel (a single strip is every reel's)."""
    if strips and isinstance(strips[0], str):
        return [list(cast(Sequence[str], strips))] * cols          # one strip: its items are symbol ids
    if len(strips) != cols:
        raise ValueError(f"{len(strips)} reel strips for {cols} reels")
    return [list(s) for s in strips]


def line_points(reels: ReelSet, line: Sequence[int]) -> list[tuple[int, int]]:
    """Logical centre points of a payline (row index per reel) for drawing it."""
    return [reels.cell_rect(c, r).center for c, r in enumerate(line)]


def pulse(t: float, speed: float = 4.0) -> float:
    """0..1 breathing value for highlights, from clock time."""
    return 0.5 + 0.5 * math.sin(t * speed)

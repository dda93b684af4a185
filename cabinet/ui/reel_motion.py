"""Where a reel's strip is at each moment of a spin: plain arithmetic, no pygame.

A reel is a column of cells seen through a window `rows` high. Cell index k grows
downwards and the window's top is at `pos` (a float): a spinning reel's pos falls,
so its symbols move down, as on a real reel whose strip index grows downwards (the
math's window at stop s shows strip[s], strip[s+1], ... top to bottom).

What cell k holds is a short list of segments: the reel's strip at some offset, or
fixed cells (the board shown before the spin, the round's outcome). A spin is
planned whole when it starts (the round is decided before anything moves): the
outcome's cells are placed above the window at a distance the reel covers by its
arrival time, on the strip at the stop the round recorded, so the symbols that come
in before it are the strip's own, and the joins between segments are out of sight
when they are made. The reel's position is then a pure function of time: a skipped
or resumed presentation that sets the clock lands on the same picture.

The motion: a small pull backwards, acceleration to full speed, full speed (or a
slower tease when the reel is anticipated), arrival at the outcome at full speed and
a critically damped settle (a small overshoot and back).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

INF = float("inf")

SPIN_SPEED = 18.0       # symbols a second at full speed
PULL = 0.22             # symbols the reel is pulled back before it spins
PULL_T = 0.12           # seconds of the pull
ACCEL_T = 0.2           # seconds from the pull to full speed
TEASE_SPEED = 0.55      # an anticipated reel slows to this share of full speed ...
TEASE_RAMP = 0.25       # ... over this many seconds
SETTLE_TAU = 0.03       # the settle's time constant (overshoot = speed * tau / e)
SETTLE_T = 6 * SETTLE_TAU
BLUR_SHARE = 0.45       # above this share of full speed the reel draws its blurred faces


@dataclass(frozen=True)
class Segment:
    """Cells lo <= k < hi: the strip at index (k + offset) mod len, or `cells[k - lo]`."""
    lo: float
    hi: float
    offset: int = 0
    cells: tuple[str, ...] | None = None


def _canonical(rows: int, column: Sequence[str], offset: int) -> list[Segment]:
    """A stopped reel: `column` in the window (k = 0..rows-1), its strip around it."""
    return [Segment(-INF, 0, offset), Segment(0, rows, 0, tuple(column)), Segment(rows, INF, offset)]


class ReelMotion:
    """One reel's strip, what it shows, and its planned spin on the ReelSet's clock."""

    def __init__(self, strip: Sequence[str], rows: int, column: Sequence[str], stop: int | None = None,
                 speed: float = SPIN_SPEED):
        self.strip = list(strip)
        self.rows = rows
        self.speed = speed
        self.column = list(column)                      # the cells the reel stops on
        self.stop = stop                                # their strip stop, when known
        self.segments = _canonical(rows, self.column, stop or 0)
        self.pos = 0.0
        self.plan: dict | None = None                   # the spin in progress

    # -- what a cell holds -------------------------------------------------------------
    def cell(self, k: int) -> tuple[str, int | None]:
        """(symbol, strip index) of cell k; the index is None for fixed cells (a board)."""
        for seg in self.segments:
            if seg.lo <= k < seg.hi:
                if seg.cells is not None:
                    return seg.cells[int(k - seg.lo)], None
                i = (k + seg.offset) % len(self.strip)
                return self.strip[i], i
        raise AssertionError(f"cell {k} outside every segment")

    def set_strip(self, strip: Sequence[str]) -> None:
        """A new strip (another bet mode's) for a reel at rest; the window keeps its cells."""
        self.strip = list(strip)
        if self.stop is not None and self.stop >= len(self.strip):
            self.stop = None

    def show(self, column: Sequence[str], stop: int | None = None) -> None:
        """Stop at once on `column` (an idle board, a resumed round, a skip)."""
        self.column, self.stop = list(column), stop
        self.segments = _canonical(self.rows, self.column, stop if stop is not None else self._phase())
        self.pos, self.plan = 0.0, None

    def _phase(self) -> int:
        """A start phase of the reel's own for a board that names no stop."""
        return sum(ord(ch) * (i + 7) for i, ch in enumerate("".join(self.column))) % len(self.strip)

    # -- planning a spin ----------------------------------------------------------------
    def start(self, t0: float, arrive: float, column: Sequence[str], stop: int | None, delay: float = 0.0,
              tease_from: float | None = None) -> None:
        """Plan a spin that starts at clock t0 (after `delay`) and lands on `column`
        (at strip stop `stop`) exactly `arrive` seconds after t0; from `tease_from`
        seconds on it slows to a tease (anticipation)."""
        if self.plan is not None:
            self.finish()
        v = self.speed
        knots = [(0.0, 0.0), (delay, 0.0), (delay + PULL_T / 2, -2 * PULL / PULL_T), (delay + PULL_T, 0.0),
                 (delay + PULL_T + ACCEL_T, v)]
        if tease_from is not None and tease_from > knots[-1][0]:
            slow = min(tease_from + TEASE_RAMP, arrive)
            knots += [(tease_from, v), (slow, v * TEASE_SPEED)]
        knots = [(t, s) for t, s in knots if t <= arrive] or [(0.0, 0.0)]
        if arrive > knots[-1][0]:
            knots.append((arrive, knots[-1][1]))
        down = _area(knots, positive=True)
        nominal = down - PULL
        n = max(math.ceil(nominal - 1e-9), self.rows + 1)
        scale = (n + PULL) / down if down > 0 else 1.0
        if down <= 0:                            # no time to move at all: a straight run in
            knots, scale = [(0.0, 0.0), (arrive, 2.0 * (n + PULL) / max(arrive, 1e-3))], 1.0
        knots = [(t, s * scale if s > 0 else s) for t, s in knots]
        far = -n
        offset = (stop if stop is not None else _mix(column, len(self.strip))) - far
        top = int(math.floor(self.pos))
        old = [Segment(max(s.lo, top), s.hi, s.offset, s.cells[int(max(s.lo, top) - s.lo):] if s.cells else None)
               for s in self.segments if s.hi > top]
        self.segments = [Segment(-INF, far, offset), Segment(far, far + self.rows, 0, tuple(column)),
                         Segment(far + self.rows, top, offset)] + old
        self.column, self.stop = list(column), stop
        self.plan = {"t0": t0, "knots": knots, "arrive": arrive, "far": far, "from": self.pos,
                     "end_speed": knots[-1][1] if knots[-1][1] > 0 else v}

    def at(self, t: float) -> tuple[float, float]:
        """(pos, speed in symbols a second, downwards positive) at clock t."""
        if self.plan is None:
            return self.pos, 0.0
        p = self.plan
        u = t - p["t0"]
        if u <= 0:
            return p["from"], 0.0
        if u < p["arrive"]:
            travel, speed = _integral(p["knots"], u)
            return p["from"] - travel, speed
        w = u - p["arrive"]
        if w >= SETTLE_T:
            return float(p["far"]), 0.0
        ve = p["end_speed"]
        return p["far"] - ve * w * math.exp(-w / SETTLE_TAU), ve * (1 - w / SETTLE_TAU) * math.exp(-w / SETTLE_TAU)

    def done(self, t: float) -> bool:
        return self.plan is None or t - self.plan["t0"] >= self.plan["arrive"] + SETTLE_T

    def arrived(self, t: float) -> bool:
        """The outcome has reached its place (the settle may still be on)."""
        return self.plan is None or t - self.plan["t0"] >= self.plan["arrive"]

    def outcome_shift(self, t: float) -> float | None:
        """Where the outcome's window is at clock t, in cells from its place (negative:
        still above it); None while none of it is in view."""
        if self.plan is None:
            return 0.0
        pos, _ = self.at(t)
        shift = self.plan["far"] - pos
        return shift if shift > -self.rows else None

    def finish(self) -> None:
        """The spin is over (or skipped): rest on the outcome, the strip around it."""
        self.show(self.column, self.stop)

    def update(self, t: float) -> None:
        """Keep `pos` at clock t, and rest once the settle is over."""
        if self.plan is not None and self.done(t):
            self.finish()
        else:
            self.pos = self.at(t)[0]


def _mix(column: Sequence[str], n: int) -> int:
    return sum(ord(ch) * (i + 3) for i, ch in enumerate("|".join(column))) % n


def _area(knots: list[tuple[float, float]], positive: bool) -> float:
    """The area under the piecewise linear speed (only where it is > 0, if positive)."""
    total = 0.0
    for (t0, s0), (t1, s1) in zip(knots, knots[1:]):
        if positive and s0 <= 0 and s1 <= 0:
            continue
        total += (s0 + s1) / 2 * (t1 - t0)
    return total


def _integral(knots: list[tuple[float, float]], u: float) -> tuple[float, float]:
    """(distance travelled downwards, speed) at u seconds along the knots."""
    travel = 0.0
    for (t0, s0), (t1, s1) in zip(knots, knots[1:]):
        if u <= t0:
            break
        if t1 <= t0:
            continue
        end = min(u, t1)
        s_end = s0 + (s1 - s0) * (end - t0) / (t1 - t0)
        travel += (s0 + s_end) / 2 * (end - t0)
        if u <= t1:
            return travel, s_end
    return travel + knots[-1][1] * (u - knots[-1][0]), knots[-1][1]


def gravity_drop(p: float, distance: float, longest: float, delay: float = 0.0, bounce: float = 0.12) -> float:
    """Cells above its place, at progress p of a step, of a symbol falling `distance`
    cells while the step's longest fall is `longest`: from rest under gravity (the time
    to land grows as the square root of the distance, the longest lands at 0.78 less
    the largest delay, 0.08), then a bounce up of `bounce` cells (at most a quarter of
    the distance) and back, over the step's last 0.2 at most."""
    if distance <= 0:
        return 0.0
    land = (0.78 - 0.08) * math.sqrt(min(distance / longest, 1.0)) if longest > 0 else 0.7
    q = (p - delay) / land
    if q <= 0:
        return distance
    if q < 1:
        return distance * (1 - q * q)
    u = (p - delay - land) / 0.2
    if u >= 1:
        return 0.0
    return min(bounce, distance / 4) * math.sin(math.pi * u)

"""Piggy Farm's rules-side odds of a bought round's top wins, P(win >= X) (the
GameSpec.math.tail_odds of the buys, for the rates file's `tails`, the band check and the
books' big-win stratum):

- FREE SPINS, HOG WILD, GROWING SEASON: multilevel splitting of the bought rounds
  themselves (math/rare.py split_rounds, their own strips and spin counts), split at
  levels of a score that counts the sticky grid's promise (SPLIT_POTENTIAL x the grid's
  sum x the spins left) beside the win: a HOG WILD round that reaches 100x its price
  mostly builds its grid first and wins late, so splitting on the win alone barely
  splits it. Measured on 100,000 HOG WILD roots, the variance x CPU time of P(>= 100x
  the price) is about 0.2 against 1.7 splitting on the win and 10 for plain rounds.
  The roots are independent: the 99% interval is normal over them.
- GOLDEN EGG HUNT, EGG HUNT: exact, the pick game's law of the prize total
  (cabinet/mechanics/pick.py chance_of).
- RISK THE FARM: exact (its one prize and its chance).
(FARM WHEEL BUY's is par_live.bought_wheel_tails, over the wheel's own split rounds.)
"""
from __future__ import annotations

import math
import sys
import time
from typing import Any

import numpy as np

from .tables import load

Z99 = 2.5758293035489004
FREE_SPIN_BUYS = ("free_spins", "hog_wild", "growing_season")
SPLIT_ROOTS = {"free_spins": 3_200_000, "hog_wild": 3_200_000, "growing_season": 200_000}   # 99%: about +-25% at 200x
SPLIT_TASKS = 16               # independent split runs a mode (each roots / tasks roots)
SPLIT_FACTOR = 2
SPLIT_POTENTIAL = 300          # x100 of the bet a grid unit promises for each spin left
# score levels, in multiples of the buy's price
SPLIT_LEVELS_COST = (7, 13, 23, 37, 53, 73, 100, 135, 200, 300, 470)
_CACHE: dict[tuple[str, int], Any] = {}


def _split_task(task: tuple[str, int, int, int]):
    from .rare import split_rounds
    mode, seed, index, roots = task
    pm = load()
    m = pm.mode(mode)
    if int(m.get("start_multiplier", 1)) != 1:
        raise ValueError(f"{mode}: split_rounds plays rounds at x1")
    cost_x = int(m["cost_x100"]) // 100
    return split_rounds(pm, mode, int(m["spins"]), m["strips"], roots, pm.cap_x100, seed * 1_000 + index,
                        factor=SPLIT_FACTOR, levels_x=tuple(cost_x * k for k in SPLIT_LEVELS_COST),
                        potential=SPLIT_POTENTIAL)


def split_buy(mode: str, seed: int = 1, workers: int = 2):
    """The split rounds of a free-spins buy (rare.Particles), played once per process
    and seed in SPLIT_TASKS tasks."""
    from cabinet.math import pool
    from .rare import Particles
    key = (mode, seed)
    if key not in _CACHE:
        n = SPLIT_ROOTS[mode] // SPLIT_TASKS
        tasks = [(mode, seed, 700 + i, n) for i in range(SPLIT_TASKS)]
        t0 = time.perf_counter()
        with pool.Progress(len(tasks), "roots", f"piggy_farm/{mode}: split rounds") as bar:
            got = pool.run(_split_task, tasks, workers, on_done=lambda i, r: bar.done(1, n))
        _CACHE[key] = Particles.joined(got)
        print(f"  {mode}: {n * SPLIT_TASKS:,} split rounds in {time.perf_counter() - t0:.1f}s", file=sys.stderr,
              flush=True)
    return _CACHE[key]


def _interval(per_root: np.ndarray) -> tuple[float, float, float]:
    p = float(per_root.mean())
    half = Z99 * float(per_root.std(ddof=1)) / math.sqrt(len(per_root))
    return p, max(0.0, p - half), p + half


def buy_tail(mode: str, thresholds_x100: list[int], seed: int = 1, workers: int = 2) -> dict[int, tuple]:
    """{X: (P(win >= X), lo99, hi99, method)} of a bought round of `mode` (a free-spins
    buy, a hunt or RISK THE FARM)."""
    from cabinet.mechanics.pick import PickCondition, chance_of
    pm = load()
    m = pm.mode(mode)
    cap = None if m.get("cap_exempt") else pm.cap_x100
    out: dict[int, tuple] = {}
    if mode in FREE_SPIN_BUYS:
        parts = split_buy(mode, seed, workers)
        for x in thresholds_x100:
            hit = parts.win >= x
            per_root = np.bincount(parts.root, weights=parts.weight * hit, minlength=parts.roots)
            out[x] = _interval(per_root) + (
                f"{parts.roots:,} split {m['label']} rounds ({parts.spins:,} spins; levels of the win + "
                f"{SPLIT_POTENTIAL // 100}x the grid's sum a spin left, {SPLIT_FACTOR} copies a level)",)
    elif mode in ("golden_egg_hunt", "egg_hunt"):
        for x in thresholds_x100:
            p = 0.0 if cap is not None and x > cap else chance_of(pm.hunt(mode), PickCondition(lo=x))
            out[x] = (p, p, p, "exact: the pick game's law of the prize total")
    elif mode == "risk_the_farm":
        num, den = (int(v) for v in m["chance"])
        for x in thresholds_x100:
            p = num / den if x <= int(m["prize_x100"]) else 0.0
            out[x] = (p, p, p, f"exact: the chance {num} in {den} of the {int(m['prize_x100']) // 100:,}x prize")
    return out

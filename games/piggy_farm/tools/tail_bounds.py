"""What Piggy Farm's rules fix about a mode's tail, for `python -m cabinet.math tails`
(cabinet/math/tails.py).

- exact_tail: the hunts' prize total has an exact law (cabinet/mechanics/pick.py
  chance_of, through math/buy_tails.py buy_tail), and RISK THE FARM pays one prize at
  one chance: P(X > t) = P(X >= t + 1 hundredth).
- natural_ceiling: a bought free-spins round winning at least the mode's lowest win
  level (math.yaml big_win_x / huge_win_x times the price) lists it (tables.WIN_LEVELS),
  and the mode's books force every level it has, so a round in none of its categories
  pays less than the lowest level.
- split_tail: the free-spins buys' whole law by splitting the bought rounds, seeded apart
  from the PAR sheet's runs, the roots independent. It replaces the strata (a HUGE WIN
  draw takes about 4 CPU minutes, a GROWING SEASON big win some seconds).
  FREE SPINS: math/buy_tails.py's levels and score (math/rare.py split_rounds).
  HOG WILD: the same score (the win + the sticky grid's promise), 2 copies a level, at
  7x and 13x its price and then 1.2x apart from 23x up to the cap (HW_LEVELS): its tail
  falls about 2x every 1.2x, so each level holds about as many particles as the last and
  the top (about 415x its price) is passed by many roots; buy_tails' levels (300x, 470x
  up there) left no particle above the top in 800,000 roots.
- sum_law: GROWING SEASON has no sticky grid and no retrigger, and spin k's win is
  times k, so a round is X = sum_k k W_k with W the spins' independent raw wins (the cap,
  50,000x, is far above any sum): cabinet/math/iid_sum.py convolves the law of W drawn
  here. Splitting could not reach its top (1,157.40x): it takes one spin's 12+ GP cluster
  (73x, about 3e-8 a spin) at x14 or x15, and a spin is one draw (800,000 split roots: no
  particle above 944x). A spin's win is fixed by its 7 strip stops (the tumbles refill
  from the strips), so the stops are drawn from a defensive mixture: half uniform (the
  rules), half tilted per reel towards windows with GP and wilds (exp(GS_TILT x their
  count)); each spin's weight is uniform / mixture, at most 2, exact.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from games.piggy_farm.math.buy_tails import FREE_SPIN_BUYS, SPLIT_FACTOR, SPLIT_POTENTIAL, _split_task, buy_tail
from games.piggy_farm.math.rare import split_rounds
from games.piggy_farm.math.sim import spin_batch
from games.piggy_farm.math.tables import WIN_LEVELS, load

GS_TILT = 1.5                 # GROWING SEASON's stops: the tilt per GP or wild cell in a reel's window
GS_MIX = 0.5                  # the share of spins drawn from the tilted stops (the rest uniform, as the rules)
HW_LEVELS = (7, 13) + tuple(round(23 * 1.2 ** i, 2) for i in range(19))   # x HOG WILD's price: 7x .. 612x


def exact_tail(mode: str) -> Callable[[int], float] | None:
    if mode not in ("golden_egg_hunt", "egg_hunt", "risk_the_farm"):
        return None

    def above(t_x100: int) -> float:
        return float(buy_tail(mode, [int(t_x100) + 1])[int(t_x100) + 1][0])
    return above


def natural_ceiling(mode: str, category: str | None = None) -> int | None:
    if mode not in FREE_SPIN_BUYS or category is not None:
        return None
    pm = load()
    levels = [v for v in (pm.win_level_x100(level, mode) for level in WIN_LEVELS) if v is not None]
    return min(levels) if levels else None


def gs_tilt(pm) -> list[np.ndarray]:
    """Per GROWING SEASON reel: the tilted law of its stop, proportional to
    exp(GS_TILT x the GP and wild cells in the stop's window)."""
    out = []
    for reel in pm.strips[pm.mode("growing_season")["strips"]]:
        r = np.isin(np.asarray(reel), [pm.pay_ids[0], pm.wild])
        idx = (np.arange(len(r))[:, None] + np.arange(pm.shape.rows)[None, :]) % len(r)
        t = np.exp(GS_TILT * r[idx].sum(axis=1))
        out.append(t / t.sum())
    return out


def gs_spins(pm, gen: np.random.Generator, n: int, tilt: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """n GROWING SEASON spins at x1 (raw win x100) and their weights: stops drawn from the
    mixture (1 - GS_MIX) uniform + GS_MIX tilted, weight = uniform / mixture (at most
    1 / (1 - GS_MIX))."""
    strips = pm.mode("growing_season")["strips"]
    lengths = pm.strip_sets[strips].lengths
    tilted = gen.random(n) < GS_MIX
    tops = np.stack([np.where(tilted, gen.choice(len(q), size=n, p=q), gen.integers(0, len(q), n))
                     for q in tilt], axis=1)
    ratio = np.prod([lengths[c] * q[tops[:, c]] for c, q in enumerate(tilt)], axis=0)     # tilted / uniform
    win = spin_batch(pm, gen, strips, n, np.ones(n, dtype=np.int64), np.full(n, 10**15, dtype=np.int64),
                     tops=tops)[0]
    return win, 1.0 / ((1.0 - GS_MIX) + GS_MIX * ratio)


def sum_law(mode: str) -> tuple[tuple[int, ...], Callable[[int, int, int], tuple[np.ndarray, np.ndarray]]] | None:
    """GROWING SEASON as a sum of independent spins: (the coefficients 1 .. 15, (task index,
    spins, seed) -> (the weighted law of the spins' raw wins (index: the win x100), the
    count of spins drawn at each win))."""
    if mode != "growing_season":
        return None
    pm = load()
    tilt = gs_tilt(pm)

    def draw(index: int, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
        gen = np.random.Generator(np.random.PCG64DXSM((seed % 2**40) * 1_000 + 60_000 + index))
        mass, counts = np.zeros(1), np.zeros(1, dtype=np.int64)
        for a in range(0, n, 50_000):
            win, weight = gs_spins(pm, gen, min(50_000, n - a), tilt)
            size = max(len(mass), int(win.max()) + 1)
            mass = np.pad(mass, (0, size - len(mass))) + np.bincount(win, weights=weight, minlength=size)
            counts = np.pad(counts, (0, size - len(counts))) + np.bincount(win, minlength=size)
        return mass, counts
    return tuple(range(1, int(pm.mode(mode)["spins"]) + 1)), draw


def split_tail(mode: str) -> Callable[[int, int, int], tuple[np.ndarray, np.ndarray, np.ndarray]] | None:
    """(task index, roots, seed) -> (payout x100 (at most the cap), weight, root) of one splitting run."""
    if mode not in ("free_spins", "hog_wild"):
        return None

    def run(index: int, roots: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        pm = load()
        m = pm.mode(mode)
        base = (seed % 2**40) * 1_000 + 50_000
        if mode == "free_spins":
            parts = _split_task((mode, seed % 2**40, 50_000 + index, roots))
            win, weight, root = parts.win, parts.weight, parts.root
        else:
            cost_x = int(m["cost_x100"]) // 100
            parts = split_rounds(pm, mode, int(m["spins"]), m["strips"], roots, pm.cap_x100, base + index,
                                 factor=SPLIT_FACTOR, potential=SPLIT_POTENTIAL,
                                 levels_x=tuple(int(round(cost_x * k)) for k in HW_LEVELS))
            win, weight, root = parts.win, parts.weight, parts.root
        return np.minimum(win, pm.cap_x100), weight, root
    return run

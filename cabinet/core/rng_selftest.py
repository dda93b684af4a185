"""A statistical self-test of the RNG service (cabinet/core/rng.py), as the operator's
diagnostics page runs it.

Each test draws through the service's own methods (below, weighted, seed64), on a
fresh `Rng` seeded from the OS like the cabinet's own, and gives a p-value:

- frequency of below(10) and of below(37) (chi-square, 9 and 36 degrees of freedom);
- serial pairs of below(6): consecutive draws as one of 36 cells (chi-square, 35);
- runs up and down of below(1000) against their expected count (normal, Wald-Wolfowitz);
- the exact weighted draw with weights 1:2:3:4 (chi-square, 3);
- every bit position of seed64(): its count of ones (chi-square over 63 positions).

The suite passes when every p-value is above ALPHA (0.001): a sound generator fails a
run about 6 times in a thousand. p-values come from the regularized gamma function
(chi-square) and erfc (normal), computed here: the runtime has no scipy.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from .rng import Rng

ALPHA = 0.001


@dataclass(frozen=True)
class Result:
    name: str
    statistic: float
    p: float
    draws: int

    @property
    def passed(self) -> bool:
        return self.p > ALPHA


def _gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma Q(a, x) (series below a + 1, continued
    fraction above: Numerical Recipes' gammq)."""
    if x <= 0:
        return 1.0
    gln = math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - gln))
    b = x + 1 - a
    c, d = 1 / 1e-300, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - gln) * h


def chi2_sf(stat: float, dof: int) -> float:
    """P(X >= stat) for a chi-square variable with `dof` degrees of freedom."""
    return _gamma_q(dof / 2, stat / 2)


def chi2(observed: np.ndarray, expected: np.ndarray) -> tuple[float, float]:
    stat = float(((observed - expected) ** 2 / expected).sum())
    return stat, chi2_sf(stat, len(observed) - 1)


def frequency(rng: Rng, n: int, count: int) -> Result:
    draws = np.fromiter((rng.below(n) for _ in range(count)), dtype=np.int64, count=count)
    stat, p = chi2(np.bincount(draws, minlength=n).astype(float), np.full(n, count / n))
    return Result(f"frequency of below({n})", stat, p, count)


def serial_pairs(rng: Rng, n: int, pairs: int) -> Result:
    draws = np.fromiter((rng.below(n) for _ in range(2 * pairs)), dtype=np.int64, count=2 * pairs)
    cells = draws[0::2] * n + draws[1::2]
    stat, p = chi2(np.bincount(cells, minlength=n * n).astype(float), np.full(n * n, pairs / (n * n)))
    return Result(f"serial pairs of below({n})", stat, p, 2 * pairs)


def runs_up_down(rng: Rng, count: int) -> Result:
    """Runs of rises and falls (ties dropped): mean (2N-1)/3, variance (16N-29)/90."""
    draws = np.fromiter((rng.below(1000) for _ in range(count)), dtype=np.int64, count=count)
    steps = np.sign(np.diff(draws))
    steps = steps[steps != 0]
    runs = 1 + int(np.count_nonzero(steps[1:] != steps[:-1]))
    n = len(steps) + 1
    z = (runs - (2 * n - 1) / 3) / math.sqrt((16 * n - 29) / 90)
    return Result("runs up and down of below(1000)", z, math.erfc(abs(z) / math.sqrt(2)), count)


def weighted(rng: Rng, count: int) -> Result:
    weights = [1, 2, 3, 4]
    draws = np.fromiter((rng.weighted(weights) for _ in range(count)), dtype=np.int64, count=count)
    stat, p = chi2(np.bincount(draws, minlength=4).astype(float), np.array(weights, float) * count / 10)
    return Result("weighted draw 1:2:3:4", stat, p, count)


def seed_bits(rng: Rng, count: int) -> Result:
    values = np.fromiter((rng.seed64() for _ in range(count)), dtype=np.uint64, count=count)
    ones = np.array([int(((values >> np.uint64(b)) & np.uint64(1)).sum()) for b in range(62)], dtype=float)
    # seed64 is uniform on [0, 2**63 - 1): bits 0..61 are fair coins (bit 62 is 1 a hair less than half)
    stat = float((((ones - count / 2) ** 2) / (count / 4)).sum())
    return Result("bits 0-61 of seed64()", stat, chi2_sf(stat, 62), count)


TESTS: tuple[tuple[str, Callable[[Rng], Result]], ...] = (
    ("below10", lambda r: frequency(r, 10, 50_000)),
    ("below37", lambda r: frequency(r, 37, 37_000)),
    ("pairs", lambda r: serial_pairs(r, 6, 18_000)),
    ("runs", lambda r: runs_up_down(r, 40_000)),
    ("weighted", lambda r: weighted(r, 20_000)),
    ("bits", lambda r: seed_bits(r, 4_000)),
)


def run(rng: Rng | None = None) -> dict:
    """Every test: {'passed', 'seconds', 'results': [Result...]}."""
    rng = rng or Rng()
    t0 = time.perf_counter()
    results = [test(rng) for _, test in TESTS]
    return {"passed": all(r.passed for r in results), "seconds": round(time.perf_counter() - t0, 2),
            "results": results}

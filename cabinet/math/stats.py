"""Figures of a weighted set of rounds: RTP, hit rate, top award odds, feature rates,
and the Monte Carlo confidence intervals used by `sim` and the PAR sheet."""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

Z99 = 2.5758293035489004   # two-sided 99% normal quantile
Z90 = 1.6448536269514722   # two-sided 90% normal quantile

# Payout bands, in multiples of the mode's cost: [lo, hi), the first is "no win".
BAND_EDGES = (0.0, 1e-9, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 5_000, 10_000, math.inf)
BAND_LABELS = ("0", "<0.5", "0.5-1", "1-2", "2-5", "5-10", "10-20", "20-50", "50-100", "100-200",
               "200-500", "500-1k", "1k-5k", "5k-10k", "10k+")


def band_of(payout_x100: np.ndarray, cost_x100: int) -> np.ndarray:
    """Each payout's band index (BAND_LABELS)."""
    return np.searchsorted(np.asarray(BAND_EDGES[1:-1]), payout_x100 / cost_x100, side="right")


def band_counts(payout_x100: np.ndarray, cost_x100: int, weight: np.ndarray | None = None) -> np.ndarray:
    """Rounds (or total weight) in each payout band."""
    return np.bincount(band_of(payout_x100, cost_x100), weights=weight, minlength=len(BAND_LABELS))


def feature_rates(weight: np.ndarray, features: np.ndarray, names: list[str]) -> dict[str, float]:
    """Weighted share of rounds whose feature bitmask has each name's bit."""
    wf = weight.astype(np.float64)
    total = wf.sum()
    return {name: float(wf[(features >> np.uint64(i)) & np.uint64(1) == 1].sum() / total)
            for i, name in enumerate(names)}


def weighted_figures(weight: np.ndarray, payout_x100: np.ndarray, features: np.ndarray,
                     names: list[str], cost_x100: int) -> dict[str, Any]:
    """cost, rtp, hit_rate, max_win_x, max_win_odds, sd (per unit cost), features.

    With integer weights the RTP is exact (Python integers); with float weights it is
    a float estimate."""
    if np.issubdtype(weight.dtype, np.integer):
        total = sum(weight.tolist())
        paid = sum(map(int.__mul__, weight.tolist(), payout_x100.tolist()))
        rtp = float(Fraction(paid, total * cost_x100))
    else:
        rtp = float(weight @ payout_x100) / float(weight.sum()) / cost_x100
    wf = weight.astype(np.float64)
    wf = wf / wf.sum()
    y = payout_x100 / cost_x100
    top = int(payout_x100.max())
    top_p = float(wf[payout_x100 == top].sum())
    return {"cost": cost_x100 / 100, "rtp": rtp,
            "hit_rate": float(wf[payout_x100 > 0].sum()),
            "max_win_x": top / 100,
            "max_win_odds": int(round(1 / top_p)) if top_p > 0 else None,
            "sd": float(math.sqrt(max(0.0, wf @ (y - wf @ y) ** 2))),
            "features": feature_rates(weight, features, names)}


def mean_ci(total: float, total_sq: float, n: int, z: float = Z99) -> tuple[float, float, float]:
    """(mean, lo, hi): normal-approximation interval of a mean from its sums."""
    mean = total / n
    var = max(0.0, total_sq / n - mean * mean) * n / max(1, n - 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def rate_ci(hits: int, n: int, z: float = Z99) -> tuple[float, float, float]:
    """(rate, lo, hi): Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = hits / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return p, max(0.0, centre - half), min(1.0, centre + half)


def clopper_pearson(k: np.ndarray, n: int, alpha: float = 0.01) -> tuple[np.ndarray, np.ndarray]:
    """(lo, hi): the exact (Clopper-Pearson) two-sided 1 - alpha interval of a proportion
    for each count k of n, from the beta law's quantile (0 and 1 at the ends). scipy
    (the tools' extra): scipy.special, since scipy.stats costs seconds to import."""
    from scipy.special import betaincinv
    k = np.asarray(k, dtype=np.float64)
    lo = np.where(k > 0, betaincinv(np.maximum(k, 1), n - k + 1, alpha / 2), 0.0)
    hi = np.where(k < n, betaincinv(k + 1, np.maximum(n - k, 1), 1 - alpha / 2), 1.0)
    return lo, hi


def scaled_rate_ci(scale: float, hits: int, n: int, add: float = 0.0, z: float = Z99) -> tuple[float, float, float]:
    """(scale * k/n + add, lo, hi): a conditional rate k/n measured by simulation (Wilson
    interval) times an exactly known probability `scale`, plus an exactly known part.
    The PAR sheet's rare-event odds: P(win >= X) = P(exact part) + P(trigger) P(X | trigger)."""
    p, lo, hi = rate_ci(hits, n, z)
    return scale * p + add, scale * lo + add, scale * hi + add

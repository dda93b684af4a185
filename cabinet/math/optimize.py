"""Integer book weights that make a mode's RTP exact while staying near natural odds.

The books of a mode fall into strata: one per forcing category (books forced into it,
plus natural books that landed in it; a natural book in several categories belongs to
the first in `book_forces` order, so categories should not overlap) and the natural
stratum (every other book). The categories' shares of the total weight are fixed at
their target frequencies, split evenly over their books: that is the importance weight
that keeps rare awards at their stated odds. The natural stratum carries the rest.

Inside the natural stratum the weights are an exponential tilt of the uniform
distribution, w_i ∝ exp(λ · payout_i / cost), the distribution nearest to the natural
one (least Kullback-Leibler divergence) with the required mean; λ is found by
bisection. The weights are then integerised over a large total (2**52) with exact
stratum totals, and a final exact correction moves a little weight between two
natural books of different payouts, so that sum(w * payout) / (sum(w) * cost) equals
the stated RTP to about 1e-15. Sums are exact Python integers (no int64 overflow).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import math

import numpy as np

TOTAL_WEIGHT = 2**52


class OptimizeError(Exception):
    """The stated RTP or frequencies cannot be met by these books."""


def _tilt(y: np.ndarray, lam: float) -> np.ndarray:
    z = lam * y
    p = np.exp(z - z.max())
    return p / p.sum()


def solve_tilt(y: np.ndarray, target_mean: float, tol: float = 1e-13) -> float:
    """λ such that the exp(λ y)-tilted uniform distribution over y has mean target_mean."""
    lo_y, hi_y = float(y.min()), float(y.max())
    if not lo_y < target_mean < hi_y:
        # natural books that all pay the same (e.g. the losing half of an all-or-nothing
        # mode whose win is its own exact stratum): uniform, if the categories already
        # carry the RTP up to the rounding of their integer shares
        if lo_y == hi_y and abs(target_mean - lo_y) <= 1e-9 * max(1.0, abs(lo_y)):
            return 0.0
        raise OptimizeError(f"natural books pay {lo_y:.4f}..{hi_y:.4f} x cost; "
                            f"mean {target_mean:.6f} is out of reach")

    def mean(lam: float) -> float:
        return float(_tilt(y, lam) @ y)

    lo, hi = -1.0, 1.0
    while mean(lo) > target_mean:
        lo *= 2
    while mean(hi) < target_mean:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if mean(mid) < target_mean:
            lo = mid
        else:
            hi = mid
        if hi - lo < tol * max(1.0, abs(mid)):
            break
    return (lo + hi) / 2


def _integerise(p: np.ndarray, total: int) -> np.ndarray:
    """Integer weights >= 1 proportional to p, summing exactly to total."""
    f = p * total
    w = np.maximum(np.floor(f).astype(np.int64), 1)
    short = total - int(w.sum())
    if short > 0:
        order = np.argsort(-(f - np.floor(f)), kind="stable")
        w[order[:short % len(w)]] += 1
        w += short // len(w)
    while short < 0:
        order = np.argsort(-w, kind="stable")
        take = min(-short, len(w))
        room = w[order[:take]] > 1
        w[order[:take][room]] -= 1
        short += int(room.sum())
        if not room.any():
            raise OptimizeError("total weight too small for the number of books")
    return w


def _correct(w: np.ndarray, x: np.ndarray, natural: np.ndarray, deficit: int) -> int:
    """Move weight between natural books to cut `deficit` = wanted - sum(w*x); returns
    the remaining deficit (smaller than the smallest payout gap)."""
    idx = np.flatnonzero(natural)
    xs = x[idx]
    low = idx[xs == xs.min()]
    for _ in range(64):
        if deficit == 0:
            break
        a = int(low[np.argmax(w[low])])          # a low-payout book with the most weight
        gaps = x[idx] - x[a]
        usable = (gaps > 0) & (gaps <= abs(deficit))
        if not usable.any():
            break
        gap = int(gaps[usable].max())
        cands = idx[usable & (gaps == gap)]
        b = int(cands[np.argmax(w[cands])])
        giver = a if deficit > 0 else b
        delta = min(abs(deficit) // gap, int(w[giver]) - 1)
        if delta <= 0:
            break
        sign = 1 if deficit > 0 else -1
        w[a] -= sign * delta
        w[b] += sign * delta
        deficit -= sign * delta * gap
    return deficit


def optimize(payout_x100: np.ndarray, stratum: np.ndarray, targets: list[float],
             cost_x100: int, rtp: Fraction, total: int = TOTAL_WEIGHT) -> tuple[np.ndarray, dict[str, Any]]:
    """Integer weights for one mode.

    `stratum[i]` is the category index of book i (-1 natural); `targets[c]` is the
    target frequency per round of category c. Returns (weights, report) where report
    holds lambda, the exact RTP reached, the error and the natural stratum's KL
    divergence from uniform."""
    n = len(payout_x100)
    x = payout_x100.astype(np.int64)
    w = np.zeros(n, dtype=np.int64)
    fixed_paid = 0
    fixed_total = 0
    for c, target in enumerate(targets):
        members = np.flatnonzero(stratum == c)
        share = int(round(target * total))
        if share == 0:
            continue
        if len(members) == 0:
            raise OptimizeError(f"category {c} has target {target} but no books")
        w[members] = _integerise(np.full(len(members), 1.0 / len(members)), share)
        fixed_total += share
        fixed_paid += sum(map(int.__mul__, w[members].tolist(), x[members].tolist()))
    natural = stratum < 0
    nat_total = total - fixed_total
    if nat_total <= 0 or not natural.any():
        raise OptimizeError("the categories' targets leave no weight for natural books")
    wanted = rtp * cost_x100 * total                      # exact sum(w * payout) wanted
    nat_mean = (wanted - fixed_paid) / nat_total          # in payout_x100 units
    y = x[natural] / cost_x100
    lam = solve_tilt(y, float(nat_mean) / cost_x100)
    p = _tilt(y, lam)
    w[natural] = _integerise(p, nat_total)
    paid = sum(map(int.__mul__, w.tolist(), x.tolist()))
    deficit = _correct(w, x, natural, round(wanted) - paid)
    total_w = sum(w.tolist())
    paid = sum(map(int.__mul__, w.tolist(), x.tolist()))
    reached = Fraction(paid, total_w * cost_x100)
    if abs(reached - rtp) > Fraction(1, 10**6):
        raise OptimizeError(f"RTP {float(reached):.9f} misses target {float(rtp):.6f} (deficit {deficit})")
    uniform = 1.0 / int(natural.sum())
    kl = float(np.sum(p * np.log(np.where(p > 0, p, 1.0) / uniform)))
    return w, {"lambda": lam, "rtp": f"{reached.numerator}/{reached.denominator}",
               "rtp_error": float(reached - rtp), "kl_natural": kl,
               "natural_share": nat_total / total}


def sampling_se(payout_x100: np.ndarray, stratum: np.ndarray, targets: list[float], cost_x100: int) -> float:
    """Standard error of the library's natural RTP as an estimate of the rules' RTP:
    sqrt(sum over strata of share^2 * variance / books), payouts per unit cost. A
    weight correction within a few of these is the sample's noise, not the rules'."""
    y = payout_x100 / cost_x100
    shares = [(stratum == c, t) for c, t in enumerate(targets) if t > 0 and (stratum == c).any()]
    rest = 1.0 - sum(t for _, t in shares)
    se2 = 0.0
    for members, share in shares + [(stratum < 0, rest)]:
        n = int(members.sum())
        if n > 1:
            se2 += share * share * float(np.var(y[members], ddof=1)) / n
    return math.sqrt(se2)


def natural_weights(stratum: np.ndarray, targets: list[float]) -> np.ndarray:
    """The unoptimised importance weights (float): category shares at target, uniform
    inside each stratum. The baseline the optimizer's movement is measured against."""
    w = np.zeros(len(stratum))
    rest = 1.0
    for c, target in enumerate(targets):
        members = stratum == c
        if members.any() and target > 0:
            w[members] = target / members.sum()
            rest -= target
    nat = stratum < 0
    w[nat] = rest / max(1, nat.sum())
    return w

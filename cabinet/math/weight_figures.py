"""The weights' report figures (cabinet/math/optimize.py, build's and PAR's reports): how far
integer weights moved from the natural ones (`tilt_figures`, `held_mean_shifts`), the
natural weights themselves (`natural_weights`), a library's figures as exact fractions
rounded once (`exact_figures`) and the sampling error of its natural RTP
(`sampling_se`). The same bits on every machine (cabinet/math/exact_float.py).
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from cabinet.core.book_format import exact_dot

from .exact_float import OptimizeError, exact_sum, log_positive


def held_mean_shifts(weight: np.ndarray, pi0: np.ndarray, y: np.ndarray, cols: np.ndarray) -> list[float]:
    """For each held column (a feature or band): how far the weights moved the mean
    payout given it, in standard errors of the natural sample's mean given it,
    (m_w - m_0) / se_0 with se_0 = sqrt(Σ π0_i² (y_i - m_0)²) / Σ π0_i over its books
    (0 where it has no spread); exact sums, rounded once each."""
    pi = weight.astype(np.float64) / float(sum(weight.tolist()))
    out = []
    for j in range(cols.shape[1]):
        k = cols[:, j]
        t0, t1 = exact_sum(pi0[k]), exact_sum(pi[k])
        if t0 <= 0 or t1 <= 0:
            out.append(0.0)
            continue
        m0, m1 = exact_sum(pi0[k] * y[k]) / t0, exact_sum(pi[k] * y[k]) / t1
        se = math.sqrt(exact_sum((pi0[k] * (y[k] - m0)) ** 2)) / t0
        out.append((m1 - m0) / se if se > 0 else 0.0)
    return out


def tilt_figures(weight: np.ndarray, stratum: np.ndarray, targets: list[float]) -> dict[str, Any]:
    """How far integer weights moved from the natural ones: {"measure", "kl" (KL(π ‖ π0)
    in nats over the whole mode), "max_log_ratio" (the largest |log(π_i / π0_i)|)},
    π = weight / sum(weight), π0 the natural probabilities (`natural_weights`);
    reproducible arithmetic, exact sums."""
    wf = weight.astype(np.float64)
    total = float(sum(weight.tolist()))
    pi = wf / total
    pi0 = natural_weights(stratum, targets)
    logs = log_positive(np.where(pi0 > 0, pi / np.where(pi0 > 0, pi0, 1.0), 1.0))
    return {"measure": "KL(w || w0) in nats over the mode; w0 the natural weights (stratum shares, uniform inside)",
            "kl": exact_sum(pi * logs), "max_log_ratio": float(np.abs(logs).max())}


# ---------------------------------------------------------------- the report's figures

def _strata_parts(stratum: np.ndarray, targets: list[float]) -> list[tuple[np.ndarray, Fraction]]:
    """(members, share) of each stratum with books: the categories at their targets,
    the natural stratum the rest (as `natural_weights`), shares as exact fractions."""
    parts, rest = [], Fraction(1)
    for c, target in enumerate(targets):
        members = stratum == c
        if members.any() and target > 0:
            parts.append((members, Fraction(target)))
            rest -= Fraction(target)
    nat = stratum < 0
    if nat.any():
        parts.append((nat, rest))
    return parts


def exact_figures(payout_x100: np.ndarray, features: np.ndarray, names: list[str], cost_x100: int,
                  weight: np.ndarray | None = None, stratum: np.ndarray | None = None,
                  targets: list[float] | None = None) -> dict[str, Any]:
    """stats.weighted_figures' figures (cost, rtp, hit_rate, max_win_x, max_win_odds,
    sd, features) of integer `weight`, or of the natural weights (`stratum`, `targets`:
    each stratum its share, uniform inside), computed as exact fractions and rounded
    once: the same bits on every machine (a float dot product is not)."""
    x = payout_x100.astype(np.int64)
    if weight is not None:
        w = weight.astype(np.int64)
        total = exact_dot(w, np.ones(len(w), dtype=np.int64))

        def mean(v: np.ndarray) -> Fraction:
            return Fraction(exact_dot(w, v.astype(np.int64)), total)
    else:
        assert stratum is not None, "exact_figures: give weight or stratum"
        parts = _strata_parts(stratum, targets or [])

        def mean(v: np.ndarray) -> Fraction:
            v = v.astype(np.int64)
            return sum((share * Fraction(exact_dot(v[members], np.ones(int(members.sum()), dtype=np.int64)),
                                         int(members.sum())) for members, share in parts), Fraction(0))
    if int(x.max()) >= 3 * 10**9:
        raise OptimizeError("payouts too large for exact figures")
    ex, ex2 = mean(x), mean(x * x)
    top = int(x.max())
    top_p = mean(x == top)
    var = max(Fraction(0), ex2 - ex * ex) / (cost_x100 * cost_x100)
    feats = {name: float(mean((features >> np.uint64(i)) & np.uint64(1))) for i, name in enumerate(names)}
    return {"cost": cost_x100 / 100, "rtp": float(ex / cost_x100), "hit_rate": float(mean(x > 0)),
            "max_win_x": top / 100, "max_win_odds": round(1 / top_p) if top_p > 0 else None,
            "sd": math.sqrt(float(var)), "features": feats}


def sampling_se(payout_x100: np.ndarray, stratum: np.ndarray, targets: list[float], cost_x100: int) -> float:
    """Standard error of the library's natural RTP as an estimate of the rules' RTP:
    sqrt(sum over strata of share^2 * variance / books), payouts per unit cost. A
    weight correction within a few of these is the sample's noise, not the rules'.
    Exact integer sums, rounded once."""
    x = payout_x100.astype(np.int64)
    shares = [(stratum == c, Fraction(t)) for c, t in enumerate(targets) if t > 0 and (stratum == c).any()]
    rest = 1 - sum((t for _, t in shares), Fraction(0))
    se2 = Fraction(0)
    for members, share in shares + [(stratum < 0, rest)]:
        n = int(members.sum())
        if n > 1:
            xs = x[members]
            s1 = exact_dot(xs, np.ones(n, dtype=np.int64))
            s2 = exact_dot(xs, xs)
            var = Fraction(s2 * n - s1 * s1, n * (n - 1) * cost_x100 * cost_x100)
            se2 += share * share * var / n
    return math.sqrt(float(se2))


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

"""Integer book weights: the stated RTP exactly, every feature at the rules' rate,
and otherwise as near the natural odds as possible.

The books of a mode fall into strata: one per forcing category (books forced into it,
plus natural books that landed in it; a natural book in several categories belongs to
the first in `book_forces` order, so categories should not overlap) and the natural
stratum (every other book). The categories' shares of the total weight are fixed at
their target frequencies, split evenly over their books: that is the importance weight
that keeps rare awards at their stated odds. The natural stratum carries the rest, and
weight never moves between strata.

Inside the natural stratum the weights are the distribution nearest to uniform (least
Kullback-Leibler divergence) among a family with one moment per constraint:

    w_i ∝ exp(λ · min(x_i, H) + Σ_f μ_f · [book i has feature f])

where x_i is the payout in multiples of the cost and H = `BODY_X`. The constraints are
the RTP and, for every feature with a target rate (the rules' rate, measured by the
vectorised engine, or a rate the game sets), that rate over the whole mode; the
parameters are found by Newton's method on the moment equations. The RTP moment uses
min(x, H), so the correction moves weight among ordinary wins and scales every win
above H by one common factor: the tail keeps its shape (an exponential tilt in x
itself would crush the rare big wins by e^(λx)). The weights are then integerised
over a large total (2**52) with exact stratum totals, and a final exact correction
moves a little weight between two natural books of different payouts, so that the
RTP equals the stated one to about 1e-15. Sums are exact Python integers.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from cabinet.core.book_format import exact_dot

TOTAL_WEIGHT = 2**52
BODY_X = 50.0          # wins above this multiple of the cost keep their relative odds
NEWTON_STEPS = 100


class OptimizeError(Exception):
    """The stated RTP or frequencies cannot be met by these books."""


def _tilt(s: np.ndarray, theta: np.ndarray) -> np.ndarray:
    z = s @ theta
    p = np.exp(z - z.max())
    return p / p.sum()


def solve_moments(s: np.ndarray, m: np.ndarray, target: np.ndarray, tol: float = 1e-12) -> np.ndarray:
    """θ with E_p[m] = target for p ∝ exp(s θ) over the rows (Newton's method on the
    moment equations, damped, least-squares steps for dependent moments)."""
    theta = np.zeros(s.shape[1])
    scale = np.maximum(np.abs(target), 1e-300)
    for _ in range(NEWTON_STEPS):
        p = _tilt(s, theta)
        mean_m, mean_s = p @ m, p @ s
        err = mean_m - target
        if np.all(np.abs(err) <= tol * np.maximum(scale, 1.0)):
            return theta
        jac = (m * p[:, None]).T @ s - np.outer(mean_m, mean_s)      # d E[m] / d θ
        step = np.linalg.lstsq(jac, -err, rcond=None)[0]
        norm = float(np.abs(err / np.maximum(scale, 1e-12)).max())
        for _ in range(60):                   # halve until the error shrinks
            trial = theta + step
            p2 = _tilt(s, trial)
            if float(np.abs((p2 @ m - target) / np.maximum(scale, 1e-12)).max()) < norm or not step.any():
                break
            step = step / 2
        theta = trial
    p = _tilt(s, theta)
    worst = int(np.argmax(np.abs(p @ m - target) / np.maximum(scale, 1.0)))
    raise OptimizeError(f"moment {worst} stays at {float(p @ m[:, worst]):.6g}, target {target[worst]:.6g}")


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


def _natural_targets(x, feats, stratum, shares, rtp_units, rates):
    """The natural stratum's moment targets: what is left of each mode-wide figure
    after the fixed category strata (uniform inside each)."""
    nat = stratum < 0
    rest = 1.0 - sum(shares.values())
    t_rtp = float(rtp_units)
    t_feat = dict(rates)
    for c, share in shares.items():
        members = stratum == c
        t_rtp -= share * float(x[members].mean())
        for f in t_feat:
            t_feat[f] -= share * float(feats[members, f].mean())
    t_rtp /= rest
    return nat, rest, t_rtp, {f: v / rest for f, v in t_feat.items()}


def optimize(payout_x100: np.ndarray, stratum: np.ndarray, targets: list[float], cost_x100: int,
             rtp: Fraction, total: int = TOTAL_WEIGHT, features: np.ndarray | None = None,
             rates: dict[int, float] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
    """Integer weights for one mode.

    `stratum[i]` is the category index of book i (-1 natural); `targets[c]` is the
    target frequency per round of category c. `features` (n x k booleans) and `rates`
    ({column: rate over the whole mode}) are the feature rates to hold. Returns
    (weights, report): the tilt parameters, the exact RTP reached and its error, the
    natural stratum's KL divergence from uniform, and the features left free (a rate
    the natural books cannot carry: none or all of them have it)."""
    n = len(payout_x100)
    x = payout_x100.astype(np.int64)
    feats = np.zeros((n, 0), dtype=bool) if features is None else np.asarray(features, dtype=bool)
    shares = {}
    for c, target in enumerate(targets):
        if round(target * total) == 0:
            continue
        if not (stratum == c).any():
            raise OptimizeError(f"category {c} has target {target} but no books")
        shares[c] = target
    y = x / cost_x100
    nat, rest, t_rtp, t_feat = _natural_targets(y, feats, stratum, shares, float(rtp), rates or {})
    if rest <= 0 or not nat.any():
        raise OptimizeError("the categories' targets leave no weight for natural books")
    yn, fn = y[nat], feats[nat]
    free = [f for f in t_feat if not 0 < fn[:, f].sum() < len(fn)]
    held = [f for f in t_feat if f not in free]
    body = np.minimum(yn, BODY_X)
    lo_y, hi_y = float(yn.min()), float(yn.max())
    if (lo_y == hi_y and abs(t_rtp - lo_y) > 1e-9 * max(1.0, lo_y)) or (lo_y < hi_y and not lo_y < t_rtp < hi_y):
        raise OptimizeError(f"natural books pay {lo_y:.4f}..{hi_y:.4f} x cost; mean {t_rtp:.6f} is out of reach")
    bad = [f for f in held if not 0 < t_feat[f] < 1]
    if bad:
        raise OptimizeError(f"feature columns {bad}: rate out of reach of the natural books")
    varies = lo_y != hi_y            # else (all natural books pay alike) the categories carry the RTP
    cols_s = ([body] if varies else []) + [fn[:, f].astype(float) for f in held]
    cols_m = ([yn] if varies else []) + [fn[:, f].astype(float) for f in held]
    goal = ([t_rtp] if varies else []) + [t_feat[f] for f in held]
    s = np.column_stack(cols_s) if cols_s else np.zeros((len(yn), 0))
    theta = solve_moments(s, np.column_stack(cols_m), np.array(goal)) if cols_s else np.zeros(0)
    p = _tilt(s, theta)
    w = np.zeros(n, dtype=np.int64)
    fixed_total = 0
    for c, share in shares.items():
        members = np.flatnonzero(stratum == c)
        part = int(round(share * total))
        w[members] = _integerise(np.full(len(members), 1.0 / len(members)), part)
        fixed_total += part
    w[nat] = _integerise(p, total - fixed_total)
    wanted = rtp * cost_x100 * total
    ones = np.ones(n, dtype=np.int64)
    _correct(w, x, nat, round(wanted) - exact_dot(w, x))
    reached = Fraction(exact_dot(w, x), exact_dot(w, ones) * cost_x100)
    if abs(reached - rtp) > Fraction(1, 10**6):
        raise OptimizeError(f"RTP {float(reached):.9f} misses target {float(rtp):.6f}")
    uniform = 1.0 / int(nat.sum())
    kl = float(np.sum(p * np.log(np.where(p > 0, p, 1.0) / uniform)))
    mu = theta[1:] if varies else theta
    return w, {"lambda": float(theta[0]) if varies else 0.0,
               "mu": {int(f): float(t) for f, t in zip(held, mu)},
               "rtp": f"{reached.numerator}/{reached.denominator}", "rtp_error": float(reached - rtp),
               "kl_natural": kl, "natural_share": rest, "body_x": BODY_X,
               "held_features": [int(f) for f in held], "free_features": [int(f) for f in free]}


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

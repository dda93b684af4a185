"""Integer book weights: the stated RTP exactly, every feature at the rules' rate,
and otherwise as near the natural odds as possible.

The books of a mode fall into strata: one per forcing category (books forced into it,
plus natural books that landed in it; a natural book in several categories belongs to
the first in `book_forces` order, so categories should not overlap) and the natural
stratum (every other book). The categories' shares of the total weight are fixed at
their target frequencies, split evenly over their books: that is the importance weight
that keeps rare awards at their stated odds. The natural stratum carries the rest, and
weight never moves between strata.

Inside each stratum the weights are the distribution nearest to uniform (least
Kullback-Leibler divergence, each stratum keeping its share) among a family with one
moment per constraint, shared by every stratum:

    w_i ∝ exp(λ · min(x_i, H) + Σ_f μ_f · [book i has feature f])   (normalised per stratum)

where x_i is the payout in multiples of the cost and H = `BODY_X`. The constraints are
the RTP and, for every feature with a target rate (the rules' rate, measured by the
vectorised engine, or a rate the game sets), that rate over the whole mode; the
parameters are found by Gauss-Newton on the moment equations, each weighed by its
uncertainty (measured rates that contradict an identity of the books are met in the
least-squares sense, the RTP exactly). The RTP moment uses
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


def _group_tilt(s: np.ndarray, theta: np.ndarray, groups: list[tuple[np.ndarray, float]]) -> np.ndarray:
    """p over every book: each group (stratum) keeps its share; inside it,
    p ∝ exp(s θ) (one θ for all groups)."""
    z = s @ theta
    p = np.empty(len(z))
    for idx, share in groups:
        e = np.exp(z[idx] - z[idx].max())
        p[idx] = share * e / e.sum()
    return p


def solve_moments(s: np.ndarray, m: np.ndarray, target: np.ndarray, sigma: np.ndarray,
                  groups: list[tuple[np.ndarray, float]] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """θ with E_p[m] = target for p ∝ exp(s θ) inside each group (stratum), each group
    keeping its share, each moment weighed by 1 / sigma (its uncertainty): Gauss-Newton
    on the moment equations, damped. Where the targets are consistent every moment is
    met; where measured rates break an identity the books obey (a feature the union
    of others, each measured on its own) the solution is the weighted least-squares
    one: a near-exact moment (the RTP, sigma ~ 0) is met and the noisy ones share the
    difference by their noise. Returns (θ, E_p[m] - target)."""
    groups = groups or [(np.arange(len(s)), 1.0)]
    theta = np.zeros(s.shape[1])
    w = 1.0 / sigma

    def resid(th: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        p = _group_tilt(s, th, groups)
        return (p @ m - target) * w, p

    r, p = resid(theta)
    cost = float(r @ r)
    for _ in range(NEWTON_STEPS):
        if float(np.abs(r).max()) <= 1e-9:
            break
        jac = np.zeros((m.shape[1], s.shape[1]))
        for idx, share in groups:                 # d E[m] / d θ: the groups' covariances
            q = p[idx] / share
            ms, ss = m[idx], s[idx]
            jac += share * ((ms * q[:, None]).T @ ss - np.outer(q @ ms, q @ ss))
        step = np.linalg.lstsq(jac * w[:, None], -r, rcond=None)[0]
        t = 1.0
        while True:                   # halve until the weighted error shrinks
            r2, p2 = resid(theta + t * step)
            c2 = float(r2 @ r2)
            if c2 <= cost or t < 1e-10:
                break
            t /= 2
        if c2 > cost:
            break
        theta, r, p = theta + t * step, r2, p2
        done = cost - c2 <= 1e-14 * (1.0 + cost)
        cost = c2
        if done:
            break
    return theta, p @ m - target


def optimize(payout_x100: np.ndarray, stratum: np.ndarray, targets: list[float], cost_x100: int,
             rtp: Fraction, total: int = TOTAL_WEIGHT, features: np.ndarray | None = None,
             rates: dict[int, float] | None = None,
             rate_sigma: dict[int, float] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
    """Integer weights for one mode.

    `stratum[i]` is the category index of book i (-1 natural); `targets[c]` is the
    target frequency per round of category c. `features` (n x k booleans) and `rates`
    ({column: rate over the whole mode}) are the feature rates to hold, `rate_sigma`
    their standard errors (default: exact). Every stratum keeps its share; inside
    each the weights tilt by one common θ (the least-KL solution of the constraints).
    Returns (weights, report): the tilt parameters, the exact RTP reached and its
    error, the natural stratum's KL divergence from uniform, the features left free
    (no stratum has books with and without them), and how far each held rate stays
    from its target (only where the targets contradict each other)."""
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
    rest = 1.0 - sum(shares.values())
    nat = stratum < 0
    if rest <= 0 or not nat.any():
        raise OptimizeError("the categories' targets leave no weight for natural books")
    groups = [(np.flatnonzero(nat), rest)] + [(np.flatnonzero(stratum == c), share) for c, share in shares.items()]
    y = x / cost_x100
    body = np.minimum(y, BODY_X)
    lo = sum(share * float(y[idx].min()) for idx, share in groups)
    hi = sum(share * float(y[idx].max()) for idx, share in groups)
    t_rtp = float(rtp)
    varies = any(float(body[idx].min()) < float(body[idx].max()) for idx, _ in groups)
    if not lo - 1e-9 <= t_rtp <= hi + 1e-9 or (varies and not lo < t_rtp < hi):
        raise OptimizeError(f"these books pay {lo:.4f}..{hi:.4f} x cost on average at most; RTP {t_rtp:.6f} "
                            f"is out of reach")
    want = dict(rates or {})
    free = [f for f in want if not any(feats[idx, f].any() and not feats[idx, f].all() for idx, _ in groups)]
    held = [f for f in want if f not in free]
    bad = [f for f in held if not 0 < want[f] < 1]
    if bad:
        raise OptimizeError(f"feature columns {bad}: rate out of reach of these books")
    cols_s = ([body] if varies else []) + [feats[:, f].astype(float) for f in held]
    cols_m = ([y] if varies else []) + [feats[:, f].astype(float) for f in held]
    goal = ([t_rtp] if varies else []) + [want[f] for f in held]
    sig = rate_sigma or {}
    sigma = ([1e-13 * max(1.0, t_rtp)] if varies else []) + [max(sig.get(f, 0.0), 1e-9 * want[f]) for f in held]
    s = np.column_stack(cols_s) if cols_s else np.zeros((n, 0))
    theta, miss = (solve_moments(s, np.column_stack(cols_m), np.array(goal), np.array(sigma), groups) if cols_s
                   else (np.zeros(0), np.zeros(0)))
    if varies and abs(miss[0]) > 1e-9 * max(1.0, t_rtp):
        raise OptimizeError(f"RTP {t_rtp:.6f} is out of reach of these books with the feature rates held "
                            f"(off by {miss[0]:.2e})")
    p = _group_tilt(s, theta, groups)
    w = np.zeros(n, dtype=np.int64)
    left = total
    for k, (idx, share) in enumerate(groups[1:]):
        part = int(round(share * total))
        w[idx] = _integerise(p[idx] / share, part)
        left -= part
    w[groups[0][0]] = _integerise(p[nat] / rest, left)
    wanted = rtp * cost_x100 * total
    ones = np.ones(n, dtype=np.int64)
    _correct(w, x, nat, round(wanted) - exact_dot(w, x))
    reached = Fraction(exact_dot(w, x), exact_dot(w, ones) * cost_x100)
    if abs(reached - rtp) > Fraction(1, 10**6):
        raise OptimizeError(f"RTP {float(reached):.9f} misses target {float(rtp):.6f}")
    pn = p[nat] / rest
    kl = float(np.sum(pn * np.log(np.where(pn > 0, pn, 1.0) * int(nat.sum()))))
    mu = theta[1:] if varies else theta
    return w, {"lambda": float(theta[0]) if varies else 0.0,
               "mu": {int(f): float(t) for f, t in zip(held, mu)},
               "rtp": f"{reached.numerator}/{reached.denominator}", "rtp_error": float(reached - rtp),
               "kl_natural": kl, "natural_share": rest, "body_x": BODY_X,
               "held_features": [int(f) for f in held], "free_features": [int(f) for f in free],
               "feature_miss": {int(f): float(d) for f, d in zip(held, miss[1:] if varies else miss)}}


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

"""Integer book weights: the stated RTP exactly, every feature at the rules' rate,
and otherwise as near the natural odds as possible, the same bits on every machine.

The books of a mode fall into strata: one per forcing category (books forced into it,
plus natural books that landed in it; a natural book in several categories belongs to
the first in `book_forces` order, so categories should not overlap) and the natural
stratum (every other book). The categories' shares of the total weight are fixed at
their target frequencies, split evenly over their books: that is the importance weight
that keeps rare awards at their stated odds. The natural stratum carries the rest, and
weight never moves between strata. These are the natural weights w0.

Inside each stratum the weights are the distribution nearest to uniform (least
Kullback-Leibler divergence, each stratum keeping its share) among a family with one
moment per constraint, shared by every stratum:

    w_i ∝ exp(λ · min(x_i, H) + Σ_f μ_f · [book i has feature f])   (normalised per stratum)

With `fixed_strata` (a game whose forced books are the rules' rounds given their
category: GameSpec.math.forced_natural) only the natural stratum tilts and every forced
stratum keeps equal weights, so its routes and conditionals stay the rules' (issue
#32: a tilt shared by every stratum moved weight inside them, e.g. a bought max win's
share with a GRAND, by whatever the measured rates' noise asked).

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
RTP equals the stated one to about 1e-15. Sums are exact Python integers. With
`fixed_strata` the forced strata's contributions to every moment are fixed; a feature
or band that does not vary inside the natural stratum cannot be moved and is left free.

`rtp_tilt="noise"` (GameSpec.math.rtp_tilt, per mode) replaces min(x, H) by
`noise_column`, each book's payout times its natural weight: the correction of the
RTP is then taken from each held band's mean in proportion to that band's sampling
noise, to first order the correction of least Σ_b (Δm_b / se_b)² (the means moved in
their own standard errors), so a heavy tail drawn by few books gives back the luck it
brought and the natural books' bands hardly move (issue #32: Piggy Farm's ante). The
report then adds `held_mean_shift_se` (`held_mean_shifts`: each held column's mean
payout moved, in standard errors of the natural sample's).

How far the weights moved (the tilt), `tilt_figures`: KL(w ‖ w0) = Σ π_i log(π_i / π0_i)
in nats over the whole mode (π the weights' probabilities, π0 the natural ones), the
measure the family above minimises: it is the least-KL weighting among those with the
same stratum shares, feature rates and mean body E[min(x, H)]. Holding the RTP through
the body, not x itself, it is not the least-KL weighting with the stated RTP: that one
tilts by e^(λx) and is reported beside it (`kl_least`, the same moments solved with
x itself), so the price of keeping the tail's shape is on record. The largest
|log(w_i / w0_i)| is reported too (not minimised).

Reproducible bits. A lab rebuilding the library from the source must get the same
bytes on any machine, so every float step whose last bit could differ between
machines is replaced by one that cannot (cabinet/math/exact_float.py):

* no BLAS or LAPACK (their kernels and thread counts change summation orders): every
  sum over books is exact and then correctly rounded (`exact_colsums`: integer
  mantissas summed per exponent), so it does not depend on the order of the books,
  the thread count or the SIMD width; the small least-squares step is a one-sided
  Jacobi SVD in plain Python floats (`lstsq`);
* no libm or SIMD transcendental: exp and log are evaluated by `exp_nonpositive` / `log_positive` from
  IEEE basic operations (+ - * /, rint, frexp/ldexp: correctly rounded everywhere);
* the solve runs on atoms, the distinct (stratum, payout, held features) rows, whose
  order (np.unique) does not depend on the order of the books either;
* rounding to integers (`_integerise`, `_correct`) is integer arithmetic with stable
  ties.

What remains is IEEE-754 binary64 with round-to-nearest, which every x86-64 and ARM64
machine numpy runs on provides. The report's figures (cabinet/math/weight_figures.py:
`exact_figures`, `sampling_se`) are exact rationals rounded once.
"""
from __future__ import annotations

import copy
import math
from fractions import Fraction
from typing import Any

import numpy as np

from cabinet.core.book_format import exact_dot

from .exact_float import OptimizeError, exact_colsums, exact_sum, exp_nonpositive, log_positive, lstsq
from .weight_figures import held_mean_shifts, natural_weights, tilt_figures

TOTAL_WEIGHT = 2**52
BODY_X = 50.0          # wins above this multiple of the cost keep their relative odds
NEWTON_STEPS = 100


# ---------------------------------------------------------------- integer weights

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


# ---------------------------------------------------------------- the moment solve

RTP_TILTS = ("body", "noise")


def noise_column(x: np.ndarray, cost_x100: int, group: np.ndarray, shares: list[float],
                 held: np.ndarray) -> np.ndarray:
    """The RTP's tilt statistic of `rtp_tilt="noise"`: each book's payout less the mean
    of its cell (the books of its stratum with the same held features and band), times
    its natural weight (its stratum's share over its books) relative to a natural
    book's: s_i = (x_i - m_cell) π0_i / π0_natural. To first order a tilt e^(λ s) keeps
    every cell's mass and moves its mean by λ' t_c se_c² (t_c its mass, se_c the
    standard error of the library's mean in it, Σ π0_i² (x_i - m_c)² / t_c²), so the
    RTP's correction R is spread over the cells as Δm_c = R t_c se_c² / Σ_c t_c² se_c²:
    the correction of least Σ_c (Δm_c / se_c)² (each cell's mean moved in its own
    standard errors), and each cell's expected share of the sample's known total luck.
    A heavy tail drawn by few books gives back the luck it brought; a band of many
    books hardly moves, and no stratum's books take mass from another's in a band."""
    rows = np.column_stack([group.astype(np.int64), held.astype(np.int64)])
    _, cell, count = np.unique(rows, axis=0, return_inverse=True, return_counts=True)
    cell = cell.ravel()
    sums = np.zeros(len(count), dtype=np.int64)
    np.add.at(sums, cell, x.astype(np.int64))               # exact integer sums
    mean = np.array([a / b for a, b in zip(sums.tolist(), count.tolist())])   # correctly rounded
    sizes = [int((group == g).sum()) for g in range(len(shares))]
    rel = np.array([(sh / n) / (shares[0] / sizes[0]) if n else 0.0 for sh, n in zip(shares, sizes)] + [0.0])
    s = (x - mean[cell]) / cost_x100 * rel[group]            # (a book in no group, -1: rel 0)
    top = float(np.abs(s).max())
    return s * (BODY_X / top) if top > 0 else s       # scaled as the body's column (the solve's conditioning)


class Atoms:
    """The distinct rows of a mode for the solve: books with the same stratum (group),
    payout and held features get the same weight, so the solve runs over these atoms,
    each with its count; np.unique orders them by content, not by the books' order."""

    def __init__(self, group: np.ndarray, key: np.ndarray, s: np.ndarray, m: np.ndarray, shares: list[float],
                 tilting: list[bool] | None = None):
        rows = np.column_stack([group.astype(np.int64), key.astype(np.int64)])
        uniq, first, self.inverse, count = np.unique(rows, axis=0, return_index=True, return_inverse=True,
                                                     return_counts=True)
        self.inverse = self.inverse.ravel()
        self.group = uniq[:, 0]
        self.count = count.astype(np.float64)
        self.s, self.m = s[first], m[first]
        self.shares = shares
        self.members = [np.flatnonzero(self.group == g) for g in range(len(shares))]
        self.tilting = [True] * len(shares) if tilting is None else list(tilting)

    def tilt(self, theta: list[float]) -> tuple[np.ndarray, np.ndarray]:
        """(mass of each atom, probability of one of its books within its group) for
        weights ∝ exp(s θ) inside each group, each group keeping its share."""
        z = np.zeros(len(self.group))
        for j, t in enumerate(theta):                    # a fixed order of elementwise steps
            z = z + self.s[:, j] * t
        mass = np.zeros(len(z))
        unit = np.zeros(len(z))
        for g, (idx, share) in enumerate(zip(self.members, self.shares)):
            zz = z[idx] if self.tilting[g] else np.zeros(len(idx))
            e = exp_nonpositive(zz - zz.max())
            total = exact_sum(self.count[idx] * e)
            unit[idx] = e / total
            mass[idx] = share * (self.count[idx] * e) / total
        return mass, unit

    def moments(self, mass: np.ndarray) -> np.ndarray:
        return np.array(exact_colsums(mass[:, None] * self.m))

    def jacobian(self, mass: np.ndarray) -> list[list[float]]:
        """d E[m] / d θ: Σ_groups share · covariance of m and s inside the group, every
        sum exact."""
        k_m, k_s = self.m.shape[1], self.s.shape[1]
        pm = mass[:, None] * self.m
        ps = mass[:, None] * self.s
        live = np.concatenate([idx for g, idx in enumerate(self.members) if self.tilting[g]])
        jac = [exact_colsums(pm[live] * self.s[live, l:l + 1]) for l in range(k_s)]      # jac[l][j]
        for g, (idx, share) in enumerate(zip(self.members, self.shares)):
            if not self.tilting[g]:
                continue
            em, es = exact_colsums(pm[idx]), exact_colsums(ps[idx])
            for l in range(k_s):
                jac[l] = [v - a * es[l] / share for v, a in zip(jac[l], em)]
        return [[jac[l][j] for l in range(k_s)] for j in range(k_m)]


def solve_moments(atoms: Atoms, target: np.ndarray, sigma: np.ndarray) -> tuple[list[float], np.ndarray]:
    """θ with E_p[m] = target for p ∝ exp(s θ) inside each group (stratum), each group
    keeping its share, each moment weighed by 1 / sigma (its uncertainty): Gauss-Newton
    on the moment equations, damped. Where the targets are consistent every moment is
    met; where measured rates break an identity the books obey (a feature the union
    of others, each measured on its own) the solution is the weighted least-squares
    one: a near-exact moment (the RTP, sigma ~ 0) is met and the noisy ones share the
    difference by their noise. Every step is reproducible arithmetic (module doc).
    Returns (θ, E_p[m] - target)."""
    k = atoms.s.shape[1]
    theta = [0.0] * k
    w = [1.0 / float(v) for v in sigma]
    goal = [float(v) for v in target]

    def resid(th: list[float]) -> tuple[list[float], np.ndarray]:
        mass = atoms.tilt(th)[0]
        got = atoms.moments(mass)
        return [(float(g) - t) * wi for g, t, wi in zip(got, goal, w)], mass

    r, mass = resid(theta)
    cost = math.fsum([v * v for v in r])
    for _ in range(NEWTON_STEPS):
        if max(abs(v) for v in r) <= 1e-9:
            break
        jac = atoms.jacobian(mass)
        step = lstsq([[v * wj for v in row] for row, wj in zip(jac, w)], [-v for v in r])
        t = 1.0
        while True:                   # halve until the weighted error shrinks
            trial = [a + t * b for a, b in zip(theta, step)]
            r2, mass2 = resid(trial)
            c2 = math.fsum([v * v for v in r2])
            if c2 <= cost or t < 1e-10:
                break
            t /= 2
        if c2 > cost:
            break
        theta, r, mass = trial, r2, mass2
        done = cost - c2 <= 1e-14 * (1.0 + cost)
        cost = c2
        if done:
            break
    return theta, atoms.moments(mass) - np.array(goal)


def optimize(payout_x100: np.ndarray, stratum: np.ndarray, targets: list[float], cost_x100: int,
             rtp: Fraction, total: int = TOTAL_WEIGHT, features: np.ndarray | None = None,
             rates: dict[int, float] | None = None,
             rate_sigma: dict[int, float] | None = None,
             fixed_strata: bool = False, rtp_tilt: str = "body") -> tuple[np.ndarray, dict[str, Any]]:
    """Integer weights for one mode (`fixed_strata`: only the natural stratum tilts).

    `stratum[i]` is the category index of book i (-1 natural); `targets[c]` is the
    target frequency per round of category c. `features` (n x k booleans) and `rates`
    ({column: rate over the whole mode}) are the feature rates to hold, `rate_sigma`
    their standard errors (default: exact). Every stratum keeps its share; inside
    each the weights tilt by one common θ (the least-KL solution of the constraints).
    Returns (weights, report): the tilt parameters, the exact RTP reached and its
    error, the natural stratum's KL divergence from uniform, how far the weights moved
    from the natural ones (`tilt`: `tilt_figures`), the features left free (no stratum
    has books with and without them), and how far each held rate stays from its
    target (only where the targets contradict each other)."""
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
    group = np.full(n, -1, dtype=np.int64)
    for g, (idx, _) in enumerate(groups):
        group[idx] = g
    y = x / cost_x100
    body = np.minimum(y, BODY_X)
    t_rtp = float(rtp)
    if fixed_strata:        # only the natural stratum tilts: the forced ones keep their composition
        fixed = sum(share * exact_sum(y[idx]) / len(idx) for idx, share in groups[1:])
        lo, hi = fixed + rest * float(y[nat].min()), fixed + rest * float(y[nat].max())
        varies = float(body[nat].min()) < float(body[nat].max())
    else:
        lo = sum(share * float(y[idx].min()) for idx, share in groups)
        hi = sum(share * float(y[idx].max()) for idx, share in groups)
        varies = any(float(body[idx].min()) < float(body[idx].max()) for idx, _ in groups)
    if not lo - 1e-9 <= t_rtp <= hi + 1e-9 or (varies and not lo < t_rtp < hi):
        raise OptimizeError(f"these books pay {lo:.4f}..{hi:.4f} x cost on average at most; RTP {t_rtp:.6f} "
                            f"is out of reach")
    want = dict(rates or {})
    # which strata tilt: the natural one always; the forced ones unless fixed_strata, and
    # with the noise tilt not one whose books all pay the same (a max-win stratum: it has
    # no payout noise to give back, and its paths keep the shares they were drawn by)
    tilts = [g == 0 or not (fixed_strata or (rtp_tilt == "noise" and int(x[idx].min()) == int(x[idx].max())))
             for g, (idx, _) in enumerate(groups)]
    tilting = [idx for g, (idx, _) in enumerate(groups) if tilts[g]]
    free = [f for f in want if not any(feats[idx, f].any() and not feats[idx, f].all() for idx in tilting)]
    held = [f for f in want if f not in free]
    bad = [f for f in held if not 0 < want[f] < 1]
    if bad:
        raise OptimizeError(f"feature columns {bad}: rate out of reach of these books")
    if rtp_tilt not in RTP_TILTS:
        raise OptimizeError(f"rtp_tilt {rtp_tilt!r}: allowed {', '.join(RTP_TILTS)}")
    cols_s = ([noise_column(x, cost_x100, group, [sh for _, sh in groups], feats[:, held]) if rtp_tilt == "noise"
                else body] if varies else []) \
        + [feats[:, f].astype(float) for f in held]
    cols_m = ([y] if varies else []) + [feats[:, f].astype(float) for f in held]
    goal = ([t_rtp] if varies else []) + [want[f] for f in held]
    sig = rate_sigma or {}
    sigma = ([1e-13 * max(1.0, t_rtp)] if varies else []) + [max(sig.get(f, 0.0), 1e-9 * want[f]) for f in held]
    s = np.column_stack(cols_s) if cols_s else np.zeros((n, 0))
    m = np.column_stack(cols_m) if cols_m else np.zeros((n, 0))
    atoms = Atoms(group, np.column_stack([x] + [feats[:, f] for f in held]), s, m, [sh for _, sh in groups],
                  tilts)
    theta, miss = (solve_moments(atoms, np.array(goal), np.array(sigma)) if cols_s else ([], np.zeros(0)))
    if varies and abs(miss[0]) > 1e-9 * max(1.0, t_rtp):
        raise OptimizeError(f"RTP {t_rtp:.6f} is out of reach of these books with the feature rates held "
                            f"(off by {miss[0]:.2e})")
    mass, unit = atoms.tilt(theta)
    unit = unit[atoms.inverse]                          # each book's probability within its stratum
    w = np.zeros(n, dtype=np.int64)
    left = total
    for idx, share in groups[1:]:
        part = int(round(share * total))
        w[idx] = _integerise(unit[idx], part)
        left -= part
    w[groups[0][0]] = _integerise(unit[nat], left)
    wanted = rtp * cost_x100 * total
    ones = np.ones(n, dtype=np.int64)
    _correct(w, x, nat, round(wanted) - exact_dot(w, x))
    reached = Fraction(exact_dot(w, x), exact_dot(w, ones) * cost_x100)
    if abs(reached - rtp) > Fraction(1, 10**6):
        raise OptimizeError(f"RTP {float(reached):.9f} misses target {float(rtp):.6f}")
    un = unit[nat]
    kl = exact_sum(un * log_positive(np.where(un > 0, un * float(len(un)), 1.0)))
    tilt = tilt_figures(w, stratum, targets)
    if cols_s:
        tilt["kl_least"] = _least_kl(atoms, mass)
    extra: dict[str, Any] = {}
    if rtp_tilt != "body":          # the default's report keeps its keys (libraries built before stay identical)
        extra["rtp_tilt"] = rtp_tilt
        tilt["held_mean_shift_se"] = held_mean_shifts(w, natural_weights(stratum, targets), y, feats[:, held])
    mu = theta[1:] if varies else theta
    return w, {**extra, "lambda": float(theta[0]) if varies else 0.0,
               "mu": {int(f): float(t) for f, t in zip(held, mu)},
               "rtp": f"{reached.numerator}/{reached.denominator}", "rtp_error": float(reached - rtp),
               "kl_natural": kl, "natural_share": rest, "body_x": BODY_X, "tilt": tilt,
               "held_features": [int(f) for f in held], "free_features": [int(f) for f in free],
               "feature_miss": {int(f): float(d) for f, d in zip(held, miss[1:] if varies else miss)}}


def _least_kl(atoms: Atoms, mass: np.ndarray) -> float | None:
    """KL(p ‖ p0) of the least-KL weighting with the moments `mass` (the optimizer's
    float weights per atom) reaches (the RTP, the held rates) and the same stratum
    shares: the exponential tilt in the moments themselves (x, not min(x, H)). These
    targets are consistent, so each moment is weighed by its spread under `mass` (a
    well-conditioned solve); None where the solve does not meet them to 1e-6 of that."""
    least = copy.copy(atoms)
    least.s = atoms.m
    reached = atoms.moments(mass)
    spread = np.sqrt(np.maximum(np.array(
        exact_colsums(mass[:, None] * atoms.m * atoms.m)) - reached * reached, 0.0))
    spread = np.where(spread > 0, spread, 1.0)
    theta, miss = solve_moments(least, reached, spread)
    if np.any(np.abs(miss) > 1e-6 * spread):
        return None
    mass, unit = least.tilt(theta)
    books = np.array([float(atoms.count[idx].sum()) for idx in atoms.members] + [1.0])[atoms.group]
    ratio = np.where(mass > 0, unit * books, 1.0)            # p / p0 = unit / (1 / books of the stratum)
    return exact_sum(mass * log_positive(ratio))

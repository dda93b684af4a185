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
machines is replaced by one that cannot:

* no BLAS or LAPACK (their kernels and thread counts change summation orders): every
  sum over books is exact and then correctly rounded (`exact_colsums`: integer
  mantissas summed per exponent), so it does not depend on the order of the books,
  the thread count or the SIMD width; the small least-squares step is a one-sided
  Jacobi SVD in plain Python floats (`_lstsq`);
* no libm or SIMD transcendental: exp and log are evaluated by `_exp` / `_log` from
  IEEE basic operations (+ - * /, rint, frexp/ldexp: correctly rounded everywhere);
* the solve runs on atoms, the distinct (stratum, payout, held features) rows, whose
  order (np.unique) does not depend on the order of the books either;
* rounding to integers (`_integerise`, `_correct`) is integer arithmetic with stable
  ties.

What remains is IEEE-754 binary64 with round-to-nearest, which every x86-64 and ARM64
machine numpy runs on provides. The report's figures (`exact_figures`, `sampling_se`)
are exact rationals rounded once.
"""
from __future__ import annotations

import copy
import math
from fractions import Fraction
from typing import Any

import numpy as np

from cabinet.core.book_format import exact_dot

TOTAL_WEIGHT = 2**52
BODY_X = 50.0          # wins above this multiple of the cost keep their relative odds
NEWTON_STEPS = 100
EPS = 2.0 ** -52


class OptimizeError(Exception):
    """The stated RTP or frequencies cannot be met by these books."""


# ---------------------------------------------------------------- reproducible arithmetic

def exact_colsums(a: np.ndarray) -> list[float]:
    """Column sums of a float array (1-D: its sum), each exact and then correctly rounded,
    as math.fsum: the same bits for any order of the rows on any machine. frexp splits
    each entry into an integer mantissa (|m| < 2**53) and an exponent; the mantissas'
    high and low 26-bit halves are summed per (column, exponent) in floats, which is
    exact (integers, every partial sum below 2**52 for fewer than 2**25 rows), and the
    bins are combined in Python integers, rounded once by an exact integer division."""
    a = np.asarray(a, dtype=np.float64)
    if a.ndim == 1:
        a = a[:, None]
    n, k = a.shape
    if n == 0 or k == 0:
        return [0.0] * k
    if n >= 2**25:
        raise OptimizeError(f"{n} rows: too many for an exact sum")
    if not np.isfinite(a).all():
        raise OptimizeError("a sum over the books is not finite")
    mant, ex = np.frexp(a)
    m = (mant * 2.0**53).astype(np.int64)          # exact: mant has at most 53 significant bits
    hi = m >> 26
    lo = m - (hi << 26)
    e0 = int(ex.min())
    span = int(ex.max()) - e0 + 1
    idx = ((ex - e0).astype(np.int64) + span * np.arange(k, dtype=np.int64)).ravel()
    shi = np.bincount(idx, hi.ravel().astype(np.float64), k * span).reshape(k, span)
    slo = np.bincount(idx, lo.ravel().astype(np.float64), k * span).reshape(k, span)
    out = []
    shift = e0 - 53
    for j in range(k):
        total = 0
        for e in np.flatnonzero((shi[j] != 0) | (slo[j] != 0)).tolist():
            total += ((int(shi[j, e]) << 26) + int(slo[j, e])) << e
        out.append(float(total << shift) if shift >= 0 else total / (1 << -shift))
    return out


def exact_sum(a: np.ndarray) -> float:
    """sum(a), exact then correctly rounded (`exact_colsums`)."""
    return exact_colsums(np.ravel(a))[0]


_LN2_HI = 6.93147180369123816490e-01           # fdlibm's split of log(2): k * _LN2_HI is exact
_LN2_LO = 1.90821492927058770002e-10
_INV_LN2 = 1.44269504088896338700e+00
_EXP_TAYLOR = [1 / math.factorial(i) for i in range(13, -1, -1)]
_LOG_SERIES = [1 / (2 * i + 1) for i in range(10, -1, -1)]
_SQRT_HALF = 0.70710678118654752440


def _exp(x: np.ndarray) -> np.ndarray:
    """exp(x) for x <= 0 from IEEE basic operations only (np.exp's SIMD kernels differ by
    CPU in the last bit): x = k log 2 + r (Cody-Waite), a degree-13 Taylor polynomial of
    r (|r| <= 0.35: truncation below 1e-17), times 2**k exactly. Below -700 it gives 0
    (no subnormals): such a weight is below one unit of 2**52 anyway."""
    x = np.maximum(np.asarray(x, dtype=np.float64), -700.0)
    k = np.rint(x * _INV_LN2)
    r = (x - k * _LN2_HI) - k * _LN2_LO
    p = np.full_like(r, _EXP_TAYLOR[0])
    for c in _EXP_TAYLOR[1:]:
        p = p * r + c
    out = np.ldexp(p, k.astype(np.int64))
    out[x <= -700.0] = 0.0
    return out


def _log(x: np.ndarray) -> np.ndarray:
    """log(x) for normal x > 0 from IEEE basic operations only: x = m 2**e with m in
    [sqrt(1/2), sqrt(2)), log m = 2 atanh((m - 1)/(m + 1)) by its series (11 terms)."""
    m, e = np.frexp(np.asarray(x, dtype=np.float64))
    small = m < _SQRT_HALF
    m = np.where(small, m * 2.0, m)
    e = (e - small).astype(np.float64)
    f = (m - 1.0) / (m + 1.0)
    f2 = f * f
    p = np.full_like(f, _LOG_SERIES[0])
    for c in _LOG_SERIES[1:]:
        p = p * f2 + c
    return e * _LN2_HI + (e * _LN2_LO + 2.0 * f * p)


def _dot(a: list[float], b: list[float]) -> float:
    return math.fsum([x * y for x, y in zip(a, b)])


def _lstsq(a: list[list[float]], b: list[float]) -> list[float]:
    """The least-squares solution of least norm of a x = b (as np.linalg.lstsq with
    rcond=None: singular values up to eps * max(rows, cols) * the largest are dropped),
    in plain Python floats: a one-sided Jacobi SVD that rotates pairs of rows (and b
    with them) until the rows are orthogonal; then x = Σ_k row_k b_k / |row_k|².
    Orthogonal rotations keep |a x - b|; rows of very different scale (the weighted
    moments: the RTP's is 1e4 times the rest) keep their relative accuracy."""
    rows = [list(r) for r in a]
    rhs = list(b)
    m, n = len(rows), len(rows[0]) if rows else 0
    for _ in range(60):
        turned = False
        for i in range(m - 1):
            for j in range(i + 1, m):
                alpha, beta, gamma = _dot(rows[i], rows[i]), _dot(rows[j], rows[j]), _dot(rows[i], rows[j])
                if gamma == 0.0 or abs(gamma) <= EPS * math.sqrt(alpha) * math.sqrt(beta):
                    continue
                turned = True
                zeta = (beta - alpha) / (2.0 * gamma)
                if abs(zeta) > 1e150:
                    t = 0.5 / zeta
                else:
                    t = (1.0 if zeta >= 0 else -1.0) / (abs(zeta) + math.sqrt(1.0 + zeta * zeta))
                c = 1.0 / math.sqrt(1.0 + t * t)
                s = c * t
                ri, rj = rows[i], rows[j]
                rows[i] = [c * u - s * v for u, v in zip(ri, rj)]
                rows[j] = [s * u + c * v for u, v in zip(ri, rj)]
                rhs[i], rhs[j] = c * rhs[i] - s * rhs[j], s * rhs[i] + c * rhs[j]
        if not turned:
            break
    norms = [math.sqrt(_dot(r, r)) for r in rows]
    top = max(norms, default=0.0)
    cut = EPS * max(m, n) * top
    x = [0.0] * n
    for r, nrm, bk in zip(rows, norms, rhs):
        if nrm > cut and nrm > 0.0:
            f = bk / (nrm * nrm)
            x = [xi + f * ri for xi, ri in zip(x, r)]
    return x


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
            e = _exp(zz - zz.max())
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
        step = _lstsq([[v * wj for v in row] for row, wj in zip(jac, w)], [-v for v in r])
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
    kl = exact_sum(un * _log(np.where(un > 0, un * float(len(un)), 1.0)))
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
    return exact_sum(mass * _log(ratio))


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
    logs = _log(np.where(pi0 > 0, pi / np.where(pi0 > 0, pi0, 1.0), 1.0))
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

"""Reproducible float arithmetic for the book weights (cabinet/math/optimize.py): the same
bits on every machine numpy runs on, whatever its BLAS, libm, SIMD width or thread count.

- `exact_colsums` / `exact_sum`: sums over books exact, then correctly rounded once (as
  math.fsum), so they do not depend on the order of the books;
- `exp_nonpositive` / `log_positive`: exp and log from IEEE basic operations only
  (+ - * /, rint, frexp/ldexp), not libm's or numpy's SIMD kernels;
- `lstsq`: the least-norm least-squares solution by a one-sided Jacobi SVD in plain
  Python floats, not LAPACK.

What remains is IEEE-754 binary64 with round-to-nearest.
"""
from __future__ import annotations

import math

import numpy as np

EPS = 2.0 ** -52


class OptimizeError(Exception):
    """The stated RTP or frequencies cannot be met by these books (raised here for a sum
    that cannot be made exact)."""

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


def exp_nonpositive(x: np.ndarray) -> np.ndarray:
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


def log_positive(x: np.ndarray) -> np.ndarray:
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


def lstsq(a: list[list[float]], b: list[float]) -> list[float]:
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

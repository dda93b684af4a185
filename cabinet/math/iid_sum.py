"""The tail of a payout that is a weighted sum of independent, identically distributed
steps, X = min(sum_k c_k W_k, cap) (Piggy Farm's GROWING SEASON: 15 spins, spin k's win
times k, no state carried between spins), for `python -m cabinet.math tails`
(cabinet/math/tails.py, the `sum` method).

Splitting between steps cannot reach such a round's top: it is made by one spin's rare
win (a spin is one draw; GROWING SEASON's top needs a 12+ GP cluster, 73x, about 3e-8 a
spin, at x14 or x15), not by a path that builds up. Instead the law of W is read from n
fresh draws of one step in R independent batches, plain or importance-weighted (the game
draws them: a weight is the rules' chance of the draw over the proposal's, and a
defensive mixture with the rules' own law keeps every weight bounded), and the law of X
is its exact convolution (the laws of c_k W_k, hundredths of the bet, through the FFT):
P(X > t) = S(t) of the pooled law, normalised (its bias and that of using one law for
every step are of order 1 / n). Every W drawn enters at all the steps, so S(t) far below
1 / n is resolved where the steps' own wins reach it.
99% interval: S(t) +- z99 x the delete-one-batch jackknife standard error over the R
batches (floored at 0). A win of one step larger than any drawn is not in it: the report
gives the draws and the largest.
"""
from __future__ import annotations

import numpy as np

from .stats import Z99


def survival(counts: np.ndarray, coefs: tuple[int, ...], grid: int) -> np.ndarray:
    """S[t] = P(sum_k c_k W_k > t) for t = 0 .. grid - 1, W's law counts / counts.sum()
    (counts[w]: the draws, or their weights, at W = w, integer hundredths). The mass at or past the grid is
    carried as one number (P(A + B >= grid) = P(A >= grid) + P(A < grid) P(B >= grid) + the
    convolution's part past the grid), so small tails are never read as 1 minus a sum."""
    pmf = np.asarray(counts, dtype=np.float64) / float(np.sum(counts))
    size = 1 << int(np.ceil(np.log2(2 * grid)))
    law, over = np.zeros(grid), 0.0                    # P(sum so far = t) below the grid, P(sum >= grid)
    law[0] = 1.0
    w = np.arange(len(pmf))
    for c in coefs:
        inside = w * int(c) < grid
        step = np.zeros(grid)
        step[w[inside] * int(c)] = pmf[inside]
        s_over = float(pmf[~inside].sum())
        full = np.maximum(np.fft.irfft(np.fft.rfft(law, size) * np.fft.rfft(step, size), size)[: 2 * grid - 1], 0.0)
        over = over + (1.0 - over) * s_over + float(full[grid:].sum())
        law = full[:grid]
    # S[t] = P(t < sum < grid) + P(sum >= grid): the cells above t summed from the top
    above = np.r_[np.cumsum(law[::-1])[::-1][1:], 0.0]
    return above + over


def jackknife(batches: list[np.ndarray], coefs: tuple[int, ...], grid: int) -> tuple[np.ndarray, np.ndarray]:
    """(S of the pooled draws, its delete-one-batch jackknife standard error), over t = 0 .. grid - 1.
    batches: each independent batch's law of W as weights by value (counts, or importance weights; any lengths)."""
    size = max(len(b) for b in batches)
    counts = np.array([np.pad(np.asarray(b, dtype=np.float64), (0, size - len(b))) for b in batches])
    total = counts.sum(axis=0)
    est = survival(total, coefs, grid)
    r = len(batches)
    if r < 2:
        return est, np.full(grid, np.inf)
    loo = np.array([survival(total - c, coefs, grid) for c in counts])
    se = np.sqrt((r - 1) / r * ((loo - loo.mean(axis=0)) ** 2).sum(axis=0))
    return est, se


class SumLaw:
    """A mode read by `survival`: the tails tool's part (like tail_readers.Stratum and tail_readers.Split)."""

    source = "sum"
    share = 1.0
    ceiling = None

    def __init__(self, name: str, batches: list[np.ndarray], coefs: tuple[int, ...], grid: int, n: int):
        self.name = name
        self.n = n                                                      # draws of one step
        self.max_step = max((int(np.flatnonzero(b)[-1]) for b in batches if np.any(b)), default=0)  # largest W (x100)
        self.est, self.se = jackknife(batches, coefs, grid)
        self.grid = grid
        self.pay = np.flatnonzero(np.diff(np.r_[1.0, self.est]) != 0)   # the payouts where S steps

    def bounds(self, t: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(P(X > t), 99% lo, hi) for each t (x100); past the grid only a bound: P(X >= grid) and 0."""
        i = np.minimum(np.asarray(t, dtype=np.int64), self.grid - 1)
        est, half = self.est[i], Z99 * self.se[i]
        lo = np.where(np.asarray(t) >= self.grid, 0.0, np.maximum(est - half, 0.0))
        return est, lo, est + half

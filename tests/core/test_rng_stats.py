"""The RNG service at 99% confidence, with a second-level check on the p-values.

Each first-level test runs on 20 independent seeded streams; the 20 p-values must
look uniform (Kolmogorov-Smirnov at 99%). Seeds are fixed, so the suite is
deterministic and cannot flake, while a biased scaler or weighted draw would fail.
"""
import numpy as np
import pytest
from scipy import stats

from cabinet.core.rng import Rng

STREAMS = 20
ALPHA = 0.01


def second_level(pvalues):
    assert min(pvalues) > 1e-6, pvalues
    assert stats.kstest(pvalues, "uniform").pvalue > ALPHA, pvalues


def scaled_draws(rng: Rng, n: int, count: int) -> np.ndarray:
    return np.array([rng.below(n) for _ in range(count)], dtype=np.int64)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 7, 10, 37, 100, 1000])
def test_scaled_draws_uniform(n):
    pvals = []
    for s in range(STREAMS):
        rng = Rng(1000 + s)
        draws = scaled_draws(rng, n, 60 * n if n < 1000 else 20000)
        observed = np.bincount(draws, minlength=n)
        pvals.append(stats.chisquare(observed).pvalue)
    second_level(pvals)


def test_scaled_draws_near_2_pow_32_uniform_by_bins():
    """n = 2**32 - 5: bin the draws into 64 equal-width bins (the last slightly short)."""
    n = 2**32 - 5
    edges = np.linspace(0, n, 65)
    expected = np.diff(edges) / n
    pvals = []
    for s in range(STREAMS):
        rng = Rng(5000 + s)
        draws = np.array([rng.below(n) for _ in range(6400)], dtype=np.float64)
        observed, _ = np.histogram(draws, bins=edges)
        pvals.append(stats.chisquare(observed, expected * len(draws)).pvalue)
    second_level(pvals)


@pytest.mark.slow
def test_weighted_draw_matches_weights():
    weights = [1, 2, 3, 10, 50, 7, 0, 27]
    total = sum(weights)
    nonzero = [i for i, w in enumerate(weights) if w]
    pvals = []
    for s in range(STREAMS):
        rng = Rng(9000 + s)
        draws = np.array([rng.weighted(weights) for _ in range(5000)])
        counts = np.bincount(draws, minlength=len(weights))
        assert counts[6] == 0  # a zero weight is never drawn
        exp = np.array([weights[i] / total * len(draws) for i in nonzero])
        pvals.append(stats.chisquare(counts[nonzero], exp).pvalue)
    second_level(pvals)


def test_lag1_serial_correlation_is_zero():
    pvals = []
    for s in range(STREAMS):
        rng = Rng(13000 + s)
        x = scaled_draws(rng, 1000, 5000).astype(float)
        r, p = stats.pearsonr(x[:-1], x[1:])
        pvals.append(p)
    second_level(pvals)


def test_chance_is_exact_fraction_over_many_draws():
    pvals = []
    for s in range(STREAMS):
        rng = Rng(17000 + s)
        hits = sum(rng.chance(3, 7) for _ in range(7000))
        pvals.append(stats.binomtest(hits, 7000, 3 / 7).pvalue)
    second_level(pvals)


def test_seeded_streams_are_reproducible_and_distinct():
    a, b, c = Rng(42), Rng(42), Rng(43)
    sa = [a.below(1000) for _ in range(50)]
    assert sa == [b.below(1000) for _ in range(50)]
    assert sa != [c.below(1000) for _ in range(50)]


def test_bad_arguments_raise():
    rng = Rng(1)
    with pytest.raises(ValueError):
        rng.below(0)
    with pytest.raises(ValueError):
        rng.weighted([0, 0])
    with pytest.raises(ValueError):
        rng.chance(5, 4)

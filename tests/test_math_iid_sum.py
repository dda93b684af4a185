"""cabinet/math/iid_sum.py (the tails tool's `sum` method, issue #32 item 2): the law of
X = sum_k c_k W_k from a drawn law of W, against hand-built laws whose tail is known
exactly by enumeration."""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from cabinet.math.iid_sum import SumLaw, jackknife, survival
from cabinet.math.tail_readers import quantiles, verdict

LAW = {0: 0.9, 1: 0.09, 7: 0.0099, 20: 0.0001}      # W (hundredths) -> its chance
COEFS = (1, 2, 3)


def exact(t: int, law: dict[int, float] = LAW, coefs: tuple[int, ...] = COEFS) -> float:
    return sum(float(np.prod([law[w] for w in ws])) for ws in itertools.product(law, repeat=len(coefs))
               if sum(c * w for c, w in zip(coefs, ws)) > t)


def counts_of(law: dict[int, float], scale: float = 1e6) -> np.ndarray:
    out = np.zeros(max(law) + 1)
    for w, p in law.items():
        out[w] = p * scale
    return out


@pytest.mark.parametrize("grid", [30, 130])
def test_the_survival_is_the_exact_convolution_on_and_past_the_grid(grid):
    """The mass at or past the grid is carried apart (grid 30: most of the tail lands
    there), so even S of 1e-12 (all three steps at 20: 120) is exact, never 1 minus a sum."""
    s = survival(counts_of(LAW), COEFS, grid)
    for t in (0, 1, 6, 7, 20, 29, 99, 119):
        if t < grid:
            assert s[t] == pytest.approx(exact(t), rel=1e-9)
    assert exact(119) == pytest.approx(1e-12)


def test_weighted_draws_read_the_tail_far_below_one_over_the_draws_and_the_interval_covers_it():
    """16 batches of 2,000 draws each from a proposal that makes W = 20 a thousand times
    likelier, weighted by the law over the proposal: P(X > 99) = 1e-8 (W = 20 at the
    steps x2 and x3) is read within its interval, 1 / n being 3e-5; over 24 repetitions the
    99% interval holds the exact value nearly always and the estimates average to it."""
    law_w = np.array(list(LAW))
    p = np.array(list(LAW.values()))
    q = p * np.array([1, 1, 1, 1_000])
    q /= q.sum()
    t = np.array([6, 29, 99])
    want = np.array([exact(int(x)) for x in t])
    cover, rel = 0, []
    for rep in range(24):
        gen = np.random.Generator(np.random.PCG64DXSM(1000 + rep))
        batches = []
        for _ in range(16):
            i = gen.choice(len(q), size=2_000, p=q)
            batches.append(np.bincount(law_w[i], weights=(p / q)[i], minlength=21))
        law = SumLaw("sum", batches, COEFS, 130, 32_000)
        est, lo, hi = law.bounds(t)
        cover += int(((lo <= want) & (want <= hi)).all())
        rel.append(est / want)
    assert want[2] == pytest.approx(1e-8, rel=1e-3) and 1 / 32_000 > 1e3 * want[2]
    assert cover >= 21                                      # 99% each: 24 of 24 expected, 21 allowed
    assert np.mean(rel, axis=0) == pytest.approx(1.0, abs=0.05)


def test_the_jackknife_error_is_zero_for_identical_batches_and_grows_with_their_spread():
    same = [counts_of(LAW, 1e4)] * 8
    _, se0 = jackknife(same, COEFS, 130)
    assert np.allclose(se0, 0.0, atol=1e-15)
    tilted = {**LAW, 20: 0.0002, 0: 0.8999}
    mixed = same[:4] + [counts_of(tilted, 1e4)] * 4
    _, se1 = jackknife(mixed, COEFS, 130)
    assert se1[99] > 0


def test_the_quantiles_and_verdict_of_a_sum_law_read_its_exact_tail():
    law = SumLaw("sum", [counts_of(LAW)] * 2, COEFS, 130, 10**6)
    q = quantiles([law], top=40)
    t6 = next(t for t in range(130) if exact(t) <= 1e-6)
    assert q["1e-06"]["q"] == t6
    assert q["above_top"]["est"] == pytest.approx(exact(40), rel=1e-9)
    assert q["above_top"]["lo"] == q["above_top"]["hi"] > 1e-7 and verdict(q["above_top"]) == "below"   # no spread

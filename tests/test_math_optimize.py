"""The weight optimizer on synthetic books: exact RTP, exact category shares, a small
move from the natural distribution, clear errors when a target is out of reach."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from cabinet.math.optimize import OptimizeError, TOTAL_WEIGHT, natural_weights, optimize


def _books(seed=3, n=50_000):
    rng = np.random.default_rng(seed)
    pay = np.where(rng.random(n) < 0.25, rng.choice([50, 100, 200, 300, 500, 1_000], n), 0).astype(np.int64)
    stratum = np.full(n, -1)
    pay[:40] = 500_000           # 40 forced top-award books
    stratum[:40] = 0
    return pay, stratum


def _exact(w, pay, cost):
    return Fraction(sum(map(int.__mul__, w.tolist(), pay.tolist())), sum(w.tolist()) * cost)


@pytest.mark.parametrize("target", ["0.9", "0.967", "1.05"])
def test_rtp_is_exact_and_category_share_holds(target):
    pay, stratum = _books()
    w, rep = optimize(pay, stratum, [1e-5], 100, Fraction(target))
    assert w.dtype == np.int64 and w.min() >= 1
    assert sum(w.tolist()) == TOTAL_WEIGHT
    assert abs(_exact(w, pay, 100) - Fraction(target)) < Fraction(1, 10**12)
    assert sum(w[stratum == 0].tolist()) == round(1e-5 * TOTAL_WEIGHT)
    assert rep["kl_natural"] < 0.05


def test_weights_stay_near_natural_when_little_correction_is_needed():
    pay, stratum = _books()
    base = natural_weights(stratum, [1e-5])
    natural_rtp = float(base @ pay) / 100
    w, rep = optimize(pay, stratum, [1e-5], 100, Fraction(str(round(natural_rtp + 0.002, 6))))
    hit_before = base[pay > 0].sum()
    hit_after = w[pay > 0].sum() / w.sum()
    assert abs(hit_after - hit_before) < 0.002
    assert rep["kl_natural"] < 1e-4


def test_out_of_reach_targets_raise():
    pay, stratum = _books()
    with pytest.raises(OptimizeError, match="out of reach"):
        optimize(pay, stratum, [1e-5], 100, Fraction(150))
    with pytest.raises(OptimizeError, match="no books"):
        optimize(pay, stratum, [1e-5, 1e-3], 100, Fraction("0.96"))


def test_no_overflow_with_huge_payouts():
    pay = np.array([0] * 1000 + [5_000_000] * 10, dtype=np.int64)
    w, _ = optimize(pay, np.full(len(pay), -1), [], 100, Fraction("0.5"))
    assert abs(_exact(w, pay, 100) - Fraction(1, 2)) < Fraction(1, 10**10)   # gap-limited residual
    assert w.min() >= 1


def test_sampling_se_of_a_stratified_library():
    """The noise of a library's natural RTP: one stratum -> sd / sqrt(n); a category
    stratum with a fixed share adds share^2 * its variance / its size."""
    import math
    import numpy as np
    from cabinet.math.optimize import sampling_se
    pay = np.array([0, 100, 200, 300, 0, 500], dtype=np.int64)
    nat = np.full(6, -1)
    y = pay / 100
    assert abs(sampling_se(pay, nat, [], 100) - math.sqrt(np.var(y, ddof=1) / 6)) < 1e-12
    cat = np.array([-1, -1, -1, -1, 0, 0])
    share = 0.1
    want = math.sqrt(0.9 ** 2 * np.var(y[:4], ddof=1) / 4 + share ** 2 * np.var(y[4:], ddof=1) / 2)
    assert abs(sampling_se(pay, cat, [share], 100) - want) < 1e-12


def test_all_or_nothing_mode_with_its_win_as_an_exact_stratum():
    """Natural books that all pay 0 and a category that carries the whole RTP (RISK
    THE FARM-like): uniform weights, RTP within 1e-6 (only share rounding remains)."""
    from fractions import Fraction
    import numpy as np
    from cabinet.math.optimize import optimize
    pay = np.array([0] * 900 + [400000] * 100, dtype=np.int64)
    stratum = np.array([-1] * 900 + [0] * 100)
    w, rep = optimize(pay, stratum, [0.1329625], 55000, Fraction(967, 1000))
    assert abs(Fraction(rep["rtp"]) - Fraction(967, 1000)) < Fraction(1, 10**12)
    assert len(set(w[:900].tolist())) <= 2                 # uniform up to integer rounding

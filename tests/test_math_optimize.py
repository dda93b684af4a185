"""The weight optimizer on synthetic books: exact RTP, exact category shares, a small
move from the natural distribution, clear errors when a target is out of reach."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from cabinet.math.optimize import OptimizeError, TOTAL_WEIGHT, optimize
from cabinet.math.weight_figures import natural_weights


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
    from cabinet.math.weight_figures import sampling_se
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


def _featured_books(seed=4, n=60_000):
    """Books with two features: 'bonus' (pays big) and 'tier' (a subset of bonus)."""
    rng = np.random.default_rng(seed)
    bonus = rng.random(n) < 0.01
    tier = bonus & (rng.random(n) < 0.2)
    pay = np.where(rng.random(n) < 0.3, rng.choice([50, 100, 200, 500], n), 0)
    pay = (pay + np.where(bonus, rng.integers(2_000, 6_000, n), 0) + np.where(tier, 5_000, 0)).astype(np.int64)
    pay[:30] = 400_000                      # 30 forced top books with both features
    bonus[:30] = tier[:30] = True
    stratum = np.full(n, -1)
    stratum[:30] = 0
    return pay, stratum, np.column_stack([bonus, tier])


def test_feature_rates_are_held_with_the_rtp():
    pay, stratum, feats = _featured_books()
    rates = {0: 0.0096, 1: 0.0021}          # the rules' rates, off the sample's by a few standard errors
    w, rep = optimize(pay, stratum, [2e-5], 100, Fraction("0.96"), features=feats, rates=rates)
    p = w / w.sum()
    assert abs(_exact(w, pay, 100) - Fraction("0.96")) < Fraction(1, 10**12)
    for col, rate in rates.items():
        assert abs(float(p[feats[:, col]].sum()) - rate) < 1e-9
    assert rep["held_features"] == [0, 1] and rep["free_features"] == []
    assert abs(float(p[stratum == 0].sum()) - 2e-5) < 1e-12          # no weight moves between strata


def test_wins_above_the_body_keep_their_relative_odds():
    """The RTP moment is min(payout, BODY_X x cost): every natural book paying more than
    that is scaled by one common factor per feature set (the tail keeps its shape)."""
    from cabinet.math.optimize import BODY_X
    pay, stratum, feats = _featured_books()
    w, _ = optimize(pay, stratum, [2e-5], 100, Fraction("0.93"), features=feats, rates={0: 0.0105})
    big = (pay > BODY_X * 100) & (stratum < 0)
    for f in (False, True):
        sel = big & (feats[:, 1] == f)
        if sel.sum() > 1:          # equal up to integer rounding, but for the one book the exact correction moves
            assert (np.abs(w[sel] - np.median(w[sel])) > 1).sum() <= 1, f


def test_a_rate_the_natural_books_cannot_carry_is_left_free():
    pay, stratum, feats = _featured_books()
    feats = np.column_stack([feats, np.zeros(len(pay), bool)])
    w, rep = optimize(pay, stratum, [2e-5], 100, Fraction("0.95"), features=feats, rates={2: 1e-4})
    assert rep["free_features"] == [2]


def test_the_tilt_is_the_least_kl_one_where_no_win_passes_the_body():
    """With every payout below BODY_X the family is the least-KL weighting holding the
    RTP, the rates and the shares: its log-ratio to the natural weights is affine in
    (payout, features) inside each stratum (the optimality condition of the convex
    problem), and the reported KL is the least one (`kl_least`)."""
    rng = np.random.default_rng(12)
    n = 30_000
    bonus = rng.random(n) < 0.03
    pay = np.where(rng.random(n) < 0.35, rng.choice([20, 50, 100, 300, 800], n), 0)
    pay = (pay + np.where(bonus, rng.integers(500, 3_000, n), 0)).astype(np.int64)   # all below 50x
    stratum = np.full(n, -1)
    stratum[:40] = 0
    pay[:40] = 4_000
    bonus[:40] = True
    w, rep = optimize(pay, stratum, [1e-3], 100, Fraction("0.93"), features=bonus[:, None], rates={0: 0.032})
    nat = stratum < 0
    ratio = np.log(w[nat] / w[nat].mean())
    design = np.column_stack([np.ones(nat.sum()), pay[nat] / 100, bonus[nat]])
    coef, *_ = np.linalg.lstsq(design, ratio, rcond=None)
    assert np.abs(design @ coef - ratio).max() < 1e-6          # integer rounding is ~1e-10 of a weight
    assert abs(coef[1] - rep["lambda"]) < 1e-6 and abs(coef[2] - rep["mu"][0]) < 1e-6
    tilt = rep["tilt"]
    assert tilt["kl"] > 1e-5 and abs(tilt["kl"] - tilt["kl_least"]) < 1e-6 * tilt["kl"]


def test_keeping_the_tails_shape_costs_kl_over_the_least_kl_tilt():
    """With wins above BODY_X the RTP is held through min(x, H): the KL is above the
    least one (the tilt in x itself), which is reported beside it."""
    pay, stratum, feats = _featured_books()
    pay = pay.copy()
    pay[100:400] = np.arange(300) * 100 + 8_000          # 80x .. 380x wins in the natural stratum
    w, rep = optimize(pay, stratum, [2e-5], 100, Fraction("0.93"), features=feats, rates={0: 0.0105})
    tilt = rep["tilt"]
    assert tilt["kl_least"] is not None and tilt["kl"] > tilt["kl_least"] * 1.01


def test_tilt_figures_of_the_natural_weights_are_zero():
    from cabinet.math.weight_figures import tilt_figures
    stratum = np.array([-1] * 6 + [0] * 2)
    w = np.array([3, 3, 3, 3, 3, 3, 1, 1], dtype=np.int64)          # the category at 1/10 of the weight
    t = tilt_figures(w, stratum, [0.1])
    assert abs(t["kl"]) < 1e-15 and t["max_log_ratio"] < 1e-15
    w[0] = 6                                                        # one book at twice its odds
    t = tilt_figures(w, stratum, [0.1])
    pi = w / w.sum()
    pi0 = np.array([0.15] * 6 + [0.05] * 2)
    assert abs(t["kl"] - float(np.sum(pi * np.log(pi / pi0)))) < 1e-15
    assert abs(t["max_log_ratio"] - float(np.abs(np.log(pi / pi0)).max())) < 1e-15


def test_with_fixed_strata_only_the_natural_stratum_tilts():
    """A game whose forced books are the rules' rounds given their category: its forced
    strata keep equal weights (up to integer rounding) whatever the RTP and the held
    rates ask, and a feature that varies only inside a forced stratum is left free
    (issue #32). Without fixed_strata the same feature is held by tilting the stratum."""
    rng = np.random.default_rng(5)
    n = 60_000
    pay = np.where(rng.random(n) < 0.3, rng.choice([50, 100, 200, 500, 1_000, 3_000], n), 0).astype(np.int64)
    stratum = np.full(n, -1)
    stratum[:300] = 0                                   # a forced stratum, with and without a feature
    pay[:300] = rng.choice([20_000, 50_000, 200_000], 300)
    feats = np.zeros((n, 2), dtype=bool)
    feats[:120, 0] = True                               # only in the forced stratum
    feats[300:3_300, 1] = True                          # only among natural books
    w, rep = optimize(pay, stratum, [1e-4], 100, Fraction("0.94"), features=feats, rates={0: 5e-5, 1: 0.06},
                      fixed_strata=True)
    forced = w[stratum == 0]
    assert forced.max() - forced.min() <= 1
    assert rep["free_features"] == [0] and rep["held_features"] == [1]
    p = w / w.sum()
    assert abs(float(p[feats[:, 1]].sum()) - 0.06) < 1e-9
    assert abs(float(p[feats[:, 0]].sum()) - 1e-4 * 120 / 300) < 1e-9   # its natural share, not the 5e-5 asked
    assert abs(_exact(w, pay, 100) - Fraction("0.94")) < Fraction(1, 10**12)
    w2, rep2 = optimize(pay, stratum, [1e-4], 100, Fraction("0.94"), features=feats, rates={0: 5e-5, 1: 0.06})
    assert rep2["held_features"] == [0, 1] and w2[stratum == 0].max() - w2[stratum == 0].min() > 1


def _lucky_tail_books():
    """A natural stratum of small wins (0 .. 3x) and a 2% stratum drawn by 2,000 books,
    70% of them 1x .. 2x and 30% 10x .. 500x; four bands (features 0..3) held at their
    natural masses, and the RTP asked 3 standard errors below the natural one, in the
    standard error left once the bands are held (sqrt of the sum over bands of
    t_b^2 se_b^2): luck that lies in the wide 10x+ band."""
    rng = np.random.default_rng(11)
    n, m = 40_000, 2_000
    nat = np.where(rng.random(n) < 0.4, rng.integers(1, 301, n), 0)
    tail = np.where(rng.random(m) < 0.7, rng.integers(100, 201, m), rng.integers(1_000, 50_000, m))
    pay = np.concatenate([nat, tail]).astype(np.int64)
    stratum = np.concatenate([np.full(n, -1), np.zeros(m, dtype=int)])
    edges = [0, 1, 201, 1_001, 10**9]
    feats = np.column_stack([(pay >= lo) & (pay < hi) for lo, hi in zip(edges, edges[1:])])
    p0 = natural_weights(stratum, [0.02])
    y = pay / 100
    rates, se2 = {}, 0.0
    for j in range(feats.shape[1]):
        k = feats[:, j]
        rates[j] = float(p0[k].sum())
        se2 += float((p0[k] ** 2 * (y[k] - (p0[k] * y[k]).sum() / rates[j]) ** 2).sum())
    target = Fraction(str(round(float(p0 @ y) - 3 * se2 ** 0.5, 6)))
    return pay, stratum, feats, rates, target


def test_the_noise_tilt_takes_the_correction_where_the_noise_is():
    """rtp_tilt="noise": the RTP exact, every band held, and each band's mean moved in
    proportion to its own sampling noise: the bands of the natural books stay within a
    fraction of a standard error while the wide tail band (few books) gives the luck
    back. The default body tilt moves the natural books' bands by 1.9 standard errors,
    at a larger KL."""
    from cabinet.math.weight_figures import held_mean_shifts
    pay, stratum, feats, rates, target = _lucky_tail_books()
    w, rep = optimize(pay, stratum, [0.02], 100, target, features=feats, rates=rates, rtp_tilt="noise")
    assert abs(_exact(w, pay, 100) - target) < Fraction(1, 10**12)
    p = w / w.sum()
    for j, rate in rates.items():
        assert abs(float(p[feats[:, j]].sum()) - rate) < 1e-9
    assert sum(w[stratum == 0].tolist()) == round(0.02 * TOTAL_WEIGHT)
    shifts = rep["tilt"]["held_mean_shift_se"]
    assert rep["rtp_tilt"] == "noise" and len(shifts) == 4
    assert max(abs(z) for z in shifts[:3]) < 0.3, shifts           # 0 .. 10x: the natural books' bands
    assert -3.2 < shifts[3] < -2.5, shifts                           # the tail's band carries it
    wb, repb = optimize(pay, stratum, [0.02], 100, target, features=feats, rates=rates)
    assert "rtp_tilt" not in repb and "held_mean_shift_se" not in repb["tilt"]
    body = held_mean_shifts(wb, natural_weights(stratum, [0.02]), pay / 100, feats)
    assert max(abs(z) for z in body[:3]) > 1.5, body
    assert rep["tilt"]["kl"] < repb["tilt"]["kl"] / 3


def test_an_unknown_rtp_tilt_is_refused():
    pay, stratum = _books()
    with pytest.raises(OptimizeError, match="rtp_tilt 'tail'"):
        optimize(pay, stratum, [1e-5], 100, Fraction("0.96"), rtp_tilt="tail")

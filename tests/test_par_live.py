"""The PAR sheet's rules-side estimates: additive sums from simulate(), the rare-event
odds (exact part + trigger odds x a conditional rate), Grinning Harvest's exact base
game and bonus-run tail against plain simulation, Piggy Farm's splitting tail against
plain simulation on a hand-built trigger law, and Happy Money Hens' pooled-bonus RTP and
tail on hand-built live sums (checked against the formulas by hand)."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from cabinet.math.sim import add_sums
from cabinet.math.stats import rate_ci, scaled_rate_ci


def test_add_sums_adds_numbers_and_lists_and_concatenates_samples():
    parts = [{"n": 2, "v": [1, 2], "samples_x": [5]}, {"n": 3, "v": [10, 20], "samples_x": [7, 8]}, {"other": 1.5}]
    assert add_sums(parts) == {"n": 5, "v": [11, 22], "samples_x": [5, 7, 8], "other": 1.5}
    assert add_sums([]) == {}


def test_scaled_rate_ci_is_the_wilson_interval_times_the_exact_odds_plus_the_exact_part():
    p, lo, hi = rate_ci(30, 1000)
    assert scaled_rate_ci(0.01, 30, 1000, 0.002) == pytest.approx((0.01 * p + 0.002, 0.01 * lo + 0.002,
                                                                   0.01 * hi + 0.002))


# ---------------------------------------------------------------- Grinning Harvest

def test_gh_value_sums_are_the_exact_law_of_a_sum_of_pumpkin_values():
    from games.grinning_harvest.math.par_live import value_sums
    from games.grinning_harvest.math.tables import load
    vt = load().values_base
    one_v, one_p = value_sums(1)
    assert one_v.tolist() == sorted(vt.value_x100.tolist()) and one_p == pytest.approx(vt.probabilities)
    two_v, two_p = value_sums(2)
    assert two_p.sum() == pytest.approx(1.0)
    assert float(two_v @ two_p) == pytest.approx(2 * vt.mean_x100())
    # two grand jackpots: the product of the grand's probability with itself
    assert two_p[two_v == 2 * vt.value_x100.max()][0] == pytest.approx(vt.probabilities[-1] ** 2)


def test_gh_exact_base_and_tails_agree_with_plain_simulation():
    from games.grinning_harvest.math import par_live as P
    from games.grinning_harvest.math.sim import simulate_parts
    n = 250_000
    out = simulate_parts(np.random.SeedSequence(11), "base", n)
    ex = P._exact()
    # the exact parts: line + collect RTP, the trigger odds
    base = (out["line"] + out["collect"]) / 100
    half = 2.576 * base.std() / np.sqrt(n)
    assert abs(base.mean() - (ex["line_rtp"] + ex["collect_rtp"])) < half
    k = int(out["features"]["bonus"].sum())
    _, lo, hi = rate_ci(k, n)
    assert lo < ex["p_trigger"] < hi
    # the exact tail without the bonus at 10x: every round with no trigger
    plain = int(((base >= 10) & ~out["features"]["bonus"]).sum())
    _, lo, hi = rate_ci(plain, n)
    assert lo < P.no_trigger_tail(1000) < hi
    assert P.no_trigger_tail(0) == pytest.approx(1 - ex["p_trigger"])


@pytest.mark.slow
def test_gh_tail_odds_from_bonuses_agree_with_plain_simulation(monkeypatch):
    from games.grinning_harvest.math import par_live as P
    from games.grinning_harvest.math.sim import simulate
    monkeypatch.setattr(P, "BONUSES", 60_000)
    odds = P.tail_odds("base", [2_000, 10_000], seed=5)
    n = 400_000
    pay = simulate(np.random.SeedSequence(12), "base", n)["payout_x100"]
    for x, (p, lo, hi, how) in odds.items():
        q, qlo, qhi = rate_ci(int((pay >= x).sum()), n)
        assert qlo < hi and lo < qhi, (x, p, q)          # the two 99% intervals overlap
        assert lo < p < hi and "60,000 bonuses" in how
    assert P.tail_odds("buy_harvest", [2_000]) == {}


# ---------------------------------------------------------------- Piggy Farm

@pytest.mark.slow
def test_pf_wheel_tail_by_splitting_agrees_with_plain_wheels_on_a_hand_built_trigger_law():
    """Every 'spin' triggers the silver tier with base win 3x: wheel_tail must give
    P(3x + wheel >= X) of a plain silver wheel."""
    from games.piggy_farm.math.sim import wheel_batch
    from games.piggy_farm.math.tables import load
    from games.piggy_farm.math.rare import split_rounds, wheel_tail
    from games.piggy_farm.math.rare import Stratum
    pm = load()
    names = list(pm.wheel.tiers)
    tiers = np.zeros(len(names) + 1)
    tiers[names.index("silver")] = 1.0
    wins = [np.zeros(0, np.int64)] * len(names)
    wins[names.index("silver")] = np.array([300])
    rates = {"names": names, "strata": [Stratum(3, 1.0, 1, tiers, wins)]}
    fs = pm.raw["free_spins"]
    parts = split_rounds(pm, "free_spins", int(fs["spins"]), fs["strips"], 2_500, pm.cap_x100, seed=3)
    n = 4_000
    gen = np.random.Generator(np.random.PCG64DXSM(4))
    plain = 300 + wheel_batch(pm, gen, np.full(n, names.index("silver")), np.full(n, pm.cap_x100), {})
    for x in (5_000, 30_000):
        per_root, paths = wheel_tail(pm, rates, parts, x)
        p, se = per_root.mean(), per_root.std(ddof=1) / np.sqrt(parts.roots)
        q, qlo, qhi = rate_ci(int((plain >= x).sum()), n)
        assert qlo - 2.576 * se < p < qhi + 2.576 * se, (x, p, q)
        assert sum(paths.values()) == pytest.approx(p)
    # a coin slice of 50x reaches 50x exactly, whatever the free spins do
    coin50 = sum(float(pr) for (t, j), pr in pm.wheel.outcome_odds("silver").items()
                 if pm.wheel.tiers[t][j].kind == "coin" and int(pm.wheel.tiers[t][j].value) >= 4_700)
    per_root, paths = wheel_tail(pm, rates, parts, 5_000)
    assert sum(v for k, v in paths.items() if "coin" in k) == pytest.approx(coin50)


@pytest.mark.slow
def test_pf_bought_wheel_tail_by_splitting_agrees_with_plain_bought_wheels():
    """A bought wheel: its tier by the buy's weights, no spin before it. bought_wheel_tail
    gives P(wheel >= X) of plain wheels drawn the same way; a coin's path is exact."""
    from games.piggy_farm.math.rare import bought_wheel_tail, split_rounds
    from games.piggy_farm.math.sim import wheel_batch
    from games.piggy_farm.math.tables import load
    pm = load()
    names = list(pm.wheel.tiers)
    weights = {"bronze": 6, "silver": 3, "gold": 1}                 # hand-set: the rare tiers often
    fs = pm.raw["free_spins"]
    parts = split_rounds(pm, "free_spins", int(fs["spins"]), fs["strips"], 2_500, pm.cap_x100, seed=5)
    n = 4_000
    gen = np.random.Generator(np.random.PCG64DXSM(6))
    tiers = gen.choice([names.index(t) for t in weights], size=n, p=np.array(list(weights.values())) / 10)
    plain = wheel_batch(pm, gen, tiers, np.full(n, pm.cap_x100), {})
    for x in (3_000, 20_000):
        per_root, paths = bought_wheel_tail(pm, weights, parts, x)
        p, se = per_root.mean(), per_root.std(ddof=1) / np.sqrt(parts.roots)
        _, qlo, qhi = rate_ci(int((plain >= x).sum()), n)
        assert qlo - 2.576 * se < p < qhi + 2.576 * se, (x, p, (plain >= x).mean())
        assert sum(paths.values()) == pytest.approx(p)
    coins = sum(w / 10 * float(pr) for t, w in weights.items() for (u, j), pr in pm.wheel.outcome_odds(t).items()
                if pm.wheel.tiers[u][j].kind == "coin" and int(pm.wheel.tiers[u][j].value) >= 3_000)
    _, paths = bought_wheel_tail(pm, weights, parts, 3_000)
    assert sum(v for k, v in paths.items() if "coin" in k) == pytest.approx(coins)


def _small_pf(monkeypatch):
    from games.piggy_farm.math import par_live as P
    for name, v in {"ROOTS": 800, "LIGHT_ROUNDS": 2_000, "SPLIT_TASKS": 1, "LIGHT_TASKS": 2, "PILOT_STRATUM": 2_000,
                    "STRATA_SPINS": {"base": 8_000, "ante": 8_000}, "RATE_TASKS": 2, "_CACHE": {}}.items():
        monkeypatch.setattr(P, name, v)
    return P


@pytest.mark.slow
def test_pf_live_rtp_adds_the_spins_the_wheel_and_their_errors(monkeypatch):
    P = _small_pf(monkeypatch)
    from games.piggy_farm.math.tables import load
    sims = {"base": {"rounds": 1_000_000, "sums": {"spin_x100": 83_000_000, "spin_sq": 9.0e10,
                                                     "no_wheel_ge_x": [0, 0, 0, 0]}}}
    r = P.live_rtp("base", sims, seed=9, workers=1)
    rates = P._rates("base", 9)
    wheel, se = P.wheel_value(load(), dict(zip(rates["names"], rates["rate"].tolist())), 9)
    assert r["rtp"] == pytest.approx((83.0 + wheel) / 100)
    assert r["ci99"][0] < r["rtp"] < r["ci99"][1] and "split rounds" in r["method"] and "split once" in r["method"]
    # the strata's spins: Neyman's allocation of STRATA_SPINS over the simulated strata, 1,000 at least each
    sim = [s.n for s in rates["strata"] if s.n]
    assert min(sim) >= 1_000 and 8_000 <= sum(sim) <= 8_000 + 1_002 * len(sim)
    assert P.live_rtp("free_spins", sims, 9) is None and P.live_rtp("base", {}, 9) is None
    odds = P.tail_odds("base", [50_000, 100_000, 5_000_000], 9, sims)
    assert set(odds) == {100_000, 5_000_000}            # 500x is left to the live run's count
    assert odds[5_000_000][0] < odds[100_000][0]
    assert odds[5_000_000][2] > odds[5_000_000][0] + 1e-6    # 0 of 10^6 without the wheel widens the bound


def test_pf_wheel_value_weighs_the_two_runs_by_the_fixed_share(monkeypatch):
    """Hand-built runs: split roots all worth 10x at x1, once-split roots 0x or 40x."""
    from games.piggy_farm.math import par_live as P
    from games.piggy_farm.math.rare import Particles
    from games.piggy_farm.math.tables import load
    pm = load()
    split = Particles(np.full(40, 500), np.full(40, 0.5), np.repeat(np.arange(20), 2), 20, 0)   # 2 x 5x x 1/2 each
    plain = Particles(np.array([0, 4_000] * 5), np.ones(10), np.arange(10), 10, 0)
    monkeypatch.setattr(P, "_CACHE", {("split", 1): split, ("light", 1): plain})
    lam = P.SPLIT_GAIN * 20 / (P.SPLIT_GAIN * 20 + 10)
    assert P.split_share(P.free_spin_runs(1)) == pytest.approx(lam)
    tier = next(iter(pm.wheel.tiers))
    a, b = P.per_root_value(pm, {tier: 1.0}, split), P.per_root_value(pm, {tier: 1.0}, plain)
    assert np.ptp(a) == pytest.approx(0)                 # every split root alike: no spread
    v, se = P.wheel_value(pm, {tier: 1.0}, 1)
    assert v == pytest.approx(lam * a.mean() + (1 - lam) * b.mean())
    assert se == pytest.approx((1 - lam) * b.std(ddof=1) / np.sqrt(10))
    # a coin-only tier value is exact: the free spins play no part
    coins = sum(float(p) * int(pm.wheel.tiers[t][j].value) for (t, j), p in pm.wheel.outcome_odds(tier).items()
                if pm.wheel.tiers[t][j].kind == "coin")
    fs = sum(float(p) * min(500 * int(pm.wheel.tiers[t][j].value), pm.cap_x100)
             for (t, j), p in pm.wheel.outcome_odds(tier).items() if pm.wheel.tiers[t][j].kind != "coin")
    assert a[0] == pytest.approx(coins + fs)


@pytest.mark.slow
def test_pf_unsplit_and_split_free_spin_rounds_have_the_same_mean():
    from games.piggy_farm.math.rare import split_rounds
    from games.piggy_farm.math.tables import load
    pm = load()
    fs = pm.raw["free_spins"]
    args = (pm, "free_spins", int(fs["spins"]), fs["strips"], 6_000, pm.cap_x100)
    plain = split_rounds(*args, seed=21, factor=1, levels_x=())
    split = split_rounds(*args, seed=22)
    from games.piggy_farm.math import par_live as P
    light = split_rounds(*args, seed=23, factor=P.LIGHT_FACTOR, levels_x=P.LIGHT_LEVELS_X)
    assert len(plain.win) == plain.roots and (plain.weight == 1).all()
    (ma, sa), (mb, sb), (mc, sc) = plain.mean(pm.cap_x100), split.mean(pm.cap_x100), light.mean(pm.cap_x100)
    assert abs(ma - mb) < 3.3 * np.hypot(sa, sb), (ma, mb)
    assert abs(ma - mc) < 3.3 * np.hypot(sa, sc), (ma, mc)


@pytest.mark.slow
def test_pf_split_rounds_play_every_root_once_when_new_roots_join_the_lockstep():
    """A lockstep of 500 rows over 3,000 roots: new roots join as rounds end; each root's
    copies carry its whole weight, and a root split at 100x has copies past it only."""
    from games.piggy_farm.math.rare import split_rounds
    from games.piggy_farm.math.tables import load
    pm = load()
    fs = pm.raw["free_spins"]
    p = split_rounds(pm, "free_spins", int(fs["spins"]), fs["strips"], 3_000, pm.cap_x100, seed=24,
                     levels_x=(100,), chunk=500)
    assert p.roots == 3_000 and set(p.root.tolist()) == set(range(3_000))
    assert np.bincount(p.root, weights=p.weight, minlength=p.roots) == pytest.approx(np.ones(3_000))
    split = np.bincount(p.root, minlength=p.roots) > 1
    assert split.any() and (p.win[split[p.root]] >= 10_000).all() and (p.weight[split[p.root]] == 1 / 3).all()
    assert p.spins >= 3_000 * int(fs["spins"])


def test_pf_rates_error_counts_the_tiers_correlation_and_neyman_follows_the_spread():
    from games.piggy_farm.math.rare import Stratum, merged_rates, neyman_strata, rates_of, rates_value_se
    names = ["bronze", "silver"]
    law = np.array([0.5, 0.3, 0.2])
    none = [np.zeros(0, np.int64)] * 2
    # stratum 0: bronze 1 in 10; stratum 1: bronze 60%, silver 40% (every spin triggers)
    s0 = Stratum(0, 0.5, 1_000, np.array([0.1, 0.0, 0.9]), none)
    s1 = Stratum(1, 0.3, 500, np.array([0.6, 0.4, 0.0]), none)
    s2 = Stratum(2, 0.2, 0, np.array([0.0, 1.0, 0.0]), none)         # exact
    rates = rates_of(names, [s0, s1, s2], law)
    assert rates["rate"].tolist() == pytest.approx([0.05 + 0.18, 0.12 + 0.2])
    v = [100.0, 300.0]
    var0 = 0.5 ** 2 * (0.1 * 100 ** 2 - 10 ** 2) / 1_000
    var1 = 0.3 ** 2 * (0.6 * 100 ** 2 + 0.4 * 300 ** 2 - 180 ** 2) / 500
    assert rates_value_se(rates, v) == pytest.approx(np.sqrt(var0 + var1))
    # the tiers taken as independent would overstate it
    assert rates_value_se(rates, v) < np.sqrt(sum((se * x) ** 2 for se, x in zip(rates["se"], v)))
    alloc = neyman_strata(rates, v, 10_000, least=1)
    w0, w1 = 0.5 * np.sqrt(var0 * 1_000) / 0.5, 0.3 * np.sqrt(var1 * 500) / 0.3
    assert set(alloc) == {0, 1} and alloc[0] / alloc[1] == pytest.approx(w0 / w1, rel=1e-3)
    # two runs of a stratum pool their spins
    both = merged_rates([rates, rates_of(names, [Stratum(0, 0.5, 3_000, np.array([0.3, 0.0, 0.7]), none)], law)])
    assert both["strata"][0].n == 4_000 and both["strata"][0].tiers[0] == pytest.approx((100 + 900) / 4_000)


# ---------------------------------------------------------------- Happy Money Hens

def _hens_sims(line_bins: int):
    """Two modes' hand-built live sums: bonuses of combination 1 pay 10x (990 of them)
    or 300x (10); of combination 2, 20x (1000); every base round's line win is 0 or 1x."""
    n = [0] * 8
    s1, s2 = [0.0] * 8, [0.0] * 8
    n[1], s1[1], s2[1] = 1000, 990 * 1000.0 + 10 * 30000.0, 990 * 1000.0 ** 2 + 10 * 30000.0 ** 2
    n[2], s1[2], s2[2] = 1000, 1000 * 2000.0, 1000 * 2000.0 ** 2
    lines = np.zeros(8 * line_bins, dtype=np.int64)
    lines[line_bins * 1 + 0] = 600                     # combination 1: line 0 ...
    lines[line_bins * 1 + 20] = 400                    # ... or 1x (100 x100 = bin 20)
    lines[line_bins * 2 + 0] = 1000
    base = {"rounds": 10_000, "sums": {"bonus_n": n, "bonus_sum": s1, "bonus_sq": s2,
                                      "samples_big_bonus_1": [30000] * 10, "line_by_combo": lines.tolist()}}
    empty = {"rounds": 10, "sums": {"bonus_n": [0] * 8, "bonus_sum": [0.0] * 8, "bonus_sq": [0.0] * 8}}
    return {"base": base, "bonus_dc": empty}


def test_hmh_live_rtp_is_exact_lines_plus_exact_combo_odds_times_pooled_means(monkeypatch):
    from games.happy_money_hens.math import par_live as P
    from games.happy_money_hens.math.sim import LINE_BINS
    odds = {c: Fraction(0) for c in range(8)}
    odds[1], odds[2] = Fraction(1, 100), Fraction(1, 50)
    monkeypatch.setattr(P, "combo_odds", lambda mode: odds)
    monkeypatch.setattr(P, "line_rtp", lambda m: Fraction(1, 2))
    monkeypatch.setattr(P, "extra_bonuses", lambda sims, seed, workers=2: {"sums": {}, "n": dict.fromkeys(range(8), 0)})
    r = P.live_rtp("base", _hens_sims(LINE_BINS), seed=1)
    mean1 = (990 * 1000 + 10 * 30000) / 1000
    assert r["rtp"] == pytest.approx((50 + mean1 / 100 + 2000 / 50) / 100)
    var1 = (990 * 1000 ** 2 + 10 * 30000 ** 2) / 1000 - mean1 ** 2
    half = 2.5758293035489004 * np.sqrt((1 / 100) ** 2 * var1 * 1000 / 999 / 1000) / 100   # combination 2: no spread
    assert (r["ci99"][1] - r["ci99"][0]) / 2 == pytest.approx(half)
    # a 300x bonus reaches 300x; with a 1x line win (40% of combination-1 rounds) 301x too
    t = P.tail_odds("base", [20_000, 30_000, 30_100, 30_200], seed=1, sims=_hens_sims(LINE_BINS))
    assert set(t) == {20_000, 30_000, 30_100, 30_200}
    assert t[30_000][0] == pytest.approx(0.01 * 10 / 1000)
    assert t[30_100][0] == pytest.approx(0.01 * 10 / 1000 * 0.4)
    assert t[30_200][0] == 0.0
    assert t[30_000][1] < t[30_000][0] < t[30_000][2]
    assert P.tail_odds("base", [10_000], 1, _hens_sims(LINE_BINS)) == {}     # below 200x: the live count
    assert P.live_rtp("buy_triple", _hens_sims(LINE_BINS), 1) is None


def test_hmh_neyman_counts_meet_each_modes_target_at_the_fewest_bonuses():
    from games.happy_money_hens.math.par_live import Z99, neyman_counts
    zero = {c: 0.0 for c in range(1, 8)}
    a = {**zero, 1: 0.01, 3: 0.002}
    b = {**zero, 7: 0.015}
    sd = {c: 1_000.0 * c for c in range(1, 8)}
    need = neyman_counts({"a": a, "b": b}, {"a": 100, "b": 200}, sd, 0.003)
    for odds, cost in ((a, 100), (b, 200)):
        var = sum(odds[c] ** 2 * sd[c] ** 2 / need[c] for c in odds if odds[c])
        assert Z99 * np.sqrt(var) / cost <= 0.003 * (1 + 1e-9)
    # mode a alone sets combinations 1 and 3, in proportion to P(c) sd_c; b sets 7 (one term: exactly the target)
    assert need[1] / need[3] == pytest.approx(0.01 * 1_000 / (0.002 * 3_000), rel=1e-3)
    assert need[7] == np.ceil((Z99 * 0.015 * 7_000 / (0.003 * 200)) ** 2)
    assert need[2] == need[4] == 0


def test_hmh_extra_bonuses_join_the_pool_without_touching_the_live_counts(monkeypatch):
    from games.happy_money_hens.math import par_live as P
    from games.happy_money_hens.math.sim import LINE_BINS, bonuses_of
    monkeypatch.setattr(P, "PILOT", 300)
    monkeypatch.setattr(P, "MAX_EXTRA", 900)
    monkeypatch.setattr(P, "EXTRA_CHUNK", 200)
    monkeypatch.setattr(P, "_EXTRA", {})
    sims = _hens_sims(LINE_BINS)
    extra = P.extra_bonuses(sims, seed=3, workers=1)
    assert 0 < sum(extra["n"].values()) <= 900
    assert [int(x) for x in extra["sums"]["bonus_n"][1:]] == [extra["n"][c] for c in range(1, 8)]
    assert P.extra_bonuses(sims, seed=3) is extra                   # one run per live counts and seed
    pool = P.pooled_bonuses(sims, extra)
    assert pool[1]["n"] == 1000 + extra["n"][1] and pool[3]["n"] == extra["n"][3]
    # bonuses of one combination only, its count as asked
    one = bonuses_of(np.random.SeedSequence(4), 5, 70)
    assert one["bonus_n"] == [0, 0, 0, 0, 0, 70, 0, 0] and one["bonus_sum"][5] > 0

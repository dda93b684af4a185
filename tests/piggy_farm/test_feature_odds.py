"""Piggy Farm's feature_odds: the wheel's features from the tier rates and the exact
slice odds (hand-built rates; a bought wheel against plain rounds), the exact hunts and
RISK THE FARM, and the cap only with the plain run."""
import numpy as np
import pytest

from cabinet.math.stats import rate_ci
from games.piggy_farm import GAME
from games.piggy_farm.math import feature_odds as F
from games.piggy_farm.math import par_live
from games.piggy_farm.math.forced import book_forces
from games.piggy_farm.math.sim import simulate
from games.piggy_farm.math.tables import load


def test_a_tiers_features_are_its_slice_odds():
    pm = load()
    gold = F.tier_shares(pm, "gold")          # the top tier: no upgrade
    w = {(s.kind, s.value): s.weight for s in pm.wheel.tiers["gold"]}
    total = sum(w.values())
    assert gold["upgrade"] == 0.0 and gold["wheel_gold"] == 1.0 and gold["wheel_bronze"] == 0.0
    assert gold["free_spins_x5"] == pytest.approx(w[("free_spins", 5)] / total)
    for tier in pm.wheel.tiers:
        s = F.tier_shares(pm, tier)
        assert s["coin_prize"] + s["free_spins"] == pytest.approx(1.0)
        assert sum(v for k, v in s.items() if k.startswith("free_spins_x")) == pytest.approx(s["free_spins"])
    bronze = F.tier_shares(pm, "bronze")
    up = [s.weight for s in pm.wheel.tiers["bronze"] if s.kind == pm.wheel.upgrade_kind]
    assert bronze["upgrade"] == pytest.approx(sum(up) / sum(s.weight for s in pm.wheel.tiers["bronze"]))


def test_a_spin_modes_features_sum_the_tiers_rates_times_their_shares():
    pm = load()
    rates = {"names": list(pm.wheel.tiers), "rate": np.array([1e-3, 1e-4, 1e-5]),
             "se": np.array([1e-5, 2e-6, 1e-6]), "total": 1.11e-3, "total_se": 1.2e-5}
    out = F.wheel_odds("base", rates)
    sh = [F.tier_shares(pm, t) for t in rates["names"]]
    p = sum(r * s["coin_prize"] for r, s in zip(rates["rate"], sh))
    se = np.sqrt(sum((e * s["coin_prize"]) ** 2 for e, s in zip(rates["se"], sh)))
    assert out["coin_prize"][:3] == pytest.approx((p, p - F.Z99 * se, p + F.Z99 * se))
    assert out["wheel_silver"][0] == pytest.approx(1e-4) and out["wheel"][0] == pytest.approx(1.11e-3)
    assert out["wheel"][2] - out["wheel"][0] == pytest.approx(F.Z99 * 1.2e-5)


@pytest.mark.slow
def test_bought_wheels_hunts_and_the_risk_are_exact_and_what_plain_rounds_show(monkeypatch):
    monkeypatch.setattr(par_live, "ROOTS", 800)                        # the bought cap's split rounds, small
    monkeypatch.setattr(par_live, "SPLIT_TASKS", 1)
    monkeypatch.setattr(par_live, "_CACHE", {})
    n = 200_000
    exact = GAME.math.feature_odds("wheel_buy", {}, 1)
    # the cap: the split rounds' estimate (not exact), the same for capped and max_win
    p, lo, hi, how = exact["capped"]
    assert exact["max_win"] == exact["capped"] and 0 <= lo <= p <= hi and "split" in how
    feats = simulate(np.random.SeedSequence(3), "wheel_buy", n)["features"]
    for f in ("wheel_silver", "wheel_gold", "upgrade", "coin_prize", "free_spins_x2", "free_spins_x5"):
        p, lo, hi, _ = exact[f]
        assert lo == p == hi
        _, qlo, qhi = rate_ci(int(feats[f].sum()), n)
        assert qlo < p < qhi, (f, p, feats[f].mean())
    for hunt in ("golden_egg_hunt", "egg_hunt"):
        odds = GAME.math.feature_odds(hunt, {}, 1)
        p = odds["hunt_5000x"]             # the whole feature; its stratum leaves out the big wins
        assert p[0] == p[2] == pytest.approx(float(load().hunt(hunt).chance_of_prize_at_least(500000)))
        assert odds["big_win"][0] == odds["big_win"][2] == book_forces()[hunt]["big_win"]
        k = int(simulate(np.random.SeedSequence(4), hunt, n)["features"]["hunt_5000x"].sum())
        _, qlo, qhi = rate_ci(k, n)
        assert qlo < p[0] < qhi
    risk = GAME.math.feature_odds("risk_the_farm", {}, 1)["risk_win"]
    assert risk[0] == pytest.approx(book_forces()["risk_the_farm"]["risk_win"])
    # GROWING SEASON's big win (6x its price): the split estimate's interval holds the
    # share its 1,000 found books measured (math.yaml book_forces_one_in: 1 in 32,396)
    odds = GAME.math.feature_odds("growing_season", {}, 1)
    assert set(odds) == {"big_win"}
    assert odds["big_win"][1] < book_forces()["growing_season"]["big_win"] < odds["big_win"][2]


@pytest.mark.slow
def test_hog_wilds_big_win_comes_from_its_split_rounds_and_agrees_with_plain_rounds(monkeypatch):
    """HOG WILD's big win (100x its price) from buy_tails' split rounds; at 20x its price
    (about 1 in 1,700) the same estimator's interval holds the plain rounds' rate."""
    from games.piggy_farm.math import buy_tails
    monkeypatch.setattr(buy_tails, "_CACHE", {})
    monkeypatch.setitem(buy_tails.SPLIT_ROOTS, "hog_wild", 32_000)
    odds = GAME.math.feature_odds("hog_wild", {}, 1)
    p, lo, hi, how = odds["big_win"]
    assert 0 <= lo <= p <= hi and "split" in how
    assert set(odds) == {"big_win", "huge_win"} and odds["huge_win"][0] <= p     # 200x its price: rarer
    price = int(load().mode("hog_wild")["cost_x100"])
    q, qlo, qhi, _ = buy_tails.buy_tail("hog_wild", [20 * price], 1)[20 * price]
    k = int((simulate(np.random.SeedSequence(5), "hog_wild", 100_000)["payout_x100"] >= 20 * price).sum())
    _, klo, khi = rate_ci(k, 100_000)
    assert qlo < khi and klo < qhi            # the two 99% intervals overlap


def test_the_cap_comes_from_the_top_award_odds_and_only_with_the_plain_run(monkeypatch):
    pm = load()
    names = list(pm.wheel.tiers)
    monkeypatch.setattr(par_live, "_rates", lambda mode, seed: {"names": names, "rate": np.array([1e-3, 1e-4, 1e-5]),
                                                                "se": np.zeros(3), "total": 1.11e-3, "total_se": 0.0})
    assert "capped" not in GAME.math.feature_odds("base", {}, 1)            # no plain run: no cap estimate
    seen = {}

    def tail(mode, xs, seed, sims):
        seen["call"] = (mode, xs, seed, sims)
        return {pm.cap_x100: (2e-7, 1e-7, 3e-7, "splitting")}
    monkeypatch.setattr(par_live, "tail_odds", tail)
    sims = {"ante": {"rounds": 10}}
    out = GAME.math.feature_odds("ante", sims, 9)
    assert seen["call"] == ("ante", [pm.cap_x100], 9, sims)
    assert out["capped"] == out["max_win"] and out["capped"][:3] == (2e-7, 1e-7, 3e-7)
    assert "splitting" in out["capped"][3]


@pytest.mark.slow
def test_the_ante_wheels_features_agree_with_plain_rounds(monkeypatch):
    # small strata: a pilot, Neyman's allocation (tier values from a few split rounds), the run
    monkeypatch.setattr(par_live, "PILOT_STRATUM", 4_000)
    monkeypatch.setattr(par_live, "STRATA_SPINS", {"base": 100_000, "ante": 200_000})
    monkeypatch.setattr(par_live, "ROOTS", 8_000)
    monkeypatch.setattr(par_live, "_CACHE", {})
    out = GAME.math.feature_odds("ante", {}, 6)
    assert "capped" not in out
    n = 200_000
    feats = simulate(np.random.SeedSequence(5), "ante", n)["features"]
    for f in ("wheel", "wheel_bronze", "wheel_silver", "upgrade", "coin_prize", "free_spins"):
        p, lo, hi, _ = out[f]
        _, qlo, qhi = rate_ci(int(feats[f].sum()), n)
        assert lo < p < hi and qlo < hi and lo < qhi, (f, p, feats[f].mean())

"""The book builder files a natural book that is in several categories under the
FIRST category listed (the games order their forced categories so)."""
import dataclasses

import numpy as np

from cabinet.math.build import Task, assemble
from tests.toygame import GAME


def test_natural_book_in_two_categories_joins_the_first():
    spec = dataclasses.replace(GAME, math=dataclasses.replace(GAME.math,
                                                              book_forces={"base": {"jackpot": 0.01, "bonus": 0.05}}))
    names = ("bonus", "jackpot")
    bonus, jackpot = np.uint64(1), np.uint64(2)
    n = 400
    feats = np.zeros(n, dtype=np.uint64)
    feats[:3] = bonus | jackpot          # in both: must count for "jackpot", listed first
    feats[3:30] = bonus
    pay = np.arange(n, dtype=np.int64) * 3
    seeds = np.arange(n, dtype=np.uint64)
    tasks = [Task(GAME.id, "base", -1, None, 0, n, 1, names)]
    result = (
        seeds,
        pay,
        feats,
        np.zeros(n, dtype=np.int64),
        np.zeros(n, dtype=np.uint16),
        np.zeros(0, dtype=np.uint32),
        np.zeros(n, dtype=np.int64),
        np.zeros(0, dtype=np.uint8),
    )
    _, meta = assemble(spec, "base", tasks, [result], seed=1, natural=n)
    assert meta["optimizer"]["natural_in_category"] == {"jackpot": 3, "bonus": 27}


def test_a_rate_the_game_sets_carries_the_features_nested_in_it():
    """The ante's wheel at 5x the base game's: the wheel's tiers (every book with a tier
    has the wheel) scale with it; a feature outside it keeps its measured rate."""
    from cabinet.math.rates import nested_follow
    names = ["wheel", "wheel_gold", "retrigger_elsewhere"]
    bits = np.array([[1, 1, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1], [0, 0, 0]], dtype=bool)
    rates = {"modes": {"ante": {"features": {"wheel": {"rate": 0.0174}, "wheel_gold": {"rate": 0.0001},
                                              "retrigger_elsewhere": {"rate": 0.002}}}}}
    held = {"wheel": {"rate": 0.018, "source": "set by the game: 5.0 x base's"},
            "wheel_gold": {"rate": 0.0001, "source": "measured, 1,074 in 10,000,000 rounds"},
            "retrigger_elsewhere": {"rate": 0.002, "source": "measured, 20,000 in 10,000,000 rounds"}}
    out = nested_follow(held, rates, "ante", bits, names)
    assert out["wheel"] == held["wheel"]
    assert abs(out["wheel_gold"]["rate"] - 0.0001 * 0.018 / 0.0174) < 1e-15
    assert out["retrigger_elsewhere"] == held["retrigger_elsewhere"]       # also seen without the wheel


def test_the_weights_hold_the_rules_payout_band_masses():
    """A sample with twice the rules' share of 20-50x wins (multiples of the cost) gets
    weights holding the rules' band masses, with the stated RTP exact."""
    from fractions import Fraction
    from cabinet.core.books import rtp_fraction
    from cabinet.math.stats import BAND_LABELS, band_counts
    spec = dataclasses.replace(GAME, math=dataclasses.replace(GAME.math, book_forces={}))
    cost = spec.mode("base").cost_x100
    target = rtp_fraction(spec.rtp["base"])
    rng = np.random.default_rng(4)
    n = 20_000
    # the rules: 1% at 30x, 48% paying uniformly around (target - 0.3) / 0.48, else nothing
    mean_body = (float(target) - 0.3) / 0.48
    pay = np.zeros(n, dtype=np.int64)
    body = rng.random(n) < 0.48
    pay[body] = (cost * rng.uniform(mean_body - 0.8, mean_body + 0.8, int(body.sum()))).astype(np.int64)
    pay[:400] = 30 * cost                        # the sample: 2% at 30x
    rounds = 10_000_000
    bands = {label: int(round(c * rounds / n)) for label, c in zip(BAND_LABELS, band_counts(pay, cost))}
    bands["20-50"] = rounds // 100
    bands["0"] += rounds - sum(bands.values())
    rates = {"modes": {"base": {"rounds": rounds, "bands": bands, "features": {}, "strata": {}}}}
    names = tuple(spec.math.feature_names)
    tasks = [Task(GAME.id, "base", -1, None, 0, n, 1, names)]
    result = (np.arange(n, dtype=np.uint64), pay, np.zeros(n, dtype=np.uint64), np.zeros(n, dtype=np.int64),
              np.zeros(n, dtype=np.uint16), np.zeros(0, dtype=np.uint32),
              np.zeros(n, dtype=np.int64), np.zeros(0, dtype=np.uint8))
    arrays, meta = assemble(spec, "base", tasks, [result], seed=1, natural=n, rates=rates)
    w = arrays["weight"].astype(float)
    lib = band_counts(arrays["payout_x100"], cost, w) / w.sum()
    assert "20-50" in meta["optimizer"]["held_bands"]
    assert abs(lib[BAND_LABELS.index("20-50")] / 0.01 - 1) < 0.05, lib[BAND_LABELS.index("20-50")]
    assert abs(Fraction(meta["rtp"]) - target) <= Fraction(1, 10**6)


def test_a_stated_category_share_consistent_with_the_games_estimate_stands_against_a_thin_count():
    """A stratum holds the category's rounds in no earlier category, so its share lies
    between the game's estimate of the whole feature less the earlier shares and that
    estimate: a stated share there stands, though a thin plain count disagrees."""
    from cabinet.math.rates import category_targets
    forces = {"base": {"top": 0.0001, "jackpot": 0.0023, "bonus": 0.05}}
    spec = dataclasses.replace(GAME, math=dataclasses.replace(GAME.math, book_forces=forces))
    strata = {"jackpot": {"rate": 0.00251, "ci99": [0.00240, 0.00276], "count": 753}}
    # the thin count alone puts the stated 0.0023 outside: its measured rate is used
    rates = {"modes": {"base": {"strata": strata, "features": {}}}}
    targets, notes = category_targets(spec, "base", rates)
    assert targets == [0.0001, 0.00251, 0.05] and "outside" in notes["jackpot"]
    # the game's estimate of every jackpot round, 0.00239 [0.00235, 0.00243]: the stratum
    # (without the 'top' rounds, at most 0.0001) lies in [0.00225, 0.00243]: the stated stays
    rates["modes"]["base"]["features"] = {"jackpot": {"reduced": {"p": 0.00239, "ci99": [0.00235, 0.00243],
                                                                  "method": "toy"}}}
    targets, notes = category_targets(spec, "base", rates)
    assert targets == [0.0001, 0.0023, 0.05] and not notes
    # a stated share above the whole feature's estimate cannot be: it moves to the range's top
    rates["modes"]["base"]["features"]["jackpot"]["reduced"]["ci99"] = [0.00200, 0.00220]
    targets, notes = category_targets(spec, "base", rates)
    assert targets == [0.0001, 0.00220, 0.05] and "0.0022 is used" in notes["jackpot"]
    # and one below the estimate less the earlier shares, to the range's bottom
    rates["modes"]["base"]["features"]["jackpot"]["reduced"]["ci99"] = [0.00260, 0.00280]
    assert abs(category_targets(spec, "base", rates)[0][1] - 0.0025) < 1e-15
    # the first category listed is the whole feature: outside its estimate's range, the estimate
    rates["modes"]["base"]["features"]["top"] = {"reduced": {"p": 0.00013, "ci99": [0.00012, 0.00014],
                                                             "method": "toy"}}
    targets, notes = category_targets(spec, "base", rates)
    assert targets[0] == 0.00013 and "0.00013 is used" in notes["top"]


def test_a_measured_rate_of_a_forcing_category_is_released_an_exact_one_is_held():
    """A category's rounds lie in its own stratum (its share fixed) and in the strata
    listed before it: holding its measured rate could only bend those earlier strata
    by the measurement's noise, so it is released; an exact rate (sigma 0) stays, and
    so does every feature that is not a category."""
    from cabinet.math.build import release_categories
    held = {"jackpot": {"rate": 0.0021, "sigma": 1e-4, "source": "measured, 630 in 300,000 rounds"},
            "bonus": {"rate": 0.05, "sigma": 0.0, "source": "exact"},
            "collect": {"rate": 0.2, "sigma": 7e-4, "source": "measured"}}
    kept, released = release_categories(held, ["max_win", "jackpot", "bonus"])
    assert released == ["jackpot"] and set(kept) == {"bonus", "collect"}
    assert release_categories(held, []) == (held, [])


def test_the_build_records_the_released_categories():
    forces = {"base": {"jackpot": 0.01, "bonus": 0.05}}
    spec = dataclasses.replace(GAME, math=dataclasses.replace(GAME.math, book_forces=forces, rate_targets={}))
    names = ("bonus", "jackpot")
    n = 400
    feats = np.zeros(n, dtype=np.uint64)
    feats[:10] = np.uint64(2)
    feats[10:40] = np.uint64(1)
    pay = np.where(np.arange(n) % 2 == 0, 0, 190).astype(np.int64)
    tasks = [Task(GAME.id, "base", -1, None, 0, n, 1, names)]
    result = (np.arange(n, dtype=np.uint64), pay, feats, np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.uint16),
              np.zeros(0, dtype=np.uint32), np.zeros(n, dtype=np.int64), np.zeros(0, dtype=np.uint8))
    rates = {"modes": {"base": {"rounds": 300_000, "features": {
        "jackpot": {"rate": 0.011, "count": 3_300}, "bonus": {"rate": 0.06, "count": 18_000}}}}}
    _, meta = assemble(spec, "base", tasks, [result], seed=1, natural=n, rates=rates)
    assert meta["optimizer"]["released_categories"] == ["jackpot", "bonus"]
    assert meta["rate_targets"] == {}

"""The payout-band check (cabinet/math/report.py band_check) and the bands the builder
holds (cabinet/math/rates.py band_targets), on hand-built libraries and rates."""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np

from cabinet.math.rates import band_targets
from cabinet.math.report import band_check, band_lines
from cabinet.math.stats import BAND_LABELS


def _books(payouts_x, weights, cost_x100=100):
    return SimpleNamespace(mode="base", meta={"cost_x100": cost_x100},
                           payout_x100=np.array([int(p * cost_x100) for p in payouts_x], dtype=np.int64),
                           weight=np.array(weights, dtype=np.int64))


def _rates(bands, rounds):
    full = {label: 0 for label in BAND_LABELS}
    full.update(bands)
    full["0"] = rounds - sum(v for k, v in full.items() if k != "0")
    return {"modes": {"base": {"rounds": rounds, "bands": full}}}


def test_a_band_the_rules_reach_but_no_book_holds_is_missing():
    rates = _rates({"1-2": 3_000_000, "500-1k": 12}, 10_000_000)       # 500-1k: 1.2e-6
    mb = _books([0, 1.5], [7, 3])
    rows = band_check(mb, rates)
    assert [(r["band"], r["kind"]) for r in rows] == [("500-1k", "missing")]
    assert rows[0]["count"] == 12 and rows[0]["ci99"][0] < 1.2e-6 < rows[0]["ci99"][1]
    assert "500-1k" in band_lines(rows)[0] and "missing" in band_lines(rows)[0]


def test_a_band_the_rules_saw_once_or_twice_is_unconfirmed_not_missing():
    rates = _rates({"1-2": 150_000, "100-200": 1}, 300_000)
    rows = band_check(_books([0, 1.5], [1, 1]), rates)
    assert [(r["band"], r["kind"], r["count"]) for r in rows] == [("100-200", "unconfirmed", 1)]
    assert "only" in band_lines(rows)[0]


def test_a_band_below_1e_minus_7_may_be_missing():
    rates = _rates({"1-2": 300_000_000, "1k-5k": 1}, 1_000_000_000)    # 1e-9
    assert band_check(_books([0, 1.5], [7, 3]), rates) == []


def test_a_band_outside_half_to_double_the_rules_mass_with_100_rules_rounds_is_off():
    rates = _rates({"1-2": 300_000, "200-500": 158}, 1_000_000)
    # library: 200-500 at 3.6e-4 = 2.3x the rules' 1.58e-4
    mb = _books([0, 1.5, 300], [699_640, 300_000, 360])
    rows = band_check(mb, rates)
    assert [(r["band"], r["kind"]) for r in rows] == [("200-500", "ratio")]
    assert abs(rows[0]["ratio"] - 360 / 158) < 1e-3
    # within 0.5-2x: nothing to report; and under 100 rules' rounds the ratio is not judged
    assert band_check(_books([0, 1.5, 300], [699_742, 300_000, 258]), rates) == []
    few = _rates({"1-2": 300_000, "200-500": 99}, 1_000_000)
    assert band_check(mb, few) == []


def test_no_rates_no_check():
    assert band_check(_books([0, 1], [1, 1]), None) == []


def test_the_builder_holds_bands_seen_30_times_with_their_standard_error():
    rates = _rates({"1-2": 3_000_000, "200-500": 158, "500-1k": 12}, 10_000_000)
    held = band_targets(rates, "base")
    assert set(held) == {"0", "1-2", "200-500"}
    assert held["200-500"]["rate"] == 158 / 10_000_000
    assert abs(held["200-500"]["sigma"] - (1.58e-5 * (1 - 1.58e-5) / 1e7) ** 0.5) < 1e-15
    assert band_targets(None, "base") == {}


def _tails(cost_x100, at_least):
    """A rates file's tail estimate: {threshold in multiples of the cost: (p, lo, hi)}."""
    return {"cost_x100": cost_x100, "at_least": {str(int(x * cost_x100)): {"p": p, "ci99": [lo, hi], "method": "toy"}
                                                  for x, (p, lo, hi) in at_least.items()}}


def test_a_top_band_too_rare_for_the_plain_run_is_held_at_the_tail_estimate():
    rates = _rates({"1-2": 3_000_000, "1k-5k": 40, "5k-10k": 3, "10k+": 2}, 10_000_000)
    rates["modes"]["base"]["tails"] = _tails(100, {1_000: (5e-6, 4.9e-6, 5.2e-6), 5_000: (4e-7, 3.7e-7, 4.4e-7),
                                                   10_000: (1.5e-7, 1.3e-7, 6e-7)})
    held = band_targets(rates, "base")
    # 10k+: P(>= 10,000x) alone, its error from the lower half-width (the upper one may carry a bound)
    assert abs(held["10k+"]["rate"] - 1.5e-7) < 1e-20
    assert abs(held["10k+"]["sigma"] - 2e-8 / 2.5758293035489004) < 1e-20
    # 5k-10k: the difference of the two edges, errors added in quadrature
    assert abs(held["5k-10k"]["rate"] - 2.5e-7) < 1e-20
    assert abs(held["5k-10k"]["sigma"] - math.hypot(3e-8, 2e-8) / 2.5758293035489004) < 1e-20
    # 1k-5k was seen 40 times (sigma 2.0e-6): the tail's (about 4e-8) is tighter and wins
    assert abs(held["1k-5k"]["rate"] - 4.6e-6) < 1e-18 and held["1k-5k"]["source"].startswith("the rules' tail")
    assert held["1-2"]["source"].startswith("measured")


def test_the_plain_count_wins_where_it_is_tighter_and_no_tail_below_the_top_bands():
    rates = _rates({"1-2": 3_000_000, "500-1k": 5_000, "1k-5k": 4_000}, 10_000_000)
    # a loose tail estimate of 1k-5k (sigma 1.6e-4 against the count's 2e-5); none for 500-1k
    rates["modes"]["base"]["tails"] = _tails(100, {1_000: (4e-4, 0.0, 9e-4), 5_000: (0.0, 0.0, 1e-6)})
    held = band_targets(rates, "base")
    assert held["1k-5k"]["source"].startswith("measured") and held["1k-5k"]["rate"] == 4e-4
    assert held["500-1k"]["source"].startswith("measured")
    # a band whose tail difference is not positive is not taken from the tail
    assert "5k-10k" not in held and "10k+" not in held


def test_the_tail_estimate_is_asked_at_the_band_edges_up_to_the_cap():
    import dataclasses
    from cabinet.math.rates import mode_tails
    from tests.toygame import GAME
    asked = {}

    def tail_odds(mode, thresholds, seed, sims):
        asked[mode] = list(thresholds)
        return {x: (1.0 / x, 0.9 / x, 1.1 / x, "toy splitting") for x in thresholds}
    spec = dataclasses.replace(GAME, math=dataclasses.replace(GAME.math, tail_odds=tail_odds), max_win_x=5_000)
    cost = spec.mode("base").cost_x100
    got = mode_tails(spec, "base", {}, 1)
    assert asked["base"] == [e * cost for e in (1_000, 5_000) if e * cost <= 500_000]
    assert got["cost_x100"] == cost
    assert got["at_least"][str(1_000 * cost)] == {"p": 1.0 / (1_000 * cost), "ci99": [0.9 / (1_000 * cost),
                                                  1.1 / (1_000 * cost)], "method": "toy splitting"}
    # the first edge past the 5,000x cap: exactly 0, so the band holding the cap ends there
    assert got["at_least"][str(10_000 * cost)]["p"] == 0.0 and str(5_000 * cost) in got["at_least"]
    untold = dataclasses.replace(spec, math=dataclasses.replace(spec.math, tail_odds=None))
    assert mode_tails(untold, "base", {}, 1) is None
    buy = next((m.id for m in spec.modes if m.kind != "spin"), None)
    if buy is not None:          # a buy is asked from BUY_TAIL_FROM_X times its price
        from cabinet.math.rates import BUY_TAIL_FROM_X
        bought = mode_tails(spec, buy, {}, 1)
        price = spec.mode(buy).cost_x100
        assert asked[buy][0] == BUY_TAIL_FROM_X * price and bought["from_x"] == BUY_TAIL_FROM_X


def test_a_game_may_start_its_tail_bands_lower_and_the_bands_follow_where_the_tails_were_measured():
    import dataclasses
    from cabinet.math.rates import TAIL_FROM_X, mode_tails
    from tests.toygame import GAME

    def tail_odds(mode, thresholds, seed, sims):
        return {x: (1.0 / x, 0.99 / x, 1.01 / x, "toy exact trigger odds x bonuses") for x in thresholds}
    spec = dataclasses.replace(GAME, math=dataclasses.replace(GAME.math, tail_odds=tail_odds, tail_from_x=200),
                               max_win_x=5_000)
    cost = spec.mode("base").cost_x100
    got = mode_tails(spec, "base", {}, 1)
    assert got["from_x"] == 200
    assert sorted(int(x) for x in got["at_least"]) == [
        e * cost for e in (200, 500, 1_000, 5_000, 10_000)
    ]  # 10k: past the cap
    # 12 rounds of 500-1k in the plain run are too few to hold; the tail estimate holds it,
    # and 200-500 too, where the tail's error is below the count's
    rates = _rates({"1-2": 3_000_000, "200-500": 158, "500-1k": 12}, 10_000_000)
    rates["modes"]["base"]["tails"] = got
    held = band_targets(rates, "base")
    assert held["500-1k"]["source"].startswith("the rules' tail")
    assert abs(held["500-1k"]["rate"] - (1 / (500 * cost) - 1 / (1_000 * cost))) < 1e-15
    assert held["200-500"]["source"].startswith("the rules' tail")
    # the same estimates in a file without from_x (measured before it): only from TAIL_FROM_X up
    del rates["modes"]["base"]["tails"]["from_x"]
    held = band_targets(rates, "base")
    assert "500-1k" not in held and held["200-500"]["source"].startswith("measured")
    assert held["1k-5k"]["source"].startswith("the rules' tail") and TAIL_FROM_X == 1_000


def test_a_rates_file_with_a_bad_tail_start_is_refused_in_one_line(tmp_path):
    import json

    import pytest

    from cabinet.core.books import LibraryError, fingerprint
    from cabinet.math.rates import load_rates
    from tests.toygame import GAME
    doc = _rates({"1-2": 3_000_000}, 10_000_000)
    doc["fingerprint"] = fingerprint(GAME)
    doc["modes"]["base"]["tails"] = {**_tails(100, {1_000: (5e-6, 4.9e-6, 5.2e-6)}), "from_x": -5}
    path = tmp_path / "rates.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(LibraryError, match=r"modes\.base\.tails\.from_x"):
        load_rates(GAME, path)
    doc["modes"]["base"]["tails"]["from_x"] = "low"
    path.write_text(json.dumps(doc))
    with pytest.raises(LibraryError, match="not an estimate"):
        load_rates(GAME, path)


def test_a_rare_feature_is_held_at_the_games_estimate_where_it_beats_the_count():
    import dataclasses
    from cabinet.math.rates import mode_targets
    from tests.toygame import GAME
    spec = dataclasses.replace(GAME, math=dataclasses.replace(GAME.math, rate_targets={}))
    n = 10_000_000
    feats = {"bonus": {"count": 28_000, "rate": 0.0028, "ci99": [0.00276, 0.00284],
                       # a looser estimate than the count: the count stays
                       "reduced": {"p": 0.00283, "ci99": [0.0027, 0.0029], "method": "toy"}},
             "jackpot": {"count": 72, "rate": 7.2e-6, "ci99": [5.3e-6, 9.6e-6],
                         "reduced": {"p": 9.0e-6, "ci99": [8.8e-6, 9.2e-6], "method": "exact odds x bonuses"}},
             "top_coin": {"count": 3, "rate": 3e-7, "ci99": [0.0, 1e-6],
                          "reduced": {"p": 2.5e-7, "ci99": [2.5e-7, 2.5e-7], "method": "the value table"}},
             "never": {"count": 2, "rate": 2e-7, "ci99": [0.0, 1e-6]}}
    doc = {"modes": {"base": {"rounds": n, "features": feats}}}
    held = mode_targets(spec, doc, "base")
    assert held["bonus"]["source"].startswith("measured") and held["bonus"]["rate"] == 0.0028
    assert (
        held["jackpot"]["rate"] == 9.0e-6 and held["jackpot"]["source"] == "the rules' estimate: exact odds x bonuses"
    )
    assert abs(held["jackpot"]["sigma"] - 2e-7 / 2.5758293035489004) < 1e-20
    # exact: no error, held like a rate the game sets; a rare feature with no estimate is not held
    assert held["top_coin"] == {"rate": 2.5e-7, "sigma": 0.0, "source": "exact: the value table"}
    assert "never" not in held


def test_a_rates_file_with_a_tampered_estimate_is_refused_in_one_line(tmp_path):
    import json
    import pytest
    from cabinet.core.book_format import LibraryError
    from cabinet.core.books import fingerprint
    from cabinet.math.rates import load_rates
    from tests.toygame import GAME
    good = {"p": 1e-5, "ci99": [9e-6, 1.1e-5], "method": "toy"}
    for bad in ({"p": "x"}, {"p": 1e-5}, {"p": 2e-5, "ci99": [9e-6, 1.1e-5]}, {"p": 1e-5, "ci99": "x"}):
        for where in ("reduced", "tail"):
            mode = {"rounds": 10, "features": {"bonus": {"count": 1, "rate": 0.1, "ci99": [0, 1],
                                                         "reduced": bad if where == "reduced" else good}},
                    "tails": {"cost_x100": 100, "at_least": {"100000": bad if where == "tail" else good}}}
            path = tmp_path / "rates.json"
            path.write_text(json.dumps({"fingerprint": fingerprint(GAME), "modes": {"base": mode}}))
            with pytest.raises(LibraryError) as exc:
                load_rates(GAME, path)
            assert "is not an estimate" in str(exc.value) and "\n" not in str(exc.value)
    mode["tails"]["at_least"]["100000"] = good
    mode["features"]["bonus"]["reduced"] = good
    path.write_text(json.dumps({"fingerprint": fingerprint(GAME), "modes": {"base": mode}}))
    assert load_rates(GAME, path)["modes"]["base"]["tails"]["cost_x100"] == 100


def _tailed(bands, rounds, cost_x100, at_least, from_x=20):
    rates = _rates(bands, rounds)
    rates["modes"]["base"]["tails"] = _tails(cost_x100, at_least) | {"from_x": from_x}
    return rates


def test_a_band_the_tail_estimate_puts_above_1e_minus_7_with_no_book_is_missing():
    """A buy's plain run of 300,000 rounds never sees a 1-in-300,000 band; the game's tail
    estimate (rates.json tails) does: P(>= 100x) - P(>= 200x) = 3.6e-6 +- 1e-6 at 99%."""
    rates = _tailed({"1-2": 150_000, "50-100": 12}, 300_000, 100,
                    {50: (4e-5, 3.5e-5, 4.5e-5), 100: (3.7e-6, 2.7e-6, 4.7e-6), 200: (1e-7, 0.0, 3e-7),
                     500: (0.0, 0.0, 0.0)})
    rows = band_check(_books([0, 1.5, 60], [499_964, 500_000, 36]), rates)
    assert [(r["band"], r["kind"]) for r in rows] == [("100-200", "missing"), ("200-500", "unconfirmed")]
    assert abs(rows[0]["rules"] - 3.6e-6) < 1e-12 and rows[0]["method"].startswith("the rules' tail estimate")
    assert "missing" in band_lines(rows)[0] and "toy" in band_lines(rows)[0]
    # a book in the band: nothing missing; the 200-500x band (1e-7 at most 3e-7, its lower
    # bound 0) has no book and is listed as unconfirmed only when its estimate reaches 1e-7
    rows = band_check(_books([0, 1.5, 60, 150], [499_960, 500_000, 36, 4]), rates)
    assert [(r["band"], r["kind"]) for r in rows] == [("200-500", "unconfirmed")]
    assert "not known to reach" in band_lines(rows)[0]


def test_a_tail_band_below_its_range_or_looser_than_the_count_is_judged_by_the_count():
    # 20-50x seen 2,000 times (+-6% at 99%) beats a +-50% tail: the count decides, no row
    rates = _tailed({"1-2": 150_000, "20-50": 2_000}, 300_000, 100,
                    {20: (1e-2, 5e-3, 1.5e-2), 50: (3e-3, 1.5e-3, 4.5e-3)})
    assert band_check(_books([0, 1.5, 30], [493_333, 500_000, 6_667]), rates) == []
    # below from_x the tail is not used: 10-20x with a tail but a zero count is not missing
    rates = _tailed({"1-2": 150_000}, 300_000, 100, {10: (1e-3, 9e-4, 1.1e-3), 20: (0.0, 0.0, 0.0)})
    assert band_check(_books([0, 1.5], [500_000, 500_000]), rates) == []


def test_a_tight_tail_band_far_from_the_library_is_off():
    rates = _tailed({"1-2": 150_000}, 300_000, 100,
                    {100: (1e-4, 0.97e-4, 1.03e-4), 200: (0.0, 0.0, 0.0)})
    # library: 100-200x at 1e-3, ten times the tail's 1e-4 (known to 3%); at 1.2e-4 it is within 0.5-2x
    rows = band_check(_books([0, 1.5, 150], [499_000, 500_000, 1_000]), rates)
    assert [(r["band"], r["kind"]) for r in rows] == [("100-200", "ratio")]
    assert band_check(_books([0, 1.5, 150], [499_880, 500_000, 120]), rates) == []
    # an exact tail band far below 1e-7 with no book is neither missing nor off
    tiny = _tailed({"1-2": 150_000}, 300_000, 100, {100: (1e-4, 1e-4, 1e-4), 200: (5e-14, 5e-14, 5e-14),
                                                     500: (0.0, 0.0, 0.0)})
    assert band_check(_books([0, 1.5, 150], [499_900, 500_000, 100]), tiny) == []


def test_the_band_holding_the_cap_takes_its_tail_estimate_up_to_the_cap():
    """A bought wheel capped at 1,250x its price: P(>= 1,000x) from the tail, P(>= 5,000x)
    = 0 exactly (mode_tails writes it), so the 1k-5k band is the tail's, not a thin count."""
    rates = _tailed({"1-2": 150_000, "1k-5k": 12}, 300_000, 100,
                    {500: (2e-4, 1.9e-4, 2.1e-4), 1_000: (6e-5, 5.8e-5, 6.2e-5), 5_000: (0.0, 0.0, 0.0)})
    held = band_targets(rates, "base")
    assert held["1k-5k"]["rate"] == 6e-5 and held["1k-5k"]["source"].startswith("the rules' tail")
    assert held["500-1k"]["rate"] == 2e-4 - 6e-5

"""The payout-band check (cabinet/math/report.py band_check) and the bands the builder
holds (cabinet/math/rates.py band_targets), on hand-built libraries and rates."""
from __future__ import annotations

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

"""Grinning Harvest's split bonuses (math/rare.py): every root's copies carry its whole
weight, no split is a plain run, and the split odds agree with plain bought bonuses."""
import numpy as np
import pytest

from cabinet.math.stats import rate_ci
from games.grinning_harvest.math.rare import split_buys
from games.grinning_harvest.math.sim import simulate
from games.grinning_harvest.math.tables import load


def test_each_roots_copies_carry_its_weight_and_no_levels_is_one_copy_a_root():
    m = load()
    s = split_buys(m, "buy_vaults", 3_000, seed=2)
    assert len(s.pay) > s.roots                                 # some bonuses split
    assert np.bincount(s.root, weights=s.weight, minlength=s.roots) == pytest.approx(np.ones(s.roots))
    assert (s.pay[s.capped] == m.max_win_x100).all() and (s.pay <= m.max_win_x100).all()
    plain = split_buys(m, "buy_vaults", 3_000, seed=2, levels_x=())
    assert len(plain.pay) == plain.roots and (plain.weight == 1.0).all()
    assert sorted(plain.root.tolist()) == list(range(3_000))


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["buy_skull_row", "buy_harvest"])
def test_split_odds_of_big_totals_and_the_cap_agree_with_plain_bought_bonuses(mode):
    m = load()
    n = 120_000
    pay = simulate(7, mode, n)["payout_x100"]
    s = split_buys(m, mode, 40_000, seed=8)
    for x in (1_000, 5_000, m.max_win_x100 // 100):
        p, se = s.odds(s.pay >= x * 100)
        _, lo, hi = rate_ci(int((pay >= x * 100).sum()), n)
        assert lo - 2.6 * se < p < hi + 2.6 * se, (mode, x, p, (pay >= x * 100).mean())
    p, _ = s.odds(s.capped)
    assert p == s.odds(s.pay >= m.max_win_x100)[0]


def test_a_buys_cap_odds_pool_the_independent_split_runs():
    from games.grinning_harvest.math.feature_odds import buy_cap_odds
    p, lo, hi, how = buy_cap_odds("buy_skull_row", seed=3, roots=20_001, workers=1)
    assert lo < p < hi and "20,001 bought bonuses under multilevel splitting" in how
    # the same roots split into independent runs: 1 in 1,000 to 1 in 2,000 (book_forces: 1 in 1,323)
    assert 1 / 2_500 < p < 1 / 800

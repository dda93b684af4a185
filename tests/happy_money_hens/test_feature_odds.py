"""Happy Money Hens' feature_odds: exact combinations, the exact full board with DOUBLE
COINS, the pots' conditional chances by hand, and the estimates against plain bonuses."""
from dataclasses import replace

import numpy as np
import pytest

from cabinet.math.stats import rate_ci
from games.happy_money_hens import GAME
from games.happy_money_hens.math import bonus_odds as O
from games.happy_money_hens.math.full_board import full_board_chance
from games.happy_money_hens.math.pots import combo_odds
from games.happy_money_hens.math.sim_bonus import simulate_bonuses
from games.happy_money_hens.math.tables import POT_NAMES, combo_code, load


def test_a_pots_chance_given_its_coins_is_the_letters_binomial():
    m = load()
    g = O.pot_chance_table(m, POT_NAMES.index("GRAND"))        # 5 letters
    r = 0.5 * 15 / 100                                          # pot fill 50/100 x weight 15 of 100
    assert g[5, 0] == pytest.approx(r ** 5)
    assert g[0, 3] == pytest.approx(r ** 3)                     # three double coins: 6 letters
    assert g[1, 2] == pytest.approx(r ** 3)                     # both doubles and the single
    assert g[4, 0] == 0.0 and g[0, 2] == 0.0
    mini = O.pot_chance_table(m, POT_NAMES.index("MINI"))       # 4 letters
    rm = 0.5 * 35 / 100
    assert mini[0, 2] == pytest.approx(rm ** 2)


@pytest.mark.slow
def test_the_full_board_with_double_coins_agrees_with_plain_bonuses():
    m = load()
    assert full_board_chance(replace(m, double=(0, 100)), double=True) == pytest.approx(full_board_chance(m))
    # a hand-built bonus where full boards are common and DOUBLE COINS' faster rows matter
    easy = replace(m, row_counts=(8, 12, 16, 20), lives=5, land_active=200, land_inactive=60)
    single, double = full_board_chance(easy), full_board_chance(easy, double=True)
    assert 0.15 < single < 0.25 and 0.45 < double < 0.6
    n = 4_000
    for combo, p in ((1, double), (4, single)):
        k = int(simulate_bonuses(np.random.default_rng(combo), easy, np.full(n, combo))["full_board"].sum())
        _, lo, hi = rate_ci(k, n)
        assert lo < p < hi, (combo, p, k / n)


@pytest.mark.slow
def test_pot_rates_agree_with_counted_awards_for_every_combination_with_pot_fill():
    rates = O.pot_rates(seed=2, bonuses=10_000, workers=1)
    n = 10_000
    for combo, dc in ((2, False), (6, False), (3, True), (7, True)):
        won = simulate_bonuses(np.random.default_rng(10 + combo), load(), np.full(n, combo))["awards"] > 0
        for i, name in enumerate(POT_NAMES[:3]):
            p, se = rates[dc][f"pot_{name.lower()}"]
            _, lo, hi = rate_ci(int(won[:, i].sum()), n)
            assert lo < p + 2.6 * se and p - 2.6 * se < hi, (combo, name, p, won[:, i].mean())


@pytest.mark.slow
def test_mode_rates_hold_the_exact_combination_odds(monkeypatch, request):
    monkeypatch.setattr(O, "BONUSES", 4_000)
    monkeypatch.setattr(O, "WORKERS", 1)
    monkeypatch.setattr(O, "POTS", {})
    # the big-bonus estimate rides along in feature_odds; this test reads the combination,
    # bonus, pot and full-board figures, so its samples are kept small (they are tested
    # in test_the_big_bonus_estimate_agrees_with_a_plain_simulation)
    monkeypatch.setattr(O, "BIG_BONUSES", {c: 20_000 for c in O.COMBOS})
    monkeypatch.setattr(O, "CASH_TAIL_BONUSES", 20_000)
    monkeypatch.setattr(O, "BOOST_TAIL_BONUSES", 20_000)
    monkeypatch.setattr(O, "_BIG", {})
    for cached in (O.cash_tail_odds, O.boost_tail_odds):       # no small-sample figure outlives the test
        cached.cache_clear()
        request.addfinalizer(cached.cache_clear)
    odds = GAME.math.feature_odds("fortune_1_5", {}, 5)
    exact = combo_odds("fortune_1_5")
    for c in range(1, 8):
        assert odds[f"combo_{combo_code(c)}"][:3] == (float(exact[c]),) * 3
    assert odds["bonus"][0] == pytest.approx(float(1 - exact[0]))
    assert odds["combo_DC"][0] == 0.0                                # 1.5x lifts to two features
    triple = GAME.math.feature_odds("buy_triple", {}, 5)
    assert triple["bonus"][0] == 1.0 and triple["combo_DC+PF+HB"][0] == 1.0
    dc = GAME.math.feature_odds("bonus_dc", {}, 5)
    assert dc["pot_grand"][:3] == (0.0, 0.0, 0.0)                    # no POT FILL, no pot
    assert dc["full_board"][0] == pytest.approx(full_board_chance(load(), double=True))
    assert GAME.math.feature_odds("no_such_mode", {}, 5) == {}


@pytest.mark.slow
def test_a_full_boards_grand_without_double_coins_is_the_binomial_of_its_35_coins():
    from math import comb
    r = 0.5 * 15 / 100                                          # pot fill 50/100 x GRAND's weight 15 of 100
    exact = sum(comb(35, k) * r ** k * (1 - r) ** (35 - k) for k in range(5, 36))
    got = O.grand_given_full_board(seed=3, bonuses=50_000)
    assert got[False] == (pytest.approx(exact), 0.0)
    g = O.pot_chance_table(load(), POT_NAMES.index("GRAND"))
    p, se = got[True]                                           # double coins add letters: more likely
    assert exact < p <= g[0, 35] and se > 0


@pytest.mark.slow
def test_the_stated_category_shares_hold_the_exact_figures():
    """math.yaml's book_forces: a category without POT FILL's GRAND is exact (the
    combination's exact odds x the exact full-board chance); buy_triple lists full_board
    after GRAND won three times or more and exactly twice, so its share is every full
    board of a DC+PF+HB bonus less those with two GRANDs or more (some 0.8% of them)."""
    full = {dc: full_board_chance(load(), double=dc) for dc in (False, True)}
    stated = GAME.math.book_forces
    # the multi-GRAND full boards: conditional Monte Carlo (category_shares, 99% +-5e-07)
    assert full[True] - stated["buy_triple"]["full_board"] == pytest.approx(0.008 * full[True], rel=0.05)
    base = combo_odds("base")
    dc_hb = 1 | 4                                               # DC+HB: no POT FILL, no pot
    # less its big bonuses (big_bonus is listed before the combinations in base)
    exact = float(base[dc_hb]) * (1 - full[True])
    assert exact - stated["base"]["big_bonus"] < stated["base"]["combo_DC+HB"] < exact
    for mode in ("bonus_pf", "bonus_hb", "bonus_pf_hb"):
        assert stated[mode]["full_board"] == pytest.approx(full[False], rel=1e-5)
    # where pot_grand comes first, full_board keeps the full boards without a GRAND
    fb_base = sum(float(base[c]) * full[bool(c & 1)] for c in range(1, 8))
    assert 0.99 * fb_base < stated["base"]["full_board"] < fb_base


@pytest.mark.slow
def test_the_big_bonus_estimate_agrees_with_a_plain_simulation(monkeypatch):
    """feature_odds.big_odds (exact combination odds x the share of big bonuses among
    bonuses played from their combination) against counted rounds of base, with the
    threshold lowered to 50x so both are cheap: within their joint 99% interval."""
    from games.happy_money_hens.math.sim import simulate
    m = load()
    monkeypatch.setitem(m.big_bonus_x100, "base", 5_000)
    monkeypatch.setattr(O, "BIG_BONUSES", {c: 30_000 for c in range(1, 8)})
    monkeypatch.setattr(O, "CHUNK", 10_000)
    monkeypatch.setattr(O, "_BIG", {})
    O.big_counts(5, workers=1)
    p, lo, hi, _ = O.big_odds("base", seed=5)
    n = 400_000
    counted = simulate(77, "base", n)["features"]["big_bonus"].mean()
    se = ((hi - p) / O.Z99) ** 2 + counted * (1 - counted) / n
    assert 1e-3 < p < 5e-3
    assert abs(counted - p) < O.Z99 * se ** 0.5

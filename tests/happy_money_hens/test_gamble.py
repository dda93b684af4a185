"""GAMBLE and SPIN CHANCE sentences with Happy Money Hens' configuration: exact 100%
on every option at several stakes, the win limit, the top-combination cap."""
from fractions import Fraction

import numpy as np
import pytest

from cabinet.core.money import WinCap
from cabinet.core.mode_books import ModeBooks
from cabinet.mechanics.spin_chance import SpinChance
from games.happy_money_hens.math.gamble import bonus_values, gamble_config, offered, start_gamble
from games.happy_money_hens.math.tables import COMBOS, combo_mode


def small_books(weight, payout, jackpot=None, mode="bonus", cost_x100=100):
    """A hand-made library of a few books (weights, payouts x100, jackpot parts)."""
    n = len(weight)
    return ModeBooks(mode=mode, force=np.full(n, -1, np.int16),
                     payout_x100=np.array(payout, np.int64), weight=np.array(weight, np.int64),
                     features=np.zeros(n, np.uint64), meta={"cost_x100": cost_x100},
                     cum=np.cumsum(np.array(weight, np.int64)),
                     jackpot_x100=None if jackpot is None else np.array(jackpot, np.int64))


class FakeLibrary:
    """Seven small bonus libraries; the triple is the most valuable."""

    def __init__(self):
        self.modes = {combo_mode(c): small_books([3, 5, 2, 7], [c * 1000 + 150, c * 2000 + 75, c * 500, 777 * c])
                      for c in COMBOS}

    def books(self, mode):
        return self.modes[mode]


def value(b, bet, cap_cents):
    return b.mean_paid_cents(bet, WinCap(max_cents=cap_cents))


def test_left_wheel_offers_half_double_or_triple():
    assert gamble_config()["cash_multipliers"] == (Fraction(3, 2), Fraction(2), Fraction(3))


@pytest.mark.parametrize("stake", [10, 155, 2_000, 31_415, 99_999])
def test_every_cash_and_bonus_option_pays_back_exactly_1(stake):
    g = start_gamble(stake, 100, FakeLibrary())
    opts = g.cash_options() + g.bonus_options()
    assert opts
    for o in opts:
        assert isinstance(o.chance, Fraction) and o.payback(stake) == 1


def test_bonus_entry_value_is_the_exact_library_mean_held_to_the_money_limit():
    b = small_books([1, 3], [1000, 3000])          # 10x and 30x
    assert value(b, 100, None) == Fraction(1000 * 1 + 3000 * 3, 4)
    # at a 1,000.00 bet the 30x book is held to a 25,000.00 limit
    assert value(b, 100_000, 2_500_000) == Fraction(1_000_000 + 3 * 2_500_000, 4)
    # a win is whole cents rounded down, as the cabinet pays it: 0.15 x 0.33x = 4.95 -> 4 cents
    assert value(small_books([1], [33]), 15, None) == 4


def test_the_bonus_wheel_tops_out_at_happy_boost_pot_fill_double_coins():
    vals = bonus_values(FakeLibrary(), 100, 25_000_000)
    assert vals[-1][0] == "DC+PF+HB" and [v for _, v in vals] == sorted(v for _, v in vals)
    top = vals[-1][1]
    g = start_gamble(int(top) + 1, 100, FakeLibrary())
    assert not g.bonus_wheel_enabled and g.cash_options()   # cash wheel still there


def test_a_result_over_2500x_or_250000_is_collected_automatically():
    g = start_gamble(200_000, 100, FakeLibrary())           # 2000x a 1.00 bet
    assert g.status == "collected"                           # even x1.5 would exceed 2500x
    g = start_gamble(1_000_000, 800_000, FakeLibrary())      # $8,000 bet: the $250,000 limit
    assert [o.label for o in g.cash_options()] == ["x1.5", "x2", "x3"]
    g = start_gamble(10_000_000, 800_000, FakeLibrary())
    assert [o.label for o in g.cash_options()] == ["x1.5", "x2"]


def test_gamble_entry_on_on_5x_off_uses_the_base_bet_before_multipliers():
    assert offered(1, 100, "on") and not offered(1, 100, "off")
    assert offered(500, 100, "on_5x") and not offered(499, 100, "on_5x")


def test_minimum_green_is_larger_than_a_tiny_real_chance():
    g = start_gamble(1, 100, FakeLibrary())
    o = g.bonus_options()[-1]
    assert o.chance < gamble_config()["min_green"] == o.green_share(gamble_config()["min_green"])


def test_spin_chance_at_happy_money_hens_prices():
    # fortune 1.2x on: the price of play is 1.20 and the spin won is that play, so the
    # chance is the credit over 1.20 (the scene's rule: tests/happy_money_hens/test_scene_play_rules.py)
    assert SpinChance(37, 120).chance == Fraction(37, 120)
    assert SpinChance(110, 120).chance == Fraction(110, 120)


def test_shipped_bonus_libraries_price_the_wheel_exactly_and_top_out_at_the_triple():
    from cabinet.core.books import load_library
    from games.happy_money_hens import GAME
    lib = load_library(GAME)
    for bet in (10, 100, 800_000):
        vals = bonus_values(lib, bet, 25_000_000)
        assert vals[-1][0] == "DC+PF+HB"
        for stake in (1, bet, 7 * bet + 3):
            g = start_gamble(stake, bet, lib)
            for o in g.cash_options() + g.bonus_options():
                assert o.payback(stake) == 1
    # at a 1.00 bet an entry is worth the library's exact mean: 0.945 x its price
    mb = lib.books("bonus_dc_pf_hb")
    exact = value(mb, 100, None)
    assert exact == mb.rtp() * GAME.mode("bonus_dc_pf_hb").cost_x100
    assert abs(mb.rtp() - Fraction(945, 1000)) < Fraction(1, 10**6)


def test_pot_awards_are_paid_beyond_the_money_limit_in_the_entry_value():
    b = small_books([1, 1], [3000, 100_000 + 500], jackpot=[0, 100_000])   # 30x; a GRAND (1000x) + 5x
    # at a 1,000.00 bet the limit is 25,000.00: the 30x book is held to it, the GRAND
    # book pays its 1000x jackpot in full plus its 5x
    v = value(b, 100_000, 2_500_000)
    assert v == Fraction(2_500_000 + 100_000_000 + 500_000, 2)

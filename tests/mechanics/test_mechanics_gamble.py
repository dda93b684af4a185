"""Gamble wheels and spin chance: exact 100% payback, limits, top-option cap,
exact chances decided in integers."""
from fractions import Fraction

import pytest

from cabinet.core.rng import Rng
from cabinet.mechanics.exact_chance import below_big, chance_fraction
from cabinet.core.money import WinCap
from cabinet.mechanics.gamble import Gamble, bonus_option, cash_option, gamble_offered
from cabinet.mechanics.spin_chance import SpinChance, offer

MULTS = (Fraction(3, 2), Fraction(2), Fraction(3))
BONUS = [("DC", Fraction(3164300, 100)), ("HB+PF+DC", Fraction(827011, 7))]


@pytest.mark.parametrize("stake", [1, 7, 50, 101, 12345, 999_999])
def test_every_cash_option_pays_back_exactly_one(stake):
    for m in MULTS:
        o = cash_option(stake, m)
        assert o.prize == (stake * m.numerator) // m.denominator
        assert o.chance * o.prize == stake
        assert o.payback(stake) == 1


@pytest.mark.parametrize("stake", [1, 333, 3000, 100_000])
def test_every_bonus_option_pays_back_exactly_one(stake):
    for label, v in BONUS:
        if v >= stake:
            o = bonus_option(stake, label, v)
            assert isinstance(o.chance, Fraction) and o.payback(stake) == 1


@pytest.mark.slow
def test_cash_wheel_win_frequency_matches_the_exact_chance():
    rng = Rng(7)
    g_wins = 0
    n = 30000
    for _ in range(n):
        g = Gamble(300, 100, MULTS, BONUS, limit_cents=10**9)
        g_wins += g.spin(rng, g.cash_options()[2])      # x3: chance 1/3
    assert abs(g_wins / n - 1 / 3) < 4 * (1 / 3 * 2 / 3 / n) ** 0.5


def test_win_limit_removes_options_and_collects_automatically():
    limit = WinCap(max_x=2500, max_cents=25_000_000).limit_cents(100)   # 2500x a 1.00 bet
    assert limit == 250_000
    g = Gamble(100_000, 100, MULTS, BONUS, limit)
    assert [o.label for o in g.cash_options()] == ["x1.5", "x2"]   # x3 would exceed
    g = Gamble(200_000, 100, MULTS, BONUS, limit)
    assert g.status == "collected" and g.collect() == 200_000
    assert WinCap(max_x=2500, max_cents=25_000_000).limit_cents(800_000) == 25_000_000  # $250,000 is lower


def test_winning_into_the_limit_collects_automatically():
    class AlwaysGreen(Rng):
        def below(self, n):
            return 0
    g = Gamble(100_000, 100, MULTS, BONUS, 250_000)
    g.spin(AlwaysGreen(1), g.cash_options()[1])          # x2 -> 200,000: x1.5 would exceed
    assert g.status == "collected" and g.stake_cents == 200_000


def test_bonus_wheel_tops_out_at_the_top_combination_then_is_disabled():
    top = BONUS[-1][1]
    g = Gamble(5000, 100, MULTS, BONUS, 10**9)
    assert [o.label for o in g.bonus_options()] == ["DC", "HB+PF+DC"]
    g = Gamble(40_000, 100, MULTS, BONUS, 10**9)
    assert [o.label for o in g.bonus_options()] == ["HB+PF+DC"]
    g = Gamble(int(top) + 1, 100, MULTS, BONUS, 10**9)
    assert not g.bonus_wheel_enabled and g.cash_options()


def test_green_segment_has_a_minimum_size_but_the_chance_stays_true():
    o = bonus_option(1, "HB+PF+DC", BONUS[-1][1])
    assert o.chance < Fraction(1, 20)
    assert o.green_share(Fraction(1, 20)) == Fraction(1, 20)


def test_red_loses_and_bonus_green_ends_with_the_entry():
    class Red(Rng):
        def below(self, n):
            return n - 1
    g = Gamble(500, 100, MULTS, BONUS, 10**9)
    assert not g.spin(Red(1), g.cash_options()[0]) and g.status == "lost" and g.stake_cents == 0
    class Green(Rng):
        def below(self, n):
            return 0
    g = Gamble(500, 100, MULTS, BONUS, 10**9)
    assert g.spin(Green(1), g.bonus_options()[0])
    assert g.status == "bonus_won" and g.bonus_won == "DC" and g.stake_cents == 0


def test_gamble_entry_settings_use_the_base_bet():
    assert gamble_offered(1, 100, "on")
    assert not gamble_offered(499, 100, "on_5x") and gamble_offered(500, 100, "on_5x")
    assert not gamble_offered(10_000, 100, "off")


def test_big_chances_are_exact_and_unbiased():
    rng = Rng(11)
    n = (1 << 130) + 12345
    xs = [below_big(rng, n) for _ in range(2000)]
    assert all(0 <= x < n for x in xs)
    assert abs(sum(x < n // 2 for x in xs) / 2000 - 0.5) < 0.05
    assert chance_fraction(rng, Fraction(1)) and not chance_fraction(rng, Fraction(0))


def test_spin_chance_is_credit_over_price_exactly():
    sc = SpinChance(37, 100)
    assert sc.chance == Fraction(37, 100) and sc.segments() == (Fraction(37, 100), Fraction(63, 100))
    rng = Rng(5)
    wins = sum(SpinChance(37, 100).play(rng) for _ in range(20000))
    assert abs(wins / 20000 - 0.37) < 4 * (0.37 * 0.63 / 20000) ** 0.5


def test_spin_chance_is_offered_only_below_the_price_of_play_and_above_zero():
    # the sheet: triggered when the credit is below the current price of play, yet above zero
    assert offer(0, 100) is None and offer(100, 100) is None and offer(101, 100) is None
    assert offer(99, 100).chance == Fraction(99, 100)
    # a fortune bet's price of play (120 for a 100 spin): a credit of 110 gets the
    # chance at a spin of that play, priced at 120
    chance = offer(110, 120)
    assert (chance.credit_cents, chance.spin_price_cents) == (110, 120)
    assert chance.chance == Fraction(110, 120)
    with pytest.raises(ValueError):
        SpinChance(100, 100)

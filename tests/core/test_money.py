"""Money: integer cents, exact parsing, the win caps in one place."""
import pytest

from cabinet.core.money import Currency, WinCap, parse_amount, win_cents


def test_parse_amount_exact():
    assert parse_amount("0.10") == 10
    assert parse_amount("250000.00") == 25000000
    assert parse_amount("-5.00") == -500
    for bad in ("0.001", "0.1", "250000", "8,000.00", "ten", "1e3", "\u0663.00", "\uff11.00", "", "."):
        with pytest.raises(ValueError):
            parse_amount(bad)                      # exactly two decimals, ASCII digits only
    with pytest.raises(ValueError):
        parse_amount(1.5)                          # a float is never an amount


def test_parse_amount_reads_exactly_the_currencys_decimals():
    assert parse_amount("1000", 1) == 1000         # minor_units 1: whole units, no decimals
    assert parse_amount(1000, 1) == 1000
    assert parse_amount("2.5", 10) == 25
    assert parse_amount("0.125", 1000) == 125
    for text, minor in (("1000.00", 1), ("1000.0", 1), ("2.50", 10), ("0.12", 1000), (100, 100)):
        with pytest.raises(ValueError):
            parse_amount(text, minor)


def test_format():
    assert Currency().format(123456) == "$1,234.56"
    assert Currency().format(-5) == "-$0.05"
    assert Currency(symbol="€", thousands=".", decimal=",").format(1000000) == "€10.000,00"
    with pytest.raises(TypeError):
        Currency().format(1.5)


def test_win_cents_from_hundredths_of_bet():
    assert win_cents(10, 50) == 5          # 0.5x of 0.10
    assert win_cents(100, 123456) == 123456


def test_hmh_limit_is_lower_of_absolute_and_multiple():
    cap = WinCap(max_x=None, max_cents=25_000_000)
    assert cap.apply(30_000_000, 800000) == (25_000_000, True)
    assert cap.apply(1000, 100) == (1000, False)
    gamble = WinCap(max_x=2500, max_cents=25_000_000)
    assert gamble.limit_cents(100) == 250000        # 2500x of $1 is lower
    assert gamble.limit_cents(800000) == 25_000_000  # $250,000 is lower


def test_piggy_farm_cap_exempts_risk_the_farm():
    cap = WinCap(max_x=50000, exempt_modes=frozenset({"risk_the_farm"}))
    assert cap.apply(100 * 60000, 100, "base") == (100 * 50000, True)
    assert cap.apply(100 * 60000, 100, "risk_the_farm") == (100 * 60000, False)


def test_hmh_limit_excludes_jackpots():
    """'...will not exceed $250,000.00 excluding jackpots': a GRAND pot is paid in full."""
    cap = WinCap(max_cents=25_000_000)
    bet = 800_000                                   # $8,000
    grand = 1000 * bet                              # $8,000,000 of pot award
    line_and_coins = 40 * bet                       # $320,000 of other wins
    assert cap.apply(grand + line_and_coins, bet, jackpot=grand) == (25_000_000 + grand, True)
    assert cap.apply(grand, bet, jackpot=grand) == (grand, False)
    assert cap.apply(5_000_000, bet, jackpot=0) == (5_000_000, False)


def test_multiple_cap_holds_jackpots_too():
    cap = WinCap(max_x=15000)
    assert cap.apply(20000 * 100, 100, jackpot=1000 * 100) == (15000 * 100, True)


def test_win_cents_rounds_a_fraction_of_a_cent_down_never_up():
    """A payout of 33 hundredths on a 15-cent bet is worth 4.95 cents: 4 are paid (the
    cabinet never pays or shows a fraction of a minor unit, and never more than the
    paytable's value), exactly, at any size (integers, no float)."""
    assert win_cents(15, 33) == 4
    assert win_cents(1, 99) == 0
    assert win_cents(3, 167) == 5                                   # 5.01
    assert win_cents(7, 1_000) == 70                                # exact stays exact
    big = 10 ** 15 + 1
    assert win_cents(big, 99) == (big * 99) // 100 == 990_000_000_000_000
    for bet in range(1, 60):
        for x100 in (1, 49, 50, 51, 99, 101, 149, 150, 151, 12_345):
            got = win_cents(bet, x100)
            assert got * 100 <= bet * x100 < (got + 1) * 100, (bet, x100)

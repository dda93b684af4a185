"""Values too large to show are shortened to two decimals, always rounded down."""
import pytest

from cabinet.core.money import format_short


@pytest.mark.parametrize("cents, shown", [
    (0, "0.00"), (1, "0.01"), (99_999, "999.99"),                        # below 1K: in full
    (100_000, "1.00K"), (100_999, "1.00K"), (101_000, "1.01K"),          # K boundary
    (99_999_999, "999.99K"), (100_000_000, "1.00M"),                     # M boundary
    (1_025_050_000, "10.25M"),                                           # the sheet's example
    (1_025_999_999, "10.25M"),                                           # never rounded up
    (99_999_999_999, "999.99M"), (100_000_000_000, "1.00B"),             # B boundary
    (10**17 - 1, "999999.99B"),                                  # B is the largest unit
])
def test_format_short_boundaries(cents, shown):
    assert format_short(cents) == shown


def test_shown_value_is_never_more_than_the_amount():
    for cents in range(0, 10**12, 999_999_937):
        text = format_short(cents)
        unit = {"K": 10**3, "M": 10**6, "B": 10**9}.get(text[-1], 1)
        number = text.rstrip("KMB")
        whole, frac = number.split(".")
        shown_cents = (int(whole) * 100 + int(frac)) * unit
        assert shown_cents <= cents < shown_cents + unit


def test_format_short_symbol_and_type():
    assert format_short(1_025_050_000, symbol="€") == "€10.25M"
    with pytest.raises(TypeError):
        format_short(10.5)


def test_currency_short_writes_its_own_minor_units():
    from cabinet.core.money import Currency
    whole, cents, mills = Currency(minor_units=1), Currency(), Currency(minor_units=1000, decimal=",", symbol="€")
    assert [whole.short(v) for v in (600, 999, 1000, 1_025_055)] == ["600", "999", "1.00K", "1.02M"]
    assert [cents.short(v) for v in (600, 99_999, 100_000)] == ["6.00", "999.99", "1.00K"]
    assert [mills.short(v) for v in (600, 1_234_567)] == ["0,600", "1,23K"]
    assert mills.short(600, symbol=True) == "€0,600" and whole.short(-600) == "-600"

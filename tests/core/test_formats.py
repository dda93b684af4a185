"""Amounts, percentages and numbers as each locale writes them (issue #37 item 2), from
the CLDR data the build step writes (assets/i18n/formats.json): symbol before or after,
separators, spacing, 0, 2 or 3 minor-unit digits; money stays integer minor units."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from cabinet.core.i18n import formats
from cabinet.core.money import Currency

NB = "\u00a0"


@pytest.fixture(autouse=True)
def english():
    yield
    formats.set_active(formats.DEFAULT)


@pytest.mark.parametrize("locale, code, cents, text", [
    ("en-US", "USD", 123456789, "$1,234,567.89"),
    ("en-US", "USD", -5, "-$0.05"),
    ("de-DE", "EUR", 123456789, f"1.234.567,89{NB}€"),
    ("de-DE", "EUR", -5, f"-0,05{NB}€"),
    ("es-ES", "EUR", 1050, f"10,50{NB}€"),
    ("es-ES", "EUR", 123456789, f"1.234.567,89{NB}€"),
    ("ja-JP", "JPY", 1234567, "¥1,234,567"),            # 0 minor units: no decimals at all
    ("ja-JP", "JPY", -5, "-¥5"),
    ("en-US", "KWD", 1234567, f"KWD{NB}1,234.567"),     # 3 minor units; a letter symbol kept apart
    ("de-DE", "KWD", 1234567, f"1.234,567{NB}KWD"),
    ("en-US", "BHD", 5, f"BHD{NB}0.005"),
    ("en-IN", "USD", 123456789, "$12,34,567.89"),     # grouping 3 then 2
    ("de-CH", "CHF", 123456789, f"CHF{NB}1'234'567.89"),
])
def test_an_amount_is_written_as_its_locale_writes_it(locale, code, cents, text):
    assert Currency(code=code, locale=locale).format(cents) == text


def test_the_currency_code_gives_the_minor_units_and_the_active_locale_the_format():
    assert (Currency(code="JPY").units, Currency(code="EUR").units, Currency(code="KWD").units) == (1, 100, 1000)
    eur = Currency(code="EUR")
    assert eur.format(250) == "€2.50"
    formats.set_active("de-DE")
    assert eur.format(250) == f"2,50{NB}€"
    assert Currency(code="EUR", symbol="EUR").format(250) == f"2,50{NB}EUR"       # an operator's own symbol
    assert Currency(code="EUR", thousands=" ", decimal=".").format(123456) == f"1 234.56{NB}€"


def test_money_must_be_integer_minor_units():
    with pytest.raises(TypeError):
        Currency(code="JPY").format(1.5)


def test_percentages_and_numbers_per_locale():
    assert formats.percent(Fraction(9650, 100), 2, formats.locale_format("en-US")) == "96.50%"
    assert formats.percent(Fraction(9650, 100), 2, formats.locale_format("de-DE")) == f"96,50{NB}%"
    assert formats.percent(Fraction(9650, 100), 2, formats.locale_format("es-ES")) == f"96,50{NB}%"
    assert formats.percent(0.25, 3, formats.locale_format("de-DE"), trim=True) == f"0,25{NB}%"
    assert formats.number(1234567.25, 1, formats.locale_format("de-DE")) == "1.234.567,2"    # half-even
    assert formats.number(Fraction(7, 2), 0, formats.locale_format("en-US")) == "4"
    formats.set_active("es-ES")
    assert formats.number(2345) == "2.345"


def test_an_unknown_locale_is_refused_naming_the_known_ones():
    with pytest.raises(ValueError, match="allowed: .*de-DE"):
        formats.set_active("xx-YY")


def test_the_shipped_data_is_what_cldr_gives_now():
    """Stale data fails: the file equals what the build step writes from Babel's CLDR."""
    pytest.importorskip("babel")
    from cabinet.core.i18n import cldr
    shipped = json.loads((formats.assets_root() / formats.DATA).read_text(encoding="utf-8"))
    assert shipped == json.loads(json.dumps(cldr.build()))


def test_amounts_agree_with_babel_for_every_locale_and_currency():
    """Babel's own format_currency, less what the file writes differently on purpose:
    characters the font lacks (cldr.FONT_SAFE) and CLDR's currency spacing, which
    Babel leaves out ('KWD1.000' is 'KWD 1.000' in CLDR)."""
    babel_numbers = pytest.importorskip("babel.numbers")
    from decimal import Decimal

    from cabinet.core.i18n.cldr import _safe
    for tag in formats.locales():
        for code, digits in formats.currencies().items():
            for cents in (0, 7, 123456789, -98765):
                ours = Currency(code=code, locale=tag).format(cents)
                theirs = _safe(babel_numbers.format_currency(Decimal(cents).scaleb(-digits), code,
                                                             locale=tag.replace("-", "_")))
                assert ours.replace(NB, "") == theirs.replace(NB, ""), (tag, code, cents)


def test_a_shortened_amount_keeps_the_locales_symbol_place():
    assert Currency(code="EUR", locale="en-US").short(102505000, symbol=True) == "€1.02M"
    assert Currency(code="EUR", locale="de-DE").short(102505000, symbol=True) == f"1,02M{NB}€"
    assert Currency(code="EUR", locale="de-DE").short(-15000, symbol=True) == f"-150,00{NB}€"
    assert Currency(code="JPY", locale="ja-JP").short(1234567) == "1.23M"

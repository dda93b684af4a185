"""Money in integer minor units (cents). Floats never touch a balance.

Payouts travel as integer hundredths of the base bet (`payout_x100`); a win in
minor units is `bet * payout_x100 // 100`. A bet is offered only where that division
is exact for every book of the game (`cabinet.core.startup` refuses any other ladder),
so no win is ever rounded. The games state their built-in amounts (ladders, default
bets, money limits) in hundredths of the major unit; `hundredths_to_minor` turns them
into the configured currency's minor units.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .i18n import formats


@dataclass(frozen=True)
class Currency:
    """An ISO 4217 currency and how its amounts are written.

    `code` gives the symbol (as each locale writes it) and, unless `minor_units` is set,
    the minor units (EUR 100, JPY 1, KWD 1000). Where the symbol goes, the separators and
    the spacing are the locale's (`locale`, or the active one: the player's language):
    123456 USD is '$1,234.56' in en-US and EUR '1.234,56 €' in de-DE. `symbol`,
    `thousands` and `decimal`, when set, override the locale's (config.yaml's currency
    section may set them)."""

    symbol: str | None = None
    minor_units: int | None = None
    thousands: str | None = None
    decimal: str | None = None
    code: str = "USD"
    locale: str | None = None

    def __post_init__(self) -> None:
        if self.minor_units is None:
            object.__setattr__(self, "minor_units", 10 ** formats.currencies()[self.code])

    @property
    def units(self) -> int:
        """Minor units per major unit (never None after construction)."""
        return int(self.minor_units or 1)

    @property
    def decimals(self) -> int:
        return decimals_of(self.units)

    def format(self, cents: int, whole: bool = False) -> str:
        """12345 -> '$123.45' (USD, en-US), '123,45 €' (EUR, de-DE); negative amounts
        as the locale writes them ('-$0.05'); `whole`: '$2' for 200, not '$2.00'."""
        return formats.amount(cents, self.units, self.code, self._fmt(), self.symbol, self.thousands, self.decimal,
                              whole)

    def _fmt(self) -> formats.LocaleFormat:
        return formats.locale_format(self.locale) if self.locale else formats.active()

    @property
    def sign(self) -> str:
        """The symbol as written now: the override, or the code's in the locale."""
        return self.symbol if self.symbol is not None else self._fmt().symbols.get(self.code, self.code)

    def short(self, cents: int, symbol: bool = False) -> str:
        """`format_short` in this currency, the one way a value plate or coin face
        writes money: '10.25M', '150.00' (minor_units 100), '600' (minor_units 1)."""
        fmt = self._fmt()
        body = format_short(abs(cents), self.units, "", self.decimal if self.decimal is not None else fmt.decimal)
        if symbol:
            return formats.with_symbol(body, self.sign, fmt, cents < 0)
        return "-" + body if cents < 0 else body


def decimals_of(minor_units: int) -> int:
    """Decimals an amount is written with: 1 -> 0, 10 -> 1, 100 -> 2, 1000 -> 3."""
    return len(str(minor_units)) - 1


def amount_example(minor_units: int = 100, major: int = 1) -> str:
    """How an amount is written in this currency: '1.00' (100), '1' (1), '1.000' (1000)."""
    d = decimals_of(minor_units)
    return f"{major}.{'0' * d}" if d else str(major)


def amount_text(units: int, minor_units: int = 100) -> str:
    """Minor units written as config.yaml writes an amount: 110 -> '1.10' (100)."""
    return Currency(symbol="", minor_units=minor_units, thousands="", decimal=".", locale="en-US").format(units)


def parse_amount(text: str | int, minor_units: int = 100) -> int:
    """An amount written with exactly the currency's decimals -> integer minor units:
    '0.10' -> 10 at minor_units 100; '1000' -> 1000 at minor_units 1. ASCII digits,
    an optional leading '-', a '.' and exactly `decimals_of(minor_units)` decimals
    (none at minor_units 1), so '1000.00' at minor_units 1 or '0.1' at 100 is refused:
    an amount is never guessed. A whole number (a YAML int) is an amount only where the
    currency has no decimals."""
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise ValueError(f"not an amount: {text!r}")
    d = decimals_of(minor_units)
    if isinstance(text, int) and d:
        raise ValueError(f"a bare number: write it in quotes with {d} decimals")
    s = str(text).strip()
    pattern = rf"-?[0-9]{{1,30}}\.[0-9]{{{d}}}" if d else r"-?[0-9]{1,30}"
    if not re.fullmatch(pattern, s):
        raise ValueError(f"not digits with exactly {d} decimals" if d else "not a whole number of digits")
    neg = s.startswith("-")
    whole, _, frac = s.lstrip("-").partition(".")
    value = int(whole) * minor_units + int(frac or "0")
    return -value if neg else value


def hundredths_to_minor(value: int, minor_units: int) -> int | None:
    """A built-in amount in hundredths of the major unit (10 = 0.10) in this
    currency's minor units; None where that is not a whole number of them."""
    units, rest = divmod(value * minor_units, 100)
    return None if rest else units


def win_cents(bet_cents: int, payout_x100: int) -> int:
    """The cash value of a payout given in hundredths of the base bet."""
    return bet_cents * payout_x100 // 100


@dataclass(frozen=True)
class WinCap:
    """A game's win limits, applied in one place (`apply`), in integers.

    `max_x` caps a round at a multiple of the base bet; `max_cents` caps it at an
    absolute amount excluding jackpot awards; the lower of the two holds. Modes in `exempt_modes` skip the
    multiple cap (Piggy Farm's RISK THE FARM).
    """

    max_x: int | None = None
    max_cents: int | None = None
    exempt_modes: frozenset[str] = frozenset()

    def limit_cents(self, bet_cents: int, mode: str = "base") -> int | None:
        limits = []
        if self.max_x is not None and mode not in self.exempt_modes:
            limits.append(self.max_x * bet_cents)
        if self.max_cents is not None:
            limits.append(self.max_cents)
        return min(limits) if limits else None

    def apply(self, win: int, bet_cents: int, mode: str = "base", jackpot: int = 0) -> tuple[int, bool]:
        """Return (paid, capped): the win held to the limits, and whether it was.

        The multiple cap holds the whole win; the absolute cap holds the win less its
        `jackpot` part (cents of jackpot awards, which that limit excludes)."""
        paid = win
        if self.max_x is not None and mode not in self.exempt_modes:
            paid = min(paid, self.max_x * bet_cents)
        if self.max_cents is not None:
            jp = min(max(jackpot, 0), paid)
            paid = min(paid - jp, self.max_cents) + jp
        return paid, paid < win


_SHORT_UNITS = ((10**9, "B"), (10**6, "M"), (10**3, "K"))


def format_short(cents: int, minor_units: int = 100, symbol: str = "", decimal: str = ".") -> str:
    """A value too large to show in full, shortened to two decimals and always
    rounded DOWN, so the shown value is the least the player can win:
    1,025,050,000 cents (10,250,500.00) -> '10.25M'; 99,999,999 -> '999.99K'.

    Below 1,000 major units the amount is shown in full with the currency's own
    decimals ('999.99' at minor_units 100, '600' at 1); from 1,000 it is in K, from
    1,000,000 in M, from 10**9 in B (the largest unit: 10**12 shows as '1000.00B').
    Integers only, no floats.
    """
    if not isinstance(cents, int) or isinstance(cents, bool):
        raise TypeError(f"money must be an int of minor units, got {type(cents).__name__}")
    if cents < 0:
        return "-" + format_short(-cents, minor_units, symbol, decimal)
    major = cents // minor_units
    for size, unit in _SHORT_UNITS:
        if major >= size:
            hundredths = cents * 100 // (size * minor_units)   # floor, exact in integers
            return f"{symbol}{hundredths // 100}{decimal}{hundredths % 100:02d}{unit}"
    d = decimals_of(minor_units)
    return f"{symbol}{major}{decimal}{cents % minor_units:0{d}d}" if d else f"{symbol}{major}"

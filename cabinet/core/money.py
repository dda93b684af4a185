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


@dataclass(frozen=True)
class Currency:
    """How amounts are written: symbol, minor units per major unit, separators."""

    symbol: str = "$"
    minor_units: int = 100
    thousands: str = ","
    decimal: str = "."

    @property
    def decimals(self) -> int:
        return decimals_of(self.minor_units)

    def format(self, cents: int) -> str:
        """12345 -> '$123.45'; negative amounts keep their sign in front."""
        if not isinstance(cents, int):
            raise TypeError(f"money must be an int of minor units, got {type(cents).__name__}")
        sign = "-" if cents < 0 else ""
        major, minor = divmod(abs(cents), self.minor_units)
        whole = f"{major:,}".replace(",", self.thousands)
        if self.decimals:
            return f"{sign}{self.symbol}{whole}{self.decimal}{minor:0{self.decimals}d}"
        return f"{sign}{self.symbol}{whole}"

    def short(self, cents: int, symbol: bool = False) -> str:
        """`format_short` in this currency, the one way a value plate or coin face
        writes money: '10.25M', '150.00' (minor_units 100), '600' (minor_units 1)."""
        return format_short(cents, self.minor_units, self.symbol if symbol else "", self.decimal)


def decimals_of(minor_units: int) -> int:
    """Decimals an amount is written with: 1 -> 0, 10 -> 1, 100 -> 2, 1000 -> 3."""
    return len(str(minor_units)) - 1


def amount_example(minor_units: int = 100, major: int = 1) -> str:
    """How an amount is written in this currency: '1.00' (100), '1' (1), '1.000' (1000)."""
    d = decimals_of(minor_units)
    return f"{major}.{'0' * d}" if d else str(major)


def amount_text(units: int, minor_units: int = 100) -> str:
    """Minor units written as config.yaml writes an amount: 110 -> '1.10' (100)."""
    return Currency(symbol="", minor_units=minor_units, thousands="", decimal=".").format(units)


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

"""How each locale writes numbers, percentages and amounts, from CLDR.

The data is `assets/i18n/formats.json`, generated at build time from CLDR by Babel
(`python -m cabinet.core.i18n cldr`, a tools-extra step); the cabinet only reads it, so
its runtime dependencies stay pygame-ce, numpy, pyyaml and cryptography. Per locale it
holds the decimal and group separators, the grouping sizes, the currency and percent
patterns (prefix and suffix for positive and negative values) and the currency symbols
as that locale writes them; per currency its ISO 4217 minor-unit digits.

`active()` is the locale amounts are written in now (the player's language, set by
`cabinet.core.i18n.use`); en-US until something sets another. Every amount goes
through `amount()` (money.Currency.format calls it), every percentage through
`percent()`, every other number through `number()`.
"""
from __future__ import annotations

import json
import threading
import unicodedata
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from functools import lru_cache
from contextlib import contextmanager
from typing import Any, Iterator

from ..resources import assets_root

DATA = "i18n/formats.json"            # under assets/
DEFAULT = "en-US"
NBSP = "\u00a0"


@dataclass(frozen=True)
class LocaleFormat:
    tag: str
    decimal: str
    group: str
    grouping: tuple[int, int]            # primary, secondary group sizes (3, 3); en-IN (3, 2)
    currency: tuple[str, str, str, str]  # positive prefix, suffix; negative prefix, suffix ("¤" = the symbol)
    percent: tuple[str, str, str, str]
    symbols: dict[str, str]              # ISO code -> the symbol this locale writes
    min_grouping: int = 1                # CLDR minimumGroupingDigits: es-ES 2 ('1234', '12.345')


@lru_cache(maxsize=1)
def data() -> dict[str, Any]:
    return json.loads((assets_root() / DATA).read_text(encoding="utf-8"))


def locales() -> tuple[str, ...]:
    """The locale tags the data file has ('de-DE', ...)."""
    return tuple(sorted(data()["locales"]))


def currencies() -> dict[str, int]:
    """ISO 4217 code -> its minor-unit digits (EUR 2, JPY 0, KWD 3)."""
    return {code: int(c["digits"]) for code, c in data()["currencies"].items()}


@lru_cache(maxsize=None)
def locale_format(tag: str) -> LocaleFormat:
    """The format of a locale tag the data has (ValueError naming the allowed ones)."""
    d = data()["locales"].get(tag)
    if d is None:
        raise ValueError(f"{tag!r} is not a locale with formats; allowed: {', '.join(locales())}")
    return LocaleFormat(tag, d["decimal"], d["group"], tuple(d["grouping"]), tuple(d["currency"]),
                        tuple(d["percent"]), dict(d["symbols"]), int(d.get("min_grouping", 1)))


_active = DEFAULT
_here = threading.local()          # a thread's own locale for a moment (speaking)


def set_active(tag: str) -> None:
    """Write numbers and amounts as `tag` does from now on (ValueError if unknown)."""
    global _active
    locale_format(tag)
    _active = tag


def active() -> LocaleFormat:
    return locale_format(getattr(_here, "tag", None) or _active)


@contextmanager
def speaking(tag: str) -> Iterator[None]:
    """Write as `tag` does inside the block, on this thread only (an i18n.Message writes
    its English, for the log and the ledger, in the source locale's formats)."""
    was = getattr(_here, "tag", None)
    _here.tag = locale_format(tag).tag
    try:
        yield
    finally:
        _here.tag = was


def group_digits(digits: str, fmt: LocaleFormat, sep: str | None = None) -> str:
    """'1234567' -> '1,234,567' (en-US), '1.234.567' (de-DE), '12,34,567' (en-IN); a
    locale with minimum grouping digits 2 leaves four digits whole ('1234', es-ES)."""
    sep = fmt.group if sep is None else sep
    primary, secondary = fmt.grouping
    if len(digits) < primary + fmt.min_grouping or not sep:
        return digits
    head, tail = digits[:-primary], digits[-primary:]
    parts = [tail]
    while len(head) > secondary:
        parts.append(head[-secondary:])
        head = head[:-secondary]
    parts.append(head)
    return sep.join(reversed(parts))


def _digits(value: int | float | Fraction | Decimal, places: int) -> tuple[bool, str, str]:
    """(negative, whole digits, `places` decimals), rounded half-even, exact for
    ints, Fractions and Decimals."""
    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    q = Decimal(value).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)
    neg = q < 0
    whole, _, frac = f"{abs(q):f}".partition(".")
    return neg and q != 0, whole, frac


def number(value: int | float | Fraction | Decimal, places: int = 0, fmt: LocaleFormat | None = None,
           group: bool = True) -> str:
    """A number as the locale writes it: number(1234.5, 1) -> '1,234.5' / '1.234,5'."""
    fmt = fmt or active()
    neg, whole, frac = _digits(value, places)
    text = (group_digits(whole, fmt) if group else whole) + (fmt.decimal + frac if places else "")
    return ("-" if neg else "") + text


def times(value: int | float | Fraction, fmt: LocaleFormat | None = None) -> str:
    """A multiple of the bet as players read it, in the locale's digits: 1500 -> '1,500x',
    1.5 -> '1.5x' (en-US); '1.500x', '1,5x' (de-DE). Up to two decimals."""
    fmt = fmt or active()
    text = number(Fraction(value).limit_denominator(10**6) if isinstance(value, float) else value, 2, fmt)
    return text.rstrip("0").rstrip(fmt.decimal) + "x"


def percent(value: int | float | Fraction | Decimal, places: int = 2, fmt: LocaleFormat | None = None,
            trim: bool = False) -> str:
    """`value` in percent (96.5, not 0.965) as the locale writes it: '96.50%' (en-US),
    '96,50 %' (de-DE, a no-break space); `trim` drops trailing zero decimals ('0.25%')."""
    fmt = fmt or active()
    neg, whole, frac = _digits(value, places)
    if trim:
        frac = frac.rstrip("0")
        places = len(frac)
    body = group_digits(whole, fmt) + (fmt.decimal + frac if places else "")
    pre, suf = (fmt.percent[2], fmt.percent[3]) if neg else (fmt.percent[0], fmt.percent[1])
    return f"{pre}{body}{suf}"


def _spaced(symbol: str, side: str) -> str:
    """CLDR's currency spacing: a symbol whose edge next to the digits is not itself a
    symbol or a space (a letter: 'KWD', 'CHF') is kept apart by a no-break space."""
    edge = symbol[-1] if side == "before" else symbol[0]
    cat = unicodedata.category(edge)
    return NBSP if not (cat.startswith("S") or cat.startswith("Z")) else ""


def amount(minor: int, minor_units: int, code: str, fmt: LocaleFormat | None = None, symbol: str | None = None,
           thousands: str | None = None, decimal: str | None = None, whole: bool = False) -> str:
    """Integer minor units as the locale writes an amount of currency `code`:
    123456 (USD, en-US) -> '$1,234.56'; (EUR, de-DE) -> '1.234,56 €'; 1234 (JPY,
    ja-JP) -> '¥1,234'; 1234567 (KWD, en-US) -> 'KWD 1,234.567'. `symbol`,
    `thousands` and `decimal` override the locale's (config.yaml may set them);
    an empty symbol writes the number alone; `whole` leaves out the decimals of a whole
    amount ('$2', not '$2.00')."""
    if not isinstance(minor, int) or isinstance(minor, bool):
        raise TypeError(f"money must be an int of minor units, got {type(minor).__name__}")
    fmt = fmt or active()
    sym = fmt.symbols.get(code, code) if symbol is None else symbol
    places = len(str(minor_units)) - 1
    major, rest = divmod(abs(minor), minor_units)
    body = group_digits(str(major), fmt, thousands)
    if places and not (whole and rest == 0):
        body += (fmt.decimal if decimal is None else decimal) + f"{rest:0{places}d}"
    return with_symbol(body, sym, fmt, minor < 0)


def with_symbol(body: str, sym: str, fmt: LocaleFormat, negative: bool = False) -> str:
    """Digits already written ('1.234,56', '10,25M') put into the locale's currency
    pattern with `sym`: before or after, spaced as CLDR spaces it; "" for none."""
    pre, suf = (fmt.currency[2], fmt.currency[3]) if negative else (fmt.currency[0], fmt.currency[1])
    if not sym:
        pre, suf = pre.replace("¤", "").strip(NBSP + " "), suf.replace("¤", "").strip(NBSP + " ")
        return f"{pre}{body}{suf}"
    if pre.endswith("¤"):
        pre = pre[:-1] + sym + _spaced(sym, "before")
    else:
        pre = pre.replace("¤", sym)
    if suf.startswith("¤"):
        suf = _spaced(sym, "after") + sym + suf[1:]
    else:
        suf = suf.replace("¤", sym)
    return f"{pre}{body}{suf}"

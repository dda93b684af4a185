"""Build step: assets/i18n/formats.json from CLDR, through Babel (the tools extra).

    python -m cabinet.core.i18n cldr          # rewrite the file (make i18n does)

The cabinet never imports Babel: it reads the file this writes (formats.py). Per locale
in LOCALES: separators, grouping sizes, the standard currency and percent patterns
split into prefix and suffix (positive and negative), and the symbol of each currency
in CURRENCIES as that locale writes it; per currency its ISO 4217 minor-unit digits.
A few characters the cabinet's font (Lato) has no glyph for are written as the nearest
one it has (FONT_SAFE); tests/core/test_formats.py renders every character of the file.
"""
from __future__ import annotations

import json
from pathlib import Path

from ..resources import assets_root
from .formats import DATA

LOCALES = ("en-US", "en-GB", "en-IE", "en-CA", "en-AU", "en-IN", "de-DE", "de-AT", "de-CH", "es-ES", "es-MX",
           "fr-FR", "it-IT", "nl-NL", "pt-PT", "pt-BR", "sv-SE", "pl-PL", "ja-JP")
CURRENCIES = ("USD", "EUR", "GBP", "CHF", "CAD", "AUD", "MXN", "BRL", "SEK", "PLN", "JPY", "KWD", "BHD")
FONT_SAFE = {"\u202f": "\u00a0",     # narrow no-break space (fr group) -> no-break space
             "\uffe5": "\u00a5",     # fullwidth yen (ja) -> yen
             "\u2212": "-",          # minus sign (sv, de-CH) -> hyphen-minus
             "\u2019": "'"}          # right single quote (de-CH group) -> apostrophe


def _safe(text: str) -> str:
    return "".join(FONT_SAFE.get(c, c) for c in text)


def locale_entry(tag: str, babel_numbers, Locale) -> dict:
    loc = Locale.parse(tag.replace("-", "_"))
    syms = loc.number_symbols[loc.default_numbering_system]
    if loc.default_numbering_system != "latn":
        raise SystemExit(f"{tag} writes digits other than 0-9 ({loc.default_numbering_system}); not supported")
    cur, pct = loc.currency_formats["standard"], loc.percent_formats[None]
    return {
        "decimal": _safe(syms["decimal"]), "group": _safe(syms["group"]),
        "grouping": list(cur.grouping),
        "currency": [_safe(x) for x in (cur.prefix[0], cur.suffix[0], cur.prefix[1], cur.suffix[1])],
        "percent": [_safe(x) for x in (pct.prefix[0], pct.suffix[0], pct.prefix[1], pct.suffix[1])],
        "symbols": {c: _safe(babel_numbers.get_currency_symbol(c, loc)) for c in CURRENCIES},
    }


def build() -> dict:
    try:
        import babel
        import babel.numbers as babel_numbers
        from babel import Locale
    except ImportError:
        raise SystemExit("Babel is needed to regenerate the CLDR data: pip install -e '.[tools]'") from None
    return {
        "source": f"CLDR through Babel {babel.__version__} (python -m cabinet.core.i18n cldr)",
        "currencies": {c: {"digits": babel_numbers.get_currency_precision(c)} for c in CURRENCIES},
        "locales": {tag: locale_entry(tag, babel_numbers, Locale) for tag in LOCALES},
    }


def write(path: Path | None = None) -> Path:
    path = path or assets_root() / DATA
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(build(), indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    return path

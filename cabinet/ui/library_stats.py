"""The library viewer's figures (no pygame), every one read from the loaded books
(cabinet/core/mode_books.py's ModeBooks) and the GameSpec, in exact integers:

- `symbol_counts(strips)`: each reel strip's stops per symbol (GameSpec.math.par_info);
- `win_bands(books)`: the win distribution of a mode, the weight share of rounds
  whose payout falls in each band of multiples of the bet, and the share of the
  mode's RTP they return;
- `strata(books, spec)`: each stratum's books, weight share and RTP share (the
  optimizer's strata, cabinet.math.books.strata: a book's forcing category, or for a
  natural book the first listed category it is in).
"""
from __future__ import annotations

import dataclasses
import weakref
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

import numpy as np

from cabinet.core.i18n import _, formats
from cabinet.math.books import strata as book_strata

from .review_words import category_words

# Band edges in multiples of the base bet (x100): [0], (0, 1), [1, 2), [2, 5) ...
EDGES_X = (1, 2, 5, 10, 20, 50, 100, 250, 500, 1000, 2500, 5000, 10000)
_CACHE: dict[tuple[int, str], Any] = {}


@dataclass(frozen=True)
class Share:
    label: str
    books: int
    weight: int              # summed integer weight
    paid: int                # summed weight x payout_x100
    total_weight: int
    total_paid: int

    @property
    def share(self) -> Fraction:
        """The share of rounds (weighted) in this band or stratum."""
        return Fraction(self.weight, self.total_weight)

    @property
    def rtp_share(self) -> Fraction:
        """The share of the mode's return these rounds pay (0 when it pays nothing)."""
        return Fraction(self.paid, self.total_paid) if self.total_paid else Fraction(0)


def odds(share: Fraction) -> str:
    """The N of '1 in N': '3.2', '1,234', '7.1M' (in the locale's digits); '-' for none."""
    if share <= 0:
        return "-"
    n = float(1 / share)
    if n >= 1e6:
        return _("{count}M").format(count=formats.number(round(n / 1e6, 1), 1))
    return formats.number(round(n, 1), 1) if n < 100 else formats.number(round(n))


def one_in(share: Fraction) -> str:
    """'1 in 3.2', '1 in 1,234', '1 in 7.1M'; '-' for none."""
    return "-" if share <= 0 else _("1 in {count}").format(count=odds(share))


def _cached(books: Any, kind: str, make: Callable[[], Any]) -> Any:
    """A mode's figures, made once while its books are loaded (the viewer is opened
    again, in another language: the sums over a million books are not redone)."""
    key = (id(books), kind)
    if key not in _CACHE:
        try:
            weakref.finalize(books, _CACHE.pop, key, None)
        except TypeError:                   # not a ModeBooks (a test's stand-in): not kept
            return make()
        _CACHE[key] = make()
    return _CACHE[key]


def percent(share: Fraction) -> str:
    """'12.3%', '0.004%', '<0.001%', '0%'."""
    p = Fraction(share) * 100
    if p == 0:
        return formats.percent(0, 0)
    if p < Fraction(1, 1000):
        return "<" + formats.percent(Fraction(1, 1000), 3)
    if p >= 1:
        return formats.percent(p, 1)
    return formats.percent(p, 3, trim=True)                  # '0.004%', '0.25%': no trailing zeros


def _sums(weight: np.ndarray, payout: np.ndarray) -> tuple[int, int]:
    return sum(weight.tolist()), sum(map(int.__mul__, weight.tolist(), payout.tolist()))


def _n(v: int) -> str:
    return f"{v / 1000:g}k" if v >= 1000 else str(v)


def _band_label(lo: int | None, hi: int | None) -> str:
    """'0', '<1x', '2-5x', '1k-2.5kx', '10kx+' (short: they sit under narrow bars)."""
    if lo is None:
        return "0"
    if lo == 0:
        return f"<{hi}x"
    return f"{_n(lo)}x+" if hi is None else f"{_n(lo)}-{_n(hi)}x"


def win_bands(books: Any) -> list[Share]:
    """The distribution of a mode's payouts over the bands up to its top payout."""
    return list(_cached(books, "bands", lambda: _win_bands(books)))


def _win_bands(books: Any) -> list[Share]:
    pay, w = books.payout_x100, books.weight
    total_w, total_paid = _sums(w, pay)
    top = int(pay.max())
    bounds: list[tuple[int | None, int | None]] = [(None, None), (0, EDGES_X[0])]
    bounds += [(a, b) for a, b in zip(EDGES_X, EDGES_X[1:]) if a * 100 <= top]
    if top >= EDGES_X[-1] * 100:
        bounds.append((EDGES_X[-1], None))
    out = []
    for lo, hi in bounds:
        if lo is None:
            sel = pay == 0
        else:
            sel = (pay > 0) if lo == 0 else (pay >= lo * 100)
            if hi is not None:
                sel &= pay < hi * 100
        ws, ps = _sums(w[sel], pay[sel])
        out.append(Share(_band_label(lo, hi), int(sel.sum()), ws, ps, total_w, total_paid))
    return out


def strata(books: Any, spec: Any) -> list[Share]:
    """Each stratum of a mode's books, the natural one first, named in the current
    language."""
    return [dataclasses.replace(s, label=_("natural") if s.label == "" else category_label(spec, s.label))
            for s in _cached(books, "strata", lambda: _strata(books))]


def _strata(books: Any) -> list[Share]:
    """The strata with their category's id as label ("": the natural one)."""
    names, cats = list(books.meta["feature_names"]), list(books.meta["categories"])
    each = book_strata(books.force, books.features, names, cats)
    total_w, total_paid = _sums(books.weight, books.payout_x100)
    out = []
    for s in sorted({int(v) for v in np.unique(each)}):
        sel = each == s
        ws, ps = _sums(books.weight[sel], books.payout_x100[sel])
        out.append(Share("" if s < 0 else cats[s], int(sel.sum()), ws, ps, total_w, total_paid))
    return out


def category_label(spec: Any, name: str) -> str:
    """A category as the review tools name it (the force menu's label, else the
    feature's, else its id)."""
    return category_words(spec, name)


def symbol_counts(strips: list[list[str]]) -> tuple[list[str], list[list[int]]]:
    """(symbols, counts[symbol][reel]) of one set of reel strips, symbols by their
    total count, most first."""
    totals: dict[str, int] = {}
    for reel in strips:
        for sym in reel:
            totals[sym] = totals.get(sym, 0) + 1

    def most_first(sym: str) -> tuple[int, str]:
        return -totals[sym], sym

    symbols = sorted(totals, key=most_first)
    return symbols, [[reel.count(sym) for reel in strips] for sym in symbols]

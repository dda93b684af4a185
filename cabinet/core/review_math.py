"""What the review tools' math overlay reads (no pygame): where a round's outcome
comes from (a book of a library with its weight, its probability and its stratum, or
a live seed), and what each of its events adds to the win.

A book's stratum is the one the library builder files it under
(cabinet/math/books.py `strata`): its forcing category, or for a natural book the
first listed category it belongs to; "natural" when none. Its share is the stratum's
part of the mode's total weight.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

import numpy as np

from .hand_board import board_name, is_board
from .review_draws import bands, is_band
from .round import Round

CAP_EVENTS = ("cap", "win_cap")


@dataclass(frozen=True)
class BookFacts:
    book: int
    books: int                  # books in the mode
    weight: int
    total_weight: int
    stratum: str
    stratum_share: Fraction     # the stratum's part of the total weight
    force: str | None           # the forcing condition it was built under

    @property
    def probability(self) -> Fraction:
        return Fraction(self.weight, self.total_weight)

    @property
    def one_in(self) -> float:
        """N of "1 in N"."""
        return self.total_weight / self.weight


# per library (held weakly: a dropped library's entry goes with it, and a library made
# later at its address, its `id`, never reads it), per mode
_STRATA: weakref.WeakKeyDictionary[Any, dict[str, tuple[np.ndarray, list[int]]]] = weakref.WeakKeyDictionary()


def _strata(library: Any, mode: str) -> tuple[np.ndarray, list[int]]:
    """Each book's stratum index (-1 natural) and each stratum's total weight (natural
    last), computed once per library and mode."""
    known = _STRATA.setdefault(library, {})
    if mode not in known:
        mb = library.books(mode)
        names, cats = mb.meta["feature_names"], mb.meta.get("categories", [])
        stratum = mb.force.astype(np.int64)
        for c in reversed(range(len(cats))):
            if cats[c] in names:
                bit = np.uint64(1 << names.index(cats[c]))
                stratum[(mb.force == -1) & ((mb.features & bit) != 0)] = c
        weights = [sum(mb.weight[stratum == c].tolist()) for c in range(len(cats))]
        known[mode] = (stratum, weights + [sum(mb.weight[stratum < 0].tolist())])
    return known[mode]


def book_facts(library: Any, mode: str, book: int) -> BookFacts:
    """A book's weight, probability and stratum (IndexError for a book not there)."""
    mb = library.books(mode)
    if not 0 <= book < len(mb):
        raise IndexError(f"{library.spec.id}/{mode}: no book {book} (0..{len(mb) - 1})")
    stratum, shares = _strata(library, mode)
    total = mb.sums()[0]
    s = int(stratum[book])
    cats = mb.meta.get("categories", [])
    return BookFacts(book, len(mb), int(mb.weight[book]), total, cats[s] if s >= 0 else "natural",
                     Fraction(shares[s], total), library.force(mode, book))


def force_label(spec: Any, force: str | None, config: Any = None) -> str:
    """How the overlay names the force a round was drawn under."""
    if not force:
        return "none (a natural draw)"
    if is_board(force):
        return f"hand-built board '{board_name(force)}'"
    if is_band(force):
        band = bands(spec, config).get(force)
        return band.label if band is not None else force
    return spec.review.force_categories.get(force, force)


def event_adds(spec: Any, rnd: Round) -> list[int]:
    """Per event, what it adds to the round's win (x100), from the game's
    `GameSpec.review.event_adds(event)`; a cap event takes what the cap cuts, so the adds sum
    to the payout. Empty when the game has no hook."""
    hook: Callable[[dict[str, Any]], int] | None = spec.review.event_adds
    if hook is None:
        return []
    adds = [int(hook(ev)) for ev in rnd.events]
    gap = rnd.payout_x100 - sum(adds)
    if gap:
        at = next((i for i, ev in enumerate(rnd.events) if ev["type"] in CAP_EVENTS), len(adds) - 1)
        if rnd.capped or at != len(adds) - 1:
            adds[at] += gap
    return adds

"""One bet mode's books as loaded (`ModeBooks`): the arrays of a mode file, each
book's seed, hints and stored round, and the exact sums, RTP and win limit figures
computed from them. cabinet/core/books.py loads them (load_mode) and draws from them
(Library); the format is documented in cabinet/core/book_format.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from .book_format import SEED_BLOCK, exact_sums, stratum_seeds
from .money import WinCap



@dataclass
class ModeBooks:
    """One bet mode's books, as loaded."""

    mode: str
    force: np.ndarray
    payout_x100: np.ndarray
    weight: np.ndarray
    features: np.ndarray
    meta: dict[str, Any]
    cum: np.ndarray
    jackpot_x100: np.ndarray | None = None    # None: no book has a jackpot part
    hint_count: np.ndarray | None = None      # None: no book has hints
    hints: np.ndarray | None = None
    stored_book: np.ndarray | None = None     # None: no book keeps its Round (book_format)
    stored_end: np.ndarray | None = None
    stored_rounds: np.ndarray | None = None
    _sums: tuple[int, int] | None = field(default=None, repr=False, compare=False)
    _first: dict[int, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    _hinted: tuple[np.ndarray, np.ndarray] | None = field(default=None, init=False, repr=False, compare=False)
    # (bet, limits) -> the mode's return there (startup.Libraries.returns), kept with the books
    returns: dict[tuple[int, WinCap], Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.force)

    def seed(self, book: int) -> int:
        """The book's seed, from its stratum and position in it (book_format)."""
        return int(self.seeds(book, 1)[0])

    def seeds(self, start: int, count: int) -> np.ndarray:
        """The seeds of books start .. start+count-1 (all of one stratum)."""
        f = int(self.force[start])
        if f not in self._first:
            self._first[f] = int(np.searchsorted(self.force, f, side="left"))
        if count > 1 and int(self.force[start + count - 1]) != f:
            raise ValueError("seeds() of books of different strata")
        return stratum_seeds(int(self.meta["seeds"]["seed"]), self.mode, f, start - self._first[f], count)

    def seeds_of(self, books: np.ndarray) -> np.ndarray:
        """The seeds of any books, each run of them in one seed block generated once:
        `seed` of one book generates its block up to it, so a sorted sample with many
        books a block (verify's) costs a block, not a block a book."""
        books = np.asarray(books, dtype=np.int64)
        out = np.empty(len(books), dtype=np.uint64)
        if not len(books):
            return out
        force = self.force[books].astype(np.int64)
        first = np.searchsorted(self.force, force, side="left")
        key = force * (len(self) + 1) + (books - first) // SEED_BLOCK      # (stratum, block)
        cut = np.flatnonzero(np.diff(key)) + 1
        for a, b in zip([0, *cut.tolist()], [*cut.tolist(), len(books)]):
            lo = int(books[a:b].min())
            out[a:b] = self.seeds(lo, int(books[a:b].max()) - lo + 1)[books[a:b] - lo]
        return out

    def book_hints(self, book: int) -> list[int]:
        """The hints replaying the book's forced searches (empty for most books)."""
        if self.hint_count is None or self.hints is None or not self.hint_count[book]:
            return []
        if self._hinted is None:
            idx = np.flatnonzero(self.hint_count)
            self._hinted = idx, np.concatenate([[0], np.cumsum(self.hint_count[idx], dtype=np.int64)])
        idx, start = self._hinted
        k = int(np.searchsorted(idx, book))
        return self.hints[int(start[k]):int(start[k + 1])].tolist()

    def stored_round(self, book: int) -> bytes | None:
        """The packed Round the library keeps for a book (book_format.pack_round), or None."""
        if self.stored_book is None or self.stored_end is None or self.stored_rounds is None:
            return None
        k = int(np.searchsorted(self.stored_book, book))
        if k == len(self.stored_book) or int(self.stored_book[k]) != book:
            return None
        start = int(self.stored_end[k - 1]) if k else 0
        return self.stored_rounds[start:int(self.stored_end[k])].tobytes()

    def sums(self) -> tuple[int, int]:
        """(sum(w), sum(w * payout_x100)) as exact ints, computed once."""
        if self._sums is None:
            self._sums = exact_sums(self.weight, self.payout_x100)
        return self._sums

    def rtp(self) -> Fraction:
        """Exact RTP: sum(w * payout) / (sum(w) * cost)."""
        total, paid = self.sums()
        return Fraction(paid, total * int(self.meta["cost_x100"]))

    def limit_cuts(self, bet_cents: int, cap: WinCap) -> bool:
        """Whether the win limits would cut some book's win at this bet (fast check;
        where they do not, the RTP at this bet is exactly rtp())."""
        paid, win = self._paid(bet_cents, cap)
        return bool(np.any(paid < win))

    def last_uncut_bet(self, ladder: tuple[int, ...], cap: WinCap) -> int | None:
        """The highest bet of an ascending ladder at which the limits cut no book (0:
        none; None: every bet). A limit cuts more as the bet grows: binary search."""
        lo, hi = 0, len(ladder)         # bets below lo are uncut, from hi on cut
        while lo < hi:
            mid = (lo + hi) // 2
            if self.limit_cuts(ladder[mid], cap):
                hi = mid
            else:
                lo = mid + 1
        if lo == len(ladder):
            return None
        return ladder[lo - 1] if lo else 0

    def _paid(self, bet_cents: int, cap: WinCap) -> tuple[np.ndarray, np.ndarray]:
        """(paid, win) cents of every book at this bet, as WinCap.apply pays them."""
        pay = self.payout_x100
        jack = self.jackpot_x100 if self.jackpot_x100 is not None else np.zeros_like(pay)
        win = bet_cents * pay // 100
        paid = win
        if cap.max_x is not None and self.mode not in cap.exempt_modes:
            paid = np.minimum(paid, cap.max_x * bet_cents)
        if cap.max_cents is not None:
            jp = np.minimum(bet_cents * jack // 100, paid)
            paid = np.minimum(paid - jp, cap.max_cents) + jp
        return paid, win

    def max_paid_cents(self, bet_cents: int, cap: WinCap) -> int:
        """The largest win a book of this mode pays at this bet under the limits."""
        return int(self._paid(bet_cents, cap)[0].max()) if len(self.payout_x100) else 0

    def mean_paid_cents(self, bet_cents: int, cap: WinCap | None = None) -> Fraction:
        """Exact mean cents a round of this mode pays at this bet, as the cabinet pays
        it: win = bet * payout // 100, then the win limits (`cap`, WinCap.apply: the
        money limit holds the win less its jackpot part). Only the books a limit cuts or
        a cent rounds are summed again; the rest comes from the cached exact sums."""
        total, paid_x100 = self.sums()
        mean = Fraction(bet_cents * paid_x100, 100)
        rest = (bet_cents * self.payout_x100) % 100             # cents the floor drops
        odd = np.flatnonzero(rest)
        mean -= Fraction(sum(map(int.__mul__, self.weight[odd].tolist(), rest[odd].tolist())), 100)
        if cap is not None:
            paid, win = self._paid(bet_cents, cap)
            cut = np.flatnonzero(paid < win)
            mean -= sum(map(int.__mul__, self.weight[cut].tolist(), (win[cut] - paid[cut]).tolist()))
        return mean / total

    def rtp_at(self, bet_cents: int, cap: WinCap | None = None) -> Fraction:
        """Exact RTP at one bet under the cabinet's win limits: mean paid / price."""
        return self.mean_paid_cents(bet_cents, cap) / Fraction(bet_cents * int(self.meta["cost_x100"]), 100)

"""A book of a game's library shown as a round nobody played: the review tools' clips
(`main.py --clip-book`) and the showcase scripts present these. No ledger row, no
money: the round's win is what the cabinet would pay at the bet (WinCap.apply), and
its outcome id names the book, as a played round's does.

    played = book_round(setup, "base", 1234)                 # at the game's default bet
    ids = pick_books(library, "base", rng, features=("bonus",), min_x100=500)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .round_commit import PlayedRound
from .book_format import LibraryError
from .money import win_cents
from .rng import Rng
from .game_setup import GameSetup


class BookRoundError(ValueError):
    """A book that cannot be shown: the message names what is wrong and what is allowed."""


def book_round(setup: GameSetup, mode: str, book: int, bet_cents: int | None = None) -> PlayedRound:
    """The PlayedRound (round id 0: not in any ledger) of one book at `bet_cents`
    (default: the game's default bet). BookRoundError for an unknown mode or book."""
    spec, library = setup.spec, setup.library
    if library is None:
        raise BookRoundError(f"{spec.id} has no book libraries loaded (math_source is live)")
    if mode not in library.modes:
        raise BookRoundError(f"{spec.id} has no library for mode {mode!r}; allowed: {', '.join(library.modes)}")
    count = len(library.books(mode))
    if not 0 <= book < count:
        raise BookRoundError(f"{spec.id}/{mode} has no book {book}; allowed: 0 to {count - 1}")
    bet = setup.default_bet if bet_cents is None else bet_cents
    if bet not in setup.bet_ladder:
        raise BookRoundError(f"{bet} is not on {spec.id}'s bet ladder")
    try:
        rnd = library.round(mode, book)
    except LibraryError as exc:                               # a damaged data file the round reads
        raise BookRoundError(str(exc)) from None
    paid, capped = setup.cap.apply(win_cents(bet, rnd.payout_x100), bet, mode,
                                   jackpot=win_cents(bet, rnd.jackpot_x100))
    kind = spec.mode(mode).kind
    cost = spec.mode(mode).cost_cents(bet) if kind in ("spin", "buy") else 0
    return PlayedRound(0, spec.id, mode, bet, cost, rnd, paid, capped or rnd.capped, 0,
                       {"source": "books", "book": int(book), "force": library.force(mode, book)})


@dataclass(frozen=True)
class BookFilter:
    """Which books of a mode a showcase step may show: every feature in `features`,
    none in `without`, payout (hundredths of the base bet) in [min_x100, max_x100]."""

    mode: str
    features: tuple[str, ...] = ()
    without: tuple[str, ...] = ()
    min_x100: int = 0
    max_x100: int | None = None

    def mask(self, library: Any) -> np.ndarray:
        mb = library.books(self.mode)
        ok = mb.payout_x100 >= self.min_x100
        if self.max_x100 is not None:
            ok &= mb.payout_x100 <= self.max_x100
        for name, want in [*((f, True) for f in self.features), *((f, False) for f in self.without)]:
            bit = np.uint64(library.feature_bit(self.mode, name))
            ok &= ((mb.features & bit) != 0) == want
        return ok


def pick_book(library: Any, wanted: BookFilter, rng: Rng) -> int:
    """One weighted draw among the books the filter keeps (a typical one of them);
    BookRoundError naming the filter when it keeps none."""
    idx = np.flatnonzero(wanted.mask(library))
    if len(idx) == 0:
        raise BookRoundError(f"{library.spec.id}/{wanted.mode}: no book has {describe(wanted)}")
    return int(idx[rng.weighted_cum(np.cumsum(library.books(wanted.mode).weight[idx]))])


def describe(wanted: BookFilter) -> str:
    """The filter in words, for messages."""
    parts: list[str] = [f"features {'+'.join(wanted.features)}"] if wanted.features else []
    parts += [f"no {name}" for name in wanted.without]
    if wanted.min_x100:
        parts.append(f"a payout of at least {wanted.min_x100 / 100:g}x")
    if wanted.max_x100 is not None:
        parts.append(f"a payout of at most {wanted.max_x100 / 100:g}x")
    return ", ".join(parts) or "any outcome"


"""Review tools' outcome categories chosen by payout (never with real play): a round
with no win, a win in each big-win tier (config `big_win`), the max win (a win the
limits hold: the game's cap or its money limit at the bet; where no book of the mode
reaches them, its books' top payout) and a game's own bands
(`GameSpec.review.payout_forces`, e.g. Happy Money Hens' win that opens the gamble).

With book libraries such a round is one weighted draw among the mode's books whose
payout is in the band: the natural distribution given the band, and the ledger keeps
the book id as for any round. With live math, natural rounds are played until one is
in the band (at most LIVE_TRIES), and the seed of that round is kept.

Their ids start with "win:", so they never meet a game's own category names.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

import numpy as np

from .config import Config
from .hand_board import board_draws_of, is_board, play_board
from .money import WinCap
from .rng import Rng
from .round import Round
from .win_tiers import tier_multiples

PREFIX = "win:"
LIVE_TRIES = 20_000


@dataclass(frozen=True)
class PayoutBand:
    """Rounds whose payout (hundredths of the base bet) is in [lo_x100, hi_x100); a
    tier also wins more than the price of play and stays under the limits; the max
    win reaches them (without a limit: the mode's top payout)."""

    label: str
    lo_x100: int = 0
    hi_x100: int | None = None
    above_stake: bool = False
    below_limit: bool = False
    at_limit: bool = False


def is_band(force: str | None) -> bool:
    return bool(force) and str(force).startswith(PREFIX)


def bands(spec: Any, config: Config) -> dict[str, PayoutBand]:
    """Every payout category of a game under this config, by id, in menu order."""
    t = tier_multiples(config)
    out = {f"{PREFIX}none": PayoutBand("No win", 0, 1),
           f"{PREFIX}big": PayoutBand(f"BIG WIN ({t['big']}x to {t['mega']}x)", t["big"] * 100, t["mega"] * 100,
                                      above_stake=True, below_limit=True),
           f"{PREFIX}mega": PayoutBand(f"MEGA WIN ({t['mega']}x to {t['epic']}x)", t["mega"] * 100, t["epic"] * 100,
                                       above_stake=True, below_limit=True),
           f"{PREFIX}epic": PayoutBand(f"EPIC WIN ({t['epic']}x and more)", t["epic"] * 100, None,
                                       above_stake=True, below_limit=True),
           f"{PREFIX}max": PayoutBand("MAX WIN (the limit, or the books' top win)", at_limit=True)}
    own = spec.review.payout_forces(config) if spec.review.payout_forces else {}
    out.update({f"{PREFIX}{key}": band for key, band in own.items()})
    return out


def mask(band: PayoutBand, payout_x100: np.ndarray, bet_cents: int, cost_x100: int,
         limit_cents: int | None) -> np.ndarray:
    """Which payouts are in the band at this bet (a bool array)."""
    p = np.asarray(payout_x100, dtype=np.int64)
    ok = p >= band.lo_x100
    if band.hi_x100 is not None:
        ok &= p < band.hi_x100
    if band.above_stake:
        ok &= p > cost_x100
    win = bet_cents * p // 100
    if band.below_limit and limit_cents is not None:
        ok &= win < limit_cents
    if band.at_limit:          # the limit; where no book reaches it, the mode's top payout
        at = win >= limit_cents if limit_cents is not None else np.zeros(len(p), dtype=bool)
        ok &= at if at.any() else p == (p.max() if len(p) else 0)
    return ok


def _limit(cap: WinCap | None, bet_cents: int, mode: str) -> int | None:
    return cap.limit_cents(bet_cents, mode) if cap is not None else None


def book_choices(library: Any, mode: str, band: PayoutBand, bet_cents: int, cap: WinCap | None) -> np.ndarray:
    """The ids of the mode's books in the band at this bet."""
    mb = library.books(mode)
    return np.flatnonzero(mask(band, mb.payout_x100, bet_cents, int(mb.meta["cost_x100"]),
                               _limit(cap, bet_cents, mode)))


def draw_book(library: Any, rng: Rng, mode: str, band: PayoutBand, bet_cents: int, cap: WinCap | None) -> int:
    """One weighted draw among the band's books (KeyError when the mode has none)."""
    idx = book_choices(library, mode, band, bet_cents, cap)
    if not len(idx):
        raise KeyError(f"no book of {library.spec.id}/{mode} is a {band.label} at this bet")
    return int(idx[rng.weighted_cum(np.cumsum(library.books(mode).weight[idx]))])


def homes(library: Any, modes: Iterable[str], band: PayoutBand, bet_cents: int, cap: WinCap | None) -> list[str]:
    """The modes (of `modes`, in order) with a book in the band at this bet; with
    live math (no library) every mode may have one."""
    modes = list(modes)
    if library is None:
        return modes
    return [m for m in modes if m in library.modes and len(book_choices(library, m, band, bet_cents, cap))]


def live_seed(spec: Any, rng: Rng, mode: str, band: PayoutBand, bet_cents: int, cap: WinCap | None,
              tries: int = LIVE_TRIES) -> tuple[int, Round]:
    """A seed whose natural round of `mode` is in the band, with that round
    (LookupError after `tries`)."""
    if band.at_limit and _limit(cap, bet_cents, mode) is None:
        raise LookupError(f"{band.label}: this mode has no limit, so its top win is known only from the books")
    cost = spec.mode(mode).cost_x100
    limit = _limit(cap, bet_cents, mode)
    for _ in range(tries):
        seed = rng.seed64()
        rnd = spec.play(Rng.for_book(seed), mode)
        at = limit is not None and bet_cents * rnd.payout_x100 // 100 >= limit
        if (at if band.at_limit else mask(band, np.array([rnd.payout_x100]), bet_cents, cost, limit)[0]):
            return seed, rnd
    raise LookupError(f"no {band.label} in {tries:,} live rounds of {mode}")


def is_review_force(force: str | None) -> bool:
    """A force the review tools add to a game's own categories: a band or a board."""
    return is_band(force) or is_board(force)


def forced(setup: Any, rng: Rng, mode: str, force: str, bet_cents: int, config: Config) -> tuple[dict[str, Any], int]:
    """The outcome id and payout of a forced round (review tools only: Cabinet.start_round
    refuses a force unless they are on): a band or a hand-built board (`draw`), or one
    of the game's own categories, from its library's forced books or a live search.
    LookupError / KeyError say why the category cannot be met here."""
    if is_review_force(force):
        return draw(setup, rng, mode, force, bet_cents, config)
    if setup.library is not None:
        book = setup.library.draw(rng, mode, force)
        return {"source": "books", "book": int(book), "force": force}, int(setup.library.payout_x100(mode, book))
    if force in setup.spec.review.books_only_forces:
        raise LookupError("only the shipped books hold it (math_source: books)")   # a search of millions
    seed = rng.seed64()
    rnd = setup.spec.play(Rng.for_book(seed), mode, force)
    return {"source": "live", "seed": seed, "force": force}, rnd.payout_x100


def draw(setup: Any, rng: Rng, mode: str, force: str, bet_cents: int, config: Config) -> tuple[dict[str, Any], int]:
    """The outcome id and payout of a review band or board (`forced`'s part for them):
    a hand-built board is a live outcome whose seed carries the rules on after the
    board; a band is a book drawn among the band's books, or a live seed found in it.
    KeyError / LookupError / BoardError say why the force cannot be met here."""
    spec = setup.spec
    if is_board(force):
        seed = rng.seed64()
        rnd = play_board(spec, mode, board_draws_of(force), seed)
        return {"source": "live", "seed": seed, "force": force}, rnd.payout_x100
    band = bands(spec, config).get(force)
    if band is None:
        raise KeyError(f"{force!r} is not a category of {spec.name}; allowed: {', '.join(bands(spec, config))}")
    if setup.library is not None:
        book = draw_book(setup.library, rng, mode, band, bet_cents, setup.cap)
        return {"source": "books", "book": book, "force": force}, setup.library.payout_x100(mode, book)
    seed, rnd = live_seed(spec, rng, mode, band, bet_cents, setup.cap)
    return {"source": "live", "seed": seed, "force": force}, rnd.payout_x100


def regenerate_live(spec: Any, mode: str, seed: int, force: str | None) -> Round:
    """The Round of a live outcome: a board's scripted draws then its seed's stream, a
    band's natural round of its seed, or the game's own (forced) round."""
    if force is not None and is_board(force):
        return play_board(spec, mode, board_draws_of(force), seed)
    return spec.play(Rng.for_book(seed), mode, None if is_band(force) else force)

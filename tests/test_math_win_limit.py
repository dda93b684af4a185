"""A money win limit "excluding jackpots": libraries store each book's jackpot part,
and `ModeBooks.rtp_at(bet, cap)` gives the exact RTP the cabinet pays at a bet,
checked here against WinCap.apply book by book."""
from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np
import pytest

from cabinet.core.money import WinCap
from cabinet.core import books as B
from cabinet.math.build import build
from tests.toygame import GAME, rules


def play_marking_jackpots(rng, mode, force=None):
    """The toy round with its 1,000x crown line marked as a jackpot award."""
    rnd = rules.play(rng, mode, force)
    if "jackpot" in rnd.features:
        rnd.jackpot_x100 = min(100_000, rnd.payout_x100)
    return rnd


SPEC = dataclasses.replace(GAME, play=play_marking_jackpots)


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    out = tmp_path_factory.mktemp("jp")
    build(SPEC, books=5_000, workers=1, out=out)
    return B.load_library(SPEC, out)


def brute_rtp(mb, bet: int, cap: WinCap) -> Fraction:
    paid = 0
    jack = mb.jackpot_x100 if mb.jackpot_x100 is not None else np.zeros(len(mb), dtype=np.int64)
    for w, p, j in zip(mb.weight.tolist(), mb.payout_x100.tolist(), jack.tolist()):
        paid += w * cap.apply(bet * p // 100, bet, mb.mode, jackpot=bet * j // 100)[0]
    return Fraction(paid, sum(mb.weight.tolist()) * bet * int(mb.meta["cost_x100"]) // 100)


@pytest.mark.slow
def test_library_stores_the_jackpot_part_of_each_book(lib):
    mb = lib.books("base")
    assert mb.jackpot_x100 is not None
    jp = mb.jackpot_x100 > 0
    assert jp.any() and (mb.jackpot_x100 <= mb.payout_x100).all()
    bit = np.uint64(lib.feature_bit("base", "jackpot"))
    assert (((mb.features & bit) != 0) == jp).all()


def test_no_jackpot_array_when_no_book_has_one(tmp_path):
    build(GAME, modes=["buy_bonus"], books=2_000, workers=1, out=tmp_path)
    assert B.load_mode(GAME, "buy_bonus", tmp_path).jackpot_x100 is None


def test_rtp_at_a_bet_where_no_limit_binds_is_the_library_rtp(lib):
    cap = WinCap(max_cents=10**12)
    for mode in ("base", "buy_bonus"):
        mb = lib.books(mode)
        assert mb.rtp_at(100, cap) == mb.rtp()


@pytest.mark.parametrize("bet", [100, 1_000, 10_000])
def test_rtp_at_under_a_money_limit_equals_wincap_book_by_book(lib, bet):
    cap = WinCap(max_x=5_000, max_cents=50_000)       # 500.00 excluding jackpots
    for mode in ("base", "buy_bonus"):
        mb = lib.books(mode)
        got = mb.rtp_at(bet, cap)
        assert got == brute_rtp(mb, bet, cap)
    # the jackpot part is paid above the money limit: the limit costs less with it
    base = lib.books("base")
    no_jp = dataclasses.replace(base, jackpot_x100=None)
    if bet >= 1_000:
        assert base.rtp_at(bet, cap) > no_jp.rtp_at(bet, cap)
    assert base.rtp_at(bet, cap) <= base.rtp()


def test_par_sheet_tables_rtp_by_bet_under_a_money_limit(lib):
    """The PAR sheet's table: every bet-mode x ladder bet, exact, and the last uncut bet."""
    from cabinet.math.par import rtp_by_bet
    from cabinet.math.par_markdown import _by_bet
    spec = dataclasses.replace(SPEC, bet_ladder=(100, 1_000, 10_000),
                               win_cap=WinCap(max_cents=50_000))
    table = rtp_by_bet(B.Library(spec, lib.modes, lib.path))
    assert table["rtp"]["base"]["100"] == float(lib.books("base").rtp())
    assert table["rtp"]["base"]["10000"] < table["rtp"]["base"]["100"]
    assert table["uncut_up_to_cents"]["base"] in (0, 100, 1_000)
    md = "\n".join(_by_bet(table))
    assert "## RTP by bet under the win limit" in md and "| 100.00 |" in md and "limit cuts no book up to" in md

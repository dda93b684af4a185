"""Piggy Farm's shipped libraries show the sheet's figures (exact, from the weights)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from cabinet.core import books as B
from cabinet.math.report import library_figures
from games.piggy_farm import GAME


@pytest.fixture(scope="module")
def figs():
    if not any(B.default_books_dir(GAME).glob("*.npz")):
        pytest.skip("no Piggy Farm library built yet")
    lib = B.load_library(GAME)
    return lib, library_figures(lib)["modes"]


def test_all_nine_modes_at_96_70_with_no_spread(figs):
    lib, f = figs
    assert set(f) == {m.id for m in GAME.modes}
    rtps = [lib.books(mode).rtp() for mode in f]
    assert all(abs(r - Fraction(967, 1000)) <= Fraction(1, 10**6) for r in rtps)
    assert max(rtps) - min(rtps) <= Fraction(1, 10**6)


def test_base_max_win_and_wheel_rate(figs):
    _, f = figs
    base = f["base"]
    assert base["max_win_x"] == 50_000
    assert 6_500_000 <= base["max_win_odds"] <= 7_800_000
    assert abs(base["features"]["wheel"] * 278 - 1) <= 0.01          # "about 1 base round in 278"
    ratio = f["ante"]["features"]["wheel"] / base["features"]["wheel"]
    assert abs(ratio - 5) <= 1e-9                                      # "five times as often", exactly


def test_no_book_above_the_cap_except_risk_the_farm(figs):
    lib, _ = figs
    for m in GAME.modes:
        top = int(lib.books(m.id).payout_x100.max())
        if m.id == "risk_the_farm":
            assert set(lib.books(m.id).payout_x100.tolist()) == {0, 400_000}
        else:
            assert top <= 5_000_000

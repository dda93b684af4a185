"""Cluster pays on hand-built 7x7 boards: one test per sentence of the sheet.

"five or more matching symbols connected edge to edge anywhere on the 49-cell board;
diagonals never connect. Pays climb by size band - 5, 6-7, 8-9, 10-11 and 12 or more.
The wild never starts a cluster of its own but joins every cluster it touches, and the
windmill scatter never clusters at all."
"""
from __future__ import annotations

import pytest

from games.piggy_farm import GAME
from games.piggy_farm.math.paytable import evaluate, paytable
from games.piggy_farm.math.tables import BANDS, band_of, load

from .rules_helpers import board_of, math_with


def pay(sym: str, size: int) -> float:
    return load().pay_by_size[load().sym(sym), size] / 100


def test_five_connected_anywhere_pay_and_four_do_not():
    b = board_of("""
        . . . . . . .
        . . . . . . .
        . . . GP . . .
        . . GP GP GP . .
        . . . GP . . .
        . . . . . . .
        PP PP PP PP . . .""")
    out = evaluate(b)
    assert [(w["symbol"], w["count"]) for w in out["wins"]] == [("GP", 5)]
    assert out["wins"][0]["pay_x"] == pay("GP", 5)
    assert sorted(out["wins"][0]["positions"]) == [[2, 3], [3, 2], [3, 3], [3, 4], [4, 3]]
    assert out["wins"][0]["line"] is None


def test_diagonals_never_connect():
    b = board_of("""
        GP . . . . . .
        . GP . . . . .
        . . GP . . . .
        . . . GP . . .
        . . . . GP . .
        . . . . . GP .
        . . . . . . GP""")
    assert evaluate(b)["wins"] == []


def test_pays_by_size_band():
    assert [band_of(n) for n in (5, 6, 7, 8, 9, 10, 11, 12, 30, 49)] == [0, 1, 1, 2, 2, 3, 3, 4, 4, 4]
    for n, band in ((5, "5"), (7, "6-7"), (9, "8-9"), (11, "10-11"), (14, "12+")):
        rows = [["PP"] * 7 if i < n // 7 else ["." for _ in range(7)] for i in range(7)]
        for c in range(n % 7):
            rows[n // 7][c] = "PP"
        b = board_of("\n".join(" ".join(r) for r in rows))
        (win,) = evaluate(b)["wins"]
        assert win["count"] == n
        assert win["pay_x"] == paytable()["pays"]["PP"][band]
    pays = paytable()["pays"]
    for sym, row in pays.items():
        assert list(row) == list(BANDS)
        assert list(row.values()) == sorted(row.values()), f"{sym} pays must climb with the band"


def test_wild_alone_pays_nothing():
    # seven wilds fenced off by windmills (which never cluster): no paying symbol touches them
    b = board_of("""
        WD WD WD WD WD WD WD
        WM WM WM WM WM WM WM
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .""")
    assert evaluate(b)["wins"] == []


def test_wild_joins_a_cluster_it_touches():
    b = board_of("""
        GP GP WD WD GP . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .""")
    (win,) = evaluate(b)["wins"]
    assert (win["symbol"], win["count"]) == ("GP", 5)


def test_one_wild_serves_two_clusters():
    b2 = board_of("""
        GP GP GP WD PP PP PP
        GP . . . . . PP
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .""")
    wins = {w["symbol"]: w for w in evaluate(b2)["wins"]}
    assert set(wins) == {"GP", "PP"}
    assert [0, 3] in wins["GP"]["positions"] and [0, 3] in wins["PP"]["positions"]
    assert wins["GP"]["count"] == 5 and wins["PP"]["count"] == 5
    assert round(evaluate(b2)["total_x"] * 100) == round((pay("GP", 5) + pay("PP", 5)) * 100)   # x100 exact


def test_windmill_never_clusters_and_does_not_bridge():
    b = board_of("""
        WM WM WM WM WM WM WM
        WM WM . . . . .
        . . . . . . .
        GP GP GP WM GP GP .
        . . . . . . .
        . . . . . . .
        . . . . . . .""")
    assert evaluate(b)["wins"] == []
    pt = paytable()
    assert pt["scatters"] == ["WM"] and "WM" not in pt["pays"] and pt["wild"] == "WD"
    assert pt["min_cluster"] == 5


def test_evaluate_rejects_a_wrong_board():
    with pytest.raises(ValueError):
        evaluate([["GP"] * 6] * 7)


def test_spec_lists_the_nine_modes_at_their_prices():
    prices = {m.id: m.cost_x100 for m in GAME.modes}
    assert prices == {"base": 100, "ante": 300, "wheel_buy": 4000, "free_spins": 5000, "hog_wild": 7500,
                      "growing_season": 7500, "golden_egg_hunt": 10000, "egg_hunt": 12500, "risk_the_farm": 55000}
    assert all(abs(r - 0.967) < 1e-12 for r in GAME.rtp.values())
    assert GAME.max_win_x == 50_000
    assert GAME.math.book_forces["base"]["max_win"] == 1 / 7_149_814
    assert (
        list(GAME.math.book_forces["base"])
        == list(GAME.math.book_forces["ante"])
        == ["max_win", "free_spins_x5", "wheel"]
    )
    assert set(GAME.math.book_forces) == {"base", "ante", "free_spins", "hog_wild", "growing_season",
                                          "golden_egg_hunt", "egg_hunt", "risk_the_farm"}
    assert list(GAME.math.book_forces["growing_season"]) == ["big_win"]
    assert list(GAME.math.book_forces["free_spins"]) == ["huge_win"]
    assert list(GAME.math.book_forces["hog_wild"]) == ["huge_win", "big_win"]
    assert (
        list(GAME.math.book_forces["golden_egg_hunt"])
        == list(GAME.math.book_forces["egg_hunt"])
        == ["big_win", "hunt_5000x"]
    )


@pytest.mark.parametrize("rows, cols", [(9, 7), (7, 9), (0, 7)])
def test_a_board_the_engines_cannot_hold_is_refused_in_one_line(rows, cols):
    # the engines hold a reel's window in one 8-byte word and a board in 64 bits
    with pytest.raises(ValueError, match=rf"board is {rows} x {cols} cells; allowed: 1 to 8 rows and 1 to 8 columns"):
        math_with(board={"rows": rows, "cols": cols, "min_cluster": 5})


@pytest.mark.parametrize("board, words", [
    ({"rows": "7", "cols": 7, "min_cluster": 5}, "board rows is '7'; allowed: a whole number"),
    ({"rows": 7, "cols": 7, "min_cluster": [5]}, r"board min_cluster is \[5\]; allowed: a whole number"),
    ({"rows": 7, "cols": 7, "min_cluster": 1}, "board min_cluster is 1; allowed: 2 to the board's 49 cells"),
    ({"rows": 7, "cols": 7, "min_cluster": 50}, "board min_cluster is 50; allowed: 2 to the board's 49 cells"),
])
def test_a_board_entry_that_is_not_a_whole_number_in_range_is_refused(board, words):
    with pytest.raises(ValueError, match=words):
        math_with(board=board)

"""Tumble: "every winning cluster is removed, the symbols above drop into the gaps and
fresh ones fall in from the reel strip above the window. The board is re-evaluated
after each drop and keeps paying until no cluster forms. Every win in the chain adds up."
"""
from __future__ import annotations

from cabinet.core.rng import Rng
from games.piggy_farm.math import events as E
from cabinet.mechanics.clusters import find_clusters
from games.piggy_farm.math.rules import masks, play, tumble_chain
from games.piggy_farm.math.tables import load

from .rules_helpers import board_of, ints, math_with, spin_state


def test_winners_removed_survivors_fall_refills_from_strip_above():
    # Column 0's strip: the window starts at position 7; the 2 symbols above it
    # (positions 5 and 6) are what drop in, in strip order, top row first.
    col0 = "AP CN CR EG HN PP GP HN EG CN CR EG AP CN"
    pm = math_with({"base": [col0] + ["AP CN CR EG HN PP GP"] * 6})
    b = board_of("""
        EG . . . . . .
        CR . . . . . .
        HN . . . . . .
        . . . . . . .
        . . . . . . .
        GP GP GP . . . .
        GP GP . . . . .""")
    b[3][0], b[4][0] = "AP", "PP"
    sp = spin_state(pm)
    board = ints(pm, b)
    tops = [7, 0, 0, 0, 0, 0, 0]
    tumble_chain(sp, "base", board, tops)
    first = next(e for e in sp.events if e["type"] == E.TUMBLE)
    assert sorted(first["removed"]) == [[5, 0], [5, 1], [5, 2], [6, 0], [6, 1]]
    col = [row[0] for row in first["board"]]
    # survivors EG CR HN AP PP fall by two; refills strip[5], strip[6] = PP GP on top
    assert col == ["PP", "GP", "EG", "CR", "HN", "AP", "PP"]
    assert [c for c in first["falls"] if c[0] == 0] == [[0, 0, 2], [0, 1, 3], [0, 2, 4], [0, 3, 5], [0, 4, 6]]
    assert [r for r in first["refills"] if r[0] == 0] == [[0, 0, "PP"], [0, 1, "GP"]]
    assert first["tops"][0] == 5


def test_chain_keeps_paying_and_every_win_adds_up():
    # A first cluster of GP whose removal lets a second GP group fall together.
    pm = math_with({"base": ["AP CN CR EG HN PP WM"] * 7})
    b = board_of("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        PP PP PP . . . .
        GP GP GP GP GP . .
        PP PP . . . . .
        . . . . . . .""")
    sp = spin_state(pm)
    win, final = tumble_chain(sp, "base", ints(pm, b), [0] * 7)
    wins = [e for e in sp.events if e["type"] == E.CLUSTER_WIN]
    assert [(w["symbol"], w["size"]) for w in wins[:2]] == [("GP", 5), ("PP", 5)]
    assert win == sum(w["win_x100"] for w in wins) == sp.total
    assert len([e for e in sp.events if e["type"] == E.TUMBLE]) >= 2
    # the chain stops only when the board holds no cluster
    own, wild, _ = masks(pm, final)
    assert find_clusters(own, wild, pm.shape, pm.min_cluster) == []


def test_base_round_pays_the_sum_of_its_chain_and_prize():
    pm = load()
    seen_chain = False
    for seed in range(300):
        r = play(Rng(seed), "base")
        clusters = sum(e["win_x100"] for e in r.events if e["type"] == E.CLUSTER_WIN)
        coins = sum(e["win_x100"] for e in r.events if e["type"] == E.COIN_PRIZE)
        assert r.payout_x100 == min(clusters + coins, pm.cap_x100)
        drops = [e for e in r.events if e["type"] == E.TUMBLE]
        seen_chain |= len(drops) >= 2
        assert r.events[0]["type"] == E.BOARD and r.events[-1]["type"] == E.ROUND_END
    assert seen_chain

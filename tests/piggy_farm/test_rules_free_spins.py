"""Free spins, the sticky grid, HOG WILD and GROWING SEASON on hand-built states.

Sheet: "Free Spins - 8 spins, retriggered by 3 or more scatters for 5 more. A sticky
grid multiplier runs underneath: every cell that takes part in a win stays charged for
the rest of the round, and a later cluster covering charged cells is multiplied by their
summed value, read before the cells bump again. Each cell caps at 128."
Our rule (math.yaml sticky_grid): a cell's first win charges it at x1, each later win
doubles it, up to x128; a cluster on no charged cell pays x1.
"""
from __future__ import annotations

import numpy as np

from cabinet.core.rng import Rng
from games.piggy_farm.math import events as E
from games.piggy_farm.math.board import layout
from games.piggy_farm.math.forced import play
from games.piggy_farm.math.rules import bump, free_spins, tumble_chain
from games.piggy_farm.math.sim import free_spins_batch
from games.piggy_farm.math.tables import load

from .rules_helpers import QUIET, board_of, ints, math_with, spin_state

FIVE_GP = board_of("""
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    GP GP GP GP GP . .""")


def test_charge_starts_at_1_doubles_and_caps_at_128():
    pm = load()
    assert pm.raw["sticky_grid"] == {"first_charge": 1, "growth": 2, "cap": 128}
    grid = [0] * 49
    seen = []
    for _ in range(10):
        bump(layout(pm), grid, 1 << 3)
        seen.append(grid[3])
    assert seen == [1, 2, 4, 8, 16, 32, 64, 128, 128, 128]
    assert sum(grid) == 128


def test_cluster_multiplier_is_the_sum_read_before_the_bump():
    pm = math_with(QUIET)
    sp = spin_state(pm, "free_spins")
    grid = [0] * 49
    # bottom row cells 42..46 carry 2, 4, 0, 128, 1 before the drop
    for cell, v in ((42, 2), (43, 4), (45, 128), (46, 1)):
        grid[cell] = v
    tumble_chain(sp, "free_spins", ints(pm, FIVE_GP), [0] * 7, grid)
    first = next(e for e in sp.events if e["type"] == E.CLUSTER_WIN)
    assert first["grid_sum"] == 2 + 4 + 0 + 128 + 1
    assert first["multiplier"] == 135
    assert first["win_x100"] == first["pay_x100"] * 135
    after = next(e for e in sp.events if e["type"] == E.STICKY_GRID)["values"][6][:5]
    assert after == [4, 8, 1, 128, 2]          # bumped after the read: doubled, new charge 1, capped


def test_cluster_on_uncharged_cells_pays_x1_and_charges_them():
    pm = math_with(QUIET)
    sp = spin_state(pm, "free_spins")
    grid = [0] * 49
    tumble_chain(sp, "free_spins", ints(pm, FIVE_GP), [0] * 7, grid)
    first = next(e for e in sp.events if e["type"] == E.CLUSTER_WIN)
    assert (first["grid_sum"], first["multiplier"]) == (0, 1)
    assert grid[42:47] == [1, 1, 1, 1, 1]


def test_retrigger_adds_5_spins():
    # every reel shows a windmill in every window: each spin retriggers
    pm = math_with({"free_spins": ["WM AP CN CR EG HN PP"] * 7})
    sp = spin_state(pm, "free_spins")
    sp.cap = 50_000_00
    free_spins(sp, "free_spins", 2, "free_spins")
    rt = [e for e in sp.events if e["type"] == E.RETRIGGER]
    assert rt and all(e["added"] == 5 for e in rt)
    assert rt[0]["of"] == 7 and rt[1]["of"] == 12
    assert "retrigger" in sp.features


def test_grid_never_leaks_between_rounds_or_into_the_base_game():
    for seed in range(30):
        r = play(Rng(seed), "free_spins")
        grids = [e["values"] for e in r.events if e["type"] == E.STICKY_GRID]
        if grids:
            assert max(max(row) for row in grids[0]) == 1      # a fresh grid: first wins charge at x1
        first_win = next((e for e in r.events if e["type"] == E.CLUSTER_WIN), None)
        if first_win:
            assert first_win["grid_sum"] == 0
    # base-game clusters (outside free spins) are never multiplied, even right after
    # a free-spins round charged a grid
    for seed in range(200):
        r = play(Rng(seed), "base", force="free_spins" if seed == 0 else None)
        fs_at = next((i for i, e in enumerate(r.events) if e["type"] == E.FREE_SPINS_START), len(r.events))
        assert all(e["multiplier"] == 1 for e in r.events[:fs_at] if e["type"] == E.CLUSTER_WIN)
        assert E.STICKY_GRID not in [e["type"] for e in r.events[:fs_at]]


def test_vectorised_grid_is_fresh_for_every_round():
    pm = load()
    gen = np.random.Generator(np.random.PCG64DXSM(3))
    a, _, _ = free_spins_batch(pm, gen, "free_spins", np.full(200, 10), "base", np.ones(200, dtype=np.int64),
                               np.full(200, pm.cap_x100))
    gen = np.random.Generator(np.random.PCG64DXSM(3))
    b, _, _ = free_spins_batch(pm, gen, "free_spins", np.full(200, 10), "base", np.ones(200, dtype=np.int64),
                               np.full(200, pm.cap_x100))
    assert (a == b).all()          # same seed, same results: no state carried between calls


def test_free_spins_buy_is_10_spins_on_base_strips():
    r = play(Rng(2), "free_spins")
    start = next(e for e in r.events if e["type"] == E.FREE_SPINS_START)
    assert (start["spins"], start["strips"], start["start_multiplier"], start["sticky"]) == (10, "base", 1, True)
    boards = [e for e in r.events if e["type"] == E.BOARD]
    assert len(boards) >= 10 and all(b["strips"] == "base" for b in boards)


def test_growing_season_multiplier_is_the_spin_number_and_scatters_sleep():
    pm = math_with({"growing_season": ["WM AP CN CR EG HN PP"] * 7})
    sp = spin_state(pm, "growing_season")
    free_spins(sp, "growing_season", 15, "growing_season")
    spins = [e for e in sp.events if e["type"] == E.FREE_SPIN]
    assert [e["multiplier"] for e in spins] == list(range(1, 16))
    assert sum(e["multiplier"] for e in spins) == 120
    ends = [e for e in sp.events if e["type"] == E.SPIN_END]
    assert all(e["scatters"] >= 3 for e in ends)                     # windmills everywhere...
    assert E.RETRIGGER not in [e["type"] for e in sp.events]         # ...asleep: no retrigger
    assert E.WHEEL_SPIN not in [e["type"] for e in sp.events]        # and no wheel
    assert E.STICKY_GRID not in [e["type"] for e in sp.events]
    current = 0
    for e in sp.events:
        if e["type"] == E.FREE_SPIN:
            current = e["index"]
        if e["type"] == E.CLUSTER_WIN:
            assert e["multiplier"] == current and e["win_x100"] == e["pay_x100"] * current


def test_hog_wild_spawns_1_to_3_wilds_each_spin_on_the_wild_rich_strips():
    pm = load()
    wd = lambda strips: sum(r.count(pm.wild) for r in pm.strips[strips]) / sum(len(r) for r in pm.strips[strips])
    assert wd("hog_wild") > 1.5 * wd("base")
    counts = set()
    for seed in range(6):
        r = play(Rng(seed), "hog_wild")
        start = next(e for e in r.events if e["type"] == E.FREE_SPINS_START)
        assert (start["spins"], start["strips"], start["sticky"]) == (8, "hog_wild", True)
        events = r.events
        for i, e in enumerate(events):
            if e["type"] == E.WILD_SPAWN:
                board = events[i - 1]["board"]
                assert events[i - 1]["type"] == E.BOARD
                assert 1 <= len(e["cells"]) <= 3
                counts.add(len(e["cells"]))
                for rr, cc in e["cells"]:
                    assert board[rr][cc] not in ("WD", "WM") and e["board"][rr][cc] == "WD"
        spins = sum(1 for e in events if e["type"] == E.FREE_SPIN)
        assert spins == sum(1 for e in events if e["type"] == E.WILD_SPAWN)
    assert counts == {1, 2, 3}

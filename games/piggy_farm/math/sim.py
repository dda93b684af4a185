"""Piggy Farm's vectorised engine for `sim`: the rules of rules.py for many rounds at once.

simulate(seed_sequence, mode, n) -> {"payout_x100": int64[n], "features": {name: bool[n]},
"sums": {...}} (base and ante: the sum and sum of squares of the spins' own wins)

Rounds advance together as numpy arrays: boards (m, 8) uint64, one word a column (see
PAD below), strip positions (m, 7), sticky grids (m, 49); the still-active rows shrink
as tumble chains and free-spin rounds end. Cluster finding and tumbles are the batch versions of the
shared mechanisms. The random streams differ from rules.py, the rules do not: a test
and `python -m cabinet.math agree piggy_farm` check that both give the same RTP, hit rate and feature rates.
"""
from __future__ import annotations

from typing import Any, cast

import numpy as np

from cabinet.core.rng import make_bit_generator, weighted_batch
from cabinet.mechanics.clusters import BoardShape, find_clusters_batch, pack_masks, unpack_mask
from cabinet.mechanics.tumble import column_words, tumble_words

from .tables import PiggyMath, band_of, load

FEATURES = ("wheel", "wheel_bronze", "wheel_silver", "wheel_gold", "upgrade", "coin_prize", "free_spins",
            "free_spins_x1", "free_spins_x2", "free_spins_x3", "free_spins_x5", "retrigger", "hog_wild",
            "growing_season", "hunt_prizes", "hunt_5000x", "risk_win", "capped", "max_win", "big_win",
            "huge_win")


# The tumbling boards are held one uint64 a column (StripSet.words): memory byte 8 * col
# + row of a board's 8 words is cell (row, col), the bytes past the 7 rows and the 8th
# word -1 (no symbol). Cluster masks are then bit 8 * col + row: the cluster finder sees
# the board transposed (orthogonal neighbours stay neighbours), on 8 x 8 cells.
PAD = np.uint64(0xFFFF_FFFF_FFFF_FFFF)
BY_COLUMN = BoardShape(8, 8)
BYTE_SHIFTS = np.arange(0, 64, 8, dtype=np.uint64)


# wins (x the cost) at which the live run counts the rounds that reach them without the
# wheel ("no_wheel_ge_x"; its last entry counts those reaching the cap)
NO_WHEEL_X = (1_000, 5_000, 10_000)


def weighted(gen: np.random.Generator, weights, n: int) -> np.ndarray:
    """n indices drawn with integer weights exactly (uniform integer, cumulative sum)."""
    return weighted_batch(gen, np.cumsum(np.asarray(weights, dtype=np.int64)), n)


def spin_batch(pm: PiggyMath, gen: np.random.Generator | None, strips: str, m: int, multiplier: np.ndarray,
               room: np.ndarray, grid: np.ndarray | None = None, spawn: dict | None = None,
               tally: np.ndarray | None = None, tops: np.ndarray | None = None,
               spawned: np.ndarray | None = None):
    """m spins with their tumble chains. `multiplier` (m,) is each row's fixed factor,
    `room` (m,) how much each round may still win before the cap; `grid` (m, 49) is
    the sticky grid (updated in place) or None; `spawn` HOG WILD's count weights.
    `tally` (symbols, bands), if given, accumulates each cluster's total multiplier
    by symbol and pay band (RTP is linear in the paytable: tools use this to tune).
    `tops` (m, 7), if given, are the strip stops instead of draws from `gen`, and
    `spawned` (m, 49) bool, if given, the cells HOG WILD turns wild (batch.py: the
    exact streams of rules.py); without them nothing else changes.
    Returns (win (m,), windmills on the final board (m,), capped (m,))."""
    ss = pm.strip_sets[strips]
    rows, cols, cells = pm.shape.rows, pm.shape.cols, pm.shape.cells
    # at most 8 x 8 cells (tables.parse refuses more): a board is 64 bits
    row_major = np.arange(cells) % cols * 8 + np.arange(cells) // cols      # cell row * cols + col -> its bit
    if tops is None:
        tops = cast(np.random.Generator, gen).integers(0, ss.lengths, (m, cols))
    else:
        tops = np.asarray(tops, dtype=np.int64)
    if spawned is None and spawn is None:
        words = np.full((m, 8), PAD, dtype=np.uint64)
        words[:, :cols] = ss.words(tops, rows)
    else:
        board = ss.window(tops, rows)
        if spawned is not None:
            board.reshape(m, cells)[spawned] = pm.wild
        elif spawn is not None:
            k = np.array([int(x) for x in spawn])[
                weighted(cast(np.random.Generator, gen), [int(v) for v in spawn.values()], m)
            ]
            flat = board.reshape(m, cells)
            keys = cast(np.random.Generator, gen).random((m, cells))
            keys[(flat == pm.wild) | (flat == pm.scatter)] = 2.0
            order = np.argsort(keys, axis=1)[:, :3]
            for j in range(3):
                rows_j = np.nonzero(j < k)[0]
                cell = order[rows_j, j]
                ok = keys[rows_j, cell] < 2.0
                flat[rows_j[ok], cell[ok]] = pm.wild
        words = column_words(board, 8)
    win = np.zeros(m, dtype=np.int64)
    capped = np.zeros(m, dtype=bool)
    scatters = np.zeros(m, dtype=np.int64)
    rule = pm.raw["sticky_grid"]
    first, growth, top = int(rule["first_charge"]), int(rule["growth"]), int(rule["cap"])
    pay_ids = list(pm.pay_ids)
    sym_of = np.array(pay_ids)
    if tally is not None:
        band_index = np.array([band_of(x) if x >= pm.min_cluster else 0 for x in range(cells + 1)])
    active = np.arange(m)
    cur = words      # the boards of the rows still tumbling (`active`), and their stops
    while True:
        cells_of = cur.view(np.int8)                  # (len(active), 64): cell (row, col) at 8 * col + row
        mk = pack_masks(cells_of, pay_ids + [pm.wild, pm.scatter])
        bi, si, cm, size = find_clusters_batch(mk[:, :-2], mk[:, -2], BY_COLUMN, pm.min_cluster)
        if not len(bi):
            scatters[active] = np.bitwise_count(mk[:, -1])
            break
        pay = pm.pay_by_size[sym_of[si], size.astype(np.int64)]
        rows_hit = active[bi]
        if grid is not None:
            bits = unpack_mask(cm, 64)[:, row_major]
            gsum = (bits * grid[rows_hit]).sum(axis=1)
            pay = pay * np.maximum(gsum, 1)
        pay = pay * multiplier[rows_hit]
        if tally is not None:
            factor = multiplier[rows_hit] * (np.maximum(gsum, 1) if grid is not None else 1)
            np.add.at(tally, (sym_of[si], band_index[size]), factor)
        # the clusters come board by board (bi ascending): each hit board's win and cells
        starts = np.flatnonzero(np.concatenate(([True], bi[1:] != bi[:-1])))
        hit = bi[starts]
        union = np.bitwise_or.reduceat(cm, starts)
        if grid is not None:
            removed = unpack_mask(union, 64)[:, row_major]
            g = grid[active[hit]]
            grid[active[hit]] = np.where(removed, np.where(g == 0, first, np.minimum(g * growth, top)), g)
        win[active[hit]] += np.add.reduceat(pay, starts)
        over = win[active] >= room[active]
        capped[active[over]] = True
        go_on = ~over[hit]
        keep = hit[go_on]
        stays = np.zeros(len(active), dtype=bool)
        stays[keep] = True
        scatters[active[~stays]] = np.bitwise_count(mk[~stays, -1])
        if not len(keep):
            break
        # each column's removed cells: byte col of the union mask
        pattern = (union[go_on][:, None] >> BYTE_SHIFTS[:cols]) & np.uint64(0xFF)
        fallen, tops = tumble_words(cur[keep, :cols], pattern, ss, tops[keep], rows)
        cur = np.full((len(keep), 8), PAD, dtype=np.uint64)
        cur[:, :cols] = fallen
        active = active[keep]
    return win, scatters, capped


def free_spins_batch(pm: PiggyMath, gen: np.random.Generator | None, kind: str, spins: np.ndarray, strips: str,
                     start: np.ndarray, room: np.ndarray, tally: np.ndarray | None = None, draw=None):
    """Free-spins rounds in lockstep ('free_spins', 'hog_wild', 'growing_season').
    `draw(rows) -> (tops, spawned or None)`, if given, supplies each spin's stops (and
    HOG WILD's spawned cells) for the still-playing rows instead of `gen` (batch.py).
    Returns (win, retriggered, capped), each (m,)."""
    m = len(spins)
    spins = spins.astype(np.int64).copy()
    sticky = kind != "growing_season"
    grid = np.zeros((m, pm.shape.cells), dtype=np.int64) if sticky else None   # fresh each round
    fs = pm.raw["free_spins"]
    spawn = pm.mode("hog_wild")["spawn_weights"] if kind == "hog_wild" else None
    done = np.zeros(m, dtype=np.int64)
    won = np.zeros(m, dtype=np.int64)
    retrig = np.zeros(m, dtype=bool)
    capped = np.zeros(m, dtype=bool)
    alive = np.arange(m)
    while len(alive):
        i = done[alive] + 1
        mult = start[alive] * (i if kind == "growing_season" else 1)
        g = cast(np.ndarray, grid)[alive] if sticky else None
        tops, spawned = draw(alive) if draw is not None else (None, None)
        w, sc, cp = spin_batch(pm, gen, strips, len(alive), mult, room[alive] - won[alive], g, spawn, tally,
                               tops, spawned)
        if sticky:
            assert grid is not None and g is not None     # sticky: both arrays
            grid[alive] = g
        won[alive] += w
        capped[alive] |= cp
        if sticky:
            rt = (sc >= int(fs["retrigger_scatters"])) & ~cp
            spins[alive[rt]] += int(fs["retrigger_spins"])
            retrig[alive[rt]] = True
        done[alive] = i
        alive = alive[(i < spins[alive]) & ~cp]
    return won, retrig, capped


def tier_index(pm: PiggyMath) -> np.ndarray:
    """For every count of windmills 0..cells, the index (in the tier order) of THE
    FARM WHEEL tier it triggers, -1 for none (pm.tier_for as a lookup table)."""
    names = list(pm.wheel.tiers)
    return np.array([-1 if pm.tier_for(s) is None else names.index(cast(str, pm.tier_for(s)))
                     for s in range(pm.shape.cells + 1)])


def wheel_chain(pm: PiggyMath, tiers: np.ndarray, pick) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """THE FARM WHEEL's spins for rounds starting on `tiers` (indices into the tier
    order): each tier's rounds draw one slice, `pick(rows, cum)` (one index per row of
    `rows` from the slices' cumulative weights: the engine's own random source), and an
    upgrade slice spins the next tier. Returns each round's final tier, the slice it
    stopped on there and whether it upgraded (both engines: wheel_batch, batch.py)."""
    wheel = pm.wheel
    cur = np.asarray(tiers, dtype=np.int64).copy()
    final = np.full(len(cur), -1, dtype=np.int64)
    upgraded = np.zeros(len(cur), dtype=bool)
    for t, name in enumerate(wheel.tiers):            # tiers in upgrade order: a round only moves up
        rows = np.flatnonzero(cur == t)
        if not len(rows):
            continue
        slices = wheel.tiers[name]
        pick_ix = pick(rows, np.cumsum(np.asarray([s.weight for s in slices], dtype=np.int64)))
        up = np.array([s.kind == wheel.upgrade_kind for s in slices])[pick_ix]
        cur[rows[up]] = t + 1
        upgraded[rows[up]] = True
        final[rows[~up]] = pick_ix[~up]
    return cur, final, upgraded


def wheel_batch(pm: PiggyMath, gen: np.random.Generator, tiers: np.ndarray, room: np.ndarray, feats: dict):
    """THE FARM WHEEL for m rounds whose trigger tiers are `tiers` (indices into the
    tier order). Returns each round's wheel win; fills the wheel features."""
    names = list(pm.wheel.tiers)
    m = len(tiers)
    win = np.zeros(m, dtype=np.int64)
    for t, name in enumerate(names):
        feats[f"wheel_{name}"] = tiers == t
    feats["wheel"] = np.ones(m, dtype=bool)
    cur, slice_ix, upgraded = wheel_chain(pm, tiers, lambda rows, cum: weighted_batch(gen, cum, len(rows)))
    final = cur * 100 + slice_ix
    feats["upgrade"] = upgraded
    coin = np.zeros(m, dtype=bool)
    fs_start = np.zeros(m, dtype=np.int64)
    for t, name in enumerate(names):
        for j, s in enumerate(pm.wheel.tiers[name]):
            hit = final == t * 100 + j
            if s.kind == "coin":
                win[hit] = int(s.value)
                coin |= hit
            elif s.kind == "free_spins":
                fs_start[hit] = int(s.value)
    feats["coin_prize"] = coin
    fs = pm.raw["free_spins"]
    go = np.nonzero(fs_start > 0)[0]
    for v in (1, 2, 3, 5):
        feats[f"free_spins_x{v}"] = fs_start == v
    feats["free_spins"] = fs_start > 0
    feats["retrigger"] = np.zeros(m, dtype=bool)
    if len(go):
        w, rt, _ = free_spins_batch(pm, gen, "free_spins", np.full(len(go), int(fs["spins"])), fs["strips"],
                                    fs_start[go], room[go])
        win[go] += w
        feats["retrigger"][go] = rt
    return win


def simulate(seed_sequence, mode: str, n: int) -> dict:
    """n rounds of `mode` from the seed sequence; see the module docstring."""
    pm = load()
    gen = np.random.Generator(make_bit_generator(seed_sequence))
    m = pm.mode(mode)
    cap = None if m.get("cap_exempt") else pm.cap_x100
    room = np.full(n, cap if cap is not None else np.iinfo(np.int64).max // 4, dtype=np.int64)
    feats = {f: np.zeros(n, dtype=bool) for f in FEATURES}
    pay = np.zeros(n, dtype=np.int64)
    names = list(pm.wheel.tiers)
    sums: dict[str, Any] = {}
    if mode in ("base", "ante"):
        pay, scat, capped = spin_batch(pm, gen, m["strips"], n, np.ones(n, dtype=np.int64), room)
        spin = pay.astype(np.float64)
        # the spins' own wins (tumbles, no wheel), for the PAR sheet's variance-reduced RTP
        sums = {"spin_x100": int(pay.sum()), "spin_sq": float(spin @ spin)}
        tiers = tier_index(pm)[scat]
        go = np.nonzero((tiers >= 0) & ~capped)[0]
        rest = pay[(tiers < 0) | capped]
        sums["no_wheel_ge_x"] = [int((rest >= x * int(m["cost_x100"])).sum()) for x in NO_WHEEL_X] + [
            int((rest >= pm.cap_x100).sum())]
        sub: dict[str, np.ndarray] = {}
        pay[go] += wheel_batch(pm, gen, tiers[go], room[go] - pay[go], sub)
        for k, v in sub.items():
            feats[k][go] = v
    elif mode == "wheel_buy":
        tw = m["tier_weights"]
        tiers = np.array([names.index(t) for t in tw])[weighted(gen, [int(v) for v in tw.values()], n)]
        pay = wheel_batch(pm, gen, tiers, room, feats)
    elif mode in ("free_spins", "hog_wild", "growing_season"):
        pay, rt, _ = free_spins_batch(pm, gen, mode, np.full(n, int(m["spins"])), m["strips"],
                                      np.full(n, int(m.get("start_multiplier", 1)), dtype=np.int64), room)
        feats[mode][:] = True
        feats["retrigger"] = rt
    elif mode in ("golden_egg_hunt", "egg_hunt"):
        hunt = pm.hunt(mode)
        counts = np.array(list(hunt.prize_counts))[weighted(gen, list(hunt.prize_counts.values()), n)]
        ladder = np.array(list(hunt.ladder), dtype=np.int64)
        prizes = ladder[weighted(gen, list(hunt.ladder.values()), n * hunt.nests).reshape(n, hunt.nests)]
        prizes[np.arange(hunt.nests)[None, :] >= counts[:, None]] = 0
        pay = prizes.sum(axis=1)
        feats["hunt_prizes"][:] = True
        feats["hunt_5000x"] = (prizes >= 500000).any(axis=1)
    elif mode == "risk_the_farm":
        num, den = (int(x) for x in m["chance"])
        won = gen.integers(0, den, n) < num
        pay = np.where(won, int(m["prize_x100"]), 0).astype(np.int64)
        feats["risk_win"] = won
    else:
        raise KeyError(f"piggy_farm has no mode {mode!r}")
    if cap is not None:
        feats["capped"] = pay >= cap
        feats["max_win"] = feats["capped"]
        pay = np.minimum(pay, cap)
    for level, x in pm.win_levels(mode).items():
        feats[level] = pay >= x
    return {"payout_x100": pay, "features": feats, "sums": sums}

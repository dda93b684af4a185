"""Grinning Harvest, vectorised: the same rules as rules.py/bonus.py over many rounds
at once (numpy arrays and masks), for `python -m cabinet.math sim` and the design
tools. It draws from the same math.yaml with the same probabilities, but not the
same random stream: the two engines agree in distribution (tests/grinning_harvest/
test_gh_engines_agree.py and `python -m cabinet.math agree grinning_harvest` check it), not round by round.

`simulate(seed_sequence, mode, n)` -> {"payout_x100": int64[n], "features": {name: bool[n]}}.
`simulate_parts(...)` also returns the payout split (line, collect, bonus) for PAR work.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from cabinet.core.rng import make_bit_generator, weighted_batch

from .tables import JACKPOTS, REELS, ROWS, Maths, RowTable, ValueTable, load
from .rules import FEATURES, big_win_x100

CHUNK = 100_000


def _draw(gen: np.random.Generator, table: ValueTable, k: int) -> np.ndarray:
    """k indices into a value table, each with its integer weight's probability."""
    return weighted_batch(gen, table.cum, k)


def _draw_row(gen: np.random.Generator, row: RowTable, k: int) -> np.ndarray:
    """Row-above item indices (k, REELS)."""
    out = np.empty((k, REELS), dtype=np.intp)
    for c in range(REELS):
        out[:, c] = weighted_batch(gen, row.cum[c], k)
    return out


def bonus_batch(gen: np.random.Generator, m: Maths, row: RowTable, vt: ValueTable, pumpkins: np.ndarray,
                start_x100: np.ndarray, vaults: np.ndarray, cap_left: np.ndarray,
                feats: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Play k bonuses at once. `pumpkins` bool (k, ROWS, 2) held pumpkin cells on
    reels 1 and 3; `start_x100` the starting pumpkins' total (collected by each
    starting vault); `vaults` bool (k, ROWS) vault cells on reel 2; `cap_left` what
    each round may still win. Sets jackpot/great_skull/vaults_3 flags in `feats`
    (arrays of length k). Returns (bonus payout int64[k], capped bool[k])."""
    k = len(start_x100)
    vals = np.where(vaults, start_x100[:, None], 0).astype(np.int64)
    capped = vals.sum(axis=1) >= cap_left
    lives = np.full(k, m.lives)
    live = ~capped
    while live.any():
        ix = np.flatnonzero(live)
        total, lv = bonus_spin(gen, m, row, vt, pumpkins, vaults, vals, lives, feats, ix)
        cap_now = total >= cap_left[ix]
        capped[ix[cap_now]] = True
        # the bonus ends only after `lives` empty spins, full board or not (the row
        # above still multiplies the vaults on a full board)
        live[ix] = ~cap_now & (lv > 0)
    feats["vaults_3"] |= vaults.sum(axis=1) >= 3
    pay = np.where(capped, cap_left, vals.sum(axis=1))
    return pay, capped


def bonus_spin(gen: np.random.Generator, m: Maths, row: RowTable, vt: ValueTable, pumpkins: np.ndarray,
               vaults: np.ndarray, vals: np.ndarray, lives: np.ndarray,
               feats: dict[str, np.ndarray], ix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One spin of the bonuses `ix` (indices into the state arrays: held pumpkins,
    vaults, vault values, lives, updated in place; jackpot/great_skull flags set in
    `feats`). Returns (each one's vault total after the spin, its lives after it)."""
    n = len(ix)
    p_pumpkin = m.pumpkin_chance / m.chance_den
    p_vault = m.vault_chance / m.chance_den
    mults = row.multipliers
    ph, vh, vv = pumpkins[ix], vaults[ix], vals[ix]
    land = ~ph & (gen.random((n, ROWS, 2)) < p_pumpkin)
    vroom = vh.sum(axis=1) < m.max_vaults
    vland = ~vh & vroom[:, None] & (gen.random((n, ROWS)) < p_vault)
    ri = _draw_row(gen, row, n)
    great = (ri == row.skull).all(axis=1)
    g = np.ones(n, dtype=np.int64)
    if great.any():
        feats["great_skull"][ix[great]] = True
        g[great] = m.great_skull_mult[weighted_batch(gen, m.great_skull_cum, int(great.sum()))]
    # vault values first: multiplier above the top-row vault, then the Great Skull
    vv = vv * g[:, None]
    vv[:, 0] *= mults[ri[:, 1]]
    # this spin's pumpkins, multiplied by the row (top row only) and the Great Skull
    cnt = int(land.sum())
    pv = np.zeros((n, ROWS, 2), dtype=np.int64)
    if cnt:
        vi = _draw(gen, vt, cnt)
        pv[land] = vt.value_x100[vi]
        where = np.nonzero(land)[0]
        for j in JACKPOTS:
            hit = vi == vt.labels.index(j)
            if hit.any():
                feats[f"jackpot_{j}"][ix[where[hit]]] = True
        pv[:, 0, 0] *= mults[ri[:, 0]]
        pv[:, 0, 1] *= mults[ri[:, 2]]
        pv *= g[:, None, None]
    vh = vh | vland
    vv += np.where(vh, pv.sum(axis=(1, 2))[:, None], 0)
    ph = ph | land
    reset = land.any(axis=(1, 2)) | vland.any(axis=1)
    lv = np.where(reset, m.lives, lives[ix] - 1)
    pumpkins[ix], vaults[ix], vals[ix], lives[ix] = ph, vh, vv, lv
    return vv.sum(axis=1), lv


def _base_chunk(gen: np.random.Generator, m: Maths, n: int) -> dict[str, Any]:
    """n base rounds: payouts, their parts and the feature flags."""
    board = np.empty((n, ROWS, REELS), dtype=np.int16)
    for c in range(REELS):
        strip = m.strips[c]
        stops = gen.integers(0, len(strip), n)
        board[:, :, c] = strip[(stops[:, None] + np.arange(ROWS)) % len(strip)]
    line = m.lines.pays_batch(board)
    feats = {f: np.zeros(n, dtype=bool) for f in FEATURES}
    pmask = board == m.sym["pumpkin"]
    vmask = board[:, :, 1] == m.sym["vault"]
    nv = vmask.sum(axis=1)
    pv = np.zeros((n, ROWS, REELS), dtype=np.int64)
    pl = np.full((n, ROWS, REELS), -1, dtype=np.intp)
    cnt = int(pmask.sum())
    if cnt:
        vi = _draw(gen, m.values_base, cnt)
        pv[pmask] = m.values_base.value_x100[vi]
        pl[pmask] = vi
    trig = pmask[:, :, 0].any(axis=1) & pmask[:, :, 2].any(axis=1) & (nv > 0)
    has_p = pmask.any(axis=(1, 2))
    coll = ~trig & (nv > 0) & has_p
    collect = np.where(coll, nv * pv.sum(axis=(1, 2)), 0)
    feats["collect"] = coll
    feats["bonus"] = trig
    for k in (2, 3):
        feats[f"vaults_in_view_{k}"] = nv == k
    paid = coll | trig                  # pumpkins collected: in the base game or at the bonus start
    for j in JACKPOTS:
        feats[f"jackpot_{j}"] = paid & (pl == m.values_base.labels.index(j)).any(axis=(1, 2))
    bonus = np.zeros(n, dtype=np.int64)
    capped = np.zeros(n, dtype=bool)
    ti = np.flatnonzero(trig)
    if len(ti):
        sub = {f: np.zeros(len(ti), dtype=bool) for f in FEATURES}
        pay, cap = bonus_batch(gen, m, m.row, m.values_bonus, pmask[ti][:, :, [0, 2]].copy(),
                               pv[ti].sum(axis=(1, 2)), vmask[ti].copy(), m.max_win_x100 - line[ti], sub)
        bonus[ti], capped[ti] = pay, cap
        for f in ("great_skull", "vaults_3") + tuple(f"jackpot_{j}" for j in JACKPOTS):
            feats[f][ti] |= sub[f]
    total = line + collect + bonus
    capped |= total >= m.max_win_x100
    total = np.minimum(total, m.max_win_x100)
    feats["max_win"] = capped
    feats["big_win"] = total >= big_win_x100(m, "base")
    return {"payout_x100": total, "line": line, "collect": collect, "bonus": bonus, "features": feats}


def buy_start(gen: np.random.Generator, m: Maths, mode: str, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                                             dict[str, np.ndarray]]:
    """n starting boards of a buy option: held pumpkins (n, ROWS, 2), their total
    (x100), vaults (n, ROWS), and the feature flags so far (bonus; the starting
    pumpkins' jackpots)."""
    opt = m.buy(mode)
    feats = {f: np.zeros(n, dtype=bool) for f in FEATURES}
    feats["bonus"][:] = True

    def rows(count: int) -> np.ndarray:
        order = np.argsort(gen.random((n, ROWS)), axis=1)
        mask = np.zeros((n, ROWS), dtype=bool)
        np.put_along_axis(mask, order[:, :count], True, axis=1)
        return mask

    pumpkins = np.stack([rows(opt.start_pumpkins_per_reel), rows(opt.start_pumpkins_per_reel)], axis=2)
    vaults = rows(opt.start_vaults)
    cnt = int(pumpkins.sum())
    vi = _draw(gen, opt.values, cnt)
    start = np.zeros((n, ROWS, 2), dtype=np.int64)
    start[pumpkins] = opt.values.value_x100[vi]
    owner = np.nonzero(pumpkins)[0]
    for j in JACKPOTS:
        feats[f"jackpot_{j}"][owner[vi == opt.values.labels.index(j)]] = True
    return pumpkins, start.sum(axis=(1, 2)), vaults, feats


def _buy_chunk(gen: np.random.Generator, m: Maths, mode: str, n: int) -> dict[str, Any]:
    """n bonuses of a buy option from its starting board."""
    opt = m.buy(mode)
    pumpkins, start, vaults, feats = buy_start(gen, m, mode, n)
    pay, capped = bonus_batch(gen, m, opt.row, opt.values, pumpkins, start, vaults,
                              np.full(n, m.max_win_x100, dtype=np.int64), feats)
    feats["max_win"] = capped
    feats["big_win"] = pay >= big_win_x100(m, mode)
    zero = np.zeros(n, dtype=np.int64)
    return {"payout_x100": pay, "line": zero, "collect": zero, "bonus": pay, "features": feats}


def simulate_parts(seed: int | np.random.SeedSequence, mode: str, n: int) -> dict[str, Any]:
    """Like `simulate`, plus the line / collect / bonus parts of every payout."""
    m = load()
    gen = np.random.Generator(make_bit_generator(seed))
    parts = []
    for start in range(0, n, CHUNK):
        k = min(CHUNK, n - start)
        parts.append(_base_chunk(gen, m, k) if mode == "base" else _buy_chunk(gen, m, mode, k))
    out: dict[str, Any] = {key: np.concatenate([p[key] for p in parts]) for key in
                           ("payout_x100", "line", "collect", "bonus")}
    out["features"] = {f: np.concatenate([p["features"][f] for p in parts]) for f in FEATURES}
    return out


def simulate(seed: int | np.random.SeedSequence, mode: str, n: int) -> dict[str, Any]:
    """n rounds of `mode`: {"payout_x100": int64[n], "features": {name: bool[n]}}."""
    out = simulate_parts(seed, mode, n)
    return {"payout_x100": out["payout_x100"], "features": out["features"]}

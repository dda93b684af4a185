"""Grinning Harvest's base game without its bonus, EXACTLY: every stop combination of the
three strips enumerated (line pays, collects with the mean pumpkin value, the trigger
probability and the exact law of trigger boards); and bonuses played by the vectorised
engine from trigger boards drawn from that law. Used by the PAR sheet (math/par_live.py)
and the design tools (tools/design.py, tools/forces.py).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from cabinet.core.rng import make_bit_generator

from .rules import FEATURES
from .sim import _draw, bonus_batch
from .tables import JACKPOTS, REELS, ROWS, Maths


def all_boards(m: Maths) -> np.ndarray:
    """Every stop combination's board, int16 (L1*L2*L3, ROWS, REELS), uniform weight."""
    lens = [len(s) for s in m.strips]
    windows = [s[(np.arange(len(s))[:, None] + np.arange(ROWS)) % len(s)] for s in m.strips]
    a, b, c = np.meshgrid(*(np.arange(n) for n in lens), indexing="ij")
    board = np.empty((a.size, ROWS, REELS), dtype=np.int16)
    for col, idx in enumerate((a.ravel(), b.ravel(), c.ravel())):
        board[:, :, col] = windows[col][idx]
    return board


def exact_base(m: Maths) -> dict[str, Any]:
    """Exact base-game figures without the bonus's own payout."""
    board = all_boards(m)
    line = m.lines.pays_batch(board)
    pm = board == m.sym["pumpkin"]
    nv = (board[:, :, 1] == m.sym["vault"]).sum(axis=1)
    npk = pm.sum(axis=(1, 2))
    trig = pm[:, :, 0].any(axis=1) & pm[:, :, 2].any(axis=1) & (nv > 0)
    coll = ~trig & (nv > 0) & (npk > 0)
    mean_v = m.values_base.mean_x100()
    collect = np.where(coll, nv * npk, 0).mean() * mean_v
    return {"line_rtp": line.mean() / 100, "collect_rtp": collect / 100, "p_trigger": trig.mean(),
            "p_vaults": [float((nv == k).mean()) for k in range(ROWS + 1)],
            "p_trigger_vaults": [float((trig & (nv == k)).mean()) for k in range(ROWS + 1)],
            "p_collect_vaults": [float((coll & (nv == k)).mean()) for k in range(ROWS + 1)],
            "p_collect": coll.mean(), "p_line_win": (line > 0).mean(),
            "p_hit_no_bonus_value": ((line > 0) | coll | trig).mean(), "_trig_boards": board[trig],
            "_trig_line": line[trig], "_stops": len(board),
            # the rounds without the bonus: (line, vaults, pumpkins) of each collect and its
            # probability, and the line wins of the others (the PAR sheet's exact tail)
            "_collect_groups": _groups(np.stack([line[coll], nv[coll], npk[coll]], axis=1), len(board)),
            "_no_collect_line": line[~trig & ~coll]}


def _groups(keys: np.ndarray, total: int) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of `keys` and the share of `total` each has."""
    rows, count = np.unique(keys, axis=0, return_counts=True)
    return rows, count / total


def bonus_from_triggers(m: Maths, boards: np.ndarray, lines: np.ndarray, n: int, seed: int) -> dict[str, Any]:
    """E[bonus | trigger] and feature rates from n bonuses started from trigger boards
    drawn uniformly among the trigger stop combinations; "_pay_x100" and "_line_x100"
    are each bonus's payout and its trigger board's line win."""
    gen = np.random.Generator(make_bit_generator(seed))
    feats_all: dict[str, list[np.ndarray]]
    pays, feats_all, used = [], {f: [] for f in FEATURES}, []
    for start in range(0, n, 100_000):
        k = min(100_000, n - start)
        pick = gen.integers(0, len(boards), k)
        b, ln = boards[pick], lines[pick]
        used.append(ln)
        pm = b == m.sym["pumpkin"]
        vi = _draw(gen, m.values_base, int(pm.sum()))
        pv = np.zeros(b.shape, dtype=np.int64)
        pv[pm] = m.values_base.value_x100[vi]
        feats = {f: np.zeros(k, dtype=bool) for f in FEATURES}
        owner = np.nonzero(pm)[0]           # the trigger pumpkins are collected at the bonus start
        for j in JACKPOTS:
            feats[f"jackpot_{j}"][owner[vi == m.values_base.labels.index(j)]] = True
        pay, capped = bonus_batch(gen, m, m.row, m.values_bonus, pm[:, :, [0, 2]].copy(), pv.sum(axis=(1, 2)),
                                  b[:, :, 1] == m.sym["vault"], m.max_win_x100 - ln, feats)
        feats["max_win"] = capped
        pays.append(pay)
        for f in FEATURES:
            feats_all[f].append(feats[f])
    p = np.concatenate(pays) / 100
    lines_used = np.concatenate(used)
    return {"mean": p.mean(), "sd": p.std(), "n": n, "_pay_x100": np.concatenate(pays), "_line_x100": lines_used,
            **{f: np.concatenate(v).mean() for f, v in feats_all.items()}}

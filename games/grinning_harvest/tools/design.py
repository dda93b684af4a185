"""Design figures of Grinning Harvest's math, to tune math.yaml and to check it.

The base game without its bonus is computed EXACTLY by enumerating every stop
combination of the three strips (line pays, collects with the mean pumpkin value,
the trigger probability); the bonus's mean is measured by simulating many bonuses
from the exact distribution of trigger boards (and from each buy option's start).
Base RTP = lines + collects + P(trigger) * E[bonus | trigger].

    python -m games.grinning_harvest.tools.design [--bonuses N] [--seed S]
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from cabinet.core.rng import make_bit_generator
from games.grinning_harvest.math.tables import JACKPOTS, REELS, ROWS, Maths, load
from games.grinning_harvest.math.rules import FEATURES
from games.grinning_harvest.math.sim import _buy_chunk, _draw, bonus_batch


def all_boards(m: Maths) -> np.ndarray:
    """Every stop combination's board, int16 (L1*L2*L3, ROWS, REELS), uniform weight."""
    lens = [len(s) for s in m.strips]
    windows = [s[(np.arange(len(s))[:, None] + np.arange(ROWS)) % len(s)] for s in m.strips]
    a, b, c = np.meshgrid(*(np.arange(n) for n in lens), indexing="ij")
    board = np.empty((a.size, ROWS, REELS), dtype=np.int16)
    for col, idx in enumerate((a.ravel(), b.ravel(), c.ravel())):
        board[:, :, col] = windows[col][idx]
    return board


def exact_base(m: Maths) -> dict[str, float]:
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
            "_trig_line": line[trig]}


def bonus_from_triggers(m: Maths, boards: np.ndarray, lines: np.ndarray, n: int, seed: int) -> dict[str, float]:
    """E[bonus | trigger] and feature rates from n bonuses started from trigger boards
    drawn uniformly among the trigger stop combinations; "_pay_x100" and "_line_x100"
    are each bonus's payout and its trigger board's line win."""
    gen = np.random.Generator(make_bit_generator(seed))
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


def buy_means(m: Maths, n: int, seed: int) -> dict[str, dict[str, float]]:
    out = {}
    for i, opt in enumerate(m.buys):
        gen = np.random.Generator(make_bit_generator([seed, i]))
        pays, caps = [], []
        for start in range(0, n, 100_000):
            o = _buy_chunk(gen, m, opt.id, min(100_000, n - start))
            pays.append(o["payout_x100"])
            caps.append(o["features"]["max_win"])
        p = np.concatenate(pays) / 100
        out[opt.id] = {"mean": p.mean(), "sd": p.std(), "cost": opt.cost_x100 / 100,
                       "rtp": p.mean() / (opt.cost_x100 / 100), "p_max_win": np.concatenate(caps).mean()}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bonuses", type=int, default=2_000_000)
    ap.add_argument("--buy-bonuses", type=int, default=None, help="per buy option (default bonuses/4)")
    ap.add_argument("--seed", type=int, default=20261130)
    args = ap.parse_args()
    m = load()
    t = time.time()
    ex = exact_base(m)
    bo = bonus_from_triggers(m, ex["_trig_boards"], ex["_trig_line"], args.bonuses, args.seed)
    bonus_rtp = ex["p_trigger"] * bo["mean"]
    z = 2.576 * ex["p_trigger"] * bo["sd"] / np.sqrt(bo["n"])
    print(f"base: lines {ex['line_rtp']:.6f} (exact)  collects {ex['collect_rtp']:.6f} (exact)  "
          f"bonus {bonus_rtp:.6f} +- {z:.6f} (99%)")
    print(f"base RTP {ex['line_rtp'] + ex['collect_rtp'] + bonus_rtp:.6f} +- {z:.6f}  target {m.rtp['base']}")
    print(f"trigger 1 in {1 / ex['p_trigger']:.1f}, collect 1 in {1 / ex['p_collect']:.2f}, "
          f"hit rate {ex['p_hit_no_bonus_value']:.4f}, bonus mean {bo['mean']:.3f}x sd {bo['sd']:.1f}x")
    print("vaults in view on reel 2 (exact): " + ", ".join(
        f"{k}: 1 in {1 / p:,.1f}" for k, p in enumerate(ex["p_vaults"]) if k and p))
    print("  collect by k vaults: " + ", ".join(
        f"{k}: 1 in {1 / p:,.1f}" for k, p in enumerate(ex["p_collect_vaults"]) if k and p)
          + "; trigger with k vaults: " + ", ".join(
        f"{k}: 1 in {1 / p:,.1f}" for k, p in enumerate(ex["p_trigger_vaults"]) if k and p))
    for f in FEATURES[2:]:
        if bo[f]:
            print(f"  per base round via bonus: {f} 1 in {1 / (bo[f] * ex['p_trigger']):,.0f}")
    nb = args.buy_bonuses or args.bonuses // 4
    for mode, r in buy_means(m, nb, args.seed).items():
        z = 2.576 * r["sd"] / np.sqrt(nb) / r["cost"]
        print(f"{mode:14s} cost {r['cost']:.1f}x mean {r['mean']:.3f}x sd {r['sd']:.1f}x RTP {r['rtp']:.5f} +- {z:.5f}"
              f"  price for {m.rtp['buy']}: {r['mean'] / m.rtp['buy']:.2f}x  max win 1 in "
              f"{(1 / r['p_max_win']) if r['p_max_win'] else float('inf'):,.0f}")
    print(f"({time.time() - t:.0f} s)")


if __name__ == "__main__":
    main()

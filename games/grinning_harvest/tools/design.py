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
from games.grinning_harvest.math.exact import bonus_from_triggers, exact_base
from games.grinning_harvest.math.tables import Maths, load
from games.grinning_harvest.math.rules import FEATURES
from games.grinning_harvest.math.sim import _buy_chunk


def buy_means(m: Maths, n: int, seed: int) -> dict[str, dict[str, float]]:
    out = {}
    for i, opt in enumerate(m.buys):
        gen = np.random.Generator(make_bit_generator(np.random.SeedSequence([seed, i])))
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

"""The per-round generator (rules.play) and the vectorised engine (sim.simulate) are
the same rules written twice: this script runs both and prints RTP, hit rate and every
feature rate with their 99% confidence intervals, and whether they agree.

    python -m games.happy_money_hens.tools.agreement --mode base --rounds 1000000

Agreement: the difference of the two means lies inside 2.576 standard errors of the
difference (for rates, the pooled-proportion error, so a rate seen 0 times on one
side is still judged).
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from cabinet.core.rng import Rng
from games.happy_money_hens import FEATURE_NAMES, GAME
from games.happy_money_hens.rules import play
from games.happy_money_hens.sim import simulate

Z99 = 2.5758


def per_round(mode: str, n: int, seed: int) -> dict:
    """n rounds of rules.play from one seed: payouts and feature flags."""
    rng = Rng(seed)
    pay = np.empty(n, np.int64)
    feats = {f: np.zeros(n, bool) for f in FEATURE_NAMES}
    for i in range(n):
        r = play(rng, mode)
        pay[i] = r.payout_x100
        for f in r.features:
            feats[f][i] = True
    return {"payout_x100": pay, "features": feats}


def compare(a: dict, b: dict, cost_x100: int) -> list[tuple[str, float, float, float, float, bool]]:
    """(figure, mean a, half-width a, mean b, half-width b, agree) per figure."""
    rows = []
    series = {"rtp": (a["payout_x100"] / cost_x100, b["payout_x100"] / cost_x100),
              "hit_rate": (a["payout_x100"] > 0, b["payout_x100"] > 0)}
    for f in FEATURE_NAMES:
        series[f] = (a["features"][f], b["features"].get(f, np.zeros(len(b["payout_x100"]), bool)))
    for name, (x, y) in series.items():
        binary = name != "rtp"
        x, y = np.asarray(x, float), np.asarray(y, float)
        sx, sy = x.std() / len(x) ** .5, y.std() / len(y) ** .5
        if binary:   # pooled proportion: a rate seen 0 times on one side still has an error
            p = (x.sum() + y.sum()) / (len(x) + len(y))
            se = (p * (1 - p) * (1 / len(x) + 1 / len(y))) ** .5
        else:
            se = (sx * sx + sy * sy) ** .5
        agree = abs(x.mean() - y.mean()) <= Z99 * se
        rows.append((name, x.mean(), Z99 * sx, y.mean(), Z99 * sy, bool(agree)))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", default="base")
    ap.add_argument("--rounds", type=int, default=1_000_000)
    ap.add_argument("--vector-rounds", type=int, default=0, help="default: 4x --rounds")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    t = time.perf_counter()
    pr = per_round(a.mode, a.rounds, a.seed)
    t1 = time.perf_counter()
    vec = simulate(np.random.SeedSequence(a.seed + 1), a.mode, a.vector_rounds or 4 * a.rounds)
    t2 = time.perf_counter()
    print(f"{a.mode}: per-round {a.rounds:,} rounds in {t1 - t:.1f}s; vectorised "
          f"{len(vec['payout_x100']):,} rounds in {t2 - t1:.1f}s")
    print(f"{'figure':16s} {'per-round (99% CI)':>28s} {'vectorised (99% CI)':>28s}  agree")
    ok = True
    for name, ma, ha, mb, hb, agree in compare(pr, vec, GAME.mode(a.mode).cost_x100):
        ok &= agree
        print(f"{name:16s} {ma:14.6f} +- {ha:9.6f} {mb:14.6f} +- {hb:9.6f}  {'yes' if agree else 'NO'}")
    print("all figures agree" if ok else "SOME FIGURES DISAGREE")


if __name__ == "__main__":
    main()

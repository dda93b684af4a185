"""Do the per-round generator (rules.play) and the vectorised engine (sim.simulate)
play the same game? RTP, hit rate and every feature rate of each, with 99% intervals.

    python -m games.grinning_harvest.tools.agree [--mode base] [--rounds 1000000]
           [--sim-rounds N] [--workers 2] [--seed 7]

A metric agrees when each estimate lies inside the other's 99% interval; the
two-sample check |a - b| <= 2.576 * sqrt(se_a^2 + se_b^2) is printed beside it.
"""
from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from cabinet.core.rng import Rng
from games.grinning_harvest.rules import FEATURES, play
from games.grinning_harvest.sim import simulate

Z99 = 2.576


def play_chunk(args: tuple[int, int, str, int]) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """n rounds of the per-round generator from the stream (seed, index)."""
    seed, index, mode, n = args
    rng = Rng(np.random.SeedSequence([seed, index]))
    pay = np.empty(n, dtype=np.int64)
    feats = {f: np.zeros(n, dtype=bool) for f in FEATURES}
    for i in range(n):
        r = play(rng, mode)
        pay[i] = r.payout_x100
        for f in r.features:
            feats[f][i] = True
    return pay, feats


def per_round(mode: str, n: int, seed: int, workers: int = 1, chunk: int = 20_000) -> dict:
    jobs = [(seed, i, mode, min(chunk, n - s)) for i, s in enumerate(range(0, n, chunk))]
    if workers > 1:
        with ProcessPoolExecutor(workers) as ex:
            parts = list(ex.map(play_chunk, jobs))
    else:
        parts = [play_chunk(j) for j in jobs]
    return {"payout_x100": np.concatenate([p[0] for p in parts]),
            "features": {f: np.concatenate([p[1][f] for p in parts]) for f in FEATURES}}


def metrics(out: dict, cost_x100: int) -> dict[str, tuple[float, float]]:
    """{metric: (estimate, standard error)} for rtp, hit_rate and every feature."""
    p = out["payout_x100"] / cost_x100
    n = len(p)
    res = {"rtp": (float(p.mean()), float(p.std(ddof=1) / math.sqrt(n))),
           "hit_rate": _rate((out["payout_x100"] > 0).mean(), n)}
    for f in FEATURES:
        res[f] = _rate(out["features"][f].mean(), n)
    return res


def _rate(q: float, n: int) -> tuple[float, float]:
    q = float(q)
    return q, math.sqrt(max(q, 1 / n) * (1 - q) / n)


def compare(a: dict[str, tuple[float, float]], b: dict[str, tuple[float, float]]) -> dict[str, dict]:
    """Per metric: both estimates, whether each is inside the other's 99% interval,
    and the two-sample 99% check."""
    out = {}
    for k in a:
        (x, sx), (y, sy) = a[k], b[k]
        out[k] = {"a": x, "se_a": sx, "b": y, "se_b": sy,
                  "each_inside": abs(x - y) <= Z99 * sx and abs(x - y) <= Z99 * sy,
                  "two_sample": abs(x - y) <= Z99 * math.hypot(sx, sy)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mode", default="base")
    ap.add_argument("--rounds", type=int, default=1_000_000)
    ap.add_argument("--sim-rounds", type=int, default=None)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    from games.grinning_harvest import GAME
    cost = GAME.mode(args.mode).cost_x100
    t = time.time()
    a = metrics(per_round(args.mode, args.rounds, args.seed, args.workers), cost)
    ta = time.time() - t
    t = time.time()
    b = metrics(simulate(np.random.SeedSequence([args.seed, 999]), args.mode, args.sim_rounds or args.rounds), cost)
    tb = time.time() - t
    print(f"mode {args.mode}: per-round {args.rounds:,} rounds in {ta:.0f} s ({args.workers} workers), "
          f"vectorised {args.sim_rounds or args.rounds:,} in {tb:.1f} s")
    print(f"{'metric':15s} {'per-round':>22s} {'vectorised':>22s}  each-inside  two-sample")
    bad = 0
    for k, r in compare(a, b).items():
        bad += not r["two_sample"]
        print(f"{k:15s} {r['a']:.6f} +- {Z99 * r['se_a']:.6f} {r['b']:.6f} +- {Z99 * r['se_b']:.6f}  "
              f"{'yes' if r['each_inside'] else 'NO':>11s}  {'yes' if r['two_sample'] else 'NO':>10s}")
    print("AGREE" if not bad else f"{bad} metric(s) disagree")


if __name__ == "__main__":
    main()

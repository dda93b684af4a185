"""Do the per-round generator (rules.play) and the vectorised engine (sim.simulate)
play the same game? RTP, hit rate and every feature rate of each, with 99% intervals.

    python -m games.grinning_harvest.tools.agree [--mode base] [--rounds 1000000]
           [--sim-rounds N] [--workers 2] [--seed 7]

Printed per metric: each engine's estimate with its 99% interval (normal for the
RTP, Wilson for rates), whether each estimate lies inside the other's interval (use
equal round counts for this one), and a two-sample 99% test (Welch / pooled
two-proportion), the verdict of the last line.
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


def metrics(out: dict, cost_x100: int) -> dict[str, tuple[float, float, int, int | None]]:
    """{metric: (estimate, standard error, rounds, count or None)} for rtp,
    rtp_held_50x, hit_rate and every feature (rates carry their count)."""
    p = out["payout_x100"] / cost_x100
    n = len(p)
    res = {"rtp": (float(p.mean()), float(p.std(ddof=1) / math.sqrt(n)), n, None)}
    # the RTP with each round held to 50x its cost: the whole body of the distribution
    # at a fraction of the RTP's variance (its heavy tail makes the full RTP a weak test)
    q = np.minimum(p, 50.0)
    res["rtp_held_50x"] = (float(q.mean()), float(q.std(ddof=1) / math.sqrt(n)), n, None)
    flags = {"hit_rate": out["payout_x100"] > 0, **out["features"]}
    for name, f in flags.items():
        x = int(np.count_nonzero(f))
        q = x / n
        res[name] = (q, math.sqrt(q * (1 - q) / n), n, x)
    return res


def interval(est: tuple[float, float, int, int | None]) -> tuple[float, float]:
    """99% interval: normal for the RTP, Wilson score for a rate (sound for rare counts)."""
    q, se, n, x = est
    if x is None:
        return q - Z99 * se, q + Z99 * se
    z2 = Z99 * Z99
    centre = (q + z2 / (2 * n)) / (1 + z2 / n)
    half = Z99 * math.sqrt(q * (1 - q) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    lo = 0.0 if x == 0 else max(0.0, centre - half)        # exact ends for 0 and n
    hi = 1.0 if x == n else min(1.0, centre + half)
    return lo, hi


def compare(a: dict, b: dict) -> dict[str, dict]:
    """Per metric: both estimates with their 99% intervals, whether each estimate lies
    inside the other's interval, and a two-sample 99% test (Welch for the RTP, pooled
    two-proportion z-test for rates)."""
    out = {}
    for k in a:
        (x, sx, na, ca), (y, sy, nb, cb) = a[k], b[k]
        ia, ib = interval(a[k]), interval(b[k])
        if ca is None:
            se = math.hypot(sx, sy)
        else:
            pool = (ca + cb) / (na + nb)
            se = math.sqrt(pool * (1 - pool) * (1 / na + 1 / nb))
        out[k] = {"a": x, "ci_a": ia, "b": y, "ci_b": ib,
                  "each_inside": ib[0] <= x <= ib[1] and ia[0] <= y <= ia[1],
                  "two_sample": abs(x - y) <= Z99 * se if se > 0 else x == y}
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
    print(f"{'metric':15s} {'per-round [99% interval]':>36s}  {'vectorised [99% interval]':>36s}  "
          f"each-inside  two-sample")
    bad = 0
    for k, r in compare(a, b).items():
        bad += not r["two_sample"]
        print(f"{k:15s} {r['a']:.6f} [{r['ci_a'][0]:.6f}, {r['ci_a'][1]:.6f}]  {r['b']:.6f} "
              f"[{r['ci_b'][0]:.6f}, {r['ci_b'][1]:.6f}]  {'yes' if r['each_inside'] else 'NO':>5s}  "
              f"{'yes' if r['two_sample'] else 'NO':>5s}")
    print("AGREE" if not bad else f"{bad} metric(s) disagree")


if __name__ == "__main__":
    main()

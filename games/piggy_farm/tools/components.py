"""Piggy Farm's natural RTP of every mode, assembled from its parts, with 99% intervals.

    .venv/bin/python -m games.piggy_farm.tools.components [--spins N] [--roots N] [--per-stratum N]

A raw simulation of a mode whose top award is 50,000x at 1 in ~7 million converges
slowly; its parts converge fast and combine exactly:
- cluster RTP of one base / ante spin: the vectorised engine over --spins spins
  (tumble chains included, the wheel left out; a spin's clusters never reach the cap);
- THE FARM WHEEL's trigger rate per tier (tools/wheel_rate.py: exact first-board law,
  stratified tumbles);
- the wheel's value per tier: exact slice odds (upgrade chains) times the value of each
  final slice, coins exact and free spins at xm = E[min(m W, cap)] with W the raw x1
  free-spins win, from the splitting of tools/top_odds.py (which also weighs W's tail);
- the buys: FREE SPINS, HOG WILD and GROWING SEASON by splitting their own rounds
  (mean capped at 50,000x); the hunts and RISK THE FARM exact from their tables.
Base and ante = clusters + sum over tiers of rate x value; FARM WHEEL BUY = value at its
tier weights. Intervals add the parts' errors in quadrature.
"""
from __future__ import annotations

import argparse
import math

import numpy as np

from ..math.sim import spin_batch
from ..math.tables import PiggyMath, load
from ..math.rare import Z99, split_rounds, wheel_rates


def cluster_rtp(pm: PiggyMath, strips: str, spins: int, seed: int) -> tuple[float, float]:
    """(mean cluster win of one spin x100, its standard error)."""
    gen = np.random.Generator(np.random.PCG64DXSM(seed))
    s = s2 = 0.0
    done = 0
    while done < spins:
        n = min(200_000, spins - done)
        w, _, _ = spin_batch(pm, gen, strips, n, np.ones(n, dtype=np.int64), np.full(n, 10**15))
        s += float(w.sum())
        s2 += float((w.astype(np.float64) ** 2).sum())
        done += n
    mean = s / spins
    return mean, math.sqrt(max(s2 / spins - mean * mean, 0.0) / spins)


def tier_values(pm: PiggyMath, parts) -> dict[str, tuple[float, float]]:
    """Per trigger tier: (wheel value x100, standard error) from exact slice odds and
    the split free-spin rounds (per-root sums, so the error is the roots')."""
    cap = pm.cap_x100
    out = {}
    for tier in pm.wheel.tiers:
        per_root = np.zeros(parts.roots)
        coins = 0.0
        for (t, j), p in pm.wheel.outcome_odds(tier).items():
            s = pm.wheel.tiers[t][j]
            if s.kind == "coin":
                coins += float(p) * int(s.value)
            else:
                w = np.minimum(parts.win * int(s.value), cap)
                per_root += float(p) * np.bincount(parts.root, weights=parts.weight * w, minlength=parts.roots)
        out[tier] = (coins + float(per_root.mean()), float(per_root.std(ddof=1) / math.sqrt(parts.roots)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description="natural RTP of every Piggy Farm mode from its parts (99% intervals)")
    ap.add_argument(
        "--spins", type=int, default=10_000_000, help="base / ante spins for the cluster RTP (default 10^7)"
    )
    ap.add_argument("--roots", type=int, default=200_000, help="split free-spin rounds per value (default 200,000)")
    ap.add_argument("--per-stratum", type=int, default=2_000_000,
                    help="spins per first-board windmill count for the trigger law (default 2,000,000)")
    ap.add_argument("--seed", type=int, default=21, help="simulation seed (default 21)")
    a = ap.parse_args()
    if min(a.spins, a.roots, a.per_stratum) < 1000:
        ap.error("--spins, --roots and --per-stratum must each be at least 1000")
    pm = load()
    rtp = float(pm.raw["rtp"])
    fs = pm.raw["free_spins"]
    wheel_fs = split_rounds(pm, "free_spins", int(fs["spins"]), fs["strips"], a.roots, pm.cap_x100, a.seed)
    values = tier_values(pm, wheel_fs)
    print("THE FARM WHEEL's value per trigger: " + ", ".join(f"{t} {v / 100:.3f}x ± {Z99 * s / 100:.3f}"
                                                         for t, (v, s) in values.items()))
    rows = []
    for mode in ("base", "ante"):
        m = pm.mode(mode)
        cl, cl_se = cluster_rtp(pm, m["strips"], a.spins, a.seed + (mode == "ante"))
        rates = wheel_rates(pm, m["strips"], a.per_stratum, a.seed + 2 + (mode == "ante"))
        wheel = sum(r * values[t][0] for t, r in zip(rates["names"], rates["rate"]))
        # rate errors (per tier, independent strata pooled) and value errors
        var = cl_se ** 2 + sum((s * values[t][0]) ** 2 + (r * values[t][1]) ** 2
                               for t, r, s in zip(rates["names"], rates["rate"], rates["se"]))
        cost = int(m["cost_x100"])
        rows.append((mode, (cl + wheel) / cost, math.sqrt(var) / cost,
                     f"clusters {cl / cost:.4f}, wheel {wheel / cost:.4f} (1 in {1 / rates['total']:.2f})"))
    tw = pm.mode("wheel_buy")["tier_weights"]
    tot = sum(int(v) for v in tw.values())
    v = sum(int(tw[t]) / tot * values[t][0] for t in tw)
    vs = math.sqrt(sum((int(tw[t]) / tot * values[t][1]) ** 2 for t in tw))
    cost = int(pm.mode("wheel_buy")["cost_x100"])
    rows.append(("wheel_buy", v / cost, vs / cost, "exact tier weights, split free spins"))
    for mode in ("free_spins", "hog_wild", "growing_season"):
        m = pm.mode(mode)
        parts = split_rounds(pm, mode, int(m["spins"]), m["strips"], a.roots, pm.cap_x100, a.seed + 5)
        mean, se = parts.mean(pm.cap_x100)
        rows.append((mode, mean / int(m["cost_x100"]), se / int(m["cost_x100"]), f"{a.roots:,} split rounds"))
    for mode in ("golden_egg_hunt", "egg_hunt"):
        rows.append((mode, float(pm.hunt(mode).expected_total()) / int(pm.mode(mode)["cost_x100"]), 0.0,
                     "exact from the tables (before the cap, which no hunt reaches)"))
    r = pm.mode("risk_the_farm")
    num, den = (int(x) for x in r["chance"])
    rows.append(("risk_the_farm", num / den * int(r["prize_x100"]) / int(r["cost_x100"]), 0.0, "exact"))
    print(f"{'mode':16s} {'RTP':>8s} {'99% ±':>8s}  stated {rtp:.4f}")
    for mode, val, se, how in rows:
        flag = "" if abs(val - rtp) <= Z99 * se + 5e-4 else "   (off by more than the interval)"
        print(f"{mode:16s} {val:8.4f} {Z99 * se:8.4f}  {how}{flag}")


if __name__ == "__main__":
    main()

"""Piggy Farm's RTP by source, from the vectorised engine, for tuning and the note.

    .venv/bin/python -m games.piggy_farm.tools.components [--spins N] [--fs N]

Prints per strip set the cluster RTP of one spin and the windmill trigger rate and
tier mix, the value of each free-spins kind, and each mode's RTP assembled from its
parts (wheel values computed exactly from the slice odds and the measured
free-spins value), which converges far faster than a raw simulation.
"""
from __future__ import annotations

import argparse

import numpy as np

from games.piggy_farm.math.sim import free_spins_batch, spin_batch
from games.piggy_farm.math.tables import load


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--spins", type=int, default=1_000_000)
    ap.add_argument("--fs", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    pm = load()
    gen = np.random.Generator(np.random.PCG64DXSM(a.seed))
    big = np.full(a.spins, 10**12, dtype=np.int64)
    one = np.ones(a.spins, dtype=np.int64)
    names = list(pm.wheel.tiers)
    mix = {}
    for strips in ("base", "ante"):
        w, sc, _ = spin_batch(pm, gen, strips, a.spins, one, big)
        tiers = [pm.tier_for(int(s)) for s in range(50)]
        counts = {t: int(sum(((sc == s).sum() for s in range(50) if tiers[s] == t))) for t in names}
        trig = sum(counts.values()) / a.spins
        mix[strips] = {t: counts[t] / max(sum(counts.values()), 1) for t in names}
        print(f"{strips:6s} cluster RTP/spin {w.mean():.5f} (sd {w.std():.2f}x100) hit {(w > 0).mean():.4f} "
              f"wheel 1 in {1 / trig:.1f}  mix " + " ".join(f"{t} {mix[strips][t]:.4f}" for t in names))
    fs = pm.raw["free_spins"]
    vals = {}
    n = a.fs
    for kind, spins, strips in (("free_spins", int(fs["spins"]), fs["strips"]),
                                ("free_spins", 10, pm.mode("free_spins")["strips"]),
                                ("hog_wild", int(pm.mode("hog_wild")["spins"]), pm.mode("hog_wild")["strips"]),
                                ("growing_season", 15, pm.mode("growing_season")["strips"])):
        w, rt, cp = free_spins_batch(pm, gen, kind, np.full(n, spins), strips, np.ones(n, dtype=np.int64),
                                     np.full(n, pm.cap_x100, dtype=np.int64))
        w = np.minimum(w, pm.cap_x100)
        vals[(kind, spins, strips)] = w
        print(f"{kind:14s} {spins:2d} spins on {strips:14s}: mean {w.mean() / 100:8.3f}x  se {w.std() / 100 / np.sqrt(n):.3f}"
              f"  retrigger {rt.mean():.4f}  capped {cp.mean():.6f}  P(>=10000x) {(w >= 1000000).mean():.6f}")
    v1 = vals[("free_spins", int(fs["spins"]), fs["strips"])]
    def slice_value(s):
        if s.kind == "coin":
            return int(s.value)
        return float(np.minimum(v1 * int(s.value), pm.cap_x100).mean())
    tier_val = {t: pm.wheel.expected(t, slice_value) for t in names}
    print("wheel value by tier: " + " ".join(f"{t} {v / 100:.2f}x" for t, v in tier_val.items()))
    tw = pm.mode("wheel_buy")["tier_weights"]
    tot = sum(tw.values())
    buy = sum(tier_val[t] * tw[t] / tot for t in names) / 100
    print(f"wheel_buy RTP {buy / 40:.5f} (value {buy:.3f}x); natural base mix " +
          " ".join(f"{t} {mix['base'][t]:.4f}" for t in names))
    for m in ("free_spins", "hog_wild", "growing_season"):
        md = pm.mode(m)
        key = (m, int(md["spins"]), md["strips"])
        print(f"{m} RTP {vals[key].mean() / md['cost_x100']:.5f}")
    for mid in ("golden_egg_hunt", "egg_hunt"):
        h = pm.hunt(mid)
        print(f"{mid} RTP (before cap) {float(h.expected_total()) / pm.mode(mid)['cost_x100']:.6f}")


if __name__ == "__main__":
    main()

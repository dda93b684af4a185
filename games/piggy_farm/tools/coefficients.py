"""Tuning aid: how each paytable entry feeds each mode (RTP is linear in the pays).

    .venv/bin/python -m games.piggy_farm.tools.coefficients --spins N --fs N --out FILE.npz

For each source it runs the vectorised engine (no cap) and records, per symbol and
pay band, the expected sum of cluster multipliers per round: the round's cluster
win is then sum(pays_x100 * C). Sources: one base spin, one ante spin, wheel free
spins (8 on the free-spins strips at x1), the FREE SPINS buy, HOG WILD and GROWING
SEASON. It also records windmill trigger rates and tier mixes of the base and ante.
"""
from __future__ import annotations

import argparse

import numpy as np

from games.piggy_farm.math.sim import free_spins_batch, spin_batch
from games.piggy_farm.math.tables import BANDS, load


def coefficients(spins: int, fs: int, seed: int = 5, only: set[str] | None = None) -> dict[str, np.ndarray]:
    pm = load()
    gen = np.random.Generator(np.random.PCG64DXSM(seed))
    out: dict[str, np.ndarray] = {}
    names = list(pm.wheel.tiers)
    for strips in ("base", "ante"):
        if only and strips not in only:
            continue
        t = np.zeros((len(pm.symbols), len(BANDS)))
        done, trig = 0, np.zeros(len(names))
        while done < spins:
            n = min(200_000, spins - done)
            _, sc, _ = spin_batch(pm, gen, strips, n, np.ones(n, dtype=np.int64), np.full(n, 10**15), tally=t)
            for i, name in enumerate(names):
                trig[i] += sum(int((sc == s).sum()) for s in range(50) if pm.tier_for(s) == name)
            done += n
        out[strips] = t / spins
        out[strips + "_tiers"] = trig / spins
    fsd = pm.raw["free_spins"]
    for key, kind, n_spins, strips in (
        ("wheel_fs", "free_spins", int(fsd["spins"]), fsd["strips"]),
        ("free_spins", "free_spins", 10, pm.mode("free_spins")["strips"]),
        ("hog_wild", "hog_wild", int(pm.mode("hog_wild")["spins"]), pm.mode("hog_wild")["strips"]),
        ("growing_season", "growing_season", 15, pm.mode("growing_season")["strips"]),
    ):
        if only and key not in only:
            continue
        t = np.zeros((len(pm.symbols), len(BANDS)))
        done = 0
        while done < fs:
            n = min(50_000, fs - done)
            free_spins_batch(pm, gen, kind, np.full(n, n_spins), strips, np.ones(n, dtype=np.int64),
                             np.full(n, 10**15), tally=t)
            done += n
        out[key] = t / fs
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--spins", type=int, default=2_000_000)
    ap.add_argument("--fs", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--out", default="/tmp/piggy_coeffs.npz")
    ap.add_argument("--only", default="", help="comma-separated sources (default all)")
    a = ap.parse_args()
    c = coefficients(a.spins, a.fs, a.seed, set(filter(None, a.only.split(','))))
    np.savez(a.out, **c)    # type: ignore[arg-type]  # numpy's stub checks **kwds against allow_pickle: bool
    pm = load()
    pays = np.zeros((len(pm.symbols), len(BANDS)))
    for sid, row in pm.raw["pays_x100"].items():
        pays[pm.sym(sid)] = row
    for k, v in c.items():
        if k.endswith("_tiers"):
            print(f"{k}: wheel 1 in {1 / v.sum():.1f}, mix {np.round(v / v.sum(), 4)}")
        else:
            print(f"{k}: cluster win {float((pays * v).sum()) / 100:.4f}x")


if __name__ == "__main__":
    main()

"""The rules' natural odds of the top award (the 50,000x cap), by multilevel splitting.

    .venv/bin/python -m games.piggy_farm.tools.top_odds [--roots N] [--per-stratum N] [--seed S]

A base (or ante) round reaches the cap only through THE FARM WHEEL's free spins: a
spin that triggers tier t with base win b, a wheel chain ending on a free-spins slice
of multiplier m (exact odds from the slice weights), and a free-spins round whose raw
win W (at x1, uncapped) reaches (cap - b) / m. The round's path does not depend on m
or on the cap (they scale and stop the pay, not the board), so

    P(cap) = sum over t, m of P(t) P(m | t) E[ F_W((cap - b) / m) | t ]

with P(t) and the triggering spins' base wins from tools/wheel_rate.py (exact first-
board law, stratified tumbles), P(m | t) exact, and F_W the tail of the raw win,
estimated by splitting: free-spin rounds run in lockstep (the vectorised engine of
math/sim.py); after each spin a round whose win has crossed new levels is split into
`factor` copies per level, each carrying 1/factor of its weight (a stopping time, so
the estimate stays unbiased) and going on with fresh random stops. Roots (the
unsplit rounds) are independent, so the 99% interval comes from the per-root sums.
The buys' top odds (FREE SPINS, HOG WILD, GROWING SEASON reaching the cap) come from
the same splitting of their own rounds.
"""
from __future__ import annotations

import argparse
import math
from dataclasses import dataclass

import numpy as np

from ..math.sim import spin_batch
from ..math.tables import PiggyMath, load
from .wheel_rate import Z99, wheel_rates

LEVELS_X = (100, 300, 1_000, 3_000, 8_000, 20_000, 35_000)   # raw win levels, x the bet


@dataclass
class Particles:
    """Finished split rounds: raw win (x100, stopped at `room`), weight, root index."""
    win: np.ndarray
    weight: np.ndarray
    root: np.ndarray
    roots: int
    spins: int

    def tail(self, t_x100: float) -> tuple[float, float]:
        """(P(W >= t), its standard error)."""
        per_root = np.bincount(self.root, weights=self.weight * (self.win >= t_x100), minlength=self.roots)
        return float(per_root.mean()), float(per_root.std(ddof=1) / math.sqrt(self.roots))

    def mean(self, cap_x100: int | None = None) -> tuple[float, float]:
        w = self.win if cap_x100 is None else np.minimum(self.win, cap_x100)
        per_root = np.bincount(self.root, weights=self.weight * w, minlength=self.roots)
        return float(per_root.mean()), float(per_root.std(ddof=1) / math.sqrt(self.roots))


def split_rounds(pm: PiggyMath, kind: str, spins: int, strips: str, roots: int, room_x100: int,
                 seed: int = 1, factor: int = 3, levels_x: tuple[int, ...] = LEVELS_X,
                 chunk: int = 20_000) -> Particles:
    """Free-spin rounds of `kind` ('free_spins', 'hog_wild', 'growing_season') at x1,
    split at the raw-win levels; each round stops at `room_x100` (the cap)."""
    gen = np.random.Generator(np.random.PCG64DXSM(seed))
    fs = pm.raw["free_spins"]
    sticky = kind != "growing_season"
    spawn = pm.mode("hog_wild")["spawn_weights"] if kind == "hog_wild" else None
    levels = np.array([x * 100 for x in levels_x], dtype=np.int64)
    out_w, out_p, out_r, played = [], [], [], 0
    for r0 in range(0, roots, chunk):
        m = min(chunk, roots - r0)
        grid = np.zeros((m, pm.shape.cells), dtype=np.int64) if sticky else None
        won = np.zeros(m, dtype=np.int64)
        spn = np.full(m, spins, dtype=np.int64)
        done = np.zeros(m, dtype=np.int64)
        wt = np.ones(m)
        root = np.arange(r0, r0 + m)
        lev = np.zeros(m, dtype=np.int64)
        while len(won):
            mult = done + 1 if kind == "growing_season" else np.ones(len(won), dtype=np.int64)
            w, sc, cp = spin_batch(pm, gen, strips, len(won), mult, room_x100 - won, grid, spawn)
            played += len(won)
            won += w
            done += 1
            if sticky:
                spn += np.where((sc >= int(fs["retrigger_scatters"])) & ~cp, int(fs["retrigger_spins"]), 0)
            fin = (done >= spn) | cp
            out_w.append(won[fin]); out_p.append(wt[fin]); out_r.append(root[fin])
            keep = ~fin
            won, spn, done, wt, root, lev = (a[keep] for a in (won, spn, done, wt, root, lev))
            grid = grid[keep] if sticky else None
            new = np.searchsorted(levels, won, side="right")
            copies = factor ** np.maximum(new - lev, 0)
            if (copies > 1).any():
                idx = np.repeat(np.arange(len(won)), copies)
                wt = (wt / copies)[idx]
                won, spn, done, root = won[idx], spn[idx], done[idx], root[idx]
                lev = np.maximum(new, lev)[idx]
                grid = grid[idx] if sticky else None
    return Particles(np.concatenate(out_w), np.concatenate(out_p), np.concatenate(out_r), roots, played)


def triggering_wins(rates: dict, i: int) -> tuple[np.ndarray, np.ndarray]:
    """Tier i's triggering spins' base wins, sorted, and bw[j] = P(tier i, base win >= b[j])
    (each stratum's spins weighted by its exact probability)."""
    wins, weights = [], []
    for s in rates["strata"]:
        if s.tiers[i] <= 0:
            continue
        b = s.wins[i] if len(s.wins[i]) else np.zeros(1, dtype=np.int64)
        wins.append(b)
        weights.append(np.full(len(b), s.p * s.tiers[i] / len(b)))
    b = np.concatenate(wins)
    bw = np.concatenate(weights)
    order = np.argsort(b)
    return b[order], np.cumsum(bw[order][::-1])[::-1]


def wheel_tail(pm: PiggyMath, rates: dict, parts: Particles, target_x100: int) -> tuple[np.ndarray, dict]:
    """Per root of the split free-spin rounds: its estimate of P(a spin triggers the wheel
    and the round's win, base + wheel, reaches target_x100), with the coin slices exact;
    and the mean by path (tier and slice)."""
    per_root = np.zeros(parts.roots)
    paths = {}
    for i, tier in enumerate(rates["names"]):
        if not any(s.tiers[i] > 0 for s in rates["strata"]):
            continue                                   # no spin triggers this tier
        b, bw = triggering_wins(rates, i)

        def at_least(need: np.ndarray | int) -> np.ndarray:
            j = np.searchsorted(b, need, side="left")
            return np.where(j < len(b), bw[np.minimum(j, len(b) - 1)], 0.0)      # P(tier, b >= need)
        for (t, j), p in pm.wheel.outcome_odds(tier).items():
            sl = pm.wheel.tiers[t][j]
            if sl.kind == "coin":
                contrib = np.full(parts.roots, float(p) * float(at_least(target_x100 - int(sl.value))))
            else:
                # a particle of raw win W reaches the target when b >= target - m * W
                frac = at_least(target_x100 - int(sl.value) * parts.win)
                contrib = np.bincount(parts.root, weights=parts.weight * frac * float(p), minlength=parts.roots)
            per_root += contrib
            key = f"{tier} {sl.kind} {sl.value}"
            paths[key] = paths.get(key, 0.0) + float(contrib.mean())
    return per_root, paths


def spin_mode_odds(pm: PiggyMath, strips: str, parts: Particles, per_stratum: int, seed: int) -> dict:
    """P(a round of this spin mode reaches the cap), with its standard error."""
    rates = wheel_rates(pm, strips, per_stratum, seed)
    per_root, paths = wheel_tail(pm, rates, parts, pm.cap_x100)
    est = float(per_root.mean())
    se = float(per_root.std(ddof=1) / math.sqrt(parts.roots))
    # the wheel rate's own error, relative, added in quadrature
    rel = math.hypot(se / est if est else 0.0, rates["total_se"] / rates["total"])
    return {"p": est, "se": est * rel, "paths": paths, "wheel": rates["total"]}


def main() -> None:
    ap = argparse.ArgumentParser(description="natural odds of the 50,000x cap per mode, by multilevel splitting "
                                             "of the free-spin rounds (99% intervals)")
    ap.add_argument("--roots", type=int, default=200_000, help="unsplit free-spin rounds per estimate (default 200,000)")
    ap.add_argument("--per-stratum", type=int, default=1_000_000,
                    help="spins per first-board windmill count for the wheel's trigger law (default 1,000,000)")
    ap.add_argument("--seed", type=int, default=7, help="simulation seed (default 7)")
    ap.add_argument("--modes", nargs="*", default=["base", "ante", "free_spins", "hog_wild", "growing_season"],
                    choices=["base", "ante", "free_spins", "hog_wild", "growing_season"],
                    help="modes to estimate (default all five that can reach the cap)")
    a = ap.parse_args()
    if a.roots < 1000:
        ap.error(f"--roots {a.roots} is too small; allowed: 1000 or more")
    pm = load()
    cap = pm.cap_x100
    stated = int(pm.raw["book_forces_one_in"]["base"]["max_win"])
    fs = pm.raw["free_spins"]
    wheel_fs = None
    for mode in a.modes:
        if mode in ("base", "ante"):
            if wheel_fs is None:
                wheel_fs = split_rounds(pm, "free_spins", int(fs["spins"]), fs["strips"], a.roots, cap, a.seed)
                for t in (10_000, 16_667, 25_000, 50_000):
                    f, s = wheel_fs.tail(t * 100)
                    print(f"wheel free spins at x1: P(raw win >= {t:,}x) = {f:.3e} ± {Z99 * s:.1e}")
            r = spin_mode_odds(pm, pm.mode(mode)["strips"], wheel_fs, a.per_stratum, a.seed + 1)
            lo, hi = r["p"] - Z99 * r["se"], r["p"] + Z99 * r["se"]
            line = (f"{mode}: P(50,000x) = {r['p']:.3e}, 1 in {1 / r['p']:,.0f} rounds "
                    f"(99% interval 1 in {1 / hi:,.0f} .. {1 / lo:,.0f})" if lo > 0 else
                    f"{mode}: P(50,000x) = {r['p']:.3e} ± {Z99 * r['se']:.1e}")
            if mode == "base":
                line += f"; the sheet: 1 in {stated:,} (ratio {stated * r['p']:.2f})"
            print(line)
            print("   by path: " + ", ".join(f"{k} {v / r['p']:.1%}" for k, v in r["paths"].items() if v > 0))
        else:
            m = pm.mode(mode)
            parts = split_rounds(pm, mode, int(m["spins"]), m["strips"], a.roots, cap, a.seed + 2)
            f, s = parts.tail(cap)
            v, vs = parts.mean(cap)
            print(f"{mode}: P(50,000x) = {f:.3e} ± {Z99 * s:.1e}" + (f" (1 in {1 / f:,.0f})" if f > 0 else "")
                  + f"; mean win {v / 100:.3f}x ± {Z99 * vs / 100:.3f} (RTP {v / int(m['cost_x100']):.4f})")


if __name__ == "__main__":
    main()

"""THE FARM WHEEL's trigger rate per tier: exact where the strips decide it, stratified
simulation where the tumbles do.

    .venv/bin/python -m games.piggy_farm.tools.wheel_rate [--per-stratum N] [--seed S]

A spin's first board shows windmills independently per reel: reel c shows v of them
at a stop with probability (stops whose window holds v) / (reel length), exactly, so
the law of the first board's count k is computed exactly (a convolution). Windmills
never cluster, so tumbles can only add to k; which tier the spin ends on is decided by
its tumble chain. For each k the spin is simulated on first boards drawn exactly from
that stratum (how many windmills each reel shows: its exact conditional law given the
total; each reel's stop: uniform among its stops showing that many), and
P(tier | k) is estimated. P(tier) = sum over k of P(k) P(tier | k); its 99% interval
comes from the strata's binomial errors. Strata in which no tumble can change the
tier (k at or above the top tier's count) are exact and not simulated.

The same strata give the base win of the spins that trigger each tier (used by
tools/top_odds.py, which needs the triggering spin's own win).
"""
from __future__ import annotations

import argparse
import math
from dataclasses import dataclass

import numpy as np

from ..math.sim import spin_batch
from ..math.tables import PiggyMath, load

Z99 = 2.5758


def reel_counts(pm: PiggyMath, strips: str) -> list[np.ndarray]:
    """Per reel: the number of windmills in view at each stop (window of `rows`)."""
    out = []
    for reel in pm.strips[strips]:
        r = np.asarray(reel) == pm.scatter
        n = len(r)
        idx = (np.arange(n)[:, None] + np.arange(pm.shape.rows)[None, :]) % n
        out.append(r[idx].sum(axis=1))
    return out


def first_board_law(counts: list[np.ndarray]) -> tuple[list[np.ndarray], np.ndarray]:
    """(per-reel pmf of the windmills in view, pmf of their total on the first board)."""
    pmfs = [np.bincount(c, minlength=1) / len(c) for c in counts]
    total = np.ones(1)
    for p in pmfs:
        total = np.convolve(total, p)
    return pmfs, total


def draw_stratum(gen: np.random.Generator, counts: list[np.ndarray], pmfs: list[np.ndarray], k: int,
                 n: int) -> np.ndarray:
    """n strip-stop sets (n, reels) whose first boards show exactly k windmills, drawn
    from the exact conditional law of the stops given that total."""
    reels = len(counts)
    # tail[c][s] = P(reels c.. together show s)
    tail = [np.ones(1)]
    for p in reversed(pmfs):
        tail.insert(0, np.convolve(tail[0], p))
    left = np.full(n, k)
    tops = np.empty((n, reels), dtype=np.int64)
    for c in range(reels):
        p = pmfs[c]
        after = tail[c + 1]
        v = np.arange(len(p))
        rest = left[:, None] - v[None, :]
        ok = (rest >= 0) & (rest < len(after))
        w = np.where(ok, p[None, :] * after[np.clip(rest, 0, len(after) - 1)], 0.0)
        cum = np.cumsum(w, axis=1)
        pick = (cum < gen.random(n)[:, None] * cum[:, -1:]).sum(axis=1)
        left -= pick
        for val in np.unique(pick).tolist():
            rows = np.nonzero(pick == val)[0]
            stops = np.nonzero(counts[c] == val)[0]
            tops[rows, c] = stops[gen.integers(0, len(stops), len(rows))]
    return tops


@dataclass
class Stratum:
    k: int
    p: float                       # exact P(first board shows k windmills)
    n: int                         # spins simulated (0: exact stratum)
    tiers: np.ndarray              # P(final tier | k) per tier index, last entry = no wheel
    wins: list[np.ndarray]         # per tier: base wins (x100) of the simulated spins ending there


def wheel_rates(pm: PiggyMath, strips: str, per_stratum: int, seed: int = 1) -> dict:
    """Per tier: the rate per spin and its standard error; plus the strata."""
    names = list(pm.wheel.tiers)
    need = {t: n for n, t in pm.tier_by_scatters.items()}
    top = max(need.values())
    counts = reel_counts(pm, strips)
    pmfs, law = first_board_law(counts)
    gen = np.random.Generator(np.random.PCG64DXSM(seed))
    tier_of = np.array([names.index(pm.tier_for(s)) if pm.tier_for(s) else len(names) for s in range(60)])
    strata = []
    for k, pk in enumerate(law):
        if pk <= 0:
            continue
        if k >= top:
            frac = np.zeros(len(names) + 1)
            frac[names.index(pm.tier_for(k))] = 1.0
            strata.append(Stratum(k, float(pk), 0, frac, [np.zeros(0, dtype=np.int64)] * len(names)))
            continue
        # below the lowest trigger the stratum decides whether the wheel comes at all;
        # above it only whether a tumble upgrades the tier (a smaller variance)
        want = per_stratum if k < min(need.values()) else max(1000, per_stratum // 4)
        done, hits, wins = 0, np.zeros(len(names) + 1), [[] for _ in names]
        while done < want:
            m = min(100_000, want - done)
            tops = draw_stratum(gen, counts, pmfs, k, m)
            win, sc, _ = spin_batch(pm, gen, strips, m, np.ones(m, dtype=np.int64), np.full(m, 10**15), tops=tops)
            t = tier_of[np.minimum(sc, 59)]
            hits += np.bincount(t, minlength=len(names) + 1)
            for i in range(len(names)):
                wins[i].append(win[t == i])
            done += m
        strata.append(Stratum(k, float(pk), want, hits / want,
                              [np.concatenate(w) for w in wins]))
    rate = np.zeros(len(names))
    var = np.zeros(len(names))
    for s in strata:
        rate += s.p * s.tiers[:-1]
        if s.n:
            var += s.p ** 2 * s.tiers[:-1] * (1 - s.tiers[:-1]) / s.n
    # the total's variance: within a stratum the tiers are multinomial (negatively
    # correlated), so the total is binomial in "any tier"
    any_var = sum(s.p ** 2 * s.tiers[:-1].sum() * (1 - s.tiers[:-1].sum()) / s.n for s in strata if s.n)
    return {"names": names, "rate": rate, "se": np.sqrt(var), "total": float(rate.sum()),
            "total_se": math.sqrt(any_var), "strata": strata, "law": law}


def main() -> None:
    ap = argparse.ArgumentParser(description="THE FARM WHEEL's trigger rates (exact first-board law, "
                                             "stratified tumble simulation), base and ante, with 99% intervals")
    ap.add_argument("--per-stratum", type=int, default=4_000_000,
                    help="spins simulated per first-board windmill count below the lowest trigger "
                         "(a quarter of that above it; default 4,000,000)")
    ap.add_argument("--seed", type=int, default=1, help="simulation seed (default 1)")
    a = ap.parse_args()
    if a.per_stratum < 1000:
        ap.error(f"--per-stratum {a.per_stratum} is too small; allowed: 1000 or more")
    pm = load()
    res = {}
    for mode in ("base", "ante"):
        strips = pm.mode(mode)["strips"]
        r = wheel_rates(pm, strips, a.per_stratum, a.seed + (mode == "ante"))
        res[mode] = r
        tot, se = r["total"], r["total_se"]
        print(f"{mode} (strips {strips}): THE FARM WHEEL 1 in {1 / tot:.2f} "
              f"(99% interval 1 in {1 / (tot + Z99 * se):.2f} .. {1 / (tot - Z99 * se):.2f}); "
              f"{sum(s.n for s in r['strata']):,} spins simulated")
        for name, p, s in zip(r["names"], r["rate"], r["se"]):
            print(f"  {name:7s} {p:.6e} ± {Z99 * s:.1e}  (1 in {1 / p:,.0f}; {p / tot:.2%} of triggers)")
        for s in r["strata"]:
            what = "exact" if not s.n else f"{s.n:,} spins"
            print(f"    first board k={s.k}: P {s.p:.6f}, P(wheel | k) {s.tiers[:-1].sum():.5f} ({what})")
    b, t = res["base"], res["ante"]
    ratio = t["total"] / b["total"]
    rse = ratio * math.hypot(t["total_se"] / t["total"], b["total_se"] / b["total"])
    print(f"ante / base wheel rate: {ratio:.4f} (99% interval {ratio - Z99 * rse:.4f} .. {ratio + Z99 * rse:.4f})")


if __name__ == "__main__":
    main()

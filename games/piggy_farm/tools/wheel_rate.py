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

from ..math.rare import Z99, wheel_rates
from ..math.tables import load


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

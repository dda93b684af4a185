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

from ..math.rare import Z99, Particles, split_rounds, wheel_rates, wheel_tail
from ..math.tables import PiggyMath, load


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
    ap.add_argument(
        "--roots", type=int, default=200_000, help="unsplit free-spin rounds per estimate (default 200,000)"
    )
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

"""Piggy Farm's rules-side PAR figures for the spin modes (base, ante): the RTP with a
tight interval and the odds of the top awards (GameSpec.live_rtp / .tail_odds).

A base or ante round is a spin (clusters and tumbles) and, when its final board shows
enough windmills, THE FARM WHEEL. Its RTP splits into parts that each converge fast:

    RTP = E[spin win] + sum over tiers t of P(t) V_t

- E[spin win]: the plain live run's own rounds (>= 10^7, the vectorised engine), their
  spins' wins without the wheel (sim.simulate's "sums");
- P(t): THE FARM WHEEL's trigger rate per tier, stratified by the first board's windmill
  count, whose law is exact from the strip counts (math/rare.py);
- V_t: the wheel's value from tier t: exact slice odds (upgrade chains) x each final
  slice's value, coins exact, free spins xm at E[min(m W, cap)] with W the raw x1 win of a
  free-spins round, estimated by multilevel splitting (math/rare.py: a stopping-time
  split keeps it unbiased; the 99% interval comes from the independent roots).

The parts come from independent runs, so their errors add in quadrature (the tiers' rate
errors are added as if independent, which overstates them: within a stratum they are
negatively correlated). One approximation, bounded: V_t caps the wheel at 50,000x on its
own, where the round caps base + wheel; the difference is below P(cap) x the triggering
spin's win, under 10^-5 of the RTP.

The top awards: P(win >= X) = P(no wheel, spin win >= X) (the live run's count) + the
wheel's path (the same strata give the triggering spins' own wins; the same split
rounds give the free spins' tail; coins exact).
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from .tables import load

Z99 = 2.5758293035489004
ROOTS = 200_000           # split free-spin rounds (shared by base and ante)
SPLIT_TASKS = 4         # independent split runs (each has a fixed cost of ~1 s: its long retrigger tail)
PER_STRATUM = 300_000     # spins per first-board windmill count below the trigger
SPIN_MODES = ("base", "ante")
_CACHE: dict[tuple, Any] = {}


def _split_task(task: tuple[int, int, int]):
    from .rare import split_rounds
    seed, index, roots = task
    pm = load()
    fs = pm.raw["free_spins"]
    return split_rounds(pm, "free_spins", int(fs["spins"]), fs["strips"], roots, pm.cap_x100,
                        seed * 1_000 + index)


def _parts(seed: int, workers: int = 2):
    """The split x1 free-spin rounds of the wheel: ROOTS roots in independent tasks (one
    run per process and seed; base and ante share it)."""
    from cabinet.math import pool
    from .rare import Particles
    key = ("parts", seed)
    if key not in _CACHE:
        tasks = [(seed, i, ROOTS // SPLIT_TASKS) for i in range(SPLIT_TASKS)]
        with pool.Progress(ROOTS, "roots", "piggy_farm split free-spin rounds") as bar:
            got = pool.run(_split_task, tasks, workers, on_done=lambda i, r: bar.done(tasks[i][2], tasks[i][2]))
        offset = np.cumsum([0] + [g.roots for g in got])
        _CACHE[key] = Particles(np.concatenate([g.win for g in got]), np.concatenate([g.weight for g in got]),
                                np.concatenate([g.root + off for g, off in zip(got, offset)]),
                                int(offset[-1]), sum(g.spins for g in got))
    return _CACHE[key]


def _rates(mode: str, seed: int) -> dict:
    from .rare import wheel_rates
    key = ("rates", mode, seed)
    if key not in _CACHE:
        import sys
        import time
        pm = load()
        t0 = time.perf_counter()
        print(f"piggy_farm/{mode}: THE FARM WHEEL's trigger strata ({PER_STRATUM:,} spins a stratum below the "
              "trigger) ...", file=sys.stderr, flush=True)
        _CACHE[key] = wheel_rates(pm, pm.mode(mode)["strips"], PER_STRATUM, seed + 1 + SPIN_MODES.index(mode))
        print(f"  done in {time.perf_counter() - t0:.1f}s", file=sys.stderr, flush=True)
    return _CACHE[key]


def wheel_value_per_root(mode: str, seed: int) -> np.ndarray:
    """Per root of the split rounds: its estimate of sum_t P(t) V_t (x100 per spin)."""
    pm = load()
    parts, rates = _parts(seed), _rates(mode, seed)
    cap = pm.cap_x100
    out = np.zeros(parts.roots)
    for tier, rate in zip(rates["names"], rates["rate"]):
        for (t, j), p in pm.wheel.outcome_odds(tier).items():
            sl = pm.wheel.tiers[t][j]
            if sl.kind == "coin":
                out += float(rate) * float(p) * int(sl.value)
            else:
                w = np.minimum(parts.win * int(sl.value), cap)
                out += float(rate) * float(p) * np.bincount(parts.root, weights=parts.weight * w,
                                                            minlength=parts.roots)
    return out


def live_rtp(mode: str, sims: dict[str, Any], seed: int, workers: int = 2) -> dict[str, Any] | None:
    """The RTP of a spin mode from its parts (see the module docstring)."""
    if mode not in SPIN_MODES or mode not in sims or "spin_x100" not in sims[mode].get("sums", {}):
        return None
    pm = load()
    sim = sims[mode]
    n, s1, s2 = sim["rounds"], sim["sums"]["spin_x100"], sim["sums"]["spin_sq"]
    spin = s1 / n
    spin_se = math.sqrt(max(s2 / n - spin * spin, 0.0) / (n - 1))
    _parts(seed, workers)
    rates = _rates(mode, seed)
    per_root = wheel_value_per_root(mode, seed)
    wheel = float(per_root.mean())
    value_se = float(per_root.std(ddof=1) / math.sqrt(len(per_root)))
    tier_v = [_tier_value(pm, t, _parts(seed)) for t in rates["names"]]
    rate_se = math.sqrt(sum((se * v) ** 2 for se, v in zip(rates["se"], tier_v)))
    cost = int(pm.mode(mode)["cost_x100"])
    rtp = (spin + wheel) / cost
    half = Z99 * math.sqrt(spin_se ** 2 + value_se ** 2 + rate_se ** 2) / cost
    parts = _parts(seed)
    return {"rtp": rtp, "ci99": [rtp - half, rtp + half], "rounds": n,
            "method": f"spins' own wins {spin / cost:.6f} from the live run's {n:,} rounds (vectorised engine) + "
                      f"THE FARM WHEEL {wheel / cost:.6f} = sum over tiers of the trigger rate (1 in "
                      f"{1 / rates['total']:.2f} in all; strata of the exact first-board windmill law, "
                      f"{PER_STRATUM:,} spins each) x the tier's value (exact slice odds, coins exact, free "
                      f"spins from {parts.roots:,} split rounds, {parts.spins:,} spins); 99% half-widths: spins "
                      f"{Z99 * spin_se / cost * 100:.3f} pp, rates {Z99 * rate_se / cost * 100:.3f} pp, values "
                      f"{Z99 * value_se / cost * 100:.3f} pp, added in quadrature."}


def _tier_value(pm, tier: str, parts) -> float:
    """V_t (x100): the wheel's mean value from a trigger of this tier."""
    v = 0.0
    for (t, j), p in pm.wheel.outcome_odds(tier).items():
        sl = pm.wheel.tiers[t][j]
        v += float(p) * (int(sl.value) if sl.kind == "coin" else
                         float((parts.weight * np.minimum(parts.win * int(sl.value), pm.cap_x100)).sum()) / parts.roots)
    return v


def tail_odds(mode: str, thresholds_x100: list[int], seed: int = 1,
              sims: dict[str, Any] | None = None) -> dict[int, tuple]:
    """P(win >= X) of a base or ante round for X of 1,000x, 5,000x, 10,000x the cost and the
    cap: the wheel's
    path by splitting (99% interval from the roots and the rates' error, relative) + the
    live run's rounds without the wheel that reach X (sim.NO_WHEEL_X; Wilson interval,
    its bounds added to the wheel path's)."""
    from cabinet.math.stats import rate_ci
    from .rare import wheel_tail
    from .sim import NO_WHEEL_X
    sim = (sims or {}).get(mode) or {}
    counts = sim.get("sums", {}).get("no_wheel_ge_x")
    if mode not in SPIN_MODES or counts is None:
        return {}                     # without the live run's rounds the spins' own part is unknown
    pm = load()
    cost = int(pm.mode(mode)["cost_x100"])
    parts, rates = _parts(seed), _rates(mode, seed)
    out = {}
    at = {x * cost: i for i, x in enumerate(NO_WHEEL_X)} | {pm.cap_x100: len(NO_WHEEL_X)}
    for x in thresholds_x100:
        if x not in at:
            continue                  # below 1,000x the live run's own count is the better estimate
        k = int(counts[at[x]])
        q, qlo, qhi = rate_ci(k, sim["rounds"])
        per_root, _ = wheel_tail(pm, rates, parts, x)
        p = float(per_root.mean())
        se = float(per_root.std(ddof=1) / math.sqrt(parts.roots))
        half = Z99 * p * math.hypot(se / p if p else 0.0, rates["total_se"] / rates["total"])
        out[x] = (p + q, max(0.0, p - half) + qlo, p + half + qhi,
                  f"THE FARM WHEEL's path {p:.3e} (trigger strata x exact slice odds x {parts.roots:,} split "
                  f"free-spin rounds) + spins without the wheel: {k:,} of the live run's {sim['rounds']:,}")
    return out

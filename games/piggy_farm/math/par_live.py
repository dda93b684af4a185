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
  free-spins round, from two independent runs with fixed weights (SPLIT_GAIN): unsplit
  rounds, and rounds under multilevel splitting (math/rare.py: a stopping-time split keeps
  it unbiased; its 99% interval comes from the independent roots). Splitting buys the
  tail, not the mean: per spin played, an unsplit round's value has about half the
  variance of a split root's, so most of the value comes from the unsplit rounds.

The parts come from independent runs, so their errors add in quadrature; the rates' error
is that of sum over t of P(t) V_t with the values held (per stratum the variance of one
spin's wheel value, the tiers' multinomial correlation counted: rare.rates_value_se), and
the strata's spins follow Neyman's allocation from a pilot run (not in the estimate). One
approximation, bounded: V_t caps the wheel at 50,000x on its own, where the round caps base + wheel; the difference is below P(cap) x the triggering
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
ROOTS = 200_000           # split free-spin rounds: the top awards' tail, and part of the wheel's value
PLAIN_ROUNDS = 1_200_000  # unsplit free-spin rounds: the rest of the wheel's value
SPLIT_TASKS = 4         # independent split runs (each has a fixed cost of ~1 s: its long retrigger tail)
PLAIN_TASKS = 12
SPLIT_COST = 5.0          # a split root plays about this many times the spins of an unsplit round
# The value is lam x (split roots' mean) + (1 - lam) x (unsplit rounds' mean), lam = g R / (g R + U)
# for R roots, U unsplit rounds and this fixed g: a split root's value has about 1/g the variance
# of an unsplit round's (measured: sd 5,700 against 8,900 for the wheel's xm mix). Any fixed
# lam keeps the estimate unbiased; the interval uses the measured spreads of both runs.
SPLIT_GAIN = 2.5
PILOT_STRATUM = 20_000    # pilot spins per simulated first-board windmill count (sizes the strata)
STRATA_SPINS = {"base": 1_500_000, "ante": 6_000_000}   # spins over a mode's simulated strata (Neyman)
RATE_TASKS = 4
SPIN_MODES = ("base", "ante")
_CACHE: dict[tuple, Any] = {}


def _free_spins_task(task: tuple[str, int, int, int]):
    from .rare import split_rounds
    kind, seed, index, roots = task
    pm = load()
    fs = pm.raw["free_spins"]
    plain = {} if kind == "split" else {"factor": 1, "levels_x": ()}
    return split_rounds(pm, "free_spins", int(fs["spins"]), fs["strips"], roots, pm.cap_x100,
                        seed * 1_000 + index, **plain)


def _joined(got: list) -> Any:
    from .rare import Particles
    offset = np.cumsum([0] + [g.roots for g in got])
    return Particles(np.concatenate([g.win for g in got]), np.concatenate([g.weight for g in got]),
                     np.concatenate([g.root + off for g, off in zip(got, offset)]),
                     int(offset[-1]), sum(g.spins for g in got))


def free_spin_runs(seed: int, workers: int = 2, kinds: tuple[str, ...] = ("split", "plain")) -> dict[str, Any]:
    """The wheel's x1 free-spin rounds, in independent tasks (one run per process and
    seed; base and ante share it): {"split": ROOTS split rounds, "plain": PLAIN_ROUNDS
    unsplit ones} (rare.Particles each); `kinds` the ones needed (the top awards' tail:
    the split ones only), those not yet played run together."""
    from cabinet.math import pool
    todo = [k for k in kinds if (k, seed) not in _CACHE]
    if todo:
        tasks = ([("split", seed, i, ROOTS // SPLIT_TASKS) for i in range(SPLIT_TASKS) if "split" in todo]
                 + [("plain", seed, 500 + i, PLAIN_ROUNDS // PLAIN_TASKS) for i in range(PLAIN_TASKS) if "plain" in todo])
        cost = [t[3] * (SPLIT_COST if t[0] == "split" else 1.0) for t in tasks]
        with pool.Progress(sum(cost), "rounds", "piggy_farm free-spin rounds of the wheel") as bar:
            got = pool.run(_free_spins_task, tasks, workers, on_done=lambda i, r: bar.done(cost[i], tasks[i][3]))
        for k in todo:
            _CACHE[k, seed] = _joined([g for t, g in zip(tasks, got) if t[0] == k])
    return {k: _CACHE[k, seed] for k in kinds}


def _parts(seed: int, workers: int = 2):
    """The split free-spin rounds (the top awards' tail)."""
    return free_spin_runs(seed, workers, ("split",))["split"]


def split_share(runs: dict[str, Any]) -> float:
    """lam: the split roots' share of the wheel's value (SPLIT_GAIN)."""
    g = SPLIT_GAIN * runs["split"].roots
    return g / (g + runs["plain"].roots)


def _strata_task(task: tuple[str, dict[int, int], int]) -> dict:
    from .rare import wheel_rates
    strips, alloc, seed = task
    return wheel_rates(load(), strips, alloc, seed)


def _rates(mode: str, seed: int, workers: int = 2) -> dict:
    """THE FARM WHEEL's trigger strata of a spin mode: a pilot run of PILOT_STRATUM spins a
    simulated stratum gives each stratum's spread of a spin's wheel value (tier values
    from the split free-spin rounds), Neyman's allocation of STRATA_SPINS[mode] spins follows, and
    a fresh run of those in RATE_TASKS independent tasks (the pilot is not in the
    estimate, so it stays unbiased) gives the rates."""
    from cabinet.math import pool
    from .rare import merged_rates, neyman_strata
    key = ("rates", mode, seed)
    if key not in _CACHE:
        import sys
        import time
        pm = load()
        t0 = time.perf_counter()
        strips, at = pm.mode(mode)["strips"], (seed + 1 + SPIN_MODES.index(mode)) * 100
        spins = STRATA_SPINS[mode]
        print(f"piggy_farm/{mode}: THE FARM WHEEL's trigger strata ({PILOT_STRATUM:,} pilot spins a stratum, "
              f"then {spins:,} by Neyman's allocation) ...", file=sys.stderr, flush=True)
        half = {k: PILOT_STRATUM // 2 for k in range(60)}
        pilot = merged_rates(pool.run(_strata_task, [(strips, half, at + 90), (strips, half, at + 91)], workers))
        split = _parts(seed, workers)          # the allocation's tier values: the split rounds alone
        alloc = neyman_strata(pilot, [float(per_root_value(pm, {t: 1.0}, split).mean()) for t in pilot["names"]],
                              spins)
        tasks = [(strips, {k: -(-n // RATE_TASKS) for k, n in alloc.items()}, at + i) for i in range(RATE_TASKS)]
        _CACHE[key] = merged_rates(pool.run(_strata_task, tasks, workers))
        print(f"  done in {time.perf_counter() - t0:.1f}s: " + ", ".join(
            f"{s.k} windmills {s.n:,}" for s in _CACHE[key]["strata"] if s.n), file=sys.stderr, flush=True)
    return _CACHE[key]


def per_root_value(pm, coef: dict[str, float], parts) -> np.ndarray:
    """Per root of `parts`: its estimate of sum over tiers t of coef[t] V_t (x100), V_t the
    wheel's value from tier t (exact slice odds, coins exact, free spins xm at min(m W, cap))."""
    out = np.zeros(parts.roots)
    for tier, c in coef.items():
        for (t, j), p in pm.wheel.outcome_odds(tier).items():
            sl = pm.wheel.tiers[t][j]
            if sl.kind == "coin":
                out += float(c) * float(p) * int(sl.value)
            else:
                w = np.minimum(parts.win * int(sl.value), pm.cap_x100)
                out += float(c) * float(p) * np.bincount(parts.root, weights=parts.weight * w, minlength=parts.roots)
    return out


def wheel_value(pm, coef: dict[str, float], seed: int) -> tuple[float, float]:
    """(sum over t of coef[t] V_t, its standard error): lam x the split roots' mean +
    (1 - lam) x the unsplit rounds' mean, independent runs."""
    runs = free_spin_runs(seed)
    lam = split_share(runs)
    (ma, va), (mb, vb) = [(float(y.mean()), float(y.var(ddof=1)) / len(y))
                          for y in (per_root_value(pm, coef, runs[k]) for k in ("split", "plain"))]
    return lam * ma + (1 - lam) * mb, math.sqrt(lam * lam * va + (1 - lam) ** 2 * vb)


def _tier_value(pm, tier: str, seed: int) -> float:
    """V_t (x100): the wheel's mean value from a trigger of this tier."""
    return wheel_value(pm, {tier: 1.0}, seed)[0]


def live_rtp(mode: str, sims: dict[str, Any], seed: int, workers: int = 2) -> dict[str, Any] | None:
    """The RTP of a spin mode from its parts (see the module docstring)."""
    from .rare import rates_value_se
    if mode not in SPIN_MODES or mode not in sims or "spin_x100" not in sims[mode].get("sums", {}):
        return None
    pm = load()
    sim = sims[mode]
    n, s1, s2 = sim["rounds"], sim["sums"]["spin_x100"], sim["sums"]["spin_sq"]
    spin = s1 / n
    spin_se = math.sqrt(max(s2 / n - spin * spin, 0.0) / (n - 1))
    runs = free_spin_runs(seed, workers)
    rates = _rates(mode, seed, workers)
    wheel, value_se = wheel_value(pm, dict(zip(rates["names"], rates["rate"].tolist())), seed)
    rate_se = rates_value_se(rates, [_tier_value(pm, t, seed) for t in rates["names"]])
    cost = int(pm.mode(mode)["cost_x100"])
    rtp = (spin + wheel) / cost
    half = Z99 * math.sqrt(spin_se ** 2 + value_se ** 2 + rate_se ** 2) / cost
    split, plain = runs["split"], runs["plain"]
    return {"rtp": rtp, "ci99": [rtp - half, rtp + half], "rounds": n,
            "method": f"spins' own wins {spin / cost:.6f} from the live run's {n:,} rounds (vectorised engine) + "
                      f"THE FARM WHEEL {wheel / cost:.6f} = sum over tiers of the trigger rate (1 in "
                      f"{1 / rates['total']:.2f} in all; strata of the exact first-board windmill law, "
                      f"{sum(s.n for s in rates['strata']):,} spins by Neyman's allocation from a pilot's spread) "
                      f"x the tier's value (exact slice odds, coins exact, free spins from {plain.roots:,} "
                      f"unsplit rounds ({plain.spins:,} spins) and {split.roots:,} split rounds ({split.spins:,} "
                      f"spins), weighted {1 - split_share(runs):.2f} : {split_share(runs):.2f}, fixed in advance); "
                      f"99% half-widths: spins {Z99 * spin_se / cost * 100:.3f} pp, rates "
                      f"{Z99 * rate_se / cost * 100:.3f} pp, values {Z99 * value_se / cost * 100:.3f} pp, added in "
                      "quadrature."}


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

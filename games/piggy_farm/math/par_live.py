"""Piggy Farm's rules-side PAR figures for the spin modes (base, ante): the RTP with a
tight interval and the odds of the top awards (GameSpec.math.live_rtp / .tail_odds).

A base or ante round is a spin (clusters and tumbles) and, when its final board shows
enough windmills, THE FARM WHEEL. Its RTP splits into parts that each converge fast:

    RTP = E[spin win] + sum over tiers t of P(t) V_t

- E[spin win]: the plain live run's own rounds (>= 10^7, the vectorised engine), their
  spins' wins without the wheel (sim.simulate's "sums");
- P(t): THE FARM WHEEL's trigger rate per tier, stratified by the first board's windmill
  count, whose law is exact from the strip counts (math/rare.py);
- V_t: the wheel's value from tier t: exact slice odds (upgrade chains) x each final
  slice's value, coins exact, free spins xm at E[min(m W, cap)] with W the raw x1 win of a
  free-spins round, from two independent runs with fixed weights (SPLIT_GAIN): rounds
  split once (LIGHT_FACTOR copies when W first reaches LIGHT_LEVELS_X), and rounds under
  full multilevel splitting (math/rare.py: a stopping-time split keeps both unbiased;
  their 99% intervals come from the independent roots). The full splitting buys the
  tail, not the mean: per spin played, a once-split root's value has about a third of
  the variance of a fully split root's (and two thirds of an unsplit round's: nearly
  all of the variance is in rounds past 100x), so most of the value comes from the
  once-split rounds.

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
LIGHT_ROUNDS = 600_000    # free-spin rounds split once: the rest of the wheel's value
LIGHT_FACTOR, LIGHT_LEVELS_X = 3, (100,)
SPLIT_TASKS = 4         # independent split runs (each has a fixed cost of ~1 s: its long retrigger tail)
LIGHT_TASKS = 12
SPLIT_COST = 3.7          # a split root plays about this many times the spins of a once-split one (110 : 30)
# The value is lam x (split roots' mean) + (1 - lam) x (once-split roots' mean), lam = g R / (g R + U)
# for R and U roots and this fixed g: a split root's value has about 1/g the variance of a
# once-split root's (measured for the wheel's xm mix of both modes: 5.5e4 against 7.6e4, and
# 1.4e5 for an unsplit round). Any fixed lam keeps the estimate unbiased; the interval uses
# the measured spreads of both runs.
SPLIT_GAIN = 1.4
PILOT_STRATUM = 20_000    # pilot spins per simulated first-board windmill count (sizes the strata)
STRATA_SPINS = {"base": 1_500_000, "ante": 6_000_000}   # spins over a mode's simulated strata (Neyman)
RATE_TASKS = 4
STRATUM_SPIN_COST = 1 / 15  # a stratum's spin costs about this many once-split free-spin rounds
SPIN_MODES = ("base", "ante")
_CACHE: dict[tuple, Any] = {}


def _free_spins_task(task: tuple[str, int, int, int]):
    from .rare import split_rounds
    kind, seed, index, roots = task
    pm = load()
    fs = pm.raw["free_spins"]
    light: dict[str, Any] = {} if kind == "split" else {"factor": LIGHT_FACTOR, "levels_x": LIGHT_LEVELS_X}
    return split_rounds(pm, "free_spins", int(fs["spins"]), fs["strips"], roots, pm.cap_x100,
                        seed * 1_000 + index, **light)


def free_spin_runs(seed: int, workers: int = 2, kinds: tuple[str, ...] = ("split", "light")) -> dict[str, Any]:
    """The wheel's x1 free-spin rounds, in independent tasks (one run per process and
    seed; base and ante share it): {"split": ROOTS split rounds, "light": LIGHT_ROUNDS
    rounds split once} (rare.Particles each); `kinds` the ones needed (the top awards'
    tail: the split ones only), those not yet played run (see prepare)."""
    prepare(seed, workers, (), "light" in kinds)
    return {k: _CACHE[k, seed] for k in kinds}


def _parts(seed: int, workers: int = 2):
    """The split free-spin rounds (the top awards' tail)."""
    return free_spin_runs(seed, workers, ("split",))["split"]


def split_share(runs: dict[str, Any]) -> float:
    """lam: the split roots' share of the wheel's value (SPLIT_GAIN)."""
    g = SPLIT_GAIN * runs["split"].roots
    return g / (g + runs["light"].roots)


def _task(task: tuple) -> Any:
    """One task of prepare's pools: free-spin rounds ("split"/"light", seed, index, roots)
    or a stratum run ("strata", strips, {count: spins}, seed)."""
    from .rare import wheel_rates
    if task[0] == "strata":
        return wheel_rates(load(), *task[1:])
    return _free_spins_task(task)


def _cost(task: tuple) -> float:
    """A task's cost in once-split free-spin rounds (the progress bar's units, the pools' order)."""
    if task[0] == "strata":
        return sum(task[2].values()) * STRATUM_SPIN_COST
    return task[3] * (SPLIT_COST if task[0] == "split" else 1.0)


def _pooled(labelled: list[tuple], workers: int, desc: str) -> dict[Any, list]:
    """[(label, task)] run in one pool, costliest first: {label: [results in task order]}."""
    from cabinet.math import pool
    if not labelled:
        return {}
    tasks = [t for _, t in labelled]
    cost = [_cost(t) for t in tasks]
    with pool.Progress(sum(cost), "tasks", desc) as bar:
        got = pool.run(_task, tasks, workers, order=sorted(range(len(tasks)), key=lambda i: -cost[i]),
                       on_done=lambda i, r: bar.done(cost[i], 1))
    out: dict[Any, list] = {}
    for (label, _), g in zip(labelled, got):
        out.setdefault(label, []).append(g)
    return out


def prepare(seed: int, workers: int = 2, modes: tuple[str, ...] = SPIN_MODES, light: bool = True) -> None:
    """Play every run not yet cached that the spin modes `modes` need (and the once-split
    free-spin rounds if `light`), in two pools so both cores stay busy: first the split
    free-spin rounds with each mode's pilot of the wheel's trigger strata (PILOT_STRATUM
    spins a simulated stratum, in two halves); then, once the split rounds give the tier
    values, each mode's strata by Neyman's allocation of STRATA_SPINS[mode] spins (the
    pilot's spread; RATE_TASKS independent tasks; the pilot is not in the estimate, so it
    stays unbiased) beside the once-split rounds (LIGHT_ROUNDS in LIGHT_TASKS)."""
    import sys
    import time
    from .rare import Particles, merged_rates, neyman_strata
    pm = load()
    modes = tuple(m for m in modes if ("rates", m, seed) not in _CACHE)
    # (what a task's result is for, the task)
    first: list[tuple[Any, tuple]]
    first = ([("split", ("split", seed, i, ROOTS // SPLIT_TASKS)) for i in range(SPLIT_TASKS)]
             if ("split", seed) not in _CACHE else [])
    at = {m: (seed + 1 + SPIN_MODES.index(m)) * 100 for m in modes}
    half = {k: PILOT_STRATUM // 2 for k in range(60)}
    first += [(("pilot", m), ("strata", pm.mode(m)["strips"], half, at[m] + 90 + j)) for m in modes for j in (0, 1)]
    second: list[tuple[Any, tuple]]
    second = ([("light", ("light", seed, 500 + i, LIGHT_ROUNDS // LIGHT_TASKS)) for i in range(LIGHT_TASKS)]
              if light and ("light", seed) not in _CACHE else [])
    if not first and not second:
        return
    t0 = time.perf_counter()
    if modes:
        print(f"piggy_farm/{', '.join(modes)}: THE FARM WHEEL's trigger strata ({PILOT_STRATUM:,} pilot spins a "
              f"stratum, then " + ", ".join(f"{STRATA_SPINS[m]:,}" for m in modes) + " by Neyman's allocation), "
              "with the free-spin rounds of its value ...", file=sys.stderr, flush=True)
    got = _pooled(first, workers, "piggy_farm wheel: split free-spin rounds, strata pilots")
    if ("split", seed) not in _CACHE:
        _CACHE["split", seed] = Particles.joined(got["split"])
    split = _CACHE["split", seed]              # the allocation's tier values: the split rounds alone
    for m in modes:
        pilot = merged_rates(got["pilot", m])
        alloc = neyman_strata(pilot, [float(per_root_value(pm, {t: 1.0}, split).mean()) for t in pilot["names"]],
                              STRATA_SPINS[m])
        second += [(("strata", m), ("strata", pm.mode(m)["strips"], {k: -(-n // RATE_TASKS) for k, n in alloc.items()},
                                    at[m] + i)) for i in range(RATE_TASKS)]
    got = _pooled(second, workers, "piggy_farm wheel: strata, once-split free-spin rounds")
    if light and ("light", seed) not in _CACHE:
        _CACHE["light", seed] = Particles.joined(got["light"])
    for m in modes:
        _CACHE["rates", m, seed] = r = merged_rates(got["strata", m])
        print(f"  {m}: " + ", ".join(f"{s.k} windmills {s.n:,}" for s in r["strata"] if s.n), file=sys.stderr,
              flush=True)
    print(f"  done in {time.perf_counter() - t0:.1f}s", file=sys.stderr, flush=True)


def _rates(mode: str, seed: int, workers: int = 2) -> dict:
    """THE FARM WHEEL's trigger strata of a spin mode (see prepare)."""
    prepare(seed, workers, (mode,), light=False)
    return _CACHE["rates", mode, seed]


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
    (1 - lam) x the once-split roots' mean, independent runs."""
    runs = free_spin_runs(seed)
    lam = split_share(runs)
    (ma, va), (mb, vb) = [(float(y.mean()), float(y.var(ddof=1)) / len(y))
                          for y in (per_root_value(pm, coef, runs[k]) for k in ("split", "light"))]
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
    prepare(seed, workers)                  # both spin modes' runs at once: the first call plays them
    runs = free_spin_runs(seed, workers)
    rates = _rates(mode, seed, workers)
    wheel, value_se = wheel_value(pm, dict(zip(rates["names"], rates["rate"].tolist())), seed)
    rate_se = rates_value_se(rates, [_tier_value(pm, t, seed) for t in rates["names"]])
    cost = int(pm.mode(mode)["cost_x100"])
    rtp = (spin + wheel) / cost
    half = Z99 * math.sqrt(spin_se ** 2 + value_se ** 2 + rate_se ** 2) / cost
    split, light = runs["split"], runs["light"]
    return {
        "rtp": rtp,
        "ci99": [rtp - half, rtp + half],
        "rounds": n,
        "method": f"spins' own wins {spin / cost:.6f} from the live run's {n:,} rounds (vectorised engine) + "
        f"THE FARM WHEEL {wheel / cost:.6f} = sum over tiers of the trigger rate (1 in "
        f"{1 / rates['total']:.2f} in all; strata of the exact first-board windmill law, "
        f"{sum(s.n for s in rates['strata']):,} spins by Neyman's allocation from a pilot's spread) "
        f"x the tier's value (exact slice odds, coins exact, free spins from {light.roots:,} "
        f"rounds split once at {LIGHT_LEVELS_X[0]:,}x ({light.spins:,} spins) and {split.roots:,} "
        f"split rounds ({split.spins:,} spins), weighted {1 - split_share(runs):.2f} : {split_share(runs):.2f}, fixed in advance); "
        f"99% half-widths: spins {Z99 * spin_se / cost * 100:.3f} pp, rates "
        f"{Z99 * rate_se / cost * 100:.3f} pp, values {Z99 * value_se / cost * 100:.3f} pp, added in "
        "quadrature.",
    }


def tail_odds(mode: str, thresholds_x100: list[int], seed: int = 1,
              sims: dict[str, Any] | None = None) -> dict[int, tuple]:
    """P(win >= X) of a bought round: buy_tails.buy_tail. Of a base or ante round, for X
    of 1,000x, 5,000x, 10,000x the cost and the cap: the wheel's
    path by splitting (99% interval from the roots and the rates' error, relative) + the
    live run's rounds without the wheel that reach X (sim.NO_WHEEL_X; Wilson interval,
    its bounds added to the wheel path's)."""
    from cabinet.math.stats import rate_ci
    from .rare import wheel_tail
    from .sim import NO_WHEEL_X
    if mode == "wheel_buy":
        return bought_wheel_tails(thresholds_x100, seed)
    if mode not in SPIN_MODES:
        from .buy_tails import buy_tail
        return buy_tail(mode, thresholds_x100, seed)
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


def bought_wheel_tails(thresholds_x100: list[int], seed: int = 1) -> dict[int, tuple]:
    """{X: (P(win >= X), lo99, hi99, method)} of FARM WHEEL BUY: the tier weights x the
    exact slice odds x the wheel's split free-spin rounds (rare.bought_wheel_tail)."""
    from .rare import bought_wheel_tail
    pm = load()
    parts = _parts(seed)
    out = {}
    for x in thresholds_x100:
        per_root, _ = bought_wheel_tail(pm, pm.mode("wheel_buy")["tier_weights"], parts, x)
        p = float(per_root.mean())
        half = Z99 * float(per_root.std(ddof=1)) / math.sqrt(parts.roots)
        out[x] = (p, max(0.0, p - half), p + half,
                  f"the tier weights x the exact slice odds x {parts.roots:,} split free-spin rounds of the wheel")
    return out

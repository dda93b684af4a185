"""Grinning Harvest's rules-side PAR figures: the base game's RTP with a tight interval
and the odds of its top awards (GameSpec.math.live_rtp / .tail_odds).

The base game without the bonus is exact (every stop combination of the three strips:
math/exact.exact_base): line pays, collects (each pumpkin's mean value: values are
drawn independently of the board), the trigger probability p and the exact law of the
trigger boards. What is random is only the bonus: `BONUSES` bonuses played by the
vectorised engine (math/sim.bonus_batch) from trigger boards drawn from that exact law,
each with its board's line win leaving the cap room. So

    RTP = E[lines] + E[collects] + p * E[bonus | trigger]

(control variates with exact expectations for the line and collect parts and the
trigger indicator, conditional Monte Carlo for the bonus), with a 99% interval from the
bonuses' spread, and

    P(win >= X) = P(no trigger, lines + collect >= X)  [exact: convolutions of the value table]
                + p * P(line + bonus >= X | trigger)   [the same bonuses, Wilson interval].
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import numpy as np

from .tables import load

Z99 = 2.5758293035489004    # two-sided 99% normal quantile (cabinet.math.stats, not imported at game load)

BONUSES = 12_000_000        # bonuses per estimate (99% half-widths: base RTP about 0.06 pp, P(>= 10,000x) about 5%)
CHUNK = 250_000


def _bonus_chunk(task: tuple) -> tuple[np.ndarray, np.ndarray]:
    """(bonus payout, its board's line win) of n bonuses from trigger boards."""
    from .exact import bonus_from_triggers
    seed, index, boards, lines, n = task
    out = bonus_from_triggers(load(), boards, lines, n, seed * 1_000 + index)
    return out["_pay_x100"], out["_line_x100"]


@lru_cache(maxsize=4)
def _exact() -> dict[str, Any]:
    from .exact import exact_base
    return exact_base(load())


@lru_cache(maxsize=None)
def value_sums(k: int) -> tuple[np.ndarray, np.ndarray]:
    """The exact law of the sum of k base pumpkin values: (sums x100, probabilities)."""
    vt = load().values_base
    vals, probs = np.array([0]), np.array([1.0])
    for _ in range(k):
        s = (vals[:, None] + vt.value_x100[None, :]).ravel()
        p = (probs[:, None] * vt.probabilities[None, :]).ravel()
        vals, inv = np.unique(s, return_inverse=True)
        probs = np.bincount(inv, weights=p)
    return vals, probs


def no_trigger_tail(x100: int) -> float:
    """Exact P(no bonus and lines + collect >= x100) of a base round."""
    ex = _exact()
    keys, prob = ex["_collect_groups"]
    total = float((ex["_no_collect_line"] >= x100).sum()) / ex["_stops"]
    for (line, nv, npk), p in zip(keys.tolist(), prob.tolist()):
        sums, ps = value_sums(npk)
        total += p * float(ps[line + nv * sums >= x100].sum())
    return total


_RUNS: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}


def bonus_run(seed: int, workers: int = 2, n: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(bonus payouts, line wins) of n bonuses from the exact trigger-board law (one run
    per seed and size in a process: the RTP and the tail odds share it; n: BONUSES)."""
    n = BONUSES if n is None else n
    if (seed, n) not in _RUNS:
        _RUNS[seed, n] = _bonus_run(seed, workers, n)
    return _RUNS[seed, n]


def _bonus_run(seed: int, workers: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    from cabinet.math import pool
    ex = _exact()
    tasks = [
        (seed, i, ex["_trig_boards"], ex["_trig_line"], min(CHUNK, n - a)) for i, a in enumerate(range(0, n, CHUNK))
    ]
    with pool.Progress(n, "bonuses", "grinning_harvest bonuses from trigger boards") as bar:
        parts = pool.run(_bonus_chunk, tasks, workers, on_done=lambda i, r: bar.done(tasks[i][4], tasks[i][4]))
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


def live_rtp(mode: str, sims: dict[str, Any], seed: int, workers: int = 2) -> dict[str, Any] | None:
    """The base game's RTP: exact base game + exact trigger odds x the bonus mean."""
    if mode != "base":
        return None                        # a buy is a bonus only: the plain live run is the check
    ex = _exact()
    pay, _ = bonus_run(seed, workers)
    p = float(ex["p_trigger"])
    mean, sd = float(pay.mean()) / 100, float(pay.std(ddof=1)) / 100
    rtp = float(ex["line_rtp"]) + float(ex["collect_rtp"]) + p * mean
    half = Z99 * p * sd / math.sqrt(len(pay))
    return {"rtp": rtp, "ci99": [rtp - half, rtp + half], "rounds": len(pay),
            "method": f"exact lines {float(ex['line_rtp']):.6f} and collects {float(ex['collect_rtp']):.6f} "
                      f"(all {ex['_stops']:,} stop combinations) + exact trigger odds 1 in {1 / p:,.2f} x the "
                      f"bonus mean {mean:.3f}x from {len(pay):,} bonuses of the vectorised engine started from "
                      "the exact law of trigger boards (control variates with exact expectations, conditional "
                      "Monte Carlo for the bonus)."}


def tail_odds(mode: str, thresholds_x100: list[int], seed: int = 1,
              sims: dict[str, Any] | None = None) -> dict[int, tuple]:
    """P(win >= X) of a base round: exact without the bonus + trigger odds x the bonus's."""
    from cabinet.math.stats import scaled_rate_ci
    if mode != "base":
        return {}
    ex = _exact()
    pay, line = bonus_run(seed)
    total = pay + line
    p = float(ex["p_trigger"])
    out = {}
    for x in thresholds_x100:
        k = int((total >= x).sum())
        how = (f"exact without the bonus + 1 in {1 / p:,.2f} x {k:,} of {len(pay):,} bonuses from the exact "
               "trigger-board law")
        out[x] = scaled_rate_ci(p, k, len(pay), no_trigger_tail(x)) + (how,)
    return out

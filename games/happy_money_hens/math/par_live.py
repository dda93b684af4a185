"""Happy Money Hens' rules-side PAR figures for the spin modes: the RTP with a tight
interval and the odds of the top awards (GameSpec.live_rtp / .tail_odds).

A spin round pays its line wins and, when the pots trigger, a bonus whose law depends
only on its final feature combination c (math/sim_bonus.py plays it from c alone). So

    RTP = E[line wins] + sum over c of P(c) E[bonus | c]

with E[line wins] exact (analysis.line_rtp: each line's five independent reels) and P(c)
exact (pots.combo_odds: the strips' feature-symbol counts, trigger chances and fortune
upgrades): control variates with exact expectations for the line part and the trigger
indicators. E[bonus | c] is the mean of every bonus of combination c the sheet's live
check played (the vectorised engine, >= 10^7 rounds per spin mode; the buys' and bonus
libraries' live runs add bonuses of the same law): conditional Monte Carlo. The 99%
interval is sum over c of P(c)^2 Var(bonus | c) / n_c.

The top awards, for X of at least 200x the cost: P(win >= X) = sum over c of P(c)
sum over l of P(line = l | c) P(bonus >= X - l | c), the bonus tail from the same pooled
bonuses (each of 100x or more kept one by one), the line law given c from the mode's own
live rounds (its own error, second order beside the bonus tail's, is not in the interval).
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from .analysis import line_rtp
from .pots import combo_odds
from .rules import SPIN_MODES
from .tables import COMBOS, load

Z99 = 2.5758293035489004
TAIL_FROM_X = 200          # top-award odds from this multiple of the cost


def pooled_bonuses(sims: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Per combination: count, mean, variance (x100) and the big payouts of every bonus
    the live runs played."""
    out = {}
    for c in COMBOS:
        n = sum(int(s["sums"]["bonus_n"][c]) for s in sims.values() if "bonus_n" in s.get("sums", {}))
        s1 = sum(float(s["sums"]["bonus_sum"][c]) for s in sims.values() if "bonus_n" in s.get("sums", {}))
        s2 = sum(float(s["sums"]["bonus_sq"][c]) for s in sims.values() if "bonus_n" in s.get("sums", {}))
        big = np.concatenate([np.asarray(s["sums"].get(f"samples_big_bonus_{c}", []), dtype=np.int64)
                              for s in sims.values()] + [np.zeros(0, np.int64)])
        mean = s1 / n if n else 0.0
        out[c] = {"n": n, "mean": mean, "var": max(s2 / n - mean * mean, 0.0) * n / max(n - 1, 1) if n else 0.0,
                  "big": big}
    return out


def live_rtp(mode: str, sims: dict[str, Any], seed: int, workers: int = 2) -> dict[str, Any] | None:
    """A spin mode's RTP: exact line RTP + exact combination odds x the pooled bonus means."""
    if mode not in SPIN_MODES or mode not in sims or "bonus_n" not in sims[mode].get("sums", {}):
        return None
    m = load()
    odds = combo_odds(mode)
    pool = pooled_bonuses(sims)
    cost = m.costs[mode]
    if any(odds[c] and pool[c]["n"] < 2 for c in COMBOS):
        return None                        # a combination the live runs never played: no estimate
    line = float(line_rtp(m)) * 100
    bonus = sum(float(odds[c]) * pool[c]["mean"] for c in COMBOS)
    var = sum(float(odds[c]) ** 2 * pool[c]["var"] / pool[c]["n"] for c in COMBOS if odds[c])
    rtp = (line + bonus) / cost
    half = Z99 * math.sqrt(var) / cost
    used = sum(pool[c]["n"] for c in COMBOS if odds[c])
    return {"rtp": rtp, "ci99": [rtp - half, rtp + half], "rounds": sims[mode]["rounds"],
            "method": f"exact line RTP {line / cost:.6f} + exact odds of each bonus combination (pots.combo_odds) x "
                      f"its mean over the {used:,} bonuses of those combinations that the live runs of every mode "
                      "played (the bonus depends on its combination alone): control variates with exact "
                      "expectations, conditional Monte Carlo for the bonus."}


def tail_odds(mode: str, thresholds_x100: list[int], seed: int = 1,
              sims: dict[str, Any] | None = None) -> dict[int, tuple]:
    """P(win >= X) of a spin round for X of TAIL_FROM_X times the cost or more."""
    from .sim import BIG_BONUS_X100, LINE_BINS
    sims = sims or {}
    if mode not in SPIN_MODES or "line_by_combo" not in sims.get(mode, {}).get("sums", {}):
        return {}
    m = load()
    cost = m.costs[mode]
    odds = combo_odds(mode)
    pool = pooled_bonuses(sims)
    lines = np.asarray(sims[mode]["sums"]["line_by_combo"], dtype=np.float64).reshape(8, LINE_BINS)
    l_x100 = np.arange(LINE_BINS) * 5
    out = {}
    for x in thresholds_x100:
        if x < TAIL_FROM_X * cost or x - l_x100[-1] < BIG_BONUS_X100:
            continue
        p = var = 0.0
        for c in COMBOS:
            if not odds[c] or not pool[c]["n"] or not lines[c].sum():
                continue
            law = lines[c] / lines[c].sum()
            at_least = np.append(np.cumsum(law[::-1])[::-1], 0.0)      # P(line >= 5 i | c)
            # each big bonus b: g(b) = P(line >= x - b | c); the other bonuses add 0
            need = x - pool[c]["big"]
            g = np.where(need <= 0, 1.0, at_least[np.clip(-(-need // 5), 0, LINE_BINS)])
            n = pool[c]["n"]
            mean = float(g.sum()) / n
            var_c = (float((g * g).sum()) / n - mean * mean) / max(n - 1, 1)
            p += float(odds[c]) * mean
            var += float(odds[c]) ** 2 * var_c
        half = Z99 * math.sqrt(var)
        out[x] = (p, max(0.0, p - half), p + half,
                  "exact combination odds x the pooled live bonuses' tail, given the mode's line-win law per "
                  "combination")
    return out

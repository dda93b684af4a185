"""Happy Money Hens' rules-side PAR figures for the spin modes: the RTP with a tight
interval and the odds of the top awards (GameSpec.math.live_rtp / .tail_odds).

A spin round pays its line wins and, when the pots trigger, a bonus whose law depends
only on its final feature combination c (math/sim_bonus.py plays it from c alone). So

    RTP = E[line wins] + sum over c of P(c) E[bonus | c]

with E[line wins] exact (analysis.line_rtp: each line's five independent reels) and P(c)
exact (pots.combo_odds: the strips' feature-symbol counts, trigger chances and fortune
upgrades): control variates with exact expectations for the line part and the trigger
indicators. E[bonus | c] is the mean of every bonus of combination c the sheet's live
check played (the vectorised engine, >= 10^7 rounds per spin mode; the buys' and bonus
libraries' live runs add bonuses of the same law) and of the extra bonuses played from
c alone where the interval needs them (extra_bonuses: Neyman's allocation over the
combinations from a pilot run's spreads): conditional Monte Carlo, stratified by c. The
99% interval is sum over c of P(c)^2 Var(bonus | c) / n_c.

The top awards, for X of at least 200x the cost: P(win >= X) = sum over c of P(c)
sum over l of P(line = l | c) P(bonus >= X - l | c), the bonus tail from the same pooled
bonuses (each of 100x or more kept one by one; with live_rtp's extra bonuses once it
ran for the same live runs and seed), the line law given c from the mode's own
live rounds (its own error, second order beside the bonus tail's, is not in the interval).
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from .analysis import line_rtp
from .pots import combo_odds
from .rules import SPIN_MODES
from .tables import COMBOS, combo_code, load

Z99 = 2.5758293035489004
TAIL_FROM_X = 200          # top-award odds from this multiple of the cost
TARGET_HALF = 0.0022       # the extra bonuses aim at this 99% half-width (0.22 pp) for every spin mode
PILOT = 4_000              # bonuses per combination of the pilot run that sizes the extra bonuses
MAX_EXTRA = 4_000_000      # at most this many extra bonuses in all
EXTRA_CHUNK = 50_000
_EXTRA: dict[tuple, dict[str, Any]] = {}


def _bonus_task(task: tuple[int, int, int, int]) -> dict[str, Any]:
    from .sim import bonuses_of
    seed, combo, index, n = task
    return bonuses_of(np.random.SeedSequence(seed, spawn_key=(0xB0, combo, index)), combo, n)


def neyman_counts(mode_odds: dict[str, dict[int, float]], costs: dict[str, int], sd: dict[int, float],
                  half: float) -> dict[int, int]:
    """Bonuses per combination that give every mode a 99% half-width of `half` (a
    fraction of its cost) at the fewest bonuses: for one mode, Neyman's allocation
    n_c = (Z / (half cost))^2 P(c) sd_c sum_c' P(c') sd_c' minimises sum n_c subject to
    sum P(c)^2 sd_c^2 / n_c = (half cost / Z)^2; for several, each combination's
    largest need (each mode's variance is then at most its target)."""
    need = {c: 0 for c in COMBOS}
    for mode, odds in mode_odds.items():
        total = sum(odds[c] * sd[c] for c in COMBOS)
        scale = (Z99 / (half * costs[mode])) ** 2 * total
        for c in COMBOS:
            need[c] = max(need[c], math.ceil(scale * odds[c] * sd[c]))
    return need


def extra_bonuses(sims: dict[str, Any], seed: int, workers: int = 2) -> dict[str, Any]:
    """Bonuses played from their combination alone, on top of the live runs', where the
    spin modes' interval needs them (once per seed; every spin mode shares them):
    a pilot run of PILOT bonuses a combination gives each one's spread, neyman_counts
    the counts for TARGET_HALF, less the bonuses the live runs played (at most MAX_EXTRA
    in all, scaled down alike). The pilot is not in the estimate, and the counts depend
    on the live runs only through how many bonuses of each combination they played, so
    the pooled means stay unbiased. Returns {"sums": bonus sums, "n": per combination,
    "pilot_sd": per combination (x the bet)}."""
    key = _extra_key(sims, seed)
    if key in _EXTRA:
        return _EXTRA[key]
    from cabinet.math import pool
    m = load()
    pilot = pool.run(_bonus_task, [(seed, c, 0, PILOT) for c in COMBOS], workers)
    sd = {}
    for c, p in zip(COMBOS, pilot):
        mean = p["bonus_sum"][c] / PILOT
        sd[c] = math.sqrt(max(p["bonus_sq"][c] / PILOT - mean * mean, 0.0))
    odds = {mode: {c: float(combo_odds(mode)[c]) for c in COMBOS} for mode in SPIN_MODES}
    need = neyman_counts(odds, {mode: m.costs[mode] for mode in SPIN_MODES}, sd, TARGET_HALF)
    live = dict(zip(COMBOS, key[1]))
    extra = {c: max(0, need[c] - live[c]) for c in COMBOS}
    if sum(extra.values()) > MAX_EXTRA:
        extra = {c: k * MAX_EXTRA // sum(extra.values()) for c, k in extra.items()}
    tasks = [(seed, c, 1 + i, min(EXTRA_CHUNK, k - a)) for c, k in extra.items()
             for i, a in enumerate(range(0, k, EXTRA_CHUNK))]
    with pool.Progress(sum(t[3] for t in tasks), "bonuses", "happy_money_hens extra bonuses") as bar:
        parts = pool.run(_bonus_task, tasks, workers, on_done=lambda i, r: bar.done(tasks[i][3], tasks[i][3]))
    from cabinet.math.sim import add_sums
    _EXTRA[key] = {"sums": add_sums(parts), "n": extra, "pilot_sd": {c: sd[c] / 100 for c in COMBOS}}
    return _EXTRA[key]


def _extra_key(sims: dict[str, Any], seed: int) -> tuple:
    """(seed, the live runs' bonuses per combination): what extra_bonuses depends on."""
    return seed, tuple(sum(int(s["sums"]["bonus_n"][c]) for s in sims.values() if "bonus_n" in s.get("sums", {}))
                       for c in COMBOS)


def pooled_bonuses(sims: dict[str, Any], extra: dict[str, Any] | None = None) -> dict[int, dict[str, Any]]:
    """Per combination: count, mean, variance (x100) and the big payouts of every bonus
    the live runs played (and the extra bonuses, when given: extra_bonuses)."""
    sims = sims if extra is None else {**sims, " extra bonuses": extra}
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
    extra = extra_bonuses(sims, seed, workers)
    pool = pooled_bonuses(sims, extra)
    cost = m.costs[mode]
    if any(odds[c] and pool[c]["n"] < 2 for c in COMBOS):
        return None                        # a combination the live runs never played: no estimate
    line = float(line_rtp(m)) * 100
    bonus = sum(float(odds[c]) * pool[c]["mean"] for c in COMBOS)
    var = sum(float(odds[c]) ** 2 * pool[c]["var"] / pool[c]["n"] for c in COMBOS if odds[c])
    rtp = (line + bonus) / cost
    half = Z99 * math.sqrt(var) / cost
    mine = [c for c in COMBOS if odds[c]]
    used = sum(pool[c]["n"] for c in mine)
    added = sum(extra["n"][c] for c in mine)

    def variance_share(c: Any) -> float:
        return float(odds[c]) ** 2 * pool[c]["var"] / pool[c]["n"]

    top = max(mine, key=variance_share)
    top_half = Z99 * float(odds[top]) * math.sqrt(pool[top]["var"] / pool[top]["n"]) / cost
    return {"rtp": rtp, "ci99": [rtp - half, rtp + half], "rounds": sims[mode]["rounds"],
            "method": f"exact line RTP {line / cost:.6f} + exact odds of each bonus combination (pots.combo_odds) x "
                      f"its mean over the {used:,} bonuses of those combinations ({used - added:,} that the live "
                      f"runs of every mode played, {added:,} more played from the combination alone, as many per "
                      f"combination as Neyman's allocation for a {TARGET_HALF * 100:.2f} pp half-width asks, from "
                      f"a pilot's spread): the bonus depends on its combination alone; control variates with exact "
                      f"expectations, conditional Monte Carlo for the bonus, stratified by combination. Largest "
                      f"term: {combo_code(top)} ({pool[top]['n']:,} bonuses, {top_half * 100:.3f} pp)."}


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
    pool = pooled_bonuses(sims, _EXTRA.get(_extra_key(sims, seed)))     # live_rtp's extra bonuses, if it ran
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

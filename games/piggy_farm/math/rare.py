"""Piggy Farm's rare-event machinery, shared by the PAR sheet (math/par_live.py) and the
design tools (tools/wheel_rate.py, tools/top_odds.py, tools/components.py):

- THE FARM WHEEL's trigger rate per tier, exact where the strips decide it and stratified
  simulation where the tumbles do: a spin's first board shows windmills independently
  per reel (reel c shows v of them at a stop with probability (stops whose window holds
  v) / (reel length), exactly), so the law of the first board's count k is exact (a
  convolution); windmills never cluster, so tumbles only add to k; for each k the spin is
  simulated on first boards drawn exactly from that stratum and P(tier | k) estimated.
  P(tier) = sum over k of P(k) P(tier | k), its 99% interval from the strata's binomial
  errors; the strata also give the triggering spins' own base wins.
- Multilevel splitting of free-spin rounds (raw x1 win W): rounds run in lockstep (the
  vectorised engine); after each spin a round whose win has crossed new levels is split
  into `factor` copies per level, each carrying 1/factor of its weight (a stopping time,
  so the estimate stays unbiased), going on with fresh random stops; the roots (unsplit
  rounds) are independent, so intervals come from per-root sums.
- `wheel_tail`: P(a spin triggers the wheel and base + wheel reaches a target), per root.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import cast

import numpy as np

from .sim import spin_batch
from .tables import PiggyMath

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


def wheel_rates(pm: PiggyMath, strips: str, per_stratum: int | dict[int, int], seed: int = 1) -> dict:
    """Per tier: the rate per spin and its standard error; plus the strata. `per_stratum`:
    spins per first-board count below the trigger (a quarter of it, at least 1,000, at
    or above it, where a tumble only upgrades the tier), or {count: spins} (an
    allocation: par_live's Neyman allocation)."""
    names = list(pm.wheel.tiers)
    need = {t: n for n, t in pm.tier_by_scatters.items()}
    top = max(need.values())
    counts = reel_counts(pm, strips)
    pmfs, law = first_board_law(counts)
    gen = np.random.Generator(np.random.PCG64DXSM(seed))
    tier_of = np.array([names.index(cast(str, pm.tier_for(s))) if pm.tier_for(s) else len(names) for s in range(60)])
    strata = []
    for k, pk in enumerate(law):
        if pk <= 0:
            continue
        if k >= top:
            frac = np.zeros(len(names) + 1)
            frac[names.index(cast(str, pm.tier_for(k)))] = 1.0
            strata.append(Stratum(k, float(pk), 0, frac, [np.zeros(0, dtype=np.int64)] * len(names)))
            continue
        # below the lowest trigger the stratum decides whether the wheel comes at all;
        # above it only whether a tumble upgrades the tier (a smaller variance)
        if isinstance(per_stratum, dict):
            want = max(1, int(per_stratum.get(k, 1)))
        else:
            want = per_stratum if k < min(need.values()) else max(1000, per_stratum // 4)
        wins: list[list[np.ndarray]]
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
    return rates_of(names, strata, law)


def rates_of(names: list[str], strata: list[Stratum], law: np.ndarray) -> dict:
    """wheel_rates' figures from its strata: per tier the rate per spin and its standard
    error, the total and its error."""
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


def merged_rates(parts: list[dict]) -> dict:
    """One wheel_rates result from independent runs of the same strips (each stratum's
    spins pooled)."""
    by_k: dict[int, Stratum] = {}
    for part in parts:
        for s in part["strata"]:
            o = by_k.get(s.k)
            if o is None:
                by_k[s.k] = s
            elif s.n:
                n = o.n + s.n
                by_k[s.k] = Stratum(s.k, s.p, n, (o.tiers * o.n + s.tiers * s.n) / n,
                                    [np.concatenate([a, b]) for a, b in zip(o.wins, s.wins)])
    return rates_of(parts[0]["names"], [by_k[k] for k in sorted(by_k)], parts[0]["law"])


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

    @staticmethod
    def joined(parts: list["Particles"]) -> "Particles":
        """Independent runs as one (their roots renumbered after each other)."""
        offset = np.cumsum([0] + [g.roots for g in parts])
        return Particles(np.concatenate([g.win for g in parts]), np.concatenate([g.weight for g in parts]),
                         np.concatenate([g.root + off for g, off in zip(parts, offset)]),
                         int(offset[-1]), sum(g.spins for g in parts))

    def mean(self, cap_x100: int | None = None) -> tuple[float, float]:
        w = self.win if cap_x100 is None else np.minimum(self.win, cap_x100)
        per_root = np.bincount(self.root, weights=self.weight * w, minlength=self.roots)
        return float(per_root.mean()), float(per_root.std(ddof=1) / math.sqrt(self.roots))


def split_rounds(pm: PiggyMath, kind: str, spins: int, strips: str, roots: int, room_x100: int,
                 seed: int = 1, factor: int = 3, levels_x: tuple[int, ...] = LEVELS_X,
                 chunk: int = 20_000, potential: int = 0) -> Particles:
    """Free-spin rounds of `kind` ('free_spins', 'hog_wild', 'growing_season') at x1,
    split at the levels of a score (x100 of the bet) after each spin: the raw win, plus
    `potential` x the sticky grid's sum x the spins left (what a charged grid promises:
    a round that builds its grid early splits before its wins come; the score depends
    on the past only, so any choice keeps the estimate unbiased); each round stops at
    `room_x100` (the cap). About `chunk` rounds play in lockstep: when fewer than half
    of them are still playing, new roots join (a batch engine's spin costs little more
    for 20,000 rows than for 2,000, so the long retrigger tails ride along with fresh
    rounds)."""
    gen = np.random.Generator(np.random.PCG64DXSM(seed))
    fs = pm.raw["free_spins"]
    sticky = kind != "growing_season"
    spawn = pm.mode("hog_wild")["spawn_weights"] if kind == "hog_wild" else None
    levels = np.array([x * 100 for x in levels_x], dtype=np.int64)
    out_w, out_p, out_r, played, started = [], [], [], 0, 0
    empty = np.zeros(0, dtype=np.int64)
    won, spn, done, root, lev, wt = empty, empty, empty, empty, empty, np.zeros(0)
    grid = np.zeros((0, pm.shape.cells), dtype=np.int64) if sticky else None
    while started < roots or len(won):
        if started < roots and len(won) < chunk // 2:
            m = min(chunk - len(won), roots - started)
            won, done, lev = (np.concatenate([a, np.zeros(m, dtype=np.int64)]) for a in (won, done, lev))
            spn = np.concatenate([spn, np.full(m, spins, dtype=np.int64)])
            root = np.concatenate([root, np.arange(started, started + m)])
            wt = np.concatenate([wt, np.ones(m)])
            grid = np.concatenate([grid, np.zeros((m, pm.shape.cells), dtype=np.int64)]) if sticky else None
            started += m
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
        grid = cast(np.ndarray, grid)[keep] if sticky else None
        score = won + potential * cast(np.ndarray, grid).sum(axis=1) * (spn - done) if sticky and potential else won
        new = np.searchsorted(levels, score, side="right")
        copies = factor ** np.maximum(new - lev, 0)
        if (copies > 1).any():
            idx = np.repeat(np.arange(len(won)), copies)
            wt = (wt / copies)[idx]
            won, spn, done, root = won[idx], spn[idx], done[idx], root[idx]
            lev = np.maximum(new, lev)[idx]
            grid = cast(np.ndarray, grid)[idx] if sticky else None
    return Particles(np.concatenate(out_w), np.concatenate(out_p), np.concatenate(out_r), roots, played)


def rates_value_se(rates: dict, tier_value: list[float]) -> float:
    """The standard error of sum over tiers of rate x value (values taken as exact): per
    stratum, the variance of one spin's value (the value of the tier it ends in, 0 without
    the wheel: the tiers' multinomial correlation counted), weighted by P(k)^2 / n_k."""
    v = np.append(np.asarray(tier_value, dtype=np.float64), 0.0)
    var = 0.0
    for s in rates["strata"]:
        if s.n:
            mean = float(s.tiers @ v)
            var += s.p ** 2 * max(float(s.tiers @ (v * v)) - mean * mean, 0.0) / s.n
    return math.sqrt(var)


def neyman_strata(rates: dict, tier_value: list[float], spins: int, least: int = 1_000) -> dict[int, int]:
    """{count: spins} for the simulated strata of `rates` (a pilot run) that minimises
    rates_value_se at `spins` in all: n_k proportional to P(k) x the spread of a spin's value in
    stratum k (at least `least` each)."""
    v = np.append(np.asarray(tier_value, dtype=np.float64), 0.0)
    sd = {}
    for s in rates["strata"]:
        if s.n:
            mean = float(s.tiers @ v)
            sd[s.k] = s.p * math.sqrt(max(float(s.tiers @ (v * v)) - mean * mean, 0.0))
    total = sum(sd.values()) or 1.0
    return {k: max(least, int(round(spins * w / total))) for k, w in sd.items()}


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
    paths: dict[str, float] = {}
    for i, tier in enumerate(rates["names"]):
        if not any(s.tiers[i] > 0 for s in rates["strata"]):
            continue                                   # no spin triggers this tier
        b, bw = triggering_wins(rates, i)

        def at_least(need: np.ndarray | int) -> np.ndarray:
            j = np.searchsorted(b, need, side="left")
            return np.where(j < len(b), bw[np.minimum(j, len(b) - 1)], 0.0)      # P(tier, b >= need)
        per_root += tier_tail(pm, tier, at_least, parts, target_x100, paths)
    return per_root, paths


def bought_wheel_tail(pm: PiggyMath, tier_weights: dict[str, int], parts: Particles,
                      target_x100: int) -> tuple[np.ndarray, dict]:
    """wheel_tail for a bought wheel: its tier drawn by `tier_weights`, no triggering
    spin (its win 0)."""
    total = sum(int(w) for w in tier_weights.values())
    per_root = np.zeros(parts.roots)
    paths: dict[str, float] = {}
    for tier, w in tier_weights.items():
        share = int(w) / total

        def at_least(need: np.ndarray | int, share: float = share) -> np.ndarray:
            return np.where(np.asarray(need) <= 0, share, 0.0)                # P(tier, 0 >= need)
        per_root += tier_tail(pm, tier, at_least, parts, target_x100, paths)
    return per_root, paths


def tier_tail(pm: PiggyMath, tier: str, at_least, parts: Particles, target_x100: int,
              paths: dict[str, float]) -> np.ndarray:
    """Per root: P(the wheel starts at `tier` and the round reaches target_x100), where
    at_least(need) is P(the wheel starts at `tier` and the spin before it won >= need):
    every final slice by its exact odds, a coin exactly, free spins xm from the split
    rounds' raw wins W (the target reached when the spin's win >= target - m W). Adds
    each path's mean to `paths`."""
    per_root = np.zeros(parts.roots)
    for (t, j), p in pm.wheel.outcome_odds(tier).items():
        sl = pm.wheel.tiers[t][j]
        if sl.kind == "coin":
            contrib = np.full(parts.roots, float(p) * float(at_least(target_x100 - int(sl.value))))
        else:
            frac = at_least(target_x100 - int(sl.value) * parts.win)
            contrib = np.bincount(parts.root, weights=parts.weight * frac * float(p), minlength=parts.roots)
        per_root += contrib
        key = f"{tier} {sl.kind} {sl.value}"
        paths[key] = paths.get(key, 0.0) + float(contrib.mean())
    return per_root

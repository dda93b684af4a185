"""How the tails tool (cabinet/math/tails.py) reads a mode's parts: a sampled stratum
(`Stratum`), a multilevel-splitting run (`Split`), a conditional run (`Cond`), and from
them P(X > t) with its 99% interval (`survival`), the 1-in-10^6 and 1-in-10^7 quantiles
(`quantiles`, `cond_quantiles`) and the verdict on the library's top (`verdict`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .stats import clopper_pearson

LEVELS = (1e-6, 1e-7)
CHECK = 1e-7                  # the level the top must hold
ALPHA = 0.01                  # 99% intervals
MIN_ROOTS = 10                # a splitting interval is normal over the roots from this many roots above t


@dataclass
class Stratum:
    name: str                  # "natural" or a category
    share: float               # pi (1.0 for the plain run: it counts over all rounds)
    n: int                     # draws
    pay: np.ndarray            # sorted kept payouts x100 counted in the stratum
    source: str                # "fresh": the tool's own draws; "library": the library's books
    ceiling: int | None = None  # every round of the stratum pays less than this (exact)

    def above(self, t: np.ndarray) -> np.ndarray:
        return len(self.pay) - np.searchsorted(self.pay, t, side="right")

    def bounds(self, t: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """share x (P(X > t in the stratum), its exact 99% lo and hi): exactly 0 from the ceiling up."""
        k = self.above(t)
        p = k / self.n
        lo, hi = clopper_pearson(k, self.n, ALPHA)
        if self.ceiling is not None:
            zero = t >= self.ceiling - 1
            p, lo, hi = np.where(zero, 0.0, p), np.where(zero, 0.0, lo), np.where(zero, 0.0, hi)
        return self.share * p, self.share * lo, self.share * hi


@dataclass
class WholeMode:
    """A run over the whole mode from `roots` independent roots (Split, Cond), with the
    fields a report reads of every part as a Stratum has them: the whole mode (share 1),
    no ceiling; its `source` is the reader's own."""

    name: str
    roots: int
    share: float = field(default=1.0, kw_only=True)
    ceiling: int | None = field(default=None, kw_only=True)

    @property
    def n(self) -> int:
        return self.roots


@dataclass
class Split(WholeMode):
    """A multilevel-splitting run of the whole mode: particles (payout x100, weight,
    root) of `roots` independent roots; P(X > t) = sum of the weights above t / roots,
    its 99% interval normal over the roots' sums (the roots are independent) where at
    least MIN_ROOTS roots reach above t; below that, [0, the exact 99% bound of the
    share of roots that reach above t] (a root's sum is at most 1)."""

    pay: np.ndarray
    weight: np.ndarray
    root: np.ndarray
    source: str = field(default="split", kw_only=True)

    def above(self, t: np.ndarray) -> np.ndarray:
        """Roots with a particle above each t."""
        return np.array([len(np.unique(self.root[self.pay > x])) for x in t], dtype=np.int64)

    def bounds(self, t: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(P(X > t), 99% lo, hi) for each t: the particles added from the highest payout
        down, each root's sum s_r and the sum of s_r^2 kept as they go (one pass)."""
        from .stats import Z99
        order = np.argsort(-self.pay, kind="stable")
        pay, w, root = self.pay[order], self.weight[order], self.root[order]
        s_r: dict[int, float] = {}
        sq = np.zeros(len(pay))
        seen = np.zeros(len(pay), dtype=np.int64)        # distinct roots among the first i + 1 particles
        acc = 0.0
        for i, (r, wi) in enumerate(zip(root.tolist(), w.tolist())):
            old = s_r.get(r)
            acc += 2.0 * (old or 0.0) * wi + wi * wi
            s_r[r] = (old or 0.0) + wi
            sq[i] = acc
            seen[i] = len(s_r)
        total = np.cumsum(w)
        # particles above t: the first j of the descending order, j = #(pay > t)
        j = len(pay) - np.searchsorted(pay[::-1], t, side="right")
        mean = np.where(j > 0, total[np.maximum(j - 1, 0)], 0.0) / self.roots
        ss = np.where(j > 0, sq[np.maximum(j - 1, 0)], 0.0)
        k = np.where(j > 0, seen[np.maximum(j - 1, 0)], 0)
        var = np.maximum(ss / self.roots - mean * mean, 0.0) / max(self.roots - 1, 1)
        half = Z99 * np.sqrt(var)
        # few roots above t: the normal interval is not to be trusted; each root's sum is in
        # [0, 1], so P(X > t) <= P(a root reaches above t), exact from the roots' count
        few = k < MIN_ROOTS
        cp_hi = clopper_pearson(k, self.roots, ALPHA)[1]
        return mean, np.where(few, 0.0, np.maximum(mean - half, 0.0)), np.where(few, np.maximum(cp_hi, mean),
                                                                               mean + half)


@dataclass
class Cond(WholeMode):
    """A conditional run: `roots` independent roots, each one draw under every component;
    s1[c, i] / s2[c, i]: the sum over the roots of component c's term at t = t0 + i step
    (its conditional P(X > t), weighted) and of its square. P(X > t) = sum_c s1 / roots;
    the root's variance is the sum of its components' (independent draws)."""

    t0: int
    step: int
    s1: np.ndarray
    s2: np.ndarray
    source: str = field(default="cond", kw_only=True)

    @property
    def grid(self) -> np.ndarray:
        return self.t0 + self.step * np.arange(self.s1.shape[1])

    def ess(self) -> np.ndarray:
        """The effective count of draws carrying the mass above each t."""
        den = self.s2.sum(axis=0)
        return np.where(den > 0, self.s1.sum(axis=0) ** 2 / np.where(den > 0, den, 1.0), 0.0)

    def curves(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(P(X > t), 99% lo, hi) on the grid: normal over the roots; [0, 1] where fewer
        than MIN_ROOTS effective draws carry the mass."""
        from .stats import Z99
        n = self.roots
        mean_c = self.s1 / n
        var = np.maximum(self.s2 / n - mean_c ** 2, 0.0).sum(axis=0) / max(n - 1, 1)
        est = mean_c.sum(axis=0)
        half = Z99 * np.sqrt(var)
        few = self.ess() < MIN_ROOTS
        return est, np.where(few, 0.0, np.maximum(est - half, 0.0)), np.where(few, 1.0, est + half)


def cond_quantiles(c: Cond, top: int) -> dict[str, Any]:
    """quantiles() of a conditional run: the least grid t whose curve is <= p (None past
    the grid; `floor` where the grid's first t already is, the quantile being at most it)."""
    est, lo, hi = c.curves()
    grid = c.grid
    out: dict[str, Any] = {}
    for p in LEVELS:
        def first(v: np.ndarray) -> int | None:
            i = np.flatnonzero(v <= p)
            return int(grid[i[0]]) if len(i) else None
        out[f"{p:g}"] = {"q": first(est), "lo": first(lo), "hi": first(hi), "floor": int(grid[0])}
    i = int(np.flatnonzero(grid == top)[0])
    out["above_top"] = {"est": float(est[i]), "lo": float(lo[i]), "hi": float(hi[i]), "widest": "cond",
                        "max_draw": None, "ess": float(c.ess()[i])}
    return out


def survival(parts: list[Any], t: np.ndarray) -> dict[str, Any]:
    """P(X > t) for each t (x100): estimate, 99% lo and hi, and each part's share of hi."""
    est = np.zeros(len(t))
    up2 = np.zeros(len(t))
    dn2 = np.zeros(len(t))
    part_hi = {}
    for s in parts:
        p, lo, hi = s.bounds(t)
        est += p
        up2 += (hi - p) ** 2
        dn2 += (p - lo) ** 2
        part_hi[s.name] = hi
    return {"est": est, "lo": np.maximum(est - np.sqrt(dn2), 0.0), "hi": est + np.sqrt(up2), "part_hi": part_hi}


def quantiles(parts: list[Any], top: int) -> dict[str, Any]:
    """The quantiles at LEVELS with their 99% intervals, and P(X > top)."""
    cand = np.unique(np.concatenate([[0, top]] + [s.pay for s in parts] + [[s.ceiling - 1] for s in parts
                                                                             if s.ceiling is not None]))
    sv = survival(parts, cand)
    out: dict[str, Any] = {}
    for p in LEVELS:
        def first(v: np.ndarray) -> int | None:
            i = np.flatnonzero(v <= p)
            return int(cand[i[0]]) if len(i) else None
        out[f"{p:g}"] = {"q": first(sv["est"]), "lo": first(sv["lo"]), "hi": first(sv["hi"])}
    at = survival(parts, np.array([top]))
    widest = {name: float(hi[0]) for name, hi in at["part_hi"].items()}
    worst = max(widest, key=widest.__getitem__)
    out["above_top"] = {"est": float(at["est"][0]), "lo": float(at["lo"][0]), "hi": float(at["hi"][0]),
                        "widest": worst, "max_draw": int(max((s.pay.max() for s in parts if len(s.pay)), default=0))}
    return out


def verdict(above_top: dict[str, float]) -> str:
    if above_top["hi"] <= CHECK:
        return "holds"
    if above_top["lo"] > CHECK:
        return "below"
    return "unconfirmed"

"""Grinning Harvest's rare bonus outcomes by multilevel splitting (no pygame): the odds
of a bought bonus reaching the 15,000x cap (about 1 in 1,300 to 1 in 13,000 buys), for
feature_odds, which a plain run of 2,000,000 buys pins only to about +-20%.

A bonus is a Markov chain (held pumpkins and vaults, vault values, lives), played spin
by spin by the vectorised engine (sim.bonus_spin), and its running total (the vaults'
values) never falls. Each bonus starts as a root of weight 1; when its total first
passes a level of LEVELS_X (times the bet), it goes on as FACTOR copies, each of 1/FACTOR
of its weight (FACTOR^j copies when it passes j levels in one spin), which then play on
independently. The levels are stopping times of the chain, so for any outcome A

    P(A) = E[sum over the root's finished copies of weight x 1{A}]

exactly, and the roots are independent: the mean over roots and its standard error give
the estimate and its 99% interval. The copies spend the spins where they matter: a
bonus that nears the cap has had many tries at it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from cabinet.core.rng import make_bit_generator

from .rules import FEATURES
from .sim import bonus_spin, buy_start
from .tables import Maths

LEVELS_X = (300, 750, 1_900, 4_700, 11_000)   # vault totals, x the bet, at which a bonus splits
FACTOR = 4
CHUNK = 20_000


@dataclass
class SplitBonuses:
    """Finished copies of split bonuses: payout (x100), capped, weight, root index."""
    pay: np.ndarray
    capped: np.ndarray
    weight: np.ndarray
    root: np.ndarray
    roots: int
    spins: int

    def per_root(self, hit: np.ndarray) -> np.ndarray:
        """Each root's weight of finished copies in `hit` (a bool per copy): unbiased for
        P(a bonus's outcome is in `hit`), independent between roots."""
        return np.bincount(self.root, weights=self.weight * hit, minlength=self.roots)

    def odds(self, hit: np.ndarray) -> tuple[float, float]:
        """(P(a bonus's outcome is in `hit`, a bool per finished copy), its standard error)."""
        per_root = self.per_root(hit)
        return float(per_root.mean()), float(per_root.std(ddof=1) / math.sqrt(self.roots))


def split_buys(m: Maths, mode: str, roots: int, seed: int, levels_x: tuple[int, ...] = LEVELS_X,
               factor: int = FACTOR, chunk: int = CHUNK) -> SplitBonuses:
    """`roots` bonuses of the buy option `mode` from its starting boards, split at the
    vault-total levels (x the bet); each stops at the cap."""
    opt = m.buy(mode)
    gen = np.random.Generator(make_bit_generator(seed))
    levels = np.array([x * 100 for x in levels_x], dtype=np.int64)
    cap = int(m.max_win_x100)
    out_pay, out_cap, out_w, out_r, spins = [], [], [], [], 0
    vals: np.ndarray; weight: np.ndarray; root: np.ndarray; level: np.ndarray
    for r0 in range(0, roots, chunk):
        k = min(chunk, roots - r0)
        pumpkins, start, vaults, _ = buy_start(gen, m, mode, k)
        vals = np.where(vaults, start[:, None], 0).astype(np.int64)
        lives = np.full(k, m.lives)
        weight, root = np.ones(k), np.arange(r0, r0 + k)
        start_total = vals.sum(axis=1)
        level = np.searchsorted(levels, start_total, side="right")
        done = start_total >= cap                      # the start alone reaches the cap
        out_pay.append(np.full(int(done.sum()), cap)); out_cap.append(np.ones(int(done.sum()), bool))
        out_w.append(weight[done]); out_r.append(root[done])
        keep = ~done
        pumpkins, vaults, vals, lives, weight, root, level = (a[keep] for a in
                                                              (pumpkins, vaults, vals, lives, weight, root, level))
        while len(root):
            n = len(root)
            feats = {f: np.zeros(n, dtype=bool) for f in FEATURES}
            total, lv = bonus_spin(gen, m, opt.row, opt.values, pumpkins, vaults, vals, lives, feats, np.arange(n))
            spins += n
            capped = total >= cap
            fin = capped | (lv <= 0)
            out_pay.append(np.where(capped[fin], cap, total[fin])); out_cap.append(capped[fin])
            out_w.append(weight[fin]); out_r.append(root[fin])
            keep = ~fin
            pumpkins, vaults, vals, lives, weight, root, level, total = (
                a[keep] for a in (pumpkins, vaults, vals, lives, weight, root, level, total))
            new = np.searchsorted(levels, total, side="right")
            copies = factor ** np.maximum(new - level, 0)
            if (copies > 1).any():
                idx = np.repeat(np.arange(len(root)), copies)
                weight = (weight / copies)[idx]
                pumpkins, vaults, vals, lives, root = (a[idx] for a in (pumpkins, vaults, vals, lives, root))
                level = np.maximum(new, level)[idx]
    return SplitBonuses(np.concatenate(out_pay), np.concatenate(out_cap), np.concatenate(out_w),
                        np.concatenate(out_r), roots, spins)

"""Big bonuses of DOUBLE COINS alone, drawn cash values last (the 'big_bonus' force of
a bonus whose combination has neither POT FILL nor HAPPY BOOST: the gamble's bonus_dc).

Such a bonus pays the sum of its coins on active rows, each its cash value, twice it
for a double coin. The cash values are drawn independently of everything else: where
coins land, which are double, when rows activate and when the lives run out (its
*skeleton*) never read a cash value. So, given the skeleton's N1 single and N2 double
paying coins, the chance that the bonus wins at least T is exact:

    A[N1, N2] = P(c_1 + ... + c_N1 + 2 (d_1 + ... + d_N2) >= T),  c, d iid cash values

and a bonus given 'total >= T' is drawn exactly in two steps (`CashTail`):
1. a skeleton from the law P(skeleton) x A[N1, N2]: natural bonuses, each kept with
   chance A[N1, N2] / max A (rejection; max A is about 1e-3 where T is 20x bonus_dc's
   cost, so a kept bonus takes about a thousand attempts instead of a million);
2. its paying coins' cash values from their law given the sum reaching T, coin by coin
   (`draw`), the tail chances of the coins still to come (`_tails`) weighting each.
The bonus is then replayed with those values in place of the cash draws it made
(HensBonus's `cash` override: the draws are still made, so the skeleton is the same).

The chances are float64 (the same operations in the same order on every machine);
a draw turns them into integer weights of 2**53 for the cabinet's Rng.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from cabinet.core.rng import Rng

from .tables import HensMath, load

SCALE = 2 ** 53


class CashTail:
    """The tail law of a bonus's paying cash coins for one threshold (x100)."""

    def __init__(self, m: HensMath, need_x100: int):
        values = np.asarray(m.cash_values, dtype=np.int64)
        self.unit = int(np.gcd.reduce(values))
        self.values = values // self.unit                       # cash values in units
        self.p = np.asarray(m.cash_weights, dtype=np.float64) / float(np.sum(m.cash_weights))
        self.need = -(-int(need_x100) // self.unit)            # the threshold in units, rounded up
        self.cells = m.rows * m.reels
        self._table: np.ndarray | None = None

    def _step(self, tail: np.ndarray, mult: int) -> np.ndarray:
        """Tail chances with one more coin (multiplier `mult`) before the others:
        out[t] = sum_v p(v) tail[max(0, t - mult v)], t = 0..need (tail[0] = 1)."""
        t = np.arange(len(tail))
        out = np.zeros_like(tail)
        for v, pv in zip(self.values.tolist(), self.p.tolist()):
            out += pv * tail[np.maximum(0, t - mult * v)]
        return out

    def _tails(self, mults: list[int]) -> list[np.ndarray]:
        """tails[k][t] = P(coins k.. of `mults` sum to at least t units), k = 0..len."""
        tail = np.zeros(self.need + 1)
        tail[0] = 1.0
        out = [tail]
        for mult in reversed(mults):
            tail = self._step(tail, mult)
            out.append(tail)
        return out[::-1]

    def table(self) -> np.ndarray:
        """A[N1, N2] (zero where N1 + N2 exceeds the 35 cells)."""
        if self._table is None:
            a = np.zeros((self.cells + 1, self.cells + 1))
            singles = self._tails([1] * self.cells)[::-1]          # singles[n]: n single coins
            for n1 in range(self.cells + 1):
                tail = singles[n1]
                a[n1, 0] = tail[self.need]
                for n2 in range(1, self.cells + 1 - n1):
                    tail = self._step(tail, 2)
                    a[n1, n2] = tail[self.need]
            self._table = a
        return self._table

    def ceiling(self) -> float:
        """max A: the rejection's bound."""
        return float(self.table().max())

    def keep_weights(self) -> np.ndarray:
        """A / max A as integers out of SCALE: the chance a skeleton of N1 single and
        N2 double paying coins is kept is keep_weights()[N1, N2] / SCALE."""
        return (self.table() / self.ceiling() * SCALE).astype(np.int64)

    def draw(self, rng: Rng, mults: list[int]) -> list[int]:
        """Cash values (x100) of coins with these multipliers given that they sum,
        multiplied, to at least the threshold: coin by coin from p(v) x the chance that
        the coins after it still reach what is left."""
        tails = self._tails(mults)
        if tails[0][self.need] <= 0:
            raise ValueError(f"coins {mults} cannot reach {self.need * self.unit} (x100)")
        left, out = self.need, []
        for k, mult in enumerate(mults):
            rest = tails[k + 1][np.maximum(0, left - mult * self.values)]
            weights = (self.p * rest / (self.p * rest).sum() * SCALE).astype(np.int64)
            i = rng.weighted(weights)
            out.append(int(self.values[i]) * self.unit)
            left = max(0, left - mult * int(self.values[i]))
        return out


@lru_cache(maxsize=None)
def cash_tail(mode: str) -> CashTail:
    """The CashTail of a mode's big_bonus threshold (math.yaml big_bonus_x)."""
    m = load()
    return CashTail(m, m.big_bonus_x100[mode])

"""Rare bonuses drawn in two steps: the skeleton, then what the coins hold.

A bonus's *skeleton* is where coins land, which are double, when rows activate, the
HAPPY BOOSTs and when the lives run out. What each coin holds is drawn for it alone,
independently of the skeleton: whether it is a pot-fill coin, of which pot, and its
cash value. No draw of the skeleton reads them. So, given a skeleton with N1 single
and N2 double coins counted, the chance of a rare outcome that depends on the coins'
contents alone is exact, a tail of a sum of independent coins (`SumTail`):

- `cash_tail(mode)`: a DOUBLE COINS bonus (bonus_dc: no pot, no boost) wins the sum of
  its paying coins' cash values, twice it for a double coin; big_bonus (at least
  big_bonus_x times the cost) is that sum reaching the threshold;
- `grand_tail(times)`: each coin on an active row at the end was processed and is a
  GRAND pot-fill coin with chance r = pot_fill x GRAND's weight share, adding 2 letters
  when double; GRAND is won k times when the letters make 5k to 5k + 4 (pot_grand_2:
  GRAND won exactly twice, pot_grand_3: three times or more; buy_mystery's 20-50x and
  50-100x bands, bonus_pf's 50-100x, where no coin is double: `doubles` False bounds
  its rejection by the single coins' chances alone).

A HAPPY BOOST bonus without DOUBLE COINS adds its spins' boosts to its coins:
boost_tail.py, the same two steps given the counted coins and the spins.

A rare bonus is then drawn exactly: a skeleton from P(skeleton) x A[N1, N2], by natural
bonuses each kept with chance A[N1, N2] / max A (`keep_weights`; max A is far above
the outcome's mean chance only where big boards are rare, so a kept bonus takes some
hundreds or thousands of attempts instead of a million), then the coins' contents from
their law given the outcome, coin by coin (`draw`: each value weighted by the chance
that the coins after it still reach what is left). The bonus is replayed with those
contents in place of the ones it drew (HensBonus's `contents` override: the draws are
still made, so the skeleton is the same).

The chances are float64 (the same operations in the same order on every machine); a
draw turns them into integer weights of 2**53 for the cabinet's Rng.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, cast

import numpy as np

from cabinet.core.rng import Rng

from .bonus import HensBonus
from .tables import POT_NAMES, HensMath, load

SCALE = 2 ** 53


class SumTail:
    """The law of the sum of N1 single and N2 double coins, each independently one of
    `values` (integers >= 0) with chance `probs`, in [need, below) (below None: no
    upper end): A[N1, N2] = P(need <= sum < below)."""

    excludes: frozenset = frozenset()      # no category is left out by the law itself (boost_tail.py's may)
    covers: frozenset = frozenset()

    def __init__(self, values, probs, need: int, cells: int = 35, below: int | None = None,
                 doubles: bool = True):
        self.values = np.asarray(values, dtype=np.int64)
        self.p = np.asarray(probs, dtype=np.float64)
        self.need = int(need)
        self.below = None if below is None else int(below)
        if self.below is not None and self.below <= self.need:
            raise ValueError(f"an empty range [{need}, {below})")
        self.top = self.need if self.below is None else self.below      # the tails' last index
        self.cells = cells
        self.doubles = doubles         # False: a mode without DOUBLE COINS, whose skeletons have N2 = 0
        self._table: np.ndarray | None = None
        self._keep: np.ndarray | None = None
        self._tails: dict[tuple[int, int], np.ndarray] | None = None

    def _step(self, tail: np.ndarray, mult: int) -> np.ndarray:
        """Tail chances with one more coin (multiplier `mult`) before the others:
        out[t] = sum_v p(v) tail[max(0, t - mult v)], t = 0..top (tail[0] = 1)."""
        t = np.arange(len(tail))
        out = np.zeros_like(tail)
        for v, pv in zip(self.values.tolist(), self.p.tolist()):
            out += pv * tail[np.maximum(0, t - mult * v)]
        return out

    def _rest(self) -> dict[tuple[int, int], np.ndarray]:
        """{(n1, n2): P(n1 single and n2 double coins sum to at least t), t = 0..top}
        for every n1 + n2 <= cells: the sum's law does not depend on the coins' order,
        so these serve the table and every draw (computed once)."""
        if self._tails is None:
            base = np.zeros(self.top + 1)
            base[0] = 1.0
            tails, single = {}, base
            for n1 in range(self.cells + 1):
                tail = tails[n1, 0] = single
                for n2 in range(1, self.cells + 1 - n1):
                    tail = tails[n1, n2] = self._step(tail, 2)
                single = self._step(single, 1)
            self._tails = tails
        return self._tails

    def table(self) -> np.ndarray:
        """A[N1, N2] (zero where N1 + N2 exceeds the 35 cells)."""
        if self._table is None:
            a = np.zeros((self.cells + 1, self.cells + 1))
            for (n1, n2), tail in self._rest().items():
                a[n1, n2] = self._within(tail, 0)
            self._table = a
        return self._table

    def _within(self, tail, got):
        """P(got + the rest in [need, below)) from the rest's tail chances (got: a
        number or an array)."""
        got = np.asarray(got)
        lo = tail[np.clip(self.need - got, 0, self.top)]
        if self.below is None:
            return lo
        return lo - tail[np.clip(self.below - got, 0, self.top)]

    def _reached(self) -> np.ndarray:
        """A where a skeleton can be (without doubles: N2 = 0), 0 elsewhere."""
        return self.table() if self.doubles else self.table() * (np.arange(self.cells + 1) == 0)

    def ceiling(self) -> float:
        """max A over the skeletons there can be: the rejection's bound."""
        return float(self._reached().max())

    def keep_weights(self) -> np.ndarray:
        """A / max A as integers out of SCALE: the chance a skeleton of N1 single and
        N2 double paying coins is kept is keep_weights()[N1, N2] / SCALE."""
        if self._keep is None:
            self._keep = (self._reached() / self.ceiling() * SCALE).astype(np.int64)
        return self._keep

    def weights_of(self, res: dict[str, np.ndarray]) -> np.ndarray:
        """The keep weight of each bonus of BonusLockstep's results (its paying single
        and double coins)."""
        if not self.doubles and res["paid_double"].any():
            raise ValueError("a double coin where this tail's mode has no DOUBLE COINS")
        return self.keep_weights()[res["paid_single"], res["paid_double"]]

    def draw(self, rng: Rng, mults: list[int]) -> list[int]:
        """Indices into `values` of coins with these multipliers given that their sum,
        multiplied, lies in [need, below): coin by coin from p(v) x the chance that the
        coins after it still bring the sum into the range."""
        tails = self._rest()
        left = [mults.count(1), mults.count(2)]              # singles, doubles still to draw
        if len(mults) != sum(left) or self._within(tails[cast("tuple[int, int]", tuple(left))], 0) <= 0:
            raise ValueError(f"coins {mults} cannot reach [{self.need}, {self.below})")
        got, out = 0, []
        for mult in mults:
            left[mult - 1] -= 1
            rest = self.p * self._within(tails[cast("tuple[int, int]", tuple(left))], got + mult * self.values)
            weights = (rest / rest.sum() * SCALE).astype(np.int64)
            i = rng.weighted(weights)
            out.append(i)
            got += mult * int(self.values[i])
        return out


@lru_cache(maxsize=None)
def cash_tail(mode: str) -> SumTail:
    """Cash values in units of their common divisor at the mode's big_bonus threshold
    (math.yaml big_bonus_x), rounded up to a whole unit."""
    m = load()
    unit = int(np.gcd.reduce(np.asarray(m.cash_values, dtype=np.int64)))
    weights = np.asarray(m.cash_weights, dtype=np.float64)
    return SumTail(np.asarray(m.cash_values) // unit, weights / weights.sum(), -(-m.big_bonus_x100[mode] // unit),
                   m.rows * m.reels)


def cash_values(m: HensMath, indices: list[int]) -> list[int]:
    """cash_tail's drawn indices as cash values (x100)."""
    return [int(m.cash_values[i]) for i in indices]


def grand_chance(m: HensMath) -> float:
    """r: the chance a coin is a GRAND pot-fill coin."""
    g = POT_NAMES.index("GRAND")
    return m.pot_fill[0] / m.pot_fill[1] * float(m.pot_weights[g]) / float(m.pot_weights.sum())


@lru_cache(maxsize=None)
def grand_tail(times: int, exactly: bool = False, doubles: bool = True) -> SumTail:
    """Letters of GRAND (0 or 1 a coin, counted twice for a double coin) making
    `times` GRANDs or more (exactly `times` with `exactly`); `doubles` False for a mode
    without DOUBLE COINS (bonus_pf): its bound is the largest chance of single coins
    alone, some thousand times below that of 35 double ones."""
    m = load()
    r = grand_chance(m)
    length = int(m.pot_lengths[POT_NAMES.index("GRAND")])
    return SumTail([0, 1], [1 - r, r], times * length, m.rows * m.reels,
                   (times + 1) * length if exactly else None, doubles)


def contents_given(m: HensMath, rng: Rng, wanted: str, tail: SumTail, skeleton: HensBonus) -> dict:
    """What the counted coins of a kept skeleton hold, drawn from `rng` given the
    category: the paying coins' cash values (big_bonus), or which processed coins are
    GRAND pot-fill coins and, for the others, what they are given that they are not
    (pot_grand_2 / pot_grand_3: a cash coin or a pot-fill coin of another pot, at
    their odds)."""
    if wanted == "big_bonus":
        spots = skeleton.paying_cash()
        cash = cash_values(m, tail.draw(rng, [mult for _, mult in spots]))
        return {k: {"cash_x100": v} for (k, _), v in zip(spots, cash)}
    spots = skeleton.counted()
    grand = POT_NAMES.index("GRAND")
    num, den = m.pot_fill
    others = [p for p in range(len(POT_NAMES)) if p != grand]
    # not a GRAND pot-fill coin: a cash coin, or a pot-fill coin of pot p, exactly
    weights = [(den - num) * int(m.pot_weights.sum())] + [num * int(m.pot_weights[p]) for p in others]
    out: dict[Any, dict[str, str | None]] = {}
    for (k, _), is_grand in zip(spots, tail.draw(rng, [mult for _, mult in spots])):
        if is_grand:
            out[k] = {"pot": "GRAND"}
        else:
            i = rng.weighted(weights)
            out[k] = {"pot": None if i == 0 else POT_NAMES[others[i - 1]]}
    return out

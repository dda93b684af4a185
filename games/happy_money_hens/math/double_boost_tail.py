"""Big bonuses of DOUBLE COINS with HAPPY BOOST (bonus_dc_hb) drawn in two steps, the
skeleton then the contents, as boost_tail.py draws HAPPY BOOST's (read it first).

Without POT FILL every coin counted at the end (on an active row) is a cash coin and
pays its cash value, twice it when double (whether a coin is double is part of the
skeleton: it takes 2 off the row counts), plus the boosts it got. HAPPY BOOST's count
is never cut (boost_tail.py) and a boost adds its value once, to whichever coin it
picks. So given a skeleton's N1 single and N2 double counted coins and S spins, a
bonus wins

    (the N1 cash values) + 2 (the N2 cash values) + the S spins' boosts,

each drawn for itself, independently of the skeleton and of one another.
`table()[N1, N2, S]` = P(win >= threshold | N1, N2, S) exactly: the tail of the S
spins' boosts (boost_tail.py), then N2 doubled cash values, then N1 cash values, one
`_step` each (float64, the same operations in the same order on every machine).

The rejection's bound is the table's maximum over the skeletons a bonus can play
(`reachable`): a bonus starts with at least min(start_coins) coins on active rows,
and S <= lives x (N1 + N2 - min(start_coins) + 1) (boost_tail.max_spins, with the
bonus's own counted coins: a spin that restores the lives lands a coin on an active
row, which is counted at the end). The contents of a kept skeleton, from their law
given the category: the counted coins' cash values one by one in draw order (each
weighted by the chance that what comes after still reaches what is left), then the
boosts' count, its split among the spins, their values and the boosted coins
(boost_tail.BoostTail._draw_values).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

import numpy as np

from cabinet.core.rng import Rng

from .boost_tail import BoostTail, _step
from .tables import HensMath, load
from .tails import SCALE


class DoubleBoostTail(BoostTail):
    """P(a bonus of DOUBLE COINS and HAPPY BOOST, without POT FILL, wins at least
    `need_x100`) given its N1 single and N2 double counted coins and S spins."""

    def __init__(self, m: HensMath, need_x100: int):
        super().__init__(m, need_x100, pot_fill=False)
        self.double_v = 2 * self.cash_v
        self._table3: np.ndarray | None = None
        self._keep3: np.ndarray | None = None

    def reachable(self) -> np.ndarray:
        """[N1, N2, S]: whether a bonus can end with N1 single and N2 double counted
        coins after S spins (the docstring's bounds)."""
        n = np.add.outer(np.arange(self.cells + 1), np.arange(self.cells + 1))
        low = int(self.m.start_counts.min())
        most = self.m.lives * (n - low + 1)
        s = np.arange(self.spins + 1)
        return ((n >= low) & (n <= self.cells))[:, :, None] & (s[None, None, :] <= most[:, :, None])

    def table(self) -> np.ndarray:
        """A[N1, N2, S] = P(big | N1 single and N2 double counted coins, S spins); 0
        where N1 + N2 exceeds the cells."""
        if self._table3 is None:
            a = np.zeros((self.cells + 1, self.cells + 1, self.spins + 1))
            for s in range(self.spins + 1):
                doubles = self._chain(s, 0)[0]          # the spins' boosts
                for n2 in range(self.cells + 1):
                    tail = doubles
                    for n1 in range(self.cells + 1 - n2):
                        a[n1, n2, s] = tail[self.need]
                        if n1 < self.cells - n2:
                            tail = _step(tail, self.cash_v, self.cash_p)
                    if n2 < self.cells:
                        doubles = _step(doubles, self.double_v, self.cash_p)
            self._table3 = a
        return self._table3

    def ceiling(self) -> float:
        """max A over the reachable skeletons: the rejection's bound."""
        return float((self.table() * self.reachable()).max())

    def keep_weights(self) -> np.ndarray:
        """A / max A as integers out of SCALE, 0 where no bonus can be."""
        if self._keep3 is None:
            self._keep3 = (self.table() * self.reachable() / self.ceiling() * SCALE).astype(np.int64)
        return self._keep3

    def _check(self, res: dict[str, np.ndarray]) -> None:
        ok = self.reachable()[res["paid_single"], res["paid_double"], res["spins"]]
        if not ok.all():
            raise ValueError("a bonus outside the skeletons the DOUBLE COINS + HAPPY BOOST tail bounds")

    def chances(self, res: dict[str, np.ndarray]) -> np.ndarray:
        """A of each bonus of BonusLockstep's (or simulate_bonuses') results."""
        self._check(res)
        return self.table()[res["paid_single"], res["paid_double"], res["spins"]]

    def weights_of(self, res: dict[str, np.ndarray]) -> np.ndarray:
        """The keep weight of each bonus of BonusLockstep's results."""
        self._check(res)
        return self.keep_weights()[res["paid_single"], res["paid_double"], res["spins"]]

    def contents(self, rng: Rng, skeleton: Any, replay: Callable[[dict], Any]) -> tuple[dict, dict]:
        """(coin contents, boosts) of a kept skeleton (a HensBonus played to its end),
        drawn from `rng` given the category (`replay` is not needed: no pot)."""
        spots = skeleton.paying_cash()
        if len(spots) != len(skeleton.counted()):
            raise RuntimeError("a DOUBLE COINS + HAPPY BOOST bonus with a counted coin that does not pay its cash")
        mults = [mult for _, mult in spots]
        rests = [self._chain(skeleton.spins, 0)[0]]      # after the last coin: the spins' boosts
        for mult in reversed(mults[1:]):
            rests.append(_step(rests[-1], self.double_v if mult == 2 else self.cash_v, self.cash_p))
        rests.reverse()                                  # rests[i]: the coins after coin i, and the boosts
        cash, boosts = self._draw_values(rng, rests, mults, skeleton.spins, self.need, skeleton.pool_sizes)
        return {k: {"cash_x100": v} for (k, _), v in zip(spots, cash)}, boosts


@lru_cache(maxsize=None)
def double_boost_tail(need_x100: int) -> DoubleBoostTail:
    """The tail of bonus_dc_hb's big bonus (math.yaml big_bonus_x)."""
    return DoubleBoostTail(load(), need_x100)


"""The mini-reel bonus for many bonuses at once (numpy), the same rules as bonus.py.

State per bonus over (n, 7, 5) cell arrays: held, unprocessed pot-fill, double, value,
pot, carried cash; per row: active, count; per bonus: lives, letters per pot name,
pots won. Each loop step is one bonus spin of every bonus still running, in the
order of bonus.py: land, lives, pot fills on active rows (cell order), counts and
row activations (bottom first, their pot fills), happy boost, end check.
"""
from __future__ import annotations

import numpy as np

from cabinet.core.rng import weighted_batch

from cabinet.mechanics.hold_and_win import land_batch, next_lives

from .tables import DOUBLE_COINS, HAPPY_BOOST, POT_FILL, HensMath


def _weighted(gen: np.random.Generator, weights: np.ndarray, shape) -> np.ndarray:
    return weighted_batch(gen, np.cumsum(weights), shape)


class _State:
    def __init__(self, m: HensMath, combos: np.ndarray):
        n = len(combos)
        shape = (n, m.rows, m.reels)
        self.m = m
        self.dc = (combos & DOUBLE_COINS) > 0
        self.pf_on = (combos & POT_FILL) > 0
        self.hb = (combos & HAPPY_BOOST) > 0
        self.held = np.zeros(shape, bool)
        self.pf = np.zeros(shape, bool)          # pot-fill coin not yet processed
        self.dbl = np.zeros(shape, bool)
        self.val = np.zeros(shape, np.int64)
        self.pot = np.zeros(shape, np.int8)
        self.cash = np.zeros(shape, np.int64)
        self.active = np.zeros((n, m.rows), bool)
        self.active[:, :m.active_rows] = True
        self.counts = np.zeros((n, m.rows), np.int64)
        self.counts[:, m.active_rows:] = m.row_counts
        self.names = np.zeros((n, 4), np.int64)
        self.awards = np.zeros((n, 4), np.int64)
        self.lives = np.full(n, m.lives, np.int64)
        self.alive = np.ones(n, bool)

    def land_coins(self, gen, where: np.ndarray) -> None:
        """Draw a coin for every cell in `where` (bool (n,7,5)) and stick it."""
        m, shape = self.m, where.shape
        dbl = self.dc[:, None, None] & (gen.random(shape) < m.double[0] / m.double[1])
        pf = self.pf_on[:, None, None] & (gen.random(shape) < m.pot_fill[0] / m.pot_fill[1])
        pot = _weighted(gen, m.pot_weights, shape).astype(np.int8)
        cash = m.cash_values[_weighted(gen, m.cash_weights, shape)]
        self.held |= where
        self.dbl = np.where(where, dbl, self.dbl)
        self.pf = np.where(where, pf, self.pf)
        self.pot = np.where(where, pot, self.pot)
        self.cash = np.where(where, cash, self.cash)
        self.val = np.where(where, np.where(pf, 0, cash * (1 + dbl)), self.val)

    def process(self, mask: np.ndarray, r: int, c: int) -> None:
        """Process the pot-fill coins at cell (r, c) of the bonuses in `mask`."""
        i = np.nonzero(mask & self.pf[:, r, c])[0]
        if not len(i):
            return
        m = self.m
        p = self.pot[i, r, c].astype(np.intp)
        add = 1 + self.dbl[i, r, c]
        length = m.pot_lengths[p]
        after = self.names[i, p] + add
        done = after >= length
        self.names[i, p] = after - done * length
        self.awards[i, p] += done
        self.val[i, r, c] = np.where(done, m.pot_values[p], self.cash[i, r, c] * add)
        self.pf[i, r, c] = False


def simulate_bonuses(gen: np.random.Generator, m: HensMath, combos: np.ndarray) -> dict[str, np.ndarray]:
    """Play one bonus per entry of `combos` (ints 1..7). Returns total_x100 (n,),
    awards (n, 4) pots won per name and full_board (n,); paid_single, paid_double (n,)
    the coins on active rows at the end (every one processed: its pot fill, if any,
    added its letters) that are single and double coins."""
    combos = np.asarray(combos, dtype=np.int64)
    n = len(combos)
    s = _State(m, combos)
    if n == 0:
        zero = np.zeros(0, np.int64)
        return {"total_x100": zero, "awards": np.zeros((0, 4), np.int64), "full_board": np.zeros(0, bool),
                "paid_single": zero, "paid_double": zero}
    R, C, A = m.rows, m.reels, m.active_rows
    # starting coins on distinct cells of the active rows
    k = m.start_counts[_weighted(gen, m.start_weights, n)]
    order = np.argsort(gen.random((n, A * C)), axis=1)
    rank = np.empty_like(order)
    np.put_along_axis(rank, order, np.arange(A * C)[None, :].repeat(n, 0), axis=1)
    start = np.zeros((n, R, C), bool)
    start[:, :A, :] = (rank < k[:, None]).reshape(n, A, C)
    s.land_coins(gen, start)
    for r in range(A):
        for c in range(C):
            s.process(np.ones(n, bool), r, c)
    p_on, p_off = m.land_active / m.land_den, m.land_inactive / m.land_den
    bcount_cum = np.cumsum(m.boost_count_weights)
    while s.alive.any():
        live = s.alive
        chance = np.where(s.active, p_on, p_off)[:, :, None]
        land = land_batch(gen, ~s.held & live[:, None, None], np.broadcast_to(chance, s.held.shape))
        was_active = s.active.copy()
        on_act = land & was_active[:, :, None]
        reset = on_act.any(axis=(1, 2))
        s.lives = np.where(live, next_lives(s.lives, reset, m.lives), s.lives)
        s.land_coins(gen, land)
        pf_rows = on_act & s.pf
        if pf_rows.any():
            for r in range(R):
                for c in range(C):
                    if pf_rows[:, r, c].any():
                        s.process(pf_rows[:, r, c], r, c)
        dec = (on_act * (1 + s.dbl)).sum(axis=(1, 2))
        waiting = ~s.active
        waiting[:, :A] = False
        s.counts = np.where(waiting, np.maximum(0, s.counts - dec[:, None]), s.counts)
        for r in range(A, R):
            newly = waiting[:, r] & (s.counts[:, r] <= 0)
            if newly.any():
                s.active[:, r] |= newly
                for c in range(C):
                    s.process(newly, r, c)
        boosting = live & s.hb & (gen.random(n) < m.boost[0] / m.boost[1])
        if boosting.any():
            i = np.nonzero(boosting)[0]
            elig = (s.held[i] & s.active[i][:, :, None]).reshape(len(i), -1)
            want = m.boost_counts[weighted_batch(gen, bcount_cum, len(i))]
            keys = np.where(elig, gen.random(elig.shape), 2.0)
            rank = np.argsort(np.argsort(keys, axis=1), axis=1)
            pick = elig & (rank < want[:, None])
            add = m.boost_values[_weighted(gen, m.boost_weights, pick.shape)]
            flat = s.val[i].reshape(len(i), -1) + pick * add
            s.val[i] = flat.reshape(len(i), R, C)
        s.alive = live & (s.lives > 0)          # a full board plays out its lives too
    paying = s.held & s.active[:, :, None]
    total = (s.val * paying).sum(axis=(1, 2))
    full = s.held.all(axis=(1, 2)) & s.active.all(axis=1)
    return {"total_x100": total, "awards": s.awards, "full_board": full,
            "paid_single": (paying & ~s.dbl).sum(axis=(1, 2)), "paid_double": (paying & s.dbl).sum(axis=(1, 2))}

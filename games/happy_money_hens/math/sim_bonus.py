"""The mini-reel bonus for many bonuses at once (numpy), the same rules as bonus.py.

State per bonus over (n, 7, 5) cell arrays: held, unprocessed pot-fill, double, value,
pot, carried cash; per row: active, count; per bonus: lives, letters per pot name,
pots won. Each loop step is one bonus spin of every bonus still running, in the
order of bonus.py: land, lives, pot fills on active rows (cell order), counts and
row activations (bottom first, their pot fills), happy boost, end check.
"""
from __future__ import annotations

from typing import cast

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
        self.spins = np.zeros(n, np.int64)

    def land_coins(self, gen, where: np.ndarray) -> None:
        """Draw a coin for every cell in `where` (bool (n,7,5)) and stick it (draws for
        those cells only: a spin lands on a few of the 35)."""
        m = self.m
        at = np.nonzero(where)
        k = len(at[0])
        if not k:
            return
        dbl = self.dc[at[0]] & (gen.random(k) < m.double[0] / m.double[1])
        pf = self.pf_on[at[0]] & (gen.random(k) < m.pot_fill[0] / m.pot_fill[1])
        pot = _weighted(gen, m.pot_weights, k).astype(np.int8)
        cash = m.cash_values[_weighted(gen, m.cash_weights, k)]
        self.held[at] = True
        self.dbl[at] = dbl
        self.pf[at] = pf
        self.pot[at] = pot
        self.cash[at] = cash
        self.val[at] = np.where(pf, 0, cash * (1 + dbl))

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

    def results(self) -> tuple[np.ndarray, ...]:
        """(total_x100, awards, full_board, paid_single, paid_double, spins) of every bonus
        held (final once it has ended): paid_* count its paying single and double coins."""
        paying = self.held & self.active[:, :, None]
        total = (self.val * paying).sum(axis=(1, 2))
        full = cast(np.ndarray, self.held.all(axis=(1, 2)) & self.active.all(axis=1))
        return (total, self.awards, full, (paying & ~self.dbl).sum(axis=(1, 2)), (paying & self.dbl).sum(axis=(1, 2)),
                self.spins)

    def keep(self, rows: np.ndarray) -> None:
        """Drop every bonus but `rows` (an ended bonus's state no longer changes)."""
        n = len(self.alive)
        for k, v in vars(self).items():
            if isinstance(v, np.ndarray) and v.shape[:1] == (n,):
                setattr(self, k, v[rows])


def simulate_bonuses(gen: np.random.Generator, m: HensMath, combos: np.ndarray) -> dict[str, np.ndarray]:
    """Play one bonus per entry of `combos` (ints 1..7). Returns total_x100 (n,),
    awards (n, 4) pots won per name, full_board (n,), the paying single and double
    coins (paid_single, paid_double) and the spins played (spins)."""
    combos = np.asarray(combos, dtype=np.int64)
    n = len(combos)
    s = _State(m, combos)
    if n == 0:
        return {"total_x100": np.zeros(0, np.int64), "awards": np.zeros((0, 4), np.int64),
                "full_board": np.zeros(0, bool), "paid_single": np.zeros(0, np.int64),
                "paid_double": np.zeros(0, np.int64), "spins": np.zeros(0, np.int64)}
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
    total, awards, full = np.zeros(n, np.int64), np.zeros((n, 4), np.int64), np.zeros(n, bool)
    single, double, spins = np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64)
    ids = np.arange(n)                            # each row's bonus
    while s.alive.any():
        if s.alive.sum() * 2 < len(ids):          # ended bonuses leave the arrays: the long ones run alone
            done = ~s.alive
            (total[ids[done]], awards[ids[done]], full[ids[done]], single[ids[done]],
             double[ids[done]], spins[ids[done]]) = (a[done] for a in s.results())
            ids = ids[s.alive]
            s.keep(np.nonzero(s.alive)[0])
        live = s.alive
        s.spins += live
        chance = np.where(s.active, p_on, p_off)[:, :, None]
        land = land_batch(gen, ~s.held & live[:, None, None], np.broadcast_to(chance, s.held.shape))
        was_active = s.active.copy()
        on_act = land & was_active[:, :, None]
        reset = cast(np.ndarray, on_act.any(axis=(1, 2)))
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
        boosting = live & s.hb & (gen.random(len(ids)) < m.boost[0] / m.boost[1])
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
    total[ids], awards[ids], full[ids], single[ids], double[ids], spins[ids] = s.results()
    return {"total_x100": total, "awards": awards, "full_board": full, "paid_single": single, "paid_double": double,
            "spins": spins}

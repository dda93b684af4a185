"""The mini-reel bonus of bonus.py for many books at once, draw for draw.

`BonusLockstep(m, st, rows, combos).run()` plays one bonus per listed row of a
`BookStreams` (cabinet/core/rng_batch.py), each from the point of its book's stream
where `HensBonus(rng, ...)` would start, drawing exactly what bonus.py draws in the
same order, so every book's bonus is the one `play` regenerates:

- start: the number of stuck coins, their cells (pops from the 15 active cells),
  then a coin per cell in cell order; their pot fills are processed;
- each spin: one landing draw per open mini reel (cell order: bottom row first,
  left to right), then a coin per landed cell in that order (double coins, pot
  fill, its pot, its cash value: each draw only where the combination has it);
  then, draw-free, the lives, the pot fills on active rows, the row counts and
  activations; last HAPPY BOOST (its chance, the number of coins, per coin a cell
  among the coins on active rows and a boost value);
- the bonus ends at 0 lives.

State over (k, 35) cell arrays, cell = row * 5 + reel, as sim_bonus.py; every loop
runs over the books still playing.
"""
from __future__ import annotations

import numpy as np

from cabinet.core.batch import pop_columns
from cabinet.core.rng_batch import BookStreams

from .tables import DOUBLE_COINS, HAPPY_BOOST, POT_FILL, HensMath


def _kth(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row, the True cells in ascending order (row, rank) and how many."""
    return np.argsort(~mask, axis=1, kind="stable"), mask.sum(axis=1)


class BonusLockstep:
    def __init__(self, m: HensMath, st: BookStreams, rows: np.ndarray, combos: np.ndarray):
        k = len(rows)
        cells = m.rows * m.reels
        # the bonuses' own streams (the batch's other books draw nothing more)
        self.m, self.st, self.rows = m, st.subset(rows), np.arange(k)
        self.combos = np.asarray(combos, dtype=np.int64)
        self.held = np.zeros((k, cells), bool)
        self.pf = np.zeros((k, cells), bool)            # a pot-fill coin not processed yet
        self.dbl = np.zeros((k, cells), bool)
        self.pot = np.zeros((k, cells), np.int64)
        self.cash = np.zeros((k, cells), np.int64)
        self.val = np.zeros((k, cells), np.int64)
        self.row_of = np.repeat(np.arange(m.rows), m.reels)
        self.active = np.zeros((k, m.rows), bool)
        self.active[:, :m.active_rows] = True
        self.counts = np.zeros((k, m.rows), np.int64)
        self.counts[:, m.active_rows:] = m.row_counts
        self.names = np.zeros((k, len(m.pot_values)), np.int64)
        self.awards = np.zeros((k, len(m.pot_values)), np.int64)
        self.pot_x100 = np.zeros(k, np.int64)
        self.lives = np.full(k, m.lives, np.int64)
        self.cum = {name: np.cumsum(getattr(m, name)) for name in
                    ("start_weights", "pot_weights", "cash_weights", "boost_count_weights", "boost_weights")}

    # ---- draws ---------------------------------------------------------------------
    def _coins(self, ix: np.ndarray, where: np.ndarray) -> None:
        """A coin (bonus.draw_coin) on every cell of `where` (bool (len(ix), 35)) of
        the books `ix`, cell by cell in ascending order, stuck there."""
        m, st = self.m, self.st
        order, count = _kth(where)
        for j in range(int(count.max()) if len(count) else 0):
            sel = np.flatnonzero(count > j)
            b, cell = ix[sel], order[sel, j]
            rows, combo = self.rows[b], self.combos[b]
            dbl = np.zeros(len(sel), bool)
            has = np.flatnonzero(combo & DOUBLE_COINS)
            dbl[has] = st.chance(rows[has], *m.double)
            pf = np.zeros(len(sel), bool)
            has = np.flatnonzero(combo & POT_FILL)
            pf[has] = st.chance(rows[has], *m.pot_fill)
            pot = np.zeros(len(sel), np.int64)
            has = np.flatnonzero(pf)
            pot[has] = st.weighted_cum(rows[has], self.cum["pot_weights"])
            cash = m.cash_values[st.weighted_cum(rows, self.cum["cash_weights"])]
            self.held[b, cell] = True
            self.pf[b, cell], self.dbl[b, cell], self.pot[b, cell], self.cash[b, cell] = pf, dbl, pot, cash
            self.val[b, cell] = np.where(pf, 0, cash * (1 + dbl))

    def _process(self, ix: np.ndarray, where: np.ndarray) -> None:
        """Process the unprocessed pot-fill coins of `where` in ascending cell order
        (HensBonus.process_pot_fill): letters, then the pot or the cash value."""
        m = self.m
        order, count = _kth(where & self.pf[ix])
        lengths = m.pot_lengths
        for j in range(int(count.max()) if len(count) else 0):
            sel = np.flatnonzero(count > j)
            b, cell = ix[sel], order[sel, j]
            p = self.pot[b, cell]
            add = 1 + self.dbl[b, cell]
            after = self.names[b, p] + add
            done = after >= lengths[p]
            self.names[b, p] = np.where(done, after - lengths[p], after)
            self.val[b, cell] = np.where(done, m.pot_values[p], self.cash[b, cell] * add)
            self.awards[b[done], p[done]] += 1
            self.pot_x100[b[done]] += m.pot_values[p[done]]
            self.pf[b, cell] = False

    # ---- the bonus -----------------------------------------------------------------
    def start(self) -> None:
        m, st = self.m, self.st
        k = len(self.rows)
        everyone = np.arange(k)
        n = m.start_counts[st.weighted_cum(self.rows, self.cum["start_weights"])]
        pool_size = m.active_rows * m.reels
        picks = st.below_many(self.rows, pool_size - np.arange(int(n.max())), n)
        pool = np.tile(np.arange(pool_size), (k, 1))
        where = np.zeros_like(self.held)
        for j in range(int(n.max())):                 # pool.pop(below(len(pool))), len shrinking
            sel = np.flatnonzero(n > j)
            where[sel, pool[sel, picks[sel, j]]] = True
            pool = pop_columns(pool, picks[:, j])      # (rows past their count pop a column they never read)
        self._coins(everyone, where)
        self._process(everyone, where)

    def spin(self, ix: np.ndarray) -> None:
        m, st = self.m, self.st
        rows = self.rows[ix]
        open_ = ~self.held[ix]
        order, count = _kth(open_)
        u = st.below_many(rows, m.land_den, count)
        active_cell = self.active[ix][:, self.row_of]                       # (len, 35)
        chance = np.where(active_cell, m.land_active, m.land_inactive)
        width = u.shape[1]
        landed = np.zeros_like(open_)
        if width:
            cells = order[:, :width]
            hit = (np.arange(width) < count[:, None]) & (u < np.take_along_axis(chance, cells, axis=1))
            r_idx, j_idx = np.nonzero(hit)
            landed[r_idx, cells[r_idx, j_idx]] = True
        self._coins(ix, landed)
        on_active = landed & active_cell
        self.lives[ix] = np.where(on_active.any(axis=1), m.lives, self.lives[ix] - 1)
        self._process(ix, on_active)
        dec = (on_active * (1 + self.dbl[ix])).sum(axis=1)
        waiting = ~self.active[ix]
        counts = np.where(waiting & (dec[:, None] > 0), np.maximum(0, self.counts[ix] - dec[:, None]), self.counts[ix])
        self.counts[ix] = counts
        newly = waiting & (dec[:, None] > 0) & (counts <= 0)
        if newly.any():
            self.active[ix] |= newly
            self._process(ix, newly[:, self.row_of])
        hb = np.flatnonzero(self.combos[ix] & HAPPY_BOOST)
        if len(hb):
            self._boost(ix[hb])

    def _boost(self, ix: np.ndarray) -> None:
        m, st = self.m, self.st
        hit = st.chance(self.rows[ix], *m.boost)
        ix = ix[hit]
        if not len(ix):
            return
        rows = self.rows[ix]
        pool_mask = self.held[ix] & self.active[ix][:, self.row_of]
        pool, size = _kth(pool_mask)
        kk = np.minimum(m.boost_counts[st.weighted_cum(rows, self.cum["boost_count_weights"])], size)
        for i in range(int(kk.max())):
            sel = np.flatnonzero(kk > i)
            j = st.below(rows[sel], size[sel] - i)
            cell = pool[sel, j]
            rest = pop_columns(pool[sel], j)
            pool = pool[:, :-1].copy()
            pool[sel] = rest
            add = m.boost_values[st.weighted_cum(rows[sel], self.cum["boost_weights"])]
            self.val[ix[sel], cell] += add

    def run(self) -> dict[str, np.ndarray]:
        """Play every bonus to its end: total_x100, pot awards per pot (k, 4), the pot
        part (x100) and whether the board ended full."""
        self.start()
        live = np.arange(len(self.rows))
        while len(live):
            self.spin(live)
            live = live[self.lives[live] > 0]
            if 2 * len(live) < len(self.st) > 64:         # draw only for the books still playing
                self.st = self.st.subset(self.rows[live])
                self.rows[live] = np.arange(len(live))
        active_cell = self.active[:, self.row_of]
        total = (self.val * (self.held & active_cell)).sum(axis=1)
        full = self.active.all(axis=1) & self.held.all(axis=1)
        return {"total_x100": total, "awards": self.awards, "pot_x100": self.pot_x100, "full_board": full}

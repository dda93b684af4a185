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

State over (k, 35) cell arrays, cell = row * 5 + reel, as sim_bonus.py, for the
bonuses still playing only: a bonus's results are taken when it ends and its rows
dropped (with its stream), so every step works on whole arrays, never on a subset
of rows; the i-th coin of each bonus's spin is found by np.nonzero (row-major: each
bonus's cells in ascending order), not by sorting.
"""
from __future__ import annotations

import numpy as np

from cabinet.core.batch import pop_columns
from cabinet.core.rng_batch import BookStreams

from .tables import DOUBLE_COINS, HAPPY_BOOST, POT_FILL, HensMath


def _kth(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row, the True cells in ascending order (row, rank) and how many."""
    return np.argsort(~mask, axis=1, kind="stable"), mask.sum(axis=1)


def _by_rank(mask: np.ndarray):
    """The True cells of each row in ascending order, as (rows, cells) of the j-th
    cell of every row that has one, for j = 0, 1, ..."""
    r, c = np.nonzero(mask)
    if not len(r):
        return
    j = np.arange(len(r)) - np.searchsorted(r, r)          # rank of the cell in its row
    for rank in range(int(j.max()) + 1):
        sel = j == rank
        yield r[sel], c[sel]


class BonusLockstep:
    def __init__(self, m: HensMath, st: BookStreams, rows: np.ndarray, combos: np.ndarray):
        k = len(rows)
        cells = m.rows * m.reels
        # the bonuses' own streams (the batch's other books draw nothing more)
        self.m, self.st = m, st.subset(rows)
        self.book = np.arange(k)                           # each playing row's bonus
        self.combos = np.asarray(combos, dtype=np.int64)
        self.dc, self.pfc, self.hb = (self.combos & DOUBLE_COINS) > 0, (self.combos & POT_FILL) > 0, \
            (self.combos & HAPPY_BOOST) > 0
        self.held = np.zeros((k, cells), bool)
        self.pf = np.zeros((k, cells), bool)            # a pot-fill coin not processed yet
        self.dbl = np.zeros((k, cells), bool)
        self.pot = np.zeros((k, cells), np.int8)
        self.cash = np.zeros((k, cells), np.int32)
        self.val = np.zeros((k, cells), np.int64)
        self.row_of = np.repeat(np.arange(m.rows), m.reels)
        self.active = np.zeros((k, m.rows), bool)
        self.active[:, :m.active_rows] = True
        self.counts = np.zeros((k, m.rows), np.int64)
        self.counts[:, m.active_rows:] = m.row_counts
        self.names = np.zeros((k, len(m.pot_values)), np.int64)
        self.awards = np.zeros((k, len(m.pot_values)), np.int64)
        self.pot_x100 = np.zeros(k, np.int64)
        self.boost_x100 = np.zeros(k, np.int64)           # the HAPPY BOOST values added (the boost events' sum)
        self.lives = np.full(k, m.lives, np.int64)
        self.spins = np.zeros(k, np.int64)
        self.out = {"total_x100": np.zeros(k, np.int64), "awards": np.zeros((k, len(m.pot_values)), np.int64),
                    "pot_x100": np.zeros(k, np.int64), "full_board": np.zeros(k, bool),
                    "boost_x100": np.zeros(k, np.int64), "spins": np.zeros(k, np.int64),
                    "paid_single": np.zeros(k, np.int64), "paid_double": np.zeros(k, np.int64)}
        self.cum = {name: np.cumsum(getattr(m, name)) for name in
                    ("start_weights", "pot_weights", "cash_weights", "boost_count_weights", "boost_weights")}

    _ROWS = ("dc", "pfc", "hb", "held", "pf", "dbl", "pot", "cash", "val", "active", "counts",
             "names", "awards", "pot_x100", "boost_x100", "lives", "spins", "book")

    # ---- draws ---------------------------------------------------------------------
    def _coins(self, where: np.ndarray) -> None:
        """A coin (bonus.draw_coin) on every cell of `where` (bool (k, 35)), each
        bonus's cells in ascending order, stuck there."""
        m, st = self.m, self.st
        for b, cell in _by_rank(where):
            dbl = np.zeros(len(b), bool)
            has = np.flatnonzero(self.dc[b])
            dbl[has] = st.chance(b[has], *m.double)
            pf = np.zeros(len(b), bool)
            has = np.flatnonzero(self.pfc[b])
            pf[has] = st.chance(b[has], *m.pot_fill)
            has = np.flatnonzero(pf)
            self.pot[b[has], cell[has]] = st.weighted_cum(b[has], self.cum["pot_weights"])
            cash = m.cash_values[st.weighted_cum(b, self.cum["cash_weights"])]
            self.held[b, cell] = True
            self.pf[b, cell], self.dbl[b, cell], self.cash[b, cell] = pf, dbl, cash
            self.val[b, cell] = np.where(pf, 0, cash * (1 + dbl))

    def _process(self, where: np.ndarray) -> None:
        """Process the unprocessed pot-fill coins of `where` in ascending cell order
        (HensBonus.process_pot_fill): letters, then the pot or the cash value."""
        m = self.m
        lengths = m.pot_lengths
        for b, cell in _by_rank(where & self.pf):
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
        k = len(self.book)
        everyone = np.arange(k)
        n = m.start_counts[st.weighted_cum(everyone, self.cum["start_weights"])]
        pool_size = m.active_rows * m.reels
        picks = st.below_many(everyone, pool_size - np.arange(int(n.max())), n)
        pool = np.tile(np.arange(pool_size), (k, 1))
        where = np.zeros_like(self.held)
        for j in range(int(n.max())):                 # pool.pop(below(len(pool))), len shrinking
            sel = np.flatnonzero(n > j)
            where[sel, pool[sel, picks[sel, j]]] = True
            pool = pop_columns(pool, picks[:, j])      # (rows past their count pop a column they never read)
        self._coins(where)
        self._process(where)

    def spin(self) -> None:
        """One bonus spin of every bonus still playing."""
        m, st = self.m, self.st
        everyone = np.arange(len(self.book))
        self.spins += 1
        open_ = ~self.held
        count = open_.sum(axis=1)
        u = st.below_many(everyone, m.land_den, count)      # each bonus's open cells, in cell order
        active_cell = self.active[:, self.row_of]                       # (k, 35)
        if u.shape[1]:
            rank = np.minimum(np.cumsum(open_, axis=1) - 1, u.shape[1] - 1)
            landed = open_ & (np.take_along_axis(u, rank, axis=1) < np.where(active_cell, m.land_active,
                                                                             m.land_inactive))
        else:
            landed = np.zeros_like(open_)
        self._coins(landed)
        on_active = landed & active_cell
        self.lives = np.where(on_active.any(axis=1), m.lives, self.lives - 1)
        self._process(on_active)
        dec = (on_active & self.dbl).sum(axis=1) + on_active.sum(axis=1)
        waiting = ~self.active
        counts = np.where(waiting & (dec[:, None] > 0), np.maximum(0, self.counts - dec[:, None]), self.counts)
        self.counts = counts
        newly = waiting & (dec[:, None] > 0) & (counts <= 0)
        if newly.any():
            self.active |= newly
            self._process(newly[:, self.row_of])
        hb = np.flatnonzero(self.hb)
        if len(hb):
            self._boost(hb)

    def _boost(self, ix: np.ndarray) -> None:
        m, st = self.m, self.st
        hit = st.chance(ix, *m.boost)
        ix = ix[hit]
        if not len(ix):
            return
        pool_mask = self.held[ix] & self.active[ix][:, self.row_of]
        pool, size = _kth(pool_mask)
        kk = np.minimum(m.boost_counts[st.weighted_cum(ix, self.cum["boost_count_weights"])], size)
        for i in range(int(kk.max())):
            sel = np.flatnonzero(kk > i)
            j = st.below(ix[sel], size[sel] - i)
            cell = pool[sel, j]
            rest = pop_columns(pool[sel], j)
            pool = pool[:, :-1].copy()
            pool[sel] = rest
            add = m.boost_values[st.weighted_cum(ix[sel], self.cum["boost_weights"])]
            self.val[ix[sel], cell] += add
            self.boost_x100[ix[sel]] += add

    def _finish(self, done: np.ndarray) -> None:
        """Take the results of the bonuses of rows `done` (bool per row) and drop them."""
        d = np.flatnonzero(done)
        book = self.book[d]
        active_cell = self.active[d][:, self.row_of]
        self.out["total_x100"][book] = (self.val[d] * (self.held[d] & active_cell)).sum(axis=1)
        self.out["awards"][book] = self.awards[d]
        self.out["pot_x100"][book] = self.pot_x100[d]
        self.out["boost_x100"][book] = self.boost_x100[d]
        self.out["spins"][book] = self.spins[d]
        self.out["full_board"][book] = self.active[d].all(axis=1) & self.held[d].all(axis=1)
        paying = self.held[d] & active_cell                    # the coins on active rows, as sim_bonus counts them
        self.out["paid_double"][book] = (paying & self.dbl[d]).sum(axis=1)
        self.out["paid_single"][book] = paying.sum(axis=1) - self.out["paid_double"][book]
        keep = np.flatnonzero(~done)
        for name in self._ROWS:
            setattr(self, name, getattr(self, name)[keep])
        self.st = self.st.subset(keep)

    def run(self) -> dict[str, np.ndarray]:
        """Play every bonus to its end: total_x100, pot awards per pot (k, 4), the pot
        part (x100), the HAPPY BOOST values added (boost_x100), whether the board
        ended full, its single and double coins on active rows (paid_single,
        paid_double) and the spins it played (spins)."""
        self.start()
        while len(self.book):
            self.spin()
            done = self.lives <= 0
            if done.any():
                self._finish(done)
        return self.out

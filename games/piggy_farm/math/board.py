"""The 7x7 board of one round, laid out for speed: columns of symbol ids plus one
packed integer of bitboards.

The round generator (rules.py) plays every drop of a round through this: a board is
its seven columns (symbol ids, top row first), each column's cells packed for the
cluster finder (symbol s's cells in lane s, bit `row * cols + col` of it:
cabinet/mechanics/clusters.py's Lanes) and the strip position of each column's top.
Everything a drop shows is tabled per strip set, reel and stop (the window's ids as
a tuple, its packed cells, its cells as refill records), so a fresh board is seven
look-ups per column list and the whole board's masks are one sum. A tumble touches
only the columns that lost cells: a column's removed rows are read straight out of
the union mask (one multiply gathers the seven bits); per removed-rows pattern a
table gives the survivors' ids (an itemgetter), the runs of survivors that fall
together (their cells in every lane, shifted down in one operation each) and the
falls; the fresh symbols are the first rows of the window at the new top. Event
payloads (boards as symbol ids, cells as [row, col]) are built from the same
columns; their small lists ([row, col] of a cell, [col, from, to] of a fall, [col,
row, symbol id] of a refill) are made once per layout and shared by every event that
names them (a long round's events hold thousands of them: made afresh they were most
of its allocations and of the collector's work). Event payloads are read, never
changed in place. The rules are those of cabinet/mechanics/tumble.py; a test plays
both on the same boards.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable, Sequence

import numpy as np

from cabinet.mechanics.clusters import Lanes

from .tables import BANDS, PiggyMath, band_of


def survivors(keep: list[int]) -> Callable[[Sequence], tuple]:
    """The entries of a column at rows `keep`, as a tuple."""
    if len(keep) > 1:
        return itemgetter(*keep)
    return itemgetter(slice(keep[0], keep[0] + 1) if keep else slice(0, 0))


class Layout:
    """Everything one math file's boards need precomputed (one per PiggyMath)."""

    def __init__(self, pm: PiggyMath):
        rows, cols = pm.shape.rows, pm.shape.cols
        self.pm, self.rows, self.cols = pm, rows, cols
        self.names = pm.symbols
        self.nsym = len(pm.symbols)
        self.pay_ids = tuple(pm.pay_ids)
        self.wild, self.scatter, self.least = pm.wild, pm.scatter, pm.min_cluster
        self.full = (1 << (rows * cols)) - 1
        rule = pm.raw["sticky_grid"]      # (first charge, growth, cap) of the sticky grid
        first, growth, cap = int(rule["first_charge"]), int(rule["growth"]), int(rule["cap"])
        self.bumped: dict[int, int] = {}      # a cell's charge -> its charge after a bump
        g = 0
        while g not in self.bumped:
            after = first if g == 0 else min(g * growth, cap)
            self.bumped[g] = after
            g = after
        self.row_slices = tuple(slice(k, k + cols) for k in range(0, rows * cols, cols))     # a flat grid's rows
        self.tier_of = [pm.tier_for(n) for n in range(rows * cols + 1)]      # windmills -> wheel tier (or None)
        spawn = pm.raw["modes"].get("hog_wild", {}).get("spawn_weights", {})      # HOG WILD: count -> weight
        self.spawn_counts = [int(k) for k in spawn]
        self.spawn_cum = np.cumsum(np.array([int(v) for v in spawn.values()], dtype=np.int64))
        # the cluster finder's packed board: symbol s's cells in lane s; per column, row
        # and symbol, the bit of that symbol on that cell
        self.lanes = Lanes(pm.shape, self.pay_ids)
        width = self.lanes.width
        self.wild_at, self.scatter_at = self.wild * width, self.scatter * width
        self.cell_bits = [[[1 << (s * width + r * cols + c) for s in range(self.nsym)] for r in range(rows)]
                          for c in range(cols)]
        # a column's cells of a row-major mask: ((mask >> c) & col0) * gather >> (rows-1)*cols
        # puts row r's bit at bit r (the products never collide: 7x7 and smaller)
        self.col0 = sum(1 << (r * cols) for r in range(rows))
        self.gather = sum(1 << ((rows - 1) * cols - (cols - 1) * r) for r in range(rows))
        self.shift = (rows - 1) * cols
        self.row_full = (1 << cols) - 1
        self.col_full = (1 << rows) - 1
        # row bits -> the columns set in it; column bits -> rows kept / removed
        self.cols_in = [[c for c in range(cols) if b >> c & 1] for b in range(1 << cols)]
        self.kept = [[r for r in range(rows) if not b >> r & 1] for b in range(1 << rows)]
        # per row and row bits: the (row, col) pairs and the flat indices of its cells;
        # per removed-rows bits: the survivors' (from row, to row) moves
        cell = [[[r, c] for c in range(cols)] for r in range(rows)]
        self.row_pairs = [[tuple(cell[r][c] for c in self.cols_in[b]) for b in range(1 << cols)] for r in range(rows)]
        self.row_index = [[tuple(r * cols + c for c in self.cols_in[b]) for b in range(1 << cols)]
                          for r in range(rows)]
        self.moves = [tuple((r, rows - len(keep) + j) for j, r in enumerate(keep) if rows - len(keep) + j != r)
                      for keep in self.kept]
        # per column and removed-rows bits: the falls [col, from, to]; per column, row
        # and symbol: the refill [col, row, symbol id]
        self.falls = [[tuple([c, r, to] for r, to in mv) for mv in self.moves] for c in range(cols)]
        refill = [[[[c, r, sid] for sid in self.names] for r in range(rows)] for c in range(cols)]
        # per column and removed-rows bits, what a tumble does to the column's packed
        # masks: the survivors' runs (rows falling together) as (cells of the run in
        # every lane, bits they fall by), and the rows the refills land on (every lane)
        every = sum(1 << (s * width) for s in range(self.nsym))
        bit = [[(1 << (r * cols + c)) * every for r in range(rows)] for c in range(cols)]
        # (and the survivors' ids picked out of the old column as a tuple)
        self.removal = [[(rows - len(keep), survivors(keep), self.falls[c][g], self.runs(bit[c], g),
                          sum(bit[c][:rows - len(keep)])) for g, keep in enumerate(self.kept)] for c in range(cols)]
        # folding a mask's rows onto row 0 (shifts by 4, 2, 1 rows for 7): the columns it touches
        self.folds = [cols << j for j in reversed(range(max(rows - 1, 1).bit_length()))]
        self.sym_of = {sid: s for s, sid in enumerate(self.names)}
        # each reel followed by its first `rows` symbols again: every window and refill is one slice
        self.ext = {name: [(list(reel) * (rows // len(reel) + 2))[:len(reel) + rows] for reel in reels]
                    for name, reels in pm.strips.items()}
        self.lengths = {name: [len(reel) for reel in reels] for name, reels in pm.strips.items()}
        self.bounds = {name: np.array(v, dtype=np.int64) for name, v in self.lengths.items()}
        self.pay = [[int(x) for x in row] for row in pm.pay_by_size.tolist()]
        self.band = [BANDS[band_of(s)] if s >= pm.min_cluster else "" for s in range(pm.shape.cells + 1)]

        # per strip set, reel and stop: the window's symbols, their ids and its packed
        # masks (tuples: shared by every board that shows them, never changed)
        self.ext_ids = {name: [[self.names[x] for x in reel] for reel in exts] for name, exts in self.ext.items()}
        self.windows = {name: [[tuple(ext[t:t + rows]) for t in range(len(ext) - rows)] for ext in exts]
                        for name, exts in self.ext.items()}
        self.window_ids = {name: [[tuple(ext[t:t + rows]) for t in range(len(ext) - rows)] for ext in exts]
                           for name, exts in self.ext_ids.items()}
        self.window_packs = {name: [[self.column_pack(c, win) for win in wins] for c, wins in enumerate(exts)]
                             for name, exts in self.windows.items()}
        # ... and the refills [col, row, symbol id] its rows would be (a tumble's k
        # refills at window top t are the first k of t's)
        self.window_refills = {name: [[tuple(map(list.__getitem__, refill[c], win)) for win in wins]
                                      for c, wins in enumerate(exts)] for name, exts in self.windows.items()}

    def runs(self, bits: list[int], gone: int) -> tuple[tuple[int, int], ...]:
        """A column's survivors of a removal grouped by how far they fall (0 for
        those below the lowest gap): (their cells, in every lane; the bits they move by)."""
        out: dict[int, int] = {}
        below = 0
        for r in range(self.rows - 1, -1, -1):
            if gone >> r & 1:
                below += 1
            else:
                out[below * self.cols] = out.get(below * self.cols, 0) | bits[r]
        return tuple((m, by) for by, m in out.items())

    def column_pack(self, c: int, col) -> int:
        """Column c's cells, packed (every symbol's in its lane)."""
        return sum([bits[s] for bits, s in zip(self.cell_bits[c], col)])

    def drop(self, strips: str, tops: list[int]) -> "Board":
        """The board a spin shows at these strip stops."""
        return Board(self, strips, list(map(list.__getitem__, self.window_ids[strips], tops)),
                     list(map(list.__getitem__, self.window_packs[strips], tops)), list(tops))

    def cells(self, mask: int) -> list[list[int]]:
        """[[row, col], ...] of a mask's cells, row-major (event payloads)."""
        out: list[list[int]] = []
        r, pairs, full, cols = 0, self.row_pairs, self.row_full, self.cols
        while mask:
            b = mask & full
            if b:
                out += pairs[r][b]
            mask >>= cols
            r += 1
        return out

    def index(self, mask: int) -> list[int]:
        """Flat cell indices of a mask, row-major (for the sticky grid)."""
        out: list[int] = []
        r, index, full, cols = 0, self.row_index, self.row_full, self.cols
        while mask:
            b = mask & full
            if b:
                out += index[r][b]
            mask >>= cols
            r += 1
        return out

    def column_removed(self, mask: int, c: int) -> int:
        """Bit r set where row r of column c is in `mask`."""
        return ((((mask >> c) & self.col0) * self.gather) >> self.shift) & self.col_full


class Board:
    """One board: its columns as symbol ids (sequences, top row first; a window's
    are shared tuples), each column's packed masks, and each column's strip
    position (top row)."""

    __slots__ = ("lay", "strips", "names", "packs", "tops")

    def __init__(self, lay: Layout, strips: str, names: list, packs: list[int], tops: list[int]):
        self.lay, self.strips, self.names, self.packs, self.tops = lay, strips, names, packs, tops

    @classmethod
    def of_rows(cls, lay: Layout, strips: str, rows: list[list[int]], tops: list[int]) -> "Board":
        """A hand-built board given as rows of symbol indices."""
        cols = [list(col) for col in zip(*rows)]
        return cls(lay, strips, [tuple(lay.names[s] for s in col) for col in cols],
                   [lay.column_pack(c, col) for c, col in enumerate(cols)], list(tops))

    def rows(self) -> list[list[int]]:
        """The board as rows of symbol indices."""
        sym = self.lay.sym_of
        return [[sym[x] for x in row] for row in zip(*self.names)]

    def packed(self) -> int:
        """Every symbol's cell mask in its lane (lay.lanes); columns' bits are disjoint."""
        return sum(self.packs)

    def masks(self) -> list[int]:
        """Cell mask of every symbol (index = symbol)."""
        p, lanes = self.packed(), self.lay.lanes
        return [lanes.lane(p, s) for s in range(self.lay.nsym)]

    def ids(self) -> list[list[str]]:
        """The board as rows of symbol ids (event payloads; a loop over rows: compiled,
        about three times faster than transposing with zip)."""
        names = self.names
        return [[col[r] for col in names] for r in range(self.lay.rows)]

    def put(self, r: int, c: int, s: int) -> None:
        """Symbol s lands on (r, c) (HOG WILD's spawned wilds)."""
        lay = self.lay
        names = list(self.names[c])
        names[r] = lay.names[s]
        self.names[c], self.packs[c] = tuple(names), lay.column_pack(c, [lay.sym_of[x] for x in names])

    def tumble(self, union: int) -> tuple[list[list[int]], list[list]]:
        """Remove `union`'s cells, drop the survivors, refill from the strip above.
        Returns (falls, refills) as cabinet/mechanics/tumble.py gives them
        ([col, from_row, to_row], [col, row, symbol id])."""
        lay = self.lay
        falls: list[list[int]] = []
        refills: list[list] = []
        ids, packs_at, refills_at = lay.window_ids[self.strips], lay.window_packs[self.strips], lay.window_refills[self.strips]
        lengths, tops, names, packs, removal = lay.lengths[self.strips], self.tops, self.names, self.packs, lay.removal
        col0, gather, shift, full = lay.col0, lay.gather, lay.shift, lay.col_full
        touched = union
        for by in lay.folds:
            touched |= touched >> by
        for c in lay.cols_in[touched & lay.row_full]:
            gone = ((((union >> c) & col0) * gather) >> shift) & full      # column_removed, inlined
            k, keep, fall, runs, fresh = removal[c][gone]
            top = (tops[c] - k) % lengths[c]
            tops[c] = top
            falls += fall
            refills += refills_at[c][top][:k]
            names[c] = ids[c][top][:k] + keep(names[c])
            # the refills: the window at the new top's first k rows (wide integers: generic
            # operations when compiled, which skip mypyc's try at a small int)
            pack: Any = packs_at[c][top]
            old: Any = packs[c]
            pack &= fresh
            for cells, by in runs:
                pack |= (old & cells) << by
            packs[c] = pack
        return falls, refills


def layout(pm: PiggyMath) -> Layout:
    """The Layout of a math file, made once and kept on it (PiggyMath is frozen and
    holds dicts, so it cannot key a cache; its __dict__ can hold the layout)."""
    got = pm.__dict__.get("_layout")
    if got is None:
        got = pm.__dict__["_layout"] = Layout(pm)
    return got

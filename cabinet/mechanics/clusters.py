"""Cluster finding on a rows x cols board with bitboards (orthogonal adjacency only).

A board is held as one integer per symbol: bit `row * cols + col` is set where that
symbol sits. A cluster grows from its lowest set bit by shifting the mask one cell
left/right (with column masks so nothing wraps between rows) and up/down (by `cols`
bits), keeping only cells of the symbol or the wild, until it stops growing.

Rules encoded here (Piggy Farm's sheet, generic for any cluster game):
- diagonals never connect (only the four edge neighbours are shifted in);
- the wild joins every cluster it touches (it is part of every symbol's mask), so one
  wild may serve two clusters of different symbols;
- the wild never starts a cluster of its own: clusters grow only from seeds of the
  paying symbol, so a group of wilds alone pays nothing;
- scatters are simply never passed in as paying symbols, so they never cluster.

Two versions share these rules: `lane_clusters` (one board as one Python int, every
symbol's mask in a lane of its own, so the shifts move all symbols at once: for the
round generator; `find_clusters` packs a dict of masks and calls it) and
`find_clusters_batch` (numpy uint64, many boards at once, for the vectorised
simulator).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Iterable, NamedTuple, Sequence

import numpy as np


@dataclass(frozen=True)
class BoardShape:
    """Geometry of a board and the masks its shifts need."""

    rows: int
    cols: int

    @cached_property
    def cells(self) -> int:
        return self.rows * self.cols

    @cached_property
    def full(self) -> int:
        return (1 << self.cells) - 1

    @cached_property
    def not_first_col(self) -> int:
        """Every cell except column 0 (where a left shift would wrap in)."""
        return self.full & ~sum(1 << (r * self.cols) for r in range(self.rows))

    @cached_property
    def not_last_col(self) -> int:
        """Every cell except the last column (where a right shift would wrap in)."""
        return self.full & ~sum(1 << (r * self.cols + self.cols - 1) for r in range(self.rows))

    def bit(self, row: int, col: int) -> int:
        return 1 << (row * self.cols + col)

    def cells_of(self, mask: int) -> list[tuple[int, int]]:
        """[(row, col), ...] of the set bits, in row-major order."""
        out = []
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            out.append(divmod(i, self.cols))
            mask ^= low
        return out

    def mask_of(self, cells: Iterable[Sequence[int]]) -> int:
        m = 0
        for r, c in cells:
            m |= self.bit(r, c)
        return m


class Cluster(NamedTuple):
    """A connected group: its paying symbol, its cells as a mask, and its size."""

    symbol: Any
    mask: int
    size: int


def neighbours(mask: int, shape: BoardShape) -> int:
    """Cells edge-adjacent to any cell of `mask` (the mask itself included)."""
    return (mask | ((mask << 1) & shape.not_first_col) | ((mask >> 1) & shape.not_last_col)
            | ((mask << shape.cols) & shape.full) | (mask >> shape.cols))


def grow(seed: int, within: int, shape: BoardShape) -> int:
    """The connected component of `within` that contains `seed` (flood fill by shifts)."""
    comp = seed & within
    nf, nl, full, c = shape.not_first_col, shape.not_last_col, shape.full, shape.cols
    while True:
        nxt = (comp | ((comp << 1) & nf) | ((comp >> 1) & nl) | ((comp << c) & full) | (comp >> c)) & within
        if nxt == comp:
            return comp
        comp = nxt


class Lanes:
    """A packed board: every symbol's cell mask in its own lane of one integer (lane k
    is bits k * width .. k * width + cells - 1), and which lanes pay.

    A lane is `cells + cols` bits wide, so a shift by one row or one column never
    carries a cell into the next lane where the next mask (`& within`) would keep it.
    The shift masks are repeated in every paying lane, so one shift of the packed
    integer moves every paying symbol's cells at once."""

    def __init__(self, shape: BoardShape, pay: Sequence[int]):
        self.shape, self.pay = shape, tuple(pay)
        self.width = shape.cells + shape.cols
        self.at = tuple(k * self.width for k in self.pay)
        self.full = shape.full
        self.rep = sum(1 << a for a in self.at)            # x rep: a mask copied into every paying lane
        self.pay_full = shape.full * self.rep
        self.not_first_col = shape.not_first_col * self.rep
        self.not_last_col = shape.not_last_col * self.rep

    def pack(self, masks: Iterable[int]) -> int:
        """Lane k holds masks[k]."""
        return sum(m << (k * self.width) for k, m in enumerate(masks))

    def lane(self, packed: int, k: int) -> int:
        return (packed >> (k * self.width)) & self.full


def lane_clusters(packed: int, wild_mask: int, lanes: Lanes, min_size: int) -> list[tuple[int, int, int]]:
    """Every cluster of `min_size` or more cells on one packed board, as (lane, mask,
    size) tuples (a Cluster's fields: its symbol is its lane; plain tuples, the hot
    path of every drop). `wild_mask` (a plain mask) joins every paying lane.
    Clusters come out by lane (lowest first), then by lowest cell of the symbol.

    First, for all lanes at once, the cells that can be in a cluster: for `min_size`
    3+, the cells of components of 3 or more (a component of 3+ cells is its cells
    with 2+ neighbours, the hubs, and their neighbours: a cell with one neighbour
    hangs on one with two or more, else the two are a component of 2); for 4+, of
    components of 4 or more (the core: cells with 3+ neighbours and hubs next to a
    hub, and their neighbours: a component whose hubs are neither is one hub and its
    two ends). A lane with fewer than `min_size` such cells holds no cluster (most
    lanes of most boards). Then each remaining lane grows its components from the
    lowest cell of the symbol not yet in one, within those cells."""
    big: Any = packed                   # the packed lanes: wide integers, generic operations when compiled
    nf: Any = lanes.not_first_col
    nl: Any = lanes.not_last_col
    c, full = lanes.shape.cols, lanes.full
    within: Any = (big & lanes.pay_full) | wild_mask * lanes.rep
    if min_size >= 3:
        left, right, up, down = (within << 1) & nf, (within >> 1) & nl, within << c, within >> c
        across, along, sideways, upright = left & right, up & down, left | right, up | down
        core = hubs = (across | along | (sideways & upright)) & within
        if min_size >= 4:
            touching = ((hubs << 1) & nf) | ((hubs >> 1) & nl) | (hubs << c) | (hubs >> c)
            core = ((across & upright) | (along & sideways) | touching) & hubs
        within &= core | ((core << 1) & nf) | ((core >> 1) & nl) | (core << c) | (core >> c)
    if within.bit_count() < min_size:
        return []
    lnf, lnl = lanes.shape.not_first_col, lanes.shape.not_last_col      # one lane's, for the growing
    width, found = lanes.width, []
    while within:
        lane: int = ((within & -within).bit_length() - 1) // width      # the lowest lane with a cell left
        at = lane * width
        part: int = (within >> at) & full
        within ^= part << at
        if part.bit_count() < min_size:
            continue
        seeds = part & ~wild_mask     # the wild never starts a cluster
        while seeds:
            comp = seeds & -seeds       # `grow`, inlined (the hot loop of every cluster game)
            while True:
                nxt = (comp | ((comp << 1) & lnf) | ((comp >> 1) & lnl) | (comp << c) | (comp >> c)) & part
                if nxt == comp:
                    break
                comp = nxt
            seeds &= ~comp
            size = comp.bit_count()
            if size >= min_size:
                found.append((lane, comp, size))
    return found


@lru_cache(maxsize=None)
def _lanes(shape: BoardShape, n: int) -> Lanes:
    return Lanes(shape, range(n))


def find_clusters(symbol_masks: dict, wild_mask: int, shape: BoardShape, min_size: int) -> list[Cluster]:
    """Every cluster of `min_size` or more cells on one board (lane_clusters on the
    masks packed in dict order).

    `symbol_masks` maps each paying symbol to its cell mask (scatters left out);
    `wild_mask` marks the wilds, which join any symbol's cluster they touch.
    Clusters come out in symbol order of the dict, then by lowest cell.
    """
    keys = list(symbol_masks)
    lanes = _lanes(shape, len(keys))
    return [Cluster(keys[lane], mask, size)
            for lane, mask, size in lane_clusters(lanes.pack(symbol_masks.values()), wild_mask, lanes, min_size)]


# ----------------------------------------------------------------------------- batch

def pack_masks(board: np.ndarray, symbol_ids: Sequence[int]) -> np.ndarray:
    """(n, cells) small-int boards -> (n, len(symbol_ids)) uint64 cell masks."""
    n, cells = board.shape
    if cells > 64:
        raise ValueError("bitboards hold at most 64 cells")
    if cells == 64 and board.flags.c_contiguous:
        pad = board
    else:
        # the boards padded to 64 cells with a value of no symbol asked for: each symbol's
        # flags are then one contiguous array, packed 8 bytes a board in one packbits
        ids = set(symbol_ids)
        pad = np.full((n, 64), next(v for v in range(len(ids) + 1) if v not in ids), dtype=board.dtype)
        pad[:, :cells] = board
    out = np.empty((n, len(symbol_ids)), dtype=np.uint64)
    for j, s in enumerate(symbol_ids):
        out[:, j] = np.packbits((pad == s).reshape(-1), bitorder="little").view("<u8")
    return out


def unpack_mask(masks: np.ndarray, cells: int) -> np.ndarray:
    """(m,) uint64 masks -> (m, cells) bool, bit i -> column i."""
    b = np.ascontiguousarray(masks, dtype="<u8").view(np.uint8).reshape(-1, 8)
    return np.unpackbits(b, axis=1, bitorder="little")[:, :cells].astype(bool)


def _shifts(within: np.ndarray, shape: BoardShape) -> tuple:
    """What `_sides` needs for masks inside `within`: (one, cols, not_first_col,
    not_last_col), the last two None where no shift mask is needed. `_sides`' results
    are only ever used `&` a subset of `within`: bits past the last cell fall outside
    it, and when no mask has a cell in the last column (a padded board, as Piggy Farm's),
    a shift by one can wrap a row's end only into that empty column or out of it."""
    one, c = np.uint64(1), np.uint64(shape.cols)
    last_col = np.uint64(shape.full & ~shape.not_last_col)
    if within.size and not (np.bitwise_or.reduce(within, axis=None) & last_col):
        return one, c, None, None
    return one, c, np.uint64(shape.not_first_col), np.uint64(shape.not_last_col)


def _sides(x: np.ndarray, shifts: tuple) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The cells whose left, right, upper, lower neighbour is in x (see _shifts)."""
    one, c, nf, nl = shifts
    if nf is None:
        return x << one, x >> one, x << c, x >> c
    return (x << one) & nf, (x >> one) & nl, x << c, x >> c


def _spread(x: np.ndarray, shifts: tuple) -> np.ndarray:
    """x and its edge neighbours (see _shifts)."""
    left, right, up, down = _sides(x, shifts)
    return x | left | right | up | down


def _grow_batch(comp: np.ndarray, within: np.ndarray, shape: BoardShape, shifts=None) -> np.ndarray:
    """Vectorised `grow`: flood fill every (seed, within) pair until all are stable
    (`shifts`: _shifts of these or of wider masks)."""
    shifts = shifts or _shifts(within, shape)
    comp = comp.copy()
    active = np.arange(len(comp))
    cur, win = comp, within
    while len(active):
        for _ in range(2):   # two steps per convergence check
            cur = _spread(cur, shifts) & win
        nxt = _spread(cur, shifts) & win
        moving = nxt != cur
        comp[active] = nxt
        active, cur, win = active[moving], nxt[moving], win[moving]
    return comp


def find_clusters_batch(symbol_masks: np.ndarray, wild_masks: np.ndarray, shape: BoardShape,
                        min_size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every cluster of `min_size`+ cells on many boards at once.

    `symbol_masks` is (n, S) uint64 (paying symbols only), `wild_masks` is (n,) uint64.
    Returns (board index, symbol column, cluster mask, size), one entry per cluster,
    the same clusters `find_clusters` finds board by board, ordered by board, symbol
    column and lowest cell.
    """
    n, S = symbol_masks.shape
    w = symbol_masks | wild_masks[:, None]
    one = np.uint64(1)
    shifts = _shifts(w, shape)
    left, right, up, down = _sides(w, shifts)
    # cells that cannot be in a cluster are dropped before any flood fill (most
    # components are singletons and pairs)
    if min_size >= 3:
        # only cells of components of 3+ cells can be in a cluster: the cells with two or
        # more neighbours in `within` and their neighbours (as in lane_clusters)
        hubs = ((left & right) | (up & down) | ((left | right) & (up | down))) & w
        within = w & _spread(hubs, shifts)
        seeds = symbol_masks & within
    else:
        # a cell of a cluster of 2+ cells has an edge neighbour in `within`
        within = w
        seeds = symbol_masks & (left | right | up | down)
    ok = (seeds != 0) & (np.bitwise_count(within) >= min_size)
    pair = np.flatnonzero(ok)                 # board * S + symbol column
    seeds, win = seeds.reshape(-1)[pair], within.reshape(-1)[pair]
    out_p, out_m, out_n = [], [], []
    while len(pair):
        low = seeds & (~seeds + one)
        comp = _grow_batch(low, win, shape, shifts)
        size = np.bitwise_count(comp)
        big = size >= min_size
        if big.any():
            out_p.append(pair[big]); out_m.append(comp[big]); out_n.append(size[big])
        # the other components of the pair lie in what is left of `win` (components are
        # disjoint): a pair with fewer than min_size cells left has no more clusters
        seeds, win = seeds & ~comp, win & ~comp
        more = (seeds != 0) & (np.bitwise_count(win) >= min_size)
        pair, seeds, win = pair[more], seeds[more], win[more]
    if not out_p:
        e = np.zeros(0, dtype=np.int64)
        return e, e.copy(), np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.uint8)
    pi, mi, ni = (np.concatenate(x) for x in (out_p, out_m, out_n))
    if len(out_p) > 1:
        # a pair's clusters are disjoint: (pair, lowest cell) orders them all
        lowest = np.bitwise_count((mi & (~mi + one)) - one).astype(np.int64)
        order = np.argsort(pi * 64 + lowest, kind="stable")
        pi, mi, ni = pi[order], mi[order], ni[order]
    return pi // S, pi % S, mi, ni

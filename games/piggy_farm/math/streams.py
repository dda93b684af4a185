"""Random streams for rounds played in lockstep: each row's strip stops (and HOG
WILD's spawns) drawn from that row's own stream, in exactly the order the round
generator (rules.py) draws them, so the vectorised engine of sim.py plays the same
rounds as `play` (batch.py for books, search.py for forced searches).

A row's stream is a `BookStreams` row (cabinet/core/rng_batch.py: the streams of
`Rng.for_book(seed)`, or of a forced search's attempts, computed in arrays, no
Stream objects). A Stream's `integers(0, bounds)` with an array of bounds yields the
same values as the same scalar `below` calls in turn (all bounds < 2**32), and so
does BookStreams' `below_many`, so a row draws a spin's seven stops, or a round's
first spins, at once.
"""
from __future__ import annotations

import numpy as np

from cabinet.core.rng import weighted_indices
from cabinet.core.rng_batch import BookStreams

from .tables import PiggyMath


def first_stops(streams: BookStreams, lengths: np.ndarray) -> np.ndarray:
    """Every row's first board (rules.drop: one `below(length)` per reel, in order): (n, reels)."""
    n = len(streams)
    return streams.below_many(np.arange(n), lengths, np.full(n, len(lengths)))


class StopStream:
    """FREE SPINS / GROWING SEASON: each row's stops, drawn `first` spins at once and
    `more` spins at a time past that (retriggers), in spin order. `streams`: a
    BookStreams, row i playing round i."""

    def __init__(self, streams: BookStreams, lengths: np.ndarray,
                 first: int, more: int):
        self.st, self.lengths, self.more = streams, lengths, more
        n, cols = len(self.st), len(lengths)
        self.buf = self.st.below_many(np.arange(n), np.tile(lengths, first), np.full(n, first * cols))
        self.buf = self.buf.reshape(n, first, cols)
        self.have = np.full(n, first)
        self.pos = 0           # rounds advance in lockstep: every playing row is at the same spin

    def __call__(self, rows: np.ndarray) -> tuple[np.ndarray, None]:
        p = self.pos
        need = rows[self.have[rows] <= p]
        if len(need):
            if p >= self.buf.shape[1]:
                grow = np.zeros((self.buf.shape[0], self.more, self.buf.shape[2]), dtype=np.int64)
                self.buf = np.concatenate([self.buf, grow], axis=1)
            cols = self.buf.shape[2]
            h = p                              # a row alive at spin p has drawn exactly p spins' stops
            drawn = self.st.below_many(need, np.tile(self.lengths, self.more), np.full(len(need), self.more * cols))
            self.buf[need, h:h + self.more] = drawn.reshape(len(need), self.more, cols)
            self.have[need] = h + self.more
        self.pos = p + 1
        return self.buf[rows, p], None


class HogWildStream:
    """HOG WILD: per spin the stops, the spawn count, then the spawned cells, drawn from
    each row's stream in exactly play's order (rules.spawn_wilds)."""

    def __init__(self, pm: PiggyMath, streams: BookStreams, strips: str):
        self.pm, self.st = pm, streams
        self.ss = pm.strip_sets[strips]
        weights = pm.mode("hog_wild")["spawn_weights"]
        self.counts = np.array([int(k) for k in weights], dtype=np.int64)
        self.cum = np.cumsum([int(v) for v in weights.values()])
        self.head = np.concatenate([self.ss.lengths, [int(self.cum[-1])]]).astype(np.int64)   # 7 stops + count

    def __call__(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        pm, ss, st = self.pm, self.ss, self.st
        cols, cells = ss.cols, pm.shape.cells
        head = st.below_many(rows, self.head, np.full(len(rows), cols + 1))
        tops = head[:, :cols]
        k = self.counts[weighted_indices(self.cum, head[:, cols])]
        flat = ss.window(tops, pm.shape.rows).reshape(len(rows), cells)
        free = (flat != pm.wild) & (flat != pm.scatter)
        nfree = free.sum(axis=1)
        k = np.minimum(k, nfree)
        most = int(k.max()) if len(k) else 0
        picks = np.zeros((len(rows), max(most, 1)), dtype=np.int64)
        for j in range(most):                       # free.pop(below(len(free))), the list shrinking
            sel = np.flatnonzero(k > j)
            picks[sel, j] = st.below(rows[sel], nfree[sel] - j)
        # spawn_wilds pops cells from the list of free cells (row-major): pick j is an
        # index among the cells not yet taken; turn it into a rank among all free cells
        rank = picks.copy()
        for j in range(1, most):
            for prev in np.sort(rank[:, :j], axis=1).T:        # earlier ranks, ascending
                rank[:, j] += rank[:, j] >= prev
        order = np.cumsum(free, axis=1) - 1                    # rank of each free cell
        spawned = np.zeros((len(rows), cells), dtype=bool)
        for j in range(most):
            spawned |= free & (order == rank[:, j, None]) & (j < k)[:, None]
        return tops, spawned

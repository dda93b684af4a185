"""Random streams for rounds played in lockstep: each row's strip stops (and HOG
WILD's spawns) drawn from that row's own generator, in exactly the order the round
generator (rules.py) draws them, so the vectorised engine of sim.py plays the same
rounds as `play` (batch.py for books, rules.py for forced searches).

numpy's `integers(0, bounds)` with an array of bounds yields the same values as the
same scalar `below` calls in turn (all bounds < 2**32), so a row draws many stops in
one call.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from cabinet.core.rng import Rng, weighted_indices

from .tables import PiggyMath


def generators(seeds: Sequence[int]) -> list[np.random.Generator]:
    return [Rng.for_book(s).gen for s in seeds]


U32 = np.uint64(0xFFFFFFFF)


def fresh_stops(gens: list[np.random.Generator], lengths: np.ndarray) -> np.ndarray:
    """(n, reels) stops: what `g.integers(0, lengths)` gives as the FIRST draw of each
    fresh generator (a forced search's attempt, cabinet/core/forcing.py), for many
    generators at a time; the generators are left past it and not drawn from again.

    numpy draws each bound below 2**32 with Lemire's method on 32-bit words, and a
    fresh generator's words are its 64-bit outputs split low half first: so one
    `random_raw` call per generator and the multiplies done for all at once give the
    same stops (a test holds it against numpy). A word Lemire rejects (odds about
    bound / 2**32) sends its row through `_lemire_row`, the same steps one by one."""
    n, reels = len(gens), len(lengths)
    if not (2 <= int(lengths.min()) and int(lengths.max()) <= 2**32 - 1):
        raise ValueError("fresh_stops needs bounds from 2 to 2**32 - 1")
    words = (reels + 1) // 2
    raw = np.array([g.bit_generator.random_raw(words) for g in gens], dtype=np.uint64).reshape(n, words)
    u32 = np.empty((n, 2 * words), dtype=np.uint64)
    u32[:, 0::2], u32[:, 1::2] = raw & U32, raw >> np.uint64(32)
    excl = lengths.astype(np.uint64)
    m = u32[:, :reels] * excl
    out = (m >> np.uint64(32)).astype(np.int64)
    rejected = np.flatnonzero(((m & U32) < (U32 - (excl - np.uint64(1))) % excl).any(axis=1))
    for r in rejected.tolist():
        out[r] = _lemire_row(gens[r], u32[r].tolist(), lengths.tolist())
    return out


def _lemire_row(gen: np.random.Generator, u32: list[int], lengths: list[int]) -> list[int]:
    """One row of fresh_stops step by step: numpy's bounded 32-bit draw per bound,
    redrawing a rejected word from the 32-bit words that follow (`u32`, then more of
    the generator's outputs)."""
    out, pos = [], 0
    for n in lengths:
        threshold = (0xFFFFFFFF - (n - 1)) % n
        while True:
            if pos == len(u32):
                w = int(gen.bit_generator.random_raw())
                u32 += [w & 0xFFFFFFFF, w >> 32]
            m = u32[pos] * n
            pos += 1
            if m & 0xFFFFFFFF >= threshold:
                break
        out.append(m >> 32)
    return out


class StopStream:
    """FREE SPINS / GROWING SEASON: each row's stops, drawn `first` spins at once and
    `more` spins at a time past that (retriggers), in spin order."""

    def __init__(self, gens: list[np.random.Generator], lengths: np.ndarray, first: int, more: int):
        self.gens, self.lengths, self.more = gens, lengths, more
        cols = len(lengths)
        bounds = np.tile(lengths, first)
        self.buf = np.array([g.integers(0, bounds) for g in gens], dtype=np.int64).reshape(len(gens), first, cols)
        self.have = np.full(len(gens), first)
        self.pos = 0           # rounds advance in lockstep: every playing row is at the same spin

    def __call__(self, rows: np.ndarray) -> tuple[np.ndarray, None]:
        p = self.pos
        need = rows[self.have[rows] <= p]
        if len(need):
            if p >= self.buf.shape[1]:
                grow = np.zeros((len(self.gens), self.more, self.buf.shape[2]), dtype=np.int64)
                self.buf = np.concatenate([self.buf, grow], axis=1)
            bounds = np.tile(self.lengths, self.more)
            for r in need.tolist():
                h = int(self.have[r])
                self.buf[r, h:h + self.more] = self.gens[r].integers(0, bounds).reshape(self.more, -1)
                self.have[r] = h + self.more
        self.pos = p + 1
        return self.buf[rows, p], None


class HogWildStream:
    """HOG WILD: per spin the stops, the spawn count, then the spawned cells, drawn from
    each row's generator in exactly play's order (rules.spawn_wilds)."""

    def __init__(self, pm: PiggyMath, gens: list[np.random.Generator], strips: str):
        self.pm, self.gens = pm, gens
        self.ss = pm.strip_sets[strips]
        weights = pm.mode("hog_wild")["spawn_weights"]
        self.counts = np.array([int(k) for k in weights], dtype=np.int64)
        self.cum = np.cumsum([int(v) for v in weights.values()])
        self.head = np.concatenate([self.ss.lengths, [int(self.cum[-1])]]).astype(np.int64)   # 7 stops + count
        first = np.array([g.integers(0, self.head) for g in gens], dtype=np.int64)
        self.next = first            # (n, cols + 1): the next spin's stops and raw count draw

    def __call__(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        pm, ss = self.pm, self.ss
        cols, cells = ss.cols, pm.shape.cells
        head = self.next[rows]
        tops = head[:, :cols]
        k = self.counts[weighted_indices(self.cum, head[:, cols])]
        flat = ss.window(tops, pm.shape.rows).reshape(len(rows), cells)
        free = (flat != pm.wild) & (flat != pm.scatter)
        nfree = free.sum(axis=1)
        k = np.minimum(k, nfree)
        picks = np.zeros((len(rows), 3), dtype=np.int64)
        gens = self.gens
        for kk in np.unique(k).tolist():
            sel = np.nonzero(k == kk)[0]
            # this spin's kk cell draws (below(F), below(F-1), ...), then the next spin's head
            bounds = np.empty((len(sel), kk + cols + 1), dtype=np.int64)
            bounds[:, :kk] = nfree[sel, None] - np.arange(kk)[None, :]
            bounds[:, kk:] = self.head
            drawn = np.array([gens[r].integers(0, b) for r, b in zip(rows[sel].tolist(), bounds)],
                             dtype=np.int64).reshape(len(sel), -1)
            self.next[rows[sel]] = drawn[:, kk:]
            picks[sel, :kk] = drawn[:, :kk]
        # spawn_wilds pops cells from the list of free cells (row-major): pick j is an
        # index among the cells not yet taken; turn it into a rank among all free cells
        rank = picks.copy()
        for j in range(1, 3):
            for prev in np.sort(rank[:, :j], axis=1).T:        # earlier ranks, ascending
                rank[:, j] += rank[:, j] >= prev
        order = np.cumsum(free, axis=1) - 1                    # rank of each free cell
        spawned = np.zeros((len(rows), cells), dtype=bool)
        for j in range(3):
            spawned |= free & (order == rank[:, j, None]) & (j < k)[:, None]
        return tops, spawned



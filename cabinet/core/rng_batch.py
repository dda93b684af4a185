"""Many books' random streams at once: `BookStreams(seeds)` draws exactly what
`Rng.for_book(seed)` draws, for every seed, in numpy arrays.

A book's stream is `Rng.for_book(seed)`'s `Stream` (rng_stream.py: numpy's
SeedSequence and PCG64DXSM bit generator, with the project's integer mapping); a
batch book generator (a game's `play_batch`) must give, per seed, what `play` gives
from that stream. Creating one Stream per book costs about 7 us (SeedSequence's
hashing), more than a whole base round in a vectorised engine, so this module
computes the same streams without a Stream each:

- SeedSequence(seed): the pool mixing and `generate_state(4, uint64)` of numpy's
  bit_generator.pyx, in uint32 arithmetic (held in uint64 and masked); a seed below
  2**32 is one entropy word, which mixes exactly like two words with a zero high
  word, so every seed takes the same path;
- PCG64DXSM: seeding with two steps of the 128-bit LCG (default multiplier), each
  64-bit output the DXSM hash of the state before the step, the step itself with
  the cheap 64-bit multiplier; 128-bit products from 32-bit halves;
- `Stream.below(n)` for 1 <= n <= 2**32: the 32-bit Lemire method with rejection on
  `next_uint32` (the low half of a 64-bit output, then its high half); n == 1 draws
  nothing. Larger bounds are refused (a book round never uses them).

Every row keeps its own position: `below(rows, n)` advances only the given rows, so
a batch generator calls it in exactly the order `play` calls `Rng.below` & co for
each book, and gets the same numbers. tests/core/test_rng_batch.py compares it
with `Rng.for_book` on thousands of seeds and bounds (and tests/core/test_rng_stream.py
that with numpy's own Generator).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from .rng import weighted_indices

_U64 = np.uint64
_M32 = _U64(0xFFFFFFFF)
_S32 = _U64(32)
# SeedSequence (numpy/random/bit_generator.pyx)
_INIT_A, _MULT_A, _INIT_B, _MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715
# PCG64 (numpy/random/src/pcg64/pcg64.h)
_MULT_HI, _MULT_LO = 2549297995355413924, 4865540595714422341
_CHEAP = 0xDA942042E4DD58B5


def _mulhi(a: np.ndarray, b: np.ndarray | int) -> np.ndarray:
    """High 64 bits of the 128-bit product of uint64 arrays (32-bit halves)."""
    b = np.asarray(b, dtype=_U64)
    a0, a1 = a & _M32, a >> _S32
    b0, b1 = b & _M32, b >> _S32
    w0 = a0 * b0
    t = a1 * b0 + (w0 >> _S32)
    w1 = (t & _M32) + a0 * b1
    return a1 * b1 + (t >> _S32) + (w1 >> _S32)


class _Hash32:
    """SeedSequence's running hash constant, one value for every row (it never depends
    on the data, so it is a plain Python integer)."""

    def __init__(self, init: int, mult: int):
        self.value, self.mult = init, mult

    def mix(self, v: np.ndarray) -> np.ndarray:
        v = v ^ _U64(self.value)
        self.value = (self.value * self.mult) & 0xFFFFFFFF
        v = (v * _U64(self.value)) & _M32
        return v ^ (v >> _U64(16))


def _mix(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    r = np.bitwise_and(np.subtract(x * _U64(_MIX_L), y * _U64(_MIX_R), dtype=_U64), _M32)
    return r ^ (r >> _U64(16))


def seed_words(seeds: np.ndarray, spawn: np.ndarray | None = None) -> np.ndarray:
    """`SeedSequence(seed).generate_state(4, np.uint64)` for every seed: (n, 4) uint64;
    with `spawn` (one integer below 2**32 per seed), of `SeedSequence(seed,
    spawn_key=(spawn[i],))`: the spawn key is one more entropy word after the pool's
    four (the seed's two words padded with zeros), mixed into every pool word."""
    s = np.asarray(seeds, dtype=_U64)
    h = _Hash32(_INIT_A, _MULT_A)
    pool = [h.mix(s & _M32), h.mix(s >> _S32), h.mix(np.zeros_like(s)), h.mix(np.zeros_like(s))]
    for src in range(4):
        for dst in range(4):
            if src != dst:
                pool[dst] = _mix(pool[dst], h.mix(pool[src]))
    if spawn is not None:
        k = np.broadcast_to(np.asarray(spawn, dtype=_U64), s.shape)
        if (k > _M32).any():
            raise ValueError("seed_words: a spawn key must be below 2**32")
        for dst in range(4):
            pool[dst] = _mix(pool[dst], h.mix(k))
    g = _Hash32(_INIT_B, _MULT_B)
    out32 = [g.mix(pool[i % 4]) for i in range(8)]
    return np.stack([out32[2 * k] | (out32[2 * k + 1] << _S32) for k in range(4)], axis=1)


def _add128(hi: np.ndarray, lo: np.ndarray, bhi: np.ndarray, blo: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    s = lo + blo
    return hi + bhi + (s < blo).astype(_U64), s


def _default_step(hi, lo, inc_hi, inc_lo):
    """state * PCG_DEFAULT_MULTIPLIER_128 + inc (mod 2**128)."""
    nhi = _mulhi(lo, _MULT_LO) + hi * _U64(_MULT_LO) + lo * _U64(_MULT_HI)
    return _add128(nhi, lo * _U64(_MULT_LO), inc_hi, inc_lo)


def _mul128(xhi, xlo, yhi, ylo) -> tuple[np.ndarray, np.ndarray]:
    """x * y mod 2**128 of 128-bit numbers held as uint64 (hi, lo) arrays."""
    return _mulhi(xlo, ylo) + xlo * yhi + xhi * ylo, xlo * ylo


_JUMPS: dict[int, tuple[np.ndarray, ...]] = {}


def _jumps(t: int) -> tuple[np.ndarray, ...]:
    """(A_hi, A_lo, C_hi, C_lo) for j = 0..t-1: j steps of the cheap-multiplier LCG
    take a state s to A_j * s + C_j * inc (A_j = M**j, C_j = 1 + M + ... + M**(j-1))."""
    if t not in _JUMPS:
        mask, a, c = (1 << 128) - 1, 1, 0
        rows = []
        for _ in range(t):
            rows.append((a >> 64, a & 0xFFFFFFFFFFFFFFFF, c >> 64, c & 0xFFFFFFFFFFFFFFFF))
            a, c = (a * _CHEAP) & mask, (c * _CHEAP + 1) & mask
        _JUMPS[t] = tuple(np.array(col, dtype=_U64)[None, :] for col in zip(*rows))
    return _JUMPS[t]


class BookStreams:
    """The streams of `Rng.for_book(seed)` for many seeds; row i is seeds[i].

    Every row holds a buffer of its next 32-bit words and a position in it; the
    buffers grow (for every row at once) when a row runs out, so a generator that
    goes on drawing for a few rows only takes them into a `subset` of their own."""

    GROW = 16         # 64-bit outputs added to every row's buffer when one runs out

    def __init__(self, seeds: Sequence[int] | np.ndarray, words: int = 8, spawn: np.ndarray | None = None):
        """Row i: the stream of `Rng.for_book(seeds[i])`, or with `spawn`, of
        `Rng(SeedSequence(seeds[i], spawn_key=(spawn[i],)))` (a forced search's
        attempt, cabinet/core/forcing.py)."""
        w = seed_words(np.asarray(seeds, dtype=_U64).reshape(-1), spawn)
        init_hi, init_lo, seq_hi, seq_lo = (w[:, k].copy() for k in range(4))
        # pcg_setseq_128_srandom_r: inc = initseq << 1 | 1; step; += initstate; step
        self.inc_hi = (seq_hi << _U64(1)) | (seq_lo >> _U64(63))
        self.inc_lo = (seq_lo << _U64(1)) | _U64(1)
        zero = np.zeros_like(init_hi)
        hi, lo = _default_step(zero, zero, self.inc_hi, self.inc_lo)
        hi, lo = _add128(hi, lo, init_hi, init_lo)
        self.hi, self.lo = _default_step(hi, lo, self.inc_hi, self.inc_lo)
        n = len(self.hi)
        self.buf = np.zeros((n, 0), dtype=_U64)       # 32-bit words, in draw order
        self.pos = np.zeros(n, dtype=np.int64)
        if words:
            self._extend(words)

    def __len__(self) -> int:
        return len(self.pos)

    def subset(self, rows: np.ndarray) -> "BookStreams":
        """The streams of `rows` as they stand, as a BookStreams of their own (row i of
        it is rows[i] here); `rows` must not be drawn from here again."""
        rows = np.asarray(rows, dtype=np.intp)
        sub = BookStreams.__new__(BookStreams)
        sub.hi, sub.lo, sub.inc_hi, sub.inc_lo = self.hi[rows], self.lo[rows], self.inc_hi[rows], self.inc_lo[rows]
        used = int(self.pos[rows].min()) if len(rows) else 0
        sub.buf = self.buf[rows, used:]
        sub.pos = self.pos[rows] - used
        return sub

    # -- raw words -----------------------------------------------------------------
    def _extend(self, words: int) -> None:
        """Append `words` 64-bit outputs (2 * words 32-bit words) to every row,
        dropping what every row has used. The states before each output are
        A_t * state + C_t * inc (the LCG jumped t steps, `_jumps`), so all `words`
        outputs of every row come from a few array operations."""
        a_hi, a_lo, c_hi, c_lo = _jumps(words + 1)
        hi, lo, ihi, ilo = (x[:, None] for x in (self.hi, self.lo, self.inc_hi, self.inc_lo))
        s_hi, s_lo = _add128(*_mul128(hi, lo, a_hi, a_lo), *_mul128(ihi, ilo, c_hi, c_lo))
        out = s_hi[:, :words] ^ (s_hi[:, :words] >> _S32)      # pcg_cm_random_r: DXSM of the state
        out = out * _U64(_CHEAP)
        out = out ^ (out >> _U64(48))
        out = out * (s_lo[:, :words] | _U64(1))
        self.hi, self.lo = s_hi[:, words].copy(), s_lo[:, words].copy()
        used = int(self.pos.min()) if len(self.pos) else 0
        keep = self.buf.shape[1] - used
        buf = np.empty((len(self.pos), keep + 2 * words), dtype=_U64)
        buf[:, :keep] = self.buf[:, used:]
        buf[:, keep::2] = out & _M32                               # next_uint32: low half first
        buf[:, keep + 1::2] = out >> _S32
        self.buf = buf
        self.pos -= used

    def _take(self, rows: np.ndarray) -> np.ndarray:
        """The next 32-bit word of each row, consumed."""
        p = self.pos[rows]
        if int(p.max()) >= self.buf.shape[1]:
            self._extend(self.GROW)
            p = self.pos[rows]
        self.pos[rows] = p + 1
        return self.buf[rows, p]

    # -- Stream.below(n), i.e. numpy's Generator.integers(0, n) ---------------------------
    def below(self, rows: np.ndarray, n: np.ndarray | int) -> np.ndarray:
        """One uniform integer in [0, n) per row (n per row or one for all), exactly
        `Rng.below(n)` on each row's stream. Rows with n == 1 draw nothing."""
        rows = np.asarray(rows, dtype=np.intp)
        if not len(rows):
            return np.zeros(0, dtype=np.int64)
        if np.ndim(n) == 0 and 1 < int(n) < 2**32:             # one bound: the common case
            one = int(n)
            m = self._take(rows) * _U64(one)
            out = (m >> _S32).astype(np.int64)
            limit = (2**32 - one) % one
            if limit:
                bad = np.flatnonzero((m & _M32) < _U64(limit))
                while len(bad):                                  # numpy rejects and draws again
                    m2 = self._take(rows[bad]) * _U64(one)
                    out[bad] = (m2 >> _S32).astype(np.int64)
                    bad = bad[(m2 & _M32) < _U64(limit)]
            return out
        bound = np.broadcast_to(np.asarray(n, dtype=np.int64), rows.shape)
        if (bound < 1).any() or (bound > 2**32).any():
            raise ValueError("BookStreams.below needs 1 <= n <= 2**32")
        out = np.zeros(len(rows), dtype=np.int64)
        todo = np.flatnonzero(bound > 1)
        if len(todo) == 0:
            return out
        b = bound[todo].astype(_U64)
        u = self._take(rows[todo])
        full = b == _U64(2**32)
        safe = np.where(full, _U64(1), b)
        m = u * safe
        res = np.where(full, u, m >> _S32)
        # numpy: if leftover < n, reject while leftover < (2**32 - n) % n
        thr = np.where(full, _U64(0), (_U64(2**32) - b) % safe)
        bad = np.flatnonzero((m & _M32) < thr)
        while len(bad):
            m2 = self._take(rows[todo[bad]]) * b[bad]
            res[bad] = m2 >> _S32
            bad = bad[(m2 & _M32) < thr[bad]]
        out[todo] = res.astype(np.int64)
        return out

    def below_many(self, rows: np.ndarray, n: np.ndarray | int | Sequence[int], count: np.ndarray) -> np.ndarray:
        """`count[i]` draws in a row for row rows[i]: draw j is below(n[j]) (`n` one
        bound, or one per column; 2 <= n <= 2**32 - 1), as `count[i]` calls of
        `Rng.below` or one `integers(0, n, size=count[i])` would draw them. Returns
        (len(rows), max count), 0 past each row's count.

        One gather takes every row's words; a row where a word would be rejected (about
        1 in 10**7 words for small bounds) is redrawn draw by draw."""
        rows = np.asarray(rows, dtype=np.intp)
        count = np.asarray(count, dtype=np.int64)
        width = int(count.max()) if len(count) else 0
        if width == 0:
            return np.zeros((len(rows), 0), dtype=np.int64)
        bound = np.broadcast_to(np.asarray(n, dtype=_U64), (width,))
        if (bound < 2).any() or (bound >= _U64(2**32)).any():
            raise ValueError("BookStreams.below_many needs 2 <= n < 2**32")
        while int((self.pos[rows] + count).max()) > self.buf.shape[1]:
            self._extend(max(self.GROW, width))
        p = self.pos[rows]
        cols = np.arange(width)
        u = self.buf[rows[:, None], np.minimum(p[:, None] + cols, self.buf.shape[1] - 1)]
        m = u * bound
        valid = cols < count[:, None]
        bad = valid & ((m & _M32) < (_U64(2**32) - bound) % bound)
        out = np.where(valid, (m >> _S32).astype(np.int64), 0)
        redo = np.flatnonzero(bad.any(axis=1))
        self.pos[rows] = p + np.where(bad.any(axis=1), 0, count)    # a row to redo has used nothing
        for i in redo.tolist():
            one = rows[i:i + 1]
            out[i, :count[i]] = [int(self.below(one, int(bound[j]))[0]) for j in range(int(count[i]))]
        return out

    def chance(self, rows: np.ndarray, num: np.ndarray | int, den: np.ndarray | int) -> np.ndarray:
        """`Rng.chance(num, den)` per row: below(den) < num."""
        return self.below(rows, den) < np.asarray(num)

    def weighted_cum(self, rows: np.ndarray, cum: np.ndarray) -> np.ndarray:
        """`Rng.weighted_cum(cum)` per row (one table for every row)."""
        return weighted_indices(cum, self.below(rows, int(cum[-1])))

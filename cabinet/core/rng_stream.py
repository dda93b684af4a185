"""A book's random stream, defined by the project: the raw 64-bit outputs of numpy's
PCG64DXSM bit generator, mapped to integers and floats by the code below.

Why: a book stores a seed, and `Library.round` replays the book's round by running
the rules on the stream of that seed. numpy promises to keep the raw streams of its
bit generators (and SeedSequence's seeding) from release to release, but not the
output of `Generator`'s methods (`integers`, `random`, ...), which may change in any
release. So the rounds draw through this module's mappings instead of `Generator`:
a later numpy can only change a book's round by changing SeedSequence or PCG64DXSM,
which its policy excludes. The mappings are, bit for bit, what numpy 2.x's
`Generator` gives for the same calls today (tests/core/test_rng_stream.py compares
them draw for draw; tests/test_book_replay.py replays shipped books against digests
recorded with numpy's Generator), so the libraries built before did not change.
docs/random.md is the reference.

The stream (`Stream(seed)`):

- seeding: `np.random.SeedSequence(seed)` (a seed, a SeedSequence with its spawn
  key, or None for OS entropy) seeds `np.random.PCG64DXSM`; numpy's stable part;
- `next_uint64`: one raw output, `PCG64DXSM.random_raw()`;
- `next_uint32`: the stream keeps one 32-bit word back. With none kept, it takes a
  64-bit output, returns its low 32 bits and keeps its high 32 bits; with one kept,
  it returns that one. A 64-bit draw neither uses nor clears the kept word (as
  numpy's PCG64 does with its `has_uint32` / `uinteger` state);
- `below(n)`, a uniform integer in [0, n) for 1 <= n <= 2**64 (Lemire's method with
  rejection, as numpy's `random_bounded_uint64`):
  - n == 1: 0, and nothing is drawn;
  - 2 <= n <= 2**32: m = next_uint32 * n; while (m mod 2**32) < (2**32 - n) mod n,
    m = next_uint32 * n again; the draw is m >> 32 (for n == 2**32 that is the word
    itself);
  - 2**32 < n < 2**64: the same on next_uint64 with 2**64 in place of 2**32;
  - n == 2**64: next_uint64 itself;
- `integers(low, high=None, size=None)`: numpy's signature (int64 results, `high`
  excluded; `integers(n)` is integers(0, n)); each element is low + below(high -
  low), elements in C order of the result, whose shape is `size` or else the
  broadcast shape of low and high (array-valued bounds broadcast as numpy does);
- `random(size=None)`: (next_uint64 >> 11) * 2**-53, one output per float, C order.

A scalar draw returns a Python int or float (so events hold plain numbers); `size=`
or array bounds give int64 / float64 arrays. An array of VECTOR_FROM elements or more
with every bound at most 2**32 takes all its 32-bit words from one `random_raw(k)`
call and scales them in numpy; when one of those words would be rejected (about n /
2**32 of words) it steps back (`PCG64DXSM.advance(-k)`) and draws element by element,
so the result and the stream's position are always those of the element-by-element
rule (smaller arrays are drawn element by element, which is faster for them).

The stream is never ahead of its position: the bit generator's state plus the kept
word are the whole state, read and set as numpy's state dict (`Stream.state`), so
a stream can be handed to numpy's `Generator` and back (the tests do).
"""
from __future__ import annotations

import sys
from math import prod
from operator import index
from typing import Any

import numpy as np

__all__ = ["Stream"]

_M32 = 0xFFFFFFFF
_M64 = 0xFFFFFFFFFFFFFFFF
_U64 = np.uint64
_LOW, _HALF, _ONE, _WORD = _U64(_M32), _U64(32), _U64(1), _U64(2**32)
_LITTLE = sys.byteorder == "little"
_INT64_MIN, _INT64_MAX = -2**63, 2**63 - 1
_TO_UNIT = 2.0**-53          # (next_uint64 >> 11) * 2**-53: 53 random bits in [0, 1)

SeedLike = int | np.random.SeedSequence | None
_SCALARS = (int, np.integer)
# From this many elements an array draw computes in numpy arrays; below it, element by
# element in Python ints (faster for small arrays); both give the same numbers.
VECTOR_FROM = 24
# Below this many, a draw of `size` values between two int bounds (the mini-reel
# landings) takes its words from one `random_raw` call and scales them in Python ints.
LIST_BELOW = 48


class Stream:
    """A book's random stream (see the module docstring): numpy's SeedSequence and
    PCG64DXSM bit generator, with the project's integer and float mappings; the subset
    of numpy's `Generator` the rounds use (`integers`, `random`), plus `below`."""

    __slots__ = ("_bg", "_raw", "_has32", "_u32")

    def __init__(self, seed: SeedLike = None):
        ss = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        self._bg = np.random.PCG64DXSM(ss)
        self._raw = self._bg.random_raw          # () -> int: one 64-bit output; (k) -> uint64 array
        self._has32 = False                      # a 32-bit word is kept back (the high half of an output)
        self._u32 = 0

    # -- state ---------------------------------------------------------------------------
    @property
    def state(self) -> dict[str, Any]:
        """numpy's state dict of `PCG64DXSM` at this stream's position (the kept word
        as has_uint32 / uinteger): set it as a numpy bit generator's state and numpy's
        Generator draws on exactly as this stream would, and the other way round."""
        st: dict[str, Any] = dict(self._bg.state)
        st["has_uint32"], st["uinteger"] = int(self._has32), self._u32 if self._has32 else 0
        return st

    @state.setter
    def state(self, value: dict[str, Any]) -> None:
        if value.get("bit_generator") != "PCG64DXSM":
            raise ValueError(f"a Stream's state is PCG64DXSM's, not {value.get('bit_generator')!r}")
        has, word = bool(value.get("has_uint32", 0)), int(value.get("uinteger", 0))
        if not 0 <= word <= _M32:
            raise ValueError("uinteger must be a 32-bit word")
        inner = value["state"]
        self._bg.state = {"bit_generator": "PCG64DXSM", "state": {"state": int(inner["state"]), "inc": int(inner["inc"])},
                          "has_uint32": 0, "uinteger": 0}
        self._has32, self._u32 = has, word if has else 0

    # -- raw words ---------------------------------------------------------------------
    def next_uint64(self) -> int:
        """One raw 64-bit output (the kept 32-bit word stays kept)."""
        return self._raw()

    def next_uint32(self) -> int:
        """The kept word if there is one, else the low half of a new output (its high
        half kept)."""
        if self._has32:
            self._has32 = False
            return self._u32
        x = self._raw()
        self._u32, self._has32 = x >> 32, True
        return x & _M32

    # -- integers ----------------------------------------------------------------------
    def below(self, n: int) -> int:
        """A uniform integer in [0, n), 1 <= n <= 2**64 (the module docstring's rule)."""
        n = index(n)
        if 1 < n <= 0x100000000:              # the 32-bit variant (the rounds' common case)
            if self._has32:
                self._has32 = False
                u = self._u32
            else:
                x = self._raw()
                u, self._u32, self._has32 = x & _M32, x >> 32, True
            m = u * n
            if (m & _M32) < n:                 # n bounds the threshold: only then compute it
                t = (0x100000000 - n) % n
                while (m & _M32) < t:
                    m = self.next_uint32() * n
            return m >> 32
        if n == 1:
            return 0                           # nothing drawn
        if n < 1 or n > 2**64:
            raise ValueError(f"below() needs 1 <= n <= 2**64, got {n}")
        if n == 2**64:
            return self._raw()
        m = self._raw() * n                    # the 64-bit variant
        if (m & _M64) < n:
            t = (2**64 - n) % n
            while (m & _M64) < t:
                m = self._raw() * n
        return m >> 64

    def integers(self, low: Any, high: Any = None, size: int | tuple[int, ...] | None = None) -> Any:
        """numpy's `Generator.integers(low, high, size)` (int64, high excluded): a
        Python int for scalar bounds without `size`, else an int64 array."""
        if high is None:
            low, high = 0, low
        if size.__class__ is int and low.__class__ is int and high.__class__ is int and size < LIST_BELOW:
            _check_bounds(low, high)                # a few draws between int bounds (hot in the rounds)
            if size < 0:
                raise ValueError(f"negative dimensions are not allowed: {(size,)}")
            got = self.below_list(high - low, size)
            return np.array([low + x for x in got] if low else got, dtype=np.int64)
        if size is None and _scalar(low) and _scalar(high):
            lo, hi = index(low), index(high)
            _check_bounds(lo, hi)
            return lo + self.below(hi - lo)
        lo_a, hi_a = _bound_array(low), _bound_array(high)
        if size is not None:
            shape = _shape(size)
        elif lo_a.shape == hi_a.shape or not lo_a.ndim:
            shape = hi_a.shape
        else:
            shape = lo_a.shape if not hi_a.ndim else np.broadcast_shapes(lo_a.shape, hi_a.shape)
        if prod(shape) >= VECTOR_FROM and lo_a.dtype != object and hi_a.dtype != object:
            out = self._integers_numpy(lo_a, hi_a, shape)
            if out is not None:
                return out
        return self._integers_python(lo_a, hi_a, shape)

    def _integers_numpy(self, lo_a: np.ndarray, hi_a: np.ndarray, shape: tuple[int, ...]) -> np.ndarray | None:
        """`integers` of int64 bounds in numpy arrays (large draws); None, having drawn
        nothing, when a range is above 2**32 or a word would be rejected."""
        his = _broadcast(hi_a, shape).ravel()
        if lo_a.ndim:
            los = _broadcast(lo_a, shape).ravel()
            if (his <= los).any():
                raise ValueError("low >= high")
            rng = (his - 1).astype(_U64) - los.astype(_U64)      # numpy's inclusive ranges (the int64 span fits)
            if int(rng.max()) > _M32:
                return None
            got = self._below32_array(rng + _ONE, not rng.all())
            return None if got is None else (got + los).reshape(shape)
        lo, least, most = lo_a.item(), int(his.min()), int(his.max())
        if least <= lo:
            raise ValueError("low >= high")
        if most - lo > 0x100000000:
            return None
        n = his.astype(_U64)
        if lo:
            n -= _U64(lo & _M64)                                  # high - low (below 2**32 + 1), mod 2**64
        got = self._below32_array(n, least - lo == 1)
        if got is None:
            return None
        return (got + lo if lo else got).reshape(shape)

    def _integers_python(self, lo_a: np.ndarray, hi_a: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
        """`integers` of array bounds element by element in Python ints (small draws,
        and any bounds)."""
        highs = _flat(hi_a, shape)
        if not highs:
            return np.zeros(shape, dtype=np.int64)
        below = self.below
        if not lo_a.ndim:
            lo = lo_a.item()
            _check_bounds(lo, min(highs))
            _check_bounds(lo, max(highs))
            got = [lo + below(h - lo) for h in highs] if lo else [below(h) for h in highs]
        else:
            lows = _flat(lo_a, shape)
            for low, h in zip(lows, highs):
                _check_bounds(low, h)
            got = [low + below(h - low) for low, h in zip(lows, highs)]
        return np.array(got, dtype=np.int64).reshape(shape)

    def _below32_array(self, n: np.ndarray, ones: bool) -> np.ndarray | None:
        """below(n[i]) for each i in order (uint64, 1 <= n <= 2**32; `ones`: some n is
        1) as int64, or None with the stream where it was when a word would be
        rejected."""
        drawing = np.flatnonzero(n > _ONE) if ones else None         # n == 1 draws nothing
        b = n if drawing is None else n[drawing]
        count = len(b)
        if not count:
            return np.zeros(len(n), dtype=np.int64)
        have = int(self._has32)                                      # the kept word comes first
        k = (count - have + 1) // 2                                   # outputs for the other words
        if have:
            words = np.empty(1 + 2 * k, dtype=np.uint32)
            words[0] = self._u32
            if k:
                words[1:] = _halves(self._raw(k))
        else:
            words = _halves(self._raw(k))
        m = words[:count] * b
        left = m & _LOW
        if (left < b).any():                                          # numpy's cheap bound on the threshold
            near = left < b
            if (left[near] < (_WORD - b[near]) % b[near]).any():
                if k:
                    self._bg.advance(-k)
                return None
        self._keep(words, count)
        got = (m >> _HALF).view(np.int64)                             # below 2**32: the same bits
        if drawing is None:
            return got
        out = np.zeros(len(n), dtype=np.int64)
        out[drawing] = got
        return out

    def below_list(self, n: int, count: int) -> list[int]:
        """`count` draws of below(n), as a list: the numbers `integers(0, n, size=count)`
        gives (the mini-reel landings: one draw per open cell)."""
        if count >= LIST_BELOW:
            return self.integers(0, n, size=count).tolist()
        if count < 0 or n < 1:
            raise ValueError(f"below_list() needs n >= 1 and count >= 0, got n={n}, count={count}")
        got = self._below32_list(n, count) if 1 < n <= 0x100000000 and count else None
        if got is None:
            below = self.below
            got = [below(n) for _ in range(count)]
        return got

    def _below32_list(self, n: int, count: int) -> list[int] | None:
        """below(n) `count` times (1 < n <= 2**32) as `_below32_array` draws them, in
        Python ints (few draws: no numpy arithmetic), or None with the stream where it
        was when a word would be rejected."""
        have = int(self._has32)
        k = (count - have + 1) // 2                                   # outputs for the other words
        words = [self._u32] if have else []
        if k:
            for x in self._raw(k).tolist():
                words += (x & _M32, x >> 32)                          # next_uint32's order: low half first
        got = []
        for u in words[:count]:
            m = u * n
            if (m & _M32) < n and (m & _M32) < (0x100000000 - n) % n:
                if k:
                    self._bg.advance(-k)
                return None
            got.append(m >> 32)
        self._keep(words, count)
        return got

    def _keep(self, words: Any, used: int) -> None:
        """After `used` of `words`: the one left over (an output's high half) is kept."""
        if len(words) > used:
            self._has32, self._u32 = True, int(words[used])
        else:
            self._has32, self._u32 = False, 0

    # -- floats --------------------------------------------------------------------------
    def random(self, size: int | tuple[int, ...] | None = None) -> Any:
        """numpy's `Generator.random(size)`: (next_uint64 >> 11) * 2**-53, a float, or a
        float64 array of shape `size`."""
        if size is None:
            return (self._raw() >> 11) * _TO_UNIT
        shape = _shape(size)
        count = prod(shape)
        raw = self._raw(count) if count else np.zeros(0, dtype=_U64)
        return ((raw >> _U64(11)).astype(np.float64) * _TO_UNIT).reshape(shape)


def _scalar(x: Any) -> bool:
    """A scalar bound, as numpy's `integers` takes it (a 0-d array too)."""
    return isinstance(x, _SCALARS) or isinstance(x, np.ndarray) and x.ndim == 0


def _shape(size: int | tuple[int, ...]) -> tuple[int, ...]:
    shape = (index(size),) if isinstance(size, (int, np.integer)) else tuple(index(s) for s in size)
    if any(s < 0 for s in shape):
        raise ValueError(f"negative dimensions are not allowed: {shape}")
    return shape


def _halves(raw: np.ndarray) -> np.ndarray:
    """The 32-bit words of 64-bit outputs in next_uint32's order: each output's low
    half, then its high half (a little-endian view, on any machine)."""
    return (raw if _LITTLE else raw.astype("<u8")).view("<u4")


def _bound_array(x: Any) -> np.ndarray:
    """An integer bound as an array: int64 (any narrower integer dtype cast), or
    object for Python ints beyond int64 (uint64 arrays too); TypeError otherwise."""
    a = x if isinstance(x, np.ndarray) else np.asarray(x)
    kind = a.dtype.kind
    if kind == "i" or kind == "u" and a.dtype.itemsize < 8:
        return a.astype(np.int64, copy=False)
    if kind in "fO" and not isinstance(x, np.ndarray):
        a = np.array(x, dtype=object)                   # a list holding ints beyond int64 (e.g. 2**63)
    elif kind not in "uO":
        raise TypeError(f"integers() takes integer bounds, got {a.dtype}")
    vals = a.ravel().tolist()
    if not all(isinstance(v, (int, np.integer)) for v in vals):
        raise TypeError("integers() takes integer bounds")
    out = np.empty(a.shape, dtype=object)
    out.ravel()[:] = [int(v) for v in vals]
    return out


def _broadcast(a: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """`a` broadcast to `shape` (a copy; ValueError if it does not broadcast)."""
    if a.shape == shape:
        return a
    out = np.empty(shape, dtype=a.dtype)
    out[...] = a
    return out


def _flat(a: np.ndarray, shape: tuple[int, ...]) -> list[int]:
    """The elements of `a` broadcast to `shape`, in C order, as Python ints."""
    if not a.ndim:
        return [a.item()] * prod(shape)
    return _broadcast(a, shape).ravel().tolist()


def _check_bounds(lo: int, hi: int) -> None:
    """numpy's int64 checks: low >= -2**63, high - 1 <= 2**63 - 1, low < high."""
    if lo < _INT64_MIN:
        raise ValueError("low is out of bounds for int64")
    if hi - 1 > _INT64_MAX:
        raise ValueError("high is out of bounds for int64")
    if lo >= hi:
        raise ValueError("low >= high")

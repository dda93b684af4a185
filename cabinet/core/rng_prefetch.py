"""Many books' `Rng`s at once, each exactly `Rng.for_book(seed)`: `book_rngs(seeds)`.

Seeding one book's stream (numpy's SeedSequence, then PCG64DXSM) costs about 7 us,
as much as a lines game's whole base round; a book generator that plays many books
one after another (verify, the review tools, the full-round engine of each game's
`math/many.py`) seeds them all in a few numpy operations instead
(`rng_batch.BookStreams`: SeedSequence and PCG64DXSM written over arrays) and takes
each book's first `words` 64-bit outputs from one array.

Each returned Rng holds a `BookStream` (a `Stream`, rng_stream.py: the same integer
and float mappings) whose bit generator is a `Prefetched`: it serves the stream's first
outputs from that array (one by one, or as an array of them), and from the first
draw past them (or `advance`, or a read of the state) hands over to a real
`PCG64DXSM` set to the very state the array left off at and moved to the stream's
position, and the stream draws from that one directly from then on. So every draw,
in any order and any number, is the one `Rng.for_book(seed)` gives, and the state
reads the same (tests/core/test_rng_prefetch.py compares them draw by draw, past the
prefetched words too).
"""
from __future__ import annotations

from typing import Any, Sequence
from weakref import ref

import numpy as np

from .rng import Rng
from .rng_batch import _S32, BookStreams
from .rng_stream import Stream

_U64 = np.uint64
_ANY_SEED = np.random.SeedSequence(0)       # a hand-over's generator is seeded, then its state is set


def seed_array(seeds: Sequence[int] | np.ndarray) -> np.ndarray:
    """Book seeds as a flat uint64 array; a negative or non-integer seed is refused
    (numpy would wrap it into another book's seed)."""
    given = np.asarray(seeds).reshape(-1)
    if not len(given):
        return np.zeros(0, dtype=_U64)
    if given.dtype.kind not in "iu":
        raise TypeError(f"book seeds are integers, not {given.dtype}")
    if given.dtype.kind == "i" and int(given.min()) < 0:
        raise ValueError("book seeds are 0 to 2**64 - 1")
    return given.astype(_U64)


def first_outputs(seeds: Sequence[int] | np.ndarray, words: int) -> tuple[np.ndarray, list[int], list[int]]:
    """(outputs uint64 (n, words), states, increments): the first `words` raw 64-bit
    outputs of each seed's PCG64DXSM (seeded as Rng.for_book seeds it), and each bit
    generator's 128-bit state after them and its increment, as Python ints."""
    bs = BookStreams(np.asarray(seeds, dtype=_U64).reshape(-1), words=words)     # (rng_batch: the arrays)
    out = bs.buf[:, 0::2] | (bs.buf[:, 1::2] << _S32)         # its 32-bit words, low half first
    states = [(h << 64) | lo_ for h, lo_ in zip(bs.hi.tolist(), bs.lo.tolist())]   # the state after them
    incs = [(h << 64) | lo_ for h, lo_ in zip(bs.inc_hi.tolist(), bs.inc_lo.tolist())]
    return out, states, incs


class Prefetched:
    """A PCG64DXSM bit generator (the part of numpy's interface a Stream uses:
    `random_raw`, `advance`, `state`) whose first outputs are given; past them, or for
    `advance` or the state, it hands over to a real PCG64DXSM at the same place."""

    __slots__ = ("words", "pos", "state_after", "inc", "real", "stream")

    def __init__(self, words: list[int], state_after: int, inc: int, stream: "ref[BookStream]"):
        self.words, self.pos = words, 0
        self.state_after, self.inc = state_after, inc    # the state once every given word is drawn
        self.real: np.random.PCG64DXSM | None = None
        self.stream = stream                               # a weak reference to the stream drawing from it

    def _hand_over(self) -> np.random.PCG64DXSM:
        """The real bit generator at the stream's position (made on first need)."""
        if self.real is None:
            bg = np.random.PCG64DXSM(_ANY_SEED)              # seeded cheaply, then set
            bg.state = {"bit_generator": "PCG64DXSM", "state": {"state": self.state_after, "inc": self.inc},
                        "has_uint32": 0, "uinteger": 0}
            back = len(self.words) - self.pos
            if back:
                bg.advance(-back)                      # mod 2**128: back to the stream's position
            self.real = bg
            stream = self.stream()
            if stream is not None:                        # from now on it draws from numpy directly
                stream._bg, stream._raw = bg, bg.random_raw
        return self.real

    def random_raw(self, size: int | None = None) -> Any:
        if self.real is None:
            pos = self.pos
            if size is None:
                if pos < len(self.words):
                    self.pos = pos + 1
                    return self.words[pos]
            elif size.__class__ is int and 0 <= size <= len(self.words) - pos:
                self.pos = pos + size          # an array of given words (numpy's uint64, as its own)
                return np.array(self.words[pos:pos + size], dtype=_U64)
        return self._hand_over().random_raw(size)

    def advance(self, delta: int) -> Any:
        return self._hand_over().advance(delta)

    @property
    def state(self) -> Any:
        return self._hand_over().state

    @state.setter
    def state(self, value: Any) -> None:
        self._hand_over().state = value


class BookStream(Stream):
    """A Stream (the same draws) that a Prefetched bit generator can hand over to
    numpy's by a weak reference (no reference cycle: a round's objects are freed as
    soon as it is dropped)."""

    __slots__ = ("__weakref__",)


def book_rngs(seeds: Sequence[int] | np.ndarray, words: int = 8) -> list[Rng]:
    """`Rng.for_book(seed)` for every seed (no hints: natural books), the first `words`
    outputs of each stream computed for all seeds at once (8 by default: a base round
    of the lines games and most of Piggy Farm's draw fewer; a longer round draws on
    from numpy)."""
    out, states, incs = first_outputs(seed_array(seeds), words)
    rows = out.tolist()
    rngs: list[Rng] = []
    new_stream, new_rng = Stream.__new__, Rng.__new__
    for w, state, inc in zip(rows, states, incs):
        st: Any = new_stream(BookStream)                   # a Stream on a Prefetched bit generator
        bg = Prefetched(w, state, inc, ref(st))
        st._bg, st._raw, st._has32, st._u32 = bg, bg.random_raw, False, 0
        rng = new_rng(Rng)
        rng.gen, rng.trace = st, None
        rngs.append(rng)
    return rngs


"""Forced searches that a book replays directly.

A round generator forcing a rare category (a full board, a jackpot, a max win)
searches: it tries attempts until one is in the category (`search`), or scores a
number of candidates and keeps the best (`best_of`). Re-running that search to
show a book costs as much as finding it did (seconds for the rarest books).

Here every attempt draws from its own sub-stream: the search takes one key from the
round's stream, and attempt k plays on `Rng(SeedSequence(key, spawn_key=(k,)))`.
What the round's stream holds after the search does not depend on which attempts
were tried, so the search's outcome is fixed by its key and the index of the attempt
it keeps. While the book builder plays a forced round, the stream records those
indices (`Rng.recording()`; one per search, in the order the searches start, nested
ones after their parent's); a book stores them as its *hints*, and `Rng.for_book(seed,
hints)` replays them: each search then plays only its kept attempt. A book without
hints regenerates the same round by searching again, so hints only save time; a hint
that does not lead to an accepted attempt raises `ReplayError`.

During an attempt the outer stream is locked: an attempt that draws from it (instead
of from its own sub-stream) would make the search unreplayable, so that raises at
once, in the builder and in tests, rather than giving a wrong book later.
"""
from __future__ import annotations

from typing import Callable, Protocol, TypeVar

import numpy as np

from .rng import ReplayError, Rng, Trace
from .rng_batch import BookStreams
from .rng_stream import Stream

__all__ = ["ForceFailed", "ReplayError", "attempt_generators", "attempt_streams", "best_of", "checked_index",
           "first_accepted", "first_index", "search", "substream"]

T = TypeVar("T")
C = TypeVar("C")


class ForceFailed(RuntimeError):
    """A forced search found no attempt in its category within its limit."""


class _Locked:
    """Stands in for the outer stream's `Stream` (`Rng.gen`) while an attempt runs."""

    def __getattr__(self, name: str):
        raise RuntimeError("a forced search's attempt drew from the outer stream; "
                           "draw from the attempt's own Rng")


_LOCKED = _Locked()


def substream(key: int, k: int) -> Rng:
    """Attempt k of the search keyed `key`."""
    return Rng(np.random.SeedSequence(key, spawn_key=(k,)))


def _sub(key: int, k: int, trace: Trace | None) -> Rng:
    sub = substream(key, k)
    sub.trace = trace
    return sub


def _run(rng: Rng, fn: Callable[[Rng], T], sub: Rng) -> T:
    gen = rng.gen
    rng.gen = _LOCKED      # type: ignore[assignment]
    try:
        return fn(sub)
    finally:
        rng.gen = gen


def search(rng: Rng, attempt: Callable[[Rng], T | None], limit: int, what: str) -> T:
    """The first attempt (0, 1, ... < limit) that returns something other than None,
    each attempt on its own sub-stream of `rng`. Replaying, only the kept one runs."""
    key = rng.seed64()
    trace = rng.trace
    if trace is not None and trace.replay:
        k = trace.take(what)
        result = _run(rng, attempt, _sub(key, k, trace))
        if result is None:
            raise ReplayError(f"hint {k} of '{what}' is not an accepted attempt")
        return result
    slot = trace.reserve() if trace is not None else -1
    for k in range(limit):
        if trace is not None:
            trace.truncate(slot + 1)
        result = _run(rng, attempt, _sub(key, k, trace))
        if result is not None:
            if trace is not None:
                trace.values[slot] = k
            return result
    raise ForceFailed(f"could not force {what} in {limit:,} attempts")


def best_of(rng: Rng, n: int, make: Callable[[Rng], C], score: Callable[[C], float], what: str) -> C:
    """Of `n` candidates (each made on its own sub-stream of `rng`), the one with the
    highest score (the first of equals). Replaying, only the kept one is made."""
    key = rng.seed64()
    trace = rng.trace
    if trace is not None and trace.replay:
        return _run(rng, make, _sub(key, trace.take(what), trace))
    slot = trace.reserve() if trace is not None else -1
    best, best_score = 0, None
    for k in range(n):
        s = _run(rng, lambda sub: score(make(sub)), _sub(key, k, None))
        if best_score is None or s > best_score:
            best, best_score = k, s
    if trace is not None:
        trace.truncate(slot + 1)
        trace.values[slot] = best
    return _run(rng, make, _sub(key, best, trace))   # again, recording what it nests


Accepts = Callable[[list[Stream]], np.ndarray]
StreamAccepts = Callable[[BookStreams], np.ndarray]


class SearchRecord(Protocol):
    """A game's record of its searches' first accepted attempts (found_searches.FoundSearches)."""

    def resolve(self, key: int, accepts: Accepts | StreamAccepts, limit: int, what: str, streams: bool) -> int: ...

# Spare streams for `attempt_generators`: a fresh Stream (SeedSequence + PCG64DXSM)
# costs about 8 us (most of it SeedSequence's hashing, in Python-called Cython), more
# than deciding the attempt in a vectorised engine. Setting a spare's state costs ~1 us.
_SPARE: list[Stream] = []


def attempt_streams(key: int, k0: int, n: int) -> BookStreams:
    """Attempts k0 .. k0+n-1 of the search keyed `key` as BookStreams (row i draws
    exactly what `substream(key, k0 + i)` draws), without a Stream each)."""
    return BookStreams(np.full(n, key, dtype=np.uint64), spawn=np.arange(k0, k0 + n, dtype=np.uint64))


def attempt_generators(key: int, k0: int, n: int) -> list[Stream]:
    """Streams in exactly the state of `substream(key, k).gen` for k = k0 .. k0+n-1:
    the SeedSequence and PCG64DXSM seeding computed for all of them at once
    (cabinet/core/rng_batch.py), then set as the states of spare Streams. Give them
    back with `_SPARE.extend(...)` when done (first_index does).

    They are the project's `Stream`s, not numpy Generators, although only the kept
    attempt's index is stored (as the book's hint): `accepts` decides on these draws
    which attempt is kept, and the kept attempt is then played on its own `Rng` (a
    Stream) and checked against that decision, and a book without hints (or a rebuild)
    searches again; so the decision must see exactly the draws of the rounds' own
    mapping, which a later numpy's Generator need not give (docs/random.md)."""
    st = BookStreams(np.full(n, key, dtype=np.uint64), words=0, spawn=np.arange(k0, k0 + n, dtype=np.uint64))
    state = ((st.hi.astype(object) << 64) | st.lo.astype(object)).tolist()
    inc = ((st.inc_hi.astype(object) << 64) | st.inc_lo.astype(object)).tolist()
    gens = [_SPARE.pop() if _SPARE else Stream(0) for _ in range(n)]
    for g, s, i in zip(gens, state, inc):
        g.state = {"bit_generator": "PCG64DXSM", "state": {"state": s, "inc": i}, "has_uint32": 0, "uinteger": 0}
    return gens


def first_index(key: int, accepts: Accepts | StreamAccepts, limit: int, what: str, streams: bool = False) -> int:
    """Index of the first attempt of the search keyed `key` that `accepts` takes
    (`accepts` decides many attempts at once, one bool each, with a vectorised engine:
    from their Streams (`attempt_generators`), or with `streams` from their
    BookStreams), tried in
    batches growing from 256 to 8,192 attempts."""
    k0, size = 0, 256
    while k0 < limit:
        n = min(size, limit - k0)
        if streams:
            ok = np.flatnonzero(accepts(attempt_streams(key, k0, n)))     # type: ignore[arg-type]
        else:
            gens = attempt_generators(key, k0, n)
            try:
                ok = np.flatnonzero(accepts(gens))                         # type: ignore[arg-type]
            finally:
                _SPARE.extend(gens)
        if len(ok):
            return k0 + int(ok[0])
        k0, size = k0 + n, min(2 * size, 8192)
    raise ForceFailed(f"could not force {what} in {limit:,} attempts")


def checked_index(key: int, k: int, accepts: Accepts | StreamAccepts, what: str, streams: bool = False) -> int:
    """`k`, a first accepted attempt of the search keyed `key` found earlier (a game's
    record of its slowest searches), once `accepts` takes attempt k itself; a record
    that does not (stale, or altered) raises ForceFailed naming the search."""
    if streams:
        ok = bool(accepts(attempt_streams(key, k, 1))[0])               # type: ignore[arg-type]
    else:
        gens = attempt_generators(key, k, 1)
        try:
            ok = bool(accepts(gens)[0])                                  # type: ignore[arg-type]
        finally:
            _SPARE.extend(gens)
    if not ok:
        raise ForceFailed(f"the recorded attempt {k} of the search for {what} keyed {key} is not in the "
                          "category: the record is stale or altered")
    return k


def first_accepted(rng: Rng, accepts: Accepts | StreamAccepts, limit: int, what: str, streams: bool = False,
                   found: SearchRecord | None = None) -> Rng:
    """`search` decided in batches: the kept attempt's own stream, to play it on (the
    caller plays it with its events and checks it is in the category). Recorded and
    replayed as a hint like `search`'s, so a book shows without searching again.
    `streams`: `accepts` takes the attempts' BookStreams instead of their Streams.
    `found`: the game's record of its searches' first accepted attempts
    (found_searches.py), a recorded one used after checking it (`checked_index`)."""
    key = rng.seed64()
    trace = rng.trace
    if trace is not None and trace.replay:
        return _sub(key, trace.take(what), trace)
    slot = trace.reserve() if trace is not None else -1
    if found is not None:
        k = found.resolve(key, accepts, limit, what, streams)
    else:
        k = first_index(key, accepts, limit, what, streams)
    if trace is not None:
        trace.truncate(slot + 1)
        trace.values[slot] = k
    return _sub(key, k, trace)

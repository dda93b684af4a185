"""The RNG service: the only source of randomness in the cabinet.

`Rng` draws from a `Stream` (cabinet/core/rng_stream.py): numpy's SeedSequence and
PCG64DXSM bit generator, seeded from OS entropy or from a given seed (a book's, or a
demo's), with the project's own integer and float mappings. They are bit for bit
what numpy 2.x's `Generator` gives today, but owned here, so a later numpy whose
`Generator` draws differently cannot change the round a book's seed replays
(docs/random.md). `below(n)` scales without bias (Lemire's method with rejection),
so it is exactly uniform for any n up to 2**64. The weighted draw over integer
weights picks an exact integer in [0, total) and maps it through the cumulative sum,
so each index has probability weight / total exactly.
"""
from __future__ import annotations

from bisect import bisect_right
from typing import Sequence

import numpy as np

from .rng_stream import Stream


def weighted_indices(cum: np.ndarray, draws: np.ndarray | int) -> np.ndarray:
    """Map integers drawn uniformly from [0, cum[-1]) through the cumulative integer
    weights `cum` (np.cumsum(weights), along the last axis): index i with probability
    weights[i] / total, exactly."""
    return np.searchsorted(cum, draws, side="right")


def weighted_batch(gen: np.random.Generator, cum: np.ndarray, size: int | tuple[int, ...]) -> np.ndarray:
    """The vectorised engines' weighted draw: `size` indices, each with probability
    weight / total exactly (one uniform integer each, through the cumulative weights).
    For the design-time simulators on numpy's Generator (a Stream draws alike)."""
    return weighted_indices(cum, gen.integers(0, int(cum[-1]), size))


def make_bit_generator(seed: int | np.random.SeedSequence | None) -> np.random.PCG64DXSM:
    """The bit generator of a seed (the simulators wrap it in numpy's Generator)."""
    return np.random.PCG64DXSM(seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed))


class ReplayError(RuntimeError):
    """A book's hints do not replay its forced searches (corrupt or from other math)."""


class Trace:
    """The kept attempt of each forced search of a round (cabinet/core/forcing.py),
    in the order the searches start: recorded while the builder plays a forced
    round, replayed when a book is shown."""

    __slots__ = ("values", "pos", "replay")

    def __init__(self, values: Sequence[int] = (), replay: bool = False):
        self.values: list[int] = [int(v) for v in values]
        self.pos = 0
        self.replay = replay

    def take(self, what: str) -> int:
        if self.pos >= len(self.values):
            raise ReplayError(f"no hint left for '{what}' ({len(self.values)} stored)")
        self.pos += 1
        return self.values[self.pos - 1]

    def reserve(self) -> int:
        self.values.append(-1)
        return len(self.values) - 1

    def truncate(self, n: int) -> None:
        del self.values[n:]

    def finish(self) -> None:
        """After a replay: every stored hint was used."""
        if self.replay and self.pos != len(self.values):
            raise ReplayError(f"{len(self.values) - self.pos} of {len(self.values)} hints unused")


class Rng:
    """Small facade over one `Stream`; round generators take one of these. `gen` is
    the stream (numpy's `Generator` interface for `integers` and `random`, array
    draws included). `trace` is None except while a forced round is recorded or
    replayed."""

    __slots__ = ("gen", "trace")

    def __init__(self, seed: int | np.random.SeedSequence | None = None):
        self.gen = Stream(seed)
        self.trace: Trace | None = None

    @classmethod
    def for_book(cls, seed: int, hints: Sequence[int] | None = None) -> "Rng":
        """The stream a book's seed regenerates; with the book's `hints`, its forced
        searches replay their kept attempts directly (cabinet/core/forcing.py)."""
        rng = cls(int(seed))
        if hints is not None and len(hints):
            rng.trace = Trace(hints, replay=True)
        return rng

    @classmethod
    def recording(cls, seed: int) -> "Rng":
        """A book's stream that records the kept attempt of each forced search in
        `trace.values` (the builder stores them as the book's hints)."""
        rng = cls(int(seed))
        rng.trace = Trace()
        return rng

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), unbiased."""
        if n <= 0:
            raise ValueError(f"below() needs n >= 1, got {n}")
        return self.gen.below(n)

    def between(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def chance(self, num: int, den: int) -> bool:
        """True with probability num/den exactly (integers, no floats)."""
        if not 0 <= num <= den or den <= 0:
            raise ValueError(f"chance needs 0 <= num <= den, got {num}/{den}")
        return self.below(den) < num

    def weighted(self, weights: Sequence[int] | np.ndarray) -> int:
        """Index i with probability weights[i] / sum(weights), exactly."""
        cum = np.cumsum(np.asarray(weights, dtype=np.int64))
        total = int(cum[-1]) if len(cum) else 0
        if total <= 0:
            raise ValueError("weighted() needs a positive total weight")
        return int(weighted_indices(cum, self.below(total)))

    def weighted_cum(self, cum: Sequence[int] | np.ndarray) -> int:
        """Like `weighted` with the cumulative sum precomputed (hot paths, books): a
        list, tuple or array; the index `weighted_indices` maps the draw to (a bisection
        from the right: the same index, without a numpy call per draw)."""
        return bisect_right(cum, self.below(int(cum[-1])))

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place with unbiased draws."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def seed64(self) -> int:
        """A fresh 63-bit seed (for books and child streams)."""
        return self.gen.below(2**63 - 1)

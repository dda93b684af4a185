"""Forced searches played in batches: a forced book's attempts on their own streams.

A forced category (a wheel trigger, a round that reaches the cap) is drawn by
rejection: attempt k plays on `substream(key, k)`, its own stream (the sub-streams of
cabinet's forcing), and the first attempt in the category is kept, so the kept round
is exactly the natural round given the category and a book can replay it from its
index alone. Rare categories take hundreds to tens of thousands of attempts; here the
attempts are decided many at once by the vectorised engine (sim.py) on the attempts'
own generators, in exactly the order rules.py draws (streams.py), and rules.py then
plays only the kept attempt with its events.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from cabinet.core.rng import Rng

from .sim import free_spins_batch, spin_batch
from .streams import StopStream
from .tables import PiggyMath

Accepts = Callable[[list[np.random.Generator]], np.ndarray]


def substream(key: int, k: int) -> Rng:
    """Attempt k of the search keyed `key`."""
    return Rng(np.random.SeedSequence(key, spawn_key=(k,)))


def first_accepted(key: int, accepts: Accepts, limit: int, what: str) -> int:
    """Index of the first attempt that `accepts` (one bool per attempt generator)
    takes, tried in batches growing from 256 to 8,192 attempts."""
    k0, size = 0, 256
    while k0 < limit:
        n = min(size, limit - k0)
        ok = np.flatnonzero(accepts([substream(key, k).gen for k in range(k0, k0 + n)]))
        if len(ok):
            return k0 + int(ok[0])
        k0, size = k0 + n, min(2 * size, 8192)
    raise RuntimeError(f"could not force {what} in {limit:,} attempts")


def triggering(pm: PiggyMath, strips: str, tier: str | None = None) -> Accepts:
    """A base / ante spin whose final board triggers THE FARM WHEEL (on `tier`, if
    given) and that did not reach the cap first: its first board is the attempt's
    first draw (rules.drop)."""
    lengths = pm.strip_sets[strips].lengths
    tier_of = np.array([pm.tier_for(s) is not None if tier is None else pm.tier_for(s) == tier
                        for s in range(pm.shape.cells + 1)])

    def accepts(gens: list[np.random.Generator]) -> np.ndarray:
        n = len(gens)
        tops = np.array([g.integers(0, lengths) for g in gens], dtype=np.int64).reshape(n, -1)
        _, scat, capped = spin_batch(pm, None, strips, n, np.ones(n, dtype=np.int64),
                                     np.full(n, pm.cap_x100, dtype=np.int64), tops=tops)
        return tier_of[scat] & ~capped
    return accepts


def capping(pm: PiggyMath, mult: int, room: int) -> Accepts:
    """A wheel's free-spins round at `mult` (rules.free_spins) that wins `room` or more."""
    fs = pm.raw["free_spins"]
    spins, strips, more = int(fs["spins"]), fs["strips"], int(fs["retrigger_spins"])
    lengths = pm.strip_sets[strips].lengths

    def accepts(gens: list[np.random.Generator]) -> np.ndarray:
        n = len(gens)
        _, _, capped = free_spins_batch(pm, None, "free_spins", np.full(n, spins), strips,
                                        np.full(n, mult, dtype=np.int64), np.full(n, room, dtype=np.int64),
                                        draw=StopStream(gens, lengths, spins, more))
        return capped
    return accepts

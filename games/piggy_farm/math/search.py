"""Forced searches played in batches: a forced book's attempts on their own streams.

A forced category (a wheel trigger, a round that reaches the cap) is drawn by
rejection: attempt k plays on its own stream (cabinet/core/forcing.py's sub-streams),
and the first attempt in the category is kept, so the kept round is exactly the
natural round given the category and a book replays it from its index alone
(forcing.first_accepted records it as the book's hint). Rare categories take
hundreds to tens of thousands of attempts; here the attempts are decided many at
once by the vectorised engine (sim.py) on the attempts' own streams (BookStreams of
the sub-streams: no Stream object an attempt), in exactly the order rules.py draws
(streams.py), and forced.py then
plays only the kept attempt with its events.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from .sim import free_spins_batch, spin_batch, tier_index
from cabinet.core.rng_batch import BookStreams

from .streams import HogWildStream, StopStream, first_stops
from .tables import PiggyMath

Accepts = Callable[[BookStreams], np.ndarray]     # forcing.first_accepted(..., streams=True)


def triggering(pm: PiggyMath, strips: str, tier: str | None = None) -> Accepts:
    """A base / ante spin whose final board triggers THE FARM WHEEL (on `tier`, if
    given) and that did not reach the cap first: its first board is the attempt's
    first draw (rules.drop; streams.first_stops)."""
    lengths = pm.strip_sets[strips].lengths
    index = tier_index(pm)
    tier_of = index >= 0 if tier is None else index == list(pm.wheel.tiers).index(tier)

    def accepts(st: BookStreams) -> np.ndarray:
        n = len(st)
        tops = first_stops(st, lengths)
        _, scat, capped = spin_batch(pm, None, strips, n, np.ones(n, dtype=np.int64),
                                     np.full(n, pm.cap_x100, dtype=np.int64), tops=tops)
        return tier_of[scat] & ~capped
    return accepts


def capping(pm: PiggyMath, mult: int, room: int) -> Accepts:
    """A wheel's free-spins round at `mult` (rules.free_spins) that wins `room` or more."""
    fs = pm.raw["free_spins"]
    spins, strips, more = int(fs["spins"]), fs["strips"], int(fs["retrigger_spins"])
    lengths = pm.strip_sets[strips].lengths

    def accepts(st: BookStreams) -> np.ndarray:
        n = len(st)
        _, _, capped = free_spins_batch(pm, None, "free_spins", np.full(n, spins), strips,
                                        np.full(n, mult, dtype=np.int64), np.full(n, room, dtype=np.int64),
                                        draw=StopStream(st, lengths, spins, more))
        return capped
    return accepts


def winning(pm: PiggyMath, mode: str, need: int, below: int | None = None) -> Accepts:
    """A free-spins buy (FREE SPINS, HOG WILD, GROWING SEASON: rules.free_spins from
    the round's first draw) that wins `need` or more (and less than `below`, if given)."""
    m = pm.mode(mode)
    spins, strips = int(m["spins"]), m["strips"]
    more = int(pm.raw["free_spins"]["retrigger_spins"])
    lengths = pm.strip_sets[strips].lengths
    start = int(m.get("start_multiplier", 1))

    def accepts(st: BookStreams) -> np.ndarray:
        n = len(st)
        draw = HogWildStream(pm, st, strips) if mode == "hog_wild" else StopStream(st, lengths, spins, more)
        won, _, _ = free_spins_batch(pm, None, mode, np.full(n, spins), strips, np.full(n, start, dtype=np.int64),
                                     np.full(n, pm.cap_x100, dtype=np.int64), draw=draw)
        return (won >= need) if below is None else (won >= need) & (won < below)
    return accepts

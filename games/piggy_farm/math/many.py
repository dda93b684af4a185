"""Piggy Farm's full rounds, many at once: play_many(seeds, mode) -> Rounds.

For every seed exactly the Round `play(Rng.for_book(seed), mode)` gives, events
included, one at a time in seed order (cabinet/core/many.py). In the base game and
with the ante, about half the rounds pay nothing and have no feature: no cluster
forms on the first board and fewer than three windmills show, so the round is its
board, the end of its spin and round_end. Which rounds those are comes from the
seed-exact batch engine's first spin (batch.py's first step: streams.first_stops,
then sim.spin_batch on those stops: its win is 0 exactly when no cluster forms, every
pay being positive, and its windmills give no wheel tier); their events are written
from those stops (rules.drop's draws) and the strips' windows, as rules.py writes
them. Every other round, and every other mode, is played by `play` itself (streams
seeded together, rng_prefetch.book_rngs; a free-spins buy's with the outputs its
spins' stops take).
tests/test_play_many.py compares the two seed by seed.
"""
from __future__ import annotations

from typing import Any, Iterator

import numpy as np

from cabinet.core.many import play_each
from cabinet.core.rng_batch import BookStreams
from cabinet.core.rng_prefetch import seed_array
from cabinet.core.round import Round

from . import events as E
from .board import layout
from .forced import play
from .sim import spin_batch, tier_index
from .streams import first_stops
from .tables import load

QUIET_MODES = ("base", "ante")


def play_many(seeds: Any, mode: str = "base") -> Iterator[Round]:
    """The Rounds of the seeds' books, in order (cabinet/core/many.py)."""
    seeds = seed_array(seeds)
    pm = load()
    if mode not in QUIET_MODES:
        m = pm.mode(mode)                             # KeyError for an unknown mode
        # a free-spins buy draws its spins' stops first (a stop a reel, two a 64-bit
        # output): prefetched, they need no hand-over to numpy's generator (rng_prefetch)
        stops = int(m.get("spins", 0)) * pm.shape.cols
        yield from play_each(play, seeds, mode, words=max(8, (stops + 1) // 2 + 1))
        return
    if not len(seeds):                                # (the batch engine takes at least one)
        return
    lay, strips = layout(pm), pm.mode(mode)["strips"]
    n, windows = len(seeds), lay.window_ids[strips]
    tops = first_stops(BookStreams(seeds), pm.strip_sets[strips].lengths)       # rules.drop's draws
    room = np.full(n, pm.cap_x100, dtype=np.int64)
    pay, scatters, _ = spin_batch(pm, None, strips, n, np.ones(n, dtype=np.int64), room, tops=tops)
    quiet = (pay == 0) & (tier_index(pm)[scatters] < 0)     # no cluster (every pay is positive), no wheel
    scatter = lay.names[pm.scatter]
    others = play_each(play, seeds[~quiet], mode)
    quiet_tops = iter(tops[quiet].tolist())
    for q in quiet.tolist():
        if not q:
            yield next(others)
            continue
        t = next(quiet_tops)
        cols = [windows[c][top] for c, top in enumerate(t)]
        board = list(map(list, zip(*cols)))
        scat = [[r, c] for r, row in enumerate(board) for c, sid in enumerate(row) if sid == scatter]
        events = [{"phase": "base", "strips": strips, "tops": t, "board": board, "type": E.BOARD},
                  {"win_x100": 0, "total_x100": 0, "scatters": len(scat), "scatter_cells": scat, "type": E.SPIN_END},
                  {"payout_x100": 0, "capped": False, "type": E.ROUND_END}]
        yield Round(mode, 0, events, (), False)

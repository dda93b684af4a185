"""Shared by the games' play_batch tests: seeds, and the books where a batch
generator and play disagree (payout, features or jackpot part)."""
from __future__ import annotations

import numpy as np

from cabinet.core.rng import Rng


def seeds(n: int, salt: int) -> np.ndarray:
    """n 63-bit book seeds."""
    return np.random.default_rng(salt).integers(0, 2**63 - 1, n, dtype=np.uint64)


def mismatches(play, play_batch, mode: str, s: np.ndarray, force: str | None = None):
    """(books where play_batch differs from play, play's rounds) over the seeds `s`."""
    pay, feats, jack = play_batch(s, mode, force)
    rounds = [play(Rng.for_book(int(x)), mode, force) for x in s.tolist()]
    bad = [(int(x), (r.payout_x100, r.features, r.jackpot_x100), (int(p), f, int(j)))
           for x, r, p, f, j in zip(s.tolist(), rounds, pay, feats, jack)
           if (r.payout_x100, r.features, r.jackpot_x100) != (p, f, j)]
    return bad, rounds

"""Helpers of the batch book generators (a game's `play_batch`): their answer in
the shape `build` expects, (payout_x100 int64[n], features per round, jackpot_x100
int64[n]). Not part of any book fingerprint: `verify` regenerates every book with
`play`, so a batch generator is checked, not trusted."""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from .rng import Rng
from .round import Round


def feature_tuples(flags: Any, names: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Rows of a bool matrix (n, len(names)) as Round.features tuples (the names set
    in each row, in `names` order): what a batch generator returns per round."""
    flags = np.asarray(flags, dtype=bool)
    codes = flags.astype(np.int64) @ (np.int64(1) << np.arange(len(names), dtype=np.int64))
    table = {int(c): tuple(n for i, n in enumerate(names) if int(c) >> i & 1) for c in np.unique(codes)}
    return [table[c] for c in codes.tolist()]


def batch_by_play(play: Callable[..., Round], seeds: Any, mode: str, force: str | None = None
                  ) -> tuple[np.ndarray, list[tuple[str, ...]], np.ndarray]:
    """A play_batch answer computed by `play` itself, seed by seed (for what a batch
    generator does not vectorise, e.g. forced books): (payout_x100, features, jackpot_x100)."""
    rounds = [play(Rng.for_book(int(s)), mode, force) for s in np.asarray(seeds, dtype=np.uint64).tolist()]
    return (np.array([r.payout_x100 for r in rounds], dtype=np.int64), [r.features for r in rounds],
            np.array([r.jackpot_x100 for r in rounds], dtype=np.int64))


def pop_columns(lists: np.ndarray, j: np.ndarray) -> np.ndarray:
    """Each row of `lists` without its element j[row], one column shorter: `list.pop(j)`
    row by row (the batch twin of `items.pop(rng.below(len(items)))`)."""
    cols = np.arange(lists.shape[1] - 1)
    return np.take_along_axis(lists, cols + (cols >= np.asarray(j)[:, None]), axis=1)

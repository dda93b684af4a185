"""Tumble: winners explode, survivors fall, fresh symbols drop in from the strip above.

A board is `rows x cols`, row 0 at the top. Each column shows a window of its reel
strip: with the window's top at strip position `top`, row r shows strip[top + r].
When cells are removed, the survivors of a column keep their order and fall to the
bottom; the k gaps left at the top are filled with the k strip symbols just above the
window (strip[top - k] .. strip[top - 1], in that order from the top row down), and
the window's top moves up to `top - k`. Strips wrap around.

Two versions share the rule: `tumble` (one board, Python lists, returns the moves
for the presentation) and `tumble_batch` (numpy, many boards at once).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np


@dataclass(frozen=True)
class TumbleResult:
    """The board after one tumble and what moved.

    `falls` lists [col, from_row, to_row] for survivors that moved down; `refills`
    lists [col, row, symbol] for the fresh symbols, top row first within a column.
    """

    board: list[list]
    tops: list[int]
    falls: list[list[int]]
    refills: list[list]


def tumble(board: Sequence[Sequence], removed: Sequence[Sequence[bool]],
           strips: Sequence[Sequence], tops: Sequence[int]) -> TumbleResult:
    """Remove the `removed` cells of `board` (rows of symbols), drop and refill."""
    rows, cols = len(board), len(board[0])
    new = [[None] * cols for _ in range(rows)]
    new_tops = list(tops)
    falls, refills = [], []
    for c in range(cols):
        survivors = [(r, board[r][c]) for r in range(rows) if not removed[r][c]]
        k = rows - len(survivors)
        for i, (r_from, sym) in enumerate(survivors):
            r_to = k + i
            new[r_to][c] = sym
            if r_to != r_from:
                falls.append([c, r_from, r_to])
        strip = strips[c]
        top = (tops[c] - k) % len(strip)
        for r in range(k):
            sym = strip[(top + r) % len(strip)]
            new[r][c] = sym
            refills.append([c, r, sym])
        new_tops[c] = top
    return TumbleResult(new, new_tops, falls, refills)


class StripSet:
    """Reel strips of one mode packed for numpy: a flat array with offsets."""

    def __init__(self, strips: Sequence[Sequence[int]]):
        self.lengths = np.array([len(s) for s in strips], dtype=np.int64)
        self.offsets = np.concatenate([[0], np.cumsum(self.lengths)[:-1]]).astype(np.int64)
        self.flat = np.concatenate([np.asarray(s, dtype=np.int8) for s in strips])
        self.cols = len(strips)

    def window(self, tops: np.ndarray, rows: int) -> np.ndarray:
        """(n, cols) window tops -> (n, rows, cols) symbols."""
        r = np.arange(rows, dtype=np.int64)[None, :, None]
        pos = (tops[:, None, :] + r) % self.lengths[None, None, :]
        return self.flat[self.offsets[None, None, :] + pos]


def tumble_batch(board: np.ndarray, removed: np.ndarray, strips: StripSet,
                 tops: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Vectorised `tumble`: (n, rows, cols) boards and removed flags, (n, cols) tops.

    Returns the new boards and tops (the same arrays' shapes)."""
    n, rows, cols = board.shape
    # stable sort of each column on "survives": removed cells go to the top, survivors
    # keep their order below them
    order = np.argsort(~removed, axis=1, kind="stable")
    fallen = np.take_along_axis(board, order, axis=1)
    k = removed.sum(axis=1)                                   # (n, cols) gaps per column
    new_tops = (tops - k) % strips.lengths[None, :]
    r = np.arange(rows, dtype=np.int64)[None, :, None]
    pos = (new_tops[:, None, :] + r) % strips.lengths[None, None, :]
    fresh = strips.flat[strips.offsets[None, None, :] + pos]
    gap = r < k[:, None, :]
    return np.where(gap, fresh, fallen), new_tops

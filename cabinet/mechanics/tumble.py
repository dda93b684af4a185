"""Tumble: winners explode, survivors fall, fresh symbols drop in from the strip above.

A board is `rows x cols`, row 0 at the top. Each column shows a window of its reel
strip: with the window's top at strip position `top`, row r shows strip[top + r].
When cells are removed, the survivors of a column keep their order and fall to the
bottom; the k gaps left at the top are filled with the k strip symbols just above the
window (strip[top - k] .. strip[top - 1], in that order from the top row down), and
the window's top moves up to `top - k`. Strips wrap around.

`tumble` is the rule on one board (Python lists; it returns the moves for the
presentation). For many boards at once, of up to 8 rows, `tumble_words` applies it to
boards held one uint64 a column (`StripSet.words`, `column_words`); Piggy Farm's
simulator works in that layout, and tests check the two agree.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
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
    """Reel strips of one mode packed for numpy: a flat array with offsets.

    For boards of up to 8 rows, `packed(rows)` holds every window of every strip as one
    uint64 (memory byte r = the symbol r below the top, the bytes past the window -1),
    so a window is one gather per column: `words` gives a board as one such word per
    column (the layout `tumble_words` and Piggy Farm's simulator work in)."""

    def __init__(self, strips: Sequence[Sequence[int]]):
        self.lengths = np.array([len(s) for s in strips], dtype=np.int64)
        self.offsets = np.concatenate([[0], np.cumsum(self.lengths)[:-1]]).astype(np.int64)
        self.flat = np.concatenate([np.asarray(s, dtype=np.int8) for s in strips])
        self.cols = len(strips)
        self._packed: dict[int, np.ndarray] = {}

    def packed(self, rows: int) -> np.ndarray:
        """(total strip length,) uint64: at offsets[c] + t, strip c's symbols t .. t + rows - 1
        (wrapping) in memory bytes 0 .. rows - 1, the other bytes -1."""
        got = self._packed.get(rows)
        if got is None:
            col = np.repeat(np.arange(self.cols), self.lengths)
            t = np.arange(len(self.flat)) - self.offsets[col]
            pos = (t[:, None] + np.arange(rows)[None, :]) % self.lengths[col][:, None]
            table = np.full((len(self.flat), 8), -1, dtype=np.int8)
            table[:, :rows] = self.flat[self.offsets[col][:, None] + pos]
            got = self._packed[rows] = table.view(np.uint64)[:, 0].copy()
        return got

    def wrapped(self, tops: np.ndarray) -> np.ndarray:
        """(n, cols) stops as strip positions 0 .. length - 1 (tops % lengths)."""
        if len(tops) and (tops.min() < 0 or (tops >= self.lengths).any()):
            return tops % self.lengths
        return tops

    def words(self, tops: np.ndarray, rows: int) -> np.ndarray:
        """(n, cols) window tops -> (n, cols) uint64: each column's window (rows <= 8)."""
        return self.packed(rows)[self.offsets + self.wrapped(tops)]

    def window(self, tops: np.ndarray, rows: int) -> np.ndarray:
        """(n, cols) window tops -> (n, rows, cols) symbols (rows <= 8)."""
        w = self.words(tops, rows).view(np.int8).reshape(len(tops), self.cols, 8)
        return np.ascontiguousarray(w[:, :, :rows].transpose(0, 2, 1))


@lru_cache(maxsize=None)
def _falls(rows: int) -> tuple[np.ndarray, np.ndarray]:
    """For every removal pattern of a column (bit r: row r removed): the number of gaps,
    and for each byte of the new column word the byte it comes from in [old word (8
    bytes), fresh window (8 bytes)]: the gaps take fresh bytes 8 .. 8 + k - 1, the
    survivors follow in their order, the bytes past the window the fresh word's (-1)."""
    gaps = np.zeros(1 << rows, dtype=np.int64)
    src = np.zeros((1 << rows, 8), dtype=np.int64)
    for p in range(1 << rows):
        survivors = [r for r in range(rows) if not p >> r & 1]
        k = rows - len(survivors)
        gaps[p] = k
        src[p] = [8 + r for r in range(k)] + survivors + [8 + r for r in range(rows, 8)]
    return gaps, src


def tumble_words(words: np.ndarray, pattern: np.ndarray, strips: StripSet, tops: np.ndarray,
                 rows: int) -> tuple[np.ndarray, np.ndarray]:
    """`tumble` on boards of up to 8 rows held as (n, cols) column words (StripSet.words),
    the removed cells as (n, cols) patterns (bit r: row r of the column removed).
    Returns the new words and tops."""
    n, cols = words.shape
    gaps, src_of = _falls(rows)
    pattern = pattern.astype(np.intp, copy=False)
    new_tops = tops - gaps[pattern]
    lengths = strips.lengths[None, :]
    if len(new_tops) and (new_tops.min() < -lengths.min() or (new_tops >= lengths).any()):
        new_tops %= lengths
    else:
        new_tops += np.where(new_tops < 0, lengths, 0)      # (tops - k) % lengths
    both = np.empty((n, cols, 2), dtype=np.uint64)
    both[:, :, 0] = words
    both[:, :, 1] = strips.packed(rows)[strips.offsets + new_tops]
    at = src_of[pattern] + (np.arange(n * cols, dtype=np.int64) * 16).reshape(n, cols, 1)
    return both.view(np.int8).reshape(-1)[at].view(np.uint64).reshape(n, cols), new_tops


def column_words(board: np.ndarray, width: int | None = None) -> np.ndarray:
    """(n, rows, cols) int8 boards of up to 8 rows -> (n, width) uint64 column words
    (`StripSet.words`' layout: memory byte r of word c is cell (r, c), the bytes past
    the rows -1; `width` >= cols pads with words of -1 bytes, no symbol)."""
    n, rows, cols = board.shape
    if rows > 8 or board.dtype != np.int8:
        raise ValueError(f"column words hold int8 columns of at most 8 rows, not {rows} of {board.dtype}")
    by_col = np.full((n, width or cols, 8), -1, dtype=np.int8)
    by_col[:, :cols, :rows] = board.transpose(0, 2, 1)
    return by_col.view(np.uint64).reshape(n, width or cols)

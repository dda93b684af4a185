"""Full rounds of many books at once: `play_each(play, seeds, mode)`, the plain
form of a game's `play_many` (GameSpec.math.play_many).

`play_many(seeds, mode) -> Iterator[Round]` gives, for every seed in order, exactly
the Round `play(Rng.for_book(seed), mode)` gives (natural books: no force, no
hints): payout, features, cap, jackpot part and every event. It is the engine that
regenerates many books with their events (verify, the math benchmarks); a game may
vectorise the common rounds of a mode (its `math/many.py`) and hand the rest to
`play`. This plain form plays every round with `play`, on streams seeded all at once
(rng_prefetch.book_rngs: the same streams, without seeding them one by one).

The Rounds come one at a time, as the caller takes them, so a batch of any size
holds only its arrays and the rounds the caller keeps: a verify of a million books
keeps none (and the garbage collector has no pile of live rounds to walk).

Not part of any book fingerprint: a library is built and verified against `play`;
tests/test_play_many.py compares every game's play_many with play seed by seed.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

import numpy as np

from .rng_prefetch import book_rngs
from .round import Round

def rounds_of(spec: Any, seeds: Any, mode: str) -> Iterator[Round]:
    """The natural rounds of many book seeds of a game (GameSpec), in seed order: its
    play_many, or play_each on its play."""
    if spec.math.play_many is not None:
        return iter(spec.math.play_many(seeds, mode))
    return play_each(spec.play, seeds, mode)


def play_each(play: Callable[..., Round], seeds: Any, mode: str, words: int = 8) -> Iterator[Round]:
    """`play(Rng.for_book(seed), mode)` for every seed, in order, the streams seeded at
    once with their first `words` outputs (rng_prefetch.book_rngs; each Round made when
    it is asked for)."""
    for rng in book_rngs(seeds, words):
        yield play(rng, mode)


class LineWins:
    """The line_win events of many boards at once, each exactly as a round writes them
    from `LineEvaluator.evaluate`: {line, symbol, count, positions, pay_x100, type}, in
    line order.

    A line's award depends only on its reading (lines.py): its leading wilds k, its
    lead (the first cell that is not the wild) and the lead's run (the evaluator keeps
    its awards by the same three). Every possible line content (S**reels of them, S
    symbols) is read once, with its pay (the evaluator's `contents_readings` and
    `reading_pays`), and kept (`_Readings`); a batch then finds each board's paying
    lines with one gather. The award of each (line, reading) met is taken from
    `evaluate` once, on the first board that shows it, and kept: at most lines x
    symbols x (reels + 1)**2 of them.

    `boards`: (n, rows, reels) symbol indices; `named(i)`: board i as `evaluate` takes
    it (rows of symbol ids), asked only for a board with a reading not met before."""

    def __init__(self, ev: Any, boards: np.ndarray, named: Callable[[int], Any]):
        self.ev, self.named = ev, named
        table = _readings(ev)
        codes = (boards[:, ev.lines, np.arange(ev.reels)].astype(np.int64) * table.place).sum(axis=2)   # (n, L)
        pays = table.pay[codes]
        self.total = pays.sum(axis=1)
        book, line = np.nonzero(pays)
        self.paying: dict[int, list[tuple[int, int]]] = {}
        for b, key in zip(book.tolist(), zip(line.tolist(), table.reading[codes[book, line]].tolist())):
            self.paying.setdefault(b, []).append(key)
        self.memo = table.awards

    def events(self, i: int) -> list[dict[str, Any]]:
        """Board i's line_win events (new dicts and lists every call)."""
        keys = self.paying.get(i)
        if not keys:
            return []
        memo = self.memo
        if any(key not in memo for key in keys):
            by_line = {key[0]: key for key in keys}
            for w in self.ev.evaluate(self.named(i)):
                memo[by_line[w.line]] = (w.symbol, w.count, w.positions, w.pay_x100)
        out = []
        for key in keys:
            symbol, count, positions, pay = memo[key]
            out.append({"line": key[0], "symbol": symbol, "count": count, "positions": [list(p) for p in positions],
                        "pay_x100": pay, "type": "line_win"})
        return out


class _Readings:
    """Every line content of an evaluator (code sum(symbol[r] * S**r)): its pay and its
    reading (lead, run, leading wilds) as one number; and the awards met so far."""

    def __init__(self, ev: Any):
        S, R = len(ev.symbols), ev.reels
        if S ** R > 5_000_000:
            raise ValueError(f"{S}**{R} line contents are too many to read ahead")
        self.place = S ** np.arange(R, dtype=np.int64)
        g = (np.arange(S ** R, dtype=np.int64)[:, None] // self.place) % S         # every content, left to right
        lead, run, k = ev.contents_readings(g)
        self.pay = ev.reading_pays(lead, run, k)
        self.reading = (lead * (R + 1) + run) * (R + 1) + k
        self.awards: dict[tuple[int, int], tuple[Any, int, Any, int]] = {}


_READINGS: dict[int, _Readings] = {}


def _readings(ev: Any) -> _Readings:
    if id(ev) not in _READINGS:
        _READINGS[id(ev)] = _Readings(ev)
    return _READINGS[id(ev)]


_WINDOWS: dict[tuple[int, int], list[list[tuple[str, ...]]]] = {}


def stop_windows(symbols: Any, strips: Any, rows: int) -> list[list[tuple[str, ...]]]:
    """Per reel, per stop: the symbol ids the window shows top to bottom (the strip
    from the stop on, wrapping); worked out once per strip set."""
    key = (id(strips), rows)
    if key not in _WINDOWS:
        _WINDOWS[key] = [[tuple(symbols[int(strip[(t + r) % len(strip)])] for r in range(rows))
                          for t in range(len(strip))] for strip in strips]
    return _WINDOWS[key]


class NamedBoards:
    """Board i of a batch as `LineEvaluator.evaluate` takes it (rows of symbol ids),
    from the reels' stop windows and the batch's stops (n, reels)."""

    def __init__(self, windows: list[list[tuple[str, ...]]], stops: np.ndarray):
        self.windows, self.stops = windows, stops

    def __call__(self, i: int) -> list[list[str]]:
        cols = [self.windows[c][s] for c, s in enumerate(self.stops[i].tolist())]
        return [[col[r] for col in cols] for r in range(len(cols[0]))]


def stops_and_boards(st: Any, strips: Any, rows: int) -> tuple[np.ndarray, np.ndarray]:
    """One stop per reel for every row of a BookStreams `st`, reel by reel (a round's
    `below(len(strip))` draws in turn), and the boards they show: (stops (n, reels),
    boards (n, rows, reels) of symbol indices)."""
    n = len(st)
    everyone = np.arange(n)
    stops = np.empty((n, len(strips)), dtype=np.int64)
    boards = np.empty((n, rows, len(strips)), dtype=np.int64)
    for c, strip in enumerate(strips):
        stops[:, c] = st.below(everyone, len(strip))
        boards[:, :, c] = strip[(stops[:, c, None] + np.arange(rows)) % len(strip)]
    return stops, boards

"""Happy Money Hens' full rounds, many at once: play_many(seeds, mode) -> [Round].

For every seed exactly the Round `play(Rng.for_book(seed), mode)` gives, events
included (cabinet/core/many.py). A spin round whose pots do not trigger (most of
them) is drawn with the others from `BookStreams` in play's order
(rules._spin_natural: the five stops, then one trigger draw per feature symbol in
view, reel by reel, then one grow draw each) and its events written from the
arrays as rules.py writes them: the reel stops, the line wins (the shared
evaluator, cabinet/core/many.LineWins), each feature symbol, round_end. A round
whose pots trigger, and every bought or gamble bonus round, is played by `play`
itself on the book's stream (seeded with the rest, rng_prefetch.book_rngs).
tests/test_play_many.py compares the two seed by seed.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from cabinet.core.many import LineWins, NamedBoards, gc_paused, play_each, stop_windows
from cabinet.core.rng_batch import BookStreams
from cabinet.core.rng_prefetch import seed_array
from cabinet.core.round import Round

from .modes import BONUS_MODES, BUY_MODES, SPIN_MODES
from .pots import BITS
from .rules import POT_COLOURS, _ev, play
from .tables import combo_features, load

ROWS, REELS = 3, 5


def play_many(seeds: Any, mode: str = "base") -> list[Round]:
    with gc_paused():                                 # (cabinet/core/many.py)
        return _play_many(seeds, mode)


def _play_many(seeds: Any, mode: str) -> list[Round]:
    seeds = seed_array(seeds)
    m = load()
    if mode not in SPIN_MODES:
        if mode not in BUY_MODES and mode not in BONUS_MODES:
            raise KeyError(f"happy_money_hens has no mode {mode!r}")
        return play_each(play, seeds, mode)
    n = len(seeds)
    st = BookStreams(seeds)
    everyone = np.arange(n)
    stops = np.empty((n, REELS), dtype=np.int64)
    board = np.empty((n, ROWS, REELS), dtype=np.int64)
    for c, strip in enumerate(m.strips):
        stops[:, c] = st.below(everyone, len(strip))
        board[:, :, c] = strip[(stops[:, c, None] + np.arange(ROWS)) % len(strip)]
    # feature symbols in view, reel by reel then row by row (rules.feature_cells)
    colour = np.full((n, REELS, ROWS), -1, dtype=np.int64)
    for k, f in enumerate(m.feature_index):
        colour[board.transpose(0, 2, 1) == f] = k
    shown = colour >= 0
    count = shown.sum(axis=(1, 2))
    draws = st.below_many(everyone, m.feature_den, 2 * count)          # the trigger draws, then the grow draws
    width = draws.shape[1]
    cols = np.arange(width)
    hit = (draws < m.trigger[mode]) & (cols < count[:, None])
    trig = hit.any(axis=1)
    out: list[Round | None] = [None] * n
    for i, rnd in zip(np.flatnonzero(trig).tolist(), play_each(play, seeds[trig], mode)):
        out[i] = rnd
    names = stop_windows(m.symbols, m.strips, ROWS)
    symbols = tuple(m.symbols[f] for f in m.feature_index)
    wins = LineWins(_ev(m), board, NamedBoards(names, stops))
    keep = ~trig
    cells = _cells(shown[keep], colour[keep], count[keep])
    grows = (draws < m.grow).tolist()
    for j, (i, st_i) in enumerate(zip(np.flatnonzero(keep).tolist(), stops[keep].tolist())):
        events = [{"reel": c, "stop": s, "symbols": list(names[c][s]), "type": "reel_stop"} for c, s in enumerate(st_i)]
        line = wins.events(i)
        total = 0
        for w in line:
            total += w["pay_x100"]
        events += line
        got = cells[j]
        if got:
            g = grows[i]
            f = len(got)
            for x, (reel, row, k) in enumerate(got):       # rules._feature_events: never triggered here
                events.append({"symbol": symbols[k], "pot": POT_COLOURS[k], "feature": _FEATURE[k], "reel": reel,
                               "row": row, "triggered": False, "grows": g[f + x], "type": "feature_symbol"})
        events.append({"line_x100": total, "payout_x100": total, "type": "round_end"})
        out[i] = Round(mode, total, events, (), False, 0)
    return out                                        # type: ignore[return-value]


_FEATURE = tuple(combo_features(b)[0] for b in BITS)


def _cells(shown: np.ndarray, colour: np.ndarray, count: np.ndarray) -> list[list[tuple[int, int, int]]]:
    """Per board: (reel, row, colour) of each feature symbol in view, reel by reel."""
    out: list[list[tuple[int, int, int]]] = [[] for _ in range(len(count))]
    b, reel, row = np.nonzero(shown)                  # C order: board, reel, row
    for i, c, r, k in zip(b.tolist(), reel.tolist(), row.tolist(), colour[b, reel, row].tolist()):
        out[i].append((c, r, k))
    return out


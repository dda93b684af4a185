"""Happy Money Hens' full rounds, many at once: play_many(seeds, mode) -> Rounds.

For every seed exactly the Round `play(Rng.for_book(seed), mode)` gives, events
included, one at a time in seed order (cabinet/core/many.py). A spin round's base
game is drawn with the others' from `BookStreams` in play's order
(rules._spin_natural: the five stops, then one trigger draw per feature symbol in
view, reel by reel, then one grow draw each) and its events written from the arrays
as rules.py writes them: the reel stops, the line wins (the shared evaluator,
cabinet/core/many.LineWins), each feature symbol, round_end. A round whose pots
trigger (about 1 in 80 in the base game) goes on with the rules' own code (the
upgrade, rules._trigger_events, the bonus, rules._finish) on its book's stream, drawn
on to where the base game left it. Every bought or gamble bonus round is played by
`play` itself (streams seeded together, rng_prefetch.book_rngs).
tests/test_play_many.py compares the two seed by seed.
"""
from __future__ import annotations

from typing import Any, Iterator

import numpy as np

from cabinet.core.many import LineWins, NamedBoards, play_each, stop_windows, stops_and_boards
from cabinet.core.rng_batch import BookStreams
from cabinet.core.rng_prefetch import book_rngs, seed_array
from cabinet.core.round import Round

from .modes import BONUS_MODES, BUY_MODES, SPIN_MODES
from .bonus import HensBonus
from .pots import BITS, upgrade
from .rules import POT_COLOURS, _ev, _finish, _trigger_events, play
from .tables import combo_features, load

ROWS, REELS = 3, 5


def play_many(seeds: Any, mode: str = "base") -> Iterator[Round]:
    """The Rounds of the seeds' books, in order (cabinet/core/many.py)."""
    seeds = seed_array(seeds)
    m = load()
    if mode not in SPIN_MODES:
        if mode not in BUY_MODES and mode not in BONUS_MODES:
            raise KeyError(f"happy_money_hens has no mode {mode!r}")
        yield from play_each(play, seeds, mode)
        return
    n = len(seeds)
    st = BookStreams(seeds)
    stops, board = stops_and_boards(st, m.strips, ROWS)
    everyone = np.arange(n)
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
    # a round whose pots trigger goes on, on its own stream, where the base game leaves it
    streams = dict(zip(np.flatnonzero(trig).tolist(), book_rngs(seeds[trig])))
    names = stop_windows(m.symbols, m.strips, ROWS)
    symbols = tuple(m.symbols[f] for f in m.feature_index)
    wins = LineWins(_ev(m), board, NamedBoards(names, stops))
    cells = _cells(shown, colour)
    hits, grows = hit.tolist(), (draws < m.grow).tolist()
    n0, n1, n2, n3, n4 = names
    for i, (s0, s1, s2, s3, s4) in enumerate(stops.tolist()):
        events = [{"reel": 0, "stop": s0, "symbols": list(n0[s0]), "type": "reel_stop"},
                  {"reel": 1, "stop": s1, "symbols": list(n1[s1]), "type": "reel_stop"},
                  {"reel": 2, "stop": s2, "symbols": list(n2[s2]), "type": "reel_stop"},
                  {"reel": 3, "stop": s3, "symbols": list(n3[s3]), "type": "reel_stop"},
                  {"reel": 4, "stop": s4, "symbols": list(n4[s4]), "type": "reel_stop"}]
        total = 0
        line = wins.events(i)
        if line:
            for w in line:
                total += w["pay_x100"]
            events += line
        got = cells.get(i) or []
        if got:                                            # rules._feature_events
            h, g, f = hits[i], grows[i], len(got)
            for x, (reel, row, k) in enumerate(got):
                events.append({"symbol": symbols[k], "pot": POT_COLOURS[k], "feature": _FEATURE[k], "reel": reel,
                               "row": row, "triggered": h[x], "grows": g[f + x], "type": "feature_symbol"})
        rng = streams.get(i)
        if rng is None:
            events.append({"line_x100": total, "payout_x100": total, "type": "round_end"})
            yield Round(mode, total, events, (), False, 0)
            continue
        for strip in m.strips:                             # the base game's draws, as the batch drew them
            rng.below(len(strip))
        for _ in range(2 * len(got)):
            rng.below(m.feature_den)
        triggered = 0
        for x, (_, _, k) in enumerate(got):
            triggered |= BITS[k] if h[x] else 0
        combo, added = upgrade(rng, triggered, m.min_features[mode])     # rules._spin_natural, then _round
        _trigger_events(combo, triggered, added, mode, events)
        bonus = HensBonus(rng, m, combo, events)
        bonus.run()
        yield _finish(m, mode, total, events, bonus, combo)[0]


_FEATURE = tuple(combo_features(b)[0] for b in BITS)


def _cells(shown: np.ndarray, colour: np.ndarray) -> dict[int, list[tuple[int, int, int]]]:
    """{board: [(reel, row, colour) of each feature symbol in view, reel by reel]} of
    the boards showing one."""
    out: dict[int, list[tuple[int, int, int]]] = {}
    b, reel, row = np.nonzero(shown)                  # C order: board, reel, row
    for i, c, r, k in zip(b.tolist(), reel.tolist(), row.tolist(), colour[b, reel, row].tolist()):
        out.setdefault(i, []).append((c, r, k))
    return out

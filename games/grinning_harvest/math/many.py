"""Grinning Harvest's full rounds, many at once: play_many(seeds, mode) -> Rounds.

For every seed exactly the Round `play(Rng.for_book(seed), mode)` gives, events
included, one at a time in seed order (cabinet/core/many.py). The base rounds that end in the base game (no
bonus trigger: about 99 in 100) are drawn together from `BookStreams` in play's
order (the three stops, then one value per pumpkin, reel by reel, top to bottom;
batch.py draws the same) and their events written from the arrays, as
rules.settle_base writes them: the reel stops with their pumpkins, the line wins
(the shared evaluator, on the boards that pay), each vault's collect and the jackpot
coins it pays, round_end. A trigger board and every bought round are played by
`play` itself on the book's stream (seeded with the rest, rng_prefetch.book_rngs).
tests/test_play_many.py compares the two seed by seed.
"""
from __future__ import annotations

from typing import Any, Iterator

import numpy as np

from cabinet.core.many import LineWins, NamedBoards, play_each, stop_windows, stops_and_boards
from cabinet.core.rng_batch import BookStreams
from cabinet.core.rng_prefetch import seed_array
from cabinet.core.round import Round

from .batch import bonus_triggers, pumpkin_labels
from .forced import play
from .rules import FEATURES, big_win_x100
from .tables import JACKPOTS, REELS, ROWS, load


def play_many(seeds: Any, mode: str = "base") -> Iterator[Round]:
    """The Rounds of the seeds' books, in order (cabinet/core/many.py)."""
    seeds = seed_array(seeds)
    m = load()
    if mode != "base":
        m.buy(mode)                                   # KeyError for an unknown mode
        yield from play_each(play, seeds, mode)
        return
    st = BookStreams(seeds)
    stops, board = stops_and_boards(st, m.strips, ROWS)
    values = m.values_base
    pumpkin = board == m.sym["pumpkin"]
    vault = board == m.sym["vault"]
    label = pumpkin_labels(st, pumpkin, values)       # reel by reel, top to bottom (rules._base)
    trig = bonus_triggers(pumpkin, vault[:, :, 1])
    names = stop_windows(m.symbols, m.strips, ROWS)
    wins = LineWins(m.lines, board, NamedBoards(names, stops))
    has_vault = vault.any(axis=(1, 2))
    has_pumpkin = pumpkin.any(axis=(1, 2))
    handed = dict(zip(np.flatnonzero(trig).tolist(), play_each(play, seeds[trig], mode)))    # played by play
    labels, value_x100 = values.labels, values.value_x100.tolist()
    big, cap = big_win_x100(m, "base"), m.max_win_x100
    rows = zip(stops.tolist(), np.where(has_pumpkin[:, None, None], label, -2).tolist(), has_vault.tolist())
    for i, (st_i, lab_i, v_i) in enumerate(rows):
        if i in handed:
            yield handed.pop(i)
        else:
            yield _settle(names, st_i, lab_i, labels, value_x100, wins.events(i), v_i, big, cap)


def _settle(names: list[list[tuple[str, ...]]], stops: list[int], lab: list[list[int]], labels: tuple[str, ...],
            value_x100: list[int], line_wins: list[dict[str, Any]], has_vault: bool, big: int, cap: int) -> Round:
    """A base round without a trigger, as rules.settle_base and one_round end it."""
    cols = [names[c][s] for c, s in enumerate(stops)]
    events: list[dict[str, Any]] = []
    pumpkins: list[tuple[int, int, str, int]] = []          # (row, reel, label, value), reel by reel
    if lab[0][0] == -2:                                     # no pumpkin in view
        for c in range(REELS):
            events.append({"reel": c, "stop": stops[c], "symbols": list(cols[c]), "pumpkins": [], "type": "reel_stop"})
    else:
        for c in range(REELS):
            shown = []
            for r in range(ROWS):
                k = lab[r][c]
                if k >= 0:
                    shown.append({"row": r, "label": labels[k], "value_x100": value_x100[k]})
                    pumpkins.append((r, c, labels[k], value_x100[k]))
            events.append({"reel": c, "stop": stops[c], "symbols": list(cols[c]), "pumpkins": shown,
                           "type": "reel_stop"})
    line_x100 = 0
    for w in line_wins:
        line_x100 += w["pay_x100"]
    events += line_wins
    vaults = [[r, c] for r in range(ROWS) for c in range(REELS) if cols[c][r] == "vault"] if has_vault else []
    features: set[str] = set()
    if len(vaults) >= 2:
        features.add(f"vaults_in_view_{len(vaults)}")
    collect_x100 = 0
    if vaults and pumpkins:
        features.add("collect")
        pumpkins.sort()                                     # by cell (row, reel)
        listed = [{"cell": [r, c], "label": lb, "value_x100": v} for r, c, lb, v in pumpkins]
        amount = sum(v for *_, v in pumpkins)
        for cell in vaults:
            collect_x100 += amount
            events.append({"phase": "base", "vault": cell, "pumpkins": listed, "amount_x100": amount,
                           "vault_value_x100": amount, "type": "collect"})
        for r, c, lb, v in pumpkins:
            if lb in JACKPOTS:
                features.add(f"jackpot_{lb}")
                events.append({"name": lb, "cell": [r, c], "value_x100": v, "type": "jackpot"})
    total, capped = line_x100 + collect_x100, False
    if total >= cap:
        total, capped = cap, True
    events.append({"payout_x100": total, "line_x100": line_x100, "collect_x100": collect_x100, "bonus_x100": 0,
                   "type": "round_end"})
    if total >= big:
        features.add("big_win")
    if capped:
        features.add("max_win")
        events.insert(len(events) - 1, {"cap_x100": cap, "type": "cap"})
    return Round("base", total, events, tuple(f for f in FEATURES if f in features) if features else (), capped)


"""Stake Engine math-sdk's book generation, timed round by round (run by bench_sdk).

    SDK_PYTHON cabinet/math/sdk_worker.py SDK_PATH GAME MODE

Runs in math-sdk's own interpreter (its venv), never imports cabinet. It sets up the
sdk's game as `create_books` does (config, GameState, the mode's wincap) and then
reads one number N a line on stdin; for each it plays N books the way the sdk's
`run_sims` does: the mode's criteria drawn by its quotas (`get_sim_splits`,
`assign_sim_criteria`), then `run_spin(sim)` per book, which draws boards, evaluates
wins, emits the book's events and repeats a round its criterion rejects, and
`imprint_wins` stores the book (events included) in `gamestate.library`. Then it
writes the batch's files as `run_sims` does (books JSON lines, zstd-compressed; the
payouts, force records, lookup table and pay split) into a temporary folder. It answers
one JSON line: books, attempts (rounds played, rejected ones included), the CPU
seconds (process_time) of the books and of the writing.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time


def setup(sdk: str, game: str, mode: str):
    game_dir = os.path.join(sdk, "games", game)
    sys.path[:0] = [game_dir, sdk]
    from game_config import GameConfig          # the sdk game's own modules
    from gamestate import GameState
    from src.wins.win_manager import WinManager

    config = GameConfig()
    gs = GameState(config)
    bm = gs.get_betmode(mode)
    if bm is None:
        raise SystemExit(f"sdk_worker: {game} has no bet mode {mode!r}")
    gs.config.wincap = bm.get_wincap()              # create_books
    gs.betmode = mode
    gs.win_manager = WinManager(config.basegame_type, config.freegame_type, bm.get_wincap())   # run_sims
    reset = gs.reset_book
    gs.attempts = 0

    def counted_reset() -> None:                     # each attempt of run_spin starts with reset_book
        gs.attempts += 1
        reset()
    gs.reset_book = counted_reset
    return gs


def batch(gs, mode: str, start: int, n: int, out_dir: str) -> dict:
    from src.state.run_sims import get_sim_splits, assign_sim_criteria
    from src.write_data.write_data import (write_json, print_recorded_wins, make_lookup_tables,
                                           make_lookup_pay_split)

    criteria = assign_sim_criteria(get_sim_splits(gs, n, mode), n)   # create_books' allocation
    gs.library, gs.recorded_events, gs._payout_ints = {}, {}, []
    gs.num_sims = n
    gs.attempts = 0
    c0 = time.process_time()
    for i in range(n):                                   # run_sims' loop
        sim = start + i
        gs.criteria = criteria[i]
        gs.run_spin(sim, sim)
    c1 = time.process_time()
    base = os.path.join(out_dir, f"books_{mode}_{start}")
    write_json(gs, base + ".jsonl.zst", payout_ints=gs._payout_ints)
    print_recorded_wins(gs, base + "_force.json")
    make_lookup_tables(gs, base + "_lookup.csv")
    make_lookup_pay_split(gs, base + "_split.csv")
    c2 = time.process_time()
    paid = sum(b["payoutMultiplier"] for b in gs.library.values())
    events = sum(len(b["events"]) for b in gs.library.values())
    size = os.path.getsize(base + ".jsonl.zst")
    for f in os.listdir(out_dir):
        os.remove(os.path.join(out_dir, f))
    return {"books": n, "attempts": gs.attempts, "cpu_s": c1 - c0, "write_cpu_s": c2 - c1,
            "events": events, "payout_x100": paid, "zst_bytes": size}


def main() -> int:
    if len(sys.argv) != 4:
        print("usage: sdk_worker.py SDK_PATH GAME MODE", file=sys.stderr)
        return 2
    sdk, game, mode = sys.argv[1:]
    c0 = time.process_time()
    import contextlib
    with contextlib.redirect_stdout(sys.stderr):        # the sdk prints; stdout is ours
        gs = setup(sdk, game, mode)
    print(json.dumps({"ready": True, "setup_cpu_s": time.process_time() - c0,
                      "python": sys.version.split()[0]}), flush=True)
    start = 0
    with tempfile.TemporaryDirectory(prefix="sdk_books_") as out_dir:
        for line in sys.stdin:
            n = int(line)
            with contextlib.redirect_stdout(sys.stderr):
                res = batch(gs, mode, start, n, out_dir)
            start += n
            print(json.dumps(res), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

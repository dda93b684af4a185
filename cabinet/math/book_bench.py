"""Book generation speed per core: books per second of CPU time, one process.

    python -m cabinet.math.book_bench GAME [MODE ...] [--books 10000] [--chunk 2000] [--play 2000]

For each mode (default: every mode of the game) it generates `--books` natural books
from the seeds `build` would use, in chunks of `--chunk` (build's chunk size), through
the game's seed-exact `play_batch` when it has one, and `--play` books through `play`
(the per-round generator, each round dropped after its payout is read, as the
builder's and verify's loops do) for comparison; it prints books/s of process CPU time (a
busy shared machine stretches wall time, not CPU time) and of wall time. The first
chunk is generated once before timing (tables built, caches warm).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from cabinet.core import books as B
from cabinet.core.rng import Rng

from .build import CHUNK, DEFAULT_SEED, book_seeds


def _timed(fn, n: int) -> dict[str, float]:
    c, w = time.process_time(), time.perf_counter()
    fn()
    dc, dw = time.process_time() - c, time.perf_counter() - w
    return {"books": n, "cpu_s": dc, "wall_s": dw, "per_cpu_s": n / dc if dc else float("inf"),
            "per_wall_s": n / dw if dw else float("inf")}


def bench_mode(spec, mode: str, books: int, chunk: int, play_books: int) -> dict[str, Any]:
    """Books/s of one mode: play_batch (if the game has one) and play."""
    seeds = [book_seeds(DEFAULT_SEED, mode, -1, k, min(chunk, books - a))
             for k, a in enumerate(range(0, books, chunk))]
    out: dict[str, Any] = {}
    if spec.math.play_batch is not None:
        spec.math.play_batch(seeds[0], mode, None)                 # warm up
        out["play_batch"] = _timed(lambda: [spec.math.play_batch(s, mode, None) for s in seeds], books)
    few = seeds[0][:play_books].tolist()
    spec.play(Rng.for_book(few[0]), mode)
    # each round is dropped once its payout is read, as the builder and verify do: a
    # list of 2,000 live rounds (every event's dicts and lists) would time Python's
    # cyclic garbage collector walking them, 2-3x the cost of the rounds themselves
    out["play"] = _timed(lambda: [spec.play(Rng.for_book(s), mode).payout_x100 for s in few], len(few))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m cabinet.math.book_bench", description=__doc__.split("\n")[0])
    ap.add_argument("game", help="game id (a package under games/)")
    ap.add_argument("modes", nargs="*", help="bet modes (default: every mode of the game)")
    ap.add_argument("--books", type=int, default=10_000, help="books per mode through play_batch (default 10000)")
    ap.add_argument("--chunk", type=int, default=CHUNK, help=f"books per play_batch call (default {CHUNK}, build's)")
    ap.add_argument("--play", type=int, default=2_000, help="books per mode through play (default 2000)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    a = ap.parse_args(argv)
    try:
        spec = B.resolve_game(a.game)
        modes = a.modes or [m.id for m in spec.modes]
        for mode in modes:
            spec.mode(mode)
    except (KeyError, B.LibraryError) as exc:
        print(f"book_bench: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    if min(a.books, a.chunk, a.play) < 1:
        print("book_bench: --books, --chunk and --play must be at least 1", file=sys.stderr)
        return 2
    res = {mode: bench_mode(spec, mode, a.books, a.chunk, min(a.play, a.chunk)) for mode in modes}
    if a.json:
        json.dump({"game": spec.id, "modes": res}, sys.stdout, indent=2)
        print()
        return 0
    for mode, r in res.items():
        parts = [f"{eng} {v['per_cpu_s']:,.0f} books/s cpu ({v['per_wall_s']:,.0f} wall, {v['books']:,} books)"
                 for eng, v in r.items()]
        print(f"{spec.id}/{mode}: " + "; ".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())

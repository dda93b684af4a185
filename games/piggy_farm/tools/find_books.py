"""The first accepted attempts of Piggy Farm's slowest book searches, found once and
recorded in games/piggy_farm/found.json, so `build` checks each one (one attempt)
instead of searching again.

    .venv/bin/python -m games.piggy_farm.tools.find_books [--workers N] [--check] [--repair]

The searches are the books of the free-spins buys' win-level strata (math.yaml
huge_win_x / big_win_x: forced.big_buy). A HUGE WIN book (200x the price or more, about
1 bought round in 5,000,000) is a natural round by rejection: the first of its search's
attempts that reaches the level, decided in batches by the vectorised engine, some 5
CPU minutes a book. Which attempt that is depends only on the search's key (the first
draw of the book's stream: build seed, mode, stratum, position), so it is found once,
here, and recorded; the build then plays only that attempt, after checking it is in
the category (cabinet/core/forcing.py checked_index: a stale or altered record stops
the build with the search named). Only the default build seed's books are recorded:
a build with another seed searches.

Already recorded searches are kept (each checked again); `--check` searches every
recorded one again from attempt 0 and reports any difference (as slow as finding). A
record that is not accepted (stale or altered) is searched again and reported; found.json
is then left as it is unless `--repair` writes the fresh attempts.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from cabinet.core.books import resolve_game
from cabinet.core.forcing import ForceFailed, checked_index, first_index
from cabinet.core.rng import Rng
from cabinet.math import pool
from cabinet.math.build import DEFAULT_SEED, book_seeds, default_books, forced_books

from ..math.forced import level_search
from ..math.tables import FOUND_FILE, WIN_LEVELS, load, read_found


def searches() -> list[tuple[str, str, int, int]]:
    """(mode, level, book position, seed) of every book whose search is recorded."""
    spec = resolve_game("piggy_farm")
    out = []
    for mode, cats in spec.math.book_forces.items():
        for c, cat in enumerate(cats):
            if cat not in WIN_LEVELS or spec.mode(mode).kind != "buy" or mode in ("golden_egg_hunt", "egg_hunt"):
                continue
            count = forced_books(spec, mode, cat, default_books(spec, mode))
            seeds = book_seeds(DEFAULT_SEED, mode, c, 0, count).tolist()
            out += [(mode, cat, j, int(s)) for j, s in enumerate(seeds)]
    return out


def _find(task: tuple[str, str, int, int, int | None, bool]) -> tuple[int, int, float]:
    mode, level, _, seed, known, again = task
    t0 = time.process_time()
    key = Rng(seed).seed64()          # forcing.first_accepted's key: the book stream's first draw
    accepts, limit, what = level_search(load(), mode, level)
    k = None
    if known is not None and not again:
        try:
            k = checked_index(key, known, accepts, what, streams=True)
        except ForceFailed:               # a stale or altered record: searched again, reported as differing
            k = None
    if k is None:
        k = first_index(key, accepts, limit, what, streams=True)
    return key, k, time.process_time() - t0


def _recorded_cpu_s() -> dict[str, float]:
    """The CPU seconds found.json records per search key (rows it cannot read are left out)."""
    rows = json.loads(FOUND_FILE.read_text()).get("searches")
    return {str(r["key"]): float(r["cpu_s"]) for r in rows if isinstance(r, dict) and "key" in r
            and isinstance(r.get("cpu_s"), (int, float)) and not isinstance(r["cpu_s"], bool)} \
        if isinstance(rows, list) else {}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m games.piggy_farm.tools.find_books", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--check", action="store_true", help="search every recorded book again and compare")
    ap.add_argument("--repair", action="store_true",
                    help="write the fresh attempts even where they differ from the record (a stale or altered one)")
    args = ap.parse_args(argv)
    if not 1 <= args.workers <= 64:
        ap.error(f"--workers {args.workers}: allowed: 1 to 64")
    try:
        known = read_found(FOUND_FILE)
    except ValueError as exc:
        print(f"find_books: {exc}", file=sys.stderr)
        return 2
    todo = searches()
    keys = [Rng(s).seed64() for *_, s in todo]
    tasks = [(m, lv, j, s, known.get(k), args.check) for (m, lv, j, s), k in zip(todo, keys)]
    print(f"{len(tasks)} searches, {sum(t[4] is not None for t in tasks)} recorded", file=sys.stderr)
    got: dict[int, tuple[int, int, float]] = {}

    def done(i: int, res: tuple[int, int, float]) -> None:
        got[i] = res
        bar.done(1, 1)
        m, lv, j, _, k0, _ = tasks[i]
        note = "" if k0 is None or k0 == res[1] else f"  DIFFERS from the recorded {k0}"
        print(f"  {m} {lv} book {j}: attempt {res[1]:,} ({res[2]:.1f} CPU s){note}", file=sys.stderr, flush=True)
    with pool.Progress(len(tasks), "books", "piggy_farm: searches") as bar:
        pool.run(_find, tasks, args.workers, on_done=done)
    differ = [i for i, t in enumerate(tasks) if t[4] is not None and t[4] != got[i][1]]
    before = _recorded_cpu_s() if known else {}
    rows: list[dict[str, Any]] = [
        {
            "mode": t[0],  # found.json's rows "category": t[1], "book": t[2], "seed": t[3], "key": str(got[i][0]),
            "attempt": got[i][1],  # a checked record keeps the CPU seconds of its search
            "cpu_s": before.get(str(got[i][0])) or round(got[i][2], 1)
            if t[4] is not None and not args.check
            else round(got[i][2], 1),
        }
        for i, t in enumerate(tasks)
    ]
    doc = {"note": "first accepted attempts of the slowest book searches, for the default build seed "
                   f"{DEFAULT_SEED:#x} (games/piggy_farm/tools/find_books.py; build checks each)",
           "attempts": {r["key"]: r["attempt"] for r in rows}, "searches": rows}
    if differ and not args.repair:
        print(f"find_books: {len(differ)} recorded attempts differ from a fresh search; found.json not written "
              "(--repair writes the fresh ones)", file=sys.stderr)
        return 1
    FOUND_FILE.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {FOUND_FILE} ({len(rows)} searches, {sum(r['cpu_s'] for r in rows):,.0f} CPU s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

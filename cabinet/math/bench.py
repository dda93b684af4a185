"""`python -m cabinet.math bench [GAME ...] [--json]`: speed figures, not tests.

Per game and bet mode: rounds per second of the per-round generator (`play`, the one
books regenerate from), of the vectorised `simulate` when the game has one, and of
book generation (what `build` runs: the game's seed-exact `play_batch` when it has
one, else `play`), each with 1 and 2 worker processes. Then every named game's
libraries are built in one pool of 2 workers (default sizes, into a temporary
directory), as `build all` does, and each game's library is verified (every book
regenerated).
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from cabinet.core.game import discover

from cabinet.core import books as B
from . import pool
from .build import DEFAULT_SEED, Task, build_games, run_task
from .sim import simulate_mode
from .verify import verify_library

BOOK_CHUNK = 500


def speed(game: str, mode: str, engine: str, workers: int, rounds: int) -> float:
    """Rounds per second over `rounds` rounds (process start-up included for 2 workers)."""
    return simulate_mode(game, mode, rounds, workers, engine=engine)["rounds_per_s"]


def book_speed(game: str, mode: str, workers: int, books: int) -> float:
    """Natural books per second as `build` generates them (pool start-up included)."""
    spec = B.resolve_game(game)
    names = tuple(B.feature_names(spec))
    tasks = [Task(game, mode, -1, None, a, min(BOOK_CHUNK, books - a), DEFAULT_SEED, names)
             for a in range(0, books, BOOK_CHUNK)]
    t0 = time.perf_counter()
    pool.run(run_task, tasks, workers)
    return books / (time.perf_counter() - t0)


def bench_game(game: str, rounds: int) -> dict[str, Any]:
    """Speed figures of one game's modes."""
    spec = B.resolve_game(game)
    out: dict[str, Any] = {"modes": {}}
    for m in spec.modes:
        figs = {"play": {str(k): speed(game, m.id, "play", k, rounds) for k in (1, 2)}}
        if spec.math.simulate is not None:
            figs["simulate"] = {str(k): speed(game, m.id, "simulate", k, rounds * 20) for k in (1, 2)}
        if spec.math.play_batch is not None:
            figs["books"] = {str(k): book_speed(game, m.id, k, rounds) for k in (1, 2)}
        out["modes"][m.id] = figs
        print(f"  {spec.id}/{m.id}: " + ", ".join(f"{eng} {v['1']:,.0f}/s (1 worker) {v['2']:,.0f}/s (2)"
                                                for eng, v in figs.items()), file=sys.stderr)
    return out


def bench_libraries(names: list[str]) -> dict[str, Any]:
    """Build every named game's libraries in one pool (2 workers), then verify each."""
    out: dict[str, Any] = {"games": {}}
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        metas = build_games(names, workers=2, out=tmp)
        out["build_s"] = time.perf_counter() - t0
        for ref in names:
            gid = B.resolve_game(ref).id
            modes = metas[gid]
            where = Path(tmp) / gid if len(names) > 1 else Path(tmp)
            t0 = time.perf_counter()
            rep = verify_library(ref, str(where), workers=2)
            out["games"][gid] = {"books": sum(meta["build"]["books"] for meta in modes.values()),
                                 "verify_s": time.perf_counter() - t0, "verify_ok": rep["ok"],
                                 "library_bytes": sum(f.stat().st_size for f in where.glob("*.npz"))}
            g = out["games"][gid]
            print(f"  {gid}: {g['books']:,} books, verified in {g['verify_s']:.1f}s, "
                  f"{g['library_bytes'] / 1e6:.2f} MB", file=sys.stderr)
    out["books"] = sum(g["books"] for g in out["games"].values())
    print(f"  every library: {out['books']:,} books built in {out['build_s']:.1f}s (2 workers)", file=sys.stderr)
    return out


def bench_command(games: list[str], rounds: int, as_json: bool, libraries: bool = True) -> None:
    """Bench the named games (default: every game under games/)."""
    names = games or list(discover())
    res: dict[str, Any] = {"cpus": os.cpu_count(), "rounds": rounds,
                           "games": {g: bench_game(g, rounds) for g in names}}
    if libraries:
        res["libraries"] = bench_libraries(names)
    if as_json:
        json.dump(res, sys.stdout, indent=2)
        print()
        return
    for g, r in res["games"].items():
        print(f"{g}:")
        for mode, figs in r["modes"].items():
            for eng, v in figs.items():
                print(f"  {mode:<16} {eng:<9} {v['1']:>12,.0f} rounds/s (1 worker) {v['2']:>12,.0f} (2 workers)")
    if libraries:
        lib = res["libraries"]
        for g, r in lib["games"].items():
            print(f"{g} libraries: {r['books']:,} books, verified in {r['verify_s']:.1f}s "
                  f"({'ok' if r['verify_ok'] else 'FAILED'}), {r['library_bytes'] / 1e6:.2f} MB")
        print(f"every library: {lib['books']:,} books built in {lib['build_s']:.1f}s on {res['cpus']} cpus "
              f"(2 workers, one pool)")

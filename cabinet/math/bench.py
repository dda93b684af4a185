"""`python -m cabinet.math bench [GAME ...] [--json]`: speed figures, not tests.

Per game and bet mode: rounds per second of the per-round generator (`play`, the one
books regenerate from) and of the vectorised `simulate` when the game has one, with 1
and 2 worker processes; then the time to build every library of the game (2 workers,
default sizes, into a temporary directory) and to verify it (regenerate every book).
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from typing import Any

from cabinet.core.game import discover

from . import books as B
from .build import build
from .sim import simulate_mode
from .verify import verify_library


def speed(game: str, mode: str, engine: str, workers: int, rounds: int) -> float:
    """Rounds per second over `rounds` rounds (process start-up included for 2 workers)."""
    return simulate_mode(game, mode, rounds, workers, engine=engine)["rounds_per_s"]


def bench_game(game: str, rounds: int, libraries: bool = True) -> dict[str, Any]:
    """All figures of one game."""
    spec = B.resolve_game(game)
    out: dict[str, Any] = {"modes": {}}
    for m in spec.modes:
        figs = {"play": {str(k): speed(game, m.id, "play", k, rounds) for k in (1, 2)}}
        if spec.simulate is not None:
            figs["simulate"] = {str(k): speed(game, m.id, "simulate", k, rounds * 20) for k in (1, 2)}
        out["modes"][m.id] = figs
        print(f"  {spec.id}/{m.id}: " + ", ".join(f"{eng} {v['1']:,.0f}/s (1 worker) {v['2']:,.0f}/s (2)"
                                                for eng, v in figs.items()), file=sys.stderr)
    if libraries:
        with tempfile.TemporaryDirectory() as tmp:
            t0 = time.perf_counter()
            metas = build(game, workers=2, out=tmp)
            out["build_s"] = time.perf_counter() - t0
            out["books"] = sum(meta["build"]["books"] for meta in metas.values())
            t0 = time.perf_counter()
            rep = verify_library(game, tmp, workers=2)
            out["verify_s"] = time.perf_counter() - t0
            out["verify_ok"] = rep["ok"]
            out["library_bytes"] = sum(os.path.getsize(os.path.join(tmp, f)) for f in os.listdir(tmp))
        print(f"  {spec.id}: built {out['books']:,} books in {out['build_s']:.1f}s, "
              f"verified in {out['verify_s']:.1f}s, {out['library_bytes'] / 1e6:.2f} MB", file=sys.stderr)
    return out


def bench_command(games: list[str], rounds: int, as_json: bool, libraries: bool = True) -> None:
    """Bench the named games (default: every game under games/)."""
    names = games or list(discover())
    res = {"cpus": os.cpu_count(), "rounds": rounds,
           "games": {g: bench_game(g, rounds, libraries) for g in names}}
    if as_json:
        json.dump(res, sys.stdout, indent=2)
        print()
        return
    for g, r in res["games"].items():
        print(f"{g}:")
        for mode, figs in r["modes"].items():
            for eng, v in figs.items():
                print(f"  {mode:<16} {eng:<9} {v['1']:>12,.0f} rounds/s (1 worker) {v['2']:>12,.0f} (2 workers)")
        if "build_s" in r:
            print(f"  libraries: {r['books']:,} books built in {r['build_s']:.1f}s "
                  f"({r['books'] / r['build_s']:,.0f} books/s, 2 workers), verified in {r['verify_s']:.1f}s "
                  f"({'ok' if r['verify_ok'] else 'FAILED'}), {r['library_bytes'] / 1e6:.2f} MB")
    if libraries:
        print(f"every library: built in {sum(r['build_s'] for r in res['games'].values()):.1f}s, "
              f"verified in {sum(r['verify_s'] for r in res['games'].values()):.1f}s on {res['cpus']} cpus")

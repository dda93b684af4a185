"""Piggy Farm speed figures: rounds per second per core of the three engines.

    .venv/bin/python -m games.piggy_farm.tools.bench [--rounds N] [--books N]

CPU time of this process (time.process_time) is used, so the figure is per core
and does not depend much on what else the machine runs; wall-clock figures are
printed beside it. `simulate`: the vectorised engine (live statistics); `play`: the
per-round generator with every event (what a book shows and verify regenerates);
`play_batch`: seed-exact books as the builder makes them (the build's own seeds of a
first chunk, every mode), so books/s is the build's generation rate per core. The
vectorised base figure includes the whole tumble chain of every spin and the wheel
and free spins of the spins that trigger them.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from cabinet.core.rng import Rng
from cabinet.math.build import book_seeds
from games.piggy_farm import GAME
from games.piggy_farm.math.batch import play_batch
from games.piggy_farm.math.forced import play
from games.piggy_farm.math.sim import simulate


def timed(fn) -> tuple[float, float]:
    w, c = time.perf_counter(), time.process_time()
    fn()
    return time.process_time() - c, time.perf_counter() - w


def main() -> None:
    ap = argparse.ArgumentParser(description="Piggy Farm rounds/s per CPU second: simulate, play, play_batch")
    ap.add_argument("--rounds", type=int, default=200_000, help="vectorised base rounds per batch (default 200,000)")
    ap.add_argument(
        "--books", type=int, default=20_000, help="base books for play_batch (default 20,000; buys a tenth)"
    )
    a = ap.parse_args()
    if a.rounds < 1000 or a.books < 100:
        ap.error("--rounds must be at least 1000 and --books at least 100")
    simulate(np.random.SeedSequence(0), "base", 1000)           # warm up imports and tables
    rows = []
    for mode, n in (("base", a.rounds), ("ante", a.rounds // 2), ("free_spins", 20_000), ("hog_wild", 10_000),
                    ("growing_season", 20_000), ("wheel_buy", 20_000), ("golden_egg_hunt", 200_000)):
        cpu, wall = timed(lambda: simulate(np.random.SeedSequence(1), mode, n))
        rows.append(("simulate", mode, n, n / cpu, n / wall))
    for mode, n in (("base", 5_000), ("free_spins", 300), ("hog_wild", 200), ("golden_egg_hunt", 5_000)):
        def play_rounds() -> None:
            for s in range(n):
                play(Rng(s), mode)

        cpu, wall = timed(play_rounds)
        rows.append(("play", mode, n, n / cpu, n / wall))
    for mode, force, n in (("base", "max_win", 3), ("base", "wheel", 50)):
        def play_forced() -> None:
            for s in range(n):
                play(Rng(s), mode, force)

        cpu, wall = timed(play_forced)
        rows.append(("play", f"{mode} force={force}", n, n / cpu, n / wall))
    for m in GAME.modes:
        n = a.books if m.kind == "spin" else a.books // 10
        seeds = book_seeds(0x5EED_B00C, m.id, -1, 0, n)
        cpu, wall = timed(lambda: play_batch(seeds, m.id))
        rows.append(("books", m.id, n, n / cpu, n / wall))
    print(f"{'engine':9s} {'mode':20s} {'rounds':>8s} {'per CPU s':>12s} {'per wall s':>12s}")
    for eng, mode, n, r_cpu, r_wall in rows:
        print(f"{eng:9s} {mode:20s} {n:8d} {r_cpu:12,.0f} {r_wall:12,.0f}")


if __name__ == "__main__":
    main()

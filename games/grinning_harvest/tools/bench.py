"""Speed of Grinning Harvest's two engines on this machine, one process.

    python -m games.grinning_harvest.tools.bench [--rounds 2000000]

Prints vectorised rounds per CPU-second per mode (sim.simulate, batches of 100,000, bonuses
included) and per-round rounds per CPU-second (rules.play, as the book builder runs it).
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from cabinet.core.rng import Rng
from games.grinning_harvest import GAME
from games.grinning_harvest.math.rules import play
from games.grinning_harvest.math.sim import simulate


def rate(fn, n: int) -> float:
    """Rounds per second of this process's CPU time (per core, whatever else runs)."""
    t = time.process_time()
    fn(n)
    return n / (time.process_time() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=2_000_000)
    args = ap.parse_args()
    simulate(1, "base", 100_000)                              # warm-up
    for mode in GAME.modes:
        n = args.rounds if mode.id == "base" else args.rounds // 10
        v = rate(lambda k: simulate(np.random.SeedSequence(5), mode.id, k), n)
        k = 20_000 if mode.id == "base" else 2_000
        rng = Rng(5)

        def play_rounds(k: int) -> None:
            for _ in range(k):
                play(rng, mode.id)

        p = rate(play_rounds, k)
        print(f"{mode.id:14s} vectorised {v:>12,.0f} rounds/s   per-round {p:>10,.0f} rounds/s")


if __name__ == "__main__":
    main()

"""Rounds per second of the vectorised engine, one process.

    python -m games.happy_money_hens.tools.speed [--rounds 2000000] [--mode base]
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from games.happy_money_hens.sim import simulate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=2_000_000)
    ap.add_argument("--mode", action="append")
    a = ap.parse_args()
    simulate(np.random.SeedSequence(0), "base", 20_000)          # warm the tables
    for mode in a.mode or ["base", "fortune_1_2", "fortune_1_5", "fortune_2"]:
        t = time.perf_counter()
        out = simulate(np.random.SeedSequence(1), mode, a.rounds)
        dt = time.perf_counter() - t
        print(f"{mode}: {a.rounds:,} rounds in {dt:.2f}s = {a.rounds / dt:,.0f} rounds/s per core "
              f"(RTP {out['payout_x100'].mean() / 100:.4f} x bet)")


if __name__ == "__main__":
    main()

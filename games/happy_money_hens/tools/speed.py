"""Rounds per second of the vectorised engine, one process (wall clock, and per
core from the process's CPU time, which a busy shared machine does not distort).

    python -m games.happy_money_hens.tools.speed [--rounds 2000000] [--mode base]
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from games.happy_money_hens.math.sim import simulate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=2_000_000)
    ap.add_argument("--mode", action="append")
    a = ap.parse_args()
    simulate(np.random.SeedSequence(0), "base", 20_000)          # warm the tables
    for mode in a.mode or ["base", "fortune_1_2", "fortune_1_5", "fortune_2"]:
        t, c = time.perf_counter(), time.process_time()
        out = simulate(np.random.SeedSequence(1), mode, a.rounds)
        dt, dc = time.perf_counter() - t, time.process_time() - c
        print(f"{mode}: {a.rounds:,} rounds in {dt:.2f}s wall = {a.rounds / dt:,.0f} rounds/s; "
              f"{dc:.2f}s CPU = {a.rounds / dc:,.0f} rounds/s per core "
              f"(mean payout {out['payout_x100'].mean() / 100:.4f} x base bet)")


if __name__ == "__main__":
    main()

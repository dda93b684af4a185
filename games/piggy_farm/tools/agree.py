"""The vectorised engine (sim.py) and the round generator (rules.py) agree.

    .venv/bin/python -m games.piggy_farm.tools.agree [--rounds N] [--buy-rounds N] [--workers K] [--modes ...]

For each mode it runs N rounds of `play` (per-round code, the one books regenerate
from) and N rounds of `simulate` (numpy), and prints RTP, hit rate and every feature
rate of both with 99% confidence intervals, flagging any figure whose difference is
outside the combined 99% interval. Exit status 1 if any figure disagrees.
"""
from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from cabinet.core.rng import Rng

Z99 = 2.5758


def play_chunk(args: tuple[str, int, int]) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """`count` rounds of play() from seeds start..start+count-1 (as books would)."""
    from games.piggy_farm.rules import play
    from games.piggy_farm.sim import FEATURES
    mode, start, count = args
    pay = np.empty(count, dtype=np.int64)
    feats = {f: np.zeros(count, dtype=bool) for f in FEATURES}
    for i in range(count):
        r = play(Rng(start + i), mode)
        pay[i] = r.payout_x100
        for f in r.features:
            feats[f][i] = True
    return pay, feats


def sim_chunk(args: tuple[str, int, int]) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    from games.piggy_farm.sim import simulate
    mode, key, count = args
    out = simulate(np.random.SeedSequence(12345, spawn_key=(key,)), mode, count)
    return out["payout_x100"], out["features"]


def run(fn, mode: str, n: int, workers: int, chunk: int) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    jobs = [(mode, k * chunk if fn is play_chunk else k, min(chunk, n - k * chunk)) for k in range((n + chunk - 1) // chunk)]
    if fn is play_chunk:
        jobs = [(mode, 10**9 + k * chunk, c) for (_, k_, c), k in zip(jobs, range(len(jobs)))]
    if workers > 1:
        with ProcessPoolExecutor(workers) as ex:
            parts = list(ex.map(fn, jobs))
    else:
        parts = [fn(j) for j in jobs]
    pay = np.concatenate([p for p, _ in parts])
    feats = {f: np.concatenate([d[f] for _, d in parts]) for f in parts[0][1]}
    return pay, feats


def figures(pay: np.ndarray, feats: dict[str, np.ndarray], cost: int) -> dict[str, tuple[float, float]]:
    """metric -> (estimate, standard error)."""
    n = len(pay)
    x = pay / cost
    out = {"rtp": (float(x.mean()), float(x.std(ddof=1) / math.sqrt(n))),
           "hit_rate": (float((pay > 0).mean()), 0.0)}
    out["hit_rate"] = (out["hit_rate"][0], math.sqrt(max(out["hit_rate"][0] * (1 - out["hit_rate"][0]), 1 / n) / n))
    for f, v in feats.items():
        p = float(v.mean())
        out[f] = (p, math.sqrt(max(p * (1 - p), 1 / n) / n))
    return out


def compare(mode: str, n_play: int, n_sim: int, workers: int = 1) -> tuple[bool, list[str]]:
    """(agree, printable lines) for one mode."""
    from games.piggy_farm import GAME
    cost = GAME.mode(mode).cost_x100
    a = figures(*run(play_chunk, mode, n_play, workers, 5_000), cost)
    b = figures(*run(sim_chunk, mode, n_sim, workers, 100_000), cost)
    ok, lines = True, [f"{mode}: play {n_play:,} rounds vs simulate {n_sim:,} rounds (99% CI)"]
    for k in a:
        (ea, sa), (eb, sb) = a[k], b[k]
        if ea == eb == 0:
            continue
        bad = abs(ea - eb) > Z99 * math.hypot(sa, sb)
        ok &= not bad
        lines.append(f"  {k:15s} play {ea:.6f} ± {Z99 * sa:.6f}   sim {eb:.6f} ± {Z99 * sb:.6f}"
                     + ("   DISAGREE" if bad else ""))
    return ok, lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=1_000_000, help="rounds per engine, base and ante")
    ap.add_argument("--buy-rounds", type=int, default=100_000, help="rounds per engine, buys")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--modes", nargs="*", default=None)
    a = ap.parse_args()
    from games.piggy_farm import GAME
    all_ok = True
    for m in a.modes or [m.id for m in GAME.modes]:
        n = a.rounds if GAME.mode(m).kind == "spin" else a.buy_rounds
        ok, lines = compare(m, n, n, a.workers)
        all_ok &= ok
        print("\n".join(lines), flush=True)
    print("AGREE" if all_ok else "DISAGREE")
    sys.exit(0 if all_ok else 1)


if __name__ == "__main__":
    main()

"""`python -m cabinet.math sim`: live Monte Carlo of a game's rules, without books.

Rounds run in fixed chunks (`chunk_size`); chunk k of mode m draws from
`SeedSequence(seed, spawn_key=(crc32(m), k))` and chunk results are merged in chunk
order, so the figures are identical for any number of workers, local or on a Dask
cluster (`--scheduler tcp://host:port`). The engine is the game's vectorised
`simulate` when it has one, else a loop over `play`.
"""
from __future__ import annotations

import sys
import time
import zlib
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

import numpy as np

from cabinet.core.rng import Rng

from cabinet.core import books as B
from .stats import Z99, mean_ci, rate_ci

DEFAULT_SEED = 0x51A_0001
CHUNK = {"simulate": 50_000, "play": 5_000}
# Each round's return held to this multiple of its cost: the body of the distribution,
# measured at a fraction of the full RTP's variance (its heavy tail makes the full
# RTP a weak test of two engines' agreement).
HELD_X = 50


@dataclass(frozen=True)
class SimTask:
    game: Any
    mode: str
    engine: str
    chunk: int
    count: int
    seed: int


def chunk_seed(seed: int, mode: str, chunk: int) -> np.random.SeedSequence:
    return np.random.SeedSequence(seed, spawn_key=(zlib.crc32(mode.encode()), chunk))


def run_chunk(task: SimTask) -> dict[str, Any]:
    """One chunk's sums: n, paid, paid_sq, hits, max, feature counts."""
    spec = B.resolve_game(task.game)
    ss = chunk_seed(task.seed, task.mode, task.chunk)
    if task.engine == "simulate":
        out = spec.simulate(ss, task.mode, task.count)
        pay = np.asarray(out["payout_x100"], dtype=np.int64)
        feats = {k: int(np.count_nonzero(v)) for k, v in out["features"].items()}
    else:
        rng = Rng(ss)
        pay = np.empty(task.count, dtype=np.int64)
        feats = {}
        for i in range(task.count):
            r = spec.play(rng, task.mode)
            pay[i] = r.payout_x100
            for f in r.features:
                feats[f] = feats.get(f, 0) + 1
    pf = pay.astype(np.float64)
    held = np.minimum(pf, HELD_X * spec.mode(task.mode).cost_x100)
    return {"n": len(pay), "paid": int(pay.sum()), "paid_sq": float(pf @ pf),
            "held": float(held.sum()), "held_sq": float(held @ held),
            "hits": int(np.count_nonzero(pay)), "max": int(pay.max()) if len(pay) else 0,
            "features": feats}


def plan(game: Any, mode: str, rounds: int, engine: str, seed: int) -> list[SimTask]:
    size = CHUNK[engine]
    return [SimTask(game, mode, engine, k, min(size, rounds - start), seed)
            for k, start in enumerate(range(0, rounds, size))]


def _execute(tasks: list[SimTask], workers: int, scheduler: str | None, progress: bool) -> list[dict]:
    """Run chunk tasks locally or on Dask; results in chunk order."""
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=sum(t.count for t in tasks), unit="rounds", unit_scale=True, file=sys.stderr)
    results: list[dict | None] = [None] * len(tasks)

    def done(i: int, res: dict) -> None:
        results[i] = res
        if bar is not None:
            bar.update(res["n"])

    try:
        if scheduler:
            from contextlib import nullcontext

            from dask.distributed import Client, LocalCluster, as_completed as dask_completed
            local = scheduler == "local"
            with (LocalCluster(n_workers=max(1, workers), threads_per_worker=1, dashboard_address=None)
                  if local else nullcontext()) as cluster, \
                    Client(cluster.scheduler_address if local else scheduler) as client:
                futures = client.map(run_chunk, tasks, pure=False)
                index = {f.key: i for i, f in enumerate(futures)}
                for fut in dask_completed(futures):
                    done(index[fut.key], fut.result())
        elif workers <= 1:
            for i, t in enumerate(tasks):
                done(i, run_chunk(t))
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futs = {pool.submit(run_chunk, t): i for i, t in enumerate(tasks)}
                for fut in as_completed(futs):
                    done(futs[fut], fut.result())
    finally:
        if bar is not None:
            bar.close()
    return results  # type: ignore[return-value]


def simulate_mode(game: str, mode: str, rounds: int, workers: int = 1, scheduler: str | None = None,
                  seed: int = DEFAULT_SEED, engine: str = "auto", progress: bool = False) -> dict[str, Any]:
    """Simulate `rounds` rounds of one mode; returns RTP with its 99% CI, hit rate and
    feature rates (each with a 99% Wilson interval), max payout, sd, speed."""
    spec = B.resolve_game(game)
    ref = B.game_ref(game)
    if engine == "auto":
        engine = "simulate" if spec.simulate is not None else "play"
    if engine == "simulate" and spec.simulate is None:
        raise B.LibraryError(f"{spec.id} has no vectorised simulate()")
    cost = spec.mode(mode).cost_x100
    t0 = time.perf_counter()
    results = _execute(plan(ref, mode, rounds, engine, seed), workers, scheduler, progress)
    seconds = time.perf_counter() - t0
    n = sum(r["n"] for r in results)
    paid = sum(r["paid"] for r in results)
    paid_sq = sum(r["paid_sq"] for r in results)
    hits = sum(r["hits"] for r in results)
    names = list(B.feature_names(spec))
    for r in results:
        names += [k for k in r["features"] if k not in names]
    mean, lo, hi = mean_ci(paid / cost, paid_sq / cost**2, n, Z99)
    held = sum(r["held"] for r in results) / cost
    held_sq = sum(r["held_sq"] for r in results) / cost**2
    hit, hlo, hhi = rate_ci(hits, n)
    feats = {}
    for name in names:
        k = sum(r["features"].get(name, 0) for r in results)
        rate, flo, fhi = rate_ci(k, n)
        feats[name] = {"rate": rate, "ci99": [flo, fhi], "count": k}
    sd = float(np.sqrt(max(0.0, paid_sq / cost**2 / n - mean * mean)))
    return {"game": spec.id, "mode": mode, "engine": engine, "rounds": n, "seed": seed,
            "cost": cost / 100, "rtp": mean, "rtp_ci99": [lo, hi],
            "target_rtp": spec.rtp.get(mode), "hit_rate": hit, "hit_ci99": [hlo, hhi],
            "max_win_x": max(r["max"] for r in results) / 100, "sd": sd,
            f"rtp_held_{HELD_X}x": held / n, f"sd_held_{HELD_X}x": float(np.sqrt(max(0.0, held_sq / n - (held / n) ** 2))),
            "features": feats, "seconds": seconds, "rounds_per_s": n / max(seconds, 1e-9)}


def sim_command(args) -> None:
    """Print the figures of `sim` (text or --json)."""
    import json
    res = simulate_mode(args.game, args.mode, args.rounds, args.workers, args.scheduler,
                        DEFAULT_SEED if args.seed is None else args.seed, args.engine, progress=True)
    if args.json:
        json.dump(res, sys.stdout, indent=2)
        print()
        return
    lo, hi = res["rtp_ci99"]
    print(f"{res['game']}/{res['mode']}: {res['rounds']:,} rounds ({res['engine']}), "
          f"{res['rounds_per_s']:,.0f} rounds/s")
    tgt = res["target_rtp"]
    print(f"  RTP      {res['rtp']:.6f}  99% CI [{lo:.6f}, {hi:.6f}]"
          + (f"  stated {tgt:.6f} ({(res['rtp'] - tgt) * 100:+.3f} pp)" if tgt is not None else ""))
    print(f"  hit rate {res['hit_rate']:.6f}  99% CI [{res['hit_ci99'][0]:.6f}, {res['hit_ci99'][1]:.6f}]")
    print(f"  max win  {res['max_win_x']:,.2f}x   sd {res['sd']:.3f} (per unit cost)")
    for name, f in res["features"].items():
        odds = f"1 in {1 / f['rate']:,.1f}" if f["rate"] > 0 else "never"
        print(f"  {name:<22} {f['rate']:.6f}  99% CI [{f['ci99'][0]:.6f}, {f['ci99'][1]:.6f}]  ({odds})")
